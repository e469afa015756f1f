"""Whole games of Bidder Up!: random games end on every configuration with every
invariant holding after every step (money conserved across hands, Piggy Bank, supply
board, box, Gambling stack, offers and auctions; 20 or 30 animals always somewhere), and
the scores are the scoring sheet's, recomputed from the final state. The benchmark
(benchmarks/bidder_up_speed.py --check N) runs the same check over many more games."""

from collections import Counter

import numpy as np
import pytest
from bidder_up_walk import random_step
from hypothesis import given, settings, strategies as st

from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.core.money import total

CONFIGS = [("animal-market", ()), ("animal-market", ("babies",)), ("fairground", ()), ("fairground", ("babies",)),
           ("fairground", ("raffle-rush",))]
SMALL = settings(max_examples=6, deadline=None, database=None)


def play_random(game, players: int, seed: int, check_every: int = 1):
    """A seeded random game on the working copy; the invariants after every
    ``check_every`` steps. Returns the final table and the steps taken."""
    rng = np.random.default_rng(seed)
    t = game.table(players=players)
    steps = 0
    while not t.is_over():
        random_step(t, rng)
        steps += 1
        assert steps < 20_000, "the game does not end"
        if steps % check_every == 0:
            problems = game.invariants(t)
            assert not problems, f"seed {seed}, step {steps}: {problems}"
    return t, steps


@pytest.mark.parametrize("board, variants", CONFIGS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_every_invariant_holding(board, variants, players):
    game = make_game("bidder-up", board=board, variants=list(variants))
    for seed in range(2):
        t, steps = play_random(game, players, seed, check_every=3)
        assert not game.invariants(t) and steps > 50
        if not (board == "fairground" and not t.bag):
            assert not any(t.pens), "the game ends when no pen holds an animal (or the raffle bag is empty)"


@SMALL
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]),
       config=st.sampled_from(CONFIGS))
def test_scores_are_the_scoring_sheet_of_the_final_state(seed, players, config):
    board, variants = config
    game = make_game("bidder-up", board=board, variants=list(variants))
    t, _ = play_random(game, players, seed, check_every=25)
    r = game.rules
    values = [r.market_track[p] for p in t.market] if r.fairground else list(r.animal_values)
    d = r.denominations
    for s in range(players):
        barn = t.barns[s]
        # the scoring sheet [I], written out here: (the barn's types' values + Value-Gain + 200 per
        # baby in the barn) x (complete types, + 1 for the sow) + 200 per baby in the petting zoo
        # + money - loans; Value-Gain [H]: a ticket adds 300 if its pictured type is complete, else
        # 100 if any type is, else nothing
        tickets = [x.partition(":")[2] for x in t.tickets[s] if x.startswith("value-gain:")]
        gain = sum(300 if ANIMALS.index(a) in barn else 100 for a in tickets) if barn else 0
        subtotal = sum(values[a] for a in barn) + gain + 200 * len(t.baby_barns[s])
        expect = (subtotal * (len(barn) + (t.sow == s)) + 200 * len(t.baby_zoos[s])
                  + total(t.money[s], d) - sum(t.loans[s]))
        assert set(t.baby_barns[s]) <= set(barn), "a baby in the barn only with its complete type"
        assert game.scores(t.freeze())[s] == expect
    top = max(game.scores(t))
    assert set(game.winners(t)) == {s for s in range(players) if game.scores(t)[s] == top}


@SMALL
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]), board=st.sampled_from(["animal-market",
                                                                                           "fairground"]))
def test_every_animal_is_somewhere_and_a_barn_holds_whole_types(seed, players, board):
    game = make_game("bidder-up", board=board)
    t, _ = play_random(game, players, seed, check_every=50)
    per = game.rules.per_type
    where = Counter(a for p in t.pens for a in p) + Counter(a for s in t.stacks for a in s) \
        + Counter(a for p in t.pastures for a in p) + Counter(a for b in t.barns for a in b for _ in range(per))
    assert where == Counter({a: per for a in range(len(ANIMALS))})
    assert sum(where.values()) == (30 if board == "fairground" else 20)
    barns = [a for b in t.barns for a in b]
    assert len(barns) == len(set(barns)), "a type is complete in one barn only"


