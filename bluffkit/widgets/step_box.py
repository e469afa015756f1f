"""The Step row that the scenario player and the replay viewer share: a step slider and,
beside it, a Step box that the panel reads.

ipywidgets' slider has an editable readout that the browser reads itself (``parseInt``):
"1e3", "1,000" and "1.5" went to step 1, and "99" to the last step, without a word. The
slider here has no readout; in its place a text box is read as the bid box reads an amount
(:func:`~bluffkit.widgets.auction_moves.read_amount`: ``7``, ``1e1``, ``1,000``). A step of
the example's (or the game's) is shown; anything else keeps the step shown and is refused in words under the
slider ("Step: '1e3' (1,000) is past the last step: this example has steps 0 to 11."). The
box follows the slider however it moves (Back, Next, a drag, code), and a refusal goes
with the step it was said at.

While Auto-play runs (:meth:`StepRow.follow`) the box is left empty ("go to") and is not
written at its ticks, the step's number beside the slider instead ("Step 12"): the box's
text is the browser's until Enter (or leaving the box) sends it, and each tick wrote the
step over a step half typed ("12" typed across a tick became "92", then the next step).
A step typed then pauses Auto-play and is shown there, or is refused in words with
Auto-play paused (the next tick would have taken the words away).

>>> row = StepRow(whose="this game", tooltip="the step of the game shown")
>>> row.slider.max = 12
>>> row.box.value = "1e1"; row.slider.value
10
>>> row.box.value = "99"; row.slider.value, row.box.value
(10, '99')
"""

from __future__ import annotations

from html import escape

import ipywidgets as W

#: The Step box beside the slider, where the slider's readout was: its number as the readout
#: wrote it (centred, in the notebook's type), and a refused step's words under both.
STEP_BOX_CSS = """<style>
.bk-panel .bk-step-box input {text-align: center}
.bk-panel .bk-step-box {margin-right: 6px}
.bk-panel .bk-step-note {margin: 2px 0 0 0}
</style>"""


def step_words(typed: str, last: int, whose: str) -> str:
    """Why ``typed`` (the Step box's text) is no step from 0 to ``last``, in plain words; ``""``
    when it is one. ``whose`` names what has the steps ("this example", "this game"). Read as
    the bid box reads an amount (:func:`~bluffkit.widgets.auction_moves.read_amount`), so that
    a step past the last is said to be so rather than read as its first digit.

    >>> step_words("1e3", 11, "this example")
    "Step: '1e3' (1,000) is past the last step: this example has steps 0 to 11."
    >>> step_words("20000", 17287, "this game")
    "Step: '20000' is past the last step: this game has steps 0 to 17,287."

    A dot between digits may separate thousands: both readings are named where either is a
    step, only the step where one is, and neither where none is ("-1.000").

    >>> step_words("1.000", 2000, "this game")
    "Step: '1.000' may be 1 or 1,000: write one of them (this game has steps 0 to 2,000)."
    >>> step_words("1.000", 11, "this example")
    "Step: '1.000' may be 1 or 1,000; this example has steps 0 to 11: write 1."
    >>> step_words("-1.000", 11, "this example")
    "Step: '-1.000' is no step: type a whole number from 0 to 11."
    """
    from bluffkit.core.errors import quote
    from bluffkit.core.money import dot_thousands
    from bluffkit.widgets.auction_moves import read_amount, visible_text
    text = visible_text(str(typed))
    steps = f"{whose} has steps 0 to {last:,}"
    n = read_amount(text)
    if n is not None and 0 <= n <= last:
        return ""
    if not text:
        return f"Step: type a step from 0 to {last:,}, then press Enter."
    said = quote(text, limit=24)
    if n is None and (readings := dot_thousands(text)) is not None:     # 1.000: 1, or a thousand
        steps_in = [r for r in readings if 0 <= r <= last]
        if len(steps_in) == 2:
            return f"Step: {said} may be {readings[0]:,} or {readings[1]:,}: write one of them ({steps})."
        if steps_in:             # (the other reading is past the last step: "1.000" offered 1,000 of 11)
            return f"Step: {said} may be {readings[0]:,} or {readings[1]:,}; {steps}: write {steps_in[0]:,}."
    if n is None:
        return f"Step: {said} is no step: type a whole number from 0 to {last:,}."
    shown = said if text.replace(",", "").lstrip("+") == str(n) or abs(n) >= 10**15 else f"{said} ({n:,})"
    if n > last:
        return f"Step: {shown} is past the last step: {steps}."
    return f"Step: {shown} is before the start: {steps}."


#: The Step box's placeholder, seen while Auto-play runs (the box left empty, to type in).
GO_TO = "go to"


