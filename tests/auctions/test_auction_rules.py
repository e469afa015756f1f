"""Rule-by-rule tests of the auction engine: the ten auctions of Bidder Up!.

Each test checks one rule and quotes the booklet passage it comes from
(shared/seeds/001_471d016d4225c3fa.txt: "Auction Pens", "Special Moments During an Auction"
and "The Auctions", 1 to 10); RULES.md section 2 is the project's digest of it. Expected
numbers and notes are worked out from the booklet by hand (the arithmetic is in the
comments), never by the engine's own computation. Everything goes through the public API
(``make_game("auction", ...)``), plus the mutable working copy (``g.table``) where a test says so.

Money is written as notes, highest first (``"100+50+10"``; ``"none"``: no notes). Seat 0 is
the auctioneer unless a test says otherwise; seat 1 is its left neighbour. Animal values
(the documented default, ``rules.ANIMAL_VALUES``): sheep 350, goat 350, cow 800, horse 1000.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from bluffkit.auctions.actions import (
    ACCEPT,
    BUY,
    PASS,
    REFUSE,
    SELL,
    STOP,
    TAKE,
    Bid,
    Call,
    Choose,
    First,
    Lot,
    Pay,
    Pen,
    Pick,
    Place,
    Raise,
    Refusal,
    Shuffle,
)
from bluffkit.auctions.narrate import awards_lines, settling_lines
from bluffkit.auctions.rules import ANIMALS, FORMATS, Rules
from bluffkit.core.errors import NotationError, RulesError
from bluffkit.core.game import make_game
from bluffkit.testing import assert_refused, random_decisions

NAMES = ("A", "B", "C", "D")
SHEEP, GOAT, COW, HORSE = (ANIMALS.index(a) for a in ("sheep", "goat", "cow", "horse"))
START = "200+100+100+50+50+10+10+10+10+0+0"        # the documented start money: 540 in 11 notes


# -- helpers ----------------------------------------------------------------------------------

def game(fmt: str, **options):
    return make_game("auction", format=fmt, **options)


def run(g, s, *moves):
    """Apply ``(seat, action text)`` pairs in order (seat ``None`` for chance)."""
    for seat, action in moves:
        s = g.step(s, seat, action)
    return s


def notes(g, s, names=NAMES):
    """Each seat's notes as text (the checkable facts), in seat order."""
    facts = g.facts(s, names[:s.players])
    return [facts["notes"][n] for n in names[:s.players]]


def owners(g, s, names=NAMES):
    assert s.phase == "over", f"the auction is not over: {s.phase}"
    return g.facts(s, names[:s.players])["owners"]


def refused(g, s, seat, action, rule):
    """``action`` by ``seat`` is refused with ``rule`` and a message in words (the shared
    rules-test kit); the state is left as it was, and so is a working copy asked to apply it
    (only ``step`` screens players' chance outcomes, so those skip the working copy)."""
    parsed = g.parse(action) if isinstance(action, str) else action
    chance_outcome = seat is not None and isinstance(parsed, (Lot, Pen, Shuffle, First))
    err = assert_refused(g, s, seat, action, rule, table=not chance_outcome)
    assert len(err.reason) >= 12, f"{action!r}: no clear message: {err.reason!r}"
    return err


def dutch_count_to(g, s, count, bidders=(1, 2)):
    """Every bidder passes at 10, 9, ... until the auctioneer calls ``count``."""
    for _ in range(10 - count):
        s = run(g, s, *[(b, "pass") for b in bidders])
    assert g.observe(s, bidders[0]).count == count, "the Dutch count is not where the passes put it"
    return s


def cat_pen(g, players=3, pen=("cow", "horse", "goat"), shuffle="2,0,1", auctioneer=0, money=None):
    """A Cat in the Bag pen shown and shuffled face down. With ``shuffle 2,0,1`` the face-down
    cards are, from 1: pen[2], pen[0], pen[1] (goat, cow, horse for the default pen)."""
    s = g.state_from_position(players, auctioneer=auctioneer, money=money, pen=list(pen))
    return g.step(s, None, f"shuffle {shuffle}")



def test_nobody_bidding_is_narrated_as_the_lot_going_free_to_the_auctioneer_in_any_seat():
    """"If nobody wants to bid, the auctioneer gets the animal(s) for free": B, in seat 1,
    auctions the cow; C and A pass, and the words give the cow to B."""
    g = game("classic")
    s = run(g, g.state_from_position(3, auctioneer=1, lot=["cow"]), (2, "pass"))
    last = g.parse("pass")
    after = g.step(s, 0, last)
    said = g.narrate(s, 0, last, after, NAMES)
    assert owners(g, after) == {"cow": "B"}
    assert said == "A passes. Nobody bids: B gets the cow free.", said

# -- General: the auctioneer does not bid ------------------------------------------------------
# "In general: the player whose turn it is is the current auctioneer. ... Important: they
# themselves may not bid in the auction."

AUCTIONEER_BIDS = [
    ("classic", 3, [], "bid 10"),
    ("cat-in-the-bag", 3, None, "bid 10"),
    ("dutch", 3, [], "take"),
    ("secret-value", 3, [], "bid 100"),
    ("secret-count", 3, [], "bid 10+0"),
    ("round-the-table", 3, [], "bid 100"),
    ("american-count", 4, [], "raise 10"),
    ("second-hand", 4, [], "bid 100"),
    ("number-call", 2, [], "bid 3"),
    ("the-call", 2, [(0, "call 100")], "accept"),
]


@pytest.mark.parametrize("fmt,players,moves,action", AUCTIONEER_BIDS, ids=[c[0] for c in AUCTIONEER_BIDS])
def test_the_auctioneer_never_bids(fmt, players, moves, action):
    g = game(fmt)
    if moves is None:                                # Cat in the Bag: after the pick
        s = g.step(cat_pen(g, players), 1, "pick 2")
    else:
        s = run(g, g.state_from_position(players, auctioneer=0, lot=["cow"]), *moves)
    assert s.phase == "bid"
    assert not g.legal(s, 0), f"the auctioneer may act while bidding: {g.legal(s, 0)}"
    assert 0 not in g.to_move(s)
    refused(g, s, 0, action, "auctioneer-does-not-bid")


def test_the_auctioneer_does_not_pick_the_cat_either():
    # "Their left neighbor then points to 1 of the three face-down cards."
    g = game("cat-in-the-bag")
    s = cat_pen(g, 4, auctioneer=2)
    assert g.to_move(s) == (3,), "the auctioneer's left neighbour (seat 3 of 4) picks"
    refused(g, s, 2, "pick 1", "auctioneer-does-not-bid")
    refused(g, s, 0, "pick 1", "not-your-turn")
    refused(g, s, 3, "bid 10", "not-now")


# -- General: nobody bids ----------------------------------------------------------------------
# "Nobody bids? If nobody wants to bid, the auctioneer gets the animal(s) for free."

NOBODY = [
    ("classic", 3, [(1, "pass"), (2, "pass")]),
    ("cat-in-the-bag", 3, [(1, "pass"), (2, "pass")]),
    ("dutch", 3, [(b, "pass") for _ in range(10) for b in (1, 2)]),      # counts 10, 9, ..., 1
    ("secret-value", 3, [(1, "pass"), (2, "pass")]),
    ("secret-count", 3, [(1, "pass"), (2, "bid none")]),                 # laying no notes is no bid
    ("round-the-table", 3, [(1, "pass"), (2, "pass")]),
    ("american-count", 4, [(1, "pass"), (2, "pass"), (3, "stop")]),     # the last one left adds nothing
    ("second-hand", 4, [(1, "pass"), (2, "pass"), (3, "pass")]),
    ("number-call", 2, [(1, "pass")]),
]


@pytest.mark.parametrize("double", [False, True], ids=["small", "double"])
@pytest.mark.parametrize("fmt,players,moves", NOBODY, ids=[c[0] for c in NOBODY])
def test_nobody_bids_the_auctioneer_gets_the_lot_free(fmt, players, moves, double):
    g = game(fmt, double=double)
    if fmt == "cat-in-the-bag":
        s = g.step(cat_pen(g, players), 1, "pick 1,3" if double else "pick 2")
        lot = {"goat", "horse"} if double else {"cow"}
    else:
        s = g.state_from_position(players, auctioneer=0, lot=["cow", "horse"] if double else ["cow"])
        lot = {"cow", "horse"} if double else {"cow"}
    s = run(g, s, *moves)
    assert s.phase == "over", f"{fmt}: the auction is not over after everyone passed ({s.phase})"
    assert owners(g, s) == {a: "A" for a in lot}, "the auctioneer (A) gets every animal"
    assert notes(g, s) == [START] * players, "nobody pays anything"
    assert g.scores(s) == (0,) * players


def test_the_call_has_no_free_lot_refusing_makes_the_auctioneer_buy():
    # "If not, the auctioneer must use their right of first refusal and buy the animal themselves
    # for the amount called, paying that amount to their fellow player."
    g = game("the-call")
    s = g.state_from_position(2, auctioneer=0, money=["100+50+50", "200"], lot=["cow"])
    s = run(g, s, (0, "call 150"), (1, "refuse"))
    assert s.phase == "pay" and g.to_move(s) == (0,), "the auctioneer pays at once, no choice left"
    text = "\n".join(awards_lines(g.observe(s, 1), NAMES, g.rules))
    assert text == "the cow called at 150, bought by A (right of first refusal), who pays B 150", \
        "B refused the call: B did not win the cow"
    s = g.step(s, 0, "pay 100+50")                      # 150 exactly
    assert owners(g, s) == {"cow": "A"}
    assert notes(g, s) == ["50", "200+100+50"]



def test_a_refused_call_is_narrated_as_the_auctioneer_buying_at_the_amount_called():
    """"If not, the auctioneer must ... buy the animal themselves for the amount called": B
    refuses A's call of 150, and the words name A, the auctioneer, as the buyer at 150."""
    g = game("the-call")
    s = run(g, g.state_from_position(2, auctioneer=0, money=["100+50+50", "200"], lot=["cow"]), (0, "call 150"))
    refuse = g.parse("refuse")
    said = g.narrate(s, 1, refuse, g.step(s, 1, refuse), NAMES)
    assert said.startswith("B refuses: A must buy at 150."), said

# -- General: the right of first refusal, in every format, money to the note -------------------
# "Either: the auctioneer gives the winning bidder the animal (or animals). In exchange, they
# receive the winning bid from the winning bidder. Or: the auctioneer instead uses their right
# of first refusal and takes the animal (or animals) themselves. To do so, they must pay the
# winning bidder their bid immediately after the sale is awarded." "Money is never given as
# change. Whoever can't pay the exact amount must pay a higher price instead. This also applies
# to the auctioneer if they use their right of first refusal."

REFUSAL = {
    # B: 100+50+10 cannot make 120 (110, 150, 60, 160): pays 100+50. A: 200+100 pays 200.
    "classic": dict(players=3, money=["200+100", "100+50+10", "500"], lot=["horse"],
                    moves=[(1, "bid 120"), (2, "pass"), (1, "pass")], award=("B", 120), animal="horse",
                    sell=["pay 100+50"], sold=["200+100+100+50", "10", "500"],
                    buy=["pay 200"], bought=["100", "200+100+50+10", "500"]),
    # face down: goat, cow, horse; B points at 2: the cow.
    "cat-in-the-bag": dict(players=3, money=["100+100", "100+50+10", "50"], pen=True,
                           moves=[(1, "pick 2"), (1, "bid 100"), (2, "pass"), (1, "pass")], award=("B", 100),
                           animal="cow", sell=["pay 100"], sold=["100+100+100", "50+10", "50"],
                           buy=["pay 100"], bought=["100", "100+100+50+10", "50"]),
    # B grabs at 3: three notes of any value; three 0-notes count.
    "dutch": dict(players=3, money=["50+10+10+0", "100+10+0+0+0", "200"], lot=["cow"], dutch=3,
                  moves=[(1, "take"), (2, "pass")], award=("B", 3), animal="cow",
                  sell=["pay 0+0+0"], sold=["50+10+10+0+0+0+0", "100+10", "200"],
                  buy=["pay 10+10+0"], bought=["50", "100+10+10+10+0+0+0+0", "200"]),
    # B 120 beats C 100: B pays its own bid, 100+10+10.
    "secret-value": dict(players=4, money=["100+10+10", "100+10+10+10", "200", "500"], lot=["cow"],
                         moves=[(1, "bid 120"), (2, "bid 100"), (3, "pass")], award=("B", 120), animal="cow",
                         sell=["pay 100+10+10"], sold=["100+100+10+10+10+10", "10", "200", "500"],
                         buy=["pay 100+10+10"], bought=["none", "100+100+10+10+10+10+10", "200", "500"]),
    # B lays three notes (100+0+0), C two (500+200): B wins with 3. Sold: B's laid notes go to A,
    # C takes its own back. Bought: B takes its notes back and A pays three notes.
    "secret-count": dict(players=4, money=["10+10+10", "100+0+0", "500+200", "50"], lot=["cow"],
                         moves=[(1, "bid 100+0+0"), (2, "bid 500+200"), (3, "pass")], award=("B", 3),
                         animal="cow", sell=[], sold=["100+10+10+10+0+0", "none", "500+200", "50"],
                         buy=["pay 10+10+10"], bought=["none", "100+10+10+10+0+0", "500+200", "50"]),
    # B 100, C 150, D 120: C wins at 150. C holds only a 200 (pays it, no change); A pays 100+50.
    "round-the-table": dict(players=4, money=["100+50+50", "100", "200", "100+50"], lot=["cow"],
                            moves=[(1, "bid 100"), (2, "bid 150"), (3, "bid 120")], award=("C", 150),
                            animal="cow", sell=["pay 200"], sold=["200+100+50+50", "100", "none", "100+50"],
                            buy=["pay 100+50"], bought=["50", "100", "200+100+50", "100+50"]),
    # B lays a 0, C a 10, D passes, B passes (takes its 0 back), C alone adds a 0 and stops:
    # C's pile is 10+0, two notes.
    "american-count": dict(players=4, money=["10+0", "0+0", "50+10+0+0", "500"], lot=["cow"],
                           moves=[(1, "raise 0"), (2, "raise 10"), (3, "pass"), (1, "pass"), (2, "raise 0"),
                                  (2, "stop")], award=("C", 2), animal="cow",
                           sell=[], sold=["10+10+0+0", "0+0", "50+0", "500"],
                           buy=["pay 10+0"], bought=["none", "0+0", "50+10+10+0+0+0", "500"]),
    # The booklet's example: "André auctions off a cow. Annette bids the most with 120, followed
    # by Frank, who bids 100. ... she only has to pay 100 ... he pays the highest bidder Annette
    # the 100 and acquires the animal himself."
    "second-hand": dict(players=4, money=["100+50", "100+10+10", "100", "50"], lot=["cow"],
                        moves=[(1, "bid 120"), (2, "bid 100"), (3, "pass")], award=("B", 100), animal="cow",
                        sell=["pay 100"], sold=["100+100+50", "10+10", "100", "50"],
                        buy=["pay 100"], bought=["50", "100+100+10+10", "100", "50"]),
    # B names 4 notes: pays 100+50+0+0 (their value does not count); A pays 10+0+0+0.
    "number-call": dict(players=2, money=["10+10+0+0+0", "100+50+0+0"], lot=["cow"],
                        moves=[(1, "bid 4")], award=("B", 4), animal="cow",
                        sell=["pay 100+50+0+0"], sold=["100+50+10+10+0+0+0+0+0", "none"],
                        buy=["pay 10+0+0+0"], bought=["10", "100+50+10+0+0+0+0+0"]),
    # A calls 150, B accepts. B holds only a 200; A pays 100+50. (``call_right="always"``: the right
    # of first refusal after an accepted call, as the booklet's general rule has it; see below.)
    "the-call": dict(players=2, money=["100+50+50", "200"], lot=["cow"], options=dict(call_right="always"),
                     moves=[(0, "call 150"), (1, "accept")], award=("B", 150), animal="cow",
                     sell=["pay 200"], sold=["200+100+50+50", "none"],
                     buy=["pay 100+50"], bought=["50", "200+100+50"]),
}


