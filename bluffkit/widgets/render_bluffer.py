"""The Bluffer table as HTML: a seat's view from its observation alone (:func:`seat_html`),
the shared screen from any seat's observation with that seat's own part left out
(:func:`public_html`), the all-seeing view from the state (:func:`all_seeing_html`).

A seat's view shows the question, its own sheet, the answers once read (numbered,
without authors unless the seat leads, or in the team game its team wrote them), the
points, and the last question's reveal: every answer with its author, who voted for it
and the points it earned.
"""

from __future__ import annotations

from html import escape

from bluffkit.core.errors import said_together
from bluffkit.games.bluffer.actions import as_read
from bluffkit.games.bluffer.view import lead_note, points_now
from bluffkit.widgets import art
from bluffkit.widgets.render import STYLE

_PHASES = {"ask": "the next question is drawn", "write": "everyone writes a false answer in secret",
           "copy": "the leader copies the true answer",
           "shuffle": "the leader shuffles the sheets", "vote": "the players vote", "over": "the game is over"}
_IN_PLAY = ("write", "copy", "shuffle", "vote")      # the phases with a question drawn


def phase_label(phase: str, mode: str, leader: int, teams, names) -> str:
    """What the table is doing now, in words (HTML, escaped), as the form of the game has
    it: in the standard game everyone writes and everyone but the leader votes; in the
    two-player game only the asker (the leader) writes and the other player picks; in the
    team game the leader's team writes (one answer each) and the other team bets. Drawn from
    public fields only (the same from every seat)."""
    if mode == "duel" and phase in ("write", "vote"):
        asker, guesser = escape(names[leader]), escape(names[1 - leader])
        if phase == "write":
            return f"{asker} writes false answers in secret; {guesser} will pick the true one"
        return f"{guesser} picks answers until the true one; each wrong pick gives {asker} a point"
    if mode == "teams" and teams and phase in ("write", "vote"):
        writing = 0 if leader in teams[0] else 1
        if phase == "write":
            return f"team {'AB'[writing]} writes false answers in secret, one each; team {'AB'[1 - writing]} waits"
        return f"team {'AB'[1 - writing]} bets, each on the answer they believe"
    return _PHASES[phase]


def _author(a: int, names) -> str:
    return "<b>the true answer</b>" if a == -1 else escape(names[a])


def reveal_html(reveal, names, title: str = "Reveal") -> str:
    """One scored question: each answer (as heard, :func:`~bluffkit.games.bluffer.actions.as_read`:
    a seat's observation holds it so already, the all-seeing view passes the state's as typed)
    with its author, its voters and what it earned."""
    voters: dict[int, list[int]] = {}       # each number's voters by seat: two players may share a name
    for v, votes in enumerate(reveal.votes):
        for k in votes:
            voters.setdefault(k, []).append(v)
    rows = []
    duel = len(reveal.gains) == 2
    for k, ((a, _), text) in enumerate(zip(reveal.order, as_read(text for _, text in reveal.order)), 1):
        seats = voters.get(k, [])
        got = [names[v] for v in seats]
        if a == -1:
            pts = "" if duel else (f"+1 {'each ' if len(got) > 1 else ''}to {', '.join(map(escape, got))}" if got else "")
        elif duel:
            pts = f"+1 to {escape(names[a])}" if got else ""
        elif got:
            own = seats.count(a)                    # votes on one's own answer
            to_author = len(seats) - own
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
            f"<table class='bk-table bk-reveal bk-last-table'>{head}{''.join(rows)}</table>")


def _buttons_cover_all(obs) -> bool:
    """Whether the seat's vote buttons are every answer sheet as read: then the sheets are
    not drawn again above them. Not so after a wrong pick in the two-player game, or with
    one's own answers refused: the sheets without a button are still shown with their marks."""
    vote = obs.legal.vote if obs.legal is not None else ()
    return bool(vote) and len(vote) == len(obs.answers)


