"""The AEC environment refuses a reward function that does not give one number per seat, in
words that say what it returned (it raised a TypeError from deep inside), and takes numpy
integers for its counts (``players=np.int64(3)`` was refused)."""

from __future__ import annotations

from decimal import Decimal

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from bluffkit.core.errors import RulesError  # noqa: E402
from bluffkit.rl import env as make_env  # noqa: E402


def play_through(e, choose, seed: int = 1) -> tuple[dict, dict]:
    """A seeded game played to its end or cut by ``choose(allowed indices) -> index``: each
    agent's last reward and whether it was truncated."""
    e.reset(seed=seed)
    rewards, cut = {}, {}
    while e.agents:
        agent = e.agent_selection
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            rewards[agent], cut[agent] = reward, trunc
            e.step(None)
        else:
            e.step(int(choose(np.flatnonzero(obs["action_mask"]))))
    return rewards, cut


def play_out(e, seed: int = 1) -> list[float]:
    """A seeded game played to the end by the first legal index; the seats' final rewards."""
    rewards, _ = play_through(e, lambda allowed: allowed[0], seed)
    return [rewards[a] for a in e.possible_agents]


@pytest.mark.parametrize("reward, match", [
    (lambda game, state: 1.0, r"must return one number per seat \(3 in a list\), got 1\.0 \(float\)"),
    (lambda game, state: np.float64(2.5), r"got np\.float64\(2\.5\) \(float64\)"),
    (lambda game, state: None, r"got None \(NoneType\)"),
    (lambda game, state: "1 0 0", r"got '1 0 0' \(str\)"),
    (lambda game, state: {0: 1.0, 1: 0.0, 2: 0.0}, r"got \{0: 1\.0, 1: 0\.0, 2: 0\.0\} \(dict\)"),
    (lambda game, state: np.zeros((3, 1)), r"got an array of shape \(3, 1\)"),
    (lambda game, state: [1.0, "x", 0.0], r"must return one finite number per seat; for seat 1 it gave 'x' \(str\)"),
    (lambda game, state: [1.0, None, 0.0], r"for seat 1 it gave None \(NoneType\)"),
    (lambda game, state: [True, False, False], r"for seat 0 it gave True \(bool\)"),
    (lambda game, state: [1.0, 0.0], r"the reward function gave 2 numbers for 3 seats"),
    (lambda game, state: [float("nan"), 0.0, 0.0], r"for seat 0 it gave nan \(float\)"),
    (lambda game, state: [0.0, 0.0, -np.inf], r"for seat 2 it gave -inf \(float\)"),
], ids=["float", "np-float", "None", "text", "dict", "2d-array", "text-item", "None-item", "bools", "short", "nan",
        "inf"])
def test_a_reward_function_that_does_not_give_one_number_per_seat_is_refused(reward, match):
    e = make_env("auction", 3, reward=reward)
    with pytest.raises(RulesError, match=match):
        play_out(e)
    assert not e.game.is_over(e.game_state), "the last move is taken back"


def _to_the_last_move(e, seed: int = 1):
    """Play by the first legal index up to the move that ends the game; that move's index."""
    e.reset(seed=seed)
    while True:
        obs = e.last()[0]
        index = int(np.flatnonzero(obs["action_mask"])[0])
        after = e.game.step(e.game_state, e.seat(e.agent_selection), e.encoder.action(index, e.game.legal(
            e.game_state, e.seat(e.agent_selection))))
        if e.game.is_over(after) or (not e.game.is_chance(after) and not e.game.to_move(after)):
            return index
        e.step(index)


def test_a_reward_function_that_fails_leaves_the_environment_as_it_was_before_the_last_move():
    def fails(game, state):
        raise KeyError("oops")
    e = make_env("auction", 3, reward=fails)
    last = _to_the_last_move(e)
    before = (e.game_state, list(e.history), e.moves, e.agent_selection, dict(e.terminations), dict(e.rewards),
              e._rng.bit_generator.state)
    with pytest.raises(RulesError, match=r"the reward function failed at the end of the game with KeyError: "
                                         r"'oops'; the last move is taken back"):
        e.step(last)
    assert (e.game_state, e.history, e.moves, e.agent_selection, e.terminations, e.rewards,
            e._rng.bit_generator.state) == before
    assert e.last()[0]["action_mask"].any(), "the seat to move can still move"
    e.reward_kind = "win"                                 # mended: the same move ends the game
    e.step(last)
    assert all(e.terminations.values()) and sum(e.rewards.values()) == pytest.approx(0.0)


