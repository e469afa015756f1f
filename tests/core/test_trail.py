"""The trail of states a session keeps: every state read back as played, few kept."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from bluffkit.agents.base import make_agent
from bluffkit.agents.bloff import CallerAgent
from bluffkit.core import log as gamelog
from bluffkit.core.errors import IllegalAction
from bluffkit.core.game import make_game
from bluffkit.core.play import RunawayGame
from bluffkit.core.trail import HEAD, MOST, WINDOW, StateTrail
from bluffkit.session import Session

GAMES = [("youre-bluffing", {}, 3), ("horse-trading", {}, 5), ("bloff", {}, 3), ("bluffer", {}, 3),
         ("bidder-up", {}, 3), ("auction", {"format": "dutch"}, 4)]


def played(name: str, players: int, seed: int, **options):
    """A finished session of bots, and every state of its game stepped from the start."""
    s = Session(make_game(name, **options), ["random"] * players, seed=seed).run()
    return s, stepped(s)


def stepped(s: Session) -> list:
    """Every state of the session's game, stepped afresh from its first with its moves."""
    states = [s.states[0]]
    for seat, action in s.moves:
        states.append(s.game.step(states[-1], seat, action))
    return states


def trail_of(game, states, moves, every, mine=None, head=0, most=MOST):
    """A trail of ``states`` kept ``every`` steps apart after the first ``head``, over
    ``mine`` (a new list by default)."""
    mine = [] if mine is None else mine
    trail = StateTrail(game, states[0], mine, every, head, most)
    for move, state in zip(moves, states[1:]):
        mine.append(move)
        trail.append(state)
    return trail


@pytest.mark.parametrize("name,options,players", GAMES)
def test_a_sessions_states_read_back_as_played(name, options, players):
    s, states = played(name, players, seed=3, **options)
    assert isinstance(s.states, StateTrail) and s.states[-1] is s.state
    for trail in (s.states, trail_of(s.game, states, s.moves, 4), trail_of(s.game, states, s.moves, 3, head=9)):
        assert len(trail) == len(states) > 4 * 4, "a game long enough to replay states"
        assert trail == states and states == trail
        assert [trail[i] for i in range(len(states))] == states
        assert [trail[i] for i in range(-1, -len(states) - 1, -1)] == states[::-1]
        assert trail[5:40:3] == states[5:40:3] and trail[::-1] == states[::-1]


@pytest.mark.parametrize("every,head,most", [(1, 0, MOST), (2, 0, MOST), (3, 0, MOST), (7, 0, MOST), (7, 14, MOST),
                                             (1, 5, MOST), (1, 5, 4), (3, 2, 1)])
def test_any_spacing_reads_back_the_same(every, head, most):
    s, states = played("bloff", 3, seed=5)
    trail = trail_of(s.game, states, s.moves, every, head=head, most=most)
    assert list(trail) == states and trail[::5] == states[::5]
    assert [trail[i] for i in (len(states) - 2, 1, every, every + 1, 0)] == \
           [states[i] for i in (len(states) - 2, 1, every, every + 1, 0)]


def branch(game, state, seed: int, steps: int):
    """``steps`` moves of random bots and chance from ``state`` (fewer if the game ends), and
    the states after each."""
    rng = np.random.default_rng(seed)
    bot = make_agent("random", game)
    moves, states = [], []
    for _ in range(steps):
        if game.is_over(state):
            break
        if game.is_chance(state):
            move = (None, game.sample_chance(state, rng))
        else:
            seat = game.to_move(state)[0]
            obs = game.observe(state, seat)
            move = (seat, bot.act(obs, obs.legal, rng))
        state = game.step(state, *move)
        moves.append(move)
        states.append(state)
    return moves, states


@pytest.mark.parametrize("every,head,most", [(4, 0, MOST), (5, 10, MOST), (1, 3, 2)])
def test_states_read_while_the_game_goes_on(every, head, most):
    """As a session's undo reads them: the last few states after each move."""
    s, states = played("horse-trading", 3, seed=6)
    moves: list = []
    trail = StateTrail(s.game, states[0], moves, every, head, most)
    for i, (move, state) in enumerate(zip(s.moves, states[1:]), 1):
        moves.append(move)
        trail.append(state)
        back = range(max(0, i - 3), i + 1)
        assert [trail[j] for j in back] == [states[j] for j in back], f"after move {i}"


