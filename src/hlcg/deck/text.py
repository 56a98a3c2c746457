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

from hlcg.deck.model import ENDURANCE, NO_PERSONA, PREGAME, SIDEBOARD, Deck, Entry, LineIssue
from hlcg.problems import Severity

MAX_COPIES = 999
MAX_NAME = 200  # the longest card title is far shorter; longer "names" are not cards
# Section header words as players write them, normalised by _section_key.
_SECTIONS = {
    "pre game": PREGAME,
    "pregame": PREGAME,
    "endurance": ENDURANCE,
    "deck": ENDURANCE,
    "main": ENDURANCE,
    "main deck": ENDURANCE,
    "maindeck": ENDURANCE,
    "sideboard": SIDEBOARD,
    "side board": SIDEBOARD,
    "side": SIDEBOARD,
    "sb": SIDEBOARD,
}
# A header: a word, an optional count ("Deck (55)", "Endurance - 55", "Endurance 52",
# "Endurance (52 cards)"), then a colon and maybe the section's first card ("Pre-Game:
# Katana") or its count ("Deck: 52 cards"), or nothing at all ("PREGAME").
_CARDS = r"(?:\s+cards?)?"
_BRACKETED_OR_DASHED_COUNT = r"\s*\(\s*\d+" + _CARDS + r"\s*\)|\s+[-\u2013\u2014]\s*\d+" + _CARDS
_HEADER_COUNT = r"(?:" + _BRACKETED_OR_DASHED_COUNT + r"|\s+\d+" + _CARDS + r")?"
_HEADER = re.compile(r"^(?P<word>[A-Za-z][A-Za-z \-]*?)" + _HEADER_COUNT + r"\s*:\s*(?P<rest>.*)$")
_BARE_HEADER = re.compile(r"^(?P<word>[A-Za-z][A-Za-z \-]*?)" + _HEADER_COUNT + r"$")
# Shaped like a header with a count; "Thrust 3" is not (it may be a misspelt card line).
_HEADER_SHAPED = re.compile(
    r"^[A-Za-z][A-Za-z \-]*?(?:" + _BRACKETED_OR_DASHED_COUNT + r")$", re.IGNORECASE
)
# What follows a header's colon when it is the section's size, not a card: "Deck: 52 cards".
_COUNT_ONLY = re.compile(r"^\(?\s*\d+" + _CARDS + r"\s*\)?$", re.IGNORECASE)
# Forum and markdown decoration around a header: "== Deck ==", "**Deck:**", "__Deck__".
_DECORATION = re.compile(r"[=*_~]+")
# A markdown heading ("### Deck"), which would otherwise be read as a comment.
_MARKDOWN_HEADING = re.compile(r"^\s*#{1,6}\s+(?P<text>.*?)\s*#*\s*$")
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
# `Persona: Duncan MacLeod (2E)`: a set or edition code in brackets after a persona name.
# Only codes shaped like ours (digits and capitals): "(Ramirez)" stays a subtitle.
_PAREN_CODE = re.compile(r"^(?P<name>.+?)\s*\((?P<code>[0-9][A-Za-z0-9-]{0,11}|[A-Z]{1,4})\)$")
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


def _split_quantity(line_no: int, text: str) -> tuple[int, str] | LineIssue:
    """(count, rest of the line): `3 X`, `3x X`, `x3 X`, `(3) X`, `X x3`, `X (3)` or just `X`."""
    quantity = _QUANTITY.match(text)
    if quantity:
        token = quantity["paren"] or quantity["xpre"] or quantity["num"]
        rest = quantity["name"].strip()
        if rest:
            value, problem = _quantity(token)
            if problem:
                return LineIssue(line_no, f"{problem}: {text!r}", "write a count from 1 upwards")
            assert value is not None
            return value, rest
        return 1, text
    trailing = _TRAILING_QUANTITY.match(text)
    if trailing:
        value, problem = _quantity(trailing["n"] or trailing["paren"])
        if problem:
            return LineIssue(line_no, f"{problem}: {text!r}", "write a count from 1 upwards")
        assert value is not None
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
    title_reading = None
    if _FUSED_DIGITS.match(text):
        trailing = _TRAILING_QUANTITY.match(text)
        whole, whole_count = text, 1
        if trailing and _quantity(trailing["n"] or trailing["paren"])[0]:
            whole, whole_count = trailing["name"], int(trailing["n"] or trailing["paren"])
        whole, _ = split_set_code(whole)
        title_reading = (whole, whole_count)
    return Entry(
        name=name,
        count=count,
        line=line_no,
        section=section,
        set_code=set_code,
        title_reading=title_reading,
        header_text=text if _HEADER_SHAPED.match(text) else None,
    )


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines as editors count them: CRLF, lone CR and LF end a line, nothing else does
    (str.splitlines would also split on form feeds and Unicode separators)."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _section_key(word: str) -> str:
    """ "Pre-Game Cards" -> "pre game": case, hyphens, spacing and a trailing "cards" folded."""
    words = word.lower().replace("-", " ").split()
    if len(words) > 1 and words[-1] in ("cards", "card"):
        words.pop()
    return " ".join(words)


