"""A catalogue edited by hand to hold values the card model refuses (a card with no id, a
list whose JSON does not parse, a type outside the vocabulary, a negative number) is refused
when opened, in every command, with one line naming the table, column and row: never
"unexpected ...; this is a bug" half-way through a command."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hlcg.catalog import shipped_path
from hlcg.cli.app import app

DECK = "Persona: Duncan MacLeod\n3 Dodge\n"
REBUILD = (
    "; rebuild it with `hlcg db build`, or start again with `hlcg db init my.sqlite "
    "--from-shipped`\n"
)
# (name, the edit, what the message says of it); row 1 of cards is '9mm', row 3
# 'adam-pierson', row 1 of formats 'first-edition'.
EDITS = {
    "null-id": (
        "UPDATE cards SET id = NULL WHERE rowid = 1",
        "cards.id is empty (row 1)",
    ),
    "blank-title": (
        "UPDATE cards SET title = '  ' WHERE rowid = 3",
        "cards.title is empty (row 3, id 'adam-pierson')",
    ),
    "sets-not-json": (
        "UPDATE cards SET sets = '[[[' WHERE rowid = 3",
        "cards.sets is not valid JSON: '[[[' (row 3, id 'adam-pierson')",
    ),
    "bogus-type": (
        "UPDATE cards SET restriction = -7, type = 'bogus' WHERE rowid = 3",
        "cards.type is not a card type: 'bogus' (row 3, id 'adam-pierson')",
    ),
    "negative-restriction": (
        "UPDATE cards SET restriction = -7 WHERE rowid = 3",
        "cards.restriction is below 1: '-7' (row 3, id 'adam-pierson')",
    ),
    "negative-gem": (
        "UPDATE cards SET gem_reason = -1 WHERE rowid = 3",
        "cards.gem_reason is negative: '-1' (row 3, id 'adam-pierson')",
    ),
    "unknown-format": (
        """UPDATE cards SET formats = '["type-nine"]' WHERE rowid = 3""",
        """cards.formats names a format hlcg does not know: '["type-nine"]' """
        "(row 3, id 'adam-pierson')",
    ),
    "editions-not-json": (
        """UPDATE formats SET editions = '["1E"' WHERE rowid = 1""",
        """formats.editions is not valid JSON: '["1E"' (row 1, name 'first-edition')""",
    ),
    "modifiers-not-a-list": (
        """UPDATE cards SET modifiers = '{"kind": "borrow"}' WHERE rowid = 3""",
        """cards.modifiers is not a JSON list: '{"kind": "borrow"}' (row 3, id 'adam-pierson')""",
    ),
}
COMMANDS = [
    ["validate", "DECK"],
    ["validate", "DECK", "--fix"],
    ["card", "Dodge"],
    ["deck", "hash", "DECK"],
    ["deck", "odds", "DECK"],
    ["db", "gaps", "DECK"],
    ["db", "export", "OUT"],
    ["db", "import", "DOCUMENT"],
]


@pytest.fixture(scope="module")
def document(tmp_path_factory) -> Path:
    """The shipped catalogue as one JSON document, for `db import` into an edited one."""
    path = tmp_path_factory.mktemp("document") / "catalogue.json"
    result = CliRunner().invoke(app, ["db", "export", str(path), "--db", str(shipped_path())])
    assert result.exit_code == 0, result.stderr
    return path


@pytest.fixture(scope="module", params=sorted(EDITS))
def edited(request, tmp_path_factory) -> tuple[Path, str]:
    path = tmp_path_factory.mktemp(request.param) / "cards.sqlite"
    shutil.copyfile(shipped_path(), path)
    statement, said = EDITS[request.param]
    with sqlite3.connect(path) as conn:
        conn.execute(statement)
    conn.close()
    return path, said


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_refused_value_is_exit_2_naming_its_row(args, edited, document, tmp_path):
    catalogue, said = edited
    before = catalogue.read_bytes()
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    files = {"DECK": str(deck), "OUT": str(tmp_path / "out.json"), "DOCUMENT": str(document)}
    result = CliRunner().invoke(app, [*(files.get(a, a) for a in args), "--db", str(catalogue)])
    assert result.exit_code == 2, result.stdout
    assert result.stderr == f"hlcg: error: {catalogue} is corrupt or was edited by hand: {said}" + (
        REBUILD
    )
    assert catalogue.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.txt"]


def test_a_catalogue_that_passed_is_not_scanned_again_until_it_changes(tmp_path, monkeypatch):
    """The scan runs once per version of a file (hlcg.catalog.vetted): a second command on
    the same catalogue skips it, and an edit through SQLite brings it back, so the edited
    value is still refused."""
    from hlcg.catalog import connection

    monkeypatch.setenv("HLCG_CACHE_DIR", str(tmp_path / "cache"))
    db = tmp_path / "my.sqlite"
    shutil.copyfile(shipped_path(), db)
    scans: list[str] = []
    real_scan = connection._require_domains

    def counted(conn, path, tables):
        scans.append(str(path))
        real_scan(conn, path, tables)

    monkeypatch.setattr(connection, "_require_domains", counted)
    runner = CliRunner()
    assert runner.invoke(app, ["card", "Dodge", "--db", str(db)]).exit_code == 0
    assert runner.invoke(app, ["card", "Dodge", "--db", str(db)]).exit_code == 0
    assert scans == [str(db)]
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE cards SET restriction = -7 WHERE rowid = 3")
    edited = runner.invoke(app, ["card", "Dodge", "--db", str(db)])
    assert scans == [str(db), str(db)]
    assert edited.exit_code == 2
    assert "cards.restriction is below 1: '-7' (row 3, id 'adam-pierson')" in edited.stderr


def test_an_unwritable_cache_folder_only_means_the_scan_runs_every_time(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("HLCG_CACHE_DIR", str(blocker / "cache"))
    db = tmp_path / "my.sqlite"
    shutil.copyfile(shipped_path(), db)
    result = CliRunner().invoke(app, ["card", "Dodge", "--db", str(db)])
    assert result.exit_code == 0 and result.stderr == ""
