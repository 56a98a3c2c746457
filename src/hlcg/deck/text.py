"""Read the text deck format.

    # comment            // comment too; blank lines are ignored
    Format: type-two
    Persona: Duncan MacLeod
    Pre-Game:            (also Pregame:, case-insensitive)
    Katana
    Endurance:           (also Deck:)
    3 Upper Left Attack  (also 3x, 3 x, x3, (3), or a trailing x3; no count = 1)
    2 Master's Block (Ramirez) [AT]
    1 Master's Block: Duncan MacLeod
    2 business-as-usual-grayson-2   (a catalogue id)

Every line is accounted for: parsed into an entry or header, ignored as blank or comment,
or reported as a ``LineIssue`` with its line number.
"""

from __future__ import annotations

import re
import unicodedata

from hlcg.deck.model import ENDURANCE, PREGAME, Deck, Entry, LineIssue

MAX_COPIES = 999
MAX_NAME = 200  # the longest card title is far shorter; longer "names" are not cards
_SECTIONS = {
    "pre-game": PREGAME,
    "pregame": PREGAME,
    "pre game": PREGAME,
    "endurance": ENDURANCE,
    "deck": ENDURANCE,
    "main": ENDURANCE,
}
_HEADER = re.compile(r"^(?P<word>[A-Za-z][A-Za-z \-]*?)\s*:\s*(?P<rest>.*)$")
_QUANTITY = re.compile(
    r"^(?:\((?P<paren>[-+]?\d+(?:[.,]\d+)?)\)|x\s*(?P<xpre>[-+]?\d+(?:[.,]\d+)?)"
    r"|(?P<num>[-+]?\d+(?:[.,]\d+)?)\s*(?:x\b)?)\s*(?P<name>.*)$",
    re.IGNORECASE,
)
_TRAILING_QUANTITY = re.compile(r"^(?P<name>.+?)\s+x\s*(?P<n>\d+)$", re.IGNORECASE)
_SET_CODE = re.compile(r"^(?P<name>.+?)\s*\[(?P<set>[A-Za-z0-9][A-Za-z0-9 ._-]*)\]$")
# Collector numbers after a set code, as deck sites write them: "Thrust (SE) 12", "[SE] 12".
_COLLECTOR = re.compile(
    r"^(?P<name>.+?)\s*(?:\((?P<paren>[A-Za-z0-9-]{1,12})\)|\[(?P<bracket>[A-Za-z0-9-]{1,12})\])"
    r"\s+#?(?P<number>[A-Za-z]{0,3}-?\d{1,5})$"
)
_INVISIBLE = dict.fromkeys(
    [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0xFEFF]
)


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


def parse_line(line_no: int, text: str, section: str | None) -> Entry | LineIssue:
    """One non-empty, non-header line as an entry (or the reason it is not one)."""
    count = 1
    name = text
    quantity = _QUANTITY.match(text)
    if quantity:
        token = quantity["paren"] or quantity["xpre"] or quantity["num"]
        rest = quantity["name"].strip()
        if rest:
            value, problem = _quantity(token)
            if problem:
                return LineIssue(line_no, f"{problem}: {text!r}", "write a count from 1 upwards")
            assert value is not None
            count, name = value, rest
    else:
        trailing = _TRAILING_QUANTITY.match(text)
        if trailing:
            value, problem = _quantity(trailing["n"])
            if problem:
                return LineIssue(line_no, f"{problem}: {text!r}", "write a count from 1 upwards")
            assert value is not None
            count, name = value, trailing["name"]
    if len(name) > MAX_NAME:
        return LineIssue(
            line_no,
            f"a card name of {len(name)} characters (at most {MAX_NAME}): {name[:40]!r}...",
            "write one card per line",
        )
    set_code = None
    collector = _COLLECTOR.match(name)
    coded = _SET_CODE.match(name)
    if collector:
        name = collector["name"].strip()
        set_code = collector["paren"] or collector["bracket"]
    elif coded:
        name, set_code = coded["name"].strip(), coded["set"].strip()
    if not name or not any(ch.isalnum() for ch in name):
        return LineIssue(line_no, f"no card name in {text!r}", "write `COUNT CARD NAME`")
    return Entry(name=name, count=count, line=line_no, section=section, set_code=set_code)


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines as editors count them: CRLF, lone CR and LF end a line, nothing else does
    (str.splitlines would also split on form feeds and Unicode separators)."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def parse_text(text: str, path: str = "<deck>") -> Deck:
    deck = Deck(path=path)
    section: str | None = None
    seen_sections: dict[str, int] = {}
    for line_no, raw in enumerate(split_lines(text), start=1):
        line = clean_line(raw)
        if not line:
            deck.ignored.append(line_no)
            continue
        header = _HEADER.match(line)
        if header:
            word = header["word"].strip().lower()
            rest = header["rest"].strip()
            if word in _SECTIONS and not rest:
                section = _SECTIONS[word]
                if section in seen_sections:
                    deck.issues.append(
                        LineIssue(
                            line_no,
                            f"section {header['word'].strip()!r} again (first on line "
                            f"{seen_sections[section]}); its cards are added to that section",
                            "merge the two sections",
                            "warning",
                        )
                    )
                seen_sections.setdefault(section, line_no)
                deck.headers.append(line_no)
                continue
            if word == "persona":
                _set_persona(deck, line_no, rest)
                deck.headers.append(line_no)
                continue
            if word == "format":
                _set_format(deck, line_no, rest)
                deck.headers.append(line_no)
                continue
            if word in ("name", "deck name", "title"):
                deck.name = rest
                deck.headers.append(line_no)
                continue
            if not rest:
                deck.issues.append(
                    LineIssue(
                        line_no,
                        f"unknown section header {line!r}",
                        "use `Pre-Game:` or `Endurance:`; other sections are not deck cards",
                    )
                )
                section = None
                continue
        parsed = parse_line(line_no, line, section)
        if isinstance(parsed, LineIssue):
            deck.issues.append(parsed)
        else:
            deck.entries.append(parsed)
    return deck


def _set_persona(deck: Deck, line_no: int, name: str) -> None:
    if not name:
        deck.issues.append(LineIssue(line_no, "`Persona:` names no persona", "add its name"))
    elif deck.persona is not None:
        deck.issues.append(
            LineIssue(
                line_no,
                f"second Persona line {name!r}; the deck already names {deck.persona!r} "
                f"on line {deck.persona_line}",
                "keep one Persona line",
            )
        )
    else:
        deck.persona, deck.persona_line = name, line_no


def _set_format(deck: Deck, line_no: int, name: str) -> None:
    if deck.format is not None:
        deck.issues.append(
            LineIssue(
                line_no,
                f"second Format line {name!r}; the deck already says {deck.format!r}",
                "keep one Format line",
            )
        )
    else:
        deck.format, deck.format_line = name.strip().lower(), line_no
