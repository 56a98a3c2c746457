"""Round trips that keep verdicts (issue 20, section 3): a card file holds everything about
its cards, `db init` starts with the game's reference tables, a catalogue that lacks a
format or There Can Be Only One's tables says so, and the README's curator round trip
works outside the checkout."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

runner = CliRunner()
METHOS = ROOT / "examples/decks/valid/methos-first-edition.txt"
LEFT_OUT_CSV = (
    "hlcg: note: card rows only: sets, formats, the fact history and There Can Be Only One "
    "tables are not in a .csv; export a folder, .zip or .json for everything\n"
)


def invoke(*args: str):
    return runner.invoke(app, list(args))


def shipped_fact_rows() -> int:
    """The rows of data/source/facts.csv: the facts with a source of their own."""
    text = (ROOT / "data/source/facts.csv").read_text(encoding="utf-8")
    return len(list(csv.DictReader(io.StringIO(text))))


def shipped_counts() -> dict[str, int]:
    return json.loads(invoke("db", "info", "--json").stdout)["counts"]


def checked_formats() -> list[str]:
    result = invoke("formats", "--json")
    assert result.exit_code == 0
    return [f["name"] for f in json.loads(result.stdout) if f["checked"]]


@pytest.fixture(scope="module")
def card_csv(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("export") / "cards.csv"
    result = invoke("db", "export", str(out))
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def rebuilt(card_csv, tmp_path_factory) -> Path:
    """The shipped catalogue's card CSV imported into a fresh `db init`."""
    db = tmp_path_factory.mktemp("rebuilt") / "fresh.sqlite"
    assert invoke("db", "init", str(db)).exit_code == 0
    result = invoke("db", "import", str(card_csv), "--db", str(db))
    assert result.exit_code == 0, result.output
    return db


def test_card_csv_export_holds_aliases_and_legality_and_says_what_it_leaves_out(card_csv):
    counts = shipped_counts()
    rows = list(csv.DictReader(io.StringIO(card_csv.read_text(encoding="utf-8"))))
    assert list(rows[0])[-3:] == ["aliases", "legality", "facts"]
    assert len(rows) == counts["cards"]
    aliases = [a for r in rows if r["aliases"] for a in json.loads(r["aliases"])]
    facts = [f for r in rows if r["legality"] for f in json.loads(r["legality"])]
    assert (len(aliases), len(facts)) == (counts["aliases"], counts["legality"])
    lower = next(r for r in rows if r["id"] == "lower-center-block")
    assert json.loads(lower["aliases"]) == [
        {"alias": "Lower Block", "source": "seed 001_6402d66a7a4065b1.txt §Basic Defenses"}
    ]
    again = invoke("db", "export", str(card_csv), "--force")
    assert again.stdout == ""
    assert (
        again.stderr
        == (
            f"exported {counts['cards']} cards with {counts['aliases']} aliases, "
            f"{counts['legality']} legality facts and {shipped_fact_rows()} fact sources "
            f"to {card_csv}\n"
        )
        + LEFT_OUT_CSV
    )


def test_jsonl_export_says_what_it_leaves_out(tmp_path):
    out = tmp_path / "cards.jsonl"
    result = invoke("db", "export", str(out))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr.splitlines(keepends=True)[1:] == [
        LEFT_OUT_CSV.replace("a .csv", "a .jsonl")
    ]
    first = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert list(first)[-3:] == ["aliases", "legality", "facts"]


def test_db_init_starts_with_the_shipped_reference_tables_and_no_cards(tmp_path):
    db = tmp_path / "fresh.sqlite"
    result = invoke("db", "init", str(db))
    assert result.exit_code == 0
    counts = shipped_counts()
    assert result.stderr == (
        f"created {db} with the shipped reference tables: {counts['formats']} formats and "
        f"{counts['sets']} sets with their editions, no cards\n"
    )
    fresh = json.loads(invoke("db", "info", "--json", "--db", str(db)).stdout)["counts"]
    assert (fresh["cards"], fresh["aliases"], fresh["legality"]) == (0, 0, 0)
    assert (fresh["sets"], fresh["formats"]) == (counts["sets"], counts["formats"])


