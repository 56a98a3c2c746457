"""What each table, view and column of a catalogue holds, in words, and the Datasette
``metadata.json`` made from it (``hlcg db datasette-metadata``).

This is the one place that describes the catalogue's tables and columns; a test checks it
against ``hlcg.catalog.schema`` (every table, view and column described, none that is not
there), so a table added to the schema without its description fails the suite.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from hlcg.catalog.storage import TableGroup

_SOURCE = "URL(s) or seed rulebook file with section backing the row, `; `-separated"
_INFERRED = "The reasoning, when the source implies the fact rather than stating it; empty: stated"


class Described(NamedTuple):
    description: str
    columns: dict[str, str]


_CARD_COLUMNS: dict[str, str] = {
    "id": "Stable slug naming the card (one text under one title and subtitle)",
    "title": "The title as printed",
    "subtitle": "What is printed under or after the title: a persona, faction, Weapon of "
    "Choice or descriptor",
    "type": "Card type (attack, block, persona, ...); empty: unknown",
    "sets": "Set codes the card is recorded as printed in (JSON array; see printings)",
    "restriction": "Restriction number: copies an Endurance may hold; empty: unknown",
    "unrestricted": "1: a source states the card carries no restriction number",
    "reserved": "1: a reserved card",
    "signature": "1: a signature card",
    "unique": "1 unique, 0 not; empty: unknown",
    "hand_icons": "Hand icons printed on the card; empty: unknown",
    "gem_master": "Master gems (a persona's attribute value); empty: unknown",
    "gem_agility": "Agility gems; empty: unknown",
    "gem_strength": "Strength gems; empty: unknown",
    "gem_toughness": "Toughness gems; empty: unknown",
    "gem_empathy": "Empathy gems; empty: unknown",
    "gem_reason": "Reason gems; empty: unknown",
    "master_limit": "A persona's Master card limit; empty: its Master gem, or unknown",
    "formats": "Formats a source places the card in (JSON array): evidence it is legal "
    "there, never that it is not elsewhere",
    "modifiers": "Deck-building effects (JSON array; docs/formats.md)",
    "faction": "Factions (JSON array)",
    "text": "The card's text, summarised in our own words",
    "source": _SOURCE,
    "pregame": "1: a pre-game type (derived from type)",
    "master": "1: a Master card (derived from the title)",
    "name": "Title: Subtitle, or the title alone (derived; names the card in links to it)",
}

DESCRIPTIONS: dict[str, Described] = {
    "cards": Described(
        "One row per card: the card contract of data/source/cards.csv", _CARD_COLUMNS
    ),
    "sets": Described(
        "Sets and products cards are printed in; a set's edition decides which formats "
        "take its printings",
        {
            "code": "Set code, as cards.sets and printings.set_code name it",
            "name": "The set's name",
            "edition": "The edition its cards belong to (1E, 2E, MLE)",
            "released": "First release (YYYY, YYYY-MM); empty: unknown",
            "source": _SOURCE,
        },
    ),
    "formats": Described(
        "Formats and legality tags",
        {
            "name": "Format name, as legality.format and cards.formats name it",
            "title": "The format's name as players write it",
            "checked": "1: hlcg checks decks for this format; 0: a legality tag only",
            "editions": "Editions whose cards are the format's own (JSON array)",
            "description": "What the format is",
            "source": _SOURCE,
        },
    ),
    "printings": Described(
        "One row per card and set it is recorded as printed in (from cards.sets)",
        {"card_id": "The card", "set_code": "The set"},
    ),
    "legality": Described(
        "Sourced, dated legality facts (data/source/legality.csv): the latest row on or "
        "before the date a deck is judged by decides",
        {
            "card_id": "The card",
            "format": "The format",
            "status": "legal, restricted, banned or suspended",
            "date": "In force from this day (YYYY, YYYY-MM or YYYY-MM-DD); empty: always",
            "source": _SOURCE,
            "note": "Why, and what the source leaves open",
            "inferred": _INFERRED,
        },
    ),
    "fact_sources": Described(
        "The sources of each fact (data/source/facts.csv), a row each: the page, or the "
        "printed card a reader read, that backs one fact of a card (two readers who confirm "
        "it are two rows); a fact without a row here is backed by the card row's source",
        {
            "card_id": "The card",
            "field": "The card contract field the source backs",
            "value": "For sets: the one printing (set code) it backs; else empty",
            "source": _SOURCE,
            "inferred": _INFERRED,
        },
    ),
    "fact_history": Described(
        "Values and sources an import with --overwrite replaced, and when and by what",
        {
            "card_id": "The card",
            "field": "The card contract field",
            "value": "The value replaced",
            "source": "The sources the replaced value had",
            "inferred": _INFERRED,
            "superseded": "The day and the file whose import replaced it",
        },
    ),
    "aliases": Described(
        "Other names rulebooks use for a card",
        {
            "alias": "The other name",
            "card_id": "The card it names",
            "source": _SOURCE,
        },
    ),
    "modifiers": Described(
        "Deck-building effects, one row per card and effect (from cards.modifiers)",
        {
            "card_id": "The card",
            "position": "Order on the card",
            "kind": "Effect kind (docs/formats.md)",
            "params": "The effect's parameters (JSON object)",
        },
    ),
    "meta": Described(
        "How the file was made: schema and data version, content_sha256, build inputs",
        {"key": "What is recorded", "value": "Its value"},
    ),
    "_row_digests": Described(
        "One sha256 per source row, so `hlcg db info --verify` can say what changed",
        {"table_name": "Source table", "key": "Row key", "sha256": "Digest of the row"},
    ),
    "_card_keys": Described(
        "The names lookups find each card by, normalised (lower case, no punctuation)",
        {
            "card_id": "The card",
            "title_norm": "The title normalised",
            "name_norm": "Title and subtitle normalised; empty: no subtitle",
            "subtitle_norm": "The subtitle normalised; empty: no subtitle",
        },
    ),
    "_alias_keys": Described(
        "The aliases normalised for lookups, one row per alias",
        {
            "alias": "The alias, as aliases.alias",
            "alias_norm": "The alias normalised",
            "card_id": "The card it names",
        },
    ),
    "_names": Described(
        "The fuzzy lookup's names: one row per normalised title, full name or alias",
        {
            "position": "Order of first appearance (decides ties)",
            "key": "The normalised name",
            "display": "The name as shown",
            "card_ids": "Ids of the cards it names, `;`-joined",
        },
    ),
    "_name_list": Described(
        "Every normalised name in one row, newline-joined, for the fuzzy lookup",
        {"keys": "The names"},
    ),
    "card_legality": Described(
        "View: each legality fact with the card's and the format's names",
        {
            "card_id": "The card",
            "title": "Its title",
            "subtitle": "Its subtitle",
            "format": "The format",
            "format_title": "The format's name",
            "status": "legal, restricted, banned or suspended",
            "date": "In force from this day; empty: always",
            "source": _SOURCE,
            "note": "Why, and what the source leaves open",
            "inferred": _INFERRED,
        },
    ),
    "card_facts": Described(
        "View: every recorded fact of every card with its source, one row per source",
        {
            "card_id": "The card",
            "title": "Its title",
            "field": "The card contract field (type, sets, restriction, gem_master, ...)",
            "value": "The recorded value (one set code, format, faction or modifier per row)",
            "source": _SOURCE,
            "source_scope": "fact: the fact's own source (fact_sources); card: the card row's, "
            "which backs all its facts together",
            "inferred": _INFERRED,
        },
    ),
}

# Tables a person browsing the catalogue does not need: how the file was made and the
# lookup's own tables (Datasette 1.0 also hides names starting with `_` by itself).
HIDDEN_TABLES: tuple[str, ...] = (
    "meta",
    "_row_digests",
    "_card_keys",
    "_alias_keys",
    "_names",
    "_name_list",
)

# Datasette's settings per table: facets offered at once, label columns for links.
_TABLE_SETTINGS: dict[str, dict[str, Any]] = {
    "cards": {
        "facets": ["type", {"array": "sets"}, {"array": "formats"}],
        "label_column": "name",
    },
    "sets": {"facets": ["edition"], "label_column": "name"},
    "formats": {"label_column": "title"},
    "printings": {"facets": ["set_code"]},
    "legality": {"facets": ["format", "status"]},
    "card_legality": {"facets": ["format", "status"]},
    "card_facts": {"facets": ["field", "source_scope"]},
}


# Datasette's table view orders a full-text search by the primary key, and shows every
# column: this query keeps relevance order as `hlcg search` has it (a title that is the
# words, then a title holding them, then the index's rank), and shows each card by its
# name (title and subtitle) and the columns a reader wants.
# Like `hlcg search` it reads the words as a title would hold them (apostrophes out,
# the grid's "middle" and "centre" as "center", a plural's last "s" off: "masters block",
# "dodges", "lower middle attack") and takes an alias that is the words; unlike it, the
# text is matched as one phrase without word forms (SQL has no stemmer), so `hlcg search`
# also lists cards whose text holds the words apart or in another form.
_WORDS = (
    "replace(replace(replace(lower(trim(:words)), '''', ''), 'middle', 'center'), "
    "'centre', 'center')"
)
_SINGULAR = (
    f"(case when {_WORDS} like '%s' then substr({_WORDS}, 1, length({_WORDS}) - 1) "
    f"else {_WORDS} end)"
)
_NAME = (
    "replace(replace(lower(cards.title || ' ' || coalesce(cards.subtitle, '')), '''', ''), "
    "'-', ' ')"
)
SEARCH_QUERY = {
    "title": "Search cards",
    "description": (
        "Cards whose title, subtitle or alias is or holds the words (read as hlcg search "
        "reads them: masters finds Master's, dodges finds Dodge, middle finds Center), or "
        "whose text holds them as a phrase, in relevance order: the card whose title is the "
        "words first, then titles holding them, then the full-text rank. Each card is named "
        "by its title and subtitle."
    ),
    "sql": (
        "select cards.id, cards.name, cards.type, cards.sets, cards.restriction, "
        "cards.formats, cards.text, cards.source from cards left join "
        "(select rowid, rank from cards_fts "
        "where cards_fts match '\"' || replace(:words, '\"', '\"\"') || '\"') as found "
        "on found.rowid = cards.rowid "
        f"where found.rowid is not null or instr({_NAME}, {_SINGULAR}) > 0 "
        "or cards.id in (select card_id from aliases where lower(alias) = lower(trim(:words))) "
        f"order by replace(lower(cards.title), '''', '') in ({_WORDS}, {_SINGULAR}) desc, "
        f"instr({_NAME}, {_SINGULAR}) > 0 desc, found.rank is null, found.rank, cards.id"
    ),
}


def group_descriptions(groups: Sequence[TableGroup]) -> dict[str, Described]:
    """Handed-in tables described by their row models: the docstring, the fields'
    descriptions (a field without one is named by its name)."""
    described: dict[str, Described] = {}
    for group in groups:
        for table, model in group.models.items():
            summary = (model.__doc__ or table).strip().splitlines()[0]
            columns = {
                name: info.description or name.replace("_", " ")
                for name, info in model.model_fields.items()
            }
            described[table] = Described(summary, columns)
    return described


def _cited_sites(conn: sqlite3.Connection) -> Counter[str]:
    """How many card rows cite each web site (its address: scheme and host)."""
    sites: Counter[str] = Counter()
    for (source,) in conn.execute("SELECT source FROM cards"):
        parts = [urlsplit(part.strip()) for part in (source or "").split(";")]
        sites.update({f"{p.scheme}://{p.hostname}/" for p in parts if p.scheme and p.hostname})
    return sites


def datasette_metadata(
    conn: sqlite3.Connection, database: str, groups: Sequence[TableGroup]
) -> dict[str, Any]:
    """Datasette's metadata.json for the catalogue open on ``conn``, served under the
    name ``database`` (Datasette names a database after its file's stem)."""
    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    sites = _cited_sites(conn)
    site, _ = sites.most_common(1)[0] if sites else ("", 0)
    cited = ", ".join(f"{address} ({n} cards)" for address, n in sites.most_common(5))
    tables: dict[str, Any] = {}
    for name, described in {**DESCRIPTIONS, **group_descriptions(groups)}.items():
        entry: dict[str, Any] = {
            "description": described.description,
            "columns": dict(described.columns),
        }
        if name in HIDDEN_TABLES:
            entry["hidden"] = True
        entry.update(_TABLE_SETTINGS.get(name, {}))
        tables[name] = entry
    return {
        "title": "Highlander: The Card Game catalogue (hlcg)",
        "description": (
            f"The hlcg card catalogue, data version {meta.get('data_version', '?')}, "
            f"content_sha256 {meta.get('content_sha256', '?')}. Every row names its source "
            f"in its source column; the sites cited most: {cited or 'none'}."
        ),
        "license": "MIT",
        "license_url": "https://opensource.org/license/mit",
        "source": f"Each row's source column (most cited: {site or 'none'})",
        "source_url": site,
        "databases": {database: {"tables": tables, "queries": {"search": SEARCH_QUERY}}},
    }
