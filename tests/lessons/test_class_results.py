"""The class's results typed into a Debrief cell: a slip is named by row and column, in one line.

Lesson 02's table (round, group, bidder, value, bid): a Second Hand auction needs two bids, as the
winner pays the second-highest (Bidder Up! booklet, "8. Second Hand").
"""

from __future__ import annotations

import ast
import re
from functools import cache

import numpy as np
import pandas as pd
import pytest

from bluffkit import lessons as L
from bluffkit.analysis.class_results import ClassResultsError, class_lists, class_table

COLUMNS = ["round", "group", "bidder", "value", "bid"]
GOOD = [(1, 1, 1, 730, 730), (1, 1, 2, 410, 380), (1, 1, 3, 220, 250)]


def table(rows, **kw):
    return class_table(rows, COLUMNS, groups=["round", "group"], at_least=2, **kw)


def test_a_good_table_is_read_as_typed():
    t = table(GOOD)
    assert list(t.columns) == COLUMNS
    assert t["bid"].tolist() == [730, 380, 250]


@pytest.mark.parametrize("rows, words", [
    ([GOOD[0], (1, 1, 2, 410, "three hundred"), GOOD[2]], ["row 2", "bid", "'three hundred' is not a number"]),
    ([GOOD[0], (1, 1, 2, 410), GOOD[2]], ["row 2", "4 entries, not 5", "a missing entry"]),
    ([GOOD[0], (1, 1, 2, 410, 1, 380), GOOD[2]], ["row 2", "6 entries, not 5", "type 1000, not 1,000"]),
    ([GOOD[0], (1, 1, 2, 410, 380.5), GOOD[2]], ["row 2", "bid", "380.5 is not a whole number"]),
    ([GOOD[0], (1, 1, 2, float("inf"), 380), GOOD[2]], ["row 2", "value", "inf is not a number"]),
    ([GOOD[0], (1, 1, 2, 410, float("-inf")), GOOD[2]], ["row 2", "bid", "-inf is not a number"]),
    ([GOOD[0], (1, 1, 2, 410, -380), GOOD[2]], ["row 2", "bid", "-380 is negative"]),
    ([GOOD[0], (1, 1, 2, float("nan"), 380), GOOD[2]], ["row 2", "value", "not a number"]),
    ([GOOD[0], (1, 2, 2, 410, 380)], ["round 1, group 1 has 1 row", "at least 2"]),
    ([], ["no rows", "(round, group, bidder, value, bid)"]),
])
def test_a_slip_is_named_in_one_line(rows, words):
    with pytest.raises(ClassResultsError) as caught:
        table(rows)
    (shown,) = caught.value._render_traceback_()
    for word in words:
        assert word in shown, shown


def test_a_word_column_takes_only_its_choices():
    cols = ["team", "space"]
    assert class_table([("Team A", "pen")], cols, words=cols, choices={"space": ["pen", "piggy-bank"]}).shape == (1, 2)
    with pytest.raises(ClassResultsError, match=r"row 1, space: 'piggybank' is not one of 'pen', 'piggy-bank'"):
        class_table([("Team A", "piggybank")], cols, words=cols, choices={"space": ["pen", "piggy-bank"]})


def test_a_number_above_its_most_is_named():
    # lesson 05: every bidder holds eight notes (two 0s, six 10s), so at most 8 are laid
    cols = ["group", "value", "value_bid", "count_notes"]
    most = {"value": 60, "value_bid": 60, "count_notes": 8}
    assert class_table([(1, 37, 20, 8)], cols, most=most).shape == (1, 4)
    with pytest.raises(ClassResultsError, match=r"row 1, count_notes: 40 is more than 8"):
        class_table([(1, 37, 20, 40)], cols, most=most)


