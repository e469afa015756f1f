"""You're Bluffing! / Horse Trading rules checked on positions set up by hand.

Each test starts from ``state_from_position`` (a few moves at most, no whole games) and
names the rulebook section it comes from: YB (You're Bluffing!, shared/seeds/000), HT
(Horse Trading, shared/seeds/003), DIGEST (shared/RULES.md section 1). Expected values are
worked out from the rules by hand."""

from __future__ import annotations

import pytest
from yb_kit import FAMILIES, D, F, ht, notes, play, yb

from bluffkit.core.errors import RulesError

FULL_PILE = {name: 4 for name in FAMILIES}


def pile_of(**left) -> dict:
    """A pile holding only the cards named (every other family is in the herds)."""
    return {name: left.get(name, 0) for name in FAMILIES}


def herds_without(left: dict, players: int = 3) -> list[dict]:
    """Herds for a position whose pile is ``left``: seat 0 holds the rest of every family."""
    return [{name: 4 - left.get(name, 0) for name in FAMILIES}] + [{} for _ in range(players - 1)]


# ---------------------------------------------------------------------------------------------
# Chance: the pile
# ---------------------------------------------------------------------------------------------

def test_each_card_left_in_the_pile_is_equally_likely():
    """YB "Setup": the animal cards are shuffled into a face-down pile, so the next card is
    any of the cards left with the same chance: with 3 cows and 1 horse left, a cow comes up
    3 times in 4."""
    g = yb()
    left = {"cow": 3, "horse": 1}
    s = g.state_from_position(players=3, herds=herds_without(left), pile=pile_of(**left))
    s = g.step(s, 0, "auction")
    odds = {FAMILIES[d.family]: p for d, p in g.chance_outcomes(s)}
    assert odds == pytest.approx({"cow": 0.75, "horse": 0.25})


# ---------------------------------------------------------------------------------------------
# Auction: paying
# ---------------------------------------------------------------------------------------------

def _sold(g, s, bid: int, seller_action: str = "sell"):
    """Seat 0 auctions a cow; seat 1 bids ``bid``, seat 2 passes; the leader sells or buys."""
    s = play(g, s, (0, "auction"), (None, "draw cow"), (1, f"bid {bid}"), (2, "pass"))
    return g.step(s, 0, seller_action)


def test_a_bidder_one_short_of_the_bid_must_show_money():
    """YB "Not Enough Money?": a player who cannot pay the sum bid shows all their money
    and the auction starts over. 90 cannot pay a bid of 91 (any bid is allowed in YB), so
    seat 1 shows; 90 pays a bid of 90."""
    g = yb()
    s = _sold(g, g.new_state(3), 91)
    assert s.phase == "bid" and s.high_bidder == -1
    assert [seat for seat, _ in s.shown] == [1]
    s = _sold(g, g.new_state(3), 90)
    assert s.phase == "pay" and g.to_move(s) == (1,) and s.shown == ()


# ---------------------------------------------------------------------------------------------
# Positions set up by hand
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("fields, says", [
    ({"paydays": True}, "paydays must be a whole number"),             # a yes/no is not a count
    ({"leader": 3}, r"leader must be a seat 0\.\.2, got 3"),            # one past the last seat
    ({"leader": -1}, r"leader must be a seat 0\.\.2, got -1"),
    ({"herds": [{}, {}]}, r"one entry per seat \(3\)"),                 # two herds for three seats
    ({"money": [None, None]}, r"one entry per seat \(3\)"),
    ({"money": [90, None, None]}, r"money\[0\] must be notes as text"),
    ({"herds": [{"cow": -1}, {}, {}]}, "the count of cow must be a whole number >= 0"),
    ({"herds": [{"cow": 5}, {}, {}]}, "family cow: the herds hold 5 cards, but a family has 4"),
    ({"herds": [{"cow": 2}, {}, {}], "pile": dict(FULL_PILE, cow=1)}, "family cow: 2 in herds and 1 in the pile"),
    ({"herds": [{}, {"donkey": 1}, {}], "paydays": 0}, r"paydays \(0\) must equal"),
])
def test_a_position_that_cannot_happen_is_refused_in_words(fields, says):
    """A position is checked (position.py): seats, notes as text, whole counts of animals,
    exactly four cards a family (YB "Contents") between the herds and the pile, and one
    payday for each donkey out of the pile (YB "The Golden Donkey")."""
    g = yb()
    with pytest.raises(RulesError, match=says):
        g.state_from_position(players=3, **fields)


