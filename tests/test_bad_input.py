"""Bad input refused where it is given, in words, with nothing changed: settings that made
no sense were accepted and misbehaved later (one test each)."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

from bluffkit.core.errors import IllegalAction, RulesError
from bluffkit.core.game import make_game
from bluffkit.session import Session

GAMES = [("youre-bluffing", 3), ("horse-trading", 3), ("bloff", 3), ("bluffer", 4), ("bidder-up", 3)]


def _to_a_player(g, players, rng):
    s = g.new_state(players)
    while g.is_chance(s):
        s = g.step(s, None, g.sample_chance(s, rng))
    return s


@pytest.mark.parametrize("name, players", GAMES)
def test_chance_is_not_sampled_when_a_player_is_to_move(name, players):
    """sample_chance gave an outcome (or a raw ValueError at the end) where chance does not act."""
    g, rng = make_game(name), np.random.default_rng(1)
    s = _to_a_player(g, players, rng)
    with pytest.raises(IllegalAction, match="chance does not act now: seats? .* to move") as e:
        g.sample_chance(s, rng)
    assert e.value.rule == "not-chance-turn"


@pytest.mark.parametrize("name, players", GAMES)
def test_chance_is_not_sampled_when_the_game_is_over(name, players):
    from bluffkit.agents.base import make_agent
    from bluffkit.core.play import play
    g = make_game(name)
    final = play(g, [make_agent("random", g) for _ in range(players)], seed=2).final.freeze()
    with pytest.raises(IllegalAction, match="chance does not act now: the game is over"):
        g.sample_chance(final, np.random.default_rng(0))


def test_a_bidder_up_seat_without_a_move_is_refused_a_random_move():
    """Legal.sample raised IndexError or TypeError for a seat that could not move."""
    g, rng = make_game("bidder-up"), np.random.default_rng(0)
    s = _to_a_player(g, 3, rng)
    mover = g.to_move(s)[0]
    with pytest.raises(IllegalAction, match="not seat .'s move") as e:
        g.legal(s, (mover + 1) % 3).sample(rng)
    assert e.value.rule == "not-your-turn"


@pytest.mark.parametrize("options, says", [
    ({"loans": ((100, 300, 1), (100, 600, 5))}, "loans: one entry per note value, got 100, 100"),
    ({"raffle_max": 10 ** 18}, "raffle_max can be at most 24"),
    ({"market_types": 11}, "market_types can be at most 10"),
    ({"market_steps": 16}, "market_steps can be at most 15"),
    ({"market_steps": 4, "market_track": [0, 50, 100], "market_start": [0] * 10}, "market_steps can be at most 3"),
    ({"marker_moves": 10 ** 9}, "marker_moves can be at most 10"),
    ({"piggy_take": 51}, "piggy_take can be at most 50"),
    ({"raid": 10 ** 18}, "raid can be at most 50"),
    ({"box_two": 51}, "box_two can be at most 50"),
    ({"donkey_500s_two": 51}, "donkey_500s_two can be at most 50"),
    ({"tickets_two": 25}, "tickets_two can be at most 24"),
])
def test_bidder_up_counts_are_bounded_by_what_the_box_holds(options, says):
    """Two loans of one note let the IOUs run below zero; a raffle_max of 10**18 asked a
    learning environment for an action space of that size."""
    with pytest.raises(RulesError, match=says):
        make_game("bidder-up", board="fairground", **options)
    make_game("bidder-up", board="fairground", raffle_max=24, market_steps=15, piggy_take=50)


@pytest.mark.parametrize("position, says", [
    ({"bag": [-1]}, "bag: a list of ticket names"),
    ({"bag": [[0]]}, "bag: a list of ticket names"),
    ({"bag": "x"}, "bag: a list of ticket names"),
    ({"bag": 5}, "bag: a list of ticket names"),
    ({"bag": ["cow"]}, "bag: a list of ticket names"),
    ({"tickets": [[-1], [], []]}, "tickets of seat 0: a list of ticket names"),
    ({"tickets": ["cow", "cow", "cow"]}, "tickets of seat 0: a list of ticket names"),
    ({"bag": ["extra-turn"] * 3}, "more tickets than the game's 24"),
    ({"pos": [[0], None, None]}, "pos of seat 0: no space"),
    ({"roll": True}, "roll: the die shows"),
    ({"donkeys": True}, "donkeys: 0 to 3"),
])
def test_a_bidder_up_position_is_checked_when_it_is_made(position, says):
    """Bad bags, tickets and spaces were accepted and crashed moves later (or played with
    tickets named 'c', 'o', 'w')."""
    g = make_game("bidder-up", board="fairground")
    with pytest.raises(RulesError, match=says):
        g.state_from_position(3, **position)
    with pytest.raises(RulesError, match=says):
        Session(g, ["random"] * 3, seed=0, start=position)


@pytest.mark.parametrize("name, players", GAMES + [("auction", 3)])
def test_a_start_position_with_an_unknown_field_is_refused_in_words(name, players):
    g = make_game(name)
    with pytest.raises(RulesError, match="a start position takes .*unknown: foo"):
        Session(g, ["random"] * players, seed=0, start={"foo": 1})
    with pytest.raises(RulesError, match="a start position is a mapping"):
        Session(g, ["random"] * players, seed=0, start="x")


@pytest.mark.parametrize("bad", ["a\x1b[31m", 1, "C\u200by", "a\nb", "x" * 81, "", "  "])
def test_a_session_takes_only_names_a_log_can_hold(bad, tmp_path):
    """Such names were played, narrated (escape codes and all) and saved, and the saved
    game would not load."""
    g = make_game("horse-trading")
    with pytest.raises(RulesError, match="the name of seat 0 must be text of 1 to 80 printable characters"):
        Session(g, ["random"] * 3, names=[bad, "Bo", "Cy"], seed=1)
    s = Session(g, ["random"] * 3, names=["Ana Lía", "Bo", "x" * 80], seed=1)
    s.advance(limit=10)
    s.save(tmp_path / "g.jsonl")
    assert Session.load(tmp_path / "g.jsonl").names == ["Ana Lía", "Bo", "x" * 80]


@pytest.mark.parametrize("seats", [None, "random", 3])
def test_a_session_needs_a_list_of_seats(seats):
    with pytest.raises(RulesError, match="seats: a list with one entry per seat"):
        Session(make_game("horse-trading"), seats, seed=1)


@pytest.mark.parametrize("game", ["bidder-up", "bloff", "bluffer", "auction"])
def test_the_table_panel_refuses_a_game_it_does_not_draw_and_names_the_panels(game):
    """TablePanel was built for Bidder Up! and Bløff and failed at the first click."""
    from bluffkit.widgets import TablePanel
    with pytest.raises(RulesError, match=f"TablePanel plays You're Bluffing! and Horse Trading, not {game}; .*"
                                         "BloffTable, BlufferTable, BidderUpTable, AuctionLab"):
        TablePanel(game=game, seed=1)


def test_a_learning_environment_asks_for_reset_first_and_a_proper_seed():
    """Before reset() step, observe and last raised AttributeError; reset(seed=-1) a numpy
    error, and reset(seed=True) was taken as 1."""
    pytest.importorskip("pettingzoo")
    from bluffkit.rl import env
    e = env("bloff")
    for call in (lambda: e.step(0), lambda: e.observe("player_0"), lambda: e.last()):
        with pytest.raises(RulesError, match=r"no game yet: call reset\(\) first"):
            call()
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(RulesError, match=r"reset's seed must be a whole number from 0 to 2\*\*1024 - 1"):
            e.reset(seed=bad)
    e.reset(seed=3)
    assert e.last()[0]["action_mask"].any()


@pytest.mark.parametrize("game, text", [("bluffer", "vote " + "9" * 5000), ("bidder-up", "move " + "9" * 5000),
                                        ("youre-bluffing", "bid " + "9" * 5000)])
def test_a_number_too_long_to_read_is_refused_in_words(game, text):
    """Python refuses to read an int of over 4,300 digits with a ValueError of its own."""
    from bluffkit.core.errors import NotationError
    with pytest.raises(NotationError):
        make_game(game).parse(text)


def test_the_bidder_up_heuristic_bids_when_its_worth_passes_the_auctions_bound():
    """Bidders refuse values above 10,000 now; the heuristic's worth of a type under the
    multiplier can pass that with high animal values, and its bids stay within its hand."""
    from bluffkit.agents.base import make_agent
    from bluffkit.core.play import play
    g = make_game("bidder-up", animal_values=[10_000] * 10)
    rec = play(g, [make_agent("heuristic", g) for _ in range(3)], seed=1, check="all")
    assert rec.final.is_over()


@pytest.mark.parametrize("high", [0, -5, float("nan"), float("inf"), 10_001, True, "60"])
def test_simulate_hand_refuses_a_value_range_out_of_bounds(high):
    from bluffkit.analysis.count_auctions import simulate_hand
    with pytest.raises(RulesError, match="high must be a number above 0: a bidder's value is at most 10,000"):
        simulate_hand(high=high, auctions=1)


def test_simulate_sealed_bounds_its_frame_and_names_a_law_that_gives_nan():
    """10**12 auctions ended in a MemoryError of 7 TiB; a law giving NaN was reported as a
    shape problem with two equal shapes."""
    from bluffkit.analysis.auction_sim import simulate_sealed
    with pytest.raises(ValueError, match="n_auctions: at most 100,000,000 in one call"):
        simulate_sealed(3, 10 ** 12)
    with pytest.raises(ValueError, match="values: the callable must return finite numbers, got nan"):
        simulate_sealed(3, 10, values=lambda rng, shape: np.full(shape, np.nan))
    with pytest.raises(ValueError, match=r"the shape it is asked for, \(\d+,\), got shape \(2,\)"):
        simulate_sealed(3, 10, values=lambda rng, shape: np.zeros(2))


@pytest.mark.parametrize("settings, says", [
    ({"values": "bad"}, "values must be one of uniform"),
    ({"strategies": ["nope"] * 3}, "strategies: a list of truthful"),
    ({"right": "x"}, "right and double are true or false"),
    ({"bidders": 0}, "bidders must be 1 to 9, got 0"),
    ({"bidders": 100}, "bidders must be 1 to 9, got 100"),
    ({"human": 5}, "human must be a bidder seat 1..3 or None, got 5"),
    ({"human": 0}, "human must be a bidder seat 1..3 or None, got 0"),
    ({"seed": "x"}, r"seed must be a whole number from 0 to 2\*\*1024 - 1"),
])
def test_the_auction_lab_refuses_settings_its_controls_cannot_show(settings, says):
    """These raised a widget's TraitError (or a TypeError), or were changed silently (0
    bidders became 1, a human seat 5 of 3 was dropped)."""
    from bluffkit.core.errors import BluffkitError
    from bluffkit.widgets import AuctionLab
    with pytest.raises(BluffkitError, match=says):
        AuctionLab(**settings)


def test_the_scenario_player_refuses_a_seat_the_example_does_not_have():
    from bluffkit.core.errors import BluffkitError
    from bluffkit.widgets import ScenarioPlayer
    with pytest.raises(BluffkitError, match=r"seat must be None \(the all-seeing view\) or a seat of "
                                            r"ht-trade-anna-40-richer: 0 \(.*\); got 9"):
        ScenarioPlayer("ht-trade-anna-40-richer", seat=9)


@pytest.mark.parametrize("name, players", GAMES + [("auction", 3)])
def test_legal_actions_takes_a_limit_of_none_or_a_count(name, players):
    """limit=-1 cut the last action off in one game and raised islice's ValueError in another."""
    g, rng = make_game(name), np.random.default_rng(4)
    s = _to_a_player(g, players, rng)
    legal = g.legal(s, g.to_move(s)[0])
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(RulesError, match="limit must be None or a whole number >= 0"):
            legal.actions(bad)
    listed = legal.actions()
    assert listed is None or list(legal.actions(1)) == list(listed)[:1]


