"""Bidder Up!, the board game (seeds/001): Animal Market and Fairground, 2 to 4 players,
the ten auction formats of :mod:`bluffkit.auctions` run in its pens (docs/bidder-up.md).

>>> from bluffkit.core.game import make_game
>>> g = make_game("bidder-up", board="fairground")
>>> g.rules.per_type, g.rules.tiles_for(3)
(3, ('classic', 'dutch', 'secret-value', 'cat-in-the-bag'))
"""

from bluffkit.core.spec import GameSpec, register
from bluffkit.games.bidder_up.game import VARIANTS, BidderUp
from bluffkit.games.bidder_up.rules import Rules

__all__ = ["BidderUp", "Rules", "SPEC", "VARIANTS"]


def conformance_bots() -> list:
    """The bots the conformance suite seats first: the heuristic bot."""
    from bluffkit.agents.bidder_up import HeuristicAgent
    return [HeuristicAgent()]


def _players(game) -> tuple[int, ...]:
    """Two to four players (the two-player rules, section J, are their own game)."""
    return (2, 3, 4)


_CONFIGS = tuple(
    (f"bidder-up-{board}" + "".join(f"-{v}" for v in variants), "bidder-up", variants, {"board": board})
    for board, variants in (("animal-market", ()), ("animal-market", ("babies",)), ("fairground", ()),
                            ("fairground", ("babies",)), ("fairground", ("raffle-rush",)))
)

SPEC = register(GameSpec(
    name="bidder-up",
    title=BidderUp.title,
    docs_page="bidder-up.md",
    factory=BidderUp.create,
    from_header=BidderUp.from_header,
    players=(2, 4),
    presets=("animal-market", "fairground"),
    preset_option="board",
    variants=tuple(VARIANTS),
    bots="bluffkit.agents.bidder_up",
    default_bot="heuristic",
    test_bots="bluffkit.games.bidder_up:conformance_bots",
    text_view="bluffkit.games.bidder_up.game:BidderUp.describe",
    seat_html="bluffkit.games.bidder_up.view:seat_html",
    encoder="bluffkit.rl.encoders.bidder_up:BidderUpEncoder",
    max_moves=10_000,  # random play for 4 runs to 30,000-50,000 moves (docs/rl.md)
    public_move="bluffkit.games.bidder_up.narrate:public_move",
    all_seeing_html="bluffkit.games.bidder_up.view:all_seeing_html",
    fact_words="bluffkit.games.bidder_up.narrate:FACT_WORDS",
    phase_words="bluffkit.games.bidder_up.narrate:PHASE_WORDS",
    fact_value="bluffkit.games.bidder_up.narrate:fact_value",
    configs=_CONFIGS,
    test_players=_players,
    test_seeds=1,
    test_min_steps=100,
    # never legal: chance's moves played by a seat, a move nowhere
    illegal_probes=("roll 2", "tickets extra-turn", "move nowhere"),
    probes=("end", "agree", "pass", "sell", "market none", "raffle 0", "raid", "gamble", "loan 100",
            "move pen-1", "move pen-2 pay 0", "counter 10", "keep extra-turn", "ticket extra-turn"),
    scenario_prefixes=("bu-board-",),
    seat_keys=("current",),
    module=__name__,
))
