"""The deck page keeps a deck whole, in headless Chromium against `hlcg serve` (issue 35):
downloads that carry the format picked, named after the deck; several decks saved in the
browser, a share link opened beside them, a second tab that asks instead of writing over;
undo and redo; +/- on every line the reader reads, in the line's own notation; the list as
the reader saw the deck.

Browser work is costly, so each test walks one page (or two tabs) through several checks
in a row, as a player would, and compares what the page shows with `hlcg validate`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect
from tests.web.conftest import open_page
from tests.web.test_browser import ROOT, cli_json, paste, settled, verdict_text
from tests.web.test_builder import add_from_search, deck_line

FORUM = ROOT / "examples" / "decks" / "valid" / "kurgan-forum-markdown-first-edition.txt"
SUFFIXES = {"text": "txt", "json": "json", "dek": "dek", "o8d": "o8d"}


def undo(page: Page) -> None:
    page.keyboard.press("Control+z")
    settled(page)


def saved_decks(page: Page) -> dict[str, str]:
    """The decks saved in the browser: {name or label: text}."""
    return page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage)
             .filter((k) => k.startsWith('hlcg.saved.'))
             .map((k) => JSON.parse(localStorage.getItem(k)))
             .map((r) => [r.name || r.label, r.deck]))"""
    )


def saved_soon(page: Page, name: str, text: str) -> None:
    """Wait until a deck of that name or label holds ``text``: a deck is written, and named
    after its persona and format, when its check comes back, which a busy machine delays."""
    page.wait_for_function(
        """([name, text]) => Object.keys(localStorage)
             .filter((k) => k.startsWith('hlcg.saved.'))
             .map((k) => JSON.parse(localStorage.getItem(k)))
             .some((r) => (r.name || r.label) === name && r.deck === text)""",
        arg=[name, text],
    )


