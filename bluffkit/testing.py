"""The conformance suite, shipped with bluffkit and run on every game, preset and variant.

:func:`check_game` plays seeded games and checks, with a message on every failure:

- random playouts end, and whoever must move has a legal action until the end;
- the same seed gives the same moves (the same log);
- replaying the moves through the immutable API, and through a written and re-read
  log, gives the same final state as the fast simulation path;
- every action's text form round-trips (``parse(str(a)) == a``, also in the
  ruleset's own notation);
- the game's conservation laws hold in every state (``game.invariants``);
- no seat's observation depends on what it may not know: redealing everything
  hidden from a seat (``game.hide_from``) leaves its observation unchanged;
- an illegal action raises and leaves the working state exactly as it was.

>>> from bluffkit.core.game import make_game
>>> report = check_game(make_game("horse-trading"), players=3, seeds=[1])
>>> report["games"], report["steps"] > 100
(1, True)
"""

from __future__ import annotations

import numpy as np

from bluffkit.agents.base import make_agent
from bluffkit.core import log as gamelog
from bluffkit.core.errors import BluffkitError
from bluffkit.core.play import play


def default_agents(game, players: int) -> list:
    """A mix of the game's bots: for You're Bluffing!/Horse Trading a random bot that
    overbids (so that the can't-pay rule is exercised) and a heuristic one; for Bløff an
    honest bot and the exact caller; random bots in the other seats."""
    if game.name == "bloff":
        from bluffkit.agents.bloff import CallerAgent, HonestAgent
        first = [HonestAgent(), CallerAgent()]
    elif game.name == "auction":
        from bluffkit.agents.auction import Bidder
        first = [Bidder(strategy="truthful"), Bidder(strategy="equilibrium"), Bidder(strategy="shade", shade=0.5)]
    elif game.name == "bluffer":
        from bluffkit.agents.bluffer import BluffBot, deck_facts
        facts = deck_facts(game.deck)
        first = [BluffBot(0.8, false_answers=2, facts=facts), BluffBot(0.1, facts=facts)]
    else:
        from bluffkit.agents.youre_bluffing import HeuristicAgent, RandomAgent
        first = [RandomAgent(overbid=60), HeuristicAgent()]
    return (first + [make_agent("random", game) for _ in range(players)])[:players]


def check_game(game, players: int, seeds=(0, 1, 2), agents=None, hidden_every: int = 7,
               illegal_probes=None) -> dict:
    """Run the whole suite on ``game`` with ``players`` seats; return counts of what was checked."""
    make = agents or (lambda: default_agents(game, players))
    report = {"games": 0, "steps": 0, "observations": 0, "illegal": 0}
    for seed in seeds:
        first = play(game, make(), seed)
        again = play(game, make(), seed)
        assert [(s, str(a)) for s, a in first.moves] == [(s, str(a)) for s, a in again.moves], \
            f"seed {seed}: the same seed gave different games"
        _check_record(game, players, seed, first, report, hidden_every, illegal_probes)
        report["games"] += 1
    return report


def _check_record(game, players, seed, rec, report, hidden_every, illegal_probes) -> None:
    rng = np.random.default_rng(seed)
    state = game.new_state(players)
    table = game.table(players=players)     # played along, as a simulation does
    for i, (seat, action) in enumerate(rec.moves):
        where = f"seed {seed}, step {i + 1} ({'chance' if seat is None else f'seat {seat}'}: {action})"
        assert not game.is_over(state), f"{where}: a move after the game was over"
        for text in (str(action), game.notation(action)):
            assert game.parse(text) == action, f"{where}: {text!r} does not read back as {action!r}"
        if seat is None:
            assert game.is_chance(state), f"{where}: chance moved when it was not chance's turn"
        else:
            assert seat in game.to_move(state), f"{where}: seat {seat} moved out of turn"
            assert game.legal(state, seat), f"{where}: seat {seat} had to move but no legal action"
        if i % hidden_every == 0:
            _check_hidden(game, state, players, rng, where, report)
            _check_illegal(game, state, players, where, report, illegal_probes)
        if seat is None:
            table.apply_chance(action)
        else:
            first, legal, seen = table.decision()
            assert first == seat and seen == game.observe(state, seat), \
                f"{where}: the observation while playing differs from the state's own"
            table.apply(seat, action, legal)
        state = game.step(state, seat, action)
        problems = game.invariants(state)
        assert not problems, f"{where}: {'; '.join(problems)}"
        report["steps"] += 1
    assert game.is_over(state), f"seed {seed}: the moves end before the game does"
    assert state == rec.final.freeze(), f"seed {seed}: the immutable replay differs from the simulation"
    assert game.scores(state) == rec.scores, f"seed {seed}: scores differ on replay"
    seats = [{"name": f"seat {s}", "agent": a} for s, a in enumerate(rec.agents)]
    recs, end = gamelog.records(game, players, rec.moves)
    import json
    text = "\n".join([json.dumps(gamelog.header(game, seats, seed))] + [json.dumps(r) for r in recs]
                     + [json.dumps({"end": end})]) + "\n"
    log, states = gamelog.parse(text)
    assert states[-1] == state, f"seed {seed}: the log replays to a different final state"
    assert len(states) == len(rec.moves) + 1, f"seed {seed}: the log lost steps"


def _check_hidden(game, state, players, rng, where, report) -> None:
    for seat in range(players):
        seen = game.observe(state, seat)
        for _ in range(2):
            other = game.hide_from(state, seat, rng)
            assert game.observe(other, seat) == seen, \
                f"{where}: seat {seat}'s observation changes with information hidden from it (a leak)"
            report["observations"] += 1


