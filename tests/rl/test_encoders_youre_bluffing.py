"""The learning-agent encoding of You're Bluffing! and Horse Trading
(bluffkit/rl/encoders/youre_bluffing.py), tested against the game's own API: every index
the mask allows is a legal move, random masked play ends every configuration, and the
encoded observation hides what the seat may not know."""

from __future__ import annotations

import numpy as np
import pytest
from encoder_checks import assert_refuses_masked_out, play

from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.games.youre_bluffing.actions import PASS
from bluffkit.rl.encoders.youre_bluffing import (
    BID_RAISES,
    OFFER_KINDS,
    PAY_CHOICES,
    SIMPLE,
    YoureBluffingEncoder,
    offer_notes,
)
from bluffkit.rl.encoding import encoder_for
from bluffkit.testing import CONFIGS, config_game, config_players

NAMES = [key for key, game, _, _ in CONFIGS if game in ("youre-bluffing", "horse-trading")]
D = (0, 10, 50, 100, 200, 500)


def test_every_ruleset_and_variant_is_covered():
    """Both rulesets, each with its variants (the games' conformance configurations)."""
    assert {key.split("-")[0] for key in NAMES} == {"youre", "horse"}
    assert len(NAMES) == 10, NAMES


def seat_counts(name: str) -> tuple[int, ...]:
    """Every seat count for the two rulesets as printed; one for each variant, in turn (the
    encoding's sizes depend on the rules' seat count, not on the variant)."""
    counts = config_players(name)
    if name in ("youre-bluffing", "horse-trading"):
        return counts
    return (counts[NAMES.index(name) % len(counts)],)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_random_masked_play_ends_with_legal_moves_and_no_leak(name):
    game = config_game(name)
    for players in seat_counts(name):
        encoder = encoder_for(game, players)
        assert isinstance(encoder, YoureBluffingEncoder)
        report = play(game, players, encoder, seed=players, prefer=(SIMPLE.index(PASS),))
        assert report["moves"] > 20, report
        assert report["hidden"] > 0 and report["visible_redeals"] > 0, \
            f"{name} {players}: the no-leak check never saw a redeal another seat could see ({report})"
        blocks = {block_of(encoder, i) for i in report["used"]}
        assert {"bid", "pay", "trade", "counter"} <= blocks, f"{name} {players}: blocks played {sorted(blocks)}"
        if game.rules.trade_tie == "challenger":
            assert "offer" not in blocks, "HT: a tied trade goes to the challenger, nobody offers again"


def block_of(enc: YoureBluffingEncoder, i: int) -> str:
    """The kind of move index ``i`` stands for."""
    for name, start in (("trade", enc.trade0), ("offer", enc.offer0), ("counter", enc.counter0),
                        ("pay", enc.pay0), ("bid", enc.bid0)):
        if i >= start:
            return name
    return "simple"


def test_sizes_are_fixed_per_player_count_and_names_are_distinct():
    game = make_game("horse-trading")
    sizes = {}
    for players in (3, 4, 5):
        enc = YoureBluffingEncoder(game, players)
        names = [enc.action_name(i) for i in range(enc.n_actions)]
        assert len(set(names)) == enc.n_actions, "two indices share a name"
        assert enc.n_actions == len(SIMPLE) + len(BID_RAISES) + PAY_CHOICES + 2 * len(OFFER_KINDS) \
            + (players - 1) * 10 * len(OFFER_KINDS)
        sizes[players] = (enc.n_actions, enc.obs_size)
        with pytest.raises(RulesError, match=rf"action index {enc.n_actions} is out of range 0\.\.{enc.n_actions - 1}"):
            enc.action_name(enc.n_actions)
    assert len(set(sizes.values())) == 3
    with pytest.raises(RulesError, match="3 to 5 players"):
        YoureBluffingEncoder(game, 2)


def test_the_first_move_is_the_auction_alone():
    """YB "The Game Begins": with no animals yet there is nothing to trade for, so the leader
    must auction."""
    game = make_game("youre-bluffing")
    s = game.new_state(3)
    enc = YoureBluffingEncoder(game, 3)
    legal = game.legal(s, 0)
    assert np.flatnonzero(enc.mask(legal)).tolist() == [0]
    assert enc.action(0, legal) == game.parse("auction")
    assert_refuses_masked_out(enc, legal)
    assert not enc.mask(game.legal(s, 1)).any(), "seat 1 is not to move"


