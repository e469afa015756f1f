"""A move list (the auctions' and Bidder Up!'s Legal) keeps its table apart from itself
(bluffkit.core.tables): none of its attributes leads to the game, a copy or a pickle
still explains and samples, and the table is let go with the move list. Also the checks
every game's move passes before it is played (bluffkit.core.table), each refusing by its
own rule and changing nothing."""

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


# -- the checks every move passes before it is played (TableGame.step, TableBase.apply) ---------

@pytest.fixture(scope="module")
def bloff_game():
    """Bløff, three players: its deal, the state after it, and a finished game."""
    from bluffkit.agents.base import make_agent
    from bluffkit.core.play import play

    game = make_game("bloff")
    rec = play(game, [make_agent("random", game) for _ in range(3)], 0)
    deal, first = rec.moves[0][1], rec.moves[1][1]
    assert rec.moves[0][0] is None and rec.moves[1][0] == 0
    start = game.new_state(3)
    return game, deal, first, start, game.step(start, None, deal), rec.final.freeze()


def refused(game, state, seat, action) -> tuple[str, str]:
    """The rules by which ``seat``'s ``action`` is refused through the immutable API and on a
    working copy, which the refusal must leave as it was."""
    from bluffkit.core.errors import IllegalAction

    with pytest.raises(IllegalAction) as by_step:
        game.step(state, seat, action)
    table = game.table(state)
    before = table.values()
    with pytest.raises(IllegalAction) as by_table:
        table.apply(seat, action)
    assert table.values() == before, "a refused move changed the table"
    return by_step.value.rule, by_table.value.rule


def test_a_player_may_not_play_chances_move(bloff_game):
    """A move only chance makes (Bløff's deal: ``CHANCE_ONLY``) is refused from a player
    whoever is to move, by its own rule rather than whatever the player's moves say of it."""
    game, deal, first, start, dealt, over = bloff_game
    assert refused(game, start, 0, deal)[0] == "deal-is-chance"
    assert refused(game, dealt, 0, deal)[0] == "deal-is-chance"


def test_no_move_is_played_after_the_game_is_over(bloff_game):
    game, deal, first, start, dealt, over = bloff_game
    assert game.is_over(over)
    for seat in range(3):
        assert refused(game, over, seat, first) == ("game-over", "game-over")
        assert refused(game, over, seat, game.parse("pass")) == ("game-over", "game-over")


def test_a_move_by_a_seat_that_is_not_to_move_or_by_no_seat_is_refused(bloff_game):
    """While chance is to act no player moves; a seat of the game that is not to move, a
    number past the seats and a seat given as True are refused, each by its own rule."""
    game, deal, first, start, dealt, over = bloff_game
    assert refused(game, start, 0, first) == ("chance-turn", "chance-turn")
    assert game.to_move(dealt) == (0,)
    assert refused(game, dealt, 1, first) == ("not-your-turn", "not-your-turn")
    for seat in (3, -1, True):
        assert refused(game, dealt, seat, first) == ("no-such-seat", "no-such-seat")


# -- the players' loop of a simulation and chance's turn (TableBase.run, chance_table) -------------

@pytest.fixture
def bluffer_asked():
    """Bluffer, three players, the first question read: the state and a working copy of it.
    Everyone, the leader included, writes a false answer (RULES.md, Bluffer), so all
    three seats are to move at once."""
    game = make_game("bluffer")
    state = game.new_state(3)
    rng = np.random.default_rng(4)
    while game.is_chance(state):
        state = game.step(state, None, game.sample_chance(state, rng))
    return game, state, game.table(state)


def test_run_plays_at_most_its_limit(bluffer_asked):
    """``limit`` is the number of moves ``run`` may play: with three answers to write, a
    limit of 2 plays two (the third writer is still to move) and a limit of 0 plays none."""
    from bluffkit.agents.base import make_agent

    game, state, t = bluffer_asked
    acts = [make_agent("random", game).act for _ in range(3)]
    rngs = [np.random.default_rng(i) for i in range(3)]
    moves = []
    assert t.run(acts, rngs, moves.append, 0) == 0 and moves == []
    assert t.run(acts, rngs, moves.append, 2) == 2 and len(moves) == 2
    assert len(t.to_move()) == 1 and not t.is_chance()


def test_chance_refused_while_several_seats_move_names_them_all(bluffer_asked):
    """While the three players write their answers, chance has no move to make: the
    refusal names every seat that is to move."""
    from bluffkit.core.errors import IllegalAction

    game, state, t = bluffer_asked
    with pytest.raises(IllegalAction) as info:
        game.sample_chance(state, np.random.default_rng(1))
    assert info.value.rule == "not-chance-turn"
    assert "chance does not act now: seats 0, 1, 2 are to move" in str(info.value)


