"""Tournaments without a cluster: line-ups and seating, ranks, the summary and head-to-head
statistics, and a run's folder (manifest, parts, resume, refusals) played in this process.

The dask side (several workers, a killed worker, the command) is in test_tournament_dask.py.
"""

from __future__ import annotations

import json
import math
import os
import re
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

from bluffkit.analysis.tournament import (
    COLUMNS,
    frame,
    lineups,
    pairwise,
    play_range,
    ranks,
    seating,
    summary,
    tournament,
)
from bluffkit.analysis.tournament_charts import pairwise_chart, summary_chart
from bluffkit.analysis.tournament_run import TournamentError, load, plan, read_manifest, run
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game

ROOT = Path(__file__).resolve().parents[2]
FIELD = ["truthful", "shade", "random"]          # sealed-bid auction bots: a game takes about a millisecond


@pytest.fixture(scope="module")
def auction():
    return make_game("auction")


def snapshot(folder: Path) -> dict:
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


# -- line-ups and seats -------------------------------------------------------------------

def test_line_ups_fixed_one_for_all_and_round_robin():
    assert lineups(["a", "b", "c"], 3) == [("a", "b", "c")]
    assert lineups(["a"], 3) == [("a", "a", "a")]
    rr = lineups(["a", "b", "c"], 3, "round-robin")
    assert len(rr) == 10 - 3, "every multiset of 3 from 3 bots but the three of one bot only"
    assert ("a", "a", "a") not in rr and ("a", "b", "c") in rr and ("b", "c", "c") in rr
    assert lineups(["a", "b", "c", "a"], 3) == rr, "more bots than seats: a round-robin of the distinct bots"
    assert lineups(["a", "b"], 4) == [("a", "a", "a", "b"), ("a", "a", "b", "b"), ("a", "b", "b", "b")]
    assert lineups(["a", "b"], 2, "round-robin") == [("a", "b")]


@pytest.mark.parametrize("field, players, mode, said", [
    (["a", "b"], 3, "fixed", "one bot per seat"),
    (["a", "a"], 3, "round-robin", "two different bots"),
    (["a", "b"], 3, "swiss", "not 'swiss'"),
    ([], 3, None, "at least one bot"),
    (["a", "b"], 0, None, "players"),
])
def test_bad_line_ups_are_refused(field, players, mode, said):
    with pytest.raises(RulesError, match=said):
        lineups(field, players, mode)


def test_every_bot_sits_in_every_seat_equally_over_a_cycle():
    table = lineups(["a", "b", "c"], 3, "round-robin")
    cycle = 3 * len(table)
    seats = Counter()
    rotations = Counter()
    for i in range(2 * cycle):
        k, seated = seating(table, i)
        assert sorted(seated) == sorted(table[k]), f"game {i} seats line-up {k} in another order only"
        rotations[(k, seated)] += 1
        for seat, bot in enumerate(seated):
            seats[(bot, seat)] += 1
    assert len(set(seats.values())) == 1, f"seats not balanced: {seats}"
    assert len(rotations) == 3 * len(table) and set(rotations.values()) == {2}, "each rotation of each line-up, twice"


@pytest.mark.parametrize("scores, winners, expected", [
    ((5, 7, 7, 2), (1, 2), [3, 1, 1, 4]),
    ((5, 7, 3), (0,), [1, 2, 3]),          # the winner by a tie-break, not by score
    ((4, 4, 1), (0, 1), [1, 1, 3]),
    ((3, 3, 1), (0,), [1, 2, 3]),
    ((2, 5, 5), (0,), [1, 2, 2]),
])
def test_ranks(scores, winners, expected):
    assert ranks(scores, winners) == expected


def test_a_game_is_the_same_whatever_range_it_is_played_in(auction):
    table = lineups(FIELD, 3)
    whole = frame(play_range(auction, table, 7, 0, 30))
    part = frame(play_range(auction, table, 7, 10, 20))
    pd.testing.assert_frame_equal(whole[whole["game"].between(10, 19)].reset_index(drop=True), part)
    assert list(whole.columns) == list(COLUMNS)
    assert whole.groupby("game")["won"].sum().round(12).eq(1).all(), "each game's win shared out whole"
    assert (whole.groupby("game")["rank"].min() == 1).all()


def test_the_in_process_tournament_keeps_its_columns_and_seats():
    df = tournament(make_game("bloff"), ["honest", "random", "random"], games=12, seed=1)
    assert df.groupby("agent")["seat"].nunique().eq(3).all()
    assert len(df) == 36 and set(df["lineup"]) == {0}



def test_a_shared_win_is_split_between_its_winners():
    """``won`` is a seat's share of the win, 1/k for each of k winners: a game's shares
    add up to one win. In these 60 games of Bluffer two games end with two winners (the
    seats ranked 1, as every winner is)."""
    df = tournament(make_game("bluffer"), ["random"], games=60, seed=3, players=3)
    winners = df[df["rank"] == 1]
    per_game = winners.groupby("game").size()
    assert sorted(per_game[per_game > 1].index) == [7, 38] and per_game.max() == 2
    for game in (7, 38):
        assert winners.loc[winners["game"] == game, "won"].tolist() == [0.5, 0.5], game
        assert (df.loc[(df["game"] == game) & (df["rank"] > 1), "won"] == 0).all(), game
    assert df.groupby("game")["won"].sum().eq(1).all(), "one win shared out in every game"
    assert df["won"].sum() == 60


