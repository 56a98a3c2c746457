"""LackeyCCG `.dek` and OCTGN `.o8d` decks, read as untrusted input and written back.

LackeyCCG: `<deck version="0.8"><meta><game>...</game></meta><superzone name="Deck">` with one
`<card><name id="...">Name</name><set>...</set></card>` per physical copy.
OCTGN: `<deck game="..."><section name="...">` with `<card qty="N" id="...">Name</card>`.

Parsing goes through defusedxml: no DTDs, no entity expansion, no external entities, no
network. A refused or broken file is one deck-syntax problem, never a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import suppress
from xml.etree.ElementTree import Element, SubElement, indent, tostring

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, fromstring

from hlcg.deck.kinds import LACKEY
from hlcg.deck.lines import (
    GROUP,
    MAX_COPIES,
    SECTIONS,
    clean_line,
    copies_value,
    header,
    names_card_group,
    section_named,
    split_set_code,
)
from hlcg.deck.model import ENDURANCE, PREGAME, SIDEBOARD, Deck, Entry, Line, LineIssue
from hlcg.deck.text import set_persona
from hlcg.errors import DeckFileError

# The game a written deck names, as each program expects it, when the source file names
# none: LackeyCCG's <game> is the plugin's name (the LackeyCCG decks in examples/programs
# and tests/decks_tried write "Highlander"); OCTGN's game attribute is its game definition's
# GUID. No public Highlander plugin for either was found, so OCTGN gets a placeholder GUID of
# hlcg's own (uuid5 of urn:hlcg:game:highlander-the-card-game); `deck convert --game` names
# the real one.
LACKEY_GAME = "Highlander"
OCTGN_GAME = "b30bca5b-f3b2-50c1-9138-6cb0f7e75709"
_GUID = re.compile(r"^\{?[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}\}?$")


def is_guid(text: str) -> bool:
    return bool(_GUID.match(text))


# defusedxml's refusals, in words (its exception reprs name Python classes).
_REFUSED = {
    "DTDForbidden": "a DTD (document type declaration)",
    "EntitiesForbidden": "an entity declaration",
    "ExternalReferenceForbidden": "a reference to an external file",
    "NotSupportedError": "markup the reader does not support",
}
# A format line in OCTGN's free-text notes: `Format: Type Two` or `Format = Type 2`. Matched
# on each line with its spaces stripped first: a multi-line pattern with `\s*` around a lazy
# group backtracks super-linearly over a long run of spaces or blank lines.
_FORMAT_LINE = re.compile(r"Format\s*[:=](?P<value>.*)", re.I | re.S)


def format_note(notes: str) -> str | None:
    """The format a `Format:` line of the notes names, or None."""
    for line in notes.split("\n"):
        found = _FORMAT_LINE.match(line.lstrip())
        if found and found["value"].strip():
            return found["value"].strip()
    return None


PERSONA_ZONE = "persona"


GROUP_ZONE = "group"


def _zone(name: str | None) -> str | None:
    """Lackey superzones and OCTGN sections are named like text headers ("Deck", "Pregame");
    a "Persona" section (OCTGN decks often have one) holds the persona card, and one named
    for a group of the deck's cards ("Attacks", "Specials") holds deck cards, placed by
    type as a text deck's group headers' are."""
    if (name or "").strip().lower() == PERSONA_ZONE:
        return PERSONA_ZONE
    named = section_named(name or "")
    if named is not None:
        return named
    # "Sideboard (2)", "Reserve:", "Specials (5)": a zone named as a text header is written
    found = header(clean_line(name or ""))
    if found is not None and found[0] in SECTIONS:
        return SECTIONS[found[0]]
    if (found is not None and found[0] == GROUP) or names_card_group(name or ""):
        return GROUP_ZONE
    return None


def _placed(section: str) -> str | None:
    """The section an entry of a zone is in: a group's cards are placed by type (None)."""
    return None if section == GROUP_ZONE else section


def _card_lines(text: str) -> Iterator[int]:
    """Line numbers of the <card> elements, in document order (ElementTree keeps none), as
    expat reports them: a `<card` in a comment, CDATA or the notes' text is no element and
    shifts no later line. Read once more only after defusedxml accepted the document (no
    DTD, no entities), in one pass, so a 5 MB deck costs one more parse."""
    from xml.parsers.expat import ExpatError, ParserCreate

    lines: list[int] = []
    parser = ParserCreate()

    def started(name: str, _attributes: object) -> None:
        if name == "card":
            lines.append(parser.CurrentLineNumber)

    parser.StartElementHandler = started
    with suppress(ExpatError):  # accepted once already; the cards found are kept
        parser.Parse(text, True)
    return iter(lines)


