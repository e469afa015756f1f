"""Each ruleset says its moves in its own rulebook's words: You're Bluffing!'s leader uses
the "right of preemption" over families and notes; Horse Trading's auctioneer may "Buy it
yourself", collects sets and holds money cards (HT "Auction", "The cards")."""

from __future__ import annotations

import re

import pytest

from bluffkit.core.game import make_game
from bluffkit.session import Session

NAMES = ["Ana", "Bo", "Cy"]


def _bought(name: str) -> tuple[Session, str]:
    """A game of ``name`` up to the leader's buy, and what the table said of it."""
    s = Session(make_game(name), ["human", "random", "random"], names=NAMES, seed=7)
    s.play("auction")
    s.advance()
    return s, s.play("buy")


@pytest.mark.parametrize("name, buys, not_said", [
    ("youre-bluffing", "Ana uses the right of preemption and owes", "buys it instead"),
    ("horse-trading", "Ana buys it instead and owes", "preemption"),
])
def test_the_buy_is_said_in_the_rulesets_words(name, buys, not_said):
    _, said = _bought(name)
    assert said.startswith(buys) and not_said not in said, said


def test_the_horse_trading_view_says_money_and_whose_turn_not_notes_and_leader():
    game = make_game("horse-trading")
    s = Session(game, ["human", "random", "random"], names=NAMES, seed=7)
    view = game.describe(s.observe(0), NAMES)
    assert "Ana's turn" in view and "your money" in view and "7 money cards" in view, view
    assert "leader" not in view and "notes" not in view, view
    yb = make_game("youre-bluffing")
    view = yb.describe(Session(yb, ["human", "random", "random"], names=NAMES, seed=7).observe(0), NAMES)
    assert "leader Ana" in view and "your notes" in view and "7 notes" in view, view


def test_the_end_says_sets_in_horse_trading_and_families_in_youre_bluffing():
    for name, word in (("horse-trading", "Every set is complete."), ("youre-bluffing", "Every family is complete.")):
        s = Session(make_game(name), ["random"] * 3, seed=1).run()
        assert word in s.says[-1], s.says[-1]


def test_the_table_panels_buy_button_and_prompt_use_the_rulesets_words():
    from bluffkit.widgets import TablePanel
    for name, button in (("horse-trading", "Buy it yourself"), ("youre-bluffing", "Buy it back")):
        t = TablePanel(name, players=3, humans=[0], names=NAMES, seed=7)
        t.try_move("auction")
        shown = [b.description for b in t.simple_box.children]
        assert "Sell" in shown and button in shown, (name, shown)
        assert f"or {button.lower()} for that price" in t.legal_text.value, t.legal_text.value


def test_refusals_phases_and_the_drawn_table_speak_the_rulesets_words_too():
    from bluffkit.core.errors import IllegalAction
    from bluffkit.games.youre_bluffing.narrate import HT_PHASE_WORDS, PHASE_WORDS
    from bluffkit.widgets.render import seat_html
    for name, todo, tag, money in (("horse-trading", "sell the lot or buy it;", "turn", "money cards face down"),
                                   ("youre-bluffing", "sell the lot or buy it back;", "leader", "notes face down")):
        s, _ = _bought(name)
        game = s.game
        s2 = Session(game, ["human", "random", "random"], names=NAMES, seed=7)
        s2.play("auction")
        s2.advance()
        with pytest.raises(IllegalAction) as e:
            s2.play("bid 50")
        assert todo in str(e.value), str(e.value)
        html = seat_html(game, s2.observe(0), NAMES)
        assert f"<span class='bk-tag'>{tag}</span>" in html and money in html, name
    assert "leader" in PHASE_WORDS["turn"] and "leader" not in HT_PHASE_WORDS["turn"] + HT_PHASE_WORDS["decide"]
    from bluffkit.core.spec import spec_of
    assert spec_of("horse-trading").phase_words.endswith(":HT_PHASE_WORDS")


