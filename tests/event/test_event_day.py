"""A whole event through the command line (issue 37): new, eight registrations in four deck
kinds (one illegal deck refused, one accepted by the organiser), lock, sheets, three rounds
with two heads and a Quickening passed on, standings, verification at the table of an
unchanged and a changed deck (as a file and as a photo of a sheet's QR code), publish."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from tests.event.day import (
    EVENT_DATE,
    QUICKENING,
    REGISTRATIONS,
    TOURNAMENT,
    EventDay,
    hlcg,
    payloads,
    qr_image,
    run_event_day,
)

LEAGUE = "http://bofthebb.com/highlander/rules.php"
JUDGED_BY = f"type-two as of {EVENT_DATE}, hlcg ruleset "


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> EventDay:
    # Over the 2 s a test should take (about 2 s idle): thirty commands and eight QR codes
    # are the event; the one run serves every test of this module, the browser's too.
    return run_event_day(tmp_path_factory.mktemp("event"))


def test_every_step_of_the_day_ran(day: EventDay):
    refused = {"register refused", "register after lock", "beheaded returns", "claimed twice"}
    for name, result in day.steps.items():
        assert result.exit_code == (1 if name in refused else 0), (name, result.output)
    assert day.steps["new"].stderr == (
        f"created {day.event}: Spring league, judged by {JUDGED_BY}2026.12.1, rule set 2e-league\n"
    )


def test_the_four_deck_kinds_register_and_the_illegal_deck_is_refused(day: EventDay):
    status = json.loads(day.steps["status"].stdout)
    players = {p["player"]: p for p in status["players"]}
    assert sorted(players) == sorted(p for p, _, _ in REGISTRATIONS)
    assert sorted({Path(p["deck_file"]).suffix for p in players.values()}) == [
        ".dek", ".json", ".o8d", ".txt"
    ]  # fmt: skip
    assert status["illegal_accepted"] == ["Carol"]
    assert players["Carol"]["verdict"] == "not legal, 2 errors"
    assert [p for p in players.values() if not p["legal"]] == [players["Carol"]]
    bob = hlcg(
        "deck", "hash", TOURNAMENT / "bob-richie.dek", "--date", EVENT_DATE, "-f", "type-two"
    )
    assert players["Bob"]["fingerprint"] == bob.stdout.strip()
    assert day.steps["register Carol"].stdout.startswith(
        "registered Carol: Methos, not legal, 2 errors (accepted by the organiser), "
    )
    assert day.steps["register refused"].stderr == (
        f"hlcg: error: Dave's deck {TOURNAMENT / 'dave-duncan.o8d'} is not legal, 1 error in "
        f"type-two as of {EVENT_DATE}: HL201 Duck: Connor MacLeod is specific to Connor "
        "MacLeod; Duncan MacLeod may not include it; not registered (the organiser may accept "
        "it with --accept-illegal)\n"
    )
    locked_at = status["event"]["locked_at"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", locked_at)
    assert day.steps["register after lock"].stderr == (
        f"hlcg: error: Spring league is locked (registration closed {locked_at}); Dave was not "
        "registered\n"
    )


def test_the_sheets_hold_each_player_and_their_registered_fingerprint(day: EventDay):
    assert (
        day.steps["sheets"].stderr == f"wrote {day.folder / 'sheets.html'}: 8 sheets, a page each\n"
    )
    page = (day.folder / "sheets.html").read_text(encoding="utf-8")
    status = json.loads(day.steps["status"].stdout)
    found = [p.splitlines()[1].removeprefix("fingerprint ") for p in payloads(page)]
    assert found == [p["fingerprint"] for p in status["players"]]  # by player name
    assert all("Spring league" in page and p["player"] in page for p in status["players"])


def test_the_league_refuses_a_beheaded_persona_and_a_quickening_claimed_twice(day: EventDay):
    assert day.steps["beheaded returns"].stderr == (
        "hlcg: error: Carol's persona Methos lost its head to Alice in round 1 and may not "
        "play again: refused by the rule beheaded-persona-removed of 2e-league: persona cards "
        "are unique in the league, and a persona that loses its head is removed from it "
        f"(source: {LEAGUE})\n"
    )
    assert day.steps["claimed twice"].stderr == (
        f"hlcg: error: the Quickening {QUICKENING!r} is held by Ken; Bob claims it from another "
        "game: refused by the rule quickening-stays-with-taker of 2e-league: a Quickening "
        f"belongs to the Immortal who won or took it (source: {LEAGUE})\n"
    )


def test_standings_count_the_league_points_and_break_the_tie(day: EventDay):
    answer = json.loads(day.steps["standings"].stdout)
    table = [
        (r["place"], r["player"], r["games"], r["wins"], r["heads"], r["points"], r["removed"])
        for r in answer["standings"]
    ]
    # points: 1 a game played, 2 a win, 4 a head (the guidelines' numbers)
    assert table == [
        (1, "Ken", 3, 3, 1, 13, False),
        (2, "Alice", 3, 2, 1, 11, True),
        (3, "Dan", 3, 2, 0, 7, True),  # Duncan MacLeod lost his head with Alice
        (4, "Bob", 3, 2, 0, 7, False),  # equal points, heads and wins: opponents' 16 to 20
        (5, "Rich", 2, 1, 0, 4, False),
        (6, "Kurt", 3, 0, 0, 3, False),
        (7, "Gina", 2, 0, 0, 2, False),
        (8, "Carol", 1, 0, 0, 1, True),
    ]
    assert [
        r["opponents_points"] for r in answer["standings"] if r["player"] in ("Bob", "Dan")
    ] == [20, 16]
    assert answer["heads"] == [
        {"round": 1, "taker": "Alice", "beheaded": "Carol", "persona": "Methos"},
        {"round": 3, "taker": "Ken", "beheaded": "Alice", "persona": "Duncan MacLeod"},
    ]
    assert answer["quickenings"] == [{"quickening": QUICKENING, "holder": "Ken"}]
    assert [t["name"] for t in answer["ruleset"]["tie_breaks"]] == [
        "heads",
        "wins",
        "opponents-points",
    ]
    assert answer["ruleset"]["points"] == {"win": 2, "played": 1, "head": 4}
    text = hlcg("event", "standings", day.event)
    assert text.exit_code == 0
    assert "head: round 3: Ken took Alice's (Duncan MacLeod)" in text.stdout
    assert f"quickening: {QUICKENING} held by Ken" in text.stdout


def test_verify_an_unchanged_and_a_changed_deck_as_file_and_qr_photo(day: EventDay):
    bob, frank = TOURNAMENT / "bob-richie.dek", TOURNAMENT / "frank-richie.dek"
    same = hlcg("event", "verify", day.event, "Bob", bob)
    assert same.exit_code == 0, same.output
    assert (
        same.stdout.splitlines()[-1] == f"same deck: Bob ({JUDGED_BY}2026.12.1, rule set 2e-league)"
    )
    changed = hlcg("event", "verify", day.event, "Bob", frank, "--json")
    assert changed.exit_code == 1
    answer = json.loads(changed.stdout)
    assert answer["same"] is False
    assert answer["registered"]["verdict"] == "legal"
    assert answer["presented"]["verdict"] == "not legal, 1 error"
    assert [(c["name"], c["before"], c["after"]) for c in answer["changes"]] == [
        ("Battle Rage: Richie Ryan", 2, 0),
        ("Jump: Duncan MacLeod", 1, 0),
        ("Luck: Richie Ryan", 2, 0),
        ("Master's Advance", 0, 4),
    ]
    # photos of sheets' QR codes: Bob's own sheet, and a sheet printed for Frank's deck
    page = (day.folder / "sheets.html").read_text(encoding="utf-8")
    status = json.loads(day.steps["status"].stdout)
    bob_payload = payloads(page)[[p["player"] for p in status["players"]].index("Bob")]
    photo = qr_image(bob_payload, day.folder / "bob-sheet.png")
    assert hlcg("event", "verify", day.event, "Bob", photo).exit_code == 0
    other = day.folder / "frank-sheet.html"
    made = hlcg("deck", "sheet", frank, "-o", other, "--date", EVENT_DATE, "-f", "type-two")
    assert made.exit_code == 0, made.output
    (frank_payload,) = payloads(other.read_text(encoding="utf-8"))
    other_photo = qr_image(frank_payload, day.folder / "frank-sheet.png")
    by_photo = hlcg("event", "verify", day.event, "Bob", other_photo, "--json")
    assert by_photo.exit_code == 1
    assert [c["name"] for c in json.loads(by_photo.stdout)["changes"]] == [
        "Battle Rage: Richie Ryan", "Jump: Duncan MacLeod", "Luck: Richie Ryan", "Master's Advance"
    ]  # fmt: skip
    alice = (TOURNAMENT / "alice-duncan.txt").read_text(encoding="utf-8")
    assert hlcg("event", "verify", day.event, "Alice", alice).exit_code == 0  # a pasted list
    missing = hlcg("event", "verify", day.event, "Bob", day.folder / "nothing.png")
    assert (missing.exit_code, missing.stderr) == (
        2,
        f"hlcg: error: {day.folder / 'nothing.png'}: no such file (a pasted list is read as "
        "text when it has several lines)\n",
    )
    blank = day.folder / "blank.png"
    blank.write_bytes((day.folder / "bob-sheet.png").read_bytes()[:60])
    unreadable = hlcg("event", "verify", day.event, "Bob", blank)
    assert unreadable.exit_code == 2
    assert unreadable.stderr == f"hlcg: error: {blank}: no QR code could be read from this image\n"


def test_the_published_site_lists_standings_decks_and_the_ledger(day: EventDay):
    assert day.steps["publish"].stderr == f"wrote {day.site}: 9 pages\n"
    index = (day.site / "index.html").read_text(encoding="utf-8")
    assert "<script" not in index
    links = re.findall(r'href="(decks/[^"]+)"', index)
    assert len(set(links)) == 8 and all((day.site / link).is_file() for link in links)
    alice = (day.site / "decks" / "alice.html").read_text(encoding="utf-8")
    status = json.loads(day.steps["status"].stdout)
    fingerprint = next(p["fingerprint"] for p in status["players"] if p["player"] == "Alice")
    assert f"<code>{fingerprint}</code>" in alice
    assert f"{JUDGED_BY}2026.12.1, rule set 2e-league" in alice
    assert "<caption>Heads taken</caption>" in index and LEAGUE in index
    again = hlcg("event", "publish", day.event, day.site)
    assert again.exit_code == 2
    assert again.stderr == f"hlcg: error: {day.site} holds an earlier site; --force replaces it\n"


def test_the_published_site_in_chromium_reads_links_and_passes_axe(browser, day: EventDay):
    """The site opened from the disk as a reader would, JavaScript off: tables with header
    cells, every link to a page that exists, no navigation in print; axe-core (run with
    JavaScript on) finds nothing."""
    site = day.site
    reader = browser.new_context(java_script_enabled=False)
    page = reader.new_page()
    page.goto((site / "index.html").as_uri())
    expect(page.locator("h1")).to_have_text("Spring league")
    standings = page.locator("table", has=page.locator("caption", has_text="Standings"))
    rows = standings.locator("tbody tr")
    expect(rows).to_have_count(8)
    assert rows.first.locator("td").nth(1).inner_text() == "Ken"
    assert standings.locator("thead th[scope=col]").count() == 10
    heads = page.locator("table", has=page.locator("caption", has_text="Heads taken"))
    expect(heads.locator("tbody tr")).to_have_count(2)
    hrefs = page.locator("main a").evaluate_all("links => links.map(a => a.href)")
    assert len(hrefs) == 16 and len(set(hrefs)) == 8  # each deck from standings and the list
    deck_page = reader.new_page()
    for href in sorted(set(hrefs)):
        response = deck_page.goto(href)
        assert response is not None and response.ok, href
        expect(deck_page.locator("h1")).to_contain_text(":")
        assert deck_page.locator("dd code").inner_text().isalnum()
    deck_page.locator("nav a").click()  # back to the standings
    expect(deck_page.locator("h1")).to_have_text("Spring league")
    page.emulate_media(media="print")
    expect(page.locator("nav")).to_have_count(0)  # the index has no navigation to hide
    reader.close()
    checker = browser.new_context()
    for name in ("index.html", "decks/carol.html"):  # the deck pages share one template
        checked = checker.new_page()
        checked.goto((site / name).as_uri())
        violations = Axe().run(checked).response["violations"]
        assert [(v["id"], v["impact"]) for v in violations] == [], name
        if name != "index.html":
            checked.emulate_media(media="print")
            expect(checked.locator("nav")).to_be_hidden()
        checked.close()
    checker.close()
