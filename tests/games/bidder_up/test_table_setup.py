"""Bidder Up!'s table at its setup and its chance moves (section letters of
docs/bidder-up.md): the die, the deal, the notes beside the Golden Donkey, the sow's roll.
Each expected value is the rulebook's, worked here from the rules' own settings."""

import dataclasses
from collections import Counter

import numpy as np
import pytest

from bluffkit.core.game import make_game
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.engine import Table
from bluffkit.games.bidder_up.state import SOW
from bluffkit.testing import assert_refused


def game(**options):
    return make_game("bidder-up", **options)


def _dealt(g, players, seed=3):
    s = g.new_state(players)
    return s, g.sample_chance(s, np.random.default_rng(seed))


@pytest.mark.parametrize("faces", [(1, 2, 3), (1, 2, 3, 4, 5, 6)])
def test_the_die_shows_every_face_equally_often(faces):
    """[L2, C] The cow-spot die reads 1 to 3 spots; a die shows each face alike, the top
    face too: chance's draw spread evenly over [0, 1) gives each face the same number of
    times."""
    g = game(die_faces=faces)
    t = Table.thaw(g.state_from_position(3))
    n = 12 * len(faces)
    rolls = Counter(t.sample_chance(k / n, None).n for k in range(n))
    assert rolls == {f: 12 for f in faces}, rolls


@pytest.mark.parametrize("roll", [4, 6])
def test_a_roll_the_die_cannot_show_is_refused(roll):
    """[L2, C] The die reads 1 to 3 spots: chance rolling a 4 or a 6 is refused, naming the
    faces there are."""
    g = game()
    s = g.state_from_position(3)
    assert s.phase == "roll"
    assert_refused(g, s, None, A.Roll(roll), rule="bad-roll", says="the die shows 1, 2, 3")


def test_a_deal_that_is_not_a_set_of_each_type_is_refused():
    """[B] The Animal Market deals 20 animals, a set of 2 of each of the 10 types: the
    same number of animals with a third cow and one goose short is not that deal."""
    g = game()
    s, deal = _dealt(g, 3)
    animals = list(deal.animals)
    goose = animals.index(1)
    animals[goose] = 8
    assert len(animals) == 20 and Counter(animals)[8] == 3
    assert_refused(g, s, None, dataclasses.replace(deal, animals=tuple(animals)), rule="bad-deal",
                   says="2 times")


def test_a_raffle_bag_in_a_deal_for_three_is_refused():
    """[B, H, J] Only the two-player deal draws the raffle bag (8 tickets); with three
    players the whole bag of 24 is already in play, and a deal that brings tickets is not
    the setup."""
    g = game(board="fairground")
    s, deal = _dealt(g, 3)
    assert deal.bag == () and len(s.bag) == 24
    bad = dataclasses.replace(deal, bag=(g.rules.tickets[0],))
    assert_refused(g, s, None, bad, rule="bad-deal", says="only the two-player deal")


def test_a_deal_of_the_same_baby_twice_is_refused():
    """[K] 4 of the 10 baby animals are drawn to the supply board: four different ones."""
    g = game(variants=["babies"])
    s, deal = _dealt(g, 3)
    assert len(set(deal.babies)) == 4
    twice = (deal.babies[0],) * 2 + deal.babies[2:]
    assert_refused(g, s, None, dataclasses.replace(deal, babies=twice), rule="bad-deal",
                   says="4 different babies")


def test_the_sows_die_roll_goes_only_to_a_tied_seat():
    """[H] Wool-Milk ties: most tickets, then a die roll among the tied players; a roll
    for a seat that is not tied is refused."""
    g = game(board="fairground")
    t = Table.thaw(g.state_from_position(3))
    t.phase, t.sow_tied = SOW, (0, 2)
    s = t.freeze()
    assert_refused(g, s, None, A.Sow(1), rule="bad-sow", says="0, 2")
    assert g.step(s, None, A.Sow(2)).sow == 2


def test_a_loans_notes_lie_beside_the_golden_donkey_even_if_no_donkey_pays_them():
    """[J, L3] With two players a loan takes "either a 100, 200, or 500 note from the supply board"
    and "the matching IOU note": the notes a loan may take start beside the Golden Donkey. With
    loans of 50s, every 50 not dealt as start money lies there, none in the box."""
    g = game(loans=[[50, 150, 2]])
    d, r = g.rules.denominations, g.rules
    s = g.new_state(2)
    i = d.index(50)
    assert 50 not in r.donkey_pay
    assert s.bank[i] == r.notes[i] - 2 * r.start_money[i] and s.box[i] == 0
