"""Deck files as players and their programs write them: the same deck gets the same verdict
and fingerprint whether it is forum text, JSON, a LackeyCCG `.dek` or an OCTGN `.o8d`, in
every format; conversions keep both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT, check_file
from hlcg.check import check_deck, fingerprint, resolve_deck
from hlcg.cli.app import app
from hlcg.deck.read import read_deck
from hlcg.deck.writer import render

PROGRAMS = ROOT / "examples" / "programs"
EXPECTED = json.loads((PROGRAMS / "expected.json").read_text(encoding="utf-8"))["decks"]
FORMATS = ("first-edition", "type-one", "type-two")
KINDS = (".txt", ".json", ".dek", ".o8d")
runner = CliRunner()


def cli_report(path: Path, *args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["validate", str(path), "--output", "json", *args])
    return result.exit_code, json.loads(result.stdout)["decks"][0]


def cli_hash(path: Path, *args: str) -> str:
    result = runner.invoke(app, ["deck", "hash", str(path), *args])
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def errors(problems) -> list[str]:
    return sorted(
        p["rule"] if isinstance(p, dict) else p.rule
        for p in problems
        if (p["severity"] if isinstance(p, dict) else p.severity) == "error"
    )


CASES = [(name, fmt) for name in EXPECTED for fmt in FORMATS]


@pytest.mark.parametrize(("name", "fmt"), CASES, ids=[f"{n}-{f}" for n, f in CASES])
def test_expected_verdict_through_the_cli(name, fmt):
    expected = EXPECTED[name]["verdicts"][fmt]
    code, deck = cli_report(PROGRAMS / name, "--format", fmt)
    assert code == (0 if expected["legal"] else 1)
    assert deck["legal"] is expected["legal"] and errors(deck["problems"]) == expected["errors"]
    # Notes about the file, not the deck (a set code no printing is recorded in), never
    # warnings: `--strict` passes a real LackeyCCG deck.
    notes = [
        p["message"]
        for p in deck["problems"]
        if p["severity"] == "note" and p["rule"] == "deck-syntax"
    ]
    assert notes == EXPECTED[name]["notes"]
    assert deck["warnings"] == 0
    assert len(deck["sideboard"]) == EXPECTED[name]["sideboard"]
    assert deck["endurance"] == 52 and deck["unrecognised"] == 0


@pytest.mark.parametrize(("name", "fmt"), CASES, ids=[f"{n}-{f}" for n, f in CASES])
def test_expected_verdict_through_the_library(name, fmt, shipped):
    expected = EXPECTED[name]["verdicts"][fmt]
    report = check_file(PROGRAMS / name, shipped, fmt)
    assert report.legal is expected["legal"] and errors(report.problems) == expected["errors"]
    assert report.persona == "Richie Ryan" and report.endurance == 52


@pytest.mark.parametrize("name", list(EXPECTED))
def test_each_file_names_its_own_format(name, shipped):
    """`Format: 1st Edition`, OCTGN's `Format: First Edition` in CDATA notes, Lackey's
    <format> and JSON's "First Edition" all mean first-edition."""
    assert check_file(PROGRAMS / name, shipped).format == EXPECTED[name]["format"]
    code, deck = cli_report(PROGRAMS / name)
    assert code == 0 and deck["format"] == "first-edition"


