"""Bluffer by the numbers: what the Leader, an author and a voter can expect to score.

Rulebook: ``seeds/004_acaf89846761703d.txt`` (digest in ``RULES.md`` section 4).

**The rule.** "How to Play a Question": every player, the Leader included, writes a false
answer; the Leader adds the true one, shuffles, and reads them out numbered; everyone but the
Leader then bets on one number, never on their own answer. "5. Awarding Points": "You earn 2
points for every token bet by other players on your invented answer. If you bet on the true
answer, you also score 1 point."

**The voter model** (the one bluffkit's voter bots follow). Each voter has one number,
the *spot* p between 0 and 1: the chance of spotting the truth. With probability p the voter bets
on the true answer; otherwise they are fooled and bet on one of the false answers they did not
write, each as likely as the others. Voters decide independently of each other. A voter with
p = 1 always finds the truth, one with p = 0 is always fooled. The *naive* voter bets uniformly on
any answer but their own: that is the same as p = 1 / (answers to choose from), which is 1/n in
a game of n players (n + 1 answers less their own; :func:`naive_spot`).

**3 to 5 players** ("Rules of Play for 3 to 5 Players"). With n players and every voter's spot p, one question is worth on average

* to the Leader: 2(1 - p) (each of the n - 1 voters is fooled with chance 1 - p, and a fooled vote
  lands on the Leader's answer with chance 1/(n - 1));
* to any other player: 2(n - 2)(1 - p)/(n - 1) as an author, plus p as a voter;
* to the whole table: (n - 1)(2 - p): every vote pays 2 to an author unless it is on the truth,
  where it pays 1 to the voter.

So leading beats voting exactly when p < 2/(n + 1) (``leader_edge``); naive voters (p = 1/n)
always hand the Leader an edge. A round is 6 questions and the Leader's role passes to the left
each question ("5. Awarding Points", "End of a Round"): with 4 players, seats 0 and 1 lead twice
and seats 2 and 3 once, so the seats do not start equal (:func:`round_expected`).

**6 to 10 players** ("Game for 6 to 10 Players"): the t members of the reading team each write a
false answer and add the truth; the m members of the other team vote. Each author expects
2m(1 - p)/t, each voter p.

**2 players** ("Game for 2 Players"): the asker writes k = 2 or 3 false answers and the truth; the
guesser picks one answer after another until finding the truth, and each wrong pick is a point
for the asker. With the same model at every pick the asker expects
(1 - p) + (1 - p)^2 + ... + (1 - p)^k; a guesser who just guesses gives k/2.

What the model leaves out: a real player's spot changes from question to question and with
who wrote what; two identical answers (read as separate numbers by the rule) are treated like
any others. The numbers are averages over many questions; ``*_variance`` gives their spread.

Results are exact sympy expressions in the symbols ``n`` and ``p`` (or per-seat spots
``p_0, p_1, ...`` from :func:`spot_symbols`); the ``*_points`` helpers return floats.

>>> e = standard_expected()
>>> e["leader"], e["author"], e["table"]
(2 - 2*p, 2*(1 - p)*(n - 2)/(n - 1), -(n - 1)*(p - 2))
>>> standard_points(4, naive_spot(4))["leader"]
1.5
>>> round_expected([P] * 4)
(28/3 - 16*p/3, 28/3 - 16*p/3, 26/3 - 11*p/3, 26/3 - 11*p/3)
>>> two_player_expected(2, guessing_spots(2))
1
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from math import isfinite, sqrt
from numbers import Real
from typing import Any, TypeAlias, TypeGuard

import pandas as pd
import sympy as sp

from bluffkit.core.errors import check_whole, quote

N, P = sp.symbols("n p")          # plain symbols: .subs({"n": 4, "p": 0.5}) works
T, M = sp.symbols("t m")
TRUTH = "truth"
ROUND_QUESTIONS = 6
#: The most questions :func:`round_leaders` and the ``round_*`` sums take (a round is 6; a
#: game a few rounds): each question is summed exactly, one after another.
MAX_QUESTIONS = 1000
ROLES = ("leader", "author", "voter", "non_leader", "table")
FRAME_COLUMNS = ["players", "spot", "model", "role", "expected", "sd"]
_I = sp.Symbol("i", integer=True)  # summation index over voters

Spot: TypeAlias = Real | sp.Expr


# -- the model ---------------------------------------------------------------------------------

def naive_spot(choices: int | sp.Expr) -> sp.Expr:
    """The spot of a voter who bets uniformly on the ``choices`` answers open to them.

    ``choices`` is the number of answers other than one's own: n in the standard game of n
    players, t + 1 for a voter in the team game, the answers left in the two-player game.

    >>> naive_spot(4), naive_spot(N)
    (1/4, 1/n)
    """
    if isinstance(choices, sp.Basic) and choices.free_symbols:
        return 1 / choices
    return sp.Rational(1, _count(choices, "choices", 1))


def spot_symbols(n: int) -> tuple[sp.Symbol, ...]:
    """One spot symbol per seat, ``p_0 ... p_{n-1}``, for :func:`seat_expected` and friends.

    >>> spot_symbols(3)
    (p_0, p_1, p_2)
    """
    return sp.symbols(f"p_0:{_players(n)}")


def vote_probabilities(spots: Sequence[Spot], leader: int) -> dict[int, dict[int | str, sp.Expr]]:
    """The chance that each voter bets on each answer, for one question of the standard game.

    ``spots[s]`` is seat s's spot (the Leader's entry is ignored: the Leader does not vote).
    Answers are named by their author's seat, the true answer by ``TRUTH``. Voter v bets on the
    truth with chance ``spots[v]`` and on each of the n - 1 other players' answers with chance
    (1 - spots[v]) / (n - 1); never on their own ("It is forbidden to bet on your own answer").

    >>> vote_probabilities([P, P, P], leader=0)[1]
    {'truth': p, 0: 1/2 - p/2, 2: 1/2 - p/2}
    """
    spots = _spots(spots)
    leader = _seat(leader, len(spots), "leader")
    seats = range(len(spots))
    return {v: _vote_row(spots[v], [a for a in seats if a != v]) for v in seats if v != leader}


def _vote_row(spot: sp.Expr, false_answers: Sequence[int]) -> dict[int | str, sp.Expr]:
    """One voter's bet: the truth with chance ``spot``, else uniform among ``false_answers``."""
    return {TRUTH: spot} | {a: (1 - spot) / len(false_answers) for a in false_answers}


