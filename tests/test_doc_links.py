"""Every relative link in README, the docs and the lessons leads to a file of the project
(a link to a page that was renamed or never written is a dead end for a reader)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from paths import REPO

LINK = re.compile(r"\]\(([^)\s]+)\)")
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md")), *sorted(p for p in (REPO / "lessons").glob("*/*.md") if p.stem == p.parent.name)]


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


# `make lab` serves a copy of these (scripts/lab_workspace.sh): a page opened there can follow
# only the links whose file is in the copy.
LAB_COPY = re.compile(r"^for folder in (.+); do$", re.M)
LAB_PAGES = [*PAGES, REPO / "lessons" / "README.md", *sorted((REPO / "notebooks").glob("*.md"))]


def lab_copied() -> list[str]:
    found = LAB_COPY.search((REPO / "scripts" / "lab_workspace.sh").read_text(encoding="utf-8"))
    assert found, "scripts/lab_workspace.sh no longer says which folders it copies"
    return found.group(1).split()


def links_out_of_the_lab(page: Path, copied: list[str]) -> list[str]:
    """The relative links of ``page`` whose file is not in ``make lab``'s copy of the project."""
    out = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        rel = (page.parent / target.split("#", 1)[0]).resolve().relative_to(REPO.resolve())
        if rel.parts[0] not in copied:
            out.append(target)
    return out


def test_every_page_make_lab_serves_links_only_to_what_it_serves():
    copied = lab_copied()
    out = {str(p.relative_to(REPO)): links_out_of_the_lab(p, copied) for p in LAB_PAGES if p.exists()}
    out = {page: links for page, links in out.items() if links}
    assert not out, f"under `make lab` these links lead out of the served copy ({copied}): {out}"
