"""The drawn table and its controls, headless: notes and cards chosen by clicking, quick
bids, the projector switch, the scores toggle, the scenario player's start and end."""

import logging
import re
from functools import partial

import numpy as np
import pytest

from bluffkit.games.youre_bluffing.receipts import traded_animals
from bluffkit.widgets import BloffTable, BlufferTable, ReplayViewer, ScenarioPlayer, TablePanel, art
from bluffkit.widgets.render import seat_html


@pytest.fixture(autouse=True)
def handler_errors_fail(caplog):
    """ipywidgets swallows exceptions raised in click handlers (it logs them): fail on them."""
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.WARNING and "Exception" in r.getMessage()]
    assert not errors, f"a widget handler raised: {errors[0].getMessage()}"


def bo_pays() -> TablePanel:
    """Horse Trading, seed 2: Bo bids 10 with a quick bid, the bot passes, Ana sells; Bo must pay 10."""
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    quick = [b.description for b in t.quick_box.children]
    assert quick == ["Bid 10", "Bid 50", "Bid 100"], quick          # in Horse Trading's tens
    t.quick_box.children[0].click()
    assert t.session.moves[-3:][0] == (1, t.game.parse("bid 10")) and t.session.legal(1).pay == 10
    return t


def test_clicking_a_note_then_pay_plays_the_payment():
    t = bo_pays()
    hand = t.session.observe(1).hand
    assert [x.description for x in t.note_toggles] == [str(v) for v, k in zip(t.denominations, hand) for _ in range(k)]
    assert all("bk-note-btn" in x._dom_classes for x in t.note_toggles)         # styled as notes
    ten = next(x for x in t.note_toggles if x.description == "10")
    ten.value = True                                                          # the click on a drawn 10
    assert t.pay_button.description == "Pay 10" and "1 money card = 10" in t.chosen.value      # (Horse Trading)
    n = len(t.session.moves)
    t.pay_button.click()
    assert t.session.moves[n] == (1, t.game.parse("pay 10")) and t.message.value == ""
    assert "Bo pays 10 to Ana." in t.events.value


def test_an_illegal_payment_is_refused_in_plain_words_and_changes_nothing():
    t = bo_pays()
    states, moves = list(t.session.states), list(t.session.moves)
    next(x for x in t.note_toggles if x.description == "50").value = True      # 50 for a 10: Bo holds 10s
    t.pay_button.click()
    assert t.session.states == states and t.session.moves == moves
    assert "Bo can&#x27;t pay 50" in t.message.value and "[rule" not in t.message.value
    assert "title='rule: payment'" in t.message.value                        # the rule id only as a tooltip
    assert t.chosen_notes()[2] == 1                      # still chosen: Bo puts the 50 back and clicks a 10


def test_the_bid_stepper_moves_in_the_games_steps():
    t = TablePanel("youre-bluffing", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2,
                   bots=[["auction"], None, ["pass"]])
    t.show.click()
    lo, cap, step = t.session.legal(1).bid
    assert step == 1 and t.amount.value == lo
    t.up.click()
    t.up.click()
    t.down.click()
    assert t.amount.value == lo + 1
    t.down.click()
    t.down.click()
    assert t.amount.value == lo                                # never below the lowest bid
    assert [b.description for b in t.quick_box.children][:2] == ["Bid 10", "Bid 50"]   # people bid in tens


