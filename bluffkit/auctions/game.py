"""One auction of Bidder Up! as a bluffkit game (see :mod:`bluffkit.core.game`): any of
the ten formats, a small or a double pen, played to the last payment.

>>> from bluffkit.auctions import Auction
>>> g = Auction.create(format="second-hand")
>>> s = g.state_from_position(4, auctioneer=0, lot=["cow"])
>>> for seat, bid in [(1, "bid 120"), (2, "bid 100"), (3, "pass")]:
...     s = g.step(s, seat, bid)
>>> s.awards                                  # seat 1 wins at the second-highest bid
((1, (8,), 100),)
>>> s = g.step(s, 0, "sell")
>>> s = g.step(s, 1, "pay 100")
>>> g.scores(s)                               # money won or lost
(100, -100, 0, 0)
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from bluffkit.auctions import engine
from bluffkit.auctions.actions import First, Lot, Pen, Shuffle, parse
from bluffkit.auctions.dutch import Dutch
from bluffkit.auctions.engine import FORMAT_TABLES, GRAB, OVER, SETUP, State, Table
from bluffkit.auctions.rules import ANIMALS, Rules
from bluffkit.core.errors import (
    IllegalAction,
    NotationError,
    RulesError,
    check_header,
    check_names,
    check_observation,
    check_rng,
    check_seat,
    check_state,
    is_seat,
    plain_problem,
)
from bluffkit.core.game import register
from bluffkit.core.money import fmt, parse as parse_notes, total
from bluffkit.core.table import TableGame, chance_table

_WORTHS: dict = {}


def _worth(denoms):
    """``notes -> total(notes, denoms)``, remembering the hands it has seen (a few
    thousand at most: the hands of one auction differ little from the start money)."""
    worth = _WORTHS.get(denoms)
    if worth is None:
        if len(_WORTHS) > 16:
            _WORTHS.clear()
        worth = _WORTHS[denoms] = lru_cache(maxsize=4096)(_total_of(denoms))
    return worth


def _total_of(denoms):
    def worth(notes):
        return total(notes, denoms)
    return worth


@register("auction")
class Auction(TableGame):
    """One auction under one :class:`Rules` (``format=...``, ``double=...``)."""

    name = "auction"
    scores_are = "Money won or lost"          # what ``bluffkit play`` calls the scores at the end
    seat_moves = ("choose",)                  # 'choose Bo' reads 'choose 1' (Session.play)
    winners_take = "the lot goes to {}"       # ... and the winners
    #: What ``winners`` counts, in the words of ``bluffkit simulate``'s summary: the seats
    #: that end with an animal of the lot (its buyer, or the auctioneer who kept it), while
    #: a score is money won or lost. The auctioneer "may not bid", keeps the lot by its right
    #: of first refusal ("Winning bid awarded?") and "gets the animal(s) for free" when
    #: nobody bids ("Special Moments During an Auction"): Bidder Up!'s "Auction Pens", whose
    #: general rules "apply to all of the auctions" ("The Auctions"; digest: BIDDER-UP.md, D).
    winners_are = "lots won by seat"
    #: A line of its own under the summary (``bluffkit simulate``): what the counts are, and
    #: why a buyer's score in the table is below 0.
    winners_note = ("a lot is won by its buyer, or by the auctioneer, who never bids: the lots it kept by its "
                    "right of first refusal or that nobody bid for; shared when split. In the table, score_N is "
                    "the money seat N won or lost: the seat that pays for a lot scores below 0 (the buyer, or the "
                    "auctioneer keeping it by its right), the seat paid above.")
    #: Words ``bluffkit simulate``'s summary puts after a seat's bot: the auctions it plays
    #: are run by seat 0 (:meth:`new_state`), so its count is never a bidder's.
    summary_seats = {0: "the auctioneer"}
    Table = Table  # type: ignore[assignment]  # TableGame.Table is None until a game sets it
    CHANCE_ONLY = ((Lot, Pen, Shuffle, First), "chance-move", "players do not set out the lot or shuffle; chance does")

    def __init__(self, rules: Rules | None = None):
        self.rules = rules if rules is not None else Rules()
        self._memo: tuple | None = None        # (a state, a working copy of it that is only read)

    # the immutable API, without thawing the same state at every call ----------------------
    def _read(self, state) -> engine.Table:
        """A working copy of ``state`` to read, never to change: the one made for the state
        last read or stepped to, else a new one. (``table(state)`` gives one to change.)"""
        memo = self._memo
        if memo is not None and memo[0] is state:
            return memo[1]
        t = Table.thaw(state)
        self._memo = (state, t)
        return t

    def is_over(self, state) -> bool:
        check_state(state, State, Table)
        return state.phase == OVER

    def is_chance(self, state) -> bool:
        return state.phase == SETUP or state.phase == GRAB

    def to_move(self, state):
        return self._read(state).to_move()

    def legal(self, state, seat):
        t = self._read(state)
        return t.legal(check_seat(seat, t.n))

    def observe(self, state, seat):
        t = self._read(state)
        return t.observe(check_seat(seat, t.n))

    def sample_chance(self, state, rng):
        """Chance's next outcome, drawn with the numpy Generator ``rng``. When chance does
        not act now (a player's move, or the auction over) it is refused with
        :class:`IllegalAction` ``not-chance-turn`` (:func:`bluffkit.core.table.chance_table`),
        as :meth:`step` refuses an outcome then."""
        check_rng(rng)
        return chance_table(self._read(state)).sample_chance(float(rng.random()), rng)

    def step(self, state, seat, action):
        """As :meth:`bluffkit.core.table.TableGame.step`; the working copy of the state it
        returns is kept for the calls that read that state next."""
        if isinstance(action, str):
            action = self.parse(action)
        t = Table.thaw(state)
        if seat is None:
            problem = plain_problem(action)
            if problem:
                raise IllegalAction(*problem)
            t.apply_chance(action)
        else:
            kinds, rule, words = self.CHANCE_ONLY
            if isinstance(action, kinds):
                raise IllegalAction(rule, words)
            t.apply(seat, action)
        after = t.freeze()
        self._memo = (after, t)
        return after

    @property
    def title(self) -> str:
        return f"Auction: {self.rules.fmt.title}" + (" (double pen)" if self.rules.double else "")

    @classmethod
    def create(cls, name: str = "auction", variants=(), **options) -> "Auction":
        if variants:
            raise RulesError("auctions have no named variants; choose format=... and rule options")
        return cls(Rules().replace(**options))

    def check_players(self, players: int) -> int:
        self.rules.check_players(players)
        return players

    def new_state(self, players: int) -> State:
        return Table.new(self.rules, self.check_players(players)).freeze()

    def table(self, state: State | None = None, players: int | None = None) -> engine.Table:
        if state is not None:
            return Table.thaw(state)
        return Table.new(self.rules, self.check_players(players))  # type: ignore[arg-type]  # check_players refuses None

    def parse(self, text: str):
        return parse(text, self.rules.denominations)

    def scores(self, state) -> tuple[int, ...]:
        """Each seat's money won or lost (value of notes now minus at the start)."""
        self.own(state)
        worth = _worth(self.rules.denominations)
        return tuple(worth(m) + worth(p) - s for m, p, s in zip(state.money, state.placed, state.start))

    def winners(self, state) -> tuple[int, ...]:
        """The seats that own an animal of the lot at the end."""
        self.own(state)
        if state.phase != OVER:
            raise RulesError("the auction is not over yet")
        return tuple(sorted({s for _, s in state.owners}))

    def money_totals(self, state) -> tuple[int, ...]:
        return tuple(map(_worth(self.rules.denominations), state.money))

    # logs, words, checks -------------------------------------------------------------
    def header(self) -> dict:
        return {"game": self.name, "ruleset": self.rules.format, "variants": [], "options": self.rules.to_dict()}

    @classmethod
    def from_header(cls, header: dict) -> "Auction":
        check_header(header)
        return cls(Rules.from_dict(header.get("options")))

    def state_from_position(self, players: int, auctioneer: int = 0, money=None, lot=None, pen=None) -> State:
        """An auction ready to start: the ``auctioneer`` seat, each seat's ``money`` (notes as
        text such as ``"100+100+50+0"``, ``None`` for the start money), and the ``lot``
        (animal names; Cat in the Bag: the ``pen`` of up to 3)."""
        self.check_players(players)
        if not is_seat(auctioneer, players):
            raise RulesError(f"auctioneer must be a seat 0..{players - 1}, got {auctioneer!r}")
        d = self.rules.denominations
        if money is not None and not isinstance(money, (list, tuple)):
            raise RulesError(f"money: one entry per seat ({players}), got {money!r}"[:200])
        hands = []
        for s, m in enumerate(money or [None] * players):
            if m is not None and not isinstance(m, (str, list, tuple)):
                raise RulesError(f"money of seat {s}: notes as text (e.g. \"100+50+0\") or one count per "
                                 f"denomination ({len(d)}), got {m!r}"[:200])
            try:
                hands.append(self.rules.start_money if m is None else parse_notes(m, d) if isinstance(m, str) else tuple(m))
            except NotationError as e:
                raise RulesError(f"money of seat {s}: {e}") from None
        if len(hands) != players:
            raise RulesError(f"money: one entry per seat ({players})")
        for seat, h in enumerate(hands):
            if len(h) != len(d) or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in h):
                raise RulesError(f"money of seat {seat}: notes as text (e.g. \"100+50+0\") or one count >= 0 per "
                                 f"denomination ({len(d)}), got {h!r}")

        def animals(names, what):
            try:
                return Lot(tuple(ANIMALS.index(a) for a in names)).animals
            except (ValueError, TypeError):
                raise RulesError(f"{what}: animals are {', '.join(ANIMALS)}; got {names!r}") from None

        for what, names in (("lot", lot), ("pen", pen)):
            if names is not None and not (isinstance(names, (list, tuple)) and all(isinstance(a, str) for a in names)):
                raise RulesError(f"{what}: a list of animal names ({', '.join(ANIMALS)}), got {names!r}"[:200])
        cat = FORMAT_TABLES[self.rules.format].FACE_DOWN_PEN
        size = 2 if self.rules.double else 1
        if lot is not None and (cat or len(lot) != size):
            raise RulesError(f"lot: {'Cat in the Bag takes a pen of 1 to 3 animals' if cat else f'the pen holds {size} animal(s)'}")
        if pen is not None and (not cat or not 1 <= len(pen) <= 3):
            raise RulesError("pen: only Cat in the Bag has a pen of 1 to 3 animals")
        t = Table.new(self.rules, players, auctioneer, hands, animals(lot, "lot") if lot else None,
                      animals(pen, "pen") if pen else None)
        return t.freeze()

    def narrate(self, before, seat, action, after, names) -> str:
        from bluffkit.auctions.narrate import narrate
        return narrate(self, before, seat, action, after, names)

    def describe(self, observation, names, legal: bool = False, pen_words=None) -> str:
        """A seat's view as text (:mod:`bluffkit.core.game`); ``pen_words``: the pen's
        animals in a parent game's words (:func:`bluffkit.auctions.narrate.narrate`'s)."""
        check_observation(observation)
        from bluffkit.auctions.narrate import describe
        check_names(names, len(observation.note_counts))
        return describe(self, observation, names, legal, pen_words)

    def facts(self, state, names) -> dict:
        check_names(names, state.players)
        d = self.rules.denominations
        out = {"phase": state.phase, "money": {n: total(m, d) for n, m in zip(names, state.money)},
               "notes": {n: fmt(m, d) for n, m in zip(names, state.money)},
               "lot": [ANIMALS[a] for a in state.lot], "high": state.high,
               "high_bidder": names[state.high_bidder] if state.high_bidder >= 0 else None,
               "awards": [{"winner": names[s], "animals": [ANIMALS[a] for a in an], "price": p}
                          for s, an, p in state.awards],
               "shown": [names[s] for s, _ in state.shown], "reruns": state.reruns}
        if state.phase == OVER:
            out["owners"] = {ANIMALS[a]: names[s] for a, s in state.owners}
            out["scores"] = dict(zip(names, self.scores(state)))
        return out

    def invariants(self, state) -> list[str]:
        d = self.rules.denominations
        now = sum(total(m, d) + total(p, d) for m, p in zip(state.money, state.placed))
        out = []
        if now != sum(state.start):
            out.append(f"money in the game is {now}, not the {sum(state.start)} it started with")
        if any(min(m) < 0 for m in state.money + state.placed):
            out.append("a negative count of notes")
        if state.phase == OVER and sorted(a for a, _ in state.owners) != sorted(state.lot):
            out.append(f"at the end the lot {state.lot} is not owned exactly once: {state.owners}")
        return out

    def hide_from(self, state, seat: int, rng) -> State:
        """A state ``seat`` cannot tell apart: the faces of the notes it cannot see (in other
        hands, unless shown, and laid face down by others) are dealt again, each place
        keeping its number of notes; others' sealed bids and Dutch grabs are drawn again
        (bids laid as notes, Secret Count's or under ``sealed_bids="notes"``: the notes
        too); in Cat in the Bag, before the sale, the pen is shuffled again for everyone
        but the auctioneer."""
        t = Table.thaw(state)
        shown = {s for s, _ in state.shown}
        slots = [("money", s) for s in range(state.players) if s != seat and s not in shown]
        slots += [("placed", s) for s in range(state.players) if s != seat]
        pool = [i for kind, s in slots for i, c in enumerate(getattr(state, kind)[s]) for _ in range(c)]
        pool = [pool[i] for i in rng.permutation(len(pool))]
        places = {"money": list(state.money), "placed": list(state.placed)}
        k, width = 0, len(self.rules.denominations)
        for kind, s in slots:
            n = sum(getattr(state, kind)[s])
            counts = [0] * width
            for i in pool[k:k + n]:
                counts[i] += 1
            k += n
            places[kind][s] = tuple(counts)
        money, placed = places["money"], places["placed"]
        changes: dict[str, object] = {}
        bids = list(state.bids)
        t.redraw_bids(seat, bids, money, placed, rng, changes)
        changes.update(money=tuple(money), placed=tuple(placed), bids=tuple(bids))
        if t.lot_hidden_from(seat) and state.order:
            order = tuple(int(i) for i in rng.permutation(len(state.pen)))
            changes["order"] = order
            if state.phase == "bid" and len(state.pen) > 1:
                changes["lot"] = tuple(state.pen[order[p]] for p in range(len(state.lot)))
        return dataclasses.replace(state, **changes)

    def summary(self, state) -> dict:
        """Each seat's money in hand (the value of its notes), for a simulation's table."""
        return {"money": self.money_totals(state)}

    def reveals(self, before, seat: int | None, action, after) -> bool:
        """Whether the step showed hidden information to anyone, so that undo may not cross
        it: chance setting out the lot (a face-down shuffle shows nothing), notes changing
        hands (a payment, or notes laid face down paid over: the receiver sees their
        faces), money shown by a bidder who could not pay, the end of the bidding (sealed
        bids or Dutch grabs opened; in an open auction the bidders who could not pay more
        are skipped), a Dutch count called lower (nobody grabbed),
        and the Cat in the Bag's animal turned over (rules digest, section 2, and the
        formats in :mod:`bluffkit.auctions.rules`)."""
        if seat is None:
            return not isinstance(action, Shuffle)
        held = [tuple(a + b for a, b in zip(m, p)) for m, p in zip(before.money, before.placed)]
        if held != [tuple(a + b for a, b in zip(m, p)) for m, p in zip(after.money, after.placed)]:
            return True
        if len(after.shown) > len(before.shown):
            return True
        hidden = ("setup", "pick", "bid")
        if before.phase == "bid" and after.phase != "bid":
            return True          # the bids opened, or the bidding closed because nobody else can pay more
        fmt = FORMAT_TABLES[self.rules.format]
        if issubclass(fmt, Dutch) and before.phase == "bid" and after.count != before.count:
            return True                       # the count called lower: nobody grabbed
        return fmt.FACE_DOWN_PEN and before.phase in hidden and after.phase not in hidden