def _bidding(name: str):
    game = make_game(name)
    s = game.step(game.new_state(3), 0, "auction")
    s = game.step(s, None, "draw 9")
    return game, s


def test_bids_start_at_the_lowest_legal_bid():
    """HT: "Bids are multiples of 10: the first bid is at least 10"; YB: any bid higher than the previous
    (the first at least 1). ``bid +D`` adds D and rounds up to a multiple of 10."""
    game, s = _bidding("horse-trading")
    enc = YoureBluffingEncoder(game, 3)
    legal = game.legal(s, 1)
    b0 = len(SIMPLE)
    assert [enc.action(b0 + k, legal).amount for k in range(len(BID_RAISES))] == [
        10 + r for r in BID_RAISES]
    assert enc.mask(legal)[SIMPLE.index(game.parse("pass"))] == 1
    s = game.step(s, 1, "bid 40")
    legal = game.legal(s, 2)
    assert enc.action(b0, legal).amount == 50 and enc.action(b0 + 1, legal).amount == 60
    game, s = _bidding("youre-bluffing")
    enc = YoureBluffingEncoder(game, 3)
    legal = game.legal(s, 2)
    assert enc.action(b0, legal).amount == 1 and enc.action(b0 + 1, legal).amount == 20
    assert_refuses_masked_out(enc, legal)


def test_payment_uses_the_rulebook_choice():
    """YB "Not the Exact Amount?": Ben, holding two 50s and two 0s, pays a bid of 60 with
    50 + 50, the only valid payment, so ``pay #0`` alone is allowed."""
    game = make_game("youre-bluffing")
    s = game.state_from_position(players=3, money=[None, "50+50+0+0", None])
    s = game.step(s, 0, "auction")
    s = game.step(s, None, "draw cow")
    s = game.step(s, 1, "bid 60")
    s = game.step(s, 2, "pass")
    s = game.step(s, 0, "sell")
    enc = YoureBluffingEncoder(game, 3)
    legal = game.legal(s, 1)
    pay0 = len(SIMPLE) + len(BID_RAISES)
    assert np.flatnonzero(enc.mask(legal)).tolist() == [pay0]
    assert enc.action(pay0, legal) == game.parse("pay 50+50")


def test_offers_are_the_smallest_cover_with_or_without_zeros():
    hand = (2, 0, 2, 0, 0, 0)                           # 50+50+0+0
    assert offer_notes(hand, 60, False) == (0, 0, 2, 0, 0, 0)
    assert offer_notes(hand, 60, True) == (2, 0, 2, 0, 0, 0)
    assert offer_notes(hand, 50, False) == (0, 0, 1, 0, 0, 0)
    assert offer_notes(hand, 0, False) == (0,) * 6
    assert offer_notes(hand, 0, True) == (2, 0, 0, 0, 0, 0)
    assert offer_notes(hand, 150, False) is None, "worth only 100"
    assert offer_notes((0, 3, 0, 0, 0, 0), 0, True) is None, "no 0-note to add"


def test_trade_indices_name_the_challenged_seat_relative_to_the_challenger():
    """YB "The Cattle Trade": the leader challenges a player who owns the same animal."""
    game = make_game("youre-bluffing")
    s = game.state_from_position(players=4, leader=2, herds=[{"cow": 1}, {}, {"cow": 1}, {"cow": 1}])
    enc = YoureBluffingEncoder(game, 4)
    legal = game.legal(s, 2)
    mask = enc.mask(legal)
    trades = [enc.action(int(i), legal) for i in np.flatnonzero(mask) if int(i) >= enc.trade0]
    assert {(t.target, t.family) for t in trades} == {(3, 8), (0, 8)}
    k = OFFER_KINDS.index((0, True))
    first = enc.trade0 + (0 * 10 + 8) * len(OFFER_KINDS) + k      # +1: seat 3, cow, the two 0-notes
    assert enc.action(first, legal) == game.parse("trade 3 cow 0+0")
    assert enc.action_name(first) == "trade +1 cow 0 with zeros"
    assert_refuses_masked_out(enc, legal)


