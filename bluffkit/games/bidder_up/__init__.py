"""Bidder Up!, the board game (seed 001): boards, movement, and the game built on the auctions."""
