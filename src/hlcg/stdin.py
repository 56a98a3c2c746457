"""`-` on a command line: standard input where a deck or data file is read.

Reports name it ``<stdin>``. It is read at most once per stream, under the same size
limit as a file (`yes | hlcg validate -` ends with a size error, never a MemoryError), and
what was read is kept: a deck named once is read once, however often a run looks at it
(checked, then --all-formats). A file that is really called `-` is `./-`.

File names as hlcg shows them, too. A file name is bytes; one that is not UTF-8 (a Latin-1
"Se\\xf1or.txt" as unzip leaves it) reaches hlcg as os.fsdecode's lone surrogates, which no
UTF-8 text holds. Files are opened by those names as they are; wherever a name is shown (a
report, a message, a sheet) each such byte reads "\\xNN", so every report stays valid UTF-8
in its own format.
"""

from __future__ import annotations

import codecs
import sys
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from hlcg import lazy
from hlcg.errors import DeckFileError, HlcgError

STDIN = "-"
STDIN_NAME = "<stdin>"
Refusal = Callable[[str], HlcgError]
# What standard input held, with the stream it came from (a test runner swaps streams).
_read: list[tuple[object, bytes]] = []


def is_stdin(path: Path | str) -> bool:
    """Whether a command-line path means standard input."""
    return str(path) == STDIN


def shown(path: Path | str) -> str:
    """A path as reports name it: standard input is <stdin>."""
    return STDIN_NAME if is_stdin(path) else str(path)


def bounded_read(
    handle: BinaryIO, limit: int, where: str, kind: str, refuse: Refusal = DeckFileError
) -> bytes:
    """At most ``limit`` bytes, refusing more: a pipe or a device (/dev/zero) has no size to
    check first, and reading it whole would never end."""
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise refuse(f"{where}: more than {limit} bytes, over the {kind} size limit")
    return data


def read_stdin(limit: int, kind: str = "deck", refuse: Refusal = DeckFileError) -> bytes:
    """Standard input's bytes, at most ``limit`` of them."""
    stream = sys.stdin
    if not (_read and _read[0][0] is stream):
        try:
            # one byte over the limit tells a stream that holds more from one that does not
            data = stream.buffer.read(limit + 1)
        except (AttributeError, OSError, ValueError):
            raise refuse(f"{STDIN_NAME}: cannot read standard input") from None
        _read[:] = [(stream, data)]
    data = _read[0][1]
    if len(data) > limit:
        raise refuse(f"{STDIN_NAME}: more than {limit} bytes, over the {kind} size limit")
    return data


# --- names shown ---------------------------------------------------------------------

UNDECODABLE = "hlcg-show-bytes"  # the codec error handler that writes those escapes
_SURROGATE = lazy("[\ud800-\udfff]")


def _escaped(char: str) -> str:
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # os.fsdecode's stand-in for the byte code - 0xDC00
        return f"\\x{code - 0xDC00:02x}"
    return char.encode("ascii", "backslashreplace").decode("ascii")


def _show_unencodable(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return "".join(_escaped(char) for char in exc.object[exc.start : exc.end]), exc.end


codecs.register_error(UNDECODABLE, _show_unencodable)


def shown_bytes(text: str, *, in_json: bool = False) -> str:
    """``text`` with the bytes of a name that are not UTF-8 shown as ``\\xNN`` (other lone
    surrogates as ``\\uXXXX``); ``in_json``: ``text`` is JSON, whose strings are the only
    place such a character can be, so the backslash is escaped as JSON needs."""
    if text.isascii() or _SURROGATE.search(text) is None:  # ASCII: no pattern compiled
        return text
    lead = "\\" if in_json else ""
    return _SURROGATE.sub(lambda found: lead + _escaped(found.group()), text)


def encoded(text: str) -> bytes:
    """``text`` as the UTF-8 hlcg writes, a name's undecodable bytes shown escaped."""
    return text.encode("utf-8", UNDECODABLE)
