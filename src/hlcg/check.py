"""The check of one deck: a deck (or its file) in, a ``DeckReport`` out. A whole run of
`hlcg validate` over files is ``hlcg.runner``'s."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hlcg.catalog import Catalogue, accepted_format_names, format_named
from hlcg.deck import (
    Deck,
    LineIssue,
    ResolvedDeck,
    catalogue_digest,
    fingerprint,
    read_deck,
    resolve,
)
from hlcg.errors import CatalogueError, UsageError
from hlcg.problems import Severity
from hlcg.rules import DeckReport, profile, validate

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue

DEFAULT_FORMAT = "type-two"
# How the problems of a deck's format begin (choose_format): commands that print no report
# (`deck hash`, `deck stats`) still tell them.
UNKNOWN_FORMAT = "unknown format"
NOTES_MENTION = "the notes mention"


def format_issues(issues: Iterable[LineIssue]) -> list[LineIssue]:
    """The problems choose_format found with a deck's format."""
    return [i for i in issues if i.message.startswith((UNKNOWN_FORMAT, NOTES_MENTION))]


def choose_format(deck: Deck, requested: str | None) -> str:
    """--format, else the deck's Format: line, else type-two. A bad Format: line is a
    deck-syntax problem and the default is used; with --format it is a warning. Formats the
    deck's notes only mention in prose get a warning when the deck is judged by another."""
    if requested:
        named = format_named(requested)
        if named is None:
            raise UsageError(f"unknown format {requested!r}; use one of {accepted_format_names()}")
        if deck.format and format_named(deck.format) is None:
            _add_once(deck, _unknown_format(deck, named, Severity.WARNING))
        return named
    if deck.format:
        named = format_named(deck.format)
        if named:
            return named
        _add_once(deck, _unknown_format(deck, DEFAULT_FORMAT, Severity.ERROR))
    else:
        _warn_of_mentions(deck)
    return DEFAULT_FORMAT


def _unknown_format(deck: Deck, used: str, severity: Severity) -> LineIssue:
    why = " (--format)" if severity is Severity.WARNING else ""
    return LineIssue(
        deck.format_line,
        f"{UNKNOWN_FORMAT} {deck.format!r}; checked as {used}{why}",
        f"use one of {accepted_format_names()}",
        severity,
    )


def _warn_of_mentions(deck: Deck) -> None:
    """Notes that mention another format than the default in prose, on no `Format:` line."""
    others = [(written, fmt) for written, fmt in deck.format_mentions if fmt != DEFAULT_FORMAT]
    if not others:
        return
    written = ", ".join(repr(w) for w, _ in others)
    _add_once(
        deck,
        LineIssue(
            None,
            f"{NOTES_MENTION} {written} but name no format on a `Format:` line; "
            f"checked as {DEFAULT_FORMAT}",
            f"add a line `Format: {others[0][1]}` to the notes, or give --format",
            Severity.WARNING,
        ),
    )


def _add_once(deck: Deck, issue: LineIssue) -> None:
    """A deck read once may be judged again (every format, a fix): its issue stays one."""
    if issue not in deck.issues:
        deck.issues.append(issue)


def resolve_deck(
    deck: Deck, catalogue: Catalogue, requested_format: str | None = None
) -> ResolvedDeck:
    return resolve(deck, catalogue, choose_format(deck, requested_format))


def check_date(text: str | None) -> str | None:
    """A date to judge by as YYYY-MM-DD (a tournament's date), or UsageError."""
    import datetime

    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        shaped = len(text.strip()) == 10 and text.strip()[4::3] == "--"
        if shaped:
            raise UsageError(
                f"--date {text!r}: {text.strip()} is not a day of the calendar"
            ) from None
        raise UsageError(f"--date {text!r}: give a date as YYYY-MM-DD, e.g. 2026-03-14") from None


def check_deck(
    deck: Deck,
    catalogue: Catalogue,
    requested_format: str | None = None,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    date: str | None = None,
) -> DeckReport:
    """The verdict on ``deck``, by the legality facts in force on ``date`` (default today)."""
    resolved = resolve_deck(deck, catalogue, requested_format)
    require_format(catalogue, resolved.format)
    return validate(resolved, catalogue, profile(resolved.format), select, ignore, check_date(date))


def require_format(catalogue: Catalogue, fmt: str) -> None:
    """A deck is judged by the catalogue's own record of its format (its editions above
    all); a catalogue that does not record the format cannot judge it at all."""
    if fmt in catalogue.formats:
        return
    raise CatalogueError(
        f"{catalogue.path}: this catalogue records no format {fmt}, so no deck can be judged "
        "in it; start a catalogue with the game's formats: `hlcg db init my.sqlite "
        "--from-shipped`, or import a whole export that holds them"
    )


def add_fingerprint(report: DeckReport, catalogue: Catalogue) -> DeckReport:
    """Set ``report.fingerprint`` (docs/fingerprint.md), so a report names the exact deck it
    judged. Separate from the check: it reads the catalogue rows the deck uses (about as
    long as the check itself), and only the machine-read reports carry it."""
    if report.resolved is None:
        return report
    try:
        digest = catalogue_digest(report.resolved, catalogue)
    except CatalogueError:  # a catalogue held in memory only (tests): no rows to digest
        return report
    from hlcg.rules import verdict_lines

    facts = verdict_lines(report.resolved, catalogue, report.date)
    report.fingerprint = fingerprint(report.resolved, digest, facts)[0]
    return report


def check_file(
    path: Path,
    catalogue: Catalogue,
    requested_format: str | None = None,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    date: str | None = None,
) -> DeckReport:
    return check_deck(read_deck(path), catalogue, requested_format, select, ignore, date)