def _to_refusal(fmt):
    c = REFUSAL[fmt]
    g = game(fmt, **c.get("options", {}))
    if c.get("pen"):
        s = cat_pen(g, c["players"], money=c["money"])
    else:
        s = g.state_from_position(c["players"], auctioneer=0, money=c["money"], lot=c["lot"])
    if "dutch" in c:
        s = dutch_count_to(g, s, c["dutch"])
    s = run(g, s, *c["moves"])
    assert s.phase == "refuse" and g.to_move(s) == (0,), f"{fmt}: the auctioneer should decide now ({s.phase})"
    facts = g.facts(s, NAMES[:c["players"]])
    assert [(a["winner"], a["price"]) for a in facts["awards"]] == [c["award"]]
    return g, s, c


def _pay_all(g, s, texts):
    for text in texts:
        payer = g.to_move(s)
        assert len(payer) == 1, f"one payer at a time, got {payer}"
        s = g.step(s, payer[0], text)
    return s


@pytest.mark.parametrize("fmt", list(REFUSAL))
def test_the_auctioneer_sells_and_is_paid_the_winning_bid(fmt):
    g, s, c = _to_refusal(fmt)
    s = _pay_all(g, g.step(s, 0, "sell"), c["sell"])
    assert owners(g, s) == {c["animal"]: c["award"][0]}
    assert notes(g, s) == c["sold"]


@pytest.mark.parametrize("fmt", list(REFUSAL))
def test_the_auctioneer_buys_and_pays_the_winner_its_bid(fmt):
    g, s, c = _to_refusal(fmt)
    s = g.step(s, 0, "buy")
    if c["buy"]:
        assert g.to_move(s) == (0,), "the auctioneer pays the winning bidder"
    s = _pay_all(g, s, c["buy"])
    assert owners(g, s) == {c["animal"]: "A"}
    assert notes(g, s) == c["bought"]


def test_annette_sells_or_buys_the_horse_at_daniels_120():
    # "Annette auctions off a horse (Classic auction). Daniel wins with a bid of "120." Annette
    # can take Daniel's money and give him the horse. Or she can use her right of first refusal"
    names = ("Annette", "Daniel", "Frank")
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, money=["100+10+10", "100+10+10", "none"], lot=["horse"])
    s = run(g, s, (1, "bid 60"), (2, "pass"), (1, "bid 120"), (2, "pass"), (1, "pass"))
    sold = run(g, s, (0, "sell"), (1, "pay 100+10+10"))
    assert owners(g, sold, names) == {"horse": "Daniel"}
    assert g.facts(sold, names)["money"] == {"Annette": 240, "Daniel": 0, "Frank": 0}
    assert g.scores(sold) == (120, -120, 0)
    bought = run(g, s, (0, "buy"), (0, "pay 100+10+10"))
    assert owners(g, bought, names) == {"horse": "Annette"}
    assert g.facts(bought, names)["money"] == {"Annette": 0, "Daniel": 240, "Frank": 0}


def test_the_auctioneer_cannot_buy_what_it_cannot_pay():
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, money=["100+10", None, None], lot=["horse"])
    s = run(g, s, (1, "bid 120"), (2, "pass"), (1, "pass"))
    assert g.legal(s, 0).refusals == (SELL,), "110 cannot pay 120: selling is the only choice"
    err = refused(g, s, 0, "buy", "cannot-buy")
    assert "120" in err.reason and "110" in err.reason
    # At 110 it can.
    s = g.state_from_position(3, auctioneer=0, money=["100+10", None, None], lot=["horse"])
    s = run(g, s, (1, "bid 110"), (2, "pass"), (1, "pass"), (0, "buy"), (0, "pay 100+10"))
    assert owners(g, s) == {"horse": "A"}


def test_the_auctioneer_cannot_buy_more_notes_than_it_holds_in_a_count_auction():
    # Dutch: "If they use it, they must pay the winning bidder the number of notes bid."
    g = game("dutch")
    s = g.state_from_position(3, auctioneer=0, money=["500+200", None, None], lot=["cow"])
    s = run(g, dutch_count_to(g, s, 3), (1, "take"), (2, "pass"))
    refused(g, s, 0, "buy", "cannot-buy")               # 2 notes (worth 700) are not 3 notes
    s = g.state_from_position(3, auctioneer=0, money=["0+0+0", None, None], lot=["cow"])
    s = run(g, dutch_count_to(g, s, 3), (1, "take"), (2, "pass"), (0, "buy"), (0, "pay 0+0+0"))
    assert owners(g, s) == {"cow": "A"}, "three 0-notes are three notes"


# -- General: no change is given -------------------------------------------------------------
# "That's the deal! Money is never given as change. Whoever can't pay the exact amount must pay a
# higher price instead. This also applies to the auctioneer if they use their right of first
# refusal."

def _classic_owing(money_b, price, money_a="500"):
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, money=[money_a, money_b, None], lot=["cow"])
    return g, run(g, s, (1, f"bid {price}"), (2, "pass"), (1, "pass"), (0, "sell"))


def test_a_payment_that_can_be_exact_must_be_exact():
    g, s = _classic_owing("200+100+10+10", 120)        # 100+10+10 = 120 exactly
    refused(g, s, 1, "pay 200", "bad-payment")
    refused(g, s, 1, "pay 100+10+10+200", "bad-payment")
    refused(g, s, 1, "pay 100+10", "bad-payment")       # 110 < 120
    s = g.step(s, 1, "pay 100+10+10")
    assert notes(g, s) == ["500+100+10+10", "200", START]


def test_without_the_exact_sum_the_payer_covers_with_no_superfluous_note():
    g, s = _classic_owing("100+50+50+10", 120)         # sums: 100+10=110, 100+50=150, ...; no 120
    refused(g, s, 1, "pay 100+50+10", "bad-payment")    # 160: the 10 can be left out
    refused(g, s, 1, "pay 100+50+50", "bad-payment")    # 200: a 50 can be left out
    refused(g, s, 1, "pay 50+50+10", "bad-payment")     # 110 < 120
    refused(g, s, 1, "pay 500", "bad-payment")          # B holds no 500
    s = g.step(s, 1, "pay 100+50")                      # 150: neither note can go
    assert notes(g, s) == ["500+100+50", "50+10", START]


def test_the_auctioneer_buying_back_gives_no_change_either():
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, money=["200+100+10+10", None, None], lot=["cow"])
    s = run(g, s, (1, "bid 120"), (2, "pass"), (1, "pass"), (0, "buy"))
    refused(g, s, 0, "pay 200", "bad-payment")          # 100+10+10 is exact
    s = g.step(s, 0, "pay 100+10+10")
    assert notes(g, s)[0] == "200"


def test_zero_notes_are_no_part_of_a_value_payment():
    # "In Value auctions, the value of the bid counts ... 0-notes are therefore only useful here
    # for bluffing."
    g, s = _classic_owing("100+10+10+0", 120)
    refused(g, s, 1, "pay 100+10+10+0", "bad-payment")
    s = g.step(s, 1, "pay 100+10+10")
    assert notes(g, s)[1] == "0"


def test_a_count_payment_is_exactly_that_many_notes_of_any_value():
    # "In Count auctions, the number of notes bid counts ... 0-notes count just as much as any
    # other note."
    g = game("number-call")
    s = g.state_from_position(2, auctioneer=0, money=["none", "500+0+0+0"], lot=["cow"])
    s = run(g, s, (1, "bid 3"), (0, "sell"))
    refused(g, s, 1, "pay 0+0", "wrong-count")
    refused(g, s, 1, "pay 500+0+0+0", "wrong-count")
    refused(g, s, 1, "pay 10+0+0", "notes-not-held")
    s = g.step(s, 1, "pay 0+0+0")
    assert notes(g, s) == ["0+0+0", "500"]
    assert g.scores(s) == (0, 0), "three 0-notes buy the cow for nothing"


# -- General: can't pay, must show -------------------------------------------------------------
# "Can't pay, must show. Whoever can't come up with their bid must show all of their money. The
# auction is then repeated. On the repeat, that player may bid at most as much as they could
# actually pay."

def test_a_winner_who_cannot_pay_shows_its_money_and_the_classic_is_run_again():
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, money=[None, "100+10+0", None], lot=["cow"])
    s = run(g, s, (1, "bid 100"), (2, "bid 110"), (1, "bid 120"), (2, "pass"), (1, "pass"))
    facts = g.facts(s, NAMES[:3])
    assert facts["shown"] == ["B"] and facts["reruns"] == 1
    assert s.shown == ((1, g.parse("pay 100+10+0").notes),), "B shows all its notes, the 0 too"
    assert s.phase == "bid" and facts["awards"] == [] and facts["high"] == 0, "the auction starts over"
    assert set(g.to_move(s)) == {1, 2}
    assert notes(g, s) == [START, "100+10+0", START], "showing moves no money"
    # On the repeat B may bid at most 110, the value of its notes.
    err = refused(g, s, 1, "bid 120", "over-cap")
    assert "110" in err.reason
    assert g.legal(s, 1).bid == (10, 110)
    s = run(g, s, (1, "bid 110"), (2, "pass"), (1, "pass"), (0, "sell"), (1, "pay 100+10"))
    assert owners(g, s) == {"cow": "B"}
    assert notes(g, s) == ["200+100+100+100+50+50+10+10+10+10+10+0+0", "0", START]


CANT_PAY = [
    # (format, players, B's money, moves to B's win, B's cap, a bid over the cap on the repeat)
    ("classic", 3, "100+10", [(1, "bid 120"), (2, "pass"), (1, "pass")], "bid 120"),
    ("cat-in-the-bag", 3, "100+10", [(1, "pick 2"), (1, "bid 120"), (2, "pass"), (1, "pass")], "bid 120"),
    ("dutch", 3, "500+200", [(1, "take"), (2, "pass")], "take"),                     # 2 notes < 10
    ("secret-value", 3, "100+10", [(1, "bid 120"), (2, "bid 50")], "bid 120"),
    ("round-the-table", 3, "100+10", [(1, "bid 120"), (2, "bid 50")], "bid 120"),
    ("second-hand", 4, "100+10", [(1, "bid 300"), (2, "bid 120"), (3, "pass")], "bid 120"),  # owes 120
    ("number-call", 2, "500+200", [(1, "bid 3")], "bid 3"),                         # 2 notes < 3
    ("the-call", 2, "100+10", [(0, "call 120"), (1, "accept")], "accept"),
]


@pytest.mark.parametrize("fmt,players,money,moves,over", CANT_PAY, ids=[c[0] for c in CANT_PAY])
def test_cannot_pay_must_show_in_every_format_with_a_price_to_find(fmt, players, money, moves, over):
    g = game(fmt)
    hands = [None] * players
    hands[1] = money
    if fmt == "cat-in-the-bag":
        s = cat_pen(g, players, money=hands)
    else:
        s = g.state_from_position(players, auctioneer=0, money=hands, lot=["cow"])
    s = run(g, s, *moves)
    facts = g.facts(s, NAMES[:players])
    assert facts["shown"] == ["B"], f"{fmt}: B cannot pay and must show: {facts['shown']}"
    assert facts["reruns"] == 1 and s.phase == "bid" and facts["awards"] == []
    assert notes(g, s)[1] == money, "showing moves no money"
    if fmt == "dutch":
        assert g.observe(s, 1).count == 10, "the repeat counts down from 10 again"
    if fmt == "the-call":
        s = g.step(s, 0, "call 120")                    # the auctioneer calls again
    # B's bid (a grab, an acceptance) above what it has shown it can pay is refused on the
    # repeat, in words, the state and a working copy left as they were
    refused(g, s, 1, over, "over-cap")


def test_after_showing_the_dutch_grab_is_allowed_once_the_count_is_within_the_cap():
    g = game("dutch")
    s = g.state_from_position(3, auctioneer=0, money=[None, "10+0+0", None], lot=["cow"])
    s = run(g, s, (1, "take"), (2, "pass"))             # 3 notes cannot pay 10
    assert g.facts(s, NAMES[:3])["shown"] == ["B"]
    assert TAKE not in g.legal(s, 1).words
    s = dutch_count_to(g, s, 4)
    assert TAKE not in g.legal(s, 1).words, "4 notes are more than the 3 B holds"
    s = run(g, s, (1, "pass"), (2, "pass"))
    assert TAKE in g.legal(s, 1).words, "at 3 B may grab"
    s = run(g, s, (1, "take"), (2, "pass"), (0, "sell"), (1, "pay 10+0+0"))
    assert owners(g, s) == {"cow": "B"} and notes(g, s)[1] == "none"


