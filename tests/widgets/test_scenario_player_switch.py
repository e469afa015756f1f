"""The scenario player switched to another example while it shows one seat's view, and
its numbers to come hidden for an exercise."""

from __future__ import annotations

import pytest

from bluffkit.core.scenario import ScenarioError
from bluffkit.widget_check import widget_tree
from bluffkit.widgets.scenario_player import ScenarioPlayer, fact_text


def test_choosing_another_example_from_a_seats_view_starts_it_in_its_first_seats_view():
    """It used to redraw the new example with the old seat (seat 3 of a 3-seat example:
    RulesError) and keep the old slider and names; each later click failed unseen. (Then
    it opened the new example all-seeing, every hand face up: a seat's view stays one.)"""
    p = ScenarioPlayer("bu-second-hand-cow-sell")
    p.viewer.value = 3
    p.next.click()
    p.choose.value = "bu-classic-horse-120-sell"
    seats = p.scenario.seats
    assert len(seats) == 3 and p.viewer.value == 0 and p.step.value == 0
    assert [label for label, _ in p.viewer.options] == ["all-seeing"] + [f"{s}'s view" for s in seats]
    assert p.step.max == len(p.scenario.moves)
    p.next.click()
    assert p.step.value == 1 and f"Step 1 of {len(p.result.narration)}" in p.narration.value
    p.viewer.value = 2                  # the new example's last seat, to its end
    p.go(p.step.max)
    assert p.step.value == p.step.max and p.table.value


def test_a_seats_view_shows_the_games_words_not_the_examples_commentary():
    """Anne's view of the Bløff example read, at step 5, "Bjørn has no twos: he lays the
    nine of spades", and at step 13 which cards David laid; Ben's view of a Horse Trading
    trade named Anna's face-down cards; every seat's view listed every seat's notes and
    money, at steps still to come. A seat's view now narrates each move as the game tells
    it to every seat and lists no numbers."""
    from html import unescape

    from bluffkit.core import scenario as sc
    from bluffkit.widgets.render import narration_view
    from bluffkit.widgets.scenario_player import SEAT_EXPECT
    p = ScenarioPlayer("bloff-anne-calls-david", seat=0)
    p.go(5)
    assert "nine of spades" not in p.narration.value and "says" in p.narration.value
    p.viewer.value = -1                                  # the all-seeing view keeps the commentary
    assert "nine of spades" in p.narration.value and "after step" in p.expect.value
    told = 0
    for s in sc.list_scenarios():
        p.choose.value = s.name
        for seat in range(len(p.scenario.seats)):
            p.viewer.value = seat
            for i in range(1, p.step.max + 1):
                p.go(i)
                line = unescape(p.narration.value).split(" · ", 1)[1].removesuffix("</div>")
                said = unescape(narration_view(p.scenario.game, p.result.public[i - 1]))   # (Bløff: 2♥)
                assert line == said or line.endswith("'s move</i> · " + said), (s.name, seat, i, line)
                told += p.result.narration[i - 1] != said
                assert p.expect.value == SEAT_EXPECT
                assert p.scenario.title not in unescape(p.rule_text.value) and p.scenario.source in \
                    unescape(p.rule_text.value)
    assert told >= 10, "the examples' own commentary should be left out of the seats' views"


def test_a_seats_view_lists_the_examples_without_their_titles():
    """A title may tell what a seat cannot see ("Anna offers 10 in three cards, Ben counters
    50" to Carla): in a seat's view the Example list names each example by its number and
    source; the all-seeing view by its title. Relabelling keeps the example and its step."""
    from bluffkit.core import scenario as sc
    titles = [s.title for s in sc.list_scenarios()]
    p = ScenarioPlayer("ht-trade-anna-40-richer", seat=2)
    labels = [label for label, _ in p.choose.options]
    assert not set(labels) & set(titles) and all(label.startswith("Example ") for label in labels)
    assert p.scenario.source in p.choose.label
    p.go(2)
    p.viewer.value = -1
    assert sorted(label for label, _ in p.choose.options) == sorted(titles) and p.choose.label == p.scenario.title
    p.viewer.value = 0
    assert not set(label for label, _ in p.choose.options) & set(titles)
    assert p.choose.value == "ht-trade-anna-40-richer" and p.step.value == 2, "the same example, the same step"
    p.choose.value = "yb-trade-tie"                       # choosing another keeps the seat's view and labels
    assert p.viewer.value == 0 and not set(label for label, _ in p.choose.options) & set(titles)


