"""Every worked example of the rulebooks runs as a scenario and reproduces its numbers."""

import json

import pytest
from paths import ODD_FILES, odd_file

from bluffkit.core import scenario as sc

NAMES = [p.stem for p in sc.scenario_paths()]

#: The numbers printed in the rulebooks (RULES.md: section 1, You're Bluffing! and Horse
#: Trading, seeds/000 and seeds/003; section 2, Bidder Up!, seeds/001; section 3, Bløff,
#: seeds/002), and the money that follows from them where an example happens mid-game
#: (Horse Trading's: from the 90 each player starts with; the scenario's note says how);
#: each must appear among the scenario expectations that hold, so that an edited scenario
#: cannot drop the rulebook's own figures. (Bluffer's rulebook, seeds/004, works no example
#: through with numbers: its scenarios are the project's own.)
RULEBOOK_NUMBERS = {
    "yb-scoring-2460": [("scores", {"Anna": 2460})],
    "ht-final-scores": [("scores", {"Anna": 2100, "Ben": 6400, "Carla": 4800}), ("winners", ["Ben"])],
    "ht-auction-ben-pays-100": [("money", {"Ben": 0, "Carla": 190, "Anna": 90}), ("high_bid", 60)],
    "ht-trade-anna-40-richer": [("money", {"Anna": 130, "Ben": 50})],
    # "offer the card to the other players three times ... the leader gets the offered card
    # without paying anything": still bidding after one call; the leader
    # keeps the animal free and the turn passes to the left
    "yb-no-bid-three-calls": [("phase", "bid"), ("herds", {"Anna": {"goose": 0}}),
                              ("herds", {"Anna": {"goose": 1}}), ("leader", "Ben")],
    # the paydays 50, 100, 200, 500 to every player; the bank starts with the 55 notes' 4700 less
    # 3 x 90 and gives 3 x (50 + 100 + 200 + 500)
    "yb-donkeys-paydays": [("money", {"Anna": 140, "Ben": 140, "Carla": 140}), ("bank", 4430), ("bank", 1880)],
    # moving 2 spaces more or fewer costs 1 + 2 = 3 notes
    "bu-board-move-two-more-costs-3": [("moved", {"steps": 3, "cost": 3}), ("moved", {"steps": 1, "cost": 3})],
    # Classic: Daniel wins at 120; she sells, or buys it and pays him 120
    "bu-classic-horse-120-sell": [("awards", [{"winner": "Daniel", "animals": ["horse"], "price": 120}]),
                                  ("owners", {"horse": "Daniel"})],
    "bu-classic-horse-120-buy": [("awards", [{"winner": "Daniel", "animals": ["horse"], "price": 120}]),
                                 ("owners", {"horse": "Annette"})],
    # Second Hand: Annette bids 120, Frank 100; Annette pays 100 (or André pays Annette 100)
    "bu-second-hand-cow-sell": [("awards", [{"winner": "Annette", "animals": ["cow"], "price": 100}]),
                                ("owners", {"cow": "Annette"})],
    "bu-second-hand-cow-buy": [("awards", [{"winner": "Annette", "animals": ["cow"], "price": 100}]),
                               ("owners", {"cow": "André"})],
    # Market: sheep 2 steps to 500, donkeys 1 step to 350, 4 notes in all
    "bu-board-market-sheep-500-donkey-350": [("market", {"sheep": 500, "donkey": 350}), ("piggy", 4)],
    "bu-board-animal-market-score-3050": [("scores", {"Daniel": 3050})],
    "bu-board-fairground-score-4250": [("scores", {"Daniel": 4250}), ("sow", "Daniel")],
    # loans: 100/200/500 notes cost 300/600/1500 points at the end
    "bu-board-two-player-loans": [("loans", {"Anna": 300}), ("loans", {"Ben": 1500}), ("loans", {"Anna": 900})],
    # Bløff: the jack and ten expose David; he takes all 8 cards; Anne ... goes on with fives
    "bloff-anne-calls-david": [("pile", 8), ("current", "Anne"), ("rank", "5")],
}


def test_there_are_scenarios():
    assert len(NAMES) >= 6


