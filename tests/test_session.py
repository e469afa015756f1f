"""Sessions: human seats, bots, scripted seats, undo, save and load."""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.agents.base import make_agent
from bluffkit.core.errors import BluffkitError, IllegalAction, NotationError, RulesError
from bluffkit.core.game import make_game
from bluffkit.session import HUMAN, Session


def snapshot(s: Session):
    return list(s.states), list(s.moves), list(s.says)


def assert_unchanged(s: Session, snap):
    states, moves, says = snap
    assert s.states == states and len(s.states) == len(states)
    assert s.moves == moves
    assert s.says == says


def human_move(s: Session, seat: int, rng):
    """A legal move for a human seat, chosen the way a heuristic bot would."""
    obs = s.observe(seat)
    return make_agent("heuristic", s.game).act(obs, obs.legal, rng)


# -- a human's illegal move ----------------------------------------------------------

@pytest.mark.parametrize("text, rule", [
    ("bid 10", "not-bidding"),
    ("pass", "not-bidding"),
    ("sell", "not-deciding"),
    ("accept", "nothing-to-accept"),
    ("trade 1 6 10+0+0", "trade-shared-family"),
    ("pay 10", "not-paying"),
    ("trade 1 6 500", "notes-not-held"),
])
def test_illegal_move_at_the_start_changes_nothing(text, rule):
    s = Session(make_game("horse-trading"), [HUMAN, "random", "random"], seed=3)
    snap = snapshot(s)
    with pytest.raises(IllegalAction) as e:
        s.play(text)
    assert e.value.rule == rule
    assert rule in str(e.value)
    assert_unchanged(s, snap)
    assert s.waiting_for == 0
    s.play("auction")                      # the legal move still works afterwards
    assert len(s.moves) == 1


@pytest.mark.parametrize("text, rule", [
    ("bid 15", "bid-multiple"),            # Horse Trading bids are multiples of 10
    ("bid 5", "bid-too-low"),              # ... the first at least 10
    ("bid 0", "bid-too-low"),
    ("sell", "not-deciding"),
    ("auction", "no-auction"),
])
def test_illegal_bid_changes_nothing(text, rule):
    s = Session(make_game("horse-trading"), ["random", HUMAN, "random"], seed=3)
    s.advance()                            # seat 0 auctions, chance turns up an animal
    assert s.waiting_for == 1 and s.state.phase == "bid"
    snap = snapshot(s)
    with pytest.raises(IllegalAction) as e:
        s.play(text, 1)
    assert e.value.rule == rule
    assert_unchanged(s, snap)
    s.play("bid 20", 1)
    assert s.state.high_bid == 20 and s.state.high_bidder == 1


def test_human_moving_out_of_turn_changes_nothing():
    s = Session(make_game("youre-bluffing"), [HUMAN, HUMAN, HUMAN], seed=1)
    snap = snapshot(s)
    with pytest.raises(IllegalAction) as e:
        s.play("auction", 2)
    assert e.value.rule == "not-your-turn"
    assert_unchanged(s, snap)


def test_no_player_moves_while_chance_acts():
    s = Session(make_game("youre-bluffing"), [HUMAN, HUMAN, HUMAN], seed=1)
    s.play("auction")
    snap = snapshot(s)
    assert s.to_move == () and s.waiting_for is None
    with pytest.raises(IllegalAction) as e:
        s.play("bid 10")
    assert e.value.rule == "no-one-to-move"
    assert_unchanged(s, snap)


def test_unreadable_move_changes_nothing():
    s = Session(make_game("youre-bluffing"), [HUMAN, "random", "random"], seed=1)
    snap = snapshot(s)
    with pytest.raises(NotationError):
        s.play("moo")
    assert_unchanged(s, snap)


# -- bots act in advance() ---------------------------------------------------------------

@pytest.mark.parametrize("human", [0, 1, 2, 3])
def test_bots_act_until_a_human_must_move(human):
    seats = ["random", "heuristic", "random", "heuristic"]
    seats[human] = HUMAN
    s = Session(make_game("youre-bluffing"), seats, seed=human)
    rng = np.random.default_rng(0)
    for _ in range(30):
        before = len(s.moves)
        said = s.advance()
        assert len(said) == len(s.moves) - before
        assert said == s.says[before:]
        for seat, _action in s.moves[before:]:
            assert seat is None or seat != human, "advance() moved for the human"
        if s.over:
            break
        assert s.waiting_for == human
        assert s.to_move[0] == human
        assert s.advance() == [], "advance() moved although the human must move"
        s.play(human_move(s, human, rng), human)