def test_only_legal_controls_are_shown():
    t = TablePanel("horse-trading", players=3, humans=[0], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()                                             # Ana leads; nobody shares an animal yet
    assert [b.description for b in t.simple_box.children] == ["Hold an auction"]
    assert t.money_box.layout.display == "none" and t.bid_box.layout.display == "none"
    assert t.note_toggles == []                                # no notes to click for a trade nobody can make


def test_projector_switch_changes_the_layout():
    for panel in (TablePanel("horse-trading", players=3, humans=[1], seed=2), BloffTable(players=3, seed=1),
                  BlufferTable(players=4, seed=3)):
        assert panel.board.layout.flex_flow == "column" and "bk-projector" not in panel._dom_classes
        panel.projector.value = True
        assert "bk-projector" in panel._dom_classes and panel.board.layout.flex_flow == "row"
        assert panel.view.layout.width and panel.controls.layout.width     # the view beside the controls
        panel.projector.value = False
        assert panel.board.layout.flex_flow == "column" and "bk-projector" not in panel._dom_classes
    assert "font-size: 22px" in art.CSS and "bk-projector" in art.CSS          # large type: 20 px or more


def test_on_a_projector_a_long_button_wraps_its_words_rather_than_cut_them():
    """At 1280 x 720 in projector mode Horse Trading's "Counter with 0 face-down money
    cards" was cut to "Counter with 0 face-down money car…" (a button keeps its words on
    one line and ends them with an ellipsis): on the projector a button's words wrap."""
    rule = re.search(r"\.bk-projector \.jupyter-button \{([^}]*)\}", art.CSS)
    assert rule and "white-space: normal" in rule.group(1), art.CSS


def test_on_a_projector_a_wrapped_button_takes_lines_of_its_type_size():
    """A button's lines were 40 px apart (JupyterLab's button line height, kept when the words
    wrap): Bluffer's answer sheets of two lines were 82 px tall and the fifth went below a
    1280 x 720 screen (the file browser open); Bidder Up!'s two-line Pay button pushed a refusal
    under it. On the projector a button's lines are 1.3 times its 20 px type apart."""
    rule = re.search(r"\.bk-projector \.jupyter-button \{([^}]*)\}", art.CSS)
    height = re.search(r"line-height:\s*([\d.]+)(px)?", rule.group(1)) if rule else None
    assert height and not height.group(2) and float(height.group(1)) <= 1.4, art.CSS


def test_scores_toggle_shows_the_herds_scores():
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    t.show.click()
    assert t.scores.value == ""
    t.scores_button.value = True
    assert "Scores now" in t.scores.value and "Bo" in t.scores.value
    t.scores_button.value = False
    assert t.scores.value == ""


def test_bloff_scores_count_the_cards_left():
    t = BloffTable(players=3, humans=[0], names=["Anne", "Bjørn", "Carla"], seed=1)
    t.show.click()
    t.scores_button.value = True
    assert "cards left" in t.scores.value and "<b>18</b>" in t.scores.value     # 52 cards: 18, 17, 17


def test_bloff_cards_are_chosen_by_clicking():
    t = BloffTable(players=4, humans=[0], names=["Anne", "Bjørn", "Carla", "David"], seed=1)
    t.show.click()
    hand = t.session.observe(0).hand
    assert sorted(t.cards) == sorted(hand) and all("bk-card-btn" in x._dom_classes for x in t.card_toggles)
    t.card_toggles[0].value = t.card_toggles[1].value = True
    assert t.lay.description == "Say “two aces”"
    t.card_toggles[1].value = False
    assert t.lay.description == "Say “one ace”"
    chosen = t.chosen_cards()
    t.lay.click()
    assert t.session.moves[1][0] == 0 and t.session.moves[1][1].cards == chosen


def test_the_seat_view_is_drawn():
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2)
    obs = t.session.observe(1)
    html = seat_html(t.game, obs, t.session.names)
    assert html.count("class='bk-note'") == sum(obs.hand)           # Bo's own notes, face up
    assert html.count("money cards face down") == 2                  # the others' as card backs with a count
    assert "animals face down" in html and "<svg" in html


def test_the_scenario_player_starts_at_step_0_and_scores_at_the_end():
    p = ScenarioPlayer("ht-final-scores")
    assert p.step.value == 0 and "Step 0" in p.narration.value and "Final scores" not in p.table.value
    p.go(p.step.max)                                  # the table's own end, drawn once
    assert p.table.value.count("Final scores") == 1 and "6,400" in p.table.value
    p.choose.value = "yb-scoring-2460"
    assert p.step.value == 0 and "2460" in p.rule_text.value      # the rule text follows the example
    assert "Score at the end" not in p.table.value
    assert p.step.layout.width == "100%"


