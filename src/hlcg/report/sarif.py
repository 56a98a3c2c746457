"""SARIF 2.1.0: the rule registry as `tool.driver.rules`, one result per problem, each deck's
fingerprint in `partialFingerprints`, and a deck file that could not be read as a
`toolExecutionNotifications` entry of the run's invocation (which then did not succeed).

Artifact URIs are relative URI references, percent-encoded (a space is %20, a comma %2C,
a percent sign %25): SARIF requires valid URIs (RFC 3986) and code-scanning uploads reject
raw ones. Absolute paths become file: URIs.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any
from urllib.parse import quote

from hlcg import __version__
from hlcg.report import Unreadable
from hlcg.rules.engine import DeckReport
from hlcg.rules.registry import RULES

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/hlcg/hlcg"


def _rules() -> list[dict[str, Any]]:
    return [
        {
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": rule.doc.split("\n\n")[0]},
            "help": {"text": rule.doc},
            "defaultConfiguration": {"level": "note" if rule.name == "unchecked" else "error"},
        }
        for rule in RULES.values()
    ]


# Bumped with the fingerprint's canonical form (docs/fingerprint.md).
FINGERPRINT_KEY = "hlcgDeck/v1"


def artifact_uri(path: str) -> str:
    """A deck path as a percent-encoded URI reference: relative stays relative."""
    if PureWindowsPath(path).drive:
        return "file:///" + quote(PureWindowsPath(path).as_posix(), safe="/:")
    posix = path.replace("\\", "/")
    if PurePosixPath(posix).is_absolute():
        return "file://" + quote(posix, safe="/")
    return quote(posix, safe="/")


def _location(path: str) -> dict[str, Any]:
    return {"physicalLocation": {"artifactLocation": {"uri": artifact_uri(path)}}}


def render(reports: list[DeckReport], unreadable: Sequence[Unreadable] = ()) -> str:
    index = {rule.code: i for i, rule in enumerate(RULES.values())}
    results = []
    for report in reports:
        for problem in report.problems:
            location: dict[str, Any] = {"artifactLocation": {"uri": artifact_uri(report.path)}}
            if problem.line:
                location["region"] = {"startLine": problem.line}
            text = problem.message + (f" Fix: {problem.fix}" if problem.fix else "")
            result: dict[str, Any] = {
                "ruleId": problem.code,
                "ruleIndex": index[problem.code],
                "level": problem.severity,
                "message": {"text": text},
                "locations": [{"physicalLocation": location}],
                "properties": {
                    "rule": problem.rule,
                    "cards": list(problem.cards),
                    "date": report.date,
                },
            }
            if report.fingerprint:
                result["partialFingerprints"] = {FINGERPRINT_KEY: report.fingerprint}
                result["properties"]["fingerprint"] = report.fingerprint
            results.append(result)
    notifications = [
        {
            "level": "error",
            "message": {"text": f"could not read {item.path}: {item.message}"},
            "descriptor": {"id": "unreadable-deck"},
            "locations": [_location(item.path)],
        }
        for item in unreadable
    ]
    log = {
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
                "results": results,
                # Every deck judged, legal ones too (they have no results to carry it).
                "properties": {
                    "decks": [
                        {
                            "uri": artifact_uri(r.path),
                            "fingerprint": r.fingerprint,
                            "date": r.date,
                            "legal": r.legal,
                        }
                        for r in reports
                    ]
                },
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"