def test_an_example_loaded_from_code_is_the_one_the_list_shows():
    p = ScenarioPlayer("yb-trade-tie")
    p.load("ht-auction-ben-pays-100", 1)
    assert p.choose.value == "ht-auction-ben-pays-100" and p.scenario.name == "ht-auction-ben-pays-100"
    assert p.scenario.source in p.choose.label and p.viewer.value == 1
    p.choose.value = "yb-trade-tie"                       # choosing the other one again opens it
    assert p.scenario.name == "yb-trade-tie"


def test_a_step_that_names_its_player_is_not_prefixed_with_the_name_again():
    """The narration read "Anne: Anne: 'Bløff!' David's cards are turned" and "Daniel: Daniel
    pays 120."; a sentence without its player's name still says whose move it was. Every
    step of every example, in the all-seeing words and the seats' (the widget itself once)."""
    from bluffkit.core.scenario import list_scenarios, run
    from bluffkit.widgets.words import whose_move
    p = ScenarioPlayer("bloff-anne-calls-david", seat=0)
    p.go(p.step.max)
    assert "&middot; “Bløff!”" not in p.narration.value and "Anne: “Bløff!”" in p.narration.value
    steps = labelled = 0
    for sc in list_scenarios():
        res, names = run(sc), sc.seats
        for (seat, _, _), words in zip(sc.moves, zip(res.narration, res.public)):
            for said in words:
                who = whose_move(said, seat, names)
                assert who is None or not said.startswith(who), f"{sc.name}: {who}'s move · {said}"
                labelled += who is not None
                steps += 1
    assert steps > 200 and labelled > 10


def test_play_follows_the_step_in_the_kernel_so_a_saved_notebook_agrees_with_itself():
    """bloff.ipynb opened with its slider at 0 under "Step 14 of 14": the browser's link
    copied Play's saved value (0: only the slider had moved in the kernel) onto it."""
    p = ScenarioPlayer("bloff-anne-calls-david", seat=0)
    p.go(p.step.max)
    assert p.play.value == p.step.value == p.step.max
    p.go(3)
    assert p.play.value == 3
    p.choose.value = "bu-classic-horse-120-sell"
    assert p.play.value == p.step.value == 0 and p.play.max == p.step.max


def test_the_names_a_sentence_says_are_whole_names():
    from bluffkit.widgets.words import names_in as _names_in
    names = ["Bo", "Bo Goat", "J.", "Anne (host)"]
    assert _names_in("Bo Goat gets the rooster.", names) == {"Bo Goat"}     # not Bo: Bo is named before it
    assert _names_in("Bo gets it from Bo Goat.", names) == {"Bo", "Bo Goat"}
    assert _names_in("Bob gets it.", names) == set()
    assert _names_in("J. passes.", names) == {"J."}
    assert _names_in("so does Anne (host).", names) == {"Anne (host)"}
    assert _names_in("anything", []) == set()


def test_a_board_games_board_is_drawn_where_the_height_cap_finds_it():
    """Lesson 09's scenario drew the Bidder Up! board some 840 px tall, so Back and Next were
    never on screen with it; the player's style caps a board at 60 % of the window, by the
    table's class and the board's label, which the drawing must keep."""
    import re

    from bluffkit.widgets.scenario_player import BOARD_CSS
    p = ScenarioPlayer("bu-board-annette-cow-classic-120")
    assert "bk-scenario-table" in p.table._dom_classes
    assert any(BOARD_CSS in getattr(w, "value", "") for w in p.children)
    assert re.search(r"<svg[^>]*aria-label='[^']* board'", p.table.value.replace('"', "'")), \
        "the board's drawing no longer carries the label the height cap selects"