def test_advance_limit():
    s = Session(make_game("horse-trading"), ["random"] * 3, seed=2)
    said = s.advance(limit=3)
    assert len(said) == 3 and len(s.moves) == 3
    s.advance(limit=5)
    assert len(s.moves) == 8


def test_all_bot_session_runs_to_the_end():
    s = Session(make_game("horse-trading"), ["random", "heuristic", "random"], seed=9).run()
    assert s.over
    assert len(s.scores()) == 3 and s.winners()
    assert s.advance() == []


def test_run_refuses_to_move_for_a_human():
    s = Session(make_game("horse-trading"), ["random", HUMAN, "random"], seed=9)
    with pytest.raises(RulesError, match="waits for a human at seat 1"):
        s.run()


def test_same_seed_same_game():
    a = Session(make_game("youre-bluffing"), ["random", "heuristic", "random"], seed=21).run()
    b = Session(make_game("youre-bluffing"), ["random", "heuristic", "random"], seed=21).run()
    assert a.moves == b.moves and a.states[-1] == b.states[-1]


# -- undo ------------------------------------------------------------------------------------

def test_undo_takes_back_to_before_the_last_human_move():
    s = Session(make_game("horse-trading"), [HUMAN, "random", "heuristic"], seed=5)
    rng = np.random.default_rng(1)
    marks = []                     # len(moves) just before each human move
    for _ in range(12):
        s.advance()
        if s.over:
            break
        marks.append(len(s.moves))
        s.play(human_move(s, 0, rng), 0)
    s.advance()
    assert len(marks) >= 4
    full = snapshot(s)
    for mark in reversed(marks[-4:]):
        n = s.undo()
        assert len(s.moves) == mark, "undo did not stop just before the human's move"
        assert n == len(full[1]) - mark
        assert s.states == full[0][:mark + 1]
        assert s.moves == full[1][:mark]
        assert s.says == full[2][:mark]
        assert s.waiting_for == 0
        full = snapshot(s)


def test_undo_with_nothing_to_undo():
    s = Session(make_game("youre-bluffing"), [HUMAN, "random", "random"], seed=5)
    assert s.undo() == 0
    assert len(s.states) == 1 and s.moves == []


def test_undo_without_human_moves_takes_back_one_move():
    s = Session(make_game("youre-bluffing"), ["random"] * 3, seed=5)
    s.advance(limit=6)
    states = list(s.states)
    assert s.undo() == 1
    assert s.states == states[:-1] and len(s.moves) == 5


def test_undo_then_play_on():
    s = Session(make_game("horse-trading"), [HUMAN, "random", "random"], seed=5)
    s.play("auction")
    s.advance()
    made = len(s.moves)
    assert made > 1
    assert s.undo() == made
    assert s.moves == [] and s.waiting_for == 0
    s.play("auction")
    s.advance()
    assert s.moves[0] == (0, s.game.parse("auction"))


def test_undo_does_not_reshuffle_the_pile():
    s = Session(make_game("horse-trading"), [HUMAN, HUMAN, HUMAN], seed=3)
    seen = set()
    for _ in range(5):
        s.play("auction")
        s.advance()                 # chance turns up the top animal
        seen.add(s.moves[-1])
        s.undo()
    assert len(seen) == 1, f"the same top card came up as {sorted(str(a) for _, a in seen)}"


def test_undo_rewinds_scripted_seats():
    scripts = [["pass", "pass", "auction"], ["pass", "pass", "bid 10"]]
    s = Session(make_game("horse-trading"), [HUMAN] + [list(x) for x in scripts], seed=3)
    s.play("auction")
    s.advance()
    first = [(seat, a) for seat, a in s.moves if seat in (1, 2)]
    assert len(first) == 6
    s.undo()
    assert s.moves == []
    s.play("auction")
    s.advance()
    again = [(seat, a) for seat, a in s.moves if seat in (1, 2)]
    assert again == first


# -- save and load ----------------------------------------------------------------------------

