"""Import card rows into a user catalogue: all rows or none.

The import works on a copy of the catalogue beside it and moves the copy into place only when
every row is valid and written. A failed import, or a process killed half-way, leaves the
original file byte-for-byte unchanged; readers of the original never see a partial state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from hlcg.catalog.build import Bundle, replacing, write_catalogue
from hlcg.catalog.fields import BOOL_FIELDS
from hlcg.catalog.models import AliasRow, CardRow, FormatRow, SetRow
from hlcg.catalog.sources import LackeyOptions
from hlcg.catalog.store import connect, is_shipped
from hlcg.errors import ReadOnlyCatalogueError, UsageError
from hlcg.tcboo.models import TABLES as TCBOO_TABLES


@dataclass(frozen=True)
class Conflict:
    """A fact an imported row states differently from the catalogue, which was kept."""

    card_id: str
    field: str
    kept: str
    offered: str


@dataclass(frozen=True)
class ImportResult:
    added: int
    replaced: int
    total: int
    content_sha256: str
    facts: int = 0  # facts recorded from a fact sheet
    # LackeyCCG rows merged into cards the catalogue holds: what the merge did.
    merged: int = 0
    filled: int = 0  # facts the catalogue lacked, taken from the rows
    sources_added: int = 0
    conflicts: tuple[Conflict, ...] = ()
    texts_kept: int = 0  # card texts that differ from the row's; the catalogue's stays
    # A whole-catalogue import: rows of the other tables in the result.
    tables: tuple[tuple[str, int], ...] = ()


def read_bundle(path: Path) -> Bundle:
    """Everything a catalogue file holds, validated with the contract models."""
    conn = connect(path, upgrading=True)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        cards = []
        rows = conn.execute("SELECT * FROM cards ORDER BY id")
        # An older schema lacks newer columns (unrestricted): their defaults apply.
        columns = {d[0] for d in rows.description}
        for row in rows:
            data = {k: row[k] for k in CardRow.model_fields if k in columns}
            for flag in BOOL_FIELDS:
                if data.get(flag) is not None:
                    data[flag] = bool(data[flag])
            cards.append(CardRow.model_validate(data))
        aliases = [
            AliasRow(alias=r["alias"], card_id=r["card_id"], source=r["source"])
            for r in conn.execute("SELECT * FROM aliases ORDER BY alias")
        ]
        sets = [SetRow.model_validate(dict(r)) for r in conn.execute("SELECT * FROM sets")]
        formats = [
            FormatRow.model_validate({**dict(r), "checked": bool(r["checked"])})
            for r in conn.execute("SELECT * FROM formats")
        ]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        tcboo = {
            table: [model.model_validate(dict(r)) for r in conn.execute(f"SELECT * FROM {table}")]
            for table, model in TCBOO_TABLES.items()
            if table in tables  # table names come from our own constant, never from input
        }
    finally:
        conn.close()
    return Bundle(
        cards=cards,
        aliases=aliases,
        sets=sets,
        formats=formats,
        data_version=meta.get("data_version", "0"),
        inputs=[{"file": "(imported)", "sha256": meta.get("content_sha256", "")}],
        tcboo=tcboo,
    )


def refuse_shipped(path: Path) -> None:
    if is_shipped(path):
        raise ReadOnlyCatalogueError(
            f"{path} is the shipped catalogue and is read-only. Work on a copy: "
            "`hlcg db init my.sqlite` (or copy the file), "
            "then `hlcg db import FILE --db my.sqlite`."
        )


def lackey_options(bundle: Bundle, *, id_from_title: bool, source: str | None) -> LackeyOptions:
    """Lackey rows completed from the target catalogue: set names, existing ids."""
    from hlcg.catalog.normalize import normalise
    from hlcg.catalog.sources import CardVersion, LackeyOptions

    # The shipped set table names the sets a fresh catalogue does not list yet.
    known = [*shipped_sets().values(), *bundle.sets]
    set_codes = {normalise(s.name): s.code for s in known}
    set_codes.update(_source_set_names())
    set_codes.update({normalise(s.code): s.code for s in known})
    by_name: dict[str, list[CardVersion]] = {}
    by_title: dict[str, list[CardVersion]] = {}
    for card in bundle.cards:
        version = CardVersion(card.id, card.type, tuple(card.sets))
        name = normalise(" ".join(p for p in (card.title, card.subtitle) if p))
        by_name.setdefault(name, []).append(version)
        if card.subtitle:
            by_title.setdefault(normalise(card.title), []).append(version)

    def in_id_order(versions: list[CardVersion]) -> tuple[CardVersion, ...]:
        # "quickstep", "quickstep-2", ... in the order an import made them
        return tuple(sorted(versions, key=lambda v: (len(v.id), v.id)))

    return LackeyOptions(
        id_from_title=id_from_title,
        source=source,
        set_codes=set_codes,
        versions_by_name={name: in_id_order(v) for name, v in by_name.items()},
        versions_by_title={title: in_id_order(v) for title, v in by_title.items()},
        known_ids=frozenset(c.id for c in bundle.cards),
    )


def shipped_sets() -> dict[str, SetRow]:
    """The shipped catalogue's sets by code (empty when it cannot be read)."""
    from hlcg.catalog.store import shipped_path
    from hlcg.errors import CatalogueError

    try:
        conn = connect(shipped_path())
    except CatalogueError:
        return {}
    try:
        return {
            r["code"]: SetRow.model_validate(dict(r)) for r in conn.execute("SELECT * FROM sets")
        }
    finally:
        conn.close()