@pytest.mark.parametrize("name", NAMES)
def test_scenario_holds(name):
    res = sc.run(sc.find(name))
    bad = [f"after {c.after}: {c.key} expected {c.expected}, got {c.actual}" for c in res.checks if not c.ok]
    assert res.checks, f"{name} checks nothing"
    assert not bad, f"{name}: " + "; ".join(bad)
    assert len(res.narration) == len(res.scenario.moves)


@pytest.mark.parametrize("name", sorted(RULEBOOK_NUMBERS))
def test_rulebook_numbers_are_checked(name):
    res = sc.run(sc.find(name))
    held = [(c.key, c.expected) for c in res.checks if c.ok]
    for key, value in RULEBOOK_NUMBERS[name]:
        assert (key, value) in held, f"{name} does not check {key} = {value}"


def test_a_wrong_expectation_fails(tmp_path):
    data = json.loads(sc.find("ht-auction-ben-pays-100").path.read_text())
    data["expect"][-1]["money"]["Ben"] = 10
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data))
    res = sc.run(sc.load(path))
    assert not res.ok


def test_an_illegal_scenario_move_is_refused(tmp_path):
    data = json.loads(sc.find("ht-auction-ben-pays-100").path.read_text())
    data["moves"][3]["do"] = "bid 15"          # not a multiple of 10 in Horse Trading
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data))
    with pytest.raises(sc.ScenarioError) as info:
        sc.run(sc.load(path))
    # move 4 is Ben's (Carla's auction, the draw, Anna's bid, then Ben's), and the rule's
    # words name him too, as the file does, not by his seat's number
    assert 'move 4 ("Ben": "bid 15") is not allowed' in str(info.value), str(info.value)
    assert "; Ben may: pass, bid 20 or more" in str(info.value), str(info.value)


def test_an_expectation_naming_someone_who_is_not_a_seat_is_refused():
    data = _good()
    data["expect"].append({"after": 9, "money": {"Zed": 0}})
    with pytest.raises(sc.ScenarioError) as info:
        sc.run(sc.from_dict(data))
    assert 'expectation "money" after move 9 names ["Zed"], who are not seats ["Anna", "Ben", "Carla"]' in \
        str(info.value), str(info.value)


def test_a_bad_scenario_file_names_the_problem(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"name": "x", "title": "x", "game": "horse-trading", "seats": ["A", "B", "C"],'
                    ' "moves": [{"by": "Zed", "do": "auction"}]}')
    with pytest.raises(sc.ScenarioError, match="Zed"):
        sc.load(path)


def _good():
    return json.loads(sc.find("ht-auction-ben-pays-100").path.read_text())