def test_observation_is_seen_from_the_seat():
    game = make_game("youre-bluffing")
    s = game.state_from_position(players=3, money=["50+50+0+0", "10", "500"], herds=[{"cow": 1}, {}, {"horse": 2}])
    enc = YoureBluffingEncoder(game, 3)
    parts = dict((name.split(":")[0].split(" (")[0], k) for k, (name, _) in enumerate(enc.parts))
    offsets = np.cumsum([0] + [size for _, size in enc.parts])

    def block(vec, name):
        k = parts[name]
        return vec[offsets[k]:offsets[k + 1]]

    v0 = enc.observation(game.observe(s, 0))
    v2 = enc.observation(game.observe(s, 2))
    assert block(v0, "own notes").tolist() == [2, 0, 2, 0, 0, 0]
    assert block(v2, "own notes").tolist() == [0, 0, 0, 0, 0, 1]
    herds0, herds2 = block(v0, "herds").reshape(3, 10), block(v2, "herds").reshape(3, 10)
    assert herds0[0, 8] == 0.25 and herds0[2, 9] == 0.5     # own cow first, seat 2's horses last
    assert herds2[0, 9] == 0.5 and herds2[1, 8] == 0.25     # seen from seat 2: seat 0 is next
    assert block(v0, "leader").tolist() == [1, 0, 0] and block(v2, "leader").tolist() == [0, 1, 0]


def test_a_capped_bidder_may_bid_up_to_the_money_it_showed():
    """YB "Not Enough Money?": Ben (50 + 10) wins a cow at 100, cannot pay, shows his 60 and
    the auction is held again with his bids capped at 60. From the lowest bid, 1, the menu
    bids 1, then 1 + D rounded up to a ten: 20, 30, 40, 60, 110, ...: every one up to 60 is
    offered, 60 itself included, and none above it."""
    game = make_game("youre-bluffing")
    s = game.state_from_position(players=3, money=[None, "50+10", None])
    for seat, move in [(0, "auction"), (None, "draw cow"), (1, "bid 100"), (2, "pass"), (0, "sell")]:
        s = game.step(s, seat, move)
    enc = YoureBluffingEncoder(game, 3)
    legal = game.legal(s, 1)
    assert legal.bid[:2] == (1, 60), f"Ben should bid again, capped at 60: {legal.description}"
    b0 = len(SIMPLE)
    bids = [enc.action(int(i), legal).amount for i in np.flatnonzero(enc.mask(legal)) if b0 <= i < b0 + len(BID_RAISES)]
    assert bids == [1, 20, 30, 40, 60], f"Ben capped at 60 is offered the bids {bids}"


def _blocks(enc):
    """The observation's blocks by the first words of their names (see obs_parts)."""
    parts = dict((name.split(":")[0].split(" (")[0], k) for k, (name, _) in enumerate(enc.parts))
    offsets = np.cumsum([0] + [size for _, size in enc.parts])

    def block(vec, name):
        k = parts[name]
        return vec[offsets[k]:offsets[k + 1]].tolist()
    return block


def test_the_payer_and_payee_are_marked_relative_to_the_seat():
    """YB "The Auctions": seat 3 wins a cow at 30 that leader 1 auctions. If the leader sells,
    seat 3 pays seat 1; if it buys the lot back, the leader pays seat 3 the 30. Each seat
    sees them counted from itself: from seat 0, seat 3 is three on; from seat 3, itself."""
    game = make_game("youre-bluffing")
    s = game.state_from_position(players=4, leader=1)
    for seat, move in [(1, "auction"), (None, "draw cow"), (3, "bid 30"), (0, "pass"), (2, "pass")]:
        s = game.step(s, seat, move)
    enc = YoureBluffingEncoder(game, 4)
    block = _blocks(enc)
    sold, bought = game.step(s, 1, "sell"), game.step(s, 1, "buy")
    for state, payer, payee, back in ((sold, 3, 1, 0.0), (bought, 1, 3, 1.0)):
        for seat in range(4):
            v = enc.observation(game.observe(state, seat))
            assert block(v, "payer").index(1.0) == (payer - seat) % 4 and sum(block(v, "payer")) == 1
            assert block(v, "payee").index(1.0) == (payee - seat) % 4 and sum(block(v, "payee")) == 1
            assert block(v, "the leader buys the lot back") == [back]
    before = enc.observation(game.observe(s, 0))
    assert sum(block(before, "payer")) == sum(block(before, "payee")) == 0, "no payment yet: no seat marked"


