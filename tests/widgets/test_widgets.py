"""Headless tests of the panels: click, set values, and assert on the session and the
rendered text (no kernel, no browser)."""

import logging
import re

import numpy as np
import pytest

from bluffkit.agents.base import make_agent
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.core.money import fmt
from bluffkit.session import Session
from bluffkit.widgets import ReplayViewer, ScenarioPlayer, TablePanel
from bluffkit.widgets.render import seat_html


@pytest.fixture(autouse=True)
def handler_errors_fail(caplog):
    """ipywidgets swallows exceptions raised in click handlers (it logs them): fail on them."""
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.WARNING and "Exception" in r.getMessage()]
    assert not errors, f"a widget handler raised: {errors[0].getMessage()}"


# -- scenario player ---------------------------------------------------------------

def test_next_steps_through_the_horse_trading_auction():
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    assert p.step.value == 0 and "Press Next" in p.narration.value
    p.next.click()
    assert "Carla holds an auction" in p.narration.value
    for _ in range(8):
        p.next.click()
    assert p.step.value == 9
    assert "50 + 50 = 100" in p.narration.value
    assert "Ben pays 100" in p.expect.value                 # the rulebook's number, ticked
    assert "&#10003;" in p.expect.value and "&#10007;" not in p.expect.value
    p.next.click()                                            # past the end: stays at the end
    assert p.step.value == 9


def test_back_and_reset():
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    for _ in range(3):
        p.next.click()
    p.back.click()
    assert p.step.value == 2
    p.reset.click()
    assert p.step.value == 0
    p.back.click()
    assert p.step.value == 0


def ben(html: str) -> str:
    """Ben's seat in a drawn table."""
    return html.split("class='bk-name'>Ben", 1)[1].split("class='bk-seat", 1)[0]


def test_the_money_moves_on_the_table():
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    assert ben(p.table.value).count("a money card of 50") == 2 and "<b>= 100</b>" in ben(p.table.value)
    p.go(9)                                                   # all-seeing: Ben after paying, two 0s left
    assert ben(p.table.value).count("a money card of 0") == 2 and "<b>= 0</b>" in ben(p.table.value)


def test_a_seat_view_in_the_player_hides_the_others_notes():
    p = ScenarioPlayer("ht-auction-ben-pays-100", seat=0)     # Anna's view
    assert "Anna's view" in p.table.value
    assert "class='bk-note'" not in ben(p.table.value)              # Ben's notes are not drawn for Anna
    assert "4 money cards face down" in ben(p.table.value)    # only how many he holds (HT "money cards"), as backs


def test_choosing_another_example_loads_it():
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    p.choose.value = "yb-scoring-2460"
    assert p.step.value == 0 and p.step.max == 2
    p.go(2)
    assert "2460" in p.expect.value


# -- table panel ----------------------------------------------------------------------

def panel(**kw):
    kw.setdefault("names", ["Ana", "Bo", "Cy"])
    kw.setdefault("humans", [1])
    return TablePanel("horse-trading", players=3, seed=2, **kw)


def test_the_cover_hides_the_table_until_asked():
    t = panel(humans=[1, 2])                                  # two humans share the screen
    assert t.cover.layout.display is None and t.board.layout.display == "none"
    assert t.show.description == "Show Bo's view"
    t.show.click()
    assert t.cover.layout.display == "none" and t.board.layout.display is None
    assert "Bo's view" in t.view.value


def test_a_button_of_a_screen_drawn_over_plays_nothing_for_the_next_seat():
    """A quick bid kept from Bo's screen and clicked on Cy's must not bid for Cy."""
    t = TablePanel("horse-trading", players=3, humans=[0, 1, 2], names=["Ana", "Bo", "Cy"], seed=0)
    t.show.click()
    t.simple_box.children[0].click()                          # Ana holds an auction
    t.show.click()
    assert t.viewer == 1 and t.quick_box.children, "Bo may bid"
    old = t.quick_box.children[0]
    t.try_move("pass")
    t.show.click()
    assert t.viewer == 2 and t.quick_box.children, "then Cy may bid"
    moves = list(t.session.moves)
    for cb in old._click_handlers.callbacks:                  # (click() would log what it raises)
        cb(old)
    assert t.session.moves == moves


def test_a_legal_bid_is_played_and_the_bots_answer():
    t = panel()
    t.show.click()
    lowest = t.session.legal(1).bid[0]
    t.amount.value = lowest
    before = len(t.session.moves)
    t.bid_button.click()
    assert t.message.value == ""
    assert t.session.moves[before] == (1, t.game.parse(f"bid {lowest}"))
    assert f"Bo bids {lowest}." in t.events.value


def test_an_illegal_bid_shows_the_reason_and_changes_nothing():
    t = panel()
    t.show.click()
    states, moves = list(t.session.states), list(t.session.moves)
    t.amount.value = 5                                        # HT bids are multiples of 10, at least 10
    t.bid_button.click()
    assert "Bo can&#x27;t bid 5: the lowest bid now is 10" in t.message.value
    assert "title='rule: bid-too-low'" in t.message.value     # the rule id only in the tooltip
    assert t.session.states == states and t.session.moves == moves


def test_a_typed_move_out_of_turn_is_refused():
    t = panel()
    t.show.click()
    moves = list(t.session.moves)
    t.typed.value = "sell"                                    # only the leader sells, after the bidding
    t.typed_button.click()
    assert "Bo can&#x27;t sell" in t.message.value
    assert t.session.moves == moves


def test_one_human_seat_is_never_covered():
    """With one human seat there is no one to pass the screen to: the table opens on that
    seat's view, and stays on it after the bots' moves and a refused Undo (a move taken
    back: tests/widgets/test_classroom_screen.py)."""
    t = panel()
    assert t.screen == ("seat", 1) and t.cover.layout.display == "none" and "Bo's view" in t.view.value
    t.amount.value = t.session.legal(1).bid[0]
    t.bid_button.click()                          # the bots pass, Ana sells: Bo pays, on his own view
    assert t.session.moves[-1][0] == 0 and t.screen == ("seat", 1) and t.cover.layout.display == "none"
    t.undo_button.click()                         # refused (the sale showed the card): still his view
    assert "Cannot undo" in t.message.value and t.screen == ("seat", 1)


def test_one_human_seats_view_is_the_only_view_ever_sent():
    """With one human seat the view stays on that seat, and right after its move it is
    drawn again at once, before the bots play (:meth:`SeatPanel.show_own_move`). Every value
    the view is given goes to the browser, even one drawn over a moment later: a bot's view
    drawn there for an instant (the next mover's, say) would send that bot's notes. So
    every value the view ever holds, over some 60 moves of Horse Trading, is blank, Ana's
    own view as she sees it then, or the end of the game."""
    t = TablePanel("horse-trading", players=3, humans=[0], names=["Ana", "Bo", "Cy"], seed=2)
    sent = []
    t.view.observe(lambda ch: sent.append((ch["new"], t.session.over,
                                           None if t.session.over else t.seat_html(t.session.observe(0)))),
                   names="value")
    bot, rng = make_agent("random", t.game), np.random.default_rng(0)
    moves = 0
    while moves < 60 and not t.session.over:
        assert t.screen == ("seat", 0)
        obs = t.session.observe(0)
        t.try_move(str(bot.act(obs, obs.legal, rng)))
        moves += 1
    assert moves >= 40 and len(sent) > moves, (moves, len(sent))
    for value, over, own in sent:
        if value == "" or over:
            continue
        assert re.findall(r"<b>([^<]*)'s view</b>", value) == ["Ana"], re.findall(r"<b>([^<]*view)</b>", value)
        assert value == own, "the view sent is not drawn from Ana's own observation"


def test_clicking_before_uncovering_does_nothing():
    t = panel(humans=[1, 2])
    moves = list(t.session.moves)
    t.bid_button.click()
    assert "Uncover" in t.message.value and t.session.moves == moves


