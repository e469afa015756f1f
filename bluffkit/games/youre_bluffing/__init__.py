"""You're Bluffing! (Kuhhandel) and Horse Trading: one engine, two rulesets.

>>> from bluffkit.games.youre_bluffing import YoureBluffing
>>> game = YoureBluffing.create("horse-trading")
>>> s = game.new_state(players=3)
>>> game.legal(s, 0).simple
(Auction(),)
>>> s = game.step(s, 0, "auction")
>>> s = game.step(s, None, "draw 9")     # chance turns up a 9 (the cows, 800)
>>> s = game.step(s, 1, "bid 10")
>>> s.high_bid, s.high_bidder, s.pending
(10, 1, (2,))
"""

from bluffkit.games.youre_bluffing.game import YoureBluffing
from bluffkit.games.youre_bluffing.rules import PRESETS, VARIANTS, Rules, preset

__all__ = ["YoureBluffing", "Rules", "PRESETS", "VARIANTS", "preset"]
