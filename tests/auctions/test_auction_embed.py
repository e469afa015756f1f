"""The auction engine inside another game: the embedding API (two auctions in a row on
shared money, lots from a real supply, the Cat in the Bag's face-down pen), the Legal
protocol, the random bot as Legal.sample, and sealed bids laid as notes.

Expected numbers come from the Bidder Up! booklet's examples (seeds/001): Classic,
Annette auctions a horse, Daniel wins at 120; Second Hand, "André auctions off a cow.
Annette bids the most with 120, followed by Frank, who bids 100 ... she only has to pay
100"."""

from collections import Counter

import numpy as np
import pytest

from bluffkit.agents.auction import AGENTS, Bidder
from bluffkit.agents.base import ScriptedAgent
from bluffkit.agents.generic import RandomBot
from bluffkit.auctions.actions import PASS, Bid, Place, parse
from bluffkit.auctions.embed import AuctionPen, Supply, fill, run, start
from bluffkit.auctions.rules import ANIMALS, DENOMINATIONS, FORMATS, Rules
from bluffkit.auctions.settlement import must_show
from bluffkit.core import protocols
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.core.money import total
from bluffkit.core.play import play

ANDRE, ANNETTE, DANIEL, FRANK = range(4)
HORSE, COW = ANIMALS.index("horse"), ANIMALS.index("cow")
START = (2, 4, 2, 2, 1, 0)        # 540 in notes of 0, 10, 50, 100, 200, 500


def scripted(moves: dict):
    return [ScriptedAgent(moves.get(s, []), parse) for s in range(4)]


def test_two_auctions_in_a_row_share_the_parents_money():
    money = [START] * 4
    # Classic: Annette auctions a horse; Daniel wins at 120; she sells; he pays 100+10+10
    first, _ = run(AuctionPen("classic", (HORSE,)), ANNETTE, money,
                        scripted({DANIEL: ["bid 120", "pass", "pay 100+10+10"], ANDRE: ["pass"],
                                  FRANK: ["pass"], ANNETTE: ["sell"]}), np.random.default_rng(1))
    assert first.owners == ((HORSE, DANIEL),), "Daniel takes the horse"
    assert first.paid == (0, 120, -120, 0), "Daniel pays Annette his bid of 120"
    # Second Hand on the money the first auction left: Annette 120, Frank 100, she pays 100
    second, _ = run(AuctionPen("second-hand", (COW,)), ANDRE, first.money,
                    scripted({ANNETTE: ["bid 120", "pay 100"], DANIEL: ["pass"], FRANK: ["bid 100"],
                              ANDRE: ["sell"]}), np.random.default_rng(2))
    assert second.owners == ((COW, ANNETTE),), "Annette, the highest bidder, wins the cow"
    assert second.paid == (100, -100, 0, 0), "at the second-highest bid, 100"
    now = [total(m, DENOMINATIONS) for m in second.money]
    assert now == [640, 540 + 120 - 100, 540 - 120, 540], "both sales settled on the same money"
    assert sum(now) == 4 * 540, "no money made or lost"


def test_the_auctioneer_buys_by_first_refusal_inside_the_parent_game():
    sale, _ = run(AuctionPen("second-hand", (COW,)), ANDRE, [START] * 4,
                  scripted({ANNETTE: ["bid 120"], DANIEL: ["pass"], FRANK: ["bid 100"],
                            ANDRE: ["buy", "pay 100"]}), np.random.default_rng(0))
    assert sale.owners == ((COW, ANDRE),) and sale.kept, "André pays Annette the 100 and keeps the cow"
    assert sale.paid == (-100, 100, 0, 0)