def test_an_exercise_lists_the_numbers_to_come_without_their_values():
    """``ahead=False``: a step not reached names its fact, not its value, anywhere the
    browser holds (the worked question's points are lesson 08's exercise)."""
    p = ScenarioPlayer("bluffer-worked-question", ahead=False)
    last = p.step.max
    points = next(c for c in p.result.checks if c.key == "last_gains")
    value = fact_text("last_gains", points.expected)
    assert "Anne 4" in value
    tree = str(widget_tree(p))
    assert "shown when reached" in p.expect.value and value not in tree and "Anne 4" not in tree
    p.go(last)
    assert value in p.expect.value and "shown when reached" not in p.expect.value
    p.go(0)
    assert value not in str(widget_tree(p)), "going back hides it again"
    for name in ("yb-scoring-2460", "ht-final-scores"):     # titles that state the numbers
        q = ScenarioPlayer(name, ahead=False)
        tree = str(widget_tree(q))
        assert q.scenario.title not in tree and "2460" not in tree and "6400" not in tree
        assert name not in repr(q) and repr(q).startswith("ScenarioPlayer(example ")
        assert "its numbers appear as the steps reach them" in q.rule_text.value
    q = ScenarioPlayer("bu-board-move-two-more-costs-3", ahead=False)     # its source quotes "1 + 2 = 3 notes"
    assert "1 + 2 = 3" not in str(widget_tree(q))
    for bad in (["x"], "nope"):
        with pytest.raises(ScenarioError, match="no scenario called"):
            ScenarioPlayer(bad)
    with pytest.raises(ScenarioError, match="seat must be None"):
        q.load("yb-scoring-2460", 5)
    assert q.scenario.name == "bu-board-move-two-more-costs-3", "a refused load changes nothing"
    shown = ScenarioPlayer("bluffer-worked-question")
    assert value in shown.expect.value, "the default lists every number, ticked when reached"
    with pytest.raises(TypeError, match="ahead must be True"):
        ScenarioPlayer("bluffer-worked-question", ahead="no")


def _titles_sent(monkeypatch) -> list[str]:
    """The titles any Example list made from now on holds at any moment (what the browser is
    sent, change by change), collected by a Dropdown that records its options."""
    import ipywidgets

    from bluffkit.core import scenario as sc
    titles = {s.title for s in sc.list_scenarios()}
    sent: list[str] = []

    class Recorded(ipywidgets.Dropdown):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            self.observe(lambda ch: sent.extend(t for t, _ in ch["new"] if t in titles), names="options")
            sent.extend(t for t, _ in self.options if t in titles)

    monkeypatch.setattr(ipywidgets, "Dropdown", Recorded)
    return sent


@pytest.mark.parametrize("seat", [0, 1])
def test_a_player_opened_in_a_seats_view_never_lists_the_titles(monkeypatch, seat):
    """ScenarioPlayer(name, seat) labelled its Example list with the titles for a moment while
    it opened (a title may tell a hidden offer: "Anna offers 10 in three cards"), and so did an
    example loaded from code into seat 0's view: the browser was sent them. Seat 0 is a seat."""
    sent = _titles_sent(monkeypatch)
    p = ScenarioPlayer("ht-trade-anna-40-richer", seat=seat)
    assert p.viewer.value == seat and p.choose.label.startswith("Example ")
    p.load("yb-trade-tie", 0)
    p.choose.value = "ht-auction-ben-pays-100"
    assert p.viewer.value == 0 and p.choose.label.startswith("Example ")
    assert sent == [], f"titles sent while a seat's view was shown: {sent[:3]}"
    p.load("yb-trade-tie")                                   # the all-seeing view: the titles again
    assert p.choose.label == p.scenario.title


def test_the_view_note_names_the_seats_as_text(tmp_path):
    """A teacher's own Bløff example with a fourth seat named "Dav<i>d & co": the note said
    when another example has no fourth seat names it as written, not as markup; choosing a
    seat's view afterwards, or another example where the seat is, says no note."""
    import json
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "data" / "scenarios" / "bloff-anne-calls-david.json").read_text(
        encoding="utf-8")
    data = json.loads(text.replace("David", "Dav<i>d & co"))
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(dict(data, name="my-bloff", title="Mine")), encoding="utf-8")
    p = ScenarioPlayer(str(mine), seat=3)
    p.choose.value = "bluffer-round-tie"
    assert "none where Dav&lt;i&gt;d &amp; co sat: shown, Anne's view" in p.rule_text.value
    assert "<i>d" not in p.rule_text.value
    p.choose.value = "yb-trade-tie"                          # seat 0 there too: the note is old
    assert p.viewer.value == 0 and "bk-view-note" not in p.rule_text.value
