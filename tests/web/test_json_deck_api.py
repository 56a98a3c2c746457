"""The web API says a JSON deck that is not JSON as the CLI does (tests/test_json_deck_wording.py):
in hlcg's words, where the fault is."""

from __future__ import annotations

import pytest
from tests.test_json_deck_wording import BROKEN


@pytest.mark.parametrize("endpoint", ["/api/check", "/api/validate", "/api/fix"])
def test_the_web_api_says_it(client, endpoint):
    for text, fault in BROKEN:
        response = client.post(endpoint, json={"deck": text, "filename": "mine.json"})
        assert response.status_code == 422
        assert response.json()["error"]["message"] == f"mine.json: not JSON: {fault}"
