"""The auction lab: many auctions through the engine against the theory, and the panel
(headless)."""

import pytest

from bluffkit.analysis.auction_lab import simulate_engine
from bluffkit.analysis.auction_sim import COLUMNS
from bluffkit.core.errors import RulesError
from bluffkit.widgets import AuctionLab


def _close(mean, se, want, bias=0.01):
    """Within 5 standard errors, plus the bias of bids rounded down to steps of 10 (/1,000)."""
    return abs(mean - want) <= 5 * se + bias


@pytest.mark.parametrize("fmt, strategy", [("second-hand", "truthful"), ("secret-value", "equilibrium"),
                                           ("classic", "truthful")])
def test_the_engine_reproduces_revenue_equivalence(fmt, strategy):
    """With 3 bidders and U[0,1] values, no right of first refusal: expected revenue (n-1)/(n+1)
    = 0.5 in second-price with truthful bids, first-price with the (n-1)/n equilibrium, and the
    open Classic auction (the price stops at the second-highest value)."""
    df = simulate_engine(fmt, bidders=3, auctions=3000, strategy=strategy, right=False, seed=11)
    assert list(df.columns) == COLUMNS and len(df) == 3000
    se = df.revenue.std() / len(df) ** 0.5
    assert _close(df.revenue.mean(), se, 0.5), (fmt, df.revenue.mean(), se)
    assert df.efficient.mean() > 0.97, "an increasing strategy gives the lot to the highest value"
    assert not df.refused.any(), "without the right the auctioneer always sells"


def test_first_price_spread_is_smaller_than_second_price_spread():
    """Same mean, different spread. The variance of revenue with n = 3 bidders is
    (n-1)^2/(n (n+1)^2 (n+2)) = 4/240 in first price (sd 0.129) and 2(n-1)/((n+1)^2 (n+2))
    = 4/80 in second price (sd 0.224)."""
    first = simulate_engine("secret-value", 3, 3000, strategy="equilibrium", right=False, seed=3).revenue.std()
    second = simulate_engine("second-hand", 3, 3000, strategy="truthful", right=False, seed=3).revenue.std()
    assert abs(first - (4 / 240) ** 0.5) < 0.012 and abs(second - (4 / 80) ** 0.5) < 0.012, (first, second)


def test_the_right_of_first_refusal_raises_the_auctioneers_payoff():
    """Keeping the lot when its own value exceeds twice the price can only help the auctioneer."""
    with_right = simulate_engine("second-hand", 3, 2000, right=True, seed=5)
    without = simulate_engine("second-hand", 3, 2000, right=False, seed=5)
    assert with_right.refused.mean() > 0.05
    assert (with_right.auctioneer_payoff >= without.auctioneer_payoff - 1e-9).all()
    kept = with_right[with_right.refused]
    assert (kept.auctioneer_value > 2 * kept.price / 1000).all()


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
    lab.step_button.click()                        # chance sets out the lot
    lab.step_button.click()                        # bidder 1 (a bot) bids
    assert lab.session.waiting_for == 2 and "Your value" in lab.private.value
    moves = list(lab.session.moves)
    lab.move.value = "bid ten"
    lab.move_button.click()
    assert "Not allowed" in lab.message.value and lab.session.moves == moves
    lab.move.value = "bid 120"
    lab.move_button.click()
    assert lab.message.value == "" and lab.session.moves[-1] == (2, lab.session.game.parse("bid 120"))
    assert "sealed" in lab.view.value or "Bidder 3" in lab.view.value
    lab.run_button.click()
    assert lab.session.over and "Owners" in lab.view.value


def test_the_panel_refuses_a_two_player_format_with_three_bidders_and_keeps_its_auction():
    lab = AuctionLab(fmt="second-hand", bidders=3, seed=1)
    before = lab.session
    lab.fmt.value = "the-call"
    assert "Cannot set up" in lab.message.value and lab.session is before
    lab.bidders.value = 1
    assert lab.message.value == "" and lab.session.game.rules.format == "the-call"


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
    before = lab.session
    lab.typed.value = "300, 450"
    assert "Type 4 values" in lab.message.value and lab.session is before
