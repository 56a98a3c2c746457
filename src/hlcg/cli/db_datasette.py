"""`hlcg db datasette-metadata`: the metadata.json Datasette shows a catalogue with."""

import json
from pathlib import Path
from typing import Annotated

import typer

from hlcg.cli.common import DbOption, guarded


@guarded
def datasette_metadata_command(
    db: DbOption = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the metadata to this file; - or none: standard output.",
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite --output if it exists.")
    ] = False,
) -> None:
    """Datasette's metadata.json for a catalogue: titles, descriptions of every table and
    column, source and licence links, facets, and the internal tables hidden.

    Then: `datasette data/cards.sqlite -m metadata.json` (the database is named after the
    file: the metadata names it the same way).
    """
    from hlcg.catalog import connect, resolve_path
    from hlcg.curation import datasette_metadata
    from hlcg.output import refuse_overwrite, refuse_writing_an_input, write_output
    from hlcg.stdin import is_stdin
    from hlcg.tcboo import TABLE_GROUP

    if out is not None and is_stdin(out):
        out = None  # `-` is standard output, as everywhere one file is written
    path = resolve_path(db)
    refuse_overwrite(out, force)
    refuse_writing_an_input(out, [path])
    conn = connect(path)
    try:
        metadata = datasette_metadata(conn, path.stem, [TABLE_GROUP])
    finally:
        conn.close()
    text = json.dumps(metadata, indent=2, ensure_ascii=False) + "\n"
    if out is None:
        typer.echo(text, nl=False)
        return
    write_output(out, text, force)
    typer.echo(f"wrote {out}: metadata for database {path.stem!r}", err=True)
