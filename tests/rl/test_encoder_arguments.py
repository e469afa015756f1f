"""The encoders and the environment refuse, in words, what is not theirs to encode: a huge
index (a ValueError from writing it out), ``None`` or a ``Legal`` where an observation goes
(an AttributeError deep inside, or an array returned without a word), an observation of
another seat count or ruleset (seats dropped, or an IndexError), and a long value is told
back cut, not whole."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
from bluffkit.core.errors import RulesError  # noqa: E402
from bluffkit.rl import encoder_for, env  # noqa: E402
from bluffkit.rl.env import NoGameYet  # noqa: E402

GAMES = ["youre-bluffing", "bloff", "bluffer", "auction", "bidder-up"]


@pytest.fixture(scope="module")
def tables():
    """One seeded table of each game, at its first move (made once: Bidder Up!'s encoder is
    the slowest to build)."""
    out = {}
    for name in GAMES:
        e = env(name)
        e.reset(seed=2)
        out[name] = e
    return out


@pytest.mark.parametrize("name", GAMES)
def test_a_huge_index_and_what_is_not_an_observation_or_a_legal_are_refused_in_words(tables, name):
    e = tables[name]
    enc, last = e.encoder, e.encoder.n_actions - 1
    huge = rf"action index \(a number of 5,001 digits\) is out of range 0\.\.{last}$"
    for ask in (lambda: e.step(10 ** 5000), lambda: e.action_name(10 ** 5000)):
        with pytest.raises(RulesError, match=huge):
            ask()
    obs, legal = e.seat_view()
    where = rf"this encoder is for 3 seats of {name}: it takes a seat's"
    for ask, got in [(lambda: enc.observation(None), "observation .*got None"),
                     (lambda: enc.observation(legal), "observation .*got an? \\w*Legal of bluffkit"),
                     (lambda: enc.mask(None), r"Legal \(game.legal\(state, seat\)\), got None"),
                     (lambda: enc.mask(obs), "Legal .*got an Observation of bluffkit"),
                     (lambda: enc.action(0, None), "Legal .*got None")]:
        with pytest.raises(RulesError, match=f"{where} {got}"):
            ask()


def test_an_observation_of_another_seat_count_or_ruleset_is_refused():
    three, five, two_decks = env("bloff", 3), env("bloff", 5), env("bloff", 3, two_decks_from=3)
    for e in (five, two_decks):
        e.reset(seed=1)
    with pytest.raises(RulesError, match=r"^this encoder is for 3 seats of bloff; the observation is of a 5-seat game$"):
        three.encoder.observation(five.seat_view()[0])
    obs, legal = two_decks.seat_view()
    with pytest.raises(RulesError, match=r"^this encoder is for 3 seats of bloff under other rules than the observation"):
        three.encoder.observation(obs)
    with pytest.raises(RulesError, match=r"for 3 seats of bloff with 1 deck of cards; the Legal holds cards of "):
        three.encoder.mask(legal)           # (it dropped the plays of 5 to 8 cards of a rank)
    assert encoder_for("bloff", 3).n_actions == 2 + 13 * 4, "a game's name is taken, as make_game takes it"


def test_long_values_are_told_back_cut():
    e = env("bloff")
    e.reset(seed=1)
    for ask in (lambda: e.step(list(range(10 ** 5))), lambda: e.step("x" * 10 ** 6),
                lambda: e.observe("x" * 10 ** 6), lambda: e.seat_view("x" * 10 ** 6),
                lambda: env("bloff", render_mode="x" * 10 ** 6)):
        with pytest.raises(RulesError) as caught:
            ask()
        assert len(str(caught.value)) < 200 and "characters)" in str(caught.value), str(caught.value)[:300]


def test_before_the_first_reset_there_are_no_agents_and_none_to_act():
    e = env("bloff")
    assert (e.agents, e.num_agents, e.rewards, e.terminations, e.truncations, e.infos) == ([], 0, {}, {}, {}, {})
    assert not hasattr(e, "agent_selection")
    with pytest.raises(NoGameYet, match=r"^agent_selection: no game yet, so no agent to act: call reset\(\) first$"):
        _ = e.agent_selection
    e.reset(seed=1)
    assert e.agent_selection == "player_0" and e.num_agents == 3


@pytest.mark.parametrize("name, variant", [("youre-bluffing", "quick"), ("bidder-up", "babies")])
def test_a_variant_named_twice_is_refused(name, variant):
    with pytest.raises(RulesError, match=rf"^variants: '{variant}' is named twice; name each variant once$"):
        env(name, variants=[variant, variant])


def test_an_unknown_variant_named_twice_is_said_unknown():
    """A name that is no variant is refused as unknown, with the variants to choose from,
    before its repetition is counted."""
    with pytest.raises(RulesError, match=r"^unknown variant 'nope' of youre-bluffing; choose from "):
        env("youre-bluffing", variants=["nope", "nope"])


def test_a_new_encoder_that_names_no_classes_still_refuses_none_in_words():
    """An encoder written for a new game that sets neither ``observation_type``,
    ``legal_type`` nor ``seats_field`` still refuses ``None`` and a Legal of no seat in
    words (they failed deep inside: None has no rules; a seat of text compared with 0)."""
    from types import SimpleNamespace

    from bluffkit.core.game import make_game
    from bluffkit.rl.encoding import Encoder

    class Mine(Encoder):
        def __init__(self, game, players):
            super().__init__(game, players)
            self.n_actions, self.obs_size = 3, 1

        def _observation(self, observation):
            return observation

    e = Mine(make_game("bloff"), 3)
    with pytest.raises(RulesError, match=r"it takes a seat's observation \(game.observe\(state, seat\)\), got None"):
        e.observation(None)
    for seat in ("x", None, 3, True):
        with pytest.raises(RulesError, match=r"the Legal is of seat|it takes a seat's Legal"):
            e.mask(SimpleNamespace(seat=seat))
