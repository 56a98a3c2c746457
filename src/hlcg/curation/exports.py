"""Exports, the entry point of ``hlcg db export``: a whole catalogue written as a source
folder, an archive of it or one JSON document (``export_catalogue``), or its cards as a
card file (``export``); and a whole export read back (``read_catalogue_export``) for
``hlcg db import``.

A whole export holds everything a catalogue holds -- cards, aliases, sets with their
editions, formats, the dated legality facts, the per-fact sources and the facts
--overwrite replaced, and the handed-in tables (There Can Be Only One's) -- in the same
contract files that ``data/source/`` holds, so an exported folder can also be given to
``hlcg db build --source``. Reading an export back gives the same rows, so export,
``db init --empty``, ``db import`` reproduce the catalogue's ``content_sha256``. Archives
are written byte-for-byte the same for the same catalogue, and read back by member name
only, within a size limit. A card file is the card contract with each card's aliases and
legality facts (``hlcg.curation.cardfile``).
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import tarfile
import tempfile
import zipfile
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from hlcg.catalog import CATALOGUE_DOCUMENT_KIND
from hlcg.catalog.storage import TableGroup, flat_card, flat_value
from hlcg.curation.bundle import OPTIONAL_FILES, SOURCE_FILES, Bundle, load_sources
from hlcg.curation.cardfile import CARD_FILE_SUFFIXES, LEFT_OUT, render
from hlcg.curation.locking import writer_lock
from hlcg.curation.manifest import MANIFEST_NAME, Manifest, manifest, manifest_bytes, read_manifest
from hlcg.curation.models import (
    AliasRow,
    CardRow,
    FactHistoryRow,
    FactSourceRow,
    FormatRow,
    LegalityRow,
    SetRow,
)
from hlcg.curation.sources import read_text, validate_rows
from hlcg.errors import SourceError, UsageError
from hlcg.output import new_file, settle_folder_swap, write_folder
from hlcg.wording import json_fault

DOCUMENT_KIND = CATALOGUE_DOCUMENT_KIND
DOCUMENT_VERSION = 1
M = TypeVar("M", bound=BaseModel)
ARCHIVE_SUFFIXES = (".zip", ".tar.gz", ".tgz")
# An export holds a handful of small CSV files; anything far larger is not one of ours.
MAX_ARCHIVE_BYTES = 200 * 1024 * 1024


def _suffix_of(path: Path) -> str:
    name = path.name.lower()
    return ".tar.gz" if name.endswith(".tar.gz") else path.suffix.lower()


def is_catalogue_export(path: Path) -> bool:
    """A folder, an archive, or a JSON document marked as a whole catalogue."""
    if path.is_dir() or _suffix_of(path) in ARCHIVE_SUFFIXES:
        return True
    if _suffix_of(path) != ".json" or not path.is_file():
        return False
    with path.open("rb") as handle:
        head = handle.read(4096)
    return DOCUMENT_KIND.encode() in head


def is_whole_catalogue_target(path: Path) -> bool:
    """Export targets that hold everything (cards-only targets: .csv, .jsonl)."""
    return _suffix_of(path) in (*ARCHIVE_SUFFIXES, ".json", "") or path.is_dir()


def _csv(model: type[M], rows: Iterable[M]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(model.model_fields), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        values = row.model_dump(mode="json")
        if isinstance(row, CardRow):
            writer.writerow(flat_card(values))
        else:
            writer.writerow({k: flat_value(v) for k, v in values.items()})
    return buffer.getvalue()


def source_files(bundle: Bundle) -> dict[str, str]:
    """The contract files of a catalogue: relative path -> text."""
    files = {
        "cards.csv": _csv(CardRow, sorted(bundle.cards, key=lambda r: r.id)),
        "aliases.csv": _csv(AliasRow, sorted(bundle.aliases, key=lambda r: r.alias)),
        "sets.csv": _csv(SetRow, sorted(bundle.sets, key=lambda r: r.code)),
        "formats.csv": _csv(FormatRow, sorted(bundle.formats, key=lambda r: r.name)),
        "legality.csv": _csv(LegalityRow, sorted(bundle.legality, key=lambda r: r.key)),
        "facts.csv": _csv(FactSourceRow, bundle.fact_tables()["facts"]),
        "VERSION": bundle.data_version + "\n",
    }
    if bundle.fact_history:
        files["fact_history.csv"] = _csv(FactHistoryRow, bundle.fact_tables()["fact_history"])
    for group, tables in bundle.group_rows():
        for table, rows in tables.items():
            if rows:
                files[group.files[table]] = _csv(group.models[table], rows)
    return files


def document(bundle: Bundle) -> dict[str, Any]:
    """The whole catalogue as one JSON-ready object."""
    content: dict[str, Any] = {
        "kind": DOCUMENT_KIND,
        "version": DOCUMENT_VERSION,
        "manifest": manifest(bundle),
        "data_version": bundle.data_version,
        "cards": [r.to_json() for r in sorted(bundle.cards, key=lambda r: r.id)],
        "aliases": [r.model_dump() for r in sorted(bundle.aliases, key=lambda r: r.alias)],
        "sets": [r.model_dump() for r in sorted(bundle.sets, key=lambda r: r.code)],
        "formats": [r.model_dump() for r in sorted(bundle.formats, key=lambda r: r.name)],
        "legality": [r.model_dump() for r in sorted(bundle.legality, key=lambda r: r.key)],
        **{name: [r.model_dump() for r in rows] for name, rows in bundle.fact_tables().items()},
    }
    for group, tables in bundle.group_rows():
        content[group.name] = {
            table: [r.model_dump(mode="json") for r in rows]
            for table, rows in tables.items()
            if rows
        }
    return content


def _refuse_folder(out: Path, replace: bool) -> None:
    """``out`` may take the export: new, empty, or an earlier export with ``replace``; a
    folder that holds anything else is refused, and a full one without ``replace``."""
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out} exists and is not a folder")
    full = out.is_dir() and any(out.iterdir())
    if full and not replace:
        raise UsageError(
            f"{out} is not empty; export into a new or empty folder, or pass --force to "
            "replace an earlier export"
        )
    if full and not (out / MANIFEST_NAME).is_file():
        raise UsageError(
            f"{out} is not empty and holds no {MANIFEST_NAME}, so it is no hlcg export; "
            "--force replaces only an earlier export: export into a new or empty folder"
        )


def _export_files(bundle: Bundle) -> dict[str, bytes]:
    """The contract files of ``bundle`` and the manifest that lists them."""
    files = {name: text.encode("utf-8") for name, text in source_files(bundle).items()}
    files[MANIFEST_NAME] = manifest_bytes(bundle, files)
    return files


def export_catalogue(bundle: Bundle, out: Path, *, replace_folder: bool = False) -> str:
    """Write ``bundle`` to a folder, a .zip/.tar.gz archive or a .json document, each with
    its manifest (``hlcg.curation.manifest``), whole or not at all: into a temporary file
    or folder beside ``out``, renamed when complete.

    Returns what was written, for the command's message.
    """
    suffix = "" if out.is_dir() else _suffix_of(out)
    if suffix and suffix not in (*ARCHIVE_SUFFIXES, ".json"):
        raise UsageError(
            f"cannot export a whole catalogue to {suffix!r}: give a folder, a .zip, .tar.gz "
            "or .json path (.csv and .jsonl hold cards only)"
        )
    if not suffix:
        out.parent.mkdir(parents=True, exist_ok=True)
    with writer_lock(out, catalogue=False):
        if suffix == ".json":
            content = document(bundle)
            with new_file(out) as temp, temp.open("w", encoding="utf-8", newline="\n") as handle:
                json.dump(content, handle, indent=2, ensure_ascii=False)
                handle.write("\n")
            return "one JSON document"
        files = _export_files(bundle)
        contract = len(files) - 1
        if suffix == ".zip":
            with new_file(out) as temp:
                _write_zip(files, temp)
            return f"a zip archive of {contract} contract files and {MANIFEST_NAME}"
        if suffix:
            with new_file(out) as temp:
                _write_tar_gz(files, temp)
            return f"a tar.gz archive of {contract} contract files and {MANIFEST_NAME}"
        # A swap a killed export left half-done is finished first, so the folder checked
        # is the export that survived it.
        settle_folder_swap(out)
        _refuse_folder(out, replace_folder)
        write_folder(files, out)
        return f"a folder of {contract} contract files and {MANIFEST_NAME}"


def export(bundle: Bundle, out: Path) -> str:
    """Write the cards of ``bundle`` to ``out`` whole or not at all; what a card file
    leaves out, for the command's message."""
    suffix = out.suffix.lower()
    if suffix not in CARD_FILE_SUFFIXES:
        raise UsageError(
            f"cannot export to {suffix!r}; give a folder, .zip, .tar.gz or .json (the whole "
            "catalogue), or .csv or .jsonl (cards only)"
        )
    with writer_lock(out, catalogue=False), new_file(out) as temp:
        temp.write_bytes(render(bundle, suffix).encode("utf-8"))
    return LEFT_OUT.format(suffix=suffix)