def test_classic_after_showing_the_step_of_10_may_meet_the_cap_exactly():
    """ "On the repeat, that player may bid at most as much as they could actually pay", and
    "each bid must exceed the current highest bid by at least 10": B holds 100+10, bids 120,
    wins and cannot pay, so it shows (at most 110 on the repeat). C opens the repeat at 100;
    B's one legal bid is then 100 + 10 = 110, which is also its cap, so it may still bid it."""
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, money=[None, "100+10", None], lot=["cow"])
    s = run(g, s, (1, "bid 120"), (2, "pass"), (1, "pass"))
    assert g.facts(s, NAMES[:3])["shown"] == ["B"] and s.phase == "bid"
    s = g.step(s, 2, "bid 100")
    assert g.legal(s, 1).bid == (110, 110)
    s = g.step(s, 1, "bid 110")
    assert (s.high, s.high_bidder) == (110, 1)


def test_notes_already_laid_face_down_always_pay():
    # Secret Count: the notes bid are on the table, so the winner can always pay them: no showing,
    # no payment step; the laid notes are the price.
    g = game("secret-count")
    s = g.state_from_position(3, auctioneer=0, money=["none", "0+0", "10"], lot=["cow"])
    s = run(g, s, (1, "bid 0+0"), (2, "pass"))
    assert s.phase == "refuse" and g.facts(s, NAMES[:3])["shown"] == [] and g.facts(s, NAMES[:3])["reruns"] == 0
    s = g.step(s, 0, "sell")
    assert notes(g, s) == ["0+0", "none", "10"] and owners(g, s) == {"cow": "B"}


def test_a_bid_of_one_note_is_refused_with_the_move_that_lays_it():
    """Secret Count: B holds a single 50. "bid 50" reads as a bid of 50 notes (a number), so
    the refusal must name the move that lays notes, "lay NOTES", which takes one note too
    ("lay 50"); "bid NOTES" would send B back to "bid 50"."""
    g = game("secret-count")
    s = g.state_from_position(3, auctioneer=0, money=[None, "50", "10"], lot=["cow"])
    rule, reason = g.legal(s, 1).explain(g.parse("bid 50"))
    assert rule == "not-now" and "lay NOTES" in reason and "bid NOTES" not in reason, reason
    assert g.legal(s, 1).explain(g.parse("lay 50")) is None


# -- General: value and count auctions -----------------------------------------------------------
# "In Value auctions, the value of the bid counts (e.g., "120"). The number of notes bid doesn't
# matter" / "In Count auctions, the number of notes bid counts (e.g., "5 notes"). Here the value of
# the notes bid is irrelevant — 0-notes count just as much as any other note."

def test_a_count_auction_counts_notes_not_their_value():
    g = game("secret-count")
    s = g.state_from_position(4, auctioneer=0, money=[None, "0+0+0", "500+200", "500+500"], lot=["cow"])
    s = run(g, s, (1, "bid 0+0+0"), (2, "bid 500+200"), (3, "pass"))
    facts = g.facts(s, NAMES)
    assert [(a["winner"], a["price"]) for a in facts["awards"]] == [("B", 3)], "3 notes worth 0 beat 2 worth 700"


def test_a_value_auction_counts_the_value_not_the_notes():
    # Secret Value: B holds one 200, C ten 10-notes; B's 200 beats C's 100.
    g = game("secret-value")
    s = g.state_from_position(3, auctioneer=0, money=[None, "200", "+".join(["10"] * 10)], lot=["cow"])
    s = run(g, s, (1, "bid 200"), (2, "bid 100"))
    assert [(a["winner"], a["price"]) for a in g.facts(s, NAMES[:3])["awards"]] == [("B", 200)]
    s = run(g, s, (0, "sell"), (1, "pay 200"))
    assert notes(g, s)[:2] == ["200+200+100+100+50+50+10+10+10+10+0+0", "none"]


PRICING = {"classic": "value", "cat-in-the-bag": "value", "dutch": "count", "secret-value": "value",
           "secret-count": "count", "round-the-table": "value", "american-count": "count",
           "second-hand": "value", "number-call": "count", "the-call": "value"}


def test_each_format_is_a_value_or_a_count_auction_as_the_booklet_says():
    # "(2–4 players, Value auction ...)", "(3–4 players, Count auction)", ...
    assert {name: f.pricing for name, f in FORMATS.items()} == PRICING
    assert [f.number for f in FORMATS.values()] == list(range(1, 11))


def test_the_sealed_auctions_name_the_bid_their_winner_pays():
    # Secret Value: "Whoever bid the highest amount wins the sale" (and pays it); Secret Count:
    # "Whoever bid the most notes wins the sale"; Second Hand: "Whoever bid the highest amount
    # wins the sale, at the value of the second-highest bid". The others are not sealed.
    paid = {name: f.sealed_price for name, f in FORMATS.items() if f.sealed_price}
    assert paid == {"secret-value": "first", "secret-count": "first", "second-hand": "second"}
    assert {name for name, f in FORMATS.items() if f.style.startswith("sealed")} == set(paid)


# -- 1. Classic ----------------------------------------------------------------------------------
# "All fellow players may shout out bids as often as they like, in any order. It's also allowed
# to outbid yourself. Each bid must exceed the current highest bid by at least 10."

def test_classic_bids_exceed_the_highest_by_at_least_10():
    g = game("classic")
    s = g.state_from_position(4, auctioneer=0, lot=["horse"])
    refused(g, s, 1, "bid 5", "bid-too-low")            # the first bid is at least 10 (``step``)
    s = g.step(s, 1, "bid 120")
    err = refused(g, s, 2, "bid 125", "bid-too-low")    # 125 < 120 + 10
    assert "130" in err.reason
    refused(g, s, 3, "bid 120", "bid-too-low")
    assert g.legal(s, 2).bid == (130, None)
    s = g.step(s, 3, "bid 130")
    assert (s.high, s.high_bidder) == (130, 3)


def test_classic_a_bid_by_seat_0_must_be_exceeded_by_10_too():
    """ "Each bid must exceed the current highest bid by at least 10" holds whoever made the
    highest bid, seat 0 too: with seat 1 auctioning, seat 0 bids 100, so seat 2's lowest legal
    bid is 100 + 10 = 110 and a bid of 50 is refused."""
    g = game("classic")
    s = g.step(g.state_from_position(3, auctioneer=1, lot=["horse"]), 0, "bid 100")
    assert (s.high, s.high_bidder) == (100, 0)
    assert g.legal(s, 2).bid == (110, None)
    err = refused(g, s, 2, "bid 50", "bid-too-low")
    assert "110" in err.reason


def test_classic_a_bidder_may_outbid_itself():
    g = game("classic")
    s = run(g, g.state_from_position(3, auctioneer=0, lot=["horse"]), (1, "bid 100"), (1, "bid 150"))
    assert g.facts(s, NAMES[:3])["high"] == 150 and g.facts(s, NAMES[:3])["high_bidder"] == "B"


def test_classic_the_sale_goes_only_when_everyone_has_passed():
    # "As soon as no higher bid comes, the auctioneer calls out: "Going once, going twice, going
    # three times." Then they award the sale"
    g = game("classic")
    s = g.state_from_position(4, auctioneer=0, lot=["horse"])
    s = run(g, s, (2, "pass"), (1, "bid 50"))
    assert set(g.to_move(s)) == {1, 2, 3}, "a new bid lets C, who had passed, bid again"
    s = run(g, s, (2, "bid 60"), (3, "pass"), (1, "pass"))
    assert s.phase == "bid" and g.to_move(s) == (2,), "C may still outbid itself"
    refused(g, s, 1, "bid 70", "passed")
    before, s = s, g.step(s, 2, "pass")
    assert s.phase == "refuse"
    # the highest bidder asked again keeps its bid: "C passes. C wins ..." read as a contradiction
    assert g.narrate(before, 2, g.parse("pass"), s, NAMES).startswith("C stays at 60. C wins the horse for 60")
    assert [(a["winner"], a["price"]) for a in g.facts(s, NAMES)["awards"]] == [("C", 60)]


def test_classic_asks_the_others_before_the_highest_bidder():
    # "in any order": the seats still to act are listed from the highest bidder's left, the
    # highest bidder last, so a table that asks the first of them (a session, the terminal)
    # does not keep asking the player who just bid while the others wait
    g = game("classic")
    s = g.state_from_position(4, auctioneer=0, lot=["horse"])
    assert g.to_move(s) == (1, 2, 3), "no bid yet: from the auctioneer's left"
    s = g.step(s, 1, "bid 50")
    assert g.to_move(s) == (2, 3, 1)
    s = g.step(s, 3, "bid 60")
    assert g.to_move(s) == (1, 2, 3), "round the table from D's left: B, C, then D"
    s = g.step(s, 1, "pass")
    assert g.to_move(s) == (2, 3)
    s = g.step(s, 3, "bid 70")                      # outbidding itself, asked last, is still allowed
    assert g.to_move(s) == (1, 2, 3) and s.high == 70


def test_classic_a_human_who_bids_is_not_asked_again_before_the_bots():
    from bluffkit.session import Session
    s = Session(game("classic"), ["random", "human", "truthful"], seed=3)
    s.advance()
    assert s.waiting_for == 1 and s.state.phase == "bid"
    s.play("bid 10", 1)
    said = s.advance()
    assert len(said) == 1 and s.moves[-1][0] == 2, "the bot at seat 2 answers the bid first"
    assert s.waiting_for == 1, "then the bidder is asked again (to outbid, or stay)"


def test_classic_two_players_name_the_highest_bid_directly():
    # "(In the two-player game, the other player can of course just name their highest bid directly.)"
    g = game("classic")
    s = run(g, g.state_from_position(2, auctioneer=1, lot=["cow"]), (0, "bid 230"), (0, "pass"))
    assert s.phase == "refuse" and s.awards == ((0, (COW,), 230),)


def test_classic_double_pen_is_one_package_for_one_price():
    # "In a double auction (double pen), both animals are auctioned together — "as a package," for
    # one price — to the highest bidder."
    g = game("classic", double=True)
    s = g.state_from_position(3, auctioneer=0, lot=["cow", "horse"])
    s = run(g, s, (1, "bid 200"), (2, "pass"), (1, "pass"))
    assert s.awards == ((1, (COW, HORSE), 200),), "one award: both animals at 200"
    s = run(g, s, (0, "sell"), (1, "pay 200"))
    assert owners(g, s) == {"cow": "B", "horse": "B"}
    assert notes(g, s)[:2] == ["200+200+100+100+50+50+10+10+10+10+0+0", "100+100+50+50+10+10+10+10+0+0"]


# -- 2. Cat in the Bag -----------------------------------------------------------------------------
# "The auctioneer reveals the 3 animals in the pen and shows them to their fellow players. They then
# shuffle them face-down. Their left neighbor then points to 1 of the three face-down cards. This
# animal is the one being auctioned. Only the auctioneer may look at it secretly." ... "the animal
# being auctioned is only revealed after the auction ends."

def test_cat_the_left_neighbour_picks_and_only_the_auctioneer_sees_the_lot():
    g = game("cat-in-the-bag")
    s = cat_pen(g, 4, auctioneer=2)
    assert s.phase == "pick" and g.to_move(s) == (3,)
    assert g.legal(s, 3).pick == (1, 3), "point at 1 of the 3 face-down cards"
    s = g.step(s, 3, "pick 2")                            # face down: goat, cow, horse
    assert s.phase == "bid"
    assert g.observe(s, 2).lot == (COW,), "the auctioneer looks at it"
    for seat in (0, 1, 3):
        obs = g.observe(s, seat)
        assert obs.lot is None, f"seat {seat} must not see the cat's animal before the sale"
        assert obs.pen == (COW, HORSE, GOAT), "the three animals were shown to everyone"
    # Bidding follows the Classic rules ("It works by the usual rules of the Classic auction").
    refused(g, s, 3, "bid 5", "bid-too-low")
    s = run(g, s, (3, "bid 100"), (0, "bid 110"), (1, "pass"), (3, "pass"), (0, "pass"))
    assert s.phase == "refuse"
    for seat in range(4):
        assert g.observe(s, seat).lot == (COW,), "revealed once the auction ends"
    assert g.facts(s, NAMES)["awards"] == [{"winner": "A", "animals": ["cow"], "price": 110}]


def test_cat_the_shuffle_is_narrated_with_the_animals_shown():
    # "reveals the 3 animals in the pen and shows them to their fellow players. They then shuffle
    # them face-down": the narration names them (on the Bidder Up! board, where the pen is dealt
    # face down, no other line does), never the one picked
    g = game("cat-in-the-bag")
    s = g.state_from_position(4, auctioneer=2, pen=["cow", "horse", "goat"])
    shuffle = g.parse("shuffle 1,2,0")
    said = g.narrate(s, None, shuffle, g.step(s, None, shuffle), NAMES)
    assert said == "C shuffles the pen's animals (the cow, the horse and the goat) face down.", said


def test_two_animals_of_one_kind_are_said_together():
    # a pen of two cows and a goose read "the cow, the goose and the cow"; a lot of two cows
    # "the cow and the cow"
    g = game("cat-in-the-bag", double=True)
    s = g.state_from_position(4, auctioneer=2, pen=["cow", "goose", "cow"])
    shuffle = g.parse("shuffle 1,2,0")
    said = g.narrate(s, None, shuffle, g.step(s, None, shuffle), NAMES)
    assert said == "C shuffles the pen's animals (the two cows and the goose) face down.", said
    g = game("classic", double=True)
    s = g.state_from_position(4, auctioneer=0, lot=["goose", "goose"])
    assert g.describe(g.observe(s, 1), NAMES).startswith("-- B's view -- Classic, auctioneer A, lot: the two geese")


def test_cat_double_pen_two_of_the_three_as_a_package():
    # "In a double auction (double pen), 2 of the 3 animals are secretly chosen as described above
    # and auctioned together ("as a package") to the highest bidder."
    g = game("cat-in-the-bag", double=True)
    s = cat_pen(g, 3)
    assert g.legal(s, 1).pick == (2, 3)
    refused(g, s, 1, "pick 2", "bad-pick")
    refused(g, s, 1, "pick 2,2", "bad-pick")
    refused(g, s, 1, "pick 1,4", "bad-pick")
    s = g.step(s, 1, "pick 1,3")                          # cards 1 and 3: goat and horse
    assert g.observe(s, 1).lot is None and g.observe(s, 2).lot is None
    assert sorted(g.observe(s, 0).lot) == sorted((GOAT, HORSE))
    s = run(g, s, (1, "bid 300"), (2, "pass"), (1, "pass"), (0, "sell"), (1, "pay 200+100"))
    assert owners(g, s) == {"goat": "B", "horse": "B"}