def test_a_deck_too_big_for_a_log_is_refused_before_a_game(tmp_path):
    """A 17.8 MB deck played, and the log that embeds it was one replay refuses (over 16 MiB)."""
    from bluffkit.games.bluffer.deck import MAX_DECK_BYTES, DeckError, load_deck
    big = tmp_path / "big.jsonl"
    big.write_bytes(b" " * (MAX_DECK_BYTES + 1))
    with pytest.raises(DeckError, match="more than a deck may be"):
        load_deck(big)
    with pytest.raises(Exception, match="more than a deck may be"):
        make_game("bluffer", deck=str(big))


PASTED = "bid " + "9" * 40 + "x" * 5000     # a page pasted where a move was asked for


@pytest.mark.parametrize("name", ["youre-bluffing", "bloff", "bluffer", "bidder-up", "auction"])
def test_a_pasted_page_is_quoted_in_part_with_its_length(name):
    """Errors repeated whatever was typed, in full: a pasted page filled the screen."""
    from bluffkit.core.errors import NotationError
    for text in (PASTED, "x" * 5000, "play " + "Q" * 5000, "vote " + "7" * 5000, "bid " + "9" * 5000,
                 "pay " + "9" * 4000, "trade 1 cow " + "9" * 4000, "bid 10+" + "9" * 4000,
                 "trade 1 sheep offer " + "5" * 4000):
        with pytest.raises(NotationError) as e:
            make_game(name).parse(text)
        said = str(e.value)
        assert len(said) < 400, said[:500]


def test_a_script_that_cannot_be_read_names_its_seat_and_move():
    """A scripted seat's unreadable move was refused without saying whose script it was."""
    from types import SimpleNamespace

    from bluffkit.agents.base import make_agent
    from bluffkit.core.errors import NotationError
    from bluffkit.core.play import play
    g = make_game("youre-bluffing")
    agents = [make_agent("script:auction;" + "z" * 300, g), make_agent("random", g), make_agent("random", g)]
    with pytest.raises(NotationError) as e:
        play(g, agents, 1)
    said = str(e.value)
    assert said.startswith("the script for seat 0, move 2: unknown action 'zzz"), said      # (";" separates moves)
    assert "(300 characters)" in said and len(said) < 300, said
    script = make_agent("script:auction,bid ten", g)
    assert script.act(SimpleNamespace(seat=2), None, None).__class__.__name__ == "Auction"
    with pytest.raises(NotationError, match="^the script for seat 2, move 2 .'bid ten'.: a bid must be a whole number, got 'ten'"):
        script.act(SimpleNamespace(seat=2), None, None)
    assert script.i == 1, "the move that could not be read is still the next"
    with pytest.raises(RulesError, match=r"unknown agent 'y{60}…' \(1,000 characters\); choose from"):
        make_agent("y" * 1000, g)
    with pytest.raises(RulesError, match=r"unknown game 'y{60}…' \(1,000 characters\); known games"):
        make_game("y" * 1000)


@pytest.mark.parametrize("name, script, said", [
    ("youre-bluffing", "bid 10", "^the script for seat 0, move 1 .'bid 10'.: seat 0 cannot bid now: it is seat 0's turn to "
                                 "start an auction .no trade is possible.; .* "
                                 r"\[rule: not-bidding\]$"),
    ("bloff", "call", "^the script for seat 0, move 1 .'call'.: seat 0 is to lay cards, and there is no "
                      r"passing: .*\[rule: no-passing\]$"),
])
def test_a_script_move_the_rules_refuse_names_its_seat_and_move(name, script, said):
    """An illegal (readable) scripted move was refused with the rule alone: which seat's
    script, and which of its moves, was left to guess."""
    from bluffkit.agents.base import make_agent
    from bluffkit.core.errors import IllegalAction
    from bluffkit.core.play import play
    g = make_game(name)
    agents = [make_agent("script:" + script, g), make_agent("random", g), make_agent("random", g)]
    with pytest.raises(IllegalAction, match=said) as e:
        play(g, agents, 1)
    assert e.value.rule in said and agents[0].i == 0, "the refused move is still the next"


def test_hands_too_big_to_list_their_payments_are_refused_in_words():
    """A start of 6,000 notes each (bank off) took 11 GB listing payments; any_cover listed
    every choice of a 60-note hand's notes until memory ran out."""
    from bluffkit.core.money import MAX_CHOICES, payments
    with pytest.raises(RulesError, match="start_money: at most 12 notes per player .both rulebooks give 7., got 6,000"):
        make_game("youre-bluffing", start_money=(1000,) * 6, bank=None)
    make_game("youre-bluffing", start_money=(2,) * 6, bank=None)          # 12 notes: allowed
    denoms = make_game("youre-bluffing").rules.denominations
    hand = (10,) * 6                                                    # 11 ** 6 choices
    assert 11 ** 6 > MAX_CHOICES
    with pytest.raises(RulesError, match="a hand of 60 notes has 1,771,561 choices of notes to list"):
        payments(hand, 100, denoms, "any_cover")
    assert payments(hand, 100, denoms)[0] == (0, 0, 0, 1, 0, 0)      # exact_if_possible lists few


def test_refusals_of_json_values_speak_of_json_not_python():
    """'got NoneType' named Python's type for what a log header wrote as null."""
    rules_type = type(make_game("bloff").rules)
    for value, said in [(None, "null"), ([1], "an array"), ("x", "a string")]:
        with pytest.raises(RulesError, match=f"rules must be a JSON object, got {said}$"):
            rules_type.from_dict(value)


