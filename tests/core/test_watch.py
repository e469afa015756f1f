"""Agents that watch the game: ``watch(history)`` before each of their moves
(:class:`bluffkit.core.play.Watch`, :meth:`bluffkit.session.Session.history`).

The history is checked against the immutable API played along (each move's public form,
the game's ``public_move``, from the state before it; each watcher's observation from the
state after it), so the fast simulation path, the series of auctions and the session must
all tell a watcher the same thing, and no more than its seat may know."""

from __future__ import annotations

import pytest

from bluffkit.agents.base import make_agent
from bluffkit.auctions.series import play_series
from bluffkit.core.game import make_game
from bluffkit.core.play import Watch, play, public_move_of
from bluffkit.session import HUMAN, Session

GAMES = [
    ("youre-bluffing", {}, 3),
    ("youre-bluffing", {}, 5),
    ("horse-trading", {"payment_seen": "count"}, 4),
    ("bloff", {}, 3),
    ("bluffer", {}, 3),
    ("auction", {"format": "classic"}, 4),
    ("auction", {"format": "cat-in-the-bag", "double": True}, 4),
    ("auction", {"format": "secret-value"}, 4),
    ("auction", {"format": "secret-count"}, 4),
    ("auction", {"format": "dutch"}, 4),
    ("bidder-up", {}, 3),
    ("bidder-up", {"board": "fairground", "babies": True}, 4),
]


class Watcher:
    """Plays as the random bot and keeps every history it is given."""

    name = "watcher"

    def __init__(self, game):
        self.bot = make_agent("random", game)
        self.given: list[tuple] = []

    def watch(self, history):
        self.given.append(history)

    def act(self, observation, legal, rng):
        return self.bot.act(observation, legal, rng)


def replayed(game, players, moves, start=None):
    """``(mover, public, state after)`` per move, through the immutable API."""
    public = public_move_of(game)
    state = game.new_state(players) if start is None else start
    out = []
    for seat, action in moves:
        after = game.step(state, seat, action)
        out.append((seat, public(state, seat, action), after))
        state = after
    return out


def expected(game, seat, steps):
    return tuple((mover, shown, game.observe(after, seat)) for mover, shown, after in steps)


@pytest.mark.parametrize("name, options, players", GAMES, ids=lambda v: str(v))
def test_a_watcher_is_told_the_game_as_its_seat_saw_it(name, options, players):
    game = make_game(name, **options)
    agents = [Watcher(game) if seat != 1 else make_agent("random", game) for seat in range(players)]
    rec = play(game, agents, 11, max_steps=30_000)
    steps = replayed(game, players, rec.moves)
    acted = {seat for seat, _ in rec.moves if seat is not None}
    for seat, agent in enumerate(agents):
        if seat == 1:
            assert not hasattr(agent, "given"), "a seat without watch is told nothing"
            continue
        moves_of_seat = sum(1 for s, _ in rec.moves if s == seat)
        assert len(agent.given) == moves_of_seat, "told once before each of its moves"
        if seat in acted:
            assert agent.given[-1], "its last move came after others"
        last = agent.given[-1]
        assert last == expected(game, seat, steps[:len(last)])
        for history in agent.given:                 # each earlier one the start of the last
            assert all(a is b for a, b in zip(history, last))
        assert [len(h) for h in agent.given] == [i for i, (s, _) in enumerate(rec.moves) if s == seat], \
            "each history is the game up to that move"


def test_a_history_holds_what_the_seat_saw_and_not_the_secrets():
    """Face-down offers by their number of cards; a payment's notes when the table sees them,
    their number when it does not; sealed bids as made; Bløff's cards and Bluffer's answers
    by their kind; every observation the watcher's own."""
    def histories(name, options, players, seed=3):
        game = make_game(name, **options)
        agents = [Watcher(game) for _ in range(players)]
        play(game, agents, seed, max_steps=30_000)
        return game, agents

    game, agents = histories("youre-bluffing", {}, 4)
    told = agents[0].given[-1]
    kinds = {type(p).__name__ if not isinstance(p, tuple) else p[0] for _, p, _ in told}
    assert {"trade", "Counter", "Pay"} <= kinds
    for _, shown, seen in told:
        if isinstance(shown, tuple):                # a face-down offer: its number of cards, never notes
            assert all(isinstance(x, int) for x in shown[1:]), shown
        if type(shown).__name__ == "Pay":           # paid openly: the notes (payment_seen="notes")
            assert isinstance(shown.notes, tuple)
        assert seen.seat == 0 and seen.hand is not None

    game, agents = histories("horse-trading", {"payment_seen": "count"}, 3)
    pays = [p for _, p, _ in agents[0].given[-1] if isinstance(p, tuple) and p[0] == "pay"]
    assert pays and all(isinstance(k, int) for _, k in pays), "only the number of notes"

    for fmt in ("secret-value", "second-hand"):
        game, agents = histories("auction", {"format": fmt}, 4)
        bids = [p for m, p, _ in max((a.given[-1] for a in agents), key=len) if m not in (None, 0)]
        assert "sealed bid" in bids and all(p == "sealed bid" or type(p).__name__ == "Pay" for p in bids), bids

    game, agents = histories("bloff", {}, 3)
    assert {p for _, p, _ in agents[0].given[-1]} == {"Deal", "Play", "Pass", "Call"}, "by their kind"

    game, agents = histories("bluffer", {}, 3)
    assert {p for _, p, _ in agents[0].given[-1]} == {"Ask", "Write", "Shuffle", "Vote"}, \
        "by their kind: a written answer's text, and whose it is, stay hidden"


