"""Read a deck file of any supported kind, refusing what is not a deck with one message;
and which deck files a list of command-line paths names (files as given, folders searched,
globs expanded), shared by `hlcg validate`, `hlcg deck hash` and `hlcg db gaps`."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

from hlcg import lazy
from hlcg.deck.kinds import (
    DECK_SUFFIXES,
    JSON,
    MAYBE_DECK_SUFFIXES,
    SNIFF_BYTES,
    deck_kind,
    passed_over,
    reads_as_deck,
    saved_report,
    sniffed_kind,
)
from hlcg.deck.model import ENDURANCE, PREGAME, SIDEBOARD, Deck, LineIssue
from hlcg.errors import DeckFileError, UsageError
from hlcg.problems import Severity
from hlcg.stdin import STDIN_NAME, bounded_read, is_stdin, read_stdin

MAX_DECK_BYTES = 5 * 1024 * 1024
# A real deck has a hundred lines or so; past this a file is not a deck, and checking it
# line by line would only bury the reader in problems.
MAX_DECK_ENTRIES = 20_000
# Keys of a JSON deck (schemas/deck.schema.json; its lists are named after the sections they
# fill); a JSON object with none of them is no deck.
DECK_KEYS = frozenset({"name", "format", "persona", PREGAME, ENDURANCE, "cards", SIDEBOARD})
# Files that live next to decks in a repository and are never decks.
NOT_DECK_STEMS = ("readme", "license", "licence", "changelog", "contributing", "notice")
# Kinds of file a curator or player keeps beside decks that no deck program writes: card
# data and fact sheets, notes, catalogues, archives, Immortal sheets, configuration.
NOT_DECK_SUFFIXES = (
    ".csv", ".tsv", ".rst", ".sqlite", ".db", ".zip", ".gz", ".tgz", ".toml",
    ".yaml", ".yml", ".py", ".html",
)  # fmt: skip


def _broken_link(path: Path) -> str:
    """Why a symbolic link leads to no file: a loop (it leads back to itself), or a name
    that does not exist."""
    import errno
    import os

    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "symbolic link in a loop (it leads back to itself); point it at a deck file"
    return "symbolic link to a file that does not exist"


def read_deck_bytes(path: Path, limit: int = MAX_DECK_BYTES, kind: str = "deck") -> bytes:
    """The bytes of a deck (or Immortal sheet) file, refusing what cannot be one; `-` is
    standard input."""
    if is_stdin(path):
        return read_stdin(limit, kind)
    if not path.exists():
        if path.is_symlink():
            raise DeckFileError(f"{path}: {_broken_link(path)}")
        raise DeckFileError(f"{path}: no such file")
    if path.is_dir():
        raise DeckFileError(f"{path}: is a directory, expected a {kind} file")
    size = path.stat().st_size
    if size > limit:
        raise DeckFileError(f"{path}: {size} bytes is over the {limit} byte {kind} size limit")
    try:
        with path.open("rb") as handle:
            return bounded_read(handle, limit, str(path), kind)
    except OSError as exc:
        raise DeckFileError(f"{path}: cannot read: {exc.strerror}") from None


def read_deck(path: Path) -> Deck:
    """The deck in ``path``, chosen by extension (.json, .dek, .o8d; anything else is text).
    `-` is standard input, its kind told by its first character (`{` JSON, `<` XML)."""
    if is_stdin(path):
        return read_deck_data(read_stdin(MAX_DECK_BYTES), Path(STDIN_NAME))
    return read_deck_data(read_deck_bytes(path), path)


def is_catalogue_document(data: object) -> bool:
    """A whole catalogue as `hlcg db export x.json` writes it: it has "cards", like a deck."""
    from hlcg.catalog import CATALOGUE_DOCUMENT_KIND

    return isinstance(data, dict) and data.get("kind") == CATALOGUE_DOCUMENT_KIND


def _refuse_hlcg_documents(text: str, path: Path) -> None:
    """A catalogue export or a saved `hlcg validate -o json` report named as a deck is
    refused with what it is, never checked as an empty deck."""
    from hlcg.catalog import CATALOGUE_DOCUMENT_KIND

    head = text[:SNIFF_BYTES]
    if CATALOGUE_DOCUMENT_KIND not in head and '"decks"' not in head:
        return  # the common case: no second parse of a deck
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return  # the deck reader says what is wrong with it
    if is_catalogue_document(data):
        raise DeckFileError(
            f"{path}: an hlcg catalogue export, not a deck; `hlcg db import` reads it"
        )
    if isinstance(data, dict) and {"decks", "summary"} <= data.keys():
        raise DeckFileError(f"{path}: an hlcg JSON report, not a deck; check the decks it names")


def _refuse_saved_report(text: str, path: Path) -> None:
    """A report `hlcg validate` wrote (text, GitHub annotations, JUnit...) named as a text
    deck is refused with what it is, never checked line by line as an illegal deck."""
    report = saved_report(text)
    if report is not None:
        raise DeckFileError(f"{path}: {report}, not a deck; check the decks it names")


def read_deck_data(data: bytes, path: Path) -> Deck:
    """The deck in ``data``, read as a file named ``path`` would be (its extension picks the
    reader; the name labels the report). Nothing is opened: `hlcg serve` passes a client's
    upload with the file name the client gave."""
    text, issues = decode(data, path)
    kind = sniffed_kind(text) if path.name == STDIN_NAME else deck_kind(path)
    if kind.reader == JSON:
        from hlcg.deck.jsondeck import parse_json

        _refuse_hlcg_documents(text, path)
        deck = parse_json(text, str(path))
    elif kind.is_xml:
        from hlcg.deck.xmldeck import parse_xml

        deck = parse_xml(text, str(path), kind.reader)
    else:
        from hlcg.deck.text import parse_text

        _refuse_saved_report(text, path)
        deck = parse_text(text, str(path))
    deck.issues[:0] = issues
    _refuse_long_names(deck)
    deck.kind = ".txt" if kind.is_text else kind.suffix
    entries = len(deck.entries) + len(deck.issues)
    if entries > MAX_DECK_ENTRIES:
        raise DeckFileError(
            f"{path}: {entries} card lines is over the {MAX_DECK_ENTRIES}-line deck limit; "
            "is this a deck file?"
        )
    return deck


def _refuse_long_names(deck: Deck) -> None:
    """Names longer than any card's are problems in every reader, as in text decks (whose
    reader refuses them line by line): a JSON or XML deck of 1 MB names costs no fuzzy
    search and no memory beyond its own text."""
    from hlcg.deck.lines import MAX_NAME, long_name

    for entries in (deck.entries, deck.sideboard):
        if any(len(entry.name) > MAX_NAME for entry in entries):
            deck.issues.extend(
                long_name(entry.line, entry.name, f"{entry.pointer}: " if entry.pointer else "")
                for entry in entries
                if len(entry.name) > MAX_NAME
            )
            entries[:] = [entry for entry in entries if len(entry.name) <= MAX_NAME]
    if deck.persona is not None and len(deck.persona) > MAX_NAME:
        deck.issues.append(long_name(deck.persona_line, deck.persona, "persona: "))
        deck.persona = deck.persona_set = None


def not_a_deck(path: Path) -> str | None:
    """Why a file is recognisably not a deck (a README, an empty file, a report hlcg wrote,
    JSON or XML without a deck in it, a `.md` or `.dec` file that does not read as a deck),
    or None when it may be one and should be checked."""
    if is_stdin(path):
        return None
    if path.name.lower().split(".")[0] in NOT_DECK_STEMS:
        return "a README, licence or changelog"
    suffix = path.suffix.lower()
    if suffix in NOT_DECK_SUFFIXES:
        return f"a {suffix} file"
    try:
        if path.stat().st_size > MAX_DECK_BYTES or not path.is_file():
            return None  # judged, and refused, as a deck
        with path.open("rb") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError:
        return None  # a file that cannot be read is a deck that cannot be read: say so
    text = _head_text(head)
    if text is not None and not text.strip() and len(head) < SNIFF_BYTES:
        return "an empty file"
    return saved_report(text or "") or _not_a_deck_of_its_kind(path, text)


def _not_a_deck_of_its_kind(path: Path, text: str | None) -> str | None:
    """Why a file of a kind decks come in holds none (by its start, ``text``), or None."""
    suffix = path.suffix.lower()
    kind = deck_kind(path)
    if suffix in MAYBE_DECK_SUFFIXES and not reads_as_deck(text or ""):
        return f"a {suffix} file that does not read as a deck"
    if kind.reader == JSON:
        return _not_a_json_deck(path, text)
    if kind.is_xml:
        # Only well-formed-looking XML text without a deck in it is skipped; binary or
        # garbage with a deck extension is a deck that cannot be read, and says so.
        if text is None or "<deck" in text or not text.lstrip().startswith("<"):
            return None
        return "XML without a <deck> element"
    return None


def _head_text(head: bytes) -> str | None:
    """The start of a file as text for a first look (a character cut at the end dropped),
    or None for binary data."""
    if is_binary(head):
        return None
    bom = byte_order_mark(head)
    if bom is None:
        return head.decode("utf-8", errors="ignore")
    return head[len(bom[0]) :].decode(bom[1], errors="ignore")


# A JSON deck names its persona or lists cards; an object with none of these and keys no
# deck has (a package.json: name, version, scripts) is some other program's file.
_CARD_KEYS = frozenset({"persona", PREGAME, ENDURANCE, "cards", SIDEBOARD})
# The first key of a JSON file hlcg or a CI job writes beside decks (a report, SARIF).
_FIRST_KEY = lazy(r'^\s*\{\s*"(?P<key>[^"\\]{1,64})"\s*:')


def _not_a_json_deck(path: Path, head: str | None) -> str | None:
    try:
        data = json.loads(decode(path.read_bytes(), path)[0])
    except (OSError, ValueError, RecursionError, DeckFileError):
        # A report still being written (`hlcg validate decks -o json > decks/r.json`) is
        # cut short; a broken deck is checked, so what is wrong with it shows.
        first = _FIRST_KEY.match(head or "")
        if first and first["key"] not in DECK_KEYS:
            return f"unfinished JSON whose first key {first['key']!r} is not a deck's"
        return None
    if isinstance(data, dict) and {"decks", "summary"} <= data.keys():
        return "an hlcg JSON report"
    if is_catalogue_document(data):
        return "an hlcg catalogue export"
    if not isinstance(data, dict):
        return "JSON that is not an object"
    if not data.keys() & DECK_KEYS:
        return "a JSON object with none of a deck's keys"
    others = sorted(data.keys() - DECK_KEYS)
    if others and not data.keys() & _CARD_KEYS:
        shown_keys = ", ".join(others[:3]) + (", ..." if len(others) > 3 else "")
        return f"a JSON object with no persona or cards, and keys no deck has ({shown_keys})"
    return None


# Told about each file skipped because it is recognisably not a deck: (path, why).
OnSkip = Callable[[Path, str], None]


def _ignore(path: Path, reason: str) -> None:
    """The default OnSkip: the caller did not ask to hear about skipped files."""


def _is_file_or_dangling(path: Path) -> bool:
    """A regular file, or a dangling link (no file, but it names a deck that cannot be
    read); never a FIFO, socket or device, which a read would block on or never finish."""
    return path.is_file() or (path.is_symlink() and not path.exists())


def _deck_files_in(
    folder: Path, raw: str, on_skip: OnSkip, *, may_be_empty: bool = False
) -> list[Path]:
    """The files of ``folder`` that may be decks; every other file it holds is passed to
    ``on_skip`` with why it is passed over, so a run accounts for every file."""
    from hlcg.deck.finding import files_under  # here: a run naming only files never walks

    in_folder: list[Path] = []
    hidden: set[Path] = set()
    for path in sorted(files_under(folder)):
        inside = path.relative_to(folder).parts[:-1]
        hidden_at = next((i for i, part in enumerate(inside) if part.startswith(".")), None)
        if hidden_at is not None:
            hidden.add(folder.joinpath(*inside[: hidden_at + 1]))
            continue
        if _is_file_or_dangling(path):
            reason = passed_over(path) or not_a_deck(path)
        else:
            reason = _NOT_REGULAR
        if reason is None:
            in_folder.append(path)
        else:
            on_skip(path, reason)
    for skipped_folder in sorted(hidden):
        on_skip(skipped_folder, "a hidden folder, not searched")
    if not in_folder and not may_be_empty:
        raise UsageError(f"{raw}: no deck files ({', '.join(DECK_SUFFIXES)}) in this folder")
    return in_folder


_NOT_REGULAR = "a pipe, socket or device, not a regular file"


def _glob(raw: str, on_skip: OnSkip) -> list[Path]:
    """The paths a pattern matches; `**` walked without following links to folders, and
    a match that is neither a file nor a folder (a FIFO) skipped as a folder scan skips it."""
    if "**" in raw:
        from hlcg.deck.finding import glob_recursive

        matches = glob_recursive(raw)
    else:
        import glob  # here: only a pattern pays for it, not every run naming files

        matches = sorted(Path(m) for m in glob.glob(raw))
    if not matches:
        raise UsageError(f"{raw}: no files match")
    kept = []
    for match in matches:
        if match.is_dir():
            # walked as a folder named on the command line is, when the caller comes to it;
            # a link to a folder is not followed, as no folder walk follows one
            if not match.is_symlink():
                kept.append(match)
        elif _is_file_or_dangling(match):
            kept.append(match)
        else:
            on_skip(match, _NOT_REGULAR)
    return kept


def _globbed(
    raw: str, skip_non_decks: bool, keep: Callable[[Path], bool], on_skip: OnSkip
) -> Iterator[Path]:
    """The deck files a pattern names: its files, and the deck files of its folders
    (`decks/*`, `decks/**`), where a folder without decks is no error."""
    for match in _glob(raw, on_skip):
        if match.is_dir():
            yield from _deck_files_in(match, raw, on_skip, may_be_empty=True)
        elif not skip_non_decks or keep(match):
            yield match


def _has_magic(raw: str) -> bool:
    # here, not at the top: a run naming files that exist never walks a folder or a pattern
    from hlcg.deck.finding import has_magic

    return has_magic(raw)


def expand(paths: list[str], skip_non_decks: bool = False, on_skip: OnSkip = _ignore) -> list[Path]:
    """Files as given, folders searched recursively for deck files, globs expanded. Files
    found in folders (and, with skip_non_decks, any file) that are recognisably not decks
    are skipped and passed to ``on_skip``. A folder a glob matches is searched as a named
    folder is (`decks/**` matches the folders and the files in them: each deck comes once,
    in the order found)."""

    def keep(path: Path) -> bool:
        reason = not_a_deck(path)
        if reason:
            on_skip(path, reason)
        return reason is None

    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(_deck_files_in(path, raw, on_skip))
        elif not path.exists() and _has_magic(raw):
            found.extend(_globbed(raw, skip_non_decks, keep, on_skip))
        elif not skip_non_decks or not path.is_file() or keep(path):
            found.append(path)
    return list(dict.fromkeys(found))


# The text of a deck file, whatever editor saved it.
#
# A byte-order mark says the encoding: UTF-8, UTF-16 LE or BE (what Windows Notepad writes
# as "Unicode" and "Unicode big endian"), UTF-32; a file that is not what its mark says is
# refused, naming the first byte that is not. Without one the file is UTF-8, else
# Windows-1252 text from an old forum or editor (curly quotes, accents), decoded with a
# warning. Binary data (NUL bytes without a byte-order mark, an image or archive header) is
# refused: it is no deck, and guessing would turn it into pages of unknown cards.


_BINARY_MAGIC = (b"\x89PNG", b"GIF8", b"\xff\xd8\xff", b"PK\x03\x04", b"%PDF", b"\x7fELF")
# UTF-32 first: its little-endian mark begins with UTF-16's.
_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le", "UTF-32"),
    (b"\x00\x00\xfe\xff", "utf-32-be", "UTF-32"),
    (b"\xff\xfe", "utf-16-le", "UTF-16"),
    (b"\xfe\xff", "utf-16-be", "UTF-16"),
    (b"\xef\xbb\xbf", "utf-8", "UTF-8"),
)
_SAMPLE = 4096


def byte_order_mark(data: bytes) -> tuple[bytes, str, str] | None:
    """(mark, codec, name) of the byte-order mark ``data`` starts with, or None."""
    for mark, codec, name in _BOMS:
        if data.startswith(mark):
            return mark, codec, name
    return None


def is_binary(data: bytes) -> bool:
    """Binary data: NUL bytes in a file without a UTF-16/32 byte-order mark, or the header
    of an image, archive, PDF or program."""
    if data.startswith(_BINARY_MAGIC):
        return True
    bom = byte_order_mark(data)
    return b"\x00" in data if bom is None or bom[2] == "UTF-8" else False


def _looks_like_utf16(data: bytes) -> bool:
    """Mostly ASCII text with a NUL beside every character: UTF-16 saved without its mark."""
    sample = data[:_SAMPLE]
    if len(sample) < 4:
        return False
    halves = (sample[0::2], sample[1::2])
    return any(half.count(0) >= 0.9 * len(half) for half in halves)


def _refuse_binary(data: bytes, path: Path, meant: str) -> DeckFileError:
    kind = deck_kind(path)
    if _looks_like_utf16(data) and not data.startswith(_BINARY_MAGIC):
        return DeckFileError(
            f"{path}: NUL bytes: UTF-16 text without a byte-order mark? Save the deck as "
            'UTF-8 (or as UTF-16 with its mark, as Notepad\'s "Unicode" does)'
        )
    what = "binary data (NUL bytes or an image/archive header)"
    if kind.is_xml:
        return DeckFileError(f"{path}: not a readable {kind.label}: {what}, not XML")
    return DeckFileError(f"{path}: {what}; not a {meant}")


def _by_mark(data: bytes, path: Path, meant: str, mark: bytes, codec: str, name: str) -> str:
    try:
        text = data[len(mark) :].decode(codec)
    except UnicodeDecodeError as exc:
        at = exc.start + len(mark)
        line = data[len(mark) : at].decode(codec).count("\n") + 1
        raise DeckFileError(
            f"{path}: starts with a {name} byte-order mark but byte {at} (line {line}) is not "
            f"{name}; save the deck again"
        ) from None
    if "\x00" in text:
        raise DeckFileError(f"{path}: {name} text holding NUL characters; not a {meant}")
    return text


def decode(data: bytes, path: Path, meant: str = "deck") -> tuple[str, list[LineIssue]]:
    """The text of ``data`` and a warning when it had to be guessed: by its byte-order
    mark, else UTF-8, else Windows-1252 (Latin-1 for the five bytes it leaves undefined)
    with a warning on the first line that is not UTF-8. Binary data raises DeckFileError,
    saying it is not ``meant`` (a deck, or a sheet)."""
    bom = byte_order_mark(data)
    if is_binary(data):
        raise _refuse_binary(data, path, meant)
    if bom is not None:
        # a file that declares its encoding is held to it: no guess behind a UTF-8 mark
        return _by_mark(data, path, meant, *bom), []
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
    try:
        text, codec = data.decode("cp1252"), "Windows-1252"
    except UnicodeDecodeError:
        text, codec = data.decode("latin-1"), "Latin-1"
    warning = LineIssue(
        line,
        f"file is not UTF-8; read as {codec}",
        "save the deck as UTF-8",
        Severity.WARNING,
    )
    return text, [warning]