def test_undo_takes_back_the_human_move_until_another_player_answers_it():
    """Bo's bid can be taken back while nobody has answered it (at a teacher's table, from
    Cy's screen); once a bot has answered, it stands: the answer depends on what the bot
    holds, and taking the bid back would let Bo try bids and watch the answers."""
    t = panel(humans=[1, 2], bots=[["auction"], None, None], undo="any")
    t.show.click()
    n = len(t.session.moves)
    t.amount.value = t.session.legal(1).bid[0]
    t.bid_button.click()                        # Bo bids; Cy's turn (the cover)
    assert len(t.session.moves) == n + 1 and t.session.waiting_for == 2
    t.undo_button.click()
    assert len(t.session.moves) == n and t.session.waiting_for == 1
    assert "Took back 1 move." in t.message.value

    t = panel(bots=[["auction"], None, ["bid 20", "bid 50"]])
    t.show.click()
    t.amount.value = t.session.legal(1).bid[0]
    t.bid_button.click()                        # Bo bids; Cy's script bids higher: Bo's turn again
    moves = list(t.session.moves)
    assert moves[-1][0] == 2 and t.session.waiting_for == 1
    t.undo_button.click()
    assert "Cannot undo" in t.message.value and "has moved since" in t.message.value
    assert t.session.moves == moves


def test_undo_takes_the_move_off_what_happened():
    """A move taken back is gone from the game, so it goes from "What happened" too: the
    lines said are those before Bo's bid, and the bid is not among them."""
    t = panel(humans=[1, 2], bots=[["auction"], None, None], undo="any")
    t.show.click()
    said = list(t.said)
    t.amount.value = 30
    t.bid_button.click()                        # Bo bids; Cy's cover
    assert t.said == [*said, "Bo bids 30."]
    t.undo_button.click()
    assert t.said == said and "Bo bids 30." not in t.events.value

def test_undo_across_a_sale_is_refused_and_changes_nothing():
    t = panel()
    t.show.click()
    t.amount.value = t.session.legal(1).bid[0]
    t.bid_button.click()                        # the bots pass, Ana sells: Bo's payment is due
    moves = list(t.session.moves)
    assert any(t.session.shows(i) for i in range(len(moves)))
    t.undo_button.click()
    assert "cannot be taken back" in t.message.value and t.session.moves == moves


def finish(t, seat: int, seed: int = 0) -> None:
    """Play the panel's game to its end, random legal moves for the human ``seat``."""
    rng = np.random.default_rng(seed)
    s = t.session
    while not s.over:
        s.advance()
        if not s.over:
            s.play(s.legal(seat).sample(rng), seat)
    t.refresh()


def test_a_refused_bot_move_names_the_rule_but_not_the_bots_notes():
    """A scripted seat's refused trade: the engine's reason names the notes Anna holds,
    which Ben (at the screen) may not see; the panel names the seat and the rule only and
    keeps the whole error in ``bot_error``."""
    from bluffkit.agents.base import ScriptedAgent
    from bluffkit.core import scenario as sc
    from bluffkit.core.errors import IllegalAction
    start = sc.run(next(x for x in sc.list_scenarios() if x.name == "ht-trade-anna-40-richer")).states[0]
    t = panel(names=["Anna", "Ben", "Carla"], bots=["random", None, "random"])
    t.session.states, t.session.moves, t.session.says = [start], [], []
    t.session.agents[0] = ScriptedAgent(["trade 1 6 200+200"], parse=t.game.parse)
    t.viewer = None
    t.refresh()
    hand = fmt(start.money[0], t.game.rules.denominations)
    assert isinstance(t.bot_error, IllegalAction) and hand in str(t.bot_error)
    assert "Anna's script, move 1, was refused (rule: notes-not-held)" in t.message.value
    assert hand not in t.message.value and "holds 50" not in t.message.value
    assert t.screen == ("stuck", None) and t.session.states == [start]


def test_save_is_refused_while_the_game_lasts_and_writes_the_log_at_the_end(tmp_path):
    """A log holds every hand and face-down offer: the seat at the screen cannot write it
    (and open it in the replay viewer) mid-game; once the game is over it can."""
    t = panel()
    t.show.click()
    target = tmp_path / "g.jsonl"
    t.save_path.value = str(target)
    t.save_button.click()
    assert "once the game is over" in t.message.value and not target.exists()
    assert list(tmp_path.iterdir()) == []
    finish(t, 1)
    t.save_button.click()
    assert target.exists() and "Saved" in t.message.value
    assert Session.load(target).states[-1] == t.session.state


def test_save_asks_again_before_it_replaces_a_file(tmp_path):
    """The log file defaults to game.jsonl: the next game at the same panel's name would
    have replaced the last one's log. A file that exists is replaced on a second click
    only; the panel's own log is written again without asking."""
    t = panel()
    t.show.click()
    finish(t, 1)
    target = tmp_path / "g.jsonl"
    target.write_text("an earlier game\n", encoding="utf-8")
    t.save_path.value = str(target)
    t.save_button.click()
    assert "exists already" in t.message.value and "click Save log again" in t.message.value
    assert target.read_text(encoding="utf-8") == "an earlier game\n"
    t.save_button.click()
    assert "Saved" in t.message.value and Session.load(target).states[-1] == t.session.state
    t.save_button.click()
    assert "Saved" in t.message.value
    other = tmp_path / "other.jsonl"
    other.write_text("x\n", encoding="utf-8")
    t.save_path.value = str(other)
    t.save_button.click()
    assert "exists already" in t.message.value and other.read_text(encoding="utf-8") == "x\n"


def test_hot_seat_views_never_show_another_seats_notes():
    """Redeal everything a seat may not see: its view must not change (no leak)."""
    game = make_game("youre-bluffing")
    s = Session(game, ["random"] * 4, names=["A", "B", "C", "D"], seed=3)
    rng = np.random.default_rng(0)
    for _ in range(120):
        s.advance(limit=3)
        if s.over:
            break
        for seat in range(4):
            html = seat_html(game, game.observe(s.state, seat), s.names)
            for _ in range(2):
                other = game.hide_from(s.state, seat, rng)
                assert seat_html(game, game.observe(other, seat), s.names) == html, "a seat's view shows hidden notes"
    t = TablePanel("youre-bluffing", players=4, humans=[0, 2], names=list("ABCD"), seed=5)
    t.show.click()
    seat = t.viewer
    for _ in range(3):                                        # the panel draws the same from a redealt table
        other = game.hide_from(t.session.state, seat, rng)
        assert seat_html(game, game.observe(other, seat), t.session.names) == t.view.value


def test_the_cover_comes_back_when_the_human_seat_changes():
    t = TablePanel("youre-bluffing", players=4, humans=[0, 2], names=list("ABCD"), seed=5)
    seen = []
    for _ in range(60):
        if t.session.over:
            break
        if t.cover.layout.display is None:
            seen.append(t.session.waiting_for)
            t.show.click()
        legal = t.session.legal(t.viewer)
        if legal.bid:
            t.typed.value = "pass"
        elif legal.pay is not None:
            t.typed.value = "pay " + fmt(legal.payment_notes(t.game.rules.denominations)[0], t.game.rules.denominations)
        elif legal.simple:
            t.typed.value = str(legal.simple[0])
        else:
            t.typed.value = "counter none" if legal.notes_for.__name__ == "Counter" else "offer none"
        t.typed_button.click()
        assert t.message.value == "", t.message.value
    assert {0, 2} <= set(seen), "both humans were asked to take the screen"


# -- replay viewer --------------------------------------------------------------------

def test_replay_scrubs_a_saved_game(tmp_path):
    s = Session(make_game("horse-trading"), ["random"] * 3, names=["A", "B", "C"], seed=4).run()
    path = s.save(tmp_path / "g.jsonl")
    r = ReplayViewer(path)
    assert r.error.value == "" and r.step.max == len(s.moves)
    r.step.value = 5
    assert "&#9654; 5." in r.events.value                      # the current step is marked
    r.viewer.value = 1
    assert "B's view" in r.table.value
    r.step.value = r.step.max
    assert "The game is over" in r.table.value