def test_cat_with_two_animals_left_only_one_is_auctioned():
    # "If, toward the end of the game, only 2 animals remain face-down in the pen ..., only 1 of the
    # two is auctioned face-down."
    for double in (False, True):
        g = game("cat-in-the-bag", double=double)
        s = cat_pen(g, 3, pen=("cow", "horse"), shuffle="1,0")    # face down: horse, cow
        assert g.legal(s, 1).pick == (1, 2), f"double={double}: point at 1 of 2"
        refused(g, s, 1, "pick 1,2", "bad-pick")
        s = g.step(s, 1, "pick 2")
        assert s.lot == (COW,) and g.observe(s, 2).lot is None and g.observe(s, 0).lot == (COW,)


def test_cat_with_one_animal_left_it_is_auctioned_openly():
    # "If only 1 animal remains there, it's auctioned openly, as in the Classic auction."
    g = game("cat-in-the-bag")
    s = g.state_from_position(3, auctioneer=0, pen=["horse"])
    assert s.phase == "bid" and not g.is_chance(s), "no shuffle and no pick"
    assert set(g.to_move(s)) == {1, 2}
    s = run(g, s, (1, "bid 10"), (2, "pass"), (1, "pass"))
    assert s.awards == ((1, (HORSE,), 10),)


def test_cat_with_one_animal_left_everyone_sees_it():
    g = game("cat-in-the-bag")
    s = g.state_from_position(3, auctioneer=0, pen=["horse"])
    for seat in range(3):
        assert g.observe(s, seat).lot == (HORSE,), f"seat {seat} does not see the openly auctioned horse"


def test_cat_a_pen_set_out_by_chance_holds_3_animals():
    """[C] "stack 3 animals face-down on top of each other in both pens belonging to that
    auction (regardless of whether they are small pens or double pens)": the pen chance sets
    out holds 3, at 3 and 4 players and for a double pen."""
    for options in ({}, {"double": True}):
        g = game("cat-in-the-bag", **options)
        for players in (3, 4):
            for seed in range(4):
                s = g.new_state(players)
                s = g.step(s, None, g.sample_chance(s, np.random.default_rng(seed)))
                assert len(s.pen) == 3, (options, players, seed, s.pen)


def test_cat_the_shuffle_is_told_to_the_table_without_its_order():
    """Only the auctioneer may look at the animal pointed at: the shuffle's order, told with
    the left neighbour's "pick 1", would name it, so watching agents are told the same of
    every shuffle."""
    from bluffkit.auctions.narrate import public_move
    g = game("cat-in-the-bag")
    s = g.state_from_position(4, pen=["cow", "goat", "horse"])
    assert g.is_chance(s)
    shown = {public_move(s, None, Shuffle(order)) for order in ((0, 1, 2), (2, 0, 1), (1, 2, 0))}
    assert len(shown) == 1, shown


# -- 3. Dutch ----------------------------------------------------------------------------------------
# "They then count down slowly and evenly, starting from 10. Whoever grabs the auction hammer first
# wins the sale. They must pay the number of notes the auctioneer had called out at that moment."

def test_dutch_counts_down_from_10_and_the_first_to_take_pays_the_count_in_notes():
    g = game("dutch")
    s = g.state_from_position(4, auctioneer=0, lot=["cow"])
    assert g.observe(s, 1).count == 10
    assert g.observe(run(g, s, (1, "pass"), (2, "pass"), (3, "pass")), 1).count == 9
    s = dutch_count_to(g, s, 7, bidders=(1, 2, 3))        # 10, 9, 8 passed
    s = run(g, s, (3, "pass"), (1, "take"), (2, "pass"))
    assert s.awards == ((1, (COW,), 7),), "B grabbed at 7"
    s = g.step(s, 0, "sell")
    assert s.payments == ((1, 0, 7, "count"),), "7 notes, any value"
    s = g.step(s, 1, "pay 50+10+10+10+10+0+0")          # 7 notes worth 90
    assert g.scores(s) == (90, -90, 0, 0)


def test_dutch_taking_at_10_pays_10_notes():
    g = game("dutch")
    s = g.state_from_position(3, auctioneer=0, lot=["cow"])
    s = run(g, s, (2, "take"), (1, "pass"), (0, "sell"), (2, "pay " + START.replace("200+", "")))
    # START without the 200: 100+100+50+50+10+10+10+10+0+0 = 10 notes worth 340
    assert notes(g, s) == ["200+100+100+100+100+50+50+50+50+10+10+10+10+10+10+10+10+0+0+0+0", START,
                           "200"]


def test_dutch_nobody_by_1_the_auctioneer_gets_it_free():
    g = game("dutch", double=True)
    s = g.state_from_position(3, auctioneer=0, lot=["cow", "horse"])
    s = dutch_count_to(g, s, 1)
    assert s.phase == "bid"
    s = run(g, s, (1, "pass"), (2, "pass"))
    assert owners(g, s) == {"cow": "A", "horse": "A"}


def test_dutch_two_grabs_at_one_count_chance_says_who_was_first():
    g = game("dutch")
    s = g.state_from_position(4, auctioneer=0, lot=["cow"])
    s = run(g, dutch_count_to(g, s, 6, bidders=(1, 2, 3)), (2, "take"), (1, "pass"), (3, "take"))
    assert g.is_chance(s) and g.to_move(s) == (), "chance decides who was first"
    refused(g, s, None, "first 1", "bad-grab")           # B did not grab
    refused(g, s, None, "lot cow", "bad-grab")
    refused(g, s, 2, "first 2", "chance-move")
    s = g.step(s, None, "first 3")
    assert s.awards == ((3, (COW,), 6),)


def test_dutch_double_pen_is_one_package():
    g = game("dutch", double=True)
    s = g.state_from_position(3, auctioneer=0, lot=["cow", "horse"])
    s = run(g, dutch_count_to(g, s, 2), (1, "take"), (2, "pass"))
    assert s.awards == ((1, (COW, HORSE), 2),)


# -- 4. Secret Value ---------------------------------------------------------------------------------
# "Here all fellow players simultaneously place a secret bid face-down on the table. They then all
# reveal their bids together. Whoever bid the highest amount wins the sale. In case of a tie, the
# auctioneer may choose which of these players wins."

def test_secret_value_bids_stay_hidden_until_all_are_in():
    g = game("secret-value")
    s = g.state_from_position(4, auctioneer=0, lot=["cow"])
    s = run(g, s, (1, "bid 120"), (2, "bid 100"))
    for seat in (0, 3):
        obs = g.observe(s, seat)
        assert obs.bids == (None, None, None, None), f"seat {seat} sees a sealed bid: {obs.bids}"
        assert obs.awards == () and obs.high == 0 and obs.high_bidder == -1
    assert g.observe(s, 1).bids == (None, 120, None, None), "a bidder sees its own bid"
    assert g.observe(s, 2).bids == (None, None, 100, None)
    refused(g, s, 1, "bid 130", "already-bid")
    s = g.step(s, 3, "bid 90")
    for seat in range(4):
        assert g.observe(s, seat).bids == (None, 120, 100, 90), "revealed together"


def test_secret_value_the_highest_bid_wins_and_pays_its_own_bid():
    g = game("secret-value")
    s = g.state_from_position(4, auctioneer=0, lot=["cow"])
    s = run(g, s, (1, "bid 100"), (2, "bid 120"), (3, "bid 90"), (0, "sell"))
    assert s.payments == ((2, 0, 120, "value"),), "C pays 120, its own bid (first price)"


def test_sealed_passes_are_read_with_the_bids():
    """A pass in a sealed auction is told as "makes a sealed bid" (what it is stays hidden
    until the bids are turned over), and then "Nobody bids: A gets the cow free." read as
    if D's bid was never turned over, and a pass beside bids was left out of "The bids".
    Both now say who made no bid (a pass, or notes worth nothing)."""
    g = game("secret-value")
    s = g.state_from_position(4, auctioneer=0, lot=["cow"])
    names = ["A", "B", "C", "D"]
    before = run(g, s, (1, "pass"), (2, "pass"))
    said = g.narrate(before, 3, g.parse("pass"), g.step(before, 3, "pass"), names)
    assert said == ("D makes a sealed bid. The bids are turned over: no bid from anyone. Nobody bids: "
                    "A gets the cow free."), said
    before = run(g, s, (1, "pass"), (2, "bid 40"))
    said = g.narrate(before, 3, g.parse("pass"), g.step(before, 3, "pass"), names)
    assert said.startswith("D makes a sealed bid. The bids: C 40; no bid from B and D. C wins the cow for 40"), said


def test_secret_value_a_tie_and_the_auctioneer_chooses():
    g = game("secret-value")
    s = g.state_from_position(4, auctioneer=0, lot=["cow"])
    before = run(g, s, (1, "bid 150"), (2, "bid 100"))
    s = g.step(before, 3, "bid 150")
    assert s.phase == "choose" and g.to_move(s) == (0,)
    assert g.legal(s, 0).choose == (1, 3)
    # "They then all reveal their bids together": the bids are told before the auctioneer chooses
    said = g.narrate(before, 3, g.parse("bid 150"), s, ["A", "B", "C", "D"])
    assert said == "D makes a sealed bid. The bids: B 150, C 100, D 150. Tied: A chooses among B and D.", said
    assert g.legal(s, 0).description == "choose 1 or choose 3 (by seat number)"
    refused(g, s, 0, "choose 2", "not-a-candidate")
    refused(g, s, 1, "choose 1", "not-your-turn")
    s = g.step(s, 0, "choose 3")
    assert s.phase == "refuse" and s.awards == ((3, (COW,), 150),)


def test_secret_value_double_pen_the_highest_takes_the_more_valuable_animal():
    # "In a double auction (double pen), the highest bid applies to the more valuable of the two
    # animals; the second-highest bid applies to the less valuable one."
    g = game("secret-value", double=True)
    s = g.state_from_position(4, auctioneer=0, lot=["cow", "horse"])      # horse 1000 > cow 800
    s = run(g, s, (1, "bid 120"), (2, "bid 200"), (3, "bid 50"))
    assert g.facts(s, NAMES)["awards"] == [{"winner": "C", "animals": ["horse"], "price": 200},
                                           {"winner": "B", "animals": ["cow"], "price": 120}]
    s = run(g, s, (0, "sell"), (2, "pay 200"), (1, "pay 100+10+10"))
    assert owners(g, s) == {"horse": "C", "cow": "B"}
    assert g.scores(s) == (320, -120, -200, 0)


def test_secret_value_double_pen_only_one_bid_the_other_animal_is_free():
    g = game("secret-value", double=True)
    s = g.state_from_position(3, auctioneer=0, lot=["cow", "horse"])
    s = run(g, s, (1, "pass"), (2, "bid 100"), (0, "sell"), (2, "pay 100"))
    assert owners(g, s) == {"horse": "C", "cow": "A"}, "nobody bid for the cow: the auctioneer keeps it"


def test_secret_value_double_pen_equal_animals_the_auctioneer_chooses_who_gets_which():
    # "If the two animals are equally valuable ... the auctioneer chooses which player bid for which
    # animal." Sheep and goat are both 350.
    g = game("secret-value", double=True)
    s = g.state_from_position(4, auctioneer=0, lot=["sheep", "goat"])
    s = run(g, s, (1, "bid 120"), (2, "bid 200"), (3, "bid 50"))
    assert s.phase == "choose" and g.legal(s, 0).choose == (2, 1), "the two winners, highest first"
    refused(g, s, 0, "choose 3", "not-a-candidate")
    s = g.step(s, 0, "choose 1")                          # B takes the first-listed animal, the sheep
    assert g.facts(s, NAMES)["awards"] == [{"winner": "B", "animals": ["sheep"], "price": 120},
                                           {"winner": "C", "animals": ["goat"], "price": 200}]


@pytest.mark.parametrize("fmt", ["secret-value", "secret-count"])
@pytest.mark.parametrize("lot", [["sheep", "goat"], ["goat", "sheep"]])
def test_double_pen_equal_animals_one_bidder_the_auctioneer_chooses_which_it_bid_for(fmt, lot):
    """"If the two animals are equally valuable ... the auctioneer chooses which player bid for
    which animal": with one bidder too. Naming the bidder gives it the first animal; naming
    itself keeps that one (free: nobody bid for it) and sells the other. The order the lot
    was set out in no longer decides it."""
    bid = "bid 100" if fmt == "secret-value" else "bid 100+10"
    first, other = lot
    for pick, gets, kept in ((1, first, other), (0, other, first)):
        g = game(fmt, double=True)
        s = run(g, g.state_from_position(4, auctioneer=0, lot=lot), (1, bid), (2, "pass"))
        before = s
        s = g.step(s, 3, "pass")
        assert s.phase == "choose" and g.legal(s, 0).choose == (1, 0)
        said = g.narrate(before, 3, g.parse("pass"), s, NAMES)
        assert f"A chooses who gets the {first}: B, or A (keeping it free; B gets the {other})" in said, said
        refused(g, s, 0, "choose 2", "not-a-candidate")
        after = g.step(s, 0, f"choose {pick}")
        assert after.phase == "refuse" and [a for _, (a,), _ in after.awards] == [ANIMALS.index(gets)]
        told = g.narrate(s, 0, g.parse(f"choose {pick}"), after, NAMES)
        assert told.startswith(f"A gives the {first} to B." if pick else f"A keeps the {first}."), told
        end = g.step(after, 0, "sell")
        if end.phase == "pay":                  # (a sale at a named bid is paid; laid notes pay themselves)
            end = g.step(end, 1, "pay 100")
        assert owners(g, end) == {gets: "B", kept: "A"}


def test_double_pen_of_one_animal_twice_leaves_nothing_to_choose():
    g = game("secret-value", double=True)
    for bids in (((1, "bid 120"), (2, "bid 100"), (3, "pass")), ((1, "bid 120"), (2, "pass"), (3, "pass"))):
        s = run(g, g.state_from_position(4, auctioneer=0, lot=["goat", "goat"]), *bids)
        assert s.phase == "refuse", "two goats: who bid for which is the same sale"


def test_secret_value_double_pen_tied_top_bids_the_auctioneer_chooses():
    # "... or several players tied for the top bid, the auctioneer chooses which player bid for which
    # animal."
    g = game("secret-value", double=True)
    s = g.state_from_position(4, auctioneer=0, lot=["sheep", "cow"])
    s = run(g, s, (1, "bid 200"), (2, "bid 200"), (3, "bid 200"))
    assert g.legal(s, 0).choose == (1, 2, 3)
    s = g.step(s, 0, "choose 3")                          # D takes the cow (800)
    assert g.legal(s, 0).choose == (1, 2), "then who of the others takes the sheep"
    s = g.step(s, 0, "choose 1")
    assert g.facts(s, NAMES)["awards"] == [{"winner": "D", "animals": ["cow"], "price": 200},
                                           {"winner": "B", "animals": ["sheep"], "price": 200}]


