"""Fixtures for the lesson tests: the lessons of the project, and a tiny well-formed
lesson written into a temporary folder (to show that a malformed one is caught)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from bluffkit import lessons as L

FOLDERS = L.lesson_folders()


def _build_lessons():
    """``scripts/build_lessons.py`` as a module (a script, not a package), loaded once."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("build_lessons",
                                                  Path(__file__).resolve().parents[2] / "scripts" / "build_lessons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_lessons = _build_lessons()

TINY = '''\
---
bluffkit:
  title: "Tiny"
  summary: "A lesson of one exercise"
  minutes: 45
  game: none
  objectives: ["add"]
  prerequisites: ["none"]
  rulebook: ["none"]
jupytext:
  formats: ipynb,md:myst
  notebook_metadata_filter: bluffkit
  text_representation:
    extension: .md
    format_name: myst
    format_version: 0.13
    jupytext_version: 1.19.6
kernelspec:
  display_name: Python 3 (ipykernel)
  language: python
  name: python3
---

# Tiny

## Objectives and prerequisites

Add two numbers.

## Timing

| Step | Minutes |
| --- | --- |
| Everything | 45 |
| **Total** | **45** |

## Background

Numbers.

## Activity

Add.

```{code-cell} ipython3
x = 2 + 3
```

## Debrief

Done.

## Discussion questions

1. Why?

+++ {"tags": ["teacher"]}

Because.

+++

## Exercises

**1.** What is 2 + 3?

+++ {"tags": ["solution"]}

## Solutions

**Answer 1a: 5**
'''

ANSWERS = '''\
def a1a():
    return 2 + 3


ANSWERS = {"1a": a1a}
'''


def write_tiny(root: Path, text: str = TINY, answers: str = ANSWERS, pair: bool = True) -> Path:
    """Write the tiny lesson (or a variant of its text) as root/01-tiny, paired if ``pair``."""
    import jupytext

    folder = root / "01-tiny"
    folder.mkdir(parents=True, exist_ok=True)
    (L.source_of(folder)).write_text(textwrap.dedent(text), encoding="utf-8")
    (folder / "answers.py").write_text(answers, encoding="utf-8")
    if pair:
        jupytext.write(jupytext.read(L.source_of(folder)), L.source_of(folder).with_suffix(".ipynb"))
    return folder


def problems_of(tmp_path: Path, text: str, pair: bool = True) -> list[str]:
    """What the form's checks say of the tiny lesson written as ``text`` (with its notebook
    beside it when ``pair``)."""
    return L.problems(L.read(write_tiny(tmp_path / "lessons", text, pair=pair)))


@pytest.fixture
def tiny(tmp_path) -> Path:
    return write_tiny(tmp_path / "lessons")


def lesson_ids():
    return [f.name for f in FOLDERS]