def test_a_series_of_auctions_tells_each_auction_apart():
    game = make_game("auction", format="classic")
    agents = [Watcher(game) for _ in range(4)]
    recs = play_series(game, agents, 5, seed=2)
    firsts = [h for h in agents[1].given if h and h[0][0] is None and len(h) == 1]
    assert len(firsts) >= 3, "each auction's history starts again with its lot"
    # the last history given is the last auction's, as its seat saw it
    last = agents[1].given[-1]
    assert last == expected(game, 1, replayed(game, 4, recs[-1].moves)[:len(last)])


def test_a_session_tells_a_watching_bot_and_undo_takes_the_history_back():
    game = make_game("youre-bluffing")
    bot = Watcher(game)
    s = Session(game, [HUMAN, bot, "random"], seed=8)
    s.play("auction")
    s.advance()
    assert bot.given, "the bot was told before it moved"
    assert bot.given[-1] == s.history(1)[:len(bot.given[-1])]
    assert bot.given[-1] == expected(game, 1, replayed(game, 3, s.moves)[:len(bot.given[-1])])
    import numpy as np
    me, rng = make_agent("random", game), np.random.default_rng(0)
    for _ in range(500):                            # the human plays on until their own turn comes
        if s.waiting_for == 0 and s.state.phase == "turn" and s.legal(0).auction:
            break
        obs = s.observe(0)
        s.play(me.act(obs, obs.legal, rng), 0)
        s.advance()
    else:
        raise AssertionError("the human's turn with an auction never came")
    n, told = len(s.moves), len(bot.given)
    s.play("auction", 0)                            # taken back before anyone answers it
    assert len(s.history(2)) == n + 1 and s.history(2)[-1][1] == game.parse("auction")
    s.undo(0)
    assert len(s.history(2)) == n and s.history(2) == expected(game, 2, replayed(game, 3, s.moves))
    s.play("auction", 0)
    s.advance()
    assert len(bot.given) > told and bot.given[-1] == expected(game, 1, replayed(game, 3, s.moves)[:len(bot.given[-1])])


def test_history_refuses_a_seat_that_is_not_one():
    s = Session(make_game("bloff"), [HUMAN, "random", "random"], seed=1)
    import numpy as np
    for seat in (3, -1, True, np.int64(1), 1.0, "0"):
        with pytest.raises(Exception, match="history: a seat is an int from 0 to 2"):
            s.history(seat)
    assert s.history(0) == () or s.history(0)[0][1] == "Deal"


def test_no_game_is_watched_without_a_watcher():
    game = make_game("youre-bluffing")
    assert not Watch.wanted([make_agent("random", game)] * 3)
    a = play(game, [make_agent("random", game) for _ in range(3)], 5)
    b = play(game, [Watcher(game), make_agent("random", game), make_agent("random", game)], 5)
    assert a.moves == b.moves, "watching changes nothing in the game"


def test_the_counting_bot_of_the_docs_runs_as_written():
    """docs/youre-bluffing.md's example of a bot that reads its history (the docs are not
    doctested otherwise)."""
    import doctest

    from tests.paths import REPO
    text = (REPO / "docs" / "youre-bluffing.md").read_text(encoding="utf-8")
    start = text.index(">>> from bluffkit.core.game import make_game\n>>> from bluffkit.core.play import play")
    test = doctest.DocTestParser().get_doctest(text[start:text.index("```", start)], {}, "docs", "docs", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False) == (0, 9)


