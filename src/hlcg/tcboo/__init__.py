"""There Can Be Only One (seed 003): its cards, Immortals, swords and locations, and the
check of home-made Immortal sheets.

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

# The twelve Immortal stats, in the order seed 003 lists them (Immortal Stats).
STATS: tuple[str, ...] = (
    "wits",
    "will",
    "courage",
    "strength",
    "skill",
    "reflexes",
    "agility",
    "endurance",
    "initiative",
    "experience",
    "judgement",
    "size",
)
# The five sword stats (Sword Stats); the seed's table heads the first one "Sharp".
SWORD_STATS: tuple[str, ...] = ("sharpness", "impact", "speed", "guard", "length")
CARD_TYPES = {
    "A": "attack",
    "D": "defense",
    "B": "both",
    "S": "state",
    "X": "early event",
    "Z": "late event",
}

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.tcboo.models import TABLE_GROUP as TABLE_GROUP
    from hlcg.tcboo.records import Card as Card
    from hlcg.tcboo.report import render_text as render_text
    from hlcg.tcboo.sheet import SheetError as SheetError
    from hlcg.tcboo.sheet import SheetResult as SheetResult
    from hlcg.tcboo.sheet import check as check
    from hlcg.tcboo.sheet import parse as parse
    from hlcg.tcboo.sheet import premade as premade
    from hlcg.tcboo.sheet import read_sheet as read_sheet
    from hlcg.tcboo.store import TcbooData as TcbooData
    from hlcg.tcboo.store import load as load

_DOOR = {
    "TABLE_GROUP": "hlcg.tcboo.models",
    "Card": "hlcg.tcboo.records",
    "render_text": "hlcg.tcboo.report",
    "SheetError": "hlcg.tcboo.sheet",
    "SheetResult": "hlcg.tcboo.sheet",
    "check": "hlcg.tcboo.sheet",
    "parse": "hlcg.tcboo.sheet",
    "premade": "hlcg.tcboo.sheet",
    "read_sheet": "hlcg.tcboo.sheet",
    "TcbooData": "hlcg.tcboo.store",
    "load": "hlcg.tcboo.store",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