def test_lots_come_from_a_real_supply_without_replacement():
    supply = Supply.shuffled(np.random.default_rng(5), per_type=2)     # the Animal Market: a set is 2
    assert len(supply.animals) == 20
    pens = []
    for fmt, double in [("classic", False), ("dutch", True), ("cat-in-the-bag", False), ("secret-value", True)]:
        pen, supply = fill(fmt, double, supply)
        pens.append(pen)
    assert [len(p.animals) for p in pens] == [1, 2, 3, 2], "small 1, double 2, Cat in the Bag 3 face down"
    drawn = Counter(a for p in pens for a in p.animals) + Counter(supply.animals)
    assert all(c == 2 for c in drawn.values()) and len(drawn) == 10, "every animal of the supply exactly once"
    empty, left = fill("classic", True, Supply(supply.animals[:1]))
    assert empty.animals == () and left.animals == supply.animals[:1], "a pen that cannot be filled stays empty"
    with pytest.raises(RulesError, match="pen is empty"):
        start(empty, 0, [START] * 4)


def test_cat_in_the_bag_keeps_its_unpicked_animals_face_down():
    pen = AuctionPen("cat-in-the-bag", (HORSE, COW, ANIMALS.index("goose")))
    bots = [Bidder(strategy="truthful") for _ in range(4)]
    sale, moves = run(pen, 0, [START] * 4, bots, np.random.default_rng(3))
    lot = [a for a, _ in sale.owners]
    assert len(lot) == 1 and len(sale.pen) == 2, "one animal auctioned, two back in the pen"
    assert sorted(lot + list(sale.pen)) == sorted(pen.animals), "the pen's animals, none lost or copied"
    assert any(str(a).startswith("shuffle") for s, a in moves if s is None), "chance shuffled the pen"


def test_the_parent_supplies_its_own_animal_values():
    """A double pen in Secret Value: "the highest bid applies to the more valuable of the
    two animals". With the parent's values the goat beats the sheep (and not otherwise)."""
    goat, sheep = ANIMALS.index("goat"), ANIMALS.index("sheep")
    values = dict(zip(ANIMALS, (10, 40, 90, 160, 350, 500, 500, 650, 800, 1000)))   # goat 500, sheep 350
    game, s = start(AuctionPen("secret-value", (sheep, goat), double=True), 0, [START] * 4,
                    animal_values=values)
    for seat, bid in [(1, "bid 120"), (2, "bid 100"), (3, "pass")]:
        s = game.step(s, seat, bid)
    assert s.awards == ((1, (goat,), 120), (2, (sheep,), 100)), "the highest bid takes the goat"
    with pytest.raises(RulesError, match="animal_values"):
        start(AuctionPen("classic", (COW,)), 0, [START] * 4, animal_values={"cow": 800})


def test_can_t_pay_must_show_is_checked_on_a_sale_only():
    assert must_show(held=90, price=120) and not must_show(held=120, price=120)
    # a purchase by first refusal the auctioneer cannot pay is refused, not shown
    game, s = start(AuctionPen("classic", (COW,)), 0, [(0, 1, 0, 0, 0, 0)] + [START] * 3)
    for seat, move in [(1, "bid 120"), (2, "pass"), (3, "pass"), (1, "pass")]:
        s = game.step(s, seat, move)
    legal = game.legal(s, 0)
    assert legal.explain(parse("buy"))[0] == "cannot-buy", "the auctioneer holds 10: it cannot buy at 120"
    assert s.shown == (), "nobody had to show"