MALFORMED = [
    ("a list", lambda d: [d], "a scenario is a JSON object"),
    ("no moves", lambda d: {k: v for k, v in d.items() if k != "moves"}, "missing key 'moves'"),
    ("unknown key", lambda d: {**d, "expects": []}, "unknown key \"expects\""),
    ("seats not a list", lambda d: {**d, "seats": {"Anna": 1}}, "seats: must be a non-empty list"),
    ("a seat that is a number", lambda d: {**d, "seats": ["Anna", 2, "Carla"]}, "seats[1]: must be non-empty text"),
    ("a seat called chance", lambda d: {**d, "seats": ["Anna", "chance", "Carla"]}, "seats[1]"),
    ("a move that is text", lambda d: {**d, "moves": ["Carla auction"]}, "move 1: must be an object"),
    ("a move with a number", lambda d: {**d, "moves": [{"by": "Carla", "do": 7}]}, "move 1 'do'"),
    ("an unknown move", lambda d: {**d, "moves": [{"by": "Carla", "do": "juggle"}]}, "move 1 (\"juggle\")"),
    ("a move's extra key", lambda d: {**d, "moves": [{"by": "Carla", "do": "auction", "who": 1}]},
     "move 1: unknown key \"who\""),
    ("after beyond the moves", lambda d: {**d, "expect": [{"after": 99, "money": {}}]},
     "expectation 1 'after': must be a move number 0..9"),
    ("after one past the moves", lambda d: {**d, "expect": [{"after": 10, "money": {}}]},
     "expectation 1 'after': must be a move number 0..9, got 10"),
    ("after as text", lambda d: {**d, "expect": [{"after": "3", "money": {}}]}, "expectation 1 'after'"),
    ("an expectation of nothing", lambda d: {**d, "expect": [{"after": 3}]}, "expectation 1: checks nothing"),
    ("an unknown game", lambda d: {**d, "game": "ludo"}, "game: unknown game 'ludo'"),
    ("options of the wrong kind", lambda d: {**d, "options": {"tie_break": ["shared"]}}, "options:"),
    ("variants among the options", lambda d: {**d, "options": {"variants": ["short"]}},
     'scenario: options: "variants" is no rule option: variants are named in the scenario\'s own key, '
     '"variants": ["short"]'),
    ("a start leader who is not a seat", lambda d: {**d, "start": {"leader": "Zed"}}, "start.leader: \"Zed\""),
    ("a start of the wrong shape", lambda d: {**d, "start": {"money": {"Ben": {"a": 1}}}}, "start:"),
    ("a start key the game does not take", lambda d: {**d, "start": {"weather": "rain"}}, "start:"),
    ("players given twice", lambda d: {**d, "start": {"players": 3}}, "start.players"),
    ("start money naming a stranger beside a seat",
     lambda d: {**d, "start": {**d["start"], "money": {"Ben": "50+50+0+0", "Zed": "10"}}},
     'scenario: start.money: "Zed" is not one of the seats ["Anna", "Ben", "Carla"]'),
    ("a blank title", lambda d: {**d, "title": "   "}, 'scenario: title: must be non-empty text, got text "   "'),
    ("a move by null", lambda d: {**d, "moves": [{**d["moves"][0], "by": None}, *d["moves"][1:]]},
     "scenario: move 1 'by': null is not one of the seats [\"Anna\", \"Ben\", \"Carla\"]"),
    ("an animal no family has", lambda d: {**d, "expect": [{"after": 9, "herds": {"Ben": {"unicorn": 1}}}]},
     'expectation 1 "herds": "unicorn" for "Ben" is not one of ["A", "2", "3"'),
    ("a You're Bluffing! animal in Horse Trading", lambda d: {**d, "expect": [{"after": 9, "herds": {"Ben": {"horse": 1}}}]},
     'expectation 1 "herds": "horse" for "Ben" is not one of'),
    ("no title", lambda d: {k: v for k, v in d.items() if k != "title"}, "scenario: missing key 'title'"),
    ("a variant that is a number", lambda d: {**d, "variants": [7]},
     "scenario: variants[0]: must be non-empty text, got a number 7"),
    ("options as a list", lambda d: {**d, "options": []},
     "scenario: options: must be an object of rule options, got a list"),
    ("no seats", lambda d: {**d, "seats": []}, "scenario: seats: must be a non-empty list of names, got []"),
    ("a seat named twice", lambda d: {**d, "seats": ["Anna", "Ben", "Anna"]}, 'scenario: seats[2]: "Anna" is named twice'),
    ("a move without 'by'", lambda d: {**d, "moves": [{"do": "auction"}, *d["moves"][1:]]},
     "scenario: move 1: needs 'by' (a seat or \"chance\") and 'do' (the move)"),
    ("a move's words that are a number", lambda d: {**d, "moves": [{**d["moves"][0], "say": 5}, *d["moves"][1:]]},
     "scenario: move 1 'say': must be text, got a number 5"),
    ("expect as an object", lambda d: {**d, "expect": {"after": 3, "money": {}}},
     "scenario: expect: must be a list of expectations, got an object"),
    ("after before the start", lambda d: {**d, "expect": [{"after": -1, "money": {}}]},
     "scenario: expectation 1 'after': must be a move number 0..9, got -1"),
    ("a note that is a number", lambda d: {**d, "expect": [{"after": 3, "money": {}, "note": 5}]},
     "scenario: expectation 1 'note': must be text, got a number 5"),
    ("an expectation of a note alone", lambda d: {**d, "expect": [{"after": 3, "note": "sold"}]},
     "scenario: expectation 1: checks nothing"),
]