def test_a_first_edition_deck_built_by_clicks_downloads_as_the_page_judged_it(
    page: Page, tmp_path: Path
):
    """Built by Add and + in first-edition (no Format: line in the box); every kind of
    download is judged by `hlcg validate` as the page judged it; undo takes back each of
    Add, + and Apply suggested fixes."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.select_option("#format", "first-edition")
    add_from_search(page, "t:persona kurgan", "the-kurgan-me")
    add_from_search(page, "thrust", "thrust")
    before_plus = page.input_value("#deck")
    deck_line(page, "thrust").get_by_role("button", name="one more Thrust").click()
    settled(page)
    assert "2 Thrust" in page.input_value("#deck")
    assert "Format:" not in page.input_value("#deck")  # the format is the page's pick
    verdict, digest = page.inner_text("#verdict"), page.inner_text("#fingerprint")
    assert verdict.startswith("ILLEGAL in first-edition: ")
    for kind, suffix in SUFFIXES.items():
        page.select_option("#export-kind", kind)
        with page.expect_download() as waiting:
            page.click("#download")
        name = waiting.value.suggested_filename
        assert name == f"the-kurgan-first-edition.{suffix}"
        saved = tmp_path / name
        waiting.value.save_as(saved)
        report = cli_json("validate", "--output", "json", str(saved))["decks"][0]
        assert (report["format"], report["fingerprint"]) == ("first-edition", digest)
        assert verdict_text(report) == verdict
    page.click("#copy")  # the .o8d, as downloaded
    expect(page.locator("#export-status")).to_have_text(
        "Copied the deck as the-kurgan-first-edition.o8d."
    )
    assert page.evaluate("() => navigator.clipboard.readText()") == saved.read_text()
    # a name given is the file's name
    page.fill("#deck-name", "Kurgan for Sunday")
    page.press("#deck-name", "Enter")
    expect(page.locator("#decks-status")).to_have_text("Named Kurgan for Sunday.")
    with page.expect_download() as waiting:
        page.click("#download")
    assert waiting.value.suggested_filename == "Kurgan for Sunday.o8d"

    # undo: the deck before the +, then before the Add; redo brings the Add back
    page.click("#deck-list")  # focus out of the name field: undo is the deck's
    undo(page)
    assert page.input_value("#deck") == before_plus
    undo(page)
    expect(deck_line(page, "thrust")).to_have_count(0)
    page.keyboard.press("Control+Shift+z")
    settled(page)
    assert page.input_value("#deck") == before_plus
    # Apply suggested fixes, undone by the button
    before_fix = page.input_value("#deck")
    page.click("#fix")
    expect(page.locator("#fix-result")).to_contain_text("Fixed: ")
    settled(page)
    assert page.input_value("#deck") != before_fix
    page.click("#undo")
    settled(page)
    assert page.input_value("#deck") == before_fix
    # the fix's message is gone once another deck opens
    page.click("#deck-new")
    expect(page.locator("#decks-status")).to_have_text("Opened a new, empty deck.")
    expect(page.locator("#fix-result")).to_be_empty()
    assert page.input_value("#deck") == ""


def test_plus_and_minus_rewrite_forum_lines_in_their_own_notation(page: Page):
    """Every card line of the project's forum-markdown example has +/-, and each keeps its
    notation; the edited text is read by `hlcg validate` as the page reads it; undo steps
    back one edit at a time."""
    text = FORUM.read_text(encoding="utf-8")
    paste(page, text)
    expect(page.locator("#verdict")).to_have_text("LEGAL in first-edition (4 notes)")
    lines = page.locator("#deck-list li.deck-line")
    # 20 cards, the persona (from its Persona: line, no buttons) and the sideboard's Dodge
    expect(lines).to_have_count(22)
    expect(page.locator("#deck-list li.deck-line:has(button.count)")).to_have_count(21)
    edits = [  # card, button, the line before, the line after
        ("thrust", "more",
         "- Thrust x3 -- the one that hits", "- Thrust x4 -- the one that hits"),
        ("upper-left-block", "more", "* Upper Left Block (x3)", "* Upper Left Block (x4)"),
        ("bloodlust-the-kurgan", "more",
         "1. Bloodlust: The Kurgan ×2", "1. Bloodlust: The Kurgan ×3"),
        ("hammer-blow-the-kurgan", "fewer",
         "2. Hammer Blow (The Kurgan) x2 (finisher)", "2. Hammer Blow (The Kurgan) x1 (finisher)"),
        ("taunt-the-kurgan", "fewer", "3. Taunt: The Kurgan: 2", "3. Taunt: The Kurgan: 1"),
        ("war-axe", "more",
         "- War Axe -- his Weapon of Choice", "- 2 War Axe -- his Weapon of Choice"),
    ]  # fmt: skip
    texts = [page.input_value("#deck")]
    for card, button, before, after in edits:
        assert before in texts[-1].splitlines()
        line = page.locator(f'#deck-list ul:not([data-group="Sideboard"]) li[data-card="{card}"]')
        line.get_by_role("button", name=re.compile(f"^one {button}")).click()
        settled(page)
        texts.append(page.input_value("#deck"))
        assert after in texts[-1].splitlines(), texts[-1]
    sideboard = page.locator('#deck-list ul[data-group="Sideboard"] li[data-card="dodge"]')
    sideboard.get_by_role("button", name="one more Dodge").click()
    settled(page)
    assert "- Dodge 3" in page.input_value("#deck").splitlines()
    # the page's reading of the edited deck is the CLI's
    edited = page.input_value("#deck")
    shown = page.evaluate("(text) => text", edited)
    report = page.evaluate(
        "(deck) => fetch('/api/validate', {method: 'POST', headers: {'Content-Type':"
        " 'application/json'}, body: JSON.stringify({deck})}).then((r) => r.json())",
        shown,
    )["decks"][0]
    expect(page.locator("#verdict")).to_have_text(verdict_text(report))
    expect(page.locator("#fingerprint")).to_have_text(report["fingerprint"])
    expect(deck_line(page, "thrust").first.locator(".copies")).to_have_text("4")
    # undo, one edit at a time, back to the pasted text
    undo(page)
    assert page.input_value("#deck") == texts[-1]
    for earlier in reversed(texts[:-1]):
        undo(page)
        assert page.input_value("#deck") == earlier
    # typing is undone a burst at a time; a file opened is one step too
    page.focus("#deck")
    page.keyboard.press("Control+End")
    page.keyboard.type("3 Dodge\n")
    settled(page)
    assert page.input_value("#deck") == text + "3 Dodge\n"
    undo(page)
    assert page.input_value("#deck") == text
    transfer = page.evaluate_handle(
        "() => { const t = new DataTransfer();"
        " t.items.add(new File(['3 Thrust\\n'], 'short.txt')); return t; }"
    )
    page.dispatch_event("#deck", "drop", {"dataTransfer": transfer})
    expect(page.locator("#filename")).to_have_text("opened short.txt")
    assert page.input_value("#deck") == "3 Thrust\n"
    undo(page)
    assert page.input_value("#deck") == text
    # at least 50 steps: 60 edits, each one undone
    page.evaluate(
        "() => { for (let i = 1; i <= 60; i++) { deckBox.value = `${i} Dodge\\n`; save(); } }"
    )
    settled(page)
    for _ in range(60):
        page.click("#undo")
    settled(page)
    assert page.input_value("#deck") == text
    expect(page.locator("#redo")).to_be_enabled()


def test_the_list_shows_what_the_reader_saw(page: Page):
    """A forum post's greeting and sign-off as lines not read, the unknown persona said so,
    a misspelt card's did-you-mean badge only on its own line, the sideboard listed (and
    printed), a card of no recorded type under "type not recorded"."""
    deck = (
        "Hi all, here is my deck for Sunday!\n\nPersona: Zzzkurgan\nEndurance:\n3 Dodgee\n"
        "3 Dodge\n2 Bloodlust: The Kurgan\n\nSideboard:\n2 Thrust\n\nCheers, Bob\n"
    )
    paste(page, deck, "first-edition")
    groups = page.locator("#deck-list h4").all_inner_texts()
    assert groups == [
        "Persona (0)", "Endurance: dodge (3)", "Endurance: type not recorded (2)",
        "Not recognised (3)", "Sideboard (2; not checked)", "Not read as cards (2 lines)",
    ]  # fmt: skip
    persona = page.locator('#deck-list ul[data-group="Persona"] li')
    expect(persona).to_have_text(
        re.compile(r"Persona: Zzzkurgan\s*no persona of this name: the persona checks are skipped")
    )
    expect(persona.locator(".mark")).to_have_text(["error HL002 unknown-card"])
    # the did-you-mean names Dodge: the badge is on the misspelt line only
    expect(page.locator('#deck-list li[data-line="5"] .mark')).to_have_text(
        ["error HL002 unknown-card"]
    )
    expect(deck_line(page, "dodge").locator(".mark")).to_have_count(0)
    prose = page.locator('#deck-list ul[data-group="Not read as cards"] li')
    expect(prose).to_have_text(
        [
            re.compile(r"Hi all, here is my deck for Sunday!\s*line 1: not read as a card"),
            re.compile(r"Cheers, Bob\s*line 12: not read as a card"),
        ]
    )
    expect(page.locator('#problems li[data-rule="deck-syntax"]')).to_contain_text(
        "not read as a card: 'Hi all, here is my deck for Sunday!' (line 1),"
        " 'Cheers, Bob' (line 12)"
    )
    sheet = page.locator("#print-sheet")
    expect(sheet).to_contain_text("Sideboard (2; not checked)")
    expect(sheet).to_contain_text("Persona: Zzzkurgan (no persona of this name)")
    expect(sheet).not_to_contain_text("Cheers, Bob")
    # the persona panel's formats are the card panel's verdicts
    page.evaluate("() => { location.hash = 'persona=The Kurgan'; }")
    card = cli_json("card", "the-kurgan-me", "--json")["cards"][0]
    words = {"legal": "legal", "illegal": "not legal", "unconfirmed": "unchecked"}
    expected = "; ".join(
        f"{fmt}: {words[v['status']]} ({v['reason']})" for fmt, v in card["verdicts"].items()
    )
    expect(page.locator("#persona .persona-verdicts").nth(1)).to_have_text(expected)


def test_saved_decks_a_share_link_beside_them_and_a_second_tab(browser, server):
    """Two saved decks; a share link opens as a third, both intact; undo and Back return to
    the deck before; a malformed link says what is wrong; rename, duplicate, delete (asked
    first); a second tab on the same deck asks instead of writing over the first's."""
    page, problems = open_page(browser, server.url)
    paste(page, "Persona: Duncan MacLeod\n3 Dodge\n", "type-two")
    page.fill("#deck-name", "Duncan")
    page.press("#deck-name", "Enter")
    page.click("#deck-new")
    paste(page, "Persona: Connor MacLeod\n2 Thrust\n", "")
    shared = "Persona: The Kurgan\n1 Thrust\n"
    link = page.evaluate(
        "(deck) => location.origin + '/#deck=' + btoa(JSON.stringify({deck, format:"
        " 'first-edition'})).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '')",
        shared,
    )
    page.goto(link)
    expect(page.locator("#decks-status")).to_have_text("Opened the share link as a new deck.")
    settled(page)
    assert page.input_value("#deck") == shared
    expect(page.locator("#format")).to_have_value("first-edition")
    saved_soon(page, "The Kurgan - first-edition", shared)
    assert saved_decks(page) == {
        "Duncan": "Persona: Duncan MacLeod\n3 Dodge\n",
        "Connor MacLeod - type-two": "Persona: Connor MacLeod\n2 Thrust\n",
        "The Kurgan - first-edition": shared,
    }
    expect(page.locator("#deck-choices button")).to_have_count(3)
    # undo returns to the deck before the link, redo to the link's
    undo(page)
    assert page.input_value("#deck") == "Persona: Connor MacLeod\n2 Thrust\n"
    page.keyboard.press("Control+y")
    settled(page)
    assert page.input_value("#deck") == shared
    # opened from the list, then Back: the deck before
    page.locator("#deck-choices button", has_text="Duncan").click()
    settled(page)
    assert page.input_value("#deck") == "Persona: Duncan MacLeod\n3 Dodge\n"
    expect(page.locator("#format")).to_have_value("type-two")
    page.go_back()
    expect(page.locator("#decks-status")).to_have_text("Back to The Kurgan - first-edition.")
    assert page.input_value("#deck") == shared
    # malformed links: the reason, and no deck changed
    for fragment, reason in [
        # a broken %-escape, as a chat client may leave a link
        ("deck=%E0%A4%A", "holds characters a share link never has"),
        ("deck=eyJkZWNrIjoiM", "the text after #deck= is cut short"),
        ("deck=eyJkZWNrIjo", "it holds no complete deck: it is cut short or altered"),
        ("deck=e30", "it holds no deck"),
        ("deck=eyJkZWNrIjoiMyBEb2RnZSJ9!", "holds characters a share link never has"),
        ("deck=eyJkZWNrIjoiMyBEb2RnZSIsImZvcm1hdCI6Im1sZSJ9", 'its format "mle" is not one'),
    ]:
        page.evaluate("(f) => { location.hash = f; }", fragment)
        expect(page.locator("#decks-status")).to_contain_text(reason)
        expect(page.locator("#decks-status")).to_contain_text("No deck was changed.")
    assert page.input_value("#deck") == shared
    assert len(saved_decks(page)) == 3
    # duplicate, then delete the copy: asked first, "Keep it" deletes nothing
    page.click("#deck-duplicate")
    expect(page.locator("#deck-name")).to_have_value("The Kurgan - first-edition (copy)")
    page.click("#deck-delete")
    expect(page.locator("#deck-ask")).to_contain_text(
        "Delete the deck The Kurgan - first-edition (copy)"
    )
    assert page.evaluate("() => document.activeElement.textContent") == "Keep it"
    page.keyboard.press("Enter")
    assert len(saved_decks(page)) == 4
    page.click("#deck-delete")
    page.get_by_role("button", name="Delete it").click()
    expect(page.locator("#decks-status")).to_contain_text(
        "Deleted The Kurgan - first-edition (copy)"
    )
    assert len(saved_decks(page)) == 3

    # a second tab opens the deck opened last; the first tab changes it: the second asks
    second = page.context.new_page()
    second.goto(server.url)
    settled(second)
    assert second.input_value("#deck") == page.input_value("#deck")
    page.fill("#deck", shared + "2 Dodge\n")
    settled(page)
    ask = second.locator("#deck-ask")
    expect(ask).to_contain_text("was changed in another tab")
    second.fill("#deck", "3 Qqqq\n")  # typed in the second tab meanwhile: not written over
    settled(second)
    saved_soon(page, "The Kurgan - first-edition", shared + "2 Dodge\n")
    second.get_by_role("button", name="Keep this tab's as a new deck").click()
    expect(second.locator("#decks-status")).to_contain_text("Kept this tab's deck as")
    saved_soon(page, "The Kurgan - first-edition (this tab)", "3 Qqqq\n")
    decks = saved_decks(page)
    assert decks["The Kurgan - first-edition"] == shared + "2 Dodge\n"
    assert decks["The Kurgan - first-edition (this tab)"] == "3 Qqqq\n"
    second.close()
    page.context.close()
    assert problems == []


def test_a_deck_kept_by_the_page_before_decks_were_named_is_kept(browser, server):
    context = browser.new_context()
    context.add_init_script(
        "if (!localStorage.getItem('hlcg.migrated-test')) { localStorage.setItem("
        "'hlcg.migrated-test', '1'); localStorage.setItem('hlcg.deck', '3 Dodge\\n');"
        " localStorage.setItem('hlcg.format', 'type-one'); }"
    )
    page = context.new_page()
    page.goto(server.url)
    settled(page)
    assert page.input_value("#deck") == "3 Dodge\n"
    expect(page.locator("#format")).to_have_value("type-one")
    assert json.dumps(saved_decks(page)).count("3 Dodge") == 1
    assert page.evaluate("() => localStorage.getItem('hlcg.deck')") is None  # moved
    context.close()
