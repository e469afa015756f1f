"""Bots for Bløff (Cheat).

- ``random`` is the generic :class:`~bluffkit.agents.generic.RandomBot`: it plays
  :meth:`bluffkit.games.bloff.observe.Legal.sample` (calls or passes with even odds;
  lays 1 to 4 random cards, fewer if it holds fewer or ``max_cards`` allows fewer).
  :class:`RandomAgent` makes the same draws from a buffered stream (faster; the same
  games from the same seed).
- :class:`HonestAgent`: honest when it can, lying only when it must: it lays every
  card of the rank in turn (at most ``max_cards`` of them); holding none, it lays one
  card it least needs. It calls only a claim it knows is false: more of the rank than
  could exist beside its own hand and its own cards in the pile (the caller below also
  places the cards it saw turned over and those it laid into piles others took). Like the
  caller, after ``stamina`` claims per player (100 by default) it calls no more: two honest
  players alone (``min_players=2``) know every card between them, and each certain lie
  called hands the pile back for the same plays again (8 games in 300 went on for ever).
- :class:`CallerAgent`: plays like the honest bot, and calls when the probability that
  the last claim is false, read naively (that the claimant does not hold the cards
  claimed, under a random deal of the unseen cards; not the posterior of
  :mod:`bluffkit.analysis.bloff_bayes`), computed exactly from what it has seen
  (:mod:`bluffkit.analysis.bloff_probability`), is at least ``threshold``. What it has
  seen includes the cards turned over by calls, and who took them, and its own cards in
  the piles others took (:func:`seen_cards`): a player who picked up four jacks and lays
  four jacks is not called, and "one nine" is called when the other three nines went
  to a third player in a pile. After
  ``patience`` calls that found the truth (6 by default; ``None``: no limit) it calls
  only certain lies, as the honest bot does: the model takes every unseen card to be
  anywhere, so it can keep calling players who truly hold what they lay, and callers
  alone could pass the same cards round the table for ever. Once the game has gone on
  for ``stamina`` claims per player (100 by default; ``None``: no limit) it calls no
  more, so the hands empty: three callers could otherwise go round for ever, each
  calling the single card another must lay as a lie, even a certain one, and laying
  true fours (3 games in 400 did), while their games that end take at most some 65
  claims per player.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import compress, repeat
from numbers import Real
from operator import eq

import numpy as np

from bluffkit.agents.base import UniformBuffer, uniform_stream
from bluffkit.agents.generic import RandomBot
from bluffkit.core.errors import RulesError
from bluffkit.games.bloff.actions import CALL_, PASS_, Play
from bluffkit.games.bloff.cards import rank_of

#: The rank of each card id (:func:`rank_of`), for up to ten decks: the bots count a rank
#: in a hand with one C-level pass (``ranks(hand).count(rank)``) instead of a call per card.
_RANKS = tuple(rank_of(c) for c in range(52 * 10))
_rank = _RANKS.__getitem__


def ranks(cards) -> list[int]:
    """The rank of each card of ``cards``, in order."""
    return list(map(_rank, cards))


def of_rank(cards, rank: int) -> tuple[int, ...]:
    """The cards of ``cards`` whose rank is ``rank``, in order."""
    return tuple(compress(cards, map(eq, map(_rank, cards), repeat(rank))))


class RandomAgent:
    """:class:`~bluffkit.agents.generic.RandomBot`'s draws (``legal.draw``) from a
    buffered stream of the same generator: the same moves, faster. ``trusted``: its moves
    are drawn from the ``Legal`` it is given, of the hand's own cards, so a simulation skips
    checking them (``check="all"`` checks them, as the bots' tests do)."""

    name = "random"
    trusted = True

    def __init__(self):
        self.rng, self.next = None, None

    def act(self, obs, legal, rng):
        if rng is not self.rng:
            self.rng, self.next = rng, uniform_stream(rng)
        return legal.draw(self.next)


def known_count(obs, rank: int) -> int:
    """Cards of ``rank`` this seat can place outside the last play: its own hand, and its
    own cards in the pile."""
    return ranks(obs.hand).count(rank) + ranks(obs.my_pile_cards).count(rank)


class HonestAgent:
    """The honest bot (see the module's docstring). ``trusted``: it lays cards of the hand its
    ``Legal`` lists, at most the cards it allows, and calls only when it may, so a
    simulation skips checking its moves (``check="all"`` checks them against the rules and
    for plain numbers, as the bots' tests do). ``trusted`` is not inherited (:func:`bluffkit.core.play.is_trusted`):
    a subclass is checked unless it declares it again."""

    name = "honest"
    trusted = True

    def __init__(self, stamina: int | None = 100):
        if stamina is not None and (isinstance(stamina, bool) or not isinstance(stamina, int) or stamina < 1):
            raise RulesError(f"stamina must be a count of claims per player (an int >= 1) or None, got {stamina!r}")
        self.u = UniformBuffer()
        self.stamina = stamina

    def play(self, obs, legal, rng):
        mine = of_rank(legal.play_from, obs.rank)
        if mine:
            return Play(mine if legal.max_cards is None else mine[:legal.max_cards])
        # must lie: lay the card whose rank comes up last in the cycle
        far = max(legal.play_from, key=lambda c: ((rank_of(c) - obs.rank) % 13, c))
        return Play((far,))

    def certainly_false(self, obs) -> bool:
        player, rank, count = obs.claims[-1]
        return count + known_count(obs, rank) > 4 * obs.decks

    def tired(self, obs) -> bool:
        """Whether the game has gone on for ``stamina`` claims per player (then no more calls)."""
        return self.stamina is not None and len(obs.claims) >= self.stamina * len(obs.hand_sizes)

    def act(self, obs, legal, rng):
        if legal.call:
            return CALL_ if not self.tired(obs) and self.certainly_false(obs) else PASS_
        return self.play(obs, legal, rng)


class CallerAgent(HonestAgent):
    name = "caller"
    trusted = True          # (declared again: see HonestAgent)

    def __init__(self, threshold: float = 0.5, patience: int | None = 6, stamina: int | None = 100):
        super().__init__(stamina)
        number = isinstance(threshold, Real) and not isinstance(threshold, bool)    # (numpy's True is no Real)
        if not number or not 0 <= threshold <= 1:      # (a Fraction or a numpy number is a number too; nan fails)
            hint = (" (a number, not true/false)" if isinstance(threshold, (bool, np.bool_))
                    else " (0.5, not 50)" if number and 1 < threshold <= 100 else "")
            raise RulesError(f"threshold is a probability from 0 to 1{hint}, got {threshold!r}")
        if patience is not None and (isinstance(patience, bool) or not isinstance(patience, int) or patience < 0):
            raise RulesError(f"patience must be a count of calls (an int >= 0) or None, got {patience!r}")
        self.threshold, self.patience = threshold, patience

    def act(self, obs, legal, rng):
        if legal.call:
            if self.tired(obs):
                return PASS_
            outside, inside = seen_cards(obs)
            _, rank, count = obs.claims[-1]
            if count + known_count(obs, rank) + sum(1 for c in outside if rank_of(c) == rank) > 4 * obs.decks:
                return CALL_
            if self.patience is not None and wrong_calls(obs, self.patience) >= self.patience:
                return PASS_

            return CALL_ if p_false(obs, (outside, inside)) >= self.threshold else PASS_
        return self.play(obs, legal, rng)


def wrong_calls(obs, enough: int | None = None) -> int:
    """How many times this seat has called a claim that proved true (and so took the pile);
    counting stops at ``enough`` (the caller's ``patience``), so that a long game's
    history is not read again at every call."""
    seat, found = obs.seat, 0
    for _, _, _, caller, taker in obs.revealed:
        if caller == seat and taker == seat:
            found += 1
            if found == enough:
                break
    return found


def reveal_claims(obs) -> list[int] | None:
    """The index in ``obs.claims`` of the claim each play in ``obs.revealed`` was, or
    ``None`` when they cannot be placed. The last turned over is the claim just before
    the pile now on the table (whose size is known); each earlier one is the latest
    claim before the next with its seat, rank and count. Claims go round the seats and
    the ranks, one step each, so this is certain unless 13 x players claims went by
    without a call."""
    claims, revealed = obs.claims, obs.revealed
    if not revealed:
        return []
    i = _below_pile(obs)
    out = [0] * len(revealed)
    for q in range(len(revealed) - 1, -1, -1):
        player, rank, cards = revealed[q][:3]
        while i >= 0 and claims[i] != (player, rank, len(cards)):
            i -= 1
        if i < 0:
            return None
        out[q] = i
        i -= 1
    return out


def _below_pile(obs) -> int:
    """The index of the last claim before the pile now on the table (-1: none)."""
    claims, i, size = obs.claims, len(obs.claims) - 1, 0
    while size < obs.pile_size and i >= 0:
        size += claims[i][2]
        i -= 1
    return i


def seen_cards(obs) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What this seat knows of where cards are from the plays turned over by calls, for
    the last claim: ``(outside, inside)``. A card turned over went to the player who
    took the pile, and so did every card this seat laid in that pile (it knows its own
    face-down cards, ``my_laid``: "Anne har selv to firere" counts the fours she laid
    into a pile another player took as surely as those in her hand); such a card is
    still known to be there until that player lays cards face down that nobody turns
    over. ``outside``: cards so known to be in another player's hand
    or in the pile on the table, not the claimant's nor this seat's (those it counts
    itself); ``inside``: cards known to have been in the claimant's hand before the
    last play.

    The plays turned over are placed among the claims as :func:`reveal_claims` places
    them, newest first, in one walk back through the claims, which stops once every
    other seat has laid cards face down that nobody turned over before the pile on the
    table: what was turned over before that is known nowhere any more. So a long game
    costs each call the recent past only, not its whole history."""
    claims, revealed = obs.claims, obs.revealed
    if not revealed:
        return (), ()
    last = len(claims) - 1
    claimant, seat = claims[-1][0], obs.seat
    i = _below_pile(obs)
    hidden: dict[int, list[int]] = {}     # per seat: its claims nobody turned over, before the last (newest first)
    for j in range(last - 1, i, -1):       # the pile on the table, under the last claim
        hidden.setdefault(claims[j][0], []).append(j)
    waiting = set(range(len(obs.hand_sizes))) - {seat}   # seats with no such claim yet at or before table_from
    placed: list[tuple[int, int]] = []     # (play, claim index), newest first
    floor = -1                             # the claim before the oldest pile placed (-1: the game's first)
    for q in range(len(revealed) - 1, -1, -1):
        player, rank, cards = revealed[q][:3]
        key = (player, rank, len(cards))
        while i >= 0 and claims[i] != key:
            who = claims[i][0]
            hidden.setdefault(who, []).append(i)
            if placed:                     # at or before table_from
                waiting.discard(who)
            i -= 1
        if not waiting and placed:         # every older play turned over is known nowhere now
            floor = i
            break
        if i < 0:
            return (), ()                  # the plays cannot be placed among the claims
        placed.append((q, i))
        i -= 1
    table_from = placed[0][1]
    # this seat's own cards in each pile placed: its claims, newest first, take its laid
    # cards from the end (each play's cards in order, ``my_laid``). An older play turned
    # over is placed at the latest claim with its seat, rank and count; once 13 x players
    # claims lie between the oldest known and the last, that claim may be a later one
    # (:func:`reveal_claims`), and a pile may have begun earlier than it seems: then only
    # the newest pile's own cards are placed, those laid after the claim it is placed
    # below (in that pile whichever claim it was).
    trusted = len(placed) if last - floor < 13 * len(obs.hand_sizes) else 1
    own: list[list[int]] = [[] for _ in placed]
    laid, end, k = obs.my_laid, len(obs.my_laid), 0
    for j in range(last - 1, floor, -1):
        player, _, count = claims[j]
        if player != seat:
            continue
        cards, end = laid[end - count:end], end - count
        if j > table_from:
            continue                       # in the pile on the table: counted as its own pile cards
        while k + 1 < len(placed) and j <= placed[k + 1][1]:
            k += 1
        if k < trusted:
            own[k].extend(cards)
    holder = {}
    for k in range(len(placed) - 1, -1, -1):     # oldest first: a later pile taken wins
        q, since = placed[k]
        for c in (*own[k], *revealed[q][2]):
            holder[c] = (revealed[q][4], since)
    for mine in hidden.values():
        mine.reverse()                     # oldest first, for bisect
    return still_known(holder, hidden, seat, claimant, table_from)


def still_known(holder: dict, hidden: dict, seat: int, claimant: int, table_from: int):
    """``(outside, inside)`` of :func:`seen_cards` from ``holder`` (card -> the seat that
    took it and the index of the claim it was turned over at) and ``hidden`` (seat -> the
    indexes of its claims nobody turned over, in order)."""
    outside, inside = [], []
    for c, (taker, since) in holder.items():
        if taker == seat:
            continue
        mine = hidden.get(taker, ())
        if taker == claimant:
            if bisect_right(mine, since) == len(mine):                  # no face-down play since
                inside.append(c)
        elif bisect_right(mine, since) == bisect_left(mine, table_from + 1):   # none before the pile on the table
            outside.append(c)
    return tuple(sorted(outside)), tuple(sorted(inside))


def p_false(obs, seen=None) -> float:
    """The probability that the last claim is false, from this seat's knowledge: its own
    hand, its own cards in the pile, and the cards it saw turned over whose place it
    still knows (:func:`seen_cards`, or ``seen``); every other card is unseen (a
    hypergeometric model, see :func:`bluffkit.analysis.bloff_probability.p_claim_false`;
    a claimant who holds the cards is assumed to play them)."""
    from bluffkit.analysis import bloff_probability as bp
    player, rank, count = obs.claims[-1]
    in_hand = sum(1 for c in obs.hand if rank_of(c) == rank)
    mine_in_pile = sum(1 for c in obs.my_pile_cards if rank_of(c) == rank)
    unseen = sum(obs.hand_sizes) + obs.pile_size - len(obs.hand) - len(obs.my_pile_cards)
    claimant = obs.hand_sizes[player] + count
    outside, inside = seen_cards(obs) if seen is None else seen
    if outside or inside:
        try:
            return float(bp.p_claim_false(
                count, in_hand, mine_in_pile + sum(1 for c in outside if rank_of(c) == rank), obs.decks,
                unseen - len(outside) - len(inside), claimant - len(inside),
                known_in_claimant=sum(1 for c in inside if rank_of(c) == rank)))
        except ValueError:          # the reveals could not be placed right: fall back on what is certain
            pass
    return float(bp.p_claim_false(count, in_hand, mine_in_pile, obs.decks, unseen, claimant))


AGENTS = {"random": RandomBot, "honest": HonestAgent, "caller": CallerAgent}
