"""The Bluffer question deck: the shipped deck is sound, and bad decks are refused."""

import json

import pytest

from bluffkit.core.errors import BluffkitError
from bluffkit.games.bluffer.deck import (
    DEFAULT_DECK,
    Deck,
    DeckError,
    Question,
    default_deck,
    load_deck,
    parse_deck,
)

HEADER = {"format": "bluffkit-deck", "version": 1, "title": "Test deck", "language": "en"}


def question(**changes):
    q = {
        "id": "owl-eyes",
        "category": "animals",
        "question": "What shape are an owl's eyes?",
        "answer": "tubes",
        "source": "Encyclopaedia: Owl",
        "decoys": ["spheres", "cones", "cubes", "discs", "rings"],
    }
    q.update(changes)
    return q


def write(tmp_path, *objects, raw_lines=(), name="deck.jsonl"):
    """A deck file: the header, then the objects as JSON lines, then any raw lines."""
    lines = [json.dumps(o, ensure_ascii=False) for o in (HEADER, *objects)] + list(raw_lines)
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def refused(path) -> DeckError:
    with pytest.raises(DeckError) as info:
        load_deck(path)
    return info.value


# --- the shipped deck -------------------------------------------------------


@pytest.fixture(scope="module")
def deck():
    return default_deck()


def test_shipped_deck_loads(deck):
    assert isinstance(deck, Deck)
    assert deck.title == "General knowledge"
    assert deck.language == "en"
    assert all(isinstance(q, Question) for q in deck.questions)


def test_shipped_deck_has_enough_questions_and_categories(deck):
    assert len(deck.questions) >= 120
    assert len(deck.by_category()) >= 6
    assert sum(len(qs) for qs in deck.by_category().values()) == len(deck.questions)


def test_shipped_deck_ids_are_unique(deck):
    ids = [q.id for q in deck.questions]
    assert len(ids) == len(set(ids))


def test_shipped_deck_decoys(deck):
    for q in deck.questions:
        norm = [d.strip().casefold() for d in q.decoys]
        assert len(norm) >= 5, q.id
        assert len(set(norm)) == len(norm), q.id
        assert q.answer.strip().casefold() not in norm, q.id
        assert all(s.strip() for s in (q.answer, q.question, q.source, q.category)), q.id


def test_shipped_deck_is_utf8_jsonl_with_header():
    lines = DEFAULT_DECK.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0]) == {
        "format": "bluffkit-deck",
        "version": 1,
        "title": "General knowledge",
        "language": "en",
    }
    assert all(line.strip() for line in lines)


def test_questions_are_frozen(deck):
    with pytest.raises(AttributeError):
        deck.questions[0].answer = "changed"
    assert isinstance(deck.questions[0].decoys, tuple)


# --- a teacher's own deck ---------------------------------------------------


def test_own_deck_loads_the_same_way(tmp_path):
    path = write(tmp_path, question(), question(id="b", category="food", decoys=list("abcdef")))
    deck = load_deck(path)
    assert deck.title == "Test deck"
    assert [q.id for q in deck.questions] == ["owl-eyes", "b"]
    assert deck.questions[1].decoys == ("a", "b", "c", "d", "e", "f")
    assert list(deck.by_category()) == ["animals", "food"]


def test_trailing_newline_optional_and_error_message_names_path(tmp_path):
    text = json.dumps(HEADER) + "\n" + json.dumps(question())
    assert len(parse_deck(text).questions) == 1
    with pytest.raises(DeckError) as info:
        parse_deck(text + "\n{", path="mine.jsonl")
    assert str(info.value).startswith("mine.jsonl: line 3: not valid JSON")
    assert isinstance(info.value, BluffkitError)


# --- refusals: each names the 1-based line and the reason ------------------


def test_refuses_non_utf8(tmp_path):
    path = tmp_path / "latin1.jsonl"
    good = (json.dumps(HEADER) + "\n" + json.dumps(question()) + "\n").encode()
    path.write_bytes(good + json.dumps(question(id="cafe", answer="café"), ensure_ascii=False).encode("latin-1") + b"\n")
    err = refused(path)
    assert err.line == 3
    assert "not UTF-8" in err.reason
    assert str(err) == f"{path}: line 3: {err.reason}"


