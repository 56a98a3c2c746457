"""Set cells as curators write them: one set or a list (``SE;ME``, ``SE, ME``, ``SE/ME``),
each a code the catalogue lists or a set's name (``Watcher's Chronicles``, in the plural
or the singular, or ``Series`` when one set's name starts so). Anything else is an error
with a did-you-mean: an import never makes a set up from a cell (a new set comes from a sets
file, with its edition and source). An update sheet's ``sets`` values follow the same rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from hlcg.catalog import normalise

# How curators list several values in one cell: "SE; ME", "SE, ME", "Type One/Type Two".
_SEPARATORS = re.compile(r"\s*[;,/]\s*")
# The sets table names an edition in full ("2nd Edition Versus 01 (Duncan vs Xavier)"); the
# research notes write its code ("2E Versus 01 (Duncan vs Xavier)").
_EDITION_WORDS = re.compile(r"^([12])E\b", re.IGNORECASE)
_ORDINALS = {"1": "1st Edition", "2": "2nd Edition"}


def listed_cell(cell: str) -> list[str]:
    """The values a set or formats cell lists (card rows and update sheets alike)."""
    return [part for part in _SEPARATORS.split(cell.strip()) if part]


@dataclass(frozen=True)
class SetNames:
    """What a set cell may name: the catalogue's codes, and set names -> code."""

    codes: frozenset[str]
    names: Mapping[str, str]  # normalised name -> code

    @classmethod
    def of(cls, codes: Iterable[str], names: Mapping[str, str]) -> SetNames:
        """``names``: set names as written -> code (the catalogue's own names, and the
        names deck programs write, ``set_names.csv``)."""
        return cls(frozenset(codes), {normalise(n): c for n, c in names.items()})

    def code(self, written: str) -> str | None:
        """The code ``written`` names, or None: a code (any case), a name, or the start of
        exactly one set's name in whole words ("Series" for Series Edition)."""
        folded = {c.lower(): c for c in self.codes}
        if written.lower() in folded:
            return folded[written.lower()]
        key = normalise(written)
        # a set's name in the plural or the singular ("Watcher's Chronicles")
        other = key[:-1] if key.endswith("s") else key + "s"
        for name in (key, other):
            if name in self.names:
                return self.names[name]
        spelled = _EDITION_WORDS.sub(lambda m: _ORDINALS[m.group(1)], written.strip())
        if normalise(spelled) in self.names:
            return self.names[normalise(spelled)]
        starting = {c for n, c in self.names.items() if key and n.startswith(key + " ")}
        return starting.pop() if len(starting) == 1 else None

    def suggestion(self, written: str) -> str:
        """ " (did you mean 'X'?)" for the closest code or name, codes and names alike (a
        name that starts with what was written is closest: "Watcher"); where none is close,
        where the codes are listed (or that the catalogue lists none)."""
        from hlcg.wording import did_you_mean

        if not self.codes:
            return " (it lists no sets yet)"
        key = normalise(written)
        starting = {c for n, c in self.names.items() if key and n.startswith(key)}
        if len(starting) == 1:
            return f" (did you mean {starting.pop()!r}?)"
        choices = {**{code: code for code in sorted(self.codes)}, **self.names}
        return did_you_mean(written, choices) or " (none is close; `hlcg sets` lists the codes)"

    def _not_a_set(self, part: str) -> str:
        """Why ``part`` names no set: a list written with a separator a cell does not take
        ("SE|ME"), or a value the catalogue lists under no code or name."""
        pieces = [p for p in re.split(r"\s*\|\s*", part) if p]
        if len(pieces) > 1:
            listed = all(self.code(p) for p in pieces)
            return f"{part!r} is not a set; a cell lists several sets with ',', '/' or ';'" + (
                f" (did you mean {';'.join(pieces)!r}?)" if listed else ""
            )
        return (
            f"{part!r} is neither a set code nor a set name the catalogue lists"
            f"{self.suggestion(part)}; a new set comes from a sets file "
            "(code,name,edition,released,source)"
        )

    def parse(self, cell: str) -> tuple[list[str], list[str]]:
        """The codes a cell names, and a message for each part naming none. The whole
        cell is tried first: a set's name may hold a comma."""
        whole = self.code(cell.strip())
        if whole is not None:
            return [whole], []
        codes: list[str] = []
        errors: list[str] = []
        for part in listed_cell(cell):
            code = self.code(part)
            if code is None:
                errors.append(self._not_a_set(part))
            elif code not in codes:
                codes.append(code)
        return codes, errors
