"""`hlcg db export DIR --force` killed at every step of its swap leaves the old or the new
export, and the next run puts back or finishes what it left (issue 36 point 4); every file
and folder is synced before the rename that shows it and its folder after.

A kill is a forked copy of the test process that runs the command and ends with os._exit
at the step named (hlcg.output._at_step): no cleanup runs, as under SIGKILL, at the cost
of a fork rather than a new interpreter."""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hlcg.output
from hlcg.cli.app import app
from hlcg.output import FOLDER_STEPS, aside_path, write_folder, write_text_atomically

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="a kill needs fork")

MARK = "old-export.txt"  # only the old export holds it
KILLED = 9


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("swap") / "mine.sqlite"
    assert invoke("db", "init", str(db)).exit_code == 0
    return db


@pytest.fixture
def old_export(tmp_path: Path, catalogue: Path) -> Path:
    out = tmp_path / "export"
    assert invoke("db", "export", str(out), "--db", str(catalogue)).exit_code == 0
    (out / MARK).write_text("the export a judge relies on\n", encoding="utf-8")
    return out


def export_killed_at(step: str, out: Path, db: Path) -> int:
    """Run `db export OUT --force` in a forked process that dies at ``step``; its exit code."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork beside pytest's threads
        pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:

            def die_at(reached: str) -> None:
                if reached == step:
                    os._exit(KILLED)

            hlcg.output._at_step = die_at
            invoke("db", "export", str(out), "--force", "--db", str(db))
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def state(out: Path) -> str:
    if not out.is_dir():
        return "none"
    return "old" if (out / MARK).is_file() else "new"


def leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith("."))


@pytest.mark.parametrize("step", FOLDER_STEPS)
def test_a_kill_at_every_step_leaves_the_old_or_the_new_export(step, old_export, catalogue):
    assert export_killed_at(step, old_export, catalogue) == KILLED
    survived = "new" if FOLDER_STEPS.index(step) >= FOLDER_STEPS.index("new-renamed") else "old"
    if step == "old-moved-aside":  # killed between the renames: the old one waits aside
        assert state(old_export) == "none"
        assert state(aside_path(old_export)) == "old"
    else:
        assert state(old_export) == survived
    # The next export without --force puts the survivor back in place and refuses it.
    again = invoke("db", "export", str(old_export), "--db", str(catalogue))
    if survived == "old":
        assert again.exit_code == 2, again.output
        assert "is not empty" in again.stderr
    assert state(old_export) == survived
    # With --force it finishes the job; nothing of ours is left beside the export.
    assert invoke("db", "export", str(old_export), "--force", "--db", str(catalogue)).exit_code == 0
    assert state(old_export) == "new"
    assert leftovers(old_export) == []


def test_two_exports_killed_between_the_renames_never_lose_the_old_one(old_export, catalogue):
    for _ in range(2):
        assert export_killed_at("old-moved-aside", old_export, catalogue) == KILLED
        assert state(aside_path(old_export)) == "old"
    assert invoke("db", "export", str(old_export), "--db", str(catalogue)).exit_code == 2
    assert state(old_export) == "old"
    assert leftovers(old_export) == []


@pytest.mark.skipif(sys.platform != "linux", reason="names an fsync'd descriptor by /proc")
def test_files_and_folders_are_synced_around_each_rename(tmp_path, disk_events):
    events = disk_events
    report = tmp_path / "report.txt"
    write_text_atomically(report, "LEGAL\n")
    temp = events[0][1]
    assert Path(temp).name.startswith(".report.txt.hlcg-write-")
    assert events == [("sync", temp), ("rename", str(report)), ("sync", str(tmp_path))]

    events.clear()
    out = tmp_path / "export"
    out.mkdir()
    write_folder({"cards.csv": b"id\n", "sub/sets.csv": b"code\n"}, out)
    renames = [i for i, (kind, _) in enumerate(events) if kind == "rename"]
    assert [events[i][1] for i in renames] == [str(aside_path(out)), str(out)]
    before = {Path(path).name for kind, path in events[: renames[0]] if kind == "sync"}
    assert {"cards.csv", "sets.csv", "sub"} <= before  # each file and folder of the new one
    for at in renames:  # the parent folder after each rename
        assert events[at + 1] == ("sync", str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export", "report.txt"]