def test_refuses_non_json(tmp_path):
    err = refused(write(tmp_path, question(), raw_lines=['{"id": "x", "category": ']))
    assert err.line == 3
    assert "not valid JSON" in err.reason


def test_refuses_missing_header(tmp_path):
    path = tmp_path / "deck.jsonl"
    path.write_text(json.dumps(question()) + "\n", encoding="utf-8")
    err = refused(path)
    assert err.line == 1
    assert "missing or wrong header" in err.reason and "format" in err.reason


def test_refuses_wrong_header_format(tmp_path):
    path = tmp_path / "deck.jsonl"
    path.write_text(json.dumps({**HEADER, "format": "some-deck"}) + "\n" + json.dumps(question()) + "\n")
    err = refused(path)
    assert err.line == 1
    assert "format must be 'bluffkit-deck'" in err.reason


def test_refuses_wrong_header_version(tmp_path):
    path = tmp_path / "deck.jsonl"
    path.write_text(json.dumps({**HEADER, "version": 2}) + "\n" + json.dumps(question()) + "\n")
    err = refused(path)
    assert err.line == 1
    assert "unsupported version 2" in err.reason


def test_refuses_a_header_version_of_true(tmp_path):
    """JSON ``true`` is no version number, though Python takes True for 1."""
    path = tmp_path / "deck.jsonl"
    path.write_text(json.dumps({**HEADER, "version": True}) + "\n" + json.dumps(question()) + "\n")
    err = refused(path)
    assert err.line == 1
    assert err.reason == "wrong header: unsupported version true (this loader reads version 1)"


def test_refuses_a_header_version_written_as_a_fraction(tmp_path):
    """The version is a whole number, as a log's is: ``1.0`` is refused, though Python
    takes 1.0 for 1."""
    path = tmp_path / "deck.jsonl"
    path.write_text(json.dumps({**HEADER, "version": 1.0}) + "\n" + json.dumps(question()) + "\n")
    err = refused(path)
    assert err.line == 1
    assert err.reason == "wrong header: unsupported version 1.0 (this loader reads version 1)"


def test_a_deck_saved_with_a_byte_order_mark_loads_as_without(tmp_path):
    """Windows Notepad saves UTF-8 with a byte-order mark (U+FEFF) in front of the text: a
    teacher's deck saved so reads the same as without it."""
    text = json.dumps(HEADER) + "\n" + json.dumps(question()) + "\n"
    plain = parse_deck(text)
    assert parse_deck("\ufeff" + text) == plain
    path = tmp_path / "notepad.jsonl"
    path.write_text(text, encoding="utf-8-sig")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    deck = load_deck(path)
    assert deck == plain and deck.title == "Test deck"


def test_an_embedded_deck_with_a_decoy_repeated_in_other_capitals_is_refused():
    """A deck embedded in a log tells decoys apart as written on a sheet, in any case
    (read_embedded): "Cones" and "cones" are one decoy written twice. (A final stop still
    tells two apart there, as it did when such a log's game began.)"""
    from bluffkit.games.bluffer.deck import read_embedded
    with pytest.raises(DeckError) as info:
        read_embedded([HEADER, question(decoys=["Cones", "b", "c", "cones", "e"])])
    assert info.value.line == 2
    assert str(info.value) == "the log's embedded deck: line 2: decoy 'cones' repeats decoy 'Cones'"
    assert read_embedded([HEADER, question(decoys=["Cones.", "b", "c", "cones", "e"])]).questions[0].decoys[0] == "Cones."


def test_refuses_missing_field(tmp_path):
    q = question(id="second")
    del q["source"]
    err = refused(write(tmp_path, question(), q))
    assert err.line == 3
    assert "missing field 'source'" in err.reason


