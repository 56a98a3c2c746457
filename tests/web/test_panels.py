"""The deck page's diff and odds panels, finding cards, and axe-core with every panel and
the suggestions open, in headless Chromium against `hlcg serve` (issue 35, points 5, 7, 8).

What the panels show is compared with what `hlcg deck diff --output json` and `hlcg deck
odds --output json` print for the same example decks. Browser time is dear (docs/testing.md):
one page carries many checks, and the example decks are pasted one after another on it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from tests.web.conftest import open_page
from tests.web.test_browser import ARTIFACTS, ROOT, cli_json, paste, settled

from hlcg.wording import plural

DECKS = ROOT / "examples" / "decks"
TOURNAMENT = ROOT / "examples" / "tournament"


@pytest.fixture(scope="module")
def panels(browser, server) -> Iterator[tuple[Page, list[str]]]:
    """One page with the compare and odds panels open, for the decks pasted one by one,
    and its console's errors (none, at the end)."""
    opened, problems = open_page(browser, server.url)
    opened.click("#compare-panel summary")
    opened.click("#odds-panel summary")
    yield opened, problems
    opened.context.close()
    assert problems == []


@pytest.fixture()
def panels_page(panels: tuple[Page, list[str]]) -> Page:
    return panels[0]


# -- the diff panel against `hlcg deck diff` ---------------------------------------------------


def shown_diff(page: Page) -> dict[str, Any]:
    return page.evaluate(
        """() => {
        const result = document.getElementById('compare-result');
        return {
          changes: [...result.querySelectorAll('tbody tr')].map((r) => ({
            section: r.dataset.section, card: r.dataset.card, change: r.dataset.change,
            before: Number(r.dataset.before), after: Number(r.dataset.after),
            name: r.cells[2].textContent })),
          other: [...result.querySelectorAll('.diff-other li')].map((li) => li.textContent),
          summary: result.querySelector('.diff-summary').textContent,
        }; }"""
    )


def side_line(sign: str, name: str, side: dict[str, Any]) -> str:
    return f"{sign}: {name}: {side['verdict']}, {side['format']}, {side['fingerprint']}"


# (the deck in the box, the other deck, how the other deck is given, the format picked)
DIFF_CASES = [
    (DECKS / "valid/duncan-katana-type-two.txt", DECKS / "invalid/title-limit.txt", "file", ""),
    (DECKS / "valid/duncan-first-edition.txt", TOURNAMENT / "bob-richie.dek", "file", ""),
    (
        DECKS / "valid/duncan-first-edition.txt",
        DECKS / "valid/duncan-recorded-first-edition.txt",
        "paste",
        "type-two",
    ),
    (DECKS / "invalid/gem-cap.txt", DECKS / "invalid/gem-cap.txt", "paste", ""),
    (DECKS / "valid/duncan-first-edition.txt", DECKS / "invalid/title-limit.txt", "saved", ""),
]


@pytest.mark.parametrize(
    ("mine", "other", "given", "fmt"),
    DIFF_CASES,
    ids=lambda v: v.stem if isinstance(v, Path) else v or "own-format",
)
def test_the_diff_panel_says_what_deck_diff_says(
    panels_page: Page, mine: Path, other: Path, given: str, fmt: str
):
    page = panels_page
    page.select_option("#format", fmt)
    # the other deck first, then this deck: the comparison follows the deck as it changes
    if given == "file":
        page.set_input_files("#compare-file", str(other))
        expect(page.locator("#compare-from")).to_have_text(f"opened {other.name}")
        other_name = other.name
    elif given == "saved":
        # the other deck saved in this browser under a name, then a new deck for this one
        paste(page, other.read_text(encoding="utf-8"), fmt)
        page.fill("#deck-name", "the old list")
        page.press("#deck-name", "Enter")
        page.click("#deck-new")
        paste(page, mine.read_text(encoding="utf-8"), fmt)
        page.select_option("#compare-saved", label="the old list")
        expect(page.locator("#compare-from")).to_have_text("saved deck the old list")
        other_name = "the other deck"
    else:
        page.fill("#compare-text", other.read_text(encoding="utf-8"))
        other_name = "the other deck"
    paste(page, mine.read_text(encoding="utf-8"), fmt)
    args = ["deck", "diff", "--output", "json", str(mine), str(other)]
    answer = cli_json(*args, *(["--format", fmt] if fmt else []))
    sides = page.locator("#compare-result .diff-side")
    expect(sides).to_have_text(
        [side_line("a", "this deck", answer["a"]), side_line("b", other_name, answer["b"])]
    )
    shown = shown_diff(page)
    assert shown["changes"] == answer["changes"]
    named = [
        note.replace(f"only {mine}:", "only this deck:").replace(
            f"only {other}:", f"only {other_name}:"
        )
        for note in answer["other"]
    ]
    assert shown["other"] == named
    counted = [c for c in answer["changes"] if c["section"] != "sideboard"]
    summary = "same deck" if answer["same"] else f"differ: {plural(len(counted), 'card')}"
    assert shown["summary"] == summary
    expect(page.locator("#compare-status")).to_have_text(f"Compared: {summary}.")


