"""Bluffer expected points: the sympy results against brute force and a seeded simulation.

The rulebook (seeds/004_acaf89846761703d.txt, "5. Awarding Points"): 2 points to an author for
each other player's vote on their answer, 1 point for a vote on the truth; the Leader does not
vote; nobody votes for their own answer. The enumerators below walk the voter model's
probability tree (truth with chance p, else uniform among the false answers one did not write)
over every joint vote profile, with exact Fractions, and score each profile by the rule itself.
The simulations draw votes with numpy from one seed and allow 5 standard errors.
"""

from __future__ import annotations

import re
from collections import defaultdict
from fractions import Fraction
from itertools import permutations, product
from math import prod, sqrt

import numpy as np
import pandas as pd
import pytest
import sympy as sp

from bluffkit.analysis.bluffer_theory import (
    FRAME_COLUMNS,
    ROLES,
    M,
    N,
    P,
    T,
    expected_points_frame,
    guessing_spots,
    naive_spot,
    round_expected,
    round_leaders,
    round_points,
    round_variance,
    seat_expected,
    seat_points,
    seat_variance,
    spot_symbols,
    standard_expected,
    standard_points,
    standard_variance,
    team_expected,
    team_points,
    two_player_distribution,
    two_player_expected,
    two_player_points,
    two_player_variance,
    vote_probabilities,
)

F = Fraction
TRUTH = "T"
EQUAL_SPOTS = [F(0), F(1, 3), F(1, 2), F(2, 7), F(1)]
SEAT_SPOTS = [F(1, 3), F(1, 2), F(0), F(3, 4), F(1, 5)]


def exact(x) -> Fraction:
    """A sympy number as a Fraction; fails loudly on anything not an exact rational."""
    x = sp.sympify(x)
    assert x.is_Rational, f"expected an exact rational, got {x!r}"
    return Fraction(int(x.p), int(x.q))


# -- brute force over the model's probability tree ---------------------------------------------

def vote_branches(spot, own, false_answers):
    """One voter's branches: the truth with chance spot, each other false answer equally."""
    others = [a for a in false_answers if a != own]
    return [(TRUTH, spot)] + [(a, (1 - spot) / len(others)) for a in others]


def standard_profiles(spots, leader):
    """Every joint vote profile of a standard-game question, with its exact probability."""
    n = len(spots)
    voters = [v for v in range(n) if v != leader]
    branches = [vote_branches(spots[v], v, range(n)) for v in voters]
    for combo in product(*branches):
        yield dict(zip(voters, (a for a, _ in combo))), prod((pr for _, pr in combo), start=F(1))


def score(votes, players):
    """Points by the rule, split into author points and voter points, per player."""
    author, voter = defaultdict(int), defaultdict(int)
    for v, a in votes.items():
        assert a != v, "nobody votes for their own answer"
        if a == TRUTH:
            voter[v] += 1
        else:
            author[a] += 2
    return {x: (author[x], voter[x]) for x in players}


def moments(weighted):
    """Mean and variance of a list of (value, probability) pairs; probabilities must sum to 1."""
    weighted = list(weighted)
    assert sum(pr for _, pr in weighted) == 1, "the tree's probabilities do not sum to 1"
    mean = sum(x * pr for x, pr in weighted)
    return mean, sum(x * x * pr for x, pr in weighted) - mean * mean


def enumerate_standard(spots, leader):
    """Exact means and variances per seat: total, author part, voter part; and the table total."""
    n = len(spots)
    parts = ("seat", "author", "voter")
    m1 = {k: [F(0)] * n for k in parts}
    m2 = {k: [F(0)] * n for k in parts}
    t1 = t2 = total = F(0)
    for votes, pr in standard_profiles(spots, leader):
        pts = score(votes, range(n))
        on_truth = sum(a == TRUTH for a in votes.values())
        table = sum(a + b for a, b in pts.values())
        assert table == 2 * (len(votes) - on_truth) + on_truth, "points not conserved"
        for s, (a, b) in pts.items():
            for k, x in zip(parts, (a + b, a, b)):
                if x:
                    m1[k][s] += pr * x
                    m2[k][s] += pr * x * x
        t1, t2, total = t1 + pr * table, t2 + pr * table * table, total + pr
    assert total == 1, "the tree's probabilities do not sum to 1"
    out = {k: [(m1[k][s], m2[k][s] - m1[k][s] ** 2) for s in range(n)] for k in parts}
    return out | {"table": (t1, t2 - t1 * t1)}


CASES = [(n, tuple([p] * n)) for n in (3, 4, 5) for p in EQUAL_SPOTS] + \
        [(n, tuple(SEAT_SPOTS[:n])) for n in (3, 4, 5)]