#: You're Bluffing!'s words that Horse Trading's rulebook does not use (it says money
#: cards, sets, the auctioneer and "Buy it yourself").
YB_ONLY = r"\bnotes?\b|famil|\bleader\b|buy it back|preemption"


def test_horse_tradings_refusals_views_and_prompts_never_say_you_re_bluffing_s_words():
    """A sweep over random Horse Trading games: every refusal of a probe move, every seat's
    text view and the panel's prompt and controls are in Horse Trading's words."""
    import re

    import numpy as np

    from bluffkit.core.errors import BluffkitError
    from bluffkit.widgets import TablePanel
    from bluffkit.widgets.words import yb_prompt
    game = make_game("horse-trading")
    probes = ("bid 10", "pass", "sell", "buy", "accept", "auction", "pay 10", "trade 1 9 10", "counter 10",
              "offer 10", "bid 5", "pay 10+10+10+0", "pay 7", "trade 1 9 10+3")
    said, rng = [], np.random.default_rng(0)
    for seed in range(3):
        s = Session(game, ["random"] * 3, names=NAMES, seed=seed)
        while not s.over and len(said) < 3000:
            for seat in range(3):
                obs = s.observe(seat)
                said.append(game.describe(obs, NAMES))
                said.append(yb_prompt(NAMES[seat], obs, NAMES))
                for move in probes[int(rng.integers(len(probes)))::5]:
                    try:
                        game.step(s.state, seat, move)
                    except BluffkitError as e:
                        said.append(str(e))
            s.advance(limit=1)
    refusals = [x for x in said if "[rule:" in x]
    assert len(refusals) > 100 and len(said) > 1000, (len(refusals), len(said))
    bad = [x for x in said if re.search(YB_ONLY, re.sub(r"\[rule: [^\]]*\]", "", x))]
    assert not bad, bad[:5]
    s, _ = _bought("horse-trading")                        # Ana owes 30: the shared money rules' refusals
    for probe, says in (("pay 10+10+10+0", "zero money cards are never part of a payment"),
                        ("pay 7", "there is no money card worth 7 (money cards are 0, 10,"),
                        ("pay note", "'note' is not a money card value"),         # the player's word as typed
                        ("trade 1 note 10", "'note' is not an animal")):
        with pytest.raises(BluffkitError) as e:
            game.step(s.state, 0, probe)
        assert says in str(e.value), str(e.value)
    t = TablePanel("horse-trading", players=3, humans=[0], names=NAMES, seed=7)
    controls = [t.pay_button.tooltip, t.money_box.children[1].value]
    t.try_move("auction")
    t.try_move("buy")                                      # Ana buys it: her money cards to click
    assert t.note_toggles, "a payment to choose"
    controls += [n.tooltip for n in t.note_toggles]
    t.note_toggles[0].value = True                         # one chosen: "chosen: 1 money card = ..."
    assert "chosen: <b>1 money card = " in t.chosen.value, t.chosen.value
    controls.append(t.chosen.value)
    titles = re.findall(r"title='([^']*)'", t.view.value)
    assert "a money card of 10" in titles, titles
    controls += titles
    assert not [c for c in controls if re.search(YB_ONLY, c)], controls


def test_a_horse_trading_card_is_named_by_its_rank_and_its_animal_for_a_screen_reader():
    """A Horse Trading card's picture was named only "4" for a screen reader; its animal and
    value were in the mouse's tooltip alone."""
    import re

    from bluffkit.widgets.render import card_html
    rules = make_game("horse-trading").rules
    html = card_html(rules, 3)
    label = re.search(r"aria-label='([^']*)'", html)[1]
    assert label == f"{rules.labels[3]}, {rules.families[3]} (set value {rules.family_values[3]})", label
    yb = make_game("youre-bluffing").rules
    assert re.search(r"aria-label='([^']*)'", card_html(yb, 3))[1] == f"{yb.labels[3]} (family value {yb.family_values[3]})"


