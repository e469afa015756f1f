"""The encoding of Bløff (:mod:`bluffkit.games.bloff`).

Actions (``D`` decks, 1 or 2 by the rules and the seat count; ``C = 4 x D`` copies of a
rank):

- ``0``: ``call`` ("Bløff!": turn the last play over); ``1``: ``pass``;
- ``2 + r x C + (c - 1)``: lay ``c`` cards of rank ``r`` (0 ace .. 12 king), ``c`` from
  1 to ``C``, the first ``c`` of that rank in the hand. The claim is always the rank in
  turn (the rules say so), so a play of that rank tells the truth and any other rank is
  a bluff.

Coarser than the rules: a play lays cards of one rank only; the rulebook also allows a
mix (two true aces and a false one for "three aces"), which no index stands for. The
suits (and the deck of a card) never matter in Bløff.

The observation (seats rotated so that the observer comes first): the phase, the
rank in turn, the seat laying cards, who may still call, the observer's hand and its
cards in the pile by rank, every hand's size, the pile's size, the open claim (who,
which rank, how many, and how many of that rank the observer knows are not in the
claimant's play: in its hand or laid by itself in the pile), per seat how many claims it
made, and how many of its plays were turned over true and false, and the winner.
All of it is in the seat's :class:`~bluffkit.games.bloff.observe.Observation`.
"""

from __future__ import annotations

from typing import Any

from bluffkit.core.errors import RulesError, count
from bluffkit.games.bloff.actions import CALL_, PASS_, Play
from bluffkit.games.bloff.cards import RANK_NAMES, rank_of
from bluffkit.games.bloff.observe import Legal, Observation
from bluffkit.games.bloff.state import CALL, DEAL, OVER, PLAY
from bluffkit.rl.encoders._features import Features
from bluffkit.rl.encoding import MoveTableEncoder

PHASES = (DEAL, PLAY, CALL, OVER)
RANKS = 13



def _count_claim(claim, counts: list[int], players: int) -> None:
    counts[claim[0]] += 1


def _count_caught(call, counts: list[int], players: int) -> None:
    """A claim called: true (all its cards of the rank claimed) at ``p``, else false at
    ``players + p``."""
    p, rank, cards = call[0], call[1], call[2]
    counts[p if all(rank_of(c) == rank for c in cards) else players + p] += 1

class BloffEncoder(MoveTableEncoder):
    """Fixed action indices and observation vector of Bløff (module docstring)."""

    observation_type, legal_type, seats_field = Observation, Legal, "hand_sizes"

    def __init__(self, game: Any, players: int) -> None:
        super().__init__(game, players)
        self.decks = game.rules.decks_for(players)
        self.copies = 4 * self.decks
        self.n_actions = 2 + RANKS * self.copies
        self.cards = 52 * self.decks
        self._tallies: dict[str, tuple] = {}      # see _tally
        start = self._features(game.observe(game.new_state(players), 0))
        self.obs_size, self.layout = len(start), start.layout()

    # actions -----------------------------------------------------------------------
    def _name(self, index: int) -> str:
        if index == 0:
            return "call"
        if index == 1:
            return "pass"
        r, c = divmod(index - 2, self.copies)
        return f"lay {c + 1} x {RANK_NAMES[r]}"

    def _moves(self, legal: Any) -> dict[int, Any]:
        out: dict[int, Any] = {}
        if legal.call:
            out[0], out[1] = CALL_, PASS_
        if legal.play_from is not None:
            by_rank: list[list[int]] = [[] for _ in range(RANKS)]
            for card in legal.play_from:
                by_rank[rank_of(card)].append(card)
            if legal.play_from and max(legal.play_from) >= self.cards:      # (a Legal of a game of two decks)
                raise RulesError(f"this encoder is for {self._game_words()} with {count(self.decks, 'deck')} of cards; the "
                                 f"Legal holds cards of more decks")
            most = legal.max_cards if legal.max_cards is not None else self.copies
            for r, cards in enumerate(by_rank):
                for c in range(1, min(len(cards), most, self.copies) + 1):
                    out[2 + r * self.copies + c - 1] = Play(tuple(cards[:c]))
        return out

    # observations ------------------------------------------------------------------
    def _tally(self, key: str, items: tuple, count) -> list[int]:
        """Per-seat counts over ``items``, a game's claims or calls so far (public, and
        only ever growing within a game): counted on from the last observation's, so that an
        observation costs the same late in a long game as early on (counting them all again
        made a step's cost grow with the game, a whole game's with its square). Counted
        afresh when ``items`` does not begin with what was counted (another game)."""
        done = self._tallies.get(key)
        if done is not None and len(done[0]) <= len(items) and items[:len(done[0])] == done[0]:
            counts, start = list(done[1]), len(done[0])
        else:
            counts, start = [0] * (2 * self.players), 0
        for item in items[start:]:
            count(item, counts, self.players)
        self._tallies[key] = (items, tuple(counts))
        return counts

    def _features(self, observation: Any) -> Features:
        o, n, f = observation, self.players, Features()
        me = o.seat
        f.section("phase")
        f.one_hot(PHASES.index(o.phase) if o.phase in PHASES else None, len(PHASES))
        f.section("rank")
        f.one_hot(o.rank, RANKS)
        f.section("current")
        f.seat_one_hot(o.current, me, n)
        f.section("to_move")
        f.seat_set(o.to_move, me, n)
        f.section("pending")
        f.seat_set(o.pending, me, n)
        hand = _rank_counts(o.hand)
        mine = _rank_counts(o.my_pile_cards)
        f.section("hand")
        f.counts(hand, self.copies)
        f.section("my_pile_cards")
        f.counts(mine, self.copies)
        f.section("hand_sizes")
        for k in range(n):
            f.value(o.hand_sizes[(me + k) % n], self.cards / n)
        f.section("pile_size")
        f.value(o.pile_size, self.cards)
        # the open claim: the last one, while the call window is open
        claim = o.claims[-1] if o.phase == CALL and o.claims else None
        f.section("claimant")
        f.seat_one_hot(claim[0] if claim else None, me, n)
        f.section("claim_rank")
        f.one_hot(claim[1] if claim else None, RANKS)
        f.section("claim_count")
        f.value(claim[2] if claim else 0, self.copies)
        known = hand[claim[1]] + mine[claim[1]] if claim else 0
        if claim and claim[0] == me:        # the claimant's own play is the claim's, not known beside it
            known -= sum(1 for c in o.my_laid[len(o.my_laid) - claim[2]:] if rank_of(c) == claim[1])
        f.section("claim_known")
        f.value(known, self.copies)
        f.section("claim_sure_lie")
        f.flag(claim is not None and claim[2] > self.copies - known)         # more than can be left: a sure lie
        made = self._tally("claims", o.claims, _count_claim)
        caught = self._tally("revealed", o.revealed, _count_caught)
        true_, false_ = caught[:n], caught[n:]
        f.section("claims_made")
        for k in range(n):
            f.value(made[(me + k) % n], 20)
        f.section("caught_true")
        for k in range(n):
            f.value(true_[(me + k) % n], 5)
        f.section("caught_false")
        for k in range(n):
            f.value(false_[(me + k) % n], 5)
        f.section("winner")
        f.seat_one_hot(o.winner, me, n)
        return f


def _rank_counts(cards) -> list[int]:
    row = [0] * RANKS
    for c in cards:
        row[rank_of(c)] += 1
    return row
