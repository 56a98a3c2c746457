"""A long-running server keeps the same memory however many new names it is asked about:
every cache the catalogue keeps for it (name maps, misses included, and did-you-mean
answers) is a bounded LRU. Memory over 20,000 real requests is measured by
`python benchmarks/web_load.py --memory`; this test counts the caches' entries."""

from __future__ import annotations

import random
import string

from starlette.testclient import TestClient

from hlcg.catalog import load, shipped_path
from hlcg.catalog.store import CACHED_KEYS, CACHED_SUGGESTIONS
from hlcg.deck.narrowing import MAX_SUGGESTED_NAMES
from hlcg.web.app import create_app

LOCAL = "http://127.0.0.1:8000"
NAMES_PER_DECK = 500


def unknown_names(rng: random.Random, count: int) -> list[str]:
    return ["".join(rng.choice(string.ascii_lowercase) for _ in range(14)) for _ in range(count)]


def test_caches_stay_bounded_over_many_distinct_unknown_names():
    catalogue = load(shipped_path())
    rng = random.Random(22)
    bounds = {"cards": CACHED_KEYS, "aliases": CACHED_KEYS, "by_title": CACHED_KEYS}
    bounds |= {"by_name": CACHED_KEYS, "suggestions": CACHED_SUGGESTIONS}
    # enough decks that both the name maps and the suggestions pass their bounds
    decks = max(CACHED_KEYS // NAMES_PER_DECK, CACHED_SUGGESTIONS // MAX_SUGGESTED_NAMES) + 2
    sizes = []
    with TestClient(create_app(catalogue), base_url=LOCAL) as client:
        for _ in range(2):
            for _ in range(decks):
                names = unknown_names(rng, NAMES_PER_DECK)
                deck = "Persona: Duncan MacLeod\n" + "".join(f"1 {name}\n" for name in names)
                response = client.post("/api/validate", json={"deck": deck})
                assert response.status_code == 200
                problems = response.json()["decks"][0]["problems"]
                unknown = [p for p in problems if p["rule"] == "unknown-card"]
                assert len(unknown) == NAMES_PER_DECK
            sizes.append(catalogue.cached_sizes())
    assert sizes == [bounds, bounds]


def test_a_remembered_suggestion_is_the_same_answer():
    catalogue = load(shipped_path())
    first = catalogue.suggest("uper left atack")
    again = catalogue.suggest("uper left atack")
    assert again == first and again is not first  # a copy: a caller may change its list
    assert first[0].ids == ("upper-left-attack",)
    assert catalogue.cached_sizes()["suggestions"] == 1
