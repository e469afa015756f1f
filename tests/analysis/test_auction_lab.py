"""The auction lab: many auctions through the engine against the theory, and the panel
(headless)."""

import re
from html import unescape

import numpy as np
import pandas as pd
import pytest

from bluffkit.analysis.auction_lab import equilibrium_in_money, simulate_engine, summary
from bluffkit.analysis.auction_sim import COLUMNS
from bluffkit.core.errors import RulesError
from bluffkit.widgets import AuctionLab


def _close(mean, se, want, bias=0.01):
    """Within 5 standard errors, plus the bias of bids rounded down to steps of 10 (/1,000)."""
    return abs(mean - want) <= 5 * se + bias


@pytest.mark.slow
@pytest.mark.parametrize("fmt, strategy, auctions", [("second-hand", "truthful", 3000),
                                                     ("secret-value", "equilibrium", 3000),
                                                     ("classic", "truthful", 1000)])
def test_the_engine_reproduces_revenue_equivalence(fmt, strategy, auctions):
    """With 3 bidders and U[0,1] values, no right of first refusal: expected revenue (n-1)/(n+1)
    = 0.5 in second-price with truthful bids, first-price with the (n-1)/n equilibrium, and the
    open Classic auction (the price stops at the second-highest value). (Classic's bids rise
    10 at a time, some 90 moves an auction: 1,000 of them, within 5 standard errors of 0.5,
    is still a band of about 0.03.)"""
    df = simulate_engine(fmt, bidders=3, auctions=auctions, strategy=strategy, right=False, seed=11)
    assert list(df.columns) == COLUMNS and len(df) == auctions
    se = df.revenue.std() / len(df) ** 0.5
    assert _close(df.revenue.mean(), se, 0.5), (fmt, df.revenue.mean(), se)
    assert df.efficient.mean() > 0.97, "an increasing strategy gives the lot to the highest value"
    assert not df.refused.any(), "without the right the auctioneer always sells"


@pytest.mark.slow
def test_first_price_spread_is_smaller_than_second_price_spread():
    """Same mean, different spread. The variance of revenue with n = 3 bidders is
    (n-1)^2/(n (n+1)^2 (n+2)) = 4/240 in first price (sd 0.129) and 2(n-1)/((n+1)^2 (n+2))
    = 4/80 in second price (sd 0.224)."""
    first = simulate_engine("secret-value", 3, 3000, strategy="equilibrium", right=False, seed=3).revenue.std()
    second = simulate_engine("second-hand", 3, 3000, strategy="truthful", right=False, seed=3).revenue.std()
    assert abs(first - (4 / 240) ** 0.5) < 0.012 and abs(second - (4 / 80) ** 0.5) < 0.012, (first, second)


@pytest.mark.slow
def test_the_right_of_first_refusal_raises_the_auctioneers_payoff():
    """Keeping the lot when its own value exceeds twice the price can only help the auctioneer."""
    with_right = simulate_engine("second-hand", 3, 2000, right=True, seed=5)
    without = simulate_engine("second-hand", 3, 2000, right=False, seed=5)
    assert with_right.refused.mean() > 0.05
    assert (with_right.auctioneer_payoff >= without.auctioneer_payoff - 1e-9).all()
    kept = with_right[with_right.refused]
    assert (kept.auctioneer_value > 2 * kept.price).all()          # price in money / 1,000


def test_same_seed_same_frame_and_bad_settings_are_refused():
    a = simulate_engine("dutch", 3, 50, seed=2)
    assert a.equals(simulate_engine("dutch", 3, 50, seed=2))
    for kwargs, words in [({"fmt": "bingo"}, "unknown auction format"), ({"bidders": 0}, "bidders"),
                          ({"auctions": 0}, "auctions"), ({"strategy": "psychic"}, "strategy"),
                          ({"values": "normal"}, "values"), ({"fmt": "the-call", "bidders": 3}, "2 players")]:
        with pytest.raises(RulesError, match=words):
            simulate_engine(**{"fmt": "second-hand", "bidders": 3, "auctions": 5, **kwargs})


