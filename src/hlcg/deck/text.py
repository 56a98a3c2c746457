"""Read the text deck format.

    # comment            // comment too; blank lines are ignored
    Format: type-two
    Persona: Duncan MacLeod
    Pre-Game:            (also Pregame:, case-insensitive)
    Katana
    Endurance:           (also Deck:)
    3 Upper Left Attack  (also 3x, 3 x, x3, (3), or a trailing x3; no count = 1)
    - Dodge 2 -- vs thrusts   (list marks, counts after the name, remarks)
    2 Master's Block (Ramirez) [AT]
    1 Master's Block: Duncan MacLeod
    2 business-as-usual-grayson-2   (a catalogue id)
    Side deck:           (an unknown header: one problem, its cards listed apart)

Every line is accounted for: parsed into an entry or header, ignored as blank, comment or
decoration, or reported as a ``LineIssue`` with its line number. What one line says (a
header or a card line) is hlcg.deck.lines'; which reading of a line is meant is
hlcg.deck.readings' to say, with the catalogue.
"""

from hlcg import lazy
from hlcg.deck.lines import (
    GROUP,
    KEY_WORDS,
    MAX_NAME,
    SECTIONS,
    clean_line,
    group_count,
    group_side,
    header,
    list_mark,
    parse_line,
    split_lines,
    split_set_code,
    written_count,
)
from hlcg.deck.model import ENDURANCE, NO_PERSONA, PREGAME, SIDEBOARD, Deck, Entry, LineIssue
from hlcg.problems import Severity

# `Persona: Duncan MacLeod (2E)`: a set or edition code in brackets after a persona name.
# Only codes shaped like ours (digits and capitals): "(Ramirez)" stays a subtitle.
_PAREN_CODE = lazy(r"^(?P<name>.+?)\s*\((?P<code>[0-9][A-Za-z0-9-]{0,11}|[A-Z]{1,4})\)$")


def _heading_text(raw: str) -> str | None:
    """The text of a markdown heading (`### Deck ##` -> "Deck"): 1 to 6 `#`, a space, the
    text, maybe closing `#`s. Taken apart with str methods: the pattern that said this
    (`#{1,6}\\s+(.*?)\\s*#*\\s*$`) backtracked cubically over a long run of `#` and
    spaces (a 3 KB comment line took a minute)."""
    line = raw.lstrip()
    rest = line.lstrip("#")
    if not 1 <= len(line) - len(rest) <= 6 or not rest[:1].isspace():
        return None
    return rest.rstrip().rstrip("#").rstrip().lstrip()


# A line of decoration only: a markdown rule (`---`, `***`), a heading underline (`===`).
_DECORATION_ONLY = lazy(r"^[-=*_~+\u2022\u00b7\u2013\u2014 ]+$")
_DECORATION_STARTS = frozenset("-=*_~+\u2022\u00b7\u2013\u2014 ")


def is_decoration(line: str) -> bool:
    """A line of markdown or forum decoration only (`---`, `***`, `===`); a line that does
    not start like one (a card line) is not matched at all."""
    return line[:1] in _DECORATION_STARTS and _DECORATION_ONLY.match(line) is not None


def _markdown_heading(raw: str) -> str | None:
    """The header a markdown heading names ("### Pre-Game" -> "Pre-Game"); None for any
    other `#` line, which stays a comment."""
    heading = _heading_text(raw)
    if heading is None:
        return None
    text = clean_line(heading)
    found = header(text) if text else None
    return text if found and (found[0] in SECTIONS or found[0] == GROUP) else None


class _Apart:
    """An unknown header whose cards are listed apart: its problem's place and its cards."""

    # A plain class, as the records below: a NamedTuple costs ten times as much to create at
    # import, and these are only ever read by attribute.
    __slots__ = ("issue", "cards")

    def __init__(self, issue: int, cards: list[Entry]) -> None:
        self.issue, self.cards = issue, cards


