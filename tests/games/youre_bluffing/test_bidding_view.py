"""A bidder's view, joined from what stays put while the bidding goes on, equals the view
built field by field, at every move of random games under both rulesets (including
auctions held again after a bidder could not pay)."""

import pytest

from bluffkit.agents.youre_bluffing import RandomAgent
from bluffkit.core.game import make_game
from bluffkit.core.play import play
from bluffkit.games.youre_bluffing.observe import Observation
from bluffkit.games.youre_bluffing.state import BID


class Watching:
    """The random bot, checking each view it gets against the table's full view."""

    trusted = False

    def __init__(self, table_of, overbid):
        self.bot, self.table_of = RandomAgent(overbid=overbid), table_of
        self.seen = 0

    def act(self, obs, legal, rng):
        t = self.table_of()
        full = t.observe(obs.seat)                  # the field-by-field view (legal built again)
        assert type(obs) is Observation
        assert obs[:-1] == full[:-1], [f for f, a, b in zip(Observation._fields, obs, full) if a != b]
        assert obs.legal == full.legal
        if t.phase is BID:
            self.seen += 1
        return self.bot.act(obs, legal, rng)


@pytest.mark.parametrize("name", ["youre-bluffing", "horse-trading"])
@pytest.mark.parametrize("players", [3, 5])
def test_bidders_views_equal_the_full_views(name, players):
    game = make_game(name)
    tables = []
    real = game.table

    class Spy:                                      # the game, remembering the table it hands out
        def __getattr__(self, attr):
            return getattr(game, attr)

        def table(self, **kw):
            tables.append(real(**kw))
            return tables[-1]

    bots = [Watching(lambda: tables[-1], overbid=60) for _ in range(players)]
    for seed in range(3):
        play(Spy(), bots, seed)
    assert sum(b.seen for b in bots) > 100         # the bidders' views were checked
