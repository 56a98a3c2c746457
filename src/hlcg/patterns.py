"""Regular expressions compiled on first use.

A module-level ``re.compile`` is paid by every run that imports the module, and most runs use
few of hlcg's patterns: a text deck never meets the JSON sniffing pattern, a deck without set
codes never the collector-number one. ``lazy(pattern, flags)`` stands for the compiled pattern
and compiles it the first time a method is asked for; from then on its methods are the
compiled pattern's own, looked up as plain attributes, so a deck's hundreds of matches cost
what they cost before.
"""

import re
from typing import TYPE_CHECKING

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
            compiled = re.compile(*self._source)
            for attribute in _PATTERN_ATTRIBUTES:
                setattr(self, attribute, getattr(compiled, attribute))
            return getattr(compiled, name)

    def lazy(pattern: str, flags: int = 0) -> "_Lazy":
        """The compiled ``pattern`` (as ``re.compile`` gives it), compiled on first use."""
        return _Lazy(pattern, flags)
