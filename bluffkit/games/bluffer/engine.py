"""The rules of Bluffer once, on a mutable working copy (as for the other games: see
:mod:`bluffkit.games.youre_bluffing.engine`). Sections of the rulebook (seeds/004)
are quoted in the docstrings.

One question ("How to Play a Question"):

1. chance draws the next question (``ask ID``);
2. the writers write false answers (``write TEXT``), all at once and in secret: in the
   standard game everyone, the leader included; in the team game the reading team;
   in the two-player game the asker writes two or three and then says ``done``; with
   ``leader_copies`` the leader then copies the true answer in its own words
   (``copy TEXT``);
3. chance shuffles the sheets and the true answer (``shuffle 2,0,3,1``: the sheets in
   reading order, by their index in seat order with the true answer last);
4. the voters vote on an answer number (``vote 3``): sealed votes in the standard and
   team games, one guess after another until the truth in the two-player game;
5. the points are scored and the authors revealed; the next leader takes over.

The working copy keeps the sheets by seat (``writes``) and, once shuffled, in
reading order (``order``: ``(author, text)``, author ``-1`` for the true answer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bluffkit.core.errors import IllegalAction
from bluffkit.core.table import TableBase
from bluffkit.games.bluffer.actions import (  # noqa: F401  (clean_text re-exported)
    DONE_,
    Ask,
    Copy,
    Done,
    Shuffle,
    Vote,
    Write,
    as_read,
    clean_text,
    reading,
)
from bluffkit.games.bluffer.deck import Deck
from bluffkit.games.bluffer.observe import Legal, Observation, Where, why_not
from bluffkit.games.bluffer.rules import Rules
from bluffkit.games.bluffer.state import ASK, COPY, FIELDS, OVER, SHUFFLE, TRUTH, VOTE, WRITE, Phase, Reveal, State  # noqa: F401


# the working copy -----------------------------------------------------------------------
class Table(TableBase):
    """Mutable working copy of a :class:`State`."""

    __slots__ = FIELDS + ("n", "mode", "teams", "team_of")
    STATE, FIELDS = State, FIELDS  # type: ignore[assignment]  # TableBase.STATE is None until a game sets it
    VALUES_FROM = 2               # the rules and the deck never change

    # the fields of State (thaw() sets them), then what _setup() derives
    rules: Rules
    deck: Deck
    phase: Phase
    round: int
    question: int
    leader: int
    qid: str
    used: tuple
    writes: tuple
    order: tuple
    votes: tuple
    points: tuple
    totals: tuple
    round_winners: tuple
    history: tuple
    winners: tuple
    truth: str
    n: int
    mode: str
    teams: tuple[tuple[int, ...], tuple[int, ...]] | None
    team_of: tuple[int, ...] | None

    @classmethod
    def new(cls, rules: Rules, players: int, deck) -> "Table":
        t = cls.__new__(cls)
        t.rules, t.deck = rules, deck
        t._setup(players)
        t.phase, t.round, t.question, t.leader = ASK, 0, 0, rules.first_leader
        t.qid, t.used = "", ()
        t.writes = t.votes = ((),) * players
        t.order = ()
        t.points = t.totals = (0,) * players
        t.round_winners = t.history = t.winners = ()
        t.truth = ""
        return t

    def _setup(self, players: int) -> None:
        self.n = players
        self.mode = self.rules.mode_for(players)
        self.teams = self.rules.teams_of(players) if self.mode == "teams" else None
        self.team_of = tuple((0 if s in self.teams[0] else 1) for s in range(players)) if self.teams else None

    def _thawed(self) -> None:
        self._setup(len(self.points))


    def questions(self) -> dict:
        """The deck's questions by id."""
        return self.deck.by_id

    # who does what --------------------------------------------------------------------
    def next_leader(self) -> int:
        """The leader after the one in play. Standard: "The game continues with a new
        Leader (the player to the left)"; two players: the players take turns to ask;
        teams: "In turn, the other team proposes", each team's reader going round its
        members (a team that has not read yet starts with its first seat)."""
        if self.mode != "teams":
            return (self.leader + 1) % self.n
        assert self.teams is not None and self.team_of is not None     # set with mode "teams"
        other = self.teams[1 - self.team_of[self.leader]]
        last = [r.leader for r in self.history if r.leader in other]
        return other[(other.index(last[-1]) + 1) % len(other)] if last else other[0]

    def writers(self) -> tuple[int, ...]:
        """Who writes false answers to the question in play."""
        if self.mode == "standard":
            return tuple(range(self.n))
        if self.mode == "teams":
            assert self.teams is not None and self.team_of is not None
            return self.teams[self.team_of[self.leader]]
        return (self.leader,)

    def voters(self) -> tuple[int, ...]:
        """Who votes: everyone but the leader ("The Leader of the round does not bet"); the
        other team; the other player."""
        if self.mode == "teams":
            assert self.teams is not None and self.team_of is not None
            return self.teams[1 - self.team_of[self.leader]]
        return tuple(s for s in range(self.n) if s != self.leader)

    def knowers(self) -> tuple[int, ...]:
        """Who sees the true answer while answers are written, and the authors of the
        answers as they are read: the leader (who is to "copy the true answer" and collects
        the sheets), or the whole reading team."""
        if self.mode == "teams":
            assert self.teams is not None and self.team_of is not None
            return self.teams[self.team_of[self.leader]]
        return (self.leader,)

    def question_public(self) -> bool:
        """Whether everyone has heard the question in play: in the standard game the leader
        reads it aloud at once; in the two-player and team games the writers read it in
        secret ("each secretly reads their question") and the others hear it with the
        answers."""
        return bool(self.qid) and (self.mode == "standard" or self.phase == VOTE)

    def is_chance(self) -> bool:
        return self.phase == ASK or self.phase == SHUFFLE

    def is_over(self) -> bool:
        return self.phase == OVER

    def to_move(self) -> tuple[int, ...]:
        if self.phase == WRITE:
            if self.mode == "duel":
                return (self.leader,)
            return tuple(s for s in self.writers() if not self.writes[s])
        if self.phase == VOTE:
            if self.mode == "duel":
                return self.voters()
            return tuple(s for s in self.voters() if not self.votes[s])
        if self.phase == COPY:
            return (self.leader,)
        return ()

    def legal(self, seat: int, to_move=None) -> Legal:
        if to_move is None:
            to_move = self.to_move()
        where = self.where()
        if seat not in to_move:
            return Legal(seat, self.phase, where=where)
        r = self.rules
        mine = self.writes[seat]
        if self.phase == COPY:
            return Legal(seat, COPY, max_length=r.max_answer_length, copy=True, where=where, mine=mine,
                         truth=self.true_answer())
        if self.phase == WRITE:
            decoys = self.questions()[self.qid].decoys
            if self.mode == "duel":
                lo, hi = r.duel_false_answers
                have = len(mine)
                return Legal(seat, WRITE, write=hi - have, done=have >= lo, max_length=r.max_answer_length,
                             where=where, mine=mine, decoys=decoys)
            # A seat is given its own share of the deck's decoys only (writer ``i`` of ``w``
            # gets the decoys ``i, i + w, ...``): the whole list would tell a voter which
            # answers read out are false, and so which one is true.
            writers = where.writers
            i, w = writers.index(seat), len(writers)
            share = decoys[i::w]         # never empty: a deck has 5 decoys a question, a game at most 5 writers
            return Legal(seat, WRITE, write=1, max_length=r.max_answer_length, where=where, mine=mine, decoys=share)
        answers = as_read(text for _, text in self.order)      # as heard (see as_read)
        numbers = range(1, len(self.order) + 1)
        if self.mode == "duel":
            chosen = self.votes[seat]
            return Legal(seat, VOTE, vote=tuple(k for k in numbers if k not in chosen), where=where,
                         answers=answers, mine=mine)
        if r.own_answer_vote == "refused":
            # every answer that reads like one's own is refused: refusing only one's own
            # sheet would tell which of two identical answers is whose. If every answer
            # reads like one's own, any may be chosen (a vote on one's own goes to the leader).
            own = {reading(text) for text in mine}
            allowed = tuple(k for k in numbers if reading(self.order[k - 1][1]) not in own)
            return Legal(seat, VOTE, vote=allowed or tuple(numbers), where=where, answers=answers, mine=mine)
        return Legal(seat, VOTE, vote=tuple(numbers), where=where, answers=answers, mine=mine)

    def why_not(self, seat: int, kind) -> tuple[str, str]:
        """Why ``seat`` may not play an action of ``kind`` now."""
        return why_not(self.where(), seat, kind)

    def where(self):
        """What the refusals of a move are worded from (:class:`~bluffkit.games.bluffer.observe.Where`)."""
        return Where(self.phase, self.rules, self.mode, self.leader, self.writers(), self.voters())

    # chance -------------------------------------------------------------------------
    def sample_chance(self, u: float, rng):
        """The next question: uniformly among those not asked yet in this pass through the
        deck (a used-up deck is gone through again, each question once, in a new random
        order: "place it at the back of the deck"); or the shuffle of the sheets ("They
        shuffle them quickly")."""
        if self.phase == ASK:
            asked = self.asked_this_pass()
            fresh = [q.id for q in self.deck.questions if q.id not in asked]
            return Ask(fresh[min(int(u * len(fresh)), len(fresh) - 1)])
        return Shuffle(tuple(int(i) for i in rng.permutation(len(self.sheets()))))

    def asked_this_pass(self) -> set:
        """The questions asked since the deck last went round ("place it at the back of
        the deck": each question once per pass)."""
        done = len(self.used) % len(self.deck.questions)
        return set(self.used[len(self.used) - done:]) if done else set()

    def true_answer(self) -> str:
        """The true answer as it is read: the leader's own words when it copies the card
        (``leader_copies``), else the card's."""
        return self.truth or self.questions()[self.qid].answer

    def sheets(self) -> tuple:
        """The sheets in seat order, the true answer last: ``(author, text)``."""
        out = [(s, text) for s in self.writers() for text in self.writes[s]]
        out.append((TRUTH, self.true_answer()))
        return tuple(out)

    def apply_chance(self, outcome) -> None:
        if self.phase == ASK:
            if not isinstance(outcome, Ask):
                raise IllegalAction("not-chance-turn", "chance draws the next question now (ask ID)")
            if not isinstance(outcome.qid, str) or outcome.qid not in self.questions():
                raise IllegalAction("no-such-question", f"the deck has no question {outcome.qid!r}")
            if outcome.qid in self.asked_this_pass():
                raise IllegalAction("question-asked", f"{outcome.qid!r} was asked already in this pass through the "
                                    "deck: a question asked goes to the back of the deck")
            self.qid = outcome.qid
            self.used = self.used + (outcome.qid,)
            self.phase = WRITE
        elif self.phase == SHUFFLE:
            if not isinstance(outcome, Shuffle):
                raise IllegalAction("not-chance-turn", "chance shuffles the sheets now (shuffle 2,0,1,...)")
            sheets = self.sheets()
            order = outcome.order
            if (not isinstance(order, tuple) or not all(type(i) is int for i in order)
                    or sorted(order) != list(range(len(sheets)))):
                raise IllegalAction("bad-shuffle", f"a shuffle orders the {len(sheets)} sheets: each index 0.."
                                    f"{len(sheets) - 1} once")
            self.order = tuple(sheets[i] for i in outcome.order)
            self.phase = VOTE
        else:
            raise IllegalAction("not-chance-turn", "it is a player's move, not chance's")

    # moves ----------------------------------------------------------------------------
    def chance_words(self) -> str:
        return "the next question is drawn" if self.phase == ASK else "the answers are shuffled"

    def _do(self, seat: int, action) -> None:
        _HANDLERS[type(action)](self, seat, action)

    def _write(self, seat: int, action: Write) -> None:
        """"Each Player (including the Leader) invents a false answer and writes it on
        their sheet in secret." When all have written, chance shuffles."""
        text = action.text
        self.writes = self.writes[:seat] + (self.writes[seat] + (text,),) + self.writes[seat + 1:]
        if self.mode == "duel":
            if len(self.writes[seat]) == self.rules.duel_false_answers[1]:
                self._written()
        elif all(self.writes[s] for s in self.writers()):
            self._written()

    def _done(self, seat: int, action: Done = DONE_) -> None:
        """Two players: the asker has written enough false answers."""
        self._written()

    def _copy(self, seat: int, action: Copy) -> None:
        """"The Leader lifts the card slightly to copy the true answer onto the 'Answer'
        sheet", in their own words (rule option ``leader_copies``)."""
        self.truth = action.text
        self.phase = SHUFFLE

    def _written(self) -> None:
        """All false answers are in: "The Leader lifts the card slightly to copy the true
        answer onto the 'Answer' sheet" (a move of its own with ``leader_copies``), then
        the sheets are shuffled."""
        self.phase = COPY if self.rules.leader_copies else SHUFFLE

    def _vote(self, seat: int, action: Vote) -> None:
        """"At the same moment, everyone bets": a vote stays sealed until all are in. In the
        two-player game: "Their opponent chooses one answer, then a second, etc. ...
        until they find the exact answer"."""
        number = action.number
        self.votes = self.votes[:seat] + (self.votes[seat] + (number,),) + self.votes[seat + 1:]
        if self.mode == "duel":
            if self.order[number - 1][0] == TRUTH:
                self._score()
        elif all(self.votes[s] for s in self.voters()):
            self._score()

    def gains(self) -> tuple[int, ...]:
        """The points of the question in play ("5. Awarding Points"): 2 to an author for
        each vote by another player on their answer, 1 to a voter on the true answer; a
        vote on your own answer "goes to the Leader" (2 points to the leader). Two
        players: "Each wrong answer gives a point to the opponent"."""
        gains = [0] * self.n
        order = self.order
        if self.mode == "duel":
            gains[self.leader] = sum(1 for k in self.votes[1 - self.leader] if order[k - 1][0] != TRUTH)
            return tuple(gains)
        for voter, votes in enumerate(self.votes):
            for k in votes:
                author = order[k - 1][0]
                if author == TRUTH:
                    gains[voter] += 1
                elif author == voter:
                    gains[self.leader] += 2
                else:
                    gains[author] += 2
        return tuple(gains)

    def _score(self) -> None:
        """The reveal: points to each seat, the question into the history, then the next
        question (a new leader), the end of a round or the end of the game."""
        gains = self.gains()
        self.points = tuple(map(int.__add__, self.points, gains))
        self.totals = tuple(map(int.__add__, self.totals, gains))
        self.history = self.history + (Reveal(self.round, self.leader, self.qid, self.order, self.votes, gains),)
        self.writes = self.votes = ((),) * self.n
        self.order, self.qid, self.truth = (), "", ""
        self.question += 1
        self.leader = self.next_leader()
        self.phase = ASK
        if self.question == self._per_round():
            self._end_round()

    def observe(self, seat: int, legal: Legal | None = None, to_move=None) -> Observation:
        return Observation.of(self, seat, legal if legal is not None else self.legal(seat, to_move), to_move)

    def _per_round(self) -> int:
        return self.rules.duel_questions if self.mode == "duel" else self.rules.questions_per_round

    def _end_round(self) -> None:
        """"The player in the lead is declared the winner of the round. In case of a tie in
        points, the round is awarded to each tied player." The pawns go back to start."""
        self.round_winners = self.round_winners + (self.round_leaders(),)
        self.question = 0
        rounds = 1 if self.mode == "duel" else self.rules.rounds
        if len(self.round_winners) == rounds or self._decided():
            self.phase = OVER
            self.winners = self.game_winners()
            return
        self.round += 1
        self.points = (0,) * self.n

    def round_leaders(self) -> tuple[int, ...]:
        """The seats in the lead of the round in play (with team scoring, the seats of
        the team with the most points)."""
        pts = self.points
        if self.teams and self.rules.team_scoring:
            team_pts = [sum(pts[s] for s in team) for team in self.teams]
            best = max(team_pts)
            return tuple(sorted(s for i, team in enumerate(self.teams) if team_pts[i] == best for s in team))
        best = max(pts)
        return tuple(s for s in range(self.n) if pts[s] == best)

    def wins(self) -> tuple[int, ...]:
        """Round wins per seat."""
        w = [0] * self.n
        for seats in self.round_winners:
            for s in seats:
                w[s] += 1
        return tuple(w)

    def _decided(self) -> bool:
        """Whether the game ends before its last round: a player has won the rounds that take
        it (``stop_when_decided``), and, under ``majority_tie="plays_on"``, alone: one
        player, or under ``team_scoring`` one team (whose members share each round it wins)."""
        if not self.rules.stop_when_decided:
            return False
        wins = self.wins()
        best = max(wins)
        if best < self.rules.rounds_to_win:
            return False
        top = {s for s in range(self.n) if wins[s] == best}
        one_team = self.rules.team_scoring and any(top == set(t) for t in self.teams or ())
        return self.rules.majority_tie == "ends" or len(top) == 1 or one_team

    def game_winners(self) -> tuple[int, ...]:
        """"The player who has won 2 rounds is declared the winner. If the 3 rounds were won
        by 3 different players, the winner is the winner of the last round." Generally:
        the seats with the most round wins; of those, under ``game_tie="last_round"``
        (default), the ones who won the last round played if any did (so a quick game of
        2 rounds split 1-1 goes to the last round's winner); under ``"shared"`` all of
        them, but for the rulebook's own case of three rounds won by different players. Two
        players: the rulebook gives only the points ("Each wrong answer gives a point to the
        opponent") and not who wins; bluffkit's reading: the most points, a tie shared."""
        wins = self.wins()
        best = max(wins)
        top = [s for s in range(self.n) if wins[s] == best]
        rulebook_case = best == 1 and len(self.round_winners) >= 3   # "3 rounds won by 3 different players"
        if self.rules.game_tie == "shared" and len(top) > 1 and not rulebook_case:
            return tuple(top)
        last = [s for s in top if s in self.round_winners[-1]]
        return tuple(last or top)


_HANDLERS: dict[type, Callable[[Table, int, Any], None]] = {Write: Table._write, Done: Table._done, Copy: Table._copy, Vote: Table._vote}
