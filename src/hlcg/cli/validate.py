"""`hlcg validate DECK...`: check decks against the deck-construction rules of a format."""

import os
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hlcg.catalog.fields import CHECKED_FORMATS
from hlcg.cli.common import (
    DbOption,
    FormatOption,
    error,
    expand,
    guarded,
    load_catalogue,
    note,
    table,
)
from hlcg.errors import DeckFileError, UsageError
from hlcg.output import refuse_overwrite
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog.lookup import Index
    from hlcg.report import Unreadable
    from hlcg.rules.engine import DeckReport


class OutputKind(StrEnum):
    text = "text"
    json = "json"
    junit = "junit"
    sarif = "sarif"
    github = "github"
    auto = "auto"


class FailOn(StrEnum):
    warning = "warning"
    unchecked = "unchecked"


def resolve_output(output: OutputKind) -> str:
    if output is OutputKind.auto:
        return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"
    return output.value


def summary_table(reports: list["DeckReport"], unreadable: Sequence["Unreadable"] = ()) -> str:
    rows = [
        [r.path, r.persona, r.format, "yes" if r.legal else "NO", r.errors, r.warnings, r.notes]
        for r in reports
    ]
    rows += [[u.path, "-", "-", "COULD NOT READ", "-", "-", "-"] for u in unreadable]
    legal = sum(1 for r in reports if r.legal)
    could_not_read = f"; {plural(len(unreadable), 'file')} could not be read" if unreadable else ""
    return (
        table(rows, ["deck", "persona", "format", "legal", "errors", "warnings", "notes"])
        + f"\n{legal} of {plural(len(reports), 'deck')} legal{could_not_read}\n"
    )


def format_matrix(paths: list[Path], index: "Index", select: list[str], ignore: list[str]) -> str:
    from hlcg.check import check_deck
    from hlcg.deck.read import read_deck

    rows = []
    for path in paths:
        deck = read_deck(path)  # read once, checked in each format
        row: list[str] = [str(path)]
        for fmt in CHECKED_FORMATS:
            report = check_deck(deck, index, fmt, select, ignore)
            row.append("legal" if report.legal else plural(report.errors, "error"))
        rows.append(row)
    return table(rows, ["deck", *CHECKED_FORMATS]) + "\n"


