"""The scenario player as a teacher drives it: steps asked for from code, examples named
with a slip, the view kept across examples, the narration's and the numbers' words, and
the score at the end of an example."""

from __future__ import annotations

import pytest

from bluffkit.core.errors import BluffkitError
from bluffkit.core.scenario import ScenarioError
from bluffkit.widgets.scenario_player import ScenarioPlayer


@pytest.mark.parametrize("bad", ["3", None, 2.0, True, -1, 10])
def test_a_step_that_is_not_a_whole_number_in_range_is_refused_in_words(bad):
    """go("3") and go(None) raised a raw TypeError ('<' not supported); go(99) was quietly
    taken as the last step."""
    p = ScenarioPlayer("ht-auction-ben-pays-100")           # steps 0 to 9
    p.go(4)
    with pytest.raises(BluffkitError, match=r"go\(i\): the step i must be an integer from 0 to 9, got "):
        p.go(bad)
    assert p.step.value == 4, "a refused step changes nothing"


def test_back_and_next_stay_at_the_ends_and_go_takes_a_numpy_step():
    import numpy as np
    p = ScenarioPlayer("ht-auction-ben-pays-100")
    p.back.click()
    assert p.step.value == 0
    p.go(np.int64(9))
    p.next.click()
    assert p.step.value == 9


def test_a_misspelt_example_is_answered_with_the_close_name_first():
    with pytest.raises(ScenarioError, match=r"^no scenario called 'YB-SCORING-2460'; did you mean "
                                            r"'yb-scoring-2460'\? there are: "):
        ScenarioPlayer("YB-SCORING-2460")
    with pytest.raises(ScenarioError, match=r"did you mean 'bloff-anne-calls-david'\?"):
        ScenarioPlayer("bloff-anne-calls-dave")
    with pytest.raises(ScenarioError, match=r"^no scenario called 'zzzz'; there are: "):
        ScenarioPlayer("zzzz")
