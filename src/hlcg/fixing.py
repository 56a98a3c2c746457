"""Fixing deck files: write each illegal deck's fixed copy (or, asked to, the deck itself)
and check it again. `hlcg validate --fix` renders what happened; nothing here prints.

hlcg.fix finds the edits for one deck's text; this module decides where they are written.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue
    from hlcg.rules import DeckReport


def fixed_path(path: Path) -> Path:
    """`bad.txt` -> `bad.fixed.txt`; any other kind keeps its extension in the name
    (`bad.dek` -> `bad.dek.fixed.txt`), so decks of several kinds sharing a name in one
    folder never write the same file."""
    if path.suffix.lower() == ".txt":
        return path.with_name(f"{path.stem}.fixed.txt")
    return path.with_name(f"{path.name}.fixed.txt")


class DeckFix(NamedTuple):
    """What fixing one illegal deck did. ``target`` is where its fix goes (None: no fix was
    found); ``written`` says it was written there, ``refusal`` why it was not; ``moved``
    says an --in-place fix of a non-text deck went to NAME.fixed.txt instead."""

    path: Path
    target: Path | None = None
    written: bool = False
    refusal: str | None = None
    moved: bool = False
    diff: str = ""
    applied: tuple[str, ...] = ()
    report: DeckReport | None = None  # the fixed deck, checked again

    @property
    def own_file(self) -> bool:
        """The deck's own file was fixed: its verdict is the fixed deck's."""
        return self.written and self.target == self.path


class FixRun(NamedTuple):
    """Every attempted fix, and the verdicts that stand for the decks as given."""

    fixes: list[DeckFix]
    reports: list[DeckReport]


def _deck_text(path: Path, report: DeckReport) -> tuple[str, bool]:
    """The deck as text and whether its own file is a text deck (JSON, .dek and .o8d
    decks are fixed as the text deck they read as)."""
    from hlcg.deck import as_text, deck_kind, decode, read_deck_bytes

    if deck_kind(path).is_text:
        return decode(read_deck_bytes(path), path)[0], True
    assert report.resolved is not None
    return as_text(report.resolved), False


def add_changes(path: Path, report: DeckReport, catalogue: Catalogue) -> DeckReport:
    """Set ``report.changes``: each problem's edits as changes to a text deck's own lines
    (the SARIF report's ``fixes``). JSON, .dek and .o8d decks get none: their fix is a new
    text deck, not an edit of the file."""
    from hlcg.deck import deck_kind
    from hlcg.fix import problem_changes

    if not deck_kind(path).is_text or report.resolved is None:
        return report
    text, _ = _deck_text(path, report)
    report.changes = problem_changes(text, report, catalogue)
    return report


def _refusal(
    path: Path, target: Path, own_file: bool, written: set[Path], force: bool
) -> str | None:
    if target.resolve() in written:
        return f"{path}: not fixed: another deck's fix was just written to {target}"
    if not own_file and target.exists() and not force:
        return f"{path}: not fixed: {target} exists; use --force to overwrite it"
    return None


def fix_deck(
    path: Path,
    report: DeckReport,
    catalogue: Catalogue,
    requested_format: str | None,
    *,
    in_place: bool,
    force: bool,
    written: set[Path],
) -> DeckFix:
    """Fix one illegal deck; ``written`` holds the files this run wrote already."""
    from hlcg.deck import parse_text
    from hlcg.fix import fix_text
    from hlcg.output import write_errors, write_text_atomically

    text, is_text = _deck_text(path, report)
    outcome = fix_text(text, parse_text(text, str(path)), catalogue, requested_format, report.date)
    if not outcome.changed:
        return DeckFix(path)
    own_file = in_place and is_text
    target = path if own_file else fixed_path(path)
    moved = in_place and not is_text
    refusal = _refusal(path, target, own_file, written, force)
    if refusal is not None:
        return DeckFix(path, target, refusal=refusal, moved=moved)
    with write_errors(target):  # an unwritable folder is exit 2 with one line, no traceback
        write_text_atomically(target, outcome.fixed)
    written.add(target.resolve())
    outcome.report.path = str(target)
    return DeckFix(
        path,
        target,
        written=True,
        moved=moved,
        diff=outcome.diff(str(path), str(target)),
        applied=tuple(outcome.applied),
        report=outcome.report,
    )


def fix_decks(
    paths: Sequence[Path],
    reports: Sequence[DeckReport],
    catalogue: Catalogue,
    requested_format: str | None,
    in_place: bool,
    force: bool = False,
) -> FixRun:
    """Fix every illegal deck and re-check the fixed deck. A deck's verdict changes only when
    its own file was fixed (--in-place on a text deck); a fix written to NAME.fixed.txt leaves
    the deck as given, and its verdict, as it was. An existing fixed deck is overwritten only
    with ``force``; two decks that would write one file are refused."""
    fixes: list[DeckFix] = []
    verdicts: list[DeckReport] = []
    written: set[Path] = set()
    for path, report in zip(paths, reports, strict=True):
        if report.legal:
            verdicts.append(report)
            continue
        fixed = fix_deck(
            path,
            report,
            catalogue,
            requested_format,
            in_place=in_place,
            force=force,
            written=written,
        )
        fixes.append(fixed)
        verdicts.append(fixed.report if fixed.own_file and fixed.report else report)
    return FixRun(fixes, verdicts)
