"""The panels on a projected classroom screen (1280 x 720), headless: what a person sees there,
each checked on the widgets: buttons and labels as wide as their words, icon-only
controls that say what they do, buttons closed until a choice is made (and a stale refusal
gone once the choice changes), "What happened" in projector mode too, newest first, money
large enough to read from the back of the room, no rule ids on screen."""

import logging
import re
from html import escape

import pytest

from bluffkit.core.game import make_game
from bluffkit.session import Session
from bluffkit.widgets import AuctionLab, BidderUpTable, BloffTable, ReplayViewer, ScenarioPlayer, TablePanel, art
from bluffkit.widgets.art import CSS, PROJECTOR_LOG_LINES
from bluffkit.widgets.seat_panel import EVENTS

NAMES = ["Ana", "Bo", "Cy"]
#: The type size of a widget's HTML (JupyterLab's --jp-widgets-font-size), and the one the
#: projector mode sets (art.CSS): a drawing sized in em is measured in these.
WIDGET_PX, PROJECTOR_PX = 13, 20


@pytest.fixture(autouse=True)
def handler_errors_fail(caplog):
    """ipywidgets swallows exceptions raised in click handlers (it logs them): fail on them."""
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.WARNING and "Exception" in r.getMessage()]
    assert not errors, f"a widget handler raised: {errors[0].getMessage()}"


def bo_owes() -> TablePanel:
    """Horse Trading, seed 2: Bo bids 10 with a quick bid, the bot passes, Ana sells; Bo must pay 10."""
    t = TablePanel("horse-trading", players=3, humans=[1], names=NAMES, seed=2)
    t.show.click()
    t.quick_box.children[0].click()
    assert t.session.waiting_for == 1 and t.session.legal(1).pay == 10
    return t


# -- 1. buttons and labels as wide as their words --------------------------------------------

def test_the_cover_button_is_as_wide_as_the_name_on_it():
    """"Show Annette's view" was cut to "Show Annette's v…" by the default button width."""
    for t in (TablePanel("horse-trading", players=3, humans=[1, 2], names=NAMES, seed=2),
              BloffTable(players=3, humans=[0, 1], names=["Annette", "Bo", "Cy"], seed=1),
              BidderUpTable(players=3, humans=[0, 1], names=["Annette", "Daniel", "Ben"], seed=3)):
        assert t.cover.layout.display is None and t.show.description.startswith("Show ")
        assert t.show.layout.width == "auto", f"{type(t).__name__}: the cover button keeps the default width"
        assert t.show.layout.max_width == "100%", "and never wider than the panel"
        assert t.show.layout.align_self == "flex-start", "auto width in a column box: not stretched across it"


def test_the_speed_labels_are_as_wide_as_their_words():
    """"Seconds/step" was cut to "Seconds/s…" by the default label width."""
    for panel in (ScenarioPlayer("ht-auction-ben-pays-100"), ReplayViewer()):
        assert panel.speed.description == "Seconds/step"
        assert panel.speed.style.description_width == "initial", type(panel).__name__
    assert AuctionLab(fmt="classic", bidders=2, human=1, seed=3).move_button.layout.width == "auto"


# -- 2. icon-only controls say what they do; the replay's file box tells the truth ------------

@pytest.mark.parametrize("make", [lambda: ScenarioPlayer("ht-auction-ben-pays-100"), ReplayViewer],
                         ids=["scenario-player", "replay-viewer"])
def test_auto_play_is_a_button_with_a_name(make):
    """ipywidgets' Play draws its buttons as icons with no names (a screen reader says
    "button"): it is not drawn; a toggle named Auto-play, Pause while it plays, is drawn in
    its place, linked to the Play's ``playing`` (the browser's timer)."""
    panel = make()
    play, button = panel.play, panel.play.button
    assert play.layout.display == "none" and "plays the steps" in button.tooltip
    row = next(box for box in held_boxes(panel) if button in box.children)
    assert play in row.children                               # (drawn, hidden: its timer runs in its view)
    assert (button.description, button.icon) == ("Auto-play", "play")
    button.value = True
    assert play.playing and (button.description, button.icon) == ("Pause", "pause")
    play.playing = False                                      # (the last step reached: the browser stops it)
    assert not button.value and button.description == "Auto-play"
    assert {play.button_link.source, play.button_link.target} == {(button, "value"), (play, "playing")}


