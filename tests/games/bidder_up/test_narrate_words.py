"""Bidder Up!'s text view (`narrate.describe`, what `bluffkit play` prints) in plain words."""

import re


def test_an_empty_pasture_is_said_as_an_empty_barn_is():
    """The text view said "pasture -, barn nothing": two words for empty in one line."""
    from bluffkit.core.game import make_game
    from bluffkit.games.bidder_up.narrate import describe
    g = make_game("bidder-up")
    s = g.new_state(players=2)
    text = describe(g, g.observe(s, 0), ["Ann", "Bo"])
    assert "Ann: at Start, 8 notes, pasture nothing, barn nothing" in text, text
    assert "pasture -" not in text


def test_the_text_view_says_the_phase_in_words():
    """It said "Ann's turn, phase setup", and "phase move, roll 2": the state's names."""
    import numpy as np

    from bluffkit.core.game import make_game
    from bluffkit.games.bidder_up.narrate import describe
    g = make_game("bidder-up")
    s = g.new_state(players=2)
    first = describe(g, g.observe(s, 0), ["Ann", "Bo"]).splitlines()[0]
    assert first == "Bidder Up! (Animal Market), turn 1: Ann's turn, the animals are dealt", first
    rng = np.random.default_rng(1)
    while g.observe(s, 0).phase != "move":
        s = g.step(s, None, g.sample_chance(s, rng)) if g.is_chance(s) else \
            g.step(s, g.to_move(s)[0], g.legal(s, g.to_move(s)[0]).sample(rng))
    first = describe(g, g.observe(s, 0), ["Ann", "Bo"]).splitlines()[0]
    assert re.fullmatch(r"Bidder Up! \(Animal Market\), turn 1: Ann's turn, the pawn moves \(the die shows \d\)"
                        r"(; Ann is asked to act now)?", first), first
    assert "phase" not in first