def _check_illegal(game, state, players, where, report, probes) -> None:
    texts = probes or _PROBES.get(game.name, _PROBES["youre-bluffing"])
    for seat in range(players):
        for text in texts:
            action = game.parse(text)
            t = game.table(state)
            before = t.values()
            try:
                t.apply(seat, action)
            except BluffkitError as e:
                assert t.values() == before, f"{where}: a refused {text!r} by seat {seat} changed the state ({e})"
                assert str(e), f"{where}: an empty error message"
                report["illegal"] += 1


#: Actions each game's suite tries on every seat at sampled steps (each must be refused
#: without a change, or be legal).
_PROBES = {
    "bloff": ["call", "pass", "play AS,AH,AD,AC*", "play none"],
    "bluffer": ["write a purple cow", "done", "vote 1", "vote 7", "write " + "x" * 70, "copy a purple cow"],
    "auction": ["bid 10", "bid 100000", "pass", "take", "raise 10", "raise 500", "stop", "accept", "refuse",
                "call 99999", "choose 0", "sell", "buy", "buy 2", "pay 500", "pay 10", "pick 1", "bid 10+0"],
    "youre-bluffing": ["bid 0", "pass", "sell", "buy", "accept", "auction", "pay 500+500+500",
                       "trade 0 horse none", "counter 500+500", "offer 500+500+500+500"],
}


#: Every ruleset and variant the suite and the golden playthroughs cover: (file name, game, variants, options).
CONFIGS = [
    ("youre-bluffing", "youre-bluffing", [], {}),
    ("youre-bluffing-quick", "youre-bluffing", ["quick"], {}),
    ("youre-bluffing-trade-and-auction", "youre-bluffing", ["trade-and-auction"], {}),
    ("youre-bluffing-short", "youre-bluffing", ["short"], {}),
    ("youre-bluffing-options", "youre-bluffing", [],
     {"buyback_without_funds": "show_and_rerun", "payment": "any_cover", "tie_break": "shared"}),
    ("horse-trading", "horse-trading", [], {}),
    ("horse-trading-double-auction", "horse-trading", ["double-auction"], {}),
    ("horse-trading-trade-and-auction", "horse-trading", ["trade-and-auction"], {}),
    ("horse-trading-short", "horse-trading", ["short"], {}),
    ("horse-trading-all-variants", "horse-trading", ["double-auction", "trade-and-auction", "short"],
     {"trade_tie": "reoffer"}),
    ("bloff", "bloff", [], {}),
    ("bloff-two-decks", "bloff", [], {"two_decks_from": 3}),
    ("bluffer", "bluffer", [], {}),
    ("bluffer-quick-refused-team-scoring", "bluffer", [],
     {"rounds": 2, "questions_per_round": 4, "own_answer_vote": "refused", "team_scoring": True,
      "team_split": "halves", "stop_when_decided": False, "leader_copies": True}),
] + [(f"auction-{f}", "auction", [], {"format": f}) for f in (
    "classic", "cat-in-the-bag", "dutch", "secret-value", "secret-count", "round-the-table", "american-count",
    "second-hand", "number-call", "the-call")] + [
    (f"auction-{f}-double", "auction", [], {"format": f, "double": True}) for f in (
        "classic", "cat-in-the-bag", "secret-value", "secret-count")]


def config_game(name: str):
    """The game of the named entry of :data:`CONFIGS`."""
    from bluffkit.core.game import make_game
    for key, game, variants, options in CONFIGS:
        if key == name:
            return make_game(game, variants=variants, **options)
    raise KeyError(name)


def config_players(name: str) -> tuple[int, ...]:
    """The player counts the suite runs the named configuration with: 3 to 5, or the
    counts an auction format is for."""
    game = config_game(name)
    if game.name == "auction":
        lo, hi = game.rules.fmt.players
        return tuple(range(lo, hi + 1))
    return (3, 4, 5)


def playthrough_players(name: str) -> int:
    """The player count of the named configuration's golden playthrough: 4 where it can."""
    counts = config_players(name)
    return 4 if 4 in counts else max(counts)


def playthrough(game, players: int = 4, seed: int = 7) -> str:
    """A readable, line-per-step record of one seeded game: the golden file's text.

    Each line: step, actor, action (the ruleset's notation), phase and money after
    the step, the narration, and the state's digest, so any change in behaviour
    shows up as a changed line."""
    import json
    from bluffkit.core.digest import digest
    rec = play(game, default_agents(game, players), seed)
    names = [f"P{s}" for s in range(players)]
    lines = [f"# bluffkit playthrough: {game.name}, variants: {', '.join(getattr(game.rules, 'variants', ())) or 'none'}, "
             f"{players} players, seed {seed}",
             f"# agents: {', '.join(rec.agents)}",
             "# rules: " + json.dumps(game.rules.to_dict(), separators=(",", ":"))]
    state = game.new_state(players)
    for i, (seat, action) in enumerate(rec.moves, 1):
        after = game.step(state, seat, action)
        who = "chance" if seat is None else names[seat]
        money = ",".join(str(m) for m in game.money_totals(after))
        say = game.narrate(state, seat, action, after, names)
        lines.append(f"{i:4d} {who:6s} {game.notation(action):24s} {after.phase:7s} [{money}] "
                     f"{say} #{digest(after.values())}")
        state = after
    lines.append(f"# end: scores {list(game.scores(state))}, winners {list(game.winners(state))}")
    return "\n".join(lines) + "\n"