@pytest.mark.parametrize("make", [lambda: ScenarioPlayer("ht-auction-ben-pays-100"),
                                  lambda: ReplayViewer(Session(make_game("bloff"), ["random"] * 3, seed=1).run())],
                         ids=["scenario-player", "replay-viewer"])
def test_auto_play_waits_the_seconds_set_and_stops_at_the_last_step(make):
    """"Seconds/step" is the browser timer's interval in milliseconds, and Auto-play's last
    step is the slider's: one past it, the timer would ask for a step that does not exist."""
    panel = make()
    panel.speed.value = 2.0
    assert panel.play.interval == 2000
    assert panel.step.max > 0 and panel.play.max == panel.step.max


@pytest.mark.parametrize("make, other", [
    (lambda: ScenarioPlayer("ht-auction-ben-pays-100"), lambda p: setattr(p.choose, "value", "ht-cant-pay")),
    (lambda: ReplayViewer(Session(make_game("bloff"), ["random"] * 3, seed=1).run()),
     lambda p: p.load(Session(make_game("horse-trading"), ["random"] * 3, seed=2).run()))],
    ids=["scenario-player", "replay-viewer"])
def test_another_example_or_log_opens_paused(make, other):
    """Auto-play left on while another example (or log) was opened played the new one from
    its first step at once, the teacher not yet ready to talk about it."""
    panel = make()
    panel.play.button.value = True
    other(panel)
    assert not panel.play.playing and panel.play.button.description == "Auto-play" and panel.step.value == 0


def held_boxes(panel):
    stack, out = [panel], []
    while stack:
        w = stack.pop()
        if hasattr(w, "children"):
            out.append(w)
            stack.extend(w.children)
    return out


def test_the_replay_file_box_names_the_file_shown(tmp_path):
    s = Session(make_game("horse-trading"), ["random"] * 3, names=["A", "B", "C"], seed=4).run()
    path = s.save(tmp_path / "lesson-3.jsonl")
    empty = ReplayViewer()
    assert empty.path.placeholder == "path/to/game.jsonl" and empty.path.value == ""     # nothing shown yet
    from_file = ReplayViewer(path)
    assert from_file.path.value.endswith("lesson-3.jsonl")
    from_session = ReplayViewer(s)
    assert from_session.path.value == "" and from_session.path.placeholder != "path/to/game.jsonl"
    assert "another" in from_session.path.placeholder, "a game is shown: the box does not read as if none were"
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "something else"}\n')
    assert from_session.load(bad) is False and "another" in from_session.path.placeholder     # still shown
    assert from_file.load(s) and from_file.path.value == "", "a session shown after a file: the file's name goes"


def test_a_shorter_game_opened_at_a_late_step_of_a_seats_view_is_shown_from_its_start():
    """A four-hundred-step game watched from Bo's view at its last step, then a six-step
    auction opened: the view's reset redrew at step 404 of the new game (an IndexError in
    the Open button's handler), and the slider was left on the old game."""
    long = Session(make_game("horse-trading"), ["random"] * 3, names=["A", "Bo", "C"], seed=3).run()
    short = Session(make_game("auction", format="secret-count"), ["random"] * 3, seed=3).run()
    r = ReplayViewer(long)
    r.viewer.value = 1
    r.step.value = r.step.max
    assert r.step.max > 100 and r.load(short)
    assert (r.step.value, r.step.max, r.viewer.value, len(r.states)) == (0, len(short.moves), -1, len(short.moves) + 1)
    r.step.value = r.step.max                                 # (the new game's end draws)


@pytest.mark.parametrize("typed", ["", "   "])
def test_an_empty_log_file_box_says_to_type_a_path(typed):
    """Open with nothing typed read the current folder ("Cannot replay: .: not a regular
    file"), and spaces showed Python's PosixPath('   ')."""
    r = ReplayViewer()
    assert "No game shown yet" in r.error.value and "Open" in r.error.value     # (what to do, before any click)
    assert r.load(typed) is False
    assert "no file named" in r.error.value and "PosixPath" not in r.error.value and ".:" not in r.error.value


