"""`hlcg deck convert`: every kind round-trips with its fingerprint; lines naming no single
card are never converted."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

from .test_fingerprint import fingerprint_of

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


@pytest.mark.parametrize("suffix", [".dek", ".o8d", ".json", ".txt"])
def test_convert_round_trip_keeps_the_fingerprint(tmp_path, suffix):
    source = ROOT / "examples/decks/valid/richie-ryan-type-one.txt"
    converted = tmp_path / f"deck{suffix}"
    back = tmp_path / "back.txt"
    assert invoke("deck", "convert", str(source), str(converted)).exit_code == 0
    assert invoke("deck", "convert", str(converted), str(back)).exit_code == 0
    assert fingerprint_of(source) == fingerprint_of(converted) == fingerprint_of(back)


def test_convert_refuses_unresolved_lines(tmp_path):
    result = invoke(
        "deck",
        "convert",
        str(ROOT / "examples/decks/invalid/unknown-card.txt"),
        str(tmp_path / "x.dek"),
    )
    assert result.exit_code == 1 and "unknown-card" in result.stderr
    assert not (tmp_path / "x.dek").exists()
