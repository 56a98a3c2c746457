"""`hlcg schema [NAME]`: the JSON Schemas of the files hlcg reads and writes, from the
installed package (the same text as the source tree's `schemas/`)."""

from typing import Annotated

import typer

from hlcg.cli.common import guarded

SUFFIX = ".schema.json"


@guarded
def schema_command(
    name: Annotated[
        str | None,
        typer.Argument(help="deck, report, card or api-...; none lists them.", show_default=False),
    ] = None,
) -> None:
    """Print a JSON Schema: `hlcg schema deck` for JSON decks, `hlcg schema report` for
    `hlcg validate --output json`, `hlcg schema card` for card rows. Without NAME, list the
    names. An unknown name exits 1 listing them."""
    from hlcg.schemas import generate, render

    schemas = {filename.removesuffix(SUFFIX): schema for filename, schema in generate().items()}
    if name is None:
        typer.echo("\n".join(schemas))
        return
    key = name.strip().lower().removesuffix(SUFFIX)
    if key not in schemas:
        typer.echo(f"No schema {name!r}. Schemas: {', '.join(schemas)}.", err=True)
        raise typer.Exit(1)
    typer.echo(render(schemas[key]), nl=False)
