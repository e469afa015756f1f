"""The Bidder Up! table panel: a human turn on the drawn board, refusals that change
nothing, the cover, each space's controls, and no widget left over from another seat."""

from __future__ import annotations

import re
from html import escape, unescape

import numpy as np
import pytest

from bluffkit.auctions.actions import BUY, Pay, Refusal, Word
from bluffkit.auctions.rules import ANIMALS
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.receipts import bidder_up_receipts, bidder_up_trade_receipt
from bluffkit.widget_check import _widgets, driver_for, model_state, widget_tree
from bluffkit.widgets import BidderUpTable
from bluffkit.widgets.seat_panel import EVENTS, receipt_html


def notes_receipt(t, seat: int) -> str:
    """The notes ``seat`` of table ``t`` is told it got face down, one sentence each, oldest first."""
    return " ".join(bidder_up_receipts(t.session, seat))

NAMES = ["Annette", "Daniel", "Ben", "Carla"]


def table(board="animal-market", players=4, humans=(0,), seed=3, **kw) -> BidderUpTable:
    return BidderUpTable(board, players=players, humans=list(humans), names=NAMES[:players], seed=seed, **kw)


def start_at(s, state) -> None:
    """Start the session ``s`` over from ``state``, with no moves (and no seat's history of
    the moves it had: ``Session.history`` keeps what it was asked for)."""
    s.states, s.moves, s.says = [state], [], []
    s._histories.clear()


def at_position(t: BidderUpTable, **position) -> BidderUpTable:
    """Put the table's session at a position (``state_from_position``) and redraw it."""
    s = t.session
    start_at(s, t.game.state_from_position(s.players, **position))
    t.said, t.viewer = [], None
    t.refresh()
    return t


def drive_until(t: BidderUpTable, wanted, seed: int = 0, clicks: int = 3000):
    """Click as a random player would until ``wanted(panel)`` holds (every seat human)."""
    driver, rng = driver_for(t), np.random.default_rng(seed)
    for _ in range(clicks):
        if wanted(t):
            return t
        if not driver.click(t, rng):
            break
    pytest.fail("the wanted screen never came")


def seat_screen(phase):
    def wanted(t):
        return t.screen[0] == "seat" and t.session.state.phase == phase and t.chance_seat() is None
    return wanted


def test_a_human_turn_roll_then_click_a_ringed_space():
    t = table()
    assert t.screen == ("seat", 0), "the one human seat: no cover"
    assert t.roll_button.layout.display is None and t.view.clickable == []
    assert t.session.state.phase == "roll", "chance waits for the human's own roll"
    t.roll_button.click()
    obs = t.session.observe(0)
    reach = dict(obs.legal.key)
    assert "your view" in t.farms.value and "face down" in t.farms.value, "the farms beside the board"
    assert "bk-farm" not in t.view.value or "your view" not in t.view.value
    assert sorted(t.view.clickable) == sorted(map(str, reach)) and reach
    for sid in reach:                                 # every reachable space is ringed, with its cost
        assert re.search(rf'data-space="{sid}"[^>]*bk-reachable|bk-reachable[^>]*data-space="{sid}"',
                         t.view.value) or f'data-space="{sid}"' in t.view.value
    free = [sid for sid, (_, cost) in reach.items() if cost == 0]
    assert free, "the roll itself costs nothing [C]"
    moves = len(t.session.moves)
    t.view.click_space(str(free[0]))                  # what a click on the board sends
    seat, action = t.session.moves[moves]
    assert seat == 0 and isinstance(action, A.Move) and action.space == free[0] and sum(action.notes) == 0
    assert t.session.states[moves + 1].pos[0] == free[0]


def test_a_space_that_costs_notes_asks_which_notes_then_pays_them_to_the_piggy_bank():
    t = table(seed=5)
    t.show.click()
    t.roll_button.click()
    obs = t.session.observe(0)
    sid, cost = next((s, c) for s, (_, c) in obs.legal.key if c > 0 and t.layout_.kind(s) != "piggy-bank")
    piggy, moves = obs.piggy, len(t.session.moves)
    t.view.click_space(str(sid))
    assert len(t.session.moves) == moves, "a costly move waits for its notes"
    assert t.notes_box.layout.display is None and f"costs <b>{cost} note" in t.notes_title.value
    assert sum(t.chosen_notes()) == cost and t.chosen_notes()[0] == min(cost, obs.hand[0]), \
        "the cheapest notes (0s first) are chosen to begin with"
    t.notes_button.click()
    _, action = t.session.moves[moves]
    assert action.space == sid and sum(action.notes) == cost
    assert t.session.states[moves + 1].piggy.__len__() == piggy + cost


def test_an_unreachable_space_is_refused_with_the_engines_reason_and_nothing_changes():
    t = table()
    t.show.click()
    t.roll_button.click()
    reach = {str(s) for s, _ in t.session.observe(0).legal.key}
    far = next(s.id for s in t.layout_.board.spaces if str(s.id) not in reach and s.kind == "pen")
    before, moves = t.session.state, len(t.session.moves)
    t.view.click_space(str(far))
    assert t.session.state is before and len(t.session.moves) == moves
    assert "bk-refusal" in t.message.value and "cannot be reached" in t.message.value
    t.view.click_space("no-such-space")
    assert t.session.state is before and "bk-refusal" in t.message.value


def test_clicks_under_the_cover_or_out_of_turn_change_nothing():
    t = table(players=3, humans=(0, 1))
    assert t.screen == ("cover", 0)
    before = t.session.state
    t.view.click_space("pen-1")
    t._roll()
    assert t.session.state is before and "Uncover" in t.message.value
    t.show.click()
    t.view.click_space("pen-1")                       # before the roll: not the moment to move
    assert t.session.state is before and "not the moment" in t.message.value


def test_the_cover_holds_nothing_private():
    """Between two human seats: no notes, no spaces to click, no seat's view, no prompt."""
    t = drive_until(table(players=3, humans=(0, 1, 2)),
                    lambda p: p.screen[0] == "cover" and len(p.session.moves) > 40)
    assert t.view.value == "" and t.view.clickable == [] and t.legal_text.value == ""
    assert t.note_toggles == [] and t.note_row.children == () and t.auction_moves.children == ()
    tree = widget_tree(t)
    assert {s["description"] for name, s in tree if name == "ToggleButtonModel"} == {"Scores", "Projector"}, \
        "no note toggles"
    assert all(not state.get("_options_labels") for name, state in tree if name == "DropdownModel")


def test_bots_roll_for_themselves_and_the_human_rolls_their_own():
    t = table(humans=(0,), seed=2)
    t.show.click()
    t.roll_button.click()
    drive_until(t, lambda p: p.session.state.turn >= 4)
    rolls = [(seat, a) for seat, a in t.session.moves if isinstance(a, A.Roll)]
    assert len(rolls) >= 4 and all(seat is None for seat, _ in rolls)


def test_an_auction_is_played_with_the_auction_buttons():
    t = drive_until(table("animal-market", players=3, humans=(0, 1, 2), seed=4),
                    lambda p: p.screen[0] == "seat" and p.auction_moves.children != ())
    assert t.auction_moves.layout.display is None and "class='bk-auction'" in t.legal_text.value
    from html import escape

    from bluffkit.widgets.auction_moves import choice_words
    obs = t.session.observe(t.viewer)
    assert f"you may: {escape(choice_words(obs.auction, t.session.names))}." in t.legal_text.value, \
        "the prompt says the choices in the buttons' words"
    labels = [b.description for row in t.auction_moves.children for b in getattr(row, "children", ())]
    assert labels, labels
    moves = len(t.session.moves)
    obs = t.session.observe(t.viewer)
    action = obs.legal.sample(np.random.default_rng(0))
    assert t.click_action(action)
    assert len(t.session.moves) > moves and t.session.moves[moves][1] == action


@pytest.mark.slow
def test_the_market_costs_1_3_6_notes_per_type_and_is_paid_with_chosen_notes():
    def can_pay(p):        # a market screen where two types can move and 4 notes can pay for +1 and +2
        return (seat_screen("market")(p) and sum(p.session.observe(p.viewer).hand) >= 4
                and sum(2 in [v for _, v in s.options] for s in p.market_steps.values()) >= 2)
    t = drive_until(table("fairground", players=3, humans=(0, 1, 2), seed=1), can_pay)
    obs = t.session.observe(t.viewer)
    green = [a for a in t.market_steps]
    assert set(green) == set(range(10)) - set(obs.locked)
    movable = [a for a in green if 2 in [v for _, v in t.market_steps[a].options]]
    a, b = movable[:2]
    # no marker moved: nothing costs yet, so no notes to click (nor "This costs 0 notes")
    assert t.notes_box.layout.display == "none" and not any(m for _, m in t.market_changes())
    t.market_steps[a].value, t.market_steps[b].value = 1, 2
    assert "costs <b>4 notes" in t.notes_title.value, "1 + (1 + 2) notes [G]"
    assert t.notes_box.layout.display != "none"
    moves = len(t.session.moves)
    t.notes_button.click()
    seat, action = t.session.moves[moves]
    assert isinstance(action, A.Market) and dict(action.changes) == {a: 1, b: 2} and sum(action.notes) == 4
    after = t.session.states[moves + 1]
    assert after.market[a] == obs.market[a] + 1 and after.market[b] == obs.market[b] + 2


def test_a_market_that_must_change_offers_no_leave_button():
    """Under market_none="refused" (L7) the market screen says a marker must move and has no
    "Leave the market as it is" button; with the default it has one."""
    def market_with_a_note(p):
        return seat_screen("market")(p) and sum(p.session.observe(p.viewer).hand) >= 1
    t = drive_until(table("fairground", players=3, humans=(0, 1, 2), seed=1, market_none="refused"),
                    market_with_a_note)
    assert "at least one must move" in t.legal_text.value
    assert not [b for b in t.buttons_box.children if "Leave the market" in b.description]
    free = drive_until(table("fairground", players=3, humans=(0, 1, 2), seed=1), market_with_a_note)
    assert [b for b in free.buttons_box.children if "Leave the market" in b.description]


def test_the_market_pay_button_stays_closed_until_the_markers_chosen_may_be_played():
    """Pay was offered with no marker moved under market_none="refused", and with more
    types than market_types=1 allows, and each click was refused. It is closed, saying why,
    until the choice is one the rules take; the prompt says what one step costs."""
    def market_with_notes(p):
        return seat_screen("market")(p) and sum(p.session.observe(p.viewer).hand) >= 2
    t = drive_until(table("fairground", players=3, humans=(0, 1, 2), seed=1, market_none="refused",
                          market_types=1, market_steps=1), market_with_notes)
    assert "Move up to 1 green marker 1 step (1 note): at least one must move." in t.legal_text.value
    pay = t.notes_button
    assert pay.disabled and pay.tooltip == "Move at least one marker first"
    first, second = list(t.market_steps.values())[:2]
    first.value = next(v for _, v in first.options if v)
    assert not pay.disabled, "one marker moved: Pay is open"
    second.value = next(v for _, v in second.options if v)
    assert pay.disabled and pay.tooltip == "At most 1 type at once"
    second.value = 0
    moves = len(t.session.moves)
    pay.click()
    assert len(t.session.moves) == moves + 1 and "bk-refusal" not in t.message.value


def test_the_raffle_draws_paid_tickets_and_keeps_the_one_clicked():
    t = drive_until(table("fairground", players=3, humans=(0, 1, 2), seed=2),
                    lambda p: seat_screen("raffle")(p) and sum(p.session.observe(p.viewer).hand) >= 2)
    me = t.viewer
    assert t._click_word("Draw 2 tickets")
    assert "costs <b>2 notes" in t.notes_title.value
    t.notes_button.click()
    assert t.screen == ("seat", me) and t.session.state.phase == "keep"
    drawn = t.session.observe(me).drawn
    keep = [b for b in t.buttons_box.children if b.description.startswith("Keep ")]
    assert len(keep) == len(set(drawn)) == 2 or len(keep) == len(set(drawn))
    keep[0].click()
    assert len(t.session.observe(me).my_tickets) >= 1


@pytest.mark.parametrize("overdraw", ["refused", "draw_rest"])
def test_the_raffle_booth_says_when_the_bag_holds_fewer_tickets_than_may_be_bought(overdraw):
    """raffle_overdraw (L7): refused, the buttons stop at what the bag holds; draw_rest,
    they go to 3 and the prompt says the player draws what is left."""
    t = at_position(table("fairground", players=3, humans=(0,), seed=1, raffle_overdraw=overdraw),
                    current=0, roll=1, bag=["wool-milk:1"])
    t.show.click()
    reach = dict(t.session.observe(0).legal.key)
    space = next(s for s, (_, cost) in reach.items() if t.layout_.kind(s) == "raffle" and cost == 0)
    t.view.click_space(str(space))
    assert t.session.state.phase == "raffle"
    draws = [b.description for b in t.buttons_box.children]
    if overdraw == "refused":
        assert draws == ["Draw none", "Draw 1 ticket (1 note)"] and "holds only" not in t.legal_text.value
        return
    assert draws == ["Draw none", "Draw 1 ticket (1 note)", "Buy 2 tickets (2 notes), draw 1",
                     "Buy 3 tickets (3 notes), draw 1"], draws
    assert "The bag holds only 1 ticket: you draw what is left." in t.legal_text.value
    assert t._click_word("Buy 2 tickets (2 notes), draw 1")
    t.notes_button.click()
    assert t.session.state.phase == "keep" and t.session.observe(0).drawn == ("wool-milk:1",)
    assert "buys 2 raffle tickets (the bag holds 1)" in t.events.value
    # one ticket drawn: it is kept, and no "others" go back into the bag [H]
    assert "Keep it face down." in t.legal_text.value and "the others" not in t.legal_text.value


def test_the_raffle_booth_with_one_ticket_to_draw_says_keep_it():
    t = at_position(table("fairground", players=3, humans=(0,), seed=1, raffle_overdraw="refused"),
                    current=0, roll=1, bag=["wool-milk:1"])
    t.show.click()
    reach = dict(t.session.observe(0).legal.key)
    space = next(s for s, (_, cost) in reach.items() if t.layout_.kind(s) == "raffle" and cost == 0)
    t.view.click_space(str(space))
    assert "Draw 1 ticket, one note each, and keep it; or draw none." in t.legal_text.value


def test_costs_counted_in_notes_start_from_notes_that_may_pay_them():
    """With zero_pays_count off (L7) a 0-note pays no cost: the raffle offers only what the
    other notes can buy, and the notes chosen to begin with are no 0-notes (before, a 0-note
    was chosen and Pay was refused)."""
    t = at_position(table("fairground", players=3, humans=(0,), seed=1, zero_pays_count=False),
                    current=0, roll=1, bag=["wool-milk:1", "extra-turn", "wool-milk:3"],
                    money=["0+0+10", "10+10", "10+10"])
    t.show.click()
    reach = dict(t.session.observe(0).legal.key)
    space = next(s for s, (_, cost) in reach.items() if t.layout_.kind(s) == "raffle" and cost == 0)
    t.view.click_space(str(space))
    draws = [b.description for b in t.buttons_box.children]
    assert draws == ["Draw none", "Draw 1 ticket (1 note)"], "one 10 pays for one ticket; the 0-notes for none"
    assert "the Raffle Booth. Draw 1 ticket, one note each" in t.legal_text.value, "the prompt says what the notes buy"
    assert t._click_word("Draw 1 ticket (1 note)")
    assert t.chosen_notes() == (0, 1, 0, 0, 0, 0), "the 10 is chosen, not a 0-note"
    t.notes_button.click()
    assert t.session.state.phase == "draw" or t.session.state.phase == "keep", t.session.state.phase


