"""Auctions in a row (bluffkit.auctions.series), the short way for sealed bids, the trusted
random bidder and the rule option ``first_refusal``.

The short ways must change nothing but the time: the same moves, observations, legal
actions, outcomes and payoffs as the general loop for the same seeds, and illegal moves
still refused with the rule that forbids them, the table unchanged.
"""

from __future__ import annotations

import numpy as np
import pytest

from bluffkit.agents.auction import AGENTS, Bidder, RandomBidder
from bluffkit.agents.generic import RandomBot
from bluffkit.auctions import base, sealed
from bluffkit.auctions.actions import SELL, Bid, Place, Refusal
from bluffkit.auctions.legal import _TABLES
from bluffkit.auctions.observe import Observation
from bluffkit.auctions.rules import ANIMALS, FORMATS, Rules
from bluffkit.auctions.series import play_series
from bluffkit.core.errors import IllegalAction, RulesError
from bluffkit.core.game import make_game
from bluffkit.core.play import play
from bluffkit.core.table import TableBase

SEALED = [dict(format="secret-value"), dict(format="second-hand"), dict(format="secret-count"),
          dict(format="secret-value", sealed_bids="notes"), dict(format="secret-value", double=True)]


def game_of(first_refusal=True, players=None, **options):
    return make_game("auction", first_refusal=first_refusal, player_limits=players is None or players <= 4,
                     **options)


def signature(records):
    return [(r.moves, r.scores, r.winners, r.summary, r.final.values()) for r in records]


class Watching(RandomBot):
    """The random bot, which also checks what it is shown against the general way of
    making an observation and the legal actions at that moment."""

    seen = 0

    def act(self, obs, legal, rng):
        t = _TABLES.get(legal)                   # the table behind the Legal (a test may look)
        assert legal == t.legal(obs.seat), "the legal actions the general way"
        assert obs[:-1] == Observation.of(t, obs.seat, legal)[:-1], "the observation the general way"
        Watching.seen += 1
        return legal.sample(rng)


@pytest.mark.parametrize("options", SEALED, ids=lambda o: "-".join(map(str, o.values())))
@pytest.mark.parametrize("first_refusal", [True, False])
def test_the_short_way_for_sealed_bids_plays_as_the_general_loop(options, first_refusal, monkeypatch):
    players = 6 if not options.get("double") else 4
    game = game_of(first_refusal, players, **options)
    fast = play_series(game, [RandomBidder() for _ in range(players)], 40, seed=3)
    watched = play_series(game, [Watching() for _ in range(players)], 40, seed=3, check="all")
    assert signature(watched) == signature(fast)
    monkeypatch.setattr(sealed.Sealed, "run", TableBase.run)       # the general loop, move by move
    monkeypatch.setattr(base.Table, "run", TableBase.run)
    general = play_series(game, [RandomBot() for _ in range(players)], 40, seed=3, check="all")
    assert signature(general) == signature(fast)
    assert Watching.seen > 0


@pytest.mark.slow
@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("first_refusal", [True, False])
def test_the_trusted_random_bidder_only_plays_legal_moves(fmt, first_refusal):
    """Every format, both pens: the trusted bidder's moves, checked anyway, are all legal,
    and skipping the check changes nothing."""
    for double in (False, True):
        game = game_of(first_refusal, None, format=fmt, double=double)
        n = FORMATS[fmt].players[1]
        checked = play_series(game, [RandomBidder() for _ in range(n)], 25, seed=11, check="all")
        trusted = play_series(game, [RandomBidder() for _ in range(n)], 25, seed=11)
        assert signature(checked) == signature(trusted)


def test_the_first_auction_of_a_series_is_the_game_play_plays_and_each_replays():
    game = game_of(False, 6, format="secret-value")
    agents = [RandomBidder() for _ in range(6)]
    records = play_series(game, agents, 30, seed=7)
    alone = play(game, [RandomBidder() for _ in range(6)], 7)
    assert records[0].moves == alone.moves and records[0].scores == alone.scores
    assert len({tuple(r.moves) for r in records}) > 20, "the later auctions go on drawing: they differ"
    names = [f"p{i}" for i in range(6)]
    for r in records:
        s = game.new_state(6)
        for seat, action in r.moves:
            after = game.step(s, seat, action)
            assert game.narrate(s, seat, action, after, names)
            s = after
        assert s.values() == r.final.values() and game.scores(s) == r.scores
        assert game.is_over(s) and sum(r.scores) == 0, "money only changes hands"


