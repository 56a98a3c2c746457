"""Turn a deck's names into catalogue cards: ``resolve(deck, catalogue, fmt, persona_rules)``.

Each line's candidates are narrowed to one card (hlcg.deck.narrowing), after the deck's
persona is settled (hlcg.deck.persona), so lines prefer its versions. Lines naming no
single card are kept as ``Unresolved`` problems; copies of one card are merged.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from hlcg.catalog import Card, Catalogue
from hlcg.deck.model import (
    ENDURANCE,
    PREGAME,
    UNKNOWN,
    Deck,
    DeckCard,
    Entry,
    LineIssue,
    ResolvedDeck,
    SideboardCard,
    Unresolved,
)
from hlcg.deck.narrowing import Resolver
from hlcg.deck.persona import (
    LinePersona,
    declared_persona,
    generic_names,
    preferred_persona,
    settle_persona,
)
from hlcg.deck.readings import deck_as_meant, is_prose, prose_note
from hlcg.problems import Severity

# Copies of one card on several lines are one DeckCard: (card id, section, versions' ids).
MergeKey = tuple[str, str, tuple[str, ...]]


def resolve(
    deck: Deck, catalogue: Catalogue, fmt: str, persona_rules: Sequence[str]
) -> ResolvedDeck:
    """Resolve every entry; unresolvable lines are kept as ``Unresolved`` problems. A deck
    whose persona cannot be found names the ``persona_rules`` it skips.

    The Generic Immortal is declared, not played: `Persona: Generic Immortal` (or the
    pseudo-persona listed under Pre-Game) leaves the deck without a Persona card, so the deck
    gets the same verdict and fingerprint with or without that line."""
    resolver = Resolver(catalogue, fmt)
    deck = deck_as_meant(deck, resolver)
    resolved = ResolvedDeck(deck, fmt, None, list(deck.issues))
    resolved.generic_names = generic_names(resolver)
    declared = declared_persona(resolver, resolved)
    preferred = preferred_persona(deck, resolver, declared)
    persona_names = preferred.card.persona_names if preferred.card else resolved.generic_names
    resolved.persona_settled = preferred.settled
    merged = _merged_entries(resolved, resolver, persona_names, preferred)
    if declared.card is not None:
        listed = [dc for dc in merged.values() if dc.card.type == "persona"]
        if not any(dc.card.id == declared.card.id for dc in listed):
            merged[(declared.card.id, PREGAME, ())] = DeckCard(
                declared.card, 1, deck.persona_line, PREGAME
            )
    resolved.cards = list(merged.values())
    settle_persona(resolved, declared.card, catalogue, persona_rules)
    resolved.issues += _unmatched_sets(resolver)
    sideboard = [
        (entry, _sideboard_card(entry, resolver, persona_names, preferred.settled))
        for entry in deck.sideboard
    ]
    prose = [e for e, line in sideboard if line.card_id is None and is_prose(resolver, e)]
    resolved.sideboard = [line for e, line in sideboard if e not in prose]
    resolved.prose += prose
    if resolved.prose:
        resolved.issues.append(prose_note(resolved.prose))
    return resolved


def _merged_entries(
    resolved: ResolvedDeck,
    resolver: Resolver,
    persona_names: AbstractSet[str],
    persona: LinePersona,
) -> dict[MergeKey, DeckCard]:
    """Every line's card, merged with earlier lines of the same card; lines naming no
    single card become problems. Each card's lines are gathered first and merged once: a
    merge per line copied the lines so far (19,999 copies of one line took seconds)."""
    found: dict[MergeKey, tuple[Card, tuple[Card, ...], list[Entry]]] = {}
    for entry in resolved.deck.entries:
        card = resolver.entry(
            entry, persona_names, as_persona=entry is persona.entry, settled=persona.settled
        )
        if isinstance(card, Unresolved):
            _add_unresolved(resolved, resolver, entry, card)
            continue
        versions = resolver.last_versions
        if card.is_generic_immortal:
            continue  # declared, not played
        section = PREGAME if card.is_pregame else ENDURANCE
        if entry.section is not None and entry.section != section:
            resolved.issues.append(_misplaced(card, entry))
        key = (card.id, section, tuple(v.id for v in versions))
        found.setdefault(key, (card, versions, []))[2].append(entry)
    return {
        key: DeckCard(
            card, sum(e.count for e in entries), entries[0].line, key[1], tuple(entries), versions
        )
        for key, (card, versions, entries) in found.items()
    }


def _add_unresolved(
    resolved: ResolvedDeck, resolver: Resolver, entry: Entry, card: Unresolved
) -> None:
    """A line naming no single card; a header-shaped line naming none is a bad header, and
    a forum post's prose around the list is no card (hlcg.deck.prose)."""
    if card.kind == UNKNOWN and is_prose(resolver, entry):
        resolved.prose.append(entry)
        return
    if entry.header_text and card.kind == UNKNOWN:
        resolved.issues.append(
            LineIssue(
                entry.line,
                f"unknown section header {entry.header_text!r} (names no card)",
                "use `Pre-Game:`, `Endurance:` or `Sideboard:`",
            )
        )
        return
    resolved.unresolved.append(
        card._replace(
            count=entry.count, section=entry.section, message=_located(entry, card.message)
        )
    )


