"""Bidder Up!: games the bots used to break off or never finish.

- 0-notes that may not pay costs (``zero_pays_count=false``, L7): both bots paid
  movement, market and raffle costs with their lowest notes, 0-notes first, and the
  game stopped on an illegal move.
- Two heuristic bots could raid or gamble the Piggy Bank for ever (or shun a last pen
  worth less than a note) and never empty the pens [I]; the bot's patience rule (see
  :mod:`bluffkit.agents.bidder_up`) sends it to the pens once the game lags.
- The market [G] with fewer types or steps allowed (``market_types``, ``market_steps``
  1 to 3): the rules refuse a change past them, and the bots keep within them.

Every game is checked move by move (``check="all"``).
"""

from __future__ import annotations

import pytest

from bluffkit.agents import make_agent
from bluffkit.auctions.rules import ANIMALS
from bluffkit.core.game import make_game
from bluffkit.core.play import play
from bluffkit.games.bidder_up import actions as A
from bluffkit.testing import assert_refused

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


#: The documented pace (docs/bidder-up.md, "Bots"): the bot heads for a pen "once the game
#: has lasted ``players × (3 + 4 × animals auctioned)`` turns". Two players on the Animal
#: Market (20 animals, B): 2 × (3 + 4 × 20) = 166 turns once the last animal is auctioned;
#: 2 × (3 + 4 × 19) = 158 when the 19th is, which leaves 4 rounds for the walk to the last
#: pen. The margin of 2 rounds more: 170. Games of seeds 0 to 1099 ended within 160 turns
#: when this bound was set; a bot given more patience (10 rounds before the first animal
#: instead of 3, or 5 rounds per animal instead of 4) played 165 to 197 on the seeds below.
PACE_LIMIT = 170


def test_two_heuristic_bots_keep_to_the_documented_pace():
    """I: the game ends once the pens are empty, and the bot's documented patience bounds
    a two-player game at ``players × (3 + 4 × animals auctioned)`` turns (``PACE_LIMIT``
    above, a number written here, not read from the bot); the stalled games ran to
    hundreds of turns."""
    for seed in (2, 4, 10, 13, 55):                 # seeds that stalled for thousands of moves
        rec = run({}, ["heuristic"] * 2, seed)
        assert rec.winners, f"seed {seed}: the game did not end"
        assert rec.final.turn <= PACE_LIMIT, f"seed {seed}: {rec.final.turn} turns, more than {PACE_LIMIT}"


# -- 3. the market's limits ---------------------------------------------------------------------

# The Fairground's market [G]: change up to 3 different animal types by 1, 2 or 3 steps;
# per type 1, 3 or 6 notes (1 + 2 + ... by count, C). From the start, roll 2, the hilltop is a
# market space; the market board's start positions and track (L4, docs/bidder-up.md):
# sheep 400, donkey 400, pig 500 on 0, 50, ..., 500, 600, ..., 1,000.
NOTES_PER_TYPE = {1: 1, 2: 3, 3: 6}
TYPES = ("sheep", "donkey", "pig")                  # sheep up, donkey down, pig up
START = (400, 400, 500)
AFTER = {1: (450, 350, 600), 2: (500, 300, 700), 3: (600, 250, 800)}     # by hand, from the track
HAND = ["0"] * 6 + ["10"] * 8 + ["50"] * 4          # 18 notes: 3 types of 3 steps cost 3 × 6


def market_position(**opts):
    game = make_game("bidder-up", board="fairground", **opts)
    s = game.state_from_position(3, current=0, roll=2, money=["+".join(HAND), None, None])
    s = game.step(s, 0, "move hilltop")
    assert s.phase == "market", s.phase
    return game, s


def market_move(types: int, steps: int) -> str:
    """The first ``types`` of sheep +steps, donkey -steps, pig +steps, paid by count."""
    changes = ",".join(f"{a}{'-' if a == 'donkey' else '+'}{steps}" for a in TYPES[:types])
    return f"market {changes} pay " + "+".join(HAND[:types * NOTES_PER_TYPE[steps]])


