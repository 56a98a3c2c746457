"""Fixes: the smallest change to a deck that makes its problems go away, and the fixed
deck files `hlcg validate --fix` writes (nothing here prints).

Each rule attaches edits to what it finds — remove N copies of a card, add N of another —
and ``hlcg.deck.edit`` applies them to the deck text. Edits for the same card from several
rules are merged (the largest removal wins), and the deck is checked again after each
round, since one fix can reveal or settle another problem. Where there is another way to
settle a problem (adding the missing Weapon of Choice instead of replacing the cards that
need it), each plan is tried and the one leaving the fewest errors with the fewest changed
copies wins. (Which card replaces a card the deck may not hold is the check's to say:
``hlcg.rules.replacement``.) Each illegal deck's fixed copy is written beside it as
NAME.fixed.txt, or, asked to, over the deck itself, and checked again.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from hlcg.catalog import Card, Catalogue, normalise
from hlcg.check.deck import check_deck
from hlcg.deck import UNKNOWN, Deck, deck_kind, parse_text
from hlcg.problems import Severity, TextChange
from hlcg.rules import (
    BASICS,
    DECK_SIZE,
    LEGAL,
    TITLE_LIMIT,
    WEAPON_SPECIFIC,
    DeckReport,
    basic_cards,
    profile,
    verdict_in,
)

MAX_ROUNDS = 4


@dataclass
class FixResult:
    original: str
    fixed: str
    report: DeckReport  # the fixed deck, checked again
    applied: list[str]  # what was changed, one line per edit

    @property
    def changed(self) -> bool:
        return self.original != self.fixed

    def diff(self, before: str, after: str) -> str:
        import difflib  # only --diff shows one

        return "".join(
            difflib.unified_diff(
                self.original.splitlines(keepends=True),
                self.fixed.splitlines(keepends=True),
                fromfile=before,
                tofile=after,
            )
        )


def _legal_basics(report: DeckReport, catalogue: Catalogue, held: dict[str, int]) -> list[str]:
    """One card of each basic known legal in the deck's format, the deck's own first."""
    setting = profile(report.format).settings
    basics = []
    for _, cards in basic_cards(catalogue, setting[BASICS.name].params["cards"]):
        legal = [c for c in cards if _known_legal(c, report, catalogue)]
        if legal:
            basics.append(next((c.id for c in legal if c.id in held), legal[0].id))
    return basics


def _known_legal(card: Card, report: DeckReport, catalogue: Catalogue) -> bool:
    """Whether format-legality knows the card legal in the deck's format on its date: a fix
    adds no card whose legality is unknown."""
    return verdict_in(card, report.format, catalogue, on=report.date).status == LEGAL


def planned_edits(
    report: DeckReport, catalogue: Catalogue, skip_rules: tuple[str, ...] = ()
) -> tuple[dict[str, int], dict[str, int]]:
    """(card id -> copies to remove, card id -> copies to add) from the errors' edits."""
    removals: dict[str, int] = {}
    additions: defaultdict[str, int] = defaultdict(int)
    for problem in report.problems:
        if problem.severity != Severity.ERROR or problem.rule in skip_rules:
            continue
        for action, card_id, copies in problem.edits:
            if action == "remove":
                removals[card_id] = max(removals.get(card_id, 0), copies)
            elif action == "add":
                additions[card_id] = max(additions[card_id], copies)
    if report.resolved is not None:
        _fill_deck_size(report, catalogue, additions)
    return removals, dict(additions)


def _fill_deck_size(
    report: DeckReport, catalogue: Catalogue, additions: defaultdict[str, int]
) -> None:
    """deck-size: add copies of the basic cards already in the deck, fewest first."""
    if not any(p.rule == DECK_SIZE.name and p.severity == Severity.ERROR for p in report.problems):
        return
    assert report.resolved is not None
    setting = profile(report.format).settings
    minimum = setting[DECK_SIZE.name].params["min"]
    per_title = setting[TITLE_LIMIT.name].params["max"]
    missing = minimum - report.endurance - report.unrecognised - sum(additions.values())
    held = {dc.card.id: dc.count for dc in report.resolved.endurance}
    basics = _legal_basics(report, catalogue, held)
    if not basics:
        return
    counts = {card_id: held.get(card_id, 0) + additions.get(card_id, 0) for card_id in basics}
    while missing > 0:
        card_id = min(basics, key=lambda i: (counts[i], basics.index(i)))
        if counts[card_id] >= per_title:
            return
        counts[card_id] += 1
        additions[card_id] += 1
        missing -= 1