def test_the_market_shows_notes_to_pay_with_once_a_marker_moves():
    """[G] each step costs notes (1, 3, 6 per type): with no marker moved nothing costs, and the
    screen said "This costs 0 notes ... Click your notes" over the seat's notes and a "pay 0
    notes" button (on a projector they pushed the market's rows and Leave below the screen)."""
    t = at_position(table("fairground", players=3, humans=(0,), seed=1), current=0, roll=2,
                    money=["10+10+10", None, None])
    t.show.click()
    reach = dict(t.session.observe(0).legal.key)
    market = next(s for s, (_, c) in reach.items() if c == 0 and t.layout_.kind(s) == "market")
    t.view.click_space(str(market))
    assert t.session.state.phase == "market", t.session.state.phase
    assert t.market_steps and t.notes_box.layout.display == "none"
    assert "Leave the market as it is" in [b.description for b in t.buttons_box.children]
    a = next(a for a, dd in t.market_steps.items() if 1 in [v for _, v in dd.options])
    t.market_steps[a].value = 1
    assert t.notes_box.layout.display != "none" and "costs <b>1 note</b>" in t.notes_title.value
    t.market_steps[a].value = 0
    assert t.notes_box.layout.display == "none"


def test_move_market_markers_is_revealed_with_its_steps():
    t = at_position(table("fairground", players=3, humans=(0,), seed=1), current=0, roll=1,
                    tickets=[["move-markers"], [], []])
    t.show.click()
    reach = dict(t.session.observe(0).legal.key)
    quiet = next(s for s, (_, c) in reach.items() if c == 0 and t.layout_.kind(s) in ("horse-trade", "piggy-bank"))
    t.view.click_space(str(quiet))
    assert t.session.state.phase == "end", t.session.state.phase
    assert t._click_word("Reveal Move Market Markers")
    steps = t.market_steps
    assert steps and all(sorted(v for _, v in dd.options) in ([-1, 0, 1], [0, 1], [-1, 0]) for dd in steps.values())
    go = next(b for b in t.market_box.children if getattr(b, "description", "").startswith("Move the markers"))
    assert go.disabled and go.tooltip == "Move at least one marker first", "nothing chosen: closed"
    before = t.session.observe(0).market
    steps[4].value, steps[6].value = 1, -1                 # sheep up, donkey down, one step each [H]
    assert not go.disabled
    assert t._click_word("Move the markers", t.market_box.children)
    after = t.session.states[-1] if t.session.state.phase != "end" else t.session.state
    assert after.market[4] == before[4] + 1 and after.market[6] == before[6] - 1


@pytest.mark.slow
def test_a_whole_game_through_the_buttons_with_every_seat_human():
    """Every move of a two-player game (Piggy Bank choices [J]) made by clicking, none typed."""
    t = table("animal-market", players=2, humans=range(2), seed=7)
    typed = []
    t.typed.observe(lambda ch: ch["new"].strip() and typed.append(ch["new"]), names="value")
    driver, rng = driver_for(t), np.random.default_rng(3)
    for _ in range(4000):
        if not driver.click(t, rng):
            break
    assert t.session.over and typed == []
    assert "<svg" in t.view.value and t.view.clickable == [], "the end: the all-seeing board"


@pytest.mark.slow
def test_no_widget_outlives_its_screen(board="fairground", players=4):
    """Every widget the panel made is on screen or closed (a closed widget's model leaves
    the browser), except what the auction's controls keep from one auction to the next:
    the amount box, blank between auctions, the steppers (their "Bid N" button blank off
    screen: N may be a sealed bid) and the buttons of plain words (Pass, Take it)."""
    from ipywidgets.widgets.widget import _instances
    for click_seed in (1, 2):                   # where the game stops decides what is on screen
        before = set(_instances)
        t = table(board, players=players, humans=range(players), seed=4)
        driver, rng = driver_for(t), np.random.default_rng(click_seed)
        for _ in range(250):
            if not driver.click(t, rng):
                break
        reachable = {w.model_id for w in _widgets(t)}
        moves = t.auction_moves
        kept = [moves.amount, *(row for row, _ in moves._steppers.values()), *moves._words.values()]
        lasting = {w.model_id for k in kept for w in _widgets(k)}
        left = set(_instances) - before - reachable - lasting
        assert not left, sorted({type(_instances[k]).__name__ for k in left})
        if moves.amount.model_id not in reachable:
            assert model_state(moves.amount)["value"] in (0, ""), "the amount box off screen holds no amount typed"
        for _, bid in moves._steppers.values():
            if bid.model_id not in reachable:
                assert model_state(bid)["description"] == "" and model_state(bid)["tooltip"] in ("", None)


def test_bad_settings_are_refused_clearly():
    from bluffkit.core.errors import BluffkitError
    with pytest.raises(BluffkitError, match="board"):
        BidderUpTable("moon-market")
    with pytest.raises(BluffkitError):
        BidderUpTable(players=5)
    with pytest.raises(BluffkitError, match="whole number"):
        BidderUpTable(players="4")
    with pytest.raises(BluffkitError, match="seats"):
        BidderUpTable(players=3, humans=[3])


@pytest.mark.parametrize("name", ["bu-board-annette-cow-classic-120", "bu-board-market-sheep-500-donkey-350",
                                  "bu-board-animal-market-score-3050", "bu-board-fairground-score-4250"])
def test_the_scenario_player_steps_through_the_rulebook_examples_on_the_drawn_board(name):
    from bluffkit.widgets import ScenarioPlayer
    p = ScenarioPlayer(name)
    assert p.step.value == 0 and "<svg" in p.table.value
    first = p.table.value
    for i in range(p.step.max + 1):
        p.go(i)
        assert "<svg" in p.table.value
    assert p.result.ok and (p.step.max == 0 or p.table.value != first), "the board changes as the example runs"


@pytest.mark.slow
def test_the_replay_viewer_shows_a_saved_board_game_from_a_seats_view(tmp_path):
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    from bluffkit.widgets import ReplayViewer
    game = make_game("bidder-up", board="fairground")
    played = Session(game, ["heuristic", "random", "heuristic"], names=NAMES[:3], seed=3).run()
    path = played.save(tmp_path / "bidder-up.jsonl")
    r = ReplayViewer(str(path))
    assert r.step.max == len(played.moves)
    r.viewer.value = 1
    r.step.value = r.step.max // 2
    assert "<svg" in r.table.value and "You are Daniel" in r.table.value


def test_the_replay_viewer_on_a_projector_draws_the_boards_words_in_large_type():
    """The replay's Projector, as the table's and the scenario player's: the board's words in
    large type, all-seeing and in a seat's view, switched as it is toggled."""
    from pathlib import Path

    from bluffkit.widgets import ReplayViewer
    r = ReplayViewer(str(Path(__file__).parents[1] / "logs" / "bidder-up-fairground.jsonl"))
    r.step.value = r.step.max // 2
    small = r.table.value
    assert "<svg" in small and 'font-size="24"' not in small
    r.projector.value = True
    assert 'font-size="24"' in r.table.value
    r.viewer.value = 1
    assert 'font-size="24"' in r.table.value and "You are" in r.table.value
    r.projector.value = False
    assert 'font-size="24"' not in r.table.value


@pytest.mark.slow                                      # plays a whole game before saving
def test_undo_takes_back_the_move_and_the_log_saves_and_loads(tmp_path):
    from bluffkit.session import Session
    t = table(seed=6)
    t.show.click()
    t.roll_button.click()
    at_roll = len(t.session.moves)
    free = [sid for sid, (_, cost) in t.session.legal(0).key if cost == 0]
    t.view.click_space(str(free[0]))
    assert len(t.session.moves) > at_roll
    t.undo_button.click()
    if "Cannot undo" in t.message.value:          # a bot's step after it showed something: refused, unchanged
        assert len(t.session.moves) > at_roll
    else:
        assert len(t.session.moves) == at_roll and t.session.state.phase == "move"
        if t.screen[0] == "cover":
            t.show.click()
        assert sorted(t.view.clickable) == sorted(map(str, dict(t.session.legal(0).key)))
    t.save_path.value = str(tmp_path / "bidder-up.jsonl")
    t.save_button.click()                              # mid-game: the log holds every secret
    assert "once the game is over" in t.message.value and list(tmp_path.iterdir()) == []
    rng = np.random.default_rng(0)
    s = t.session
    while not s.over:                                  # Annette plays on at random to the end
        s.advance()
        if not s.over:
            s.play(s.legal(0).sample(rng), 0)
    t.refresh()
    # the end shows who wins and each score with its sheet [I], first (it showed the board and
    # a folded box of raw facts: the scores were nowhere else)
    view = t.view.value
    scores, sheet = t.game.scores(s.state), t.game.score_sheet(s.state, s.names)
    assert view.index("The game is over: ") < view.index("<svg")
    winner = s.names[t.game.winners(s.state)[0]]
    assert f"The game is over: <b>{winner}</b> " in view
    for seat, line in enumerate(sheet):
        assert line.startswith(f"{s.names[seat]}: (barn ")
        assert f"<b>{scores[seat]:,}</b>" in view and escape(line[len(s.names[seat]) + 2:]) in view
    t.save_button.click()
    assert "Saved the log" in t.message.value
    loaded = Session.load(tmp_path / "bidder-up.jsonl")
    assert loaded.states[-1] == t.session.state and loaded.names == t.session.names
    t.save_path.value = str(tmp_path)                  # a folder: refused in words, nothing written
    t.save_button.click()
    assert "Could not save" in t.message.value and sorted(p.name for p in tmp_path.iterdir()) == ["bidder-up.jsonl"]


# -- on a projected classroom screen (1280 x 720) ------------------------------------------------

SPACE_WORDS = re.compile(r"Pen \d \((small|double)\)|(Horse-Trading|Piggy Bank|Market|Raffle Booth)"
                         r"( next to Pen \d| between Pen \d and Pen \d| \(hill, (west|north|east|south)\)| \(hilltop\))")


@pytest.mark.parametrize("board", ["animal-market", "fairground"])
def test_the_space_buttons_tell_the_spaces_apart_as_the_board_shows_them(board):
    """After a roll the buttons read two "Horse-Trading (hill): 1 note", two "Piggy Bank
    (hill): 1 note", three "Horse-Trading: 3 notes". Each now names its space as the drawn
    board shows it: a pen by its number, another space by the numbered pen next to it or
    its arm of the hill cross; no two alike."""
    from bluffkit.widgets.bidder_up import space_names
    names = space_names(board)
    assert len(set(names.values())) == len(names), "two spaces of the board have the same words"
    t = table(board, seed=5)
    t.show.click()
    t.roll_button.click()
    buttons = list(t.spaces_box.children)
    words = [b.description.rsplit(": ", 1)[0] for b in buttons]
    assert len(words) >= 10 and len(set(words)) == len(words), words
    for w, b in zip(words, buttons):
        assert SPACE_WORDS.fullmatch(w), w
        assert b.tooltip == f"move your pawn to {w}"
        for n in re.findall(r"Pen (\d)", w):             # the pens named are numbered so on the board
            assert re.search(rf"<text [^>]*font-size=\"18\"[^>]*>{n}</text>", t.view.value), n


@pytest.mark.parametrize("board", ["animal-market", "fairground"])
def test_the_space_buttons_go_cheapest_first_then_round_the_board(board):
    """The buttons came in the engine's order (the hill, then the pens, then the rest), so a
    free move could sit after one costing 6 notes. They now go by cost, and at one cost
    along the loop from the start, the hill after it."""
    t = table(board, seed=5)
    t.show.click()
    t.roll_button.click()
    loop = list(t.layout_.board.loop)
    where = {sid: i for i, sid in enumerate(loop)}
    names = {t.label(sid): sid for sid in t.layout_.labels}
    shown = []
    for b in t.spaces_box.children:
        words, cost = b.description.rsplit(": ", 1)
        shown.append((0 if cost == "free" else int(cost.split()[0]), names[words]))
    assert [c for c, _ in shown] == sorted(c for c, _ in shown) and shown[0][0] == 0, shown
    for (c1, a), (c2, b) in zip(shown, shown[1:]):
        if c1 == c2:
            assert where.get(a, len(loop)) <= where.get(b, len(loop)), (a, b)


def test_the_auctioneers_sell_and_buy_say_what_they_do():
    """As auctioneer, "Sell", "Buy" and "Buy 1" had tooltips that repeated their words: they
    now say who pays whom for what by the right of first refusal, and "Buy 1" of a single
    lot (the same as Buy) is left off the screen."""
    def refusing(t):
        if t.screen[0] != "seat" or t.auction_moves.layout.display == "none":
            return False
        obs = t.session.observe(t.viewer)
        return obs.legal is not None and obs.legal.inner is not None and bool(obs.auction.legal.refusals)

    t = drive_until(table(humans=range(4), seed=4), refusing)
    sub = t.session.observe(t.viewer).auction
    (winner, animals, price), = sub.awards
    who = t.session.names[winner]
    buttons = {b.description: b for row in t.auction_moves.children for b in getattr(row, "children", ())}
    sell, buy = buttons["Sell"], buttons["Buy"]
    assert sell.tooltip.startswith("Sell: ") and f"{who} pays you {price} and gets the " in sell.tooltip
    assert "right of first refusal" in buy.tooltip and f"you pay {who} {price} and keep the " in buy.tooltip
    assert "Buy 1" not in buttons, "one lot: Buy 1 is Buy, and is not drawn (nor sent to the browser)"
    assert sell.layout.display != "none" and buy.layout.display != "none"
    # the auctioneer's only moves are drawn as moves, as the bidders' Bid is (they were grey)
    assert sell.button_style == buy.button_style == "primary", (sell.button_style, buy.button_style)
    # and on the screen, which a class watching the projector reads (it sees no tooltip)
    assert escape(sell.tooltip) in t.legal_text.value and escape(buy.tooltip) in t.legal_text.value, \
        t.legal_text.value
    buy.click()
    assert f"owes {who} {price}" in t.events.value, "the buy owes; the payment, its own move, pays"


def _auctioneer_of(pen, bids, **position):
    """The Fairground with Baby Animals (cow, sheep, pig, dog): Annette moves onto pen 6, a
    Secret Value double pen holding ``pen``, Daniel and Ben bid ``bids``; Annette's screen."""
    t = at_position(table("fairground", players=3, humans=range(3), seed=1, variants=["babies"]), current=0,
                    roll=1, pos=["pen-5", "start", "start"], babies=["sheep", "cow", "pig", "dog"], pens={"pen-6": pen},
                    **position)
    for seat, move in ((0, "move pen-6"), *bids):
        t.session.play(move, seat)
    t.refresh()
    if t.screen[0] != "seat":
        t.show.click()
    return t, {b.description: b for row in t.auction_moves.children for b in getattr(row, "children", ())}


