"""Catalogue safety: no write through hlcg to the shipped file, all-or-nothing imports even
when killed, readers undisturbed by imports, inert metacharacters."""

from __future__ import annotations

import csv
import hashlib
import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import load, shipped_path
from hlcg.catalog.vocabulary import CONTRACT_FIELDS
from hlcg.cli.app import app

runner = CliRunner()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def big_import_file(folder: Path, rows: int) -> Path:
    path = folder / "many.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=CONTRACT_FIELDS, lineterminator="\n")
        writer.writeheader()
        for n in range(rows):
            row = dict.fromkeys(CONTRACT_FIELDS, "")
            row.update(id=f"generated-{n}", title=f"Generated {n}", type="event", source="test")
            writer.writerow(row)
    return path


def start_import(source: Path, db: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "hlcg", "db", "import", str(source), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def test_killed_import_leaves_the_catalogue_byte_identical(tmp_path):
    source = big_import_file(tmp_path, 40_000)
    killed = 0
    for delay in (0.3, 0.8, 1.5):
        db = tmp_path / f"cat-{delay}.sqlite"
        shutil.copyfile(shipped_path(), db)
        before = digest(db)
        process = start_import(source, db)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        code = process.wait()
        if code == -signal.SIGKILL:
            killed += 1
            assert digest(db) == before, f"killed after {delay}s changed the catalogue"
            assert len(load(db).cards) == len(load(shipped_path()).cards)
        else:
            assert code == 0 and len(load(db).cards) > 40_000
    assert killed, "the import always finished before it could be killed; use more rows"


def test_readers_keep_working_during_an_import(tmp_path):
    """Readers open the catalogue again and again while an import runs: each sees the whole
    catalogue before or the whole one after, never a part. A pause between reads keeps the
    readers from taking the import's core; the reads made while it ran are counted, so the
    test cannot pass without reading during the import."""
    db = tmp_path / "cat.sqlite"
    shutil.copyfile(shipped_path(), db)
    before = len(load(db).cards)
    process = start_import(big_import_file(tmp_path, 10_000), db)
    seen: set[int] = set()
    reads_during = 0
    while process.poll() is None:
        seen.add(len(load(db).cards))
        reads_during += 1
        time.sleep(0.02)
    assert process.wait() == 0
    seen.add(len(load(db).cards))
    assert seen == {before, before + 10_000}
    assert reads_during >= 5, reads_during


HOSTILE = [
    "'; DROP TABLE cards; --",
    '" OR 1=1 --',
    "cards_fts MATCH '*'",
    'NEAR("a" "b")',
    "title:* OR text:*",
    "%_%",
    "a AND OR NOT",
    '"unbalanced',
    "\\x00",
    "-- ",
    "*",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_metacharacters_are_inert(tmp_path, text):
    db = tmp_path / "cat.sqlite"
    shutil.copyfile(shipped_path(), db)
    before = digest(db)
    commands = [
        ["card", text],
        ["search", text],
        ["search", "--text", text],
        ["search", "--set", text],
        ["search", f"p:{text.split()[0]}"],
        ["persona", text],
        ["tcboo", "card", text],
        ["tcboo", "immortal", text],
    ]
    deck = tmp_path / "deck.txt"
    deck.write_text(f"Persona: {text}\n3 {text}\n", encoding="utf-8")
    commands.append(["validate", str(deck)])
    for command in commands:
        result = runner.invoke(app, [*command, "--db", str(db)])
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            command,
            result.exception,
        )
        assert result.exit_code in (0, 1, 2), command
        if result.exit_code == 2:
            # our one-line errors, or the command-line parser's usage message ("--" ends
            # the options, leaving NAME missing)
            assert result.stderr.startswith(("hlcg: error: ", "Usage: ")), (command, result.stderr)
    assert digest(db) == before
    assert json.loads(runner.invoke(app, ["db", "info", "--json", "--db", str(db)]).stdout)[
        "counts"
    ]["cards"] == len(load(shipped_path()).cards)


def test_the_shipped_catalogue_is_opened_read_only_by_every_reader():
    from hlcg.catalog import connect

    for path in (shipped_path(), ROOT / "data" / "cards.sqlite"):
        conn = connect(path)
        with pytest.raises(Exception, match="readonly"):
            conn.execute("CREATE TABLE intruder (x)")
        conn.close()
