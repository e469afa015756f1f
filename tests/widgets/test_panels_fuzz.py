"""Each game's panel clicked at random, as a class of students would click it (hypothesis).

One state machine per hot-seat panel (the table of You're Bluffing! and Horse Trading,
Bløff, Bluffer, Bidder Up! on both boards) seats two or three people and some bots, the
projector and the scores on or off, and a browser's click clock or none (clicks from code,
never dropped; or clicks dated as a browser dates them, some a double click's second,
which :class:`~bluffkit.widgets.seat_panel.ClickClock` drops). Then, in an order hypothesis
chooses: a click on ANY button of the widget tree (hidden, disabled, out of turn, on a
cover, twice in a row), a note, card or setting toggled, an option chosen in a list,
random text typed in the Move box and Enter pressed (a legal move, another seat's, a move
of another phase, text that is no move), a number or words typed in the other boxes, a
space clicked on the Bidder Up! board, Undo, Show, legal moves clicked through the
panel's own controls, now and then the game played to its end. After every click:

1. nothing raises (ipywidgets swallows an exception in a click handler and only logs it:
   the log is read), and a move the session refused, or a typed move not played, is
   answered in the message line, in words;
2. a click that plays nothing (no move, no roll, no undo made by the session), or whose
   answer is a new refusal, leaves the session's state digest and moves as they were;
3. the widget tree holds nothing hidden from the seat on screen, and on a cover nothing
   private of anyone (:func:`bluffkit.widget_check.check_screen` against a twin drawn from
   a redealt state and then given, at the same clock times, the clicks made on this screen
   that played nothing: a space chosen, notes chosen, a bid stepped, words typed, which are
   the student's own; the message line is the twin's own answer to them, drawn afresh
   after a move, but the panel's after Undo, whose answer is public, or after a click the
   twin cannot be given), and no widget the panel made is open off screen
   (:func:`bluffkit.widget_check.check_off_screen`);
4. the panel still draws: its HTML is not empty, the seat's view or the cover's words
   are there, and once the game is over it says who won.

The auction lab, the replay viewer and the scenario player are clicked at random in the
same way, below, with the checks that apply to them. What the fuzzing found is kept as a
seeded test of its own.
"""

from __future__ import annotations

import json
import logging
import re
import shutil
import tempfile
import types
from html import unescape
from pathlib import Path
from unittest import mock

import ipywidgets as W
import numpy as np
import pytest
from hypothesis import event, given, note, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from profiles import examples

from bluffkit.core.digest import state_digest
from bluffkit.core.errors import BluffkitError
from bluffkit.core.spec import spec_of
from bluffkit.widget_check import (
    Pristine,
    _Made,
    _widgets,
    check_off_screen,
    check_screen,
    compare_trees,
    driver_for,
    is_cover,
    widget_tree,
)
from bluffkit.widgets import BidderUpTable, BloffTable, BlufferTable, TablePanel, bluffer as bluffer_module, seat_panel

NAMES = ["Ana", "Bo", "Cy", "Dee"]

#: Text no game reads as a move, or reads as one no rule allows, whoever types it.
GARBAGE = ("frobnicate 3", "bid", "pay", "bid ten", "pay 10+", "vote", "bid -10", "bid 1e3", "\x00", "undo",
           "show", "trade 9 cow 10", "play 2H,2H", "move", "write", "bid " + "9" * 400)

#: Gaps between two clicks of a browser's clock (seconds): a double click's, a quick
#: player's, a slow one's.
GAPS = (0.05, 0.15, 0.35, 1.5)


class HandlerError(AssertionError):
    """An exception in a widget's handler, which ipywidgets only logs."""


