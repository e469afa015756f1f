"""The class's results typed into a Debrief cell: a slip is named by row and column, in one line.

Lesson 02's table (round, group, bidder, value, bid): a Second Hand auction needs two bids, as the
winner pays the second-highest (Bidder Up! booklet, "8. Second Hand").
"""

from __future__ import annotations

import re
from functools import cache

import numpy as np
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
    ([GOOD[0], (1, 1, 2, 410), GOOD[2]], ["row 2", "4 entries, not 5", ": an entry is missing"]),
    ([GOOD[0], (1, 1, 2, 410, 1, 380), GOOD[2]], ["row 2", "6 entries, not 5", ": one too many? (type 1000, not 1,000)"]),
    ([GOOD[0], 410, GOOD[2]], ["row 2 410 is not a row", "type it in brackets"]),
    ([GOOD[0], (1, 1, 2, 10**400, 380), GOOD[2]], ["row 2", "value", "digits is too big"]),
    ([GOOD[0], (1, 1, 2, np.float64("nan"), 380), GOOD[2]], ["row 2", "value: nan is not a number"]),
    ([GOOD[0], (1, np.int64(1), 2, 410, 380, 1), GOOD[2]], ["row 2 (1, 1, 2, 410, 380, 1) has 6 entries"]),
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
    assert "\n" not in shown, shown
    for word in words:
        assert word in shown, shown


def test_a_word_column_takes_only_its_choices():
    cols = ["team", "space"]
    assert class_table([("Team A", "pen")], cols, words=cols, choices={"space": ["pen", "piggy-bank"]}).shape == (1, 2)
    with pytest.raises(ClassResultsError, match=r"row 1, space: 'piggybank' is not one of 'pen', 'piggy-bank'"):
        class_table([("Team A", "piggybank")], cols, words=cols, choices={"space": ["pen", "piggy-bank"]})
    with pytest.raises(ClassResultsError, match=r"row 1, space: array\(\['pen'\].*is not one of"):
        class_table([("Team A", np.array(["pen"]))], cols, words=cols, choices={"space": ["pen", "piggy-bank"]})
    assert class_table([("Team A", np.str_("pen"))], cols, words=cols, choices={"space": ["pen"]}).shape == (1, 2)


@pytest.mark.parametrize("kw, said", [
    (dict(most={"valeu": 1000}), "'valeu' (most) is not a column"),
    (dict(least={"rnd": 1}), "'rnd' (least) is not a column"),
    (dict(choices={"bidr": [1]}), "'bidr' (choices) is not a column"),
    (dict(flags=["kept"]), "'kept' (flags) is not a column"),
    (dict(optional=["bids"]), "'bids' (optional) is not a column"),
    (dict(groups=["round", "grup"]), "'grup' (groups) is not a column"),
    (dict(unique=["bidder", "Round"]), "'Round' (unique) is not a column"),
    (dict(fractions=["share"]), "'share' (fractions) is not a column"),
    (dict(words=["team"]), "'team' (words) is not a column"),
    (dict(words="bid"), "words='bid': type a list of columns, ['bid']"),
])
def test_an_option_naming_no_column_is_refused(kw, said):
    """A misspelt column in an option would leave that column unchecked."""
    with pytest.raises(ClassResultsError) as caught:
        class_table(GOOD, COLUMNS, **kw)
    assert str(caught.value).startswith(said), caught.value


@pytest.mark.parametrize("rows", [None, 3, "(1, 1, 1, 730, 730)"])
def test_rows_that_are_not_a_list_are_refused(rows):
    with pytest.raises(ClassResultsError, match=r"is not a list of rows"):
        class_table(rows, COLUMNS)


@pytest.mark.parametrize("check", [lambda r: r["bdi"] > 0, lambda r: r["bid"] > None, lambda r: r["bid"] / 0])
def test_a_rule_that_cannot_be_checked_names_the_row(check):
    with pytest.raises(ClassResultsError) as caught:
        class_table(GOOD, COLUMNS, rules=[(check, "the bid is positive")])
    assert str(caught.value).startswith("row 1 (1, 1, 1, 730, 730): cannot check that 'the bid is positive'"), caught.value


def test_numpy_numbers_are_shown_as_typed():
    with pytest.raises(ClassResultsError, match=r"^row 1, kept: 1 is not True or False$"):
        class_table([(1, np.int64(1))], ["bid", "kept"], flags=["kept"])
    t = class_table([(np.int64(2), np.True_, np.float64(0.5))], ["bid", "kept", "share"], flags=["kept"], fractions=["share"])
    assert t.iloc[0].tolist() == [2, True, 0.5]