def test_a_long_log_says_how_far_its_reading_is_and_narrates_only_the_steps_shown(tmp_path, monkeypatch):
    """A Bløff log of 17,287 steps opened after 22 s with nothing on screen: 11 s to check
    it, 11 more to write the words of every step. The reading now says how far it is, and a
    step's words are written when it is shown (the list shows some fifteen)."""
    from bluffkit.widgets import replay
    s = Session(make_game("bloff"), ["random"] * 4, names=["A", "B", "C", "D"], seed=3).run()
    path = s.save(tmp_path / "g.jsonl")
    monkeypatch.setattr(replay, "READING_EVERY", 0.0)
    said, narrated = [], []
    real = s.game.narrate
    monkeypatch.setattr(type(s.game), "narrate", lambda self, *a: narrated.append(1) or real(*a))
    r = ReplayViewer()
    r.error.observe(lambda ch: said.append(ch["new"]), names="value")
    assert r.load(path)
    steps = len(s.moves)
    assert steps > 40, "a game long enough to tell the steps shown from all of them"
    assert any(f"step 1 of {steps:,}" in x for x in said) and any(f"step {steps:,} of {steps:,}" in x for x in said), said[:3]
    assert r.error.value == "", "the reading's words are gone once the game is shown"
    assert 0 < len(narrated) <= 20, f"{len(narrated)} steps narrated to show the first"
    r.step.value = steps
    assert f"&#9654; {steps}." in r.events.value and len(narrated) <= 40


def test_replay_refuses_a_bad_log_with_the_reason(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "something else"}\n')
    r = ReplayViewer()
    assert r.load(bad) is False
    assert "line 1" in r.error.value and "not a bluffkit log" in r.error.value


def test_replay_keeps_the_refusal_as_an_error_for_code(tmp_path):
    """A script (the replay notebook's tampered log) dug the reason out of the panel's HTML
    ("Cannot replay: ...</div>"): ``refused`` holds the error itself, a LogError with its
    line and reason, and goes back to None once a game is shown."""
    from bluffkit.core.errors import BluffkitError, LogError
    s = Session(make_game("horse-trading"), ["random"] * 3, names=["A", "B", "C"], seed=4).run()
    good = s.save(tmp_path / "good.jsonl")
    lines = good.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace('"digest":"', '"digest":"0')
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = ReplayViewer()
    assert r.refused is None
    assert r.load(edited) is False
    assert isinstance(r.refused, LogError) and r.refused.line == 4 and r.refused.path == str(edited), r.refused
    assert r.refused.reason in r.error.value
    assert r.load(good) is True and r.refused is None
    assert r.load("") is False and isinstance(r.refused, BluffkitError) and "no file named" in str(r.refused)
    half = Session(make_game("horse-trading"), ["random"] * 3, seed=4)
    half.advance(limit=5)
    assert r.load(half) is False and "not finished" in str(r.refused) and str(r.refused) in r.error.value


def test_a_refused_open_leaves_the_game_shown_at_its_step_and_view(tmp_path):
    """A mistyped log path must cost nothing: the reason is said, and the game shown stays
    at the step and in the seat's view the reader had chosen."""
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json at all\n")
    s = Session(make_game("horse-trading"), ["random"] * 3, names=["A", "B", "C"], seed=4).run()
    r = ReplayViewer(s)
    r.step.value = 5
    r.viewer.value = 1
    before = (r.step.value, r.viewer.value, r.table.value, r.events.value)
    r.path.value = str(bad)
    r.open_button.click()
    assert "Cannot replay" in r.error.value and "line 1" in r.error.value, r.error.value
    assert (r.step.value, r.viewer.value, r.table.value, r.events.value) == before, "what was shown stays"


def test_a_replay_of_a_live_session_keeps_the_steps_it_was_opened_with():
    """A session shown mid-game plays on: the replay must keep the states it had, so its
    last step is still one it can draw, in every view."""
    s = Session(make_game("horse-trading"), ["random"] * 3, names=["A", "B", "C"], seed=5)
    s.advance(limit=8)
    r = ReplayViewer(s, unfinished=True)
    shown = r.step.max
    s.advance(limit=10)
    assert len(s.moves) > shown, "the session played on"
    r.step.value = r.step.max
    for seat in (1, -1):
        r.viewer.value = seat
    assert r.step.max == shown and len(r.states) == r.step.max + 1 == len(r.moves) + 1


@pytest.mark.parametrize("game, agents", [("bloff", ["caller"] * 3), ("horse-trading", ["random"] * 3)])
def test_replay_refuses_an_unfinished_game_unless_asked(tmp_path, game, agents):
    """A log saved to take a game up again holds every hand and the seed: typed into the Log
    file box it is refused (as Save log waits for the end), and what was shown stays."""
    s = Session(make_game(game), agents, names=["Ann", "Bo", "Cy"], seed=5)
    s.advance(limit=12)
    assert not s.over and len(s.moves) == 12
    path = s.save(tmp_path / "half.jsonl")
    finished = Session(make_game("horse-trading"), ["random"] * 3, names=["A", "B", "C"], seed=4).run()
    r = ReplayViewer(finished)
    before = (r.table.value, r.viewer.options, r.step.max)
    r.path.value = str(path)
    r.open_button.click()
    assert "Not shown: this game is not finished" in r.error.value and "unfinished=True" in r.error.value
    assert (r.table.value, r.viewer.options, r.step.max) == before, "what was shown stays"
    assert r.path.value == str(path) and r.states is not None
    assert ReplayViewer(path).states is None and ReplayViewer(s).states is None
    shown = ReplayViewer(path, unfinished=True)
    assert shown.error.value == "" and shown.step.max == len(s.moves) == 12


# -- chart panels ---------------------------------------------------------------------

@pytest.mark.slow
def test_scoring_explorer_follows_the_rulebook_example():
    from bluffkit.widgets import ScoringExplorer
    e = ScoringExplorer("youre-bluffing", held=("pig", "dog"))
    assert "1620" in e.summary.value                           # (650 + 160) x 2
    row = e.frame.set_index("animal").loc["rooster"]
    assert int(row["marginal"]) == 2460 - 1620                 # the rulebook's 2460 with the roosters
    assert type(e.marginal).__name__ == "JupyterChart"                 # interactive, drawn offline
    assert e.marginal.chart.to_dict()["mark"]["type"] == "bar"
    e.game_choice.value = "horse-trading"
    assert e.held.options[0] == ("A (rooster, 10)", "A") and e.held.value == ()


def test_the_scoring_explorer_says_how_to_hold_several_families():
    """A plain click in the "You hold" list replaces what was chosen: a student who clicked
    a third family lost the first two. Lesson 01 has the class "click pig, then ctrl-click
    dog"; the panel says so too."""
    from bluffkit.widgets import ScoringExplorer
    words = " ".join(w.value for w in ScoringExplorer("youre-bluffing").children if hasattr(w, "value")
                     and isinstance(w.value, str))
    assert "Ctrl-click" in words, words


def test_the_scoring_explorer_has_the_panels_projector_switch():
    """Lesson 01 projects the scoring explorer, which had no Projector switch: its list and
    its summary stayed in the notebook's 13 px type, the notes around it on screen. It has
    the game panels' switch, beside Rules: their large type (the panel's ``bk-projector``
    class, with their style sheet) and the notebook showing the panel alone."""
    import ipywidgets as W

    from bluffkit.widgets import ScoringExplorer
    e = ScoringExplorer("youre-bluffing", held=("pig", "dog"))
    assert isinstance(e.projector, W.ToggleButton)
    assert (e.projector.description, e.projector.icon, e.projector.value) == ("Projector", "desktop", False)
    top = [w for w in e.children if isinstance(w, W.HBox) and e.game_choice in w.children]
    assert top and e.projector in top[0].children, "the switch is in the top row, beside Rules"
    assert "bk-panel" in e._dom_classes and "bk-projector" not in e._dom_classes
    sheets = " ".join(w.value for w in e.children if isinstance(w, W.HTML) and "<style>" in w.value)
    assert ".bk-panel.bk-projector {" in sheets, "the panels' projector style sheet comes with the explorer"
    e.projector.value = True
    assert "bk-projector" in e._dom_classes
    e.held.value = ("pig",)                          # the explorer works the same on the projector
    assert "adds the most" in e.summary.value and "bk-projector" in e._dom_classes
    e.projector.value = False
    assert "bk-projector" not in e._dom_classes


