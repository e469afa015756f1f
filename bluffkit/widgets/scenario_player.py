"""The scenario player: step through a rulebook's worked example one move at a time.

A thin view over a played scenario (:func:`bluffkit.core.scenario.run`): the list of
states and narration is computed once; Back, Next, Reset, the step slider, the Step box
beside it and Play only move an index into it.

>>> p = ScenarioPlayer("ht-auction-ben-pays-100")
>>> p.next.click(); p.step.value
1
>>> "Carla holds an auction" in p.narration.value
True
"""

from __future__ import annotations

import difflib
from html import escape
from pathlib import Path

import ipywidgets as W

from bluffkit.core import scenario as sc
from bluffkit.core.errors import check_whole
from bluffkit.core.facts import FACT_WORDS, fact_name, fact_text  # noqa: F401  (the panel's words)
from bluffkit.widgets import art
from bluffkit.widgets.closing import ClosesWhole
from bluffkit.widgets.render import STYLE, all_seeing_view, narration_view, scores_html, seat_view
from bluffkit.widgets.replay import auto_play
from bluffkit.widgets.step_box import STEP_BOX_CSS, StepRow
from bluffkit.widgets.words import whose_move


def _spec(game):
    from bluffkit.core.spec import spec_of
    return None if game is None else spec_of(game)


def _own(game, field: str):
    """The spec's reference field ``field`` of ``game``'s spec, resolved (``None``: none)."""
    spec = _spec(game)
    return None if spec is None else spec.resolve(field)


#: In a seat's view the rulebook's numbers are not listed: they name every seat's notes,
#: money and cards, now and at steps to come.
SEAT_EXPECT = ("<div class='bk-box'>Shown in the all-seeing view: the example's numbers tell what "
               "this seat cannot see.</div>")


#: A board game's board (Bidder Up!) drawn no taller than 60 % of the window, keeping its
#: shape, so that Back and Next stay on screen with it at 1280 x 720.
BOARD_CSS = ("<style>.bk-scenario-table svg[aria-label$=' board'] {max-height: 60vh; width: auto; "
             "max-width: 100%}</style>")

#: The Projector button's tooltip, off and on: the projector's layout leaves out the Example
#: list and the step slider, and the button is where to find them again.
PROJECTOR_TIPS = {False: "large type and a layout for a projector (1280 x 720); it leaves out the Example list "
                         "and the step slider, so choose the example first",
                  True: "back to the notebook's layout: the Example list (to choose another example) and the "
                        "step slider come back"}

