"""A move list (the auctions' and Bidder Up!'s Legal) keeps its table apart from itself
(bluffkit.core.tables): none of its attributes leads to the game, a copy or a pickle
still explains and samples, and the table is let go with the move list."""

from __future__ import annotations

import copy
import gc
import pickle

import numpy as np
import pytest

from bluffkit.auctions import legal as auction_legal
from bluffkit.core.game import make_game
from bluffkit.core.table import TableBase
from bluffkit.core.tables import TableRefs
from bluffkit.games.bidder_up import legal as board_legal
from bluffkit.testing import holds_the_game


class Owner:
    __slots__ = ("__weakref__",)


def test_a_table_is_kept_while_its_owner_lives_and_dropped_after():
    refs = TableRefs()
    a, b = Owner(), Owner()
    refs.put(a, "table a")
    refs.put(b, "table b")
    refs.put(Owner(), "gone at once")                 # its owner is freed on this line
    assert refs.get(a) == "table a" and refs.get(b) == "table b" and len(refs) == 2
    del a
    gc.collect()
    assert len(refs) == 1 and refs.get(b) == "table b"
    refs.put(b, None)                                  # nothing to keep: nothing changes
    assert refs.get(Owner()) is None and len(refs) == 1


def _a_sealed_bid_seen(game_name, **options):
    """A seat's observation in a sealed auction after another seat bid: (state, obs)."""
    g = make_game(game_name, **options)
    s = g.state_from_position(4, auctioneer=0, money=["200+100", "500", "200+100", None], lot=["cow"])
    s = g.step(s, 1, "bid 300")
    return g, s, g.observe(s, 2)


def test_an_auction_view_reaches_no_table_and_its_move_list_still_works():
    g, s, obs = _a_sealed_bid_seen("auction", format="secret-value")
    legal = obs.legal
    assert holds_the_game(obs, s) is None
    assert not any(isinstance(getattr(legal, f, None), TableBase) for f in dir(legal) if not f.startswith("__"))
    assert legal.hand == (0, 0, 0, 1, 1, 0) and legal.explain(g.parse("bid 100")) is None
    for twin in (copy.copy(legal), copy.deepcopy(legal)):
        assert twin == legal and twin.hand == legal.hand and twin.description == legal.description
        assert twin.explain(g.parse("bid 100")) is None
        assert twin.sample(np.random.default_rng(1)) is not None
    for move_list in (legal, obs):                  # a pickle would carry the table (and a reduce hand it out)
        with pytest.raises(TypeError, match="is not pickled: it would carry the game's table"):
            pickle.dumps(move_list)


def test_a_board_view_reaches_no_table_and_its_move_list_still_works():
    g = make_game("bidder-up")
    s = g.new_state(3)
    rng = np.random.default_rng(4)
    while g.is_chance(s):
        s = g.step(s, None, g.sample_chance(s, rng))
    seat = g.to_move(s)[0]
    obs = g.observe(s, seat)
    assert holds_the_game(obs, s) is None
    legal = g.legal(s, seat)
    for twin in (copy.copy(legal), copy.deepcopy(legal)):
        assert twin == legal and twin.hand == legal.hand and twin.description == legal.description
        move = twin.sample(np.random.default_rng(2))
        assert legal.explain(move) is None
    with pytest.raises(TypeError, match="is not pickled"):
        pickle.dumps(obs)


@pytest.mark.parametrize("module", [auction_legal, board_legal])
def test_the_move_lists_let_their_tables_go(module):
    g, s, obs = _a_sealed_bid_seen("auction", format="secret-value")
    before = len(module._TABLES)
    board = make_game("bidder-up")
    # held together (each at its own address), then let go together
    held = [g.legal(s, 2) if module is auction_legal else board.legal(board.new_state(3), 0) for _ in range(50)]
    assert len(module._TABLES) >= before + 50
    del held
    gc.collect()
    assert len(module._TABLES) <= before, "the tables of move lists no longer held are let go"