def seat_html(game, obs, names, private_only: bool = False, vote_buttons: bool = False, team: bool = False,
              leader: bool = False, by_player: bool = False) -> str:
    """The table from the view of ``obs.seat``, drawn from its observation alone: the
    question if it has heard it, its own sheet and votes, the true answer and the authors
    only if it leads (the writing team). ``private_only`` leaves out the points and the
    last reveal (shown on the shared screen); ``vote_buttons`` leaves out the answer
    sheets while the seat votes (the panel draws them as the buttons to click). ``team``:
    the writing team's screen in the team game, what every member knows and no more: the
    question, the true answer and the authors, without the seat's own sheet (its
    teammates learn who wrote which answer only as the answers are read). ``leader``: the
    same view headed as the leader's screen. ``by_player``: the points a row per player
    (see :func:`_draw`)."""
    question = (obs.question_text, obs.category) if obs.question_text else None
    answers = [(k, text, None if obs.authors is None else obs.authors[k - 1])
               for k, text in enumerate(obs.answers, 1)]
    who = ("The writing team's screen" if team else f"The leader's screen: {escape(names[obs.seat])}" if leader
           else f"{escape(names[obs.seat])}'s view")
    note = "your team's question" if team else lead_note(obs)
    return _draw(game, obs, names, set(obs.to_move), obs.mode, obs.teams, who, question,
                 truth=obs.truth, truth_note=f" ({note}: keep it secret)", mine=() if team else obs.mine, sheets=None,
                 answers=answers, chosen=set() if team else set(obs.chosen),
                 my_votes=set() if team else set(obs.my_votes), private_only=private_only,
                 heard_by_all=bool(obs.mode == "standard" or obs.phase == "vote"), voting=vote_buttons and _buttons_cover_all(obs),
                 by_player=by_player)


def public_html(game, obs, names, last: bool = True, sheets: bool = True) -> str:
    """What the whole class may see on the shared screen, drawn from any seat's
    observation with that seat's own part left out: the question once everyone has
    heard it, the answers as read (no authors), the points and the last reveal; no
    sheet and no true answer. ``last=False`` leaves out the last reveal (the panel shows
    it below the player's controls: :func:`last_question_html`); ``sheets=False`` the
    answers as read (while a seat votes on screen, its vote buttons are those sheets)."""
    heard = obs.question_text and (obs.mode == "standard" or obs.phase == "vote")
    question = (obs.question_text, obs.category) if heard else None
    answers = [(k, text, None) for k, text in enumerate(obs.answers, 1)]
    chosen = set(obs.chosen) if obs.players == 2 else set()
    return _draw(game, obs, names, set(obs.to_move), obs.mode, obs.teams, "shared screen", question, truth=None,
                 truth_note="", mine=(), sheets=None, answers=answers, chosen=chosen, my_votes=set(),
                 voting=not sheets, last=last)


def last_question_html(obs, names) -> str:
    """The last question's reveal as the shared screen shows it (every answer with its
    author, votes and points), or ``""`` while there is none to show (before the first
    reveal, and during a vote); public, the same from every seat's observation."""
    return reveal_html(obs.history[-1], names, "Last question") if obs.history and obs.phase != "vote" else ""


def all_seeing_html(game, state, names) -> str:
    """The all-seeing table: the question, the true answer, every sheet and every author
    (the teacher, a finished game, a replay)."""
    t = game.table(state)
    question = None
    if state.qid:
        q = game.deck.by_id[state.qid]
        question = (q.question, q.category)
    truth = t.true_answer() if state.qid else None
    sheets = [(s, w) for s, w in enumerate(state.writes) if w]
    answers = [(k, text, a) for k, (a, text) in enumerate(state.order, 1)] if state.phase == "vote" else []
    chosen = set(state.votes[1 - state.leader] if len(names) == 2 else ())
    return _draw(game, state, names, set(game.to_move(state)), t.mode, t.teams, "all-seeing view", question, truth=truth,
                 truth_note="", mine=(), sheets=sheets, answers=answers, chosen=chosen, my_votes=set())