def test_the_auctioneers_buttons_mark_the_male_at_auction_as_the_narration_does():
    """[K] Baby Animals tell the male apart: the auction box and the narration say "the cow
    ♂", and Sell, Buy and the choice of who gets which animal now say it too. The male and a
    female cow split between two bids: lot 1, the highest bid's, takes the male. The male
    sheep and the male pig, both worth 400 on the market [G], with one bid: the auctioneer
    chooses who gets which ("If the two animals are equally valuable ... the auctioneer
    chooses which player bid for which animal", Secret Value), the first the sheep ♂."""
    t, buttons = _auctioneer_of(["cow-m", "cow"], [(1, "bid 30"), (2, "bid 20")])
    assert buttons["Sell"].tooltip == "Sell: Daniel pays you 30 and gets the cow ♂; Ben pays you 20 and gets the cow."
    assert buttons["Buy"].tooltip.endswith(": you pay Daniel 30 and keep the cow ♂; you pay Ben 20 and keep the cow.")
    assert buttons["Buy 2"].tooltip.endswith(": Daniel pays you 30 and gets the cow ♂; you pay Ben 20 and keep the cow.")
    t, buttons = _auctioneer_of(["sheep-m", "pig-m"], [(1, "bid 30"), (2, "pass")], market={"pig": 400})
    assert {"The sheep ♂ to Daniel", "Keep the sheep ♂"} <= set(buttons), list(buttons)
    assert "you may: the sheep ♂ to Daniel or keep the sheep ♂" in unescape(t.legal_text.value), t.legal_text.value
    buttons["Keep the sheep ♂"].click()
    assert "Annette keeps the sheep ♂." in unescape(t.events.value), "the button's words are the narration's"


def test_a_ticket_may_be_revealed_before_the_move_from_the_move_screen():
    """[H] the moment of a ticket's action is the player's: the move screen now offers
    Extra Turn and Move Market Markers before moving; then the move screen again, with no
    ticket more this turn."""
    t = at_position(table("fairground", players=3, humans=(0,), seed=1), current=0, roll=1,
                    tickets=[["move-markers", "extra-turn"], [], []])
    t.show.click()
    words = [b.description for b in t.buttons_box.children]
    assert "Reveal Move Market Markers first (choose below)" in words, words
    assert any(w.startswith("Reveal Extra Turn") for w in words) and "You may first reveal an action ticket." in t.legal_text.value
    assert t._click_word("Reveal Move Market Markers")
    before = t.session.observe(0).market
    t.market_steps[4].value = 1                                   # sheep up one step
    assert t._click_word("Move the markers", t.market_box.children)
    assert t.message.value == "" and t.session.state.phase == "move" and t.screen == ("seat", 0)
    assert t.session.observe(0).market[4] == before[4] + 1
    assert t.buttons_box.layout.display == "none" and t.spaces_box.children, "the move, and no ticket more"


def test_a_horse_trade_ticket_before_the_move_comes_back_to_the_move_screen():
    t = at_position(table("fairground", players=3, humans=(0,), seed=1), current=0, roll=1,
                    tickets=[["horse-trade"], [], []], pastures=[["sheep"], ["sheep"], []])
    t.show.click()
    assert t._click_word("Reveal Horse-Trade first")
    assert t.session.state.phase == "trade" and t.trade_box.layout.display != "none"
    assert "Then you move: you rolled <b>1</b>." in t.legal_text.value
    t.note_toggles[0].value = True
    assert t._click_word("Offer", t.notes_box.children)
    assert t.message.value == "", t.message.value                  # the bot answered
    assert t.session.state.phase == "move" and t.screen == ("seat", 0) and t.spaces_box.children
    assert t.buttons_box.layout.display == "none", "one ticket a turn"


def test_a_challenged_player_without_notes_is_offered_only_to_agree():
    """The panel offered "Counter with 0 notes (0)" to a challenged player holding no notes:
    an offer is at least one note (empty_offer=false, L7), so the click could only be refused."""
    t = table(players=3, humans=(0, 1, 2))
    g, s = t.game, t.session
    start = g.state_from_position(3, current=0, roll=3, pastures=[["sheep", "cow"], ["sheep"], ["cow"]],
                                  barns=[None, ["horse"], None], money=[None, None, "none"])
    start_at(s, g.step(g.step(start, 0, "move trade-1"), 0, "trade 2 cow offer 50+10"))
    t.said, t.viewer = [], None
    t.refresh()
    t._uncover()
    assert "you hold no notes to counter with, so agree." in t.legal_text.value
    assert [b.description for b in t.buttons_box.children] == ["Agree (take the offer)"]
    assert t.notes_box.layout.display == "none"


def test_a_move_typed_before_ones_roll_says_to_roll_and_roll_typed_rolls():
    """Typing 'end' before rolling said "the next step is chance: the die is rolled, not a
    player's move", while the panel wants the player to press Roll the die."""
    t = table("fairground", players=3, humans=(0, 1, 2), seed=1)
    t.show.click()
    moves = len(t.session.moves)
    t.typed.value = "end"
    assert "Roll the die first" in t.message.value and len(t.session.moves) == moves
    t.typed.value = "roll"
    assert len(t.session.moves) == moves + 1 and t.session.state.phase == "move" and t.message.value == ""


def test_a_kept_bid_button_clicked_on_the_cover_tells_nothing_of_the_last_bidder():
    """The auction controls keep their stepper from one draw to the next; a click the
    browser still sent to its hidden Bid button on the cover warned "You hold 140: ...",
    the last bidder's money, on the next player's cover."""
    import numpy as np

    from bluffkit.auctions.actions import Bid
    from bluffkit.widget_check import driver_for
    t = table("fairground", players=3, humans=(0, 1, 2), seed=1)
    d, rng = driver_for(t), np.random.default_rng(0)
    for _ in range(3000):
        c = t.auction_moves
        if t.viewer is not None and c.layout.display != "none" and c.bid_button is not None and c._kind is Bid:
            break
        d.click(t, rng)
    else:
        raise AssertionError("no human bid in 3000 clicks")
    kept = [b for _, b in c._steppers.values()]
    [b for row in c.children for b in getattr(row, "children", ()) if getattr(b, "description", "") == "Pass"][0].click()
    assert t.screen[0] != "seat" or t.viewer is None or c._kind is not Bid
    moves = len(t.session.moves)
    c.amount.value = 10 ** 6
    for b in kept:
        b.click()
    assert "You hold" not in t.message.value and len(t.session.moves) == moves


# -- whose turn, who is asked, and what happened turn by turn -----------------------------------

CLASS = ["Annette", "Daniel", "André", "Frank"]        # the notebook's table


def bid_in_daniels_turn() -> BidderUpTable:
    """Annette (the one human) moved to Pen 2 in turn 1 and bought the cow there after a
    long bidding war; now, in Daniel's turn, Daniel's auction asks her to bid (seed 0),
    after André's and Frank's first bids (Classic asks round the table from the highest
    bidder's left)."""
    import numpy as np

    from bluffkit.widget_check import driver_for
    t = BidderUpTable("animal-market", players=4, humans=[0], names=CLASS, seed=0)
    d, rng = driver_for(t), np.random.default_rng(0)
    rng.random()          # the draw the cover's Show click took when this test was made: the same game
    for _ in range(400):
        st = t.session.state
        if t.screen == ("seat", 0) and st.current == 1 and st.auction is not None:
            return t
        d.click(t, rng)
    raise AssertionError("Annette was never asked to bid in Daniel's turn")


def _card(farms: str, seat: int) -> str:
    """One farm board's HTML, by its seat."""
    start = farms.index(f'<div class="bk-farm" data-seat="{seat}"')
    end = farms.find('<div class="bk-farm" data-seat=', start + 1)
    return farms[start:end if end >= 0 else len(farms)]


def test_whose_turn_and_who_is_asked_to_act_are_told_apart_in_another_players_auction():
    """A screen where '▶ to play' was on Daniel while the prompt asked Annette to bid.
    Now Daniel's board says it is his turn, and Annette's says what she is asked to do."""
    t = bid_in_daniels_turn()
    farms = t.farms.value
    assert "to play" not in farms, "no seat is called 'to play' any more: the turn and the ask are two marks"
    daniel, annette = _card(farms, 1), _card(farms, 0)
    assert "▶ Daniel's turn" in daniel and "bk-asked" not in daniel
    assert 'class="bk-asked"' in annette and ">to bid</span>" in annette and "turn</span>" not in annette
    # every player to move in the auction is tagged (Classic asks all of them), Annette once
    bidding = t.session.observe(0).auction.to_move
    assert 0 in bidding and farms.count("bk-asked") == len(bidding) and farms.count("bk-turn") == 1
    assert annette.count("bk-asked") == 1 and "auctioneer</span>" in daniel
    prompt = t.legal_text.value
    assert "Daniel's turn" in prompt and "you are asked <b>to bid</b>" in prompt
    assert "Daniel&#x27;s turn, the pen&#x27;s animals are auctioned; Annette is asked to act now" in farms, "the text view says so too"
    # on her own turn the two marks are on her board, and no 'asked' words above the prompt
    t2 = BidderUpTable(players=3, humans=[0], names=CLASS[:3], seed=3)
    t2.show.click()
    own = _card(t2.farms.value, 0)
    assert "▶ Annette's turn" in own and ">to roll</span>" in own and "asked" not in t2.legal_text.value


def test_the_auction_is_drawn_above_the_moves_with_its_bids_and_whose_move_it_is():
    """The table showed the pen at auction as "empty" and neither the lot nor the bids; now
    the auction's box (the view's) heads the prompt: the lot, the format, who holds it, the
    highest bid and its bidder, and whose move it is."""
    t = bid_in_daniels_turn()
    sub = t.session.observe(0).auction
    prompt = unescape(re.sub(r"<[^>]+>", "", t.legal_text.value))
    assert "class='bk-auction'" in t.legal_text.value and "held by Daniel" in prompt
    assert f"Highest bid: {sub.high} by {CLASS[sub.high_bidder]}" in prompt, prompt
    assert "Now: Annette (you)" in prompt and "Annette, you may: " in prompt


def test_the_projector_puts_the_seats_own_farm_board_first_and_folds_the_others():
    """Projector mode at 1280 x 720: the seat's own farm board (its notes) was fourth in the
    column, under What happened, below the screen. Now the own board alone comes under the
    moves, What happened under it, the other boards folded after it (their names and marks
    in the summary), the board's key folded, and the prompt says whose turn it is no more
    (the farm boards and the auction's box do)."""
    t = bid_in_daniels_turn()
    t.projector.value = True
    own, more = t.farms.value, t.more_farms.value
    assert _card(own, 0) and 'data-seat="1"' not in own, "the seat's own farm board alone"
    assert "bk-other-farms" in more and all(f'data-seat="{s}"' in more for s in (1, 2, 3))
    # (the arrow held to its word by a no-break space: it stood alone where the summary wrapped)
    assert "The other farm boards: Daniel (pawn 2, ▶\u00a0turn, auctioneer)" in more and "Text view" in more
    col = list(t.controls.children)
    assert col.index(t.farms) < col.index(t.events) < col.index(t.more_farms)
    assert "bk-turn-line" not in t.legal_text.value and "class='bk-auction'" in t.legal_text.value
    assert "bk-key" in t.view.value and "<summary>Pawns, Piggy Bank, supply and the key</summary>" in t.view.value
    t.projector.value = False                        # back: every farm board, the prompt's turn line
    assert all(f'data-seat="{s}"' in t.farms.value for s in range(4)) and t.more_farms.value == ""
    assert "bk-turn-line" in t.legal_text.value and "bk-key" not in t.view.value


@pytest.mark.slow                                    # (two tables dealt: some 0.2 s)
def test_the_projector_names_the_seats_own_animals_under_the_board():
    """On a projector the seat's farm board, under the controls, went below a 1280 x 720 screen
    once the market's notes to pay showed [G] (its notes are in the picker, its animals were
    nowhere). Now a line under the board names the seat on screen's own animals and money, and
    only its own (each human seat's screen its own), its notes by value too (on most
    auctioneers' screens the farm board's Notes row was below the screen, and the line told
    only how many notes and their total); off the projector the farm boards beside the board
    say it, and the line goes."""
    def at(current):
        t = at_position(table("fairground", players=3, humans=(0, 1), seed=1), current=current, roll=3,
                        pastures=[["sheep", "sheep", "goat"], ["cow"], ["pig"]], barns=[[], ["horse"], []],
                        money=["100+50+10+10", "500+200", None])
        t.show.click()                               # (past the cover: the seat's screen)
        assert t.screen == ("seat", current)
        t.projector.value = True
        return t
    t = at(0)
    line = re.search(r"<div class=\"bk-own-farm\">(.*?)</div>", t.view.value)
    assert line and line.group(1) == \
        "<b>Yours:</b> pasture sheep ×2, goat; barn empty; 4 notes (10\xa0×2, 50\xa0×1, 100\xa0×1), total 170", t.view.value
    assert t.view.value.index("bk-own-farm") < t.view.value.index("bk-key"), "right under the board"
    t.projector.value = False
    assert "bk-own-farm" not in t.view.value
    daniel = at(1).view.value
    assert "<b>Yours:</b> pasture cow; barn horse; 2 notes (200\xa0×1, 500\xa0×1), total 700" in daniel
    assert "sheep ×2, goat" not in daniel and "total 170" not in daniel


def test_the_end_on_a_projector_draws_the_boards_words_in_large_type():
    """The end of a game, all-seeing: on a projector the board's words were the notebook's
    16 units (10.5 px on the screen) while a seat's board had the large type. Now the end's
    board has it too, switched with the Projector as it is toggled; the rest as it was."""
    t = BidderUpTable("animal-market", players=3, humans=[], names=NAMES[:3], seed=2)
    assert t.session.over and t.screen == ("over", None)
    small = t.view.value
    assert "bk-final" in small and 'font-size="24"' not in small
    t.projector.value = True
    assert 'font-size="24"' in t.view.value and "bk-final" in t.view.value
    t.projector.value = False
    assert t.view.value == small
    on = BidderUpTable("animal-market", players=3, humans=[], names=NAMES[:3], seed=2)
    on.projector.value = True
    on.refresh()                                     # a redraw keeps the large type
    assert 'font-size="24"' in on.view.value


def test_the_seats_own_move_stays_in_what_happened_after_a_long_bidding_run():
    """Annette's move to Pen 2, and how she came by the cow, were pushed off the last 12 lines
    by the bidding; now "What happened" goes turn by turn, the bidding told in one line."""
    t = bid_in_daniels_turn()
    said, moves = t.said, t.session.moves
    mine = [i for i, (seat, _) in enumerate(moves) if seat == 0]
    assert len(said) - mine[0] > EVENTS, "the old list of the last lines would have lost her move"
    text = t.events.value
    for i in mine:                                   # her move, and what she did with the cow
        assert escape(said[i]) in text, said[i]
    assert "Annette moves to Pen 2 (small)." in said[mine[0]]
    assert escape("André wins the cow for 140.") in text, "what came of her move"
    assert "Turn 2, now: Daniel's turn" in text and "Turn 1: Annette's turn (yours)" in text
    assert text.index("Turn 2") < text.index("Turn 1"), "newest first"
    first_run = [said[i] for i in range(mine[0] + 1, mine[1]) if " bids " in said[i]]
    assert len(first_run) > 5 and "bid up to 140" in text, "the long first bidding run is told in one line"
    assert not any(escape(line) in text for line in first_run), "none of its bids is a line of its own"
    assert text.count("bk-own") == len(mine), "her own lines are marked"
    t.projector.value = True                         # fewer lines, her last move still there
    text = t.events.value
    assert escape(said[mine[-1]]) in text and "Turn 1: your turn" in text


