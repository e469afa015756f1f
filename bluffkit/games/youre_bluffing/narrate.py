"""Narration: one line of plain English per step, and the facts a scenario can check.

Narration tells only what the whole table sees: the number of cards in a face-down
offer, never its value; who won a trade, never what was paid in it. Auction
payments are handed over openly and are named (the option ``payment_seen="count"``:
only their number).
"""

from __future__ import annotations

import re

from bluffkit.core.errors import count as counted, in_words, plural, the_things
from bluffkit.core.money import amount, count, fmt, total
from bluffkit.games.youre_bluffing import actions as A, scoring, state as S

#: The phases of You're Bluffing! and Horse Trading in plain words (the scenario player's
#: "now:", the table's header).
PHASE_WORDS = {"turn": "the leader chooses: an auction or a trade", "draw": "an animal is turned up",
               "bid": "bidding", "decide": "the leader sells the animal or buys it back", "pay": "payment",
               "respond": "the challenged player answers the trade", "reoffer": "equal offers: a new offer",
               "over": "the game is over"}
#: Horse Trading's phases in its rulebook's words (HT "Playing a turn", "Auction" 3).
HT_PHASE_WORDS = dict(PHASE_WORDS, turn="the player whose turn it is chooses: an auction or a trade",
                      decide="the auctioneer sells the animal or buys it")

#: Each ruleset's own words where the two rulebooks differ: You're Bluffing!'s leader uses
#: "the right of preemption" (YB "The Leader's Right of Preemption") and collects
#: families; Horse Trading's auctioneer may "Buy it yourself" (HT "Auction", step 3), the
#: four cards of a rank are a set and the money is money cards (HT "The cards").
WORDS = {
    "youre_bluffing": {"buys": "uses the right of preemption", "buy_button": "Buy it back", "buy_back": "buy it back",
                       "set": "family", "turn_of": "leader {}", "own_money": "your notes", "money_card": "note",
                       "notes": "notes", "NOTES": "NOTES", "animal": "goat",
                       "chooser": "the leader", "auctioneer": "the leader", "tag": "leader",
                       "trades": "Cattle trades"},
    "horse_trading": {"buys": "buys it instead", "buy_button": "Buy it yourself", "buy_back": "buy it",
                      "set": "set", "turn_of": "{}'s turn", "own_money": "your money", "money_card": "money card",
                      "notes": "money cards", "NOTES": "MONEY", "animal": "6",
                      "chooser": "the player whose turn it is", "auctioneer": "the auctioneer", "tag": "turn",
                      "trades": "Trades"},
}


#: The phases where two animals are auctioned together (``lot_size`` 2).
PHASE_WORDS_FOR_TWO = dict(PHASE_WORDS, decide="the leader sells the animals or buys them back")
HT_PHASE_WORDS_FOR_TWO = dict(HT_PHASE_WORDS, decide="the auctioneer sells the animals or buys them")


def phases_in_words(rules) -> dict[str, str]:
    """The ruleset's phases in words: :data:`HT_PHASE_WORDS` for Horse Trading, else
    :data:`PHASE_WORDS` (their ``_FOR_TWO`` forms where two animals are auctioned together)."""
    if rules.name == "horse_trading":
        return HT_PHASE_WORDS_FOR_TWO if rules.lot_size == 2 else HT_PHASE_WORDS
    return PHASE_WORDS_FOR_TWO if rules.lot_size == 2 else PHASE_WORDS


#: The turn where only one of the two choices is open (YB "The Game Begins": "At the start
#: of the game, there are only auctions"; "Once there are no more 'animal' cards to auction,
#: cattle trades become mandatory"; HT "Playing a turn": "When the animal pile is empty ...
#: every turn must be a trade").
TURN_ONE_WAY = {"auction": "an auction (no trade is possible)",
                "trade": "a trade (no animals are left to auction)"}


def one_way(herds, chooser: int, left: int) -> str | None:
    """``"auction"`` or ``"trade"`` where the turn of ``chooser`` leaves only that open,
    ``None`` where both are (or neither): a trade needs a family both players own
    (YB "The Cattle Trade"; a complete family is then nobody else's), an auction an animal
    ``left`` in the pile. The herds and the pile's size are public: every seat may ask."""
    trade = any(c and any(h[f] for o, h in enumerate(herds) if o != chooser) for f, c in enumerate(herds[chooser]))
    auction = left > 0
    return None if auction == trade else "auction" if auction else "trade"