def test_none_in_an_optional_key_names_no_row():
    """Lesson 09's team may be left out (optional): rows without one are neither twins nor a group."""
    cols = ["team", "round"]
    kw = dict(words=["team"], optional=["team", "round"])
    assert class_table([(None, 1), (None, 1)], cols, unique=["team", "round"], **kw).shape == (2, 2)
    assert class_table([(None, 1), ("A", 1), ("A", 2)], cols, groups=["team"], at_least=2, **kw).shape == (3, 2)
    with pytest.raises(ClassResultsError, match=r"^round 2 has 1 row, at least 2 are needed$"):
        class_table([("A", None), ("A", 1), ("B", 1), ("B", 2)], cols, groups=["round"], at_least=2, **kw)
    with pytest.raises(ClassResultsError, match=r"^team A, round 1 is typed more than once \(rows 2 and 3\)$"):
        class_table([("A", None), ("A", 1), ("A", 1)], cols, unique=["team", "round"], **kw)


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
    """Lesson 01: one list of answers per situation A to D, a sample of the slips typed in, so the
    lists may differ in length; an answer is named by its place in its list."""
    good = {"A": [800, 600], "B": [840, 800, 1640], "C": [10], "D": [10, 2000]}
    read = class_lists(good, list("ABCD"))
    assert list(read.columns) == ["situation", "answer"]
    assert read[read.situation == "B"].answer.tolist() == [840, 800, 1640]
    for lists, said in [
        ({k: v for k, v in good.items() if k != "C"}, "situation C is missing"),
        ({**good, "E": [1, 2]}, "'E' is not a situation"),
        ({**good, "B": 840}, "situation B: 840 is not a list"),
        ({**good, "B": [840, "800"]}, "row 2, situation B: '800' is not a number"),
        ({**good, "B": [840, np.float64("nan")]}, "row 2, situation B: nan is not a number"),
        ({**good, "C": []}, "situation C has no answers"),
    ]:
        with pytest.raises(ClassResultsError) as caught:
            class_lists(lists, list("ABCD"))
        assert str(caught.value).startswith(said), caught.value
    with pytest.raises(ClassResultsError, match=r"^row 3, situation B: 1640 is more than 1000$"):
        class_lists(good, list("ABCD"), most={"situation B": 1000})
    with pytest.raises(ClassResultsError, match=r"^'situation E' \(most\) is not a column"):
        class_lists(good, list("ABCD"), most={"situation E": 1000})
    with pytest.raises(ClassResultsError, match=r"^no situations"):
        class_lists({}, [])