def test_flags_are_true_or_false_and_optional_cells_may_be_none():
    """Lesson 07's claims: "called" is True or False, "lie" the truth when turned over, else
    None; lesson 06's counter-offer is None when the offer was accepted."""
    cols = ["k", "estimate", "called", "lie"]
    kw = dict(flags=["called", "lie"], optional=["lie"], most={"estimate": 1}, fractions=["estimate"])
    assert class_table([(1, 0.3, False, None), (2, 0.6, True, False)], cols, **kw).shape == (2, 4)
    for row, said in [((1, 0.3, "no", None), "row 1, called: 'no' is not True or False"),
                      ((1, 0.3, None, None), "row 1, called: None is not True or False"),
                      ((1, 0.3, True, "yes"), "row 1, lie: 'yes' is not True or False (or None)"),
                      ((1, 30, True, None), "row 1, estimate: 30 is more than 1 (type 0.30 for 30 %)"),
                      ((None, 0.3, True, None), "row 1, k: None is not a number")]:
        with pytest.raises(ClassResultsError) as caught:
            class_table([row], cols, **kw)
        assert str(caught.value).startswith(said), caught.value


def test_a_whole_float_is_read_as_its_int_and_fractions_keep_their_decimals():
    t = class_table([(1, 4.0, 0.35)], ["group", "count_notes", "estimate"], fractions=["estimate"])
    assert t["count_notes"].dtype == np.int64 and t["count_notes"].tolist() == [4]
    assert t["estimate"].tolist() == [0.35]


def test_least_unique_and_rules():
    """Lesson 07: a claim is of one card or more (the rulebook: "one or more cards"); lesson 02: a
    bidder's row typed twice; lesson 08: the votes on the truth are some of the votes."""
    with pytest.raises(ClassResultsError, match=r"^row 1, k: 0 is less than 1$"):
        class_table([(0, 39)], ["k", "unseen"], least={"k": 1})
    with pytest.raises(ClassResultsError, match=r"^round 1, group 1, bidder 2 is typed more than once \(rows 2 and 3\)$"):
        class_table([GOOD[0], GOOD[1], GOOD[1]], COLUMNS, unique=["round", "group", "bidder"])
    rule = [(lambda r: r["truth_votes"] <= r["voters"], "more votes on the truth than voters")]
    assert class_table([(3, 3)], ["voters", "truth_votes"], rules=rule).shape == (1, 2)
    with pytest.raises(ClassResultsError, match=r"^row 1 \(3, 4\): more votes on the truth than voters$"):
        class_table([(3, 4)], ["voters", "truth_votes"], rules=rule)


@pytest.mark.parametrize("cell", [None, 1, ""])
def test_a_word_column_takes_words_only(cell):
    """Lesson 09's team: None or a number is refused, unless the column is optional."""
    with pytest.raises(ClassResultsError, match=r"^row 1, team: .* is not a word"):
        class_table([(cell, 1)], ["team", "round"], words=["team"])
    if cell is None:
        assert class_table([(cell, 1)], ["team", "round"], words=["team"], optional=["team"]).shape == (1, 2)


def test_lesson_01s_lists_are_checked_as_lists():
    """Lesson 01: one list of answers per situation A to D, one answer per student."""
    good = {"A": [800, 600], "B": [840, 800], "C": [10, 820], "D": [10, 2000]}
    assert class_lists(good, list("ABCD")).shape == (2, 4)
    for lists, said in [
        ({**good, "D": [10, 2, 0]}, "situation D has 3 answers, situation A 2: one per student (type 1000, not 1,000)"),
        ({k: v for k, v in good.items() if k != "C"}, "situation C is missing"),
        ({**good, "E": [1, 2]}, "'E' is not a situation"),
        ({**good, "B": 840}, "situation B: 840 is not a list"),
        ({**good, "B": [840, "800"]}, "row 2, situation B: '800' is not a number"),
        ({k: [] for k in good}, "no answers"),
    ]:
        with pytest.raises(ClassResultsError) as caught:
            class_lists(lists, list("ABCD"))
        assert str(caught.value).startswith(said), caught.value


@cache
def debrief_cell(lesson: str) -> str:
    """The Debrief's code cell that reads the class's results (the one that calls class_table or
    class_lists), from the lesson's lesson.md, up to the statement that calls it (what follows
    charts the table with the lesson's earlier cells)."""
    nb = L.read(L.ROOT / lesson).nb
    start = next(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and c.source.startswith("## Debrief"))
    source = next(c.source for c in nb.cells[start:] if c.cell_type == "code"
                  and re.search(r"\bclass_(table|lists)\(", c.source))
    end = next(s.end_lineno for s in ast.parse(source).body
               if re.search(r"\bclass_(table|lists)\(", ast.get_source_segment(source, s)))
    return "\n".join(source.splitlines()[:end])