def test_a_games_name_is_taken_where_a_game_is_and_anything_else_refused_in_words():
    """Session("horse-trading", ...), simulate("horse-trading", ...) and score_of(game, ...)
    raised AttributeError ('str' object has no attribute 'check_players'); simulate_claims
    of another game returned an empty frame without a word."""
    from bluffkit.analysis import bloff_data, scoring_theory
    from bluffkit.analysis.simulate import simulate
    from bluffkit.analysis.tournament import tournament
    from bluffkit.session import Session
    assert Session("horse-trading", ["human", "random", "random"]).game.name == "horse-trading"
    assert len(simulate("bloff", ["random"] * 3, games=2, seed=1)) == 2
    assert len(tournament("bloff", ["random", "caller"], 2, seed=1, players=3)) == 6
    assert len(bloff_data.simulate_claims("bloff", ["caller"] * 3, 1, 1)) > 0
    ht = make_game("horse-trading")
    assert scoring_theory.score_of(ht, [8, 4]) == scoring_theory.score_of("horse-trading", [8, 4]) == 2100
    assert scoring_theory.marginal_frame(make_game("youre-bluffing"), [7, 3]).set_index("animal") \
        .loc["rooster", "marginal"] == 840
    for call, said in [(lambda: Session(5, ["random"] * 3), "is needed here, got 5"),
                       (lambda: simulate(None, ["random"] * 3, 1, 1), "is needed here, got None"),
                       (lambda: Session([ht], ["random"] * 3), "is needed here, got list"),
                       (lambda: bloff_data.simulate_claims(ht, ["random"] * 3, 1, 1),
                        "simulate_claims counts the claims of Bløff, not of horse-trading"),
                       (lambda: scoring_theory.score_of(make_game("bloff"), [1]),
                        "scoring by families is for You're Bluffing! and Horse Trading")]:
        with pytest.raises(RulesError, match=said):
            call()


def test_a_variant_of_the_other_ruleset_is_refused():
    """make_game("horse-trading", variants=["quick"]) played You're Bluffing!'s quick game
    under Horse Trading and logged a variant Horse Trading does not have."""
    from bluffkit.core.spec import spec_of
    for name, other in [("horse-trading", "quick"), ("youre-bluffing", "double-auction")]:
        with pytest.raises(RulesError, match=f"unknown variant '{other}' of {name}; choose from "
                                             f"{', '.join(spec_of(name).variants)}$"):
            make_game(name, variants=[other])
        for v in spec_of(name).variants:
            assert make_game(name, variants=[v]).rules.variants == (v,)


@pytest.mark.parametrize("name, variant, option, value", [
    ("youre-bluffing", "quick", "lot_size", 1), ("horse-trading", "double-auction", "lot_size", 1),
    ("youre-bluffing", "trade-and-auction", "trade_then_auction", False),
    ("horse-trading", "short", "paydays", [50, 100, 200]),
    ("horse-trading", "short", "money_cards", [["A", 10], ["Q", 200]]),
    ("bidder-up", "babies", "babies", False), ("bidder-up", "raffle-rush", "raffle_rush", False)])
def test_an_option_that_contradicts_a_variant_is_refused_naming_both(name, variant, option, value, capsys):
    """You're Bluffing! played lot_size=1 while its rules still said "quick"; Bidder Up!
    played the Baby Animals with babies=False. Either way something asked for was
    replaced without a word; an option with the variant's own value is taken."""
    said = f"rule option {option}=.* contradicts the variant '{variant}', which sets {option} to"
    with pytest.raises(RulesError, match=said):
        make_game(name, variants=[variant], **{option: value})
    game = make_game(name, variants=[variant])
    same = getattr(game.rules, option)
    again = make_game(name, variants=[variant], **{option: list(same) if isinstance(same, tuple) else same})
    assert again.rules == game.rules
    from bluffkit import cli
    code = cli.main(["rules", name, "--variant", variant, "--option", f"{option}={json.dumps(value)}"])
    assert code == 2 and "contradicts the variant" in capsys.readouterr().err


def test_a_frame_of_the_wrong_kind_is_refused_naming_the_column():
    """summary_chart(df) of the raw tournament frame, win_rates of a simulate frame,
    lie_summary of an empty frame: pandas' KeyError ('measure', 'agent'); None gave
    AttributeError; a title that is no text, "'int' object has no attribute 'split'"."""
    import pandas as pd

    from bluffkit.analysis import bloff_charts, bloff_data, charts, tournament_charts
    from bluffkit.analysis.simulate import simulate
    from bluffkit.analysis.tournament import pairwise, summary, tournament, win_rates
    df = tournament("bloff", ["caller", "honest", "random"], 3, seed=1)
    sim = simulate("bloff", ["caller"] * 3, 2, 1)
    for call, said in [
        (lambda: tournament_charts.summary_chart(df), "summary_chart: the frame has no column 'measure'; see help"),
        (lambda: tournament_charts.pairwise_chart(df), "pairwise_chart: the frame has no column 'ahead'"),
        (lambda: bloff_charts.win_rate_chart(df), "win_rate_chart: the frame has no column 'by'"),
        (lambda: charts.money_chart(pd.DataFrame()), "money_chart: the frame has no column"),
        (lambda: charts.scoring_chart(None), r"scoring_chart: give the pandas DataFrame it charts .* got NoneType"),
        (lambda: win_rates(sim), r"win_rates takes the frame of tournament\(...\); this frame has no column 'agent'"),
        (lambda: summary(sim), "summary takes the frame of tournament"),
        (lambda: pairwise(None), "pairwise takes the frame of tournament.*got NoneType"),
        (lambda: summary(df, level=None), "level is a probability between 0 and 1, got None"),
        (lambda: bloff_data.lie_summary(pd.DataFrame()), "lie_summary takes the frame of simulate_claims"),
        (lambda: tournament_charts.summary_chart(summary(df), title=5), "a chart's title is text, got int"),
    ]:
        with pytest.raises(ValueError, match=said):
            call()
    made = tournament_charts.summary_chart(summary(df), title="Bots")     # the frame it takes: a chart
    assert "Bots" in str(made.to_dict()["title"])


def test_a_sessions_odd_arguments_are_refused_in_words(tmp_path):
    """start={"players": 3} raised "got multiple values for keyword argument"; advance's
    limit "3" compared a string with ints (1.5 and True were taken); hold=5 "'int' object is
    not callable"; save(None) pathlib's TypeError; save to a folder an IsADirectoryError
    naming a temporary file the user never made."""
    from bluffkit.core.errors import BluffkitError
    from bluffkit.session import Session
    with pytest.raises(RulesError, match="a start position does not say the number of players"):
        Session("horse-trading", ["human"] * 3, start={"players": 3})
    s = Session("horse-trading", ["random"] * 3, seed=1)
    for kwargs, said in [({"limit": "3"}, "limit: a number of steps"), ({"limit": 1.5}, "limit: a number of steps"),
                         ({"limit": True}, "limit: a number of steps"), ({"limit": -1}, "limit: a number of steps"),
                         ({"hold": 5}, "hold: a function of the state")]:
        with pytest.raises(RulesError, match=said):
            s.advance(**kwargs)
    assert s.moves == [] and len(s.advance(limit=2)) == 2
    for path, said in [(None, "a log is saved to a file name"), ("", "a log is saved to a file name"),
                       (tmp_path, "is a folder; give the log a file name")]:
        with pytest.raises(BluffkitError, match=said):
            s.save(path)
    assert list(tmp_path.iterdir()) == []


