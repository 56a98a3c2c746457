"""Decks: files and text in, ``Deck`` out (the readers), then names -> cards (``resolve``),
and the deck's fingerprint.

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.deck.edit import apply_edits as apply_edits
    from hlcg.deck.encoding import decode as decode
    from hlcg.deck.hashing import catalogue_digest as catalogue_digest
    from hlcg.deck.hashing import fingerprint as fingerprint
    from hlcg.deck.hashing import used_card_ids as used_card_ids
    from hlcg.deck.jsondeck import DeckFile as DeckFile
    from hlcg.deck.lines import MAX_COPIES as MAX_COPIES
    from hlcg.deck.lines import split_lines as split_lines
    from hlcg.deck.model import ENDURANCE as ENDURANCE
    from hlcg.deck.model import PREGAME as PREGAME
    from hlcg.deck.model import Deck as Deck
    from hlcg.deck.model import LineIssue as LineIssue
    from hlcg.deck.narrowing import Resolver as Resolver
    from hlcg.deck.paths import expand as expand
    from hlcg.deck.read import read_deck as read_deck
    from hlcg.deck.read import read_deck_bytes as read_deck_bytes
    from hlcg.deck.read import read_deck_data as read_deck_data
    from hlcg.deck.resolved import DeckCard as DeckCard
    from hlcg.deck.resolved import ResolvedDeck as ResolvedDeck
    from hlcg.deck.resolver import resolve as resolve
    from hlcg.deck.text import parse_text as parse_text
    from hlcg.deck.writer import WRITE_SUFFIXES as WRITE_SUFFIXES
    from hlcg.deck.writer import as_text as as_text
    from hlcg.deck.writer import render as render
    from hlcg.deck.writer import writable_name as writable_name
    from hlcg.deck.xmldeck import is_guid as is_guid

_DOOR = {
    "apply_edits": "hlcg.deck.edit",
    "decode": "hlcg.deck.encoding",
    "catalogue_digest": "hlcg.deck.hashing",
    "used_card_ids": "hlcg.deck.hashing",
    "fingerprint": "hlcg.deck.hashing",
    "DeckFile": "hlcg.deck.jsondeck",
    "MAX_COPIES": "hlcg.deck.lines",
    "split_lines": "hlcg.deck.lines",
    "Deck": "hlcg.deck.model",
    "ENDURANCE": "hlcg.deck.model",
    "LineIssue": "hlcg.deck.model",
    "PREGAME": "hlcg.deck.model",
    "Resolver": "hlcg.deck.narrowing",
    "expand": "hlcg.deck.paths",
    "read_deck": "hlcg.deck.read",
    "read_deck_bytes": "hlcg.deck.read",
    "read_deck_data": "hlcg.deck.read",
    "DeckCard": "hlcg.deck.resolved",
    "ResolvedDeck": "hlcg.deck.resolved",
    "resolve": "hlcg.deck.resolver",
    "parse_text": "hlcg.deck.text",
    "WRITE_SUFFIXES": "hlcg.deck.writer",
    "as_text": "hlcg.deck.writer",
    "render": "hlcg.deck.writer",
    "writable_name": "hlcg.deck.writer",
    "is_guid": "hlcg.deck.xmldeck",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
