"""`-` is standard input wherever a deck or data file is read (`validate`, `deck hash|stats|
convert`, `db import`) and standard output where one file is written (`deck convert`,
`validate --output-file`, `db export --to`), through the command line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import shipped_path
from hlcg.cli.app import app

runner = CliRunner()
LEGAL = ROOT / "examples/decks/valid/duncan-katana-type-two.txt"
ILLEGAL = ROOT / "examples/decks/invalid/persona-specific.txt"
PROGRAMS = ROOT / "examples" / "programs"


def invoke(*args: str, stdin: bytes | str | None = None):
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    return result


def test_validate_reads_a_deck_on_standard_input():
    result = invoke("validate", "-", "-o", "json", stdin=LEGAL.read_bytes())
    assert result.exit_code == 0
    report = json.loads(result.stdout)["decks"][0]
    assert report["path"] == "<stdin>" and report["legal"] and report["endurance"] == 54
    illegal = invoke("validate", "-", stdin=ILLEGAL.read_bytes())
    assert illegal.exit_code == 1
    assert "<stdin>:25: error HL201 persona-specific" in illegal.stdout


@pytest.mark.parametrize(
    "name", ["richie-forum.txt", "richie.json", "richie-lackey.dek", "richie-octgn.o8d"]
)
def test_standard_input_is_read_as_the_kind_it_holds(name):
    """JSON by its `{`, LackeyCCG and OCTGN XML by their elements, else text: the same
    fingerprint as the file."""
    path = PROGRAMS / name
    piped = invoke("deck", "hash", "-", stdin=path.read_bytes())
    assert piped.exit_code == 0, piped.output
    assert piped.stdout == invoke("deck", "hash", str(path)).stdout


def test_a_deck_named_twice_or_judged_in_every_format_is_read_once():
    result = invoke("validate", "-", "--all-formats", stdin=LEGAL.read_bytes())
    assert result.exit_code == 0
    row = result.stdout.splitlines()[-1].split()
    assert row[0] == "<stdin>" and row[-1] == "legal"  # type-two: the same deck again


def test_unreadable_standard_input_names_it():
    result = invoke("validate", "-", stdin=b"\x89PNG\r\n\x1a\n\x00")
    assert result.exit_code == 2
    assert "hlcg: error: <stdin>: binary data" in result.stderr
    hashed = invoke("deck", "hash", "-", "--json", stdin=b"\x00\x01")
    assert hashed.exit_code == 2


def test_deck_stats_and_hash_read_standard_input():
    stats = invoke("deck", "stats", "-", "--json", stdin=LEGAL.read_bytes())
    assert stats.exit_code == 0 and json.loads(stats.stdout)["endurance"] == 54
    hashed = invoke("deck", "hash", "-", stdin=LEGAL.read_bytes())
    assert hashed.stdout == invoke("deck", "hash", str(LEGAL)).stdout
    assert len(hashed.stdout.strip()) == 64  # one deck: its digest alone, no manifest


def test_fix_refuses_standard_input():
    result = invoke("validate", "-", "--fix", stdin=ILLEGAL.read_bytes())
    assert result.exit_code == 2
    assert "standard input (-) has none" in result.stderr


def test_convert_writes_standard_output(tmp_path):
    text = invoke("deck", "convert", str(LEGAL), "-")
    assert text.exit_code == 0
    assert text.stdout.startswith("Format: type-two\nPersona: Duncan MacLeod\n")
    piped = invoke("deck", "convert", "-", "-", "--to", "o8d", stdin=LEGAL.read_bytes())
    assert piped.exit_code == 0 and piped.stdout.startswith("<?xml")
    saved = tmp_path / "deck.o8d"
    saved.write_text(piped.stdout, encoding="utf-8")
    assert invoke("deck", "hash", str(saved)).stdout == invoke("deck", "hash", str(LEGAL)).stdout


def test_convert_from_standard_input_to_a_file(tmp_path):
    target = tmp_path / "deck.json"
    result = invoke("deck", "convert", "-", str(target), stdin=LEGAL.read_bytes())
    assert result.exit_code == 0 and json.loads(target.read_text("utf-8"))["persona"]


def test_validate_output_file_dash_is_standard_output():
    result = invoke("validate", str(LEGAL), "-o", "json", "--output-file", "-")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["decks"][0]["legal"]


def test_db_import_reads_standard_input(tmp_path):
    db = tmp_path / "mine.sqlite"
    assert invoke("db", "init", str(db)).exit_code == 0
    rows = "id,title,type,source\nzz-test,ZZ Test,event,seed 001\n"
    result = invoke("db", "import", "-", "--db", str(db), stdin=rows)
    assert result.exit_code == 0, result.output
    assert "1 new" in result.stderr
    before = db.read_bytes()
    bad = invoke("db", "import", "-", "--db", str(db), stdin=rows.replace("event", "spell"))
    assert bad.exit_code == 2 and "<stdin>: row 2: type" in bad.stderr
    assert db.read_bytes() == before  # all or none


@pytest.mark.parametrize("kind", ["json", "zip", "tar.gz", "jsonl", "csv"])
def test_db_export_to_standard_output_imports_back(tmp_path, kind):
    exported = invoke("db", "export", "-", "--to", kind)
    assert exported.exit_code == 0
    assert "to standard output" in exported.stderr
    db = tmp_path / "copy.sqlite"
    assert invoke("db", "init", str(db)).exit_code == 0
    imported = invoke("db", "import", "-", "--db", str(db), stdin=exported.stdout_bytes)
    assert imported.exit_code == 0, imported.output
    if kind in ("json", "zip", "tar.gz"):  # the whole catalogue: the same content
        info = json.loads(invoke("db", "info", "--db", str(db), "--json").stdout)
        shipped = json.loads(invoke("db", "info", "--db", str(shipped_path()), "--json").stdout)
        assert info["content_sha256"] == shipped["content_sha256"]


def test_db_export_dash_without_a_kind_is_refused_as_a_folder():
    result = invoke("db", "export", "-")
    assert result.exit_code == 2
    assert "standard output takes one file, not a folder" in result.stderr
    assert invoke("db", "export", "x.csv", "--to", "csv").exit_code == 2


@pytest.mark.skipif(not shutil.which("cat"), reason="no cat(1)")
def test_cat_deck_into_validate_through_a_real_pipe():
    command = f"cat '{LEGAL}' | {sys.executable} -m hlcg validate -"
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<stdin>\n")