# -- the odds panel against `hlcg deck odds` ---------------------------------------------------


def chance(value: dict[str, Any]) -> str:
    """A chance as `hlcg deck odds` prints it: 48.22% (230/477)."""
    exact = Fraction(value["numerator"], value["denominator"])
    return f"{value['percent']:.2f}% ({exact})"


def odds_rows(answer: dict[str, Any]) -> list[str]:
    """Each kind's row as its cells' text run together (a row's textContent)."""
    return [
        f"{kind['kind']}{kind['copies']}"
        + "".join(chance(kind["draws"][d]) for d in answer["draws"])
        for kind in answer["kinds"]
    ]


def gem_lines(gems: dict[str, Any]) -> list[str]:
    lines = [f"at least {e['gems']}: {chance(e['chance'])}" for e in gems["at_least"][1:]]
    lines += [f"{c['check']} ({c['gems']} gems): {chance(c['chance'])}" for c in gems["checks"]]
    return lines or ["no gem checks: they are Type Two's, seed 002; first-edition rules have none"]


ODDS_CASES = [
    (DECKS / "valid/duncan-katana-type-two.txt", ""),
    (DECKS / "valid/methos-first-edition.txt", ""),
    (DECKS / "valid/kurgan-forum-markdown-first-edition.txt", ""),
    (DECKS / "invalid/unknown-card.txt", ""),
    (DECKS / "valid/richie-ryan-type-one.txt", "agility, upper-left, attacks:lower-right, t:dodge"),
    (DECKS / "valid/grayson-business-as-usual-type-two.txt", "empathy, Thrust"),
]


@pytest.mark.parametrize(("path", "kinds"), ODDS_CASES, ids=lambda v: getattr(v, "stem", v))
def test_the_odds_panel_says_what_deck_odds_says(panels_page: Page, path: Path, kinds: str):
    page = panels_page
    page.fill("#odds-kinds", kinds)
    paste(page, path.read_text(encoding="utf-8"))
    wanted = [kind.strip() for kind in kinds.split(",") if kind.strip()]
    answer = cli_json(
        "deck", "odds", "--output", "json", str(path), *(a for k in wanted for a in ("-k", k))
    )
    result = page.locator("#odds-result")
    # the panel follows the deck: the rows of this deck's odds, not the last one's
    expect(result.locator(".odds-kinds tbody tr")).to_have_text(odds_rows(answer))
    expect(result.locator(".odds-kinds caption")).to_have_text(
        f"{plural(answer['endurance'], 'Endurance card')} ({answer['format']})"
    )
    areas = answer["coverage"]["areas"]
    cells = result.locator(".odds-grid td[data-area]")
    expect(cells).to_have_count(9)
    shown = cells.evaluate_all("tds => tds.map(td => [td.dataset.area, td.textContent])")
    expected = []
    for area, cell in areas.items():
        maybe = f" (+{cell['not_recorded']}?)" if cell["not_recorded"] else ""
        expected.append([area, f"{cell['attacks']} / {cell['defenses']}{maybe}"])
    assert sorted(shown) == sorted(expected)
    gems = [kind["gems"] for kind in answer["kinds"] if "gems" in kind]
    assert page.locator("#odds-result .odds-gems").count() == len(gems)
    for entry in gems:
        box = result.locator(f'.odds-gems[data-attribute="{entry["attribute"]}"]')
        expect(box.locator("li")).to_have_text(gem_lines(entry))


def test_an_unknown_kind_is_said_and_the_panel_recovers(panels: tuple[Page, list[str]]):
    page, problems = panels
    paste(page, (DECKS / "valid/duncan-katana-type-two.txt").read_text(encoding="utf-8"))
    page.fill("#odds-kinds", "zzqx")
    expect(page.locator("#odds-status")).to_have_text(
        "No odds: kinds 'zzqx': no card, type, area, gem or search matches"
    )
    # the API's 400 is the browser's console error for the request, and the only one
    assert problems == [
        "console error: Failed to load resource: the server responded with a status of 400"
        " (Bad Request)"
    ]
    problems.clear()
    expect(page.locator("#odds-result")).to_be_empty()
    page.fill("#odds-kinds", "")
    expect(page.locator("#odds-result .odds-kinds tbody tr")).to_have_count(4)


# -- finding cards -----------------------------------------------------------------------------