def test_the_scenario_player_says_the_checked_facts_in_words():
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    p.go(p.step.max)
    text = p.expect.value
    assert "highest bid: 60" in text and "animals: Ben 1 × 9" in text
    shown = re.sub(r"title='[^']*'", "", text)                       # the fact's key only as a tooltip
    assert "high_bid" not in shown and "{" not in shown


def test_the_replay_slider_is_full_width():
    assert ReplayViewer().step.layout.width == "100%"


@pytest.mark.parametrize("name, seen", [("youre-bluffing", "count"), ("horse-trading", "count"),
                                        ("youre-bluffing", "notes")])
def test_the_payee_is_told_which_notes_were_paid_where_the_table_sees_their_number(name, seen):
    """``payment_seen="count"``: the table hears "Bo pays Cy 60 in 2 notes" and the faces
    stay between payer and payee (docs/youre-bluffing.md), so the payee's screen says which
    notes it got, until its next move, checked against the payment played; no other seat is
    told. With the notes seen by all (the default) the narration names them: no receipt."""
    import numpy as np

    from bluffkit.core.money import fmt, total
    from bluffkit.games.youre_bluffing.receipts import payment_receipt
    from bluffkit.widgets.seat_panel import receipt_html
    unit = "money card" if name == "horse-trading" else "note"
    checked = screens = 0
    waiting: tuple | None = None
    for seed in range(3):
        waiting = None
        t = TablePanel(name, players=3, humans=[0, 1, 2], names=["Ana", "Bo", "Cy"], seed=seed, payment_seen=seen)
        s, rng, d = t.session, np.random.default_rng(seed), t.denominations
        for _ in range(400):
            s.advance()
            if s.over or checked >= 4:
                break
            seat, before = s.to_move[0], s.state
            was = [payment_receipt(s, k, d, unit) for k in range(3)]
            if waiting and seat == waiting[0]:         # the payee's next screen says it
                t.refresh()
                if t.screen[0] == "cover":
                    t.show.click()
                assert t.screen == ("seat", seat) and receipt_html([waiting[1]]) in t.legal_text.value
            action = s.legal(seat).sample(rng)
            s.play(action, seat)
            now = [payment_receipt(s, k, d, unit) for k in range(3)]
            if before.phase == "pay" and seen == "notes":      # the narration names the notes: no receipt
                assert now == ["" if k == seat else was[k] for k in range(3)] and s.names[seat] in s.says[-1]
                checked += 1
            elif before.phase == "pay":
                notes, owed, payee = action.notes, before.high_bid, before.payee
                paid = total(notes, d)
                text = (f"{s.names[seat]} paid you {sum(notes)} {unit}{'s' if sum(notes) != 1 else ''}: "
                        + fmt(notes, d) + (f" = {paid}" if sum(notes) > 1 else "")
                        + (f" for the {owed} owed (no change is given)" if paid > owed else "")
                        + "; the others see only how many.")
                assert now[payee] == text, (now[payee], text)
                assert all(now[k] == ("" if k == seat else was[k]) for k in range(3) if k != payee), (now, was)
                checked += 1
                waiting = (payee, text)
            elif waiting and seat == waiting[0]:       # the payee has moved: said no more
                assert now[seat] == "", now
                waiting, screens = None, screens + 1
            else:
                assert all(now[k] == ("" if k == seat else was[k]) for k in range(3)), (now, was)
    assert checked >= 4 and (screens >= 2 or seen == "notes"), (checked, screens)


