"""hlcg: card catalogue and deck checker for Highlander: The Card Game.

The public API (README "Python API") is imported on first use: `import hlcg` stays cheap.
"""

import sys

# Not typing.TYPE_CHECKING: importing typing here would cost every start-up more than this
# whole module. Type checkers take any TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from hlcg.catalog import Catalogue
    from hlcg.check import (
        CheckOptions,
        RunResult,
        check_deck,
        load_catalogue,
        parse_deck,
        read_deck,
        run,
    )
    from hlcg.deck import Deck
    from hlcg.problems import Problem, Severity
    from hlcg.rules import DeckReport

__version__ = "0.1.0"

# Bumped whenever a rule's behaviour changes; part of every deck fingerprint.
RULESET_VERSION = "2026.12.1"

# The public names, by the door each is imported from on first use (the check: hlcg.check).
_LAZY = {
    "load_catalogue": "hlcg.check",
    "read_deck": "hlcg.check",
    "parse_deck": "hlcg.check",
    "check_deck": "hlcg.check",
    "run": "hlcg.check",
    "CheckOptions": "hlcg.check",
    "RunResult": "hlcg.check",
    "Catalogue": "hlcg.catalog",
    "Deck": "hlcg.deck",
    "DeckReport": "hlcg.rules",
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


def lazy_attributes(package: str, door: dict[str, str]) -> "Callable[[str], object]":
    """A package's ``__getattr__`` that imports each name of its ``door`` (name -> module)
    on first use and keeps it on the package, so the next use is a plain attribute."""

    def __getattr__(name: str) -> object:
        module = door.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(__import__(module, fromlist=[name]), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


if not TYPE_CHECKING:
    __getattr__ = lazy_attributes(__name__, _LAZY)
