"""The scenario player as a teacher drives it: steps asked for from code, examples named
with a slip, the view kept across examples, the narration's and the numbers' words, and
the score at the end of an example."""

from __future__ import annotations

from html import escape

import pytest

from bluffkit.core.errors import BluffkitError
from bluffkit.core.scenario import ScenarioError
from bluffkit.widgets.scenario_player import ScenarioPlayer


@pytest.mark.parametrize("bad", ["3", None, 2.0, True, -1, 10])
def test_a_step_that_is_not_a_whole_number_in_range_is_refused_in_words(bad):
    """go("3") and go(None) raised a raw TypeError ('<' not supported); go(99) was quietly
    taken as the last step."""
    p = ScenarioPlayer("ht-auction-ben-pays-100")           # steps 0 to 9
    p.go(4)
    with pytest.raises(BluffkitError, match=r"go\(i\): the step i must be an integer from 0 to 9, got "):
        p.go(bad)
    assert p.step.value == 4, "a refused step changes nothing"


def test_back_and_next_stay_at_the_ends_and_go_takes_a_numpy_step():
    import numpy as np
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    p.back.click()
    assert p.step.value == 0
    p.go(np.int64(9))
    p.next.click()
    assert p.step.value == 9


def test_a_misspelt_example_is_answered_with_the_close_name_first():
    with pytest.raises(ScenarioError, match=r"^no scenario called 'YB-SCORING-2460'; did you mean "
                                            r"'yb-scoring-2460'\? there are: "):
        ScenarioPlayer("YB-SCORING-2460")
    with pytest.raises(ScenarioError, match=r"did you mean 'bloff-anne-calls-david'\?"):
        ScenarioPlayer("bloff-anne-calls-dave")
    with pytest.raises(ScenarioError, match=r"^no scenario called 'zzzz'; there are: "):
        ScenarioPlayer("zzzz")


def test_an_example_of_ones_own_is_opened_from_its_file(tmp_path):
    """A teacher's own example (a scenario file, docs/scenarios.md) opens by its path, as
    `bluffkit scenario run mine.json` runs it, and joins the Example list; a bad file, or
    one taking another example's name, is refused in one line naming the file, and the
    panel stays as it was. The same file again is read anew (it may have been edited)."""
    import json
    from pathlib import Path

    data = json.loads((Path("data/scenarios") / "ht-auction-ben-pays-100.json").read_text(encoding="utf-8"))
    data.update(name="my-auction", title="My auction")
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(data), encoding="utf-8")
    p = ScenarioPlayer(str(mine))
    assert p.scenario.name == "my-auction" and ("My auction", "my-auction") in p.choose.options
    p.load("bloff-anne-calls-david")
    p.go(2)
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    clash = tmp_path / "clash.json"
    clash.write_text(json.dumps(dict(data, name="yb-scoring-2460")), encoding="utf-8")
    for path, said in ((bad, r"bad\.json: line 1: not valid JSON"), (clash, r"clash\.json: its name 'yb-scoring-2460' "
                                                                    r"is the name of another example"),
                       (tmp_path / "none.json", r"none\.json: cannot read the file")):
        with pytest.raises(ScenarioError, match=said):
            p.load(path)
        assert (p.scenario.name, p.step.value) == ("bloff-anne-calls-david", 2), "refused: nothing changed"
    broken = tmp_path / "broken.json"                       # reads, but a move is illegal where it stands
    moves = [dict(m) for m in data["moves"]]
    moves[2]["do"] = "bid 999999"
    broken.write_text(json.dumps(dict(data, name="my-broken", title="Broken", moves=moves)), encoding="utf-8")
    with pytest.raises(ScenarioError):
        p.load(broken)
    assert (p.scenario.name, p.step.value) == ("bloff-anne-calls-david", 2)
    assert "my-broken" not in p.scenarios and "my-broken" not in [v for _, v in p.choose.options], \
        "a file that cannot be played is not listed (choosing it would fail)"
    with pytest.raises(ScenarioError, match="seat must be None"):
        p.load(clash.with_name("mine.json"), seat=7)
    other = tmp_path / "other.json"                         # a new file, refused for its seat: not listed
    other.write_text(json.dumps(dict(data, name="my-other", title="Other")), encoding="utf-8")
    with pytest.raises(ScenarioError, match="seat must be None"):
        p.load(other, seat=7)
    assert "my-other" not in p.scenarios and "my-other" not in p._files
    assert (p.scenario.name, p.step.value) == ("bloff-anne-calls-david", 2)
    p.load(other)                                           # read again, it is taken
    assert p.scenario.name == "my-other"
    data["title"] = "My auction, edited"
    mine.write_text(json.dumps(data), encoding="utf-8")
    p.load(mine)
    assert p.scenario.title == "My auction, edited" and ("My auction, edited", "my-auction") in p.choose.options


