"""A Bløff seat's view as text (for the terminal), built from its observation only."""

from __future__ import annotations

from bluffkit.games.bloff.cards import RANK_NAMES, cards_text, claim_text


def describe(obs, names, legal: bool = False) -> str:
    lines = [f"-- {names[obs.seat]}'s view -- rank in turn: {RANK_NAMES[obs.rank]}, pile: {obs.pile_size} cards"]
    for i, name in enumerate(names):
        hand = f"your hand {cards_text(obs.hand)}" if i == obs.seat else f"{obs.hand_sizes[i]} cards"
        lines.append(f"   {name:>10}: {hand}")
    if obs.claims:
        player, rank, count = obs.claims[-1]
        lines.append(f"   last claim: {names[player]} said \u201c{claim_text(count, rank)}\u201d")
    if legal:
        lines.append("   you may: " + ("play CARDS (e.g. play AS,9S)" if obs.legal.play_from is not None
                                       else "call, pass" if obs.legal.call else "nothing now"))
    return "\n".join(lines)
