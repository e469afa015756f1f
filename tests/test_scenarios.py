"""Every worked example of the rulebooks runs as a scenario and reproduces its numbers."""

import json

import pytest

from bluffkit.core import scenario as sc

NAMES = [p.stem for p in sc.scenario_paths()]

#: The numbers printed in the rulebooks (seeds/000 and seeds/003, RULES.md section 1);
#: each must appear among the scenario expectations that hold.
RULEBOOK_NUMBERS = {
    "yb-scoring-2460": [("scores", {"Anna": 2460})],
    "ht-final-scores": [("scores", {"Anna": 2100, "Ben": 6400, "Carla": 4800}), ("winners", ["Ben"])],
    "ht-auction-ben-pays-100": [("money", {"Ben": 0, "Carla": 190, "Anna": 90}), ("high_bid", 60)],
    "ht-trade-anna-40-richer": [("money", {"Anna": 130, "Ben": 50})],
    "yb-donkeys-paydays": [("money", {"Anna": 140, "Ben": 140, "Carla": 140})],
}


def test_there_are_scenarios():
    assert len(NAMES) >= 6


@pytest.mark.parametrize("name", NAMES)
def test_scenario_holds(name):
    res = sc.run(sc.find(name))
    bad = [f"after {c.after}: {c.key} expected {c.expected}, got {c.actual}" for c in res.checks if not c.ok]
    assert res.checks, f"{name} checks nothing"
    assert not bad, f"{name}: " + "; ".join(bad)
    assert len(res.narration) == len(res.scenario.moves)


@pytest.mark.parametrize("name", sorted(RULEBOOK_NUMBERS))
def test_rulebook_numbers_are_checked(name):
    res = sc.run(sc.find(name))
    held = [(c.key, c.expected) for c in res.checks if c.ok]
    for key, value in RULEBOOK_NUMBERS[name]:
        assert (key, value) in held, f"{name} does not check {key} = {value}"


def test_a_wrong_expectation_fails(tmp_path):
    data = json.loads(sc.find("ht-auction-ben-pays-100").path.read_text())
    data["expect"][-1]["money"]["Ben"] = 10
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data))
    res = sc.run(sc.load(path))
    assert not res.ok


def test_an_illegal_scenario_move_is_refused(tmp_path):
    data = json.loads(sc.find("ht-auction-ben-pays-100").path.read_text())
    data["moves"][3]["do"] = "bid 15"          # not a multiple of 10 in Horse Trading
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data))
    with pytest.raises(sc.ScenarioError, match="move 4"):
        sc.run(sc.load(path))


def test_a_bad_scenario_file_names_the_problem(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"name": "x", "title": "x", "game": "horse-trading", "seats": ["A", "B", "C"],'
                    ' "moves": [{"by": "Zed", "do": "auction"}]}')
    with pytest.raises(sc.ScenarioError, match="Zed"):
        sc.load(path)
