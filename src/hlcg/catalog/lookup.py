"""Find cards by name despite typos.

Order of attempts: catalogue id -> exact title -> "Title: Subtitle" or "Title (Subtitle)"
(a plot's part without its number, a version by the grid or text it records) -> alias ->
normalised form (case, spacing, punctuation, curly apostrophes, Master's/Masters) -> fuzzy
match (rapidfuzz WRatio on normalised names). Every exact attempt is made again with `&`
for `and` (or `and` for `&`) when the name as written matches nothing.

Exact attempts are indexed queries on the catalogue file. The fuzzy step reads only the
compact name table ``db build`` writes (normalised names, no cards) and scores it with
WRatio; to keep that cheap on large catalogues, only the ``PREFILTER`` names nearest by the
much cheaper QRatio are scored with it.

Whether a fuzzy match is *confident* is decided by ``hlcg.matching`` (the one place every
name lookup decides): its score is at least ``CONFIDENT_SCORE`` and leads the next different
card by at least ``CONFIDENT_MARGIN`` points; any other name scoring at least
``SUGGEST_SCORE`` is offered as "did you mean", one row per card (an alias and its card are
one row), names in the game's grid structure first ("Lower Middle Attack" lists
"Lower Center Attack" first).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from hlcg.catalog.card import Card
from hlcg.catalog.vocabulary import normalise, slug
from hlcg.matching import (
    MAX_SUGGESTIONS,
    SUGGEST_SCORE,
    Candidate,
    confident,
    merge,
    prefer_structure,
    structure_spellings,
)

if TYPE_CHECKING:
    from hlcg.catalog.store import Catalogue

PREFILTER = 50

_PAREN_SUBTITLE = re.compile(r"^(?P<title>.+?)\s*\((?P<subtitle>[^()]+)\)$")
# A multi-part plot's subtitle: "Research (part 2)".
_PART = re.compile(r"^(?P<subtitle>.*?)\s*\((?P<part>part\s*\d+)\)$", re.IGNORECASE)
_AND = re.compile(r"\band\b", re.IGNORECASE)


class Suggestion(NamedTuple):
    name: str
    score: float
    card_ids: tuple[str, ...]


class Match(NamedTuple):
    """The answer to a lookup. ``cards`` is set when the name was recognised."""

    query: str
    how: str  # id | title | name | alias | normalised | fuzzy | none
    cards: list[Card]
    suggestions: list[Suggestion] = []  # shared default: never mutated
    score: float | None = None

    @property
    def found(self) -> bool:
        return bool(self.cards)


def split_name(name: str) -> tuple[str, str | None]:
    """ "Master's Block (Ramirez)" or "Master's Block: Ramirez" -> title, subtitle."""
    paren = _PAREN_SUBTITLE.match(name)
    if paren:
        return paren["title"].strip(), paren["subtitle"].strip()
    if ":" in name:
        title, _, subtitle = name.partition(":")
        return title.strip(), subtitle.strip() or None
    return name.strip(), None


# Lookups are methods of the catalogue (``catalogue.lookup(name)``); these are their bodies,
# kept beside the matching they share.


def exact(catalogue: Catalogue, query: str) -> Match | None:
    """Every attempt short of fuzzy matching; None when nothing matches exactly. `&` and
    `and` are one word ("Cat & Mouse" is Cat and Mouse)."""
    name = " ".join(query.split())
    found = _exact(catalogue, query, name)
    if found is None and "&" in name:
        found = _exact(catalogue, query, " ".join(name.replace("&", " and ").split()))
    elif found is None and _AND.search(name):
        found = _exact(catalogue, query, _AND.sub("&", name))
    return found


def _exact(cat: Catalogue, query: str, name: str) -> Match | None:
    if name in cat.cards:
        return Match(query, "id", [cat.cards[name]])
    lowered = name.casefold()
    titled = [c for c in cat.titled(name) if c.title.casefold() == lowered]
    if titled:
        return Match(query, "title", titled)
    title, subtitle = split_name(name)
    if subtitle is not None:
        named = [
            c
            for c in cat.titled(title)
            if c.subtitle and normalise(c.subtitle) == normalise(subtitle)
        ]
        if named:
            return Match(query, "name", named)
        named = _part_or_version(cat, title, subtitle)
        if named:
            return Match(query, "name", named)
    key = normalise(name)
    if key in cat.aliases:
        return Match(query, "alias", [cat.cards[cat.aliases[key]]])
    if key in cat.by_title:
        return Match(query, "normalised", list(cat.by_title[key]))
    if key in cat.by_name:
        return Match(query, "normalised", list(cat.by_name[key]))
    return None


def _part_or_version(catalogue: Catalogue, title: str, qualifier: str) -> list[Card]:
    """A plot's part named without its number ("Head Hunter: Research" is "Research
    (part 2)"; "Head Hunter (part 2)" too), or one of a title's versions named by the
    grid or text it records ("Flurry Strike (Middle Left)")."""
    cards = [c for c in catalogue.titled(title) if normalise(c.title) == normalise(title)]
    return _parts(cards, qualifier) or _version(cards, title, qualifier)


def suggest(catalogue: Catalogue, query: str, limit: int = MAX_SUGGESTIONS) -> list[Suggestion]:
    key = normalise(query)
    if not key:
        return []
    # Imported here: exact lookups, most deck lines, never need it.
    from rapidfuzz import fuzz, process

    nearest = process.extract(
        key, catalogue.name_keys, scorer=fuzz.QRatio, processor=None, limit=PREFILTER
    )
    # The same grid place written another way may be far by QRatio: score it anyway. Its
    # spellings are looked up in the indexed name table, never by scanning every name.
    same_place = catalogue.name_entries(structure_spellings(key))
    pool = list(dict.fromkeys([*same_place] + [choice for choice, _, _ in nearest]))
    found = process.extract(
        key,
        pool,
        scorer=fuzz.WRatio,
        processor=None,
        limit=None,
        score_cutoff=SUGGEST_SCORE,
    )
    entries = catalogue.name_entries([choice for choice, _, _ in found])
    candidates = []
    for choice, score, _ in found:
        display, ids = entries[choice]
        candidates.append(Candidate(display, round(float(score), 1), ids))
    ordered = prefer_structure(key, merge(candidates))[:limit]
    return [Suggestion(_row_name(catalogue, c), c.score, c.ids) for c in ordered]


def _row_name(catalogue: Catalogue, candidate: Candidate) -> str:
    """An alias shown with its card: "Lower Center Block (alias Lower Block)"."""
    if len(candidate.ids) != 1:
        return candidate.name
    card = catalogue.cards[candidate.ids[0]]
    if candidate.name in (card.name, card.title):
        return candidate.name
    return f"{card.name} (alias {candidate.name})"


def lookup(catalogue: Catalogue, query: str) -> Match:
    found = exact(catalogue, query)
    if found:
        return found
    suggestions = suggest(catalogue, query)
    best = confident([Candidate(s.name, s.score, s.card_ids) for s in suggestions])
    if best is not None:
        return Match(
            query, "fuzzy", [catalogue.cards[i] for i in best.ids], suggestions, best.score
        )
    return Match(query, "none", [], suggestions)


def _parts(cards: list[Card], qualifier: str) -> list[Card]:
    """The plot parts whose subtitle, or part number, the qualifier names."""
    wanted = normalise(qualifier)
    found = []
    for card in cards:
        part = _PART.match(card.subtitle or "")
        if part and wanted in (normalise(part["subtitle"]), normalise(part["part"])):
            found.append(card)
    return found


def _version(cards: list[Card], title: str, qualifier: str) -> list[Card]:
    """The one version of a title (same type, no subtitle) whose id or text the qualifier
    names; none when it names several or none."""
    if len(cards) < 2 or any(c.subtitle for c in cards) or len({c.type for c in cards}) > 1:
        return []  # a persona and a Weapon of Choice are not versions of one card
    wanted = normalise(qualifier)
    by_id = [c for c in cards if c.id == f"{slug(title)}-{slug(qualifier)}"]
    by_text = [c for c in cards if f" {wanted} " in f" {normalise(c.text or '')} "]
    return next((found for found in (by_id, by_text) if len(found) == 1), [])
