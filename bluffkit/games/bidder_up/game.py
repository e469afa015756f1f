"""The public, immutable API of Bidder Up! (see :mod:`bluffkit.core.game`).

>>> import numpy as np
>>> from bluffkit.games.bidder_up import BidderUp
>>> g = BidderUp.create("bidder-up")
>>> s = g.new_state(3)
>>> s = g.step(s, None, g.sample_chance(s, np.random.default_rng(1)))
>>> s.phase, sum(map(len, s.pens)) + sum(map(len, s.stacks))
('roll', 20)
"""

from __future__ import annotations

import dataclasses
from collections import Counter as Multiset

from bluffkit.auctions.game import Auction
from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.errors import NotationError, RulesError, check_header, check_names, check_observation, is_seat, quote
from bluffkit.core.money import amount, parse as parse_notes, total
from bluffkit.core.rules import refuse_contradicting
from bluffkit.core.table import TableGame
from bluffkit.games.bidder_up import actions as A, engine
from bluffkit.games.bidder_up.engine import Table
from bluffkit.games.bidder_up.rules import Rules, ticket_ok
from bluffkit.games.bidder_up.state import MOVE, OVER, ROLL, SETUP, State

VARIANTS = {"babies": {"babies": True}, "raffle-rush": {"raffle_rush": True}}


def _table(x) -> Table:
    return x if isinstance(x, Table) else Table.thaw(x)