def test_what_happened_tells_only_the_public_lines():
    """Every line shown is a line of the narration or a bidding run told from such lines;
    sealed bids are told as made, never with an amount; on a cover no line is anyone's own."""
    from bluffkit.widgets.bidder_up import bidding_run
    t = bid_in_daniels_turn()
    said = set(t.said)
    lines = re.findall(r"<div style='padding-left: 12px'>(.*?)</div>", t.events.value)
    for line in lines:
        words = unescape(re.sub(r"<[^>]+>", "", line.replace("</span>", "</span> ")))
        words = words.removeprefix("you ").strip()
        assert words in said or "bid up to" in words or "left out" in words, words
    assert bidding_run(["Ben makes a sealed bid.", "Cy makes a sealed bid.", "Ana makes a sealed bid."],
                       ["Ana", "Ben", "Cy"]) == "Ben, Cy and Ana make sealed bids (3 moves)."
    two = BidderUpTable(players=3, humans=[0, 1], names=CLASS[:3], seed=3)
    drive_until(two, lambda t: t.screen[0] == "seat" and any(seat == t.viewer for seat, _ in t.session.moves))
    assert "bk-own" in two.events.value
    drive_until(two, lambda t: t.screen[0] == "cover")
    assert "bk-own" not in two.events.value, "a cover marks nobody's lines"


@pytest.mark.parametrize("fmt, kind", [("classic", "bid"), ("classic", "passes"), ("secret-value", "sealed"),
                                       ("second-hand", "sealed"), ("secret-count", "sealed")])
def test_the_bidding_fold_reads_the_auctions_own_words(fmt, kind):
    """The fold of a bidding run reads the narration's words ("Ben bids 10.", "Ben makes a
    sealed bid."); were the auctions to word a bid otherwise, the runs would silently stop
    being folded. Each kind of bidding line the auctions say today must be one it reads."""
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    from bluffkit.widgets.bidder_up import _CHATTER
    game = make_game("auction", format=fmt)
    said = [line for seed in range(6) for line in Session(game, ["random"] * 4, seed=seed).run().says]
    matched = [m for m in map(_CHATTER.match, said) if m is not None and m[kind]]
    assert matched, f"no {kind} line of {fmt} is read as bidding: {said[:8]}"


def test_baby_animals_on_the_fairground_the_challenger_picks_the_specimens_in_the_dropdown():
    """[K]: "the challenger may decide which two specimens (male/female) are horse-traded":
    one entry per choice the two pastures allow, and the chosen one is played."""
    t = at_position(table("fairground", players=3, humans=(0,), seed=1, variants=["babies"]), current=0, roll=3,
                    babies=["sheep", "cow", "pig", "dog"],
                    pastures=[["sheep", "sheep-m", "cow"], ["sheep", "cow-m"], ["cow"]])
    t.show.click()
    t.view.click_space("hill-north")
    assert t.session.state.phase == "trade", t.session.state.phase
    labels = dict((v, label) for label, v in t.trade_target.options)
    sheep, cow = ANIMALS.index("sheep"), ANIMALS.index("cow")
    assert {v[2] for v in labels if v[:2] == (1, sheep)} == {"ff", "mf"}, "her female or the male, for his female"
    assert labels[(1, sheep, "mf")] == "Daniel's sheep \u2640 for your sheep \u2642"
    assert {v for v in labels if v[1] == cow} == {(1, cow, "fm"), (2, cow, "ff")}, "one choice each: the cows held"
    t.trade_target.value = (1, sheep, "mf")
    t.choose_notes(cheapest_offer(t))
    t.notes_button.click()
    k, (_, move) = played_trade(t)
    assert str(move).startswith("trade 1 sheep:m:f offer")
    assert t.session.states[k + 1].trade[2] == (sheep + A.MALE, sheep), "her male against his female"
    assert "challenges Daniel for a sheep, Daniel's female against Annette's male, offer face down" \
        in t.session.says[k], "the choice is public: said to the table"


def test_the_challenged_player_is_told_which_specimens_are_put_up():
    t = at_position(table("fairground", players=3, humans=(0, 1), seed=1, variants=["babies"]), current=0, roll=3,
                    babies=["sheep", "cow", "pig", "dog"], pastures=[["sheep"], ["sheep", "sheep-m"], ["cow"]])
    t.show.click()
    t.view.click_space("hill-north")
    sheep = ANIMALS.index("sheep")
    t.trade_target.value = (1, sheep, "fm")
    t.choose_notes(cheapest_offer(t))
    t.notes_button.click()
    t.show.click()                                       # Daniel's screen, after the cover
    assert t.viewer == 1 and "challenges you for your male sheep (against their female)" in t.legal_text.value


def test_the_trade_dropdown_names_no_specimens_without_baby_animals():
    t = at_position(table("fairground", players=3, humans=(0,), seed=1), current=0, roll=3,
                    pastures=[["sheep", "cow"], ["sheep"], ["cow"]])
    t.show.click()
    t.view.click_space("hill-north")
    assert [label for label, _ in t.trade_target.options] == ["Daniel's sheep", "Ben's cow"]
    offer = cheapest_offer(t)
    assert t.click_action(A.Trade(2, ANIMALS.index("cow"), offer))
    assert played_trade(t)[1] == (0, A.Trade(2, ANIMALS.index("cow"), offer))


def played_trade(t) -> tuple:
    """Where Annette's horse-trade is in the session's moves, and the move (the bots play on)."""
    return next((k, m) for k, m in enumerate(t.session.moves) if m[0] == 0 and isinstance(m[1], A.Trade))


def cheapest_offer(t) -> tuple:
    hand = t.session.observe(t.viewer).hand
    i = next(i for i, c in enumerate(hand) if c and i)       # one note, not a 0
    return tuple(int(k == i) for k in range(len(hand)))


def test_a_cat_in_the_bag_names_the_pens_animals_but_not_the_one_on_sale():
    """The prompt said "On sale: animals face down" (one is sold) and no line named the three
    animals the auctioneer shows before the shuffle; the board drew "3 hidden"."""
    t = BidderUpTable(players=3, humans=[0], names=CLASS[:3], seed=0)
    d, rng = driver_for(t), np.random.default_rng(0)
    for _ in range(600):
        st = t.session.state
        if (t.screen == ("seat", 0) and st.auction is not None and st.auction.phase == "bid"
                and st.auction.rules.fmt.title == "Cat in the Bag" and st.auction.auctioneer != 0):
            break
        d.click(t, rng)
    else:
        raise AssertionError("no Cat in the Bag auction reached with Annette bidding")
    sub = st.auction
    shown = " and ".join([", ".join(f"the {A.name(a)}" for a in sub.pen[:-1]), f"the {A.name(sub.pen[-1])}"])
    assert f"On sale: <b>a face-down animal from the pen ({shown})</b>" in t.legal_text.value, t.legal_text.value
    shuffles = [line for line in t.said if "shuffles the pen's animals" in line]
    assert shuffles and all(A.name(a) in shuffles[-1] for a in sub.pen), shuffles


@pytest.mark.parametrize("seen", [False, True])
def test_the_challenged_player_is_told_the_number_of_notes_only_when_they_lie_fanned_out(seen):
    """[E] "you may cover your bid with your hand, or ... deliberately fan out the face-down
    notes": with ``offer_count_seen`` the challenged player (and everyone) sees how many."""
    t = at_position(table("animal-market", players=3, humans=(0, 1), seed=1, offer_count_seen=seen), current=0,
                    roll=3, money=["0+0+0+10", "50+10", "50"], pastures=[["cow"], ["cow"], []])
    t.show.click()
    t.try_move("move trade-1")
    assert ("fanned out: everyone sees how many" in t.legal_text.value) is seen, "the challenger is told first"
    t.try_move("trade 1 cow offer 0+0+0+10")
    t.show.click()                                       # Ben's screen, after the cover
    assert t.viewer == 1 and "challenges you for your cow, offer face down" in t.legal_text.value
    assert ("(4 notes, fanned out): agree" in t.legal_text.value) is seen
    assert ("counter with notes (fanned out: everyone sees how many)" in t.legal_text.value) is seen
    # Annette's farm board, on Ben's screen: her notes face down, the offer among them (she offered
    # all four); how many of them are offered is said only when they are fanned out
    annette = _card(t.farms.value, 0)
    assert "4 notes, face down" in annette
    assert ("4 of them in the horse-trade offer, fanned out" in annette) is seen


@pytest.mark.slow                      # a whole game through the panel (1 s)
def test_the_die_and_the_board_say_the_game_is_over_after_the_end():
    """Clicks the browser may still send once the game is over (the die, a space) are told
    the game is over, not to uncover the table, and change nothing."""
    import numpy as np

    from bluffkit.widget_check import driver_for
    t = BidderUpTable("animal-market", players=2, humans=[0], seed=3)
    drive, rng = driver_for(t), np.random.default_rng(0)
    for _ in range(3000):
        if t.session.over or not drive.click(t, rng):
            break
    assert t.session.over
    moves = len(t.session.moves)
    for click in (t._roll, lambda: t.click_space("pen-1")):
        t.message.value = ""
        click()
        assert "The game is over" in t.message.value and "Uncover" not in t.message.value
    assert len(t.session.moves) == moves


@pytest.mark.parametrize("board, players, variants", [("fairground", 3, ()), ("animal-market", 2, ()),
                                                      ("fairground", 4, ("babies",))])
def test_the_scores_toggle_counts_the_farm_boards_everyone_sees(board, players, variants):
    """The Scores toggle showed nothing in Bidder Up!. It now counts what every player sees on
    the farm boards [I]: barns (with babies) times their types, the petting zoo, less loans;
    the same from every seat's view, and never money, Value-Gain tickets or the sow."""
    from bluffkit.games.bidder_up.engine import Table
    from bluffkit.games.bidder_up.scoring import score_of
    t = table(board, players=players, humans=range(players), seed=11, variants=list(variants))
    s, rng = t.session, np.random.default_rng(5)
    counted = 0
    for step in range(400):
        s.advance()
        if s.over:
            break
        seat = s.to_move[0]
        if step % 9 == 0:
            tb, r = Table.thaw(s.state), s.state.rules
            want = []
            for k in range(players):
                p = tb.score_parts(k)
                want.append(score_of(p["animals"], 0, False, 0, p["loans"], p["barn_babies"], p["zoo_babies"],
                                     r.baby_points))
            got = {t.public_scores(s.observe(k)) for k in range(players)}
            assert got == {tuple(want)}, (step, got, want)
            counted += any(want)
        s.play(s.legal(seat).sample(rng), seat)
    assert counted >= 5, "some farm boards held animals when counted"
    t.refresh()
    if not s.over:
        if t.screen[0] == "cover":
            t.show.click()
        t.scores_button.value = True
        assert "Scores now" in t.scores.value and "points on the farm boards" in t.scores.value


def test_a_dutch_auction_says_the_count_and_asks_before_a_take_beyond_ones_notes():
    """The Dutch prompt said only "You may: take or pass": the count the auctioneer calls out
    (the price of the hammer) was nowhere, and a student holding 9 notes took it at 10,
    then had to show all their money. The prompt and the button now say the count, and a
    take at a count above one's notes is asked about once (as a bid above one's money is)."""
    t = table("animal-market", players=4, humans=[0], seed=3)
    s, rng = t.session, np.random.default_rng(1)
    for _ in range(400):
        s.advance()
        assert not s.over, "no Dutch auction asked the human seat"
        sub = s.observe(0).auction
        if sub is not None and sub.rules.fmt.name == "dutch" and sub.phase == "bid" and s.to_move[0] == 0:
            break
        s.play(s.legal(s.to_move[0]).sample(rng), s.to_move[0])
    t.refresh()
    count, holds = sub.count, sum(sub.hand)
    assert count > holds, "the test needs a count above the seat's notes"
    assert f"The count: <b>{count} notes</b>" in t.legal_text.value
    take = [b for row in t.auction_moves.children for b in getattr(row, "children", ())
            if b.description.startswith("Take it")]
    assert [b.description for b in take] == [f"Take it for {count} notes (grab the hammer)"]
    moves = len(s.moves)
    take[0].click()
    said = unescape(re.sub(r"<[^>]+>", "", t.message.value))
    assert len(s.moves) == moves and f"You hold {holds} notes: if you take it at {count} notes and win" in said
    assert f"Click Take it for {count} notes again to take it anyway" in said
    # (what she holds in bold; the question's class: on a projector in the farm boards' type)
    assert f"<b>You hold {holds} notes:</b>" in t.message.value and "bk-overbid" in t.message.value
    take[0].click()                                           # read, then clicked again: played
    assert len(s.moves) > moves and s.moves[moves][0] == 0 and str(s.moves[moves][1]) == "take"


def test_the_gambles_three_shows_the_notes_drawn():
    """On a 3 the gambler is lucky: "they take the top 3 notes, look at them, and give 1" [J]; the panel
    asked to give one of the three with buttons "Give the 0" and "Give the 10" and never
    showed the three (0, 10 and 10)."""
    for seed in range(40):
        t = table("fairground", players=2, humans=range(2), seed=seed)
        s, rng = t.session, np.random.default_rng(seed)
        for _ in range(3000):
            s.advance()
            if s.over or s.state.phase == "give":
                break
            s.play(s.legal(s.to_move[0]).sample(rng), s.to_move[0])
        if s.state.phase == "give":
            break
    else:
        pytest.fail("no random game reached the gamble's 3")
    seat = s.to_move[0]
    t.refresh()
    if t.screen[0] == "cover":
        t.show.click()
    d = s.state.rules.denominations
    drawn = sorted((d[i] for i in s.state.drawn), reverse=True)
    assert len(drawn) == 3
    assert f"you drew <b>{drawn[0]}, {drawn[1]} and {drawn[2]}</b>" in t.legal_text.value, t.legal_text.value
    other = s.observe(1 - seat)
    assert not isinstance(other.drawn, tuple), "the opponent sees how many, not which"


def human_turns(board: str, players: int, seeds=range(30), steps: int = 3000, **options):
    """Random games of human seats (under rule ``options``): yields ``(t, s, seat)`` before
    each move (the panel and its session), then plays a random legal move for ``seat``."""
    for seed in seeds:
        t = table(board, players=players, humans=range(players), seed=seed, **options)
        s, rng = t.session, np.random.default_rng(seed)
        for _ in range(steps):
            s.advance()
            if s.over:
                break
            seat = s.to_move[0]
            yield t, s, seat
            s.play(s.legal(seat).sample(rng), seat)


