"""JUnit XML: one testsuite per deck file, holding the deck's properties (the date judged by,
its fingerprint) and one testcase, which fails for an illegal deck and is an error for a
deck file that could not be read; a file the scan passed over as no deck is a suite whose
testcase is `skipped`, naming why. The root `testsuites` counts them all: written as decks
finish, the suites wait in a spool (hlcg.report.streaming) until the counts are known.

The file follows the strict JUnit XML schema Jenkins checks reports against and GitLab
reads (the xUnit plugin's junit-10.xsd, a copy in tests/schemas/): properties belong to a
testsuite, never to a testcase, and the deck's path is the suite's `file`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.etree.ElementTree import Element, SubElement, indent, tostring

from hlcg.problems import Severity
from hlcg.report.reporters import Unreadable
from hlcg.report.streaming import DeckSummary, Spool, TextSink
from hlcg.rules import DeckReport
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.check import Skipped


def _problem_lines(report: DeckReport) -> str:
    lines = []
    for p in report.problems:
        where = f"{report.path}:{p.line}" if p.line else report.path
        lines.append(f"{where}: {p.severity} {p.code} {p.rule}: {p.message}")
        if p.fix:
            lines.append(f"    fix: {p.fix}")
    return "\n".join(lines)


def _suite(parent: Element, path: str, failures: int, errors: int, skipped: int = 0) -> Element:
    counts = {
        "tests": "1",
        "failures": str(failures),
        "errors": str(errors),
        "skipped": str(skipped),
    }
    return SubElement(parent, "testsuite", {"name": path, **counts, "file": path})


def _deck(suites: Element, report: DeckReport) -> None:
    suite = _suite(suites, report.path, 0 if report.legal else 1, 0)
    properties = SubElement(suite, "properties")
    # the date judged by: the legality facts in force on it
    SubElement(properties, "property", name="date", value=report.date)
    SubElement(properties, "property", name="format", value=report.format)
    if report.fingerprint:
        SubElement(properties, "property", name="fingerprint", value=report.fingerprint)
    case = SubElement(suite, "testcase", name=report.path, classname=f"hlcg.{report.format}")
    if not report.legal:
        first = next(p for p in report.problems if p.severity == Severity.ERROR)
        failure = SubElement(
            case,
            "failure",
            message=f"{plural(report.errors, 'error')}: {first.code} {first.rule}: {first.message}",
            type="illegal-deck",
        )
        failure.text = _problem_lines(report)
    elif report.problems:
        out = SubElement(case, "system-out")
        out.text = _problem_lines(report)


def _as_part(suite_of: Element) -> str:
    """A testsuite as the whole file indents it: what `indent` gives it under the root."""
    indent(suite_of)
    text = tostring(suite_of, encoding="unicode")
    return text.removeprefix("<testsuites>\n").removesuffix("</testsuites>")


def part(report: DeckReport) -> str:
    root = Element("testsuites")
    _deck(root, report)
    return _as_part(root)


def _unreadable_part(item: Unreadable) -> str:
    root = Element("testsuites")
    suite = _suite(root, item.path, 0, 1)
    case = SubElement(suite, "testcase", name=item.path, classname="hlcg.unreadable")
    error = SubElement(case, "error", message=item.message, type="unreadable-deck")
    error.text = f"{item.path}: {item.message}"
    return _as_part(root)


def _skipped_part(item: Skipped) -> str:
    root = Element("testsuites")
    suite = _suite(root, item.shown_path, 0, 0, skipped=1)
    case = SubElement(suite, "testcase", name=item.shown_path, classname="hlcg.skipped")
    SubElement(case, "skipped", message=item.message, type="not-a-deck")
    return _as_part(root)


HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'


class Writer:
    """The file as decks finish: the suites spooled, the root's counts written at the end."""

    def __init__(self, out: TextSink) -> None:
        self.out = out
        self.suites = Spool()
        self.decks = self.failures = 0
        self.unreadable_files: list[Unreadable] = []
        self.skipped_files: list[Skipped] = []

    def deck(self, part: str, summary: DeckSummary) -> None:
        self.suites.write(part)
        self.decks += 1
        self.failures += not summary.legal

    def unreadable(self, item: Unreadable) -> None:
        self.unreadable_files.append(item)

    def skipped(self, item: Skipped) -> None:
        self.skipped_files.append(item)

    def close(self) -> None:
        errors = len(self.unreadable_files)
        skipped = len(self.skipped_files)
        counts = {
            "tests": str(self.decks + errors + skipped),
            "failures": str(self.failures),
            "errors": str(errors),
        }
        root = Element("testsuites", {"name": "hlcg", **counts})
        if not self.decks + errors + skipped:
            self.out.write(HEADER + tostring(root, encoding="unicode") + "\n")
            return
        root.text = "\n"
        opening = tostring(root, encoding="unicode").removesuffix("\n</testsuites>")
        self.out.write(HEADER + opening + "\n")
        self.suites.copy_to(self.out)
        for item in self.unreadable_files:
            self.out.write(_unreadable_part(item))
        for skipped_file in self.skipped_files:
            self.out.write(_skipped_part(skipped_file))
        self.out.write("</testsuites>\n")
