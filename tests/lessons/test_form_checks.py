"""What the form's checks refuse on a lesson, and where they say it is: the lesson folders
found, the place named in a message (file and cell, counted from 1), the front matter, the
title, the timing table, the sections, the tags and the NN-slug.md / NN-slug.ipynb pair."""

from __future__ import annotations

import pytest

from bluffkit import lessons as L

from .conftest import FOLDERS, TINY, problems_of as paired_problems_of, write_tiny


def problems_of(tmp_path, text):
    """The form's problems of the lesson alone (no notebook beside it: none of these is the pair's)."""
    return paired_problems_of(tmp_path, text, pair=False)


def test_lesson_folders_are_the_numbered_ones_holding_a_lesson_in_order(tmp_path):
    for name, md in (("02-b", True), ("01-a", True), ("notes", True), ("03-c", False), ("04-Upper", True)):
        (tmp_path / name).mkdir()
        if md:
            (L.source_of(tmp_path / name)).write_text("# x\n", encoding="utf-8")
    (tmp_path / "05-file").write_text("not a folder", encoding="utf-8")
    assert [p.name for p in L.lesson_folders(tmp_path)] == ["01-a", "02-b"]
    assert L.lesson_folders(tmp_path / "none") == [], "no lessons folder: no lessons"


def test_a_lesson_folder_copied_under_a_new_name_is_refused_naming_the_file_it_wants(tmp_path):
    """A lesson's two files are named after its folder, so that JupyterLab's tabs tell the
    lessons apart; a folder copied as a template keeps the old names, and a lesson left out
    without a word would build and test nothing of it."""
    import shutil
    shutil.copytree(write_tiny(tmp_path / "lessons"), tmp_path / "lessons" / "02-copy")
    assert [p.name for p in L.lesson_folders(tmp_path / "lessons")] == ["01-tiny", "02-copy"]
    with pytest.raises(L.LessonError, match=r"02-copy: no 02-copy\.md \(a lesson's files are named after its "
                                            r"folder; found 01-tiny\.md\)"):
        L.read(tmp_path / "lessons" / "02-copy")


def test_a_place_is_the_lessons_file_and_its_cell_counted_from_one():
    lesson = L.read(FOLDERS[0])
    assert lesson.where() == f"lessons/{lesson.name}/{lesson.name}.md"
    title = lesson.nb.cells[0].source.strip().splitlines()[0]
    assert lesson.where(0) == f'lessons/{lesson.name}/{lesson.name}.md, cell 1 ("{title[:50]}")'


def test_a_folder_without_its_md_is_refused_naming_it(tmp_path):
    (tmp_path / "07-empty").mkdir()
    with pytest.raises(L.LessonError, match=r"07-empty: no 07-empty\.md$"):
        L.read(tmp_path / "07-empty")


def test_front_matter_without_its_bluffkit_mapping(tmp_path):
    text = TINY.split("jupytext:\n", 1)
    lesson = L.read(write_tiny(tmp_path / "lessons", "---\njupytext:\n" + text[1], pair=False))
    assert lesson.meta == {}
    assert any("no 'bluffkit:' mapping" in p for p in L.problems(lesson))


def test_an_unknown_audience_is_refused():
    lesson = L.read(FOLDERS[0])
    with pytest.raises(ValueError, match="audience must be 'teacher' or 'worksheet', got 'students'"):
        L.audience_cells(lesson.nb, "students")


def test_a_heading_in_a_fenced_block_starts_no_section(tmp_path):
    text = TINY.replace("Numbers.\n", "Numbers.\n\n```text\n## Not a heading\n```\n")
    lesson = L.read(write_tiny(tmp_path / "lessons", text, pair=False))
    assert "Not a heading" not in L.sections(lesson.nb)
    assert list(L.sections(lesson.nb))[1:] == list(L.SECTIONS)


def test_an_untagged_cell_under_a_lowercase_solutions_heading(tmp_path):
    """The headings are compared without case, so '## solutions' passes for the section: its
    cells must still all be tagged, or the answers are printed on the worksheet."""
    text = TINY.replace("## Solutions", "## solutions") + "\n+++\n\nMore working, untagged.\n"
    found = problems_of(tmp_path, text)
    assert len(found) == 1 and "Solutions section must be tagged 'solution'" in found[0], found


