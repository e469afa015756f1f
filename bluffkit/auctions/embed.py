"""Auctions inside another game: the Bidder Up! board game runs the auction of a pen in
its own turn, with its own money, its own animal values and its own supply.

*Auction this pen among these players with this money and these animal values, return
the settlement*: :func:`start` gives the auction's game and first state (the parent
steps it, logging the moves as its own), :func:`settle` reads the :class:`Settlement`
of a finished auction, and :func:`run` plays one through with bots. Seats are the
parent's seats; money is note counts in the parent's ``denominations``.

Lots come from a real :class:`Supply` (face-down animals, drawn without replacement):
:func:`fill` fills a pen from it ("1 animal goes into each small pen ... 2 animals ...
into each large pen ... Cat in the Bag: ... stack 3 animals face-down", Bidder Up!,
"Setup"), and a Cat in the Bag pen keeps its unpicked animals face down
(:attr:`Settlement.pen`: "The other two are placed face-down back in the pen").

>>> from bluffkit.auctions.rules import ANIMALS
>>> horse, cow = ANIMALS.index("horse"), ANIMALS.index("cow")
>>> game, s = start(AuctionPen("classic", (horse,)), auctioneer=1, money=[(2, 4, 2, 2, 1, 0)] * 4)
>>> for seat, move in [(2, "bid 120"), (0, "pass"), (3, "pass"), (2, "pass"), (1, "sell"), (2, "pay 100+10+10")]:
...     s = game.step(s, seat, move)
>>> sale = settle(game, s)
>>> sale.owners, sale.paid                     # Daniel (2) buys the horse from Annette (1) at 120
(((9, 2),), (0, 120, -120, 0))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from bluffkit.auctions.engine import FORMAT_TABLES
from bluffkit.auctions.game import Auction
from bluffkit.auctions.rules import ANIMAL_VALUES, ANIMALS, DENOMINATIONS, FORMATS, Rules
from bluffkit.core.errors import RulesError, count, quote
from bluffkit.core.money import total


@dataclass(frozen=True)
class Supply:
    """The face-down supply: ``animals`` (animal indices), the top first."""

    animals: tuple[int, ...]

    @classmethod
    def shuffled(cls, rng: np.random.Generator, per_type: int = 2) -> "Supply":
        """Every type ``per_type`` times (Animal Market: 2, "the pair is complete"; Fairground: 3, "all 3 animals of
        that type"),
        shuffled face down with ``rng``."""
        if isinstance(per_type, bool) or not isinstance(per_type, int) or per_type < 1:
            raise RulesError(f"per_type must be an int >= 1, got {per_type!r}")
        deck = [a for a in range(len(ANIMALS)) for _ in range(per_type)]
        return cls(tuple(deck[i] for i in rng.permutation(len(deck))))

    def draw(self, k: int) -> tuple[tuple[int, ...], "Supply"]:
        """The top ``k`` animals and the supply left."""
        if k > len(self.animals):
            raise RulesError(f"the supply holds {count(len(self.animals), 'animal')}, not {k}")
        return self.animals[:k], Supply(self.animals[k:])


@dataclass(frozen=True)
class AuctionPen:
    """A pen and the format its tile gives it: ``animals`` face up (1, or 2 in a double
    pen); Cat in the Bag: the face-down stack of up to 3, small or double."""

    format: str
    animals: tuple[int, ...]
    double: bool = False

    def __post_init__(self):
        if self.format not in FORMATS:
            raise RulesError(f"unknown auction format {self.format!r}; the formats are: {', '.join(FORMATS)}")
        object.__setattr__(self, "animals", tuple(self.animals))

    @property
    def face_down(self) -> bool:
        """The pen lies face down (Cat in the Bag)."""
        return FORMAT_TABLES[self.format].FACE_DOWN_PEN


def auctioned_double(fmt: str, animals, double: bool) -> bool:
    """Whether a pen of a double position is auctioned as a double pen: yes, unless it holds
    one animal face up (topped up short, Bidder Up!'s ``short_pen="partial"``: one lot)."""
    return double and (FORMAT_TABLES[fmt].FACE_DOWN_PEN or len(animals) != 1)


def fill(fmt: str, double: bool, supply: Supply, pen: tuple[int, ...] = (), partial: bool = False
         ) -> tuple[AuctionPen, Supply]:
    """A pen of format ``fmt`` topped up from ``supply`` (``pen``: what it still holds, e.g.
    a Cat in the Bag's face-down animals): "if at least 1 animal can no longer be placed
    in the pen, it stays empty" (Bidder Up!, "Supply stack empty"), but a Cat in the Bag
    pen keeps the animals it still holds face down ("only 2 animals remain face-down in
    the pen (because the draw stack is empty)"); with ``partial``, it takes what the
    supply has left (Bidder Up!'s option ``short_pen="partial"``)."""
    if fmt not in FORMAT_TABLES:
        raise RulesError(f"unknown auction format {fmt!r}; the formats are: {', '.join(FORMATS)}")
    if not isinstance(partial, bool):
        raise RulesError(f"partial must be True or False, got {partial!r}")
    face_down = FORMAT_TABLES[fmt].FACE_DOWN_PEN
    want = 3 if face_down else 2 if double else 1
    if len(pen) > want:
        raise RulesError(f"a {fmt} pen holds at most {want} animals, not {len(pen)}")
    need = want - len(pen)
    if need > len(supply.animals) and partial:
        need = len(supply.animals)
    if need > len(supply.animals):
        return AuctionPen(fmt, tuple(pen) if face_down else (), double), supply
    drawn, rest = supply.draw(need)
    animals = tuple(pen) + drawn
    return AuctionPen(fmt, animals, auctioned_double(fmt, animals, double)), rest


def start(pen: AuctionPen, auctioneer: int, money, *, animal_values=ANIMAL_VALUES,
          denominations=DENOMINATIONS, **options):
    """``(game, state)``: the auction of ``pen`` run by ``auctioneer`` among ``len(money)``
    players (``money[seat]``: note counts in ``denominations``), with ``animal_values``
    (one per animal of :data:`~bluffkit.auctions.rules.ANIMALS`, or a mapping by name)
    deciding "the more valuable" animal; ``options``: any other :class:`Rules` option."""
    if isinstance(animal_values, Mapping):
        unknown = set(animal_values) - set(ANIMALS)
        if unknown or len(animal_values) != len(ANIMALS):
            raise RulesError(f"animal_values: one value for each of {', '.join(ANIMALS)}")
        animal_values = tuple(animal_values[a] for a in ANIMALS)
    if not pen.animals:
        raise RulesError("the pen is empty: nothing to auction")
    d = tuple(denominations)
    rules = Rules(format=pen.format, double=pen.double, denominations=d, start_money=(0,) * len(d),
                  animal_values=tuple(animal_values), **options)
    game = Auction(rules)
    names = [ANIMALS[a] for a in pen.animals]
    if pen.face_down:
        state = game.state_from_position(len(money), auctioneer, [tuple(m) for m in money], pen=names)
    else:
        state = game.state_from_position(len(money), auctioneer, [tuple(m) for m in money], lot=names)
    return game, state


@dataclass(frozen=True)
class Settlement:
    """What a finished auction leaves: ``owners`` ``(animal, seat)`` for each animal of
    the lot; ``money`` each seat's notes now; ``paid`` each seat's money won (+) or paid
    (-); ``pen`` the animals left face down in a Cat in the Bag pen; ``shown`` the money
    players had to show; ``kept`` whether the auctioneer used its right of first refusal;
    ``reruns`` how often the auction was repeated."""

    owners: tuple
    money: tuple
    paid: tuple
    pen: tuple
    shown: tuple
    kept: bool
    reruns: int


def settle(game: Auction, state) -> Settlement:
    """The :class:`Settlement` of a finished auction."""
    if not game.is_over(state):
        raise RulesError("the auction is not over yet")
    t = game.table(state)
    d = game.rules.denominations
    return Settlement(state.owners, state.money,
                      tuple(total(m, d) - s for m, s in zip(state.money, state.start)),
                      t.face_down_left(), state.shown, bool(state.kept), state.reruns)


def run(pen: AuctionPen, auctioneer: int, money, agents, rng: np.random.Generator, *, rngs=None,
        max_steps: int = 10_000, **options) -> tuple[Settlement, list]:
    """Play the auction of ``pen`` with ``agents`` (one per seat: ``act(observation, legal,
    rng)``); chance (the Cat in the Bag's shuffle, who grabbed the Dutch hammer first)
    draws from ``rng``, each seat from ``rngs[seat]`` (default ``rng``). Returns the
    settlement and the moves, ``(seat, action)`` (``seat`` ``None`` for chance)."""
    game, state = start(pen, auctioneer, money, **options)
    if len(agents) != len(money):
        raise RulesError(f"agents: one per seat ({len(money)}), got {len(agents)}")
    odd = next((a for a in agents if not callable(getattr(a, "act", None))), None)
    if odd is not None:
        raise RulesError(f"agents: objects with act(observation, legal, rng), such as "
                         f"bluffkit.agents.auction.Bidder(), got {quote(odd)}"[:300])
    t = game.table(state)
    rngs = list(rngs) if rngs is not None else [rng] * len(money)
    acts = [a.act for a in agents]
    moves: list = []
    while not t.is_over():
        if t.is_chance():
            outcome = t.sample_chance(float(rng.random()), rng)
            t.apply_chance(outcome)
            moves.append((None, outcome))
        elif not t.run(acts, rngs, moves.append, max_steps - len(moves)):
            break
        if len(moves) >= max_steps:
            raise RulesError(f"the auction did not end within {max_steps} moves")
    return settle(game, t.freeze()), moves
