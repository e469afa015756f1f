"""The public, immutable API of You're Bluffing! / Horse Trading (see :mod:`bluffkit.core.game`).

The calls every game written on a working copy shares (``to_move``, ``legal``,
``observe``, ``step``, ...) come from :class:`bluffkit.core.table.TableGame`: each
thaws the state into this game's :class:`~bluffkit.games.youre_bluffing.engine.Table`
and runs the same rule methods a simulation runs.
"""

from __future__ import annotations

from numbers import Integral

from bluffkit.core.errors import NotationError, RulesError, check_header, check_names, check_observation
from bluffkit.core.game import register
from bluffkit.core.money import total
from bluffkit.core.table import TableGame
from bluffkit.games.youre_bluffing import actions as A, engine, scoring, state as S
from bluffkit.games.youre_bluffing.engine import Table
from bluffkit.games.youre_bluffing.narrate import money_words, words
from bluffkit.games.youre_bluffing.rules import GAME_NAMES, Rules, preset

_NAME_OF = {v: k for k, v in GAME_NAMES.items()}


@register("youre-bluffing", "horse-trading")
class YoureBluffing(TableGame):
    """You're Bluffing! or Horse Trading under one :class:`Rules` object."""

    Table = Table
    seat_moves = ("trade",)          # 'trade Bo goat 10' reads 'trade 1 goat 10' (Session.play)
    CHANCE_ONLY = ((A.Draw,), "draw-is-chance", "a player cannot choose the animal turned up; chance does")

    def __init__(self, rules: Rules):
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object, got {type(rules).__name__}")
        self.rules = rules

    @classmethod
    def create(cls, name: str = "youre-bluffing", variants=(), **options) -> "YoureBluffing":
        """The game ``name`` with named variants and rule options, e.g.
        ``create("horse-trading", variants=["short"], tie_break="shared")``."""
        return cls(preset(name, list(variants), **options))

    @property
    def name(self) -> str:
        return _NAME_OF.get(self.rules.name, "youre-bluffing")

    def __repr__(self) -> str:
        v = f", variants={list(self.rules.variants)}" if self.rules.variants else ""
        return f"YoureBluffing({self.name!r}{v})"

    # -- states -----------------------------------------------------------------
    def check_players(self, players: int) -> int:
        r = self.rules
        if isinstance(players, bool) or not isinstance(players, int) or not r.min_players <= players <= r.max_players:
            raise RulesError(f"{self.name} is for {r.min_players} to {r.max_players} players, got {players!r}")
        if r.first_leader >= players:
            raise RulesError(f"first_leader {r.first_leader} is not a seat of a {players}-player game (seats 0 to "
                             f"{players - 1})")
        return players

    def new_state(self, players: int) -> S.State:
        return Table.new(self.rules, self.check_players(players)).freeze()

    def table(self, state: S.State | None = None, players: int | None = None) -> engine.Table:
        """A mutable working copy, from ``state`` or a new game of ``players``."""
        if state is not None:
            return Table.thaw(state)
        return Table.new(self.rules, self.check_players(players))  # type: ignore[arg-type]  # check_players refuses None

    def state_from_position(self, **fields) -> S.State:
        """A state built from a position (used by scenarios); checked for consistency."""
        from bluffkit.games.youre_bluffing.position import POSITION_KEYS, build_position
        unknown = sorted(set(fields) - set(POSITION_KEYS) - {"players"})
        if unknown or "players" not in fields:
            raise RulesError(f"a start position takes {', '.join(POSITION_KEYS)}"
                             + (f"; unknown: {', '.join(unknown)}" if unknown else "; players is missing"))
        players = fields["players"]
        if isinstance(players, Integral) and not isinstance(players, bool):
            players = int(players)                   # (np.int64(4): a count read from an array)
        fields["players"] = self.check_players(players)
        return build_position(self.rules, **fields)

    # -- moving ------------------------------------------------------------------
    def parse(self, text: str):
        """An action (or chance draw) from its text form; families by name or rank. A text
        that cannot be read is refused in the ruleset's own words (Horse Trading's money cards)."""
        try:
            return A.parse(text)
        except NotationError as e:
            said = money_words(str(e), words(self.rules))
            if said == str(e):
                raise
            raise NotationError(said) from None

    def notation(self, action) -> str:
        """The text form a player of this ruleset reads (Horse Trading names ranks)."""
        return A.text(action, self.rules.labels)

    def chance_outcomes(self, state: S.State):
        """Each family still in the pile with its share of it (the next card turned up)."""
        return Table.thaw(state).chance_outcomes()

    # -- the end -------------------------------------------------------------------
    def scores(self, state: S.State) -> tuple[int, ...]:
        self.own(state)
        return scoring.scores(state.herds, self.rules)

    def winners(self, state: S.State) -> tuple[int, ...]:
        self.own(state)
        if state.phase != S.OVER:
            raise RulesError("the game is not over yet")
        return scoring.winners(state.herds, state.money, self.rules)

    def money_totals(self, state: S.State) -> tuple[int, ...]:
        """Each player's money: the value of their notes, with the challenger's offer laid
        face down while a trade is open (still theirs until the trade settles: a chart of
        money dipped at every offer and rose again at the answer)."""
        d = self.rules.denominations
        totals = [total(m, d) for m in state.money]
        if state.trade is not None:
            challenger, offer = state.trade[0], state.trade[4]
            totals[challenger] += total(offer, d)
        return tuple(totals)

    # -- logs ----------------------------------------------------------------------
    def header(self) -> dict:
        return {"game": self.name, "ruleset": self.rules.name, "variants": list(self.rules.variants),
                "options": self.rules.to_dict()}

    @classmethod
    def from_header(cls, header: dict) -> "YoureBluffing":
        check_header(header)
        options = header.get("options")
        rules = Rules.from_dict(options)
        game = cls(rules)
        if header.get("game") != game.name:
            raise RulesError(f"the rules are those of {game.name!r}, but the log says {header.get('game')!r}")
        return game

    # -- words -----------------------------------------------------------------------
    def narrate(self, before: S.State, seat: int | None, action, after: S.State, names) -> str:
        """One sentence a whole table may hear about this step."""
        from bluffkit.games.youre_bluffing.narrate import narrate
        return narrate(before, seat, action, after, names)

    def receipts(self, session, seat: int) -> list[str]:
        """What ``seat`` is told until its next move of notes it got face down and of its
        last trade, from its own view (:mod:`bluffkit.games.youre_bluffing.receipts`)."""
        from bluffkit.games.youre_bluffing.receipts import receipts
        return receipts(session, seat)

    def describe(self, observation, names, legal: bool = False) -> str:
        """A seat's view as text (for the terminal), from its observation only."""
        check_observation(observation)
        from bluffkit.games.youre_bluffing.view import describe
        check_names(names, len(observation.herds))
        return describe(observation, names, legal)

    def facts(self, state: S.State, names) -> dict:
        """Checkable numbers of a state, by seat name (see :mod:`.narrate`)."""
        from bluffkit.games.youre_bluffing.narrate import facts
        check_names(names, state.players)
        return facts(state, names)

    def fact_keys(self) -> dict[str, tuple[str, ...]]:
        """The keys a seat's entry of a fact may hold, where the fact leaves out what is
        zero: ``herds`` counts cards by the family's label. A scenario expecting another
        key (a typo, an animal of the other ruleset) is refused as a bad file."""
        return {"herds": tuple(self.rules.labels)}

    # -- conformance hooks (see bluffkit.testing) ---------------------------------------
    def invariants(self, state: S.State) -> list[str]:
        """Conservation laws that must hold in every state of a dealt game; returns the
        violations. A position set up with money other than the deal's (a worked example
        met mid-game, ``state_from_position(money=...)`` of Horse Trading, whose bank has
        no end) breaks the law of the money in play from its start, and is told so: the
        suite checks the states after such a start against their own start."""
        from bluffkit.games.youre_bluffing.invariants import violations
        return violations(state)

    def hide_from(self, state: S.State, seat: int, rng) -> S.State:
        """A state that ``seat`` cannot tell apart from ``state``: every note ``seat``
        cannot see is redealt at random, keeping each holder's number of notes."""
        from bluffkit.games.youre_bluffing.invariants import redeal_hidden
        return redeal_hidden(state, seat, rng)

    def summary(self, state: S.State) -> dict:
        """Each seat's money (the value of its notes), for a simulation's table; secret
        during play (YB "Setup": "keep their money hidden"), so read it after the game."""
        return {"money": self.money_totals(state)}

    def reveals(self, before: S.State, seat: int | None, action, after: S.State) -> bool:
        """Whether the step showed hidden information to anyone, so that undo may not cross
        it: an animal turned up from the face-down pile, the sale or buy-back (it shows
        whether the payer can pay), an auction payment handed over openly, and the end of a trade (the
        challenged player takes the face-down offer, or counters and the offers are
        swapped). Rules digest, section 1: "accept = take the offer ...; counter = swap
        offers"; a bidder who cannot pay "must show all money"."""
        if isinstance(action, (A.Draw, A.Sell, A.Buy, A.Pay, A.Accept, A.Counter)):
            return True
        return len(after.shown) > len(before.shown)
