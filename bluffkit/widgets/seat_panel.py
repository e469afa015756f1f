"""The shared machinery of a table panel: a Session, the hot-seat cover screen, the move
box, the message line, undo, saving the log, and the list of what happened.

A game's panel subclasses :class:`SeatPanel` and supplies ``controls`` (the widgets of
its legal moves), ``clear_controls()`` (every control back to a blank, hidden state) and
``draw_seat(seat, observation)``; the base class decides when to cover the table and
plays every move through the session, so a refused move shows the engine's reason and
changes nothing.

The panel holds only what the seat on screen may know: on every redraw (and so on every
change of seat) every control is cleared and then rebuilt from that seat's observation
alone, hidden and collapsed controls included, and a cover screen holds nothing private
at all. Widget models live in the browser, where anyone can read them, so hiding a
control is not enough. :mod:`bluffkit.widget_check` checks this on every panel.
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from html import escape, unescape
from pathlib import Path
from typing import Any

import ipywidgets as W

from bluffkit.core.errors import BluffkitError, IllegalAction, RulesError, count, is_seat
from bluffkit.core.seeding import fresh_seed
from bluffkit.session import HUMAN, Session, bot_failure as session_bot_failure
from bluffkit.widgets.art import PROJECTOR_LOG_LINES
from bluffkit.widgets.closing import ClosesWhole
from bluffkit.widgets.render import STYLE, all_seeing_view, narration_view, scores_html, seat_view
from bluffkit.widgets.serial import queue_run
from bluffkit.widgets.words import refusal_html

_HIDE, _SHOW = "none", None
#: How many lines of "What happened" a panel shows, newest first. In projector mode they
#: stand in a box :data:`~bluffkit.widgets.art.PROJECTOR_LOG_LINES` lines high (what fits
#: a 1280 x 720 screen beside the table) that scrolls to the rest.
EVENTS = 12


def drawn_anew(box, widget) -> None:
    """Have the browser draw ``widget`` (a child of ``box``) as a new element: it is taken
    out of ``box`` and put back, in two messages, so the browser drops its element and
    makes another from the widget's state. What the browser keeps in an element and
    never sends to the kernel goes with it: a text box's typing history (Ctrl+Z, then
    Ctrl+Shift+Z, brought back the last player's typed move in the next player's box,
    though the kernel had emptied it) and a row of toggle buttons emptied of its options
    (the browser kept its last buttons, one marked chosen). The widget and its state are
    the same: nothing else changes."""
    kids = tuple(box.children)
    box.children = tuple(w for w in kids if w is not widget)
    box.children = kids


def _alike(a, b) -> bool:
    """Whether two scores are the same: ``==``, or, where ``==`` is elementwise (a numpy
    array's), every element alike and the same shape."""
    if getattr(a, "shape", None) != getattr(b, "shape", None):
        return False
    try:
        eq = a == b
    except (TypeError, ValueError):
        return False
    try:
        return bool(eq)
    except (TypeError, ValueError):               # an array's truth is ambiguous: all of it
        every = getattr(eq, "all", None)
        return every is not None and bool(every())


def retire(widgets, keep=()) -> None:
    """Close ``widgets`` that a redraw replaces, with every widget they hold (children,
    layout, style), so that the browser drops their models: a control built for one seat
    (its notes, its offer) must not live on, unseen, in the browser once it is off screen.
    Widgets in ``keep`` (a panel's lasting controls) are left open, with what they hold."""
    from ipywidgets import Widget
    stack, kept = list(widgets), {id(w) for w in keep}
    while stack:
        w = stack.pop()
        if not isinstance(w, Widget) or w.comm is None or id(w) in kept:
            continue
        for key in ("children", "layout", "style"):
            sub = getattr(w, key, None)
            if isinstance(sub, Widget):
                stack.append(sub)
            elif isinstance(sub, (list, tuple)):
                stack.extend(sub)
        w._bk_retired = True              # (its clicks from code play nothing: see live)
        w.close()


def receipt_html(receipts) -> str:
    """The receipts above a seat's prompt, one line each (``bk-receipt``: on a projector in
    the farm boards' 16 px type, so that a receipt of four lines in the prompt's 20 px did not
    push the move it leads to below a 1280 x 720 screen), a line allowed to break after each
    ``+`` of the notes it names ("50+50+...+10", 13 money cards, ran past a projector's
    controls' column and was cut off: a browser does not break a line at ``+``).

    >>> receipt_html(["Bo paid you 2 notes: 10+10 = 20.", ""])
    "<div class='bk-receipt'>Bo paid you 2 notes: 10+<wbr>10 = 20.</div>"
    """
    return "".join(f"<div class='bk-receipt'>{escape(r).replace('+', '+<wbr>')}</div>" for r in receipts if r)


def note_toggle(value: int, index: int, unit: str = "note") -> W.ToggleButton:
    """One of a seat's own notes, drawn as that note, to click to choose it; ``index`` is
    its kind of note (what :func:`chosen_counts` counts), ``unit`` its name in the tooltip
    (Horse Trading's "money card")."""
    t = tells_chosen(W.ToggleButton(description=str(value)), f"a {unit} of {value}")
    t.add_class("bk-note-btn")
    t.add_class(f"bk-note-{value}")
    t.index = index                     # type: ignore[attr-defined]
    return t


def tells_chosen(toggle: W.ToggleButton, what: str) -> W.ToggleButton:
    """``toggle`` (one of a seat's notes or cards), its tooltip saying what it is and whether
    it is chosen: ipywidgets marks a pressed toggle by a class alone (no ``aria-pressed``),
    and a screen reader reads the tooltip as the button's description."""
    def follow(change=None) -> None:
        toggle.tooltip = f"{what}: chosen; click again to put it back" if toggle.value else f"{what}: click to choose it"
    follow()
    toggle.observe(follow, names="value")
    return toggle


def chosen_counts(toggles, kinds: int) -> tuple[int, ...]:
    """The notes chosen (pressed) among ``toggles``, each of which knows its kind of note
    (its ``index``), as a count per kind."""
    counts = [0] * kinds
    for t in toggles:
        if t.value:
            counts[t.index] += 1
    return tuple(counts)


def choose_counts(toggles, notes) -> None:
    """Press the ``toggles`` so that exactly ``notes`` (a count per kind of note) are chosen."""
    left = list(notes)
    for t in toggles:
        want = t.index < len(left) and left[t.index] > 0
        if want:
            left[t.index] -= 1
        t.value = want


#: What a screen reader says after a cover's words (the cover is an alert): where Show is.
KEYS_TO_SHOW = "With the keyboard: Shift+Tab reaches the Show button."


def note(text: str, error: bool = False, rule: str | None = None, alert: bool = False) -> str:
    """A line for the message box (``text`` is HTML); ``error``: a refusal, in red, and an
    alert that a screen reader says as it appears (``alert``: an alert not in red, as a
    cover's "Bo to play"). A broken ``rule``'s id goes only into the tooltip, for the
    teacher: not on screen."""
    cls = "bk-box bk-refusal" if error else "bk-box"
    role = " role='alert'" if error or alert else ""
    title = f" title='rule: {escape(rule)}'" if rule else ""
    return f"<div class='{cls}'{role}{title}>{text}</div>"


def bot_failure(session: Session, error: Exception, who: str = "bot") -> str:
    """What the screen says when a bot, a script or an agent object cannot move (HTML,
    escaped; the words of :func:`bluffkit.session.bot_failure`, which leave out the
    engine's reason); the whole error is kept in the panel's ``bot_error`` for the
    teacher's code."""
    words, hidden = session_bot_failure(session, error, who)
    return escape(words, quote=False) + (" It is in the panel's <code>bot_error</code>." if hidden else "")


def click_sent_at() -> float | None:
    """When the browser sent the click being handled (seconds, the browser's own clock: the
    date of the widget message), or ``None`` when no browser click is being handled (a test,
    a cell that calls ``click()``)."""
    if "ipykernel.kernelbase" not in sys.modules:       # no kernel runs: no browser click
        return None
    try:
        from ipykernel.kernelbase import Kernel
        if not Kernel.initialized():
            return None
        header = Kernel.instance().get_parent().get("header") or {}
    except Exception:                     # (no kernel, or one without parents: no click to date)
        return None
    from datetime import datetime
    date: Any = header.get("date") if header.get("msg_type") == "comm_msg" else None
    if isinstance(date, str):
        try:
            date = datetime.fromisoformat(date.replace("Z", "+00:00"))
        except ValueError:
            return None
    return date.timestamp() if isinstance(date, datetime) else None


def live(handler, inside=None):
    """``handler`` for a button's clicks, but a browser's click on a button now disabled or
    hidden, or in a box now hidden (``inside()``: the boxes that hold it, if any), is
    ignored: the browser sent it before it heard so (the second click of a double click on
    Pay or Say, whose first click played the move and cleared the choice). A click from
    code (``button.click()``) is handled, and so refused in words where it must be; but not
    on a button a later screen replaced (:func:`retire`): its move was the seat's of that
    screen, and would be played for the seat on screen now. (A whole panel closed still
    plays from code: docs/panels.md.)"""
    def on_click(button) -> None:
        if getattr(button, "_bk_retired", False):
            return
        hidden = button.disabled or button.layout.display == _HIDE or (
            inside is not None and any(box.layout.display == _HIDE for box in inside()))
        if hidden and click_sent_at() is not None:
            return
        was, _CLICKED[0] = _CLICKED[0], (getattr(button.comm, "comm_id", None),   # (closed: no id)
                                         button.description, getattr(button, "_bk_slot", None))
        try:
            handler(button)
        finally:
            _CLICKED[0] = was
    return on_click


#: The button whose click is being handled through :func:`live`, as ``(model id,
#: description, slot)``, or None: where on the screen the click landed, for :class:`ClickClock`.
_CLICKED: list[tuple | None] = [None]


def _same_spot(a, b) -> bool:
    """Whether two clicks (``_CLICKED``'s) were on one button, on two drawn alike in turn
    (the Pass of one call and of the next), or on two drawn in the same place of a row of
    buttons drawn anew (:func:`slotted`: "Hold an auction", then "Pass"; "Bid 10", then
    "+10 → bid 30"): where a double click's two clicks land."""
    return a is not None and b is not None and (
        (a[0] is not None and a[0] == b[0]) or (a[1] and a[1] == b[1]) or (a[2] is not None and a[2] == b[2]))


def slotted(row, name: str):
    """``row`` (a box of buttons drawn anew with each move) tags each button put in it with
    its place, ``(name, index)``, so that a click on the button drawn where another was
    clicked a moment before is known for a double click's (:func:`_same_spot`)."""
    def tag(change) -> None:
        for i, child in enumerate(change["new"]):
            child._bk_slot = (name, i)
    row.observe(tag, names="children")
    return row


class ClickClock:
    """Tells a click the browser sent before it could show the last move's result, or a
    click on the same button within a double click's time (:data:`DOUBLE`) after the click
    that played it: the second click of a double click on a move that was played, which
    the old screen still offered (it came back refused, in red, under the move that
    worked), or which landed on the new screen's button in the same place and played a
    second move the player never chose (a second bid, a second pass). The last move made
    by a click: when the browser sent it, how long the kernel took over it, and the button
    (through :func:`live`); a later click sent sooner after it than that, or on the same
    button (one drawn alike, or one drawn in its place: :func:`slotted`) sooner than
    :data:`DOUBLE`, was not aimed at the screen
    the move drew. Both times of the browser's clock, so its difference from the kernel's
    does not matter. A click on another control (the board after the die) is not held up
    by :data:`DOUBLE`: a double click's two clicks land in one place. And a click that
    waited for the kernel with the click that played the move (both made while a cell ran,
    handled back to back after it: :func:`bluffkit.widgets.serial.queue_run`) was aimed at
    the screen before the move, however far apart the two were made."""

    def __init__(self) -> None:
        self._last: tuple[float, float] | None = None      # (sent, seconds the kernel took)
        self._spot: tuple | None = None                    # the button of that click (see live)
        self._typed: tuple[float, float] | None = None     # the same, when that move was typed
        self._question: tuple[float, float] | None = None  # a click that asked: (sent, took + READ)
        self._sent: float | None = None
        self._sent_on: tuple | None = None
        self._run: int | None = None                     # the run of queued clicks of this click
        self._last_run: int | None = None                # that of the last move's (see serial.queue_run)
        self._began = 0.0
        self._typing = False
        self._let_through = False

    @staticmethod
    def _within(sent: float | None, record: tuple[float, float] | None) -> bool:
        # (a click dated before the record, the browser's clock set back or a second browser,
        # is none of its double clicks)
        return sent is not None and record is not None and 0 <= sent - record[0] < record[1]

    @contextmanager
    def typing(self):
        """A move played because a text box was left or Enter pressed in it: never a double
        click's itself. The click that left the box is still dropped as sent before that
        move's result could show (it was aimed at the screen before it), unless the panel
        lets it through (:meth:`let_through`: Done writing, still offered to the same seat)."""
        was, self._typing = self._typing, True
        try:
            yield
        finally:
            self._typing = was

    def stale(self) -> bool:
        """Whether the click being handled was sent before the last move's result could show;
        else it starts the clock for this click (see :meth:`done`)."""
        self._sent, self._sent_on = sent, spot = click_sent_at(), _CLICKED[0]
        self._run = run = queue_run()
        through, self._let_through = self._let_through, False
        if not self._typing and not through and (self._within(sent, self._last) or (
                self._last is not None and _same_spot(spot, self._spot)
                and self._within(sent, (self._last[0], self.DOUBLE)))
                or (run is not None and run == self._last_run)):
            return True
        self._began = time.monotonic()
        return False

    def handed_over(self) -> None:
        """The screen was handed to a seat (its cover lifted): that player's first click is
        its own, whatever button the last player clicked (:data:`DOUBLE` is a double
        click's time on one button, by one hand), and however soon after the last player's
        typed move (:data:`HOLD` is one press of one hand: the next player's Write it, an
        empty box's, was dropped as the press that left the last player's box)."""
        self._spot = None
        self._typed = None

    def just_typed(self) -> bool:
        """Whether the click being handled was sent before the result of a move typed could
        show, or within :data:`HOLD` after that move was sent: the click that left the box
        (Write it, after the answer it wrote). A person's click sends the box's value as the
        button is pressed and the click as it is let go, some 100 ms later, which may be
        after a quick kernel's answer to the value."""
        sent, typed = click_sent_at(), self._typed
        return sent is not None and typed is not None and 0 <= sent - typed[0] < max(typed[1], self.HOLD)

    def let_through(self) -> None:
        """The next :meth:`stale` lets the click being handled through (see :meth:`typing`)."""
        self._let_through = True

    def too_soon_to_answer(self) -> bool:
        """Whether the click being handled answers the last question (a second click "to bid
        it anyway", "to replace it") sooner than :data:`READ` after it could show: a double
        click's. Other clicks are not held up by the question."""
        return self._within(click_sent_at(), self._question)

    #: Seconds a button may be held down: a click let go this soon after a move typed in the
    #: box the press left is that same press (:meth:`just_typed`).
    HOLD = 1.0

    #: Seconds a person takes at least to read a question the click raised ("click again to
    #: ...") before answering it: a second click sooner than that is a double click's.
    READ = 0.4

    #: Seconds within which a second click on the same button is a double click's: it is
    #: dropped after a click that played a move, even when the move's result was on screen
    #: before it (a quick kernel draws it in tens of ms). A double click's two clicks come
    #: some 100 to 250 ms apart (measured in Chromium); a player who reads the new table and
    #: clicks the same button again on purpose (Pass on each call of a lot) takes longer,
    #: though a quick one may come within 0.4 s, and a dropped click gives no sign.
    DOUBLE = 0.3

    def done(self, asked: bool = False) -> None:
        """The click's move was played and the screen redrawn; ``asked``: the click raised a
        question that a second click answers (a bid above one's money, a log to replace), and
        an answer sent sooner than :data:`READ` after it could show is a double click's
        (:meth:`too_soon_to_answer`)."""
        if self._sent is not None:
            took = time.monotonic() - self._began
            self._last = (self._sent, took)
            self._spot = None if asked else self._sent_on
            if self._typing:
                self._typed = self._last
            if asked:
                self._question = (self._sent, took + self.READ)
        self._last_run = self._run


def _title(game) -> str:
    """The game's name as its box says it (its spec's title)."""
    from bluffkit.core.spec import spec_of
    try:
        return spec_of(game).title
    except BluffkitError:                 # a game no spec knows (a test double, say)
        return getattr(game, "title", None) or game.name


class SeatPanel(ClosesWhole, W.VBox):
    """A game played at one screen; ``humans`` are the human seats, the others ``bots``."""

    placeholder = "a move, e.g. pass"
    #: What the Scores toggle counts, and whether the lowest is best.
    scores_unit: tuple[str, bool] = ("points", False)
    children: tuple          # the box's widgets (a trait of W.VBox, declared for the type checker)

    def repr_tail(self) -> str:
        """The end of the panel's repr: its moves, and its seed once the game is over. The
        repr is the cell's text output, which the notebook keeps and anyone at the screen
        can read; while the game goes on the seed would give away every hand and draw
        (chance's draws follow from it), so it shows only at the end (``session.seed``
        holds it for the teacher's code)."""
        n = len(self.session.moves)
        moves = f"{n} move{'s' if n != 1 else ''}"
        if self.session.over:
            return f"{'no seed' if self.session.seed_unknown else f'seed {self.session.seed}'}, {moves}"
        return f"{moves}, seed shown when the game is over"

    def __init__(self, game, players: int, humans, bots, names, seed: int | None, controls: list, undo: str = "own",
                 title: str = ""):
        """``bots``: one bot name for every seat that is not human, or a list with one
        bot (name or agent object) per seat (the human seats' entries are ignored).
        ``undo``: ``"own"`` (a player may take back only their own last move) or
        ``"any"`` (the teacher's table: anyone may); see :class:`bluffkit.session.Session`."""
        self.game = game
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(f"players must be a whole number, got {players!r}")
        try:
            humans = sorted(set(humans))
        except TypeError:
            raise RulesError(f"humans must be a list of seats, got {humans!r}") from None
        bad = [h for h in humans if not is_seat(h, players)]
        if bad:
            raise RulesError(f"humans: {bad} are not seats of a {players}-player game (0..{players - 1})")
        per_seat = list(bots) if isinstance(bots, (list, tuple)) else [bots] * players
        if len(per_seat) != players:
            raise RulesError(f"give one bot per seat ({players}), got {len(per_seat)}")
        seats = [HUMAN if s in set(humans) else per_seat[s] for s in range(players)]
        if seed is None:                          # a new deal: none a student could know from an earlier run
            seed = fresh_seed()
        self.session = Session(game, seats, names=names, seed=seed, undo=undo)
        self.viewer: int | None = None          # the seat whose view is on screen
        # a table with one human seat has no one to pass the screen to: that seat's view is
        # shown whenever it is to move, with no cover before it (see refresh). Counted from
        # the session's seats: a seat given as the bot "human" is a human seat too.
        people = [s for s, kind in enumerate(self.session.kinds) if kind == "human"]
        self.only_human: int | None = people[0] if len(people) == 1 else None
        self.said: list[str] = []
        self.clicks = ClickClock()                # a double click's second click is dropped (see ClickClock)
        self.bot_error: BluffkitError | None = None     # the last bot failure, whole (see bot_failure)
        self.cover_text = W.HTML()
        # as wide as its words ("Show Annette's view", larger on a projector), not the default
        # button width that cut them off
        self.show = W.Button(description="Show", button_style="primary",
                             layout=W.Layout(width="auto", max_width="100%", align_self="flex-start"))
        self.show.on_click(self._uncover)
        self.cover = W.VBox([self.cover_text, self.show])
        self.view = self.make_view()
        self.legal_text = W.HTML()
        self.legal_text.add_class("bk-legal")
        # in the Tab order: after a move the browser goes on from where the button clicked was
        # (Tab to the controls after it, Shift+Tab to the prompt and those before it; after Show,
        # Tab reaches the prompt first). No control is focused from here: a focused Show would
        # let the mover's second Enter lift the cover on the next player's screen
        self.legal_text.tabbable = True
        # wide enough for the example it shows ("e.g. play AS,9S  or  call  or  pass" was cut off)
        self.typed = W.Text(description="Move", placeholder=self.placeholder, continuous_update=False,
                            layout=W.Layout(width=f"{len(self.placeholder) * 0.55 + 8:.0f}em", max_width="100%"))
        self.typed.observe(self._typed_enter, names="value")      # Enter (or leaving the box) plays it
        self._boxes_shown = False               # a seat's view has shown the text boxes since they were drawn anew
        self.typed_button = W.Button(description="Play move")
        self.typed_button.on_click(live(lambda _: self.try_move(self.typed.value)))
        typed_row = W.HBox([self.typed, self.typed_button])
        typed_row.add_class("bk-side")
        self.typed_row = typed_row
        self.controls = W.VBox([self.legal_text, *controls, typed_row])
        self.message = W.HTML()
        self.message.add_class("bk-message")
        self.events = W.HTML()                  # public narration only, newest first (see _draw_events)
        self.events.add_class("bk-log")
        self.undo_button = W.Button(description="Undo")
        self.undo_button.on_click(live(lambda _: self._undo()))
        self.save_path = W.Text(value="game.jsonl", description="Log file")
        self._may_replace: str | None = None   # the file a second click of Save may replace (see _save)
        self._own_log: str | None = None       # the file this panel saved its game to
        self.save_button = W.Button(description="Save log")
        self.save_button.on_click(lambda _: self._save())
        self.scores = W.HTML()
        self.scores_button = W.ToggleButton(description="Scores", tooltip="the scores now (public)")
        self.scores_button.observe(lambda ch: self._draw_scores(), names="value")
        self.projector = W.ToggleButton(description="Projector", icon="desktop",
                                        tooltip="large type and a layout for a projector (1280 x 720)")
        self.projector.observe(lambda ch: self.set_projector(ch["new"]), names="value")
        self.board = W.Box([self.view, self.controls], layout=W.Layout(flex_flow="column"))
        self.style_sheet = W.HTML(STYLE)
        self.title_html = W.HTML(f"<div class='bk-box bk-big'>{escape(title or _title(game))}</div>")
        head = W.HBox([self.title_html,
                       self.scores_button, self.projector], layout=W.Layout(align_items="center", grid_gap="8px"))
        side = W.HBox([self.undo_button, self.save_path, self.save_button])
        side.add_class("bk-side")
        self.side_row = side
        # the scores, when asked for, under the title row where the click was (below the
        # whole table they were off a projected screen); what happened: below the table and
        # the message, above Undo and Save; in projector mode beside the table, in the
        # controls' column (see _place_events)
        super().__init__([self.style_sheet, head, self.scores, self.cover, self.board, self.message, self.events,
                          side])
        self.add_class("bk-panel")
        self.refresh()

    def make_view(self):
        """The widget that shows a seat's view (an HTML string in its ``value``)."""
        return W.HTML()

    def hold_chance(self, state) -> bool:
        """Whether chance waits for a human to act it out by a click (a die roll); by
        default chance acts at once."""
        return False

    def chance_seat(self) -> int | None:
        """The human seat that is to click for the pending chance move (see
        :meth:`hold_chance`), or None."""
        return None

    def seat_now(self) -> int | None:
        """The human seat the table waits for: to move, or to roll."""
        seat = self.session.waiting_for
        return seat if seat is not None else self.chance_seat()

    def set_projector(self, on: bool) -> None:
        """Large type (the panel's ``bk-projector`` class) and the table beside the controls,
        so that a seat's view and its controls fit a 1280 x 720 projector without scrolling;
        Undo and the file controls are hidden meanwhile, and "What happened" shows its last
        few lines (:data:`~bluffkit.widgets.art.PROJECTOR_LOG_LINES`), newest first, beside
        the table, the earlier ones scrolled to."""
        (self.add_class if on else self.remove_class)("bk-projector")
        self.drop_file_note()           # (Save log, which it speaks of, is hidden on the projector)
        self.board.layout.flex_flow = "row" if on else "column"
        self.board.layout.align_items = "flex-start" if on else None
        if self.projector.value != on:
            self.projector.value = on
        self._draw_events()
        self._place_events()

    #: The control before which "What happened" goes in the controls' column in projector
    #: mode (None: at the column's end, before the hidden move box).
    events_before = None
    #: Off the projector, with ``ROW_ALWAYS``: the control before which the message line goes
    #: in the controls' column (None: as ``events_before``).
    message_before = None

    #: The widths of the table and of the controls' column beside it; and whether they stand
    #: side by side off the projector too (else only on it).
    TABLE_WIDTHS: tuple[str, str] = ("58%", "42%")
    ROW_ALWAYS = False

    def _place_events(self) -> None:
        """Where "What happened" and the message line are: below the table (and the cover);
        in projector mode, while a seat's controls are shown, in their column beside the
        table, where a 1280 x 720 screen has room for them (below the table they would be
        off the screen: a refusal was seen there, cut off, under Bluffer's vote buttons).
        A panel whose controls always stand beside its table (``ROW_ALWAYS``: Bidder Up!'s)
        keeps its message line in their column off the projector too, before
        ``message_before`` (Bidder Up!'s farm boards, which follow its controls there): under
        the table, below the farm boards, a question before a move ("click again to take it
        anyway") was some 800 px down, and the second click played the move unread."""
        if not hasattr(self, "events") or not hasattr(self, "side_row"):
            return                              # (still being built)
        shown = self.controls.layout.display != _HIDE
        column = (self.message, self.events) if self.projector.value else (self.message,) if self.ROW_ALWAYS else ()
        beside = bool(column) and shown
        # the table beside the controls (on a projector, or always: ROW_ALWAYS); the whole
        # width without them (the end of the game: it kept 58 % of the screen, the rest blank)
        row = self.projector.value or self.ROW_ALWAYS
        width = (self.TABLE_WIDTHS if self.controls.layout.display != _HIDE else ("100%", None)) if row \
            else (None, None)
        if (self.view.layout.width, self.controls.layout.width) != width:
            self.view.layout.width, self.controls.layout.width = width
        moved = (self.message, self.events)     # the message line too: a refusal next to the buttons
        ctl = tuple(c for c in self.controls.children if c not in moved)
        main = tuple(c for c in self.children if c not in moved)
        if beside:
            before = self.events_before if self.events_before in ctl else self.typed_row
            if not self.projector.value and self.message_before in ctl:
                before = self.message_before
            k = ctl.index(before) if before in ctl else len(ctl)
            ctl = ctl[:k] + column + ctl[k:]
        if self.message not in ctl:
            k = main.index(self.board) + 1 if self.board in main else len(main)      # its place: under the table
            main = main[:k] + (self.message,) + main[k:]
        if self.events not in ctl:
            k = main.index(self.side_row) if self.side_row in main else len(main)
            k = max(k, main.index(self.message) + 1 if self.message in main else 0)
            main = main[:k] + (self.events,) + main[k:]
        where = main
        if tuple(self.controls.children) != ctl:
            self.controls.children = ctl
        if tuple(self.children) != where:
            self.children = where

    def _draw_events(self) -> None:
        """ "What happened": the last lines of the public narration, newest first (on top,
        where it is seen without scrolling), the newest in bold. In projector mode the box
        is :data:`~bluffkit.widgets.art.PROJECTOR_LOG_LINES` lines high and scrolls to the rest (a hot seat's
        own move, three bots' moves later, was gone from the screen)."""
        last = self.said[-EVENTS:][::-1]
        lines = [f"<b>{self.event_html(x)}</b>" if k == 0 else self.event_html(x) for k, x in enumerate(last)]
        # (more lines than the box is high: past it for certain, each line taking one or more)
        more = self.projector.value and len(lines) > PROJECTOR_LOG_LINES
        head = "(newest first; scroll for older)" if more else "(newest first)"
        body = (f"<div class='bk-log-lines'>{'<br>'.join(lines)}</div>" if self.projector.value
                else "".join(f"<br>{x}" for x in lines))
        self.events.value = f"<div class='bk-box'><b>What happened</b> <span class='bk-secret'>{head}</span>{body}</div>"

    def event_html(self, line: str) -> str:
        """One line of the narration as "What happened" shows it (HTML; see
        :func:`bluffkit.widgets.render.narration_view`)."""
        return narration_view(self.game, line)

    def public_scores(self, obs):
        """The scores as everyone may see them now, from ``obs`` (public fields only), or
        ``None`` when the game has no running score; the Scores toggle shows them."""
        return None

    def _draw_scores(self, obs=None) -> None:
        """The scores under the title while the Scores toggle is on: from the seat on
        screen's observation (``obs``), or, on a cover, those every seat's observation gives
        alike (:meth:`cover_scores`): the scores are public, so a cover shows them too."""
        s = self.session
        got = None
        if self.scores_button.value and not s.over:
            if obs is None and self.viewer is not None:
                obs = s.observe(self.viewer)
            got = self.public_scores(obs) if obs is not None else self.cover_scores()
        unit, low_wins = self.scores_unit
        self.scores.value = scores_html(s.names, got, "Scores now", unit, low_wins) if got is not None else ""

    def cover_scores(self):
        """The scores on a cover (no seat on screen), or ``None`` (no cover, or no running
        score): :meth:`public_scores` of every seat's observation, shown only when they all
        agree, so that nothing one seat alone may know reaches the cover. They are compared
        in turn, not put in a set: a panel's scores may be a list (unhashable: a TypeError)."""
        s = self.session
        if s.over or self.viewer is not None or self.cover.layout.display == _HIDE:
            return None
        first, *others = (self.public_scores(s.observe(seat)) for seat in range(s.players))
        return first if all(_alike(first, x) for x in others) else None

    def text_boxes_anew(self) -> None:
        """The text boxes drawn anew for the next seat (:func:`drawn_anew`): the browser
        forgets what was typed in them. Panels with boxes of their own add them."""
        drawn_anew(self.typed_row, self.typed)

    def _typed_enter(self, change) -> None:
        if change["new"].strip():
            with self.clicks.typing():
                self.try_move(change["new"])

    def draw_seat(self, seat: int, obs) -> None:       # pragma: no cover - every panel overrides it
        raise NotImplementedError

    def clear_controls(self) -> None:                  # pragma: no cover - every panel overrides it
        """Every control of the game back to a blank, hidden state (values, options, maxima,
        labels): what a cover screen holds."""
        raise NotImplementedError

    def clear(self, view: bool = True) -> None:
        """Nothing private left in any widget: the seat's view (unless ``view`` is False:
        the caller has just drawn it), the move box, every control."""
        if view:
            self.view.value = ""
        self.legal_text.value = self.typed.value = self.scores.value = ""
        self.controls.layout.display = _HIDE
        self.clear_controls()
        self._place_events()

    @property
    def screen(self) -> tuple[str, int | None]:
        """What is on screen: ``("seat", s)`` seat ``s``'s view, ``("cover", s)`` the cover
        asking for seat ``s``, ``("over", None)`` the all-seeing end, ``("stuck", None)``
        nothing (a bot could not move)."""
        if self.session.over:
            return ("over", None)
        if self.viewer is not None:
            return ("seat", self.viewer)
        if self.cover.layout.display != _HIDE:
            return ("cover", self.seat_now())
        return ("stuck", None)

    def show_screen(self, screen: tuple[str, int | None]) -> None:
        """Redraw the panel from its session for ``screen`` (see :attr:`screen`)."""
        kind, seat = screen
        self.viewer = None
        self.refresh()
        if kind == "seat":
            self.viewer = seat
            self.refresh()

    def refresh(self) -> None:
        """Let bots and chance play until a human must move; then draw (or cover) the table
        (a message of Save log goes: :meth:`drop_file_note`)."""
        self.drop_file_note()
        before = len(self.session.says)
        try:
            self.said.extend(self.session.advance(hold=self.hold_chance))
        except BluffkitError as e:                # a bot's move refused, or an agent object failed:
            self.said.extend(self.session.says[before:])    # say so (not why: see bot_failure)
            self.bot_error = e
            self.message.value = note(bot_failure(self.session, e), error=True)
        s = self.session
        seat = None if s.over else self.seat_now()
        if self.viewer is None and seat is not None and seat == self.only_human:
            self.viewer = seat                    # the one human seat: no cover (see __init__)
        obs = s.observe(seat) if seat is not None and seat == self.viewer else None
        # the view first (the board is what the player waits for), and once: not a blank before it
        view = (self.end_html() if s.over                                       # the end: everything is shown
                else self.seat_html(obs) if obs is not None else "")   # from the observation alone
        with self.hold_sync():
            self.view.value = view
            self._draw_events()
            self.clear(view=False)                # redrawn from the observation alone, below
            self._draw_screen(seat, obs)
            self._place_events()
            self.show_undo()

    def end_html(self) -> str:
        """The end of the game, all-seeing, as the view shows it; on a projector, in a
        game's large type where its view has one (:func:`~bluffkit.widgets.render.all_seeing_view`)."""
        s = self.session
        return all_seeing_view(self.game, s.state, s.names, projector=bool(self.projector.value))

    def show_undo(self) -> None:
        """Undo on screen but on a cover under the rule "own": there it is asked by the seat
        the table waits for, who did not make the move before (the cover came because the
        seat changed), so it could only be refused. With ``undo="any"`` it stays. Where the
        session would refuse it (:meth:`bluffkit.session.Session.undo_problem`) it is closed,
        its tooltip saying why."""
        kind = self.screen[0]
        cover = kind == "cover" or kind.endswith("-cover")
        self.undo_button.layout.display = _HIDE if cover and self.session.undo_rule == "own" else _SHOW
        # closed, with the reason on hover, where it could only be refused: before anyone has
        # moved, after a step that showed the table something, a move another has answered
        s = self.session
        problem = s.undo_problem(None if s.over else self.seat_now())[1]
        self.undo_button.disabled = problem is not None
        self.undo_button.tooltip = ("The game is over: nothing to take back" if s.over and problem is not None else
                                    f"Nothing to take back now: {unescape(self.event_html(problem.reason))}"
                                    if isinstance(problem, IllegalAction)
                                    else "take back your last move" if s.undo_rule == "own"
                                    else "take back the last move")

    def _draw_screen(self, seat: int | None, obs) -> None:
        """The end, a stuck table, the cover for ``seat``, or its view from ``obs`` (see :meth:`refresh`)."""
        s = self.session
        if s.over:
            self.viewer = None
            self.cover.layout.display, self.board.layout.display = _HIDE, _SHOW
            self.controls.layout.display = _HIDE
            return
        if seat is None:                  # a bot is stuck (see the message): no seat is on screen
            self.viewer = None
            self.cover.layout.display, self.board.layout.display = _HIDE, _HIDE
            return
        if obs is None:
            self.viewer = None            # the cover: nothing private behind it (cleared above),
            self.drop_refusal()           # nor a refusal naming the last seat's choice,
            if self._boxes_shown:         # nor the typing history of a text box the last seat used
                self.text_boxes_anew()
                self._boxes_shown = False
            name = escape(s.names[seat])
            # "to play", not "'s turn": the seat asked may answer another player's turn (a challenge)
            # (said to a screen reader, not drawn: after a person's move the keyboard's place is the
            # control used, below the cover, so Tab goes on down the page and Shift+Tab goes back
            # to Show; before anyone at the table has moved, nothing of the panel has the focus)
            kinds = s.kinds
            moved = self._undone or any(m is not None and kinds[m] == "human" for m, _ in s.moves)
            keys = f"<span class='bk-sr-only'> {escape(self.keys_to_show())}</span>" if moved else ""
            self.cover_text.value = note(f"<b>{name} to play.</b> Pass the screen to {name}; the others look away."
                                         f"{keys}", alert=True)
            self.show.description = f"Show {s.names[seat]}'s view"
            self.cover.layout.display, self.board.layout.display = _SHOW, _HIDE
            self._draw_scores()           # (public: shown on the cover too, if asked for)
            return
        self.cover.layout.display, self.board.layout.display = _HIDE, _SHOW
        self.cover_text.value = ""        # (its words were for the last cover: drawn anew at the next)
        self.controls.layout.display = _SHOW
        self._boxes_shown = True
        self.draw_seat(seat, obs)
        self._draw_scores(obs)

    #: A person's Undo took moves back (see :meth:`_draw_screen`'s keyboard words).
    _undone = False

    def keys_to_show(self) -> str:
        """What a cover tells a screen reader after a person's move: how the keyboard, still
        on the control used below the cover, gets back to Show."""
        return KEYS_TO_SHOW

    def drop_refusal(self) -> None:
        """The player changed their choice (a card, a note, a partner): a refusal of the
        choice before no longer applies, so it leaves the screen."""
        if "bk-refusal" in self.message.value:
            self.message.value = ""

    def _uncover(self, _=None) -> None:
        self.clicks.handed_over()
        self.viewer = self.seat_now()
        self.message.value = ""
        self.refresh()

    def covered(self) -> bool:
        """No seat is on screen (a cover, or a stuck table): says so, for a control clicked
        there (the browser may still send a click of a hidden button); a stuck table keeps
        the message that says why it cannot go on."""
        if self.viewer is None:
            if self.session.over:
                self.message.value = note("The game is over: no more moves.", error=True)
            elif self.screen[0] != "stuck":
                self.message.value = note("Uncover the table first.", error=True)
            return True
        return False

    def try_move(self, text: str) -> None:
        """Play ``text`` for the seat on screen; a refused move shows the reason and changes nothing."""
        if not text.strip():      # silent: leaving the box (blur) has played the move typed before the click
            return
        if self.clicks.stale():   # silent: the second click of a double click on a move just played
            return
        viewer = self.viewer
        if viewer is None:
            self.covered()
            return
        try:
            self.said.append(self.session.play(text, viewer))
        except BluffkitError as e:
            s = self.session
            self.message.value = refusal_html(s.names[viewer], text.strip(), e, s.names, self.bid_step())
            return
        self.message.value = ""
        self.typed.value = ""
        self.show_own_move()
        self.refresh()
        self.clicks.done()

    def show_own_move(self) -> None:
        """The mover's own view right after their move, when bots or chance act next (they
        may take a while): the table a player waits for first, the others' moves after it.
        Drawn from the mover's observation, as every seat view is."""
        s = self.session
        if s.over or self.viewer is None or self.seat_now() == self.viewer:
            return
        self.view.value = self.seat_html(s.observe(self.viewer))

    def seat_html(self, obs) -> str:
        """The view of the seat ``obs`` belongs to, drawn from that observation alone."""
        return seat_view(self.game, obs, self.session.names)

    def bid_step(self) -> int | None:
        """How bids go up for the seat on screen (for the words of a refusal), if it bids."""
        return None

    def _undo(self) -> None:
        """Undo through the session's rule (asked by the seat the game waits for): never
        across a step that showed hidden information, never a move another player has
        answered, and only one's own move unless the table was made with ``undo="any"``
        (:meth:`bluffkit.session.Session.undo`)."""
        if self.clicks.stale():
            return
        try:
            n = self.session.undo(self.seat_now())
        except BluffkitError as e:           # the reason in words; the rule's id only in the tooltip
            reason = e.reason if isinstance(e, IllegalAction) else str(e)
            self.message.value = note(f"Cannot undo: {self.event_html(reason)}", error=True,   # (a line it quotes as shown)
                                      rule=e.rule if isinstance(e, IllegalAction) else None)
            return
        self.said = self.said[:max(0, len(self.said) - n)]
        self.viewer = None
        self._undone = True                  # the keyboard is on Undo, below the next cover, even if
        self.message.value = note(f"Took back {count(n, 'move')}.")   # no person's move is left
        self.refresh()
        self.clicks.done()

    def _save(self) -> None:
        """Write the game's log, once the game is over: a log is the all-seeing record
        (every hand, every face-down offer, the deal), so the seat at the screen may not
        write it, and then open it, while the game lasts (docs/logs.md). A teacher saves a
        game in progress from code, with ``panel.session.save(path)``."""
        if self.clicks.stale():              # a double click: its second click does not answer "click again"
            return
        if not self.session.over:
            self._file_note(note("The log can be saved once the game is over: it holds everything "
                                 "the players keep hidden.", error=True))
            return
        try:
            target = Path(self.save_path.value)
            key = os.path.abspath(target) if self.save_path.value.strip() else None
            # the question "click Save log again to replace it" is answered only while it is on
            # screen: another message in its place (a move typed after the end) took it away
            shown = self._file_words is not None and self.message.value == self._file_words
            asked = self._may_replace if shown else None
            ours = key is not None and key in (asked, self._own_log)
            if key is not None and key == asked and self.clicks.too_soon_to_answer():
                return                   # the double click's second click: "click Save log again" unread
            if key is not None and not ours and os.path.lexists(target) and not target.is_dir():
                self._may_replace = key  # another game's log, perhaps: replaced on a second click only
                self._file_note(note(f"{escape(str(target))} exists already: click Save log again to replace it, "
                                     f"or give another name.", error=True))
                self.clicks.done(asked=True)
                return
            path = self.session.save(target, replace=ours)
        except (OSError, ValueError, BluffkitError) as e:     # ValueError: a NUL in the name
            self._file_note(note(f"Could not save: {escape(str(e))}", error=True))
            return
        self._own_log, self._may_replace = key, None   # this game's own log may be written again
        self._file_note(note(f"Saved the log to {escape(str(path))}."))

    #: The message line's words written by Save log (see :meth:`_file_note`), while shown.
    _file_words: str | None = None

    def _file_note(self, html: str) -> None:
        """A message of Save log (a refusal, a question, "Saved the log to ..."): about the
        file controls, not the game, so it leaves the screen at the next redraw or switch
        of the Projector (:meth:`drop_file_note`), where those controls are hidden; the
        game's own refusals and questions stay until the player acts."""
        self.message.value = self._file_words = html

    def drop_file_note(self) -> None:
        """Take a message of Save log off the screen (none other), and with it its question
        "click Save log again to replace it": a later click asks again."""
        if self._file_words is not None and self.message.value == self._file_words:
            self.message.value = ""
            self._may_replace = None
        self._file_words = None
