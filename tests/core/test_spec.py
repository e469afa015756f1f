"""Game specs and their registry: every game's spec is complete, a new game package is
found everywhere with no other edit, and no module outside the games keeps a table of
games."""

from __future__ import annotations

import ast
import csv
import json
import sys
from pathlib import Path

import numpy as np
import pytest
from paths import TESTS

import bluffkit
import bluffkit.games
from bluffkit import cli
from bluffkit.agents.base import agent_names, make_agent
from bluffkit.core import scenario as sc, spec as registry
from bluffkit.core.errors import RulesError
from bluffkit.core.game import game_from_header, game_names, make_game
from bluffkit.core.spec import GameSpec, spec_of, specs
from bluffkit.session import Session
from bluffkit.testing import CONFIGS, check_game, config_game, config_players, default_agents

HERE = TESTS
PACKAGE = Path(bluffkit.__file__).resolve().parent
SPECS = [s.name for s in specs()]


# -- every registered game has a complete spec ----------------------------------------------

def test_the_games_of_bluffkit_are_registered():
    assert {"youre-bluffing", "horse-trading", "bloff", "bluffer", "auction"} <= set(SPECS)
    assert game_names() == sorted(n for s in specs() for n in s.names)
    assert len(set(specs())) == len(specs()), "specs hash by value (their options are dicts)"


@pytest.mark.parametrize("name", SPECS)
def test_spec_is_complete(name):
    spec = spec_of(name)
    game = spec.make()
    assert spec_of(game) is spec and game.name in spec.names
    assert spec.title and spec.module, "a title and the registering package"
    lo, hi = spec.players
    game.check_players(lo)
    with pytest.raises(RulesError):
        game.check_players(hi + 1)
    assert type(game_from_header(game.header())) is type(game), "a log header makes the game again"
    for v in spec.variants:
        assert v in make_game(name, variants=[v]).rules.variants, f"variant {v} is not applied"
    # bots: the module, the default bot, the ones the conformance suite seats first
    assert spec.bots is not None and {spec.default_bot, "random"} <= set(agent_names(game))
    assert make_agent(spec.default_bot, game).act
    first = spec.resolve("test_bots")()
    assert first and all(hasattr(a, "act") for a in first)
    # views of a position: text for a seat, HTML for a seat and all-seeing
    players = spec.seat_counts(game)[0]
    state = game.new_state(players)
    names = [f"P{s}" for s in range(players)]
    assert isinstance(spec.resolve("text_view")(game, game.observe(state, 0), names), str)
    seat_html, all_seeing_html = spec.resolve("seat_html"), spec.resolve("all_seeing_html")
    assert seat_html is not None and "<" in seat_html(game, game.observe(state, 0), names)
    assert all_seeing_html is not None and "<" in all_seeing_html(game, state, names)
    # checks: configurations, seat counts, probes
    assert spec.configs and all(c[1] in spec.names for c in spec.configs)
    assert set(spec.seat_counts(game)) <= set(range(lo, hi + 1))
    assert spec.illegal_probes and spec.probes
    for text in spec.illegal_probes + spec.probes:
        game.parse(text)
    # the game's own per-seat summary: named fields, one value per seat
    summary = game.summary(state)
    assert summary and all(isinstance(k, str) and len(v) == players for k, v in summary.items())


@pytest.mark.parametrize("name", SPECS)
def test_every_spec_has_scenarios_under_its_prefixes(name):
    spec = spec_of(name)
    mine = [s for s in sc.list_scenarios() if spec_of(s.game) is spec]
    assert mine, f"{name} has no scenario"
    for s in mine:
        assert s.name.startswith(spec.scenario_prefixes), f"{s.name} is not named {spec.scenario_prefixes}"


def test_the_rulesets_of_one_engine_share_a_factory():
    assert registry.siblings("horse-trading") == registry.siblings("youre-bluffing")
    assert set(registry.siblings("youre-bluffing")) == {"youre-bluffing", "horse-trading"}
    assert registry.siblings("bloff") == ["bloff"]


def test_conformance_configs_come_from_the_specs():
    assert [c[0] for c in CONFIGS] == [c[0] for s in specs() for c in s.configs]
    assert len({c[0] for c in CONFIGS}) == len(CONFIGS), "configuration names are file names: unique"
    assert config_players("auction-dutch") == tuple(range(*np.add(spec_of("auction").make(
        format="dutch").rules.fmt.players, (0, 1))))


def test_without_a_game_only_the_generic_bot_is_made():
    assert agent_names() == ["random"] and type(make_agent("random")).__name__ == "RandomBot"
    with pytest.raises(RulesError, match="unknown agent 'heuristic'; choose from random"):
        make_agent("heuristic")