def test_refuses_wrong_type(tmp_path):
    err = refused(write(tmp_path, question(answer=7)))
    assert err.line == 2
    assert "field 'answer' must be a string, not a number" in err.reason
    err = refused(write(tmp_path, question(answer=None)))     # JSON's words: it said "NoneType"
    assert "field 'answer' must be a string, not null" in err.reason


def test_refuses_decoys_not_a_list(tmp_path):
    err = refused(write(tmp_path, question(decoys="a, b, c, d, e")))
    assert err.line == 2
    assert "field 'decoys' must be a list" in err.reason


def test_refuses_empty_string(tmp_path):
    err = refused(write(tmp_path, question(), question(id="two", question="   ")))
    assert err.line == 3
    assert "field 'question' is an empty string" in err.reason


def test_refuses_empty_decoy(tmp_path):
    err = refused(write(tmp_path, question(decoys=["a", "b", "", "d", "e"])))
    assert err.line == 2
    assert "decoy 3 is an empty string" in err.reason


def test_refuses_duplicate_id(tmp_path):
    err = refused(write(tmp_path, question(), question(id="other"), question()))
    assert err.line == 4
    assert "duplicate id 'owl-eyes'" in err.reason


def test_refuses_fewer_than_five_decoys(tmp_path):
    err = refused(write(tmp_path, question(decoys=["a", "b", "c", "d"])))
    assert err.line == 2
    assert "only 4 decoys; at least 5 are needed" in err.reason


def test_refuses_decoy_equal_to_answer(tmp_path):
    err = refused(write(tmp_path, question(decoys=["a", "b", " TUBES ", "d", "e"])))
    assert err.line == 2
    assert "decoy ' TUBES ' is the same as the answer" in err.reason


def test_refuses_repeated_decoy(tmp_path):
    err = refused(write(tmp_path, question(decoys=["Cones", "b", "c", "cones ", "e"])))
    assert err.line == 2
    assert "decoy 'cones ' repeats decoy 'Cones'" in err.reason


def test_refuses_unknown_field_in_question(tmp_path):
    err = refused(write(tmp_path, question(hint="think of tubes")))
    assert err.line == 2
    assert "unknown field 'hint'" in err.reason


def test_refuses_unknown_field_in_header(tmp_path):
    path = tmp_path / "deck.jsonl"
    path.write_text(json.dumps({**HEADER, "author": "me"}) + "\n" + json.dumps(question()) + "\n")
    err = refused(path)
    assert err.line == 1
    assert "unknown field 'author' in the header" in err.reason


def test_refuses_blank_line_in_middle(tmp_path):
    err = refused(write(tmp_path, question(), raw_lines=["", json.dumps(question(id="later"))]))
    assert err.line == 3
    assert "blank line" in err.reason


def test_refuses_line_that_is_not_an_object(tmp_path):
    err = refused(write(tmp_path, question(), raw_lines=['["a", "list"]']))
    assert err.line == 3
    assert "must be a JSON object, not list" in err.reason


