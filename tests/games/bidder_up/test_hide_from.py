"""What a redeal for one seat keeps and what it shuffles (``hide_from``): everything the
seat saw stays as it is, everything it did not see is dealt again among the places it
could be. Sections of docs/bidder-up.md: B (face-down supply stacks and Cat in the Bag
pens), C and F (notes paid face down onto the Piggy Bank), E (a face-down offer), H (raffle
tickets drawn and kept face down), J (the gamble's notes)."""

from collections import Counter

import numpy as np

from bluffkit.core.game import make_game

REDEALS = 12


def game(**options):
    return make_game("bidder-up", **options)


def _redeals(g, s, seat):
    return [g.hide_from(s, seat, np.random.default_rng(k)) for k in range(REDEALS)]


def _hidden_animals(g, s):
    """The face-down animals: both supply stacks and the Cat in the Bag pens [B]."""
    cats = g.table(s).cats
    return Counter(a for st in s.stacks for a in st) + Counter(a for c, p in zip(cats, s.pens) if c for a in p)


def test_a_redeal_keeps_what_the_seat_sees_and_shuffles_the_face_down_animals_and_others_notes():
    """[B] The supply stacks and a Cat in the Bag pen lie face down; [A] another seat's
    notes are its own secret. A redeal for seat 0 keeps seat 0's view, its own notes and
    the face-up pens, keeps how many animals each stack holds and which animals are face
    down in all, and deals them (and the others' notes) otherwise in some redeal."""
    g = game(board="fairground")
    s = g.new_state(3)
    s = g.step(s, None, g.sample_chance(s, np.random.default_rng(4)))
    s = g.step(s, None, "roll 2")
    cats = g.table(s).cats
    stacks, hands = set(), set()
    for other in _redeals(g, s, 0):
        assert g.observe(other, 0) == g.observe(s, 0)
        assert other.money[0] == s.money[0]
        assert [p for c, p in zip(cats, other.pens) if not c] == [p for c, p in zip(cats, s.pens) if not c]
        assert tuple(map(len, other.stacks)) == tuple(map(len, s.stacks))
        assert _hidden_animals(g, other) == _hidden_animals(g, s)
        assert [sum(m) for m in other.money] == [sum(m) for m in s.money]
        assert not g.invariants(other), g.invariants(other)
        stacks.add(other.stacks)
        hands.add(other.money[1:])
    assert len(stacks) > 1, "the supply stacks are never shuffled: a redeal shows them as they are"
    assert len(hands) > 1, "the others' notes are never dealt again"


def test_a_redeal_shuffles_the_notes_on_the_piggy_bank():
    """[C, F] The notes spent "are placed face-down on the Piggy Bank": nobody sees those notes.
    A redeal keeps their number and deals their faces again."""
    g = game()
    s = g.state_from_position(3, current=1, roll=1, piggy="0+10+50+100+200+500+0+10")
    piles = {other.piggy for other in _redeals(g, s, 0)}
    assert all(len(p) == 8 for p in piles)
    assert len(piles) > 1, "the Piggy Bank's notes are never dealt again"


def test_the_seat_that_drew_raffle_tickets_keeps_them_the_others_do_not():
    """[H] "draw 1, 2, or 3 raffle tickets", "they may keep only 1 of them! The chosen ticket
    is placed face-down in front of them": the drawer sees what it
    drew, the others only how many. A redeal for the drawer keeps its tickets; a redeal for
    another seat deals the drawn tickets again from the bag's."""
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=1, bag=["extra-turn", "wool-milk:3", "wool-milk:1",
                                                        "wool-milk:0", "horse-trade", "wool-milk:2"])
    s = g.step(s, 0, "move raffle-1")
    s = g.step(s, 0, "raffle 2 pay 10+0")
    s = g.step(s, None, "tickets extra-turn,wool-milk:3")
    assert s.phase == "keep"
    assert all(o.drawn == s.drawn and o.bag == s.bag for o in _redeals(g, s, 0))
    drawn = {o.drawn for o in _redeals(g, s, 1)}
    assert all(len(d) == 2 for d in drawn) and len(drawn) > 1, drawn


def test_the_raffle_tickets_of_another_seat_and_of_the_bag_are_dealt_again():
    """[H] Kept tickets lie face down: a seat knows its own, not another's nor the bag's."""
    g = game(board="fairground")
    s = g.state_from_position(3, current=0, roll=1, tickets=[["extra-turn"], ["wool-milk:3"], ["horse-trade"]])
    seen = set()
    for o in _redeals(g, s, 0):
        assert o.tickets[0] == ("extra-turn",)
        assert [len(t) for t in o.tickets] == [1, 1, 1] and len(o.bag) == len(s.bag)
        seen.add(o.tickets[1:])
    assert len(seen) > 1, "another seat's tickets are never dealt again"


def test_the_challenger_keeps_its_own_face_down_offer_the_target_does_not_see_it():
    """[E] The offer is made face down: the challenger knows its notes, the target does
    not. A redeal for the challenger keeps the offer; for the target it keeps the number
    of notes under the hand but may deal other faces."""
    g = game()
    s = g.state_from_position(3, current=0, roll=3, money=["0+10+50+50", "50+10", "50"],
                              pastures=[["cow"], ["cow"], []])
    s = g.step(g.step(s, 0, "move trade-1"), 0, "trade 1 cow offer 0+10+50")
    assert s.phase == "respond"
    assert all(o.trade == s.trade for o in _redeals(g, s, 0))
    offers = {o.trade[3] for o in _redeals(g, s, 1)}
    assert all(sum(x) == 3 for x in offers) and len(offers) > 1, offers


def test_the_gambler_keeps_the_notes_it_looked_at():
    """[J] Gamble, a 3: "they take the top 3 notes, look at them, and give 1 to their
    opponent. They keep the remaining two": the gambler
    saw those notes, the opponent did not."""
    g = game()
    s = g.state_from_position(2, current=0, roll=1, gambling="50+10+0+10+50+10+0+0")
    s = g.step(g.step(s, 0, "move hill-west"), 0, "gamble")
    s = g.step(s, None, "roll 3")
    assert s.phase == "give"
    assert all(o.drawn == s.drawn for o in _redeals(g, s, 0))
    others = [o.drawn for o in _redeals(g, s, 1)]
    assert all(len(d) == 3 for d in others)
    assert len(set(others)) > 1, "the opponent did not see the three notes: they are dealt again for it"