@pytest.mark.parametrize("name", ["youre-bluffing", "horse-trading"])
def test_each_trader_is_told_what_they_gave_and_received_in_a_trade(name):
    """After a cow trade neither trader was told what came into their hand: "the offers are
    swapped" and each keeps what they received (YB "The Cattle Trade"; HT "Trade"). Each
    trader's prompt now says what they gave and received, until their next move, read from
    their own view; checked here against the whole state (the offer and the answer)."""
    import numpy as np

    from bluffkit.core.money import fmt, total
    from bluffkit.games.youre_bluffing.narrate import animals
    from bluffkit.receipts import trade_receipt
    from bluffkit.widgets.seat_panel import receipt_html
    checked = 0
    for seed in range(10):
        t = TablePanel(name, players=3, humans=[0, 1, 2], names=["Ana", "Bo", "Cy"], seed=seed)
        s, rng, d = t.session, np.random.default_rng(seed), t.denominations

        unit = "money card" if name == "horse-trading" else "note"       # each ruleset's word

        def said(notes, d=d, unit=unit):
            if not sum(notes):
                return f"no {unit}s"
            if not total(notes, d):                   # 0-notes alone: "1 note of 0"
                return f"{sum(notes)} {unit}{'s' if sum(notes) != 1 else ''} of 0"
            return fmt(notes, d) + (f" = {total(notes, d):,}" if sum(notes) > 1 else "")   # (the rulebooks: "1,000")
        for _ in range(600):
            s.advance()
            if s.over:
                break
            seat = s.to_move[0]
            before = s.state
            s.play(s.legal(seat).sample(rng), seat)
            if before.phase == "respond":
                c, target, fam, cards, offer, _ = before.trade
                answer = getattr(s.moves[-1][1], "notes", None) or (0,) * len(d)
                # one card by its name alone ("Ana's dog"); two as the narration counts them
                what = s.state.rules.labels[fam] if cards == 1 else animals(s.state.rules, fam, cards)

                def moved(me, other, s=s, before=before, fam=fam, what=what):
                    gained = s.state.herds[me][fam] - before.herds[me][fam]
                    if not gained:
                        return ""
                    return ("; " + (f"you get {s.names[other]}'s {what}" if gained > 0
                                    else f"{s.names[other]} gets your {what}"))
                want = {c: f"Your trade with {s.names[target]}: you gave {said(offer)} and received "
                           f"{said(answer)}{moved(c, target)}.",
                        target: f"Your trade with {s.names[c]}: you gave {said(answer)} and received "
                                f"{said(offer)}{moved(target, c)}."}
                for k, text in want.items():
                    got = trade_receipt(s, k, d, animal=partial(traded_animals, t.session.names), unit=unit)
                    assert got == text, (k, got, text)
                checked += 1
                s.advance()
                if not s.over and s.to_move[0] in want:
                    k = s.to_move[0]
                    t.refresh()
                    if t.screen[0] == "cover":
                        t.show.click()
                    assert receipt_html([want[k]]) in t.legal_text.value
        if checked >= 8:
            break
    assert checked >= 8, checked


def rulebook_trade() -> TablePanel:
    """Horse Trading at the rulebook's trade example (Anna and Ben each hold a 6), every
    seat human, on Anna's screen."""
    from bluffkit.core import scenario as sc
    start = sc.run(next(x for x in sc.list_scenarios() if x.name == "ht-trade-anna-40-richer")).states[0]
    t = TablePanel("horse-trading", players=3, humans=[0, 1, 2], names=["Anna", "Ben", "Carla"], seed=1)
    t.session.states = [start]
    t.viewer = None
    t.refresh()
    t.show.click()
    assert t.screen == ("seat", 0) and [label for label, _ in t.target.options] == ["Ben's 6"]
    return t


def test_a_trade_is_told_to_its_two_traders_and_not_to_the_third_seat():
    """The receipt of a trade says what each trader gave and received: for the challenger,
    the notes of the other's face-down counter. Carla took no part: her prompt must not
    say "Your trade", and with it the count of Ben's counter, which only Anna sees when the
    offers are swapped. (The check of the widgets compares Carla's screen with a twin that
    shares the moves, so it cannot see this.)"""
    from bluffkit.receipts import trade_receipt
    t = rulebook_trade()
    t.target.value = next(v for _, v in t.target.options if v[0] == 1)
    t.choose_notes([1, 1, 0, 0, 0, 0])
    t.offer_button.click()                              # Anna's face-down offer to Ben
    t.show.click()
    t.choose_notes([1, 1, 1, 0, 0, 0])
    t.offer_button.click()                              # Ben's face-down counter: the offers are swapped
    s = t.session
    assert [type(a).__name__ for _, a in s.moves[-2:]] == ["Trade", "Counter"] and sum(s.moves[-1][1].notes)

    def receipt(seat):
        return trade_receipt(s, seat, t.denominations, animal=partial(traded_animals, t.session.names), unit="money card")
    assert receipt(0).startswith("Your trade with Ben") and receipt(1).startswith("Your trade with Anna")
    assert receipt(2) == "", "Carla is told of a trade she took no part in"
    t.try_move("auction")                               # Ben leads next; Carla bids first
    if t.screen[0] == "cover":
        t.show.click()
    assert t.screen == ("seat", 2) and receipt(2) == ""
    assert "Your trade" not in t.legal_text.value and "Carla" in t.legal_text.value


