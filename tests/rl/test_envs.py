"""Every conformance configuration as a PettingZoo AEC environment (bluffkit.rl.env).

For each configuration of :func:`bluffkit.core.spec.configs` and each of its seat
counts: PettingZoo's ``api_test`` and ``seed_test``, and bluffkit's own checks on a
seeded game played by masked random actions: the mask is never empty for the seat to
move, every index it allows maps to a legal action, and the encoded observations and
masks do not change when information hidden from the seat is dealt again
(``game.hide_from``, the conformance suite's no-leak check, on the vectors). A game
whose encoder module does not exist yet fails here: it is not skipped.
"""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

from bluffkit.auctions.legal import _TABLES
from bluffkit.core.spec import configs
from bluffkit.testing import config_game, config_players

pettingzoo_test = pytest.importorskip("pettingzoo.test")
from bluffkit.rl import env as make_env  # noqa: E402

CASES = [(key, n) for key, *_ in configs() for n in config_players(key)]
#: Cycles of PettingZoo's api_test and seed_test (each cycle is a move by every agent).
CYCLES = 12


def _env(key: str, players: int, **kw):
    return make_env(config_game(key), players, **kw)


@pytest.mark.slow
@pytest.mark.parametrize("key,players", CASES, ids=[f"{k}-{n}p" for k, n in CASES])
def test_pettingzoo_api_and_seed(key, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.api_test(_env(key, players), num_cycles=CYCLES)
        pettingzoo_test.seed_test(lambda: _env(key, players), num_cycles=CYCLES)


#: Moves of masked random play per configuration (a random Bløff game runs to a thousand
#: and more: the environment truncates it).
MOVES = 150


def _play(e, rng):
    """Masked random actions until the game ends or is truncated; yields before each."""
    while True:
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            return
        yield agent
        mask = e.observe(agent)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.slow
@pytest.mark.parametrize("key,players", CASES, ids=[f"{k}-{n}p" for k, n in CASES])
def test_masks_and_no_leak_on_the_vectors(key, players):
    _check_vectors(_env(key, players, max_moves=MOVES), key)


#: The fast loop's share (``make check``): one configuration of each game, and the auction's
#: sealed bids, Dutch count and face-down pen (Cat in the Bag), which hide different things.
FAST = [("youre-bluffing", 4), ("horse-trading", 3), ("bloff", 3), ("bluffer", 3), ("auction-secret-value", 4),
        ("auction-dutch", 3), ("auction-cat-in-the-bag", 3), ("bidder-up-fairground", 2)]


@pytest.mark.parametrize("key,players", FAST, ids=[f"{k}-{n}p" for k, n in FAST])
def test_masks_and_no_leak_on_the_vectors_fast(key, players):
    """The vector check on one configuration of each game, so that the fast loop finds an
    environment that encodes another seat's view. An auction is short and a leak may stand
    in one phase only (the payment, a single move): every move of it is checked. The check
    must have seen a redeal that another seat's vector shows, or it could not have failed."""
    visible = _check_vectors(_env(key, players, max_moves=MOVES), key, every=1 if key.startswith("auction") else 3)
    assert visible > 0, f"{key}: no redeal of what a seat cannot see ever changed another seat's vector"


def _check_vectors(e, key, every=3):
    """Masked random play of one seeded game, checking masks, actions and vectors (the
    vectors every ``every`` moves, and every seat's last one, at the end or the cut).
    Returns how often a redeal for one seat changed the next seat's vector."""
    game, enc, players = e.game, e.encoder, e.players
    rng, hide_rng = np.random.default_rng(5), np.random.default_rng(6)
    e.reset(seed=11)
    checked = visible = 0
    for step, agent in enumerate(_play(e, rng)):
        seat = e.seat(agent)
        legal = game.legal(e.game_state, seat)
        mask = e.observe(agent)["action_mask"]
        assert mask.shape == (enc.n_actions,) and mask.dtype == np.int8, f"{key}: bad mask {mask!r}"
        assert mask.any(), f"{key}, {players} players, move {step}: seat {seat} is to move ({legal.description}) " \
                           "but the mask allows nothing"
        for i in np.flatnonzero(mask):
            action = enc.action(int(i), legal)
            assert legal.explain(action) is None, \
                f"{key}: index {i} ({enc.action_name(int(i))}) maps to {action}, which is illegal: {legal.explain(action)}"
        if step % every == 0:
            visible += _check_seats(e, key, f"move {step}", hide_rng)
            checked += 1
    assert checked > 0, f"{key}: no observation was checked"
    last = e.agent_selection
    assert e.terminations[last] or e.truncations[last], f"{key}: masked random play neither ended nor was truncated"
    assert e.moves <= MOVES, f"{key}: {e.moves} moves played, more than max_moves={MOVES}"
    # every agent is still handed its last observation by last(): it must hide as much
    visible += _check_seats(e, key, "the end" if e.terminations[last] else "the cut", hide_rng)
    return visible


def _check_seats(e, key, when, hide_rng):
    """The no-leak check for every seat now: the seat's vector, and its mask when it is to
    move, are those of a state with everything hidden from it dealt again. Returns how many
    of those redeals changed the next seat's vector (what the check could have caught)."""
    game, enc, players, state = e.game, e.encoder, e.players, e.game_state
    visible = 0
    for s in range(players):
        seen = e.observe(f"player_{s}")
        obs = seen["observation"]
        assert obs.shape == (enc.obs_size,) and obs.dtype == np.float32 and np.isfinite(obs).all(), \
            f"{key}: seat {s}'s vector has the wrong shape, type or a non-finite value"
        other = game.hide_from(state, s, hide_rng)
        hidden = enc.observation(game.observe(other, s))
        assert np.array_equal(hidden, obs), \
            f"{key}, {when}: seat {s}'s encoded observation changes with information hidden from it " \
            f"(a leak) at indices {np.flatnonzero(hidden != obs).tolist()}"
        if s in game.to_move(state) and not game.is_over(state):
            # the mask a seat gets when agent_selection is its own: the env hands one to the
            # agent to act only, so the others' are drawn here from their legal moves
            assert np.array_equal(enc.mask(game.legal(other, s)), enc.mask(game.legal(state, s))), \
                f"{key}, {when}: seat {s}'s mask changes with information hidden from it (a leak)"
        if f"player_{s}" != e.agent_selection:
            assert not seen["action_mask"].any(), f"{key}, {when}: seat {s} is not the agent to act but has a mask"
        elif s in game.to_move(state) and not e.truncations.get(f"player_{s}"):
            assert np.array_equal(seen["action_mask"], enc.mask(game.legal(state, s))), f"{key}, {when}: seat {s}'s mask"
        watcher = (s + 1) % players
        if not np.array_equal(enc.observation(game.observe(other, watcher)), e.observe(f"player_{watcher}")["observation"]):
            visible += 1
    return visible


def test_the_vector_check_catches_a_leaking_encoder():
    from bluffkit.rl.encoders.auction import AuctionEncoder

    class Peeking(AuctionEncoder):
        """Reads every seat's notes through the table behind the Legal: a leak."""

        def observation(self, observation):
            notes = [sum(hand) for hand in _TABLES.get(observation.legal).money]
            faces = [hand[-2] for hand in _TABLES.get(observation.legal).money]          # the 200 notes held
            return np.concatenate([super().observation(observation), np.float32(notes + faces)])

    e = _env("auction-secret-count", 4, max_moves=MOVES)
    e.encoder = Peeking(e.game, 4)
    e.encoder.obs_size += 8
    with pytest.raises(AssertionError, match="a leak"):
        _check_vectors(e, "auction-secret-count (peeking)")


#: Forms of the games outside the conformance configurations: the two-player and team
#: Bluffer, auctions with notes laid as sealed bids and with more seats than the
#: booklet's, Bløff with two decks and with a limit on the cards per play.
EXTRA = [("bluffer", 2, {}), ("bluffer", 7, {"leader_copies": True}),
         ("auction", 4, {"format": "second-hand", "sealed_bids": "notes"}),
         ("auction", 3, {"format": "secret-value", "sealed_bids": "notes", "double": True}),
         ("auction", 6, {"format": "the-call", "player_limits": False}),
         ("auction", 5, {"format": "american-count", "player_limits": False, "first_refusal": False}),
         ("bloff", 8, {}), ("bloff", 3, {"max_cards": 2})]


@pytest.mark.parametrize("name,players,options", EXTRA, ids=[f"{g}-{n}p-{'-'.join(map(str, o.values()))}"
                                                             for g, n, o in EXTRA])
def test_other_forms_of_the_games(name, players, options):
    e = make_env(name, players, max_moves=MOVES, **options)
    enc, rng = e.encoder, np.random.default_rng(1)
    e.reset(seed=2)
    for agent in _play(e, rng):
        legal = e.game.legal(e.game_state, e.seat(agent))
        mask = e.observe(agent)["action_mask"]
        assert mask.any(), f"{name} {options}: seat {agent} is to move ({legal.description}) but the mask allows nothing"
        for i in np.flatnonzero(mask):
            action = enc.action(int(i), legal)
            assert legal.explain(action) is None, f"{name} {options}: index {i} maps to the illegal {action}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.api_test(make_env(name, players, **options), num_cycles=4)


def test_reset_with_a_seed_replays_the_game():
    e = _env("auction-second-hand", 4)
    runs = []
    for _ in range(2):
        e.reset(seed=3)
        rng = np.random.default_rng(0)
        for _agent in _play(e, rng):
            pass
        runs.append([str(a) for _, a in e.history])
    assert runs[0] == runs[1], "the same seed and actions gave two different games"
    chance = [[str(a) for seat, a in e.history if seat is None]]
    e.reset(seed=4)
    for _agent in _play(e, np.random.default_rng(0)):
        pass
    chance.append([str(a) for seat, a in e.history if seat is None])
    e.reset()
    for _agent in _play(e, np.random.default_rng(0)):
        pass
    chance.append([str(a) for seat, a in e.history if seat is None])
    assert len(set(map(tuple, chance))) > 1, "seeds 3, 4 and a reset without a seed all dealt the same lot"


def test_a_reset_without_a_seed_goes_on_drawing_from_the_generator_it_has():
    """docs/rl.md: "reset() with no seed goes on drawing from the Generator it has". After
    reset(seed=3) and a few moves of Bløff, two resets without a seed deal two different
    games (the Generator goes on, it does not start again), and the same deals as another
    environment driven through the same seed, moves and resets (it is the seeded one)."""
    def deals(e):
        e.reset(seed=3)
        for _ in zip(range(6), _play(e, np.random.default_rng(0))):
            pass
        out = []
        for _ in range(2):
            e.reset()
            out.append([str(a) for seat, a in e.history if seat is None])
        return out

    first, second = deals(_env("bloff", 3, max_moves=10))
    assert first and first != second, "two resets without a seed dealt the same cards: the Generator started again"
    assert [first, second] == deals(_env("bloff", 3, max_moves=10)), \
        "the deals after reset(seed=3) and the same moves differ between two environments: not the seeded Generator"


def _random_rewards(e):
    """Each agent's rewards over one game of random masked moves (seed 1, moves from seed
    2); a reward before the game's end fails."""
    e.reset(seed=1)
    rng = np.random.default_rng(2)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if not (term or trunc):
            assert reward == 0, "a reward before the end of the game"
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_win_rewards_sum_to_zero_and_arrive_at_the_end():
    totals = _random_rewards(_env("auction-second-hand", 4))
    assert abs(sum(totals.values())) < 1e-9, f"win rewards do not sum to zero: {totals}"
    assert sorted(totals.values())[-1] == pytest.approx(3 / 4), f"the winner's reward is not 1 - 1/4: {totals}"
    assert sorted(totals.values())[0] == pytest.approx(-1 / 4), f"a loser's reward is not -1/4: {totals}"


def _second_hand_sale(reward):
    """The booklet's Second Hand sale played in an environment (RULES.md: "André auctions a
    cow; Annette bids 120, Frank 100; Annette pays 100"), the seats named from the
    auctioneer chance picked: André, Annette on his left, Frank next, a fourth who passes.
    André sells. Returns André's seat and each seat's reward over the game."""
    from bluffkit.rl.encoders.auction import PAY_INDEX
    e = _env("auction-second-hand", 4, reward=reward)
    e.reset(seed=1)
    andre = e.game_state.auctioneer
    totals = [0.0] * 4
    for agent in e.agent_iter():
        _, r, done, cut, _ = e.last()
        seat = e.seat(agent)
        totals[seat] += r
        if done or cut:
            e.step(None)
        elif e.observe(agent)["action_mask"][PAY_INDEX]:
            assert (seat - andre) % 4 == 1, "only Annette pays"
            e.step(PAY_INDEX)
        else:
            e.step_move(["sell", "bid 120", "bid 100", "pass"][(seat - andre) % 4])
    assert e.game.is_over(e.game_state)
    return andre, totals


def test_score_rewards_are_the_money_won_or_lost_less_the_tables_mean():
    """reward="score": money won or lost minus the mean. André sells the cow for the second
    price, 100, paid by Annette: +100 to André, -100 to Annette, 0 to the others (mean 0)."""
    andre, totals = _second_hand_sale("score")
    want = [0.0] * 4
    want[andre], want[(andre + 1) % 4] = 100.0, -100.0
    assert totals == pytest.approx(want), f"André {andre}: score rewards {totals}"


def test_the_win_reward_goes_to_the_seat_that_owns_the_animal():
    """reward="win": in a single auction the win is owning an animal at the end; Annette
    buys the cow, so she alone gets 1 - 1/4, every other seat -1/4."""
    andre, totals = _second_hand_sale("win")
    want = [-1 / 4] * 4
    want[(andre + 1) % 4] = 3 / 4
    assert totals == pytest.approx(want), f"André {andre}: win rewards {totals}"


def test_a_shared_win_gives_each_winner_its_share_less_one_over_n(monkeypatch):
    """docs/rl.md: "each of k seats sharing a win 1/k - 1/n, every other seat -1/n". Seats 0
    and 1 of three share the win: 1/2 - 1/3 each, -1/3 to seat 2."""
    e = _env("auction-secret-value", 3)
    monkeypatch.setattr(e.game, "winners", lambda state: (0, 1))
    totals = _random_rewards(e)
    assert list(totals.values()) == pytest.approx([1 / 2 - 1 / 3, 1 / 2 - 1 / 3, -1 / 3]), totals


def test_truncation_gives_no_reward():
    e = _env("bloff", 3, max_moves=5)
    e.reset(seed=1)
    rng = np.random.default_rng(2)
    for _agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        assert reward == 0 and not term, "a truncated Bløff game gave a reward or ended"
        e.step(None if trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.moves == 5, f"max_moves=5 let {e.moves} moves be played"


def test_bad_input_is_refused_with_a_reason():
    from bluffkit.core.errors import RulesError
    e = _env("auction-second-hand", 4)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = e.game_state
    with pytest.raises(RulesError, match="not allowed"):
        e.step(bad)
    assert e.game_state is before, "a refused index changed the game"
    with pytest.raises(RulesError, match="action index"):
        e.step("bid 10")
    with pytest.raises(RulesError, match="players"):
        make_env("auction", 5, format="second-hand")
    with pytest.raises(RulesError, match="reward"):
        make_env("bloff", 3, reward="money")
    with pytest.raises(RulesError, match="is a builtin"):     # it failed only at a game's end
        make_env("bloff", 3, reward=max)


def test_calls_out_of_place_are_refused_in_words():
    """legal_mask() and seat_view() before reset() raised AttributeError; seat_view(0) gave
    the acting agent's view (0 read as "not given"); after the game, with every agent
    removed, step(None) raised KeyError; action_name('0') compared a string with ints."""
    from bluffkit.core.errors import RulesError
    e = make_env("bloff", 3)
    for call in (e.legal_mask, e.seat_view, lambda: e.step(0), e.last, lambda: next(iter(e.agent_iter()))):
        with pytest.raises(RulesError, match=r"^no game yet: call reset\(\) first$"):
            call()
    e.reset(seed=1)
    with pytest.raises(RulesError, match="unknown agent 0; the agents are player_0, player_1, player_2"):
        e.seat_view(0)
    assert e.seat_view("player_1")[0].seat == 1 and e.legal_mask("player_2").sum() == 0
    last = e.encoder.n_actions - 1
    for index in ("0", None, 1.5, True, -1, e.encoder.n_actions):
        with pytest.raises(RulesError, match=f"an action index is an int from 0 to {last}|out of range 0..{last}"):
            e.action_name(index)
    assert e.action_name(np.int64(0)) == e.encoder.action_name(0)
    rng = np.random.default_rng(0)
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.agents == []
    for call in (lambda: e.step(None), lambda: e.step_move("pass"), e.last):
        with pytest.raises(RulesError, match="the game is over and every agent is done: call reset"):
            call()
    e.reset(seed=1)
    assert len(e.agents) == 3


def test_bots_play_bluffkit_moves_and_an_illegal_one_is_refused():
    from bluffkit.agents.generic import RandomBot
    from bluffkit.core.errors import RulesError
    e = _env("auction-second-hand", 4)
    e.reset(seed=5)
    seat = e.seat(e.agent_selection)
    observation, legal = e.seat_view()
    assert observation.seat == seat and legal.seat == seat, "seat_view shows another seat"
    before = e.game_state
    with pytest.raises(RulesError, match="cannot play sell"):
        e.step_move("sell")                  # a bidder has no right of first refusal
    for nothing in (None, 3, True):          # ("seat 2 cannot None now")
        with pytest.raises(RulesError, match="step_move takes a move .* an action index goes to step"):
            e.step_move(nothing)
    assert e.game_state is before, "a refused move changed the game"
    rng, bot = np.random.default_rng(0), RandomBot()
    for _agent in e.agent_iter():
        _, _, done, cut, _ = e.last()
        if done or cut:
            e.step(None)
        else:
            e.step_move(bot.act(*e.seat_view(), rng))
    assert not e.agents and e.game.is_over(e.game_state), "a game of bluffkit random bots did not end"
    assert [s for s, _ in e.history if s is not None], "no seat moved"


@pytest.mark.slow
def test_import_bluffkit_and_its_games_loads_no_pettingzoo_or_gymnasium():
    root = Path(__file__).resolve().parents[2]
    code = ("import sys, bluffkit, bluffkit.core.game, bluffkit.session\n"
            "bluffkit.core.game.make_game('bloff')\n"
            "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'bluffkit.rl') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "[]", \
        f"importing bluffkit loaded the learning-agent packages: {done.stdout.strip()}"


def test_default_seat_counts_options_and_text_rendering():
    from bluffkit.core.errors import RulesError
    from bluffkit.core.game import make_game
    assert make_env("bluffer").players == 3, "three seats where the game allows them"
    assert make_env("auction", format="second-hand").players == 4, "Second Hand is for 4"
    assert make_env("auction", format="number-call").players == 2, "Number Call is for 2"
    with pytest.raises(RulesError, match="already made"):
        make_env(make_game("bloff"), 3, max_cards=2)
    for bad in (0, True, 2.0, "5"):
        with pytest.raises(RulesError, match=r"max_moves \('game' for the game's own limit, None for none\) must be an integer >= 1"):
            make_env("bloff", 3, max_moves=bad)
    assert make_env("bloff", 3, max_moves=np.int64(5)).max_moves == 5
    e = make_env("auction", 4, format="second-hand", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert "phase: bid" in text and "lot: [" in text, f"the text does not show the table: {text}"
    assert make_env("bloff", 3).render() is None, "no text without render_mode='ansi'"


@pytest.mark.parametrize("key", ["bidder-up-animal-market", "bloff", "youre-bluffing", "auction-second-hand"])
def test_an_env_pickles_mid_game_and_goes_on_the_same(key):
    """A Bidder Up! environment could not be pickled once observed (its encoder kept the last
    move list, which refuses pickling): a checkpoint or a training worker pickles an env at
    any step."""
    import pickle
    e = _env(key, 3 if key != "auction-second-hand" else 4)
    e.reset(seed=5)
    play = _play(e, np.random.default_rng(1))
    for _ in range(12):
        next(play, None)
    agent = e.agent_selection
    seen = e.observe(agent)
    copy = pickle.loads(pickle.dumps(e))
    again = copy.observe(agent)
    assert np.array_equal(seen["observation"], again["observation"])
    assert np.array_equal(seen["action_mask"], again["action_mask"])


def test_sealed_bidders_act_one_after_another_in_seat_order():
    """docs/rl.md: where several seats act at once (Second Hand's sealed bids) they act one
    after another in the order of game.to_move, from the auctioneer's left round the table."""
    e = _env("auction-second-hand", 4)
    e.reset(seed=3)
    auctioneer = e.game_state.auctioneer
    acted = []
    while e.game_state.phase == "bid":
        acted.append(e.agent_selection)
        e.step(0)                                     # pass
    assert acted == [f"player_{(auctioneer + k) % 4}" for k in (1, 2, 3)], acted


def test_only_the_agent_to_act_has_a_mask():
    """Where several seats act at once (a sealed bid), every one of them got a mask, while
    PettingZoo's classic games give one to ``agent_selection`` only, and docs/rl.md said
    "all zeros for a seat that is not to move": a learner storing each agent's mask would
    find two seats allowed to move at once. The next seat gets its mask when its turn comes."""
    e = make_env("auction", 3, format="secret-value")
    e.reset(seed=1)
    acting, waiting = (f"player_{s}" for s in e.game.to_move(e.game_state))
    assert e.agent_selection == acting
    assert e.observe(acting)["action_mask"].any() and not e.observe(waiting)["action_mask"].any()
    e.step(int(np.flatnonzero(e.observe(acting)["action_mask"])[0]))
    assert e.agent_selection == waiting and e.observe(waiting)["action_mask"].any()
    assert not e.observe(acting)["action_mask"].any()