def test_a_position_takes_the_last_seat_as_leader_and_the_start_money_by_default():
    """Seats are 0..players-1; a seat whose money is not given holds the start money:
    two 0s, four 10s and one 50 (YB "Setup")."""
    g = yb()
    s = g.state_from_position(players=3, leader=2, money=["500", None, None])
    assert s.leader == 2 and g.to_move(s) == (2,)
    assert s.money[1] == s.money[2] == notes("0+0+10+10+10+10+50")
    assert g.money_totals(s) == (500, 90, 90)


def test_a_position_may_leave_the_bank_with_no_note_to_spare():
    """YB "Contents": 10 notes of 0. Three players who hold all ten leave none in the bank,
    which is allowed (no payday pays a 0)."""
    g = yb()
    s = g.state_from_position(players=3, money=["0+0+0+0", "0+0+0", "0+0+0"])
    assert s.bank[0] == 0
    with pytest.raises(RulesError, match=r"more notes of \[0\] than the game has"):
        g.state_from_position(players=3, money=["0+0+0+0+0", "0+0+0", "0+0+0"])


def test_a_position_keeps_in_the_bank_every_payday_still_to_come():
    """YB "Contents": 5 notes of 200 and 5 of 500. With one donkey out, the 2nd to 4th
    paydays (100, 200, 500) still come: 3 players need three 200s and three 500s, so the
    players may hold two 200s between them but not three; a position after three
    donkeys lets them hold all five 200s (no payday of 200 is left) but not three 500s."""
    g = yb()
    one_out = {"herds": [{}, {"donkey": 1}, {}]}
    g.state_from_position(players=3, money=["200+200", None, None], **one_out)
    with pytest.raises(RulesError, match="the paydays still to come need 3"):
        g.state_from_position(players=3, money=["200+200+200", None, None], **one_out)
    three_out = {"herds": [{}, {"donkey": 3}, {}]}
    s = g.state_from_position(players=3, money=["200+200+200+200+200", None, None], **three_out)
    assert s.paydays == 3 and s.bank[D.index(200)] == 0
    with pytest.raises(RulesError, match="the paydays still to come need 3"):
        g.state_from_position(players=3, money=["500+500+500", None, None], **three_out)


def test_a_position_with_every_family_complete_is_over():
    """YB "End of the Game": the game ends when every family is complete; a position set up
    that way is over at once and scores."""
    g = yb()
    s = g.state_from_position(players=3, herds=[{name: 4 for name in FAMILIES[:5]},
                                                {name: 4 for name in FAMILIES[5:]}, {}])
    assert s.phase == "over" and g.to_move(s) == ()


def test_a_position_with_an_empty_pile_skips_a_leader_with_nothing_to_trade():
    """YB "Animal Cards Exhausted": once the pile is empty every turn is a trade, and a
    player with nothing to trade is skipped: leader 0 holds only complete families, so seat
    1, who shares the horses with seat 2, moves first."""
    g = yb()
    herds = [{name: 4 for name in FAMILIES[:9]}, {"horse": 2}, {"horse": 2}]
    s = g.state_from_position(players=3, leader=0, herds=herds)
    assert s.phase == "turn" and s.leader == 1
    assert g.legal(s, 1).trades == ((2, F["horse"]),)


# ---------------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------------

def test_only_complete_families_score():
    """YB "End of the Game": only complete families count: 4 horses and 3 cows score
    1000 x 1 = 1000, the three cows nothing; a herd of 3 of each of eight families scores 0."""
    g = yb()
    herds = [{"horse": 4, "cow": 3}, {"cow": 1}, {name: 3 for name in FAMILIES[:8]}]
    s = g.state_from_position(players=3, herds=herds)
    assert g.scores(s) == (1000, 0, 0)


def test_short_game_scores_pairs():
    """HT "Short game": each animal is a pair, so two cards complete a family: two 10s and
    two 9s score (1000 + 800) x 2 = 3600; one Ace scores nothing."""
    g = ht("short")
    s = g.state_from_position(players=3, herds=[{"10": 2, "9": 2}, {"A": 1}, {}])
    assert g.scores(s)[:2] == (3600, 0)


