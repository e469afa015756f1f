"""bluffkit.analysis.formula: a formula typeset in a notebook and readable as plain text."""

from __future__ import annotations

import pytest
import sympy as sp

from bluffkit.analysis import bloff_probability as bp
from bluffkit.analysis.formula import Formula


def test_the_hypergeometric_law_reads_as_written_in_both_forms():
    """The law of docs/bloff.md and lesson 07: C(K, i) C(N − K, n − i) / C(N, n), summed
    over i from k to n; terms as written, not sympy's sorted −K + N."""
    f = Formula("P(X >= k)", bp.p_true_expr(), latex=r"P(X \geq k)")
    assert repr(f) == "P(X >= k) = Sum(binomial(K, i)*binomial(N - K, n - i), (i, k, n))/binomial(N, n)"
    latex = f._repr_latex_()
    assert latex.startswith(r"$\displaystyle P(X \geq k) = \frac{\sum_{i=k}^{n}") and latex.endswith("$")
    assert r"\binom{N - K}{n - i}" in latex and "- K + N" not in latex


def test_the_plain_left_side_is_typeset_as_text_unless_its_latex_is_given():
    """Plain words set as LaTeX math lose their spaces and turn italic ("unseenothers")."""
    assert Formula("unseen others", sp.Symbol("y"))._repr_latex_() == r"$\displaystyle \text{unseen others} = y$"
    assert Formula("x", sp.Symbol("y"), latex=r"x_1")._repr_latex_() == r"$\displaystyle x_1 = y$"


@pytest.mark.parametrize("left, right, latex", [("", 1, None), ("  ", 1, None), (3, 1, None),
                                                ("x", "y + 1", None), ("x", object(), None),
                                                ("x", 1, 2), ("x", 1, ""), ("x", 1, "  "),
                                                ("50% of it", 1, None), ("x_1", 1, None), ("{x}", 1, None)])
def test_a_formula_of_the_wrong_parts_is_refused(left, right, latex):
    with pytest.raises(ValueError, match="formula's"):
        Formula(left, right, latex=latex)
