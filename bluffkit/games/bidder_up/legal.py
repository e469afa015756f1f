"""What one seat may do now in Bidder Up! (:class:`Legal`), why a move is refused, and
one random legal move. In an auction the embedded auction's own ``Legal`` answers.

Costs counted in notes (movement [C], the market [G], the raffle [H]) are paid with the
lowest notes that may pay them (:func:`cost_notes`): 0-notes first, none at all when
``zero_pays_count`` is off (L7). The random move never chooses a move, a market change or
a raffle it could not pay for that way; the legal moves themselves stay as the rules say
(a move the seat holds enough notes for is listed even when only 0-notes would pay it).

A ``Legal`` reads the table it was made for: use it before the next move on that table.
Its ``key`` holds only what the seat may know (its options), so two equal states for
that seat give equal ``Legal`` objects.
"""

from __future__ import annotations

from bluffkit.auctions.rules import ANIMALS
from bluffkit.auctions.sample import cheapest
from bluffkit.core.errors import IllegalAction, RulesError, check_limit, check_rng, count, quote
from bluffkit.core.money import contains, denoms_problem, fmt, said
from bluffkit.core.tables import TableRefs, no_pickle
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.fair import step_cost
from bluffkit.games.bidder_up.state import END, GIVE, KEEP, MARKET, MOVE, PIGGY, RAFFLE, RESPOND, TRADE


def zero_pays(rules) -> bool:
    """Whether 0-notes pay costs counted in notes (``zero_pays_count``, L7; a note set
    without 0-notes has none to refuse)."""
    return rules.zero_pays_count or rules.denominations[0] != 0


def payable(rules, hand) -> int:
    """How many notes of ``hand`` may pay a cost counted in notes [C, G, H, L7]."""
    return sum(hand) if zero_pays(rules) else sum(hand) - hand[0]


def must_change(t, seat: int) -> bool:
    """Whether ``seat``, on the market, must change at least one type: under
    ``market_none="refused"`` [L7], when a type can change (one is not locked) and the seat
    holds a note that may pay the 1 note of a step [G]."""
    return (t.rules.market_none == "refused" and len(t.locked) < len(ANIMALS)
            and payable(t.rules, t.money[seat]) >= 1)


def cost_notes(rules, hand, k: int) -> tuple[int, ...] | None:
    """The ``k`` lowest-valued notes of ``hand`` that may pay a cost counted in notes
    (movement [C], market [G], raffle [H]): 0-notes first, or none of them when
    ``zero_pays_count`` is off (L7); ``None`` when ``hand`` has fewer such notes.

    >>> from bluffkit.games.bidder_up.rules import Rules
    >>> cost_notes(Rules(), (2, 4, 2, 0, 0, 0), 3), cost_notes(Rules(zero_pays_count=False), (2, 4, 2, 0, 0, 0), 3)
    ((2, 1, 0, 0, 0, 0), (0, 3, 0, 0, 0, 0))
    >>> cost_notes(Rules(zero_pays_count=False), (2, 1, 0, 0, 0, 0), 2) is None
    True
    """
    if not zero_pays(rules):
        hand = (0,) + tuple(hand[1:])
    return cheapest(hand, k) if sum(hand) >= k else None


def options(t, seat: int) -> tuple:
    """The options of ``seat``, the player to move, in the table ``t``'s phase."""
    ph = t.phase
    if ph == MOVE:
        return tuple(sorted(t.reachable().items(), key=lambda kv: str(kv[0])))
    if ph == TRADE:
        return (t.trade_pairs(seat), t.trade[0])
    if ph == RESPOND:
        return (t.trade[0], t.trade[2], t.trade[4])
    if ph == MARKET:        # the locked types, and whether some type must change (market_none, L7)
        return (t.locked, must_change(t, seat))
    if ph == RAFFLE:        # how many may be bought, and how many the bag holds (raffle_overdraw, L7)
        most = t.rules.raffle_max if t.rules.raffle_overdraw == "draw_rest" and t.bag else len(t.bag)
        return (min(t.rules.raffle_max, most), len(t.bag))
    if ph == KEEP:
        return tuple(dict.fromkeys(t.drawn))
    if ph == END:
        return t.usable_tickets(seat)
    if ph == PIGGY:
        d = t.rules.denominations
        loans = tuple(A.Loan(v) for k, (v, _, _) in enumerate(t.rules.loans) if t.ious[k] and t.bank[d.index(v)])
        return (A.RAID, A.GAMBLE) + loans
    if ph == GIVE:
        return tuple(sorted({t.rules.denominations[i] for i in t.drawn}))
    return ()


