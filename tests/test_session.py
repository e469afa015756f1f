"""Sessions: human seats, bots, scripted seats, undo, save and load."""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.agents.base import make_agent
from bluffkit.core.errors import BluffkitError, IllegalAction, NotationError, RulesError
from bluffkit.core.game import make_game
from bluffkit.games.bloff.cards import card_text
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

def test_undo_takes_back_the_last_human_move_only_while_nobody_has_answered_it():
    """Undo rewinds to just before the human's last move, unless a step since then showed
    hidden information (an animal turned up, a payment, a trade settled) or another player
    has moved since (a move stands once answered: the bots' answers depend on what they
    hold): then it is refused and nothing changes. Taken back, the same move again gives
    the same game again."""
    s = Session(make_game("horse-trading"), [HUMAN, "random", "heuristic"], seed=5)
    rng = np.random.default_rng(1)
    seen = {"taken": 0, "shown": 0, "answered": 0}
    for _ in range(80):
        s.advance()
        if s.over:
            break
        mark, before = len(s.moves), snapshot(s)
        move = human_move(s, 0, rng)
        s.play(move, 0)
        s.advance()
        full = snapshot(s)
        shown = any(s.shows(i) for i in range(mark, len(s.moves)))
        answered = any(seat not in (None, 0) for seat, _ in s.moves[mark + 1:])
        if shown or answered:
            with pytest.raises(IllegalAction, match="cannot be taken back" if shown else "has moved since"):
                s.undo()
            assert_unchanged(s, full)
            seen["shown" if shown else "answered"] += 1
            continue
        n = s.undo()
        assert len(s.moves) == mark, "undo did not stop just before the human's move"
        assert n == len(full[1]) - mark
        assert_unchanged(s, before)
        assert s.waiting_for == 0
        s.play(move, 0)                     # the same move again: the same game
        s.advance()
        assert_unchanged(s, full)
        seen["taken"] += 1
    assert seen["shown"] >= 4 and seen["answered"] >= 4, seen


def test_undo_cannot_probe_what_a_bot_holds():
    """Anne lies in Bløff; the honest bots (who call only a claim their own cards prove
    false) let it go, which tells her something about their hands. Her claim stands: she
    cannot take it back and lay something else knowing that."""
    s = Session(make_game("bloff"), [HUMAN, "honest", "honest"], names=["Anne", "Bjørn", "Carla"], seed=0)
    s.advance()
    obs = s.observe(0)
    s.play(obs.legal.sample(np.random.default_rng(0)), 0)
    s.advance(limit=1)                      # Bjørn answers (lets it go, or calls)
    assert s.moves[-1][0] == 1
    full = snapshot(s)
    with pytest.raises(IllegalAction, match=r"Bjørn has moved since .*a move stands once another player has answered"):
        s.undo()
    assert_unchanged(s, full)


@pytest.mark.slow      # (a whole game in every configuration: with the slow tests)
def test_undo_never_crosses_revealed_information_in_any_game():
    """In every game, a human's move followed by a step that showed hidden information
    cannot be taken back; one followed by no such step can."""
    from bluffkit.testing import CONFIGS, config_game, config_players
    total = {True: 0, False: 0}
    for key, *_ in CONFIGS:
        game = config_game(key)
        players = config_players(key)[0]
        s = Session(game, [HUMAN] * players, seed=3, undo="any")
        rng = np.random.default_rng(3)
        bot = make_agent("random", game)
        seen = {True: 0, False: 0}
        while not s.over and len(s.moves) < 400:
            if s.game.is_chance(s.state):
                s.chance()
                continue
            seat = s.to_move[0]
            obs = s.observe(seat)
            s.play(bot.act(obs, obs.legal, rng), seat)
            k = len(s.moves) - 1
            shows = s.shows(k)
            full = snapshot(s)
            if shows:
                with pytest.raises(IllegalAction, match="cannot be taken back"):
                    s.undo()
                assert_unchanged(s, full)
            else:
                assert s.undo() == 1, f"{key}: a move that showed nothing could not be taken back"
                s.play(full[1][-1][1], seat)
                assert_unchanged(s, full)
            seen[shows] += 1
            total[shows] += 1
        assert seen[True], f"{key}: no step showed anything: {seen}"
    assert total[False] >= 50 and total[True] >= 50, total


