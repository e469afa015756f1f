"""The games of bluffkit; importing this package registers them."""

from bluffkit.games import bloff, bluffer, youre_bluffing  # noqa: F401
