"""`hlcg db import`'s one entry point, ``import_any``: which kind of file a source is
(``hlcg.curation.kinds``, one table), the options checked against that kind once, and the
import of that kind, locked, all rows or none. Each kind is imported by the function the
table names; they share the importer's result and its one-step write.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from importlib import import_module
from pathlib import Path

from hlcg.curation.importer import ImportResult, refuse_shipped
from hlcg.curation.kinds import ImportKind, ImportOptions, import_kind
from hlcg.curation.locking import writer_lock
from hlcg.errors import CatalogueError, SourceError, UsageError


def import_any(source: Path, db: Path, options: ImportOptions) -> ImportResult:
    """Import ``source``, whichever kind of file it is, into ``db``. One import at a time
    per catalogue: the catalogue is locked from its read to its replacement (``locking``).
    ``options.dry_run``: the import is made on a copy, ``db`` is not written, and the
    result lists every change it would make (``ImportResult.changes``)."""
    if not source.exists():
        raise UsageError(f"{source}: not found")
    if not db.exists():
        raise CatalogueError(
            f"catalogue not found: {db}; start one with `hlcg db init {db} --from-shipped`"
        )
    refuse_shipped(db)
    kind = import_kind(source, options)
    kind.check(options, source)
    module, _, name = kind.importer.partition(":")
    importer: Callable[[Path, Path, ImportOptions, ImportKind], ImportResult] = getattr(
        import_module(module), name
    )

    def run(target: Path) -> ImportResult:
        return dataclasses.replace(importer(source, target, options, kind), kind=kind.name)

    if options.dry_run:
        return _dry_run(db, options, run)
    with writer_lock(db):
        return run(db)


def _dry_run(db: Path, options: ImportOptions, run: Callable[[Path], ImportResult]) -> ImportResult:
    """The import ``run`` made on a copy of ``db`` in a scratch folder (under the same
    name, so its messages name it), and the changes read from the two."""
    import shutil
    import tempfile

    from hlcg.curation.bundle import read_bundle
    from hlcg.curation.changes import describe_changes

    with tempfile.TemporaryDirectory(prefix="hlcg-dry-run-") as scratch:
        copy = Path(scratch) / db.name
        shutil.copyfile(db, copy)
        try:
            result = run(copy)
        except SourceError as exc:  # a hint's command names the catalogue, not the copy
            if exc.hint:
                exc.hint = exc.hint.replace(str(copy), str(db))
                exc.args = tuple(str(arg).replace(str(copy), str(db)) for arg in exc.args)
            raise
        changes = describe_changes(
            read_bundle(db, options.groups), read_bundle(copy, options.groups)
        )
    return dataclasses.replace(result, changes=tuple(changes))
