"""The widget no-leak check (:mod:`bluffkit.widget_check`) catches what it claims to.

Each test plants one leak in a panel, in a place the check says it reads (a layout, a
style, a CSS class, a list's options, the leader's screen, a kept bid button off screen,
the lab's other values, a scenario's seat view, the message line of a seat's screen), and
expects :class:`WidgetLeak`. The seeds are the ones that reach the leak in the fewest
clicks; the check stops at the first. Last, the twin the check draws at every screen is
put back as built between screens."""

import logging
from html import escape

import ipywidgets as W
import numpy as np
import pytest
from plants import peeking_lab

from bluffkit.widget_check import BloffDriver, Pristine, WidgetLeak, check_panel, compare_trees, widget_tree
from bluffkit.widgets import BidderUpTable, BloffTable, BlufferTable, ScenarioPlayer

ALL = [0, 1, 2, 3]


@pytest.fixture(autouse=True)
def handler_errors_fail(caplog):
    """ipywidgets swallows exceptions raised in click handlers (it logs them): fail on them."""
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.WARNING and "Exception" in r.getMessage()]
    assert not errors, f"a widget handler raised: {errors[0].getMessage()}"


# -- a leak in a layout, a style, a CSS class or a list's options -------------------------------

def ace_next(panel, seat) -> bool:
    """One yes-or-no fact of the next player's hand: whether it holds a card below 4."""
    return min(panel.session.state.hands[(seat + 1) % panel.session.players]) < 4


class LayoutTells(BloffTable):
    """Only the Lay button's layout (a Layout model of its own) tells the fact."""

    def draw_seat(self, seat, obs):
        super().draw_seat(seat, obs)
        self.lay.layout.margin = "1px" if ace_next(self, seat) else "2px"


class StyleTells(BloffTable):
    """Only the Lay button's style (a ButtonStyle model of its own) tells it."""

    def draw_seat(self, seat, obs):
        super().draw_seat(seat, obs)
        self.lay.style.button_color = "#fefefe" if ace_next(self, seat) else "#fefeff"


class ClassTells(BloffTable):
    """Only a CSS class of the Lay button (``_dom_classes``, a tuple) tells it."""

    def draw_seat(self, seat, obs):
        super().draw_seat(seat, obs)
        self.lay.remove_class("bk-x")
        self.lay.remove_class("bk-y")
        self.lay.add_class("bk-x" if ace_next(self, seat) else "bk-y")


class OptionsTell(BloffTable):
    """A hidden Dropdown whose options (``_options_labels``, a tuple) list the next hand;
    its value and index never change."""

    def __init__(self, *a, **k):
        self.spy = W.Dropdown(options=["-"], value="-", layout=W.Layout(display="none"))
        super().__init__(*a, **k)
        self.children = self.children + (self.spy,)

    def draw_seat(self, seat, obs):
        super().draw_seat(seat, obs)
        nxt = (seat + 1) % self.session.players
        self.spy.options = ["-"] + [str(c) for c in self.session.state.hands[nxt]]
        self.spy.value = "-"


@pytest.mark.parametrize("cls, where", [
    (LayoutTells, r"LayoutModel #\d+ margin"),
    (StyleTells, r"ButtonStyleModel #\d+ button_color"),
    (ClassTells, r"ButtonModel #\d+ .*_dom_classes"),
    (OptionsTell, r"DropdownModel #\d+ _options_labels"),
], ids=["layout", "style", "css-class", "options"])
def test_the_check_catches_a_leak_in_a_layout_a_style_a_class_or_a_lists_options(cls, where):
    with pytest.raises(WidgetLeak, match=where):
        check_panel(lambda: cls(players=3, humans=[0, 1, 2], seed=1), seeds=[2, 4], clicks=120)


# -- the leader's screen, a kept bid button, the lab, a scenario ---------------------------------

class LeaderSeesVotes(BlufferTable):
    """The leader's screen (not in the team game) holds the sealed votes cast so far, hidden."""

    def _uncover(self, _=None):
        super()._uncover()
        if self.peeking and not self.team_game():
            self.view.value += f"<span hidden>{escape(repr(self.session.state.votes))}</span>"


def test_the_check_catches_a_leak_on_the_leaders_screen():
    with pytest.raises(WidgetLeak, match="span hidden"):
        check_panel(lambda: LeaderSeesVotes(players=4, humans=ALL, seed=3), seeds=[5, 6, 1], clicks=300)


def test_the_check_catches_a_bid_kept_on_a_bid_button_off_screen(monkeypatch):
    """The auction controls keep their steppers' "Bid N" buttons open between screens; ones
    that kept their words off screen hold the last seat's amount."""
    from bluffkit.widgets.auction_moves import MoveControls
    monkeypatch.setattr(MoveControls, "_blank_kept", lambda self, shown=None: None)
    with pytest.raises(WidgetLeak, match="a kept Button off screen holds {'description'"):
        check_panel(lambda: BidderUpTable("animal-market", players=3, humans=[0, 1, 2], seed=4), seeds=[3, 6, 9],
                    clicks=300)


