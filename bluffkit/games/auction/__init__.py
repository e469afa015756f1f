"""One auction of Bidder Up! as a bluffkit game: the spec of the engine in
:mod:`bluffkit.auctions` (the library of the ten auction formats), registered here so
that the auction is found like every other game."""

from bluffkit.auctions.game import Auction
from bluffkit.core.spec import GameSpec, register

__all__ = ["Auction", "SPEC"]

#: The words for the facts a worked example checks where they are the auction's own
#: (its score is money won or lost, docs/auctions.md), and its phases.
FACT_WORDS = {"scores": "money won or lost", "high": "highest bid", "lot": "the lot"}
PHASE_WORDS = {"setup": "the lot is set out", "pick": "the lot is picked", "bid": "bidding",
               "final": "the last bid", "grab": "grabbing", "choose": "the auctioneer sells or buys",
               "refuse": "the auctioneer sells or buys", "pay": "payment", "over": "the auction is over"}

#: The formats each conformance configuration covers (Bidder Up! booklet); the first
#: four also with a double pen.
FORMATS = ("classic", "cat-in-the-bag", "dutch", "secret-value", "secret-count", "round-the-table",
           "american-count", "second-hand", "number-call", "the-call")
DOUBLE = ("classic", "cat-in-the-bag", "secret-value", "secret-count")


def conformance_bots() -> list:
    """The bots the conformance suite seats first: a truthful bidder, one bidding the
    equilibrium and one shading its value by half."""
    from bluffkit.agents.auction import Bidder
    return [Bidder(strategy="truthful"), Bidder(strategy="equilibrium"), Bidder(strategy="shade", shade=0.5)]


def _format_players(game) -> tuple[int, ...]:
    """The seat counts the booklet gives the game's format (auctioneer included)."""
    lo, hi = game.rules.fmt.players
    return tuple(range(lo, hi + 1))


SPEC = register(GameSpec(
    name="auction",
    title="Auction (Bidder Up!)",
    docs_page="auctions.md",
    factory=Auction.create,
    from_header=Auction.from_header,
    players=(2, 10),              # 2 to 4 in the booklet's formats; the lab seats up to 10 (player_limits=False)
    presets=FORMATS,
    preset_option="format",
    bots="bluffkit.agents.auction",
    default_bot="truthful",
    test_bots="bluffkit.games.auction:conformance_bots",
    text_view="bluffkit.auctions.game:Auction.describe",
    seat_html="bluffkit.widgets.render_auction:seat_html",
    all_seeing_html="bluffkit.widgets.render_auction:all_seeing_html",
    encoder="bluffkit.rl.encoders.auction:AuctionEncoder",
    public_move="bluffkit.auctions.narrate:public_move",
    fact_words="bluffkit.games.auction:FACT_WORDS",
    phase_words="bluffkit.games.auction:PHASE_WORDS",
    score_kind="money",
    configs=tuple((f"auction-{f}", "auction", (), {"format": f}) for f in FORMATS)
    + tuple((f"auction-{f}-double", "auction", (), {"format": f, "double": True}) for f in DOUBLE)
    # Second Hand's winner checked against its bid, not the price (the option show_against)
    + (("auction-second-hand-show-bid", "auction", (), {"format": "second-hand", "show_against": "bid"}),),
    test_players=_format_players,
    test_seeds=12,                # one auction is short: play more
    test_min_steps=36,
    # never legal: a player setting out the lot or pen, shuffling, grabbing first, paying nothing
    illegal_probes=("lot cow", "pen horse,cow", "shuffle 0", "first 1", "pay none"),
    probes=("bid 10", "bid 100000", "pass", "take", "raise 10", "raise 500", "stop", "accept", "refuse",
            "call 99999", "choose 0", "sell", "buy", "buy 2", "pay 500", "pay 10", "pick 1", "bid 10+0"),
    scenario_prefixes=("bu-",),
    seat_keys=("auctioneer",),
    module=__name__,
))
