"""The class's results typed into a Debrief cell: a slip is named by row and column, in one line.

Lesson 02's table (round, group, bidder, value, bid): a Second Hand auction needs two bids, as the
winner pays the second-highest (Bidder Up! booklet, "8. Second Hand").
"""

from __future__ import annotations

import pytest

from bluffkit.analysis.class_results import ClassResultsError, class_table

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
