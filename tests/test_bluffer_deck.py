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


def test_refuses_missing_field(tmp_path):
    q = question(id="second")
    del q["source"]
    err = refused(write(tmp_path, question(), q))
    assert err.line == 3
    assert "missing field 'source'" in err.reason


def test_refuses_wrong_type(tmp_path):
    err = refused(write(tmp_path, question(answer=7)))
    assert err.line == 2
    assert "field 'answer' must be a string, not int" in err.reason


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