def phase_now(src, rules) -> str:
    """The phase of ``src`` (a state or any seat's observation) in words, where the turn says
    which choice is open: an auction, a trade or both (:func:`one_way`,
    :data:`TURN_ONE_WAY`); other phases as :func:`phases_in_words` says them."""
    phase = str(src.phase)
    said = phases_in_words(rules).get(phase, phase)
    way = one_way(src.herds, src.leader, sum(src.pile)) if phase == "turn" else None
    return said if way is None else TURN_ONE_WAY[way]


#: A quoted text in a message (Python's quoting, as :func:`bluffkit.core.errors.quote` gives it).
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'" + r'|"(?:[^"\\]|\\.)*"')


#: A move's form as the notation's refusals quote it ("write it as 'offer NOTES'", "write a
#: trade as 'trade SEAT ANIMAL NOTES'"), not a player's words quoted elsewhere.
_FORM = re.compile(r"(?<=write it as )'((?:offer|counter|pay) )NOTES'|(?<=write a trade as )'(trade SEAT ANIMAL )NOTES'")


def money_words(text: str, own: dict[str, str]) -> str:
    """``text`` of the rules shared by every game's money (:mod:`bluffkit.core.money` speaks
    of notes) in a ruleset's own words ``own`` (:data:`WORDS`): Horse Trading's money cards.
    What the message quotes (the player's own words, a move's form) stays as it is.

    >>> money_words("zero notes are never part of a payment", WORDS["horse_trading"])
    'zero money cards are never part of a payment'
    >>> money_words("'note' is not a note value (notes are 0, 10)", WORDS["horse_trading"])
    "'note' is not a money card value (money cards are 0, 10)"
    >>> money_words("there is no note worth 7", WORDS["youre_bluffing"])
    'there is no note worth 7'
    >>> money_words("write it as 'offer NOTES', e.g. 'offer 50+10'", WORDS["horse_trading"])
    "write it as 'offer MONEY', e.g. 'offer 50+10'"
    >>> money_words("write a trade as 'trade SEAT ANIMAL NOTES', e.g. 'trade 1 goat 10+0+0'", WORDS["horse_trading"])
    "write a trade as 'trade SEAT ANIMAL MONEY', e.g. 'trade 1 6 10+0+0'"
    """
    if own["notes"] == "notes":
        return text
    # a move's form (not a player's words): its placeholder in the ruleset's word, its example
    # with the ruleset's animal (Horse Trading's ranks)
    text = _FORM.sub(lambda m: f"'{m[1] or m[2]}{own['NOTES']}'", text)
    text = text.replace(f"{own['NOTES']}', e.g. 'trade 1 goat ", f"{own['NOTES']}', e.g. 'trade 1 {own['animal']} ")

    def reword(part: str) -> str:
        return re.sub(r"\bnote\b", own["money_card"], re.sub(r"\bnotes\b", own["notes"], part))
    out, at = [], 0
    for m in _QUOTED.finditer(text):
        out += [reword(text[at:m.start()]), m.group()]
        at = m.end()
    return "".join(out) + reword(text[at:])


#: The same words where two animals are auctioned together (``lot_size`` 2: YB "Quick Game", HT
#: "Double auction"): the leader sells them or buys them back.
WORDS_FOR_TWO = {
    "youre_bluffing": dict(WORDS["youre_bluffing"], buy_button="Buy them back", buy_back="buy them back"),
    "horse_trading": dict(WORDS["horse_trading"], buys="buys them instead", buy_button="Buy them yourself",
                          buy_back="buy them"),
}


def words(rules) -> dict[str, str]:
    """The ruleset's own words (:data:`WORDS`, or :data:`WORDS_FOR_TWO` where two animals are
    auctioned together), You're Bluffing!'s for a ruleset of another name."""
    own = WORDS_FOR_TWO if rules.lot_size == 2 else WORDS
    return own.get(rules.name, own["youre_bluffing"])


def _a(label: str) -> str:
    """``label`` with its article: a cow, an 8, an A."""
    return ("an " if label[0] in "aeiouAEIOU8" or label == "11" else "a ") + label


def _money(rules, k: int) -> str:
    """``k`` of the ruleset's money cards in words: "2 notes" (You're Bluffing!), "2 money
    cards" (Horse Trading): not "2 cards", which the animals are too."""
    return counted(k, words(rules)["money_card"])


