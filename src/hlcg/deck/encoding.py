"""The text of a deck file, whatever editor saved it.

A byte-order mark says the encoding: UTF-8, UTF-16 LE or BE (what Windows Notepad writes
as "Unicode" and "Unicode big endian"), UTF-32; a file that is not what its mark says is
refused, naming the first byte that is not. Without one the file is UTF-8, else
Windows-1252 text from an old forum or editor (curly quotes, accents), decoded with a
warning. Binary data (NUL bytes without a byte-order mark, an image or archive header) is
refused: it is no deck, and guessing would turn it into pages of unknown cards.
"""

from __future__ import annotations

from pathlib import Path

from hlcg.deck.kinds import deck_kind
from hlcg.deck.model import LineIssue
from hlcg.errors import DeckFileError
from hlcg.problems import Severity

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


def _refuse_binary(data: bytes, path: Path) -> DeckFileError:
    kind = deck_kind(path)
    if _looks_like_utf16(data) and not data.startswith(_BINARY_MAGIC):
        return DeckFileError(
            f"{path}: NUL bytes: UTF-16 text without a byte-order mark? Save the deck as "
            'UTF-8 (or as UTF-16 with its mark, as Notepad\'s "Unicode" does)'
        )
    what = "binary data (NUL bytes or an image/archive header)"
    if kind.is_xml:
        return DeckFileError(f"{path}: not a readable {kind.label}: {what}, not XML")
    return DeckFileError(f"{path}: {what}; not a deck")


def _by_mark(data: bytes, path: Path, mark: bytes, codec: str, name: str) -> str:
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
        raise DeckFileError(f"{path}: {name} text holding NUL characters; not a deck")
    return text


def decode(data: bytes, path: Path) -> tuple[str, list[LineIssue]]:
    """The text of ``data`` and a warning when it had to be guessed: by its byte-order
    mark, else UTF-8, else Windows-1252 (Latin-1 for the five bytes it leaves undefined)
    with a warning on the first line that is not UTF-8. Binary data raises DeckFileError."""
    bom = byte_order_mark(data)
    if is_binary(data):
        raise _refuse_binary(data, path)
    if bom is not None:
        # a file that declares its encoding is held to it: no guess behind a UTF-8 mark
        return _by_mark(data, path, *bom), []
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