class StepRow(W.HBox):
    """The slider without its readout (``slider``), the Step box beside it (``box``) and a
    refused step's words under both (``note``), one row the width of the panel.

    ``whose`` names what has the steps in the words ("this example", "this game");
    ``refuse``, when not empty, is said for anything typed (a panel with nothing to step
    through: "no game is shown yet")."""

    def __init__(self, *, whose: str, tooltip: str, max: int = 0):       # noqa: A002  (the slider's own name)
        self.whose = whose
        self.refuse = ""
        self._showing = False
        self.play: W.Play | None = None             # Auto-play, once the panel has one (follow)
        self.slider = W.IntSlider(value=0, min=0, max=max, description="Step", continuous_update=True,
                                  readout=False, tooltip=tooltip,
                                  layout=W.Layout(width="100%", flex="1 1 0%", min_width="0"))  # (the row less the box)
        self.box = W.Text(value="0", continuous_update=False, placeholder=GO_TO, layout=W.Layout(width="4.5em"))
        self.box.add_class("bk-step-box")
        self.note = W.HTML(layout=W.Layout(width="100%"))       # a step refused, in words, under the slider
        # overflow visible: the box's focus ring (3 px, 2 px out) was cut to an "L" by the row's scrolling
        super().__init__([self.slider, self.box, self.note],
                         layout=W.Layout(width="100%", align_items="center", flex_flow="row wrap", overflow="visible"))
        self.slider.observe(lambda ch: self.show(), names=["value", "max"])
        self.slider.observe(lambda ch: self._label_width(), names="max")
        self._label_width()
        self.box.observe(lambda ch: self.typed(ch["new"]), names="value")
        self.show()

    def _label_width(self) -> None:
        """The slider's name holds "Step 100,000" while Auto-play runs (:meth:`show`): as
        wide as the last step's number needs, in the label's own type (``ch``, so the
        projector's larger type too), never narrower than ipywidgets' 80 px. The width is
        the same playing or paused, so the slider does not move."""
        self.slider.style.description_width = f"max(80px, {len(f'Step {self.slider.max:,}') + 1}ch)"

    @property
    def playing(self) -> bool:
        """Whether Auto-play (:meth:`follow`) runs."""
        return self.play is not None and bool(self.play.playing)

    def follow(self, play: W.Play) -> None:
        """Auto-play moves the slider: while it runs the box is empty (its placeholder
        :data:`GO_TO`) and left alone, so that a step being typed is not written over at a
        tick, and the step's number is in the slider's name ("Step 12"); once paused (or at
        the last step) the box shows the step again. A step typed meanwhile pauses it
        (:meth:`typed`)."""
        self.play = play
        play.observe(self._playing, names="playing")

    def _playing(self, change) -> None:
        if change["new"]:
            self._showing = True
            try:
                self.box.value = ""             # (pressed in the browser: nothing is being typed now)
            finally:
                self._showing = False
            self.show()
        elif not self._pausing:
            self.show()

    _pausing = False

    def show(self) -> None:
        """The box shows the step shown (moved by Back, Next, the slider or code), and its
        tooltip the steps there are; a refusal said under it is old then. While Auto-play
        runs the box is left as it is (:meth:`follow`)."""
        if self.playing:                        # (the step's number beside the slider, in its name)
            self.slider.description = f"Step {self.slider.value:,}"
            self.note.value = ""
            return
        self._showing = True
        try:
            self.slider.description = "Step"
            self.box.value = str(self.slider.value)
            self.box.tooltip = f"type a step, 0 to {self.slider.max:,}, and press Enter"
            self.note.value = ""
        finally:
            self._showing = False

    def words(self, typed: str) -> str:
        """Why ``typed`` is no step to show, in plain words; ``""`` when it is one (:func:`step_words`)."""
        if self.refuse:
            return self.refuse
        return step_words(typed, self.slider.max, self.whose)

    def typed(self, typed: str) -> None:
        """A step typed in the box (Enter, or leaving the box): shown if it is one, else the
        box keeps what was typed and the reason is said under it (:meth:`words`), the step
        shown unchanged. Typed while Auto-play runs, it pauses Auto-play first: the step
        typed stays shown, and a refusal stays said (the next tick would have moved on)."""
        if self._showing:
            return
        if self.playing:
            self._pausing = True
            try:
                self.play.playing = False       # type: ignore[union-attr]  # (the button follows: Auto-play)
            finally:
                self._pausing = False
            self.slider.description = "Step"        # (the box says the step again)
        from bluffkit.widgets.auction_moves import read_amount
        words = self.words(typed)
        if words:
            self.note.value = f"<div class='bk-box bk-refusal bk-step-note' role='alert'>{escape(words)}</div>"
            return
        n = read_amount(str(typed).strip())
        if n == self.slider.value:                  # (the step shown: its number written as typed, again)
            self.show()
        else:
            self.slider.value = n                   # (the box and the note follow: show)