@pytest.mark.slow
def test_a_step_that_reveals_nothing_teaches_no_seat_anything_hidden():
    """``reveals`` is False only where no seat learns what was hidden from it: redeal what
    a seat cannot see before the step (``hide_from``), play the same move, and the seat's
    view after the step is the same as in the real game. Every configuration at its
    most and fewest players; up to 40 such steps of each game, drawn at random, every
    seat's view at each (every step of them all is some 25,000 checks, five times as many)."""
    from bluffkit.testing import CONFIGS, config_game, config_players
    checked = 0
    runs = [(config_game(key), players, seed) for key, *_ in CONFIGS
            for players, seed in ((config_players(key)[-1], 11), (config_players(key)[0], 4))]
    for game, players, seed in runs:
        s = Session(game, ["random"] * players, seed=seed)
        s.run()
        rng = np.random.default_rng(seed)
        silent = [i for i, (seat, action) in enumerate(s.moves)
                  if not (game.reveals(s.states[i], seat, action, s.states[i + 1]) or game.is_over(s.states[i + 1]))]
        if len(silent) > 40:
            silent = sorted(rng.choice(silent, 40, replace=False).tolist())
        for i in silent:
            seat, action = s.moves[i]
            before, after = s.states[i], s.states[i + 1]
            for viewer in range(players):
                other = game.hide_from(before, viewer, rng)
                try:
                    moved = game.step(other, seat, action)
                except BluffkitError:          # the move depends on what was redealt
                    continue
                assert game.observe(moved, viewer) == game.observe(after, viewer), \
                    f"{game.name} ({players} players, seed {seed}) step {i + 1} ({action}): seat {viewer} " \
                    "learns something hidden, yet reveals() is False"
                checked += 1
    assert checked > 500, checked


def test_undo_refuses_another_players_move_unless_the_table_allows_it():
    s = Session(make_game("horse-trading"), [HUMAN, HUMAN, HUMAN], names=["Ana", "Bo", "Cy"], seed=3)
    s.play("auction")
    s.chance()
    s.play("bid 10", 1)
    full = snapshot(s)
    with pytest.raises(IllegalAction, match="only Bo may take back"):
        s.undo()                               # seat 2 is to move: it may not take back Bo's bid
    with pytest.raises(IllegalAction, match="only Bo may take back"):
        s.undo(seat=2)
    assert_unchanged(s, full)
    assert s.undo(seat=1) == 1 and s.moves == full[1][:-1]
    t = Session(make_game("horse-trading"), [HUMAN, HUMAN, HUMAN], seed=3, undo="any")
    t.play("auction")
    t.chance()
    t.play("bid 10", 1)
    assert t.undo() == 1 and len(t.moves) == 2


def test_undo_is_refused_across_the_turned_up_animal_and_at_the_end():
    s = Session(make_game("horse-trading"), [HUMAN, "random", "random"], seed=3)
    s.play("auction")
    s.advance()                                # chance turns up an animal: shown to everyone
    full = snapshot(s)
    with pytest.raises(IllegalAction, match="after \u201c.*\u201d the table saw something that was hidden until then: what was seen cannot"):
        s.undo()
    assert_unchanged(s, full)
    done = Session(make_game("youre-bluffing"), ["random"] * 3, seed=5).run()
    with pytest.raises(IllegalAction, match="ended the game, which shows every hand: what was seen cannot be taken"):
        done.undo()


def test_the_pass_that_ends_a_bloff_game_cannot_be_taken_back():
    """Anne lays her last card and Bjørn and Carla let it go: "Førstemann ut har vunnet" (the
    first one out has won). Carla's pass ended the game, which shows every hand; nobody has
    moved since, yet she cannot take it back."""
    hands = ["AS", ",".join(card_text(c) for c in range(1, 27)), ",".join(card_text(c) for c in range(27, 52))]
    s = Session(make_game("bloff"), [HUMAN] * 3, names=["Anne", "Bjørn", "Carla"], start={"hands": hands})
    s.play("play AS", 0)
    s.play("pass", 1)
    assert not s.over
    s.play("pass", 2)
    assert s.over and s.winners() == (0,)
    full = snapshot(s)
    for asking in (2, None):
        with pytest.raises(IllegalAction, match="ended the game, which shows every hand") as info:
            s.undo(asking)
        assert info.value.rule == "undo-reveals"
        assert_unchanged(s, full)
    assert s.undo_problem(2)[1].rule == "undo-reveals"


