"""The seat view (board, farm boards, text) shows one seat what it may know and nothing
more, over many seeded games; and the check is shown to catch a view that leaks.

Each checked position is looked at in two ways. By reading: other seats' notes show only
as a count, no ticket the seat has not got (or just drawn) is named, a face-down pen shows
only its count. By changing what the seat cannot see: the others' notes, their tickets and
offer, the face-down pens, the supply stacks, the Piggy Bank, the box, the Gambling stack
and the raffle bag are replaced by something else of the same size, and the seat's page
must come out the same, character for character.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from bidder_up_walk import random_step

from bluffkit.core.game import make_game
from bluffkit.core.money import total
from bluffkit.games.bidder_up import farm as farm_mod, view
from bluffkit.games.bidder_up.actions import MALE, name, told_apart
from bluffkit.games.bidder_up.animal_icons import animal_words
from bluffkit.games.bidder_up.farm import all_seeing_farms, ticket_words
from bluffkit.games.bidder_up.layout import layout_of
from bluffkit.games.bidder_up.rules import TICKETS
from bluffkit.games.bidder_up.state import GIVE, KEEP

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Annette", "Bruno", "Chiara", "Dev"]
#: (players, board, variants): both boards, 2-4 players, the babies on both sides.
CONFIGS = [(2, "animal-market", ()), (3, "animal-market", ("babies",)), (4, "animal-market", ()),
           (2, "fairground", ()), (3, "fairground", ("babies",)), (4, "fairground", ("babies",)),
           (4, "fairground", ())]
CHECKS_PER_GAME = 7
#: Phases that a spread sample seldom meets, checked the first time each comes: a
#: horse-trade's face-down offer waiting for an answer, raffle tickets drawn to keep one,
#: the two-player gamble's notes, the market.
RARE = {"respond", "keep", "give", "gamble", "market"}


def _classes(el) -> set[str]:
    return set((el.get("class") or "").split())


def _text(el) -> str:
    return " ".join(" ".join(el.itertext()).split())


def _other(a: int) -> int:
    """Another animal of the same sex."""
    return (a % MALE + 1) % MALE + (MALE if a >= MALE else 0)


def _other_ticket(name: str) -> str:
    return "wool-milk:0" if name != "wool-milk:0" else "extra-turn"


def _respread(counts: tuple) -> tuple:
    """As many notes, of other denominations."""
    n = sum(counts)
    k = 0 if counts[0] != n else 1
    return tuple(n if i == k else 0 for i in range(len(counts)))


def scrambled(game, state, seat: int):
    """The state with everything ``seat`` may not see replaced by something else of the same size."""
    mine = seat == state.current and state.phase == KEEP
    change: dict = {
        "tickets": tuple(x if s == seat else tuple(sorted(map(_other_ticket, x))) for s, x in enumerate(state.tickets)),
        "stacks": tuple(tuple(map(_other, st)) for st in state.stacks),
        "piggy": tuple((d + 1) % len(state.rules.denominations) for d in state.piggy),
        "box": _respread(state.box) if sum(state.box) else state.box,
        "gambling": tuple((d + 1) % len(state.rules.denominations) for d in state.gambling),
        "bag": tuple(sorted(map(_other_ticket, state.bag))),
    }
    cats = game.table(state).cats
    known = state.seen or ((),) * len(state.pens)      # what all saw go back face down stays
    change["pens"] = tuple(p[:len(k)] + tuple(map(_other, p[len(k):])) if cat else p
                           for p, cat, k in zip(state.pens, cats, known))
    if not mine and state.drawn and state.phase == KEEP:
        change["drawn"] = tuple(map(_other_ticket, state.drawn))
    if seat != state.current and state.drawn and state.phase == GIVE:     # the gamble's notes
        change["drawn"] = tuple((d + 1) % len(state.rules.denominations) for d in state.drawn)
    if state.auction is None:
        change["money"] = tuple(m if s == seat else _respread(m) for s, m in enumerate(state.money))
    if state.trade is not None and len(state.trade) > 1 and state.trade[0] != seat:
        c, target, animals, offer, by_count = state.trade
        change["trade"] = (c, target, animals, _respread(offer), by_count)
    return dataclasses.replace(state, **change)


def check_seat_view(game, state, seat: int, names, projector: bool = False) -> None:
    """Every rule of a seat's view, asserted with the seat, the phase and what leaked
    (``projector``: the view with the board's words in a projector's large type)."""
    obs = game.observe(state, seat)
    page = view.seat_html(game, obs, names, projector=projector)
    where = f"seat {seat} ({names[seat]}), turn {state.turn}, phase {state.phase}"
    root = ET.fromstring(page)                       # well-formed, so read as XML
    farms = [el for el in root.iter() if "bk-farm" in _classes(el)]
    assert [int(f.get("data-seat")) for f in farms] == list(range(len(names))), f"{where}: one farm per seat"
    d = state.rules.denominations
    for f in farms:
        s = int(f.get("data-seat"))
        notes = [el for el in f.iter() if "bk-note" in _classes(el)]
        words = _text(f)
        if s == seat:
            rows = {c: row for row in f for c in _classes(row)}
            shown = {int(el.get("data-note")) for el in rows["bk-notes"].iter() if "bk-note" in _classes(el)}
            assert shown == {d[i] for i, c in enumerate(obs.hand) if c}, f"{where}: own notes face up"
            if obs.my_offer is not None:
                offered = {int(el.get("data-note")) for el in rows["bk-offer"].iter() if "bk-note" in _classes(el)}
                assert offered == {d[i] for i, c in enumerate(obs.my_offer) if c}, f"{where}: own offer"
            assert f"total {total(obs.hand, d):,}" in words, f"{where}: own total"
            assert any("bk-you" in _classes(el) for el in f.iter()), f"{where}: the view says whose it is"
        else:
            assert not notes, f"{where}: {names[s]}'s notes are shown face up: {words}"
            n = obs.note_counts[s]
            assert f"{n} note{'' if n == 1 else 's'}, face down" in words, f"{where}: {names[s]}'s note count"
            assert not any("bk-ticket" in _classes(el) for el in f.iter()), f"{where}: {names[s]}'s tickets named"
        turn = any("bk-turn" in _classes(el) for el in f.iter())
        assert turn == (s == state.current and state.phase != "over"), \
            f"{where}: the turn marker is on {names[state.current]}'s farm, until the game is over"
    # no ticket named that this seat has not got (or just drawn to keep one)
    allowed = set(obs.my_tickets) | (set(obs.drawn) if isinstance(obs.drawn, tuple) and obs.phase == KEEP else set())
    text = _text(root)
    for ticket in set(TICKETS) - allowed:
        said = ticket_words(ticket)
        found = text.replace("Special Horse-Trade", "") if said == "Horse-Trade" else text
        assert said not in found, f"{where}: the ticket {said!r} is named, the seat holds {sorted(allowed)}"
        if ticket != "horse-trade":                    # also the name of a kind of space
            assert ticket not in page, f"{where}: the ticket {ticket!r} is in the page"
    # a face-down pen shows its count and nothing else, but the animals all saw go back
    lay = layout_of(state.rules.board)
    pens = {g.get("data-pen"): g for g in root.iter(f"{SVG}g") if g.get("class") == "pen-contents"}
    for i, (p, up) in enumerate(zip(lay.pens, obs.pens)):
        if obs.auction is not None and obs.pen_at == i:          # the pen at auction: as the auction shows it
            g = pens[p.space]
            lot = obs.auction.lot
            words = ([f"{len(obs.auction.pen)} hidden"] if lot is None else
                     [animal_words(name(a)) for a in told_apart(lot or obs.auction.pen, obs.on_sale)])
            assert [_text(x) for x in g.iter(f"{SVG}text")] == words, f"{where}: {p.space} at auction shows {_text(g)!r}"
        elif up is None:
            g = pens[p.space]
            n, back = obs.stacks[1][i], obs.seen[i]
            assert state.pens[i][:len(back)] == back, f"{where}: {p.space}'s animals seen are not in it"
            words = [animal_words(name(a)) for a in back] + ([f"{n - len(back)} hidden"] if n > len(back) else [])
            assert [_text(x) for x in g.iter(f"{SVG}text")] == (words or ["empty"]), \
                f"{where}: face-down {p.space} shows {_text(g)!r}"
            icons = [x for x in g.iter(f"{SVG}g") if x.get("class") == "bk-animal-icon"]
            assert len(icons) == len(back), f"{where}: face-down {p.space} shows an animal's icon"
    # what the seat cannot see changes nothing on its page
    other = scrambled(game, state, seat)
    assert view.seat_html(game, game.observe(other, seat), names, projector=projector) == page, \
        f"{where}: the page changes with something the seat cannot see"


def sweep(configs=CONFIGS, seeds=(0,), check=check_seat_view) -> int:
    """Random seeded games, every seat's view checked at ``CHECKS_PER_GAME`` spread steps."""
    checked = 0
    for players, board, variants in configs:
        game = make_game("bidder-up", board=board, variants=list(variants))
        names = NAMES[:players]
        for seed in seeds:
            rng = np.random.default_rng([seed, players])
            t = game.table(players=players)
            step = 0
            seen_phases: set = set()
            every = 89 + players                      # spread over the game, in every phase
            while not t.is_over():
                random_step(t, rng)
                step += 1
                spread = step % every == 0 and step // every <= CHECKS_PER_GAME
                rare = t.phase in RARE and t.phase not in seen_phases    # once each per game
                if spread or rare:
                    seen_phases.add(t.phase)
                    state = t.freeze()
                    for s in range(players):
                        check(game, state, s, names)
                        checked += 1
            state = t.freeze()
            for s in range(players):                  # and at the end
                check(game, state, s, names)
                checked += 1
    return checked


