"""The kinds of file `hlcg db import` takes, in one table, and the options of an import.

A file's kind is told by its header (the columns it must have, in any order) or, for files
without one, by its name; the first kind of ``IMPORT_KINDS`` that fits is the one read, and
the summary names it. Each kind names the function that imports it and the options it
takes, so an option given to a kind that has no use for it is refused here, in one place.

The research layouts (a sets file, a legality sheet with ``edition_or_format``, the card
lists with ``source_url``, the persona gem table) are the files curators write by hand,
as ``../shared/research/`` holds them; they are read as written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hlcg.catalog.storage import TableGroup
from hlcg.errors import SourceError, UsageError

# The columns of a fact sheet (`db gaps --output csv`, `db facts export`, the research
# update sheets): one fact a row.
FACT_SHEET_COLUMNS = ("id", "field", "value", "source")
# The card lists of the research notes: the contract's own names, and three of their own.
RESEARCH_CARD_MAP: dict[str, str] = {
    "title": "title",
    "subtitle": "subtitle",
    "type": "type",
    "set": "sets",
    "restriction": "restriction",
    "reserved": "reserved",
    "signature": "signature",
    "hand_icons": "hand_icons",
    "gem_master": "gem_master",
    "gem_agility": "gem_agility",
    "gem_strength": "gem_strength",
    "gem_toughness": "gem_toughness",
    "gem_empathy": "gem_empathy",
    "gem_reason": "gem_reason",
    "master_limit": "master_limit",
    "formats": "formats",
    "text": "text",
    "source_url": "source",
}
# The persona table of the research notes: a persona's gems per printing.
PERSONA_MAP: dict[str, str] = {
    "name": "title",
    "set": "sets",
    "master": "gem_master",
    "agility": "gem_agility",
    "strength": "gem_strength",
    "toughness": "gem_toughness",
    "empathy": "gem_empathy",
    "reason": "gem_reason",
    "master_limit": "master_limit",
    "source_url": "source",
}

# Options by their command-line names.
OVERWRITE, REPLACE, MAP, ID_FROM, SOURCE = (
    "--overwrite",
    "--replace",
    "--map",
    "--id-from",
    "--source",
)


@dataclass(frozen=True)
class ImportOptions:
    """How `hlcg db import` reads and merges a file: what the command line gave."""

    groups: Sequence[TableGroup] = ()  # tables other parts of hlcg keep in the catalogue
    column_map: Mapping[str, str] | None = None  # --map: column -> contract field
    id_from_title: bool = False  # --id-from title
    default_source: str | None = None  # --source
    overwrite: bool = False
    replace: bool = False
    dry_run: bool = False

    def given(self) -> list[str]:
        """The options given, by their command-line names."""
        named = {
            OVERWRITE: self.overwrite,
            REPLACE: self.replace,
            MAP: self.column_map is not None,
            ID_FROM: self.id_from_title,
            SOURCE: self.default_source is not None,
        }
        return [name for name, on in named.items() if on]


@dataclass(frozen=True)
class ImportKind:
    """One kind of file `hlcg db import` takes."""

    name: str  # as the summary names it
    importer: str  # "module:function", called with (source, db, options, kind)
    columns: tuple[str, ...] = ()  # the header columns that tell it (all of them)
    suffixes: tuple[str, ...] = (".csv",)
    takes: frozenset[str] = frozenset()  # the options that apply to it
    # Columns read as contract fields (the research layouts); --map replaces it.
    column_map: Mapping[str, str] | None = field(default=None, hash=False)
    delimiter: str = ","
    # The type a row of this kind most likely names, to pick among cards of one name
    # (never recorded as a fact).
    prefer_type: str | None = None

    def fits(self, path: Path, header: Sequence[str]) -> bool:
        if _suffix(path) not in self.suffixes:
            return False
        return all(column in header for column in self.columns)

    def check(self, options: ImportOptions, path: Path) -> None:
        """Refuse the options that do not apply to this kind."""
        refused = [name for name in options.given() if name not in self.takes]
        if refused:
            verb = "applies" if len(refused) == 1 else "apply"
            users = sorted(
                {k.name for k in IMPORT_KINDS if any(n in k.takes for n in refused)},
                key=lambda name: [k.name for k in IMPORT_KINDS].index(name),
            )
            raise UsageError(
                f"{' and '.join(refused)} {verb} to {', '.join(users)}, not to {path.name} "
                f"(read as {self.name})"
            )


_MAPPED_OPTIONS = frozenset({OVERWRITE, MAP, ID_FROM, SOURCE})

# First fit wins: the narrower headers come before the card rows, which take any columns.
IMPORT_KINDS: tuple[ImportKind, ...] = (
    ImportKind(
        "whole catalogue export",
        "hlcg.curation.importer:import_catalogue",
        suffixes=("", ".zip", ".tar.gz", ".tgz", ".json"),
        takes=frozenset({OVERWRITE}),
    ),
    ImportKind(
        "update sheet",
        "hlcg.curation.facts:import_facts",
        columns=FACT_SHEET_COLUMNS,
        takes=frozenset({OVERWRITE}),
    ),
    ImportKind(
        "legality sheet",
        "hlcg.curation.importer:import_legality",
        columns=("card_id", "format", "status"),
        takes=frozenset({OVERWRITE}),
    ),
    ImportKind(
        "research legality sheet",
        "hlcg.curation.research:import_research_legality",
        columns=("card_id", "edition_or_format", "status", "source"),
        takes=frozenset({OVERWRITE}),
    ),
    ImportKind(
        "sets file",
        "hlcg.curation.research:import_sets",
        columns=("code", "name", "edition", "source"),
        takes=frozenset({OVERWRITE}),
    ),
    ImportKind(
        "persona gem table",
        "hlcg.curation.card_rows:import_mapped_rows",
        columns=("name", "set", "master", "source_url"),
        takes=_MAPPED_OPTIONS,
        column_map=PERSONA_MAP,
        prefer_type="persona",
    ),
    ImportKind(
        "research card list",
        "hlcg.curation.card_rows:import_mapped_rows",
        columns=("title", "set", "source_url"),
        takes=_MAPPED_OPTIONS,
        column_map=RESEARCH_CARD_MAP,
    ),
    ImportKind(
        "LackeyCCG card data",
        "hlcg.curation.card_rows:import_mapped_rows",
        suffixes=(".tsv", ".txt"),
        takes=_MAPPED_OPTIONS,
        delimiter="\t",
    ),
    ImportKind(
        "card rows",
        "hlcg.curation.card_rows:import_card_file",
        suffixes=(".csv", ".json", ".jsonl"),
        takes=frozenset({OVERWRITE, REPLACE}),
    ),
)
# Card rows read through --map: a CSV whose columns are not the contract's.
MAPPED_CARD_ROWS = ImportKind(
    "card rows read with --map",
    "hlcg.curation.card_rows:import_mapped_rows",
    takes=_MAPPED_OPTIONS,
)


def _suffix(path: Path) -> str:
    name = path.name.lower()
    if path.is_dir():
        return ""
    return ".tar.gz" if name.endswith(".tar.gz") else path.suffix.lower()


def import_kind(path: Path, options: ImportOptions | None = None) -> ImportKind:
    """The kind of ``path``: the first of ``IMPORT_KINDS`` that fits its name and header.
    A .json file is a whole catalogue only when it says so; a CSV of card rows given --map
    is read through the map."""
    from hlcg.curation.exports import is_catalogue_export
    from hlcg.curation.sources import csv_header

    if is_catalogue_export(path):
        return IMPORT_KINDS[0]
    header = csv_header(path)
    mapped = options is not None and options.column_map is not None
    for kind in IMPORT_KINDS[1:]:
        if kind.fits(path, header):
            if kind.name == "card rows" and mapped:
                return MAPPED_CARD_ROWS if _suffix(path) == ".csv" else kind
            if kind.name == "card rows" and _suffix(path) == ".csv" and "id" not in header:
                raise _no_kind(path, header)
            return kind
    # Card rows are the kind of last resort: their reader says what is wrong with the file
    # (a suffix it does not read, a header without id and title, a file too large).
    return IMPORT_KINDS[-1]


def _no_kind(path: Path, header: Sequence[str]) -> SourceError:
    """A CSV whose header fits no kind (not even card rows, which need an id column): the
    kinds there are, each with the columns that tell it, and --map for other columns."""
    if any(header):
        told = f"no kind of file recognised from its header ({','.join(header)})"
        lower = [column.strip().lower() for column in header]
        fits = next((k for k in IMPORT_KINDS[1:-1] if k.fits(path, lower)), None)
        if fits is not None:  # "ID,Field,Value,Source": hlcg's column names are lower-case
            told += f"; in lower case its columns would be read as {fits.name}"
    else:
        told = "the file is empty: no header to tell its kind by"
    kinds = [f"  {kind.name}: {describe(kind)}" for kind in IMPORT_KINDS]
    return SourceError(
        [f"{path}: row 1: {told}"],
        "hlcg db import reads these kinds, each told by its header or its name:\n"
        + "\n".join(kinds)
        + "\ncard rows in other columns are read with --map, e.g. "
        + """--map '{"Card Name": "title", "Set": "sets"}'""",
    )


def describe(kind: ImportKind) -> str:
    """How the kind is told: its header columns, or its file names."""
    if kind.columns:
        return "a CSV with columns " + ",".join(kind.columns)
    if kind.name == "card rows":  # the kind of last resort, told by the contract's columns
        return (
            "files .json, .jsonl, or a CSV with columns id,title,source and the contract's others"
        )
    return "files " + ", ".join(s or "a folder" for s in kind.suffixes)
