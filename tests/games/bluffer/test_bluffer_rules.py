"""Rule-by-rule tests of the Bluffer engine.

Each test checks one rule and quotes the rulebook passage it comes from
(shared/seeds/004_acaf89846761703d.txt); RULES.md section 4 is the project's digest of it.
Expected numbers are worked out from the rulebook by hand (the arithmetic is in the comments),
never by the engine's own scoring. Everything goes through the public API (``make_game``).

The question used throughout is ``octopus-hearts``: "How many hearts does an octopus have?",
true answer "three". A shuffle lists the sheets in reading order as indices into the sheets
in seat order (each writer's answers in the order written), the true answer last.
"""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.core.errors import IllegalAction, NotationError, RulesError
from bluffkit.core.game import make_game
from bluffkit.games.bluffer.actions import as_read
from bluffkit.games.bluffer.deck import DeckError
from bluffkit.games.bluffer.engine import Ask, Done, Shuffle, Vote, Write
from bluffkit.testing import assert_refused

ANNE, BEN, CHLOE, DAN, EVE = range(5)
NAMES = ["Anne", "Ben", "Chloe", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]
Q = "octopus-hearts"                 # answer "three"
TRUTH = -1                           # the author of the true answer in a Reveal


# -- helpers ----------------------------------------------------------------------------------

def run(g, s, *moves):
    """Apply ``(seat, action text)`` pairs in order (seat ``None`` for chance)."""
    for seat, action in moves:
        s = g.step(s, seat, action)
    return s


def fresh(g, s, qid=None):
    """``qid`` if given, else the question these tests ask (``Q``, answer "three") or, when
    it was asked already in this pass through the deck, the first one in the deck's order
    that was not (a question asked goes to the back of the deck)."""
    if qid is not None:
        return qid
    asked = set(s.used[len(s.used) - len(s.used) % len(s.deck.questions):])
    return next(q for q in [Q] + [c.id for c in s.deck.questions] if q not in asked)


def ask_and_write(g, s, writes, qid=None):
    """Chance asks ``qid`` (by default :func:`fresh`'s); then each ``(seat, text)`` of
    ``writes`` is written, in order."""
    s = g.step(s, None, f"ask {fresh(g, s, qid)}")
    for seat, text in writes:
        s = g.step(s, seat, f"write {text}")
    return s


def question(g, s, writes, shuffle, votes, qid=None):
    """One whole question: ask, the writes, the shuffle, then the ``(seat, number)`` votes."""
    s = ask_and_write(g, s, writes, qid)
    s = g.step(s, None, "shuffle " + ",".join(map(str, shuffle)))
    for seat, number in votes:
        s = g.step(s, seat, f"vote {number}")
    return s


def plain(g, s, votes=None, qid=None):
    """A question where every writer writes "decoy <seat>" and the sheets are read in seat
    order with the true answer last. ``votes`` maps a voter to the seat whose answer it
    votes for, or to ``TRUTH``; by default every voter finds the truth."""
    s = g.step(s, None, f"ask {fresh(g, s, qid)}")
    writers = tuple(g.to_move(s))
    for seat in writers:
        s = g.step(s, seat, f"write decoy {seat}")
    s = g.step(s, None, "shuffle " + ",".join(map(str, range(len(writers) + 1))))
    truth_number = len(writers) + 1
    if votes is None:
        votes = {v: TRUTH for v in g.to_move(s)}
    for voter, target in votes.items():
        number = truth_number if target == TRUTH else writers.index(target) + 1
        s = g.step(s, voter, f"vote {number}")
    return s


def small_deck(tmp_path, k: int, title: str = "Small") -> tuple:
    """A deck file of the first ``k`` questions of the built-in deck: ``(path, questions)``."""
    import json as _json

    from bluffkit.games.bluffer.deck import default_deck
    qs = default_deck().questions[:k]
    lines = [_json.dumps({"format": "bluffkit-deck", "version": 1, "title": title, "language": "en"})]
    lines += [_json.dumps({"id": q.id, "category": q.category, "question": q.question, "answer": q.answer,
                           "source": q.source, "decoys": list(q.decoys)}) for q in qs]
    path = tmp_path / f"{title.lower()}.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, qs


def duel_question(g, s, false_answers, picks):
    """Two players: the asker writes ``false_answers`` answers ("decoy 1", ...), says done if
    fewer than the most allowed, the sheets are read in order with the truth last, and the
    guesser picks the numbers in ``picks`` and then the truth."""
    asker = s.leader
    s = g.step(s, None, f"ask {fresh(g, s)}")
    for k in range(1, false_answers + 1):
        s = g.step(s, asker, f"write decoy {k}")
    most = g.rules.duel_false_answers[1]          # "two, or even three": done says fewer than the most
    assert (s.phase == "write") == (false_answers < most), (false_answers, most, s.phase)
    if false_answers < most:
        s = g.step(s, asker, "done")
    s = g.step(s, None, "shuffle " + ",".join(map(str, range(false_answers + 1))))
    for k in list(picks) + [false_answers + 1]:
        s = g.step(s, 1 - asker, f"vote {k}")
    return s


def refused(g, s, seat, action, rule, says=""):
    """The action is refused with ``rule`` and a message saying ``says`` (the shared
    rules-test kit); the state, and a working copy of it, are left exactly as they were."""
    return assert_refused(g, s, seat, action, rule, says=says)


def gains(s):
    """The points the last scored question gave each seat."""
    return s.history[-1].gains


def four_at_vote(g=None):
    """Four players, Anne leads. Anne "two", Ben "five", Chloe "nine", Dan "one"; the sheets in
    seat order are 0 two, 1 five, 2 nine, 3 one, 4 three (truth); shuffle 2,4,0,3,1 reads
    #1 nine (Chloe), #2 three (truth), #3 two (Anne), #4 one (Dan), #5 five (Ben)."""
    g = g or make_game("bluffer")
    s = ask_and_write(g, g.new_state(4), [(ANNE, "two"), (BEN, "five"), (CHLOE, "nine"), (DAN, "one")])
    return g, g.step(s, None, "shuffle 2,4,0,3,1")


# -- the standard game: writing ---------------------------------------------------------------
# "2 - Each Player (including the Leader) invents a false answer and writes it on their sheet
# in secret."

@pytest.mark.parametrize("players", [3, 4, 5])
def test_everyone_including_the_leader_writes_one_answer(players):
    g = make_game("bluffer")
    s = g.step(g.new_state(players), None, f"ask {Q}")
    assert s.phase == "write"
    assert tuple(g.to_move(s)) == tuple(range(players)), "every seat, the leader too, writes"
    assert g.legal(s, ANNE).write == 1 and not g.legal(s, ANNE).vote
    for seat in range(players):
        s = g.step(s, seat, f"write decoy {seat}")
        assert seat not in g.to_move(s)
        if seat < players - 1:
            assert s.phase == "write", "the shuffle waits for every sheet"
    assert s.phase == "shuffle" and g.is_chance(s) and tuple(g.to_move(s)) == ()


def test_a_seat_writes_one_answer_only():
    g = make_game("bluffer")
    s = ask_and_write(g, g.new_state(3), [(BEN, "five")])
    refused(g, s, BEN, "write six", "already-written", "written")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_answers_are_read_with_numbers_one_to_players_plus_one(players):
    # "gathers them with the 'Answer' sheet ... give the answers one after another, assigning
    # each a number": players' sheets and the true one, at most 6 places on the board.
    g = make_game("bluffer")
    s = ask_and_write(g, g.new_state(players), [(p, f"decoy {p}") for p in range(players)])
    order = list(range(players, -1, -1))                 # reversed: the truth read first
    s = g.step(s, None, "shuffle " + ",".join(map(str, order)))
    o = g.observe(s, BEN)
    assert o.answers == as_read(("three",) + tuple(f"decoy {p}" for p in range(players - 1, -1, -1)))   # as heard
    assert g.legal(s, BEN).vote == tuple(range(1, players + 2))


# -- the standard game: voting ----------------------------------------------------------------
# "4 - The Other Players then bet on the answer they consider to be true." "The Leader of the
# round does not bet (they have seen the answer)."

@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_leader_does_not_vote(players):
    g = make_game("bluffer")
    s = plain(g, g.new_state(players), votes={})          # stops at the vote
    assert s.phase == "vote"
    assert tuple(g.to_move(s)) == tuple(range(1, players)), "everyone but the leader votes"
    assert not g.legal(s, ANNE)
    refused(g, s, ANNE, "vote 1", "leader-does-not-vote", "leader")


def test_a_vote_cannot_be_changed():
    g, s = four_at_vote()
    s = g.step(s, BEN, "vote 1")
    assert BEN not in g.to_move(s)
    refused(g, s, BEN, "vote 2", "already-voted", "voted")
    refused(g, s, BEN, "vote 1", "already-voted")


def test_the_question_is_scored_when_the_last_vote_is_in():
    g, s = four_at_vote()
    s = run(g, s, (BEN, "vote 3"), (CHLOE, "vote 2"))
    assert s.phase == "vote" and s.history == () and s.points == (0, 0, 0, 0)
    s = g.step(s, DAN, "vote 1")
    assert s.phase == "ask" and len(s.history) == 1


# -- awarding points --------------------------------------------------------------------------
# "You earn 2 points for every token bet by other players on your invented answer. If you bet on
# the true answer, you also score 1 point."

def test_two_points_per_vote_on_an_answer_and_one_for_the_truth():
    g, s = four_at_vote()
    # Ben votes #3 (Anne's "two"): Anne +2. Chloe votes #2 (the truth): Chloe +1.
    # Dan votes #1 (Chloe's "nine"): Chloe +2. Anne 2, Ben 0, Chloe 3, Dan 0.
    s = run(g, s, (BEN, "vote 3"), (CHLOE, "vote 2"), (DAN, "vote 1"))
    assert gains(s) == (2, 0, 3, 0)
    assert s.points == (2, 0, 3, 0) and s.totals == (2, 0, 3, 0)


def test_the_leaders_own_false_answer_scores_two_per_vote():
    g, s = four_at_vote()
    # Ben, Chloe and Dan all fall for #3, Anne's "two": 3 x 2 = 6 for the leader.
    s = run(g, s, (BEN, "vote 3"), (CHLOE, "vote 3"), (DAN, "vote 3"))
    assert gains(s) == (6, 0, 0, 0)


def test_everyone_finds_the_truth_one_point_each():
    g, s = four_at_vote()
    s = run(g, s, (BEN, "vote 2"), (CHLOE, "vote 2"), (DAN, "vote 2"))
    assert gains(s) == (0, 1, 1, 1)


def test_votes_add_up_on_one_answer():
    g, s = four_at_vote()
    # Ben and Dan vote #1 (Chloe's "nine"): Chloe 2 + 2 = 4; Chloe votes #5 (Ben's): Ben 2.
    s = run(g, s, (BEN, "vote 1"), (CHLOE, "vote 5"), (DAN, "vote 1"))
    assert gains(s) == (0, 2, 4, 0)


# "Be careful not to vote for your own answer, or your bet goes to the Leader"

def test_a_vote_on_your_own_answer_goes_to_the_leader():
    g, s = four_at_vote()
    assert g.rules.own_answer_vote == "to_leader"
    # Ben votes #5, his own "five": the bet goes to Anne, the leader (+2); Ben gets nothing.
    # Chloe votes #1, her own "nine": Anne +2 more. Dan votes #2, the truth: Dan +1.
    s = run(g, s, (BEN, "vote 5"), (CHLOE, "vote 1"), (DAN, "vote 2"))
    assert gains(s) == (4, 0, 0, 1)


def test_a_vote_on_your_own_answer_is_refused_when_the_rule_says_so():
    g, s = four_at_vote(make_game("bluffer", own_answer_vote="refused"))
    assert g.legal(s, BEN).vote == (1, 2, 3, 4), "Ben's own answer is #5"
    assert g.legal(s, CHLOE).vote == (2, 3, 4, 5), "Chloe's own answer is #1"
    refused(g, s, BEN, "vote 5", "own-answer", "own answer")
    # the others are still accepted and scored by the base rule: Ben #3 (Anne +2)
    s = run(g, s, (BEN, "vote 3"), (CHLOE, "vote 2"), (DAN, "vote 5"))
    assert gains(s) == (2, 2, 1, 0)                      # Dan on Ben's "five": Ben +2


# "If 2 answers, true or false, are identical, play continues unchanged: both sheets are read,
# with a different number ... the author of the sheet read as #1 receives the points placed on
# space 1."

def test_identical_answers_are_read_as_separate_numbers():
    g = make_game("bluffer")
    s = ask_and_write(g, g.new_state(3), [(ANNE, "nine"), (BEN, "two"), (CHLOE, "two")])
    # sheets: 0 nine (Anne), 1 two (Ben), 2 two (Chloe), 3 three (truth)
    s = g.step(s, None, "shuffle 2,1,3,0")               # #1 two (Chloe), #2 two (Ben), #3, #4
    assert g.observe(s, BEN).answers == as_read(("two", "two", "three", "nine"))   # as heard
    # Ben votes #1: Chloe's sheet, Chloe +2. Chloe votes #2: Ben's sheet, Ben +2.
    s = run(g, s, (BEN, "vote 1"), (CHLOE, "vote 2"))
    assert gains(s) == (0, 2, 2)


def test_identical_answers_the_number_decides_whose_sheet():
    g = make_game("bluffer")
    s = ask_and_write(g, g.new_state(3), [(ANNE, "nine"), (BEN, "two"), (CHLOE, "two")])
    s = g.step(s, None, "shuffle 1,2,3,0")               # #1 two (Ben), #2 two (Chloe)
    # The same votes as above now land on each voter's own sheet: both bets go to Anne.
    s = run(g, s, (BEN, "vote 1"), (CHLOE, "vote 2"))
    assert gains(s) == (4, 0, 0)


def test_a_false_answer_identical_to_the_truth_is_scored_as_its_authors():
    g = make_game("bluffer")
    s = ask_and_write(g, g.new_state(3), [(ANNE, "nine"), (BEN, "three"), (CHLOE, "two")])
    s = g.step(s, None, "shuffle 1,3,0,2")               # #1 three (Ben), #2 three (truth)
    # Chloe votes #1: Ben's sheet, Ben +2 (not the truth). Ben votes #2: the truth, Ben +1.
    s = run(g, s, (BEN, "vote 2"), (CHLOE, "vote 1"))
    assert gains(s) == (0, 3, 0)


# -- leaders ----------------------------------------------------------------------------------
# "The game continues with a new Leader (the player to the left)"

def test_the_leader_moves_left_each_question_and_across_rounds():
    g = make_game("bluffer")
    s = g.new_state(4)
    for _ in range(7):
        s = plain(g, s)
    # 4 players, 6 questions a round: 0 1 2 3 0 1 | 2 ...
    assert [r.leader for r in s.history] == [0, 1, 2, 3, 0, 1, 2]
    assert [r.round for r in s.history] == [0, 0, 0, 0, 0, 0, 1]
    assert s.leader == 3