def test_refuses_empty_file(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    err = refused(path)
    assert err.line == 1
    assert "empty" in err.reason


# --- refusals of decks that would load but break a game ----------------------------------------


def test_refuses_a_deck_with_no_questions(tmp_path):
    err = refused(write(tmp_path))                   # the header alone
    assert err.line == 2
    assert "no questions" in err.reason


@pytest.mark.parametrize("qid", ["owl eyes", " owl-eyes", "owl-eyes ", "owl\u00a0eyes"])
def test_refuses_an_id_with_spaces(tmp_path, qid):
    """A question is drawn as 'ask ID': an id with a space could not be written in a log."""
    err = refused(write(tmp_path, question(id="ok"), question(id=qid)))
    assert err.line == 3
    assert "one word" in err.reason and "spaces" in err.reason


@pytest.mark.parametrize("bad", ["\x1b[2J", "\x07", "\x9b31m", "\u202e", "\u2028", "\ud800", "\x00"])
def test_refuses_a_decoy_with_a_control_character(tmp_path, bad):
    q = question(decoys=["spheres", "cones", f"cu{bad}bes", "discs", "rings"])
    err = refused(write(tmp_path, raw_lines=[json.dumps(q)]))       # a lone surrogate as its JSON escape
    assert err.line == 2
    assert "decoy 3" in err.reason and "control character" in err.reason
    assert "\n" not in str(err) and "\x1b" not in str(err)


# Invisible or unassigned characters: no escape codes, yet not printable. A bot writes
# the decoys and copies the answer onto sheets, where an answer must be printable.
NOT_WRITABLE = ["\u200b", "\u00ad", "\u200d", "\ud7fc", "\ue000", "\U000e0001"]


@pytest.mark.parametrize("bad", NOT_WRITABLE)
def test_refuses_a_decoy_or_answer_no_sheet_could_hold(tmp_path, bad):
    for q, what in ((question(decoys=["spheres", "cones", f"cu{bad}bes", "discs", "rings"]), "decoy 3"),
                    (question(answer=f"tu{bad}bes"), "field 'answer'")):
        err = refused(write(tmp_path, question(id="fine"), q))
        assert err.line == 3
        assert err.reason.startswith(f"{what} holds {bad!r} (U+{ord(bad):04X}), which is not printable"), err.reason
        assert "\n" not in str(err)


def test_a_deck_refused_for_a_decoy_no_sheet_could_hold_plays_once_mended(tmp_path):
    """The deck that once loaded and then stopped a game mid-play: a bot wrote its decoy
    and the engine refused the answer. Refused at loading now; mended, it plays."""
    from bluffkit.agents.base import make_agent
    from bluffkit.core.game import make_game
    from bluffkit.core.play import play
    from bluffkit.games.bluffer.actions import Write

    bad = question(decoys=["\ud7fc", "white", "grey", "pale blue", "yellow", "brown"])
    assert refused(write(tmp_path, bad)).reason.startswith("decoy 1 holds '\\ud7fc' (U+D7FC)")
    # Every decoy holds a no-break space among others: loaded, and tidied when a bot writes it.
    spaced = question(decoys=[f"pale\u00a0 {c}" for c in ("blue", "white", "grey", "yellow", "brown")])
    path = write(tmp_path, spaced)
    game = make_game("bluffer", deck=str(path), rounds=1, questions_per_round=1, duel_questions=1)
    # one question, one round: a few dozen steps (a round that never ends fails here, not at the time limit)
    record = play(game, [make_agent("average", game) for _ in range(3)], seed=1, max_steps=500)
    assert game.is_over(record.final)
    written = [a.text for _, a in record.moves if isinstance(a, Write)]
    assert written and all(t.startswith("pale ") and "\u00a0" not in t for t in written), written


@pytest.mark.parametrize("field", ["id", "question", "answer", "category", "source"])
def test_refuses_an_escape_code_in_any_text(tmp_path, field):
    err = refused(write(tmp_path, question(**{field: "a\x1b[31mred"})))
    assert err.line == 2
    assert f"field '{field}'" in err.reason and "control character" in err.reason


def test_refuses_an_escape_code_in_the_title(tmp_path):
    path = tmp_path / "deck.jsonl"
    path.write_text(json.dumps({**HEADER, "title": "\x1b]0;owned\x07"}) + "\n" + json.dumps(question()) + "\n")
    err = refused(path)
    assert err.line == 1 and "field 'title'" in err.reason


@pytest.mark.parametrize("number", ["9" * 5000, "1" + "0" * 4000, "1e999", "-" + "9" * 30])
def test_huge_numbers_are_refused_in_one_short_line(tmp_path, number):
    path = tmp_path / "deck.jsonl"
    path.write_text(json.dumps(HEADER).replace('"version": 1', f'"version": {number}') + "\n"
                    + json.dumps(question()) + "\n")
    err = refused(path)
    assert err.line == 1
    assert "\n" not in str(err) and len(str(err)) < len(str(path)) + 200, str(err)
    path.write_text(json.dumps(HEADER) + "\n" + json.dumps(question()).replace('"tubes"', number) + "\n")
    err = refused(path)
    assert err.line == 2 and len(str(err)) < len(str(path)) + 200, str(err)


# --- a deck in a log: named when shipped, embedded otherwise, never a path -------------------------


def _bluffer_log(tmp_path, deck: str, players: int = 3):
    from bluffkit.agents.base import make_agent
    from bluffkit.core import log as gamelog
    from bluffkit.core.game import make_game
    from bluffkit.core.play import play

    game = make_game("bluffer", deck=deck, rounds=1, questions_per_round=2)
    rec = play(game, [make_agent("average", game) for _ in range(players)], seed=5, max_steps=1_000)   # two questions: tens of steps
    seats = [{"name": n, "agent": "average"} for n in ("Anne", "Ben", "Chloé")[:players]]
    return gamelog.write(tmp_path / "game.jsonl", game, seats, 5, rec.moves), rec


def test_a_log_embeds_a_deck_of_ones_own_and_replays_without_the_file(tmp_path, monkeypatch):
    from bluffkit.core import log as gamelog

    own = write(tmp_path, question(), question(id="b", category="food", decoys=list("abcdef")), name="mine.jsonl")
    path, rec = _bluffer_log(tmp_path, str(own))
    text = path.read_text(encoding="utf-8")
    head = json.loads(text.splitlines()[0])
    assert str(tmp_path) not in text and "mine.jsonl" not in text, "the log names the deck by its path"
    assert head["options"]["deck"] == "embedded"
    assert [q["id"] for q in head["deck"][1:]] == ["owl-eyes", "b"]
    own.unlink()                                  # the deck file is gone; the log still replays
    monkeypatch.chdir(tmp_path.parent)
    log, states = gamelog.read(path)
    assert log.moves == rec.moves and log.game.is_over(states[-1])
    assert [q.id for q in log.game.deck.questions] == ["owl-eyes", "b"]


def test_a_log_names_a_shipped_deck_given_by_its_path(tmp_path):
    path, _ = _bluffer_log(tmp_path, str(DEFAULT_DECK))
    head = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert head["options"]["deck"] == "general" and "deck" not in head


def test_an_edited_embedded_deck_is_refused_with_its_line(tmp_path):
    from bluffkit.core import log as gamelog
    from bluffkit.core.errors import LogError

    own = write(tmp_path, question(), question(id="b", category="food", decoys=list("abcdef")), name="mine.jsonl")
    path, _ = _bluffer_log(tmp_path, str(own))
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["deck"][2]["answer"] = "something else"          # the answers have changed since the game
    bad = tmp_path / "edited.jsonl"
    bad.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match="line 1: .*not the one this game was played with"):
        gamelog.read(bad)
    head["deck"][2]["decoys"] = ["\x1b[2J"] * 5                # and a deck that is not a deck
    bad.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match=r"line 1: .*embedded deck: line 3: decoy 1 holds the control character"):
        gamelog.read(bad)