def test_the_scoring_explorer_takes_families_by_label_or_animal_and_refuses_others_in_words():
    """The notebook's held=("pig", "dog") with Horse Trading (cards labelled A, 2 ... 10)
    raised traitlets' "Invalid selection: value not found"; a game without families an
    AttributeError."""
    from bluffkit.widgets import ScoringExplorer
    assert ScoringExplorer("horse-trading", held=("pig", "dog", "8")).held.value == ("8", "4")
    assert ScoringExplorer("youre-bluffing", held="pig").held.value == ("pig",)
    for game, held, said in [("youre-bluffing", ("Pig",), "held: 'Pig' is not a family of youre-bluffing; "
                                                           "the families are rooster, goose"),
                             ("horse-trading", [0], "held: 0 is not a family of horse-trading; the families are "
                                                    "A (rooster), 2 (goose)"),
                             ("youre-bluffing", None, "held: the families held, as a list of names, got None"),
                             ("youre-bluffing", 5, "held: the families held, as a list of names, got 5"),
                             ("bloff", (), "the scoring explorer is for You're Bluffing! and Horse Trading")]:
        with pytest.raises(RulesError, match=re.escape(said)):
            ScoringExplorer(game, held=held)


@pytest.mark.slow
def test_game_charts_draw_a_game_and_a_log(tmp_path):
    from bluffkit.widgets import GameCharts
    s = Session(make_game("horse-trading"), ["heuristic", "random", "random"], names=["A", "B", "C"], seed=1).run()
    g = GameCharts(s)
    assert len(g.auctions) == 40 and all(type(c).__name__ == "JupyterChart" for c in g.children)
    path = s.save(tmp_path / "g.jsonl")
    assert GameCharts(path).auctions.equals(g.auctions)


def test_an_old_log_is_shown_with_what_its_replay_did_not_check(tmp_path):
    """A format-1 log's digests are not compared: ``bluffkit replay`` said so, the viewer
    and the charts showed the game with no word of it."""
    from pathlib import Path

    from bluffkit.widgets import GameCharts
    old = Path(__file__).resolve().parents[1] / "logs" / "horse-trading-short.jsonl"
    said = "Note: log format 1, written by bluffkit 0.1.0: moves replayed and checked; format-1 digests not compared."
    r = ReplayViewer(old)
    assert said in r.error.value and r.step.max > 0
    g = GameCharts(old)
    assert g.note and said in g.children[0].value
    s = Session(make_game("horse-trading"), ["random"] * 3, names=["A", "B", "C"], seed=4).run()
    path = s.save(tmp_path / "g.jsonl")
    assert ReplayViewer(path).error.value == "" and GameCharts(path).note == ""
    r.load(path)
    assert r.error.value == "", "the note goes with the old log"


def test_a_panel_made_without_a_seed_deals_a_new_game_each_time():
    """With a fixed default seed every run dealt the same notes, so a student who had run
    the notebook before knew the bots' hands. The seed drawn is kept, and shown once the
    game is over."""
    from bluffkit.widgets import BidderUpTable, BloffTable, BlufferTable
    for make in (lambda: TablePanel("horse-trading", players=3, humans=[1]),
                 lambda: BloffTable(players=3, humans=[0]),
                 lambda: BlufferTable(players=3, humans=[0]),
                 lambda: BidderUpTable(players=2, humans=[0])):
        a, b = make(), make()
        assert a.session.seed != b.session.seed
        assert str(a.session.seed) not in repr(a) and repr(a).endswith(", seed shown when the game is over)")
    again = TablePanel("horse-trading", players=3, humans=[1], seed=a.session.seed)
    assert again.session.seed == a.session.seed


def test_an_auction_lab_made_without_a_seed_draws_new_values_each_time():
    """Its seed was 0 by default: every class, and every student at home, saw the same values."""
    from bluffkit.widgets import AuctionLab
    a, b = AuctionLab(human=1), AuctionLab(human=1)
    assert a.seed != b.seed and list(a.vals) != list(b.vals)
    assert str(a.seed) not in repr(a)
    assert list(AuctionLab(human=1, seed=7).vals) == list(AuctionLab(human=1, seed=7).vals), "a seed given repeats"
    from bluffkit.core.seeding import MAX_SEED
    top = AuctionLab(seed=MAX_SEED)                      # each auction takes the next seed: past the top, 0
    top.new_auction()
    assert top.seed == 1


def test_a_panels_text_output_keeps_its_seed_until_the_game_is_over():
    """The repr (the cell's text output, kept in the notebook and shown where the widget is
    not drawn) said the seed of a live game, and from it anyone could deal every hand again
    and foresee every draw (a Horse Trading animal before the leader chose to auction)."""
    from bluffkit.widgets import BidderUpTable, BloffTable, BlufferTable
    for make in (lambda: TablePanel("horse-trading", players=3, humans=[0]),
                 lambda: BloffTable(players=3, humans=[0]),
                 lambda: BlufferTable(players=3, humans=[0]),
                 lambda: BidderUpTable(players=2, humans=[0])):
        panel = make()
        seed = panel.session.seed
        shown = [repr(panel), panel._repr_mimebundle_().get("text/plain", "")]
        assert all(str(seed) not in text for text in shown), shown
        s, rng = panel.session, np.random.default_rng(0)
        while not s.over:                        # the human seat plays at random to the end
            s.advance()
            if not s.over:
                s.play(s.legal(s.waiting_for).sample(rng), s.waiting_for)
        assert f"seed {seed}, " in repr(panel)


def test_panel_constructors_refuse_odd_arguments_in_words():
    """variants=None said "'NoneType' object is not iterable"; AuctionLab(fmt=["first"])
    "unhashable type: 'list'"; ReplayViewer(5) pathlib's TypeError; spot=True was a spot of 1."""
    from bluffkit.core.errors import BluffkitError
    from bluffkit.widgets import AuctionLab, BidderUpTable, BlufferTable
    for make, said in [(lambda: TablePanel("horse-trading", variants=None), "variants must be a list of variant names"),
                       (lambda: BidderUpTable(variants=None), "variants must be a list of variant names"),
                       (lambda: AuctionLab(fmt=["first"]), r"unknown auction format \['first'\]; the formats are"),
                       (lambda: ReplayViewer(5), "ReplayViewer shows a log file .its path. or a Session, got 5"),
                       (lambda: BlufferTable(spot=True), "spot: a spot rate is a probability from 0 to 1 or None, got True")]:
        with pytest.raises(BluffkitError, match=said):
            make()


def test_panel_odd_failures_are_said_and_leave_no_stale_screen(tmp_path):
    """From an attack on the panels: an agent object raising a plain exception escaped the
    click (the controls stayed those of the last screen); a Save name with a NUL raised;
    going back to its own log after asking about another file asked again; a table stuck
    on a failed script still said a seat was on screen; the Bluffer leader's Hide button
    stayed on the cover when Leader's screen was pressed on the leader's screen."""
    from bluffkit.widgets import BlufferTable

    class Boom:
        name = "boom"

        def act(self, obs, legal, rng):
            raise ValueError(f"my hand is {obs.hand}")
    t = TablePanel("horse-trading", players=3, humans=[0], bots=["heuristic", Boom(), "heuristic"],
                   names=["Ana", "Bo", "Cy"], seed=3)
    t.show.click()
    t.simple_box.children[0].click()                    # Hold an auction: then Bo must bid, and raises
    assert "Bo's agent raised ValueError" in t.message.value and "my hand" not in t.message.value
    assert isinstance(t.bot_error.__cause__, ValueError) and t.screen == ("stuck", None)
    t.typed.value = "pass"
    t.typed_button.click()
    assert "Bo's agent raised ValueError" in t.message.value and len(t.session.moves) == 2   # kept: why it is stuck

    done = TablePanel("horse-trading", players=3, humans=[], seed=1)      # all bots: over at once
    first, other = tmp_path / "first.jsonl", tmp_path / "other.jsonl"
    done.save_path.value = str(first)
    done.save_button.click()
    done.save_path.value = "bad\x00name.jsonl"
    done.save_button.click()
    assert "Could not save" in done.message.value
    other.write_text("x\n", encoding="utf-8")
    done.save_path.value = str(other)
    done.save_button.click()
    assert "exists already" in done.message.value
    done.save_path.value = str(first)
    done.save_button.click()
    assert "Saved" in done.message.value and other.read_text(encoding="utf-8") == "x\n"

    b = BlufferTable(players=4, humans=[0, 1, 2, 3], names=["Ana", "Bo", "Cy", "Di"], seed=44)
    b.show.click()
    b.leader_button.click()
    b.show.click()
    b.leader_button.click()
    assert b.screen[0] == "leader-cover" and b.hide_leader.layout.display == "none"


