"""Every stated answer of every lesson is recomputed from bluffkit by its answers.py.

A lesson states an answer in a solution cell as ``**Answer 1a: 350**`` (docs/lessons.md);
``lessons/NN-slug/answers.py`` has ``ANSWERS = {"1a": fn, ...}``. Each marker must have a
function, each function a marker, and the function's value must equal the stated one
(exact for integers and fractions, 1e-9 relative for decimals, within ± when stated).
"""

from __future__ import annotations

import re
import sys

import pytest

from bluffkit import lessons as L

from .conftest import ANSWERS, FOLDERS, TINY, lesson_ids, write_tiny


@pytest.mark.slow
@pytest.mark.parametrize("folder", FOLDERS, ids=lesson_ids())
def test_every_stated_answer_is_recomputed(folder):
    lesson = L.read(folder)
    stated = L.markers(lesson)
    assert stated, f"{lesson.where()}: no **Answer ...** marker"
    problems = L.check_answers(lesson)
    assert not problems, "\n".join(problems)


def test_there_are_lessons():
    assert len(FOLDERS) >= 1, "lessons/ holds no lesson folder (NN-slug/NN-slug.md)"


def test_the_tiny_lesson_passes(tiny):
    lesson = L.read(tiny)
    assert L.problems(lesson) == []
    assert L.check_answers(lesson) == []


def test_a_wrong_stated_answer_is_caught(tmp_path):
    folder = write_tiny(tmp_path / "lessons", TINY.replace("**Answer 1a: 5**", "**Answer 1a: 6**"))
    problems = L.check_answers(L.read(folder))
    assert len(problems) == 1
    assert "Answer 1a states 6" in problems[0] and "recomputes 5" in problems[0], problems
    assert ".md, cell" in problems[0], "the message names the file and the cell"


def test_a_marker_without_function_and_a_function_without_marker(tmp_path):
    answers = ANSWERS.replace('ANSWERS = {"1a": a1a}', 'ANSWERS = {"1b": a1a}')
    problems = L.check_answers(L.read(write_tiny(tmp_path / "lessons", answers=answers)))
    assert any("Answer 1a has no function" in p for p in problems), problems
    assert any("ANSWERS['1b'] has no '**Answer 1b" in p for p in problems), problems


def test_an_answer_function_that_raises_is_reported(tmp_path):
    answers = ANSWERS.replace("return 2 + 3", "return 1 / 0")
    problems = L.check_answers(L.read(write_tiny(tmp_path / "lessons", answers=answers)))
    assert len(problems) == 1 and "ZeroDivisionError" in problems[0]


@pytest.mark.parametrize("text, good, bad", [
    ("350", 350, 351),
    ("1,640", 1640, 1640.5),
    ("-10", -10, 10),
    ("2/3", L.Fraction(2, 3), 0.6667),
    ("250/3", __import__("sympy").Rational(250, 3), 83.33),
    ("12.5%", 0.125, 12.5),
    ("0.5", 0.5 + 1e-12, 0.5001),
    ("0.62 ± 0.03", 0.65, 0.6501),
    ("0.62 +/- 0.03", 0.59, 0.5899),
])
def test_stated_values(text, good, bad):
    stated = L.parse_value(text)
    assert stated.matches(good), f"{text} should match {good!r}"
    assert not stated.matches(bad), f"{text} should not match {bad!r}"


@pytest.mark.parametrize("text", ["about 5", "5 points", "1/0", "", "1.2.3"])
def test_a_marker_that_is_not_a_number_is_refused(text):
    with pytest.raises(ValueError, match="not a number"):
        L.parse_value(text)


def test_numpy_and_sympy_results_are_numbers():
    import numpy as np
    import sympy as sp

    assert L.parse_value("3").matches(np.int64(3))
    assert L.parse_value("0.25").matches(np.float64(0.25))
    assert L.parse_value("1/3").matches(sp.Rational(1, 3))
    with pytest.raises(TypeError):
        L.as_number(sp.Symbol("n"))
    with pytest.raises(TypeError):
        L.as_number(True)


def test_answers_may_define_dataclasses(tmp_path):
    answers = ("from __future__ import annotations\nfrom dataclasses import dataclass\n\n\n"
               "@dataclass\nclass Sum:\n    a: int\n    b: int\n\n\n"
               "def a1a():\n    s = Sum(2, 3)\n    return s.a + s.b\n\n\nANSWERS = {\"1a\": a1a}\n")
    assert L.check_answers(L.read(write_tiny(tmp_path / "lessons", answers=answers))) == []


def test_a_float_is_checked_relative_to_the_stated_value():
    """1e-9 relative, not absolute: a tiny stated value is not matched by another tiny value,
    and a large one is matched by its float with a last-digit error."""
    # stated 5e-12, computed 1e-12: they differ by 4e-12, 80 % of the stated value
    assert not L.parse_value("0.000000000005").matches(1e-12)
    # 123456789.5 as a float is off by about 1e-7: a relative error near 1e-15
    assert L.parse_value("123456789.5").matches(123456789.5000001)


def test_a_negative_tolerance_is_refused():
    with pytest.raises(ValueError, match="must not be negative"):
        L.parse_value("0.62 ± -0.03")


@pytest.mark.parametrize("text", ["−12.5", "−12.5 ± 0.5", "−25/2"])
def test_the_unicode_minus_sign_is_a_minus(text):
    """A lesson typed with the minus sign − (U+2212), as the lessons' prose writes it."""
    stated = L.parse_value(text)
    assert stated.value == L.Fraction(-25, 2)
    assert stated.matches(-12.5) and not stated.matches(12.5)


