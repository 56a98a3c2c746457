"""hlcg: card catalogue and deck checker for Highlander: The Card Game.

The public API (README "Python API") is imported on first use: `import hlcg` stays cheap.
"""

# Not typing.TYPE_CHECKING: importing typing here would cost every start-up more than this
# whole module. Type checkers take any TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from hlcg.api import check_deck, load_catalogue, parse_deck, read_deck
    from hlcg.catalog.store import Catalogue
    from hlcg.deck.model import Deck
    from hlcg.problems import Problem, Severity
    from hlcg.rules.engine import DeckReport
    from hlcg.runner import CheckOptions, RunResult, run

__version__ = "0.1.0"

# Bumped whenever a rule's behaviour changes; part of every deck fingerprint.
RULESET_VERSION = "2026.12.1"

# The public names, by the module each is imported from on first use.
_LAZY = {
    "load_catalogue": "hlcg.api",
    "read_deck": "hlcg.api",
    "parse_deck": "hlcg.api",
    "check_deck": "hlcg.api",
    "run": "hlcg.runner",
    "CheckOptions": "hlcg.runner",
    "RunResult": "hlcg.runner",
    "Catalogue": "hlcg.catalog.store",
    "Deck": "hlcg.deck.model",
    "DeckReport": "hlcg.rules.engine",
    "Problem": "hlcg.problems",
    "Severity": "hlcg.problems",
}
__all__ = [
    "RULESET_VERSION",
    "__version__",
    "load_catalogue",
    "read_deck",
    "parse_deck",
    "check_deck",
    "run",
    "CheckOptions",
    "RunResult",
    "Catalogue",
    "Deck",
    "DeckReport",
    "Problem",
    "Severity",
]


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'hlcg' has no attribute {name!r}")
    return getattr(__import__(module, fromlist=[name]), name)
