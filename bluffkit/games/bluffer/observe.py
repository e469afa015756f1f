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

:class:`Legal` is what one seat may do now; it travels with the observation.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, NamedTuple

from bluffkit.core.errors import RulesError, check_limit, check_rng, count, quote
from bluffkit.core.observation import ObservationBase, by_keyword, keyword_maker  # noqa: F401
from bluffkit.games.bluffer.actions import (
    DONE_,
    Copy,
    Done,
    Vote,
    Write,
    as_read,
    clean_text,
    reading as heard_as,
    unprintable_answer,
)
from bluffkit.games.bluffer.state import COPY, SHUFFLE, VOTE, WRITE

if TYPE_CHECKING:
    from bluffkit.games.bluffer.rules import Rules


def fit(text: str, most: int) -> str:
    """``text`` with its spaces tidied, cut at a word to at most ``most`` characters.

    >>> fit("  a  very long answer ", 12)
    'a very long'
    """
    text = clean_text(text)
    while len(text) > most and " " in text:
        text = text.rsplit(" ", 1)[0]
    return text[:most].strip()



_HEARD: dict = {}


def _heard(history: tuple) -> tuple:
    """The questions scored, each answer as the table heard it (:func:`as_read`), not as it
    was typed: the reveal names the authors, but a writer's capitals and stops were never
    read out. Remembered per reveal (a game's history only grows), so a view costs no more
    late in a game."""
    out = []
    for r in history:
        heard = _HEARD.get(id(r))
        if heard is None or heard[0] is not r:
            texts = as_read(text for _, text in r.order)
            heard = (r, dataclasses.replace(r, order=tuple((a, text) for (a, _), text in zip(r.order, texts))))
            if len(_HEARD) > 4096:
                _HEARD.clear()
            _HEARD[id(r)] = heard
        out.append(heard[1])
    return tuple(out)

class Observation(ObservationBase):
    """One seat's view (immutable). ``answers`` are the texts in reading order (empty
    before the reading); ``authors`` the author of each (``-1`` the true answer), only
    for the leader or the writing team, else ``None``; ``writers`` the seats writing
    answers to the question in play; ``truth`` the true answer, only
    for them; ``written`` how many answers each seat has written; ``chosen`` the
    answers already picked in the two-player game; ``history`` one
    :class:`~bluffkit.games.bluffer.engine.Reveal` per question scored."""

    __slots__ = ()
    _fields = ("seat", "rules", "players", "mode", "teams", "phase", "round", "question", "leader", "writers",
               "to_move", "qid", "question_text", "category", "truth", "mine", "written", "answers", "authors",
               "my_votes", "chosen", "points", "totals", "round_winners", "history", "winners", "legal")

    make: classmethod[Observation, ..., Observation] = classmethod(keyword_maker(_fields))

    # the fields, read as properties (ObservationBase sets them from _fields)
    seat: int
    rules: Rules
    players: int
    mode: str
    teams: tuple[tuple[int, ...], tuple[int, ...]] | None
    phase: str
    round: int
    question: int
    leader: int
    writers: tuple[int, ...]
    to_move: tuple[int, ...]
    qid: str
    question_text: str
    category: str
    truth: str | None
    mine: tuple[str, ...]
    written: tuple[int, ...]
    answers: tuple[str, ...]
    authors: tuple[int, ...] | None
    my_votes: tuple[int, ...]
    chosen: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    round_winners: tuple
    history: tuple
    winners: tuple[int, ...]
    legal: Legal

    @classmethod
    def of(cls, t, seat: int, legal, to_move=None) -> "Observation":
        phase = t.phase
        reading = phase == VOTE
        writers_know = seat in t.knowers()
        knows = phase in (COPY, SHUFFLE, VOTE) and writers_know     # the truth is copied after writing
        heard = t.question_public() or (bool(t.qid) and writers_know)
        q = t.deck.by_id[t.qid] if heard else None
        return cls.make(
            seat=seat, rules=t.rules, players=t.n, mode=t.mode, teams=t.teams, phase=phase, round=t.round,
            question=t.question, leader=t.leader, writers=t.writers(),
            to_move=t.to_move() if to_move is None else to_move,
            qid=t.qid if heard else "", question_text=q.question if q else "", category=q.category if q else "",
            truth=t.true_answer() if knows else None,
            mine=t.writes[seat], written=tuple(map(len, t.writes)),
            answers=as_read(text for _, text in t.order) if reading else (),   # heard, not seen: see as_read
            authors=tuple(a for a, _ in t.order) if reading and knows else None,
            my_votes=t.votes[seat],
            chosen=t.votes[1 - t.leader] if t.mode == "duel" and reading else (),
            points=t.points, totals=t.totals, round_winners=t.round_winners, history=_heard(t.history),
            winners=t.winners, legal=legal)

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, phase={self.phase!r}, question={self.qid!r})"


