"""How a search ranks the cards its words find: a title match (the title or name is the
words, an alias or a spelling of one: normalised, plural, the grid's "middle" for "Center")
above a title holding the words, above a card whose text alone holds them (issue 33)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hlcg.catalog.card import Card
from hlcg.catalog.lookup import structure_key
from hlcg.catalog.vocabulary import normalise

if TYPE_CHECKING:
    from hlcg.catalog.store import Catalogue


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