def test_a_timing_table_without_a_minutes_column(tmp_path):
    found = problems_of(tmp_path, TINY.replace("| Step | Minutes |", "| Step | Time |"))
    assert any("the timing table has no column headed 'minutes'" in p for p in found), found


def test_a_timing_table_with_its_minutes_first_and_a_total_row(tmp_path):
    text = TINY.replace("| Step | Minutes |\n| --- | --- |\n| Everything | 45 |\n| **Total** | **45** |",
                        "| Minutes | Step |\n| --- | --- |\n| 45 | Everything |\n| **Total** | |")
    assert text != TINY
    assert problems_of(tmp_path, text) == []


def test_a_timing_section_without_a_table(tmp_path):
    text = TINY.replace("| Step | Minutes |\n| --- | --- |\n| Everything | 45 |\n| **Total** | **45** |",
                        "Everything: 45 minutes.")
    found = problems_of(tmp_path, text)
    assert any("the Timing section has no table" in p for p in found), found


@pytest.mark.parametrize("table", ["| Step | Minutes |\n| --- | --- |", "| Step | Minutes |",
                                   "| Step | Minutes |\n| --- | --- |\n| **Total** | **45** |"])
def test_a_timing_table_of_a_header_alone_is_said_to_have_no_rows(tmp_path, table):
    """A timing table of its header alone (the rows not yet written, or lost) was refused
    as "the Timing section has no table", naming no cell, and one of a header and a total
    row as summing "to 0 minutes, not 45 ()". Both are said to have no steps, in their cell."""
    text = TINY.replace("| Step | Minutes |\n| --- | --- |\n| Everything | 45 |\n| **Total** | **45** |", table)
    assert text != TINY
    found = problems_of(tmp_path, text)
    assert any(", cell " in p and "the timing table has no rows of steps (| what | minutes |)" in p
               for p in found), found
    assert not any("has no table" in p or "sums to" in p for p in found), found


def test_exercise_numbers_come_from_every_exercise_line_and_every_answer(tmp_path):
    text = TINY.replace("**1.** What is 2 + 3?", "**1.** What is 2 + 3?\n\n**2.** Why?\n\n**3.** And?")
    text = text.replace("**Answer 1a: 5**", "**Answer 1a: 5**\n\n**Answer 12b: 7**")
    assert L.exercise_numbers(L.read(write_tiny(tmp_path / "lessons", text, pair=False))) == [1, 2, 3, 12]


@pytest.mark.parametrize("old, new, said", [
    ('  summary: "A lesson of one exercise"\n', '  summary: |\n    A lesson\n    of one exercise\n',
     "the summary must be one line"),
    ('  objectives: ["add"]\n', '  objectives: "add"\n', "front matter objectives must be a list of strings"),
    ("  formats: ipynb,md:myst\n", "  formats: md:myst\n", "the jupytext header must pair it"),
    ('  summary: "A lesson of one exercise"\n', '  summary: ""\n', "front matter 'bluffkit:' lacks summary"),
    ("  notebook_metadata_filter: bluffkit\n", "  notebook_metadata_filter: -bluffkit\n",
     "the jupytext header must say notebook_metadata_filter: bluffkit"),
    ("| Everything | 45 |", "| Everything | 45 min |", "minutes '45 min' is not a whole number"),
    ("# Tiny\n\n", "", "the first cell must be the lesson's title, a '# ' heading"),
    ("**Answer 1a: 5**", "Five.", "no stated answer"),
    ("Because.\n\n+++\n\n## Exercises", "Because.\n\n## Exercises",
     "this 'teacher' cell holds the heading '## Exercises'"),
    ("```{code-cell} ipython3\nx = 2 + 3\n```", "```{code-cell} ipython3\n:tags: [teacher, solution]\n\nx = 2 + 3\n```",
     "tag a cell 'teacher' or 'solution', not both"),
])
def test_the_form_refuses(tmp_path, old, new, said):
    assert old in TINY
    found = problems_of(tmp_path, TINY.replace(old, new))
    assert any(said in p for p in found), found


def test_a_tag_in_capitals_is_answered_with_the_tag_meant(tmp_path):
    found = problems_of(tmp_path, TINY.replace('+++ {"tags": ["teacher"]}', '+++ {"tags": ["TEACHER"]}'))
    assert any("unknown tag 'TEACHER' (did you mean 'teacher'?)" in p for p in found), found