def test_a_bad_spec_and_a_taken_name_are_refused(monkeypatch):
    monkeypatch.setattr(registry, "_SPECS", dict(registry._SPECS))
    monkeypatch.setattr(registry, "_NAMES", dict(registry._NAMES))
    bloff = spec_of("bloff")
    with pytest.raises(RulesError, match="players"):
        GameSpec("x", "X", bloff.factory, bloff.from_header, players=(3, 2))
    with pytest.raises(RulesError, match="taken"):
        registry.register(GameSpec("other", "Other", bloff.factory, bloff.from_header, (3, 4), aliases=("bloff",)))
    with pytest.raises(RulesError, match="unknown game 'nope'"):
        spec_of("nope")
    with pytest.raises(RulesError, match="score_kind must be 'points', 'money' or 'none', got 'None'"):
        GameSpec("x", "X", bloff.factory, bloff.from_header, players=(3, 4), score_kind="None")


# -- a new game package: found by everything, with no edit elsewhere ------------------------

@pytest.fixture
def racegame(tmp_path, monkeypatch):
    """The throwaway game of ``racegame_source.py.txt`` as a package beside the games, found
    by discovery; the registry is restored afterwards."""
    folder = tmp_path / "more_games"
    (folder / "racegame").mkdir(parents=True)
    (folder / "racegame" / "__init__.py").write_text((HERE / "racegame_source.py.txt").read_text())
    monkeypatch.setattr(registry, "_SPECS", dict(registry._SPECS))
    monkeypatch.setattr(registry, "_NAMES", dict(registry._NAMES))
    monkeypatch.setattr(bluffkit.games, "__path__", list(bluffkit.games.__path__) + [str(folder)])
    monkeypatch.delitem(sys.modules, "bluffkit.games.racegame", raising=False)
    assert "racegame" not in game_names()
    registry.discover()
    yield make_game("racegame")
    sys.modules.pop("bluffkit.games.racegame", None)


def test_a_new_game_package_is_made_by_name(racegame):
    assert "racegame" in game_names() and "race-to-seven" in game_names()
    assert racegame.name == "racegame" and make_game("race-to-seven", goal=10).rules.goal == 10
    assert spec_of(racegame).title == "Race to seven"


def test_a_new_game_package_has_its_bots_and_the_generic_one(racegame):
    assert agent_names(racegame) == ["greedy", "random"]
    assert type(make_agent("greedy", racegame)).__name__ == "Greedy"
    rng = np.random.default_rng(0)
    state = racegame.step(racegame.new_state(2), None, "first 0")
    bot = make_agent("random", racegame)                # the generic bot: it plays Legal.sample
    assert str(bot.act(racegame.observe(state, 0), racegame.legal(state, 0), rng)) in ("add 1", "add 2")
    with pytest.raises(RulesError, match="greedy, random"):
        make_agent("clever", racegame)


def test_a_new_game_package_passes_the_conformance_suite(racegame):
    assert "racegame-ten" in [c[0] for c in registry.configs()]
    game = config_game("racegame-ten")
    assert game.rules.goal == 10 and config_players("racegame-ten") == (2, 3)
    assert [a.name for a in default_agents(game, 3)] == ["greedy", "random", "random"]
    report = check_game(game, 3, seeds=range(3))
    assert report["games"] == 3 and report["illegal"] > 0 and report["probes_played"] > 0


def test_a_new_game_package_plays_in_a_session_and_on_the_command_line(racegame, tmp_path, capsys):
    s = Session(racegame, ["greedy", "random"], seed=3).run()
    assert s.over and sum(s.scores()) == 1
    from bluffkit.widgets.render import all_seeing_view, seat_view
    assert "The total is" in seat_view(racegame, s.observe(0), s.names)     # no HTML view: the text view
    assert "all-seeing view" in all_seeing_view(racegame, s.state, s.names)  # ... and the game's facts
    assert cli.main(["games"]) == 0
    assert "racegame" in capsys.readouterr().out
    out = tmp_path / "race.csv"
    code = cli.main(["simulate", "race-to-seven", "--players", "2", "--games", "5", "--seed", "1",
                     "--agents", "greedy,random", "--out", str(out), "--logs", str(tmp_path / "logs")])
    assert code == 0, capsys.readouterr().err
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 5 and {"total_0", "total_1"} <= set(rows[0])       # the game's own summary fields
    assert cli.main(["replay", str(tmp_path / "logs" / "game-0.jsonl")]) == 0
    assert "a valid log of racegame" in capsys.readouterr().out


# -- the illegal-move probes fail loudly ------------------------------------------------------

def test_a_played_illegal_move_probe_fails_the_suite():
    """A probe declared illegal that the engine accepts is reported (it used to pass)."""
    with pytest.raises(AssertionError, match="illegal-move probe 'pass'"):
        check_game(make_game("horse-trading"), 3, seeds=[0], illegal_probes=["pass"], probes=[])


