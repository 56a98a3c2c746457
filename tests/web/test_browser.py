"""The deck page in a real headless Chromium against `hlcg serve` running on 127.0.0.1.

Each test works as a player would: paste or drop a deck, pick a format, search, click.
What the page shows is compared with what the library says about the same deck.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.web.conftest import open_page
from typer.testing import CliRunner

from hlcg.cli.app import app as cli_app
from hlcg.wording import plural

ROOT = Path(__file__).resolve().parent.parent.parent
# Saved by the tests (build/ is not committed); docs/web.md shows a copy.
ARTIFACTS = ROOT / "build" / "test-artifacts"
EXAMPLES = sorted((ROOT / "examples" / "decks").glob("*/*.txt"))
EMPTY_PROMPT = "Paste or type a deck (or drop a deck file) to check it."


def cli_json(*args: str) -> dict:
    result = CliRunner().invoke(cli_app, list(args))
    return json.loads(result.stdout)


SEVERITIES = ("error", "warning", "note")


def verdict_text(deck: dict) -> str:
    """The verdict line of `hlcg validate`'s text report, from its JSON report."""
    count = {s: sum(1 for p in deck["problems"] if p["severity"] == s) for s in SEVERITIES}
    words = [plural(count[s], s) for s in ("warning", "note") if count[s]]
    if deck["legal"]:
        return f"LEGAL in {deck['format']}" + (f" ({', '.join(words)})" if words else "")
    shown = ", ".join(words or ["0 warnings"])
    return f"ILLEGAL in {deck['format']}: {plural(count['error'], 'error')}, {shown}"


@pytest.fixture(scope="module")
def shared_page(browser, server) -> Iterator[Page]:
    """One page for the example decks, pasted one after another as a player would."""
    opened, problems = open_page(browser, server.url)
    yield opened
    opened.context.close()
    assert problems == []


def paste(page: Page, text: str, fmt: str = "") -> None:
    """Pick the format, paste the deck, and wait until the page shows this deck's check."""
    page.select_option("#format", fmt)
    page.fill("#deck", text)
    settled(page)


def settled(page: Page) -> None:
    expect(page.locator("#verdict")).not_to_have_attribute("aria-busy", "true")


def shown_problems(page: Page) -> list[tuple[str, str]]:
    """(rule, line) of each problem the page lists, in order."""
    items = page.locator("#problems li[data-rule]")
    out = []
    for i in range(items.count()):
        item = items.nth(i)
        jump = item.locator("button.line-link")
        line = jump.get_attribute("data-line") if jump.count() else ""
        out.append((item.get_attribute("data-rule") or "", line or ""))
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_pasted_example_deck_shows_the_cli_verdict_and_problems(shared_page: Page, path: Path):
    page = shared_page
    report = cli_json("validate", "--output", "json", str(path))["decks"][0]
    paste(page, path.read_text(encoding="utf-8"))
    expect(page.locator("#verdict")).to_have_text(verdict_text(report))
    expected = [
        (p["rule"], "" if p["line"] is None else str(p["line"])) for p in report["problems"]
    ]
    expect(page.locator("#problems li[data-rule]")).to_have_count(len(expected))
    assert shown_problems(page) == expected


