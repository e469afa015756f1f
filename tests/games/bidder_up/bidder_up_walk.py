"""A step of a seeded random Bidder Up! game, for the tests that walk one."""


def random_step(t, rng) -> None:
    """One step on the working copy ``t``: chance's draw, or the seat to move plays a
    random legal move (both drawn from ``rng``)."""
    if t.is_chance():
        t.apply_chance(t.sample_chance(float(rng.random()), rng))
    else:
        seat, legal, _ = t.decision()
        t.apply(seat, legal.sample(rng), legal)
