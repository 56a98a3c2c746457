"""Catalogue files on standard input and output: `hlcg db import -`, `hlcg db export -`.

Standard input has no file name, so its kind is told by its first bytes: a zip or gzip
header, a JSON array (card rows) or document, JSON lines, tab-separated LackeyCCG data,
else CSV (card rows, a fact sheet or legality facts, told apart by their header as a file's
are). The data goes through the same import as a file, so every row or none is imported,
and messages name it ``<stdin>``.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from hlcg.errors import ConflictError, HlcgError, SourceError
from hlcg.stdin import STDIN_NAME, read_stdin

T = TypeVar("T")
_SNIFF = 64 * 1024


def sniffed_suffix(data: bytes) -> str:
    """The file kind of catalogue data without a name, by its first bytes."""
    if data.startswith(b"PK\x03\x04"):
        return ".zip"
    if data.startswith(b"\x1f\x8b"):
        return ".tar.gz"
    text = data[:_SNIFF].decode("utf-8", errors="ignore").lstrip("\ufeff \t\r\n")
    if text.startswith("["):
        return ".json"
    if text.startswith("{"):
        first, _, rest = text.partition("\n")
        try:
            row = json.loads(first)
        except ValueError:
            return ".json"  # an object over several lines: a catalogue document
        # JSON lines, unless the one line is a whole catalogue document
        document = not rest.strip() and isinstance(row, dict) and "kind" in row
        return ".json" if document else ".jsonl"
    header = text.partition("\n")[0]
    return ".tsv" if "\t" in header and "," not in header else ".csv"


@contextmanager
def _as_file(data: bytes) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="hlcg-stdin-") as folder:
        path = Path(folder) / f"stdin{sniffed_suffix(data)}"
        path.write_bytes(data)
        yield path


def _renamed(exc: HlcgError, path: Path) -> HlcgError:
    """The same error, naming standard input instead of the file it was copied to."""
    if isinstance(exc, SourceError):
        return SourceError([e.replace(str(path), STDIN_NAME) for e in exc.errors], exc.hint)
    if isinstance(exc, ConflictError):
        return ConflictError([c.replace(str(path), STDIN_NAME) for c in exc.conflicts])
    return type(exc)(str(exc).replace(str(path), STDIN_NAME))


def from_stdin(read: Callable[[Path], T], limit: int) -> T:
    """``read`` applied to standard input's data (at most ``limit`` bytes) as a file of the
    kind it holds; errors name ``<stdin>``."""
    data = read_stdin(limit, "card source", refuse=lambda message: SourceError([message]))
    with _as_file(data) as path:
        try:
            return read(path)
        except HlcgError as exc:
            raise _renamed(exc, path) from None
