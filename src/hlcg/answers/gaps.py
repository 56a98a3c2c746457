"""Catalogue gaps: the missing facts that leave decks unchecked, most needed first.

A curator with the physical cards wants to know which facts to record first. Each gap is
one card field the catalogue does not hold (empty means unknown, never zero) that a deck
check needed: gem counts and restriction numbers (the checks say what they could not
finish), a persona's Master limit or attribute values, a Weapon of Choice's hand icons, a
card's type, and its format legality. Gaps are ranked by how many of the given decks they
leave unchecked; the CSV form is a fact sheet (`id,field,value,source`) that `hlcg db
import` records once the values and sources are filled in.

Beside the gaps, the inferred facts that decide the decks' verdicts (the inferred-fact notes:
a printing read from a review's date, a legality taken from a rulebook's examples) are
ranked the same way: a source that states one of them makes those verdicts firm.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from hlcg.catalog import ATTRIBUTES, GAP_FIELDS, Card, Catalogue
from hlcg.check import check_deck
from hlcg.deck import DECK_SUFFIXES, UNKNOWN, ResolvedDeck, read_deck
from hlcg.problems import Problem
from hlcg.rules import (
    FORMAT_LEGALITY,
    GEM_CAP,
    HAND_ICONS,
    INFERRED_FACT,
    MASTER_LIMIT,
    RESTRICTION,
    UNCHECKED,
    DeckReport,
)
from hlcg.stdin import shown

# A card the decks name that the catalogue does not hold at all: nothing about it can be
# checked, so it ranks before every missing fact.
MISSING_CARD = "card"
# Which facts matter most when two gaps block the same number of decks: the ones whose
# absence leaves a whole check unfinished come first.
FIELD_ORDER = (MISSING_CARD, *GAP_FIELDS)
GEM_FIELDS = tuple(f"gem_{a}" for a in ATTRIBUTES)


@dataclass(frozen=True)
class Gap:
    card_id: str  # '' for a card the catalogue does not hold (field ``card``)
    name: str
    field: str
    decks: tuple[str, ...]  # the deck files it leaves unchecked

    @property
    def missing_card(self) -> bool:
        return self.field == MISSING_CARD

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.card_id,
            "name": self.name,
            "field": self.field,
            "decks": len(self.decks),
            "deck_files": list(self.decks),
        }


@dataclass(frozen=True)
class InferredFact:
    """An inferred fact (or one inference shared by several cards) that decides verdicts."""

    card_ids: tuple[str, ...]
    fact: str  # the note's words: which fact, its reasoning, what rests on it
    decks: tuple[str, ...]  # the deck files whose verdicts rest on it

    def to_json(self) -> dict[str, object]:
        return {
            "ids": list(self.card_ids),
            "fact": self.fact,
            "decks": len(self.decks),
            "deck_files": list(self.decks),
        }


def _missing_gems(card: Card) -> list[str]:
    return [f"gem_{a}" for a in ATTRIBUTES if card.gem(a) is None]


# The fact a rule's data-gap note asks for on each card it names (format-legality: no
# source places the card in the format; a sheet records the formats a source names).
_FIELD_OF_RULE = {
    RESTRICTION.name: "restriction",
    HAND_ICONS.name: "hand_icons",
    FORMAT_LEGALITY.name: "formats",
}


def checked(path: Path, catalogue: Catalogue) -> DeckReport:
    """The deck at ``path`` judged as `hlcg validate` judges it (``hlcg.check``: its
    ambiguous lines settled, today's legality facts): one verdict per deck, whichever
    command asks. Its ``resolved`` deck is the reading judged."""
    return check_deck(read_deck(path), catalogue)


def deck_gaps(
    path: Path, catalogue: Catalogue
) -> tuple[set[tuple[str, str]], set[tuple[tuple[str, ...], str]]]:
    """(card id, field) pairs whose absence left this deck's check incomplete, and the
    inferred facts (cards, the note's words) its verdicts rest on. A card the catalogue
    does not hold is ('', name as the deck writes it) under field ``card``: see
    ``missing_cards``. A catalogue that records no format of the deck judges no deck
    (``hlcg.check.require_format``): its gaps are then the cards it lacks, so a curator
    starting from an empty catalogue learns what to import."""
    from hlcg.check import resolve_deck
    from hlcg.errors import CatalogueError

    try:
        return report_gaps(checked(path, catalogue), catalogue)
    except CatalogueError:
        resolved = resolve_deck(read_deck(path), catalogue)
        if resolved.format in catalogue.formats:
            raise
        return {(f"\0{name}", MISSING_CARD) for name in missing_cards(resolved)}, set()


def report_gaps(
    report: DeckReport, catalogue: Catalogue
) -> tuple[set[tuple[str, str]], set[tuple[tuple[str, ...], str]]]:
    """``deck_gaps`` of a deck already judged (``checked``)."""
    resolved = report.resolved
    assert resolved is not None  # a judged deck carries the reading judged
    gaps: set[tuple[str, str]] = {(f"\0{name}", MISSING_CARD) for name in missing_cards(resolved)}
    inferred = {(p.cards, p.message) for p in report.problems if p.rule == INFERRED_FACT.name}
    for problem in report.problems:
        if problem.rule == UNCHECKED.name:
            gaps.update(_unchecked_gaps(problem, resolved, catalogue))
    gaps.update((dc.card.id, "type") for dc in resolved.cards if dc.card.type is None)
    return gaps, inferred


def _unchecked_gaps(
    problem: Problem, resolved: ResolvedDeck, catalogue: Catalogue
) -> set[tuple[str, str]]:
    """The (card id, field) pairs an `unchecked` note says its rule could not check."""
    rule = problem.source
    if rule in _FIELD_OF_RULE:
        return {(i, _FIELD_OF_RULE[rule]) for i in problem.cards}
    if rule == GEM_CAP.name:
        return {(i, f) for i in problem.cards for f in _missing_gems(catalogue.cards[i])}
    if rule == MASTER_LIMIT.name and resolved.persona is not None:
        return {(resolved.persona.id, "master_limit")}
    return set()


def missing_cards(resolved: ResolvedDeck) -> list[str]:
    """The names a deck gives that no card of the catalogue has (as written)."""
    names = [u.name for u in resolved.unresolved if u.kind == UNKNOWN]
    if resolved.unresolved_persona_name:
        names.append(resolved.unresolved_persona_name)
    return names


def find_gaps(decks: Iterable[Path], catalogue: Catalogue) -> tuple[list[Gap], list[InferredFact]]:
    """Every gap of the given decks, the one leaving most decks unchecked first, and every
    inferred fact their verdicts rest on, the one deciding most decks first."""
    by_gap: defaultdict[tuple[str, str], list[str]] = defaultdict(list)
    by_inference: defaultdict[tuple[tuple[str, ...], str], list[str]] = defaultdict(list)
    for path in decks:
        gaps_of_deck, inferred = deck_gaps(path, catalogue)
        for gap in gaps_of_deck:
            by_gap[gap].append(shown(path))
        for fact in inferred:
            by_inference[fact].append(shown(path))
    cards = catalogue.cards
    gaps = [
        Gap("", card_id[1:], field, tuple(sorted(set(files))))
        if field == MISSING_CARD
        else Gap(card_id, cards[card_id].name, field, tuple(sorted(files)))
        for (card_id, field), files in by_gap.items()
    ]
    # the cards the catalogue lacks first: nothing about them can be checked
    gaps.sort(
        key=lambda g: (
            not g.missing_card,
            -len(g.decks),
            FIELD_ORDER.index(g.field),
            g.card_id,
            g.name,
        )
    )
    inferences = [
        InferredFact(ids, fact, tuple(sorted(files))) for (ids, fact), files in by_inference.items()
    ]
    inferences.sort(key=lambda f: (-len(f.decks), f.card_ids, f.fact))
    return gaps, inferences


def example_decks(root: Path) -> list[Path]:
    """The example decks of a checkout (valid and invalid), the default set to rank by."""
    folder = root / "examples" / "decks"
    return sorted(p for p in folder.glob("*/*") if p.suffix.lower() in DECK_SUFFIXES)


def fact_sheet(gaps: Iterable[Gap]) -> str:
    """The gaps as a CSV fact sheet: fill in value and source, then `hlcg db import` it."""
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["id", "field", "value", "source", "name", "decks"])
    for gap in gaps:
        writer.writerow([gap.card_id, gap.field, "", "", gap.name, len(gap.decks)])
    return buffer.getvalue()
