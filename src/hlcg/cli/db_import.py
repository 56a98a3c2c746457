"""`hlcg db import FILE`: card rows, a fact sheet or a whole catalogue, all or nothing."""

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hlcg.cli.common import DbOption, guarded, note, warn
from hlcg.errors import CatalogueError, UsageError
from hlcg.output import same_file
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.curation import ImportResult


class IdFrom(StrEnum):
    from_title = "title"


@guarded
def import_command(
    file: Annotated[
        Path,
        typer.Argument(
            help="What to import, its kind told by its header: card rows (.csv, .json, "
            ".jsonl, LackeyCCG .tsv/.txt, the research card lists with source_url and the "
            "persona gem table), an update sheet (id,field,value,source, as `db gaps "
            "--output csv` writes), legality facts (card_id,format,status,... as "
            "legality.csv, or title,card_id,edition_or_format,status,... as the research "
            "notes write them), a sets file (code,name,edition,released,source), or a "
            "whole exported catalogue (folder, .zip, .tar.gz, .json document); - reads "
            "standard input, its kind told by its first bytes."
        ),
    ],
    db: DbOption = None,
    column_map: Annotated[
        str | None,
        typer.Option(
            "--map",
            help="For LackeyCCG data or a CSV of card rows in other columns: JSON object "
            "(or a file holding one) of column -> contract field.",
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
            help="Card rows, a fact sheet or an export that state another value for a "
            "recorded fact replace it (without it such a conflict refuses the import); the "
            "new value gets its own source, the old value and its sources are kept in "
            "fact_history. A card row's false (reserved, signature, unrestricted) clears "
            "a recorded true.",
        ),
    ] = False,
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help="Card rows are whole cards and replace the card of their id; the summary "
            "lists every recorded fact erased.",
        ),
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            help="List every change the import would make (facts filled, confirmed, "
            "replaced; cards, sources and history rows added) and write nothing.",
        ),
    ] = False,
) -> None:
    """Validate every row and import all of them, or none (the file stays byte-identical)."""
    from hlcg.catalog import resolve_path
    from hlcg.curation import (
        MAX_SOURCE_BYTES,
        ImportOptions,
        from_stdin,
        import_any,
        older_schema,
        parse_column_map,
    )
    from hlcg.stdin import is_stdin
    from hlcg.tcboo import TABLE_GROUP

    if overwrite and replace:
        raise UsageError("--overwrite and --replace: use one (--replace replaces whole cards)")
    path = resolve_path(db)
    if same_file(file, path):
        raise UsageError(f"{file} is the catalogue itself (--db); import another file into it")
    options = ImportOptions(
        groups=(TABLE_GROUP,),
        column_map=parse_column_map(column_map),
        id_from_title=id_from is IdFrom.from_title,
        default_source=source,
        overwrite=overwrite,
        replace=replace,
        dry_run=dry_run,
    )

    def from_file(data: Path) -> "ImportResult":
        return import_any(data, path, options)

    older = older_schema(path)  # an import into an older catalogue upgrades it
    try:
        result = from_stdin(from_file, MAX_SOURCE_BYTES) if is_stdin(file) else from_file(file)
    except OSError as exc:
        raise CatalogueError(f"could not write {path}: {exc.strerror}") from None
    note(f"read {file} as {result.kind}")
    if _held_no_rows(result):  # a header alone: said, as an empty file is (an error there)
        header = "" if file.suffix.lower() in (".json", ".jsonl") else ", only a header"
        note(f"{file} holds no rows{header}: nothing was imported")
    for line in result.notes:
        note(line)
    if result.changes is not None:
        _print_dry_run(result.changes, file, path)
        return
    _print_result(result, path)
    if older is not None:
        _say(upgraded_line(path, older))


def _held_no_rows(result: "ImportResult") -> bool:
    """Whether the file gave no row at all, whichever kind it is."""
    return not (
        result.rows_read
        or result.added
        or result.merged
        or result.replaced
        or result.facts
        or result.legality
        or result.sets
        or result.tables
        or result.rows_not_recorded
        or result.notes  # a note names a row the import did not record
    )


def upgraded_line(path: Path, upgrade: tuple[int, int], copied: Path | None = None) -> str:
    """The status line of a catalogue an import upgraded (``upgrade``: from and to which
    schema version), or a copy of one ``copied`` (`db init --from`, which leaves the
    original as it was)."""
    kept = f"every row of {copied} kept; it is left as it was" if copied else "every row kept"
    return f"upgraded {path} from schema {upgrade[0]} to {upgrade[1]} ({kept})"


def _print_result(result: "ImportResult", path: Path) -> None:
    """What the import did, a status line each (stderr)."""
    if result.sets:
        _say(
            f"read {plural(result.sets, 'set')} into {path}: {result.added} new, "
            f"{result.replaced} replaced, {result.sets_confirmed} already recorded with the "
            "same name and edition"
        )
        return
    if result.facts:
        # what was new, what replaced a recorded value, and what the catalogue already
        # recorded (a sheet imported twice records nothing new), as a legality sheet says it
        new = result.facts - result.facts_known - result.facts_overwritten
        # a filled-in `card` row of `db gaps` adds the card it names
        added = f"{plural(result.added, 'card')} added, " if result.added else ""
        confirmed = (
            f", {len(result.confirmed)} of them confirmed by another source"
            if result.confirmed
            else ""
        )
        _say(
            f"read {plural(result.facts, 'fact')} into {path}: {new} new, "
            f"{result.facts_overwritten} replaced (the old kept in fact_history), "
            f"{result.facts_known} already recorded{confirmed} ({added}"
            f"{plural(result.replaced, 'card')} updated; {result.total} cards)"
        )
        _print_confirmed(result)
        _print_overwritten(result)
        return
    if result.legality:
        _say(
            f"read {plural(result.legality, 'legality fact')} into {path}: "
            f"{result.added} new, {result.replaced} replaced (the old kept in fact_history), "
            f"{result.legality_confirmed} already recorded with the same status"
        )
        return
    for warning in result.warnings:
        warn(warning)
    if result.tables:
        count = dict(result.tables)
        _say(
            f"imported {plural(result.added + result.merged, 'row')} into {path} "
            f"({result.added} new, {result.merged} merged; {result.total} cards) with "
            f"{count['aliases']} aliases, {count['sets']} sets, {count['formats']} formats, "
            f"{count['legality']} legality facts, {count['fact_sources']} fact sources, "
            f"{count['fact_history']} superseded facts and {count['tcboo']} There Can Be "
            "Only One rows"
        )
        _print_merge(result)
        return
    _print_card_rows(result, path)


