"""The Bløff panel (headless) and the Bløff analysis: tournaments, claims, charts."""

import numpy as np

from bluffkit.analysis.bloff_charts import lie_chart, win_rate_chart
from bluffkit.analysis.bloff_data import claims_frame, lie_summary, simulate_claims
from bluffkit.analysis.tournament import tournament, win_rates
from bluffkit.core.game import make_game
from bluffkit.games.bloff.actions import Call
from bluffkit.games.bloff.cards import RANK_NAMES, card_text, rank_of
from bluffkit.session import Session
from bluffkit.widgets import BloffTable, ReplayViewer, bloff as bloff_panel
from bluffkit.widgets.render_bloff import seat_html

NAMES = ["Anne", "Bjørn", "Carla", "David"]


def test_the_call_button_is_open_only_during_the_call_window():
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    assert t.screen == ("seat", 0), "the one human seat: no cover"
    assert t.play_box.layout.display is None and t.call_box.layout.display == "none"
    t.card_toggles[0].value = True                      # a click on the first drawn card chooses it
    assert t.chosen_cards() == t.cards[:1]
    assert t.lay.description == "Say “one ace”"
    t.lay.click()
    assert t.message.value == ""
    assert t.session.waiting_for == 0 and t.session.state.phase == "call"    # a bot has laid cards since
    assert t.call_box.layout.display is None and t.play_box.layout.display == "none"
    assert t.call.description == "Bløff!"


def test_an_empty_play_is_refused_and_changes_nothing():
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    t.show.click()
    moves = list(t.session.moves)
    t.choose(())
    t.lay.click()
    assert "at-least-one-card" in t.message.value and t.session.moves == moves


def test_with_a_limit_on_cards_per_play_the_prompt_says_it():
    """The rulebook sets no limit ("ett eller flere kort"); with the rule option max_cards=2
    a play of three is refused, and the prompt says so before, not "one or more" alone."""
    t = BloffTable(players=3, humans=[0], names=["Anne", "Bjørn", "Carla"], seed=5, max_cards=2)
    assert "click one or more cards (at most 2) and lay them" in t.legal_text.value, t.legal_text.value
    assert "(at most" not in BloffTable(players=3, humans=[0], seed=5).legal_text.value


def test_two_humans_take_turns_behind_the_cover():
    t = BloffTable(players=3, humans=[0, 1], names=NAMES[:3], seed=2)
    seen = set()
    for _ in range(30):
        if t.session.over:
            break
        if t.cover.layout.display is None:
            seen.add(t.session.waiting_for)
            t.show.click()
        legal = t.session.legal(t.viewer)
        t.typed.value = "pass" if legal.call else f"play {card_text(t.cards[0])}"
        t.typed_button.click()
        assert t.message.value == "", t.message.value
    assert seen == {0, 1}


def test_a_seat_view_never_shows_hidden_cards():
    game = make_game("bloff")
    s = Session(game, ["random"] * 4, names=NAMES, seed=5)
    rng = np.random.default_rng(0)
    for _ in range(60):
        s.advance(limit=4)
        if s.over:
            break
        for seat in range(4):
            html = seat_html(game, game.observe(s.state, seat), NAMES)
            other = game.hide_from(s.state, seat, rng)
            assert seat_html(game, game.observe(other, seat), NAMES) == html


def test_replay_viewer_draws_a_bloff_log(tmp_path):
    s = Session(make_game("bloff"), ["honest", "caller", "random"], names=NAMES[:3], seed=3).run()
    r = ReplayViewer(s.save(tmp_path / "b.jsonl"))
    r.step.value = r.step.max
    assert "wins" in r.table.value


def test_tournament_rotates_seats_and_counts_every_win():
    df = tournament(make_game("bloff"), ["honest", "random", "random"], games=60, seed=1)
    assert df.groupby("game")["won"].sum().eq(1).all()               # one winner per game
    assert df.groupby(["agent"])["seat"].nunique().eq(3).all()        # every bot in every seat
    rates = win_rates(df)
    agents = rates[rates["by"] == "agent"].set_index("who")
    assert abs(agents["wins"].sum() - 60) < 1e-9
    assert agents.loc["honest", "rate"] > agents.loc["random", "rate"]
    assert win_rate_chart(rates).to_dict()["layer"][0]["mark"]["type"] == "bar"


