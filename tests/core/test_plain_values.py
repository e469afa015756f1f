"""Every move record's fields are checked for their kind (``plain_problem``): each game's
record classes declare their fields with annotations the check can read, so none is left
unchecked by an annotation it cannot resolve."""

import dataclasses
import importlib

import pytest

from bluffkit.core.errors import _kinds, plain_problem

MODULES = ["bluffkit.games.youre_bluffing.actions", "bluffkit.games.bloff.actions", "bluffkit.games.bluffer.actions",
           "bluffkit.auctions.actions", "bluffkit.games.bidder_up.actions"]


def records():
    for name in MODULES:
        module = importlib.import_module(name)
        for kind in vars(module).values():
            if isinstance(kind, type) and dataclasses.is_dataclass(kind) and kind.__module__ == name:
                yield kind


@pytest.mark.parametrize("kind", list(records()), ids=lambda k: f"{k.__module__.split('.')[-2]}.{k.__name__}")
def test_every_field_of_a_move_record_has_a_kind_the_check_reads(kind):
    plain_problem(kind(*(None for _ in dataclasses.fields(kind))))      # (fills the class's cache)
    checked = {name for name, _ in _kinds(kind)}
    anything = {f.name for f in dataclasses.fields(kind) if f.type in ("object", object)}
    assert checked | anything == {f.name for f in dataclasses.fields(kind)}, (kind, checked)


def test_a_field_of_another_kind_is_named_with_the_kind_it_takes():
    from bluffkit.auctions.actions import Bid, Word
    from bluffkit.games.bidder_up.actions import Tickets
    from bluffkit.games.bloff.actions import Deal, Play
    assert plain_problem(Play(cards=5)) == ("plain-values", "Play.cards holds 5; it takes a tuple of whole numbers")
    assert plain_problem(Play(cards=("AS",)))[1].endswith("it takes a tuple of whole numbers")
    assert plain_problem(Word(word=None)) == ("plain-values", "Word.word holds None; it takes text")
    assert plain_problem(Bid(amount=None))[1].endswith("it takes a whole number")
    assert plain_problem(Tickets(names=(1,)))[1].endswith("it takes a tuple of texts")
    assert plain_problem(Deal(hands=(1, 2)))[1].endswith("it takes a tuple of tuples of whole numbers")
    assert plain_problem(Play(cards=(1, 2))) is None and plain_problem(Deal(hands=((1,), (2, 3)))) is None


def test_optional_fields_and_fixed_length_tuples_are_checked_too():
    """A record's field may be optional (``X | None``) or a tuple of fixed places
    (``tuple[int, str]``): each is checked for its kind, not left unchecked."""
    import typing

    @dataclasses.dataclass(frozen=True)
    class Aside:
        seat: int | None = None
        note: typing.Optional[str] = None
        pair: tuple[int, str] = (0, "")
        rows: tuple[tuple[int, int], ...] = ()
        anything: tuple[int, object] = (0, None)
        bare: typing.Tuple = ()

    assert plain_problem(Aside(seat=None, note="x", pair=(1, "a"), rows=((1, 2),), anything=(3, "y"))) is None
    assert {name for name, _ in _kinds(Aside)} == {"seat", "note", "pair", "rows", "anything", "bare"}
    assert plain_problem(Aside(bare=(1, "x"))) is None                  # (a bare Tuple: any tuple)
    assert plain_problem(Aside(bare=5))[1].endswith("it takes a tuple")
    assert plain_problem(Aside(seat="1")) == ("plain-values", "Aside.seat holds '1'; it takes a whole number or None")
    assert plain_problem(Aside(note=3))[1].endswith("it takes text or None")
    assert plain_problem(Aside(pair=(1, 2)))[1].endswith("it takes a tuple of 2 (a whole number, text)")
    assert plain_problem(Aside(pair=(1, "a", 2)))[1].startswith("Aside.pair holds")
    assert plain_problem(Aside(rows=((1, 2, 3),)))[1].endswith("a tuple of tuples of 2 (a whole number, a whole number)")
    assert plain_problem(Aside(anything=("z", None)))[1].endswith("a tuple of 2 (a whole number, anything)")
