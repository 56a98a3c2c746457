"""A deck as written: entries with their line numbers, before names become cards."""

from __future__ import annotations

from typing import NamedTuple

from hlcg.problems import Severity

PREGAME = "pregame"
ENDURANCE = "endurance"
SIDEBOARD = "sideboard"  # read and listed, never part of the deck


class Reading(NamedTuple):
    """One way to read a text line: `Dodge 3 (vs thrusts)` is Dodge x3 with the remark
    "(vs thrusts)", or a card titled "Dodge 3 (vs thrusts)". hlcg.deck.readings picks the
    one that names a card."""

    name: str
    count: int  # type: ignore[assignment]  # hides tuple.count, as in Entry
    set_code: str | None = None
    # A trailing remark as written ("-- opener", "(vs thrusts)"), not part of the name.
    remark: str | None = None


class Entry(NamedTuple):
    """One deck line naming a card: ``3x Master's Block (Ramirez) [AT]``."""

    name: str
    count: int  # type: ignore[assignment]  # hides tuple.count, as players say it
    line: int | None
    section: str | None  # PREGAME, ENDURANCE, or None before any header
    set_code: str | None = None
    card_id: str | None = None  # an id the file carries (.dek/.o8d), tried before the name
    # Every way a text line can be read, least taken off first ("9mm" is Kinman's 9mm before
    # nine "mm"; "Dodge 3" a title before three Dodge): the first naming a card is meant.
    # Empty: the line has one reading, this entry's.
    readings: tuple[Reading, ...] = ()
    remark: str | None = None  # a trailing remark the name was read without
    # The line as written when it has the shape of a section header ("Attacks (27)"): if it
    # names no card, it is reported as an unknown header, not an unknown card.
    header_text: str | None = None
    # Where a JSON deck's entry is (`/endurance/5`): JSON decks have no line numbers, so
    # problems with the entry name it the way deck-syntax problems do.
    pointer: str | None = None


# Severity of a note about something outside the deck (a JSON key hlcg does not know, a set
# the catalogue records no printing of a card in): a note, like a data gap, so it never makes
# a deck illegal and `--strict` passes real LackeyCCG decks that carry set codes.
NOTE_SEVERITY = Severity.NOTE


# The problem of a `Persona:` line naming nothing; resolve adds which checks were skipped.
NO_PERSONA = "`Persona:` names no persona"


class LineIssue(NamedTuple):
    """A line that could not be read as written (a deck-syntax problem)."""

    line: int | None
    message: str
    fix: str
    severity: Severity = Severity.ERROR
    # Copies an entry holds whose card cannot be read (a JSON entry without a usable
    # "card"): counted as unrecognised in ``section``, as a typo's copies are.
    copies: int = 0
    section: str | None = None


class Deck:
    """A deck as read. A plain class (not a dataclass): class creation is paid on every run."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.entries: list[Entry] = []
        self.sideboard: list[Entry] = []  # listed in the report, never checked or counted
        self.persona: str | None = None
        self.persona_line: int | None = None
        self.persona_set: str | None = None  # `Persona: Duncan MacLeod [2E-CvD]` or `(2E)`
        self.format: str | None = None
        self.format_line: int | None = None
        self.issues: list[LineIssue] = []
        self.name: str | None = None
        self.headers: list[int] = []  # header and Persona:/Format: lines
        self.ignored: list[int] = []  # blank and comment lines
        self.notes: str | None = None  # an OCTGN deck's <notes>, kept when it is converted
        # The kind of file it was read from (".txt", ".json", ".dek", ".o8d") and the game a
        # .dek's <game> or an .o8d's game attribute names, kept when it is converted.
        self.kind: str | None = None
        self.game: str | None = None
        # Formats the notes mention in prose, not on a `Format:` line: (as written, format).
        self.format_mentions: list[tuple[str, str]] = []
