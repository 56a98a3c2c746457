"""The library entry point for deck checks: a deck file in, a ``DeckReport`` out."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hlcg.catalog.fields import CHECKED_FORMATS
from hlcg.catalog.lookup import Index
from hlcg.deck.model import Deck, LineIssue
from hlcg.deck.read import read_deck
from hlcg.deck.resolve import ResolvedDeck, resolve
from hlcg.rules.engine import DeckReport, validate
from hlcg.rules.profiles import profile

DEFAULT_FORMAT = "type-two"


def choose_format(deck: Deck, requested: str | None) -> str:
    """--format, else the deck's Format: line, else type-two. A bad Format: line is a
    deck-syntax problem and the default is used."""
    if requested:
        return requested
    if deck.format:
        if deck.format in CHECKED_FORMATS:
            return deck.format
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
    return validate(resolved, index.catalogue, profile(resolved.format), select, ignore)


def check_file(
    path: Path,
    index: Index,
    requested_format: str | None = None,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
) -> DeckReport:
    return check_deck(read_deck(path), index, requested_format, select, ignore)