class _Swallowed(logging.Handler):
    """Collects the records of exceptions ipywidgets swallowed in click and message handlers."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        if record.exc_info or "Exception in callback" in record.getMessage():
            self.records.append(record)


def words_of(html: str) -> str:
    """The words a person reads in an HTML fragment (not its style sheet)."""
    return " ".join(unescape(re.sub(r"<[^>]*>", " ", re.sub(r"(?s)<style.*?</style>", " ", html))).split())


def said_in_words(html: str) -> bool:
    return re.search(r"[^\W\d_]{2,}.*[^\W\d_]{2,}", words_of(html)) is not None


def drawn_text(panel) -> str:
    """Every HTML the panel's widget tree holds (the board view's too), as read."""
    return " ".join(w.value for w in _widgets(panel) if isinstance(w, (W.HTML, W.Label)) or hasattr(w, "clickable"))


def says_who_won(panel) -> str | None:
    """``None`` when the panel, at the end, names every winner with "win"; else what is missing."""
    s = panel.session
    text = words_of(drawn_text(panel))
    for seat in s.game.winners(s.state):
        name = re.escape(s.names[seat])
        if not re.search(rf"{name}\b[^.]{{0,80}}\bwins?\b", text):
            return f"the game is over and the panel does not say that {s.names[seat]} won: {text!r}"
    return None


class PanelMachine(RuleBasedStateMachine):
    """A hot-seat panel (the subclass's :meth:`make`) clicked at random by its students."""

    #: The most moves of the people played before the first click (the rest of the game after them).
    WARM = 60

    def __init__(self):
        super().__init__()
        self.panel = self.twin = None
        self.folder = Path(tempfile.mkdtemp(prefix="bluffkit-fuzz-"))
        self.patches: list = []
        self.swallowed = _Swallowed()
        logging.getLogger().addHandler(self.swallowed)
        self.made = _Made()
        self.now: float | None = None           # the browser's clock; None: clicks from code
        self.since: list[tuple] = []            # the clicks on this screen that played nothing (see click)
        self.settings = (False, False)          # the projector and the scores when the screen was drawn
        self.calls: list[tuple[str, bool]] = []  # the session's plays, rolls and undos in this click: (what, made)
        self.drops = 0                          # clicks the click clock dropped in this click
        self.own = False                        # the twin's own message is compared (see click, mirror)

    def teardown(self):
        for p in self.patches:
            p.stop()
        logging.getLogger().removeHandler(self.swallowed)
        self.made.close()
        for panel in (self.panel, self.twin):
            if panel is not None:
                panel.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- set-up ----------------------------------------------------------------------------
    def make(self, data):
        """The panel's maker (drawn), its game's name, and the number of players."""
        raise NotImplementedError

    def seats(self, data, players: int) -> list[int]:
        """Two or three human seats (never more than the table has), the rest bots."""
        k = data.draw(st.integers(2, min(3, players)), label="human seats")
        return sorted(data.draw(st.lists(st.integers(0, players - 1), min_size=k, max_size=k, unique=True),
                                label="humans"))

    @initialize(data=st.data())
    def seat_the_class(self, data):
        make, name = self.make(data)
        self.spec = spec_of(name)
        self.made.widgets, self.made.on = {}, True
        self.panel = p = make()
        self.made.on = False
        self.twin = make()
        self.pristine = Pristine(self.twin)
        self.drive = driver_for(p)
        self.base_mirror = self.drive.mirror
        self.drive.mirror = self.mirror
        self.rng = np.random.default_rng(data.draw(st.integers(0, 2**32), label="redeal seed"))
        p.save_path.value = str(self.folder / "game.jsonl")     # Save log writes nowhere else
        self.twin.save_path.value = p.save_path.value
        self.pristine = Pristine(self.twin)
        s = p.session
        for what in ("play", "chance", "undo"):
            setattr(s, what, self.watched(what, getattr(s, what)))
        stale = p.clicks.stale

        def counted_stale():
            dropped = stale()
            self.drops += dropped
            return dropped
        p.clicks.stale = counted_stale
        if data.draw(st.booleans(), label="a browser's click clock"):
            self.now = 1000.0
            for target in (seat_panel, bluffer_module):
                patch = mock.patch.object(target, "click_sent_at", lambda: self.now)
                patch.start()
                self.patches.append(patch)
            # the clock's own measure of how long the kernel took over a move, on the same
            # clock: else whether a click is dropped would hang on how busy the machine is
            patch = mock.patch.object(seat_panel, "time", types.SimpleNamespace(monotonic=lambda: self.now))
            patch.start()
            self.patches.append(patch)
        warm = data.draw(st.integers(0, self.WARM), label="moves played first")
        if warm:
            self.play_on_session(warm)
            p.said.extend(s.says)
            p.viewer = None
            p.refresh()
        for toggle in ("projector", "scores_button"):
            if data.draw(st.booleans(), label=toggle):
                self.click(lambda t=toggle: setattr(getattr(p, t), "value", True), toggle)
        self.drawn_anew()

    def watched(self, what, real):
        """``real`` (the session's play, chance or undo), noting whether each call made its change."""
        def call(*a, **k):
            try:
                out = real(*a, **k)
            except BluffkitError:
                self.calls.append((what, False))
                raise
            self.calls.append((what, True))
            return out
        return call

    def play_on_session(self, k: int) -> None:
        """``k`` random legal moves of the people, played on the session (as a teacher's code
        would), the bots and chance acting between them."""
        s = self.panel.session
        for _ in range(k):
            s.advance()
            if s.over:
                return
            seat = s.to_move[0]
            legal = s.legal(seat)
            listed = legal.actions(30)
            moves = list(listed) if listed else [legal.sample(self.rng)]
            s.play(moves[int(self.rng.integers(len(moves)))], seat)

    # -- one click, and checks 1 and 2 ----------------------------------------------------------
    def snapshot(self):
        s = self.panel.session
        return state_digest(s.state, s.game), len(s.moves), tuple(s.moves)

    def click(self, act, what: str = "", typed: str | None = None, again=None) -> None:
        """Make one click (``act``), as the student at the screen: check that nothing raised, and
        invariants 1 and 2. ``typed``: the text entered, when the click is Enter in the Move box.
        ``again``: how to make the same click on the twin (see :meth:`mirror`)."""
        p = self.panel
        before, message, screen = self.snapshot(), p.message.value, p.screen
        self.calls, self.drops = [], 0
        if self.now is not None:
            self.now += GAPS[int(self.rng.integers(len(GAPS)))]
        self.made.on = True
        try:
            act()
        finally:
            self.made.on = False
        self.raised(what)
        after, said = self.snapshot(), p.message.value
        made = any(ok for _, ok in self.calls)
        if not made:
            assert after == before, (f"{what}: the session played nothing (its calls: {self.calls}), yet the state "
                                     "or the moves changed")
        refused = [w for w, ok in self.calls if not ok]
        event("a move played" if made else "refused in words" if "bk-refusal" in said else "nothing played")
        if refused and not made:
            assert "bk-refusal" in said and said_in_words(said), \
                f"{what}: the session refused a {refused[0]}, and the panel says {words_of(said)!r}"
        if typed is not None and typed.strip() and not made and not self.drops and screen[0] != "over":
            assert said_in_words(said), f"{what}: the typed move was not played and the panel says nothing"
        if "bk-refusal" in said and said != message:
            assert after == before, f"{what}: the panel refused ({words_of(said)!r}) but the game went on"
        # the twin is drawn at this screen from the state, then given the clicks that played
        # nothing since it was drawn (a space chosen and its notes to pay asked, notes chosen,
        # a bid stepped up, words typed): what the student at the screen did, not a secret
        undid = any(w == "undo" for w, _ in self.calls) or what.startswith("Undo")
        if made or p.screen != screen or after != before:
            # a screen drawn anew starts with an empty Move box, words typed at the cover
            # before it too (the twin, drawn at the new screen, is not given them)
            assert p.screen == screen or not p.typed.value, \
                f"{what}: {p.screen} drawn from {screen} still holds {p.typed.value!r} in the Move box"
            self.drawn_anew()
            self.own = not undid
        elif again is not None and not self.drops:
            self.since.append((again, self.now))
            self.own = self.own and not undid
        else:
            self.own = self.own and said == message
        # what a cover may say next: the answer to a click made at a cover, or to Undo (public)
        self.drive.cover_says = said if is_cover(screen[0]) or undid else ""

    def drawn_anew(self) -> None:
        """The screen was drawn anew (another screen, or a move played): no click on it yet."""
        self.since = []
        self.settings = (self.panel.projector.value, self.panel.scores_button.value)

    def raised(self, what: str) -> None:
        if self.swallowed.records:
            record = self.swallowed.records[0]
            exc = record.exc_info[1] if record.exc_info else None
            raise HandlerError(f"{what}: a widget handler raised: {record.getMessage()}") from exc

    def place(self, widget) -> int:
        """Where ``widget`` is in the panel's tree (the twin's widget in that place is its twin)."""
        return next(k for k, w in enumerate(_widgets(self.panel)) if w is widget)

    def press(self, button, what: str) -> None:
        """Click ``button``."""
        self.click(button.click, what, again=("click", self.place(button)))

    def set_input(self, widget, value, what: str, attr: str = "value") -> None:
        """A student types or chooses ``value`` in ``widget`` (its observers may play a move);
        ``attr``: ``"index"`` for an option chosen in a list."""
        k = self.place(widget)
        self.click(lambda: setattr(widget, attr, value), what, typed=value if widget is self.panel.typed else None,
                   again=("set", k, attr, value))

    def pool(self, kinds, skip=()) -> list:
        """The panel's open widgets of ``kinds`` in its tree, hidden ones too, in tree order."""
        return [w for w in _widgets(self.panel) if isinstance(w, kinds) and w not in skip and w.comm is not None]

    # -- the twin: drawn at the same screen, given the students' settings and clicks -------------
    def mirror(self, twin, panel, state, past=None) -> None:
        for key, on in zip(("projector", "scores_button"), self.settings):   # as the screen was drawn
            if getattr(twin, key).value != on:
                getattr(twin, key).value = on
        self.drive.answer, self.drive.left = "drawn", None      # its own message, then the clicks since
        self.base_mirror(twin, panel, state, past)
        now = self.now
        twin.clicks = seat_panel.ClickClock()                  # the clicks at this screen, at the same times
        if hasattr(twin, "_over_bid"):
            twin._over_bid = None                              # (a question asked at an earlier drawing)
        try:
            for again, sent in self.since:
                self.now = sent
                if again[0] == "space":
                    twin.view.click_space(again[1])
                    continue
                widgets = _widgets(twin)
                if again[1] >= len(widgets):
                    continue                    # (the trees differ: the comparison says where)
                w = widgets[again[1]]
                if again[0] == "click" and isinstance(w, W.Button):
                    w.click()
                elif again[0] == "set" and hasattr(w, again[2]):
                    if again[2] == "index" and again[3] >= len(w.options):
                        continue
                    if w is twin.typed and w.value == again[3]:
                        w.value = ""
                    setattr(w, again[2], again[3])
        finally:
            self.now = now
        self.raised("the twin given the same clicks")
        if is_cover(panel.screen[0]):
            twin.message.value = self.drive.cover_says
        elif not self.own:
            twin.message.value = panel.message.value    # Undo's answer (public), or one the twin cannot give

    # -- rules -------------------------------------------------------------------------------
    @rule(data=st.data(), twice=st.booleans())
    def press_any_button(self, data, twice):
        buttons = self.pool(W.Button)
        b = buttons[data.draw(st.integers(0, len(buttons) - 1), label="button")]
        shown = "hidden" if b.layout.display == "none" else "disabled" if b.disabled else "shown"
        note(f"click {b.description!r} ({shown}) on {self.panel.screen}" + (", twice" if twice else ""))
        k = self.place(b)
        self.press(b, f"click on {b.description!r} ({shown})")
        if twice:                   # the second click lands where the first did, on what is drawn there now
            there = _widgets(self.panel)
            b = there[k] if k < len(there) else None
            if isinstance(b, W.Button):
                self.press(b, f"a second click, on {b.description!r}")

    @rule(data=st.data())
    def flip_any_toggle(self, data):
        toggles = self.pool(W.ToggleButton)
        t = toggles[data.draw(st.integers(0, len(toggles) - 1), label="toggle")]
        note(f"toggle {t.description!r} to {not t.value} on {self.panel.screen}")
        self.set_input(t, not t.value, f"toggling {t.description!r}")

    @rule(data=st.data())
    def choose_any_option(self, data):
        lists = [w for w in self.pool((W.Dropdown, W.ToggleButtons)) if w.options]
        if not lists:
            return
        w = lists[data.draw(st.integers(0, len(lists) - 1), label="list")]
        k = data.draw(st.integers(0, len(w.options) - 1), label="option")
        label = w.options[k][0] if isinstance(w.options[k], tuple) else w.options[k]
        note(f"choose {label!r} in {w.description or type(w).__name__} on {self.panel.screen}")
        self.set_input(w, k, f"choosing {label!r}", attr="index")

    @rule(data=st.data())
    def type_a_move(self, data):
        p = self.panel
        s = p.session
        kind = data.draw(st.sampled_from(("legal", "another seat's", "probe", "garbage", "any")), label="typed")
        text = ""
        if kind in ("legal", "another seat's") and not s.over:
            seats = ([p.viewer] if kind == "legal" and p.viewer is not None else
                     [x for x in range(s.players) if x != p.viewer])
            seat = data.draw(st.sampled_from(seats), label="whose move")
            legal = s.legal(seat)
            listed = legal.actions(20) if legal else None
            moves = list(listed) if listed else [legal.sample(self.rng)] if legal else []
            if moves:
                text = s.game.notation(data.draw(st.sampled_from(moves), label="move"))
        elif kind == "probe" and (self.spec.probes or self.spec.illegal_probes):
            text = data.draw(st.sampled_from(self.spec.probes + self.spec.illegal_probes), label="probe")
        elif kind == "garbage":
            text = data.draw(st.sampled_from(GARBAGE), label="text")
        else:
            text = data.draw(st.text(max_size=15), label="text")
        note(f"type {text!r} and press Enter on {p.screen}")
        if p.typed.value:
            self.set_input(p.typed, "", "clearing the Move box")
        self.set_input(p.typed, text, f"typing {text!r} in the Move box")

    @rule(data=st.data())
    def type_in_another_box(self, data):
        boxes = self.pool((W.Text, W.IntText, W.BoundedIntText), skip=(self.panel.typed, self.panel.save_path))
        if not boxes:
            return
        box = boxes[data.draw(st.integers(0, len(boxes) - 1), label="box")]
        if isinstance(box, W.Text):
            value = data.draw(st.sampled_from(("a purple cow", "", "  ")) | st.text(max_size=20), label="words")
        else:
            value = data.draw(st.integers(-5, 400) | st.sampled_from((10**12, -(10**9))), label="number")
            if isinstance(box, W.BoundedIntText):
                value = min(max(value, box.min), box.max)
        note(f"type {value!r} in {box.description!r} on {self.panel.screen}")
        self.set_input(box, value, f"typing {value!r} in {box.description!r}")

    @rule()
    def undo(self):
        note(f"Undo on {self.panel.screen}")
        self.press(self.panel.undo_button, "Undo")

    @rule()
    def show(self):
        note(f"Show on {self.panel.screen}")
        self.press(self.panel.show, "Show")

    @rule(k=st.integers(1, 6))
    def play_legal_moves(self, k):
        """The students whose turn it is play legal moves through the panel's controls
        (uncovering the table first): each must be played."""
        p = self.panel
        now, self.now = self.now, None          # (read, then clicked: no double click)
        try:
            for _ in range(k):
                kind, seat = p.screen
                if is_cover(kind):
                    self.click(p.show.click, "Show")
                    continue
                if kind == "leader":
                    self.click(p.hide_leader.click, "Hide the leader's screen")
                    continue
                if kind != "seat":
                    return
                if p.chance_seat() == seat:
                    self.click(p.roll_button.click, "Roll the die")
                    continue
                obs = p.session.observe(seat)
                action = self.drive.bot.act(obs, obs.legal, self.rng)
                moves = len(p.session.moves)
                note(f"play {action} through the controls on {p.screen}")
                self.click(lambda a=action: self.drive.act(p, a) or self.enter(str(a)), f"the legal move {action}")
                assert len(p.session.moves) > moves or p.session.over, \
                    f"the legal move {action} of seat {seat}, clicked, was not played: {words_of(p.message.value)!r}"
        finally:
            if now is not None:
                self.now = now + 2.0

    def enter(self, text: str) -> None:
        self.panel.typed.value = ""
        self.panel.typed.value = text

    @rule(go=st.integers(0, 4))
    def play_to_the_end(self, go):
        """Now and then the rest of the game is played (as a teacher's code would) and drawn."""
        if go:
            return
        p = self.panel

        def finish():
            k = len(p.session.says)
            self.play_on_session(10_000)
            p.said.extend(p.session.says[k:])           # the table heard every move, as if clicked
            p.viewer = None
            p.refresh()
        self.click(finish, "the game played to its end")

    # -- checks 3 and 4, after every click ---------------------------------------------------------
    @invariant()
    def nothing_hidden_on_screen(self):
        p = self.panel
        if p is None:
            return
        check_off_screen(p, self.made.widgets)
        check_screen(p, self.twin, self.drive, self.rng, pristine=self.pristine)

    @invariant()
    def still_drawn(self):
        p = self.panel
        if p is None:
            return
        kind, _ = p.screen
        event(f"screen: {kind}")
        assert kind != "stuck", f"no seat on screen: {words_of(p.message.value)!r}"
        assert words_of(drawn_text(p)), "the panel draws nothing"
        if kind == "over":
            problem = says_who_won(p)
            assert problem is None, problem
        elif is_cover(kind):
            assert said_in_words(p.cover_text.value) or said_in_words(getattr(p, "shared", p.cover_text).value), \
                "the cover says nothing"
        else:
            assert words_of(p.view.value) or words_of(getattr(p, "shared", p.view).value), \
                f"{kind}: no table is drawn"
        repr(p)


class TableFuzz(PanelMachine):
    def make(self, data):
        name = data.draw(st.sampled_from(("youre-bluffing", "horse-trading")), label="game")
        players = data.draw(st.sampled_from((3, 4)), label="players")
        humans = self.seats(data, players)
        bots = data.draw(st.sampled_from(("random", "heuristic")), label="bots")
        undo = data.draw(st.sampled_from(("own", "any")), label="undo")
        seed = data.draw(st.integers(0, 2**32), label="seed")
        return (lambda: TablePanel(name, players=players, humans=humans, bots=bots, names=NAMES[:players],
                                   seed=seed, undo=undo)), name


class BloffFuzz(PanelMachine):
    WARM = 20

    def make(self, data):
        players = data.draw(st.sampled_from((3, 4)), label="players")
        humans = self.seats(data, players)
        bots = data.draw(st.sampled_from(("random", "honest", "caller")), label="bots")
        undo = data.draw(st.sampled_from(("own", "any")), label="undo")
        seed = data.draw(st.integers(0, 2**32), label="seed")
        return (lambda: BloffTable(players=players, humans=humans, bots=bots, names=NAMES[:players], seed=seed,
                                   undo=undo)), "bloff"


class BlufferFuzz(PanelMachine):
    WARM = 4

    def make(self, data):
        players = data.draw(st.sampled_from((3, 4)), label="players")
        humans = self.seats(data, players)
        spot = data.draw(st.sampled_from((0.0, 0.4, 1.0)), label="spot")
        undo = data.draw(st.sampled_from(("own", "any")), label="undo")
        seed = data.draw(st.integers(0, 2**32), label="seed")
        return (lambda: BlufferTable(players=players, humans=humans, spot=spot, names=NAMES[:players], seed=seed,
                                     undo=undo, rounds=1, questions_per_round=3)), "bluffer"


class BidderUpFuzz(PanelMachine):
    def make(self, data):
        board = data.draw(st.sampled_from(("animal-market", "fairground")), label="board")
        players = data.draw(st.sampled_from((2, 3) if board == "animal-market" else (3, 4)), label="players")
        humans = self.seats(data, players)
        bots = data.draw(st.sampled_from(("random", "heuristic")), label="bots")
        undo = data.draw(st.sampled_from(("own", "any")), label="undo")
        seed = data.draw(st.integers(0, 2**32), label="seed")
        return (lambda: BidderUpTable(board, players=players, humans=humans, bots=bots, names=NAMES[:players],
                                      seed=seed, undo=undo)), "bidder-up"

    @rule(data=st.data())
    def click_a_space(self, data):
        """A space clicked on the drawn board: one marked to click, any other, or no space."""
        p = self.panel
        if p.screen[0] == "seat" and p.chance_seat() == p.viewer and data.draw(st.booleans(), label="roll first"):
            self.press(p.roll_button, "Roll the die")
        spaces = list(p.view.clickable) + list(p.layout_.labels) + ["nowhere", ""]
        space = str(data.draw(st.sampled_from(spaces), label="space"))
        note(f"click the space {space!r} on the board on {p.screen}")
        self.click(lambda: p.view.click_space(space), f"click on the space {space!r}", again=("space", space))


def test_leaders_screen_button_on_the_leaders_screen():
    """Found by :class:`BlufferFuzz`: the leader's screen hides its "Leader's screen" button
    (Hide is the way back), but a click on it still came (from code, or a browser's click sent
    before it was hidden: that button was not behind :func:`~bluffkit.widgets.seat_panel.live`)
    and covered the screen again with the button still hidden: not the cover drawn afresh
    there, which shows it (``check_screen`` called it a screen left from an earlier one;
    nothing secret was in it). Now a browser's click on the hidden button is dropped, and
    one from code draws the cover as it is drawn afresh."""
    make = lambda: BlufferTable(players=3, humans=[0, 1, 2], names=NAMES[:3], seed=630, undo="any")  # noqa: E731
    t, twin = make(), make()
    t.leader_button.click()
    t.show.click()
    assert t.screen == ("leader", 0) and t.leader_button.layout.display == "none"
    t.leader_button.click()                         # hidden, clicked anyway
    assert t.screen == ("leader-cover", 0)
    assert t.leader_button.layout.display != "none"
    check_screen(t, twin, driver_for(t), np.random.default_rng(0), pristine=Pristine(twin))
    t.show.click()
    assert t.screen == ("leader", 0) and t.leader_button.layout.display == "none"
    with mock.patch.object(seat_panel, "click_sent_at", lambda: 5.0):    # a browser's click, sent as it hid
        t.leader_button.click()
    assert t.screen == ("leader", 0), "a browser's click on the hidden button is dropped"


def test_projector_switched_on_the_leaders_cover_places_the_shared_screen_as_the_projector_does():
    """Found by :class:`BlufferFuzz`: the Projector switched on the cover before the leader's
    screen left the shared screen where the notebook's layout puts it (the switch redrew
    nothing while the leader's screen was asked for), not right after the cover as on a
    projector: a panel switched there and one switched before differed."""
    make = lambda: BlufferTable(players=3, humans=[0, 1], names=NAMES[:3], seed=0, rounds=1,  # noqa: E731
                                questions_per_round=3)
    late, early = make(), make()
    early.projector.value = True
    for t in (late, early):
        t.leader_button.click()
    late.projector.value = True
    for t in (late, early):
        t.show.click()
        assert t.screen == ("leader", 0)
    assert late.children.index(late.shared) == early.children.index(early.shared)
    assert compare_trees(widget_tree(late), widget_tree(early)) is None


def test_leaders_screen_starts_with_an_empty_move_box_and_refuses_a_move_typed_there():
    """Found by :class:`BlufferFuzz`: a move typed on the cover before the leader's screen
    (refused: "Uncover the table first.") stayed in the Move box on the leader's screen,
    which no seat's view keeps (each starts with an empty box), and a move typed on the
    leader's screen was refused with "Uncover the table first.", though nothing there is
    covered. Now the leader's screen starts empty, and a move typed there names the way
    back: the leader's Hide button."""
    t = BlufferTable(players=4, humans=[0, 1, 2], names=NAMES[:4], seed=287890, rounds=1, questions_per_round=3)
    t.leader_button.click()
    assert t.screen[0] == "leader-cover"
    t.typed.value = "vote 3"
    assert "Uncover the table first." in t.message.value
    t.show.click()
    assert t.screen[0] == "leader" and t.typed.value == ""
    moves = len(t.session.moves)
    t.typed.value = "vote 3"
    said = words_of(t.message.value)
    assert "bk-refusal" in t.message.value and "Uncover" not in said, said
    assert "No move is played on the leader's screen" in said and t.hide_leader.description in said, said
    assert len(t.session.moves) == moves
    t.hide_leader.click()
    assert t.screen[0] == "cover" and t.typed.value == ""


def machine(cls, count: int, steps: int):
    """The machine's test case, marked ``slow``: ``make test`` runs it, ``make check`` (the
    60 s fast loop) leaves it out; the seeded tests of what it found stay in both."""
    cls.TestCase.settings = settings(max_examples=examples(count), stateful_step_count=steps, deadline=None)
    return pytest.mark.slow(cls.TestCase)


TestTableFuzz = machine(TableFuzz, 8, 20)
TestBloffFuzz = machine(BloffFuzz, 6, 20)
TestBlufferFuzz = machine(BlufferFuzz, 8, 20)
TestBidderUpFuzz = machine(BidderUpFuzz, 6, 20)


# -- the auction lab, the replay viewer and the scenario player ----------------------------------

class Clicker:
    """Random clicks on a panel that is not a hot seat: each click checked for a swallowed
    exception; the twin (drawn by the panel's widget-check driver) given the lab's settings
    and its many auctions' results before its drawing, and after it the public settings
    (projector, speed) and the panel's answers (the lab's refusal, the viewer's Log file box
    and its word on the last Open)."""

    SETTINGS = ("projector", "speed")

    def __init__(self, make):
        self.swallowed = _Swallowed()
        logging.getLogger().addHandler(self.swallowed)
        self.panel, self.twin = make(), make()
        self.pristine = Pristine(self.twin)
        self.drive = driver_for(self.panel)
        base = self.drive.mirror

        def mirror(twin, panel, state, past=None):
            # the twin's widgets are those of the panel just built again (Pristine), what they
            # draw (the lab's auction, the viewer's game, the player's example) still the one
            # the last check gave it, of other settings: the lab holds no auction until its
            # settings and the driver give it one, and the projector is switched once the
            # driver has given the twin what the panel shows, or it drew the old one with the
            # first "You play" or View (bidder 3 of an auction of two bidders, seat 4 of an
            # example of three seats: an IndexError, a RulesError)
            if hasattr(panel, "strategy_box"):
                twin.session = None
                lab_settings(twin, panel)
            base(twin, panel, state, past)
            for key in self.SETTINGS:
                if hasattr(panel, key) and getattr(twin, key).value != getattr(panel, key).value:
                    getattr(twin, key).value = getattr(panel, key).value
            # the lab's answer to the move just typed or clicked; the viewer's file typed in
            # its Log file box and its word on the last Open (a file refused, an old format)
            for key in ("refusal", "path", "error"):
                if hasattr(panel, key):
                    getattr(twin, key).value = getattr(panel, key).value
        self.drive.mirror = mirror

    def close(self):
        logging.getLogger().removeHandler(self.swallowed)
        self.pristine.restore()                     # (the twin holds no chart of the panel's when closed)
        self.panel.close()
        self.twin.close()

    def click(self, act, what: str) -> None:
        act()
        if self.swallowed.records:
            record = self.swallowed.records[0]
            raise HandlerError(f"{what}: a widget handler raised: {record.getMessage()}") from (
                record.exc_info[1] if record.exc_info else None)

    def check(self, rng) -> None:
        check_screen(self.panel, self.twin, self.drive, rng, pristine=self.pristine)
        assert words_of(drawn_text(self.panel)), "the panel draws nothing"


def lab_settings(twin, lab) -> None:
    """The lab's settings on ``twin`` as on ``lab``, set as a student sets them (each one a
    new auction on the twin, replaced by the driver's mirror next), and the Many auctions
    tab's results: what the settings and the lab's seed give, with bots in every seat and
    values of the simulation's own, nothing of the auction on screen."""
    for key in ("fmt", "bidders", "values", "right", "double"):
        if getattr(twin, key).value != getattr(lab, key).value:
            getattr(twin, key).value = getattr(lab, key).value
    for mine, theirs in zip(twin.strategy_box.children, lab.strategy_box.children):
        if mine.value != theirs.value:
            mine.value = theirs.value
    for key in ("shade", "human", "typed", "script", "count"):
        if getattr(twin, key).value != getattr(lab, key).value:
            getattr(twin, key).value = getattr(lab, key).value
    twin.tabs.selected_index = lab.tabs.selected_index
    twin.progress.max, twin.progress.value = lab.progress.max, lab.progress.value
    twin.summary.value = lab.summary.value
    twin.charts.children = lab.charts.children


#: The lab's kinds of click, each as often as it is here: settings changed between moves, now
#: and then the Many auctions tab (Simulate played once an example at most: see below).
LAB_CLICKS = ("button",) * 3 + ("toggle",) * 2 + ("typed",) * 4 + ("amount",) * 2 + ("projector",) + \
    ("setting",) * 5 + ("simulate",)

LAB_FORMATS = ("classic", "second-hand", "dutch", "secret-value", "cat-in-the-bag", "the-call")

#: What a student types in the lab's "or type" values box and its Scripts box: text that
#: sets an auction up, and text that cannot (said in words, and no auction goes on).
LAB_VALUES = ("", "300, 450, 800, 120", "300, 450", "abc", "-5, 10, 20, 30", "1e9, 1, 2, 3", "0, 0, 0, 0",
              "10000, 9999.5, 1, 2, 3, 4, 5, 6, 7, 8")
LAB_SCRIPTS = ("", "1: bid 100, pass", "1: bid 10; 2: pass", "2: bid 20, bid 40, pass", "frobnicate", "9: bid 5",
               "1: dance", "1:")


@pytest.mark.slow
@settings(max_examples=examples(8), deadline=None)
@given(data=st.data())
def test_the_auction_lab_clicked_at_random(data):
    """The lab's one auction, with a human bidder or none: any of its buttons, its notes, its
    bid box and typed moves; its settings changed between moves (the format, the bidders,
    the values' law or values typed, the right of first refusal, the double pen, who you
    play, each bidder's strategy, the shade, the scripts); the Many auctions tab chosen and
    a few auctions simulated. A refused move is said in words and changes nothing; settings
    that set no auction up are said in words and leave no auction on screen; Simulate plays
    as many auctions as asked (or says in words why not) and leaves the auction on screen
    as it was; the lab draws; the twin check holds whenever the table has just been drawn
    (after a step, a move or a setting: chosen notes and amounts are the student's own)."""
    from bluffkit.auctions.rules import FORMATS
    from bluffkit.widgets import AuctionLab
    fmt = data.draw(st.sampled_from(LAB_FORMATS), label="format")
    bidders = 1 if FORMATS[fmt].two_player else data.draw(st.integers(2, 3), label="bidders")
    human = data.draw(st.integers(0, bidders), label="human bidder (0: none)") or None
    seed = data.draw(st.integers(0, 2**32), label="seed")
    c = Clicker(lambda: AuctionLab(fmt=fmt, bidders=bidders, human=human, seed=seed))
    lab, rng = c.panel, np.random.default_rng(seed)
    count = data.draw(st.integers(1, 12), label="auctions")      # a few: each Simulate well under a second
    note(f"type {count} in Auctions")
    c.click(lambda: setattr(lab.count, "value", count), f"typing {count} in Auctions")
    simulated = False                   # a Simulate has played (a refused one draws no chart: again)
    try:
        for _ in range(15):
            s = lab.session
            before = (s, state_digest(s.state, s.game), len(s.moves)) if s is not None else None
            refusal, fresh = lab.refusal.value, False
            kind = data.draw(st.sampled_from(LAB_CLICKS), label="click")
            if kind == "button":
                buttons = [b for b in _widgets(lab) if isinstance(b, W.Button)
                           and not (simulated and b is lab.simulate_button and not scripted(lab))]
                b = buttons[data.draw(st.integers(0, len(buttons) - 1), label="button")]
                note(f"click {b.description!r}")
                if b is lab.simulate_button:
                    simulate(c, b.click)
                    simulated = True
                else:
                    c.click(b.click, f"click on {b.description!r}")
                fresh = b in (lab.new_button, lab.step_button, lab.run_button)
            elif kind == "toggle":
                toggles = [t for t in _widgets(lab) if isinstance(t, W.ToggleButton) and t is not lab.projector]
                if toggles:
                    t = toggles[data.draw(st.integers(0, len(toggles) - 1), label="toggle")]
                    note(f"toggle {t.description!r}")
                    c.click(lambda t=t: setattr(t, "value", not t.value), f"toggling {t.description!r}")
            elif kind == "amount":
                box = lab.controls.amount
                value = data.draw(st.integers(-5, 2000) | st.just(10**12), label="amount")
                note(f"type {value} in the bid box")
                c.click(lambda box=box, value=value: setattr(box, "value", value), f"typing {value} in the bid box")
            elif kind == "projector":
                c.click(lambda: setattr(lab.projector, "value", not lab.projector.value), "Projector")
                fresh = True
            elif kind == "setting":
                change_a_setting(c, data)
                fresh = True
            elif kind == "simulate":
                # (the tabs are hidden on the projector, which shows the one auction: no tab to click)
                if not lab.projector.value and (simulated or data.draw(st.booleans(), label="the other tab")):
                    note("the other tab")
                    c.click(lambda: setattr(lab.tabs, "selected_index", 1 - (lab.tabs.selected_index or 0)),
                            "a tab")
                if not simulated or scripted(lab):  # (one run an example: each draws two charts, 0.3 s)
                    n = data.draw(st.integers(-2, 12) | st.sampled_from(["1e1", " 7", "abc", "1.5", ""]),
                                  label="auctions")
                    note(f"type {n!r} in Auctions and press Simulate")
                    c.click(lambda n=n: setattr(lab.count, "value", n), f"typing {n} in Auctions")
                    simulate(c, lab.simulate_button.click)
                    simulated = True
            else:
                me = lab._mover() if s is not None else None
                legal = s.legal(me) if s is not None and me is not None else None
                listed = legal.actions(10) if legal else None
                choices = list(GARBAGE[:6]) + list(spec_of("auction").illegal_probes) + (
                    [str(a) for a in listed] if listed else [])
                text = data.draw(st.sampled_from(choices) | st.text(max_size=10), label="typed")
                note(f"type {text!r} and press Enter")
                lab.move.value = ""
                c.click(lambda text=text: setattr(lab.move, "value", text), f"typing {text!r}")
                fresh = True
                if before is not None and lab.session is before[0] and len(lab.session.moves) == before[2] \
                        and text.strip():
                    assert said_in_words(lab.refusal.value), f"the typed move {text!r} was not played, and no word"
            now = lab.session
            if before is not None and now is before[0] and lab.refusal.value != refusal \
                    and "bk-refusal" in lab.refusal.value:
                assert (state_digest(now.state, now.game), len(now.moves)) == before[1:], \
                    f"the lab refused ({words_of(lab.refusal.value)!r}) but the auction went on"
            drawn = before is None or now is not before[0] or len(now.moves) != before[2]
            if fresh and drawn and not (lab.move.value or "").strip():
                c.check(rng)                            # (drawn anew: nothing chosen or typed by the student)
            assert words_of(drawn_text(lab)), "the lab draws nothing"
    finally:
        c.close()


def test_the_lab_checked_with_the_projector_on_after_fewer_bidders():
    """Found by the fuzzing: a lab made with you as bidder 3 of 3, then 2 bidders, you bidder 1,
    the projector on. The twin check compares the lab with its twin drawn afresh: the twin,
    its widgets as first built again, must not draw the last check's auction (of 2 bidders)
    for bidder 3 when its projector is switched on."""
    from bluffkit.widgets import AuctionLab
    c = Clicker(lambda: AuctionLab(fmt="classic", bidders=3, human=3, seed=5))
    lab, rng = c.panel, np.random.default_rng(5)
    try:
        lab.bidders.value = 2
        lab.human.value = 1
        c.check(rng)
        lab.projector.value = True
        c.check(rng)
        assert "Your value for the lot" in c.twin.private.value and c.twin.human.value == 1
    finally:
        c.close()


def test_a_player_made_at_a_seat_checked_with_the_projector_on_after_another_example():
    """A scenario player made at seat 4 of 4, an example of three seats chosen (its first
    seat's view), then another of three seats, the projector on. The twin check compares
    the player with its twin drawn afresh: the twin, its View as built again (seat 4), must
    not draw the last check's example (three seats) for seat 4 when its projector is
    switched on."""
    from bluffkit.widgets import ScenarioPlayer
    c = Clicker(lambda: ScenarioPlayer("bu-second-hand-cow-buy", seat=3))
    p, rng = c.panel, np.random.default_rng(5)
    try:
        p.choose.value = "bu-classic-horse-120-sell"
        c.check(rng)
        p.choose.value = "bu-classic-horse-120-buy"
        p.projector.value = True
        c.check(rng)
        assert c.twin.scenario.name == "bu-classic-horse-120-buy" and c.twin.viewer.value == 0
        assert c.twin.projector.value
    finally:
        c.close()


def change_a_setting(c: Clicker, data) -> None:
    """One of the lab's settings changed, as a student changes it: a new auction under the new
    settings, or, when they set none up, the reason in words and no auction on screen."""
    from bluffkit.agents.auction import STRATEGIES
    lab = c.panel
    boxes = lab.strategy_box.children
    what = data.draw(st.sampled_from(("fmt", "bidders", "values", "right", "double", "human", "shade", "strategy",
                                      "typed", "script", "strategy")), label="setting")
    if what == "fmt":
        value = data.draw(st.sampled_from([name for _, name in lab.fmt.options]), label="format")
    elif what == "bidders":
        value = data.draw(st.integers(lab.bidders.min, 4), label="bidders")
    elif what == "values":
        value = data.draw(st.sampled_from(lab.values.options), label="values")
    elif what in ("right", "double"):
        value = not getattr(lab, what).value
    elif what == "human":
        value = data.draw(st.sampled_from([k for _, k in lab.human.options]), label="you play")
    elif what == "shade":
        value = data.draw(st.sampled_from((0.0, 0.35, 1.0)), label="shade")
    elif what == "strategy":
        k = data.draw(st.integers(0, len(boxes) - 1), label="bidder")
        value = data.draw(st.sampled_from(STRATEGIES + ("script",) * 3), label="strategy")
    else:
        value = data.draw(st.sampled_from(LAB_VALUES if what == "typed" else LAB_SCRIPTS), label=what)
    box = boxes[k] if what == "strategy" else getattr(lab, what)
    shown = f"bidder {k + 1}'s strategy" if what == "strategy" else what
    note(f"set {shown} to {value!r}")
    old, changed = lab.session, box.value != value
    c.click(lambda: setattr(box, "value", value), f"setting {shown} to {value!r}")
    assert not changed or old is None or lab.session is not old, \
        f"{shown} set to {value!r}, and the auction of the settings before goes on"
    event("a setting: no auction" if lab.session is None else "a setting: a new auction")
    if lab.session is None:                     # settings that set no auction up
        assert "bk-refusal" in lab.message.value and said_in_words(lab.message.value), \
            f"{shown} set to {value!r}: no auction, and the lab says {words_of(lab.message.value)!r}"
        assert lab.view.value == lab.private.value == "", "an auction of the settings before is still shown"
    else:
        assert lab.bidders.value == lab.session.players - 1 == len(lab.strategy_box.children), \
            f"{shown} set to {value!r}: the auction on screen is not the settings' ({lab!r})"


def scripted(lab) -> bool:
    """Whether a bidder of the lab plays a script (Simulate then plays nothing: bots only)."""
    return any(d.value == "script" for d in lab.strategy_box.children)


def simulate(c: Clicker, press) -> None:
    """Simulate pressed (by ``press``): as many auctions as the Auctions box asks, summed up
    in words; or, with a scripted bidder, the reason in words and the last results kept; or,
    with no count of 1 to 200,000 in the box (``-1``, ``0``), Simulate closed, the reason in
    words beside the box, nothing played and the last results kept.
    The auction on screen stays as it was."""
    lab = c.panel
    s = lab.session
    before = (s, state_digest(s.state, s.game), len(s.moves), lab.view.value) if s is not None else None
    frame, charts, summary, n = lab.frame, lab.charts.children, lab.summary.value, lab.auctions()
    c.click(press, f"Simulate ({lab.count.value!r} typed)")
    said = lab.summary.value
    if n is None:
        event("Simulate: no count")
        assert lab.simulate_button.disabled and "bk-refusal" in lab.count_note.value \
            and said_in_words(lab.count_note.value), f"{lab.count.value!r} in Auctions: {lab.count_note.value!r}"
        assert said == summary and lab.frame is frame and lab.charts.children == charts, \
            f"Simulate with {lab.count.value!r} in Auctions played, or dropped the last results"
        return
    assert lab.count_note.value == "", f"{n} auctions, yet beside the box: {words_of(lab.count_note.value)!r}"
    event("Simulate: refused" if "bk-refusal" in said else "Simulate: played")
    assert said_in_words(said), f"Simulate of {n} auctions: the lab says {words_of(said)!r}"
    if scripted(lab):
        assert "bk-refusal" in said and lab.frame is frame and lab.charts.children == charts, \
            "Simulate with a scripted bidder: refused in words, the last results kept"
    else:
        assert "bk-refusal" not in said, f"Simulate of {n} auctions refused: {words_of(said)!r}"
        assert len(lab.frame) == n == lab.progress.value and f"{n:,} auction" in words_of(said), \
            f"Simulate of {n} auctions: {len(lab.frame)} played, the bar at {lab.progress.value}: {words_of(said)!r}"
        assert len(lab.charts.children) == 2, "Simulate drew no charts"
    s = lab.session
    assert (before is None and s is None) or (
        before is not None and (s, state_digest(s.state, s.game), len(s.moves), lab.view.value) == before), \
        "Simulate changed the auction on screen"


# -- the replay viewer's Log file box ----------------------------------------------------------

#: What is typed in the replay viewer's Log file box (see :class:`LogShelf`; a finished and an
#: unfinished game's log twice as often as the others).
LOG_FILES = ("a finished game's log", "a log under an odd name", "a log whose words were edited",
             "an unfinished game's log", "a missing file", "a folder", "an empty file", "garbage bytes",
             "a log cut mid-line", "a log with a line changed", "an odd path", "nothing")

#: Words planted in a log's narration: a replay narrates the moves anew, never a log's words.
PLANTED = "Zyxwv frobnicates the lot"

#: Paths no log is at (the folder's own are added: a file taken for a folder, a name with markup).
ODD_PATHS = ("bad\x00name.jsonl", "   ", "\n", "~/no-such-bluffkit-log.jsonl", "x" * 300 + ".jsonl",
             "no such é 😀 log.jsonl", "-")


class LogShelf:
    """Files made for the replay viewer's Log file box, in a folder of the test's own, and
    what Open must do with each text typed: show the game saved (its session), or refuse it
    (``None``)."""

    def __init__(self, folder: Path, unfinished: bool):
        self.folder, self.unfinished = folder, unfinished
        self.expect: dict[str, object] = {"": None}
        self.named: set[str] = set()              # the files a refusal must name (each Open's its own)

    def session(self, data, finished: bool = True):
        from bluffkit.session import Session
        from bluffkit.testing import config_game, config_players
        key = data.draw(st.sampled_from(REPLAYED), label="the log's game")
        s = Session(config_game(key), ["random"] * config_players(key)[0],
                    seed=data.draw(st.integers(0, 2**16), label="the log's seed"))
        if finished:
            return s.run()
        s.advance(limit=data.draw(st.integers(0, 30), label="moves played"))
        return s

    def log(self, data, name: str, finished: bool = True):
        s = self.session(data, finished)
        return s, s.save(self.folder / name)

    def draw(self, data) -> str:
        """A text to type in the Log file box (a file made for it, where it names one)."""
        kind = data.draw(st.sampled_from(LOG_FILES + LOG_FILES[:1] + LOG_FILES[3:4]), label="log file")
        k = len(self.expect)
        path = self.folder / f"{k}.jsonl"
        shown = None
        if kind == "a finished game's log":
            shown, path = self.log(data, path.name)
        elif kind == "a log under an odd name":
            shown, path = self.log(data, f"{k} log <b>é😀</b> 'it' \"q\" & 100% #1.jsonl")
        elif kind == "a log whose words were edited":
            shown, path = self.log(data, path.name)
            lines = path.read_bytes().split(b"\n")
            i = data.draw(st.integers(1, max(1, len(lines) - 3)), label="line")
            record = json.loads(lines[i])
            if "say" in record:
                record["say"] = PLANTED
                lines[i] = json.dumps(record, ensure_ascii=False).encode()
                path.write_bytes(b"\n".join(lines))
        elif kind == "an unfinished game's log":
            s, path = self.log(data, path.name, finished=False)
            shown = s if s.over or self.unfinished else None
        elif kind == "a folder":
            path.mkdir()
        elif kind == "an empty file":
            path.write_bytes(data.draw(st.sampled_from((b"", b"\n", b" \n\n\t\n")), label="blank"))
        elif kind == "garbage bytes":
            path.write_bytes(data.draw(st.binary(min_size=1, max_size=64), label="bytes"))
        elif kind == "a log cut mid-line":
            _, log = self.log(data, f"whole-{k}.jsonl")
            lines = log.read_bytes().split(b"\n")[:-1]          # (the last line ends the file)
            i = data.draw(st.integers(0, len(lines) - 1), label="line")
            cut = sum(len(line) + 1 for line in lines[:i]) + data.draw(st.integers(1, len(lines[i]) - 1),
                                                                        label="cut at")
            path.write_bytes(log.read_bytes()[:cut])
        elif kind == "a log with a line changed":
            _, log = self.log(data, f"whole-{k}.jsonl")
            lines = log.read_bytes().split(b"\n")
            i = data.draw(st.integers(1, len(lines) - 2), label="line")
            record = json.loads(lines[i])
            if "end" in record:
                if data.draw(st.booleans(), label="scores or over"):
                    record["end"]["scores"][0] += 10
                else:
                    record["end"]["over"] = False
            elif "digest" in record and data.draw(st.booleans(), label="digest or step"):
                record["digest"] = ("1" if record["digest"][0] == "0" else "0") + record["digest"][1:]
            else:
                record["step"] += 1000
            lines[i] = json.dumps(record).encode()
            path.write_bytes(b"\n".join(lines))
        elif kind == "an odd path":
            return self.typed(data.draw(st.sampled_from(ODD_PATHS + (
                str(self.folder / "0.jsonl" / "in.jsonl"), str(self.folder / "<b>no</b> &amp; log.jsonl"))),
                label="path"), None)
        elif kind == "nothing":
            return ""
        if shown is None and kind != "an unfinished game's log":
            self.named.add(str(path))
        return self.typed(str(path), shown)

    def typed(self, text: str, shown) -> str:
        self.expect.setdefault(text, shown)
        return text

    def files(self) -> dict:
        """The folder's files and folders, with their bytes: an Open writes nothing."""
        return {p: (p.read_bytes() if p.is_file() else "folder") for p in sorted(self.folder.rglob("*"))}


def short(text: str) -> str:
    """A text typed, quoted, cut to a line (the 300-letter name)."""
    return repr(text if len(text) <= 80 else text[:40] + "..." + text[-20:])


def open_a_log(c: Clicker, shelf: LogShelf, data) -> None:
    """A text typed in the Log file box, or the box left as it is, and Open pressed: the game
    saved is shown from its first step, or the file is refused in words (naming it), the
    panel showing what it showed; the file is left as it was."""
    p = c.panel
    if data.draw(st.booleans(), label="type in the Log file box"):
        text = shelf.draw(data)
        note(f"type {short(text)} in the Log file box")
        c.click(lambda: setattr(p.path, "value", text), f"typing {short(text)} in the Log file box")
        if not data.draw(st.integers(0, 3), label="press Open (0: not yet)"):
            return
    text = p.path.value
    note(f"press Open with {short(text)} in the Log file box")
    expected = shelf.expect[text]

    def shown():
        return (id(p.game), id(p.states), id(p.moves), id(p.names), p.step.value, p.step.max, p.viewer.value,
                tuple(p.viewer.options), p.table.value, p.events.value, p.path.placeholder)
    before, files = shown(), shelf.files()
    c.click(p.open_button.click, f"Open with {short(text)} in the Log file box")
    said = words_of(p.error.value)
    event("Open: refused" if expected is None else "Open: a game shown")
    assert shelf.files() == files, f"Open with {text!r}: a file changed"
    if expected is None:
        assert shown() == before, f"Open refused {text!r} ({said!r}), and the panel changed what it shows"
        assert p.path.value == text, "the Log file box lost what was typed"
        assert said_in_words(p.error.value) and re.match(r"(Cannot replay|Not shown)\b", said), \
            f"Open refused {text!r}, and the panel says {said!r}"
        if text in shelf.named:
            assert Path(text).name in said, f"the refusal of {text!r} does not name it: {said!r}"
    else:
        s = expected
        assert p.states is not None and id(p.states) != before[1], f"Open did not show {text!r}: {said!r}"
        assert said == "", f"a log of this version shown with a word: {said!r}"
        assert (p.path.value, p.step.value, p.step.max, p.viewer.value, len(p.viewer.options)) == \
            (text, 0, len(s.moves), -1, len(s.names) + 1), f"{p!r} is not {text!r} at its first step"
        assert list(p.names) == list(s.names) and state_digest(p.states[-1], p.game) == state_digest(s.state, s.game)
    assert PLANTED not in words_of(drawn_text(p)), "a log's own words were shown, not the replay's"
    assert p.states is None or words_of(p.table.value), "the viewer draws no table"


REPLAYED = ("horse-trading", "bloff", "bluffer", "bidder-up-fairground", "auction-secret-count")
SCENARIOS = ("ht-trade-anna-40-richer", "bloff-anne-calls-david", "bluffer-worked-question",
             "bu-board-two-player-gamble", "yb-trade-tie")


@pytest.mark.slow
@settings(max_examples=examples(8), deadline=None)
@given(data=st.data())
def test_the_replay_viewer_and_the_scenario_player_clicked_at_random(data):
    """A played game in the replay viewer (a session, its saved log, or none yet; made to
    show unfinished games or not), or a rulebook example in the scenario player: any button,
    the step slider, the view (all-seeing or a seat's), the example chosen, the projector
    and the speed; in the viewer, a file typed in the Log file box and Open pressed (see
    :class:`LogShelf`: a finished or an unfinished game's log, one edited or cut, garbage, no
    file, a folder, odd paths, nothing). Nothing raises, the panel draws, an Open shows the
    game or says in words why not and changes nothing, and a seat's view holds only what
    that seat knew at that step."""
    from bluffkit.session import Session
    from bluffkit.testing import config_game, config_players
    from bluffkit.widgets import ReplayViewer, ScenarioPlayer
    with tempfile.TemporaryDirectory(prefix="bluffkit-replay-") as folder:
        shelf = None
        if data.draw(st.booleans(), label="replay viewer"):
            unfinished = not data.draw(st.integers(0, 3), label="unfinished=True (0)")
            shelf = LogShelf(Path(folder), unfinished)
            start = data.draw(st.sampled_from(("a game", "its log", "nothing")), label="shown first")
            if start == "nothing":
                c = Clicker(lambda: ReplayViewer(unfinished=unfinished))
            else:
                key = data.draw(st.sampled_from(REPLAYED), label="game")
                played = Session(config_game(key), ["random"] * config_players(key)[0],
                                 seed=data.draw(st.integers(0, 2**16), label="seed")).run()
                source = shelf.typed(str(played.save(Path(folder) / "first.jsonl")), played) \
                    if start == "its log" else played
                c = Clicker(lambda: ReplayViewer(source, unfinished=unfinished))
        else:
            name = data.draw(st.sampled_from(SCENARIOS), label="example")
            c = Clicker(lambda: ScenarioPlayer(name))
        p, rng = c.panel, np.random.default_rng(0)
        kinds = ("button", "step", "view", "projector", "speed") + (
            ("example",) if shelf is None else ("log file", "log file"))
        try:
            for _ in range(12):
                kind = data.draw(st.sampled_from(kinds), label="click")
                if kind == "button":
                    buttons = [b for b in _widgets(p) if isinstance(b, W.Button)]
                    b = buttons[data.draw(st.integers(0, len(buttons) - 1), label="button")]
                    if b is getattr(p, "open_button", None):
                        open_a_log(c, shelf, data)
                    else:
                        note(f"click {b.description!r}")
                        c.click(b.click, f"click on {b.description!r}")
                elif kind == "step":
                    k = data.draw(st.integers(0, p.step.max) | st.just(p.step.max), label="step")
                    c.click(lambda k=k: setattr(p.step, "value", k), f"step {k}")
                elif kind == "view":
                    label, seat = p.viewer.options[data.draw(st.integers(0, len(p.viewer.options) - 1),
                                                             label="view")]
                    note(f"view: {label}")
                    c.click(lambda seat=seat: setattr(p.viewer, "value", seat), f"the view {label!r}")
                elif kind == "projector":
                    c.click(lambda: setattr(p.projector, "value", not p.projector.value), "Projector")
                elif kind == "speed":
                    c.click(lambda: setattr(p.speed, "value", p.speed.max), "speed")
                elif kind == "log file":
                    open_a_log(c, shelf, data)
                else:
                    name = data.draw(st.sampled_from(SCENARIOS), label="example")
                    c.click(lambda name=name: setattr(p.choose, "value", name), f"the example {name!r}")
                c.check(rng)
        finally:
            c.close()