def test_choosing_another_example_keeps_a_seats_view(monkeypatch):
    """From Dev's view, choosing another example in the list turned the view all-seeing:
    every hand face up and the title that tells the outcome, on the projected screen. The
    seat's view stays: the same seat where the new example has it, else the first seat's,
    said in the panel; nothing all-seeing is drawn or sent on the way."""
    from bluffkit.widgets import scenario_player
    from bluffkit.widgets.scenario_player import SEAT_EXPECT
    p = ScenarioPlayer("bluffer-worked-question")
    p.viewer.value = 3                                       # Dev's view
    p.go(5)

    def no(*a, **k):
        raise AssertionError("the all-seeing view was drawn")
    monkeypatch.setattr(scenario_player, "all_seeing_view", no)
    sent: list[str] = []
    for w, trait in ((p.rule_text, "value"), (p.table, "value"), (p.narration, "value"), (p.expect, "value"),
                     (p.choose, "options")):
        w.observe(lambda ch: sent.append(str(ch["new"])), names=trait)
    p.choose.value = "bloff-anne-calls-david"                # 4 seats: seat 3 is David
    assert p.viewer.value == 3 and p.viewer.label == "David's view" and p.step.value == 0
    assert "David's view" in p.table.value and p.expect.value == SEAT_EXPECT
    assert "bk-view-note" not in p.rule_text.value, "the same seat: nothing to say"
    p.choose.value = "bluffer-round-tie"                     # 3 seats: none where David sat
    assert p.viewer.value == 0 and p.viewer.label == "Anne's view" and "Anne's view" in p.table.value
    assert "this example has only 3 seats, none where David sat: shown, Anne's view (the first seat)" \
        in p.rule_text.value
    p.next.click()
    assert "none where David sat" in p.rule_text.value, "said until another view is chosen"
    p.viewer.value = 1
    assert "none where David sat" not in p.rule_text.value
    titles = [s.title for s in p.scenarios.values()]
    assert not [t for t in titles if any(t in x or escape(t) in x for x in sent)], \
        "a title was sent while in a seat's view"
    monkeypatch.undo()
    p.viewer.value = -1                                      # all-seeing stays all-seeing
    p.choose.value = "yb-trade-tie"
    assert p.viewer.value == -1 and p.choose.label == p.scenario.title


def test_a_chance_move_or_the_auctioneers_call_is_not_put_in_a_players_mouth():
    """"chance: Anne copies the true answer…", "Anna: Nobody goes higher: 'Going once…'"
    (the example says it, not Anna), "Daniel: No higher bid…"."""
    p = ScenarioPlayer("bluffer-worked-question")
    p.go(7)                                                  # a chance move: the answers read out
    assert "&middot; Anne copies the true answer" in p.narration.value and "chance" not in p.narration.value
    p.viewer.value = 1                                       # the game's words to Ben: no label either
    assert "&middot; Anne shuffles the sheets" in p.narration.value
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    p.go(7)
    assert "Anna:" not in p.narration.value
    assert "&middot; <i>Anna's move</i> &middot; Nobody goes higher" in p.narration.value
    p = ScenarioPlayer("bu-board-annette-cow-classic-120")
    p.go(4)
    assert "<i>Daniel's move</i> &middot; No higher bid" in p.narration.value and "Daniel:" not in p.narration.value
    p.go(2)                                                  # a sentence that names its mover stands alone
    assert "'s move</i>" not in p.narration.value


def test_the_rulebooks_numbers_are_in_each_games_words():
    """Annette's Bidder Up! example listed "lays cards next: Daniel" (Bløff's words for
    ``current``), "moved: steps 2, cost 1", "piggy: 1", "pos: Annette pen-2", "now: roll"."""
    p = ScenarioPlayer("bu-board-annette-cow-classic-120")
    text = p.expect.value
    for said in ("the move: 2 spaces, paying 1 note onto the Piggy Bank", "notes on the Piggy Bank: 1",
                 "pawn on: Annette Pen 2 (small)", "whose turn: Daniel", "now: the pen&#x27;s animals are auctioned",
                 "now: the next turn begins with the roll of the die", "notes in hand (by count): Annette 7"):
        assert said in text, said
    for raw in ("lays cards next", "moved:", "piggy:", "pen-2", "now: roll", "pos:", "steps 2"):
        assert raw not in text, raw
    bloff = ScenarioPlayer("bloff-anne-calls-david").expect.value
    assert "lays cards next: Anne" in bloff, "Bløff keeps its own words for the same key"
    sold = ScenarioPlayer("bu-classic-horse-120-sell").expect.value
    assert "sold: horse to Daniel for 120" in sold and "money won or lost: Annette 120, Daniel -120" in sold
    assert "now: the auction is over" in sold