@pytest.mark.slow      # (whole games, every seat (the projector's view stays in the fast loop): with the slow tests)
def test_every_seat_view_shows_only_what_the_seat_may_know():
    assert sweep() > 120


def test_a_seat_view_on_a_projector_shows_only_what_the_seat_may_know_too():
    """The board's words in a projector's large type (the scenario player's Projector) show
    the seat what they showed in the notebook's type, and nothing more."""
    def check(game, state, seat, names):
        check_seat_view(game, state, seat, names, projector=True)
        assert 'font-size="24"' in view.seat_html(game, game.observe(state, seat), names, projector=True)
    assert sweep(configs=[(3, "animal-market", ("babies",)), (4, "fairground", ("babies",))], check=check) > 40


def test_the_all_seeing_view_on_a_projector_draws_the_same_board_in_large_type():
    """The end of a game on a projector: the board's words in large type; the rest of the
    view (the final scores, the farm boards, the facts) as in the notebook."""
    game = make_game("bidder-up", board="fairground")
    t = game.table(players=3)
    rng = np.random.default_rng(3)
    while not t.is_over():
        random_step(t, rng)
    state = t.freeze()
    small, large = (view.all_seeing_html(game, state, NAMES[:3], projector=p) for p in (False, True))

    def without_the_board(page: str) -> bytes:
        root = ET.fromstring(page)
        parent = next(p for p in root.iter() for c in p if (c.get("aria-label") or "").endswith(" board"))
        parent.remove(next(c for c in parent if (c.get("aria-label") or "").endswith(" board")))
        return ET.tostring(root)
    assert 'font-size="24"' in large and 'font-size="24"' not in small
    assert without_the_board(large) == without_the_board(small)


