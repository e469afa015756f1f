"""The shared checks of bluffkit.core.errors refuse in words what is not a seat or a generator."""

from __future__ import annotations

import random

import pytest

from bluffkit.core import errors


def test_a_seat_past_the_last_is_refused_naming_the_seats():
    with pytest.raises(errors.RulesError, match=r"^there is no seat 5 \(seats are 0\.\.2\)$"):
        errors.check_seat(5, 3)
    assert errors.check_seat(2, 3) == 2


def test_pythons_own_random_generator_is_not_taken_for_a_numpy_one():
    """random.Random has ``random`` but not ``integers``: the rng needs both."""
    with pytest.raises(errors.RulesError, match=r"^rng: a numpy Generator"):
        errors.check_rng(random.Random(1))