def _moments(votes: Mapping[Any, Mapping[Any, sp.Expr]], player: Hashable) -> tuple[sp.Expr, sp.Expr]:
    """Mean and variance of ``player``'s points for one question, straight from the rule.

    A vote by someone else on the player's answer pays them 2, their own vote on the truth pays
    1. Voters are independent, so the variances of the voters' contributions add up.
    """
    mean = var = sp.Integer(0)
    for voter, row in votes.items():
        pay = {a: (int(a == TRUTH) if voter == player else 2 * int(a == player)) for a in row}
        m1 = sum(pr * pay[a] for a, pr in row.items())
        m2 = sum(pr * pay[a] ** 2 for a, pr in row.items())
        mean, var = mean + m1, var + m2 - m1 ** 2
    return sp.expand(mean), sp.expand(var)


# -- standard game, 3 to 5 players -------------------------------------------------------------

def standard_expected(n: int | sp.Expr = N, spot: Spot = P) -> dict[str, sp.Expr]:
    """Expected points per question in a game of ``n`` players whose voters all have ``spot``.

    Keys: ``leader``; ``author`` and ``voter``, the two parts of ``non_leader`` (any other seat);
    ``table``, the points scored by everyone together; ``leader_edge`` = leader - non_leader.
    Derived by summing, over the voters who can bet on an answer, the chance (1 - p)/(n - 1) that
    a voter bets on it (the Leader's answer: n - 1 voters; another author's: n - 2).

    >>> e = standard_expected(4)
    >>> e["leader"], e["author"], e["voter"], e["table"], e["leader_edge"]
    (2 - 2*p, 4/3 - 4*p/3, p, 6 - 3*p, 2/3 - 5*p/3)
    """
    n, p = _players(n), _spot(spot)
    on_one = (1 - p) / (n - 1)                       # a voter's chance to bet on a given false answer
    leader = sp.summation(2 * on_one, (_I, 1, n - 1))
    author = sp.summation(2 * on_one, (_I, 1, n - 2))
    out = {"leader": leader, "author": author, "voter": p, "non_leader": author + p,
           "table": leader + (n - 1) * (author + p), "leader_edge": leader - author - p}
    if _symbolic(n):
        return out | {k: sp.factor(out[k]) for k in ("table", "leader_edge")}
    return {k: sp.expand(v) for k, v in out.items()}


