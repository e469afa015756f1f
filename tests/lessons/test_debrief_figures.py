"""Figures a teacher's script quotes from a printed table agree with that table.

A debrief reads numbers aloud while the class sees the cell that prints them; when a bot
or a simulation changes, the outputs change (nbval checks the stored outputs against a
fresh run) and the words must follow. Here the words are checked against the stored
outputs of ``09-paying-to-move.ipynb``."""

from __future__ import annotations

import json
import re

from bluffkit import lessons as L

LESSON = L.ROOT / "09-paying-to-move"


def _outputs(nb: dict) -> list[str]:
    texts = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            text = out.get("text") or out.get("data", {}).get("text/plain", "")
            texts.append("".join(text))
    return texts


def _row(texts: list[str], first: str, header: str) -> list[float]:
    """The numbers of the row starting with ``first`` in the printed table whose header
    line holds ``header``."""
    for text in texts:
        lines = text.splitlines()
        if any(header in line for line in lines):
            for line in lines:
                words = line.split()
                if words and " ".join(words[:len(first.split())]) == first:
                    return [float(w) for w in words[len(first.split()):]]
    raise AssertionError(f"{LESSON.name}: no printed table with {header!r} and a row {first!r}")


def _number(words: str) -> float:
    return float(words.replace(",", ""))


ONES = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def test_lesson_09_debrief_quotes_its_tables():
    text = " ".join((L.source_of(LESSON)).read_text(encoding="utf-8").split())
    texts = _outputs(json.loads((L.source_of(LESSON).with_suffix(".ipynb")).read_text(encoding="utf-8")))

    means = re.search(r"about ([\d,]+) notes and ([\d,]+) points a game against the random bot's ([\d,]+) and "
                      r"([\d,]+)\)", text)
    assert means, "the debrief no longer quotes the means (update this test with it)"
    h_notes, h_score, r_notes, r_score = map(_number, means.groups())
    heuristic = _row(texts, "heuristic", "notes_moved   score")
    random = _row(texts, "random", "notes_moved   score")
    assert abs(h_notes - heuristic[0]) <= 0.5 and abs(r_notes - random[0]) <= 0.5, (means.group(0), heuristic, random)
    assert abs(h_score - heuristic[1]) <= 50 and abs(r_score - random[1]) <= 50, (means.group(0), heuristic, random)

    shares = re.search(r"[Tt]he heuristic bot pays on about (\w+) moves? in (\w+), the random bot on about (\w+) in "
                       r"(\w+);", text)
    assert shares, "the debrief no longer quotes how often each bot pays (update this test with it)"
    said = [ONES[a] / ONES[b] for a, b in (shares.groups()[:2], shares.groups()[2:])]
    printed = [_row(texts, f"{bot} bots", "share of moves paid")[3] for bot in ("heuristic", "random")]
    for s, p in zip(said, printed):
        assert abs(s - p) <= 0.02, (shares.group(0), printed)

    this_run = re.search(r"the heuristic bot's share runs from ([\d.]+) to ([\d.]+) \(this run's ([\d.]+)\)", text)
    assert this_run, "the debrief no longer quotes this run's share beside other seeds' (update this test with it)"
    low, high, own = map(float, this_run.groups())
    assert abs(own - printed[0]) <= 0.005 and low <= own <= high, (this_run.group(0), printed)
