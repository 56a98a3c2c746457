"""The command line: exit codes, output, and catalogue management."""

from __future__ import annotations

import json
import shutil

from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import shipped_path
from hlcg.cli.app import app

runner = CliRunner()
VALID = str(ROOT / "examples/decks/valid/duncan-katana-type-two.txt")
INVALID = str(ROOT / "examples/decks/invalid/persona-specific.txt")


def invoke(*args: str, **kwargs):
    return runner.invoke(app, list(args), **kwargs)


def test_version():
    result = invoke("--version")
    assert result.exit_code == 0 and result.stdout.startswith("hlcg 0.")


def test_card_shows_everything():
    result = invoke("card", "uper left atack")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Upper Left Attack  [upper-left-attack]"
    assert "source" in result.stdout and "seed 002" in result.stdout


def test_card_lists_shared_titles():
    result = invoke("card", "masters block")
    assert result.exit_code == 0
    assert (
        "masters-block-duncan-macleod" in result.stdout
        and "masters-block-richie-ryan" in result.stdout
    )


def test_card_did_you_mean_exits_1():
    result = invoke("card", "upper atack")
    assert result.exit_code == 1
    assert "Did you mean" in result.stderr and "Upper Left Attack" in result.stderr


def test_card_json_uses_contract_names():
    result = invoke("card", "Luck", "--json")
    data = json.loads(result.stdout)
    card = data["cards"][0]
    assert {"id", "title", "subtitle", "restriction", "reserved", "source", "printings"} <= set(
        card
    )
    assert (card["id"], card["restriction"], card["reserved"]) == ("luck-richie-ryan", 2, True)


def test_persona_shows_2e_duncan_first():
    result = invoke("persona", "Duncan MacLeod", "--json")
    first = json.loads(result.stdout)["versions"][0]
    assert first["id"] == "duncan-macleod-2e"
    assert first["attributes"] == {
        "master": 6,
        "agility": 5,
        "strength": 5,
        "toughness": 5,
        "empathy": 5,
        "reason": 5,
    }
    assert first["gem_caps"]["master"] == 6 and first["gem_caps"]["reason"] == 15


def test_search_options_and_json():
    result = invoke("search", "--type", "persona", "--gem", "master>=6", "--json")
    assert [c["id"] for c in json.loads(result.stdout)["cards"]] == ["duncan-macleod-2e"]
    assert invoke("search", "--gem", "bogus").exit_code == 2


def test_validate_exit_codes():
    assert invoke("validate", VALID).exit_code == 0
    # Its only findings are data gaps (notes): --strict passes, --fail-on unchecked fails.
    assert invoke("validate", VALID, "--strict").exit_code == 0
    assert invoke("validate", VALID, "--fail-on", "unchecked").exit_code == 1
    assert invoke("validate", VALID, "--fail-on", "warning").exit_code == 0
    bad = invoke("validate", INVALID)
    assert bad.exit_code == 1
    assert (
        "HL201 persona-specific" in bad.stdout
        and "fix: replace 1 Duck: Connor MacLeod with 1 Duck: Duncan MacLeod" in bad.stdout
    )
    assert invoke("validate", "no-such-deck.txt").exit_code == 2
    assert invoke("validate", VALID, "--select", "nonsense").exit_code == 2


def test_validate_select_ignore():
    assert invoke("validate", INVALID, "--ignore", "persona-specific").exit_code == 0
    assert invoke("validate", INVALID, "--select", "HL1").exit_code == 0


def test_validate_json_matches_schema():
    import jsonschema

    result = invoke("validate", VALID, INVALID, "--output", "json")
    data = json.loads(result.stdout)
    schema = json.loads((ROOT / "schemas/report.schema.json").read_text())
    jsonschema.validate(data, schema)
    assert data["summary"] == {
        "decks": 2,
        "legal": 1,
        "illegal": 1,
        "errors": 1,
        "warnings": 0,
        "notes": sum(d["notes"] for d in data["decks"]),
        "unreadable": 0,
        "skipped": 0,
    }
    assert [d["notes"] for d in data["decks"]] == [
        sum(p["severity"] == "note" for p in d["problems"]) for d in data["decks"]
    ]


def test_rules_list_and_doc():
    listing = invoke("rules")
    assert listing.exit_code == 0 and "HL206" in listing.stdout and "gem-cap" in listing.stdout
    doc = invoke("rules", "HL206")
    assert "Source: seed 002" in doc.stdout and "first-edition: off" in doc.stdout
    assert invoke("rules", "nope").exit_code == 1


def test_db_info_json_matches_shipped_build(tmp_path):
    info = json.loads(invoke("db", "info", "--json").stdout)
    built = invoke(
        "db", "build", "--source", str(ROOT / "data/source"), "--out", str(tmp_path / "c.sqlite")
    )
    assert built.exit_code == 0
    assert info["content_sha256"] in built.stderr and built.stdout == ""
    assert info["shipped"] is True and info["counts"]["cards"] > 150


