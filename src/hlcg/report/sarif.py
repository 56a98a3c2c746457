"""SARIF 2.1.0: the rule registry as `tool.driver.rules` (each rule's summary with its
default numbers and a `helpUri` to its documentation), one result per problem, and a deck
file that could not be read as a `toolExecutionNotifications` entry of the run's invocation
(which then did not succeed), and a file the scan passed over as no deck as a `note`-level
entry there (the run still succeeds).

Each result's `partialFingerprints` holds the problem's identity (hlcg.report.identity:
rule, deck path, cards), so code scanning keeps two findings of one rule in one deck as two
alerts and an alert survives edits of other lines; the deck's fingerprint is in the
result's `properties` and in the run's `properties.decks`. A problem whose edits --fix would
apply to a text deck carries them as `fixes`.

Artifact URIs are relative URI references, percent-encoded (a space is %20, a comma %2C,
a percent sign %25): SARIF requires valid URIs (RFC 3986) and code-scanning uploads reject
raw ones. Absolute paths become file: URIs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from hlcg import __version__
from hlcg.problems import Problem, Severity, TextChange
from hlcg.report.identity import IDENTITY_KEY, problem_identities
from hlcg.report.reporters import Unreadable, with_fix
from hlcg.report.streaming import (
    DeckSummary,
    JsonList,
    Spool,
    TextSink,
    dump,
    joined,
    list_marker,
    write_document,
)
from hlcg.rules import RULES, RULES_DOC, DeckReport, Rule, rule_anchor

if TYPE_CHECKING:
    from hlcg.check import Skipped

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/hlcg/hlcg"


# A severity as a SARIF level (SARIF's words happen to be ours).
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}


def help_uri(rule: Rule) -> str:
    """Where a rule's documentation is read on the web: its heading in docs/rules.md (what
    `hlcg rules NAME` prints), one address per rule wherever its check function lives."""
    return f"{INFORMATION_URI}/blob/main/{RULES_DOC}#{rule_anchor(rule)}"


def _rules() -> list[dict[str, Any]]:
    return [
        {
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": rule.summary_for()},
            "fullDescription": {"text": rule.doc.split("\n\n")[0]},
            "help": {"text": rule.doc},
            "helpUri": help_uri(rule),
            # the rule's own default; a format's profile may change it (a result's level)
            "defaultConfiguration": {"level": LEVEL[Severity(rule.severity)]},
        }
        for rule in RULES.values()
    ]


def artifact_uri(path: str) -> str:
    """A deck path as a percent-encoded URI reference: relative stays relative. A path's
    bytes that are not UTF-8 (lone surrogates from os.fsdecode) are encoded as those bytes."""
    if PureWindowsPath(path).drive:
        return "file:///" + _quoted(PureWindowsPath(path).as_posix(), "/:")
    posix = path.replace("\\", "/")
    if PurePosixPath(posix).is_absolute():
        return "file://" + _quoted(posix, "/")
    return _quoted(posix, "/")


def _quoted(path: str, safe: str) -> str:
    return quote(path, safe=safe, errors="surrogateescape")


def _location(path: str) -> dict[str, Any]:
    return {"physicalLocation": {"artifactLocation": {"uri": artifact_uri(path)}}}


def _fix(path: str, problem: Problem, changes: tuple[TextChange, ...]) -> dict[str, Any]:
    replacements = [
        {
            "deletedRegion": {
                "startLine": c.start_line,
                "startColumn": c.start_column,
                "endLine": c.end_line,
                "endColumn": c.end_column,
            },
            "insertedContent": {"text": c.text},
        }
        for c in changes
    ]
    return {
        "description": {"text": problem.fix or "the change --fix makes"},
        "artifactChanges": [
            {"artifactLocation": {"uri": artifact_uri(path)}, "replacements": replacements}
        ],
    }


def _results(report: DeckReport, index: dict[str, int]) -> list[dict[str, Any]]:
    results = []
    identities = problem_identities(report)
    for position, problem in enumerate(report.problems):
        location: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(report.path)}}
        if problem.line:
            location["region"] = {"startLine": problem.line}
        text = with_fix(problem)
        result: dict[str, Any] = {
            "ruleId": problem.code,
            "ruleIndex": index[problem.code],
            "level": LEVEL[problem.severity],
            "message": {"text": text},
            "locations": [{"physicalLocation": location}],
            "partialFingerprints": {IDENTITY_KEY: identities[position]},
            "properties": {
                "rule": problem.rule,
                "cards": list(problem.cards),
                "date": report.date,
                "fingerprint": report.fingerprint,
            },
        }
        changes = report.changes.get(position)
        if changes:
            result["fixes"] = [_fix(report.path, problem, changes)]
        results.append(result)
    return results


_RULE_INDEX: dict[str, int] = {}


def part(report: DeckReport) -> str:
    """The deck's results, as the log's `results` holds them."""
    if not _RULE_INDEX:
        _RULE_INDEX.update({rule.code: i for i, rule in enumerate(RULES.values())})
    return joined(_results(report, _RULE_INDEX))


def _log(unreadable: Sequence[Unreadable], skipped: Sequence[Skipped] = ()) -> dict[str, Any]:
    notifications = [
        {
            "level": LEVEL[Severity.ERROR],
            "message": {"text": f"could not read {item.path}: {item.message}"},
            "descriptor": {"id": "unreadable-deck"},
            "locations": [_location(item.path)],
        }
        for item in unreadable
    ] + [
        {
            "level": "note",
            "message": {"text": f"skipped {item.shown_path}: {item.message}"},
            "descriptor": {"id": "skipped-file"},
            "locations": [_location(item.shown_path)],
        }
        for item in skipped
    ]
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "hlcg",
                        "version": __version__,
                        "informationUri": INFORMATION_URI,
                        "rules": _rules(),
                    }
                },
                "invocations": [
                    {
                        "executionSuccessful": not unreadable,
                        "toolExecutionNotifications": notifications,
                    }
                ],
                "results": list_marker("results"),
                # Every deck judged, legal ones too (they have no results to carry it).
                "properties": {"decks": list_marker("decks")},
            }
        ],
    }


class Writer:
    """The log as decks finish: results and decks spooled until the invocation, which
    names the files that could not be read, is known."""

    def __init__(self, out: TextSink) -> None:
        self.out = out
        skeleton = dump(_log(()))
        self.spools = {"results": Spool(), "decks": Spool()}
        self.results = JsonList("results", skeleton, self.spools["results"])
        self.decks = JsonList("decks", skeleton, self.spools["decks"])
        self.unreadable_files: list[Unreadable] = []
        self.skipped_files: list[Skipped] = []

    def deck(self, part: str, summary: DeckSummary) -> None:
        self.results.add(part)
        entry = {
            "uri": artifact_uri(summary.path),
            "fingerprint": summary.fingerprint,
            "date": summary.date,
            "legal": summary.legal,
        }
        self.decks.add(dump(entry))

    def unreadable(self, item: Unreadable) -> None:
        self.unreadable_files.append(item)

    def skipped(self, item: Skipped) -> None:
        self.skipped_files.append(item)

    def close(self) -> None:
        log = _log(self.unreadable_files, self.skipped_files)
        write_document(self.out, log, [self.results, self.decks], self.spools)
