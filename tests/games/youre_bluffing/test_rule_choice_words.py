"""A refused choice of a rule option named its choices as a Python tuple: "tie_break must
be one of ('money', 'shared')", which is how `bluffkit rules --option tie_break=bogus` and
the panels showed it."""

import pytest

from bluffkit.core.errors import RulesError
from bluffkit.games.youre_bluffing.rules import preset


@pytest.mark.parametrize("option, says", [
    ({"tie_break": "bogus"}, "tie_break must be one of 'money' or 'shared', got 'bogus'"),
    ({"payment_seen": "x"}, "payment_seen must be one of "),
    ({"trade_tie": "x"}, "trade_tie must be one of "),
])
def test_a_refused_choice_names_the_choices_in_words(option, says):
    with pytest.raises(RulesError) as refused:
        preset("youre_bluffing", **option)
    assert says in str(refused.value) and "(" not in str(refused.value).split("one of", 1)[1], str(refused.value)


def test_an_unknown_ruleset_names_every_name_it_takes_once():
    with pytest.raises(RulesError) as refused:
        preset("nope")
    said = str(refused.value)
    assert said.startswith("unknown ruleset 'nope'; choose one of 'horse_trading', 'youre_bluffing', ")
    assert "[" not in said and said.endswith(" or 'youre-bluffing'")