@pytest.mark.parametrize("most_types, most_steps", [(1, 1), (2, 2), (3, 3)])
def test_the_market_keeps_to_market_types_and_market_steps(most_types, most_steps):
    """G: a market move changes at most ``market_types`` types (the rulebook's "up to 3
    different animal types", the default 3) by 1 to ``market_steps`` steps each (1, 2 or 3,
    the default 3). 2 or 3 types, 2 or 3 steps past the options' limits are refused with
    the rule broken, the state left exactly as it was (``assert_refused``); within them the
    move is made: the markers move by the steps and the Piggy Bank gets 1, 3 or 6 notes a
    type."""
    game, s = market_position(market_types=most_types, market_steps=most_steps)
    track = game.rules.market_track
    assert tuple(track[s.market[ANIMALS.index(a)]] for a in TYPES) == START
    for types in (1, 2, 3):
        for steps in (1, 2, 3):
            move = market_move(types, steps)
            if types > most_types or steps > most_steps:
                rule = (("too-many-types",) if types > most_types else ()) + \
                    (("too-many-steps",) if steps > most_steps else ())
                assert_refused(game, s, 0, move, rule=rule)
                continue
            after = game.step(s, 0, move)
            moved = tuple(track[after.market[ANIMALS.index(a)]] for a in TYPES)
            want = AFTER[steps][:types] + START[types:]
            assert moved == want, (move, moved)
            assert len(after.piggy) == types * NOTES_PER_TYPE[steps], move
            assert after.phase == "roll" and after.current == 1, move


def test_the_rulebooks_market_limits_are_3_types_and_3_steps():
    """G: "up to 3 different animal types", "More than 3 steps per animal type are not
    possible at once": by default 3 types of 3 steps are made and a fourth type or a fourth
    step is refused."""
    game, s = market_position()
    assert game.rules.market_types == 3 and game.rules.market_steps == 3
    assert game.step(s, 0, market_move(3, 3)).phase == "roll"
    assert_refused(game, s, 0, "market sheep+1,donkey-1,pig+1,cow+1 pay 0+0+0+0", rule="too-many-types")
    assert_refused(game, s, 0, "market sheep+4 pay " + "+".join(HAND[:10]), rule="too-many-steps")


@pytest.mark.slow                   # whole games on every board, player count and line-up
@pytest.mark.parametrize("lineup", LINEUPS)
def test_the_bots_keep_to_market_types_and_market_steps(lineup):
    """The bots (``random`` and ``heuristic``) play the market within the limits, for 1 to 3
    types and steps, whether or not 0-notes pay (the changes cost notes by count). Every
    move is checked by the rules (``check="all"``), so a bot's change past the limits stops
    its game with ``IllegalAction``; that the rules refuse such a change is
    :func:`test_the_market_keeps_to_market_types_and_market_steps`. Each line-up must make
    market changes, or the games would check nothing."""
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
        assert any(c for c, _ in changes), f"{opts}: no market change was made: the test checks nothing"


@pytest.mark.parametrize("board", BOARDS)
def test_the_heuristic_bot_never_bids_more_than_it_can_pay(board):
    """Holding 0+0, the heuristic bot bid 210, then 290: it bid what an animal was worth to
    it, not what it could pay, and its wins were run again ("Whoever can't come up with their
    bid must show all of their money. The auction is then repeated.") over and over [D].
    It now values a lot at no more than its money."""
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


def test_the_heuristic_bot_values_a_value_gain_ticket_by_the_rules_value_gain():
    """It valued a Value-Gain ticket at 200 or 90 whatever ``value_gain`` said; now at two
    thirds of what completing the pictured type adds and nine tenths of the other amount
    (200 and 90 under the rulebook's 300/100, so the default games are as before)."""
    from types import SimpleNamespace

    from bluffkit.games.bidder_up.rules import Rules
    bot = make_agent("heuristic", make_game("bidder-up"))
    cow = ANIMALS.index("cow")
    for gain, held, other in (((300, 100), 200, 90), ((900, 0), 600, 0), ((0, 500), 0, 450)):
        obs = SimpleNamespace(seat=0, rules=Rules(value_gain=gain), pastures=((cow,), ()), barns=((), ()))
        assert bot._ticket_worth(obs, "value-gain:cow") == held, gain
        assert bot._ticket_worth(obs, "value-gain:pig") == other, gain
    obs = SimpleNamespace(seat=0, rules=Rules(value_gain=(900, 0)), pastures=((cow,), ()), barns=((), ()))
    best = max(["extra-turn", "value-gain:pig", "value-gain:cow", "wool-milk:3"], key=lambda n: bot._ticket_worth(obs, n))
    assert best == "value-gain:cow", "a ticket worth 900 is kept over an extra turn"
