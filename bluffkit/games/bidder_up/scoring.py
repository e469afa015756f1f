"""The end of the game and its scoring [I], the Wool-Milk-Sow [H] (section letters of
docs/bidder-up.md).

The scoring sheet: (sum of the barn's values + Value-Gain + 200 per baby in the barn)
x (complete types, + 1 for the sow) + 200 per baby in the petting zoo + money - loans
(200 a baby and Value-Gain's 300/100: the options ``baby_points`` and ``value_gain``).

>>> score_of(values=(350, 1000), value_gain=0, sow=False, money=350)     # Animal Market example
3050
>>> score_of(values=(500, 800), value_gain=0, sow=True, money=350)       # Fairground example
4250
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.money import total
from bluffkit.games.bidder_up.state import OVER, SOW, TableFields


def score_of(values, value_gain: int, sow: bool, money: int, loans: int = 0, barn_babies: int = 0,
             zoo_babies: int = 0, baby: int = 200) -> int:
    """One player's points from the scoring sheet's lines [I] (``baby``: the option
    ``baby_points``, 200 a baby [K])."""
    subtotal = sum(values) + value_gain + baby * barn_babies
    return subtotal * (len(values) + int(sow)) + baby * zoo_babies + money - loans


def value_gain(tickets, barn, gain: tuple = (300, 100)) -> int:
    """"+300 ... if you have the pictured animal type complete ... If you don't ... any
    other complete animal type ... by 100" [H] (``gain``: the option ``value_gain``);
    nothing without a complete type."""
    out = 0
    for t in tickets:
        kind, _, arg = t.partition(":")
        if kind != "value-gain" or not barn:
            continue
        out += gain[0] if ANIMALS.index(arg) in barn else gain[1]
    return out


def wool(tickets) -> tuple[int, int]:
    """A seat's Wool-Milk total and how many Wool-Milk tickets it holds [H]."""
    nums = [int(t.partition(":")[2]) for t in tickets if t.startswith("wool-milk:")]
    return sum(nums), len(nums)


class ScoringMixin(TableFields):
    """The end and the scores, for :class:`bluffkit.games.bidder_up.engine.Table`."""

    if not TYPE_CHECKING:           # slots at run time; the type checker reads TableFields
        __slots__ = ()

    def award_sow(self) -> None:
        """"Whoever has the highest total wins the Wool-Milk-Sow. In case of a tie, the
        player with the most Wool-Milk tickets wins. If it's still a tie, the players
        involved roll the die ... If no player has a Wool-Milk ticket, the sow isn't
        awarded" [H]: the die's roll is chance's ``sow SEAT``."""
        self.phase = OVER
        if not self.rules.fairground:
            return
        held = {s: wool(self.tickets[s]) for s in range(self.n)}
        held = {s: w for s, w in held.items() if w[1]}
        if not held:
            return
        best = max(held.values())
        tied = tuple(s for s, w in held.items() if w == best)
        if len(tied) == 1:
            self.sow = tied[0]
        else:
            self.sow_tied, self.phase = tied, SOW

    def score_parts(self, seat: int) -> dict:
        """The scoring sheet's lines for ``seat`` [I]."""
        barn = self.barns[seat]
        values = self.type_values()
        d = self.rules.denominations
        return {"animals": tuple(values[a] for a in barn),
                "value_gain": value_gain(self.tickets[seat], barn, self.rules.value_gain),
                "sow": self.sow == seat, "money": total(self.money[seat], d), "loans": sum(self.loans[seat]),
                "barn_babies": len(self.baby_barns[seat]), "zoo_babies": len(self.baby_zoos[seat])}

    def score(self, seat: int) -> int:
        p = self.score_parts(seat)
        return score_of(p["animals"], p["value_gain"], p["sow"], p["money"], p["loans"], p["barn_babies"], p["zoo_babies"],
                        self.rules.baby_points)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score(s) for s in range(self.n))

    def winners(self) -> tuple[int, ...]:
        """The most points; equal top scores: ``final_ties`` (L7)."""
        sc = self.scores()
        top = [s for s in range(self.n) if sc[s] == max(sc)]
        if self.rules.final_ties == "money" and len(top) > 1:
            d = self.rules.denominations
            most = max(total(self.money[s], d) for s in top)
            top = [s for s in top if total(self.money[s], d) == most]
        return tuple(top)
