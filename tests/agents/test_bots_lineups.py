"""Every bot of every game, in every line-up (all of one kind, and mixed), finishes
a game within a bound on its length; a game that runs past it fails with its line-up
and seed. Also: the registries' ``random`` is the generic bot, whose draws
(``Legal.sample``) replay the frozen logs written by bluffkit 0.1.0's random bots.
"""

from __future__ import annotations

from itertools import cycle, islice

import pytest
from paths import TESTS

from bluffkit.agents import bloff as bloff_bots, bluffer as bluffer_bots
from bluffkit.agents.base import make_agent
from bluffkit.agents.generic import RandomBot
from bluffkit.core import log as gamelog
from bluffkit.core.game import make_game
from bluffkit.core.play import RunawayGame, play
from bluffkit.session import Session

LOGS = TESTS / "logs"

#: The most moves (chance's included) a game may take. The longest seeded games seen:
#: Bløff about 11,000 (seven random players), Bluffer under 400 (ten players, 3 rounds).
BOUND = {"bloff": 40_000, "bluffer": 2_000}


def lineups(names: list[str], players: int) -> list[list[str]]:
    """All of one kind for each bot, then the mixed seatings (each bot in turn first)."""
    same = [[name] * players for name in names]
    mixed = [list(islice(cycle(names), k, k + players)) for k in range(len(names))]
    return same + mixed


def finishes(game, lineup: list[str], seed: int):
    agents = [make_agent(name, game) for name in lineup]
    try:
        rec = play(game, agents, seed, max_steps=BOUND[game.name], check="all")
    except RunawayGame:
        pytest.fail(f"{game.name} {game.rules.to_dict()}: the line-up {lineup} did not finish seed {seed} "
                    f"within {BOUND[game.name]} moves")
    assert game.is_over(rec.final.freeze()), f"{lineup}, seed {seed}: the game stopped before its end"
    return rec


BLOFF_CASES = [(players, options) for players in (3, 4, 7) for options in ({}, {"max_cards": 1})] + \
    [(5, {"max_cards": 2}), (10, {})]


@pytest.mark.slow
@pytest.mark.parametrize("players, options", BLOFF_CASES)
def test_every_bloff_lineup_finishes(players, options):
    game = make_game("bloff", **options)
    for lineup in lineups(sorted(bloff_bots.AGENTS), players):
        for seed in range(2):
            finishes(game, lineup, seed)


def test_the_callers_alone_finish_where_they_used_to_call_each_other_round_and_round():
    """Three callers used to pass the same four-of-a-kinds round the table for ever (each
    called a true claim of four and took them); one that counts the cards it saw turned
    over, and who took them, lets a player lay what it is known to hold."""
    game = make_game("bloff")
    for seed in range(12):
        finishes(game, ["caller"] * 3, seed)


BLUFFER_CASES = [(2, {}), (3, {}), (5, {"leader_copies": True}), (4, {"own_answer_vote": "refused"}),
                 (6, {}), (9, {"team_split": "halves", "rounds": 1}),
                 (2, {"duel_false_answers": (1, 5), "max_answers": 6}),
                 (3, {"max_answer_length": 29, "rounds": 1})]     # the shipped deck's longest text


@pytest.mark.parametrize("players, options", BLUFFER_CASES)
def test_every_bluffer_lineup_finishes(players, options):
    game = make_game("bluffer", **options)
    names = sorted(bluffer_bots.AGENTS)
    for lineup in lineups(names, players):
        finishes(game, lineup, seed=len(lineup[0]))


def test_a_bound_that_is_passed_fails_loudly():
    game = make_game("bloff")
    with pytest.raises(RunawayGame, match="did not end within 10 steps"):
        play(game, [RandomBot() for _ in range(3)], 1, max_steps=10)


@pytest.mark.parametrize("name", ["bloff", "bloff-two-decks", "bluffer", "bluffer-quick-refused-team-scoring"])
def test_the_generic_random_bot_replays_the_frozen_logs(name):
    """The frozen logs were played by each game's own random bot of bluffkit 0.1.0; the
    registries' ``random`` is now the generic bot, drawing ``Legal.sample``: the same seed
    must give the same game, move for move."""
    log, _ = gamelog.read(LOGS / f"{name}.jsonl")
    game = log.game
    assert all(seat["agent"] == "random" for seat in log.seats)
    agents = [make_agent("random", game) for _ in log.seats]
    assert all(type(a) is RandomBot for a in agents), "the registry's random bot is the generic one"
    session = Session(game, agents, seed=log.seed).run()       # how the frozen logs were played
    assert [(s, str(a)) for s, a in session.moves] == [(s, str(a)) for s, a in log.moves]


def test_the_fast_bloff_random_agent_plays_as_the_generic_bot():
    game = make_game("bloff", max_cards=3)
    for seed in range(3):
        fast = play(game, [bloff_bots.RandomAgent() for _ in range(5)], seed)
        generic = play(game, [RandomBot() for _ in range(5)], seed)
        assert [(s, str(a)) for s, a in fast.moves] == [(s, str(a)) for s, a in generic.moves], f"seed {seed}"


#: A bound for every other game (You're Bluffing!/Horse Trading games take about 500
#: moves, an auction fewer than 100).
OTHER_BOUND = 20_000


def _every_config():
    from bluffkit.testing import CONFIGS, config_game, config_players
    for key, *_ in CONFIGS:
        game = config_game(key)
        if game.name in BOUND:                   # Bløff and Bluffer: their own cases above
            continue
        yield pytest.param(key, min(config_players(key)), id=key)