def test_an_engine_that_accepts_an_illegal_move_fails_the_suite(racegame, monkeypatch):
    mod = sys.modules["bluffkit.games.racegame"]
    monkeypatch.setattr(mod.Legal, "explain", lambda self, action, table=None: None)   # accept anything
    with pytest.raises(AssertionError, match="illegal-move probe 'add 3'"):
        check_game(racegame, 2, seeds=[0], hidden_every=1)


def test_a_played_probe_must_keep_the_conservation_laws(racegame, monkeypatch):
    """A legal probe is played and checked: here "add 1" breaks the total, a move the
    greedy bots never make, so the probe finds it; and so does the check of the move made
    with one field changed, which plays "add 1" beside the bots' "add 2"."""
    mod = sys.modules["bluffkit.games.racegame"]
    real = mod.Table._do

    def broken(t, seat, action):
        real(t, seat, action)
        if action.k == 1:
            t.total += 9

    monkeypatch.setattr(mod.Table, "_do", broken)
    greedy = lambda: [mod.Greedy(), mod.Greedy()]                 # noqa: E731
    with pytest.raises(AssertionError, match=r"after Add\(k=1\) by seat \d, which was played: .*out of range"):
        check_game(racegame, 2, seeds=[0, 1], agents=greedy, probes=["add 2"])   # (no probe finds it here)
    with pytest.raises(AssertionError, match="after 'add 1' by seat .*out of range"):
        check_game(racegame, 2, seeds=[0, 1], agents=greedy, hidden_every=1)


# -- panels ask the registry ---------------------------------------------------------------

def test_game_charts_refuse_a_game_without_charts_by_name():
    from bluffkit.widgets import GameCharts
    s = Session(make_game("bloff"), ["honest", "random", "random"], seed=1).run()
    with pytest.raises(RulesError, match="no charts for Bløff"):
        GameCharts(s)


@pytest.mark.slow
def test_game_charts_draw_the_charts_a_spec_names(tmp_path):
    from bluffkit.widgets import GameCharts
    s = Session(make_game("youre-bluffing"), ["heuristic", "random", "random"], seed=2).run()
    g = GameCharts(s)
    assert list(g.frames) == ["money", "auctions", "trades"] and len(g.children) == 3
    assert repr(g) == f"GameCharts({len(g.auctions)} auctions, {len(g.trades)} trades)"
    assert GameCharts(s.save(tmp_path / "g.jsonl")).money.equals(g.money)


@pytest.mark.slow
def test_the_scoring_explorer_lists_the_rulesets_of_the_registry():
    from bluffkit.widgets import ScoringExplorer
    e = ScoringExplorer("horse-trading")
    assert list(e.game_choice.options) == registry.siblings("horse-trading")


# -- no table of games outside the games --------------------------------------------------

#: Modules that must not name any game at all (in code; docstrings may show examples).
NEUTRAL = ["core/", "testing.py", "cli.py", "session.py", "agents/base.py", "agents/generic.py",
           "agents/__init__.py", "widgets/render.py", "analysis/simulate.py", "analysis/tournament.py"]


