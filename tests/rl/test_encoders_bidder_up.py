"""The learning-agent encoding of Bidder Up! (bluffkit/rl/encoders/bidder_up.py), tested
against the game's own API: every index the mask allows is a legal move, random masked
play ends every configuration (both boards, the variants, 2 to 4 players), and the
encoded observation hides what the seat may not know."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from encoder_checks import assert_refuses_masked_out, play

from bluffkit.auctions import actions as X
from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.rl.encoders.bidder_up import COUNT_RAISES, NOTE_KINDS, VALUE_RAISES, BidderUpEncoder, notes_of
from bluffkit.rl.encoding import encoder_for
from bluffkit.testing import CONFIGS, config_game, config_players

NAMES = [key for key, game, _, _ in CONFIGS if game == "bidder-up"]
D = (0, 10, 50, 100, 200, 500)


def test_every_board_and_variant_is_covered():
    assert sorted(NAMES) == ["bidder-up-animal-market", "bidder-up-animal-market-babies", "bidder-up-fairground",
                             "bidder-up-fairground-babies", "bidder-up-fairground-raffle-rush"]


def seat_counts(name: str) -> tuple[int, ...]:
    """Every seat count (2, 3, 4) on the two boards as printed; one for each variant, in
    turn (the encoding's sizes depend on the board and the seat count, not the variant)."""
    counts = config_players(name)
    if name in ("bidder-up-animal-market", "bidder-up-fairground"):
        return counts
    return (counts[NAMES.index(name) % len(counts)],)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_random_masked_play_ends_with_legal_moves_and_no_leak(name):
    game = config_game(name)
    for players in seat_counts(name):
        encoder = encoder_for(game, players)
        assert isinstance(encoder, BidderUpEncoder)
        report = play(game, players, encoder, seed=players, prefer=(encoder.blocks["word"][0],))
        assert report["moves"] > 50, report
        assert report["hidden"] > 0 and report["visible_redeals"] > 0, \
            f"{name} {players}: the no-leak check never saw a redeal another seat could see ({report})"
        blocks = {b for b, (start, size) in encoder.blocks.items() for i in report["used"] if start <= i < start + size}
        assert "move" in blocks and blocks & {"bid", "lay", "raise", "call"}, \
            f"{name} {players}: no move or no bid among the blocks played, {sorted(blocks)}"


def test_the_formats_no_first_game_lays_out():
    """Tiles of Secret Count, American Count, Round-the-Table and Second Hand (4 players,
    two Count auctions [B]): notes laid face down, raises and the auctioneer's choice
    are played through the same encoding."""
    game = make_game("bidder-up", board="animal-market",
                     tiles=["secret-count", "american-count", "round-the-table", "second-hand"])
    encoder = encoder_for(game, 4)
    report = play(game, 4, encoder, seed=11, prefer=(encoder.blocks["word"][0],))
    blocks = {b for b, (start, size) in encoder.blocks.items() for i in report["used"] if start <= i < start + size}
    assert {"lay", "raise", "bid", "pay"} <= blocks, sorted(blocks)


def test_sizes_and_names():
    for board, variants in (("animal-market", []), ("fairground", []), ("fairground", ["babies"])):
        game = make_game("bidder-up", board=board, variants=variants)
        for players in (2, 3, 4):
            enc = BidderUpEncoder(game, players)
            names = [enc.action_name(i) for i in range(enc.n_actions)]
            assert len(set(names)) == enc.n_actions, "two indices share a name"
            assert sum(size for _, size in enc.blocks.values()) == enc.n_actions
            assert sum(size for _, size in enc.parts) == enc.obs_size
    with pytest.raises(RulesError):
        BidderUpEncoder(make_game("bidder-up"), 5)


def test_moving_two_more_costs_three_notes():
    """Rulebook, "1. Roll and Move": 2 spaces more than rolled cost 1 + 2 = 3 notes; the
    encoding pays them with the lowest notes, a 10 and two 0s (scenario
    bu-board-move-two-more-costs-3)."""
    game = make_game("bidder-up", board="animal-market")
    s = game.state_from_position(players=3, current=0, roll=1)
    enc = BidderUpEncoder(game, 3)
    legal = game.legal(s, 0)
    i = enc.blocks["move"][0] + enc.spaces.index("trade-1")
    assert enc.mask(legal)[i] == 1
    assert enc.action(i, legal) == game.parse("move trade-1 pay 10+0+0")
    allowed = {enc.action(int(k), legal).space for k in np.flatnonzero(enc.mask(legal))}
    assert allowed == {space for space, _ in legal.key}, "every reachable space has its index"
    assert_refuses_masked_out(enc, legal)


def test_market_steps_cost_one_three_six_notes():
    """Market (Fairground) [G]: 1, 2 or 3 steps cost 1, 3 or 6 notes; sheep +2 from 400 is
    500 (the rulebook's example, one type per move in this encoding)."""
    game = make_game("bidder-up", board="fairground")
    s = game.state_from_position(players=3, current=0, roll=2)
    s = game.step(s, 0, "move hilltop")
    enc = BidderUpEncoder(game, 3)
    legal = game.legal(s, 0)
    start = enc.blocks["market"][0]
    sheep = 4
    plus2 = start + 1 + sheep * 6 + 4                  # steps -3, -2, -1, +1, +2, +3
    assert enc.action_name(plus2) == "market sheep+2"
    assert enc.action(plus2, legal) == game.parse("market sheep+2 pay 10+0+0")
    assert enc.action(start, legal) == game.parse("market none")
    assert enc.action(start + 1 + sheep * 6 + 5, legal) == game.parse("market sheep+3 pay 10+10+10+10+0+0")
    s2 = game.step(s, 0, enc.action(plus2, legal))
    assert game.observe(s2, 0).market[sheep] == s.market[sheep] + 2
    assert_refuses_masked_out(enc, legal)


def _legal_moves(game, players, seeds, until):
    """Each seat's legal moves along seeded random games (chance and the moves drawn at
    random), seed after seed, until ``until()`` holds."""
    for seed in seeds:
        rng, s = np.random.default_rng(seed), game.new_state(players)
        while not game.is_over(s) and not until():
            if game.is_chance(s):
                s = game.step(s, None, game.sample_chance(s, rng))
                continue
            seat = game.to_move(s)[0]
            legal = game.legal(s, seat)
            yield legal
            s = game.step(s, seat, legal.sample(rng))
        if until():
            return


def test_auction_bids_follow_the_format_pricing():
    """Classic (value): each bid exceeds the highest by at least 10; Number Call (count, the
    two-player game's tile [J]): bids are numbers of notes."""
    game = make_game("bidder-up", board="animal-market")
    enc = BidderUpEncoder(game, 2)
    seen = {}
    for legal in _legal_moves(game, 2, [3], until=lambda: len(seen) == 2):
        inner = legal.inner
        if inner is not None and inner.bid and inner.bid[1] is None:
            pricing = inner.rules.pricing
            if pricing not in seen:
                b = enc.blocks["bid"][0]
                raises = VALUE_RAISES if pricing == "value" else COUNT_RAISES
                assert [enc.action(b + k, legal) for k in range(len(raises))] == \
                    [X.Bid(inner.bid[0] + r) for r in raises]
                seen[pricing] = inner.bid
    assert set(seen) == {"value", "count"}, seen


def test_notes_by_value_or_by_number():
    hand = (2, 4, 2, 0, 0, 0)                           # the start money: 50+50+10+10+10+10+0+0
    assert notes_of(("value", 60, False), hand, D) == (0, 1, 1, 0, 0, 0)
    assert notes_of(("value", 0, True), hand, D) == (2, 0, 0, 0, 0, 0)
    assert notes_of(("value", 0, False), hand, D) == (0,) * 6
    assert notes_of(("count", 3, False), hand, D) == (2, 1, 0, 0, 0, 0)
    assert notes_of(("value", 200, False), hand, D) is None
    assert notes_of(("count", 10, False), hand, D) is None
    assert len(set(NOTE_KINDS)) == len(NOTE_KINDS)


def test_an_empty_offer_is_masked():
    """L7: an offer is at least one note (empty_offer false): ``counter 0`` without zeros
    is never allowed, the bluff with the 0-notes is."""
    game = make_game("bidder-up", board="animal-market")
    s = game.state_from_position(players=3, current=0, roll=3, pastures=[["cow"], ["cow"], []])
    enc = BidderUpEncoder(game, 3)
    legal = game.legal(s, 0)
    assert dict(legal.key)["trade-1"][1] == 0, "a roll of 3 reaches the horse-trading space for free"
    s = game.step(s, 0, enc.action(enc.blocks["move"][0] + enc.spaces.index("trade-1"), legal))
    legal = game.legal(s, 0)
    assert legal.phase == "trade", legal
    mask = enc.mask(legal)
    base = enc.blocks["trade"][0] + (0 * 10 + 8) * len(NOTE_KINDS)   # +1: seat 1, cow
    assert mask[base + NOTE_KINDS.index(("value", 0, False))] == 0
    assert mask[base + NOTE_KINDS.index(("value", 0, True))] == 1, "the start money holds two 0-notes"
    zeros = enc.action(base + NOTE_KINDS.index(("value", 0, True)), legal)
    assert zeros == game.parse("trade 1 cow offer 0+0")
    assert_refuses_masked_out(enc, legal)


def test_observation_is_seen_from_the_seat_and_hides_hands():
    game = make_game("bidder-up", board="fairground")
    s = game.state_from_position(players=3, current=1, roll=2, money=["50+10", "500+0", "0"])
    enc = BidderUpEncoder(game, 3)
    v1 = enc.observation(game.observe(s, 1))
    v2 = enc.observation(game.observe(s, 2))
    offsets = np.cumsum([0] + [size for _, size in enc.parts])
    names = [name for name, _ in enc.parts]
    own = names.index("own notes per denomination / 10")
    assert (v1[offsets[own]:offsets[own + 1]] * 10).tolist() == [1, 0, 0, 0, 0, 1]
    assert (v2[offsets[own]:offsets[own + 1]] * 10).tolist() == [1, 0, 0, 0, 0, 0]
    cur = names.index("current player (one-hot, relative seat)")
    assert v1[offsets[cur]:offsets[cur + 1]].tolist() == [1, 0, 0]
    assert v2[offsets[cur]:offsets[cur + 1]].tolist() == [0, 0, 1]


def test_an_action_ticket_may_be_revealed_before_the_move():
    """[H] "When exactly they perform the ticket's action within their normal turn is up to
    them": after the roll, the mask offers the seat's action tickets beside the moves, each
    index the same ticket as at the end of the turn; a horse-trade so revealed is played,
    then the move."""
    game = make_game("bidder-up", board="fairground")
    s = game.state_from_position(3, current=0, roll=2, tickets=[["move-markers", "extra-turn", "horse-trade"], [], []],
                                 pastures=[["sheep"], ["sheep"], []])
    enc = BidderUpEncoder(game, 3)
    legal = game.legal(s, 0)
    names = {enc.action_name(int(i)) for i in np.flatnonzero(enc.mask(legal))}
    assert {"ticket extra-turn", "ticket horse-trade", "ticket move-markers sheep+1"} <= names
    assert any(n.startswith("move ") for n in names), "the moves are offered too"
    assert "ticket special-horse-trade" not in names, "a ticket the seat does not hold"
    assert_refuses_masked_out(enc, legal)
    i = next(int(k) for k in np.flatnonzero(enc.mask(legal)) if enc.action_name(int(k)) == "ticket horse-trade")
    s = game.step(s, 0, enc.action(i, legal))
    assert (s.phase, s.then) == ("trade", "move")
    after = game.legal(s, 0)
    assert any(enc.action_name(int(k)).startswith("trade ") for k in np.flatnonzero(enc.mask(after)))
    s = game.step(s, 0, "trade 1 sheep offer 10")
    s = game.step(s, 1, "agree")
    moved = game.legal(s, 0)
    names = {enc.action_name(int(k)) for k in np.flatnonzero(enc.mask(moved))}
    assert names and all(n.startswith("move ") for n in names), "one ticket a turn: only the move is left"


def test_the_bids_before_an_embedded_auctions_repeat_reach_every_seats_vector():
    """The golden Fairground game, step 211: "The bids: P0 80, P2 110, P3 100. P2 cannot
    pay and shows all their money ... The auction is run again." P1, the auctioneer, made
    no bid. Each seat's vector ends with the embedded auction's block of the bids before
    the repeat: per seat from the observer on, a known flag and the bid / 500."""
    from pathlib import Path

    from bluffkit.core import playthrough as golden
    g = config_game("bidder-up-fairground")
    text = (Path(__file__).resolve().parents[1] / "playthroughs" / "bidder-up-fairground.txt").read_text()
    players, moves = golden.stored_moves(g, text)
    s = g.new_state(players)
    for seat, action in moves[:211]:
        s = g.step(s, seat, action)
    enc = encoder_for(g, players)
    assert enc.parts[-1][0].startswith("the pen's auction")
    bids = {0: 80, 2: 110, 3: 100}
    for viewer in range(players):
        tail = enc.observation(g.observe(s, viewer))[-2 * players:]
        want = []
        for k in range(players):
            b = bids.get((viewer + k) % players)
            want += [0.0, 0.0] if b is None else [1.0, b / 500]
        assert tail.tolist() == pytest.approx(want), (viewer, tail)


def test_a_count_auctions_amounts_are_numbers_of_notes_over_ten():
    """docs/rl.md: numbers scaled to about 0..1. The embedded auction's amounts were money /
    500 in every format, so that in a count auction (Number Call: a price is a number of
    notes) a price of 5 notes read 0.01; they are notes / 10 there now, as the notes laid are."""
    import numpy as np

    from bluffkit.auctions.rules import FORMATS
    from bluffkit.core.game import make_game
    from bluffkit.rl.encoders.bidder_up import _T, AUCTION_PHASES, auction_size
    g = make_game("bidder-up", board="animal-market", tiles=("number-call", "classic", "the-call", "cat-in-the-bag"))
    enc = encoder_for(g, 2)
    nd = len(g.rules.denominations)
    seen = set()
    for seed in range(6):
        s = g.new_state(2)
        rng = np.random.default_rng(seed)
        for _ in range(3000):
            if g.is_over(s) or len(seen) == 2:
                break
            movers = g.to_move(s)
            if not movers:
                s = g.step(s, None, g.sample_chance(s, rng))
                continue
            au = s.auction
            if au is not None and au.awards and au.rules.format in ("number-call", "classic"):
                x = enc.observation(g.observe(s, 0))
                n = 2
                high = len(x) - auction_size(n, nd) + 1 + len(FORMATS) + 2 + len(AUCTION_PHASES) + n + _T + 1 + _T \
                    + 2 * n + nd
                price = high + 1 + n + 2 * n + 1 + 2 * n + n + n       # the first award's price
                unit = 10.0 if au.rules.pricing == "count" else 500.0
                assert x[price] == pytest.approx(au.awards[0][2] / unit), (au.rules.format, au.awards, x[price])
                seen.add(au.rules.pricing)
            s = g.step(s, movers[0], g.legal(s, movers[0]).sample(rng))
    assert seen == {"count", "value"}, seen


def test_a_bid_with_a_top_offers_every_raise_up_to_the_top_itself():
    """Where a seat's bids have a top (``pass or bid 10 to 140``), the bid block offers the
    lowest bid plus each raise that stays within it, the top included when a raise lands
    on it, and nothing above it. The first thirty such positions of seeded games on the
    Animal Market, each checked against the span the game's own legal moves give."""
    game = make_game("bidder-up", board="animal-market")
    enc = BidderUpEncoder(game, 3)
    b = enc.blocks["bid"][0]
    checked = at_top = 0
    topped = (legal for legal in _legal_moves(game, 3, range(30), until=lambda: False)
              if legal.inner is not None and legal.inner.bid and legal.inner.bid[1] is not None)
    for legal in itertools.islice(topped, 30):
        inner = legal.inner
        lo, hi = inner.bid
        raises = VALUE_RAISES if inner.rules.pricing == "value" else COUNT_RAISES
        mask = enc.mask(legal)
        offered = [enc.action(b + k, legal).amount for k in range(len(raises)) if mask[b + k]]
        assert offered == [lo + r for r in raises if lo + r <= hi], (legal.description, offered)
        at_top += hi in offered
        checked += 1
    assert checked == 30 and at_top >= 3, (checked, at_top)


def _part(enc, vector, prefix):
    """The block of ``vector`` whose name in ``enc.parts`` starts with ``prefix``."""
    offsets = np.cumsum([0] + [size for _, size in enc.parts])
    k = next(k for k, (name, _) in enumerate(enc.parts) if name.startswith(prefix))
    return vector[offsets[k]:offsets[k + 1]].tolist()


def test_a_revealed_special_horse_trade_and_an_extra_turn_are_known_to_every_seat():
    """[H] an action ticket is revealed: every player then knows a Special Horse-Trade is
    open (the number of notes counts, not their value) and that an Extra Turn is owed; both
    reach another seat's vector, not the revealer's alone."""
    game = make_game("bidder-up", board="fairground")
    enc = BidderUpEncoder(game, 3)
    s = game.state_from_position(3, current=0, roll=2, tickets=[["special-horse-trade"], [], []],
                                 pastures=[["sheep"], ["sheep"], []])
    s = game.step(s, 0, "ticket special-horse-trade")
    for seat in (0, 2):
        trade = _part(enc, enc.observation(game.observe(s, seat)), "open horse-trade")
        assert trade[:2] == [1.0, 1.0], f"seat {seat}: an open trade whose notes are counted, {trade[:2]}"
    s = game.state_from_position(3, current=0, roll=2, tickets=[["extra-turn"], [], []])
    s = game.step(s, 0, "ticket extra-turn")
    for seat in (0, 1):
        assert _part(enc, enc.observation(game.observe(s, seat)), "an action ticket used") == [1.0, 1.0], seat


def test_the_market_positions_are_read_over_the_tracks_length():
    """[G] the Fairground's market board runs from 0 to 1,000 in 16 values (15 steps): a sheep
    marker on 500, the 11th value, reads 10/15 in every seat's vector."""
    game = make_game("bidder-up", board="fairground")
    enc = BidderUpEncoder(game, 3)
    s = game.state_from_position(3, current=0, roll=2, market={"sheep": 500})
    for seat in range(3):
        market = _part(enc, enc.observation(game.observe(s, seat)), "market positions")
        assert market[4] == pytest.approx(10 / 15), (seat, market)


def test_the_piggy_bank_and_the_gambling_stack_are_counted_in_every_vector():
    """[J] the Piggy Bank's and the two-player Gambling stack's notes lie face down: every
    seat knows how many there are, not their values. Three on the Piggy Bank and four on the
    Gambling stack read 3/10 and 4/10 for both seats."""
    game = make_game("bidder-up", board="animal-market")
    enc = BidderUpEncoder(game, 2)
    s = game.state_from_position(2, current=0, roll=2, piggy="10+50+0", gambling="10+10+50+0")
    for seat in range(2):
        piggy, _box, gambling = _part(enc, enc.observation(game.observe(s, seat)), "notes on the Piggy Bank")
        assert (piggy, gambling) == pytest.approx((0.3, 0.4)), seat


def test_the_animals_that_went_back_into_a_cat_in_the_bag_pen_stay_in_every_vector():
    """[B] Cat in the Bag: the auctioneer shows the pen's 3 animals (a rooster, a goose, a
    cat), its left neighbour picks one, "the other two are placed face-down back in the pen".
    Seat 1 picks the rooster and buys it for 10; the pen is refilled to 3 face down. Every
    seat then sees Pen 7 face down, 3 of 3, with the goose and the cat it saw go back."""
    game = make_game("bidder-up", board="animal-market")
    s = game.state_from_position(players=3, current=0, roll=1, pos=["trade-5", "start", "start"],
                                 pens={"pen-7": ["rooster", "goose", "cat"]})
    s = game.step(s, 0, "move pen-7")
    s = game.step(s, None, "shuffle 0,1,2")
    for seat, move in [(1, "pick 1"), (1, "bid 10"), (2, "pass"), (1, "pass"), (0, "sell"), (1, "pay 10")]:
        s = game.step(s, seat, move)
    enc = BidderUpEncoder(game, 3)
    pen7 = enc.board_layout.pen_index["pen-7"]
    for seat in range(3):
        pens = _part(enc, enc.observation(game.observe(s, seat)), "pens: per pen")
        size = len(pens) // len(enc.board_layout.pens)
        pen = pens[pen7 * size:(pen7 + 1) * size]
        assert pen[:2] == [1.0, 1.0], f"seat {seat}: Pen 7 face down with 3 animals, {pen[:2]}"
        assert pen[2:12] == [0.0, 1.0, 1.0] + [0.0] * 7, f"seat {seat}: the goose and the cat went back, {pen[2:12]}"


def test_without_zero_notes_paying_a_move_costs_the_lowest_notes_worth_something():
    """[C] 2 spaces more than rolled cost 1 + 2 = 3 notes. With the rule option
    ``zero_pays_count=False`` 0-notes do not pay movement, so a seat of 10, 10, 10, 10, 50, 0,
    0 pays three 10s, and that move is offered."""
    game = make_game("bidder-up", board="animal-market", zero_pays_count=False)
    s = game.state_from_position(players=3, current=0, roll=1, money=["10+10+10+10+50+0+0", None, None])
    enc = BidderUpEncoder(game, 3)
    legal = game.legal(s, 0)
    i = enc.blocks["move"][0] + enc.spaces.index("trade-1")
    assert enc.mask(legal)[i] == 1, "moving two more is offered"
    assert enc.action(i, legal) == game.parse("move trade-1 pay 10+10+10")


def test_a_golden_donkeys_pay_leaves_the_notes_beside_it():
    """[D] "once the auction is settled all players receive extra money from the supply board:
    First Golden Donkey: 100". A donkey in Pen 1 sold for 10 on the Animal Market with 3
    players: three 100s leave the Golden Donkey's side (read / 5), nothing else does, and
    one Golden Donkey of three has been auctioned."""
    game = make_game("bidder-up", board="animal-market")
    enc = BidderUpEncoder(game, 3)
    s = game.state_from_position(players=3, current=0, roll=1, pens={"pen-1": ["donkey"]})
    before = _part(enc, enc.observation(game.observe(s, 2)), "notes beside the Golden Donkey")
    for seat, move in [(0, "move pen-1"), (1, "bid 10"), (2, "pass"), (1, "pass"), (0, "sell"), (1, "pay 10")]:
        s = game.step(s, seat, move)
    v = enc.observation(game.observe(s, 2))
    after = _part(enc, v, "notes beside the Golden Donkey")
    assert np.subtract(after, before).tolist() == pytest.approx([0, 0, 0, -3 / 5, 0, 0]), (before, after)
    assert _part(enc, v, "Golden Donkeys auctioned") == pytest.approx([1 / 3])


def test_a_loan_shows_its_iou_to_both_players():
    """[J] two players, the Piggy Bank: a loan of 200 takes a 200 note with its IOU, -600 at
    the end. Of the 6 IOUs (two per loan size, the rules' default ``loans`` [L5]) one
    200-IOU is left (1/2); the other player sees the borrower (one seat on) holding one IOU
    worth 600 (/ 1000)."""
    game = make_game("bidder-up", board="animal-market")
    enc = BidderUpEncoder(game, 2)
    s = game.state_from_position(players=2, current=0, roll=1)
    s = game.step(game.step(s, 0, "move hill-west"), 0, "loan 200")
    for seat in range(2):
        v = enc.observation(game.observe(s, seat))
        assert _part(enc, v, "IOUs left") == pytest.approx([1.0, 0.5, 1.0]), seat
        loans = [[0.0, 0.0], [0.0, 0.0]]
        loans[(0 - seat) % 2] = [1.0, 0.6]
        assert _part(enc, v, "loans: per seat") == pytest.approx(sum(loans, [])), seat


def test_the_number_of_tickets_another_seat_drew_is_in_its_vector():
    """[H] the raffle: seat 0 pays two notes and draws two tickets. The others see how many
    it drew (2 of at most 3), not which."""
    game = make_game("bidder-up", board="fairground")
    enc = BidderUpEncoder(game, 3)
    s = game.state_from_position(players=3, current=0, roll=1)
    s = game.step(game.step(s, 0, "move raffle-1"), 0, "raffle 2 pay 0+0")
    s = game.step(s, None, "tickets special-horse-trade,value-gain:goat")
    for seat in (1, 2):
        drawn = _part(enc, enc.observation(game.observe(s, seat)), "drawn: number")
        assert drawn[0] == pytest.approx(2 / 3) and not any(drawn[1:]), (seat, drawn)


def test_two_tickets_of_one_kind_count_two():
    """[H] a seat holding two Extra Turn tickets has two of that kind in its vector."""
    game = make_game("bidder-up", board="fairground")
    enc = BidderUpEncoder(game, 3)
    s = game.state_from_position(3, current=0, roll=2, tickets=[["extra-turn", "extra-turn"], [], []])
    own = _part(enc, enc.observation(game.observe(s, 0)), "own tickets per kind")
    assert own[0] == 2.0 and sum(own) == 2.0, own


def test_a_male_put_up_in_a_horse_trade_is_in_every_vector():
    """[E, K] Fairground with Baby Animals, where males are told apart: seat 0 (a female
    sheep) challenges seat 1 (a male sheep) for sheep. The two animals put up are the
    challenger's female and the target's male; every seat's vector says so."""
    game = make_game("bidder-up", board="fairground", variants=["babies"])
    enc = BidderUpEncoder(game, 3)
    s = game.state_from_position(3, current=0, roll=2, tickets=[["horse-trade"], [], []],
                                 pastures=[["sheep"], ["sheep-m"], []])
    s = game.step(game.step(s, 0, "ticket horse-trade"), 0, "trade 1 sheep offer 10")
    for seat in range(3):
        trade = _part(enc, enc.observation(game.observe(s, seat)), "open horse-trade")
        assert trade[-2:] == [0.0, 1.0], f"seat {seat}: the males put up, {trade[-2:]}"


def test_the_challenger_chooses_the_specimens_of_a_horse_trade_by_index():
    """[K] Fairground with Baby Animals: "the challenger may decide which two specimens
    (male/female) are horse-traded against each other". Seat 0 holds a sheep and a goat
    and the male goat, seat 1 a sheep and the male sheep, seat 2 a goat: every choice the
    two pastures allow (its own specimen, then the other's) has an index the mask allows,
    which plays that choice, and none other has. (The encoding offered only the engine's
    default, females, so an agent could never go for the other's male nor put up its own.)"""
    game = make_game("bidder-up", board="fairground", variants=["babies"])
    enc = BidderUpEncoder(game, 3)
    s = game.state_from_position(3, current=0, roll=2, tickets=[["horse-trade"], [], []],
                                 pastures=[["sheep", "goat", "goat-m"], ["sheep", "sheep-m"], ["goat"]])
    s = game.step(s, 0, "ticket horse-trade")
    legal = game.legal(s, 0)
    mask = enc.mask(legal)
    ten = notes_of(("value", 10, False), legal.hand, D)
    chosen = {}
    for i in np.flatnonzero(mask):
        action = enc.action(int(i), legal)
        if action.notes == ten:
            chosen[(action.target, ANIMALS[action.animal], action.sexes)] = enc.action_name(int(i))
    assert sorted(chosen) == [(1, "sheep", "ff"), (1, "sheep", "fm"), (2, "goat", "ff"), (2, "goat", "mf")], chosen
    assert chosen[(1, "sheep", "fm")] == "trade +1 sheep:f:m offer 10"
    index = next(int(i) for i in np.flatnonzero(mask) if enc.action_name(int(i)) == "trade +1 sheep:f:m offer 10")
    after = game.step(s, 0, enc.action(index, legal))
    sheep = ANIMALS.index("sheep")
    assert after.trade[2] == (sheep, sheep + 10), "its female for their male"


def test_without_baby_animals_on_the_fairground_a_trade_names_no_specimens():
    """The Animal Market and the Fairground without Baby Animals tell no specimens apart:
    their trades carry none, and their sizes do not grow."""
    for board, variants in (("fairground", []), ("animal-market", ["babies"])):
        enc = BidderUpEncoder(make_game("bidder-up", board=board, variants=variants), 3)
        assert enc.blocks["trade"][1] == 2 * 10 * len(NOTE_KINDS)
        start, size = enc.blocks["trade"]
        assert not any(":" in enc.action_name(i) for i in range(start, start + size))
