"""`hlcg db facts export`: the facts players read off their cards, as a fact sheet to share."""

from pathlib import Path
from typing import Annotated

import typer

from hlcg.cli.common import DbOption, PanelCommand, command_group, guarded
from hlcg.wording import plural

app = command_group("Share the facts players read off their cards.")


@guarded
def export_command(
    out: Annotated[
        Path,
        typer.Argument(help="The fact sheet to write (.csv); - writes standard output."),
    ],
    reader: Annotated[
        str | None,
        typer.Option(
            "--reader",
            help="Only the facts this reader recorded (the name in 'read by NAME'); "
            "without it, every reader's.",
        ),
    ] = None,
    db: DbOption = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite OUT if it exists.")] = False,
) -> None:
    """Write the facts read off printed cards, each with its source, as a fact sheet.

    A fact is a reader's when its source is `printed card SET NUMBER, read by NAME on
    DATE` (as `hlcg db fill` records it). The sheet has `hlcg db import`'s fact-sheet
    columns (id,field,value,source): import it into another catalogue, where a fact it
    holds already is confirmed by a second source and a different value is a conflict.
    A file is written in one step; an existing one needs --force.
    """
    from hlcg.catalog import resolve_path
    from hlcg.curation import fact_sheet, read_bundle, reader_facts
    from hlcg.output import refuse_writing_an_input, write_output
    from hlcg.stdin import is_stdin
    from hlcg.tcboo import TABLE_GROUP

    path = resolve_path(db)
    facts = reader_facts(read_bundle(path, [TABLE_GROUP]), reader)
    text = fact_sheet(facts)
    whose = f"read by {reader}" if reader is not None else "read off printed cards"
    summary = f"{plural(len(facts), 'fact')} {whose}"
    if is_stdin(out):
        typer.echo(text, nl=False)
        typer.echo(f"hlcg: wrote {summary}", err=True)
        return
    refuse_writing_an_input(out, [path])
    write_output(out, text, force)
    typer.echo(f"wrote {summary} to {out}", err=True)


app.command("export", cls=PanelCommand)(export_command)