def test_an_open_trade_shows_the_card_count_of_the_face_down_offer_and_not_its_notes():
    """YB "The Cattle Trade": leader 2 challenges seat 3 for a cow with three notes face down
    (10 + 10 + 0). Every seat sees who challenges whom, for what, and that three cards are
    offered (0.3 = 3 / 10), never the notes; only the challenger has its own offer."""
    game = make_game("youre-bluffing")
    s = game.state_from_position(players=4, leader=2, herds=[{"cow": 1}, {}, {"cow": 1}, {"cow": 1}],
                                 money=[None, None, "10+10+0+50", None])
    s = game.step(s, 2, "trade 3 cow 10+10+0")
    enc = YoureBluffingEncoder(game, 4)
    block = _blocks(enc)
    for seat in range(4):
        v = enc.observation(game.observe(s, seat))
        trade = block(v, "open trade")
        flag, challenger, target = trade[0], trade[1:5], trade[5:9]
        family, (cards, offer_cards, ties) = trade[9:19], trade[19:]
        assert flag == 1.0 and challenger.index(1.0) == (2 - seat) % 4 and target.index(1.0) == (3 - seat) % 4
        assert family.index(1.0) == 8 and sum(family) == 1       # the cow (families in value order)
        assert (cards, ties) == (1.0, 0.0) and offer_cards == pytest.approx(0.3)
        own = block(v, "own face-down offer")
        assert own == ([1.0, 1, 2, 0, 0, 0, 0] if seat == 2 else [0.0] * 7), f"seat {seat}'s own offer"


def test_the_pile_the_money_and_the_high_bid_are_scaled_as_documented():
    """YB: four cards a family, 90 to start (two 0s, four 10s, a 50) and paydays of 50, 100,
    200 and 500, so money is read over 90 + 850 = 940. The leader draws a cow and seat 1 bids
    40: seat 2 sees the cow pile at 3 of 4 and every other at 4 of 4, its own 90 as 90/940,
    the high bid 40/940, and the cow alone on sale."""
    game, s = _bidding("youre-bluffing")
    s = game.step(s, 1, "bid 40")
    enc = YoureBluffingEncoder(game, 3)
    names = [name.split(" (")[0].split(":")[0] for name, _ in enc.parts]
    offsets = np.cumsum([0] + [size for _, size in enc.parts])
    v = enc.observation(game.observe(s, 2))

    def block(name):
        k = next(k for k, given in enumerate(names) if given.startswith(name))
        return v[offsets[k]:offsets[k + 1]].tolist()

    assert block("pile") == pytest.approx([1.0] * 8 + [0.75, 1.0])
    assert block("lot") == [0.0] * 8 + [1.0, 0.0]
    assert block("own money") == pytest.approx([90 / 940])
    assert block("high bid") == pytest.approx([40 / 940])


def _part(enc, v, name):
    """The block of vector ``v`` whose name (in ``enc.parts``) starts with ``name``."""
    offsets = np.cumsum([0] + [size for _, size in enc.parts])
    k = next(k for k, (given, _) in enumerate(enc.parts) if given.startswith(name))
    return v[offsets[k]:offsets[k + 1]].tolist()


