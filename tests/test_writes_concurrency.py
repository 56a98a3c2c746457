"""Writers one at a time: two imports at once both land, a writer that may not wait is
refused with exit 2 and writes nothing, another program's SQLite write lock and a WAL-mode
holder are respected, and a killed export leaves the previous export as it was."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import load, shipped_path
from hlcg.cli.app import app

SHIPPED_CARDS = len(load(shipped_path()).cards)
ERRATA = "http://www.watcherdatabase.tk/Articles/23.html"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def hlcg(*args: str, wait: str | None = None) -> subprocess.Popen[str]:
    env = dict(os.environ)
    env.pop("HLCG_DB", None)
    if wait is not None:
        env["HLCG_LOCK_WAIT"] = wait
    return subprocess.Popen(
        [sys.executable, "-m", "hlcg", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )


def invoke(*args: str) -> tuple[int, str]:
    """An hlcg run in this process, for the steps around the concurrent ones."""
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stderr


def finished(process: subprocess.Popen[str]) -> tuple[int, str]:
    _, stderr = process.communicate(timeout=60)
    return process.returncode, stderr


def rows(folder: Path, name: str, count: int) -> Path:
    path = folder / f"{name}.csv"
    lines = [f"{name}-{n},{name.title()} {n},{ERRATA}" for n in range(count)]
    path.write_text("id,title,source\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def catalogue_copy(folder: Path) -> Path:
    db = folder / "my.sqlite"
    shutil.copyfile(shipped_path(), db)
    return db


# A process that holds a target's write lock until its standard input closes.
HOLDER = (
    "import sys; from pathlib import Path; from hlcg.curation.locking import writer_lock\n"
    "with writer_lock(Path(sys.argv[1]), catalogue=sys.argv[2] == 'catalogue'):\n"
    "    print('held', flush=True); sys.stdin.read()\n"
)


def hold_lock(target: Path, kind: str = "catalogue") -> subprocess.Popen[str]:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(target), kind],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_two_imports_at_once_both_land(tmp_path):
    db = catalogue_copy(tmp_path)
    first, second = rows(tmp_path, "first", 5), rows(tmp_path, "second", 7)
    runs = [hlcg("db", "import", str(path), "--db", str(db)) for path in (first, second)]
    for run in runs:
        code, stderr = finished(run)
        assert code == 0, stderr
    ids = set(load(db).cards)
    assert len(ids) == SHIPPED_CARDS + 12
    assert {"first-0", "first-4", "second-0", "second-6"} <= ids
    assert sorted(p.name for p in tmp_path.glob(".my.sqlite*")) == []


def test_a_writer_that_may_not_wait_is_refused_and_writes_nothing(tmp_path):
    db = catalogue_copy(tmp_path)
    before = digest(db)
    holder = hold_lock(db)
    try:
        code, stderr = finished(
            hlcg("db", "import", str(rows(tmp_path, "late", 3)), "--db", str(db), wait="0")
        )
        waited_code, waited = finished(
            hlcg("db", "import", str(rows(tmp_path, "late", 3)), "--db", str(db), wait="0.2")
        )
    finally:
        holder.kill()  # a holder killed, not let go: its lock ends with it
        holder.wait()
    assert code == 2
    assert stderr == (
        f"hlcg: error: another hlcg run (process {holder.pid}) is writing {db}; did not wait "
        "($HLCG_LOCK_WAIT sets how long): try again when it has finished; nothing was written\n"
    )
    assert waited_code == 2 and f"is writing {db}; waited 0.2 s ($HLCG_LOCK_WAIT" in waited
    assert digest(db) == before
    code, stderr = invoke("db", "import", str(tmp_path / "late.csv"), "--db", str(db))
    assert code == 0, stderr
    assert len(load(db).cards) == SHIPPED_CARDS + 3
    assert list(tmp_path.glob(".my.sqlite.hlcg-lock")) == []  # the next writer removed it


WRITERS = {
    "new.sqlite": ("db", "init"),
    "built.sqlite": ("db", "build", "--out"),
    "export.json": ("db", "export"),
    "folder": ("db", "export"),
}


def test_every_writer_is_refused_while_another_writes_its_target_and_waits_when_it_may(tmp_path):
    holders = {
        name: hold_lock(tmp_path / name, "catalogue" if name.endswith(".sqlite") else "export")
        for name in WRITERS
    }
    try:
        runs = {
            name: hlcg(*command, str(tmp_path / name), wait="0")
            for name, command in WRITERS.items()
        }
        for name, run in runs.items():
            code, stderr = finished(run)
            assert code == 2
            assert stderr.startswith(
                f"hlcg: error: another hlcg run (process {holders[name].pid}) is writing "
                f"{tmp_path / name}; did not wait"
            )
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
            f".{name}.hlcg-lock" for name in WRITERS
        )
        waiting = hlcg("db", "export", str(tmp_path / "export.json"), wait="30")
        time.sleep(0.3)
        assert waiting.poll() is None  # still waiting
    finally:
        for holder in holders.values():
            assert holder.stdin is not None
            holder.stdin.close()  # let go: the waiting writer goes on
            holder.wait()
    code, stderr = finished(waiting)
    assert code == 0, stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export.json"]


def test_another_program_writing_through_sqlite_is_waited_for_then_refused(tmp_path):
    db = catalogue_copy(tmp_path)
    data = rows(tmp_path, "queued", 2)
    with closing(sqlite3.connect(db, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        other.execute("UPDATE meta SET value = value WHERE key = 'application'")
        os.environ["HLCG_LOCK_WAIT"] = "0.2"
        try:
            code, stderr = invoke("db", "import", str(data), "--db", str(db))
        finally:
            del os.environ["HLCG_LOCK_WAIT"]
        assert code == 2
        assert stderr == (
            f"hlcg: error: another program is writing {db} (SQLite: database is locked); try "
            "again when it has finished; nothing was written\n"
        )
        other.execute("ROLLBACK")
    code, stderr = invoke("db", "import", str(data), "--db", str(db))
    assert code == 0, stderr
    assert len(load(db).cards) == SHIPPED_CARDS + 2


def test_a_catalogue_open_in_wal_mode_elsewhere_is_refused_and_never_malformed(tmp_path):
    db = catalogue_copy(tmp_path)
    data = rows(tmp_path, "walled", 2)
    with closing(sqlite3.connect(db)) as other:
        assert other.execute("PRAGMA journal_mode=WAL").fetchone() == ("wal",)
        with other:
            other.execute("INSERT INTO meta(key, value) VALUES ('note', 'theirs')")
        code, stderr = invoke("db", "import", str(data), "--db", str(db))
        assert code == 2
        assert stderr == (
            f"hlcg: error: {db} is open in WAL mode in another program (my.sqlite-wal is "
            "beside it); hlcg replaces a catalogue whole and that program's log would then "
            "belong to no database: close the program and try again; nothing was written\n"
        )
        assert other.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert other.execute("SELECT count(*) FROM cards").fetchone() == (SHIPPED_CARDS,)
    # Closed: its log is checkpointed into the file, and the import goes through.
    code, stderr = invoke("db", "import", str(data), "--db", str(db))
    assert code == 0, stderr
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT value FROM meta WHERE key = 'note'").fetchone() is None
    assert len(load(db).cards) == SHIPPED_CARDS + 2


WAL_REFUSAL = (
    "hlcg: error: {db} is open in WAL mode in another program (my.sqlite-wal is beside it); "
    "hlcg replaces a catalogue whole and that program's log would then belong to no "
    "database: close the program and try again; nothing was written\n"
)


def test_a_log_a_closed_program_left_in_wal_mode_is_folded_in_and_the_import_lands(tmp_path):
    db = catalogue_copy(tmp_path)
    data = rows(tmp_path, "after-wal", 2)
    with closing(sqlite3.connect(db)) as other:
        assert other.execute("PRAGMA journal_mode=WAL").fetchone() == ("wal",)
    code, stderr = invoke("db", "import", str(data), "--db", str(db))
    assert (code, stderr.splitlines()[0]) == (0, f"hlcg: note: read {data} as card rows")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("my.sqlite")) == [
        "my.sqlite"
    ]
    assert len(load(db).cards) == SHIPPED_CARDS + 2


def test_a_log_a_killed_program_left_keeps_its_writes_and_the_import_lands(tmp_path):
    db = catalogue_copy(tmp_path)
    killed = (
        "import os, sqlite3, sys\n"
        "conn = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "conn.execute('PRAGMA journal_mode=WAL')\n"
        'conn.execute("DELETE FROM aliases")\n'
        "os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", killed, str(db)], check=True, timeout=60)
    assert (tmp_path / "my.sqlite-wal").stat().st_size > 0
    data = rows(tmp_path, "after-kill", 1)
    code, stderr = invoke("db", "import", str(data), "--db", str(db))
    assert (code, stderr.splitlines()[0]) == (0, f"hlcg: note: read {data} as card rows")
    assert not (tmp_path / "my.sqlite-wal").exists()
    assert not (tmp_path / "my.sqlite-shm").exists()
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("SELECT count(*) FROM aliases").fetchone() == (0,)
    assert len(load(db).cards) == SHIPPED_CARDS + 1


def test_reading_a_catalogue_in_wal_mode_leaves_no_log_beside_it(tmp_path):
    db = catalogue_copy(tmp_path)
    with closing(sqlite3.connect(db)) as other:
        assert other.execute("PRAGMA journal_mode=WAL").fetchone() == ("wal",)
    before = digest(db)
    assert finished(hlcg("db", "info", "--db", str(db))) == (0, "")
    assert [p.name for p in tmp_path.iterdir()] == ["my.sqlite"]
    assert digest(db) == before


def test_a_program_reading_in_wal_mode_still_gets_the_refusal(tmp_path):
    db = catalogue_copy(tmp_path)
    data = rows(tmp_path, "reading", 1)
    with closing(sqlite3.connect(db, isolation_level=None)) as other:
        assert other.execute("PRAGMA journal_mode=WAL").fetchone() == ("wal",)
        other.execute("BEGIN")
        assert other.execute("SELECT count(*) FROM cards").fetchone() == (SHIPPED_CARDS,)
        code, stderr = invoke("db", "import", str(data), "--db", str(db))
        assert (code, stderr) == (2, WAL_REFUSAL.format(db=db))
        other.execute("COMMIT")
    assert len(load(db).cards) == SHIPPED_CARDS


# Each writer once with a small catalogue (the previous file), then killed while it writes
# the shipped one's rows over it.
KILLED = {
    "export.json": ("db", "export", "{out}", "--db", "{db}"),
    "export.zip": ("db", "export", "{out}", "--db", "{db}"),
    "built.sqlite": ("db", "build", "--out", "{out}", "--source", "{source}"),
}


@pytest.mark.parametrize("name", list(KILLED))
def test_a_killed_writer_leaves_the_previous_file_and_the_next_run_cleans_up(tmp_path, name):
    small = tmp_path / "small.sqlite"
    code, said = invoke("db", "init", str(small))
    assert code == 0 and said.startswith(f"created {small} with the shipped reference tables")
    source = tmp_path / "source"
    assert invoke("db", "export", str(source), "--db", str(small))[0] == 0
    out = tmp_path / name
    fields = {"out": str(out), "db": str(small), "source": str(source)}
    code, stderr = invoke(*(part.format(**fields) for part in KILLED[name]))
    assert code == 0, stderr
    before = digest(out)
    fields.update(db=str(shipped_path()), source=str(ROOT / "data/source"))
    command = [*(part.format(**fields) for part in KILLED[name]), "--force"]
    for _attempt in range(8):
        process = hlcg(*command)
        left: list[Path] = []
        while process.poll() is None and not left:
            left = list(tmp_path.glob(f".{name}.hlcg-write-*.tmp"))
        if left:
            process.send_signal(signal.SIGKILL)
            process.communicate()
            if digest(out) == before:
                break
            # On a busy machine the writer can move its file into place between the look
            # and the kill: the new file is then whole. Put the previous one back, try again.
            fields_small = [part.format(out=out, db=small, source=source) for part in KILLED[name]]
            assert invoke(*fields_small, "--force")[0] == 0
            assert digest(out) == before
            continue
        code, stderr = finished(process)  # done before its temporary file was seen
        assert code == 0, stderr
        fields_small = [part.format(out=out, db=small, source=source) for part in KILLED[name]]
        assert invoke(*fields_small, "--force")[0] == 0
        assert digest(out) == before
    else:
        pytest.fail("the writer always finished before its temporary file was seen")
    assert digest(out) == before  # the previous file, whole
    assert any(p.exists() for p in left)
    code, stderr = finished(hlcg(*command))
    assert code == 0, stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, "small.sqlite", "source"])
