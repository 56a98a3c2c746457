"""The source of a fact a player read off a printed card: a primary source, written as

    printed card <SET> <NUMBER>, read by <READER> on <YYYY-MM-DD>

(``printed card 2E-B1 14, read by Alice on 2026-12-06``; the number is left out when the
card prints none: ``printed card SE, read by Alice on 2026-12-06``). ``hlcg db fill``, the
deck page's "Record what your card says" and ``hlcg db facts export`` write and read this one
form, so a sheet one player exports is recognised as read off cards wherever it is imported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

_PATTERN = re.compile(
    r"printed card (?P<set_code>[^\s,]+)(?: (?P<number>[^\s,]+))?, "
    r"read by (?P<reader>.+) on (?P<day>\d{4}-\d{2}-\d{2})"
)


@dataclass(frozen=True)
class PrintedSource:
    """Who read which printing of a card, and when."""

    set_code: str
    number: str  # as printed ('' when the card prints no number)
    reader: str
    day: date

    @property
    def text(self) -> str:
        printing = f"{self.set_code} {self.number}" if self.number else self.set_code
        return f"printed card {printing}, read by {self.reader} on {self.day.isoformat()}"


def parse_printed_source(text: str) -> PrintedSource | None:
    """The printed-card source a source text is, or None for any other source."""
    match = _PATTERN.fullmatch(text.strip())
    if match is None:
        return None
    try:
        day = date.fromisoformat(match["day"])
    except ValueError:
        return None
    return PrintedSource(match["set_code"], match["number"] or "", match["reader"], day)
