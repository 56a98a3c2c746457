"""The library entry point for deck checks: a deck file in, a ``DeckReport`` out."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hlcg.catalog.fields import CHECKED_FORMATS
from hlcg.catalog.lookup import Index
from hlcg.catalog.normalize import normalise
from hlcg.deck.fingerprint import fingerprint
from hlcg.deck.model import Deck, LineIssue
from hlcg.deck.read import read_deck
from hlcg.deck.resolve import ResolvedDeck, resolve
from hlcg.rules.engine import DeckReport, validate
from hlcg.rules.profiles import profile

DEFAULT_FORMAT = "type-two"
# How players write format names in deck files, normalised (see hlcg.catalog.normalize).
FORMAT_SPELLINGS = {
    "first edition": "first-edition",
    "1st edition": "first-edition",
    "1e": "first-edition",
    "type one": "type-one",
    "type 1": "type-one",
    "t1": "type-one",
    "type two": "type-two",
    "type 2": "type-two",
    "t2": "type-two",
    "2e": "type-two",
}


def format_named(text: str) -> str | None:
    """A format's name from how a deck writes it ("Type Two", "type 2", "type-two")."""
    key = normalise(text)
    return FORMAT_SPELLINGS.get(key) or next(
        (name for name in CHECKED_FORMATS if normalise(name) == key), None
    )


def choose_format(deck: Deck, requested: str | None) -> str:
    """--format, else the deck's Format: line, else type-two. A bad Format: line is a
    deck-syntax problem and the default is used."""
    if requested:
        return requested
    if deck.format:
        named = format_named(deck.format)
        if named:
            return named
        deck.issues.append(
            LineIssue(
                deck.format_line,
                f"unknown format {deck.format!r}; checked as {DEFAULT_FORMAT}",
                f"use one of {', '.join(CHECKED_FORMATS)}",
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
    report = validate(resolved, index.catalogue, profile(resolved.format), select, ignore)
    # Every report names the exact deck it judged (registration manifests, CI artefacts).
    report.fingerprint = fingerprint(resolved, index.catalogue.meta.get("content_sha256", ""))[0]
    return report


def check_file(
    path: Path,
    index: Index,
    requested_format: str | None = None,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
) -> DeckReport:
    return check_deck(read_deck(path), index, requested_format, select, ignore)