def test_persona_specific_in_type_two_shows_the_problem_and_jumps_to_its_line(page: Page):
    path = ROOT / "examples" / "decks" / "invalid" / "persona-specific.txt"
    text = path.read_text(encoding="utf-8")
    duck_line = text.splitlines().index("1 Duck: Connor MacLeod") + 1
    paste(page, text, "type-two")
    # Connor's Duck has no recorded Type Two printing: a data-gap note, not a second error.
    expect(page.locator("#verdict")).to_have_text("ILLEGAL in type-two: 1 error, 3 notes")
    expect(page.locator('#problems li[data-rule="format-legality"]')).to_have_count(0)
    problem = page.locator('#problems li[data-rule="persona-specific"]')
    expect(problem).to_contain_text("Duck: Connor MacLeod")
    expect(problem.locator("button.line-link")).to_have_text(f"line {duck_line}")
    problem.locator("button.line-link").click()
    selected = page.evaluate(
        "() => { const d = document.getElementById('deck');"
        " return d.value.substring(d.selectionStart, d.selectionEnd); }"
    )
    assert selected == "1 Duck: Connor MacLeod"
    assert page.evaluate("() => document.activeElement.id") == "deck"
    # the gem budget, counts and fingerprint are shown
    expect(page.locator("#gems .gem")).to_have_count(6)
    expect(page.locator('#gems .gem[data-attribute="agility"]')).to_contain_text("0 / 15")
    expect(page.locator("#counts")).to_have_text(
        "Persona Duncan MacLeod | Endurance 53/50 | pre-game 1/6 | Master cards 0/6"
        " | 0 warnings, 3 notes"
    )
    expect(page.locator("#fingerprint")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "deck-page.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000


def test_search_add_a_card_and_the_verdict_changes(page: Page):
    path = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"
    paste(page, path.read_text(encoding="utf-8"))
    expect(page.locator("#verdict")).to_have_text("LEGAL in first-edition (4 notes)")
    page.fill("#search", "")
    page.focus("#search")
    page.keyboard.type("duck p:connor")
    page.keyboard.press("Enter")  # the search works from the keyboard
    row = page.locator('#results tr[data-card="duck-connor-macleod"]')
    expect(row).to_have_count(1)
    expect(page.locator("#search-status")).to_have_text("1 card(s)")
    row.locator("button.add").click()
    expect(page.locator("#verdict")).to_have_text("ILLEGAL in first-edition: 1 error, 4 notes")
    expect(page.locator('#problems li[data-rule="persona-specific"]')).to_have_count(1)
    assert "1 Duck: Connor MacLeod" in page.input_value("#deck")
    # the suggested fix makes it legal again
    page.click("#fix")
    expect(page.locator("#verdict")).to_have_text("LEGAL in first-edition (4 notes)")
    expect(page.locator("#fix-result")).to_contain_text("removed 1 Duck: Connor MacLeod")
    # the fix button is disabled now: the focus is on what was done, not lost
    assert page.evaluate("() => document.activeElement.id") == "fix-result"


def test_dropping_a_dek_file_shows_it_as_text_checked_as_the_cli_does(page: Page):
    path = ROOT / "examples" / "tournament" / "bob-richie.dek"
    report = cli_json("validate", "--output", "json", str(path))["decks"][0]
    digest = cli_json("deck", "hash", str(path), "--json")["decks"][0]["fingerprint"]
    transfer = page.evaluate_handle(
        "([text, name]) => { const t = new DataTransfer();"
        " t.items.add(new File([text], name, {type: 'application/xml'})); return t; }",
        [path.read_text(encoding="utf-8"), path.name],
    )
    page.dispatch_event("#deck", "drop", {"dataTransfer": transfer})
    expect(page.locator("#filename")).to_have_text("opened bob-richie.dek as a text deck")
    expect(page.locator("#verdict")).to_have_text(verdict_text(report))
    expect(page.locator("#fingerprint")).to_have_text(digest)
    # shown as the text deck `hlcg deck convert --to text` writes; written back as a .dek
    converted = CliRunner().invoke(cli_app, ["deck", "convert", str(path), "-"]).stdout
    assert page.input_value("#deck") == converted
    expect(page.locator("#export-kind")).to_have_value("dek")


def test_a_reload_keeps_the_deck_and_format(page: Page):
    path = ROOT / "examples" / "decks" / "invalid" / "gem-cap.txt"
    report = cli_json("validate", "-o", "json", "-f", "type-two", str(path))["decks"][0]
    verdict = verdict_text(report)
    paste(page, path.read_text(encoding="utf-8"), "type-two")
    expect(page.locator("#verdict")).to_have_text(verdict)
    page.reload()
    assert page.input_value("#deck") == path.read_text(encoding="utf-8")
    # the choices come from /api/formats after the page loads: wait for the saved one
    expect(page.locator("#format")).to_have_value("type-two")
    expect(page.locator("#verdict")).to_have_text(verdict)


def test_the_format_choices_are_the_apis_formats(page: Page):
    """The select is built from GET /api/formats: the deck's own line naming the default
    format, then each format a deck can be checked in, in the API's order."""
    formats = page.evaluate("() => fetch('/api/formats').then(r => r.json())")
    assert formats == cli_json("formats", "--json")
    (default,) = [f["name"] for f in formats if f["default"]]
    checked = [f["name"] for f in formats if f["checked"]]
    assert default == "type-two" and checked == ["first-edition", "type-one", "type-two"]
    options = page.locator("#format option")
    expect(options).to_have_count(1 + len(checked))
    assert options.evaluate_all("nodes => nodes.map(n => n.value)") == ["", *checked]
    assert options.evaluate_all("nodes => nodes.map(n => n.textContent)") == [
        f"the deck's Format: line (else {default})",
        *checked,
    ]
    assert page.input_value("#format") == ""


def test_the_format_choices_follow_the_api_not_the_page(page: Page):
    """Another answer from /api/formats (type-one the default, mle checked) gives other
    choices: the page holds no list of its own."""
    formats = page.evaluate("() => fetch('/api/formats').then(r => r.json())")
    changed = [
        {**f, "default": f["name"] == "type-one", "checked": f["checked"] or f["name"] == "mle"}
        for f in formats
    ]
    page.route("**/api/formats", lambda route: route.fulfill(json=changed))
    page.reload()
    options = page.locator("#format option")
    expect(options).to_have_count(5)
    assert options.evaluate_all("nodes => nodes.map(n => n.textContent)") == [
        "the deck's Format: line (else type-one)",
        "first-edition",
        "mle",
        "type-one",
        "type-two",
    ]


def test_markup_in_a_deck_renders_as_text(page: Page):
    paste(page, "3 <img src=x onerror=window.pwned=1>\n2 <script>window.pwned=2</script>\n")
    expect(page.locator("#problems")).to_contain_text("<img src=x onerror=window.pwned=1>")
    expect(page.locator("#problems")).to_contain_text("<script>window.pwned=2</script>")
    assert page.evaluate("() => window.pwned") is None
    assert page.locator("#problems img, #problems script").count() == 0


def test_card_panel_shows_the_facts_that_matter_each_with_its_source(page: Page, server):
    expect(page.locator("#results tbody tr").first).to_be_visible()  # personas at start
    page.fill("#search", "t:persona duncan")
    page.click("#search-form button[type=submit]")
    row = page.locator('#results tr[data-card="duncan-macleod-2e"]')
    row.locator("button.link").click()
    card = page.locator("#card")
    expect(card).to_be_visible()
    expect(card.locator("h3")).to_have_text("Duncan MacLeod")
    card_data = cli_json("card", "duncan-macleod-2e", "--json")["cards"][0]
    # the verdict validate reaches in each checked format, with its reason
    verdicts = card.locator(".card-verdicts li")
    expect(verdicts).to_have_count(len(card_data["verdicts"]))
    words = {"legal": "legal", "illegal": "not legal", "unconfirmed": "unchecked"}
    for fmt, verdict in card_data["verdicts"].items():
        item = card.locator(f'.card-verdicts li[data-format="{fmt}"]')
        said = f"{fmt}: {words[verdict['status']]} ({verdict['reason']})"
        # a recorded ban comes with its fact's note: the card page marks the card 2E only
        notes = [f["note"] for f in card_data["legality"] if f["format"] == fmt]
        if verdict["status"] == "illegal":
            assert notes and "[2E Only]" in notes[0]
            said += f" Recorded: {notes[0]}"
        expect(item).to_have_text(said)
    labels = card.locator("dt").all_inner_texts()
    assert labels == ["type", "gems", "Master limit", "text", "printings"]
    # a persona's Master limit is its Master gem when no limit of its own is recorded, as
    # the Persona panel and the master-limit rule read it; a card that is no persona has none
    expect(card.locator("dt:text-is('Master limit') + dd")).to_contain_text(
        "6 (its Master gem) (source: "
    )
    expect(card.locator("dt:text-is('gems') + dd")).to_contain_text(
        "master 6, agility 5, strength 5, toughness 5, empathy 5, reason 5 (source: "
    )
    # each fact with its own source; the unknowns in one line; the card's id and source
    sources = {f["source"] for f in card_data["facts"] if f["field"] == "type"}
    expect(card.locator("dt:text-is('type') + dd .fact-source a")).to_have_text(list(sources))
    expect(card.locator(".unknowns")).to_have_text("Not recorded: restriction, hand icons, unique.")
    expect(card.locator(".card-source")).to_have_text(
        f"id duncan-macleod-2e; card source: {card_data['source']}"
    )
    assert page.url.endswith("#card=duncan-macleod-2e")
    card.get_by_role("button", name="Persona page").click()
    persona = page.locator("#persona")
    expect(persona).to_be_visible()
    expect(persona).to_contain_text("Master limit")
    # the persona's own cards by name, each opening its card
    own = persona.locator('button[data-card="masters-block-duncan-macleod"]')
    expect(own.first).to_have_text("Master's Block: Duncan MacLeod")
    own.first.click()
    expect(card.locator("h3")).to_have_text("Master's Block: Duncan MacLeod")


def test_persona_panel_keeps_did_you_mean(page: Page):
    page.evaluate("() => { location.hash = 'persona=Dunkan'; }")
    persona = page.locator("#persona")
    expect(persona).to_contain_text("No persona named Dunkan.")
    candidates = cli_json("persona", "Dunkan", "--json")["candidates"]
    picks = persona.locator(".did-you-mean button")
    expect(picks).to_have_text([c["name"] for c in candidates])
    picks.filter(has_text="Duncan MacLeod").click()
    expect(persona.locator("h3").first).to_contain_text("Duncan MacLeod")


def test_an_unknown_page_is_a_page(browser, server):
    context = browser.new_context()
    page = context.new_page()
    response = page.goto(server.url + "no-such-page")
    assert response is not None and response.status == 404
    expect(page.locator("#error")).to_have_text("nothing here: /no-such-page")
    page.get_by_role("link", name="Back to the deck checker").click()
    expect(page.locator("#verdict")).to_have_text(EMPTY_PROMPT)
    context.close()


def test_readable_at_phone_width(browser, server):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    phone = context.new_page()
    phone.goto(server.url)
    phone.fill("#deck", (ROOT / "examples" / "decks" / "invalid" / "title-limit.txt").read_text())
    expect(phone.locator("#verdict")).to_contain_text("ILLEGAL")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 375
    context.close()


def test_search_results_fit_a_phone_and_add_is_whole(browser, server):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    phone = context.new_page()
    phone.goto(server.url)
    phone.fill("#search", "t:persona")
    phone.click("#search-form button[type=submit]")
    # the rows of the page's opening search are replaced by this one's: wait for them
    expect(phone.locator("#results")).not_to_have_attribute("aria-busy", "true")
    rows = phone.locator("#results tbody tr")
    expect(rows.first).to_be_visible()
    wrap = phone.locator(".table-wrap").bounding_box()
    assert wrap is not None and wrap["x"] + wrap["width"] <= 375
    # the table is no wider than its box: nothing to scroll sideways, no cut-off column
    assert phone.evaluate(
        "() => { const w = document.querySelector('.table-wrap');"
        " return w.scrollWidth <= w.clientWidth; }"
    )
    for i in range(min(rows.count(), 10)):
        add = rows.nth(i).locator("button.add")
        expect(add).to_have_text("Add")
        box = add.bounding_box()
        assert box is not None
        assert box["x"] >= wrap["x"] and box["x"] + box["width"] <= wrap["x"] + wrap["width"]
        assert add.evaluate("b => b.scrollWidth <= b.clientWidth")
    context.close()


def test_empty_deck_shows_a_prompt_not_errors(page: Page):
    verdict = page.locator("#verdict")
    expect(verdict).to_have_text(EMPTY_PROMPT)
    assert "illegal" not in (verdict.get_attribute("class") or "")
    expect(page.locator("#problems li")).to_have_count(0)
    assert page.locator("#fix").is_disabled()
    paste(page, "Persona: Duncan MacLeod\n1 Dodge\n", "type-two")
    expect(verdict).to_contain_text("ILLEGAL in type-two")
    paste(page, "  \n")
    expect(verdict).to_have_text(EMPTY_PROMPT)
    expect(page.locator("#problems li")).to_have_count(0)
    expect(page.locator("#fingerprint")).to_have_text("")


def test_addresses_without_a_card_hide_the_panels(page: Page, server):
    card, persona = page.locator("#card"), page.locator("#persona")
    page.evaluate("() => { location.hash = 'card=duncan-macleod-2e'; }")
    expect(card.locator("h3")).to_have_text("Duncan MacLeod")
    page.evaluate("() => { location.hash = 'card='; }")
    expect(card).to_be_hidden()
    page.evaluate("() => { location.hash = 'persona=Duncan MacLeod'; }")
    expect(persona).to_contain_text("Master limit")
    page.evaluate("() => { location.hash = 'persona='; }")
    expect(persona).to_be_hidden()
    page.evaluate("() => { location.hash = 'card=katana'; }")
    expect(card).to_be_visible()
    page.go_back()
    page.go_back()
    page.go_back()
    page.go_back()
    page.go_back()  # back to the page's own address, with no hash
    assert "#" not in page.url
    expect(card).to_be_hidden()
    expect(persona).to_be_hidden()
    # A malformed escape is a message, not a script error (the fixture checks the console).
    page.evaluate("() => { location.hash = 'card=%E0%A4%A'; }")
    expect(card).to_have_text("The address names no card or persona: #card=%E0%A4%A")
    expect(persona).to_be_hidden()


def test_malformed_address_on_arrival_is_not_a_script_error(browser, server):
    opened, problems = open_page(browser, server.url + "#card=%E0%A4%A")
    expect(opened.locator("#card")).to_contain_text("names no card or persona")
    opened.context.close()
    assert problems == []


def test_persona_versions_show_their_sets_and_add_writes_a_deck_line(page: Page):
    paste(page, "1 Dodge\n", "type-two")
    page.fill("#search", "t:persona connor")
    page.click("#search-form button[type=submit]")
    series = page.locator('#results tr[data-card="connor-macleod-se"]')
    second = page.locator('#results tr[data-card="connor-macleod-2e"]')
    expect(series.locator(".sets")).to_have_text(" [SE]")
    expect(second.locator(".sets")).to_have_text(" [2E-VS02]")
    series.locator("button.add").click()
    expect(page.locator("#search-status")).to_contain_text("Added Connor MacLeod")
    assert page.input_value("#deck").splitlines()[0] == "Persona: Connor MacLeod [SE]"
    second.locator("button.add").click()
    expect(page.locator("#deck")).to_have_value("Persona: Connor MacLeod\n1 Dodge\n")