def test_import_export_round_trip(tmp_path):
    db = tmp_path / "mine.sqlite"
    assert invoke("db", "init", str(db)).exit_code == 0
    exported = tmp_path / "all.csv"
    assert invoke("db", "export", str(exported)).exit_code == 0
    assert invoke("db", "import", str(exported), "--db", str(db)).exit_code == 0
    again = tmp_path / "again.csv"
    assert invoke("db", "export", str(again), "--db", str(db)).exit_code == 0
    assert again.read_text() == exported.read_text()
    for suffix in (".json", ".jsonl"):
        out = tmp_path / f"all{suffix}"
        assert invoke("db", "export", str(out), "--db", str(db)).exit_code == 0
        copy = tmp_path / f"copy{suffix}.sqlite"
        invoke("db", "init", str(copy))
        assert invoke("db", "import", str(out), "--db", str(copy)).exit_code == 0


def test_failed_import_leaves_catalogue_byte_identical(tmp_path):
    db = tmp_path / "mine.sqlite"
    shutil.copyfile(shipped_path(), db)
    before = db.read_bytes()
    rows = tmp_path / "rows.csv"
    header = (ROOT / "data/source/cards.csv").read_text().splitlines()[0]
    good = "new-card,New Card,,event" + "," * 19 + "seed 001"
    bad = "bad-card,Bad Card,,spell" + "," * 19 + "seed 001"
    rows.write_text("\n".join([header, good, bad]) + "\n")
    result = invoke("db", "import", str(rows), "--db", str(db))
    assert result.exit_code == 2
    assert "row 3: type" in result.stderr
    assert db.read_bytes() == before


def test_import_into_shipped_is_refused():
    result = invoke("db", "import", str(ROOT / "data/source/cards.csv"))
    assert result.exit_code == 2 and "read-only" in result.stderr


def test_bad_catalogue_files_exit_2(tmp_path):
    corrupt = tmp_path / "corrupt.sqlite"
    corrupt.write_bytes(b"not a database at all" * 100)
    truncated = tmp_path / "truncated.sqlite"
    truncated.write_bytes(shipped_path().read_bytes()[:5000])
    foreign = tmp_path / "foreign.sqlite"
    import sqlite3

    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE t (x)")
    for path, words in (
        (tmp_path / "missing.sqlite", "not found"),
        (corrupt, "corrupt.sqlite is not an SQLite catalogue;"),
        (truncated, "sqlite"),
        (foreign, "not an hlcg catalogue"),
    ):
        result = invoke("card", "Thrust", "--db", str(path))
        assert result.exit_code == 2, path
        assert words.lower() in result.stderr.lower()
        assert len(result.stderr.strip().splitlines()) == 1


def test_lackey_tab_separated_import_with_column_map(tmp_path):
    db = tmp_path / "mine.sqlite"
    invoke("db", "init", str(db))
    data = tmp_path / "lackey.tsv"
    data.write_text(
        "Name\tSet\tKind\tSrc\tId\n"
        "Upper Left Attack\tSE\tattack\tseed 002\tupper-left-attack\n"
        "Thrust\tSE\tattack\tseed 002\tthrust\n"
    )
    mapping = '{"Name": "title", "Set": "sets", "Kind": "type", "Src": "source", "Id": "id"}'
    result = invoke("db", "import", str(data), "--db", str(db), "--map", mapping)
    assert result.exit_code == 0, result.output
    assert "2 new" in result.stderr
    card = json.loads(invoke("card", "thrust", "--db", str(db), "--json").stdout)["cards"][0]
    assert (card["type"], card["sets"], card["source"]) == ("attack", ["SE"], "seed 002")
    bad = invoke("db", "import", str(data), "--db", str(db), "--map", '{"Name": "nonsense"}')
    assert bad.exit_code == 2 and "'nonsense' (for 'Name') is not a contract field" in bad.stderr


def test_hlcg_db_environment_variable(tmp_path, monkeypatch):
    db = tmp_path / "empty.sqlite"
    invoke("db", "init", str(db))
    monkeypatch.setenv("HLCG_DB", str(db))
    assert invoke("card", "Thrust").exit_code == 1  # the empty catalogue has no cards
    assert json.loads(invoke("db", "info", "--json").stdout)["counts"]["cards"] == 0


def test_shipped_catalogue_cannot_be_written_through_hlcg():
    import sqlite3

    import pytest

    from hlcg.catalog import connect

    conn = connect(shipped_path())
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        conn.execute("DELETE FROM cards")
    conn.close()


def test_rules_shows_each_formats_parameters_and_the_permissions():
    result = invoke("rules", "title-limit", "--json")
    data = json.loads(result.stdout)["rule"]
    assert data["parameters"][0]["name"] == "max" and data["parameters"][0]["default"] == 6
    assert {f: v["parameters"] for f, v in data["formats"].items()} == {
        "first-edition": {"max": 6},
        "type-one": {"max": 6},
        "type-two": {"max": 6},
    }
    text = invoke("rules", "format-legality").stdout
    assert "first-edition: error" in text and "  excluded_editions = 2E" in text
    permissions = invoke("rules", "permissions").stdout
    assert "generic-immortal: A Generic Immortal may include one copy" in permissions
    assert "  type-two: does not apply" in permissions
    assert "  type-one: unconfirmed" in permissions