def test_every_fact_of_every_example_is_said_in_words():
    """No key (``last_gains``, ``baby_zoos``) nor phase (``ask``, ``roll``) is shown as the
    code spells it, and an empty entry reads "none"."""
    import re

    from bluffkit.core.scenario import list_scenarios, run
    from bluffkit.widgets.scenario_player import fact_text
    for s in list_scenarios():
        for c in run(s).checks:
            said = fact_text(c.key, c.expected, s.game)
            name, value = said.split(": ", 1)
            assert "_" not in name and value.strip(), (s.name, said)
            assert not re.search(r"\w+-\d\b|\b\w+-m\b", value), (s.name, said)      # pen-2, sheep-m
            if c.key == "phase":
                assert value != c.expected, (s.name, said)


def _end(name: str, seat=None) -> str:
    p = ScenarioPlayer(name, seat)
    p.go(p.step.max)
    return p.table.value.replace('"', "'")


@pytest.mark.parametrize("name", ["ht-auction-ben-pays-100", "yb-trade-tie", "bloff-anne-calls-david"])
def test_no_score_is_shown_where_the_example_has_none(name):
    """A Horse Trading auction, a trade tie and Bløff ("Spillet har ingen poengregning":
    no scoring) ended under a table of zeros, "Score at the end of the example"."""
    assert "class='bk-scores'" not in _end(name) and "Score at the end" not in _end(name, 1)


def test_money_won_or_lost_in_an_auction_is_called_money():
    """bu-classic-horse-120-sell showed "Annette 120, Daniel -120" as points, under the
    table's own "Money won or lost: Annette +120, Daniel -120"."""
    shown = _end("bu-classic-horse-120-sell")
    assert shown.count("Money won or lost") == 1 and "<th>points</th>" not in shown
    # a seat's view says no one's money won or lost: the others' notes' faces are hidden from it,
    # and an overpayment (or a price in notes) would tell what the seat cannot see
    for seat in (0, 1, 2):                                      # Annette, the seller, too: seat 0 is a seat
        view = _end("bu-classic-horse-120-sell", seat)
        assert "Money won or lost" not in view and "<th>points</th>" not in view


@pytest.mark.parametrize("name, score", [("bu-board-fairground-score-4250", "4,250"), ("ht-final-scores", "6,400"),
                                         ("yb-scoring-2460", "2,460")])
def test_the_final_scores_are_drawn_once(name, score):
    """The Fairground's end drew "Final scores, with each scoring sheet" on the board and
    "Score at the end of the example" below it (and the You're Bluffing! end its "Final
    scores" twice over)."""
    shown = _end(name)
    assert shown.count("class='bk-scores'") == 1 and "Final scores" in shown and "Score at the end" not in shown
    assert score in shown


def test_a_score_the_example_checks_is_shown_at_its_end():
    """The Animal Market's 3,050 [I] is the example's point: the board draws no end box
    (the game goes on), so the player shows it, in points."""
    shown = _end("bu-board-animal-market-score-3050")
    assert "<th>Score at the end of the example</th><th>points</th>" in shown and "3,050" in shown
    assert shown.count("class='bk-scores'") == 1


def test_the_score_at_the_end_is_shown_only_at_the_last_step():
    """The example's end score is what its last move comes to: shown at an earlier step it
    would give the example's answer away before the moves that make it."""
    p = ScenarioPlayer("bu-board-two-player-loans")           # steps 0 to 8
    assert p.step.max == 8
    for i in range(p.step.max):
        p.go(i)
        assert "Score at the end" not in p.table.value, f"step {i} of {p.step.max}"
    p.go(p.step.max)
    assert "Score at the end" in p.table.value


def press(button) -> None:
    """Run ``button``'s click handlers: unlike ``click()``, what one raises fails the test."""
    for cb in button._click_handlers.callbacks:
        cb(button)