@pytest.mark.slow
@pytest.mark.parametrize("n, spots", CASES)
def test_seat_results_equal_enumeration(n, spots):
    for leader in range(n):
        brute = enumerate_standard(spots, leader)
        mean, var = seat_expected(spots, leader), seat_variance(spots, leader)
        for s in range(n):
            assert exact(mean[s]) == brute["seat"][s][0], f"mean n={n} leader={leader} seat={s}"
            assert exact(var[s]) == brute["seat"][s][1], f"variance n={n} leader={leader} seat={s}"
        assert seat_points(spots, leader) == [float(x) for x, _ in brute["seat"]]


@pytest.mark.parametrize("n, p", [(n, p) for n in (3, 4, 5) for p in EQUAL_SPOTS])
def test_standard_results_equal_enumeration(n, p):
    brute = enumerate_standard([p] * n, leader=0)
    seat = 1                                          # any non-leader: all alike with equal spots
    want = {"leader": brute["seat"][0], "author": brute["author"][seat],
            "voter": brute["voter"][seat], "non_leader": brute["seat"][seat],
            "table": brute["table"]}
    sym_e, sym_v = standard_expected(), standard_variance()
    for e, v in [(standard_expected(n, p), standard_variance(n, p)),
                 ({k: x.subs({N: n, P: p}) for k, x in sym_e.items()},
                  {k: x.subs({N: n, P: p}) for k, x in sym_v.items()})]:
        for role in ROLES:
            assert exact(e[role]) == want[role][0], f"{role} mean, n={n}, p={p}"
            assert exact(v[role]) == want[role][1], f"{role} variance, n={n}, p={p}"
        assert exact(e["leader_edge"]) == want["leader"][0] - want["non_leader"][0]
    assert standard_points(n, p)["leader"] == float(want["leader"][0])


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5])
def test_per_seat_symbols_equal_enumeration(n):
    syms = spot_symbols(n)
    rng = np.random.default_rng(n)
    draws = [tuple(F(int(a), 12) for a in rng.integers(0, 13, n)) for _ in range(2)]
    for leader in range(n):
        mean, var = seat_expected(syms, leader), seat_variance(syms, leader)
        # the closed forms: 2/(n-1) per fooled chance of every other voter, plus one's own spot
        for s in range(n):
            others = sum(2 * (1 - syms[v]) / (n - 1) for v in range(n) if v not in (s, leader))
            assert sp.expand(mean[s] - others - (syms[s] if s != leader else 0)) == 0
        for spots in draws:
            brute = enumerate_standard(spots, leader)
            sub = dict(zip(syms, spots))
            for s in range(n):
                assert exact(mean[s].subs(sub)) == brute["seat"][s][0], f"seat {s}, {spots}"
                assert exact(var[s].subs(sub)) == brute["seat"][s][1], f"seat {s}, {spots}"


def test_closed_forms():
    n, p = N, P
    e = standard_expected()
    assert sp.simplify(e["leader"] - 2 * (1 - p)) == 0
    assert sp.simplify(e["author"] - 2 * (n - 2) * (1 - p) / (n - 1)) == 0
    assert sp.simplify(e["table"] - (n - 1) * (2 - p)) == 0
    # leading pays more than voting exactly below p = 2/(n + 1); naive voters are below it
    assert sp.simplify(e["leader_edge"].subs(p, 2 / (n + 1))) == 0
    for k in (3, 4, 5):
        assert standard_expected(k, naive_spot(k))["leader_edge"] > 0
        assert standard_expected(k, sp.Rational(2, k + 1))["leader_edge"] == 0
    v = standard_variance()
    q = (1 - p) / (n - 1)
    assert sp.simplify(v["leader"] - 4 * (n - 1) * q * (1 - q)) == 0
    assert sp.simplify(v["table"] - (n - 1) * p * (1 - p)) == 0


# -- conservation ------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [3, 4, 5])
def test_conservation_of_points(n):
    syms = spot_symbols(n)
    for leader in range(n):
        votes = vote_probabilities(syms, leader)
        assert set(votes) == set(range(n)) - {leader}, "the Leader does not vote"
        for v, row in votes.items():
            assert v not in row, f"voter {v} may vote for their own answer"
            assert sp.simplify(sum(row.values()) - 1) == 0, f"voter {v}'s chances do not sum to 1"
        # 2 per vote not on the truth, 1 per vote on the truth, in expectation
        due = sum(2 * (1 - row["truth"]) + row["truth"] for row in votes.values())
        assert sp.expand(sum(seat_expected(syms, leader)) - due) == 0
    e = standard_expected(n)
    assert sp.expand(e["leader"] + (n - 1) * e["non_leader"] - e["table"]) == 0