def section_named(word: str) -> str | None:
    """The section a header word names, as players and deck programs write it: "Pre-Game
    Cards", "PREGAME", "Main Deck", "SB" (None for any other word)."""
    return _SECTIONS.get(_section_key(word))


def _header(line: str) -> tuple[str, str, str] | None:
    """(key, word as written, rest of the line) when the line is a header or a `Key: value`
    line; None for a card line. A section's size after its colon ("Deck: 52 cards") is no
    card, and decoration ("== Deck ==", "**Deck:**") is taken off a section header."""
    colon = _HEADER.match(line)
    if colon:
        key, rest = _section_key(colon["word"]), colon["rest"].strip()
        if key in _SECTIONS and _COUNT_ONLY.match(rest):
            rest = ""
        return key, colon["word"].strip(), rest
    bare = _BARE_HEADER.match(line)
    if bare and _section_key(bare["word"]) in _SECTIONS:
        return _section_key(bare["word"]), bare["word"].strip(), ""
    undecorated = " ".join(_DECORATION.sub(" ", line).split())
    if undecorated != line and undecorated:
        header = _header(undecorated)
        if header and header[0] in _SECTIONS:
            return header
    return None


def _markdown_heading(raw: str) -> str | None:
    """The header a markdown heading names ("### Pre-Game" -> "Pre-Game"); None for any
    other `#` line, which stays a comment."""
    heading = _MARKDOWN_HEADING.match(raw)
    if heading is None:
        return None
    text = clean_line(heading["text"])
    header = _header(text) if text else None
    return text if header and header[0] in _SECTIONS else None


def parse_text(text: str, path: str = "<deck>") -> Deck:
    deck = Deck(path=path)
    section: str | None = None
    seen_sections: dict[str, int] = {}
    for line_no, raw in enumerate(split_lines(text), start=1):
        line = clean_line(raw) or _markdown_heading(raw)
        if not line:
            deck.ignored.append(line_no)
            continue
        header = _header(line)
        card_text = line
        line_section = section
        if header:
            key, word, rest = header
            if key in _SECTIONS:
                deck.headers.append(line_no)
                if key == "sb" and rest:
                    # `SB: 2 Dodge`: a sideboard card on its own line; the section goes on.
                    line_section, card_text = SIDEBOARD, rest
                else:
                    section = line_section = _SECTIONS[key]
                    _note_section(deck, seen_sections, section, word, line_no)
                    if not rest:
                        continue
                    card_text = rest  # `Pre-Game: Katana`: the section's first card
            elif key == "persona":
                set_persona(deck, line_no, rest)
                deck.headers.append(line_no)
                continue
            elif key == "format":
                _set_format(deck, line_no, rest)
                deck.headers.append(line_no)
                continue
            elif key in ("name", "deck name", "title"):
                deck.name = rest
                deck.headers.append(line_no)
                continue
            elif not rest:
                deck.issues.append(
                    LineIssue(
                        line_no,
                        f"unknown section header {line!r}",
                        "use `Pre-Game:`, `Endurance:` or `Sideboard:`",
                    )
                )
                section = None
                continue
        parsed = parse_line(line_no, card_text, line_section)
        if isinstance(parsed, LineIssue):
            deck.issues.append(parsed)
        elif line_section == SIDEBOARD:
            deck.sideboard.append(parsed)
        else:
            deck.entries.append(parsed)
    return deck


def _note_section(deck: Deck, seen: dict[str, int], section: str, word: str, line_no: int) -> None:
    if section in seen:
        deck.issues.append(
            LineIssue(
                line_no,
                f"section {word!r} again (first on line {seen[section]}); "
                "its cards are added to that section",
                "merge the two sections",
                Severity.WARNING,
            )
        )
    seen.setdefault(section, line_no)


def set_persona(deck: Deck, line_no: int | None, name: str) -> None:
    """The deck's persona from a `Persona:` line (or an OCTGN Persona section). An empty
    line is one problem and keeps its line: persona checks are then skipped, not run as for
    a Generic Immortal."""
    if not name:
        deck.issues.append(LineIssue(line_no, NO_PERSONA, "add its name"))
        if deck.persona_line is None:
            deck.persona_line = line_no
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
        deck.persona, deck.persona_set = split_persona(name)
        deck.persona_line = line_no


def split_persona(written: str) -> tuple[str, str | None]:
    """ "Duncan MacLeod [2E-CvD]" or "Duncan MacLeod (2E)" -> name, set or edition code."""
    name, set_code = split_set_code(written)
    edition = _PAREN_CODE.match(name)
    if set_code is None and edition:
        name, set_code = edition["name"].strip(), edition["code"]
    return name, set_code


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
        deck.format, deck.format_line = name.strip(), line_no