def _write_zip(files: dict[str, bytes], out: Path) -> None:
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files.items()):
            # A fixed timestamp: the same catalogue gives the same archive.
            info = zipfile.ZipInfo(name, date_time=(1995, 1, 1, 0, 0, 0))
            archive.writestr(info, data, zipfile.ZIP_DEFLATED)


def _write_tar_gz(files: dict[str, bytes], out: Path) -> None:
    # The gzip header would carry the time and the file name of the export: fixed
    # (mtime 0, no name) so that the same catalogue gives the same archive, as .zip does.
    with (
        out.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as compressed,
        tarfile.open(fileobj=compressed, mode="w") as archive,
    ):
        for name, data in sorted(files.items()):
            info = tarfile.TarInfo(name)  # mtime 0, owner root, mode 0644
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))


# Reading an export back.


class _DocumentTables:
    """The tables of a one-document export, validated; every problem kept in ``errors``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.errors: list[str] = []

    def rows(self, key: str, model: type[BaseModel], rows: Any) -> list[Any]:
        if rows is None:
            return []
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            self.errors.append(f"{self.path}: {key}: expected an array of objects")
            return []
        try:
            return validate_rows(model, Path(f"{self.path}#{key}"), enumerate(rows, start=1))
        except SourceError as exc:
            self.errors.extend(exc.errors)
            return []

    def group(self, group: TableGroup, tables: Any) -> dict[str, list[BaseModel]]:
        """A handed-in group's tables (an object of table name -> rows)."""
        if not isinstance(tables, dict):
            self.errors.append(f"{self.path}: {group.name}: expected an object of tables")
            tables = {}
        unknown = sorted(set(tables) - set(group.models))
        self.errors += [f"{self.path}: {group.name}: unknown table {name!r}" for name in unknown]
        return {
            name: self.rows(f"{group.name}.{name}", model, tables.get(name))
            for name, model in group.models.items()
        }


