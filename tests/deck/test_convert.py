"""`hlcg deck convert`: every kind round-trips with its fingerprint; lines naming no single
card are never converted."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

from .test_fingerprint import fingerprint_of

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


@pytest.mark.parametrize("suffix", [".dek", ".o8d", ".json", ".txt"])
def test_convert_round_trip_keeps_the_fingerprint(tmp_path, suffix):
    source = ROOT / "examples/decks/valid/richie-ryan-type-one.txt"
    converted = tmp_path / f"deck{suffix}"
    back = tmp_path / "back.txt"
    assert invoke("deck", "convert", str(source), str(converted)).exit_code == 0
    assert invoke("deck", "convert", str(converted), str(back)).exit_code == 0
    assert fingerprint_of(source) == fingerprint_of(converted) == fingerprint_of(back)


def test_convert_refuses_unresolved_lines(tmp_path):
    result = invoke(
        "deck",
        "convert",
        str(ROOT / "examples/decks/invalid/unknown-card.txt"),
        str(tmp_path / "x.dek"),
    )
    assert result.exit_code == 1 and "unknown-card" in result.stderr
    assert not (tmp_path / "x.dek").exists()


def _report(path, *extra: str) -> tuple[int, dict]:
    result = invoke("validate", str(path), "--output", "json", *extra)
    return result.exit_code, json.loads(result.stdout)["decks"][0]


def _codes(deck: dict) -> list[str]:
    return sorted(p["code"] for p in deck["problems"])


@pytest.mark.parametrize("suffix", [".dek", ".o8d"])
def test_a_persona_listed_under_endurance_is_written_once(tmp_path, suffix):
    # issue 23: the converted file listed Richie Ryan twice (HL302, HL303: two personas)
    source = tmp_path / "richie.txt"
    example = (ROOT / "examples/decks/valid/richie-ryan-type-one.txt").read_text()
    source.write_text(example + "1 Richie Ryan\n", encoding="utf-8")
    converted = tmp_path / f"richie{suffix}"
    assert invoke("deck", "convert", str(source), str(converted)).exit_code == 0
    assert converted.read_text(encoding="utf-8").count('id="richie-ryan-se"') == 1
    (code, before), (code_after, after) = _report(source), _report(converted)
    assert code == code_after == 0
    assert (before["legal"], before["errors"], before["warnings"]) == (True, 0, 1)
    assert (after["legal"], after["errors"], after["warnings"]) == (True, 0, 1)
    warning = "Richie Ryan is a pre-game card (persona) listed under Endurance; counted as pre-game"
    assert [p["message"] for p in after["problems"] if p["code"] == "HL001"] == [warning]
    assert _codes(before) == _codes(after)
    assert before["pregame"] == after["pregame"] == 1
    assert before["fingerprint"] == after["fingerprint"] == fingerprint_of(converted)


KURGAN = ROOT / "examples/decks/valid/kurgan-forum-markdown-first-edition.txt"


def _kurgan_movie_edition(tmp_path, fmt: str | None):
    """The Kurgan example declaring `Persona: Kurgan (Movie Edition)`, in ``fmt`` (None:
    no Format line, so Type Two)."""
    lines = KURGAN.read_text(encoding="utf-8").splitlines()
    lines = [line for line in lines if not line.startswith("Format:")]
    lines = [
        "Persona: Kurgan (Movie Edition)" if line.startswith("Persona:") else line for line in lines
    ]
    if fmt:
        lines.insert(0, f"Format: {fmt}")
    source = tmp_path / "kurgan.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return source


@pytest.mark.parametrize("suffix", [".dek", ".o8d"])
def test_kurgan_movie_edition_keeps_its_verdict_in_first_edition(tmp_path, suffix):
    source = _kurgan_movie_edition(tmp_path, "First Edition")
    converted = tmp_path / f"kurgan{suffix}"
    assert invoke("deck", "convert", str(source), str(converted)).exit_code == 0
    (code, before), (code_after, after) = _report(source), _report(converted)
    assert code == code_after == 0 and before["legal"] and after["legal"]
    assert _codes(before) == _codes(after)
    assert before["fingerprint"] == after["fingerprint"] == fingerprint_of(KURGAN)


@pytest.mark.parametrize("suffix", [".dek", ".o8d"])
def test_kurgan_movie_edition_stays_the_movie_edition_persona_in_type_two(tmp_path, suffix):
    # issue 23: the converted file named `The Kurgan`, which in Type Two is the 2nd Edition
    # persona: another persona, another fingerprint. It now carries the printing, ME; and
    # the source names that printing as `Persona: Kurgan [ME]` does: a 1E set Type Two
    # does not take, the same error in both.
    source = _kurgan_movie_edition(tmp_path, None)
    converted = tmp_path / f"kurgan{suffix}"
    assert invoke("deck", "convert", str(source), str(converted)).exit_code == 0
    written = converted.read_text(encoding="utf-8")
    assert ("<set>ME</set>" if suffix == ".dek" else "The Kurgan [ME]</card>") in written
    bracketed = tmp_path / "kurgan-bracketed.txt"
    text = source.read_text(encoding="utf-8")
    bracketed.write_text(text.replace("(Movie Edition)", "[ME]"), encoding="utf-8")
    reports = [_report(path) for path in (source, converted, bracketed)]
    assert [code for code, _ in reports] == [1, 1, 1]
    error = (
        "The Kurgan [the-kurgan-me] is not legal in type-two (the deck names its ME printing, "
        "a 1E set; type-two takes 2E cards)"
    )
    for _, deck in reports:
        assert [p["message"] for p in deck["problems"] if p["severity"] == "error"] == [error]
    assert len({deck["fingerprint"] for _, deck in reports}) == 1
    assert len({tuple(_codes(deck)) for _, deck in reports}) == 1


@pytest.mark.parametrize("suffix", [".dek", ".o8d"])
def test_the_printing_a_persona_line_names_goes_on_the_line_listing_the_persona(tmp_path, suffix):
    # `Persona: Richie Ryan [SE]` names the SE printing; the converted file has no Persona
    # line, so the line listing him carries it (else a note on his inferred SE printing).
    source = tmp_path / "richie.txt"
    example = (ROOT / "examples/decks/valid/richie-ryan-type-one.txt").read_text()
    text = example.replace("Persona: Richie Ryan\n", "Persona: Richie Ryan [SE]\n")
    source.write_text(text + "1 Richie Ryan\n", encoding="utf-8")
    converted = tmp_path / f"richie{suffix}"
    assert invoke("deck", "convert", str(source), str(converted)).exit_code == 0
    written = converted.read_text(encoding="utf-8")
    assert ("<set>SE</set>" if suffix == ".dek" else "Richie Ryan [SE]</card>") in written
    (code, before), (code_after, after) = _report(source), _report(converted)
    assert code == code_after == 0
    assert (before["notes"], before["warnings"]) == (after["notes"], after["warnings"])
    assert _codes(before) == _codes(after)
    assert before["fingerprint"] == after["fingerprint"]