def test_db_init_empty_starts_with_nothing(tmp_path):
    db = tmp_path / "empty.sqlite"
    result = invoke("db", "init", str(db), "--empty")
    assert result.exit_code == 0
    assert result.stderr == (
        f"created empty catalogue {db} (no formats or sets: import a whole catalogue)\n"
    )
    fresh = json.loads(invoke("db", "info", "--json", "--db", str(db)).stdout)["counts"]
    assert (fresh["sets"], fresh["formats"], fresh["cards"]) == (0, 0, 0)
    both = invoke("db", "init", str(tmp_path / "x.sqlite"), "--empty", "--from-shipped")
    assert both.exit_code == 2
    assert both.stderr == (
        "hlcg: error: give one of --from PATH, --from-shipped and --empty, not "
        "--from-shipped and --empty\n"
    )


def test_card_csv_import_records_the_aliases_and_legality_facts(rebuilt, card_csv):
    counts = shipped_counts()
    fresh = json.loads(invoke("db", "info", "--json", "--db", str(rebuilt)).stdout)["counts"]
    for table in ("cards", "aliases", "legality", "sets", "formats"):
        assert fresh[table] == counts[table], table
    db = rebuilt.with_name("again.sqlite")
    invoke("db", "init", str(db))
    result = invoke("db", "import", str(card_csv), "--db", str(db))
    assert (result.stdout, result.stderr) == (
        "",
        f"hlcg: note: read {card_csv} as card rows\n"
        f"imported {counts['cards']} rows into {db} ({counts['cards']} new, 0 updated; "
        f"{counts['cards']} cards) with {counts['aliases']} aliases, "
        f"{counts['legality']} legality facts and {shipped_fact_rows()} fact sources\n",
    )
    alias = invoke("card", "Lower Block", "--db", str(db), "--json")
    assert alias.exit_code == 0
    assert json.loads(alias.stdout)["cards"][0]["id"] == "lower-center-block"


def _reports(db: Path | None, fmt: str | None) -> tuple[int, dict]:
    args = ["validate", str(ROOT / "examples/decks"), "--output", "json"]
    args += ["--format", fmt] if fmt else []
    args += ["--db", str(db)] if db else []
    result = invoke(*args)
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


def test_card_csv_into_a_fresh_init_keeps_every_example_verdict(rebuilt):
    """Every example deck, in its own format and in every checked format, gets the same
    JSON report -- verdict, problem codes, messages, counts and fingerprint -- from the
    rebuilt catalogue as from the shipped one. Nothing is ignored: the fingerprint covers
    only the rows a verdict reads, and those are the same rows."""
    formats = checked_formats()
    assert formats == ["first-edition", "type-one", "type-two"]
    decks = sorted((ROOT / "examples/decks").glob("*/*.txt"))
    for fmt in (None, *formats):
        shipped_code, shipped = _reports(None, fmt)
        code, report = _reports(rebuilt, fmt)
        assert len(report["decks"]) == len(decks)
        assert code == shipped_code, fmt
        assert report == shipped, fmt
    _, own = _reports(None, None)
    assert own["summary"]["illegal"] > 0 and own["summary"]["legal"] > 0