def weapon_plan(
    report: DeckReport, catalogue: Catalogue
) -> tuple[dict[str, int], dict[str, int]] | None:
    """The edits with the missing Weapons of Choice added instead of replacing the cards
    that need them; None when no weapon-specific error has a weapon to add."""
    if report.resolved is None:
        return None
    cards = catalogue.cards
    weapons: dict[str, str] = {}
    for problem in report.problems:
        if problem.rule != WEAPON_SPECIFIC.name or problem.severity != Severity.ERROR:
            continue
        for card_id in problem.cards:
            subtitle = cards[card_id].subtitle if card_id in cards else None
            found = sorted(
                c.id
                for c in cards.values()
                if subtitle
                and c.type == "weapon-of-choice"
                and normalise(c.title) == normalise(subtitle)
                and _known_legal(c, report, catalogue)
            )
            if found:
                weapons[found[0]] = found[0]
    if not weapons:
        return None
    removals, additions = planned_edits(report, catalogue, skip_rules=(WEAPON_SPECIFIC.name,))
    for weapon_id in weapons:
        additions[weapon_id] = max(additions.get(weapon_id, 0), 1)
    return removals, additions


def fix_text(
    text: str,
    deck: Deck,
    catalogue: Catalogue,
    requested_format: str | None = None,
    date: str | None = None,
) -> FixResult:
    """Apply fixes round by round until no error has an edit left (or nothing changes);
    of several plans in a round, keep the one leaving the fewest errors, then the one
    changing the fewest copies."""
    from hlcg.deck import apply_edits

    original = text
    applied: list[str] = []
    report = check_deck(deck, catalogue, requested_format, date=date)
    for _ in range(MAX_ROUNDS):
        if report.resolved is None:
            break
        plans = [planned_edits(report, catalogue), weapon_plan(report, catalogue)]
        best: tuple[tuple[int, int], str, list[str], DeckReport] | None = None
        for plan in plans:
            if plan is None or not any(plan):
                continue
            removals, additions = plan
            new_text, done = apply_edits(text, report.resolved, catalogue, removals, additions)
            if new_text == text:
                continue
            checked = check_deck(
                parse_text(new_text, deck.path), catalogue, requested_format, date=date
            )
            cost = (checked.errors, sum(removals.values()) + sum(additions.values()))
            if best is None or cost < best[0]:
                best = (cost, new_text, done, checked)
        if best is None:
            break
        _, text, done, report = best
        applied += done
    return FixResult(original, text, report, applied)


def _width(line: str) -> int:
    return len(line.encode("utf-16-le")) // 2


def text_changes(before: str, after: str) -> tuple[TextChange, ...]:
    """The changes that turn ``before`` into ``after``, whole lines at a time."""
    import difflib

    from hlcg.deck import split_lines

    old, new = split_lines(before), split_lines(after)
    newline = "\r\n" if "\r\n" in before else "\n"
    # A last line without a newline: the change ends at its end, not at a following line.
    open_end = bool(old) and not before.endswith(("\n", "\r"))
    changes = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        text = "".join(line + newline for line in new[j1:j2])
        if open_end and i2 == len(old):
            if i1 == i2:  # appended after the unterminated last line
                end = _width(old[-1]) + 1
                changes.append(TextChange(i2, end, i2, end, newline + text[: -len(newline)]))
                continue
            text = text[: -len(newline)] if text else text
            changes.append(TextChange(i1 + 1, 1, i2, _width(old[i2 - 1]) + 1, text))
            continue
        changes.append(TextChange(i1 + 1, 1, i2 + 1, 1, text))
    return tuple(changes)