@pytest.mark.parametrize("reward", [lambda: [0, 0, 0], lambda game: [0, 0, 0], lambda a, b, c: [0, 0, 0]])
def test_a_reward_function_that_does_not_take_game_and_state_is_refused_at_once(reward):
    with pytest.raises(RulesError, match=r"reward: a function \(game, state\) -> one number per seat; .* does not "
                                         r"take those two arguments"):
        make_env("auction", 3, reward=reward)


@pytest.mark.parametrize("reward", [np.array([1.0, 0.0, -1.0]), "wins", 1, None])
def test_a_reward_that_is_neither_a_name_nor_a_function_is_refused_in_words(reward):
    with pytest.raises(RulesError, match=r"reward must be 'win', 'score' or a function"):
        make_env("auction", 3, reward=reward)


def test_a_done_agent_given_an_action_an_unknown_agent_and_odd_reset_options_are_refused_in_words():
    e = make_env("auction", 3)
    play_out(e)
    e.reset(seed=2)
    with pytest.raises(RulesError, match=r"unknown agent 'nobody'"):
        e.action_space("nobody")
    with pytest.raises(RulesError, match=r"unknown agent"):
        e.observation_space("player_9")
    with pytest.raises(RulesError, match=r"reset's options: None or a dict"):
        e.reset(options="fast")
    e.reset(seed=2, options={})
    while not all(e.terminations.values()):
        e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
    with pytest.raises(RulesError, match=r"player_0 is done \(the game is over\): step\(None\) removes it, got 3"):
        e.step(3)
    e.step(None)


def test_a_refusal_lists_at_most_twenty_allowed_indices():
    # One 50 note and the auctioneer's cow: the bidder may pass or bid 1 to 50, 51 moves in all
    e = make_env("auction", 3, step=1, start_money=(0, 0, 1, 0, 0, 0))
    e.reset(seed=0)
    mask = e.last()[0]["action_mask"]
    with pytest.raises(RulesError) as info:
        e.step(int(np.flatnonzero(mask == 0)[0]))
    text = str(info.value)
    listed = text.split("allowed: ")[1].split(", ...")[0]
    assert listed.count(" (") == 20 and "(51 in all)" in text, text


@pytest.mark.parametrize("error", [ValueError("broken"), KeyboardInterrupt()])
def test_anything_that_fails_during_a_move_leaves_the_environment_as_it_was(error):
    """A move is all or nothing: here chance's draw after a move (a You're Bluffing! card
    turned over for an auction) draws and then fails; the environment, its generator
    included, is as before the move, and the error goes on as raised."""
    e = make_env("youre-bluffing", 3)
    e.reset(seed=3)
    game = e.game
    real = game.sample_chance

    def fails(state, rng):
        real(state, rng)
        raise error
    for _ in range(200):
        agent = e.agent_selection
        index = int(np.flatnonzero(e.last()[0]["action_mask"])[0])
        before = (e.game_state, list(e.history), e.moves, e.agent_selection, dict(e.rewards),
                  dict(e._cumulative_rewards), dict(e.terminations), dict(e.truncations), e._rng.bit_generator.state)
        game.sample_chance = fails
        try:
            e.step(index)
        except type(error):
            assert (e.game_state, e.history, e.moves, e.agent_selection, e.rewards, e._cumulative_rewards,
                    e.terminations, e.truncations, e._rng.bit_generator.state) == before
            game.sample_chance = real
            e.step(index)                                  # the same move, now with its draw
            assert e.moves == before[2] + 1 and e.history[len(before[1])][0] == e.seat(agent)
            return
        finally:
            game.sample_chance = real
    raise AssertionError("no move was followed by chance's draw")


def test_the_default_seat_count_says_why_none_suits():
    """Rules no seat count suits are refused when they are built (Bluffer's max_answers=3),
    in the rules' words, before the environment looks for a count."""
    with pytest.raises(RulesError, match=r"^max_answers must be an int from 4 to 12 with these rules, got 3"):
        make_env("bluffer", max_answers=3)


def test_a_reward_function_may_give_a_list_an_array_or_other_numbers():
    by_list = play_out(make_env("auction", 3, reward=lambda game, state: [1.0, 0.0, -1.0]))
    assert by_list == [1.0, 0.0, -1.0]
    assert play_out(make_env("auction", 3, reward=lambda game, state: np.array([1, 0, -1]))) == by_list
    assert play_out(make_env("auction", 3, reward=lambda game, state: (Decimal(1), 0, Decimal(-1)))) == by_list


def test_numpy_counts_are_taken_and_play_the_same_game():
    e = make_env("auction", np.int64(3), max_moves=np.int64(40))
    assert e.players == 3 and type(e.players) is int and e.max_moves == 40 and type(e.max_moves) is int
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    plain = make_env("auction", 3, max_moves=40)
    assert play_out(e, seed=5) == play_out(plain, seed=5)
    assert e.history == plain.history


