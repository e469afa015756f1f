"""Lesson 05's Activity 2, the auction lab on the projector: what the teacher's steps say
the bots do with the typed values is what the lab does.

The teacher types the values ``0, 450, 300, 600``, the class (bidder 1) lays 14, 16 or 18
notes in a Secret Count, and then plays a Dutch Auction with the same values. The lab's
bots bid the equilibrium (2/3 of the value with three bidders), so with typed values
every outcome but a tie is fixed: the steps may name it, and must name it right
(Bidder Up!, "The Auctions": 3. Dutch Auction, 5. Secret Count; "Special Moments During
an Auction": no change is given, so k notes cost the k cheapest)."""

from __future__ import annotations

import re

import pytest

from bluffkit import lessons as L
from bluffkit.analysis.count_auctions import note_cost
from bluffkit.widgets import AuctionLab

LESSON = L.ROOT / "05-value-against-count"
#: the lab's 23 notes, as counts of 0, 10, 50, 100, 200, 500 (the lesson: "two 0s, ten 10s,
#: four 50s, four 100s, two 200s, a 500")
LAB_HAND = (2, 10, 4, 4, 2, 1)
NOTES = [0] * 2 + [10] * 10 + [50] * 4 + [100] * 4 + [200] * 2 + [500]


def _steps() -> str:
    text = " ".join((L.source_of(LESSON)).read_text(encoding="utf-8").split())
    start = text.index("**Teacher's steps.**")
    return text[start:text.index("```", start)]


def _lab(fmt: str, values: str, seed: int = 1) -> AuctionLab:
    """The lesson's lab (its cell's settings), the values typed in the settings."""
    lab = AuctionLab(fmt=fmt, bidders=3, human=1, strategies=["equilibrium"] * 3, right=False, seed=seed)
    lab.typed.value = values
    return lab


def _typed(steps: str) -> str:
    found = re.search(r"type the values `([\d, ]+)`", steps)
    assert found, "the teacher's steps no longer type values into the lab (update this test)"
    return found.group(1)


def _lay(lab: AuctionLab, k: int) -> str:
    """Bidder 1 lays its k cheapest notes; the words of the reveal."""
    lab.play_move("lay " + "+".join(str(n) for n in NOTES[:k]))
    assert not lab.refusal.value, lab.refusal.value
    return " ".join(lab.said)


def test_the_steps_name_what_the_bots_lay_in_the_secret_count():
    steps = _steps()
    values = _typed(steps)
    said = re.search(r"bidder 2 \(value (\d+)\) lays (\d+) notes \(cost (\d+)\), bidder 3 \(value (\d+)\) lays "
                     r"(\d+) notes \(cost (\d+)\)", steps)
    assert said, "the teacher's steps do not say what each bot lays in the Secret Count"
    v2, k2, c2, v3, k3, c3 = map(int, said.groups())
    assert [v2, v3] == [int(v) for v in values.split(",")[2:]]
    assert (c2, c3) == (note_cost(LAB_HAND, k2), note_cost(LAB_HAND, k3))
    words = _lay(_lab("secret-count", values), 16)
    assert f"Bidder 2 {k2} notes, Bidder 3 {k3} notes" in words, words


@pytest.mark.parametrize("k", [14, 16, 18])
def test_the_class_wins_only_with_18_notes_and_pays_what_the_steps_say(k):
    steps = _steps()
    lab = _lab("secret-count", _typed(steps))
    words = _lay(lab, k)
    if k < 18:
        assert "Bidder 3 wins" in words and "notes lose to bidder 3 and the class pays nothing" in steps, words
        return
    assert "Bidder 1 (you) wins" in words, words
    said = re.search(r"18 notes win, and cost the class its 18 cheapest notes, (\d+) in money, more than its value "
                     r"of (\d+) \(a payoff of −(\d+)\)", steps)
    assert said, "the teacher's steps do not say what 18 notes cost the class"
    cost, value, loss = map(int, said.groups())
    assert cost == note_cost(LAB_HAND, 18) and value == lab.vals[1] and loss == cost - value


def test_17_notes_tie_with_bidder_3_and_the_auctioneer_chooses():
    steps = _steps()
    assert re.search(r"only 17 notes \(cost (\d+)\) could have won it for less than (\d+), in a tie with bidder 3",
                     steps), "the teacher's steps do not name the tie at 17 notes"
    words = _lay(_lab("secret-count", _typed(steps)), 17)
    assert "Auctioneer chooses" in words and "Bidder 3 17 notes" in words, words


def test_in_the_dutch_auction_a_bot_grabs_at_ten_and_the_class_pays_by_clicking():
    steps = _steps()
    assert "if the class is first to the hammer, it pays: click ten notes" in steps
    lab = _lab("dutch", _typed(steps))
    lab.play_move("pass")
    words = " ".join(lab.said)
    assert re.search(r"Bidder [23] wins the \w+ for 10 notes", words), words
    # the class grabs: chance may make it first; then it owes 10 notes, and Choose for me
    # (the steps' words) picks the ten cheapest, 80
    for seed in (2, *range(40)):            # (seed 2: the class is first, as the lab deals today)
        lab = _lab("dutch", _typed(steps), seed=seed)
        lab.play_move("take")
        if "Bidder 1 (you) wins" in " ".join(lab.said):
            break
    else:
        pytest.fail("the class was never first to the hammer in 40 deals")
    assert "Choose for me" in steps
    lab.play_move("pay " + "+".join(str(n) for n in NOTES[:10]))
    assert not lab.refusal.value, lab.refusal.value
    assert note_cost(LAB_HAND, 10) == 80 and "ten cheapest notes, 80" in steps
