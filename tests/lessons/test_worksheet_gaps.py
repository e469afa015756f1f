"""An exercise is not answered by what the worksheet prints (docs/lessons.md, "Exercises"): the
worksheet is printed and handed out at the start of the class, so a result that an exercise
needs only substitute into is shown by a ``teacher`` cell, with a gap on the worksheet. The
forms of such a result are listed under ``worksheet_gaps`` in the lesson's front matter and
refused anywhere on the worksheet, the Debrief included, by the lesson checks and the build."""

from __future__ import annotations

import json

import pytest

from bluffkit import lessons as L

from .conftest import FOLDERS, TINY, build_lessons, lesson_ids, write_tiny

#: The exercises a Debrief result answered by a substitution when the worksheet printed it:
#: lesson 04's rule v₀ > 2p (1c: the value above which to keep at a price of 140), lesson 06's
#: b(v) = v²/(2H) and E[b] = H/6 (1d, 1e), lesson 07's posterior P(lie | k) and its case for
#: the table's bots, P₀ / (P₀ + P₁) (1b and 1d evaluate the second for a game of five, 1e and 1f
#: the first for a bluffer), lesson 08's E[leader] = 2(1 − p) and the weighted
#: formulas (1c, 1e, 1f), lesson 03's standard deviations of the price for three bidders (129.1 and
#: 223.6, whose squares' ratio was 1c's answer: 1c now asks it for four bidders, 8/3), lesson 04's
#: "best score" max(p, v₀ − p) of its class table (the rule, one step away: keep when v₀ − p > p);
#: and those lessons 01, 03, 05 and 09 already leave as gaps (the
#: marginal value v(n + 1) + S, which 2a and 3a evaluate for new holdings; the equilibrium bid,
#: the count equilibrium and its revenue, the cost of k spaces). Each lesson lists them, so
#: that its worksheet is checked for them.
SUBSTITUTED = {"01-animal-worth": {"2a", "3a"}, "03-revenue-equivalence": {"1a", "1c"}, "04-first-refusal": {"1c"},
               "05-value-against-count": {"1d", "1e"}, "06-bluffing-with-zeros": {"1d", "1e"},
               "07-is-it-a-lie": {"1b", "1d", "1e", "1f"}, "08-deception-and-detection": {"1c", "1e", "1f"},
               "09-paying-to-move": {"1b"}}

#: The tiny lesson asking 1a, with 2 + 3 = 5 listed as what the worksheet must not print.
GAPPED = TINY.replace("  rulebook: [\"none\"]\n", "  rulebook: [\"none\"]\n  worksheet_gaps:\n    1a: [2 + 3 = 5]\n")


@pytest.mark.parametrize("folder", FOLDERS, ids=lesson_ids())
def test_no_worksheet_prints_what_an_exercise_substitutes_into(folder):
    lesson = L.read(folder)
    found = L.given_away(lesson)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name, ids", sorted(SUBSTITUTED.items()))
def test_the_lessons_list_the_results_their_exercises_substitute_into(name, ids):
    lesson = L.read(L.ROOT / name)
    assert ids <= set(lesson.meta.get(L.GAPS_KEY) or {}), f"{lesson.where()}: {L.GAPS_KEY} lacks {ids}"


def test_lesson_03s_exercise_1c_is_not_the_ratio_the_debriefs_table_prints():
    """Lesson 03's Debrief prints the price's standard deviation for three bidders, theory and
    simulation, on the worksheet (the risk the formats are compared by). Exercise 1c asked for the
    ratio of the variances for three bidders: (223.6 / 129.1)² = 3, read off the table. It asks for
    another number of bidders, so that the table is its check, not its answer."""
    from bluffkit.analysis import auction_theory as th

    lesson = L.read(L.ROOT / "03-revenue-equivalence")
    printed = th.revenue_variance(3, "second") / th.revenue_variance(3, "first")
    stated = {m.id: m.stated for m in L.markers(lesson)}["1c"]
    assert not stated.matches(printed), f"exercise 1c's answer {stated.text} is the three-bidder table's ratio"
    assert L.given_away(lesson) == []


def _with_output(folder, index: int, text: str):
    """Store ``text`` as what the code cell ``index`` of the tiny lesson's notebook printed."""
    path = L.source_of(folder).with_suffix(".ipynb")
    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["cells"][index]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": text}]
    path.write_text(json.dumps(nb), encoding="utf-8")


