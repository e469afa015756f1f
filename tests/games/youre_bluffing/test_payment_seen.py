"""The rule option payment_seen: what the others see of an auction payment (neither rulebook
says; HT "Tips": "Watching who has paid and received what"). Default ``notes``: the narration
names the notes; ``count``: the price and the number of cards, never the faces."""

from __future__ import annotations

import re

import pytest

from bluffkit.agents.base import make_agent
from bluffkit.core.errors import RulesError, count as counted
from bluffkit.core.game import make_game
from bluffkit.core.money import count, fmt, total
from bluffkit.core.play import play
from bluffkit.games.youre_bluffing import actions as A


def payments(seen: str, seed: int = 0):
    """Each auction payment of a seeded bot game, with its narration and the price."""
    game = make_game("youre-bluffing", payment_seen=seen)
    rec = play(game, [make_agent(name, game) for name in ("heuristic", "random", "random")], seed)
    state, out = game.new_state(3), []
    names = ["Ann", "Ben", "Cy"]
    for seat, action in rec.moves:
        after = game.step(state, seat, action)
        if isinstance(action, A.Pay):
            out.append((action, state.high_bid, game.narrate(state, seat, action, after, names)))
        state = after
    return game, out


def test_by_default_the_notes_paid_are_named():
    game, paid = payments("notes")
    d = game.rules.denominations
    assert paid, "the game had no auction payment"
    for action, _, said in paid:
        shown = fmt(action.notes, d) if count(action.notes) > 1 else str(total(action.notes, d))
        assert shown in said, said


def test_with_count_only_the_price_and_the_number_of_notes_are_said():
    game, paid = payments("count")
    d = game.rules.denominations
    assert any(total(a.notes, d) > price for a, price, _ in paid), "no overpayment to hide in this game"
    for action, price, said in paid:
        cards = count(action.notes)
        assert re.fullmatch(rf"\w+ pays \w+ {price} in {counted(cards, 'note')}\.", said), said  # nothing more


@pytest.mark.parametrize("bad", ["COUNT", "", None, 1])
def test_an_unknown_value_is_refused_naming_the_option(bad):
    with pytest.raises(RulesError, match="payment_seen"):
        make_game("youre-bluffing", payment_seen=bad)