def _plural(rules, label: str) -> str:
    """A family's label in the plural: "geese" (You're Bluffing!), "7s", "A's" (Horse
    Trading, whose animals are a deck's ranks)."""
    if rules.labels == rules.families:
        return plural(label)
    return label + (chr(39) + "s" if label.isalpha() else "s")


def animals(rules, family: int, k: int) -> str:
    """``k`` cards of ``family`` in words: "1 cow", "2 geese" (You're Bluffing!); "a 7",
    "two 7s", "an A", "two A's" (Horse Trading, whose animals are a deck's ranks)."""
    label = rules.labels[family]
    if rules.labels == rules.families:
        return f"{k} {label}" if k == 1 else f"{k} {_plural(rules, label)}"
    return _a(label) if k == 1 else f"{in_words(k)} {_plural(rules, label)}"


def lot_words(rules, lot) -> str:
    """The animals put up for auction: "the goat", "the two geese" (the Quick game's two
    cards), "the 8 and the A", "the two A's"; equal ones said together."""
    return the_things((rules.labels[f] for f in lot), lambda label: _plural(rules, label))


def public_move(before: S.State, seat: int | None, action):
    """What every seat sees of a move beyond its observation after it, and so all the
    narration may say of it: the whole move, but for the notes laid face down in a trade
    (an offer, a counter-offer, a new offer), of which only the number of cards shows (YB
    "The Cattle Trade": "a secret offer ... face down"; HT "Trade"). An auction payment is
    handed over at the table, where the others watch it (HT "Tips": "Watching who has paid
    and received what tells you roughly how much everyone holds"), so by default its notes
    show and the narration names them; neither rulebook says whether the faces are seen, so
    the option ``payment_seen="count"`` shows their number only."""
    if isinstance(action, A.Pay) and before.rules.payment_seen == "count":
        return "pay", count(action.notes)
    if isinstance(action, A.Trade):
        return "trade", action.target, action.family, count(action.notes)
    if isinstance(action, (A.Counter, A.Offer)):
        return type(action).__name__, count(action.notes)
    return action


