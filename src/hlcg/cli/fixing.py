"""`hlcg validate --fix`: write the fixed decks, show the diff, check them again."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from hlcg.cli.common import warn

if TYPE_CHECKING:
    from hlcg.catalog.lookup import Index
    from hlcg.rules.engine import DeckReport


def fixed_path(path: Path) -> Path:
    return path.with_name(f"{path.stem}.fixed.txt")


def fix_decks(
    paths: list[Path],
    reports: list["DeckReport"],
    index: "Index",
    requested_format: str | None,
    in_place: bool,
) -> list["DeckReport"]:
    """Fix every illegal deck; return the reports that now stand (fixed decks re-checked)."""
    from hlcg.deck.read import decode, read_deck_bytes
    from hlcg.deck.text import parse_text
    from hlcg.deck.writer import as_text
    from hlcg.fix import fix_text
    from hlcg.report.text import render_deck

    results = []
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
        target = path if in_place and is_text else fixed_path(path)
        if in_place and not is_text:
            warn(f"{path} is not a text deck; the fixed deck is written to {target} instead")
        target.write_text(outcome.fixed, encoding="utf-8")
        typer.echo("")
        typer.echo(outcome.diff(str(path), str(target)), nl=False)
        typer.echo(f"wrote {target}: " + "; ".join(outcome.applied), err=True)
        outcome.report.path = str(target)
        typer.echo(render_deck(outcome.report))
        results.append(outcome.report)
    return results
