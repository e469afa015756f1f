"""The last event's record (``Observation.log``) is public: every seat sees the same one,
and it carries no face-down value. The no-leak check of the conformance suite redraws
the hidden parts of a state and compares the views, but the record is written when an
event happens, so this test pins what each kind of record may hold: a count
auction's face-down notes (section D, the booklet's Secret Count), a horse-trade's
face-down offers (section E: "the value of the bid counts") and the notes paid for
movement, the market and the raffle (face down onto the Piggy Bank, sections C, G, H)
appear as counts at most, never as notes or values.

A count is checked against what happened in the step that wrote the record: the number
of notes the seat lost or took (money is counts of notes per denomination), and the
rulebook's own count (C: k spaces of change cost 1 + 2 + ... + k notes; G: 1, 3, 6 notes
for 1, 2, 3 steps of one type; H: as many notes as tickets drawn; F: the top 5 notes).
The playouts must also show payments whose count and value differ, or a record of the
value would pass unnoticed."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from bluffkit.core.game import make_game
from bluffkit.games.bidder_up import actions as A

SEAT = int
# kind -> the record's length; each record is checked field by field below.
LENGTH = {"move": 5, "sold": 4, "trade": 6, "piggy": 3, "loan": 3, "gamble": 4, "market": 4,
          "raffle": 3, "ticket": 3}
SHEEP, DONKEY = 4, 6                        # indices of the types (rooster 0 .. horse 9)


def _check(record, players: int, rules) -> None:
    kind = record[0]
    assert kind in LENGTH and len(record) == LENGTH[kind], f"an unknown or longer record: {record!r}"
    seats = range(players)
    if kind == "move":                      # (move, seat, space, steps, cost in notes): all public
        _, seat, space, steps, cost = record
        assert seat in seats and isinstance(space, str) and steps >= 1 and cost >= 0
    elif kind == "sold":                    # (sold, space, ((animal, seat), ...), donkeys paid): no price
        _, _space, owners, paid = record
        assert all(len(o) == 2 and o[1] in seats for o in owners), record
        for value, who in paid:             # the Golden Donkeys' notes, paid in the open
            assert value in rules.donkey_pay and all(s in seats for s in who), record
    elif kind == "trade":                   # (trade, challenger, challenged, type, winner, accepted): no offer
        _, c, t, animal, winner, accepted = record
        assert {c, t} <= set(seats) and winner in (c, t) and isinstance(accepted, bool), record
        assert isinstance(animal, int) and 0 <= animal < 10, record
    elif kind in ("piggy", "raffle"):       # (kind, seat, how many notes or tickets)
        assert record[1] in seats and isinstance(record[2], int), record
    elif kind == "loan":                    # (loan, seat, the note's value): an open loan
        assert record[1] in seats and record[2] in [v for v, _, _ in rules.loans], record
    elif kind == "gamble":                  # (gamble, seat, the roll, how many notes were turned)
        assert record[1] in seats and record[2] in (1, 2, 3) and isinstance(record[3], int), record
    elif kind == "market":                  # (market, seat, changes, how many notes)
        assert record[1] in seats and isinstance(record[3], int), record
    elif kind == "ticket":                  # (ticket, seat, the action ticket revealed)
        assert record[1] in seats and isinstance(record[2], str), record


def notes_for(k: int) -> int:
    """C, G: "The 1st step ... 1 note, the 2nd ... an additional 2 notes, and the 3rd ...
    an additional 3": 1 + 2 + ... + k notes, by count."""
    return sum(range(1, abs(k) + 1))


class Step:
    """What one step did, read from the table before and after it: money is counts of
    notes per denomination (``state.py``), the Piggy Bank and the Gambling stack are
    notes in a pile."""

    def __init__(self, t):
        self.money, self.piggy, self.gambling = t.money, t.piggy, t.gambling
        self.roll, self.drawn, self.phase, self.current = t.roll, t.drawn, t.phase, t.current

    def lost(self, t, seat: int) -> tuple:
        """The notes ``seat`` gave up in the step, per denomination (negative: received)."""
        return tuple(b - a for b, a in zip(self.money[seat], t.money[seat]))

    def piled(self, t, rules) -> tuple[int, int]:
        """How many notes the step put on the Piggy Bank, and their value (landing on a pen
        moves every hand into the auction, so the hands do not show a cost paid)."""
        new = t.piggy[len(self.piggy):]
        assert t.piggy[:len(self.piggy)] == self.piggy, "the Piggy Bank lost notes while a cost was paid"
        return len(new), sum(rules.denominations[i] for i in new)