@pytest.mark.parametrize("what, change, words", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_scenario_is_one_scenario_error_naming_the_place(what, change, words):
    with pytest.raises(sc.ScenarioError) as info:
        sc.from_dict(change(_good()))
    msg = str(info.value)
    assert msg.startswith("scenario: ") and "\n" not in msg
    assert words in msg, f"{words!r} not in {msg!r}"


def _with_start(name, **start):
    data = json.loads(sc.find(name).path.read_text())
    data["start"] = {**data.get("start", {}), **start}
    return data


#: A start position's fault in a value given per seat by name is named by that name, as the
#: file names the seat, not by the seat's number (money[1], "money of seat 1" before).
BY_NAME = [
    ("ht-auction-ben-pays-100", {"money": {"Ben": "50+zz"}}, "start: money.Ben: 'zz' is not a note value"),
    ("ht-auction-ben-pays-100", {"money": {"Carla": [1, 2]}}, "start: money.Carla must be notes as text"),
    ("ht-auction-ben-pays-100", {"herds": {"Carla": {"unicorn": 1}}}, "start: herds.Carla: 'unicorn' is not an animal"),
    ("bloff-anne-calls-david", {"hands": {"Anne": "AS,AH,AD,AC,2S,2H,2D,2C,3D,3C,4S,4H,5S", "Bjørn": "4C,ZZ",
                                          "Carla": "3S", "David": "4D"}}, "start: hands.Bjørn: 'ZZ' is not a card"),
    ("bloff-anne-calls-david", {"hands": {"Anne": "AS", "Bjørn": "4C", "Carla": 5, "David": "4D"}},
     "start: hands.Carla must be cards as text such as \"AS,10H\", got 5"),
    ("bu-board-two-player-gamble", {"money": {"Ben": 7}}, "start: money.Ben: notes as text such as \"100+50+0\", got 7"),
    ("bu-board-two-player-gamble", {"barns": {"Ben": ["unicorn"]}}, "start: barns.Ben: a list of animals"),
]


BY_NAME += [
    # what the file says is repeated as it is, even when it looks like a seat's place
    ("ht-auction-ben-pays-100", {"money": {"Ben": "money[0]"}}, "start: money.Ben: 'money[0]' is not a note value"),
    ("bu-board-two-player-gamble", {"barns": {"Ben": ["barns of seat 0"]}},
     "start: barns.Ben: a list of animals (rooster, goose, cat, dog, sheep, goat, donkey, pig, cow, horse), "
     "got ['barns of seat 0']"),
    ("bloff-anne-calls-david", {"hands": {"Anne": "AS"}}, "start: hands.Bjørn: no hand given"),
    # a fault in a value given by the seats' order keeps its place; only a message's start is renamed
    ("ht-auction-ben-pays-100", {"herds": [{}, {"money[0]": 1}, {}]}, "start: herds[1]: 'money[0]' is not an animal"),
    # an object naming no seat is passed on as it is (a pile is one); where the game wanted one entry per seat
    # the refusal says how to name them
    ("ht-auction-ben-pays-100", {"herds": {}}, "\"herds\" is an object naming none of the seats: name them "
                                                "({\"Anna\": ...}) or leave it out"),
    ("bloff-anne-calls-david", {"hands": {}}, "\"hands\" is an object naming none of the seats"),
    ("bloff-anne-calls-david", {"hands": {"Ann": "AS"}}, "\"hands\" is an object naming none of the seats: name "
                                                          "them ({\"Anne\": ...})"),
]


def test_a_start_object_of_its_own_is_not_blamed_for_another_keys_fault():
    """A pile's families are an object naming no seat, rightly: a fault in the money
    beside it must not tell the author to name the pile's seats."""
    with pytest.raises(sc.ScenarioError) as info:
        sc.from_dict(_with_start("yb-donkeys-paydays", money="x"))
    assert "money must be a list" in str(info.value) and "pile" not in str(info.value), str(info.value)


@pytest.mark.parametrize("name, start, words", BY_NAME)
def test_a_start_position_fault_names_the_seat_as_the_file_does(name, start, words):
    with pytest.raises(sc.ScenarioError) as info:
        sc.from_dict(_with_start(name, **start))
    assert words in str(info.value), str(info.value)


@pytest.mark.parametrize("data", [b"\xff", b"9" * 5000, b"[" * 100_000, b"", b"null", b'{"name": 1e999}'])
def test_a_file_that_is_not_json_is_one_scenario_error(tmp_path, data):
    path = tmp_path / "x.json"
    path.write_bytes(data)
    with pytest.raises(sc.ScenarioError) as info:
        sc.load(path)
    assert str(info.value).startswith(f"{path}: ") and "\n" not in str(info.value)


@pytest.mark.parametrize("name, said", [("x" * 5000 + ".json", "no scenario file at"),
                                        ("a\x00b.json", "no scenario file at"), ("no-such.json", "no scenario file at"),
                                        ("/tmp/none/x", "no scenario file at"), ("\x1b[2J", "no scenario called"),
                                        ("yb-nope", "no scenario called \"yb-nope\"; there are: "),
                                        ("yb-scoring-246", "no scenario called \"yb-scoring-246\"; did you mean "
                                                           "'yb-scoring-2460'\\? there are: "),
                                        ("yb-scorin-246", "did you mean 'yb-scoring-2460'\\? ")])
def test_a_name_that_is_no_scenario_is_one_scenario_error(name, said):
    """A missing file's path was answered "no scenario called '/tmp/x.json'", as if it
    were a name; the path is named as a missing file now."""
    with pytest.raises(sc.ScenarioError, match=said) as info:
        sc.find(name)
    assert "\n" not in str(info.value)


@pytest.mark.slow                      # a fresh interpreter
def test_python_m_bluffkit_is_the_command_and_a_bare_scenario_asks_for_its_action():
    """``python -m bluffkit`` said "No module named bluffkit.__main__"; a bare ``bluffkit
    scenario`` said 'names' were required, though 'list' takes none."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "bluffkit", "scenario"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "the following arguments are required: action\n" in done.stderr, done.stderr


@pytest.mark.parametrize("kind", ODD_FILES)
def test_a_scenario_path_that_is_not_a_regular_file_is_refused_without_reading(tmp_path, kind):
    """A FIFO blocked ``scenario run`` for ever, and /dev/zero filled memory."""
    path = odd_file(tmp_path / "odd.json", kind)
    with pytest.raises(sc.ScenarioError, match="not a regular file .* never read as a scenario"):
        sc.load(path)


@pytest.mark.parametrize("name", NAMES)
def test_every_step_of_a_worked_example_keeps_each_seats_secrets(name):
    """The conformance suite's hidden-information checks (observations and moves against
    redealt states, refusals, narration, changed moves) at every step of each worked
    example: a rulebook's example reaches on purpose what random games seldom do (a trade
    tie and its re-offer, a payment by count, a Cat in the Bag), where a leak once hid."""
    from bluffkit.testing import check_line
    s = sc.find(name)
    report = check_line(s.game, s.players, s.first_state(), [(seat, a) for seat, a, _ in s.moves], f"{name}: ")
    assert report["steps"] == len(s.moves) and report["observations"] > 0


def test_a_redeal_that_deals_a_table_the_seat_rules_out_is_caught(monkeypatch):
    """Break on purpose: a redeal that pools the money a bidder showed (which every seat
    saw, and which cannot move before the auction is settled) gives a table the seat's
    view rules out; the check of redealt states against the invariants finds it on the
    Horse Trading example of a bidder who cannot pay."""
    import dataclasses

    from bluffkit.games.youre_bluffing import invariants
    from bluffkit.testing import check_line

    def pools_shown(s, seat, rng):
        # every other hand pooled and dealt again, the shown ones too
        holders = [i for i in range(len(s.money)) if i != seat]
        pool = [d for i in holders for d, c in enumerate(s.money[i]) for _ in range(c)]
        pool = [pool[k] for k in rng.permutation(len(pool))]
        money, k = list(s.money), 0
        for i in holders:
            n = sum(s.money[i])
            money[i] = tuple(pool[k:k + n].count(d) for d in range(len(s.rules.denominations)))
            k += n
        return dataclasses.replace(s, money=tuple(money))

    s = sc.find("ht-cant-pay")
    moves = [(seat, a) for seat, a, _ in s.moves]
    check_line(s.game, s.players, s.first_state(), moves, "ht-cant-pay: ")      # as shipped: passes
    monkeypatch.setattr(invariants, "redeal_hidden", pools_shown)
    with pytest.raises(AssertionError, match="hide_from for seat .* dealt a position the rules rule out.*showed"):
        check_line(s.game, s.players, s.first_state(), moves, "ht-cant-pay: ")


def test_an_expectations_note_is_said_once_after_its_last_check():
    """A note explains an expectation's numbers: printed once, on its last check's line,
    not after each of them."""
    lines: list[str] = []
    s = sc.find("ht-auction-ben-pays-100")
    sc.run(s, echo=lines.append)
    for ex in s.expect:
        if ex.get("note"):
            said = [i for i, line in enumerate(lines) if line.endswith(f"[{ex['note']}]")]
            assert len(said) == 1, (ex["note"], lines)
            checks = [k for k in ex if k not in ("after", "note")]
            assert lines[said[0]].lstrip().startswith(f"ok   {checks[-1]} ="), lines[said[0]]


#: Wrong numbers for the Horse Trading auction example, each at the step the rulebook
#: gives them: after Ben's payment (move 9) Anna still has the 90 each starts with and Ben
#: holds the one 9 he bought and nothing else; after the sale (move 7) the high bid is 60.
WRONG_NUMBERS = [
    (9, "herds", {"Ben": {"9": 2}}, {"Ben": {"9": 1}}),       # the last check of the file
    (9, "herds", {"Ben": {"3": 1}}, {"Ben": {"3": None}}),    # a family Ben does not hold
    (9, "money", {"Anna": 0}, {"Anna": 90}),                  # a wrong 0 is wrong too
    (7, "high_bid", 50, 60),
]


@pytest.mark.parametrize("after, key, wrong, shown", WRONG_NUMBERS)
def test_a_wrong_number_fails_the_scenario_naming_the_step_and_the_number(after, key, wrong, shown):
    data = _good()
    data["expect"].append({"after": after, key: wrong})
    lines: list[str] = []
    res = sc.run(sc.from_dict(data), echo=lines.append)
    assert not res.ok
    assert [(c.after, c.key, c.expected) for c in res.checks if not c.ok] == [(after, key, wrong)]
    # the failing line gives the number expected and the one found, for the seats named only
    assert f"      FAIL {key} = {json.dumps(wrong)} (actual: {json.dumps(shown)})" in lines, lines


def test_a_family_not_held_counts_as_zero_but_a_missing_seat_does_not():
    """Inside a seat's counts a family not held is 0; a seat the fact does not list is
    not taken for a 0."""
    assert sc.Check(0, "herds", {"Ben": {"3": 0}}, {"Ben": {"9": 1}}).ok
    assert not sc.Check(0, "loans", {"Ben": 0}, {"Anna": 300}).ok


@pytest.mark.parametrize("method, words", [
    ("parse", "scenario: move 1 (\"auction\"): not a move of horse-trading (TypeError: "),
    ("facts", "scenario: start: not a start position of horse-trading (TypeError: "),
    ("step", "ht-auction-ben-pays-100: move 1 (\"Carla\": \"auction\") is not allowed: TypeError: ")])
def test_game_code_failing_on_a_value_is_one_scenario_error(monkeypatch, method, words):
    """A game whose code fails with a Python error (not a refusal of its own) on a move or a
    start position is named in one line, with the place, never a traceback."""
    data = _good()
    game = sc.from_dict(data).game

    def broken(self, *args, **kwargs):
        raise TypeError("unhashable type: 'list'")
    monkeypatch.setattr(type(game), method, broken)
    with pytest.raises(sc.ScenarioError) as info:
        sc.run(sc.from_dict(data))
    msg = str(info.value)
    assert "\n" not in msg and words in msg, msg


def test_a_file_that_is_not_utf8_is_named_at_its_line(tmp_path):
    path = tmp_path / "latin.json"
    path.write_bytes(b'{\n "name": "x",\n "title": "caf\xe9"\n}')
    with pytest.raises(sc.ScenarioError) as info:
        sc.load(path)
    assert str(info.value) == f"{path}: line 3: not UTF-8 text (byte 0xe9)"


def test_a_value_repeated_in_a_refusal_is_cut_short_and_its_control_characters_escaped():
    long = "A" * 500
    with pytest.raises(sc.ScenarioError) as info:
        sc.from_dict({**_good(), "seats": [long, "Ben", long]})
    msg = str(info.value)
    assert f'seats[2]: "{"A" * 56}... is named twice' in msg and len(msg) < 200, msg
    with pytest.raises(sc.ScenarioError) as info:
        sc.from_dict({**_good(), "seats": ["\u202eevil", "Ben", "\u202eevil"]})
    assert 'seats[2]: "\\u202eevil" is named twice' in str(info.value) and "\u202e" not in str(info.value)
    just = "B" * 58                        # 60 characters as JSON: shown whole
    with pytest.raises(sc.ScenarioError) as info:
        sc.from_dict({**_good(), "seats": [just, "Ben", just]})
    assert f'seats[2]: "{just}" is named twice' in str(info.value), str(info.value)


def test_a_run_says_the_example_its_source_and_each_moves_own_words():
    lines: list[str] = []
    s = sc.find("ht-auction-ben-pays-100")
    sc.run(s, echo=lines.append)
    assert lines[0] == f"{s.title}  (Horse Trading rules, 'Auction', example)"
    moves = [line for line in lines if line[:4].strip().rstrip(".").isdigit()]
    assert len(moves) == 9 and moves[0].endswith(" Carla holds an auction."), moves[0]
    assert moves[8].endswith(" Ben pays 50 + 50 = 100 and gets no change. He lays the 9 in front of him."), moves[8]
    # each move's line names who made it, as the file names the seat, and chance for a draw
    assert [m.split(":")[0].split()[-1] for m in moves[:3]] == ["Carla", "chance", "Anna"], moves[:3]


def test_a_folder_or_a_file_that_is_no_scenario_is_named_for_what_it_is(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("not a scenario")
    with pytest.raises(sc.ScenarioError, match="is a folder, not a scenario"):
        sc.find(str(tmp_path))
    with pytest.raises(sc.ScenarioError, match="is a file, not a scenario"):
        sc.find(str(notes))
    with pytest.raises(sc.ScenarioError, match="is a device or another special file, not a scenario"):
        sc.find("/dev/null")               # (it was called "a file")


def test_a_file_that_is_not_json_is_named_at_the_line_of_the_fault(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{\n "name": "x",\n "title" "x"\n}')
    with pytest.raises(sc.ScenarioError) as info:
        sc.load(path)
    assert str(info.value).startswith(f"{path}: line 3: not valid JSON")


@pytest.mark.parametrize("seats", [["Anna", "Ben"], ["Anna", "Ben", "Carla", "Dora", "Emil", "Finn"]])
def test_a_table_the_game_is_not_for_is_refused_at_its_seats(seats):
    """Horse Trading is for 3 to 5 players (RULES.md, section 1)."""
    data = {**_good(), "seats": seats, "start": {}, "moves": [], "expect": []}
    with pytest.raises(sc.ScenarioError, match=f"^scenario: seats: .*3 to 5 players, got {len(seats)}$"):
        sc.from_dict(data)


def test_an_after_of_true_is_no_move_number():
    with pytest.raises(sc.ScenarioError, match="expectation 1 'after': must be a move number 0..9, got true"):
        sc.from_dict({**_good(), "expect": [{"after": True, "money": {}}]})


def test_the_table_hears_a_move_as_the_game_tells_it_and_the_example_keeps_its_own_words():
    """Bløff's cards are laid face down and only the claim is said aloud (RULES.md, section 3):
    at move 5 the table hears Bjørn claim one two, and that he laid the nine of spades is the
    example's commentary, for the all-seeing view. ``public`` is what every seat may see;
    ``narration`` keeps the example's words."""
    s = sc.find("bloff-anne-calls-david")
    res = sc.run(s)
    said = json.loads(s.path.read_text())["moves"]
    assert res.narration == [m["say"] for m in said]
    assert "nine of spades" in res.narration[4]
    assert "one two" in res.public[4], res.public[4]
    for line in res.public[:13]:            # until the call turns David's cards, no card laid is named
        assert not any(card in line for card in ("9S", "4D", "JS", "10S", "nine", "jack")), line
    assert len(res.public) == len(s.moves)


