"""Bidder Up!'s receipts (:mod:`bluffkit.receipts`): what a horse-trade swapped [E], and
which notes a seat got face down: from the Piggy Bank [F], the Gambling stack [J], and in an
auction whose price is a number of notes [D]."""

from __future__ import annotations

from functools import partial

from bluffkit.core.errors import said_together
from bluffkit.receipts import notes_said, paid_said, since_own_move, trade_receipt


def receipts(session, seat: int) -> list[str]:
    """``seat``'s receipts now: its last horse-trade's, then the notes it got face down."""
    return [bidder_up_trade_receipt(session, seat), *bidder_up_receipts(session, seat)]


def bidder_up_trade_receipt(session, seat: int) -> str:
    """What ``seat`` gave and received in its last horse-trade, until its next move [E]:
    "The two bids are then swapped" (:func:`trade_receipt`); a Special Horse-Trade [H]
    names the number of notes first."""
    return trade_receipt(session, seat, session.game.rules.denominations, "horse-trade",
                         partial(bidder_up_traded, session), by_count=lambda before: bool(before.trade[3]))


def bidder_up_receipts(session, seat: int) -> list[str]:
    """Which notes ``seat`` got face down, each said until its next move: from the
    Piggy Bank [F] or the Gambling stack [J], whose narration says only how many
    ("Annette takes 5 notes from the Piggy Bank"), and in an auction whose price is a
    number of notes [D] ("Daniel pays Ben 6 notes", "Annette sells the cow to Daniel
    for 3 notes"; a price in money names the notes for everyone to see). A student
    whose money changed was told nothing of which notes. Read from the seat's own view
    (``session.history``: its hand before and after each step) and, for a payment, the
    notes paid to it; so the gambler whose 1 gives the top note "unseen" to the
    opponent is told nothing of it, and the opponent is told which note they got. One
    sentence per arrival since the seat's last move, oldest first."""
    said = []
    for i, mover, before, seen in since_own_move(session, seat):
        action = session.moves[i][1]
        one = (_paid_receipt(session, seat, mover, action, before)
               or _sold_receipt(session, seat, mover, action, before, seen)
               or _taken_receipt(session, seat, mover, action, before, seen))
        if one:
            said.append(one)
    return said[::-1]


def _paid_receipt(session, seat: int, mover, action, before) -> str:
    """A payment owed to ``seat`` in notes by their number [D], as the payer paid it."""
    d = session.game.rules.denominations
    sub = before.auction
    owed = sub.payments[0] if sub is not None and getattr(sub, "payments", None) else None
    if owed is None or owed[1] != seat or owed[3] == "value" or mover != owed[0] or mover == seat:
        return ""
    notes = getattr(action, "notes", None)
    if not isinstance(notes, tuple) or len(notes) != len(d) or not sum(notes):
        return ""
    return paid_said(session.names[mover], notes, d)


def _sold_receipt(session, seat: int, mover, action, before, seen) -> str:
    """The notes the winners laid [D] (Secret Count, American Count) that come to
    ``seat``, the auctioneer, as it sells: at its own choice to sell or buy (a lot it
    sells is paid for there, one it buys later, by its own payment [D], "they may even
    have the notes for one animal paid to them first in order to buy the other
    animal"): its hand after the step, less each Golden Donkey's notes paid then
    (public: the supply board's notes, paid from the auctioneer round the table)."""
    from bluffkit.games.bidder_up.spaces import donkey_notes
    rules = session.game.rules
    d, log, sub = rules.denominations, seen.log, before.auction
    if (sub is None or sub.rules.pricing != "count" or mover != seat or sub.auctioneer != seat
            or not len(seen.hand) == len(before.hand) == len(d)):
        return ""
    got = [a - b for a, b in zip(seen.hand, before.hand)]
    if log != before.log and log[:2] == ("sold", seat):
        bank = tuple(before.bank)
        for value, seats in log[3]:                 # [D] as the sale paid them, to the seats it paid
            bank, paid = donkey_notes(value, bank, seats, d, rules.donkey_short)
            if len(paid) != len(seats):
                return ""
            for s, notes in paid:
                if s == seat:
                    got = [g - n for g, n in zip(got, notes)]
    kept = getattr(action, "keep", ()) or ()                 # the lots it buys; (-1,): every lot ("buy")
    payers = sorted({w for k, (w, _, _) in enumerate(sub.awards) if k not in kept and kept != (-1,) and w != seat})
    if not payers or min(got) < 0 or not sum(got):
        return ""
    return paid_said(said_together(session.names[p] for p in payers), tuple(got), d)