def test_a_progress_bar_plays_the_games_asked_no_more(auction, capsys):
    """A bar draws its games 100 at a time: 150 games are 100 and 50, not 100 and 100."""
    shown = tournament(auction, FIELD, 150, seed=5, players=3, progress=True)
    assert len(shown) == 150 * 3 and sorted(shown["game"].unique()) == list(range(150))
    pd.testing.assert_frame_equal(shown, tournament(auction, FIELD, 150, seed=5, players=3))
    assert "150/150" in capsys.readouterr().err, "the bar ends at the games asked"


# -- summary and head to head, against numbers worked out by hand ---------------------------

def hand_frame() -> pd.DataFrame:
    rows = [  # game, seat, agent, won, score, rank
        (0, 0, "A", 1.0, 5, 1), (0, 1, "A", 0.0, 3, 2), (0, 2, "B", 0.0, 1, 3),
        (1, 0, "A", 0.0, 2, 2), (1, 1, "B", 1.0, 6, 1), (1, 2, "A", 0.0, 2, 2),
        (2, 0, "B", 0.5, 4, 1), (2, 1, "A", 0.5, 4, 1), (2, 2, "A", 0.0, 1, 3)]
    return pd.DataFrame(rows, columns=["game", "seat", "agent", "won", "score", "rank"])


def wilson_by_hand(p: float, n: int, z: float) -> tuple[float, float]:
    """The Wilson score interval, written out: (p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)."""
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def test_summary_averages_a_bots_seats_in_a_game_then_the_games():
    s = summary(hand_frame()).set_index(["agent", "measure"])
    z = statistics.NormalDist().inv_cdf(0.975)
    a_won = [0.5, 0.0, 0.25]                        # A's seats' mean win share in games 0, 1, 2
    se = statistics.stdev(a_won) / math.sqrt(3)
    row = s.loc[("A", "win share")]
    assert row["games"] == 3 and row["mean"] == pytest.approx(0.25) and row["se"] == pytest.approx(se)
    assert 0.25 - z * se < 0, "the normal interval passes 0 here"
    assert (row["lo"], row["hi"]) == pytest.approx(wilson_by_hand(0.25, 3, z)), "a share's interval: Wilson's"
    assert 0 < row["lo"] < row["hi"] < 1 and row["interval"] == "Wilson score"
    score = s.loc[("B", "score")]
    b_score = [1, 6, 4]
    t2 = 4.303                  # Student's t, 2 degrees of freedom, 97.5 % (the tables)
    assert (score["lo"], score["hi"]) == pytest.approx((statistics.mean(b_score) - t2 * statistics.stdev(b_score) / 3 ** 0.5,
                                                        statistics.mean(b_score) + t2 * statistics.stdev(b_score) / 3 ** 0.5),
                                                       rel=1e-3)
    assert score["interval"].startswith("Student t")
    assert s.loc[("B", "score"), "mean"] == pytest.approx((1 + 6 + 4) / 3)
    assert s.loc[("A", "rank"), "mean"] == pytest.approx((1.5 + 2 + 2) / 3)
    assert list(s.index.get_level_values("measure").unique()) == ["win share", "score", "rank"]



def test_one_game_has_no_interval_for_a_score_or_a_rank_and_says_why():
    """After one game there is no spread to estimate: the reason is the one game, not
    that every game gave the same value (there is a single value)."""
    one = hand_frame().query("game == 1")
    s = summary(one).set_index(["agent", "measure"])
    for agent in ("A", "B"):
        assert s.loc[(agent, "win share"), "games"] == 1
        assert s.loc[(agent, "win share"), "interval"] == "Wilson score"
        for measure in ("score", "rank"):
            row = s.loc[(agent, measure)]
            assert math.isnan(row["lo"]) and math.isnan(row["hi"]) and math.isnan(row["se"]), (agent, measure)
            assert row["interval"] == "none: one game", (agent, measure)
    assert s.loc[("A", "score"), "mean"] == 2 and s.loc[("B", "rank"), "mean"] == 1


def test_head_to_head_counts_a_game_once_and_a_tie_as_half():
    p = pairwise(hand_frame()).set_index(["agent", "opponent"])
    ahead = [1.0, 0.0, 0.25]                         # A's two seats against B's one: both ahead; both behind; a tie and behind
    assert p.loc[("A", "B"), "ahead"] == pytest.approx(statistics.mean(ahead))
    assert p.loc[("A", "B"), "se"] == pytest.approx(statistics.stdev(ahead) / math.sqrt(3))
    assert p.loc[("B", "A"), "ahead"] == pytest.approx(1 - statistics.mean(ahead))
    assert p.loc[("A", "B"), "games"] == 3 and len(p) == 2, "no bot against itself"
    z = statistics.NormalDist().inv_cdf(0.975)
    assert (p.loc[("A", "B"), "lo"], p.loc[("A", "B"), "hi"]) == pytest.approx(
        wilson_by_hand(statistics.mean(ahead), 3, z)), "a share's interval: Wilson's"
    assert (p["lo"] >= 0).all() and (p["hi"] <= 1).all() and (p["interval"] == "Wilson score").all()


