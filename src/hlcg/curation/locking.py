"""One writer at a time: every write of a catalogue (build, init, import) and of an export
holds a lock on its target from the first read to the last rename, so two runs at once
never both read the old rows and each write back only their own.

The lock is a file ``.NAME.hlcg-lock`` beside the target (the file a symbolic link names),
locked with the operating system's advisory lock, which ends with the process that holds
it: a killed run leaves no lock behind, and the file itself is removed on the way out. A
second writer waits for it up to ``$HLCG_LOCK_WAIT`` seconds (30 by default; 0: refuse at
once), then refuses with a CatalogueError (exit 2), naming the process that holds it.

Other programs write a catalogue through SQLite, not through our lock file, so a
catalogue is also locked as SQLite locks it (``BEGIN IMMEDIATE``: its readers go on, its
writers wait), and one that another program holds open in WAL mode is refused: replacing
the file under it would leave its write-ahead log to be applied to another database.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from hlcg.catalog import sqlite_uri
from hlcg.catalog.storage import in_wal_mode
from hlcg.errors import CatalogueError, HlcgError, ReadOnlyCatalogueError, UsageError
from hlcg.output import could_not_write, refuse_read_only, through_links

WAIT_VARIABLE = "HLCG_LOCK_WAIT"
DEFAULT_WAIT_SECONDS = 30.0
_POLL_SECONDS = 0.05


def wait_seconds() -> float:
    """How long a writer waits for another to finish: ``$HLCG_LOCK_WAIT``, else 30."""
    given = os.environ.get(WAIT_VARIABLE, "").strip()
    if not given:
        return DEFAULT_WAIT_SECONDS
    try:
        seconds = float(given)
    except ValueError:
        raise UsageError(f"${WAIT_VARIABLE} is {given!r}; give a number of seconds") from None
    if not 0 <= seconds <= 86_400:
        raise UsageError(f"${WAIT_VARIABLE} is {given!r}; give 0 to 86400 seconds")
    return seconds


def lock_file(target: Path) -> Path:
    real = through_links(target)
    return real.with_name(f".{real.name}.hlcg-lock")


def _try_lock(fd: int) -> bool:
    """Take the lock on ``fd`` without waiting; whether it was free."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _holder(path: Path) -> str:
    try:
        pid = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return "another hlcg run"
    return f"another hlcg run (process {pid})" if pid.isdigit() else "another hlcg run"


def _is_locked_file(fd: int, path: Path) -> bool:
    """Whether ``fd`` is still the lock file on disk: a holder removes it as it lets go,
    and a lock taken on the removed file would lock nothing."""
    try:
        return os.fstat(fd).st_ino == os.stat(path).st_ino
    except FileNotFoundError:
        return False


def _acquire(path: Path, target: Path, wait: float) -> int:
    deadline = time.monotonic() + wait
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        if _try_lock(fd):
            if _is_locked_file(fd, path):
                # The process id only names the holder to a waiting writer: on a full disk
                # it is left out, and the lock (and its removal on the way out) still holds.
                with suppress(OSError):
                    os.ftruncate(fd, 0)
                    os.write(fd, f"{os.getpid()}\n".encode("ascii"))
                return fd
            os.close(fd)
            continue
        os.close(fd)
        if time.monotonic() >= deadline:
            waited = f"waited {wait:g} s" if wait else "did not wait"
            raise CatalogueError(
                f"{_holder(path)} is writing {target}; {waited} (${WAIT_VARIABLE} sets how "
                "long): try again when it has finished; nothing was written"
            )
        time.sleep(_POLL_SECONDS)


# How long to wait for another program's hold on a catalogue's write-ahead log to end
# before telling it from a log a closed or killed program left.
_WAL_PROBE_SECONDS = 0.2


