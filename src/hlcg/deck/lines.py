"""One line of a text deck: its visible text, its count, its card name and set code."""

from __future__ import annotations

import re
import unicodedata

from hlcg.deck.headers import HEADER_SHAPED
from hlcg.deck.model import Entry, LineIssue

MAX_COPIES = 999
MAX_NAME = 200  # the longest card title is far shorter; longer "names" are not cards
_QUANTITY = re.compile(
    r"^(?:\((?P<paren>[-+]?\d+(?:[.,]\d+)?)\)|x\s*(?P<xpre>[-+]?\d+(?:[.,]\d+)?)"
    r"|(?P<num>[-+]?\d+(?:[.,]\d+)?)\s*(?:x\b)?)\s*(?P<name>.*)$",
    re.IGNORECASE,
)
_TRAILING_QUANTITY = re.compile(
    r"^(?P<name>.+?)\s+(?:x\s*(?P<n>\d+)|\((?P<paren>\d+)\))$", re.IGNORECASE
)
# Digits fused to a word ("9mm"): a title that starts with digits, or a count without space.
_FUSED_DIGITS = re.compile(r"^\d+[^\W\d_]")
_SET_CODE = re.compile(r"^(?P<name>.+?)\s*\[(?P<set>[A-Za-z0-9][A-Za-z0-9 ._-]*)\]$")
# Collector numbers after a set code, as deck sites write them: "Thrust (SE) 12", "[SE] 12".
_COLLECTOR = re.compile(
    r"^(?P<name>.+?)\s*(?:\((?P<paren>[A-Za-z0-9-]{1,12})\)|\[(?P<bracket>[A-Za-z0-9-]{1,12})\])"
    r"\s+#?(?P<number>[A-Za-z]{0,3}-?\d{1,5})$"
)
_INVISIBLE = dict.fromkeys(
    [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0xFEFF]
)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines as editors count them: CRLF, lone CR and LF end a line, nothing else does
    (str.splitlines would also split on form feeds and Unicode separators)."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def clean_line(raw: str) -> str:
    """Visible text of a line: NFC, no direction marks or zero-width characters, one space
    between words (tabs and no-break spaces included), no comment."""
    text = unicodedata.normalize("NFC", raw).translate(_INVISIBLE)
    text = text.replace("\u00a0", " ").replace("\t", " ")
    stripped = text.strip()
    if stripped.startswith("#") or stripped.startswith("//"):
        return ""
    for marker in (" #", " //"):
        if marker in text:
            text = text.split(marker, 1)[0]
    return " ".join(text.split())


def _quantity(token: str) -> tuple[int | None, str | None]:
    """(count, None) or (None, why the quantity is not acceptable)."""
    if re.fullmatch(r"[-+]?\d+", token):
        value = int(token)
        if value < 1:
            return None, f"quantity {value} is not a positive whole number"
        if value > MAX_COPIES:
            return None, f"quantity {value} is over the {MAX_COPIES} copies hlcg accepts"
        return value, None
    return None, f"quantity {token} is not a whole number"


def _split_quantity(line_no: int, text: str) -> tuple[int, str] | LineIssue:
    """(count, rest of the line): `3 X`, `3x X`, `x3 X`, `(3) X`, `X x3`, `X (3)` or just `X`."""
    quantity = _QUANTITY.match(text)
    if quantity:
        token = quantity["paren"] or quantity["xpre"] or quantity["num"]
        rest = quantity["name"].strip()
        if rest:
            value, problem = _quantity(token)
            if value is None:
                return LineIssue(line_no, f"{problem}: {text!r}", "write a count from 1 upwards")
            return value, rest
        return 1, text
    trailing = _TRAILING_QUANTITY.match(text)
    if trailing:
        value, problem = _quantity(trailing["n"] or trailing["paren"])
        if value is None:
            return LineIssue(line_no, f"{problem}: {text!r}", "write a count from 1 upwards")
        return value, trailing["name"]
    return 1, text


def split_set_code(name: str) -> tuple[str, str | None]:
    collector = _COLLECTOR.match(name)
    if collector:
        return collector["name"].strip(), collector["paren"] or collector["bracket"]
    coded = _SET_CODE.match(name)
    if coded:
        return coded["name"].strip(), coded["set"].strip()
    return name, None


def _title_reading(text: str) -> tuple[str, int]:
    """A line starting with digits fused to a word ("9mm") read with them as part of the
    title, with the count a trailing quantity gives it."""
    trailing = _TRAILING_QUANTITY.match(text)
    whole, whole_count = text, 1
    if trailing and _quantity(trailing["n"] or trailing["paren"])[0]:
        whole, whole_count = trailing["name"], int(trailing["n"] or trailing["paren"])
    whole, _ = split_set_code(whole)
    return whole, whole_count


def parse_line(line_no: int, text: str, section: str | None) -> Entry | LineIssue:
    """One non-empty, non-header line as an entry (or the reason it is not one)."""
    split = _split_quantity(line_no, text)
    if isinstance(split, LineIssue):
        return split
    count, name = split
    if len(name) > MAX_NAME:
        return LineIssue(
            line_no,
            f"a card name of {len(name)} characters (at most {MAX_NAME}): {name[:40]!r}...",
            "write one card per line",
        )
    name, set_code = split_set_code(name)
    if not name or not any(ch.isalnum() for ch in name):
        return LineIssue(line_no, f"no card name in {text!r}", "write `COUNT CARD NAME`")
    return Entry(
        name=name,
        count=count,
        line=line_no,
        section=section,
        set_code=set_code,
        title_reading=_title_reading(text) if _FUSED_DIGITS.match(text) else None,
        header_text=text if HEADER_SHAPED.match(text) else None,
    )