def test_the_replay_on_a_projector_puts_the_steps_beside_the_table():
    """The replay on a projector was some 1,060 px tall: the table, then 16 steps under it,
    the current step's line below a 1280 x 720 screen. On the projector the steps stand
    beside the table, eight of them (the three before the current one, it, and four
    after), and off it the list is back under the table with its sixteen; a seat's view still ends at its step."""
    import re as _re
    s = Session(make_game("youre-bluffing"), ["random"] * 4, names=["Ana", "Bo", "Cy", "Di"], seed=11).run()
    v = ReplayViewer(s)
    v.step.value = 40

    def steps() -> list[int]:
        return [int(n) for n in _re.findall(r"<li>(?:<b>&#9654; )?(\d+)\.", v.events.value)]

    assert v.body.layout.flex_flow == "column" and steps() == list(range(33, 49))
    v.projector.value = True
    assert "bk-projector" in v._dom_classes and v.body.layout.flex_flow == "row"
    assert (v.table.layout.width, v.events.layout.width) == ("64%", "36%") and steps() == list(range(37, 45))
    v.viewer.value = 1
    assert steps() == list(range(37, 41)), "a seat's view: no step after this one"
    v.viewer.value = -1
    v.projector.value = False
    assert v.body.layout.flex_flow == "column" and v.table.layout.width is None and steps() == list(range(33, 49))
    assert "bk-projector" not in v._dom_classes


# -- 3. closed until a choice is made; a stale refusal goes --------------------------------

def test_bloff_lay_is_closed_until_a_card_is_chosen_and_a_refusal_goes_with_the_choice():
    t = BloffTable(players=4, humans=[0], names=["Anne", "Bjørn", "Carla", "David"], seed=1)
    t.show.click()
    assert t.lay.description == "Say “… aces”" and t.lay.disabled, "open, or saying one card, with none chosen"
    assert "click" in t.lay.tooltip and "first" in t.lay.tooltip
    moves = list(t.session.moves)
    t.lay.click()                          # a click that comes anyway (from code): the engine refuses it
    assert "Anne can&#x27;t lay those cards" in t.message.value and t.session.moves == moves
    t.card_toggles[0].value = True
    assert not t.lay.disabled and t.lay.description == "Say “one ace”"
    assert t.message.value == "", "the refusal of the empty play stays after a card is chosen"
    t.card_toggles[0].value = False
    assert t.lay.disabled and t.lay.description == "Say “… aces”"
    t.card_toggles[1].value = True
    t.lay.click()
    assert t.message.value == "" and t.session.moves[len(moves)][0] == 0
    assert t.lay.disabled or t.play_box.layout.display == "none", "a new hand opens closed"


def test_pay_is_closed_until_a_note_is_chosen_and_a_refusal_goes_with_the_choice():
    t = bo_owes()
    assert t.pay_button.description == "Pay" and t.pay_button.disabled, "Pay open with no note chosen"
    assert t.pay_button.tooltip.startswith("click your money cards"), "Horse Trading's words"
    states = list(t.session.states)
    t.pay_button.click()                   # from code, anyway: refused, nothing changes
    assert "Bo can&#x27;t pay none" in t.message.value and t.session.states == states
    fifty = next(x for x in t.note_toggles if x.description == "50")
    assert t.message.value != ""
    fifty.value = True
    assert not t.pay_button.disabled and t.pay_button.description == "Pay 50"
    assert t.message.value == "", "the refusal of paying none stays after a note is chosen"
    t.pay_button.click()                   # 50 for a 10: Bo holds 10s, so it is refused
    assert "Bo can&#x27;t pay 50" in t.message.value and t.session.states == states
    fifty.value = False
    assert t.pay_button.disabled and t.message.value == ""
    next(x for x in t.note_toggles if x.description == "10").value = True
    t.pay_button.click()
    assert t.message.value == "" and "Bo pays 10 to Ana." in t.events.value


def test_choosing_a_trade_partner_clears_the_refusal_for_choosing_none():
    t = TablePanel("horse-trading", players=3, humans=[0], names=NAMES, seed=2)
    t.show.click()
    t.message.value = "<div class='bk-box bk-refusal'>Choose whom to trade with: click a player's animal above.</div>"
    t.target.options = [("Bo's cow", (1, 0))]           # (as draw_seat offers a trade)
    t.target.value = (1, 0)
    assert t.message.value == ""
    t.message.value = "<div class='bk-box'>Took back 1 move.</div>"
    t.target.value = None                                # a redraw's reset: no choice, nothing dropped
    assert "Took back" in t.message.value


