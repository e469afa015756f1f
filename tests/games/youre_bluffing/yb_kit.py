"""What the You're Bluffing! / Horse Trading rules tests share: the notes, the families by
name, the two rulesets and moves played in order."""

from __future__ import annotations

from bluffkit.core.money import parse as parse_notes
from bluffkit.games.youre_bluffing import YoureBluffing

D = (0, 10, 50, 100, 200, 500)
FAMILIES = ("rooster", "goose", "cat", "dog", "sheep", "goat", "donkey", "pig", "cow", "horse")
F = {name: i for i, name in enumerate(FAMILIES)}


def yb(*variants, **options) -> YoureBluffing:
    return YoureBluffing.create("youre-bluffing", variants=list(variants), **options)


def ht(*variants, **options) -> YoureBluffing:
    return YoureBluffing.create("horse-trading", variants=list(variants), **options)


def notes(text: str) -> tuple[int, ...]:
    return parse_notes(text, D)


def play(g, s, *moves):
    """Apply ``(seat, action)`` pairs in order; seat ``None`` is chance."""
    for seat, action in moves:
        s = g.step(s, seat, action)
    return s
