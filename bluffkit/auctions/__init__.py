"""The ten auction formats of Bidder Up!, as an engine of their own (one auction, played
to the last payment), shared by the auction lab and, later, the Bidder Up! board game."""

from bluffkit.auctions.game import Auction
from bluffkit.auctions.rules import FORMATS, Rules

__all__ = ["Auction", "FORMATS", "Rules"]