#: Each Legal's table, held apart from it (see :mod:`bluffkit.core.tables`).
_TABLES = TableRefs()


class Legal:
    """What ``seat`` may do: ``inner`` (an auction's ``Legal``), or the board's options
    ``key`` in ``phase`` (empty: nothing now)."""

    __slots__ = ("seat", "phase", "key", "inner", "__weakref__")

    def __init__(self, seat: int, phase: str, table=None, key: tuple | None = None, inner=None):
        self.seat, self.phase, self.key, self.inner = seat, phase, key, inner
        _TABLES.put(self, table)    # the table, kept off the seat's view (bluffkit.core.tables)

    def __bool__(self) -> bool:
        return bool(self.inner) if self.inner is not None else self.key is not None

    def __eq__(self, other) -> bool:
        return isinstance(other, Legal) and (self.seat, self.phase, self.key, self.inner) == \
            (other.seat, other.phase, other.key, other.inner)

    __hash__ = None  # type: ignore[assignment]  # unhashable: equal by value, yet mutable

    def __copy__(self):
        """A copy with the same table (kept apart: :mod:`bluffkit.core.tables`)."""
        return type(self)(self.seat, self.phase, _TABLES.get(self), self.key, self.inner)

    def __deepcopy__(self, memo):
        import copy
        return type(self)(self.seat, self.phase, copy.deepcopy(_TABLES.get(self), memo), copy.deepcopy(self.key, memo),
                          copy.deepcopy(self.inner, memo))

    def __reduce_ex__(self, protocol):
        raise no_pickle(self)

    def __repr__(self) -> str:
        return f"Legal(seat={self.seat}, phase={self.phase!r}, {self.description})"

    @property
    def hand(self) -> tuple[int, ...]:
        """The seat's own notes, one count per denomination (in an auction, the auction's
        own account of them); the seat may always know its own hand."""
        if self.inner is not None:
            return self.inner.hand
        t = _TABLES.get(self)
        if t is None:
            raise RulesError("this Legal was made without its table: it holds no hand")
        return tuple(t.money[self.seat])

    @property
    def tickets(self) -> tuple:
        """The action tickets the seat may reveal now, at the end of its turn (phase
        ``end``) or after the roll, before moving (``move``) [H]."""
        t = _TABLES.get(self)
        if self.inner is not None or self.key is None or t is None:
            return ()
        if self.phase == END:
            return tuple(self.key)
        return t.usable_tickets(self.seat) if self.phase == MOVE else ()

    @property
    def can_counter(self) -> bool:
        """Whether the challenged seat may counter a horse-trade [E]: an offer is at least
        one note unless ``empty_offer`` (L7), so a seat holding none may only agree. (True
        where the table is not known.)"""
        t = _TABLES.get(self)
        return t is None or bool(sum(t.money[self.seat])) or t.rules.empty_offer

    def _marker_with_room(self) -> str | None:
        """A green marker with room to move one step [G], as typed (``goose+1``), or None."""
        t = _TABLES.get(self)
        if t is None:
            return None
        top = len(t.rules.market_track) - 1
        for a, p in enumerate(t.market):
            if a not in t.locked and (p < top or p > 0):
                return f"{ANIMALS[a]}{'+1' if p < top else '-1'}"
        return None

    def _markers_example(self) -> str:
        """``, e.g. 'ticket move-markers goose+1'``: a green marker with room to move [G]."""
        step = self._marker_with_room()
        return f", e.g. 'ticket move-markers {step}'" if step else ""

    def _paying(self, k: int) -> str | None:
        """``k`` notes the seat may pay a cost with, as typed (its lowest), or None."""
        t = _TABLES.get(self)
        if t is None or not k:
            return None
        notes = cost_notes(t.rules, t.money[self.seat], k)
        return fmt(notes, t.rules.denominations) if notes is not None else None

    @property
    def payable(self) -> int:
        """How many of the seat's notes may pay a cost counted in notes (movement, market,
        raffle): all of them, or all but the 0-notes when ``zero_pays_count`` is off (L7)."""
        t = _TABLES.get(self)
        if t is None:
            raise RulesError("this Legal was made without its table: it holds no hand")
        return payable(t.rules, self.hand)

    def cost_notes(self, k: int) -> tuple[int, ...] | None:
        """:func:`cost_notes` from the seat's hand: the ``k`` notes it would pay a cost
        counted in notes with, or ``None`` when it cannot pay it."""
        t = _TABLES.get(self)
        if t is None:
            raise RulesError("this Legal was made without its table: it holds no hand")
        return cost_notes(t.rules, self.hand, k)

    # the protocol ---------------------------------------------------------------------
    def explain(self, action, _table=None) -> tuple[str, str] | None:
        """``None`` when ``action`` is legal for this seat now, else ``(rule id, reason)``."""
        if self.inner is not None:
            return self.inner.explain(action)
        if self.key is None:
            t = _TABLES.get(self)
            if t is not None and t.is_over():
                return ("game-over", "the game is over")
            who = ", ".join(map(str, t.to_move())) if t is not None else ""
            return ("not-your-turn", f"it is not seat {self.seat}'s move ({self.phase}); waiting for {who or 'chance'}")
        t = _TABLES.get(self)
        problem = denoms_problem(action, t.rules.denominations) if t is not None else None
        return problem or _explain(t, self.seat, self.phase, self.key, action)

    def sample(self, rng):
        """One random legal action drawn with the Generator ``rng``."""
        check_rng(rng)
        if self.inner is not None:
            return self.inner.sample(rng)
        if self.key is None:                     # nothing to draw from: why, as explain() says
            raise IllegalAction(*self.explain(None))
        return _sample(_TABLES.get(self), self.seat, self.phase, self.key, rng)

    def actions(self, limit: int | None = None):
        """Every legal action where they can be listed (choices of notes cannot: ``None``)."""
        limit = check_limit(limit)
        if self.inner is not None:
            return self.inner.actions(limit)
        ph, key = self.phase, self.key
        if key is None:
            out: list = []
        elif ph == KEEP:
            out = [A.Keep(n) for n in key]
        elif ph == PIGGY:
            out = list(key)
        elif ph == GIVE:
            out = [A.Give(v) for v in key]
        elif ph == END:
            out = [A.END] + [A.Ticket(n) for n in key if n != "move-markers"]
        else:
            return None
        return out if limit is None else out[:limit]

    @property
    def description(self) -> str:
        if self.inner is not None:
            return self.inner.description
        ph, key = self.phase, self.key
        if key is None:
            return "nothing: it is not this seat's move"
        if ph == MOVE:
            # the cheapest space that costs notes shows how to pay them: by count, not value [C]
            cost, costly = min(((c, s) for s, (_, c) in key if c), default=(0, None))
            paid = self._paying(cost) if costly is not None else None
            how = (f" (pay as you move, any notes of that count: e.g. 'move {costly} pay {paid}')"
                   if paid else "")
            return "move SPACE, one of " + ", ".join(f"{s}" + (f" (pay {count(c, 'note')})" if c else "")
                                                for s, (_, c) in key) + how + \
                "".join(f", or first ticket {n}" + (" TYPE+STEPS,... (the green markers to move"
                                                    + self._markers_example() + ")" if n == "move-markers" else "")
                        for n in self.tickets)
        if ph == TRADE:
            pairs, by_count = key
            t = _TABLES.get(self)
            low = self._paying(1)
            first = pairs[0] if pairs else None
            return ("trade SEAT ANIMAL offer NOTES, for " + ", ".join(f"seat {t}'s {ANIMALS[a]}" for t, a in pairs)
                    + " (a horse-trade, face down" + (", the number of notes counts" if by_count else "") + ")"
                    + (f", e.g. 'trade {first[0]} {ANIMALS[first[1]]} offer {low}'" if first and low else "")
                    # [K] the challenger picks the two specimens (else a female where there is one)
                    + ("; to choose the specimens, ANIMAL:S:S, each S m or f, yours then theirs (e.g. sheep:m:f; "
                       "left out: females where there are any)"
                       if t is not None and t.rules.sexes else ""))
        if ph == RAFFLE:
            low = self._paying(1)
            return (f"raffle K pay NOTES: K tickets from 0 to {key[0]}, one note each, any notes"
                    + (f" (the bag holds {key[1]}: what is left is drawn)" if key[0] > key[1] else "")
                    + (f" (e.g. 'raffle 1 pay {low}', or 'raffle 0')" if low and key[0] else ""))
        if ph in (KEEP, GIVE):
            return f"{ph} one of " + ", ".join(map(str, key))
        if ph == END:
            return "end" + "".join(f", or ticket {n}" + (" TYPE+STEPS,... (the green markers to move"
                                                          + self._markers_example() + ")"
                                                          if n == "move-markers" else "") for n in key)
        if ph == PIGGY:
            return " or ".join(map(str, key))
        if ph == RESPOND and not self.can_counter:
            return "agree (you hold no notes to counter with)"
        if ph == MARKET:
            return self._market_form(key[1])
        return {RESPOND: "agree, or counter NOTES (face down)"}.get(ph, ph)

    def _market_form(self, must_change: bool) -> str:
        """The market's form [G], with what the seat has to pay with and a change it can
        make: the form alone told a seat of two notes nothing of what it could afford."""
        t = _TABLES.get(self)
        low, step = self._paying(1), self._marker_with_room()
        example = f", e.g. 'market {step} pay {low}'" if low and step else ""
        hold = f"; you have {count(self.payable, 'note')} to pay with" if t is not None else ""
        return ("market TYPE+STEPS,... pay NOTES (1, 3, 6 notes for 1-3 steps"
                + ("; at least one type changes" if must_change else "") + hold + ")" + example
                + ("" if must_change else ", or market none"))


