"""Which catalogue files have passed the content scan, remembered per file version.

A catalogue that hlcg did not ship is scanned when it is opened (values of the wrong type,
empty ids, JSON that does not parse: see connection.py). On 50,000 cards that scan costs
more than the command itself, so a file that passed is remembered by its version: device,
inode, size, modification time, SQLite's change counter, and its write-ahead log's size and
time when it has one. Any write through SQLite changes one of them, so an edited catalogue
is scanned again. The record is a small JSON file in the user's cache folder
($HLCG_CACHE_DIR, else $XDG_CACHE_HOME/hlcg, else ~/.cache/hlcg); a folder that cannot be
written only means the scan runs every time.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

CACHE_VARIABLE = "HLCG_CACHE_DIR"
RECORD_NAME = "vetted-catalogues.json"
MAX_REMEMBERED = 64  # files; the oldest are forgotten first


def record_path() -> Path:
    """The JSON file that remembers the catalogues that passed the scan."""
    folder = os.environ.get(CACHE_VARIABLE)
    if folder:
        return Path(folder) / RECORD_NAME
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hlcg" / RECORD_NAME


def file_version(path: Path) -> list[int] | None:
    """What changes whenever the catalogue's content may have changed; None if unreadable."""
    try:
        stat = path.stat()
        with path.open("rb") as handle:
            header = handle.read(100)
        wal = Path(f"{path}-wal")
        wal_stat = wal.stat() if wal.exists() else None
    except OSError:
        return None
    # bytes 24-27 of an SQLite file: the change counter, bumped by every committed write
    counter = int.from_bytes(header[24:28], "big") if len(header) >= 28 else -1
    version = [stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, counter]
    if wal_stat is not None:
        version += [wal_stat.st_size, wal_stat.st_mtime_ns]
    return version


def _read_record() -> dict[str, list[int]]:
    try:
        data = json.loads(record_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def passed_before(path: Path, version: list[int] | None) -> bool:
    """Whether this very version of the file passed the scan on an earlier run."""
    return version is not None and _read_record().get(str(path.resolve())) == version


def remember_passed(path: Path, version: list[int] | None) -> None:
    """Record that ``version`` of the file passed; best effort, never an error."""
    if version is None:
        return
    record = _read_record()
    key = str(path.resolve())
    record.pop(key, None)
    record[key] = version
    kept = dict(list(record.items())[-MAX_REMEMBERED:])
    target = record_path()
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(kept), encoding="utf-8")
        os.replace(temporary, target)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