def test_the_trade_partner_row_is_drawn_anew_at_the_cover():
    """The browser keeps the last buttons of a row of toggle buttons emptied of its options,
    the one clicked marked chosen: Anna clicked "Ben's 6" under "Trade for", then held an
    auction instead, and the next player's browser still held her row with Ben's 6 chosen.
    At the cover the row is taken out of the money box and put back, so that the browser
    draws it anew (:func:`~bluffkit.widgets.seat_panel.drawn_anew`)."""
    t = rulebook_trade()
    t.target.value = next(v for _, v in t.target.options if v[0] == 1)       # Ben's 6 chosen ...
    rows = []
    t.money_box.observe(lambda ch: rows.append(tuple(ch["new"])), names="children")
    t.try_move("auction")                                                     # ... and an auction held
    assert t.screen[0] == "cover" and t.target.options == () and t.target.value is None
    assert len(rows) == 2 and t.target not in rows[0] and rows[1] == tuple(t.money_box.children), rows
    assert t.target in rows[1]


def test_the_text_boxes_are_drawn_anew_at_each_cover():
    """The browser keeps a text box's typing history: the next player's Ctrl+Z then
    Ctrl+Shift+Z brought back what the last one typed (a browser test shows it). At each
    cover the Move box, and Bluffer's Answer box, are taken out of their row and put back,
    so that the browser draws a new element; between two views of one seat they stay."""
    t = TablePanel("youre-bluffing", players=3, humans=[0, 1], names=["Ana", "Bo", "Cy"], seed=3)
    rows, steppers = [], []
    t.typed_row.observe(lambda ch: rows.append(tuple(ch["new"])), names="children")
    t.stepper.observe(lambda ch: steppers.append(tuple(ch["new"])), names="children")
    t.show.click()
    assert t.viewer == 0 and rows == []
    t.try_move("auction")
    assert t.screen == ("cover", 1)
    assert rows == [(t.typed_button,), (t.typed, t.typed_button)], rows
    assert len(steppers) == 2 and t.amount not in steppers[0] and t.amount in steppers[1], "the bid box too"
    t.show.click()
    t.try_move("pass")                                  # no bid: the lot is offered again, Bo's view stays
    assert t.screen == ("seat", 1) and len(rows) == 2, rows
    b = BlufferTable(players=3, humans=[0, 1], names=["Anne", "Ben", "Chloé"], seed=4)
    answers = []
    b.answer_box.observe(lambda ch: answers.append(tuple(ch["new"])), names="children")
    b.show.click()
    b.answer.value = "a purple cow"
    b.write.click()
    assert b.screen[0] == "cover" and answers[-1] == (b.answer, b.write, b.done), answers
    assert b.answer not in answers[-2], answers


def test_a_refusal_and_a_cover_are_alerts_a_screen_reader_says():
    """A refused move was told by its red colour alone, and a cover by its look: a screen
    reader said neither."""
    t = bo_pays()
    t.try_move("pay 7")
    assert "bk-refusal" in t.message.value and "role='alert'" in t.message.value, t.message.value
    t.try_move("pay 10")
    assert "role='alert'" not in t.message.value
    hot = TablePanel("youre-bluffing", players=3, humans=[0, 1], names=["Ana", "Bo", "Cy"], seed=3)
    hot.show.click()
    hot.try_move("auction")                                  # the cover for Bo: said as it comes
    assert hot.screen == ("cover", 1) and "role='alert'" in hot.cover_text.value, hot.cover_text.value