class _Group:
    """A group header's line, as written, the count it gives and the copies listed under
    it so far."""

    def __init__(self, line: int, text: str, count: int | None) -> None:
        self.line, self.text, self.count, self.copies = line, text, count, 0

    def issue(self) -> LineIssue | None:
        """A warning when the header's count is not the copies under it: a typo in the
        list is worth knowing, but no rulebook makes a header part of legality."""
        if self.count is None or self.count == self.copies:
            return None
        return LineIssue(
            self.line,
            f"group header {self.text!r} gives {self.count} cards; the lines under it "
            f"list {self.copies}",
            "check the list for a missing or extra line, or correct the header's count",
            Severity.WARNING,
        )


class _Counted:
    """A section header that gives a count ("Endurance - 50", "Deck (55):"): its line, as
    written, the count, its section and the (line, copies) of the lines under it."""

    __slots__ = ("line", "text", "given", "section", "lines")

    def __init__(
        self, line: int, text: str, given: int, section: str | None, lines: list[tuple[int, int]]
    ) -> None:
        self.line, self.text, self.given, self.section = line, text, given, section
        self.lines = lines

    def issue(self, prose: set[int], whole: tuple[int, int], persona: int) -> LineIssue | None:
        """A warning, as a group header's, unless the count is the copies under it, with
        or without the lines that may be a post's prose (hlcg.deck.prose), as players
        count: the `Persona:` line's persona among the pre-game ("Pre-Game: 2 cards" over a
        War Axe), the ``whole`` deck on an Endurance header ("Deck (53):" over 52 cards
        and a War Axe)."""
        copies = sum(n for _, n in self.lines)
        carded = sum(n for line, n in self.lines if line not in prose)
        counts = {copies, carded}
        if self.section == PREGAME:
            counts |= {copies + persona, carded + persona}
        if self.section == ENDURANCE:
            counts |= {*whole, *(n + persona for n in whole)}
        if self.given in counts:
            return None
        return LineIssue(
            self.line,
            f"section header {self.text!r} gives {self.given} cards; the lines under it "
            f"list {carded}",
            "check the list for a missing or extra line, or correct the header's count",
            Severity.WARNING,
        )


class _Reading:
    """Where the reader is: the current section, the line each section began on, the
    number of the last numbered list item, the unknown headers whose cards are apart, and
    the group header the lines are under."""

    def __init__(self) -> None:
        self.section: str | None = None
        self.seen: dict[str, int] = {}
        self.last_number: int | None = None
        self.apart: list[_Apart] = []
        self.setting_apart = False
        self.group: _Group | None = None
        # The section a group header is within, restored by the next group header.
        self.outer: str | None = None
        self.in_group = False
        # Section headers that give a count, the last one still counting its lines.
        self.counted: list[_Counted] = []
        self.counting = False

    def end_group(self, deck: Deck) -> None:
        if self.group is not None:
            issue = self.group.issue()
            if issue is not None:
                deck.issues.append(issue)
        self.group = None

    def take(self, deck: Deck, parsed: Entry, section: str | None, *, own_line: bool) -> None:
        """A card line read in ``section``: into the deck or its sideboard, counted under
        the group and section headers it is under."""
        if self.group is not None and parsed.header_text is None:
            self.group.copies += parsed.count
        if self.counting and (section != SIDEBOARD or self.section == SIDEBOARD):
            self.counted[-1].lines.append((parsed.line or 0, parsed.count))
        if section == SIDEBOARD:
            deck.sideboard.append(parsed)
            if self.setting_apart and own_line:
                self.apart[-1].cards.append(parsed)
        else:
            deck.entries.append(parsed)

    def unmarked(self, line: str) -> str:
        """The line without its list mark. `3. Thrust` is three Thrust unless it continues
        a numbered list (`1.`, then `2.`...) or the line writes its own count."""
        mark = list_mark(line)
        if mark is None:
            return line
        number, rest = mark
        if number is None:
            return rest
        if number in (1, (self.last_number or 0) + 1) or written_count(rest):
            self.last_number = number
            return rest
        self.last_number = None
        return f"{number} {rest}"


