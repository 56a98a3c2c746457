"""File names that are not UTF-8 (a Latin-1 `Se\\xf1or.txt` as unzip leaves it), through the
command line (issue 36 point 1): every report, --fix, `deck sheet`, `deck convert` and a
catalogue at such a path work; the name is shown escaped (`\\xf1`) and every report stays
valid UTF-8 in its own format. In-process (CliRunner's standard output is strict UTF-8, so
a name written raw there would be a crash)."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from xml.dom.minidom import parseString

import pytest
from typer.testing import CliRunner

from hlcg.catalog import shipped_path
from hlcg.cli.app import app

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="names of any bytes: Linux")

ROOT = Path(__file__).resolve().parents[2]
BUG = "this is a bug in hlcg"


def invoke(*args: str | Path):
    return CliRunner().invoke(app, [str(a) for a in args])


def latin1(folder: Path, name: bytes) -> Path:
    """A path in ``folder`` whose name is these bytes (as os.fsdecode gives it)."""
    return Path(os.fsdecode(bytes(folder) + b"/" + name))


@pytest.fixture
def senor(tmp_path: Path) -> Path:
    deck = latin1(tmp_path, b"Se\xf1or.txt")
    shutil.copyfile(ROOT / "examples/decks/invalid/basics.txt", deck)  # fixable: one missing
    return deck


def parsed(kind: str, data: bytes) -> object:
    """The report parsed as its format (strict UTF-8 first: every one must be)."""
    text = data.decode("utf-8")
    if kind in ("json", "sarif", "gitlab"):
        return json.loads(text)
    if kind == "junit":
        return parseString(data)
    return text


@pytest.mark.parametrize("kind", ["text", "json", "junit", "sarif", "github", "gitlab"])
def test_every_report_names_the_deck_escaped_and_stays_valid(kind, senor, tmp_path):
    # SARIF: a URI; JSON: a string whose backslash is escaped (the value reads Se\xf1or.txt)
    shown = {"sarif": "Se%F1or.txt", "json": "Se\\\\xf1or.txt", "gitlab": "Se\\\\xf1or.txt"}
    shown = shown.get(kind, "Se\\xf1or.txt")
    on_stdout = invoke("validate", senor, "-o", kind)
    assert on_stdout.exit_code == 1, on_stdout.output
    parsed(kind, on_stdout.stdout_bytes)
    assert shown in on_stdout.stdout_bytes.decode("utf-8")
    report = latin1(tmp_path, f"r\xe9sum\xe9.{kind}".encode("latin-1"))  # the report's too
    in_file = invoke("validate", senor, "-o", kind, "--output-file", report)
    assert in_file.exit_code == 1, in_file.output
    assert BUG not in in_file.stderr
    document = parsed(kind, report.read_bytes())
    if kind == "json":
        assert isinstance(document, dict)
        assert document["decks"][0]["path"] == str(tmp_path / "Se\\xf1or.txt")
    else:
        assert shown in report.read_text(encoding="utf-8")


def test_fix_sheet_and_convert_write_beside_such_a_name(senor, tmp_path):
    fixed = invoke("validate", senor, "--fix")
    assert fixed.exit_code == 1, fixed.output  # judged as given; the copy is fixed
    assert f"wrote {tmp_path}/Se\\xf1or.fixed.txt" in fixed.stderr
    assert latin1(tmp_path, b"Se\xf1or.fixed.txt").is_file()

    sheet = latin1(tmp_path, b"hoja-\xf1.html")
    made = invoke("deck", "sheet", senor, "-o", sheet)
    assert made.exit_code == 0, made.output
    assert "Se\\xf1or.txt" in sheet.read_text(encoding="utf-8")

    for suffix in ("json", "dek", "o8d", "txt"):
        target = latin1(tmp_path, f"conv\xe9.{suffix}".encode("latin-1"))
        converted = invoke("deck", "convert", senor, target)
        assert converted.exit_code == 0, converted.output
        assert target.stat().st_size > 0


def test_a_catalogue_at_such_a_path_opens_and_takes_imports(tmp_path):
    db = latin1(tmp_path, b"cat\xe1logo.sqlite")
    assert invoke("db", "init", db).exit_code == 0
    rows = latin1(tmp_path, b"fil\xe1s.csv")
    rows.write_text(
        "id,title,type,source\nlunge-x,Lunge X,attack,https://example.org/r\n", encoding="utf-8"
    )
    imported = invoke("db", "import", rows, "--db", db)
    assert imported.exit_code == 0, imported.output
    assert "cat\\xe1logo.sqlite" in imported.stderr
    card = invoke("card", "Lunge X", "--db", db, "--json")
    assert card.exit_code == 0, card.output
    assert json.loads(card.stdout)["cards"][0]["id"] == "lunge-x"
    exported = latin1(tmp_path, b"export-\xe1")
    assert invoke("db", "export", exported, "--db", db).exit_code == 0
    assert (exported / "manifest.json").is_file()
    shipped = latin1(tmp_path, b"env\xeda.sqlite")
    shutil.copyfile(shipped_path(), shipped)
    judged = invoke(
        "validate", ROOT / "examples/decks/valid/methos-first-edition.txt", "--db", shipped
    )
    assert judged.exit_code == 0, judged.output