def test_a_bid_above_ones_money_is_asked_about_once():
    """A bid box set to 10**12 was played without a word, and Bo then had to show all his
    money, which Undo cannot take back. The first click now says what follows; a second
    click on the same bid plays it (bidding more than one holds is a legal bluff)."""
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    moves = len(t.session.moves)
    t.amount.value = 1000                              # (within all the money in the game: 2,820)
    t.bid_button.click()
    assert "Click Bid again" in t.message.value and len(t.session.moves) == moves
    t.bid_button.click()
    assert len(t.session.moves) > moves and "Bo bids 1,000." in t.session.says


def test_a_double_click_does_not_answer_the_question_about_a_bid_above_ones_money(monkeypatch):
    """The first click of a double click on Bid asked ("Click Bid again ..."), and the second,
    80 ms later, answered a question Bo never saw: he bid beyond his money, which can force
    him to show it all. A click sent before the question could be read is dropped; one sent
    later answers it, in the table and in the auction moves alike."""
    from bluffkit.widgets import seat_panel
    sent = [1000.0]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    moves = len(t.session.moves)
    t.amount.value = 1000
    t.bid_button.click()
    assert "Click Bid again" in t.message.value and len(t.session.moves) == moves
    sent[0] += 0.08                                   # the double click's second click
    t.bid_button.click()
    assert len(t.session.moves) == moves and "Click Bid again" in t.message.value
    sent[0] += 5.0                                    # read, then clicked again: played
    t.bid_button.click()
    assert "Bo bids 1,000." in t.session.says
    from bluffkit.widgets import AuctionLab
    lab = AuctionLab(fmt="classic", bidders=3, human=2, seed=5)
    controls = lab.controls
    controls.amount.value = 5_000                # past the bidder's 1,600, within the table's 6,400
    before = len(lab.session.moves)
    controls.bid_button.click()
    assert len(lab.session.moves) == before and "bk-refusal" in lab.refusal.value
    sent[0] += 0.08
    controls.bid_button.click()
    assert len(lab.session.moves) == before, "the lab's second click of a double click answered the question"
    sent[0] += 5.0
    controls.bid_button.click()
    assert len(lab.session.moves) > before


def test_a_double_click_plays_one_move_though_the_new_screen_offers_the_same_button(monkeypatch):
    """A person's double click on Pass (clicks some 150 ms apart) passed twice: the kernel
    had played the first pass and drawn the next call's Pass button within 20 ms, and the
    second click landed on it (in Chromium: "Bo passes. Cy passes ... call 2 of 2. Bo
    passes."); on Bid it bid again above the bot's answer. A click on the same button, or
    one drawn alike, sent within ``ClickClock.DOUBLE`` of a click that played a move is a
    double click's; one sent later is played, and so is a quick click elsewhere."""
    from bluffkit.widgets import seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()

    def press(word: str, when: float) -> None:
        sent[0] = when
        [b for b in t.simple_box.children if b.description == word][0].click()
    passes = lambda: t.session.says.count("Bo passes.")     # noqa: E731
    press("Pass", 100.0)
    assert passes() == 1 and t.seat_now() == 1 and "(call 2 of 2)" in t.session.says[-1]
    press("Pass", 100.15)                             # the double click's second click, on the new Pass
    assert passes() == 1 and t.message.value == "", t.session.says[-3:]
    press("Pass", 100.0 + seat_panel.ClickClock.DOUBLE + 0.1)   # a click of its own, on the new call
    assert passes() == 2 and "takes it for free" in t.session.says[-1]
    b = TablePanel("youre-bluffing", players=3, humans=[1], names=["Ana", "Bo", "Cy"], bots="random", seed=5)
    b.show.click()
    bids = lambda: sum(x.startswith("Bo bids") for x in b.session.says)     # noqa: E731
    sent[0] = 200.0
    b.amount.value = b.session.legal(1).bid[0]
    b.bid_button.click()
    assert bids() == 1 and b.seat_now() == 1, b.session.says[-3:]
    sent[0] = 200.15
    b.bid_button.click()                              # the double click's second click: no second bid
    assert bids() == 1, b.session.says[-3:]
    sent[0] = 200.2                                   # a quick click on another button: played
    [x for x in b.simple_box.children if x.description == "Pass"][0].click()
    assert any(x.startswith("Bo passes.") for x in b.session.says), b.session.says


def test_the_first_click_after_the_screen_is_handed_over_is_the_new_players(monkeypatch):
    """At a shared screen one player passes, the next uncovers the table and passes too:
    the second Pass is another player's click on another screen, however soon it comes."""
    from bluffkit.widgets import seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = TablePanel("youre-bluffing", players=3, humans=[0, 1, 2], names=["Ana", "Bo", "Cy"], seed=1)
    t.show.click()
    sent[0] = 100.0
    t.click_action(t.game.parse("auction"))
    t.show.click()
    assert t.viewer == 1, t.viewer

    def press(word: str, when: float) -> None:
        sent[0] = when
        [b for b in t.simple_box.children if b.description == word][0].click()
    press("Pass", 101.0)
    assert t.viewer is None and t.seat_now() == 2, t.session.says[-2:]
    sent[0] = 101.05
    t.show.click()                                   # Cy takes the screen
    press("Pass", 101.1)
    assert any(x.startswith("Cy passes.") for x in t.session.says), t.session.says[-3:]


def test_a_late_click_on_bid_in_its_hidden_box_is_not_refused_in_red(monkeypatch):
    """The Bid button sits in the bid box, which a move hides (the button itself stays
    shown): a click the browser sent before it hid the box bid the amount reset to 0, and
    the screen said in red "Bo can't bid 0: ... it is Bo's turn to choose notes to pay"."""
    from bluffkit.widgets import seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    for when in (100.0, 101.0):
        sent[0] = when
        t.click_action(t.game.parse("pass"))
    assert t.seat_now() == 1 and t.bid_box.layout.display == "none" and t.bid_button.layout.display != "none"
    moves = len(t.session.moves)
    sent[0] = 102.0
    t.bid_button.click()
    assert len(t.session.moves) == moves and t.message.value == ""
    sent[0] = None                                    # a click from code is still refused in words
    t.bid_button.click()
    assert "can&#x27;t bid" in t.message.value


def test_a_bid_within_ones_money_is_played_at_once():
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    moves = len(t.session.moves)
    t.amount.value = t.session.legal(1).bid[0]
    t.bid_button.click()
    assert len(t.session.moves) > moves and "Click Bid again" not in t.message.value


def test_save_asks_again_for_another_file_after_saving_its_own():
    """Asked about other.jsonl, then saved to its own file, Save replaced other.jsonl at
    the next click without asking: the consent was kept past the save."""
    done = TablePanel("horse-trading", players=3, humans=[], seed=1)
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        first, other = Path(d) / "first.jsonl", Path(d) / "other.jsonl"
        other.write_text("x\n", encoding="utf-8")
        for path in (first, other, first, other):
            done.save_path.value = str(path)
            done.save_button.click()
        assert "exists already" in done.message.value and other.read_text(encoding="utf-8") == "x\n"


def test_a_quick_bid_asked_about_is_the_bid_that_bid_then_plays():
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    quick = t.quick_box.children[-1]
    amount = int(quick.description.split()[-1])
    held = t.session.observe(1).hand_total
    if amount <= held:                               # make the last quick bid one above the money
        t.amount.value = held + 10
        t.bid_button.click()
        amount = held + 10
        assert "Click Bid again" in t.message.value
    else:
        quick.click()                                # the words name the button clicked
        assert f"Click \u201c{quick.description}\u201d again" in t.message.value, t.message.value
    assert t.amount.value == amount
    t.bid_button.click()
    assert f"Bo bids {amount}." in t.session.says


