"""`hlcg db import`'s one entry point: which kind of file a source is (a whole catalogue
export, a fact sheet, legality facts or card rows) and the import of that kind. Each kind is
imported by its own module (``hlcg.curation.importer``, ``facts``, ``card_rows``), which
share the importer's result and its one-step write.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from hlcg.catalog import TableGroup
from hlcg.curation.importer import (
    ImportResult,
    import_catalogue,
    import_legality,
    is_legality_sheet,
    refuse_shipped,
)
from hlcg.curation.locking import writer_lock
from hlcg.errors import CatalogueError, UsageError


def import_any(
    source: Path,
    db: Path,
    column_map: Mapping[str, str] | None = None,
    *,
    groups: Sequence[TableGroup],
    id_from_title: bool = False,
    default_source: str | None = None,
    overwrite: bool = False,
    replace: bool = False,
    dry_run: bool = False,
) -> ImportResult:
    """Import a whole catalogue export, a fact sheet or card rows, whichever ``source`` is;
    ``overwrite`` lets a fact sheet replace recorded facts. One import at a time per
    catalogue: the catalogue is locked from its read to its replacement (``locking``).
    ``dry_run``: the import is made on a copy, ``db`` is not written, and the result lists
    every change it would make (``ImportResult.changes``)."""
    if not source.exists():
        raise UsageError(f"{source}: not found")
    if not db.exists():
        raise CatalogueError(
            f"catalogue not found: {db}; start one with `hlcg db init {db} --from-shipped`"
        )
    refuse_shipped(db)

    def run(target: Path) -> ImportResult:
        return _import(
            source,
            target,
            column_map,
            groups=groups,
            id_from_title=id_from_title,
            default_source=default_source,
            overwrite=overwrite,
            replace=replace,
        )

    if dry_run:
        return _dry_run(db, groups, run)
    with writer_lock(db):
        return run(db)


def _dry_run(
    db: Path, groups: Sequence[TableGroup], run: Callable[[Path], ImportResult]
) -> ImportResult:
    """The import ``run`` made on a copy of ``db`` in a scratch folder (under the same
    name, so its messages name it), and the changes read from the two."""
    import dataclasses
    import shutil
    import tempfile

    from hlcg.curation.bundle import read_bundle
    from hlcg.curation.changes import describe_changes

    with tempfile.TemporaryDirectory(prefix="hlcg-dry-run-") as scratch:
        copy = Path(scratch) / db.name
        shutil.copyfile(db, copy)
        result = run(copy)
        changes = describe_changes(read_bundle(db, groups), read_bundle(copy, groups))
    return dataclasses.replace(result, changes=tuple(changes))


def _import(
    source: Path,
    db: Path,
    column_map: Mapping[str, str] | None,
    *,
    groups: Sequence[TableGroup],
    id_from_title: bool,
    default_source: str | None,
    overwrite: bool,
    replace: bool,
) -> ImportResult:
    from hlcg.curation.exports import is_catalogue_export
    from hlcg.curation.facts import import_facts, is_fact_sheet

    if is_fact_sheet(source):
        if replace:
            raise UsageError("--replace applies to card rows, not to a fact sheet")
        return import_facts(source, db, groups, overwrite=overwrite)
    card_row_options = bool(column_map or id_from_title or default_source)
    if replace and is_catalogue_export(source):
        raise UsageError(
            f"--replace applies to card rows, not to {source.name}: an export is merged fact "
            "by fact (--overwrite lets its values replace conflicting ones)"
        )
    if (overwrite or replace) and is_legality_sheet(source):
        raise UsageError(
            f"--overwrite and --replace apply to card rows, fact sheets and exports, not to "
            f"{source.name}"
        )
    if is_catalogue_export(source):
        if card_row_options:
            raise UsageError("--map, --id-from and --source apply to card rows, not to exports")
        return import_catalogue(source, db, groups, overwrite=overwrite)
    if is_legality_sheet(source):
        if card_row_options:
            raise UsageError("--map, --id-from and --source apply to card rows, not to legality")
        return import_legality(source, db, groups)
    from hlcg.curation.card_rows import check_card_row_options, import_card_file

    check_card_row_options(source, column_map, id_from_title, default_source, replace)
    return import_card_file(
        source,
        db,
        column_map,
        groups=groups,
        id_from_title=id_from_title,
        default_source=default_source,
        overwrite=overwrite,
        replace=replace,
    )