@guarded
def validate_command(
    decks: Annotated[list[str], typer.Argument(help="Deck files, folders or globs.")],
    fmt: FormatOption = None,
    output: Annotated[
        OutputKind,
        typer.Option(
            "--output", "-o", help="Report format; auto is github under GitHub Actions, else text."
        ),
    ] = OutputKind.text,
    output_file: Annotated[
        Path | None,
        typer.Option("--output-file", help="Write the report here; the terminal gets text."),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Overwrite --output-file, or with --fix a fixed deck, if it exists."
        ),
    ] = False,
    strict: Annotated[
        bool,
        typer.Option("--strict", help="Warnings also fail (exit 1); data gaps (notes) do not."),
    ] = False,
    fail_on: Annotated[
        list[FailOn] | None,
        typer.Option(
            "--fail-on",
            help="Also fail (exit 1) on these findings: warning (as --strict), unchecked "
            "(data gaps, for organisers who want complete data). Repeatable.",
        ),
    ] = None,
    select: Annotated[
        list[str] | None, typer.Option("--select", help="Only these rules (name or code prefix).")
    ] = None,
    ignore: Annotated[
        list[str] | None, typer.Option("--ignore", help="Skip these rules (name or code prefix).")
    ] = None,
    all_formats: Annotated[
        bool, typer.Option("--all-formats", help="Also print a decks x formats legality matrix.")
    ] = False,
    fix: Annotated[
        bool,
        typer.Option(
            "--fix",
            help="Write NAME.fixed.txt (NAME.dek.fixed.txt, ...) with the smallest fixes, "
            "re-check.",
        ),
    ] = False,
    in_place: Annotated[
        bool, typer.Option("--in-place", help="With --fix, overwrite the deck file instead.")
    ] = False,
    skip_non_decks: Annotated[
        bool,
        typer.Option(
            "--skip-non-decks",
            help="Skip named files that are recognisably not decks (READMEs, JSON reports), "
            "as folder scans do; for the pre-commit hook.",
        ),
    ] = False,
    db: DbOption = None,
) -> None:
    """Check decks: every problem at once, with lines, numbers against limits, and fixes.

    DECKS may be files, folders (searched recursively for .txt, .deck, .json, .dek and .o8d
    files, skipping with a note those that are recognisably not decks) and globs; all are
    checked in one run. Exit codes: 0 every deck legal (warnings
    allowed), 1 any deck illegal (or any warning with --strict, or any data-gap note with
    --fail-on unchecked), 2 could not run (missing or unreadable file, bad option, catalogue
    error, a fixed deck not overwritten). With --all-formats the exit code still follows each
    deck's own format. With --fix it follows the decks as given: 1 while a deck is illegal,
    even when its fixed copy NAME.fixed.txt is legal; a deck fixed --in-place is judged as
    fixed.
    """
    from hlcg.catalog.lookup import Index
    from hlcg.check import check_file
    from hlcg.report import Unreadable, renderer
    from hlcg.rules.registry import BY_CODE, RULES

    if in_place and not fix:
        raise UsageError("--in-place only goes with --fix")
    refuse_overwrite(output_file, force)
    for pattern in [*(select or []), *(ignore or [])]:
        if pattern not in RULES and not any(c.startswith(pattern.upper()) for c in BY_CODE):
            raise UsageError(f"--select/--ignore {pattern!r} matches no rule; see `hlcg rules`")
    paths = expand(decks, skip_non_decks)
    if not paths:
        if skip_non_decks:
            note("no deck files to check")
            raise typer.Exit(0)
        raise UsageError("no deck files found")
    index = Index(load_catalogue(db))
    requested = fmt
    reports = []
    readable: list[Path] = []
    unreadable: list[Unreadable] = []
    for path in paths:
        try:
            reports.append(check_file(path, index, requested, select or (), ignore or ()))
            readable.append(path)
        except DeckFileError as exc:
            error(str(exc))
            message = str(exc).removeprefix(f"{path}: ")
            unreadable.append(Unreadable(str(path), message))
    kind = resolve_output(output)
    if kind in ("json", "junit", "sarif"):
        from hlcg.check import add_fingerprint

        for report in reports:
            add_fingerprint(report, index)
    rendered = renderer(kind)(reports, unreadable)
    if output_file is not None:
        try:
            output_file.write_text(rendered, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"could not write {output_file}: {exc.strerror}") from None
        # The report went to the file; the terminal still gets the human report.
        typer.echo(renderer("text")(reports, unreadable), nl=False)
    else:
        typer.echo(rendered, nl=False)
    if kind == "github":
        from hlcg.report.github import write_step_summary

        write_step_summary(reports, unreadable)
    terminal_shows_text = kind == "text" or output_file is not None
    if terminal_shows_text and len(reports) + len(unreadable) > 1:
        typer.echo("\n" + summary_table(reports, unreadable), err=True, nl=False)
    if all_formats:
        typer.echo("\n" + format_matrix(readable, index, select or [], ignore or []), nl=False)
    fix_refused = False
    if fix:
        from hlcg.cli.fixing import fix_decks

        fixed = fix_decks(readable, reports, index, requested, in_place, force)
        reports = fixed.reports
        fix_refused = fixed.refused
    if unreadable or fix_refused:
        raise typer.Exit(2)
    chosen = set(fail_on or ())
    failed = any(
        r.fails(
            strict=strict or FailOn.warning in chosen,
            fail_on_unchecked=FailOn.unchecked in chosen,
        )
        for r in reports
    )
    raise typer.Exit(1 if failed else 0)
