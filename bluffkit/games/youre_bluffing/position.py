"""Start positions: a game set up mid-way, for scenarios and lessons.

A position is plain JSON (it is stored in scenario files and log headers)::

    {"leader": 2,                                # whose turn it is
     "money": ["50+50+0+0", null, null],         # per seat; null: the start money
     "herds": [{}, {"cow": 1}, {}],              # per seat: family (name or rank) -> cards
     "pile": null,                               # family -> cards left; null: all the rest
     "paydays": null}                            # donkeys already turned up; null: counted from the pile

The position is checked: every family has exactly ``family_size`` cards between
the pile and the herds, a finite bank can supply the notes held and every payday still
to come, and the paydays agree with the donkeys out of the pile.
"""

from __future__ import annotations

from bluffkit.core.errors import NotationError, RulesError
from bluffkit.core.money import parse as parse_notes
from bluffkit.games.youre_bluffing import state as S
from bluffkit.games.youre_bluffing.actions import parse_family
from bluffkit.games.youre_bluffing.rules import Rules


def _counts(spec, rules: Rules, what: str) -> tuple[int, ...]:
    counts = [0] * len(rules.families)
    if spec is None:
        return tuple(counts)
    if not isinstance(spec, dict):
        raise RulesError(f"{what} must be an object such as {{\"cow\": 2}}, got {spec!r}")
    for key, c in spec.items():
        try:
            f = parse_family(str(key))
        except NotationError as e:
            raise RulesError(f"{what}: {e}") from None
        if isinstance(c, bool) or not isinstance(c, int) or c < 0:
            raise RulesError(f"{what}: the count of {key} must be a whole number >= 0, got {c!r}")
        counts[f] += c
    return tuple(counts)


POSITION_KEYS = ("leader", "money", "herds", "pile", "paydays")


def build_position(rules: Rules, players: int, leader: int = 0, money=None, herds=None,
                   pile=None, paydays=None) -> S.State:
    """A checked State with the leader to move (or the game over, if every family is complete)."""
    from bluffkit.games.youre_bluffing.engine import Table

    n = players
    if paydays is not None and (isinstance(paydays, bool) or not isinstance(paydays, int)):
        raise RulesError(f"paydays must be a whole number, got {paydays!r}")
    for what, v in (("money", money), ("herds", herds)):
        if v is not None and not isinstance(v, (list, tuple)):
            raise RulesError(f"{what} must be a list with one entry per seat, got {v!r}")
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < n:
        raise RulesError(f"leader must be a seat 0..{n - 1}, got {leader!r}")
    money = list(money) if money is not None else [None] * n
    herds = list(herds) if herds is not None else [None] * n
    if len(money) != n or len(herds) != n:
        raise RulesError(f"money and herds must give one entry per seat ({n})")
    for i, m in enumerate(money):
        if m is not None and not isinstance(m, str):
            raise RulesError(f"money[{i}] must be notes as text such as \"50+10+0\", got {m!r}")
    given: list[tuple[int, ...]] = []
    for i, m in enumerate(money):
        try:
            given.append(rules.start_money if m is None else parse_notes(m, rules.denominations))
        except NotationError as e:
            raise RulesError(f"money[{i}]: {e}") from None
    notes = tuple(given)
    hs = tuple(_counts(h, rules, f"herds[{i}]") for i, h in enumerate(herds))
    size = rules.family_size
    held = [sum(h[f] for h in hs) for f in range(len(rules.families))]
    for f, name in enumerate(rules.labels):
        if held[f] > size:
            raise RulesError(f"family {name}: the herds hold {held[f]} cards, but a family has {size}")
    if pile is None:
        pl = tuple(size - c for c in held)
    else:
        pl = _counts(pile, rules, "pile")
    for f, name in enumerate(rules.labels):
        if held[f] + pl[f] != size:
            raise RulesError(f"family {name}: {held[f]} in herds and {pl[f]} in the pile, "
                             f"but a family has {size} cards")
    out = size - pl[rules.payday_family]
    if paydays is None:
        paydays = out
    if paydays != out:
        raise RulesError(f"paydays ({paydays}) must equal the {rules.families[rules.payday_family]}s "
                         f"no longer in the pile ({out})")
    bank = None
    if rules.bank is not None:
        bank = tuple(rules.bank[i] - sum(m[i] for m in notes) for i in range(len(rules.denominations)))
        short = [rules.denominations[i] for i, b in enumerate(bank) if b < 0]
        if short:
            raise RulesError(f"the players hold more notes of {short} than the game has")
        for value in rules.paydays[paydays:]:          # the paydays still to come
            i = rules.denominations.index(value)
            need = rules.paydays[paydays:].count(value) * n
            if bank[i] < need:
                raise RulesError(f"the bank keeps {bank[i]} notes of {value}, but the paydays still to "
                                 f"come need {need}")
    t = Table.new(rules, n)
    t.leader, t.pile, t.herds, t.money, t.bank, t.paydays = leader, pl, hs, notes, bank, paydays
    t._thawed()
    t._begin_turn()
    return t.freeze()