def standard_variance(n: int | sp.Expr = N, spot: Spot = P) -> dict[str, sp.Expr]:
    """Variance of the points per question, same keys as :func:`standard_expected` (no edge).

    Each voter's bet on a given false answer is a coin with q = (1 - p)/(n - 1), worth 2; one's
    own bet on the truth a coin with p, worth 1; independent coins' variances add. The table's
    total is 2(n - 1) less one per vote on the truth, so its variance is (n - 1) p (1 - p).

    >>> standard_variance(3, sp.Rational(1, 3))["non_leader"]
    10/9
    """
    n, p = _players(n), _spot(spot)
    q = (1 - p) / (n - 1)
    leader = sp.summation(4 * q * (1 - q), (_I, 1, n - 1))
    author = sp.summation(4 * q * (1 - q), (_I, 1, n - 2))
    out = {"leader": leader, "author": author, "voter": p * (1 - p),
           "non_leader": author + p * (1 - p), "table": sp.summation(p * (1 - p), (_I, 1, n - 1))}
    return {k: sp.factor(v) for k, v in out.items()}


def seat_expected(spots: Sequence[Spot], leader: int) -> tuple[sp.Expr, ...]:
    """Each seat's expected points for one question, each voter with their own spot.

    Seat s scores 2 (1 - spots[v])/(n - 1) on average from every voter v other than s, plus
    spots[s] if s votes.

    >>> seat_expected(spot_symbols(3), leader=0)
    (-p_1 - p_2 + 2, p_1 - p_2 + 1, -p_1 + p_2 + 1)
    """
    votes = vote_probabilities(spots, leader)
    return tuple(_moments(votes, s)[0] for s in range(len(spots)))


def seat_variance(spots: Sequence[Spot], leader: int) -> tuple[sp.Expr, ...]:
    """Each seat's variance of points for one question (votes independent across voters).

    >>> seat_variance([0, 0, 0], leader=0)
    (2, 1, 1)
    """
    votes = vote_probabilities(spots, leader)
    return tuple(_moments(votes, s)[1] for s in range(len(spots)))


def round_leaders(n: int, questions: int = ROUND_QUESTIONS) -> list[int]:
    """The Leader of each question: seat 0 first, then the player to the left (seat + 1).
    ``questions`` is 1 to :data:`MAX_QUESTIONS` (1000).

    >>> round_leaders(4)
    [0, 1, 2, 3, 0, 1]
    """
    n, questions = _players(n), _count(questions, "questions", 1)
    if questions > MAX_QUESTIONS:
        raise ValueError(f"questions must be at most {MAX_QUESTIONS:,} (a round is {ROUND_QUESTIONS}), "
                         f"got {questions:,}")
    return [q % n for q in range(questions)]


def round_expected(spots: Sequence[Spot], questions: int = ROUND_QUESTIONS) -> tuple[sp.Expr, ...]:
    """Each seat's expected points over a round ("A round ends after 6 questions").

    The sum over the questions of :func:`seat_expected` with the leaders of :func:`round_leaders`;
    unless n divides the number of questions, the first seats lead once more than the others.
    ``questions`` is 1 to :data:`MAX_QUESTIONS` (1000).

    >>> round_expected([naive_spot(4)] * 4)
    (8, 8, 31/4, 31/4)
    """
    spots = _spots(spots)
    per_q = [seat_expected(spots, lead) for lead in round_leaders(len(spots), questions)]
    return tuple(sp.expand(sum(q[s] for q in per_q)) for s in range(len(spots)))


def round_variance(spots: Sequence[Spot], questions: int = ROUND_QUESTIONS) -> tuple[sp.Expr, ...]:
    """Each seat's variance of points over a round (questions independent, spots unchanged).
    ``questions`` is 1 to :data:`MAX_QUESTIONS` (1000).

    >>> round_variance([0, 0, 0, 0])
    (112/9, 112/9, 104/9, 104/9)
    """
    spots = _spots(spots)
    per_q = [seat_variance(spots, lead) for lead in round_leaders(len(spots), questions)]
    return tuple(sp.expand(sum(q[s] for q in per_q)) for s in range(len(spots)))


# -- team game, 6 to 10 players ----------------------------------------------------------------

def team_expected(t: int | sp.Expr = T, m: int | sp.Expr = M, spot: Spot = P) -> dict[str, sp.Expr]:
    """Expected points when a team of ``t`` reads and a team of ``m`` votes, all with ``spot``.

    The t answers of the reading team and the truth are read; every voter wrote none of them,
    so a fooled voter bets on each false answer with chance 1/t. Keys: ``author`` (each reader),
    ``voter`` (each voter), ``reading_team`` and ``voting_team`` (their sums). Each team has 1 to
    5 players (5 answers and the truth fill the board's 6 spaces, and the voting team shares
    "the 5 betting tokens"), 6 to 10 in all.

    >>> team_expected()
    {'author': m*(2 - 2*p)/t, 'voter': p, 'reading_team': 2*m*(1 - p), 'voting_team': m*p}
    >>> team_expected(4, 5, sp.Rational(1, 5))
    {'author': 2, 'voter': 1/5, 'reading_team': 8, 'voting_team': 1}
    """
    t, m, p = *_teams(t, m), _spot(spot)
    author = sp.summation(2 * (1 - p) / t, (_I, 1, m))
    return {"author": author, "voter": p, "reading_team": sp.simplify(t * author),
            "voting_team": m * p}