def test_the_heuristic_bot_beats_random_seats():
    """Four seats, the heuristic bot in a rotating seat: it wins more than its share."""
    from bluffkit.agents.bidder_up import HeuristicAgent
    from bluffkit.agents.generic import RandomBot
    from bluffkit.core.play import play
    game = make_game("bidder-up")
    wins = 0
    games = 12
    for i in range(games):
        seat = i % 3
        agents = [HeuristicAgent() if s == seat else RandomBot() for s in range(3)]
        rec = play(game, agents, 1000 + i)
        wins += seat in rec.winners
    assert wins / games > 0.5, f"the heuristic bot won {wins} of {games} against two random seats"


@pytest.mark.parametrize("board, variants", CONFIGS)
def test_every_move_the_help_gives_as_an_example_is_legal_as_typed(board, variants):
    """'help' gave forms that were refused as typed, or none ('raffle 2' with no 'pay', a
    trade with no partner named): each quoted example in a description now parses and is
    legal for the seat it is shown to, in random games (the move-markers ticket's too: a
    green marker with room to move)."""
    import re
    game = make_game("bidder-up", board=board, variants=list(variants))
    checked = Counter()
    for players in (2, 3, 4):
        rng = np.random.default_rng(players)
        t = game.table(players=players)
        while not t.is_over():
            if t.is_chance():
                t.apply_chance(t.sample_chance(float(rng.random()), rng))
                continue
            seat, legal, _ = t.decision()
            text = legal.description
            assert " 1 notes" not in text and "seat seat" not in text, text
            for example in re.findall(r"(?<!\w)'([^']+)'(?!\w)", text):     # (not the ' of "Bo's cow")
                assert legal.explain(game.parse(example)) is None, (example, text)
                checked[example.split()[0]] += 1
            t.apply(seat, legal.sample(rng), legal)
    assert checked["move"] and checked["trade"] and (board != "fairground" or checked["raffle"] and checked["ticket"]), \
        checked


@pytest.mark.parametrize("board, variants", CONFIGS)
def test_the_score_sheet_at_the_end_adds_up_to_each_score(board, variants):
    """'play' ended with "Game over. Anna 1500, Ben 20370", the loans and babies that made
    those numbers shown nowhere: the sheet says each line [I], and its sums are the scores."""
    import re
    game = make_game("bidder-up", board=board, variants=list(variants))
    names = ["Anna", "Ben", "Carla"]
    t, _ = play_random(game, 3, seed=11, check_every=1000)
    state = t.freeze()
    sheet = game.score_sheet(state, names)
    scores = game.scores(state)
    assert len(sheet) == 3
    for who, line, score in zip(names, sheet, scores):
        assert line.startswith(f"{who}: (barn ") and line.endswith(f" = {score:,}"), line
        sums = re.sub(r"[A-Za-z][A-Za-z-]*", "", line.split(":", 1)[1].rsplit("=", 1)[0].replace(" x ", " * ").replace(",", ""))
        assert eval(sums) == score, (line, sums)            # the sheet's own arithmetic
    with pytest.raises(RulesError, match="at the end"):
        game.score_sheet(game.table(players=3).freeze(), names)


def test_the_score_sheet_counts_loans_babies_and_the_sow():
    """Each line of the sheet [I] met in some two-player game (loans are a two-player
    option), and every sheet adds up to its score."""
    import re
    game = make_game("bidder-up", board="fairground", variants=["babies"])
    terms = Counter()
    for seed in range(6):
        t, _ = play_random(game, 2, seed, check_every=1000)
        state = t.freeze()
        for line, score in zip(game.score_sheet(state, ["Anna", "Ben"]), game.scores(state)):
            sums = re.sub(r"[A-Za-z][A-Za-z-]*", "", line.split(":", 1)[1].rsplit("=", 1)[0].replace(" x ", " * ").replace(",", ""))
            assert eval(sums) == score, (line, sums)
            for term in ("- loans", "babies in the barn", "petting zoo", "Wool-Milk-Sow", "Value-Gain"):
                terms[term] += term in line
    assert all(terms[t] for t in ("- loans", "babies in the barn", "petting zoo", "Wool-Milk-Sow", "Value-Gain")), \
        terms


