"""The rules of Bløff once, on a mutable working copy (as for You're Bluffing!: see
:mod:`bluffkit.games.youre_bluffing.engine`). Sections of the Norwegian rulebook
(seeds/002) are quoted in the docstrings.

Turn structure: chance deals; the player to move lays one or more cards face down
and so claims that many of the rank in turn (``play``); then the call window is
open: every other player, asked in the direction of play from the player's left,
may ``call`` ("bløff!") or ``pass``. The first call settles it; when all have
passed, the next player lays cards. A call turns the last play over: any card not
of the claimed rank and the liar takes the whole pile, all true and the caller
does. Play goes on from the left of the accused with the next rank.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import filterfalse
from typing import Any

from bluffkit.core.errors import IllegalAction, plain_problem
from bluffkit.core.table import TableBase
from bluffkit.games.bloff.actions import CALL_, PASS_, Call, Deal, Pass, Play  # noqa: F401  (re-exported)
from bluffkit.games.bloff.cards import rank_of
from bluffkit.games.bloff.observe import Legal, Observation
from bluffkit.games.bloff.rules import Rules
from bluffkit.games.bloff.state import CALL, DEAL, FIELDS, OVER, PLAY, Phase, State  # noqa: F401  (re-exported)


class _After(dict):
    """_AFTER[n][seat]: the other seats in the direction of play, from ``seat``'s left."""

    def __missing__(self, n: int) -> tuple:
        found = self[n] = tuple(tuple((s + k) % n for k in range(1, n)) for s in range(n))
        return found


class _CallLegal(dict):
    """_CALL_LEGAL[seat]: the call window's Legal of ``seat`` (always the same)."""

    def __missing__(self, seat: int) -> Legal:
        found = self[seat] = Legal(seat, CALL, call=True)
        return found


_AFTER, _CALL_LEGAL = _After(), _CallLegal()


def is_lie(rank: int, cards) -> bool:
    """A play claimed as ``rank`` is a lie when any of its ``cards`` is of another rank
    ("Kortene fra det siste utspillet snus")."""
    return any(rank_of(c) != rank for c in cards)