def problem_changes(
    text: str, report: DeckReport, catalogue: Catalogue
) -> dict[int, tuple[TextChange, ...]]:
    """Each problem's own edits (by its position in ``report.problems``) as changes to the
    deck's text: what --fix would change for that problem alone. Notes get none: they break
    no rule."""
    from hlcg.deck import apply_edits

    if report.resolved is None:
        return {}
    changes: dict[int, tuple[TextChange, ...]] = {}
    for position, problem in enumerate(report.problems):
        if not problem.edits or problem.severity == Severity.NOTE:
            continue
        removals: dict[str, int] = {}
        additions: dict[str, int] = {}
        for action, card_id, copies in problem.edits:
            edits = removals if action == "remove" else additions
            edits[card_id] = max(edits.get(card_id, 0), copies)
        fixed, _ = apply_edits(text, report.resolved, catalogue, removals, additions)
        found = text_changes(text, fixed)
        if found:
            changes[position] = found
    return changes


# --- Fixed deck files ---------------------------------------------------------------------


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
    # Lines naming no single card, kept as written with their error: a fix never drops
    # their copies (`3 Thurst (line 19): no card named so; left as written`).
    kept: tuple[str, ...] = ()

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
    from hlcg.deck import decode, read_deck_bytes

    if deck_kind(path).is_text:
        return decode(read_deck_bytes(path), path)[0], True
    from hlcg.deck import as_text  # the writers: only a deck of another kind needs them

    assert report.resolved is not None
    return as_text(report.resolved), False


def add_changes(path: Path, report: DeckReport, catalogue: Catalogue) -> DeckReport:
    """Set ``report.changes``: each problem's edits as changes to a text deck's own lines
    (the SARIF report's ``fixes``). JSON, .dek and .o8d decks get none: their fix is a new
    text deck, not an edit of the file."""
    if not deck_kind(path).is_text or report.resolved is None:
        return report
    text, _ = _deck_text(path, report)
    report.changes = problem_changes(text, report, catalogue)
    return report


def _refusal(
    path: Path,
    target: Path,
    own_file: bool,
    written: set[Path],
    force: bool,
    inputs: Sequence[Path] = (),
) -> str | None:
    try:
        return _refusal_of(path, target, own_file, written, force, inputs)
    except OSError as exc:
        # `NAME.fixed.txt` may be a name the file system refuses (a 251-character deck
        # name is 257 with it): asking whether it exists already fails
        return f"{path}: not fixed: {target.name[:40]}... cannot be written ({exc.strerror})"


def _refusal_of(
    path: Path,
    target: Path,
    own_file: bool,
    written: set[Path],
    force: bool,
    inputs: Sequence[Path],
) -> str | None:
    from hlcg.output import input_it_would_replace

    if not own_file and input_it_would_replace(target, inputs) is not None:
        return (
            f"{path}: not fixed: {target} is a deck this run checks; hlcg does not write "
            "over its own input"
        )
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
    inputs: Sequence[Path] = (),
) -> DeckFix:
    """Fix one illegal deck; ``written`` holds the files this run wrote already, ``inputs``
    the decks it checks (a fix is never written over one of them)."""
    from hlcg.output import write_errors, write_text_atomically

    text, is_text = _deck_text(path, report)
    outcome = fix_text(text, parse_text(text, str(path)), catalogue, requested_format, report.date)
    if not outcome.changed:
        return DeckFix(path)  # nothing written, so nothing kept: the report has its errors
    own_file = in_place and is_text
    target = path if own_file else fixed_path(path)
    moved = in_place and not is_text
    refusal = _refusal(path, target, own_file, written, force, inputs)
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
        kept=kept_lines(report),
    )


def kept_lines(report: DeckReport) -> tuple[str, ...]:
    """The deck's lines that name no single card (a misspelt card, one name for several),
    as a fix leaves them: written as they were, their error still reported."""
    if report.resolved is None:
        return ()
    kept = []
    for line in report.resolved.unresolved:
        where = f" (line {line.line})" if line.line is not None else ""
        why = "no card is named so" if line.kind == UNKNOWN else "it names several cards"
        kept.append(f"kept {line.count} {line.name}{where} as written: {why}; fix it by hand")
    return tuple(kept)


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
            inputs=paths,
        )
        fixes.append(fixed)
        verdicts.append(fixed.report if fixed.own_file and fixed.report else report)
    return FixRun(fixes, verdicts)
