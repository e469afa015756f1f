"""Facts of a game's state in words: the keys of ``game.facts`` named as a reader says them
(each game's own words in its spec's ``fact_words``, ``phase_words`` and ``fact_value``),
for the scenario player's rulebook numbers and an all-seeing view's folded facts."""

from __future__ import annotations

from bluffkit.core.money import amount

#: The facts a worked example checks, in words (the keys of ``game.facts``), where a key
#: means the same in every game; each game's own are its spec's ``fact_words``.
FACT_WORDS = {"notes": "notes", "high_bid": "highest bid", "high_bidder": "highest bidder", "money": "money",
              "herds": "animals", "phase": "now", "current": "whose turn", "leader": "leader",
              "hand_sizes": "cards in hand", "pile": "cards in the pile", "rank": "cards laid as",
              "points": "points this round", "round": "round", "question": "question number",
              "last_gains": "points for the last question", "round_winners": "round won by",
              "round_wins": "rounds won", "totals": "game points", "answers": "the answers as read out",
              "last_authors": "the last answers' authors",
              "awards": "sold", "owners": "owners", "scores": "scores", "winners": "winner",
              "bank": "the bank holds", "paydays": "paydays so far"}


#: A phase said where the game gives no words of its own.
_PHASES = {"over": "the game is over"}


def _own(game, field: str):
    """The spec's reference field ``field`` of ``game``'s spec, resolved (``None``: none)."""
    if game is None:
        return None
    from bluffkit.core.spec import spec_of
    return spec_of(game).resolve(field)


def fact_name(key: str, game=None) -> str:
    """A checked fact's name in words, in ``game``'s words where it has its own:
    ``last_gains`` -> ``points for the last question``; ``current`` in Bløff -> ``lays
    cards next``, on the Bidder Up! board -> ``whose turn``."""
    own = _own(game, "fact_words") or {}
    return own.get(key) or FACT_WORDS.get(key, key.replace('_', ' '))


def fact_text(key: str, value, game=None) -> str:
    """A checked fact in words: ``herds {'Ben': {'9': 1}}`` -> ``animals: Ben 1 × 9``; on
    the Bidder Up! board ``pos {'Annette': 'pen-2'}`` -> ``pawn on: Annette Pen 2 (small)``."""
    phases = _own(game, "phase_words")
    value_of = _own(game, "fact_value")

    def say(v) -> str:
        if value_of is not None:
            own = value_of(game, key, v)
            if own is not None:
                return own
        if key == "awards" and isinstance(v, dict) and {"winner", "animals", "price"} <= set(v):
            return f"{say(v['animals'])} to {v['winner']} for {say(v['price'])}"
        if key == "herds" and isinstance(v, dict) and all(isinstance(x, int) for x in v.values()):
            return ", ".join(f"{n} \u00d7 {a}" for a, n in v.items()) or "none"
        if isinstance(v, dict):
            return ", ".join(f"{k} {say(x)}" for k, x in v.items()) or "none"
        if isinstance(v, (list, tuple)):
            return ", ".join(say(x) for x in v) or "none"
        if key == "phase":
            return (phases or _PHASES).get(str(v), str(v))
        return amount(v) if type(v) is int else str(v)          # money and points as the narration writes them
    return f"{fact_name(key, game)}: {say(value)}"