def _check_count(record, seat, action, before: Step, t, rules, raffled: dict, paid: Counter) -> None:
    """The record against what the step did: counts of notes, never their value."""
    kind, d = record[0], rules.denominations
    lost = before.lost(t, record[1]) if kind in ("piggy", "loan") else ()
    count, value = before.piled(t, rules) if kind in ("move", "market", "raffle") else (sum(lost), 0)
    if kind == "move":                      # C: k spaces of change cost 1 + 2 + ... + k notes
        _, who, space, steps, cost = record
        assert type(action) is A.Move and who == seat and space == action.space, (record, action)
        assert cost == count == notes_for(steps - before.roll), \
            f"{record}: the mover paid {count} notes (worth {value}) for {steps} steps on a roll of {before.roll}"
        paid["move"] += count != value
    elif kind == "market":                  # G: 1, 3 or 6 notes a type for 1, 2 or 3 steps
        _, who, changes, cost = record
        assert type(action) is A.Market and who == seat and changes == action.changes, (record, action)
        assert cost == count == sum(notes_for(k) for _, k in changes), \
            f"{record}: the seat paid {count} notes (worth {value}) for {changes}"
        paid["market"] += count != value
    elif kind == "raffle":                  # H: as many notes as tickets drawn, then keep one
        _, who, k = record
        if type(action) is A.Raffle:        # 0 tickets: nothing drawn, nothing paid
            assert who == seat and k == action.k == 0 and count == 0, (record, action)
        else:
            assert type(action) is A.Keep and who == seat, (record, action)
            notes = raffled.pop(seat)
            assert k == len(before.drawn) == notes, f"{record}: {len(before.drawn)} tickets drawn for {notes} notes"
    elif kind == "piggy":                   # F: the top 5 notes (J: raid up to 5), fewer if fewer
        _, who, k = record
        moved = sum(action.notes) if type(action) is A.Move else 0     # paid onto the pile first
        most = rules.piggy_take if type(action) is A.Move else rules.raid
        assert who == seat and (type(action) is A.Move or action == A.RAID), (record, action)
        assert k == moved - count == min(most, len(before.piggy) + moved), \
            f"{record}: the seat took {moved - count} notes of a pile of {len(before.piggy) + moved}"
    elif kind == "loan":                    # J: one note of the loan's value, in the open
        want = tuple(-int(v == record[2]) for v in d)
        assert type(action) is A.Loan and record[1] == seat and lost == want, (record, lost)
    elif kind == "gamble":                  # J: 1, 2 or 3 notes turned from the Gambling stack
        _, who, roll, k = record
        assert type(action) is A.Roll and before.phase == "gamble" and who == before.current, (record, action)
        turned = len(before.gambling) - len(t.gambling)
        assert roll == action.n and k == turned == min(roll, len(before.gambling)), (record, turned)
    elif kind == "ticket":
        assert type(action) is A.Ticket and record[1:] == (seat, action.name), (record, action)


@pytest.mark.parametrize("board, players", [("animal-market", 2), ("fairground", 3), ("fairground", 4)])
def test_the_last_event_is_the_same_for_every_seat_and_holds_no_face_down_value(board, players):
    """A, C, F, G, H, J: every seat sees the same record, and each record of notes paid or
    taken face down holds the number of notes that changed hands in that step (and the
    rulebook's count for it), not their value."""
    game = make_game("bidder-up", board=board)
    rules = game.rules
    kinds, paid = set(), Counter()
    for seed in range(3):
        rng = np.random.default_rng(seed)
        t = game.table(players=players)
        last: tuple = ()
        raffled: dict = {}                  # seat -> notes paid for the tickets being drawn
        while not t.is_over():
            before = Step(t)
            if t.is_chance():
                seat, action = None, t.sample_chance(float(rng.random()), rng)
                t.apply_chance(action)
            else:
                seat, legal, _ = t.decision()
                action = legal.sample(rng)
                t.apply(seat, action, legal)
                if type(action) is A.Raffle and action.k:     # paid now, recorded when one is kept
                    count, value = before.piled(t, rules)
                    raffled[seat] = count
                    paid["raffle"] += count != value
            records = {t.observe(s).log for s in range(players)}
            assert len(records) == 1, f"seats see different records: {records}"
            record = records.pop()
            if record and record != last:   # written by this step
                _check(record, players, rules)
                _check_count(record, seat, action, before, t, rules, raffled, paid)
                kinds.add(record[0])
            last = record
    assert {"move", "sold", "trade", "piggy"} <= kinds, f"the games should show moves, sales and trades: {kinds}"
    want = {"move"} | ({"market", "raffle"} if rules.fairground else set())
    assert all(paid[k] for k in want), f"no payment whose count and value differ for some of {want}: {paid}"
    if players == 2:
        assert {"gamble", "loan"} & kinds, kinds