def test_the_honest_bot_lies_only_when_it_must():
    game = make_game("bloff")
    rec_moves = Session(game, ["honest", "random", "random"], names=NAMES[:3], seed=8).run()
    df = claims_frame(game, rec_moves.moves, ["honest", "random", "random"])
    honest = df[df["agent"] == "honest"]
    assert (honest.loc[honest["lie"], "count"] == 1).all()            # a lie is one card, laid when it had none
    states, moves = rec_moves.states, rec_moves.moves
    for i, (seat, action) in enumerate(moves):
        if seat == 0 and type(action).__name__ == "Play":
            rank = states[i].rank
            held = [c for c in states[i].hands[0] if rank_of(c) == rank]
            assert sorted(action.cards) == held or (not held and len(action.cards) == 1)


def test_lie_summary_and_chart():
    claims = simulate_claims(make_game("bloff"), ["honest", "random", "caller"], games=20, seed=4)
    summary = lie_summary(claims).set_index("agent")
    assert summary.loc["random", "lies"] > summary.loc["honest", "lies"]
    assert set(lie_chart(summary.reset_index()).to_dict()["encoding"]) >= {"x", "xOffset", "y", "color"}


def test_the_fast_path_keeps_its_counts_right():
    """The working copy keeps the pile's size, each seat's cards in it and the hand sizes up to
    date move by move; they must always equal a fresh count from the state."""
    from bluffkit.agents.bloff import RandomAgent
    from bluffkit.games.bloff.engine import Table
    game = make_game("bloff")
    t = game.table(players=4)
    rng = np.random.default_rng(3)
    agents = [RandomAgent() for _ in range(4)]
    for _ in range(400):
        if t.is_over():
            break
        if t.is_chance():
            t.apply_chance(t.sample_chance(0.0, rng))
        else:
            seat, legal, obs = t.decision()
            t.apply(seat, agents[seat].act(obs, legal, rng), legal)
        assert t.pile_view() == Table.thaw(t.freeze()).pile_view()


def test_the_panel_names_the_game():
    t = BloffTable(players=3, humans=[0], names=NAMES[:3], seed=1)
    assert "Bløff (Cheat)" in t.title_html.value


def test_the_caller_reads_its_observation_as_the_exact_model_does():
    """At the first claim of a 4-player game the caller knows its 13 cards: N = 39 unseen,
    the claimant held 13 before laying. Its probability must be the module's, and the
    rulebook's Anne must find David's "three fours" certainly false."""
    from fractions import Fraction

    from bluffkit.agents.bloff import p_false
    from bluffkit.analysis.bloff_probability import p_claim_false
    from bluffkit.core import scenario as sc
    game = make_game("bloff")
    s = game.new_state(4)
    s = game.step(s, None, game.sample_chance(s, np.random.default_rng(7)))
    first = [c for c in s.hands[0]][:2]
    s = game.step(s, 0, "play " + ",".join(card_text(c) for c in first))
    obs = game.observe(s, 1)
    aces = sum(1 for c in obs.hand if rank_of(c) == 0)
    assert p_false(obs) == float(p_claim_false(2, aces, 0, 1, 39, 13))
    res = sc.run(sc.find("bloff-anne-calls-david"))
    before_call = res.states[13]
    assert p_false(game.observe(before_call, 0)) == 1.0
    assert Fraction(1) == p_claim_false(3, 2, 0, 1, 30, 12)            # certain, whatever the counts


def test_claims_follow_the_rules_first_rank():
    """The claimed ranks come from the rules: with ``first_rank`` 5 (sixes) the first claim
    of a game is sixes, and an honest bot's full-rank plays are no lies."""
    from bluffkit.games.bloff import Bloff, Rules
    game = Bloff(Rules(first_rank=5))
    rec = Session(game, ["honest", "honest", "honest"], names=NAMES[:3], seed=3).run()
    df = claims_frame(game, rec.moves, ["honest", "honest", "honest"])
    assert df["rank"].iloc[0] == RANK_NAMES[5]
    assert df["rank"].iloc[1] == RANK_NAMES[6]
    claims = rec.states[-1].claims
    assert [RANK_NAMES[r] for _, r, _ in claims] == list(df["rank"])


