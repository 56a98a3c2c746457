"""Read-only mappings over a catalogue's tables, answered by indexed SQL queries: a lookup
reads the rows its key points at, never the whole table."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, ValuesView
from typing import TYPE_CHECKING, Any, TypeVar

from hlcg.catalog.card import Card

if TYPE_CHECKING:
    from hlcg.catalog.store import Catalogue

_V = TypeVar("_V")


class Query(Mapping[str, _V]):
    """A read-only mapping answered by indexed SQL queries, its answers cached.

    ``one`` returns the value of a key or None; ``keys`` lists every key, which only
    commands that show or count the whole catalogue ask for."""

    def __init__(
        self,
        one: Callable[[str], _V | None],
        keys: Callable[[], list[str]],
        count: Callable[[], int] | None = None,
    ) -> None:
        self._one = one
        self._keys = keys
        self._count = count
        self._cache: dict[str, _V | None] = {}

    def _value(self, key: object) -> _V | None:
        if not isinstance(key, str):
            return None
        if key not in self._cache:
            self._cache[key] = self._one(key)
        return self._cache[key]

    def __getitem__(self, key: str) -> _V:
        value = self._value(key)
        if value is None:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        return self._value(key) is not None

    def get(self, key: str, default: Any = None) -> Any:
        """Mapping.get without raising and catching KeyError: lookups miss often."""
        value = self._value(key)
        return default if value is None else value

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys())

    def __len__(self) -> int:
        return self._count() if self._count else len(self._keys())


class CardTable(Query[Card]):
    """card id -> Card, each row read when first asked for."""

    def __init__(self, catalogue: Catalogue) -> None:
        self._catalogue = catalogue
        super().__init__(self._by_id, self._ids, self._count_rows)

    def _by_id(self, card_id: str) -> Card | None:
        cached = self._catalogue._card_cache.get(card_id)
        if cached is not None:
            return cached
        found = self._catalogue.select_cards("id = ?", (card_id,))
        return found[0] if found else None

    def _ids(self) -> list[str]:
        return [r[0] for r in self._catalogue._rows("SELECT id FROM cards ORDER BY id")]

    def _count_rows(self) -> int:
        return int(self._catalogue._rows("SELECT count(*) FROM cards")[0][0])

    def values(self) -> ValuesView[Card]:
        """Every card: only for commands that show or count the whole catalogue."""
        self._catalogue.select_cards("1")  # one query instead of one per id
        return super().values()


def column_map(catalogue: Catalogue, one: str, keys: str) -> Query[str]:
    def first(key: str) -> str | None:
        rows = catalogue._rows(one, (key,))
        return rows[0][0] if rows else None

    return Query(first, lambda: [r[0] for r in catalogue._rows(keys)])


def card_list_map(catalogue: Catalogue, column: str) -> Query[list[Card]]:
    def cards(key: str) -> list[Card] | None:
        return catalogue.select_cards(f"{column} = ?", (key,)) or None

    def keys() -> list[str]:
        return [
            r[0]
            for r in catalogue._rows(
                f"SELECT DISTINCT {column} FROM cards WHERE {column} IS NOT NULL ORDER BY 1"
            )
        ]

    return Query(cards, keys)
