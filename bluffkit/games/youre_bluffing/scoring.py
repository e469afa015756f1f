"""Scoring: the family multiplier and the tie-break.

YB "End of the Game": each complete family scores its value; the sum is multiplied
by the number of complete families. Money counts for nothing, except to break a
tie (HT "End of the game"; the ``tie_break`` rule option).

>>> from bluffkit.games.youre_bluffing.rules import preset
>>> r = preset("youre_bluffing")
>>> herd = (4, 0, 0, 4, 0, 0, 0, 4, 0, 0)   # 4 roosters, 4 dogs, 4 pigs
>>> score(herd, r)                          # (10 + 160 + 650) x 3
2460
"""

from __future__ import annotations

from bluffkit.core.money import total
from bluffkit.games.youre_bluffing.rules import Rules


def complete_families(herd: tuple[int, ...], rules: Rules) -> tuple[int, ...]:
    """Indices of the families this herd holds complete."""
    return tuple(f for f, c in enumerate(herd) if c == rules.family_size)


def score(herd: tuple[int, ...], rules: Rules) -> int:
    """(sum of the complete families' values) x (number of complete families)."""
    full = complete_families(herd, rules)
    return sum(rules.family_values[f] for f in full) * len(full)


def scores(herds, rules: Rules) -> tuple[int, ...]:
    return tuple(score(h, rules) for h in herds)


def winners(herds, money, rules: Rules) -> tuple[int, ...]:
    """The winning seat(s): most points; on a tie, most money (``tie_break="money"``),
    and if that is equal too, or with ``tie_break="shared"``, all of them share the win."""
    pts = scores(herds, rules)
    best = max(pts)
    tied = [s for s, p in enumerate(pts) if p == best]
    if len(tied) > 1 and rules.tie_break == "money":
        cash = {s: total(money[s], rules.denominations) for s in tied}
        most = max(cash.values())
        tied = [s for s in tied if cash[s] == most]
    return tuple(tied)
