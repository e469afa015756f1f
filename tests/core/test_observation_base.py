"""What every game's observation shares (:class:`bluffkit.core.observation.ObservationBase`):
built by name, never by position, and written out without the ruleset and the move list
that travel with it."""

from __future__ import annotations

import json

import pytest

from bluffkit.agents.base import make_agent
from bluffkit.core.game import make_game
from bluffkit.core.observation import ObservationBase
from bluffkit.core.play import play


class Seen(ObservationBase):
    _fields = ("seat", "rules", "phase", "hand", "legal")


def test_from_fields_refuses_an_unknown_field_by_name():
    """A field given under a wrong name (a typo, a field another game has) would otherwise
    be dropped without a word, and the observation built without it."""
    with pytest.raises(TypeError, match=r"Seen needs the fields seat, rules, phase, hand, legal; unknown: extra$"):
        Seen.from_fields(seat=0, rules=None, phase="bid", hand=(1,), legal=None, extra=1)
    with pytest.raises(TypeError, match=r"; missing: hand$"):
        Seen.from_fields(seat=0, rules=None, phase="bid", legal=None)
    seen = Seen.from_fields(legal="moves", hand=(1,), phase="bid", rules="rules", seat=0)
    assert seen == (0, "rules", "bid", (1,), "moves") and seen.hand == (1,)


def test_to_dict_leaves_out_the_rules_and_the_legal_moves():
    """``rules`` and ``legal`` travel with an observation but are no part of what a seat
    sees: ``to_dict`` gives every other field, in order, by name, ready for JSON."""
    seen = Seen.from_fields(seat=1, rules=object(), phase="bid", hand=(2, 0), legal=object())
    assert seen.to_dict() == {"seat": 1, "phase": "bid", "hand": (2, 0)}
    assert json.loads(json.dumps(seen.to_dict())) == {"seat": 1, "phase": "bid", "hand": [2, 0]}


@pytest.mark.parametrize("name, options, players", [
    ("youre-bluffing", {}, 3), ("auction", {"format": "secret-count"}, 4), ("bloff", {}, 3),
    ("bidder-up", {}, 3), ("bluffer", {}, 4)])
def test_a_games_observation_writes_out_without_its_rules_and_legal_moves(name, options, players):
    """Read at every move of a short game, from every seat: the games' observations hold a
    ruleset and a move list (neither is JSON), and ``to_dict`` leaves both out, also from
    an observation held in a field (Bidder Up!'s auction); records (Bluffer's reveals)
    are written as their fields. Both failed to write out as JSON before."""
    game = make_game(name, **options)
    moves = play(game, [make_agent("random", game) for _ in range(players)], 2).moves
    state = game.new_state(players)
    for seat, action in moves[:40]:
        state = game.step(state, seat, action)
        for viewer in range(players):
            seen = game.observe(state, viewer)
            assert {"rules", "legal"} <= set(seen._fields)
            out = seen.to_dict()
            assert list(out) == [f for f in seen._fields if f not in ("rules", "legal")]
            assert all(out[f] == getattr(seen, f) for f in out if type(getattr(seen, f)) in (int, str, bool))
            text = json.dumps(out)
            assert '"rules"' not in text and '"legal"' not in text, text[:300]


def test_to_dict_writes_sets_numpy_numbers_and_other_keys_as_json_can():
    """A field of a game of one's own may hold a set (written sorted, numbers by size), a
    numpy number (as the plain number) or a dict keyed by a tuple (the key as text)."""
    import numpy as np
    seen = Seen.from_fields(seat=np.int64(1), rules=None, phase={100, 9, 10}, hand={(1, 2): np.float64(0.5)},
                            legal=None)
    out = seen.to_dict()
    assert out == {"seat": 1, "phase": [9, 10, 100], "hand": {"(1, 2)": 0.5}}
    assert type(out["seat"]) is int and json.loads(json.dumps(out)) == out