@pytest.mark.parametrize("bad", ["everyone", None])
def test_undo_rule_must_be_named(bad):
    with pytest.raises(RulesError, match="undo must be one of 'own', 'any'"):
        Session(make_game("horse-trading"), [HUMAN, "random", "random"], undo=bad)


def test_undo_by_a_seat_that_is_not_at_the_table():
    s = Session(make_game("horse-trading"), [HUMAN, "random", "random"], seed=3)
    with pytest.raises(RulesError, match="not a seat"):
        s.undo(seat=7)


def test_undo_with_nothing_to_undo():
    """At a table with people, undo before any move is refused in words (a panel said
    "Took back 0 moves"); a table of bots alone takes back nothing."""
    s = Session(make_game("youre-bluffing"), [HUMAN, "random", "random"], seed=5)
    with pytest.raises(IllegalAction, match="no player at the table has made a move to take back yet"):
        s.undo()
    assert len(s.states) == 1 and s.moves == []
    assert Session(make_game("youre-bluffing"), ["random"] * 3, seed=5).undo() == 0


def test_undo_without_human_moves_takes_back_one_move():
    s = Session(make_game("youre-bluffing"), ["random"] * 3, seed=5)
    s.advance(limit=6)
    states = list(s.states)
    assert s.undo() == 1
    assert s.states == states[:-1] and len(s.moves) == 5


def test_undo_before_any_person_has_moved_is_refused():
    """Ben, seated after two bots, typed 'undo' first: it took back a bot's move, which the
    bot then played again as it was ("took back 1 move")."""
    s = Session(make_game("bloff"), ["random", HUMAN, "random"], seed=9)
    s.advance()
    states, moves = list(s.states), list(s.moves)
    assert moves, "the bot before Ben has moved"
    with pytest.raises(IllegalAction) as err:
        s.undo(1)
    assert err.value.rule == "nothing-to-undo"
    assert s.states == states and s.moves == moves


def test_undo_then_play_on():
    """Bidding shows nothing hidden: Bo's bid, not yet answered, is taken back at a table
    where anyone may undo, and the game plays on (the animal turned up before Bo's bid
    stays: undo does not cross it)."""
    s = Session(make_game("horse-trading"), [["auction"], HUMAN, HUMAN], names=["Ana", "Bo", "Cy"], seed=5,
                undo="any")
    s.advance()
    start = len(s.moves)
    s.play("bid 10", 1)
    assert s.waiting_for == 2
    assert s.undo() == 1
    assert len(s.moves) == start and s.waiting_for == 1
    s.play("pass", 1)                       # another move this time: Cy answers that one
    s.play("bid 20", 2)
    assert s.moves[start:] == [(1, s.game.parse("pass")), (2, s.game.parse("bid 20"))]


def test_undo_cannot_fish_for_another_animal():
    """The animal turned up is shown to everyone: the auction that turned it up cannot be
    taken back (not even at a table where anyone may undo), so nobody can try for a better draw."""
    s = Session(make_game("horse-trading"), [HUMAN, HUMAN, HUMAN], seed=3, undo="any")
    s.play("auction")
    s.advance()                 # chance turns up the top animal
    full = snapshot(s)
    for _ in range(3):
        with pytest.raises(IllegalAction, match="cannot be taken back"):
            s.undo()
        assert_unchanged(s, full)


def test_undo_rewinds_scripted_seats():
    """At a table of scripts and bots alone, undo takes back the last move that showed
    nothing (here a script's bid); the script plays it again, so nothing can be fished for."""
    s = Session(make_game("horse-trading"), [["auction"], ["bid 20", "bid 40"], ["pass"]], seed=3)
    s.advance(limit=3)
    first = list(s.moves)
    assert first[-1] == (1, s.game.parse("bid 20")) and s.game.to_move(s.state) == (2,)
    assert s.undo() == 1 and s.moves == first[:-1]
    s.advance(limit=1)
    assert s.moves == first, "the script did not play its taken-back move again"


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


