"""Bløff's encoding (bluffkit.rl.encoders.bloff): plays by rank and count, call and pass."""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.games.bloff.actions import CALL_, PASS_, Play
from bluffkit.games.bloff.cards import parse_cards

pytest.importorskip("pettingzoo")
from bluffkit.rl.encoders.bloff import BloffEncoder  # noqa: E402

DECK = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"]


def _position():
    """Seat 0 holds AS, AH, 2S and the kings' spades; aces are in turn."""
    hands = [["AS", "AH", "2S", "KS"], [], []]
    rest = [c for c in DECK if c not in hands[0]]
    for i, c in enumerate(rest):
        hands[1 + i % 2].append(c)
    g = make_game("bloff")
    return g, BloffEncoder(g, 3), g.state_from_position(3, [",".join(h) for h in hands])


def test_a_play_is_a_rank_and_a_count_from_the_hand():
    g, enc, s = _position()
    legal = g.legal(s, 0)
    allowed = np.flatnonzero(enc.mask(legal)).tolist()
    ace, two, king = 2, 2 + 4, 2 + 12 * 4
    assert allowed == [ace, ace + 1, two, king], f"one or two aces, one two, one king: {allowed}"
    assert enc.action(ace + 1, legal) == Play(parse_cards("AS,AH"))
    assert enc.action_name(ace + 1) == "lay 2 x A" and enc.action_name(king) == "lay 1 x K"
    with pytest.raises(RulesError, match="not allowed"):
        enc.action(ace + 2, legal)                     # three aces: only two are held
    with pytest.raises(RulesError, match="not allowed"):
        enc.action(0, legal)                           # no call while laying cards


def test_the_call_window_and_the_open_claim_in_the_vector():
    g, enc, s = _position()
    s = g.step(s, 0, Play(parse_cards("KS")))           # "one ace": a bluff
    seat = g.to_move(s)[0]
    legal = g.legal(s, seat)
    assert np.flatnonzero(enc.mask(legal)).tolist() == [0, 1]
    assert enc.action(0, legal) == CALL_ and enc.action(1, legal) == PASS_
    v = enc.observation(g.observe(s, seat))
    lay = enc.layout
    assert v[lay["claim_rank"]][0] == 1 and v[lay["claim_count"]][0] == pytest.approx(1 / 4)
    assert v[lay["claimant"]][(0 - seat) % 3] == 1, "the claimant is seat 0, counted from the observer"
    mine = enc.observation(g.observe(s, 0))
    assert mine[lay["claimant"]][0] == 1 and mine[lay["claim_rank"]][0] == 1, \
        "the claim is public: the claimant's own vector shows it too, made by itself"
    assert mine[lay["my_pile_cards"]][12] == pytest.approx(1 / 4), "seat 0 remembers the king it laid"


def test_two_decks_double_the_counts():
    g = make_game("bloff", two_decks_from=3)
    enc = BloffEncoder(g, 3)
    assert enc.copies == 8 and enc.n_actions == 2 + 13 * 8
    assert enc.action_name(2 + 8 + 7) == "lay 8 x 2"


def test_the_claimants_own_true_claim_is_no_sure_lie_in_its_own_vector():
    """Seat 0 lays AS and AH truthfully as "two aces": its own vector counted the two aces
    it had just laid as known beside the claim, so it read "2 known, a sure lie" when
    only 2 of 4 were claimed and both were its own. The play's cards are the claim's."""
    g, enc, s = _position()
    s = g.step(s, 0, Play(parse_cards("AS,AH")))
    lay = enc.layout
    mine = enc.observation(g.observe(s, 0))
    assert mine[lay["claim_known"]][0] == 0 and mine[lay["claim_sure_lie"]][0] == 0
    s4 = g.step(g.state_from_position(3, [",".join(h) for h in (["AS", "AH", "AD", "AC"], DECK[4:28], DECK[28:])]),
                0, Play(parse_cards("AS,AH,AD,AC")))           # four aces, the truth
    own = enc.observation(g.observe(s4, 0))
    assert own[lay["claim_known"]][0] == 0 and own[lay["claim_sure_lie"]][0] == 0, "four of four, all laid now"


def test_claims_and_calls_are_counted_on_and_agree_with_a_fresh_count():
    """The claims made and the calls caught true or false are counted on from the last
    observation (counting the whole history at every step made a long game's steps ever
    slower); an encoder that has seen the game so far, one that sees only this step, and one
    moved to another game and back all give the same vector."""
    from bluffkit.session import Session
    g = make_game("bloff")
    s = Session(g, ["caller", "honest", "random"], seed=4)
    steady, other = BloffEncoder(g, 3), BloffEncoder(g, 3)
    elsewhere = Session(g, ["random"] * 3, seed=9)
    elsewhere.advance(60)
    checked = 0
    while not s.over and len(s.moves) < 400:
        s.advance(1)
        state = s.state
        for seat in range(3):
            seen = g.observe(state, seat)
            if checked % 7 == 0:                          # another game in between: counted afresh
                other.observation(g.observe(elsewhere.state, seat))
            v = steady.observation(seen)
            assert np.array_equal(v, BloffEncoder(g, 3).observation(seen))
            assert np.array_equal(v, other.observation(seen))
            checked += 1
    lay = steady.layout
    assert checked > 100 and steady.observation(g.observe(s.state, 0))[lay["claims_made"]].sum() > 0


def test_a_tally_is_counted_afresh_for_another_game():
    from bluffkit.rl.encoders.bloff import _count_claim
    enc = BloffEncoder(make_game("bloff"), 3)
    first, second = ((0, 1, 1),) * 5, ((1, 1, 1),) * 7
    assert enc._tally("claims", first, _count_claim)[:3] == [5, 0, 0]
    assert enc._tally("claims", first + ((2, 1, 1),), _count_claim)[:3] == [5, 0, 1]   # counted on
    assert enc._tally("claims", second, _count_claim)[:3] == [0, 7, 0], "another game's claims, counted afresh"


def test_a_call_that_turns_over_a_lie_counts_against_the_liar_and_the_rank_moves_on():
    """Seat 0 lays the king of spades as "one ace"; seat 1 calls Bløff and the card is
    turned over: a false play of seat 0's, in every seat's vector at seat 0's place (counted
    over 5), none true. The rank in turn goes from aces to twos, and the vector's rank
    is the observation's."""
    g, enc, s = _position()
    lay = enc.layout
    assert enc.observation(g.observe(s, 0))[lay["rank"]].tolist() == [1] + [0] * 12, "aces are in turn"
    s = g.step(s, 0, Play(parse_cards("KS")))
    s = g.step(s, 1, CALL_)
    for seat in range(3):
        seen = g.observe(s, seat)
        v = enc.observation(seen)
        want = [0.0] * 3
        want[(0 - seat) % 3] = 1 / 5
        assert v[lay["caught_false"]].tolist() == pytest.approx(want), f"seat {seat}: {v[lay['caught_false']]}"
        assert not v[lay["caught_true"]].any(), f"seat {seat}: a lie counted as a true play"
        assert seen.rank == 1 and v[lay["rank"]].tolist() == [0, 1] + [0] * 11, f"seat {seat}: twos are in turn"