def narrate(before: S.State, seat: int | None, action, after: S.State, names) -> str:
    """A sentence for the step ``before --(seat: action)--> after``."""
    r, d = before.rules, before.rules.denominations
    who = names[seat] if seat is not None else "chance"
    leader = names[before.leader]
    kind = type(action)
    if kind is A.Draw:
        text = f"{leader} turns up {_a(r.labels[action.family])}"
        if action.family == r.payday_family:
            text += f": payday, every player gets {amount(r.paydays[before.paydays])}"
        text += "."
        if after.phase == S.BID:
            lot = lot_words(r, after.lot)
            text += f" The auction for {lot} is open."
    elif kind is A.Auction:
        text = f"{who} holds an auction."
    elif kind is A.Bid:
        text = f"{who} bids {amount(action.amount)}."
    elif kind is A.Pass:
        text = f"{who} passes."
        if after.phase == S.DECIDE:
            text += f" Nobody bids higher: {names[after.high_bidder]}'s {amount(after.high_bid)} is the highest bid."
        elif before.high_bidder < 0 and after.phase == S.BID and after.calls > before.calls:
            text += f" No bid: {leader} offers the lot again (call {after.calls + 1} of {r.no_bid_calls})."
        elif before.high_bidder < 0 and after.turn > before.turn:
            text += f" No bid after {r.no_bid_calls} calls: {leader} takes {'them' if len(before.lot) > 1 else 'it'} for free."
    elif kind in (A.Sell, A.Buy):
        payer = before.high_bidder if kind is A.Sell else before.leader
        if after.phase == S.BID:
            shown = amount(total(before.money[payer], d))
            buy = words(r)["buy_back"]
            text = (f"{leader} {'sells' if kind is A.Sell else 'wants to ' + buy}, but {names[payer]} "
                    f"cannot pay {amount(before.high_bid)} and shows all their money ({shown}): the auction is held "
                    f"again, and {names[payer]} may " + (f"bid at most {shown}." if kind is A.Sell else
                                                         f"{buy} for at most {shown}."))
        elif kind is A.Sell:
            text = f"{leader} sells to {names[before.high_bidder]} for {amount(before.high_bid)}."
        else:
            text = f"{leader} {words(r)['buys']} and owes {names[before.high_bidder]} {amount(before.high_bid)}."
    elif kind is A.Pay and r.payment_seen == "count":     # the faces stay between payer and payee
        text = f"{who} pays {names[before.payee]} {amount(before.high_bid)} in {_money(r, count(action.notes))}."
    elif kind is A.Pay:
        paid = total(action.notes, d)
        notes = f"{fmt(action.notes, d)} = {amount(paid)}" if count(action.notes) > 1 else amount(paid)
        text = (f"{who} pays {notes} to {names[before.payee]}"
                + (" (no change is given)." if paid > before.high_bid else "."))
    elif kind is A.Trade:
        k = after.trade[3] if after.trade is not None else 1     # (open now: its number of cards)
        text = (f"{who} challenges {names[action.target]} for {animals(r, action.family, k)} with a "
                f"face-down offer of {_money(r, count(action.notes))}.")
    elif kind is A.Accept:
        ch, tg, fam, k, offer, _ = before.trade  # type: ignore[misc]  # a trade is open when this is played
        text = (f"{who} accepts the offer of {_money(r, count(offer))} and gives "
                f"{animals(r, fam, k)} to {names[ch]}.")
    elif kind is A.Counter:
        ch, tg, fam, k, offer, ties = before.trade  # type: ignore[misc]  # a trade is open when this is played
        # a second tie under reoffer_free: each takes their own offer back
        free = r.trade_tie == "reoffer_free" and ties and total(offer, r.denominations) == total(
            action.notes, r.denominations)
        text = f"{who} counters with {_money(r, count(action.notes))}; the offers are swapped."
        if free:                                    # the second tie, "for free": the offers go back
            text = (f"{who} counters with {_money(r, count(action.notes))}. The offers are equal again: each "
                    f"takes their own back, and {names[tg]} gives {animals(r, fam, k)} to {names[ch]} for free.")
        elif after.phase == S.REOFFER:
            text += f" The offers are equal: {names[ch]} must offer again."
        elif after.herds[ch][fam] < before.herds[ch][fam]:          # the target took the challenger's
            text += f" {names[tg]} offered more and takes {animals(r, fam, k)}."
        elif r.trade_tie != "challenger" and not ties or r.trade_tie == "reoffer_free":
            # (under reoffer_free a second tie is told as one, "for free": this was not one)
            text += f" {names[ch]} offered more and takes {animals(r, fam, k)}."
        else:
            # A tie gives the challenger the animal(s) here (HT; YB's second tie), and only
            # the two traders count what they got: the others learn no more than this
            # ("higher" or "as high" would tell them whether it was a tie).
            text += f" {names[ch]}'s offer was at least as high: {names[ch]} takes {animals(r, fam, k)}."
    elif kind is A.Offer:
        text = f"{who} offers again with {_money(r, count(action.notes))}."
    else:
        text = f"{who}: {action}."
    if after.phase == S.OVER and before.phase != S.OVER:
        pts = scoring.scores(after.herds, r)
        win = scoring.winners(after.herds, after.money, r)
        text += f" Every {words(r)['set']} is complete. Scores: " + ", ".join(
            f"{names[i]} {amount(p)}" for i, p in enumerate(pts)) + f". {' and '.join(names[w] for w in win)} win" + (
            "s." if len(win) == 1 else " (shared).")
    elif after.phase == S.TURN and after.turn > before.turn:
        expected = (before.leader + 1) % len(names)
        if after.leader != expected:
            skipped = []
            s = expected
            while s != after.leader:
                skipped.append(names[s])
                s = (s + 1) % len(names)
            text += f" {', '.join(skipped)} cannot trade and {'is' if len(skipped) == 1 else 'are'} skipped."
    return text


def facts(state: S.State, names) -> dict:
    """Checkable numbers of a state, per seat name: what scenarios' expectations compare."""
    r = state.rules
    d = r.denominations
    out = {
        "phase": state.phase,
        "leader": names[state.leader],
        "money": {names[i]: total(m, d) for i, m in enumerate(state.money)},
        "notes": {names[i]: fmt(m, d) for i, m in enumerate(state.money)},
        "herds": {names[i]: {r.labels[f]: c for f, c in enumerate(h) if c} for i, h in enumerate(state.herds)},
        "scores": {names[i]: p for i, p in enumerate(scoring.scores(state.herds, r))},
        "pile": sum(state.pile),
        "paydays": state.paydays,
        "high_bid": state.high_bid,
        "high_bidder": names[state.high_bidder] if state.high_bidder >= 0 else None,
        "bank": None if state.bank is None else total(state.bank, d),
    }
    if state.phase == S.OVER:
        out["winners"] = [names[w] for w in scoring.winners(state.herds, state.money, r)]
    return out