def test_a_log_replays_only_with_the_deck_it_was_played_with(tmp_path, monkeypatch):
    """(Moved from test_bluffer_rules.py.) A deck of one's own is read from its full path
    while playing; the log carries the deck itself and a checksum of its questions and
    answers, so it replays from anywhere, whatever becomes of the file, and refuses a deck
    edited inside it."""
    from bluffkit.core import log as gamelog
    from bluffkit.core.errors import LogError
    from bluffkit.core.game import make_game
    from bluffkit.session import Session
    qs = default_deck().questions[:8]
    rows = [{"id": q.id, "category": q.category, "question": q.question, "answer": q.answer,
             "source": q.source, "decoys": list(q.decoys)} for q in qs]

    def write_eight(rows):
        head = json.dumps({"format": "bluffkit-deck", "version": 1, "title": "Eight", "language": "en"})
        (tmp_path / "eight.jsonl").write_text("\n".join([head] + [json.dumps(r) for r in rows]) + "\n",
                                             encoding="utf-8")

    write_eight(rows)
    monkeypatch.chdir(tmp_path)
    g = make_game("bluffer", deck="eight.jsonl", rounds=1)
    assert g.rules.deck == str(tmp_path / "eight.jsonl")
    s = Session(g, ["sharp", "average", "gullible"], seed=3)
    s.advance(limit=2_000)                               # one round of 3 questions: tens of steps
    assert s.over, "one round did not end within 2,000 steps"
    path = s.save(tmp_path / "game.jsonl")
    monkeypatch.chdir("/")
    gamelog.read(path)                                   # replays from anywhere
    rows[0]["answer"] = rows[0]["answer"] + " (changed)"
    write_eight(rows)                                    # the file changes: the log keeps its own deck
    log, states = gamelog.read(path)
    assert log.game.deck.questions[0].answer == qs[0].answer
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["deck"][1]["answer"] += " (changed)"
    path.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match="not the one this game was played with"):
        gamelog.read(path)


