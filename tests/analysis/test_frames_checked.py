"""The frames of simulated games checked against the rules and the recorded moves.

Every expected value here is read from a rulebook (digest ``RULES.md``), from a documented
contract, or worked out by hand from a small frame or from the moves of the record, never
from the frame under test: a frame that mislabels a seat, sums where it should average, or
misreads a move then disagrees with what the game did.
"""

from __future__ import annotations

import math
from collections import Counter

import pandas as pd
import pytest

from bluffkit.agents.base import make_agent
from bluffkit.analysis import bloff_data as bd, bluffer_data as bld
from bluffkit.analysis.gamedata import trades_frame
from bluffkit.analysis.simulate import simulate
from bluffkit.core.game import make_game
from bluffkit.core.play import lineup, play_games
from bluffkit.core.seeding import game_seeds
from bluffkit.games.bloff.cards import RANK_NAMES, rank_of
from bluffkit.games.bloff.engine import Call, Play

# -- simulate: one row per game ------------------------------------------------------------


def test_each_seat_is_named_by_its_own_agent():
    """``agent_<seat>`` is the agent of that seat; ``simulate`` seats the line-up as given in
    every game (it does not rotate: that is the tournament's business)."""
    names = ["random", "honest", "caller"]
    df = simulate(make_game("bloff"), names, 5, 1)
    for s, name in enumerate(names):
        assert df[f"agent_{s}"].tolist() == [name] * 5, f"agent_{s}"


def test_bloff_cards_left_are_each_seats_own():
    """``cards_<seat>``: the cards left in that seat's hand. Bløff is won by emptying one's hand
    ("Førstemann ut har vunnet"), so the winner holds 0 and every other seat more."""
    df = simulate(make_game("bloff"), ["random", "honest", "caller"], 5, 1)
    for _, row in df.iterrows():
        winners = {int(w) for w in row["winners"].split(";")}
        assert len(winners) == 1, row["winners"]
        for s in range(3):
            left = row[f"cards_{s}"]
            assert (left == 0) == (s in winners), f"game {row['game']}: seat {s} holds {left}, winners {winners}"
    assert set(df["winners"]) != {"0"}, "some game is won by a seat other than 0"


def _bluffer_winners(history, players) -> list[int]:
    """Bluffer's winners from the points scored question by question: a round goes to its top
    score (ties: all tied win), two round wins take the game, and with no seat on two (three
    different winners) the last round's winner(s) take it (rules digest, section 4)."""
    rounds: dict[int, list[int]] = {}
    for r in history:
        pts = rounds.setdefault(r.round, [0] * players)
        for s in range(players):
            pts[s] += r.gains[s]
    round_winners = [[s for s in range(players) if pts[s] == max(pts)] for _, pts in sorted(rounds.items())]
    wins = Counter(s for w in round_winners for s in w)
    two = sorted(s for s in range(players) if wins[s] >= 2)
    return two or round_winners[-1]


def test_shared_wins_are_joined_by_semicolons():
    """``winners``: the seats, ``;``-separated. Seed 3, game 7 of eight Bluffer games between
    three random bots ends with two seats sharing the game: worked out from its points."""
    game = make_game("bluffer")
    df = simulate(game, ["random"] * 3, 8, 3)
    recs = dict(play_games(game, game_seeds(3, 8), lambda i: [make_agent("random", game) for _ in range(3)]))
    shared = _bluffer_winners(recs[7].final.history, 3)
    assert shared == [0, 2], "the record: round 1 to seat 0, round 2 to seat 2, round 3 tied"
    assert df.loc[7, "winners"] == "0;2"
    for i, rec in recs.items():
        assert df.loc[i, "winners"] == ";".join(map(str, _bluffer_winners(rec.final.history, 3))), f"game {i}"


# -- gamedata: a special cattle trade -----------------------------------------------------------


def _trade(herds, moves):
    game = make_game("youre-bluffing")
    states = [game.state_from_position(players=3, leader=0, herds=herds)]
    moves = [(seat, game.parse(text)) for seat, text in moves]
    for seat, action in moves:
        states.append(game.step(states[-1], seat, action))
    return game, states, moves


@pytest.mark.parametrize("answer, winner", [("accept", 0), ("counter 50", 1)])
def test_two_against_two_trades_both_cards(answer, winner):
    """YB "The Special Cattle Trade": when both players hold two of the family, both animals
    change hands, so ``cards`` is 2 and the winner's herd grows by 2 (to the whole family)."""
    cow = 8
    game, states, moves = _trade([{"cow": 2}, {"cow": 2}, {}], [(0, "trade 1 cow 10+10"), (1, answer)])
    row = trades_frame(game, states, moves, ["Anna", "Ben", "Carla"]).iloc[0]
    assert row["cards"] == 2
    assert row["winner"] == ["Anna", "Ben"][winner]
    assert states[-1].herds[winner][cow] - states[0].herds[winner][cow] == 2
    assert states[-1].herds[1 - winner][cow] == 0


def test_two_against_one_trades_one_card():
    """Any other count trades one animal (rules digest, section 1)."""
    game, states, moves = _trade([{"cow": 2}, {"cow": 1}, {}], [(0, "trade 1 cow 10"), (1, "accept")])
    row = trades_frame(game, states, moves, ["Anna", "Ben", "Carla"]).iloc[0]
    assert row["cards"] == 1 and row["winner"] == "Anna"
    assert states[-1].herds[0][8] - states[0].herds[0][8] == 1


