"""The public, immutable API of Bluffer (see :mod:`bluffkit.core.game`).

>>> from bluffkit.games.bluffer import Bluffer
>>> g = Bluffer()
>>> s = g.new_state(3)
>>> s = g.step(s, None, "ask octopus-hearts")
>>> g.observe(s, 1).question_text, g.observe(s, 0).truth    # the leader copies the answer after writing
('How many hearts does an octopus have?', None)
>>> for seat, text in [(0, "two"), (1, "five"), (2, "nine")]:
...     s = g.step(s, seat, f"write {text}")
>>> s = g.step(s, None, "shuffle 3,1,0,2")     # the truth first, then Ben's, Anne's, Chloé's
>>> g.observe(s, 0).truth, g.observe(s, 1).truth
('three', None)
>>> g.observe(s, 1).answers                      # as heard: see actions.as_read
('Three', 'Five', 'Two', 'Nine')
>>> s = g.step(s, 1, "vote 1")                 # Ben finds the truth: 1 point
>>> s = g.step(s, 2, "vote 2")                 # Chloé falls for Ben's answer: 2 points to Ben
>>> s.points, s.leader
((0, 3, 0), 1)
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

from bluffkit.core.errors import RulesError, check_header, check_names, check_observation, count, is_seat, said_together
from bluffkit.core.game import register
from bluffkit.core.table import TableGame
from bluffkit.games.bluffer import engine
from bluffkit.games.bluffer.actions import Ask, Copy, Done, Shuffle, Vote, Write, as_read, clean_text, parse, reading
from bluffkit.games.bluffer.engine import Table
from bluffkit.games.bluffer.rules import Rules, is_deck_path
from bluffkit.games.bluffer.state import COPY, OVER, SHUFFLE, TRUTH, VOTE, WRITE, Reveal, State


def check_lengths(deck, most: int) -> None:
    """Refuse a deck with a true answer or a decoy longer than the ``max_answer_length``
    the players write to: a true answer longer than any sheet may hold would be told from
    the others by its length (or by being cut short), and a decoy that does not fit is not
    an answer anyone could have written."""
    longest = deck.longest
    if longest <= most:
        return
    what, qid, n, text = next((what, q.id, len(clean_text(t)), clean_text(t)) for q in deck.questions
                              for what, t in (("true answer", q.answer), *(("decoy", d) for d in q.decoys))
                              if len(clean_text(t)) > most)
    why = ("an answer longer than a player may write would give the truth away" if what == "true answer"
           else "a bot could not write a decoy that long")
    raise RulesError(f"max_answer_length={most}, but the {what} {text[:40]!r}{'...' if n > 40 else ''} of "
                     f"question {qid!r} has {n} characters: {why}. This deck needs max_answer_length >= "
                     f"{longest}; raise it, or shorten the deck's answers")


def deck_digest(deck) -> str:
    """A checksum of a deck's questions and answers (not of the decoys' order)."""
    from bluffkit.core.digest import digest
    return digest(tuple((q.id, q.question, q.answer) for q in deck.questions))


def card_answer(deck, qid: str, answer: str):
    """``deck`` with the card ``qid`` saying ``answer`` as its true answer (``deck`` itself
    when it says so already): the deck of a state :meth:`Bluffer.hide_from` dealt."""
    card = deck.by_id[qid]
    if card.answer == answer:
        return deck
    dealt = dataclasses.replace(card, answer=answer)
    return dataclasses.replace(deck, questions=tuple(dealt if q is card else q for q in deck.questions))


@register("bluffer")
class Bluffer(TableGame):
    """Bluffer under one :class:`Rules` (and its question deck)."""

    name = "bluffer"
    Table = Table  # type: ignore[assignment]  # TableGame.Table is None until a game sets it
    CHANCE_ONLY = ((Ask, Shuffle), "chance-move", "players do not draw questions or shuffle the answers; chance does")
    title = "Bluffer"

    def __init__(self, rules: Rules | None = None, deck=None):
        self.rules = rules if rules is not None else Rules()
        self.deck = deck if deck is not None else self.rules.load_deck()
        check_lengths(self.deck, self.rules.max_answer_length)

    @classmethod
    def create(cls, name: str = "bluffer", variants=(), **options) -> "Bluffer":
        if variants:
            raise RulesError("Bluffer has no named variants; set rule options instead (e.g. rounds=1, team_scoring=True)")
        deck = options.get("deck")
        if isinstance(deck, str) and is_deck_path(deck):
            try:      # a log names the file wherever it is replayed
                options["deck"] = str(Path(deck).expanduser().resolve())
            except (OSError, RuntimeError, ValueError) as e:
                raise RulesError(f"deck {deck[:80]!r} is not a path that can be read ({e})"[:300]) from None
        return cls(Rules().replace(**options))

    def check_players(self, players: int) -> int:
        self.rules.check_players(players)
        return players

    def new_state(self, players: int) -> State:
        return self.table(players=players).freeze()

    def table(self, state: State | None = None, players: int | None = None) -> engine.Table:
        if state is not None:
            return Table.thaw(state)
        return Table.new(self.rules, self.check_players(players), self.deck)  # type: ignore[arg-type]  # check_players refuses None

    def parse(self, text: str):
        return parse(text)

    #: What ``bluffkit play`` calls the scores at the end: the rounds, not these, decide.
    scores_are = "Points over the whole game (the rounds won decide)"

    def scores(self, state) -> tuple[int, ...]:
        """Each seat's points over the whole game (the rounds are won on each round's points)."""
        self.own(state)
        return state.totals

    def winners(self, state) -> tuple[int, ...]:
        self.own(state)
        if state.phase != OVER:
            raise RulesError("the game is not over yet")
        return state.winners

    def money_totals(self, state) -> tuple[int, ...]:
        """Points of the round in play (Bluffer has no money; simulations record this column)."""
        return state.points

    # logs, words, checks -------------------------------------------------------------
    def header(self) -> dict:
        """The rules, and a checksum of the question deck: a log replays only with the deck it
        was played with. A shipped deck is named; any other travels in the log (``deck``), never by its path."""
        from bluffkit.games.bluffer.deck import deck_lines, deck_name
        options, name = self.rules.to_dict(), deck_name(self.rules.deck)
        options["deck"] = name or "embedded"
        return {"game": self.name, "ruleset": "bluffer", "variants": [], "options": options,
                "deck_digest": deck_digest(self.deck), **({} if name else {"deck": deck_lines(self.deck)})}

    @classmethod
    def from_header(cls, header: dict) -> "Bluffer":
        check_header(header)
        from bluffkit.games.bluffer.deck import read_embedded
        rules = Rules.from_dict(header.get("options"))
        game = cls(rules, read_embedded(header["deck"]) if "deck" in header else None)
        want = header.get("deck_digest")
        if want is not None and want != deck_digest(game.deck):
            raise RulesError(f"the question deck {game.rules.deck!r} is not the one this game was played with "
                             "(its questions or answers have changed since)")
        return game

    def state_from_position(self, players: int, leader: int = 0, round: int = 0, question: int = 0,
                            points=None, round_winners=None) -> State:
        """A position at the start of a question: the ``leader`` to read it, the round and
        question (from 0) and each seat's points in the round (``None`` is 0);
        ``round_winners`` a list of seat lists, one per finished round."""
        t = self.table(players=players)
        per = self.rules.duel_questions if t.mode == "duel" else self.rules.questions_per_round
        if not is_seat(leader, players):
            raise RulesError(f"leader must be a seat 0..{players - 1}, got {leader!r}")
        if isinstance(question, bool) or not (isinstance(question, int) and 0 <= question < per):
            raise RulesError(f"question must be 0..{per - 1} (questions of a round), got {question!r}")
        rounds = 1 if t.mode == "duel" else self.rules.rounds
        if isinstance(round, bool) or not (isinstance(round, int) and 0 <= round < rounds):
            raise RulesError(f"round must be 0..{rounds - 1}, got {round!r}")
        if not isinstance(points, (list, tuple, type(None))):
            raise RulesError(f"points: one count >= 0 per seat ({players}), got {points!r}")
        pts = tuple(0 if p is None else p for p in (points or [None] * players))
        if len(pts) != players or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in pts):
            raise RulesError(f"points: one count >= 0 per seat ({players}), got {points!r}")
        if (not isinstance(round_winners, (list, tuple, type(None)))
                or len(round_winners or ()) != round
                or not all(isinstance(w, (list, tuple)) and w and all(is_seat(s, players) for s in w)
                           and len(set(w)) == len(w) for w in (round_winners or ()))):
            raise RulesError(f"round_winners: one non-empty list of seats (each once) per finished round ({round})")
        wins = tuple(tuple(sorted(w)) for w in (round_winners or ()))
        t.leader, t.round, t.question, t.points, t.totals, t.round_winners = leader, round, question, pts, pts, wins
        if t._decided():
            raise RulesError(f"round_winners: a seat has won {self.rules.rounds_to_win} rounds already, so the "
                             f"game is over (stop_when_decided); no round {round + 1} is played")
        return t.freeze()

    def narrate(self, before, seat, action, after, names) -> str:
        kind = type(action)
        if kind is Ask:
            q = self.deck.by_id[action.qid]
            t = Table.thaw(after)
            if not t.question_public():                      # read in secret by the writers
                who = names[after.leader] if t.mode == "duel" else f"{names[after.leader]}'s team"
                return f"{who} reads a question in secret."
            return f"{names[after.leader]} reads the question: \u201c{q.question}\u201d"
        if kind is Write:
            return f"{names[seat]} writes an answer in secret."
        if kind is Done:
            return f"{names[seat]} has written {count(len(before.writes[seat]), 'false answer')}."
        if kind is Copy:
            return f"{names[seat]} copies the true answer onto the Answer sheet."
        if kind is Shuffle:
            # the answers as the sheets show them (as_read): a typed capital or stop is not heard
            texts = "; ".join(f"#{k} \u201c{text}\u201d"
                              for k, text in enumerate(as_read(text for _, text in after.order), 1))
            asked = ""
            if not Table.thaw(before).question_public():      # the voters hear the question now
                asked = f" \u201c{self.deck.by_id[after.qid].question}\u201d"
            return f"{names[after.leader]} shuffles the sheets and reads{asked}: {texts}."
        if kind is Vote:
            if before.players == 2:
                text = f"{names[seat]} picks answer {action.number}"
                hit = before.order[action.number - 1][0] == TRUTH
                text += " \u2014 the true answer." if hit else f" \u2014 wrong: a point for {names[before.leader]}."
            else:
                text = f"{names[seat]} votes."
            if len(after.history) > len(before.history):
                text += " " + self.reveal_text(after.history[-1], names)
            if len(after.round_winners) > len(before.round_winners) and before.players > 2:
                # a round ends, the last one too (two players play no rounds: "6 questions")
                text += (f" Round {len(after.round_winners)} goes to "
                         f"{said_together(names[s] for s in after.round_winners[-1])}.")
            if after.phase == OVER:
                won = said_together(names[s] for s in after.winners)
                if after.round_winners and before.players > 2:    # the rounds won decide ("End of the Game")
                    wins = [sum(s in w for w in after.round_winners) for s in range(before.players)]
                    tally = ", ".join(f"{wins[s]} by {names[s]}" for s in sorted(range(before.players),
                                                                                key=lambda s: -wins[s]) if wins[s])
                    why = ""
                    if len(after.round_winners) > 2 and max(wins) < 2 and \
                            set(after.winners) == set(after.round_winners[-1]):
                        # "If the 3 rounds were won by 3 different players, the winner is the
                        # winner of the last round" ("End of the Game")
                        why = ("; no one won 2, so the last round's winner" +
                               (" takes the game" if len(after.winners) == 1 else "s share the game"))
                    text += f" The game is over: {won} win" + ("s" if len(after.winners) == 1 else "") + \
                        f" (rounds won: {tally}{why})."
                elif before.players == 2:       # the most points win, a tie shared (docs/bluffer.md)
                    best, other = sorted(after.points, reverse=True)
                    score = f"{count(best, 'point')} each" if best == other else f"{count(best, 'point')} to {other}"
                    text += f" The game is over: {won} win" + ("s" if len(after.winners) == 1 else "") + f", {score}."
                else:
                    text += f" The game is over: {won} win" + ("s." if len(after.winners) == 1 else ".")
            return text
        return str(action)

    @staticmethod
    def reveal_text(reveal: Reveal, names) -> str:
        """The reveal in words: each answer's author and votes, then the points."""
        voters: dict[int, list[str]] = {}
        for voter, votes in enumerate(reveal.votes):
            for k in votes:
                voters.setdefault(k, []).append(names[voter])
        parts = []
        read = as_read(text for _, text in reveal.order)        # as the sheets were read out
        for k, ((author, _), text) in enumerate(zip(reveal.order, read), 1):
            who = "the true answer" if author == TRUTH else names[author]
            got = voters.get(k)
            parts.append(f"#{k} \u201c{text}\u201d: {who}" + (f" ({', '.join(got)})" if got else ""))
        pts = ", ".join(f"{names[s]} +{g}" for s, g in enumerate(reveal.gains) if g)
        return "Reveal: " + "; ".join(parts) + ". Points: " + (pts or "none") + "."

    def describe(self, observation, names, legal: bool = False) -> str:
        """A seat's view as text (for the terminal), from its observation only."""
        check_observation(observation)
        from bluffkit.games.bluffer.view import describe
        check_names(names, observation.players)
        return describe(observation, names, legal)

    def facts(self, state, names) -> dict:
        check_names(names, state.players)
        t = Table.thaw(state)
        out = {"phase": state.phase, "round": state.round + 1, "question": state.question + 1,
               "leader": names[state.leader], "points": dict(zip(names, state.points)),
               "totals": dict(zip(names, state.totals)),
               "round_winners": [[names[s] for s in w] for w in state.round_winners],
               "round_wins": dict(zip(names, t.wins())),
               "answers": [text for _, text in state.order]}
        if state.history:
            last = state.history[-1]
            out["last_gains"] = dict(zip(names, last.gains))
            out["last_authors"] = ["truth" if a == TRUTH else names[a] for a, _ in last.order]
        if state.phase == OVER:
            out["winners"] = [names[s] for s in state.winners]
        return out

    def invariants(self, state) -> list[str]:
        """Points: every scored question gives 2 per vote on a false answer and 1 per vote
        on the truth (two players: 1 per wrong pick); the round's points are the totals
        since the round began; the round winners lead their round."""
        out = []
        n = state.players
        for k, r in enumerate(state.history):
            if state.players == 2:
                want = sum(1 for v in r.votes for x in v if r.order[x - 1][0] != TRUTH)
            else:
                want = sum(1 if r.order[x - 1][0] == TRUTH else 2 for v in r.votes for x in v)
            if sum(r.gains) != want:
                out.append(f"question {k + 1}: {sum(r.gains)} points given for votes worth {want}")
        this_round = [r for r in state.history if r.round == state.round]
        if state.phase != OVER:
            since = tuple(sum(r.gains[s] for r in this_round) for s in range(n))
            if since != state.points:
                out.append(f"the round's points {state.points} are not its questions' points {since}")
        if tuple(sum(r.gains[s] for r in state.history) for s in range(n)) != state.totals:
            out.append("the totals are not the sum of the questions' points")
        if state.phase == OVER and not state.winners:
            out.append("the game is over without a winner")
        return out

    def announced(self, before: State, after: State) -> bool:
        """Whether a step made public what a player could use to change its move, so that
        it cannot be taken back: the votes revealed when a question is scored, or in the
        two-player game a guess, which is made aloud ("Their opponent chooses one answer,
        then a second, etc.")."""
        if len(after.history) > len(before.history):
            return True
        return Table.thaw(before).mode == "duel" and after.votes != before.votes

    def hide_from(self, state, seat: int, rng) -> State:
        """A state ``seat`` cannot tell apart from ``state``: other seats' unread answers are
        rewritten; once the answers are read, a seat that does not lead sees them
        reassigned among the other authors and the truth (its own sheet staying on an
        answer that reads like its own, typed as it typed it, every other answer given
        another form of its reading, whose capitals were never heard, and in the two-player
        game an answer already picked staying false: a pick of the truth ends the question;
        a true answer the leader copied goes with the sheet now marked true); other seats' sealed votes are
        redrawn. A question read in secret by others (the two-player and team games) is
        another question of the deck. The card's true answer, which nobody reads while the
        answers are written ("The Leader lifts the card slightly to copy the true answer"
        once they are) and a seat outside the leader's team never reads before the reveal,
        is dealt again too: the state then holds a deck whose card for the question says
        the answer dealt (the sheet now marked true, once the answers are read), so that a
        view showing the card's answer too early changes with the redeal (see
        :meth:`for_state`)."""
        t = Table.thaw(state)
        pool = [d for q in self.deck.questions[:20] for d in q.decoys]

        def any_text():
            return pool[int(rng.integers(len(pool)))]

        if state.phase in (WRITE, COPY, SHUFFLE):
            writes = tuple(w if s == seat or not w else tuple(any_text() for _ in w) for s, w in enumerate(state.writes))
            truth = state.truth if seat in t.knowers() or not state.truth else any_text()
            qid, used, deck = state.qid, state.used, state.deck
            if qid and not t.question_public() and seat not in t.knowers():
                others = [q.id for q in self.deck.questions if q.id != state.qid]
                if others:                       # (the draw appended the question to ``used``)
                    qid = others[int(rng.integers(len(others)))]
                    used = used[:-1] + (qid,) if used and used[-1] == state.qid else used
            if qid and qid in deck.by_id and (state.phase == WRITE or seat not in t.knowers()):
                decoys = deck.by_id[qid].decoys      # (the card's decoys stay false)
                fresh = [d for d in pool if d not in decoys]
                answer = truth or (fresh[int(rng.integers(len(fresh)))] if fresh else "")
                deck = card_answer(deck, qid, answer) if answer else deck
            return dataclasses.replace(state, writes=writes, truth=truth, qid=qid, used=used, deck=deck)
        if state.phase != VOTE:
            return state
        order, votes = list(state.order), list(state.votes)
        if seat not in t.knowers():
            texts = [text for _, text in order]
            heard = [reading(text) for text in texts]
            mine = [k for k, (a, _) in enumerate(order) if a == seat]
            own = {reading(text) for text in state.writes[seat]}
            own_spots = [k for k, h in enumerate(heard) if h in own]
            keep: dict[int, str] = {}     # a spot of this seat's sheet, with its text as the seat typed it
            if mine:              # move this seat's sheet(s) among the answers that read the same
                spots = list(rng.permutation(own_spots))
                for k in mine:
                    j = next(j for j in spots if heard[j] == heard[k] and j not in keep)
                    keep[j] = texts[k]
            # how the others typed theirs was not heard either: every other sheet gets a form
            # of its reading (capitals), the seat's own keeps its own typing
            for k, text in enumerate(texts):
                if k in keep:
                    texts[k] = keep[k]
                else:
                    forms = [f for f in (text, text.lower(), text.upper(), text.title())
                             if len(f) <= len(text) and reading(f) == heard[k]]
                    texts[k] = forms[int(rng.integers(len(forms)))]
            # the two-player game's answers picked already are false (the truth ends the question)
            picked = {k - 1 for k in votes[seat]} if t.mode == "duel" else set()
            others = [a for k, (a, _) in enumerate(order) if a != seat and k not in picked]
            free = [k for k in range(len(order)) if k not in keep and k not in picked]
            others = [others[i] for i in rng.permutation(len(others))]
            authors = [seat if k in keep else order[k][0] if k in picked else None for k in range(len(order))]
            for k, a in zip(free, others):
                authors[k] = a
            order = [(a, text) for a, text in zip(authors, texts)]
            sheets: list[list[str]] = [[] for _ in range(state.players)]
            for a, text in order:
                if a != TRUTH:
                    sheets[a].append(text)
            read = next(text for a, text in order if a == TRUTH)
            truth = read if state.truth else ""   # a copied truth follows its sheet
            deck = card_answer(state.deck, state.qid, read) if state.qid in state.deck.by_id else state.deck
            state = dataclasses.replace(state, order=tuple(order), writes=tuple(map(tuple, sheets)), truth=truth,
                                        deck=deck)
        if state.players > 2:
            for s in range(state.players):
                if s != seat and votes[s]:
                    votes[s] = (int(rng.integers(len(order))) + 1,)
            state = dataclasses.replace(state, votes=tuple(votes))
        return state

    def for_state(self, state) -> "Bluffer":
        """This game as it goes with ``state``: itself, or, for a state that holds another
        deck (one :meth:`hide_from` dealt another true answer into), this game with that
        deck, so that whatever reads the card through the game (a view drawn with
        ``game.deck``) reads the card dealt. The widget no-leak check draws its redealt
        twin with it (:mod:`bluffkit.widget_check`)."""
        if state.deck is self.deck:
            return self
        game = copy.copy(self)
        game.deck = state.deck
        return game

    def summary(self, state) -> dict:
        """Each seat's points in the round in play, for a simulation's table (the whole
        game's points are the scores)."""
        return {"round_points": tuple(state.points)}

    def reveals(self, before: State, seat: int | None, action, after: State) -> bool:
        """Whether the step showed hidden information to anyone, so that undo may not cross
        it: a question drawn, the end of the writing (the leader lifts the card and learns
        the true answer), the sheets read aloud, and what :meth:`announced` makes public
        (the votes revealed, a two-player guess made aloud). Rules digest, section 4: "the
        leader adds the true one, shuffles and reads them numbered"."""
        if isinstance(action, (Ask, Shuffle)):
            return True
        if before.phase == WRITE and after.phase != WRITE:
            return True
        return self.announced(before, after)
