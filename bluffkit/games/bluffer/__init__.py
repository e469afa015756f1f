"""Bluffer: invent a false answer to a strange but true question; vote for the truth."""

from bluffkit.core.spec import GameSpec, register
from bluffkit.games.bluffer.game import Bluffer
from bluffkit.games.bluffer.rules import Rules

__all__ = ["Bluffer", "Rules", "SPEC"]


def conformance_bots() -> list:
    """The bots the conformance suite seats first: a sharp voter who writes two false
    answers, and a gullible one."""
    from bluffkit.agents.bluffer import BluffBot
    return [BluffBot(0.8, false_answers=2), BluffBot(0.1)]


#: Bluffer's phases in words, for the facts a worked example checks.
PHASE_WORDS = {"ask": "the next question is drawn", "write": "the false answers are written",
               "copy": "the leader copies the true answer", "shuffle": "the answers are shuffled and read",
               "vote": "voting", "over": "the game is over"}


SPEC = register(GameSpec(
    name="bluffer",
    title=Bluffer.title,
    docs_page="bluffer.md",
    factory=Bluffer.create,
    from_header=Bluffer.from_header,
    players=(Rules.min_players, Rules.max_players),
    bots="bluffkit.agents.bluffer",
    default_bot="average",
    test_bots="bluffkit.games.bluffer:conformance_bots",
    text_view="bluffkit.games.bluffer.game:Bluffer.describe",
    seat_html="bluffkit.widgets.render_bluffer:seat_html",
    encoder="bluffkit.rl.encoders.bluffer:BlufferEncoder",
    all_seeing_html="bluffkit.widgets.render_bluffer:all_seeing_html",
    phase_words="bluffkit.games.bluffer:PHASE_WORDS",
    configs=(
        ("bluffer", "bluffer", (), {}),
        ("bluffer-quick-refused-team-scoring", "bluffer", (),
         {"rounds": 2, "questions_per_round": 4, "own_answer_vote": "refused", "team_scoring": True,
          "team_split": "halves", "stop_when_decided": False, "leader_copies": True, "game_tie": "shared"}),
    ),
    test_players=lambda game: (3, 4, 5),      # 2 and 6 to 10 seats: tests/core/test_conformance.py
    # never legal: answers longer than max_answer_length (60), answer 0, a player's chance moves
    illegal_probes=("write " + "x" * 70, "copy " + "x" * 70, "vote 0", "ask octopus-hearts", "shuffle 0,1,2"),
    probes=("write a purple cow", "done", "vote 1", "vote 7", "copy a purple cow"),
    scenario_prefixes=("bluffer-",),
    seat_keys=("leader",),
    seat_list_keys=("round_winners",),
    module=__name__,
))