def _say(line: str) -> None:
    """A status line: talk, on stderr (docs/cli.md), so stdout holds only data."""
    typer.echo(line, err=True)


def _print_dry_run(changes: tuple[str, ...], file: Path, path: Path) -> None:
    typer.echo(
        f"dry run: importing {file} would make {plural(len(changes), 'change')} to {path} "
        "(nothing was written)"
    )
    for line in changes:
        typer.echo(f"  {line}")


def _print_confirmed(result: "ImportResult") -> None:
    for fact in result.confirmed:
        # a source cell may name several sources ("URL; URL"): each counts once
        sources = list(dict.fromkeys(s for cell in fact.sources for s in cell.split("; ")))
        _say(
            f"confirmed {fact.card_id} {fact.field} {fact.value!r}: confirmed by "
            f"{plural(len(sources), 'source')} ({'; '.join(sources)})"
        )


def _print_overwritten(result: "ImportResult") -> None:
    for fact in result.overwritten:
        _say(
            f"overwrote {fact.card_id} {fact.field}: {fact.recorded!r} "
            f"(source: {fact.recorded_source}) -> {fact.offered!r} (source: {fact.offered_source})"
        )


def _print_merge(result: "ImportResult") -> None:
    """What merging an export did to the facts of the cards both held."""
    if not result.merged:
        return
    _say(
        f"merged fact by fact: {plural(result.filled, 'missing fact')} filled, "
        f"{plural(len(result.confirmed), 'recorded fact')} confirmed by another source, "
        f"{plural(len(result.taken), 'newer value')} taken from the export, "
        f"{plural(len(result.kept), 'older value')} not taken (the catalogue had replaced it), "
        f"{plural(len(result.overwritten), 'recorded fact')} overwritten"
    )
    for fact in result.taken:
        _say(
            f"took {fact.card_id} {fact.field}: {fact.recorded!r} -> {fact.offered!r} "
            "(the export had replaced the old value)"
        )
    for fact in result.kept:
        _say(
            f"kept {fact.card_id} {fact.field} {fact.recorded!r} (the export's "
            f"{fact.offered!r} is a value this catalogue replaced)"
        )
    for conflict in result.overwritten:
        _say(
            f"overwrote {conflict.card_id} {conflict.field}: {conflict.recorded!r} (source: "
            f"{conflict.recorded_source}) -> {conflict.offered!r} (source: "
            f"{conflict.offered_source})"
        )


def _print_card_rows(result: "ImportResult", path: Path) -> None:
    """What importing card rows did: new cards, cards updated (the facts filled and
    overwritten) or replaced whole (the recorded facts erased)."""
    rows = result.rows_read or result.added + result.merged + result.replaced
    if result.replaced:
        how = f"{result.replaced} replaced"
    else:
        how = f"{result.merged - result.unchanged - result.texts_kept_alone} updated"
        if result.unchanged:
            how += f", {result.unchanged} already recorded as the rows say"
        if result.texts_kept_alone:
            how += (
                f", {result.texts_kept_alone} as recorded but for a differing text "
                "(the notes name them)"
            )
    # Every row read is counted: several rows may be one card's (Lackey lists a card once
    # per printing), and a row may name a card it cannot tell apart (a note says which).
    cards = result.added + result.merged + result.replaced
    joined = rows - cards - result.rows_not_recorded
    if joined > 0:
        how += f", {joined} joined to an earlier row of the same card"
    if result.rows_not_recorded:
        how += f", {result.rows_not_recorded} not recorded (the notes say why)"
    tables = ""
    if result.card_aliases or result.card_legality or result.card_facts:
        aliases = plural(result.card_aliases, "alias", "aliases")
        tables = (
            f" with {aliases}, {plural(result.card_legality, 'legality fact')} and "
            f"{plural(result.card_facts, 'fact source')}"
        )
    _say(
        f"imported {plural(rows, 'row')} into {path} "
        f"({result.added} new, {how}; {plural(result.total, 'card')}){tables}"
    )
    if result.merged:
        kept = (
            f"; {plural(result.texts_kept, 'differing text')} kept as the catalogue records them"
            if result.texts_kept
            else ""
        )
        _say(
            f"updated: {plural(result.filled, 'missing fact')} filled, "
            f"{plural(len(result.overwritten), 'recorded fact')} overwritten, "
            f"{plural(result.sources_added, 'fact source')} recorded{kept}"
        )
    _print_overwritten(result)
    if result.replaced:
        _say(
            f"replaced {plural(result.replaced, 'card')} whole, erasing "
            f"{plural(len(result.erased), 'recorded fact')}"
        )
    for gone in result.erased:
        now = f"the row says {gone.now!r}" if gone.now else "the row leaves it empty"
        _say(f"erased {gone.card_id} {gone.field} {gone.old!r} ({now})")