def test_the_first_leader_is_a_rule_option():
    g = make_game("bluffer", first_leader=2)
    s = g.new_state(3)
    assert s.leader == 2
    s = plain(g, s)
    assert s.leader == 0, "to the left of seat 2 of 3 is seat 0"
    with pytest.raises(RulesError):
        make_game("bluffer", first_leader=3).new_state(3)


# "They pull out the first card (where the previous question was), place it at the back of the
# deck, and reveal the next question"

def test_a_question_asked_is_not_drawn_again():
    g = make_game("bluffer")
    s = plain(g, g.new_state(3))
    assert s.used == (Q,)
    drawn = {g.sample_chance(s, np.random.default_rng(k)).qid for k in range(300)}
    assert Q not in drawn and len(drawn) > 20


def test_a_question_asked_in_this_pass_is_refused_to_a_script_too():
    # Chance's own draw never repeats a card (above); a script or a scenario that names one
    # again is refused in words, the state untouched; once the deck has gone round, it may.
    g = make_game("bluffer")
    s = plain(g, g.new_state(3))
    err = refused(g, s, None, f"ask {Q}", "question-asked", says="asked already")
    assert "back of the deck" in err.reason
    other = next(c.id for c in s.deck.questions if c.id != Q)
    assert g.step(s, None, f"ask {other}").qid == other


def test_a_question_comes_back_once_the_deck_has_gone_round(tmp_path):
    path, qs = small_deck(tmp_path, 2, "Two")
    g = make_game("bluffer", deck=str(path))
    s = plain(g, plain(g, g.new_state(3), qid=qs[0].id), qid=qs[1].id)
    refused(g, plain(g, g.new_state(3), qid=qs[0].id), None, f"ask {qs[0].id}", "question-asked")
    assert plain(g, s, qid=qs[0].id).used == (qs[0].id, qs[1].id, qs[0].id)


# -- at most 6 answers -------------------------------------------------------------------------
# The board has places for "answers 1 to 6"; "Rules of Play for 3 to 5 Players".

def test_six_players_is_the_team_game_not_a_standard_game():
    g = make_game("bluffer")
    s = g.new_state(6)
    assert g.observe(s, 0).mode == "teams"
    s = g.step(s, None, f"ask {Q}")
    assert tuple(g.to_move(s)) == (0, 2, 4), "only one group of three writes"


def test_the_writing_team_sees_the_truth_and_only_the_reader_is_told_they_lead():
    # "Each member invents their answer, then they add the true answer": every member of
    # the writing team knows the truth, but one of them (the reader) leads.
    from bluffkit.games.bluffer.view import describe
    from bluffkit.widgets.render_bluffer import seat_html
    g = make_game("bluffer")
    s = ask_and_write(g, g.new_state(6), [(0, "two"), (2, "four"), (4, "nine")])
    names = [f"P{k}" for k in range(6)]
    reader, mate, other = g.observe(s, 0), g.observe(s, 2), g.observe(s, 1)
    assert reader.leader == 0 and reader.truth is not None and mate.truth is not None and other.truth is None
    assert "(you lead)" in describe(reader, names)
    assert "(you lead)" not in describe(mate, names) and "(your team's question)" in describe(mate, names)
    assert "you lead: keep it secret" in seat_html(g, reader, names)
    html = seat_html(g, mate, names)
    assert "you lead" not in html and "your team's question: keep it secret" in html


def test_max_answers_limits_the_player_count():
    g = make_game("bluffer", max_answers=4)
    g.new_state(3)                                       # 3 answers and the truth: 4 places
    with pytest.raises(RulesError, match="max_answers"):
        g.new_state(4)                                   # 4 answers and the truth: 5 > 4
    with pytest.raises(RulesError, match="max_answers"):
        make_game("bluffer", max_answers=5).new_state(10)   # a group of 5 writes 6 answers
    make_game("bluffer").new_state(5)                    # 5 + 1 = 6 places by default


@pytest.mark.parametrize("players", [0, 1, 11, True, "4"])
def test_other_player_counts_are_refused(players):
    with pytest.raises(RulesError):
        make_game("bluffer").new_state(players)


# -- rounds -----------------------------------------------------------------------------------
# "A round ends after 6 questions" ... "The player in the lead is declared the winner of the
# round. In case of a tie in points, the round is awarded to each tied player." "For the next
# round, pawns are placed back at the start."

def test_a_round_is_six_questions():
    g = make_game("bluffer")
    s = g.new_state(3)
    for k in range(5):
        s = plain(g, s)
        assert s.round == 0 and s.question == k + 1 and s.round_winners == ()
    s = plain(g, s)
    assert s.round == 1 and s.question == 0 and len(s.round_winners) == 1


def test_the_round_goes_to_the_most_points_and_points_restart():
    g = make_game("bluffer")
    s = g.state_from_position(3, leader=CHLOE, question=5, points=[4, 6, 5])
    # Anne finds the truth (4 + 1 = 5); Ben falls for Chloe's answer (Chloe 5 + 2 = 7).
    s = plain(g, s, {ANNE: TRUTH, BEN: CHLOE})
    assert s.round_winners == ((CHLOE,),)
    assert s.points == (0, 0, 0), "pawns back to the start"
    assert s.totals == (5, 6, 7)
    assert (s.round, s.question, s.leader, s.phase) == (1, 0, ANNE, "ask")
    # Round 2, question 1, Anne leads: Ben finds the truth (+1), Chloe falls for Anne's (+2).
    s = plain(g, s, {BEN: TRUTH, CHLOE: ANNE})
    assert s.points == (2, 1, 0)
    assert s.totals == (7, 7, 7)


@pytest.mark.parametrize("start, votes, winners", [
    # Anne 5 + 1 = 6, Ben 6, Chloe 0 + 2 = 2: Anne and Ben tie
    ([5, 6, 0], {ANNE: TRUTH, BEN: CHLOE}, (ANNE, BEN)),
    # Anne 5 + 1 = 6, Ben 6, Chloe 4 + 2 = 6: a three-way tie
    ([5, 6, 4], {ANNE: TRUTH, BEN: CHLOE}, (ANNE, BEN, CHLOE)),
    # Anne 5 + 1 = 6, Ben 6 + 1 = 7, Chloe 4
    ([5, 6, 4], {ANNE: TRUTH, BEN: TRUTH}, (BEN,)),
])
def test_a_tied_round_goes_to_every_tied_player(start, votes, winners):
    g = make_game("bluffer")
    s = plain(g, g.state_from_position(3, leader=CHLOE, question=5, points=start), votes)
    assert s.round_winners == (winners,)


def test_points_go_on_counting_past_the_end_of_the_track():
    """"End of a Round", note: "if a player reaches the end of the track, they continue
    counting their points by starting over from the start": a pawn that laps the track keeps
    every point, and the round still goes to the most points."""
    g = make_game("bluffer")
    s = g.state_from_position(3, leader=CHLOE, question=4, points=[98, 30, 0])
    # Anne finds the truth (98 + 1) and Ben falls for Anne's answer (+ 2): 101.
    s = plain(g, s, {ANNE: TRUTH, BEN: ANNE})
    assert s.points == (101, 30, 0)
    # The sixth question, Anne leads: Ben and Chloe find the truth (31, 1). Anne, at 101, wins.
    s = plain(g, s, {BEN: TRUTH, CHLOE: TRUTH})
    assert s.round_winners == ((ANNE,),)
    assert s.totals == (101, 31, 1)


# "A game consists of 3 rounds" ... "The winner of the game is the player who wins 2 rounds."

def test_two_round_wins_end_the_game_early():
    g = make_game("bluffer")
    assert g.rules.stop_when_decided is True
    s = g.state_from_position(3, round=1, question=5, points=[0, 3, 0], round_winners=[[BEN]])
    # Anne leads; Ben 3 + 1 = 4, Chloe 0 + 1 = 1: Ben wins round 2, his second.
    s = plain(g, s, {BEN: TRUTH, CHLOE: TRUTH})
    assert s.round_winners == ((BEN,), (BEN,))
    assert g.is_over(s) and s.phase == "over" and g.winners(s) == (BEN,)
    refused(g, s, BEN, "vote 1", "game-over", "over")
    refused(g, s, None, f"ask {Q}", "not-chance-turn")


def test_a_position_past_a_decided_game_is_refused():
    # With stop_when_decided (the default) a game whose seat has won 2 rounds is over: no
    # third round can be set up; with it off, the position is the game's last round.
    with pytest.raises(RulesError, match="has won 2 rounds already, so the game is over"):
        make_game("bluffer").state_from_position(3, round=2, question=5, round_winners=[[BEN], [BEN]])
    with pytest.raises(RulesError, match="game is over"):
        make_game("bluffer").state_from_position(3, round=2, round_winners=[[ANNE, BEN], [BEN, CHLOE]])
    s = make_game("bluffer", stop_when_decided=False).state_from_position(3, round=2, round_winners=[[BEN], [BEN]])
    assert s.round == 2


def test_a_decided_game_plays_its_last_round_when_asked_to():
    g = make_game("bluffer", stop_when_decided=False)
    s = g.state_from_position(3, round=1, question=5, points=[0, 3, 0], round_winners=[[BEN]])
    s = plain(g, s, {BEN: TRUTH, CHLOE: TRUTH})
    assert not g.is_over(s) and s.round == 2 and s.points == (0, 0, 0)
    with pytest.raises(RulesError):
        g.winners(s)
    # Round 3 goes to Chloe: Ben still has 2 rounds and wins the game.
    s = g.state_from_position(3, round=2, question=5, round_winners=[[BEN], [BEN]])
    s = plain(g, s, {BEN: CHLOE, CHLOE: TRUTH})          # Chloe 2 + 1 = 3, Anne 0, Ben 0
    assert s.round_winners[-1] == (CHLOE,)
    assert g.winners(s) == (BEN,)


def test_two_players_at_two_round_wins_end_the_game_or_play_on():
    """"ties: all tied win" a round, so a tied second round can give two players 2 round wins
    at once, and "the player who has won 2 rounds" names no one. ``majority_tie``: "ends"
    (default) ends the game there, game_tie deciding; "plays_on" plays the third round."""
    for option, over in (("ends", True), ("plays_on", False)):
        g = make_game("bluffer", majority_tie=option)
        s = g.state_from_position(3, leader=CHLOE, round=1, question=5, points=[3, 3, 0],
                                  round_winners=[[ANNE, BEN]])
        s = plain(g, s, {ANNE: TRUTH, BEN: TRUTH})           # Anne 4, Ben 4: round 2 tied again
        assert s.round_winners == ((ANNE, BEN), (ANNE, BEN))
        assert g.is_over(s) is over, option
        if over:
            assert g.winners(s) == (ANNE, BEN)                # game_tie="last_round": both won it
    # playing on: Ben alone wins the third round, his third win, and the game
    g = make_game("bluffer", majority_tie="plays_on")
    s = g.state_from_position(3, round=2, question=5, points=[0, 3, 0], round_winners=[[ANNE, BEN], [ANNE, BEN]])
    s = plain(g, s, {BEN: TRUTH, CHLOE: TRUTH})              # Anne leads; Ben 4, Chloe 1
    assert g.is_over(s) and g.winners(s) == (BEN,)
    with pytest.raises(RulesError, match="game is over"):      # "ends": no third round to set up
        make_game("bluffer").state_from_position(3, round=2, round_winners=[[ANNE, BEN], [ANNE, BEN]])
    assert "majority_tie" not in make_game("bluffer").rules.to_dict(), "a log of the default reads in 0.2.0"
    assert g.rules.to_dict()["majority_tie"] == "plays_on"


def test_a_team_that_won_two_rounds_takes_the_game_under_plays_on():
    """Under ``team_scoring`` every member of the winning team wins the round, so a team
    that won rounds 1 and 2 gives three players 2 round wins each: no tie between players,
    one side has won 2 rounds, and the game ends under "plays_on" as under "ends". A round
    the two teams tie still plays on."""
    for option in ("ends", "plays_on"):
        g = make_game("bluffer", team_scoring=True, majority_tie=option)
        a, b = g.table(players=6).teams
        s = g.state_from_position(6, leader=a[0], round=1, question=5,
                                  points=[5 if i in a else 0 for i in range(6)], round_winners=[list(a)])
        s = plain(g, s)                                      # the voting team finds the truth
        assert s.round_winners == (tuple(a), tuple(a)), s.round_winners
        assert g.is_over(s), option
        assert g.winners(s) == tuple(a)
    g = make_game("bluffer", team_scoring=True, majority_tie="plays_on")
    a, b = g.table(players=6).teams
    s = g.state_from_position(6, leader=a[0], round=1, question=5, points=[3 if i == a[0] else 0 for i in range(6)],
                              round_winners=[list(range(6))])
    s = plain(g, s)                                          # the voting team finds the truth: 3 all, a tie
    assert s.round_winners == (tuple(range(6)), tuple(range(6))) and not g.is_over(s)


def test_three_different_round_winners_the_last_one_wins():
    # "If the 3 rounds were won by 3 different players, the winner is the winner of the last round."
    g = make_game("bluffer")
    s = g.state_from_position(3, round=2, question=5, points=[0, 0, 3], round_winners=[[ANNE], [BEN]])
    s = plain(g, s, {BEN: TRUTH, CHLOE: TRUTH})          # Anne 0, Ben 1, Chloe 4
    assert s.round_winners == ((ANNE,), (BEN,), (CHLOE,))
    assert g.is_over(s) and g.winners(s) == (CHLOE,)


def test_the_game_ends_after_three_rounds():
    g = make_game("bluffer")
    s = g.state_from_position(3, round=2, question=5, round_winners=[[ANNE, BEN], [CHLOE]])
    s = plain(g, s, {BEN: TRUTH, CHLOE: ANNE})           # Anne 2, Ben 1: Anne's second round
    assert g.is_over(s) and g.winners(s) == (ANNE,)


# "You can also play a quick game of 1 or 2 rounds"

def test_a_one_round_game_ends_after_six_questions():
    g = make_game("bluffer", rounds=1)
    s = g.new_state(3)
    for _ in range(5):
        s = plain(g, s)
    assert not g.is_over(s)
    # question 6, Chloe leads: Anne falls for Ben's answer (Ben +2), Ben finds the truth (+1).
    # Points so far: 5 questions where every voter found the truth; leaders 0 1 2 0 1, so
    # Anne voted in 3 of them (3), Ben in 3 (3), Chloe in 4 (4). Then Anne 3, Ben 6, Chloe 4.
    s = plain(g, s, {ANNE: BEN, BEN: TRUTH})
    assert s.points == (3, 6, 4)
    assert g.is_over(s) and s.round_winners == ((BEN,),) and g.winners(s) == (BEN,)


