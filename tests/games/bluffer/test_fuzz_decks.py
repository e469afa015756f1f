"""Mutated Bluffer decks are refused in one line with the line number, or play.

Every deck in ``data/decks/`` is mutated (a line's JSON changed as in
:mod:`mutations`, the file's text damaged, lines dropped, repeated or reordered,
the questions removed); :func:`load_deck` either reads the result or raises
:class:`DeckError` in one line naming the file and the line. A deck that loads is
refused by the game in one line if a text is longer than the sheets hold, or must
also play: a seeded game of Bluffer with bots on it ends, and its log reads back.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from mutations import FUZZ, mutated_json, mutated_text, time_limit

from bluffkit.agents.base import make_agent
from bluffkit.core import log as gamelog
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.core.play import play
from bluffkit.games.bluffer.deck import DECKS_DIR, DeckError, load_deck

DECKS = sorted(DECKS_DIR.glob("*.jsonl"))


@st.composite
def mutated_deck(draw, path: Path) -> bytes:
    lines = path.read_text(encoding="utf-8").splitlines()
    if draw(st.booleans()):                      # a small deck, so that a game asks the mutated question
        keep = draw(st.lists(st.integers(1, len(lines) - 1), min_size=1, max_size=4, unique=True))
        lines = [lines[0]] + [lines[i] for i in keep]
    how = draw(st.sampled_from(["json", "json", "json", "text", "lines", "header-only"]))
    if how == "json":
        i = draw(st.integers(0, len(lines) - 1))
        lines[i] = json.dumps(draw(mutated_json(json.loads(lines[i]))), ensure_ascii=True)
    elif how == "text":
        return draw(mutated_text("\n".join(lines) + "\n"))
    elif how == "lines":
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["drop", "repeat", "swap"]))
        if op == "drop":
            del lines[i]
        elif op == "repeat":
            lines.insert(j, lines[i])
        else:
            lines[i], lines[j] = lines[j], lines[i]
    else:
        lines = lines[:1]
    return ("\n".join(lines) + "\n").encode("utf-8")


def check_deck(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mutant.jsonl"
        path.write_bytes(data)
        with time_limit():
            try:
                deck = load_deck(path)
            except DeckError as e:
                msg = str(e)
                assert "\n" not in msg and "\r" not in msg, f"more than one line: {msg!r}"
                assert msg.startswith(f"{path}: line {e.line}: "), f"no file and line: {msg!r}"
                assert e.line >= 1 and len(msg) < len(str(path)) + 400, msg
                return
            assert deck.questions, "a deck without questions loaded"
            try:                                   # a deck with a text too long for the sheets is refused by the game
                make_game("bluffer", deck=str(path))
            except RulesError as e:
                msg = str(e)
                assert "\n" not in msg and "This deck needs max_answer_length >=" in msg and deck.longest > 60, msg
                return
            for players in (2, 3):                 # the two-player game and the standard game
                game = make_game("bluffer", deck=str(path), rounds=1, questions_per_round=3, duel_questions=3)
                bots = [make_agent("average", game) for _ in range(players)]
                rec = play(game, bots, seed=players)
                seats = [{"name": f"seat {i}", "agent": "average"} for i in range(players)]
                log = gamelog.write(Path(tmp) / "game.jsonl", game, seats, players, rec.moves)
                back, states = gamelog.read(log)
                assert back.moves == rec.moves and game.is_over(states[-1])
        assert path.read_bytes() == data, "the deck file was changed"


@pytest.mark.parametrize("path", DECKS, ids=[p.stem for p in DECKS])
@FUZZ
@given(data=st.data())
def test_mutated_deck_is_refused_in_one_line_or_plays(path, data):
    check_deck(data.draw(mutated_deck(path), label="deck"))
