"""A Bløff seat's view as text (for the terminal), built from its observation only."""

from __future__ import annotations

from bluffkit.core.errors import count
from bluffkit.games.bloff.cards import RANK_NAMES, cards_text, claim_text


def describe(obs, names, legal: bool = False) -> str:
    lines = [f"-- {names[obs.seat]}'s view -- rank in turn: {RANK_NAMES[obs.rank]}, pile: {count(obs.pile_size, 'card')}"]
    for i, name in enumerate(names):
        hand = f"your hand {cards_text(obs.hand)}" if i == obs.seat else count(obs.hand_sizes[i], "card")
        lines.append(f"   {name:>10}: {hand}")
    if obs.claims:
        player, rank, k = obs.claims[-1]
        lines.append(f"   last claim: {names[player]} said \u201c{claim_text(k, rank)}\u201d")
    if legal:
        lines.append("   you may: " + ("play CARDS (e.g. play AS,9S)" if obs.legal.play_from is not None
                                       else "call, pass" if obs.legal.call else "nothing now"))
    return "\n".join(lines)
