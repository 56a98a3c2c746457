"""One JSON shape per command (issue 32, point 9): each `--json` answer, whatever the input
or outcome, follows its schema under schemas/, generated from the models
(hlcg.answers.schema) and never stale."""

from __future__ import annotations

import json
import shutil

import jsonschema
import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.answers import COMMAND_SCHEMAS
from hlcg.cli.app import app
from hlcg.schemas import generate, render

runner = CliRunner()
VALID = ROOT / "examples" / "decks" / "valid"


@pytest.mark.parametrize("name", sorted(COMMAND_SCHEMAS))
def test_schemas_are_not_stale(name):
    committed = (ROOT / "schemas" / name).read_text(encoding="utf-8")
    assert committed == render(generate()[name]), "run `python -m hlcg.schemas schemas`"


def answer(schema: str, code: int, *args: str) -> dict:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    data = json.loads(result.stdout)
    jsonschema.validate(data, json.loads((ROOT / "schemas" / schema).read_text("utf-8")))
    return data


@pytest.fixture
def folder(tmp_path):
    shutil.copy(VALID / "duncan-first-edition.txt", tmp_path / "a.txt")
    shutil.copy(VALID / "methos-first-edition.txt", tmp_path / "b.txt")
    return tmp_path


def test_deck_hash_is_one_object_for_one_deck_or_a_folder(folder):
    one = answer("deck-hash.schema.json", 0, "deck", "hash", str(folder / "a.txt"), "--json")
    many = answer("deck-hash.schema.json", 0, "deck", "hash", str(folder), "--json")
    also = answer("deck-hash.schema.json", 0, "deck", "hash", str(folder), "-o", "json")
    assert [d["path"] for d in one["decks"]] == [str(folder / "a.txt")]
    assert [d["path"] for d in many["decks"]] == [str(folder / "a.txt"), str(folder / "b.txt")]
    assert one["decks"][0] == many["decks"][0] and also == many
    assert one["decks"][0]["unreadable"] is None and len(one["decks"][0]["fingerprint"]) == 64


def test_deck_hash_lists_an_unreadable_deck_in_the_same_shape(folder):
    missing = folder / "gone.txt"
    data = answer("deck-hash.schema.json", 2, "deck", "hash", str(missing), "--json")
    assert data == {
        "decks": [
            {
                "path": str(missing),
                "fingerprint": None,
                "format": None,
                "date": None,
                "canonical": None,
                "catalogue_rows": None,
                "unreadable": "no such file",
            }
        ]
    }
    both = answer(
        "deck-hash.schema.json", 2, "deck", "hash", str(folder / "a.txt"), str(missing), "--json"
    )
    assert [d["fingerprint"] is None for d in both["decks"]] == [False, True]


@pytest.mark.parametrize(
    ("name", "code", "found"),
    [
        ("Upper Left Attack", 0, 1),
        ("uper left atack", 0, 1),
        ("zzqqxx", 1, 0),
        ("masters block", 0, None),
    ],
)
def test_card_answers_share_one_shape(name, code, found):
    data = answer("card-answer.schema.json", code, "card", name, "--json")
    if found is not None:
        assert len(data["cards"]) == found


@pytest.mark.parametrize(
    ("query", "code"),
    [("t:dodge", 0), ("zzqqxx", 1), ("t:edge OR t:event", 0), ("unchecked:type-two", 0)],
)
def test_search_answers_share_one_shape(query, code):
    data = answer("search-answer.schema.json", code, "search", "--json", query)
    assert data["count"] == len(data["cards"]) and (data["count"] > 0) is (code == 0)


@pytest.mark.parametrize(("name", "code"), [("Methos", 0), ("zzqqxx", 1)])
def test_persona_answers_share_one_shape(name, code):
    data = answer("persona-answer.schema.json", code, "persona", name, "--json")
    assert bool(data["versions"]) is (code == 0)


@pytest.mark.parametrize(
    ("table", "name", "code"),
    [
        ("card", "Sever", 0),
        ("card", "qqqqqqqq", 1),
        ("immortal", "Connor MacLeod", 0),
        ("immortal", "e", 1),
        ("sword", "Longsword", 0),
        ("sword", "zzzz", 1),
    ],
)
def test_tcboo_lookups_share_one_shape_found_or_not(table, name, code):
    data = answer("tcboo-lookup.schema.json", code, "tcboo", table, name, "--json")
    assert (data["found"] is not None) is (code == 0) and data["query"] == name


@pytest.mark.parametrize(
    ("args", "code", "rule", "rules"),
    [
        ((), 0, False, "all"),
        (("HL2",), 0, False, "some"),
        (("title-limit",), 0, True, 1),
        (("HL103",), 0, True, 1),
        (("nonsense",), 1, False, 0),
        (("permissions",), 0, False, 0),
        (("title-limit", "--format", "type-two"), 0, True, 1),
    ],
)
def test_rules_answers_share_one_shape(args, code, rule, rules):
    data = answer("rules-answer.schema.json", code, "rules", *args, "--json")
    assert (data["rule"] is not None) is rule
    assert data["query"] == (args[0] if args else None)
    if rules == "all":
        assert len(data["rules"]) > 20
    elif rules == "some":
        assert data["rules"] and all(r["code"].startswith("HL2") for r in data["rules"])
    else:
        assert len(data["rules"]) == rules
    assert (data["permissions"] is not None) is (args[:1] == ("permissions",))
