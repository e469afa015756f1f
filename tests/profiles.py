"""Hypothesis profiles: a fast everyday run and a deep one, chosen per run.

Every property and fuzz test names its example count for the everyday profile,
``fast`` (what ``make check`` and ``make test`` run), through :func:`examples`. The
``deep`` profile multiplies every count by ten, for a nightly or a before-release run::

    BLUFFKIT_HYPOTHESIS_PROFILE=deep make check
    .venv/bin/python -m pytest tests --hypothesis-profile=deep        # the same, by hand

(``tests/conftest.py`` loads the profile named by ``BLUFFKIT_HYPOTHESIS_PROFILE`` before
any test module is imported; Hypothesis' own ``--hypothesis-profile`` option, applied
after it, wins.) Any other registered profile scales the counts in the same way, by its
``max_examples`` over the fast profile's.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

#: The fast profile's ``max_examples``: the count of a test that names none, and the
#: unit in which :func:`examples` scales the others.
FAST_EXAMPLES = 25

#: Settings every profile shares: no example database on disk (a fresh clone and every
#: worker start alike), no per-example deadline (a loaded machine must not fail a test;
#: the fuzz tests bound each example with their own time limit).
_COMMON = dict(database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: The everyday profile reports a failing example as it was found, without shrinking it: a
#: game-long state machine (the session's, the panels' random clicks) took five minutes to
#: shrink one, past the whole suite's bar. Its report prints the decorator that replays that
#: very example (``@reproduce_failure(...)``, as there is no example database).
settings.register_profile("fast", max_examples=FAST_EXAMPLES,
                          phases=(Phase.explicit, Phase.reuse, Phase.generate), print_blob=True, **_COMMON)
settings.register_profile("deep", max_examples=10 * FAST_EXAMPLES, **_COMMON)


def load() -> str:
    """Load the profile named by ``BLUFFKIT_HYPOTHESIS_PROFILE`` (default ``fast``); its name."""
    name = os.environ.get("BLUFFKIT_HYPOTHESIS_PROFILE", "fast")
    settings.load_profile(name)
    return name


def deep() -> bool:
    """Whether the profile loaded now runs more than the everyday counts (``deep`` does):
    tests that sample their cases (player counts, seeds) then take every one."""
    return settings.default.max_examples > FAST_EXAMPLES


def examples(fast: int) -> int:
    """The example count of a test that runs ``fast`` examples in the fast profile, in the
    profile loaded now (ten times as many in ``deep``)."""
    return max(1, round(fast * settings.default.max_examples / FAST_EXAMPLES))