def test_load_shows_the_progress_of_a_long_log_and_refuses_a_progress_it_cannot_call(tmp_path, capsys):
    """A Bløff log of 17,000 steps takes seconds to check, with nothing said: ``progress``
    takes a bar or a function, as simulations do; a function is called every 100 steps and at
    the last, and a bad ``progress`` is refused before the file is read."""
    s = Session(make_game("bloff"), ["random"] * 4, seed=3).run()
    path = s.save(tmp_path / "g.jsonl")
    calls = []
    t = Session.load(path, progress=lambda done, total: calls.append((done, total)))
    steps = len(s.moves)
    assert steps > 200, "a log of some hundreds of steps"
    assert t.moves == s.moves and calls[-1] == (steps, steps)
    assert [d for d, _ in calls[:-1]] == list(range(100, steps, 100)) and all(x == steps for _, x in calls)
    Session.load(path, progress=True)
    assert f"{steps}/{steps}" in capsys.readouterr().err
    for bad in ("x", lambda: None):
        with pytest.raises(RulesError, match="progress"):
            Session.load(tmp_path / "missing.jsonl", progress=bad)


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
    assert "script" in msg and "seat 2" in msg and "run out" in msg and "4 moves" in msg
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
    from bluffkit.session import bot_failure
    words, hidden = bot_failure(s, e.value)      # the screen names the rule, not the engine's reason
    assert hidden and "move 1, was refused (rule: bid-multiple)" in words and e.value.reason not in words


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