@pytest.mark.parametrize("first, votes, winner", [
    ([ANNE], {BEN: TRUTH, CHLOE: TRUTH}, (BEN,)),        # 1-1 split: the last round's winner
    ([BEN], {BEN: TRUTH, CHLOE: TRUTH}, (BEN,)),         # Ben wins both
    ([ANNE], {BEN: CHLOE, CHLOE: TRUTH}, (CHLOE,)),      # Chloe 0 + 2 + 1 = 3 > Ben 2
])
def test_a_two_round_game(first, votes, winner):
    g = make_game("bluffer", rounds=2)
    s = g.state_from_position(3, round=1, question=5, points=[0, 2, 0], round_winners=[first])
    s = plain(g, s, votes)
    assert g.is_over(s) and len(s.round_winners) == 2
    assert g.winners(s) == winner


def test_a_split_game_is_shared_when_the_rule_says_so():
    # The rulebook does not say who wins 2 rounds split 1-1: game_tie="shared" gives it to both.
    g = make_game("bluffer", rounds=2, game_tie="shared")
    s = g.state_from_position(3, round=1, question=5, points=[0, 2, 0], round_winners=[[ANNE]])
    s = plain(g, s, {BEN: TRUTH, CHLOE: TRUTH})
    assert g.is_over(s) and g.winners(s) == (ANNE, BEN)
    # "If the 3 rounds were won by 3 different players, the winner is the winner of the last round"
    # is the rulebook's own rule, not the gap: it holds under game_tie="shared" too.
    g = make_game("bluffer", game_tie="shared")
    s = g.state_from_position(3, round=2, question=5, points=[0, 2, 0], round_winners=[[ANNE], [CHLOE]])
    s = plain(g, s, {BEN: TRUTH, CHLOE: TRUTH})
    assert g.is_over(s) and s.round_winners[-1] == (BEN,) and g.winners(s) == (BEN,)


def test_a_two_round_game_is_not_decided_after_one_round():
    g = make_game("bluffer", rounds=2)
    s = plain(g, g.state_from_position(3, question=5, points=[3, 0, 0]))
    assert s.round_winners == ((ANNE,),) and not g.is_over(s) and s.round == 1
    with pytest.raises(RulesError):
        g.state_from_position(3, round=2, round_winners=[[0], [1]])


# -- the two-player game ------------------------------------------------------------------------
# "Each player ... writes on their sheet two, or even three, proposed answers, then adds the true
# answer. ... Their opponent chooses one answer, then a second, etc.... until they find the exact
# answer. Score: Each wrong answer gives a point to the opponent. Then it is the other player's
# turn to ask their question. The game is played over 6 questions."

def test_the_asker_writes_two_or_three_answers():
    g = make_game("bluffer")
    s = g.step(g.new_state(2), None, f"ask {Q}")
    assert tuple(g.to_move(s)) == (ANNE,)
    refused(g, s, BEN, "write two", "not-a-writer")
    s = g.step(s, ANNE, "write two")
    assert s.phase == "write" and not g.legal(s, ANNE).done
    refused(g, s, ANNE, "done", "too-few-answers", "at least 2")
    s = g.step(s, ANNE, "write five")
    assert s.phase == "write" and g.legal(s, ANNE).done and g.legal(s, ANNE).write == 1
    done = g.step(s, ANNE, "done")
    assert done.phase == "shuffle" and done.writes[ANNE] == ("two", "five")
    three = g.step(s, ANNE, "write nine")
    assert three.phase == "shuffle", "after the third answer the sheets go to the shuffle"
    assert three.writes[ANNE] == ("two", "five", "nine")


def test_the_number_of_false_answers_is_an_option():
    g = make_game("bluffer", duel_false_answers=(3, 4))
    s = ask_and_write(g, g.new_state(2), [(ANNE, "one"), (ANNE, "two")])
    refused(g, s, ANNE, "done", "too-few-answers", "at least 3")
    s = g.step(s, ANNE, "write four")
    assert g.legal(s, ANNE).done and s.phase == "write"
    s = g.step(s, ANNE, "write five")
    assert s.phase == "shuffle"
    s = g.step(s, None, "shuffle 4,0,1,2,3")
    assert g.observe(s, BEN).answers == as_read(("three", "one", "two", "four", "five"))
    with pytest.raises(RulesError, match="max_answers"):      # 7 answers: more than 6 places, refused
        make_game("bluffer", duel_false_answers=(2, 6)).new_state(2)   # when two players sit down
    make_game("bluffer", duel_false_answers=(2, 6)).new_state(3)     # the option does not touch 3 players
    assert make_game("bluffer", duel_false_answers="2,3").rules.duel_false_answers == (2, 3)


def test_three_round_winners_are_named_as_a_list():
    # "In case of a tie in points, the round is awarded to each tied player": three of them
    g = make_game("bluffer", rounds=1, questions_per_round=1)
    s = ask_and_write(g, g.new_state(4), [(ANNE, "two"), (BEN, "five"), (CHLOE, "nine"), (DAN, "six")], Q)
    s = g.step(s, None, "shuffle 4,0,1,2,3")           # #1 the truth, then Anne's, Ben's, Chloe's, Dan's
    s = g.step(g.step(s, BEN, "vote 1"), CHLOE, "vote 1")
    after = g.step(s, DAN, "vote 1")                  # B, C and D: 1 point each, Anne none
    said = g.narrate(s, DAN, g.parse("vote 1"), after, NAMES)
    assert "Round 1 goes to Ben, Chloe and Dan. The game is over: Ben, Chloe and Dan win" in said, said


def test_one_false_answer_is_said_in_the_singular():
    g = make_game("bluffer", duel_false_answers=(1, 3))
    s = g.step(g.new_state(2), None, f"ask {Q}")
    refused(g, s, ANNE, "done", "too-few-answers", "at least 1 false answer before")
    s1 = g.step(s, ANNE, "write two")
    assert g.narrate(s1, ANNE, g.parse("done"), g.step(s1, ANNE, "done"), NAMES) == "Anne has written 1 false answer."


def test_the_guesser_picks_until_the_truth_and_each_miss_is_a_point_for_the_asker():
    g = make_game("bluffer")
    s = ask_and_write(g, g.new_state(2), [(ANNE, "two"), (ANNE, "five"), (ANNE, "nine")])
    s = g.step(s, None, "shuffle 0,1,3,2")               # #1 two, #2 five, #3 three, #4 nine
    refused(g, s, ANNE, "vote 3", "not-a-voter")
    s = g.step(s, BEN, "vote 1")
    assert s.phase == "vote" and tuple(g.to_move(s)) == (BEN,)
    refused(g, s, BEN, "vote 1", "already-chosen", "chosen")
    s = g.step(s, BEN, "vote 2")
    assert g.legal(s, BEN).vote == (3, 4)
    for seat in (ANNE, BEN):                              # the picks are spoken aloud
        assert g.observe(s, seat).chosen == (1, 2)
    s = g.step(s, BEN, "vote 3")                          # the truth: the question ends
    # two wrong picks: Anne +2; Ben scores nothing for finding it
    assert gains(s) == (2, 0)
    assert s.points == (2, 0) and s.phase == "ask" and s.leader == BEN


def test_finding_the_truth_first_gives_no_points():
    g = make_game("bluffer")
    s = duel_question(g, g.new_state(2), 2, picks=[])
    assert gains(s) == (0, 0)


@pytest.mark.parametrize("last_picks, winners", [
    ([2], (ANNE, BEN)),                                   # 3 - 3: a shared win
    ([], (ANNE,)),                                        # 3 - 2
    ([1, 2, 3], (BEN,)),                                  # 3 - 5
])
def test_the_two_player_game_is_six_questions_asked_in_turn(last_picks, winners):
    g = make_game("bluffer")
    s = g.new_state(2)
    plan = [(2, [1, 2]), (3, []), (2, [1]), (3, [1, 2]), (3, []), (3, last_picks)]
    for k, (false_answers, picks) in enumerate(plan):
        assert not g.is_over(s), f"over after {k} questions"
        s = duel_question(g, s, false_answers, picks)
    # Anne asks 1, 3, 5: 2 + 1 + 0 = 3. Ben asks 2, 4, 6: 0 + 2 + len(last_picks).
    assert [r.leader for r in s.history] == [0, 1, 0, 1, 0, 1]
    assert s.totals == (3, 2 + len(last_picks))
    assert g.is_over(s) and g.winners(s) == winners


@pytest.mark.parametrize("last_picks, end", [
    ([2], "The game is over: Anne and Ben win, 3 points each."),
    ([], "The game is over: Anne wins, 3 points to 2."),
    ([1, 2, 3], "The game is over: Ben wins, 5 points to 3."),
])
def test_the_two_player_game_ends_without_rounds(last_picks, end):
    # "The game is played over 6 questions": no rounds; the most points win (docs/bluffer.md)
    g = make_game("bluffer")
    s = g.new_state(2)
    for false_answers, picks in [(2, [1, 2]), (3, []), (2, [1]), (3, [1, 2]), (3, [])]:
        s = duel_question(g, s, false_answers, picks)
    s = g.step(s, None, f"ask {fresh(g, s)}")
    for k in (1, 2, 3):
        s = g.step(s, BEN, f"write decoy {k}")
    s = g.step(s, None, "shuffle 0,1,2,3")
    for k in last_picks:
        s = g.step(s, ANNE, f"vote {k}")
    last = g.parse("vote 4")                   # the truth, last of the sixth question
    after = g.step(s, ANNE, last)
    assert g.is_over(after)
    said = g.narrate(s, ANNE, last, after, NAMES[:2])
    assert "Round" not in said and said.endswith(end), said
    assert g.describe(g.observe(s, ANNE), NAMES[:2]).startswith("-- Anne's view -- question 6 of 6, leader Ben")
    assert g.describe(g.observe(after, ANNE), NAMES[:2]).startswith("-- Anne's view -- the game is over")


def test_the_length_of_the_two_player_game_is_an_option():
    g = make_game("bluffer", duel_questions=2)
    s = duel_question(g, g.new_state(2), 2, picks=[1])
    assert not g.is_over(s)
    s = duel_question(g, s, 2, picks=[])
    assert g.is_over(s) and g.winners(s) == (ANNE,)


def test_the_guesser_does_not_see_the_truth_nor_the_authors():
    g = make_game("bluffer")
    s = ask_and_write(g, g.new_state(2), [(ANNE, "two"), (ANNE, "five")])
    s = g.step(s, ANNE, "done")
    s = g.step(s, None, "shuffle 2,0,1")
    assert g.observe(s, BEN).truth is None and g.observe(s, BEN).authors is None
    assert g.observe(s, ANNE).truth == "three" and g.observe(s, ANNE).authors == (TRUTH, ANNE, ANNE)


# -- the team game -----------------------------------------------------------------------------
# "Form two groups. They receive two different questions, invent their answers, then have the
# other team vote." "One of the players on the team reads their question and the answers. All
# the players on the other team vote simultaneously, without conferring."

def test_the_groups_alternate_seats_by_default_or_split_in_halves():
    g = make_game("bluffer")
    assert g.rules.team_split == "alternate"
    assert g.observe(g.new_state(8), 0).teams == ((0, 2, 4, 6), (1, 3, 5, 7))
    h = make_game("bluffer", team_split="halves")
    assert h.observe(h.new_state(8), 0).teams == ((0, 1, 2, 3), (4, 5, 6, 7))
    assert h.observe(h.new_state(7), 0).teams == ((0, 1, 2, 3), (4, 5, 6))
    s = h.step(h.new_state(8), None, f"ask {Q}")
    assert tuple(h.to_move(s)) == (0, 1, 2, 3)


def test_only_the_reading_team_writes_and_only_the_other_team_votes():
    g = make_game("bluffer")
    s = g.step(g.new_state(8), None, f"ask {Q}")
    assert tuple(g.to_move(s)) == (0, 2, 4, 6)
    refused(g, s, 1, "write a fish", "not-a-writer", "other team")
    for seat in (0, 2, 4, 6):
        s = g.step(s, seat, f"write decoy {seat}")
    s = g.step(s, None, "shuffle 0,1,2,3,4")             # #1 seat 0, #2 seat 2, #3 seat 4, #4 seat 6, #5 truth
    assert tuple(g.to_move(s)) == (1, 3, 5, 7)
    refused(g, s, 2, "vote 5", "not-a-voter", "other team")
    refused(g, s, 0, "vote 5", "not-a-voter")
    refused(g, s, 1, "write a fish", "answers-read")
    # Individually, by the base rule: seat 1 finds the truth (+1); seats 3 and 5 fall for
    # seat 2's answer (+2 +2); seat 7 falls for seat 0's (+2).
    s = run(g, s, (1, "vote 5"), (3, "vote 2"), (5, "vote 2"), (7, "vote 1"))
    assert gains(s) == (2, 1, 4, 0, 0, 0, 0, 0)


def test_readers_alternate_between_teams_and_go_round_each_team():
    g = make_game("bluffer")
    s = g.new_state(8)
    for _ in range(8):
        s = plain(g, s)
    assert [r.leader for r in s.history] == [0, 1, 2, 3, 4, 5, 6, 7]
    h = make_game("bluffer", team_split="halves")
    s = h.new_state(8)
    for _ in range(8):
        s = plain(h, s)
    assert [r.leader for r in s.history] == [0, 4, 1, 5, 2, 6, 3, 7]
    # 7 players, alternate: (0 2 4 6) against (1 3 5): each team goes round its own members
    s = g.new_state(7)
    for _ in range(8):
        s = plain(g, s)
    assert [r.leader for r in s.history] == [0, 1, 2, 3, 4, 5, 6, 1]


def test_ten_players_are_two_groups_of_five_sharing_the_five_betting_tokens():
    """"Game for 6 to 10 Players": "Form two groups" ... "The 5 betting tokens will be used by
    both groups": at 10 players a group of 5 writes, the truth makes 6 answers (the board's
    "answers 1 to 6"), and the other group's 5 players each bet one token."""
    g = make_game("bluffer")
    s = g.step(g.new_state(10), None, f"ask {Q}")
    assert tuple(g.to_move(s)) == (0, 2, 4, 6, 8), "one group of 5 writes"
    for seat in (0, 2, 4, 6, 8):
        s = g.step(s, seat, f"write decoy {seat}")
    s = g.step(s, None, "shuffle 0,1,2,3,4,5")           # #1..#5 seats 0 2 4 6 8, #6 the truth
    assert tuple(g.to_move(s)) == (1, 3, 5, 7, 9), "the other group's 5 players bet"
    assert g.legal(s, 1).vote == (1, 2, 3, 4, 5, 6)
    # Seats 1, 3, 5, 7 find the truth (+1 each); seat 9 falls for seat 0's answer (+2).
    s = run(g, s, (1, "vote 6"), (3, "vote 6"), (5, "vote 6"), (7, "vote 6"), (9, "vote 1"))
    assert gains(s) == (2, 1, 0, 1, 0, 1, 0, 1, 0, 0)
    assert s.leader == 1, "the other group reads next"


