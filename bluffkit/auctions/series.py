"""Many auctions in a row through the engine, for the lab and the benchmarks.

:func:`play_series` plays ``count`` auctions of one :class:`~bluffkit.auctions.Auction`
game, one after another, with the same agents: the path of :func:`bluffkit.core.play.play`
(the game's working copy, chance through ``sample_chance``/``apply_chance``, every
acting seat given its observation and its legal actions, every action checked unless
its agent is ``trusted``, every move recorded), with the setup done once for the whole
series instead of once per auction: the random streams (one for chance and one per
seat, from one seed) and the agents. Agents keep no state from one auction to the next
but their place in their random stream.

The first auction of a series is the game :func:`~bluffkit.core.play.play` plays from
the same seed; each later one goes on drawing from the same streams. Each record
replays through the immutable API to the same final state.

>>> from bluffkit.agents.auction import RandomBidder
>>> from bluffkit.core.game import make_game
>>> g = make_game("auction", format="secret-value", first_refusal=False)
>>> records = play_series(g, [RandomBidder() for _ in range(4)], 3, seed=1)
>>> [len(r.moves) > 0 and r.final.phase for r in records]
['over', 'over', 'over']
"""

from __future__ import annotations

from typing import Any

from bluffkit.core.errors import RulesError, check_whole, quote
from bluffkit.core.play import CHECKS, GameRecord, RunawayGame, Watch, is_trusted, paused_gc
from bluffkit.core.seeding import check_seed, child_rngs


def play_series(game, agents, count: int, seed: int, *, check: str = "untrusted",
                max_steps: int = 200_000) -> list[GameRecord]:
    """Play ``count`` auctions of ``game`` with ``agents`` (one per seat, the auctioneer
    seat 0) from one ``seed``; return their records, in order (``GameRecord.seed`` is the
    series' seed for each). ``check`` and ``max_steps`` (per auction) as for
    :func:`bluffkit.core.play.play`."""
    seed = check_seed(seed)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise RulesError(f"count must be an int >= 0, got {count!r}")
    if check not in CHECKS:
        raise RulesError(f"check must be one of {', '.join(CHECKS)}, not {quote(check)}"[:200])
    max_steps = check_whole(max_steps, "max_steps", 1)
    if not isinstance(agents, (list, tuple)) or not all(callable(getattr(a, "act", None)) for a in agents):
        raise RulesError(f"agents: a list with one agent per seat (an object with act(observation, legal, rng)), "
                         f"got {quote(agents)}"[:200])
    n = len(agents)
    game.check_players(n)
    rngs = child_rngs(seed, n + 1)
    chance, agent_rngs = rngs[0], rngs[1:]
    acts = [a.act for a in agents]
    names = [getattr(a, "name", type(a).__name__) for a in agents]
    checks = None if check == "all" else tuple(not is_trusted(a) for a in agents)
    if checks is not None and all(checks):
        checks = None
    watch = Watch(game, agents) if Watch.wanted(agents) else None   # (each auction's record apart)
    if watch is not None:
        acts = watch.acts(acts)
    table, scores, winners, summary = game.table, game.scores, game.winners, game.summary
    out = []
    draws: list[float] = []
    k = 0
    with paused_gc(agents):
        for _ in range(count):
            t = table(players=n)
            if watch is not None:
                watch.new_game(t)
            moves: list[tuple[int | None, Any]] = []
            append = moves.append
            run = t.run
            chances = 0
            is_chance = t.is_chance
            while True:
                if not is_chance():                   # (chance first: the players' loop would play nothing)
                    run(acts, agent_rngs, append, max_steps - len(moves), checks)
                    if len(moves) >= max_steps and not t.is_over():
                        raise RunawayGame(f"an auction of the series with seed {seed} did not end within "
                                          f"{max_steps} steps")
                    if not is_chance():
                        break
                if k == len(draws):
                    draws, k = chance.random(64).tolist(), 0
                outcome = t.sample_chance(draws[k], chance)
                k += 1
                if watch is not None:
                    watch.chance(outcome)
                t.apply_chance(outcome)
                append((None, outcome))
                chances += 1
            if watch is not None:
                watch.end()
            rec = GameRecord(seed, n, list(names), moves)
            rec.final, rec.chance_moves = t, chances
            rec.scores, rec.winners, rec.summary = scores(t), winners(t), summary(t)
            out.append(rec)
    return out
