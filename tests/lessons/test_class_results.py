"""The class's results typed into a Debrief cell: a slip is named by row and column, in one line.

Lesson 02's table (round, group, bidder, value, bid): a Second Hand auction needs two bids, as the
winner pays the second-highest (Bidder Up! booklet, "8. Second Hand").
"""

from __future__ import annotations

import pytest

from bluffkit.analysis.class_results import ClassResultsError, class_table
from bluffkit.lessons import ROOT

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
    ([GOOD[0], (1, 1, 2, 410), GOOD[2]], ["row 2", "4 entries, not 5", "left empty"]),
    ([GOOD[0], (1, 1, 2, 410, -380), GOOD[2]], ["row 2", "bid", "-380 is negative"]),
    ([GOOD[0], (1, 1, 2, float("nan"), 380), GOOD[2]], ["row 2", "value", "not a number"]),
    ([GOOD[0], (1, 2, 2, 410, 380)], ["round 1, group 1 has 1 row", "at least 2"]),
    ([], ["no rows"]),
])
def test_a_slip_is_named_in_one_line(rows, words):
    with pytest.raises(ClassResultsError) as caught:
        table(rows)
    shown = caught.value._render_traceback_()
    assert len(shown) == 1 and "Traceback" not in shown[0]
    for word in words:
        assert word in shown[0]


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
    kw = dict(flags=["called", "lie"], optional=["lie"], most={"estimate": 1})
    assert class_table([(1, 0.3, False, None), (2, 0.6, True, False)], cols, **kw).shape == (2, 4)
    for row, said in [((1, 0.3, "no", None), "row 1, called: 'no' is not True or False"),
                      ((1, 0.3, None, None), "row 1, called: None is not True or False"),
                      ((1, 0.3, True, "yes"), "row 1, lie: 'yes' is not True or False (or None)"),
                      ((1, 30, True, None), "row 1, estimate: 30 is more than 1"),
                      ((None, 0.3, True, None), "row 1, k: None is not a number")]:
        with pytest.raises(ClassResultsError) as caught:
            class_table([row], cols, **kw)
        assert str(caught.value).startswith(said), caught.value


@pytest.mark.parametrize("lesson", sorted(p.name for p in ROOT.glob("[0-9][0-9]-*")))
def test_every_lessons_debrief_reads_the_typed_results_through_class_table(lesson):
    """docs/lessons.md, "Debrief": the class's results are read through class_table, so that a
    slip is named in one line (lessons 01, 03, 04, 06, 07 and 08 built their tables with
    pandas alone, and a word for a number ended in a traceback)."""
    text = (ROOT / lesson / "lesson.md").read_text(encoding="utf-8")
    debrief = text[text.index("## Debrief"):]
    assert "class_table(" in debrief, f"{lesson}: the Debrief reads the class's results without class_table"