# -- a round of 6 questions --------------------------------------------------------------------

def test_round_leaders_and_four_player_inequality():
    assert round_leaders(4) == [0, 1, 2, 3, 0, 1]
    assert round_leaders(3) == [0, 1, 2, 0, 1, 2] and round_leaders(5) == [0, 1, 2, 3, 4, 0]
    r = round_expected([P] * 4)
    e = standard_expected(4)
    assert sp.expand(r[0] - r[1]) == 0 and sp.expand(r[2] - r[3]) == 0
    assert sp.expand(r[0] - r[2] - e["leader_edge"]) == 0, "seat 0 leads once more than seat 2"
    assert sp.expand(r[0] - (sp.Rational(28, 3) - sp.Rational(16, 3) * P)) == 0
    assert round_expected([naive_spot(4)] * 4) == (8, 8, sp.Rational(31, 4), sp.Rational(31, 4))
    # at p = 2/(n + 1) = 2/5 leading is worth exactly as much as voting: all seats equal
    assert round_points([F(2, 5)] * 4) == pytest.approx([7.2] * 4)
    r3 = round_expected([P] * 3)
    assert all(sp.expand(x - r3[0]) == 0 for x in r3), "with 3 players everyone leads twice"


@pytest.mark.parametrize("n, spots", [(3, (F(1, 3),) * 3), (4, tuple(SEAT_SPOTS[:4])),
                                      (5, tuple(SEAT_SPOTS))])
def test_round_equals_enumerated_questions(n, spots):
    per_q = [enumerate_standard(spots, lead) for lead in round_leaders(n)]
    mean, var = round_expected(spots), round_variance(spots)
    for s in range(n):
        assert exact(mean[s]) == sum(q["seat"][s][0] for q in per_q), f"seat {s}"
        assert exact(var[s]) == sum(q["seat"][s][1] for q in per_q), f"seat {s}"


# -- seeded simulation -------------------------------------------------------------------------

def simulate_question(spots, leader, size, rng):
    """Points per seat for ``size`` independent questions, drawn as the bots would vote."""
    n = len(spots)
    pts = np.zeros((size, n), dtype=np.int64)
    for v in range(n):
        if v == leader:
            continue
        others = np.array([a for a in range(n) if a != v])
        truth = rng.random(size) < float(spots[v])
        pick = others[rng.integers(0, n - 1, size)]
        pts[:, v] += truth
        np.add.at(pts, (np.flatnonzero(~truth), pick[~truth]), 2)
    return pts


def assert_close(sample, mean, var, what):
    """Sample mean and variance within 5 standard errors of the exact values."""
    size = len(sample)
    m, s2 = sample.mean(), sample.var()
    assert abs(m - mean) <= 5 * sqrt(s2 / size) + 1e-12, f"{what}: mean {m} vs {mean}"
    m4 = ((sample - m) ** 4).mean()
    assert abs(s2 - var) <= 5 * sqrt(max(m4 - s2 * s2, 0) / size) + 1e-12, f"{what}: var {s2} vs {var}"


@pytest.mark.parametrize("n, spots", [(3, [0.25] * 3), (4, [F(1, 3), 0.9, 0, 0.5]),
                                      (5, SEAT_SPOTS)])
def test_simulation_question(n, spots):
    rng = np.random.default_rng(20240 + n)
    for leader in range(n):
        pts = simulate_question(spots, leader, 40_000, rng)
        mean, var = seat_expected(spots, leader), seat_variance(spots, leader)
        for s in range(n):
            assert_close(pts[:, s], float(mean[s]), float(var[s]), f"n={n} leader={leader} seat={s}")
        table = pts.sum(axis=1)
        e = sum(float(x) for x in mean)
        assert abs(table.mean() - e) <= 5 * table.std() / sqrt(len(table)), "table total"


def test_simulation_round():
    spots = [0.2, 0.6, F(1, 3), 0.8]
    rng = np.random.default_rng(7)
    total = sum(simulate_question(spots, lead, 40_000, rng) for lead in round_leaders(4))
    mean, var = round_expected(spots), round_variance(spots)
    for s in range(4):
        assert_close(total[:, s], float(mean[s]), float(var[s]), f"round seat {s}")


# -- team game ---------------------------------------------------------------------------------

