"""What a hostile tester found after the hardening work (issue 36): every command with a JSON
output stays JSON for a file name that is not UTF-8; a writer never replaces a pipe or device
by a file (it writes through, or refuses); `event register` takes a deck under such a name;
standard output on a full disk is exit 2 with one line; and the lesser findings (a fill hint
that pastes, a long cell cut in an import error, EFBIG's own hint, "nothing was written" for
a catalogue that never existed). In-process (CliRunner) where the
process boundary is not the thing tested; FIFOs stand for devices (nothing here opens a /dev
node for writing)."""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
import sqlite3
import stat
import sys
import threading
from pathlib import Path

import pytest
from tests.hostile.test_names_any_encoding import BUG, ROOT, invoke, latin1

from hlcg.catalog import shipped_path

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="names of any bytes: Linux")

DECK = ROOT / "examples/decks/valid/duncan-first-edition.txt"


@pytest.fixture
def senor(tmp_path: Path) -> Path:
    folder = latin1(tmp_path, b"d\xe9cks")
    folder.mkdir()
    deck = latin1(folder, b"Se\xf1or.txt")
    shutil.copyfile(DECK, deck)
    return deck


def json_of(result) -> object:
    """The command's standard output, parsed as strict UTF-8 JSON."""
    assert BUG not in result.stderr
    return json.loads(result.stdout_bytes.decode("utf-8"))


def test_every_json_output_names_a_non_utf8_path_escaped(senor, tmp_path):
    folder = senor.parent
    shown = str(folder).replace("\udce9", "\\xe9") + "/Se\\xf1or.txt"
    hashed = invoke("deck", "hash", senor, "--json")
    assert hashed.exit_code == 0
    assert json_of(hashed)["decks"][0]["path"] == shown
    fingerprint = json_of(hashed)["decks"][0]["fingerprint"]
    whole_folder = invoke("deck", "hash", folder, "--json")
    assert [d["path"] for d in json_of(whole_folder)["decks"]] == [shown]
    missing = invoke("deck", "hash", senor, latin1(tmp_path, b"gone\xff.txt"), "--json")
    assert missing.exit_code == 2
    assert json_of(missing)["decks"][1]["path"] == f"{tmp_path}/gone\\xff.txt"
    diffed = invoke("deck", "diff", senor, senor, "--output", "json")
    assert diffed.exit_code == 0
    assert json_of(diffed)["a"]["path"] == shown
    odds = invoke("deck", "odds", senor, "--output", "json")
    assert odds.exit_code == 0
    assert json_of(odds)["path"] == shown
    verified = invoke("deck", "sheet", senor, "--verify", fingerprint, "--output", "json")
    assert verified.exit_code == 0
    assert json_of(verified)["match"] is True
    gaps = invoke("db", "gaps", folder, "--output", "json")
    assert gaps.exit_code == 0
    files = {f for gap in json_of(gaps)["items"] for f in gap["deck_files"]}
    assert files == {shown}
    db = latin1(tmp_path, b"c\xf1.sqlite")
    shutil.copyfile(shipped_path(), db)
    for extra in ([], ["--verify"]):
        info = invoke("db", "info", "--db", db, "--json", *extra)
        assert info.exit_code == 0, info.output
        assert json_of(info)["path"] == f"{tmp_path}/c\\xf1.sqlite"


# --- writers and what is not a regular file ---------------------------------------------


def still_a_fifo(path: Path) -> bool:
    return stat.S_ISFIFO(os.lstat(path).st_mode)


@pytest.mark.parametrize(
    "args",
    [
        ["db", "build", "--out", "{target}", "--force"],
        ["db", "export", "{target}.zip", "--force"],
        ["db", "export", "{target}.json", "--force"],
        ["db", "export", "{target}.csv", "--force"],
    ],
    ids=["build", "zip", "json", "csv"],
)
def test_a_catalogue_writer_refuses_a_pipe_and_leaves_it(args, tmp_path):
    target = tmp_path / "pipe"
    named = [a.format(target=target) for a in args]
    os.mkfifo(named[2] if args[1] == "export" else target)
    result = invoke(*named)
    assert result.exit_code == 2, result.output
    written = named[2] if args[1] == "export" else str(target)
    assert result.stderr.endswith(
        f"hlcg: error: {written} is not a regular file (a device, pipe or socket); hlcg "
        "does not replace it: name a file; nothing was written\n"
    )
    assert still_a_fifo(Path(written))
    assert sorted(p.name for p in tmp_path.iterdir()) == [Path(written).name]


def test_a_sheet_is_written_through_a_pipe(tmp_path):
    html = tmp_path / "sheet.html"
    os.mkfifo(html)
    got: list[bytes] = []

    def read() -> None:
        with open(html, "rb") as handle:
            got.append(handle.read())

    reader = threading.Thread(target=read, daemon=True)  # a failed write leaves it waiting
    reader.start()
    result = invoke("deck", "sheet", DECK, "-o", html, "--force")
    reader.join(timeout=10)
    assert result.exit_code == 0, result.output
    assert got[0].startswith(b"<!DOCTYPE html>")
    assert still_a_fifo(html)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.html"]