# ---------------------------------------------------------------------------------------------
# Cattle trade
# ---------------------------------------------------------------------------------------------

def test_the_face_down_offer_is_seen_by_its_owner_alone():
    """YB "The Cattle Trade": the challenger offers money "face down"; the challenged player
    and everyone else see only the number of notes. Seat 0 offers 50 + 10 + 0 (3 notes)."""
    g = yb()
    s = g.state_from_position(players=3, herds=[{"goat": 1}, {"goat": 1}, {}])
    s = g.step(s, 0, "trade 1 goat 50+10+0")
    mine = g.observe(s, 0)
    assert mine.my_offer == notes("50+10+0")
    assert mine.hand_total == 30, "the offer has left the hand: 90 - 60"
    for seat in (1, 2):
        seen = g.observe(s, seat)
        assert seen.my_offer is None
        assert seen.trade[4] == 3, "only the number of notes"
        assert seen.hand_total == 90


def test_a_herd_that_traded_away_its_last_card_cannot_trade_for_it():
    """YB "The Cattle Trade": both players must own animals of the family. Every seat holds
    one goat; seat 1 accepts seat 0's challenge and loses its goat (1 v 1 trades one card),
    so seat 1, leading next, may challenge nobody, and seat 2 only seat 0: on the state and
    on a working copy that plays on (as a simulation does)."""
    g = yb()
    s = g.state_from_position(players=3, herds=[{"goat": 1}, {"goat": 1}, {"goat": 1}])
    t = g.table(s)
    t.apply(0, g.parse("trade 1 goat none"))
    t.apply(1, g.parse("accept"))
    s = play(g, s, (0, "trade 1 goat none"), (1, "accept"))
    for table in (g.table(s), t):
        assert [h[F["goat"]] for h in table.herds] == [2, 0, 1] and table.leader == 1
        assert table.trade_options(1) == ()
        assert table.trade_options(2) == ((0, F["goat"]),)


def test_a_working_copy_keeps_the_worth_of_each_hand_through_a_trade():
    """YB "The Cattle Trade" / HT "Trade": the offer leaves the challenger's hand face down;
    on a counter the offers are swapped. Seat 0 offers 50 (90 - 50 = 40 in hand), seat 1
    counters 10 + 10: seat 1 offered less, seat 0 ends with 40 + 20 = 60, seat 1 with
    90 - 20 + 50 = 120. A working copy that plays on (as a simulation does) tells each seat
    the same worth as the state."""
    g = yb()
    s = g.state_from_position(players=3, herds=[{"goat": 1}, {"goat": 1}, {}])
    t = g.table(s)
    t.apply(0, g.parse("trade 1 goat 50"))
    assert t.observe(0).hand_total == 40
    t.apply(1, g.parse("counter 10+10"))
    assert [t.observe(seat).hand_total for seat in range(3)] == [60, 120, 90]
    assert t.herds[0][F["goat"]] == 2


def test_an_animal_bought_at_auction_can_be_traded_for_on_a_working_copy():
    """YB "The Cattle Trade": once two players own animals of one family, they may trade.
    Seat 1 buys a cow (YB "The Auctions": bid 10, seat 0 sells; 10 paid with one note) and
    seat 2 holds a cow: seat 1, leading next, may challenge seat 2 for it, on the state and
    on a working copy that plays on (as a simulation does)."""
    g = yb()
    s = g.state_from_position(players=3, herds=[{}, {}, {"cow": 1}])
    moves = [(0, "auction"), (None, "draw cow"), (1, "bid 10"), (2, "pass"), (0, "sell"), (1, "pay 10")]
    t = g.table(s)
    for seat, action in moves:
        t.apply_chance(g.parse(action)) if seat is None else t.apply(seat, g.parse(action))
        t.observe(0)                        # seen after every move, as a simulation's seats see it
    s = play(g, s, *moves)
    for table in (g.table(s), t):
        assert table.leader == 1 and table.herds[1][F["cow"]] == 1
        assert table.trade_options(1) == ((2, F["cow"]),)
        assert table.observe(1).note_counts == (8, 6, 7)


# ---------------------------------------------------------------------------------------------
# Conservation laws and hidden notes
# ---------------------------------------------------------------------------------------------