def test_the_round_goes_to_the_best_player_without_team_scoring():
    g = make_game("bluffer")
    s = g.state_from_position(8, leader=0, question=5, points=[6, 2, 0, 2, 0, 2, 0, 2])
    s = plain(g, s)                                      # seats 1, 3, 5, 7 find the truth: 3 each
    assert s.round_winners == ((0,),)                    # seat 0 has 6


def test_team_scoring_gives_the_round_to_the_whole_team():
    # "Variant: Tally points by team rather than individually if the teams have the same number
    # of players."
    g = make_game("bluffer", team_scoring=True)
    s = g.state_from_position(8, leader=0, question=5, points=[6, 2, 0, 2, 0, 2, 0, 2])
    s = plain(g, s)                                      # team (1 3 5 7): 4 x 3 = 12 > team (0 2 4 6): 6
    assert s.round_winners == ((1, 3, 5, 7),)
    even = g.state_from_position(8, leader=0, question=5, points=[10, 2, 0, 2, 0, 2, 0, 2])
    even = plain(g, even, {1: TRUTH, 3: TRUTH, 5: TRUTH, 7: 0})   # 10 + 2 = 12 against 3 + 3 + 3 + 2 = 11
    assert even.round_winners == ((0, 2, 4, 6),)
    level = g.state_from_position(8, leader=0, question=5, points=[9, 2, 0, 2, 0, 2, 0, 2])
    level = plain(g, level, {1: TRUTH, 3: TRUTH, 5: TRUTH, 7: 0})  # 11 against 11: both teams
    assert level.round_winners == (tuple(range(8)),)


def test_team_scoring_needs_teams_of_the_same_size():
    g = make_game("bluffer", team_scoring=True)
    with pytest.raises(RulesError, match="same"):
        g.new_state(7)                                   # 4 against 3
    g.new_state(8)
    make_game("bluffer").new_state(7)                    # individual scoring: any split


def test_the_whole_reading_team_knows_the_truth_and_the_authors():
    g = make_game("bluffer")
    s = plain(g, g.new_state(6), votes={})              # at the vote; team (0 2 4) reads
    for seat in (0, 2, 4):
        o = g.observe(s, seat)
        assert o.truth == "three" and o.authors == (0, 2, 4, TRUTH)
    for seat in (1, 3, 5):
        o = g.observe(s, seat)
        assert o.truth is None and o.authors is None
        assert o.answers == as_read(("decoy 0", "decoy 2", "decoy 4", "three"))


# -- hidden information -------------------------------------------------------------------------
# "invents a false answer and writes it on their sheet in secret"; the Leader reads the answers
# "without naming the author"; "at the same moment, everyone bets".

def _texts_in(obs):
    return repr(obs.to_dict())


def test_no_seat_sees_another_seats_answer_before_the_reading():
    g = make_game("bluffer")
    secret = {ANNE: "zebra alpha", BEN: "zebra bravo", CHLOE: "zebra charlie", DAN: "zebra delta"}
    s = g.step(g.new_state(4), None, f"ask {Q}")
    for writer, text in secret.items():
        s = g.step(s, writer, f"write {text}")
        for seat in range(4):
            seen = _texts_in(g.observe(s, seat))
            for other, hidden in secret.items():
                if other != seat:
                    assert hidden not in seen, f"seat {seat} sees {hidden!r} in phase {s.phase}"
        assert g.observe(s, writer).mine == (text,)
    assert s.phase == "shuffle"
    s = g.step(s, None, "shuffle 4,3,2,1,0")
    for seat in range(4):
        assert g.observe(s, seat).answers == as_read(("three", "zebra delta", "zebra charlie", "zebra bravo",
                                                      "zebra alpha"))


def test_only_the_leader_sees_the_truth_and_the_authors_before_the_reveal():
    g, s = four_at_vote()
    lead = g.observe(s, ANNE)
    assert lead.truth == "three" and lead.authors == (CHLOE, TRUTH, ANNE, DAN, BEN)
    for seat in (BEN, CHLOE, DAN):
        o = g.observe(s, seat)
        assert o.truth is None, f"seat {seat} is told the true answer"
        assert o.authors is None, f"seat {seat} is told the authors"
    s = run(g, s, (BEN, "vote 3"), (CHLOE, "vote 2"), (DAN, "vote 1"))
    for seat in range(4):                                # the reveal: everyone sees the authors
        last = g.observe(s, seat).history[-1]
        assert [a for a, _ in last.order] == [CHLOE, TRUTH, ANNE, DAN, BEN]
        assert last.votes == ((), (3,), (2,), (1,))


def test_the_leader_writes_before_seeing_the_true_answer():
    # "1 - The Leader ... reads aloud the question ... (the answer stays hidden). 2 - Each Player
    # (including the Leader) invents a false answer ... 3 - The Leader lifts the card slightly to
    # copy the true answer onto the 'Answer' sheet"
    g = make_game("bluffer")
    s = g.step(g.new_state(3), None, f"ask {Q}")
    assert g.observe(s, ANNE).truth is None, "the leader sees the true answer before writing"


def test_which_other_player_wrote_which_answer_is_not_seen():
    # Game A: Chloe "nine", Dan "one"; game B: Chloe "one", Dan "nine". Shuffles that read the
    # same texts in the same order, Ben's "five" at #2 in both.
    g = make_game("bluffer")
    a = ask_and_write(g, g.new_state(4), [(ANNE, "two"), (BEN, "five"), (CHLOE, "nine"), (DAN, "one")])
    b = ask_and_write(g, g.new_state(4), [(ANNE, "two"), (BEN, "five"), (CHLOE, "one"), (DAN, "nine")])
    assert g.observe(a, BEN) == g.observe(b, BEN)         # written, not yet read
    assert g.observe(a, ANNE) == g.observe(b, ANNE)       # the leader has not collected them yet
    a = g.step(a, None, "shuffle 4,1,2,3,0")              # three, five, nine (Chloe), one (Dan), two
    b = g.step(b, None, "shuffle 4,1,3,2,0")              # three, five, nine (Dan), one (Chloe), two
    assert g.observe(a, BEN).answers == as_read(("three", "five", "nine", "one", "two"))
    assert g.observe(a, BEN) == g.observe(b, BEN)
    assert g.observe(a, ANNE) != g.observe(b, ANNE), "the leader knows the authors"
    a = run(g, a, (BEN, "vote 3"), (CHLOE, "vote 1"))
    b = run(g, b, (BEN, "vote 3"), (CHLOE, "vote 1"))
    assert g.observe(a, BEN) == g.observe(b, BEN)
    a, b = g.step(a, DAN, "vote 1"), g.step(b, DAN, "vote 1")
    assert g.observe(a, BEN) != g.observe(b, BEN), "after the reveal the authors are public"
    # Ben's vote on #3 "nine": 2 points to Chloe in game A, to Dan in game B.
    assert gains(a) == (0, 0, 3, 1) and gains(b) == (0, 0, 1, 3)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_decoys_a_seat_is_given_never_mark_another_seats_answer_false(players):
    # "invents a false answer and writes it on their sheet in secret"; the leader reads the
    # answers "without naming the author". A bot writes from the deck's decoys, so a seat
    # given the deck's whole list could strike every bot's answer off as false and find the
    # truth. Each seat is given its own share, so what it holds never names another's sheet.
    g = make_game("bluffer")
    for seed in range(12):
        rng = np.random.default_rng(seed)
        s = g.new_state(players)
        given: dict[int, set[str]] = {seat: set() for seat in range(players)}
        while s.phase != "vote":
            if g.is_chance(s):
                s = g.step(s, None, g.sample_chance(s, rng))
                continue
            seat = g.to_move(s)[0]
            legal = g.legal(s, seat)
            given[seat] |= set(legal.fitted_decoys()) | set(g.observe(s, seat).legal.decoys)
            s = g.step(s, seat, legal.sample(rng))
        for seat in g.to_move(s):
            others = set(g.observe(s, seat).answers) - set(g.observe(s, seat).mine)
            assert not given[seat] & others, (f"seed {seed}: seat {seat}'s decoys name answers others "
                                              f"wrote: {sorted(given[seat] & others)}")


def test_votes_are_sealed_until_all_are_in():
    g, s = four_at_vote()
    on3, on4 = g.step(s, BEN, "vote 3"), g.step(s, BEN, "vote 4")
    for seat in (ANNE, CHLOE, DAN):
        assert g.observe(on3, seat) == g.observe(on4, seat), f"seat {seat} sees Ben's vote"
    assert g.observe(on3, BEN).my_votes == (3,) and g.observe(on4, BEN).my_votes == (4,)
    both = g.step(on3, CHLOE, "vote 1")
    assert g.observe(both, DAN).my_votes == () and g.observe(both, DAN).history == ()
    assert g.observe(both, DAN) == g.observe(g.step(on4, CHLOE, "vote 5"), DAN), "Dan sees the others' votes"
    done = g.step(both, DAN, "vote 2")
    for seat in range(4):
        assert g.observe(done, seat).history[-1].votes == ((), (3,), (1,), (2,))


def _position(where):
    """A position with something hidden from some seats."""
    g = make_game("bluffer")
    if where == "standard vote":                          # Ben has voted; Chloe and Dan have not
        return g, g.step(four_at_vote(g)[1], BEN, "vote 3")
    if where == "standard write":                         # Ben and Dan have written
        return g, ask_and_write(g, g.new_state(4), [(BEN, "five"), (DAN, "one")])
    if where == "teams vote":                             # team (0 2 4) reads; seat 1 has voted
        return g, g.step(plain(g, g.new_state(6), votes={}), 1, "vote 2")
    duel = ask_and_write(g, g.new_state(2), [(ANNE, "two"), (ANNE, "five"), (ANNE, "nine")])
    return g, g.step(g.step(duel, None, "shuffle 3,0,2,1"), BEN, "vote 2")   # #1 is the truth


@pytest.mark.parametrize("where", ["standard vote", "standard write", "teams vote", "duel vote"])
def test_hiding_what_a_seat_cannot_see_leaves_its_observation_unchanged(where):
    g, s = _position(where)
    for seat in range(s.players):
        o = g.observe(s, seat)
        others = [g.hide_from(s, seat, np.random.default_rng(100 + k)) for k in range(12)]
        for h in others:
            assert g.observe(h, seat) == o, f"{where}: seat {seat} can tell a redealt state apart"
        moved = [h for h in others if h.values() != s.values()]
        if where != "duel vote" or seat == BEN:           # nothing is hidden from the duel's asker
            assert moved, f"{where}: hide_from never changed anything hidden from seat {seat}"


def test_refused_own_votes_do_not_tell_which_identical_answer_is_yours():
    # "If 2 answers, true or false, are identical ... both sheets are read, with a different
    # number" and "Be careful not to vote for your own answer": a voter hears two "two"s and
    # cannot tell which is their own.
    g = make_game("bluffer", own_answer_vote="refused")
    s = ask_and_write(g, g.new_state(3), [(ANNE, "nine"), (BEN, "two"), (CHLOE, "two")])
    s = g.step(s, None, "shuffle 1,2,0,3")               # #1 two (Ben), #2 two (Chloe)
    o = g.observe(s, BEN)
    for k in range(12):
        assert g.observe(g.hide_from(s, BEN, np.random.default_rng(k)), BEN) == o



def test_hide_from_deals_another_true_answer_onto_the_card_a_seat_has_not_read():
    """"The Leader lifts the card slightly to copy the true answer" once the answers are
    written, and the voters hear it only among the others: the card's answer is dealt again
    for every seat while the answers are written, and for a voter while they are read (the
    card then says the answer on the sheet marked true), never for the leader once it has
    read it. The standard game's question is public: without this, a view showing the
    card's answer too early would pass the no-leak check."""
    g = make_game("bluffer")
    writing = ask_and_write(g, g.new_state(4), [(BEN, "five")])
    _, voting = four_at_vote(g)
    for seat in range(4):
        dealt = {g.hide_from(writing, seat, np.random.default_rng(k)).deck.by_id[Q].answer for k in range(12)}
        assert len(dealt) > 1, f"seat {seat} while writing: {dealt}"
    for k in range(12):
        kept = g.hide_from(voting, ANNE, np.random.default_rng(k))
        assert kept.deck.by_id[Q].answer == "three", "the leader has read the card"
    read = set()
    for k in range(12):
        dealt = g.hide_from(voting, BEN, np.random.default_rng(k))
        answer = dealt.deck.by_id[Q].answer
        assert (TRUTH, answer) in dealt.order and answer != "five", "the card says the sheet marked true"
        assert g.table(dealt).true_answer() == answer
        read.add(answer)
    assert len(read) > 2, read


def test_hide_from_keeps_a_picked_answer_false_in_the_two_player_game():
    """Two players: "Their opponent chooses one answer, then a second, etc. ... until they
    find the exact answer". A pick that did not end the question was a false answer: a
    redeal for the picker keeps it false (the truth moves among the answers not picked)."""
    g = make_game("bluffer")
    s = ask_and_write(g, g.new_state(2), [(ANNE, "two"), (ANNE, "five"), (ANNE, "nine")])
    s = g.step(g.step(s, None, "shuffle 3,0,2,1"), BEN, "vote 2")     # #1 three (truth), #2 two: wrong
    s = g.step(s, BEN, "vote 3")                                       # #3 nine: wrong
    truths = set()
    for k in range(20):
        dealt = g.hide_from(s, BEN, np.random.default_rng(k))
        truths.add(next(n for n, (a, _) in enumerate(dealt.order, 1) if a == TRUTH))
        assert g.observe(dealt, BEN) == g.observe(s, BEN)
    assert truths == {1, 4}, truths


def test_for_state_is_the_game_itself_unless_the_state_holds_a_dealt_card():
    """``for_state``: the game that goes with a state (the widget check draws its twin with
    it), the game itself for a state it played, a game with the dealt deck for a redeal."""
    g, s = four_at_vote()
    assert g.for_state(s) is g
    dealt = next(d for d in (g.hide_from(s, BEN, np.random.default_rng(k)) for k in range(12))
                 if d.deck.by_id[Q].answer != "three")
    other = g.for_state(dealt)
    assert other is not g and other.deck is dealt.deck and other.rules == g.rules
    assert g.deck.by_id[Q].answer == "three", "the game's own deck is left as it was"


# -- bad input --------------------------------------------------------------------------------

def _writing(players=3):
    g = make_game("bluffer")
    return g, g.step(g.new_state(players), None, f"ask {Q}")


