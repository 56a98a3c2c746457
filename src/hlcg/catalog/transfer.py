"""Whole catalogues in and out: a source folder, an archive of it, or one JSON document.

An export holds everything a catalogue holds -- cards, aliases, sets with their editions,
formats (legality follows from cards and formats) and the There Can Be Only One tables --
in the same contract files that ``data/source/`` holds, so an exported folder can also be
given to ``hlcg db build --source``. Reading an export back gives the same rows, so
export, ``db init``, ``db import`` reproduce the catalogue's ``content_sha256``.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from hlcg.catalog.build import SOURCE_FILES, Bundle, load_sources
from hlcg.catalog.fields import CATALOGUE_DOCUMENT_KIND
from hlcg.catalog.models import AliasRow, CardRow, FormatRow, SetRow
from hlcg.errors import SourceError, UsageError
from hlcg.tcboo.models import SOURCE_FILES as TCBOO_FILES
from hlcg.tcboo.models import TABLES as TCBOO_TABLES

DOCUMENT_KIND = CATALOGUE_DOCUMENT_KIND
DOCUMENT_VERSION = 1
ARCHIVE_SUFFIXES = (".zip", ".tar.gz", ".tgz")
# An export holds a handful of small CSV files; anything far larger is not one of ours.
MAX_ARCHIVE_BYTES = 200 * 1024 * 1024


def _suffix(path: Path) -> str:
    name = path.name.lower()
    return ".tar.gz" if name.endswith(".tar.gz") else path.suffix.lower()


def is_catalogue_export(path: Path) -> bool:
    """A folder, an archive, or a JSON document marked as a whole catalogue."""
    if path.is_dir() or _suffix(path) in ARCHIVE_SUFFIXES:
        return True
    if _suffix(path) != ".json" or not path.is_file():
        return False
    with path.open("rb") as handle:
        head = handle.read(4096)
    return DOCUMENT_KIND.encode() in head


def is_whole_catalogue_target(path: Path) -> bool:
    """Export targets that hold everything (cards-only targets: .csv, .jsonl)."""
    return _suffix(path) in (*ARCHIVE_SUFFIXES, ".json", "") or path.is_dir()


def _flat(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ";".join(str(v) for v in value)
    return str(value)


def _csv(model: type[BaseModel], rows: Iterable[BaseModel]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(model.model_fields), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        if isinstance(row, CardRow):
            writer.writerow(row.to_flat())
        else:
            writer.writerow({k: _flat(v) for k, v in row.model_dump(mode="json").items()})
    return buffer.getvalue()


def source_files(bundle: Bundle) -> dict[str, str]:
    """The contract files of a catalogue: relative path -> text."""
    files = {
        "cards.csv": _csv(CardRow, sorted(bundle.cards, key=lambda r: r.id)),
        "aliases.csv": _csv(AliasRow, sorted(bundle.aliases, key=lambda r: r.alias)),
        "sets.csv": _csv(SetRow, sorted(bundle.sets, key=lambda r: r.code)),
        "formats.csv": _csv(FormatRow, sorted(bundle.formats, key=lambda r: r.name)),
        "VERSION": bundle.data_version + "\n",
    }
    for table, relative in TCBOO_FILES.items():
        rows = bundle.tcboo.get(table, [])
        if rows:
            ordered = sorted(rows, key=lambda r: str(getattr(r, "name", "")))
            files[relative] = _csv(TCBOO_TABLES[table], ordered)
    return files


def document(bundle: Bundle) -> dict[str, Any]:
    """The whole catalogue as one JSON-ready object."""
    return {
        "kind": DOCUMENT_KIND,
        "version": DOCUMENT_VERSION,
        "data_version": bundle.data_version,
        "cards": [r.to_json() for r in sorted(bundle.cards, key=lambda r: r.id)],
        "aliases": [r.model_dump() for r in sorted(bundle.aliases, key=lambda r: r.alias)],
        "sets": [r.model_dump() for r in sorted(bundle.sets, key=lambda r: r.code)],
        "formats": [r.model_dump() for r in sorted(bundle.formats, key=lambda r: r.name)],
        "tcboo": {
            table: [
                r.model_dump(mode="json")
                for r in sorted(rows, key=lambda r: str(getattr(r, "name", "")))
            ]
            for table, rows in sorted(bundle.tcboo.items())
            if rows
        },
    }


def export_catalogue(bundle: Bundle, out: Path) -> str:
    """Write ``bundle`` to a folder, a .zip/.tar.gz archive or a .json document.

    Returns what was written, for the command's message.
    """
    suffix = "" if out.is_dir() else _suffix(out)
    if suffix == ".json":
        text = json.dumps(document(bundle), indent=2, ensure_ascii=False) + "\n"
        out.write_text(text, encoding="utf-8")
        return "one JSON document"
    files = source_files(bundle)
    if suffix == ".zip":
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, text in sorted(files.items()):
                # A fixed timestamp: the same catalogue gives the same archive.
                info = zipfile.ZipInfo(name, date_time=(1995, 1, 1, 0, 0, 0))
                archive.writestr(info, text.encode("utf-8"), zipfile.ZIP_DEFLATED)
        return f"a zip archive of {len(files)} contract files"
    if suffix in (".tar.gz", ".tgz"):
        # The gzip header would carry the time and the file name of the export: fixed
        # (mtime 0, no name) so that the same catalogue gives the same archive, as .zip does.
        with (
            out.open("wb") as raw,
            gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as compressed,
            tarfile.open(fileobj=compressed, mode="w") as archive,
        ):
            for name, text in sorted(files.items()):
                data = text.encode("utf-8")
                info = tarfile.TarInfo(name)  # mtime 0, owner root, mode 0644
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
        return f"a tar.gz archive of {len(files)} contract files"
    if suffix:
        raise UsageError(
            f"cannot export a whole catalogue to {suffix!r}: give a folder, a .zip, .tar.gz "
            "or .json path (.csv and .jsonl hold cards only)"
        )
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out} exists and is not a folder")
    if out.is_dir() and any(out.iterdir()):
        raise UsageError(f"{out} is not empty; export into a new or empty folder")
    for name, text in files.items():
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return f"a folder of {len(files)} contract files"


def _expected_members() -> set[str]:
    return {*SOURCE_FILES, *TCBOO_FILES.values()}


def _extract(path: Path, into: Path) -> None:
    """Unpack only the contract files, by name; nothing else is written."""
    wanted = _expected_members()
    try:
        if _suffix(path) == ".zip":
            with zipfile.ZipFile(path) as archive:
                members = [i for i in archive.infolist() if i.filename in wanted]
                if sum(i.file_size for i in members) > MAX_ARCHIVE_BYTES:
                    raise SourceError([f"{path}: archive contents are too large"])
                for info in members:
                    target = into / info.filename
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(archive.read(info))
            return
        with tarfile.open(path, "r:*") as archive:
            tar_members = [m for m in archive.getmembers() if m.isfile() and m.name in wanted]
            if sum(m.size for m in tar_members) > MAX_ARCHIVE_BYTES:
                raise SourceError([f"{path}: archive contents are too large"])
            for member in tar_members:
                handle = archive.extractfile(member)
                if handle is None:
                    continue
                target = into / member.name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(handle.read())
    except (zipfile.BadZipFile, tarfile.TarError, EOFError, OSError) as exc:
        raise SourceError([f"{path}: not a readable archive ({exc})"]) from None


def _from_document(path: Path) -> Bundle:
    from hlcg.catalog.sources import read_text, validate_rows

    try:
        data = json.loads(read_text(path))
    except json.JSONDecodeError as exc:
        raise SourceError([f"{path}: line {exc.lineno}: invalid JSON: {exc.msg}"]) from None
    except RecursionError:
        raise SourceError([f"{path}: JSON nested too deeply"]) from None
    if not isinstance(data, dict) or data.get("kind") != DOCUMENT_KIND:
        raise SourceError([f"{path}: not an hlcg catalogue document (kind {DOCUMENT_KIND!r})"])
    if data.get("version") != DOCUMENT_VERSION:
        raise SourceError([f"{path}: document version {data.get('version')!r}; this hlcg reads 1"])
    errors: list[str] = []

    def table(key: str, model: type[BaseModel], rows: Any) -> list[Any]:
        if rows is None:
            return []
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            errors.append(f"{path}: {key}: expected an array of objects")
            return []
        try:
            return validate_rows(model, Path(f"{path}#{key}"), enumerate(rows, start=1))
        except SourceError as exc:
            errors.extend(exc.errors)
            return []

    bundle = Bundle(
        cards=table("cards", CardRow, data.get("cards")),
        aliases=table("aliases", AliasRow, data.get("aliases")),
        sets=table("sets", SetRow, data.get("sets")),
        formats=table("formats", FormatRow, data.get("formats")),
        data_version=str(data.get("data_version") or "0"),
    )
    tcboo = data.get("tcboo") or {}
    if not isinstance(tcboo, dict):
        errors.append(f"{path}: tcboo: expected an object of tables")
        tcboo = {}
    unknown = sorted(set(tcboo) - set(TCBOO_TABLES))
    errors += [f"{path}: tcboo: unknown table {name!r}" for name in unknown]
    bundle.tcboo = {
        name: table(f"tcboo.{name}", model, tcboo.get(name)) for name, model in TCBOO_TABLES.items()
    }
    if errors:
        unvalidated = {
            key: [r for r in data[key] if isinstance(r, dict)]
            for key in ("cards", "aliases", "sets")
            if isinstance(data.get(key), list) and not getattr(bundle, key)
        }
        raise SourceError(errors + bundle.reference_errors(unvalidated))
    bundle.inputs = [{"file": path.name, "sha256": ""}]
    bundle.check_references()
    return bundle


def read_catalogue_export(path: Path) -> Bundle:
    """Read and validate an export: all errors at once, nothing written anywhere."""
    if path.is_dir():
        return load_sources(path)
    if _suffix(path) == ".json":
        return _from_document(path)
    if not path.is_file():
        raise SourceError([f"{path}: not found"])
    with tempfile.TemporaryDirectory(prefix="hlcg-import-") as scratch:
        folder = Path(scratch)
        _extract(path, folder)
        try:
            return load_sources(folder)
        except SourceError as exc:
            # Name the archive, not the scratch folder it was unpacked into.
            raise SourceError([e.replace(str(folder), str(path)) for e in exc.errors]) from None
