"""Every relative link in README, the docs and the lessons leads to a file of the project
(a link to a page that was renamed or never written is a dead end for a reader)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from paths import REPO

LINK = re.compile(r"\]\(([^)\s]+)\)")
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md")), *sorted((REPO / "lessons").glob("*/lesson.md"))]


def dead_links(page: Path) -> list[str]:
    """The relative links of ``page`` whose file is not there (web addresses and places on
    the same page are not checked)."""
    dead = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        if not (page.parent / target.split("#", 1)[0]).exists():
            dead.append(target)
    return dead


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(REPO)) for p in PAGES])
def test_every_relative_link_leads_to_a_file(page):
    assert not dead_links(page), f"{page.relative_to(REPO)} links to what is not there: {dead_links(page)}"


def test_the_check_finds_a_dead_link(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("[here](here.md), [there](missing.md#a), [web](https://example.org), [top](#top)")
    (tmp_path / "here.md").write_text("")
    assert dead_links(page) == ["missing.md#a"]