def test_a_failure_outside_the_agent_is_not_blamed_on_it():
    """The panels caught every exception of Session.advance as an agent's; only what an
    agent object's act raises is (as AgentError); a bluffkit bug is not hidden."""
    from bluffkit.session import AgentError

    class Boom:
        name = "boom"

        def act(self, obs, legal, rng):
            raise ValueError("mine")
    s = Session(make_game("horse-trading"), ["human", Boom(), "random"], seed=3)
    s.play("auction", 0)
    with pytest.raises(AgentError) as err:
        s.advance()
    assert isinstance(err.value.__cause__, ValueError) and err.value.seat == 1
    t = TablePanel("horse-trading", players=3, humans=[0], seed=3)
    t.session.chance = lambda *a: (_ for _ in ()).throw(KeyError("a bluffkit bug"))
    t.show.click()
    t.simple_box.children[0].click()                 # ipywidgets logs what a click handler raises
    assert t.bot_error is None and "agent" not in t.message.value


def test_click_action_plays_a_bid_above_the_money_as_a_person_confirms_it():
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    amount = t.session.observe(1).hand_total + 10
    assert t.click_action(t.game.parse(f"bid {amount}"))
    assert f"Bo bids {amount}." in t.session.says


def test_a_quick_bid_over_the_money_names_the_quick_bid_to_click_again():
    """The warning said "Click Bid again" after a click on a quick bid, a button the player
    had not pressed; it names the button clicked, whose second click plays the bid."""
    t = TablePanel("youre-bluffing", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=1)
    t.show.click()
    held = t.session.observe(1).hand_total
    over = [b for b in t.quick_box.children if int(b.description.split()[-1]) > held]
    assert over, "a quick bid above the starting money"
    quick = over[0]
    moves = len(t.session.moves)
    quick.click()
    assert f"Click \u201c{quick.description}\u201d again to bid it anyway" in t.message.value, t.message.value
    assert len(t.session.moves) == moves
    quick.click()
    assert f"Bo bids {quick.description.split()[-1]}." in t.session.says


def test_a_click_sent_with_a_move_typed_is_not_played_on_the_screen_that_move_drew(monkeypatch):
    """Typing "bid 10" in the Move box and clicking Bid sends the box's value, then the click;
    the typed bid was played, the bots answered, the amount box was reset to the new lowest
    bid, and the click then bid that for Bo (60) on a screen he never saw."""
    from bluffkit.widgets import seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = TablePanel("horse-trading", players=4, humans=[1], names=["Ana", "Bo", "Cy", "Di"], bots="random", seed=2)
    t.show.click()
    sent[0] = 100.0
    t.typed.value = "bid 10"                        # the box left by the click ...
    moves = len(t.session.moves)
    assert "Bo bids 10." in t.session.says
    sent[0] = 100.001
    t.bid_button.click()                            # ... on Bid, sent with it
    assert len(t.session.moves) == moves, t.session.says[-3:]


def test_a_question_holds_up_only_its_answer_and_save_asks_before_replacing(monkeypatch, tmp_path):
    """The 0.4 s a question is given to be read held up every click on the panel (Pass too);
    it holds up only the click that answers it. Save's "click Save log again to replace it" is
    not answered by a double click either."""
    from bluffkit.widgets import seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    moves = len(t.session.moves)
    sent[0] = 1000.0
    t.amount.value = 1000
    t.bid_button.click()                            # asks
    assert "Click Bid again" in t.message.value and len(t.session.moves) == moves
    sent[0] = 1000.3
    t.click_action(t.game.parse("pass"))             # not the answer: played at once
    assert t.session.moves[moves] == (1, t.game.parse("pass"))
    over = TablePanel("horse-trading", players=3, humans=[], names=["Ana", "Bo", "Cy"], seed=2)
    assert over.session.over
    other = tmp_path / "other.jsonl"
    other.write_text("another game's log")
    over.save_path.value = str(other)
    sent[0] = 2000.0
    over.save_button.click()                        # asks
    assert "click Save log again" in over.message.value
    sent[0] = 2000.08
    over.save_button.click()                        # the double click's second click
    assert other.read_text() == "another game's log"
    sent[0] = 2005.0
    over.save_button.click()                        # read, then clicked again
    assert other.read_text() != "another game's log" and "Saved the log" in over.message.value


def test_game_charts_refuse_a_game_still_in_play(tmp_path):
    """The charts show every player's money and the face-down offers: a game not over is
    refused (from a session and from its log) and nothing is drawn, unless asked for."""
    from bluffkit.widgets import GameCharts
    s = Session(make_game("youre-bluffing"), ["random", "random", "random"], names=["A", "B", "C"], seed=1)
    s.advance(30)
    assert not s.over
    path = s.save(tmp_path / "live.jsonl")
    for source in (s, path):
        with pytest.raises(RulesError, match="not finished.*unfinished=True"):
            GameCharts(source)
    assert len(GameCharts(s, unfinished=True).money) > 0
    with pytest.raises(TypeError, match="unfinished must be True or False"):
        GameCharts(s, unfinished="yes")


def test_a_move_typed_after_the_end_says_the_game_is_over():
    """Only code can type a move once the game is over (the move box is hidden then): it is
    told the game is over, not to uncover the table, and nothing is played."""
    import numpy as np

    from bluffkit.widget_check import driver_for
    from bluffkit.widgets import BloffTable, BlufferTable
    for panel in (BloffTable(players=3, humans=[0], seed=3), BlufferTable(players=3, humans=[0], seed=3)):
        drive, rng = driver_for(panel), np.random.default_rng(0)
        for _ in range(3000):
            if panel.session.over or not drive.click(panel, rng):
                break
        assert panel.session.over, type(panel).__name__
        moves = len(panel.session.moves)
        panel.try_move("pass")
        assert "The game is over" in panel.message.value and "Uncover" not in panel.message.value
        assert len(panel.session.moves) == moves
        # Undo, greyed out, says so in a few words (it quoted the whole last line of narration)
        assert panel.undo_button.disabled and panel.undo_button.tooltip == "The game is over: nothing to take back"


def test_a_closed_panels_buttons_still_play_from_code():
    """A closed panel's Python object still plays if code calls it (docs/panels.md): a click
    from code on its Pass button read the button's model id, which a closed widget has
    not, and the move was lost in a logged AttributeError."""
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    button = [b for b in t.simple_box.children if b.description == "Pass"][0]
    t.close()
    assert button.comm is None
    button.click()
    assert "Bo passes." in t.session.says


def test_a_double_click_on_a_row_drawn_anew_plays_one_move(monkeypatch):
    """The quick bids and the simple moves are new buttons with new words at each move: a
    double click on "Bid 10" bid 10 and then, on the "+10 → bid 30" drawn in its place after
    the bot's 20, bid 30; "Hold an auction" then "Pass" likewise. A button drawn where
    another was just clicked is in the same place of its row."""
    from bluffkit.widgets import seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = TablePanel("youre-bluffing", players=3, humans=[1], names=["Ana", "Bo", "Cy"], bots="random", seed=2)
    t.show.click()
    sent[0] = 200.0
    t.quick_box.children[0].click()
    bids = [x for x in t.session.says if x.startswith("Bo bids")]
    assert len(bids) == 1 and t.seat_now() == 1 and t.quick_box.children, t.session.says[-3:]
    assert t.quick_box.children[0].description.startswith("+")
    sent[0] = 200.15                                  # the second click, on the button now in its place
    t.quick_box.children[0].click()
    assert [x for x in t.session.says if x.startswith("Bo bids")] == bids, t.session.says[-3:]
    sent[0] = 201.0                                   # a click of its own
    t.quick_box.children[0].click()
    assert len([x for x in t.session.says if x.startswith("Bo bids")]) == 2
    h = TablePanel("horse-trading", players=3, humans=[0], names=["Ana", "Bo", "Cy"], seed=1)
    first = h.simple_box.children[0].description
    sent[0] = 300.0
    h.simple_box.children[0].click()
    moves = len(h.session.moves)
    assert h.simple_box.children and h.simple_box.children[0].description != first and h.seat_now() == 0
    sent[0] = 300.15
    h.simple_box.children[0].click()
    assert len(h.session.moves) == moves, h.session.says[-3:]


