"""The replay viewer: scrub through a logged (or current) game step by step.

A thin view over the list of states that replaying a log gives. A bad log is
refused with the reason from :mod:`bluffkit.core.log`, shown in place of the game; code
reads the refusal as an error, ``refused`` (a :class:`~bluffkit.core.errors.LogError`
with its ``line`` and ``reason``), not from the panel's HTML.

>>> from bluffkit.core.game import make_game
>>> from bluffkit.session import Session
>>> s = Session(make_game("horse-trading"), ["random"] * 3, seed=4).run()
>>> r = ReplayViewer(s)
>>> r.step.max == len(s.moves), r.error.value, r.refused
(True, '', None)
>>> r.load("no-such-log.jsonl"), type(r.refused).__name__, r.refused.line, r.refused.reason[:20]
(False, 'LogError', 0, 'cannot read the file')
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as W

from bluffkit.core import log as gamelog
from bluffkit.core.errors import BluffkitError, LogError, quote
from bluffkit.core.trail import StateTrail
from bluffkit.widgets.closing import ClosesWhole
from bluffkit.widgets.render import STYLE, all_seeing_view, narration_view, seat_view
from bluffkit.widgets.step_box import STEP_BOX_CSS, StepRow
from bluffkit.widgets.words import PLAY_TIP, whose_move

#: The Log file box's placeholder: with no game shown, and once a game is shown.
NO_GAME, ANOTHER_GAME = "path/to/game.jsonl", "open another log: path/to/game.jsonl"


#: What the Step box says to a step typed before any game is shown: short, as the panel's
#: line above it says how to open a log (or, after a failed Open, why that log was not shown).
NO_STEPS = "Step: no game is shown yet: open a game's log first."


#: What the Step box says, under the slider, while a long log is read: the kernel reads the
#: box only once the whole log is read (one widget message at a time, bluffkit.widgets.serial).
READING_STEPS = ("Step: the log is still being read: a step typed now is shown once it is read, "
                 "or refused then if the game has no such step.")


#: Why a game that is not over is not replayed (see ReplayViewer.load).
UNFINISHED = ("this game is not finished, and a replay shows everything: every hand, the cards and notes laid "
              "face down, and what is still to come. Replay it once it is over; to look at it now, away from "
              "the players, use ReplayViewer(path, unfinished=True) in code.")


#: The last line of the events in a seat's view before the end of the game.
LATER = "(the steps after this one are not shown in a seat's view)"


def auto_play(step: W.IntSlider, interval: int) -> W.Play:
    """A Play that moves ``step`` on every ``interval`` milliseconds. Its timer runs in the
    browser; each tick moves the slider in the kernel, and only while it plays: a tick sent
    before a pause reached the browser (a step typed in the Step box pauses it, in the
    kernel) came after the step typed and passed over it, two times in eight at 0.8 s a step.
    The Play follows the slider both in the kernel and in the browser (a link set up there),
    so that Auto-play goes on from the step shown and a notebook's saved state holds both at
    it. The Play itself is not drawn: its buttons are icons with no
    names, which a screen reader announces as "button" and no more. Drawn in its place is
    ``play.button``, a toggle named **Auto-play** (**Pause** while it plays), linked to the
    Play's ``playing`` in the browser (its timer runs there) and in the kernel."""
    play = W.Play(value=step.value, min=step.min, max=step.max, interval=interval, description="",
                  show_repeat=False, layout=W.Layout(display="none"))
    play.link = W.jsdlink((step, "value"), (play, "value"))     # (kept, so that close() finds it)
    step.observe(lambda ch: setattr(play, "value", ch["new"]), names="value")

    def ticked(change) -> None:
        if play.playing:
            step.value = change["new"]
        elif change["new"] != step.value:       # a tick sent before the pause: back to the step shown
            play.value = step.value
    play.observe(ticked, names="value")
    button = W.ToggleButton(description="Auto-play", icon="play", tooltip=PLAY_TIP)
    play.button, play.button_link = button, W.jslink((button, "value"), (play, "playing"))
    W.link((button, "value"), (play, "playing"))

    def named(change) -> None:          # what a press does next, in its name and its icon
        button.description, button.icon = ("Pause", "pause") if change["new"] else ("Auto-play", "play")
    button.observe(named, names="value")
    return play


