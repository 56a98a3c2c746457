"""`hlcg db ...`: build, create, import into, export and describe catalogues."""

import json
from pathlib import Path
from typing import Annotated

import typer

from hlcg.cli.common import DbOption, JsonOption, guarded, print_json
from hlcg.errors import CatalogueError, UsageError

app = typer.Typer(help="Build and manage card catalogues.", no_args_is_help=True)


@app.command("build")
@guarded
def build_command(
    source: Annotated[
        Path, typer.Option("--source", help="Folder of curated source files.")
    ] = Path("data/source"),
    out: Annotated[Path, typer.Option("--out", help="Catalogue file to write.")] = Path(
        "data/cards.sqlite"
    ),
) -> None:
    """Build the SQLite catalogue from the source files (deterministic)."""
    from hlcg.catalog.build import build

    try:
        bundle = build(source, out)
    except OSError as exc:
        raise CatalogueError(f"could not write {out}: {exc.strerror}") from None
    typer.echo(f"built {out}: {len(bundle.cards)} cards, content_sha256 {bundle.content_sha256()}")


@app.command("init")
@guarded
def init_command(path: Annotated[Path, typer.Argument(help="New catalogue file.")]) -> None:
    """Create an empty catalogue to import cards into."""
    from hlcg.catalog.importer import init

    try:
        init(path)
    except OSError as exc:
        raise CatalogueError(f"could not create {path}: {exc.strerror}") from None
    typer.echo(f"created empty catalogue {path}")


@app.command("import")
@guarded
def import_command(
    file: Annotated[Path, typer.Argument(help="Rows to import: .csv, .json, .jsonl or .tsv.")],
    db: DbOption = None,
    column_map: Annotated[
        str | None,
        typer.Option(
            "--map",
            help="For LackeyCCG tab-separated data: JSON object of column -> contract field.",
        ),
    ] = None,
) -> None:
    """Validate every row and import all of them, or none (the file stays byte-identical)."""
    from hlcg.catalog.importer import import_rows
    from hlcg.catalog.store import resolve_path

    mapping = None
    if column_map:
        try:
            mapping = json.loads(column_map)
        except json.JSONDecodeError as exc:
            raise UsageError(f"--map is not a JSON object: {exc.msg}") from None
        if not isinstance(mapping, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in mapping.items()
        ):
            raise UsageError('--map must be a JSON object of strings, e.g. {"Name": "title"}')
    path = resolve_path(db)
    try:
        result = import_rows(file, path, mapping)
    except OSError as exc:
        raise CatalogueError(f"could not write {path}: {exc.strerror}") from None
    typer.echo(
        f"imported {result.added + result.replaced} row(s) into {path} "
        f"({result.added} new, {result.replaced} replaced; {result.total} cards)"
    )


@app.command("export")
@guarded
def export_command(
    out: Annotated[Path, typer.Argument(help="Output file: .csv, .json or .jsonl.")],
    db: DbOption = None,
) -> None:
    """Write the catalogue's cards in the contract format."""
    from hlcg.catalog.exporter import export
    from hlcg.catalog.importer import read_bundle
    from hlcg.catalog.store import resolve_path

    bundle = read_bundle(resolve_path(db))
    try:
        export(bundle.cards, out)
    except OSError as exc:
        raise UsageError(f"could not write {out}: {exc.strerror}") from None
    typer.echo(f"exported {len(bundle.cards)} cards to {out}")


@app.command("info")
@guarded
def info_command(db: DbOption = None, as_json: JsonOption = False) -> None:
    """Schema and data version, content sha256, counts and where the file is."""
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
    if as_json:
        print_json(info)
        return
    for key in ("path", "shipped", "schema_version", "data_version", "content_sha256"):
        typer.echo(f"{key:15} {info[key]}")
    for key, value in info["counts"].items():
        typer.echo(f"{key:15} {value}")
