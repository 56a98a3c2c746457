"""`hlcg db import FILE`: card rows, a fact sheet or a whole catalogue, all or nothing."""

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hlcg.cli.common import DbOption, guarded, note
from hlcg.errors import CatalogueError
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog.importer import ImportResult


class IdFrom(StrEnum):
    from_title = "title"


@guarded
def import_command(
    file: Annotated[
        Path,
        typer.Argument(
            help="What to import: card rows (.csv, .json, .jsonl, LackeyCCG .tsv/.txt), "
            "a fact sheet (id,field,value,source, as `db gaps --output csv` writes), "
            "legality facts (card_id,format,status,date,source,note, as legality.csv), "
            "or a whole exported catalogue (folder, .zip, .tar.gz, .json document); "
            "- reads standard input, its kind told by its first bytes."
        ),
    ],
    db: DbOption = None,
    column_map: Annotated[
        str | None,
        typer.Option(
            "--map",
            help="For LackeyCCG tab-separated data: JSON object (or a file holding one) of "
            "column -> contract field.",
        ),
    ] = None,
    id_from: Annotated[
        IdFrom | None,
        typer.Option(
            "--id-from",
            help="Derive missing ids from title and subtitle (slugs, made unique).",
        ),
    ] = None,
    source: Annotated[
        str | None,
        typer.Option("--source", help="Source (URL) for every row that names none."),
    ] = None,
    overwrite: Annotated[
        bool,
        typer.Option(
            "--overwrite",
            help="Let a fact sheet replace a recorded fact: the new value gets the sheet's "
            "source, the old value and its source are kept in fact_history.",
        ),
    ] = False,
) -> None:
    """Validate every row and import all of them, or none (the file stays byte-identical)."""
    from hlcg.catalog.importer import import_any
    from hlcg.catalog.piped import from_stdin
    from hlcg.catalog.sources import MAX_SOURCE_BYTES
    from hlcg.catalog.store import resolve_path
    from hlcg.column_map import parse_column_map
    from hlcg.stdin import is_stdin
    from hlcg.tcboo.models import TABLE_GROUP

    path = resolve_path(db)
    columns = parse_column_map(column_map)

    def from_file(data: Path) -> "ImportResult":
        return import_any(
            data,
            path,
            columns,
            id_from_title=id_from is IdFrom.from_title,
            default_source=source,
            groups=[TABLE_GROUP],
            overwrite=overwrite,
        )

    try:
        result = from_stdin(from_file, MAX_SOURCE_BYTES) if is_stdin(file) else from_file(file)
    except OSError as exc:
        raise CatalogueError(f"could not write {path}: {exc.strerror}") from None
    if result.facts:
        replaced = (
            f"; {plural(result.overwritten, 'recorded fact')} replaced, the old values kept "
            "in fact_history"
            if result.overwritten
            else ""
        )
        typer.echo(
            f"recorded {plural(result.facts, 'fact')} in {path} "
            f"({plural(result.replaced, 'card')} updated; {result.total} cards{replaced})"
        )
        return
    if result.legality:
        typer.echo(
            f"recorded {plural(result.legality, 'legality fact')} in {path} "
            f"({result.added} new, {result.replaced} replaced)"
        )
        return
    if result.merged or result.conflicts:
        _print_merge(result, path)
        return
    tables = ""
    if result.tables:
        count = dict(result.tables)
        tables = (
            f" with {count['aliases']} aliases, {count['sets']} sets, {count['formats']} "
            f"formats, {count['legality']} legality facts and {count['tcboo']} There Can Be "
            "Only One rows"
        )
    typer.echo(
        f"imported {plural(result.added + result.replaced, 'row')} into {path} "
        f"({result.added} new, {result.replaced} replaced; {result.total} cards){tables}"
    )


def _print_merge(result: "ImportResult", path: Path) -> None:
    """What importing LackeyCCG rows did to the cards the catalogue already held."""
    typer.echo(
        f"imported {plural(result.added + result.merged, 'row')} into {path} "
        f"({result.added} new, {result.merged} merged into existing cards; "
        f"{result.total} cards)"
    )
    typer.echo(
        f"merged: {plural(result.filled, 'missing fact')} filled, "
        f"{plural(result.sources_added, 'source')} added, "
        f"{plural(len(result.conflicts), 'conflicting fact')} and "
        f"{plural(result.texts_kept, 'differing text')} kept as the catalogue records them"
    )
    for conflict in result.conflicts:
        note(
            f"kept {conflict.card_id} {conflict.field} {conflict.kept!r}; "
            f"the imported row says {conflict.offered!r}"
        )
