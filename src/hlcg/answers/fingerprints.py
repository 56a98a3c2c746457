"""`hlcg deck hash` as data: one manifest entry per deck file, readable or not."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue
    from hlcg.deck import LineIssue


def hash_entry(
    path: Path, catalogue: Catalogue, fmt: str | None, date: str | None = None
) -> tuple[dict[str, Any], list[str]]:
    """The deck's manifest entry and the warnings worth telling its owner, for the deck
    judged on ``date`` (YYYY-MM-DD, default today). A file that cannot be read raises
    DeckFileError; `unreadable_entry` lists it all the same."""
    from hlcg.check import catalogue_digest, check_deck, fingerprint, resolve_deck
    from hlcg.deck import AMBIGUOUS, read_deck, used_card_ids
    from hlcg.rules import today, verdict_lines
    from hlcg.stdin import shown

    deck = read_deck(path)
    name = shown(path)
    resolved = resolve_deck(deck, catalogue, fmt)
    date = date or today()
    if any(u.kind == AMBIGUOUS for u in resolved.unresolved):
        # the reading the verdict settles on (hlcg.check.readings) is the deck hashed
        resolved = check_deck(deck, catalogue, fmt, date=date).resolved or resolved
    facts = verdict_lines(resolved, catalogue, date)
    digest, form = fingerprint(resolved, catalogue_digest(resolved, catalogue), facts)
    warnings = []
    warnings += format_warnings(name, resolved.issues, "hashed")
    if resolved.unresolved:
        lines = len(resolved.unresolved)
        verb = "names" if lines == 1 else "name"
        warnings.append(
            f"{name}: {plural(lines, 'line')} {verb} no single card; "
            "they are hashed by name (see `hlcg validate`)"
        )
    entry = {
        "path": name,
        "fingerprint": digest,
        "format": resolved.format,
        "date": date,
        "canonical": form,
        "catalogue_rows": {"cards": used_card_ids(resolved), "format": resolved.format},
        "unreadable": None,
    }
    return entry, warnings


def format_warnings(name: str, issues: Iterable[LineIssue], verb: str = "checked") -> list[str]:
    """The problems with a deck's format, for a command that prints no report ("checked as
    type-two" said as ``verb``: "hashed as type-two")."""
    from hlcg.check import format_issues

    return [
        (f"{name}:{issue.line}: " if issue.line else f"{name}: ")
        + issue.message.replace("; checked as", f"; {verb} as")
        for issue in format_issues(issues)
    ]


def unreadable_entry(path: Path, message: str) -> dict[str, Any]:
    """The manifest entry of a deck file that could not be read: listed too, so a manifest
    never silently drops a file it was given."""
    from hlcg.stdin import shown

    name = shown(path)
    return {
        "path": name,
        "fingerprint": None,
        "format": None,
        "date": None,
        "canonical": None,
        "catalogue_rows": None,
        "unreadable": message.removeprefix(f"{name}: "),
    }
