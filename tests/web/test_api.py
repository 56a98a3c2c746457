"""The JSON API of `hlcg serve`, through Starlette's test client, against the CLI's output."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from hlcg.catalog import load, shipped_path
from hlcg.cli.app import app as cli_app
from hlcg.web.app import MAX_BODY_BYTES, create_app
from hlcg.web.schema import API_SCHEMAS
from hlcg.web.service import Service

ROOT = Path(__file__).resolve().parent.parent.parent
DECKS = sorted((ROOT / "examples" / "decks").glob("*/*.txt")) + sorted(
    (ROOT / "examples" / "tournament").glob("*.*")
)
SCHEMAS = ROOT / "schemas"
LOCAL = "http://127.0.0.1:8000"  # the Host a browser on this machine sends
JSON_BODY = {"Content-Type": "application/json"}  # a body posted as bytes says what it is


def schema(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


def cli(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str]:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli_app, list(args))
    return result.exit_code, result.stdout


def post_deck(client: TestClient, path: Path, **extra: str):
    relative = str(path.relative_to(ROOT))
    body = {"deck": path.read_text(encoding="utf-8"), "filename": relative, **extra}
    return client.post("/api/validate", json=body)


@pytest.mark.parametrize("path", DECKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_validate_returns_what_the_cli_prints(path: Path, client, monkeypatch):
    code, printed = cli(monkeypatch, "validate", "--output", "json", str(path.relative_to(ROOT)))
    response = post_deck(client, path)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.text == printed
    report = response.json()
    jsonschema.validate(report, schema("report.schema.json"))
    assert report["decks"][0]["legal"] == (code == 0)


def test_validate_with_a_format_matches_cli_format_option(client, monkeypatch):
    path = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"
    _, printed = cli(monkeypatch, "validate", "-o", "json", "-f", "type-one", str(path))
    response = client.post(
        "/api/validate",
        json={
            "deck": path.read_text(encoding="utf-8"),
            "filename": str(path),
            "format": "type-one",
        },
    )
    assert response.text == printed
    assert response.json()["decks"][0]["format"] == "type-one"


def test_validate_with_a_date_matches_cli_date_option(client, monkeypatch):
    path = ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt"
    _, printed = cli(monkeypatch, "validate", "-o", "json", "--date", "2025-08-24", str(path))
    body = {"deck": path.read_text(encoding="utf-8"), "filename": str(path), "date": "2025-08-24"}
    response = client.post("/api/validate", json=body)
    assert response.text == printed
    assert response.json()["decks"][0]["date"] == "2025-08-24"


def test_format_takes_how_players_write_it(client):
    deck = (ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt").read_text()
    response = client.post("/api/validate", json={"deck": deck, "format": "Type 2"})
    assert response.json()["decks"][0]["format"] == "type-two"


def test_persona_specific_example_names_the_rule_and_line(client):
    path = ROOT / "examples" / "decks" / "invalid" / "persona-specific.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    duck_line = lines.index("1 Duck: Connor MacLeod") + 1
    response = post_deck(client, path)  # the deck's own first-edition
    deck = response.json()["decks"][0]
    assert deck["legal"] is False
    errors = [p for p in deck["problems"] if p["severity"] == "error"]
    assert [(p["rule"], p["line"]) for p in errors] == [("persona-specific", duck_line)]


def test_a_deck_without_filename_is_read_by_its_look(client):
    text_deck = (ROOT / "examples" / "decks" / "valid" / "methos-first-edition.txt").read_text()
    dek = (ROOT / "examples" / "tournament" / "bob-richie.dek").read_text()
    o8d = (ROOT / "examples" / "tournament" / "carol-methos.o8d").read_text()
    paths = [
        client.post("/api/validate", json={"deck": d}).json()["decks"][0]["path"]
        for d in (text_deck, dek, o8d, '{"persona": "Methos"}')
    ]
    assert paths == ["deck.txt", "deck.dek", "deck.o8d", "deck.json"]
    same = client.post("/api/validate", json={"deck": dek, "filename": "deck.dek"})
    assert client.post("/api/validate", json={"deck": dek}).text == same.text


def test_a_client_path_is_a_label_never_opened(client):
    response = client.post(
        "/api/validate", json={"deck": "Persona: Duncan MacLeod\n", "filename": "/etc/passwd"}
    )
    assert response.status_code == 200
    deck = response.json()["decks"][0]
    assert deck["path"] == "/etc/passwd"
    assert "root:" not in response.text
    assert deck["endurance"] == 0


def test_oversized_body_gets_413_and_the_server_keeps_serving(client):
    big = {"deck": "x" * (MAX_BODY_BYTES + 10)}
    response = client.post("/api/validate", json=big)
    assert response.status_code == 413
    assert response.json() == {
        "error": {"status": 413, "message": "request body over the 1048576 byte limit"}
    }
    jsonschema.validate(response.json(), schema("api-error.schema.json"))

    def chunks():  # no Content-Length: the limit is kept while reading
        for _ in range(MAX_BODY_BYTES // 65536 + 2):
            yield b"a" * 65536

    streamed = client.post("/api/validate", content=chunks(), headers=JSON_BODY)
    assert streamed.status_code == 413
    assert client.get("/api/formats").status_code == 200


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"{not json", "malformed JSON: a key is not in double quotes at character 2"),
        (b"\xff\xfe", "malformed JSON"),
        (
            b'{"deck": "Se\xf1or"}',
            "malformed JSON: not UTF-8 text (byte 0xf1 at offset 12); send the body as UTF-8",
        ),
        (b"[]", "bad request: body: expected a JSON object, got []"),
        (b"{}", "bad request: deck: required, and missing"),
        (b'{"deck": 5}', "bad request: deck: expected text"),
        (
            b'{"deck": "", "n": ' + b"9" * 5000 + b"}",
            "malformed JSON: a number has more digits than can be read",
        ),
        (b'{"deck": "", "colour": "red"}', "bad request: colour: not a known field"),
        (b'{"deck": "", "format": "type-three"}', "'type-three' is not a format; use one of"),
        (
            b'{"deck": "", "filename": "' + b"a" * 300 + b'"}',
            "bad request: filename: expected at most 255 characters",
        ),
        (b'{"deck": "", "date": "14/03/2026"}', "date '14/03/2026': give a date as YYYY-MM-DD"),
    ],
)
def test_bad_requests_get_400_with_a_message(client, body, message):
    response = client.post("/api/validate", content=body, headers=JSON_BODY)
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith(message)
    jsonschema.validate(response.json(), schema("api-error.schema.json"))


def test_binary_deck_gets_422(client):
    response = client.post("/api/validate", json={"deck": "3 Dodge\x00\x00"})
    assert response.status_code == 422
    assert response.json()["error"]["message"] == (
        "deck.txt: binary data (NUL bytes or an image/archive header); not a deck"
    )


def test_unknown_api_path_is_json_and_unknown_page_is_a_page(client):
    api = client.get("/api/nothing")
    assert api.status_code == 404
    assert api.json() == {"error": {"status": 404, "message": "nothing here: /api/nothing"}}
    page = client.get("/no/<script>alert(1)</script>")
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "<script>alert" not in page.text
    assert "&lt;script&gt;" in page.text
    wrong_method = client.get("/api/validate")
    assert wrong_method.status_code == 405
    assert wrong_method.json()["error"]["status"] == 405


def test_a_crash_is_a_500_without_traceback_and_the_server_keeps_serving(monkeypatch):
    def crash(self, request):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(Service, "check", crash)
    with TestClient(
        create_app(load(shipped_path())), base_url=LOCAL, raise_server_exceptions=False
    ) as client:
        response = client.post("/api/check", json={"deck": "3 Dodge"})
        assert response.status_code == 500
        assert response.json() == {
            "error": {"status": 500, "message": "internal error; the request was not completed"}
        }
        assert "secret" not in response.text and "Traceback" not in response.text
        assert client.post("/api/validate", json={"deck": "3 Dodge"}).status_code == 200


def test_the_page_and_its_files_are_served_with_a_strict_policy(client):
    page = client.get("/")
    assert page.status_code == 200
    for element in ('id="deck"', 'id="format"', 'id="verdict"', 'id="problems"', 'id="search"'):
        assert element in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/../app.py").status_code == 404


def test_card_search_persona_formats_answer_as_the_cli(client, monkeypatch):
    for url, command in [
        ("/api/card?q=uper left atack", ["card", "uper left atack", "--json"]),
        ("/api/card?q=katana", ["card", "katana", "--json"]),
        ("/api/search?q=t:edge p:kurgan", ["search", "t:edge p:kurgan", "--json"]),
        ("/api/search?q=g:reason>=1", ["search", "g:reason>=1", "--json"]),
        ("/api/persona?q=Duncan MacLeod", ["persona", "Duncan MacLeod", "--json"]),
        ("/api/formats", ["formats", "--json"]),
    ]:
        _, printed = cli(monkeypatch, *command)
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.json() == json.loads(printed), url


def test_lookups_that_find_nothing_and_bad_queries(client):
    missing = client.get("/api/card?q=zzzzqqqq").json()
    assert missing["cards"] == [] and missing["suggestions"] == []
    assert client.get("/api/persona?q=Nobody At All Really").json()["versions"] == []
    bad = client.get("/api/search?q=g:bogus>=1")
    assert bad.status_code == 400
    assert bad.json()["error"]["message"].startswith(
        "g:bogus>=1: gem filter 'bogus>=1' not understood"
    )
    assert client.get("/api/card?q=").status_code == 400
    assert client.get("/api/search?q=" + "a" * 1001).status_code == 400


def test_check_adds_stats_and_the_fingerprint_of_hlcg_deck(client, monkeypatch):
    path = ROOT / "examples" / "tournament" / "bob-richie.dek"
    relative = str(path.relative_to(ROOT))
    _, stats = cli(monkeypatch, "deck", "stats", relative, "--json")
    _, hashed = cli(monkeypatch, "deck", "hash", relative, "--json")
    response = client.post(
        "/api/check", json={"deck": path.read_text(encoding="utf-8"), "filename": relative}
    )
    data = response.json()
    assert data["stats"] == json.loads(stats)
    assert data["fingerprint"] == json.loads(hashed)["decks"][0]["fingerprint"]
    assert data["report"] == post_deck(client, path).json()
    problems = data["report"]["decks"][0]["problems"]
    assert data["errors"] == sum(1 for p in problems if p["severity"] == "error") == 0
    assert data["warnings"] == sum(1 for p in problems if p["severity"] == "warning")


def test_check_computes_the_fingerprint_once(client, monkeypatch):
    """Each module that took the deck fingerprint function by name gets a counting one."""
    import sys

    from hlcg.check import fingerprint

    calls = []

    def counted(*args, **kwargs):
        calls.append(args[0].path)
        return fingerprint(*args, **kwargs)

    holders = [
        m for m in list(sys.modules.values()) if getattr(m, "fingerprint", None) is fingerprint
    ]
    assert holders
    for module in holders:
        monkeypatch.setattr(module, "fingerprint", counted)
    deck = (ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt").read_text()
    response = client.post("/api/check", json={"deck": deck, "filename": "deck.txt"})
    assert response.status_code == 200
    assert calls == ["deck.txt"]
    assert response.json()["fingerprint"] == response.json()["report"]["decks"][0]["fingerprint"]


def test_fix_returns_the_cli_fix(client, tmp_path, monkeypatch):
    source = ROOT / "examples" / "decks" / "invalid" / "persona-specific.txt"
    copy = tmp_path / "deck.txt"
    copy.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    CliRunner().invoke(cli_app, ["validate", "--fix", "deck.txt"])
    fixed = (tmp_path / "deck.fixed.txt").read_text(encoding="utf-8")
    response = client.post("/api/fix", json={"deck": copy.read_text(), "filename": "deck.txt"})
    data = response.json()
    assert data["deck"] == fixed
    assert data["changed"] is True
    assert data["applied"] == ["removed 1 Duck: Connor MacLeod", "added 1 Duck: Duncan MacLeod"]
    again = client.post("/api/validate", json={"deck": data["deck"]}).json()
    assert again["decks"][0]["legal"] is True


def test_fix_of_a_json_deck_returns_the_cli_fix_as_a_text_deck(client, tmp_path, monkeypatch):
    source = ROOT / "examples" / "decks" / "invalid" / "persona-specific.txt"
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    converted = runner.invoke(cli_app, ["deck", "convert", str(source), "deck.json"])
    assert converted.exit_code == 0, converted.stderr
    runner.invoke(cli_app, ["validate", "--fix", "deck.json"])
    fixed = (tmp_path / "deck.json.fixed.txt").read_text(encoding="utf-8")
    deck = (tmp_path / "deck.json").read_text(encoding="utf-8")
    response = client.post("/api/fix", json={"deck": deck, "filename": "deck.json"})
    assert response.status_code == 200
    data = response.json()
    assert data["deck"] == fixed
    assert data["filename"] == "deck.txt"
    assert data["changed"] is True
    assert data["applied"] == ["removed 1 Duck: Connor MacLeod", "added 1 Duck: Duncan MacLeod"]


def test_fix_of_a_dek_keeps_a_misspelt_card_and_says_so(client):
    """Issue 32: "Apply suggested fixes" on an opened .dek never drops a misspelt card."""
    source = ROOT / "examples" / "programs" / "richie-lackey.dek"
    deck = source.read_text(encoding="utf-8").replace(">Thrust<", ">Thurst<")
    extra = '\t\t<card><name id="UppLefAtt_S">Upper Left Attack</name><set>SE</set></card>\n'
    deck = deck.replace(extra, extra * 5, 1)  # 7 Upper Left Attack: one over the limit
    data = client.post("/api/fix", json={"deck": deck, "filename": "richie.dek"}).json()
    assert data["changed"] is True and data["applied"] == ["removed 1 Upper Left Attack"]
    assert "3 Thurst\n" in data["deck"]
    assert data["kept"] == [
        "kept 3 Thurst (line 23) as written: no card is named so; fix it by hand"
    ]
    again = client.post("/api/validate", json={"deck": data["deck"]}).json()["decks"][0]
    assert again["legal"] is False and again["unrecognised"] == 3


def test_add_raises_a_count_or_adds_a_line_in_its_section(client):
    deck = "Persona: Duncan MacLeod\n\nPre-Game:\nKatana\n\nEndurance:\n2 Dodge\n3 Thrust\n"
    dodge = client.get("/api/card?q=Dodge").json()["cards"][0]["id"]
    raised = client.post("/api/add", json={"deck": deck, "card": dodge}).json()
    assert raised["deck"].splitlines()[6] == "3 Dodge"
    assert raised["line"] == 7
    block = client.get("/api/card?q=Upper Left Block").json()["cards"][0]["id"]
    added = client.post("/api/add", json={"deck": deck, "card": block}).json()
    assert added["deck"].splitlines()[8] == "1 Upper Left Block"
    assert added["line"] == 9
    no_sections = client.post("/api/add", json={"deck": "2 Dodge\n", "card": block}).json()
    assert no_sections["deck"] == "2 Dodge\n1 Upper Left Block\n"


def test_add_refuses_unknown_cards_and_non_text_decks(client):
    unknown = client.post("/api/add", json={"deck": "", "card": "no-such-card"})
    assert unknown.status_code == 404
    dek = (ROOT / "examples" / "tournament" / "bob-richie.dek").read_text()
    refused = client.post(
        "/api/add", json={"deck": dek, "filename": "bob.dek", "card": "upper-left-attack"}
    )
    assert refused.status_code == 400
    assert "text decks only" in refused.json()["error"]["message"]


@pytest.mark.parametrize("name", sorted(API_SCHEMAS))
def test_api_schemas_are_not_stale(name):
    from hlcg.schemas import generate, render

    committed = (SCHEMAS / name).read_text(encoding="utf-8")
    assert committed == render(generate()[name]), "run `python -m hlcg.schemas schemas`"


def test_markup_in_a_deck_stays_data(client):
    response = client.post("/api/check", json={"deck": "<script>alert(1)</script>\n"})
    # a deck starting with "<" is read as XML, whose root is no <deck>: not a deck (422),
    # the markup named as data in a JSON message
    assert response.status_code == 422
    assert response.json()["error"]["message"] == (
        "deck.o8d: not a deck: the XML's root element is <script>, not <deck>; export the "
        "deck from LackeyCCG or OCTGN"
    )
    text_line = client.post("/api/check", json={"deck": "3 <script>alert(1)</script>\n"})
    messages = [p["message"] for p in text_line.json()["report"]["decks"][0]["problems"]]
    assert any("<script>alert(1)</script>" in m for m in messages)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b'{"deck": "\\ud800"}', "bad request: deck: lone surrogate '\\ud800' is not text"),
        (
            b'{"deck": "", "filename": "a\\udfff.txt"}',
            "bad request: filename: expected text (valid Unicode)",
        ),
        (b"[" * 100_000, "malformed JSON: nested too deeply"),
    ],
)
def test_text_json_cannot_hold_is_400_not_a_crash(client, body, message, caplog):
    response = client.post("/api/validate", content=body, headers=JSON_BODY)
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith(message)
    assert "Traceback" not in caplog.text
    assert client.get("/api/formats").status_code == 200


def test_empty_format_is_refused_as_the_cli_refuses_it(client, monkeypatch):
    deck = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"
    result = CliRunner().invoke(cli_app, ["validate", "--format", "", str(deck)])
    assert result.exit_code == 2
    response = client.post("/api/validate", json={"deck": deck.read_text(), "format": ""})
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert message == "'' is not a format; use one of first-edition, type-one, type-two"
    assert message in " ".join(result.output.replace("│", " ").split())


def test_every_bad_option_is_named_in_one_400_as_the_cli_names_each(client):
    deck = (ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt").read_text()
    body = {"deck": deck, "format": "zzz", "date": "2020-13-01"}
    for path in ("/api/validate", "/api/check", "/api/fix"):
        response = client.post(path, json=body)
        assert response.status_code == 400
        said = response.json()["error"]["message"].split("; use one of ")
        assert said[0] == "'zzz' is not a format"
        assert said[1] == (
            "first-edition, type-one, type-two; date '2020-13-01': 2020-13-01 is not a day "
            "of the calendar"
        )
    cards = client.get("/api/cards?format=zzz&date=2020-13-01")
    assert cards.status_code == 400
    assert cards.json()["error"]["message"].startswith("'zzz' is not a format; use one of ")
    assert "; date '2020-13-01': " in cards.json()["error"]["message"]


def test_add_refuses_a_line_past_the_copies_a_deck_line_takes(client):
    from hlcg.deck.lines import MAX_COPIES

    deck = f"{MAX_COPIES} Dodge\n"
    response = client.post("/api/add", json={"deck": deck, "card": "dodge"})
    assert response.status_code == 400
    assert response.json()["error"]["message"] == (
        f"line 1: {MAX_COPIES} Dodge is already the most a deck line takes (999 copies)"
    )
    below = client.post("/api/add", json={"deck": f"{MAX_COPIES - 1} Dodge\n", "card": "dodge"})
    assert below.json()["deck"] == f"{MAX_COPIES} Dodge\n"


def test_empty_search_lists_every_card_as_the_cli_does(client, monkeypatch):
    code, printed = cli(monkeypatch, "search", "", "--json")
    assert code == 0
    response = client.get("/api/search?q=")
    assert response.status_code == 200
    assert response.json() == json.loads(printed)
    assert response.json()["count"] == len(load(shipped_path()).cards)


@pytest.mark.parametrize(
    ("card", "fmt", "line"),
    [
        # type-two prefers the 2nd Edition Connor: the Series Edition one needs its set code.
        ("connor-macleod-se", "type-two", "Persona: Connor MacLeod [SE]"),
        ("connor-macleod-2e", "type-two", "Persona: Connor MacLeod"),
        ("connor-macleod-2e", "first-edition", "Persona: Connor MacLeod [2E-VS02]"),
        ("connor-macleod-se", "first-edition", "Persona: Connor MacLeod"),
    ],
)
def test_add_persona_writes_a_name_a_player_would_write(client, card, fmt, line):
    response = client.post(
        "/api/add", json={"deck": "Persona: Duncan MacLeod\n1 Dodge\n", "card": card, "format": fmt}
    )
    assert response.status_code == 200
    deck = response.json()["deck"]
    assert deck.splitlines()[0] == line
    # The checker reads the written line back as the version that was added.
    from hlcg.check import resolve_deck
    from hlcg.deck.text import parse_text

    resolved = resolve_deck(parse_text(deck, "deck.txt"), load(shipped_path()), fmt)
    assert resolved.persona is not None and resolved.persona.id == card


@pytest.mark.parametrize(
    ("headers", "status", "message"),
    [
        ({"host": "evil.example:8000"}, 403, "host 'evil.example:8000' is not this server's"),
        ({"host": "localhost:8000"}, 200, None),
        ({"host": "[::1]:8000"}, 200, None),
        ({"origin": "http://evil.example"}, 403, "cross-origin request from 'http://evil.example'"),
        ({"origin": "null"}, 403, "cross-origin request from 'null' refused"),
        ({"origin": "http://127.0.0.1:8000"}, 200, None),
    ],
)
def test_foreign_hosts_and_cross_origin_posts_are_refused(client, headers, status, message):
    response = client.post("/api/validate", json={"deck": "1 Dodge\n"}, headers=headers)
    assert response.status_code == status
    if message:
        assert response.json()["error"]["message"].startswith(message)
        jsonschema.validate(response.json(), schema("api-error.schema.json"))
    # A GET from another page's origin is refused too (tests/web/test_guards.py).
    assert client.get("/api/formats", headers={"origin": "http://evil.example"}).status_code == 403


def test_foreign_host_gets_a_page_in_the_browser(client):
    response = client.get("/", headers={"host": "rebound.example"})
    assert response.status_code == 403
    assert "text/html" in response.headers["content-type"]


def test_wildcard_bound_server_checks_origin_only():
    with TestClient(
        create_app(load(shipped_path()), "0.0.0.0"), base_url="http://192.0.2.7"
    ) as lan:
        assert lan.get("/api/formats").status_code == 200
        refused = lan.post("/api/check", json={"deck": ""}, headers={"origin": "http://x.example"})
        assert refused.status_code == 403


def test_a_served_catalogue_without_the_format_answers_400_naming_it(tmp_path: Path):
    db = tmp_path / "bare.sqlite"
    assert CliRunner().invoke(cli_app, ["db", "init", str(db), "--empty"]).exit_code == 0
    with TestClient(create_app(load(db)), base_url=LOCAL, raise_server_exceptions=False) as client:
        for endpoint in ("/api/check", "/api/validate", "/api/fix"):
            response = client.post(endpoint, json={"deck": "3 Dodge", "format": "type-two"})
            assert response.status_code == 400, endpoint
            message = response.json()["error"]["message"]
            assert "this catalogue records no format type-two" in message, endpoint
