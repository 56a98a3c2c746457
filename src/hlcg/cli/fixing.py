"""`hlcg validate --fix`: write the fixed decks, show the diff, check them again."""

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import typer

from hlcg.cli.common import error, warn

if TYPE_CHECKING:
    from hlcg.catalog.lookup import Index
    from hlcg.rules.engine import DeckReport


def fixed_path(path: Path) -> Path:
    """`bad.txt` -> `bad.fixed.txt`; any other kind keeps its extension in the name
    (`bad.dek` -> `bad.dek.fixed.txt`), so decks of several kinds sharing a name in one
    folder never write the same file."""
    if path.suffix.lower() == ".txt":
        return path.with_name(f"{path.stem}.fixed.txt")
    return path.with_name(f"{path.name}.fixed.txt")


class FixRun(NamedTuple):
    """The verdicts that stand for the decks as given, and whether a fix was refused."""

    reports: list["DeckReport"]
    refused: bool


def fix_decks(
    paths: list[Path],
    reports: list["DeckReport"],
    index: "Index",
    requested_format: str | None,
    in_place: bool,
    force: bool = False,
) -> FixRun:
    """Fix every illegal deck and re-check the fixed deck. A deck's verdict changes only when
    its own file was fixed (--in-place on a text deck); a fix written to NAME.fixed.txt leaves
    the deck as given, and its verdict, as it was. An existing fixed deck is overwritten only
    with ``force``; two decks that would write one file are refused."""
    from hlcg.deck.read import decode, read_deck_bytes
    from hlcg.deck.text import parse_text
    from hlcg.deck.writer import as_text
    from hlcg.fix import fix_text
    from hlcg.report.text import render_deck

    results = []
    written: set[Path] = set()
    refused = False
    for path, report in zip(paths, reports, strict=True):
        if report.legal:
            results.append(report)
            continue
        is_text = path.suffix.lower() not in (".json", ".dek", ".o8d")
        if is_text:
            text, _ = decode(read_deck_bytes(path), path)
        else:
            assert report.resolved is not None
            text = as_text(report.resolved)
        outcome = fix_text(text, parse_text(text, str(path)), index, requested_format)
        if not outcome.changed:
            typer.echo(f"\n{path}: no automatic fix for its problems", err=True)
            results.append(report)
            continue
        own_file = in_place and is_text
        target = path if own_file else fixed_path(path)
        if in_place and not is_text:
            warn(f"{path} is not a text deck; the fixed deck is written to {target} instead")
        if target.resolve() in written:
            error(f"{path}: not fixed: another deck's fix was just written to {target}")
            refused = True
            results.append(report)
            continue
        if not own_file and target.exists() and not force:
            error(f"{path}: not fixed: {target} exists; use --force to overwrite it")
            refused = True
            results.append(report)
            continue
        target.write_text(outcome.fixed, encoding="utf-8")
        written.add(target.resolve())
        typer.echo("")
        typer.echo(outcome.diff(str(path), str(target)), nl=False)
        typer.echo(f"wrote {target}: " + "; ".join(outcome.applied), err=True)
        outcome.report.path = str(target)
        typer.echo(render_deck(outcome.report))
        results.append(outcome.report if own_file else report)
    return FixRun(results, refused)
