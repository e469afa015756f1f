"""Conservation laws and hidden information, for the conformance suite.

- Animals: the pile, the lot on auction and the herds always hold every animal
  (40, or 20 in the Short game), and each family exactly ``family_size`` cards.
- Money, finite bank (YB "Contents": 55 notes): every note is somewhere, in a hand,
  in the bank or in a face-down offer.
- Money, unlimited bank (HT): the notes in play are the start money plus one
  payday note per player per donkey turned up.
- Nothing is negative.
- A hand shown in this auction is the hand held until the auction is settled.
"""

from __future__ import annotations

import dataclasses

from bluffkit.core.money import total
from bluffkit.games.youre_bluffing import state as S  # noqa: F401  (documents the type)


def violations(s: S.State) -> list[str]:
    r = s.rules
    n = len(s.herds)
    out = []
    nf = len(r.families)
    for f in range(nf):
        cards = s.pile[f] + s.lot.count(f) + sum(h[f] for h in s.herds)
        if cards != r.family_size:
            out.append(f"family {r.labels[f]} has {cards} cards, not {r.family_size}")
    if any(c < 0 for h in s.herds for c in h) or any(c < 0 for c in s.pile):
        out.append("a negative number of animals")
    if any(c < 0 for m in s.money for c in m) or (s.bank is not None and min(s.bank) < 0):
        out.append("a negative number of notes")
    last_shown = dict(s.shown)          # each seat's latest showing in this auction
    for i, showed in last_shown.items():
        if tuple(s.money[i]) != tuple(showed):
            out.append(f"seat {i} showed {showed} in this auction but holds {s.money[i]} before it is settled")
    notes = [sum(m[i] for m in s.money) for i in range(len(r.denominations))]
    if s.trade is not None:
        notes = [a + b for a, b in zip(notes, s.trade[4])]
    if s.bank is not None:
        everywhere = [a + b for a, b in zip(notes, s.bank)]
        if tuple(everywhere) != r.bank:
            out.append(f"notes in play and in the bank {everywhere} differ from the game's {list(r.bank)}")  # type: ignore[arg-type]  # the rules have a bank when the state does
    else:
        expected = n * total(r.start_money, r.denominations) + n * sum(r.paydays[:s.paydays])
        if total(notes, r.denominations) != expected:  # type: ignore[arg-type]  # total sums any sequence of counts
            out.append(f"money in play {total(notes, r.denominations)} is not start plus paydays ({expected}; "  # type: ignore[arg-type]  # total sums any sequence of counts
                       "a position set up with other money breaks this law from its start)")
    drawn = r.family_size - s.pile[r.payday_family]
    if s.paydays != drawn:
        out.append(f"{s.paydays} paydays but {drawn} {r.families[r.payday_family]}s turned up")
    return out


def redeal_hidden(s: S.State, seat: int, rng) -> S.State:
    """Pool the notes ``seat`` cannot see (other hands, a face-down offer it did not
    make) and deal them back at random with the same number of notes per holder. A hand
    shown in this auction ("must show all their money to the other players", YB "Not
    Enough Money?"; HT "Auction") is seen: it stays as it is, for no note moves until the
    auction is settled."""
    shown = {i for i, _ in s.shown}
    holders = [i for i in range(len(s.money)) if i != seat and i not in shown]
    offer_hidden = s.trade is not None and s.trade[0] != seat
    pool: list[int] = []
    for i in holders:
        for d, c in enumerate(s.money[i]):
            pool.extend([d] * c)
    if offer_hidden:
        for d, c in enumerate(s.trade[4]):  # type: ignore[index]  # offer_hidden: a trade is open
            pool.extend([d] * c)
    order = list(rng.permutation(len(pool)))
    pool = [pool[k] for k in order]
    k = 0
    width = len(s.rules.denominations)

    def take(count: int) -> tuple[int, ...]:
        nonlocal k
        out = [0] * width
        for d in pool[k:k + count]:
            out[d] += 1
        k += count
        return tuple(out)

    money = list(s.money)
    for i in holders:
        money[i] = take(sum(s.money[i]))
    trade = s.trade
    if offer_hidden:
        trade = trade[:4] + (take(sum(trade[4])),) + trade[5:]  # type: ignore[index, operator]  # offer_hidden: a trade is open
    return dataclasses.replace(s, money=tuple(money), trade=trade)
