"""A deck read, judged and fingerprinted once, for the sheet, the diff and --verify: the
same verdict `hlcg validate` gives and the same fingerprint `hlcg deck hash` prints."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue
    from hlcg.deck import Deck, ResolvedDeck
    from hlcg.rules import DeckReport


class JudgedDeck(NamedTuple):
    path: str
    resolved: ResolvedDeck
    report: DeckReport
    fingerprint: str
    canonical: str
    warnings: list[str]

    @property
    def verdict(self) -> str:
        """ "legal", or "not legal, 2 errors"."""
        return verdict_text(self.report.legal, self.report.errors)


def verdict_text(legal: bool, errors: int) -> str:
    return "legal" if legal else f"not legal, {plural(errors, 'error')}"


def judge(
    path: Path, catalogue: Catalogue, fmt: str | None = None, date: str | None = None
) -> JudgedDeck:
    """The deck in ``path`` checked in ``fmt`` (else its own) on ``date`` (else today).
    Raises DeckFileError when the file cannot be read."""
    from hlcg.deck import read_deck

    return judge_deck(read_deck(path), catalogue, fmt, date)


def judge_deck(
    deck: Deck, catalogue: Catalogue, fmt: str | None = None, date: str | None = None
) -> JudgedDeck:
    """A deck already read (a file, or text posted to the web page's API), judged."""
    from hlcg.answers import format_warnings
    from hlcg.check import catalogue_digest, check_deck, fingerprint, resolve_deck
    from hlcg.rules import verdict_lines

    report = check_deck(deck, catalogue, fmt, date=date)
    resolved = report.resolved if report.resolved is not None else resolve_deck(deck, catalogue)
    facts = verdict_lines(resolved, catalogue, report.date)
    digest, form = fingerprint(resolved, catalogue_digest(resolved, catalogue), facts)
    warnings = format_warnings(deck.path, resolved.issues)
    return JudgedDeck(deck.path, resolved, report, digest, form, warnings)
