"""Bluffer's encoding (bluffkit.rl.encoders.bluffer): the menu of invented answers and the votes."""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.core.game import make_game
from bluffkit.games.bluffer.actions import Vote, Write, reading

pytest.importorskip("pettingzoo")
from bluffkit.rl.encoders.bluffer import VOTE_START, WRITE_START, BlufferEncoder  # noqa: E402


def _to_vote(g, rng_seed=3, players=4):
    """A question played to its vote, every writer taking menu answer 1, 2, ..."""
    rng = np.random.default_rng(rng_seed)
    enc = BlufferEncoder(g, players)
    s = g.new_state(players)
    while g.is_chance(s) or s.phase != "vote":
        if g.is_chance(s):
            s = g.step(s, None, g.sample_chance(s, rng))
            continue
        seat = g.to_move(s)[0]
        s = g.step(s, seat, enc.action(WRITE_START, g.legal(s, seat)))
    return enc, s


def test_writers_pick_from_the_decks_decoys():
    g = make_game("bluffer")
    enc = BlufferEncoder(g, 4)
    s = g.new_state(4)
    s = g.step(s, None, g.sample_chance(s, np.random.default_rng(1)))
    legal = g.legal(s, 0)
    share = legal.fitted_decoys()           # seat 0 of 4 writers: decoys 0 and 4 of the deck's
    decoys = next(q.decoys for q in g.deck.questions if q.id == s.qid)
    assert len(decoys) >= 5 and share == list(decoys[0::4])
    assert np.flatnonzero(enc.mask(legal)).tolist() == list(range(WRITE_START, WRITE_START + len(share)))
    assert enc.action(WRITE_START + 1, legal) == Write(share[1])


def test_votes_and_own_answers():
    g = make_game("bluffer", own_answer_vote="refused")
    enc, s = _to_vote(g)
    seat = g.to_move(s)[0]
    legal = g.legal(s, seat)
    seen = g.observe(s, seat)
    mine = {reading(text) for text in seen.mine}          # the answers are as heard
    own = [k + 1 for k, text in enumerate(seen.answers) if reading(text) in mine]
    allowed = [i - VOTE_START + 1 for i in np.flatnonzero(enc.mask(legal))]
    assert own and not set(own) & set(allowed), f"seat {seat} may not vote for its own answer {own}: {allowed}"
    assert sorted(allowed + own) == list(range(1, len(seen.answers) + 1))
    assert enc.action(VOTE_START + allowed[0] - 1, legal) == Vote(allowed[0])
    v = enc.observation(seen)
    place = enc.layout["answers"]
    per = (place.stop - place.start) // g.rules.max_answers
    assert v[place][(own[0] - 1) * per + 1] == 1, "the vector marks the observer's own answer"


def test_the_leader_sees_the_authors_and_the_others_do_not():
    g = make_game("bluffer")
    enc, s = _to_vote(g)
    leader = s.leader
    place = enc.layout["answers"]
    per = (place.stop - place.start) // g.rules.max_answers
    truth_flags = [enc.observation(g.observe(s, seat))[place][2::per][:len(s.order)] for seat in range(4)]
    assert truth_flags[leader].sum() == 1, "the leader's vector shows which answer is true"
    assert all(truth_flags[seat].sum() == 0 for seat in range(4) if seat != leader), \
        "a voter's vector shows which answer is true (a leak)"


def test_a_voter_is_offered_every_answer_but_its_own_on_a_full_board():
    """Five players: everyone, the leader included, writes a false answer and the leader adds
    the true one, so the board's six places are full; "nobody may vote for their own
    answer" (own_answer_vote="refused"). Each voter's mask offers the five other places,
    the sixth included: no legal vote is left out."""
    g = make_game("bluffer", own_answer_vote="refused")
    enc, s = _to_vote(g, rng_seed=2, players=5)
    assert len(s.order) == g.rules.max_answers == 6, s.order
    voters = g.to_move(s)
    assert sorted(voters) == sorted(set(range(5)) - {s.leader}), "every player but the leader votes"
    for seat in voters:
        own = next(k + 1 for k, (author, _) in enumerate(s.order) if author == seat)
        offered = [int(i) - VOTE_START + 1 for i in np.flatnonzero(enc.mask(g.legal(s, seat)))]
        assert offered == [k for k in range(1, 7) if k != own], f"seat {seat} (answer {own}) is offered {offered}"


def test_the_two_player_asker_is_never_offered_an_answer_already_on_its_sheet():
    """Two players: the asker writes "two, or even three" false answers from its menu of the
    deck's decoys; one already on its sheet is not offered again while a fresh one is left,
    and every fresh one is."""
    g = make_game("bluffer")
    enc = BlufferEncoder(g, 2)
    rng = np.random.default_rng(1)
    s = g.new_state(2)
    written = 0
    while g.is_chance(s) or s.phase == "write":
        if g.is_chance(s):
            s = g.step(s, None, g.sample_chance(s, rng))
            continue
        seat = g.to_move(s)[0]
        legal = g.legal(s, seat)
        menu = legal.fitted_decoys()[:5]
        fresh = [text for text in menu if text not in legal.mine]
        offered = [enc.action(int(i), legal).text for i in np.flatnonzero(enc.mask(legal))
                   if WRITE_START <= i < VOTE_START]
        assert fresh and offered == fresh, f"on the sheet {legal.mine}: offered {offered}"
        s = g.step(s, seat, enc.action(WRITE_START + menu.index(fresh[0]), legal))
        written += 1
    assert written >= 2, "the asker wrote fewer than two false answers"


def test_the_votes_an_answer_draws_are_credited_to_its_author():
    """Every voter votes for the same invented answer (one not its own): once the question
    is scored, every seat's votes_drawn credits that answer's author with those votes (over
    10), at the author's place from the observer, and nobody with a vote on the truth."""
    g = make_game("bluffer")
    enc, s = _to_vote(g)
    voters = g.to_move(s)
    places = [k + 1 for k, (author, _) in enumerate(s.order) if author >= 0]
    author = next(s.order[k - 1][0] for k in places if s.order[k - 1][0] not in voters)
    place = next(k for k in places if s.order[k - 1][0] == author)
    for seat in voters:
        s = g.step(s, seat, Vote(place))
    part = enc.layout["votes_drawn"]
    for seat in range(4):
        v = enc.observation(g.observe(s, seat))[part]
        want = [0.0] * 8
        want[(author - seat) % 4] = len(voters) / 10
        want[4:] = [1.0] * 4
        assert v.tolist() == pytest.approx(want), f"seat {seat} (author {author}): {v.tolist()}"