def test_progress_callback_reaches_the_total():
    seen = []
    simulate_engine("round-the-table", 2, 120, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (120, 120) and len(seen) >= 2


def test_a_human_bidder_plays_one_auction_in_the_panel():
    lab = AuctionLab(fmt="secret-value", bidders=3, human=2, seed=4)
    # chance sets out the lot and bidder 1 (a bot) bids by themselves: bidder 2's move at once
    assert lab.session.waiting_for == 2 and "Your value" in lab.private.value
    moves = list(lab.session.moves)
    lab.move.value = "bid ten"                     # Enter in the box plays the typed move
    assert "Bidder 2 (you) can&rsquo;t play" in lab.refusal.value and lab.session.moves == moves
    lab.move.value = "bid 120"
    assert lab.refusal.value == "" and (2, lab.session.game.parse("bid 120")) in lab.session.moves
    assert lab.move.value == ""
    while not lab.session.over:                    # pay with the notes offered, if bidder 2 won
        assert lab.session.waiting_for == 2 and lab.controls.note_button is not None
        owed = lab.session.legal(2).pay[0]
        for note in lab.controls.notes:
            if owed >= int(note.description) > 0:
                note.value, owed = True, owed - int(note.description)
        lab.controls.note_button.click()
    assert "Owners" in lab.private.value and "Payoffs" in lab.view.value


def test_a_two_player_format_seats_one_bidder_and_bad_values_leave_no_stale_auction():
    lab = AuctionLab(fmt="second-hand", bidders=3, seed=1)
    lab.fmt.value = "the-call"
    assert lab.bidders.value == 1 and lab.message.value == "" and lab.session.game.rules.format == "the-call"
    assert AuctionLab(fmt="number-call").session.players == 2
    lab.bidders.value = 3                         # The Call has one bidder: the slider goes back
    assert lab.bidders.value == 1 and lab.session.players == 2
    lab.typed.value = "5, 6, 7"                   # three values for two seats: refused, no stale auction
    assert "Type 2 values" in lab.message.value and lab.session is None
    lab.step_button.click()
    assert "Fix the settings" in lab.message.value and "no auction" in repr(lab)
    lab.typed.value = "500, 300"
    assert lab.message.value == "" and lab.vals == [500.0, 300.0]


def test_many_auctions_fill_the_progress_bar_and_draw_two_charts():
    lab = AuctionLab(fmt="classic", bidders=2, seed=1)
    lab.count.value = 150
    lab.simulate_button.click()
    assert lab.progress.value == 150 and len(lab.frame) == 150
    assert "150 auctions" in lab.summary.value and len(lab.charts.children) == 2
    lab.strategy_box.children[0].value = "shade"
    lab.simulate_button.click()
    assert set(lab.frame.strategy) == {"mixed"}


def test_typed_values_seat_the_bidders_and_a_bad_list_is_refused():
    lab = AuctionLab(fmt="second-hand", bidders=3, seed=1)
    lab.typed.value = "300, 450, 800, 120"           # a new auction starts with these values
    assert lab.vals == [300.0, 450.0, 800.0, 120.0] and lab.message.value == ""
    lab.run_button.click()
    # truthful second price (equilibrium = the value): bidder 2 (800) wins at bidder 1's 450
    assert lab.session.state.awards[0][0] == 2 and lab.session.state.awards[0][2] == 450
    lab.typed.value = "300, 450"
    assert "Type 4 values" in lab.message.value and lab.session is None     # no stale auction


def test_frame_units_winning_bid_and_surplus_follow_the_money():
    """Second Hand: the winner's own bid is at least the price it pays; prices are in money /
    1,000; the winner's surplus is its value less the price when it keeps the lot."""
    df = simulate_engine("second-hand", 3, 300, right=False, seed=2)
    won = df[df.winner > 0]
    assert (won.winning_bid >= won.price).all() and (won.price <= 1).all()
    assert ((won.winner_surplus - (won.winning_value - won.price)).abs() < 1e-9).all()
    # count auctions: the surplus counts the value of the notes paid, not their number
    dutch = simulate_engine("dutch", 3, 200, right=False, seed=2)
    w = dutch[dutch.winner > 0]
    assert (w.price >= 1).all() and (w.price == w.price.round()).all(), "a Dutch price is a number of notes"
    # no refusal: what the winner pays is the auctioneer's revenue, worth more than the count
    # (a 10-note price from the lab's money is two 0s and eight 10s: 80, not 10)
    assert ((w.winner_surplus - (w.winning_value - w.revenue)).abs() < 1e-9).all()
    assert (w.revenue * 1000 > w.price).all()


def test_double_pens_value_the_package_and_truthful_winners_do_not_lose():
    df = simulate_engine("second-hand", 3, 300, right=False, double=True, seed=4)
    won = df[df.winner > 0]
    assert (won.winner_surplus >= -1e-9).all(), "a truthful second-price winner never pays more than its value"
    assert (won.winning_value <= 2).all() and (won.winning_value > 1).any()


@pytest.mark.slow
def test_equilibrium_bidders_follow_the_value_law():
    """With beta(2, 5) values the first-price equilibrium is not (n-1)/n v; with the law's own
    bid function the engine's Secret Value comes out at the second-price revenue."""
    first = simulate_engine("secret-value", 3, 3000, values="beta(2, 5)", strategy="equilibrium", right=False, seed=6)
    second = simulate_engine("second-hand", 3, 3000, values="beta(2, 5)", strategy="truthful", right=False, seed=6)
    se = (first.revenue.var() / len(first) + second.revenue.var() / len(second)) ** 0.5
    assert abs(first.revenue.mean() - second.revenue.mean()) < 5 * se + 0.01


@pytest.mark.parametrize("players, value, bid", [(3, 300, 150), (4, 600, 400)])
def test_an_equilibrium_bidder_counts_the_bidders_not_the_auctioneer(players, value, bid):
    """The first-price equilibrium with n bidders and uniform values is (n-1)/n of the value
    (bluffkit.agents.auction's docstring), and in Secret Value "all fellow players" bid while
    the auctioneer "doesn't bid" (the booklet), so n is the players less one. 3 players, 2
    bidders: 1/2 x 300 = 150; 4 players, 3 bidders: 2/3 x 600 = 400. (Bids go in steps of 10,
    rounded down; 150 and 400 are whole steps, so the rounding changes nothing.)"""
    from bluffkit.agents.auction import Bidder
    from bluffkit.auctions.actions import Bid
    from bluffkit.core.game import make_game
    g = make_game("auction", format="secret-value")
    s = g.state_from_position(players, auctioneer=0, lot=["cow"])
    obs, legal = g.observe(s, 1), g.legal(s, 1)
    assert Bidder(value, strategy="equilibrium").act(obs, legal, np.random.default_rng(0)) == Bid(bid)


def test_scale_must_be_positive():
    for bad in (0, -5, "x"):
        with pytest.raises(RulesError, match="scale"):
            simulate_engine("second-hand", 3, 5, scale=bad)


def test_a_scripted_bidder_plays_its_moves_and_a_missing_script_is_refused():
    lab = AuctionLab(fmt="round-the-table", bidders=2, seed=1)
    lab.strategy_box.children[0].value = "script"
    assert "bidder 1 plays a script" in lab.message.value and lab.session is None
    lab.script.value = "1: bid 990"                # a script that forgets to pay
    assert lab.message.value == ""
    lab.typed.value = "0, 1000, 500"
    lab.run_button.click()
    assert "Bidder 1's script ran out after 1 move" in lab.message.value and not lab.session.over
    assert "has run out" in str(lab.bot_error)
    lab.script.value = "1: bid 990, pay 500+200+200+50+10+10+10+10"
    lab.run_button.click()
    state = lab.session.state
    assert lab.session.over and state.bids[1] == 990 and state.awards[0][0] == 1
    lab.count.value = 10
    lab.simulate_button.click()
    assert "Scripted bidders play one auction" in lab.summary.value
    lab.script.value = "7: pass"
    assert "bidders 1 to 2" in lab.message.value


@pytest.mark.parametrize("typed", ["1, nan, 2, 3", "1, inf, 2, 3", "300, 1e9, 1e9, 100", "1, -1, 2, 3",
                                   "10001, 1, 2, 3"])
def test_typed_values_that_are_not_numbers_from_0_to_the_largest_value_are_refused(typed):
    """nan and inf crashed the bidders, and a value of a billion made an open auction's
    bidders raise each other by 10 for ever (the kernel hung)."""
    from bluffkit.analysis.auction_lab import parse_values
    with pytest.raises(RulesError, match="values from 0 to 10,000"):
        parse_values(typed, 4)
    assert parse_values("0, 10000, 25, 3", 4) == [0.0, 10000.0, 25.0, 3.0]
    lab = AuctionLab(fmt="classic", bidders=3)
    lab.typed.value = typed
    assert "values from 0 to 10,000" in lab.message.value
    lab.step(to_end=True)                   # no auction with such values: nothing runs
    assert "Fix the settings above first" in lab.message.value


def test_a_script_whose_bidder_number_is_not_plain_digits_is_refused():
    from bluffkit.analysis.auction_lab import parse_scripts
    with pytest.raises(RulesError, match="bidders 1 to 2"):
        parse_scripts("\u00b9: bid 100", 2, scripted=(1,))
    assert parse_scripts(" 1 : bid 100, pass", 2, scripted=(1,)) == {1: ["bid 100", "pass"]}


def test_the_summary_of_no_auctions_is_refused_in_words():
    import pandas as pd

    from bluffkit.analysis.auction_lab import summary
    with pytest.raises(RulesError, match="run at least one"):
        summary(pd.DataFrame({c: [] for c in ("revenue", "efficient", "refused", "winner")}))


def test_odd_settings_of_the_labs_functions_are_refused_in_words():
    from bluffkit.analysis.auction_lab import draw_values
    from bluffkit.analysis.count_auctions import most_notes
    with pytest.raises(RulesError, match="right must be True or False"):
        simulate_engine("classic", 2, 2, right="yes")
    for players in (-1, 0, 2.5, True):
        with pytest.raises(RulesError, match="players must be"):
            draw_values("uniform", players, 1)
    with pytest.raises(RulesError, match="seed"):
        draw_values("uniform", 3, -1)
    with pytest.raises(RulesError, match="budget"):
        most_notes((2, 4, 2, 0, 0, 0), float("nan"))
    assert len(draw_values("uniform", 3, 1)) == 3


def test_a_bid_above_the_bidders_money_is_asked_about_once():
    """A bid box set to 10**12 was played at once in every format with a bid; if it won,
    the bidder had to show all their money. The button now asks once, then plays it; past
    all the money at the table it offers no bid."""
    lab = AuctionLab(fmt="secret-value", bidders=3, human=2, seed=4)
    assert lab.session.waiting_for == 2
    moves, c = list(lab.session.moves), lab.controls
    for past in (10 ** 12, 6_401):                 # past all the money at the table (4 x 1,600)
        c.amount.value = past
        assert c.bid_button.disabled and "all the money in the game (6,400)" in c.bid_button.tooltip
        c.bid_button.click()                       # closed (a click from code): nothing played
        assert lab.session.moves == moves
    c.amount.value = 6_400                         # past the bidder's own 1,600: a bluff, asked about
    c.bid_button.click()
    assert lab.session.moves == moves and "Click Bid again" in lab.refusal.value
    c.bid_button.click()
    assert any(seat == 2 and getattr(a, "amount", None) == 6_400 for seat, a in lab.session.moves)
    lab = AuctionLab(fmt="secret-value", bidders=3, human=2, seed=4)
    lab.controls.amount.value = 120
    lab.controls.bid_button.click()
    assert (2, lab.session.game.parse("bid 120")) in lab.session.moves


def test_the_equilibrium_is_fitted_from_a_stream_of_its_own(monkeypatch):
    """The fitted bid function must not see the very values the bidders are given: its
    seed's stream differs from the values' (``default_rng(seed)``)."""
    import bluffkit.analysis.auction_lab as lab
    seen = []
    real = lab.first_price_equilibrium
    monkeypatch.setattr(lab, "first_price_equilibrium",
                        lambda *a, seed=None, **k: seen.append(seed) or real(*a, seed=seed, **k))
    lab.simulate_engine("secret-value", bidders=3, auctions=3, values="beta(2, 5)", strategy="equilibrium", seed=11)
    fit = np.random.default_rng(np.random.SeedSequence(seen[0])).random(8)
    assert not np.allclose(fit, np.random.default_rng(11).random(8))


def _fixed(*values):
    """A value law giving every auction the same values, the auctioneer's first."""
    return lambda rng, shape: np.tile(values, (shape[0], 1)) if len(shape) == 2 else rng.random(shape)


def test_a_second_hand_auction_worked_by_hand():
    """Second Hand, values 0.9 (the auctioneer), 0.3, 0.5, 0.4 (x 1,000): truthful sealed bids
    300, 500, 400; bidder 2 wins and pays the second-highest bid, 400. The auctioneer does not
    bid, so its 0.9 is not the highest value and the sale is efficient. With the right of first
    refusal it keeps the lot (900 > 2 x 400) and pays bidder 2 the 400."""
    sold = simulate_engine("second-hand", 3, 2, values=_fixed(0.9, 0.3, 0.5, 0.4), right=False, seed=1)
    row = sold.iloc[0]
    assert (row.winner, row.price, row.winning_value, row.highest_value) == (2, 0.4, 0.5, 0.5)
    assert row.efficient and not row.refused
    assert row.revenue == pytest.approx(0.4) and row.winner_surplus == pytest.approx(0.1)
    assert row.auctioneer_payoff == pytest.approx(0.4)
    kept = simulate_engine("second-hand", 3, 2, values=_fixed(0.9, 0.3, 0.5, 0.4), right=True, seed=1).iloc[0]
    assert kept.refused and kept.winner == 2 and kept.price == 0.4
    assert kept.revenue == pytest.approx(-0.4) and kept.winner_surplus == pytest.approx(0.4)
    assert kept.auctioneer_payoff == pytest.approx(0.9 - 0.4), "its value of the lot less what it paid"


def test_a_lot_nobody_bids_on_has_no_winner():
    """Values of 1 in money cannot bid (bids move in steps of 10): nobody bids, and the
    auctioneer gets the lot for free (booklet, "Nobody bids?")."""
    df = simulate_engine("second-hand", 3, 2, values=_fixed(0.001, 0.001, 0.001, 0.001), right=False, seed=1)
    assert (df.winner == -1).all() and df.winning_value.isna().all() and not df.efficient.any()
    assert (df.price == 0).all() and (df.revenue == 0).all()
    assert summary(df)["nobody"] == 1.0


def test_the_summary_worked_by_hand():
    """Revenues 0.1, 0.2, 0.3, 0.4: mean 0.25, sd 0.1291 (n - 1), se sd / 2; three of four
    efficient, one of four refused, one of four with nobody bidding."""
    df = pd.DataFrame({"revenue": [0.1, 0.2, 0.3, 0.4], "efficient": [True, True, False, True],
                       "refused": [False, True, False, False], "winner": [1, 2, -1, 3]})
    s = summary(df)
    sd = float(np.std([0.1, 0.2, 0.3, 0.4], ddof=1))
    assert s["auctions"] == 4 and s["revenue"] == pytest.approx(0.25)
    assert s["sd"] == pytest.approx(sd) and s["se"] == pytest.approx(sd / 2)
    assert (s["efficient"], s["refused"], s["nobody"]) == (0.75, 0.25, 0.25)


@pytest.mark.parametrize("df", [None, [1, 2], pd.DataFrame({"revenue": [0.1]})], ids=["None", "list", "columns"])
def test_the_summary_refuses_what_is_not_a_frame_of_auctions(df):
    """These raised TypeError and AttributeError from deep inside pandas."""
    with pytest.raises(ValueError, match=r"summary takes the frame of simulate_engine\(\.\.\.\)"):
        summary(df)


def test_bounds_of_the_engine_settings():
    """1 to 9 bidders; a strategy for all or one per bidder; a seed from 0; a format's name
    (a list raised "unhashable type"); scale up to 10,000 for values on [0, 1]."""
    assert len(simulate_engine("second-hand", 9, 1, seed=1)) == 1
    for kwargs, words in [({"bidders": 10}, r"bidders must be 1 to 9, got 10"),
                          ({"strategy": ["truthful", "truthful"]}, r"one per bidder \(3\)"),
                          ({"seed": -1}, r"seed must be a whole number from 0"),
                          ({"fmt": ["classic"]}, r"unknown auction format \['classic'\]"),
                          ({"scale": 10_001}, r"times scale 10001 reach 10,001")]:
        with pytest.raises(RulesError, match=words):
            simulate_engine(**{"fmt": "second-hand", "bidders": 3, "auctions": 2, **kwargs})
    df = simulate_engine("second-hand", 3, 20, scale=1_600, seed=1)
    assert (df.winning_bid <= 1).all() and (df.winning_value <= 1).all()


@pytest.mark.parametrize("kwargs, words", [
    ({"scale": 1_601}, r"'uniform' times scale 1601 reach 1,601 in money, but each seat holds 1,600 in notes, "
                       r"and a bid above what a bidder holds cannot be paid.*give a scale of at most 1,600, or"),
    ({"scale": 10_000}, r"give a scale of at most 1,600, or"),
    ({"values": "uniform(0, 2)"}, r"give a scale of at most 800, or"),
    ({"values": lambda rng, shape: rng.random(shape) * 2}, r"a draw times scale 1000 gives 1,\d{3} in money, but each "
                                                           r"seat holds 1,600 in notes"),
])
def test_a_value_past_the_money_each_seat_holds_is_refused(kwargs, words):
    """``scale=10_000`` was accepted (the docs said up to 10,000) and gave a mean price of
    0.16 where the first-price theory says 0.71: each seat holds 1,600 in the lab's notes,
    and a bid above what a bidder holds cannot be paid, so the money, not the values, set
    the prices, without a word."""
    with pytest.raises(RulesError, match=words):
        simulate_engine("secret-value", 5, 2, seed=3, **kwargs)


def test_the_money_each_seat_holds_is_the_lab_notes_sum():
    from bluffkit.analysis.auction_lab import LAB_MONEY_TOTAL, lab_game
    rules = lab_game("secret-value").rules
    assert LAB_MONEY_TOTAL == sum(d * c for d, c in zip(rules.denominations, rules.start_money)) == 1_600


def test_the_documented_auction_limit_is_inclusive(monkeypatch):
    import bluffkit.analysis.auction_lab as lab
    monkeypatch.setattr(lab, "MAX_ENGINE_AUCTIONS", 3)
    assert len(simulate_engine("second-hand", 2, 3, seed=1)) == 3
    with pytest.raises(RulesError, match=r"auctions: at most 3 in one call"):
        simulate_engine("second-hand", 2, 4, seed=1)


def test_drawn_values_are_the_seeds_draws_times_the_scale_and_seats_are_bounded():
    from bluffkit.analysis.auction_lab import draw_values
    assert draw_values("uniform", 4, 7) == [round(x * 1000) for x in np.random.default_rng(7).random(4)]
    assert draw_values("uniform", 2, 7, scale=500) == [round(x * 500) for x in np.random.default_rng(7).random(2)]
    assert len(draw_values("uniform", 10, 1)) == 10
    for players in (11, 10**9):                    # a billion seats tried to allocate 7.45 GiB
        with pytest.raises(RulesError, match=r"players must be a whole number from 1 to 10"):
            draw_values("uniform", players, 1)


def test_no_script_for_the_auctioneer():
    from bluffkit.analysis.auction_lab import parse_scripts
    with pytest.raises(RulesError, match=r"with bidders 1 to 2; got '0: bid 100'"):
        parse_scripts("0: bid 100", 2)


def test_equilibrium_bids_in_money():
    """Three bidders, uniform values: the first-price equilibrium bids 2/3 of the value, in
    money as in value (600 -> 400); a single bidder has no equilibrium to follow."""
    assert equilibrium_in_money(3, "uniform", 0)(600) == pytest.approx(400)
    assert equilibrium_in_money(3, "uniform", 0, scale=500)(300) == pytest.approx(200)
    assert equilibrium_in_money(1, "uniform", 0) is None


def test_in_a_dutch_auction_the_winning_bid_is_the_count_called():
    """Dutch: whoever grabs the hammer "must pay the number of notes the auctioneer had called
    out at that moment" (booklet): the winner's bid is the price, a count of notes."""
    df = simulate_engine("dutch", 3, 1, values=_fixed(0.2, 0.3, 0.5, 0.4), right=False, seed=1)
    assert (df.winner > 0).all() and (df.price >= 1).all() and (df.winning_bid == df.price).all()


def test_a_scale_of_zero_is_refused_as_no_scale():
    with pytest.raises(RulesError, match=r"scale must be a finite number > 0 \(money per unit of value\), got 0"):
        simulate_engine("second-hand", 3, 5, scale=0)


def test_a_huge_scale_is_refused_with_its_sum_in_powers_of_ten():
    """A scale of 1e308 puts a value of 1 at 1e308 money: the refusal says so in a few
    characters (it wrote the sum out in 309 digits and 102 commas, beside the 250 of the rest)."""
    from bluffkit.analysis.auction_lab import money_law
    with pytest.raises(RulesError) as info:
        money_law("uniform", 1e308)
    assert "reach 1e+308, but" in str(info.value) and len(str(info.value)) < 300


@pytest.mark.parametrize("scripted, said", [([5], "5"), ([0], "0"), ([True], "True"), (["1"], "'1'"),
                                            (np.array([3]), "3")])
def test_a_scripted_bidder_out_of_range_is_refused_with_the_range(scripted, said):
    from bluffkit.analysis.auction_lab import parse_scripts
    with pytest.raises(RulesError, match="^" + re.escape(f"scripted: bidders 1 to 2, got {said}") + "$"):
        parse_scripts("1: bid 100", 2, scripted=scripted)
    assert parse_scripts("1: bid 100; 2: pass", 2, scripted=[2, 1]) == {1: ["bid 100"], 2: ["pass"]}


def test_a_double_lots_worth_is_the_seats_value_for_each_animal():
    """A double pen's auction sells its two animals as one lot: the winner owns both, and
    its worth is its value for each animal, twice 814 for two cows; its payoff is that worth
    less the price, the auctioneer's the price it received."""
    from bluffkit.agents.auction import Bidder
    from bluffkit.analysis.auction_lab import lab_game, payoffs
    from bluffkit.session import Session
    g, values = lab_game("classic", double=True), [300, 280, 814]
    s = Session(g, [Bidder(v, use_right=False) for v in values], seed=1)
    s.chance("lot cow, cow")
    s.advance()
    auctioneer, _, winner = payoffs(g, s.state, values)
    assert winner["animals"] == (8, 8) and winner["worth"] == 2 * 814
    assert winner["payoff"] == 2 * 814 + winner["cash"] and winner["cash"] < 0
    assert auctioneer["payoff"] == -winner["cash"] and auctioneer["worth"] == 0


def test_a_value_drawn_below_0_is_a_value_of_0():
    """A law that may draw below 0 (``uniform(-1, 1)``): such a draw is a value of 0 (the lot
    is worth nothing to that seat), as the module's docstring and docs/auctions.md say; the
    others are the law's draws, times ``scale``, in whole money."""
    from bluffkit.analysis.auction_lab import draw_values

    raw = np.random.default_rng(11).uniform(-1.0, 1.0, 8) * 1000
    assert (raw < 0).any() and (raw > 0).any()          # the seed gives both
    got = draw_values("uniform(-1, 1)", 8, 11, scale=1000)
    assert got == [max(0, round(float(v))) for v in raw]      # (whole money: see draw_values)
    df = simulate_engine("secret-value", bidders=3, auctions=30, values="uniform(-1, 1)", seed=2)
    assert (df.highest_value >= 0).all() and (df.winning_value.dropna() >= 0).all()
    below = lambda rng, shape: np.full(shape, -0.5)             # noqa: E731  (every seat: a value of 0)
    nobody = simulate_engine("secret-value", bidders=3, auctions=5, values=below, seed=2)
    assert (nobody.winner == -1).all() and (nobody.revenue == 0).all(), "no money is bid for a lot worth 0"
    counted = simulate_engine("secret-count", bidders=3, auctions=5, values=below, seed=2)
    assert (counted.winner >= 1).all() and (counted.revenue == 0).all(), \
        "in a count format the 0-notes are laid, cost nothing, and win"


def test_a_refused_run_keeps_the_last_results_and_says_they_are_the_last_runs(monkeypatch):
    """No control of the lab reaches a refusal of ``simulate_engine`` today (its settings
    are chosen from lists and bounded boxes); were one refused, the summary says why and
    that the results still shown are the last run's, which are kept, charts and frame."""
    import ipywidgets as W

    from bluffkit.widgets import auction_lab as lab_module, charts

    # (the charts drawn as words: what is kept is the question here, not how a chart looks)
    monkeypatch.setattr(lab_module, "cash_charts", lambda df: ["cash", "payoff"])
    monkeypatch.setattr(charts, "interactive", lambda title: W.HTML(title))
    lab = AuctionLab(fmt="classic", bidders=2, seed=1)
    lab.count.value = 3
    lab.simulate_button.click()
    assert len(lab.frame) == 3 and len(lab.charts.children) == 2
    frame, charts = lab.frame, lab.charts.children

    def refuse(*a, **k):
        raise RulesError("auctions: at most 5 in one call")
    monkeypatch.setattr(lab_module, "simulate_engine", refuse)
    lab.simulate_button.click()
    said = lab.summary.value
    assert "Cannot simulate: auctions: at most 5 in one call" in said and "bk-refusal" in said
    assert "the results below are the last run's" in said and "3 auctions" in said
    assert lab.frame is frame and lab.charts.children == charts
    fresh = AuctionLab(fmt="classic", bidders=2, seed=1)      # no run yet: no "last run" to speak of
    fresh.simulate_button.click()
    assert "Cannot simulate" in fresh.summary.value and "last run" not in fresh.summary.value


@pytest.mark.parametrize("bidders", [2, 3, 4, 5, 6])
def test_the_equilibrium_bid_in_money_keeps_a_round_bid_round(bidders):
    """Uniform values: the first-price equilibrium bids (n-1)/n of the value, so with 3
    bidders a value of 60 bids 40 and 120 bids 80 exactly, not a hair under (which a bid
    in steps of 10 would take down to 30, and a count of notes to one note fewer)."""
    eq = equilibrium_in_money(bidders, "uniform", seed=0)
    for value in range(0, 1001, 10):
        exact = (bidders - 1) * value / bidders                     # (a whole or a fraction, no hair)
        assert eq(value) // 10 == (bidders - 1) * value // bidders // 10, (value, eq(value), exact)


@pytest.mark.parametrize("players", [2, 3, 4, 7, 10])
def test_the_example_a_refusal_of_typed_values_gives_is_accepted_as_typed(players):
    """"Type 3 values ... (e.g. 300, 450, 800, 120)" showed four: the example has as many
    values as the refusal asks for, and typing it sets the auction up."""
    from bluffkit.analysis.auction_lab import parse_values
    with pytest.raises(RulesError) as info:
        parse_values("abc", players)
    example = re.search(r"\(e\.g\. ([^)]*)\)", str(info.value)).group(1)
    assert len(parse_values(example, players)) == players


# -- values typed in the settings: whole money, and a thousands comma named ----------------------


@pytest.mark.parametrize("typed, players, said", [
    ("0, 1,000, 300, 600", 4, "5 values typed, 4 needed: commas separate values, so 1,000 is two values; "
                              "write 1000, not 1,000. Type 4 values"),
    ("1,000; 2,500, 300", 3, "5 values typed, 3 needed: commas separate values, so 1,000 and 2,500 are two values "
                             "each; write 1000, not 1,000; 2500, not 2,500. Type 3 values"),
    # the count right, a thousands comma read as two values: 1, 0 (read so without a word before)
    ("10,000, 5", 3, "Value 2 of the 3 typed, '000', begins with a 0: commas separate values, so 10,000 is two "
                     "values; write 10000, not 10,000. Type 3 values"),
    ("0, 1,000, 300", 4, "Value 3 of the 4 typed, '000', begins with a 0: commas separate values, so 1,000 is two "
                         "values; write 1000, not 1,000. Type 4 values"),
    ("0, 050, 300", 3, "Value 2 of the 3 typed, '050', begins with a 0: write 50. Type 3 values"),
    ("0, 0, 300", 3, "3 values typed, 3 needed"),        # (a 0 alone is a value)
    ("0, 20,000, 300, 600", 4, "5 values typed, 4 needed. Type 4"),     # 20000: past the largest value
    ("300,450,800, 1", 3, "4 values typed, 3 needed. Type 3"),           # no number split there
    ("0, 1, 000", 2, "3 values typed, 2 needed. Type 2"),                # "1, 000": spaced as two values
])
def test_a_count_off_by_a_thousands_comma_says_so(typed, players, said):
    """Bidder Up! prints money with a thousands comma (1,000), and commas separate the values
    typed: "0, 1,000, 300, 600" was "5 values typed, 4 needed" without a word about why."""
    from bluffkit.analysis.auction_lab import parse_values
    try:
        parse_values(typed, players)
    except RulesError as e:
        assert str(e).startswith(said), str(e)
    else:
        assert said.startswith(f"{players} values typed, {players} needed")


@pytest.mark.parametrize("typed, said", [
    ("0, 450.5, 300, 600", "Value 2 of the 4 typed, '450.5', is not a whole number: values are money, in whole "
                           "amounts as the notes are (write 450 or 451). Type 4 values"),
    ("0, 300, 600, 2.5e2", None), ("0, 300, 600, 1e-3", "Value 4 of the 4 typed, '1e-3', is not a whole number"),
])
def test_a_value_that_is_not_whole_money_is_refused_in_words(typed, said):
    """0, 450.5, 300, 600 was taken, shown as 450 everywhere ("surplus 450 - 500 = -50")
    while the sums used 450.5: a value is money, which comes in whole amounts."""
    from bluffkit.analysis.auction_lab import parse_values
    if said is None:
        assert parse_values(typed, 4) == [0.0, 300.0, 600.0, 250.0]
        return
    with pytest.raises(RulesError) as e:
        parse_values(typed, 4)
    assert str(e.value).startswith(said)
    lab = AuctionLab(fmt="classic", bidders=3, human=1, seed=1)
    lab.typed.value = typed
    assert lab.session is None and said.split(":")[0] in unescape(lab.message.value)


def test_the_labs_values_are_whole_so_what_is_shown_is_what_is_summed():
    """Drawn values were 548.81... shown as 549; a truthful bidder shown 549.6 as 550 bid 540.
    Drawn values are whole money now: each bot's and each payoff's sums use the values shown."""
    for seed in range(5):
        lab = AuctionLab(fmt="second-hand", bidders=3, seed=seed)
        assert all(float(v).is_integer() for v in lab.vals), lab.vals


@pytest.mark.parametrize("typed, said", [
    ("0.9999999999999999999, 300, 600, 5", "Value 1 of the 4 typed, '0.9999999999999999999', is not a whole number: "
                                           "values are money, in whole amounts as the notes are (write 0 or 1)."),
    ("0, 449.99999999999999999, 600, 5", "Value 2 of the 4 typed, '449.99999999999999999', is not a whole number: "
                                         "values are money, in whole amounts as the notes are (write 449 or 450)."),
    ("10000.0000000000000000001, 1, 2, 3", "Value 1 of the 4 typed, '10000.0000000000000000001', is more than "
                                           "10,000, the largest value"),
])
def test_a_value_is_read_exactly_as_written(typed, said):
    """A float read 0.9999999999999999999 as 1 and 449.99999999999999999 as 450, both taken as
    whole money: each value is read exactly (Decimal), and what is not whole is refused."""
    from bluffkit.analysis.auction_lab import parse_values
    with pytest.raises(RulesError) as e:
        parse_values(typed, 4)
    assert str(e.value).startswith(said), str(e.value)


@pytest.mark.parametrize("typed, players, said", [
    ("3, 1,000.5", 2, "Value 3 of the 3 typed, '000.5', is not a whole number: commas separate values, so 1,000.5 "
                      "is two values; values are money, in whole amounts as the notes are (write 1000 or 1001, not "
                      "1,000.5). Type 2 values"),
    ("3, 1,000.0", 3, "Value 3 of the 3 typed, '000.0', begins with a 0: commas separate values, so 1,000.0 is two "
                      "values; write 1000, not 1,000.0. Type 3 values"),
    ("3, 1,000.0", 2, "3 values typed, 2 needed: commas separate values, so 1,000.0 is two values; write 1000, not "
                      "1,000.0. Type 2 values"),
    ("0, 05e1, 3", 3, "Value 2 of the 3 typed, '05e1', begins with a 0: write 50. Type 3 values"),
])
def test_a_thousands_comma_before_a_fraction_is_named_too(typed, players, said):
    """"3, 1,000.5" was refused as "'000.5' is not a whole number" without the word about the
    thousands comma that "0, 1,000, 300" gets, and "3, 1,000.0" for three was taken as 3, 1, 0."""
    from bluffkit.analysis.auction_lab import parse_values
    with pytest.raises(RulesError) as e:
        parse_values(typed, players)
    assert str(e.value).startswith(said), str(e.value)


@pytest.mark.parametrize("typed, said", [
    ("300, 1.000, 800", "Value 2 of the 3 typed, '1.000', is 1 where a dot begins a fraction, and 1000 where a dot "
                        "separates thousands (write 1 or 1000). Type 3 values"),
    ("300, 800, 25.000", "Value 3 of the 3 typed, '25.000', is 25 where a dot begins a fraction, and 25000 where a "
                         "dot separates thousands (write 25; 25000 is more than 10,000, the largest value)."),
])
def test_a_thousand_written_with_a_dot_is_refused_naming_both_readings(typed, said):
    """"1.000" was read as 1 without a word, where a teacher who writes a thousand so (as
    the game's German first edition does) meant 1000; a bid box reads it as no bid."""
    from bluffkit.analysis.auction_lab import parse_values
    with pytest.raises(RulesError) as e:
        parse_values(typed, 3)
    assert str(e.value).startswith(said), str(e.value)


def test_exact_reading_keeps_what_was_read_before():
    from bluffkit.analysis.auction_lab import parse_values
    assert parse_values("-0, +5, 1.0, 2.5e2, 1e3, 1.0000", 6) == [0.0, 5.0, 1.0, 250.0, 1000.0, 1.0]
    assert all(type(v) is float for v in parse_values("1e4, 0", 2))


@pytest.mark.parametrize("typed, said", [
    ("20,000, 5", "Value 2 of the 3 typed, '000', begins with a 0: commas separate values, so 20,000 is two values, "
                  "and 20000 is more than 10,000, the largest value. Type 3 values"),
    ("10,001, 5", "Value 2 of the 3 typed, '001', begins with a 0: commas separate values, so 10,001 is two values, "
                  "and 10001 is more than 10,000, the largest value. Type 3 values"),
    ("5, 050, 3", "Value 2 of the 3 typed, '050', begins with a 0: write 50. Type 3 values"),
    ("20,000.5, 5", "Value 2 of the 3 typed, '000.5', is not a whole number: commas separate values, so 20,000.5 "
                    "is two values, and 20000.5 is more than 10,000, the largest value. Type 3 values"),
    ("5, 1,000.5", "Value 3 of the 3 typed, '000.5', is not a whole number: commas separate values, so 1,000.5 "
                   "is two values; values are money"),
])
def test_a_thousands_comma_past_the_largest_value_is_named_not_written_as_0(typed, said):
    """"20,000, 5" for three values was refused as "'000' begins with a 0: write 0", though
    20,000 was meant, a value past the largest; "20,000.5, 5" as "'000.5' is not a whole
    number: ... (write 0 or 1)"."""
    from bluffkit.analysis.auction_lab import parse_values
    with pytest.raises(RulesError) as e:
        parse_values(typed, 3)
    assert str(e.value).startswith(said), str(e.value)


@pytest.mark.parametrize("typed, players, said", [
    ("1,5, 3", 2, "'1,5' is 1.5 where a comma begins a fraction, and the two values 1 and 5 where a comma separates "
                  "values, as the rest of the text is separated by ', ' (write 1, 5 for two values; a value is whole "
                  "money, so for one write 1 or 2). Type 2 values"),
    ("0, 3,0", 2, "'3,0' is 3.0 where a comma begins a fraction, and the two values 3 and 0 where a comma separates "
                  "values, as the rest of the text is separated by ', ' (write 3, 0 for two values; for one write 3)."),
    ("1,5; 3", 2, "'1,5' is 1.5 where a comma begins a fraction, and the two values 1 and 5 where a comma separates "
                  "values, as the rest of the text is separated by '; '"),
    ("0, 10,0000", 2, "'10,0000' is 10.0000 where a comma begins a fraction"),     # not a thousands comma: 4 digits
    ("1000,500, 3", 2, "'1000,500' is 1000.500 where a comma begins a fraction"),  # nor with 4 digits before it
    ("1,5,3, 4", 3, "'1,5,3' has commas with no space after them, each of which may begin a fraction (a decimal "
                    "comma) or separate two values, as the rest of the text is separated by ', '; a value is whole "
                    "money. Type 3 values"),
    ("1,000,5, 2", 2, "'1,000,5' has commas with no space after them"),    # (it advised "write 1, 000, 5")
])
def test_a_decimal_comma_beside_values_spaced_apart_is_refused_naming_both_readings(typed, players, said):
    """"1,5, 3" for two was refused as three values 1, 5 and 3, where a person who writes a
    decimal comma meant 1.5 and 3: a comma with no space after it, between digits not grouped
    in threes, in a text whose other values are spaced apart by ", " or ";", is named with
    both readings, as "1.000" is, when the count is off."""
    from bluffkit.analysis.auction_lab import parse_values
    with pytest.raises(RulesError) as e:
        parse_values(typed, players)
    assert said in str(e.value), str(e.value)
    read = len([x for x in typed.replace(";", ",").split(",") if x.strip()])
    assert str(e.value).startswith(f"{read} values read (commas separate values), {players} needed. '"), str(e.value)


@pytest.mark.parametrize("typed, players, said", [
    ("1,5 3", 2, "Value 2 of the 2 typed, '5 3', is not a number (values are separated by commas: write 5, 3; if "
                 "'1,5' is 1.5, written with a decimal comma: a value is whole money, so write 1, 3 or 2, 3)."),
    ("300, 1,5 3 7", 4, "Value 3 of the 3 typed, '5 3 7', is not a number (values are separated by commas: write 5, "
                        "3, 7; if '1,5' is 1.5, written with a decimal comma: a value is whole money, so write 300, 1, "
                        "3, 7 or 300, 2, 3, 7)."),
    ("300, 1,5 3, 800", 4, "Value 3 of the 4 typed, '5 3', is not a number (values are separated by commas: write "
                           "5, 3; if '1,5' is 1.5, written with a decimal comma: a value is whole money, so write 300, "
                           "1, 3, 800 or 300, 2, 3, 800)."),
    ("3,0 5", 2, "Value 2 of the 2 typed, '0 5', is not a number (values are separated by commas: write 0, 5; if "
                 "'3,0' is 3.0, written with a decimal comma: write 3, 5)."),
    ("1, 5 3", 2, "Value 2 of the 2 typed, '5 3', is not a number (values are separated by commas: write 5, 3)."),
    ("300 450 800", 3, "Value 1 of the 1 typed, '300 450 800', is not a number (values are separated by commas: "
                       "write 300, 450, 800)."),
])
def test_values_apart_by_spaces_are_told_that_commas_separate_values(typed, players, said):
    """"1,5 3" was refused as "'5 3' is not a number" without a word on why: the box reads
    commas (and semicolons) between values, not spaces. Where a comma with no space after it
    joins the value before to the first of those spaced apart ("1,5 3"), it may be a decimal
    comma (1.5 and 3): the values that reading makes, whole, are named too, those typed
    after them included ("300, 1,5 3, 800" was told to write "300, 1, 3", three values of the
    four asked for)."""
    from bluffkit.analysis.auction_lab import parse_values
    with pytest.raises(RulesError) as e:
        parse_values(typed, players)
    assert str(e.value).startswith(said), str(e.value)


@pytest.mark.parametrize("typed, players, read", [
    ("1,5,3", 3, [1.0, 5.0, 3.0]),          # commas only: each separates values (a decimal comma miscounts them)
    ("0,5", 2, [0.0, 5.0]),
    ("300, 450; 800", 3, [300.0, 450.0, 800.0]),
    ("0,\t5, 3", 3, [0.0, 5.0, 3.0]),
    ("1,5, 3", 3, [1.0, 5.0, 3.0]),         # the count is right: the other reading has two values, 1.5 not whole
    ("10,20, 30", 3, [10.0, 20.0, 30.0]),
])
def test_commas_alone_and_spaced_commas_read_as_before(typed, players, read):
    from bluffkit.analysis.auction_lab import parse_values
    assert parse_values(typed, players) == read


def test_a_thousands_comma_and_a_signed_value_keep_their_own_words():
    """A comma that may separate thousands (1,000; 300,450,800) and a value with a sign keep
    the words they had."""
    from bluffkit.analysis.auction_lab import parse_values
    for typed, players, said in [("0, 1,000, 300", 4, "Value 3 of the 4 typed, '000', begins with a 0"),
                                 ("300,450,800, 1", 3, "4 values typed, 3 needed. Type 3"),
                                 ("-1,5, 3", 3, "Value 1 of the 3 typed, '-1', is below 0"),
                                 ("3, 1,000.5", 2, "Value 3 of the 3 typed, '000.5', is not a whole number: commas")]:
        with pytest.raises(RulesError) as e:
            parse_values(typed, players)
        assert str(e.value).startswith(said), (typed, str(e.value))


@pytest.mark.parametrize("fmt, title", [("the-call", "The Call"), ("number-call", "Number Call")])
def test_a_two_player_format_with_more_bidders_is_refused_with_advice_that_works(fmt, title):
    """The rules' refusal advised player_limits=False, which simulate_engine does not take
    (following it raised TypeError): it says to give one bidder, and one bidder plays
    ("The Auctions" 9 and 10: 2 players)."""
    with pytest.raises(RulesError) as e:
        simulate_engine(fmt, 3, 5)
    assert str(e.value) == f"{title} is for 2 players, the auctioneer and 1 bidder: give bidders=1, got 3"
    with pytest.raises(TypeError):          # (the advice is not to pass an option it cannot take)
        simulate_engine(fmt, 1, 5, player_limits=False)
    assert len(simulate_engine(fmt, 1, 5)) == 5


def test_the_textbook_revenue_is_given_only_where_the_lab_plays_its_model():
    """(n - 1)/(n + 1): uniform values, one lot, sealed bids at the equilibrium of the first
    price (Secret Value) or the second (Second Hand: bidding one's value)."""
    from bluffkit.analysis.auction_lab import textbook_revenue
    assert textbook_revenue("secret-value", 6, strategy="equilibrium") == 5 / 7
    assert textbook_revenue("second-hand", 3, strategy=["truthful", "equilibrium", "truthful"]) == 0.5
    for args, kwargs in [(("secret-value", 6), {"strategy": "truthful"}), (("second-hand", 3), {"double": True}),
                         (("second-hand", 3), {"values": "beta(2, 2)"}), (("second-hand", 1), {}),
                         (("dutch", 3), {"strategy": "equilibrium"}), (("second-hand", 3), {"strategy": "shade"}),
                         (("secret-count", 3), {"strategy": "equilibrium"}), (("no-such-format", 3), {})]:
        assert textbook_revenue(*args, **kwargs) is None, (args, kwargs)


@pytest.mark.parametrize("strategy", [["equilibrium"] * 2, [], ["equilibrium"] * 4, ["equilibrium", "bluff", "truthful"],
                                      "bluff"])
def test_the_textbook_revenue_refuses_the_strategies_simulate_engine_refuses(strategy):
    """A strategy list of 2 for 3 bidders (or an empty one) was given the figure for 3
    bidders, 0.5, as if it fitted; :func:`simulate_engine` refuses it. Both refuse it alike."""
    from bluffkit.analysis.auction_lab import simulate_engine, textbook_revenue
    with pytest.raises(RulesError) as engine:
        simulate_engine("secret-value", 3, 1, strategy=strategy)
    with pytest.raises(RulesError) as textbook:
        textbook_revenue("secret-value", 3, strategy=strategy)
    assert str(textbook.value) == str(engine.value) == ("strategy: one of truthful, equilibrium, shade, random for "
                                                        "all, or one per bidder (3)")


@pytest.mark.parametrize("n", range(2, 11))
def test_the_lab_textbook_revenue_is_the_theory_module_figure(n):
    """The lab writes (n - 1)/(n + 1) out (sympy stays off its import); the theory module
    integrates each price's order statistic: the same number for both prices."""
    from bluffkit.analysis.auction_lab import textbook_revenue
    from bluffkit.analysis.auction_theory import expected_revenue
    assert textbook_revenue("secret-value", n, strategy="equilibrium") == float(expected_revenue(n, "first"))
    assert textbook_revenue("second-hand", n) == float(expected_revenue(n, "second"))


@pytest.mark.slow
def test_the_gap_between_the_lab_and_the_textbook_is_the_steps_of_10_and_the_right():
    """Secret Value, 6 equilibrium bidders: the lab's mean cash lay some 9 standard errors
    under 5/7 = 0.714. Bids rounded down to steps of 10 money take about 0.005 (half a step,
    money / 1,000) off the price; a lot kept by the right of first refusal ("Winning bid
    awarded?") turns the price received into a price paid. Without the right, the mean cash
    is the mean price, 5/7 less half a step; with it, less twice the price of the lots kept,
    in theory E[2p; v0 > 2p] = 10 (0.6^7/7 - 5/24 0.6^8) = 0.0050 (p = 5/6 of the highest of 6
    values, kept when the auctioneer's v0 > 2p)."""
    from bluffkit.analysis.auction_lab import below_theory
    df = simulate_engine("secret-value", 6, 3000, strategy="equilibrium", seed=11)
    se = df.price.std() / len(df) ** 0.5
    assert abs(df.price.mean() - (5 / 7 - 0.005)) <= 5 * se, df.price.mean()
    kept = 2 * (df.price * df.refused).mean()
    assert df.revenue.mean() == pytest.approx(df.price.mean() - kept)
    theory = 10 * (0.6 ** 7 / 7 - 5 / 24 * 0.6 ** 8)
    assert abs(kept - theory) <= 5 * (2 * df.price * df.refused).std() / len(df) ** 0.5, (kept, theory)
    said = below_theory(df, "secret-value", strategy="equilibrium")
    assert said.startswith("Theory: (n - 1)/(n + 1) = 0.714") and f"{kept:.3f} off the mean cash" in said


@pytest.mark.slow
def test_two_equilibrium_bidders_leave_the_auctioneer_most_lots_as_the_docs_say():
    """With 2 bidders the equilibrium bid is half the value, on the line past which the
    auctioneer's right of first refusal pays (value - p > p): rounded down, it falls under,
    and the auctioneer keeps most lots. docs/auctions.md said equilibrium bidders "leave it
    only the lots nobody bid for", which a first `--players 3` run contradicted; its figures
    for that run are the command line's (`bluffkit simulate auction ... --players 3 --games 300
    --seed 1 --agents equilibrium`)."""
    from pathlib import Path

    from bluffkit.analysis.simulate import simulate
    from bluffkit.core.game import make_game
    docs = " ".join((Path(__file__).parents[2] / "docs" / "auctions.md").read_text(encoding="utf-8").split())
    assert "Not so with 2 bidders (`--players 3`): the equilibrium bid is then half the value" in docs
    for fmt, kept in (("secret-value", 153), ("dutch", 269)):
        df = simulate(make_game("auction", format=fmt), ["equilibrium"] * 3, 300, 1)
        assert (df.winners.astype(str) == "0").sum() == kept, fmt
    assert "153 of 300 in Secret Value" in docs and "269 in Dutch" in docs


def test_the_notebooks_price_column_says_its_unit_in_each_row(capsys):
    """notebooks/second-price-auctions.md's "Counting notes instead of value" table printed
    price 17.442 for Secret Count (notes) beside 0.495 for Secret Value (money / 1,000)
    under one heading. Its cell is run here on 20 auctions a format, not 2,000."""
    import contextlib
    import io
    from pathlib import Path

    text = (Path(__file__).parents[2] / "notebooks" / "second-price-auctions.md").read_text(encoding="utf-8")
    cells = re.findall(r"```\{code-cell\} ipython3\n(.*?)```", text, re.S)
    cell = next(c for c in cells if '"secret-count"' in c and "price" in c)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(cell.replace("2000", "20"), {"pd": pd, "simulate_engine": simulate_engine})
    rows = {line.split()[1]: line for line in out.getvalue().splitlines() if line.startswith("Secret ")}
    assert rows["Count"].endswith("notes") and rows["Value"].endswith("money / 1,000"), out.getvalue()


def test_the_largest_scale_advised_is_taken():
    """"give a scale of at most 266.667" was itself refused (rounded up); the scale advised
    is rounded down, and the lower bound (the money each seat holds) is said first, once."""
    with pytest.raises(RulesError, match=r"give a scale of at most 266\.666, or"):
        simulate_engine("secret-value", 3, 2, seed=1, values="uniform(0, 6)", scale=300)
    assert len(simulate_engine("secret-value", 3, 2, seed=1, values="uniform(0, 6)", scale=266.666)) == 2
    with pytest.raises(RulesError, match=r"each seat holds 1,600 in notes.*at most 1,600, or"):
        simulate_engine("secret-value", 3, 2, seed=1, scale=10_001)