def _notes_problem(t, seat, notes, at_least_one: bool):
    if not contains(t.money[seat], notes):
        return ("notes-not-held", f"seat {seat} does not hold {said(notes, t.rules.denominations)}")
    if at_least_one and not sum(notes) and not t.rules.empty_offer:
        return ("empty-offer", "an offer is at least one note (a 0-note will do, as a bluff)")
    return None


def _explain(t, seat: int, ph: str, key: tuple, action):
    kind = type(action)
    if ph == MOVE and kind is A.Move:
        reach = dict(key)
        if action.space not in reach and action.space not in t.lay.kinds:     # (a word that names no space)
            return ("no-such-space", f"{quote(action.space)} is no space of the board")
        if action.space not in reach:
            hand = t.money[seat]        # the notes that may pay for steps (0-notes do not under zero_pays_count off)
            zeros = "" if zero_pays(t.rules) or not hand[0] else " (0-notes do not count)"
            return ("cannot-reach", f"space {quote(action.space)} cannot be reached with this roll ({t.roll}) and "
                    f"{count(payable(t.rules, hand), 'note')}{zeros}: the outer loop is clockwise, no standing still")
        return t.cost_problem(seat, action.notes, reach[action.space][1], "this move")
    if ph == TRADE and kind is A.Trade:
        if (action.target, action.animal) not in key[0]:
            return ("no-such-trade", "a horse-trade names a fellow player and a type both hold on their pastures")
        if action.sexes:
            if not (isinstance(action.sexes, str) and len(action.sexes) == 2 and set(action.sexes) <= {"m", "f"}):
                return ("bad-specimens", f"the specimens are two letters, m or f, yours then theirs "
                                         f"(trade 1 sheep:f:m offer 50), not {quote(action.sexes, 20)}")
            if not t.rules.sexes:
                return ("no-sexes", "only the Fairground's Baby Animals tells the specimens apart (ANIMAL:S:S)")
            for who, sex in ((seat, action.sexes[0]), (action.target, action.sexes[1])):
                kind = action.animal + 10 if sex == "m" else action.animal
                if kind not in t.pastures[who]:
                    return ("no-such-specimen", f"seat {who} has no {'male' if sex == 'm' else 'female'} "
                            "of that type on its pasture")
        return _notes_problem(t, seat, action.notes, True)
    if ph == RESPOND and (action == A.AGREE or kind is A.Counter):
        return None if action == A.AGREE else _notes_problem(t, seat, action.notes, True)
    if ph == MARKET and kind is A.Market:
        r = t.rules
        if not action.changes and key[1]:
            return ("market-none", "on the market at least one type changes (market_none=refused): "
                    "market TYPE+STEPS pay NOTES, 1 note for 1 step")
        return (t.market_problem(action.changes, r.market_types, r.market_steps)
                or t.cost_problem(seat, action.notes, sum(step_cost(k) for _, k in action.changes), "this change"))
    if ph == RAFFLE and kind is A.Raffle:
        if not 0 <= action.k <= key[0]:
            return ("too-many-tickets", f"draw 0 to {key[0]} tickets (1, 2 or 3"
                    + (", no more than the bag holds)" if t.rules.raffle_overdraw == "refused" else ")"))
        return t.cost_problem(seat, action.notes, action.k, "the raffle")
    if ph == KEEP and kind is A.Keep:
        return None if action.name in key else ("not-drawn", f"keep one of the tickets drawn: {', '.join(key)}")
    if ph == MOVE and kind is A.Ticket:
        if action.name not in t.usable_tickets(seat):
            why = (" (one ticket per turn)" if t.used else
                   " (no horse-trade is possible: no type shared with a fellow player, or no note to offer)"
                   if isinstance(action.name, str) and action.name.endswith("horse-trade")
                   and action.name in t.tickets[seat] else "")
            return ("no-ticket", f"seat {seat} cannot reveal {quote(action.name)} before moving{why}")
        return _ticket_problem(t, action)
    if ph == END and (action == A.END or kind is A.Ticket):
        if action == A.END:
            return None
        if action.name not in key:
            return ("no-ticket", f"seat {seat} cannot reveal {quote(action.name)} now" +
                    (" (one ticket per turn)" if t.used else ""))
        return _ticket_problem(t, action)
    if ph == PIGGY and action in key:
        return None
    if ph == GIVE and kind is A.Give:
        return None if action.value in key else ("not-drawn", f"give one of {', '.join(map(str, key))}")
    if ph == PIGGY and kind is A.Loan:
        return ("no-loan", "no IOU (or note) of that value is left on the supply board")
    return ("not-now", f"seat {seat} cannot play {action} now; it may: {Legal(seat, ph, t, key).description}")