def test_all_seeing_view_shows_every_farm_face_up():
    game = make_game("bidder-up", board="fairground", variants=["babies"])
    rng = np.random.default_rng(7)
    t = game.table(players=3)
    while t.turn < 12 or not any(t.tickets):
        random_step(t, rng)
    state = t.freeze()
    root = ET.fromstring(view.all_seeing_html(game, state, NAMES[:3]))
    farms = [el for el in root.iter() if "bk-farm" in _classes(el)]
    assert len(farms) == 3
    d = game.rules.denominations
    for s, f in enumerate(farms):
        words = _text(f)
        assert "face down" not in words, f"the all-seeing view turns {NAMES[s]}'s things face up"
        money = state.money[s] if state.auction is None else game.table(state).auction.money[s]
        assert f"total {total(money, d):,}" in words
        for x in state.tickets[s]:
            assert ticket_words(x) in words
        assert any("bk-zoo" in _classes(el) for el in f.iter()), "the Fairground babies have a petting zoo"


# -- the check catches a leaking view ------------------------------------------------------------

def _leak_notes(monkeypatch, seen):
    """A farm drawn from the state: every seat's notes face up."""
    real = farm_mod.seat_farms

    def leaky(obs, names):
        full = all_seeing_farms(seen["game"], seen["state"], names)
        return [dataclasses.replace(f, notes=g.notes) for f, g in zip(real(obs, names), full)]
    monkeypatch.setattr(view, "seat_farms", leaky)


