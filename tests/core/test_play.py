"""A game played by agents from a seed (:func:`bluffkit.core.play.play`): what its record
says of the game, and the garbage collector paused only for bluffkit's own bots."""

from __future__ import annotations

import gc

import pytest

from bluffkit.agents.base import make_agent
from bluffkit.auctions.series import play_series
from bluffkit.core.game import make_game
from bluffkit.core.play import own_agents, paused_gc, play


class _OverAtOnce:
    """The table of a game that is over before anyone moves."""

    def run(self, acts, rngs, append, limit, checks=None):
        return 0

    def is_over(self):
        return True

    def is_chance(self):
        return False


class Tie:
    """A game that ends, before its first move, in a tie: seats 0 and 1 share the win."""

    def table(self, players):
        return _OverAtOnce()

    def scores(self, table):
        return (5, 5, 0)

    def winners(self, table):
        return (0, 1)

    def summary(self, table):
        return {}


class Idle:
    """An agent that is never asked to move."""

    def act(self, observation, legal, rng):
        raise AssertionError("no move is asked in a game that is over")


def test_a_record_names_every_winner_of_a_tie():
    """A tie has several winners, and the record names them all, as the game does."""
    rec = play(Tie(), [Idle(), Idle(), Idle()], 1)
    assert rec.winners == (0, 1) and rec.scores == (5, 5, 0)
    assert rec.moves == [] and rec.length == 0


def test_length_counts_only_the_players_moves():
    """Bløff deals every card at the start (RULES.md, Bløff: "deal everything"), so the
    deal is a game's only move of chance and every other move is a player's: the record's
    length is its moves less one, counted while playing or from the moves alone."""
    game = make_game("bloff")
    rec = play(game, [make_agent("random", game) for _ in range(3)], 3)
    assert [seat for seat, _ in rec.moves].count(None) == 1 and rec.moves[0][0] is None
    assert rec.length == len(rec.moves) - 1
    rec.chance_moves = None
    assert rec.length == len(rec.moves) - 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_an_auction_play_plays_is_the_first_of_a_series_from_the_same_seed(seed):
    """docs/auctions.md: the first auction of ``play_series`` is the game ``play`` plays
    from the same seed. Both draw chance's uniform numbers in blocks before the lot is
    drawn from the same generator, so a block of another size draws another lot."""
    game = make_game("auction", format="secret-value")
    alone = play(game, [make_agent("random", game) for _ in range(3)], seed)
    first = play_series(game, [make_agent("random", game) for _ in range(3)], 1, seed)[0]
    assert alone.moves == first.moves and alone.scores == first.scores


class Mine:
    """An agent of a user's own, in a module whose name starts like bluffkit's."""

    def act(self, observation, legal, rng):
        return legal[0]


Mine.__module__ = "bluffkit_mine"


def test_an_agent_from_a_module_named_like_bluffkit_is_not_bluffkits_own():
    """Only the classes of ``bluffkit.agents`` are bluffkit's own bots, which make no
    reference cycles: an agent from a module ``bluffkit_mine`` may, so the garbage collector
    keeps running while it plays."""
    game = make_game("bloff")
    assert own_agents([make_agent("random", game)]) and not own_agents([Mine()])
    was = gc.isenabled()
    gc.disable()
    try:
        with paused_gc([Mine()]):
            assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_the_progress_bar_shows_the_rate_of_the_whole_run_not_of_the_last_moment():
    """A run that played 50 games in its first second and 10 in the next ten shows 60 games
    in 11 s (5.5 a second), and 40 games left at that pace: a moment's pace on a shared
    machine (tqdm's default moving average) swings the time left many times over."""
    import io

    from bluffkit.core.play import progress_bar
    clock = [0.0]
    bar = progress_bar(100, "games", "game", file=io.StringIO(), mininterval=0, miniters=1)
    bar._time = lambda: clock[0]
    bar.start_t = bar.last_print_t = 0.0
    clock[0] = 1.0
    bar.update(50)
    clock[0] = 11.0
    bar.update(10)
    shown = bar.format_dict
    rate = shown["rate"] if shown["rate"] is not None else shown["n"] / shown["elapsed"]
    bar.close()
    assert abs(rate - 60 / 11) < 1e-9
