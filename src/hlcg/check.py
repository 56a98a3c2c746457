"""The library entry point for deck checks: a deck file in, a ``DeckReport`` out."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hlcg.catalog.lookup import Index
from hlcg.catalog.names import accepted_format_names, format_named
from hlcg.deck.fingerprint import catalogue_digest, fingerprint
from hlcg.deck.model import Deck, LineIssue
from hlcg.deck.read import read_deck
from hlcg.deck.resolve import ResolvedDeck, resolve
from hlcg.errors import CatalogueError, UsageError
from hlcg.rules.engine import DeckReport, validate
from hlcg.rules.profiles import profile

DEFAULT_FORMAT = "type-two"


def choose_format(deck: Deck, requested: str | None) -> str:
    """--format, else the deck's Format: line, else type-two. A bad Format: line is a
    deck-syntax problem and the default is used."""
    if requested:
        named = format_named(requested)
        if named is None:
            raise UsageError(f"unknown format {requested!r}; use one of {accepted_format_names()}")
        return named
    if deck.format:
        named = format_named(deck.format)
        if named:
            return named
        deck.issues.append(
            LineIssue(
                deck.format_line,
                f"unknown format {deck.format!r}; checked as {DEFAULT_FORMAT}",
                f"use one of {accepted_format_names()}",
            )
        )
    return DEFAULT_FORMAT


def resolve_deck(deck: Deck, index: Index, requested_format: str | None = None) -> ResolvedDeck:
    return resolve(deck, index, choose_format(deck, requested_format))


def check_deck(
    deck: Deck,
    index: Index,
    requested_format: str | None = None,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
) -> DeckReport:
    resolved = resolve_deck(deck, index, requested_format)
    return validate(resolved, index.catalogue, profile(resolved.format), select, ignore)


def add_fingerprint(report: DeckReport, index: Index) -> DeckReport:
    """Set ``report.fingerprint`` (docs/fingerprint.md), so a report names the exact deck it
    judged. Separate from the check: it reads the catalogue rows the deck uses (about as
    long as the check itself), and only the machine-read reports carry it."""
    if report.resolved is None:
        return report
    try:
        digest = catalogue_digest(report.resolved, index.catalogue)
    except CatalogueError:  # a catalogue held in memory only (tests): no rows to digest
        return report
    report.fingerprint = fingerprint(report.resolved, digest)[0]
    return report


def check_file(
    path: Path,
    index: Index,
    requested_format: str | None = None,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
) -> DeckReport:
    return check_deck(read_deck(path), index, requested_format, select, ignore)
