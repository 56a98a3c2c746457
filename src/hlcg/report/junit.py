"""JUnit XML: one testsuite, one testcase per deck, a failure per illegal deck and an error
per deck file that could not be read.

The element and attribute names follow the JUnit XML that Jenkins and GitLab read
(testsuites > testsuite > testcase > properties / failure / error / system-out).
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.etree.ElementTree import Element, SubElement, indent, tostring

from hlcg.report import Unreadable
from hlcg.rules.engine import DeckReport
from hlcg.wording import plural


def _problem_lines(report: DeckReport) -> str:
    lines = []
    for p in report.problems:
        where = f"{report.path}:{p.line}" if p.line else report.path
        lines.append(f"{where}: {p.severity} {p.code} {p.rule}: {p.message}")
        if p.fix:
            lines.append(f"    fix: {p.fix}")
    return "\n".join(lines)


def render(reports: list[DeckReport], unreadable: Sequence[Unreadable] = ()) -> str:
    failures = sum(1 for r in reports if not r.legal)
    tests = len(reports) + len(unreadable)
    counts = {"tests": str(tests), "failures": str(failures), "errors": str(len(unreadable))}
    suites = Element("testsuites", {"name": "hlcg", **counts})
    suite = SubElement(suites, "testsuite", {"name": "hlcg validate", **counts, "skipped": "0"})
    for report in reports:
        case = SubElement(
            suite,
            "testcase",
            name=report.path,
            classname=f"hlcg.{report.format}",
            file=report.path,
        )
        properties = SubElement(case, "properties")
        # the date judged by: the legality facts in force on it
        SubElement(properties, "property", name="date", value=report.date)
        if report.fingerprint:
            SubElement(properties, "property", name="fingerprint", value=report.fingerprint)
        if not report.legal:
            first = next(p for p in report.problems if p.severity == "error")
            failure = SubElement(
                case,
                "failure",
                message=f"{plural(report.errors, 'error')}: {first.code} {first.rule}: "
                f"{first.message}",
                type="illegal-deck",
            )
            failure.text = _problem_lines(report)
        elif report.problems:
            out = SubElement(case, "system-out")
            out.text = _problem_lines(report)
    for item in unreadable:
        case = SubElement(
            suite, "testcase", name=item.path, classname="hlcg.unreadable", file=item.path
        )
        error = SubElement(case, "error", message=item.message, type="unreadable-deck")
        error.text = f"{item.path}: {item.message}"
    indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + tostring(suites, encoding="unicode") + "\n"
