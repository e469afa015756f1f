"""A Bluffer seat's view as text (for the terminal), built from its observation only."""

from __future__ import annotations


def lead_note(obs) -> str:
    """Why this seat sees the true answer: it leads, or (in the team game) its team writes
    this question's answers and another member reads it ("Each member invents their
    answer, then they add the true answer")."""
    return "you lead" if obs.seat == obs.leader else "your team's question"


def points_now(src, chosen, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """This round's points and the game's, as the table shows them (``src``: an
    observation or the state; ``chosen``: the picks so far in the two-player game). There
    each wrong pick is the asker's point at once ("Game for 2 Players": "Each wrong answer
    gives a point to the opponent"), as the narration says it; the state counts them when
    the truth is found. The picks are said aloud and, while the vote goes on, all wrong."""
    pending = [0] * players
    if src.rules.mode_for(players) == "duel" and src.phase == "vote":
        pending[src.leader] = len(chosen)
    return (tuple(p + q for p, q in zip(src.points, pending)), tuple(p + q for p, q in zip(src.totals, pending)))


def describe(obs, names, legal: bool = False) -> str:
    lead = names[obs.leader]
    duel = obs.mode == "duel"           # two players: duel_questions questions, no rounds
    per = obs.rules.duel_questions if duel else obs.rules.questions_per_round
    where = f"question {obs.question + 1}" + (f" of {per}" if duel else "")
    where = where if duel else f"round {obs.round + 1}, {where}"
    head = f"-- {names[obs.seat]}'s view -- " + ("the game is over" if obs.phase == "over" else f"{where}, leader {lead}")
    points = points_now(obs, obs.chosen, len(names))[0]
    lines = [head, "   points: " + ", ".join(f"{n} {p}" for n, p in zip(names, points))]
    if obs.teams:                      # the team game (6 to 10 players): who plays with whom
        lines.append("   teams: " + " against ".join(", ".join(names[s] for s in team) for team in obs.teams))
    if obs.question_text:
        lines.append(f"   question: {obs.question_text}")
    if obs.truth is not None:
        lines.append(f"   the true answer ({lead_note(obs)}): {obs.truth}")
    if obs.mine:
        lines.append("   your answer" + ("s" if len(obs.mine) > 1 else "") + ": " + "; ".join(obs.mine))
    for k, text in enumerate(obs.answers, 1):              # (as heard: see actions.as_read)
        who = ""
        if obs.authors is not None:
            a = obs.authors[k - 1]
            who = "  (the true answer)" if a == -1 else f"  ({names[a]})"
        picked = "  <- chosen" if k in obs.chosen or k in obs.my_votes else ""
        lines.append(f"   #{k} {text}{who}{picked}")
    if obs.history and obs.phase in ("ask", "write", "over"):
        from bluffkit.games.bluffer.game import Bluffer
        lines.append("   last question: " + Bluffer.reveal_text(obs.history[-1], names))
    if legal:
        lg = obs.legal
        can = (["copy TEXT (the true answer, in your words)"] if lg.copy else []) + \
            (["write TEXT"] if lg.write else []) + (["done"] if lg.done else []) + \
            ([f"vote N (N in {', '.join(map(str, lg.vote))})"] if lg.vote else [])
        lines.append("   you may: " + (", ".join(can) or "nothing now"))
    return "\n".join(lines)
