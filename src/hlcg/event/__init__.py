"""An event in one SQLite file (`hlcg event`): registration and lock, sheets, verification at
the table, the results and league ledger by a rule set, standings, the published site, and
export/import between organisers.

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.event.core import Event as Event
    from hlcg.event.core import new_event as new_event
    from hlcg.event.core import open_event as open_event
    from hlcg.event.exchange import export_text as export_text
    from hlcg.event.exchange import import_export as import_export
    from hlcg.event.exchange import write_export as write_export
    from hlcg.event.presented import verify as verify
    from hlcg.event.ranking import standings as standings
    from hlcg.event.registration import event_sheets as event_sheets
    from hlcg.event.registration import judge_registered as judge_registered
    from hlcg.event.registration import lock as lock
    from hlcg.event.registration import register as register
    from hlcg.event.registration import registered_players as registered_players
    from hlcg.event.registration import status as status
    from hlcg.event.results import record_result as record_result
    from hlcg.event.rulesets import RULESETS as RULESETS
    from hlcg.event.rulesets import load_ruleset as load_ruleset
    from hlcg.event.site import publish as publish
    from hlcg.event.store import SCHEMA as SCHEMA

_DOOR = {
    "Event": "hlcg.event.core",
    "new_event": "hlcg.event.core",
    "open_event": "hlcg.event.core",
    "import_export": "hlcg.event.exchange",
    "write_export": "hlcg.event.exchange",
    "export_text": "hlcg.event.exchange",
    "publish": "hlcg.event.site",
    "event_sheets": "hlcg.event.registration",
    "judge_registered": "hlcg.event.registration",
    "lock": "hlcg.event.registration",
    "register": "hlcg.event.registration",
    "registered_players": "hlcg.event.registration",
    "status": "hlcg.event.registration",
    "record_result": "hlcg.event.results",
    "RULESETS": "hlcg.event.rulesets",
    "load_ruleset": "hlcg.event.rulesets",
    "standings": "hlcg.event.ranking",
    "SCHEMA": "hlcg.event.store",
    "verify": "hlcg.event.presented",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