def on_screen(t) -> None:
    """Draw the panel, and lift the cover if there is one."""
    t.refresh()
    if t.screen[0] == "cover":
        t.show.click()


def test_an_offer_or_counter_is_closed_until_a_note_is_chosen_and_a_refusal_goes_with_the_choice():
    """"Counter with 0 notes (0)" could be clicked with no note chosen ("an offer is at least
    one note"), and the red refusal stayed after notes were chosen."""
    seen: set = set()
    for t, s, _seat in human_turns("animal-market", 3, steps=2000):
        if seen == {"Offer", "Counter"}:
            return
        if s.state.phase not in ("trade", "respond") or s.state.auction is not None:
            continue                                   # (no offer or counter on screen: not drawn)
        on_screen(t)
        verb = t.notes_button.description.split()[0]
        if t.notes_box.layout.display == "none" or t._need is not None or verb not in ("Offer", "Counter") \
                or any(t.chosen_notes()) or verb in seen:
            continue
        seen.add(verb)
        assert t.notes_button.disabled and "choose them first" in t.notes_button.tooltip
        t.message.value = "<div class='bk-box bk-refusal'>refused</div>"
        t.note_toggles[0].value = True
        assert not t.notes_button.disabled and t.message.value == "", verb
    pytest.fail(f"random games reached only {seen}")


def test_the_call_warns_the_caller_and_an_end_with_no_ticket_says_so():
    """The Call's caller was asked only "call 1 to 500", not told that a refused price is
    theirs to pay ("Daniel refuses: Annette must buy at 60"); and every turn ended with
    "Reveal one action ticket, or end your turn." where no ticket could be revealed."""
    found: set = set()
    for t, s, seat in human_turns("fairground", 2):
        if found == {"call", "end"}:
            return
        sub = s.observe(seat).auction
        if sub is not None and sub.rules.fmt.name == "the-call" and sub.legal and sub.legal.call \
                and "call" not in found:
            on_screen(t)
            other = s.names[1 - seat]
            assert f"If {other} refuses your price, you must buy it yourself at that price" in t.legal_text.value
            found.add("call")
        if s.state.phase == "end" and not s.legal(seat).tickets and "end" not in found:
            on_screen(t)
            assert "No ticket of yours can be revealed now: end your turn." in t.legal_text.value
            found.add("end")
    pytest.fail(f"random games reached only {found}")


@pytest.mark.parametrize("board, players", [("animal-market", 3), ("fairground", 4)])
def test_each_trader_is_told_what_they_gave_and_received_in_a_horse_trade(board, players):
    """After a horse-trade neither trader was told what they received ("Annette's money jumps
    from 0 to 140 with no explanation"). "The two bids are then swapped" [E]: each trader's
    screen now says what they gave and received, until their next move, read from their own
    view alone. Checked here against the whole state (the offer and the counter)."""
    from bluffkit.core.money import fmt, total
    t = table(board, players=players, humans=range(players), seed=1)
    d = t.game.rules.denominations

    def said(notes, counting=False):
        if not sum(notes):
            return "no notes"
        if counting:                                   # a Special Horse-Trade: the number counts [H]
            return f"{sum(notes)} note{'s' if sum(notes) != 1 else ''} ({fmt(notes, d)})"
        if not total(notes, d):                        # 0-notes alone: "1 note of 0"
            return f"{sum(notes)} note{'s' if sum(notes) != 1 else ''} of 0"
        return fmt(notes, d) + (f" = {total(notes, d):,}" if sum(notes) > 1 else "")   # (the rulebooks: "1,000")
    checked = 0
    for seed in range(8):
        t = table(board, players=players, humans=range(players), seed=seed)
        s, rng = t.session, np.random.default_rng(seed)
        for _ in range(1500):
            s.advance()
            if s.over:
                break
            seat = s.to_move[0]
            before = s.state
            action = s.legal(seat).sample(rng)
            s.play(action, seat)
            if before.phase == "respond" and before.auction is None and s.state.trade is None:
                c, target, _, offer, by_count = before.trade
                counter = getattr(s.moves[-1][1], "notes", None) or (0,) * len(d)
                names = s.names
                _, _, _, kind, winner, _ = s.state.log          # ("trade", c, t, type, winner, agreed)
                animal = ANIMALS[kind]

                def moved(me, other, names=names, animal=animal, winner=winner):
                    return (f"you get {names[other]}'s {animal}" if winner == me
                            else f"{names[other]} gets your {animal}")
                k = bool(by_count)
                want = {c: f"Your horse-trade with {names[target]}: you gave {said(offer, k)} and received "
                           f"{said(counter, k)}; {moved(c, target)}.",
                        target: f"Your horse-trade with {names[c]}: you gave {said(counter, k)} and received "
                                f"{said(offer, k)}; {moved(target, c)}."}
                for k in range(players):            # the others keep what their own last trade said
                    if k in want:
                        assert bidder_up_trade_receipt(t.session, k) == want[k], (k, bidder_up_trade_receipt(t.session, k), want)
                    else:
                        assert bidder_up_trade_receipt(t.session, k) not in want.values()
                checked += 1
        if checked >= 6:
            break
    assert checked >= 6, checked
    s.advance()
    if not s.over:
        seat = s.to_move[0]
        t.refresh()
        if t.screen[0] == "cover":
            t.show.click()
        receipt = bidder_up_trade_receipt(t.session, seat)
        assert (receipt_html([receipt]) in t.legal_text.value) if receipt else "Your horse-trade" not in t.legal_text.value


def test_the_end_sheet_keeps_a_name_that_holds_a_colon_and_escapes_names():
    """The sheet's cell was cut at the first ": ", which a name may hold ("Team: Red")."""
    from bluffkit.agents.base import make_agent
    from bluffkit.core.game import make_game
    from bluffkit.core.play import play
    from bluffkit.games.bidder_up.view import end_html
    g = make_game("bidder-up", board="fairground")
    final = play(g, [make_agent("heuristic", g) for _ in range(3)], 5).final.freeze()
    names = ["<i>Zoë</i>", "Team: Red", "André"]
    html = end_html(g, final, names)
    assert "<i>" not in html and "&lt;i&gt;Zoë&lt;/i&gt;" in html
    for line, name in zip(g.score_sheet(final, names), names):
        assert f"<td colspan='2' style='padding: 0 0 4px 12px; font-size: .85em'>{escape(line[len(name) + 2:])}</td>" \
            in html
        assert "Red: (barn" not in html


def test_a_cost_in_notes_is_closed_until_that_many_notes_are_chosen():
    """"Move to Start: pay 2 notes (20)" was open for a move that costs 3, and refused it in
    red. The button stays closed, saying how many to choose, until the number is right."""
    for seed in range(20):
        t = table("animal-market", players=2, humans=[0], seed=seed)
        s = t.session
        s.advance()
        if t.screen[0] == "cover":
            t.show.click()
        t.roll_button.click()
        costs = [(sid, cost) for sid, (_, cost) in s.legal(0).key if cost >= 2] if s.state.phase == "move" else []
        if costs:
            break
    else:
        pytest.fail("no roll left a space that costs 2 notes or more")
    sid, cost = costs[0]
    t.click_space(str(sid))
    assert t.notes_box.layout.display != "none" and not t.notes_button.disabled
    chosen = [b for b in t.note_toggles if b.value]
    assert len(chosen) == cost
    chosen[0].value = False
    assert t.notes_button.disabled and t.notes_button.tooltip == f"choose {cost} notes: {cost - 1} chosen"
    moves = len(s.moves)
    t.notes_button.click()                          # (a click from code: refused, nothing played)
    assert len(s.moves) == moves and "bk-refusal" in t.message.value
    chosen[0].value = True
    assert not t.notes_button.disabled
    t.notes_button.click()
    assert len(s.moves) > moves and s.state.pos[0] != s.states[moves].pos[0] or s.over


def test_a_cost_paid_with_a_0_note_is_closed_where_0_notes_do_not_pay():
    """Under zero_pays_count off [L7] the right number of notes with a 0-note among them
    opened Pay, and a red refusal followed."""
    for seed in range(30):
        t = table("animal-market", players=2, humans=[0], seed=seed, zero_pays_count=False)
        s = t.session
        s.advance()
        if t.screen[0] == "cover":
            t.show.click()
        t.roll_button.click()
        hand = s.observe(0).hand
        costs = [(sid, cost) for sid, (_, cost) in s.legal(0).key if cost >= 1] if s.state.phase == "move" else []
        if costs and hand[0] and sum(hand) - hand[0] >= costs[0][1]:
            break
    else:
        pytest.fail("no roll left a cost to pay with a 0-note in hand")
    sid, cost = costs[0]
    t.click_space(str(sid))
    assert not t.notes_button.disabled, "the notes chosen to begin with pay (no 0-note)"
    zero = next(b for b in t.note_toggles if b.description == "0")
    other = next(b for b in t.note_toggles if b.value)
    other.value, zero.value = False, True
    assert t.notes_button.disabled and "0-notes do not pay costs here" in t.notes_button.tooltip


def test_the_end_of_a_turn_names_a_held_ticket_that_cannot_be_played():
    """A Special Horse-Trade with nobody to trade with was left off the buttons without a word."""
    for t, s, seat in human_turns("fairground", 2, steps=4000):
        obs = s.observe(seat)
        if s.state.phase != "end" or obs.auction is not None:
            continue
        held = [x for x in obs.my_tickets if x.endswith("horse-trade") and x not in s.legal(seat).tickets]
        if held:
            on_screen(t)
            assert "Held, but not playable now: " in t.legal_text.value and "Horse-Trade" in t.legal_text.value
            assert "a horse-trade needs a type on your pasture" in t.legal_text.value
            return
    pytest.fail("no random game held a horse-trade ticket it could not play at the end of a turn")


def test_a_held_horse_trade_without_a_note_to_offer_says_so_not_that_no_type_is_shared():
    """Ann shares the sheep with Bo but holds no note: her Horse-Trade was said to need "a
    type on your pasture that another player also has", which she has; an offer needs a note [E]."""
    from bluffkit.session import Session
    t = table("fairground", players=3, humans=(0,), seed=1)
    start = dict(current=0, roll=3, money=["", "10+10", "10"], pastures=[["sheep"], ["sheep"], []],
                 tickets=[["horse-trade"], [], []])
    t.session = s = Session(t.game, ["human", "random", "random"], names=NAMES[:3], seed=1, start=start)
    s.play("move hill-south", 0)                  # the raffle booth (hill): draw none, then the turn's end
    s.play("raffle 0", 0)
    assert s.state.phase == "end"
    on_screen(t)
    words = unescape(t.legal_text.value)
    assert "Held, but not playable now: Horse-Trade (a horse-trade needs a note to offer)" in words, words


def test_a_repeat_after_showing_ones_money_says_the_most_one_may_bid():
    """On a Dutch repeat a player who had shown all their money could only pass, with no word
    why: "On the repeat, that player may bid at most as much as they could actually pay"."""
    for t, s, seat in human_turns("animal-market", 4, range(40), 600, start_money=(1, 3, 1, 0, 0, 0)):
        sub = s.observe(seat).auction
        if sub is not None and sub.phase == "bid" and sub.caps[seat] >= 0:
            on_screen(t)
            cap = sub.caps[seat]
            said = f"{cap} note{'s' if cap != 1 else ''}" if sub.rules.pricing == "count" else str(cap)
            assert f"You showed all your money: on this repeat you may bid at most {said}." \
                in t.legal_text.value, t.legal_text.value
            return
    pytest.fail("no random game reached a repeat with a bidder who had shown their money")


def test_a_dutch_repeat_after_showing_ones_money_says_the_most_one_may_bid_in_notes():
    """Dutch (3) is priced in notes: "They must pay the number of notes the auctioneer had
    called out". A bidder holding fewer notes than the count who grabs the hammer cannot
    pay and shows their money; "On the repeat, that player may bid at most as much as they
    could actually pay": as many notes as they hold, said in notes, not as an amount."""
    t = table("animal-market", players=4, humans=range(4), seed=0, start_money=(1, 1, 1, 0, 0, 0))
    s, rng = t.session, np.random.default_rng(0)
    held = {}
    for _ in range(400):
        s.advance()
        seat = s.to_move[0]
        sub = s.observe(seat).auction
        if sub is not None and sub.rules.pricing == "count" and sub.phase == "bid":
            if seat in held:                       # the repeat, the seat that showed to move
                on_screen(t)
                words = t.legal_text.value
                assert f"You showed all your money: on this repeat you may bid at most {held[seat]} notes." in words, words
                assert "you may: pass." in words, "the count (10) is above what the seat holds: it may only wait"
                return
            hand = s.observe(seat).hand
            if sub.reruns == 0 and sum(hand) < sub.count and Word("take") in sub.legal.words:
                held[seat] = sum(hand)
                s.play(s.game.parse("take"), seat)
                continue
        s.play(s.legal(seat).sample(rng), seat)
    pytest.fail("no Dutch auction reached a repeat with a bidder who had shown their money")


def test_a_seats_own_sealed_move_says_what_it_was_to_that_seat_alone():
    """The table hears "Daniel makes a sealed bid." of a sealed bid and of a pass alike
    (nobody may tell before the reveal); Daniel's own What happened says what his was
    ("yours: a pass, no bid"), no other screen and no cover does."""
    import re

    t = at_position(table(players=3, humans=(0, 1, 2), seed=1, tiles=("secret-value", "classic", "dutch",
                                                                       "round-the-table")),
                    current=0, roll=3, pens={"pen-2": ["cow"]}, money=["10+10+50", "10+50+100", "0+10+200"])

    def events() -> str:
        return " ".join(re.sub(r"<[^>]+>", " ", t.events.value).split())

    seen = []
    t.show.click()
    assert t.click_action(t.game.parse("move pen-2 pay 10"))
    t.show.click()
    assert t.viewer == 1 and t.click_action(t.game.parse("pass"))
    seen.append(events())                               # the cover before Ben's screen
    t.show.click()
    assert t.viewer == 2
    seen.append(events())
    assert "Daniel makes a sealed bid." in seen[-1]
    assert t.click_action(t.game.parse("bid 60"))
    for _ in range(6):                                  # Annette sells, Ben pays: Daniel's turn comes
        if t.screen[0] == "cover":
            seen.append(events())
            t.show.click()
            continue
        if t.viewer == 1:
            break
        seen.append(events())
        assert t.click_action(t.session.observe(t.viewer).legal.actions()[0])
    assert t.viewer == 1
    assert "Daniel makes a sealed bid (yours: a pass, no bid)." in events(), events()
    assert not any("yours:" in page for page in seen), seen


