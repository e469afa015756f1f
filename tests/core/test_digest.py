"""The digest's direct writer against the module's rules written step by step.

``canonical`` and ``state_digest`` write states straight to text, remembering the text of
values that cannot change; ``_reference`` follows the documented recipe (plain data, then
``json.dumps`` with sorted keys). These tests hold the two to the same text, and to the same
refusals, on made-up values and on every state of played games.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from typing import ClassVar

import pytest
from hypothesis import given, strategies as st
from strategies import FAST

from bluffkit.agents import make_agent
from bluffkit.core import digest as D
from bluffkit.core.game import make_game
from bluffkit.core.play import play


class Colour(enum.StrEnum):
    RED = "red"
    BLUE = "blé"


class Size(enum.IntEnum):
    SMALL = 1
    BIG = 20


class Plain(enum.Enum):
    ONE = (1, 2)
    TWO = "two"


@dataclasses.dataclass(frozen=True)
class Inner:
    b: object
    a: object
    _hidden: object = None


@dataclasses.dataclass(frozen=True)
class Outer:
    rules: object
    zeta: object
    alpha: object
    added: object = 0
    DIGEST_OMITS_DEFAULTS: ClassVar[dict] = {"added": 0}


class Point(tuple):
    """A tuple subclass: written as an array by the reference, so by the writer too."""


scalars = st.one_of(st.integers(-10**20, 10**20), st.text(max_size=6), st.booleans(), st.none(),
                    st.sampled_from(list(Colour) + list(Size) + list(Plain)))
odd = st.one_of(st.floats(allow_nan=False), st.binary(max_size=2), st.just(object()))


def values(leaves):
    return st.recursive(leaves, lambda inner: st.one_of(
        st.tuples(inner, inner), st.lists(inner, max_size=4).map(tuple), st.lists(inner, max_size=4),
        st.lists(st.integers(0, 9), max_size=6).map(tuple), st.lists(inner, max_size=3).map(Point),
        st.frozensets(st.integers(-5, 5), max_size=4), st.sets(st.text(max_size=2), max_size=3),
        st.dictionaries(st.text(max_size=3), inner, max_size=3),
        st.dictionaries(st.integers(0, 3), inner, max_size=2),
        st.builds(Inner, inner, inner, inner)), max_leaves=12)


def same(value):
    """``canonical(value)`` and the reference give the same text, or both refuse."""
    try:
        want = D._reference(value)
    except TypeError:
        with pytest.raises(TypeError):
            D.canonical(value)
        return
    assert D.canonical(value) == want
    assert D.canonical(value) == want, "the second writing (from remembered texts) differs"


@FAST
@given(values(scalars))
def test_canonical_writes_what_the_recipe_writes(value):
    same(value)


@FAST
@given(values(st.one_of(scalars, odd)))
def test_canonical_refuses_what_the_recipe_refuses(value):
    same(value)


@FAST
@given(st.lists(st.tuples(values(scalars), values(scalars), st.sampled_from([0, 1, (0,), "x"])), min_size=1,
                max_size=8))
def test_a_state_written_again_and_again_keeps_its_digest(rows):
    """States in a row that share (or do not share) objects: each digest as by the recipe."""
    shared = (3, (4, 5))
    for zeta, alpha, added in rows:
        for state in (Outer("rules", zeta, alpha, added), Outer(None, shared, alpha, added),
                      Outer(None, zeta, shared, 0)):
            try:
                want = hashlib.sha256(D._reference(D.projection(state)).encode()).hexdigest()[:16]
            except TypeError:
                with pytest.raises(TypeError):
                    D.state_digest(state)
                continue
            assert D.state_digest(state) == want


def test_a_remembered_text_is_never_taken_for_an_equal_value_of_another_kind():
    """1, True and 1 as an IntEnum are equal in Python, but not the same text."""
    for zeta in (1, True, Size.SMALL, 1, (1,), [1], (True,), "1", 1):
        state = Outer(None, zeta, None)
        assert D.canonical(state) == D._reference(state)


def test_a_list_in_a_state_is_written_afresh_each_time():
    """A list can change between two writings: its text is never remembered."""
    held = [1, 2]
    state = Outer(None, held, (held,))
    first = D.canonical(state)
    held.append(3)
    assert D.canonical(state) != first and D.canonical(state) == D._reference(state)


def test_the_field_left_out_at_its_default_comes_back_when_it_changes():
    assert '"added"' not in D.canonical(Outer(None, 1, 2))
    assert '"added":5' in D.canonical(Outer(None, 1, 2, 5))
    assert '"added"' not in D.canonical(Outer(None, 1, 2, 0))


@pytest.mark.parametrize("name, players", [("youre-bluffing", 4), ("horse-trading", 3), ("bloff", 3),
                                           ("bluffer", 3), ("auction", None), ("bidder-up", 3)])
def test_every_state_of_a_played_game_has_the_recipes_digest(name, players):
    game = make_game(name, **({"board": "fairground"} if name == "bidder-up" else {}))
    players = players or game.rules.fmt.players[0]
    for seed in (1, 2):
        rec = play(game, [make_agent("random", game) for _ in range(players)], seed=seed)
        t = game.table(game.new_state(players))
        for i, (seat, action) in enumerate(rec.moves, 1):
            t.apply_chance(action) if seat is None else t.apply(seat, action)
            state = t.freeze()
            want = hashlib.sha256(D._reference(D.projection(state, game)).encode()).hexdigest()[:16]
            assert D.state_digest(state, game) == want, f"{name} seed {seed} step {i}"
            assert D.table_digest(t, game) == want, f"{name} seed {seed} step {i}: the working copy's digest"


def test_a_game_with_a_snapshot_digests_its_working_copy_through_the_snapshot():
    game = make_game("youre-bluffing")
    t = game.table(game.new_state(3))

    class Snapshot:
        def snapshot(self, state):
            return {"phase": state.phase, "turn": state.turn}

    assert D.table_digest(t, Snapshot()) == D.state_digest(t.freeze(), Snapshot())
    assert D.table_digest(t, Snapshot()) != D.table_digest(t, game)


@dataclasses.dataclass(frozen=True)
class Flagged:
    a: object
    b: object = 0
    DIGEST_OMITS_DEFAULTS: ClassVar[dict] = {"b": 0}


@pytest.mark.parametrize("b", [0, False, Size.SMALL, 0.0, (), 1, True])
def test_a_field_is_left_out_when_it_equals_its_default_as_python_compares(b):
    """The recipe leaves the field out when ``value == default``: False and 0.0 equal 0."""
    for _ in range(2):                        # the second time from the remembered texts
        state = Flagged((1, 2), b)
        try:
            want = D._reference(D.projection(state))
        except TypeError:
            with pytest.raises(TypeError):
                D.canonical(D.projection(state))
            continue
        assert D.canonical(state) == D._reference(state)
        assert D.state_digest(state) == hashlib.sha256(want.encode()).hexdigest()[:16]


@dataclasses.dataclass(frozen=True)
class Remembering:
    a: object
    memory: object = ()
    DIGEST_LEAVES_OUT: ClassVar[frozenset] = frozenset({"memory"})


@pytest.mark.parametrize("memory", [(), (1, 2), ((3,), (4, 5))])
def test_a_field_named_in_leaves_out_is_never_in_the_digest(memory):
    """Public memory derived from earlier moves (``DIGEST_LEAVES_OUT``) is left out whatever
    it holds, by the writer, the reference and the projection alike, nested too."""
    for _ in range(2):                        # the second time from the remembered texts
        state = Remembering((1, 2), memory)
        assert D.projection(state) == {"a": (1, 2)}
        assert D.canonical(state) == D._reference(state) == '{"a":[1,2]}'
        assert D.state_digest(state) == D.state_digest(Remembering((1, 2)))
        assert D.canonical({"x": state}) == '{"x":{"a":[1,2]}}'
    assert D.state_digest(Remembering((1, 3), memory)) != D.state_digest(Remembering((1, 2), memory))


class Text(str):
    def __str__(self):
        return "other"


class Named(enum.Enum):
    A = [1, 2]


@dataclasses.dataclass(frozen=True)
class TextData(str):
    """A dataclass that is also a string: the recipe writes it as the string."""
    x: int = 0


def text_data(text: str, x: int) -> TextData:
    made = str.__new__(TextData, text)
    object.__setattr__(made, "x", x)
    return made


@pytest.mark.parametrize("value", [Text("x"), Point((1, 2)), (Text("y"), 1), Named.A, text_data("five", 5),
                                   Outer(None, Text("é"), Named.A), Outer(None, text_data("t", 3), None)],
                         ids=repr)
def test_subclasses_and_odd_enums_are_written_as_the_recipe_writes_them(value):
    same(value)
    same(value)


def test_a_field_name_the_writer_cannot_read_directly_goes_the_recipe_way():
    Odd = dataclasses.make_dataclass("Odd", [("blé", int), ("ﬁ", int)], init=False)   # ﬁ reads as fi in code
    state = Odd()
    for name, value in {"blé": 1, "ﬁ": 2}.items():       # (state.ﬁ = 2 would set fi)
        setattr(state, name, value)
    assert D.canonical(state) == D._reference(state) == '{"bl\\u00e9":1,"\\ufb01":2}'
    assert D.state_digest(state) == hashlib.sha256(D._reference(D.projection(state)).encode()).hexdigest()[:16]


def test_inner_tuples_are_written_right_when_their_memo_is_full(monkeypatch):
    monkeypatch.setattr(D, "_INNER_KEEP", 2)
    monkeypatch.setattr(D, "_INNER", {})
    rows = [tuple((i, j) for j in range(3)) for i in range(6)]
    for _ in range(3):
        for row in rows:
            state = Outer(None, row, (row, row[::-1]))
            assert D.canonical(state) == D._reference(state)
    assert len(D._INNER) <= 2


def test_a_table_with_a_freeze_of_its_own_is_digested_through_it():
    game = make_game("youre-bluffing")
    base = type(game.table(game.new_state(3)))

    class Sorted(base):
        __slots__ = ()

        def freeze(self):
            s = super().freeze()
            return dataclasses.replace(s, pile=tuple(sorted(s.pile)))

    t = Sorted.thaw(game.new_state(3))
    t.pile = (4, 3) + t.pile[2:]
    assert D.table_digest(t, game) == D.state_digest(t.freeze(), game) != D.state_digest(base.freeze(t), game)



@dataclasses.dataclass(frozen=True)
class History:
    claims: object
    turn: int = 0


def growing_states():
    """A history growing a step at a time, then the odd turns a field can take: the same
    length with a new element, a shorter one, a copy (equal, not the same objects), an
    element that is no tuple of ints, a boolean where an int was, a revealed play."""
    claims: tuple = ()
    for i in range(40):
        claims = claims + ((i % 3, i % 13, 1 + i % 4),)
        yield History(claims, i)
    yield History(claims[:-1] + ((9, 9, 9),))
    yield History(claims[:10])
    yield History(claims[:10] + ((0, 1, 2),))
    copied = tuple(tuple(c) for c in claims)
    yield History(copied + ((1, 1, 1),))
    yield History(copied + ((1, 1, 1), ("two", 2)))
    yield History(copied + ((1, 1, 1), ("two", 2), (True, 2)))
    yield History(copied + ((1, 1, 1), (0, 2, (3, 4), 1, 0)))
    yield History(copied + ((1, 1, 1), (0, 2, (3, 4), 1, 0), (0, 2, (), True, 0)))
    yield History(copied + ((1, 1, 1), (0, 2, (3, 4), 1, 0), (0, 2, (), True, 0), 7))


def test_a_growing_history_is_written_as_the_recipe_writes_it():
    for state in growing_states():
        assert D.canonical(state) == D._reference(state)
        want = hashlib.sha256(D._reference(D.projection(state)).encode()).hexdigest()[:16]
        assert D.state_digest(state) == want, state


def test_a_growing_history_is_not_written_again_at_every_step(monkeypatch):
    """A long game's log took time with the square of its length: a Bløff game of 7,300
    steps spent 20 s writing its claims again after every step. Each step now writes only
    the claim it adds."""
    written = []
    real = D._int_tuple_text

    def counting(value):
        written.append(len(value))
        return real(value)

    monkeypatch.setattr(D, "_int_tuple_text", counting)
    claims: tuple = ()
    for i in range(2000):
        claims = claims + ((i % 5, i % 13, 1 + i % 4),)
        D.state_digest(History(claims, i))
    assert D.canonical(History(claims, 1)) == D._reference(History(claims, 1))
    assert sum(written) < 20_000                    # (written again each step: some 2,000,000)


def test_an_enum_key_is_written_as_its_value():
    """"an enum as its value" holds for a dict's keys too: a phase of a ``(str, Enum)``
    class (whose str() is ``Phase.BID``, not its value) keys the object by ``"bid"``."""
    class Phase(str, enum.Enum):
        BID = "bid"

    assert D.canonical({Phase.BID: 1}) == '{"bid":1}'
    assert D.canonical({Phase.BID: 1, "a": Phase.BID}) == '{"a":"bid","bid":1}'
    assert D.canonical({Colour.BLUE: 2}) == '{"bl\\u00e9":2}'


@pytest.mark.parametrize("name", ["youre-bluffing", "bloff", "bidder-up"])
def test_a_tables_digest_is_written_from_its_fields_without_freezing_it(monkeypatch, name):
    """``table_digest`` writes a working copy's fields as the state's (every logged step
    takes it), and freezes only a table with a ``freeze`` of its own: the one compiled
    from a table's fields (bluffkit.core.table.compiled_fields) is not."""
    from bluffkit.core.digest import state_digest, table_digest
    game = make_game(name)
    state = game.new_state(3)
    table = game.table(state)
    compiled, calls = type(table).freeze, []

    def counting(self):
        calls.append(self)
        return compiled(self)
    counting.compiled = True            # type: ignore[attr-defined]
    monkeypatch.setattr(type(table), "freeze", counting)
    assert table_digest(table) == state_digest(state) and calls == []