def test_bluffer_spot_rates_and_the_vote_model_refuse_odd_values_in_words():
    """weighted_expected(4, 40, 2) (a percent for a probability) returned -78 points without a
    word; spot_sweep(4, 0.5, ...) said "'float' object is not iterable"; a numpy array of spots
    was read as one spot."""
    from bluffkit.analysis import bluffer_data
    from bluffkit.analysis.bluffer_votes import weighted_expected
    assert weighted_expected(4, 0.4, 2)["voter"] == pytest.approx(0.4)
    for args, said in [((4, 40, 2), "spot must be a probability from 0 to 1 .0.4, not 40., got 40"),
                       ((4, 0.25, -1), "weight must be a number above 0, got -1"),
                       ((1, 0.25, 2), "players must be a whole number of at least 3, got 1"),
                       (("x", 0.25, 2), "players must be .* or a sympy symbol, got 'x'"),
                       ((True, 0.25, 2), "players must be .* or a sympy symbol, got True")]:
        with pytest.raises(RulesError, match=said):
            weighted_expected(*args)
    spots = np.array([0.9, 0.5, 0.2, 0.2])
    df = bluffer_data.simulate(4, spots, 1, 1, rounds=1)
    assert sorted(df.groupby("seat")["spot"].first()) == sorted(spots)
    assert len(bluffer_data.simulate(4, None, 1, 1, rounds=1)) > 0          # None: a bot voting uniformly
    assert weighted_expected(np.int64(4), Fraction(1, 4), 2)["voter"] == Fraction(1, 4)
    for call, said in [(lambda: bluffer_data.spot_sweep(4, 0.5, 1, 1), "spots: a list of spot rates for seat 0"),
                       (lambda: bluffer_data.spot_sweep("4", [0.5], 1, 1), "Bluffer is for 2 to 10 players"),
                       (lambda: bluffer_data.spot_sweep(4, [], 1, 1), "spots: give at least one spot rate"),
                       (lambda: bluffer_data.spot_sweep(4, [0.5], 1, 1, rest=True), "rest: a spot rate is a"),
                       (lambda: bluffer_data.simulate(4, 40, 1, 1), r"spots: a spot rate is a probability .* got 40"),
                       (lambda: bluffer_data.simulate(4, "x", 1, 1), "spots: a spot rate is a probability")]:
        with pytest.raises(RulesError, match=said):
            call()


def test_bloff_hand_sizes_and_tables_refuse_impossible_decks_and_hands():
    """hand_sizes(4, decks=0) gave [0, 0, 0, 0] and decks=1.5 float hands; players=10**9 and
    probability_table(decks=10**9) did not end; hand_size=60 blamed an unseen_cards the user
    never gave; unseen_cards=10**9 was taken."""
    from bluffkit.analysis import bloff_probability as bp
    assert bp.hand_sizes(7) == [15] * 6 + [14] and len(bp.probability_table(hand_size=26)) == 20
    for call, said in [(lambda: bp.hand_sizes(4, decks=0), "decks must be an integer >= 1, got 0"),
                       (lambda: bp.hand_sizes(4, decks=1.5), "decks must be an integer >= 1, got 1.5"),
                       (lambda: bp.hand_sizes(10**9), "1,000,000,000 players are more than the 104 cards"),
                       (lambda: bp.probability_table(decks=10**9), "decks: at most 10"),
                       (lambda: bp.probability_table(hand_size=60), "hand_size: the observer's 60 cards and the "
                                                                     "claimant's 60 are more than the 52 cards"),
                       (lambda: bp.probability_table(claimant_cards=45), "claimant_cards: the observer's 13 cards"),
                       (lambda: bp.probability_table(unseen_cards=10**9), "unseen_cards: at most the 39 cards")]:
        with pytest.raises(ValueError, match=said):
            call()


def test_a_round_robin_at_one_seat_is_refused_in_words():
    """tournament(..., players=1) of two bots raised IndexError: a round-robin has no line-up
    of one seat."""
    from bluffkit.analysis.tournament import tournament
    with pytest.raises(RulesError, match="a round-robin seats different bots together: it needs at least 2 seats"):
        tournament("bloff", ["caller", "honest"], 2, seed=1, players=1)


def test_simulate_and_tournament_folders_refuse_what_is_no_path(tmp_path):
    """simulate(logs=5) and tournament_run.load(None) raised pathlib's TypeError; on_played=5
    "'int' object is not callable" after every game was played; run("bloff", ...) an
    AttributeError."""
    from bluffkit.analysis.simulate import simulate
    from bluffkit.analysis.tournament_run import TournamentError, load, run
    for kwargs, said in [({"logs": 5}, "logs: a folder's path"), ({"logs": " "}, "logs: a folder's path"),
                         ({"on_played": 5}, "on_played: a function of the table")]:
        with pytest.raises(RulesError, match=said):
            simulate("bloff", ["random"] * 3, 1, 1, **kwargs)
    for call in (lambda: load(None), lambda: run("bloff", ["random"], 3, 1, None, players=3, workers=0, echo=None)):
        with pytest.raises(TournamentError, match="a tournament.s folder is a path .text., got None$"):
            call()
    assert run("bloff", ["random"], 3, 1, tmp_path / "t", players=3, workers=0, echo=None).played == 1


def test_the_brute_force_of_a_small_deck_refuses_a_big_one_and_odd_hands():
    """enumerate_exact(copies_per_rank=10**20) or ranks=10**9 did not end; observer_hand=0 said
    "Value after * must be an iterable"."""
    from bluffkit.analysis.bloff_probability import enumerate_exact
    for kwargs, said in [({"ranks": 2, "copies_per_rank": 10**20}, "at most 12 unseen cards"),
                         ({"ranks": 10**9, "copies_per_rank": 2}, "at most 1000 ranks"),
                         ({"ranks": 1.5, "copies_per_rank": 2}, "ranks must be an integer >= 1, got 1.5"),
                         ({"ranks": 6, "copies_per_rank": 4}, "at most 12 unseen cards, got 23")]:
        with pytest.raises(ValueError, match=said):
            enumerate_exact(1, [0], 1, [2], **kwargs)
    with pytest.raises(ValueError, match="observer_hand must be a list of whole numbers, got 0"):
        enumerate_exact(1, 0, 1, [2], ranks=2, copies_per_rank=2)
    import numpy as np  # numpy counts, and a big deck with few cards unseen, are fine
    assert enumerate_exact(1, np.array([0]), 1, [np.int64(2)], ranks=2, copies_per_rank=2) == Fraction(2, 3)
    assert enumerate_exact(1, [r for r in range(12) for _ in range(4)], 1, [3], ranks=13, copies_per_rank=4) == 1


@pytest.mark.parametrize("name", ["youre-bluffing", "bloff", "bluffer", "auction", "bidder-up"])
def test_describe_and_facts_want_one_name_per_seat(name):
    """describe(obs, []) raised IndexError in every game, and Bløff's facts with two names for
    three seats left the third out without a word."""
    g = make_game(name)
    players = g.rules.fmt.players[0] if name == "auction" else 2 if name == "bidder-up" else 3
    state = g.new_state(players)
    names = [f"P{i}" for i in range(players)]
    assert g.describe(g.observe(state, 0), names) and g.facts(state, names)
    for bad in ([], names[:-1], names + ["extra"], None, [1] * players):
        with pytest.raises(RulesError, match=f"names: one name .text. per seat, {players} in all"):
            g.describe(g.observe(state, 0), bad)
        with pytest.raises(RulesError, match=f"names: one name .text. per seat, {players} in all"):
            g.facts(state, bad)


def test_a_scripted_seat_on_the_command_line_separates_its_moves_with_semicolons(capsys, tmp_path):
    """The README's script:MOVE,MOVE,... could not work on the command line, where commas
    separate the seats ("--agents names 5 agents for 3 players"); and a Bløff play of two
    cards holds a comma itself."""
    from bluffkit import cli
    from bluffkit.agents.base import make_agent
    from bluffkit.games.bloff.engine import Play
    assert [type(m).__name__ if not isinstance(m, str) else m
            for m in make_agent("script:auction;pass;pass", make_game("youre-bluffing")).moves] == \
        ["auction", "pass", "pass"]
    script = make_agent("script:play AS,9S;call", make_game("bloff"))
    assert script.moves == ["play AS,9S", "call"] and isinstance(make_game("bloff").parse(script.moves[0]), Play)
    assert make_agent("script:pass,pass", make_game("youre-bluffing")).moves == ["pass", "pass"]   # no ";": commas
    code = cli.main(["simulate", "youre-bluffing", "--players", "3", "--games", "1", "--seed", "1", "--no-progress",
                     "--agents", "script:auction;pass,random,random", "--out", str(tmp_path / "a.csv")])
    err = capsys.readouterr().err
    assert code == 2 and "the script for seat 0" in err and "names 5 agents" not in err, err


def test_a_refusal_of_a_huge_move_is_cut_not_told_back_whole():
    """'trade 1 goat 10+10+...' with 200,000 notes was refused in one line of 600 KB: the
    notes are now named by count; and a refusal that repeats a long number is cut."""
    from bluffkit.core.errors import MAX_REASON
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    s = Session(make_game("youre-bluffing"), ["human", "random", "random"], seed=5)
    with pytest.raises(IllegalAction) as err:
        s.play("trade 1 goat " + "+".join(["10"] * 200_000), 0)
    assert len(err.value.reason) <= MAX_REASON and "does not hold 200,000 x 10 (200,000 notes)" in err.value.reason
    assert str(err.value).endswith(f"[rule: {err.value.rule}]")
    s = Session(make_game("youre-bluffing"), ["human", "human", "human"], seed=5)
    s.play("auction", 0)
    s.advance()
    s.play("bid " + "1" * 3999, s.to_move[0])
    with pytest.raises(IllegalAction) as err:           # (it names the lowest bid, of 3,999 digits)
        s.play("bid 5", s.to_move[0])
    assert len(err.value.reason) <= MAX_REASON and "characters in all" in err.value.reason
    assert str(err.value).endswith(f"[rule: {err.value.rule}]")