def _cards_by_container(root: Element, container: str) -> Iterator[tuple[Element | None, Element]]:
    """Every <card> in document order with its nearest ``container`` (a LackeyCCG
    superzone, an OCTGN section; None outside any), walked once with a stack: a card in
    nested sections belongs to the innermost one and is read once, and nesting costs
    nothing more than the elements it holds."""
    stack: list[tuple[Element, Element | None]] = [(root, None)]
    while stack:
        element, holder = stack.pop()
        if element.tag == "card":
            yield holder, element
        inner = element if element.tag == container else holder
        stack.extend((child, inner) for child in reversed(element))


def parse_xml(text: str, path: str, reader: str) -> Deck:
    """A LackeyCCG (``reader`` LACKEY) or OCTGN deck (hlcg.deck.kinds)."""
    deck = Deck(path=path)
    try:
        root = fromstring(text, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        what = _REFUSED.get(type(exc).__name__, "unsafe markup")
        deck.issues.append(
            LineIssue(
                1,
                f"XML refused: it contains {what}",
                "export the deck again without a DTD or entities",
            )
        )
        return deck
    except ParseError as exc:
        # A file that is not XML at all (truncated, binary, garbage) cannot be read: it is an
        # unreadable deck (exit 2), not an empty deck judged by the rules.
        raise DeckFileError(f"{path}: not well-formed XML: {exc}") from None
    if root.tag != "deck":  # XML of another program: no deck to judge (exit 2, not 1)
        raise DeckFileError(
            f"{path}: not a deck: the XML's root element is <{root.tag}>, not <deck>; "
            "export the deck from LackeyCCG or OCTGN"
        )
    lines = _card_lines(text)
    _read_format(root, deck)
    game = root.findtext("meta/game") if reader == LACKEY else root.get("game")
    deck.game = (game or "").strip() or None
    if reader == LACKEY:
        _read_lackey(root, deck, lines)
    else:
        _read_octgn(root, deck, lines)
    return deck


def _read_format(root: Element, deck: Deck) -> None:
    """The format as written, from LackeyCCG's <meta><format> or a `Format:` (or `Format =`)
    line in the <notes> (OCTGN's free text, CDATA or not); `hlcg.catalog.format_named`
    reads it. Formats the notes only mention in prose are kept as ``format_mentions``."""
    meta_format = root.find("meta/format")
    if meta_format is not None and (meta_format.text or "").strip():
        deck.format = (meta_format.text or "").strip()
        return
    notes = root.find("notes")
    text = (notes.text or "") if notes is not None else ""
    deck.notes = text.strip() or None
    noted = format_note(text)
    if noted:
        deck.format = noted
    elif text:
        # Prose ("built for Type One") is not read as the format, but not passed over
        # silently either: the check warns when it judges by another format.
        from hlcg.catalog import format_mentions

        deck.format_mentions = format_mentions(text)


def _with_printing(name: str, card: Element) -> str:
    """The persona as a `Persona:` line writes it, with the printing Lackey names:
    `Duncan MacLeod [SE]`."""
    printed = (card.findtext("set") or "").strip()
    return f"{name} [{printed}]" if printed else name


def _read_lackey(root: Element, deck: Deck, lines: Iterator[int]) -> None:
    """LackeyCCG writes one <card> per copy: copies of one card (same name and set, in one
    section) are one deck line with their count and the first copy's line number, so a typo
    is one problem and a conversion writes `3 Thrust`, not three `1 Thrust` lines."""
    first_copy: dict[tuple[str, str, str | None], int] = {}
    for zone, card in _cards_by_container(root, "superzone"):
        line = next(lines, None)
        if zone is None:
            continue  # a card outside every zone is in no part of the deck
        section = _zone(zone.get("name"))
        name_el = card.find("name")
        name = (name_el.text or "").strip() if name_el is not None else ""
        if section is None:
            deck.issues.append(
                LineIssue(
                    line,
                    f"card {_shown(name)!r} is in zone {_shown(zone.get('name'))!r}, "
                    "not a deck zone",
                    "move it to the Deck, Pregame, Persona or Sideboard zone",
                )
            )
            continue
        if not name:
            deck.issues.append(LineIssue(line, "card without a name", "give it a <name>"))
            continue
        _say_extra_names(deck, card, line)
        if section == PERSONA_ZONE:
            set_persona(deck, line, _with_printing(name, card))
            continue
        ref = (name_el.get("id") or None) if name_el is not None else None
        set_el = card.find("set")
        set_code = (set_el.text or "").strip() or None if set_el is not None else None
        key = (section, name, set_code)
        entries = deck.sideboard if section == SIDEBOARD else deck.entries
        if key in first_copy:
            number = first_copy[key]
            entries[number] = entries[number]._replace(count=entries[number].count + 1)
            continue
        first_copy[key] = len(entries)
        entries.append(Entry(name, 1, line, _placed(section), set_code, ref))


def _say_extra_names(deck: Deck, card: Element, line: int | None) -> None:
    """A <card> is one copy with one <name>: the names after its first are not read, and
    one problem says so rather than losing them without a word."""
    names = [_shown((n.text or "").strip()) for n in card.findall("name")]
    if len(names) < 2:
        return
    others = ", ".join(repr(n) for n in names[1:])
    deck.issues.append(
        LineIssue(
            line,
            f"card holds {len(names)} <name> elements; only the first, {names[0]!r}, is "
            f"read as one copy, not {others}",
            "write one <card> per copy, each with one <name>",
        )
    )


def _shown(text: str | None) -> str | None:
    """A name or attribute as a message quotes it: cut short when it is long."""
    return text if text is None or len(text) <= 60 else f"{text[:60]}..."


def _read_octgn(root: Element, deck: Deck, lines: Iterator[int]) -> None:
    for section_el, card in _cards_by_container(root, "section"):
        line = next(lines, None)
        if section_el is None:
            continue  # a card outside every section is in no part of the deck
        section = _zone(section_el.get("name"))
        name = (card.text or "").strip()
        if section is None:
            deck.issues.append(
                LineIssue(
                    line,
                    f"card {_shown(name)!r} is in section {_shown(section_el.get('name'))!r}, "
                    "not a deck section",
                    "move it to the Endurance, Pre-Game, Persona or Sideboard section",
                )
            )
            continue
        qty = (card.get("qty") or "1").strip()
        copies = copies_value(qty)
        if copies is None or not 1 <= copies <= MAX_COPIES:
            deck.issues.append(
                LineIssue(
                    line,
                    f"qty {_shown(qty)!r} of {_shown(name)!r} is not 1..{MAX_COPIES}",
                    "fix qty",
                )
            )
            continue
        if section == PERSONA_ZONE:
            set_persona(deck, line, name)
            continue
        if not name:
            deck.issues.append(LineIssue(line, "card without a name", "give it a name"))
            continue
        ref = card.get("id") or None
        name, set_code = split_set_code(name)
        _add(deck, Entry(name, copies, line, _placed(section), set_code, ref))


def _add(deck: Deck, entry: Entry) -> None:
    (deck.sideboard if entry.section == SIDEBOARD else deck.entries).append(entry)


def _serialise(root: Element) -> str:
    indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + tostring(root, encoding="unicode") + "\n"


def write_dek(sections: dict[str, list[Line]], fmt: str | None, game: str | None = None) -> str:
    """LackeyCCG deck: one <card> per copy, with its <set> when the source had one."""
    root = Element("deck", version="0.8")
    meta = SubElement(root, "meta")
    SubElement(meta, "game").text = game or LACKEY_GAME
    if fmt:
        SubElement(meta, "format").text = fmt
    for section, zone in ((ENDURANCE, "Deck"), (PREGAME, "Pregame"), (SIDEBOARD, "Sideboard")):
        if section == SIDEBOARD and not sections.get(section):
            continue
        superzone = SubElement(root, "superzone", name=zone)
        for line in sections.get(section, []):
            for _ in range(line.copies):
                card = SubElement(superzone, "card")
                SubElement(card, "name", id=line.card_id or "").text = line.name
                if line.set_code:
                    SubElement(card, "set").text = line.set_code
    return _serialise(root)


def write_o8d(
    sections: dict[str, list[Line]],
    fmt: str | None,
    notes: str | None = None,
    game: str | None = None,
) -> str:
    """OCTGN deck; a set code the source had follows the name in brackets. The source's
    notes are kept as written; a format they do not name is added as a `Format:` line."""
    root = Element("deck", game=game or OCTGN_GAME)
    for section, title in (
        (PREGAME, "Pre-Game"),
        (ENDURANCE, "Endurance"),
        (SIDEBOARD, "Sideboard"),
    ):
        if section == SIDEBOARD and not sections.get(section):
            continue
        element = SubElement(root, "section", name=title, shared="False")
        for line in sections.get(section, []):
            SubElement(
                element, "card", qty=str(line.copies), id=line.card_id or ""
            ).text = line.text
    lines = [notes] if notes else []
    if fmt and not (notes and format_note(notes)):
        lines.append(f"Format: {fmt}")
    if lines:
        SubElement(root, "notes").text = "\n".join(lines)
    return _serialise(root)
