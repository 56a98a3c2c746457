"""The site `hlcg event publish` writes, opened in headless Chromium from the disk as a
reader would: its tables have header cells, every link leads to a page that exists, axe-core
finds nothing, and it prints without its navigation. It needs no script: the pages are read
with JavaScript off, and axe-core runs in a second context with it on."""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from tests.event.day import run_event_day


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    day = run_event_day(tmp_path_factory.mktemp("site"))
    assert day.steps["publish"].exit_code == 0, day.steps["publish"].output
    return day.site


def test_the_published_site_reads_links_and_passes_axe(browser, site: Path):
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
    for href in sorted(set(hrefs)):
        opened = reader.new_page()
        response = opened.goto(href)
        assert response is not None and response.ok, href
        expect(opened.locator("h1")).to_contain_text(":")
        assert opened.locator("dd code").inner_text().isalnum()
        opened.locator("nav a").click()  # back to the standings
        expect(opened.locator("h1")).to_have_text("Spring league")
        opened.close()
    page.emulate_media(media="print")
    expect(page.locator("nav")).to_have_count(0)  # the index has no navigation to hide
    reader.close()
    checker = browser.new_context()
    for name in ("index.html", "decks/alice.html", "decks/carol.html"):
        checked = checker.new_page()
        checked.goto((site / name).as_uri())
        violations = Axe().run(checked).response["violations"]
        assert [(v["id"], v["impact"]) for v in violations] == [], name
        if name != "index.html":
            checked.emulate_media(media="print")
            expect(checked.locator("nav")).to_be_hidden()
        checked.close()
    checker.close()
