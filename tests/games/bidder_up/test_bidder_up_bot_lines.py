"""Bidder Up!: games the bots used to break off or never finish.

- 0-notes that may not pay costs (``zero_pays_count=false``, L7): both bots paid
  movement, market and raffle costs with their lowest notes, 0-notes first, and the
  game stopped on an illegal move.
- Two heuristic bots could raid or gamble the Piggy Bank for ever (or shun a last pen
  worth less than a note) and never empty the pens [I]; the bot's patience rule (see
  :mod:`bluffkit.agents.bidder_up`) sends it to the pens once the game lags.
- The market [G] with fewer types or steps allowed (``market_types``, ``market_steps``
  1 to 3).

Every game is checked move by move (``check="all"``).
"""

from __future__ import annotations

import pytest

from bluffkit.agents import make_agent
from bluffkit.core.game import make_game
from bluffkit.core.play import play
from bluffkit.games.bidder_up import actions as A

BOARDS = ("animal-market", "fairground")
PLAYERS = (2, 3, 4)
LINEUPS = ("random", "heuristic", "mixed")


def bots(lineup: str, n: int) -> list[str]:
    if lineup == "mixed":
        return (["heuristic", "random"] * 2)[:n]
    return [lineup] * n


def run(opts: dict, lineup: list[str], seed: int, max_steps: int = 5000):
    game = make_game("bidder-up", **opts)
    return play(game, [make_agent(a, game) for a in lineup], seed=seed, max_steps=max_steps, check="all")


def costs_paid(rec):
    """The notes of every cost counted in notes (movement, market, raffle) of a game."""
    return [a.notes for seat, a in rec.moves
            if seat is not None and isinstance(a, (A.Move, A.Market, A.Raffle))]


# -- 1. zero_pays_count=false -----------------------------------------------------------------

@pytest.mark.slow                   # whole games on every board, player count and line-up
@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("lineup", LINEUPS)
def test_no_zero_note_pays_a_cost_when_zero_pays_count_is_off(board, players, lineup):
    """Off: the games end and no 0-note pays a cost. On (the default) the bots still pay
    with their lowest notes, 0-notes first."""
    paid = 0
    for seed in (0, 1):
        rec = run({"board": board, "zero_pays_count": False}, bots(lineup, players), seed)
        assert rec.winners, f"seed {seed}: the game did not end"
        notes = costs_paid(rec)
        assert all(n[0] == 0 for n in notes), f"seed {seed}: a 0-note paid a cost"
        paid += sum(1 for n in notes if sum(n))
    assert paid, "no cost was paid at all: the test checks nothing"
    zeros = sum(n[0] for n in costs_paid(run({"board": board}, bots(lineup, players), 0)))
    assert zeros, "with zero_pays_count on, 0-notes pay costs first"


# -- 2. the heuristic bots make progress ---------------------------------------------------------

REPORTED = [
    ({"die_faces": [1]}, 2, 1001),
    ({"animal_values": [0] * 10}, 2, 1000),
    ({"raid": 1}, 2, 1000),
    ({"die_faces": [5]}, 3, 1),
    ({}, 2, 55),
]


@pytest.mark.parametrize("opts, players, seed", REPORTED, ids=lambda x: str(x).replace(" ", ""))
def test_the_reported_heuristic_games_end_within_5000_steps(opts, players, seed):
    rec = run(opts, ["heuristic"] * players, seed)
    assert rec.winners and len(rec.moves) <= 5000


STALLING = [{"die_faces": [1]}, {"animal_values": [0] * 10}, {"raid": 1}, {"die_faces": [5]}, {}]


@pytest.mark.slow                   # whole games on every board, player count and line-up
@pytest.mark.parametrize("opts", STALLING, ids=lambda x: str(x).replace(" ", ""))
def test_two_heuristic_bots_end_every_game_of_12_seeds_within_5000_steps(opts):
    for seed in range(12):
        rec = run(opts, ["heuristic"] * 2, seed)
        assert rec.winners, f"seed {seed}: the game did not end"


@pytest.mark.slow                   # whole games on every board, player count and line-up
def test_stalling_options_end_on_every_board_player_count_and_line_up():
    for board in BOARDS:
        for players in PLAYERS:
            for lineup in ("heuristic", "mixed"):
                for opts in STALLING[:3]:
                    rec = run(dict(opts, board=board), bots(lineup, players), 1)
                    assert rec.winners and len(rec.moves) <= 5000, (board, players, lineup, opts)


def test_two_heuristic_bots_keep_to_the_documented_pace():
    """The bot's patience bounds a two-player game: every animal is auctioned within
    about ``SLACK_ROUNDS + PACE_ROUNDS`` rounds per animal (plus the walk to a pen);
    the stalled games ran to hundreds of turns."""
    from bluffkit.agents.bidder_up import PACE_ROUNDS, SLACK_ROUNDS

    game = make_game("bidder-up")
    limit = 2 * (SLACK_ROUNDS + PACE_ROUNDS * len(game.rules.deck())) + 40
    for seed in (2, 4, 10, 13, 55):                 # seeds that stalled for thousands of moves
        rec = run({}, ["heuristic"] * 2, seed)
        assert rec.final.turn <= limit, f"seed {seed}: {rec.final.turn} turns"


# -- 3. the market's limits ---------------------------------------------------------------------

@pytest.mark.slow                   # whole games on every board, player count and line-up
@pytest.mark.parametrize("lineup", LINEUPS)
def test_the_bots_keep_to_market_types_and_market_steps(lineup):
    """Every market change of the bots keeps to the limits, for 1 to 3 types and steps,
    whether or not 0-notes pay (the changes cost notes by count)."""
    for types, steps, zero_pays in ((1, 1, True), (1, 1, False), (1, 3, False), (3, 2, True)):
        opts = {"board": "fairground", "market_types": types, "market_steps": steps, "zero_pays_count": zero_pays}
        changes = []
        for seed, players in ((0, 2), (1, 3), (2, 4)):
            rec = run(opts, bots(lineup, players), seed)
            assert rec.winners, (opts, seed)
            changes += [(a.changes, a.notes) for seat, a in rec.moves if seat is not None and isinstance(a, A.Market)]
        assert all(len(c) <= types and all(1 <= abs(k) <= steps for _, k in c) for c, _ in changes), opts
        if not zero_pays:
            assert all(n[0] == 0 for _, n in changes), opts
        if lineup != "heuristic":
            assert any(c for c, _ in changes), f"{opts}: no market change was made: the test checks nothing"


@pytest.mark.parametrize("board", BOARDS)
def test_the_heuristic_bot_never_bids_more_than_it_can_pay(board):
    """Holding 0+0, the heuristic bot bid 210, then 290: it bid what an animal was worth to
    it, not what it could pay, and its wins were run again ("cannot pay and shows all their
    money") over and over [F]. It now values a lot at no more than its money."""
    game = make_game("bidder-up", board=board)
    reruns = auctions = 0
    for seed in range(6):
        rec = run({"board": board}, ["heuristic"] * 3, seed)
        assert rec.winners
        s = game.table(players=3).freeze()
        for seat, action in rec.moves:
            after = game.step(s, seat, action)
            if s.auction is None and after.auction is not None:
                auctions += 1
            if s.auction is not None and after.auction is not None and after.auction.reruns > s.auction.reruns:
                reruns += 1
            s = after
    assert auctions > 20 and reruns == 0, (auctions, reruns)
