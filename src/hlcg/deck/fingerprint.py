"""Deck fingerprints: one digest for a deck however it is written.

The canonical form (specified with test vectors in docs/fingerprint.md) is UTF-8 text:

    hlcg-deck-fingerprint 1
    catalogue <content_sha256 of the catalogue>
    ruleset <hlcg ruleset version>
    format <format>
    persona <persona card id, or generic-immortal>
    pregame
    <count> <card id>          one line per card, sorted by id
    endurance
    <count> <card id>
    unresolved
    <count> <section> <normalised name>   lines whose card is unknown or ambiguous

and the fingerprint is the sha256 hex digest of it. Order, comments, spacing, aliases,
`3x` or `3`, `Title: Subtitle` or `Title (Subtitle)`, set codes, the file kind and the
sideboard do not change it; any card, count, persona, format, catalogue content or ruleset
change does.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

from hlcg import RULESET_VERSION
from hlcg.catalog.normalize import normalise
from hlcg.deck.model import ENDURANCE, PREGAME
from hlcg.deck.resolve import ResolvedDeck

FINGERPRINT_VERSION = 1


def canonical_form(deck: ResolvedDeck, content_sha256: str) -> str:
    persona = "generic-immortal" if deck.is_generic else deck.persona.id  # type: ignore[union-attr]
    lines = [
        f"hlcg-deck-fingerprint {FINGERPRINT_VERSION}",
        f"catalogue {content_sha256}",
        f"ruleset {RULESET_VERSION}",
        f"format {deck.format}",
        f"persona {persona}",
    ]
    for section in (PREGAME, ENDURANCE):
        lines.append(section)
        counts: defaultdict[str, int] = defaultdict(int)
        for deck_card in deck.cards:
            if deck_card.section == section:
                counts[deck_card.card.id] += deck_card.count
        lines += [f"{counts[card_id]} {card_id}" for card_id in sorted(counts)]
    lines.append("unresolved")
    unresolved: defaultdict[tuple[str, str], int] = defaultdict(int)
    for item in deck.unresolved:
        # a persona line counts as one copy outside any section, as it always has
        unresolved[(item.section or "-", normalise(item.name))] += item.count or 1
    lines += [f"{n} {section} {name}" for (section, name), n in sorted(unresolved.items())]
    return "\n".join(lines) + "\n"


def fingerprint(deck: ResolvedDeck, content_sha256: str) -> tuple[str, str]:
    """(hex digest, canonical form)."""
    form = canonical_form(deck, content_sha256)
    return hashlib.sha256(form.encode("utf-8")).hexdigest(), form
