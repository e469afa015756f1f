"""Bots by name: what a name builds, what a bot built by name is told, and the names,
scripts and parameters that are no bot, refused in words (never a KeyError or an
IndexError from inside the registry)."""

from __future__ import annotations

import re

import pytest

from bluffkit.agents.auction import Bidder
from bluffkit.agents.base import bot_names, make_agent
from bluffkit.agents.bluffer import BluffBot, check_spot, deck_facts
from bluffkit.core.errors import RulesError
from bluffkit.core.game import make_game
from bluffkit.core.play import play


@pytest.mark.parametrize("name", ["random ", " random", "heuristic\n", "Random"])
def test_a_name_with_spaces_around_it_or_another_case_is_an_unknown_agent(name):
    """A name is read as written (the command line splits ``--agents`` at the commas and
    strips each name before it gets here): "random " is no bot of You're Bluffing!, and
    the player is told the names there are."""
    with pytest.raises(RulesError) as info:
        make_agent(name, make_game("youre-bluffing"))
    assert str(info.value) == (f"unknown agent {name!r}; choose from heuristic, random "
                               f"or script:MOVE;MOVE;...")


@pytest.mark.parametrize(("game_name", "spec", "name"), [("bluffer", "spot 0.7 ", "bluffbot(spot=0.7)"),
                                                          ("bluffer", " spot 0.7", "bluffbot(spot=0.7)"),
                                                          ("auction", "shade 0.5\n", "shade 0.5"),
                                                          ("auction", " shade 0.5", "shade 0.5")])
def test_a_bot_with_a_parameter_and_spaces_around_it_is_an_unknown_agent_too(game_name, spec, name):
    """A name with a parameter is read as written, as a plain name is: "spot 0.7 " is no
    bot, just as "random " is none (the parameter's own spaces are not its neighbours')."""
    game = make_game(game_name)
    with pytest.raises(RulesError, match="^" + re.escape(f"unknown agent {spec!r}; choose from ")):
        make_agent(spec, game)
    assert make_agent(spec.strip(), game).name == name


def test_an_empty_list_of_bots_is_refused():
    with pytest.raises(RulesError, match=r"^agents: a list of at least one bot's name, got an empty list$"):
        bot_names([])
    with pytest.raises(RulesError, match=r"^field: a list of at least one bot's name"):
        bot_names((), what="field")


def test_a_script_that_runs_out_says_so():
    """Seat 0 leads with its one scripted move (an auction); when the bidding comes back
    to it (to sell or buy back), it has no move left and the game stops with that, not
    with an index out of range."""
    game = make_game("youre-bluffing")
    script = make_agent("script:auction", game)
    with pytest.raises(RulesError, match=r"^the script for seat 0 has run out after 1 move$"):
        play(game, [script, make_agent("random", game), make_agent("random", game)], seed=1, max_steps=200)
    assert script.i == 1


def test_registry_bots_are_named_as_they_are_looked_up_again():
    """The shade bidder of the registry is the one of ``Bidder(strategy="shade")`` (it
    shaves 0.2 off), and the name it is recorded under, "shade 0.2", builds it again."""
    game = make_game("auction")
    shade = make_agent("shade", game)
    assert shade.name == "shade 0.2" == Bidder(strategy="shade").name
    again = make_agent(shade.name, game)
    assert (again.strategy, again.shade) == ("shade", 0.2)


def test_a_bluffer_bot_is_rebuilt_from_its_recorded_name():
    """A BluffBot with spot 0.7 is recorded as "bluffbot(spot=0.7)"; that name, read back
    (a saved game's seats), is the same bot."""
    game = make_game("bluffer")
    assert BluffBot(0.7).name == "bluffbot(spot=0.7)"
    bot = make_agent("bluffbot(spot=0.7)", game)
    assert isinstance(bot, BluffBot) and bot.spot == 0.7


def test_a_bluffer_bot_built_by_name_knows_the_facts_of_the_games_deck():
    """Players of Bluffer know some facts (the bot's spot says how often it recalls one):
    built by name for a game, a bot is told every fact of that game's deck."""
    game = make_game("bluffer")
    facts = deck_facts(game.deck)
    assert facts
    assert make_agent("sharp", game).facts == facts
    assert make_agent("spot 0.3", game).facts == facts


@pytest.mark.parametrize("spot", [1.5, 40, -0.1])
def test_a_spot_rate_above_one_is_refused(spot):
    """A spot rate is a probability: 1.5 is none, and a percent (40) is told the fraction
    it meant."""
    hint = " (0.4, not 40)" if spot > 1 else ""
    with pytest.raises(RulesError) as info:
        BluffBot(spot=spot)
    assert str(info.value) == f"spot: a spot rate is a probability from 0 to 1{hint} or None, got {spot!r}"
    with pytest.raises(RulesError, match=r"probability from 0 to 1"):
        check_spot(spot)


