"""Card rows read through a column map, judged one by one against the catalogue before
rows of one name merge into one card (``hlcg.curation.lackey``): a gem count a first
edition printing cannot carry, and a subtitle the catalogue lacks on a card it holds without
one. Judged on the row itself, the same row is judged alike in any catalogue. And an update
sheet's ``formats`` rows for one card, combined into the one list they state."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from hlcg.catalog import normalise

if TYPE_CHECKING:
    from hlcg.curation.bundle import Bundle
    from hlcg.curation.lackey import LackeyOptions
    from hlcg.curation.models import SetRow


def gemless_sets(sets: Iterable[SetRow]) -> dict[str, str]:
    """Set code -> edition, for the sets whose cards print no gems (first edition)."""
    from hlcg.curation.bounds import GEM_EDITIONS

    return {s.code: s.edition for s in sets if s.edition not in GEM_EDITIONS}


def plain_titles(bundle: Bundle) -> dict[str, tuple[str, frozenset[str]]]:
    """The cards without a subtitle by normalised title, each title held by one such card:
    its id and its sources."""
    plain: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for card in bundle.cards:
        if not card.subtitle:
            sources = frozenset(s.strip() for s in card.source.split(";") if s.strip())
            plain.setdefault(normalise(card.title), []).append((card.id, sources))
    return {title: cards[0] for title, cards in plain.items() if len(cards) == 1}


def as_catalogue_records(
    rows: Iterable[tuple[int, dict[str, str]]], options: LackeyOptions, notes: list[str]
) -> list[tuple[int, dict[str, str]]]:
    """Each row without the gem counts and the subtitle the catalogue would not record,
    a note naming each."""
    return [
        (n, _plain_card(n, _without_gemless_gems(n, row, options, notes), options, notes))
        for n, row in rows
    ]


def _codes(row: dict[str, str]) -> list[str]:
    return [c for c in (row.get("sets") or "").split(";") if c]


def _prints_gems(row: dict[str, str], options: LackeyOptions) -> bool:
    """Whether a card of the row's name, or a set the row names, prints gems."""
    codes = _codes(row)
    if not codes or any(c not in options.gemless for c in codes):
        return True
    name = normalise(" ".join(row.get(k) or "" for k in ("title", "subtitle")))
    versions = options.versions_by_name.get(name, ())
    return any(c not in options.gemless for v in versions for c in v.sets)


def _without_gemless_gems(
    number: int, row: dict[str, str], options: LackeyOptions, notes: list[str]
) -> dict[str, str]:
    """A row printed only in sets whose cards print no gems (seed 001 has none; seed 002,
    Attribute Gems) records no gem count: judged on the row itself, before rows of one
    name merge, so the same row is judged alike in any catalogue."""
    from hlcg.catalog.storage import GEM_FIELDS

    gems = {name: row[name] for name in GEM_FIELDS if (row.get(name) or "").strip()}
    if not gems or _prints_gems(row, options):
        return row  # where a card of the name prints gems, its row's card decides (card_rows)
    codes = _codes(row)
    editions = "/".join(sorted({options.gemless[c] for c in codes}))
    stated = ", ".join(f"{name} {value}" for name, value in gems.items())
    notes.append(
        f"row {number}: {row.get('title')!r} is printed only in {', '.join(sorted(codes))} "
        f"({editions}), whose cards print no gems: {stated} not recorded"
    )
    return {k: v for k, v in row.items() if k not in gems}


def _plain_card(
    number: int, row: dict[str, str], options: LackeyOptions, notes: list[str]
) -> dict[str, str]:
    """A row with a subtitle no card of the catalogue has, whose title is a card's without
    one, from a source that card records, is that card: its subtitle is not recorded (it
    would rename the card). Judged before rows of one name merge, so such a row and a
    plain row of the title are one card."""
    subtitle = (row.get("subtitle") or "").strip()
    title = row.get("title") or ""
    plain = options.plain_titles.get(normalise(title))
    if (
        not subtitle
        or plain is None
        or normalise(f"{title} {subtitle}") in options.versions_by_name
    ):
        return row
    card_id, sources = plain
    row_sources = {s.strip() for s in (row.get("source") or "").split(";") if s.strip()}
    if not row_sources & sources:
        return row
    notes.append(
        f"row {number} names {title!r} with the subtitle {subtitle!r}: the catalogue's "
        f"{card_id} has that title, no subtitle and the row's source, so the row is that "
        "card; the subtitle is not recorded"
    )
    return {**row, "subtitle": ""}


def duplicate_notes(
    number: int, row: dict[str, str], new_id: str | None, options: LackeyOptions
) -> list[str]:
    """A note when a new card's title is a plain card's of the catalogue: it may be that
    card under a subtitle the catalogue lacks."""
    subtitle = (row.get("subtitle") or "").strip()
    plain = options.plain_titles.get(normalise(row.get("title") or ""))
    if not new_id or new_id in options.known_ids or not subtitle or plain is None:
        return []
    return [
        f"row {number} adds {new_id} ({row.get('title')}: {subtitle}); the catalogue's "
        f"{plain[0]} has the same title and no subtitle: if they are one card, `hlcg db "
        f"remove card {new_id}`"
    ]


def formats_combined(
    rows: Iterable[tuple[int, dict[str, str]]],
) -> list[tuple[int, dict[str, str]]]:
    """A card's ``formats`` is a list: the rows stating it for one card are one fact, the
    formats they name combined (a format spelled two ways, ``Type Two`` and ``Type II``,
    once) with their sources, in the first such row's place."""
    from hlcg.catalog import format_named
    from hlcg.curation.set_cells import listed_cell
    from hlcg.curation.upsert import add_source

    combined: list[tuple[int, dict[str, str]]] = []
    first: dict[str, dict[str, str]] = {}
    for number, row in rows:
        card_id = (row.get("id") or "").strip()
        value = (row.get("value") or "").strip()
        if (row.get("field") or "").strip() != "formats" or not value:
            combined.append((number, row))
            continue
        named = [format_named(p) or p for p in listed_cell(value)]
        earlier = first.get(card_id)
        if earlier is None:
            first[card_id] = row = {**row, "value": ";".join(dict.fromkeys(named))}
            combined.append((number, row))
            continue
        have = [v for v in earlier["value"].split(";") if v]
        earlier["value"] = ";".join(dict.fromkeys([*have, *named]))
        earlier["source"] = add_source(earlier.get("source") or "", row.get("source") or "")
    return combined