def test_charts_of_the_summary_and_the_head_to_head():
    df = tournament(make_game("auction"), FIELD, games=42, seed=2, players=3)
    spec = summary_chart(summary(df)).to_dict()
    assert len(spec["hconcat"]) == 3
    spec = pairwise_chart(pairwise(df)).to_dict()
    assert [layer["mark"]["type"] for layer in spec["layer"]] == ["rect", "text"]
    assert len(spec["datasets"][next(iter(spec["datasets"]))]) == 6      # 3 bots: 6 ordered pairs


# -- a run's folder, played in this process ----------------------------------------------

def test_chunk_size_changes_nothing_in_the_content(auction, tmp_path):
    run(auction, FIELD, 200, 5, tmp_path / "a", players=3, chunk=30, workers=0, echo=None)
    run(auction, FIELD, 200, 5, tmp_path / "b", players=3, chunk=7, workers=0, echo=None)
    a, b = load(tmp_path / "a"), load(tmp_path / "b")
    assert len(list((tmp_path / "a" / "parts").iterdir())) == 7 and len(list((tmp_path / "b" / "parts").iterdir())) == 29
    pd.testing.assert_frame_equal(a, b)
    assert a.to_csv(index=False) == b.to_csv(index=False)
    pd.testing.assert_frame_equal(a, tournament(auction, FIELD, 200, 5, players=3))


def test_a_run_resumes_playing_only_the_missing_parts(auction, tmp_path):
    out = tmp_path / "t"
    first = run(auction, FIELD, 200, 5, out, players=3, chunk=30, workers=0, echo=None)
    assert (first.chunks, first.skipped, first.played) == (7, 0, 7)
    before = {p.name: p.read_bytes() for p in (out / "parts").iterdir()}
    (out / "parts" / "part-000002.parquet").unlink()
    (out / "parts" / "part-000005.parquet").unlink()
    (out / "parts" / ".part-000005.parquet.0a1b2c3d.tmp").write_bytes(b"cut short")
    with pytest.raises(TournamentError, match="2 of 7 chunks not played yet .*chunk 2"):
        load(out)
    assert len(load(out, partial=True)) == (200 - 60) * 3
    again = run(auction, FIELD, 200, 5, out, players=3, chunk=30, workers=0, echo=None)
    assert (again.skipped, again.played) == (5, 2)
    assert {p.name: p.read_bytes() for p in (out / "parts").iterdir()} == before, "the same bytes, no stale file"
    assert run(auction, FIELD, 200, 5, out, players=3, chunk=30, workers=0, echo=None).played == 0


def test_a_resumed_run_refuses_a_part_of_another_chunk_or_run(auction, tmp_path):
    """A part copied over another, or from a run with another seed, has the right number of
    rows: it was taken as played, and its games counted twice or mixed into the results."""
    out, other = tmp_path / "t", tmp_path / "o"
    run(auction, FIELD, 60, 5, out, players=3, chunk=30, workers=0, echo=None)
    run(auction, FIELD, 60, 9, other, players=3, chunk=30, workers=0, echo=None)
    parts = out / "parts"
    good = (parts / "part-000001.parquet").read_bytes()
    for source in (parts / "part-000000.parquet", other / "parts" / "part-000001.parquet"):
        (parts / "part-000001.parquet").write_bytes(source.read_bytes())
        with pytest.raises(TournamentError, match="part-000001.parquet: not the games 30 to 59 of this run "
                                                  r"\(seed 5\): a part of another chunk or run"):
            run(auction, FIELD, 60, 5, out, players=3, chunk=30, workers=0, echo=None)
        with pytest.raises(TournamentError, match="a part of another chunk or run"):
            load(out)
    (parts / "part-000001.parquet").write_bytes(good)
    assert run(auction, FIELD, 60, 5, out, players=3, chunk=30, workers=0, echo=None).played == 0


@pytest.mark.parametrize("change, said", [
    ({"seed": 6}, "seed: 5 there, 6 asked"),
    ({"games": 201}, "games"),
    ({"chunk": 31}, "chunk"),
    ({"agents": ["truthful", "shade"]}, "lineups"),
    ({"game": {"step": 20}}, "game"),
])
def test_other_parameters_are_refused_and_nothing_changes(auction, tmp_path, change, said):
    out = tmp_path / "t"
    params = dict(agents=FIELD, games=200, seed=5, chunk=30)
    run(auction, params["agents"], 200, 5, out, players=3, chunk=30, workers=0, echo=None)
    (out / "parts" / "part-000003.parquet").unlink()           # unfinished: a resume would play it
    was = snapshot(out)
    game = make_game("auction", **change.pop("game")) if "game" in change else auction
    params.update(change)
    with pytest.raises(TournamentError, match=said):
        run(game, params["agents"], params["games"], params["seed"], out, players=3, chunk=params["chunk"],
            workers=0, echo=None)
    assert snapshot(out) == was


