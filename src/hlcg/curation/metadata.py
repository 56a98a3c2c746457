"""What each table, view and column of a catalogue holds, in words, and the Datasette
``metadata.json`` made from it (``hlcg db datasette-metadata``).

This is the one place that describes the catalogue's tables and columns; a test checks it
against ``hlcg.catalog.schema`` (every table, view and column described, none that is not
there), so a table added to the schema without its description fails the suite.
"""

from __future__ import annotations

import html
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

# The cards table's search box (Datasette 0.65) lists what it finds by id, with no
# relevance order: the table's description points at the query that ranks. The link is
# relative (the table's page is /DATABASE/cards, the query's /DATABASE/search), so it holds
# under any base URL.
_CARDS_HTML = (
    "<p>{}</p><p>The search box here lists the cards it finds by id. To find a card by "
    'its words in relevance order, as <code>hlcg search</code> ranks them, use <a href="search">'
    "Search cards</a>.</p>"
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
# column: this query ranks as `hlcg search` does (hlcg.catalog.ranking), in SQL alone:
# - the words are read as hlcg reads them (lower case, apostrophes out, punctuation a
#   space), and each reaches the full-text index in its forms as a prefix ("dodges":
#   "dodges"* OR "dodge"*), so the index finds and ranks what `hlcg search` finds;
# - a card's title, name and aliases are compared in their loose form (the grid's
#   "middle" as "center", each word's plural "s" off: ``loose_key``), read from the
#   lookup table `_card_keys`/`_alias_keys` the build writes with hlcg's own normalise();
# - the cards the words name (a name or alias that is them, else a title: `hlcg card`'s
#   exact match) and a title or name that is the words (a leading "the" aside) rank first,
#   then a name
#   holding each word, then one where each word begins a word, then the text alone;
#   cards of one name (the versions of The Kurgan) rank together, by id.
# SQL has no Unicode folding: a word typed with an accent is not folded as hlcg folds it.
_PUNCTUATION = '-:,.!?()"/&;'


def _cleaned(sql: str) -> str:
    """``sql`` read as ``normalise`` reads a name, in SQL: lower case, apostrophes out,
    punctuation a space."""
    for quote in ("''", "’", "‘"):
        sql = f"replace({sql}, '{quote}', '')"
    for mark in _PUNCTUATION:
        sql = f"replace({sql}, '{mark.replace(chr(39), chr(39) * 2)}', ' ')"
    return f"lower({sql})"


def _loose(word: str) -> str:
    """A word as ``loose_key`` has it: the grid's synonyms folded, a plural's "s" off."""
    folded = (
        f"(case {word} when 'middle' then 'center' when 'centre' then 'center' "
        f"when 'mid' then 'center' else {word} end)"
    )
    return (
        f"(case when length({folded}) > 3 and {folded} like '%s' and {folded} not like '%ss' "
        f"then substr({folded}, 1, length({folded}) - 1) else {folded} end)"
    )


def _fts_forms(word: str) -> str:
    """`AND ("word"* OR "wor"*)`: a word's forms as ``fts_expression`` writes them."""
    return (
        f"(case when {word} = '' then '' else ' AND (\"' || {word} || '\"*' || "
        f"(case when length({word}) > 3 and {word} like '%s' "
        f"then ' OR \"' || substr({word}, 1, length({word}) - 1) || '\"*' else '' end) || "
        f"(case when length({word}) > 4 and {word} like '%es' "
        f"then ' OR \"' || substr({word}, 1, length({word}) - 2) || '\"*' else '' end) "
        "|| ')' end)"
    )


# Splitting words in SQL: each step takes the next word off ``rest`` and adds the one
# before to what is built from them.
_NEXT_WORD = "substr(rest, 1, instr(rest, ' ') - 1), ltrim(substr(rest, instr(rest, ' ') + 1))"
_THE_ASIDE = "(case when {0} like 'the %' then substr({0}, 5) else {0} end)"
SEARCH_SQL = f"""with recursive
said(key, fts, word, rest) as (
  select '', '', '', ltrim({_cleaned(":words")} || ' ')
  union all
  select key || ' ' || {_loose("word")}, fts || {_fts_forms("word")}, {_NEXT_WORD}
  from said where rest != ''
),
wanted(key, fts) as (
  select trim(key || ' ' || {_loose("word")}), fts || {_fts_forms("word")}
  from said where rest = ''
),
wanted_words(word) as (select {_loose("word")} from said where word != ''),
spelt(card_id, which, key, word, rest) as (
  select card_id, 'title', '', '', ltrim(title_norm || ' ') from _card_keys
  union all
  select card_id, 'name', '', '', ltrim(coalesce(nullif(name_norm, ''), title_norm) || ' ')
  from _card_keys
  union all
  select card_id, 'alias', '', '', ltrim(alias_norm || ' ') from _alias_keys
  union all
  select card_id, which, key || ' ' || {_loose("word")}, {_NEXT_WORD}
  from spelt where rest != ''
),
keys(card_id, which, key) as (
  select card_id, which, trim(key || ' ' || {_loose("word")}) from spelt where rest = ''
),
found(rowid, rank) as (
  select rowid, rank from cards_fts
  where cards_fts match (select coalesce(nullif(substr(fts, 6), ''), '""') from wanted)
),
named(card_id) as (
  select keys.card_id from keys, wanted where keys.key = wanted.key and keys.which != 'title'
  union
  select keys.card_id from keys, wanted where keys.key = wanted.key and not exists (
    select 1 from keys, wanted where keys.key = wanted.key and keys.which != 'title')
),
judged(id, name, named, title_rank, fts_rank) as (
  select cards.id, cards.name,
    exists (select 1 from named where named.card_id = cards.id),
    case
      when exists (select 1 from keys, wanted where keys.card_id = cards.id
        and keys.which != 'alias'
        and {_THE_ASIDE.format("keys.key")} = {_THE_ASIDE.format("wanted.key")}) then 0
      when not exists (select 1 from wanted_words, keys where keys.card_id = cards.id
        and keys.which = 'name'
        and instr(' ' || keys.key || ' ', ' ' || wanted_words.word || ' ') = 0)
        then 1
      when not exists (select 1 from wanted_words, keys where keys.card_id = cards.id
        and keys.which = 'name' and instr(' ' || keys.key, ' ' || wanted_words.word) = 0)
        then 2
      else 3
    end,
    found.rank
  from cards left join found on found.rowid = cards.rowid
  where found.rowid is not null
    or cards.id in (select card_id from named)
),
grouped(id, title_rank, named, fts_rank, first_id) as (
  select id,
    min(case when named then 0 else title_rank end) over by_name,
    max(named) over by_name,
    min(fts_rank) over by_name,
    min(id) over by_name
  from judged
  window by_name as (partition by name)
)
select cards.id, cards.name, cards.type, cards.sets, cards.restriction, cards.formats,
  cards.text, cards.source
from grouped join cards on cards.id = grouped.id
order by grouped.title_rank, grouped.named desc,
  case when grouped.named then grouped.first_id end, grouped.fts_rank, grouped.first_id,
  cards.id"""
SEARCH_QUERY = {
    "title": "Search cards",
    "description": (
        "Cards whose title, subtitle, alias or text holds the words, ranked as `hlcg search` "
        "ranks them: a title or name that is the words first (read as hlcg reads them: "
        "masters finds Master's, dodges finds Dodge, middle finds Center, kurgan finds The "
        "Kurgan), then names holding the words, then the full-text rank; the versions of "
        "one card together. Each card is named by its title and subtitle. The cards "
        "table's own search box lists what it finds by id: use this query for relevance."
    ),
    "sql": SEARCH_SQL,
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
        if name == "cards":
            entry["description_html"] = _CARDS_HTML.format(html.escape(described.description))
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
