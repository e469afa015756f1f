"""You're Bluffing! and Horse Trading's receipts (:mod:`bluffkit.receipts`): what a trader
gave and received, and, where the table sees only how many notes pay for a lot
(``payment_seen="count"``), which notes the payee got."""

from __future__ import annotations

from functools import partial

from bluffkit.core.money import total
from bluffkit.receipts import paid_said, since_own_move, trade_receipt


def receipts(session, seat: int) -> list[str]:
    """``seat``'s receipts now: its last trade's (:func:`bluffkit.receipts.trade_receipt`),
    then the payments by count since its last move (:func:`payment_receipt`)."""
    from bluffkit.games.youre_bluffing.narrate import words
    rules = session.game.rules
    denoms, unit = rules.denominations, words(rules)["money_card"]
    return [trade_receipt(session, seat, denoms, animal=partial(traded_animals, session.names), unit=unit),
            payment_receipt(session, seat, denoms, unit)]


def payment_receipt(session, seat: int, denoms, unit: str = "note") -> str:
    """Which notes were paid to ``seat`` for a lot, said until its next move, where the
    table sees only how many (You're Bluffing!'s ``payment_seen="count"``: "Ben pays Carla
    60 in 2 notes"; the faces stay between payer and payee): the payee was told nothing of
    which. From the seat's own view (``session.history``: the payment owed it, ``payer``
    and ``payee``, public) and the notes paid to it; each payment since the seat's last
    move, oldest first. "" when the seat has moved since, or was paid nothing so.
    ``unit``: what the money is called (Horse Trading's "money card")."""
    said = []
    for i, mover, before, _seen in since_own_move(session, seat):
        notes = getattr(session.moves[i][1], "notes", None)            # (the payer's notes: paid to this seat)
        if (before.rules.payment_seen == "count" and before.phase == "pay" and before.payee == seat
                and mover == before.payer != seat and isinstance(notes, tuple) and len(notes) == len(denoms)
                and sum(notes)):
            worth, owed = total(notes, denoms), before.high_bid
            extra = f" for the {owed:,} owed (no change is given)" if worth > owed else ""
            said.append(paid_said(session.names[mover], notes, denoms, unit, extra))
    return " ".join(reversed(said))


def traded_animals(names, before, after, seat: int, other: int) -> str:
    """The animal(s) of a trade that changed hands, from
    ``seat``'s two views (the herds are public): "you get Bo's cow", "Bo gets your 2
    cows", "" after a first tie."""
    from bluffkit.games.youre_bluffing.narrate import animals
    fam, cards = before.trade[2], before.trade[3]
    gained = after.herds[seat][fam] - before.herds[seat][fam]
    if not gained:
        return ""
    what, name = animals(before.rules, fam, cards), names[other]
    if what.startswith(("a ", "an ", "1 ")):      # one card: "Bo's cow", not "Bo's 1 cow"
        what = what.split(" ", 1)[1]
    return f"you get {name}'s {what}" if gained > 0 else f"{name} gets your {what}"