def test_the_covers_keyboard_words_come_only_after_a_persons_move():
    """A cover tells a screen reader that Shift+Tab reaches Show: true after a person's move
    (the keyboard is on the control used, below the cover), not at the game's first cover,
    where nothing of the panel has the focus yet, bots' moves before it or not."""
    from bluffkit.widgets.seat_panel import KEYS_TO_SHOW
    first = TablePanel("youre-bluffing", players=3, humans=[0, 1], names=["Ana", "Bo", "Cy"], seed=3)
    assert first.screen == ("cover", 0) and KEYS_TO_SHOW not in first.cover_text.value
    first.show.click()
    first.try_move("auction")
    assert first.screen == ("cover", 1) and KEYS_TO_SHOW in first.cover_text.value
    late = TablePanel("youre-bluffing", players=3, humans=[1, 2], names=["Ana", "Bo", "Cy"], seed=3)
    assert late.session.moves and late.screen[0] == "cover"            # the bot at seat 0 moved first
    assert KEYS_TO_SHOW not in late.cover_text.value


def test_the_covers_keyboard_words_come_after_an_undo_that_leaves_no_persons_move():
    """Bo takes back Ana's only move (Bløff, ``undo="any"``): the cover for Ana comes after
    a person's click on Undo, below it, though no person's move is left in the game; the
    keyboard words are said there too (they were left out)."""
    from bluffkit.widgets.seat_panel import KEYS_TO_SHOW
    t = BloffTable(players=3, humans=[0, 1], names=["Ana", "Bo", "Cy"], seed=3, undo="any")
    t.show.click()
    t.try_move(str(t.session.legal(0).sample(np.random.default_rng(1))))      # Ana lays some cards
    assert t.screen == ("cover", 1) and KEYS_TO_SHOW in t.cover_text.value, t.message.value
    t.show.click()
    t.undo_button.click()
    assert "Took back 1 move" in t.message.value
    assert not [m for m, _ in t.session.moves if m is not None], "no person's move is left"
    assert t.screen == ("cover", 0) and KEYS_TO_SHOW in t.cover_text.value


def test_an_auction_with_two_humans_quick_bids_all_ones_money_and_a_capped_repeat():
    """Horse Trading, seed 2, Bo and Cy human, along one auction: the quick bids add to the
    high bid; a bid of exactly one's money plays at once (only a bid above it is asked
    about); after Bo shows he cannot pay 200 the repeat caps him at 140, and + stops there."""
    t = TablePanel("horse-trading", players=3, humans=[1, 2], names=["Ana", "Bo", "Cy"], seed=2)
    s = t.session
    t.show.click()
    t.bid(30)
    t.show.click()
    assert t.screen == ("seat", 2) and s.legal(2).bid == (40, None, 10)
    assert [b.description for b in t.quick_box.children] == \
        ["+10 \u2192 bid 40", "+50 \u2192 bid 80", "+100 \u2192 bid 130"]
    total = s.observe(2).hand_total
    n = len(s.moves)
    t.bid(total)                                               # all of Cy's money, not more
    assert s.moves[n:] == [(2, t.game.parse(f"bid {total}"))] and t.message.value == ""
    t.show.click()
    t.bid(200)                                                 # more than Bo's 140: asked, then played
    t.bid(200)
    t.show.click()
    t.try_move("pass")                                         # Cy; Ana sells, Bo cannot pay 200
    if t.screen[0] == "cover":
        t.show.click()
    lo, cap, step = s.legal(1).bid
    assert t.screen == ("seat", 1) and cap == s.observe(1).hand_total == 140
    t.amount.value = cap
    t.up.click()
    assert t.amount.value == cap, "+ stops at the cap"


def test_choose_for_me_chooses_the_smallest_payment_allowed():
    """Bo (two 0s, four 10s, two 50s) wins at 35: no exact payment, so four 10s (40) or one
    50 may pay; "Choose for me" says it chooses the smallest allowed: the four 10s, 40."""
    t = TablePanel("youre-bluffing", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2,
                   bots=[["auction", "sell"], None, ["pass"]])
    t.show.click()
    assert t.session.observe(1).hand == (2, 4, 2, 0, 0, 0)
    t.try_move("bid 35")
    assert t.session.legal(1).pay == 35 and "smallest" in t.suggest.tooltip
    t.suggest.click()
    assert t.chosen_notes() == (0, 4, 0, 0, 0, 0) and t.pay_button.description == "Pay 40"


