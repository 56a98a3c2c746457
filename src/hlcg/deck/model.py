"""A deck as written: entries with their line numbers, before names become cards."""

from __future__ import annotations

from typing import NamedTuple

PREGAME = "pregame"
ENDURANCE = "endurance"


class Entry(NamedTuple):
    """One deck line naming a card: ``3x Master's Block (Ramirez) [AT]``."""

    name: str
    count: int
    line: int | None
    section: str | None  # PREGAME, ENDURANCE, or None before any header
    set_code: str | None = None
    card_id: str | None = None  # an id the file carries (.dek/.o8d), tried before the name


class LineIssue(NamedTuple):
    """A line that could not be read as written (a deck-syntax problem)."""

    line: int | None
    message: str
    fix: str
    severity: str = "error"


class Deck:
    """A deck as read. A plain class (not a dataclass): class creation is paid on every run."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.entries: list[Entry] = []
        self.persona: str | None = None
        self.persona_line: int | None = None
        self.format: str | None = None
        self.format_line: int | None = None
        self.issues: list[LineIssue] = []
        self.name: str | None = None
        self.headers: list[int] = []  # header and Persona:/Format: lines
        self.ignored: list[int] = []  # blank and comment lines
