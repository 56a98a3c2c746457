"""The catalogue's code keeps its shape: one card codec that round-trips every card, no
import of There Can Be Only One from the catalogue, small modules and functions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import ROOT
from hlcg.catalog.card import Card, decode_card, encode_card, encode_card_keys, flat_card
from hlcg.catalog.vocabulary import CONTRACT_FIELDS
from hlcg.curation.bundle import load_sources
from hlcg.curation.models import CardRow
from hlcg.tcboo.models import TABLE_GROUP

SRC = ROOT / "src" / "hlcg"
SOURCE = ROOT / "data" / "source"


@pytest.fixture(scope="module")
def source_cards() -> list[CardRow]:
    return load_sources(SOURCE, [TABLE_GROUP]).cards


def test_every_source_card_round_trips_through_the_codec(source_cards):
    assert len(source_cards) > 300
    for row in source_cards:
        record = encode_card(row.to_json())
        assert CardRow.model_validate(decode_card(record)) == row, row.id
        assert CardRow.model_validate(flat_card(row.to_json())) == row, row.id
        card = Card.from_row(record)
        assert card.to_contract() == row.to_json(), row.id


def test_the_codec_writes_the_cards_table_encoding():
    row = CardRow.model_validate(
        {
            "id": "x",
            "title": "Master's Block",
            "subtitle": "Duncan MacLeod",
            "type": "block",
            "sets": "SE;MI",
            "reserved": "true",
            "unique": "false",
            "formats": ["type-two"],
            "modifiers": '[{"kind": "pregame-exempt"}]',
            "source": "s",
        }
    )
    record = encode_card(row.to_json())
    fields = ("sets", "formats", "faction", "reserved", "signature", "unique", "modifiers")
    assert {k: record[k] for k in fields} == {
        "sets": '["SE","MI"]',
        "formats": '["type-two"]',
        "faction": "[]",
        "reserved": 1,
        "signature": 0,
        "unique": 0,
        "modifiers": '[{"kind":"pregame-exempt"}]',
    }
    assert (record["master"], record["pregame"], record["name"]) == (
        1,
        0,
        "Master's Block: Duncan MacLeod",
    )
    assert encode_card_keys(row.to_json()) == {
        "card_id": "x",
        "title_norm": "masters block",
        "name_norm": "masters block duncan macleod",
        "subtitle_norm": "duncan macleod",
    }
    decoded = decode_card({**record, "unique": None, "modifiers": "", "formats": None})
    assert (decoded["unique"], decoded["modifiers"], decoded["formats"]) == (None, (), ())
    assert sorted(decoded) == sorted(CONTRACT_FIELDS)
    flat = flat_card(row.to_json())
    assert (flat["reserved"], flat["signature"], flat["unique"]) == ("true", "", "false")
    assert flat["sets"] == "SE;MI"


def test_the_codec_reads_lists_of_a_catalogue_older_than_json_arrays():
    # a schema-4 catalogue, read to be upgraded, stored lists `;`-joined
    record = encode_card(CardRow(id="x", title="X", sets=["SE", "MI"], source="s").to_json())
    assert decode_card({**record, "sets": "SE;MI", "faction": ""})["sets"] == ("SE", "MI")
    assert decode_card(record)["sets"] == ("SE", "MI")


def _imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at the top or inside a function."""
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
    return modules


def test_the_catalogue_does_not_import_there_can_be_only_one():
    files = sorted((SRC / "catalog").glob("*.py")) + sorted((SRC / "curation").glob("*.py"))
    assert len(files) > 20
    offending = {
        f"{path.name}: {module}"
        for path in files
        for module in _imported_modules(path)
        if module == "hlcg.tcboo" or module.startswith("hlcg.tcboo.")
    }
    assert offending == set()
    # and the check sees what it looks for
    assert "hlcg.catalog.storage" in _imported_modules(SRC / "tcboo" / "models.py")
