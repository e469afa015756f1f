"""A player's name is text, never HTML: the panels draw their words as HTML (with their
own style tags), so a name such as ``<img src=x onerror=...>`` put in unescaped would run
script in the page, which can reach the kernel and every hand. Whole games are clicked
through each panel, every seat human, and every widget whose state the browser draws as
HTML is searched for a name's raw tag after every click (a button's or a label's text is
drawn as text: a name stands there as it is).

Each panel must also show the names somewhere, escaped, or the search proves nothing."""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.widget_check import driver_for, widget_tree
from bluffkit.widgets import BidderUpTable, BloffTable, BlufferTable, TablePanel

TAG = "<i class='name'>"


def names(n):
    return [f"{TAG}P{i}</i>" for i in range(n)]


PANELS = {
    "table": lambda: TablePanel("horse-trading", players=3, humans=[0, 1, 2], names=names(3), seed=2),
    "table-yb": lambda: TablePanel("youre-bluffing", players=4, humans=[0, 1, 2, 3], names=names(4), seed=5),
    "bloff": lambda: BloffTable(players=3, humans=[0, 1, 2], names=names(3), seed=4),
    "bluffer": lambda: BlufferTable(players=4, humans=[0, 1, 2, 3], names=names(4), seed=3),
    "bidder-up": lambda: BidderUpTable("fairground", players=3, humans=[0, 1, 2], names=names(3), seed=1),
    # on a projector the Bidder Up! farms fold into a line naming each board's owner
    "bidder-up-projector": lambda: projected(BidderUpTable("animal-market", players=4, humans=[0, 1, 2, 3],
                                                           names=names(4), seed=2)),
}


def projected(panel):
    panel.set_projector(True)
    return panel


def raw_tags(tree):
    """The places where a name's tag stands unescaped."""
    found = []

    def look(value, where):
        if isinstance(value, str):
            if TAG in value:
                found.append(where)
        elif isinstance(value, dict):
            for k, v in value.items():
                look(v, f"{where}.{k}")
        elif isinstance(value, (list, tuple)):
            for i, v in enumerate(value):
                look(v, f"{where}[{i}]")
    for i, (model, state) in enumerate(tree):
        if model in ("HTMLModel", "HTMLMathModel", "AnyModel"):   # a value drawn as HTML (AnyModel: BoardView)
            look(state.get("value"), f"{i}:{model}.value")
        if state.get("description_allow_html"):               # a description drawn as HTML
            look(state.get("description"), f"{i}:{model}.description")
    return found


@pytest.mark.parametrize("name", PANELS)
def test_no_players_name_reaches_the_page_as_html(name):
    panel = PANELS[name]()
    driver, rng = driver_for(panel), np.random.default_rng(0)
    shown = 0
    for _ in range(150):
        tree = widget_tree(panel)
        assert raw_tags(tree) == [], f"after {len(panel.session.moves)} moves"
        shown += sum("&lt;i class=&#x27;name&#x27;&gt;" in str(st.get("value")) or "&lt;i class='name'&gt;"
                     in str(st.get("value")) for m, st in tree if m == "HTMLModel")
        if panel.session.over:
            break
        driver.click(panel, rng)
    assert shown, "the names were never drawn: the search proves nothing"


def test_the_table_after_a_tie_says_a_new_offer_is_awaited_not_an_empty_one():
    """You're Bluffing! "The Cattle Trade": after a tie the challenger "must make a new offer";
    until then the panel showed "offer: 0 face-down notes", as if the challenger offered nothing."""
    from bluffkit.core.game import make_game
    from bluffkit.widgets.render import seat_view
    g = make_game("youre-bluffing")
    s = g.state_from_position(players=3, leader=0, herds=[{"goat": 1}, {"goat": 1}, {}], pile=None)
    for seat, move in ((0, "trade 1 goat 10+0"), (1, "counter 10")):
        s = g.step(s, seat, move)
    assert s.phase == "reoffer"
    html = seat_view(g, g.observe(s, 2), ["Anna", "Ben", "Carla"])
    assert "after a tie, Anna makes a new offer" in html and "0 face-down" not in html


def test_typed_answers_reach_the_page_as_text():
    """A Bluffer answer is typed text, as a name is: each writer types a tag, and every
    view that shows the answers (a seat's sheet, the sheets as read, the reveal) shows it
    as typed, escaped."""
    from bluffkit.core.game import make_game
    from bluffkit.widgets.render_bluffer import last_question_html, seat_html
    g, names, typed = make_game("bluffer"), ["Anne", "Ben", "Chloé", "Dev"], "<i>x</i>"
    s = g.step(g.state_from_position(4, leader=0), None, "ask octopus-hearts")
    s = g.step(s, 1, f"write {typed}")
    views = [seat_html(g, g.observe(s, 1), names)]                       # Ben's own sheet
    for seat in (0, 2, 3):
        s = g.step(s, seat, f"write {typed}")
    s = g.step(s, None, "shuffle 4,0,1,2,3")
    views.append(seat_html(g, g.observe(s, 1), names))                  # the sheets as read
    for seat in (1, 2, 3):
        s = g.step(s, seat, "vote 1")
    views.append(last_question_html(g.observe(s, 1), names))             # the reveal
    for html in views:
        assert "&lt;i&gt;x" in html and typed not in html