@pytest.mark.parametrize("game, move", [("horse-trading", "bid 1_0"), ("horse-trading", "bid \u0661\u0660"),
                                        ("horse-trading", "pay 1_0"), ("auction", "choose \u0661"),
                                        ("bluffer", "vote \u0661"), ("bidder-up", "roll 1_0")])
def test_a_number_in_a_move_is_ascii_digits(game, move):
    """Python's int reads '1_0' and other scripts' digits; a move's notation never holds
    them, so they are refused in words (core.errors.whole_number)."""
    from bluffkit.core.errors import NotationError
    from bluffkit.core.game import make_game
    with pytest.raises(NotationError):
        make_game(game).parse(move)


def test_the_options_of_a_refusal_in_notation_are_left_out_of_the_panels_words():
    from bluffkit.widgets.words import plain_reason
    assert plain_reason("Ana cannot play sell now; it may: move SPACE, one of hill-east [rule: x]", ["Ana"]) == \
        "Ana cannot play sell now"
    assert plain_reason("seat 0 cannot bid now; seat 0 may: auction [rule: x]", ["Ana"]) == "Ana cannot bid now"


def _numbers_as(action, convert):
    """``action`` with every whole number in its fields (nested in tuples and records) made
    ``convert(n)``; ``None`` when it holds no number."""
    import dataclasses

    found = []

    def conv(v):
        if type(v) is int:
            found.append(v)
            return convert(v)
        if type(v) is tuple:
            return tuple(conv(x) for x in v)
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            return dataclasses.replace(v, **{f.name: conv(getattr(v, f.name)) for f in dataclasses.fields(v)})
        return v

    out = conv(action)
    return out if found else None


@pytest.mark.parametrize("name, players", GAMES + [("auction", 3)])
@pytest.mark.parametrize("convert", [np.int64, float, bool], ids=["numpy", "float", "bool"])
def test_a_move_or_outcome_whose_numbers_are_not_python_ints_is_refused_and_changes_nothing(name, players, convert):
    """np.int64(2) == 2, so a Pay of numpy numbers passed the checks, was played, and the
    game could then never be saved (the digest reads ints); a bool roll was logged as
    "roll True", which no log reader takes back. Every such move or outcome is refused."""
    from bluffkit.core.digest import state_digest
    g, rng = make_game(name), np.random.default_rng(3)
    s = g.new_state(players)
    tried = {"player": 0, "chance": 0}
    for _ in range(400):
        if g.is_over(s):
            break
        seat = None if g.is_chance(s) else g.to_move(s)[0]
        action = g.sample_chance(s, rng) if seat is None else g.legal(s, seat).sample(rng)
        odd = _numbers_as(action, convert)
        if odd is not None:
            before = state_digest(s)
            with pytest.raises(IllegalAction) as e:
                g.step(s, seat, odd)
            assert e.value.rule == "plain-values", e.value     # checked before the rules
            if convert is np.int64:      # equal to the legal move in every check but this one
                assert "convert it with int" in str(e.value), e.value
            assert state_digest(s) == before
            tried["player" if seat is not None else "chance"] += 1
        s = g.step(s, seat, action)
    assert tried["player"] + tried["chance"] > 0


@pytest.mark.slow      # (every switch of every game: with the slow tests)
def test_a_switch_given_as_text_is_refused_not_read_as_true(tmp_path):
    """"False" is true to Python: save(replace="False") replaced the file it was told to keep,
    and winner_surplus(right="False") gave the value with the right."""
    from bluffkit.analysis import auction_theory as th
    keep = tmp_path / "game.jsonl"
    keep.write_text("precious")
    s = Session("youre-bluffing", ["random"] * 3, seed=1)
    s.advance(limit=5)
    with pytest.raises(RulesError, match="replace must be True or False, got 'False'"):
        s.save(keep, replace="False")
    assert keep.read_text() == "precious"
    for call in (lambda: th.winner_surplus(3, "first", right="False"),
                 lambda: th.auctioneer_payoff(3, "first", right=1),
                 lambda: th.bidder_surplus(3, "first", total="no")):
        with pytest.raises(RulesError, match="must be True or False"):
            call()
    assert th.winner_surplus(3, "first", right=False) == Fraction(1, 4)


@pytest.mark.parametrize("call, error, says", [
    ("bp.p_claim_false(1, 0, 0, 1, 10**6, 5 * 10**5)", ValueError, "unseen_cards must be at most 1,000"),
    ("bp.p_claim_false(1, 0, 0, 1, 10**100, 5)", ValueError, "unseen_cards must be at most 1,000"),
    ("bp.enumerate_exact(1, [0], 0, [0] * 3000 + [1], ranks=1, copies_per_rank=2)", ValueError, "at most 20 places"),
    ("ca.cost_curve((10**8, 0, 0, 0, 0, 0))", RulesError, "at most 1,000 notes"),
    ("ca.most_notes((10**100, 0, 0, 0, 0, 0), 1e300)", RulesError, "at most 1,000 notes"),
    ("sim.simulate_sealed(100_000, 100_000_000)", ValueError, "at most 20,000 auctions of 100,000 bidders"),
    ("bv.simulate_weighted(4, 0.4, 2, 10**12)", RulesError, "questions must be an integer from 1"),
    ("bv.simulate_weighted(4, 0.4, 2, 1.5)", RulesError, "questions must be an integer"),
    ("bv.simulate_weighted(4, '0.5', 2, 10)", RulesError, "spot must be a finite number"),
    ("bv.simulate_weighted(4, 0.4, float('inf'), 10)", RulesError, "weight must be a finite number"),
])
def test_huge_or_odd_analysis_inputs_are_refused_at_once(call, error, says):
    """Each of these hung, ran out of memory or stopped deep in numpy or the recursion limit."""
    from bluffkit.analysis import auction_sim as sim, bloff_probability as bp, bluffer_votes as bv, count_auctions as ca
    with pytest.raises(error, match=says):
        eval(call, {"bp": bp, "ca": ca, "sim": sim, "bv": bv})


def test_a_huge_roll_is_costed_at_once_and_wide_auctions_reduce_in_numpy():
    """A roll of 10**9 looped once per spare step; 100,000 bidders looped in Python per bidder."""
    from bluffkit.analysis import auction_sim as sim, move_cost as mc
    far = mc.move_costs("animal-market", "start", 10**9)
    assert len(far) > 0 and (far.change > 10**8).all()
    assert len(mc.reach_costs("animal-market", "start", faces=[10**100])) > 0
    rng = np.random.default_rng(1)
    for n in (3, sim.NARROW + 1, 200):
        bids = rng.integers(0, 5, size=(40, n)).astype(float)        # ties at the top too
        win = bids.argmax(axis=1)
        assert np.array_equal(sim._column_max(bids, np.empty(40)), bids.max(axis=1))
        assert np.array_equal(sim._second_highest(bids, win, np.empty(40)), np.partition(bids, n - 2, axis=1)[:, n - 2])


@pytest.mark.parametrize("name", ["youre-bluffing", "bloff", "bluffer", "bidder-up", "auction"])
def test_a_wrong_state_or_generator_is_refused_in_words(name):
    """Another game's state, None or a dict, and a generator that is None or a seed, failed
    deep inside with AttributeError or TypeError."""
    g, other = make_game(name), make_game("bloff" if name != "bloff" else "bluffer")
    s = g.new_state(3 if name != "bluffer" else 4)
    for bad in (None, {"phase": "bid"}, other.new_state(3 if name != "bloff" else 4)):
        move = "done" if name == "bluffer" else "pass"
        for call, args in ((g.observe, (bad, 0)), (g.legal, (bad, 0)), (g.step, (bad, 0, move)),
                           (g.is_over, (bad,)), (g.to_move, (bad,))):
            with pytest.raises(RulesError, match="a state of this game is needed"):
                call(*args)
    rng = np.random.default_rng(1)
    while g.is_chance(s):
        with pytest.raises(RulesError, match="rng: a numpy Generator"):
            g.sample_chance(s, None)
        s = g.step(s, None, g.sample_chance(s, rng))
    legal = g.legal(s, g.to_move(s)[0])
    for bad in (None, 3):
        with pytest.raises(RulesError, match="rng: a numpy Generator"):
            legal.sample(bad)
    few = legal.actions(2_000)
    if few is not None and len(few) < 2_000:                # (Bløff's first hand has 2**17 plays)
        assert list(legal.actions(10**100)) == list(few)
    from bluffkit.core.errors import check_limit
    assert check_limit(10**100) == 2**63 - 1                # the most islice takes


