"""The auction lab's values box: a count that is off is said with the decimal comma named."""

from __future__ import annotations

import re
from html import unescape

import pytest

from bluffkit.widgets import AuctionLab


def _message(bidders: int, typed: str) -> str:
    lab = AuctionLab(fmt="secret-value", bidders=bidders, seed=1)
    lab.typed.value = typed
    return unescape(re.sub(r"<[^>]*>", "", lab.message.value)).strip()


@pytest.mark.parametrize("bidders, typed, count", [
    (4, "1,5, 3", "3 values read (commas separate values), 5 needed. "),
    (3, "1,5, 3", "3 values read (commas separate values), 4 needed. "),
    (1, "1,5, 3", "3 values read (commas separate values), 2 needed. "),
    (2, "1,5,3, 4", "4 values read (commas separate values), 3 needed. "),
])
def test_a_decimal_comma_and_a_count_that_is_off_are_both_said(bidders, typed, count):
    """"1,5, 3" typed for four bidders (five values) named the decimal comma ("'1,5' is 1.5
    where a comma begins a fraction ...") but not that three values were read where five
    are needed: both are said, the count first, as a count that is off is said alone."""
    said = _message(bidders, typed)
    assert said.startswith(count), said
    assert "'1,5" in said and "may begin a fraction" in said or "where a comma begins a fraction" in said, said


def test_the_other_counts_read_as_before():
    """Three values needed (two bidders): "1,5, 3" is read as 1, 5 and 3, as before; a count
    that is off with no decimal comma is said as before, once."""
    lab = AuctionLab(fmt="secret-value", bidders=2, seed=1)
    lab.typed.value = "1,5, 3"
    assert lab.message.value == "" and lab.vals == [1.0, 5.0, 3.0]
    said = _message(3, "1, 5, 3")
    assert said.startswith("3 values typed, 4 needed. Type 4 values"), said
    assert "read (commas" not in said