def _located(entry: Entry, message: str) -> str:
    """A JSON deck's entry has no line: its problems start with its JSON pointer, as the
    JSON reader's own problems do (`/endurance/5: no card named ...`)."""
    return f"{entry.pointer}: {message}" if entry.pointer else message


def _misplaced(card: Card, entry: Entry) -> LineIssue:
    if entry.section == ENDURANCE:
        return LineIssue(
            entry.line,
            _located(
                entry,
                f"{card.name} is a pre-game card ({card.type}) listed under Endurance; "
                "counted as pre-game",
            ),
            "move it under `Pre-Game:`",
            Severity.WARNING,
        )
    return LineIssue(
        entry.line,
        _located(
            entry,
            f"{card.name} is an in-game card ({card.type or 'type unknown'}) listed under "
            "Pre-Game; counted in the Endurance",
        ),
        "move it under `Endurance:`",
        Severity.WARNING,
    )


def _listed(copies: dict[str, int]) -> str:
    return ", ".join(
        f"{name} ({n} card{'s' if n != 1 else ''})" for name, n in sorted(copies.items())
    )


def _unmatched_sets(resolver: Resolver) -> list[LineIssue]:
    """At most two problems a deck, none an error: sets the catalogue knows but records no
    printing of these cards in (a gap in the data, not in the deck: a note, so `--strict`
    passes real LackeyCCG decks that carry set codes), and set names nothing maps to a
    catalogue set. Either way the cards were found by name."""
    sets = resolver.catalogue.sets
    unprinted: dict[str, int] = {}
    unknown: dict[str, int] = {}
    for written, copies in resolver.unmatched_sets.items():
        known = resolver.set_code(written) in sets
        (unprinted if known else unknown)[written] = copies
    issues = []
    if unprinted:
        issues.append(
            LineIssue(
                None,
                "the catalogue records no printing of these cards in the set the deck gives: "
                f"{_listed(unprinted)}; they were found by name",
                "nothing to change in the deck; curators record printings in the sets "
                "column of data/source/cards.csv",
                Severity.NOTE,
            )
        )
    if unknown:
        issues.append(
            LineIssue(
                None,
                f"sets not known: {_listed(unknown)}; those cards were found by name",
                "map the deck program's set names to set codes in data/source/set_names.csv",
                Severity.WARNING,
            )
        )
    return issues


def _sideboard_card(
    entry: Entry, resolver: Resolver, persona_names: AbstractSet[str], settled: bool
) -> SideboardCard:
    found = resolver.entry(entry._replace(set_code=None), persona_names, settled=settled)
    card_id = found.id if isinstance(found, Card) else None
    return SideboardCard(entry.name, entry.count, entry.line, card_id)