def fold(text: str) -> str:
    """The page's fold (complete.js): accents, case and punctuation away."""
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def card_name(card: dict[str, Any]) -> str:
    return f"{card['title']}: {card['subtitle']}" if card["subtitle"] else card["title"]


def gem_total(card: dict[str, Any]) -> int:
    return sum(card[f"gem_{a}"] or 0 for a in ATTRIBUTES)


ATTRIBUTES = ("master", "agility", "strength", "toughness", "empathy", "reason")
SORT_KEYS = {
    "name": lambda c: (),
    "type": lambda c: (c["type"] is None, c["type"] or ""),
    "gems": lambda c: (-gem_total(c),),
    "set": lambda c: (not c["sets"], c["sets"][0] if c["sets"] else ""),
}


def shown_ids(page: Page) -> list[str]:
    return page.locator("#results tbody tr").evaluate_all("rows => rows.map(r => r.dataset.card)")


def search(page: Page, query: str) -> None:
    page.fill("#search", query)
    page.press("#search", "Enter")
    expect(page.locator("#results")).not_to_have_attribute("aria-busy", "true")


def test_the_card_list_ranks_sorts_and_pages(panels_page: Page):
    page = panels_page
    page.uncheck("#only-format")
    # an exact title first, in the search's own order
    listed = [c["id"] for c in cli_json("search", "head shot", "--json")["cards"]]
    assert listed[0] == "head-shot" and len(listed) > 1
    search(page, "head shot")
    assert shown_ids(page) == listed
    # sorted by name, type, gems or set: unknown values last, ties by name, then id
    personas = cli_json("search", "t:persona", "--json")["cards"]
    search(page, "t:persona")
    for by, key in SORT_KEYS.items():
        page.select_option("#sort", by)
        ordered = sorted(personas, key=lambda c: (*key(c), fold(card_name(c)), c["id"]))
        assert shown_ids(page) == [c["id"] for c in ordered], by
    page.select_option("#sort", "")
    # every card, 200 rows a page
    everything = [c["id"] for c in cli_json("search", "", "--json")["cards"]]
    assert len(everything) > 400
    search(page, "")
    status = page.locator("#search-status")
    expect(status).to_have_text(
        f"{len(everything)} card(s); cards 1 to 200 of {len(everything)} shown"
    )
    assert shown_ids(page) == everything[:200]
    assert page.locator("#page-back").is_disabled()
    page.click("#page-on")
    assert shown_ids(page) == everything[200:400]
    page.click("#page-on")
    assert shown_ids(page) == everything[400:]
    expect(page.locator("#page-where")).to_have_text(
        f"cards 401 to {len(everything)} of {len(everything)}"
    )
    assert page.locator("#page-on").is_disabled()
    page.click("#page-back")
    assert shown_ids(page) == everything[200:400]
    search(page, "t:persona")  # a new search starts at its first page, with no pager
    expect(page.locator("#pages")).to_be_hidden()
    page.check("#only-format")


def test_typos_and_look_alike_letters_are_read_as_hlcg_card_reads_them(panels_page: Page):
    page = panels_page
    paste(page, "")
    # the search names the Cyrillic letter, and finds the card `hlcg card` finds
    (dodge,) = cli_json("card", "Дodge", "--json")["cards"]
    search(page, "Дodge")
    expect(page.locator("#search-status")).to_have_text(
        '"Дodge" holds a letter of another alphabet: Д (U+0414, a Cyrillic letter, looks like'
        ' D); no card title does. No card holds "Дodge"; read as Dodge. 1 card(s)'
    )
    assert shown_ids(page) == [dodge["id"]]
    # the deck box: a typo suggests what `hlcg card` reads it as
    page.focus("#deck")
    page.keyboard.type("Persona: Duncan MacLeod\n3 uper left atak")
    typo = cli_json("card", "uper left atak", "--json")
    # the cards read, else the did-you-mean names
    names = [card_name(c) for c in typo["cards"]] or [s["name"] for s in typo["suggestions"]]
    expect(page.locator("#suggest li")).to_have_text(list(dict.fromkeys(names))[:8])
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    # and a look-alike letter is named under the box, its card suggested
    page.keyboard.type("\n1 Дodge")
    expect(page.locator("#suggest li")).to_have_text(["Dodge"])
    expect(page.locator("#suggest-note")).to_contain_text("Д (U+0414, a Cyrillic letter")
    page.keyboard.press("Escape")
    expect(page.locator("#suggest-note")).to_be_empty()
    settled(page)
    assert page.input_value("#deck") == f"Persona: Duncan MacLeod\n3 {names[0]}\n1 Дodge"
    # the unknown-card problem names it too
    problem = page.locator('#problems li[data-rule="unknown-card"]')
    expect(problem.locator(".lookalike")).to_have_text(
        '"Дodge" holds a letter of another alphabet: Д (U+0414, a Cyrillic letter, looks like'
        " D); no card title does."
    )


