"""The family multiplier made visible: scores and marginal values of families.

The rule (YB "End of the Game"; HT "End of the game" 1-2): a player's score is
the sum of the values of their complete families, multiplied by the number of
complete families. With ``n`` families of total value ``S`` held, completing one
more family of value ``v`` gives ``(S + v)(n + 1)`` instead of ``S n``, a gain of

    ``v (n + 1) + S``:

the new family counts ``n + 1`` times, and every family already held counts once
more. So a cheap family late in the game can be worth more than a dear one early:
with the goose (40) alone, the cow (800) adds 1640; with the horse, donkey and pig
(2150), the rooster (10) adds 2190.

Every score here is computed by the engine's own rule,
:func:`bluffkit.games.youre_bluffing.scoring.score`, on a herd holding the chosen
families complete; the formula above is only checked against it.

>>> from bluffkit.games.youre_bluffing.rules import preset
>>> yb = preset("youre_bluffing")
>>> score_of(yb, [7, 3, 0])          # 4 pigs, 4 dogs, 4 roosters: (650 + 160 + 10) x 3
2460
>>> marginal_value(yb, [7, 3], 0)    # the roosters: 2460 - (650 + 160) x 2
840
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from bluffkit.core.errors import RulesError, quote
from bluffkit.games.youre_bluffing.rules import Rules
from bluffkit.games.youre_bluffing.scoring import score

SCORE_COLUMNS = ["order", "k", "families", "value_sum", "score"]
MARGINAL_COLUMNS = ["family", "animal", "value", "held", "held_families", "held_sum", "from_new", "from_held",
                    "marginal", "score_before", "score_after"]


def rules_of(rules) -> Rules:
    """The You're Bluffing! or Horse Trading rules ``rules`` stands for: the rules
    themselves, a game from ``make_game`` (its ``rules``) or a game's name."""
    if isinstance(rules, str):
        from bluffkit.core.game import make_game
        rules = make_game(rules)
    if not hasattr(rules, "families") and hasattr(rules, "rules"):
        rules = rules.rules
    if not hasattr(rules, "families") or not hasattr(rules, "family_values"):
        raise RulesError(f"scoring by families is for You're Bluffing! and Horse Trading: give their rules, "
                         f"game or name, got {type(rules).__name__}")
    return rules


def _families(rules: Rules, families: Iterable[int | str], what: str) -> tuple[int, ...]:
    """``families`` as a tuple of family indexes, each at most once; else a
    :class:`RulesError` (a ValueError) naming ``what``. A family is given by its index (an
    int, numpy's too; not True/False) or by its name, as the panels show it: its label
    (``"pig"``; Horse Trading's ``"9"``) or its family's name (Horse Trading's ``"cow"``).
    A text is a name and a number an index: Horse Trading's ``"2"`` is the 2s (the goose,
    index 1), its ``2`` the 3s (the cat).

    >>> from bluffkit.games.youre_bluffing.rules import preset
    >>> _families(preset("youre_bluffing"), ["pig", 3], "held"), _families(preset("horse_trading"), ["9", "sheep"], "held")
    ((7, 3), (8, 4))
    """
    n = len(rules.families)
    if not isinstance(families, Iterable) or isinstance(families, (str, bytes, Mapping)):
        ex = (7, 3) if n > 7 else (n - 1, 0)
        raise RulesError(f"{what} must be a list of family indexes 0..{n - 1} or names, e.g. [{ex[0]}, {ex[1]}] or "
                         f"[{rules.labels[ex[0]]!r}, {rules.labels[ex[1]]!r}], got {quote(families)}")
    out, given = [], []
    for f in families:
        given.append(f)
        if isinstance(f, str) and (f in rules.labels or f in rules.families):
            f = rules.labels.index(f) if f in rules.labels else rules.families.index(f)
        elif isinstance(f, (bool, np.bool_)) or not isinstance(f, (int, np.integer)) or not 0 <= f < n:
            known = ", ".join(rules.labels) if tuple(rules.labels) == tuple(rules.families) else \
                ", ".join(f"{lab} ({fam})" for lab, fam in zip(rules.labels, rules.families))
            raise RulesError(f"{what}: {quote(f)} is neither a family index 0..{n - 1} nor a family's name "
                             f"({known})")
        out.append(int(f))
    if len(set(out)) != len(out):
        twice = next(f for f in out if out.count(f) > 1)
        label, family = rules.labels[twice], rules.families[twice]
        spelt = [int(g) if isinstance(g, (int, np.integer)) else str(g) for g, f in zip(given, out) if f == twice]
        said = [quote(g) + ("" if k == 1 else " twice" if k == 2 else f" {k:,} times")
                for g, k in ((g, spelt.count(g)) for g in dict.fromkeys(spelt))]
        raise RulesError(f"{what}: a family can be complete only once, but the family {label} "
                         f"({family + ', ' if family != label else ''}index {twice}) is given as {' and '.join(said)}")
    return tuple(out)


def herd_of(rules, families: Iterable[int | str]) -> tuple[int, ...]:
    """A herd holding exactly these families, each complete (``family_size`` cards)."""
    rules = rules_of(rules)
    full = set(_families(rules, families, "families"))
    return tuple(rules.family_size if f in full else 0 for f in range(len(rules.families)))