def test_to_dict_names_the_field_holding_what_json_cannot_write():
    """An object JSON cannot write, at any depth of a field, was passed through: ``to_dict``
    returned, and ``json.dumps`` failed later without naming the field. It is refused at
    once, naming the field and the kind; a subclass of a number or of text is kept."""
    class Note(int):
        pass
    import numpy as np
    for held, kind in ((object(), "builtins.object"), ((1, [2, {"a": complex(1, 2)}]), "builtins.complex"),
                       (b"x", "builtins.bytes"), (np.array([1, 2]), "numpy.ndarray"),
                       (np.datetime64("2020-01-01"), "numpy datetime64"), ((np.complex64(1),), "numpy complex64")):
        seen = Seen.from_fields(seat=1, rules=None, phase="bid", hand=held, legal=None)
        with pytest.raises(TypeError, match=rf"Seen\.to_dict: the field 'hand' holds a {kind}( \(.*\))?, which JSON "):
            seen.to_dict()
    seen = Seen.from_fields(seat=np.array(4), rules=None, phase=np.str_("bid"), hand=(np.float32(0.5),), legal=None)
    assert json.loads(json.dumps(seen.to_dict())) == {"seat": 4, "phase": "bid", "hand": [0.5]}
    seen = Seen.from_fields(seat=Note(3), rules=None, phase="bid", hand=(Note(2),), legal=None)
    assert json.loads(json.dumps(seen.to_dict())) == {"seat": 3, "phase": "bid", "hand": [2]}


def test_to_dict_writes_records_enums_frozensets_and_mixed_sets_as_json_can():
    """A record (a dataclass) is written as its public fields only: a field whose name
    starts with ``_`` is the record's own business, not what a seat sees. An enum is its
    value (made plain in turn, as a dict's enum key is; a number as a key is kept), a
    frozenset is a sorted list like a set (numbers first by size, then the rest; their
    members made plain), and a tuple of tuples stays a tuple."""
    import dataclasses
    import enum

    import numpy as np

    class Suit(enum.Enum):
        HEARTS = "H"
        LOW = frozenset({3, 1})

    @dataclasses.dataclass
    class Reveal:
        seat: int
        _dealt: str = "the hidden card"

    seen = Seen.from_fields(seat=Suit.HEARTS, rules=None, phase=(Reveal(2), Suit.LOW, {Suit.HEARTS: 1, 2: "b"}),
                            hand=({"b", 10, "a", 2}, frozenset({np.int64(5), np.int64(4)}), ((1, 2), (3,))),
                            legal=None)
    out = seen.to_dict()
    assert out == {"seat": "H", "phase": ({"seat": 2}, [1, 3], {"H": 1, 2: "b"}),
                   "hand": ([2, 10, "a", "b"], [4, 5], ((1, 2), (3,)))}
    assert type(out["hand"][2]) is tuple and all(type(n) is int for n in out["hand"][1])
    assert "hidden card" not in json.dumps(out)


def test_to_dict_refuses_a_record_class_held_in_a_field():
    """A record's class, not a record, is no value a seat sees: named by its kind."""
    import dataclasses

    @dataclasses.dataclass
    class Reveal:
        seat: int = 0

    seen = Seen.from_fields(seat=1, rules=None, phase="bid", hand=Reveal, legal=None)
    with pytest.raises(TypeError, match=r"the field 'hand' holds a builtins\.type, which JSON"):
        seen.to_dict()


def test_from_fields_names_every_unknown_field_in_order():
    """Several wrong names are listed sorted, so the message is the same from run to run."""
    with pytest.raises(TypeError, match=r"; unknown: alpha, delta, echo, kilo, zulu$"):
        Seen.from_fields(seat=0, rules=None, phase="bid", hand=(), legal=None,
                         zulu=1, kilo=2, alpha=3, echo=4, delta=5)


def test_a_builder_refuses_an_unknown_or_repeated_name_in_words():
    """``builder`` names a field that is not one of the class's (it would otherwise be a
    parameter that goes nowhere), and a name given twice, as a ``TypeError``."""
    with pytest.raises(TypeError, match=r"Seen\.builder: extra is not one field of seat, rules, phase, hand, legal"):
        Seen.builder("seat", "extra")
    with pytest.raises(TypeError, match=r"Seen\.builder: a repeated name is not one field of"):
        Seen.builder("seat", "hand", "seat")


def test_make_takes_every_field_by_name_only():
    """``keyword_maker``'s ``make`` (and ``by_keyword`` through it) takes every field by
    name: a field given by position, one missing or one unknown is a ``TypeError``, never
    an observation with its fields shifted or dropped."""
    from bluffkit.core.observation import by_keyword, keyword_maker

    class Made(ObservationBase):
        _fields = ("seat", "phase")
        make = classmethod(keyword_maker(_fields))

    assert Made.make(phase="bid", seat=2) == (2, "bid") and Made.make(phase="bid", seat=2).phase == "bid"
    assert by_keyword(Made, {"phase": "bid", "seat": 2}) == (2, "bid")
    with pytest.raises(TypeError):
        Made.make(2, "bid")
    with pytest.raises(TypeError):
        Made.make(seat=2)
    with pytest.raises(TypeError, match="extra"):
        by_keyword(Made, {"phase": "bid", "seat": 2, "extra": 1})