def test_a_move_then_the_market_say_their_costs_and_refuse_what_is_not_their_moment():
    """Along one turn: the space buttons end with the cost of the move, 'roll' after the
    roll changes nothing, a cost with one note too many is closed saying so, a space click
    in the market does nothing, and the market's title counts 1, 3, 6 notes for 1, 2, 3
    steps of one type [G] (two types one step each: 1 + 1)."""
    t = at_position(table("fairground", players=3, humans=(0,), seed=1), current=0, roll=1,
                    money=["10+10+10+10+10+10", "10+10", "10+10"])
    s = t.session
    legal = s.legal(0)
    words = {b.description for b in t.spaces_box.children}
    assert len(words) == len(legal.key)
    for sid, (_, cost) in legal.key:
        ends = f"{cost} note" + ("s" if cost > 1 else "") if cost else "free"
        assert f"{t.label(sid)}: {ends}" in words, (sid, cost, words)
    t.try_move("roll")
    assert t.message.value and "It is not your roll now." in t.message.value
    assert s.moves == [] and s.state.phase == "move" and s.state.roll == 1
    sid, cost = next((sid, c) for sid, (_, c) in legal.key if c >= 2)
    t.click_space(str(sid))
    extra = next(b for b in t.note_toggles if not b.value)
    extra.value = True
    assert t.notes_button.disabled and t.notes_button.tooltip == f"choose {cost} notes: {cost + 1} chosen"
    market = next(sid for sid, (_, c) in legal.key if t.layout_.kind(sid) == "market" and c == 1)
    t.click_space(str(market))
    t.notes_button.click()
    assert s.state.phase == "market" and t.screen == ("seat", 0), s.state.phase
    moves, t.message.value = list(s.moves), ""
    t.click_space(str(market))
    assert "This is not the moment to move a pawn" in t.message.value and s.moves == moves
    a, b = list(t.market_steps)[:2]
    three = next(v for _, v in t.market_steps[a].options if abs(v) == 3)
    for changes, notes in (({a: 1}, 1), ({a: 2}, 3), ({a: three}, 6), ({a: 1, b: 1}, 2)):
        for x, dd in t.market_steps.items():
            dd.value = changes.get(x, 0)
        assert f"costs <b>{notes} note" in t.notes_title.value, (changes, t.notes_title.value)


def test_each_keep_button_keeps_its_own_ticket():
    """Two tickets drawn: the first Keep button keeps the first ticket, not the last one."""
    t = at_position(table("fairground", players=3, humans=(0,), seed=1), current=0, roll=1,
                    bag=["wool-milk:1", "extra-turn"], money=["10+10+10", "10+10", "10+10"])
    s = t.session
    raffle = next(sid for sid, (_, c) in s.legal(0).key if t.layout_.kind(sid) == "raffle" and c == 0)
    t.click_space(str(raffle))
    assert t._click_word("Draw 2 tickets (2 notes)")
    t.notes_button.click()
    assert s.state.phase == "keep"
    drawn = s.legal(0).key
    assert len(set(drawn)) == 2, drawn
    keep = [b for b in t.buttons_box.children if b.description.startswith("Keep ")]
    assert len(keep) == 2
    played = len(s.moves)
    keep[0].click()
    assert s.moves[played] == (0, A.Keep(drawn[0]))
    assert drawn[0] in s.observe(0).my_tickets


def test_no_ringed_spaces_are_left_behind_the_cover():
    """[C] the spaces are chosen after the roll, by the seat that rolled: the spaces ringed
    for its roll are no longer clickable once the screen is covered for the next person."""
    t = table(humans=(0, 1))
    t.show.click()
    t.roll_button.click()
    assert t.view.clickable, "after the roll: the reachable spaces"
    t.show_screen(("cover", 0))
    assert t.screen == ("cover", 0) and t.view.clickable == []


def test_the_receipt_names_the_specimen_received_under_baby_animals():
    """[K] the challenger decides which two specimens are horse-traded; [E] the challenged
    player who agrees takes the offer and gives the animal. Annette offers her female sheep for
    Daniel's male and Daniel agrees: she gets his male, and he is told she gets his male."""
    t = at_position(table("fairground", players=3, humans=(0, 1), seed=1, variants=["babies"]), current=0, roll=3,
                    babies=["sheep", "cow", "pig", "dog"], money=["10+10", "10", None],
                    pastures=[["sheep"], ["sheep-m"], ["cow"]])
    t.show.click()
    t.try_move("move hill-north")
    t.try_move("trade 1 sheep:f:m offer 10")
    t.show.click()                                       # Daniel's screen, after the cover
    assert t.viewer == 1 and t.message.value == ""
    t.try_move("agree")
    assert t.message.value == ""
    assert bidder_up_trade_receipt(t.session, 0).endswith("you get Daniel's sheep \u2642.")
    assert bidder_up_trade_receipt(t.session, 1).endswith("Annette gets your sheep \u2642.")


def test_the_end_of_turn_names_only_tickets_that_cannot_be_revealed():
    """[H] an action ticket may be revealed at any point of the turn: an Extra Turn held at the
    end of a turn is offered, and so it is not among the tickets "held, but not playable now"."""
    t = at_position(table("fairground", players=3, seed=1), current=0, roll=1,
                    tickets=[["extra-turn"], None, None])
    t.view.click_space("hill-west")                      # a Piggy Bank: the notes are taken, the turn ends
    assert t.session.state.phase == "end" and t.screen == ("seat", 0)
    assert "Reveal one action ticket, or end your turn." in t.legal_text.value
    assert "Reveal Extra Turn" in [b.description for b in t.buttons_box.children]
    assert "Held, but not playable now" not in t.legal_text.value


@pytest.mark.parametrize("empty", [False, True])
def test_an_empty_offer_is_open_where_the_rules_take_it(empty):
    """[L7] whether a horse-trade offer may be empty is a rules option (``empty_offer``): with
    it the offer button is open before any note is chosen; without it, it is closed, saying
    to choose notes first."""
    t = at_position(table("fairground", players=3, seed=1, empty_offer=empty), current=0, roll=3,
                    pastures=[["sheep"], ["sheep"], ["cow"]])
    t.view.click_space("hill-north")
    assert t.session.state.phase == "trade" and not any(t.chosen_notes())
    assert t.notes_button.disabled is not empty
    assert ("click your notes above to choose them first" in t.notes_button.tooltip) is not empty


@pytest.mark.parametrize("ious", [(2, 2, 2), (0, 0, 0)])
def test_the_piggy_bank_offers_a_loan_in_words_only_while_one_is_left(ious):
    """[J] with two players the Piggy Bank offers a raid, a loan with its IOU, or a gamble;
    "If no matching IOU note is left on the supply board, the player can't take that loan".
    With every IOU gone the prompt said "take a loan with
    its IOU" all the same, and no button took one."""
    t = table("fairground", players=2, seed=1)
    g = t.game
    start = g.table(g.state_from_position(2, current=0, roll=1))
    start.ious = ious                                    # the IOUs left beside the supply board
    s = t.session
    start_at(s, start.freeze())
    t.said, t.viewer = [], None
    t.refresh()
    t.view.click_space("hill-west")                      # a Piggy Bank space
    assert s.state.phase == "piggy" and t.screen == ("seat", 0)
    buttons = [b.description for b in t.buttons_box.children]
    left = any(ious)
    assert "Raid the Piggy Bank" in buttons and "Gamble (roll the die)" in buttons
    assert any(b.startswith("Take a loan") for b in buttons) is left
    assert ("loan with its IOU" in t.legal_text.value) is left
    assert ("raid it or gamble" in t.legal_text.value) is not left


def test_the_piggy_banks_loans_say_what_their_ious_cost_at_the_end():
    """[J] "Loan (a 100, 200 or 500 note with its IOU; -300, -600 or -1,500 at the end)": the
    choice said "take a loan with its IOU" and its buttons "Take a loan of 500 (with its IOU)",
    and only the narration after the loan told the 1,500 to repay; a class chose blind."""
    t = table("fairground", players=2, seed=1)
    g = t.game
    start = g.table(g.state_from_position(2, current=0, roll=1))
    start.ious = (2, 0, 1)                               # no 200 IOU left: no loan of 200
    s = t.session
    start_at(s, start.freeze())
    t.said, t.viewer = [], None
    t.refresh()
    t.view.click_space("hill-west")                      # a Piggy Bank space
    words = unescape(re.sub(r"<[^>]+>", "", t.legal_text.value))
    assert "repaid at the end: 300 for the 100; 1,500 for the 500" in words, words
    tips = {b.description: b.tooltip for b in t.buttons_box.children}
    assert tips["Take a loan of 100 (with its IOU)"] == "take the 100 note and its IOU: 300 to repay at the end"
    assert tips["Take a loan of 500 (with its IOU)"] == "take the 500 note and its IOU: 1,500 to repay at the end"
    assert not any("200" in b for b in tips), "no 200 IOU left: no loan of 200 [J]"


def test_a_farm_board_is_tagged_only_when_its_seat_is_asked_something():
    """The seat on screen's farm board says what it is asked to do ("to bid"); asked nothing
    (another player's move on the Piggy Bank, say), its board carries no empty tag."""
    from bluffkit.widgets.bidder_up import mark_turn
    html = ('<div class="bk-farm" data-seat="0"><span class="bk-you" style="x">your view</span></div>'
            '<div class="bk-farm" data-seat="1"><span class="bk-turn" style="y">\u25b6 Daniel\u2019s turn</span></div>')
    assert mark_turn(html, "Daniel", 0, "") == html
    assert mark_turn(html, "Daniel", None, "to bid") == html, "a cover: no seat on screen"
    assert mark_turn(html, "Daniel", 0, "to bid").count("bk-asked") == 1


def test_two_bidding_lines_are_told_as_said_and_three_in_one():
    """What happened folds a run of three or more bidding lines into one ("bid up to 20");
    two lines are as short told as they were said."""
    t = table()
    t.viewer = None                                      # (nobody's own lines to mark)
    t.said = ["Daniel moves to Pen 2 (small).", "Ben bids 10.", "Carla bids 20.", "Carla wins the cow for 20."]
    assert [text for text, _ in t._items([0, 1, 2, 3], None)] == t.said
    t.said[3:3] = ["Ben bids 30."]
    folded = [text for text, _ in t._items([0, 1, 2, 3, 4], None)]
    assert folded == [t.said[0], "Ben and Carla bid up to 30, Ben highest (3 moves).", t.said[4]]


def test_a_trade_of_the_only_male_puts_up_the_male_by_default():
    """[K] with Baby Animals the challenger may choose the specimens; left unchosen, a female
    is put up where there is one, else the male. Annette holds only the male rooster and Daniel
    a female: the default puts up her male against his female, for every type, the rooster
    (the first) too."""
    from bluffkit.widgets.bidder_up import specimens
    t = at_position(table("fairground", players=3, seed=1, variants=["babies"]), current=0, roll=3,
                    babies=["sheep", "cow", "pig", "dog"], money=["10+10", "10", None],
                    pastures=[["rooster-m", "sheep"], ["rooster", "sheep-m"], ["cow"]])
    obs, d = t.session.observe(0), t.game.rules.denominations
    assert specimens(obs, 0, A.Trade(1, ANIMALS.index("rooster"), (0, 1), d)) == "mf"
    assert specimens(obs, 0, A.Trade(1, ANIMALS.index("sheep"), (0, 1), d)) == "fm"
    assert specimens(obs, 0, A.Trade(1, ANIMALS.index("sheep"), (0, 1), d, "fm")) == "fm"


def test_buying_more_tickets_than_the_bag_holds_says_buy_on_the_pay_button():
    """raffle_overdraw="draw_rest" (L7): a player may pay for more tickets than the bag holds
    and draws what is left; the button that pays says "Buy 2 tickets", as the choice did,
    and a draw the bag can fill says "Draw 1 ticket"."""
    t = at_position(table("fairground", players=3, humans=(0,), seed=1, raffle_overdraw="draw_rest"),
                    current=0, roll=1, bag=["wool-milk:1"])
    reach = dict(t.session.observe(0).legal.key)
    space = next(s for s, (_, cost) in reach.items() if t.layout_.kind(s) == "raffle" and cost == 0)
    t.view.click_space(str(space))
    assert t._click_word("Draw 1 ticket")
    assert t.notes_button.description.startswith("Draw 1 ticket: pay 1\u00a0note\u00a0(")
    assert t._click_word("Buy 2 tickets")
    assert t.notes_button.description.startswith("Buy 2 tickets: pay 2\u00a0notes\u00a0(")


def test_the_market_markers_button_closes_again_when_the_markers_go_back():
    """[H] Move Market Markers moves markers one step each: with every marker set back to
    where it stands, there is nothing to move, and the button closes again, saying why."""
    t = at_position(table("fairground", players=3, humans=(0,), seed=1), current=0, roll=1,
                    tickets=[["move-markers"], [], []])
    reach = dict(t.session.observe(0).legal.key)
    quiet = next(s for s, (_, c) in reach.items() if c == 0 and t.layout_.kind(s) in ("horse-trade", "piggy-bank"))
    t.view.click_space(str(quiet))
    assert t._click_word("Reveal Move Market Markers")
    go = next(b for b in t.market_box.children if getattr(b, "description", "").startswith("Move the markers"))
    t.market_steps[4].value = 1
    assert not go.disabled
    t.market_steps[4].value = 0
    assert go.disabled and go.tooltip == "Move at least one marker first"


def test_each_loan_button_names_its_note_and_only_sizes_left_are_offered():
    """[J] a loan is a 100, 200 or 500 note with its IOU; "If no matching IOU note is left on
    the supply board, the player can't take that loan":
    with the 200s' IOUs gone, the buttons offer a loan of 100 and of 500, each by its size."""
    t = table("fairground", players=2, seed=1)
    g = t.game
    start = g.table(g.state_from_position(2, current=0, roll=1))
    start.ious = (2, 0, 2)                               # the IOUs left beside the supply board
    s = t.session
    start_at(s, start.freeze())
    t.said, t.viewer = [], None
    t.refresh()
    t.view.click_space("hill-west")                      # a Piggy Bank space
    loans = [b.description for b in t.buttons_box.children if b.description.startswith("Take a loan")]
    assert loans == ["Take a loan of 100 (with its IOU)", "Take a loan of 500 (with its IOU)"]
    assert t.click_action(A.Loan(500)) and s.moves[-1] == (0, A.Loan(500))


def test_the_challenge_list_starts_on_its_first_entry():
    """[E] the horse-trade's list of whom to challenge for which animal starts on its first
    entry, the one read first, not on an entry further down the list."""
    t = at_position(table("fairground", players=3, seed=1), current=0, roll=3,
                    pastures=[["sheep", "cow"], ["sheep"], ["cow"]])
    t.view.click_space("hill-north")
    assert t.session.state.phase == "trade" and len(t.trade_target.options) == 2
    assert t.trade_target.value == t.trade_target.options[0][1]


@pytest.mark.parametrize("gambling, drawn, says", [
    ("10+50", "50 and 10", "Give one of them to your opponent and keep the other (the stack held only two)."),
    ("50", "50", "The stack held only this one: give it to your opponent.")])
def test_the_gambles_three_from_a_short_stack_says_what_is_kept(gambling, drawn, says):
    """[J] on a 3 the gambler looks at the top 3 notes, gives 1 to the opponent and keeps 2;
    a stack of two leaves one to keep, a stack of one none: the words count what was drawn."""
    t = table("fairground", players=2, seed=1)
    g, s = t.game, t.session
    start_at(s, g.state_from_position(2, current=0, roll=1, gambling=gambling))
    s.play("move hill-west", 0)                          # a Piggy Bank space
    s.play("gamble", 0)
    s.chance("roll 3")
    t.said, t.viewer = list(s.says), None
    t.refresh()
    assert s.state.phase == "give" and t.screen == ("seat", 0)
    assert f"you drew <b>{drawn}</b>. {says}" in t.legal_text.value, t.legal_text.value