def _source_set_names() -> dict[str, str]:
    """Set names as deck programs write them -> set code: the deck readers' table
    ``set_names.csv`` (name,set,source), packaged in hlcg/data/ or in data/source/ of a
    checkout, when it exists."""
    import csv

    from hlcg.catalog.normalize import normalise

    here = Path(__file__).resolve()
    for table in (
        here.parent.parent / "data" / "set_names.csv",
        here.parents[3] / "data" / "source" / "set_names.csv",
    ):
        if table.is_file():
            with table.open(encoding="utf-8", newline="") as handle:
                return {
                    normalise(row["name"]): row["set"].strip()
                    for row in csv.DictReader(handle)
                    if row.get("name") and row.get("set")
                }
    return {}


def is_lackey_data(path: Path) -> bool:
    return path.suffix.lower() in (".tsv", ".txt")


def _stated(value: object) -> bool:
    """Whether a field holds a fact: empty, an empty list and (for reserved and signature,
    which sources leave empty when false) false state nothing."""
    return value not in (None, [], False)


# Facts that exclude each other: a card with a restriction number does not carry none.
_EXCLUSIVE = {"restriction": "unrestricted", "unrestricted": "restriction"}


def merge_facts(card: CardRow, row: CardRow) -> tuple[CardRow, list[str], list[Conflict]]:
    """``card`` with the facts ``row`` states that ``card`` lacks, and the row's source.

    A recorded fact is never replaced: where the row states another value the card keeps
    its own and the difference is returned as a conflict. Sets are a list of printings, so
    the row's sets are added to the card's. Returns the merged card, the fields filled and
    the conflicts.
    """
    from hlcg.catalog.fields import CONTRACT_FIELDS
    from hlcg.catalog.normalize import normalise

    data = card.model_dump()
    filled: list[str] = []
    conflicts: list[Conflict] = []
    row_flat, card_flat = row.to_flat(), card.to_flat()
    for name in CONTRACT_FIELDS:
        if name in ("id", "source"):
            continue
        have, offered = getattr(card, name), getattr(row, name)
        if not _stated(offered):
            continue
        other = _EXCLUSIVE.get(name)
        if other and _stated(getattr(card, other)):
            # A restriction number and "carries none" are one fact stated two ways.
            conflicts.append(
                Conflict(card.id, name, f"{other}: {card_flat[other]}", row_flat[name])
            )
            continue
        if name in ("title", "subtitle"):
            if normalise(have or "") != normalise(offered):
                conflicts.append(Conflict(card.id, name, card_flat[name], row_flat[name]))
        elif name == "sets":
            added = [code for code in offered if code not in have]
            if added:
                data["sets"] = [*have, *added]
                filled.append(name)
        elif not _stated(have):
            data[name] = offered
            filled.append(name)
        elif have != offered:
            conflicts.append(Conflict(card.id, name, card_flat[name], row_flat[name]))
    data["source"] = add_source(card.source, row.source)
    return CardRow.model_validate(data), filled, conflicts