def test_a_folder_of_other_files_and_bad_settings_are_refused(auction, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    with pytest.raises(TournamentError, match="not an empty folder"):
        run(auction, FIELD, 20, 1, other, players=3, workers=0, echo=None)
    assert [p.name for p in other.iterdir()] == ["notes.txt"]
    for bad, said in [(dict(workers=-1), "workers"), (dict(workers=2, scheduler="tcp://x:1"), "not both"),
                      (dict(players=11), "player"), (dict(chunk=0), "chunk")]:
        with pytest.raises(RulesError, match=said):
            run(auction, FIELD, 20, 1, tmp_path / "new", **{"players": 3, "echo": None, **bad})
        assert not (tmp_path / "new").exists(), f"{bad}: refused before anything was written"
    with pytest.raises(RulesError, match="unknown agent 'bogus'"):
        run(auction, ["truthful", "bogus"], 20, 1, tmp_path / "new", players=3, echo=None)
    with pytest.raises(TournamentError, match="no manifest"):
        load(tmp_path)


def test_a_damaged_part_is_refused(auction, tmp_path):
    out = tmp_path / "t"
    run(auction, FIELD, 100, 5, out, players=3, chunk=30, workers=0, echo=None)
    parts = out / "parts"
    (parts / "part-000000.parquet").write_bytes((parts / "part-000003.parquet").read_bytes())   # 10 games, not 30
    with pytest.raises(TournamentError, match="part-000000.parquet: 30 rows, expected 90"):
        load(out)
    assert read_manifest(out)["lineups"] == [list(t) for t in lineups(FIELD, 3)]



@pytest.mark.parametrize("version", [True, 1.0, 2])
def test_a_manifest_of_another_format_version_is_refused_by_load(auction, tmp_path, version):
    """The manifest's format version is the whole number 1: ``true`` and ``1.0`` (which
    Python takes for 1) are refused as 2 is, in words."""
    out = tmp_path / "t"
    run(auction, FIELD, 30, 5, out, players=3, chunk=30, workers=0, echo=None)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["version"] = version
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    with pytest.raises(TournamentError, match=f"format version {json.dumps(version)}; this bluffkit reads 1"):
        load(out)


def test_a_manifest_without_a_format_version_or_with_a_long_one_is_refused_in_words(auction, tmp_path):
    out = tmp_path / "t"
    run(auction, FIELD, 30, 5, out, players=3, chunk=30, workers=0, echo=None)
    manifest = json.loads((out / "manifest.json").read_text())
    for version, said in ((None, "no format version"), (10 ** 60, "format version 1" + "0" * 39 + "… (61 characters)")):
        if version is None:
            del manifest["version"]
        else:
            manifest["version"] = version
        (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
        with pytest.raises(TournamentError, match=re.escape(f"{said}; this bluffkit reads 1") + "$"):
            load(out)


def test_a_run_of_another_bluffkit_is_not_resumed_and_nothing_changes(auction, tmp_path):
    """The rules and bots of another version could play other games: a folder written by
    another bluffkit is refused, naming both versions, even when all its parts are there."""
    from bluffkit import __version__
    out = tmp_path / "t"
    run(auction, FIELD, 60, 5, out, players=3, chunk=30, workers=0, echo=None)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["bluffkit"] = "0.0.0"
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    was = snapshot(out)
    with pytest.raises(TournamentError, match="other parameters") as refused:
        run(auction, FIELD, 60, 5, out, players=3, chunk=30, workers=0, echo=None)
    assert f'(bluffkit: "0.0.0" there, "{__version__}" asked)' in str(refused.value), refused.value
    assert snapshot(out) == was


def test_a_worker_of_another_bluffkit_refuses_its_chunk(auction):
    """A worker plays only a run of its own bluffkit, and says both versions."""
    from bluffkit import __version__
    from bluffkit.analysis.tournament_run import play_part
    header = json.dumps(auction.header(), sort_keys=True)
    table = [list(t) for t in lineups(FIELD, 3)]
    with pytest.raises(TournamentError) as refused:
        play_part(header, table, 5, 0, 2, version="0.0.0")
    assert str(refused.value) == f"this worker has bluffkit {__version__}, the run is of bluffkit 0.0.0"
    assert play_part(header, table, 5, 0, 2, version=__version__)[:4] == b"PAR1", "its own version plays"


def test_load_names_a_single_missing_chunk(auction, tmp_path):
    out = tmp_path / "t"
    assert run(auction, FIELD, 60, 5, out, players=3, chunk=20, workers=0, echo=None).chunks == 3
    (out / "parts" / "part-000001.parquet").unlink()
    with pytest.raises(TournamentError) as refused:
        load(out)
    assert str(refused.value) == (f"{out}: 1 of 3 chunks not played yet (the first: chunk 1); "
                                  "run the same tournament again to finish it")
    assert sorted(set(load(out, partial=True)["game"])) == [*range(20), *range(40, 60)]


def test_a_run_without_its_manifest_is_no_empty_folder_for_another_run(auction, tmp_path):
    """A finished run whose manifest was deleted still holds its parts: another run (another
    seed) there would write its parts over them, so the folder is refused and kept."""
    out = tmp_path / "t"
    run(auction, FIELD, 60, 5, out, players=3, chunk=30, workers=0, echo=None)
    (out / "manifest.json").unlink()
    part0 = (out / "parts" / "part-000000.parquet").read_bytes()
    was = snapshot(out)
    with pytest.raises(TournamentError) as refused:
        run(auction, FIELD, 60, 6, out, players=3, chunk=30, workers=0, echo=None)
    assert str(refused.value) == (f"{out} exists and is not an empty folder or a tournament folder; "
                                  "give a new or empty folder")
    assert (out / "parts" / "part-000000.parquet").read_bytes() == part0
    assert snapshot(out) == was



def test_load_refuses_a_part_past_the_last_chunk_as_a_run_does(auction, tmp_path):
    """load() read a 7-chunk run with parts/part-000099.parquet beside it as if it were not
    there, while a run into the folder refused it: both refuse it, in the same words."""
    out = tmp_path / "t"
    assert run(auction, FIELD, 70, 5, out, players=3, chunk=10, workers=0, echo=None).chunks == 7
    stray = out / "parts" / "part-000099.parquet"
    stray.write_bytes((out / "parts" / "part-000000.parquet").read_bytes())
    said = (f"{stray}: not a part of this run (its parts are part-000000.parquet to part-000006.parquet), "
            f"and other tools read {out / 'parts'} as one dataset of its games; move it out of the folder "
            "and run again")
    with pytest.raises(TournamentError) as by_run:
        run(auction, FIELD, 70, 5, out, players=3, chunk=10, workers=0, echo=None)
    for partial in (False, True):
        with pytest.raises(TournamentError) as by_load:
            load(out, partial=partial)
        assert str(by_load.value) == str(by_run.value) == said
    stray.unlink()
    assert len(load(out)) == 70 * 3


def test_the_tournament_modules_import_neither_dask_nor_pandas():
    code = ("import sys\nimport bluffkit.analysis.tournament_run, bluffkit.analysis.tournament\n"
            "print([m for m in ('dask', 'distributed', 'pandas', 'pyarrow') if m in sys.modules])\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().replace("'", '"')) == []


def test_the_command_refuses_bad_input_in_one_line_and_writes_nothing(tmp_path, capsys):
    from bluffkit.cli import main
    out = tmp_path / "t"
    base = ["tournament", "auction", "--players", "3", "--games", "30", "--seed", "1", "--workers", "0", "--out", str(out)]
    for agents, said in [("truthful,bogus", "unknown agent 'bogus'"), (",", "--agents names no bot")]:
        assert main(base + ["--agents", agents]) == 2
        err = capsys.readouterr().err
        assert said in err and len(err.strip().splitlines()) == 1, err
        assert not out.exists()
    assert main(base + ["--agents", "truthful,shade", "--lineups", "fixed"]) == 2
    assert "one bot per seat" in capsys.readouterr().err
    assert main(base[:2] + ["--players", "3", "--games", "1.5", "--seed", "1", "--agents", "random",
                            "--out", str(out)]) == 2
    assert "--games takes a whole number" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(base + ["--agents", "random", "--scheduler", "tcp://127.0.0.1:1"])   # --workers and --scheduler
    assert not out.exists()
    assert main(base + ["--agents", "truthful,shade,random", "--lineups", "round-robin"]) == 0
    printed = capsys.readouterr().out
    assert "30 games of auction (3 players, 7 line-ups, round-robin)" in printed
    assert "not a multiple of 21" in printed and (out / "summary.csv").exists()


def test_a_run_stopped_before_its_first_part_or_without_its_parts_folder_starts_again(auction, tmp_path):
    out = tmp_path / "t"
    (out / "parts").mkdir(parents=True)
    (out / ".manifest.json.0a1b2c3d.tmp").write_bytes(b"{")      # stopped while writing the manifest
    assert run(auction, FIELD, 60, 5, out, players=3, chunk=30, workers=0, echo=None).played == 2
    before = {p.name: p.read_bytes() for p in (out / "parts").iterdir()}
    for p in (out / "parts").iterdir():
        p.unlink()
    (out / "parts").rmdir()
    assert run(auction, FIELD, 60, 5, out, players=3, chunk=30, workers=0, echo=None).played == 2
    assert {p.name: p.read_bytes() for p in (out / "parts").iterdir()} == before


def test_the_command_says_there_is_no_interval_after_one_game(tmp_path, capsys):
    """A tournament with one game per line-up printed "0.000 (nan..nan)" and "1 games"."""
    from bluffkit.cli import main
    assert main(["tournament", "bloff", "--players", "3", "--agents", "random,caller,honest", "--games", "1",
                 "--seed", "1", "--workers", "0", "--no-progress", "--out", str(tmp_path / "t")]) == 0
    printed = capsys.readouterr().out
    assert "nan" not in printed and "1 games" not in printed and "1 parts" not in printed, printed
    assert printed.count("(no interval)") == 3 * 2 and printed.count(", 1 game\n") == 6, \
        "a score and a rank have no interval after one game; a share has its Wilson interval (wide)"
    assert "0.000 (0.000..0.793)" in printed and "1.000 (0.207..1.000)" in printed, printed
    assert main(["tournament", "bloff", "--players", "3", "--agents", "random,caller", "--games", "4",
                 "--seed", "1", "--workers", "0", "--no-progress", "--out", str(tmp_path / "u")]) == 0
    printed = capsys.readouterr().out
    assert ", 4 games\n" in printed
    random = next(line for line in printed.splitlines() if line.startswith("random "))
    assert random.split()[1:] == ["4", "0.000", "(0.000..0.490)", "0.00", "(no", "interval)", "2.00", "(no", "interval)"], \
        "random never won: a Wilson interval for its share; it scored 0 and came 2nd every game: no interval " \
        "(the scores to 2 decimals: the caller's interval is 0.8 wide)"


# -- intervals that stay honest at 0 and 1; win rates that count what they say -------------

@pytest.fixture(scope="module")
def honest_random():
    """20 games of Bløff, honest against random at 3 seats (2 line-ups): random never wins."""
    return tournament(make_game("bloff"), ["honest", "random"], games=20, seed=1, players=3)


def test_a_share_never_won_has_a_wilson_interval_and_a_flat_score_none(honest_random):
    """A bot that never won had se 0 and the interval 0.000..0.000, printed and drawn as a bare dot."""
    s = summary(honest_random).set_index(["agent", "measure"])
    z = statistics.NormalDist().inv_cdf(0.975)
    row = s.loc[("random", "win share")]
    assert row["mean"] == 0 and row["lo"] == 0 and row["hi"] == pytest.approx(wilson_by_hand(0.0, 20, z)[1])
    assert row["hi"] == pytest.approx(0.1611, abs=1e-4), "the textbook value: 0 of 20, 95 %"
    for measure in ("score", "rank"):
        flat = s.loc[("random", measure)]
        assert math.isnan(flat["lo"]) and math.isnan(flat["hi"]), f"{measure}: no zero-width interval"
        assert flat["interval"] == "none: every game gave the same value"
    assert s.loc[("honest", "score"), "interval"].startswith("Student t")
    assert s.loc[("honest", "score"), "lo"] < s.loc[("honest", "score"), "hi"]
    spec = summary_chart(summary(honest_random)).to_dict()
    assert "no interval" in " ".join(spec["title"]["subtitle"]), "the chart says so"
    hollow = [layer for panel in spec["hconcat"] for layer in panel["layer"]
              if layer["mark"]["type"] == "point" and layer["mark"]["filled"] is False]
    assert len(hollow) == 3, "a hollow dot where no interval can be given"


@pytest.mark.slow      # (tournaments and their charts: with the slow tests)
def test_the_summary_chart_names_the_level_its_intervals_were_computed_at(honest_random):
    """The chart's title said 95% whatever level the summary was computed at."""
    title = lambda frame: summary_chart(frame).to_dict(validate=False)["title"]["text"][0]      # noqa: E731
    assert "(95% confidence intervals)" in title(summary(honest_random))
    assert "(80% confidence intervals)" in title(summary(honest_random, level=0.8))
    by_hand = summary(honest_random, level=0.8).copy()
    by_hand.attrs = {}
    assert title(by_hand) == "Each bot's results (confidence intervals)", "a level not known is not made up"


def test_the_command_prints_the_wilson_interval(tmp_path, capsys):
    from bluffkit.cli import main
    assert main(["tournament", "bloff", "--players", "3", "--agents", "honest,random", "--games", "20", "--seed", "1",
                 "--workers", "0", "--no-progress", "--out", str(tmp_path / "t1")]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("random "))
    assert "0.000 (0.000..0.161)" in line and "(0.000..0.000)" not in line, line
    assert line.count("(no interval)") == 2, line
    assert "Wilson score" in (tmp_path / "t1" / "summary.csv").read_text()


def test_win_rates_count_games_and_seats_and_agree_with_the_summary(honest_random):
    """win_rates called 31 and 29 seats "games" in a 20-game run, treated a bot's two seats
    of one game as two independent chances, and gave honest 0.645 where summary said 0.725."""
    from bluffkit.analysis.tournament import win_rates
    rates = win_rates(honest_random)
    assert list(rates.columns) == ["by", "who", "games", "seats", "wins", "rate", "se", "lo", "hi"]
    agents = rates[rates["by"] == "agent"].set_index("who")
    assert agents["games"].tolist() == [20, 20] and agents["seats"].sum() == 60 and agents["wins"].sum() == 20
    s = summary(honest_random)
    share = s[s["measure"] == "win share"].set_index("agent")
    for col, theirs in (("rate", "mean"), ("se", "se"), ("lo", "lo"), ("hi", "hi"), ("games", "games")):
        assert agents[col].to_numpy() == pytest.approx(share[theirs].to_numpy()), col
    per_game = honest_random[honest_random["agent"] == "honest"].groupby("game")["won"].mean()
    assert agents.loc["honest", "rate"] == pytest.approx(per_game.mean()) and agents.loc["honest", "rate"] == 0.725
    seats = rates[rates["by"] == "seat"]
    assert (seats["games"] == 20).all() and (seats["seats"] == 20).all() and seats["wins"].sum() == 20


def test_the_tournament_takes_its_arguments_strictly(auction, capsys):
    """agents="random" was played as the bots 'r', 'a', ...; progress="x" was taken; a
    function given as progress was never called (a bar was drawn instead); numpy counts refused."""
    import numpy as np
    with pytest.raises(RulesError, match=r"agents: a list of bots' names.*e\.g\. \['random'\].*not a text"):
        tournament(auction, "random", 3, seed=1, players=3)
    with pytest.raises(RulesError, match=r"progress: True, False \(or None\) or a function progress\(done, total\), got 'x'"):
        tournament(auction, FIELD, 3, seed=1, progress="x")
    calls = []
    df = tournament(auction, FIELD, 120, seed=1, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(50, 120), (100, 120), (120, 120)], "called as simulate calls it"
    assert capsys.readouterr().err == "", "no bar drawn"
    pd.testing.assert_frame_equal(df, tournament(auction, FIELD, 120, seed=1))
    same = tournament(auction, FIELD[:2], np.int64(6), seed=np.int64(1), players=np.int64(3))
    pd.testing.assert_frame_equal(same, tournament(auction, FIELD[:2], 6, seed=1, players=3))
    with pytest.raises(RulesError, match="players must be an integer >= 1, got True"):
        tournament(auction, FIELD, 6, seed=1, players=True)


def test_a_run_takes_its_arguments_strictly_and_writes_nothing_when_refused(auction, tmp_path):
    import numpy as np
    (tmp_path / "file").write_text("mine")
    for kwargs, error, said in [
        (dict(out=tmp_path / "file" / "sub"), TournamentError, f"{tmp_path / 'file'} is a file, not a folder"),
        (dict(progress="yes"), RulesError, "progress: True, False .* got 'yes'"),
        (dict(echo=3), RulesError, r"echo: a function echo\(line\) or None, got 3"),
        (dict(on_part="x"), RulesError, r"on_part: a function on_part\(k\) or None"),
        (dict(workers=np.True_), RulesError, "workers must be a whole number"),
    ]:
        kwargs = {"out": tmp_path / "new", "workers": 0, **kwargs}
        with pytest.raises(error, match=said):
            run(auction, FIELD, 10, 1, players=3, **kwargs)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["file"], f"{kwargs}: nothing written"
    assert (tmp_path / "file").read_text() == "mine"
    done = run(auction, FIELD, np.int64(10), 1, tmp_path / "n", players=np.int64(3), chunk=np.int64(5),
               workers=np.int64(0), echo=None)
    assert (done.chunks, done.played) == (2, 2) and read_manifest(tmp_path / "n")["games"] == 10
    pd.testing.assert_frame_equal(load(tmp_path / "n"), tournament(auction, FIELD, 10, seed=1, players=3))


@pytest.mark.parametrize("change, column, said", [
    ({"won": float("nan")}, "won", "(is|are) not (a )?finite numbers? .*nan in row"),
    ({"won": "1"}, "won", "must hold numbers, found text: '1' in row"),
    ({"won": 2.0}, "won", "from 0 to 1; got 2"),
    ({"score": "x"}, "score", "must hold numbers"),
    ({"rank": float("inf")}, "rank", "(is|are) not (a )?finite numbers? .*inf in row"),
])
def test_frames_of_text_or_nan_are_refused_naming_the_column(change, column, said):
    """win_rates raised ZeroDivisionError on NaN and TypeError on text; summary pandas' TypeError."""
    from bluffkit.analysis.tournament import win_rates
    df = hand_frame().assign(**change)
    calls = [summary, pairwise] if column == "rank" else [summary] + ([win_rates] if column == "won" else [])
    for fn in calls:
        with pytest.raises(ValueError, match=rf"{fn.__name__}: .*column '{column}' .*{said}"):
            fn(df)
    with pytest.raises(ValueError, match="win_rates takes the frame of tournament.*no column 'game'"):
        win_rates(hand_frame().drop(columns="game"))


def test_a_rank_interval_stays_within_the_seats_and_few_games_get_a_wide_one():
    """The attack: three games of a 3-seat auction printed a rank of 1.67 (0.36..2.97), below
    1; a normal interval on two or three games was far too narrow (Student's t now)."""
    df = hand_frame()
    s = summary(df).set_index(["agent", "measure"])
    seats = int(df.groupby("game").size().max())
    for agent in df["agent"].unique():
        lo, hi = s.loc[(agent, "rank"), ["lo", "hi"]]
        assert math.isnan(lo) or 1 <= lo <= hi <= seats, (agent, lo, hi)
    from bluffkit.analysis.tournament import t_quantile
    tables = {(0.95, 1): 12.706, (0.95, 2): 4.303, (0.95, 3): 3.182, (0.95, 4): 2.776, (0.95, 30): 2.042,
              (0.99, 3): 5.841, (0.99, 5): 4.032, (0.90, 3): 2.353, (0.999, 4): 8.610, (0.999, 3): 12.924,
              (0.95, 120): 1.980}                        # Student's t, two-sided, from the printed tables
    for (level, k), want in tables.items():
        assert round(float(t_quantile(level, k)), 3) == want, (level, k)
    for bad in (0, 1.5, -2):
        with pytest.raises(ValueError, match="whole numbers from 1"):
            t_quantile(0.95, bad)


# -- the plan of a run ----------------------------------------------------------------------

@pytest.mark.parametrize("games, chunk", [(1, 1), (30, 30), (1000, 50), (20_000, 200), (10**6, 2000)])
def test_the_default_chunk_makes_about_a_hundred_parts_of_50_to_2000_games(auction, games, chunk):
    """A chunk of 50 games at least (all of them, if fewer), 2000 at most, about a hundred chunks between."""
    assert plan(auction, FIELD, games, 1, players=3)["chunk"] == chunk


def test_a_run_of_more_than_a_million_parts_is_refused_before_anything_is_played(auction):
    """Parts are numbered with six digits: 2,000,001 games in chunks of 2 make 1,000,001 of them."""
    assert plan(auction, FIELD, 2_000_000, 1, players=3, chunk=2)["chunk"] == 2
    with pytest.raises(RulesError, match="1,000,001 parts; a run has at most 1,000,000"):
        plan(auction, FIELD, 2_000_001, 1, players=3, chunk=2)


def test_the_manifest_keeps_the_mode_asked_for(auction):
    """A round-robin of two bots at two seats has one line-up, and is still a round-robin."""
    game = make_game("auction", player_limits=False)
    rr = plan(game, ["truthful", "random"], 10, 1, players=2, mode="round-robin")
    assert rr["lineups"] == [["truthful", "random"]] and rr["mode"] == "round-robin"
    assert plan(game, ["truthful", "random"], 10, 1, players=2)["mode"] == "fixed"


def test_a_progress_function_is_told_the_games_done_so_far_of_the_whole_run(auction, tmp_path):
    """progress(done, total) after each part: the games on disk so far, those of an earlier
    run resumed included, out of every game of the run."""
    out, seen = tmp_path / "t", []
    run(auction, ["random"], 6, 5, out, players=3, chunk=3, workers=0, echo=None, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(3, 6), (6, 6)]
    (out / "parts" / "part-000001.parquet").unlink()
    seen.clear()
    run(auction, ["random"], 6, 5, out, players=3, chunk=3, workers=0, echo=None, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(6, 6)]


def test_a_manifest_another_run_wrote_first_is_not_taken_as_this_runs(tmp_path):
    """Two runs making one folder at once: the second to write its manifest is told it did
    not (and so, failing, does not remove the other run's)."""
    from bluffkit.analysis.tournament_run import _write_atomic
    path = tmp_path / "manifest.json"
    assert _write_atomic(path, b"first", new=True) is True
    assert _write_atomic(path, b"second", new=True) is False
    assert path.read_bytes() == b"first" and [p.name for p in tmp_path.iterdir()] == ["manifest.json"]


def test_the_bar_of_a_resumed_run_starts_at_the_games_already_played(auction, tmp_path, capsys):
    out = tmp_path / "t"
    run(auction, ["random"], 6, 5, out, players=3, chunk=3, workers=0, echo=None)
    (out / "parts" / "part-000001.parquet").unlink()
    capsys.readouterr()
    run(auction, ["random"], 6, 5, out, players=3, chunk=3, workers=0, echo=None, progress=True)
    err = capsys.readouterr().err
    assert "3/6" in err and "6/6" in err and "0/6" not in err, err


def test_the_charts_of_no_games_or_no_meetings_are_refused_in_words():
    """A run with no part yet, and a field of one bot (no two bots meet), gave empty frames
    that drew blank panels without a word."""
    df = tournament(make_game("bloff"), ["random"], games=1, seed=1, players=3)
    with pytest.raises(ValueError, match=r"^pairwise_chart: the frame has no rows: no two bots met \(one bot in "
                                         r"every seat, or no game\): nothing to chart$"):
        pairwise_chart(pairwise(df))
    with pytest.raises(ValueError, match=r"^summary_chart: the frame has no rows: no bot played: nothing to chart$"):
        summary_chart(summary(df.iloc[0:0]))