class BidderUp(TableGame):
    """Bidder Up! under one :class:`Rules`."""

    name = "bidder-up"
    title = "Bidder Up! (board game)"
    seat_moves = ("trade", "choose")   # a player may be named where a move names a seat (Session.play)
    Table = Table  # type: ignore[assignment]  # TableGame.Table is None until a game sets it
    CHANCE_ONLY = (A.CHANCE, "chance-move", "players do not deal, roll or draw; chance does")

    def __init__(self, rules: Rules | None = None):
        self.rules = rules if rules is not None else Rules()

    @classmethod
    def create(cls, name: str = "bidder-up", variants=(), **options) -> "BidderUp":
        changes: dict = {}
        for v in variants:
            if v not in VARIANTS:
                raise RulesError(f"unknown variant {v!r}; Bidder Up! has: {', '.join(VARIANTS)}")
            changes.update(VARIANTS[v])
        refuse_contradicting({v: VARIANTS[v] for v in variants}, options)
        return cls(Rules().replace(**{**options, **changes}))

    def check_players(self, players: int) -> int:
        self.rules.check_players(players)
        return players

    def new_state(self, players: int) -> State:
        return Table.new(self.rules, self.check_players(players)).freeze()

    def table(self, state: State | None = None, players: int | None = None) -> engine.Table:
        if state is not None:
            return Table.thaw(state)
        return Table.new(self.rules, self.check_players(players))  # type: ignore[arg-type]

    def parse(self, text: str):
        return A.parse(text, self.rules.denominations)

    def scores(self, state) -> tuple[int, ...]:
        """Each seat's points (section I); before the end, what they would score now."""
        return _table(state).scores()                      # (thaw refuses what is not a state)

    def score_sheet(self, state, names) -> list[str]:
        """Each seat's scoring sheet at the end, in words [I]: (the barn's values +
        Value-Gain + ``baby_points`` a baby in the barn) x (complete types + 1 for the sow) +
        ``baby_points`` a baby in the petting zoo + money - loans. Read at the end, when every
        farm is shown."""
        if not self.is_over(state):
            raise RulesError("the scoring sheet is read at the end of the game")
        t = _table(state)
        out = []
        for s, who in enumerate(names):
            p = t.score_parts(s)
            inner = [f"barn {'+'.join(map(amount, p['animals'])) or 0}"]
            if p["value_gain"]:
                inner.append(f"Value-Gain {amount(p['value_gain'])}")
            if p["barn_babies"]:
                inner.append(f"{p['barn_babies']} x {t.rules.baby_points} for babies in the barn")
            times = f"{len(p['animals'])} type{'s' if len(p['animals']) != 1 else ''}" + \
                (" + 1 for the Wool-Milk-Sow" if p["sow"] else "")
            line = f"{who}: ({' + '.join(inner)}) x ({times})"
            if p["zoo_babies"]:
                line += f" + {p['zoo_babies']} x {t.rules.baby_points} for the petting zoo"
            line += f" + money {amount(p['money'])}" + (f" - loans {amount(p['loans'])}" if p["loans"] else "")
            out.append(line + f" = {amount(t.score(s))}")
        return out

    def winners(self, state) -> tuple[int, ...]:
        t = _table(state)
        if not t.is_over():
            raise RulesError("the game is not over yet")
        return t.winners()

    def money_totals(self, state) -> tuple[int, ...]:
        t = _table(state)
        d = self.rules.denominations
        money = t.money if t.auction is None else t.auction.money
        return tuple(total(m, d) for m in money)

    def summary(self, state) -> dict:
        t = _table(state)
        return {"money": self.money_totals(t), "barn": tuple(map(len, t.barns))}

    # logs -------------------------------------------------------------------------------
    def header(self) -> dict:
        return {"game": self.name, "ruleset": self.rules.board, "variants": list(self.rules.variants),
                "options": self.rules.to_dict()}

    @classmethod
    def from_header(cls, header: dict) -> "BidderUp":
        check_header(header)
        return cls(Rules.from_dict(header.get("options")))

    def state_from_position(self, players: int, current: int = 0, roll: int | None = None, pos=None, money=None,
                            piggy=None, pens=None, pastures=None, barns=None, market=None, tickets=None,
                            donkeys: int = 0, bag=None, gambling=None, babies=None) -> State:
        """A position after the deal, for scenarios: ``current`` the seat to play, ``roll``
        the die already rolled (phase ``move``; else ``roll``), per seat ``pos`` (space),
        ``money`` (notes as text), ``pastures``/``barns`` (animal names), ``tickets``;
        ``piggy`` the Piggy Bank's notes (text, the last on top), ``pens`` ``{space:
        [animals]}`` (given: the pens not named are empty; not given: filled from the
        animals left, in the order of the types), ``market`` ``{type: value}``, ``donkeys`` auctioned so far, ``bag``
        the raffle tickets (default: all but those held; with two players, whose 8 tickets the
        deal draws by chance, none, so that the game ends with the turn [I]: give them), ``gambling`` the two-player
        Gambling stack (text, the last on top). The animals not placed lie in the supply
        stacks (in the order of the types); the notes not placed are in the box, and
        notes a hand holds beyond the box come from beside the Golden Donkey."""
        t = Table.new(self.rules, self.check_players(players))
        r, d = self.rules, self.rules.denominations

        def per_seat(v, what):
            if v is None:
                return [None] * players
            if not isinstance(v, (list, tuple)) or len(v) != players:
                raise RulesError(f"{what}: one entry per seat ({players})")
            return list(v)

        def notes(text, what):
            if not isinstance(text, str):
                raise RulesError(f"{what}: notes as text such as \"100+50+0\", got {quote(text)}"[:200])
            try:
                return parse_notes(text, d)
            except NotationError as e:
                raise RulesError(f"{what}: notes as text such as \"100+50+0\" ({e})") from None

        def animals(names, what, males=r.sexes):
            ok = set(ANIMALS) | ({a + "-m" for a in ANIMALS} if males else set())
            if not isinstance(names, (list, tuple)) or not all(isinstance(a, str) and a in ok for a in names):
                raise RulesError(f"{what}: a list of animals ({', '.join(ANIMALS)}"
                                 + ("; a male: cow-m" if males else "") + f"), got {names!r}"[:200])
            return tuple(sorted(ANIMALS.index(a[:-2]) + 10 if a.endswith("-m") else ANIMALS.index(a)
                                for a in names))

        if not is_seat(current, players):
            raise RulesError(f"current must be a seat 0..{players - 1}, got {current!r}")
        t.current = current
        lay = t.lay
        for s, v in enumerate(per_seat(pos, "pos")):
            if v is not None:
                if not isinstance(v, str) or v not in lay.kinds:
                    raise RulesError(f"pos of seat {s}: no space {v!r} on the {r.board} board")
                t.pos = t.pos[:s] + (v,) + t.pos[s + 1:]
        for s, v in enumerate(per_seat(money, "money")):
            if v is not None:
                t._set_money(s, notes(v, f"money of seat {s}"))
        def pile(text, what):
            return tuple(i for v in str(text).split("+") if v.strip() for i in [d.index(int(v))]) \
                if sum(notes(text, what)) else ()

        if piggy is not None:
            t.piggy = pile(piggy, "piggy")
        if gambling is not None:
            t.gambling = pile(gambling, "gambling")
        for field, value in (("pastures", pastures), ("barns", barns)):
            got = tuple(animals(v, f"{field} of seat {s}", r.sexes and field == "pastures") if v is not None else ()
                        for s, v in
                        enumerate(per_seat(value, field)))
            setattr(t, field, got)
        t.locked = tuple(sorted({a for b in t.barns for a in b}))
        pen_list: list[tuple] = [()] * len(lay.pens)
        if pens is not None and not isinstance(pens, dict):
            raise RulesError(f"pens: give {{space: animals}} for the pens of the {r.board} board, "
                             f"not {type(pens).__name__}")
        for space, names in (pens or {}).items():
            if space not in lay.pen_index:
                raise RulesError(f"pens: {space!r} is not a pen of the {r.board} board")
            i = lay.pen_index[space]
            pen_list[i] = animals(names, f"pen {space}")
            problem = t.pen_problem(i, len(pen_list[i]))
            if problem:
                raise RulesError(f"pens: {space} {problem}")
        full = Multiset(r.deck())
        in_barns = Multiset(a for b in t.barns for a in b for _ in range(r.per_type)) if not r.sexes else \
            Multiset(a + k for b in t.barns for a in b for k in (0, 0, 10))
        placed = Multiset(a for p in pen_list for a in p) + Multiset(a for p in t.pastures for a in p) + in_barns
        if placed - full:
            raise RulesError(f"the position places more than {r.per_type} of a type")
        left = full - placed
        if pens is None:                       # filled as a deal would, from the types in order
            spare = sorted(left.elements())
            for i in range(len(lay.pens)):
                k = t.pen_size(i)
                if len(spare) >= k:            # else "it stays empty" [D], as a refill leaves it
                    pen_list[i], spare = tuple(spare[:k]), spare[k:]
            left = Multiset(spare)
        t.pens = tuple(pen_list)
        rest = tuple(sorted(left.elements()))
        for space in pens or {}:                   # a pen topped up short: only from the supply's last
            problem = t.pen_problem(lay.pen_index[space], len(pen_list[lay.pen_index[space]]), len(rest))
            if problem:
                raise RulesError(f"pens: {space} {problem}")
        half = (len(rest) + 1) // 2
        t.stacks = (rest[:half], rest[half:])
        if market is not None:
            if not isinstance(market, dict) or not all(k in ANIMALS and not isinstance(v, bool) and v in r.market_track
                                                       for k, v in market.items()):
                raise RulesError(f"market: {{type: value on the track {r.market_track}}}")
            t.market = tuple(r.market_track.index(market[a]) if a in market else p
                             for a, p in zip(ANIMALS, t.market))
        def ticket_names(v, what) -> tuple:
            if not isinstance(v, (list, tuple)) or not all(isinstance(x, str) and ticket_ok(x) for x in v):
                raise RulesError(f"{what}: a list of ticket names such as extra-turn, value-gain:sheep, "
                                 f"wool-milk:2, got {v!r}"[:300])
            return tuple(sorted(v))

        for s, v in enumerate(per_seat(tickets, "tickets")):
            if v is not None:
                t.tickets = t.tickets[:s] + (ticket_names(v, f"tickets of seat {s}"),) + t.tickets[s + 1:]
        if bag is not None:
            t.bag = ticket_names(bag, "bag")
            extra = Multiset(t.bag) + Multiset(x for m in t.tickets for x in m) - Multiset(r.tickets)
            if extra:
                raise RulesError(f"bag and tickets: more tickets than the game's {len(r.tickets)} "
                                 f"({', '.join(sorted(extra.elements()))} beyond them)")
        elif tickets is not None:
            left = Multiset(t.bag) - Multiset(x for m in t.tickets for x in m)
            t.bag = tuple(sorted(left.elements()))
        if babies is not None:
            if not r.babies:
                raise RulesError("babies: only with the Baby Animals variant")
            t.babies = animals(babies, "babies", False)
        elif r.babies:
            t.babies = (0, 1, 2, 3)
        if isinstance(donkeys, bool) or not isinstance(donkeys, int) or not 0 <= donkeys <= r.donkeys:
            raise RulesError(f"donkeys: 0 to {r.donkeys} auctioned so far")
        t.donkeys = donkeys
        used = [sum(m[i] for m in t.money) + t.bank[i] + t.piggy.count(i) + t.gambling.count(i)
                for i in range(len(d))]
        box = [c - u for c, u in zip(r.notes, used)]
        bank = list(t.bank)
        for i in range(len(d)):
            if box[i] < 0 and bank[i] >= -box[i]:
                bank[i], box[i] = bank[i] + box[i], 0
        t.bank = tuple(bank)
        if min(box) < 0:
            raise RulesError(f"the position holds more notes than the game's {sum(r.notes)}")
        t.box = tuple(box)
        if roll is not None:
            if isinstance(roll, bool) or roll not in r.die_faces:
                raise RulesError(f"roll: the die shows {r.die_faces}")
            t.roll, t.phase = roll, MOVE
        else:
            t.phase = ROLL
        return t.freeze()

    # words --------------------------------------------------------------------------------
    def narrate(self, before, seat, action, after, names) -> str:
        from bluffkit.games.bidder_up.narrate import narrate
        return narrate(self, before, seat, action, after, names)

    def receipts(self, session, seat: int) -> list[str]:
        """What ``seat`` is told until its next move of notes it got face down [D, F, J] and
        of its last horse-trade [E], from its own view (:mod:`bluffkit.games.bidder_up.receipts`)."""
        from bluffkit.games.bidder_up.receipts import receipts
        return receipts(session, seat)

    def describe(self, observation, names, legal: bool = False) -> str:
        check_observation(observation)
        from bluffkit.games.bidder_up.narrate import describe
        check_names(names, len(observation.note_counts))
        return describe(self, observation, names, legal)

    def facts(self, state, names) -> dict:
        from bluffkit.games.bidder_up.narrate import facts
        check_names(names, state.players)
        return facts(self, state, names)

    def fact_keys(self) -> dict[str, tuple[str, ...]]:
        """The keys a seat's entry of a fact may hold, where the fact leaves out what is
        zero: ``pastures`` counts animals by name (a male with ``-m``)."""
        from bluffkit.games.bidder_up.actions import name
        return {"pastures": tuple(name(a) for a in range(20))}

    # checks ---------------------------------------------------------------------------------
    def invariants(self, state) -> list[str]:
        """Money conserved across hands, Piggy Bank, supply board, box, Gambling stack,
        offers and the auction; every animal somewhere exactly once (once dealt: before the
        deal the animals are in the box); no negative count; a pen full or empty; the
        animals ``seen`` going back face down held first in their own Cat in the Bag pen."""
        t = _table(state)
        r, w = self.rules, len(self.rules.denominations)
        out = []
        held = [0] * w
        places = list(t.money) + [t.bank, t.box]
        if t.auction is not None:
            places += list(t.auction.money) + list(t.auction.placed)
        if t.trade is not None and len(t.trade) > 1:
            places.append(t.trade[3])
        for m in places:
            if min(m) < 0:
                out.append(f"a negative count of notes: {m}")
            for i in range(w):
                held[i] += m[i]
        for i in list(t.piggy) + list(t.gambling) + (list(t.drawn) if t.phase == "give" else []):
            held[i] += 1
        if t.then and t.phase not in ("trade", "respond"):
            out.append(f"then is {t.then!r} outside a horse-trade (phase {t.phase})")
        for i, pen in enumerate(t.lay.pens):
            problem = t.pen_problem(i, len(t.pens[i]), sum(map(len, t.stacks)))
            if problem:
                out.append(f"{pen.space} {problem}")
        if t.seen and (len(t.seen) != len(t.pens) or not any(t.seen) or any(
                seen and (not t.cats[i] or len(seen) >= t.pen_size(i) or t.pens[i][:len(seen)] != seen)
                for i, seen in enumerate(t.seen))):
            out.append(f"seen {t.seen} is not, per pen, the first of a Cat in the Bag pen's animals")
        if tuple(held) != r.notes:
            out.append(f"notes in the game {tuple(held)}, not the {r.notes} of the box")
        animals = Multiset(a % 10 for p in t.pens for a in p) + Multiset(a % 10 for s in t.stacks for a in s) \
            + Multiset(a % 10 for p in t.pastures for a in p) + Multiset(a for b in t.barns for a in b
                                                                          for _ in range(r.per_type))
        if t.auction is not None:
            animals += Multiset(t.auction.pen)
        if animals != Multiset({a: r.per_type for a in range(len(ANIMALS))}) and t.phase != SETUP:   # (dealt yet)
            out.append(f"the animals are not {r.per_type} of each type: {dict(animals)}")
        for s, p in enumerate(t.pastures):
            if any(sum(1 for x in p if x % 10 == a % 10) >= r.per_type for a in p):
                out.append(f"seat {s} has a complete type on its pasture")
        if t.phase == OVER and len(t.tickets) and any(not 0 <= x < len(r.market_track) for x in t.market):
            out.append("a market marker off the track")
        return out

    def hide_from(self, state, seat: int, rng) -> State:
        """A state ``seat`` cannot tell apart: the faces of the notes it cannot see (others'
        hands, the Piggy Bank, the box, the Gambling stack, another's offer or gamble
        notes) dealt again, each place keeping its number; the animals of the supply
        stacks and the face-down Cat in the Bag pens shuffled among them (but for the ones
        every player saw go back, ``seen``); the tickets of
        the bag and of the others (and those another just drew) shuffled among them; in
        an auction, the auction's own hidden information (:meth:`Auction.hide_from`)."""
        t = Table.thaw(state)
        changes: dict = {}
        w = len(self.rules.denominations)
        # notes
        hands = [s for s in range(t.n) if s != seat]
        flat = [i for s in hands for i, c in enumerate(t.money[s]) for _ in range(c)]
        offer = t.trade[3] if t.trade is not None and len(t.trade) > 1 and t.trade[0] != seat else None
        mine_give = t.phase == "give" and t.current == seat
        pool = flat + list(t.piggy) + [i for i, c in enumerate(t.box) for _ in range(c)] + list(t.gambling)
        pool += [i for i, c in enumerate(offer or ()) for _ in range(c)]
        if t.phase == "give" and not mine_give:
            pool += list(t.drawn)
        pool = [pool[int(i)] for i in rng.permutation(len(pool))]
        k = 0

        def take(n):
            nonlocal k
            got = pool[k:k + n]
            k += n
            return got

        def counts(idx):
            return tuple(idx.count(x) for x in range(w))

        money = list(t.money)
        for s in hands:
            money[s] = counts(take(sum(t.money[s])))
        changes["money"] = tuple(money)
        changes["piggy"] = tuple(take(len(t.piggy)))
        changes["box"] = counts(take(sum(t.box)))
        changes["gambling"] = tuple(take(len(t.gambling)))
        if offer is not None:
            c, target, animal, _, by_count = t.trade
            changes["trade"] = (c, target, animal, counts(take(sum(offer))), by_count)
        if t.phase == "give" and not mine_give:
            changes["drawn"] = tuple(take(len(t.drawn)))
        # animals
        cats = [i for i, c in enumerate(t.cats) if c]
        known = [len(t.seen[i]) if t.seen else 0 for i in range(len(t.pens))]     # seen by all: kept
        hidden = list(t.stacks[0]) + list(t.stacks[1]) + [a for i in cats for a in t.pens[i][known[i]:]]
        hidden = [hidden[int(i)] for i in rng.permutation(len(hidden))]
        a, b = len(t.stacks[0]), len(t.stacks[1])
        changes["stacks"] = (tuple(hidden[:a]), tuple(hidden[a:a + b]))
        pens, k2 = list(t.pens), a + b
        for i in cats:
            down = len(t.pens[i]) - known[i]
            pens[i] = t.pens[i][:known[i]] + tuple(hidden[k2:k2 + down])
            k2 += down
        changes["pens"] = tuple(pens)
        # tickets
        others = [s for s in range(t.n) if s != seat]
        drawn_hidden = t.phase == "keep" and t.current != seat
        tix = list(t.bag) + [x for s in others for x in t.tickets[s]] + (list(t.drawn) if drawn_hidden else [])
        tix = [tix[int(i)] for i in rng.permutation(len(tix))]
        changes["bag"] = tuple(sorted(tix[:len(t.bag)]))
        k3 = len(t.bag)
        tickets = list(t.tickets)
        for s in others:
            tickets[s] = tuple(sorted(tix[k3:k3 + len(t.tickets[s])]))
            k3 += len(t.tickets[s])
        changes["tickets"] = tuple(tickets)
        if drawn_hidden:
            changes["drawn"] = tuple(tix[k3:])
        if t.auction is not None:
            changes["auction"] = Auction(t.auction.rules).hide_from(t.auction, seat, rng)
        return dataclasses.replace(state, **changes)

    def reveals(self, before, seat, action, after) -> bool:
        """Whether a step showed hidden information, so that undo may not cross it: every
        chance move, an auction opened (a Cat in the Bag's animals are shown), the
        auction's own reveals, a horse-trade settled, notes taken, an action ticket revealed
        (the others knew only how many tickets the seat holds)."""
        if seat is None or isinstance(action, (*A.CHANCE, A.Ticket)):
            return True
        if before.auction is None and after.auction is not None:
            return True
        if before.auction is not None:
            if after.auction is None:
                return True
            return Auction(before.auction.rules).reveals(before.auction, seat, action, after.auction)
        return before.phase in ("respond", "keep", "give", "piggy") or after.phase == OVER \
            or len(after.piggy) < len(before.piggy)
