"""Chromium for the published site's test, launched as the web tests launch it
(tests/web/conftest.py) but for one module only: Playwright's sync API keeps an event loop
running while it is open, and the Datasette tests after this folder call asyncio.run()."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.web.conftest import launched_chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with launched_chromium() as launched:
        yield launched
