"""JSON decks are read without pydantic when every value is of the type the format asks for,
and with pydantic's verdict otherwise: the two agree on every value the fast path takes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from hlcg.deck import jsondeck
from hlcg.deck.jsondeck import DECK_KEYS, ENTRY_KEYS, parse_json, plain_entry
from hlcg.deck.jsonmodel import DeckEntry, DeckFile, validated_entry
from hlcg.deck.model import Deck
from hlcg.errors import DeckFileError

ROOT = Path(__file__).resolve().parent.parent.parent

# Values as json.loads hands them back, lone surrogates (from \ud800 escapes) included.
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=1200),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-5, max_value=1200),
    st.text(max_size=6),
    st.sampled_from(["3", " 2 ", "2.0", "\ud800", "Katana\udc80", "", "x"]),
)
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=2))
KEYS = st.sampled_from(["card", "count", "set", "sets", "Card"])
ENTRIES = st.one_of(
    st.fixed_dictionaries({}, optional={"card": SCALARS, "count": SCALARS, "set": SCALARS}),
    st.dictionaries(KEYS, VALUES, max_size=4),
    VALUES,
)


def test_the_reader_knows_the_models_keys():
    assert tuple(DeckFile.model_fields) == DECK_KEYS
    assert set(DeckEntry.model_fields) == ENTRY_KEYS


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(ENTRIES)
@example({"card": "Dodge", "count": True})  # pydantic reads 1
@example({"card": "Dodge", "count": 3.0})  # 3
@example({"card": "Dodge", "count": "3"})  # 3
@example({"card": "Katana\udc80"})  # refused: not a string pydantic can read
@example({"card": "Dodge", "set": "\ud800"})  # an optional string: taken as it is
@example({"card": "Dodge", "set": None, "count": 999})
def test_an_entry_taken_without_pydantic_is_what_pydantic_reads(item):
    taken = plain_entry(item)
    if taken is not None:
        assert repr(validated_entry(item)) == repr(taken)


def read_by_pydantic_only(text: str, path: str = "deck.json") -> Deck:
    """The deck as the models alone read it: every value judged by pydantic."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jsondeck, "plain_entry", lambda item: None)
        patch.setattr(jsondeck, "_TEXT_FIELDS", frozenset())
        return parse_json(text, path)


def summary(deck: Deck) -> str:
    """Everything read, as its repr: a count of True equals 1, but is not one."""
    return repr(
        (deck.name, deck.persona, deck.persona_set, deck.format)
        + (deck.entries, deck.sideboard, deck.issues)
    )


DECKS = st.dictionaries(
    st.sampled_from([*DECK_KEYS, "author"]),
    st.one_of(VALUES, st.lists(ENTRIES, max_size=3)),
    max_size=4,
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(DECKS)
def test_a_deck_reads_as_the_models_alone_read_it(data):
    text = json.dumps(data)  # lone surrogates come back as \ud800 escapes
    assert outcome(parse_json, text) == outcome(read_by_pydantic_only, text)


def outcome(read, text: str) -> str:
    """The summary of the deck read, or the refusal (a lone surrogate is no text at all)."""
    try:
        return summary(read(text, "deck.json"))
    except DeckFileError as exc:
        assert "lone surrogate" in str(exc)
        return str(exc)


def test_a_lone_surrogate_anywhere_is_refused_with_its_place():
    text = json.dumps({"persona": "Duncan MacLeod", "endurance": [{"card": "Dodge\udc80"}]})
    with pytest.raises(DeckFileError) as refused:
        parse_json(text, "deck.json")
    assert str(refused.value) == (
        "deck.json: /endurance/0/card: a lone surrogate '\\udc80' (a \\u escape of half a "
        "character) is not text; write the character itself"
    )


def test_checking_a_json_deck_does_not_import_pydantic(tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(
        json.dumps(
            {
                "format": "type-two",
                "persona": "Duncan MacLeod",
                "pregame": [{"card": "Katana"}],
                "endurance": [{"card": "Dodge", "count": 3}, {"card": "head-shot", "set": None}],
            }
        ),
        encoding="utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "hlcg", "validate", str(deck), "-o", "json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    modules = {line.split("|")[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    assert "hlcg.deck.jsondeck" in modules  # the measurement works
    assert json.loads(result.stdout)["decks"][0]["path"] == str(deck)
    assert {m for m in modules if m.split(".")[0] == "pydantic"} == set()
    assert "hlcg.deck.jsonmodel" not in modules


def test_a_value_of_another_type_gets_one_message_in_hlcgs_words(tmp_path):
    text = json.dumps(
        {"name": 7, "endurance": [{"card": "Dodge", "count": "2"}, {"card": "Dodge", "count": 0}]}
    )
    deck = parse_json(text, "deck.json")
    assert [issue.message for issue in deck.issues] == [
        "/name: expected text, got 7",
        "/endurance/1/count: expected 1 or more, got 0",
    ]
    assert [(e.name, e.count) for e in deck.entries] == [("Dodge", 2)]
