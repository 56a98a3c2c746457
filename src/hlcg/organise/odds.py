"""What a deck will draw: exact chances, computed with integers (hypergeometric counts, no
simulation), of holding cards of a kind in the opening hand and of finding them in an
Exertion, and how the deck's attacks and defenses cover the nine areas of the grid.

The draws are the rulebooks': the opening hand is the starting Ability of 15 cards (seed
001_6402d66a7a4065b1.txt §Pre-Game Setup: "Draw 15 cards; this is your Ability"; seed
002_f2e543bcb7a26c32.txt §Beginning the Game: "one card for each point of his starting
Ability", 15 by §Game Concept); an Exertion reveals 5 cards (seed 001 §Exertion; seed 002
§Other Game Aspects, Exertions). Seed 002 also counts gems in 5 cards: Tiered Exertions (each
named gem found acts), Threshold Exertions or Attribute Checks ("for three agility gems"),
rearming while Disarmed (a Soft Exertion for 3 of a named gem, a Hard one for 2), and the
first-player check (each player draws five cards for a named gem, §Beginning the Game). A
chance is for a freshly shuffled Endurance, before any card is seen. Only the Endurance is
drawn: pre-game cards are in play, not in the deck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any, NamedTuple

from hlcg.catalog import ATTRIBUTES, normalise
from hlcg.errors import UsageError
from hlcg.organise.grid import (
    AREAS,
    FAMILIES,
    FIRST_EDITION,
    TYPE_TWO,
    area_named,
    card_grid,
    covers,
    is_attack,
    is_defense,
    rulebook_of,
)

if TYPE_CHECKING:
    from hlcg.catalog import Card, Catalogue
    from hlcg.deck import ResolvedDeck

OPENING_HAND = 15  # the starting Ability (seed 001 §Pre-Game Setup; seed 002 §Game Concept)
EXERTION = 5  # the cards an Exertion reveals (seed 001 §Exertion; seed 002 §Exertions)
# Gem thresholds seed 002 names for a 5-card Exertion: (what, gems needed, section).
GEM_CHECKS: tuple[tuple[str, int, str], ...] = (
    ("Hard Exertion to rearm", 2, "seed 002 §Other Game Aspects (Disarmed)"),
    ("Soft Exertion to rearm", 3, "seed 002 §Other Game Aspects (Disarmed)"),
    ("Attribute Check for three gems", 3, "seed 002 §Exertions (Threshold Exertions)"),
)
DRAWS = {"opening hand": OPENING_HAND, "exertion": EXERTION}


def at_least_one(population: int, successes: int, drawn: int) -> Fraction:
    """The chance that ``drawn`` cards taken from ``population`` hold at least one of
    ``successes``: 1 - C(N-K, n) / C(N, n)."""
    if population <= 0:
        return Fraction(0)
    drawn = min(drawn, population)
    return 1 - Fraction(comb(population - successes, drawn), comb(population, drawn))


def gem_distribution(
    gem_counts: Iterable[tuple[int, int]], population: int, drawn: int
) -> list[Fraction]:
    """The chance of exactly g gems (index g) in ``drawn`` cards: ``gem_counts`` pairs
    (gems on a card, copies of such cards); the rest of ``population`` has none. Counted
    exactly: the ways to draw k_c cards of each gem count c, multiplied (C(m_c, k_c)),
    summed by total gems, over C(N, n)."""
    groups: dict[int, int] = {}
    for gems, copies in gem_counts:
        groups[gems] = groups.get(gems, 0) + copies
    groups[0] = groups.get(0, 0) + population - sum(groups.values())
    drawn = min(drawn, population)
    # ways[k][g]: the ways to draw k cards from the groups seen so far holding g gems
    ways: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(drawn)]
    for gems, copies in groups.items():
        step: list[dict[int, int]] = [{} for _ in range(drawn + 1)]
        for k, by_gems in enumerate(ways):
            for g, count in by_gems.items():
                for taken in range(min(copies, drawn - k) + 1):
                    key = g + gems * taken
                    step[k + taken][key] = step[k + taken].get(key, 0) + count * comb(copies, taken)
        ways = step
    total = comb(population, drawn) if population > 0 else 1
    top = max(ways[drawn], default=0)
    return [Fraction(ways[drawn].get(g, 0), total) for g in range(top + 1)]


def chance_json(chance: Fraction) -> dict[str, Any]:
    """A chance as exact integers and as a percentage rounded for people."""
    return {
        "numerator": chance.numerator,
        "denominator": chance.denominator,
        "percent": round(float(chance) * 100, 2),
    }


class Kind(NamedTuple):
    """A kind of card to draw: how the user named it and which Endurance cards it holds."""

    label: str
    how: str  # title | type | defends | attacks | gem | query
    matches: Callable[[Card, str], bool]  # (card, the rulebook whose grid it follows)
    attribute: str | None = None


def _lookup_title(name: str, catalogue: Catalogue) -> Kind:
    match = catalogue.lookup(name)
    if not match.found:
        close = ", ".join(c.name for c in match.candidates[:3])
        hint = f"; did you mean {close}?" if close else ""
        raise UsageError(f"--kind {name!r}: no card, type, area, gem or search matches{hint}")
    ids = frozenset(match.ids)
    label = catalogue.cards[match.ids[0]].name if len(ids) == 1 else name
    return Kind(label, "title", lambda card, _: card.id in ids)


def _area_kind(prefix: str, value: str, text: str) -> Kind:
    area = area_named(value)
    if area is None:
        raise UsageError(f"--kind {text!r}: name an area, one of {', '.join(AREAS)}")
    if prefix == "attacks":
        return Kind(
            f"attacks {area}", "attacks", lambda c, book: is_attack(c) and covers(c, area, book)
        )
    return Kind(
        f"defends {area}", "defends", lambda c, book: is_defense(c) and covers(c, area, book)
    )


def _query_kind(text: str, catalogue: Catalogue) -> Kind:
    from hlcg.catalog import parse_query, run

    try:
        ids = frozenset(card.id for card in run(catalogue, parse_query(text)))
    except ValueError as exc:  # the search's QueryError: the message names the term
        raise UsageError(f"--kind {text!r}: {exc}") from None
    return Kind(text, "query", lambda card, _: card.id in ids)


def parse_kind(text: str, catalogue: Catalogue) -> Kind:
    """A --kind as written: `title:NAME`, `defends:AREA` (also `area:`), `attacks:AREA`, a
    type word (attack, block, dodge, guard, defense, special), an area (defenses that
    cover it), a gem attribute, a search query (`t:dodge`, `g:agility>=2`), else a title."""
    prefix, colon, value = text.partition(":")
    prefix = prefix.strip().lower()
    if colon and prefix == "title":
        return _lookup_title(value.strip(), catalogue)
    if colon and prefix in ("defends", "area", "attacks"):
        return _area_kind(prefix, value, text)
    word = normalise(text)
    if word in FAMILIES:
        types = FAMILIES[word]
        return Kind(word, "type", lambda card, _: card.type in types)
    if word in ATTRIBUTES:
        return Kind(f"{word} gems", "gem", lambda card, _: bool(card.gem(word)), word)
    if area_named(text):
        return _area_kind("defends", text, text)
    if colon:
        return _query_kind(text, catalogue)
    return _lookup_title(text, catalogue)


def _endurance(deck: ResolvedDeck) -> list[tuple[Card, int]]:
    return [(dc.card, dc.count) for dc in deck.endurance]


def endurance_size(deck: ResolvedDeck) -> int:
    """Every Endurance copy, those on lines naming no single card too: they are drawn."""
    return deck.copies("endurance") + deck.unrecognised_copies()


def kind_odds(kind: Kind, deck: ResolvedDeck, rulebook: str) -> dict[str, Any]:
    """The chances of at least one card of ``kind`` in each draw, and for a gem the chance
    of each total in a 5-card Exertion (and of seed 002's gem checks, under its rules)."""
    population = endurance_size(deck)
    cards = _endurance(deck)
    matching = [(card, n) for card, n in cards if kind.matches(card, rulebook)]
    hits = sum(n for _, n in matching)
    answer: dict[str, Any] = {
        "kind": kind.label,
        "how": kind.how,
        "cards": sum(1 for _ in matching),
        "copies": hits,
        "matching": sorted({card.name for card, _ in matching}),
        "draws": {
            name: chance_json(at_least_one(population, hits, drawn))
            for name, drawn in DRAWS.items()
        },
    }
    if kind.attribute is not None:
        answer["gems"] = _gem_answer(kind.attribute, cards, population, rulebook)
    return answer


def _gem_answer(
    attribute: str, cards: Sequence[tuple[Card, int]], population: int, rulebook: str
) -> dict[str, Any]:
    known = [(card.gem(attribute) or 0, n) for card, n in cards if card.gem(attribute) is not None]
    unknown = sorted({card.name for card, _ in cards if card.gem(attribute) is None})
    exactly = gem_distribution(known, population, EXERTION)
    at_least = [sum(exactly[g:], Fraction(0)) for g in range(len(exactly))]
    return {
        "attribute": attribute,
        "in_deck": sum(g * n for g, n in known),
        "exertion": EXERTION,
        # Cards whose gem count is not recorded count as none: each chance is then a floor.
        "unknown_gems": unknown,
        # Each entry names its gem count, so a reader need not know the lists start at 0.
        "exactly": [{"gems": g, "chance": chance_json(p)} for g, p in enumerate(exactly)],
        "at_least": [{"gems": g, "chance": chance_json(p)} for g, p in enumerate(at_least)],
        # The gem checks are seed 002's: a first-edition deck's game has none.
        "checks": [
            {
                "check": what,
                "gems": needed,
                "source": source,
                "chance": chance_json(at_least[needed] if needed < len(at_least) else Fraction(0)),
            }
            for what, needed, source in GEM_CHECKS
            if rulebook != FIRST_EDITION
        ],
    }


def coverage(deck: ResolvedDeck, rulebook: str) -> dict[str, Any]:
    """For each of the nine areas, the attack and defense copies a source gives as covering
    it under ``rulebook``'s rules, and the copies that may cover it but no source decides;
    the attacks and defenses whose grid no source gives, counted apart."""
    areas = {area: {"attacks": 0, "defenses": 0, "not_recorded": 0} for area in AREAS}
    unknown: dict[str, int] = {}
    for card, count in _endurance(deck):
        if not (is_attack(card) or is_defense(card)):
            continue
        grid = card_grid(card, rulebook)
        if grid is None:
            unknown[card.name] = unknown.get(card.name, 0) + count
            continue
        family = "attacks" if is_attack(card) else "defenses"
        for area in grid.covers:
            areas[area][family] += count
        for area in grid.not_recorded:
            areas[area]["not_recorded"] += count
    return {
        "rulebook": RULEBOOKS[rulebook],
        "areas": areas,
        "unknown_grid": {"copies": sum(unknown.values()), "cards": dict(sorted(unknown.items()))},
    }


RULEBOOKS = {
    FIRST_EDITION: "seed 001 (first edition)",
    TYPE_TWO: "seed 002 (Type Two, 2009)",
}


DEFAULT_KINDS = ("attack", "block", "dodge", "special")


def deck_odds(deck: ResolvedDeck, kinds: Sequence[Kind], catalogue: Catalogue) -> dict[str, Any]:
    """`hlcg deck odds` as data: the grid and the gem checks of the rulebook the deck's
    format follows (seed 001 for first-edition cards, seed 002 for Type Two)."""
    known = catalogue.formats.get(deck.format)
    rulebook = rulebook_of(known.editions if known is not None else ())
    return {
        "path": deck.path,
        "format": deck.format,
        "endurance": endurance_size(deck),
        "unresolved_copies": deck.unrecognised_copies(),
        "draws": dict(DRAWS),
        "kinds": [kind_odds(kind, deck, rulebook) for kind in kinds],
        "coverage": coverage(deck, rulebook),
    }