def test_the_command_line_undo_follows_the_session_rule(monkeypatch, capsys):
    """``undo`` at the ``bluffkit play`` prompt is the session's: refused, with the reason on
    one line, after the animal turned up; the game goes on."""
    import io

    from bluffkit import cli
    monkeypatch.setattr("sys.stdin", io.StringIO("auction\nundo\nquit\n"))
    assert cli.main(["play", "horse-trading", "--players", "3", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    refused = [x for x in out.splitlines() if "cannot undo" in x]
    assert len(refused) == 1 and "cannot be taken back" in refused[0] and "took back" not in out


def test_a_bloff_caller_cannot_see_the_cards_then_take_the_call_back():
    s = Session(make_game("bloff"), [HUMAN, HUMAN, HUMAN], names=["Anne", "Bjørn", "Carla"], seed=1, undo="any")
    s.chance()
    from bluffkit.games.bloff.cards import cards_text
    s.play("play " + cards_text(s.observe(0).hand[:2]), 0)
    assert s.state.phase == "call"
    s.play("call", 1)                          # the cards are turned over
    full = snapshot(s)
    with pytest.raises(IllegalAction, match="cannot be taken back"):
        s.undo()
    assert_unchanged(s, full)


def test_a_horse_trader_cannot_learn_the_offer_from_the_swap_and_counter_again():
    from bluffkit.core import scenario as sc
    start = sc.run(next(x for x in sc.list_scenarios() if x.name == "ht-trade-anna-40-richer")).states[0]
    s = Session(make_game("horse-trading"), [HUMAN, HUMAN, HUMAN], names=["Anna", "Ben", "Carla"], seed=1,
                undo="any")
    s.states = [start]
    s.play("trade 1 6 10+0+0", 0)
    s.play("counter 50+0", 1)                 # the offers are swapped: Ben sees Anna's 10
    full = snapshot(s)
    with pytest.raises(IllegalAction, match="cannot be taken back"):
        s.undo(seat=1)
    assert_unchanged(s, full)


@pytest.mark.parametrize("names, says", [
    (["Ana", "Bo", "Cy", "Di"], "give 3 distinct names, one per seat; got 4 names"),
    (["Ana", "Bo", "Ana"], "give 3 distinct names, one per seat; 'Ana' is given twice"),
])
def test_names_that_do_not_fit_the_seats_say_what_is_wrong(names, says):
    """Four distinct names for three seats read "give 3 distinct names ..., got [4 names]"."""
    with pytest.raises(RulesError) as err:
        Session(make_game("bloff"), ["random"] * 3, names=names, seed=1)
    assert says in str(err.value)


def test_a_move_may_name_the_player_it_means_by_name():
    """Moves number the seats ('trade 1 6 10+0+0'); at a table of Anna, Ben and Carla a
    player types 'trade Ben 6 10+0+0' (any case), which is the same move. A word that is
    neither a number nor a player, or a name two players share apart from case, is refused
    in words and changes nothing."""
    from bluffkit.core import scenario as sc
    start = sc.run(next(x for x in sc.list_scenarios() if x.name == "ht-trade-anna-40-richer")).states[0]
    game = make_game("horse-trading")
    by_number = Session(game, [HUMAN] * 3, names=["Anna", "Ben", "Carla"], seed=1)
    by_number.states = [start]
    by_number.play("trade 1 6 10+0+0", 0)
    for typed in ("trade Ben 6 10+0+0", "TRADE ben 6 10+0+0"):
        s = Session(game, [HUMAN] * 3, names=["Anna", "Ben", "Carla"], seed=1)
        s.states = [start]
        s.play(typed, 0)
        assert s.moves == by_number.moves and s.state == by_number.state
    s = Session(game, [HUMAN] * 3, names=["Anna", "Ben", "ben"], seed=1)
    s.states = [start]
    with pytest.raises(NotationError, match="'BEN' could be seat 1 or seat 2: give the seat number"):
        s.play("trade BEN 6 10+0+0", 0)
    with pytest.raises(NotationError, match="'Zed' after 'trade' is no player.*0 'Anna', 1 'Ben', 2 'ben'"):
        s.play("trade Zed 6 10+0+0", 0)
    assert s.moves == [] and s.state == start
    s.play("trade Ben 6 10+0+0", 0)            # the one of the same case
    assert s.moves == by_number.moves


def test_a_name_with_spaces_and_the_longest_fit():
    from bluffkit.session import seat_by_name
    names = ["Bo", "Bo Li", "Seat 2"]
    assert seat_by_name("trade Bo Li goat 10", names, ("trade",)) == "trade 1 goat 10"
    assert seat_by_name("trade bo goat 10", names, ("trade",)) == "trade 0 goat 10"
    assert seat_by_name("choose seat 2", names, ("choose",)) == "choose 2"
    assert seat_by_name("choose 2", names, ("choose",)) == "choose 2"
    assert seat_by_name("choose \u0663", ["A", "\u0663"], ("choose",)) == "choose 1"   # not a number a move reads
    assert seat_by_name("bid 10", names, ("choose",)) == "bid 10"
    assert seat_by_name("choose", names, ("choose",)) == "choose"      # the game says what is missing
    assert seat_by_name("trade Bo goat 10", names, ()) == "trade Bo goat 10"


def test_a_game_of_bots_that_never_ends_stops_at_max_steps_and_keeps_the_session(tmp_path):
    """Three callers that call every claim never finish; run() went on for ever, keeping every
    state (1.3 GB after 20,000 steps). It stops at max_steps, the session kept and savable."""
    from bluffkit.agents.bloff import CallerAgent
    from bluffkit.core.play import RunawayGame
    s = Session("bloff", [CallerAgent(threshold=0, patience=None, stamina=None) for _ in range(3)], seed=1,
                max_steps=400)
    with pytest.raises(RunawayGame, match="not ended after 400 steps"):
        s.run()
    assert len(s.moves) == 400 and not s.over
    s.save(tmp_path / "runaway.jsonl")
    assert Session.load(tmp_path / "runaway.jsonl").moves == s.moves
    with pytest.raises(RulesError, match="max_steps"):
        Session("bloff", ["random"] * 3, max_steps=0)


def test_the_start_position_is_the_sessions_own_copy(tmp_path):
    """The caller's start dict, changed after the session began (reused for the next table),
    made the game it had played impossible to save."""
    start = {"leader": 1}
    s = Session("youre-bluffing", ["random"] * 3, seed=3, start=start)
    s.advance(limit=10)
    start["leader"] = 2
    s.save(tmp_path / "game.jsonl")
    assert Session.load(tmp_path / "game.jsonl").state == s.state


def test_past_max_steps_a_person_may_still_move_and_the_panel_says_why_the_bots_stop():
    """The step limit was checked before whose move it was, so a person past it was told that
    their own "agent" had failed, with the reason withheld."""
    from bluffkit.core.play import RunawayGame
    from bluffkit.session import bot_failure
    s = Session("youre-bluffing", ["human", "random", "random"], seed=1, max_steps=1)
    s.play("auction")
    with pytest.raises(RunawayGame) as e:
        s.advance()
    assert len(s.moves) == 1
    words, hidden = bot_failure(s, e.value)
    assert "has not ended after 1 step," in words and "max_steps" in words and not hidden
    assert Session("bloff", ["random"] * 8).max_steps == 80_000, "10,000 a seat"


@pytest.mark.parametrize("seats", [["random"], [], "random", 0, ["random"] * 4])
def test_loading_with_seats_that_do_not_match_the_log_says_how_many_it_has(tmp_path, seats):
    s = Session(make_game("horse-trading"), [HUMAN, "random", "random"], names=["Anna", "Ben", "Carla"], seed=8)
    s.advance()
    path = s.save(tmp_path / "mid.jsonl")
    with pytest.raises(RulesError, match=r"seats: the log has 3 seats \(Anna, Ben, Carla\)"):
        Session.load(path, seats=seats)


def test_an_undo_refusal_quotes_a_claim_without_doubling_its_quotes():
    """Bløff's narration quotes the claim ("Carla says “one seven”."): the refusal quoted the
    line in the same quotes again, “Carla says “one seven”.”; it now uses single ones."""
    s = Session("bloff", ["human", "caller", "caller"], names=["Anne", "Bo", "Cy"], seed=1)
    s.advance()
    hand = s.observe(0).hand
    s.play(f"play {card_text(hand[0])}", 0)
    s.advance()
    problem = s.undo_problem(0)[1]
    assert problem is not None
    reason = problem.reason
    assert "\u201c" in reason, "the narration line quoted holds a claim or a call in double quotes"
    assert reason.startswith("after \u2018") and "\u2019 " in reason and "\u201d.\u201d" not in reason, reason


# -- what a refusal says, and undo after a load ------------------------------------------------

def test_an_undo_refusal_quotes_the_step_that_showed_or_answered():
    """The refusal names the step at fault, not the move asked about: the animal turned up
    after Ana's auction, and Cy's bid that answered Bo's (rules undo-reveals, undo-answered)."""
    s = Session(make_game("horse-trading"), [HUMAN, HUMAN, ["bid 20"]], names=["Ana", "Bo", "Cy"], seed=3)
    s.play("auction")
    s.chance()
    problem = s.undo_problem(0)[1]
    assert problem.rule == "undo-reveals"
    assert problem.reason.startswith(f"after \u201c{s.says[1]}\u201d the table saw"), problem.reason
    assert s.says[0] not in problem.reason
    s.play("bid 10", 1)
    s.advance(limit=1)
    full = snapshot(s)
    with pytest.raises(IllegalAction) as err:
        s.undo(1)
    assert err.value.rule == "undo-answered"
    assert f"Cy has moved since (\u201c{s.says[-1]}\u201d)" in err.value.reason
    assert s.says[-2] not in err.value.reason
    assert_unchanged(s, full)


def test_a_loaded_game_keeps_its_undo_rule_and_never_undoes_across_a_reveal(tmp_path):
    s = Session(make_game("horse-trading"), [HUMAN] * 3, names=["Ana", "Bo", "Cy"], seed=3)
    s.play("auction")
    s.chance()                                   # the animal turned up: shown to everyone
    path = s.save(tmp_path / "drawn.jsonl")
    t = Session.load(path)
    full = snapshot(t)
    with pytest.raises(IllegalAction, match="cannot be taken back") as err:
        t.undo(0)
    assert err.value.rule == "undo-reveals"
    assert_unchanged(t, full)
    s.play("bid 10", 1)                          # Bo's bid, not answered: Cy asks to take it back
    path = s.save(tmp_path / "bid.jsonl")
    with pytest.raises(IllegalAction, match="only Bo may take back"):
        Session.load(path).undo()
    assert Session.load(path, undo="any").undo() == 1


def test_a_save_that_may_not_replace_leaves_the_file_as_it_was(tmp_path):
    s = Session(make_game("horse-trading"), [HUMAN] * 3, seed=3)
    path = tmp_path / "kept.jsonl"
    path.write_text("mine\n")
    s.play("auction")
    with pytest.raises(BluffkitError):
        s.save(path, replace=False)
    assert path.read_text() == "mine\n"


def test_history_after_undo_tells_the_move_played_instead():
    """Undo takes back the end of every seat's history with the moves: a bot watching sees
    Bo's pass, not the bid he took back, as a table that never saw the bid would."""
    s = Session(make_game("horse-trading"), [HUMAN] * 3, seed=3, undo="any")
    s.play("auction")
    s.chance()
    s.play("bid 10", 1)
    assert len(s.history(2)) == 3
    s.undo()
    s.play("pass", 1)
    fresh = Session(make_game("horse-trading"), [HUMAN] * 3, seed=3)
    for move in ("auction", None, "pass"):
        fresh.play(move, 1) if move == "pass" else (fresh.chance() if move is None else fresh.play(move))
    for seat in range(3):
        assert s.history(seat) == fresh.history(seat)


def test_advance_holds_chance_while_hold_says_so():
    s = Session(make_game("horse-trading"), [HUMAN, "random", "random"], seed=3)
    s.play("auction")
    assert s.advance(hold=lambda state: True) == [] and len(s.moves) == 1
    said = s.advance(hold=lambda state: False)
    assert said and s.moves[1][0] is None, "chance turned up an animal"


def test_waiting_for_is_none_while_a_bot_among_several_movers_comes_first():
    """Every Bluffer player but the leader writes at once; the bot at seat 0 is the first of
    them, and advance() lets it write before anyone is waited for."""
    s = Session(make_game("bluffer"), ["random", HUMAN, HUMAN, HUMAN], seed=1)
    s.chance()
    assert s.to_move[0] == 0 and 1 in s.to_move
    assert s.waiting_for is None
    s.advance()
    assert s.waiting_for == s.to_move[0] != 0


def test_chance_and_a_player_are_refused_out_of_turn_in_words():
    s = Session(make_game("horse-trading"), [HUMAN] * 3, seed=3)
    with pytest.raises(IllegalAction, match="chance does not act now") as err:
        s.chance()
    assert err.value.rule == "not-chance-turn" and s.moves == [] and len(s.states) == 1
    s.play("auction")
    with pytest.raises(IllegalAction, match="chance acts next, not a player"):
        s.play("pass")
    done = Session(make_game("youre-bluffing"), ["random"] * 3, seed=5).run()
    with pytest.raises(IllegalAction, match="the game is over"):
        done.play("pass")


def test_a_move_given_without_a_seat_is_the_first_movers_when_several_may_move():
    """Bluffer's writers write at once ("everyone ... writes a false answer"): ``play`` with no
    seat plays for the first of them, as its docstring says, not for another writer who could
    make the same move."""
    s = Session(make_game("bluffer"), [HUMAN] * 3, seed=1)
    rng = np.random.default_rng(0)
    for _ in range(20):
        s.advance()
        if len(s.to_move) > 1:
            break
        s.play(s.legal(s.to_move[0]).sample(rng), s.to_move[0])
    movers = s.to_move
    assert len(movers) == 3 and s.state.phase == "write"
    s.play("write A guess")
    assert s.moves[-1][0] == movers[0] == 0


def test_a_log_that_names_no_seed_is_saved_again_naming_none(tmp_path):
    """A log may say ``"seed": null`` (written by hand, or by another tool). Saved again
    once loaded, its header said ``"seed": 0``, a seed that did not deal the game. It names
    none, as the log it came from."""
    import json
    s = Session(make_game("bloff"), ["random"] * 3, seed=4)
    s.advance(limit=5)
    first = tmp_path / "game.jsonl"
    s.save(first)
    lines = first.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["seed"] = None
    first.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n", encoding="utf-8")
    again = Session.load(first)
    assert again.seed_unknown and len(again.moves) == len(s.moves)
    again.save(tmp_path / "again.jsonl")
    assert json.loads((tmp_path / "again.jsonl").read_text(encoding="utf-8").splitlines()[0])["seed"] is None
    assert Session.load(tmp_path / "again.jsonl").moves == s.moves
    s.save(tmp_path / "seeded.jsonl")
    assert not Session.load(tmp_path / "seeded.jsonl").seed_unknown


def _seedless_log(tmp_path, seed=None):
    """A log of five steps of Bløff (random bots, seed 4) whose header says ``"seed": seed``."""
    import json
    s = Session(make_game("bloff"), ["random"] * 3, seed=4)
    s.advance(limit=5)
    path = tmp_path / f"seed-{seed}.jsonl"
    s.save(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["seed"] = seed
    path.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n", encoding="utf-8")
    return path, s


def test_a_log_that_names_no_seed_goes_on_from_a_fresh_seed(tmp_path, monkeypatch):
    """Loaded and played on, a log with ``"seed": null`` drew from seed 0: every seedless log
    went on with the same draws, those of a game dealt with seed 0, and nothing said so.
    It goes on from a fresh seed (docs/logs.md), kept by the session so an undo draws the
    same again; the moves it had replay as they were, and its saved log replays exactly."""
    import bluffkit.session as session_module
    path, s = _seedless_log(tmp_path)
    monkeypatch.setattr(session_module, "fresh_seed", lambda: 12345, raising=False)
    bots = ["random"] * 3
    again = Session.load(path, seats=bots)
    assert again.seed_unknown and again.seed == 12345 and again.moves == s.moves
    again.advance(limit=12)
    as_seeded = Session.load(_seedless_log(tmp_path, 12345)[0], seats=bots)
    as_seeded.advance(limit=12)
    assert again.moves == as_seeded.moves, "it draws from the fresh seed"
    as_zero = Session.load(_seedless_log(tmp_path, 0)[0], seats=bots)
    as_zero.advance(limit=12)
    assert again.moves != as_zero.moves, "not from seed 0"
    again.save(tmp_path / "continued.jsonl")
    loaded = Session.load(tmp_path / "continued.jsonl")
    assert loaded.seed_unknown and loaded.moves == again.moves and loaded.state == again.state


def test_two_sessions_loaded_from_one_seedless_log_draw_apart(tmp_path):
    path, _ = _seedless_log(tmp_path)
    one, two = (Session.load(path, seats=["random"] * 3) for _ in range(2))
    assert one.seed != two.seed, "each load draws its own fresh seed"


def test_a_seedless_log_goes_on_from_a_seed_given_to_load(tmp_path):
    """A researcher's continuation of a seedless log could not be played again: each load
    drew a fresh seed and took none. ``Session.load(path, seed=S)`` goes on from ``S``:
    two such loads draw alike, the session is still ``seed_unknown``, and its saved log
    names no seed (docs/logs.md)."""
    import json
    path, s = _seedless_log(tmp_path)
    bots = ["random"] * 3
    one, two = (Session.load(path, seats=bots, seed=99) for _ in range(2))
    assert one.seed == two.seed == 99 and one.seed_unknown and one.moves == s.moves
    one.advance(limit=12)
    two.advance(limit=12)
    assert one.moves == two.moves, "one seed, one continuation"
    as_seeded = Session.load(_seedless_log(tmp_path, 99)[0], seats=bots)
    as_seeded.advance(limit=12)
    assert one.moves == as_seeded.moves, "drawn from the seed given"
    one.save(tmp_path / "continued.jsonl")
    assert json.loads((tmp_path / "continued.jsonl").read_text(encoding="utf-8").splitlines()[0])["seed"] is None
    assert Session.load(path, seed=np.int64(7)).seed == 7


def test_a_seed_given_for_a_log_that_names_its_own_is_refused(tmp_path):
    """A log that names its seed goes on from it, as it was dealt: another seed is refused
    in words that do not tell the log's seed (an unfinished game's seed deals every hand to
    come); the log's own seed is taken."""
    path, s = _seedless_log(tmp_path, 4)
    with pytest.raises(RulesError, match=r"^seed=5: this log names a seed of its own and goes on from it") as e:
        Session.load(path, seed=5)
    assert "4" not in str(e.value).replace("seed=5", "")
    assert Session.load(path, seed=4).seed == 4 and not Session.load(path, seed=4).seed_unknown
    with pytest.raises(RulesError, match=r"^seed=12345678901234567890… \(309 digits\): this log names"):
        Session.load(path, seed=int("1234567890" * 30 + "123456789"))


@pytest.mark.parametrize("seed", [-1, 2**1024, 1.5, float("nan"), 3.0, "7", True, [1], np.float64(2.0)],
                         ids=["negative", "2**1024", "1.5", "nan", "3.0", "text", "True", "list", "np.float64"])
def test_a_seed_given_to_load_is_checked_as_every_seed_is(tmp_path, seed):
    path, _ = _seedless_log(tmp_path)
    with pytest.raises(RulesError, match=r"^seed must be a whole number from 0 to 2\*\*1024 - 1, got "):
        Session.load(path, seed=seed)
    seeded, _ = _seedless_log(tmp_path, 4)
    with pytest.raises(RulesError, match=r"^seed must be a whole number"):
        Session.load(seeded, seed=seed)