def test_a_listed_result_in_the_debrief_text_is_refused(tmp_path):
    folder = write_tiny(tmp_path / "lessons", GAPPED.replace("## Debrief\n\nDone.", "## Debrief\n\nSo 2 + 3  = 5."))
    found = L.given_away(L.read(folder))
    assert len(found) == 1 and "cell" in found[0] and "'2 + 3 = 5'," in found[0] and "exercise 1a" in found[0], found


def test_a_listed_result_printed_by_a_worksheet_cell_is_refused_by_the_build(tmp_path):
    folder = write_tiny(tmp_path / "lessons", GAPPED)
    code = next(i for i, c in enumerate(L.read(folder).nb.cells) if c.cell_type == "code")
    _with_output(folder, code, "2+3=5\n")
    found = L.given_away(L.read(folder))
    assert len(found) == 1 and "x = 2 + 3" in found[0], found
    assert "'2 + 3 = 5' in the output 01-tiny.ipynb stored" in found[0], "the message says where it is printed"
    with pytest.raises(build_lessons.BuildError, match="leaves exercise 1a only a substitution"):
        build_lessons.check(L.read(folder))


def test_a_listed_result_in_a_charts_title_is_refused_though_the_svg_escapes_it(tmp_path):
    """A chart's SVG (and an HTML table) stores "v0 > 2p" as ``v0 &gt; 2p``: a title that
    printed lesson 04's rule passed the check and the build."""
    folder = write_tiny(tmp_path / "lessons", GAPPED.replace("[2 + 3 = 5]", "[v0 > 2p]"))
    code = next(i for i, c in enumerate(L.read(folder).nb.cells) if c.cell_type == "code")
    path = L.source_of(folder).with_suffix(".ipynb")
    nb = json.loads(path.read_text(encoding="utf-8"))
    nb["cells"][code]["outputs"] = [{"output_type": "display_data", "metadata": {}, "data": {
        "image/svg+xml": '<svg><text aria-label="Title text \'keep when v0 &gt; 2p\'">keep when v0 &gt; 2p</text></svg>',
        "text/plain": "<VegaLite 5 object>"}}]
    path.write_text(json.dumps(nb), encoding="utf-8")
    found = L.given_away(L.read(folder))
    assert len(found) == 1 and "'v0 > 2p' in the output 01-tiny.ipynb stored" in found[0], found


def test_a_listed_result_in_a_teacher_cell_is_kept(tmp_path):
    text = GAPPED.replace("+++ {\"tags\": [\"teacher\"]}\n\nBecause.", "+++ {\"tags\": [\"teacher\"]}\n\n2 + 3 = 5.")
    assert text != GAPPED
    assert L.given_away(L.read(write_tiny(tmp_path / "lessons", text))) == []


@pytest.mark.parametrize("form, text, refused", [
    ("H/6", "E[b] = H / 6.", True), ("H/6", "with H/60 notes", False),
    ("2(1 − p)", "so 2(1 - p) points", True), ("2(1 − p)", "12(1 - p) in all", False),
    ("twice the price", "keep it at twice\n the  price", True), ("twice the price", "twice the prices", False),
])
def test_a_listed_form_is_found_as_a_whole_not_inside_a_longer_number_or_word(tmp_path, form, text, refused):
    """A form was found as any run of characters once white space was dropped: "H/6" in
    "H/60" and "2(1 − p)" in "12(1 - p)" were refused, though neither prints the result."""
    lesson = GAPPED.replace("[2 + 3 = 5]", f"['{form}']").replace("## Debrief\n\nDone.", f"## Debrief\n\n{text}")
    found = L.given_away(L.read(write_tiny(tmp_path / "lessons", lesson)))
    assert bool(found) == refused, found


@pytest.mark.parametrize("form, text", [
    ("v²/(2H)", "b(v) = v²/(2 H)"), ("H/6", "E[b] = H / 6"), ("(n − 1)/n v", "bid (n − 1)/nv"),
    ("2(1 − p)", "E = 2 (1 − p)"), ("twice the price", "twice the price"),
])
def test_a_listed_form_is_found_whatever_the_spaces_between_its_letters_and_digits(tmp_path, form, text):
    """White space was kept between two letters or digits, to tell words apart, and so a
    worksheet printing "v²/(2 H)" was not refused for the listed "v²/(2H)" (nor "(n − 1)/nv"
    for "(n − 1)/n v"): a space there changes nothing a student reads."""
    lesson = GAPPED.replace("[2 + 3 = 5]", f"['{form}']").replace("## Debrief\n\nDone.", f"## Debrief\n\n{text}.")
    assert L.given_away(L.read(write_tiny(tmp_path / "lessons", lesson)))