class Cheat:
    """A bidder that breaks a rule at its first sealed bid (and says it can be trusted)."""

    name = "cheat"

    def __init__(self, action, trusted=False):
        self.action, self.trusted = action, trusted

    def act(self, obs, legal, rng):
        return self.action if legal.bid or legal.place else legal.sample(rng)


@pytest.mark.parametrize("action, rule", [
    (Bid(0), "bid-too-low"), (Bid(-10), "bid-too-low"), (Bid(True), "plain-values"), (Bid(12.5), "plain-values"),
    (Place((0, 0, 0, 0, 0, 1)), "not-now"), (SELL, "not-now"), (Refusal(()), "not-now"),
    ("bid 100", "not-now"),
])
def test_illegal_sealed_bids_are_refused_on_the_short_way(action, rule):
    game = game_of(False, 6, format="secret-value")
    agents = [RandomBidder() for _ in range(6)]
    agents[2] = Cheat(action)
    with pytest.raises(IllegalAction) as e:
        play_series(game, agents, 3, seed=1)
    assert e.value.rule == rule and str(e.value)


def test_a_cap_is_kept_on_the_short_way_and_a_lying_trusted_bot_is_caught_when_all_is_checked():
    game = game_of(False, 6, format="secret-value")
    t = game.table(players=6)
    t.apply_chance(t.sample_chance(0.0, np.random.default_rng(0)))
    t.caps = (-1, 90, -1, -1, -1, -1)                  # seat 1 showed 90 earlier
    before = t.values()
    agents = [RandomBidder() for _ in range(6)]
    agents[1] = Cheat(Bid(100))
    with pytest.raises(IllegalAction) as e:
        t.run([a.act for a in agents], [np.random.default_rng(i) for i in range(6)], [].append, 10)
    assert e.value.rule == "over-cap" and t.values() == before, "refused, and nothing changed"
    liar = [RandomBidder(), Cheat(Bid(0), trusted=True)] + [RandomBidder() for _ in range(4)]
    with pytest.raises(IllegalAction, match="bid-too-low"):
        play_series(game, liar, 1, seed=2, check="all")
    records = play_series(game, liar, 1, seed=2)                   # trusted and not checked: its word is taken
    assert (1, Bid(0)) in records[0].moves


def test_series_arguments_are_checked():
    game = game_of(False, 6, format="secret-value")
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(RulesError, match="count"):
            play_series(game, [RandomBidder() for _ in range(6)], bad, seed=1)
    with pytest.raises(RulesError, match="seed"):
        play_series(game, [RandomBidder() for _ in range(6)], 1, seed=-1)
    with pytest.raises(ValueError, match="check"):
        play_series(game, [RandomBidder() for _ in range(6)], 1, seed=1, check="some")
    with pytest.raises(RulesError, match="players"):
        play_series(make_game("auction", format="secret-value"), [RandomBidder() for _ in range(6)], 1, seed=1)
    with pytest.raises(RulesError, match="max_steps must be an integer >= 1, got None"):        # as play()
        play_series(game, [RandomBidder() for _ in range(6)], 1, seed=1, max_steps=None)
    with pytest.raises(RulesError, match="agents: a list with one agent per seat"):
        play_series(game, None, 1, seed=1)


# -- the right of first refusal off ------------------------------------------------------------

@pytest.mark.parametrize("fmt", list(FORMATS))
def test_without_the_right_the_auctions_end_as_if_the_auctioneer_always_sold(fmt):
    """first_refusal=False plays as the booklet's auction whose auctioneer always sells,
    without the sell move (The Call's refused call still makes the auctioneer buy)."""
    n = FORMATS[fmt].players[1]
    for double in (False, True):
        off = game_of(False, None, format=fmt, double=double)
        on = game_of(True, None, format=fmt, double=double)
        seller = Bidder(strategy="truthful", use_right=False)
        for seed in range(8):
            a = play(off, [Bidder(strategy="truthful")] + [Bidder(strategy="random") for _ in range(n - 1)], seed)
            b = play(on, [seller] + [Bidder(strategy="random") for _ in range(n - 1)], seed)
            assert not any(isinstance(x, Refusal) for _, x in a.moves)
            kept = [x for _, x in b.moves if isinstance(x, Refusal) and x.keep]
            assert not kept, "the seller never buys"
            assert a.moves == [m for m in b.moves if not isinstance(m[1], Refusal)], f"seed {seed}"
            assert (a.scores, a.final.owners) == (b.scores, b.final.owners)


