"""The last event's record (``Observation.log``) is public: every seat sees the same one,
and it carries no face-down value. The no-leak check of the conformance suite redraws
the hidden parts of a state and compares the views, but the record is written when an
event happens, so this test pins what each kind of record may hold: a count
auction's face-down notes (section D, the booklet's Secret Count), a horse-trade's
face-down offers (section E: "the value of the bid counts") and the notes paid for
movement, the market and the raffle (face down onto the Piggy Bank, sections C, G, H)
appear as counts at most, never as notes or values."""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.core.game import make_game

SEAT = int
# kind -> the record's length; each record is checked field by field below.
LENGTH = {"move": 5, "sold": 4, "trade": 6, "piggy": 3, "loan": 3, "gamble": 4, "market": 4,
          "raffle": 3, "ticket": 3}


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


@pytest.mark.parametrize("board, players", [("animal-market", 2), ("fairground", 3), ("fairground", 4)])
def test_the_last_event_is_the_same_for_every_seat_and_holds_no_face_down_value(board, players):
    game = make_game("bidder-up", board=board)
    kinds = set()
    for seed in range(3):
        rng = np.random.default_rng(seed)
        t = game.table(players=players)
        while not t.is_over():
            if t.is_chance():
                t.apply_chance(t.sample_chance(float(rng.random()), rng))
            else:
                seat, legal, _ = t.decision()
                t.apply(seat, legal.sample(rng), legal)
            records = {t.observe(s).log for s in range(players)}
            assert len(records) == 1, f"seats see different records: {records}"
            record = records.pop()
            if record:
                _check(record, players, game.rules)
                kinds.add(record[0])
    assert {"move", "sold", "trade"} <= kinds, f"the games should show moves, sales and trades: {kinds}"
