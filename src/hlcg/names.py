"""File names as hlcg shows them. A file name is bytes; one that is not UTF-8 (a Latin-1
"Se\\xf1or.txt" as unzip leaves it) reaches hlcg as os.fsdecode's lone surrogates, which no
UTF-8 text holds. Files are opened by those names as they are; wherever a name is shown (a
report, a message, a sheet) each such byte reads "\\xNN", so every report stays valid UTF-8
in its own format.
"""

import codecs
import re

UNDECODABLE = "hlcg-show-bytes"  # the codec error handler that writes those escapes
_SURROGATE = re.compile("[\ud800-\udfff]")


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
    if _SURROGATE.search(text) is None:
        return text
    lead = "\\" if in_json else ""
    return _SURROGATE.sub(lambda found: lead + _escaped(found.group()), text)


def encoded(text: str) -> bytes:
    """``text`` as the UTF-8 hlcg writes, a name's undecodable bytes shown escaped."""
    return text.encode("utf-8", UNDECODABLE)
