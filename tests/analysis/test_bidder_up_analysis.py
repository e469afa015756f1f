"""Simulated Bidder Up! games as frames and charts (bluffkit.analysis.bidder_up).

The counts are checked against what the engine did, not against the module's own reading of
the actions: each game is played again from its seed, and at every move the mover's hand and
the Piggy Bank are compared before and after (section C: the notes, by number, go onto the
Piggy Bank); the number of moves against the engine's count of turns (one move a turn).
"""

from __future__ import annotations

from collections import Counter

import pandas as pd
import pytest

from bluffkit.agents.base import make_agent
from bluffkit.analysis import bidder_up as bu
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.core.play import lineup, play
from bluffkit.games.bidder_up import actions as A
from bluffkit.games.bidder_up.board import shipped_board


@pytest.fixture(scope="module")
def runs():
    """Two four-player games on each side (heuristic and random bots), and three
    three-player Fairground games with the babies and every bot named."""
    return {"animal-market": bu.simulate_board(games=2, board="animal-market", seed=11, progress=False),
            "fairground": bu.simulate_board(games=2, board="fairground", seed=12, progress=False),
            "fair-3": bu.simulate_board(games=3, board="fairground", players=3, bots=["random", "heuristic", "random"],
                                        variants=["babies"], seed=13, progress=False)}


def test_the_same_seed_gives_the_same_frames(runs):
    again = bu.simulate_board(games=2, board="fairground", seed=12, progress=False)
    pd.testing.assert_frame_equal(again.seats, runs["fairground"].seats)
    pd.testing.assert_frame_equal(again.visits, runs["fairground"].visits)
    other = bu.simulate_board(games=2, board="fairground", seed=99, progress=False)
    assert not other.seats[["score", "notes_moved"]].equals(runs["fairground"].seats[["score", "notes_moved"]]), \
        "another seed plays other games"


def test_frames_are_tidy(runs):
    for key, run in runs.items():
        seats, visits = run
        players = int(seats["players"].iloc[0])
        games = seats["game"].nunique()
        assert len(seats) == games * players, f"{key}: one row per seat per game"
        assert not seats.duplicated(["game", "seat"]).any()
        board = seats["board"].iloc[0]
        assert len(visits) == games * len(shipped_board(board).spaces), f"{key}: one row per game per space"
        assert (seats.groupby("game")["won"].sum() >= 1).all(), f"{key}: every game has a winner"
        assert (seats.loc[seats.won, "rank"] == 1).all(), f"{key}: a winner ranks first"
        assert (seats["paid_moves"] <= seats["moves"]).all() and (seats["paid_moves"] <= seats["notes_moved"]).all()


def test_seats_rotate_so_every_bot_plays_every_seat(runs):
    seats = runs["fair-3"].seats
    assert seats.groupby("seat")["bot"].apply(lambda b: sorted(b)).tolist() == [["heuristic", "random", "random"]] * 3
    fixed = bu.simulate_board(games=2, board="animal-market", players=2, bots=["random", "heuristic"], seed=3,
                              progress=False, rotate=False).seats
    assert fixed.sort_values(["game", "seat"])["bot"].tolist() == ["random", "heuristic"] * 2


def _hand(t, seat) -> int:
    """The number of notes ``seat`` holds (in a pen's auction the notes are the auction's)."""
    return sum(t.money[seat] if t.auction is None else t.auction.money[seat])


