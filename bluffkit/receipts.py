"""Receipts: what a seat is told of notes that came to it face down, until its next move.

The narration says only how many notes a payment or a take moved where the table may
see no more ("Ben pays Carla 60 in 2 notes", "Annette takes 5 notes from the Piggy Bank"),
and a trade swaps the traders' face-down offers; the one whose money changed is told which
notes, and what was given, by a receipt read from its own view alone
(``session.history``: its observations before and after each step) and the moves it may
see. The panels show the receipts above a seat's prompt (``TablePanel``,
``BidderUpTable``), the command line's ``bluffkit play`` under its view: both from
:func:`receipts_for`, which asks the game (its ``receipts``: You're Bluffing!'s in
``bluffkit/games/youre_bluffing/receipts.py``, Bidder Up!'s in
``bluffkit/games/bidder_up/receipts.py``); this module holds what they share.
"""

from __future__ import annotations

from bluffkit.core.errors import count
from bluffkit.core.money import amount, fmt, total


def receipts_for(session, seat: int) -> list[str]:
    """The receipts ``seat`` is told now, oldest first, one sentence each: the game's own
    (its ``receipts(session, seat)``: You're Bluffing!/Horse Trading's trade and payment by
    count, Bidder Up!'s horse-trade and notes got face down); none in a game without."""
    receipts = getattr(session.game, "receipts", None)
    return [r for r in receipts(session, seat) if r] if receipts is not None else []


def notes_said(notes, denoms, unit: str = "note") -> str:
    """Notes as a receipt names them: ``"100+10+10 = 120"`` (the total with a thousands
    comma, as every amount a player reads: :func:`bluffkit.core.money.amount`), one note by its value, ``"50"``, 0-notes alone
    by their number, ``"1 note of 0"`` (not "0"), none ``"no notes"``; ``unit``: what the
    money is called (Horse Trading's "money card").

    >>> d = (0, 10, 50, 100, 200, 500)
    >>> notes_said((0, 2, 0, 1, 0, 0), d), notes_said((0, 0, 1, 0, 0, 0), d), notes_said((2, 0, 0, 0, 0, 0), d)
    ('100+10+10 = 120', '50', '2 notes of 0')
    >>> notes_said((0, 0, 0, 0, 0, 2), d), notes_said((0,) * 6, d, "money card")
    ('500+500 = 1,000', 'no money cards')
    """
    n = sum(notes)
    if not n:
        return f"no {unit}s"
    worth = total(notes, denoms)
    if not worth:
        return f"{count(n, unit)} of 0"
    return fmt(notes, denoms) + (f" = {amount(worth)}" if n > 1 else "")


def since_own_move(session, seat: int):
    """The steps of the game since ``seat``'s last move, newest first, that move included,
    as the seat saw them: ``(i, mover, before, after)`` per step ``i`` (``session.history``:
    the seat's observations before and after it). A receipt is said until the seat's next
    move: a seat that has moved since has seen it."""
    hist = session.history(seat)
    for i in range(len(hist) - 1, -1, -1):
        mover, _public, seen = hist[i]
        yield i, mover, (hist[i - 1][2] if i else session.game.observe(session.states[0], seat)), seen
        if mover == seat:
            return


def trade_receipt(session, seat: int, denoms, what: str = "trade", animal=None, by_count=None,
                  unit: str = "note") -> str:
    """What ``seat`` gave and received in its last trade, said until its next move: in a
    You're Bluffing! cow trade and a Bidder Up! horse-trade the challenger's offer and the
    answer are swapped when the challenged player counters (the challenged takes the offer
    when accepting), so each trader holds the other's notes, and a student whose money
    changed was told nothing of why. Read from the seat's own view alone: its hand before
    and after the step that settled the trade (``session.history``: the challenged
    player's answer while the trade is open, ``phase == "respond"``), its own offer
    (``my_offer``) and its own answer. "" when the seat has moved since, or has traded no
    notes. ``animal(before, after, seat, other)``: the words for the animal(s) that changed
    hands, from the two observations (public: the herds or pastures), e.g. "you get Daniel's
    pig": a trade is about the animal as much as the notes. ``by_count(before)``: whether the
    number of notes decided the trade (Bidder Up!'s Special Horse-Trade), said first then.
    ``unit``: what the money is called (Horse Trading's "money card")."""
    for i, mover, before, seen in since_own_move(session, seat):
        trade: tuple = getattr(before, "trade", None) or ()
        if getattr(before, "phase", None) == "respond" and len(trade) > 1 and mover == trade[1] >= 0 \
                and seat in (trade[0], trade[1]):
            rival = trade[1] if seat == trade[0] else trade[0]
            other = session.names[rival]
            diff = tuple(a - b for a, b in zip(seen.hand, before.hand))
            if seat == trade[0]:
                gave, got = getattr(before, "my_offer", None) or (0,) * len(denoms), diff
            else:
                gave = getattr(session.moves[i][1], "notes", None) or (0,) * len(denoms)
                got = tuple(x + g for x, g in zip(diff, gave))
            if min(got, default=0) < 0 or len(gave) != len(denoms):
                return ""

            counting = by_count is not None and by_count(before)

            def said(notes, counting=counting) -> str:
                if counting and sum(notes):             # the number of notes counts: "2 notes (10+10)"
                    return f"{count(sum(notes), unit)} ({fmt(notes, denoms)})"
                return notes_said(notes, denoms, unit)
            moved = animal(before, seen, seat, rival) if animal is not None else ""
            return (f"Your {what} with {other}: you gave {said(gave)} and received {said(got)}"
                    + (f"; {moved}" if moved else "") + ".")
    return ""


def paid_said(payer: str, notes, denoms, unit: str = "note", extra: str = "") -> str:
    """A receipt of notes paid where the table sees only how many: ``"Bo paid you 2 notes:
    10+10 = 20; the others see only how many."`` (``extra`` after the notes, e.g. what was
    owed).

    >>> paid_said("Bo", (0, 2, 0, 0, 0, 0), (0, 10, 50, 100, 200, 500))
    'Bo paid you 2 notes: 10+10 = 20; the others see only how many.'
    """
    return f"{payer} paid you {count(sum(notes), unit)}: {notes_said(notes, denoms, unit)}{extra}; the others see only how many."