# -- two-player game ---------------------------------------------------------------------------

def guessing_spots(k: int) -> tuple[sp.Expr, ...]:
    """Per-pick spots of a guesser who just guesses: 1/(answers left) at each of the k picks.

    >>> guessing_spots(3)
    (1/4, 1/3, 1/2)
    """
    k = _false_answers(k)
    return tuple(naive_spot(k + 1 - j) for j in range(k))


def two_player_distribution(k: int, spot: Spot | Sequence[Spot] = P) -> dict[int, sp.Expr]:
    """The chance of each number w = 0..k of wrong picks (the asker's points for one question).

    At each pick the guesser takes the truth with chance ``spot`` (one value, or one per pick for
    the first k picks), else one of the false answers left; after k wrong picks only the truth
    is left. So P(w) = p (1 - p)^w for w < k and P(k) = (1 - p)^k.

    >>> two_player_distribution(2)
    {0: p, 1: p*(1 - p), 2: (1 - p)**2}
    """
    k = _false_answers(k)
    picks = _pick_spots(spot, k)
    out, all_wrong = {}, sp.Integer(1)                  # chance the first w picks were all wrong
    for w in range(k):
        out[w], all_wrong = all_wrong * picks[w], all_wrong * (1 - picks[w])
    out[k] = all_wrong
    return out


def two_player_expected(k: int, spot: Spot | Sequence[Spot] = P) -> sp.Expr:
    """The asker's expected points: (1 - p) + ... + (1 - p)^k; k/2 for a pure guesser.

    >>> two_player_expected(3)
    -(p - 1)*(p**2 - 3*p + 3)
    >>> two_player_expected(3, guessing_spots(3))
    3/2
    """
    return sp.factor(sum(w * pr for w, pr in two_player_distribution(k, spot).items()))


def two_player_variance(k: int, spot: Spot | Sequence[Spot] = P) -> sp.Expr:
    """Variance of the asker's points for one question (pure guessing: uniform on 0..k).

    >>> two_player_variance(2, guessing_spots(2))
    2/3
    """
    d = two_player_distribution(k, spot)
    mean = sum(w * pr for w, pr in d.items())
    return sp.factor(sum(w * w * pr for w, pr in d.items()) - mean ** 2)


# -- floats and frames -------------------------------------------------------------------------

def standard_points(n: int, spot: Spot) -> dict[str, float]:
    """:func:`standard_expected` as floats."""
    return {k: float(v) for k, v in standard_expected(n, spot).items()}


def seat_points(spots: Sequence[Spot], leader: int) -> list[float]:
    """:func:`seat_expected` as floats."""
    return [float(v) for v in seat_expected(spots, leader)]


def round_points(spots: Sequence[Spot], questions: int = ROUND_QUESTIONS) -> list[float]:
    """:func:`round_expected` as floats."""
    return [float(v) for v in round_expected(spots, questions)]


def team_points(t: int, m: int, spot: Spot) -> dict[str, float]:
    """:func:`team_expected` as floats."""
    return {k: float(v) for k, v in team_expected(t, m, spot).items()}


def two_player_points(k: int, spot: Spot | Sequence[Spot]) -> float:
    """:func:`two_player_expected` as a float."""
    return float(two_player_expected(k, spot))


#: Spots 0, 1/10, ..., 1: the grid of :func:`expected_points_frame`.
TENTHS = tuple(Fraction(i, 10) for i in range(11))


