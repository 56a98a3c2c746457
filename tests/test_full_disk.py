"""Disks that fill and folders that are missing (issue 36 point 3): `validate --output-file`
onto /dev/full, into a missing folder, or on a disk that fills while the report streams (a
write that fails with ENOSPC part-way, injected at the report's file handle), and a disk so
full that not even the writer's lock file takes its process id: each is exit 2 with one
line naming the path and what to do, never the "bug" line; no partial target, no temporary
file, no lock file is left."""

from __future__ import annotations

import errno
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hlcg.output
from hlcg.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "examples/decks/valid"
FULL = "No space left on device: free some space, or write to another disk"


def invoke(*args: str | Path):
    return CliRunner().invoke(app, [str(a) for a in args])


def beside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("kind", ["text", "json", "junit"])
def test_a_report_onto_dev_full_is_one_clear_line(kind):
    result = invoke("validate", DECKS, "-o", kind, "--output-file", "/dev/full")
    assert result.exit_code == 2
    assert result.stderr.endswith(f"hlcg: error: could not write /dev/full: {FULL}\n")
    assert "bug" not in result.stderr


def test_a_report_into_a_missing_folder_names_it_and_says_what_to_do(tmp_path):
    report = tmp_path / "reports" / "decks.json"
    result = invoke("validate", DECKS, "-o", "json", "--output-file", report)
    assert result.exit_code == 2
    assert result.stderr.endswith(
        f"hlcg: error: could not write {report}: its folder {report.parent} does not exist: "
        f"create it first (mkdir -p {report.parent}) or name a file in another; nothing was "
        "written\n"
    )
    assert beside(tmp_path) == []


class _Filling:
    """A report's file handle on a disk with ``room`` characters left."""

    def __init__(self, handle, room: int) -> None:  # noqa: ANN001
        self.handle, self.room = handle, room

    def write(self, text: str) -> int:
        self.room -= len(text)
        if self.room < 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        return self.handle.write(text)

    def close(self) -> None:
        self.handle.close()


@pytest.mark.parametrize(("kind", "jobs"), [("text", "1"), ("junit", "1"), ("sarif", "2")])
def test_a_disk_that_fills_while_the_report_streams_leaves_the_old_report(
    kind, jobs, tmp_path, monkeypatch
):
    opened = hlcg.output._OutputFile.__init__

    def on_a_filling_disk(self, path, handle, device):  # noqa: ANN001
        opened(self, path, _Filling(handle, room=1500), device)

    monkeypatch.setattr(hlcg.output._OutputFile, "__init__", on_a_filling_disk)
    report = tmp_path / "report.out"
    report.write_text("yesterday's report\n", encoding="utf-8")
    result = invoke("validate", DECKS, "-o", kind, "--output-file", report, "--force", "-j", jobs)
    assert result.exit_code == 2
    assert result.stderr.endswith(
        f"hlcg: error: could not write {report}: {FULL}; nothing was written\n"
    )
    assert report.read_text(encoding="utf-8") == "yesterday's report\n"
    assert beside(tmp_path) == ["report.out"]


def _no_room_at_all() -> None:
    """A disk with no room: every write past 0 bytes fails (EFBIG, as ENOSPC would)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


@pytest.mark.skipif(sys.platform != "linux", reason="a write limit per process: Linux")
def test_a_completely_full_disk_leaves_no_lock_file_and_no_partial_catalogue(tmp_path):
    # A process of its own: the write limit holds for a whole process (and its children).
    db, rows = tmp_path / "mine.sqlite", tmp_path / "rows.csv"
    assert invoke("db", "init", db).exit_code == 0
    rows.write_text("id,title,type,source\nlunge-x,Lunge X,attack,https://x.org\n", "utf-8")
    before = db.read_bytes()
    result = subprocess.run(
        [sys.executable, "-m", "hlcg", "db", "import", str(rows), "--db", str(db)],
        capture_output=True,
        preexec_fn=_no_room_at_all,  # noqa: PLW1509 (no threads to deadlock in the child)
        env={**os.environ, "HLCG_LOCK_WAIT": "0"},
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.decode().startswith(f"hlcg: error: could not write {db}: ")
    assert "free some space" in result.stderr.decode()
    assert "bug" not in result.stderr.decode()
    assert db.read_bytes() == before
    assert beside(tmp_path) == ["mine.sqlite", "rows.csv"]  # no lock, no journal, no temp