def test_secret_value_double_pen_the_auctioneer_buys_one_with_the_money_of_the_other():
    # "The auctioneer may use their right of first refusal as they wish — for both animals, for only
    # one of them, or for neither. They may even have the money for one of the animals paid out to
    # them first, in order to use it to buy the other animal themselves."
    g = game("secret-value", double=True)
    s = g.state_from_position(4, auctioneer=0, money=["none", None, None, None], lot=["cow", "horse"])
    s = run(g, s, (1, "bid 120"), (2, "bid 200"), (3, "pass"))   # lot 1: horse to C at 200; lot 2: cow to B
    assert set(g.legal(s, 0).refusals) == {SELL, Refusal((1,))}, "penniless: sell, or buy the cow with C's 200"
    err = refused(g, s, 0, "buy 1", "cannot-buy")         # the horse at 200 with B's 120: no
    assert "200" in err.reason and "120" in err.reason
    refused(g, s, 0, "buy", "cannot-buy")                 # both: 320 with nothing
    s = g.step(s, 0, "buy 2")
    assert g.to_move(s) == (2,), "C pays the auctioneer first"
    s = g.step(s, 2, "pay 200")
    assert g.to_move(s) == (0,)
    refused(g, s, 0, "pay 100", "bad-payment")           # A holds only the 200 it just got
    s = g.step(s, 0, "pay 200")                           # 120 owed: no change
    assert owners(g, s) == {"horse": "C", "cow": "A"}
    assert notes(g, s) == ["none", "200+200+100+100+50+50+10+10+10+10+0+0",
                           "100+100+50+50+10+10+10+10+0+0", START]


def test_secret_value_double_pen_buying_both_pays_for_both():
    # "If they buy both animals, they must of course pay for both."
    g = game("secret-value", double=True)
    s = g.state_from_position(3, auctioneer=0, money=["200+100+10+10", None, None], lot=["cow", "horse"])
    s = run(g, s, (1, "bid 120"), (2, "bid 200"))
    assert g.legal(s, 0).refusals == (SELL, BUY, Refusal((0,)), Refusal((1,)), Refusal((0, 1)))
    s = run(g, s, (0, "buy"), (0, "pay 200"), (0, "pay 100+10+10"))
    assert owners(g, s) == {"horse": "A", "cow": "A"}
    assert notes(g, s)[0] == "none"



def test_double_pen_of_two_cows_a_purchase_that_falls_through_moves_only_its_own_cow():
    # Two lots of the same animal: the auctioneer keeps both, pays 120 for lot 1 with its only
    # note (500; no change is given), then cannot pay lot 2's 100: that purchase falls through
    # and lot 2 is sold to C at its bid. One cow stays with A, the other goes to C; B, whose
    # lot A bought, gets no cow.
    g = game("secret-value", double=True)
    s = g.state_from_position(4, auctioneer=0, money=["500", None, None, None], lot=["cow", "cow"])
    s = run(g, s, (1, "bid 120"), (2, "bid 100"), (3, "pass"))
    assert s.phase == "refuse", "two cows: nothing for the auctioneer to choose"
    s = g.step(s, 0, "buy")
    assert s.kept == (0, 1)
    s = g.step(s, 0, "pay 500")
    assert s.kept == (0,) and g.to_move(s) == (2,), "lot 2 falls through: C pays A"
    s = g.step(s, 2, "pay 100")
    assert sorted(s.owners) == [(COW, 0), (COW, 2)]
    assert notes(g, s)[:3] == ["100", "500+200+100+100+50+50+10+10+10+10+0+0", "200+100+50+50+10+10+10+10+0+0"]
    text = "\n".join(awards_lines(g.observe(s, 3), NAMES, g.rules))
    assert "lot 1: the cow won by B for 120, kept by A" in text and "lot 2: the cow to C for 100" in text

# -- 5. Secret Count ---------------------------------------------------------------------------------
# "Here all fellow players bid a secret number of money notes. They place the notes simultaneously
# face-down on the table, then show how many notes they bid (but not the face of the notes)."

def test_secret_count_notes_laid_face_down_hide_their_number_then_their_faces():
    g = game("secret-count")
    s = g.state_from_position(4, auctioneer=0, money=[None, "100+0+0", "500+200", "50"], lot=["cow"])
    s = g.step(s, 1, "bid 100+0+0")
    obs = g.observe(s, 2)
    assert obs.note_counts == (11, 3, 2, 1), "others still count B's laid notes in its hand"
    assert obs.placed_counts == (None, None, 0, None) and obs.bids == (None, None, None, None)
    assert g.observe(s, 1).my_placed == g.parse("bid 100+0+0").notes
    s = run(g, s, (2, "bid 500+200"), (3, "pass"))
    obs = g.observe(s, 3)
    assert obs.bids == (None, 3, 2, 0), "then they show how many notes they bid"
    assert obs.my_placed == (0,) * 6, "D sees only its own laid notes"
    assert g.observe(s, 0).my_placed == (0,) * 6


def test_secret_count_the_winners_notes_go_to_the_auctioneer_the_losers_take_theirs_back():
    g = game("secret-count")
    s = g.state_from_position(4, auctioneer=0, money=["none", "0+0+0+10", "500+200", "50+50"], lot=["cow"])
    s = run(g, s, (1, "bid 0+0+0"), (2, "bid 500+200"), (3, "bid 50+50"))
    assert g.facts(s, NAMES)["awards"] == [{"winner": "B", "animals": ["cow"], "price": 3}]
    assert notes(g, s) == ["none", "10", "500+200", "50+50"], "C and D take their notes back"
    s = g.step(s, 0, "sell")
    assert s.phase == "over", "the laid notes are the payment"
    assert notes(g, s) == ["0+0+0", "10", "500+200", "50+50"]
    assert owners(g, s) == {"cow": "B"}


def test_secret_count_a_tie_and_the_auctioneer_chooses():
    g = game("secret-count")
    s = g.state_from_position(3, auctioneer=0, money=[None, "10+0", "500+200"], lot=["cow"])
    s = run(g, s, (1, "bid 10+0"), (2, "bid 500+200"), (0, "choose 2"))
    assert s.awards == ((2, (COW,), 2),)
    assert notes(g, s)[1] == "10+0", "the loser of the tie takes its notes back"


def test_secret_count_double_pen_both_winners_notes_and_one_lot_bought_with_the_others():
    # "... they may even have the notes for one animal paid to them first in order to buy the other
    # animal themselves."
    g = game("secret-count", double=True)
    s = g.state_from_position(4, auctioneer=0, money=["none", "0+0+0", "500+200", "50"], lot=["cow", "horse"])
    s = run(g, s, (1, "bid 0+0+0"), (2, "bid 500+200"), (3, "pass"))
    assert g.facts(s, NAMES)["awards"] == [{"winner": "B", "animals": ["horse"], "price": 3},
                                           {"winner": "C", "animals": ["cow"], "price": 2}]
    assert set(g.legal(s, 0).refusals) == {SELL, Refusal((1,))}, "B's 3 notes can buy C's cow (2 notes)"
    s = g.step(s, 0, "buy 2")
    assert notes(g, s) == ["0+0+0", "none", "500+200", "50"], "B's laid notes go to A; C takes its back"
    s = g.step(s, 0, "pay 0+0")
    assert owners(g, s) == {"horse": "B", "cow": "A"}
    assert notes(g, s) == ["0", "none", "500+200+0+0", "50"]


# -- 6. Round-the-Table --------------------------------------------------------------------------------
# "Starting from the auctioneer's left neighbor, every player bids exactly once, in turn. Whoever bid
# the highest amount afterward wins the sale."

def test_round_the_table_each_bids_once_from_the_auctioneers_left():
    g = game("round-the-table")
    s = g.state_from_position(4, auctioneer=2, lot=["cow"])
    assert g.to_move(s) == (3,)
    refused(g, s, 0, "bid 100", "not-your-turn")
    s = g.step(s, 3, "bid 100")
    assert g.to_move(s) == (0,)
    refused(g, s, 3, "bid 200", "not-your-turn")         # exactly once
    s = g.step(s, 0, "bid 90")
    assert g.to_move(s) == (1,)
    s = g.step(s, 1, "bid 130")
    assert s.phase == "refuse" and s.awards == ((1, (COW,), 130),)


def test_round_the_table_ties_go_to_the_auctioneers_choice_by_default():
    g = game("round-the-table")
    assert g.rules.round_ties == "auctioneer"
    s = run(g, g.state_from_position(4, auctioneer=2, lot=["cow"]), (3, "bid 100"), (0, "bid 150"), (1, "bid 150"))
    assert s.phase == "choose" and g.legal(s, 2).choose == (0, 1)
    s = g.step(s, 2, "choose 1")
    assert s.awards == ((1, (COW,), 150),)


def test_round_the_table_ties_option_first_the_earlier_bid_stands():
    g = game("round-the-table", round_ties="first")
    s = run(g, g.state_from_position(4, auctioneer=2, lot=["cow"]), (3, "bid 100"), (0, "bid 150"), (1, "bid 150"))
    assert s.phase == "refuse" and s.awards == ((0, (COW,), 150),), "A bid 150 before B"


def test_round_the_table_double_pen_is_one_package():
    g = game("round-the-table", double=True)
    s = run(g, g.state_from_position(3, auctioneer=0, lot=["cow", "horse"]), (1, "bid 100"), (2, "bid 300"))
    assert s.awards == ((2, (COW, HORSE), 300),)


# -- 7. American Count --------------------------------------------------------------------------------
# "The auctioneer's left neighbor begins. They have two options: raise, or pass. If they raise, they
# place 1 note face-down in front of them on the table. If they pass, they drop out of the current
# auction." ... "Anyone who passed takes back any notes they'd already bid into their hand — they can
# no longer rejoin the ongoing auction." ... "The highest bidder may then, as a final step, raise
# their bid once more by up to 3 notes."

def test_american_count_raise_one_note_or_pass_from_the_left():
    g = game("american-count")
    s = g.state_from_position(4, auctioneer=1, money=["10+0", "none", "100+100", "500"], lot=["cow"])
    assert g.to_move(s) == (2,)
    refused(g, s, 3, "raise 500", "not-your-turn")
    refused(g, s, 2, "raise 50", "notes-not-held")
    refused(g, s, 2, "bid 2", "not-now")
    s = run(g, s, (2, "raise 100"), (3, "raise 500"), (0, "raise 0"))
    assert g.to_move(s) == (2,), "round again"
    assert g.observe(s, 3).placed_counts == (1, 0, 1, 1)
    assert notes(g, s) == ["10", "none", "100", "none"]


def test_american_count_a_passer_takes_its_notes_back_and_cannot_rejoin():
    g = game("american-count")
    s = g.state_from_position(4, auctioneer=0, money=[None, "10+0", "0+0+0", "50+50+50"], lot=["cow"])
    s = run(g, s, (1, "raise 10"), (2, "raise 0"), (3, "raise 50"), (1, "raise 0"), (2, "raise 0"), (3, "pass"))
    assert notes(g, s)[3] == "50+50+50", "D takes back its 50"
    assert g.observe(s, 1).placed_counts == (0, 2, 2, 0)
    refused(g, s, 3, "raise 50", "dropped-out")
    s = run(g, s, (1, "pass"))                             # C is the last one left
    assert s.phase == "final" and g.to_move(s) == (2,)
    assert notes(g, s)[1] == "10+0"
    s = run(g, s, (2, "raise 0"), (2, "stop"))             # C's pile: 0+0+0, three notes
    assert s.awards == ((2, (COW,), 3),)


def test_american_count_the_last_one_adds_at_most_3_notes_and_wins_at_its_pile():
    g = game("american-count")
    s = g.state_from_position(4, auctioneer=0, money=[None, None, None, None], lot=["cow"])
    s = run(g, s, (1, "raise 10"), (2, "raise 0"), (3, "pass"), (1, "pass"))   # C alone with 1 note
    assert s.phase == "final"
    legal = g.legal(s, 2)
    assert legal.raise_ and STOP in legal.words
    s = run(g, s, (2, "raise 0"), (2, "raise 10"))
    assert s.phase == "final", "two of three added"
    s = g.step(s, 2, "raise 10")
    assert s.phase == "refuse", "after the third note the sale is awarded"
    assert s.awards == ((2, (COW,), 4),), "1 + 3 notes"
    s = g.step(s, 0, "sell")
    assert s.phase == "over"
    assert notes(g, s)[0] == "200+100+100+50+50+10+10+10+10+10+10+0+0+0+0"   # START + 10+10+0+0
    assert notes(g, s)[1] == START, "B took its 10 back"


def test_american_count_double_pen_is_one_package():
    g = game("american-count", double=True)
    s = g.state_from_position(4, auctioneer=0, lot=["cow", "horse"])
    s = run(g, s, (1, "raise 0"), (2, "pass"), (3, "pass"), (1, "stop"))
    assert s.awards == ((1, (COW, HORSE), 1),)
    # a price in notes reads "1 note", not "1 notes"
    stop = g.narrate(run(g, g.state_from_position(4, auctioneer=0, lot=["cow", "horse"]), (1, "raise 0"),
                         (2, "pass"), (3, "pass")), 1, g.parse("stop"), s, ["A", "B", "C", "D"])
    assert "for 1 note" in stop and "1 notes" not in stop, stop


def test_american_count_a_seat_with_no_notes_may_only_pass():
    """"If they raise, they place 1 note face-down": a seat holding no note cannot raise, and
    is offered the pass alone."""
    g = game("american-count")
    full = (2, 4, 2, 2, 1, 0)
    s = g.state_from_position(4, 0, [full, (0,) * 6, full, full], lot=["cow"])
    legal = g.legal(s, 1)
    assert not legal.raise_ and "raise" not in legal.description
    assert [str(a) for a in legal.actions()] == ["pass"]


def test_american_count_lists_a_raise_of_each_note_held_and_no_other():
    """The starting notes (two 0s, four 10s, two 50s, two 100s, one 200, no 500): a raise of
    each kind held is listed, once, and each listed move is allowed."""
    g = game("american-count")
    s = g.state_from_position(4, lot=["cow"])
    legal = g.legal(s, 1)
    listed = legal.actions()
    assert sorted(a.note for a in listed if type(a) is Raise) == [0, 10, 50, 100, 200]
    assert all(legal.explain(a) is None for a in listed)