def test_a_history_is_the_view_as_it_was_not_the_live_table():
    """The working copy's Legal objects keep a table apart and answer from it as it is now:
    an early entry's ``seen.legal.hand`` gave a later hand. Each ``seen`` is read from a
    frozen copy, as the immutable API and a session give it."""
    for name, options, players in (("auction", {"format": "american-count"}, 4), ("bidder-up", {}, 3)):
        game = make_game(name, **options)
        agents = [Watcher(game) for _ in range(players)]
        rec = play(game, agents, 7, max_steps=30_000)
        steps = replayed(game, players, rec.moves)
        for seat, agent in enumerate(agents):
            for (_, _, seen), (_, _, after) in zip(agent.given[-1], steps):
                fresh = game.observe(after, seat).legal
                assert (seen.legal.hand, seen.legal.description) == (fresh.hand, fresh.description)


def test_a_move_the_rules_refuse_is_refused_in_words_with_a_watcher_at_the_table():
    """The public form was read before the rules check: a payment of text, refused in words
    without a watcher, ended in a TypeError from the narration with one."""
    from bluffkit.auctions.actions import Pay
    from bluffkit.core.errors import IllegalAction

    game = make_game("auction", format="secret-count")

    class BadPayer:
        name = "badpayer"

        def __init__(self):
            self.bot = make_agent("random", game)

        def act(self, observation, legal, rng):
            return Pay(("x",)) if observation.phase == "pay" else self.bot.act(observation, legal, rng)

    for watching in (False, True):
        agents = [BadPayer()] + [Watcher(game) if watching else make_agent("random", game) for _ in range(3)]
        with pytest.raises(IllegalAction, match=r"notes are a tuple of counts.*\[rule: bad-notes\]"):
            for seed in range(40):
                play(game, agents, seed)


@pytest.mark.parametrize("watch", [5, "notes"])
def test_a_watch_that_is_not_a_function_is_refused_naming_the_seat(watch):
    game = make_game("bloff")
    agent = make_agent("random", game)
    odd = type("Odd", (), {"name": "odd", "watch": watch, "act": lambda self, o, legal, rng: agent.act(o, legal, rng)})()
    with pytest.raises(Exception, match="the agent at seat 1 has a watch that is not a function"):
        play(game, [agent, odd, make_agent("random", game)], 1)
    with pytest.raises(Exception, match="the agent at seat 1 has a watch that is not a function"):
        Session(game, ["random", odd, "random"], seed=1)


def test_a_watch_that_fails_in_a_session_is_the_agents_failure_not_a_refused_move():
    from bluffkit.core.errors import IllegalAction
    from bluffkit.session import AgentError

    game = make_game("bloff")

    class Failing(Watcher):
        def watch(self, history):
            raise IllegalAction("not-my-move", "the bot's own words")
    s = Session(game, [Failing(game), "random", "random"], seed=1)
    with pytest.raises(AgentError, match="the agent at seat 0 raised IllegalAction"):
        s.advance()


@pytest.mark.parametrize("name, options, players", [
    ("youre-bluffing", {}, 4), ("horse-trading", {}, 3), ("bidder-up", {}, 4),
    ("bidder-up", {"board": "fairground", "babies": True}, 3), ("auction", {"format": "secret-count"}, 4),
    ("auction", {"format": "american-count"}, 4), ("auction", {"format": "cat-in-the-bag"}, 4),
    ("auction", {"format": "dutch"}, 4), ("auction", {"format": "second-hand", "sealed_bids": "notes"}, 4)])
def test_no_history_holds_notes_laid_face_down(name, options, players):
    """Notes a table sees are handed over (a payment priced in money); notes laid face down
    (an offer, a counter-offer, a horse-trade's fan, a bid laid in notes, a raise, a payment
    counted in notes) show by their number or their kind only. Read over every move of the
    game (a payment is often its last move, which no watcher is told), and in the histories
    watchers were given. A public form that gave such a move whole passed every other check."""
    game = make_game(name, **options)
    public = public_move_of(game)
    for seed in (1, 2):
        agents = [Watcher(game) for _ in range(players)]
        rec = play(game, agents, seed, max_steps=30_000)
        told = [p for a in agents for h in a.given[-1:] for _, p, _ in h]
        state = game.new_state(players)
        for seat, action in rec.moves:
            shown = public(state, seat, action)
            laid = getattr(action, "notes", None) is not None or getattr(action, "note", None) is not None
            if laid and shown == action:        # given whole: only a payment of money, handed over
                assert type(action).__name__ == "Pay" and not _counted(state), f"{action!r} shown whole"
            state = game.step(state, seat, action)
        for shown in told:
            assert getattr(shown, "notes", None) is None or type(shown).__name__ == "Pay", shown
            assert getattr(shown, "note", None) is None, shown