def test_a_free_move_clicked_through_the_panel_plays_the_move_alone():
    """[C] a move of exactly the roll costs nothing: played with the panel's controls, it is
    one click on the space, and the horse-trade it lands on waits for the player's offer
    (no offer of no notes is played on their behalf)."""
    t = at_position(table("fairground", players=3, seed=1), current=0, roll=3,
                    pastures=[["sheep", "cow"], ["sheep"], ["cow"]])
    d, s = t.game.rules.denominations, t.session
    assert dict(s.legal(0).key)["hill-north"][1] == 0
    assert t.click_action(A.Move("hill-north", (0,) * len(d), d))
    assert [a for _, a in s.moves] == [A.Move("hill-north", (0,) * len(d), d)]
    assert s.state.phase == "trade" and t.message.value == ""


def test_a_long_turn_keeps_the_seats_own_line_and_what_came_of_it():
    """What happened shows a few lines of a long turn: the seat's own line and the one after
    it (what came of its move) first, then the newest; the rest are counted as left out."""
    t = table()
    t.viewer = None
    t.session.moves = [(1, None)] * 2 + [(0, None)] + [(1, None)] * 5     # step 2 is the seat's own
    items = [(f"line {i}", [i]) for i in range(8)]
    kept = t._keep(items, 2, 3)
    assert [text for text, _, gap in kept if not gap] == ["line 7", "line 3", "line 2"]
    assert [gap for _, _, gap in kept if gap] == [3, 2]


def test_the_markets_notes_stay_the_same_buttons_while_the_markers_change():
    """[G] the market's cost follows the markers chosen; the seat's notes, the same hand, stay
    the same buttons on screen (not drawn anew at each marker, under the player's pointer)."""
    t = at_position(table("fairground", players=3, seed=1), current=0, roll=2, money=["10+10+50", None, None])
    reach = dict(t.session.observe(0).legal.key)
    space = next(s for s, (_, cost) in reach.items() if t.layout_.kind(s) == "market" and cost == 0)
    t.view.click_space(str(space))
    assert t.session.state.phase == "market"
    toggles = list(t.note_toggles)
    assert len(toggles) == 3
    next(iter(t.market_steps.values())).value = 1
    assert t.note_toggles == toggles and all(a is b for a, b in zip(t.note_toggles, toggles))
    assert t.notes_button.description.startswith("Change the market: pay 1\u00a0note\u00a0(")


def test_a_costly_space_clicked_says_its_cost_and_where_to_pay():
    """[C] each step more or fewer than the roll costs a note: a click on such a space plays
    nothing yet, and the message says what it costs and that the notes are chosen below."""
    t = at_position(table("fairground", players=3, seed=1), current=0, roll=1, money=["10+10+50", None, None])
    t.view.click_space("hilltop")                        # the market, one step past the roll
    assert t.session.moves == [] and t.notes_box.layout.display != "none"
    assert ("Market (hilltop) costs 1 note: choose them below, then press the button."
            in unescape(t.message.value)), t.message.value


@pytest.mark.slow                  # (some 1 s of random clicks to reach the screen)
def test_the_auctioneer_buys_a_double_pens_package_as_them():
    """A double pen's two animals go as a package to one bidder ("the auctioneer takes the
    animal (or animals) themselves"); the prompt read "Buy it yourself ... keep the cat and
    the goat"."""
    def package(t):
        if t.screen[0] != "seat" or t.auction_moves.layout.display == "none":
            return False
        obs = t.session.observe(t.viewer)
        if obs.legal is None or obs.legal.inner is None:
            return False
        sub = obs.auction
        return BUY in sub.legal.refusals and len(sub.awards) == 1 and len(sub.awards[0][1]) == 2

    t = drive_until(table(humans=range(4), seed=1), package)
    assert "Buy them yourself, by your right of first refusal: you pay " in t.legal_text.value, t.legal_text.value
    assert "Buy it yourself" not in t.legal_text.value


def test_the_message_line_stands_by_the_controls_not_below_the_farm_boards():
    """Bidder Up!'s controls stand beside the board, and below it come the four farm boards:
    a message put under the board was some 800 px down, so a question before a move ("click
    Take it again to take it anyway") went unread and the second click played it. The
    message line is in the controls' column while they are shown, under the board on a cover."""
    t = table(humans=(0, 1), seed=3)
    assert t.screen[0] == "cover" and t.message in t.children and t.message not in t.controls.children
    t.show.click()
    ctl = list(t.controls.children)
    assert t.screen[0] == "seat" and t.message in ctl and t.message not in t.children
    assert ctl.index(t.message) < ctl.index(t.farms), "above the farm boards, which follow the controls"
    assert t.events in t.children, "What happened stays below, where it has room"
    t.typed.value = "move nowhere"                 # a refusal: said beside the buttons clicked
    ctl = list(t.controls.children)
    assert "bk-refusal" in t.message.value and ctl.index(t.message) < ctl.index(t.farms)


def test_the_horse_trade_list_and_its_words_fit_the_controls_column():
    """On a projector with the file browser open the list of challenges ran 2 px past the
    panel's right edge (100% of the column plus its 2 px margins) and its words above read
    "Challenge (whom, for which anim": the list is the column's width less its margins, and
    the words wrap on a projector."""
    from bluffkit.widgets.art import FIT_COLUMN
    from bluffkit.widgets.bidder_up import _STYLE

    t = table()
    assert t.trade_target.layout.width == FIT_COLUMN
    words = t.trade_box.children[0]
    assert "bk-trade-label" in words._dom_classes
    rule = re.search(r"\.bk-projector \.bk-trade-label \{([^}]*)\}", _STYLE)
    assert rule and "white-space: normal" in rule.group(1) and "height: auto" in rule.group(1), _STYLE


def test_on_a_projector_the_market_steps_show_their_whole_values():
    """The market's lists, 210 px each with the animal's name in JupyterLab's 110 px, read
    "0 (100" and "0 (150" on a projector: there the name takes 3.8em ("rooster" and "donkey"
    in 20 px type fit), and the list its whole value."""
    from bluffkit.widgets.bidder_up import _STYLE

    t = table("fairground")
    t._market_steps(t.session.observe(0), 3, lambda: None)
    assert t.market_steps and all("bk-market-step" in dd._dom_classes for dd in t.market_steps.values())
    rule = re.search(r"\.bk-projector \.bk-market-step \.widget-label \{([^}]*)\}", _STYLE)
    assert rule and re.search(r"(?<!-)width: 3\.8em", rule.group(1)), _STYLE


def shown(t: BidderUpTable) -> tuple:
    """The seat whose screen the panel shows now (the cover lifted) and everything the
    browser holds for it (every widget's state, as JSON text)."""
    import json
    t.refresh()
    if t.screen[0] == "cover":
        t.show.click()
    return (t.screen[1] if t.screen[0] == "seat" else None), json.dumps(widget_tree(t))


def step(s, rng) -> None:
    """One step of a random game: chance's, or a random legal move of the seat to move."""
    if s.to_move:
        s.play(s.legal(s.to_move[0]).sample(rng), s.to_move[0])
    else:
        s.chance()


def test_the_piggy_bank_tells_its_taker_which_notes_they_took():
    """[F] "takes the top 5 money notes": the narration says how many, and the taker was
    never told which. The Piggy Bank holds 10, 50, 200, 0, 100 (the 100 on top); Annette
    rolls 2 and moves 1 step short to the Piggy Bank, laying a 10 on it [C], so the top 5
    are her 10, the 100, the 0, the 200 and the 50. Her screen says so until her next move;
    no other seat's screen ever does."""
    t = at_position(table("fairground", players=3, humans=range(3), seed=1), current=0, roll=2,
                    money=["100+50+10+10", "50+10", "50+10"], piggy="10+50+200+0+100")
    s, d = t.session, t.game.rules.denominations
    ten = tuple(int(v == 10) for v in d)
    assert shown(t)[0] == 0
    assert t.click_action(A.Move("hill-west", ten, d)), t.message.value
    assert "takes 5 notes from the Piggy Bank" in s.says[-1]
    said = "You took 200+100+50+10+0 = 360 from the Piggy Bank."
    assert notes_receipt(t, 0) == said
    assert notes_receipt(t, 1) == notes_receipt(t, 2) == ""
    rng = np.random.default_rng(5)
    others = 0
    for _ in range(200):                        # the others play until Annette's screen is shown
        seat, screen = shown(t)
        if seat == 0:
            break
        assert seat is not None and "You took" not in screen, "another seat is shown the taker's notes"
        others += 1
        if t.chance_seat() is not None:
            t.roll_button.click()
        else:
            step(s, rng)
    assert others and seat == 0
    assert notes_receipt(t, 0) == said and receipt_html([said]) in t.legal_text.value
    if t.chance_seat() == 0:
        t.roll_button.click()
    if s.state.phase == "move":                 # a move elsewhere than the Piggy Bank
        sid, (_, cost) = next((k, v) for k, v in s.legal(0).key if k != "hill-west" and not v[1])
        assert t.click_action(A.Move(sid, (0,) * len(d), d))
    else:
        step(s, rng)
    assert notes_receipt(t, 0) == "", "said until her next move, not after it"


@pytest.mark.parametrize("piggy, says", [
    ("0+10", "You took 10+0 = 10 from the Piggy Bank."),
    ("200", "You took 200 from the Piggy Bank."),
    ("0+0", "You took 2 notes of 0 from the Piggy Bank."),
    ("0", "You took 1 note of 0 from the Piggy Bank."),
    ("", "The Piggy Bank was empty: you took no notes.")])
def test_a_two_player_raid_says_what_was_taken(piggy, says):
    """[J] "A) Raid: take the top 5 notes of the Piggy Bank" (fewer if fewer [F])."""
    t = at_position(table("fairground", players=2, humans=range(2), seed=1), current=0, roll=1,
                    money=["50", "50"], piggy=piggy or "0", bag=["wool-milk:1"])
    s = t.session
    if not piggy:
        start_at(s, t.game.state_from_position(2, current=0, roll=1, money=["50", "50"], bag=["wool-milk:1"]))
        t.refresh()
    s.play("move hill-west", 0)
    s.play("raid", 0)
    assert notes_receipt(t, 0) == says and notes_receipt(t, 1) == ""


@pytest.mark.parametrize("roll, give, gambler, other", [
    (1, None, "", "Annette's gamble gave you the top note of the Gambling stack: 100."),
    (2, None, "Your gamble: you keep 100+50 = 150 from the Gambling stack.", ""),
    (3, 50, "Your gamble: you keep 100+10 = 110 and gave Daniel 50.", "Annette's gamble gave you 50.")])
def test_the_gamble_tells_each_player_the_notes_they_got_and_no_more(roll, give, gambler, other):
    """[J] the gamble: on a 1 "the top note ... goes unseen to the opponent" (Daniel is told
    which note he got, Annette nothing of it); on a 2 the gambler keeps the top 2; on a 3 she
    looks at the top 3, gives 1 and keeps 2. The Gambling stack is 10, 50, 100 (100 on top)."""
    t = at_position(table("fairground", players=2, humans=range(2), seed=1), current=0, roll=1,
                    money=["200+0", "200+0"], gambling="10+50+100", bag=["wool-milk:1"])
    s = t.session
    s.play("move hill-west", 0)
    s.play("gamble", 0)
    s.chance(f"roll {roll}")
    if give is not None:
        s.play(f"give {give}", 0)
    assert notes_receipt(t, 0) == gambler and notes_receipt(t, 1) == other
    seat, screen = shown(t)                         # Daniel's turn now: the receipt on his screen
    assert seat == 1 and (receipt_html([other]) in t.legal_text.value if other else "gamble gave" not in screen)
    assert "Your gamble" not in screen, "Daniel is shown what Annette kept"


@pytest.mark.slow                              # (some 2 s of random games)
def test_the_notes_receipt_agrees_with_the_table_in_random_games():
    """In random games the receipt names exactly the notes that left the Piggy Bank or the
    Gambling stack for that seat, counted from the whole table (the pile before, the notes
    laid, the pile after), not from the seat's hand as the receipt reads them; every other
    seat's receipt stays as it was (the mover's is gone)."""
    checked = {"piggy": 0, "gamble": 0, "give": 0, "empty": 0, "paid": 0, "sold": 0, "sold one": 0}

    def words(values) -> str:                         # (the rulebooks print "1,000")
        values = sorted(values, reverse=True)
        if not values:
            return "you took no notes."
        if not sum(values):
            return f"{len(values)} note{'s' if len(values) > 1 else ''} of 0"
        if len(values) == 1:
            return str(values[0])
        return f"{'+'.join(map(str, values))} = {sum(values):,}"

    count_tiles = {"tiles": ("secret-count", "american-count", "round-the-table", "second-hand")}
    for players, board, options in ((3, "animal-market", {}), (2, "fairground", {}), (4, "fairground", {}),
                                    (4, "animal-market", count_tiles),
                                    (4, "fairground", {**count_tiles, "donkey_short": "smaller"})):
        for seed in range(3):
            t = table(board, players=players, humans=range(players), seed=seed, **options)
            s, rng = t.session, np.random.default_rng(seed)
            d = t.game.rules.denominations
            for _ in range(2500):
                if s.over:
                    break
                before = s.state
                was = [notes_receipt(t, k) for k in range(players)]
                seat = s.to_move[0] if s.to_move else None
                action = s.legal(seat).sample(rng) if seat is not None else None
                if seat is not None:
                    s.play(action, seat)
                else:
                    s.chance()
                after = s.state
                gone: dict = {}
                if after.log != before.log and after.log[:1] == ("piggy",):
                    pile = list(before.piggy) + [i for i, c in enumerate(getattr(action, "notes", ()) or ())
                                                 for _ in range(c)]
                    for i in after.piggy:
                        pile.remove(i)
                    gone = {after.log[1]: [d[i] for i in pile]}
                    checked["piggy" if pile else "empty"] += 1
                elif after.log != before.log and after.log[:1] == ("gamble",) and after.phase != "give":
                    taken = [d[i] for i in before.gambling[len(after.gambling):]]
                    g, n = after.log[1], after.log[2]
                    if taken:
                        gone = {(1 - g if n == 1 else g): taken}
                        checked["gamble"] += 1
                elif isinstance(action, Pay) and before.auction is not None and before.auction.payments[0][3] != "value":
                    payer, payee = before.auction.payments[0][:2]      # [D] a price in notes, paid face down
                    paid = [v for v, c in zip(d, action.notes) for _ in range(c)]
                    if payee != payer and paid:
                        gone = {payee: paid}
                        checked["paid"] += 1
                elif (before.auction is not None and before.auction.rules.pricing == "count"
                      and seat == before.auction.auctioneer and isinstance(action, Refusal)):
                    # [D] the auctioneer sells (some of) the lots: their winners' notes laid come to it
                    awards, keep = before.auction.awards, action.keep
                    sold = [w for k, (w, _, _) in enumerate(awards) if keep != (-1,) and k not in keep and w != seat]
                    paid = [v for w in sold for v, c in zip(d, before.auction.placed[w]) for _ in range(c)]
                    if paid:
                        gone = {seat: paid}
                        checked["sold" if keep == () else "sold one"] += 1
                elif before.phase == "give":
                    kept = [d[i] for i in before.drawn]
                    kept.remove(action.value)
                    gone = {1 - seat: [action.value], seat: kept}
                    checked["give"] += 1
                for k in range(players):
                    r = notes_receipt(t, k)
                    if k in gone and (gone[k] or "gamble" not in str(after.log[:1])):
                        assert words([v for v in gone[k]]) in r, (r, gone[k], s.says[-1])
                    else:
                        assert r == ("" if k == seat else was[k]), (k, r, was[k], s.says[-1])
    assert checked["piggy"] >= 10 and min(checked.values()) >= 1, checked


