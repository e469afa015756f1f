"""A session driven at random, as a table of people and bots would drive it (hypothesis).

One state machine per game family (You're Bluffing! and Horse Trading, Bløff, Bluffer, the
single auctions in every format, the Bidder Up! board game) seats people and bots, then
plays, in an order hypothesis chooses: a legal move for a person whose turn it is; a move
that may be illegal (another seat's, one of the game's probes from other phases, a number
made negative or too large, a move record with a field changed, text that is no move);
``undo`` by a person or by the table; ``advance`` (chance and the bots act); a save to a
file and a load of it; every seat's view. After each step it checks that:

1. a refused move raises :class:`IllegalAction` or :class:`NotationError` and leaves the
   state's digest, the moves, the narration and every seat's view as they were; a move the
   rules forbid (the game's ``illegal_probes``, another seat's turn, no seat at all, a
   negative number, one the seat's own ``legal.explain`` refuses) is refused, and one
   ``explain`` allows is played;
2. ``undo`` comes back to the very digest and views the table had before the person's move
   it takes back, or is refused and changes nothing;
3. a log saved and loaded again gives the same digest, moves, narration, views, undo and
   log text;
4. the words of a refusal that a seat reads do not tell it what it cannot see: in a state
   where everything hidden from that seat is dealt again (``game.hide_from``), which its own
   view cannot tell apart, the same move is refused in the same words;
5. nothing raises anything but :class:`BluffkitError` (no ``ValueError`` from a number too
   long to write, no ``TypeError`` from a move record with a field changed).

Undo is also held to its documented rule: it never takes back a move another player has
answered, a step that showed something hidden, or (``undo="own"``) another player's move.
There is no redo: a session only takes moves back.

A move record whose field holds a value of another kind (None, an int where a tuple belongs)
is tried apart, at every decision of one seeded table per game
(:func:`test_a_move_record_with_a_field_of_another_kind_is_refused_in_words`): each must be
refused in words (Bløff, the auctions and Bidder Up! raised ``TypeError`` on some of them).
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import event, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from profiles import examples

from bluffkit.core.digest import state_digest
from bluffkit.core.errors import BluffkitError, IllegalAction, NotationError, plain_problem, quote
from bluffkit.core.game import make_game
from bluffkit.core.spec import spec_of
from bluffkit.games.auction import FORMATS
from bluffkit.session import HUMAN, Session
from bluffkit.testing import mutants

#: What a refusal may raise (the others are a failure of invariant 5).
REFUSALS = (IllegalAction, NotationError)

#: Per family: the games it makes (name and options), the seat counts, the bots seated.
FAMILIES = {
    "youre-bluffing": dict(games=[("youre-bluffing", {}), ("horse-trading", {}),
                                  ("horse-trading", {"variants": ["trade-and-auction"]})],
                           players=(3, 4), bots=("random", "heuristic"), warm=150),
    "bloff": dict(games=[("bloff", {})], players=(3, 4), bots=("random", "honest", "caller"),
                  warm=40),
    "bluffer": dict(games=[("bluffer", {"rounds": 1, "questions_per_round": 3})], players=(3, 4),
                    bots=("average",), warm=8),
    "auction": dict(games=[("auction", {"format": f}) for f in FORMATS], players=None,
                    bots=("truthful",), warm=3),
    "bidder-up": dict(games=[("bidder-up", {"board": b}) for b in ("animal-market", "fairground")],
                      players=(2, 3), bots=("random", "heuristic"), warm=120),
}

#: Text no game reads as a move, or reads as a move no rule allows (refused, whoever types it).
GARBAGE = ("", "   ", "frobnicate 3", "bid", "pay", "bid ten", "pay 10+", "vote", "bid 1_0", "bid ١٠",
           "bid 10 10", "play", "trade", "\x00", "bid 1e3")


def digits_changed(text: str) -> list[tuple[str, bool]]:
    """``text`` with its first number made negative, huge, or too long to write:
    ``(text, must_be_refused)``. A negative amount is never a move; a huge one may be (a
    bluff in You're Bluffing!)."""
    m = re.search(r"\d+", text)
    if m is None:
        return []
    a, b = text[:m.start()], text[m.end():]
    return [(f"{a}-{m[0]}{b}", True), (f"{a}-1{b}", True), (f"{a}{'9' * 30}{b}", False),
            (f"{a}{'9' * 5000}{b}", True)]


def numbers_changed(action):
    """Copies of the move record ``action`` with an int field (or each int of a tuple field)
    made huge, negative, or too long to write."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return
    for f in dataclasses.fields(action):
        v = getattr(action, f.name)
        for big in (10**30, -(10**30), -5, 10**5000):
            if type(v) is int:
                yield dataclasses.replace(action, **{f.name: big})
            elif type(v) is tuple and v and all(type(x) is int for x in v):
                yield dataclasses.replace(action, **{f.name: (big,) + v[1:]})


class SessionMachine(RuleBasedStateMachine):
    """A session of one game family (the subclass's ``FAMILY``), people and bots seated at random."""

    FAMILY = ""

    def __init__(self):
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="bluffkit-stateful-"))
        self.saves = 0
        self.s: Session | None = None
        #: per number of moves: (digest, every seat's view) when the table was there,
        #: for the moves made now (dropped when undo takes them back)
        self.seen: dict[int, tuple] = {}

    def teardown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- set-up -------------------------------------------------------------------
    @initialize(data=st.data())
    def seat_the_table(self, data):
        family = FAMILIES[self.FAMILY]
        name, options = data.draw(st.sampled_from(family["games"]), label="game")
        self.game = make_game(name, **options)
        spec = spec_of(name)
        if family["players"] is None:                  # an auction: its format's seat counts
            lo, hi = self.game.rules.fmt.players
            counts = tuple(range(lo, min(hi, 4) + 1))
        else:
            counts = family["players"]
        n = data.draw(st.sampled_from(counts), label="players")
        kinds = data.draw(st.lists(st.sampled_from((HUMAN, *family["bots"])), min_size=n, max_size=n)
                          .filter(lambda k: HUMAN in k), label="seats")
        self.specs = list(kinds)
        self.undo_rule = data.draw(st.sampled_from(("own", "any")), label="undo")
        self.probes = tuple(spec.illegal_probes)
        self.maybe = tuple(spec.probes)
        seed = data.draw(st.integers(0, 2**32), label="seed")
        self.s = Session(self.game, self.specs, seed=seed, undo=self.undo_rule)
        self.rng = np.random.default_rng(seed)
        self.record()
        self.s.advance()                       # chance deals, the bots before the first person move
        self.play_on(data.draw(st.integers(0, family["warm"]), label="moves played first"))

    # -- what the table looks like -------------------------------------------------
    def views(self, s: Session | None = None) -> tuple:
        s = s or self.s
        return tuple(s.observe(seat) for seat in range(s.players))

    def snapshot(self, s: Session | None = None) -> tuple:
        s = s or self.s
        return (state_digest(s.state, s.game), tuple(s.moves), tuple(s.says), self.views(s), len(s.states),
                s.to_move, s.waiting_for)

    def record(self) -> None:
        """Note the digest and views where the table stands (checked against what is noted)."""
        k = len(self.s.moves)
        now = (state_digest(self.s.state, self.game), self.views())
        if k in self.seen:
            assert self.seen[k] == now, f"the table at move {k} is not as it was when it stood there before"
        self.seen[k] = now

    def humans_to_move(self) -> list[int]:
        return [seat for seat in self.s.to_move if self.s.kinds[seat] == HUMAN]

    def legal_moves(self, seat: int) -> list:
        legal = self.s.legal(seat)
        listed = legal.actions(40)
        if listed:
            return list(listed)
        return [legal.sample(self.rng) for _ in range(3)]     # (not enumerable: an answer to write)

    # -- a refused move, and what it may say ---------------------------------------
    def attempt(self, move, seat, must_refuse: bool, why: str) -> None:
        """Play ``move`` for ``seat`` (``None``: the first seat to move); check a refusal
        (invariants 1, 4, 5), or that a move that must be refused was not played."""
        s = self.s
        before = self.snapshot()
        legal_said = self.explained(move, seat)
        try:
            s.play(move, seat)
        except REFUSALS as e:
            assert self.snapshot() == before, f"refusing {quote(move)} by seat {seat} ({e}) changed the session"
            assert str(e), f"an empty refusal of {quote(move)}"
            assert legal_said is not True, (f"{quote(move)} by seat {seat} is refused ({e}), but the seat's legal "
                                            "moves (legal.explain) allow it")
            event("a move refused")
            self.no_leak(move, seat, e)
            return
        except BluffkitError as e:
            raise AssertionError(f"{quote(move)} by seat {seat} was refused with {type(e).__name__}, not with "
                                 f"IllegalAction or NotationError: {e}") from e
        except Exception as e:
            raise AssertionError(f"{quote(move)} by seat {seat} raised {type(e).__name__}: {e}") from e
        assert not must_refuse, f"{quote(move)} by seat {seat} was played ({why}): {s.says[-1]!r}"
        assert legal_said is not False, (f"{quote(move)} by seat {seat} was played, but the seat's legal moves "
                                         f"(legal.explain) refuse it")
        self.record()

    def explained(self, move, seat) -> bool | None:
        """Whether ``move`` is allowed by what the rest of bluffkit asks before a move
        (``plain_problem(move) or legal.explain(move)``, as the RL environment and the
        auctions do); None: it cannot say (no seat, text that does not read)."""
        s = self.s
        if seat is None:
            if not s.to_move:
                return None
            seat = s.to_move[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.players or s.over:
            return None
        if isinstance(move, str):
            try:
                move = s.game.parse(move)
            except BluffkitError:
                return None
        try:
            return (plain_problem(move) or s.legal(seat).explain(move)) is None
        except BluffkitError:
            return None

    def no_leak(self, move, seat, error: Exception) -> None:
        """Invariant 4: the refusal the seat reads is the same in states dealt again with what
        it cannot see (its own view of them is checked to be the same)."""
        s = self.s
        if seat is None:
            if not s.to_move:
                return
            seat = s.to_move[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.players:
            return
        if isinstance(move, str):
            try:
                move = s.game.parse(move)
            except BluffkitError:
                return                       # (words no parser reads: they hold nothing of the game)
        seen = s.game.observe(s.state, seat)
        for _ in range(2):
            other = s.game.hide_from(s.state, seat, self.rng)
            assert s.game.observe(other, seat) == seen, "hide_from changed what the seat sees"
            try:
                s.game.step(other, seat, move)
            except BluffkitError as e:
                assert str(e) == str(error), (f"the refusal of {quote(move)} that seat {seat} reads tells it what it "
                                              f"cannot see: {str(error)!r} here, {str(e)!r} with the hidden "
                                              "cards dealt otherwise")
            else:
                raise AssertionError(f"{quote(move)} by seat {seat} is refused ({error}) but played with what the seat "
                                     "cannot see dealt otherwise: the refusal tells it something hidden")

    def play_on(self, k: int) -> None:
        """``k`` legal moves of people, each chosen at random, with chance and the bots
        acting between them: the table goes deeper into the game than one move per rule."""
        s = self.s
        for _ in range(k):
            s.advance()
            humans = self.humans_to_move()
            if s.over or not humans:
                break
            seat = humans[int(self.rng.integers(len(humans)))]
            moves = self.legal_moves(seat)
            self.record()
            s.play(moves[int(self.rng.integers(len(moves)))], seat)
        self.record()

    # -- rules ----------------------------------------------------------------------
    @rule(k=st.integers(1, 12))
    def people_play_on(self, k):
        self.play_on(k)

    @precondition(lambda self: bool(self.humans_to_move()))
    @rule(data=st.data())
    def legal_move(self, data):
        seat = data.draw(st.sampled_from(self.humans_to_move()), label="seat")
        move = data.draw(st.sampled_from(self.legal_moves(seat)), label="move")
        self.record()
        as_text = data.draw(st.booleans(), label="as text")
        try:
            self.s.play(self.game.notation(move) if as_text else move, seat)
        except Exception as e:
            raise AssertionError(f"the legal move {quote(move)} of seat {seat} was refused: {e}") from e
        self.record()

    @rule(data=st.data())
    def wrong_seat(self, data):
        """Another seat's move, by a seat whose turn it is not, or by no seat at all."""
        s = self.s
        movers = s.to_move
        others = [seat for seat in range(s.players) if seat not in movers]
        move = data.draw(st.sampled_from(self.legal_moves(movers[0]) if movers else
                                         [self.game.parse(p) for p in self.probes]), label="move")
        seat = data.draw(st.sampled_from(others + [-1, s.players, 99, True]), label="seat")
        self.attempt(move, seat, True, "not that seat's turn")

    @rule(data=st.data())
    def probe(self, data):
        """One of the game's probes (``illegal_probes``: never legal; ``probes``: moves of
        every phase, legal now and then), maybe with its number changed."""
        s = self.s
        seat = data.draw(st.sampled_from([None, *range(s.players)]), label="seat")
        text = data.draw(st.sampled_from(self.probes + self.maybe), label="probe")
        must = text in self.probes
        changed = digits_changed(text)
        if changed and data.draw(st.booleans(), label="change its number"):
            # a probe never legal may be so for its number alone ("bid 0"): with another number
            # it must be refused only when that number is never a move (negative, unwritable)
            text, must = data.draw(st.sampled_from(changed), label="changed")
        if seat is not None and seat not in s.to_move:
            must = True
        self.attempt(text, seat, must, "an illegal probe, a negative number, or not that seat's turn")

    @rule(data=st.data())
    def garbage(self, data):
        """Text that is no move (refused), or any short text (refused in words, or a move)."""
        if data.draw(st.booleans(), label="known garbage"):
            self.attempt(data.draw(st.sampled_from(GARBAGE), label="text"), None, True, "text that is no move")
        else:
            self.attempt(data.draw(st.text(max_size=12), label="text"), None, False, "")

    @precondition(lambda self: bool(self.humans_to_move()))
    @rule(data=st.data())
    def mutant(self, data):
        """A legal move record with one field changed as a slip in code would change it (a
        number one off, -1, 0, huge or too long to write; a tuple cut, reversed or grown; a
        text in capitals or empty): refused in words, or played."""
        seat = data.draw(st.sampled_from(self.humans_to_move()), label="seat")
        move = data.draw(st.sampled_from(self.legal_moves(seat)), label="legal move")
        odd = list(mutants(move)) + list(numbers_changed(move))
        if odd:
            self.attempt(data.draw(st.sampled_from(odd), label="mutant"), seat, False, "")

    @rule(data=st.data())
    def undo(self, data):
        s = self.s
        seat = data.draw(st.sampled_from([None, *(i for i, k in enumerate(s.kinds) if k == HUMAN)]), label="asking")
        before = self.snapshot()
        shown = [s.shows(i) for i in range(len(s.moves))]
        asking = s.waiting_for if seat is None else seat
        try:
            n = s.undo(seat)
        except IllegalAction as e:
            assert self.snapshot() == before, f"a refused undo ({e}) changed the session"
            event(f"undo refused: {e.rule}")
            return
        k = len(s.moves)
        assert n == len(before[1]) - k and n >= 1, f"undo says it took back {n} moves, from {len(before[1])} to {k}"
        assert s.moves == list(before[1][:k]) and s.says == list(before[2][:k]), "undo changed the moves it kept"
        assert before[1][k][0] is not None and s.kinds[before[1][k][0]] == HUMAN, \
            f"undo took back to before move {k + 1}, which no person made: {before[1][k]!r}"
        mover = before[1][k][0]
        others = [m for m, _ in before[1][k + 1:] if m is not None and m != mover]
        assert not others, f"undo took back seat {mover}'s move after seat {others[0]} had answered it"
        assert not any(shown[k:]), "undo took back a step that showed something hidden"
        assert self.undo_rule == "any" or asking in (None, mover), \
            f"seat {asking} took back seat {mover}'s move at a table where players take back their own"
        assert k in self.seen, f"undo came back to move {k}, where the table never stood before a person's move"
        digest, views = self.seen[k]
        assert state_digest(s.state, self.game) == digest, f"after undo the digest at move {k} is not as it was"
        assert self.views() == views, f"after undo a seat's view at move {k} is not as it was"
        for gone in [i for i in self.seen if i > k]:
            del self.seen[gone]
        event("undo played")

    @precondition(lambda self: bool(self.humans_to_move()))
    @rule(data=st.data())
    def move_and_take_back(self, data):
        """A person's legal move taken back at once by that person: nobody has answered it, so
        undo must give back the table as it was, unless the move showed something hidden."""
        s = self.s
        seat = data.draw(st.sampled_from(self.humans_to_move()), label="seat")
        move = data.draw(st.sampled_from(self.legal_moves(seat)), label="move")
        before = self.snapshot()
        self.record()
        s.play(move, seat)
        try:
            n = s.undo(seat)
        except IllegalAction as e:
            assert e.rule == "undo-reveals" and s.shows(len(s.moves) - 1), \
                f"{quote(move)} by seat {seat}, taken back at once by that seat, is refused: {e}"
            self.record()
            return
        assert n == 1, f"undo took back {n} moves, not the one just made"
        assert self.snapshot() == before, f"undo of {quote(move)} did not give back the table as it was"
        event("undo played")

    @rule(limit=st.none() | st.integers(0, 5))
    def advance(self, limit):
        s = self.s
        moves = list(s.moves)
        try:
            said = s.advance(limit)
        except BluffkitError as e:
            raise AssertionError(f"advance() raised {type(e).__name__}: {e}") from e
        assert s.moves[:len(moves)] == moves and said == s.says[len(moves):]
        for seat, _ in s.moves[len(moves):]:
            assert seat is None or s.kinds[seat] != HUMAN, f"advance() moved for the person at seat {seat}"
        self.record()

    @rule(keep=st.booleans())
    def save_and_load(self, keep):
        s = self.s
        self.saves += 1
        path = s.save(self.folder / f"game-{self.saves}.jsonl")
        again = Session.load(path, seats=self.specs, undo=self.undo_rule)
        assert self.snapshot(again) == self.snapshot(), "the loaded session is not the one saved"
        assert again.undo_problem()[0] == s.undo_problem()[0], "the loaded session would undo another move"
        assert repr(again.undo_problem()[1]) == repr(s.undo_problem()[1]), "undo is refused otherwise after a load"
        copy = again.save(self.folder / f"game-{self.saves}-again.jsonl")
        assert copy.read_text() == path.read_text(), "the loaded session saves another log"
        if keep:                                        # play on from the loaded game
            self.s = again
        self.record()

    @rule()
    def look(self):
        views = self.views()
        assert views == self.views(), "a seat's view changed by looking"
        for seat, view in enumerate(views):
            assert view.seat == seat, f"seat {seat} is shown seat {view.seat}'s view"
        self.record()

    @invariant()
    def consistent(self):
        s = self.s
        if s is None:
            return
        assert len(s.states) == len(s.moves) + 1 and len(s.says) == len(s.moves), \
            f"{len(s.states)} states, {len(s.moves)} moves and {len(s.says)} lines of narration"
        k = len(s.moves)
        if k in self.seen:
            assert self.seen[k][0] == state_digest(s.state, self.game), f"the digest at move {k} has changed"


#: Values of another kind than a move record's field holds: what an agent object's slip in
#: code could hand over (``plain_problem`` lets each through: each is plain data).
WRONG_KINDS = (None, 7, -1, "7", (), (7,), (None,), ("x",))


def wrong_kinds(action):
    """Copies of the move record ``action`` with one field of another kind (an int where a
    tuple or a text belongs, None, a tuple of text...)."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return
    for f in dataclasses.fields(action):
        v = getattr(action, f.name)
        for w in WRONG_KINDS:
            if type(w) is not type(v):
                yield dataclasses.replace(action, **{f.name: w})


TABLES = [
    pytest.param("youre-bluffing", {}, 3, id="youre-bluffing"),
    pytest.param("horse-trading", {}, 3, id="horse-trading"),
    pytest.param("bluffer", {}, 3, id="bluffer"),
    pytest.param("bloff", {}, 3, id="bloff"),                    # Play(cards=5) raised a TypeError
    *(pytest.param("auction", {"format": f}, n, id=f"auction-{f}")  # Word(word=None), Refusal(keep=7)
      for f, n in (("classic", 3), ("dutch", 3), ("the-call", 2))),   # (The Call: 2 players)
    pytest.param("bidder-up", {}, 2, id="bidder-up"),            # Pick(places=7), and its pens' as the auctions'
]


@pytest.mark.parametrize("name, options, players", TABLES)
def test_a_move_record_with_a_field_of_another_kind_is_refused_in_words(name, options, players):
    """Invariant 5 for move records built in code (an agent object's act, a panel's button):
    a field of another kind than the record's (None, an int for a tuple, a tuple of text) is
    refused with a BluffkitError, changing nothing, or played; never a TypeError. A seeded
    table of people, the records tried at each of their first decisions."""
    s = Session(make_game(name, **options), [HUMAN] * players, seed=5, undo="any")
    rng = np.random.default_rng(5)
    crashes = []
    for _ in range(60):
        s.advance()
        if s.over:
            break
        seat = s.to_move[0]
        legal = s.legal(seat)
        moves = list(legal.actions(6) or [legal.sample(rng)])
        for move in moves:
            for odd in wrong_kinds(move):
                before = (state_digest(s.state, s.game), list(s.moves), list(s.says))
                try:
                    s.play(odd, seat)
                except BluffkitError:
                    assert (state_digest(s.state, s.game), list(s.moves), list(s.says)) == before
                    continue
                except Exception as e:        # (collected: every kind of crash is told at once)
                    crashes.append(f"{quote(odd)} by seat {seat} in phase {s.state.phase!r}: "
                                   f"{type(e).__name__}: {e}")
                    continue
                s.undo(seat)                 # (played: a move of its own, taken back)
        s.play(moves[int(rng.integers(len(moves)))], seat)
    assert not crashes, f"{len(crashes)} records raised another error than bluffkit's:\n" + "\n".join(
        dict.fromkeys(crashes))


def machine_for(family: str, count: int, steps: int):
    cls = type(f"{family.title().replace('-', '')}Session", (SessionMachine,), {"FAMILY": family})
    cls.TestCase.settings = settings(max_examples=examples(count), stateful_step_count=steps, deadline=None)
    return cls


YoureBluffingSession = machine_for("youre-bluffing", 25, 30)
BloffSession = machine_for("bloff", 25, 30)
BlufferSession = machine_for("bluffer", 25, 30)
AuctionSession = machine_for("auction", 40, 25)
BidderUpSession = machine_for("bidder-up", 20, 30)

# (slow: make test runs them, make check, the 60 s fast loop, leaves them out)
TestYoureBluffingSession = pytest.mark.slow(YoureBluffingSession.TestCase)
TestBloffSession = pytest.mark.slow(BloffSession.TestCase)
TestBlufferSession = pytest.mark.slow(BlufferSession.TestCase)
TestAuctionSession = pytest.mark.slow(AuctionSession.TestCase)
TestBidderUpSession = pytest.mark.slow(BidderUpSession.TestCase)

