"""What one Bluffer player may know.

Everyone hears the question (in the two-player and team games the writers read it
in secret, and the others hear it with the answers), sees the answers as they are
read (numbered, without their authors) and sees the points, the round winners and every question already
scored, authors and votes included. A seat sees its own sheet(s) and its own votes.
The leader (in the team game: the writing team) also knows the true answer once the
answers are written ("lifts the card slightly to copy the true answer", after step 2)
and the author of every answer as it is read ("collects all the invented answers
... behind the screen"). Nobody sees another seat's answer before it is
read, the authors before the reveal (unless they lead), or another seat's sealed
vote before all votes are in. In the two-player game the guesses are spoken aloud.
"""

from __future__ import annotations

from bluffkit.core.observation import ObservationBase

_FIELDS = ("seat", "rules", "players", "mode", "teams", "phase", "round", "question", "leader", "writers", "to_move",
           "qid", "question_text", "category", "truth", "mine", "written", "answers", "authors", "my_votes",
           "chosen", "points", "totals", "round_winners", "history", "winners", "legal")


class Observation(ObservationBase):
    """One seat's view (immutable). ``answers`` are the texts in reading order (empty
    before the reading); ``authors`` the author of each (``-1`` the true answer), only
    for the leader or the writing team, else ``None``; ``writers`` the seats writing
    answers to the question in play; ``truth`` the true answer, only
    for them; ``written`` how many answers each seat has written; ``chosen`` the
    answers already picked in the two-player game; ``history`` one
    :class:`~bluffkit.games.bluffer.engine.Reveal` per question scored."""

    __slots__ = ()
    _fields = _FIELDS

    @classmethod
    def of(cls, t, seat: int, legal, to_move=None) -> "Observation":
        phase = t.phase
        reading = phase == "vote"
        writers_know = seat in t.knowers()
        knows = phase in ("copy", "shuffle", "vote") and writers_know     # the truth is copied after writing
        heard = t.question_public() or (bool(t.qid) and writers_know)
        q = t.deck.by_id[t.qid] if heard else None
        return tuple.__new__(cls, (
            seat, t.rules, t.n, t.mode, t.teams, phase, t.round, t.question, t.leader, t.writers(),
            t.to_move() if to_move is None else to_move,
            t.qid if heard else "", q.question if q else "", q.category if q else "",
            t.true_answer() if knows else None,
            t.writes[seat], tuple(map(len, t.writes)),
            tuple(text for _, text in t.order) if reading else (),
            tuple(a for a, _ in t.order) if reading and knows else None,
            t.votes[seat],
            t.votes[1 - t.leader] if t.mode == "duel" and reading else (),
            t.points, t.totals, t.round_winners, t.history, t.winners, legal))


    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, phase={self.phase!r}, question={self.qid!r})"
