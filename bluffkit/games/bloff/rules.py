"""Rules of Bløff (Cheat / Bullshit / I Doubt It), from the Norwegian rulebook (seeds/002).

>>> r = Rules()
>>> r.decks_for(4), r.decks_for(7)
(1, 2)
>>> Rules(two_decks_from=None).decks_for(9)
1
>>> Rules(two_decks_from=None, max_players=60)
Traceback (most recent call last):
...
bluffkit.core.errors.RulesError: max_players must be at most 20 (the rulebook says 3 to 10; beyond 20, with a few cards each, nearly every claim is a lie that is called and the liar takes back one card, so a game can go on for tens of thousands of moves), got 60
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffkit.core.errors import RulesError
from bluffkit.core.rules import RuleOptions

#: The most players ``max_players`` may allow: up to here the bots' games end within a few
#: thousand moves, one deck or two (tested); beyond it a game can go on for ever. One deck
#: deals every one of them at least a card ("Giver ... deler ut hele stokken").
MAX_PLAYERS = 20


@dataclass(frozen=True)
class Rules(RuleOptions):
    """Fields (rulebook sections in Norwegian, translated):

    - ``min_players``, ``max_players``: 3 to 10 ("3 til 10 spillere"); ``max_players``
      may be raised to :data:`MAX_PLAYERS` for a large class.
    - ``two_decks_from``: with this many players or more, two decks are shuffled
      together ("Er dere sju eller flere ... to kortstokker"); ``None``: always one.
      The rulebook makes it a choice ("kan dere"): the default takes it from 7.
    - ``first_rank``: the first claim is aces (0) and the rank climbs by one each turn,
      after kings back to aces ("Første utspill skal være ess").
    - ``max_cards``: the most cards one play may lay; the rulebook sets no limit
      (``None``), only that the number said is the number laid and at least one.
    """

    name: str = "bloff"
    min_players: int = 3
    max_players: int = 10
    two_decks_from: int | None = 7
    first_rank: int = 0
    max_cards: int | None = None

    def __post_init__(self) -> None:
        def need(ok, msg):
            if not ok:
                raise RulesError(msg)
        for f in ("min_players", "max_players"):
            v = getattr(self, f)
            need(_count(v) and v >= 2, f"{f} must be an int >= 2, got {v!r}")
        need(self.min_players <= self.max_players, "min_players must not exceed max_players")
        need(self.two_decks_from is None or (_count(self.two_decks_from) and self.two_decks_from >= 2),
             f"two_decks_from must be a player count or None, got {self.two_decks_from!r}")
        need(_count(self.first_rank) and 0 <= self.first_rank <= 12,
             f"first_rank must be 0 (ace) .. 12 (king), got {self.first_rank!r}")
        need(self.max_cards is None or (_count(self.max_cards) and self.max_cards >= 1),
             f"max_cards must be None or an int >= 1, got {self.max_cards!r}")
        need(self.max_players <= MAX_PLAYERS, f"max_players must be at most {MAX_PLAYERS} (the rulebook says 3 to "
             f"10; beyond {MAX_PLAYERS}, with a few cards each, nearly every claim is a lie that is called "
             f"and the liar takes back one card, so a game can go on for tens of thousands of moves), "
             f"got {self.max_players!r}")

    def decks_for(self, players: int) -> int:
        return 2 if self.two_decks_from is not None and players >= self.two_decks_from else 1


def _count(v) -> bool:
    """An int that is not a bool."""
    return isinstance(v, int) and not isinstance(v, bool)