# -- the Legal protocol and the random bot ----------------------------------------------------------------------
def test_legal_follows_the_protocol():
    game = make_game("auction", format="classic")
    s = game.state_from_position(4, lot=["cow"])
    legal = game.legal(s, 1)
    assert isinstance(legal, protocols.Legal), "seat, explain, sample, actions, description"
    assert legal.explain(Bid(10)) is None and legal.explain(Bid(5))[0] == "bid-too-low"
    assert legal.actions() is None, "an open bid has no upper bound: not enumerable"
    assert legal.description == "pass or bid 10 or more"
    s = game.step(game.step(game.step(game.step(s, 1, "bid 120"), 2, "pass"), 3, "pass"), 1, "pass")
    s = game.step(s, 0, "sell")
    pay = game.legal(s, 1)
    assert sorted(str(a) for a in pay.actions()) == ["pay 100+10+10", "pay 50+50+10+10"], \
        "the exact payments of 120 from 200+100+100+50+50+10+10+10+10+0+0"
    assert game.legal(s, 2).description.startswith("nothing")
    sealed = make_game("auction", format="secret-count").state_from_position(4, lot=["cow"])
    laid = make_game("auction", format="secret-count").legal(sealed, 1)
    assert len(laid.actions()) == 1 + 3 * 5 * 3 * 3 * 2 * 1, "pass, and every handful of the 11 notes"
    assert len(laid.actions(limit=7)) == 7


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("double", [False, True])
def test_the_generic_random_bot_plays_the_random_bidders_games(fmt, double):
    game = make_game("auction", format=fmt, double=double)
    n = FORMATS[fmt].players[1]
    for seed in range(12):
        old = play(game, [Bidder(strategy="random") for _ in range(n)], seed)
        new = play(game, [RandomBot() for _ in range(n)], seed)
        assert [(s, str(a)) for s, a in new.moves] == [(s, str(a)) for s, a in old.moves], f"seed {seed}"
        trusted = play(game, [AGENTS["random"]() for _ in range(n)], seed)       # its moves not checked again
        assert trusted.moves == new.moves and trusted.scores == new.scores, f"seed {seed}"
    assert issubclass(AGENTS["random"], RandomBot) and AGENTS["random"].trusted


# -- sealed bids laid as notes ------------------------------------------------------------------------------------
def test_second_hand_bids_laid_as_notes():
    game = make_game("auction", format="second-hand", sealed_bids="notes")
    s = game.state_from_position(4, lot=["cow"])
    assert game.legal(s, 1).place and not game.legal(s, 1).bid, "a bid is notes laid face down"
    assert game.legal(s, 1).explain(Bid(120))[0] == "not-now"
    s = game.step(s, 1, "lay 100+10+10")      # Annette: 120
    assert game.observe(s, 2).bids[1] is None, "a sealed bid stays hidden"
    s = game.step(s, 2, "pass")
    s = game.step(s, 3, "lay 100")            # Frank: 100
    assert s.awards == ((1, (COW,), 100),), "Annette wins at the second-highest bid"
    assert s.placed == ((0,) * 6,) * 4, "the laid notes are back in hand when the bids are revealed"
    s = game.step(game.step(s, 0, "sell"), 1, "pay 100")
    assert game.scores(s) == (100, -100, 0, 0)
    with pytest.raises(Exception, match="does not hold"):
        game.step(game.state_from_position(4, lot=["cow"]), 1, "lay 500")
    assert Rules(sealed_bids="notes").to_dict()["sealed_bids"] == "notes"
    assert "sealed_bids" not in Rules().to_dict(), "a default later option leaves old headers as they were"
    with pytest.raises(RulesError, match="sealed_bids"):
        Rules(sealed_bids="cards")


def test_secret_value_with_notes_plays_through_with_bots():
    game = make_game("auction", format="secret-value", sealed_bids="notes", double=True)
    for seed in range(20):
        rec = play(game, [Bidder(strategy=s) for s in ("truthful", "equilibrium", "random", "shade")], seed)
        assert game.invariants(rec.final.freeze()) == [], f"seed {seed}"
        assert any(type(a) is Place for _, a in rec.moves) or all(a == PASS for s, a in rec.moves if s), seed


# -- the standalone auction's own supply -------------------------------------------------------------------------
def test_a_supply_option_draws_lots_without_replacement():
    game = make_game("auction", format="cat-in-the-bag", supply=2)       # the Animal Market: 2 of each
    rng = np.random.default_rng(0)
    for _ in range(300):
        pen = game.sample_chance(game.new_state(4), rng)
        assert max(Counter(pen.animals).values()) <= 2, f"{pen}: the supply holds only 2 of each"
    with pytest.raises(Exception, match="2 of each"):
        game.step(game.new_state(4), None, "pen horse,horse,horse")
    double = make_game("auction", format="classic", double=True, supply=2)
    assert double.step(double.new_state(4), None, "lot horse,horse").lot == (HORSE, HORSE), "a pair exists"
    old = make_game("auction", format="cat-in-the-bag")
    assert old.step(old.new_state(4), None, "pen horse,horse,horse").pen == (HORSE,) * 3, \
        "the default keeps the old draws, so old logs replay"
    assert "supply" not in Rules().to_dict() and Rules(supply=3).to_dict()["supply"] == 3


