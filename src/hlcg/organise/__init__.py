"""For organisers and players on event day: a registration sheet that checks itself (its QR
code holds the deck it lists), the diff of two decks by card, and the odds of what a deck
draws.

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.organise.diff import deck_diff as deck_diff
    from hlcg.organise.diff import file_side as file_side
    from hlcg.organise.diff import judged_side as judged_side
    from hlcg.organise.diff import read_sides as read_sides
    from hlcg.organise.diff import sheet_side as sheet_side
    from hlcg.organise.diff import text_side as text_side
    from hlcg.organise.grid import AREAS as AREAS
    from hlcg.organise.grid import FAMILIES as FAMILIES
    from hlcg.organise.judged import judge_deck as judge_deck
    from hlcg.organise.odds import DEFAULT_KINDS as DEFAULT_KINDS
    from hlcg.organise.odds import deck_odds as deck_odds
    from hlcg.organise.odds import parse_kind as parse_kind
    from hlcg.organise.payload import IMAGE_SUFFIXES as IMAGE_SUFFIXES
    from hlcg.organise.payload import is_payload_file as is_payload_file
    from hlcg.organise.payload import parse_canonical as parse_canonical
    from hlcg.organise.payload import read_sheet as read_sheet
    from hlcg.organise.payload import sheet_payload as sheet_payload
    from hlcg.organise.render import SHEET_SUFFIXES as SHEET_SUFFIXES
    from hlcg.organise.render import sheets_html as sheets_html
    from hlcg.organise.render import sheets_pdf as sheets_pdf
    from hlcg.organise.schema import OUTPUT_SCHEMAS as OUTPUT_SCHEMAS
    from hlcg.organise.sheet import build_sheet as build_sheet
    from hlcg.organise.sheet import judged_sheet as judged_sheet

_DOOR = {
    "deck_diff": "hlcg.organise.diff",
    "file_side": "hlcg.organise.diff",
    "read_sides": "hlcg.organise.diff",
    "judged_side": "hlcg.organise.diff",
    "sheet_side": "hlcg.organise.diff",
    "text_side": "hlcg.organise.diff",
    "AREAS": "hlcg.organise.grid",
    "FAMILIES": "hlcg.organise.grid",
    "judge_deck": "hlcg.organise.judged",
    "DEFAULT_KINDS": "hlcg.organise.odds",
    "deck_odds": "hlcg.organise.odds",
    "parse_kind": "hlcg.organise.odds",
    "read_sheet": "hlcg.organise.payload",
    "SHEET_SUFFIXES": "hlcg.organise.render",
    "sheets_html": "hlcg.organise.render",
    "sheets_pdf": "hlcg.organise.render",
    "OUTPUT_SCHEMAS": "hlcg.organise.schema",
    "build_sheet": "hlcg.organise.sheet",
    "judged_sheet": "hlcg.organise.sheet",
    "IMAGE_SUFFIXES": "hlcg.organise.payload",
    "is_payload_file": "hlcg.organise.payload",
    "parse_canonical": "hlcg.organise.payload",
    "sheet_payload": "hlcg.organise.payload",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