@pytest.mark.parametrize(
    ("code", "hint"),
    [(errno.ENOSPC, "free some space"), (errno.EFBIG, "raise the file size limit")],
)
def test_a_sheet_onto_a_full_device_is_exit_2_and_the_device_stays(
    code, hint, tmp_path, monkeypatch
):
    html = tmp_path / "sheet.html"
    os.mkfifo(html)
    descriptor = os.open(html, os.O_RDONLY | os.O_NONBLOCK)  # so the writer's open returns
    real_write = os.write

    def full(fd: int, data) -> int:
        if os.fstat(fd).st_ino == os.lstat(html).st_ino:
            raise OSError(code, os.strerror(code))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    try:
        result = invoke("deck", "sheet", DECK, "-o", html, "--force")
    finally:
        os.close(descriptor)
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: could not write {html}: {os.strerror(code)}: {hint}, or write to "
        "another disk\n"
    )
    assert still_a_fifo(html)


def test_a_failed_build_of_a_new_catalogue_says_only_that_nothing_was_written(
    tmp_path, monkeypatch
):
    from hlcg.curation import builder

    def disk_error(*args, **kwargs) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(builder, "write_catalogue", disk_error)
    new = tmp_path / "new.sqlite"
    result = invoke("db", "build", "--out", new)
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: could not write {new}: disk I/O error (is the disk full? free some "
        "space, or write to another disk); nothing was written\n"
    )
    assert not new.exists()


# --- event register with a non-UTF-8 deck name ------------------------------------------


def test_event_register_takes_a_deck_whose_name_is_not_utf8(tmp_path):
    event = tmp_path / "cup.event"
    made = invoke("event", "new", event, "--name", "Cup", "--date", "2026-01-10", "-f", "1e")
    assert made.exit_code == 0, made.output
    deck = latin1(tmp_path, b"Ok\xff\xfe.txt")
    shutil.copyfile(DECK, deck)
    registered = invoke("event", "register", event, "Alice", deck, "--json")
    assert registered.exit_code == 0, registered.output
    assert json_of(registered)["deck_file"] == "Ok\\xff\\xfe.txt"
    status = invoke("event", "status", event, "--json")
    assert status.exit_code == 0, status.output
    assert "Ok\\\\xff\\\\xfe.txt" in status.stdout
    verified = invoke("event", "verify", event, "Alice", deck)
    assert verified.exit_code == 0, verified.output


# --- standard output on a full disk -----------------------------------------------------


def test_standard_output_on_a_full_disk_is_exit_2_with_one_line(tmp_path, monkeypatch):
    """Through ``main`` (its standard stream is the thing tested), the disk's ENOSPC
    injected at the write of standard output's file."""
    from hlcg.cli.app import main

    out = (tmp_path / "out.txt").open("w", encoding="utf-8")
    real_write = os.write

    def full(fd: int, data) -> int:
        if fd == out.fileno():
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    monkeypatch.setattr(sys, "argv", ["hlcg", "deck", "convert", str(DECK), "--to", "dek", "-"])
    with pytest.raises(SystemExit) as ended:
        main()
    message = sys.stderr.getvalue()
    monkeypatch.undo()
    out.close()
    assert ended.value.code == 2
    assert message == (
        "hlcg: error: could not write <stdout>: No space left on device: free some space, "
        "or write to another disk\n"
    )


def test_the_fill_hint_for_a_non_utf8_name_pastes_back_to_its_bytes(senor, tmp_path):
    result = invoke("validate", senor, "-o", "json")
    assert result.exit_code == 0, result.output
    report = json_of(result)
    assert isinstance(report, dict)
    hint = report["decks"][0]["coverage"]["fill"]
    assert hint == f"hlcg db fill $'{tmp_path}/d\\xe9cks/Se\\xf1or.txt'"
    # bash's $'...' reads each \xNN as that byte: the hint names the very file
    quoted = hint.removeprefix("hlcg db fill $'").removesuffix("'")
    assert quoted.encode().decode("unicode_escape").encode("latin-1") == os.fsencode(senor)


@pytest.mark.parametrize(
    ("column", "expected"),
    [("gem_agility", "a whole number or empty"), ("unique", "true/false, 1/0, yes/no or empty")],
)
def test_an_import_error_cuts_a_long_cell(column, expected, tmp_path):
    db = tmp_path / "mine.sqlite"
    shutil.copyfile(shipped_path(), db)
    rows = tmp_path / "rows.csv"
    rows.write_text(
        f"id,title,type,source,{column}\nlunge-x,Lunge X,attack,https://x.org,{'x' * 1156}\n",
        encoding="utf-8",
    )
    result = invoke("db", "import", rows, "--db", db)
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: 1 error; nothing was written:\n{rows}: row 2: {column}: expected "
        f"{expected}, got '{'x' * 57}...'\n"
    )