@pytest.mark.parametrize("action, rule, says", [
    (Write(""), "empty-answer", "blank"),
    (Write("   "), "empty-answer", "blank"),
    (Write("a  dog"), "answer-spacing", "spaces"),
    (Write(" a dog"), "answer-spacing", "spaces"),
    ("write " + "x" * 61, "answer-too-long", "60"),
    ("write a\x07dog", "answer-not-printable", "printable"),
    (Write("a\tdog"), "answer-spacing", "spaces"),
    (Write("a\u200bdog"), "answer-not-printable", "printable"),
    ("vote 1", "not-voting-yet", "being written"),
    ("done", "no-done", "done"),
    (Ask("octopus-blood"), "chance-move", "chance"),
    (Shuffle((0, 1, 2, 3)), "chance-move", "chance"),
])
def test_bad_moves_while_writing(action, rule, says):
    g, s = _writing()
    refused(g, s, BEN, action, rule, says)


def test_the_longest_answer_is_accepted_and_is_an_option():
    g, s = _writing()
    assert g.step(s, BEN, "write " + "x" * 60).writes[BEN] == ("x" * 60,)
    g = make_game("bluffer", max_answer_length=30)
    s = g.step(g.new_state(3), None, f"ask {Q}")
    assert g.step(s, BEN, "write " + "y" * 30).writes[BEN] == ("y" * 30,)
    refused(g, s, BEN, "write " + "y" * 31, "answer-too-long", "30")


def _deck_file(tmp_path, answer, decoys):
    import json
    lines = [{"format": "bluffkit-deck", "version": 1, "title": "t", "language": "en"},
             {"id": "q1", "category": "c", "question": "What?", "answer": answer, "source": "s", "decoys": decoys}]
    path = tmp_path / "deck.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    return str(path)


def test_a_true_answer_longer_than_a_player_may_write_is_refused(tmp_path):
    """A true answer longer than max_answer_length stood out among the answers the players
    could write (cut short on the vote buttons, whole at the reveal): the truth by its length."""
    long = "a very long true answer that goes on and on past the sixtieth character of it"
    deck = _deck_file(tmp_path, long, ["red", "green", "blue", "pink", "grey"])
    with pytest.raises(RulesError, match=r"true answer .* has 77 characters: an answer longer than a player may "
                                         r"write would give the truth away\. This deck needs max_answer_length >= 77"):
        make_game("bluffer", deck=deck)
    assert make_game("bluffer", deck=deck, max_answer_length=77).deck.longest == 77
    with pytest.raises(RulesError, match="the decoy 'the kangaroo' of question 'koala-fingerprints' has 12 "
                                         "characters: a bot could not write a decoy that long"):
        make_game("bluffer", max_answer_length=10)
    shipped = make_game("bluffer").deck.longest
    assert make_game("bluffer", max_answer_length=shipped).rules.max_answer_length == shipped


def test_decoys_that_read_the_same_as_the_answer_or_each_other_are_refused(tmp_path):
    """Two spaces, or a letter and its accent as two code points, read the same on a sheet:
    a bot writing such a decoy wrote the true answer, or the same answer as another bot. So do
    capitals and a final stop, exclamation or question mark, which the leader does not read
    out: the table hears "Tubes." as "tubes" (actions.reading)."""
    from bluffkit.games.bluffer.deck import load_deck
    more = ["one", "two", "six", "ten"]
    for answer, decoys, says in (("three hearts", ["three  hearts", *more], "same as the answer"),
                                 ("caf\u00e9", ["cafe\u0301", *more], "same as the answer"),
                                 ("tea", ["a b", "a  b", *more], "repeats decoy"),
                                 ("tubes", ["Tubes.", *more], "decoy 'Tubes.' is the same as the answer"),
                                 ("tubes", ["TUBES?!", *more], "same as the answer"),
                                 ("Tubes!", ["tubes", *more], "same as the answer"),
                                 ("tubes", ["cubes!", "Cubes", *more], "decoy 'Cubes' repeats decoy 'cubes!'"),
                                 ("tubes", ["the cones.", "The Cones", *more], "repeats decoy")):
        with pytest.raises(DeckError, match=says):
            load_deck(_deck_file(tmp_path, answer, decoys))
    assert load_deck(_deck_file(tmp_path, "three hearts", ["three spades", *more])).longest == 12
    # a stop inside the text is read out: "A.B." reads "a.b", not "ab"
    assert load_deck(_deck_file(tmp_path, "tubes", ["A.B.", "AB", *more])).questions[0].decoys[:2] == ("A.B.", "AB")


def test_answers_that_look_the_same_are_the_same_text():
    """A written answer is stored composed (NFC): "café" typed with a combining accent is
    the "café" of another sheet."""
    g, s = _writing()
    after = g.step(s, BEN, "write cafe\u0301 au lait")
    assert after.writes[BEN] == ("caf\u00e9 au lait",)
    refused(g, s, BEN, Write("cafe\u0301"), "answer-spacing", "composed")


@pytest.mark.parametrize("seat, action, rule, says", [
    (BEN, "write six", "answers-read", "vote"),
    (BEN, "vote 0", "no-such-answer", "no answer 0"),
    (BEN, "vote 6", "no-such-answer", "no answer 6"),
    (BEN, "vote 99", "no-such-answer", "1 to 5"),
    (ANNE, "vote 2", "leader-does-not-vote", "leader"),
    (7, "vote 2", "no-such-seat", "seat"),
    (-1, "vote 2", "no-such-seat", "seat"),
    (BEN, "done", "no-done", "done"),
    (None, "shuffle 0,1,2,3,4", "not-chance-turn", "player"),
    (None, f"ask {Q}", "not-chance-turn", "player"),
])
def test_bad_moves_while_voting(seat, action, rule, says):
    g, s = four_at_vote()
    refused(g, s, seat, action, rule, says)


@pytest.mark.parametrize("action, rule, says", [
    ("shuffle 0,1,2", "bad-shuffle", "4 sheets"),
    ("shuffle 0,1,2,3,4", "bad-shuffle", "4 sheets"),
    ("shuffle 0,0,1,2", "bad-shuffle", "once"),
    ("shuffle 1,2,3,4", "bad-shuffle", "0..3"),
    ("shuffle -1,0,1,2", "bad-shuffle", "once"),
    (f"ask {Q}", "not-chance-turn", "shuffle"),
])
def test_a_bad_shuffle_is_refused(action, rule, says):
    g = make_game("bluffer")
    s = ask_and_write(g, g.new_state(3), [(ANNE, "two"), (BEN, "five"), (CHLOE, "nine")])
    refused(g, s, None, action, rule, says)
    refused(g, s, BEN, "vote 1", "chance-turn", "shuffle")


def test_an_unknown_question_is_refused():
    g = make_game("bluffer")
    s = g.new_state(3)
    refused(g, s, None, "ask no-such-question", "no-such-question", "no-such-question")
    refused(g, s, None, "shuffle 0,1,2,3", "not-chance-turn", "ask")
    refused(g, s, BEN, "write two", "chance-turn", "question")


@pytest.mark.parametrize("text", [
    "write", "write   ", "vote x", "vote", "vote -1", "vote 2.5", "", "   ", "jump 3", "shuffle a,b",
    "shuffle", "ask", "ask two words", "done now",
])
def test_text_that_does_not_parse_raises_a_notation_error(text):
    g = make_game("bluffer")
    with pytest.raises(NotationError) as info:
        g.parse(text)
    assert str(info.value)
    _, s = _writing()
    with pytest.raises(NotationError):
        g.step(s, BEN, text)


def test_a_superscript_digit_is_a_notation_error():
    with pytest.raises(NotationError):
        make_game("bluffer").parse("vote \u00b2")


def test_parse_messages_say_what_is_missing():
    g = make_game("bluffer")
    with pytest.raises(NotationError, match="write what"):
        g.parse("write")
    with pytest.raises(NotationError, match="answer number"):
        g.parse("vote x")


@pytest.mark.parametrize("options, says", [
    ({"rounds": 0}, "rounds"),
    ({"rounds": 4}, "rounds"),
    ({"own_answer_vote": "x"}, "own_answer_vote"),
    ({"team_split": "x"}, "team_split"),
    ({"max_answers": 2}, "max_answers"),
    ({"max_answer_length": 0}, "max_answer_length"),
    ({"questions_per_round": 0}, "questions_per_round"),
    ({"duel_false_answers": (3, 2)}, "duel_false_answers"),
    ({"stop_when_decided": "yes"}, "stop_when_decided"),
    ({"team_scoring": 1}, "team_scoring"),
    ({"game_tie": "first_round"}, "game_tie"),
    ({"majority_tie": "yes"}, "majority_tie"),
    ({"colour": "red"}, "colour"),
    ({"deck": "no-such-deck"}, "no-such-deck"),
])
def test_bad_rule_options_are_refused(options, says):
    with pytest.raises(RulesError) as info:
        make_game("bluffer", **options)
    assert says in str(info.value)


@pytest.mark.parametrize("options, says", [
    ({"max_answer_length": 4}, "max_answer_length must be an int from 5 to 200"),
    ({"max_answer_length": 201}, "max_answer_length must be an int from 5 to 200"),
    ({"first_leader": -1}, "first_leader must be a seat"),
    ({"first_leader": 10}, "first_leader must be a seat from 0 to max_players - 1 (9), got 10"),
    ({"first_leader": 5, "max_players": 5}, "first_leader must be a seat from 0 to max_players - 1 (4), got 5"),
    ({"duel_false_answers": (0, 3)}, "duel_false_answers must be (fewest, most)"),
    ({"duel_false_answers": "0,2"}, "duel_false_answers must be (fewest, most)"),
    ({"max_players": 11}, "min_players and max_players must satisfy"),
    ({"min_players": 1}, "min_players and max_players must satisfy"),
    ({"max_answers": 13}, "max_answers must be an int from 3 to 12"),
    ({"duel_questions": 0}, "duel_questions must be an int from 1 to 100"),
    ({"questions_per_round": 101}, "questions_per_round must be an int from 1 to 100"),
])
def test_an_option_just_past_its_bounds_is_refused_naming_it(options, says):
    # 2 to 10 players ("Game for 2 Players" .. "Game for 6 to 10 Players"); the two-player asker
    # writes "two, or even three" false answers, so at least one; seats count from 0.
    import re

    from bluffkit.games.bluffer.rules import Rules
    with pytest.raises(RulesError, match="^" + re.escape(says)):
        Rules(**options)


@pytest.mark.parametrize("options", [
    {"max_answer_length": 5}, {"max_answer_length": 200}, {"max_answers": 3, "duel_false_answers": (1, 2)},
    {"max_answers": 12},
    {"rounds": 1}, {"rounds": 2}, {"duel_false_answers": (1, 1)}, {"duel_questions": 100},
    {"questions_per_round": 100}, {"min_players": 2, "max_players": 10}, {"first_leader": 0}, {"first_leader": 9},
])
def test_an_option_at_its_bounds_is_accepted(options):
    from bluffkit.games.bluffer.rules import Rules
    r = Rules(**options)
    assert all(getattr(r, k) == v for k, v in options.items())


def test_the_false_answers_option_is_read_from_a_command_line_pair():
    from bluffkit.games.bluffer.rules import Rules
    assert Rules(duel_false_answers="1,4").duel_false_answers == (1, 4)


def test_a_malformed_deck_file_names_its_line(tmp_path):
    good = ('{"id": "owl-eyes", "category": "animals", "question": "What shape are an owl\'s eyes?", '
            '"answer": "tubes", "source": "Encyclopaedia: Owl", '
            '"decoys": ["spheres", "cones", "cubes", "discs", "rings"]}')
    header = '{"format": "bluffkit-deck", "version": 1, "title": "Tiny", "language": "en"}'
    path = tmp_path / "tiny.jsonl"
    path.write_text("\n".join([header, good, '{"id": "broken", "category": ']) + "\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        make_game("bluffer", deck=str(path))
    assert info.value.line == 3 and "line 3" in str(info.value)
    fine = tmp_path / "fine.jsonl"
    fine.write_text(header + "\n" + good + "\n", encoding="utf-8")
    g = make_game("bluffer", deck=str(fine))
    s = g.step(g.new_state(3), None, "ask owl-eyes")
    assert g.observe(s, ANNE).question_text == "What shape are an owl's eyes?"
    refused(g, g.new_state(3), None, f"ask {Q}", "no-such-question")


def test_moves_after_the_game_are_refused():
    g = make_game("bluffer", rounds=1, questions_per_round=1)
    s = plain(g, g.new_state(3))
    assert g.is_over(s) and tuple(g.to_move(s)) == ()
    refused(g, s, BEN, "write two", "game-over", "over")
    refused(g, s, ANNE, "vote 1", "game-over", "over")
    refused(g, s, None, f"ask {Q}", "not-chance-turn")


# -- notation ---------------------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    Ask(Q), Write("a purple cow"), Write("three"), Write("l'éléphant"), Done(), Shuffle((2, 0, 3, 1)),
    Shuffle((0,)), Vote(1), Vote(6),
])
def test_text_forms_round_trip(action):
    g = make_game("bluffer")
    assert g.parse(str(action)) == action
    assert g.parse(g.notation(action)) == action


def test_answer_text_is_normalised_when_read():
    g = make_game("bluffer")
    assert g.parse("write   a   purple\tcow  ") == Write("a purple cow")
    assert g.parse("  WRITE a dog") == Write("a dog")
    _, s = _writing()
    assert g.step(s, BEN, "write   a    dog ").writes[BEN] == ("a dog",)


# -- narration and facts ----------------------------------------------------------------------

def test_the_reveal_names_the_authors_and_the_points():
    g, s = four_at_vote()
    s = run(g, s, (BEN, "vote 3"), (CHLOE, "vote 2"))
    after = g.step(s, DAN, "vote 1")
    text = g.narrate(s, DAN, Vote(1), after, NAMES)
    # #1 nine (Chloe, Dan's vote), #2 the truth (Chloe's vote), #3 two (Anne, Ben's vote)
    for part in ["\u201cNine\u201d: Chloe (Dan)", "\u201cThree\u201d: the true answer (Chloe)",   # as read out
                 "\u201cTwo\u201d: Anne (Ben)", "\u201cOne\u201d: Dan", "\u201cFive\u201d: Ben",
                 "Anne +2", "Chloe +3"]:
        assert part in text, f"{part!r} not in {text!r}"
    assert "Ben +" not in text and "Dan +" not in text
    _, start = four_at_vote(g)
    quiet = g.narrate(start, BEN, Vote(3), g.step(start, BEN, "vote 3"), NAMES)
    assert "Nine" not in quiet and "Anne" not in quiet, "a sealed vote is narrated without the reveal"


