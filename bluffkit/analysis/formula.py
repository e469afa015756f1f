"""A formula shown typeset in a notebook and as readable plain text everywhere else.

IPython's ``Math`` has no plain-text form: a lesson's page (built without MathJax, see
docs/lessons.md), a console or a text diff shows ``<IPython.core.display.Math object>``.
sympy's own display sorts the terms of a sum (``N - K`` prints as ``-K + N``). A
:class:`Formula` keeps the terms in the order they are written and gives both forms: LaTeX
for JupyterLab and sympy's plain text for the rest.

>>> import sympy as sp
>>> N, K = sp.symbols("N K")
>>> f = Formula("unseen others", N - K)
>>> f
unseen others = N - K
>>> f._repr_latex_()
'$\\\\displaystyle unseen others = N - K$'
>>> Formula("P(X >= k)", N - K, latex=r"P(X \\geq k)")._repr_latex_()
'$\\\\displaystyle P(X \\\\geq k) = N - K$'
"""

from __future__ import annotations

from typing import Any


class Formula:
    """``left = right`` for display: ``left`` is plain text (and, unless ``latex`` is given, its
    LaTeX too), ``right`` a sympy expression, printed with its terms in the order written."""

    def __init__(self, left: str, right: Any, latex: str | None = None):
        import sympy as sp

        if not isinstance(left, str) or not left.strip():
            raise ValueError(f"a formula's left side is text, got {left!r}")
        if latex is not None and not isinstance(latex, str):
            raise ValueError(f"a formula's LaTeX left side is text, got {type(latex).__name__}")
        try:
            self.right = sp.sympify(right, strict=True)
        except (sp.SympifyError, TypeError) as e:
            raise ValueError(f"a formula's right side is a sympy expression, got {type(right).__name__}") from e
        self.left, self.latex_left = left, left if latex is None else latex

    def __repr__(self) -> str:
        import sympy as sp

        return f"{self.left} = {sp.sstr(self.right, order='none')}"

    def _repr_latex_(self) -> str:
        import sympy as sp

        return f"$\\displaystyle {self.latex_left} = {sp.latex(self.right, order='none')}$"