# -- bloff_data: the claims read against the moves ----------------------------------------------

AGENTS = ["honest", "random", "caller"]


@pytest.fixture(scope="module")
def claims_and_moves():
    game = make_game("bloff")
    df = bd.simulate_claims(game, AGENTS, games=5, seed=2)
    recs = dict(play_games(game, game_seeds(2, 5), lambda i: [make_agent(a, game) for a in lineup(AGENTS, i)]))
    return df, recs


def _claims_from_moves(moves) -> list[dict]:
    """Each Play of a game with what the moves say of it: the seat, the rank in turn (Ace,
    2, ..., King and round again, one rank a play, called or not: "Play goes on ... with the
    next rank"), the cards laid, and the seat of a Call before the next play."""
    out = []
    for seat, action in moves:
        if seat is None:
            continue
        if isinstance(action, Play):
            out.append({"player": seat, "rank": len(out) % 13, "cards": action.cards, "caller": None})
        elif isinstance(action, Call):
            assert out[-1]["caller"] is None, "one call a play"
            out[-1]["caller"] = seat
    return out


def test_claims_match_the_moves(claims_and_moves):
    """``count`` is the number of cards laid; ``lie`` a card not of the rank in turn;
    ``called`` and ``caller`` the seat that made the Call (never the claimant); ``caught``
    a called lie."""
    df, recs = claims_and_moves
    for i, rec in recs.items():
        want = _claims_from_moves(rec.moves)
        got = df[df.game == i].reset_index(drop=True)
        assert len(got) == len(want), f"game {i}: one row per play"
        assert got["player"].tolist() == [w["player"] for w in want]
        assert got["agent"].tolist() == [lineup(AGENTS, i)[w["player"]] for w in want]
        assert got["rank"].tolist() == [RANK_NAMES[w["rank"]] for w in want]
        assert got["count"].tolist() == [len(w["cards"]) for w in want]
        lies = [any(rank_of(c) != w["rank"] for c in w["cards"]) for w in want]
        assert got["lie"].tolist() == lies
        assert got["called"].tolist() == [w["caller"] is not None for w in want]
        callers = [w["caller"] for w in want]
        assert [None if math.isnan(c) else int(c) for c in got["caller"]] == callers
        assert [None if pd.isna(a) else a for a in got["caller_agent"]] == \
            [None if c is None else lineup(AGENTS, i)[c] for c in callers]
        assert got["caught"].tolist() == [c is not None and lie for c, lie in zip(callers, lies)]
    # the checks above bite only if the games hold each case
    assert df["count"].gt(1).any() and df["called"].any()
    assert (df.called & df.lie).any() and (df.called & ~df.lie).any(), "called lies and called truths"
    assert (df.caller != df.player).all()


def test_lie_summary_gives_shares_not_counts():
    """``lie_summary``: by agent, the *share* of claims that were lies, that were called, and
    of lies that were caught."""
    df = pd.DataFrame({"agent": ["a"] * 4 + ["b"] * 2,
                       "lie": [True, True, False, False, False, False],
                       "called": [True, False, False, False, True, True],
                       "caught": [True, False, False, False, False, False]})
    s = bd.lie_summary(df).set_index("agent")
    assert s.loc["a", "claims"] == 4 and s.loc["b", "claims"] == 2
    assert s.loc["a", "called"] == 0.25 and s.loc["b", "called"] == 1.0
    assert s.loc["a", "lies"] == 0.5 and s.loc["b", "lies"] == 0.0
    assert s.loc["a", "lies_caught"] == 0.5 and pd.isna(s.loc["b", "lies_caught"])


# -- bluffer_data --------------------------------------------------------------------------------


def test_points_by_role_standard_error_is_std_over_root_count():
    """The standard error of a mean of two points 1 and 3: the sample standard deviation
    sqrt(2), over sqrt(2) questions, is 1."""
    df = pd.DataFrame({"seat": [0, 0], "spot": [0.5, 0.5], "role": ["voter", "voter"], "points": [1, 3]})
    row = bld.points_by_role(df).iloc[0]
    assert row["questions"] == 2 and row["mean_points"] == 2.0
    assert row["std"] == pytest.approx(math.sqrt(2))
    assert row["se"] == pytest.approx(1.0)


def test_game_points_sum_a_seats_points_in_a_game():
    df = pd.DataFrame({"game": [0, 0, 0, 1], "seat": [0, 0, 1, 0], "spot": [0.5] * 4, "points": [2, 3, 4, 7]})
    got = bld.game_points(df)
    assert got[["game", "seat", "points"]].values.tolist() == [[0, 0, 5], [0, 1, 4], [1, 0, 7]]


def test_each_bot_votes_with_its_own_spot():
    """A bot that always spots the truth votes for it every time and earns the point for it
    ("1 for a vote on the true answer"); one that never spots it does not find it by recall.
    Seats 1 and 2 spot at 1.0, seat 0 at 0.0."""
    df = bld.simulate(players=3, spots=[0.0, 1.0, 1.0], games=3, seed=1)
    voters = df[df.role == "voter"]
    assert df.groupby("seat")["spot"].first().tolist() == [0.0, 1.0, 1.0]
    for seat in (1, 2):
        rows = voters[voters.seat == seat]
        assert len(rows) > 0 and (rows["voter_points"] == 1).all(), f"seat {seat} spots the truth every time"
    assert voters[voters.seat == 0]["voter_points"].mean() < 1