def test_undo_takes_back_only_ones_own_move_unless_the_table_allows_any():
    """Hot seat: Bjørn, on his turn, may not take back Anne's play (and then see her hand
    on her screen); at a teacher's table (undo="any") he may."""
    for rule, taken in (("own", False), ("any", True)):
        t = BloffTable(players=3, humans=[0, 1, 2], names=NAMES[:3], seed=1, undo=rule)
        t.show.click()
        t.choose(t.cards[:1])
        t.lay.click()
        moves = list(t.session.moves)
        t.undo_button.click()
        if taken:
            assert len(t.session.moves) == len(moves) - 1 and "Took back 1" in t.message.value
        else:
            assert t.session.moves == moves and "only Anne may take back" in t.message.value


def test_undo_is_not_shown_on_a_cover_where_it_could_only_be_refused():
    """On a cover the next player is asked; under the rule "own" Undo could only be refused
    there, so it is hidden; on the seat's own screen, and at a table with undo="any", it shows."""
    for rule, on_cover in (("own", "none"), ("any", None)):
        t = BloffTable(players=3, humans=[0, 1, 2], names=NAMES[:3], seed=1, undo=rule)
        t.show.click()
        assert t.undo_button.layout.display is None, "on a seat's screen"
        t.choose(t.cards[:1])
        t.lay.click()
        assert t.screen[0] == "cover" and t.undo_button.layout.display == on_cover, rule


def test_the_second_click_of_a_double_click_on_a_move_played_is_dropped(monkeypatch):
    """A double click on "Say ..." laid the cards, then the second click, sent from the old
    screen, came back in red: "Anne can't lay those cards: ... the call window is open". A
    click the browser sent before it could show the move's result is dropped; one sent after
    is played."""
    from bluffkit.games.bloff.actions import PASS_
    from bluffkit.widgets import seat_panel
    sent = [1000.0]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    t.show.click()
    t.card_toggles[0].value = True
    t.lay.click()                                       # sent at 1000.0
    moves = list(t.session.moves)
    assert t.message.value == "" and t.session.state.phase == "call"
    sent[0] = 1000.0 + 1e-6                             # a click sent at once, from the old screen
    t.call.click()                                      # (on a button still open: the clock alone drops it)
    assert t.message.value == "" and t.session.moves == moves, "a click sent before the result showed is dropped"
    sent[0] = 1060.0                                    # a minute later: a click on the screen as drawn now
    t.let_go.click()
    assert t.message.value == "" and t.session.moves[len(moves)] == (0, PASS_), "played"


def test_clicks_made_without_a_browser_are_never_dropped():
    """A test or a cell that calls click() has no browser message to date: every click counts."""
    from bluffkit.widgets.seat_panel import ClickClock, click_sent_at
    assert click_sent_at() is None
    clock = ClickClock()
    assert not clock.stale()
    clock.done()
    assert not clock.stale()


def test_a_browsers_click_on_a_button_now_disabled_is_ignored(monkeypatch):
    """The browser sends a click before it hears the button was disabled (the second click of
    a double click on "Say ...", whose first click laid the cards and cleared the choice): no
    "Anne can't lay those cards" under the move that worked. A click from code is refused."""
    from bluffkit.widgets import seat_panel
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    t.show.click()
    t.card_toggles[0].value = True
    t.lay.click()
    moves = list(t.session.moves)
    assert t.lay.disabled and t.message.value == ""
    sent = iter([5000.0, 9000.0])             # the clock of ClickClock passes it; live() alone drops it
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: next(sent, 9000.0))
    t.lay.click()
    assert t.message.value == "" and t.session.moves == moves
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: None)
    t.lay.click()
    assert "bk-refusal" in t.message.value and t.session.moves == moves


