"""`hlcg validate DECK...`: check decks against the deck-construction rules of a format."""

import glob
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from hlcg.cli.common import DbOption, error, guarded, load_catalogue
from hlcg.errors import DeckFileError, UsageError


class FormatName(StrEnum):
    first_edition = "first-edition"
    type_one = "type-one"
    type_two = "type-two"


class OutputKind(StrEnum):
    text = "text"
    json = "json"


def expand(paths: list[str]) -> list[Path]:
    """Files as given, folders searched recursively for deck files, globs expanded."""
    from hlcg.deck.read import DECK_SUFFIXES

    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(
                sorted(
                    p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in DECK_SUFFIXES
                )
            )
        elif not path.exists() and glob.has_magic(raw):
            matches = sorted(Path(m) for m in glob.glob(raw, recursive=True))
            if not matches:
                raise UsageError(f"{raw}: no files match")
            found.extend(matches)
        else:
            found.append(path)
    unique: dict[Path, None] = dict.fromkeys(found)
    return list(unique)


@guarded
def validate_command(
    decks: Annotated[list[str], typer.Argument(help="Deck files, folders or globs.")],
    fmt: Annotated[
        FormatName | None,
        typer.Option(
            "--format", "-f", help="Format (default: the deck's Format: line, else type-two)."
        ),
    ] = None,
    output: Annotated[
        OutputKind, typer.Option("--output", "-o", help="Report format.")
    ] = OutputKind.text,
    output_file: Annotated[
        Path | None, typer.Option("--output-file", help="Write the report to this file.")
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Warnings also fail (exit 1).")] = False,
    select: Annotated[
        list[str] | None, typer.Option("--select", help="Only these rules (name or code prefix).")
    ] = None,
    ignore: Annotated[
        list[str] | None, typer.Option("--ignore", help="Skip these rules (name or code prefix).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Check decks: every problem at once, with lines, numbers against limits, and fixes.

    Exit codes: 0 every deck legal (warnings allowed), 1 any error (or any warning with
    --strict), 2 could not run (missing or unreadable file, bad option, catalogue error).
    """
    from hlcg.catalog.lookup import Index
    from hlcg.check import check_file
    from hlcg.rules.registry import BY_CODE, RULES

    for pattern in [*(select or []), *(ignore or [])]:
        if pattern not in RULES and not any(c.startswith(pattern.upper()) for c in BY_CODE):
            raise UsageError(f"--select/--ignore {pattern!r} matches no rule; see `hlcg rules`")
    paths = expand(decks)
    index = Index(load_catalogue(db))
    reports = []
    could_not_run = False
    for path in paths:
        try:
            reports.append(
                check_file(path, index, fmt.value if fmt else None, select or (), ignore or ())
            )
        except DeckFileError as exc:
            error(str(exc))
            could_not_run = True
    rendered = _render(output, reports)
    if output_file is not None:
        try:
            output_file.write_text(rendered, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"could not write {output_file}: {exc.strerror}") from None
        if output is not OutputKind.text:
            typer.echo(_render(OutputKind.text, reports), nl=False)
    else:
        typer.echo(rendered, nl=False)
    if could_not_run:
        raise typer.Exit(2)
    failed = any(not r.legal or (strict and r.warnings) for r in reports)
    raise typer.Exit(1 if failed else 0)


def _render(output: OutputKind, reports: list) -> str:  # noqa: ANN001
    if output is OutputKind.json:
        from hlcg.report.jsonreport import render

        return render(reports)
    from hlcg.report.text import render as render_text

    return render_text(reports)
