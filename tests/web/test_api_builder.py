"""The API the deck-builder page needs, each answer against the CLI or the validator: card
verdicts, autocomplete, rule text, conversion, the reader chosen per request and the
counts line of the text report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .test_api import ROOT, cli

VALID = ROOT / "examples" / "decks" / "valid"
TOURNAMENT = ROOT / "examples" / "tournament"


def rejected_by_format_legality(report: dict) -> set[str]:
    """Card ids the validator refuses under format-legality (alone, or as one of the rules a
    line breaks: a premium persona's line names both)."""
    return {
        card
        for problem in report["problems"]
        if problem["rule"] == "format-legality"
        or (problem["severity"] == "error" and "format-legality" in problem["message"])
        for card in problem["cards"]
    }


def left_unchecked(report: dict) -> set[str]:
    return {
        card
        for problem in report["problems"]
        if problem["rule"] == "unchecked" and problem["message"].startswith("format-legality")
        for card in problem["cards"]
    }


@pytest.mark.parametrize("fmt", ["type-two", "type-one", "first-edition"])
def test_card_verdicts_are_the_validators(client, fmt):
    listing = client.get("/api/cards", params={"format": fmt})
    assert listing.status_code == 200
    answer = listing.json()
    assert answer["format"] == fmt
    assert answer["count"] == len(answer["cards"]) == len(client.get("/api/search").json()["cards"])
    assert sum(answer["verdicts"].values()) == answer["count"]
    by_id = {card["id"]: card for card in answer["cards"]}
    assert all(card["verdict"]["reason"] for card in answer["cards"])
    # every card but the personas, one copy each, in one deck checked in the format
    ids = [card["id"] for card in answer["cards"] if card["type"] != "persona"]
    deck = f"Format: {fmt}\nEndurance:\n" + "".join(f"1 {card_id}\n" for card_id in ids)
    report = client.post("/api/validate", json={"deck": deck}).json()["decks"][0]

    def shown(status: str) -> set[str]:
        return {i for i in ids if by_id[i]["verdict"]["status"] == status}

    assert shown("not legal") == rejected_by_format_legality(report)
    assert shown("unchecked") == left_unchecked(report)
    assert shown("legal") == set(ids) - shown("not legal") - shown("unchecked")
    assert shown("not legal") and shown("legal") and shown("unchecked")


def test_card_verdicts_match_the_card_command(client, monkeypatch):
    _, printed = cli(monkeypatch, "card", "grayson-premium", "--json")
    verdict = json.loads(printed)["cards"][0]["verdicts"]["type-two"]
    row = client.get("/api/cards", params={"q": "grayson", "format": "T2"}).json()
    premium = next(card for card in row["cards"] if card["id"] == "grayson-premium")
    assert verdict["status"] == "illegal"
    assert premium["verdict"] == {"status": "not legal", "reason": verdict["reason"]}
    assert row["format"] == "type-two"


def test_card_verdicts_default_to_type_two_and_refuse_bad_parameters(client):
    answer = client.get("/api/cards", params={"q": "t:dodge"}).json()
    assert answer["format"] == "type-two"
    assert {card["type"] for card in answer["cards"]} == {"dodge"}
    dated = client.get("/api/cards", params={"q": "t:dodge", "date": "2020-01-01"}).json()
    assert dated["date"] == "2020-01-01"
    for params, message in [
        ({"format": "chess"}, "'chess' is not a format; use one of"),
        ({"format": ""}, "'' is not a format; use one of"),
        ({"date": "yesterday"}, "date"),
        ({"q": "zz:1"}, ""),
    ]:
        response = client.get("/api/cards", params=params)
        assert response.status_code == 400, params
        assert response.json()["error"]["message"].startswith(message)


def test_complete_offers_names_that_start_with_the_prefix_first(client):
    answer = client.get("/api/complete", params={"q": "upper l"}).json()
    assert answer == {
        "query": "upper l",
        "names": [
            {"name": "Upper Left Attack", "ids": ["upper-left-attack"]},
            {"name": "Upper Left Block", "ids": ["upper-left-block"]},
        ],
    }
    blocks = client.get("/api/complete", params={"q": "BLOCK", "limit": "3"}).json()["names"]
    assert len(blocks) == 3
    assert all("block" in entry["name"].lower() for entry in blocks)
    everything = client.get("/api/complete", params={"q": "a", "limit": "50"}).json()["names"]
    assert len(everything) == 50
    assert client.get("/api/complete", params={"q": "  "}).json()["names"] == []
    for limit in ("0", "51", "x", "-1", "1" * 20):
        response = client.get("/api/complete", params={"q": "a", "limit": limit})
        assert response.status_code == 400
    assert client.get("/api/complete", params={"q": "a" * 1001}).status_code == 400


@pytest.mark.parametrize("name", ["title-limit", "HL401", "hl101"])
def test_rule_text_is_what_hlcg_rules_prints(client, monkeypatch, name):
    _, printed = cli(monkeypatch, "rules", name)
    _, as_json = cli(monkeypatch, "rules", name, "--json")
    answer = client.get(f"/api/rules/{name}").json()
    assert answer == json.loads(as_json)["rule"]
    text = client.get("/api/rule", params={"name": name}).json()
    assert text["code"] == answer["code"] and text["name"] == answer["name"]
    assert printed.startswith(text["text"] + "\n")
    if answer["name"] != "format-legality":  # whose legality table follows
        assert printed == text["text"] + "\n"


def test_rules_list_and_an_unknown_rule(client, monkeypatch):
    _, printed = cli(monkeypatch, "rules", "--json")
    assert client.get("/api/rules").json() == json.loads(printed)["rules"]
    missing = client.get("/api/rules/no-such-rule")
    assert missing.status_code == 404
    assert missing.json()["error"]["message"] == "no rule 'no-such-rule'; see `hlcg rules`"
    assert client.get("/api/rule", params={"name": "HL9999"}).status_code == 404
    assert client.get("/api/rule").status_code == 404


CONVERSIONS = [
    (VALID / "duncan-katana-type-two.txt", "dek", "duncan-katana-type-two.dek"),
    (VALID / "duncan-katana-type-two.txt", "o8d", "duncan-katana-type-two.o8d"),
    (VALID / "duncan-katana-type-two.txt", "json", "duncan-katana-type-two.json"),
    (TOURNAMENT / "bob-richie.dek", "text", "bob-richie.txt"),
    (TOURNAMENT / "carol-methos.o8d", "text", "carol-methos.txt"),
    (TOURNAMENT / "carol-methos.o8d", "dek", "carol-methos.dek"),
]


@pytest.mark.parametrize(("path", "to", "saved"), CONVERSIONS, ids=lambda v: str(v)[-24:])
def test_convert_writes_what_hlcg_deck_convert_writes(client, monkeypatch, path, to, saved):
    kind = "txt" if to == "text" else to
    code, printed = cli(monkeypatch, "deck", "convert", str(path), "-", "--to", kind)
    assert code == 0
    body = {"deck": path.read_text(encoding="utf-8"), "filename": str(path), "to": to}
    answer = client.post("/api/convert", json=body).json()
    assert answer == {"filename": saved, "content": printed}
    # and the written deck gets the verdict and fingerprint of the original
    before = client.post("/api/check", json={"deck": body["deck"], "filename": str(path)}).json()
    after = client.post("/api/check", json={"deck": answer["content"], "filename": saved}).json()
    assert after["fingerprint"] == before["fingerprint"]
    assert after["errors"] == before["errors"]


def test_convert_refuses_a_deck_that_would_lose_lines(client):
    deck = "Persona: Duncan MacLeod\nEndurance:\n3 Dodge\n2 Qqqq Zzzz\n1 Charm\n"
    response = client.post("/api/convert", json={"deck": deck, "to": "dek"})
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert message.startswith("not converted: line 4: no card named 'Qqqq Zzzz' in the catalogue; ")
    assert "; line 5: 'Charm' could be 2 cards: " in message
    named = {"deck": "3 Dodge\n", "filename": "C:\\decks\\mine.txt", "to": "dek"}
    assert client.post("/api/convert", json=named).json()["filename"] == "mine.dek"
    renamed = {**named, "name": "../../etc/passwd"}
    assert client.post("/api/convert", json=renamed).json()["filename"] == "passwd.dek"
    bad = client.post("/api/convert", json={"deck": deck, "to": "pdf"})
    assert bad.status_code == 400
    assert bad.json()["error"]["message"].startswith(
        "bad request: to: expected 'text', 'txt', 'json', 'dek' or 'o8d', got 'pdf'"
    )


def test_the_reader_is_chosen_by_each_request_alone(client):
    dek = (TOURNAMENT / "bob-richie.dek").read_text(encoding="utf-8")
    text = (VALID / "duncan-katana-type-two.txt").read_text(encoding="utf-8")

    def path_and_legal(**body: str) -> tuple[str, bool]:
        report = client.post("/api/validate", json=body).json()["decks"][0]
        return report["path"], report["legal"]

    assert path_and_legal(deck=dek, filename="bob-richie.dek") == ("bob-richie.dek", True)
    # a text deck pasted after the .dek was opened: the kind says what it is now
    assert path_and_legal(deck=text, filename="bob-richie.dek", kind="text") == (
        "bob-richie.txt",
        True,
    )
    assert path_and_legal(deck=text, kind="txt") == ("deck.txt", True)
    # and nothing is kept from one request to the next
    assert path_and_legal(deck=text) == ("deck.txt", True)
    assert path_and_legal(deck=dek, kind="dek", filename="x.deck") == ("x.dek", True)
    misread = client.post("/api/validate", json={"deck": text, "kind": "json"})
    assert misread.status_code == 422
    unknown = client.post("/api/validate", json={"deck": text, "kind": "pdf"})
    assert unknown.status_code == 400


@pytest.mark.parametrize(
    "path", [ROOT / "examples/decks/invalid/ambiguous-card.txt", TOURNAMENT / "bob-richie.dek"]
)
def test_check_gives_the_counts_line_of_the_text_report(client, monkeypatch, path: Path):
    _, printed = cli(monkeypatch, "validate", str(path.relative_to(ROOT)))
    body = {"deck": path.read_text(encoding="utf-8"), "filename": str(path.relative_to(ROOT))}
    counts = client.post("/api/check", json=body).json()["counts"]
    assert printed.splitlines()[1] == f"  {counts}"
    assert "Endurance " in counts


def test_counts_line_names_unrecognised_copies_as_the_cli(client):
    deck = "Persona: Duncan MacLeod\nEndurance:\n50 Dodge\n2 Qqqq Zzzz\n"
    counts = client.post("/api/check", json={"deck": deck}).json()["counts"]
    assert "| Endurance 52/50 (50 recognised + 2 unrecognised) |" in counts


def test_check_gives_the_checked_and_not_checked_lines_of_the_text_report(client, monkeypatch):
    # issue 31: the page says what `hlcg validate` says it checked, and keeps every note
    path = ROOT / "examples/decks/valid/duncan-katana-type-two.txt"
    _, printed = cli(monkeypatch, "validate", str(path.relative_to(ROOT)))
    data = client.post("/api/check", json={"deck": path.read_text(encoding="utf-8")}).json()
    assert data["coverage"] == [
        "checked: size, basics, titles, persona cards, Master limit, pre-game, Watcher and "
        "Hunter cards, weapons",
        "not checked (facts missing): gem caps (18 cards), 3 restriction numbers, Type Two "
        "legality of 2 cards",
    ]
    assert [f"  {line}" for line in data["coverage"]] == printed.splitlines()[-4:-2]
    notes = [p for p in data["report"]["decks"][0]["problems"] if p["code"] == "HL900"]
    assert len(notes) == 3
    assert data["verdict"] == printed.splitlines()[-1] == "LEGAL in type-two (4 notes)"
