"""Facts of a game's state in words, as the scenario player says the rulebook's numbers."""

from __future__ import annotations

from bluffkit.core.facts import fact_name, fact_text


def test_a_herd_is_said_as_counts_of_animals_and_an_empty_fact_as_none():
    assert fact_text("herds", {"Ben": {"9": 1}, "Anna": {"rooster": 2, "goose": 1}}) == \
        "animals: Ben 1 \u00d7 9, Anna 2 \u00d7 rooster, 1 \u00d7 goose"
    assert fact_text("owners", {}) == "owners: none" and fact_text("winners", []) == "winner: none"


def test_a_fact_without_words_of_its_own_is_said_with_spaces():
    assert fact_name("last_gains") == "points for the last question"
    assert fact_name("lots_left") == "lots left"
