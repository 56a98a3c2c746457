"""A run of `hlcg validate` but the rendering: ``run(paths, CheckOptions(...)) ->
RunResult``. Each deck file is checked by ``hlcg.api.check_deck``; with the options, the run
adds the fingerprints and fix edits the machine-read reports carry, the legality matrix of
--all-formats (``hlcg.api.legality_matrix``) and the fixes of --fix (``hlcg.fix``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from hlcg.api import (
    CheckOptions,
    MatrixRow,
    add_fingerprint,
    check_deck,
    legality_matrix,
    load_catalogue,
    read_deck,
)
from hlcg.catalog import Catalogue
from hlcg.errors import UsageError
from hlcg.rules import DeckReport
from hlcg.stdin import is_stdin, shown

if TYPE_CHECKING:
    from hlcg.fix import DeckFix
    from hlcg.report import Unreadable


class Skipped(NamedTuple):
    """A file skipped because it is recognisably not a deck."""

    path: Path
    reason: str


class RunResult(NamedTuple):
    """What a run found: the decks as given (``reports``, one per ``checked`` path), the
    files that could not be read, the files skipped and, with ``fix``, what each fix did."""

    options: CheckOptions
    paths: list[Path]  # every deck file found, readable or not
    checked: list[Path]
    reports: list[DeckReport]
    unreadable: list[Unreadable]
    skipped: list[Skipped]
    matrix: list[MatrixRow]
    fixes: list[DeckFix]
    verdicts: list[DeckReport]  # the reports that stand: a deck fixed in place, as fixed

    def fails(self, strict: bool | None = None, fail_on_unchecked: bool | None = None) -> bool:
        """Whether any deck fails: errors always, warnings when strict, data gaps when
        ``fail_on_unchecked``. Unset arguments come from the run's options."""
        default_strict, default_unchecked = self.options.stricter
        strict = default_strict if strict is None else strict
        fail_on_unchecked = default_unchecked if fail_on_unchecked is None else fail_on_unchecked
        return any(r.fails(strict, fail_on_unchecked) for r in self.verdicts)

    def exit_code(self, strict: bool | None = None, fail_on_unchecked: bool | None = None) -> int:
        """2 when a deck file could not be read or a fix was refused, 1 when a deck fails,
        else 0 (docs/errors.md)."""
        if self.unreadable or any(f.refusal is not None for f in self.fixes):
            return 2
        return 1 if self.fails(strict, fail_on_unchecked) else 0


def _check_files(
    paths: Sequence[Path], catalogue: Catalogue, options: CheckOptions
) -> tuple[list[Path], list[DeckReport], list[Unreadable]]:
    from hlcg.errors import DeckFileError
    from hlcg.report import Unreadable

    checked: list[Path] = []
    reports: list[DeckReport] = []
    unreadable: list[Unreadable] = []
    for path in paths:
        try:
            deck = read_deck(path)
            reports.append(
                check_deck(
                    deck,
                    catalogue,
                    options.format,
                    options.select,
                    options.ignore,
                    False,
                    options.date,
                )
            )
            checked.append(path)
        except DeckFileError as exc:
            name = shown(path)
            unreadable.append(Unreadable(name, str(exc).removeprefix(f"{name}: ")))
    return checked, reports, unreadable


def _annotate(
    checked: Sequence[Path],
    reports: Sequence[DeckReport],
    catalogue: Catalogue,
    options: CheckOptions,
) -> None:
    """What the machine-read reports carry besides the verdict: fingerprints, fix edits."""
    if options.fingerprints:
        for report in reports:
            add_fingerprint(report, catalogue)
    if options.changes:
        from hlcg.fix import add_changes

        for path, report in zip(checked, reports, strict=True):
            add_changes(path, report, catalogue)


def run(
    paths: Sequence[str | Path],
    options: CheckOptions = CheckOptions(),  # noqa: B008 (an immutable NamedTuple)
    catalogue: Catalogue | None = None,
    on_skip: Callable[[Path, str], None] | None = None,
) -> RunResult:
    """Check every deck the paths name (files, folders searched for decks, globs): each
    one's report, the files that could not be read, and with ``options.fix`` the fixes
    written. ``on_skip`` hears of each file skipped as no deck when it is found.
    Raises UsageError for bad options or when nothing names a deck (unless
    ``skip_non_decks``: then the result is empty), CatalogueError for a bad catalogue."""
    from hlcg.deck import expand

    options = options.check_usage()
    skipped: list[Skipped] = []

    def skip(path: Path, reason: str) -> None:
        skipped.append(Skipped(path, reason))
        if on_skip is not None:
            on_skip(path, reason)

    named = [paths] if isinstance(paths, str | Path) else paths  # one path, not its letters
    if options.fix and any(is_stdin(p) for p in named):
        raise UsageError(
            "--fix writes the fixed deck beside its file; standard input (-) has none: "
            "save the deck to a file first"
        )
    found = expand([str(p) for p in named], options.skip_non_decks, skip)
    if not found and not options.skip_non_decks:
        raise UsageError("no deck files found")
    if not found:
        return RunResult(options, [], [], [], [], skipped, [], [], [])
    if catalogue is None:
        catalogue = load_catalogue(options.db)
    checked, reports, unreadable = _check_files(found, catalogue, options)
    _annotate(checked, reports, catalogue, options)
    matrix: list[MatrixRow] = []
    if options.all_formats:
        matrix = legality_matrix(checked, catalogue, options.select, options.ignore, options.date)
    fixes: list[DeckFix] = []
    verdicts = reports
    if options.fix:
        from hlcg.fix import fix_decks

        fixed = fix_decks(
            checked, reports, catalogue, options.format, options.in_place, options.force
        )
        fixes, verdicts = fixed.fixes, fixed.reports
    return RunResult(options, found, checked, reports, unreadable, skipped, matrix, fixes, verdicts)