def _public(g, s):
    records = {g.observe(s, seat).log for seat in range(s.players)}
    assert len(records) == 1, records
    return records.pop()


def test_a_move_paid_with_three_valuable_notes_is_recorded_as_three_notes():
    """C: "For 2 spaces more or fewer ... 1 + 2 = 3 notes": Annette rolls 1 and moves 3
    spaces to the horse-trading space, paying 50 + 10 + 10 (70 in value): the record says
    3 steps, 3 notes."""
    g = make_game("bidder-up")
    s = g.state_from_position(3, current=0, roll=1, money=["50+50+10+10+10", None, None])
    s = g.step(s, 0, "move trade-1 pay 50+10+10")
    assert _public(g, s) == ("move", 0, "trade-1", 3, 3)


def test_a_market_change_and_a_raffle_paid_with_valuable_notes_are_recorded_as_counts():
    """G: sheep +2 (1 + 2 notes) and donkeys -1 (1 note), "In total he pays 4 notes", paid 100 +
    50 + 10 + 10 (170 in value): the record says 4. H: two tickets for 50 + 10 (60 in
    value): the record says 2."""
    g = make_game("bidder-up", board="fairground")
    s = g.state_from_position(3, current=0, roll=2, money=["100+50+10+10+10", None, None])
    s = g.step(s, 0, "move hilltop")
    s = g.step(s, 0, "market sheep+2,donkey-1 pay 100+50+10+10")
    _, seat, changes, cost = _public(g, s)
    assert (seat, sorted(changes), cost) == (0, [(SHEEP, 2), (DONKEY, -1)], 4)

    s = g.state_from_position(3, current=0, roll=1, money=["50+10+10", None, None],
                              bag=["extra-turn", "wool-milk:3", "wool-milk:1"])
    s = g.step(s, 0, "move raffle-1")
    s = g.step(s, 0, "raffle 2 pay 50+10")
    s = g.step(s, None, "tickets wool-milk:3,extra-turn")
    s = g.step(s, 0, "keep wool-milk:3")
    assert _public(g, s) == ("raffle", 0, 2)


# -- what a watching agent is told of a move (bluffkit.core.play.Watch) -------------------------

@pytest.mark.parametrize("board, players", [("animal-market", 3), ("fairground", 4), ("fairground", 2)])
def test_a_watching_agent_is_told_a_deal_happened_not_where_the_animals_lie(board, players):
    """B: the animals are shuffled "face-down" before they go to the pens and the two supply stacks;
    J: two players' remaining money is shuffled face down into the Gambling stack, 5 notes
    "unseen" into the box, and on the Fairground 8 tickets "unseen" into the bag. What
    every seat is told of the deal is that it happened, its kind, not the move itself."""
    import numpy as np

    from bluffkit.core.play import public_move_of
    g = make_game("bidder-up", board=board)
    s = g.new_state(players)
    deal = g.sample_chance(s, np.random.default_rng(1))
    assert type(deal) is A.Deal
    if players == 2:
        assert deal.stock and deal.bag, "the two-player deal also lays the Gambling stack and the bag"
    assert public_move_of(g)(s, None, deal) == "Deal"


def test_a_watching_agent_is_told_how_many_tickets_were_drawn_and_that_one_was_kept():
    """H: "Then they draw that many tickets from the bag ... they may keep only 1 of them!
    The chosen ticket is placed face-down in front of them. Any further tickets drawn go
    back into the raffle bag": every seat sees two tickets drawn and one kept, never which,
    so the public form of a kept Extra Turn is that of a kept Wool-Milk 3."""
    from bluffkit.core.play import public_move_of
    g = make_game("bidder-up", board="fairground")
    pub = public_move_of(g)
    s = g.state_from_position(3, current=0, roll=1, bag=["extra-turn", "wool-milk:3", "wool-milk:1"])
    s = g.step(g.step(s, 0, "move raffle-1"), 0, "raffle 2 pay 10+0")
    drawn = g.parse("tickets extra-turn,wool-milk:3")
    assert type(drawn) is A.Tickets and pub(s, None, drawn) == ("tickets", 2)
    s = g.step(s, None, drawn)
    assert pub(s, 0, A.Keep("extra-turn")) == pub(s, 0, A.Keep("wool-milk:3")) == "Keep"
