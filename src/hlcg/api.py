"""The public API `import hlcg` hands out (README "Python API"): load a catalogue, read a
deck, check it. Imported on first use, so `import hlcg` itself stays cheap."""

from __future__ import annotations

from collections.abc import Sequence
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue
    from hlcg.deck import Deck
    from hlcg.rules import DeckReport


def load_catalogue(path: str | PathLike[str] | None = None) -> Catalogue:
    """The card catalogue at ``path``; without one $HLCG_DB, else the shipped catalogue.
    Raises hlcg.errors.CatalogueError when it cannot be read."""
    from hlcg.catalog import load, resolve_path

    return load(resolve_path(Path(path) if path is not None else None))


def read_deck(path: str | PathLike[str]) -> Deck:
    """The deck in a file: text, JSON, LackeyCCG .dek or OCTGN .o8d (by its extension).
    Raises hlcg.errors.DeckFileError when the file cannot be read as a deck."""
    from hlcg.deck import read_deck as read

    return read(Path(path))


def parse_deck(text: str, name: str = "<deck>") -> Deck:
    """A deck in the text format (README "Deck files"); ``name`` stands for its path."""
    from hlcg.deck import parse_text

    return parse_text(text, name)


def check_deck(
    deck: Deck,
    catalogue: Catalogue | None = None,
    format: str | None = None,
    select: str | Sequence[str] = (),
    ignore: str | Sequence[str] = (),
    fingerprint: bool = False,
    date: str | None = None,
) -> DeckReport:
    """Check a deck against the deck-construction rules of ``format`` (else its `Format:`
    line, else type-two), running the rules ``select``ed and not ``ignore``d (a name or code
    prefix, or several, as `hlcg validate --select`; one that matches no rule raises
    hlcg.errors.UsageError). ``fingerprint`` also sets ``report.fingerprint``, the value
    `hlcg deck hash` prints. ``date`` (YYYY-MM-DD, default today) is the date judged by:
    the legality facts in force on it. The catalogue defaults to ``load_catalogue()``."""
    from hlcg.check import add_fingerprint
    from hlcg.check import check_deck as check
    from hlcg.errors import UsageError
    from hlcg.rules import unmatched_selectors
    from hlcg.runner import one_or_many

    chosen, skipped = one_or_many(select), one_or_many(ignore)
    unmatched = unmatched_selectors([*chosen, *skipped])
    if unmatched:
        raise UsageError(f"select/ignore {unmatched[0]!r} matches no rule; see `hlcg rules`")
    catalogue = catalogue if catalogue is not None else load_catalogue()
    report = check(deck, catalogue, format, chosen, skipped, date)
    return add_fingerprint(report, catalogue) if fingerprint else report
