"""Deck fingerprints (docs/fingerprint.md): the documented vectors, `hlcg deck hash` and
the reports' fingerprints agree, and a fingerprint changes with the deck."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

runner = CliRunner()
TOURNAMENT = ROOT / "examples" / "tournament"


def invoke(*args: str):
    return runner.invoke(app, list(args))


def fingerprint_of(path: Path, *extra: str) -> str:
    result = invoke("deck", "hash", str(path), *extra)
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def test_fingerprint_vectors_in_the_docs(shipped):
    from hlcg.check import fingerprint, resolve_deck
    from hlcg.deck.text import parse_text
    from hlcg.rules.profiles import verdict_lines

    doc = (ROOT / "docs" / "fingerprint.md").read_text()
    blocks = re.findall(r"```text\n(.*?)```", doc, re.DOTALL)
    deck_a, deck_b, canonical = blocks[-3:]
    digest = re.search(r"Digest: `([0-9a-f]{64})`", doc).group(1)
    for text in (deck_a, deck_b):
        resolved = resolve_deck(parse_text(text), shipped)
        lines = verdict_lines(resolved, shipped, "2026-12-01")
        got, form = fingerprint(resolved, "0" * 64, lines)
        assert form == canonical
        assert got == digest


def test_rows_digest_vector_in_the_docs():
    from hlcg.catalog.integrity import rows_digest

    doc = (ROOT / "docs" / "fingerprint.md").read_text()
    (rows,) = re.findall(r"```json\n(.*?)```", doc, re.DOTALL)
    expected = re.search(r"rows digest `([0-9a-f]{64})`", doc).group(1)
    assert rows_digest(json.loads(rows)) == expected


def test_fingerprint_changes_with_the_deck(tmp_path):
    valid = ROOT / "examples/decks/valid/duncan-katana-type-two.txt"
    base = fingerprint_of(valid)
    changed = tmp_path / "changed.txt"
    changed.write_text(valid.read_text().replace("2 Dodge", "1 Dodge"))
    assert fingerprint_of(changed) != base
    assert fingerprint_of(valid, "--format", "type-one") != base
    [data] = json.loads(invoke("deck", "hash", str(valid), "--json").stdout)["decks"]
    assert data["fingerprint"] == base and data["canonical"].startswith("hlcg-deck-fingerprint 3\n")


def test_deck_hash_manifest_matches_report_fingerprints():
    result = invoke("deck", "hash", str(TOURNAMENT))
    assert result.exit_code == 0
    manifest = dict(reversed(line.split("  ", 1)) for line in result.stdout.splitlines())
    assert len(manifest) == 6
    report = json.loads(invoke("validate", str(TOURNAMENT), "-o", "json").stdout)
    assert {d["path"]: d["fingerprint"] for d in report["decks"]} == manifest
    listed = json.loads(invoke("deck", "hash", str(TOURNAMENT), "--output", "json").stdout)
    assert {d["path"]: d["fingerprint"] for d in listed["decks"]} == manifest


def test_deck_hash_warns_on_an_unknown_format_line(tmp_path):
    deck = tmp_path / "d.txt"
    deck.write_text("Format: Type Three\nPersona: Duncan MacLeod\n3 Thrust\n")
    result = invoke("deck", "hash", str(deck))
    assert result.exit_code == 0 and "'type three' is not a format" in result.stderr.lower()


def test_row_cache_digests_as_the_rows_read_afresh_and_reads_each_row_once(tmp_path):
    """A folder's fingerprints read each catalogue row once (integrity.RowCache), and the
    digest is still the one of the rows read afresh, in every format and for a card the
    catalogue does not hold."""
    from hlcg.catalog.integrity import rows_digest, used_rows, used_rows_digest
    from hlcg.check import check_deck, load_catalogue, read_deck
    from hlcg.deck import used_card_ids

    catalogue = load_catalogue()  # its own: the session's catalogue may be cached already
    decks = sorted((ROOT / "examples" / "decks").glob("*/*.*"))
    used = [used_card_ids(check_deck(read_deck(p), catalogue).resolved) for p in decks]
    queries: list[str] = []
    reading = catalogue.dict_rows

    def counted(sql, params=()):
        queries.append(sql)
        return reading(sql, params)

    catalogue.dict_rows = counted
    for ids in used:
        for fmt in ("type-two", "first-edition", "no-such-format"):
            cached = used_rows_digest(catalogue, [*ids, "no-such-card"], fmt)
            assert cached == rows_digest(used_rows(catalogue, [*ids, "no-such-card"], fmt))
    queries.clear()
    for ids in used:
        used_rows_digest(catalogue, ids, "type-two")
    assert queries == []
