"""The JSON of `hlcg deck diff`, `odds` and `sheet --verify` is what schemas/deck-*.json
say, and those files are generated from the models (`python -m hlcg.schemas schemas`)."""

from __future__ import annotations

import json

import jsonschema
import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app
from hlcg.schemas import generate, render

runner = CliRunner()
TOURNAMENT = ROOT / "examples" / "tournament"
SCHEMAS = ("deck-diff.schema.json", "deck-odds.schema.json", "deck-verify.schema.json")


@pytest.mark.parametrize("name", SCHEMAS)
def test_schemas_are_not_stale(name):
    committed = (ROOT / "schemas" / name).read_text(encoding="utf-8")
    assert committed == render(generate()[name]), "run `python -m hlcg.schemas schemas`"


def _checked(schema: str, args: list[str], code: int) -> dict:
    result = runner.invoke(app, [*args, "--output", "json"])
    assert result.exit_code == code, result.output
    data = json.loads(result.stdout)
    jsonschema.validate(data, json.loads((ROOT / "schemas" / schema).read_text("utf-8")))
    return data


def test_the_outputs_follow_their_schemas():
    bob, frank = str(TOURNAMENT / "bob-richie.dek"), str(TOURNAMENT / "frank-richie.dek")
    _checked("deck-diff.schema.json", ["deck", "diff", bob, frank], 1)
    odds = ["deck", "odds", bob, "-k", "agility", "-k", "upper-left", "-k", "t:dodge"]
    assert _checked("deck-odds.schema.json", odds, 0)["kinds"][0]["gems"]["attribute"] == (
        "agility"
    )
    verify = ["deck", "sheet", bob, "--verify", "0" * 64]
    assert _checked("deck-verify.schema.json", verify, 1)["match"] is False
