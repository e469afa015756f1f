"""Bløff (Cheat / Bullshit / I Doubt It): lay cards face down and say what they are."""

from bluffkit.core.spec import GameSpec, register
from bluffkit.games.bloff.game import Bloff
from bluffkit.games.bloff.rules import Rules

__all__ = ["Bloff", "Rules", "SPEC"]

#: The game's words for the facts a worked example checks, where they differ from the
#: other games' (``current`` is who lays cards next).
FACT_WORDS = {"current": "lays cards next"}


def conformance_bots() -> list:
    """The bots the conformance suite seats first: an honest player and the exact caller."""
    from bluffkit.agents.bloff import CallerAgent, HonestAgent
    return [HonestAgent(), CallerAgent()]


SPEC = register(GameSpec(
    name="bloff",
    title=Bloff.title,
    docs_page="bloff.md",
    factory=Bloff.create,
    from_header=Bloff.from_header,
    players=(Rules.min_players, Rules.max_players),
    bots="bluffkit.agents.bloff",
    default_bot="caller",
    test_bots="bluffkit.games.bloff:conformance_bots",
    text_view="bluffkit.games.bloff.game:Bloff.describe",
    seat_html="bluffkit.widgets.render_bloff:seat_html",
    encoder="bluffkit.rl.encoders.bloff:BloffEncoder",
    max_moves=30_000,  # a table that always calls need not end; random play runs to 15,000 (docs/rl.md)
    all_seeing_html="bluffkit.widgets.render_bloff:all_seeing_html",
    narration_html="bluffkit.widgets.render_bloff:narration_html",
    fact_words="bluffkit.games.bloff:FACT_WORDS",
    score_kind="none",            # "Spillet har ingen poengregning": the game has no scoring
    configs=(
        ("bloff", "bloff", (), {}),
        ("bloff-two-decks", "bloff", (), {"two_decks_from": 3}),
    ),
    # never legal: an empty play, one card laid twice, a player dealing
    illegal_probes=("play none", "play AS,AS", "deal AS|2H"),
    probes=("call", "pass", "play AS,AH,AD,AC*"),
    scenario_prefixes=("bloff-",),
    seat_keys=("leader",),
    module=__name__,
))
