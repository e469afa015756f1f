"""The Bluffer table as HTML: from one seat's observation (or all-seeing, from the state).

A seat's view shows the question, its own sheet, the answers once read (numbered,
without authors unless the seat leads), the points, and the last question's reveal:
every answer with its author, who voted for it and the points it earned.
"""

from __future__ import annotations

from html import escape

from bluffkit.widgets.render import STYLE

_PHASES = {"ask": "the next question is drawn", "write": "everyone writes a false answer in secret",
           "copy": "the leader copies the true answer",
           "shuffle": "the leader shuffles the sheets", "vote": "the players vote", "over": "the game is over"}


def _author(a: int, names) -> str:
    return "<b>the true answer</b>" if a == -1 else escape(names[a])


def reveal_html(reveal, names, title: str = "Reveal") -> str:
    """One scored question: each answer with its author, its voters and what it earned."""
    voters: dict[int, list[str]] = {}
    for v, votes in enumerate(reveal.votes):
        for k in votes:
            voters.setdefault(k, []).append(names[v])
    rows = []
    duel = len(reveal.gains) == 2
    for k, (a, text) in enumerate(reveal.order, 1):
        got = voters.get(k, [])
        if a == -1:
            pts = "" if duel else (f"+1 each to {', '.join(map(escape, got))}" if got else "")
        elif duel:
            pts = f"+1 to {escape(names[a])}" if got else ""
        elif got:
            own = [g for g in got if g == names[a]]
            to_author = len(got) - len(own)
            parts = ([f"+{2 * to_author} to {escape(names[a])}"] if to_author else []) + \
                    ([f"+2 to {escape(names[reveal.leader])} (a vote on one's own answer goes to the leader)"]
                     if own else [])
            pts = "; ".join(parts)
        else:
            pts = ""
        cls = " class='bk-turn'" if a == -1 else ""
        rows.append(f"<tr{cls}><td>#{k}</td><td>{escape(text)}</td><td>{_author(a, names)}</td>"
                    f"<td>{', '.join(map(escape, got)) or '&mdash;'}</td><td>{pts}</td></tr>")
    total = ", ".join(f"{escape(names[s])} +{g}" for s, g in enumerate(reveal.gains) if g) or "no points"
    head = "<tr><th>#</th><th>answer</th><th>written by</th><th>" + ("picked by" if duel else "votes") + \
        "</th><th>points</th></tr>"
    return (f"<div class='bk-box'><b>{title}</b> (read by {escape(names[reveal.leader])}): {total}</div>"
            f"<table class='bk-table bk-reveal'>{head}{''.join(rows)}</table>")


def public_html(game, state, names) -> str:
    """What the whole class may see on the shared screen: the question, the answers as
    read (no authors), the points and the last reveal; no sheet and no true answer."""
    return bluffer_html(game, state, names, public=True)


def bluffer_html(game, state, names, seat: int | None = None, public: bool = False,
                 private_only: bool = False) -> str:
    """The table from ``seat``'s view; ``seat=None``: all-seeing (every sheet, the truth
    and the authors), or with ``public=True`` only what everyone may see.
    ``private_only`` leaves out the points and the last reveal (shown on the shared screen)."""
    obs = None if seat is None else game.observe(state, seat)
    everything = obs is None and not public
    n = len(names)
    to_move = set(obs.to_move) if obs is not None else set(game.to_move(state))
    leader = state.leader
    t = game.table(state)
    teams = t.teams
    rows = []
    for i, name in enumerate(names):
        role = " (leader)" if i == leader and state.phase != "over" else ""
        team = f"<td>team {'AB'[t.team_of[i]]}</td>" if teams else ""
        cls = " class='bk-turn'" if i in to_move else ""
        rows.append(f"<tr{cls}><td>{escape(name)}{role}</td>{team}<td>{state.points[i]}</td>"
                    f"<td>{state.totals[i]}</td><td>{t.wins()[i]}</td></tr>")
    head = ("<tr><th>player</th>" + ("<th>team</th>" if teams else "")
            + "<th>points this round</th><th>game points</th><th>rounds won</th></tr>")
    who = "shared screen" if public else "all-seeing view" if seat is None else f"{escape(names[seat])}'s view"
    per = game.rules.duel_questions if n == 2 else game.rules.questions_per_round
    lines = [STYLE, f"<div class='bk-box'><b>{who}</b> &middot; round {state.round + 1}, question "
                    f"{min(state.question + 1, per)} of {per} &middot; {_PHASES[state.phase]}</div>"]
    if not private_only:
        lines.append(f"<table class='bk-table'>{head}{''.join(rows)}</table>")
    if state.qid:
        q = game.deck.by_id[state.qid]
        if obs is not None:
            shown_q = (obs.question_text, obs.category) if obs.question_text else None
        else:
            shown_q = None if public and not t.question_public() else (q.question, q.category)
        if shown_q is None:
            lines.append("<div class='bk-box bk-question'>The writers are reading their question in secret.</div>")
        else:
            lines.append(f"<div class='bk-box bk-question'>Question ({escape(shown_q[1])}): "
                         f"<b>{escape(shown_q[0])}</b></div>")
        truth = t.true_answer() if everything else None if obs is None else obs.truth
        if truth is not None:
            lines.append(f"<div class='bk-box'>The true answer{'' if obs is None else ' (you lead: keep it secret)'}: "
                         f"<b>{escape(truth)}</b></div>")
        mine = obs.mine if obs is not None else ()
        if mine:
            lines.append(f"<div class='bk-box'>Your answer{'s' if len(mine) > 1 else ''}: "
                         f"<b>{escape('; '.join(mine))}</b></div>")
        if everything and state.phase in ("write", "copy", "shuffle"):
            sheets = [f"{escape(names[s])}: {escape('; '.join(w))}" for s, w in enumerate(state.writes) if w]
            lines.append(f"<div class='bk-box bk-secret'>Sheets so far: {' | '.join(sheets) or 'none'}</div>")
        if state.phase == "vote":
            authors = [a for a, _ in state.order] if everything else None if obs is None else obs.authors
            chosen = set(obs.chosen if obs is not None else (state.votes[1 - leader] if n == 2 else ()))
            mine_v = set(obs.my_votes) if obs is not None else set()
            items = []
            for k, (_, text) in enumerate(state.order, 1):
                by = f" <span class='bk-secret'>({_author(authors[k - 1], names)})</span>" if authors else ""
                mark = " &larr; your vote" if k in mine_v and n > 2 else " &larr; picked" if k in chosen else ""
                items.append(f"<li><b>#{k}</b> {escape(text)}{by}{mark}</li>")
            lines.append(f"<div class='bk-box'>The answers, as read:<ol class='bk-answers' style='list-style:none;"
                         f"padding-left:8px'>{''.join(items)}</ol></div>")
    if state.history and state.phase != "vote" and not private_only:
        lines.append(reveal_html(state.history[-1], names, "Last question"))
    if state.phase == "over":
        w = " and ".join(escape(names[s]) for s in state.winners)
        lines.append(f"<div class='bk-box'><b>{w} win{'s' if len(state.winners) == 1 else ''} the game.</b></div>")
    return "\n".join(lines)