@pytest.mark.slow
@pytest.mark.parametrize("key, players", list(_every_config()))
def test_every_lineup_of_every_other_game_finishes(key, players):
    """Every bot of the game's registry, all of one kind and mixed, at the fewest seats
    the configuration is played with, finishes within a bound that fails loudly."""
    from bluffkit.agents.base import agent_names
    from bluffkit.testing import config_game
    game = config_game(key)
    for lineup in lineups(agent_names(game), players):
        agents = [make_agent(name, game) for name in lineup]
        try:
            rec = play(game, agents, seed=len(lineup), max_steps=OTHER_BOUND, check="all")
        except RunawayGame:
            pytest.fail(f"{key}: the line-up {lineup} did not finish within {OTHER_BOUND} moves")
        assert game.is_over(rec.final.freeze()), f"{key} {lineup}: the game stopped before its end"


class _Cheat:
    """An agent that bids far above anything legal, marked trusted or not."""

    def __init__(self, trusted):
        self.trusted = trusted

    def act(self, observation, legal, rng):
        from bluffkit.games.youre_bluffing.actions import Bid
        return Bid(7) if legal.bid else legal.sample(rng)     # Horse Trading bids in tens


def test_play_checks_untrusted_agents_and_every_agent_when_asked():
    """``play`` checks an untrusted agent's actions always and a trusted bot's when
    ``check="all"`` (what the tests of the bots use); a wrong ``check`` is refused."""
    from bluffkit.core.errors import IllegalAction
    game = make_game("horse-trading")
    for agents, check in (([_Cheat(False), _Cheat(False), _Cheat(False)], "untrusted"),
                          ([_Cheat(True), _Cheat(True), _Cheat(True)], "all")):
        with pytest.raises(IllegalAction):
            play(game, agents, 3, check=check)
    with pytest.raises(ValueError, match="check must be one of"):
        play(game, [_Cheat(False)] * 3, 3, check="some")


def test_bloff_checks_each_move_of_an_untrusted_seat_and_none_of_a_trusted_bots(monkeypatch):
    """What Bløff's simulations save: a trusted bot's move is not checked again against the
    rules, unless ``check="all"``; a seat whose agent is not trusted (here a subclass of the
    random bot that does not declare it again) has every move checked."""
    from bluffkit.games.bloff.observe import Legal

    class Unmarked(bloff_bots.RandomAgent):
        pass

    checked: list[int] = []
    explain = Legal.explain

    def spy(self, action, _table=None):
        checked.append(self.seat)
        return explain(self, action, _table)

    monkeypatch.setattr(Legal, "explain", spy)
    game = make_game("bloff")
    for check in ("untrusted", "all"):
        checked.clear()
        rec = play(game, [bloff_bots.RandomAgent(), Unmarked(), bloff_bots.RandomAgent()], 5, check=check)
        moved = [seat for seat, _ in rec.moves if seat is not None]
        expected = moved if check == "all" else [seat for seat in moved if seat == 1]
        assert checked == expected and 1 in expected, check


class _CollectorWatcher:
    """A user's own agent (not bluffkit's) that notes whether the cyclic garbage collector
    runs while it plays, and plays the first legal move."""

    name = "mine"

    def __init__(self, seen):
        self.seen = seen

    def act(self, obs, legal, rng):
        import gc
        self.seen.add(gc.isenabled())
        return legal.sample(rng)


class _BuiltinWatcher(_CollectorWatcher):
    pass


_BuiltinWatcher.__module__ = "bluffkit.agents.youre_bluffing"      # as if it were one of bluffkit's


@pytest.mark.parametrize("where", ["play", "simulate", "series"])
def test_a_users_own_agent_plays_with_the_garbage_collector_on(where):
    """The collector was paused for a whole simulation: an agent of a user's own that makes
    reference cycles (a search tree pointing to its parents) grew by 300 MB over 1,000 games.
    Games with such an agent now run with it on; bluffkit's own bots keep it paused; the
    collector is left as it was found."""
    import gc

    from bluffkit.analysis.simulate import simulate
    from bluffkit.auctions.series import play_series
    assert gc.isenabled()
    for cls, expected in ((_CollectorWatcher, {True}), (_BuiltinWatcher, {False})):
        seen: set = set()
        if where == "play":
            game = make_game("youre-bluffing")
            play(game, [cls(seen), make_agent("random", game), make_agent("random", game)], 3)
        elif where == "simulate":
            simulate(make_game("bloff"), [cls(seen), "random", "random"], 2, 3)
        else:
            game = make_game("auction", format="secret-value", player_limits=False)
            play_series(game, [cls(seen)] + [make_agent("random", game) for _ in range(3)], 2, 3)
        assert seen == expected, (cls.__name__, seen)
        assert gc.isenabled()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_tournaments_lineups_seat_every_agent_in_every_seat_equally_often(n):
    """``lineup(agents, i)`` seats game ``i`` of a tournament: over ``2 * n`` games each of
    ``n`` agents sits in each seat exactly twice, every game seats each agent once, and the
    line-up given is left as it was. A seat may be worth more than another (the first to
    act, the last to bid): a seating that favoured one agent would bias every comparison
    of bots."""
    from collections import Counter

    from bluffkit.core.play import lineup

    agents = list(range(n))
    seatings = [lineup(agents, i) for i in range(2 * n)]
    assert agents == list(range(n))
    assert all(sorted(seating) == agents for seating in seatings)
    counts = Counter((agent, seat) for seating in seatings for seat, agent in enumerate(seating))
    assert counts == {(agent, seat): 2 for agent in range(n) for seat in range(n)}
    assert seatings[0] == agents and seatings[1] == agents[1:] + agents[:1], "shifted by i"
