"""The human report: a header per deck, problems with their fixes, the gem budget, what was
checked and what could not be, a verdict."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hlcg.catalog import ATTRIBUTES
from hlcg.report.reporters import Unreadable
from hlcg.report.streaming import DeckSummary, TextSink
from hlcg.rules import UNCHECKED, DeckReport, not_checked_line
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.check import Skipped


def render_deck(report: DeckReport) -> str:
    """One deck: its header, each problem (`path:line: severity CODE rule: message`) with
    its fix, the gem budget, the sideboard, what was checked and not, and the verdict. The
    data gaps (`unchecked` notes) are the not-checked line, listed card by card only when
    --select named `unchecked` (``report.lists_gaps``)."""
    lines = _header(report)
    for problem in report.problems:
        if problem.rule == UNCHECKED.name and not report.lists_gaps:
            continue
        where = f"{report.path}:{problem.line}" if problem.line else report.path
        lines.append(
            f"{where}: {problem.severity} {problem.code} {problem.rule}: {problem.message}"
        )
        if problem.fix:
            lines.append(f"    fix: {problem.fix}")
    lines += _gem_budget(report)
    sideboard = report.resolved.sideboard if report.resolved else []
    if sideboard:
        listed = ", ".join(f"{card.count} {card.name}" for card in sideboard)
        lines.append(f"  sideboard (not checked): {listed}")
    lines += coverage_lines(report)
    lines.append(verdict_line(report))
    return "\n".join(lines)


def _header(report: DeckReport) -> list[str]:
    return [f"{report.path}", f"  {counts_line(report)}"]


def counts_line(report: DeckReport) -> str:
    """The report's second line: format, date, persona and the counts ("Endurance 58/50
    (56 recognised + 2 unrecognised)"); the web page shows the same string."""
    pregame_limit = "" if report.pregame_limit is None else f"/{report.pregame_limit}"
    minimum = report.endurance_minimum
    endurance = f"{report.endurance}/{minimum}"
    if report.unrecognised:
        endurance = (
            f"{report.endurance + report.unrecognised}/{minimum} ({report.endurance} recognised + "
            f"{report.unrecognised} unrecognised)"
        )
    pregame = f"{report.pregame}{pregame_limit}"
    if report.pregame_unrecognised:
        pregame = (
            f"{report.pregame + report.pregame_unrecognised}{pregame_limit} ({report.pregame} "
            f"recognised + {report.pregame_unrecognised} unrecognised)"
        )
    return (
        f"format {report.format} on {report.date} | persona {report.persona} | "
        f"Endurance {endurance} | pre-game {pregame}"
    )


def _gem_budget(report: DeckReport) -> list[str]:
    """The gem table, when the format caps gems or the deck carries any."""
    gems = report.gems.values()
    if not any(v["cap"] is not None for v in gems) and not any(v["used"] for v in gems):
        return []
    lines = ["  gem budget:", f"    {'attribute':<10} {'used':>4} {'cap':>5} {'headroom':>8}"]
    for attribute in ATTRIBUTES:
        used = report.gems[attribute]["used"]
        cap = report.gems[attribute]["cap"]
        cap_text = "?" if cap is None else str(cap)
        room = "?" if cap is None else str(cap - (used or 0))
        lines.append(f"    {attribute:<10} {used:>4} {cap_text:>5} {room:>8}")
    return lines


def coverage_summary(report: DeckReport) -> list[str]:
    """What was checked, and what could not be for want of which facts: "checked: size,
    basics, titles" and "not checked (facts missing): gem caps (23 cards), 9 restriction
    numbers" (each when there is something to say); the web page shows the same."""
    coverage = report.coverage
    lines = [f"checked: {', '.join(coverage.checked)}"] if coverage.checked else []
    if coverage.not_checked:
        lines.append(f"not checked (facts missing): {not_checked_line(coverage)}")
    return lines


def coverage_lines(report: DeckReport) -> list[str]:
    """The summary lines, and under the not-checked one the command that records the
    missing facts (and how to list the notes the line stands for)."""
    coverage = report.coverage
    lines = [f"  {line}" for line in coverage_summary(report)]
    if coverage.not_checked:
        notes = report.data_gaps
        which = "its note" if notes == 1 else f"their {notes} notes"
        listed = (
            f"; `--select {UNCHECKED.name}` lists {which} card by card"
            if notes and not report.lists_gaps
            else ""
        )
        lines.append(f"    fix: record what your cards print: {coverage.fill}{listed}")
    return lines


def verdict_line(report: DeckReport) -> str:
    """The report's first words ("LEGAL in type-two (4 notes)"); the web page shows them."""
    # Notes (data gaps, split-dependent verdicts) are counted apart from warnings.
    counts = [
        plural(n, label) for n, label in ((report.warnings, "warning"), (report.notes, "note")) if n
    ]
    if report.legal:
        extra = f" ({', '.join(counts)})" if counts else ""
        return f"LEGAL in {report.format}{extra}"
    shown = counts or [plural(0, "warning")]
    return f"ILLEGAL in {report.format}: {plural(report.errors, 'error')}, {', '.join(shown)}"


part = render_deck


class Writer:
    """The report as decks finish: a blank line between blocks, unreadable files last."""

    def __init__(self, out: TextSink) -> None:
        self.out = out
        self.blocks = 0
        self.unreadable_files: list[Unreadable] = []
        self.skipped_files: list[Skipped] = []

    def _block(self, text: str) -> None:
        self.out.write("\n\n" + text if self.blocks else text)
        self.blocks += 1

    def deck(self, part: str, summary: DeckSummary) -> None:
        self._block(part)

    def unreadable(self, item: Unreadable) -> None:
        self.unreadable_files.append(item)

    def skipped(self, item: Skipped) -> None:
        self.skipped_files.append(item)

    def close(self) -> None:
        for item in self.unreadable_files:
            self._block(f"{item.path}\nCOULD NOT READ: {item.message}")
        if self.skipped_files:
            self._block("\n".join(skipped_note(item) for item in self.skipped_files))
        self.out.write("\n")


def skipped_note(item: Skipped) -> str:
    """A passed-over file as the text report (and the terminal) names it."""
    return f"note: skipped {item.shown_path}: {item.message}"