FENCE = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```[ \t]*$", re.S | re.M)
CLASS_RESULTS = re.compile(r"\bclass_(table|lists)\(")


@cache
def lesson_cells(lesson: str) -> tuple[tuple[str, ...], str]:
    """The code cells of the lesson's .md before the Debrief's class-results cell (the one
    that calls class_table or class_lists), and that cell, whole (what follows the call charts the
    table with the names the earlier cells define)."""
    text = (L.source_of(L.ROOT / lesson)).read_text(encoding="utf-8")
    debrief = text.index("\n## Debrief")
    cells = []
    for fence in FENCE.finditer(text):
        lines = fence.group(1).splitlines()
        while lines and lines[0].startswith(":"):      # the cell's options (:tags: [teacher])
            lines.pop(0)
        cells.append((fence.start(), "\n".join(lines)))
    at = next(i for i, (start, source) in enumerate(cells) if start > debrief and CLASS_RESULTS.search(source))
    return tuple(source for _, source in cells[:at]), cells[at][1]


def debrief_cell(lesson: str) -> str:
    return lesson_cells(lesson)[1]


@cache
def earlier_names(lesson: str) -> dict:
    """The names the lesson's earlier cells define, run once per lesson."""
    names: dict = {"display": lambda *shown, **kw: None}
    for source in lesson_cells(lesson)[0]:
        exec(compile(source, f"<{lesson}>", "exec"), names)
    return names


def run(lesson: str, source: str) -> None:
    exec(compile(source, "<debrief>", "exec"), dict(earlier_names(lesson)))


def first_row(source: str) -> re.Match:
    """The first typed row: a tuple on a line of its own, or lesson 01's first list."""
    return re.search(r"^\s*(\(.*?\)|\"A\": \[.*?\])", source, re.M)


LESSONS = [p.name for p in L.lesson_folders()]


def named(lesson: str) -> str:
    return next(name for name in LESSONS if name.startswith(lesson))


@pytest.mark.slow                 # (it runs each lesson's earlier cells first: lesson 01's import the panels)
@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lessons_debrief_names_a_slip_in_the_typed_results(lesson):
    """docs/lessons.md, "Debrief": a slip in the class's results is named in one line. The whole
    cell runs as written, then with the first number of its first typed row replaced by "x"."""
    source = debrief_cell(lesson)
    run(lesson, source)
    row = first_row(source)
    assert row, f"{lesson}: no typed row in the Debrief's class-results cell"
    cut = source.index(row.group(1))
    slipped = source[:cut] + re.sub(r"\b\d+\b", '"x"', row.group(1), count=1) + source[cut + len(row.group(1)):]
    with pytest.raises(ClassResultsError, match="is not a number"):
        run(lesson, slipped)


@pytest.mark.slow                 # (runs the lesson's earlier cells first)
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
    ("07", "(1, 0, 39, 13, 0.30, False, True)", "lie is True or False when called (turned over, by anyone), else None"),
    ("07", "(1, 0, 12, 13, 0.30, False, None)", "the claimant's cards are among the unseen cards"),
    # the class holds none of the four: the 3 unseen cards cannot hide 4 of the rank
    ("07", "(1, 0, 3, 3, 0.30, False, None)", "the unseen cards include every card of the rank the class has not held or laid"),
    # two 0s, four 10s, one 50 in hand: at most 7 cards; the counter is both given or both None
    ("06", "(29, 10, 8, 64, 20, 3)", "row 1, cards_a: 8 is more than 7"),
    ("06", "(29, 10, 3, 64, 20, None)", "both None (accepted) or both given"),
    # 40 is four 10s (or no 50 and 0s): four cards at least; 30 is three 10s
    ("06", "(29, 40, 3, 64, 20, 3)", "the offer can't be laid from two 0s, four 10s and one 50"),
    ("06", "(29, 10, 3, 64, 30, 2)", "the counter can't be laid from two 0s, four 10s and one 50"),
    ("06", "(29, 90, 4, 64, 20, 3)", "the offer can't be laid"),
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
    lesson = named(lesson)
    source = debrief_cell(lesson)
    with pytest.raises(ClassResultsError) as caught:
        run(lesson, source.replace(first_row(source).group(1), row, 1))
    assert said in str(caught.value), caught.value


@pytest.mark.slow                 # (runs the lesson's earlier cells first)
@pytest.mark.parametrize("lesson, row", [
    ("02", "(1, 1, 1, 1000, 730)"),                       # value cards 0 to 1,000
    ("09", '("Team A", 1, 3, 3, 0, "piggy-bank", 5)'),    # the die's 3; the Piggy Bank's top 5 notes
    ("08", "(1, 1, 3, 0, 6)"),                            # no vote on the truth: 2 for each of 3 voters
    ("06", "(29, 90, 7, 64, 20, 3)"),                     # the whole hand: 90 in 7 cards
    ("06", "(29, 10, 3, 64, 90, 5)"),                     # 90 without the 0s
    ("06", "(29, 0, 0, 64, 0, 2)"),                       # "offer nothing at all", or only zeros
    ("07", "(1, 4, 39, 13, 1.0, True, True)"),            # the class holds all four: a certain lie
    ("07", "(1, 0, 40, 13, 0.30, True, False)"),          # turned over by a bot the class let go
    ("07", "(1, 0, 40, 13, None, True, False)"),          # a bot called first: the class was not asked
])
def test_each_lessons_debrief_takes_its_activitys_edge_values(lesson, row):
    """What the lesson's text allows runs through the whole cell: a bound made stricter fails here."""
    lesson = named(lesson)
    source = debrief_cell(lesson)
    run(lesson, source.replace(first_row(source).group(1), row, 1))


@pytest.mark.slow                 # (runs the lesson's earlier cells first)
def test_lesson_01s_debrief_takes_lists_of_any_length_and_a_quarter_of_10():
    """Lesson 01: "type a sample of them, one list per situation"; its warm-up expects "a
    quarter of 10" as an answer, 2.5."""
    lesson = named("01")
    source = debrief_cell(lesson)
    assert '"A": [800,' in source and '"C": [10,' in source, "the example's lists have changed"
    run(lesson, source.replace('"A": [800,', '"A": [1000, 800,', 1).replace('"C": [10,', '"C": [2.5,', 1))


def test_columns_named_twice_and_a_check_giving_no_truth_value_are_named():
    with pytest.raises(ClassResultsError, match="the columns name 'a' twice"):
        class_table([(1, 2, 3)], ["a", "a", "b"])
    import numpy as np
    with pytest.raises(ClassResultsError, match="row 1"):
        class_table([(1, 2)], ["a", "b"], rules=[(lambda r: np.array([True, False]), "a and b agree")])
    with pytest.raises(ClassResultsError, match="row 1, a: .* is not a number"):
        class_table([(np.longdouble("inf"), 2)], ["a", "b"])