#: The projector's layout (``bk-projector``), to fit JupyterLab's notebook area at 1280 x 720
#: (some 600 px, the file browser folded: 100vh less 120 px) without scrolling: Back, Next,
#: Reset, Auto-play, Projector and View in one bar at the top, the example's title and source in
#: one line under it (in smaller type, cut with "..."; the whole text in its tooltip), the
#: step's narration (20 px), the table in smaller type than the projector's 22 px, and the
#: rulebook's numbers folded under their summary line. The Example list, the step slider
#: and the speed are left out (the projector is switched on once the example is chosen).
#: A board fills what is left under the bar, the narration and an auction's box; the Bidder
#: Up! board, its words in the projector's large type (:func:`~bluffkit.widgets.render.all_seeing_view`
#: is told), takes the height under the narration (some 455 px: its words 15 px and more),
#: and its running auction or the final scores stand beside it, its key under them.
PROJECTOR_CSS = """<style>
.bk-scenario.bk-projector .bk-sp-choose, .bk-scenario.bk-projector .bk-sp-step,
.bk-scenario.bk-projector .bk-sp-speed {display: none !important}
.bk-scenario.bk-projector .bk-sp-bar {order: -1}
.bk-scenario.bk-projector .bk-sp-bar .jupyter-button {width: auto; padding: 0 14px}
.bk-scenario.bk-projector .bk-sp-bar .widget-dropdown {width: auto}
.bk-scenario.bk-projector .bk-sp-bar .widget-dropdown > label {width: auto; padding-right: 6px}
.bk-scenario.bk-projector .bk-sp-bar .widget-dropdown > select {width: 12em; flex: none}
.bk-scenario .bk-sp-dot {display: none}
.bk-scenario.bk-projector .bk-sp-dot {display: inline}
.bk-scenario.bk-projector .bk-sp-br {display: none}
.bk-scenario.bk-projector .bk-rule-text, .bk-scenario.bk-projector .bk-rule-text .widget-html-content {
  min-width: 0; max-width: 100%; overflow: hidden}
.bk-scenario.bk-projector .bk-rule-text .widget-html-content {font-size: 17px; line-height: 1.3}
.bk-scenario.bk-projector .bk-rule-text .bk-box {white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
  margin: 0}
.bk-scenario.bk-projector .bk-narration .widget-html-content {font-size: 20px; line-height: 1.3}
.bk-scenario.bk-projector .bk-narration .bk-box {margin: 2px 0}
.bk-scenario.bk-projector .bk-scenario-table {font-size: 17px}
.bk-scenario.bk-projector .bk-scenario-table .widget-html-content {line-height: 1.25}
.bk-scenario.bk-projector .bk-scenario-table svg[aria-label$=' board'] {max-height: calc(100vh - 330px)}
.bk-scenario.bk-projector .bk-scenario-table .bidder-up svg[aria-label$=' board'] {max-height: calc(100vh - 265px)}
.bk-scenario.bk-projector .bk-scenario-table .bidder-up {display: grid; grid-template-columns: minmax(0, 1fr) auto;
  column-gap: 12px; align-items: start}
.bk-scenario.bk-projector .bk-scenario-table .bidder-up > * {grid-column: 1 / -1}
.bk-scenario.bk-projector .bk-scenario-table .bidder-up > :has(> div > svg[aria-label$=' board']) {display: contents !important}
.bk-scenario.bk-projector .bk-scenario-table .bidder-up > div > :has(> svg[aria-label$=' board']) {grid-column: 1;
  grid-row: 1 / span 2}
.bk-scenario.bk-projector .bk-scenario-table .bidder-up > div:has(> div > svg[aria-label$=' board']) >
  :not(:has(> svg[aria-label$=' board'])) {grid-column: 2; grid-row: 2; max-width: 22em}
.bk-scenario.bk-projector .bk-scenario-table .bidder-up > .bk-final,
.bk-scenario.bk-projector .bk-scenario-table .bidder-up > div:has(> .bk-auction) {grid-column: 2; grid-row: 1;
  max-width: 22em; font-size: 15px}
.bk-scenario.bk-projector .bk-sp-numbers .jupyter-widget-Collapse-header {font-size: 17px; line-height: 1.3;
  padding: 2px 10px}
.bk-scenario.bk-projector .bk-expect {font-size: 17px}
</style>"""


def _listed(scenario) -> tuple:
    """Where an example stands in the Example list: by game, then by source, and among one
    source's by its name's hash. By name, the two endings of one rulebook example came in one
    order ("-buy" before "-sell"), and a seat's list numbers them: a class that saw one pair's
    titles read the other pair's endings off their numbers."""
    from hashlib import sha256

    from bluffkit.core.spec import spec_of
    return spec_of(scenario.game).title, scenario.source, sha256(scenario.name.encode()).hexdigest()


def _sources_apart(scenarios: dict) -> dict[str, str]:
    """Each example's source, told apart where several share one (a seat's Example list,
    where the titles are not shown): the game it is played in where those differ ("Bidder
    Up! (board game)" or the auction alone), then "1 of 2" among the same game's (the same
    rulebook passage played to two endings, or a copy of one's own), counted in the list's
    order (:func:`_listed`: unrelated to how each ends). An empty source is left as it is."""
    from bluffkit.core.spec import spec_of
    game = {n: spec_of(s.game).title for n, s in scenarios.items()}
    out = {}
    for n, s in scenarios.items():
        label = s.source
        if label.strip():
            same = [m for m, t in scenarios.items() if t.source == s.source]
            if len({game[m] for m in same}) > 1:
                label += f" \u00b7 {game[n]}"
            twins = [m for m in same if game[m] == game[n]]          # (in the list's order: _listed)
            if len(twins) > 1:
                label += f" \u00b7 {twins.index(n) + 1} of {len(twins)}"
        out[n] = label
    return out