def _ticket_problem(t, action):
    """What is wrong with revealing the ticket ``action`` names, which the seat may reveal now."""
    if action.name == "move-markers":
        if not action.changes:
            return ("no-change", "move at least one green marker")
        return t.market_problem(action.changes, t.rules.marker_moves, 1)
    return ("no-change", "only Move Market Markers takes changes") if action.changes else None


def _sample(t, seat: int, ph: str, key: tuple, rng):
    hand = t.money[seat]
    u = rng.random
    r = t.rules
    can = payable(r, hand)          # the notes that may pay costs counted in notes (L7)

    def pay(k: int):
        notes = cost_notes(r, hand, k)
        if notes is None:                                               # pragma: no cover (k <= can)
            raise ValueError(f"seat {seat} cannot pay {count(k, 'note')}")
        return notes

    if ph == MOVE:
        free = [kv for kv in key if kv[1][1] == 0]
        paid = [kv for kv in key if kv[1][1] <= can] or list(key)      # a free move always exists
        pick = free if free and u() < 0.8 else paid
        space, (_, cost) = pick[int(u() * len(pick))]
        return A.Move(space, pay(cost), r.denominations)
    if ph in (TRADE, RESPOND):
        d = t.rules.denominations
        notes = [i for i, c in enumerate(hand) for _ in range(c)]
        k = 1 + int(u() * min(3, len(notes))) if notes else 0
        chosen = [notes.pop(int(u() * len(notes))) for _ in range(min(k, len(notes)))]
        offer = tuple(chosen.count(i) for i in range(len(d)))
        if ph == RESPOND:
            return A.AGREE if u() < 0.5 or (not sum(offer) and not t.rules.empty_offer) else A.Counter(offer, d)
        target, animal = key[0][int(u() * len(key[0]))]
        if not sum(offer) and not t.rules.empty_offer:
            raise ValueError("a horse-trade needs a note to offer")      # pragma: no cover (see options)
        return A.Trade(target, animal, offer, d)
    if ph == MARKET:
        # one type by one step (1 note): legal for any market_types and market_steps >= 1 [G]
        green = [a for a in range(len(ANIMALS)) if a not in t.locked]
        if can < 1 or not green or min(r.market_types, r.market_steps) < 1 or (u() < 0.4 and not key[1]):
            return A.Market((), pay(0), r.denominations)
        a = green[int(u() * len(green))]
        k = 1 if t.market[a] == 0 else -1 if t.market[a] == len(r.market_track) - 1 else (1 if u() < 0.5 else -1)
        return A.Market(((a, k),), pay(1), r.denominations)
    if ph == RAFFLE:
        k = int(u() * (min(key[0], can) + 1))
        return A.Raffle(k, pay(k), r.denominations)
    if ph == END:
        usable = [n for n in key if n != "move-markers"]
        if not usable or u() < 0.5:
            return A.END
        return A.Ticket(usable[int(u() * len(usable))])
    opts = Legal(seat, ph, t, key).actions()
    return opts[int(u() * len(opts))]