@pytest.mark.parametrize("gaps, said", [
    ("    9a: [x]\n", "names exercise 9a, which the lesson does not have"),
    ("    1a: x\n", "must map an exercise"),
    ("    1a: []\n", "must map an exercise"),
    ('    1a: ["\u200b"]\n', "must map an exercise"),       # a form a page does not show: it matches nothing
])
def test_a_malformed_list_of_gaps_is_refused(tmp_path, gaps, said):
    text = GAPPED.replace("    1a: [2 + 3 = 5]\n", gaps)
    found = L.given_away(L.read(write_tiny(tmp_path / "lessons", text)))
    assert any(said in p for p in found), found


def test_lesson_08s_exercise_cell_points_3c_at_the_model_its_answer_uses():
    """The model's expectations went to teacher cells, and the exercise cell named
    bluffer_theory for 3c; 3b's convincing author (w = 3) is bluffer_votes' weighted model,
    which answers.py computes 3c with: bluffer_theory has no weight."""
    lesson = L.read(L.ROOT / "08-deception-and-detection")
    cell = next(c.source for c in lesson.nb.cells if c.cell_type == "code" and "# Exercise 3" in c.source)
    assert "bv.weighted_expected" in cell and "bluffer_theory" not in cell, cell
    assert "bv.weighted_expected" in (lesson.folder / "answers.py").read_text(encoding="utf-8").split("def a3c")[1]


def test_lesson_04s_worksheet_does_not_draw_the_rules_line():
    """Lesson 04's worksheet drew the dashed line v₀ = 2p under "above the dashed line,
    keeping scores more": the printed rule in a picture, read off at a price of 140 for
    exercise 1c (280) and before the warm-up has found it. The teacher's copy draws it."""
    lesson = L.read(L.ROOT / "04-first-refusal")
    cells = L.read_notebook(lesson.notebook).cells
    dashed = ["".join(out.get("data", {}).get("image/svg+xml", "")) for c in cells if c.cell_type == "code"
              and not L.for_teacher_only(c) for out in c.get("outputs", [])]
    assert not [s for s in dashed if "stroke-dasharray" in s], "a worksheet chart draws a dashed line"
    shown = [c for c in cells if L.for_teacher_only(c) and "strokeDash" in c.source]
    assert shown and "stroke-dasharray" in "".join(o.get("data", {}).get("image/svg+xml", "")
                                                   for o in shown[0].get("outputs", []))


def test_lesson_07s_worksheet_does_not_say_how_the_bots_claim():
    """The teacher watches for the bots' habit in the activity (all their cards of the rank,
    one card when they must lie) and is told not to say it; the worksheet, in the students'
    hands from the start, said it in the Debrief twice and in exercise 1b. It is the likelihood
    (q = 0, l₁ = 1) that 1b and 1d substitute into: a teacher cell says it, the worksheet has
    gaps for it."""
    lesson = L.read(L.ROOT / "07-is-it-a-lie")
    said = [c.source for c in lesson.nb.cells if not L.for_teacher_only(c)
            and ("one card when they must lie" in c.source or "q = 0" in c.source)]
    assert not said, said
    assert any(L.for_teacher_only(c) and "q = 0" in c.source for c in lesson.nb.cells)


def _bots_posterior_calls(source: str) -> list[str]:
    """The calls in ``source`` that compute the table's bots' posterior or their claims:
    ``bb.p_lie`` with its default likelihood (no ``lie_prob``), ``bb.first_claims``."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            keywords = {k.arg for k in node.keywords}
            if node.func.attr == "p_lie" and "lie_prob" not in keywords or node.func.attr == "first_claims":
                found.append(ast.unparse(node))
    return found


def test_lesson_07s_debrief_on_the_worksheet_does_not_give_the_bots_habit_away():
    """The Activity asks the class to find how the table's bots claim (q = 0, a liar claims one
    card), and the Debrief leaves it as a gap; a few lines on, the worksheet printed it all the
    same: its table's "Bayes, these bots" column (0.000 for every claim of two or more cards),
    "Bayes says it is certainly true", "an *honest* bot" making the claims simulated, a
    simulation and its chart with 0.000 for two-card claims, and the class's example claims
    with their Bayes column. On the worksheet the bots' posterior is a gap the class fills; the
    teacher's cells print it."""
    lesson = L.read(L.ROOT / "07-is-it-a-lie")
    cells = L.read_notebook(lesson.notebook).cells
    debrief = set(L.section_cells(lesson, "Debrief"))
    sheet = [c for i, c in enumerate(cells) if i in debrief and not L.for_teacher_only(c)]
    words = ("honest", "certainly true", "never a lie", "Bayes, the table's bots")
    said = [(w, c.source[:80]) for c in sheet for w in words if w in L._shown_text(c)]
    assert not said, said
    computed = [call for c in sheet if c.cell_type == "code" for call in _bots_posterior_calls(c.source)]
    assert not computed, f"worksheet cells compute the bots' posterior or claims: {computed}"
    teacher = [call for i, c in enumerate(cells) if i in debrief and L.for_teacher_only(c) and c.cell_type == "code"
               for call in _bots_posterior_calls(c.source)]
    assert any("first_claims" in t for t in teacher) and any("p_lie" in t for t in teacher), \
        "the teacher's Debrief still shows the bots' posterior and the simulation"