@pytest.mark.parametrize("key", ["animal-market", "fairground", "fair-3"])
def test_counts_match_what_the_engine_did(runs, key):
    """Replay every game from its seed: at each move the mover's hand loses, and the Piggy
    Bank gains, the notes the frame says were paid (less what a Piggy Bank landing takes
    back at once, section F); every move counted once, one a turn."""
    seats, visits = runs[key]
    board, players = seats["board"].iloc[0], int(seats["players"].iloc[0])
    variants = ["babies"] if key == "fair-3" else []
    game = make_game("bidder-up", board=board, variants=variants)
    bots = seats[seats.game == 0].sort_values("seat")["bot"].tolist()       # game 0 seats the line-up as given
    for g in sorted(seats["game"].unique()):
        rows = seats[seats.game == g].sort_values("seat")
        rec = play(game, [make_agent(b, game) for b in lineup(bots, int(g))], int(rows["seed"].iloc[0]))
        assert rows["score"].tolist() == list(rec.scores), "the replayed game is the simulated one"
        t = game.table(players=players)
        paid_hand, paid_piggy, landed = Counter(), Counter(), Counter()
        for seat, action in rec.moves:
            if seat is None:
                t.apply_chance(action)
                continue
            hand, piggy = _hand(t, seat), len(t.piggy)
            t.apply(seat, action)
            if isinstance(action, A.Move):
                back = t.log[2] if t.log[:2] == ("piggy", seat) else 0       # the top notes taken on landing
                paid_hand[seat] += hand - _hand(t, seat) + back
                paid_piggy[seat] += len(t.piggy) - piggy + back
                landed[t.pos[seat]] += 1
        spent = rows["notes_moved"].tolist()
        assert spent == [paid_hand[s] for s in range(players)], f"game {g}: notes moved vs the hands' loss"
        assert spent == [paid_piggy[s] for s in range(players)], f"game {g}: notes moved vs the Piggy Bank's gain"
        v = visits[visits.game == g]
        assert dict(zip(v["space"], v["visits"])) == {s.id: landed[s.id] for s in shipped_board(board).spaces}
        assert v["visits"].sum() == rows["moves"].sum() == t.turn, f"game {g}: one move a turn, each counted once"
        assert v["notes"].sum() == rows["notes_moved"].sum()
        assert v["paid_visits"].sum() == rows["paid_moves"].sum()


@pytest.mark.parametrize("board", ["animal-market", "fairground"])
def test_spaces_carry_the_boards_labels_in_board_order(board):
    b = shipped_board(board)
    spaces = bu.board_spaces(board)
    assert [b.space(s).label for s in spaces["space"]] == spaces["label"].tolist()
    assert spaces["space"].tolist()[:len(b.loop)] == list(b.loop), "the loop first, clockwise from the start"
    assert set(spaces["space"]) == {s.id for s in b.spaces}
    assert spaces["name"].is_unique, "a chart tells every space apart"
    assert all(n == lab or n.startswith(lab + " #") for n, lab in zip(spaces["name"], spaces["label"]))
    assert spaces["on_hill"].tolist() == [False] * len(b.loop) + [True] * (len(b.spaces) - len(b.loop))
    assert spaces["space"].iloc[-1] == "hilltop", "the hilltop after the arms that lead to it"
    pens = spaces[spaces.kind == "pen"]
    assert (pens["format"] != "").all() and (spaces.loc[spaces.kind != "pen", "format"] == "").all()


def test_pens_name_their_auction():
    am = bu.board_spaces("animal-market").set_index("space")["format"]
    fair = bu.board_spaces("fairground").set_index("space")["format"]
    # first game, section B: Animal Market Dutch and Cat in the Bag plus Classic twice,
    # Fairground Dutch, Cat in the Bag, Secret Value, Classic (two pens per tile position)
    assert sorted(Counter(am[am != ""]).items()) == [("Cat in the Bag", 2), ("Classic", 4), ("Dutch Auction", 2)]
    assert sorted(Counter(fair[fair != ""]).values()) == [2, 2, 2, 2]


def _encoding(spec: dict) -> dict:
    inner = spec.get("spec", spec)
    return inner.get("encoding") or inner["layer"][0]["encoding"]


def _rows(spec: dict) -> list[dict]:
    return [r for rows in spec["datasets"].values() for r in rows]


