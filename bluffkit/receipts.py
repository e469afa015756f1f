"""Receipts: what a seat is told of notes that came to it face down, until its next move.

The narration says only how many notes a payment or a take moved where the table may
see no more ("Ben pays Carla 60 in 2 notes", "Annette takes 5 notes from the Piggy Bank"),
and a trade swaps the traders' face-down offers; the one whose money changed is told which
notes, and what was given, by a receipt read from its own view alone
(``session.history``: its observations before and after each step) and the moves it may
see. The panels show the receipts above a seat's prompt (``TablePanel``,
``BidderUpTable``), the command line's ``bluffkit play`` under its view: both from
:func:`receipts_for`.
"""

from __future__ import annotations

from functools import partial

from bluffkit.core.errors import count, said_together
from bluffkit.core.money import fmt, total


def receipts_for(session, seat: int) -> list[str]:
    """The receipts ``seat`` is told now, oldest first, one sentence each: You're
    Bluffing!/Horse Trading's trade (:func:`trade_receipt`) and payment by count
    (:func:`payment_receipt`), Bidder Up!'s horse-trade and notes got face down
    (:func:`bidder_up_receipts`); none in the other games."""
    from bluffkit.games.bidder_up.game import BidderUp
    from bluffkit.games.youre_bluffing.game import YoureBluffing
    game = session.game
    if isinstance(game, YoureBluffing):
        from bluffkit.games.youre_bluffing.narrate import words
        denoms, unit = game.rules.denominations, words(game.rules)["money_card"]
        said = [trade_receipt(session, seat, denoms, animal=partial(traded_animals, session.names), unit=unit),
                payment_receipt(session, seat, denoms, unit)]
    elif isinstance(game, BidderUp):
        said = [bidder_up_trade_receipt(session, seat), *bidder_up_receipts(session, seat)]
    else:
        said = []
    return [r for r in said if r]


def notes_said(notes, denoms, unit: str = "note") -> str:
    """Notes as a receipt names them: ``"100+10+10 = 120"`` (the total with a thousands
    comma, as the rulebooks print money), one note by its value, ``"50"``, 0-notes alone
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
    return fmt(notes, denoms) + (f" = {worth:,}" if n > 1 else "")


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
    """You're Bluffing!/Horse Trading: the animal(s) of a trade that changed hands, from
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


# -- Bidder Up! ----------------------------------------------------------------------------

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