@pytest.mark.parametrize("players", [np.bool_(True), True, np.float64(3.0), "3"])
def test_other_seat_counts_are_still_refused(players):
    with pytest.raises(RulesError, match=r"players must be an integer >= 1, got "):
        make_env("auction", players)


@pytest.mark.parametrize("name, options", [("youre-bluffing", {}), ("bloff", {}), ("bluffer", {}),
                                           ("auction", {"format": "second-hand"}), ("bidder-up", {})])
def test_an_encoders_own_action_takes_whole_numbers_only(name, options):
    """``encoder.action`` and ``encoder.action_name`` refuse what ``env.step`` refuses: a
    truth value, a float, an index out of range; a numpy integer is taken."""
    e = make_env(name, 4 if name == "auction" else 3, **options)
    e.reset(seed=2)
    enc = e.encoder
    game, state = e.unwrapped.game, e.unwrapped.game_state
    legal = game.legal(state, game.to_move(state)[0])
    first = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
    assert enc.action(np.int64(first), legal) == enc.action(first, legal)
    for bad, says in ((True, r"got True \(bool\)"), (np.bool_(False), r"\(bool_?\)"), (float(first), r"\(float\)"),
                      ("1", r"\(str\)"), (-1, "out of range"), (enc.n_actions, "out of range")):
        with pytest.raises(RulesError, match=says):
            enc.action(bad, legal)
        with pytest.raises(RulesError, match=says):     # and names no action for it either
            enc.action_name(bad)
    assert enc.action_name(np.int64(first)) == enc.action_name(first)


def test_an_unknown_rule_option_is_not_told_that_name_is_one():
    with pytest.raises(RulesError, match="unknown rule option") as err:
        make_env("bloff", players=3, nonsense=1)
    assert "known: min_players" in str(err.value) and "name" not in str(err.value).split("known:")[1]


@pytest.mark.parametrize("reward", [print, np.add, len])
def test_a_builtin_reward_is_refused_at_once(reward):
    """print has a signature Python can read and took (game, state): it was accepted, and
    at the end printed the final state, every hand in it, and failed with 'got None'."""
    with pytest.raises(RulesError, match=r"is a builtin \(write a Python function\)"):
        make_env("auction", 3, reward=reward)


def test_a_game_cut_short_leaves_no_move_in_the_mask_and_says_so():
    e = make_env("bloff", 3, max_moves=3)
    e.reset(seed=1)
    for _ in range(3):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    agent = e.agent_selection
    assert e.truncations[agent] and not e.observe(agent)["action_mask"].any(), "no index to play"
    with pytest.raises(RulesError, match="the game is cut short"):
        e.step_move("call")


def test_an_index_of_an_int_subclass_is_taken_as_the_encoder_takes_it():
    import enum

    class Move(enum.IntEnum):
        FIRST = 0
    e = make_env("auction", 3)
    e.reset(seed=1)
    e.step(Move.FIRST)                  # the mask's index 0 (pass) at the first bid
    assert e.moves == 1


@pytest.mark.parametrize("players", [True, -1, 99, 3.0])
def test_an_encoder_is_made_only_for_a_seat_count_the_game_allows(players):
    from bluffkit.core.game import make_game
    from bluffkit.rl.encoding import encoder_for
    with pytest.raises(RulesError, match="players must be an integer|is for 2 to 4 players"):
        encoder_for(make_game("auction", format="classic"), players)
    assert encoder_for(make_game("bloff"), np.int64(3)).n_actions > 0


def test_a_huge_bid_is_a_finite_number_in_every_vector():
    """You're Bluffing!'s bids have no cap: a bid of 10**42 made every seat's vector inf and
    one of 10**400 stopped the game with OverflowError. The vector holds amounts up to
    10**15 as they are, larger ones as 10**15."""
    e = make_env("youre-bluffing", 3)
    e.reset(seed=1)
    e.step_move("auction")
    e.step_move("bid " + "9" * 400)
    for agent in e.possible_agents:
        assert np.isfinite(e.observe(agent)["observation"]).all()
    obs, *_ = e.last()
    assert np.isfinite(obs["observation"]).all() and obs["action_mask"].any()


def test_step_move_checks_plain_values_and_notes_as_every_other_path_does():
    """step_move asked the rules before the check of plain numbers and notes: notes of 5
    ended in a TypeError, and a numpy bid was told it was too low."""
    import dataclasses

    from bluffkit.games.youre_bluffing.actions import Bid
    e = make_env("youre-bluffing", 3)
    e.reset(seed=1)
    trade = e.game.parse("trade 1 cow 10")
    with pytest.raises(RulesError, match=r"\[rule: bad-notes\]"):
        e.step_move(dataclasses.replace(trade, notes=5))
    e.step_move("auction")
    before = e.game_state
    with pytest.raises(RulesError, match=r"\[rule: plain-values\]"):
        e.step_move(Bid(np.int64(50)))
    assert e.game_state is before