def _counted(state) -> bool:
    """Whether the payment due is counted in notes (their faces stay hidden): an auction's
    price in a count format, or Bidder Up!'s auction inside it."""
    auction = getattr(state, "auction", None) or state
    payments = getattr(auction, "payments", None)
    return bool(payments) and payments[0][3] != "value"


def test_a_watch_that_fails_in_a_simulation_is_the_agents_failure_not_a_refused_move():
    """A watch that raised IllegalAction was reported by play as the seat's move refused by
    the rules."""
    from bluffkit.core.errors import IllegalAction, RulesError

    game = make_game("bloff")

    class Failing(Watcher):
        def watch(self, history):
            raise IllegalAction("not-my-move", "the bot's own words")
    with pytest.raises(RulesError, match="the agent at seat 0: its watch raised IllegalAction") as e:
        play(game, [Failing(game), make_agent("random", game), make_agent("random", game)], 1)
    assert not isinstance(e.value, IllegalAction)


@pytest.mark.parametrize("name, options, players", [
    ("youre-bluffing", {}, 4), ("horse-trading", {"payment_seen": "count"}, 3), ("bloff", {}, 3),
    ("bluffer", {}, 3), ("auction", {"format": "secret-count"}, 4), ("auction", {"format": "cat-in-the-bag"}, 3),
    ("bidder-up", {}, 3),
])
def test_a_sessions_history_is_what_play_tells_a_watcher(name, options, players):
    """``Session.history(seat)`` (what a panel's bots are told) and the history ``play`` gives a
    watching agent (:class:`bluffkit.core.play.Watch`) are written apart: played move for
    move, each seat's must be the same, so that neither gives a move whole where the other
    gives its public form (a deal, a face-down counter, a payment by count)."""
    game = make_game(name, **options)
    agents = [Watcher(game) for _ in range(players)]
    rec = play(game, agents, 7, max_steps=30_000)
    s = Session(game, ["human"] * players, seed=7)
    for seat, action in rec.moves:
        if seat is None:
            s.chance(action)
        else:
            s.play(action, seat)
    compared = 0
    for seat, agent in enumerate(agents):
        for told in agent.given:
            assert s.history(seat)[:len(told)] == told, f"seat {seat}: the session's history differs from play's"
            compared += len(told)
    assert compared > players


def test_a_played_move_whose_public_form_fails_raises_and_no_watcher_is_told_the_failure(monkeypatch):
    """A public form that fails before the rules check waits (the rules may refuse the move
    in words); once the move is played the failure is a bug of the game's ``public_move``
    and is raised as it is. Swallowed, the watchers were handed the failure itself, whose
    message may quote the whole move (a payment's notes laid face down)."""
    from bluffkit.core.play import _Failed
    from bluffkit.games.youre_bluffing import narrate

    class PublicFormBroken(Exception):
        pass

    real = narrate.public_move

    def failing(before, seat, action):
        if type(action).__name__ == "Pay":
            raise PublicFormBroken(f"cannot show {action!r}")
        return real(before, seat, action)

    monkeypatch.setattr(narrate, "public_move", failing)
    game = make_game("youre-bluffing")
    agents = [Watcher(game) for _ in range(3)]
    with pytest.raises(PublicFormBroken, match=r"cannot show Pay\(notes="):
        play(game, agents, 0)
    told = [shown for agent in agents for history in agent.given for _, shown, _ in history]
    assert told, "the watchers were told of the moves before the payment"
    assert not any(isinstance(shown, _Failed) for shown in told)


@pytest.mark.parametrize("series", [False, True], ids=["one auction", "a series"])
def test_a_last_move_whose_public_form_fails_is_said_too(monkeypatch, series):
    """An auction's last move is the winner's payment: its public form failing was never
    said, since the failure waited for the next move and none came (a series of auctions
    started the next record over it)."""
    from bluffkit.auctions import narrate
    from bluffkit.auctions.series import play_series

    real = narrate.public_move

    def failing(before, seat, action):
        if type(action).__name__ == "Pay":
            raise RuntimeError("public form broken")
        return real(before, seat, action)

    monkeypatch.setattr(narrate, "public_move", failing)
    game = make_game("auction", format="classic")
    agents = [Watcher(game) for _ in range(4)]
    with pytest.raises(RuntimeError, match="public form broken"):
        play_series(game, agents, 3, seed=0) if series else play(game, agents, 0)