def test_a_trade_offer_opens_once_a_partner_is_chosen():
    """"Offer 0 face-down notes" was a live button before any partner was chosen, and its
    refusal sent the player to "a player's animal above" where the buttons say "Trade for"."""
    from tests.widgets.test_widget_leaks import trade_panel
    t = trade_panel()
    t.show.click()
    assert t.target.options and t.target.value is None
    assert t.offer_button.disabled and "Trade for" in t.offer_button.tooltip
    states = list(t.session.states)
    t.offer_button.click()                               # a click that comes anyway, from code
    assert "Trade for" in t.message.value and t.session.states == states
    t.target.value = t.target.options[0][1]
    assert not t.offer_button.disabled and t.message.value == ""
    t.target.value = None
    assert t.offer_button.disabled


def test_the_click_drivers_still_play_through_the_closed_buttons():
    """``click_action`` (the no-leak check's and the play-through tests' driver) chooses the
    notes or cards first, then clicks: the button is open by then."""
    t = bo_owes()
    legal = t.session.legal(1)
    pay = legal.payments(t.denominations)[0]
    n = len(t.session.moves)
    assert t.click_action(pay) and t.session.moves[n] == (1, pay)
    b = BloffTable(players=4, humans=[0], names=["Anne", "Bjørn", "Carla", "David"], seed=1)
    b.show.click()
    from bluffkit.games.bloff.engine import Play
    n = len(b.session.moves)
    assert b.click_action(Play(b.cards[:2])) and b.session.moves[n][0] == 0


# -- 4. what happened: newest first, and on the projector too ----------------------------------

def test_what_happened_is_newest_first_and_shown_on_the_projector():
    t = TablePanel("horse-trading", players=3, humans=[1], names=NAMES, seed=2)
    t.show.click()
    t.quick_box.children[0].click()                      # Bo bids, Cy passes, Ana sells: Bo owes 10
    said = [escape(x) for x in t.said]
    assert len(said) >= 3 and len(set(said)) == len(said)
    text = t.events.value
    assert "What happened" in text and "newest first" in text
    at = [text.index(x) for x in reversed(said[-EVENTS:])]
    assert at == sorted(at), "the newest line first"
    assert "bk-side" not in t.events._dom_classes, "the projector hides .bk-side: the class must see this"
    side = next(box for box in t.children if "bk-side" in getattr(box, "_dom_classes", ()))
    assert t.children.index(t.events) < t.children.index(side), "above Undo and Save, next to the table"
    t.projector.value = True
    # on the projector a box PROJECTOR_LOG_LINES lines high, newest first, scrolls to the
    # earlier ones (Bo's own bid, three moves back, had left the screen); it says so once
    # there are more lines than it is high
    text = t.events.value
    assert ("scroll for older" in text) == (len(said) > PROJECTOR_LOG_LINES), (len(said), text)
    scroller = text.index("<div class='bk-log-lines'>")
    at = [text.index(x) for x in reversed(said[-EVENTS:])]
    assert at == sorted(at) and at[0] > scroller, "every line in the scrolled box, the newest first"
    assert f".bk-projector .bk-log-lines {{max-height: {PROJECTOR_LOG_LINES * 1.35}em; overflow-y: auto}}" in CSS
    assert t.events.layout.display != "none"
    # on the projector the table fills the screen's height: what happened goes beside it, in
    # the controls' column, while a seat's controls are shown ...
    assert t.events in t.controls.children and t.events not in t.children
    assert t.controls.children.index(t.events) < t.controls.children.index(t.typed_row)
    t.pay_button.click()                                 # (refused: no note chosen) nothing moves
    assert t.events in t.controls.children
    # the refusal beside the buttons it answers, above what happened (below the table it was
    # off a 1280 x 720 screen)
    kids = t.controls.children
    assert "bk-refusal" in t.message.value and t.message in kids and t.message not in t.children
    assert kids.index(t.message) == kids.index(t.events) - 1
    t.choose_notes(t.session.legal(1).payment_notes(t.denominations)[0])
    t.pay_button.click()                                 # ... and below the cover on a cover, or the end
    if t.controls.layout.display == "none":
        assert t.events in t.children and t.events not in t.controls.children
    t.projector.value = False
    assert t.events in t.children and t.events not in t.controls.children
    assert t.children.index(t.message) == t.children.index(t.board) + 1, "the message back under the table"
    assert all(escape(x) in t.events.value for x in t.said[-EVENTS:])