def test_visits_chart_shows_labels_by_kind(runs):
    both = pd.concat([runs["animal-market"].visits, runs["fairground"].visits], ignore_index=True)
    for visits, facets in ((runs["fairground"].visits, False), (both, True)):
        spec = bu.visits_chart(visits).to_dict()
        enc = _encoding(spec)
        assert (enc["y"]["field"], enc["x"]["field"], enc["color"]["field"]) == ("name", "per_game", "kind_words")
        assert enc["x"]["title"] == "landings per game (all pawns)"
        assert enc["y"]["sort"] == {"field": "order", "op": "min"}
        assert enc["color"]["scale"]["range"][0] == bu.KIND_COLOURS["pen"]
        assert {t["field"] for t in enc["tooltip"]} >= {"name", "kind_words", "per_game", "share"}
        assert ("facet" in spec) == facets
        rows = _rows(spec)
        names = {r["name"] for r in rows}
        assert "Horse-Trading #1" in names and "Pen 1 (small)" in names and "pen-1" not in names
        assert {r["label"] for r in rows} <= {s.label for b in bu.BOARD_NAMES for s in shipped_board(b).spaces}
        fair = [r for r in rows if r["board"] == "fairground"]
        assert abs(sum(r["per_game"] for r in fair) - runs["fairground"].seats["moves"].sum() / 2) < 1e-9
        assert spec["title"]["text"][0].startswith("Where the pawns land")
        # the board shows no "#1": the subtitle says how the repeated labels are counted
        sub = " ".join(spec["title"]["subtitle"])
        assert "a label the board repeats is numbered in that order (#1 the first)" in sub, sub


def test_movement_cost_chart_plots_score_against_notes(runs):
    both = pd.concat([runs["animal-market"].seats, runs["fairground"].seats], ignore_index=True)
    for seats, facets in ((runs["animal-market"].seats, False), (both, True)):
        spec = bu.movement_cost_chart(seats).to_dict()
        inner = spec.get("spec", spec)
        points, trend = inner["layer"]
        assert (points["encoding"]["x"]["field"], points["encoding"]["y"]["field"]) == ("notes_moved", "score")
        assert points["encoding"]["x"]["title"].endswith("(notes)") and points["encoding"]["y"]["title"].endswith(
            "(points)")
        assert points["encoding"]["color"]["field"] == "bot" and points["encoding"]["tooltip"]
        assert trend["transform"][0] == {"regression": "score", "on": "notes_moved", "groupby": ["bot"]}
        assert ("facet" in spec) == facets
        assert len(_rows(spec)) == len(seats)


def test_bad_arguments_are_refused_clearly():
    cases = [(dict(games=0), "games must be a whole number >= 1, got 0"),
             (dict(games=2.0), "games must be"),
             (dict(board="moon"), "board must be one of animal-market, fairground, got 'moon'"),
             (dict(players=5), "2 to 4 players, got 5"),
             (dict(players=1), "2 to 4 players, got 1"),
             (dict(bots=["heuristic", "random", "cheat", "random"]), "unknown bot 'cheat'"),
             (dict(bots=["heuristic", "random"]), "4 players, 2 bots"),
             (dict(bots="heuristic"), "bots must be a list"),
             (dict(seed=-1), r"seed must be a whole number from 0 to 2\*\*1024 - 1"),
             (dict(variants=["moonwalk"]), "unknown variant 'moonwalk'"),
             (dict(variants="babies"), "variants must be a list")]
    for kwargs, words in cases:
        with pytest.raises(RulesError, match=words.replace("(", r"\(").replace(")", r"\)")):
            bu.simulate_board(**{"games": 1, "progress": False, **kwargs})
    assert issubclass(RulesError, ValueError)
    with pytest.raises(RulesError, match="board must be one of"):
        bu.board_spaces("moon")