@pytest.mark.parametrize("every,head,most", [(4, 0, MOST), (16, 0, MOST), (4, 8, MOST), (2, 3, 4)])
def test_cut_short_then_played_otherwise_reads_the_new_states(every, head, most):
    """What was replayed before an undo is not shown after it: the moves differ now."""
    a, states_a = played("youre-bluffing", 3, seed=1)
    for cut in sorted({every, every + 1, 2 * every - 1, 3 * every, head, head + 1, head + every} - {0}):
        moves: list = []
        trail = trail_of(a.game, states_a, a.moves, every, moves, head, most)
        assert trail[cut + 2] == states_a[cut + 2] and trail[cut + every] == states_a[cut + every]
        del moves[cut:], trail[cut + 1:]
        assert len(trail) == cut + 1 and trail[-1] == states_a[cut]
        more, states_b = next((m, b) for m, b in (branch(a.game, states_a[cut], seed, 3 * every + 8)
                                                  for seed in range(50))
                              if b[1:every + 2] != states_a[cut + 2:cut + every + 3])
        for move, state in zip(more, states_b):
            moves.append(move)
            trail.append(state)
        now = states_a[:cut + 1] + states_b
        assert trail[cut + 2] == now[cut + 2] and trail[cut + every] == now[cut + every]   # read before the cut
        assert trail == now and [trail[i] for i in range(len(trail))] == now


def test_a_copy_stays_as_it_was():
    """A copy (what a replay panel shows of a session) keeps its states while the trail
    it was taken from is cut short and played otherwise."""
    a, states_a = played("horse-trading", 3, seed=4)
    moves: list = []
    trail = trail_of(a.game, states_a, a.moves, 8, moves, head=8)
    shown = trail.copy()
    del moves[10:], trail[11:]
    more, states_b = branch(a.game, states_a[10], seed=1, steps=40)
    for move, state in zip(more, states_b):
        moves.append(move)
        trail.append(state)
    assert states_b[:20] != states_a[11:31], "played otherwise"
    assert shown == states_a and [shown[i] for i in range(len(states_a))] == states_a
    assert trail == states_a[:11] + states_b


def test_a_loaded_log_replays_the_same_states(tmp_path):
    s, states = played("horse-trading", 4, seed=8)
    log, read = gamelog.read(s.save(tmp_path / "game.jsonl"))
    assert isinstance(read, StateTrail) and read == states
    again = Session.load(tmp_path / "game.jsonl")
    assert again.states == states and again.states.moves is again.moves


@pytest.mark.slow
def test_a_runaway_session_keeps_few_states(tmp_path):
    """Three callers that call every claim never finish; each Bløff state holds every
    claim made, so keeping each state would take memory in the square of the steps.
    Its states read back as the game stepped afresh: in the session, through undo, and
    from its saved log."""
    callers = [CallerAgent(patience=None, stamina=None) for _ in range(3)]
    s = Session("bloff", callers, seed=28, max_steps=3000)
    with pytest.raises(RunawayGame):
        s.run()
    trail = s.states
    assert len(trail) == 3001 and len(trail._head) == HEAD == 1024 and len(trail._kept) == 31   # 1024, 1088, .. 2944
    fresh = stepped(s)
    assert trail == fresh and [trail[i] for i in range(2990, 1000, -7)] == fresh[2990:1000:-7]
    log, read = gamelog.read(s.save(tmp_path / "runaway.jsonl"))
    assert isinstance(read, StateTrail) and read == fresh and read[2000] == fresh[2000]
    again = Session.load(tmp_path / "runaway.jsonl")
    assert again.states == fresh
    s.max_steps, undone = 3100, 0       # a table of bots alone: undo takes back the last move,
    while undone < 3 and len(s.moves) < 3100:           # unless it showed cards (a call)
        s.advance(limit=1)
        try:
            undone += s.undo()
        except IllegalAction as e:
            assert e.rule == "undo-reveals"
    assert undone == 3 and len(s.states) == len(s.moves) + 1 >= 3001
    fresh = stepped(s)
    assert s.states == fresh and s.states[-1] == fresh[-1] and s.states[len(fresh) - 2] == fresh[-2]