def test_the_scoring_explorer_says_so_when_every_family_is_complete():
    """Holding every family left the second chart an empty frame with a lone 0 and no word
    (the browser logged an infinite extent): the summary says nothing is left to add and
    the chart is put away, back once a family is missing again."""
    from bluffkit.widgets import ScoringExplorer
    e = ScoringExplorer("youre-bluffing", held=("pig", "dog"))
    e.held.value = tuple(e.held.options)
    assert "Every family is complete: nothing is left to add." in e.summary.value
    assert e.marginal.layout.display == "none"
    e.held.value = ("pig",)
    assert "adds the most" in e.summary.value and e.marginal.layout.display is None


def test_show_takes_the_last_covers_words_and_its_refusal_off_the_screen():
    """A click on the covered table is refused ("Uncover the table first."); once Bo shows
    his view, that refusal and the cover's "Bo to play ... look away" are for the screen
    before, not his: both go. The next cover names the next player, Cy."""
    t = panel(humans=[1, 2], bots=[["auction"], None, None])
    t.bid_button.click()
    assert "Uncover the table first." in t.message.value and "bk-refusal" in t.message.value
    assert "Bo to play." in t.cover_text.value
    t.show.click()
    assert t.screen == ("seat", 1) and t.message.value == "" and t.cover_text.value == ""
    t.amount.value = 30
    t.bid_button.click()
    assert t.screen == ("cover", 2) and "Cy to play." in t.cover_text.value and "Bo" not in t.cover_text.value


def test_the_scores_stay_on_screen_after_a_move_while_scores_is_pressed():
    """Scores, once pressed, show the public scores until pressed again: after Bo's bid and
    the others' answers the table is drawn anew, and the scores with it."""
    t = panel()
    t.scores_button.value = True
    assert "Scores now" in t.scores.value
    t.amount.value = t.session.legal(1).bid[0]
    t.bid_button.click()
    assert t.screen == ("seat", 1) and "Scores now" in t.scores.value


def test_a_table_stuck_on_a_bot_shows_no_board_and_says_why_in_red():
    """When a bot cannot move no seat is on screen: the board is put away (nothing to click)
    and the message says so as a refusal, in red, read out as it appears. What happened up
    to then (the card Ana turned up) is still told."""
    class Boom:
        name = "boom"

        def act(self, obs, legal, rng):
            raise ValueError("no move")
    t = TablePanel("horse-trading", players=3, humans=[0], bots=["random", Boom(), "random"],
                   names=["Ana", "Bo", "Cy"], seed=3)
    t.simple_box.children[0].click()                    # Hold an auction: then Bo must bid, and raises
    assert t.screen == ("stuck", None) and t.board.layout.display == "none" and t.cover.layout.display == "none"
    assert "Bo's agent raised ValueError" in t.message.value
    assert "bk-refusal" in t.message.value and "role='alert'" in t.message.value
    assert "Ana turns up a 4." in t.events.value, "what happened before the bot failed is told"


def test_a_refused_typed_move_is_not_left_in_the_box_for_the_next_player():
    """Cy types "sell" (only the auctioneer sells): refused, it stays in her box. She then
    takes back Bo's bid (a teacher's table, undo="any"): the cover for Bo comes, and the
    box Bo will type in is empty, not holding Cy's words."""
    t = panel(humans=[1, 2], bots=[["auction"], None, None], undo="any")
    t.show.click()
    t.amount.value = 30
    t.bid_button.click()                        # Bo bids; Cy's cover
    t.show.click()
    t.typed.value = "sell"
    assert "Cy can&#x27;t sell" in t.message.value and t.typed.value == "sell"
    t.undo_button.click()
    assert t.screen == ("cover", 1) and t.typed.value == ""


def test_undos_tooltip_and_refusal_are_in_plain_words():
    """Undo's tooltip is plain text, not HTML: the line it quotes shows D'Arcy's name as
    written (not "D&#x27;Arcy"). A refused Undo is a refusal: in red, read out as it appears."""
    y = TablePanel("youre-bluffing", players=3, humans=[0], names=["D'Arcy", "Bo", "Cy"], seed=2)
    y.try_move("auction")                            # chance turns up an animal at once
    assert y.undo_button.disabled and "D'Arcy turns up" in y.undo_button.tooltip
    assert "&#" not in y.undo_button.tooltip and "<" not in y.undo_button.tooltip
    y.undo_button.click()
    assert "Cannot undo" in y.message.value and "bk-refusal" in y.message.value and "role='alert'" in y.message.value


def test_a_double_click_on_undo_takes_back_one_move(monkeypatch):
    """Bo bids 20, Cy bids 30 (a teacher's table, undo="any"): a double click on Undo took
    back Cy's bid and then, with its second click 80 ms later, Bo's too. The second click of
    a double click is dropped; a click of its own, later, takes back Bo's bid."""
    from bluffkit.widgets import seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = panel(humans=[1, 2], bots=[["auction"], None, None], undo="any")
    t.show.click()
    t.amount.value = 20
    t.bid_button.click()
    t.show.click()
    t.amount.value = 30
    t.bid_button.click()                        # Cy bids; Bo's cover
    moves = len(t.session.moves)
    sent[0] = 100.0
    t.undo_button.click()
    assert len(t.session.moves) == moves - 1 and "Took back 1 move." in t.message.value
    sent[0] = 100.08                            # the double click's second click
    t.undo_button.click()
    assert len(t.session.moves) == moves - 1 and "Took back 1 move." in t.message.value
    sent[0] = 102.0                             # a click of its own
    t.undo_button.click()
    assert len(t.session.moves) == moves - 2


def test_a_move_typed_while_a_click_was_handled_is_played(monkeypatch):
    """Enter pressed in the move box is never a double click's second click: a move Bo
    typed while the kernel still handled his click on Pass (sent at the same moment) is his
    own, and is played, not dropped without a word."""
    from bluffkit.widgets import seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    sent[0] = 100.0
    [b for b in t.simple_box.children if b.description == "Pass"][0].click()
    assert t.session.says.count("Bo passes.") == 1 and t.seat_now() == 1
    t.typed.value = "pass"                            # sent with the click, before its result showed
    assert t.session.says.count("Bo passes.") == 2, t.session.says[-3:]


def test_a_double_click_on_a_note_button_drawn_anew_lays_one_note(monkeypatch):
    """American Count: "Lay a 10 note" is drawn anew after each round of the others, with the
    same words, as a new button. A double click on it (the second click 150 ms later, on
    the new button) laid a second note the player never chose; a click of its own, later,
    lays one."""
    import ipywidgets as W

    from bluffkit.widgets import AuctionLab, seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    lab = AuctionLab(fmt="american-count", bidders=3, human=2, seed=2)

    def lay_ten(when: float) -> None:
        sent[0] = when
        found, stack = [], [lab.controls]
        while stack:
            w = stack.pop()
            found += [w] if isinstance(w, W.Button) and w.description == "Lay a 10 note" else []
            stack.extend(getattr(w, "children", ()) or ())
        found[0].click()
    mine = lambda: sum(x.startswith("Bidder 2 (you) lays") for x in lab.session.says)   # noqa: E731
    lay_ten(100.0)
    assert mine() == 1 and lab.session.waiting_for == 2, lab.session.says[-4:]
    lay_ten(100.15)                                   # the double click's second click, on the new button
    assert mine() == 1, lab.session.says[-4:]
    lay_ten(101.0)                                    # a click of its own
    assert mine() == 2, lab.session.says[-4:]


