"""A deck as written: entries with their line numbers, before names become cards."""

from __future__ import annotations

from dataclasses import dataclass, field

PREGAME = "pregame"
ENDURANCE = "endurance"


@dataclass(frozen=True)
class Entry:
    """One deck line naming a card: ``3x Master's Block (Ramirez) [AT]``."""

    name: str
    count: int
    line: int | None
    section: str | None  # PREGAME, ENDURANCE, or None before any header
    set_code: str | None = None
    card_id: str | None = None  # an id the file carries (.dek/.o8d), tried before the name


@dataclass(frozen=True)
class LineIssue:
    """A line that could not be read as written (a deck-syntax problem)."""

    line: int | None
    message: str
    fix: str
    severity: str = "error"


@dataclass
class Deck:
    path: str
    entries: list[Entry] = field(default_factory=list)
    persona: str | None = None
    persona_line: int | None = None
    format: str | None = None
    format_line: int | None = None
    issues: list[LineIssue] = field(default_factory=list)
    name: str | None = None
    headers: list[int] = field(default_factory=list)  # header and Persona:/Format: lines
    ignored: list[int] = field(default_factory=list)  # blank and comment lines
