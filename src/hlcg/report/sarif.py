"""SARIF 2.1.0: the rule registry as `tool.driver.rules`, one result per problem."""

from __future__ import annotations

import json
from typing import Any

from hlcg import __version__
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


def _uri(path: str) -> str:
    return path.replace("\\", "/")


def render(reports: list[DeckReport]) -> str:
    index = {rule.code: i for i, rule in enumerate(RULES.values())}
    results = []
    for report in reports:
        for problem in report.problems:
            location: dict[str, Any] = {"artifactLocation": {"uri": _uri(report.path)}}
            if problem.line:
                location["region"] = {"startLine": problem.line}
            text = problem.message + (f" Fix: {problem.fix}" if problem.fix else "")
            results.append(
                {
                    "ruleId": problem.code,
                    "ruleIndex": index[problem.code],
                    "level": problem.severity,
                    "message": {"text": text},
                    "locations": [{"physicalLocation": location}],
                    "properties": {"rule": problem.rule, "cards": list(problem.cards)},
                }
            )
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
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"