class Legal:
    """What one seat may do now: ``write`` (how many more answers it may write, 0 if
    none), ``done`` (may stop writing), ``vote`` (the answer numbers it may choose),
    ``copy`` (the leader writes the true answer). It also holds what the refusals are
    worded from and what :meth:`sample` draws from: ``where`` (the phase, rules, form of
    the game, leader, writers and voters), the ``answers`` read out, the seat's own
    sheets (``mine``), the seat's share of the deck's ``decoys`` for the question (false
    answers a bot may write: writer ``i`` of ``w`` is given the decoys ``i, i + w, ...``,
    never the whole list, which would tell a voter which answers are false; the
    two-player asker, the only writer, is given them all), and for the leader copying it,
    the card's ``truth``.

    >>> lg = Legal(1, VOTE, vote=(1, 3), answers=("three", "five", "two"), mine=("five",))
    >>> lg.explain(Vote(3)) is None, lg.explain(Vote(2))[0], lg.explain(Vote(9))[0]
    (True, 'own-answer', 'no-such-answer')
    >>> [str(a) for a in lg.actions()], lg.description
    (['vote 1', 'vote 3'], 'vote for answer 1 or 3')
    >>> Legal(0, WRITE, write=1).actions() is None      # any text may be written
    True
    """

    __slots__ = ("seat", "phase", "write", "done", "vote", "max_length", "copy",
                 "where", "answers", "mine", "decoys", "truth")

    def __init__(self, seat, phase, write=0, done=False, vote=(), max_length=60, copy=False, *,
                 where=None, answers=(), mine=(), decoys=(), truth=""):
        self.seat, self.phase, self.write, self.done, self.vote, self.max_length = \
            seat, phase, write, done, vote, max_length
        self.copy = copy
        self.where = where if where is not None else Where(phase)
        self.answers, self.mine, self.decoys, self.truth = answers, mine, decoys, truth

    def __bool__(self) -> bool:
        return bool(self.write or self.done or self.vote or self.copy)

    def _key(self):
        return self.seat, self.phase, self.write, self.done, self.vote, self.max_length, self.copy

    def __eq__(self, other) -> bool:
        return isinstance(other, Legal) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # unhashable: equal by value, yet mutable

    def __repr__(self) -> str:
        return f"Legal(seat={self.seat}, write={self.write}, done={self.done}, vote={self.vote}, copy={self.copy})"

    def explain(self, action, _table=None) -> tuple[str, str] | None:
        """``None`` when ``action`` is legal for this seat; else ``(rule, reason)``.
        (``_table`` is ignored: the reasons are worded from this object alone.)"""
        kind = type(action)
        if (kind is Write and self.write) or (kind is Copy and self.copy):
            text = action.text
            if not isinstance(text, str) or not text.strip():
                return ("empty-answer", "write an answer: the sheet cannot stay blank")
            if clean_text(text) != text:
                return ("answer-spacing", f"write the answer as it is read, without surrounding or repeated spaces "
                        f"and with composed characters: {clean_text(text)!r}")
            if len(text) > self.max_length:
                return ("answer-too-long", f"an answer has at most {self.max_length} characters (max_answer_length); "
                        f"this one has {len(text)}")
            if unprintable_answer(text) is not None:
                return ("answer-not-printable", "an answer is one line of printable text")
            return None
        if kind is Done and self.done:
            return None
        if kind is Vote and self.vote:
            number = action.number
            if isinstance(number, int) and not isinstance(number, bool) and number in self.vote:
                return None
            k = len(self.answers)
            if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= k:
                return ("no-such-answer", f"there are answers 1 to {k}; there is no answer {quote(action.number)}")
            if self.where.mode == "duel":
                return ("already-chosen", f"answer {action.number} has been chosen already; choose another")
            return ("own-answer", "it is forbidden to bet on your own answer, or on one that reads the same "
                    "(own_answer_vote='refused')")
        return why_not(self.where, self.seat, kind)

    # drawing a random legal action --------------------------------------------------
    def fitted_decoys(self) -> list[str]:
        """The seat's decoys for the question as the rules accept them: spaces tidied, cut at
        a word to at most ``max_length`` characters."""
        return [d for d in (fit(d, self.max_length) for d in self.decoys) if d] or [fit("no idea", self.max_length)]

    def draw(self, u, false_answers: int = 3):
        """One legal action from the uniform numbers of ``u()`` (a callable):

        - copying: the card's true answer as it stands (fitted to ``max_length``);
        - writing: one of the seat's decoys (the sheet is any text; a random writer takes
          its false answers from the deck). Writers are given disjoint shares of the
          decoys, so they do not write the same answer without seeing each other's
          sheets; the two-player asker draws among the decoys
          it has not written and says ``done`` once it has ``false_answers`` (within the
          rules' range);
        - voting: uniformly among the answers allowed that do not read like its own.
        """
        if self.copy:
            return Copy(fit(self.truth, self.max_length) or "unknown")
        if self.write or self.done:
            decoys = self.fitted_decoys()
            if self.where.mode == "duel":
                if self.done and (not self.write or len(self.mine) >= false_answers):
                    return DONE_
                choices = [d for d in decoys if d not in self.mine] or decoys
            else:
                choices = decoys
            return Write(choices[int(u() * len(choices))])
        if not self.vote:
            raise RulesError(f"seat {self.seat} has no legal action now ({self.phase})")
        allowed, answers = self.vote, self.answers
        mine = {heard_as(text) for text in self.mine}
        pool = [k for k in allowed if heard_as(answers[k - 1]) not in mine] or list(allowed)
        return Vote(pool[int(u() * len(pool))])

    def sample(self, rng):
        """One random legal action (see :meth:`draw`), drawn with the numpy Generator ``rng``:
        the draws of the random bot of bluffkit 0.1.0 (one ``rng.random()`` each)."""
        check_rng(rng)
        return self.draw(rng.random)

    def actions(self, limit: int | None = None):
        """Every legal action when they can be listed, at most ``limit``: the votes, or
        ``()`` for a seat with nothing to do. ``None`` while the seat may write or copy an
        answer: any text is an answer, so the actions cannot be listed (``done`` is then
        open as well when :attr:`done` is set)."""
        limit = check_limit(limit)
        if self.write or self.copy:
            return None
        found = ((DONE_,) if self.done else ()) + tuple(Vote(k) for k in self.vote)
        return found if limit is None else found[:limit]

    @property
    def description(self) -> str:
        """The legal actions in a few words."""
        parts = []
        if self.copy:
            parts.append(f"copy the true answer (up to {self.max_length} characters)")
        if self.write:
            n = self.write
            parts.append(f"write {'a false answer' if n == 1 else f'up to {n} more false answers'} "
                         f"(up to {self.max_length} characters)")
        if self.done:
            parts.append("say done")
        if self.vote:
            v = [str(k) for k in self.vote]
            parts.append("vote for answer " + (v[0] if len(v) == 1 else ", ".join(v[:-1]) + " or " + v[-1]))
        return ", or ".join(parts) or "nothing now"