def test_quick_bids_never_go_below_the_lowest_bid():
    """With a lowest bid of 60 (Horse Trading's "the first bid is at least 10", set to 60 here) and
    no bid yet, +10 and +50 both rise to 60 and are one button; +100 is 100. A quick bid of
    10 or 50 would be a button for a bid the rules refuse."""
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2, min_bid=60,
                   bots=[["auction"], None, ["pass"]])
    assert t.screen == ("seat", 1) and t.session.legal(1).bid == (60, None, 10)
    assert [b.description for b in t.quick_box.children] == ["Bid 60", "Bid 100"]


def test_a_quick_bid_of_all_the_money_shown_is_offered_in_the_repeat():
    """Bo bids 200 holding 140 and cannot pay: he shows his money and may bid at most 140 in
    the auction held again (YB "Not Enough Money?", HT "Can't pay?"). There Cy bids 40: +100
    is 140, all Bo has shown, a bid the rules allow, so its quick bid is offered."""
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2,
                   bots=[["auction", "sell"], None, ["pass", "bid 40"]])
    t.try_move("bid 200")                         # Cy passes, Ana sells: Bo shows 140
    t.try_move("pass")                            # the repeat: Bo waits, Cy bids 40
    assert t.session.says[-1] == "Cy bids 40." and t.session.legal(1).bid == (50, 140, 10)
    assert [b.description for b in t.quick_box.children] == \
        ["+10 \u2192 bid 50", "+50 \u2192 bid 90", "+100 \u2192 bid 140"]


def test_a_quick_bid_asked_about_is_left_in_the_bid_box():
    """Bo holds 90 and clicks "Bid 100": he is asked first, and the words say that Bid plays
    it too, so the bid box holds 100 (not the lowest bid, 1, that Bid would then play)."""
    t = TablePanel("youre-bluffing", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=1)
    assert t.session.observe(1).hand_total == 90 and t.amount.value == 1
    quick = t.quick_box.children[-1]
    assert quick.description == "Bid 100"
    n = len(t.session.moves)
    quick.click()
    assert len(t.session.moves) == n and "again" in t.message.value and t.amount.value == 100
    t.bid_button.click()
    assert t.session.moves[n] == (1, t.game.parse("bid 100"))


def test_a_bid_above_ones_money_is_asked_about_again_after_a_pass_taken_back():
    """Bo is asked about "Bid 100" (he holds 90), passes instead, and Cy takes the pass back
    (``undo="any"``): at the same position the same quick bid was played at the first click,
    the answer to a question Bo had left. It is asked again."""
    t = TablePanel("youre-bluffing", players=3, humans=[1, 2], names=["Ana", "Bo", "Cy"], seed=1, undo="any")
    t.show.click()
    n = len(t.session.moves)
    t.quick_box.children[-1].click()
    assert len(t.session.moves) == n and "again" in t.message.value
    t.click_action(t.game.parse("pass"))
    t.show.click()                                # Cy
    t.undo_button.click()                         # Bo's pass taken back
    assert len(t.session.moves) == n and t.screen == ("cover", 1)
    t.show.click()
    quick = t.quick_box.children[-1]
    assert quick.description == "Bid 100"
    quick.click()
    assert len(t.session.moves) == n and "again" in t.message.value, t.session.says[-1]
    quick.click()
    assert t.session.moves[n] == (1, t.game.parse("bid 100"))


def test_the_cover_tells_the_others_to_look_away():
    """At a shared screen the cover is the one place that says how to keep a hand hidden:
    the next player takes the screen and the others look away."""
    t = TablePanel("youre-bluffing", players=3, humans=[0, 1], names=["Ana", "Bo", "Cy"], seed=3)
    assert t.screen == ("cover", 0)
    assert "Pass the screen to Ana; the others look away." in t.cover_text.value, t.cover_text.value


