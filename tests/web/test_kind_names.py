"""The web page's and the API's kinds of deck file come from the deck stage's table
(``hlcg.deck.DECK_KINDS``, each kind's ``name``): the API's ``kind`` and ``to``, the
page's extension -> kind map (files.js) and its "Write as" choices."""

from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT
from hlcg.deck import DECK_KINDS, deck_kind

STATIC = ROOT / "src" / "hlcg" / "web" / "static"
WEB = ROOT / "src" / "hlcg" / "web"
# Each name once, with the first extension the table gives it (text: .txt).
FIRST_OF_EACH_NAME = list({k.name: k for k in reversed(DECK_KINDS.values())}.values())[::-1]
DECK = "Persona: Duncan MacLeod\n3 Dodge\n"


def test_each_kind_has_a_name_the_page_uses():
    assert {suffix: kind.name for suffix, kind in DECK_KINDS.items()} == {
        ".txt": "text",
        ".deck": "text",
        ".json": "json",
        ".dek": "dek",
        ".o8d": "o8d",
    }


def test_the_page_s_extension_map_is_the_table():
    script = (STATIC / "files.js").read_text(encoding="utf-8")
    listed = re.search(r"const FILE_KINDS = (\{[^}]*\});", script)
    assert listed is not None
    assert json.loads(listed[1]) == {suffix: kind.name for suffix, kind in DECK_KINDS.items()}
    # a file of any other extension is read as the table reads it
    fallback = re.search(r"return FILE_KINDS\[.*\] \|\| \"(\w+)\";", script)
    assert fallback is not None and fallback[1] == deck_kind("deck.list").name


def test_the_page_offers_to_write_each_kind_hlcg_writes():
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    select = re.search(r'<select id="export-kind">(.*?)</select>', page, re.S)
    assert select is not None
    offered = re.findall(r'<option value="(\w+)">', select[1])
    assert offered == [k.name for k in FIRST_OF_EACH_NAME if k.writer]


def test_no_web_module_lists_the_kinds_itself():
    """The API's `kind` and `to` were Literals of their own, and service.py kept a third
    name -> extension table."""
    written = [
        path.name
        for path in sorted(WEB.glob("*.py"))
        if re.search(r"""["']o8d["']""", path.read_text(encoding="utf-8"))
    ]
    assert written == []


@pytest.mark.parametrize("kind", FIRST_OF_EACH_NAME, ids=lambda k: k.name)
def test_a_posted_deck_s_kind_picks_that_kind_s_reader(client, kind):
    answer = client.post(
        "/api/validate", json={"deck": DECK, "filename": "mine.list", "kind": kind.name}
    )
    if kind.is_text:
        assert answer.status_code == 200
        assert answer.json()["decks"][0]["path"] == "mine.list"
    else:  # the text is no such file: the reader the kind names says so, of mine.<suffix>
        assert answer.status_code == 422
        assert answer.json()["error"]["message"].startswith(f"mine{kind.suffix}: ")


def test_the_api_takes_txt_for_text_as_deck_convert_does_and_names_every_kind(client):
    answer = client.post("/api/validate", json={"deck": DECK, "kind": "txt"})
    assert answer.status_code == 200
    refused = client.post("/api/validate", json={"deck": DECK, "kind": "pdf"})
    assert refused.status_code == 400
    assert refused.json()["error"]["message"] == (
        "bad request: kind: expected 'text', 'txt', 'json', 'dek' or 'o8d', got 'pdf'"
    )
    converted = client.post("/api/convert", json={"deck": "3 Dodge\n", "to": "o8d"})
    assert converted.status_code == 200 and converted.json()["filename"] == "deck.o8d"