def test_back_at_the_start_and_next_at_the_end_raise_nothing():
    """A click at either end of the example must leave it where it is, not ask go() for a
    step outside the slider (refused in words, which a Button's click() would hide)."""
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    end = p.step.max
    press(p.back)
    assert p.step.value == 0
    press(p.next)
    assert p.step.value == 1
    p.go(end)
    press(p.next)
    assert p.step.value == end
    press(p.back)
    assert p.step.value == end - 1


def test_after_run_all_the_notebooks_panel_waits_at_step_0():
    """notebooks/scenario-player: its second code cell clicked Next nine times on the
    panel shown above it, so after Run All the class saw the outcome before the first
    move ("Press Next to play the example one move at a time")."""
    from pathlib import Path

    import nbformat
    nb = nbformat.read(Path(__file__).resolve().parents[2] / "notebooks" / "scenario-player.ipynb", as_version=4)
    ns: dict = {}
    shown = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        exec(compile(cell.source, "scenario-player.ipynb", "exec"), ns)
        last = cell.source.strip().splitlines()[-1].strip()
        if isinstance(ns.get(last), ScenarioPlayer):             # a cell ending in a player shows it
            shown.append(last)
    assert shown == ["player"]
    assert ns["player"].step.value == 0 and "Press Next to begin" in ns["player"].narration.value


def test_the_projector_folds_the_numbers_under_their_count_and_keeps_the_controls_in_one_bar():
    """On a 1280 x 720 projector the panel was 800 to 2,100 px tall: the Example list, the
    title and source, the slider and the speed, the table in 22 px type, and every number
    of the rulebook below it. On the projector the numbers are folded under a line that
    counts them (open again off it), Back, Next, Reset, Play, Projector and View are one
    bar, and the title and source one line (the whole in its tooltip); the layout is the
    style's, by the classes it selects."""
    from bluffkit.widgets.scenario_player import PROJECTOR_CSS
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    n = len(p.result.checks)
    assert p.numbers.children == (p.expect,) and p.numbers.selected_index == 0, "open in the notebook"
    at_start = sum(c.after == 0 for c in p.result.checks)        # (the money dealt, checked at step 0)
    assert p.numbers.titles == (f"The rulebook's numbers: {at_start} of {n} checked so far",) and at_start < n
    p.go(p.step.max)
    assert p.numbers.titles == (f"The rulebook's numbers: {n} of {n} checked so far",)
    p.projector.value = True
    assert "bk-projector" in p._dom_classes and "bk-scenario" in p._dom_classes
    assert p.numbers.selected_index is None, "folded on the projector, under its count"
    bar = next(w for w in p.children if "bk-sp-bar" in w._dom_classes)
    assert {p.back, p.next, p.reset, p.play, p.projector, p.viewer} <= set(bar.children)
    for w, part in ((p.choose, "choose"), (p.step_row, "step"), (p.speed, "speed")):
        assert f"bk-sp-{part}" in w._dom_classes and f".bk-sp-{part}" in PROJECTOR_CSS
    assert any(PROJECTOR_CSS in getattr(w, "value", "") for w in p.children)
    assert "class='bk-sp-dot'" in p.rule_text.value and f"title='{p.scenario.title}" in p.rule_text.value
    assert "Example list" in p.projector.tooltip and "back" in p.projector.tooltip, \
        "the Example list is gone on the projector: the button says how it comes back"
    p.projector.value = False
    assert p.numbers.selected_index == 0 and "bk-projector" not in p._dom_classes
    assert "leaves out the Example list" in p.projector.tooltip


@pytest.mark.parametrize("seat", [0, 1])
def test_the_numbers_count_is_not_shown_in_a_seats_view(seat):
    """A seat's view shows none of the rulebook's numbers, and its summary line no count of
    them either; the tooltip of the source line holds no title (a title may tell the
    outcome). Anna's view (seat 0) is a seat's view like Ben's."""
    p = ScenarioPlayer("ht-trade-anna-40-richer", seat=seat)
    p.projector.value = True
    p.go(p.step.max)
    assert p.numbers.titles == ("The rulebook's numbers: in the all-seeing view",)
    assert p.scenario.title not in p.rule_text.value
    p.viewer.value = -1
    assert p.numbers.titles[0].startswith("The rulebook's numbers: ") and " checked so far" in p.numbers.titles[0]


