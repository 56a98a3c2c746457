"""The benchmark's generated inputs are what its figures claim (it is not run in CI)."""

from __future__ import annotations

import importlib.util

from conftest import ROOT
from hlcg.check import check_deck
from hlcg.deck.text import parse_text


def load_bench():
    spec = importlib.util.spec_from_file_location("bench", ROOT / "benchmarks" / "bench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_decks_have_the_stated_sizes(shipped_index):
    bench = load_bench()
    for size in (60, 600):
        report = check_deck(parse_text(bench.deck_text(size)), shipped_index)
        assert report.endurance == size
        assert not [p for p in report.problems if p.rule in ("unknown-card", "deck-syntax")]


def test_deck_folder_and_padded_catalogue(tmp_path, shipped):
    bench = load_bench()
    bench.deck_folder(tmp_path, shipped, 5)
    assert len(list(tmp_path.glob("*.txt"))) == 5
    assert len(bench.padded_catalogue(shipped, 1000).cards) == 1000
