"""`hlcg db build/init/export`: make a catalogue file, or write one out."""

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hlcg.cli.common import DbOption, guarded, note
from hlcg.errors import CatalogueError, UsageError
from hlcg.output import refuse_overwrite, refuse_writing_an_input, write_errors
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.curation import Bundle

DEFAULT_CATALOGUE = Path("data/cards.sqlite")


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
    from hlcg.curation import build
    from hlcg.output import refuse_standard_output
    from hlcg.tcboo import TABLE_GROUP

    refuse_standard_output(out, "a catalogue is an SQLite file, not a stream")
    if out is None:
        out = DEFAULT_CATALOGUE
    else:
        refuse_overwrite(out, force)
    if source.is_dir() and out.is_file():
        refuse_writing_an_input(out, (p for p in source.rglob("*") if p.is_file()))

    with write_errors(out, CatalogueError):
        bundle = build(source, out, [TABLE_GROUP])
    typer.echo(
        f"built {out}: {len(bundle.cards)} cards, content_sha256 {bundle.content_sha256()}",
        err=True,
    )


@guarded
def init_command(
    path: Annotated[Path, typer.Argument(help="New catalogue file.")],
    start_from: Annotated[
        Path | None,
        typer.Option(
            "--from",
            help="Start from the rows of an existing catalogue file.",
            show_default=False,
        ),
    ] = None,
    from_shipped: Annotated[
        bool, typer.Option("--from-shipped", help="Start from the shipped catalogue's rows.")
    ] = False,
    empty: Annotated[
        bool,
        typer.Option(
            "--empty",
            help="Start with no rows at all: no formats or sets either, so no deck can be "
            "judged by it until a whole catalogue is imported.",
        ),
    ] = False,
) -> None:
    """Create a catalogue to import cards into.

    Without options it holds the game's reference tables from the shipped catalogue
    (formats, sets and their editions) and no cards, so card rows imported into it are
    judged as the shipped catalogue judges them. `--from-shipped` (or `--from PATH`) copies
    every row instead, so a curator can extend the shipped data without rebuilding it;
    `--empty` starts with nothing.
    """
    from hlcg.catalog import shipped_path
    from hlcg.cli.db_import import upgraded_line
    from hlcg.curation import init, older_schema
    from hlcg.output import refuse_standard_output
    from hlcg.tcboo import TABLE_GROUP

    refuse_standard_output(path, "a catalogue is an SQLite file, not a stream")

    given = [
        name
        for name, on in (
            ("--from", start_from is not None),
            ("--from-shipped", from_shipped),
            ("--empty", empty),
        )
        if on
    ]
    if len(given) > 1:
        raise UsageError(
            f"give one of --from PATH, --from-shipped and --empty, not {' and '.join(given)}"
        )
    origin = shipped_path() if from_shipped else start_from
    older = older_schema(origin) if start_from is not None and origin is not None else None
    try:
        bundle = init(path, origin, [TABLE_GROUP], empty=empty)
    except OSError as exc:
        raise CatalogueError(f"could not create {path}: {exc.strerror}") from None
    if origin is not None:
        typer.echo(
            f"created {path} from {origin}: {len(bundle.cards)} cards, "
            f"content_sha256 {bundle.content_sha256()}",
            err=True,
        )
        if older is not None:  # the copy is of this hlcg's schema; the original stays
            typer.echo(upgraded_line(path, older, origin), err=True)
    elif empty:
        typer.echo(
            f"created empty catalogue {path} (no formats or sets: import a whole catalogue)",
            err=True,
        )
    else:
        typer.echo(
            f"created {path} with the shipped reference tables: "
            f"{plural(len(bundle.formats), 'format')} and {plural(len(bundle.sets), 'set')} "
            "with their editions, no cards",
            err=True,
        )


class ExportKind(StrEnum):
    json = "json"
    zip = "zip"
    tar_gz = "tar.gz"
    csv = "csv"
    jsonl = "jsonl"


@guarded
def export_command(
    out: Annotated[
        Path,
        typer.Argument(
            help="Where to write: a folder, .zip, .tar.gz or .json (the whole catalogue), "
            "or .csv/.jsonl (cards only); - writes standard output (with --to)."
        ),
    ],
    db: DbOption = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite OUT if it exists.")] = False,
    to: Annotated[
        ExportKind | None,
        typer.Option(
            "--to", help="Kind of file to write on standard output (OUT is -).", show_default=False
        ),
    ] = None,
) -> None:
    """Write the catalogue out: everything it holds, or its cards in the contract format.

    A folder, archive or .json document holds cards, aliases, sets with editions, formats
    and the There Can Be Only One tables; `db init --empty` + `db import` of it gives a
    catalogue with the same content_sha256. A .csv or .jsonl holds every card with its
    aliases and legality facts, and says what it leaves out. An existing OUT file needs
    --force. `-` writes one file to standard output: `--to json` (the whole catalogue),
    zip, tar.gz, csv or jsonl; a folder cannot go there.
    """
    from hlcg.catalog import resolve_path
    from hlcg.curation import read_bundle
    from hlcg.stdin import is_stdin
    from hlcg.tcboo import TABLE_GROUP

    if not is_stdin(out):
        if to is not None:
            raise UsageError("--to is for standard output (-); OUT's extension picks the kind")
        refuse_overwrite(out, force)
        refuse_writing_an_input(out, [resolve_path(db)])
        bundle = read_bundle(resolve_path(db), [TABLE_GROUP])
        with write_errors(out):
            message, left_out = _export(bundle, out, force=force)
        typer.echo(message, err=True)
        if left_out:
            note(left_out)
        return
    if to is None:
        raise UsageError(
            "standard output takes one file, not a folder: add --to json (the whole "
            "catalogue), zip, tar.gz, csv or jsonl (cards only)"
        )
    import tempfile

    bundle = read_bundle(resolve_path(db), [TABLE_GROUP])
    with tempfile.TemporaryDirectory(prefix="hlcg-export-") as folder:
        temp = Path(folder) / f"catalogue.{to.value}"
        message, left_out = _export(bundle, temp)
        typer.echo(temp.read_bytes(), nl=False)
    typer.echo(message.replace(str(temp), "standard output"), err=True)
    if left_out:
        note(left_out)


def _export(bundle: "Bundle", out: Path, *, force: bool = False) -> tuple[str, str | None]:
    """Write ``bundle`` to ``out`` (its extension picks the kind): what was written, and
    what a card-only file leaves out. ``force``: an earlier folder export is replaced."""
    from hlcg.curation import export, export_catalogue, is_whole_catalogue_target

    if is_whole_catalogue_target(out):
        what = export_catalogue(bundle, out, replace_folder=force)
        return (
            f"exported {len(bundle.cards)} cards, {len(bundle.aliases)} aliases, "
            f"{len(bundle.sets)} sets, {len(bundle.formats)} formats, "
            f"{len(bundle.legality)} legality facts, {len(bundle.facts)} fact sources and "
            f"{bundle.side_row_count()} There Can Be Only One rows "
            f"to {out} ({what})"
        ), None
    left_out = export(bundle, out)
    aliases = plural(len(bundle.aliases), "alias", "aliases")
    return (
        f"exported {len(bundle.cards)} cards with {aliases}, "
        f"{plural(len(bundle.legality), 'legality fact')} and "
        f"{plural(len(bundle.facts), 'fact source')} to {out}",
        left_out,
    )
