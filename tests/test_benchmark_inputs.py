"""The benchmark's generated inputs are what its figures claim (it is not run in CI)."""

from __future__ import annotations

import importlib.util

from conftest import ROOT
from hlcg.catalog import load
from hlcg.check import check_deck
from hlcg.deck.text import parse_text


def load_bench():
    spec = importlib.util.spec_from_file_location("bench", ROOT / "benchmarks" / "bench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_decks_have_the_stated_sizes(shipped):
    bench = load_bench()
    for size in (60, 600):
        report = check_deck(parse_text(bench.deck_text(size)), shipped)
        assert report.endurance == size
        assert not [p for p in report.problems if p.rule in ("unknown-card", "deck-syntax")]


def test_deck_folder(tmp_path, shipped):
    bench = load_bench()
    bench.deck_folder(tmp_path, shipped, 5)
    assert len(list(tmp_path.glob("*.txt"))) == 5


def test_padded_catalogue_keeps_every_real_name_and_verdict(tmp_path, shipped):
    bench = load_bench()
    padded_path = bench.build_catalogue(
        bench.padded_sources(tmp_path / "source", 1000), tmp_path / "padded.sqlite"
    )
    padded = load(padded_path)
    assert len(padded.cards) == 1000
    assert len(padded.name_keys) > len(shipped.name_keys)
    for card in shipped.cards.values():
        assert padded.exact(card.name) == shipped.exact(card.name), card.name
    deck = bench.deck_text(60)
    before = check_deck(parse_text(deck), shipped)
    after = check_deck(parse_text(deck), padded)
    assert [p.to_json() for p in after.problems] == [p.to_json() for p in before.problems]


def test_every_start_up_command_measured_runs(tmp_path):
    """A start-up figure is only worth quoting for a command that does its work (exit 0),
    not one that stops at a usage error."""
    import subprocess

    bench = load_bench()
    deck = tmp_path / "deck60.txt"
    deck.write_text(bench.deck_text(60), encoding="utf-8")
    for name, (_, command) in bench.other_commands(deck).items():
        result = subprocess.run(command, capture_output=True, text=True)
        assert result.returncode == 0, (name, result.stderr)
        assert result.stdout, name


def test_mixed_deck_folder_holds_every_kind_with_the_text_decks_verdicts(tmp_path, shipped):
    from hlcg.check import read_deck

    bench = load_bench()
    bench.mixed_deck_folder(tmp_path, shipped, 8)
    files = sorted(tmp_path.iterdir())
    assert [p.suffix for p in files] == [".txt", ".json", ".dek", ".o8d"] * 2
    texts = bench.random_decks(shipped, 8)
    for path, text in zip(files, texts, strict=True):
        written = check_deck(read_deck(path), shipped)
        source = check_deck(parse_text(text), shipped)
        assert (written.legal, written.endurance, written.errors) == (
            source.legal,
            source.endurance,
            source.errors,
        ), path.name