def test_score_by_notes_bins_by_hand():
    # twenty seats: notes 0..19, score 100 a note; step 5 -> bins 0-4, 5-9, 10-14, 15-19 (the 95th
    # percentile is 18.05, so an open last bin would start at 20: no seat lies beyond it)
    df = pd.DataFrame({"board": "animal-market", "bot": "random", "notes_moved": range(20),
                       "score": [100 * k for k in range(20)]})
    g = bu.score_by_notes(df, step=5)
    assert g["bin"].tolist() == ["0–4", "5–9", "10–14", "15–19"]
    assert g["mean"].tolist() == [200.0, 700.0, 1200.0, 1700.0]
    assert g["seats"].tolist() == [5] * 4
    # the sample standard deviation of 0, 100, 200, 300, 400 is 158.11; its mean's error 158.11 / sqrt 5
    assert g["se"].round(2).tolist() == [70.71] * 4
    # Student's t with 4 degrees of freedom, 2.776 in the printed tables (1.96, the normal
    # quantile, covered some 88 % on five seats)
    assert (g["high_ci"] - g["mean"]).round(1).tolist() == [196.3] * 4
    tail = pd.concat([df, df.assign(notes_moved=[60] + [1] * 19)], ignore_index=True)
    last = bu.score_by_notes(tail, step=5, min_seats=1).iloc[-1]
    assert (last["bin"], last["seats"], last["mean"]) == ("20+", 1, 0.0), "beyond the 95th percentile: one bin"
    assert pd.isna(last["low_ci"]) and pd.isna(last["high_ci"]), "one seat: no interval, not a zero-width one"
    assert bu.score_by_notes(df, step=5, min_seats=6).empty, "bins of fewer seats are left out"
    for bad in (0, 2.5, True):
        with pytest.raises(ValueError, match="step must be a whole number >= 1"):
            bu.score_by_notes(df, step=bad)


def test_score_by_notes_chart(runs):
    seats = pd.concat([runs["animal-market"].seats, runs["fairground"].seats], ignore_index=True)
    spec = bu.score_by_notes_chart(seats, step=6, min_seats=1).to_dict()
    bars, dots = spec["spec"]["layer"]
    assert (dots["encoding"]["x"]["field"], dots["encoding"]["y"]["field"]) == ("bin", "mean")
    assert (bars["encoding"]["y"]["field"], bars["encoding"]["y2"]["field"]) == ("low_ci", "high_ci")
    assert dots["encoding"]["x"]["title"].endswith("(notes)") and dots["encoding"]["y"]["title"].endswith("(points)")
    assert dots["encoding"]["xOffset"]["field"] == "bot" and dots["encoding"]["tooltip"]
    rows = _rows(spec)
    assert sum(r["seats"] for r in rows) == len(seats), "every seat in one bin"


def test_progress_is_reported():
    seen = []
    bu.simulate_board(games=2, board="animal-market", players=2, seed=1, progress=lambda done, total: seen.append(
        (done, total)))
    assert seen[-1] == (2, 2)


def test_paid_share_is_of_the_landings_there():
    """``paid_share``: of the landings on a space, the share that cost notes. Two games, two
    landings each on the space, one paid in all: 1 of 4 landings, a quarter (not 1 paid per
    2 games), while ``per_game`` is 4 landings over 2 games."""
    row = {"board": "fairground", "order": 0, "space": "s", "label": "Pen", "name": "Pen", "kind": "pen",
           "on_hill": False, "format": "Classic"}
    visits = pd.DataFrame([{**row, "game": 0, "visits": 2, "paid_visits": 1, "notes": 3},
                           {**row, "game": 1, "visits": 2, "paid_visits": 0, "notes": 0}])
    g = bu.visits_per_game(visits).iloc[0]
    assert (g["visits"], g["paid_visits"], g["games"]) == (4, 1, 2)
    assert g["paid_share"] == 0.25
    assert g["per_game"] == 2.0


