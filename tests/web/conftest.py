"""Fixtures for `hlcg serve`: the app under the test client, the real server, Chromium."""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.testclient import TestClient

if TYPE_CHECKING:
    from playwright.sync_api import Page

from hlcg.catalog import load, shipped_path
from hlcg.web.app import create_app

# The test client as a browser on this machine sees it (the server checks the Host header).
LOCAL = "http://127.0.0.1:8000"
WEB_ROOT = Path(__file__).resolve().parent.parent.parent
# Chromium in a closed sandbox: without the background-networking switches it tries to
# reach Google's services and its connections are refused.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def load_web_load():
    """benchmarks/web_load.py: the load client and the server runner the benchmark uses."""
    path = WEB_ROOT / "benchmarks" / "web_load.py"
    spec = importlib.util.spec_from_file_location("web_load", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def web_load():
    return load_web_load()


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(load(shipped_path())), base_url=LOCAL) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def server(web_load) -> Iterator[object]:
    """`hlcg serve --port 0` as a user runs it; stopped at the end with SIGTERM, as `kill`
    or a service manager stops it (Ctrl-C stops test_server_limits.py's), which ends it as
    Ctrl-C does: the goodbye line, exit 0."""
    running = web_load.Server()
    yield running
    code, err = running.stop(signal.SIGTERM)
    assert code == 0, err
    assert "Traceback" not in err, err
    assert err.splitlines()[-1] == "hlcg serve: stopped", err


def chromium_path() -> str | None:
    return (
        os.environ.get("HLCG_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


@contextmanager
def launched_chromium() -> Iterator[object]:
    """Headless Chromium (Debian's package) driven by Playwright. Without Chromium the
    browser tests skip, unless HLCG_REQUIRE_BROWSER=1 (set by .ci/run) makes that a failure."""
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


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    with launched_chromium() as launched:
        yield launched


TIMEOUT_MS = 15_000


def open_page(browser, url: str) -> tuple[Page, list[str]]:
    """A fresh browser context on the deck page, and the list its script errors go to."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    opened = context.new_page()
    opened.set_default_timeout(TIMEOUT_MS)
    problems: list[str] = []
    opened.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    opened.on(
        "console",
        lambda msg: (
            problems.append(f"console {msg.type}: {msg.text}") if msg.type == "error" else None
        ),
    )
    opened.goto(url)
    expect(opened.locator("#verdict")).not_to_have_text("Checking...")
    return opened, problems


@pytest.fixture()
def page(browser, server) -> Iterator[Page]:
    """A fresh page per test; a Content-Security-Policy violation or a script error in its
    console fails the test."""
    opened, problems = open_page(browser, server.url)
    yield opened
    opened.context.close()
    assert problems == []