def test_the_end_of_a_round_and_of_the_game_are_narrated():
    g = make_game("bluffer")
    s = g.state_from_position(3, leader=CHLOE, question=5, points=[4, 6, 5])
    s = plain(g, s, {ANNE: TRUTH})
    after = g.step(s, BEN, "vote 4")                     # Ben on the truth: Ben 7
    assert "Round 1 goes to Ben" in g.narrate(s, BEN, Vote(4), after, NAMES)
    s = g.state_from_position(3, round=1, question=5, points=[0, 3, 0], round_winners=[[BEN]])
    s = plain(g, s, {BEN: TRUTH})
    after = g.step(s, CHLOE, "vote 4")
    said = g.narrate(s, CHLOE, Vote(4), after, NAMES)
    # the last round's winner was never said, and the end named no rounds ("End of the Game":
    # "The player who has won 2 rounds is declared the winner")
    assert "Round 2 goes to Ben. The game is over: Ben wins (rounds won: 2 by Ben)." in said, said
    s = g.state_from_position(3, round=2, question=5, points=[0, 0, 3], round_winners=[[ANNE], [BEN]])
    s = plain(g, s, {BEN: TRUTH})
    after = g.step(s, CHLOE, "vote 4")                  # three rounds, three winners: the last round's
    said = g.narrate(s, CHLOE, Vote(4), after, NAMES)
    assert ("Round 3 goes to Chloe. The game is over: Chloe wins (rounds won: 1 by Anne, 1 by Ben, 1 by Chloe; "
            "no one won 2, so the last round's winner takes the game).") in said, said
    s = g.state_from_position(4, round=2, question=5, points=[0, 0, 5, 5], round_winners=[[ANNE], [BEN]])
    s = plain(g, s, {})                                  # a tied last round: Chloe and Dan share it
    truth = 1 + [author for author, _ in s.order].index(TRUTH)
    *first, last = g.to_move(s)
    s = run(g, s, *[(v, f"vote {truth}") for v in first])
    said = g.narrate(s, last, Vote(truth), g.step(s, last, f"vote {truth}"), NAMES[:4])
    assert "Chloe and Dan win (rounds won: 1 by Anne, 1 by Ben, 1 by Chloe, 1 by Dan; no one won 2, so the " \
           "last round's winners share the game)." in said, said


def test_facts_give_the_numbers_by_name():
    g, s = four_at_vote()
    s = run(g, s, (BEN, "vote 3"), (CHLOE, "vote 2"), (DAN, "vote 1"))
    f = g.facts(s, NAMES[:4])
    assert f["points"] == {"Anne": 2, "Ben": 0, "Chloe": 3, "Dan": 0}
    assert f["totals"] == {"Anne": 2, "Ben": 0, "Chloe": 3, "Dan": 0}
    assert f["last_gains"] == {"Anne": 2, "Ben": 0, "Chloe": 3, "Dan": 0}
    assert f["last_authors"] == ["Chloe", "truth", "Anne", "Dan", "Ben"]
    assert f["round_winners"] == [] and f["leader"] == "Ben"
    g = make_game("bluffer")
    s = plain(g, g.state_from_position(3, leader=CHLOE, question=5, points=[5, 6, 0]), {ANNE: TRUTH, BEN: CHLOE})
    f = g.facts(s, NAMES[:3])
    assert f["round_winners"] == [["Anne", "Ben"]]
    assert f["round_wins"] == {"Anne": 1, "Ben": 1, "Chloe": 0}
    assert f["points"] == {"Anne": 0, "Ben": 0, "Chloe": 0}
    assert f["totals"] == {"Anne": 6, "Ben": 6, "Chloe": 2}


def test_in_the_team_and_two_player_games_only_the_writers_read_the_question_before_the_reading():
    """"Each group secretly reads the question from their deck" / "each secretly reads their
    question": the voters hear it with the answers."""
    for players, writer, voter in ((6, 0, 1), (2, 0, 1)):
        g = make_game("bluffer")
        s = g.step(g.new_state(players), None, f"ask {Q}")
        assert g.observe(s, writer).question_text and g.observe(s, writer).qid == Q
        assert g.observe(s, voter).question_text == "" and g.observe(s, voter).qid == ""
        writers = [w for w in range(players) if w % 2 == 0] if players == 6 else [0]
        for w in writers:
            s = g.step(s, w, "write two")
        if players == 2:
            s = g.step(s, 0, "write five")
            s = g.step(s, 0, "done")
        s = g.step(s, None, "shuffle " + ",".join(map(str, range(len(writers) + (2 if players == 2 else 1)))))
        assert g.observe(s, voter).question_text == "How many hearts does an octopus have?"


def test_a_vote_must_be_a_whole_number_not_a_bool_or_float():
    from bluffkit.games.bluffer.engine import Vote
    g = make_game("bluffer")
    s = g.step(g.new_state(3), None, f"ask {Q}")
    for seat, text in enumerate(["two", "five", "nine"]):
        s = g.step(s, seat, f"write {text}")
    s = g.step(s, None, "shuffle 0,1,2,3")
    for bad, says in ((Vote(True), "Vote.number holds True of type bool"), (Vote(2.0), "holds 2.0 of type float")):
        with pytest.raises(IllegalAction, match=says):
            g.step(s, 1, bad)


def test_a_used_up_deck_is_gone_through_again_each_question_once(tmp_path):
    """"place it at the back of the deck": a small deck's questions come round again, each
    once per pass."""
    from bluffkit.agents.bluffer import BluffBot
    from bluffkit.core.play import play
    path, qs = small_deck(tmp_path, 5, "Five")
    rec = play(make_game("bluffer", deck=str(path), stop_when_decided=False), [BluffBot(0.4) for _ in range(3)], 3,
               max_steps=5_000)                          # 18 questions: hundreds of steps, not the default 200,000
    asked = list(rec.final.used)
    assert len(asked) == 18, "3 rounds of 6 questions (each player leads twice), none cut short"
    for k in range(0, 15, 5):
        assert sorted(asked[k:k + 5]) == sorted(q.id for q in qs), f"pass {k // 5 + 1}: {asked[k:k + 5]}"


def test_refused_own_votes_leave_a_vote_when_every_answer_reads_like_ones_own():
    g = make_game("bluffer", own_answer_vote="refused")
    s = g.step(g.new_state(3), None, f"ask {Q}")
    for seat in range(3):
        s = g.step(s, seat, "write three")           # everyone writes the true answer
    s = g.step(s, None, "shuffle 0,1,2,3")
    assert g.legal(s, 1).vote == (1, 2, 3, 4)


def test_a_shuffle_of_bools_or_floats_and_a_question_id_that_is_not_text_are_refused():
    from bluffkit.games.bluffer.engine import Ask, Shuffle
    g = make_game("bluffer")
    with pytest.raises(IllegalAction, match=r"Ask.qid holds \['x'\] of type list"):
        g.step(g.new_state(3), None, Ask(["x"]))
    with pytest.raises(IllegalAction, match="Ask.qid holds 7; it takes text"):
        g.step(g.new_state(3), None, Ask(7))
    s = g.step(g.new_state(3), None, f"ask {Q}")
    for seat, text in enumerate(["two", "five", "nine"]):
        s = g.step(s, seat, f"write {text}")
    for bad, says in (((True, False, 2, 3), "Shuffle.order holds True of type bool"),
                      ((0.0, 1, 2, 3), "Shuffle.order holds 0.0 of type float"),
                      (None, "Shuffle.order holds None; it takes a tuple of whole numbers")):
        with pytest.raises(IllegalAction, match=says):
            g.step(s, None, Shuffle(bad))


@pytest.mark.parametrize("seat", [-1, 3, "1", True])
def test_no_view_for_a_seat_that_does_not_exist(seat):
    """-1 would otherwise index the last seat's secret sheet."""
    from bluffkit.core.errors import RulesError
    g = make_game("bluffer")
    s = g.step(g.new_state(3), None, f"ask {Q}")
    s = g.step(s, 2, "write a secret")
    with pytest.raises(RulesError, match="no seat"):
        g.observe(s, seat)
    with pytest.raises(RulesError, match="no seat"):
        g.legal(s, seat)


def test_the_leader_copies_the_true_answer_in_their_own_words_when_the_option_is_on():
    """"The Leader lifts the card slightly to copy the true answer onto the 'Answer' sheet";
    "You can also slightly alter the wording of an answer to make it more believable"."""
    g = make_game("bluffer", leader_copies=True)
    s = g.step(g.new_state(3), None, f"ask {Q}")
    for seat, text in enumerate(["two", "five", "nine"]):
        s = g.step(s, seat, f"write {text}")
    assert s.phase == "copy" and g.to_move(s) == (0,)
    assert g.observe(s, 0).truth == "three" and g.observe(s, 1).truth is None
    refused(g, s, 1, "copy 3", "not-copying")
    refused(g, s, 1, "vote 1", "copying")
    s = g.step(s, 0, "copy  three  hearts ")
    assert s.phase == "shuffle" and s.truth == "three hearts"
    s = g.step(s, None, "shuffle 3,0,1,2")
    assert g.observe(s, 1).answers[0] == "Three Hearts"        # as heard (as_read)
    assert g.observe(s, 0).truth == "three hearts", "the leader's view shows the truth as it was read"
    for k in range(20):             # a state seat 1 cannot tell apart: the copied truth goes with its sheet
        other = g.hide_from(s, 1, np.random.default_rng(k))
        assert (TRUTH, other.truth) in other.order
    s = g.step(s, 1, "vote 1")
    s = g.step(s, 2, "vote 1")
    assert s.history[-1].order[0] == (-1, "three hearts") and s.points == (0, 1, 1)
    assert s.truth == "" and s.phase == "ask"


def test_the_copying_leader_is_given_the_card_and_a_drawn_copy_is_its_answer():
    """"The Leader lifts the card slightly to copy the true answer": the leader's legal
    actions hold the card's answer, and a copy drawn from them (a bot's) is that answer,
    not a placeholder read out as the truth."""
    g = make_game("bluffer", leader_copies=True)
    s = g.step(g.new_state(3), None, f"ask {Q}")
    for seat, text in enumerate(["two", "five", "nine"]):
        s = g.step(s, seat, f"write {text}")
    legal = g.legal(s, 0)
    assert legal.copy and legal.truth == "three"
    rng = np.random.default_rng(0)
    assert str(legal.draw(rng.random)) == "copy three"


def test_copy_is_refused_when_the_option_is_off():
    g = make_game("bluffer")
    s = g.step(g.new_state(3), None, f"ask {Q}")
    for seat, text in enumerate(["two", "five", "nine"]):
        s = g.step(s, seat, f"write {text}")
    assert s.phase == "shuffle"
    refused(g, g.step(g.new_state(3), None, f"ask {Q}"), 0, "copy three", "not-copying",
            says="leader_copies is off")


# -- what a bot may know ------------------------------------------------------------------------

def _voting_position():
    """Ben (seat 1) to vote on octopus-hearts; the answers read: three (true), five, two, nine."""
    g = make_game("bluffer")
    s = run(g, g.new_state(3), (None, f"ask {Q}"), (ANNE, "write two"), (BEN, "write five"),
            (CHLOE, "write nine"), (None, "shuffle 3,1,0,2"))
    return g, s


def test_a_bot_given_only_its_observation_does_not_open_the_deck(monkeypatch):
    """A voter's observation holds the answers, never which one is true ("The Leader of the
    round does not bet (they have seen the answer)": only the leader has). A bot that is
    given nothing else must not find the truth by reading the question deck: with the deck
    closed it still votes, and however sharp it is, it finds the truth no more often than a
    guess among the answers that are not its own (1 in 3 here)."""
    from bluffkit.agents.bluffer import BluffBot
    from bluffkit.games.bluffer.rules import Rules
    g, s = _voting_position()
    obs = g.observe(s, BEN)
    assert obs.truth is None and obs.authors is None

    def closed(self):
        raise AssertionError("the bot opened the question deck")

    monkeypatch.setattr(Rules, "load_deck", closed)
    bot = BluffBot(1.0)
    truths = sum(bot.act(obs, obs.legal, np.random.default_rng(seed)) == Vote(1) for seed in range(300))
    assert 60 <= truths <= 140, f"a bot that knows no facts found the truth {truths} times in 300 (about 100 expected)"


def test_a_bot_that_knows_the_fact_is_told_it_by_whoever_builds_it():
    from bluffkit.agents.base import make_agent
    from bluffkit.agents.bluffer import BluffBot, deck_facts
    g, s = _voting_position()
    obs = g.observe(s, BEN)
    knowing = BluffBot(1.0, facts={Q: "three"})
    assert all(knowing.act(obs, obs.legal, np.random.default_rng(seed)) == Vote(1) for seed in range(20))
    wrong = BluffBot(1.0, facts={Q: "two"})          # a bot sure of a false "fact" votes for it
    assert all(wrong.act(obs, obs.legal, np.random.default_rng(seed)) == Vote(3) for seed in range(20))
    sharp = make_agent("sharp", g)                    # built by name for a game: told its deck's facts
    assert sharp.facts == deck_facts(g.deck)
    with pytest.raises(RulesError, match="facts must map"):
        BluffBot(0.5, facts=["three"])


def test_a_bot_with_no_fact_for_the_question_cannot_spot_the_truth():
    """"A bot with no facts, or asked a question it has no fact for, cannot spot the truth
    and votes as the random bot does" (bluffkit.agents.bluffer). Ben knows the fact of
    another question only: however sharp, he votes among the answers that are not his own
    (#1 three, #3 two, #4 nine; his is #2 five), each of them some of the time."""
    from bluffkit.agents.bluffer import BluffBot
    g, s = _voting_position()
    obs = g.observe(s, BEN)
    other = next(q for q in g.deck.questions if q.id != Q)
    bot = BluffBot(1.0, facts={other.id: other.answer})
    votes = {bot.act(obs, obs.legal, np.random.default_rng(seed)) for seed in range(60)}
    assert votes == {Vote(1), Vote(3), Vote(4)}, votes


def _typed_voting_position():
    """The voting position of :func:`_voting_position` with answers typed with capitals and a
    final stop: Ben (seat 1) wrote "Five." and Chloe (seat 2) "NINE!"; the table hears
    three (true), five, two, nine ("Five." is #2, "NINE!" #4)."""
    g = make_game("bluffer")
    s = run(g, g.new_state(3), (None, f"ask {Q}"), (ANNE, "write two"), (BEN, "write Five."),
            (CHLOE, "write NINE!"), (None, "shuffle 3,1,0,2"))
    return g, s


@pytest.mark.parametrize("spot", [None, 0.0, 0.1, 0.4, 0.8, 1.0])
@pytest.mark.parametrize("facts", [None, {Q: "three"}])
def test_a_bot_never_votes_for_its_own_answer_however_it_typed_it(spot, facts):
    """"It is forbidden to bet on your own answer." Ben typed "Five." and Chloe "NINE!"; the
    table hears "five" and "nine" (capitals and a final stop are not heard), and those are
    still their own answers: at any spot rate, knowing the fact or not, neither bot votes for
    its own (#2 for Ben, #4 for Chloe)."""
    from bluffkit.agents.bluffer import BluffBot
    g, s = _typed_voting_position()
    for seat, own in ((BEN, Vote(2)), (CHLOE, Vote(4))):
        obs = g.observe(s, seat)
        bot = BluffBot(spot, facts=facts)
        votes = {bot.act(obs, obs.legal, np.random.default_rng(seed)) for seed in range(300)}
        assert own not in votes, f"seat {seat} (spot {spot}, facts {facts}) voted for its own answer"
        assert votes <= set(map(Vote, obs.legal.vote))