def test_a_browser_clock_set_back_drops_no_click(monkeypatch):
    """A click dated before the last move (the browser's clock set back, a second browser)
    was taken for a double click, and so was every click after it until the clock caught up:
    the hot-seat table froze without a word."""
    from bluffkit.widgets import seat_panel
    from bluffkit.widgets.seat_panel import ClickClock
    sent = [None]
    monkeypatch.setattr(seat_panel, "click_sent_at", lambda: sent[0])
    ticks = iter(range(10**6))                # the kernel takes 1 s over each click (a clock not coarse)
    monkeypatch.setattr(seat_panel.time, "monotonic", lambda: float(next(ticks)))
    clock = ClickClock()
    for when, dropped in ((1000.0, False), (1000.0 - 3600, False), (1000.0 - 3590, False), (1e12, False),
                          (1000.0, False)):
        sent[0] = when
        assert clock.stale() is dropped, when
        clock.done()
    sent[0] = 1000.0                          # the same time again: sent before the result showed
    assert clock.stale()


def test_what_happened_writes_the_turned_cards_as_the_table_draws_them():
    """The narration's "cards are turned: 2H, 10C" was shown as typed notation beside cards
    drawn 2♥ 10♣; "What happened" now writes them with the suits' signs, the rest of the
    line (and the log, the terminal's narration) unchanged."""
    import re

    import numpy as np

    from bluffkit.widget_check import driver_for
    t = BloffTable(players=3, humans=[0], names=["Anne", "Bo", "Cy"], seed=2)
    driver, rng = driver_for(t), np.random.default_rng(0)
    while not any("cards are turned" in x for x in t.said[-3:]) and driver.click(t, rng):
        pass
    line = next(x for x in reversed(t.said) if "cards are turned" in x)
    turned = line.split("cards are turned: ")[1].split(".")[0]
    assert re.fullmatch(r"(10|[2-9AJQK])[SHDC]\*?(, (10|[2-9AJQK])[SHDC]\*?)*", turned), "the narration keeps the notation"
    drawn = turned
    for letter, sign in (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣")):
        drawn = re.sub(rf"(10|[2-9AJQK]){letter}", rf"\g<1>{sign}", drawn)
    assert f"cards are turned: {drawn}." in t.events.value and turned not in t.events.value


def test_the_scenario_player_and_the_replay_write_the_turned_cards_with_suits_too():
    """The worked example's last step ("David's cards are turned: 4D, 10S, JS") and a
    replayed call show the cards as the table beside them draws them."""
    import re

    from bluffkit.widgets import ScenarioPlayer
    p = ScenarioPlayer("bloff-anne-calls-david")
    p.viewer.value = 0                                   # Anne's view: the game's own words
    p.step.value = p.step.max
    assert "cards are turned: 4♦, 10♠, J♠." in p.narration.value and "4D" not in p.narration.value
    played = Session("bloff", ["random"] * 3, seed=2).run()
    calls = [k for k, line in enumerate(played.says) if "cards are turned" in line]
    assert calls
    r = ReplayViewer(played)
    r.step.value = calls[0] + 1
    shown = next(x for x in r.events.value.split("<li") if "cards are turned" in x)
    assert re.search(r"cards are turned: (10|[2-9AJQK])[♠♥♦♣]", shown), shown


def test_an_undo_refusal_quotes_the_turned_cards_as_the_table_draws_them():
    """The Undo message and tooltip quote the narration line a call made: "cards are turned:
    2H, 2D" in the panel that draws 2♥ 2♦."""
    t = BloffTable(players=3, humans=[0], bots="caller", names=["Anne", "Bo", "Cy"], seed=1)
    t.choose(t.session.observe(0).hand[:1])
    t.lay.click()
    assert any("cards are turned: 2H, 2D" in x for x in t.said), "the bots' call, in the narration's notation"
    assert "cards are turned: 2♥, 2♦" in t.undo_button.tooltip and "2H" not in t.undo_button.tooltip
    t.undo_button.click()
    assert "Cannot undo" in t.message.value and "2♥, 2♦" in t.message.value and "2H" not in t.message.value


def test_a_hand_of_one_card_is_written_in_the_singular():
    """A player with one card left read "Bjørn 1 cards" (and its card back "1 cards face down")."""
    import re

    from bluffkit.core.game import make_game
    from bluffkit.core.spec import spec_of
    game = make_game("bloff")
    seat_html = spec_of(game).resolve("seat_html")
    rng = np.random.default_rng(3)
    t = game.table(players=3)
    seen = 0
    while not t.is_over() and seen < 3:
        if t.is_chance():
            t.apply_chance(t.sample_chance(float(rng.random()), rng))
        else:
            seat, legal, _ = t.decision()
            t.apply(seat, legal.sample(rng), legal)
        state = t.freeze()
        obs = game.observe(state, 0)
        if 1 in obs.hand_sizes:
            seen += 1
            shown = seat_html(game, obs, ["Anne", "Bjørn", "Carla"])
            assert not re.search(r"(?<!\d)1 cards", shown) and re.search(r"(?<!\d)1 card<", shown), shown
    assert seen, "no hand of one card reached"


def test_with_two_decks_the_table_says_what_a_cards_star_means():
    """With seven players or more two decks are shuffled (the rule ``two_decks_from``), and
    a second deck's card has a ``*`` in its corner: the table said nowhere what it meant."""
    from bluffkit.widgets.render_bloff import all_seeing_html
    game = make_game("bloff")
    for players, two in ((7, True), (4, False)):
        s = Session(game, ["random"] * players, seed=3)
        s.advance(limit=1)
        names = [f"P{i}" for i in range(players)]
        assert ("a card of the second deck" in seat_html(game, game.observe(s.state, 0), names)) is two, players
        table = all_seeing_html(game, s.state, names)
        assert ("a card of the second deck" in table) is two
        second = sum(c >= 52 for h in s.state.hands for c in h)
        assert (second > 0) is two and table.count("* (second deck)") == 2 * second, "each card's tooltip and label"


def test_a_short_two_human_game_calls_climbs_the_rank_and_quotes_the_newest_claim(monkeypatch):
    """Along one game: a new choice replaces the old one, Bløff! calls, the next turn's
    rank is asked for, and a call window quotes the claim just made, not an older one."""
    t = BloffTable(players=3, humans=[0, 1], names=["Anne", "Bo", "Cy"], seed=1)
    t.show.click()
    assert t.lay.description == "Say \u201c\u2026 aces\u201d"
    a, b = t.cards[:2]
    t.choose([a])
    t.choose([b])
    assert t.chosen_cards() == (b,), "choose() sets exactly the cards given"
    assert t.lay.description == "Say \u201cone ace\u201d"
    # a hand of MANY_CARDS cards is drawn as usual; one card more, smaller
    monkeypatch.setattr(bloff_panel, "MANY_CARDS", len(t.cards))
    t.refresh()
    assert "bk-hand-many" not in t.hand._dom_classes
    monkeypatch.setattr(bloff_panel, "MANY_CARDS", len(t.cards) - 1)
    t.refresh()
    assert "bk-hand-many" in t.hand._dom_classes
    monkeypatch.undo()
    t.choose(t.cards[:1])
    t.lay.click()
    t.show.click()                                          # Bo, asked about Anne's claim
    assert t.screen == ("seat", 1) and "Anne said \u201cone ace\u201d" in t.legal_text.value
    played = len(t.session.moves)
    t.call.click()
    assert t.session.moves[played] == (1, Call())
    if t.screen[0] == "cover":
        t.show.click()
    assert t.screen == ("seat", 1) and t.session.state.phase == "play"
    assert t.lay.description == "Say \u201c\u2026 twos\u201d", "the rank has climbed"
    t.choose(t.cards[:1])
    assert t.lay.description == "Say \u201cone two\u201d"
    t.lay.click()
    t.show.click()                                          # Anne lets Bo's claim go; Cy then lays threes
    assert "Bo said \u201cone two\u201d" in t.legal_text.value
    t.let_go.click()
    t.show.click()
    assert t.screen == ("seat", 0) and len(t.session.observe(0).claims) >= 2
    assert "Cy said \u201cone three\u201d" in t.legal_text.value, "the newest claim, not the first"


def test_the_projector_puts_the_say_button_above_the_hand():
    """On a projector a big hand would push the Say button below the screen: it comes first,
    above the cards; at a desk it stays under the hand, where the cards are chosen."""
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    t.set_projector(True)
    assert t.play_box.children == (t.lay, t.hand)
    t.set_projector(False)
    assert t.play_box.children == (t.hand, t.lay)


def test_a_second_deck_card_is_told_apart_by_its_star():
    """Seven players shuffle two decks (rulebook §3), so a hand can hold the same card twice:
    the second deck's copy carries a ``*`` and says so in its tooltip, or the two buttons
    would look the same. Anne's hand at seed 0 holds the three of spades from both decks."""
    t = BloffTable(players=7, humans=[0], seed=0)
    three_of_spades = 2 * 4 + 0                         # rank index 2 (three), suit index 0 (spades)
    assert {three_of_spades, three_of_spades + 52} <= set(t.cards), "the position this test needs"
    shown = {t.card: (t.description, t.tooltip.split(":")[0]) for t in t.card_toggles}
    assert shown[three_of_spades] == ("3♠", "the three of spades")
    assert shown[three_of_spades + 52] == ("3♠*", "the three of spades (second deck)")
    assert all(d.endswith("*") == (c >= 52) for c, (d, _) in shown.items())
    assert len({d for d, _ in shown.values()}) == len(shown), "no two cards drawn alike"


def test_hearts_and_diamonds_are_drawn_red():
    """As on a real deck, hearts and diamonds are red and spades and clubs black."""
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    suits = set()
    for b in t.card_toggles:
        suit = b.description.rstrip("*")[-1]
        suits.add(suit)
        assert ("bk-red" in b._dom_classes) is (suit in "♥♦"), b.description
    assert suits == set("♠♥♦♣"), "all four suits in the hand"


def _call_window():
    """Anne lays her first card; the bots lay theirs and the call window is Anne's."""
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    t.choose(t.cards[:1])
    t.lay.click()
    assert t.session.waiting_for == 0 and t.session.state.phase == "call"
    return t


def test_click_action_plays_a_call_and_a_let_go_with_their_buttons():
    """Playing a move by clicks must press the button of that move: "Bløff!" for a call,
    "Let it go" for a pass, never the other."""
    from bluffkit.games.bloff.engine import CALL_, PASS_
    t = _call_window()
    for action in (CALL_, PASS_):             # (after the call the next claim opens Anne's window again)
        assert t.session.waiting_for == 0 and t.session.state.phase == "call"
        played = len(t.session.moves)
        assert t.click_action(action) is True
        assert t.session.moves[played] == (0, action)


def test_click_action_refuses_a_play_when_the_lay_box_is_hidden():
    """In the call window the hand is not drawn and no cards may be laid: a play is not
    clicked at all (it would press a Lay button nobody can see) and nothing is sent."""
    from bluffkit.games.bloff.engine import Play
    t = _call_window()
    moves = list(t.session.moves)
    assert t.click_action(Play((t.session.state.hands[0][0],))) is False
    assert t.session.moves == moves and t.message.value == ""


def test_lay_lays_the_cards_chosen_wherever_they_are_in_the_hand():
    """Say lays exactly the cards clicked, not as many cards from the front of the hand."""
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    chosen = (t.cards[3], t.cards[7])
    t.choose(chosen)
    played = len(t.session.moves)
    t.lay.click()
    seat, action = t.session.moves[played]
    assert seat == 0 and sorted(action.cards) == sorted(chosen)


def test_the_scores_give_each_player_the_cards_left_in_their_own_hand():
    """52 cards dealt to three: one player holds 18, the others 17 each; the
    scores table sets each count beside its own player's name."""
    import re
    t = BloffTable(players=3, humans=[0], names=["Anne", "Bjørn", "Carla"], seed=1)
    t.scores_button.value = True
    rows = dict(re.findall(r"<tr><td>([^<]+)</td><td><b>(\d+)</b></td></tr>", t.scores.value))
    held = {name: str(len(h)) for name, h in zip(["Anne", "Bjørn", "Carla"], t.session.state.hands)}
    assert sorted(held.values()) == ["17", "17", "18"] and rows == held


def test_the_hand_is_drawn_by_rank_then_suit_a_second_decks_copy_beside_its_twin():
    """A hand is held in order: ace, two, ... king, and within a rank ♠ ♥ ♦ ♣, the second
    deck's copy (``*``) right after the first deck's; ``cards`` lists them as drawn."""
    t = BloffTable(players=7, humans=[0], seed=0)
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    drawn = [b.description for b in t.card_toggles]
    key = [(ranks.index(d.rstrip("*")[:-1]), "♠♥♦♣".index(d.rstrip("*")[-1]), d.endswith("*")) for d in drawn]
    assert key == sorted(key) and len(set(key)) == len(key), drawn
    assert any(d.endswith("*") for d in drawn) and any(not d.endswith("*") for d in drawn), "both decks in the hand"
    assert t.cards == tuple(b.card for b in t.hand.children)


def test_click_action_refuses_a_call_or_a_let_go_while_the_call_window_is_shut():
    """On one's own turn to lay cards "Bløff!" and "Let it go" are hidden: a call or a pass is
    not clicked (nothing is sent, no refusal is written)."""
    from bluffkit.games.bloff.engine import CALL_, PASS_
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    assert t.call_box.layout.display == "none" and t.session.state.phase == "play"
    moves = list(t.session.moves)
    for action in (CALL_, PASS_):
        assert t.click_action(action) is False, action
    assert t.session.moves == moves and t.message.value == ""


def test_the_prompts_say_a_claim_need_not_be_true_and_offer_both_answers_to_a_claim():
    """Rulebook: the rank said need not be the cards' rank; a claim may be called or let go."""
    t = BloffTable(players=3, humans=[0, 1], names=["Anne", "Bo", "Cy"], seed=1)
    t.show.click()
    assert "face down" in t.legal_text.value and "need not be true" in t.legal_text.value
    t.choose(t.cards[:1])
    t.lay.click()
    t.show.click()
    assert t.screen == ("seat", 1)
    assert "Call it a lie, or let it go?" in t.legal_text.value


def test_click_action_lays_every_card_of_a_play():
    """A play of two cards clicked as a person would: both cards chosen, both laid."""
    from bluffkit.games.bloff.engine import Play
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    two = (t.cards[2], t.cards[6])
    played = len(t.session.moves)
    assert t.click_action(Play(two)) is True
    seat, action = t.session.moves[played]
    assert seat == 0 and sorted(action.cards) == sorted(two)


def test_a_seats_hand_is_drawn_where_no_clickable_hand_is_below_the_table():
    """The scenario player and the replay viewer, in the view of a seat about to lay cards,
    wrote "your hand: 11 cards, below" and drew no hand below; only the Bløff table draws
    the hand under the table, as cards to click."""
    from bluffkit.widgets import ScenarioPlayer
    from bluffkit.widgets.render_bloff import cards_html
    p = ScenarioPlayer("bloff-anne-calls-david")
    p.viewer.value = 0                                   # Anne's view
    game = p.scenario.game
    for i in range(p.step.max + 1):
        p.step.value = i
        hand = game.observe(p.result.states[i], 0).hand
        assert "your hand" not in p.table.value.lower() and cards_html(hand) in p.table.value, (i, p.table.value)
    played = Session("bloff", ["random"] * 3, seed=2).run()
    r = ReplayViewer(played)
    r.viewer.value = 0
    for i in range(min(r.step.max, 12) + 1):
        r.step.value = i
        hand = r.game.observe(r.states[i], 0).hand
        assert "your hand" not in r.table.value.lower() and cards_html(hand) in r.table.value, (i, r.table.value)
    t = BloffTable(players=3, humans=[0], bots="caller", names=["Anne", "Bo", "Cy"], seed=1)
    t.show.click()
    assert "Your hand, 18 cards: click the cards to lay" in t.view.value, t.view.value


def test_the_seat_names_its_hand_to_click_in_a_plain_sentence():
    """While a seat lays cards its seat on the table counts the hand drawn apart as cards to
    click: it read "your hand: 13 cards, to click". A plain sentence now, the card or the
    cards as many as it holds."""
    from bluffkit.widgets.render_bloff import seat_html
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    t.show.click()
    assert "Your hand, 13 cards: click the cards to lay" in t.view.value, t.view.value
    assert "to click" not in t.view.value, t.view.value
    obs = t.session.observe(0)
    one = type(obs).from_fields(**{**dict(zip(obs._fields, obs)), "hand": obs.hand[:1]})
    assert "Your hand, 1 card: click the card to lay" in seat_html(t.game, one, t.session.names, hand_to_click=True)


def test_on_a_projector_the_seat_does_not_say_the_hand_is_below():
    """On a projector the cards to click stand beside the table, with the controls
    (``set_projector``: "the table beside the controls"): the seat's line may not say they
    are below it."""
    t = BloffTable(players=4, humans=[0], names=NAMES, seed=1)
    t.show.click()
    t.set_projector(True)
    assert "Your hand, 13 cards" in t.view.value and "below" not in t.view.value, t.view.value


def test_on_a_projector_the_hand_at_a_call_stands_beside_the_table():
    """At a call on a projector a hand drawn in its seat (15 cards: three rows) pushed the
    other seats and the last call below a 1280 x 720 screen: it stands beside the table,
    in the controls' column, as the cards to click do while the seat lays; at a desk it
    stays in the seat. A cover holds none of it."""
    from bluffkit.widgets.art import playing_card
    from bluffkit.widgets.render_bloff import card_parts, cards_html, sort_hand
    t = BloffTable(players=3, humans=[0, 1], names=["Anne", "Bo", "Cy"], seed=1)
    t.set_projector(True)
    t.show.click()
    t.choose(t.cards[:1])
    t.lay.click()                                           # Anne says "one ace"
    assert t.screen == ("cover", 1)
    assert t.held.value == "" and t.held.layout.display == "none", "the cover holds no hand"
    t.show.click()                                          # Bo, asked about Anne's claim
    assert t.screen == ("seat", 1) and t.call_box.layout.display is None
    hand = "".join(playing_card(*card_parts(c)) for c in sort_hand(t.session.observe(1).hand))    # Bo's, drawn
    assert t.held in t.controls.children and t.held.layout.display is None and hand in t.held.value
    assert "Your hand: on the right" in t.view.value and "bk-play" not in t.view.value, t.view.value
    t.set_projector(False)                                  # at a desk: in the seat, as before
    assert t.held.value == "" and t.held.layout.display == "none"
    assert cards_html(t.session.observe(1).hand) in t.view.value


def test_the_hand_beside_the_table_never_reaches_a_cover_and_an_empty_hand_is_not_drawn():
    """Projector switched on at a cover draws no hand beside the table (the next seat's or
    the last's); switched back on a seat's screen it is that seat's. A seat that has laid
    its last cards has no hand to draw: nothing stands beside the table, and the seat says
    "Your hand: none" (it said "on the right" over an empty box)."""
    from bluffkit.widgets.render_bloff import seat_html
    t = BloffTable(players=3, humans=[0, 1], names=["Anne", "Bo", "Cy"], seed=1)
    t.show.click()
    t.choose(t.cards[:1])
    t.lay.click()                                           # Anne says "one ace": Bo's cover
    assert t.screen == ("cover", 1)
    t.set_projector(True)                                   # switched at the cover
    assert t.held.value == "" and t.held.layout.display == "none", "a cover holds no hand"
    t.set_projector(False)
    t.set_projector(True)
    assert t.held.value == "" and t.screen == ("cover", 1)
    obs = t.session.observe(1)
    fields = dict(zip(obs._fields, obs))
    empty = type(obs).from_fields(**{**fields, "hand": ()})   # Bo's view, had he laid his last cards
    t.draw_held(obs)
    assert t.held.layout.display is None, "Bo's cards stand beside the table"
    t.draw_held(empty)
    assert t.held.value == "" and t.held.layout.display == "none", "an empty hand stands beside the table"
    assert "Your hand: none" in seat_html(t.game, empty, t.session.names, hand_to_click=True, hand_beside=True)