def _draw(game, src, names, to_move, mode, teams, who, question, *, truth, truth_note, mine, sheets, answers,
          chosen, my_votes, private_only: bool = False, heard_by_all: bool = False, voting: bool = False,
          last: bool = True, by_player: bool = False) -> str:
    """The table of ``src`` (an observation, or the state for the all-seeing view) with
    what the viewer may know given: ``question`` (text, category) or ``None`` if it is
    read in secret, the ``truth``, its own sheet ``mine``, every sheet ``sheets`` (``None``:
    not shown), the ``answers`` as read (number, text, author or ``None``), the picks
    ``chosen`` and its own votes; ``voting``: the sheets are left out (they are the vote
    buttons); ``last``: the last question's reveal is drawn (unless ``private_only``);
    ``by_player``: the points with a row per player (a projector's narrow column: ten players'
    columns ran off its side), the leader tagged in its row; else a column per player (the
    table stays short), the leader named in the head line above it (its tag beside a name in
    the row of names read as a column of its own)."""
    n = len(names)
    leader = src.leader
    team_of = tuple(0 if s in teams[0] else 1 for s in range(n)) if teams else None
    wins = [0] * n
    for seats in src.round_winners:
        for s in seats:
            wins[s] += 1
    points, totals = points_now(src, chosen, n)      # a wrong pick of the two-player game at once
    cells = []
    for i, name in enumerate(names):
        # the leader's tag in its row (one row per player); a column per player names the
        # leader in the head line instead: in the row of names its tag read as a column's
        role = " <span class='bk-tag'>leader</span>" if i == leader and src.phase != "over" and by_player else ""
        act = " <span class='bk-tag bk-tag-act'>to act</span>" if i in to_move else ""
        cls = " class='bk-turn'" if i in to_move else ""
        team = 'AB'[team_of[i]] if team_of is not None else ""
        cells.append((cls, escape(name), team, f"{role}{act}", points[i], totals[i], wins[i]))
    duel = mode == "duel"       # one round of duel_questions questions, whose points are the game's
    labels = ((5, "points"),) if duel else ((4, "points this round"), (5, "game points"), (6, "rounds won"))
    if by_player:               # one row per player: as many players as there are, in a narrow column
        top = "<th>player</th>" + ("<th>team</th>" if team_of is not None else "") \
            + "".join(f"<th>{label}</th>" for _, label in labels)
        rows = [f"<tr>{top}</tr>"] + [
            f"<tr><td{c[0]}>{c[1]}{c[3]}</td>" + (f"<td{c[0]}>{c[2]}</td>" if team_of is not None else "")
            + "".join(f"<td{c[0]}>{c[k]}</td>" for k, _ in labels) + "</tr>" for c in cells]
    else:                       # the team under the name, then the tags: each column's team on the same line
        heads = "".join(f"<th{c[0]}>{c[1]}" + (f"<br>team {c[2]}" if c[2] else "") + f"{c[3]}</th>" for c in cells)
        rows = [f"<tr><th>player</th>{heads}</tr>"]
        for k, label in labels:
            rows.append(f"<tr><td>{label}</td>{''.join(f'<td{c[0]}>{c[k]}</td>' for c in cells)}</tr>")
    per = game.rules.duel_questions if duel else game.rules.questions_per_round
    where = f"question {min(src.question + 1, per)} of {per}"
    if not duel:
        where = f"round {src.round + 1}, {where}"
    if src.phase == "over":          # (the counters have moved on to a round never played)
        where = ""
    lead = f" &middot; {escape(names[leader])} is the leader" if src.phase != "over" and not by_player else ""
    lines = [STYLE, f"<div class='bk-box bk-drawn'><b>{who}</b> &middot; {where + ' &middot; ' if where else ''}"
                    f"{phase_label(src.phase, mode, leader, teams, names)}{lead}</div>"]
    if not private_only:
        lines.append(f"<table class='bk-table bk-points{' bk-by-player' if by_player else ''}'>{''.join(rows)}</table>")
    if src.phase in _IN_PLAY:                    # a question is in play (everyone sees that)
        if question is None:
            who_reads = "The asker is" if duel else "The writers are"
            lines.append(f"<div class='bk-box bk-question'>{who_reads} reading the question in secret.</div>")
        elif private_only and heard_by_all:
            pass                                 # on the shared screen above
        else:
            lines.append(f"<div class='bk-box bk-question'>Question ({escape(question[1])}): "
                         f"<b>{escape(question[0])}</b></div>")
        if truth is not None:
            lines.append(f"<div class='bk-box'>The true answer{truth_note}: <b>{escape(truth)}</b></div>")
        if mine:
            lines.append(f"<div class='bk-box'>Your answer sheet: {art.sheet(None, '; '.join(mine))}"
                         "</div>")
        if sheets is not None and src.phase in ("write", "copy", "shuffle"):
            shown = [f"{escape(names[s])}: {escape('; '.join(w))}" for s, w in sheets]
            lines.append(f"<div class='bk-box bk-secret'>Sheets so far: {' | '.join(shown) or 'none'}</div>")
        if src.phase == "vote" and not voting:     # else the sheets are the vote buttons under the view
            items = []
            for k, text, author in answers:
                by = f"<span class='bk-secret'>({_author(author, names)})</span>" if author is not None else ""
                mark = "&larr; your vote" if k in my_votes and n > 2 else "&larr; picked" if k in chosen else ""
                items.append(art.sheet(k, text, " ".join(x for x in (by, mark) if x)))
            lines.append(f"<div class='bk-box'>The answer sheets, as read:<div class='bk-answers'>{''.join(items)}"
                         "</div></div>")
    if src.history and src.phase != "vote" and not private_only and last:
        lines.append(reveal_html(src.history[-1], names, "Last question"))
    if src.phase == "over":
        w = said_together(escape(names[s]) for s in src.winners)
        lines.append(f"<div class='bk-box'><b>{w} win{'s' if len(src.winners) == 1 else ''} the game.</b></div>")
    return "\n".join(lines)
