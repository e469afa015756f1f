"""Golden playthroughs: one game per configuration, stored as its moves and replayed.

A golden file (``tests/playthroughs/NAME.txt``) holds the moves of one game, one line
per step, with what the game said and the digest of the state after it::

    # bluffkit playthrough: bloff, variants: none, 4 players, seed 7
    # moves chosen by: honest, caller, random, random
    # rules: {"name":"bloff","min_players":3,...}
    # step | actor | action | digest | narration
       1 | chance | deal 5D,6S,...|AS,2H,... | 1f0c... | The cards are dealt: P0 13, P1 13, P2 13, P3 13.
       2 | P0 | play KC | 9a4e... | P0 says “one ace”.
    ...
    # end: scores [0, 1, 0, 0], winners [1]

The test (:func:`check`) replays the stored moves through the game's immutable API
and compares, step by step, the action's notation, the narration and the digest
(:func:`bluffkit.core.digest.state_digest`), then the scores and winners. The bots
only chose the moves when the file was made: a change to a bot never changes a
golden file, and a change to the rules, the narration or the state shows up as the
first step that differs. The narration is the last column, so it may hold any text.

:func:`playthrough` makes a new file's text with seeded bots; :func:`refresh`
rewrites a file's narration and digests from its own moves, after an intended
change (``scripts/regen_playthroughs.py``).

>>> from bluffkit.core.game import make_game
>>> game = make_game("bloff")
>>> text = playthrough(game, players=3, seed=1)
>>> text.splitlines()[0]
'# bluffkit playthrough: bloff, variants: none, 3 players, seed 1'
>>> check(game, text)
[]
>>> print(check(game, text.replace("lets it go.", "lets it slide.", 1))[0])
line 7 (step 3): the narration differs:
  golden: P1 lets it slide.
  now:    P1 lets it go.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from bluffkit.core.digest import state_digest
from bluffkit.core.errors import BluffkitError

SEP = " | "
COLUMNS = "# step | actor | action | digest | narration"
_TITLE = re.compile(r"# bluffkit playthrough: (?P<game>\S+), variants: (?P<variants>.*), "
                    r"(?P<players>\d+) players, seed (?P<seed>-?\d+|none)$")
_END = re.compile(r"# end: scores (?P<scores>\[.*\]), winners (?P<winners>\[.*\])$")

#: How many differences :func:`check` reports before it stops listing them.
MAX_PROBLEMS = 10


class PlaythroughError(BluffkitError, ValueError):
    """A golden file that cannot be read: names the line and the reason."""

    def __init__(self, line: int, reason: str):
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass
class Step:
    """One stored step: where it is in the file, who acted, and what was recorded."""

    line: int
    number: int
    seat: int | None
    action: str
    digest: str
    say: str


@dataclass
class Golden:
    """A golden file read back: its header, its steps and its end line."""

    game: str
    variants: str
    players: int
    seed: int | None
    agents: list[str]
    rules: str
    steps: list[Step] = field(default_factory=list)
    scores: list | None = None
    winners: list | None = None


def names(players: int) -> list[str]:
    """The seat names of a playthrough: ``P0``, ``P1``, ..."""
    return [f"P{s}" for s in range(players)]


def _variants(game) -> str:
    return ", ".join(getattr(game.rules, "variants", ())) or "none"


def render(game, players: int, moves, *, seed: int | None = None, agents=()) -> str:
    """The golden text of ``moves`` (``(seat or None, action)`` pairs, actions as records
    or text) played from a new game of ``players``: each step's notation, digest and
    narration as the game gives them now. ``seed`` and ``agents`` say how the moves were
    chosen (for the reader). Raises :class:`~bluffkit.core.errors.IllegalAction` if a
    move is not allowed."""
    who = names(players)
    lines = [f"# bluffkit playthrough: {game.name}, variants: {_variants(game)}, {players} players, "
             f"seed {'none' if seed is None else seed}",
             f"# moves chosen by: {', '.join(agents) or 'hand'}",
             "# rules: " + json.dumps(game.rules.to_dict(), separators=(",", ":"), ensure_ascii=False),
             COLUMNS]
    state = game.new_state(players)
    for i, (seat, action) in enumerate(moves, 1):
        if isinstance(action, str):
            action = game.parse(action)
        after = game.step(state, seat, action)
        text = game.notation(action)
        if SEP in text or "\n" in text:
            raise ValueError(f"step {i}: the action {text!r} holds ' | ' or a line break; "
                             f"a golden file cannot store it")
        say = game.narrate(state, seat, action, after, who).replace("\n", " ")
        lines.append(f"{i:4d}{SEP}{'chance' if seat is None else who[seat]}{SEP}{text}{SEP}"
                     f"{state_digest(after, game)}{SEP}{say}")
        state = after
    if game.is_over(state):
        lines.append(f"# end: scores {list(game.scores(state))}, winners {list(game.winners(state))}")
    else:
        lines.append("# end: not over")
    return "\n".join(lines) + "\n"


def playthrough(game, players: int = 4, seed: int = 7, agents=None) -> str:
    """A new golden text: one game of seeded bots (``agents``, default
    :func:`bluffkit.testing.default_agents`), rendered by :func:`render`."""
    from bluffkit.core.play import play
    if agents is None:
        from bluffkit.testing import default_agents
        agents = default_agents(game, players)
    rec = play(game, agents, seed)
    return render(game, players, rec.moves, seed=seed, agents=rec.agents)


def read(text: str) -> Golden:
    """A golden file's contents; :class:`PlaythroughError` names a malformed line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) < 5:
        raise PlaythroughError(len(lines) + 1, "a golden file has a title, 'moves chosen by', 'rules', "
                                               "the column line, the steps and an end line")
    m = _TITLE.match(lines[0])
    if not m:
        raise PlaythroughError(1, f"not a playthrough title: {lines[0][:80]!r}")
    if not lines[1].startswith("# moves chosen by: "):
        raise PlaythroughError(2, "expected '# moves chosen by: ...'")
    if not lines[2].startswith("# rules: "):
        raise PlaythroughError(3, "expected '# rules: {...}'")
    if lines[3] != COLUMNS:
        raise PlaythroughError(4, f"expected the column line {COLUMNS!r}")
    seed = None if m["seed"] == "none" else int(m["seed"])
    gold = Golden(m["game"], m["variants"], int(m["players"]), seed,
                  lines[1][len("# moves chosen by: "):].split(", "), lines[2][len("# rules: "):])
    who: dict[str, int | None] = {n: s for s, n in enumerate(names(gold.players))}
    who["chance"] = None
    for k, line in enumerate(lines[4:-1], 5):
        parts = line.split(SEP, 4)
        if len(parts) != 5:
            raise PlaythroughError(k, f"a step line has five columns ({COLUMNS[2:]}), got {line[:80]!r}")
        number, actor, action, dig, say = parts
        if not (number.strip().isascii() and number.strip().isdigit()) or int(number) != len(gold.steps) + 1:
            raise PlaythroughError(k, f"step {number.strip()!r} where step {len(gold.steps) + 1} was expected")
        if actor not in who:
            raise PlaythroughError(k, f"unknown actor {actor!r} (chance or P0..P{gold.players - 1})")
        gold.steps.append(Step(k, int(number), who[actor], action, dig, say))
    end = _END.match(lines[-1])
    if end:
        gold.scores, gold.winners = json.loads(end["scores"]), json.loads(end["winners"])
    elif lines[-1] != "# end: not over":
        raise PlaythroughError(len(lines), "the last line is '# end: scores [...], winners [...]' "
                                           "or '# end: not over'")
    return gold


