"""The kinds of deck file hlcg reads and writes, by extension: the one table every reader,
writer, folder search, fixer and the web page go by (the page and its API by each kind's
``name``).

A kind names its reader and writer (TEXT, JSON, LACKEY, OCTGN) rather than holding the
functions: the table is read on every run, and the JSON and XML readers pull in pydantic
and defusedxml, which a text deck never needs.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

# The readers and writers a kind names.
TEXT = "text"  # hlcg.deck.text; hlcg.deck.writer.as_text
JSON = "json"  # hlcg.deck.jsondeck; hlcg.deck.writer.as_json
LACKEY = "lackey"  # hlcg.deck.xmldeck, a LackeyCCG deck
OCTGN = "octgn"  # hlcg.deck.xmldeck, an OCTGN deck


class DeckFileKind(NamedTuple):
    """One kind of deck file."""

    suffix: str
    name: str  # what the web page and API call the kind: "text", "json", "dek", "o8d"
    label: str  # what a message calls such a file: "LackeyCCG deck"
    reader: str  # TEXT, JSON, LACKEY or OCTGN
    writer: str | None  # the same names; None: hlcg reads the kind but does not write it

    @property
    def is_text(self) -> bool:
        """A text deck: `--fix` edits its lines, the web page adds cards to it."""
        return self.reader == TEXT

    @property
    def is_xml(self) -> bool:
        """A deck program's XML file (LackeyCCG, OCTGN)."""
        return self.reader in (LACKEY, OCTGN)


DECK_KINDS: dict[str, DeckFileKind] = {
    ".txt": DeckFileKind(".txt", "text", "text deck", TEXT, TEXT),
    ".deck": DeckFileKind(".deck", "text", "text deck", TEXT, TEXT),
    ".json": DeckFileKind(".json", "json", "JSON deck", JSON, JSON),
    ".dek": DeckFileKind(".dek", "dek", "LackeyCCG deck", LACKEY, LACKEY),
    ".o8d": DeckFileKind(".o8d", "o8d", "OCTGN deck", OCTGN, OCTGN),
}
# What a deck file of any other extension is read as (a deck saved as `deck.list`).
OTHER_FILES = DECK_KINDS[".txt"]

# The extensions a folder is searched for, and the ones hlcg writes.
DECK_SUFFIXES = tuple(DECK_KINDS)
WRITE_SUFFIXES = tuple(suffix for suffix, kind in DECK_KINDS.items() if kind.writer)
# The extensions of text decks: a deck named otherwise is not edited as text.
TEXT_SUFFIXES = tuple(suffix for suffix, kind in DECK_KINDS.items() if kind.is_text)

# How much of a file is looked at to tell its kind.
SNIFF_BYTES = 64 * 1024


def deck_kind(path: Path | str) -> DeckFileKind:
    """The kind a deck file is read as, by its extension (any other extension: text)."""
    return DECK_KINDS.get(Path(path).suffix.lower(), OTHER_FILES)


def sniffed_kind(text: str) -> DeckFileKind:
    """The kind of a deck that has no file name (standard input, a pasted deck): JSON,
    LackeyCCG or OCTGN XML by its first character and elements, else text."""
    start = text[:SNIFF_BYTES].lstrip("\ufeff \t\r\n")
    if start.startswith("{"):
        return DECK_KINDS[".json"]
    if start.startswith("<"):
        return DECK_KINDS[".dek" if "<superzone" in text[:SNIFF_BYTES] else ".o8d"]
    return OTHER_FILES
