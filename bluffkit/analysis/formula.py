"""A formula shown typeset in a notebook and as readable plain text everywhere else.

IPython's ``Math`` has no plain-text form: a lesson's page (built without MathJax, see
docs/lessons.md), a console or a text diff shows ``<IPython.core.display.Math object>``.
sympy's own display sorts the terms of a sum (``N - K`` prints as ``-K + N``). A
:class:`Formula` prints its expression with sympy's ``order="none"`` (the terms as sympy
holds them, which keeps the hypergeometric law's N − K and n − i as written; it is not the
order typed in general: ``a - 1`` prints as ``-1 + a``) and gives both forms: LaTeX for
JupyterLab and sympy's plain text for the rest.

>>> import sympy as sp
>>> N, K = sp.symbols("N K")
>>> f = Formula("unseen others", N - K)
>>> f
unseen others = N - K
>>> f._repr_latex_()
'$\\\\displaystyle \\\\text{unseen others} = N - K$'
>>> Formula("P(X >= k)", N - K, latex=r"P(X \\geq k)")._repr_latex_()
'$\\\\displaystyle P(X \\\\geq k) = N - K$'
"""

from __future__ import annotations

from typing import Any

#: Characters LaTeX reads as commands or groups: a left side holding one needs its ``latex``.
_SPECIAL = set("\\{}$%&#_^~")


class Formula:
    """``left = right`` for display: ``left`` is plain text (typeset as text unless ``latex``,
    its LaTeX, is given), ``right`` a sympy expression, printed in sympy's own order of
    terms (``order="none"``, see the module's docstring)."""

    def __init__(self, left: str, right: Any, latex: str | None = None):
        import sympy as sp

        if not isinstance(left, str) or not left.strip():
            raise ValueError(f"a formula's left side is text, got {left!r}")
        if latex is not None and (not isinstance(latex, str) or not latex.strip()):
            raise ValueError(f"a formula's LaTeX left side is text, got {latex!r}")
        if latex is None and _SPECIAL & set(left):
            raise ValueError(f"a formula's left side {left!r} holds a character LaTeX reads as a command "
                             f"({' '.join(sorted(_SPECIAL & set(left)))}): give its LaTeX too, latex=...")
        try:
            self.right = sp.sympify(right, strict=True)
        except (sp.SympifyError, TypeError) as e:
            raise ValueError(f"a formula's right side is a sympy expression, got {type(right).__name__}") from e
        self.left, self.latex_left = left, rf"\text{{{left}}}" if latex is None else latex

    def __repr__(self) -> str:
        import sympy as sp

        return f"{self.left} = {sp.sstr(self.right, order='none')}"

    def _repr_latex_(self) -> str:
        import sympy as sp

        return f"$\\displaystyle {self.latex_left} = {sp.latex(self.right, order='none')}$"
