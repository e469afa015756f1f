"""The scoring functions took families by index alone: ``score_of(rules, ["pig"])`` was
refused ("'pig' is not a family index 0..9"), though the Scoring explorer panel and the
charts take the names they show."""

import numpy as np
import pytest

from bluffkit.analysis import scoring_theory as st
from bluffkit.core.errors import RulesError
from bluffkit.games.youre_bluffing.rules import preset

YB, HT = preset("youre_bluffing"), preset("horse_trading")


def test_a_family_is_given_by_its_name_or_its_index():
    # YB "Scoring": horse 1000 + cow 800 = 1800, two families: x 2
    assert st.score_of(YB, ["horse", "cow"]) == st.score_of(YB, [9, 8]) == 3600
    # HT "End of the game": Anna's 9s and 5s, (800 + 250) x 2, by label and by the family's name
    assert st.score_of(HT, ["9", "5"]) == st.score_of(HT, ["cow", "sheep"]) == 2100
    assert st.marginal_value(YB, ["horse"], "rooster") == st.marginal_value(YB, [9], 0)
    frame = st.marginal_frame(YB, ["pig", "cat"])
    assert frame["held"].unique().tolist() == [2] and "pig" not in frame["animal"].tolist()


@pytest.mark.parametrize("families, says", [
    (["piglet"], "'piglet' is neither a family index 0..9 nor a family's name (rooster, goose"),
    (["pig", 7], "a family can be complete only once"),
    ("pig", "must be a list of family indexes 0..9 or names, e.g. [7, 3] or ['pig', 'dog']"),
])
def test_a_name_that_is_no_family_is_refused_naming_the_families(families, says):
    with pytest.raises(RulesError, match=says.replace("(", r"\(").replace("[", r"\[").replace("]", r"\]")
                       .replace(".", r"\.")):
        st.score_of(YB, families)


def test_horse_tradings_refusal_names_each_label_with_its_family():
    with pytest.raises(RulesError, match=r"nor a family's name \(A \(rooster\), 2 \(goose\)"):
        st.score_of(HT, ["ace"])


def test_a_family_given_twice_is_named_as_it_was_given():
    """Horse Trading's "9" and "cow" are one family: the refusal said "got [8, 8]", indexes
    the user never typed. It names what was given and the family both are."""
    with pytest.raises(RulesError) as e:
        st.score_of(HT, ["9", "5", "cow"])
    assert str(e.value) == "families: a family can be complete only once, but the family 9 (cow, index 8) is " \
                           "given as '9' and 'cow'", e.value
    with pytest.raises(RulesError, match=r"the family pig \(index 7\) is given as 'pig' twice$"):
        st.score_of(YB, ["pig", "horse", "pig"])
    # numpy's numbers and texts as the user meant them, a long list said in a few words
    with pytest.raises(RulesError, match=r"is given as 8 and 'cow'$"):
        st.score_of(HT, [np.int64(8), np.str_("cow")])
    with pytest.raises(RulesError, match=r"is given as 8 100,000 times$"):
        st.score_of(HT, [8] * 100_000)


def test_in_horse_trading_a_text_is_a_label_and_a_number_an_index():
    # the label "2" is the goose (the 2s); the index 2 is the cat (the 3s)
    assert st.score_of(HT, ["2"]) == st.score_of(HT, ["goose"]) == st.score_of(HT, [1])
    assert st.score_of(HT, [2]) == st.score_of(HT, ["3"]) == st.score_of(HT, ["cat"])
    assert st.score_of(HT, ["2"]) != st.score_of(HT, [2])