def test_a_bidder_who_cannot_pay_shows_the_money_and_a_cap_of_0_is_a_cap():
    """YB "Not Enough Money?": Ben (seat 1) holds only two 0-notes, wins a cow at 100 and
    cannot pay: he shows his money, two 0-notes worth 0, and may bid at most 0 when the
    auction is held again. From seat 0, Ben is one on: his shown notes are the second
    block of six, and his cap reads (capped, 0); nobody else shows or is capped."""
    game = make_game("youre-bluffing")
    s = game.state_from_position(players=3, money=[None, "0+0", None])
    for seat, move in [(0, "auction"), (None, "draw cow"), (1, "bid 100"), (2, "pass"), (0, "sell")]:
        s = game.step(s, seat, move)
    enc = YoureBluffingEncoder(game, 3)
    for seat in range(3):
        v = enc.observation(game.observe(s, seat))
        k = (1 - seat) % 3
        shown = [[0.0] * 6 for _ in range(3)]
        shown[k] = [2.0, 0, 0, 0, 0, 0]
        assert _part(enc, v, "money shown") == sum(shown, []), f"seat {seat} sees Ben's two 0-notes shown"
        caps = [0.0] * 6
        caps[2 * k] = 1.0
        assert _part(enc, v, "caps") == caps, f"seat {seat} sees Ben capped at 0"


def test_a_quick_game_lot_of_two_cows_counts_two():
    """YB "Quick Game": two animals are auctioned together; two cows turned up make one lot
    of two cows (families in value order: the cow is the ninth)."""
    game = make_game("youre-bluffing", variants=["quick"])
    s = game.step(game.new_state(3), 0, "auction")
    s = game.step(s, None, "draw cow")
    s = game.step(s, None, "draw cow")
    enc = YoureBluffingEncoder(game, 3)
    v = enc.observation(game.observe(s, 1))
    assert _part(enc, v, "lot") == [0.0] * 8 + [2.0, 0.0]
    assert _part(enc, v, "pile") == pytest.approx([1.0] * 8 + [0.5, 1.0])


def test_a_donkey_pays_out_of_the_finite_bank_and_counts_a_payday():
    """YB: the bank holds 10 0s, 20 10s, 10 50s and 5 each of 100, 200, 500; three players
    take two 0s, four 10s and a 50 each, and the first donkey pays every player 50 before
    its auction: 4, 8, 4, 5, 5, 5 are left (read / 10), and one payday of the four (/ 4)."""
    game = make_game("youre-bluffing")
    s = game.step(game.new_state(3), 0, "auction")
    s = game.step(s, None, "draw donkey")
    enc = YoureBluffingEncoder(game, 3)
    v = enc.observation(game.observe(s, 1))
    assert _part(enc, v, "finite bank") == pytest.approx([0.4, 0.8, 0.4, 0.5, 0.5, 0.5])
    assert _part(enc, v, "paydays") == [0.25]
    assert _part(enc, v, "own notes") == [2.0, 4, 2, 0, 0, 0]


def test_a_call_with_no_bid_and_a_finished_turn_are_counted():
    """YB "Not the Exact Amount? Not Enough Money?": with no bid the animal is offered again, three times in all. When
    both bidders pass, one call of the three has gone by (1/3). Once seat 1 has bought the
    animal for 5 and paid 10, one turn is over (1/100) and seat 1 leads."""
    game = make_game("youre-bluffing")
    s = game.step(game.new_state(3), 0, "auction")
    s = game.step(s, None, "draw cow")
    s = game.step(game.step(s, 1, "pass"), 2, "pass")
    enc = YoureBluffingEncoder(game, 3)
    v = enc.observation(game.observe(s, 0))
    assert _part(enc, v, "calls") == pytest.approx([1 / 3])
    assert _part(enc, v, "turns") == [0.0]
    for seat, move in [(1, "bid 5"), (2, "pass"), (0, "sell"), (1, "pay 10")]:
        s = game.step(s, seat, move)
    v = enc.observation(game.observe(s, 0))
    assert _part(enc, v, "turns") == pytest.approx([0.01])
    assert _part(enc, v, "calls") == [0.0]


def test_a_tied_trade_counts_the_tie():
    """YB "The Cattle Trade": the leader offers 10 for Ben's cow and Ben counters with 10: a
    tie, both offer again, and every seat sees one tie in the open trade."""
    game = make_game("youre-bluffing")
    s = game.state_from_position(players=3, herds=[{"cow": 1}, {"cow": 1}, {}])
    s = game.step(game.step(s, 0, "trade 1 cow 10"), 1, "counter 10")
    enc = YoureBluffingEncoder(game, 3)
    for seat in range(3):
        trade = _part(enc, enc.observation(game.observe(s, seat)), "open trade")
        assert trade[0] == 1.0 and trade[-1] == 1.0, f"seat {seat} sees one tie"