def test_on_the_projector_bidder_ups_events_go_under_the_seats_own_farm_board():
    """The seat's own farm board (its notes) under the controls, what happened under it,
    then the other farm boards folded: at 1280 x 720 the notes were below the screen."""
    t = BidderUpTable(players=3, humans=[0, 1], names=["Annette", "Daniel", "Ben"], seed=3)
    t.projector.value = True
    assert t.events in t.children                        # the cover: no controls column
    t.show.click()
    kids = t.controls.children
    assert t.events in kids and kids.index(t.farms) < kids.index(t.events) == kids.index(t.more_farms) - 1


@pytest.mark.slow      # (a whole game at each of four tables: with the slow tests)
def test_a_table_with_one_human_seat_never_shows_a_cover():
    """A student alone against bots was asked to "pass the screen" to themselves before the
    first move, and again after each Undo: with one human seat no cover is shown, in any
    table, over a whole game of random clicks with Undo among them (moves are taken back in
    Bidder Up!, where a move and the space's action are the same seat's)."""
    import numpy as np

    from bluffkit.widget_check import driver_for
    from bluffkit.widgets import BlufferTable
    taken_back = 0
    for t in (TablePanel("horse-trading", players=3, humans=[1], names=NAMES, seed=0),
              BloffTable(players=3, humans=[0], names=NAMES, seed=0),
              BidderUpTable(players=3, humans=[2], names=NAMES, seed=0),
              BlufferTable(players=4, humans=[0], seed=0)):
        driver, rng = driver_for(t), np.random.default_rng(0)
        for _ in range(400):
            assert t.screen[0] in ("seat", "leader", "over"), f"{type(t).__name__}: {t.screen}"
            assert t.screen[0] != "seat" or t.cover.layout.display == "none"
            if t.session.over:
                break
            n = len(t.session.moves)
            if rng.random() < 0.1:
                driver.undo(t)
                taken_back += len(t.session.moves) < n
            else:
                driver.click(t, rng)
        assert t.session.over, f"{type(t).__name__}: the game did not end in 400 clicks"
    assert taken_back, "no move was taken back: Undo's redraw was not reached"


# -- 5. money large enough to read ------------------------------------------------------------

def _css_em(selector: str) -> float:
    m = re.search(re.escape(selector) + r" \{[^}]*?\bwidth: ([\d.]+)em", art.CSS)
    assert m, selector
    return float(m.group(1))


def test_a_drawn_notes_value_reads_from_the_back_of_the_room():
    """A note was drawn 3em (39 px in a widget's 13 px type) with its value at 15 of 70
    units: 8 px text; 46 px wide on the projector. The value must read at 14 px or more,
    larger on the projector, and a starting hand must still fit a seat at 1280 px."""
    svg = art.note_svg(50)
    view_width = float(re.search(r"viewBox='0 0 ([\d.]+) ", svg).group(1))
    value_size = max(float(x) for x in re.findall(r"font-size='([\d.]+)'[^>]*>50</text>", svg))
    page, projector = _css_em(".bk-note"), _css_em(".bk-projector .bk-note")
    text_px = value_size * page * WIDGET_PX / view_width
    projector_px = value_size * projector * PROJECTOR_PX / view_width
    assert text_px >= 14, f"a note's value is {text_px:.1f} px on the page"
    assert projector_px >= 20 and projector_px > text_px, f"{projector_px:.1f} px on the projector"
    start = 7                                            # Horse Trading's starting hand: 2 x 0, 4 x 10, 1 x 50
    assert start * (page * WIDGET_PX + 3) <= 1280 / 3, "three seats side by side at 1280 px"
    assert start * (projector * PROJECTOR_PX + 3) <= 0.58 * 1280, "a seat within the projector's view"
    assert re.search(r"\.bk-note \{[^}]*flex: none", art.CSS), "notes in a row do not shrink below their size"
    assert all(f">{v}</text>" in art.note_svg(v) for v in (0, 10, 500))


def test_the_seat_view_draws_the_larger_notes():
    t = bo_owes()
    html = t.view.value
    assert html.count("class='bk-note'") == sum(t.session.observe(1).hand)      # each drawn note
    assert f"font-size='{art.NOTE_VALUE_SIZE}'" in html


