"""Write a deck as text, JSON, LackeyCCG `.dek` or OCTGN `.o8d`.

A converted deck says what the source holds, not what one format resolved it to: each
line's count and set code, the `Persona:` and `Format:` lines the source has (none
invented), and the sideboard. So the converted deck resolves to the same cards as its
source in every format, and has the same verdict and fingerprint. Text and JSON keep each
name as written; the XML kinds, read by programs that look cards up by name and id, name
each card as the catalogue does (where that name means the same card in the deck) and carry
the id the source file gave it, else its catalogue id (a hint the reader uses only when the
name is not enough), and the game each program expects (docs/deck-format.md, Converting).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from hlcg.catalog import Card, format_named, format_title, normalise
from hlcg.deck.kinds import DECK_KINDS, JSON, LACKEY, TEXT, WRITE_SUFFIXES
from hlcg.deck.model import ENDURANCE, PREGAME, SIDEBOARD, Entry, Line, ResolvedDeck
from hlcg.deck.narrowing import Resolver
from hlcg.deck.persona import find_persona
from hlcg.errors import UsageError

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue


def writable_name(card: Card, section: str | None, resolver: Resolver, deck: ResolvedDeck) -> str:
    """The card's printed name if it resolves back to this card in the deck (on a line of
    ``section``; None: before any header), else its id (for cards hlcg adds itself, such
    as --fix additions)."""
    return card.name if _means(card, section, resolver, deck) else card.id


def sections(resolved: ResolvedDeck) -> dict[str, list[Line]]:
    """{section: lines} in the order the player wrote them. A line stays in the section it
    was written in; a line written before any header goes where its card belongs."""
    placed: list[tuple[int, str, Line]] = []
    for order, deck_card in enumerate(resolved.cards):
        for entry in deck_card.entries:
            section = entry.section or deck_card.section
            line = Line(entry.name, entry.count, entry.set_code, deck_card.card.id, entry.card_id)
            placed.append((entry.line if entry.line is not None else order, section, line))
    # A line naming no single card is written as written: a conversion, and --fix of a
    # deck that is not text, never lose its copies (they still count toward the deck).
    for order, unresolved in enumerate(resolved.unresolved, start=len(resolved.cards)):
        line = Line(unresolved.name, unresolved.count, None, None)
        where = unresolved.line if unresolved.line is not None else order
        placed.append((where, unresolved.section or ENDURANCE, line))
    out: dict[str, list[Line]] = {PREGAME: [], ENDURANCE: [], SIDEBOARD: []}
    for _, section, line in sorted(placed, key=lambda item: item[0]):
        out[section].append(line)
    # resolve reads the sideboard entry by entry: one card per entry, in order, but for a
    # forum post's prose after the list (hlcg.deck.prose), which is no card
    entries = [e for e in resolved.deck.sideboard if e not in resolved.prose]
    out[SIDEBOARD] = [
        Line(card.name, card.count, entry.set_code, card.card_id, entry.card_id)
        for card, entry in zip(resolved.sideboard, entries, strict=True)
    ]
    return out


def written_format(resolved: ResolvedDeck) -> str | None:
    """The source's own format line, by its hlcg name; None when the source has none."""
    written = resolved.deck.format
    return (format_named(written) or written) if written else None


def persona_line(resolved: ResolvedDeck) -> str | None:
    """The `Persona:` line's name as written (with its set code), when the source has one."""
    deck = resolved.deck
    if not deck.persona:
        return None
    return deck.persona + (f" [{deck.persona_set}]" if deck.persona_set else "")


def xml_sections(resolved: ResolvedDeck, resolver: Resolver | None = None) -> dict[str, list[Line]]:
    """Sections for LackeyCCG and OCTGN, which have no persona field: the declared persona
    is written as a pre-game card, unless a line of the deck lists it already (under
    Endurance too: it counts as pre-game there, and a second copy would be a second
    persona). It is written as written when that is its id or title, else by its title
    (`Kurgan` and half of a dual persona are names only a `Persona:` line takes), with a
    set code of its printings when the title alone means another version (`Persona: Kurgan
    (Movie Edition)` in Type Two, where `The Kurgan` is the 2nd Edition one)."""
    parts = sections(resolved)
    deck = resolved.deck
    persona = resolved.persona
    if deck.persona and persona is not None:
        listed = any(line.card_id == persona.id for lines in parts.values() for line in lines)
        if listed:
            _name_persona_printing(parts, persona.id, resolved.persona_set)
        else:
            as_written = deck.persona == persona.id or normalise(deck.persona) == normalise(
                persona.title
            )
            name = deck.persona if as_written else persona.title
            set_code = _persona_set(persona, name, deck.persona_set, resolver)
            parts[PREGAME] = [Line(name, 1, set_code, persona.id), *parts[PREGAME]]
    return parts


