"""The CLI's report choices come from the library's tables: --output from
``hlcg.report.REPORTERS`` (plus auto), --fail-on from ``hlcg.problems.FAIL_ON``; a report kind
that machines read carries each deck's fingerprint."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app
from hlcg.problems import FAIL_ON
from hlcg.report import REPORTERS

runner = CliRunner()
DECK = str(ROOT / "examples/decks/valid/duncan-katana-type-two.txt")


def _choices_refused(option: str) -> str:
    result = runner.invoke(app, ["validate", DECK, option, "nosuch"])
    assert result.exit_code == 2
    return " ".join(result.stderr.replace("│", " ").split())


def test_output_offers_every_reporter_then_auto():
    assert list(REPORTERS) == ["text", "json", "junit", "sarif", "github", "gitlab"]
    quoted = ", ".join(f"'{kind}'" for kind in (*REPORTERS, "auto"))
    assert f"'nosuch' is not one of {quoted};" in _choices_refused("--output")


def test_fail_on_offers_what_the_runner_accepts():
    quoted = ", ".join(f"'{kind}'" for kind in FAIL_ON)
    assert f"'nosuch' is not one of {quoted};" in _choices_refused("--fail-on")


@pytest.mark.parametrize("kind", list(REPORTERS))
def test_a_machine_read_report_carries_the_fingerprint(kind):
    result = runner.invoke(app, ["validate", DECK, "--output", kind])
    assert result.exit_code == 0, result.output
    fingerprint = runner.invoke(app, ["deck", "hash", DECK, "--json"])
    digest = json.loads(fingerprint.stdout)["decks"][0]["fingerprint"]
    assert (digest in result.stdout) is REPORTERS[kind].machine_read
