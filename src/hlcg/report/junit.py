"""JUnit XML: one testsuite per deck file, holding the deck's properties (the date judged by,
its fingerprint) and one testcase, which fails for an illegal deck and is an error for a
deck file that could not be read. The root `testsuites` counts them all.

The file follows the strict JUnit XML schema Jenkins checks reports against and GitLab
reads (the xUnit plugin's junit-10.xsd, a copy in tests/schemas/): properties belong to a
testsuite, never to a testcase, and the deck's path is the suite's `file`.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.etree.ElementTree import Element, SubElement, indent, tostring

from hlcg.problems import Severity
from hlcg.report.reporters import Unreadable
from hlcg.rules import DeckReport
from hlcg.wording import plural


def _problem_lines(report: DeckReport) -> str:
    lines = []
    for p in report.problems:
        where = f"{report.path}:{p.line}" if p.line else report.path
        lines.append(f"{where}: {p.severity} {p.code} {p.rule}: {p.message}")
        if p.fix:
            lines.append(f"    fix: {p.fix}")
    return "\n".join(lines)


def _suite(parent: Element, path: str, failures: int, errors: int) -> Element:
    counts = {"tests": "1", "failures": str(failures), "errors": str(errors), "skipped": "0"}
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


def render(reports: list[DeckReport], unreadable: Sequence[Unreadable] = ()) -> str:
    failures = sum(1 for r in reports if not r.legal)
    tests = len(reports) + len(unreadable)
    counts = {"tests": str(tests), "failures": str(failures), "errors": str(len(unreadable))}
    suites = Element("testsuites", {"name": "hlcg", **counts})
    for report in reports:
        _deck(suites, report)
    for item in unreadable:
        suite = _suite(suites, item.path, 0, 1)
        case = SubElement(suite, "testcase", name=item.path, classname="hlcg.unreadable")
        error = SubElement(case, "error", message=item.message, type="unreadable-deck")
        error.text = f"{item.path}: {item.message}"
    indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + tostring(suites, encoding="unicode") + "\n"
