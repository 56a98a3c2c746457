"""`hlcg db ...`: build, create, import into, export and describe catalogues."""

import json
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hlcg.cli.common import DbOption, JsonOption, guarded, note, print_json, refuse_overwrite
from hlcg.errors import CatalogueError, UsageError
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog.importer import ImportResult
    from hlcg.catalog.integrity import Verification

app = typer.Typer(help="Build and manage card catalogues.", no_args_is_help=True)

DEFAULT_CATALOGUE = Path("data/cards.sqlite")


@app.command("build")
@guarded
def build_command(
    source: Annotated[
        Path, typer.Option("--source", help="Folder of curated source files.")
    ] = Path("data/source"),
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Catalogue file to write (default: data/cards.sqlite, the project's own, "
            "rebuilt in place). An existing --out file needs --force.",
            show_default=False,
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite --out if it exists.")] = False,
) -> None:
    """Build the SQLite catalogue from the source files (deterministic)."""
    from hlcg.catalog.build import build
    from hlcg.tcboo.models import TABLE_GROUP

    if out is None:
        out = DEFAULT_CATALOGUE
    else:
        refuse_overwrite(out, force)

    try:
        bundle = build(source, out, [TABLE_GROUP])
    except OSError as exc:
        raise CatalogueError(f"could not write {out}: {exc.strerror}") from None
    typer.echo(f"built {out}: {len(bundle.cards)} cards, content_sha256 {bundle.content_sha256()}")


@app.command("init")
@guarded
def init_command(
    path: Annotated[Path, typer.Argument(help="New catalogue file.")],
    start_from: Annotated[
        Path | None,
        typer.Option(
            "--from",
            help="Start from the rows of an existing catalogue file instead of empty.",
            show_default=False,
        ),
    ] = None,
    from_shipped: Annotated[
        bool, typer.Option("--from-shipped", help="Start from the shipped catalogue's rows.")
    ] = False,
) -> None:
    """Create a catalogue to import cards into: empty, or a copy of another one's rows.

    `--from-shipped` lets a curator extend the shipped data without rebuilding it.
    """
    from hlcg.catalog.importer import init
    from hlcg.catalog.store import shipped_path
    from hlcg.tcboo.models import TABLE_GROUP

    if start_from is not None and from_shipped:
        raise UsageError("give --from PATH or --from-shipped, not both")
    origin = shipped_path() if from_shipped else start_from
    try:
        bundle = init(path, origin, [TABLE_GROUP])
    except OSError as exc:
        raise CatalogueError(f"could not create {path}: {exc.strerror}") from None
    if origin is None:
        typer.echo(f"created empty catalogue {path}")
    else:
        typer.echo(
            f"created {path} from {origin}: {len(bundle.cards)} cards, "
            f"content_sha256 {bundle.content_sha256()}"
        )


def _column_map(column_map: str | None) -> dict[str, str] | None:
    """--map: a JSON object, or a file holding one."""
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
        raise UsageError(f"--map is not a JSON object: {exc.msg}") from None
    if not isinstance(mapping, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in mapping.items()
    ):
        raise UsageError('--map must be a JSON object of strings, e.g. {"Name": "title"}')
    return mapping


class IdFrom(StrEnum):
    title = "title"


@app.command("import")
@guarded
def import_command(
    file: Annotated[
        Path,
        typer.Argument(
            help="What to import: card rows (.csv, .json, .jsonl, LackeyCCG .tsv/.txt), "
            "a fact sheet (id,field,value,source, as `db gaps --output csv` writes), "
            "or a whole exported catalogue (folder, .zip, .tar.gz, .json document)."
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
) -> None:
    """Validate every row and import all of them, or none (the file stays byte-identical)."""
    from hlcg.catalog.importer import import_any
    from hlcg.catalog.store import resolve_path
    from hlcg.tcboo.models import TABLE_GROUP

    path = resolve_path(db)
    try:
        result = import_any(
            file,
            path,
            _column_map(column_map),
            id_from_title=id_from is IdFrom.title,
            default_source=source,
            groups=[TABLE_GROUP],
        )
    except OSError as exc:
        raise CatalogueError(f"could not write {path}: {exc.strerror}") from None
    if result.facts:
        typer.echo(
            f"recorded {plural(result.facts, 'fact')} in {path} "
            f"({plural(result.replaced, 'card')} updated; {result.total} cards)"
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
            f"formats and {count['tcboo']} There Can Be Only One rows"
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


@app.command("export")
@guarded
def export_command(
    out: Annotated[
        Path,
        typer.Argument(
            help="Where to write: a folder, .zip, .tar.gz or .json (the whole catalogue), "
            "or .csv/.jsonl (cards only)."
        ),
    ],
    db: DbOption = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite OUT if it exists.")] = False,
) -> None:
    """Write the catalogue out: everything it holds, or its cards in the contract format.

    A folder, archive or .json document holds cards, aliases, sets with editions, formats
    and the There Can Be Only One tables; `db init` + `db import` of it gives a catalogue
    with the same content_sha256. An existing OUT file needs --force.
    """
    from hlcg.catalog.exporter import export
    from hlcg.catalog.reading import read_bundle
    from hlcg.catalog.store import resolve_path
    from hlcg.catalog.transfer import export_catalogue, is_whole_catalogue_target
    from hlcg.tcboo.models import TABLE_GROUP

    refuse_overwrite(out, force)
    bundle = read_bundle(resolve_path(db), [TABLE_GROUP])
    try:
        if is_whole_catalogue_target(out):
            what = export_catalogue(bundle, out)
            typer.echo(
                f"exported {len(bundle.cards)} cards, {len(bundle.aliases)} aliases, "
                f"{len(bundle.sets)} sets, {len(bundle.formats)} formats and "
                f"{bundle.side_row_count()} There Can Be Only One rows "
                f"to {out} ({what})"
            )
            return
        export(bundle.cards, out)
    except OSError as exc:
        raise UsageError(f"could not write {out}: {exc.strerror}") from None
    typer.echo(f"exported {len(bundle.cards)} cards to {out} (cards only)")


@app.command("info")
@guarded
def info_command(
    db: DbOption = None,
    as_json: JsonOption = False,
    verify: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Recompute the content hash from the rows: exit 0 when it matches the "
            "recorded one, 1 (with the differences) when not.",
        ),
    ] = False,
) -> None:
    """Schema and data version, content sha256, counts and where the file is.

    With `--verify` the hash is recomputed from the rows, not read from the file.
    """
    from hlcg.catalog.store import is_shipped, load, resolve_path

    path = resolve_path(db)
    catalogue = load(path)
    counts = catalogue.counts()
    info = {
        "path": str(path.resolve()),
        "shipped": is_shipped(path),
        "schema_version": int(catalogue.meta.get("schema_version", 0)),
        "data_version": catalogue.meta.get("data_version"),
        "content_sha256": catalogue.meta.get("content_sha256"),
        "counts": {
            "cards": counts["cards"],
            "personas": counts["personas"],
            "sets": len(catalogue.sets),
            "formats": len(catalogue.formats),
            "aliases": len(catalogue.aliases),
            "sourced_facts": counts["sourced_facts"],
        },
    }
    verification = None
    if verify:
        from hlcg.catalog.integrity import verify as verify_catalogue
        from hlcg.tcboo.models import TABLE_GROUP

        verification = verify_catalogue(path, [TABLE_GROUP])
        info["verify"] = {
            "matches": verification.matches,
            "recorded": verification.recorded,
            "computed": verification.computed,
            "row_digests_recorded": verification.digests_recorded,
            "differences": {t: d.as_dict() for t, d in verification.differences.items()},
            "derived_differences": {t: d.as_dict() for t, d in verification.derived.items()},
        }
    if as_json:
        print_json(info)
    else:
        for key in ("path", "shipped", "schema_version", "data_version", "content_sha256"):
            typer.echo(f"{key:15} {info[key]}")
        for key, value in info["counts"].items():
            typer.echo(f"{key:15} {value}")
        if verification is not None:
            _print_verification(verification)
    if verification is not None and not verification.matches:
        raise typer.Exit(1)


def _print_verification(verification: "Verification") -> None:
    if verification.matches:
        typer.echo(f"{'verify':15} ok: the rows hash to the recorded content_sha256")
        return
    if verification.computed == verification.recorded:
        typer.echo(f"{'verify':15} MISMATCH: the rows match, tables derived from them do not")
    else:
        typer.echo(f"{'verify':15} MISMATCH: the rows hash to {verification.computed}")
    if not verification.digests_recorded:
        typer.echo(f"{'':15} (no row digests recorded: rebuild to see which rows changed)")
    for name, difference in verification.differences.items():
        typer.echo(
            f"{'':15} {name}: {difference.changed} changed, {difference.added} added, "
            f"{difference.removed} removed"
        )
    for name, difference in verification.derived.items():
        typer.echo(
            f"{'':15} derived {name}: {difference.changed} changed, {difference.added} "
            f"unexpected, {difference.removed} missing"
        )


class GapsOutput(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


@app.command("gaps")
@guarded
def gaps_command(
    decks: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Deck files or folders to rank by (default: examples/decks/ of the current "
            "folder); files that are not decks are skipped with a note.",
            show_default=False,
        ),
    ] = None,
    db: DbOption = None,
    output: Annotated[
        GapsOutput,
        typer.Option(
            "--output", "-o", help="text, json, or csv: a fact sheet to fill in and import."
        ),
    ] = GapsOutput.text,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Show only the first N gaps.")
    ] = None,
) -> None:
    """Missing facts (gems, restriction numbers, types, legality) ranked by how many of the
    decks they leave unchecked: what a curator with the physical cards should record first.

    `--output csv` writes `id,field,value,source,...`; fill in value and source and
    `hlcg db import SHEET.csv --db my.sqlite` records them.
    """
    from hlcg.catalog.lookup import Index
    from hlcg.cli.common import load_catalogue, table
    from hlcg.cli.validate import expand
    from hlcg.gaps import example_decks, fact_sheet, find_gaps

    if decks:
        # Folders are searched and what is not a deck is skipped, as `hlcg validate` does.
        paths = expand([str(d) for d in decks], skip_non_decks=True)
        if not paths:
            raise UsageError("no decks to rank: none of the files given is a deck")
    else:
        paths = example_decks(Path.cwd())
    if not paths:
        raise UsageError("no decks given and no examples/decks/ here; name the deck files")
    found = find_gaps(paths, Index(load_catalogue(db)))
    shown = found[:limit] if limit else found
    if output is GapsOutput.csv:
        typer.echo(fact_sheet(shown), nl=False)
    elif output is GapsOutput.json:
        print_json({"decks": len(paths), "gaps": len(found), "items": [g.to_json() for g in shown]})
    else:
        rows = [[len(g.decks), g.card_id, g.field, g.name] for g in shown]
        typer.echo(table(rows, ["decks", "id", "field", "card"]))
        typer.echo(f"{len(found)} gap(s) across {len(paths)} deck(s)", err=True)