def test_lesson_07s_worksheet_never_calls_the_bots_honest():
    """"Honest" is the name of the bots' habit (they lie only when they must, with one card),
    which the Activity asks the class to find: Exercise 2 asked "Against honest players, which
    claims does it call…" on the worksheet. The worksheet's words say "players who claim as the
    activity's bots did"; the solution names the habit."""
    lesson = L.read(L.ROOT / "07-is-it-a-lie")
    sheet = L.audience_cells(L.read_notebook(lesson.notebook), "worksheet")
    said = [L._shown_text(c)[:80] for c in sheet if "honest" in L._shown_text(c).lower()]
    assert not said, said
    teacher = [c for c in L.read_notebook(lesson.notebook).cells if L.for_teacher_only(c)]
    assert any("*honest* bot does (q = 0" in c.source for c in teacher), "the solution of Exercise 2 names the habit"


def test_lesson_07s_words_for_p_lie_name_only_what_the_worksheet_defines():
    """"by default it is the table's bots' (the q and l₁ above)": on the worksheet no l₁ was
    above, only "a liar claims ______ card(s)"; the gap now asks for l₁, l₂ and l₃."""
    lesson = L.read(L.ROOT / "07-is-it-a-lie")
    sheet = "\n".join(c.source for c in L.audience_cells(lesson.nb, "worksheet") if c.cell_type == "markdown")
    assert "the q and l₁ above" not in sheet
    gap = sheet.split("`bb.p_lie(k, j, N, n)` is this posterior")[0]
    for name in ("q = ______", "l₁ = ______", "l₂ = ______", "l₃ = ______"):
        assert name in gap, f"the worksheet's gap does not define {name.split()[0]} before it is used"


@pytest.mark.parametrize("form, text, refused", [
    ("2(1 − p)", "so 2(1 – p) points", True),             # an en dash for the minus
    ("2(1 − p)", "so 2(1 ‐ p) points", True),             # a hyphen (U+2010)
    ("2(1 − p)", "so 2(1 \u2011 p) points", True),        # a non-breaking hyphen
    ("2(1 – p)", "so 2(1 - p) points", True),             # the form written with an en dash
    ("2(1 ‐ p)", "so 2(1 − p) points", True),
    ("2(1 − p)", "so 2(1 \u2014 p) points", True),        # an em dash
    ("v²/(2H)", "b(v) = v²/(2\u200bH)", True),            # a zero-width space
    ("H/6", "E[b] = H/\u2060\u200b6", True),              # a word joiner and a zero-width space
    ("twice the price", "twice\u00a0the price", True),    # a no-break space
    ("twice the price", "twice&nbsp;the&#8203; price", True),
    ("H/6", "E[b] = H\u00a0/\u00a06", True),
    ("H/6", "E[b] = H/6.5", False),                       # a longer number
    ("H/6", "E[b] = H/6.25 notes", False),
    ("H/6", "E[b] = H/6. 5 players", True),               # the end of a sentence, then a number
    ("H/6", "E[b] = H/6.", True),
    ("0.5", "a share of 10.5", False),
    ("5", "a share of 0.5", False),
    ("5", "they bid 5.", True),
])
def test_a_listed_form_is_found_whatever_its_minus_or_invisible_spaces_not_in_a_longer_number(tmp_path, form, text,
                                                                                                refused):
    """A worksheet printing "2(1 – p)" (an en dash) or "2(1 ‐ p)" (a hyphen) passed for the
    listed "2(1 − p)": only − was read as -; a zero-width space inside a form hid it; and
    "H/6" was refused in "H/6.5", another number (a form followed by a decimal point and
    digits, or following a number and a decimal point, is part of a longer number)."""
    lesson = GAPPED.replace("[2 + 3 = 5]", f"['{form}']").replace("## Debrief\n\nDone.", f"## Debrief\n\n{text}")
    found = L.given_away(L.read(write_tiny(tmp_path / "lessons", lesson)))
    assert bool(found) == refused, found
