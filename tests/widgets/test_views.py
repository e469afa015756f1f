"""The HTML views: a seat's view is drawn from that seat's observation alone, so it cannot
leak; the all-seeing view is a separate call with its own name."""

import inspect

import numpy as np
import pytest

from bluffkit.core.spec import specs
from bluffkit.session import Session
from bluffkit.testing import CONFIGS, config_game, config_players
from bluffkit.widgets import render, render_bluffer
from bluffkit.widgets.render import all_seeing_view, seat_view

SAMPLES = 20          # states looked at per game
REDEALS = 2           # redealt states per seat and state


def sampled_states(name: str, seed: int = 3):
    """About :data:`SAMPLES` states, evenly spread, of seeded games of the configuration
    with the most seats it is checked with (random bots; a short game, such as one
    auction, is played again with the next seed until there are enough), each game's end
    included; with the game and the names."""
    game = config_game(name)
    players = max(config_players(name))
    states = []
    while True:
        s = Session(game, ["random"] * players, seed=seed).run()
        if len(s.states) > SAMPLES:
            picks = sorted(set(np.linspace(0, len(s.states) - 1, SAMPLES).round().astype(int)))
            states += [s.states[i] for i in picks]
        else:
            states += list(s.states)
        if len(states) >= SAMPLES:
            return game, states, list(s.names)
        seed += 1


@pytest.mark.slow
@pytest.mark.parametrize("name", [c[0] for c in CONFIGS])
def test_a_seats_view_is_the_same_on_every_state_it_cannot_tell_apart(name):
    """Redeal everything the seat may not see (``hide_from``): its view must not change,
    while the all-seeing view of the same redeals does somewhere (so the redeals hide
    something the screen could show)."""
    game, states, names = sampled_states(name)
    rng = np.random.default_rng(0)
    all_seeing_changed = False
    for k, state in enumerate(states):
        for seat in range(len(names)):
            html = seat_view(game, game.observe(state, seat), names)
            me = names[seat]           # the view says whose it is (Bidder Up!'s in its text view)
            assert any(w in html for w in (f"{me}&#x27;s view", f"{me}'s view", f"You are {me}")), \
                f"{name}: the view does not say it is {me}'s"
            for _ in range(REDEALS):
                other = game.hide_from(state, seat, rng)
                assert seat_view(game, game.observe(other, seat), names) == html, \
                    f"{name}, sample {k}: seat {seat}'s view shows what the seat may not know"
                all_seeing_changed |= all_seeing_view(game, other, names) != all_seeing_view(game, state, names)
    # with two seats (the one-bidder auction formats) a seat's hidden notes are all the
    # other's, which a redeal deals back as they were: nothing to change there
    assert all_seeing_changed or len(names) == 2, f"{name}: no redeal changed the all-seeing view"


@pytest.mark.parametrize("name", [c[0] for c in CONFIGS if c[1] == "bluffer"])
def test_the_bluffer_shared_screen_is_the_same_from_every_seat_and_every_redeal(name):
    game, states, names = sampled_states(name)
    rng = np.random.default_rng(1)
    for state in states:
        screens = {render_bluffer.public_html(game, game.observe(state, seat), names) for seat in range(len(names))}
        assert len(screens) == 1, "the shared screen shows something of the seat it is drawn from"
        for seat in range(len(names)):
            other = game.hide_from(state, seat, rng)
            assert render_bluffer.public_html(game, game.observe(other, seat), names) in screens


def _parameters(f) -> list[str]:
    return list(inspect.signature(f).parameters)


def test_the_seat_views_take_no_state():
    """Every seat view takes (game, observation, names), never the state; every game names
    a seat view and a separate all-seeing view."""
    seat_views = [seat_view, render.plain_seat_html, render_bluffer.public_html]
    for spec in specs():
        seat, everything = spec.resolve("seat_html"), spec.resolve("all_seeing_html")
        assert seat is not None and everything is not None and seat is not everything, spec.name
        seat_views.append(seat)
        assert _parameters(everything)[:3] == ["game", "state", "names"], spec.name
    for f in seat_views:
        params = _parameters(f)
        assert params[:3] == ["game", "obs", "names"], f"{f.__module__}.{f.__name__}: {params}"
        assert not any("state" in p for p in params), f"{f.__module__}.{f.__name__} takes a state"
    assert _parameters(all_seeing_view) == ["game", "state", "names", "projector"]


@pytest.mark.slow      # (every configuration's views, twice: with the slow tests)
def test_on_a_projector_only_bidder_ups_views_draw_otherwise():
    """``projector=True`` reaches only the views that take it (Bidder Up!'s board, its words
    in large type); every other game's views are drawn as without it, character for
    character."""
    told = set()
    for config in {c[1]: c for c in CONFIGS}.values():
        game, states, names = sampled_states(config[0])
        for state in (states[len(states) // 2], states[-1]):
            pairs = [(all_seeing_view(game, state, names), all_seeing_view(game, state, names, projector=True))]
            pairs += [(seat_view(game, game.observe(state, s), names),
                       seat_view(game, game.observe(state, s), names, projector=True)) for s in range(len(names))]
            if config[1] == "bidder-up":
                assert all(a != b and 'font-size="24"' in b for a, b in pairs), "Bidder Up!'s board in large type"
                told.add(config[1])
            else:
                assert all(a == b for a, b in pairs), f"{config[0]}: drawn otherwise on a projector"
    assert told == {"bidder-up"}


def test_a_seat_sees_who_owns_what_at_the_end_of_an_auction_but_not_the_money_won():
    """The faces of the others' notes stay hidden at the end, so what each won or lost in
    money is shown only in the all-seeing view."""
    game, states, names = sampled_states("auction-secret-count-double")
    end = states[-1]
    assert end.phase == "over"
    everything = all_seeing_view(game, end, names)
    assert "<b>Owners</b>" in everything and "Money won or lost" in everything
    for seat in range(len(names)):
        html = seat_view(game, game.observe(end, seat), names)
        assert "<b>Owners</b>" in html and "Money won or lost" not in html