def _settle_left_wal(real: Path) -> bool:
    """Fold a write-ahead log no program holds any more into the file and leave WAL mode
    (its ``-wal`` and ``-shm`` then go); whether that was done. A program that still has
    the catalogue open keeps SQLite from leaving WAL mode, so nothing changes then."""
    try:
        conn = sqlite3.connect(
            sqlite_uri(real, "rw"),
            uri=True,
            timeout=_WAL_PROBE_SECONDS,
            isolation_level=None,
        )
    except sqlite3.Error:
        return False
    try:
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("COMMIT")
        busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        if busy is None or busy[0] != 0:
            return False
        mode = conn.execute("PRAGMA journal_mode=DELETE").fetchone()
        return mode is not None and str(mode[0]).lower() == "delete"
    except sqlite3.Error:
        return False
    finally:
        conn.close()


def refuse_open_in_wal_mode(target: Path) -> None:
    """A catalogue another program holds open in WAL mode (its ``-wal`` file beside it);
    a log that a program which has closed (or was killed) left is folded in instead."""
    real = through_links(target)
    log = real.with_name(real.name + "-wal")
    if not (log.exists() or in_wal_mode(real)):
        return
    if not _settle_left_wal(real) and log.exists():
        raise CatalogueError(
            f"{target} is open in WAL mode in another program ({log.name} is beside it); "
            "hlcg replaces a catalogue whole and that program's log would then belong to "
            "no database: close the program and try again; nothing was written"
        )


@contextmanager
def _sqlite_write_lock(target: Path, wait: float) -> Iterator[None]:
    """Hold SQLite's write lock on an existing catalogue: other programs' writers wait
    (and a transaction a crashed program left half-done is rolled back first)."""
    real = through_links(target)
    conn: sqlite3.Connection | None = None
    if real.is_file():
        try:
            conn = sqlite3.connect(
                sqlite_uri(real, "rw"),
                uri=True,
                timeout=wait,
                isolation_level=None,
            )
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if conn is not None:
                conn.close()
            if "locked" in str(exc) or "busy" in str(exc):
                raise CatalogueError(
                    f"another program is writing {target} (SQLite: {exc}); try again when "
                    "it has finished; nothing was written"
                ) from None
            conn = None  # not a database at all: the writer says so, or replaces it
        except sqlite3.DatabaseError:
            conn = None
    try:
        yield
    finally:
        if conn is not None:
            with suppress(sqlite3.Error):
                conn.rollback()
            conn.close()


def refuse_hard_links(target: Path) -> None:
    """A catalogue with more than one name (hard links) is refused: it is replaced whole,
    by a rename, so only the name written would get the new rows and the others would
    keep the old ones, two catalogues where the user had one."""
    try:
        names = through_links(target).stat().st_nlink
    except OSError:
        return
    if names > 1:
        raise CatalogueError(
            f"{target} has {names} names (hard links to one file); hlcg replaces a "
            "catalogue whole, so only this name would get the change and the others would "
            "keep the old rows: remove the other names, or give this one a copy of its "
            "own, and try again; nothing was written"
        )


@contextmanager
def writer_lock(
    target: Path, *, catalogue: bool = True, read_only_error: type[HlcgError] | None = None
) -> Iterator[None]:
    """Be the one writer of ``target`` until the block ends (waiting for another up to
    ``wait_seconds()``); a read-only target is refused first. ``catalogue``: also lock it
    as SQLite does, and refuse it while another program holds it open in WAL mode."""
    error = read_only_error or (ReadOnlyCatalogueError if catalogue else UsageError)
    refuse_read_only(target, error)
    if catalogue:
        refuse_hard_links(target)
    wait = wait_seconds()
    path = lock_file(target)
    try:
        fd = _acquire(path, target, wait)
    except OSError as exc:  # no room even for the lock file's name, or no folder
        raise could_not_write(target, exc, CatalogueError if catalogue else UsageError) from None
    try:
        if catalogue:
            refuse_open_in_wal_mode(target)
            with _sqlite_write_lock(target, wait):
                yield
        else:
            yield
    finally:
        if sys.platform != "win32":  # there an open file cannot be removed
            with suppress(FileNotFoundError):
                path.unlink()
        os.close(fd)