def test_no_number_of_a_bidder_up_vector_is_below_zero():
    """docs/rl.md: a value not known or not there is 0 (with a flag where 0 could mean
    something). The Bidder Up! vector held -1.0 for "no call" in every pen's auction but The
    Call's, the one negative number of any game's vector; no call is 0 now, a call of c is
    (c + 1)/500. Random games with auctions of several formats and The Call's calls."""
    e = make_env("bidder-up", 2, tiles=("the-call", "classic", "number-call", "cat-in-the-bag"))
    auctions = calls = 0
    for seed in range(3):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in e.agent_iter(max_iter=1500):
            obs, _, done, cut, _ = e.last()
            x = obs["observation"]
            assert x.min() >= 0, (e.moves, np.flatnonzero(x < 0))
            state = e.game_state
            auctions += state.auction is not None
            calls += state.auction is not None and state.auction.called >= 0
            e.step(None if done or cut else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert auctions and calls, (auctions, calls)


def test_score_rewards_take_the_tables_mean_off_each_score(monkeypatch):
    """docs/rl.md: reward="score" is the seat's score minus the table's mean score. Scores 10,
    4 and 1 (mean 5) give 5, -1 and -4."""
    e = make_env("auction", 3, reward="score")
    monkeypatch.setattr(e.game, "scores", lambda state: (10, 4, 1))
    assert play_out(e) == pytest.approx([5.0, -1.0, -4.0])


def test_the_mask_of_a_seat_not_to_move_is_all_zeros(monkeypatch):
    """docs/rl.md: the mask "is all zeros for a seat that is not to move, and never all zeros
    for the seat that is", whatever the rules would let that seat do. At the auction's first
    bid the rules let seats 1 and 2 bid; with seat 1 alone to move, seat 2's mask is empty."""
    e = make_env("auction", 3)
    e.reset(seed=1)
    assert e.game.legal(e.game_state, 2).explain(e.game.parse("pass")) is None
    monkeypatch.setattr(e.game, "to_move", lambda state: (1,))
    assert e.observe("player_1")["action_mask"].any(), "the seat to move has no index to play"
    for agent in ("player_0", "player_2"):
        mask = e.observe(agent)["action_mask"]
        assert not mask.any(), f"{agent} is not to move, yet its mask allows {np.flatnonzero(mask)}"


@pytest.mark.parametrize("action", [True, False, np.True_])
def test_true_or_false_is_no_action_index(action):
    e = make_env("auction", 3)
    e.reset(seed=1)
    with pytest.raises(RulesError, match="acts with an action index"):
        e.step(action)
    assert e.moves == 0


def test_a_refused_action_names_the_last_index_there_is():
    """The indices run from 0 to action_space.n - 1, and the refusal of something else says so."""
    e = make_env("auction", 3)
    e.reset(seed=1)
    last = int(e.action_space(e.agent_selection).n) - 1
    with pytest.raises(RulesError, match=rf"an int from 0 to {last}\)"):
        e.step("pass")


@pytest.mark.parametrize("move", [2.0, np.float64(1.0), np.int64(0)])
def test_step_move_sends_a_number_to_step(move):
    e = make_env("auction", 3)
    e.reset(seed=1)
    with pytest.raises(RulesError, match=r"an action index goes to step\(\)"):
        e.step_move(move)
    assert e.moves == 0


def test_render_shows_the_table_only_in_ansi_mode_and_other_modes_are_refused():
    """The whole table, secrets included, is rendered for render_mode="ansi" alone; without a
    mode render() gives nothing, and a mode bluffkit does not draw is refused when made."""
    quiet = make_env("bloff", 3)
    quiet.reset(seed=1)
    assert quiet.render() is None
    shown = make_env("bloff", 3, render_mode="ansi")
    shown.reset(seed=1)
    assert "player_0" in shown.render()
    with pytest.raises(RulesError, match="render_mode must be None or 'ansi', got 'human'"):
        make_env("bloff", 3, render_mode="human")


def test_a_reward_that_is_not_one_number_per_seat_says_the_last_move_is_taken_back():
    e = make_env("auction", 3, reward=lambda game, state: [1.0, 0.0])
    with pytest.raises(RulesError, match=r"gave 2 numbers for 3 seats; the last move is taken back$"):
        play_out(e)