class Table(TableBase):
    """Mutable working copy of a :class:`State`."""

    __slots__ = FIELDS + ("n", "_size", "_mine", "_sizes")
    STATE, FIELDS = State, FIELDS  # type: ignore[assignment]  # TableBase.STATE is None until a game sets it

    # the fields of State (thaw() sets them), then the derived counts
    rules: Rules
    decks: int
    phase: Phase
    current: int
    rank: int
    hands: tuple
    plays: tuple
    pending: tuple
    claims: tuple
    revealed: tuple
    laid: tuple
    winner: int
    turn: int
    n: int
    _size: int
    _mine: tuple
    _sizes: tuple

    @classmethod
    def new(cls, rules: Rules, players: int) -> "Table":
        t = cls.__new__(cls)
        t.rules, t.n, t.decks = rules, players, rules.decks_for(players)
        t.phase, t.current, t.rank = DEAL, 0, rules.first_rank
        t.hands = t.laid = ((),) * players
        t.plays = t.pending = t.claims = t.revealed = ()
        t.winner, t.turn = -1, 0
        t._recount()
        return t

    def _thawed(self) -> None:
        self.n = len(self.hands)
        self._recount()

    def is_chance(self) -> bool:
        return self.phase == DEAL

    def is_over(self) -> bool:
        return self.phase == OVER

    def to_move(self) -> tuple[int, ...]:
        if self.phase == PLAY:
            return (self.current,)
        if self.phase == CALL:
            return self.pending
        return ()

    def legal(self, seat: int, to_move=None) -> Legal:
        if self.phase == PLAY and seat == self.current:
            return Legal(seat, PLAY, play_from=self.hands[seat], max_cards=self.rules.max_cards, current=seat)
        if self.phase == CALL and seat in self.pending:
            return _CALL_LEGAL[seat]
        return Legal(seat, self.phase, current=self.current, opened=bool(self.claims),
                     called=bool(self.claims) and not self.plays)

    # chance --------------------------------------------------------------------------
    def sample_chance(self, u: float, rng) -> Deal:
        """Shuffle and deal the whole deck one card at a time from seat 0, as evenly as
        possible ("Giver stokker og deler ut hele stokken, ett kort om gangen")."""
        deck = [int(c) for c in rng.permutation(52 * self.decks)]
        return Deal(tuple(tuple(sorted(deck[s::self.n])) for s in range(self.n)))

    def apply_chance(self, deal: Deal) -> None:
        if self.phase != DEAL:
            raise IllegalAction("not-chance-turn", "the cards have been dealt already")
        hands = deal.hands if isinstance(deal, Deal) else None
        size = 52 * self.decks
        if (hands is None or len(hands) != self.n or sorted(c for h in hands for c in h) != list(range(size))
                or max(map(len, hands)) - min(map(len, hands)) > 1):
            raise IllegalAction("bad-deal", f"a deal gives all {size} cards, as evenly as possible, to {self.n} hands")
        self.hands = tuple(tuple(sorted(h)) for h in hands)
        self._recount()
        self.phase = PLAY

    # moves ---------------------------------------------------------------------------
    def chance_words(self) -> str:
        return "the cards are dealt"

    def _do(self, seat: int, action) -> None:
        _HANDLERS[type(action)](self, seat, action)

    def _play(self, seat: int, action: Play) -> None:
        """"Den som begynner, legger ett eller flere kort med baksiden opp ... Antallet skal
        derimot stemme": the count said is the count laid; the rank is the one in turn."""
        cards = action.cards
        gone = set(cards).__contains__
        self.hands = self.hands[:seat] + (tuple(filterfalse(gone, self.hands[seat])),) + self.hands[seat + 1:]
        self.plays = self.plays + ((seat, self.rank, tuple(sorted(cards))),)
        self.claims = self.claims + ((seat, self.rank, len(cards)),)
        self.laid = self.laid[:seat] + (self.laid[seat] + tuple(sorted(cards)),) + self.laid[seat + 1:]
        self._size += len(cards)
        self._mine = self._mine[:seat] + (self._mine[seat] + tuple(cards),) + self._mine[seat + 1:]
        self._sizes = self._sizes[:seat] + (len(self.hands[seat]),) + self._sizes[seat + 1:]
        self.phase = CALL
        self.pending = _AFTER[self.n][seat]

    def _call(self, caller: int, action: Call = CALL_) -> None:
        """"Kortene fra det siste utspillet snus": any card not of the claimed rank and the
        liar takes the whole pile; all true and the caller takes it. Play goes on from
        the left of the accused with the next rank. A last card that survives wins."""
        player, rank, cards = self.plays[-1]
        taker = player if is_lie(rank, cards) else caller
        pile = [c for _, _, cs in self.plays for c in cs]
        self.hands = self.hands[:taker] + (tuple(sorted(self.hands[taker] + tuple(pile))),) + self.hands[taker + 1:]
        self.revealed = self.revealed + ((player, rank, cards, caller, taker),)
        self.plays = ()
        self._size, self._mine = 0, ((),) * self.n
        self._sizes = self._sizes[:taker] + (len(self.hands[taker]),) + self._sizes[taker + 1:]
        self._next(player)

    def _pass(self, seat: int, action: Pass = PASS_) -> None:
        pending = self.pending
        self.pending = pending = pending[1:] if pending[0] == seat else tuple(s for s in pending if s != seat)
        if not pending:
            self._next(self.plays[-1][0])

    def _next(self, player: int) -> None:
        """The window closes: the player with no cards left has won ("Førstemann ut har
        vunnet"); otherwise the player to the left lays the next rank."""
        self.pending = ()
        self.turn += 1
        if not self.hands[player]:
            self.phase, self.winner = OVER, player
            return
        self.current = (player + 1) % self.n
        self.rank = (self.rank + 1) % 13
        self.phase = PLAY

    # simulating ----------------------------------------------------------------------
    def run(self, acts, rngs, append, limit: int, checks=None) -> int:
        """As :meth:`TableBase.run`, in one loop: the seat to move, its legal actions and
        view, its action checked and applied, without the calls of ``move``, ``decision``
        and ``apply`` around each move. ``checks[seat]`` false skips the checks of that
        seat's actions (a trusted bot's, whose moves are drawn from its ``Legal``: see
        :func:`bluffkit.core.play.play`); ``None`` checks every seat's."""
        of, to_move_now, legal_of = Observation.of, self.to_move, self.legal
        done = 0
        while done < limit:
            to_move = to_move_now()
            if not to_move:
                break
            seat = to_move[0]
            legal = legal_of(seat, to_move)
            action = acts[seat](of(self, seat, legal, to_move), legal, rngs[seat])
            if checks is None or checks[seat]:
                problem = plain_problem(action) or legal.explain(action, self)
                if problem:
                    raise IllegalAction(*problem)
            _HANDLERS[type(action)](self, seat, action)
            append((seat, action))
            done += 1
        return done

    # seeing --------------------------------------------------------------------------
    def _recount(self) -> None:
        """Derived counts kept up to date by the moves: the pile's size, each seat's cards
        in the pile, each hand's size."""
        mine: list[list[int]] = [[] for _ in range(self.n)]
        for p, _, cards in self.plays:
            mine[p].extend(cards)
        self._size = sum(map(len, mine))
        self._mine = tuple(map(tuple, mine))
        self._sizes = tuple(map(len, self.hands))

    def pile_view(self) -> tuple[int, tuple, tuple]:
        """The pile's size, per seat the cards that seat laid in it, and the hand sizes."""
        return self._size, self._mine, self._sizes

    def observe(self, seat: int, legal: Legal | None = None, to_move=None):
        return Observation.of(self, seat, legal if legal is not None else self.legal(seat), to_move)


_HANDLERS: dict[type, Callable[[Table, int, Any], None]] = {Play: Table._play, Call: Table._call, Pass: Table._pass}