def test_american_count_a_final_raise_of_0_notes_adds_nothing():
    """``american_final=0``: "raise their bid once more by up to N notes" with N = 0: the last
    one left may not raise, and stops at the pile laid (1 note)."""
    g = game("american-count", american_final=0)
    s = run(g, g.state_from_position(4, lot=["cow"]), (1, "raise 10"), (2, "pass"), (3, "pass"))
    legal = g.legal(s, 1)
    assert not legal.raise_ and legal.explain(Raise(10)) is not None
    assert g.step(s, 1, "stop").awards == ((1, (COW,), 1),)


# -- 8. Second Hand ---------------------------------------------------------------------------------
# "Whoever bid the highest amount wins the sale, at the value of the second-highest bid." "Note: if
# several players tied for the highest bid, the auctioneer chooses which of them wins the sale at the
# full price"

def test_second_hand_the_booklets_example():
    names = ("André", "Annette", "Frank", "Daniel")
    g = game("second-hand")
    s = g.state_from_position(4, auctioneer=0, lot=["cow"])
    s = run(g, s, (1, "bid 120"), (2, "bid 100"), (3, "bid 50"))
    assert g.facts(s, names)["awards"] == [{"winner": "Annette", "animals": ["cow"], "price": 100}]


def test_second_hand_bids_are_sealed():
    g = game("second-hand")
    s = run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]), (1, "bid 120"))
    assert g.observe(s, 2).bids == (None,) * 4 and g.observe(s, 0).bids == (None,) * 4


def test_second_hand_tied_top_bids_the_chosen_one_pays_the_full_price():
    g = game("second-hand")
    s = run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]), (1, "bid 120"), (2, "bid 120"), (3, "bid 100"))
    assert s.phase == "choose" and g.legal(s, 0).choose == (1, 2)
    s = g.step(s, 0, "choose 2")
    assert s.awards == ((2, (COW,), 120),), "the full price, not D's 100"


def test_second_hand_a_lone_bid_pays_zero_by_default_or_its_own_bid_as_an_option():
    g = game("second-hand")
    assert g.rules.second_price_alone == "zero"
    s = run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]), (1, "bid 120"), (2, "pass"), (3, "pass"))
    assert s.awards == ((1, (COW,), 0),)
    s = g.step(s, 0, "sell")
    assert owners(g, s) == {"cow": "B"} and g.scores(s) == (0, 0, 0, 0)
    g = game("second-hand", second_price_alone="own")
    s = run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]), (1, "bid 120"), (2, "pass"), (3, "pass"))
    assert s.awards == ((1, (COW,), 120),)


@pytest.mark.parametrize("fmt", ["secret-value", "second-hand"])
def test_sealed_bids_turned_over_before_a_repeat_stay_told_and_seen(fmt):
    """"They then all reveal their bids together": when the winner cannot pay and the
    auction is run again, everyone has seen the bids. The narration of the bid that
    turned them over says them, and every seat's view keeps them (``revealed``) while the
    new bids are sealed: B (110 in notes) wins at 300 against C's 120 and D's pass."""
    g = game(fmt)
    hands = [None, "100+10", None, None]
    start = g.state_from_position(4, auctioneer=0, money=hands, lot=["cow"])
    before = run(g, start, (1, "bid 300"), (2, "bid 120"))
    s = g.step(before, 3, "pass")
    assert s.reruns == 1 and s.bids == (None,) * 4, "the table is cleared for the new round"
    said = g.narrate(before, 3, g.parse("pass"), s, NAMES)
    assert "D makes a sealed bid. The bids: B 300, C 120; no bid from D. B cannot pay" in said, said
    for seat in range(4):
        assert g.observe(s, seat).revealed == (None, 300, 120, 0), seat
    assert "the bids last time: B 300, C 120" in g.describe(g.observe(s, 2), NAMES)
    s = g.step(s, 2, "bid 200")
    assert g.observe(s, 1).bids == (None,) * 4 and g.observe(s, 1).revealed == (None, 300, 120, 0), \
        "the new bid is sealed; the old ones stay known"
    assert run(g, start, (1, "bid 100"), (2, "bid 120"), (3, "pass")).revealed == (), "no repeat, nothing kept"


def test_round_the_table_bids_stay_seen_after_a_repeat_and_dutch_grabs_are_no_bids():
    """Round-the-Table's bids are said aloud, one each: after a winner who cannot pay they
    stay in every seat's view (``revealed``), as the narration of each bid told them. The
    Dutch count has no bids to keep: who grabbed is narrated, ``revealed`` stays empty."""
    g = game("round-the-table")
    s = g.state_from_position(4, auctioneer=0, money=[None, "100+10", None, None], lot=["cow"])
    s = run(g, s, (1, "bid 300"), (2, "bid 120"), (3, "pass"))
    assert s.reruns == 1 and g.observe(s, 3).revealed == (None, 300, 120, 0)
    assert "the bids last time: B 300, C 120" in g.describe(g.observe(s, 2), NAMES)
    g = game("dutch")
    s = g.state_from_position(4, auctioneer=0, money=[None, "100+10", None, None], lot=["cow"])
    s = run(g, s, (1, "take"), (2, "pass"), (3, "pass"))
    assert s.reruns == 1 and s.revealed == () and "last time" not in g.describe(g.observe(s, 2), NAMES)


def test_a_round_the_table_repeat_passes_the_leak_check_at_every_step():
    """The conformance check's leak probe at every step (``hidden_every=1``) of 4-player
    games: seeds 3, 7 and 10 failed it while a repeat cleared Round-the-Table's bids from
    every view (the narration told bids the views no longer held)."""
    from bluffkit.testing import check_game
    check_game(make_game("auction", format="round-the-table"), 4, seeds=[3, 7, 10], hidden_every=1)


def test_both_winners_of_a_split_pen_who_cannot_pay_are_told():
    """Secret Value, a double pen of two animals: B (110 in notes) bids 300, D (100) 250,
    C 120; both winners cannot pay, both show, and the narration says so of each."""
    g = game("secret-value", double=True)
    s = g.state_from_position(4, auctioneer=0, money=[None, "100+10", None, "100"], lot=["cow", "pig"])
    before = run(g, s, (1, "bid 300"), (2, "bid 120"))
    s = g.step(before, 3, "bid 250")
    assert [seat for seat, _ in s.shown] == [1, 3] and s.reruns == 1
    said = g.narrate(before, 3, g.parse("bid 250"), s, NAMES)
    assert "B cannot pay and shows all their money: 100+10 = 110." in said
    assert "D cannot pay and shows all their money: 100 = 100. The auction is run again." in said


def test_second_hand_cant_pay_is_checked_against_the_price_by_default_or_the_bid_as_an_option():
    """"Whoever can't come up with their bid must show all of their money. The auction is
    then repeated. On the repeat, that player may bid at most as much as they could actually
    pay." Each seat holds 540: a bid of 5000 over a second bid of 100."""
    g = game("second-hand")
    assert g.rules.show_against == "price"
    s = run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]), (1, "bid 5000"), (2, "bid 100"), (3, "pass"))
    assert s.awards == ((1, (COW,), 100),) and s.shown == () and s.reruns == 0
    g = game("second-hand", show_against="bid")
    s = run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]), (1, "bid 5000"), (2, "bid 100"), (3, "pass"))
    assert s.awards == () and s.reruns == 1 and [seat for seat, _ in s.shown] == [1]
    before = run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]), (1, "bid 5000"), (2, "bid 100"))
    said = g.narrate(before, 3, g.parse("pass"), s, NAMES)
    assert "B cannot come up with their bid and shows all their money" in said, "B could pay the 100 it owed"
    assert s.phase == "bid" and g.legal(s, 1).bid == (1, 540), "on the repeat at most what B could pay"
    s = run(g, s, (1, "bid 540"), (2, "bid 100"), (3, "pass"))
    assert s.awards == ((1, (COW,), 100),)
    # a bid within one's money is the same under both readings
    s = run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]), (1, "bid 500"), (2, "bid 100"), (3, "pass"))
    assert s.awards == ((1, (COW,), 100),) and s.reruns == 0
    # and so is every other format, whose price is the bid: a bid beyond one's money shows it
    # under both; and bids laid as notes, which a bidder holds
    for fmt, options, bids in (("secret-value", {}, ("bid 5000", "bid 100")),
                               ("second-hand", {"sealed_bids": "notes"}, ("bid 200+100+100", "bid 100+0"))):
        ends = []
        for reading in ("price", "bid"):
            h = game(fmt, show_against=reading, **options)
            ends.append(run(h, h.state_from_position(4, auctioneer=0, lot=["cow"]), (1, bids[0]), (2, bids[1]),
                            (3, "pass")))
        assert ends[0].awards == ends[1].awards and ends[0].reruns == ends[1].reruns, fmt
        assert ends[0].reruns == (1 if fmt == "secret-value" else 0)


def test_second_hand_double_pen_is_one_package():
    g = game("second-hand", double=True)
    s = g.state_from_position(4, auctioneer=0, lot=["cow", "horse"])
    s = run(g, s, (1, "bid 300"), (2, "bid 250"), (3, "pass"))
    assert s.awards == ((1, (COW, HORSE), 250),)


# -- 9. Number Call and 10. The Call ------------------------------------------------------------------
# "The other player directly names the number of notes they're willing to pay." / "Here the auctioneer
# calls out the amount they're demanding. The other player then says whether they're willing to pay
# it."

def test_number_call_the_other_names_a_number_of_notes():
    g = game("number-call", double=True)
    s = g.state_from_position(2, auctioneer=1, lot=["cow", "horse"])
    assert g.to_move(s) == (0,)
    s = g.step(s, 0, "bid 5")
    assert s.awards == ((0, (COW, HORSE), 5),), "both animals for one price"
    s = run(g, s, (1, "sell"), (0, "pay 10+10+10+0+0"))
    assert g.scores(s) == (-30, 30)


def test_the_call_a_call_the_auctioneer_cannot_pay_is_refused():
    g = game("the-call")
    s = g.state_from_position(2, auctioneer=0, money=["200+100", None], lot=["cow"])
    assert g.to_move(s) == (0,) and g.legal(s, 0).call == (1, 300)
    err = refused(g, s, 0, "call 310", "call-not-payable")
    assert "300" in err.reason
    refused(g, s, 1, "accept", "not-your-turn")
    s = g.step(s, 0, "call 300")
    assert g.legal(s, 1).words == (ACCEPT, REFUSE)


def test_the_call_refused_the_auctioneer_buys_at_the_called_price():
    g = game("the-call", double=True)
    s = g.state_from_position(2, auctioneer=1, money=[None, "200+100"], lot=["cow", "horse"])
    s = run(g, s, (1, "call 250"), (0, "refuse"))
    assert s.payments == ((1, 0, 250, "value"),)
    refused(g, s, 1, "pay 200", "bad-payment")
    s = g.step(s, 1, "pay 200+100")                        # no 250: both notes, no change
    assert owners(g, s) == {"cow": "B", "horse": "B"}
    assert notes(g, s) == ["200+200+100+100+100+50+50+10+10+10+10+0+0", "none"]


def test_the_call_option_on_refusal_an_accepted_call_is_a_sale():
    # ``call_right="on_refusal"``: the documented reading where only a refused call brings in the
    # right of first refusal; an accepted call is paid at once.
    g = game("the-call", call_right="on_refusal")
    s = g.state_from_position(2, auctioneer=0, money=["100+50+50", "200"], lot=["cow"])
    s = run(g, s, (0, "call 150"), (1, "accept"))
    assert s.phase == "pay" and s.payments == ((1, 0, 150, "value"),)
    s = g.step(s, 1, "pay 200")
    assert owners(g, s) == {"cow": "B"} and notes(g, s) == ["200+100+50+50", "none"]


def test_the_call_by_default_the_auctioneer_keeps_its_right_after_an_accepted_call():
    # "Don't forget: the general auction rules — the auctioneer doesn't bid but does hold the right of
    # first refusal — apply to all of the auctions below."
    g = game("the-call")
    s = g.state_from_position(2, auctioneer=0, money=["100+50+50", "200"], lot=["cow"])
    s = run(g, s, (0, "call 150"), (1, "accept"))
    assert s.phase == "refuse" and BUY in g.legal(s, 0).refusals


def test_the_call_after_showing_a_call_of_exactly_the_shown_money_may_be_accepted():
    """ "On the repeat, that player may bid at most as much as they could actually pay": B holds
    one 100 note, accepts a call of 200, cannot pay and shows; on the repeat A calls 100, which
    is at most what B can pay (100 <= 100), so B may accept it (and pays its 100)."""
    g = game("the-call")
    s = g.state_from_position(2, auctioneer=0, money=[None, "100"], lot=["cow"])
    s = run(g, s, (0, "call 200"), (1, "accept"))
    assert g.facts(s, NAMES[:2])["shown"] == ["B"] and s.phase == "bid"
    s = g.step(s, 0, "call 100")
    assert g.legal(s, 1).words == (ACCEPT, REFUSE)
    s = run(g, s, (1, "accept"), (0, "sell"), (1, "pay 100"))
    assert owners(g, s) == {"cow": "B"} and notes(g, s)[1] == "none"


def test_the_call_a_penniless_auctioneer_still_has_a_move():
    g = game("the-call")
    s = g.state_from_position(2, auctioneer=0, money=["none", None], lot=["cow"])
    assert g.to_move(s) == (0,)
    assert g.legal(s, 0), "the seat to move has no legal action and the auction is not over"


# -- Player counts ------------------------------------------------------------------------------------
# "1. Classic (2–4 players ...)", "3. Dutch Auction (3–4 players ...)", "7. American Count (4 players
# ...)", "9. Number Call (2 players ...)", ...

LIMITS = {"classic": (2, 4), "cat-in-the-bag": (2, 4), "dutch": (3, 4), "secret-value": (3, 4),
          "secret-count": (3, 4), "round-the-table": (3, 4), "american-count": (4, 4), "second-hand": (4, 4),
          "number-call": (2, 2), "the-call": (2, 2)}


@pytest.mark.parametrize("fmt", list(LIMITS))
def test_player_counts_per_format(fmt):
    lo, hi = LIMITS[fmt]
    rules = Rules(format=fmt)
    for n in range(1, 7):
        if lo <= n <= hi:
            rules.check_players(n)
            g = game(fmt)
            s = g.new_state(n)
            assert s.players == n
        else:
            with pytest.raises(RulesError, match="player_limits=False"):
                rules.check_players(n)
            with pytest.raises(RulesError):
                game(fmt).state_from_position(n, lot=["cow"] if fmt != "cat-in-the-bag" else None)