def _without_formats(tmp_path: Path, card_csv: Path) -> Path:
    """A catalogue of the shipped cards but no formats: `db init --empty`, then the card CSV
    without what names a set or a format (printings, legality facts, fact sources), which
    card rows never bring in (a sets file needs the formats' editions)."""
    db = tmp_path / "empty.sqlite"
    invoke("db", "init", str(db), "--empty")
    rows = list(csv.DictReader(io.StringIO(card_csv.read_text(encoding="utf-8"))))
    cards = tmp_path / "cards.csv"
    left_out = ("sets", "legality", "facts")
    with cards.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, [name for name in rows[0] if name not in left_out])
        writer.writeheader()
        writer.writerows({k: v for k, v in row.items() if k not in left_out} for row in rows)
    result = invoke("db", "import", str(cards), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(
        f"hlcg: note: read {cards} as card rows\n"
        f"hlcg: warning: {db} records no formats or editions, so no deck can be judged by "
        "it: card rows bring no formats or sets; import a whole export (a folder, .zip or "
        ".json) or start with `hlcg db init my.sqlite --from-shipped`\nimported "
    )
    return db


def test_card_rows_into_a_catalogue_without_sets_are_refused(tmp_path, card_csv):
    """A card row never brings a set in (nor a format): the export's card CSV into an empty
    catalogue is refused, every printing named, and the file is as it was."""
    db = tmp_path / "empty.sqlite"
    invoke("db", "init", str(db), "--empty")
    before = db.read_bytes()
    result = invoke("db", "import", str(card_csv), "--db", str(db))
    assert result.exit_code == 2
    assert (
        "sets: 'SE' is neither a set code nor a set name the catalogue lists (it lists no "
        "sets yet); a new set comes from a sets file" in result.stderr
    )
    assert db.read_bytes() == before


def test_a_format_the_catalogue_does_not_record_is_refused(tmp_path, card_csv):
    db = _without_formats(tmp_path, card_csv)
    result = invoke("validate", str(METHOS), "--format", "type-two", "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: {db}: this catalogue records no format type-two, so no deck can be "
        "judged in it; start a catalogue with the game's formats: `hlcg db init my.sqlite "
        "--from-shipped`, or import a whole export that holds them\n"
    )
    own_format = invoke("validate", str(METHOS), "--db", str(db))
    assert own_format.exit_code == 2
    assert "this catalogue records no format first-edition" in own_format.stderr
    search = invoke("search", "f:type-two", "--db", str(db))
    assert search.exit_code == 2
    assert search.stderr == (
        "hlcg: error: this catalogue records no format type-two, so f:type-two cannot be "
        "judged; start a catalogue with the game's formats: "
        "`hlcg db init my.sqlite --from-shipped`\n"
    )
    card = invoke("card", "Head Shot", "--db", str(db))
    assert card.exit_code == 0
    assert "type-two (today)       unconfirmed: this catalogue records no format type-two" in (
        card.stdout
    )
    assert "no source" not in card.stdout


def _without_tcboo(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        for table in ("tcboo_cards", "tcboo_immortals", "tcboo_swords", "tcboo_locations"):
            conn.execute(f"DROP TABLE {table}")


TCBOO_COMMANDS = [
    ["tcboo", "card", "sever"],
    ["tcboo", "cards"],
    ["tcboo", "immortal", "The Kurgan"],
    ["tcboo", "swords"],
    ["tcboo", "sword", "Katana"],
    ["tcboo", "locations"],
    ["tcboo", "check", str(ROOT / "examples/tcboo/legal-roll.toml")],
    ["tcboo", "check", "--premade", "Ramirez", "--sword", "Katana"],
]


@pytest.mark.parametrize("how", ["init", "dropped"])
def test_tcboo_commands_refuse_a_catalogue_without_its_tables(tmp_path, how):
    db = tmp_path / "cards.sqlite"
    if how == "init":
        invoke("db", "init", str(db))
        missing = "tcboo_cards, tcboo_immortals, tcboo_swords, tcboo_locations"
    else:
        invoke("db", "init", str(db), "--from-shipped")
        _without_tcboo(db)
        missing = "tcboo_cards, tcboo_immortals, tcboo_swords, tcboo_locations"
    for command in TCBOO_COMMANDS:
        assert invoke(*command).exit_code in (0, 1), command  # the shipped catalogue answers
        result = invoke(*command, "--db", str(db))
        assert result.exit_code == 2, command
        assert result.stdout == "", command
        assert result.stderr == (
            f"hlcg: error: {db} holds no There Can Be Only One tables ({missing} missing or "
            "empty), so it cannot answer for that game; use the shipped catalogue (leave out "
            "--db), start one with `hlcg db init my.sqlite --from-shipped`, or import a whole "
            "export that holds them\n"
        ), command


def test_one_empty_tcboo_table_is_refused_too(tmp_path):
    db = tmp_path / "cards.sqlite"
    invoke("db", "init", str(db), "--from-shipped")
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM tcboo_swords")
    result = invoke("tcboo", "check", str(ROOT / "examples/tcboo/legal-roll.toml"), "--db", str(db))
    assert result.exit_code == 2
    assert "(tcboo_swords missing or empty)" in result.stderr


def test_card_file_aliases_as_names_and_json_lines(tmp_path):
    """A hand-written card file: `;`-separated alias names take the row's source; JSONL
    rows carry arrays; a bad legality item is a located error and nothing is written."""
    db = tmp_path / "mine.sqlite"
    invoke("db", "init", str(db), "--from-shipped")
    header = (ROOT / "data/source/cards.csv").read_text(encoding="utf-8").splitlines()[0]
    thrust = next(
        line
        for line in (ROOT / "data/source/cards.csv").read_text(encoding="utf-8").splitlines()
        if line.startswith("thrust,")
    )
    rows = tmp_path / "thrust.csv"
    rows.write_text(f"{header},aliases\n{thrust},Middle Attack; Center Attack\n", encoding="utf-8")
    result = invoke("db", "import", str(rows), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert [ln for ln in result.stderr.splitlines() if ln.startswith("imported ")][0].endswith(
        "with 2 aliases, 0 legality facts and 0 fact sources"
    )
    found = invoke("card", "Center Attack", "--db", str(db), "--json")
    assert json.loads(found.stdout)["cards"][0]["id"] == "thrust"

    before = db.read_bytes()
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        json.dumps(
            {
                "id": "thrust",
                "title": "Thrust",
                "source": "seed 002_f2e543bcb7a26c32.txt §Constructing a Deck (Attacks)",
                "legality": [{"format": "type-two", "status": "allowed"}],
            }
        )
        + "\n",
        encoding="utf-8",
    )
    refused = invoke("db", "import", str(bad), "--db", str(db))
    assert refused.exit_code == 2
    assert f"{bad}: row 1: legality: status: expected" in refused.stderr
    assert db.read_bytes() == before


# --- the README's curator round trip, outside the checkout ---------------------------------


def readme_round_trip() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("A curator's round trip:", 1)[1].split("```sh\n", 1)[1]
    block = block.split("```", 1)[0].replace("\\\n", " ")
    return [line.split("  #", 1)[0].strip() for line in block.splitlines() if line.strip()]


def test_readme_curator_round_trip_works_outside_the_checkout(tmp_path):
    # Slow on purpose (about 4 s of CPU): the README's curator commands run as a user types
    # them, each a process of the installed hlcg in a folder outside the checkout, which an
    # in-process call cannot stand for (PATH, the working folder, the shipped catalogue found
    # from the installed package).
    commands = readme_round_trip()
    assert commands[0] == "hlcg db init mine.sqlite --from-shipped"
    assert any(re.match(r"hlcg db gaps my-decks/", c) for c in commands)
    decks = tmp_path / "my-decks"
    decks.mkdir()
    for deck in (ROOT / "examples/decks/valid").glob("*.txt"):
        shutil.copy(deck, decks / deck.name)
    # a LackeyCCG row restating what the shipped catalogue records of 9mm (AT, an object)
    (tmp_path / "carddata.txt").write_text(
        "Name\tSet\tImageFile\tType\tText\n9mm: Kinman\tAT\t9mm.jpg\tObject\t\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    assert not (tmp_path / "examples").exists()
    for command in commands:
        done = subprocess.run(
            command, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, (command, done.stderr)
    sheet = (tmp_path / "sheet.csv").read_text(encoding="utf-8")
    assert sheet.startswith("id,field,value,source,name,decks\n") and sheet.count("\n") > 1
    same = [
        subprocess.run(
            ["hlcg", "validate", "my-decks", "--output", "json", "--db", db],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
        )
        for db in ("mine.sqlite", "fresh.sqlite")
    ]
    assert same[0].returncode == same[1].returncode == 0
    assert json.loads(same[0].stdout) == json.loads(same[1].stdout)
    alone = subprocess.run(
        ["hlcg", "db", "gaps"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert alone.returncode == 2
    assert "name the deck files or folders: `hlcg db gaps my-decks/" in alone.stderr


def test_card_file_errors_come_all_at_once(tmp_path):
    db = tmp_path / "mine.sqlite"
    invoke("db", "init", str(db))
    before = db.read_bytes()
    rows = tmp_path / "bad.csv"
    rows.write_text(
        'id,title,type,source,aliases,legality\nthrust,Thrust,spell,seed 002,"[1]",'
        '"[{""format"": ""type-two""}]"\n',
        encoding="utf-8",
    )
    result = invoke("db", "import", str(rows), "--db", str(db))
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0] == "hlcg: error: 3 errors; nothing was written:"
    assert lines[1].startswith(f"{rows}: row 2: type: expected 'attack'")
    assert lines[2] == (
        f"{rows}: row 2: aliases: expected a name or an object with alias and source, got 1"
    )
    assert lines[3:] == [f"{rows}: row 2: legality: status: required, and missing"]
    assert db.read_bytes() == before


def test_db_init_on_an_existing_file_says_what_to_do_instead(tmp_path):
    db = tmp_path / "mine.sqlite"
    assert invoke("db", "init", str(db)).exit_code == 0
    again = invoke("db", "init", str(db))
    assert again.exit_code == 2
    assert again.stderr == (
        f"hlcg: error: {db} already exists; hlcg db init will not overwrite it: add to it "
        f"with `hlcg db import FILE --db {db}`, or name a new file\n"
    )