def _taken_receipt(session, seat: int, mover, action, before, seen) -> str:
    """The notes ``seat`` took from the Piggy Bank [F] (with the notes its own move laid
    on it first, which the top 5 may hold again) or got from the Gambling stack [J]."""
    from bluffkit.games.bidder_up import actions as A
    d, log, names = session.game.rules.denominations, seen.log, session.names
    if before.auction is not None or seen.auction is not None or not len(seen.hand) == len(before.hand) == len(d):
        return ""
    got = tuple(a - b for a, b in zip(seen.hand, before.hand))
    if log != before.log and log[:2] == ("piggy", seat):            # [F], two players' raid [J]
        paid = getattr(action, "notes", None) if mover == seat else None
        if paid is not None and len(paid) == len(d):
            got = tuple(g + p for g, p in zip(got, paid))
        if min(got) < 0 or sum(got) != log[2]:
            return ""
        return (f"You took {notes_said(got, d)} from the Piggy Bank." if sum(got)
                else "The Piggy Bank was empty: you took no notes.")
    if min(got) < 0 or not sum(got):
        return ""
    if log != before.log and log[:1] == ("gamble",) and sum(got) == log[3]:
        _, g, n, _k = log                                            # [J] the roll's 1 or 2
        if n == 1 and seat != g:
            return f"{names[g]}'s gamble gave you the top note of the Gambling stack: {notes_said(got, d)}."
        if n == 2 and seat == g:
            return f"Your gamble: you keep {notes_said(got, d)} from the Gambling stack."
    elif before.phase == "give" and isinstance(action, A.Give):          # [J] the roll's 3
        if mover == seat:
            given = tuple(int(v == action.value) for v in d)
            return f"Your gamble: you keep {notes_said(got, d)} and gave {names[1 - seat]} {notes_said(given, d)}."
        return f"{names[mover]}'s gamble gave you {notes_said(got, d)}."
    return ""


def bidder_up_traded(session, before, after, seat: int, other: int) -> str:
    """The animal that changed hands in a horse-trade [E] ("always one animal from each
    side": the winner receives the opponent's), from ``seat``'s two views (pastures and
    barns are public): "you get Daniel's pig" or "Daniel gets your pig"."""
    from bluffkit.auctions.rules import ANIMALS
    from bluffkit.games.bidder_up import actions as A
    kind = before.trade[2]

    def held(obs) -> tuple:              # complete in the barn, then how many on the pasture
        return kind in obs.barns[seat], sum(1 for a in obs.pastures[seat] if a % A.MALE == kind)
    if held(after) == held(before):
        return ""
    gained = 1 if held(after) > held(before) else -1
    name = session.names[other]
    what = ANIMALS[kind]
    if session.game.rules.sexes and len(before.trade[4]) == 2:    # [K] the two specimens the challenger chose
        mine, theirs = before.trade[4] if seat == before.trade[0] else before.trade[4][::-1]
        sign = {True: "\u2642", False: "\u2640"}
        return (f"you get {name}'s {what} {sign[theirs >= A.MALE]}" if gained > 0
                else f"{name} gets your {what} {sign[mine >= A.MALE]}")
    return f"you get {name}'s {what}" if gained > 0 else f"{name} gets your {what}"