# -- 6. no rule ids on screen --------------------------------------------------------------------

def test_a_refused_undo_says_why_in_words_the_rule_id_only_in_the_tooltip():
    """Undo after Cy's script has answered Bo's bid: "…a move stands once another player
    has answered it [rule: undo-answered]" was on screen."""
    t = TablePanel("horse-trading", players=3, humans=[1], names=NAMES, seed=2,
                   bots=[["auction"], None, ["bid 20", "bid 50"]])
    t.show.click()
    t.amount.value = t.session.legal(1).bid[0]
    t.bid_button.click()
    moves = list(t.session.moves)
    t.undo_button.click()
    text = t.message.value
    assert "Cannot undo" in text and "has answered it" in text and t.session.moves == moves
    shown = re.sub(r"title='[^']*'", "", text)
    assert "[rule" not in shown and "undo-answered" not in shown, text
    assert "title='rule: undo-answered'" in text, "the rule id stays, for the teacher, in the tooltip"


def test_scores_show_under_the_title_row_not_below_the_table():
    """Scores used to be added below the whole table (some 900 px down at 1280 x 720), so a
    click on it seemed to do nothing; they come under the title row, above the table."""
    t = TablePanel("youre-bluffing", players=4, humans=[0, 1], names=["Ana", "Bo", "Cy", "Di"], seed=2)
    t.show.click()
    t.scores_button.value = True
    kids = list(t.children)
    assert "Scores now" in t.scores.value
    assert kids.index(t.scores) < kids.index(t.board) and kids.index(t.scores) < kids.index(t.cover)


def test_undo_is_closed_where_it_could_only_be_refused_and_says_why_on_hover():
    """Undo was offered before anyone had moved and right after a step that showed the table
    something (an animal turned up), where every click was refused, naming "step 11". Now
    it is closed there, its tooltip saying why in the game's words; open after a move of
    one's own that can be taken back."""
    t = BloffTable(players=4, humans=[0], names=["Anne", "Bjørn", "Carla", "David"], seed=1)
    t.show.click()
    assert t.undo_button.disabled
    assert t.undo_button.tooltip == ("Nothing to take back now: no player at the table has made a move "
                                     "to take back yet")
    t.card_toggles[0].value = True
    t.lay.click()                                    # Anne's claim, let go by the three bots since
    assert t.message.value == "" and t.undo_button.disabled
    assert t.undo_button.tooltip.startswith("Nothing to take back now: Bjørn has moved since")
    h = BloffTable(players=3, humans=[0, 1, 2], names=["Anne", "Bjørn", "Carla"], seed=1, undo="any")
    h.show.click()
    h.card_toggles[0].value = True
    h.lay.click()                                    # answered by nobody yet: the cover for Bjørn
    assert not h.undo_button.disabled and h.undo_button.tooltip == "take back the last move"  # (undo="any")
    h.undo_button.click()
    assert "Took back 1 move" in h.message.value
    y = TablePanel("youre-bluffing", players=3, humans=[0], names=["Ana", "Bo", "Cy"], seed=2)
    y.show.click()
    y.try_move("auction")                            # chance turns up an animal at once
    assert y.undo_button.disabled and "the table saw something that was hidden until then" in y.undo_button.tooltip
    assert "step " not in y.undo_button.tooltip


def test_a_seat_made_human_through_bots_counts_as_a_second_human():
    """``bots="human"`` seats people too: a table with humans=[0] and the other seats human
    through ``bots`` skipped its covers, and Undo opened Anne's hand in front of Bo."""
    t = BloffTable(players=3, humans=[0], bots="human", undo="any", names=NAMES, seed=1)
    assert list(t.session.kinds) == ["human"] * 3 and t.screen == ("cover", 0)
    t.show.click()
    t.card_toggles[0].value = True
    t.lay.click()
    assert t.screen == ("cover", 1)
    t.show.click()                                   # Bo at the screen
    t.undo_button.click()                            # takes back Anne's move: her turn, covered
    assert t.screen == ("cover", 0) and t.card_toggles == [] and t.hand.children == ()


