"""The encoding of Bluffer (:mod:`bluffkit.games.bluffer`), every form of the game.

Actions (``A`` is the rules' ``max_answers``, 6 by default):

- ``0``: ``done`` (the two-player asker has written enough false answers);
- ``1``: ``copy`` the true answer (rule option ``leader_copies``): the card's own
  wording, cut to the longest answer allowed;
- ``2..6``: ``write`` invented answer ``k``: the ``k``-th of the first five decoys the
  seat is given for the question (its share of the deck's: writer ``i`` of ``w`` is
  given the decoys ``i, i + w, ...``, so one or two at three to five writers with the
  shipped deck's five or six decoys a question; the
  two-player asker all of them), cut to the longest answer allowed, as the random bot
  writes them; in the two-player game a decoy already on the asker's sheet is not
  offered again (unless all five are);
- ``7..7+A-1``: ``vote`` for answer ``1..A`` (as the leader read them).

Coarser than the rules: an answer is any text a player writes; here it is one of a fixed
menu of at most five invented answers per question and seat (every question of a deck
has at least five decoys), and a leader who copies the true answer never rewords it.

The observation (seats rotated so that the observer comes first) holds the phase, the
form of the game and the teams, the leader, the writers, who is to move, the round and
the question, whether the observer knows the true answer, how many answers each seat
has written, and per answer place: whether an answer is there, whether it reads like
one of the observer's own, its author when the observer may know it (the leader and the
writing team), its length in characters and in words, and the observer's votes and the
answers already chosen; then the points of the round, the totals, the rounds won, per
seat from the questions already scored how many of its votes found the true answer and
how many votes its answers drew, and the winners. Only fields of the seat's
:class:`~bluffkit.games.bluffer.observe.Observation`; the question's text and the
deck's card are never read.
"""

from __future__ import annotations

from typing import Any

from bluffkit.games.bluffer.actions import DONE_, Copy, Vote, Write, reading
from bluffkit.games.bluffer.observe import Legal, Observation, fit
from bluffkit.games.bluffer.state import ASK, COPY, OVER, SHUFFLE, TRUTH, VOTE, WRITE
from bluffkit.rl.encoders._features import Features
from bluffkit.rl.encoding import MoveTableEncoder

PHASES = (ASK, WRITE, COPY, SHUFFLE, VOTE, OVER)
MODES = ("standard", "duel", "teams")
DONE_INDEX, COPY_INDEX, WRITE_START, MENU = 0, 1, 2, 5
VOTE_START = WRITE_START + MENU


class BlufferEncoder(MoveTableEncoder):
    """Fixed action indices and observation vector of Bluffer (module docstring)."""

    observation_type, legal_type, seats_field = Observation, Legal, "totals"

    def __init__(self, game: Any, players: int) -> None:
        super().__init__(game, players)
        r = self.rules = game.rules
        self.answers = r.max_answers
        self.n_actions = VOTE_START + self.answers
        start = self._features(game.observe(game.new_state(players), 0))
        self.obs_size, self.layout = len(start), start.layout()

    # actions -----------------------------------------------------------------------
    def _name(self, index: int) -> str:
        if index == DONE_INDEX:
            return "done"
        if index == COPY_INDEX:
            return "copy the true answer"
        if WRITE_START <= index < VOTE_START:
            return f"write decoy {index - WRITE_START + 1}"
        return f"vote {index - VOTE_START + 1}"

    def _moves(self, legal: Any) -> dict[int, Any]:
        out: dict[int, Any] = {}
        ok = legal.explain
        if legal.done:
            out[DONE_INDEX] = DONE_
        a: Any
        if legal.copy:
            a = Copy(fit(legal.truth, legal.max_length) or "unknown")
            if ok(a) is None:
                out[COPY_INDEX] = a
        if legal.write:
            menu = legal.fitted_decoys()[:MENU]
            fresh = [text not in legal.mine for text in menu]
            duel = getattr(legal.where, "mode", "standard") == "duel"
            for k, text in enumerate(menu):
                if duel and any(fresh) and not fresh[k]:
                    continue                     # the asker's sheet holds it already
                a = Write(text)
                if ok(a) is None:
                    out[WRITE_START + k] = a
        for number in legal.vote:
            if 1 <= number <= self.answers:
                out[VOTE_START + number - 1] = Vote(number)
        return out

    # observations ------------------------------------------------------------------

    def _features(self, observation: Any) -> Features:
        o, n, r, f = observation, self.players, self.rules, Features()
        me, a_max = o.seat, self.answers
        f.section("phase")
        f.one_hot(PHASES.index(o.phase) if o.phase in PHASES else None, len(PHASES))
        f.section("mode")
        f.one_hot(MODES.index(o.mode) if o.mode in MODES else None, len(MODES))
        f.section("my_team")
        mine_team = next((t for t in o.teams if me in t), ()) if o.teams else ()
        f.seat_set(mine_team, me, n)
        f.section("leader")
        f.seat_one_hot(o.leader, me, n)
        f.section("writers")
        f.seat_set(o.writers, me, n)
        f.section("to_move")
        f.seat_set(o.to_move, me, n)
        f.section("round")
        f.one_hot(o.round, 3)
        f.section("question")
        f.value(o.question, max(r.questions_per_round, r.duel_questions))
        f.section("knows_truth")
        f.flag(o.truth is not None)
        f.section("written")
        f.seats(o.written, me, n, a_max)
        f.section("answers")
        mine = {reading(text) for text in o.mine}        # the answers are as heard (see as_read)
        for k in range(a_max):
            text = o.answers[k] if k < len(o.answers) else None
            f.flag(text is not None)
            f.flag(text is not None and reading(text) in mine)
            author = o.authors[k] if o.authors is not None and k < len(o.authors) else None
            f.flag(author == TRUTH)
            f.seat_one_hot(author if author is not None and author >= 0 else None, me, n)
            f.value(len(text) if text else 0, r.max_answer_length)
            f.value(len(text.split()) if text else 0, 10)
            f.flag(k + 1 in o.my_votes)
            f.flag(k + 1 in o.chosen)
        scale = 10.0 * max(r.questions_per_round, r.duel_questions)
        f.section("points")
        f.seats(o.points, me, n, scale)
        f.section("totals")
        f.seats(o.totals, me, n, scale * r.rounds)
        f.section("rounds_won")
        won = [0] * n
        for seats in o.round_winners:
            for s in seats:
                won[s] += 1
        f.seats(won, me, n, r.rounds)
        right, drawn = [0] * n, [0] * n
        for reveal in o.history:
            truth = [i + 1 for i, (author, _) in enumerate(reveal.order) if author == TRUTH]
            for s, votes in enumerate(reveal.votes):
                for v in votes:
                    if v in truth:
                        right[s] += 1
                    elif 1 <= v <= len(reveal.order) and reveal.order[v - 1][0] >= 0:
                        drawn[reveal.order[v - 1][0]] += 1
        f.section("votes_right")
        f.seats(right, me, n, 10)
        f.section("votes_drawn")
        f.seats(drawn, me, n, 10)
        f.section("winners")
        f.seat_set(o.winners, me, n)
        return f