def _docstrings(tree) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def game_tables(source: str, names: set[str], strict: bool = False) -> list[str]:
    """Where ``source`` keeps games by name: a dict, list, tuple or set literal naming two or
    more games, or a comparison with a game's name (``strict``: any game name in code)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)

    def named(nodes) -> list:
        return [n for n in nodes if isinstance(n, ast.Constant) and n.value in names and id(n) not in docs]

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and len(named(node.keys)) >= 2:
            found.append(f"line {node.lineno}: a dict keyed by game names")
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)) and len(named(node.elts)) >= 2:
            found.append(f"line {node.lineno}: a list of game names")
        elif isinstance(node, ast.Compare) and named([node.left, *node.comparators]):
            found.append(f"line {node.lineno}: a comparison with a game name")
        elif strict and named([node]):
            found.append(f"line {node.lineno}: the game name {node.value!r}")
    return found


def test_the_table_finder_finds_tables():
    names = {"bloff", "bluffer", "horse-trading"}
    assert game_tables('"""bloff and bluffer"""\nX = {"bloff": 1, "bluffer": 2}\n', names) == \
        ["line 2: a dict keyed by game names"]
    assert game_tables('if game.name == "bloff":\n    pass\n', names) == ["line 1: a comparison with a game name"]
    assert game_tables('OPTIONS = ["horse-trading", "bluffer"]\n', names) == ["line 1: a list of game names"]
    assert game_tables('make("bloff")\n', names) == []
    assert game_tables('make("bloff")\n', names, strict=True) == ["line 1: the game name 'bloff'"]


@pytest.mark.slow      # (reads every module's source: with the slow tests)
def test_no_module_outside_the_games_keeps_a_table_of_games():
    names = set(game_names())
    bad = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith(("games/", "auctions/")):
            continue
        found = game_tables(path.read_text(encoding="utf-8"), names, strict=rel.startswith(tuple(NEUTRAL)))
        if found:
            bad[rel] = found
    assert not bad, "tables of games outside the game packages (ask bluffkit.core.spec):\n" + json.dumps(bad, indent=1)


# -- the spec's own rules, each checked on a throwaway spec -----------------------------------

@pytest.fixture
def registry_restored(monkeypatch):
    """The registry as it is, put back after the test (whatever the test registers)."""
    specs()                                             # every game discovered first
    monkeypatch.setattr(registry, "_SPECS", dict(registry._SPECS))
    monkeypatch.setattr(registry, "_NAMES", dict(registry._NAMES))


def _spec(name="throwaway", **kw):
    kw.setdefault("players", (2, 4))
    return GameSpec(name, name.title(), kw.pop("factory", lambda name, **o: None), lambda header: None, **kw)


@pytest.mark.parametrize("bad, words", [
    (dict(name=" x "), "name"),                                        # spaces around the name
    (dict(aliases=("",)), "aliases"),                                  # an empty alias
    (dict(bots="  "), "bots"),                                         # a blank reference
    (dict(players=(0, 3)), "players"),                                 # no game seats nobody
    (dict(configs=(("c", "nope", (), {}),)), "configuration"),         # a configuration of another game
    (dict(max_moves=0), "max_moves"),                                  # a limit no game can keep
    (dict(max_moves=2.5), "max_moves"),
    (dict(max_moves=True), "max_moves"),
])
def test_a_spec_breaking_its_rules_is_refused(bad, words):
    """The docstring's rules: a name made and logged under, so no stray spaces; aliases and
    references that name something; ``players`` is (fewest, most) seats, at least one; a
    configuration is of this game (one of its names)."""
    with pytest.raises(RulesError, match=words):
        _spec(**bad)


def test_the_seat_counts_checked_by_default_are_the_first_three():
    """No ``test_players``: "the first three counts of ``players``"."""
    assert _spec(players=(2, 6)).seat_counts() == (2, 3, 4)
    assert _spec(players=(4, 5)).seat_counts() == (4, 5)                # fewer than three allowed
    assert _spec(players=(2, 2)).seat_counts() == (2,)


def test_make_passes_the_name_asked_for_to_the_factory():
    """"the name asked for is passed on, so one factory can serve several rulesets"."""
    asked = []
    spec = _spec(aliases=("b",), factory=lambda name, **options: asked.append((name, options)))
    spec.make("b", goal=3)
    spec.make()
    assert asked == [("b", {"goal": 3}), ("throwaway", {})]


def test_no_player_count_suits_names_the_reason_at_three(registry_restored):
    """``default_players`` tries 3 first: when every count is refused, the reason given is
    the one at 3 players, not the last one tried."""
    registry.register(_spec("refuser", players=(3, 4)))

    class Refuser:
        name = "refuser"

        def check_players(self, n):
            raise RulesError({3: "three is too few here", 4: "four is too many here"}[n])

    with pytest.raises(RulesError, match="from 3 to 4") as e:
        registry.default_players(Refuser())
    assert "at 3 players: three is too few here" in str(e.value) and "four" not in str(e.value)


def test_a_spec_registered_again_drops_the_aliases_it_no_longer_has(registry_restored):
    """Registering a spec again under its name replaces it: an alias only the old one had
    reaches nothing."""
    registry.register(_spec("reregistered", aliases=("rereg-alias",)))
    assert spec_of("rereg-alias").name == "reregistered"
    registry.register(_spec("reregistered"))
    assert spec_of("reregistered").aliases == ()
    with pytest.raises(RulesError, match="unknown game 'rereg-alias'"):
        spec_of("rereg-alias")
    registry.register(_spec("other-game", aliases=("rereg-alias",)))       # the alias is free again
    assert spec_of("rereg-alias").name == "other-game"


def test_a_spec_named_by_an_entry_point_is_discovered(registry_restored, monkeypatch):
    """A game installed from another distribution: an entry point of the group
    ``bluffkit.games`` whose object is a spec is registered by discovery."""
    import importlib.metadata
    spec = _spec("from-elsewhere", aliases=("elsewhere",))

    class EntryPoint:
        def load(self):
            return spec

    groups = []
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None, **kw: groups.append(group) or [EntryPoint()])
    assert "from-elsewhere" not in registry.names()
    registry.discover()
    assert groups == ["bluffkit.games"]
    assert spec_of("from-elsewhere") is spec and spec_of("elsewhere") is spec