def test_the_prompt_is_in_the_tab_order_and_no_control_is_focused_for_the_player(monkeypatch):
    """Tab reaches the seat's prompt (what it may do) before its moves: it is tabbable. No
    control is focused from the kernel, after a move or a cover: a focused Show would let
    the mover's second Enter lift the cover on the next player's screen while the mover
    still looks, and a focused move button would play on a second Enter."""
    import ipywidgets as W

    calls: list = []
    monkeypatch.setattr(W.DOMWidget, "focus", lambda self: calls.append(self))
    t = TablePanel("youre-bluffing", players=3, humans=[0, 1], names=NAMES, seed=3)
    assert t.legal_text.tabbable is True
    t.show.click()
    auction = next(b for row in t.controls.children for b in getattr(row, "children", ())
                   if isinstance(b, W.Button) and b.description == "Hold an auction")
    auction.click()
    assert t.screen == ("cover", 1)
    t.show.click()
    t.typed.value = "pass"
    assert calls == [], calls


def test_the_words_fit_the_game_and_the_seat():
    """Wording that was wrong on the screen: Bluffer's Save log spoke of "cards and notes"
    (it has answers and authors); the two-player prompt said "fool the others" (there is
    one); with undo="any" the Undo tooltip said "your last move" on another seat's screen;
    a Bløff refusal said "it is your turn" after the player's name."""
    from bluffkit.widgets import BloffTable, BlufferTable
    b = BlufferTable(players=2, humans=[0], names=["Anne", "Ben"], seed=2)
    assert "fool your opponent" in b.legal_text.value
    b.save_button.click()
    assert "everything the players keep hidden" in b.message.value and "cards" not in b.message.value
    t = TablePanel("youre-bluffing", players=3, humans=[0, 1, 2], names=NAMES, seed=3, undo="any")
    t.show.click()
    t.typed.value = "auction"
    t.show.click()
    t.typed.value = "bid 10"                                # Bo's bid; Cy's screen next
    t.show.click()
    assert t.screen == ("seat", 2) and not t.undo_button.disabled
    assert t.undo_button.tooltip == "take back the last move", "Cy's Undo takes back Bo's move, not 'your' move"
    f = BloffTable(players=3, humans=[0], names=["Anne", "Bjørn", "Carla"], seed=4)
    f.typed.value = "call"
    assert "Anne is to lay cards" in f.message.value and "your turn" not in f.message.value