def test_player_limits_false_seats_2_to_10_in_any_format():
    rules = Rules(format="second-hand", player_limits=False)
    for n in range(2, 11):
        rules.check_players(n)
    for n in (1, 11, True, "4"):
        with pytest.raises(RulesError):
            rules.check_players(n)
    g = game("second-hand", player_limits=False)
    s = run(g, g.state_from_position(3, auctioneer=0, lot=["cow"]), (1, "bid 120"), (2, "bid 100"))
    assert s.awards == ((1, (COW,), 100),)


# -- Hidden information: hide_from keeps the view and changes the secrets --------------------------------

@functools.lru_cache(maxsize=None)
def position(name):
    """A position with a secret, the seat to hide it from, and the state field that holds it."""
    return _positions()[name]


def _positions():
    out = {}
    g = game("secret-value")
    out["secret-value"] = (g, run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]),
                                  (1, "bid 120"), (2, "bid 100")), 3, "bids")
    g = game("dutch")
    out["dutch"] = (g, run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]), (2, "take")), 1, "bids")
    g = game("secret-count")
    out["secret-count"] = (g, run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]),
                                  (1, "bid 100+10+0")), 2, "placed")
    g = game("american-count")
    out["american-count"] = (g, run(g, g.state_from_position(4, auctioneer=0, lot=["cow"]),
                                    (1, "raise 100"), (2, "raise 0"), (3, "pass"), (1, "raise 200")), 3, "placed")
    g = game("cat-in-the-bag")
    out["cat-in-the-bag"] = (g, g.step(cat_pen(g, 3), 1, "pick 2"), 2, "lot")
    g = game("classic")
    out["classic"] = (g, run(g, g.state_from_position(3, auctioneer=0, lot=["cow"]), (1, "bid 50")), 2, "money")
    return out


POSITIONS = ("secret-value", "dutch", "secret-count", "american-count", "cat-in-the-bag", "classic")


@pytest.mark.parametrize("name", POSITIONS)
def test_hide_from_keeps_every_seats_view_and_really_changes_the_secrets(name):
    g, s, seat, secret = position(name)
    rng = np.random.default_rng(5)
    for viewer in range(s.players):
        for _ in range(12):
            other = g.hide_from(s, viewer, rng)
            assert g.observe(other, viewer) == g.observe(s, viewer), f"{name}: seat {viewer}'s view changed"
            assert g.invariants(other) == [], f"{name}: hide_from broke the money: {g.invariants(other)}"
    changed = [g.hide_from(s, seat, rng) for _ in range(30)]
    assert any(getattr(o, secret) != getattr(s, secret) for o in changed), \
        f"{name}: hide_from never changes {secret!r}: the leak check would be vacuous"


def test_hide_from_the_auctioneer_keeps_the_cats_lot():
    g, s, _, _ = position("cat-in-the-bag")
    rng = np.random.default_rng(1)
    assert all(g.hide_from(s, 0, rng).lot == (COW,) for _ in range(20)), "the auctioneer has looked at it"


def test_dutch_grabs_are_hidden_until_the_count_is_settled():
    g, s, _, _ = position("dutch")
    assert g.observe(s, 1).bids == (None,) * 4 and g.observe(s, 3).bids == (None,) * 4
    assert g.observe(s, 2).bids == (None, None, 1, None)


def test_face_down_notes_show_their_number_but_never_their_faces():
    g, s, _, _ = position("american-count")
    obs = g.observe(s, 3)
    assert obs.placed_counts == (0, 2, 1, 0), "how many notes each laid is public"
    assert obs.my_placed == (0,) * 6
    assert g.observe(s, 1).my_placed == g.parse("bid 200+100").notes
    # Another seat's view is the same whatever notes B and C laid (the faces are not in it).
    g2 = game("american-count")
    t = run(g2, g2.state_from_position(4, auctioneer=0, lot=["cow"]),
            (1, "raise 10"), (2, "raise 10"), (3, "pass"), (1, "raise 0"))
    a, b = g.observe(s, 3).to_dict(), g2.observe(t, 3).to_dict()
    for key in ("placed_counts", "note_counts", "bids", "my_placed", "high", "awards", "payments"):
        assert a[key] == b[key], f"D's view differs in {key!r} when only the faces of laid notes differ"


# -- Bad input -----------------------------------------------------------------------------------------

def test_bad_chance_outcomes_are_refused():
    g = game("classic", double=True)
    s = g.state_from_position(3, auctioneer=0)
    assert g.is_chance(s)
    refused(g, s, None, "lot cow", "bad-lot")             # a double pen holds 2
    refused(g, s, None, "first 1", "bad-lot")
    refused(g, s, 1, "bid 10", "chance-turn")
    refused(g, s, 1, "lot cow,horse", "chance-move")
    s = g.step(s, None, "lot cow,horse")
    refused(g, s, None, "lot cow,horse", "not-chance-turn")
    g = game("cat-in-the-bag")
    s = g.state_from_position(3, auctioneer=0)
    refused(g, s, None, "lot cow", "bad-pen")
    refused(g, s, None, "shuffle 0,1,2", "bad-pen")
    s = g.step(s, None, "pen cow,horse,goat")
    refused(g, s, None, "shuffle 0,0,1", "bad-shuffle")
    refused(g, s, None, "shuffle 0,1", "bad-shuffle")
    refused(g, s, None, "shuffle 0,1,3", "bad-shuffle")
    refused(g, s, None, "pen cow", "bad-shuffle")


def test_refusals_outside_the_phase():
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, lot=["cow"])
    for action in ("pay 10", "choose 2", "sell", "buy", "call 10", "take", "pick 1", "stop", "accept"):
        refused(g, s, 1, action, "not-now")
    refused(g, s, 5, "bid 10", "no-such-seat")
    refused(g, s, -1, "bid 10", "no-such-seat")
    over = run(g, s, (1, "pass"), (2, "pass"))
    refused(g, over, 1, "bid 10", "game-over")
    refused(g, over, 0, "sell", "game-over")


def test_an_action_of_another_format_is_refused_as_not_now():
    g = game("classic")
    refused(g, g.state_from_position(3, auctioneer=0, lot=["cow"]), 1, "raise 10", "not-now")


def test_refusal_forms_the_auctioneer_may_not_use():
    g = game("classic")
    s = run(g, g.state_from_position(3, auctioneer=0, lot=["cow"]), (1, "bid 100"), (2, "pass"), (1, "pass"))
    refused(g, s, 0, "buy 2", "cannot-buy")               # there is one lot only
    refused(g, s, 0, "buy 1,2", "cannot-buy")
    refused(g, s, 1, "sell", "not-your-turn")


def test_buying_the_same_lot_twice_is_refused_with_a_message():
    g = game("classic")
    s = run(g, g.state_from_position(3, auctioneer=0, lot=["cow"]), (1, "bid 100"), (2, "pass"), (1, "pass"))
    refused(g, s, 0, "buy 1,1", "cannot-buy")


BAD_TEXTS = ["", "   ", "bid", "bid abc", "bid -5", "bid 1.5", "bid 10+30", "bid 10+ten", "raise 7", "raise 10,10",
             "raise", "buy x", "lot dragon", "pen cow,dragon", "dance", "pay 30", "pay", "choose x", "call",
             "shuffle a", "pick", "first", "sell 1", "pass 3", "take now"]


@pytest.mark.parametrize("text", BAD_TEXTS)
def test_bad_texts_are_notation_errors(text):
    g = game("classic")
    with pytest.raises(NotationError) as info:
        g.parse(text)
    assert str(info.value)
    s = g.state_from_position(3, auctioneer=0, lot=["cow"])
    with pytest.raises(NotationError):
        g.step(s, 1, text)


@pytest.mark.parametrize("text, says", [("bid", "bid takes an amount or notes: bid 120"),
                                         ("pay", "pay takes notes"), ("call", "call takes a number")])
def test_a_move_without_its_argument_says_what_it_takes(text, says):
    """A bare "bid" was "unknown action 'bid'", with every format's moves listed."""
    with pytest.raises(NotationError, match=says):
        game("classic").parse(text)


def test_buy_lot_0_is_a_notation_error():
    with pytest.raises(NotationError):
        game("secret-value", double=True).parse("buy 0")


@pytest.mark.parametrize("text", ["choose 1,2", "call 100,200", "first 1,2"])
def test_one_number_actions_refuse_a_list(text):
    with pytest.raises(NotationError):
        game("secret-value").parse(text)


RULES_ERRORS = [
    (dict(format="bingo"), "format"), (dict(step=0), "step"), (dict(step=True), "step"),
    (dict(dutch_start=0), "dutch_start"), (dict(american_final=-1), "american_final"),
    (dict(player_limits=1), "player_limits"), (dict(double="yes"), "double"),
    (dict(denominations=(10, 50)), "denominations"), (dict(denominations=(0, 50, 10)), "denominations"),
    (dict(start_money=(1, 2)), "start_money"), (dict(start_money=(-1, 0, 0, 0, 0, 0)), "start_money"),
    (dict(animal_values=(1, 2)), "animal_values"), (dict(payment="change"), "payment"),
    (dict(second_price_alone="half"), "second_price_alone"), (dict(round_ties="dice"), "round_ties"),
    (dict(call_right="never"), "call_right"), (dict(show_against="money"), "show_against"),
    (dict(colour="red"), "colour"),
]


@pytest.mark.parametrize("options,name", RULES_ERRORS, ids=[n for _, n in RULES_ERRORS])
def test_bad_rule_options_are_rules_errors_naming_the_option(options, name):
    with pytest.raises(RulesError, match=name):
        make_game("auction", **options)


def test_bad_positions_are_rules_errors():
    g = game("classic")
    with pytest.raises(RulesError, match="auctioneer"):
        g.state_from_position(3, auctioneer=3, lot=["cow"])
    with pytest.raises(RulesError, match="money"):
        g.state_from_position(3, money=["30", None, None], lot=["cow"])
    with pytest.raises(RulesError, match="lot"):
        g.state_from_position(3, lot=["cow", "horse"])    # a small pen holds 1
    with pytest.raises(RulesError, match="lot"):
        g.state_from_position(3, lot=["dragon"])
    with pytest.raises(RulesError, match="pen"):
        g.state_from_position(3, pen=["cow", "horse", "goat"])
    with pytest.raises(RulesError, match="pen"):
        game("cat-in-the-bag").state_from_position(3, pen=["cow", "horse", "goat", "pig"])


# -- Notation round-trip ---------------------------------------------------------------------------------

ACTIONS = [Bid(120), Bid(0), Place((2, 0, 1, 0, 0, 0)), Place((0,) * 6), Raise(0), Raise(500), PASS, TAKE, STOP,
           ACCEPT, REFUSE, Call(150), Choose(2), SELL, BUY, Refusal((0,)), Refusal((1,)), Refusal((0, 1)),
           Pay((0, 1, 1, 0, 0, 0)), Pay((3, 0, 0, 0, 0, 0)), Lot((COW,)), Lot((COW, HORSE)), Pen((COW, HORSE, GOAT)),
           Shuffle((2, 0, 1)), Pick((2,)), Pick((1, 3)), First(3)]


@pytest.mark.parametrize("action", ACTIONS, ids=[str(a) for a in ACTIONS])
def test_notation_round_trips(action):
    g = game("secret-count")
    assert g.parse(str(action)) == action, f"{str(action)!r} reads back as {g.parse(str(action))!r}"
    assert g.parse(g.notation(action)) == action


def test_notation_reads_case_and_spaces_and_orders_notes():
    g = game("classic")
    assert g.parse("  BID 120 ") == Bid(120)
    assert str(g.parse("pay 10+100+0")) == "pay 100+10+0"
    assert g.parse("buy 2,1") == Refusal((0, 1))


def test_a_single_laid_note_round_trips():
    g = game("secret-count")
    one = Place((0, 0, 1, 0, 0, 0))
    assert g.parse(str(one)) == one


# -- more cases ---------------------------------------------------------------------------------------

def test_a_purchase_the_auctioneer_cannot_pay_after_all_falls_through_to_a_sale():
    """Secret Value, double pen: the auctioneer holds a 500 and buys both lots won at 100 each.
    No change is given: paying the first 100 with the 500 leaves nothing for the second, so
    that purchase falls through: the auctioneer shows its money and the lot is sold."""
    g = game("secret-value", double=True)
    s = g.state_from_position(4, money=["500", "100+100+50", "100+100+50", "100+100+50"], lot=["cow", "horse"])
    for seat, text in [(1, "bid 100"), (2, "bid 100"), (3, "pass"), (0, "choose 1"), (0, "buy"), (0, "pay 500")]:
        before, s = s, g.step(s, seat, text)
    assert s.phase == "pay" and s.payments == ((2, 0, 100, "value"),)
    assert s.shown[-1] == (0, (0, 0, 0, 0, 0, 0))
    said = g.narrate(before, 0, g.parse("pay 500"), s, NAMES)
    assert said.endswith("A cannot pay for what they kept and shows their money: none; the cow is sold to C "
                         "after all."), said
    s = g.step(s, 2, "pay 100")
    assert s.phase == "over" and owners(g, s) == {"horse": "A", "cow": "C"}
    assert not g.invariants(s)


def test_the_call_with_a_penniless_auctioneer_ends():
    from bluffkit.agents.auction import Bidder
    from bluffkit.core.play import play
    g = game("the-call", start_money=(1, 0, 0, 0, 0, 0))
    rec = play(g, [Bidder(values=500), Bidder(values=500)], 1, max_steps=50)
    assert g.is_over(rec.final.freeze())
    s = g.state_from_position(2, money=["0", None], lot=["cow"])
    s = g.step(s, 0, "call 0")
    assert g.to_move(s) == (1,)
    s = g.step(s, 1, "refuse")
    assert s.phase == "over" and owners(g, s) == {"cow": "A"}


@pytest.mark.parametrize("fmt,moves", [("second-hand", [(1, "pass"), (2, "bid 100")]),
                                       ("secret-count", [(1, "pass"), (2, "lay 10+0")]),
                                       ("dutch", [(1, "take"), (2, "pass")])])
def test_the_narration_does_not_tell_a_sealed_bid_or_a_grab_before_all_are_in(fmt, moves):
    g = game(fmt)
    names = ["A", "B", "C", "D"]
    s = g.state_from_position(4, lot=["cow"])
    says = []
    for seat, text in moves:
        after = g.step(s, seat, text)
        says.append(g.narrate(s, seat, g.parse(text), after, names))
        s = after
    assert says[0].replace("B", "X") == says[1].replace("C", "X"), says


