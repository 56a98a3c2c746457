"""An export's account of itself: how many rows of each table it holds, the catalogue's
``content_sha256``, and (in a folder or archive) the sha256 of every file, so that an
export cut short or changed after it was written is refused on import instead of
imported with rows missing.

A folder or archive holds it as ``manifest.json`` beside the contract files; the one-file
JSON document under its ``manifest`` key. ``db build --source`` reads only the contract
files, so an exported folder still builds. An export without a manifest (made before
exports had one, or a source folder) is read as before, unchecked.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from hlcg.curation.bundle import Bundle
from hlcg.errors import SourceError

MANIFEST_NAME = "manifest.json"
MANIFEST_KIND = "hlcg-export-manifest"
MANIFEST_VERSION = 1
# An export may be edited on purpose; its manifest then no longer speaks for it.
EDITED = (
    f"an export edited on purpose imports without its manifest ({MANIFEST_NAME}, or the "
    'document\'s "manifest" key)'
)


def row_counts(bundle: Bundle) -> dict[str, int]:
    """Rows per table, by the table names of the catalogue (``fact_sources`` for the
    per-fact sources, the handed-in tables by their own names)."""
    counts = {
        "cards": len(bundle.cards),
        "aliases": len(bundle.aliases),
        "sets": len(bundle.sets),
        "formats": len(bundle.formats),
        "legality": len(bundle.legality),
        "fact_sources": len(bundle.facts),
        "fact_history": len(bundle.fact_history),
    }
    for _group, tables in bundle.group_rows():
        counts.update((table, len(rows)) for table, rows in tables.items())
    return counts


def file_sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest(bundle: Bundle, files: dict[str, bytes] | None = None) -> dict[str, Any]:
    """The manifest of ``bundle``; ``files``: the exported files by name, to list with
    their hashes (a folder or archive)."""
    content: dict[str, Any] = {
        "kind": MANIFEST_KIND,
        "version": MANIFEST_VERSION,
        "rows": row_counts(bundle),
        "content_sha256": bundle.content_sha256(),
    }
    if files is not None:
        content["files"] = {name: file_sha256(data) for name, data in sorted(files.items())}
    return content


def manifest_bytes(bundle: Bundle, files: dict[str, bytes]) -> bytes:
    return (json.dumps(manifest(bundle, files), indent=2, sort_keys=True) + "\n").encode()


class Manifest:
    """A manifest read back, checked for its shape: every problem is a located error."""

    def __init__(self, where: str, data: Any) -> None:
        self.where = where
        if (
            not isinstance(data, dict)
            or data.get("kind") != MANIFEST_KIND
            or data.get("version") != MANIFEST_VERSION
            or not _counts(data.get("rows"))
            or not isinstance(data.get("content_sha256"), str)
            or not isinstance(data.get("files", {}), dict)
        ):
            raise SourceError(
                [f"{where} is not an hlcg export manifest (kind {MANIFEST_KIND!r}, version 1)"]
            )
        self.rows: dict[str, int] = data["rows"]
        self.content_sha256: str = data["content_sha256"]
        self.files: dict[str, Any] = data.get("files", {})

    def file_errors(self, export: Path, folder: Path, present: set[str]) -> list[str]:
        """The files of ``folder`` against the hashes listed: each missing, changed or
        unlisted one (``present``: the contract files the export holds)."""
        errors = []
        for name, expected in sorted(self.files.items()):
            path = folder / name
            if not path.is_file():
                errors.append(f"{export}: {name} is missing ({self.where} lists it)")
            elif file_sha256(path.read_bytes()) != expected:
                errors.append(
                    f"{export}: {name} is not the file exported (its sha256 differs from "
                    f"{self.where}'s): cut short or changed since; {EDITED}"
                )
        errors += [
            f"{export}: {name} is not listed in {self.where}; an export lists every file it holds"
            for name in sorted(present - set(self.files) - {MANIFEST_NAME})
        ]
        return errors

    def check_rows(self, export: Path, bundle: Bundle) -> None:
        """The rows read against the counts and the hash recorded: SourceError if not."""
        held = row_counts(bundle)
        errors = [
            f"{export}: {self.where} records {self.rows.get(table, 0)} rows of {table}, "
            f"the export holds {held.get(table, 0)}"
            for table in sorted({*self.rows, *held})
            if self.rows.get(table, 0) != held.get(table, 0)
        ]
        actual = bundle.content_sha256()
        if actual != self.content_sha256:
            errors.append(
                f"{export}: its rows have content_sha256 {actual}, {self.where} records "
                f"{self.content_sha256}: changed since export; {EDITED}"
            )
        if errors:
            raise SourceError(errors)


def _counts(rows: Any) -> bool:
    return isinstance(rows, dict) and all(
        isinstance(k, str) and type(v) is int and v >= 0 for k, v in rows.items()
    )


def read_manifest(export: Path, folder: Path) -> Manifest | None:
    """The manifest of an exported folder (or an archive unpacked into ``folder``)."""
    path = folder / MANIFEST_NAME
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_bytes())
    except (ValueError, RecursionError):
        raise SourceError([f"{export}: {MANIFEST_NAME} is not valid JSON"]) from None
    return Manifest(MANIFEST_NAME, data)