def test_a_trade_shows_only_the_offer_and_a_counter_only_the_counter():
    """Anna's trade (HT "Trade"): her notes to click, "Trade for" and Offer, but no Pay
    and no "Choose for me" (nothing is owed). Ben's answer is a face-down counter: no
    partner to choose (the "Trade for" row is hidden) and the button says Counter."""
    t = rulebook_trade()
    assert t.money_box.layout.display != "none" and t.offer_button.layout.display != "none"
    assert t.target.layout.display != "none"
    assert t.pay_button.layout.display == "none" and t.suggest.layout.display == "none"
    t.target.value = next(v for _, v in t.target.options if v[0] == 1)
    t.choose_notes([1, 1, 0, 0, 0, 0])
    t.offer_button.click()
    t.show.click()
    assert t.screen == ("seat", 1)
    assert t.target.layout.display == "none" and t.offer_button.layout.display != "none"
    assert t.pay_button.layout.display == "none" and t.suggest.layout.display == "none"
    t.choose_notes([0, 1, 0, 0, 0, 0])
    assert t.offer_button.description == "Counter with 1 face-down money card"
    n = len(t.session.moves)
    t.offer_button.click()
    assert type(t.session.moves[n][1]).__name__ == "Counter" and t.message.value == ""


def test_quick_bids_are_rounded_up_to_the_bid_multiple():
    """With bids in twenties (``bid_multiple=20``) +10, +50 and +100 over nothing round up
    to 20, 60 and 100: each is at least that much above the high bid, in the game's steps."""
    t = TablePanel("horse-trading", players=3, humans=[1], names=["Ana", "Bo", "Cy"], seed=2, bid_multiple=20,
                   min_bid=20, bots=[["auction"], None, ["pass"]])
    assert t.screen == ("seat", 1) and t.session.legal(1).bid == (20, None, 20)
    assert [b.description for b in t.quick_box.children] == ["Bid 20", "Bid 60", "Bid 100"]


@pytest.mark.parametrize("game, buy", [("youre-bluffing", "Buy it back"), ("horse-trading", "Buy it yourself")])
def test_the_auctioneers_buy_button_speaks_its_rulesets_words(game, buy):
    """Bo bids 10 and Cy passes: Ana, the auctioneer, may sell or buy the animal herself,
    a button named as her ruleset says it, which plays the buy."""
    t = TablePanel(game, players=3, humans=[0], names=["Ana", "Bo", "Cy"], seed=2, bots=[None, ["bid 10"], ["pass"]])
    t.try_move("auction")
    assert [b.description for b in t.simple_box.children] == ["Sell", buy]
    n = len(t.session.moves)
    t.simple_box.children[1].click()
    assert t.session.moves[n] == (0, t.game.parse("buy")) and t.message.value == ""


def test_a_late_click_on_offer_before_a_partner_is_chosen_plays_nothing_and_says_nothing(monkeypatch):
    """Offer is closed until Anna chooses whom to trade with: a click the browser sent
    before it closed trades nothing and puts no refusal in red on her screen; the same click
    from code is refused in words."""
    from bluffkit.widgets import seat_panel
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = rulebook_trade()
    t.choose_notes([1, 1, 0, 0, 0, 0])
    assert t.target.value is None and t.offer_button.disabled
    moves = list(t.session.moves)
    sent[0] = 100.0
    t.offer_button.click()
    assert t.session.moves == moves and t.message.value == ""
    sent[0] = None
    t.offer_button.click()
    assert t.session.moves == moves and "Choose whom to trade with first" in t.message.value


def test_each_trade_partners_title_says_whether_it_is_the_one_chosen():
    """A screen reader reads a button's title, not the class that marks the chosen one:
    "Ben's 6" says to click it until Anna does, then that it is chosen."""
    t = rulebook_trade()
    assert list(t.target.tooltips) == ["Ben's 6: click to trade for it"]
    t.target.value = t.target.options[0][1]
    assert list(t.target.tooltips) == ["Ben's 6: chosen"]