def test_bad_start_money_and_bad_values_are_refused():
    from bluffkit.agents.auction import Bidder
    g = game("classic")
    for bad in ([(1, 2, 3)] * 3, [(-5, 0, 0, 0, 0, 0)] * 3):
        with pytest.raises(RulesError, match="money of seat"):
            g.state_from_position(3, money=bad, lot=["cow"])
    with pytest.raises(RulesError, match="values must be numbers"):
        Bidder(values={"cow": "abc"})


def test_a_cat_in_the_bag_bidder_values_only_the_animals_auctioned():
    """Double pen with only 2 animals left: "only 1 of the two is auctioned face-down"."""
    from bluffkit.agents.auction import Bidder
    g = game("cat-in-the-bag", double=True)
    s = g.state_from_position(3, pen=["cow", "horse"])
    s = g.step(s, None, "shuffle 1,0")
    s = g.step(s, 1, "pick 2")
    obs = g.observe(s, 2)
    assert obs.lot is None
    assert Bidder(values={"cow": 800, "horse": 1000}).value(obs) == 900


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_move_the_help_shows_as_an_example_is_legal_as_typed(fmt):
    """'help' said "choose seat 1", "pay 140 to seat 2", "pick 2 of the 3 face-down cards"
    and "raise a note": each refused as typed. Every example the description gives now
    parses and is legal for the seat it is shown to, in random games of every format."""
    import re
    rng = np.random.default_rng(7)
    seen = 0
    for double in (False, True):
        g = game(fmt, double=double) if fmt not in ("cat-in-the-bag",) or double else game(fmt)
        for players in range(FORMATS[fmt].players[0], FORMATS[fmt].players[1] + 1):
            for _ in range(3):
                for _s, _seat, legal in random_decisions(g, players, rng):
                    text = legal.description
                    assert "seat seat" not in text and " 1 notes" not in text, text
                    for example in re.findall(r"(?:e\.g\. |: )((?:pay|lay|raise|pick) (?!NOTE)[\d+]+(?:,\d+)*)", text) + \
                            re.findall(r"\b(choose \d+)", text):
                        assert legal.explain(g.parse(example)) is None, (fmt, example, text)
                        seen += 1
    assert seen, f"{fmt}: no example was shown"


def test_a_double_cat_in_the_bag_is_described_as_two_face_down_animals():
    """The text view said "a face-down animal from the pen" while two were picked."""
    g = game("cat-in-the-bag", double=True)
    s = g.state_from_position(4, auctioneer=0, pen=["cow", "goose", "cat"])
    view = g.describe(g.observe(s, 2), ["A", "B", "C", "D"])
    assert "lot: 2 face-down animals from the pen (the cow, the goose and the cat)" in view, view
    one = game("cat-in-the-bag")
    s = one.state_from_position(4, auctioneer=0, pen=["cow", "goose", "cat"])
    assert "lot: a face-down animal from the pen" in one.describe(one.observe(s, 2), ["A", "B", "C", "D"])


def test_a_payment_above_the_price_says_no_change_is_given():
    """"Money is never given as change": "Daniel buys the cow and pays Annette 10." then
    "Daniel pays Annette 200." read as two payments (210). The payment now says what it is for."""
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, money=["200+100", "100+50+10", "500"], lot=["horse"])
    s = run(g, s, (1, "bid 120"), (2, "pass"), (1, "pass"), (0, "sell"))
    said = g.narrate(s, 1, g.parse("pay 100+50"), g.step(s, 1, "pay 100+50"), NAMES)
    assert said.startswith("B pays A 100+50 = 150 for the 120 owed (no change is given)."), said
    s = run(g, g.state_from_position(3, auctioneer=0, money=["200+100", "100+50+10", "500"], lot=["horse"]),
            (1, "bid 120"), (2, "pass"), (1, "pass"), (0, "buy"))
    said = g.narrate(s, 0, g.parse("pay 200"), g.step(s, 0, "pay 200"), NAMES)
    assert said.startswith("A pays B 200 for the 120 owed (no change is given)."), said


def test_buying_by_the_right_of_first_refusal_owes_and_the_payment_pays():
    """"Player 1 buys the rooster and pays Player 4 1 note." was followed by "Player 1 pays
    Player 4 1 note.": one payment read as two. The buy now owes; the payment pays."""
    g = game("classic")
    s = run(g, g.state_from_position(3, auctioneer=0, money=["200+100", "100+50+10", "500"], lot=["horse"]),
            (1, "bid 120"), (2, "pass"), (1, "pass"))
    said = g.narrate(s, 0, g.parse("buy"), g.step(s, 0, "buy"), NAMES)
    assert "buys the horse and owes B 120" in said and "pays" not in said, said


def test_a_payment_owed_by_count_is_told_in_notes_on_the_table():
    """Number Call prices a lot in notes, not in value: B bids 3, A sells, and what is still
    to be paid reads "B owes A 3 notes" (a bare "3" would read as money worth 3)."""
    g = game("number-call")
    s = run(g, g.state_from_position(2, auctioneer=0, lot=["cow"]), (1, "bid 3"), (0, "sell"))
    lines = settling_lines(g.observe(s, 1), NAMES, g.rules, str)
    assert lines == ["Sold: the cow to B for 3 notes", "B owes A 3 notes"], lines


def test_one_note_owed_is_said_in_the_singular():
    """The Dutch count goes down to 1 ("starting from 10", to 1): a sale at 1 owes "1 note"."""
    g = game("dutch", dutch_start=1)
    s = run(g, g.state_from_position(3, auctioneer=0, lot=["cow"]), (1, "take"), (2, "pass"), (0, "sell"))
    assert settling_lines(g.observe(s, 2), NAMES, g.rules, str)[-1] == "B owes A 1 note"


def test_a_second_choice_of_the_auctioneer_is_said_and_no_lot_reads_as_nothing():
    """Secret Count, double pen of a sheep and a goat (equally valuable here): B and C tie. "If
    the two animals are equally valuable, or several players tied, the auctioneer chooses
    which player bid for which animal": A names B, then who gets the sheep. That second
    choice is said, and until it is made no lot reads "nothing to B"."""
    g = game("secret-count", double=True)
    s = run(g, g.state_from_position(4, auctioneer=0, lot=["sheep", "goat"]),
            (1, "lay 10+10"), (2, "lay 0+0"), (3, "pass"))
    after = g.step(s, 0, "choose 1")
    said = g.narrate(s, 0, g.parse("choose 1"), after, NAMES)
    assert "A chooses who gets the sheep: B or C" in said, said
    view = g.describe(g.observe(after, 3), NAMES)
    assert "nothing to" not in view and "to B for 2 notes (the animal is still to be chosen)" in view, view


def test_a_purchase_refused_in_a_count_auction_counts_notes():
    """Dutch: B grabs at 10, so buying costs 10 notes ("they must pay the winning bidder the
    number of notes bid"); A holds one note. The refusal counts notes, not "10 ... they have 1"."""
    g = game("dutch")
    s = run(g, g.state_from_position(3, auctioneer=0, money=["10", None, None], lot=["cow"]), (1, "take"), (2, "pass"))
    rule, reason = g.legal(s, 0).explain(g.parse("buy"))
    assert rule == "cannot-buy" and "cannot pay 10 notes" in reason and "they have 1 note)" in reason, reason


def test_money_shown_in_a_count_auction_is_counted_in_notes():
    """Dutch: B grabs at 10 holding three notes (50, 10, 0): "can't pay, must show", and "on
    the repeat, that player may bid at most as much as they could actually pay", 3 notes,
    not the 60 they are worth."""
    g = game("dutch")
    s = g.state_from_position(3, auctioneer=0, money=[None, "50+10+0", None], lot=["cow"])
    s = g.step(s, 1, "take")
    after = g.step(s, 2, "pass")
    said = g.narrate(s, 2, g.parse("pass"), after, NAMES)
    assert "B cannot pay and shows all their money: 50+10+0 (3 notes)." in said, said
    rule, reason = g.legal(after, 1).explain(g.parse("take"))
    assert rule == "over-cap" and "(3 notes)" in reason, reason


def test_secret_count_bids_are_told_as_numbers_of_notes():
    """Secret Count: "show how many notes they bid (but not the face of the notes)"."""
    g = game("secret-count")
    s = run(g, g.state_from_position(3, auctioneer=0, lot=["cow"]), (1, "lay 10+10+0"))
    after = g.step(s, 2, "lay 200")
    said = g.narrate(s, 2, g.parse("lay 200"), after, NAMES)
    assert "The bids: B 3 notes, C 1 note." in said, said


def test_the_text_view_says_what_the_lot_is_before_it_is_picked():
    """Cat in the Bag: before the left neighbour picks, the auctioneer's lot is still to be
    picked from the pen, and before chance sets out a lot there is none yet: "lot: nothing"
    said neither."""
    g = game("cat-in-the-bag")
    s = cat_pen(g, 3)
    assert "lot: to be picked from the pen (" in g.describe(g.observe(s, 0), NAMES[:3])
    s = game("classic").new_state(3)
    assert "lot: not set out yet" in game("classic").describe(game("classic").observe(s, 1), NAMES[:3])


def test_an_open_bid_is_shown_in_every_view_with_its_bidder():
    """Classic bidding is open, so each seat's view says the highest bid and whose it is."""
    g = game("classic")
    s = run(g, g.state_from_position(3, auctioneer=0, lot=["cow"]), (1, "bid 60"))
    view = g.describe(g.observe(s, 2), NAMES[:3])
    assert "highest bid: 60 by B" in view, view


# -- what a seat may do, in words -----------------------------------------------------------

def _sold_horse_at_120():
    """B (seat 1, 100+50+10) bids 120 for A's horse and A sells: B owes A 120."""
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, money=["200+100", "100+50+10", "500"], lot=["horse"])
    return g, run(g, s, (1, "bid 120"), (2, "pass"), (1, "pass"), (0, "sell"))


def test_a_payer_is_told_whom_it_pays_and_a_payment_that_would_do():
    """B cannot pay 120 exactly from 100+50+10; 100+50 covers it with no note to spare.
    The description names the payee (seat 0), and a refused payment gives that example."""
    g, s = _sold_horse_at_120()
    legal = g.legal(s, 1)
    assert legal.description == "pay 120 to seat 0 in notes (no change is given), e.g. pay 100+50"
    rule, reason = legal.explain(g.parse("pay 10"))
    assert rule == "bad-payment" and reason.endswith("(e.g. pay 100+50)"), reason
    assert legal.explain(g.parse("bid 130")) == ("not-now", "seat 1 cannot bid 130 now; it may: pay NOTES")


def test_a_bidder_out_of_turn_for_its_move_is_told_the_moves_by_their_form():
    g = game("classic")
    legal = g.legal(g.state_from_position(3, auctioneer=0, lot=["horse"]), 1)
    assert legal.explain(g.parse("pay 10")) == ("not-now", "seat 1 cannot pay 10 now; it may: pass, bid N")


def test_a_bid_of_twelve_digits_is_taken_and_one_of_thirteen_refused():
    g = game("classic")
    legal = g.legal(g.state_from_position(3, auctioneer=0, lot=["horse"]), 1)
    assert legal.explain(Bid(10 ** 12 - 1)) is None
    assert legal.explain(Bid(10 ** 12))[0] == "bid-too-high"


def test_true_is_no_bid_even_where_bids_start_at_one():
    """Number Call's bids start at 1, and ``True == 1`` in Python: a script's ``Bid(True)``
    is still refused as no number."""
    g = game("number-call")
    legal = g.legal(g.state_from_position(2, auctioneer=0, lot=["cow"]), 1)
    assert legal.bid[0] == 1 and legal.explain(Bid(1)) is None
    assert legal.explain(Bid(True))[0] == "bid-too-low"


def test_a_pick_points_at_places_one_to_the_number_of_cards():
    """Cat in the Bag: the cards are pointed at by place, 1 to 3; there is no place 0."""
    g = game("cat-in-the-bag", double=True)
    legal = g.legal(cat_pen(g, players=4), 1)
    assert legal.explain(Pick((1, 3))) is None
    assert legal.explain(Pick((0, 1)))[0] == "bad-pick"


def test_a_capped_bidder_lists_bids_up_to_its_cap_and_no_further():
    """A seat that showed 12 on the repeat may bid from 10 up to 12: each listed."""
    from bluffkit.auctions.legal import Legal
    legal = Legal(1, "bid", words=(PASS,), bid=(10, 12))
    assert legal.actions() == [PASS, Bid(10), Bid(11), Bid(12)]


def test_two_lots_offer_the_auctioneer_each_lot_and_both_by_name():
    """With two lots the auctioneer may sell, buy both, buy lot 1, buy lot 2 or buy 1,2;
    with one lot ``buy 1`` is ``buy`` and named once."""
    from bluffkit.auctions.legal import Legal
    two = Legal(0, "refuse", refusals=(SELL, BUY, Refusal((0,)), Refusal((1,)), Refusal((0, 1))))
    assert two.description == "sell, buy, buy 1, buy 2, or buy 1,2"
    assert Legal(0, "refuse", refusals=(SELL, BUY, Refusal((0,)))).description == "sell or buy"


def test_a_count_payment_with_a_negative_count_is_no_set_of_notes():
    """Dutch: the auctioneer who buys pays 3 notes; a script's payment of -1 notes of a
    value is refused as no payment at all, not as notes the seat lacks."""
    g = game("dutch")
    s = g.state_from_position(3, auctioneer=0, money=["10+0+0+0", None, None], lot=["cow"])
    s = run(g, dutch_count_to(g, s, 3), (1, "take"), (2, "pass"), (0, "buy"))
    legal = g.legal(s, 0)
    assert legal.explain(g.parse("pay 0+0+0")) is None
    assert legal.explain(Pay((4, -1, 0, 0, 0, 0)))[0] == "bad-payment"


def test_a_seat_that_showed_its_money_is_not_told_of_its_cap_when_paying():
    """B showed 100+10+0 and won the repeat at 110: paying, a stray ``take`` is simply not
    its move now, not a grab over its cap."""
    g = game("classic")
    s = g.state_from_position(3, auctioneer=0, money=[None, "100+10+0", None], lot=["cow"])
    s = run(g, s, (1, "bid 120"), (2, "pass"), (1, "pass"),
            (1, "bid 110"), (2, "pass"), (1, "pass"), (0, "sell"))
    assert s.phase == "pay" and s.shown
    assert g.legal(s, 1).explain(TAKE) == ("not-now", "seat 1 cannot take now; it may: pay NOTES")
