"""Names that deck files write for formats and sets, read from two small data tables.

``data/source/format_names.csv`` lists every accepted spelling of a format name ("Type Two",
"type 2", "T2"); every place that reads a format name (a text deck's `Format:` line, OCTGN
notes, LackeyCCG's <format>, JSON's "format", `--format` on the command line) goes through
``format_named``. ``data/source/set_names.csv`` maps the set names deck programs write
("Series Edition") to catalogue set codes ("SE").

The tables ship inside the package (hlcg/data/) and are read from data/source/ in a source
checkout.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from hlcg.catalog.datafiles import rows as _rows
from hlcg.catalog.fields import CHECKED_FORMATS
from hlcg.catalog.normalize import normalise

FORMAT_NAMES_FILE = "format_names.csv"
SET_NAMES_FILE = "set_names.csv"


@cache
def format_spellings() -> dict[str, str]:
    """normalised spelling -> format name; the format names themselves are always accepted."""
    spellings = {normalise(name): name for name in CHECKED_FORMATS}
    for row in _rows(FORMAT_NAMES_FILE):
        spellings[normalise(row["spelling"])] = row["format"]
    return spellings


def format_named(text: str) -> str | None:
    """The format a deck or a user means ("Type Two", "type 2", "T2", "type-two"), or None."""
    return format_spellings().get(normalise(text))


# Words that make a spelling name a format even in a sentence ("built for Type One", "a 1st
# Edition deck"); bare words and codes ("First", "T2", "1E") mean other things in prose.
_FORMAT_WORDS = frozenset({"type", "edition", "ed"})
_WORD = re.compile(r"[^\W_]+")


@cache
def _prose_spellings() -> tuple[tuple[tuple[str, ...], str], ...]:
    """(words, format) of the spellings that name a format in prose, longest first."""
    found = {
        tuple(key.split()): fmt
        for key, fmt in format_spellings().items()
        if len(key.split()) > 1 and _FORMAT_WORDS & set(key.split())
    }
    return tuple(sorted(found.items(), key=lambda item: -len(item[0])))


def format_mentions(text: str) -> list[tuple[str, str]]:
    """The formats a free text mentions (OCTGN notes in prose): (as written, format), each
    format once, in the order the text first mentions it."""
    tokens = list(_WORD.finditer(text))
    words = [normalise(t.group()) for t in tokens]
    found: dict[str, str] = {}
    at = 0
    while at < len(words):
        for spelling, fmt in _prose_spellings():
            if tuple(words[at : at + len(spelling)]) == spelling:
                end = tokens[at + len(spelling) - 1].end()
                end += text.startswith(")", end) and "(" in text[tokens[at].start() : end]
                found.setdefault(fmt, text[tokens[at].start() : end])
                at += len(spelling) - 1
                break
        at += 1
    return [(written, fmt) for fmt, written in found.items()]


def format_title(name: str) -> str:
    """A format's title as deck programs show it ("Type Two" for type-two)."""
    from hlcg.catalog.datafiles import leading_columns

    titles = {row["name"]: row["title"] for row in leading_columns("formats.csv", 2)}
    return titles.get(name, name)


def accepted_format_names() -> str:
    """The format names for a message: "first-edition, type-one, type-two"."""
    return ", ".join(CHECKED_FORMATS)


@cache
def set_names() -> dict[str, str]:
    """normalised set name as deck programs write it -> catalogue set code."""
    return {normalise(row["name"]): row["set"] for row in _rows(SET_NAMES_FILE)}


def set_code(sets: Mapping[str, Mapping[str, str]], written: str) -> str:
    """A set code or a set name as a deck program writes it -> the catalogue's set code
    (``sets``: code -> its row), or the text as written when nothing maps it."""
    lowered = written.strip().lower()
    for code in sets:
        if code.lower() == lowered:
            return code
    key = normalise(written)
    mapped = set_names().get(key)
    if mapped:
        return mapped
    for code, info in sets.items():
        if normalise(info.get("name") or "") == key:
            return code
    return written.strip()