def test_a_state_read_far_from_a_kept_one_keeps_a_small_window():
    """Once the gap between kept states has widened past WINDOW, reading a state
    remembers only the states next to it, not the whole gap."""
    s, states = played("youre-bluffing", 3, seed=7)
    trail = trail_of(s.game, states, s.moves, 2, head=0, most=2)
    assert trail.every > WINDOW
    for i in (trail.every - 1, trail.every // 2 + 3, WINDOW + 1, 1):
        assert trail[i] == states[i] and 0 < len(trail._window) <= WINDOW


def test_states_read_in_order_are_each_played_again_once():
    """Reading state after state (a log's narration, the replay panel) goes on from the
    states remembered last, not from the kept one before each window."""
    s, states = played("youre-bluffing", 3, seed=7)
    class Counting:                     # the game, counting the steps played again
        steps = 0

        def step(self, *args):
            self.steps += 1
            return s.game.step(*args)

    for every, most in ((1, 1), (64, 2)):
        game = Counting()
        trail = trail_of(game, states, s.moves, every, head=0, most=most)
        assert trail.every > WINDOW
        assert [trail[i] for i in range(len(states))] == states and trail[:] == states
        assert game.steps <= 2 * len(states), f"every={every}: {game.steps} steps for {len(states)} states"
    game = Counting()                   # and the state before the last after each move, as it grows
    moves: list = []
    trail = StateTrail(game, states[0], moves, 64, 0)
    for move, state in zip(s.moves, states[1:]):
        moves.append(move)
        trail.append(state)
        assert trail[-2] == states[len(trail) - 2]
    assert game.steps <= 2 * len(states), f"{game.steps} steps for {len(states)} states"


def test_the_gap_widens_so_that_few_states_are_kept():
    s, states = played("youre-bluffing", 3, seed=7)
    trail = trail_of(s.game, states, s.moves, 2, head=10, most=8)
    assert 4 < len(trail._kept) <= 8 and trail.every > 2 and trail.every & (trail.every - 1) == 0
    assert list(trail) == states and trail[-30:] == states[-30:]
    twin = trail.copy()
    assert twin.every == trail.every and list(twin) == states and twin[-30:] == states[-30:]
    del trail.moves[5:], trail[6:]      # cut into the head: the gap is the first one again
    assert trail.every == 2 and trail == states[:6] and twin == states


def test_a_shallow_copy_and_new_moves_stand_apart():
    import collections
    import copy
    s, states = played("youre-bluffing", 3, seed=9)
    moves = list(s.moves)
    trail = trail_of(s.game, states, moves, 4)
    shallow = copy.copy(trail)
    assert trail[10] == states[10]
    del moves[5:], trail[6:]
    assert shallow == states and list(shallow) == states
    trail = trail_of(s.game, states, list(s.moves), 4)
    assert trail[9] == states[9]                     # replayed from state 8, and remembered
    more, states_b = next((m, b) for m, b in (branch(s.game, states[8], seed, 4) for seed in range(50))
                          if b[0] != states[9])
    trail.moves = s.moves[:8] + more + s.moves[12:]  # another list: what was replayed from the old one goes
    assert trail[9] == states_b[0]
    assert trail_of(s.game, states, s.moves, 4) == collections.deque(states) and trail != "abc"


def test_odd_uses_are_refused_in_words():
    game = make_game("bloff")
    first = game.new_state(3)
    with pytest.raises(ValueError, match="every"):
        StateTrail(game, first, [], every=0)
    with pytest.raises(ValueError, match="every"):
        StateTrail(game, first, [], every=True)
    with pytest.raises(ValueError, match="head"):
        StateTrail(game, first, [], head=-1)
    with pytest.raises(ValueError, match="most"):
        StateTrail(game, first, [], most=0)
    s, _ = played("bloff", 3, seed=1)
    trail = s.states
    n = len(trail)
    with pytest.raises(IndexError, match=f"state {n} of a trail of {n}"):
        trail[n]
    with pytest.raises(IndexError):
        trail[-n - 1]
    with pytest.raises(TypeError, match="cut short"):
        del trail[2:5]
    with pytest.raises(TypeError, match="cut short"):
        del trail[3]
    with pytest.raises(ValueError, match="first state"):
        del trail[0:]
    with pytest.raises(TypeError):
        trail["1"]
    del trail[n + 5:]                   # nothing to cut
    assert len(trail) == n and trail != [] and (trail == 3) is False


@pytest.mark.parametrize("seed", range(12))
def test_random_uses_read_as_a_list_would(seed):
    """Appends, cuts and reads in any order, with small spacings, against a plain list
    of the same states."""
    s, states = played("youre-bluffing", 3, seed=1)
    rng = np.random.default_rng(seed)
    every, head, most = (int(x) for x in rng.integers(1, 6, 3))
    moves: list = []
    trail = StateTrail(s.game, states[0], moves, every, head - 1, most)
    model = [states[0]]
    for _ in range(400):
        op = rng.random()
        if op < 0.5 and len(model) < len(states):
            moves.append(s.moves[len(model) - 1])
            model.append(states[len(model)])
            trail.append(model[-1])
        elif op < 0.55 and len(model) > 1:
            k = int(rng.integers(1, len(model)))
            del moves[k - 1:], model[k:], trail[k:]
        else:
            i = int(rng.integers(-len(model), len(model)))
            assert trail[i] == model[i], (every, head, most, i, len(model))
    assert trail == model and trail[::-3] == model[::-3]


class Dear:
    """A state whose comparison is dear: counted, as a game's state that thaws its tables is."""

    asked = 0

    def __eq__(self, other):
        Dear.asked += 1
        return self is other

    __hash__ = object.__hash__


def test_a_trail_compares_with_a_list_as_a_list_does_the_same_state_without_asking():
    """``trail == states`` holds each state to be equal to itself, as a list does, without
    the state's own comparison (a whole game's states compared after every undo cost a
    second a test); states that are only equal are still asked."""
    states = [Dear() for _ in range(6)]
    trail = trail_of(SimpleNamespace(step=None), states, [None] * 5, every=1, head=3)   # all kept
    Dear.asked = 0
    assert trail == states and Dear.asked == 0
    assert trail != states[:-1] + [Dear()] and Dear.asked == 1
