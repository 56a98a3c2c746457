"""Which line lists a deck's persona when no `Persona:` line declares it, and whether the
deck's persona is settled for the other lines.

A line naming only personas lists the persona. A name that also means another card the
line's section admits (the Katana persona and the Katana Weapon of Choice) lists the
persona only when the deck says so: on the first line of a list without headers, or with
that persona's Reserved or Signature cards in the deck (a line naming only a persona comes
first: `Katana` then `Duncan MacLeod` is Duncan's Weapon of Choice). Otherwise the line is
`ambiguous-card` with both candidates: the format never decides between them.
"""

from __future__ import annotations

from typing import NamedTuple

from hlcg.catalog import Card, normalise
from hlcg.deck.model import ENDURANCE, PREGAME, Deck, Entry
from hlcg.deck.narrowing import Resolver
from hlcg.deck.persona import Declared, find_persona, may_be_persona


class LinePersona(NamedTuple):
    """What a deck's lines know of its persona: its card (None: a Generic Immortal, or not
    known), the line listing it (None: the `Persona:` line, or none), and whether it is
    settled: the deck declares or lists a persona (or a pre-game line that may be it), so
    another persona of a line's name is not meant."""

    card: Card | None
    entry: Entry | None
    settled: bool


def _may_list_persona(resolver: Resolver, entry: Entry) -> tuple[bool, bool]:
    """Whether a line may list a persona, and whether it may as well mean another card of
    that name the line's section admits (the Katana Weapon of Choice)."""
    found = resolver.named(entry)[1]
    if not any(c.type == "persona" for c in found):
        return False, False
    shared = any(
        c.type != "persona" and c.subtitle is None and (c.is_pregame or entry.section is None)
        for c in found
    )
    return True, shared


def _own_cards_listed(deck: Deck, resolver: Resolver, persona: Card) -> bool:
    """The deck lists a Reserved or Signature card of the persona (every card its line may
    mean is one): cards only that persona may play, so the deck plays it."""
    names = persona.persona_names
    for entry in deck.entries:
        found = resolver.candidates(entry.name)
        if found and all(
            (c.reserved or c.signature) and c.subtitle and normalise(c.subtitle) in names
            for c in found
        ):
            return True
    return False


def _listed_persona(deck: Deck, resolver: Resolver) -> tuple[Card | None, Entry | None, bool]:
    """The persona card listed among the entries and its line, so other lines can prefer
    its versions; and whether a line left undecided may list it.

    A line naming only personas lists the persona. A name also meaning another card (the
    Katana persona and Weapon of Choice) lists it only when the deck says so: on the first
    line of a list without headers, or with that persona's Reserved or Signature cards in
    the deck; otherwise its line stays ambiguous."""
    maybe: list[Entry] = []
    for entry in deck.entries:
        if entry.section == ENDURANCE:
            continue
        persona, shared = _may_list_persona(resolver, entry)
        if not persona:
            continue
        if shared:
            maybe.append(entry)
            continue
        # Its name as read: "Duncan 1st Ed" is Duncan MacLeod's first-edition printing.
        named = resolver.named(entry)[0]
        found = find_persona(resolver, named.name, named.line, named.set_code)
        if isinstance(found, Card) and not found.is_generic_immortal:
            return found, entry, False
    for entry in maybe:
        found = find_persona(resolver, entry.name, entry.line, entry.set_code)
        if not isinstance(found, Card) or found.is_generic_immortal:
            continue
        first_of_flat_list = entry is deck.entries[0] and entry.section is None
        if first_of_flat_list or _own_cards_listed(deck, resolver, found):
            return found, entry, False
    return None, None, bool(maybe)


def _unknown_pregame_persona(deck: Deck, resolver: Resolver) -> bool:
    """A pre-game line naming no card may be the persona (hlcg.deck.persona.may_be_persona)."""
    cards = resolver.catalogue.cards
    return any(
        entry.section == PREGAME
        and not resolver.candidates(entry.name)
        and may_be_persona(resolver.unknown(entry.name, entry.line).card_ids, cards)
        for entry in deck.entries
    )


def preferred_persona(deck: Deck, resolver: Resolver, declared: Declared) -> LinePersona:
    """The persona whose versions the deck's lines prefer: the declared one, else the one
    listed (looked up without counting its set code: its line counts when it resolves)."""
    if declared.card is not None:
        return LinePersona(declared.card, None, True)
    if declared.generic:
        return LinePersona(None, None, True)
    counted = dict(resolver.unmatched_sets)
    card, entry, undecided = _listed_persona(deck, resolver)
    resolver.unmatched_sets = counted
    if card is not None:
        return LinePersona(card, entry, True)
    # A `Persona:` line naming no persona, or a pre-game typo that may be the persona,
    # still says the deck's persona is another card than a line's undecided name.
    settled = bool(deck.persona) or (undecided and _unknown_pregame_persona(deck, resolver))
    return LinePersona(None, None, settled)
