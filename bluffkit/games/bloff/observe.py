"""What one Bløff player may know, and what it may do.

:class:`Observation`: their hand, every hand's size, the pile's size and which of its
cards they laid themselves, every claim, and every play turned over by a call. Never
a face-down card of someone else. :class:`Legal`: the actions open to one seat, which
travel with the observation.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, combinations, islice
from typing import TYPE_CHECKING

from bluffkit.core.errors import RulesError, check_limit, check_rng, quote
from bluffkit.core.observation import ObservationBase, by_keyword, keyword_maker  # noqa: F401
from bluffkit.games.bloff.actions import CALL_, PASS_, Call, Pass, Play
from bluffkit.games.bloff.cards import cards_text
from bluffkit.games.bloff.state import CALL, PLAY

if TYPE_CHECKING:
    from bluffkit.games.bloff.rules import Rules


class Observation(ObservationBase):
    """One seat's view (immutable). ``claims`` are ``(player, rank, count)``; ``revealed``
    are ``(player, rank, cards, caller, taker)`` (cards turned face up by a call);
    ``my_laid`` every card this seat has laid face down."""

    __slots__ = ()
    _fields = ("seat", "rules", "decks", "phase", "current", "rank", "to_move", "hand", "hand_sizes",
               "pile_size", "my_pile_cards", "my_laid", "claims", "revealed", "pending", "winner", "legal")

    make: classmethod[Observation, ..., Observation] = classmethod(keyword_maker(_fields))

    # the fields, read as properties (ObservationBase sets them from _fields)
    seat: int
    rules: Rules
    decks: int
    phase: str
    current: int
    rank: int
    to_move: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pile_size: int
    my_pile_cards: tuple[int, ...]
    my_laid: tuple[int, ...]
    claims: tuple
    revealed: tuple
    pending: tuple[int, ...]
    winner: int
    legal: Legal

    @classmethod
    def of(cls, t, seat: int, legal, to_move=None) -> "Observation":
        """``seat``'s view of the working copy ``t``."""
        size, mine, sizes = t.pile_view()
        return cls.make(
            seat=seat, rules=t.rules, decks=t.decks, phase=t.phase, current=t.current, rank=t.rank,
            to_move=t.to_move() if to_move is None else to_move,
            hand=t.hands[seat], hand_sizes=sizes, pile_size=size, my_pile_cards=mine[seat], my_laid=t.laid[seat],
            claims=t.claims, revealed=t.revealed, pending=t.pending, winner=t.winner, legal=legal)

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, phase={self.phase!r}, {len(self.hand)} cards)"


