"""The bot that works on every game: a uniform draw from :meth:`Legal.sample`."""

from __future__ import annotations


class RandomBot:
    """Plays ``legal.sample(rng)``: each game's ``Legal`` decides how a random legal
    move is drawn (see :class:`bluffkit.core.protocols.Legal`). ``trusted``: its moves are
    drawn from the ``Legal`` it is given, so the engines that can skip a check of them do
    (``check="all"``, as the bots' tests use, checks every move)."""

    name = "random"
    trusted = True

    def act(self, observation, legal, rng):
        return legal.sample(rng)
