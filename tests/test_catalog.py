"""The catalogue: the contract, the deterministic build, the shipped file, lookup, search."""

from __future__ import annotations

import json
import sqlite3

import pytest
from pydantic import ValidationError

from conftest import ROOT
from hlcg.catalog import Catalogue, shipped_path
from hlcg.catalog.search import QueryError, parse_query, run
from hlcg.catalog.vocabulary import CONTRACT_FIELDS
from hlcg.curation.builder import build
from hlcg.curation.bundle import load_sources
from hlcg.curation.models import CardRow
from hlcg.rules.borrowing import KINDS
from hlcg.schemas import generate, render
from hlcg.tcboo.models import TABLE_GROUP

SOURCE = ROOT / "data" / "source"


def test_contract_header_is_the_source_header():
    header = (SOURCE / "cards.csv").read_text(encoding="utf-8").splitlines()[0]
    assert tuple(header.split(",")) == CONTRACT_FIELDS


def test_flat_values_parse():
    row = CardRow.model_validate(
        {
            "id": "x",
            "title": "X",
            "reserved": "yes",
            "signature": "0",
            "unique": "",
            "restriction": " 2 ",
            "gem_reason": "",
            "sets": "SE;WC",
            "modifiers": '[{"kind": "pregame-exempt"}]',
            "source": "seed 001",
        }
    )
    assert (row.reserved, row.signature, row.unique, row.restriction, row.gem_reason) == (
        True,
        False,
        None,
        2,
        None,
    )
    assert row.sets == ["SE", "WC"] and row.modifiers[0].kind == "pregame-exempt"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("modifiers", '[{"kind": "teleport"}]', "does not match any of the expected tags"),
        ("restriction", "two", "expected a whole number or empty"),
        ("reserved", "maybe", "expected true/false"),
        ("type", "spell", "expected 'attack', "),
        ("formats", "type-three", "got 'type-three' (did you mean 'type-one' or 'type-two'?)"),
    ],
)
def test_bad_values_are_rejected(field, value, message):
    with pytest.raises(ValidationError) as info:
        CardRow.model_validate({"id": "x", "title": "X", "source": "s", field: value})
    assert message in str(info.value)


def test_every_row_has_a_source_and_sorted_ids():
    rows = load_sources(SOURCE, [TABLE_GROUP]).cards
    assert all(r.source for r in rows)
    ids = [r.id for r in rows]
    assert ids == sorted(ids)


def test_two_builds_same_content_hash_and_shipped_matches(tmp_path):
    first = build(SOURCE, tmp_path / "a.sqlite", [TABLE_GROUP]).content_sha256()
    second = build(SOURCE, tmp_path / "b.sqlite", [TABLE_GROUP]).content_sha256()
    assert first == second
    with sqlite3.connect(shipped_path()) as conn:
        shipped = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    assert shipped["content_sha256"] == first, "data/cards.sqlite is stale: run `hlcg db build`"


def test_fts_is_set_up_the_sqlite_utils_way():
    import sqlite_utils

    db = sqlite_utils.Database(shipped_path())
    assert db["cards"].detect_fts() == "cards_fts"


@pytest.mark.parametrize("name", ["card.schema.json", "deck.schema.json", "report.schema.json"])
def test_schemas_are_not_stale(name):
    committed = (ROOT / "schemas" / name).read_text(encoding="utf-8")
    assert committed == render(generate()[name]), "run `python -m hlcg.schemas schemas`"


def test_content_facts(shipped):
    duncan = shipped.cards["duncan-macleod-2e"]
    assert (duncan.gem_master, duncan.gem_agility, duncan.effective_master_limit) == (6, 5, 6)
    assert shipped.cards["masters-block-ramirez"].restriction == 2
    assert [shipped.cards[f"business-as-usual-grayson-{n}"].restriction for n in (1, 2, 3)] == [
        2,
        2,
        2,
    ]
    assert shipped.cards["generic-immortal"].master_limit == 0
    kinds = {m["kind"] for c in shipped.cards.values() for m in c.modifiers}
    assert kinds == set(KINDS)


@pytest.mark.parametrize(
    ("query", "how", "ids"),
    [
        ("uper left atack", "fuzzy", ["upper-left-attack"]),
        ("uper left atak", "fuzzy", ["upper-left-attack"]),
        ("Upper Middle Attack", "alias", ["upper-center-attack"]),
        ("Upper Block", "alias", ["upper-center-block"]),
        ("THRUST", "title", ["thrust"]),
        ("Master\u2019s  Block: Ramirez", "name", ["masters-block-ramirez"]),
        (
            "masters block",
            "normalised",
            ["masters-block-duncan-macleod", "masters-block-ramirez", "masters-block-richie-ryan"],
        ),
        ("9mm", "id", ["9mm"]),
    ],
)
def test_lookup(shipped: Catalogue, query, how, ids):
    match = shipped.lookup(query)
    assert (match.how, sorted(match.ids)) == (how, ids)


def test_lookup_several_close_is_not_a_match(shipped: Catalogue):
    match = shipped.lookup("upper atack")
    assert not match.found
    names = {c.name for c in match.candidates}
    assert {"Upper Left Attack", "Upper Right Attack", "Upper Center Attack"} <= names
    assert match.candidates[0].score == match.candidates[1].score


def test_lookup_nothing_close(shipped: Catalogue):
    match = shipped.lookup("zzzzqqqq")
    assert (match.found, match.candidates) == (False, [])


def test_search_compact_query(shipped):
    cards = run(shipped, parse_query('t:dodge p:"Duncan MacLeod"'))
    assert [c.id for c in cards] == ["duck-duncan-macleod", "jump-duncan-macleod"]
    assert [c.id for c in run(shipped, parse_query("g:reason>=1"))] == [
        "duncan-macleod-2e",
        "master-of-the-katana",
    ]
    assert "master-of-the-katana" in [
        c.id for c in run(shipped, parse_query("is:master f:type-one"))
    ]


def test_search_text_metacharacters_are_inert(shipped):
    for words in ['"', "*", "OR AND NOT", "title:x", "a'b", "Robert'); DROP TABLE cards;--"]:
        run(shipped, parse_query(json.dumps(words)))


def test_search_bad_terms():
    with pytest.raises(QueryError, match="unknown type 'spell'"):
        parse_query("t:spell")
    with pytest.raises(QueryError, match="gem filter 'luck>2' not understood"):
        parse_query("g:luck>2")