@pytest.mark.parametrize("spot", [0.0, 0.4, 1.0])
def test_a_bot_whose_answer_everyone_wrote_votes_the_truth_it_knows(spot):
    """Anne, Ben and Chloe all wrote "five" (Chloe typed "Five."): the table hears three
    (true, #1) and five three times (#2 Anne, #3 Ben, #4 Chloe). Ben knows the fact; every
    answer but the truth reads as his own, and "It is forbidden to bet on your own answer",
    so there is no false answer left for him to bet on: whatever his spot rate, he votes
    the truth, never his own #3 nor a "five" like it."""
    from bluffkit.agents.bluffer import BluffBot
    g = make_game("bluffer")
    s = run(g, g.new_state(3), (None, f"ask {Q}"), (ANNE, "write five"), (BEN, "write five"),
            (CHLOE, "write Five."), (None, "shuffle 3,0,1,2"))
    obs = g.observe(s, BEN)
    bot = BluffBot(spot, facts={Q: "three"})
    votes = {bot.act(obs, obs.legal, np.random.default_rng(seed)) for seed in range(100)}
    assert votes == {Vote(1)}, votes


def test_a_bot_that_spots_the_truth_takes_the_first_answer_reading_like_it():
    """Anne wrote "three", the true answer's very words; read in the order 0,3,1,2 the table
    hears three (Anne's, #1), three (true, #2), five (Ben's, #3), nine (Chloe's, #4). Ben
    cannot tell the two "three"s apart, so a bot that spots the truth takes the first such
    number (bluffkit.agents.bluffer): #1 every time at spot 1."""
    from bluffkit.agents.bluffer import BluffBot
    g = make_game("bluffer")
    s = run(g, g.new_state(3), (None, f"ask {Q}"), (ANNE, "write three"), (BEN, "write five"),
            (CHLOE, "write nine"), (None, "shuffle 0,3,1,2"))
    obs = g.observe(s, BEN)
    bot = BluffBot(1.0, facts={Q: "three"})
    votes = {bot.act(obs, obs.legal, np.random.default_rng(seed)) for seed in range(50)}
    assert votes == {Vote(1)}, votes


@pytest.mark.parametrize("fact", ["Three.", "THREE", "three!", " Three "])
def test_a_bot_knows_the_truth_however_its_fact_is_typed(fact):
    """The fact is compared as the table hears it: a sharp bot that knows "Three." recognises
    the true answer read out as "three" (#1), every time at spot 1."""
    from bluffkit.agents.bluffer import BluffBot
    g, s = _voting_position()
    obs = g.observe(s, BEN)
    bot = BluffBot(1.0, facts={Q: fact})
    assert all(bot.act(obs, obs.legal, np.random.default_rng(seed)) == Vote(1) for seed in range(50))


@pytest.mark.parametrize("name, spot, low, high", [
    # The named bots' spot rates (bluffkit.agents.bluffer: gullible 0.1, average 0.4, sharp
    # 0.8). Knowing the fact, with no other answer reading like it, a bot votes the truth with
    # probability spot exactly (otherwise one of the false answers that are not its own), so
    # in 2,000 votes the truth count is binomial(2000, spot): mean 2000 spot, standard deviation
    # sqrt(2000 spot (1 - spot)); the bounds are 3 standard deviations either side:
    ("gullible", 0.1, 200 - 40, 200 + 40),      # sd sqrt(180) = 13.4
    ("average", 0.4, 800 - 66, 800 + 66),       # sd sqrt(480) = 21.9
    ("sharp", 0.8, 1600 - 54, 1600 + 54),       # sd sqrt(320) = 17.9
])
def test_the_named_bots_spot_the_truth_at_their_documented_rates(name, spot, low, high):
    from bluffkit.agents.base import make_agent
    g, s = _voting_position()
    obs = g.observe(s, BEN)
    bot = make_agent(name, g)                     # told the deck's facts: octopus-hearts is "three"
    truths = sum(bot.act(obs, obs.legal, np.random.default_rng(seed)) == Vote(1) for seed in range(2000))
    assert low <= truths <= high, f"{name} (spot {spot}) voted the truth {truths} times in 2000"


@pytest.mark.parametrize("count", [2, 3])
def test_a_bot_asking_in_the_two_player_game_writes_its_count_of_different_answers(count):
    """In the two-player game a bot asker writes ``false_answers`` different decoys (within
    the rules' "two, or even three") and then says it is done."""
    from bluffkit.agents.bluffer import BluffBot
    g = make_game("bluffer")
    s = g.step(g.new_state(2), None, f"ask {Q}")
    bot = BluffBot(0.4, false_answers=count)
    rng = np.random.default_rng(0)
    for _ in range(5):
        if s.phase != "write":
            break
        obs = g.observe(s, ANNE)
        s = g.step(s, ANNE, bot.act(obs, obs.legal, rng))
    assert s.phase == "shuffle"
    written = s.writes[ANNE]
    assert len(written) == count and len(set(written)) == count, written


@pytest.mark.parametrize("bad", [True, False, 0, 6, "3", None, 3.0, np.bool_(True)])
def test_a_bot_with_a_wrong_count_of_false_answers_is_refused_in_words(bad):
    """``false_answers`` is how many decoys the asker writes in the two-player game, 1 to 5
    (a true/false is no count: True was taken for 1)."""
    from bluffkit.agents.bluffer import BluffBot
    with pytest.raises(RulesError, match=r"^false_answers must be 1 to 5 \(a count, not true/false\), got "):
        BluffBot(0.5, false_answers=bad)
    assert [BluffBot(0.5, false_answers=n).false_answers for n in (1, 5)] == [1, 5]
    kept = BluffBot(0.5, false_answers=np.int64(2)).false_answers           # numpy's count, as a Python int
    assert kept == 2 and type(kept) is int


def test_the_legal_actions_explain_themselves_and_list_what_can_be_listed():
    from bluffkit.core.protocols import Legal
    g = make_game("bluffer")
    s = g.step(g.new_state(3), None, f"ask {Q}")
    write = g.legal(s, BEN)
    assert isinstance(write, Legal)
    assert write.actions() is None, "any text is an answer: the writes cannot be listed"
    assert write.explain(Write("a purple cow")) is None
    assert write.explain(Write("x" * 61))[0] == "answer-too-long"
    assert write.explain(Vote(1))[0] == "not-voting-yet"
    assert write.description == "write a false answer (up to 60 characters)"
    rng = np.random.default_rng(0)
    for _ in range(20):
        a = write.sample(rng)
        assert isinstance(a, Write) and write.explain(a) is None and a.text != "three"
    g, s = _voting_position()
    vote = g.legal(s, BEN)
    assert vote.actions() == (Vote(1), Vote(2), Vote(3), Vote(4))
    assert vote.explain(Vote(7))[0] == "no-such-answer"
    assert g.legal(s, ANNE).explain(Vote(1))[0] == "leader-does-not-vote"
    assert g.legal(s, ANNE).actions() == () and g.legal(s, ANNE).description == "nothing now"
    assert {vote.sample(np.random.default_rng(k)) for k in range(60)} == {Vote(1), Vote(3), Vote(4)}, \
        "a random vote is any answer but one's own (#2, Ben's \"five\")"


@pytest.mark.parametrize("winners", [[[0, "x"]], [[0, [1]]], [[]], [[0, 0]], [[5]], [[True]], [None], "0", [[0], [1]]])
def test_a_start_with_odd_round_winners_is_refused_in_words(winners):
    """``round_winners: [[0, "x"]]`` said "'<' not supported" (the seats were sorted
    before they were checked), and a seat named twice was taken."""
    with pytest.raises(RulesError, match=r"^round_winners: one non-empty list of seats \(each once\) per finished "
                                         r"round \(1\)$"):
        make_game("bluffer").state_from_position(3, round=1, round_winners=winners)


@pytest.mark.parametrize("players", [2, 6])
def test_hide_from_deals_another_question_even_when_the_deck_has_been_used_up(tmp_path, players):
    """The question read in secret was re-dealt only from questions never asked: once a small
    deck had gone round, the real question stayed and the leak check could not see it shown."""
    import numpy as np
    from paths import REPO

    from bluffkit.session import Session
    lines = (REPO / "data" / "decks" / "bluffer-general.jsonl").read_text(encoding="utf-8").splitlines()[:4]
    deck = tmp_path / "three.jsonl"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    g = make_game("bluffer", deck=str(deck))
    s = Session(g, ["random"] * players, seed=1)
    s.advance(limit=10_000)                              # a whole game: hundreds of steps
    assert s.over, "the game did not end within 10,000 steps"
    rng = np.random.default_rng(0)
    secret = kept = 0
    for state in s.states:
        t = g.table(state)
        if not state.qid or t.question_public():
            continue
        for seat in range(players):
            if seat in t.knowers():
                continue
            other = g.hide_from(state, seat, rng)
            assert g.observe(other, seat) == g.observe(state, seat)
            assert other.used[:-1] == state.used[:-1] and other.used[-1] == other.qid
            secret += 1
            kept += other.qid == state.qid
    assert secret > 10 and kept == 0, (secret, kept)


def test_the_text_view_of_the_team_game_says_who_plays_with_whom():
    """At 6 players the game split into teams ("A's team reads a question") without saying
    who was on which."""
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    s = Session(make_game("bluffer"), ["human"] + ["average"] * 5, names=list("ABCDEF"), seed=3)
    s.advance()
    obs = s.observe(0)
    view = s.game.describe(obs, s.names)
    teams = " against ".join(", ".join(s.names[x] for x in team) for team in obs.teams)
    assert f"   teams: {teams}" in view and sorted(sum(obs.teams, ())) == list(range(6))
    two = Session(make_game("bluffer"), ["human"] + ["average"] * 3, names=list("ABCD"), seed=3)
    two.advance()
    assert "teams:" not in two.game.describe(two.observe(0), two.names)


def _two_aztecs(**options):
    """Three seats write; seats 0 and 1 the same answer in other capitals and stops."""
    from bluffkit.session import Session
    g = make_game("bluffer", **options)
    s = Session(g, ["human"] * 3, seed=1)
    s.advance()
    for seat, text in ((0, "The Aztecs."), (1, "the aztecs"), (2, "a purple cow")):
        s.play(f"write {text}", seat)
    s.advance()
    return g, s


def test_answers_that_read_the_same_are_refused_alike_and_shown_alike():
    """"3 - The Leader": the leader reads the sheets aloud, so capitals and a final
    stop are not heard. With own_answer_vote='refused' an answer that differs from one's own
    only so is refused too (refusing only the exact text would tell the two apart); on the
    sheets both read "The Aztecs", as they read out."""
    from bluffkit.games.bluffer.actions import as_read
    g, s = _two_aztecs(own_answer_vote="refused")
    obs = g.observe(s.state, 1)
    texts = [text for _, text in s.state.order]
    aztecs = [k for k, text in enumerate(texts, 1) if "ztecs" in text]
    assert len(aztecs) == 2 and not set(aztecs) & set(obs.legal.vote)
    assert [as_read(texts)[k - 1] for k in aztecs] == ["The Aztecs", "The Aztecs"]
    g, s = _two_aztecs()                       # the default: every sheet may be chosen
    assert set(aztecs) <= set(g.observe(s.state, 1).legal.vote)


def test_another_seat_hears_the_same_whatever_capitals_and_stops_a_writer_typed():
    """The voters hear the answers (read "behind the screen"): a seat's whole observation, its
    move list included, is the same whether another seat typed "The Aztecs." or "the aztecs"."""
    from bluffkit.session import Session
    from bluffkit.testing import plain_values
    views = []
    for typed in ("The Aztecs.", "the aztecs", "THE AZTECS!"):
        g = make_game("bluffer")
        s = Session(g, ["human"] * 3, seed=1)
        s.advance()
        for seat, text in ((0, typed), (1, "a green cow"), (2, "a purple cow")):
            s.play(f"write {text}", seat)
        s.advance()
        views.append(plain_values(g.observe(s.state, 2)))
    assert views[0] == views[1] == views[2]


def test_answers_are_shown_alike_exactly_when_they_read_alike():
    """as_read is a function of reading and tells every reading apart, so that no two
    answers shown alike are refused differently (a dotless ı shown as I used to be)."""
    from hypothesis import given, settings, strategies as st

    from bluffkit.games.bluffer.actions import reading
    from tests.profiles import examples
    letters = st.text(alphabet="aAıIiİßsSςσΣ .!?éÉ\u0390\u03b0\u1fd2\u1fe3\u03aa\u0301", min_size=1, max_size=6)

    @settings(max_examples=examples(200))
    @given(letters, letters)
    def alike(a, b):
        shown = as_read([a, b])
        assert (shown[0] == shown[1]) == (reading(a) == reading(b)), (a, b, shown)
        assert [reading(x) for x in shown] == [reading(a), reading(b)], "an answer as heard reads as it did"
    alike()


def test_an_answer_reads_the_same_in_any_case_even_where_a_capital_is_two_letters():
    """Capitals are not heard (the leader reads the sheets out: "They read the question, then
    give the answers one after another"): in any case means case folded, not lowered, so "ß", whose capital is "SS", reads as "ss"
    (lowering "SSAINT" gives "ssaint" but leaves "ßaint" as it is)."""
    from bluffkit.games.bluffer.actions import reading
    assert reading("ßaint") == reading("SSAINT") == "ssaint"
    assert reading("Straße.") == reading("STRASSE") == "strasse"


def test_a_past_reveal_in_a_view_holds_the_answers_as_heard():
    """The reveal names the authors, but a writer's capitals were never read out: a seat's
    view of past questions holds the answers as heard too (it held them as typed)."""
    g = make_game("bluffer")
    s = ask_and_write(g, g.new_state(4), [(ANNE, "TWO."), (BEN, "five"), (CHLOE, "Nine"), (DAN, "one")])
    s = g.step(s, None, "shuffle 2,4,0,3,1")
    s = run(g, s, (BEN, "vote 3"), (CHLOE, "vote 2"), (DAN, "vote 1"))
    raw = [text for _, text in s.history[-1].order]
    assert "TWO." in raw
    for seat in range(4):
        seen = [text for _, text in g.observe(s, seat).history[-1].order]
        assert seen == list(as_read(raw)) and "TWO." not in seen


def test_a_view_that_shows_answers_as_typed_is_caught_by_the_no_leak_check(monkeypatch):
    """How the others typed their answers is hidden (they are heard): the redeal gives every
    other sheet another form of its reading, so a view holding the typed forms fails the
    conformance suite (with the same typed forms in every redeal it used to pass)."""
    from bluffkit.games.bluffer import observe
    from bluffkit.testing import check_game
    g = make_game("bluffer")
    check_game(g, players=4, seeds=[0])                      # as heard: no leak
    monkeypatch.setattr(observe, "as_read", lambda texts: tuple(texts))
    with pytest.raises(AssertionError, match="changes with information hidden from it"):
        check_game(g, players=4, seeds=[0])