def _read_json(path: Path) -> Any:
    try:
        return json.loads(read_text(path))
    except json.JSONDecodeError as exc:
        raise SourceError([f"{path}: not JSON: {json_fault(exc)}"]) from None
    except RecursionError:
        raise SourceError([f"{path}: JSON nested too deeply"]) from None
    except ValueError as exc:  # a number of more digits than Python reads (4300)
        raise SourceError([f"{path}: invalid JSON: {exc}"]) from None


def _from_document(path: Path, groups: Sequence[TableGroup]) -> Bundle:
    data = _read_json(path)
    if not isinstance(data, dict) or data.get("kind") != DOCUMENT_KIND:
        raise SourceError([f"{path}: not an hlcg catalogue document (kind {DOCUMENT_KIND!r})"])
    if data.get("version") != DOCUMENT_VERSION:
        raise SourceError([f"{path}: document version {data.get('version')!r}; this hlcg reads 1"])
    tables = _DocumentTables(path)
    bundle = Bundle(
        cards=tables.rows("cards", CardRow, data.get("cards")),
        aliases=tables.rows("aliases", AliasRow, data.get("aliases")),
        sets=tables.rows("sets", SetRow, data.get("sets")),
        formats=tables.rows("formats", FormatRow, data.get("formats")),
        legality=tables.rows("legality", LegalityRow, data.get("legality")),
        facts=tables.rows("facts", FactSourceRow, data.get("facts")),
        fact_history=tables.rows("fact_history", FactHistoryRow, data.get("fact_history")),
        data_version=str(data.get("data_version") or "0"),
        groups=tuple(groups),
    )
    bundle.fact_locations = {
        row.key: f"{path}#facts: row {number}" for number, row in enumerate(bundle.facts, start=1)
    }
    for group in groups:
        bundle.side.update(tables.group(group, data.get(group.name) or {}))
    if tables.errors:
        unvalidated = {
            key: [r for r in data[key] if isinstance(r, dict)]
            for key in ("cards", "aliases", "sets")
            if isinstance(data.get(key), list) and not getattr(bundle, key)
        }
        raise SourceError(tables.errors + bundle.reference_errors(unvalidated))
    bundle.inputs = [{"file": path.name, "sha256": ""}]
    bundle.check_references()
    if "manifest" in data:
        Manifest("its manifest", data["manifest"]).check_rows(path, bundle)
    return bundle


def read_catalogue_export(path: Path, groups: Sequence[TableGroup]) -> Bundle:
    """Read and validate an export: all errors at once, nothing written anywhere. One with
    a manifest is checked against it (files, row counts, content hash)."""
    handed_in = (f for group in groups for f in group.files.values())
    wanted = {*SOURCE_FILES, *OPTIONAL_FILES, *handed_in}
    if path.is_dir():
        return _checked_folder(path, path, wanted, groups)
    if _suffix_of(path) == ".json":
        return _from_document(path, groups)
    if not path.is_file():
        raise SourceError([f"{path}: not found"])
    with tempfile.TemporaryDirectory(prefix="hlcg-import-") as scratch:
        folder = Path(scratch)
        _extract(path, folder, {*wanted, MANIFEST_NAME})
        try:
            return _checked_folder(path, folder, wanted, groups)
        except SourceError as exc:
            # Name the archive, not the scratch folder it was unpacked into.
            raise SourceError([e.replace(str(folder), str(path)) for e in exc.errors]) from None