def test_a_pay_button_writes_a_thousand_as_the_auction_box_does():
    """The rulebook prints money with a thousands comma ("Horses worth +1,000", "3,050"), as
    the auction box's Pay and Lay do ("(1,000)"); the board's Pay wrote "(1000)". Two raffle
    tickets cost 2 notes [H]: two 500s are worth 1,000."""
    t = at_position(table("fairground", players=3, humans=(0,), seed=1), current=0, roll=1,
                    money=["500+500", None, None], bag=["wool-milk:1", "wool-milk:2"])
    t.view.click_space("raffle-1")
    assert t._click_word("Draw 2 tickets")
    assert t.notes_button.description == "Draw 2 tickets: pay 2\u00a0notes\u00a0(1,000)", t.notes_button.description


def secret_count_sale(pen: str, animals, money, pay: str, laid, decision: str) -> BidderUpTable:
    """Annette (roll 3, three human seats) moves to ``pen`` of the Animal Market, a Secret
    Count pen (pen 2 the first tile, a double pen 3 the second), paying ``pay``; Daniel and
    Ben lay ``laid``; she plays ``decision`` (sell, buy ...)."""
    tiles = ("secret-count", "classic") if pen == "pen-2" else ("classic", "secret-count")
    t = at_position(table(players=3, humans=(0, 1, 2), seed=1, tiles=tiles + ("dutch", "round-the-table")),
                    current=0, roll=3, pens={pen: animals}, money=money)
    s = t.session
    s.play(f"move {pen} pay {pay}", 0)
    for seat, notes in enumerate(laid, 1):
        s.play(f"lay {notes}", seat)
    s.play(decision, 0)
    return t


def test_a_secret_count_sale_tells_the_seller_which_notes_were_laid_for_it():
    """[D] Secret Count: "They place the notes simultaneously face-down on the table, then
    show how many notes they bid (but not the face of the notes)". Daniel lays 100+10+0 and
    Ben 200: Daniel's 3 notes win, and Annette, who sells, is told which notes she got;
    the table hears "3 notes" only, and no other screen says more."""
    t = secret_count_sale("pen-2", ["cow"], ["10+10+50", "10+50+100+0", "0+10+200"], "10", ["100+10+0", "200"], "sell")
    s = t.session
    assert s.says[-1] == "Annette sells the cow to Daniel for 3 notes."
    said = "Daniel paid you 3 notes: 100+10+0 = 110; the others see only how many."
    assert [notes_receipt(t, k) for k in range(3)] == [said, "", ""]
    seat, screen = shown(t)
    assert seat == 1 and "paid you" not in screen and "100+10+0" not in screen, "Daniel's turn: Annette's receipt"


def test_a_seller_who_buys_the_other_lot_is_told_the_notes_of_the_lot_sold():
    """[D] Secret Count, a double pen: "the highest bid applies to the more valuable of the
    two animals"; the auctioneer "may even have the notes for one animal paid to them first
    in order to buy the other animal themselves". Daniel lays 100+10+0 (3 notes, the cow),
    Ben 200+10 (the sheep); Annette sells the cow and buys the sheep: Daniel's notes come to
    her as she chooses, and her screen says so while she pays Ben; then Ben's says what he got."""
    t = secret_count_sale("pen-3", ["cow", "sheep"], ["10+10+50+50+100", "10+50+100+0", "0+10+200+10"], "10+10+50",
                          ["100+10+0", "200+10"], "buy 2")
    s = t.session
    assert s.says[-1] == "Annette sells the cow to Daniel for 3 notes; buys the sheep and owes Ben 2 notes."
    said = "Daniel paid you 3 notes: 100+10+0 = 110; the others see only how many."
    assert [notes_receipt(t, k) for k in range(3)] == [said, "", ""]
    seat, _screen = shown(t)
    assert seat == 0 and receipt_html([said]) in t.legal_text.value, "on her screen as she pays Ben"
    s.play("pay 50+10", 0)
    assert [notes_receipt(t, k) for k in range(3)] == ["", "", "Annette paid you 2 notes: 50+10 = 60; the others "
                                                              "see only how many."]


def test_a_donkey_paid_in_smaller_notes_is_told_apart_from_the_notes_laid():
    """[D] a Golden Donkey pays every player ("First Golden Donkey: 100") after the sale;
    with donkey_short="smaller" (L6) a 100 no longer on the supply board is paid in its
    smaller notes (here 50+50). Annette sells the donkey to Daniel for his 100+10+0: her hand
    grows by 100+10+0 and the donkey's 50+50, and she is told of Daniel's notes alone."""
    t = table(players=3, humans=(0, 1, 2), seed=1, tiles=("secret-count", "classic", "dutch", "round-the-table"),
              donkey_short="smaller")
    g, s = t.game, t.session
    start = g.table(g.state_from_position(3, current=0, roll=3, pens={"pen-2": ["donkey"]},
                                          money=["10+10+50", "10+50+100+0", "0+10+200"]))
    d = g.rules.denominations
    start.bank = tuple(0 if v == 100 else max(n, 6) if v == 50 else n for v, n in zip(d, start.bank))
    start_at(s, start.freeze())
    t.said, t.viewer = [], None
    t.refresh()
    s.play("move pen-2 pay 10", 0)
    s.play("lay 100+10+0", 1)
    s.play("lay 200", 2)
    s.play("sell", 0)
    assert "Golden Donkey: 100 to 3 players." in s.says[-1], s.says[-1]
    assert s.observe(0).hand[d.index(50)] == 1 + 2, "the donkey's 100 as 50+50"
    assert notes_receipt(t, 0) == "Daniel paid you 3 notes: 100+10+0 = 110; the others see only how many."


def test_two_arrivals_before_the_next_move_are_both_told():
    """A seat given notes twice before it moves again is told of both, oldest first: two
    gambles of Annette's that each send Daniel a note [J] (an Extra Turn ticket gives her
    the second turn [H])."""
    t = at_position(table("fairground", players=2, humans=range(2), seed=1), current=0, roll=1, pos=["raffle-3", "start"],
                    money=["200+0", "200+0"], gambling="10+50+100", bag=["wool-milk:1"],
                    tickets=[["extra-turn"], []])
    s = t.session
    s.play("move piggy-3", 0)                          # 1 step from Raffle Booth 3 to a Piggy Bank
    s.play("gamble", 0)
    s.chance("roll 1")
    assert notes_receipt(t, 1) == "Annette's gamble gave you the top note of the Gambling stack: 100."
    assert s.to_move == (0,) and s.state.phase == "end", s.state.phase
    s.play("ticket extra-turn", 0)
    s.chance("roll 2")
    s.play("move hill-west", 0)                        # 2 steps on, the hill's Piggy Bank
    s.play("gamble", 0)
    s.chance("roll 1")
    assert bidder_up_receipts(t.session, 1) == ["Annette's gamble gave you the top note of the Gambling stack: 100.",
                                   "Annette's gamble gave you the top note of the Gambling stack: 50."]


def test_on_a_projector_the_auction_box_is_spaced_as_the_projector_says_not_as_its_own_style():
    """On a projector the auction's box heads the controls in the farm boards' type, its
    lines closer and its padding smaller than on the page; the box's own ``style`` (lines 1.5
    apart) outweighed the projector's rule, and at a Secret Count seller's pay screen (the
    box's eight lines, her receipt above them, three rows of notes, the file browser open)
    Pay's second line was below a 1280 x 720 screen. Whatever the box's style sets, the
    projector's rule overrides."""
    t = secret_count_sale("pen-3", ["cow", "sheep"], ["10+10+50+50+100", "10+50+100+0", "0+10+200+10"], "10+10+50",
                          ["100+10+0", "200+10"], "buy 2")
    t.projector.value = True
    shown(t)
    own = re.search(r"<div class='bk-auction' style='([^']*)'", t.legal_text.value)
    rule = re.search(r"\.bk-projector \.bk-legal \.bk-auction \{([^}]*)\}", t.style_sheet.value)
    assert own and rule, "the auction's box on her pay screen, and the projector's rule for it"
    set_here = {d.split(":")[0].strip() for d in own.group(1).split(";") if ":" in d}
    projected = {d.split(":")[0].strip(): d.split(":", 1)[1] for d in rule.group(1).split(";") if ":" in d}
    assert {"line-height", "padding"} <= set(projected), projected
    weak = [p for p, v in projected.items() if p in set_here and "!important" not in v]
    assert weak == [], f"the box's own style outweighs the projector's {weak}"


def _asked_to_bid(seed: int = 4) -> BidderUpTable:
    """Annette's table (four players, bots besides her), asked to bid in another's auction:
    her own moves random, the panel drawn once."""
    t = BidderUpTable("animal-market", players=4, humans=[0], names=["Annette", "Daniel", "André", "Frank"], seed=seed)
    s, rng = t.session, np.random.default_rng(seed)
    for _ in range(2000):
        t.said += s.advance()
        obs = s.observe(0)
        if obs.auction is not None and obs.auction.legal and obs.auction.legal.bid and s.state.current != 0:
            t.refresh()
            return t
        t.said.append(s.play(s.legal(0).sample(rng), 0))
    raise AssertionError("Annette is never asked to bid")


@pytest.mark.slow                     # (some 0.2 s: the table played to an auction)
def test_on_a_projector_what_happened_comes_under_the_auctions_moves():
    """On a projector the newest line of What happened, under the seat's own farm board,
    was below a 1280 x 720 screen on most auction screens. While the seat is asked in an
    auction it comes right under the auction's moves, the farm boards after it (a rule of the
    table's style, by the farm boards' classes), every line of it shown (a box three lines
    high scrolled a newest line of three out of its view, which a class cannot scroll), the
    seat's own farm board folded after it; Pass beside Bid, not on a row of its own (the
    browser's measure: tests/browser/test_bidder_up_auction_projector.py)."""
    t = _asked_to_bid()
    stepper = next(r for r in t.auction_moves.children if t.auction_moves.bid_button in r.children)
    assert "Pass" in [b.description for b in stepper.children], "Pass on a row of its own"
    assert "bk-log-lines" not in t.events.value, "off the projector What happened does not scroll"
    t.set_projector(True)
    assert "bk-bu-farms" in t.farms._dom_classes and "bk-bu-more-farms" in t.more_farms._dom_classes
    assert (".bk-projector .bk-bu-controls:has(> .bk-bu-auction > *) > :is(.bk-bu-farms, .bk-bu-more-farms, "
            ".bk-side) {order: 1}") in t.style_sheet.value
    assert ".bk-projector .bk-bu-controls .bk-log .bk-log-lines {max-height: none}" in t.style_sheet.value
    assert not re.search(r"bk-bu-auction[^{]*\.bk-log-lines[^{]*\{max-height: \d", t.style_sheet.value), \
        "a box of a few lines in an auction, which scrolls its newest line out of view"
    body = t.events.value.split("<div class='bk-log-lines'>", 1)
    assert len(body) == 2 and "<b>What happened</b>" in body[0] and "Turn " in body[1], t.events.value
    assert t.controls.children.index(t.events) < t.controls.children.index(t.more_farms)


def test_on_a_projector_the_seats_own_farm_board_is_folded_in_an_auction():
    """On a projector, while the seat was asked in an auction, its own farm board (some
    190-260 px) came under the auction's moves and What happened, its Notes row below a 1280 x
    720 screen on most auctioneers' screens and while paying (the board cut at the screen's
    foot), and with a name of 30 letters its head took three lines. What it shows is said in
    the line under the board (its animals, notes by value, tickets, IOUs), so there the board
    is folded, its summary naming its marks ("to bid"); out of an auction, and off the
    projector, it is open as before. Only the seat's own board is in it."""
    t = bid_in_daniels_turn()
    t.projector.value = True
    farms = t.farms.value
    assert farms.startswith("<details class='bk-own-folded'") and _card(farms, 0), farms[:300]
    summary = farms[:farms.index("</summary>")]
    assert "Your farm board" in summary and ">to bid</span>" in summary and 'data-seat="1"' not in farms
    assert "Yours:" in t.view.value and re.search(r"\d notes? \(\d", t.view.value), "the line under the board"
    t.projector.value = False
    assert "bk-own-folded" not in t.farms.value and _card(t.farms.value, 0)
    t2 = BidderUpTable(players=3, humans=[0], names=CLASS[:3], seed=3)      # her roll: no auction
    t2.show.click()
    t2.projector.value = True
    assert "bk-own-folded" not in t2.farms.value and _card(t2.farms.value, 0)


def test_on_a_projector_the_seats_own_turn_is_headed_your_turn():
    """A long name wrapped the turn's head in What happened on a projector ("Turn 21, now:
    Maximiliana Wolkenstein-Habsburg's turn (yours)", two lines or three of the controls'
    column): the seat's own turn is "your turn" there; off the projector the heads are as
    they were."""
    names = ["Maximiliana Wolkenstein-Habsburg", "Jean Baptiste de la Fontaine", "Ben"]
    t = BidderUpTable(players=3, humans=[0], names=names, seed=3)
    t.show.click()
    t.projector.value = True
    text = t.events.value
    assert "Turn 1, now: your turn" in text and "Wolkenstein" not in text, text
    t.projector.value = False
    assert "Turn 1, now: Maximiliana Wolkenstein-Habsburg's turn (yours)" in t.events.value


def test_on_a_projector_a_farm_boards_marks_wrap():
    """A 30-letter name's "▶ Maximiliana Wolkenstein-Habsburg's turn", a mark held on one line
    (its own style), ran past the seat's own farm board on a projector with the file browser
    open (335 px), cut after "Habsburg's": there the marks wrap; and the seat's own board's
    mark says "▶ your turn", the name in its tooltip and in the head beside it (own_head)."""
    t = BidderUpTable(players=3, humans=[0], names=["Maximiliana Wolkenstein-Habsburg", "Daniel", "Ben"], seed=3)
    t.show.click()
    t.projector.value = True
    assert 'title="Maximiliana Wolkenstein-Habsburg&#x27;s turn"' in t.farms.value
    assert ">\u25b6 your turn</span>" in t.farms.value
    rule = re.search(r"\.bk-projector \.bk-farm :is\(([^)]*)\) \{([^}]*)\}", t.style_sheet.value)
    assert rule and "bk-turn" in rule.group(1) and "white-space: normal !important" in rule.group(2)
