"""JUnit XML: one testsuite, one testcase per deck, a failure per illegal deck.

The element and attribute names follow the JUnit XML that Jenkins and GitLab read
(testsuites > testsuite > testcase > failure / system-out).
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, SubElement, indent, tostring

from hlcg.rules.engine import DeckReport


def _problem_lines(report: DeckReport) -> str:
    lines = []
    for p in report.problems:
        where = f"{report.path}:{p.line}" if p.line else report.path
        lines.append(f"{where}: {p.severity} {p.code} {p.rule}: {p.message}")
        if p.fix:
            lines.append(f"    fix: {p.fix}")
    return "\n".join(lines)


def render(reports: list[DeckReport]) -> str:
    failures = sum(1 for r in reports if not r.legal)
    suites = Element("testsuites", name="hlcg", tests=str(len(reports)), failures=str(failures))
    suite = SubElement(
        suites,
        "testsuite",
        name="hlcg validate",
        tests=str(len(reports)),
        failures=str(failures),
        errors="0",
        skipped="0",
    )
    for report in reports:
        case = SubElement(
            suite,
            "testcase",
            name=report.path,
            classname=f"hlcg.{report.format}",
            file=report.path,
        )
        if not report.legal:
            first = next(p for p in report.problems if p.severity == "error")
            failure = SubElement(
                case,
                "failure",
                message=f"{report.errors} error(s): {first.code} {first.rule}: {first.message}",
                type="illegal-deck",
            )
            failure.text = _problem_lines(report)
        elif report.problems:
            out = SubElement(case, "system-out")
            out.text = _problem_lines(report)
    indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + tostring(suites, encoding="unicode") + "\n"
