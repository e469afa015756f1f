"""A lesson's pages are a site of their own (docs/lessons.md, "How the site is built"): a link from
a lesson to a file outside lessons/ (../../docs/...) is a dead link on the worksheet a student holds.
Such a source is cited in plain text, as the rulebooks are."""

from __future__ import annotations

import re

import pytest

from bluffkit import lessons as L

LINK = re.compile(r"\]\((\.\./[^)]*)\)")


@pytest.mark.parametrize("lesson", sorted(p.name for p in L.ROOT.glob("[0-9][0-9]-*")))
def test_no_link_leaves_the_lessons_folder(lesson):
    text = (L.source_of(L.ROOT / lesson)).read_text()
    assert LINK.findall(text) == [], f"{lesson}/{lesson}.md links outside lessons/: cite it in plain text"