def test_the_text_view_shows_babies_loans_and_the_sow_as_the_farm_boards_do():
    """The text view ('play') never showed the babies or the loans, so a score could not be
    followed; each seat's line now says them (from the observation, as the panel's farms)."""
    game = make_game("bidder-up", board="fairground", variants=["babies"])
    shown = Counter()
    for seed in range(4):
        t, _ = play_random(game, 2, seed, check_every=1000)
        state = t.freeze()
        lines = game.describe(game.observe(state, 0), ["Anna", "Ben"]).splitlines()
        for s, who in enumerate(["Anna", "Ben"]):
            line = next(x for x in lines if x.startswith(f"  {who}: at "))
            for has, words in ((t.loans[s], "loans to repay at the end " + "+".join(f"{v:,}" for v in t.loans[s])),
                               (t.baby_barns[s], "babies in the barn"), (t.baby_zoos[s], "petting zoo"),
                               (t.sow == s, "the Wool-Milk-Sow")):
                assert bool(has) == (words in line), (seed, who, words, line)
                shown[words.split()[0]] += bool(has)
    assert shown["loans"] and shown["babies"], shown


def test_a_face_down_pen_at_auction_or_empty_is_not_shown_as_0_face_down():
    """A Cat in the Bag pen read "0 face down" while its animals were at auction, and when empty."""
    import re
    game = make_game("bidder-up", board="animal-market")
    seen = Counter()
    for seed in range(3):
        rng = np.random.default_rng(seed)
        t = game.table(players=3)
        while not t.is_over():
            if t.is_chance():
                t.apply_chance(t.sample_chance(float(rng.random()), rng))
                continue
            seat, legal, _ = t.decision()
            obs = game.observe(t.freeze(), seat)
            pens = next(x for x in game.describe(obs, ["A", "B", "C"]).splitlines() if x.startswith("Pens "))
            assert not re.search(r"\b0 face down", pens), pens
            for word in ("at auction", "face down", "nothing"):
                seen[word] += word in pens
            t.apply(seat, legal.sample(rng), legal)
    assert seen["at auction"] and seen["face down"], seen


def test_a_bare_roll_says_the_die_is_rolled_for_the_player():
    """At the terminal the die is chance's (rolled at the start of a turn); a player who
    types 'roll' is told so, not that roll wants a number (which reads as a move they may make)."""
    from bluffkit.core.errors import NotationError
    g = make_game("bidder-up")
    with pytest.raises(NotationError, match="the die is rolled for you") as e:
        g.parse("roll")
    assert "roll 3" in str(e.value)
    assert str(g.parse("roll 3")) == "roll 3"
    with pytest.raises(NotationError, match="roll takes a whole number"):
        g.parse("roll three")


def test_a_face_up_pen_at_auction_reads_at_auction_not_nothing():
    """While a Classic pen's animals are auctioned the text view read that pen "nothing"."""
    from bluffkit.session import Session
    s = Session(make_game("bidder-up", board="fairground"), ["human"] * 3, names=["A", "B", "C"], seed=4)
    s.advance()
    s.play("move pen-2 pay 0")                  # Pen 2 (double), the Classic: its two animals at auction
    pens = next(x for x in s.game.describe(s.observe(1), s.names).splitlines() if x.startswith("Pens "))
    assert "2: at auction;" in pens, pens


def test_the_gamblers_text_view_shows_the_three_notes_looked_at():
    """[J] a gamble's 3: "they take the top 3 notes, look at them, and give 1 to their
    opponent": the gambler's text view showed only the values to give ("give one of 0,
    50"), not the notes seen, so 50+0+0 and 50+50+0 read alike; the opponent sees none."""
    from bluffkit.session import Session
    s = Session(make_game("bidder-up"), ["human", "human"], names=["Ann", "Bo"], seed=1)
    s.advance()
    s.play("move hill-east pay 0")
    s.play("gamble")
    s.chance("roll 3")
    gambler, other = (s.game.describe(s.observe(k), s.names) for k in (s.state.current, 1 - s.state.current))
    d = s.game.rules.denominations
    seen = "+".join(str(v) for v in sorted((d[i] for i in s.state.drawn), reverse=True))
    assert f"You look at the top notes of the Gambling stack: {seen}; give one to" in gambler, gambler
    assert "Gambling stack" not in other, other