#: Every bidder's private value, in a hidden widget.
PeekingValues = peeking_lab(lambda lab: repr([round(v) for v in lab.vals]))


def test_the_check_catches_other_bidders_values_in_the_lab():
    with pytest.raises(WidgetLeak, match=r"HTMLModel #\d+ .*value: '\["):
        check_panel(lambda: PeekingValues(fmt="second-hand", bidders=3, human=1, seed=2), seeds=[4, 5], clicks=100)


class LeakyScenario(ScenarioPlayer):
    """A seat's view that shows the all-seeing table below its own."""

    def draw(self):
        super().draw()
        if not self._loading and self.viewer.value >= 0:
            from bluffkit.widgets.render import all_seeing_view
            self.table.value += all_seeing_view(self.scenario.game, self.result.states[self.step.value],
                                                self.scenario.seats)


def test_the_check_catches_a_scenario_player_that_shows_the_all_seeing_table_to_a_seat():
    with pytest.raises(WidgetLeak, match="seat .'s view: it depends on what is hidden"):
        check_panel(lambda: LeakyScenario("bloff-anne-calls-david"), seeds=[11, 12], clicks=60)


# -- the twin, the kept widgets ------------------------------------------------------------------

def test_a_twin_put_back_holds_nothing_of_the_screens_it_was_drawn_at():
    """The twin is drawn at every screen of the game and put back as built before each
    drawing (:class:`Pristine`): put back, it is the same as a panel built afresh."""
    make = lambda: BloffTable(players=3, humans=[0, 1, 2], seed=1)     # noqa: E731
    panel, twin = make(), make()
    pristine, driver, rng = Pristine(twin), BloffDriver(panel), np.random.default_rng(1)
    for _ in range(12):
        assert driver.click(panel, rng)
    assert panel.screen[0] == "seat"
    driver.mirror(twin, panel, panel.session.state)
    assert compare_trees(widget_tree(twin), widget_tree(make())) is not None, "the twin was not drawn anew"
    pristine.restore()
    problem = compare_trees(widget_tree(twin), widget_tree(make()))
    assert problem is None, f"the twin put back differs from a panel built afresh: {problem}"


# -- the message line on a seat's screen ---------------------------------------------------------

class MessageTells(BloffTable):
    """The next player's hand, hidden in the message line of the seat on screen."""

    def draw_seat(self, seat, obs):
        super().draw_seat(seat, obs)
        nxt = (seat + 1) % self.session.players
        self.message.value += f"<span hidden>{self.session.state.hands[nxt]}</span>"


@pytest.mark.parametrize("humans", [[0, 1, 2], [2]], ids=["every-seat-human", "one-human-seat"])
def test_the_check_catches_a_secret_in_the_message_line_of_a_seats_screen(humans):
    """The twin draws its own message where the click played a move or brought the screen."""
    with pytest.raises(WidgetLeak, match=r"seat .'s view: .*HTMLModel #\d+ .*value: '<span hidden>"):
        check_panel(lambda: MessageTells(players=3, humans=humans, seed=1), seeds=[2, 3], clicks=100)


class RefusalTells(BlufferTable):
    """A refused move's answer that names every seat's answers written and votes cast, hidden."""

    def try_move(self, text):
        super().try_move(text)
        if "bk-refusal" in self.message.value:
            s = self.session.state
            self.message.value += f"<span hidden>{escape(repr((s.writes, s.votes)))}</span>"


def test_the_check_catches_a_secret_in_the_answer_to_a_refused_move():
    """Where the click played nothing, the twin is given the same click and makes its own answer."""
    with pytest.raises(WidgetLeak, match=r"seat .'s view: it depends on .*HTMLModel #\d+ .*<span hidden>"):
        check_panel(lambda: RefusalTells(players=4, humans=ALL, seed=3), seeds=[6, 7], clicks=100)


def test_after_a_click_the_check_did_not_make_the_twin_is_given_the_panels_message():
    """A test's own click after the check's (a player's refused typed move, on her own
    screen) is not known to the check: the twin is given the panel's message, as the
    docstring says, not drawn afresh (which reported the refusal as left from an earlier
    screen)."""
    from bluffkit.widget_check import TableDriver, check_screen
    from bluffkit.widgets import TablePanel
    make = lambda: TablePanel("youre-bluffing", players=3, humans=[0, 1, 2], names=["Ana", "Bo", "Cy"], seed=3)  # noqa: E731
    t, twin = make(), make()
    driver, rng = TableDriver(t), np.random.default_rng(0)
    for _ in range(40):                     # the check's clicks, to a seat's screen a move brought
        driver.click(t, rng)
        if t.screen[0] == "seat" and driver.answer == "drawn":
            break
    assert t.screen[0] == "seat" and driver.answer == "drawn"
    check_screen(t, twin, driver, np.random.default_rng(0), pristine=Pristine(twin))
    t.typed.value = "bid 1e3"               # the test's own click: refused, in the message line
    t.typed.value = ""
    assert "can&#x27;t bid 1e3" in t.message.value
    check_screen(t, twin, driver, np.random.default_rng(0), pristine=Pristine(twin))
