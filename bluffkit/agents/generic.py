"""The bot that works on every game: a uniform draw from :meth:`Legal.sample`."""

from __future__ import annotations


class RandomBot:
    """Plays ``legal.sample(rng)``: each game's ``Legal`` decides how a random legal
    move is drawn (see :class:`bluffkit.core.protocols.Legal`)."""

    name = "random"

    def act(self, observation, legal, rng):
        return legal.sample(rng)
