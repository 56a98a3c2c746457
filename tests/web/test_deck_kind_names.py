"""One set of names for the kinds of deck (issue 34 point 3): `hlcg deck convert --to`, the
API's `to` and `kind` take the names of hlcg.deck.KIND_NAMES, built from DECK_KINDS, "text"
and "txt" alike; the CLI's help and the API's error list them in the same words."""

import re

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app
from hlcg.deck import KIND_NAMES, WRITTEN_KIND_NAMES

runner = CliRunner()
DECK = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"
NAMES = ("text", "txt", "json", "dek", "o8d")


def test_the_names_come_from_the_deck_kinds_table():
    assert KIND_NAMES == {
        "text": ".txt",
        "txt": ".txt",
        "json": ".json",
        "dek": ".dek",
        "o8d": ".o8d",
    }
    assert WRITTEN_KIND_NAMES == NAMES


def test_the_cli_and_the_api_list_the_same_names_when_refusing_one(client):
    cli = runner.invoke(app, ["deck", "convert", str(DECK), "-", "--to", "pdf"])
    assert cli.exit_code == 2
    listed = ", ".join(repr(n) for n in NAMES)
    assert f"invalid value for '--to': 'pdf' is not one of {listed};" in cli.stderr
    shown = re.search(
        r"--to \[([^\]]+)\]", runner.invoke(app, ["deck", "convert", "--help"]).stdout
    )
    assert shown is not None and tuple(shown[1].split("|")) == NAMES
    api = client.post("/api/convert", json={"deck": "3 Dodge\n", "to": "pdf"})
    assert api.status_code == 400
    expected = "'text', 'txt', 'json', 'dek' or 'o8d'"
    assert api.json()["error"]["message"].startswith(f"bad request: to: expected {expected}")


@pytest.mark.parametrize("name", ["text", "txt"])
def test_both_spellings_of_a_text_deck_work_everywhere(client, name):
    deck = DECK.read_text(encoding="utf-8")
    cli = runner.invoke(app, ["deck", "convert", str(DECK), "-", "--to", name])
    assert cli.exit_code == 0, cli.stderr
    api = client.post("/api/convert", json={"deck": deck, "filename": "d.deck", "to": name})
    assert api.status_code == 200
    assert api.json() == {"filename": "d.txt", "content": cli.stdout}
    checked = client.post("/api/validate", json={"deck": deck, "kind": name})
    assert checked.status_code == 200
    assert checked.json()["decks"][0]["legal"] is True