def test_first_refusal_is_a_checked_rule_option_kept_in_the_log_header():
    with pytest.raises(RulesError, match="first_refusal must be True or False"):
        Rules(first_refusal="no")
    assert "first_refusal" not in Rules().to_dict(), "the default leaves earlier headers as they were"
    game = game_of(False, 6, format="secret-value")
    assert game.header()["options"]["first_refusal"] is False
    assert type(game).from_header(game.header()).rules == game.rules


def test_without_the_right_the_sale_is_narrated_with_the_bids():
    game = game_of(False, None, format="second-hand")
    s = game.state_from_position(4, lot=["cow"])
    names = ["André", "Annette", "Daniel", "Frank"]
    for seat, bid in [(1, "bid 120"), (2, "pass"), (3, "bid 100")]:
        before, s = s, game.step(s, seat, bid)
    text = game.narrate(before, 3, game.parse("bid 100"), s, names)
    assert "The bids: Annette 120, Frank 100; no bid from Daniel." in text and "Annette wins the cow for 100" in text
    assert s.phase == "pay" and s.payments == ((1, 0, 100, "value"),), "sold at once: Annette pays André"
    with pytest.raises(IllegalAction):
        game.step(s, 0, "sell")


def test_the_first_animal_is_drawn_as_before():
    """One animal drawn without an array is the draw of rng.integers(10, size=1)."""
    t = game_of(True, None, format="secret-value").table(players=4)
    a, b = np.random.default_rng(9), np.random.default_rng(9)
    for _ in range(500):
        assert t._draw_animals(a, 1) == tuple(b.integers(len(ANIMALS), size=1).tolist())
    assert a.random() == b.random(), "and the stream goes on alike"


def test_the_random_agent_of_the_auction_is_the_trusted_one():
    assert AGENTS["random"] is RandomBidder and RandomBidder.trusted and RandomBidder().name == "random"


class _Forgetful:
    """A bidder that works its target out afresh at every move (what ``Bidder`` remembers
    between the moves of one lot, from one move to the next, is never used)."""

    @property
    def _last(self):
        return None

    @_last.setter
    def _last(self, value):
        pass


@pytest.mark.parametrize("fmt", ["classic", "cat-in-the-bag", "american-count", "secret-count", "number-call",
                                 "the-call", "dutch"])
@pytest.mark.parametrize("strategy", ["truthful", "equilibrium", "shade"])
def test_a_bidder_remembering_its_target_bids_as_one_working_it_out_each_time(fmt, strategy, monkeypatch):
    """``Bidder.act`` keeps the target of the lot it bids on while the lot, its hand and the
    table stay the same (an open auction asks for a bid ninety times a lot): the auctions
    played are the same as with a bidder that works it out at every move."""
    from bluffkit.agents import auction as bidders
    from bluffkit.analysis import auction_lab
    n = 1 if fmt in ("number-call", "the-call") else 3              # (two-player formats)
    kept = auction_lab.simulate_engine(fmt, n, 60, strategy=strategy, seed=4)
    monkeypatch.setattr(auction_lab, "Bidder", type("Forgetful", (_Forgetful, bidders.Bidder), {}))
    fresh = auction_lab.simulate_engine(fmt, n, 60, strategy=strategy, seed=4)
    assert kept.equals(fresh)


def test_a_bidder_changed_between_bids_bids_as_changed():
    """What ``Bidder.act`` remembers is keyed on the bidder's own values and strategy too: a
    bidder whose value or shade is changed in place bids as a fresh one would."""
    import numpy as np

    from bluffkit.agents.auction import Bidder
    from bluffkit.core.game import make_game
    game = make_game("auction", format="classic")
    state = game.state_from_position(3, 0, [(2, 4, 2, 2, 1, 0)] * 3, lot=["cow"])
    seat = game.to_move(state)[0]
    obs, legal, rng = game.observe(state, seat), game.legal(state, seat), np.random.default_rng(0)
    cow = 8
    b = Bidder(500.0)
    assert b.act(obs, legal, rng) != Bidder(5.0).act(obs, legal, rng), "a value of 500 bids, one of 5 passes"
    b.values[cow] = 5.0
    assert b.act(obs, legal, rng) == Bidder(5.0).act(obs, legal, rng)
    s = Bidder(500.0, strategy="shade", shade=0.2)
    s.act(obs, legal, rng)
    s.shade = 1.0
    assert s.act(obs, legal, rng) == Bidder(500.0, strategy="shade", shade=1.0).act(obs, legal, rng)