def stored_moves(game, text: str) -> tuple[int, list]:
    """``(players, moves)`` stored in a golden text, actions parsed by ``game``."""
    gold = read(text)
    return gold.players, [(s.seat, game.parse(s.action)) for s in gold.steps]


def refresh(game, text: str) -> str:
    """The golden text of the same moves with the narration and digests of the game as
    it is now (after an intended change of rules or wording)."""
    gold = read(text)
    return render(game, gold.players, [(s.seat, s.action) for s in gold.steps], seed=gold.seed,
                  agents=gold.agents)


def check(game, text: str) -> list[str]:
    """Replay a golden text's moves through ``game``; the differences, each naming the
    file's line (``[]`` when the game still plays, says and reaches exactly what the
    file holds). Replay stops at a move that is no longer allowed."""
    gold = read(text)
    problems: list[str] = []
    if gold.game != game.name:
        return [f"line 1: the file is a game of {gold.game}, not {game.name}"]
    who = names(gold.players)
    state = game.new_state(gold.players)
    for step in gold.steps:
        where = f"line {step.line} (step {step.number})"
        actor = "chance" if step.seat is None else who[step.seat]
        try:
            action = game.parse(step.action)
            after = game.step(state, step.seat, action)
        except BluffkitError as e:
            problems.append(f"{where}: {actor} {step.action!r} is no longer allowed: {e}")
            return problems
        now = game.notation(action)
        if now != step.action:
            problems.append(f"{where}: the action is now written {now!r}, not {step.action!r}")
        say = game.narrate(state, step.seat, action, after, who).replace("\n", " ")
        if say != step.say:
            problems.append(f"{where}: the narration differs:\n  golden: {step.say}\n  now:    {say}")
        dig = state_digest(after, game)
        if dig != step.digest:
            problems.append(f"{where}: the state after {actor} {step.action!r} differs "
                            f"(digest {dig}, golden {step.digest})")
        if len(problems) >= MAX_PROBLEMS:
            return problems + ["... (more differences not listed)"]
        state = after
    over = game.is_over(state)
    if gold.scores is None:
        if over:
            problems.append("end: the game is now over after the stored moves; the file says it is not")
    elif not over:
        problems.append("end: the stored moves no longer finish the game")
    else:
        scores, winners = list(game.scores(state)), list(game.winners(state))
        if scores != gold.scores or winners != gold.winners:
            problems.append(f"end: scores {scores}, winners {winners}; golden: scores {gold.scores}, "
                            f"winners {gold.winners}")
    return problems