@pytest.mark.parametrize("first, second", [("x = 2 + 3", ":tags: [teacher]\n\nx = 7"),
                                           (":tags: [teacher]\n\nx = 7", "x = 2 + 3")])
def test_a_name_a_worksheet_cell_defines_stays_the_worksheets(tmp_path, first, second):
    """A name a worksheet cell sets stays defined on the worksheet, whether a teacher's cell
    set it too before or after: a later worksheet cell reading it is no gap."""
    text = TINY.replace("```{code-cell} ipython3\nx = 2 + 3\n```",
                        f"```{{code-cell}} ipython3\n{first}\n```\n\n```{{code-cell}} ipython3\n{second}\n```\n\n"
                        "```{code-cell} ipython3\ny = x + 1\n```")
    lesson = L.read(write_tiny(tmp_path / "lessons", text, pair=False))
    assert [len(L.tags(c)) for c in lesson.nb.cells if c.cell_type == "code"] in ([0, 1, 0], [1, 0, 0])
    assert L.worksheet_gaps(lesson) == []


def test_a_lesson_without_its_notebook(tmp_path):
    found = L.pair_differences(L.read(write_tiny(tmp_path / "lessons", pair=False)))
    assert len(found) == 1 and "01-tiny.ipynb: missing; create it with jupytext --sync" in found[0], found


def test_a_pair_whose_front_matter_or_cell_count_differs(tmp_path):
    folder = write_tiny(tmp_path / "lessons")
    md = L.source_of(folder)
    md.write_text(TINY.replace('title: "Tiny"', 'title: "Tiny, renamed"'), encoding="utf-8")
    found = L.pair_differences(L.read(folder))
    assert any("01-tiny.ipynb: its bluffkit front matter differs from 01-tiny.md" in p for p in found), found
    md.write_text(TINY + "\n+++ {\"tags\": [\"solution\"]}\n\nOne more.\n", encoding="utf-8")
    n = len(L.read(folder).nb.cells)
    found = L.pair_differences(L.read(folder))
    assert any(f"has {n} cells, 01-tiny.ipynb {n - 1}" in p for p in found), found


def test_a_panel_shown_by_the_first_cell_without_its_state_is_missing():
    import nbformat
    cell = nbformat.v4.new_code_cell("panel", outputs=[nbformat.v4.new_output(
        "display_data", data={L.WIDGET_VIEW: {"model_id": "ab12", "version_major": 2, "version_minor": 0}})])
    nb = nbformat.v4.new_notebook(cells=[cell])
    assert L.missing_widget_state(nb) == ["ab12"]
    nb.metadata["widgets"] = {L.WIDGET_STATE: {"state": {"ab12": {"state": {"children": ["IPY_MODEL_cd34"]}}}}}
    assert L.missing_widget_state(nb) == ["cd34"]


def test_a_notebook_cut_short_is_refused_naming_it(tmp_path):
    path = tmp_path / "01-tiny.ipynb"
    path.write_text('{"cells": [', encoding="utf-8")
    with pytest.raises(L.LessonError, match=r"01-tiny\.ipynb: not a readable notebook .*jupytext --sync"):
        L.read_notebook(path)


def test_an_untagged_solutions_heading_cell_is_refused_naming_it(tmp_path):
    """The cell opening the Solutions section is one of its cells: untagged, it would print
    the heading and the answers under it on the worksheet."""
    text = TINY.replace('+++ {"tags": ["solution"]}\n\n## Solutions', "+++\n\n## Solutions")
    found = problems_of(tmp_path, text)
    assert any('("## Solutions"): every cell of the Solutions section must be tagged' in p for p in found), found


def test_a_one_line_summary_written_as_a_block_is_one_line(tmp_path):
    """YAML's block scalar ends the summary with a newline; it is still one line."""
    text = TINY.replace('  summary: "A lesson of one exercise"\n', "  summary: |\n    A lesson of one exercise\n")
    assert text != TINY
    assert problems_of(tmp_path, text) == []


def test_an_exercise_numbered_past_nine_is_an_exercise(tmp_path):
    text = TINY.replace("**1.** What is 2 + 3?", "**1.** What is 2 + 3?\n\n**10.** And 5 + 5?")
    assert L.exercise_numbers(L.read(write_tiny(tmp_path / "lessons", text, pair=False))) == [1, 10]