def parse_text(text: str, path: str = "<deck>") -> Deck:
    deck = Deck(path=path)
    reading = _Reading()
    uncounted: set[int] = set()  # card lines written without a count
    for line_no, raw in enumerate(split_lines(text), start=1):
        line = clean_line(raw) or _markdown_heading(raw)
        if not line or is_decoration(line):
            deck.ignored.append(line_no)
            continue
        line = reading.unmarked(line)
        found = header(line)
        line_section, card_text = reading.section, line
        if found is not None:
            card_line = _take_header(deck, reading, line_no, line, found)
            if card_line is None:
                continue
            line_section, card_text = card_line
        parsed = parse_line(line_no, card_text, line_section)
        if isinstance(parsed, LineIssue):
            deck.issues.append(parsed)
            continue
        if not written_count(card_text):
            uncounted.add(line_no)
        reading.take(deck, parsed, line_section, own_line=card_text is line)
    reading.end_group(deck)
    for apart in reading.apart:
        _say_apart(deck, apart)
    _mark_prose(deck, uncounted)
    _say_section_counts(deck, reading.counted)
    return deck


def _say_section_counts(deck: Deck, counted: list[_Counted]) -> None:
    """A warning for each section header whose count the lines do not add up to."""
    prose = {e.line for e in (*deck.entries, *deck.sideboard) if e.prose and e.line}
    whole = (
        sum(e.count for e in deck.entries),
        sum(e.count for e in deck.entries if e.line not in prose),
    )
    persona = int(bool(deck.persona))
    deck.issues += [i for c in counted if (i := c.issue(prose, whole, persona)) is not None]


def _mark_prose(deck: Deck, uncounted: set[int]) -> None:
    """Lines that may be a forum post's prose: written without a count, before the first
    section header or after the last line that writes one (resolve decides, with the
    catalogue, whether each names a card)."""
    first_section = next(
        (line for line in deck.headers if line not in (deck.persona_line, deck.format_line)),
        None,
    )
    entries = deck.entries
    for number, entry in enumerate(entries):
        if first_section is not None and (entry.line or 0) > first_section:
            break
        if not entry.header_text and entry.line in uncounted:
            entries[number] = entry._replace(prose=True)
    _mark_trailing_prose(deck, uncounted)


def _mark_trailing_prose(deck: Deck, uncounted: set[int]) -> None:
    """The lines after the last one that writes a count (a sign-off after the sideboard
    too) may be prose."""
    listed = sorted(
        [(e.line or 0, n, deck.entries) for n, e in enumerate(deck.entries)]
        + [(e.line or 0, n, deck.sideboard) for n, e in enumerate(deck.sideboard)],
        key=lambda item: item[0],
    )
    for line, number, where in reversed(listed):
        if where[number].header_text or line not in uncounted:
            break
        where[number] = where[number]._replace(prose=True)


def _say_apart(deck: Deck, apart: _Apart) -> None:
    """The unknown header's problem says where its cards went."""
    copies = sum(entry.count for entry in apart.cards)
    if not copies:
        return
    issue = deck.issues[apart.issue]
    cards = f"{copies} cards under it are" if copies != 1 else "card under it is"
    deck.issues[apart.issue] = issue._replace(
        message=f"{issue.message}; the {cards} listed apart and not counted, as a sideboard",
        fix="write `Sideboard:` to keep them out of the deck, or `Endurance:` to play them",
    )