def test_a_log_that_cannot_be_written_is_refused_in_words_and_leaves_nothing(tmp_path):
    """A file where the folder should be, a NUL in the name, a name too long: the operating
    system's own exceptions escaped Session.save (and simulate's logs folder)."""
    from bluffkit.analysis.simulate import simulate
    from bluffkit.core.errors import BluffkitError
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    s = Session("youre-bluffing", ["random"] * 3, seed=1)
    s.advance(limit=5)
    for bad, says in ((blocker / "sub" / "game.jsonl", "not a directory"), (tmp_path / "a\x00b.jsonl", "NUL"),
                      (tmp_path / ("x" * 300 + ".jsonl"), "too long")):
        with pytest.raises(BluffkitError, match=f"cannot save the log to .*{says}"):
            s.save(bad)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"] and blocker.read_text() == "x"
    with pytest.raises(BluffkitError, match="cannot write the logs to the folder"):
        simulate("bloff", ["random"] * 3, games=1, seed=1, logs=blocker / "sub")
    for agents in (None, "random"):
        with pytest.raises(RulesError, match="agents: a list with one agent per seat"):
            simulate("bloff", agents, games=1, seed=1)
    assert len(simulate("bloff", ["random"] * 3, games=np.int64(2), seed=1)) == 2


def test_an_agents_refused_move_in_a_simulation_says_whose_and_where():
    """A simulation stopped on an agent's refused move with the rule's words alone: which
    seat's agent, in which game and at which step was left to find."""
    from bluffkit.analysis.simulate import simulate
    from bluffkit.core.errors import IllegalAction

    class Bidder:
        name = "eager"

        def act(self, obs, legal, rng):
            return make_game("youre-bluffing").parse("bid 10")     # whatever the phase

    with pytest.raises(IllegalAction, match=r"^seat 0's agent \(eager\) played a move the rules refuse, at step 1 "
                                            r"of the game with seed \d+: seat 0 cannot bid now"):
        simulate("youre-bluffing", [Bidder(), "random", "random"], games=1, seed=1)


@pytest.mark.parametrize("fmt", ["classic", "american-count", "secret-value"])
def test_the_auctions_own_loops_refuse_numpy_moves_too(fmt):
    """The auctions' simulation loops (play, play_series, the board game's embedded auctions)
    checked moves against the rules only: a Pay or Raise of numpy numbers was played there."""
    from bluffkit.agents.base import make_agent
    from bluffkit.core.play import play

    class Numpy:
        name = "numpy"

        def __init__(self, inner):
            self.inner = inner

        def act(self, obs, legal, rng):
            action = self.inner.act(obs, legal, rng)
            odd = _numbers_as(action, np.int64)
            return action if odd is None else odd

    g = make_game("auction", format=fmt)
    with pytest.raises(IllegalAction, match="plain-values|convert it with int"):
        for seed in range(5):
            play(g, [Numpy(make_agent("random", g)) for _ in range(4)], seed)


def test_numpy_text_is_text():
    """np.str_ is a str: a Bluffer answer drawn with numpy is written as any answer is."""
    g = make_game("bluffer")
    s = g.step(g.new_state(3), None, "ask octopus-hearts")
    s = g.step(s, 0, g.parse("write a fox").__class__(np.str_("a fox")))
    assert s.writes[0] == ("a fox",)


def test_a_number_too_long_to_write_is_quoted_in_words():
    """Python will not write an int of more than 4,300 digits: a check that quoted one failed
    with Python's own ValueError instead of saying what was wrong."""
    from bluffkit.core.errors import check_flag, check_rng
    for check in (lambda: check_flag(10**5000, "replace"), lambda: check_rng(10**5000)):
        with pytest.raises(RulesError, match="a number of more than 4,300 digits"):
            check()


@pytest.mark.parametrize("call, said", [
    ("play(g, None, 1)", "agents: a list with one agent per seat"),
    ("play(g, [1, 2, 3], 1)", "agents: a list with one agent per seat"),
    ("play(g, bots, 1, max_steps=None)", "max_steps must be an integer >= 1, got None"),
    ("play(g, bots, 1, max_steps=0)", "max_steps must be an integer >= 1, got 0"),
    ("play(g, bots, 1, check='x')", "check must be one of untrusted, all, not 'x'"),
    ("simulate(g, ['random'] * 3, games=10**19, seed=1)", "games must be an integer from 1 to 1,000,000,000,000"),
])
def test_play_and_simulate_refuse_odd_arguments_in_words(call, said):
    from bluffkit.agents.bloff import RandomAgent
    from bluffkit.analysis.simulate import simulate
    from bluffkit.core.errors import RulesError
    from bluffkit.core.game import make_game
    from bluffkit.core.play import play
    g, bots = make_game("bloff"), [RandomAgent() for _ in range(3)]
    with pytest.raises(RulesError) as e:
        eval(call, {"play": play, "simulate": simulate, "g": g, "bots": bots})
    assert said in str(e.value)


@pytest.mark.parametrize("name", ["bloff", "bluffer", "youre-bluffing", "auction", "bidder-up"])
def test_game_methods_given_no_state_observation_or_header_say_so(name):
    from bluffkit.core.errors import RulesError
    from bluffkit.core.game import make_game
    g = make_game(name)
    for call, said in [(lambda: g.scores(None), "a state of this game is needed"),
                       (lambda: g.winners({}), "a state of this game is needed"),
                       (lambda: g.describe(None, ["a", "b", "c"]), "describe takes a seat's observation"),
                       (lambda: type(g).from_header(None), "a log header is a dict")]:
        with pytest.raises(RulesError, match=said):
            call()


@pytest.mark.parametrize("players", [None, 1.5, 10**30])
def test_a_youre_bluffing_position_for_no_player_count_is_refused_in_words(players):
    import numpy as np

    from bluffkit.core.errors import RulesError
    from bluffkit.core.game import make_game
    with pytest.raises(RulesError, match="is for 3 to 5 players"):
        make_game("youre-bluffing").state_from_position(players=players)
    assert make_game("youre-bluffing").state_from_position(players=np.int64(4)).players == 4


def test_simulate_refuses_a_progress_that_is_neither_a_switch_nor_a_function():
    from bluffkit.analysis.simulate import simulate
    from bluffkit.core.errors import RulesError
    from bluffkit.core.game import make_game
    with pytest.raises(RulesError, match=r"progress: True, False \(or None\) or a function"):
        simulate(make_game("bloff"), ["random"] * 3, games=1, seed=1, progress="x")


def test_a_subclass_of_a_trusted_bot_is_checked_unless_it_says_so_itself():
    """A subclass of the random bot that returns numpy numbers skipped the plain-number
    check, as its parent was trusted; its move is now refused in words."""
    import numpy as np

    from bluffkit.agents.bloff import CallerAgent, HonestAgent, RandomAgent
    from bluffkit.core.errors import IllegalAction
    from bluffkit.core.game import make_game
    from bluffkit.core.play import is_trusted, play
    from bluffkit.games.bloff.actions import Play

    class Numpy(HonestAgent):
        def play(self, obs, legal, rng):
            return Play((np.int64(legal.play_from[0]),))

    assert is_trusted(HonestAgent()) and is_trusted(CallerAgent()) and is_trusted(RandomAgent())
    assert not is_trusted(Numpy())
    with pytest.raises(IllegalAction, match="plain"):
        play(make_game("bloff"), [Numpy(), HonestAgent(), HonestAgent()], 1)


@pytest.mark.parametrize("bad", [None, 3, b"game.jsonl", "", "  "])
def test_loaders_refuse_what_is_not_a_file_name_in_words(bad, tmp_path, monkeypatch):
    """str(None) is 'None': a log called None in the working folder must not be what
    log.read(None) or Session.load(None) open; a scenario's name or path is text."""
    from bluffkit.core import log as gamelog, scenario
    from bluffkit.core.errors import LogError
    from bluffkit.core.scenario import ScenarioError
    from bluffkit.session import Session
    monkeypatch.chdir(tmp_path)
    s = Session(make_game("horse-trading"), ["random"] * 3, seed=1).run()
    s.save(tmp_path / "None")                            # a log that str(None) would name
    s.save(tmp_path / "3")
    for call in (gamelog.read, Session.load):
        with pytest.raises(LogError, match="is read from a file name"):
            call(bad)
    for call in (scenario.find, scenario.load):
        with pytest.raises(ScenarioError, match="a scenario is"):
            call(bad)