@pytest.mark.parametrize("key", ["fairground", "fair-3"])
def test_market_and_raffle_notes_are_counted_apart(runs, key):
    """Replay the Fairground games: ``notes_market`` is the notes a seat paid at the market
    [G], 1, +2, +3 notes for each type moved 1, 2, 3 steps ("Daniel raises sheep 2 steps (3
    notes) ... and lowers donkeys 1 step (1 note): 4 notes in all"), and ``notes_raffle`` the
    notes paid at the raffle booth [H], one a ticket drawn."""
    seats = runs[key][0]
    players = int(seats["players"].iloc[0])
    game = make_game("bidder-up", board="fairground", variants=["babies"] if key == "fair-3" else [])
    bots = seats[seats.game == 0].sort_values("seat")["bot"].tolist()
    for g in sorted(seats["game"].unique()):
        rows = seats[seats.game == g].sort_values("seat")
        rec = play(game, [make_agent(b, game) for b in lineup(bots, int(g))], int(rows["seed"].iloc[0]))
        market, raffle = Counter(), Counter()
        for seat, action in rec.moves:
            if isinstance(action, A.Market):
                cost = sum(abs(steps) * (abs(steps) + 1) // 2 for _, steps in action.changes)
                assert sum(action.notes) == cost, f"game {g}: {action}"
                market[seat] += cost
            elif isinstance(action, A.Raffle):
                assert sum(action.notes) == action.k, f"game {g}: {action}"
                raffle[seat] += action.k
        assert rows["notes_market"].tolist() == [market[s] for s in range(players)], f"game {g}: market notes"
        assert rows["notes_raffle"].tolist() == [raffle[s] for s in range(players)], f"game {g}: raffle notes"
    assert seats["notes_market"].sum() > 0 and seats["notes_raffle"].sum() > 0, "both places were paid at"


def _seats(notes, scores=None, board="animal-market"):
    return pd.DataFrame({"board": board, "bot": "random", "notes_moved": list(notes),
                         "score": list(scores) if scores is not None else [100 * k for k in notes]})


def test_score_by_notes_default_and_open_bins():
    """Default width: about five bins up to the 95th percentile. Notes 0..19: the 95th
    percentile is 18.05, a width of ceil(18.05 / 5) = 4, bins 0-3 ... 16-19. Notes 0..99 by
    tens: the 95th percentile 94.05 lies in 90-99, so no open bin (the 90th, 89.1, would make
    one "90+"). Notes 0..20 by fives: the seat at 20 is the only one from 20: "20–24", not "20+"."""
    assert bu.score_by_notes(_seats(range(20)), min_seats=1)["bin"].tolist() == ["0–3", "4–7", "8–11", "12–15", "16–19"]
    assert bu.score_by_notes(_seats(range(100)), step=10, min_seats=1)["bin"].iloc[-1] == "90–99"
    last = bu.score_by_notes(_seats(range(21)), step=5, min_seats=1).iloc[-1]
    assert (last["bin"], last["seats"]) == ("20–24", 1)


def test_score_by_notes_gives_no_interval_without_spread():
    """Five seats that all scored 100: no spread to estimate an interval from (NaN, not 100-100)."""
    g = bu.score_by_notes(_seats([1, 1, 2, 2, 3], scores=[100] * 5), step=5).iloc[0]
    assert (g["seats"], g["mean"], g["se"]) == (5, 100.0, 0.0)
    assert pd.isna(g["low_ci"]) and pd.isna(g["high_ci"])


def test_score_by_notes_chart_refuses_when_no_bin_is_full_enough():
    with pytest.raises(ValueError, match=r"no bin of notes holds 5 seats of a bot or more \(3 seats in all\)"):
        bu.score_by_notes_chart(_seats([0, 1, 2]))


def test_visits_share_is_of_each_boards_landings():
    """Two boards, one game each: each board's shares add up to 1 (not the two boards' together)."""
    rows = []
    for board, visits in (("fairground", (3, 1)), ("animal-market", (2, 2))):
        for order, (space, v) in enumerate(zip(("a", "b"), visits)):
            rows.append({"board": board, "game": 0, "order": order, "space": space, "label": space, "name": space,
                         "kind": "pen", "on_hill": False, "format": "Classic", "visits": v, "paid_visits": 0,
                         "notes": 0})
    g = bu.visits_per_game(pd.DataFrame(rows)).set_index(["board", "space"])["share"]
    assert g.to_dict() == {("animal-market", "a"): 0.5, ("animal-market", "b"): 0.5,
                           ("fairground", "a"): 0.75, ("fairground", "b"): 0.25}


def test_too_many_bots_and_players_are_refused():
    with pytest.raises(RulesError, match=r"give one bot per seat: 4 players, 5 bots"):
        bu.simulate_board(games=1, bots=["random"] * 5, progress=False)
    with pytest.raises(RulesError, match=r"2 to 4 players, got 5"):
        bu.board_spaces("fairground", 5)


@pytest.mark.slow                      # a simulated example and a chart of 4,000 points: some 0.6 s
def test_movement_cost_chart_of_many_seats_plots_a_sample_and_every_seats_trend():
    """8,000 seats (2,000 four-player games): the chart held every row, and altair refused
    it on display (MaxRowsError past 5,000 rows)."""
    import numpy as np
    (args, _), = bu.movement_cost_chart.chart_example()[:1]
    seats = args[0]
    rng = np.random.default_rng(1)
    many = pd.concat([seats.assign(game=seats["game"] + 1000 * k) for k in range(8000 // len(seats) + 1)],
                     ignore_index=True)
    many["score"] = many["score"] + rng.integers(0, 500, len(many))
    spec = bu.movement_cost_chart(many).to_dict()          # (altair checks the rows here)
    rows = _rows(spec)
    points = [r for r in rows if r["layer"] == "point"]
    assert len(points) == bu.MAX_POINTS
    assert "4,000 of the" in " ".join(spec["title"]["subtitle"])
    for bot, g in many.groupby("bot"):
        slope, icept = np.polyfit(g["notes_moved"].astype(float), g["score"].astype(float), 1)
        ends = sorted((r["notes_moved"], r["score"]) for r in rows if r["layer"] == "trend" and r["bot"] == bot)
        assert [x for x, _ in ends] == [g["notes_moved"].min(), g["notes_moved"].max()]
        assert all(abs(y - (icept + slope * x)) < 1e-6 for x, y in ends)


def _many_seats(n):
    """``n`` seats of two bots on one board, with spread in notes and scores."""
    import numpy as np
    rng = np.random.default_rng(0)
    return pd.DataFrame({"board": "animal-market", "game": np.arange(n) // 4, "seat": np.arange(n) % 4,
                         "bot": np.where(np.arange(n) % 4 == 0, "heuristic", "random"),
                         "score": rng.integers(0, 1000, n), "notes_moved": rng.integers(0, 30, n),
                         "paid_moves": rng.integers(0, 5, n), "moves": 20, "rank": np.arange(n) % 4 + 1})


@pytest.mark.slow                      # a chart of 5,000 points drawn through to_dict: some 0.3 s
def test_movement_cost_chart_with_the_most_points_keeps_within_altairs_limit():
    """max_points=5000 of 6,000 seats drew 5,000 points and 4 rows of trend lines: 5,004
    rows, which altair refused (MaxRowsError). Points and lines now keep within 5,000 and
    the subtitle gives the number of points drawn."""
    spec = bu.movement_cost_chart(_many_seats(6000), max_points=5000).to_dict()   # (altair checks the rows here)
    rows = _rows(spec)
    assert len(rows) == 5000 and sum(r["layer"] == "trend" for r in rows) == 4
    assert "4,996 of the 6,000 seats drawn at random" in " ".join(spec["title"]["subtitle"])


@pytest.mark.parametrize("bad", [5001, 10**9, 0, -1, 2.5, float("nan"), "4000", None, True])
def test_movement_cost_chart_refuses_a_max_points_altair_cannot_draw_in_words(bad):
    with pytest.raises(ValueError) as e:
        bu.movement_cost_chart(_many_seats(8), max_points=bad)
    assert str(e.value).startswith("movement_cost_chart: max_points must be a whole number from 1 to 5,000 ") and \
        str(e.value).endswith(f"got {bad!r}"), str(e.value)