def _checked_folder(
    export: Path, folder: Path, wanted: set[str], groups: Sequence[TableGroup]
) -> Bundle:
    """The rows of an exported folder (or an archive unpacked into ``folder``), checked
    against its manifest where it has one."""
    found = read_manifest(export, folder)
    if found is not None:
        present = {name for name in wanted if (folder / name).is_file()}
        errors = found.file_errors(export, folder, present)
        if errors:
            raise SourceError(errors)
    bundle = load_sources(folder, groups)
    if found is not None:
        found.check_rows(export, bundle)
    return bundle


def _too_large(path: Path, sizes: list[int]) -> None:
    if sum(sizes) > MAX_ARCHIVE_BYTES:
        raise SourceError([f"{path}: archive contents are too large"])


def _write(into: Path, name: str, data: bytes) -> None:
    target = into / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def _unique_names(path: Path, names: list[str]) -> None:
    """Two members of one name: which one an unpacker keeps is up to it, so neither is
    read."""
    repeated = sorted(n for n, count in Counter(names).items() if count > 1)
    if repeated:
        raise SourceError(
            [f"{path}: holds {', '.join(repeated)} more than once; an archive names each file once"]
        )


def _leaves_archive(name: str) -> bool:
    """A member path that would be written outside the folder it is unpacked into: an
    absolute path, a drive, or a ``..`` part."""
    from pathlib import PurePosixPath, PureWindowsPath

    parts = PurePosixPath(name.replace("\\", "/")).parts
    return name.startswith(("/", "\\")) or bool(PureWindowsPath(name).drive) or ".." in parts


def _refuse_leaving(path: Path, names: list[str], links: Sequence[str] = ()) -> None:
    """Members whose path (or, for ``links``, whose link target) leaves the archive: the
    archive is refused, naming each, never unpacked with them skipped."""
    leaving = [f"member {n!r}" for n in names if _leaves_archive(n)]
    leaving += [f"link {n!r}" for n in links if not _leaves_archive(n)]
    if leaving:
        raise SourceError(
            [
                f"{path}: {member} leaves the archive (it points out of the folder it would "
                "be unpacked into); the archive is refused"
                for member in leaving
            ]
        )


def _extract_zip(path: Path, into: Path, wanted: set[str]) -> None:
    with zipfile.ZipFile(path) as archive:
        _unique_names(path, [i.filename for i in archive.infolist()])
        _refuse_leaving(path, [i.filename for i in archive.infolist()])
        members = [i for i in archive.infolist() if i.filename in wanted]
        _too_large(path, [i.file_size for i in members])
        for info in members:
            _write(into, info.filename, archive.read(info))


def _extract_tar(path: Path, into: Path, wanted: set[str]) -> None:
    with tarfile.open(path, "r:*") as archive:
        _unique_names(path, [m.name for m in archive.getmembers()])
        _refuse_leaving(
            path,
            [m.name for m in archive.getmembers()],
            [
                m.name
                for m in archive.getmembers()
                if (m.issym() or m.islnk()) and _leaves_archive(m.linkname)
            ],
        )
        members = [m for m in archive.getmembers() if m.isfile() and m.name in wanted]
        _too_large(path, [m.size for m in members])
        for member in members:
            handle = archive.extractfile(member)
            if handle is not None:
                _write(into, member.name, handle.read())
        _read_to_the_end(path, archive)


_DRAIN_CHUNK = 1024 * 1024


def _read_to_the_end(path: Path, archive: tarfile.TarFile) -> None:
    """Read the compressed stream past the tar's last member to its end: only there does
    gzip check its length and CRC, so an archive cut short in its last bytes is refused
    (a truncated stream raises EOFError, a wrong CRC BadGzipFile, an OSError)."""
    stream = archive.fileobj
    if stream is None:
        return
    drained = 0
    while chunk := stream.read(_DRAIN_CHUNK):
        drained += len(chunk)
        _too_large(path, [drained])


def _extract(path: Path, into: Path, wanted: set[str]) -> None:
    """Unpack only the contract files ``wanted``, by name; nothing else is written."""
    try:
        if _suffix_of(path) == ".zip":
            _extract_zip(path, into, wanted)
        else:
            _extract_tar(path, into, wanted)
    except (zipfile.BadZipFile, tarfile.TarError, EOFError, OSError) as exc:
        raise SourceError([f"{path}: not a readable archive ({exc})"]) from None