def test_the_money_a_bidder_had_to_show_is_drawn_as_horse_tradings_money_cards():
    """The drawn auction box showed the money of a bidder who could not pay with the
    tooltip "a note of 0" in Horse Trading."""
    import re

    from bluffkit.widgets import ScenarioPlayer
    p = ScenarioPlayer("ht-cant-pay")
    p.go(6)
    shown = p.table.value.split("could not pay and showed all their money")[1].split("</span></span>")[0]
    titles = re.findall(r"title='([^']*)'", shown)
    assert titles and all(t.startswith("a money card of ") for t in titles), titles


@pytest.mark.parametrize("name, money, other", [("horse-trading", "MONEY", "NOTES"), ("youre-bluffing", "NOTES", "MONEY")])
def test_a_moves_form_names_the_money_in_the_rulesets_word(name, money, other):
    """The form of a trade, an offer, a counter and a payment: Horse Trading's 'offer MONEY',
    in the help a player reads at the terminal, in the legal moves' words and in the
    refusal of a move typed without its money."""
    import numpy as np

    from bluffkit.core.errors import NotationError
    game = make_game(name)
    said = []
    for head in ("offer", "counter", "pay", "trade 1"):
        with pytest.raises(NotationError) as refused:
            game.parse(head)
        said.append(str(refused.value))
    forms = set()
    for seed in range(6):                       # games of people, a random move each, up to the trades
        s = Session(game, ["human"] * 3, names=NAMES, seed=seed)
        rng = np.random.default_rng(seed)
        while not s.over and len(s.moves) < 400:
            s.advance()
            if s.over:
                break
            seat = s.to_move[0]
            obs, legal = s.observe(seat), s.legal(seat)
            for text in (game.describe(obs, NAMES, legal=True), legal.description):
                said.append(text)
                forms.update(f for f in (f"offer {money}", f"counter {money}", f"trade SEAT ANIMAL {money}") if f in text)
            s.play(legal.sample(rng), seat)
    assert forms >= {f"counter {money}", f"trade SEAT ANIMAL {money}"}, forms    # (and 'offer', where asked)
    assert all(f"{other}" not in text for text in said), [t for t in said if other in t][:3]
    assert sum(f"'pay {money}'" in t or f"'offer {money}'" in t for t in said) >= 2
    with pytest.raises(NotationError) as refused:           # the player's own words, quoted, as typed
        game.parse("pass offer NOTES")
    assert "got 'offer NOTES'" in str(refused.value), refused.value


@pytest.mark.parametrize("name, example", [("horse-trading", "'trade 1 6 10+0+0'"),
                                           ("youre-bluffing", "'trade 1 goat 10+0+0'")])
def test_the_example_of_a_trade_names_an_animal_of_the_ruleset(name, example):
    """Horse Trading's refusal of a trade written short gave You're Bluffing!'s example,
    'trade 1 goat 10+0+0': its animals are ranks (docs/youre-bluffing.md: 'trade 1 6 10+0+0')."""
    from bluffkit.core.errors import NotationError
    game = make_game(name)
    with pytest.raises(NotationError) as refused:
        game.parse("trade 1")
    assert str(refused.value).endswith(f"e.g. {example}"), refused.value
    assert game.notation(game.parse(example.strip("'"))) == example.strip("'")


@pytest.mark.parametrize("name, variants, opens", [
    ("youre-bluffing", [], r"The auction for the [a-z]+ is open\."),
    ("horse-trading", ["double-auction"], r"The auction for the [0-9JQKA]+ and the [0-9JQKA]+ is open\."),
])
def test_the_lot_put_up_is_named_with_its_article(name, variants, opens):
    """The turned-up animal is auctioned (YB "The Auctions"): "the auction for the goat", not "for goat"."""
    import re
    s = Session(make_game(name, variants=variants), ["human", "random", "random"], names=NAMES, seed=7)
    s.play("auction")
    s.advance()
    said = next(line for line in s.says if "The auction for" in line)
    assert re.search(opens, said), said