def test_the_laws_hold_with_an_animal_on_auction_and_an_offer_face_down():
    """Every animal is in the pile, the lot or a herd (YB "Contents": 4 of each family);
    every note is in a hand, the bank or a face-down offer (55 notes); HT's money in play is
    the start money plus one payday note a player per donkey turned up."""
    g = yb()
    s = g.state_from_position(players=3, herds=[{"goat": 1}, {"goat": 1}, {}])
    on_auction = play(g, s, (0, "auction"), (None, "draw donkey"), (1, "bid 10"))
    assert on_auction.lot == (F["donkey"],) and g.invariants(on_auction) == []
    offered = g.step(s, 0, "trade 1 goat 50+10")
    assert g.invariants(offered) == []
    h = ht()
    paid = play(h, h.state_from_position(players=3), (0, "auction"), (None, "draw 7"))
    assert paid.paydays == 1 and h.invariants(paid) == []


def test_the_laws_name_what_a_broken_state_breaks():
    """A state no game can reach is told in words: a negative count, notes missing, paydays
    that are not the donkeys out, a shown hand that changed before the auction settled."""
    import dataclasses
    g = yb()
    s = g.state_from_position(players=3, herds=[{"donkey": 1}, {}, {}])
    pile = list(s.pile)
    pile[F["cow"]] = -1
    assert "a negative number of animals" in g.invariants(dataclasses.replace(s, pile=tuple(pile)))
    bank = (-1,) + s.bank[1:]
    assert "a negative number of notes" in g.invariants(dataclasses.replace(s, bank=bank))
    assert "0 paydays but 1 donkeys turned up" in g.invariants(dataclasses.replace(s, paydays=0))
    shown = play(g, s, (0, "auction"), (None, "draw cow"), (1, "bid 100"), (2, "pass"), (0, "sell"))
    assert [seat for seat, _ in shown.shown] == [1] and g.invariants(shown) == []
    changed = dataclasses.replace(shown, money=(shown.money[0], notes("50+10+10+10+10+0"), shown.money[2]))
    assert any(v.startswith("seat 1 showed") for v in g.invariants(changed))


def test_a_redeal_keeps_what_the_seat_knows():
    """What a seat cannot tell apart (hide_from): the notes of the others are dealt again,
    but never the seat's own hand, its own face-down offer, nor a hand shown to everybody
    in this auction (YB "Not Enough Money?")."""
    import numpy as np
    g = yb()
    s = g.state_from_position(players=3, herds=[{"goat": 1}, {"goat": 1}, {}],
                              money=["100+10+0", "50+50", "200+0+0"])
    rng = np.random.default_rng(0)
    offered = g.step(s, 0, "trade 1 goat 100")
    for _ in range(5):
        seen = g.hide_from(offered, 0, rng)
        assert seen.trade[4] == notes("100") and seen.money[0] == notes("10+0")
        assert g.invariants(seen) == []
    shown = play(g, s, (0, "auction"), (None, "draw cow"), (1, "bid 300"), (2, "pass"), (0, "sell"))
    for _ in range(5):
        assert g.hide_from(shown, 2, rng).money[1] == notes("50+50")


# ---------------------------------------------------------------------------------------------
# The end
# ---------------------------------------------------------------------------------------------

def test_every_seat_sees_the_scores_once_the_last_family_is_complete():
    """YB "End of the Game": when every family is complete the players score. Seat 1 wins
    seat 0's last horse (1 v 3 trades one card, the offer of nothing accepted): seat 0
    scores (40 + 90) x 2 = 260, seat 1 (10 + 1000) x 2 = 2020, seat 2 (160 + 250 + 350 +
    500 + 650 + 800) x 6 = 16260. Before that no view holds scores."""
    g = yb()
    six = {name: 4 for name in FAMILIES[3:9]}
    s = g.state_from_position(players=3, leader=1, herds=[{"goose": 4, "cat": 4, "horse": 1},
                                                          {"rooster": 4, "horse": 3}, six])
    assert all(g.observe(s, seat).scores is None for seat in range(3))
    s = play(g, s, (1, "trade 0 horse none"), (0, "accept"))
    assert s.phase == "over" and s.turn == 1, "one turn played"
    for seat in range(3):
        assert g.observe(s, seat).scores == (260, 2020, 16260)
    assert g.winners(s) == (2,)