def test_a_shade_above_one_is_refused():
    """Shading 1.5 of the value would bid below nothing."""
    with pytest.raises(RulesError, match=r"^shade is a fraction from 0 to 1, got 1.5$"):
        Bidder(strategy="shade", shade=1.5)
    with pytest.raises(RulesError, match=r"^shade is a fraction from 0 to 1, got -0.1$"):
        Bidder(strategy="shade", shade=-0.1)


@pytest.mark.parametrize("spec", ["spot 0.7", "spot:0.7"])
def test_a_bluffer_bot_with_a_spot_rate_is_built_with_a_space_or_a_colon(spec):
    """"spot 0.7" and "spot:0.7" (the command line's form) build the same bot."""
    bot = make_agent(spec, make_game("bluffer"))
    assert isinstance(bot, BluffBot) and bot.spot == 0.7 and bot.name == "bluffbot(spot=0.7)"


@pytest.mark.parametrize("spec, got", [("spot 1.5", "1.5"), ("spot -0.1", "-0.1"), ("spot half", "half"),
                                       ("spot:40", "40")])
def test_a_spot_rate_that_is_no_fraction_is_refused_in_words_not_as_an_unknown_bot(spec, got):
    """"spot P" with a P that is no fraction from 0 to 1 is refused with what spot takes and
    what it got, not taken for an unknown bot."""
    with pytest.raises(RulesError) as info:
        make_agent(spec, make_game("bluffer"))
    message = str(info.value)
    assert "spot takes a fraction from 0 to 1" in message and message.endswith(f"got {got!r}"), message
    assert "unknown agent" not in message


def test_a_parameter_word_alone_is_an_unknown_bot():
    """"spot" with no rate is no "spot P": it is an unknown bot, and the message names the
    bots there are and the "spot P" form."""
    with pytest.raises(RulesError, match=r"^unknown agent 'spot'; choose from .*'spot P'"):
        make_agent("spot", make_game("bluffer"))


@pytest.mark.parametrize("names, bad", [(["random", " "], "' '"), (["random", ""], "''"), (["random", 3], "3")])
def test_a_list_of_bots_with_a_blank_or_no_name_is_refused(names, bad):
    with pytest.raises(RulesError, match=r"^agents: a list of bots' names \(text\), got " + re.escape(bad)):
        bot_names(names)


def test_a_script_skips_empty_moves():
    """A trailing or doubled separator in a script ("auction;;pass;") adds no empty move."""
    script = make_agent("script:auction;;pass; ;", make_game("youre-bluffing"))
    assert len(script.moves) == 2


def test_an_object_that_acts_is_taken_as_a_bot_and_one_that_does_not_is_refused():
    class Acts:
        def act(self, obs, legal, rng):
            return None

    bot = Acts()
    assert make_agent(bot) is bot

    class NamedOnly:
        name = "named"

    with pytest.raises(RulesError, match=r"^an agent must be a name or an object with act\(\), got "):
        make_agent(NamedOnly())


def test_a_bluffer_bot_told_about_the_game_keeps_the_facts_it_was_given():
    """A bot built with its own facts (here a false one) keeps them when seated at a game;
    only a bot with no facts learns the deck's."""
    from bluffkit.agents.base import tell_agent
    game = make_game("bluffer")
    mine = {"octopus-hearts": "two"}
    assert tell_agent(BluffBot(1.0, facts=mine), game).facts == mine
    assert tell_agent(BluffBot(1.0), game).facts == deck_facts(game.deck)


def test_a_name_that_only_begins_with_a_parameter_word_is_an_unknown_bot():
    """"spotty 0.5" is no "spot P"."""
    with pytest.raises(RulesError, match=r"^unknown agent 'spotty 0.5'; choose from "):
        make_agent("spotty 0.5", make_game("bluffer"))


def test_a_name_given_as_bytes_is_refused_as_a_text_would_be():
    """b"random" is one name, not a list: it would be read byte by byte."""
    with pytest.raises(RulesError, match=r"^agents: a list of bots' names, e.g. \[b'random'\], not a text"):
        bot_names(b"random")


def test_bots_given_as_the_command_line_writes_them_are_shown_as_the_list_to_give():
    """``"caller,honest,random"`` (the command line's ``--agents``) is refused as a text;
    the example in the refusal is the list of the three names, which works, not a list
    of the one text, which would be refused again as an unknown bot."""
    with pytest.raises(RulesError) as info:
        bot_names("caller,honest,random")
    assert "e.g. ['caller', 'honest', 'random'], not a text" in str(info.value)
    with pytest.raises(RulesError) as info:
        bot_names("script:auction,pass")      # a script is one bot, commas and all
    assert "e.g. ['script:auction,pass'], not a text" in str(info.value)
    with pytest.raises(RulesError) as info:
        bot_names("random,script:auction,pass")     # names, then a script to the end
    assert "e.g. ['random', 'script:auction,pass'], not a text" in str(info.value)
    with pytest.raises(RulesError) as info:
        bot_names(" script:auction,pass")
    assert "e.g. ['script:auction,pass'], not a text" in str(info.value)
