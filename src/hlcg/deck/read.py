"""Read a deck file of any supported kind, refusing what is not a deck with one message."""

from __future__ import annotations

import json
from pathlib import Path

from hlcg.deck.model import Deck, LineIssue
from hlcg.errors import DeckFileError
from hlcg.problems import Severity

MAX_DECK_BYTES = 5 * 1024 * 1024
# A real deck has a hundred lines or so; past this a file is not a deck, and checking it
# line by line would only bury the reader in problems.
MAX_DECK_ENTRIES = 20_000
DECK_SUFFIXES = (".txt", ".deck", ".json", ".dek", ".o8d")
# Keys of a JSON deck (schemas/deck.schema.json); a JSON object with none of them is no deck.
DECK_KEYS = frozenset({"name", "format", "persona", "pregame", "endurance", "cards", "sideboard"})
# Files that live next to decks in a repository and are never decks.
NOT_DECK_STEMS = ("readme", "license", "licence", "changelog", "contributing", "notice")
# Kinds of file a curator or player keeps beside decks that no deck program writes: card
# data and fact sheets, notes, catalogues, archives, Immortal sheets, configuration.
NOT_DECK_SUFFIXES = (
    ".csv", ".tsv", ".md", ".rst", ".sqlite", ".db", ".zip", ".gz", ".tgz", ".toml",
    ".yaml", ".yml", ".py", ".html",
)  # fmt: skip
_SNIFF_BYTES = 64 * 1024
_BINARY_MAGIC = (b"\x89PNG", b"GIF8", b"\xff\xd8\xff", b"PK\x03\x04", b"%PDF", b"\x7fELF")


def read_deck_bytes(path: Path, limit: int = MAX_DECK_BYTES, kind: str = "deck") -> bytes:
    """The bytes of a deck (or Immortal sheet) file, refusing what cannot be one."""
    if not path.exists():
        if path.is_symlink():
            raise DeckFileError(f"{path}: symbolic link to a file that does not exist")
        raise DeckFileError(f"{path}: no such file")
    if path.is_dir():
        raise DeckFileError(f"{path}: is a directory, expected a {kind} file")
    size = path.stat().st_size
    if size > limit:
        raise DeckFileError(f"{path}: {size} bytes is over the {limit} byte {kind} size limit")
    try:
        return path.read_bytes()
    except OSError as exc:
        raise DeckFileError(f"{path}: cannot read: {exc.strerror}") from None


# What a file of each deck-program kind is called when it cannot be read.
_PROGRAM_KIND = {".dek": "LackeyCCG deck", ".o8d": "OCTGN deck"}


def _is_binary(data: bytes) -> bool:
    return data.startswith(_BINARY_MAGIC) or b"\x00" in data


def decode(data: bytes, path: Path) -> tuple[str, list[LineIssue]]:
    """UTF-8 (BOM allowed); latin-1 text is decoded with a warning; binary is refused."""
    if _is_binary(data):
        kind = _PROGRAM_KIND.get(path.suffix.lower())
        if kind:
            raise DeckFileError(
                f"{path}: not a readable {kind}: binary data (NUL bytes or an image/archive "
                "header), not XML"
            )
        raise DeckFileError(
            f"{path}: binary data (NUL bytes or an image/archive header); not a deck"
        )
    try:
        # utf-8 and a manual BOM strip: the utf-8-sig codec costs a module import per run
        text = data.decode("utf-8")
        return (text[1:] if text.startswith("\ufeff") else text), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        warning = LineIssue(
            line,
            "file is not UTF-8; read as Latin-1",
            "save the deck as UTF-8",
            Severity.WARNING,
        )
        return data.decode("latin-1"), [warning]


def read_deck(path: Path) -> Deck:
    """The deck in ``path``, chosen by extension (.json, .dek, .o8d; anything else is text)."""
    return read_deck_data(read_deck_bytes(path), path)


def is_catalogue_document(data: object) -> bool:
    """A whole catalogue as `hlcg db export x.json` writes it: it has "cards", like a deck."""
    from hlcg.catalog.fields import CATALOGUE_DOCUMENT_KIND

    return isinstance(data, dict) and data.get("kind") == CATALOGUE_DOCUMENT_KIND


def _refuse_catalogue_document(text: str, path: Path) -> None:
    from hlcg.catalog.fields import CATALOGUE_DOCUMENT_KIND

    if CATALOGUE_DOCUMENT_KIND not in text[:_SNIFF_BYTES]:
        return  # the common case: no second parse of a deck
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return  # the deck reader says what is wrong with it
    if is_catalogue_document(data):
        raise DeckFileError(
            f"{path}: an hlcg catalogue export, not a deck; `hlcg db import` reads it"
        )


def read_deck_data(data: bytes, path: Path) -> Deck:
    """The deck in ``data``, read as a file named ``path`` would be (its extension picks the
    reader; the name labels the report). Nothing is opened: `hlcg serve` passes a client's
    upload with the file name the client gave."""
    text, issues = decode(data, path)
    suffix = path.suffix.lower()
    if suffix == ".json":
        from hlcg.deck.jsondeck import parse_json

        _refuse_catalogue_document(text, path)
        deck = parse_json(text, str(path))
    elif suffix in (".dek", ".o8d"):
        from hlcg.deck.xmldeck import parse_xml

        deck = parse_xml(text, str(path), suffix)
    else:
        from hlcg.deck.text import parse_text

        deck = parse_text(text, str(path))
    deck.issues[:0] = issues
    entries = len(deck.entries) + len(deck.issues)
    if entries > MAX_DECK_ENTRIES:
        raise DeckFileError(
            f"{path}: {entries} card lines is over the {MAX_DECK_ENTRIES}-line deck limit; "
            "is this a deck file?"
        )
    return deck


def not_a_deck(path: Path) -> str | None:
    """Why a file is recognisably not a deck (a README, an hlcg JSON report, JSON or XML
    without a deck in it), or None when it may be one and should be checked."""
    if path.name.lower().split(".")[0] in NOT_DECK_STEMS:
        return "a README, licence or changelog"
    suffix = path.suffix.lower()
    if suffix in NOT_DECK_SUFFIXES:
        return f"a {suffix} file"
    try:
        if suffix == ".json":
            if path.stat().st_size > MAX_DECK_BYTES:
                return None  # judged, and refused, as a deck
            data = json.loads(path.read_bytes())
        elif suffix in (".dek", ".o8d"):
            with path.open("rb") as handle:
                head = handle.read(_SNIFF_BYTES)
            # Only well-formed-looking XML text without a deck in it is skipped; binary or
            # garbage with a deck extension is a deck that cannot be read, and says so.
            text_start = head.removeprefix(b"\xef\xbb\xbf").lstrip()
            looks_like_xml = text_start.startswith(b"<") and not _is_binary(head)
            if b"<deck" in head or not looks_like_xml:
                return None
            return "XML without a <deck> element"
        else:
            return None
    except (OSError, ValueError, RecursionError):
        return None  # a broken file may be a broken deck: check it and say what is wrong
    if isinstance(data, dict) and {"decks", "summary"} <= data.keys():
        return "an hlcg JSON report"
    if is_catalogue_document(data):
        return "an hlcg catalogue export"
    if not isinstance(data, dict):
        return "JSON that is not an object"
    if not data.keys() & DECK_KEYS:
        return "a JSON object with none of a deck's keys"
    return None
