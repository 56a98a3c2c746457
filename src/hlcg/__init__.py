"""hlcg: card catalogue and deck checker for Highlander: The Card Game.

The public API (README "Python API") is imported on first use: `import hlcg` stays cheap.
Two helpers here make the rest of hlcg lazy the same way: ``lazy_attributes``, a package
door's names imported on first use, and ``lazy``, a regular expression compiled on first
use.
"""

import sys

# Not typing.TYPE_CHECKING: importing typing here would cost every start-up more than this
# whole module. Type checkers take any TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
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


# Regular expressions compiled on first use. A module-level ``re.compile`` is paid by every
# run that imports the module, and most runs use few of hlcg's patterns: a text deck never
# meets the JSON sniffing pattern, a deck without set codes never the collector-number one.
# ``lazy(pattern, flags)`` stands for the compiled pattern and compiles it the first time a
# method is asked for; from then on its methods are the compiled pattern's own, looked up as
# plain attributes, so a deck's hundreds of matches cost what they cost before.
if TYPE_CHECKING:
    lazy = re.compile
else:
    _PATTERN_ATTRIBUTES = (
        "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer",
        "pattern", "flags", "groups", "groupindex",
    )  # fmt: skip

    class _Lazy:
        """A pattern compiled when first used."""

        def __init__(self, pattern: str, flags: int = 0) -> None:
            self._source = (pattern, flags)

        def __getattr__(self, name: str) -> object:
            # Only reached for what the instance does not hold yet: compile once, keep the
            # compiled pattern's methods on the instance so later calls bypass this.
            import re  # here: `import hlcg` alone never needs it

            compiled = re.compile(*self._source)
            for attribute in _PATTERN_ATTRIBUTES:
                setattr(self, attribute, getattr(compiled, attribute))
            return getattr(compiled, name)

    def lazy(pattern: str, flags: int = 0) -> "_Lazy":
        """The compiled ``pattern`` (as ``re.compile`` gives it), compiled on first use."""
        return _Lazy(pattern, flags)
