"""The card catalogue, read side: the SQLite file opened as a ``Catalogue``, its field
vocabulary, card lookup and search. Nothing here writes a catalogue (that is ``curation``).

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.catalog.card import EXCLUDING as EXCLUDING
    from hlcg.catalog.card import Card as Card
    from hlcg.catalog.card import FactSource as FactSource
    from hlcg.catalog.card import LegalityFact as LegalityFact
    from hlcg.catalog.card import in_force as in_force
    from hlcg.catalog.connection import connect as connect
    from hlcg.catalog.connection import is_shipped as is_shipped
    from hlcg.catalog.connection import resolve_path as resolve_path
    from hlcg.catalog.connection import shipped_path as shipped_path
    from hlcg.catalog.connection import sqlite_uri as sqlite_uri
    from hlcg.catalog.integrity import sha256_hex as sha256_hex
    from hlcg.catalog.integrity import used_rows_digest as used_rows_digest
    from hlcg.catalog.lookup import CONFIDENT_SCORE as CONFIDENT_SCORE
    from hlcg.catalog.lookup import SUGGEST_SCORE as SUGGEST_SCORE
    from hlcg.catalog.lookup import Candidate as Candidate
    from hlcg.catalog.lookup import Match as Match
    from hlcg.catalog.lookup import judge_match as judge_match
    from hlcg.catalog.lookup import persona_first_names as persona_first_names
    from hlcg.catalog.lookup import persona_match as persona_match
    from hlcg.catalog.lookup import score_names as score_names
    from hlcg.catalog.search import Query as Query
    from hlcg.catalog.search import check_format as check_format
    from hlcg.catalog.search import check_type as check_type
    from hlcg.catalog.search import parse_gem as parse_gem
    from hlcg.catalog.search import parse_query as parse_query
    from hlcg.catalog.search import run as run
    from hlcg.catalog.store import Catalogue as Catalogue
    from hlcg.catalog.store import PerCatalogue as PerCatalogue
    from hlcg.catalog.store import load as load
    from hlcg.catalog.store import remember as remember
    from hlcg.catalog.vocabulary import ATTRIBUTES as ATTRIBUTES
    from hlcg.catalog.vocabulary import BOOL_FIELDS as BOOL_FIELDS
    from hlcg.catalog.vocabulary import CARD_TYPES as CARD_TYPES
    from hlcg.catalog.vocabulary import CATALOGUE_DOCUMENT_KIND as CATALOGUE_DOCUMENT_KIND
    from hlcg.catalog.vocabulary import CHECKED_FORMATS as CHECKED_FORMATS
    from hlcg.catalog.vocabulary import DEFAULT_FORMAT as DEFAULT_FORMAT
    from hlcg.catalog.vocabulary import FORMAT_TAGS as FORMAT_TAGS
    from hlcg.catalog.vocabulary import FORMATS as FORMATS
    from hlcg.catalog.vocabulary import GAP_FIELDS as GAP_FIELDS
    from hlcg.catalog.vocabulary import INT_FIELDS as INT_FIELDS
    from hlcg.catalog.vocabulary import PREGAME_TYPES as PREGAME_TYPES
    from hlcg.catalog.vocabulary import CheckedFormat as CheckedFormat
    from hlcg.catalog.vocabulary import accepted_format_names as accepted_format_names
    from hlcg.catalog.vocabulary import format_from_user as format_from_user
    from hlcg.catalog.vocabulary import format_mentions as format_mentions
    from hlcg.catalog.vocabulary import format_named as format_named
    from hlcg.catalog.vocabulary import format_title as format_title
    from hlcg.catalog.vocabulary import is_weapon_card as is_weapon_card
    from hlcg.catalog.vocabulary import named_faction as named_faction
    from hlcg.catalog.vocabulary import named_personas as named_personas
    from hlcg.catalog.vocabulary import named_weapon as named_weapon
    from hlcg.catalog.vocabulary import normalise as normalise
    from hlcg.catalog.vocabulary import set_code as set_code
    from hlcg.catalog.vocabulary import title_words as title_words

_DOOR = {
    "Card": "hlcg.catalog.card",
    "EXCLUDING": "hlcg.catalog.card",
    "LegalityFact": "hlcg.catalog.card",
    "in_force": "hlcg.catalog.card",
    "connect": "hlcg.catalog.connection",
    "is_shipped": "hlcg.catalog.connection",
    "resolve_path": "hlcg.catalog.connection",
    "shipped_path": "hlcg.catalog.connection",
    "sqlite_uri": "hlcg.catalog.connection",
    "sha256_hex": "hlcg.catalog.integrity",
    "used_rows_digest": "hlcg.catalog.integrity",
    "CONFIDENT_SCORE": "hlcg.catalog.lookup",
    "Candidate": "hlcg.catalog.lookup",
    "Match": "hlcg.catalog.lookup",
    "SUGGEST_SCORE": "hlcg.catalog.lookup",
    "judge_match": "hlcg.catalog.lookup",
    "score_names": "hlcg.catalog.lookup",
    "check_format": "hlcg.catalog.search",
    "check_type": "hlcg.catalog.search",
    "parse_gem": "hlcg.catalog.search",
    "parse_query": "hlcg.catalog.search",
    "Query": "hlcg.catalog.search",
    "run": "hlcg.catalog.search",
    "FactSource": "hlcg.catalog.card",
    "remember": "hlcg.catalog.store",
    "PerCatalogue": "hlcg.catalog.store",
    "Catalogue": "hlcg.catalog.store",
    "load": "hlcg.catalog.store",
    "is_weapon_card": "hlcg.catalog.vocabulary",
    "named_faction": "hlcg.catalog.vocabulary",
    "named_personas": "hlcg.catalog.vocabulary",
    "named_weapon": "hlcg.catalog.vocabulary",
    "ATTRIBUTES": "hlcg.catalog.vocabulary",
    "BOOL_FIELDS": "hlcg.catalog.vocabulary",
    "CARD_TYPES": "hlcg.catalog.vocabulary",
    "PREGAME_TYPES": "hlcg.catalog.vocabulary",
    "CATALOGUE_DOCUMENT_KIND": "hlcg.catalog.vocabulary",
    "CHECKED_FORMATS": "hlcg.catalog.vocabulary",
    "CheckedFormat": "hlcg.catalog.vocabulary",
    "DEFAULT_FORMAT": "hlcg.catalog.vocabulary",
    "FORMATS": "hlcg.catalog.vocabulary",
    "FORMAT_TAGS": "hlcg.catalog.vocabulary",
    "GAP_FIELDS": "hlcg.catalog.vocabulary",
    "INT_FIELDS": "hlcg.catalog.vocabulary",
    "accepted_format_names": "hlcg.catalog.vocabulary",
    "format_mentions": "hlcg.catalog.vocabulary",
    "format_named": "hlcg.catalog.vocabulary",
    "persona_first_names": "hlcg.catalog.lookup",
    "persona_match": "hlcg.catalog.lookup",
    "format_title": "hlcg.catalog.vocabulary",
    "normalise": "hlcg.catalog.vocabulary",
    "format_from_user": "hlcg.catalog.vocabulary",
    "set_code": "hlcg.catalog.vocabulary",
    "title_words": "hlcg.catalog.vocabulary",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