def test_a_reason_is_one_line_cut_short_and_names_a_foreign_errors_type():
    assert sc._why(sc.ScenarioError("a\n  b")) == "a b"
    long = sc._why(sc.ScenarioError("x" * 500))
    assert len(long) <= 300 and long.endswith("x...")
    assert sc._why(KeyError("k")) == "KeyError: 'k'"
    assert sc._why(RecursionError("maximum recursion depth exceeded")) == "RecursionError: nested too deeply"


def test_a_bluffer_start_names_each_finished_rounds_winners_as_it_names_the_leader():
    """``round_winners`` in a start position lists seats by name, as ``leader`` does and as
    the expectations list them; a seat number there is refused naming the seats."""
    data = _with_start("bluffer-round-tie", round=1, round_winners=[["Chloé", "Anne"]])
    state = sc.from_dict(data).first_state()
    assert state.round_winners == ((0, 2),) and state.round == 1
    data = _with_start("bluffer-round-tie", round=1, round_winners=[[2, 0]])
    with pytest.raises(sc.ScenarioError, match=r'start\.round_winners: 2 is not one of the seats \["Anne", "Ben", '):
        sc.from_dict(data)


def _numbers(value) -> set[int]:
    if isinstance(value, dict):
        return set().union(*map(_numbers, value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*map(_numbers, value)) if value else set()
    if isinstance(value, str):                 # a check's note: "Daniel pays 120 for the cow"
        import re
        return {int(x.replace(",", "")) for x in re.findall(r"\d[\d,]*", value)}
    return {int(value)} if isinstance(value, (int, float)) and not isinstance(value, bool) else set()


@pytest.mark.parametrize("scenario", sc.list_scenarios(), ids=lambda s: s.name)
def test_a_source_tells_no_number_the_example_checks(scenario):
    """A seat's view of the scenario player names each example by its source (its title may
    tell a hidden offer or the outcome), so the source must not: "(Classic: Daniel wins
    Annette's horse at 120)" gave a seat the price before the bidding, "(equal offers)" two
    face-down offers. A number of 10 or more that the example's checks expect must not be
    in its source (nor in its checks' notes), nor a word of an outcome ("Tie", "Can't pay?") or a pointer to
    the rule's case that comes to pass ("step 4": no bids at all; "first possibility": a counter)."""
    import re
    told = [n for n in _numbers(scenario.expect)
            if n >= 10 and re.search(rf"(?<![\d.]){n}(?!\d)", scenario.source)]
    assert not told, (scenario.source, told)
    # nor a word that says how a face-down offer, a hidden hand or the bidding turned out
    said = re.findall(r"\b(tie|equal|wins?|won|no bid\w*|can'?t pay|cannot pay|fewer|sold|buys?|pays?"
                      r"|step \d+|possibility)\b",
                      scenario.source, flags=re.IGNORECASE)
    assert not said, (scenario.source, said)


@pytest.mark.parametrize("scenario", sc.list_scenarios(), ids=lambda s: s.name)
def test_each_steps_words_are_whole_sentences(scenario):
    """The scenario player shows one step's words at a time ("Step 5 of 5 · Annette's move ·
    ..."): a booklet's sentence cut across moves read "and she only has to pay 100." and
    "Frank 100,". Each step's words begin as a sentence does and end with its stop."""
    import re
    for k, (_, _, said) in enumerate(scenario.moves, 1):
        if not said:
            continue
        assert said[0].isupper() or said[0] in "“\"«", (scenario.name, k, said)
        assert said.rstrip()[-1] in ".!?”\"»", (scenario.name, k, said)
        # nor leans on the step before ("So does David.", "And Anne.", "Anne lets it go too.")
        assert not re.match(r"(And|So does|So did|Also|Too|Then)\b", said), (scenario.name, k, said)
        assert not re.search(r"\b(too|as well)\.$", said), (scenario.name, k, said)


def test_a_name_in_a_refusal_reads_as_written_and_what_would_not_show_is_escaped():
    """Bløff's seats are Norwegian names ("Bjørn"): a refusal quotes them as written, not
    as ``"Bj\\u00f8rn"``, while a character that would not show as itself (a zero-width
    space, a no-break space) is escaped, so that "Chloé" and "Chloé\\u200b" differ."""
    with pytest.raises(sc.ScenarioError) as info:
        sc.from_dict({**_good(), "seats": ["Bjørn", "Chloé\u200b", "Bjørn"]})
    assert 'seats[2]: "Bjørn" is named twice' in str(info.value), info.value
    with pytest.raises(sc.ScenarioError) as info:
        sc.from_dict({**_good(), "seats": ["Anna", "Chloé\u200b", "Chloé\u00a0", "Chloé\u200b"]})
    assert 'seats[3]: "Chloé\\u200b" is named twice' in str(info.value), info.value
    assert "\u200b" not in str(info.value)
