"""Writes of the event file as the catalogue's (tests/test_writes_concurrency.py): two
registrations at once both land, a writer that may not wait is refused and writes nothing,
and a registration killed while it writes leaves the event as it was. These start real
`hlcg` processes, since the process boundary (a lock held by another process, SIGKILL) is
what is tested; the event is made in this process."""

from __future__ import annotations

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from tests.event.day import EVENT_DATE, TOURNAMENT, VALID, hlcg

from conftest import ROOT

HOLDER = (
    "import sys; from pathlib import Path; from hlcg.curation import writer_lock\n"
    "with writer_lock(Path(sys.argv[1])):\n"
    "    print('held', flush=True); sys.stdin.read()\n"
)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def start(*args: object, wait: str | None = None) -> subprocess.Popen[str]:
    env = dict(os.environ)
    env.pop("HLCG_DB", None)
    if wait is not None:
        env["HLCG_LOCK_WAIT"] = wait
    return subprocess.Popen(
        [sys.executable, "-m", "hlcg", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )


def finished(process: subprocess.Popen[str]) -> tuple[int, str]:
    _, stderr = process.communicate(timeout=60)
    return process.returncode, stderr


def players(event: Path) -> list[str]:
    with closing(sqlite3.connect(event)) as conn:
        return [p for (p,) in conn.execute("SELECT player FROM registrations ORDER BY player")]


@pytest.fixture()
def event(tmp_path: Path) -> Path:
    path = tmp_path / "spring.hlcg"
    made = hlcg("event", "new", path, "--name", "Spring", "--date", EVENT_DATE)
    assert made.exit_code == 0, made.output
    assert hlcg("event", "register", path, "Alice", TOURNAMENT / "alice-duncan.txt").exit_code == 0
    return path


def test_two_registrations_at_once_both_land(event: Path):
    runs = [
        start("event", "register", event, "Bob", TOURNAMENT / "bob-richie.dek"),
        start("event", "register", event, "Dan", VALID / "duncan-katana-type-two.txt"),
    ]
    for run in runs:
        code, stderr = finished(run)
        assert code == 0, stderr
    assert players(event) == ["Alice", "Bob", "Dan"]
    assert sorted(p.name for p in event.parent.iterdir()) == ["spring.hlcg"]


def test_a_writer_that_may_not_wait_is_refused_and_writes_nothing(event: Path):
    before = digest(event)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(event)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        code, stderr = finished(
            start("event", "register", event, "Bob", TOURNAMENT / "bob-richie.dek", wait="0")
        )
    finally:
        holder.kill()  # killed, not let go: its lock ends with it
        holder.wait()
    assert code == 2
    assert stderr == (
        f"hlcg: error: another hlcg run (process {holder.pid}) is writing {event}; did not "
        "wait ($HLCG_LOCK_WAIT sets how long): try again when it has finished; nothing was "
        "written\n"
    )
    assert digest(event) == before
    assert hlcg("event", "lock", event).exit_code == 0  # the next writer goes on
    assert not list(event.parent.glob(".spring.hlcg.hlcg-lock"))


def test_a_killed_registration_leaves_the_event_as_it_was(event: Path):
    before = digest(event)
    command = ("event", "register", event, "Bob", TOURNAMENT / "bob-richie.dek")
    for _attempt in range(8):
        process = start(*command)
        left: list[Path] = []
        while process.poll() is None and not left:
            left = list(event.parent.glob(".spring.hlcg.hlcg-write-*.tmp"))
        if left:
            process.send_signal(signal.SIGKILL)
            process.communicate()
            if any(p.exists() for p in left):
                break  # killed while it wrote: its temporary file is still there
        else:
            code, stderr = finished(process)  # done before its temporary file was seen
            assert code == 0, stderr
        # it finished first: the whole registration is there; take it out and try again
        assert players(event) == ["Alice", "Bob"]
        with closing(sqlite3.connect(event)) as conn, conn:
            conn.execute("DELETE FROM registrations WHERE player = 'Bob'")
        before = digest(event)
    else:
        pytest.fail("the registration always finished before it could be killed")
    assert digest(event) == before  # the event as it was, whole
    assert players(event) == ["Alice"]
    code, stderr = finished(start(*command))
    assert code == 0, stderr
    assert players(event) == ["Alice", "Bob"]
    assert sorted(p.name for p in event.parent.iterdir()) == ["spring.hlcg"]  # cleaned up