def test_a_panel_shown_twice_is_named_once_and_models_that_refer_to_each_other_end():
    import nbformat
    shown = {L.WIDGET_VIEW: {"model_id": "ab12", "version_major": 2, "version_minor": 0}}
    cells = [nbformat.v4.new_code_cell("panel", outputs=[nbformat.v4.new_output("display_data", data=shown)])
             for _ in range(2)]
    nb = nbformat.v4.new_notebook(cells=cells)
    assert L.missing_widget_state(nb) == ["ab12"]
    nb.metadata["widgets"] = {L.WIDGET_STATE: {"state": {
        "ab12": {"state": {"children": ["IPY_MODEL_cd34"]}},
        "cd34": {"state": {"source": "IPY_MODEL_ab12", "target": "IPY_MODEL_ef56"}}}}}
    assert L.missing_widget_state(nb) == ["ef56"]


def test_a_pair_differing_in_a_cells_metadata_alone(tmp_path):
    """Sources and tags agree, but the notebook's code cell is locked: jupytext's own
    comparison says so."""
    import nbformat
    folder = write_tiny(tmp_path / "lessons")
    nb = nbformat.read(L.source_of(folder).with_suffix(".ipynb"), as_version=4)
    next(c for c in nb.cells if c.cell_type == "code").metadata["editable"] = False
    nbformat.write(nb, L.source_of(folder).with_suffix(".ipynb"))
    found = L.pair_differences(L.read(folder))
    assert len(found) == 1 and "jupytext finds 01-tiny.ipynb different" in found[0], found


def test_an_empty_cell_is_named_by_its_number(tmp_path):
    """An empty untagged code cell under Solutions is refused naming its number (it has no
    first line to quote), not with a traceback."""
    text = TINY + "\n```{code-cell} ipython3\n\n```\n"
    lesson = L.read(write_tiny(tmp_path / "lessons", text, pair=False))
    n = len(lesson.nb.cells)
    assert lesson.nb.cells[-1].source.strip() == ""
    found = L.problems(lesson)
    assert any(f'cell {n} (""): every cell of the Solutions section must be tagged' in p for p in found), found


def test_a_lesson_jupytext_cannot_read_is_refused_naming_it(tmp_path):
    folder = write_tiny(tmp_path / "lessons", TINY.replace('  title: "Tiny"', "  title: [Tiny"), pair=False)
    with pytest.raises(L.LessonError, match=r"01-tiny/01-tiny\.md: jupytext cannot read it as MyST markdown"):
        L.read(folder)


def test_a_timing_column_headed_min_is_the_minutes(tmp_path):
    text = TINY.replace("| Step | Minutes |", "| Step | Time (min) |")
    assert text != TINY
    assert problems_of(tmp_path, text) == []


def test_a_solutions_heading_with_trailing_spaces_still_has_its_cells_checked(tmp_path):
    text = TINY.replace("## Solutions", "## Solutions  ") + "\n+++\n\nMore working, untagged.\n"
    found = problems_of(tmp_path, text)
    assert any("Solutions section must be tagged 'solution'" in p for p in found), found


def test_a_timing_row_with_no_minutes_is_refused_naming_it(tmp_path):
    """A step whose minutes cell is empty was left out of the sum without a word; only the
    total row may leave its minutes empty."""
    text = TINY.replace("| Everything | 45 |", "| Everything | 45 |\n| Questions |  |")
    assert text != TINY
    found = problems_of(tmp_path, text)
    assert any("timing row '| Questions |  |' has no minutes" in p for p in found), found


def test_a_header_holding_min_inside_a_word_is_not_the_minutes_column(tmp_path):
    """'Admin' is no minutes column: the minutes are read from the column headed 'Minutes'."""
    text = TINY.replace("| Step | Minutes |\n| --- | --- |\n| Everything | 45 |\n| **Total** | **45** |",
                        "| Admin | Minutes |\n| --- | --- |\n| 3 | 45 |\n| **Total** | **45** |")
    assert text != TINY
    lesson = L.read(write_tiny(tmp_path / "lessons", text, pair=False))
    assert L.timing_rows(lesson) == [("3", 45)]
    assert L.problems(lesson) == []