def test_save_and_load_round_trip(tmp_path):
    seats = ["random", "heuristic", "random", "random", "heuristic"]
    s = Session(make_game("youre-bluffing", variants=["quick"]), seats,
                names=["Anna", "Ben", "Carla", "Dan", "Eve"], seed=77).run()
    path = s.save(tmp_path / "a.jsonl")
    t = Session.load(path)
    assert t.states == s.states
    assert t.moves == s.moves
    assert t.says == s.says
    assert t.names == s.names
    assert t.seed == s.seed
    assert t.game.rules == s.game.rules
    assert t.over and t.scores() == s.scores() and t.winners() == s.winners()
    assert t.kinds == [HUMAN] * 5, "loaded seats default to humans"
    # loaded with the same seats, it saves to the same bytes
    u = Session.load(path, seats=seats)
    assert u.seats() == s.seats()
    again = u.save(tmp_path / "b.jsonl")
    assert again.read_bytes() == path.read_bytes()


def test_save_mid_game_load_and_play_on(tmp_path):
    s = Session(make_game("horse-trading"), [HUMAN, "random", "random"], names=["Anna", "Ben", "Carla"], seed=8)
    rng = np.random.default_rng(3)
    for _ in range(5):
        s.advance()
        s.play(human_move(s, 0, rng), 0)
    s.advance()
    path = s.save(tmp_path / "mid.jsonl")
    t = Session.load(path, seats=[HUMAN, "random", "random"])
    assert t.states == s.states and t.moves == s.moves
    assert t.waiting_for == s.waiting_for == 0
    move = human_move(s, 0, np.random.default_rng(4))
    s.play(move, 0)
    t.play(move, 0)
    assert t.state == s.state


def test_save_and_load_a_start_position(tmp_path):
    from bluffkit.core import scenario
    sc = scenario.find("ht-auction-ben-pays-100")
    s = Session(sc.game, [HUMAN] * 3, names=sc.seats, start=sc.start)
    for seat, action, _ in sc.moves:
        if seat is None:
            s.chance(action)
        else:
            s.play(action, seat)
    path = s.save(tmp_path / "sc.jsonl")
    t = Session.load(path)
    assert t.states == s.states == scenario.run(sc).states
    assert t.start == s.start


def test_load_refuses_a_bad_log(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text("not a log\n")
    with pytest.raises(BluffkitError, match="line 1"):
        Session.load(path)


# -- scripted seats ------------------------------------------------------------------------------

SCRIPTS = [["auction", "pass", "pass"],
           ["pass", "pass", "auction"],
           ["pass", "pass", "pass", "pass"]]


def test_scripted_seats_play_their_moves_then_say_the_script_ran_out():
    game = make_game("horse-trading")
    s = Session(game, [list(x) for x in SCRIPTS], seed=4)
    with pytest.raises(RulesError) as e:
        s.advance()
    msg = str(e.value)
    assert "script" in msg and "seat 2" in msg and "run out" in msg and "4 move(s)" in msg
    # each seat played its script in order, and nothing else
    for seat, script in enumerate(SCRIPTS):
        played = [a for who, a in s.moves if who == seat]
        assert played == [game.parse(m) for m in script], f"seat {seat}"
    assert s.to_move == (2,) and s.state.phase == "turn"
    assert len(s.moves) == len(s.states) - 1 == 12
    # it stopped cleanly: the session is consistent and can go on by hand
    s.play("auction", 2)
    assert s.state.phase == "draw"


def test_scripted_seat_with_an_illegal_move():
    s = Session(make_game("horse-trading"), ["random", ["bid 15"], "random"], seed=4)
    s.advance(limit=2)                      # seat 0 auctions, chance turns up an animal
    snap = snapshot(s)
    with pytest.raises(IllegalAction) as e:
        s.advance()
    assert e.value.rule == "bid-multiple"
    assert_unchanged(s, snap)


def test_script_given_as_a_spec_string():
    game = make_game("youre-bluffing")
    s = Session(game, ["script:auction", "script:pass,pass,pass", "script:pass,pass,pass"], seed=1)
    with pytest.raises(RulesError, match="run out"):
        s.run()
    assert [a for who, a in s.moves if who is not None][:7] == [game.parse(m) for m in
                                                               ["auction"] + ["pass"] * 6]


def test_session_settings_are_checked():
    game = make_game("youre-bluffing")
    with pytest.raises(RulesError):
        Session(game, [HUMAN, "random"])                         # two players
    with pytest.raises(RulesError):
        Session(game, [HUMAN, "random", "random"], names=["A", "A", "B"])
    with pytest.raises(RulesError):
        Session(game, [HUMAN, "random", "random"], seed=-1)
    with pytest.raises(RulesError, match="unknown agent"):
        Session(game, [HUMAN, "random", "wizard"])