def _name_persona_printing(
    parts: dict[str, list[Line]], persona_id: str, printing: str | None
) -> None:
    """The printing the `Persona:` line names goes on the lines listing the persona that
    name none: it decides the persona's legality, and the `Persona:` line is not written."""
    if printing is None:
        return
    for lines in (parts[PREGAME], parts[ENDURANCE]):
        for number, line in enumerate(lines):
            if line.card_id == persona_id and not line.set_code:
                lines[number] = line._replace(set_code=printing)


def _persona_set(
    persona: Card, name: str, written: str | None, resolver: Resolver | None
) -> str | None:
    """The set code a pre-game line naming the persona by ``name`` needs to mean it: the
    `Persona:` line's own (``written``) when that is enough, else the first of the
    persona's printings that is (sorted, so every run writes the same)."""
    if resolver is None:
        return written
    for set_code in (written, *sorted(persona.sets)):
        found = find_persona(resolver, name, None, set_code)
        if isinstance(found, Card) and found.id == persona.id:
            return set_code
    return written


def program_sections(
    resolved: ResolvedDeck, suffix: str, catalogue: Catalogue | None = None
) -> dict[str, list[Line]]:
    """Sections for LackeyCCG (``suffix`` .dek) or OCTGN (.o8d), which look cards up by
    name and id: each card under the catalogue's name when that name means the same card
    in this deck (else as written), with the id the source file gave it when the source was
    a file of the same program, else its catalogue id. Without ``catalogue`` names stay as
    written."""
    resolver = Resolver(catalogue, resolved.format) if catalogue is not None else None
    parts = xml_sections(resolved, resolver)
    same_program = resolved.deck.kind == suffix
    cards = catalogue.cards if catalogue is not None else {}

    def rewritten(line: Line, section: str) -> Line:
        card = cards.get(line.card_id) if line.card_id else None
        name = line.name
        if card is not None and resolver is not None and _means(card, section, resolver, resolved):
            name = card.name
        kept = line.source_id if same_program and line.source_id else line.card_id
        return line._replace(name=name, card_id=kept)

    return {
        section: [rewritten(line, section) for line in lines] for section, lines in parts.items()
    }


def _means(card: Card, section: str | None, resolver: Resolver, deck: ResolvedDeck) -> bool:
    """Whether the card's catalogue name, on a line of ``section``, means that card."""
    back = resolver.entry(
        Entry(card.name, 1, None, section), deck.persona_names, settled=deck.persona_settled
    )
    return isinstance(back, Card) and back.id == card.id


def as_text(resolved: ResolvedDeck) -> str:
    out = []
    fmt = written_format(resolved)
    if fmt:
        out.append(f"Format: {fmt}")
    persona = persona_line(resolved)
    if persona:
        out.append(f"Persona: {persona}")
    parts = sections(resolved)
    for section, header in (
        (PREGAME, "Pre-Game:"),
        (ENDURANCE, "Endurance:"),
        (SIDEBOARD, "Sideboard:"),
    ):
        if parts[section]:
            if out:
                out.append("")
            out += [header, *(f"{line.copies} {line.text}" for line in parts[section])]
    return "\n".join(out) + "\n"


def as_json(resolved: ResolvedDeck) -> str:
    def entries(lines: list[Line]) -> list[dict[str, object]]:
        return [
            {
                "card": line.name,
                "count": line.copies,
                **({"set": line.set_code} if line.set_code else {}),
            }
            for line in lines
        ]

    parts = sections(resolved)
    data: dict[str, object] = {}
    fmt = written_format(resolved)
    if fmt:
        data["format"] = fmt
    if resolved.deck.persona:
        data["persona"] = persona_line(resolved)
    # A JSON deck's lists are named after the sections they hold.
    data[PREGAME] = entries(parts[PREGAME])
    data[ENDURANCE] = entries(parts[ENDURANCE])
    if parts[SIDEBOARD]:
        data[SIDEBOARD] = entries(parts[SIDEBOARD])
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def render(
    resolved: ResolvedDeck, suffix: str, catalogue: Catalogue | None = None, game: str | None = None
) -> str:
    """The deck as a file of ``suffix``. LackeyCCG and OCTGN files name each card as the
    catalogue does when ``catalogue`` is given (program_sections), and name ``game``, else the
    game the source file of that program named, else the program's default."""
    kind = DECK_KINDS.get(suffix.lower())
    if kind is None or kind.writer is None:
        raise UsageError(
            f"cannot write a deck as {suffix.lower()!r}; use one of {', '.join(WRITE_SUFFIXES)}"
        )
    if kind.writer == TEXT:
        return as_text(resolved)
    if kind.writer == JSON:
        return as_json(resolved)
    game = game or (resolved.deck.game if resolved.deck.kind == kind.suffix else None)
    fmt = written_format(resolved)
    title = format_title(fmt) if fmt else None  # as the programs show it: "Type Two"
    sections = program_sections(resolved, kind.suffix, catalogue)
    from hlcg.deck.xmldeck import write_dek, write_o8d  # defusedxml: for XML decks only

    if kind.writer == LACKEY:
        return write_dek(sections, title, game)
    return write_o8d(sections, title, resolved.deck.notes, game)
