"""Column maps: which contract field each column of a file holds (`--map`, LackeyCCG's
usual names), checked against the file and the contract, and the whole command that reads
a file whose rows lack what only options give."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from hlcg.catalog.storage import CONTRACT_FIELDS
from hlcg.errors import UsageError
from hlcg.wording import json_fault

if TYPE_CHECKING:
    from hlcg.curation.lackey import LackeyOptions

# Curators map Lackey's column names onto the contract with --map; these are the names
# Lackey plug-ins commonly use for the same facts.
DEFAULT_LACKEY_MAP: dict[str, str] = {
    "Name": "title",
    "Set": "sets",
    "Type": "type",
    "Subtitle": "subtitle",
    "Text": "text",
    "Restriction": "restriction",
}


def check_column_map(path: Path, header: list[str], column_map: Mapping[str, str]) -> None:
    """--map names columns of the file and fields of the contract; anything else is a
    mistake to name, with what is there to choose from."""
    errors = [
        f"--map: {column!r} is not a column of {path.name}; its columns are " + ", ".join(header)
        for column in column_map
        if column not in header
    ]
    errors += [
        f"--map: {field!r} (for {column!r}) is not a contract field; the fields are "
        + ", ".join(CONTRACT_FIELDS)
        for column, field in column_map.items()
        if field not in CONTRACT_FIELDS
    ]
    if errors:
        raise UsageError("; ".join(errors))


def lackey_hint(
    path: Path,
    db: Path,
    header: list[str],
    column_map: Mapping[str, str] | None,
    options: LackeyOptions,
) -> str | None:
    """The whole command that imports ``path``, when rows lack what only options give:
    a column for the title (--map), ids (--id-from title), a source (--source)."""
    from shlex import quote

    mapping = DEFAULT_LACKEY_MAP if column_map is None else column_map
    fields = {mapping[c] for c in header if c in mapping}
    needs_map = "title" not in fields
    needs_id = "id" not in fields and not options.id_from_title
    needs_source = "source" not in fields and not options.source
    if not (needs_map or needs_id or needs_source):
        return None
    parts = [f"hlcg db import {quote(str(path))} --db {quote(str(db))}"]
    if needs_map or column_map is not None:
        parts.append(f"--map {quote(json.dumps(dict(column_map or _suggested_map(header))))}")
    if "id" not in fields:
        parts.append("--id-from title")
    if "source" not in fields:
        parts.append(f"--source {quote(options.source) if options.source else 'URL'}")
    return " ".join(parts)


def _suggested_map(header: list[str]) -> dict[str, str]:
    """The --map a curator most likely means: columns named as Lackey plug-ins or the
    contract name them; a placeholder for the title where no column is named so."""
    known = {k.lower(): v for k, v in DEFAULT_LACKEY_MAP.items()}
    known.update({f: f for f in CONTRACT_FIELDS})
    suggested = {c: known[c.lower()] for c in header if c.lower() in known}
    if "title" not in suggested.values():
        suggested = {"NAME-COLUMN": "title", **suggested}
    return suggested


def parse_column_map(column_map: str | None) -> dict[str, str] | None:
    """--map: a JSON object of column -> contract field, or a file holding one; None when
    not given. Anything else is a UsageError that says what was wrong."""
    if not column_map:
        return None
    text = column_map
    if not column_map.lstrip().startswith("{"):
        path = Path(column_map)
        if not path.is_file():
            raise UsageError(f"--map: {column_map} is neither a JSON object nor a file")
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"--map: could not read {path}: {exc}") from None
    try:
        mapping = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"--map is not a JSON object: {json_fault(exc)}") from None
    except RecursionError:
        raise UsageError("--map is not a JSON object: nested too deeply") from None
    if not isinstance(mapping, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in mapping.items()
    ):
        raise UsageError('--map must be a JSON object of strings, e.g. {"Name": "title"}')
    if not mapping:  # read as no --map at all, it would import the columns unmapped
        raise UsageError(
            '--map {} maps no column: name at least one, e.g. {"Name": "title"}, or leave '
            "--map out; nothing was imported"
        )
    return mapping
