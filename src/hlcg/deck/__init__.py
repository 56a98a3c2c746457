"""Decks: files and text in, ``Deck`` out (the readers, one per kind of deck file in
``DECK_KINDS``), then names -> cards (``resolve``).

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.deck.edit import apply_edits as apply_edits
    from hlcg.deck.edit import count_span as count_span
    from hlcg.deck.jsonmodel import DeckFile as DeckFile
    from hlcg.deck.kinds import DECK_KINDS as DECK_KINDS
    from hlcg.deck.kinds import DECK_SUFFIXES as DECK_SUFFIXES
    from hlcg.deck.kinds import KIND_NAMES as KIND_NAMES
    from hlcg.deck.kinds import OCTGN as OCTGN
    from hlcg.deck.kinds import TEXT_SUFFIXES as TEXT_SUFFIXES
    from hlcg.deck.kinds import WRITE_SUFFIXES as WRITE_SUFFIXES
    from hlcg.deck.kinds import WRITTEN_KIND_NAMES as WRITTEN_KIND_NAMES
    from hlcg.deck.kinds import DeckFileKind as DeckFileKind
    from hlcg.deck.kinds import deck_kind as deck_kind
    from hlcg.deck.kinds import sniffed_kind as sniffed_kind
    from hlcg.deck.lines import MAX_COPIES as MAX_COPIES
    from hlcg.deck.lines import split_lines as split_lines
    from hlcg.deck.model import AMBIGUOUS as AMBIGUOUS
    from hlcg.deck.model import ENDURANCE as ENDURANCE
    from hlcg.deck.model import PREGAME as PREGAME
    from hlcg.deck.model import SIDEBOARD as SIDEBOARD
    from hlcg.deck.model import UNKNOWN as UNKNOWN
    from hlcg.deck.model import Deck as Deck
    from hlcg.deck.model import DeckCard as DeckCard
    from hlcg.deck.model import Entry as Entry
    from hlcg.deck.model import LineIssue as LineIssue
    from hlcg.deck.model import ResolvedDeck as ResolvedDeck
    from hlcg.deck.model import used_card_ids as used_card_ids
    from hlcg.deck.narrowing import Resolver as Resolver
    from hlcg.deck.read import decode as decode
    from hlcg.deck.read import expand as expand
    from hlcg.deck.read import read_deck as read_deck
    from hlcg.deck.read import read_deck_bytes as read_deck_bytes
    from hlcg.deck.read import read_deck_data as read_deck_data
    from hlcg.deck.resolver import resolve as resolve
    from hlcg.deck.text import parse_text as parse_text
    from hlcg.deck.writer import as_text as as_text
    from hlcg.deck.writer import render as render
    from hlcg.deck.writer import writable_name as writable_name
    from hlcg.deck.xmldeck import is_guid as is_guid

_DOOR = {
    "apply_edits": "hlcg.deck.edit",
    "count_span": "hlcg.deck.edit",
    "decode": "hlcg.deck.read",
    "DeckFile": "hlcg.deck.jsonmodel",
    "DECK_KINDS": "hlcg.deck.kinds",
    "DECK_SUFFIXES": "hlcg.deck.kinds",
    "KIND_NAMES": "hlcg.deck.kinds",
    "DeckFileKind": "hlcg.deck.kinds",
    "OCTGN": "hlcg.deck.kinds",
    "TEXT_SUFFIXES": "hlcg.deck.kinds",
    "WRITE_SUFFIXES": "hlcg.deck.kinds",
    "WRITTEN_KIND_NAMES": "hlcg.deck.kinds",
    "deck_kind": "hlcg.deck.kinds",
    "sniffed_kind": "hlcg.deck.kinds",
    "MAX_COPIES": "hlcg.deck.lines",
    "split_lines": "hlcg.deck.lines",
    "Deck": "hlcg.deck.model",
    "Entry": "hlcg.deck.model",
    "DeckCard": "hlcg.deck.model",
    "ENDURANCE": "hlcg.deck.model",
    "LineIssue": "hlcg.deck.model",
    "PREGAME": "hlcg.deck.model",
    "ResolvedDeck": "hlcg.deck.model",
    "SIDEBOARD": "hlcg.deck.model",
    "AMBIGUOUS": "hlcg.deck.model",
    "UNKNOWN": "hlcg.deck.model",
    "used_card_ids": "hlcg.deck.model",
    "Resolver": "hlcg.deck.narrowing",
    "expand": "hlcg.deck.read",
    "read_deck": "hlcg.deck.read",
    "read_deck_bytes": "hlcg.deck.read",
    "read_deck_data": "hlcg.deck.read",
    "resolve": "hlcg.deck.resolver",
    "parse_text": "hlcg.deck.text",
    "as_text": "hlcg.deck.writer",
    "render": "hlcg.deck.writer",
    "writable_name": "hlcg.deck.writer",
    "is_guid": "hlcg.deck.xmldeck",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