def enumerate_team(t, m, p):
    """Exact mean points of each author and each voter (voters wrote no answer), all with p."""
    authors = [("A", j) for j in range(t)]
    voters = [("V", i) for i in range(m)]
    branches = vote_branches(p, None, authors)
    mean = defaultdict(F)
    for combo in product(branches, repeat=m):
        pr = prod((q for _, q in combo), start=F(1))
        for x, (a, b) in score(dict(zip(voters, (a for a, _ in combo))), authors + voters).items():
            mean[x] += pr * (a + b)
    return mean


@pytest.mark.parametrize("t, m, p", [(3, 3, F(1, 3)), (3, 3, F(0)), (4, 5, F(1, 5)), (5, 4, F(3, 4)),
                                     (5, 1, F(1, 2)), (2, 5, F(1)), (5, 5, F(1, 6))])
def test_team_equals_enumeration(t, m, p):
    brute = enumerate_team(t, m, p)
    sym = team_expected()
    for e in (team_expected(t, m, p), {k: x.subs({T: t, M: m, P: p}) for k, x in sym.items()}):
        assert all(exact(e["author"]) == brute[("A", j)] for j in range(t)), f"author t={t} m={m}"
        assert all(exact(e["voter"]) == brute[("V", i)] for i in range(m)), f"voter t={t} m={m}"
        assert exact(e["reading_team"]) == t * brute[("A", 0)]
        assert exact(e["voting_team"]) == m * brute[("V", 0)]
    assert exact(team_expected(t, m, p)["author"]) == 2 * m * (1 - p) / t
    assert team_points(t, m, 0.5) == {"author": m / t, "voter": 0.5, "reading_team": m,
                                      "voting_team": m / 2}


# -- two-player game ---------------------------------------------------------------------------

def enumerate_picks(k, pick_spots):
    """Walk every pick order of the model's tree; the distribution of wrong picks."""
    dist = defaultdict(F)

    def walk(left, wrong, pr):
        j = k - len(left)                    # picks made so far, all wrong
        p = pick_spots[j] if left else F(1)  # only the truth left: it is picked
        dist[wrong] += pr * p
        for a in left:
            walk(left - {a}, wrong + 1, pr * (1 - p) / len(left))

    walk(frozenset(range(k)), 0, F(1))
    return dict(dist)


@pytest.mark.parametrize("k", [2, 3])
def test_two_player_equals_enumeration(k):
    sym = two_player_distribution(k)
    for spots in [(F(0),) * k, (F(1, 3),) * k, (F(1, 2),) * k, (F(1),) * k,
                  tuple(F(1, j + 2) for j in range(k)), guessing_spots(k)]:
        brute = enumerate_picks(k, [exact(s) for s in spots])
        dist = two_player_distribution(k, spots)
        assert {w: exact(x) for w, x in dist.items()} == {w: brute.get(w, 0) for w in range(k + 1)}
        mean, var = moments(brute.items())
        assert exact(two_player_expected(k, spots)) == mean, f"k={k} spots={spots}"
        assert exact(two_player_variance(k, spots)) == var, f"k={k} spots={spots}"
        if len(set(spots)) == 1:
            p = spots[0]
            assert {w: exact(x.subs(P, p)) for w, x in sym.items()} == dist
            assert exact(two_player_expected(k).subs(P, p)) == mean
            assert exact(sum((1 - p) ** w for w in range(1, k + 1))) == mean


@pytest.mark.parametrize("k", [2, 3])
def test_two_player_pure_guessing(k):
    # every order of the k + 1 answers equally likely: the truth's place is uniform
    orders = list(permutations(range(k + 1)))
    wrong = [order.index(k) for order in orders]
    assert F(sum(wrong), len(orders)) == F(k, 2)
    assert two_player_expected(k, guessing_spots(k)) == sp.Rational(k, 2)
    assert two_player_points(k, guessing_spots(k)) == k / 2
    assert set(two_player_distribution(k, guessing_spots(k)).values()) == {sp.Rational(1, k + 1)}
    assert guessing_spots(k) == tuple(naive_spot(k + 1 - j) for j in range(k))


def test_two_player_simulation():
    rng = np.random.default_rng(11)
    size, k, p = 100_000, 3, 0.4
    wrong = np.zeros(size, dtype=np.int64)
    going = np.ones(size, dtype=bool)
    for _ in range(k):
        miss = going & (rng.random(size) >= p)
        wrong += miss
        going = miss
    assert_close(wrong, two_player_points(k, p), float(two_player_variance(k, p)), "two players")


# -- naive voters, the frame -------------------------------------------------------------------

@pytest.mark.parametrize("n", [3, 4, 5])
def test_naive_voter_is_uniform(n):
    votes = vote_probabilities([naive_spot(n)] * n, leader=0)
    for v, row in votes.items():
        assert set(row.values()) == {sp.Rational(1, n)}, f"voter {v}: {row}"
        assert len(row) == n


