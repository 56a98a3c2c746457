"""The kinds of deck file hlcg reads and writes, by extension: the one table every reader,
writer, folder search, fixer and the web page go by (the page and its API by each kind's
``name``).

A kind names its reader and writer (TEXT, JSON, LACKEY, OCTGN) rather than holding the
functions: the table is read on every run, and the JSON and XML readers pull in pydantic
and defusedxml, which a text deck never needs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from hlcg import lazy

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


def _names_of_kinds() -> dict[str, str]:
    """Every name a user gives a kind of deck (the API's `kind` and `to`, `hlcg deck convert
    --to`) -> the first extension the table gives that kind: the kind's name ("text"), and
    after it its extension without the dot where that differs ("txt")."""
    suffixes: dict[str, str] = {}
    for kind in DECK_KINDS.values():
        if kind.name not in suffixes:
            suffixes[kind.name] = kind.suffix
            suffixes.setdefault(kind.suffix.lstrip("."), kind.suffix)
    return suffixes


# The one set of names of the kinds of deck file, each -> its extension: "text" and "txt"
# both name a text deck, wherever a user names a kind.
KIND_NAMES: dict[str, str] = _names_of_kinds()
# The names of the kinds hlcg writes (`--to`, the API's `to`), in the same order.
WRITTEN_KIND_NAMES: tuple[str, ...] = tuple(
    name for name, suffix in KIND_NAMES.items() if DECK_KINDS[suffix].writer
)

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


# What a file in a scanned folder is, when its name alone does not make it a deck: a report
# hlcg wrote (a judge's saved report is never read as a deck, on a second run too), a deck
# saved as `.md` or `.dec` (read as one when it reads as one), or some other file, named as
# passed over so a run accounts for every file it finds.


# Extensions players save decks under that are also other things (notes, another game's
# lists): read as text decks when they read as one (docs/deck-format.md).
MAYBE_DECK_SUFFIXES = (".md", ".dec")
# `bad.fixed.txt`, `bad.dek.fixed.txt`: what `hlcg validate --fix` writes beside a deck.
FIXED_SUFFIX = ".fixed.txt"
BACKUP_SUFFIXES = (".bak", ".old", ".orig", ".swp", ".tmp")

# The marks of each report hlcg writes, at the start of a line, and what such a file is; each
# with a text its mark always holds, so a deck (which holds none of most) compiles no pattern.
_REPORT_MARKS = (
    # text: each deck's second line; the summary; a skipped file's note
    ("  format ", lazy(r"^  format \S+ on \d{4}-\d{2}-\d{2} \| persona ", re.MULTILINE), "text"),
    ("note: skipped ", lazy(r"^(?:hlcg: )?note: skipped .+: not a deck \(", re.MULTILINE), "text"),
    (" legal", lazy(r"^\d+ of \d+ decks? legal\b", re.MULTILINE), "text"),
    ("\nCOULD NOT READ: ", lazy(r"^\S.*\nCOULD NOT READ: ", re.MULTILINE), "text"),
    (
        "::",
        lazy(r"^::(?:error|warning|notice) (?:file|title)=", re.MULTILINE),
        "GitHub annotations",
    ),
    ('"version"', lazy(r"^\{\s*\"version\"\s*:\s*\d+,\s*\"decks\"\s*:"), "JSON"),
    ("<testsuites", lazy(r"<testsuites\b[^>]*\bname=\"hlcg\""), "JUnit"),
    (
        "sarif",
        lazy(r"\"\$schema\"\s*:\s*\"[^\"]*sarif[^\"]*\"[\s\S]*\"name\"\s*:\s*\"hlcg\""),
        "SARIF",
    ),
    (
        '"check_name"',
        lazy(r"^\s*\[\s*\{\s*\"description\"[\s\S]*?\"check_name\"\s*:\s*\"[a-z-]+\""),
        "GitLab",
    ),
)
_REPORT_NAMES = {"GitLab": "GitLab Code Quality"}

# Card lines of two copies or more a deck list holds at least (a 50-card deck of at most 6
# copies has at least nine such lines, or many singletons: those are read when named).
MULTI_COPY_LINES = 5


def saved_report(text: str) -> str | None:
    """ "an hlcg text report" (JUnit, SARIF, ...) when ``text`` (a file's start) is a report
    `hlcg validate` writes, else None."""
    head = text[:SNIFF_BYTES]
    for needle, mark, kind in _REPORT_MARKS:
        if needle in head and mark.search(head):
            return f"an hlcg {_REPORT_NAMES.get(kind, kind)} report"
    return None


def reads_as_deck(text: str) -> bool:
    """Whether a `.md` or `.dec` file's text reads as a deck list, read as a text deck is
    (hlcg.deck.text): at least ``MULTI_COPY_LINES`` of its card lines give two copies or
    more, and such lines are at least a third of them. A post's title, byline and comments
    may surround the list; notes or a README, read as a deck, are lines of one copy each."""
    from hlcg.deck.text import parse_text

    entries = parse_text(text[:SNIFF_BYTES], "sniffed").entries
    multi_copy = sum(1 for entry in entries if entry.count >= 2)
    return multi_copy >= MULTI_COPY_LINES and multi_copy * 3 >= len(entries)


def passed_over(path: Path) -> str | None:
    """Why a folder scan passes over ``path`` by its name (a fixed copy, a backup, a kind of
    file hlcg does not read as a deck), or None when its contents decide."""
    name = path.name.lower()
    if name.endswith(FIXED_SUFFIX):
        return "a fixed copy that `hlcg validate --fix` wrote"
    suffix = path.suffix.lower()
    if suffix in DECK_SUFFIXES or suffix in MAYBE_DECK_SUFFIXES:
        return None
    if suffix in BACKUP_SUFFIXES or name.endswith("~"):
        return f"a backup copy, {suffix or '~'}"
    report = _report_in(path)
    if report is not None:
        return report
    kind = f"a {suffix} file" if suffix else "a file without an extension"
    return f"{kind}: folder scans read {', '.join((*DECK_SUFFIXES, *MAYBE_DECK_SUFFIXES))}"


def _report_in(path: Path) -> str | None:
    try:
        with path.open("rb") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError:
        return None
    return saved_report(head.decode("utf-8", errors="ignore"))