# -- accessibility: every panel open, light, dark and 375 px ----------------------------------


def axe_violations(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
    ]


def open_panels(page: Page, persona: bool, long_words: bool = False) -> None:
    """A deck with problems, the compare and odds panels with their answers, the rule's
    text and the card panel (or a persona's) open."""
    mine = (DECKS / "invalid/title-limit.txt").read_text(encoding="utf-8")
    # ``long_words``: a forum post's link and a long misspelt name, problems (and diff rows)
    # quoting words with no space to break at, once 180 px too wide for a phone
    mine += long_words * (
        "Full list: https://www.highlandercardgame.example/forum/viewtopic.php?f=12&t=4567"
        "&p=891011#p891011_kurgan_first_edition_deck\n"
        f"3 {'Z' * 180}\n"
    )
    paste(page, mine, "type-two")
    page.click("#compare-panel summary")
    page.fill("#compare-text", (DECKS / "valid/duncan-katana-type-two.txt").read_text())
    page.click("#odds-panel summary")
    page.fill("#odds-kinds", "agility, upper-left")
    expect(page.locator("#compare-result .diff-summary")).to_have_text(re.compile(r"^differ: "))
    expect(page.locator("#odds-result .odds-gems")).to_have_count(1)
    page.locator("#problems button.code").first.click()
    expect(page.locator("#rule")).to_be_visible()
    if persona:  # Duncan's own cards, long names, once 223 px too wide for a phone
        page.evaluate("() => { location.hash = 'persona=Duncan MacLeod'; }")
        expect(page.locator("#persona h3").first).to_be_visible()
    else:
        page.evaluate("() => { location.hash = 'card=duncan-macleod-2e'; }")
        expect(page.locator("#card h3")).to_have_text("Duncan MacLeod")


def open_suggestions(page: Page) -> None:
    page.focus("#deck")
    page.keyboard.press("Control+End")
    page.keyboard.type("\n3 upper le")
    expect(page.locator("#suggest li").first).to_be_visible()
    quiet(page)


def quiet(page: Page) -> None:
    """The check, the comparison and the odds all answered for the deck as it is now."""
    settled(page)
    for box in ("#compare-result", "#odds-result"):
        expect(page.locator(box)).not_to_have_attribute("aria-busy", "true")


def test_axe_finds_nothing_with_every_panel_open_in_light_and_dark(browser, server):
    page, problems = open_page(browser, server.url)
    # from the top of the page, the second Tab is the way to the search
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.textContent") == (
        "Skip to the card search (or press /)"
    )
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "search"
    # and / from anywhere that is not a text field
    page.click("#deck-heading")
    page.keyboard.press("/")
    assert page.evaluate("() => document.activeElement.id") == "search"
    assert page.locator("form[role=search]").count() == 1  # the landmark
    open_panels(page, persona=False)
    # docs/web.md shows the two panels: a fresh picture each run
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    compare, odds = (page.locator(p).bounding_box() for p in ("#compare-panel", "#odds-panel"))
    assert compare and odds
    scrolled = page.evaluate("() => window.scrollY")  # the boxes are the viewport's
    top, bottom = scrolled + compare["y"] - 8, scrolled + odds["y"] + odds["height"] + 8
    clip = {"x": compare["x"] - 8, "y": top, "width": compare["width"] + 16, "height": bottom - top}
    page.screenshot(path=str(ARTIFACTS / "deck-panels.png"), clip=clip, full_page=True)
    open_suggestions(page)
    assert axe_violations(page) == []
    page.emulate_media(color_scheme="dark")
    page.evaluate("() => { location.hash = 'persona=Duncan MacLeod'; }")
    expect(page.locator("#persona h3").first).to_be_visible()
    page.focus("#deck")
    page.keyboard.type("\n2 maste")
    expect(page.locator("#suggest li").first).to_be_visible()
    quiet(page)
    assert axe_violations(page) == []
    page.context.close()
    assert problems == []


def test_at_375_px_nothing_is_wider_than_the_screen_and_axe_finds_nothing(browser, server):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    phone = context.new_page()
    phone.goto(server.url)
    expect(phone.locator("#verdict")).not_to_have_text("Checking...")
    open_panels(phone, persona=True, long_words=True)
    open_suggestions(phone)
    wide = phone.evaluate(
        "() => [...document.querySelectorAll('body *')]"
        ".filter(e => e.getBoundingClientRect().right > 375)"
        ".filter(e => !e.closest('.skip, .skip-to-search'))"
        ".map(e => e.tagName + '#' + e.id + '.' + e.className)"
    )
    assert wide == []
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 375
    assert axe_violations(phone) == []
    context.close()