def test_a_lot_is_sold_only_once_the_auctioneer_has_sold_or_bought_it_and_a_purchase_is_said_once():
    """The auction's box said "Sold: the cow to Annette" while the auctioneer still chose
    between selling and buying, and after a purchase said the payment twice ("who pays
    Annette 100. André owes Annette 100")."""
    import re
    p = ScenarioPlayer("bu-second-hand-cow-buy")
    said = []
    for i in range(p.step.max + 1):
        p.go(i)
        said.append(re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", p.table.value)))
    hammer = [i for i, t in enumerate(said) if "Won at the hammer: the cow to Annette for 100" in t]
    sold = [i for i, t in enumerate(said) if "Sold: the cow won by Annette for 100, kept by André" in t]
    assert hammer and sold and max(hammer) < min(sold), (hammer, sold)
    assert not any("Sold:" in said[i] for i in hammer)
    assert all("owes Annette" not in said[i] for i in sold), "the purchase's payment said twice"
    p = ScenarioPlayer("bu-classic-horse-120-sell")
    p.go(p.step.max - 1)
    assert "Daniel owes Annette 120" in re.sub("<[^>]+>", " ", p.table.value)


def test_on_the_projector_a_bidder_up_board_is_drawn_in_large_type_in_every_view():
    """A Bidder Up! board example on the projector: the board's words were the notebook's
    16 units (8.7 px in the projector's layout). The table is drawn again when Projector is
    toggled, the board in the projector's large type, in the all-seeing view and in a seat's
    view alike; a seat's view is still drawn from its observation alone (what it shows
    does not change with the projector: the page without the board is the same); another
    game's example is drawn as it was."""
    import xml.etree.ElementTree as ET

    def without_the_board(page: str) -> bytes:
        root = ET.fromstring(f"<table>{page}</table>")            # (the view, and a score under it)
        parent = next(p for p in root.iter() for c in p if (c.get("aria-label") or "").endswith(" board"))
        parent.remove(next(c for c in parent if (c.get("aria-label") or "").endswith(" board")))
        return ET.tostring(root)

    p = ScenarioPlayer("bu-board-fairground-score-4250")
    for seat in (-1, 0, 2):
        p.viewer.value = seat
        for step in (2, p.step.max):
            p.go(step)
            small = p.table.value
            assert 'font-size="24"' not in small
            p.projector.value = True                         # drawn again, at once
            large = p.table.value
            assert 'font-size="24"' in large, f"view {seat}, step {step}: the board's words are not large"
            if seat >= 0:
                assert without_the_board(large) == without_the_board(small), "a seat's view shows the same"
            p.projector.value = False
            assert p.table.value == small
    other = ScenarioPlayer("ht-cant-pay")
    other.go(6)
    before = other.table.value
    other.projector.value = True
    assert other.table.value == before, "another game's table is drawn as it was"


def test_the_panel_shows_the_step_the_slider_reaches_whichever_the_browser_sends_first():
    """Auto-play moves the Play and, by their link in the browser, the slider: the kernel
    may hear the Play's new value before the slider's. The panel follows the slider, so it
    shows the step reached, not the one before."""
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    p.go(2)
    p.play.value = 3                                         # the Play's tick first ...
    p.step.value = 3                                         # ... then the slider it moved
    assert "Step 3 of 9" in p.narration.value and "Anna bids 10" in p.narration.value
    p.step.value = 4                                         # the slider alone (dragged)
    assert "Step 4 of 9" in p.narration.value and "Ben bids 40" in p.narration.value and p.play.value == 4


def test_auto_play_moves_at_the_speed_the_slider_says():
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    assert p.play.interval == round(p.speed.value * 1000)
    p.speed.value = 2.0
    assert p.play.interval == 2000


def test_a_number_is_ticked_from_its_own_step_and_its_note_said_from_then():
    """The Horse Trading auction: "sold for 60" after step 7 (Ben's 60, Anna passes)."""
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    at = {}
    for c in p.result.checks:
        at[c.after] = at.get(c.after, 0) + 1
    p.go(6)
    assert "sold for 60" not in p.expect.value
    p.go(7)
    assert p.expect.value.count("&#10003;") == at[0] + at[7] and p.expect.value.count("&#9675;") == at[9]
    assert "sold for 60" in p.expect.value


def test_an_exercise_shows_a_number_at_its_own_step_not_before():
    """The worked question's answers are read out after step 6, then step 7; the points
    after step 11."""
    p = ScenarioPlayer("bluffer-worked-question", ahead=False)
    for i in range(p.step.max + 1):
        p.go(i)
        hidden = sum(c.after > i for c in p.result.checks)
        assert p.expect.value.count("shown when reached") == hidden, f"step {i}"


@pytest.mark.parametrize("seat", [3, -1, True])
def test_a_seat_the_example_does_not_have_is_refused(seat):
    """ht-trade-anna-40-richer has seats 0 to 2 (Anna, Ben, Carla): -1 is not the last seat
    (nor the all-seeing view), True is not seat 1. The refusal names the seats there are."""
    with pytest.raises(ScenarioError, match=r"seat must be None \(the all-seeing view\) or a seat of "
                                            r"ht-trade-anna-40-richer: 0 \(Anna\), 1 \(Ben\), 2 \(Carla\); got "):
        ScenarioPlayer("ht-trade-anna-40-richer", seat=seat)


@pytest.mark.parametrize("seat", [0, 1])
def test_in_a_seats_view_the_example_is_named_by_its_number_in_the_list(seat):
    """The name may tell the outcome ("ht-trade-anna-40-richer"): a seat's view (Anna's,
    seat 0, as Ben's) and an exercise name the example as the Example list does, "Example k"."""
    p = ScenarioPlayer("ht-trade-anna-40-richer", seat=seat)
    k = p.choose.label.split(":")[0].removeprefix("Example ")
    assert "anna-40-richer" not in repr(p) and repr(p).startswith(f"ScenarioPlayer(example {k}, step 0 of ")
    q = ScenarioPlayer("ht-trade-anna-40-richer", ahead=False)
    assert q.choose.label == f"Example {k}" and f"Example {k}: its numbers" in q.rule_text.value
    assert repr(q).startswith(f"ScenarioPlayer(example {k}, ")


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_score_of_a_game_not_over_is_not_shown_in_a_seats_view(seat):
    """The Animal Market's 3,050 [I] counts Daniel's money, which the other seats cannot
    see, and the game goes on: shown in the all-seeing view only."""
    assert "Score at the end" not in _end("bu-board-animal-market-score-3050", seat)
    assert "Score at the end" in _end("bu-board-animal-market-score-3050")


def _example(name: str) -> dict:
    """An example's scenario file, read as data (to write a teacher's own from it)."""
    import json
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "data" / "scenarios" / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def _write(path, data: dict):
    import json
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_unknown_example_is_answered_with_every_name_and_a_guess_only_when_close(tmp_path):
    """The refusal lists the examples to choose from; a name like none of them ("horse")
    gets no guess (a guess such as 'ht-final-scores' would mislead); a close slip of an
    example of one's own is answered with its name as its file spells it."""
    from bluffkit.core.scenario import list_scenarios
    with pytest.raises(ScenarioError) as refused:
        ScenarioPlayer("zzzz")
    listed = str(refused.value).split("there are: ", 1)[1].split(", ")
    assert listed == sorted(s.name for s in list_scenarios())
    with pytest.raises(ScenarioError, match=r"^no scenario called 'horse'; there are: "):
        ScenarioPlayer("horse")
    p = ScenarioPlayer(str(_write(tmp_path / "mine.json", dict(_example("ht-auction-ben-pays-100"),
                                                                    name="My-Auction", title="Mine"))))
    with pytest.raises(ScenarioError, match=r"did you mean 'My-Auction'\?"):
        p.load("my-auctoin")
    assert p.scenario.name == "My-Auction"


def test_a_file_of_another_game_or_another_files_name_is_refused_and_the_panel_stays(tmp_path, monkeypatch):
    """A scenario file naming a game bluffkit has not, or a game its moves are not moves of,
    is refused in one line naming the file and the place; so is a second file taking the
    name of one's own example read before (choosing that name would open one or the other).
    The panel stays where it was and the list holds neither."""
    data = dict(_example("ht-auction-ben-pays-100"), name="my-auction", title="Mine")
    mine = _write(tmp_path / "mine.json", data)
    p = ScenarioPlayer("yb-trade-tie")
    p.load(mine)
    p.go(3)
    for bad, said in (
            (_write(tmp_path / "chess.json", dict(data, name="my-chess", game="chess")),
             r"chess\.json: game: unknown game 'chess'"),
            (_write(tmp_path / "bloff.json", dict(data, name="my-bloff", game="bloff")),
             r"bloff\.json: move 1 \(\"auction\"\): "),
            (_write(tmp_path / "twin.json", dict(data, title="Another")),
             r"twin\.json: its name 'my-auction' is the name of another example")):
        with pytest.raises(ScenarioError, match=said):
            p.load(bad)
        assert (p.scenario.name, p.scenario.title, p.step.value) == ("my-auction", "Mine", 3), bad.name
        assert not {"my-chess", "my-bloff"} & set(p.scenarios) and p.scenarios["my-auction"].title == "Mine"
        assert [v for _, v in p.choose.options].count("my-auction") == 1
    monkeypatch.chdir(tmp_path)                 # the same file by another spelling of its path: read anew
    data["title"] = "Mine, edited"
    _write(mine, data)
    p.load("mine.json")
    assert p.scenario.title == "Mine, edited" and ("Mine, edited", "my-auction") in p.choose.options


def test_a_scenario_file_is_known_by_its_extension_in_capitals_too(tmp_path):
    """MINE.JSON (a name as some systems write it) is a scenario file, not an unknown example."""
    upper = _write(tmp_path / "MINE.JSON", dict(_example("ht-auction-ben-pays-100"), name="my-upper", title="Upper"))
    p = ScenarioPlayer(str(upper))
    assert p.scenario.name == "my-upper" and p.choose.label == "Upper"


@pytest.mark.parametrize("ahead", [None, 0, 1, "False"])
def test_ahead_is_true_or_false_and_nothing_else(ahead):
    """ahead=None or 0 would open an exercise without a word, ahead=1 the numbers, and
    "False" (text) the numbers too: each is refused, saying what ahead means."""
    with pytest.raises(TypeError, match=r"^ahead must be True \(list every number of the example\) or False "
                                        r"\(only those reached\), got "):
        ScenarioPlayer("ht-auction-ben-pays-100", ahead=ahead)


def _rows(expect: str) -> list[str]:
    import re
    return re.findall(r"<li[^>]*>(.*?)</li>", expect)


def test_an_expectations_note_is_said_once_after_its_last_number():
    """The Horse Trading auction's "sold for 60" stands for three numbers after step 7 (the
    bidding over, 60, Ben); "Ben pays 100 … no change is given" for three after step 9.
    Each note is said once, on the last row of its numbers, not on each of them."""
    from html import escape as esc
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    p.go(p.step.max)
    rows = _rows(p.expect.value)
    for after, note in ((7, "sold for 60"), (9, "Ben pays 100 for a 60 bid: no change is given")):
        group = [k for k, r in enumerate(rows) if f"after step {after}:" in r]
        said = [k for k, r in enumerate(rows) if esc(note) in r]
        assert len(group) == 3 and said == [group[-1]], (after, group, said)
    shown = ScenarioPlayer("bu-board-golden-donkeys-100-200-500")       # four notes, one per payday or sale
    shown.go(shown.step.max)
    for note in ("sold, not yet paid", "first donkey: +100 each", "second: +200 each", "third: +500 each"):
        assert shown.expect.value.count(note) == 1, note


def test_the_same_note_on_two_steps_is_said_at_each(tmp_path):
    """A note is said with its own numbers: a teacher's file giving the words "as the
    rulebook says" after step 7 and after step 9 has them said at step 7 already, and at
    step 9 once for each step's numbers."""
    data = dict(_example("ht-auction-ben-pays-100"), name="my-notes", title="Notes")
    data["expect"] = [dict(e, note="as the rulebook says") if e["after"] in (7, 9) else e for e in data["expect"]]
    p = ScenarioPlayer(str(_write(tmp_path / "notes.json", data)))
    p.go(7)
    assert p.expect.value.count("as the rulebook says") == 1
    p.go(9)
    assert p.expect.value.count("as the rulebook says") == 2


def test_the_title_and_its_tooltip_are_shown_as_written():
    """Bløff's title, "Anne calls David's “three fours” …", ended the source line's tooltip
    at "David" if its apostrophe were not escaped (title='…David's…')."""
    from html.parser import HTMLParser
    p = ScenarioPlayer("bloff-anne-calls-david")
    tips = []

    class Tips(HTMLParser):
        def handle_starttag(self, tag, attrs):
            tips.extend(v for k, v in attrs if k == "title")

    Tips().feed(p.rule_text.value)
    assert tips == [f"{p.scenario.title} \u00b7 {p.scenario.source}"]


def test_a_title_of_ones_own_is_text_not_markup(tmp_path):
    data = dict(_example("ht-auction-ben-pays-100"), name="my-tags", title="Ben <i>pays</i> 100 & more")
    p = ScenarioPlayer(str(_write(tmp_path / "tags.json", data)))
    assert "Ben &lt;i&gt;pays&lt;/i&gt; 100 &amp; more" in p.rule_text.value and "<i>pays" not in p.rule_text.value


def test_a_seats_example_list_tells_apart_the_examples_of_one_source():
    """A seat's Example list names each example by its source (a title may tell the outcome);
    the two endings of Annette's horse and the Second Hand cow, on the board and as the
    auction alone, read alike ("Example 18: ... (Classic auction)" twice), so a class could
    not tell which to open. Each label is unique now and still says no title; the examples
    are listed, and the endings counted "1 of 2", in an order unrelated to how they end (by
    name, both "-buy" endings came first, and a class that saw one pair knew the other)."""
    from types import SimpleNamespace

    from bluffkit.widgets.scenario_player import _sources_apart
    p = ScenarioPlayer("ht-trade-anna-40-richer", seat=1)
    labels = [label for label, _ in p.choose.options]
    assert len(set(labels)) == len(labels), sorted(labels)
    said = dict((v, label) for label, v in p.choose.options)
    assert said["bu-board-second-hand-cow-buy"].endswith("\u00b7 Bidder Up! (board game)")
    cow = {said[f"bu-second-hand-cow-{e}"].rsplit(" \u00b7 ", 1)[1] for e in ("buy", "sell")}
    horse = {said[f"bu-classic-horse-120-{e}"].rsplit(" \u00b7 ", 1)[1] for e in ("buy", "sell")}
    assert cow == horse == {"1 of 2", "2 of 2"}, (cow, horse)
    assert all(said[f"bu-second-hand-cow-{e}"].split(" \u00b7 ")[1] == "Auction (Bidder Up!)" for e in ("buy", "sell"))
    # neither the numbers nor "k of 2" follow the endings: one pair's buy comes first, the other's second
    number = {v: k for k, (_, v) in enumerate(p.choose.options, 1)}
    buy_first = [number[f"{pair}-buy"] < number[f"{pair}-sell"] for pair in ("bu-second-hand-cow", "bu-classic-horse-120")]
    assert buy_first in ([True, False], [False, True]), buy_first
    assert [said[f"{pair}-buy"].endswith("1 of 2") for pair in ("bu-second-hand-cow", "bu-classic-horse-120")] == buy_first
    assert said["yb-preemption"].endswith("'The Leader's Right of Preemption'")       # one of its source
    for name, scenario in p.scenarios.items():
        assert scenario.title not in said[name]
    # two examples of one's own with no source are left as they are (no " · 1 of 2")
    blank = {n: SimpleNamespace(source="", game=p.scenarios["yb-preemption"].game) for n in ("a", "b")}
    assert _sources_apart(blank) == {"a": "", "b": ""}


def test_a_long_example_of_ones_own_sends_a_dragged_step_once_let_go(tmp_path):
    """The slider sends each step a drag passes, drawn as the thumb reaches it: fine for
    the rulebook's examples (20 steps at most), but an example of one's own made from a
    game's log, 200 steps of some 35,000 characters each, sent them all during one drag,
    as the replay viewer did before it sent a drag's step once let go. Past
    :data:`LIVE_STEPS` steps the player does the same; the rulebook's examples still
    follow the thumb."""
    import json

    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    from bluffkit.widgets.scenario_player import LIVE_STEPS
    s = Session(make_game("bloff"), ["random"] * 3, names=["A", "B", "C"], seed=5).run()
    records = [json.loads(line) for line in s.save(tmp_path / "game.jsonl").read_text(encoding="utf-8").splitlines()]
    deal = records[1]["chance"].split(" ", 1)[1].split("|")
    moves = [{"by": "chance", "do": r["chance"]} if "chance" in r else {"by": "ABC"[r["seat"]], "do": r["action"]}
             for r in records[2:-1]][:LIVE_STEPS + 1]
    long = tmp_path / "long.json"
    long.write_text(json.dumps({"name": "my-long-game", "title": "A long game", "game": "bloff", "seats": ["A", "B", "C"],
                                "start": {"hands": dict(zip("ABC", deal))}, "moves": moves}), encoding="utf-8")
    p = ScenarioPlayer("bloff-anne-calls-david")
    assert p.step.continuous_update is True
    p.load(long)
    assert p.step.max == LIVE_STEPS + 1 and p.step.continuous_update is False
    p.load("bu-board-golden-donkeys-100-200-500")
    assert p.step.max <= LIVE_STEPS and p.step.continuous_update is True
