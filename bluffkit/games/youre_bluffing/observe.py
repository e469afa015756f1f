"""What one seat may know, and what it may do.

:class:`Observation` is a seat's view: the public table (animals face up, the pile's
size per family, every player's *number* of notes, the open auction, the open
trade's card counts) plus that seat's own notes and its own face-down offer. It
never holds another seat's notes or the value of a face-down offer it did not
make. The legal actions travel with it as :class:`Legal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from operator import le

from bluffkit.core.errors import IllegalAction, check_limit, check_rng, quote
from bluffkit.core.money import can_pay_exactly, cannot_pay, contains, fmt, payment_book, payment_problem, said
from bluffkit.core.observation import ObservationBase
from bluffkit.games.youre_bluffing import state as S
from bluffkit.games.youre_bluffing.actions import (
    _BIDS,
    ACCEPT,
    AUCTION,
    BUY,
    PASS,
    SELL,
    Accept,
    Auction,
    Bid,
    Buy,
    Counter,
    Offer,
    Pass,
    Pay,
    Sell,
    Trade,
    bid,
)
from bluffkit.games.youre_bluffing.narrate import TURN_ONE_WAY, WORDS, money_words, one_way, words
from bluffkit.games.youre_bluffing.rules import DENOMINATIONS, FAMILIES, Rules

_WHO = {
    S.TURN: "{chooser} to choose an auction or a trade",
    S.BID: "the bidders",
    S.DECIDE: "{auctioneer} to sell the lot or {buy_back}",
    S.PAY: "the payer to choose {notes}",
    S.RESPOND: "the challenged player to accept or counter",
    S.REOFFER: "the challenger to offer again after a tie",
    S.DRAW: "chance to turn up an animal",
    S.OVER: "nobody: the game is over",
}
#: What the seat asked is itself to do now (it has legal moves, so it is the one awaited):
#: a refusal says so, rather than "waiting for the leader" to the leader.
_TODO = {
    S.TURN: "choose an auction or a trade",
    S.BID: "bid or pass",
    S.DECIDE: "sell the lot or {buy_back}",
    S.PAY: "choose {notes} to pay",
    S.RESPOND: "accept the offer or counter it",
    S.REOFFER: "offer again after a tie",
}


_BITS = float(1 << 52)


def random_subset(hand, u) -> tuple[int, ...]:
    """Each note of ``hand`` kept with probability 1/2, independently: the set bits of
    uniform random numbers, 52 bits from each call of ``u()`` (one call for a hand of up
    to 52 notes). A random face-down offer."""
    bits = 0
    for k in range(0, sum(hand), 52):
        bits |= int(u() * _BITS) << k
    out = []
    for c in hand:
        out.append((bits & ((1 << c) - 1)).bit_count())
        bits >>= c
    return tuple(out)


class Legal:
    """The actions one seat may take now (the :class:`bluffkit.core.protocols.Legal`
    protocol: ``explain(action)``, ``sample(rng)``, ``actions(limit)``, ``description``).

    - ``auction``: may start an auction; ``trades``: (opponent, family) pairs to challenge for.
    - ``bid``: ``(lowest, cap, multiple)``: any multiple of ``multiple`` from ``lowest``
      up, at most ``cap`` (``None``: no cap; a player may bid more than they hold and
      then must show their money); passing is then allowed too. ``None`` for a bidder
      whose shown money is below the lowest bid: they may only pass.
    - ``sell``/``buy``: the leader's choice after the bidding; ``accept``: take an offer.
    - ``notes_for``: the action (Trade, Counter, Offer) whose notes are any choice from ``hand``.
    - ``pay``: the amount owed; the payment is any valid choice (see :meth:`payments`).
    - ``rules``: the ruleset (names and note values for the words); ``where``: what the
      refusal of a move by a seat that cannot act names, ``(leader, high_bidder,
      high_bid, to_move, herds, left)`` (``left``: the animals left in the pile); ``worth``: what the seat's notes are worth (a random
      bid stays within it).
    """

    __slots__ = ("seat", "phase", "simple", "trades", "bid", "hand", "notes_for", "pay",
                 "payment_rule", "_payments", "rules", "where", "worth")

    def __init__(self, seat, phase, simple=(), bid=None, trades=(), hand=None, notes_for=None,
                 pay=None, payment_rule="exact_if_possible", rules=None, where=None, worth=0):
        self.seat, self.phase, self.simple, self.bid, self.trades = seat, phase, simple, bid, trades
        self.hand, self.notes_for, self.pay, self.payment_rule = hand, notes_for, pay, payment_rule
        self.rules, self.where, self.worth = rules, where, worth
        self._payments = None

    @property
    def any(self) -> bool:
        """True when the seat may do something now."""
        return bool(self.simple or self.trades or self.notes_for is not None or self.pay is not None)

    def __bool__(self) -> bool:
        return self.any

    def key(self) -> tuple:
        return (self.seat, self.phase, self.simple, self.bid, self.trades, self.hand,
                self.notes_for, self.pay, self.payment_rule)

    def __eq__(self, other) -> bool:
        return isinstance(other, Legal) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Legal(seat={self.seat}, phase={self.phase!r}, simple={self.simple}, bid={self.bid}, " \
               f"trades={self.trades}, notes_for={getattr(self.notes_for, '__name__', None)}, pay={self.pay})"

    # ``simple`` holds the legal actions that take no argument; these read it.
    auction = property(lambda self: AUCTION in self.simple, doc="may start an auction")
    sell = property(lambda self: SELL in self.simple, doc="may sell the lot")
    buy = property(lambda self: BUY in self.simple, doc="may buy the lot back")
    accept = property(lambda self: ACCEPT in self.simple, doc="may accept an offer")

    def _todo(self) -> str:
        """What the seat awaited is to do now, in words (:data:`_TODO`); at its turn, which
        of the two choices is open where only one is (YB "The Game Begins": only auctions at
        first, only trades once the pile is empty), as the table's header says it
        (:data:`~bluffkit.games.youre_bluffing.narrate.TURN_ONE_WAY`)."""
        if self.phase == S.TURN and self.auction != bool(self.trades):
            return ("start " if self.auction else "choose ") + TURN_ONE_WAY["auction" if self.auction else "trade"]
        return _TODO[self.phase].format(**self._words)

    def _awaited(self) -> str:
        """What the seat that cannot act now waits for, in words (:data:`_WHO`); at a turn that
        leaves one choice open, that one (:func:`~bluffkit.games.youre_bluffing.narrate.one_way`
        from ``where``'s herds and pile: public)."""
        if self.phase == S.TURN and self.where is not None and len(self.where) > 5:
            way = one_way(self.where[4], self.where[0], self.where[5])
            if way is not None:
                verb = "start " if way == "auction" else "choose "
                return f"{self._words['chooser']} to {verb}{TURN_ONE_WAY[way]}"
        return _WHO[self.phase].format(**self._words)

    @property
    def _words(self) -> dict[str, str]:
        """The ruleset's own words for its refusals (narrate.WORDS)."""
        return words(self.rules) if self.rules is not None else WORDS["youre_bluffing"]

    def _denoms(self, denoms=None) -> tuple:
        if denoms is not None:
            return denoms
        return self.rules.denominations if self.rules is not None else DENOMINATIONS

    def payment_notes(self, denoms=None) -> Sequence:
        """Every valid payment as notes, smallest first (cached); ``denoms`` defaults to
        the rules' note values. A tuple, or for a hand of very many payments the same
        sequence counted (see :func:`bluffkit.core.money.payments`)."""
        if self.pay is None:
            return ()
        found = self._payments
        if found is None:
            found = self._payments = payment_book(self._denoms(denoms), self.payment_rule).of(self.hand, self.pay)
        return found

    def pay_options(self, denoms=None) -> Sequence:
        """:meth:`payment_notes`, refused in words when there is none: a payer who cannot pay
        shows their money instead, so play never gets here, but ``hide_from`` may deal it."""
        found = self.payment_notes(denoms)
        if not found:
            raise cannot_pay(f"seat {self.seat}", self.pay, self.hand, self._denoms(denoms))
        return found

    def payments(self, denoms=None) -> tuple:
        """Every valid payment as Pay actions, smallest first."""
        return tuple(Pay(p) for p in self.payment_notes(denoms))

    # -- the Legal protocol -------------------------------------------------------
    def explain(self, action, table=None) -> tuple[str, str] | None:
        """``None`` when ``action`` is legal, else ``(rule, reason)``. (``table`` is not
        needed: it is accepted for the callers that pass one.)"""
        kind = type(action)
        if kind is Bid:
            if self.bid:
                lo, cap, step = self.bid
                amount = action.amount
                if type(amount) is int and amount >= lo and not amount % step and (cap is None or amount <= cap):
                    return None
        elif kind is self.notes_for:        # trade, counter, offer: any notes the seat holds
            notes, hand = action.notes, self.hand
            if (type(notes) is tuple and len(notes) == len(hand) and all(map(le, notes, hand))
                    and min(notes) >= 0 and (kind is not Trade or (action.target, action.family) in self.trades)):
                return None
        elif kind is Pay:       # among the payments when listed already (a bot's pick), else by the rule
            listed = self._payments
            if self.pay is not None and (action.notes in listed if listed is not None else
                                         not payment_problem(self.hand, action.notes, self.pay, self._denoms(None),
                                                             self.payment_rule)):
                return None
        elif action in self.simple:         # auction, pass, sell, buy, accept: legal as listed
            return None
        problem = self._problem(action, kind, f"seat {self.seat}")
        if problem is not None and self.any:
            problem = (problem[0], f"{problem[1]}; seat {self.seat} may: {self.description}")
        return problem

    @property
    def description(self) -> str:
        """The legal actions in a few words, e.g. ``'sell, buy'`` or ``'pass, bid 70 or more'``."""
        out = [str(a) for a in self.simple]
        if self.bid:
            lo, cap, step = self.bid
            out.append(f"bid {lo} or more" + (f" in steps of {step}" if step > 1 else "")
                       + (f" up to {cap}" if cap is not None else ""))
        if self.trades:
            labels = self.rules.labels if self.rules is not None else FAMILIES
            out.append("trade for " + ", ".join(f"{labels[f]} with seat {t}" for t, f in self.trades))
        money = words(self.rules)["NOTES"] if self.rules is not None else "NOTES"
        if self.notes_for is Counter:
            out.append(f"counter {money}")
        elif self.notes_for is Offer:
            out.append(f"offer {money}")
        if self.pay is not None:        # exactly, when the notes allow it and the rule asks it
            exact = (self.payment_rule == "exact_if_possible" and self.hand is not None
                     and can_pay_exactly(self.hand, self.pay, self._denoms()))
            out.append(f"pay {self.pay} {'exactly' if exact else 'or more'} (no change is given)")
        return ", ".join(o for o in out if o)

    def describe(self, table=None) -> str:
        """:attr:`description` (``table`` is not needed)."""
        return self.description

    def sample(self, rng, overbid: int = 0):
        """One legal action drawn with the numpy Generator ``rng`` (what the random bot
        plays; see :func:`random_choice`): one uniform number ``rng.random()`` per choice."""
        check_rng(rng)
        return random_choice(_Uniforms(rng, overbid), None, self, rng)

    def draw(self, u, overbid: int = 0):
        """:func:`random_choice` with ``u()`` giving the uniform numbers."""
        source = _Uniforms(None, overbid)
        source._u = u
        return random_choice(source, None, self, None)

    def actions(self, limit: int | None = None):
        """Every legal action, at most ``limit`` of them; ``None`` while bidding without a
        cap (any bid from the lowest up is legal: not a list). Notes choices (trades,
        counters, offers) list every set of the seat's notes, fewest notes first."""
        limit = check_limit(limit)
        out: list = list(self.simple)
        if self.bid:
            lo, cap, step = self.bid
            if cap is None:
                return None
            out.extend(bid(a) for a in range(lo, cap + 1, step))
        if self.pay is not None:     # (a large hand's payments are counted: take only those asked for)
            found = self.payment_notes()
            out.extend(Pay(p) for p in (found if limit is None else found[:max(0, limit - len(out))]))
        if self.notes_for is not None and self.hand is not None:
            sets = sorted(product(*[range(c + 1) for c in self.hand]), key=lambda p: (sum(p), p))
            if self.notes_for is Trade:
                for target, family in self.trades:
                    out.extend(Trade(target, family, notes) for notes in sets)
                    if limit is not None and len(out) >= limit:
                        break
            else:
                out.extend(self.notes_for(notes) for notes in sets)
        return tuple(out if limit is None else out[:limit])

    def _problem(self, action, kind, who) -> tuple[str, str] | None:
        d = self._denoms()
        if not self.any:
            leader, high_bidder, high_bid, to_move = (self.where or (-1, -1, 0, ()))[:4]
            if self.phase == S.BID and self.seat == leader:
                return ("leader-does-not-bid", f"{self._words['auctioneer']} does not bid in their own auction")
            if self.phase == S.BID and self.seat == high_bidder:
                return ("already-highest", f"{who} already holds the highest bid ({high_bid}); "
                        f"waiting for the others to raise or pass")
            waiting = ", ".join(str(s) for s in to_move)
            return ("not-your-turn", f"{who} cannot act now: waiting for {self._awaited()}"
                    + (f" (seat {waiting})" if waiting else ""))
        if kind is Bid:
            if not self.bid:
                if self.phase == S.BID:     # a bidder whose shown money is below the lowest bid
                    return ("bid-over-shown-money", f"{who} showed their money, which is less than the "
                            "lowest bid now: they may only pass")
                return ("not-bidding", f"{who} cannot bid now: it is {who}'s turn to "
                        f"{self._todo()}")
            lo, cap, step = self.bid
            if type(action.amount) is not int or action.amount < lo:
                return ("bid-too-low", f"a bid must be at least {lo:,} here, got {quote(action.amount)}")
            if action.amount % step:
                return ("bid-multiple", f"bids are multiples of {step}, got {quote(action.amount)}")
            if cap is not None and action.amount > cap:
                return ("bid-over-shown-money", f"{who} showed their money ({cap:,}) and may bid at most that")
            return None
        if kind in (Pass, Auction, Sell, Buy, Accept):
            if action in self.simple:
                return None
            turn = f"it is {who}'s turn to {self._todo()}"    # the seat awaited
            return {
                Pass: ("not-bidding", f"{who} cannot pass now: {turn}"),
                Auction: ("no-auction", "no auction is possible: " + (
                    "the animal pile is empty, every turn is a trade" if self.phase == S.TURN
                    else turn)),
                Sell: ("not-deciding", f"nothing to sell now: {turn}"),
                Buy: ("cannot-buy-back", f"{self._words['auctioneer']} may {self._words['buy_back']} only after "
                      "the bidding and only with enough money to pay the bid" if self.phase == S.DECIDE
                      else f"nothing to buy now: {turn}"),
                Accept: ("nothing-to-accept", f"no offer is waiting for {who}"),
            }[kind]
        if kind is Pay:
            if self.pay is None:
                return ("not-paying", f"{who} owes nothing now: it is {who}'s turn to "
                        f"{self._todo()}")
            problem = payment_problem(self.hand, action.notes, self.pay, d, self.payment_rule)
            return ("payment", money_words(problem, self._words)) if problem else None
        if kind in (Trade, Counter, Offer):
            if self.notes_for is not kind:
                return ("not-now", f"{who} cannot {str(action).split()[0]} now: it is {who}'s turn to "
                        f"{self._todo()}")
            if len(action.notes) != len(self.hand) or min(action.notes) < 0 or not contains(self.hand, action.notes):
                return ("notes-not-held", f"{who} does not hold {said(action.notes, d)} "
                        f"(holds {fmt(self.hand, d)})")
            if kind is Trade and (action.target, action.family) not in self.trades:
                return _trade_problem(action, self)
            return None
        return ("unknown-action", f"{quote(action)} is not an action of this game")


class BidLegal(Legal):
    """A bidder's Legal: pass, or bid ``bid = (lowest, cap, multiple)``; ``worth`` is
    what the bidder's notes are worth. The same as ``Legal(seat, "bid", (PASS,), bid,
    worth=worth)``, built with three fields (bidders are most of a game's moves); the
    others are the class's own."""

    __slots__ = ()
    phase, simple, trades, hand, notes_for, pay = S.BID, (PASS,), (), None, None, None
    payment_rule, _payments, rules, where = "exact_if_possible", None, None, None

    def __init__(self, seat, bid, worth):
        self.seat, self.bid, self.worth = seat, bid, worth


class _OneLegal(Legal):
    """A Legal with the fields that never vary in its phase as class attributes (a
    subclass per phase below), so that the table sets only the few others, without the
    call of ``__init__`` (every move that is not a bid builds one). Equal to the Legal
    built with every field (``key()``, equality and every method read them alike)."""

    __slots__ = ()
    bid, trades, pay, where, worth = None, (), None, None, 0
    payment_rule, _payments = "exact_if_possible", None


class DecideLegal(_OneLegal):
    """The leader's choice after the bidding, ``Legal(seat, DECIDE, simple, rules=rules)``:
    the table sets ``seat``, ``simple`` and ``rules``."""

    __slots__ = ()
    phase, hand, notes_for = S.DECIDE, None, None


class RespondLegal(_OneLegal):
    """A challenged player's choice, ``Legal(seat, RESPOND, (ACCEPT,), hand=hand,
    notes_for=Counter, rules=rules)``: the table sets ``seat``, ``hand`` and ``rules``."""

    __slots__ = ()
    phase, simple, notes_for = S.RESPOND, (ACCEPT,), Counter


class ReofferLegal(_OneLegal):
    """The challenger after a tie, ``Legal(seat, REOFFER, hand=hand, notes_for=Offer,
    rules=rules)``: the table sets ``seat``, ``hand`` and ``rules``."""

    __slots__ = ()
    phase, simple, notes_for = S.REOFFER, (), Offer


class TurnLegal(Legal):
    """The leader's turn, ``Legal(seat, TURN, simple, trades=trades, hand=hand,
    notes_for=Trade, rules=rules, where=where)``: the table sets those six."""

    __slots__ = ()
    phase, bid, notes_for, pay, worth = S.TURN, None, Trade, None, 0
    payment_rule, _payments = "exact_if_possible", None


class PayLegal(Legal):
    """A payer's choice, ``Legal(seat, PAY, hand=hand, pay=pay, payment_rule=rule,
    rules=rules)``: the table sets those five (and ``_payments``, the payments once listed)."""

    __slots__ = ()
    phase, simple, bid, trades, notes_for, where, worth = S.PAY, (), None, (), None, None, 0


class _Uniforms:
    """Where :func:`random_choice` takes its numbers: ``_u()`` while ``_rng`` is the
    generator it is given; ``stream(rng)`` for another one."""

    __slots__ = ("_rng", "_u", "overbid")

    def __init__(self, rng, overbid: int = 0):
        self._rng, self.overbid = rng, overbid
        self._u = rng.random if rng is not None else None

    def stream(self, rng):
        self._rng, self._u = rng, rng.random
        return self._u


def random_choice(source, observation, legal: Legal, rng):
    """The random bot's choice of a legal action, one function for :meth:`Legal.sample`
    and for the bot ``random`` (``RandomAgent.act`` is this function, so a simulation
    pays one call for it). The uniform numbers in [0, 1) come from ``source._u()``
    while ``source._rng`` is ``rng``, else from ``source.stream(rng)``; a bid may exceed
    the seat's money by ``source.overbid``. The observation is not needed.

    - bidding: pass, or one of the legal bids from the lowest up to the notes the
      seat holds (plus ``overbid``, to exercise the can't-pay rule), each as likely;
    - paying: one of the valid payments;
    - the leader's turn: one of auction and the trades, a trade's offer a random set
      of the seat's notes (each note kept with probability 1/2);
    - a challenged player: accept or counter with a random set of notes, each half
      the time; the challenger after a tie: a random set of notes;
    - otherwise one of the simple actions (sell, buy, ...).
    """
    u = source._u if rng is source._rng else source.stream(rng)
    bidding = legal.bid
    if bidding:                             # the common case first: bidding
        lo, cap, step = bidding
        hi = legal.worth + source.overbid
        if cap is not None and cap < hi:
            hi = cap
        if hi < lo:
            return PASS
        i = int(u() * (2 + (hi - lo) // step))   # pass, or one of the bids lo..hi
        if i == 0:
            return PASS
        amount = lo + (i - 1) * step
        return _BIDS.get(amount) or bid(amount)
    if legal.pay is not None:
        options = legal.pay_options()
        return Pay(options[int(u() * len(options))])
    if legal.phase == S.BID and legal.simple:      # a bidder who showed too little money: pass
        return PASS
    simple = legal.simple
    if legal.trades:
        i = int(u() * (len(simple) + len(legal.trades)))
        if i < len(simple):
            return simple[i]
        target, family = legal.trades[i - len(simple)]
        return Trade(target, family, random_subset(legal.hand, u))
    if legal.notes_for is Counter:
        if u() < 0.5:
            return ACCEPT
        return Counter(random_subset(legal.hand, u))
    if legal.notes_for is Offer:
        return Offer(random_subset(legal.hand, u))
    if not simple:
        raise IllegalAction("not-your-turn", f"seat {legal.seat} has no legal action now")
    return simple[int(u() * len(simple))]


def _trade_problem(a: Trade, legal: Legal) -> tuple[str, str]:
    names = legal.rules.labels
    leader, herds = legal.seat, legal.where[4]
    if not isinstance(a.target, int) or not 0 <= a.target < len(herds) or a.target == leader:
        return ("trade-target", f"seat {quote(a.target)} is not another player to trade with")
    if not isinstance(a.family, int) or not 0 <= a.family < len(names):
        return ("trade-family", f"there is no family {quote(a.family)}")
    label, kind = names[a.family], "a family"
    if label != FAMILIES[a.family]:     # Horse Trading's ranks: the animal too, as a name may be typed
        label, kind = f"{label}, the {FAMILIES[a.family]}", "an animal"   # (HT "Trade" 1: "an animal of which both ...")
    return ("trade-shared-family", f"a trade needs {kind} both players own ({label}: "
            f"seat {leader} has {herds[leader][a.family]}, seat {a.target} has {herds[a.target][a.family]})")


#: The State's fields every seat sees as they are: all but the notes and the open trade
#: (each seat sees these in part) and the cards still to turn up for the lot.
PUBLIC_FIELDS = tuple(f for f in S.FIELDS if f not in ("money", "trade", "draws_left"))
#: What one seat sees besides, built for it by ``Table.observe``.
OWN_FIELDS = ("seat", "to_move", "note_counts", "hand", "hand_total", "trade", "my_offer", "scores", "legal")


class Observation(ObservationBase):
    """One seat's view (built by ``Table.observe``) of the table (immutable); all fields
    are public except ``hand``, ``hand_total`` and ``my_offer``.

    Fields: ``seat``, ``rules``, ``phase``, ``leader``, ``turn``, ``to_move``, ``pile``,
    ``lot``, ``herds``, ``note_counts`` (how many notes each seat holds), ``hand`` (this
    seat's notes), ``hand_total`` (what they are worth), ``bank``, ``paydays``, the
    auction (``high_bid``, ``high_bidder``, ``pending``, ``calls``, ``caps``, ``shown``), the payment (``payer``, ``payee``,
    ``buying``), ``trade`` = ``(challenger, target, family, cards, offer_cards, ties)``
    (the face-down offer shows only its number of cards), ``my_offer`` (this seat's own
    face-down offer), ``scores`` (when the game is over) and ``legal``.
    """

    __slots__ = ()
    _fields = OWN_FIELDS[:1] + PUBLIC_FIELDS + OWN_FIELDS[1:]

    # the fields, read as properties (ObservationBase sets them from _fields)
    seat: int
    rules: Rules
    phase: S.Phase
    leader: int
    turn: int
    pile: tuple[int, ...]
    herds: tuple[tuple[int, ...], ...]
    bank: tuple[int, ...] | None
    paydays: int
    lot: tuple[int, ...]
    high_bid: int
    high_bidder: int
    pending: tuple[int, ...]
    calls: int
    caps: tuple[int, ...]
    shown: tuple[tuple[int, tuple[int, ...]], ...]
    payer: int
    payee: int
    buying: bool
    to_move: tuple[int, ...]
    note_counts: tuple[int, ...]
    hand: tuple[int, ...]
    hand_total: int
    trade: tuple[int, int, int, int, int, int] | None
    my_offer: tuple[int, ...] | None
    scores: tuple | None
    legal: Legal

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, phase={self.phase!r}, hand={self.hand})"
