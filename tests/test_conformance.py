"""The conformance suite (bluffkit.testing) on every ruleset, variant and player count,
and proof that its checks fail when the engine is broken."""

import pytest

from bluffkit.games.youre_bluffing import engine, observe
from bluffkit.testing import CONFIGS, check_game, config_game


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("config", [c[0] for c in CONFIGS])
def test_conformance(config, players):
    report = check_game(config_game(config), players, seeds=[0, 1, 2])
    assert report["games"] == 3
    assert report["steps"] > 100, "the games were implausibly short"
    assert report["observations"] > 0 and report["illegal"] > 0


def test_leak_detector_catches_a_leak(monkeypatch):
    """If an observation carried another seat's notes, the hidden-information check must fail."""
    real = engine.Table.observe

    def leaky(t, seat, legal=None, to_move=None):
        obs = real(t, seat, legal, to_move)
        spy = t.money[(seat + 1) % t.n]           # put a neighbour's notes where the counts go
        return tuple.__new__(observe.Observation, obs[:9] + (spy,) + obs[10:])

    monkeypatch.setattr(engine.Table, "observe", leaky)
    with pytest.raises(AssertionError, match="leak"):
        check_game(config_game("horse-trading"), 3, seeds=[0])


def test_leak_detector_catches_a_visible_offer(monkeypatch):
    """The value of a face-down offer must not reach the challenged player."""
    real = engine.Table.observe

    def leaky(t, seat, legal=None, to_move=None):
        obs = real(t, seat, legal, to_move)
        if t.trade is not None:
            return tuple.__new__(observe.Observation, obs[:23] + (t.trade[4],) + obs[24:])
        return obs

    monkeypatch.setattr(engine.Table, "observe", leaky)
    with pytest.raises(AssertionError, match="leak"):
        check_game(config_game("youre-bluffing"), 4, seeds=[0, 1])


def test_conservation_check_catches_lost_money(monkeypatch):
    """A payday that forgets one player must break the money invariant."""
    real = engine.Table._payday

    def stingy(self):
        real(self)
        m = self.money[0]
        i = self.d.index(self.rules.paydays[self.paydays - 1])
        self.money = ((m[:i] + (m[i] - 1,) + m[i + 1:]),) + self.money[1:]

    monkeypatch.setattr(engine.Table, "_payday", stingy)
    with pytest.raises(AssertionError, match="money|notes"):
        check_game(config_game("horse-trading"), 3, seeds=[0, 1, 2])
