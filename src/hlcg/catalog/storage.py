"""The catalogue file's storage format, shared by the side that reads a catalogue
(``hlcg.catalog``) and the sides that write one (``hlcg.curation``; ``hlcg.tcboo``'s tables):
the tables, views and schema version (``catalog/schema.py``); the card codec, a card to a
row and back (``catalog/card.py``); the card contract's columns; how an id is made from a
name; whether a file is in WAL mode.

A door of its own, beside the package's: the names below are what the rest of hlcg may use
of the storage format, each imported from its module on first use. The reader's door
(``hlcg.catalog``) does not serve them: a deck check never needs them.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.catalog.card import decode_card as decode_card
    from hlcg.catalog.card import decode_list as decode_list
    from hlcg.catalog.card import encode_card as encode_card
    from hlcg.catalog.card import encode_card_keys as encode_card_keys
    from hlcg.catalog.card import encode_list as encode_list
    from hlcg.catalog.card import flat_card as flat_card
    from hlcg.catalog.card import flat_value as flat_value
    from hlcg.catalog.connection import in_wal_mode as in_wal_mode
    from hlcg.catalog.schema import SCHEMA_VERSION as SCHEMA_VERSION
    from hlcg.catalog.schema import TABLES as TABLES
    from hlcg.catalog.schema import VIEWS as VIEWS
    from hlcg.catalog.schema import Table as Table
    from hlcg.catalog.schema import TableGroup as TableGroup
    from hlcg.catalog.schema import group_table as group_table
    from hlcg.catalog.schema import row_key as row_key
    from hlcg.catalog.vocabulary import CONTRACT_FIELDS as CONTRACT_FIELDS
    from hlcg.catalog.vocabulary import FACT_FIELDS as FACT_FIELDS
    from hlcg.catalog.vocabulary import GEM_FIELDS as GEM_FIELDS
    from hlcg.catalog.vocabulary import LIST_FIELDS as LIST_FIELDS
    from hlcg.catalog.vocabulary import slug as slug

_DOOR = {
    "decode_card": "hlcg.catalog.card",
    "decode_list": "hlcg.catalog.card",
    "encode_card": "hlcg.catalog.card",
    "encode_card_keys": "hlcg.catalog.card",
    "encode_list": "hlcg.catalog.card",
    "flat_card": "hlcg.catalog.card",
    "flat_value": "hlcg.catalog.card",
    "in_wal_mode": "hlcg.catalog.connection",
    "SCHEMA_VERSION": "hlcg.catalog.schema",
    "TABLES": "hlcg.catalog.schema",
    "Table": "hlcg.catalog.schema",
    "TableGroup": "hlcg.catalog.schema",
    "VIEWS": "hlcg.catalog.schema",
    "group_table": "hlcg.catalog.schema",
    "row_key": "hlcg.catalog.schema",
    "CONTRACT_FIELDS": "hlcg.catalog.vocabulary",
    "FACT_FIELDS": "hlcg.catalog.vocabulary",
    "GEM_FIELDS": "hlcg.catalog.vocabulary",
    "LIST_FIELDS": "hlcg.catalog.vocabulary",
    "slug": "hlcg.catalog.vocabulary",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
