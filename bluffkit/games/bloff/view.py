"""A Bløff seat's view as text (for the terminal), built from its observation only."""

from __future__ import annotations

from bluffkit.core.errors import count, right_aligned
from bluffkit.games.bloff.cards import RANK_NAMES, cards_text, claim_text, rank_of


def _play_words(obs) -> str:
    """How to lay cards, with examples from the seat's own hand: the truth (cards of the
    rank in turn) where it holds some, and a bluff."""
    lg, rank = obs.legal, obs.rank
    most = min(lg.max_cards or len(lg.play_from), len(lg.play_from))
    true = [c for c in lg.play_from if rank_of(c) == rank][:most]
    other = [c for c in lg.play_from if rank_of(c) != rank][:1]
    examples = ([f"play {cards_text(true)} (true)"] if true else []) + \
        ([f"play {cards_text(other)} (a bluff)"] if other else [])
    many = ("your last card" if len(lg.play_from) == 1 else "one card" if most == 1
            else f"1 to {most} of your cards" if lg.max_cards else "one or more of your cards")
    claimed = claim_text(1, rank) if most == 1 else claim_text(2, rank).split(' ', 1)[1]   # "one ace", as said
    return (f"play CARDS: {many}, face down, claimed as {claimed}"
            + (f" (e.g. {' or '.join(examples)})" if examples else ""))


def describe(obs, names, legal: bool = False) -> str:
    lines = [f"-- {names[obs.seat]}'s view -- rank in turn: {RANK_NAMES[obs.rank]}, pile: {count(obs.pile_size, 'card')}"]
    for i, name in enumerate(names):
        hand = f"your hand {cards_text(obs.hand)}" if i == obs.seat else count(obs.hand_sizes[i], "card")
        lines.append(f"   {right_aligned(name)}: {hand}")
    if obs.claims:
        player, rank, k = obs.claims[-1]
        lines.append(f"   last claim: {names[player]} said \u201c{claim_text(k, rank)}\u201d")
    if legal:
        lines.append("   you may: " + (_play_words(obs) if obs.legal.play_from is not None
                                       else "call, pass" if obs.legal.call else "nothing now"))
    return "\n".join(lines)