def score_of(rules, families: Iterable[int | str]) -> int:
    """The score of a player holding these families complete (and nothing else), each
    given by its index or its name (``score_of(preset("youre_bluffing"), ["horse", "cow"])``).

    Horse Trading's example (HT "End of the game"): Anna's 9s and 5s score
    (800 + 250) x 2:

    >>> from bluffkit.games.youre_bluffing.rules import preset
    >>> score_of(preset("horse_trading"), [8, 4])
    2100
    """
    rules = rules_of(rules)
    return score(herd_of(rules, families), rules)


def default_orders(rules) -> dict[str, tuple[int, ...]]:
    """Two ways to collect families: ``"cheapest"`` first and ``"dearest"`` first."""
    rules = rules_of(rules)
    by_value = sorted(range(len(rules.families)), key=lambda f: (rules.family_values[f], f))
    return {"cheapest": tuple(by_value), "dearest": tuple(reversed(by_value))}


def score_table(rules, orders: Mapping[str, Sequence[int]] | None = None) -> pd.DataFrame:
    """Score against the number of complete families, for families taken in an order.

    ``orders`` maps names to orders, each a list of distinct families, by index or name (a dict such as
    ``{"mine": [7, 3, 0]}``). For each named order (default :func:`default_orders`: the k
    cheapest and the k dearest families) and each k from 0 to the length of the order, one row with
    the first k families of that order complete. Columns: ``order``, ``k``,
    ``families`` (labels joined by ``+``), ``value_sum`` (the score without the
    multiplier), ``score`` (``value_sum * k``).

    >>> from bluffkit.games.youre_bluffing.rules import preset
    >>> t = score_table(preset("youre_bluffing"))
    >>> t[t.k == 10].score.tolist()      # all ten families: 3850 x 10, either way
    [38500, 38500]
    >>> t[(t.order == "dearest") & (t.k == 3)].families.item()
    'horse+cow+pig'
    """
    rules = rules_of(rules)
    if orders is None:
        orders = default_orders(rules)
    elif not isinstance(orders, Mapping):
        raise RulesError(f"orders must be a mapping of names to lists of family indexes, e.g. "
                         f"{{'mine': [7, 3, 0]}}, got {quote(orders)}")
    rows = []
    for name, order in orders.items():
        order = _families(rules, order, f"order {name!r}")
        for k in range(len(order) + 1):
            chosen = order[:k]
            rows.append((name, k, "+".join(rules.labels[f] for f in chosen),
                         sum(rules.family_values[f] for f in chosen), score_of(rules, chosen)))
    return pd.DataFrame(rows, columns=SCORE_COLUMNS)


def marginal_value(rules, held: Iterable[int | str], candidate: int | str) -> int:
    """Points gained by completing ``candidate`` when the families ``held`` are complete:
    ``score(held + [candidate]) - score(held)``, which equals ``v (n + 1) + S`` (see the
    module docstring).

    >>> from bluffkit.games.youre_bluffing.rules import preset
    >>> yb = preset("youre_bluffing")
    >>> marginal_value(yb, [], 9), marginal_value(yb, [1], 8), marginal_value(yb, [9, 6, 7], 0)
    (1000, 1640, 2190)
    """
    rules = rules_of(rules)
    held = _families(rules, held, "held")
    (candidate,) = _families(rules, [candidate], "candidate")
    if candidate in held:
        raise ValueError(f"the {rules.labels[candidate]} family is already held complete")
    return score_of(rules, held + (candidate,)) - score_of(rules, held)


def marginal_frame(rules, held: Iterable[int | str] = ()) -> pd.DataFrame:
    """One row per family not yet held: what completing it would add. ``held`` is a list of
    distinct families, each by its index (ints, numpy ones too) or its name (``"pig"``).

    Columns: ``family`` (index), ``animal`` (label), ``value``, ``held`` (number of
    families held, n), ``held_families`` (their labels joined by ``+``), ``held_sum``
    (their total value, S), ``from_new`` (``v (n + 1)``: the new family under the
    raised multiplier), ``from_held`` (``S``: the families already held counted once
    more), ``marginal`` (their sum, from :func:`marginal_value`), ``score_before``,
    ``score_after``.

    >>> from bluffkit.games.youre_bluffing.rules import preset
    >>> df = marginal_frame(preset("youre_bluffing"), [7, 3])   # pigs and dogs held
    >>> df.set_index("animal").loc["rooster", ["from_new", "from_held", "marginal"]].tolist()
    [30, 810, 840]
    """
    rules = rules_of(rules)
    held = _families(rules, held, "held")
    before = score_of(rules, held)
    s, n = sum(rules.family_values[f] for f in held), len(held)
    names = "+".join(rules.labels[f] for f in held)
    rows = []
    for f in range(len(rules.families)):
        if f in held:
            continue
        v = rules.family_values[f]
        gain = marginal_value(rules, held, f)
        rows.append((f, rules.labels[f], v, n, names, s, v * (n + 1), s, gain, before, before + gain))
    return pd.DataFrame(rows, columns=MARGINAL_COLUMNS)
