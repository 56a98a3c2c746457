"""A search's words: the cards they find through the full-text index, and how those rank:
a title match (the title or name is the words, an alias or a spelling of one: normalised,
plural, the grid's "middle" for "Center") above a title holding the words, above a card
whose text alone holds them (issue 33)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hlcg.catalog.card import Card
from hlcg.catalog.connection import connect
from hlcg.catalog.lookup import structure_key
from hlcg.catalog.vocabulary import normalise

if TYPE_CHECKING:
    from hlcg.catalog.store import Catalogue

# --- the full-text step ---------------------------------------------------------------------

_FTS_WORD = re.compile(r"[a-z0-9]+")


def word_forms(word: str) -> list[str]:
    """The index words a user word stands for, each matched as a prefix.

    The full-text index splits "Master's" into "master" and "s"; "masters", "master's" and
    "Masters" all mean that card, so the plural or possessive ending is also tried without
    its "s" ("dodges" -> "dodge", "boxes" -> "box")."""
    key = normalise(word).replace(" ", "")
    if not key:
        return []
    forms = [key]
    if len(key) > 3 and key.endswith("s"):
        forms.append(key[:-1])
        if len(key) > 4 and key.endswith("es"):
            forms.append(key[:-2])
    return forms


def fts_expression(words: Sequence[str], phrases: Sequence[str] = ()) -> str:
    """An FTS5 query: every word (in any of its forms, as a prefix) and every phrase.

    Only index words (letters and digits) and quoted phrases reach FTS, so no FTS operator
    or punctuation a user types can change the query's meaning."""
    parts = []
    for word in words:
        for piece in normalise(word).split():
            forms = word_forms(piece)
            parts.append("(" + " OR ".join(f'"{form}"*' for form in forms) + ")")
    for phrase in phrases:
        tokens = _FTS_WORD.findall(phrase.lower())
        if tokens:
            parts.append('"' + " ".join(tokens) + '"')
    return " AND ".join(parts) if parts else '""'


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


# --- how the cards found rank ---------------------------------------------------------------


def loose_key(text: str) -> str:
    """A name as a title match compares it: normalised, the grid's synonyms folded and each
    word's plural or possessive "s" dropped ("Masters Blocks" -> "master block")."""
    return " ".join(_singular(word) for word in structure_key(normalise(text)).split())


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def title_rank(card: Card, wanted: str) -> int:
    """How a card found by words is named by them (``wanted``, a ``loose_key``): 0 its title
    or name is the words (a leading "the" aside: "kurgan" is The Kurgan), 1 its title holds
    each word, 2 each word begins a word of its title, 3 only its text holds them. A title
    match ranks above a text match."""
    title, name = loose_key(card.title), loose_key(card.name)
    if _without_article(wanted) in (_without_article(title), _without_article(name)):
        return 0
    words = name.split()
    if all(word in words for word in wanted.split()):
        return 1
    if all(any(own.startswith(word) for own in words) for word in wanted.split()):
        return 2
    return 3


def _without_article(key: str) -> str:
    return key.removeprefix("the ")


def search_order(cards: Sequence[Card], named: Sequence[str], wanted: str) -> list[Card]:
    """Cards found by words (in full-text order), best named first (``wanted``, a
    ``loose_key``): the cards the words name (``named_ids``), then by ``title_rank``. Cards
    of one name (title and subtitle: the versions of a card) rank together, where the first
    of them ranks, by id (both The Kurgan cards before Bloodlust: The Kurgan, whichever one
    the full-text index found first)."""
    ranks: dict[str, tuple[int, int]] = {}  # a name -> its best rank and first place
    for place, card in enumerate(cards):
        rank = 0 if card.id in named else title_rank(card, wanted)
        ranks[card.name] = min(ranks.get(card.name, (rank, place)), (rank, place))
    return sorted(cards, key=lambda card: (*ranks[card.name], card.id))


def named_ids(catalogue: Catalogue, words: Sequence[str]) -> tuple[str, ...]:
    """The cards a search's words name as `hlcg card` names them short of a near miss: a
    title, "Title: Subtitle", an alias or a spelling of one ("dodges", "lower middle
    attack")."""
    match = catalogue.exact(" ".join(words))
    return match.ids if match is not None else ()
