"""A judge's folder run accounts for every file (issue 32, point 6), and --fix never loses a
card (point 7): through the CLI, exit codes and every report kind."""

from __future__ import annotations

import json
import shutil
from xml.etree import ElementTree

import jsonschema
import pytest
from typer.testing import CliRunner

import xsd_check
from conftest import ROOT
from hlcg.cli.app import app

runner = CliRunner()
VALID = ROOT / "examples/decks/valid"
LACKEY = ROOT / "examples/programs/richie-lackey.dek"
REPORT_KINDS = ("text", "json", "junit", "sarif", "github", "gitlab")


def invoke(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture
def judged_folder(tmp_path):
    """Two legal decks, a deck saved as `.dec` and as a forum-style `.md`, then the files a
    judge finds beside them: notes in `.md`, a `.bak` copy and a saved report."""
    folder = tmp_path / "decks"
    folder.mkdir()
    shutil.copy(VALID / "duncan-first-edition.txt", folder / "duncan.txt")
    shutil.copy(VALID / "methos-first-edition.txt", folder / "methos.txt")
    shutil.copy(VALID / "methos-first-edition.txt", folder / "methos.dec")
    post = (VALID / "kurgan-forum-markdown-first-edition.txt").read_text(encoding="utf-8")
    (folder / "kurgan.md").write_text("# My Kurgan deck\n\n" + post, encoding="utf-8")
    (folder / "notes.md").write_text("# Notes\n\nRound 2 starts at noon.\n", encoding="utf-8")
    shutil.copy(VALID / "duncan-first-edition.txt", folder / "duncan.txt.bak")
    saved = invoke("validate", str(folder / "duncan.txt"), "-o", "json")
    (folder / "report.json").write_text(saved.stdout, encoding="utf-8")
    return folder


SKIPPED = {
    "duncan.txt.bak": "a backup copy, .bak",
    "notes.md": "a .md file that does not read as a deck",
    "report.json": "an hlcg JSON report",
}
DECKS = ["duncan.txt", "kurgan.md", "methos.dec", "methos.txt"]


def _names(paths):
    return sorted(path.rsplit("/", 1)[-1] for path in paths)


def test_a_folder_run_names_every_file_in_json(judged_folder):
    result = invoke("validate", str(judged_folder), "-o", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    jsonschema.validate(data, json.loads((ROOT / "schemas/report.schema.json").read_text()))
    assert _names(d["path"] for d in data["decks"]) == DECKS
    assert {s["path"].rsplit("/", 1)[-1]: s["reason"] for s in data["skipped"]} == SKIPPED
    assert data["summary"]["decks"] == 4 and data["summary"]["skipped"] == 3
    assert all(d["legal"] for d in data["decks"])


def test_a_folder_run_names_every_file_in_text_once_each_and_counts_them(judged_folder):
    result = invoke("validate", str(judged_folder))
    assert result.exit_code == 0
    for name, reason in SKIPPED.items():
        note = f"note: skipped {judged_folder / name}: not a deck ({reason})"
        assert result.stdout.count(note) == 1
        assert note not in result.stderr  # the report names it; the terminal once
    skipped = ", ".join(str(judged_folder / name) for name in ("duncan.txt.bak", "notes.md"))
    summary = result.stderr.rstrip().splitlines()[-1]
    assert summary.startswith("4 of 4 decks legal")  # then the decks not checked in full
    assert f", 3 files skipped: {skipped}, " in summary
    assert f"{judged_folder / 'report.json'}\n" in result.stderr


@pytest.mark.parametrize("kind", REPORT_KINDS)
def test_every_report_kind_names_every_file(judged_folder, kind):
    result = invoke("validate", str(judged_folder), "-o", kind)
    assert result.exit_code == 0, result.output
    for name in [*SKIPPED, *DECKS]:
        if kind == "github" or (kind == "gitlab" and name in DECKS):
            continue  # annotations and Code Quality issues name only what has a finding
        assert name in result.stdout, (kind, name)
    if kind in ("github", "gitlab"):
        for name in SKIPPED:
            assert name in result.stdout, (kind, name)


def test_junit_has_a_skipped_test_case_per_file_passed_over(judged_folder):
    result = invoke("validate", str(judged_folder), "-o", "junit")
    root = ElementTree.fromstring(result.stdout)
    models = xsd_check.load(ROOT / "tests/schemas/junit-10.xsd")
    assert xsd_check.errors(result.stdout, models, {"testsuites", "testsuite"}) == []
    assert root.get("tests") == "7" and root.get("failures") == "0"
    skipped = {
        case.get("name").rsplit("/", 1)[-1]: case.find("skipped").get("message")
        for case in root.iter("testcase")
        if case.find("skipped") is not None
    }
    assert skipped == {name: f"not a deck ({reason})" for name, reason in SKIPPED.items()}


def test_sarif_github_and_gitlab_name_skipped_files_without_failing(judged_folder):
    sarif = json.loads(invoke("validate", str(judged_folder), "-o", "sarif").stdout)
    [invocation] = sarif["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is True
    notes = invocation["toolExecutionNotifications"]
    assert {n["descriptor"]["id"] for n in notes} == {"skipped-file"}
    assert all(n["level"] == "note" for n in notes) and len(notes) == 3
    github = invoke("validate", str(judged_folder), "-o", "github").stdout
    assert github.count("title=skipped file::not a deck (") == 3
    gitlab = json.loads(invoke("validate", str(judged_folder), "-o", "gitlab").stdout)
    skipped = [issue for issue in gitlab if issue["check_name"] == "skipped-file"]
    assert len(skipped) == 3 and {issue["severity"] for issue in skipped} == {"info"}


@pytest.mark.parametrize("kind", REPORT_KINDS)
def test_a_saved_report_is_never_read_as_a_deck_on_a_second_run(judged_folder, kind):
    saved = judged_folder / f"saved-{kind}.out"
    first = invoke("validate", str(judged_folder), "-o", kind, "--output-file", str(saved))
    assert first.exit_code == 0, first.output
    second = invoke("validate", str(judged_folder), "-o", "json")
    assert second.exit_code == 0, second.output
    data = json.loads(second.stdout)
    assert _names(d["path"] for d in data["decks"]) == DECKS
    reasons = {s["path"].rsplit("/", 1)[-1]: s["reason"] for s in data["skipped"]}
    assert reasons[saved.name].startswith("an hlcg ") and reasons[saved.name].endswith(" report")


def test_a_text_report_saved_as_txt_is_skipped_not_judged(judged_folder):
    saved = judged_folder / "round-1.txt"
    invoke("validate", str(judged_folder), "--output-file", str(saved))
    again = invoke("validate", str(judged_folder), "-o", "json")
    skipped = json.loads(again.stdout)["skipped"]
    reasons = {s["path"].rsplit("/", 1)[-1]: s["reason"] for s in skipped}
    assert reasons["round-1.txt"] == "an hlcg text report"


def test_a_dec_file_that_is_no_deck_list_is_named(tmp_path):
    shutil.copy(VALID / "methos-first-edition.txt", tmp_path / "methos.txt")
    (tmp_path / "library.dec").write_text("Decorations for the hall\nTables\n", encoding="utf-8")
    (tmp_path / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    data = json.loads(invoke("validate", str(tmp_path), "-o", "json").stdout)
    assert {s["path"].rsplit("/", 1)[-1]: s["reason"] for s in data["skipped"]} == {
        "library.dec": "a .dec file that does not read as a deck",
        "photo.png": "a .png file: folder scans read .txt, .deck, .json, .dek, .o8d, .md, .dec",
    }


def test_a_deck_named_on_the_command_line_as_md_is_checked(tmp_path):
    deck = tmp_path / "deck.md"
    shutil.copy(VALID / "methos-first-edition.txt", deck)
    result = invoke("validate", str(deck), "-o", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["decks"][0]["legal"] is True


# --- --fix never loses a card (point 7) ------------------------------------------------------


def _misspelt_lackey(tmp_path, *, extra_upper_left: int = 0):
    """Richie's LackeyCCG deck with its three Thrust written `Thurst` (no card matches it
    confidently), and optionally more Upper Left Attacks than the limit of 6."""
    text = LACKEY.read_text(encoding="utf-8").replace(">Thrust<", ">Thurst<")
    card = '\t\t<card><name id="UppLefAtt_S">Upper Left Attack</name><set>SE</set></card>\n'
    text = text.replace(card, card * (1 + extra_upper_left), 1)
    deck = tmp_path / "richie.dek"
    deck.write_text(text, encoding="utf-8")
    return deck


def test_fix_of_a_dek_with_only_a_misspelt_card_writes_nothing_and_says_so(tmp_path):
    deck = _misspelt_lackey(tmp_path)
    result = invoke("validate", str(deck), "--fix")
    assert result.exit_code == 1
    assert f"{deck}: no automatic fix for its problems" in result.stderr
    # no file is written, so nothing is "kept": the report's unknown-card error says it all
    assert "kept" not in result.stderr and "Thurst" in result.stdout
    assert not (tmp_path / "richie.dek.fixed.txt").exists()


def test_fix_of_a_dek_keeps_the_misspelt_copies_beside_what_it_fixes(tmp_path):
    deck = _misspelt_lackey(tmp_path, extra_upper_left=4)  # 7 copies: over the limit
    before = json.loads(invoke("validate", str(deck), "-o", "json").stdout)["decks"][0]
    result = invoke("validate", str(deck), "--fix")
    assert "wrote " in result.stderr and ": removed 1 Upper Left Attack" in result.stderr
    assert result.exit_code == 1
    fixed = tmp_path / "richie.dek.fixed.txt"
    text = fixed.read_text(encoding="utf-8")
    assert "3 Thurst\n" in text and "Thrust" not in text
    again = json.loads(invoke("validate", str(fixed), "-o", "json").stdout)["decks"][0]
    assert again["legal"] is False
    assert [p["code"] for p in again["problems"] if p["severity"] == "error"] == ["HL002"]
    # one Upper Left Attack removed; no copy of Thurst lost
    assert again["unrecognised"] == before["unrecognised"] == 3
    assert again["endurance"] == before["endurance"] - 1
    assert "kept 3 Thurst" in result.stderr


def test_fix_of_an_o8d_keeps_a_misspelt_card(tmp_path):
    source = ROOT / "examples/programs/richie-octgn.o8d"
    deck = tmp_path / "richie.o8d"
    deck.write_text(
        source.read_text(encoding="utf-8").replace(">Thrust<", ">Thurst<"), encoding="utf-8"
    )
    before = json.loads(invoke("validate", str(deck), "-o", "json").stdout)["decks"][0]
    result = invoke("validate", str(deck), "--fix")
    assert result.exit_code == 1
    # nothing to fix: no file written, the copies stay in the .o8d, no word of keeping
    assert f"{deck}: no automatic fix for its problems" in result.stderr
    assert "kept" not in result.stderr and ">Thurst<" in deck.read_text(encoding="utf-8")
    assert before["legal"] is False


def test_fix_writes_a_new_persona_by_name(tmp_path):
    deck = tmp_path / "deck.txt"
    shutil.copy(ROOT / "examples/decks/invalid/format-legality.txt", deck)
    invoke("validate", str(deck), "--fix")
    text = (tmp_path / "deck.fixed.txt").read_text(encoding="utf-8")
    assert "Persona: Duncan MacLeod\n" in text and "duncan-macleod-se" not in text


@pytest.mark.parametrize("kind", ["json", "junit", "sarif", "github", "gitlab"])
def test_a_run_that_skips_every_file_still_writes_its_report(tmp_path, kind):
    readme = tmp_path / "README.md"
    readme.write_text("# Decks\n", encoding="utf-8")
    result = invoke("validate", "--skip-non-decks", str(readme), "-o", kind)
    assert result.exit_code == 0
    assert "no deck files to check" in result.stderr
    assert str(readme) in result.stdout
    if kind == "json":
        data = json.loads(result.stdout)
        assert data["decks"] == [] and data["summary"]["skipped"] == 1


@pytest.mark.parametrize("kind", ["text", "github", "junit"])
def test_a_saved_report_named_as_a_deck_is_refused_with_what_it_is(judged_folder, kind):
    saved = judged_folder / f"round-1-{kind}.txt"
    invoke("validate", str(judged_folder / "duncan.txt"), "-o", kind, "--output-file", str(saved))
    result = invoke("validate", str(saved), "-o", "json")
    assert result.exit_code == 2
    [unreadable] = json.loads(result.stdout)["unreadable"]
    name = {"text": "text", "github": "GitHub annotations", "junit": "JUnit"}[kind]
    assert unreadable["message"] == f"an hlcg {name} report, not a deck; check the decks it names"
