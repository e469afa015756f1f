"""The games of bluffkit; importing this package registers them."""

from bluffkit.games import bloff, youre_bluffing  # noqa: F401