def test_a_long_field_name_or_id_is_quoted_cut_short(tmp_path):
    q = question()
    q["9" * 500] = 1
    err = refused(write(tmp_path, q))
    assert err.line == 2 and "unknown field" in err.reason and len(err.reason) < 200
    err = refused(write(tmp_path, question(id="x" * 500), question(id="x" * 500)))
    assert err.line == 3 and "duplicate id" in err.reason and len(err.reason) < 200


def test_a_decoy_of_only_spaces_is_refused_as_empty(tmp_path):
    err = refused(write(tmp_path, question(decoys=["a", "b", "   ", "d", "e"])))
    assert err.line == 2
    assert "decoy 3 is an empty string" in err.reason


def test_a_second_header_is_named_as_such(tmp_path):
    err = refused(write(tmp_path, question(), HEADER))
    assert err.line == 3
    assert "a second header" in err.reason


def test_a_file_larger_than_a_deck_may_be_is_refused_before_reading(tmp_path, monkeypatch):
    from bluffkit.games.bluffer import deck as deck_module

    path = write(tmp_path, question())
    size = path.stat().st_size
    monkeypatch.setattr(deck_module, "MAX_DECK_BYTES", size)
    assert len(load_deck(path).questions) == 1           # exactly the limit: read
    monkeypatch.setattr(deck_module, "MAX_DECK_BYTES", size - 1)
    err = refused(path)
    assert err.line == 0
    assert f"the file is {size:,} bytes, more than a deck may be" in err.reason


def test_a_line_that_is_not_json_names_the_column(tmp_path):
    err = refused(write(tmp_path, question(), raw_lines=['{"id" "x"}']))
    assert err.line == 3
    assert "(column 7)" in err.reason          # the 7th character, where the colon belongs


def test_a_byte_that_is_not_utf8_is_shown(tmp_path):
    path = tmp_path / "latin1.jsonl"
    good = (json.dumps(HEADER) + "\n").encode()
    path.write_bytes(good + json.dumps(question(answer="café"), ensure_ascii=False).encode("latin-1") + b"\n")
    assert "byte 0xe9 cannot be decoded" in refused(path).reason


def test_the_longest_answer_is_measured_as_the_sheet_reads_it():
    text = "\n".join(json.dumps(o) for o in (HEADER, question(answer="  tubes   of    bone  ")))
    assert parse_deck(text).longest == len("tubes of bone")


def test_categories_written_differently_are_kept_apart():
    text = "\n".join(json.dumps(o) for o in (HEADER, question(category="Animals"),
                                            question(id="owl-ears", category="animals")))
    assert list(parse_deck(text).by_category()) == ["Animals", "animals"]


def test_an_empty_embedded_deck_is_refused_as_a_list_it_must_be():
    from bluffkit.games.bluffer.deck import read_embedded

    with pytest.raises(DeckError) as info:
        read_embedded([])
    assert info.value.line == 1
    assert "an embedded deck is a list" in info.value.reason


def test_a_shipped_file_with_no_name_after_bluffer_is_not_a_deck_name():
    from bluffkit.games.bluffer.deck import DECKS_DIR, deck_name

    assert deck_name(str(DECKS_DIR / "bluffer-.jsonl")) is None
