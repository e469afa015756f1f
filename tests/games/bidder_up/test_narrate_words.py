"""Bidder Up!'s text view (`narrate.describe`, what `bluffkit play` prints) in plain words."""


def test_an_empty_pasture_is_said_as_an_empty_barn_is():
    """The text view said "pasture -, barn nothing": two words for empty in one line."""
    from bluffkit.core.game import make_game
    from bluffkit.games.bidder_up.narrate import describe
    g = make_game("bidder-up")
    s = g.new_state(players=2)
    text = describe(g, g.observe(s, 0), ["Ann", "Bo"])
    assert "Ann: at Start, 8 notes, pasture nothing, barn nothing" in text, text
    assert "pasture -" not in text