def _take_header(
    deck: Deck, reading: _Reading, line_no: int, line: str, found: tuple[str, str, str]
) -> tuple[str | None, str] | None:
    """Read a header or `Key: value` line into the deck; (section, card text) for a card
    the line also holds (`Pre-Game: Katana`, or a `Word: text` line that is no header),
    None when it holds none."""
    key, word, rest = found
    reading.end_group(deck)
    if key == GROUP:
        _take_group(deck, reading, line_no, line, word)
        return None
    if key in SECTIONS:
        reading.in_group = False
        deck.headers.append(line_no)
        if key == "sb" and rest:
            # `SB: 2 Dodge`: a sideboard card on its own line; the section goes on.
            return SIDEBOARD, rest
        reading.section, reading.setting_apart = SECTIONS[key], False
        count = group_count(line) if not rest else None
        reading.counting = count is not None
        if count is not None:
            reading.counted.append(_Counted(line_no, line, count, reading.section, []))
        _note_section(deck, reading.seen, reading.section, word, line_no)
        # `Pre-Game: Katana`: the section's first card
        return (reading.section, rest) if rest else None
    if key in KEY_WORDS:
        _set_value(deck, key, line_no, rest)
        deck.headers.append(line_no)
        return None
    if rest or _reads_as_sentence(line):
        # a `Word: text` line that is no header; or a post's title line ("My Kurgan deck:"),
        # read as a line of text, which resolve may find to be prose (hlcg.deck.prose)
        return reading.section, line
    reading.counting = False
    deck.issues.append(
        LineIssue(
            line_no,
            f"unknown section header {line!r}",
            "use `Pre-Game:`, `Endurance:` or `Sideboard:`",
        )
    )
    # "Side deck:"-like words no list knows ("Tricks:"): cards kept out of the deck
    reading.section, reading.setting_apart, reading.in_group = SIDEBOARD, True, False
    reading.apart.append(_Apart(len(deck.issues) - 1, []))
    return None


def _reads_as_sentence(line: str) -> bool:
    from hlcg.deck.resolver import reads_as_sentence

    return reads_as_sentence(line.rstrip(":").rstrip())


def _take_group(deck: Deck, reading: _Reading, line_no: int, line: str, word: str) -> None:
    """A group header ("Attacks (27):", "### Blocks", "**Specials (6)**") is layout within
    the section it is in: its cards stay in that section. A group of the other side's
    cards (in-game "Attacks" right after the pre-game) is placed by type, as lines before any
    header are."""
    deck.headers.append(line_no)
    if not reading.in_group:
        reading.outer, reading.in_group = reading.section, True
    section, side = reading.outer, group_side(word)
    if section in SECTIONS.values() and section != SIDEBOARD and side not in (None, section):
        section = None
    reading.section = section
    reading.group = _Group(line_no, line, group_count(line))


def _set_value(deck: Deck, key: str, line_no: int, rest: str) -> None:
    if key == "persona":
        set_persona(deck, line_no, rest)
    elif key == "format":
        _set_format(deck, line_no, rest)
    else:
        deck.name = rest


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
        named, named_line = deck.persona, deck.persona_line
        persona, persona_set = split_persona(name)
        # Of two personas the one first by name is judged, whichever line comes first:
        # the same lines in another order give the same verdict and fingerprint.
        if _persona_order(persona, persona_set) < _persona_order(named, deck.persona_set):
            deck.persona, deck.persona_set, deck.persona_line = persona, persona_set, line_no
        deck.issues.append(
            LineIssue(
                line_no,
                f"second Persona line {name!r}; the deck already names {named!r} "
                f"on line {named_line}; judged as {deck.persona!r} (the first by name)",
                "keep one Persona line",
            )
        )
    else:
        deck.persona, deck.persona_set = split_persona(name)
        deck.persona_line = line_no


def _persona_order(name: str, set_code: str | None) -> tuple[str, str, str]:
    return name.casefold(), name, set_code or ""


def split_persona(written: str) -> tuple[str, str | None]:
    """ "Duncan MacLeod [2E-CvD]" or "Duncan MacLeod (2E)" -> name, set or edition code."""
    name, set_code = split_set_code(written)
    edition = _PAREN_CODE.match(name) if len(name) <= MAX_NAME and "(" in name else None
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