def run(source: str) -> None:
    exec(compile(source, "<debrief>", "exec"), {"np": np, "pd": pd})


def first_row(source: str) -> re.Match:
    """The first typed row: a tuple on a line of its own, or lesson 01's first list."""
    return re.search(r"^\s*(\(.*?\)|\"A\": \[.*?\])", source, re.M)


LESSONS = [p.name for p in L.lesson_folders()]


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lessons_debrief_names_a_slip_in_the_typed_results(lesson):
    """docs/lessons.md, "Debrief": a slip in the class's results is named in one line. The cell
    runs as written, then with the first number of its first typed row replaced by "x"."""
    source = debrief_cell(lesson)
    run(source)
    row = first_row(source)
    assert row, f"{lesson}: no typed row in the Debrief's class-results cell"
    cut = source.index(row.group(1))
    slipped = source[:cut] + re.sub(r"\b\d+\b", '"x"', row.group(1), count=1) + source[cut + len(row.group(1)):]
    with pytest.raises(ClassResultsError, match="is not a number"):
        run(slipped)


@pytest.mark.parametrize("lesson, row, said", [
    # value cards "0 to 1,000"; three bidders a group
    ("02", "(1, 1, 1, 1730, 730)", "row 1, value: 1730 is more than 1000"),
    ("02", "(1, 1, 2, 730, 730)", "round 1, group 1, bidder 2 is typed more than once"),
    # four players a group: the leader scores 2 for each of the 3 votes not on the truth
    ("08", "(1, 1, 3, 4, 2)", "more votes on the truth than voters"),
    ("08", "(1, 1, 3, 1, 6)", "the leader scores 2 for each vote not on the truth"),
    # the estimate is written in %, typed as a fraction
    ("07", "(1, 0, 39, 13, 30, False, None)", "row 1, estimate: 30 is more than 1 (type 0.30 for 30 %)"),
    ("07", "(0, 0, 39, 13, 0.30, False, None)", "row 1, k: 0 is less than 1"),
    ("07", "(1, 0, 39, 13, 0.30, False, True)", "lie is True or False when called, else None"),
    ("07", "(1, 0, 12, 13, 0.30, False, None)", "the claimant's cards are among the unseen cards"),
    # two 0s, four 10s, one 50 in hand: at most 7 cards; the counter is both given or both None
    ("06", "(29, 10, 8, 64, 20, 3)", "row 1, cards_a: 8 is more than 7"),
    ("06", "(29, 10, 3, 64, 20, None)", "both None (accepted) or both given"),
    # eight notes held, the money bid in tens
    ("05", "(1, 13, 4.5, 2)", "row 1, value_bid: 4.5 is not a whole number"),
    ("05", "(1, 13, 4.0, 2)", "the money bid is in tens"),
    # the die shows 1 to 3; the Piggy Bank gives its top 5 notes
    ("09", '("Team A", 1, 4, 2, 1, "pen", 0)', "row 1, roll: 4 is more than 3"),
    ("09", '("Team A", 1, 1, 2, 1, "piggy-bank", 6)', "row 1, taken from Piggy Bank: 6 is more than 5"),
    ("09", '("Team A", 1, 1, 2, 1, "pen", 3)', "only on its space"),
    ("09", '(None, 1, 1, 2, 1, "pen", 0)', "row 1, team: None is not a word"),
    ("03", "(1, 1, 450, 520), (1, 1, 450, 520)", "group 1, round 1 is typed more than once"),
    ("04", "(1, 1, 1710, 250, True)", "row 1, auctioneer value: 1710 is more than 1000"),
])
def test_each_lessons_bounds_come_from_its_activity(lesson, row, said):
    source = debrief_cell(next(name for name in LESSONS if name.startswith(lesson)))
    first = first_row(source).group(1)
    run(source)
    with pytest.raises(ClassResultsError) as caught:
        run(source.replace(first, row, 1))
    assert said in str(caught.value), caught.value


def test_lesson_01s_debrief_names_a_comma_in_a_number():
    source = debrief_cell(next(name for name in LESSONS if name.startswith("01")))
    with pytest.raises(ClassResultsError, match=r"one per student \(type 1000, not 1,000\)"):
        run(source.replace('"A": [800,', '"A": [1,000,', 1))