def expected_points_frame(spots: Iterable[Spot] = TENTHS,
                          players: Iterable[int] = (3, 4, 5), *, naive: bool = True) -> pd.DataFrame:
    """A tidy frame of expected points (and standard deviations) per question, for charts.

    One row per player count, spot and role of :data:`ROLES`; ``model`` is ``"spot"`` for the
    grid and ``"naive"`` for the extra row at spot 1/n added when ``naive`` is true. Floats only.
    ``spots`` is a list of spots, ``players`` a list of player counts (3 to 5).

    >>> f = expected_points_frame([0, 1], [3])
    >>> f.shape, list(f.columns)
    ((15, 6), ['players', 'spot', 'model', 'role', 'expected', 'sd'])
    >>> f.query("role == 'leader' and model == 'naive'").expected.item()
    1.3333333333333333
    """
    if not _many(spots):
        raise ValueError(f"spots must be a list of spots in [0, 1], e.g. [0, 0.5, 1], got {quote(spots)}")
    if not _many(players):
        raise ValueError(f"players must be a list of player counts from 3 to 5, e.g. [3, 4, 5], got {quote(players)}")
    grid = [_spot(s) for s in spots]
    rows = []
    for n in players:
        n = _players(n)
        for p, model in [(p, "spot") for p in grid] + ([(naive_spot(n), "naive")] if naive else []):
            e, v = standard_expected(n, p), standard_variance(n, p)
            rows += [(n, float(p), model, r, float(e[r]), sqrt(float(v[r]))) for r in ROLES]
    return pd.DataFrame(rows, columns=FRAME_COLUMNS)


# -- checks ------------------------------------------------------------------------------------

def _count(x: int, name: str, low: int = 0) -> int:
    """``x`` as an int (a sympy or numpy integer too) of at least ``low`` (:func:`check_whole`)."""
    return check_whole(int(x) if isinstance(x, sp.Integer) else x, name, low)


def _symbolic(x: object) -> bool:
    return isinstance(x, sp.Basic) and bool(x.free_symbols)


def _players(n: int | sp.Expr) -> int | sp.Expr:
    if _symbolic(n):
        return n
    if _count(n, "n (players)", 0) not in range(3, 6):
        raise ValueError(f"n (players) must be 3 to 5 in the standard game "
                         f"(\"Rules of Play for 3 to 5 Players\"), got {n!r}")
    return int(n)


def _seat(s: int, n: int, name: str) -> int:
    if _count(s, name) >= n:
        raise ValueError(f"{name} must be a seat 0..{n - 1}, got {s!r}")
    return int(s)


def _spot(x: Spot, name: str = "spot") -> sp.Expr:
    """A spot as an exact sympy number (0.1 is read as 1/10) or a symbolic expression."""
    if isinstance(x, sp.Float):
        x = float(x)
    if isinstance(x, sp.Basic):
        v = x
    elif isinstance(x, bool) or not isinstance(x, Real):
        raise ValueError(f"{name} must be a number in [0, 1], got {x!r}")
    elif isinstance(x, float) or not isinstance(x, (int, Fraction)):
        if not isfinite(float(x)):
            raise ValueError(f"{name} must be in [0, 1], got {x!r}")
        v = sp.Rational(str(float(x)))
    else:
        v = sp.Rational(x.numerator, x.denominator)
    if v.free_symbols:
        return v
    if not (v.is_real and 0 <= v <= 1):
        raise ValueError(f"{name} must be in [0, 1], got {x!r}")
    return v


def _many(x: object) -> TypeGuard[Iterable[Any]]:
    return isinstance(x, Iterable) and not isinstance(x, (str, bytes, sp.Basic))


def _spots(spots: Sequence[Spot]) -> tuple[sp.Expr, ...]:
    if not _many(spots):
        raise ValueError(f"spots must be a sequence with one spot per seat, got {spots!r}")
    spots = tuple(spots)
    _players(len(spots))
    return tuple(_spot(s, f"spots[{i}]") for i, s in enumerate(spots))


def _teams(t: int | sp.Expr, m: int | sp.Expr) -> tuple[int | sp.Expr, int | sp.Expr]:
    for x, name in ((t, "t (reading team)"), (m, "m (voting team)")):
        if not _symbolic(x) and _count(x, name, 0) not in range(1, 6):
            raise ValueError(f"{name} must have 1 to 5 players, got {x!r}")
    if _symbolic(t) or _symbolic(m):
        return t, m
    if not 6 <= t + m <= 10:
        raise ValueError(f"t + m (players) must be 6 to 10 in the team game "
                         f"(\"Game for 6 to 10 Players\"), got {t} + {m}")
    return int(t), int(m)


def _false_answers(k: int) -> int:
    if _count(k, "k (false answers)", 0) not in (2, 3):
        raise ValueError(f"k (false answers) must be 2 or 3 (\"Game for 2 Players\"), got {k!r}")
    return int(k)


def _pick_spots(spot: Spot | Sequence[Spot], k: int) -> tuple[sp.Expr, ...]:
    if _many(spot):
        spot = tuple(spot)
        if len(spot) != k:
            raise ValueError(f"spot must give one value per pick ({k}), got {len(spot)}")
        return tuple(_spot(s, f"spot[{j}]") for j, s in enumerate(spot))
    return (_spot(spot),) * k
