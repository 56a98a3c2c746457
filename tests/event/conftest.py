"""Chromium for the published site's test, as the web tests have it (tests/web/conftest.py)."""

from tests.web.conftest import browser  # noqa: F401