def _leak_money_as_count(monkeypatch, seen):
    """Subtler: the others' notes face down, but counted as their value in tens."""
    real = farm_mod.seat_farms

    def leaky(obs, names):
        full = all_seeing_farms(seen["game"], seen["state"], names)
        d = obs.rules.denominations
        return [f if f.you else dataclasses.replace(f, notes=total(g.notes, d) // 10)
                for f, g in zip(real(obs, names), full)]
    monkeypatch.setattr(view, "seat_farms", leaky)


def _leak_tickets(monkeypatch, seen):
    """Every seat's kept tickets face up."""
    real = farm_mod.seat_farms

    def leaky(obs, names):
        full = all_seeing_farms(seen["game"], seen["state"], names)
        return [dataclasses.replace(f, tickets=g.tickets) for f, g in zip(real(obs, names), full)]
    monkeypatch.setattr(view, "seat_farms", leaky)


def _leak_cat_pen(monkeypatch, seen):
    """The board given a Cat in the Bag pen's animals instead of their count."""
    real = view._board

    def leaky(rules, players, pens, *rest):
        lay = layout_of(rules.board)
        pens = {p.space: tuple(name(a) for a in seen["state"].pens[i]) for i, p in enumerate(lay.pens)}
        return real(rules, players, pens, *rest)
    monkeypatch.setattr(view, "_board", leaky)


def _remembering(seen):
    def check(game, state, seat, names):
        seen.update(game=game, state=state)
        check_seat_view(game, state, seat, names)
    return check


@pytest.mark.parametrize("plant, caught", [
    (_leak_notes, "notes are shown face up"),
    (_leak_money_as_count, "note count"),
    (_leak_tickets, "tickets named"),
    (_leak_cat_pen, "face-down pen"),
])
def test_the_sweep_catches_a_leaking_view(monkeypatch, plant, caught):
    seen: dict = {}
    plant(monkeypatch, seen)
    with pytest.raises(AssertionError, match=caught):
        sweep(configs=[(3, "fairground", ()), (4, "fairground", ())], seeds=(0, 1), check=_remembering(seen))


def test_a_leak_no_reading_rule_names_is_caught_by_changing_the_hidden_things(monkeypatch):
    """The Piggy Bank's top note in a tooltip: no rule above reads tooltips, but the page
    changes when the Piggy Bank's notes do."""
    seen: dict = {}
    real_view = view.seat_html

    def leaky(game, obs, names, **kw):
        top = seen["state"].piggy[-1] if seen["state"].piggy else -1
        return real_view(game, obs, names, **kw).replace("<details", f"<span title='{top}'/><details", 1)

    def check(game, state, seat, names):
        real_observe = type(game).observe

        def observe(st, s):
            seen["state"] = st
            return real_observe(game, st, s)
        monkeypatch.setattr(game, "observe", observe)
        check_seat_view(game, state, seat, names)
    monkeypatch.setattr(view, "seat_html", leaky)
    with pytest.raises(AssertionError, match="changes with something the seat cannot see"):
        sweep(configs=[(4, "fairground", ())], seeds=(0,), check=check)
