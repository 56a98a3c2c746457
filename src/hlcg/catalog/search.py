"""Card search: run a Query (``hlcg.catalog.query``) against a catalogue.

The filters become one SQL condition, so only the rows that may match are read; words go
through the full-text index (``hlcg.catalog.fulltext``). Unknown values never satisfy a
comparison: g:agility>=0 lists only cards whose agility gems are known.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from hlcg.catalog.card import Card
from hlcg.catalog.connection import connect
from hlcg.catalog.fulltext import fts_expression
from hlcg.catalog.query import Query, QueryError
from hlcg.catalog.store import Catalogue
from hlcg.catalog.vocabulary import normalise


def full_text_ids(path: Path, words: str) -> list[str]:
    """Card ids whose title, subtitle or text match ``words`` in the full-text index.

    ``words`` is passed to FTS as a parameter; FTS syntax errors become a CatalogueError-free
    ValueError with a readable message.
    """
    conn = connect(path)
    try:
        rows = conn.execute(
            "SELECT cards.id FROM cards_fts JOIN cards ON cards.rowid = cards_fts.rowid "
            "WHERE cards_fts MATCH ? ORDER BY rank",
            (words,),
        ).fetchall()
    except sqlite3.OperationalError as exc:
        raise ValueError(f"full-text query {words!r} could not be read: {exc}") from None
    finally:
        conn.close()
    return [r[0] for r in rows]


def _persona_titles(catalogue: Catalogue, fragment: str) -> set[str]:
    wanted = normalise(fragment)
    return {name for name in catalogue.persona_names if wanted and wanted in name}


_FLAG_SQL = {
    "reserved": "reserved = 1",
    "signature": "signature = 1",
    "master": "master = 1",
    "pregame": "pregame = 1",
    "unique": 'coalesce("unique", pregame) = 1',
}


def _prefilter(catalogue: Catalogue, query: Query) -> tuple[str, list[object]]:
    """The filters as one SQL condition, so only matching rows are read; the Python filters
    in ``run`` still decide. An unknown gem or flag value never matches, as NULL never
    compares true in SQL."""
    where: list[str] = []
    params: list[object] = []
    for wanted_type in query.types:
        where.append("type = ?")
        params.append(wanted_type)
    for persona in query.personas:
        titles = sorted(_persona_titles(catalogue, persona))
        where.append(f"subtitle_norm IN ({', '.join('?' * len(titles))})")
        params.extend(titles)
    for code in query.sets:
        where.append("id IN (SELECT card_id FROM printings WHERE lower(set_code) = lower(?))")
        params.append(code)
    for fmt in query.formats:
        where.append(
            "(coalesce(formats, '[]') = '[]' "
            "OR EXISTS (SELECT 1 FROM json_each(cards.formats) WHERE value = ?))"
        )
        params.append(fmt)
    for gem in query.gems:
        where.append(f"gem_{gem.attribute} {gem.op} ?")
        params.append(gem.number)
    where.extend(_FLAG_SQL[flag] for flag in query.flags)
    return " AND ".join(where) or "1", params


def run(
    catalogue: Catalogue, query: Query, legal_in: Callable[[Card, str], bool] | None = None
) -> list[Card]:
    """Cards matching every filter, in id order (full-text rank order with text terms).
    ``legal_in`` judges the format filters (the rules pass their verdict, which also weighs
    a card's editions); by default only recorded format legality counts."""
    unrecorded = [fmt for fmt in query.formats if fmt not in catalogue.formats]
    if unrecorded:
        raise QueryError(
            f"this catalogue records no format {unrecorded[0]}, so f:{unrecorded[0]} cannot "
            "be judged; start a catalogue with the game's formats: "
            "`hlcg db init my.sqlite --from-shipped`"
        )
    ids: list[str] = []
    if query.has_text:
        ids = full_text_ids(catalogue.path, fts_expression(query.text, query.phrases))
    titles = [_persona_titles(catalogue, persona) for persona in query.personas]
    for persona, found in zip(query.personas, titles, strict=True):
        if not found:
            raise QueryError(f"no persona matches {persona!r}; see `hlcg search t:persona`")
    cards = catalogue.select_cards(*_prefilter(catalogue, query))
    if query.has_text:
        by_id = {c.id: c for c in cards}
        cards = [by_id[i] for i in ids if i in by_id]
    judge = legal_in or _recorded_legality
    return [card for card in cards if _matches(card, query, titles, judge)]


def _recorded_legality(card: Card, fmt: str) -> bool:
    return card.legal_in(fmt)


def _matches(
    card: Card,
    query: Query,
    persona_titles: list[set[str]],
    legal_in: Callable[[Card, str], bool],
) -> bool:
    """Whether a card the SQL prefilter let through passes every filter of the query."""
    subtitle = normalise(card.subtitle) if card.subtitle else None
    sets = {code.lower() for code in card.sets}
    return (
        all(card.type == wanted for wanted in query.types)
        and all(subtitle in titles for titles in persona_titles)
        and all(code.lower() in sets for code in query.sets)
        and all(legal_in(card, fmt) for fmt in query.formats)
        and all(gem(card) for gem in query.gems)
        and all(_has_flag(card, flag) for flag in query.flags)
    )


def _has_flag(card: Card, flag: str) -> bool:
    return {
        "reserved": card.reserved,
        "signature": card.signature,
        "master": card.is_master,
        "pregame": card.is_pregame,
        "unique": card.is_unique,
    }[flag]