def test_a_tables_field_copy_and_freeze_are_compiled_from_its_fields():
    """``TableBase`` compiles each table class's field copy and ``freeze`` from its
    ``FIELDS`` (bluffkit.core.table.compiled_fields); a subclass inherits them, a table's own
    ``freeze`` is kept (by its subclasses too), and a field that is no attribute name is refused."""
    from collections import namedtuple

    from bluffkit.core.table import compiled_fields

    Pair = namedtuple("Pair", "a b")

    class PairTable(TableBase):
        __slots__ = ("a", "b")
        STATE, FIELDS = Pair, ("a", "b")

    class Later(PairTable):
        __slots__ = ()

    class OwnFreeze(PairTable):
        __slots__ = ()
        FIELDS = ("a", "b")

        def freeze(self):
            return "its own"

    class Heir(OwnFreeze):
        __slots__ = ()
        FIELDS = ("a", "b")

    t = Later.thaw(Pair(1, 2))
    assert type(t) is Later and (t.a, t.b) == (1, 2)
    t.b = 5
    assert t.freeze() == Pair(1, 5)
    assert OwnFreeze.thaw(Pair(3, 4)).freeze() == Heir.thaw(Pair(3, 4)).freeze() == "its own"
    with pytest.raises(TypeError, match="attribute names"):
        compiled_fields(("a", "b; import os"), Pair)
    for bad in ("__class__", "class", "\ufb01"):       # (a keyword; "\ufb01" is read as "fi")
        with pytest.raises(TypeError, match="attribute names"):
            compiled_fields(("a", bad), Pair)
    assert PairTable.freeze is Later.freeze and PairTable.freeze.__qualname__.endswith("PairTable.freeze")
    game = make_game("youre-bluffing")
    yb = type(game.table(game.new_state(3)))
    assert pickle.loads(pickle.dumps(yb.freeze)) is yb.freeze, "named as the class's own, it pickles"


def test_a_subclass_with_fields_of_its_own_freezes_them_through_super():
    """A table subclass that adds a field and a state class, and writes ``freeze`` as
    ``super().freeze()`` plus its own work, got the parent's compiled ``freeze``: the parent's
    state class and fields (the field it added was lost). Its own are used."""
    from collections import namedtuple

    Pair, Triple = namedtuple("Pair", "a b"), namedtuple("Triple", "a b c")

    class PairTable(TableBase):
        __slots__ = ("a", "b", "c")
        STATE, FIELDS = Pair, ("a", "b")

    class Counted(PairTable):
        __slots__ = ()
        STATE, FIELDS = Triple, ("a", "b", "c")
        frozen = 0

        def freeze(self):
            type(self).frozen += 1
            return super().freeze()

    t = Counted.thaw(Triple(1, 2, 3))
    t.c = 4
    assert t.freeze() == Triple(1, 2, 4) and Counted.frozen == 1
    assert PairTable.thaw(Pair(5, 6)).freeze() == Pair(5, 6)

    class Base(TableBase):                     # the hand-written freeze a parent's, or a mixin's
        __slots__ = ("a", "b", "c")
        STATE, FIELDS = Pair, ("a", "b")

    class Logged(Base):
        __slots__ = ()

        def freeze(self):
            return super().freeze()

    class Grown(Logged):
        __slots__ = ()
        STATE, FIELDS = Triple, ("a", "b", "c")

    class Mixin:
        __slots__ = ()

        def freeze(self):
            return super().freeze()

    class Other(TableBase):
        __slots__ = ("a", "b", "c")
        STATE, FIELDS = Pair, ("a", "b")

    class Mixed(Mixin, Other):
        __slots__ = ()
        STATE, FIELDS = Triple, ("a", "b", "c")

    for cls in (Grown, Mixed):
        assert cls.thaw(Triple(1, 2, 3)).freeze() == Triple(1, 2, 3), cls.__name__
    assert Base.thaw(Pair(7, 8)).freeze() == Pair(7, 8) == Other.thaw(Pair(7, 8)).freeze()


def test_a_you_re_bluffing_state_built_by_hand_with_lists_still_thaws():
    """The herds' family bits are looked up by herd (a tuple); a state whose herds a user
    built as lists is read as before."""
    import dataclasses
    game = make_game("youre-bluffing")
    s = game.new_state(3)
    s = dataclasses.replace(s, herds=[[1] + [0] * (len(h) - 1) for h in s.herds])
    t = game.table(s)
    assert t._masks == [1, 1, 1] and game.to_move(s) == (0,)