def import_rows(
    source: Path,
    db: Path,
    column_map: Mapping[str, str] | None = None,
    *,
    id_from_title: bool = False,
    default_source: str | None = None,
) -> ImportResult:
    """Validate every row of ``source`` and write them into ``db`` in one step.

    Rows of the card contract (CSV, JSON, JSONL) are whole cards and replace the card of
    their id. LackeyCCG rows state only some facts: a row naming a card the catalogue holds
    fills the facts it lacks and adds its source, and never erases a recorded fact.
    """
    from hlcg.catalog.sources import read_card_rows

    refuse_shipped(db)
    bundle = read_bundle(db)  # also proves db is a readable catalogue before any work
    options = lackey_options(bundle, id_from_title=id_from_title, source=default_source)
    rows = read_card_rows(source, column_map, options)
    existing = {c.id: c for c in bundle.cards}
    replaced = sum(1 for r in rows if r.id in existing)
    merged: dict[str, CardRow] = dict(existing)
    filled = sources_added = texts_kept = 0
    conflicts: list[Conflict] = []
    lackey = is_lackey_data(source)
    for row in rows:
        if not (lackey and row.id in existing):
            merged[row.id] = row
            continue
        card, fields, differing = merge_facts(existing[row.id], row)
        merged[row.id] = card
        filled += len(fields)
        sources_added += card.source != existing[row.id].source
        texts_kept += sum(1 for c in differing if c.field == "text")
        conflicts += [c for c in differing if c.field != "text"]
    known_sets = {s.code for s in bundle.sets}
    shipped = shipped_sets()
    for row in rows:
        for code in row.sets:
            if code in shipped and code not in known_sets:
                bundle.sets.append(shipped[code])
                known_sets.add(code)
            elif code not in known_sets:
                # Imported rows may name sets the catalogue does not list yet.
                bundle.sets.append(
                    SetRow(
                        code=code,
                        name=code,
                        edition="unknown",
                        source=f"imported from {source.name}",
                    )
                )
                known_sets.add(code)
    bundle.cards = list(merged.values())
    with replacing(db) as temp:
        write_catalogue(temp, bundle)
    return ImportResult(
        added=len(rows) - replaced,
        replaced=0 if lackey else replaced,
        total=len(merged),
        content_sha256=bundle.content_sha256(),
        merged=replaced if lackey else 0,
        filled=filled,
        sources_added=sources_added,
        conflicts=tuple(conflicts),
        texts_kept=texts_kept,
    )


def merge(target: Bundle, incoming: Bundle) -> tuple[Bundle, int, int]:
    """``target`` with every row of ``incoming`` added or replacing the row of the same key.

    Returns the merged bundle and how many cards were added and replaced.
    """
    cards = {c.id: c for c in target.cards}
    replaced = sum(1 for c in incoming.cards if c.id in cards)
    cards.update((c.id, c) for c in incoming.cards)
    tcboo: dict[str, list[BaseModel]] = {}
    for table in sorted({*target.tcboo, *incoming.tcboo}):
        rows = {str(getattr(r, "name", "")): r for r in target.tcboo.get(table, [])}
        rows.update((str(getattr(r, "name", "")), r) for r in incoming.tcboo.get(table, []))
        tcboo[table] = list(rows.values())
    merged = Bundle(
        cards=list(cards.values()),
        aliases=list(
            ({a.alias: a for a in target.aliases} | {a.alias: a for a in incoming.aliases}).values()
        ),
        sets=list(({s.code: s for s in target.sets} | {s.code: s for s in incoming.sets}).values()),
        formats=list(
            ({f.name: f for f in target.formats} | {f.name: f for f in incoming.formats}).values()
        ),
        # A fresh catalogue takes the version of what it is filled from.
        data_version=incoming.data_version if not target.cards else target.data_version,
        inputs=[*target.inputs, *incoming.inputs],
        tcboo=tcboo,
    )
    return merged, len(incoming.cards) - replaced, replaced


def import_catalogue(source: Path, db: Path) -> ImportResult:
    """Import a whole exported catalogue (folder, archive or JSON document) into ``db``."""
    from hlcg.catalog.transfer import read_catalogue_export

    refuse_shipped(db)
    target = read_bundle(db)
    incoming = read_catalogue_export(source)
    merged, added, replaced = merge(target, incoming)
    with replacing(db) as temp:
        write_catalogue(temp, merged)
    return ImportResult(
        added=added,
        replaced=replaced,
        total=len(merged.cards),
        content_sha256=merged.content_sha256(),
        tables=(
            ("aliases", len(incoming.aliases)),
            ("sets", len(incoming.sets)),
            ("formats", len(incoming.formats)),
            ("tcboo", sum(len(rows) for rows in incoming.tcboo.values())),
        ),
    )


def init(path: Path, start_from: Path | None = None) -> Bundle:
    """Create a catalogue at a path that does not exist yet: empty, or a copy of the
    rows of ``start_from`` (an existing catalogue file) to extend without rebuilding."""
    if path.exists():
        raise UsageError(f"{path} already exists; hlcg db init will not overwrite it")
    bundle = read_bundle(start_from) if start_from else Bundle(data_version="0", inputs=[])
    with replacing(path) as temp:
        write_catalogue(temp, bundle)
    return bundle


FACT_SHEET_COLUMNS = ("id", "field", "value", "source")


