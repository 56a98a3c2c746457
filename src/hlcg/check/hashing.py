"""Deck fingerprints: one digest for a deck however it is written, and ``add_fingerprint``,
which sets a report's.

The canonical form (specified with test vectors in docs/fingerprint.md) is UTF-8 text:

    hlcg-deck-fingerprint 3
    catalogue <sha256 of the catalogue rows the deck's verdict reads>
    ruleset <hlcg ruleset version>
    format <format>
    persona <persona card id, or generic-immortal>
    pregame
    <count> <card id>          one line per card, sorted by id
    endurance
    <count> <card id>
    unresolved
    <count> <section> <normalised name>   lines whose card is unknown or ambiguous
    legality
    <card id> <status> <date or ->   the legality facts in force on the date judged by
    <card id> printing <edition>     a printing the deck names that decides the verdict

and the fingerprint is the sha256 hex digest of it. Order, comments, spacing, aliases,
`3x` or `3`, `Title: Subtitle` or `Title (Subtitle)`, set codes, the file kind and the
sideboard do not change it; any card, count, persona, format or ruleset change does, and so
does a change to a catalogue row the verdict reads (the deck's cards and persona, their
sets, their legality facts, the format); a change to any other card does not. The date a
deck is judged by enters through the legality facts in force on it: two dates give one
fingerprint exactly when the same facts are in force on both.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hlcg import RULESET_VERSION
from hlcg.catalog import normalise
from hlcg.deck import ENDURANCE, PREGAME, ResolvedDeck, used_card_ids
from hlcg.errors import CatalogueError

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue
    from hlcg.rules import DeckReport

FINGERPRINT_VERSION = 3


def catalogue_digest(deck: ResolvedDeck, catalogue: Catalogue) -> str:
    """The catalogue line: computed from the rows the deck uses, never read from `meta`."""
    from hlcg.catalog import used_rows_digest

    return used_rows_digest(catalogue, used_card_ids(deck), deck.format)


def canonical_form(deck: ResolvedDeck, content_sha256: str, in_force: Sequence[str] = ()) -> str:
    """The text the fingerprint hashes; ``in_force`` lists what the legality verdict rests
    on beyond the rows (``hlcg.rules.verdict_lines``): the facts in force on the
    date judged by, and the printings the deck names where they decide."""
    # A persona line naming no persona is hashed by name under "unresolved".
    persona = (
        deck.persona.id if deck.persona is not None and not deck.is_generic else "generic-immortal"
    )
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
    lines.append("legality")
    lines += sorted(in_force)
    return "\n".join(lines) + "\n"


def fingerprint(
    deck: ResolvedDeck, catalogue: str, in_force: Sequence[str] = ()
) -> tuple[str, str]:
    """(hex digest, canonical form); ``catalogue`` is :func:`catalogue_digest`'s value,
    ``in_force`` the legality facts in force on the date judged by."""
    form = canonical_form(deck, catalogue, in_force)
    return hashlib.sha256(form.encode("utf-8")).hexdigest(), form


def add_fingerprint(report: DeckReport, catalogue: Catalogue) -> DeckReport:
    """Set ``report.fingerprint`` (docs/fingerprint.md), so a report names the exact deck it
    judged. Separate from the check: it reads the catalogue rows the deck uses (about as
    long as the check itself), and only the machine-read reports carry it."""
    from hlcg.rules import verdict_lines

    if report.resolved is None:
        return report
    try:
        digest = catalogue_digest(report.resolved, catalogue)
    except CatalogueError:  # a catalogue held in memory only (tests): no rows to digest
        return report
    facts = verdict_lines(report.resolved, catalogue, report.date)
    report.fingerprint = fingerprint(report.resolved, digest, facts)[0]
    return report
