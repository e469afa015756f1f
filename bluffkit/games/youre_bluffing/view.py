"""A seat's view as text: what the terminal player (and a doctest) reads.

Built from an :class:`~bluffkit.games.youre_bluffing.observe.Observation` only, so
it cannot show what the seat may not know.
"""

from __future__ import annotations

from bluffkit.core.errors import by_name, count, right_aligned
from bluffkit.core.money import amount, fmt, total
from bluffkit.games.youre_bluffing import state as S
from bluffkit.games.youre_bluffing.actions import text
from bluffkit.games.youre_bluffing.narrate import animals, lot_words, words


def describe(obs, names, legal: bool = False) -> str:
    r, d = obs.rules, obs.rules.denominations
    w = words(r)
    lines = [f"-- {names[obs.seat]}'s view -- turn {obs.turn + 1}, {w['turn_of'].format(names[obs.leader])}, "
             f"{sum(obs.pile)} animals in the pile, {obs.paydays} payday{'s' if obs.paydays != 1 else ''} so far"]
    for i, name in enumerate(names):
        herd = ", ".join(f"{c}x{r.labels[f]}" for f, c in enumerate(obs.herds[i]) if c) or "no animals"
        money = ((f"{w['own_money']} {fmt(obs.hand, d)} = {amount(total(obs.hand, d))}" if any(obs.hand) else f"no {w['notes']}")
                 if i == obs.seat
                 else count(obs.note_counts[i], w["money_card"]))
        lines.append(f"   {right_aligned(name)}: {herd}; {money}")
    if obs.phase in (S.BID, S.DECIDE, S.PAY):
        lot = lot_words(r, obs.lot)
        high = (f"highest bid {amount(obs.high_bid)} by {names[obs.high_bidder]}" if obs.high_bidder >= 0
                else "no bid yet")
        lines.append(f"   auction of {lot}: {high}")
        for seat, notes in obs.shown:
            lines.append(f"   {names[seat]} had to show their money: {fmt(notes, d)} = {amount(total(notes, d))}")
    if obs.trade is not None:
        ch, tg, fam, cards, offer_cards, ties = obs.trade
        if obs.phase == S.REOFFER:      # the tied offers are swapped; no new offer is on the table yet
            lines.append(f"   trade: {names[ch]} challenges {names[tg]} for {animals(r, fam, cards)}; "
                         f"after a tie, {names[ch]} makes a new offer")
        else:
            lines.append(f"   trade: {names[ch]} challenges {names[tg]} for {animals(r, fam, cards)} with "
                         f"{count(offer_cards, 'face-down card')}" + (" (after a tie)" if ties else ""))
        if obs.my_offer is not None:
            lines.append(f"   your offer: {fmt(obs.my_offer, d)}")
    if obs.scores is not None:
        lines.append("   scores: " + ", ".join(f"{n} {amount(p)}" for n, p in zip(names, obs.scores)))
    if legal:
        lines.append("   you may: " + by_name(options(obs), names))      # the moves keep their numbers
    return "\n".join(lines)


def options(obs) -> str:
    """The legal actions in words."""
    r, lg, d = obs.rules, obs.legal, obs.rules.denominations
    out = [text(a, r.labels) for a in lg.simple]
    if lg.bid:
        lo, cap, step = lg.bid
        out.append(f"bid {lo} or more" + (f" in steps of {step}" if step > 1 else "")
                   + (f", at most {cap}" if cap is not None else ""))
    money = words(r)["NOTES"]          # the moves' form: "offer NOTES", Horse Trading's "offer MONEY"
    if lg.trades:
        out.append(f"trade SEAT ANIMAL {money}, for: " + ", ".join(
            f"{r.labels[f]} with seat {t} (trade {t} {r.labels[f]} {money})" for t, f in lg.trades))
    if lg.notes_for is not None and lg.notes_for.__name__ in ("Counter", "Offer"):
        out.append(f"{lg.notes_for.__name__.lower()} {money} (any of {fmt(lg.hand, d)}, or none)")
    if lg.pay is not None:
        out.append("pay " + " | pay ".join(fmt(p, d) for p in lg.payment_notes(d)[:8]))
    return "; ".join(out) if out else "nothing (not your move)"
