"""Chromium for the published site's test, launched as the web tests launch it
(tests/web/conftest.py) but for one module only: Playwright's sync API keeps an event loop
running while it is open, and the Datasette tests after this folder call asyncio.run()."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from tests.web.conftest import CHROMIUM_ARGS, chromium_path


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    executable = chromium_path()
    if executable is None:
        if os.environ.get("HLCG_REQUIRE_BROWSER") == "1":
            pytest.fail("Chromium is not installed (apt-get install -y chromium)")
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
