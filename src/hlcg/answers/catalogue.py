"""Answers about the catalogue's cards and formats (`hlcg card`, `hlcg search`,
`hlcg formats` and their API twins)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # the library is imported when a command runs, keeping start-up light
    from hlcg.catalog import Card, Catalogue, Match


def card_json(card: Card, catalogue: Catalogue) -> dict[str, Any]:
    """A card as its contract row, with where it was printed, its sourced legality facts,
    every recorded fact with its own source (or the card-level one: "attributed" false) and
    the verdict `validate` reaches today in each checked format, with its reason."""
    return {
        **card.to_contract(),
        "printings": catalogue.printings(card.id),
        "legality": [fact._asdict() for fact in catalogue.legality(card.id)],
        "facts": [fact.as_json() for fact in catalogue.facts(card.id)],
        "verdicts": format_verdicts(card, catalogue),
    }


def format_verdicts(card: Card, catalogue: Catalogue) -> dict[str, dict[str, str]]:
    """Checked format -> {"status": legal|illegal|unconfirmed, "reason": ...}, today."""
    from hlcg.catalog import CHECKED_FORMATS
    from hlcg.rules import verdict_in

    verdicts = {}
    for fmt in CHECKED_FORMATS:
        verdict = verdict_in(card, fmt, catalogue)
        verdicts[fmt] = {"status": verdict.status, "reason": verdict.reason}
    return verdicts


def match_json(match: Match, catalogue: Catalogue) -> dict[str, Any]:
    """`hlcg card --json QUERY`: the cards matched, or a ranked did-you-mean list."""
    return {
        "query": match.query,
        "matched_by": match.how,
        "score": match.score,
        "cards": [card_json(catalogue.cards[i], catalogue) for i in match.ids],
        "suggestions": [
            {"name": c.name, "score": c.score, "ids": list(c.ids)} for c in match.candidates
        ],
    }


class SearchFilters(NamedTuple):
    """Filters given beside the compact query (`hlcg search --type ... --gem ...`); each
    holds the values as the user wrote them. (A NamedTuple: `dataclasses` costs every
    `hlcg card` and `hlcg search` start-up more than this whole module.)"""

    types: Sequence[str] = ()
    personas: Sequence[str] = ()
    sets: Sequence[str] = ()
    formats: Sequence[str] = ()
    gems: Sequence[str] = ()
    text: str | None = None
    flags: Sequence[str] = ()


def search_cards(
    catalogue: Catalogue,
    query: str,
    filters: SearchFilters | None = None,
    notes: list[str] | None = None,
) -> list[Card]:
    """The cards matching the compact ``query`` and every filter (AND). A bad term or
    filter raises ValueError with a message for the user; ``notes`` gets a line for each
    misspelt set or persona taken as the one it is close to."""
    from hlcg.catalog import Query, check_format, check_type, parse_gem, parse_query, run

    parsed = parse_query(query)
    if filters is not None:
        given = Query(
            types=[check_type(t.lower(), "--type") for t in filters.types],
            personas=list(filters.personas),
            sets=list(filters.sets),
            formats=[check_format(f, "--format") for f in filters.formats],
            gems=[parse_gem(g, "--gem") for g in filters.gems],
            text=filters.text.split() if filters.text else [],
            flags=list(filters.flags),
        )
        for group in parsed.groups():  # the options hold on each side of an OR
            group.add(given)
    return run(catalogue, parsed, lambda card, fmt: _verdict(card, fmt, catalogue), notes)


def _verdict(card: Card, fmt: str, catalogue: Catalogue) -> str:
    """The card's verdict in the format today, as `hlcg validate` reaches it."""
    from hlcg.rules import verdict_in

    return verdict_in(card, fmt, catalogue).status


def shown_formats(card: Card, catalogue: Catalogue) -> str:
    """The checked formats `validate` lets a card be played in; `?` where no source
    decides (no legality fact, recorded format or printing of the format's edition)."""
    from hlcg.rules import ILLEGAL, UNCONFIRMED

    shown = [
        fmt + ("?" if verdict["status"] == UNCONFIRMED else "")
        for fmt, verdict in format_verdicts(card, catalogue).items()
        if verdict["status"] != ILLEGAL
    ]
    return ",".join(shown) or "none"


def search_json(
    query: str, cards: list[Card], catalogue: Catalogue, notes: Sequence[str] = ()
) -> dict[str, Any]:
    """`hlcg search --json QUERY`; ``notes`` says which misspelt set or persona was taken
    as the one it is close to, so a reader of the JSON alone is never guessed at silently."""
    return {
        "query": query,
        "count": len(cards),
        "cards": [card_json(c, catalogue) for c in cards],
        "notes": list(notes),
    }


def formats_json(catalogue: Catalogue) -> list[dict[str, Any]]:
    """The formats as `hlcg formats --json` prints them (and `GET /api/formats` returns);
    ``default`` marks the format a deck without a Format: line is checked as."""
    from hlcg.catalog import DEFAULT_FORMAT

    return [
        {
            "name": f.name,
            "title": f.title,
            "checked": f.checked,
            "default": f.name == DEFAULT_FORMAT,
            "editions": list(f.editions),
            "description": f.description,
            "source": f.source,
        }
        for f in catalogue.formats.values()
    ]


def sets_json(catalogue: Catalogue) -> list[dict[str, Any]]:
    """The sets as `hlcg sets --json` prints them: edition, release and card count."""
    counts = catalogue.set_counts()
    return [
        {"code": code, **info, "cards": counts.get(code, 0)}
        for code, info in catalogue.sets.items()
    ]