@pytest.mark.parametrize("text", ["62% ± 3", "62% +/- 3", "62% ± 0.03"])
def test_a_percentage_with_a_bare_tolerance_is_refused(text):
    """``62% ± 3`` would read 0.62 ± 3 (300 percentage points), so that any answer from
    -2.38 to 3.62, 10 % among them, were marked right: the tolerance must be a percentage too."""
    with pytest.raises(ValueError, match="62% ± 3%"):
        L.parse_value(text)


def test_a_percentage_with_a_negative_or_zero_bare_tolerance():
    """A negative tolerance is refused as such (not for its missing %); a bare 0 is no
    different from 0% and is taken."""
    with pytest.raises(ValueError, match="must not be negative"):
        L.parse_value("62% ± -3")
    stated = L.parse_value("62% ± 0")
    assert stated.tolerance == 0 and stated.matches(0.62) and not stated.matches(0.63)


def test_a_percentage_with_a_percentage_tolerance():
    stated = L.parse_value("62% ± 3%")
    assert (stated.value, stated.tolerance) == (L.Fraction(62, 100), L.Fraction(3, 100))
    assert stated.matches(0.6401) and stated.matches(0.59)
    assert not stated.matches(0.66) and not stated.matches(0.10)


def test_a_lesson_stating_a_percentage_with_a_bare_tolerance(tmp_path):
    folder = write_tiny(tmp_path / "lessons", TINY.replace("**Answer 1a: 5**", "**Answer 1a: 62% ± 3**"))
    found = L.problems(L.read(folder))
    assert any("Answer 1a" in p and "62% ± 3%" in p and ".md, cell" in p for p in found), found


def test_a_numpy_result_is_read_as_the_number_it_holds():
    """A numpy integer is exact (a Fraction, as an int is); a numpy truth value is refused
    as True is, not taken for the answer 1."""
    import numpy as np

    got = L.as_number(np.int64(3))
    assert isinstance(got, L.Fraction) and got == 3
    with pytest.raises(TypeError, match="truth value"):
        L.as_number(np.bool_(True))
    with pytest.raises(TypeError, match="truth value"):
        L.parse_value("1").matches(np.bool_(True))


def test_a_complex_or_decimal_result():
    """A complex sympy number is refused in the answers' own words; a Decimal is a float
    result, checked to 1e-9 relative like any other."""
    from decimal import Decimal

    import sympy as sp

    with pytest.raises(TypeError, match="an answer must be a number, got the expression"):
        L.as_number(1 + 2 * sp.I)
    assert L.as_number(Decimal("0.5")) == 0.5 and isinstance(L.as_number(Decimal("0.5")), float)
    assert L.parse_value("1/3").matches(Decimal("0.3333333333333333"))


@pytest.mark.parametrize("text", ["1,64", "12,5%", "1,6400"])
def test_a_comma_that_does_not_group_thousands_is_refused(text):
    """1,640 is one thousand six hundred and forty; 1,64 (a decimal comma) is no number of
    the form, not 164."""
    with pytest.raises(ValueError, match="not a number"):
        L.parse_value(text)


@pytest.mark.parametrize("answers, said", [
    (ANSWERS.replace('{"1a": a1a}', '{"1a": 5}'), "ANSWERS must be a dict of exercise ids to functions"),
    (None, "answers.py: missing (ANSWERS = {'1a': fn"),
])
def test_answers_that_are_not_functions_or_no_answers_file(tmp_path, answers, said):
    folder = write_tiny(tmp_path / "lessons", answers=answers or ANSWERS)
    if answers is None:
        (folder / "answers.py").unlink()
    with pytest.raises(L.LessonError, match=re.escape(said)):
        L.check_answers(L.read(folder))


def test_every_unmarked_function_and_every_failing_answer_is_reported(tmp_path):
    text = TINY.replace("**Answer 1a: 5**", "**Answer 1a: 5**\n\n**Answer 1b: 6**")
    answers = ("def a1a():\n    return 1 / 0\n\n\ndef a1b():\n    return {}['n']\n\n\n"
               "ANSWERS = {'1a': a1a, '1b': a1b, '2a': a1a, '2b': a1b}\n")
    found = L.check_answers(L.read(write_tiny(tmp_path / "lessons", text, answers=answers)))
    assert any("ANSWERS['2a'] has no" in p for p in found), found
    assert any("ANSWERS['2b'] has no" in p for p in found), found
    assert any("Answer 1a: answers.py raised ZeroDivisionError" in p for p in found), found
    assert any("Answer 1b: answers.py raised KeyError" in p for p in found), found
    assert len(found) == 4, found


def test_an_answers_file_failing_on_load_is_named_at_its_own_line(tmp_path):
    """The error is raised inside the json module, but the line named is the answers file's
    (line 3, where it calls json), and the half-loaded module is not kept."""
    answers = "import json\n\nDATA = json.loads('{')\n\nANSWERS = {}\n"
    lesson = L.read(write_tiny(tmp_path / "lessons", answers=answers))
    with pytest.raises(L.LessonError, match=r"answers\.py, line 3: answers\.py cannot be loaded: JSONDecodeError"):
        L.load_answers(lesson)
    assert not any(name.startswith("bluffkit_lesson_01_tiny") for name in sys.modules)