def test_expected_points_frame():
    grid, players = [0, F(1, 4), 0.5, 1], [3, 4, 5]
    f = expected_points_frame(grid, players)
    assert list(f.columns) == FRAME_COLUMNS
    assert len(f) == len(players) * (len(grid) + 1) * len(ROLES)
    assert set(f.role) == set(ROLES) and set(f.model) == {"spot", "naive"}
    for col in ("spot", "expected", "sd"):
        assert pd.api.types.is_float_dtype(f[col]), f"{col} is not float"
    for row in f.itertuples():
        assert row.expected == pytest.approx(standard_points(row.players, row.spot)[row.role])
        var = float(standard_variance(row.players, row.spot)[row.role])
        assert row.sd == pytest.approx(sqrt(var)), f"{row}"
    naive = f[f.model == "naive"]
    assert (naive.spot == 1 / naive.players).all()
    assert len(expected_points_frame(grid, players, naive=False)) == len(players) * len(grid) * 5
    assert pd.api.types.is_integer_dtype(f.players)
    assert all(isinstance(x, str) for x in pd.concat([f.model, f.role])), "chart-ready columns"


def test_float_spot_is_read_as_written():
    assert standard_expected(3, 0.1)["voter"] == sp.Rational(1, 10)
    assert seat_expected(np.array([0.5, 0.5, 0.5]), 0) == seat_expected([F(1, 2)] * 3, 0)


# -- bad arguments -----------------------------------------------------------------------------

@pytest.mark.parametrize("call, name", [
    (lambda: standard_expected(4, 1.5), "spot"),
    (lambda: standard_expected(4, -0.1), "spot"),
    (lambda: standard_expected(4, True), "spot"),
    (lambda: standard_expected(4, "0.5"), "spot"),
    (lambda: standard_expected(4, float("nan")), "spot"),
    (lambda: standard_variance(3, F(4, 3)), "spot"),
    (lambda: standard_expected(6, 0.5), "n (players)"),
    (lambda: standard_expected(2, 0.5), "n (players)"),
    (lambda: standard_expected(4.0, 0.5), "n (players)"),
    (lambda: seat_expected([0.2, 0.5, 1.2], 0), "spots[2]"),
    (lambda: seat_variance([0.5] * 6, 0), "n (players)"),
    (lambda: seat_expected([0.5] * 2, 0), "n (players)"),
    (lambda: seat_expected([0.5] * 4, 4), "leader"),
    (lambda: round_expected([0.5] * 4, questions=0), "questions"),
    (lambda: round_leaders(7), "n (players)"),
    (lambda: team_expected(3, 2, 0.5), "t + m"),
    (lambda: team_expected(6, 4, 0.5), "t (reading team)"),
    (lambda: team_expected(5, 6, 0.5), "m (voting team)"),
    (lambda: team_expected(4, 4, 2), "spot"),
    (lambda: two_player_expected(4, 0.5), "k (false answers)"),
    (lambda: two_player_distribution(1, 0.5), "k (false answers)"),
    (lambda: guessing_spots(5), "k (false answers)"),
    (lambda: two_player_expected(2, [0.5]), "spot must give one value per pick"),
    (lambda: two_player_expected(3, [0.5, 0.5, 1.5]), "spot[2]"),
    (lambda: expected_points_frame([0.5], [6]), "n (players)"),
    (lambda: expected_points_frame([1.1], [3]), "spot"),
    (lambda: naive_spot(0), "choices"),
])
def test_bad_arguments_name_the_setting(call, name):
    with pytest.raises(ValueError, match="^" + re.escape(name)):
        call()


def test_a_sum_may_run_to_the_most_questions_and_no_further():
    # MAX_QUESTIONS = 1000: the Leader still passes to the left, question after question
    leaders = round_leaders(4, questions=1000)
    assert len(leaders) == 1000 and leaders[-4:] == [0, 1, 2, 3]
    with pytest.raises(ValueError, match=r"^questions must be at most 1,000 \(a round is 6\), got 1,001$"):
        round_leaders(4, questions=1001)


@pytest.mark.parametrize("k, spots", [(2, [0.5, 0.5, 0.5]), (3, [0.5, 0.5]), (3, [0.5] * 4)])
def test_per_pick_spots_give_exactly_one_value_per_pick(k, spots):
    # "Game for 2 Players": k false answers, so at most k wrong picks; one spot for each
    with pytest.raises(ValueError, match=rf"^spot must give one value per pick \({k}\), got {len(spots)}$"):
        two_player_distribution(k, spots)
