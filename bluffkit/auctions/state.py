"""The frozen state of one auction and the names of its phases.

Phases: chance sets out the lot (``setup``; Cat in the Bag also shuffles the pen face
down and the left neighbour picks, ``pick``); the fellow players bid (``bid``, and
``final`` for the American Count's last raise; ``grab`` when several grab the Dutch
hammer at once); the auctioneer settles ties (``choose``); whoever won must be able
to pay, or shows their money and the auction runs again; the auctioneer sells or
buys (``refuse``, the right of first refusal); the payers pay (``pay``); ``over``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bluffkit.auctions.rules import Rules

SETUP, PICK, BID, FINAL, GRAB, CHOOSE, REFUSE_, PAY, OVER = (
    "setup", "pick", "bid", "final", "grab", "choose", "refuse", "pay", "over")
FIELDS = ("rules", "phase", "auctioneer", "money", "start", "pen", "order", "lot", "bids", "placed", "pending",
          "high", "high_bidder", "count", "caps", "shown", "awards", "choosing", "payments", "owners", "reruns",
          "called", "takers", "kept", "revealed")
NO_CAP = -1


@dataclass(frozen=True, slots=True)
class State:
    """A moment of one auction. ``money`` and ``placed`` (notes laid face down) are note
    counts per seat; ``bids`` each seat's bid (``None``: none yet; 0: no bid);
    ``pending`` the seats still to act; ``high``/``high_bidder`` the open auctions'
    standing bid; ``count`` the Dutch count or the American Count's raises left;
    ``caps`` the most a seat may bid after it could not pay (-1: no cap); ``shown``
    the money shown, ``(seat, notes)``; ``awards`` the lots sold, ``(seat, animals,
    price)``; ``choosing`` the auctioneer's open choice, ``(kind, seats)``; ``payments``
    those still owed, ``(payer, payee, amount, mode)``; ``owners`` at the end,
    ``(animal, seat)``; ``called`` The Call's price (-1 until one is called); ``takers``
    who grabbed at the Dutch count; ``kept`` the lots (indices into ``awards``) the
    auctioneer keeps by its right of first refusal, a purchase that falls through
    taken out; ``revealed`` the bids last made before the auction was run again (``()``
    until then; the formats whose bids are ranked: the sealed ones, as "they then all
    reveal their bids together", and Round-the-Table's, made aloud): public."""

    #: ``revealed`` is public memory of the bids made before (their moves' digests cover
    #: them), and was added after logs were written: left out of the digest (core/digest.py).
    DIGEST_LEAVES_OUT: ClassVar[frozenset] = frozenset({"revealed"})

    rules: Rules
    phase: str
    auctioneer: int
    money: tuple
    start: tuple
    pen: tuple
    order: tuple
    lot: tuple
    bids: tuple
    placed: tuple
    pending: tuple
    high: int
    high_bidder: int
    count: int
    caps: tuple
    shown: tuple
    awards: tuple
    choosing: tuple
    payments: tuple
    owners: tuple
    reruns: int
    called: int
    takers: tuple
    kept: tuple
    revealed: tuple = ()

    @property
    def players(self) -> int:
        return len(self.money)

    def values(self) -> tuple:
        return tuple(getattr(self, f) for f in FIELDS[1:])
