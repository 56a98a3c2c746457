"""What a writer does to its target: an export carries a manifest and a cut or changed
export is refused; links are written through, read-only files refused, modes kept; what a
killed run left is cleaned; no output replaces an input of the same run; a full disk is a
clear exit 2 with the target untouched."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import load, shipped_path
from hlcg.cli.app import app

SHIPPED_CARDS = len(load(shipped_path()).cards)
ERRATA = "http://www.watcherdatabase.tk/Articles/23.html"
EDITED = (
    "an export edited on purpose imports without its manifest (manifest.json, or the "
    'document\'s "manifest" key)'
)


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def catalogue_copy(folder: Path, name: str = "my.sqlite") -> Path:
    db = folder / name
    shutil.copyfile(shipped_path(), db)
    return db


def card_rows(folder: Path) -> Path:
    path = folder / "rows.csv"
    path.write_text(f"id,title,source\nbrand-new,Brand New,{ERRATA}\n", encoding="utf-8")
    return path


def ended_pid() -> int:
    """The id of a process that has run and ended."""
    ended = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(ended.stdout)


# --- an export's manifest ---------------------------------------------------------------


@pytest.fixture(scope="module")
def exports(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("exports")
    for name in ("whole.json", "whole.zip", "whole"):
        assert invoke("db", "export", str(folder / name)).exit_code == 0
    return folder


def refused(export: Path, tmp_path: Path) -> list[str]:
    """The error lines of importing ``export`` into a new catalogue, which stays as it was."""
    db = tmp_path / "target.sqlite"
    if not db.exists():
        assert invoke("db", "init", "--empty", str(db)).exit_code == 0
    before = digest(db)
    result = invoke("db", "import", str(export), "--db", str(db))
    assert result.exit_code == 2, result.output
    assert digest(db) == before
    assert "Traceback" not in result.output
    return result.stderr.splitlines()


def test_every_whole_export_carries_its_row_counts_and_hashes(exports):
    document = json.loads((exports / "whole.json").read_text())
    manifest = document["manifest"]
    assert manifest["kind"] == "hlcg-export-manifest" and manifest["version"] == 1
    assert manifest["rows"]["cards"] == SHIPPED_CARDS == len(document["cards"])
    assert manifest["rows"]["aliases"] == len(document["aliases"])
    folder = json.loads((exports / "whole" / "manifest.json").read_text())
    assert folder["rows"] == manifest["rows"]
    assert folder["content_sha256"] == manifest["content_sha256"]
    on_disk = sorted(
        p.relative_to(exports / "whole").as_posix()
        for p in (exports / "whole").rglob("*")
        if p.is_file() and p.name != "manifest.json"
    )
    assert sorted(folder["files"]) == on_disk
    cards = (exports / "whole" / "cards.csv").read_bytes()
    assert folder["files"]["cards.csv"] == hashlib.sha256(cards).hexdigest()
    with zipfile.ZipFile(exports / "whole.zip") as archive:
        assert json.loads(archive.read("manifest.json")) == folder


def test_a_folder_export_cut_short_is_refused(exports, tmp_path):
    folder = tmp_path / "cut"
    shutil.copytree(exports / "whole", folder)
    cards = (folder / "cards.csv").read_text().splitlines(keepends=True)
    (folder / "cards.csv").write_text("".join(cards[:100]))  # whole rows: still valid CSV
    (folder / "tcboo" / "swords.csv").unlink()
    assert refused(folder, tmp_path) == [
        "hlcg: error: 2 errors; nothing was written:",
        f"{folder}: cards.csv is not the file exported (its sha256 differs from "
        f"manifest.json's): cut short or changed since; {EDITED}",
        f"{folder}: tcboo/swords.csv is missing (manifest.json lists it)",
    ]


def test_a_zip_export_with_a_changed_or_added_member_is_refused(exports, tmp_path):
    changed = tmp_path / "changed.zip"
    with (
        zipfile.ZipFile(exports / "whole.zip") as source,
        zipfile.ZipFile(changed, "w") as archive,
    ):
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "aliases.csv":
                data = data.replace(b"Upper Middle Attack", b"Upper Muddle Attack")
            archive.writestr(info.filename, data)
        archive.writestr("fact_history.csv", "card_id,field,value,source,inferred,superseded\n")
    assert refused(changed, tmp_path)[1:] == [
        f"{changed}: aliases.csv is not the file exported (its sha256 differs from "
        f"manifest.json's): cut short or changed since; {EDITED}",
        f"{changed}: fact_history.csv is not listed in manifest.json; an export lists every "
        "file it holds",
    ]


def test_a_document_missing_rows_or_changed_is_refused_by_its_manifest(exports, tmp_path):
    document = json.loads((exports / "whole.json").read_text())
    document["aliases"] = document["aliases"][1:]
    fewer = tmp_path / "fewer.json"
    fewer.write_text(json.dumps(document))
    aliases = len(document["aliases"])
    lines = refused(fewer, tmp_path)
    assert lines[:2] == [
        "hlcg: error: 2 errors; nothing was written:",
        f"{fewer}: its manifest records {aliases + 1} rows of aliases, the export holds {aliases}",
    ]
    assert lines[2].startswith(f"{fewer}: its rows have content_sha256 ")
    assert lines[2].endswith(
        f"its manifest records {document['manifest']['content_sha256']}: changed since export; "
        f"{EDITED}"
    )
    document["manifest"]["rows"] = "many"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    assert refused(bad, tmp_path)[1:] == [
        "its manifest is not an hlcg export manifest (kind 'hlcg-export-manifest', version 1)"
    ]
    del document["manifest"]  # edited on purpose: imported as it is
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(document))
    result = invoke("db", "import", str(edited), "--db", str(tmp_path / "target.sqlite"))
    assert result.exit_code == 0, result.output
    assert f"with {aliases} aliases" in result.stderr


# --- links, modes, read-only files --------------------------------------------------------


def test_a_symlinked_catalogue_is_written_through_the_link_keeping_its_mode(tmp_path):
    real = catalogue_copy(tmp_path, "real.sqlite")
    real.chmod(0o640)
    link = tmp_path / "link.sqlite"
    link.symlink_to(real.name)
    result = invoke("db", "import", str(card_rows(tmp_path)), "--db", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == "real.sqlite"
    assert real.stat().st_mode & 0o777 == 0o640
    assert len(load(real).cards) == SHIPPED_CARDS + 1


def test_a_read_only_catalogue_is_refused_not_replaced(tmp_path):
    db = catalogue_copy(tmp_path)
    db.chmod(0o444)
    before = digest(db)
    result = invoke("db", "import", str(card_rows(tmp_path)), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: {db} is read-only (mode 0444); hlcg does not replace it: make it "
        f"writable (chmod u+w {db}) or write elsewhere; nothing was written\n"
    )
    assert digest(db) == before and db.stat().st_mode & 0o777 == 0o444


def test_a_read_only_output_is_refused_even_with_force_and_a_link_written_through(tmp_path):
    deck = tmp_path / "deck.txt"
    shutil.copyfile(ROOT / "examples/decks/valid/methos-first-edition.txt", deck)
    report = tmp_path / "report.json"
    report.write_text("old\n")
    report.chmod(0o444)
    result = invoke(
        "validate", str(deck), "--output", "json", "--output-file", str(report), "--force"
    )
    assert result.exit_code == 2
    assert result.stderr.startswith(f"hlcg: error: {report} is read-only (mode 0444)")
    assert report.read_text() == "old\n"
    report.chmod(0o600)
    link = tmp_path / "latest.json"
    link.symlink_to(report.name)
    result = invoke(
        "validate", str(deck), "--output", "json", "--output-file", str(link), "--force"
    )
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and json.loads(report.read_text())["decks"][0]["legal"] is True
    assert report.stat().st_mode & 0o777 == 0o600


# --- what killed runs left ------------------------------------------------------------------


def test_the_next_export_removes_what_killed_exports_of_its_target_left(tmp_path):
    pid = ended_pid()
    stale_file = tmp_path / f".whole.json.hlcg-write-{pid}-0123abcd.tmp"
    stale_file.write_text('{"kind": "hlcg-cata')
    running = tmp_path / f".whole.json.hlcg-write-{os.getpid()}-89abcdef.tmp"  # still writing
    running.write_text("{")
    other = tmp_path / f".other.json.hlcg-write-{pid}-0123abcd.tmp"  # another target's
    other.write_text("{")
    stale_folder = tmp_path / f".folder.hlcg-write-{pid}-4567cdef.tmp"
    (stale_folder / "tcboo").mkdir(parents=True)
    (stale_folder / "tcboo" / "cards.csv").write_text("half")
    assert invoke("db", "export", str(tmp_path / "whole.json")).exit_code == 0
    assert invoke("db", "export", str(tmp_path / "folder")).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["whole.json", "folder", running.name, other.name]
    )


# --- an output never replaces an input of the same run --------------------------------------


def test_an_output_file_that_is_a_checked_deck_is_refused_by_any_name(tmp_path):
    deck = tmp_path / "decks" / "methos.txt"
    deck.parent.mkdir()
    shutil.copyfile(ROOT / "examples/decks/valid/methos-first-edition.txt", deck)
    before = deck.read_bytes()
    hard = tmp_path / "hard.txt"
    os.link(deck, hard)
    soft = tmp_path / "soft.txt"
    soft.symlink_to(deck)
    for given, output in ((deck, deck), (deck.parent, hard), (deck, soft)):
        result = invoke("validate", str(given), "--output-file", str(output), "--force")
        assert result.exit_code == 2
        shown = "" if output == deck else f" (as {deck})"
        assert result.stderr == (
            f"hlcg: error: {output} is read by this run{shown}; hlcg does not write over "
            "its own input: name another file; nothing was written\n"
        )
    assert deck.read_bytes() == before and soft.is_symlink()


def test_a_fix_is_never_written_over_another_deck_of_the_run(tmp_path):
    deck = tmp_path / "bad.txt"
    shutil.copyfile(ROOT / "examples/decks/invalid/title-limit.txt", deck)
    other = tmp_path / "bad.fixed.txt"  # a deck of its own, checked in the same run
    shutil.copyfile(ROOT / "examples/decks/valid/methos-first-edition.txt", other)
    before = other.read_bytes()
    result = invoke("validate", str(deck), str(other), "--fix", "--force")
    assert result.exit_code == 2
    assert (
        f"{deck}: not fixed: {other} is a deck this run checks; hlcg does not write over its "
        "own input"
    ) in result.stderr
    assert other.read_bytes() == before


def test_catalogue_writers_never_write_over_what_they_read(tmp_path):
    db = catalogue_copy(tmp_path)
    before = digest(db)
    metadata = invoke("db", "datasette-metadata", "--db", str(db), "--output", str(db), "--force")
    assert metadata.exit_code == 2
    assert metadata.stderr.startswith(f"hlcg: error: {db} is read by this run;")
    itself = invoke("db", "import", str(db), "--db", str(db))
    assert itself.exit_code == 2
    assert itself.stderr == (
        f"hlcg: error: {db} is the catalogue itself (--db); import another file into it\n"
    )
    assert digest(db) == before
    source = tmp_path / "source"
    shutil.copytree(ROOT / "data/source", source)
    out = source / "cards.csv"
    built = invoke("db", "build", "--source", str(source), "--out", str(out), "--force")
    assert built.exit_code == 2
    assert built.stderr.startswith(f"hlcg: error: {out} is read by this run;")
    assert out.read_bytes() == (ROOT / "data/source/cards.csv").read_bytes()


def test_a_long_deck_name_is_fixed_beside_it(tmp_path):
    deck = tmp_path / ("x" * 236 + ".txt")  # its fixed copy's name: 246 of 255 bytes
    shutil.copyfile(ROOT / "examples/decks/invalid/title-limit.txt", deck)
    result = invoke("validate", str(deck), "--fix")
    assert result.exit_code == 1, result.output
    assert (tmp_path / ("x" * 236 + ".fixed.txt")).is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [deck.name, "x" * 236 + ".fixed.txt"]
    )


# --- a full disk ------------------------------------------------------------------------------

# hlcg with writes capped at a file size (the disk "full" past it): the write fails with
# EFBIG as it would with ENOSPC, SIGXFSZ ignored as a full disk raises none.
CAPPED = (
    "import resource, signal, sys\n"
    "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
    "resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))\n"
    "sys.argv = ['hlcg', *sys.argv[1:]]\n"
    "from hlcg.cli.app import main\n"
    "main()\n"
)


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_full_disk_during_every_catalogue_write_is_exit_2_and_leaves_the_target(tmp_path):
    db = catalogue_copy(tmp_path)
    before = digest(db)
    runs = {
        "import": (["db", "import", str(card_rows(tmp_path)), "--db", str(db)], db),
        "init": (["db", "init", "--from-shipped", str(tmp_path / "new.sqlite")], None),
        "build": (["db", "build", "--out", str(tmp_path / "built.sqlite")], None),
        "export": (["db", "export", str(tmp_path / "whole.json")], None),
    }
    processes = {
        name: subprocess.Popen(
            [sys.executable, "-c", CAPPED, *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name, (args, _) in runs.items()
    }
    for name, process in processes.items():
        _, stderr = process.communicate(timeout=120)
        assert process.returncode == 2, (name, stderr)
        assert "Traceback" not in stderr
        assert len(stderr.splitlines()) == 1
    assert digest(db) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my.sqlite", "rows.csv"]


def test_no_space_left_while_importing_is_exit_2_with_the_catalogue_untouched(
    tmp_path, monkeypatch
):
    from hlcg.curation import importer

    written = importer.write_catalogue

    def fills_the_disk(path: Path, *args, **kwargs) -> None:
        written(path, *args, **kwargs)  # the temporary file is whole, then the disk is full
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(importer, "write_catalogue", fills_the_disk)
    db = catalogue_copy(tmp_path)
    before = digest(db)
    result = invoke("db", "import", str(card_rows(tmp_path)), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: could not write {db}: No space left on device: free some space, or "
        "write to another disk; nothing was written\n"
    )
    assert digest(db) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my.sqlite", "rows.csv"]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_an_endless_device_is_read_only_up_to_the_source_limit(tmp_path, device):
    if not Path(device).exists():
        pytest.skip(f"no {device}")
    db = catalogue_copy(tmp_path)
    before = digest(db)
    result = invoke("db", "import", device, "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr == (
        "hlcg: error: 1 error; nothing was written:\n"
        f"{device}: more than 52428800 bytes, over the card source size limit\n"
    )
    assert digest(db) == before


@pytest.mark.parametrize(
    "command",
    [
        ("validate", "-", "--output-file", "{deck}", "--force"),
        ("deck", "convert", "-", "{deck}", "--force"),
    ],
)
def test_a_deck_read_from_standard_input_is_not_written_over(tmp_path, command):
    deck = tmp_path / "deck.txt"
    deck.write_text("Connor MacLeod\nBad Card\n", encoding="utf-8")
    args = [arg.format(deck=deck) for arg in command]
    with deck.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "hlcg", *args],
            stdin=stdin,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr == (
        f"hlcg: error: {deck} is read by this run (as <stdin>); hlcg does not write over its "
        "own input: name another file; nothing was written\n"
    )
    assert deck.read_text(encoding="utf-8") == "Connor MacLeod\nBad Card\n"


@pytest.fixture(scope="module")
def tar_export(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("tar") / "whole.tar.gz"
    assert invoke("db", "export", str(path)).exit_code == 0
    return path


@pytest.mark.parametrize("cut", [1, 8, 40])
def test_a_tar_gz_export_cut_short_in_its_last_bytes_is_refused(tar_export, tmp_path, cut):
    data = tar_export.read_bytes()
    short = tmp_path / "short.tar.gz"
    short.write_bytes(data[:-cut])
    assert refused(short, tmp_path) == [
        "hlcg: error: 1 error; nothing was written:",
        f"{short}: not a readable archive (Compressed file ended before the end-of-stream "
        "marker was reached)",
    ]


def test_a_tar_gz_export_with_a_wrong_crc_is_refused(tar_export, tmp_path):
    data = bytearray(tar_export.read_bytes())
    data[-8] ^= 0xFF  # the first byte of gzip's CRC-32 of the whole tar
    changed = tmp_path / "crc.tar.gz"
    changed.write_bytes(bytes(data))
    lines = refused(changed, tmp_path)
    assert lines[0] == "hlcg: error: 1 error; nothing was written:"
    assert lines[1].startswith(f"{changed}: not a readable archive (CRC check failed")
    assert len(lines) == 2
    db = tmp_path / "target.sqlite"
    assert invoke("db", "import", str(tar_export), "--db", str(db)).exit_code == 0


def test_a_folder_export_is_replaced_whole_with_force_and_refused_without(tmp_path):
    folder = tmp_path / "exdir"
    assert invoke("db", "export", str(folder)).exit_code == 0
    (folder / "left-over.txt").write_text("from before\n", encoding="utf-8")
    again = invoke("db", "export", str(folder))
    assert again.exit_code == 2
    assert again.stderr == (
        f"hlcg: error: {folder} is not empty; export into a new or empty folder, or pass "
        "--force to replace an earlier export\n"
    )
    forced = invoke("db", "export", str(folder), "--force")
    assert forced.exit_code == 0, forced.output
    assert not (folder / "left-over.txt").exists()
    assert (folder / "manifest.json").is_file()
    assert [p.name for p in tmp_path.iterdir()] == ["exdir"]  # nothing set aside is left
    db = tmp_path / "back.sqlite"
    assert invoke("db", "init", "--empty", str(db)).exit_code == 0
    assert invoke("db", "import", str(folder), "--db", str(db)).exit_code == 0
    assert len(load(db).cards) == SHIPPED_CARDS


def test_force_does_not_replace_a_folder_that_is_no_export(tmp_path):
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "mine.txt").write_text("keep me\n", encoding="utf-8")
    result = invoke("db", "export", str(folder), "--force")
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: {folder} is not empty and holds no manifest.json, so it is no hlcg "
        "export; --force replaces only an earlier export: export into a new or empty folder\n"
    )
    assert [p.name for p in folder.iterdir()] == ["mine.txt"]