def test_formats_are_classes_of_one_base_looked_up_by_name():
    from bluffkit.auctions.base import Table
    from bluffkit.auctions.engine import FORMAT_TABLES
    assert sorted(FORMAT_TABLES) == sorted(FORMATS), "every booklet format has its table class"
    for name, cls in FORMAT_TABLES.items():
        assert issubclass(cls, Table) and cls is not Table, name
        game = make_game("auction", format=name)
        state = game.new_state(FORMATS[name].players[0])
        assert type(game.table(state)) is cls, f"{name}: thawed as its own format's table"


def test_bidders_value_animals_at_the_rules_values_unless_given_their_own():
    """A truthful bidder raises while the price is below its value: a cow worth 2,000 to
    the parent game is worth raising over 900 for, one at the default 800 is not."""
    rng = np.random.default_rng(0)
    for cow_value, expected in [(2000, Bid(910)), (800, PASS)]:
        values = tuple(cow_value if a == "cow" else v for a, v in zip(ANIMALS, Rules().animal_values))
        game = make_game("auction", format="classic", animal_values=values)
        s = game.step(game.state_from_position(4, lot=["cow"]), 1, "bid 900")
        assert Bidder(strategy="truthful").act(game.observe(s, 2), game.legal(s, 2), rng) == expected, cow_value
    s = make_game("auction", format="classic").state_from_position(4, lot=["cow"])
    game = make_game("auction", format="classic")
    s = game.step(s, 1, "bid 900")
    assert Bidder(values={"cow": 2000}).act(game.observe(s, 2), game.legal(s, 2), rng) == Bid(910), "its own values"


@pytest.mark.parametrize("agents, said", [(["truthful"] * 4, "got 'truthful'"), ([Bidder()] * 3, "one per seat (4), got 3")])
def test_run_refuses_agents_that_are_not_agents_in_words(agents, said):
    """Bot names, as the command line takes them, are not agents here: refused in words
    (not an AttributeError from deep in the loop)."""
    with pytest.raises(RulesError, match="agents: ") as e:
        run(AuctionPen("classic", (COW,)), 0, [START] * 4, agents, np.random.default_rng(1))
    assert said in str(e.value)


def test_the_docs_embedding_example_runs():
    """docs/auctions.md, "Auctions inside another game": the example as printed there."""
    import re
    from pathlib import Path
    doc = (Path(__file__).parents[2] / "docs" / "auctions.md").read_text(encoding="utf-8")
    part = doc.split("## Auctions inside another game", 1)[1]
    code = re.search(r"```python\n(.*?)```", part, re.S).group(1)
    space: dict = {}
    exec(compile(code, "docs/auctions.md", "exec"), space)
    sale, pen_left = space["sale"], space["pen_left"]
    assert len(sale.owners) == 1 and len(pen_left) == 2, "one animal sold, the 2 unpicked left face down"
    assert sum(total(m, DENOMINATIONS) for m in space["money"]) == 4 * 540, "no money made or lost"


def test_a_double_pen_topped_up_with_one_animal_is_one_lot():
    """Bidder Up!'s ``short_pen="partial"``: the pen takes what the supply has left; one
    animal in a double pen is auctioned as one lot, and the auction takes it."""
    from bluffkit.auctions.embed import Supply, fill, start
    pen, rest = fill("classic", True, Supply((8,)), partial=True)
    assert pen.animals == (8,) and not pen.double and rest.animals == ()
    start(pen, 0, [(2, 4, 2, 2, 1, 0)] * 4)
    cat, _ = fill("cat-in-the-bag", True, Supply((8,)), partial=True)
    assert cat.animals == (8,) and cat.double, "a Cat in the Bag pen keeps its kind"
    assert fill("classic", True, Supply((8,)))[0].animals == (), "it stays empty by default"
    with pytest.raises(RulesError, match="partial must be True or False"):
        fill("classic", True, Supply((8,)), partial="no")
