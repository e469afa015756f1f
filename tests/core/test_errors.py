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


@pytest.mark.parametrize("ch", ["\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u034f", "\u17b4", "\u180b",
                                "\ufe0f", "\U000e0100", "\u180e", "\u2061", "\u2062", "\u2063", "\u2064", "\ufeff",
                                "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u00ad", "\u3000"])
def test_json_text_escapes_the_letters_that_show_as_nothing(ch):
    """The Hangul fillers, the braille blank and the combining grapheme joiner are letters and
    marks Python counts printable: "Ana\\u3164" was quoted as "Ana", the name it is not. Each
    character that shows as nothing is escaped, as the zero-width and format marks were."""
    import json

    from bluffkit.core.errors import json_text
    quoted = json_text({"name": f"Ana{ch}"})
    assert quoted.isascii() and "\\u" in quoted, quoted
    assert json.loads(quoted) == {"name": f"Ana{ch}"}
    assert json_text(["Bjørn", "李小龍", "Chloé", "😀"]) == '["Bjørn", "李小龍", "Chloé", "😀"]'


def test_json_text_keeps_the_emoji_selector_after_a_symbol():
    """A seat named "❤️" (U+2764 U+FE0F, as phones type it) was quoted as "❤\\ufe0f" in a
    message about its file: after a symbol the selector is part of how it shows; after a
    letter it shows nothing and is escaped."""
    from bluffkit.core.errors import json_text
    assert json_text(["\u2764\ufe0f", "\u2600\ufe0e", "Bo"]) == '["\u2764\ufe0f", "\u2600\ufe0e", "Bo"]'
    assert json_text("Bo\ufe0f") == '"Bo\\ufe0f"'
    assert json_text("\ufe0f") == '"\\ufe0f"'


@pytest.mark.parametrize("name", ["\u2194\ufe0f", "\u203c\ufe0f", "\u2049\ufe0f", "\u2139\ufe0f", "\u25fc\ufe0f",
                                  "\u2934\ufe0f", "\u3030\ufe0f", "\u303d\ufe0f", "1\ufe0f\u20e3", "#\ufe0f\u20e3",
                                  "Team 7\ufe0f\u20e3", "\u2194\ufe0e"])
def test_json_text_keeps_the_selector_of_emoji_of_other_categories_and_of_keycaps(name):
    """The selector was kept after a symbol of category So ("❤️") only: "↔️" (Sm), "‼️" (Po),
    "〰️" (Pd), "ℹ️" (Ll) and the keycaps ("1️⃣": a digit, the selector, U+20E3) were quoted
    with a "\\ufe0f" inside, as though the name hid a letter."""
    from bluffkit.core.errors import json_text
    assert json_text(name) == f'"{name}"'


def test_json_text_still_escapes_a_selector_after_a_digit_or_letter_that_shows_nothing():
    from bluffkit.core.errors import json_text
    assert json_text(["Bo 1\ufe0f", "#\ufe0f", "a\u20e3"]) == '["Bo 1\\ufe0f", "#\\ufe0f", "a\u20e3"]'


@pytest.mark.parametrize("ch", ["\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u034f", "\u17b4", "\u180b",
                                "\ufe0f", "\U000e0100", "\u180e", "\u2060", "\u2061", "\u2064", "\ufeff", "\u200b",
                                "\u00ad"])
def test_printable_escapes_what_shows_as_nothing_so_a_name_cannot_pass_for_another(ch):
    """The terminal's ``printable`` escaped control and bidirectional characters only:
    "Ana\\u3164" (a Hangul filler) and "Ana\\u200b" printed as "Ana", the name of another
    seat, in a message or a score line."""
    shown = errors.printable(f"Ana{ch}")
    assert shown.startswith("Ana\\") and shown.isascii(), shown
    assert errors.printable(f"Ana{ch}", newlines=True) == shown


@pytest.mark.parametrize("name", ["Bjørn", "李小龍", "Chloe\u0301", "😀", "\u2764\ufe0f", "1\ufe0f\u20e3",
                                  "\U0001f468\u200d\U0001f469\u200d\U0001f467", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"])
def test_printable_keeps_letters_emoji_and_the_joiners_that_shape_them(name):
    """What shows as itself is kept: an emoji's selector after a symbol, the zero-width
    joiner of a family emoji, the non-joiner of a Persian word."""
    assert errors.printable(name) == name
