"""The deck page as a deck builder, in headless Chromium against `hlcg serve`: build by
search, suggestions and +/-, the verdict of every card, opened files, warnings, rule text,
export, share links, print, phone width, dark theme, accessibility (axe-core), recovery.

Each test works as a player would; what the page shows is compared with the CLI's answer
for the same deck or card.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from tests.web.conftest import open_page
from tests.web.test_browser import ARTIFACTS, ROOT, cli_json, paste, settled
from typer.testing import CliRunner

from hlcg.cli.app import app as cli_app

WORDS = {"legal": "legal", "illegal": "not legal", "unconfirmed": "unchecked"}
# The 15 basic cards, by the search that lists them.
BASICS = {
    "upper": [f"upper-{s}-{t}" for s in ("left", "center", "right") for t in ("attack", "block")],
    "lower": [f"lower-{s}-{t}" for s in ("left", "center", "right") for t in ("attack", "block")],
    "middle": ["middle-left-attack", "middle-right-attack", "thrust"],
}


def cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli_app, list(args))
    return result.exit_code, result.stdout


def search_for(page: Page, query: str) -> None:
    page.fill("#search", query)
    page.press("#search", "Enter")
    expect(page.locator("#results")).not_to_have_attribute("aria-busy", "true")


def add_from_search(page: Page, query: str, card_id: str) -> None:
    search_for(page, query)
    page.locator(f'#results tr[data-card="{card_id}"] button.add').click()
    expect(page.locator("#search-status")).to_contain_text("Added ")
    settled(page)


def deck_line(page: Page, card_id: str):
    return page.locator(f'#deck-list li[data-card="{card_id}"]')


def test_a_type_two_deck_built_by_search_and_clicks_becomes_legal(page: Page):
    """The done-when: search, Add and + only; the deck box is never typed in."""
    page.select_option("#format", "type-two")
    add_from_search(page, "t:persona duncan", "duncan-macleod-2e")
    add_from_search(page, "katana t:weapon-of-choice", "katana-weapon-of-choice")
    ids = []
    for query, cards in BASICS.items():
        search_for(page, query)
        for card_id in cards:  # clicked one after another: each Add waits for the last
            page.locator(f'#results tr[data-card="{card_id}"] button.add').click()
        ids += cards
    expect(page.locator("#deck-list li.deck-line")).to_have_count(17)  # the persona and Katana too
    settled(page)
    expect(page.locator("#verdict")).to_have_text(re.compile("^ILLEGAL in type-two"))
    # two more of each basic (45), then Dodge and Upper Guard: 50
    for card_id in ids:
        plus = deck_line(page, card_id).get_by_role("button", name=re.compile("^one more"))
        plus.click()
        plus.click()
        # the focus stays on the button pressed, through the list's redraw
        assert page.evaluate("() => document.activeElement.dataset.focusKey") == f"+{card_id}"
    expect(page.locator("#list-status")).not_to_be_empty()  # "3 Thrust": the latest +
    add_from_search(page, "dodge t:dodge", "dodge")
    # each action's words replace the last action's: only the latest is read out
    expect(page.locator("#list-status")).to_be_empty()
    add_from_search(page, "upper guard", "upper-guard")
    for card_id, more in (("dodge", 2), ("upper-guard", 1)):
        for _ in range(more):
            deck_line(page, card_id).get_by_role("button", name=re.compile("^one more")).click()
    settled(page)
    expect(page.locator("#list-status")).to_have_text("2 Upper Guard")
    expect(page.locator("#search-status")).not_to_contain_text("Added")
    text = page.input_value("#deck")
    path = ARTIFACTS / "built-by-clicks.txt"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    # the verdict and the notes as `hlcg validate` words them
    code, out = cli("validate", "-f", "type-two", str(path))
    assert code == 0, out
    verdict = out.strip().splitlines()[-1]
    assert verdict.startswith("LEGAL in type-two (") and "note" in verdict
    expect(page.locator("#verdict")).to_have_text(verdict)
    notes = re.search(r"(\d+) notes?\)", verdict)
    assert notes is not None
    expect(page.locator("#counts")).to_contain_text(
        f"| 0 warnings, {notes.group(1)} note{'' if notes.group(1) == '1' else 's'}"
    )
    expect(page.locator("#counts")).to_contain_text("Endurance 50/50")
    groups = page.locator("#deck-list h4").all_inner_texts()
    assert groups == [
        "Persona (1)", "Pre-Game (1)", "Endurance: attack (27)", "Endurance: block (18)",
        "Endurance: dodge (3)", "Endurance: guard (2)",
    ]  # fmt: skip
    code, out = cli("validate", "--output", "json", "-f", "type-two", str(path))
    assert code == 0, out
    assert json.loads(out)["decks"][0]["fingerprint"] == page.inner_text("#fingerprint")
    # minus: a line down to none goes from the text and the list
    minus = deck_line(page, "upper-guard").get_by_role("button", name=re.compile("^one fewer"))
    minus.click()
    minus.click()
    settled(page)
    expect(deck_line(page, "upper-guard")).to_have_count(0)
    assert "Upper Guard" not in page.input_value("#deck")
    expect(page.locator("#verdict")).to_have_text(re.compile(r"^ILLEGAL in type-two: 1 error, "))
    expect(page.locator('#problems li[data-rule="deck-size"]')).to_have_count(1)


def test_the_card_table_shows_the_validators_verdict_in_the_decks_format(page: Page):
    cards = {c["id"]: c for c in cli_json("search", "t:persona", "--json")["cards"]}
    paste(page, "Persona: Duncan MacLeod\n1 Dodge\n", "type-one")
    page.uncheck("#only-format")
    search_for(page, "t:persona")
    expect(page.locator("#verdict-heading")).to_have_text("In type-one")
    cells = page.locator("#results tbody td.col-verdict")
    expect(cells).to_have_count(len(cards))
    shown = page.locator("#results tbody tr").evaluate_all(
        "rows => rows.map(r => { const v = r.querySelector('.card-verdict');"
        " return [r.dataset.card, v.textContent, v.title]; })"
    )
    for card_id, words, reason in shown:
        verdict = cards[card_id]["verdicts"]["type-one"]
        assert (words, reason) == (WORDS[verdict["status"]], verdict["reason"]), card_id
    # Add's name: the full name, the sets and the id, one name per card
    search_for(page, "destruction")
    labels = page.locator("#results tbody button.add").evaluate_all(
        "bs => bs.map(b => b.getAttribute('aria-label'))"
    )
    assert len(labels) == len(set(labels)) == 5
    assert "add Destruction [ME] (destruction) to the deck" in labels
    assert (
        'add Destruction: "Tonight You Sleep in Hell!" (part 3) [ME]'
        " (destruction-tonight-you-sleep-in-hell-me) to the deck"
    ) in labels
    # the set label names the set; a card of no recorded type says so
    expect(page.locator('#results tr[data-card="destruction"] .sets')).to_have_attribute(
        "title", "ME: Movie Edition"
    )
    search_for(page, "angry mob")
    expect(page.locator('#results tr[data-card="angry-mob"] td').nth(1)).to_have_text(
        "type not recorded"
    )
    search_for(page, "t:persona")
    # by default only the cards the format takes: the ones validate rejects are left out
    page.check("#only-format")
    rejected = [i for i, c in cards.items() if c["verdicts"]["type-one"]["status"] == "illegal"]
    assert rejected
    expect(cells).to_have_count(len(cards) - len(rejected))
    expect(page.locator("#search-status")).to_have_text(
        f"{len(cards) - len(rejected)} card(s); {len(rejected)} not legal in type-one hidden"
    )
    for card_id in rejected:
        expect(page.locator(f'#results tr[data-card="{card_id}"]')).to_have_count(0)


def test_opening_a_dek_then_pasting_a_text_deck_checks_the_text_deck(page: Page):
    dek = ROOT / "examples" / "tournament" / "bob-richie.dek"
    page.set_input_files("#file", str(dek))
    expect(page.locator("#filename")).to_have_text("opened bob-richie.dek as a text deck")
    settled(page)
    # a card can be added to what was a .dek
    add_from_search(page, "dodge t:dodge", "dodge")
    assert "1 Dodge" in page.input_value("#deck")
    text = ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt"
    report = cli_json("validate", "--output", "json", str(text))["decks"][0]
    paste(page, text.read_text(encoding="utf-8"))
    expect(page.locator("#verdict")).to_have_text("LEGAL in type-two (4 notes)")
    expect(page.locator("#fingerprint")).to_have_text(report["fingerprint"])
    expect(page.locator("#filename")).to_be_hidden()
    page.reload()  # after a reload, still the text deck
    expect(page.locator("#fingerprint")).to_have_text(report["fingerprint"])


def test_card_names_are_suggested_in_the_deck_box(page: Page):
    page.focus("#deck")
    page.keyboard.type("Persona: Dunc")
    options = page.locator("#suggest li")
    expect(options).to_have_text(["Duncan MacLeod", "Dark Duncan"])  # personas only
    page.keyboard.press("ArrowDown")
    expect(page.locator("#deck")).to_have_attribute("aria-activedescendant", "suggest-0")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.type("3 upper le")
    expect(options).to_have_text(["Upper Left Attack", "Upper Left Block"])
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")
    expect(page.locator("#deck")).to_have_value("Persona: Duncan MacLeod\n3 Upper Left Block")
    expect(page.locator("#suggest")).to_be_hidden()
    page.keyboard.type("\n2 maste")
    expect(options.first).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#suggest")).to_be_hidden()
    settled(page)
    expect(deck_line(page, "upper-left-block").locator(".copies")).to_have_text("3")


def test_the_search_is_live_and_tolerates_typos(page: Page):
    page.fill("#search", "")
    page.focus("#search")
    page.keyboard.type("uper left atack")  # no Enter: the rows follow the typing
    row = page.locator('#results tr[data-card="upper-left-attack"]')
    expect(row).to_have_count(1)
    expect(page.locator("#search-status")).to_have_text(
        'No card holds "uper left atack"; read as Upper Left Attack. 1 card(s)'
    )
    suggestions = cli_json("card", "zzkurgn", "--json")["suggestions"]
    search_for(page, "zzkurgn")
    picks = page.locator("#did-you-mean button")
    expect(picks).to_have_text([s["name"] for s in suggestions])
    picks.first.click()
    expect(page.locator("#search")).to_have_value(suggestions[0]["name"])
    expect(page.locator(f'#results tr[data-card="{suggestions[0]["ids"][0]}"]')).to_have_count(1)


def test_add_warns_before_a_card_the_format_rejects_or_a_broken_limit(page: Page):
    deck = "Persona: Duncan MacLeod\n6 Upper Left Attack\n"
    paste(page, deck, "type-two")
    search_for(page, "shield")
    page.uncheck("#only-format")
    add = page.locator('#results tr[data-card="shield"] button.add')
    add.click()
    reason = cli_json("card", "shield", "--json")["cards"][0]["verdicts"]["type-two"]["reason"]
    warning = page.locator("#add-warning")
    expect(warning.locator("p")).to_have_text(
        f"Warning: Shield is not legal in type-two: {reason}."
    )
    # the focus is on the choice that keeps the deck: Enter does not break the limit
    assert page.evaluate("() => document.activeElement.textContent") == "Do not add"
    page.get_by_role("button", name="Do not add").click()
    expect(warning).to_be_empty()
    assert page.evaluate("() => document.activeElement.textContent") == "Add"
    assert page.input_value("#deck") == deck
    add.click()
    page.get_by_role("button", name="Add anyway").click()
    expect(page.locator("#search-status")).to_contain_text("Added Shield")
    settled(page)
    assert "1 Shield" in page.input_value("#deck")
    # + on a line already at the title limit warns too
    # + on a line already at the title limit warns too, on that line; Enter is the safe choice
    plus = deck_line(page, "upper-left-attack").get_by_role("button", name=re.compile("^one more"))
    plus.click()
    expect(deck_line(page, "upper-left-attack").locator(".line-warning p")).to_have_text(
        "Warning: At most 6 cards may be titled 'Upper Left Attack' in type-two:"
        " the deck holds 6 already."
    )
    expect(warning).to_be_empty()
    assert page.evaluate("() => document.activeElement.textContent") == "Do not add"
    page.keyboard.press("Enter")
    expect(page.locator("#deck-list .line-warning")).to_have_count(0)
    assert page.evaluate("() => document.activeElement.dataset.focusKey") == "+upper-left-attack"
    assert "6 Upper Left Attack" in page.input_value("#deck")
    # a deck line takes 999 copies at most
    paste(page, "Persona: Duncan MacLeod\n999 Dodge\n1 Katana\n", "type-two")
    deck_line(page, "dodge").get_by_role("button", name=re.compile("^one more")).click()
    expect(page.locator("#deck-list .line-warning p")).to_contain_text(
        "At most 6 cards may be titled 'Dodge'"
    )
    page.get_by_role("button", name="Add anyway").click()
    expect(page.locator("#list-status")).to_have_text(
        "Dodge: a deck line takes at most 999 copies."
    )
    assert page.input_value("#deck") == "Persona: Duncan MacLeod\n999 Dodge\n1 Katana\n"
    # a line without its copies in front is edited by writing them there
    deck_line(page, "katana-weapon-of-choice").get_by_role(
        "button", name=re.compile("^one fewer")
    ).click()
    expect(page.locator("#list-status")).to_have_text("Katana: line 3 removed")
    assert page.input_value("#deck") == "Persona: Duncan MacLeod\n999 Dodge\n"


def test_a_problem_code_opens_its_rule_and_gems_name_their_cards(page: Page):
    path = ROOT / "examples" / "decks" / "invalid" / "title-limit.txt"
    paste(page, path.read_text(encoding="utf-8"), "type-two")
    problem = page.locator('#problems li[data-rule="title-limit"]')
    # the list marks the lines the error names, and only those
    marks = page.locator("#deck-list .mark")
    expect(marks).to_have_text(["error HL103 title-limit"] * 2)
    for card_id in ("flurry-strike-middle-left", "flurry-strike-middle-right"):
        expect(page.locator(f'#deck-list li[data-card="{card_id}"] .mark')).to_have_count(1)
    expect(problem.locator(".severity")).to_have_text("error")  # in words, not only colour
    problem.locator("button.code").click()
    rule = page.locator("#rule")
    answer = cli_json("rules", "title-limit", "--json")["rule"]
    expect(rule.locator("h3")).to_have_text(f"HL103 title-limit: {answer['summary']}")
    # the hard-wrapped lines joined in paragraphs, the blank-line breaks kept
    paragraphs = [" ".join(block.split()) for block in answer["doc"].strip().split("\n\n")]
    assert len(paragraphs) > 3
    expect(rule.locator(".rule-doc p")).to_have_text(paragraphs)
    assert page.evaluate("() => document.activeElement.tagName") == "H3"
    rule.get_by_role("button", name="Close").click()
    expect(rule).to_be_hidden()
    assert page.evaluate("() => document.activeElement.classList.contains('code')")
    # the gem budget names the cards that use each attribute
    paste(page, (ROOT / "examples/decks/valid/duncan-katana-type-two.txt").read_text(), "type-two")
    expect(page.locator('#gems .gem[data-attribute="reason"] .gem-users')).to_have_text(
        "used by 2 Master of the Katana: Katana (2 each)"
    )
    expect(page.locator('#gems .gem[data-attribute="agility"] .gem-users')).to_have_text(
        "no card uses it"
    )


@pytest.mark.parametrize("kind", ["text", "json", "dek", "o8d"])
def test_download_is_read_back_by_validate_with_the_same_fingerprint(
    shared_builder: Page, kind: str, tmp_path: Path
):
    page = shared_builder
    page.select_option("#export-kind", kind)
    with page.expect_download() as waiting:
        page.click("#download")
    suffix = "txt" if kind == "text" else kind
    download = waiting.value
    assert download.suggested_filename == f"duncan-macleod-type-two.{suffix}"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    code, out = cli("validate", "--output", "json", str(saved))
    assert code == 0, out
    assert json.loads(out)["decks"][0]["fingerprint"] == page.inner_text("#fingerprint")
    expect(page.locator("#export-status")).to_have_text(
        f"Downloaded duncan-macleod-type-two.{suffix}."
    )
    # Copy puts the same file on the clipboard
    page.click("#copy")
    expect(page.locator("#export-status")).to_have_text(
        f"Copied the deck as duncan-macleod-type-two.{suffix}."
    )
    assert page.evaluate("() => navigator.clipboard.readText()") == saved.read_text()


@pytest.fixture(scope="module")
def shared_builder(browser, server):
    opened, problems = open_page(browser, server.url)
    opened.context.grant_permissions(["clipboard-read", "clipboard-write"])
    path = ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt"
    paste(opened, path.read_text(encoding="utf-8"))
    expect(opened.locator("#verdict")).to_have_text("LEGAL in type-two (4 notes)")
    yield opened
    opened.context.close()
    assert problems == []


def test_a_share_link_reopens_deck_and_verdict_in_a_fresh_browser(browser, server, page: Page):
    path = ROOT / "examples" / "decks" / "invalid" / "gem-cap.txt"
    paste(page, path.read_text(encoding="utf-8"), "type-two")
    verdict, digest = page.inner_text("#verdict"), page.inner_text("#fingerprint")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#share")
    link = page.input_value("#share-link")
    assert link.startswith(server.url + "#deck=")
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    fresh = browser.new_context().new_page()
    problems: list[str] = []
    fresh.on("pageerror", lambda exc: problems.append(str(exc)))
    sent: list[str] = []
    fresh.on("request", lambda request: sent.append(request.url + (request.post_data or "")))
    fresh.goto(link)
    expect(fresh.locator("#verdict")).to_have_text(verdict)
    expect(fresh.locator("#fingerprint")).to_have_text(digest)
    assert fresh.input_value("#deck") == path.read_text(encoding="utf-8")
    expect(fresh.locator("#format")).to_have_value("type-two")
    fragment = link.split("#", 1)[1]
    assert sent and not any(fragment in url for url in sent)  # the fragment stays in the browser
    assert "#" not in fresh.url  # cleared: a reload keeps later edits
    fresh.context.close()
    assert problems == []


def test_print_is_one_page_for_a_sixty_card_deck(page: Page):
    # sixty different cards, one line each: the longest list a 60-card deck can have
    cards = cli_json("search", "", "--json")["cards"]
    names = [f"{c['title']}: {c['subtitle']}" if c["subtitle"] else c["title"] for c in cards]
    kinds = {n: c["type"] for n, c in zip(names, cards, strict=True)}
    names = [n for n in sorted(set(names)) if names.count(n) == 1 and kinds[n] != "persona"]
    names = [n for n in names if n != "Katana: Weapon of Choice"][:58]
    deck = "Persona: Duncan MacLeod\nPre-Game:\nKatana\nEndurance:\n" + "".join(
        f"1 {name}\n" for name in names
    )
    paste(page, deck, "type-two")
    expect(page.locator("#print-sheet li")).to_have_count(60)  # persona, Katana, 58 more
    pdf = page.pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1
    page.emulate_media(media="print")
    expect(page.locator("#print-sheet")).to_be_visible()
    expect(page.locator("#deck-panel")).to_be_hidden()
    sheet = page.locator("#print-sheet")
    expect(sheet.locator(".print-verdict")).to_have_text(page.inner_text("#verdict"))
    expect(sheet).to_contain_text("type-two")
    expect(sheet.locator(".print-fingerprint")).to_contain_text(page.inner_text("#fingerprint"))
    headings = sheet.locator("h3").all_inner_texts()
    assert headings[0] == "Persona (1)" and headings[1].startswith("Pre-Game (")
    page.emulate_media(media="screen")


def test_at_375_px_targets_are_whole_and_the_verdict_stays_in_sight(browser, server):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    phone = context.new_page()
    phone.goto(server.url)
    path = ROOT / "examples" / "decks" / "invalid" / "title-limit.txt"
    phone.fill("#deck", path.read_text(encoding="utf-8"))
    expect(phone.locator("#verdict")).to_contain_text("ILLEGAL")
    expect(phone.locator("#deck-list li.deck-line").first).to_be_visible()
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 375
    # every control but a link inside a sentence (WCAG 2.5.8 exempts those) is 24 px or more
    small = phone.evaluate(
        "() => [...document.querySelectorAll('a, button, select, input, label.file-button')]"
        ".filter(b => b.offsetParent && !b.classList.contains('link') && b.id !== 'file')"
        ".map(b => [b.textContent || b.id, b.getBoundingClientRect()])"
        ".filter(([, r]) => r.height < 24 || r.width < 24).map(([t]) => t)"
    )
    assert small == []
    # no label broken inside a word: every button's text is on its line whole
    broken = phone.evaluate(
        "() => [...document.querySelectorAll('button:not(.link)')]"
        ".filter(b => b.offsetParent && b.scrollWidth > b.clientWidth).map(b => b.textContent)"
    )
    assert broken == []
    # the card table arrives by its own request: wait for it on a busy machine
    expect(phone.locator("#results td").first).to_be_attached()
    assert (
        phone.evaluate("() => getComputedStyle(document.querySelector('#results td')).overflowWrap")
        == "normal"
    )
    # the skip link, on screen when focused, is whole too
    phone.focus(".skip")
    skip = phone.locator(".skip").bounding_box()
    assert skip is not None and skip["height"] >= 24
    # a line's -/+ stay on its row beside a problem's badge: the badge sits under the name
    line = phone.locator("#deck-list li.deck-line").filter(has=phone.locator(".mark")).first
    name, mark = (
        line.locator(".line-main .link").bounding_box(),
        line.locator(".mark").bounding_box(),
    )
    minus, plus = (line.locator("button.count").nth(i).bounding_box() for i in (0, 1))
    assert name and mark and minus and plus
    assert minus["y"] == plus["y"] and plus["y"] < name["y"] + name["height"]
    assert mark["y"] >= name["y"] + name["height"] - 1 and plus["x"] > mark["x"]
    # typing far down the page: the verdict is still on the screen
    phone.focus("#deck")
    phone.evaluate("() => window.scrollTo(0, 900)")
    box = phone.locator("#verdict").bounding_box()
    assert box is not None and 0 <= box["y"] < 740
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "deck-page-phone.png"))
    # and at the card table, after an Add: the compact bar at the foot of the screen
    add = phone.locator("#results tbody button.add").first
    add.scroll_into_view_if_needed()
    add.click()
    expect(phone.locator("#search-status")).to_contain_text("Added ")
    for part in ("#verdict", "#counts"):
        box = phone.locator(part).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, part
    # it covers nothing: the page's end scrolls clear above it
    phone.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    bar = phone.locator("#verdict-bar").bounding_box()
    footer = phone.locator("footer").bounding_box()
    assert bar and footer and footer["y"] + footer["height"] <= bar["y"] + 1
    context.close()


def axe_serious(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_axe_finds_no_serious_violation_in_light_or_dark(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    opened = context.new_page()
    opened.goto(server.url)
    path = ROOT / "examples" / "decks" / "invalid" / "persona-specific.txt"
    paste(opened, path.read_text(encoding="utf-8"), "type-two")
    opened.evaluate("() => { location.hash = 'card=duncan-macleod-2e'; }")
    expect(opened.locator("#card h3")).to_have_text("Duncan MacLeod")
    opened.locator("#problems button.code").first.click()
    expect(opened.locator("#rule")).to_be_visible()
    for scheme, background in (("light", "rgb(251, 250, 247)"), ("dark", "rgb(22, 22, 22)")):
        opened.emulate_media(color_scheme=scheme)  # follows prefers-color-scheme
        assert opened.evaluate("() => getComputedStyle(document.body).backgroundColor") == (
            background
        )
        assert axe_serious(opened) == [], scheme
    opened.screenshot(path=str(ARTIFACTS / "deck-page-dark.png"), full_page=True)
    context.close()


def test_without_javascript_the_page_says_what_to_do(browser, server):
    context = browser.new_context(java_script_enabled=False)
    opened = context.new_page()
    opened.goto(server.url)
    expect(opened.locator("#noscript")).to_contain_text("This page needs JavaScript")
    expect(opened.locator("#noscript")).to_contain_text("hlcg validate mydeck.txt")
    context.close()


def test_the_page_recovers_when_the_server_comes_back(browser, server):
    page, problems = open_page(browser, server.url)
    paste(page, "Persona: Duncan MacLeod\n2 Dodge\n", "type-two")
    counts = page.locator("#counts")
    expect(counts).to_contain_text("Endurance 2/50")
    page.route("**/api/check", lambda route: route.abort())
    page.route("**/api/search?*", lambda route: route.abort())
    page.fill("#search", "katana")
    expect(page.locator("#search-status")).to_have_text(
        "cannot reach the server (is hlcg serve still running?)"
    )
    page.fill("#deck", "Persona: Duncan MacLeod\n3 Dodge\n")
    verdict = page.locator("#verdict")
    expect(verdict).to_have_text(
        "Could not check: cannot reach the server (is hlcg serve still running?);"
        " trying again every 2 s."
    )
    # the figures of the last answer stay, marked as such, while the server is away
    expect(counts).to_contain_text("Endurance 2/50")
    expect(counts).to_contain_text("(last check)")
    expect(counts).to_have_class("stale")
    page.unroute("**/api/check")
    page.unroute("**/api/search?*")
    expect(verdict).to_have_text("ILLEGAL in type-two: 2 errors, 3 notes")
    expect(counts).to_contain_text("Endurance 3/50")
    expect(counts).not_to_contain_text("(last check)")
    expect(page.locator('#results tr[data-card="katana-weapon-of-choice"]')).to_have_count(1)
    assert page.input_value("#deck") == "Persona: Duncan MacLeod\n3 Dodge\n"
    page.context.close()
    # the refused requests are the only console errors
    assert problems and all("net::ERR_FAILED" in p for p in problems), problems


def test_the_counts_line_reads_as_the_clis(page: Page, tmp_path: Path):
    path = ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt"
    deck = path.read_text(encoding="utf-8") + "3 Qqqq Zzzz\n2 Upper Left Atack\n"
    saved = tmp_path / "typos.txt"
    saved.write_text(deck, encoding="utf-8")
    code, out = cli("validate", str(saved))
    assert code == 1
    header = re.search(r"\| (Endurance .*? \| pre-game [^|\n]*)", out)
    assert header is not None
    assert "(54 recognised + 5 unrecognised)" in header.group(1)
    paste(page, deck)
    expect(page.locator("#counts")).to_contain_text(f"| {header.group(1).strip()} |")


def test_the_page_says_what_was_checked_as_the_cli_does(page: Page):
    # issue 31: the checked / not-checked lines under the verdict, every note still listed
    path = ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt"
    code, out = cli("validate", str(path))
    assert code == 0
    lines = out.splitlines()
    paste(page, path.read_text(encoding="utf-8"))
    expect(page.locator("#verdict")).to_have_text(lines[-1])
    expect(page.locator("#coverage")).to_have_text("\n".join(s.strip() for s in lines[-4:-2]))
    expect(page.locator("#problems li[data-rule='unchecked']")).to_have_count(3)