def cli_canonical(path: Path, *args: str) -> list[str]:
    result = runner.invoke(app, ["deck", "hash", str(path), "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["decks"][0]["canonical"].splitlines()


@pytest.mark.parametrize("fmt", (None, *FORMATS))
def test_one_fingerprint_for_every_kind(fmt):
    """The files that name no printing share one fingerprint; the LackeyCCG deck names a
    set on every card, and its canonical form differs exactly by the printings that decide
    a verdict (its SE printings in Type Two). In the 1E formats it names none that does:
    Master's Block: Richie Ryan's SE printing is not recorded, so it is no evidence."""
    extra = ("--format", fmt) if fmt else ()
    digests = {name: cli_hash(PROGRAMS / name, *extra) for name in EXPECTED}
    del digests["richie-lackey.dek"]
    assert len(set(digests.values())) == 1, digests
    forum = cli_canonical(PROGRAMS / "richie-forum.txt", *extra)
    lackey = cli_canonical(PROGRAMS / "richie-lackey.dek", *extra)
    printings = [line for line in lackey if " printing " in line]
    assert [line for line in lackey if line not in printings] == forum
    if fmt == "type-two":
        assert len(printings) == 20 and all(p.endswith(" printing 1E") for p in printings)
    else:
        assert printings == []


def test_sideboard_is_listed_never_counted():
    """Lackey writes one <card> per copy: its two Dodge copies are one sideboard line."""
    code, deck = cli_report(PROGRAMS / "richie-lackey.dek")
    lines = (PROGRAMS / "richie-lackey.dek").read_text(encoding="utf-8").split("\n")
    first_dodge = next(number for number, line in enumerate(lines, 1) if ">Dodge<" in line)
    assert deck["sideboard"] == [
        {"card": "Dodge", "count": 2, "line": first_dodge, "id": "dodge"},
        {"card": "Upper Guard", "count": 1, "line": first_dodge + 2, "id": "upper-guard"},
    ]
    for name in ("richie-forum.txt", "richie-lackey.dek"):
        text = runner.invoke(app, ["validate", str(PROGRAMS / name)]).stdout
        assert "sideboard (not checked): 2 Dodge, 1 Upper Guard" in text, name


# Round trip: every example deck, converted to every other kind, keeps its verdict and its
# fingerprint in every format. Decks with lines naming no single card are not converted.
EXAMPLE_DECKS = sorted(
    p
    for p in (ROOT / "examples").rglob("*")
    if p.suffix in KINDS and p.is_file() and p.name != "expected.json" and "tcboo" not in p.parts
)


def _verdict(deck, catalogue, fmt: str) -> tuple[bool, list[str], str]:
    report = check_deck(deck, catalogue, fmt)
    digest, _ = fingerprint(resolve_deck(deck, catalogue, fmt), "0" * 64)
    return report.legal, errors(report.problems), digest


@pytest.mark.parametrize("source", EXAMPLE_DECKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_round_trip_keeps_verdict_and_fingerprint(source, shipped, tmp_path):
    resolved = resolve_deck(read_deck(source), shipped)
    if resolved.unresolved or any(i.severity == "error" for i in resolved.issues):
        pytest.skip("not convertible: a line names no single card or cannot be read")
    before = {fmt: _verdict(read_deck(source), shipped, fmt) for fmt in FORMATS}
    own_format = check_file(source, shipped).format
    for kind in KINDS:
        target = tmp_path / f"converted{kind}"
        target.write_text(render(resolved, kind, shipped), encoding="utf-8")
        for fmt in FORMATS:
            assert _verdict(read_deck(target), shipped, fmt) == before[fmt], (kind, fmt)
        assert check_file(target, shipped).format == own_format, kind


def test_round_trip_covers_most_examples(shipped):
    convertible = [p for p in EXAMPLE_DECKS if not resolve_deck(read_deck(p), shipped).unresolved]
    assert len(convertible) >= 30


def test_convert_through_the_cli_keeps_the_fingerprint(tmp_path):
    source = PROGRAMS / "richie-lackey.dek"
    for kind in KINDS:
        target = tmp_path / f"deck{kind}"
        assert runner.invoke(app, ["deck", "convert", str(source), str(target)]).exit_code == 0
        for fmt in FORMATS:
            assert cli_hash(target, "--format", fmt) == cli_hash(source, "--format", fmt)


def test_convert_never_invents_a_format_line(tmp_path):
    source = tmp_path / "deck.txt"
    source.write_text("Persona: Richie Ryan\n3 Thrust\n", encoding="utf-8")
    for kind in KINDS:
        target = tmp_path / f"out{kind}"
        assert runner.invoke(app, ["deck", "convert", str(source), str(target)]).exit_code == 0
        written = target.read_text(encoding="utf-8")
        assert "format" not in written.lower(), (kind, written)


def test_unknown_persona_deck_still_has_a_fingerprint(tmp_path):
    deck = tmp_path / "typo.txt"
    deck.write_text("Persona: Dunkan\n3 Thrust\n", encoding="utf-8")
    result = runner.invoke(app, ["deck", "hash", str(deck), "--json"])
    assert result.exit_code == 0
    [entry] = json.loads(result.stdout)["decks"]
    canonical = entry["canonical"]
    assert "persona generic-immortal\n" in canonical and "\n1 - dunkan\n" in canonical


def test_fingerprint_vectors_for_every_kind_in_the_docs(shipped):
    import re

    doc = (ROOT / "docs" / "fingerprint.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| ([a-z-]+) \| `([0-9a-f]{64})` \|$", doc, re.MULTILINE))
    assert set(table) == set(FORMATS)
    for name in EXPECTED:
        for fmt in FORMATS:
            assert _verdict(read_deck(PROGRAMS / name), shipped, fmt)[2] == table[fmt]
        own = resolve_deck(read_deck(PROGRAMS / name), shipped)
        assert fingerprint(own, "0" * 64)[0] == table["first-edition"], name
