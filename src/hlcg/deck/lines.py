"""One line of a text deck, as players and forums write it: its visible text and list mark;
a section header or `Key: value` line ("Pre-Game:", "PREGAME", "Deck (55)", "Endurance - 55",
"== Deck ==", "**Deck:**"); or a card line, with its count, card name, set code and remarks,
and every way it may be read (hlcg.deck.readings picks one). The deck as a whole (which
section a line is in, the persona and format) is hlcg.deck.text's.
"""

from __future__ import annotations

import re
import unicodedata

from hlcg import lazy
from hlcg.deck.model import ENDURANCE, PREGAME, SIDEBOARD, Entry, LineIssue, Reading

MAX_COPIES = 999
MAX_NAME = 200  # the longest card title is far shorter; longer "names" are not cards
# A count before the name: `3`, `3x`, `3 x`, `3×`, `x3`, `×3`, `(3)`, `(x3)`, `(3x)`.
_QUANTITY = lazy(
    r"^(?:\(\s*(?:[x\u00d7]\s*)?(?P<paren>[-+]?\d+(?:[.,]\d+)?)(?:\s*[x\u00d7])?\s*\)"
    r"|[x\u00d7]\s*(?P<xpre>[-+]?\d+(?:[.,]\d+)?)"
    r"|(?P<num>[-+]?\d+(?:[.,]\d+)?)\s*(?:x\b|\u00d7)?)\s*(?P<name>.*)$",
    re.IGNORECASE,
)
# A count after the name, matched on the line's last characters only (a count is short, and
# a 200,000-character line stays one cheap match): `x3`, `x 3`, `×3`, `(3)`, `(x3)`, `(3x)`
# and `3x` are counts whatever their value (0 is a bad count); a bare number, `: 2` or
# `- 2` is a count only from 1 to MAX_COPIES, else part of the name.
_TAIL = 24
_TRAILING_QUANTITY = lazy(
    r"(?:\s*:\s*|\s+(?:--?|[\u2013\u2014])\s+|\s+)"
    r"(?:\(\s*(?:[x\u00d7]\s*)?(?P<paren>\d+)\s*[x\u00d7]?\s*\)|[x\u00d7]\s*(?P<x>\d+)"
    r"|(?P<suffixed>\d+)\s*[x\u00d7]|(?P<bare>\d+))$",
    re.IGNORECASE,
)
# A remark after the name: `-- opener`, `— good vs thrusts` (forums turn `--` into a dash).
_DASH_REMARK = lazy(r"\s(?:-{2,}|[\u2013\u2014])")
# A remark that is only a count is the count: `Back Away – 2`.
_COUNT_SHAPED = lazy(r"^\(?\s*(?:[x\u00d7]\s*)?\d+(?:\s*[x\u00d7])?\s*\)?$", re.IGNORECASE)
# List marks of markdown and forums before a line: `- `, `* `, `+ `, `• `, `1. `, `1) `.
_LIST_MARK = lazy(
    r"^(?:[-*+\u2013\u2014]\s+|[\u2022\u2023\u25aa\u25cf\u25e6\u00b7]\s*|(?P<number>\d{1,3})[.)]\s+)"
)
_BULLETS = frozenset("-*+\u2013\u2014\u2022\u2023\u25aa\u25cf\u25e6\u00b7")  # its first characters
# Digits fused to a word ("9mm"): a title that starts with digits, or a count without space.
_FUSED_DIGITS = lazy(r"^\d+[^\W\d_]")
_SET_CODE = lazy(r"^(?P<name>.+?)\s*\[(?P<set>[A-Za-z0-9][A-Za-z0-9 ._-]*)\]$")
# Collector numbers after a set code, as deck sites write them: "Thrust (SE) 12", "[SE] 12".
_COLLECTOR = lazy(
    r"^(?P<name>.+?)\s*(?:\((?P<paren>[A-Za-z0-9-]{1,12})\)|\[(?P<bracket>[A-Za-z0-9-]{1,12})\])"
    r"\s+#?(?P<number>[A-Za-z]{0,3}-?\d{1,5})$"
)
_INVISIBLE = dict.fromkeys(
    [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0xFEFF]
)
_LINE_BREAK = lazy(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines as editors count them: CRLF, lone CR and LF end a line, nothing else does
    (str.splitlines would also split on form feeds and Unicode separators)."""
    # most files end lines with LF alone: split without the pattern (the same lines)
    lines = text.split("\n") if "\r" not in text else _LINE_BREAK.split(text)
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


def list_mark(line: str) -> tuple[int | None, str] | None:
    """(its number, the rest) when the line starts with a list mark (`- `, `* `, `• `, `1. `;
    the number is None for a bullet), else None. Whether `3. Thrust` is a list item or three
    Thrust is the reader's to say (hlcg.deck.text)."""
    if line[:1] not in _BULLETS and "." not in line[1:4] and ")" not in line[1:4]:
        return None  # most lines: no bullet, no `1.` or `12)`; the pattern is not compiled
    mark = _LIST_MARK.match(line)
    if mark is None or mark.end() == len(line):
        return None
    number = mark["number"]
    return (int(number) if number else None), line[mark.end() :]


# -- section headers and `Key: value` lines

# Section header words as players write them, normalised by section_key.
SECTIONS = {
    "pre game": PREGAME,
    "pregame": PREGAME,
    "endurance": ENDURANCE,
    "deck": ENDURANCE,
    "main": ENDURANCE,
    "main deck": ENDURANCE,
    "maindeck": ENDURANCE,
    "decklist": ENDURANCE,  # a forum post heading its whole list
    "deck list": ENDURANCE,
    "sideboard": SIDEBOARD,
    "side board": SIDEBOARD,
    "side": SIDEBOARD,
    "sb": SIDEBOARD,
    # cards kept beside the deck, as forums head them: never counted as Endurance
    "side deck": SIDEBOARD,
    "sidedeck": SIDEBOARD,
    "reserve": SIDEBOARD,
    "reserves": SIDEBOARD,
    "extra": SIDEBOARD,
    "extras": SIDEBOARD,
}
# `Key: value` lines that are no section: the deck's persona, format and name.
KEY_WORDS = frozenset({"persona", "format", "name", "deck name", "title"})
# `Persona - Duncan MacLeod`, `Format – Type Two`: the key lines with a dash for a colon.
_DASHED_KEY = lazy(r"^(?P<word>persona|format)\s+[-\u2013\u2014]+\s+(?P<rest>\S.*)$", re.IGNORECASE)
# The key ``header`` gives a group header: a heading over some of the section's own cards
# ("Attacks (27):", "### Blocks", "**Specials (6)**"), layout rather than a section.
GROUP = "group"
# A header: a word, an optional count ("Deck (55)", "Endurance - 55", "Endurance 52",
# "Endurance (52 cards)"), then a colon and maybe the section's first card ("Pre-Game:
# Katana") or its count ("Deck: 52 cards"), or nothing at all ("PREGAME").
_CARDS = r"(?:\s+cards?)?"
_BRACKETED_OR_DASHED_COUNT = r"\s*\(\s*\d+" + _CARDS + r"\s*\)|\s+[-\u2013\u2014]\s*\d+" + _CARDS
# Forum counts too: "Attacks x27", "Attacks [27]", "Attacks (x27)".
_FORUM_COUNT = r"\s*\[\s*\d+" + _CARDS + r"\s*\]|\s*\(\s*[xX]\s*\d+\s*\)|\s+[xX]\s*\d+"
_HEADER_COUNT = rf"(?:{_BRACKETED_OR_DASHED_COUNT}|{_FORUM_COUNT}|\s+\d+{_CARDS})?"
# A header word: letters, hyphens and single spaces (collapsed by clean_line: runs of spaces
# would backtrack cubically against the `\s*` after), at most 80 (longer is no header, said
# at once: trying every length to the end of a 1 MB comment line took seconds).
_WORD = r"[A-Za-z](?:[A-Za-z-]| (?! )){0,80}?"
_HEADER = lazy(r"^(?P<word>" + _WORD + ")" + _HEADER_COUNT + r"\s*:\s*(?P<rest>.*)$")
_BARE_HEADER = lazy(r"^(?P<word>" + _WORD + ")" + _HEADER_COUNT + r"$")
# Shaped like a header with a count ("Attacks (27)", "Tricks - 4", "Attacks: 27"); "Thrust 3"
# is not (it may be a misspelt card line). Such a line naming no card is a bad header. Like
# _DASHED_KEY, looked for only in a line that starts as it must (most start with a count).
HEADER_SHAPED = lazy(
    r"^" + _WORD + "(?:" + _BRACKETED_OR_DASHED_COUNT + r"|\s*:\s*\d+" + _CARDS + r")$",
    re.IGNORECASE,
)
# What follows a header's colon when it is the section's size, not a card: "Deck: 52 cards".
_COUNT_ONLY = lazy(r"^\(?\s*\d+" + _CARDS + r"\s*\)?$", re.IGNORECASE)
# Forum and markdown decoration around a header: "== Deck ==", "**Deck:**", "__Deck__".
_DECORATION = lazy(r"[=*_~]+")
_DECORATION_MARKS = frozenset("=*_~[<")  # what any decoration or markup starts with
# phpBB BBCode and HTML, how forum posts marked their headers: "[b]Attacks[/b]",
# "[u]Blocks (18)[/u]", "[size=4]Deck[/size]", "<b>Attacks</b>".
_MARKUP = lazy(
    r"\[/?(?:b|i|u|s|size|color|colour|font|center|h[1-6])(?:=[^\]]*)?\]"
    r"|</?(?:b|i|u|s|strong|em|big|center|h[1-6]|span|font)(?:\s[^>]*)?>",
    re.IGNORECASE,
)


def section_key(word: str) -> str:
    """ "Pre-Game Cards" -> "pre game": case, hyphens, spacing and a trailing "cards" folded."""
    words = word.lower().replace("-", " ").split()
    if len(words) > 1 and words[-1] in ("cards", "card"):
        words.pop()
    return " ".join(words)


def section_named(word: str) -> str | None:
    """The section a header word names, as players and deck programs write it: "Pre-Game
    Cards", "PREGAME", "Main Deck", "SB" (None for any other word)."""
    return SECTIONS.get(section_key(word))


# Groupings players head a part of the deck with, besides the card types themselves.
_GROUP_WORDS = frozenset(
    {"special", "defense", "defence", "basic", "basic attack", "basic block", "basic defense",
     "basic defence", "weapon"}
)  # fmt: skip


def _singular(word: str) -> str:
    return " ".join(
        w[:-1] if w.endswith("s") and len(w) > 3 else w for w in section_key(word).split()
    )


def names_card_group(word: str) -> bool:
    """A header word naming a group of the deck's own cards ("Attacks", "Special Attacks",
    "Specials (6)", "Basic Blocks"), not a part kept out of the deck ("Side deck")."""
    from hlcg.catalog import CARD_TYPES

    singular = _singular(word)
    return singular in _GROUP_WORDS or singular in {t.replace("-", " ") for t in CARD_TYPES}


def group_side(word: str) -> str | None:
    """The side of the deck a group's cards are on: PREGAME for pre-game types
    ("Premiums"), ENDURANCE for in-game ones ("Attacks", "Specials", "Defenses"), None when
    the word does not say ("Weapons": a Weapon of Choice or weapon cards)."""
    from hlcg.catalog import PREGAME_TYPES

    singular = _singular(word)
    if singular == "weapon":
        return None
    pregame = {t.replace("-", " ") for t in PREGAME_TYPES}
    return PREGAME if singular in pregame else ENDURANCE


def _plural(word: str) -> bool:
    """A plural header word ("Blocks", "Weapons of Choice")."""
    return any(w.endswith("s") for w in section_key(word).split())


_DIGITS = lazy(r"\d+")


def group_count(line: str) -> int | None:
    """The count a header gives ("Attacks (27):" -> 27; "[size=4]Attacks" none), or None."""
    unmarked = _MARKUP.sub(" ", line) if "[" in line or "<" in line else line
    if not any(char.isdecimal() for char in unmarked):  # "Endurance:": no pattern compiled
        return None
    found = _DIGITS.search(unmarked)
    return copies_value(found.group()) if found else None


def _count_only(rest: str) -> bool:
    """Whether a header's rest is only its count ("Deck: 52 cards"). The pattern is run only
    on a rest that starts as it must, with a bracket, a space or a digit ("Endurance:",
    "Persona: Duncan MacLeod" do not)."""
    first = rest[:1]
    if not (first == "(" or first.isdecimal() or first.isspace()):
        return False
    return _COUNT_ONLY.match(rest) is not None


def _colon_header(word: str, rest: str) -> tuple[str, str, str]:
    """A `Word: rest` line as ``header`` reads it."""
    key = section_key(word)
    counted = _count_only(rest)
    if key in SECTIONS:
        return key, word.strip(), "" if counted else rest
    group = not rest or (counted and _plural(word))
    if key not in KEY_WORDS and group and names_card_group(word):
        return GROUP, word.strip(), rest
    return key, word.strip(), rest


def _may_be_dashed(line: str) -> bool:
    """Whether _DASHED_KEY may match: a space right after `Format` or `Persona`, and a dash
    (`Persona: Duncan MacLeod`, `Format: first-edition` have no such space: no pattern run)."""
    after = line[6:7] if line[:1] in "fF" else line[7:8] if line[:1] in "pP" else ""
    return after.isspace() and ("-" in line or "\u2013" in line or "\u2014" in line)


_PLAIN_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-")


def _word_colon(line: str) -> tuple[str, str] | None:
    """(word, rest) as _HEADER matches a `Word: rest` line. A word of letters and hyphens
    right before the colon ("Persona:", "Pre-Game:", most headers) is taken with str methods:
    nothing else of the pattern can match there, and the pattern is compiled only for the
    rest ("Deck (55):", "Side deck:")."""
    word, colon, rest = line.partition(":")
    if not colon:
        return None  # the pattern needs a colon
    if len(word) <= 81 and _PLAIN_WORD.issuperset(word) and "\n" not in rest:
        return word, rest.lstrip()  # (the caller has checked the word starts with a letter)
    found = _HEADER.match(line)
    return (found["word"], found["rest"]) if found else None


def header(line: str) -> tuple[str, str, str] | None:
    """(key, word as written, rest of the line) when the line is a header or a `Key: value`
    line; None for a card line. A section's size after its colon ("Deck: 52 cards") is no
    card, and decoration ("== Deck ==", "**Deck:**", "[b]Deck:[/b]", "<b>Deck</b>") is taken
    off a section header. A group
    header's key is GROUP: a card group word with a colon and nothing but a count after it
    ("Attacks: 27", "Event:"), or a plural one without ("Blocks", "Specials (6)"): a
    singular word and a count is a card line ("Dodge 3")."""
    dashed = _DASHED_KEY.match(line) if _may_be_dashed(line) else None
    if dashed:
        return dashed["word"].lower(), dashed["word"], dashed["rest"].strip()
    lettered = line[:1].isalpha()  # a header word starts with a letter, a card line its count
    colon = _word_colon(line) if lettered else None
    if colon:
        return _colon_header(colon[0], colon[1].strip())
    bare = _BARE_HEADER.match(line) if lettered else None
    if bare and section_key(bare["word"]) in SECTIONS:
        return section_key(bare["word"]), bare["word"].strip(), ""
    if bare and _plural(bare["word"]) and names_card_group(bare["word"]):
        return GROUP, bare["word"].strip(), line[bare.end("word") :].strip()
    if _DECORATION_MARKS.isdisjoint(line):  # most card lines: neither pattern is run
        undecorated = " ".join(line.split())
    else:
        undecorated = " ".join(_DECORATION.sub(" ", _MARKUP.sub(" ", line)).split())
    if undecorated != line and undecorated:
        # "**Format:** 1st Ed", "**Side deck:**" read as they would undecorated
        return header(undecorated)
    return None


# -- card lines


_WHOLE_NUMBER = lazy(r"[-+]?\d+")


def copies_value(text: str) -> int | None:
    """The number ``text`` writes in ASCII digits, at most a few more digits than any count
    has; None for anything else. `²` and `٣` are digits to str.isdigit and int(), but no
    count, and int() of 4,300 digits raises: every reader converts counts through this."""
    digits = text.lstrip("0")
    if not text or not text.isascii() or not text.isdigit() or len(digits) > _COUNT_DIGITS:
        return None
    return int(text)


_COUNT_DIGITS = len(str(MAX_COPIES)) + 1  # one more: 1000 is a count too large, not junk


def _shown_token(token: str) -> str:
    return token if len(token) <= 40 else f"{token[:20]}... ({len(token)} characters)"


def _quantity(token: str) -> tuple[int | None, str | None]:
    """(count, None) or (None, why the quantity is not acceptable)."""
    if _WHOLE_NUMBER.fullmatch(token):
        sign = token[0] if token[0] in "+-" else ""
        value = copies_value(token[len(sign) :])
        if value is None:
            if token.isascii():
                return (
                    None,
                    f"quantity {_shown_token(token)} is over the {MAX_COPIES} copies hlcg accepts",
                )
            return None, f"quantity {_shown_token(token)} is not written in digits 0-9"
        value = -value if sign == "-" else value
        if value < 1:
            return None, f"quantity {value} is not a positive whole number"
        if value > MAX_COPIES:
            return None, f"quantity {value} is over the {MAX_COPIES} copies hlcg accepts"
        return value, None
    return None, f"quantity {token} is not a whole number"


# Where a line's count was written: before the name, after it (BARE: as a plain number,
# `: 2` or `- 2`, which a title may end in), or nowhere (one copy).
LEADING, TRAILING, BARE, NONE = "leading", "trailing", "bare", "none"


def _bad_count(line_no: int, problem: str | None, text: str) -> LineIssue:
    shown = text if len(text) <= 80 else f"{text[:60]}..."
    return LineIssue(line_no, f"{problem}: {shown!r}", "write a count from 1 upwards")


def _trailing(text: str) -> tuple[str, str, bool] | None:
    """(name, count as written, whether any value is a count: not a bare number) for a count
    after the name."""
    tail = text[-_TAIL:]
    found = _TRAILING_QUANTITY.search(tail)
    if found is None:
        return None
    name = text[: len(text) - len(tail) + found.start()].strip()
    if not name:
        return None
    if found["bare"] is not None:
        return name, found["bare"], False
    return name, found["paren"] or found["x"] or found["suffixed"], True


def split_count(line_no: int, text: str, leading: bool = True) -> tuple[int, str, str] | LineIssue:
    """(count, name, where the count was written) for `3 X`, `3x X`, `x3 X`, `(3) X`, `X x3`,
    `X (x3)`, `X ×3`, `X 3`, `X: 3`, `X - 3` or just `X`; ``leading=False`` reads digits
    at the start as part of the name ("9mm")."""
    quantity = _QUANTITY.match(text) if leading else None
    if quantity:
        token = quantity["paren"] or quantity["xpre"] or quantity["num"]
        rest = quantity["name"].strip()
        if rest:
            value, problem = _quantity(token)
            if value is None:
                return _bad_count(line_no, problem, text)
            return value, rest, LEADING
        return 1, text, NONE
    trailing = _trailing(text)
    if trailing is None or (not trailing[2] and _COLLECTOR.match(text)):
        return 1, text, NONE  # "Thrust (SE) 12": a collector number, not 12 copies
    name, token, always = trailing
    value, problem = _quantity(token)
    if value is None:
        return _bad_count(line_no, problem, text) if always else (1, text, NONE)
    return value, name, TRAILING if always else BARE


def written_count(text: str) -> bool:
    """The line writes a count (before or after the name)."""
    split = split_count(0, text)
    return isinstance(split, LineIssue) or split[2] != NONE


def split_set_code(name: str) -> tuple[str, str | None]:
    if "[" not in name and "(" not in name:
        return name, None  # most lines: no bracket, no set code
    if len(name) > MAX_NAME:
        # no card (refused by its length); and `.+?\s*\[` backtracks over long runs of
        # spaces, which JSON and XML names keep as written
        return name, None
    collector = _COLLECTOR.match(name)
    if collector:
        return collector["name"].strip(), collector["paren"] or collector["bracket"]
    coded = _SET_CODE.match(name)
    if coded:
        return coded["name"].strip(), coded["set"].strip()
    return name, None


def _dash_remark(text: str) -> tuple[str, str | None]:
    """(the line before a `-- remark`, the remark as written); a dash before a count only
    (`Back Away – 2`) is no remark."""
    if "--" not in text and "\u2013" not in text and "\u2014" not in text:
        return text, None
    dash = _DASH_REMARK.search(text)
    if dash is None:
        return text, None
    before, remark = text[: dash.start()].strip(), text[dash.start() :].strip()
    said = remark.lstrip("-\u2013\u2014 ")
    if not before or not said or (len(said) <= 12 and _COUNT_SHAPED.match(said)):
        return text, None
    return before, remark


def paren_remark(name: str) -> tuple[str, str] | None:
    """ "Dodge (vs thrusts)" -> ("Dodge", "(vs thrusts)"): the name and a round-bracket
    remark after it, which may as well be part of a title ("Master's Block (Ramirez)")."""
    if not name.endswith(")"):
        return None
    opening = name.rfind("(")
    inside = name[opening + 1 : -1]
    if opening <= 0 or "(" in inside or ")" in inside or not inside.strip():
        return None
    before = name[:opening].strip()
    return (before, name[opening:]) if before else None


def remark_start(text: str, remark: str) -> int:
    """Where a line's remark (as hlcg.deck.readings kept it) starts in the line as written."""
    dash = _DASH_REMARK.search(text)
    end = dash.start() if dash is not None else len(text)
    if remark.startswith("("):
        opening = text.rfind("(", 0, end)
        return opening if opening >= 0 else end
    return end


def _joined(*remarks: str | None) -> str | None:
    return " ".join(r for r in remarks if r) or None


def _readings(line_no: int, text: str) -> tuple[list[Reading], Reading] | LineIssue:
    """Every way to read the line, least taken off first: the whole line, without a count
    after the name (a title may end in a number), without a `-- remark`, without a trailing
    `(remark)`; and the reading the line shows before any is chosen (its round brackets
    kept: they may be a subtitle)."""
    rest, dash = _dash_remark(text)
    split = split_count(line_no, rest)
    if isinstance(split, LineIssue):
        return split
    count, name, where = split
    readings: list[Reading] = []
    if _fused_digits(text):
        # "9mm" (and "9mm x2"): a title starting with digits before nine "mm"
        titled = split_count(line_no, rest, leading=False)
        if not isinstance(titled, LineIssue):
            readings.append(Reading(titled[1], titled[0]))
    if dash is not None:
        whole = split_count(line_no, text)
        if not isinstance(whole, LineIssue):
            readings.append(Reading(whole[1], whole[0]))
    if where == BARE:
        readings.append(Reading(rest, 1))  # "Pedestrian: Delay 2" before two "Pedestrian: Delay"
    paren = paren_remark(name)
    if paren is not None and where == NONE:
        # "Dodge x3 (vs blocks)": a count, then a remark
        inner = split_count(line_no, paren[0])
        if not isinstance(inner, LineIssue) and inner[2] in (TRAILING, BARE):
            count, name = inner[0], f"{inner[1]} {paren[1]}"
            paren = (inner[1], paren[1])
    shown = Reading(name, count, remark=dash)
    readings.append(shown)
    if paren is not None:
        readings.append(Reading(paren[0], count, remark=_joined(paren[1], dash)))
    return readings, shown


def _fused_digits(text: str) -> bool:
    """Whether the line starts with digits fused to a word ("9mm"). After a count and a
    space ("3 Thrust", most lines) the pattern cannot match and is not compiled."""
    if not text[:1].isdecimal():  # the pattern's \d: a Unicode decimal digit
        return False
    for char in text:
        if not char.isdecimal():
            return not char.isspace() and _FUSED_DIGITS.match(text) is not None
    return False  # all digits: no word after them


def _with_set_code(reading: Reading) -> Reading:
    name, set_code = split_set_code(reading.name)
    if set_code is None and reading.set_code is None:
        return reading  # most lines: the same reading (a NamedTuple's _replace is slow)
    return reading._replace(name=name, set_code=set_code)


def long_name(line_no: int | None, name: str, where: str = "") -> LineIssue:
    """The problem of a card name longer than any card's (every reader refuses it)."""
    return LineIssue(
        line_no,
        f"{where}a card name of {len(name)} characters (at most {MAX_NAME}): {name[:40]!r}...",
        "write one card per line",
    )


def parse_line(line_no: int, text: str, section: str | None) -> Entry | LineIssue:
    """One non-empty, non-header line as an entry (or the reason it is not one). A line
    that may be read in several ways keeps them all: hlcg.deck.readings picks one."""
    read = _readings(line_no, text)
    if isinstance(read, LineIssue):
        return read
    readings, shown = read
    if len(shown.name) > MAX_NAME:
        return long_name(line_no, shown.name)
    if len(readings) == 1:
        kept = [_with_set_code(shown)]
        shown = kept[0]
    else:
        coded = {r: _with_set_code(r) for r in readings if len(r.name) <= MAX_NAME}
        kept, shown = list(dict.fromkeys(coded.values())), coded[shown]
    if not shown.name or not any(ch.isalnum() for ch in shown.name):
        return LineIssue(line_no, f"no card name in {text!r}", "write `COUNT CARD NAME`")
    return Entry(
        name=shown.name,
        count=shown.count,
        line=line_no,
        section=section,
        set_code=shown.set_code,
        readings=tuple(kept) if len(kept) > 1 else (),
        remark=shown.remark,
        header_text=text if text[:1].isalpha() and HEADER_SHAPED.match(text) else None,
    )