#: The projector's list of steps beside the table: in the notebook's type, not the
#: projector's 22 px (its lines would wrap in the narrow column).
PROJECTOR_CSS = ("<style>.bk-projector .bk-events .widget-html-content {font-size: 17px; line-height: 1.3}"
                 ".bk-projector .bk-events li {margin-bottom: 3px}</style>")


#: How often, in seconds, a log being read says how far it is (ReplayViewer._reading).
READING_EVERY = 0.5


class Narration(Sequence):
    """The words of each step of a replayed game (``game.narrate``), written when a step is
    first shown and kept: a log of 17,000 steps took some 11 s to narrate whole before its
    first step was drawn, and the viewer shows some fifteen at a time."""

    def __init__(self, game, states, moves, names):
        self.game, self.states, self.moves, self.names = game, states, moves, names
        self.said: dict[int, object] = {}

    def __len__(self) -> int:
        return len(self.moves)

    def __getitem__(self, k):               # type: ignore[override]  # (one step at a time)
        if not isinstance(k, int) or not 0 <= k < len(self.moves):
            raise IndexError(f"no step {k!r} of {len(self.moves)}")
        if k not in self.said:
            seat, action = self.moves[k]
            self.said[k] = self.game.narrate(self.states[k], seat, action, self.states[k + 1], self.names)
        return self.said[k]