def _ratio(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two colours #rrggbb."""
    def lum(h):
        c = [int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_words_on_coloured_faces_read_on_a_projected_screen():
    """A projector washes colours out: white on Okabe-Ito's vermillion (Pass, Bløff!, pawn 2)
    and green (pawn 4) read at 3.9:1 and 3.4:1, red suits on white at 3.9:1. Every face with
    words on it now reads at 4.5:1 or more (WCAG AA), and a disabled button is grey and
    dashed, not a paler copy of the open one (a pale blue Pay read like a 10 note)."""
    import re

    from bluffkit.games.bidder_up.svg_draw import PAWN_COLOURS
    from bluffkit.widgets import art
    assert all(_ratio(c, "#ffffff") >= 4.5 for c in PAWN_COLOURS), [round(_ratio(c, "#ffffff"), 2) for c in PAWN_COLOURS]
    assert _ratio(art.RED_SUIT, "#ffffff") >= 4.5
    stop = re.search(r"\.jupyter-button\.bk-stop \{background: (#\w+); color: #fff", art.CSS)
    go = re.search(r"\.jupyter-button\.bk-go \{background: (#\w+); color: #fff", art.CSS)
    assert stop and go and min(_ratio(stop[1], "#ffffff"), _ratio(go[1], "#ffffff")) >= 4.5
    off = re.search(r"\.jupyter-button:disabled[^{]*\{background: (#\w+); color: (#\w+);\s*border: [^;]*dashed", art.CSS)
    assert off and _ratio(off[2], off[1]) >= 4.5 and "opacity: 1" in art.CSS[off.start():off.start() + 200]
    assert _ratio(off[1], go[1]) >= 3, "a closed Pay looks unlike an open one"


def test_the_auctions_table_says_who_is_to_act_in_words_not_by_its_tint_alone():
    """The auction's players table tinted the rows of the seats to act (#fff4dc, 1.09:1 on
    white: gone on a projector) and said nothing; the row now says "to act" too."""
    import re

    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    from bluffkit.widgets.render_auction import all_seeing_html
    game = make_game("auction", format="classic")
    s = Session(game, ["random"] * 4, seed=1)
    s.advance(limit=2)
    rows = re.findall(r"<tr( class='bk-turn')?><td>(.*?)</td>", all_seeing_html(game, s.state, s.names))
    assert rows and all(("to act" in cell) == bool(tint) for tint, cell in rows), rows
    assert any(tint for tint, _ in rows)


def test_the_small_animal_cards_on_a_projector_keep_their_numbers_readable():
    """Other players' herds on the projector were cards 2em wide (44 px in 22 px type):
    a family's value at 9.6 px and Horse Trading's animal names at 7 px, and those numbers
    decide bids and scores. Measured from the style sheet and the card's drawing."""
    import re

    from bluffkit.widgets import art
    em = float(re.search(r"\.bk-projector \.bk-card\.bk-small \{width: ([\d.]+)em\}", art.CSS)[1])
    px = 22 * em / 64                                   # a unit of the 64-unit card, in pixels
    card = art.animal_card("7", 500, 6, "donkey", small=True)
    sizes = {text: float(size) for size, text in re.findall(r"font-size='(\d+)'[^>]*>([^<]+)</text>", card)}
    assert sizes["500"] * px >= 12 and sizes["7"] * px >= 14 and sizes["donkey"] * px >= 9, \
        {t: round(s * px, 1) for t, s in sizes.items()}
    # the name's band (capitals 0.75 of the size above its line, tails 0.22 below) lies
    # between the picture and the value's digits (0.72 above their line): no text collides
    assert art.NAME_Y - 0.75 * art.NAME_SIZE >= art.PICTURE_BOTTOM
    assert art.NAME_Y + 0.22 * art.NAME_SIZE <= art.VALUE_Y - 0.72 * art.VALUE_SIZE
    assert art.VALUE_Y <= 86, "the digits stand inside the card's border"
    assert f"y='{art.NAME_Y}'" in card and f"y='{art.VALUE_Y}'" in card and f"scale({art.PICTURE_SCALE})" in card


def test_undo_is_hidden_on_a_cover_under_the_rule_own():
    """On the cover for Bo, after Ana's move, Undo would be clicked by Bo's side of the
    screen, who may not take back Ana's move under the rule "own": it is not shown there.
    With ``undo="any"`` anyone may, and it stays."""
    for rule, shown in (("own", "none"), ("any", None)):
        t = TablePanel("youre-bluffing", players=3, humans=[0, 1], names=NAMES, seed=3, undo=rule)
        t.show.click()
        t.try_move("auction")
        assert t.screen == ("cover", 1) and t.undo_button.layout.display == shown, (rule, t.undo_button.layout.display)


def test_undo_is_hidden_on_the_cover_before_the_leaders_screen_under_the_rule_own():
    """Bluffer's "Leader's screen" brings a cover of its own, for the screen to be passed to
    the leader: as on every cover, under the rule "own" Undo is not offered there (the seat
    at the screen may not be the one who moved); with ``undo="any"`` it stays."""
    from bluffkit.widgets import BlufferTable
    for rule, shown in (("own", "none"), ("any", None)):
        b = BlufferTable(players=3, humans=[0, 1, 2], names=NAMES, seed=44, undo=rule)
        b.show.click()
        b.leader_button.click()
        assert b.screen[0] == "leader-cover" and b.undo_button.layout.display == shown, (rule, b.screen)


@pytest.mark.parametrize("lines, hint", [(1, False), (PROJECTOR_LOG_LINES, False), (PROJECTOR_LOG_LINES + 1, True),
                                         (EVENTS + 3, True)])
def test_the_projectors_box_says_to_scroll_only_when_it_must(lines, hint):
    """The box is PROJECTOR_LOG_LINES lines high: "scroll for older" is said once there are
    more lines than that (so they cannot all show), and not when they all fit; it holds the
    last EVENTS lines, newest first."""
    t = TablePanel("horse-trading", players=3, humans=[1], names=NAMES, seed=2)
    t.projector.value = True
    t.said = [f"Line {k}." for k in range(1, lines + 1)]
    t._draw_events()
    text = t.events.value
    assert ("scroll for older" in text) == hint, text
    shown = re.findall(r"Line \d+\.", text)
    assert shown == [f"Line {k}." for k in range(lines, max(0, lines - EVENTS), -1)], shown
