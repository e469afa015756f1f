"""The code blocks of the docs run, and what their comments say they give is what they give.

README.md and docs/youre-bluffing.md are doctests (``make test`` reads them with
``--doctest-glob``); the other pages show plain ``python`` blocks, which a reader copies
into a notebook. Each such block runs here as written, in a fresh namespace and a folder
of its own, except for the few settings in :data:`FASTER` that only make a run shorter
(each must still be found in its block, so a changed page cannot slip past). A comment
that is a Python value (``# 'pen-2'``) is the value the line before it must give.
"""

from __future__ import annotations

import ast
import re

import pytest
from paths import REPO

#: What a comment that is a value is made of: literals, and ``frozenset(...)``.
VALUE_NODES = (ast.Expression, ast.Constant, ast.Tuple, ast.List, ast.Set, ast.Dict, ast.Load, ast.UnaryOp,
               ast.USub, ast.Call, ast.Name)
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)

#: Pages whose blocks are not meant to run: a template for a game that does not exist.
TEMPLATES = {"adding-a-game.md"}

#: (page, text in the block, what it becomes here): fewer games and clicks, same code.
FASTER = [
    ("bidder-up.md", "games=200", "games=20"),
    ("bidder-up.md", "bu.simulate_board(board=b, seed=1)", "bu.simulate_board(board=b, seed=1, games=3)"),
    ("panels.md", "seeds=range(5), clicks=200", "seeds=range(1), clicks=15"),
]


def _state():
    """A You're Bluffing! state some moves in: the ``state`` docs/logs.md's recipe reads."""
    from bluffkit.core.game import make_game
    game = make_game("youre-bluffing")
    state = game.step(game.new_state(players=3), 0, "auction")
    return game.step(state, None, "draw cow")


def blocks() -> list[tuple[str, int, str]]:
    """(page, line, code) of every runnable ``python`` block under docs/."""
    out = []
    for page in sorted((REPO / "docs").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for m in BLOCK.finditer(text):
            code = m.group(1)
            if page.name in TEMPLATES or code.lstrip().startswith(">>>"):
                continue
            out.append((page.name, text[:m.start()].count("\n") + 2, code))
    return out


def faster(page: str, code: str) -> str:
    for name, old, new in FASTER:
        if name == page and old in code:
            assert code.count(old) == 1, f"{page}: {old!r} is in the block more than once"
            code = code.replace(old, new)
    return code


def claims(code: str) -> list[tuple[int, str, str]]:
    """(line, expression, value) of each line ``expression  # value`` whose comment reads
    as a Python value (a comment in words is not a claim)."""
    out = []
    for i, line in enumerate(code.splitlines()):
        if "#" not in line or line.lstrip().startswith("#"):
            continue
        expr, _, comment = line.partition("#")
        expr, comment = expr.strip(), comment.strip()
        try:
            ast.parse(expr, mode="eval")
            value = ast.parse(comment, mode="eval")
        except SyntaxError:
            continue
        nodes = list(ast.walk(value))
        if expr and all(isinstance(n, VALUE_NODES) for n in nodes) \
                and all(n.id == "frozenset" for n in nodes if isinstance(n, ast.Name)):
            out.append((i, expr, comment))
    return out


BLOCKS = blocks()


def run_block(page: str, line: int, code: str, namespace: dict) -> None:
    """Run ``code`` statement by statement; a statement that is a claim's expression is
    compared with the value its comment says."""
    code = faster(page, code)
    said = {i + 1: value for i, _, value in claims(code)}        # by the line, from 1
    for node in ast.parse(code).body:
        where = f"docs/{page}, line {line + node.lineno - 1}"
        if isinstance(node, ast.Expr) and node.lineno == node.end_lineno and node.lineno in said:
            got = eval(compile(ast.Expression(node.value), where, "eval"), namespace)
            value = said[node.lineno]
            assert got == eval(value, {"frozenset": frozenset}), \
                f"{where}: {ast.unparse(node.value)} gives {got!r}, the page says {value}"
        else:
            exec(compile(ast.Module([node], type_ignores=[]), where, "exec"), namespace)


#: Blocks that run for seconds even with :data:`FASTER` (simulations and their charts).
SLOW = {"bidder-up.md"}


@pytest.mark.parametrize("page,line,code", [pytest.param(*b, marks=pytest.mark.slow) if b[0] in SLOW else b
                                            for b in BLOCKS], ids=[f"{p}:{n}" for p, n, _ in BLOCKS])
def test_a_docs_block_runs_and_gives_what_it_says(page, line, code, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "__doc_example__"}
    if page == "logs.md":
        namespace["state"] = _state()
    run_block(page, line, code, namespace)
    if page == "logs.md":                            # the recipe's last line is the digest
        from bluffkit.core.digest import state_digest
        last = faster(page, code).strip().splitlines()[-1]
        assert eval(compile(last, page, "eval"), namespace) == state_digest(namespace["state"])


def test_the_pages_have_blocks_and_claims():
    """The walk finds the blocks it is meant to read, and the claims in them."""
    pages = {p for p, _, _ in BLOCKS}
    assert {"auctions.md", "bidder-up-board.md", "logs.md", "rl.md", "panels.md"} <= pages
    found = [c for _, _, code in BLOCKS for c in claims(code)]
    assert len(found) >= 4, found
    for page, old, new in FASTER:
        assert any(p == page and old in code for p, _, code in BLOCKS), f"{page} no longer has {old!r}"
        # (the block as run holds the smaller count: "games=200" once ran whole, its 200
        # games hidden as "0" by a check that took "games=20" out first)
        for p, _, code in BLOCKS:
            if p == page and old in code:
                ran = faster(page, code)
                assert new in ran and old not in ran, (page, old, ran)


def test_a_wrong_claim_fails_and_a_comment_in_words_is_no_claim():
    code = "x = (1 +\n     1)\nx  # 3\nx  # the sum\n"
    assert [value for _, _, value in claims(code)] == ["3"]
    with pytest.raises(AssertionError, match="x gives 2, the page says 3"):
        run_block("x.md", 1, code, {})
    run_block("x.md", 1, code.replace("# 3", "# 2"), {})