def is_fact_sheet(path: Path) -> bool:
    """A CSV whose header has id, field, value and source (card rows have no field column)."""
    import csv
    import io

    from hlcg.catalog.sources import read_text

    if path.suffix.lower() != ".csv" or not path.is_file():
        return False
    first = read_text(path).split("\n", 1)[0]
    header = next(csv.reader(io.StringIO(first)), [])
    return all(c in header for c in FACT_SHEET_COLUMNS)


def add_source(existing: str, more: str) -> str:
    """``existing`` sources with those of ``more`` not yet listed, `; `-separated."""
    have = [s.strip() for s in existing.split(";") if s.strip()]
    have += [s.strip() for s in more.split(";") if s.strip() and s.strip() not in have]
    return "; ".join(have)


def import_facts(sheet: Path, db: Path) -> ImportResult:
    """Record the filled-in rows of a fact sheet (id,field,value,source) on existing cards.

    A sheet sets the facts `db gaps` lists (restriction numbers, gems, Master limits, hand
    icons, types, legality), nothing else: not titles, texts or ids. Rows with an empty value
    are gaps still open and are skipped. The same fact given twice must have one value (its
    sources are all kept). Every recorded fact adds its source to the card's sources; every
    error is reported at once and the catalogue is written only when there are none.
    """
    from pydantic import ValidationError

    from hlcg.catalog.fields import GAP_FIELDS as SHEET_FIELDS
    from hlcg.catalog.sources import _csv_rows, read_text
    from hlcg.errors import SourceError

    refuse_shipped(db)
    bundle = read_bundle(db)
    cards = {c.id: c.to_flat() for c in bundle.cards}
    errors: list[str] = []
    recorded: dict[tuple[str, str], tuple[int, str]] = {}  # (id, field) -> (row, value)
    for number, row in _csv_rows(sheet, read_text(sheet)):
        card_id, name = (row.get("id") or "").strip(), (row.get("field") or "").strip()
        value, source = (row.get("value") or "").strip(), (row.get("source") or "").strip()
        if not value:
            continue
        where = f"{sheet}: row {number}"
        if card_id not in cards:
            errors.append(f"{where}: id: no card {card_id!r} in {db.name}")
        elif name not in SHEET_FIELDS:
            errors.append(
                f"{where}: field: {name!r} is not a fact db gaps lists; a sheet may set "
                + ", ".join(SHEET_FIELDS)
            )
        elif not source:
            errors.append(f"{where}: source: every fact needs its source")
        elif (card_id, name) in recorded and recorded[card_id, name][1] != value:
            first, earlier = recorded[card_id, name]
            errors.append(
                f"{where}: {card_id} {name}: {value!r} here, {earlier!r} in row {first}; "
                "one card has one value"
            )
        else:
            try:
                CardRow.model_validate({**cards[card_id], name: value})
            except ValidationError as exc:
                errors += [
                    f"{where}: value: {'.'.join(str(p) for p in e['loc']) or name}: {e['msg']}"
                    for e in exc.errors()
                ]
                continue
            recorded.setdefault((card_id, name), (number, value))
            cards[card_id][name] = value
            cards[card_id]["source"] = add_source(cards[card_id]["source"], source)
    if errors:
        raise SourceError(errors)
    changed = {card_id for card_id, _ in recorded}
    bundle.cards = [
        CardRow.model_validate(flat) if card_id in changed else card
        for card, (card_id, flat) in zip(bundle.cards, cards.items(), strict=True)
    ]
    with replacing(db) as temp:
        write_catalogue(temp, bundle)
    return ImportResult(
        added=0,
        replaced=len(changed),
        total=len(bundle.cards),
        content_sha256=bundle.content_sha256(),
        facts=len(recorded),
    )


def import_any(
    source: Path,
    db: Path,
    column_map: Mapping[str, str] | None = None,
    *,
    id_from_title: bool = False,
    default_source: str | None = None,
) -> ImportResult:
    """Import a whole catalogue export, a fact sheet or card rows, whichever ``source`` is."""
    from hlcg.catalog.transfer import is_catalogue_export

    if not source.exists():
        raise UsageError(f"{source}: not found")
    if is_catalogue_export(source):
        if column_map or id_from_title or default_source:
            raise UsageError("--map, --id-from and --source apply to card rows, not to exports")
        return import_catalogue(source, db)
    if is_fact_sheet(source):
        return import_facts(source, db)
    lackey_only = {"--map": column_map, "--id-from": id_from_title, "--source": default_source}
    given = [name for name, value in lackey_only.items() if value]
    if given and not is_lackey_data(source):
        raise UsageError(
            f"{', '.join(given)} apply to LackeyCCG card data (.tsv/.txt), not to {source.name}"
        )
    return import_rows(
        source, db, column_map, id_from_title=id_from_title, default_source=default_source
    )