def test_log_read_takes_verify_as_a_flag(tmp_path):
    from bluffkit.core import log as gamelog
    path = Session(make_game("horse-trading"), ["random"] * 3, seed=1).run().save(tmp_path / "g.jsonl")
    with pytest.raises(RulesError, match="verify must be True or False"):
        gamelog.read(path, verify="yes")


@pytest.mark.parametrize("start", [{"auctioneer": True, "lot": ["horse"]}, {"auctioneer": False, "lot": ["horse"]}])
def test_a_start_position_refuses_true_and_false_as_a_seat(start):
    """JSON's true is not seat 1 (nor false seat 0): refused when the game is set up, where
    it failed some fifteen moves later ("there is no seat True")."""
    with pytest.raises(RulesError, match="auctioneer must be a seat 0..2, got (True|False)"):
        Session("auction", ["random"] * 3, start=start, seed=1)


def test_a_bidder_up_start_refuses_true_and_false_as_a_market_value():
    game = make_game("bidder-up")
    with pytest.raises(RulesError, match="market: "):
        game.state_from_position(3, market={"sheep": False})
    from bluffkit.auctions.rules import ANIMALS
    assert game.state_from_position(3, market={"sheep": 0}).market[ANIMALS.index("sheep")] == 0


@pytest.mark.parametrize("option, value", [("start_money", [2, 4, 1, 0, 0, 0]), ("paydays", [50, 100, 200, 500])])
def test_you_re_bluffing_takes_lists_for_its_list_options(option, value):
    """As the other games and the command line do; the rules hold them as tuples."""
    assert getattr(make_game("youre-bluffing", **{option: value}).rules, option) == tuple(value)


@pytest.mark.parametrize("bad", [(True, 4, 1, 0, 0, 0), [-1, 4, 1, 0, 0, 0]])
def test_start_money_names_the_count_that_is_wrong(bad):
    with pytest.raises(RulesError, match=r"one count \(a whole number >= 0\) for each of the 6 denominations.*got"):
        make_game("youre-bluffing", start_money=bad)


def test_a_money_card_is_not_worth_false():
    with pytest.raises(RulesError, match="each card must be worth one of"):
        make_game("horse-trading", money_cards=[["joker", False]])


def test_small_wordings_name_what_was_given(tmp_path, capsys):
    """--out is quoted as typed (not its last part), a log of blank lines is empty, and a
    tile that is no name is refused as such (not with Python's unhashable-type error)."""
    from bluffkit import cli
    from bluffkit.core import log as gamelog
    from bluffkit.core.errors import LogError
    assert cli.main(["simulate", "youre-bluffing", "--players", "3", "--games", "1", "--seed", "1",
                     "--agents", "random", "--out", str(tmp_path)]) == 2
    assert f"got '{tmp_path}'" in capsys.readouterr().err
    blank = tmp_path / "blank.jsonl"
    blank.write_text("\n\n", encoding="utf-8")
    with pytest.raises(LogError, match="the file is empty"):
        gamelog.read(blank)
    with pytest.raises(RulesError, match="tiles: each position takes a format's name, got \\[\\]"):
        make_game("bidder-up", tiles=[[], "dutch", "classic", "cat-in-the-bag"])


def test_you_re_bluffing_seats_at_most_twenty():
    """A thousand seats took gigabytes (the bidding order is kept for every seat)."""
    with pytest.raises(RulesError, match="max_players must be at most 20"):
        make_game("youre-bluffing", max_players=1000, bank=None)
    assert make_game("youre-bluffing", max_players=20, bank=None).rules.max_players == 20


def test_a_seed_too_large_to_save_is_refused_at_the_start(tmp_path):
    """A seed of thousands of digits was taken and then the game could not be saved (the
    log's JSON cannot write such a number); the largest seed saves and reads back."""
    from bluffkit.core.seeding import MAX_SEED
    with pytest.raises(RulesError, match=r"seed must be a whole number from 0 to 2\*\*1024 - 1"):
        Session("horse-trading", ["random"] * 3, seed=10**5000)
    path = Session("horse-trading", ["random"] * 3, seed=MAX_SEED).run().save(tmp_path / "big.jsonl")
    assert Session.load(path).seed == MAX_SEED


def test_a_list_option_given_as_text_says_how_to_write_a_list():
    with pytest.raises(RulesError, match=r"start_money must be a list of values \(on the command line: "
                                         r"--option 'start_money=\[...\]'\), got '2,4,1,0,0,0'"):
        make_game("youre-bluffing", start_money="2,4,1,0,0,0")


@pytest.mark.parametrize("run", ["engine", "bluffer", "sweep"])
def test_every_long_run_refuses_a_progress_that_is_not_one(run):
    """A text was taken for "no bar": every run through play_games refuses it, before any game."""
    from bluffkit.analysis import bluffer_data
    from bluffkit.analysis.auction_lab import simulate_engine
    from bluffkit.core.errors import RulesError
    call = {"engine": lambda: simulate_engine("second-hand", 3, 3, progress="x"),
            "bluffer": lambda: bluffer_data.simulate(3, 0.5, 2, 1, progress="x", rounds=1),
            "sweep": lambda: bluffer_data.spot_sweep(3, [0.5], 2, 1, progress="no", rounds=1)}[run]
    with pytest.raises(RulesError, match="progress: True, False"):
        call()


def test_a_progress_function_that_takes_other_arguments_is_refused_before_any_game():
    """It failed when first called: after the 50th game, or after the last of a short run."""
    from bluffkit.analysis.simulate import simulate
    from bluffkit.core.errors import RulesError
    from bluffkit.core.game import make_game
    with pytest.raises(RulesError, match="does not take those two arguments"):
        simulate(make_game("bloff"), ["random"] * 3, 2, 1, progress=lambda: None)


@pytest.mark.parametrize("name, options, players", [
    ("youre-bluffing", {}, 3), ("bidder-up", {}, 3), ("auction", {"format": "secret-count"}, 4),
    ("auction", {"format": "classic"}, 4)])
@pytest.mark.parametrize("notes", [5, None, ("x",), (1,), (1,) * 99, (0, -1, 2, 0, 0, 0)])
def test_a_move_whose_notes_are_no_set_of_notes_is_refused_in_words(name, options, players, notes):
    """A move built in code with notes of 5, None or text ended in a TypeError inside the
    rules, a tuple too short for the note values in an IndexError in Bidder Up!, and a
    negative count was taken there as notes received; every move that carries notes is now
    refused, the state unchanged."""
    import dataclasses

    from bluffkit.core.errors import BluffkitError
    from bluffkit.testing import random_decisions
    g = make_game(name, **options)
    tried, draws = 0, np.random.default_rng(4)
    for s, seat, legal in random_decisions(g, players, np.random.default_rng(3), limit=3000):
        move = legal.sample(draws)
        if "notes" in getattr(move, "__dataclass_fields__", {}):
            bad = dataclasses.replace(move, notes=notes)
            with pytest.raises(BluffkitError) as refused:
                g.step(s, seat, bad)
            assert isinstance(refused.value, IllegalAction), refused.value
            if notes in (5, None, ("x",), (0, -1, 2, 0, 0, 0)):     # (a wrong length breaks the game's own rule)
                assert refused.value.rule == "bad-notes", refused.value
            tried += 1
    assert tried, "no move with notes was tried"


def test_a_bid_longer_than_can_be_written_is_refused_and_one_that_can_is_played(tmp_path):
    """You're Bluffing!'s bids have no cap, as its rulebook has none; but a bid of more than
    4,300 digits was accepted and then broke the narration, a session and the log with a
    ValueError (Python writes no longer int), and one just under it left the next bidder a
    lowest bid that could not be written. A number of more than 4,000 digits in any move is
    refused before it is played; a bid of 4,000 digits is played, the next bidder is told
    what they may bid, and the game is logged and replayed."""
    from bluffkit.core.errors import digit_count
    from bluffkit.games.youre_bluffing.actions import Bid
    g = make_game("youre-bluffing")
    s = Session(g, ["human", "human", "human"], seed=1)
    s.play("auction", 0)
    s.advance()
    seat = s.to_move[0]
    before = len(s.moves)
    for amount, digits in ((10 ** 4000, "4,001"), (10 ** 4300 - 1, "4,300"), (10 ** 5000, "5,001")):
        with pytest.raises(IllegalAction, match=rf"a number of {digits} digits.*at most 4,000.*number-too-long"):
            s.play(Bid(amount), seat)
    assert len(s.moves) == before
    s.play(Bid(10 ** 4000 - 1), seat)
    after = s.to_move[0]
    assert "bid " in s.legal(after).description and "not allowed" not in g.describe(s.observe(after), s.names, True)
    path = s.save(tmp_path / "long.jsonl")
    assert Session.load(path).moves == s.moves
    assert [digit_count(n) for n in (0, 7, 10, 99, 10 ** 4301 - 1, 10 ** 4301, -10 ** 12)] == [1, 1, 2, 2, 4301, 4302, 13]
    with pytest.raises(Exception, match="a bid of 5,000 digits is more than can be read"):
        g.parse("bid " + "9" * 5000)
    for text in ("bid --5", "bid -+50"):
        with pytest.raises(Exception, match="a bid must be a whole number"):
            g.parse(text)