def test_projector_mode_set_from_code_presses_the_projector_button():
    """A teacher's code may switch projector mode on (``set_projector(True)``): the Projector
    button then shows pressed, so that one click on it switches the mode off again."""
    t = panel()
    t.set_projector(True)
    assert t.projector.value is True and "bk-projector" in t._dom_classes and t.board.layout.flex_flow == "row"
    t.projector.value = False
    assert "bk-projector" not in t._dom_classes and t.board.layout.flex_flow == "column"


def test_a_click_let_through_once_lets_only_that_click_through(monkeypatch):
    """Bluffer's Done, clicked right after an answer typed, is let through once (it was
    meant for the screen that answer drew); the clicks after it are held to the double
    click's rule again: a second click that waited with it is dropped."""
    from bluffkit.widgets import seat_panel
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: 100.0)
    monkeypatch.setattr(seat_panel, "queue_run", lambda: 7)      # clicks that waited together
    clock = seat_panel.ClickClock()
    assert not clock.stale()
    clock.done()                                 # the answer, written
    clock.let_through()
    assert not clock.stale(), "Done, let through"
    clock.done()
    assert clock.stale(), "a second click that waited with Done"


def test_the_end_on_a_projector_takes_the_whole_width():
    """On a projector the table stands beside the controls (58 % and 42 %); once the game is
    over there are no controls, and the end of the game takes the whole width (it kept
    58 % of the screen, the rest left blank)."""
    from bluffkit.widgets import BloffTable
    done = BloffTable(players=3, humans=[], seed=1)              # all bots: over at once
    assert done.session.over
    done.set_projector(True)
    assert (done.view.layout.width, done.controls.layout.width) == ("100%", None)


def test_what_happened_puts_the_newest_line_first_in_bold():
    """ "What happened" lists the newest line first, in bold, the one before it in plain type:
    after Bo's bid of 30, his bid is the bold line on top."""
    t = panel(humans=[1, 2], bots=[["auction"], None, None])
    t.show.click()
    before = t.said[-1]
    t.amount.value = 30
    t.bid_button.click()
    lines = t.events.value.split("<br>")[1:]
    assert lines[0].startswith("<b>Bo bids 30.</b>") and not lines[1].startswith("<b>"), lines[:2]
    assert before in lines[1]


def test_the_replay_table_is_the_state_at_the_step_shown():
    """Step k draws the game as it stood after k moves, in a seat's view as that seat saw
    it then: not the next step's (a card drawn after, an offer turned over)."""
    from bluffkit.widgets.render import all_seeing_view, seat_view
    s = Session(make_game("horse-trading"), ["random"] * 3, names=["A", "B", "C"], seed=4).run()
    r = ReplayViewer(s)
    game, states = r.game, r.states
    for k in (0, 1, 7, r.step.max - 1, r.step.max):
        r.step.value = k
        r.viewer.value = -1
        assert r.table.value == all_seeing_view(game, states[k], r.names), k
        r.viewer.value = 2
        assert r.table.value == seat_view(game, game.observe(states[k], 2), r.names), k


def test_the_replay_events_say_each_step_once_and_the_players_as_text():
    """The list read "Bo: Bo bids 20." and "chance: Ann turns up a goat.", putting the words
    in a speaker's mouth; as the scenario player does, a chance step's sentence stands
    alone, and a player is named before words that do not name them ("Ann's move ·")."""
    from html import escape
    s = Session(make_game("horse-trading"), ["random"] * 3, names=["<b>Ann</b>", "Bo", "Cy"], seed=4).run()
    r = ReplayViewer(s)
    chance = [k for k, (seat, _) in enumerate(s.moves) if seat is None]
    ann = [k for k, (seat, _) in enumerate(s.moves) if seat == 0 and s.says[k].startswith("<b>Ann</b> ")]
    r.step.value = chance[1] + 1
    assert f"{chance[1] + 1}. {escape(s.says[chance[1]])}" in r.events.value and "chance:" not in r.events.value
    r.step.value = ann[0] + 1
    assert f"{ann[0] + 1}. &lt;b&gt;Ann&lt;/b&gt; " in r.events.value and "<b>Ann</b>" not in r.events.value
    assert "Ann&lt;/b&gt;: " not in r.events.value and "Bo: Bo " not in r.events.value
    bo = next(k for k, (seat, _) in enumerate(s.moves) if seat == 1)
    r.says.said[bo] = "Nobody bids higher."      # (words that do not name their mover: none of the games' own)
    r.step.value = bo + 1
    assert f"{bo + 1}. <i>Bo's move</i> &middot; Nobody bids higher." in r.events.value, r.events.value


def test_a_log_refused_is_named_as_text_and_the_file_box_keeps_the_file_shown(tmp_path):
    """An unreadable file's name is quoted as text; a game not over opened from code is
    refused and the Log file box still names the file on screen."""
    s = Session(make_game("horse-trading"), ["random"] * 3, names=["A", "B", "C"], seed=4).run()
    shown = s.save(tmp_path / "shown.jsonl")
    r = ReplayViewer(shown)
    assert r.load(tmp_path / "<i>lost</i>.jsonl") is False
    assert "&lt;i&gt;lost&lt;/i&gt;" in r.error.value and "<i>lost" not in r.error.value
    half = Session(make_game("horse-trading"), ["random"] * 3, names=["A", "B", "C"], seed=5)
    half.advance(limit=12)
    assert r.load(half.save(tmp_path / "half.jsonl")) is False
    assert "not finished" in r.error.value and r.path.value == str(shown)


def test_game_charts_refused_for_a_game_without_charts_name_the_games_with_them():
    """Only You're Bluffing! and Horse Trading have game charts (docs/panels.md)."""
    from bluffkit.widgets import GameCharts
    s = Session(make_game("bloff"), ["random"] * 3, seed=1)       # (refused by name before its end is asked)
    with pytest.raises(RulesError, match="games with charts: ") as e:
        GameCharts(s)
    able = str(e.value).split("games with charts: ")[1]
    assert "You're Bluffing!" in able and "Horse Trading" in able and "Bløff" not in able, able


def test_the_question_about_a_bid_above_ones_money_is_an_alert():
    """Bo's click on a bid above his money plays nothing: the question that says so is an
    alert, which a screen reader says as it appears, or he would wait for a move never made."""
    t = panel()
    t.show.click()
    moves = len(t.session.moves)
    t.amount.value = 1000
    t.bid_button.click()
    assert len(t.session.moves) == moves and "role='alert'" in t.message.value, t.message.value


@pytest.mark.parametrize("control", ["up", "down", "suggest", "offer_button"])
def test_a_control_clicked_on_the_cover_is_refused_in_words_and_changes_nothing(control):
    """A click on the cover (the browser may still send one of a hidden button) plays and
    types nothing: the bid box keeps no amount of the next seat's, and the screen says why."""
    t = panel(humans=[1, 2])
    assert t.screen[0] == "cover"
    moves, amount = list(t.session.moves), t.amount.value
    getattr(t, control).click()
    assert "Uncover the table first." in t.message.value, control
    assert t.session.moves == moves and t.amount.value == amount == 0 and not any(t.chosen_notes())


def test_a_bid_off_the_step_after_a_bid_names_the_games_step():
    """Horse Trading bids go up in tens (HT "Auction"): after Bo's 30, Cy's typed 45 is
    refused for its step, tens, not for the lowest bid now allowed (40)."""
    t = panel(humans=[1, 2])
    t.show.click()
    t.bid(30)
    t.show.click()
    moves = list(t.session.moves)
    t.typed.value = "bid 45"
    t.typed_button.click()
    assert "Cy can&#x27;t bid 45: bids go up in tens" in t.message.value, t.message.value
    assert t.session.moves == moves


def test_a_late_click_on_pay_while_it_is_closed_plays_nothing_and_says_nothing(monkeypatch):
    """Pay is closed until a note is chosen: a click the browser sent before it closed (the
    second of a double click) pays nothing and puts no refusal in red on the screen."""
    from bluffkit.widgets import seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2,
                   bots=[["auction", "sell"], None, ["pass"]])
    t.try_move("bid 10")
    assert t.session.legal(1).pay == 10 and t.pay_button.disabled
    moves = list(t.session.moves)
    sent[0] = 100.0
    t.pay_button.click()
    assert t.session.moves == moves and t.message.value == ""