def test_two_equal_animals_put_up_together_are_said_together():
    """The Quick game's lot of two geese read "The auction for the goose and the goose"."""
    from bluffkit.games.youre_bluffing.narrate import lot_words
    yb, ht = make_game("youre-bluffing").rules, make_game("horse-trading").rules
    goose, ace = yb.labels.index("goose"), ht.labels.index("A")
    assert lot_words(yb, (goose, goose)) == "the two geese"
    assert lot_words(ht, (ace, ace)) == "the two A's" and lot_words(ht, (ace,)) == "the A"


@pytest.mark.parametrize("name, variant, button, phase", [
    ("youre-bluffing", "quick", "Buy them back", "the leader sells the animals or buys them back"),
    ("horse-trading", "double-auction", "Buy them yourself", "the auctioneer sells the animals or buys them"),
])
def test_a_lot_of_two_animals_is_sold_or_bought_back_as_them(name, variant, button, phase):
    """YB "Quick Game" and HT's double auction put two animals up at once; the leader's
    buttons, prompt and the table's phase spoke of "it" and "the animal"."""
    from bluffkit.widgets import TablePanel
    t = TablePanel(name, players=3, humans=[0], names=NAMES, seed=7, variants=[variant])
    t.try_move("auction")
    shown = [b.description for b in t.simple_box.children]
    assert "Sell" in shown and button in shown, shown
    assert f"or {button.lower()} for that price" in t.legal_text.value, t.legal_text.value
    assert f"now: {phase}" in t.view.value, t.view.value


def test_a_lot_of_two_is_them_in_the_free_take_the_text_view_and_the_refusal():
    """The lot of two was still "it" where no bid comes ("takes it for free"), listed bare in
    the text view ("auction of goose, goose"), and a refused Buy read "Ana can't buy it back:
    the leader may buy them back ..." (Horse Trading has no "back")."""
    from bluffkit.core.errors import IllegalAction
    from bluffkit.widgets.words import refusal
    game = make_game("youre-bluffing", variants=["quick"])
    s = Session(game, ["random", "random", "random"], names=NAMES, seed=6).run()
    free = [line for line in s.says if "for free" in line]
    assert free and all(line.endswith("takes them for free.") for line in free), free
    s = Session(game, ["human", "random", "random"], names=NAMES, seed=7)
    s.play("auction")
    s.advance()
    view = game.describe(s.observe(0), NAMES)
    lot = next(line for line in view.splitlines() if "auction of" in line)
    assert re.search(r"auction of the (two \w+|\w+ and the \w+):", lot), lot
    for name, variant in (("youre-bluffing", "quick"), ("horse-trading", "double-auction")):
        s = Session(make_game(name, variants=[variant]), ["human", "human", "human"], names=NAMES, seed=7)
        s.play("auction")
        s.advance()
        for seat, move in ((1, "bid 10"), (2, "pass")):
            s.play(move, seat)
        assert s.state.phase == "decide"
        with pytest.raises(IllegalAction) as info:
            s.play("buy", 1)                 # Bo is no leader: only Ana may sell or buy
        said = refusal("Bo", "buy", info.value, NAMES)
        assert said.startswith("Bo can't buy: ") and "buy it" not in said and "buy them" in said, said


def test_a_trade_and_a_counted_payment_count_money_in_the_rulesets_word():
    """The panel's buttons said "Offer 3 face-down notes", the narration "a face-down offer
    of 3 cards" (the animals are cards too): bluffkit's notes for You're Bluffing!, Horse
    Trading's money cards (HT "The cards")."""
    from bluffkit.core.errors import count as counted
    for name, word in (("youre-bluffing", "note"), ("horse-trading", "money card")):
        s = Session(make_game(name, payment_seen="count"), ["random"] * 3, names=NAMES, seed=3).run()
        said = [m for line in s.says for m in re.finditer(r"(?:offer of|counters with|again with| in) (\d+) (notes?|money cards?|cards?)\b", line)]
        assert said, name
        for m in said:
            assert f"{m.group(1)} {m.group(2)}" == counted(int(m.group(1)), word), m.group(0)
