"""Round-the-Table (6) (Bidder Up!, "The Auctions")."""

from __future__ import annotations

from bluffkit.auctions.base import register_format
from bluffkit.auctions.sealed import Ranked


@register_format("round-the-table")
class RoundTheTable(Ranked):
    """"Starting from the auctioneer's left neighbor, every player bids exactly once, in
    turn. Whoever bid the highest amount afterward wins the sale"; a double pen goes "as a
    package". Equal bids: the rule option ``round_ties`` (the booklet is silent)."""

    __slots__ = ()

    def _bidders_to_move(self):
        return self.pending[:1]

    def _ties_to_auctioneer(self) -> bool:
        return self.rules.round_ties != "first"
