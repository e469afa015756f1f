"""Rules of Bluffer, from its rulebook (seeds/004) and RULES.md section 4.

The player count picks the form of the game, as the rulebook does:

- 3 to 5 players, "Rules of Play for 3 to 5 Players" (``mode_for(n) == "standard"``);
- 2 players, "Game for 2 Players" (``"duel"``);
- 6 to 10 players, "Game for 6 to 10 Players" (``"teams"``).

>>> r = Rules()
>>> r.mode_for(2), r.mode_for(4), r.mode_for(8)
('duel', 'standard', 'teams')
>>> r.teams_of(7)
((0, 2, 4, 6), (1, 3, 5))
>>> Rules(rounds=2).rounds_to_win
2
>>> Rules(rounds=4)
Traceback (most recent call last):
...
bluffkit.core.errors.RulesError: rounds must be 1, 2 or 3 (a game is 3 rounds; a quick game 1 or 2), got 4
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import ClassVar

from bluffkit.core.errors import RulesError
from bluffkit.core.rules import RuleOptions

OWN_VOTE = ("to_leader", "refused")
#: How a game whose most round wins are tied is decided (``game_tie``).
GAME_TIE = ("last_round", "shared")
#: Whether two players reaching the winning number of rounds at once end the game (``majority_tie``).
MAJORITY_TIE = ("ends", "plays_on")

#: The most questions a round (or a two-player game) may have: the rulebook plays 6, and a
#: deck is gone through again when used up, so without a bound a game need never end.
MAX_QUESTIONS = 100
TEAM_SPLITS = ("alternate", "halves")


def _and(counts) -> str:
    """``[7, 9]`` as "7 and 9"."""
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


@dataclass(frozen=True)
class Rules(RuleOptions):
    """Fields, with the rulebook section each one comes from:

    - ``deck``: the question deck ("Before Playing": "Open a deck of cards"): a name in
      ``data/decks`` (``"general"`` reads ``bluffer-general.jsonl``) or the path of a deck
      file of your own. The rulebook's cards are not reproduced; bluffkit's decks are its own.
    - ``questions_per_round``: 6 ("A round ends after 6 questions").
    - ``rounds``: 3 ("A game consists of 3 rounds"); 1 or 2 is the quick game ("You can
      also play a quick game of 1 or 2 rounds").
    - ``stop_when_decided``: the rulebook counts 3 rounds but "the player who has won 2
      rounds is declared the winner"; it does not say whether a decided game plays its
      last round. ``True`` (default) ends the game as soon as a player has won a
      majority of the rounds; ``False`` plays every round.
    - ``majority_tie``: a tied round is won by every tied player ("ties: all tied win"),
      so two players can reach 2 round wins at once, and the rulebook's "the player who
      has won 2 rounds" names no one player then. ``"ends"`` (default) ends the game there
      (while ``stop_when_decided``), ``game_tie`` deciding between them; ``"plays_on"``
      plays the next round, the game decided once one player alone (under
      ``team_scoring``, one team, whose members share each round it wins) has the most
      round wins and at least 2, or when the rounds run out.
    - ``own_answer_vote``: "It is forbidden to bet on your own answer ... or your bet goes
      to the Leader". ``"to_leader"`` (default) accepts the sealed vote and scores it
      for the leader as a vote on the leader's answer (2 points); ``"refused"`` makes
      it an illegal move.
    - ``game_tie``: "If the 3 rounds were won by 3 different players, the winner is the
      winner of the last round"; the rulebook does not say who wins a quick game of 2
      rounds split 1-1, or a game in which a tied round gave two players 2 wins each.
      ``"last_round"`` (default) reads the rule generally: of the seats with the most
      round wins, those who won the last round played (all of them if none did);
      ``"shared"``: every seat with the most round wins (three rounds won by different
      players still go to the last round's winner, as the rulebook says).
    - ``max_answers``: 6 places on the board ("on answers 1 to 6"); 3 to 12, and at least
      the answers of the smallest game the rules allow (the false answers and the true one:
      4 for two players writing "two, or even three" false answers, or for 3 players).
      Rules that no player count from ``min_players`` to ``max_players`` can start a game
      with are refused when they are built, not when a game starts.
    - ``leader_copies``: the leader "lifts the card slightly to copy the true answer onto
      the 'Answer' sheet" and "can also slightly alter the wording of an answer to make
      it more believable". ``False`` (default): the card's own wording is read;
      ``True``: the leader writes the true answer as a move (``copy TEXT``), in their
      own words if they like.
    - ``max_answer_length``: the longest answer in characters ("Before Playing": each
      answer goes in one of the 6 boxes of a game sheet; the rulebook gives no length,
      60 by default). The deck's true answers and decoys must fit
      too (the game refuses a deck that does not: a longer true answer would give the
      truth away by its length).
    - ``first_leader``: the seat that leads the first question ("Designate the Leader").
    - ``duel_questions``: 6 ("The game is played over 6 questions", two players).
    - ``duel_false_answers``: ``(2, 3)``: the asker writes "two, or even three" false answers.
    - ``team_split``: 6 to 10 players "form two groups"; the rulebook does not say how.
      ``"alternate"`` (default): seats 0, 2, 4 ... against 1, 3, 5 ...; ``"halves"``:
      the first half of the seats against the second.
    - ``team_scoring``: the variant "Tally points by team rather than individually if
      the teams have the same number of players" (default off).
    - ``min_players``, ``max_players``: 2 to 10 ("Rules of Play for 3 to 5 Players",
      "Game for 2 Players", "Game for 6 to 10 Players").
    """

    name: str = "bluffer"
    deck: str = "general"
    questions_per_round: int = 6
    rounds: int = 3
    stop_when_decided: bool = True
    majority_tie: str = "ends"
    own_answer_vote: str = "to_leader"
    game_tie: str = "last_round"
    max_answers: int = 6
    leader_copies: bool = False
    max_answer_length: int = 60
    first_leader: int = 0
    duel_questions: int = 6
    duel_false_answers: tuple = (2, 3)
    team_split: str = "alternate"
    team_scoring: bool = False
    min_players: int = 2
    max_players: int = 10
    #: Added late: in a header only off its default (see RuleOptions.LATER_OPTIONS).
    LATER_OPTIONS: ClassVar[dict] = {"majority_tie": "ends"}

    def __post_init__(self) -> None:
        def need(ok, msg):
            if not ok:
                raise RulesError(msg)

        def count(v):
            return isinstance(v, int) and not isinstance(v, bool)

        need(isinstance(self.deck, str) and self.deck.strip() != "", f"deck must be a deck name or a path, got {self.deck!r}")
        need(count(self.questions_per_round) and 1 <= self.questions_per_round <= MAX_QUESTIONS,
             f"questions_per_round must be an int from 1 to {MAX_QUESTIONS}, got {self.questions_per_round!r}")
        need(count(self.rounds) and 1 <= self.rounds <= 3,
             f"rounds must be 1, 2 or 3 (a game is 3 rounds; a quick game 1 or 2), got {self.rounds!r}")
        need(isinstance(self.stop_when_decided, bool), f"stop_when_decided must be True or False, got {self.stop_when_decided!r}")
        need(self.majority_tie in MAJORITY_TIE,
             f"majority_tie must be one of {', '.join(MAJORITY_TIE)}, got {self.majority_tie!r}")
        need(self.own_answer_vote in OWN_VOTE,
             f"own_answer_vote must be one of {', '.join(OWN_VOTE)}, got {self.own_answer_vote!r}")
        need(self.game_tie in GAME_TIE, f"game_tie must be one of {', '.join(GAME_TIE)}, got {self.game_tie!r}")
        need(isinstance(self.leader_copies, bool), f"leader_copies must be True or False, got {self.leader_copies!r}")
        need(count(self.max_answers) and 3 <= self.max_answers <= 12,
             f"max_answers must be an int from 3 to 12, got {self.max_answers!r}")
        need(count(self.max_answer_length) and 5 <= self.max_answer_length <= 200,
             f"max_answer_length must be an int from 5 to 200, got {self.max_answer_length!r}")
        need(count(self.first_leader) and self.first_leader >= 0, f"first_leader must be a seat (int >= 0), got {self.first_leader!r}")
        need(count(self.duel_questions) and 1 <= self.duel_questions <= MAX_QUESTIONS,
             f"duel_questions must be an int from 1 to {MAX_QUESTIONS}, got {self.duel_questions!r}")
        fa = self.duel_false_answers
        if isinstance(fa, str):                      # "2,3" from a command line
            try:
                fa = tuple(int(x) for x in fa.split(","))
            except ValueError:
                fa = None
        fa = tuple(fa) if isinstance(fa, (tuple, list)) else None
        need(fa is not None and len(fa) == 2 and all(count(v) for v in fa) and 1 <= fa[0] <= fa[1],
             f"duel_false_answers must be (fewest, most) with 1 <= fewest <= most, e.g. 2,3; "
             f"got {self.duel_false_answers!r}")
        object.__setattr__(self, "duel_false_answers", fa)
        need(self.team_split in TEAM_SPLITS, f"team_split must be one of {', '.join(TEAM_SPLITS)}, got {self.team_split!r}")
        need(isinstance(self.team_scoring, bool), f"team_scoring must be True or False, got {self.team_scoring!r}")
        need(count(self.min_players) and count(self.max_players) and 2 <= self.min_players <= self.max_players <= 10,
             "min_players and max_players must satisfy 2 <= min_players <= max_players <= 10")
        # (a seat past every game's last was refused only when a game began: `bluffkit rules`
        # printed first_leader=99 as a ruleset, as You're Bluffing! does not)
        need(self.first_leader < self.max_players,
             f"first_leader must be a seat from 0 to max_players - 1 ({self.max_players - 1}), got {self.first_leader!r}")
        # Rules that no player count they allow can start a game with are refused here, not
        # when a game starts: max_answers=3 was taken, and every game then refused (2 players
        # write up to 3 false answers and the true one, 3 players 3 and the true one).
        counts = range(self.min_players, self.max_players + 1)
        if all(self._unstartable(n) is not None for n in counts):
            # max_answers is named only where more places would let a game start: with teams
            # of 4 and 3 and team scoring, "from 5 to 12" led to a refusal of max_answers=5
            fits = [n for n in counts if self._unstartable(n, answers=False) is None]
            fewest = min(fits or counts, key=self._answers)
            least = self._answers(fewest)
            need(not (fits and self.max_answers < least <= 12),
                 f"max_answers must be an int from {least} to 12 with these rules, got {self.max_answers!r}: each "
                 f"answer to a question takes a place on the board, and the smallest game they allow writes {least} "
                 f"({self._answers_said(fewest)})")
            reasons: dict[str, list[int]] = {}          # each reason, with the counts it holds at
            for n in counts:                            # (none that more places would mend, if none would)
                reasons.setdefault(str(self._unstartable(n, answers=bool(fits))), []).append(n)
            raise RulesError(f"no player count from min_players {self.min_players} to max_players "
                             f"{self.max_players} can start a game with these rules: "
                             + "; ".join(f"with {_and(ns)} players: {why}" for why, ns in reasons.items()))

    # the form of the game -----------------------------------------------------------
    @staticmethod
    def mode_for(players: int) -> str:
        """``"duel"`` for 2 players, ``"standard"`` for 3 to 5, ``"teams"`` for 6 to 10."""
        return "duel" if players == 2 else "standard" if players <= 5 else "teams"

    def teams_of(self, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The two groups of a 6-to-10-player game ("Form two groups"), by ``team_split``."""
        if self.team_split == "alternate":
            return tuple(range(0, players, 2)), tuple(range(1, players, 2))
        half = (players + 1) // 2
        return tuple(range(half)), tuple(range(half, players))

    @property
    def rounds_to_win(self) -> int:
        """Round wins that decide the game: 2 of 3 ("The player who has won 2 rounds")."""
        return self.rounds // 2 + 1

    def _answers(self, players: int) -> int:
        """The most answers a question of a ``players``-player game puts on the board: the
        false ones written ("Game for 2 Players": "two, or even three"; one a player, or a
        team member, in the other forms) and the true one."""
        mode = self.mode_for(players)
        if mode == "duel":
            return self.duel_false_answers[1] + 1
        if mode == "standard":
            return players + 1
        return max(map(len, self.teams_of(players))) + 1

    def _answers_said(self, players: int) -> str:
        """:meth:`_answers` in words: who writes them."""
        mode = self.mode_for(players)
        if mode == "duel":
            return f"2 players: up to {self.duel_false_answers[1]} false answers, duel_false_answers, and the true one"
        if mode == "standard":
            return f"{players} players: {players} false answers and the true one"
        team = self._answers(players) - 1
        return f"{players} players: a team of {team} writes {team} false answers, and the true one"

    def _unstartable(self, players: int, answers: bool = True) -> str | None:
        """Why a game of ``players`` (a count from min_players to max_players) cannot start
        under these rules, or ``None``; with ``answers`` False, the places on the board
        (``max_answers``) left out."""
        mode = self.mode_for(players)
        if answers and self._answers(players) > self.max_answers:
            if mode == "duel":
                return (f"the two-player asker writes up to {self.duel_false_answers[1]} false answers and the "
                        f"true one: more than the {self.max_answers} places on the board (max_answers)")
            if mode == "standard":
                return (f"{players} players write {players} false answers and the true one: more than the "
                        f"{self.max_answers} places on the board (max_answers)")
            return (f"a team of {self._answers(players) - 1} writes more answers than the {self.max_answers} "
                    "places on the board (max_answers)")
        if mode == "teams" and self.team_scoring:
            a, b = self.teams_of(players)
            if len(a) != len(b):
                return (f"team scoring needs teams of the same size (rulebook: \"if the teams have the "
                        f"same number of players\"); {players} players make teams of {len(a)} and {len(b)}")
        if self.first_leader >= players:
            return f"first_leader {self.first_leader} is not a seat of a {players}-player game"
        return None

    def check_players(self, players: int) -> None:
        """Refuse a player count the chosen rules cannot seat, saying why."""
        if isinstance(players, bool) or not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise RulesError(f"Bluffer is for {self.min_players} to {self.max_players} players, got {players!r}")
        why = self._unstartable(players)
        if why is not None:
            raise RulesError(why)

    def load_deck(self):
        """The :class:`~bluffkit.games.bluffer.deck.Deck` named by ``deck`` (read once)."""
        return _deck(self.deck)


def is_deck_path(spec: str) -> bool:
    """Whether a ``deck`` option names a file (it has a ``/`` or ends in ``.jsonl``)
    rather than one of the decks shipped."""
    return "/" in spec or spec.endswith(".jsonl")


def _deck(spec: str):
    """The deck named by ``spec``, read again whenever its file changes."""
    from bluffkit.games.bluffer.deck import DECKS_DIR
    path = Path(spec) if is_deck_path(spec) else DECKS_DIR / f"bluffer-{spec}.jsonl"
    try:
        found = path.is_file()
    except (OSError, ValueError):          # a name too long for the file system, a NUL byte
        found = False
    if not found:
        known = sorted(p.stem.removeprefix("bluffer-") for p in DECKS_DIR.glob("bluffer-*.jsonl"))
        raise RulesError(f"no question deck {spec[:80]!r}: not a file, and not one of the decks shipped "
                         f"({', '.join(known)})")
    stat = path.stat()
    return _read(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=16)
def _read(path: str, mtime_ns: int, size: int):
    from bluffkit.games.bluffer.deck import load_deck
    return load_deck(path)          # a bad file raises DeckError with its line