@pytest.mark.parametrize("name, options, text, says", [
    ("auction", {"format": "classic"}, "pass pass", "'pass' takes nothing after it, got 'pass'"),
    ("auction", {"format": "classic"}, "sell it", "'sell' takes nothing after it, got 'it'"),
    ("bidder-up", {}, "pass pass", "'pass' takes nothing after it, got 'pass'"),
    ("bidder-up", {}, "end now", "'end' takes nothing after it, got 'now'"),
    ("youre-bluffing", {}, "pass pass", "'pass' takes nothing after it, got 'pass'"),
])
def test_a_known_word_with_more_after_it_is_told_so_not_called_unknown(name, options, text, says):
    """The auctions' and Bidder Up!'s parsers called "pass pass" an unknown action, and a
    panel then answered "can't pass: it is not a move of this game" beside its Pass button."""
    from bluffkit.core.errors import NotationError, unknown_move
    with pytest.raises(NotationError) as e:
        make_game(name, **options).parse(text)
    assert str(e.value) == says and not unknown_move(e.value)


def test_the_auction_notation_reads_tabs_and_a_cat_in_the_bag_not_set_out_says_so():
    """The stand-alone auction's parser split on one space ("bid\\t10" was unknown), and a
    bidder's view of a Cat in the Bag before its pen was dealt read "a face-down animal from
    the pen (nothing)"."""
    from bluffkit.auctions.actions import Bid
    g = make_game("auction", format="classic")
    assert g.parse("bid\t10") == Bid(10) and g.parse("  pass ") == g.parse("pass")
    cat = make_game("auction", format="cat-in-the-bag")
    s = cat.new_state(3)
    assert cat.is_chance(s) and "lot: not set out yet" in cat.describe(cat.observe(s, 1), ["A", "B", "C"])


def _swollen(action):
    """Copies of ``action`` with one number made absurd: an int field of 5,001 digits, a
    count of notes (or a card id) of ten million."""
    import dataclasses
    for f in dataclasses.fields(action):
        v = getattr(action, f.name)
        if type(v) is int:
            yield dataclasses.replace(action, **{f.name: 10 ** 5000})
            yield dataclasses.replace(action, **{f.name: -10 ** 5000})
        elif type(v) is tuple and v and all(type(x) is int for x in v):
            for big in (10 ** 7, 10 ** 5000):
                yield dataclasses.replace(action, **{f.name: (big,) + v[1:]})
                yield dataclasses.replace(action, **{f.name: v[:-1] + (big,)})


@pytest.mark.parametrize("name, options, players", [
    ("youre-bluffing", {}, 3), ("horse-trading", {}, 4), ("bloff", {}, 3), ("bluffer", {}, 3),
    ("bidder-up", {}, 3), ("auction", {"format": "classic"}, 3), ("auction", {"format": "american-count"}, 4),
    ("auction", {"format": "secret-count"}, 3), ("auction", {"format": "dutch"}, 3),
])
def test_a_move_holding_an_absurd_number_is_refused_in_a_few_words(name, options, players):
    """A script's move can hold any int. Refusing a payment of ten million 0-notes wrote
    every note out (a billion took 96 s and a message of gigabytes); a Bløff card id of ten
    million was written with a star per deck; and asking a Legal directly about a number
    Python cannot write (past 4,300 digits) ended in a ValueError in You're Bluffing!'s bids
    and trades, Bluffer's votes and the American Count's raises. Every such move, asked of
    the Legal or played, is refused in a message of a few lines, and nothing changes."""
    from bluffkit.testing import assert_refused, random_decisions
    g = make_game(name, **options)
    rng = np.random.default_rng(5)
    tried = 0
    for seed in range(40):                  # (an auction is over in a few moves: play another)
        for s, seat, legal in random_decisions(g, players, np.random.default_rng(seed), limit=80):
            for bad in _swollen(legal.sample(rng)):
                reason = legal.explain(bad)
                if reason is not None:
                    assert len(reason[1]) < 600, (bad.__class__.__name__, reason[1][:200])
                err = assert_refused(g, s, seat, bad)      # (and nothing changed)
                assert len(str(err)) < 800, str(err)[:200]
                tried += 1
        if tried > 60:
            break
    assert tried > 60


def test_refusals_name_absurd_notes_and_cards_by_count():
    from bluffkit.core.money import said
    from bluffkit.games.bloff.cards import card_text
    d = (0, 10, 50, 100, 200, 500)
    assert said((10 ** 9, 4, 0, 0, 0, 0), d) == "4 x 10 + 1,000,000,000 x 0 (1,000,000,004 notes)"
    assert said((0, 3, 1, 0, 0, 0), d) == "50+10+10+10"
    assert said((10 ** 5000, 0, 0, 0, 0, 0), d) == "a number of 5,001 digits x 0 (a number of 5,001 digits notes)"
    assert card_text(-1) == "#-1" and card_text(52 * 2) == "#104" and card_text(52 + 40) == "JS*"


@pytest.mark.parametrize("name, options, players", [("auction", {"format": "secret-count"}, 3),
                                                    ("auction", {"format": "classic"}, 3), ("bidder-up", {}, 3)])
def test_a_move_built_with_other_note_values_is_refused_so_the_log_stays_readable(name, options, players, tmp_path):
    """The auctions' and Bidder Up!'s moves carry the note values they are written in
    (``denoms``). A move built with other values was played by its counts and then written
    in those values: "lay 5+5" went into the log, which could not be read back."""
    import dataclasses

    from bluffkit.testing import assert_refused, random_decisions
    g = make_game(name, **options)
    rng, tried = np.random.default_rng(2), 0
    for seed in range(30):
        for s, seat, legal in random_decisions(g, players, np.random.default_rng(seed), limit=60):
            move = legal.sample(rng)
            if getattr(move, "denoms", None) is None:
                continue
            other = dataclasses.replace(move, denoms=(5,) + move.denoms[1:])
            err = assert_refused(g, s, seat, other, rule="bad-notes", says="this game's notes are 0, 10")
            assert "denoms" in str(err)
            tried += 1
    assert tried >= 5


def test_odd_note_values_a_deal_and_a_ticket_with_no_name_are_refused_in_words():
    """A move's note values given as an array ended in a ValueError when asked of the Legal
    (an array's == is no truth value); Bidder Up!'s deal carried other note values into the
    log unchecked; a ticket named None ended in an AttributeError."""
    import dataclasses

    from bluffkit.games.bidder_up.actions import Ticket
    from bluffkit.testing import assert_refused, random_decisions
    g = make_game("auction", format="secret-count")
    for s, seat, legal in random_decisions(g, 3, np.random.default_rng(1), limit=40):
        move = legal.sample(np.random.default_rng(0))
        if getattr(move, "denoms", None) is not None:
            odd = dataclasses.replace(move, denoms=np.array(move.denoms))
            assert legal.explain(odd)[0] in ("bad-notes", "plain-values")
            assert_refused(g, s, seat, odd)
            break
    else:
        raise AssertionError("no move with notes was drawn")
    for players in (2, 3):
        bu = make_game("bidder-up")
        s = bu.new_state(players)
        deal = bu.sample_chance(s, np.random.default_rng(3))
        assert_refused(bu, s, None, dataclasses.replace(deal, denoms=(5,) + deal.denoms[1:]), rule="bad-notes")
    fair = make_game("bidder-up", board="fairground")
    s = fair.state_from_position(3, current=0, roll=2)
    err = assert_refused(fair, s, 0, Ticket(None, ()))
    assert "None" in str(err)


def test_a_bidder_up_bound_set_by_another_option_names_that_option_too():
    """notes=[0]*6 was refused as 'piggy_take can be at most 0 (the notes in the game)',
    naming only an option the user had not set; min_players=0 as 'the game is for 2 to 4
    players', naming no option."""
    with pytest.raises(RulesError, match=r"piggy_take can be at most 0 \(the notes in the game: "
                                         r"notes=\[0, 0, 0, 0, 0, 0\] gives 0; give more notes or a smaller piggy_take\)"):
        make_game("bidder-up", notes=[0] * 6)
    with pytest.raises(RulesError, match="^min_players and max_players: the game is for 2 to 4 players, got 0 to 4$"):
        make_game("bidder-up", min_players=0)
