"""The public, immutable API of Bløff (see :mod:`bluffkit.core.game`).

>>> from bluffkit.games.bloff import Bloff
>>> import numpy as np
>>> g = Bloff()
>>> s = g.new_state(4)
>>> s = g.step(s, None, g.sample_chance(s, np.random.default_rng(1)))
>>> [len(h) for h in s.hands], s.phase, s.current
([13, 13, 13, 13], 'play', 0)
"""

from __future__ import annotations

import dataclasses

import numpy as np

from bluffkit.core.errors import (
    NotationError,
    RulesError,
    check_header,
    check_names,
    check_observation,
    check_rng,
    is_seat,
    quote,
)
from bluffkit.core.game import register
from bluffkit.core.table import TableGame, chance_table
from bluffkit.games.bloff import engine
from bluffkit.games.bloff.actions import PASS_, Deal, Play, parse
from bluffkit.games.bloff.cards import RANK_NAMES, RANK_WORDS, card_text, cards_text, claim_text, parse_cards
from bluffkit.games.bloff.engine import Table, is_lie
from bluffkit.games.bloff.rules import Rules
from bluffkit.games.bloff.state import CALL, DEAL, OVER, PLAY, State


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"

@register("bloff")
class Bloff(TableGame):
    """Bløff (Cheat) under one :class:`Rules`."""

    name = "bloff"
    Table = Table  # type: ignore[assignment]  # TableGame.Table is None until a game sets it
    CHANCE_ONLY = ((Deal,), "deal-is-chance", "players do not deal; chance does")
    title = "Bløff (Cheat)"

    def __init__(self, rules: Rules | None = None):
        self.rules = rules if rules is not None else Rules()

    @classmethod
    def create(cls, name: str = "bloff", variants=(), **options) -> "Bloff":
        if variants:
            raise RulesError("Bløff has no named variants; set rule options instead")
        return cls(Rules().replace(**options))

    def check_players(self, players: int) -> int:
        r = self.rules
        if isinstance(players, bool) or not isinstance(players, int) or not r.min_players <= players <= r.max_players:
            raise RulesError(f"Bløff is for {r.min_players} to {r.max_players} players, got {players!r}")
        return players

    def new_state(self, players: int) -> State:
        return Table.new(self.rules, self.check_players(players)).freeze()

    def table(self, state: State | None = None, players: int | None = None) -> engine.Table:
        return Table.thaw(state) if state is not None else Table.new(self.rules, self.check_players(players))  # type: ignore[arg-type]  # check_players refuses None

    def parse(self, text: str):
        return parse(text)

    def sample_chance(self, state, rng: np.random.Generator):
        check_rng(rng)
        return chance_table(Table.thaw(state)).sample_chance(0.0, rng)

    def scores(self, state) -> tuple[int, ...]:
        """1 for the winner, 0 for the others ("Spillet har ingen poengregning")."""
        self.own(state)
        return tuple(int(i == state.winner) for i in range(len(state.hands)))

    def winners(self, state) -> tuple[int, ...]:
        self.own(state)
        if state.phase != OVER:
            raise RulesError("the game is not over yet")
        return (state.winner,)

    def money_totals(self, state) -> tuple[int, ...]:
        """Cards left in each hand (Bløff has no money; simulations record this column)."""
        return tuple(map(len, state.hands))

    # logs, words, checks -------------------------------------------------------------
    def header(self) -> dict:
        return {"game": self.name, "ruleset": "bloff", "variants": [], "options": self.rules.to_dict()}

    @classmethod
    def from_header(cls, header: dict) -> "Bloff":
        check_header(header)
        return cls(Rules.from_dict(header.get("options")))

    def state_from_position(self, players: int, hands=None, leader: int = 0, rank: int | None = None) -> State:
        """A dealt position: ``hands`` as card text per seat (every card dealt exactly once,
        each seat at least one: the first out has won, so a game with an empty hand is over)."""
        t = Table.new(self.rules, self.check_players(players))
        if not isinstance(hands, (list, tuple)) or len(hands) != players:
            raise RulesError(f"hands: a Bløff position gives one hand (cards as text) per seat ({players})")
        found = []
        for i, h in enumerate(hands):
            if h is None:
                raise RulesError(f"hands[{i}]: no hand given (a Bløff position gives every seat's hand)")
            if not isinstance(h, str):
                raise RulesError(f"hands[{i}] must be cards as text such as \"AS,10H\", got {quote(h)}"[:200])
            try:
                found.append(tuple(sorted(parse_cards(h))))
            except NotationError as e:
                raise RulesError(f"hands[{i}]: {e}") from None
            if not found[-1]:           # "Førstemann ut har vunnet": a seat without cards is out
                raise RulesError(f"hands[{i}] holds no card: a seat without cards has gone out and won the game, "
                                 "so a position to play from gives every seat at least one card")
        parsed = tuple(found)
        if rank is not None and (isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank < 13):
            raise RulesError(f"rank must be a rank from 0 (aces) to 12 (kings), got {rank!r}"[:200])
        if not is_seat(leader, players):
            raise RulesError(f"leader must be a seat from 0 to {players - 1}, got {leader!r}"[:200])
        size = 52 * t.decks
        if sorted(c for h in parsed for c in h) != list(range(size)):
            raise RulesError(f"the hands must hold each of the {size} cards exactly once")
        t.hands, t.phase, t.current = parsed, PLAY, leader
        t.rank = self.rules.first_rank if rank is None else rank
        t._recount()
        return t.freeze()

    def narrate(self, before, seat, action, after, names) -> str:
        if isinstance(action, Deal):
            return f"The cards are dealt: {', '.join(f'{n} {len(h)}' for n, h in zip(names, after.hands))}."
        who = names[seat]
        if isinstance(action, Play):
            text = f"{who} says \u201c{claim_text(len(action.cards), before.rank)}\u201d."
        elif action == PASS_:
            text = f"{who} lets it go."
        else:
            player, rank, cards, caller, taker = after.revealed[-1]
            shown = ", ".join(card_text(c) for c in cards)
            lie = taker == player
            text = (f"{who}: \u201cBløff!\u201d {names[player]}'s cards are turned: {shown}. "
                    + (f"A lie: {names[player]} takes the pile ({_cards(len(before.pile))})." if lie
                       else f"All true: {who} takes the pile ({_cards(len(before.pile))})."))
        if after.phase == OVER:
            text += f" {names[after.winner]} has no cards left and wins."
        elif after.phase == PLAY and before.phase == CALL:
            text += f" {names[after.current]} goes on with {RANK_WORDS[after.rank][1]}."
        return text

    def describe(self, observation, names, legal: bool = False) -> str:
        """A seat's view as text (for the terminal), from its observation only."""
        check_observation(observation)
        from bluffkit.games.bloff.view import describe
        check_names(names, len(observation.hand_sizes))
        return describe(observation, names, legal)

    def facts(self, state, names) -> dict:
        check_names(names, len(state.hands))
        out = {"phase": state.phase, "hand_sizes": {n: len(h) for n, h in zip(names, state.hands)},
               "hands": {n: cards_text(h) for n, h in zip(names, state.hands)}, "pile": len(state.pile),
               "rank": RANK_NAMES[state.rank], "current": names[state.current]}
        if state.phase == OVER:
            out["winners"] = [names[state.winner]]
        return out

    def invariants(self, state) -> list[str]:
        size = 52 * state.decks
        cards = sorted([c for h in state.hands for c in h] + list(state.pile))
        out = []
        if state.phase != DEAL and cards != list(range(size)):
            out.append(f"{len(cards)} cards in hands and pile, not the {size} of the deck(s), or a card twice")
        for _p, _rank, cs in state.plays:
            if not cs:
                out.append("an empty play in the pile")
        return out

    def hide_from(self, state, seat: int, rng) -> State:
        """A state ``seat`` cannot tell apart from ``state``: the cards it cannot place (in
        other hands, or laid face down by others) are redealt, and what the others laid
        follows the same relabelling; cards it has seen turned over by a call, and cards
        it laid itself, stay where they are (wherever they went since: a cautious reading
        that hides a little less than the seat could not know)."""
        known = set(state.hands[seat]) | set(state.laid[seat])
        for _, _, cards, _, _ in state.revealed:
            known.update(cards)
        places = [("hand", i) for i in range(len(state.hands)) if i != seat]
        places += [("play", k) for k, (p, _, _) in enumerate(state.plays) if p != seat]

        def cards_at(place):
            kind, i = place
            return state.hands[i] if kind == "hand" else state.plays[i][2]

        unknown = [c for place in places for c in cards_at(place) if c not in known]
        relabel = dict(zip(unknown, [unknown[i] for i in rng.permutation(len(unknown))]))

        def moved(cards):
            return tuple(sorted(relabel.get(c, c) for c in cards))

        hands = tuple(h if i == seat else moved(h) for i, h in enumerate(state.hands))
        plays = tuple(pl if pl[0] == seat else (pl[0], pl[1], moved(pl[2])) for pl in state.plays)
        laid = tuple(cs if i == seat else moved(cs) for i, cs in enumerate(state.laid))
        return dataclasses.replace(state, hands=hands, plays=plays, laid=laid)

    def lie(self, play) -> bool:
        """Whether a play ``(player, rank, cards)`` was a lie."""
        return is_lie(play[1], play[2])

    def summary(self, state) -> dict:
        """Cards left in each hand, for a simulation's table (the winner has none:
        "Førstemann ut har vunnet")."""
        return {"cards": tuple(map(len, state.hands))}

    def reveals(self, before, seat: int | None, action, after) -> bool:
        """Whether the step showed hidden information to anyone, so that undo may not cross
        it: the deal (each player sees their hand) and a call ("Bløff!"), which turns the
        last cards laid face up and sends the pile into a hand (rules digest, section 3:
        "The last play's cards are turned")."""
        return isinstance(action, Deal) or len(after.revealed) > len(before.revealed)
