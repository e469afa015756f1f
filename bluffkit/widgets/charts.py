"""Chart panels: the scoring explorer and the charts of one game.

The panels' charts are interactive altair widgets (hover for the numbers) whose
JavaScript comes from the installed vl-convert, so they draw with no network.
Charts displayed on their own in a notebook are static SVG
(:mod:`bluffkit.charts_offline`).

>>> e = ScoringExplorer("youre-bluffing")
>>> e.held.value = ("pig", "dog")
>>> int(e.frame.query("animal == 'rooster'")["marginal"].iloc[0])     # (650+160+10)x3 - (650+160)x2
840
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import ipywidgets as W

from bluffkit import charts_offline
from bluffkit.analysis import charts, scoring_theory
from bluffkit.analysis.chart_style import builder
from bluffkit.core import log as gamelog
from bluffkit.core.errors import RulesError, quote
from bluffkit.core.game import make_game
from bluffkit.core.spec import siblings, spec_of, specs
from bluffkit.widgets.closing import ClosesWhole
from bluffkit.widgets.render import STYLE

if TYPE_CHECKING:
    import altair as alt


def interactive(chart) -> "alt.JupyterChart":
    """An interactive chart widget (tooltips) that draws with no network: vega's
    JavaScript comes from the installed vl-convert, not from a CDN."""
    import altair as alt
    charts_offline.offline_widgets()
    return alt.JupyterChart(chart)


def _game_charts_example() -> list:
    from bluffkit.session import Session
    return [((Session(make_game("horse-trading"), ["heuristic", "random", "random"], names=["Ana", "Bo", "Cy"],
                      seed=1).run(),), {})]


def _held_labels(rules, held, game: str) -> tuple[str, ...]:
    """``held`` (one name or a list of them: a family's label or its animal) as the labels
    of the families, each once; anything else is refused naming the families there are."""
    if isinstance(held, str):
        held = (held,)
    try:
        held = list(held)
    except TypeError:
        raise RulesError(f"held: the families held, as a list of names, got {quote(held)}") from None
    out = []
    for name in held:
        if isinstance(name, str) and name in rules.labels:
            f = rules.labels.index(name)
        elif isinstance(name, str) and name in rules.families:
            f = rules.families.index(name)
        else:
            known = ", ".join(rules.labels) if tuple(rules.labels) == tuple(rules.families) else \
                ", ".join(f"{lab} ({fam})" for lab, fam in zip(rules.labels, rules.families))
            raise RulesError(f"held: {quote(name)} is not a family of {game}; the families are {known}")
        if rules.labels[f] not in out:
            out.append(rules.labels[f])
    return tuple(out)


def _animals(rules) -> dict[str, str] | None:
    """The animal of each family label where the labels are not the animals' names (Horse
    Trading's ranks A, 2 ... 10: "the ranks Ace..10 are these families in that order", the
    RULES.md section 1), else ``None``."""
    return None if tuple(rules.labels) == tuple(rules.families) else dict(zip(rules.labels, rules.families))


@builder(example=lambda: [(("horse-trading",), {"held": ("9", "10")})])
class ScoringExplorer(ClosesWhole, W.VBox):
    """The family multiplier made visible: score against families owned, and what
    completing one more family is worth given the families already held (YB "End of
    the Game": (sum of values) x (number of families)). Both charts are interactive
    altair widgets (hover for the numbers), drawn offline. Horse Trading's families are
    listed by rank with their animal and value, "A (rooster, 10)", and the marginal chart
    shows each rank over the You're Bluffing! family it stands for (RULES.md section 1: "the ranks
    Ace..10 are these families in that order")."""

    def __init__(self, game: str = "youre-bluffing", held=()):
        """``held``: the families held to begin with, by their label on the cards
        (Horse Trading's A, 2 ... 10) or their animal ("pig"); one name or a list."""
        if not hasattr(make_game(game).rules, "families"):
            raise RulesError(f"the scoring explorer is for You're Bluffing! and Horse Trading (families of "
                             f"animals), not {spec_of(game).name}")
        charts_offline.enable()
        rulesets = siblings(game)                 # the rulesets of the game's engine, from the registry
        self.game_choice = W.Dropdown(options=rulesets, value=spec_of(game).name, description="Rules")
        self.held = W.SelectMultiple(description="You hold", rows=10)
        self.scores: "alt.JupyterChart | None" = None
        self.marginal: "alt.JupyterChart | None" = None
        self.summary = W.HTML()
        self.game_choice.observe(lambda ch: self._rules(ch["new"]), names="value")
        self.held.observe(lambda ch: self.draw(), names="value")
        self._rules(game, held)
        # the game panels' switch, with their look: large type (``bk-projector``), and while
        # the explorer is projected the notebook shows it alone (the notes around it hidden)
        self.projector = W.ToggleButton(description="Projector", icon="desktop",
                                        tooltip="large type for a projector; the notebook shows the explorer alone")
        self.projector.observe(lambda ch: (self.add_class if ch["new"] else self.remove_class)("bk-projector"),
                               names="value")
        super().__init__([W.HTML(STYLE), W.HBox([self.game_choice, self.projector]), self.scores,
                          W.HTML("<b>Which family to complete next?</b> Choose the families you hold (Ctrl-click, or ⌘-click on a Mac, to choose more than one)."),
                          W.HBox([self.held, self.summary]), self.marginal])
        self.add_class("bk-panel")

    def __repr__(self) -> str:
        return f"ScoringExplorer({self.game_choice.value!r}, holding {list(self.held.value)})"

    def _rules(self, name: str, held=()) -> None:
        rules = make_game(name).rules
        chosen = _held_labels(rules, held, name)
        self.rules = rules
        self.animals = _animals(rules)
        # Horse Trading's ranks are listed with their animal and value, "A (rooster, 10)", so a
        # rank says what it is worth; the value chosen is still the label, "A"
        self.held.options = list(rules.labels) if self.animals is None else \
            [(f"{lab} ({self.animals[lab]}, {v})", lab) for lab, v in zip(rules.labels, rules.family_values)]
        self.held.value = chosen
        chart = charts.scoring_chart(scoring_theory.score_table(self.rules))
        if self.scores is None:
            self.scores = interactive(chart)
        else:
            self.scores.chart = chart
        self.draw()

    def draw(self) -> None:
        held = [self.rules.labels.index(x) for x in self.held.value]
        self.frame = scoring_theory.marginal_frame(self.rules, held)
        now = scoring_theory.score_of(self.rules, held)
        best = self.frame.sort_values("marginal", ascending=False).iloc[0] if len(self.frame) else None
        if best is None:
            tip = "<br>Every family is complete: nothing is left to add."
        else:
            label = best["animal"]
            shown = label if self.animals is None else f"{label} ({self.animals[label]})"    # "A (rooster)"
            tip = f"<br>Completing <b>{shown}</b> adds the most: {int(best['marginal'])}."
        self.summary.value = f"<div class='bk-box'>Your score now: <b>{now}</b>.{tip}</div>"
        if best is None and self.marginal is not None:     # (an empty chart drew a bare frame and a lone 0)
            self.marginal.layout.display = "none"
            return
        chart = charts.marginal_chart(self.frame, animals=self.animals)
        if self.marginal is None:
            self.marginal = interactive(chart)
        else:
            self.marginal.chart = chart
            self.marginal.layout.display = None


@builder(example=_game_charts_example)
class GameCharts(ClosesWhole, W.VBox):
    """The charts of one finished or replayed game (a Session, or a log file), as its
    spec draws them (``charts``); interactive, drawn offline. For You're Bluffing! and
    Horse Trading: money per player over time, each auction's price against the animal's
    value, and each trade's offer against the counter-offer. A game whose spec draws no
    charts is refused by name.

    The frames behind the charts are attributes named as the spec names them (e.g.
    ``.money``, ``.auctions``, ``.trades``) and all together in ``.frames``.

    The charts show everything (every player's money, the face-down offers), so a game
    that is not over is refused, as ``ReplayViewer`` refuses it; ``unfinished=True`` draws
    it all the same, for use away from the players."""

    def __init__(self, source, *, unfinished: bool = False):
        if not isinstance(unfinished, bool):
            raise TypeError(f"unfinished must be True or False, got {unfinished!r}")
        charts_offline.enable()
        note = ""
        if hasattr(source, "states") and hasattr(source, "moves"):
            game, states, moves, names = source.game, source.states, source.moves, source.names
        else:
            lg, states = gamelog.read(source)
            game, moves, names, note = lg.game, lg.moves, lg.names, lg.note or ""
        spec = spec_of(game)
        draw = spec.resolve("charts")
        if draw is None:
            able = ", ".join(s.title for s in specs() if s.charts is not None) or "none"
            raise RulesError(f"GameCharts has no charts for {spec.title} ({spec.name}); games with charts: {able}")
        if not unfinished and not game.is_over(states[-1]):
            raise RulesError("GameCharts: this game is not finished, and its charts show every player's money and "
                             "the offers laid face down. Chart it once it is over; to look at it now, away from "
                             "the players, use GameCharts(source, unfinished=True).")
        drawn = draw(game, states, moves, names)         # {name: (frame, chart, counted)}
        self._frames = {key: frame for key, (frame, _, _) in drawn.items()}
        self._counted = [key for key, (_, _, counted) in drawn.items() if counted]
        #: what an old log's replay did not check (its format's digests), said above the charts
        self.note = note
        said = [W.HTML(f"<div class='bk-box'>Note: {escape(note)}.</div>")] if note else []
        super().__init__(said + [interactive(chart) for _, chart, _ in drawn.values()])

    @property
    def frames(self) -> dict:
        """The frames behind the charts, by name."""
        return dict(self._frames)

    def __getattr__(self, name):
        frames = self.__dict__.get("_frames", {})
        if name in frames:
            return frames[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __repr__(self) -> str:
        return f"GameCharts({', '.join(f'{len(self._frames[k])} {k}' for k in self._counted)})"