#: The most steps an example may have for the slider to draw each step a drag passes, as the
#: thumb reaches it (the rulebook's examples have up to 20). An example of one's own with more
#: (one made from a game's log: 200 steps, some 35,000 characters drawn at each) sends the
#: step once the thumb is let go, as the replay viewer does: sent at every step, a drag
#: across it sent them all.
LIVE_STEPS = 40


class ScenarioPlayer(ClosesWhole, W.VBox):
    """Choose a worked example; Back, Next, Reset, Auto-play (with its speed); the rulebook's
    text of the example; the narration, the table, the rulebook's numbers, ticked when
    reached, and at the last step the score where it means points and the table does not
    show it already (:meth:`_score`). It always opens at step 0.

    A seat's view (``seat``, or View) shows only what that seat may know: the table from
    its observation, each move as the game tells it to every seat (not the example's
    commentary, which may name a hidden card or offer), the example's source but not its
    title (which may tell the outcome), and no list of the rulebook's numbers (they name
    every seat's notes and cards). The Example list names every example by its title in the
    all-seeing view and by its number and source in a seat's view (a title may tell a hidden
    offer: "Anna offers 10 in three cards").

    ``ahead=False`` (for an exercise on the example) lists the numbers of steps not yet
    reached without their values ("after step 11: points for the last question: shown
    when reached"), and, as a seat's view does, names the examples by their number and
    source, not by their titles (a title may state the numbers: "score (650 + 160 + 10) x 3
    = 2460"); the default lists them all, ticked when reached, under the example's title."""

    def __init__(self, name: str = "ht-auction-ben-pays-100", seat: int | None = None, *, ahead: bool = True):
        if not isinstance(ahead, bool):
            raise TypeError(f"ahead must be True (list every number of the example) or False (only those "
                            f"reached), got {ahead!r}")
        self.ahead = ahead
        self.scenarios = {s.name: s for s in sorted(sc.list_scenarios(), key=_listed)}
        self._files: dict = {}               # the examples read from one's own files: their paths
        name = self._own_file(name)
        self._check(name, seat)
        self.choose = W.Dropdown(options=self._example_options(seat is not None), value=name,
                                 description="Example", layout=W.Layout(width="95%"))
        self.back = W.Button(description="Back", icon="step-backward")
        self.next = W.Button(description="Next", icon="step-forward")
        self.reset = W.Button(description="Reset", icon="undo")
        # the slider without its readout, which the browser read itself when it was typed in
        # ("1e3" and "1,000" went to step 1, "99" to the last step without a word): beside it
        # a text box the player reads, which says why a step is refused (bluffkit.widgets.step_box)
        self.step_row = StepRow(whose="this example", tooltip="the step of the example shown", max=1)
        self.step, self.step_box, self.step_note = self.step_row.slider, self.step_row.box, self.step_row.note
        # (the slider sends each step a drag passes: the rulebook's examples have 20 steps at
        # most, each a move to talk about, drawn as the thumb reaches it; a longer one of one's
        # own, LIVE_STEPS, and a replayed log send the step once the thumb is let go)
        self.play = auto_play(self.step, 1200)
        self.step_row.follow(self.play)             # (the box left alone while it plays)
        self.speed = W.FloatSlider(value=1.2, min=0.2, max=4.0, step=0.2, description="Seconds/step",
                                   readout_format=".1f", style={"description_width": "initial"})
        self.viewer = W.Dropdown(description="View", options=[("all-seeing", -1)], value=-1)
        self.rule_text = W.HTML()
        self.rule_text.add_class("bk-rule-text")
        self.projector = W.ToggleButton(description="Projector", icon="desktop", tooltip=PROJECTOR_TIPS[False])
        self.projector.observe(lambda ch: (self.add_class if ch["new"] else self.remove_class)("bk-projector"),
                               names="value")
        self.narration = W.HTML()
        self.narration.add_class("bk-narration")
        self.table = W.HTML()
        self.table.add_class("bk-scenario-table")      # a board drawn no taller than BOARD_CSS allows
        self.expect = W.HTML()
        self.expect.add_class("bk-expect")
        self.back.on_click(lambda _: self.go(max(0, self.step.value - 1)))          # at step 0 it stays there
        self.next.on_click(lambda _: self.go(min(self.step.max, self.step.value + 1)))   # ... and at the end
        self.reset.on_click(lambda _: self.go(0))
        self.step.observe(lambda ch: self.draw(), names="value")
        self.speed.observe(lambda ch: setattr(self.play, "interval", int(ch["new"] * 1000)), names="value")
        self.viewer.observe(self._viewer_changed, names="value")
        self.choose.observe(lambda ch: None if self._relabelling else self._switch(ch["new"]), names="value")
        # the rulebook's numbers under their summary line ("3 of 7 checked so far"): open in
        # the notebook's layout, folded on the projector (a click opens them there too)
        self.numbers = W.Accordion([self.expect], selected_index=0)
        self.numbers.add_class("bk-sp-numbers")
        bar = W.HBox([self.back, self.next, self.reset, self.play.button, self.play, self.projector, self.viewer],
                     layout=W.Layout(align_items="center", flex_flow="row wrap"))
        for widget, part in ((self.choose, "choose"), (bar, "bar"), (self.step_row, "step"), (self.speed, "speed")):
            widget.add_class(f"bk-sp-{part}")           # what the projector's layout moves or leaves out
        self.projector.observe(self._projector_changed, names="value")
        super().__init__([W.HTML(STYLE + BOARD_CSS + PROJECTOR_CSS + STEP_BOX_CSS), self.choose, self.rule_text, bar,
                          self.step_row, self.speed, self.narration, self.table, self.numbers])
        self.add_class("bk-panel")
        self.add_class("bk-scenario")
        self.load(name, seat)

    def __repr__(self) -> str:
        # the name may tell the outcome ("ht-trade-anna-40-richer"): where the list names the
        # examples by number, so does the repr (a saved notebook's text shows it)
        if self.viewer.value >= 0 or not self.ahead:
            k = list(self.scenarios).index(self.scenario.name) + 1
            return f"ScenarioPlayer(example {k}, step {self.step.value} of {self.step.max})"
        return f"ScenarioPlayer({self.scenario.name!r}, step {self.step.value} of {self.step.max})"

    def _own_file(self, name):
        """``name`` itself, or for the path of a scenario file of one's own (``"mine.json"``,
        a :class:`~pathlib.Path`) the name it gives, the file read and checked (again, when it is loaded again)
        (:func:`bluffkit.core.scenario.load`: a bad file is refused in one line naming the
        file, the place and the reason) and added to the Example list. A file that takes the
        name of another example is refused: the list would show two under one name."""
        if isinstance(name, Path):
            name = str(name)
        if not isinstance(name, str) or name in self.scenarios or not name.lower().endswith(".json"):
            return name
        scenario = sc.load(name)
        sc.run(scenario)                     # a file that reads but cannot be played is refused here, unlisted
        path = Path(name).resolve()
        files = self._files
        if scenario.name in self.scenarios and files.get(scenario.name) != path:
            raise sc.ScenarioError(f"{name}: its name {scenario.name!r} is the name of another example; "
                                   "give it a name of its own")
        files[scenario.name] = path          # the same file again: read anew (it may have been edited)
        self.scenarios[scenario.name] = scenario
        return scenario.name

    def _check(self, name, seat) -> None:
        """Refuse, in words and before anything changes, an example or a seat the player has not."""
        if not isinstance(name, str) or name not in self.scenarios:
            lower = {n.lower(): n for n in self.scenarios}          # "YB-SCORING-2460" is yb-scoring-2460
            close = difflib.get_close_matches(name.lower(), lower, n=1) if isinstance(name, str) else []
            hint = f"did you mean {lower[close[0]]!r}? " if close else ""
            raise sc.ScenarioError(f"no scenario called {name!r}; {hint}there are: {', '.join(sorted(self.scenarios))}")
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < len(self.scenarios[name].seats)):
            raise sc.ScenarioError(f"seat must be None (the all-seeing view) or a seat of {name}: "
                                   + ", ".join(f"{i} ({s})" for i, s in enumerate(self.scenarios[name].seats))
                                   + f"; got {seat!r}")

    #: ``(example, seat)``: the view shown when another example was chosen, whose seat the
    #: example chosen lacks (its first seat's view shown instead, :attr:`_view_note` says so);
    #: ``None`` once a view is chosen. Public: the names of an example and of a seat.
    _moved_from: tuple[str, int] | None = None

    @property
    def _view_note(self) -> str:
        """Said above the example when the seat whose view was shown is not in the example
        chosen, from :attr:`_moved_from` and the example shown alone."""
        if self._moved_from is None:
            return ""
        name, shown = self._moved_from
        old, seats = self.scenarios[name].seats[shown], self.scenario.seats
        return (f"<div class='bk-box bk-view-note'><b>View</b>: this example has only {len(seats)} seats, none "
                f"where {escape(old)} sat: shown, {escape(seats[0])}'s view (the first seat).</div>")

    def _switch(self, name: str) -> None:
        """The example chosen in the Example list, opened in the view shown: the all-seeing
        view stays all-seeing, and a seat's view stays a seat's view (a projected screen
        must not turn every hand face up): the same seat number where the new example has
        it, else its first seat's, which the panel says."""
        shown = self.viewer.value
        if shown < 0:
            self.load(name)
            return
        seats = self.scenarios[name].seats
        if shown < len(seats):
            self.load(name, shown)
            return
        self._load(name, 0, moved_from=(self.scenario.name, shown))

    def _projector_changed(self, change) -> None:
        """The rulebook's numbers folded on the projector (their summary line stays), open
        again off it; the button's tooltip says where the Example list went; the table drawn
        again in the screen's type (a Bidder Up! board's words large on the projector)."""
        self.numbers.selected_index = None if change["new"] else 0
        self.projector.tooltip = PROJECTOR_TIPS[bool(change["new"])]
        self.draw()

    def _viewer_changed(self, change) -> None:
        if not self._loading:
            self._moved_from = None                     # a view chosen: the note about the last one is old
        self.draw()

    def load(self, name: str, seat: int | None = None) -> None:
        """Play the scenario (once) and show its start, from the all-seeing view (``seat``
        ``None``) or ``seat``'s; ``name`` an example's name or the path of a scenario file of
        one's own (:meth:`_own_file`). (Choosing an example in the list keeps the view shown:
        :meth:`_switch`.)"""
        kept = dict(self.scenarios), dict(self._files)
        try:
            name = self._own_file(name)
            self._check(name, seat)
        except Exception:
            self.scenarios, self._files = kept     # refused: the list as it was
            raise
        self._label_examples(seat is not None)         # labelled for the view it opens in, not the last one
        self._load(name, seat)

    def _load(self, name: str, seat: int | None, moved_from: tuple[str, int] | None = None) -> None:
        """:meth:`load`; ``moved_from``: the view shown before, which the example lacks
        (:attr:`_view_note` says so until another view is chosen)."""
        self._check(name, seat)
        self._moved_from = moved_from
        scenario = self.scenarios[name]
        result = sc.run(scenario)
        n = len(scenario.moves)
        # The step, the slider's end and the viewer change one after the other, and each
        # change redraws: none may draw the new example with the old step or seat (a seat the
        # new example does not have), so nothing is drawn until all are set.
        self._loading = True
        self.play.playing = False                       # (another example opens at step 0, paused)
        try:
            with self.hold_sync():
                self.scenario, self.result = scenario, result
                if self.choose.value != name:           # loaded from code: the list shows it too
                    self._show_example(name)
                self.step.value = self.play.value = 0
                self.step.max = self.play.max = n
                self.step.continuous_update = n <= LIVE_STEPS
                self.viewer.options = [("all-seeing", -1)] + [(f"{s}'s view", i) for i, s in enumerate(scenario.seats)]
                self.viewer.value = -1 if seat is None else seat
                self.step.value = 0
        finally:
            self._loading = False
        self.step_row.show()                            # (the step may have stayed 0: a refusal is old)
        self.draw()

    _relabelling = False

    def _example_options(self, neutral: bool) -> list[tuple[str, str]]:
        """The Example list: each example's title, or (``neutral``) its number and where in
        the rulebook it comes from, which a seat's view shows anyway; with ``ahead=False``
        its number only (a source may quote the example's numbers: "1 + 2 = 3 notes")."""
        if not self.ahead:
            return [(f"Example {k}", n) for k, n in enumerate(self.scenarios, 1)]
        if not neutral:
            return [(s.title, n) for n, s in self.scenarios.items()]
        return [(f"Example {k}: {label}", n) for k, (n, label) in enumerate(_sources_apart(self.scenarios).items(), 1)]

    def _label_examples(self, neutral: bool) -> None:
        """Relabel the Example list for the view (the example chosen stays, and is not
        played again)."""
        options = tuple(self._example_options(neutral))
        if tuple(self.choose.options) != options:       # (read from the widget: nothing else to keep in step)
            self._show_example(self.choose.value, options)

    def _show_example(self, name: str, options=None) -> None:
        """Show ``name`` in the Example list (with ``options``, relabelled), without playing
        it again."""
        self._relabelling = True
        try:
            with self.choose.hold_sync():
                if options is not None:
                    self.choose.options = options
                self.choose.value = name
        finally:
            self._relabelling = False

    def go(self, i: int) -> None:
        """Show step ``i``: a whole number from 0 (the start) to ``step.max`` (the
        example's last move); anything else is refused in words and changes nothing."""
        self.step.value = check_whole(i, "go(i): the step i", 0, self.step.max)

    _loading = False

    def draw(self) -> None:
        if self._loading:
            return
        i, res, names = self.step.value, self.result, self.scenario.seats
        seat = None if self.viewer.value < 0 else self.viewer.value
        self._label_examples(seat is not None)
        with self.hold_sync():
            # the example's title tells its outcome ("on equal offers the challenger gets the
            # animal"): in a seat's view only where it comes from
            # (on the projector in one line: the title, a dot, the source; the whole in the tooltip)
            title = (f"<b>{escape(self.scenario.title)}</b><br class='bk-sp-br'><span class='bk-sp-dot'> &middot; "
                     "</span>") if seat is None else ""
            source = escape(self.scenario.source)
            whole = f"{self.scenario.title} \u00b7 {self.scenario.source}" if seat is None else self.scenario.source
            if not self.ahead:                  # an exercise: neither title nor source (either may say the numbers)
                k = list(self.scenarios).index(self.scenario.name) + 1
                title, source = "", f"Example {k}: its numbers appear as the steps reach them"
                whole = f"Example {k}: its numbers appear as the steps reach them"
            self.rule_text.value = (f"<div class='bk-box' title='{escape(whole)}'>{title}<i>{source}</i></div>"
                                    f"{self._view_note}")
            if i == 0:
                self.narration.value = "<div class='bk-box'><b>Step 0</b>: the start. Press Next to begin.</div>"
            else:
                mover = self.scenario.moves[i - 1][0]
                # a seat's view: the game's words for the move, which every seat hears; the
                # example's commentary may tell a hidden card or offer
                said = res.narration[i - 1] if seat is None else res.public[i - 1]
                who = whose_move(said, mover, names)
                label = "" if who is None else f"<i>{escape(who)}'s move</i> &middot; "
                self.narration.value = (f"<div class='bk-box'><b>Step {i} of {len(res.narration)}</b> "
                                        f"&middot; {label}{narration_view(self.scenario.game, said)}</div>")
            game, state = self.scenario.game, res.states[i]
            projector = bool(self.projector.value)     # (a game's view with a large type of its own is told)
            table = (all_seeing_view(game, state, names, projector=projector) if seat is None
                     else seat_view(game, game.observe(state, seat), names, projector=projector))
            self.table.value = table + self._score(i, seat, table)
            self.expect.value = self._expectations(i) if seat is None else SEAT_EXPECT
            self.numbers.titles = (self._numbers_summary(i, seat),)

    def _score(self, i: int, seat, table: str) -> str:
        """The score at the end of the example, below the drawn ``table``, where it means
        points for the example and the table does not show it already:

        - only at the last step, and in a seat's view only once the game is over (a seat's
          view must not show money won that the seat cannot see);
        - not in a game without scores (Bløff: "Spillet har ingen poengregning", the first
          out wins), nor mid-game where the example checks no score (a You're Bluffing!
          auction or trade scores nothing until the game ends: "End of the Game");
        - not where the drawn table already shows the scores: the end of the game in the
          views of You're Bluffing! ("Final scores") and of the Bidder Up! board ("Final
          scores, with each scoring sheet" [I]), every one a ``bk-scores`` table, and a
          stand-alone auction's "Money won or lost";
        - a stand-alone auction's score is money won or lost (docs/auctions.md), said so, and
          only in the all-seeing view: the money the others paid or received is told by the
          faces of their notes, which a seat does not see (the auction's own seat view
          leaves it out for that reason)."""
        game, state = self.scenario.game, self.result.states[i]
        over = game.is_over(state)
        kind = _spec(game).score_kind                  # (points, money, or none: Bløff keeps no score)
        if i < self.step.max or (seat is not None and not over) or kind == "none":
            return ""
        if kind == "money" and seat is not None:
            return ""
        if not over and not any(c.key == "scores" for c in self.result.checks):
            return ""
        said = getattr(game, "scores_are", None)
        if "class='bk-scores'" in table.replace('"', "'") or (said and said in table):
            return ""
        if kind == "money":
            return scores_html(self.scenario.seats, game.scores(state), "Money won or lost in the auction", "money")
        return scores_html(self.scenario.seats, game.scores(state), "Score at the end of the example")

    def _numbers_summary(self, i: int, seat) -> str:
        """The line the rulebook's numbers are folded under: how many the example has
        checked by step ``i`` ("The rulebook's numbers: 3 of 7 checked so far"), and how
        many came out otherwise. In a seat's view no count (the numbers are not that
        seat's to see); with ``ahead=False`` no value either way, only the counts, which
        the list says too."""
        if seat is not None:
            return "The rulebook's numbers: in the all-seeing view"
        checks = self.result.checks
        reached = [c for c in checks if c.after <= i]
        said = f"The rulebook's numbers: {len(reached)} of {len(checks)} checked so far"
        wrong = sum(not c.ok for c in reached)
        return said + (f", {wrong} not as the rulebook says" if wrong else "")

    def _expectations(self, i: int) -> str:
        rows: list[str] = []
        checks, game = self.result.checks, self.scenario.game
        last = {k for k, c in enumerate(checks)        # the last row of each expectation (its numbers together)
                if k + 1 == len(checks) or (checks[k + 1].after, checks[k + 1].note) != (c.after, c.note)}
        for k, c in enumerate(checks):
            if c.after > i and not self.ahead:                 # an exercise: the value when reached
                rows.append(f"<li style='color:#666' title='{escape(c.key)}'>&#9675; after step {c.after}: "
                            f"{escape(fact_name(c.key, game))}: shown when reached</li>")
                continue
            if c.after > i:
                mark, style = "&#9675;", "color:#666"          # not reached yet
            elif c.ok:
                mark, style = "&#10003;", f"color:{art.OKABE_ITO['blue']}"
            else:
                mark, style = "&#10007; (not as the rulebook says)", f"color:{art.DEEP_VERMILLION}"
            # said when reached, once for the numbers of one expectation: after its last row
            note = f" &mdash; {escape(c.note)}" if c.note and c.after <= i and k in last else ""
            rows.append(f"<li style='{style}' title='{escape(c.key)}'>{mark} after step {c.after}: "
                        f"{escape(fact_text(c.key, c.expected, game))}{note}</li>")
        return f"<ul class='bk-box'>{''.join(rows)}</ul>"