class Legal:
    """What one seat may do: ``play_from`` (its hand: lay any 1 .. ``max_cards`` of them)
    or ``call`` (call or pass), or nothing. ``current`` (the seat that lays cards, or whose
    play is open to a call), ``opened`` (a claim has been made) and ``called`` (the last
    play was called, its window closed by the call) word the refusals.

    >>> lg = Legal(0, PLAY, play_from=(0, 1, 2), max_cards=2, current=0)
    >>> lg.explain(Play((0, 1))) is None, lg.explain(Play((0, 1, 2)))[0], lg.explain(CALL_)[0]
    (True, 'too-many-cards', 'no-passing')
    >>> [str(a) for a in lg.actions(4)], lg.description
    (['play AS', 'play AH', 'play AD', 'play AS,AH'], 'play 1 to 2 of your 3 cards')
    """

    __slots__ = ("seat", "phase", "play_from", "max_cards", "call", "current", "opened", "called")

    def __init__(self, seat, phase, play_from=None, max_cards=None, call=False, current=-1, opened=True,
                 called=False):
        self.seat, self.phase, self.play_from, self.max_cards, self.call = seat, phase, play_from, max_cards, call
        self.current, self.opened, self.called = current, opened, called

    def __bool__(self) -> bool:
        return self.play_from is not None or self.call

    def __eq__(self, other) -> bool:
        return isinstance(other, Legal) and (self.seat, self.phase, self.play_from, self.max_cards, self.call) == \
            (other.seat, other.phase, other.play_from, other.max_cards, other.call)

    __hash__ = None  # type: ignore[assignment]  # unhashable: equal by value, yet mutable

    def __repr__(self) -> str:
        return f"Legal(seat={self.seat}, phase={self.phase!r}, {self.description})"

    def _most(self) -> int:
        """The most cards one play may lay now."""
        n = len(self.play_from)
        return n if self.max_cards is None else min(n, self.max_cards)

    def explain(self, action, _table=None) -> tuple[str, str] | None:
        """``None`` when ``action`` is legal for this seat, else ``(rule id, reason)``.
        (``_table`` is ignored: the reasons are worded from this object alone.)"""
        kind = type(action)
        if kind is Play and self.play_from is not None:
            cards = action.cards
            if not cards:
                return ("at-least-one-card", "lay at least one card: there is no passing (\"Du kan ikke stå over\")")
            if self.max_cards is not None and len(cards) > self.max_cards:
                return ("too-many-cards", f"at most {self.max_cards} card{'s' if self.max_cards != 1 else ''} "
                                          f"in one play")
            distinct = set(cards)
            if len(distinct) != len(cards) or not distinct.issubset(self.play_from):
                missing = tuple(c for c in dict.fromkeys(cards) if c not in self.play_from)
                if missing:             # (the cards named that are not in the hand, not those that are)
                    return ("cards-not-held", f"seat {self.seat} does not hold {cards_text(missing)}")
                twice = tuple(c for c in dict.fromkeys(cards) if cards.count(c) > 1)
                return ("cards-not-held", f"{cards_text(twice)} named twice: each card is laid once")
            return None
        if (kind is Call or kind is Pass) and self.call:
            return None
        phase = self.phase
        if kind is Play:
            return ("not-your-turn", f"seat {self.seat} cannot lay cards now" +
                    (": the call window is open" if phase == CALL else ""))
        if kind in (Call, Pass):
            if phase == PLAY and self.seat == self.current:
                return ("no-passing", f"seat {self.seat} is to lay cards, and there is no passing: lay at least "
                        "one card (\"Du kan ikke stå over\")")
            if phase == CALL and self.seat == self.current:
                return ("own-play", "a player cannot call their own play" if kind is Call else
                        "a player does not let their own play go: the others call it or let it go")
            if phase == CALL:
                return ("already-answered", f"seat {self.seat} has already let this play go; the others may "
                        "still call")
            if phase == PLAY and self.called:
                return ("no-call-window", f"seat {self.seat} cannot {kind.__name__.lower()} now: the last play "
                        "was called already, and the next player must lay cards")
            if phase == PLAY and self.opened:
                return ("no-call-window", f"seat {self.seat} cannot {kind.__name__.lower()} now: everyone let the "
                        "last play go, and the next player must lay cards")
            return ("no-call-window", f"seat {self.seat} cannot {kind.__name__.lower()} now: no play is open")
        return ("unknown-action", f"{quote(action)} is not an action of Bløff")

    def draw(self, u):
        """One legal action from the uniform numbers of ``u()`` (a callable): call or pass
        with even odds; else lay 1 to 4 cards (no more than held, nor than ``max_cards``),
        the count and then each card picked uniformly."""
        if self.call:
            return CALL_ if u() < 0.5 else PASS_
        if self.play_from is None:
            raise RulesError(f"seat {self.seat} has no legal action now ({self.phase})")
        hand = list(self.play_from)
        k = 1 + int(u() * min(4, self._most()))
        picked = [hand.pop(int(u() * len(hand))) for _ in range(k)]
        return Play(tuple(sorted(picked)))

    def sample(self, rng):
        """One random legal action (see :meth:`draw`), drawn with the numpy Generator ``rng``:
        the draws of the random bot of bluffkit 0.1.0 (one ``rng.random()`` each)."""
        check_rng(rng)
        return self.draw(rng.random)

    def actions(self, limit: int | None = None):
        """Every legal action, at most ``limit`` of them: call and pass; or every play of 1
        to ``max_cards`` cards of the hand (fewest cards first, in hand order; a full list
        for a big hand is long, hence ``limit``); ``()`` for a seat with nothing to do."""
        limit = check_limit(limit)
        found: Iterable[Call | Pass | Play]
        if self.call:
            found = (CALL_, PASS_)
        elif self.play_from is None:
            found = ()
        else:
            hand = self.play_from
            found = (Play(c) for c in chain.from_iterable(combinations(hand, k) for k in range(1, self._most() + 1)))
        return tuple(islice(found, limit))

    @property
    def description(self) -> str:
        """The legal actions in a few words."""
        if self.call:
            return "call or pass"
        if self.play_from is None:
            return "nothing now"
        most, n = self._most(), len(self.play_from)
        return f"play 1 to {most} of your {n} cards" if most > 1 else "play one card"