class Where(NamedTuple):
    """What a refusal is worded from: the phase, the rules, the form of the game
    (``"standard"``, ``"duel"``, ``"teams"``), the leader, who writes and who votes."""

    phase: str
    rules: object = None
    mode: str = "standard"
    leader: int = 0
    writers: tuple = ()
    voters: tuple = ()


def why_not(t, seat: int, kind) -> tuple[str, str]:
    """Why ``seat`` may not play an action of ``kind`` now; ``t`` has ``phase``, ``rules``,
    ``mode``, ``leader``, ``writers`` and ``voters`` (a :class:`Where`)."""
    names = {Write: "write an answer", Done: "say done", Vote: "vote", Copy: "copy the true answer"}
    if kind not in names:
        return ("unknown-action", "not an action of Bluffer (write TEXT, done, vote N)")
    what = names[kind]
    if kind is Copy:
        return ("not-copying", f"seat {seat} cannot copy the true answer now: " +
                ("only the leader copies it, once the answers are written" if getattr(t.rules, "leader_copies", False)
                 else "the true answer is the card's own (rule option leader_copies is off)"))
    if t.phase == COPY:
        return ("copying", f"seat {seat} cannot {what} now: the leader is copying the true answer")
    if kind is Done and t.mode != "duel":
        return ("no-done", "only the asker of the two-player game says done; here everyone writes one answer")
    if kind is Done and t.phase == WRITE and seat == t.leader:
        lo = t.rules.duel_false_answers[0] if t.rules is not None else 2
        return ("too-few-answers", f"write at least {count(lo, 'false answer')} before you are done")
    if t.phase == WRITE:
        if seat in t.writers:
            if kind is Write:
                return ("already-written", f"seat {seat} has written the most answers allowed")
            return ("not-voting-yet", f"seat {seat} cannot {what} yet: the answers are being written")
        return ("not-a-writer", f"seat {seat} cannot {what}: " +
                ("the other team writes this question's answers" if t.mode == "teams"
                 else "the asker writes this question's answers" if kind is Write
                 else "the answers are being written"))
    if t.phase == VOTE:
        if kind is not Vote:
            return ("answers-read", f"seat {seat} cannot {what} now: the answers have been read; "
                    "it is time to vote")
        if seat == t.leader and t.mode == "standard":
            return ("leader-does-not-vote", "the leader does not bet (they have seen the answer)")
        if seat not in t.voters:
            return ("not-a-voter", f"seat {seat} cannot {what}: the other team votes on this question"
                    if t.mode == "teams" else f"seat {seat} cannot {what} on their own question")
        if kind is Vote:
            return ("already-voted", f"seat {seat} has voted already; votes cannot be changed")
        return ("voting", f"seat {seat} cannot {what} now: it is time to vote")
    return ("not-now", f"seat {seat} cannot {what} now ({t.phase})")
