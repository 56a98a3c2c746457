"""`hlcg validate --jobs`: a folder checked in worker processes gives the reports, messages
and exit code of `--jobs 1`, byte for byte and in the same order, in every report kind."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

KINDS = ("json", "junit", "sarif", "text", "github", "gitlab")


@pytest.fixture(scope="module")
def mixed_folder(tmp_path_factory, shipped) -> Path:
    """The example decks as text, the valid ones also as JSON, .dek and .o8d (written by
    hlcg's writer), the decks as tried by players, a JSON deck naming no card, and a file
    that cannot be read: enough decks for two workers."""
    from hlcg.check import read_deck, resolve_deck
    from hlcg.deck import render

    folder = tmp_path_factory.mktemp("mixed")
    for source in sorted((ROOT / "examples" / "decks").glob("*/*.txt")):
        shutil.copy(source, folder / f"{source.parent.name}-{source.name}")
        if source.parent.name == "valid":
            resolved = resolve_deck(read_deck(source), shipped)
            for suffix in (".json", ".dek", ".o8d"):
                written = render(resolved, suffix, shipped)
                (folder / f"{source.stem}{suffix}").write_text(written, encoding="utf-8")
    for source in sorted((ROOT / "tests" / "decks_tried").glob("kurgan*")):
        shutil.copy(source, folder / source.name)
    (folder / "unknown.txt").write_text(
        "Persona: Duncan MacLeod\nEndurance:\n3 Dodge\n2 Xyzzy Qwerty Plugh\n", encoding="utf-8"
    )
    (folder / "unknown.json").write_text(
        '{"persona": "Duncan MacLeod", "endurance": [{"card": "No Such Card", "count": 2}]}\n',
        encoding="utf-8",
    )
    (folder / "zz-binary.txt").write_bytes(b"\x00\x01\x02 not a deck \xff\xfe")
    return folder


def validate(*args: str) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "HLCG_DB")}
    return subprocess.run(
        [sys.executable, "-m", "hlcg", "validate", *args], capture_output=True, env=env
    )


@pytest.mark.parametrize("kind", KINDS)
def test_jobs_give_the_reports_of_one_process_byte_for_byte(mixed_folder, kind):
    one = validate(str(mixed_folder), "-o", kind, "--jobs", "1")
    two = validate(str(mixed_folder), "-o", kind, "--jobs", "2")
    assert one.returncode == 2  # the file that cannot be read
    assert (two.returncode, two.stdout, two.stderr) == (one.returncode, one.stdout, one.stderr)
    assert b"Traceback" not in two.stderr
    assert two.stderr.count(b"hlcg: error: ") == 1
    assert f"hlcg: error: {mixed_folder / 'zz-binary.txt'}: ".encode() in two.stderr


def test_the_json_report_of_a_mixed_folder(mixed_folder):
    import json

    result = validate(str(mixed_folder), "-o", "json", "--jobs", "2")
    report = json.loads(result.stdout)
    decks = sorted(mixed_folder.iterdir())
    assert [d["path"] for d in report["decks"]] == [str(p) for p in decks[:-1]]
    assert report["summary"]["decks"] == len(decks) - 1 == len(report["decks"])
    assert [u["path"] for u in report["unreadable"]] == [str(decks[-1])]
    named = {Path(d["path"]).name: d for d in report["decks"]}
    unknown = [(p["code"], p["line"]) for p in named["unknown.txt"]["problems"]]
    assert ("HL002", 4) in unknown
    assert "HL002" in [p["code"] for p in named["unknown.json"]["problems"]]
    assert all(d["fingerprint"] for d in report["decks"])


def test_workers_check_the_decks(mixed_folder, tmp_path, monkeypatch):
    """--jobs 3 really checks in this process and two others, each opening the catalogue
    once."""
    import hlcg.check.runs as runner

    start = runner._start_worker

    def noted(*args):
        (tmp_path / f"worker-{os.getpid()}").write_text("")
        start(*args)

    monkeypatch.setattr(runner, "_start_worker", noted)
    result = CliRunner().invoke(app, ["validate", str(mixed_folder), "-o", "json", "-j", "3"])
    assert result.exit_code == 2
    workers = {p.name for p in tmp_path.iterdir()}
    assert len(workers) == 2
    assert f"worker-{os.getpid()}" not in workers


def test_a_small_run_stays_in_one_process():
    from hlcg.check import process_count

    assert process_count(2, 31) == 1
    assert process_count(2, 32) == 2
    assert process_count(8, 40) == 2
    assert process_count(1, 10_000) == 1


def test_output_file_streamed_whole_and_terminal_text(mixed_folder, tmp_path):
    out = tmp_path / "report.sarif"
    one = validate(str(mixed_folder), "-o", "sarif", "--jobs", "1")
    two = validate(str(mixed_folder), "-o", "sarif", "--output-file", str(out), "--jobs", "2")
    text = validate(str(mixed_folder), "--jobs", "1")
    assert two.returncode == 2
    assert out.read_bytes() == one.stdout
    assert two.stdout == text.stdout
    assert list(tmp_path.iterdir()) == [out]  # no temporary file left beside it


def test_fix_and_all_formats_run_in_one_process_with_jobs(tmp_path):
    deck = tmp_path / "deck.txt"
    shutil.copy(ROOT / "examples" / "decks" / "invalid" / "title-limit.txt", deck)
    fixed = validate(str(deck), "--fix", "--jobs", "2")
    assert fixed.returncode == 1
    assert (tmp_path / "deck.fixed.txt").exists()
    matrix = validate(str(deck), "--all-formats", "--jobs", "2")
    assert matrix.returncode == 1
    assert b"type-two" in matrix.stdout


def test_jobs_must_be_at_least_one(mixed_folder):
    result = validate(str(mixed_folder), "--jobs", "0")
    assert result.returncode == 2
    assert b"--jobs" in result.stderr