class ReplayViewer(ClosesWhole, W.VBox):
    """A slider over the steps (a drag shows its step once let go) and a Step box beside it
    (bluffkit.widgets.step_box: typed in while Auto-play runs, it pauses it there), Auto-play
    (Pause) with a speed, any seat's view or the all-seeing one, and the list of events with
    the current step marked: the seven steps before it, it, and the eight after (on a
    projector, beside the table: three before, four after); in a seat's view no step after it.

    ``refused``: why the last :meth:`load` showed nothing, the words the panel shows after
    "Cannot replay:" or "Not shown:", as an error for code: a
    :class:`~bluffkit.core.errors.LogError` for a log that cannot be read or replayed
    (``line``, 1-based, 0 for the file as a whole; ``reason``; ``path``), a
    :class:`~bluffkit.core.errors.BluffkitError` for no file named or a game not finished;
    ``None`` before any refusal and once a game is shown."""

    def __init__(self, source=None, *, unfinished: bool = False):
        self.unfinished = unfinished        # show a game that is not over (see load)
        self.refused: BluffkitError | None = None     # (see the class's docstring)
        self.error = W.HTML()
        # the slider without its readout, which the browser read itself when it was typed in
        # ("1e3" and "1,000" went to step 1, "99" to step 99 or the last without a word): beside
        # it a text box the viewer reads, which says why a step is refused (bluffkit.widgets.step_box)
        self.step_row = StepRow(whose="this game", tooltip="the step of the game shown")
        self.step_row.refuse = NO_STEPS
        self.step, self.step_box, self.step_note = self.step_row.slider, self.step_row.box, self.step_row.note
        # a drag sends its step once let go: sent at every step it passed, a drag across a log
        # of 630 steps drew some 65 of them on the way, and the browser, busy drawing, followed
        # the mouse three to four times slower (the Step box goes to a step exactly)
        self.step.continuous_update = False
        self.play = auto_play(self.step, 800)
        self.step_row.follow(self.play)             # (the box left alone while it plays)
        self.speed = W.FloatSlider(value=0.8, min=0.1, max=3.0, step=0.1, description="Seconds/step",
                                   readout_format=".1f", style={"description_width": "initial"})
        self.viewer = W.Dropdown(description="View", options=[("all-seeing", -1)], value=-1)
        self.table = W.HTML()
        self.events = W.HTML()
        self.events.add_class("bk-events")
        self.path = W.Text(description="Log file", placeholder=NO_GAME)    # the file shown, once one is
        self.open_button = W.Button(description="Open")
        self.open_button.on_click(lambda _: self.load(self.path.value))
        self.step.observe(lambda ch: self.draw(), names="value")
        self.viewer.observe(lambda ch: self.draw(), names="value")
        self.speed.observe(lambda ch: setattr(self.play, "interval", int(ch["new"] * 1000)), names="value")
        self.game: Any = None
        self.states: Any = None
        self.moves: Any = None
        self.names: Any = None
        self.projector = W.ToggleButton(description="Projector", icon="desktop", tooltip="large type for a projector")
        self.projector.observe(self._projector_changed, names="value")
        # the table and the steps around this one: one under the other, side by side on a
        # projector (stacked, the table and the list were some 1,060 px: the step's line
        # under the screen)
        self.body = W.Box([self.table, self.events], layout=W.Layout(flex_flow="column"))
        super().__init__([W.HTML(STYLE + PROJECTOR_CSS + STEP_BOX_CSS),
                          W.HBox([self.path, self.open_button, self.projector]), self.error, self.step_row,
                          W.HBox([self.play.button, self.play, self.speed, self.viewer],
                                 layout=W.Layout(align_items="center")),
                          self.body])
        self.add_class("bk-panel")
        if source is not None:
            self.load(source)
        else:                                   # (an empty panel said nothing of what to do)
            self.error.value = ("<div class='bk-box'>No game shown yet: type the path of a game's log in the "
                                "Log file box and press <b>Open</b>.</div>")

    def _reading(self):
        """The ``on_step`` of a log being read: a long log (a Bløff game of 17,000 steps took
        some 11 s to check, with nothing on screen) says how far the reading is, at most
        every :data:`READING_EVERY` seconds; load's last words replace it. Under the slider
        it says what becomes of a step typed meanwhile (:data:`READING_STEPS`): the box is
        read once the log is, against the whole game."""
        import time
        shown = [time.monotonic()]

        def seen(checked) -> None:
            now = time.monotonic()
            if now - shown[0] >= READING_EVERY:
                shown[0] = now
                self.error.value = (f"<div class='bk-box'>Reading the log: step {checked.step:,} of "
                                    f"{checked.steps:,}, each checked by the rules\u2026</div>")
                self.step_note.value = f"<div class='bk-box bk-step-note'>{escape(READING_STEPS)}</div>"
        return seen

    def _read(self) -> None:
        """A log read and not shown (refused): the reading's words under the slider go, the
        box back at the step shown; a step refused before the reading keeps its words."""
        if escape(READING_STEPS) in self.step_note.value:
            self.step_row.show()

    def _projector_changed(self, change) -> None:
        """Large type, and the table and the steps side by side, fewer steps (see draw)."""
        on = bool(change["new"])
        (self.add_class if on else self.remove_class)("bk-projector")
        self.body.layout.flex_flow = "row" if on else "column"
        self.body.layout.align_items = "flex-start" if on else None
        self.table.layout.width, self.events.layout.width = ("64%", "36%") if on else (None, None)
        self.draw()

    def __repr__(self) -> str:
        steps = "no game" if self.moves is None else f"step {self.step.value} of {len(self.moves)}"
        return f"ReplayViewer({steps})"

    def load(self, source) -> bool:
        """Show a log file (path) or a session; a bad file shows the reason and keeps what was shown.

        A game that is not over is shown only to a viewer made with ``unfinished=True``:
        the replay is all-seeing (every hand, the cards and notes laid face down, and the
        deal still to come follows from the log), so a log saved to take a game up again
        (``session.save``, ``bluffkit play --save``) typed into the Log file box is refused,
        as a panel's Save log waits for the end (docs/panels.md)."""
        if hasattr(source, "states") and hasattr(source, "moves"):
            states: Sequence = source.states
            if isinstance(states, StateTrail):      # the session plays on: shown is a copy
                states = states.copy()
                moves = states.moves
            else:
                states, moves = list(states), list(source.moves)
            game, names = source.game, list(source.names)
            path = ""                               # a session has no file: the name of one shown before goes
            note = ""
        else:
            if not isinstance(source, (str, os.PathLike)):
                raise BluffkitError(f"ReplayViewer shows a log file (its path) or a Session, got {quote(source)}")
            if not str(source).strip():             # (Path("") is the current folder: "." named no file typed)
                self.refused = BluffkitError("no file named; type the path of a game's log in the Log file box "
                                             f"(e.g. {NO_GAME}).")
                self.error.value = f"<div class='bk-box' style='color:#c00'>Cannot replay: {escape(str(self.refused))}</div>"
                return False
            try:
                lg, states = gamelog.read(Path(source), on_step=self._reading())
            except LogError as e:
                self._read()
                self.refused = e
                self.error.value = f"<div class='bk-box' style='color:#c00'>Cannot replay: {escape(str(e))}</div>"
                return False
            game, moves, names = lg.game, lg.moves, lg.names
            path = str(source)                      # the box names the file shown
            note = lg.note or ""                    # an old format: what was not checked
        if not self.unfinished and not game.is_over(states[-1]):
            self._read()
            self.refused = BluffkitError(UNFINISHED)
            self.error.value = (f"<div class='bk-box' style='color:#c00'>Not shown: {escape(UNFINISHED)}</div>")
            return False
        self.path.value = path
        # a game is shown: the box no longer reads as if none were (a session's game has no file)
        self.path.placeholder = ANOTHER_GAME
        says = Narration(game, states, moves, names)
        # nothing drawn while the view and the slider are set for the new game: each change
        # redraws (draw), and the old step or seat may not be in the new game (a shorter
        # log opened at a late step of a longer one raised, the slider left on the old game)
        self.states = None
        self.play.playing = False               # (another game opens at its first step, paused)
        with self.hold_sync():
            self.viewer.options = [("all-seeing", -1)] + [(f"{n}'s view", i) for i, n in enumerate(names)]
            self.viewer.value = -1
            self.step.value = 0
            self.step.max = self.play.max = len(moves)
        self.game, self.states, self.moves, self.names, self.says = game, states, moves, names, says
        self.refused = None
        self.step_row.refuse = ""
        self.step_row.show()                    # (the step may have stayed 0: a refusal is old)
        self.error.value = f"<div class='bk-box'>Note: {escape(note)}.</div>" if note else ""
        self.draw()
        return True

    def draw(self) -> None:
        if self.states is None:
            return
        i = self.step.value
        seat = None if self.viewer.value < 0 else self.viewer.value
        with self.hold_sync():
            state = self.states[i]
            big = bool(self.projector.value)    # (Bidder Up!'s board: its words in large type)
            self.table.value = (all_seeing_view(self.game, state, self.names, projector=big) if seat is None
                                else seat_view(self.game, self.game.observe(state, seat), self.names, projector=big))
            # the steps around this one; a seat's view stops at this step: the steps after it
            # show what the seat cannot know yet (a face-down play turned over, the next draw)
            before, after = (4, 4) if self.projector.value else (8, 8)      # fewer beside the table
            lo, hi = max(0, i - before), min(len(self.moves), i + after if seat is None else i)
            rows = []
            for k in range(lo, hi):
                seat_, action = self.moves[k]
                who = whose_move(self.says[k], seat_, self.names)       # (not "Bo: Bo bids 20.")
                label = "" if who is None else f"<i>{escape(who)}'s move</i> &middot; "
                text = f"{k + 1}. {label}{narration_view(self.game, self.says[k])}"
                rows.append(f"<li><b>&#9654; {text}</b></li>" if k + 1 == i else f"<li>{text}</li>")
            if seat is not None and i < len(self.moves):
                rows.append(f"<li><i>{escape(LATER)}</i></li>")
            self.events.value = "<ul class='bk-box' style='list-style:none;padding-left:0'>" + "".join(rows) + "</ul>"