def test_the_shuffle_is_narrated_by_the_reading_alone():
    """The leader shuffles the answer sheets and reads them out: what every player hears is
    the answers in the order read, never whose each is or which is true. Two deals that read
    alike (a writer's sheet and the true answer swapped, the shuffle following them) are
    narrated alike. (The suite's redeal cannot show this: it rewrites the unread answers, so
    the reading differs and the comparison is skipped.)"""
    import dataclasses

    from bluffkit.games.bluffer.game import card_answer
    checked = 0
    for players in (3, 4, 5):
        g = make_game("bluffer")
        rng = np.random.default_rng(players)
        state = g.new_state(players)
        while not g.is_over(state) and checked < 3 * players:
            if g.is_chance(state) and state.phase == "shuffle":
                sheets = [(s, i) for s, w in enumerate(state.writes) for i in range(len(w))]
                true = state.truth or state.deck.by_id[state.qid].answer     # (copied, or the card's)
                shuffle = g.sample_chance(state, rng)
                names = [f"P{k}" for k in range(players)]
                said = g.narrate(state, None, shuffle, g.step(state, None, shuffle), names)
                for k, (a, _) in enumerate(sheets):         # swap sheet k with the truth (last)
                    if len(state.writes[a]) != 1:
                        continue
                    writes = list(state.writes)
                    writes[a] = (true,)
                    other = dataclasses.replace(state, writes=tuple(writes),
                                                truth=state.writes[a][0] if state.truth else "",
                                                deck=card_answer(state.deck, state.qid, state.writes[a][0]))
                    last = len(sheets)
                    order = tuple(last if j == k else k if j == last else j for j in shuffle.order)
                    teller = g.for_state(other)
                    told = teller.narrate(other, None, Shuffle(order), teller.step(other, None, Shuffle(order)), names)
                    assert told == said, f"the shuffle's narration tells whose answer is where: {said!r} / {told!r}"
                    checked += 1
            if g.is_chance(state):
                state = g.step(state, None, g.sample_chance(state, rng))
            else:
                seat = g.to_move(state)[0]
                state = g.step(state, seat, g.legal(state, seat).sample(rng))
    assert checked >= 6


def test_the_conformance_suite_passes_a_game_with_a_deck_of_ones_own(tmp_path):
    """A deck read from a path is written whole into a log and read back as
    ``deck="embedded"``: the suite's log check takes that as the same game (it failed with
    "the log replays to a different final state" on a state that differed in nothing else)."""
    from bluffkit.testing import check_game
    path, qs = small_deck(tmp_path, 8, "Eight")
    report = check_game(make_game("bluffer", deck=str(path)), players=3, seeds=[1])
    assert report["games"] == 1


def test_the_log_check_still_tells_a_different_deck_or_table_apart(tmp_path):
    """The log check takes the rules as the log reads them back (``deck="embedded"`` for
    the path it was read from), and nothing more: a deck of other questions, or a field
    changed, is still a different state."""
    import dataclasses

    from bluffkit.agents.base import make_agent
    from bluffkit.core.play import play
    from bluffkit.testing import _same_replayed
    path, qs = small_deck(tmp_path, 8, "Eight")
    g = make_game("bluffer", deck=str(path))
    s = play(g, [make_agent("random", g) for _ in range(3)], 1).final.freeze()
    read_rules = dataclasses.replace(s.rules, deck="embedded")
    read_back = dataclasses.replace(s, rules=read_rules)
    assert _same_replayed(read_back, s, read_rules)
    fewer = dataclasses.replace(s.deck, questions=s.deck.questions[:-1])
    assert not _same_replayed(dataclasses.replace(read_back, deck=fewer), s, read_rules)
    assert not _same_replayed(dataclasses.replace(read_back, points=tuple(p + 1 for p in s.points)), s, read_rules)
    assert not _same_replayed(dataclasses.replace(s, rules=dataclasses.replace(s.rules, deck="general")), s,
                              read_rules)


def test_a_log_whose_deck_was_checked_before_decoys_were_compared_as_heard_still_replays(tmp_path, monkeypatch):
    """A deck with the decoys "pink" and "Pink." was taken before decoys were compared as the
    table hears them; a game's log embeds its deck, checked when the game began: the log of
    such a game replays as it was played, while a new game refuses the deck."""
    from bluffkit.games.bluffer import deck as D
    from bluffkit.session import Session
    path = _deck_file(tmp_path, "red", ["pink", "white", "grey", "pale blue", "Pink."])
    with pytest.raises(DeckError, match="repeats decoy 'pink'"):
        make_game("bluffer", deck=path)
    monkeypatch.setattr(D, "_norm", lambda t: D.clean_text(t).casefold())      # the check as it was
    s = Session(make_game("bluffer", deck=path), ["random"] * 3, seed=4)
    s.advance()
    log = s.save(tmp_path / "game.jsonl")
    monkeypatch.undo()
    (tmp_path / "deck.jsonl").unlink()                         # the log alone holds the deck
    again = Session.load(log)
    assert again.moves == s.moves and again.says == s.says and again.over


def test_a_duel_wrong_pick_is_narrated_as_the_askers_point():
    """The two-player game: "Each wrong answer gives a point to the opponent": Ben picks one
    of Anne's false answers, and the narration gives the point to Anne, the asker."""
    g = make_game("bluffer")
    s = g.step(g.new_state(2), None, "ask octopus-hearts")
    for text in ("two", "five", "nine"):
        s = g.step(s, 0, f"write {text}")
    s = g.step(s, None, "shuffle 0,1,2,3")             # the truth is #4
    vote = g.parse("vote 1")                           # Ben picks Anne's "two": wrong
    s2 = g.step(s, 1, vote)
    told = g.narrate(s, 1, vote, s2, ["Anne", "Ben"])
    assert "a point for Anne" in told and "a point for Ben" not in told


def test_a_drawn_two_player_game_is_told_as_won_by_both():
    """The two-player game, two questions: each guesser picks one wrong answer before the
    truth, so "each wrong answer gives a point to the opponent" leaves the points 1 to 1 and
    both win (ties: all tied win); the last pick's narration names both, with the plural verb."""
    g = make_game("bluffer", duel_questions=2)
    s = duel_question(g, g.new_state(2), 2, picks=[1])        # Anne asks, Ben's wrong pick: Anne +1
    s = g.step(s, None, f"ask {fresh(g, s)}")                  # Ben asks
    s = run(g, s, (BEN, "write decoy 1"), (BEN, "write decoy 2"))
    assert s.phase == "write", "two of the most three false answers: the asker may write a third"
    s = g.step(s, BEN, "done")
    s = run(g, s, (None, "shuffle 0,1,2"), (ANNE, "vote 1"))   # #3 is the truth; Anne's wrong pick: Ben +1
    last = g.parse("vote 3")
    end = g.step(s, ANNE, last)
    told = g.narrate(s, ANNE, last, end, ["Anne", "Ben"])
    assert g.is_over(end) and g.winners(end) == (ANNE, BEN)
    assert told.endswith("The game is over: Anne and Ben win, 1 point each."), told


def test_a_game_won_with_two_rounds_in_the_third_names_no_last_round_rule():
    """Anne, Ben, then Anne again: Anne "has won 2 rounds" and takes the game ("End of the
    Game"); the rule of three different round winners does not apply and is not said."""
    g = make_game("bluffer")
    s = g.state_from_position(3, round=2, question=5, points=[3, 0, 0], round_winners=[[ANNE], [BEN]])
    s = plain(g, s, {BEN: TRUTH})                       # Ben 1; Chloe's vote on the truth ends the game
    after = g.step(s, CHLOE, "vote 4")
    said = g.narrate(s, CHLOE, Vote(4), after, NAMES)
    assert g.winners(after) == (ANNE,)
    assert said.endswith("Round 3 goes to Anne. The game is over: Anne wins (rounds won: 2 by Anne, 1 by Ben)."), said


@pytest.mark.parametrize("players, reader", [(2, "Anne"), (6, "Anne's team")])
def test_a_question_read_in_secret_is_not_narrated(players, reader):
    """The two-player and team games: "each secretly reads their question" ("each group
    secretly reads the question from their deck"): the narration, which every seat reads, says
    who reads, a team by its reader, never the question's words."""
    g = make_game("bluffer")
    s = g.new_state(players)
    ask = g.parse(f"ask {Q}")
    after = g.step(s, None, ask)
    said = g.narrate(s, None, ask, after, NAMES[:players])
    assert said == f"{reader} reads a question in secret.", said
    assert "octopus" not in said.lower()


def test_an_answer_that_fits_the_box_is_not_cut():
    # fit: spaces tidied, cut at a word "to at most max_length characters".
    from bluffkit.games.bluffer.observe import fit
    assert fit("a purple cow", 12) == "a purple cow"          # 12 characters: fits as it is
    assert fit("a purple cow", 11) == "a purple"
    assert fit(" a  purple   cow ", 12) == "a purple cow"


def test_the_random_asker_says_done_once_it_has_written_the_answers_it_wanted():
    # Two-player game: the asker writes "two, or even three" false answers; the random writer
    # says done once it has ``false_answers`` of them, though the rules let it write one more.
    from bluffkit.games.bluffer.actions import DONE_
    from bluffkit.games.bluffer.observe import Legal, Where
    from bluffkit.games.bluffer.state import WRITE
    lg = Legal(0, WRITE, write=1, done=True, where=Where(WRITE, mode="duel", writers=(0,)),
               mine=("a lion", "a bear"), decoys=("a lion", "a bear", "a wolf"))
    assert lg.draw(lambda: 0.0, false_answers=2) == DONE_
    assert lg.draw(lambda: 0.0, false_answers=3) == Write("a wolf")


def test_a_letter_with_no_one_letter_capital_is_shown_as_written():
    # as_read writes each word with a capital first letter; "ǰ" has no capital of one letter
    # (its upper case is J and a combining caron), so the word keeps its own first letter.
    assert as_read(["ǰam jar"]) == ("ǰam Jar",)


@pytest.mark.parametrize("text", ["shuffle ٢,0,1", "shuffle 1_0,0,1", "shuffle 2,x,1"])
def test_a_shuffle_is_written_in_ascii_digits(text):
    # A shuffle is read back from a log: indices other than plain digits are not read as some
    # other shuffle.
    with pytest.raises(NotationError, match="a shuffle lists sheet indices"):
        make_game("bluffer").parse(text)


def test_the_legal_actions_of_writing_and_copying_cannot_be_listed():
    # Any text is an answer: while a seat may write or copy, actions() is None (not "nothing
    # to do"), and the description says how many answers are still open.
    from bluffkit.games.bluffer.observe import Legal
    from bluffkit.games.bluffer.state import COPY, WRITE
    assert Legal(0, COPY, copy=True).actions() is None
    assert Legal(0, WRITE, write=1).actions() is None
    assert Legal(0, WRITE, write=1).description.startswith("write a false answer")
    assert Legal(0, WRITE, write=2, done=True).description.startswith("write up to 2 more false answers")


def test_max_answers_no_game_can_start_with_is_refused_when_the_rules_are_built():
    """max_answers=3 was taken (`bluffkit rules` printed it), and every game was refused when
    it began: 2 players write up to 3 false answers and the true one ("two, or even three"),
    3 players 3 and the true one, a team of 3 likewise. Refused when the rules are built,
    naming the option, the range these rules allow and the value."""
    from bluffkit.games.bluffer.rules import Rules
    with pytest.raises(RulesError) as e:
        Rules(max_answers=3)
    assert str(e.value) == (
        "max_answers must be an int from 4 to 12 with these rules, got 3: each answer to a question takes a place "
        "on the board, and the smallest game they allow writes 4 (2 players: up to 3 false answers, "
        "duel_false_answers, and the true one)")
    with pytest.raises(RulesError, match=r"^max_answers must be an int from 4 to 12 with these rules, got 3: .* "
                                         r"\(6 players: a team of 3 writes 3 false answers, and the true one\)$"):
        Rules(max_answers=3, min_players=6)
    assert Rules(max_answers=3, duel_false_answers=(1, 2)).max_answers == 3     # 2 players: 2 and the truth
    assert Rules(max_answers=4).max_answers == 4                                 # 2 and 3 players can
    with pytest.raises(RulesError, match=r"^max_answers must be an int from 12 to 12 with these rules, got 6"):
        Rules(duel_false_answers=(2, 11), min_players=2, max_players=2)
    with pytest.raises(RulesError, match=r"^no player count from min_players 2 to max_players 2 can start a game "
                                         r"with these rules: with 2 players: the two-player asker writes up to 12 "
                                         r"false answers and the true one: more than the 12 places"):
        Rules(duel_false_answers=(2, 12), min_players=2, max_players=2, max_answers=12)


def test_other_rules_no_player_count_can_start_a_game_with_are_refused_when_built():
    from bluffkit.games.bluffer.rules import Rules
    with pytest.raises(RulesError, match=r"^no player count from min_players 7 to max_players 7 can start a game "
                                         r"with these rules: with 7 players: team scoring needs teams of the same "
                                         r"size .* 7 players make teams of 4 and 3$"):
        Rules(min_players=7, max_players=7, team_scoring=True)
    Rules(min_players=7, max_players=8, team_scoring=True).check_players(8)


@pytest.mark.parametrize("bad", [-1, 0, 2, 13, 10**30, 3.0, 4.5, float("nan"), float("inf"), "4", None, True, [4]])
def test_odd_max_answers_are_refused_naming_it(bad):
    with pytest.raises(RulesError, match="max_answers"):
        make_game("bluffer", max_answers=bad)


def test_max_answers_is_named_only_when_more_places_would_let_a_game_start():
    """Seven players in teams of 4 and 3 with team scoring: the teams must be of one size
    (rulebook: "if the teams have the same number of players"), whatever the board holds.
    With max_answers=4 the rules said "max_answers must be an int from 5 to 12", and
    max_answers=5 was then refused for the teams: the reason at each count is given instead.
    Where more places would do, max_answers is named, with the fewest that do."""
    from bluffkit.games.bluffer.rules import Rules
    for places in (4, 5):
        with pytest.raises(RulesError, match=r"^no player count from min_players 7 to max_players 7 can start a game "
                                             r"with these rules: with 7 players: .*teams of 4 and 3"):
            Rules(min_players=7, max_players=7, team_scoring=True, max_answers=places)
    with pytest.raises(RulesError, match=r"^max_answers must be an int from 5 to 12 with these rules, got 4: .*"
                                         r"\(8 players: a team of 4 writes 4 false answers, and the true one\)$"):
        Rules(min_players=7, max_players=8, team_scoring=True, max_answers=4)     # 8 players: teams of 4 and 4
    Rules(min_players=7, max_players=8, team_scoring=True, max_answers=5).check_players(8)
