"""Issue 36 point 7, through the command line: a `<card` in an XML comment shifts no line, a
FIFO in a scanned folder is named as skipped, a read-only mount is not told to chmod, two
personas give one verdict in any order, a link loop is called one, `--map '{}'` is refused,
XML that is not a <deck> and JSON that is not an object are no deck (exit 2), and a
catalogue with two hard-linked names is refused rather than split in two."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hlcg.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
DUNCAN = ROOT / "examples/decks/valid/duncan-first-edition.txt"
ROW = "id,title,type,source\nlunge-x,Lunge X,attack,https://example.org/r\n"


def invoke(*args: str | Path):
    return CliRunner().invoke(app, [str(a) for a in args])


def deck_report(path: Path) -> dict:
    result = invoke("validate", path, "-o", "json")
    return json.loads(result.stdout)["decks"][0]


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("rest") / "mine.sqlite"
    assert invoke("db", "init", db).exit_code == 0
    return db


def test_a_card_tag_in_an_xml_comment_shifts_no_later_line(tmp_path):
    deck = tmp_path / "deck.o8d"
    deck.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<deck game="x">\n  <!-- old list:\n'
        '  <card qty="1">Dodge</card>\n  -->\n  <notes><![CDATA[<card> in the notes]]></notes>\n'
        '  <section name="Endurance">\n    <card qty="3">Nosuchcard One</card>\n  </section>\n'
        "</deck>\n",
        encoding="utf-8",
    )
    unknown = [p for p in deck_report(deck)["problems"] if p["code"] == "HL002"]
    assert [(p["line"], p["message"][:30]) for p in unknown] == [
        (8, "no card named 'Nosuchcard One'")
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX's")
def test_a_fifo_in_a_scanned_folder_is_named_as_skipped(tmp_path):
    shutil.copyfile(DUNCAN, tmp_path / "duncan.txt")
    os.mkfifo(tmp_path / "pipe.txt")
    result = invoke("validate", tmp_path, "-o", "json")
    assert result.exit_code == 0, result.output
    note = f"hlcg: note: skipped {tmp_path}/pipe.txt: not a deck (a pipe, socket or device, "
    assert note in result.stderr
    assert json.loads(result.stdout)["skipped"] == [
        {"path": f"{tmp_path}/pipe.txt", "reason": "a pipe, socket or device, not a regular file"}
    ]


def test_a_catalogue_on_a_read_only_mount_is_not_told_to_chmod(tmp_path, monkeypatch):
    db, rows = tmp_path / "mine.sqlite", tmp_path / "rows.csv"
    assert invoke("db", "init", db).exit_code == 0
    rows.write_text(ROW, encoding="utf-8")
    real_access = os.access

    class ReadOnlyMount:
        f_flag = os.ST_RDONLY

    monkeypatch.setattr(os, "statvfs", lambda path: ReadOnlyMount())
    monkeypatch.setattr(os, "access", lambda p, mode, **k: mode != os.W_OK and real_access(p, mode))
    result = invoke("db", "import", rows, "--db", db)
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: {db} is on a read-only file system; hlcg cannot replace it there: copy "
        "it to a writable disk (or remount that one read-write) and run again; nothing was "
        "written\n"
    )


def test_two_personas_give_one_persona_and_fingerprint_in_either_order(tmp_path):
    body = [line for line in DUNCAN.read_text().splitlines() if not line.startswith("Persona")]
    reports = []
    for order in (("Duncan MacLeod", "Connor MacLeod"), ("Connor MacLeod", "Duncan MacLeod")):
        deck = tmp_path / f"{order[0]}.txt"
        deck.write_text("\n".join([f"Persona: {name}" for name in order] + body) + "\n")
        reports.append(deck_report(deck))
    first, second = reports
    assert first["persona"] == second["persona"] == "Connor MacLeod"  # the first by name
    assert first["fingerprint"] == second["fingerprint"]
    assert sorted(p["code"] for p in first["problems"] if p["severity"] == "error") == sorted(
        p["code"] for p in second["problems"] if p["severity"] == "error"
    )
    persona_lines = [p["message"] for p in second["problems"] if p["code"] == "HL001"]
    assert persona_lines == [
        "second Persona line 'Duncan MacLeod'; the deck already names 'Connor MacLeod' on "
        "line 1; judged as 'Connor MacLeod' (the first by name)"
    ]


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")
def test_a_link_loop_is_called_a_loop(tmp_path):
    (tmp_path / "a.txt").symlink_to("b.txt")
    (tmp_path / "b.txt").symlink_to("a.txt")
    result = invoke("validate", tmp_path / "a.txt")
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: {tmp_path}/a.txt: symbolic link in a loop (it leads back to itself); "
        "point it at a deck file\n"
    )


def test_an_empty_map_is_refused_and_imports_nothing(tmp_path, catalogue):
    db, rows = tmp_path / "mine.sqlite", tmp_path / "rows.csv"
    shutil.copyfile(catalogue, db)
    rows.write_text(ROW, encoding="utf-8")
    before = db.read_bytes()
    result = invoke("db", "import", rows, "--map", "{}", "--db", db)
    assert result.exit_code == 2
    assert result.stderr == (
        'hlcg: error: --map {} maps no column: name at least one, e.g. {"Name": "title"}, '
        "or leave --map out; nothing was imported\n"
    )
    assert db.read_bytes() == before


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        (
            "notes.o8d",
            '<?xml version="1.0"?>\n<notes><card qty="1">Dodge</card></notes>\n',
            "not a deck: the XML's root element is <notes>, not <deck>; export the deck "
            "from LackeyCCG or OCTGN",
        ),
        (
            "list.json",
            '["Dodge", "Lunge"]\n',
            "not a deck: a JSON deck is an object, this file holds an array; see `hlcg "
            "schema deck` for the JSON deck format",
        ),
    ],
)
def test_xml_not_a_deck_and_json_not_an_object_are_no_deck(name, text, message, tmp_path):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = invoke("validate", path)
    assert result.exit_code == 2
    assert result.stderr == f"hlcg: error: {path}: {message}\n"


@pytest.mark.skipif(not hasattr(os, "link"), reason="hard links")
def test_a_catalogue_with_two_hard_linked_names_is_refused(tmp_path, catalogue):
    db, other, rows = tmp_path / "mine.sqlite", tmp_path / "also.sqlite", tmp_path / "rows.csv"
    shutil.copyfile(catalogue, db)
    os.link(db, other)
    rows.write_text(ROW, encoding="utf-8")
    before = db.read_bytes()
    result = invoke("db", "import", rows, "--db", db)
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: {db} has 2 names (hard links to one file); hlcg replaces a catalogue "
        "whole, so only this name would get the change and the others would keep the old "
        "rows: remove the other names, or give this one a copy of its own, and try again; "
        "nothing was written\n"
    )
    assert db.read_bytes() == before and db.samefile(other)
