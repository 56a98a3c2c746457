"""Folders a glob matches (`decks/*`, `decks/**`) are searched as a folder named on the
command line is: never "COULD NOT READ: is a directory", each deck once however many
patterns and folders reach it, a folder without decks no error, links to folders unfollowed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hlcg.cli.app import app

DECK = "Persona: Duncan MacLeod\n3 Dodge\n"


@pytest.fixture
def tree(tmp_path) -> Path:
    root = tmp_path / "decks"
    (root / "sub" / "deeper").mkdir(parents=True)
    (root / "empty").mkdir()
    for name in ("a.txt", "sub/b.txt", "sub/deeper/c.txt"):
        (root / name).write_text(DECK, encoding="utf-8")
    if os.name == "posix":
        (root / "loop").symlink_to(root, target_is_directory=True)
        (root / "again").symlink_to(root / "sub", target_is_directory=True)
    return root


def checked(*patterns: str) -> tuple[int, list[str], str]:
    result = CliRunner().invoke(app, ["validate", *patterns, "-o", "json"])
    report = json.loads(result.stdout)
    assert report["unreadable"] == []
    return result.exit_code, [deck["path"] for deck in report["decks"]], result.stderr


@pytest.mark.parametrize("pattern", ["**", "*", "**/*", "su*"])
def test_a_globbed_folder_is_searched_and_each_deck_comes_once(tree, pattern):
    code, paths, stderr = checked(str(tree / pattern), str(tree / "a.txt"))
    assert code == 1  # the decks are illegal (3 cards): checked, none unreadable
    expected = {
        "**": ["a.txt", "sub/b.txt", "sub/deeper/c.txt"],
        "*": ["a.txt", "sub/b.txt", "sub/deeper/c.txt"],
        "**/*": ["a.txt", "sub/b.txt", "sub/deeper/c.txt"],
        "su*": ["sub/b.txt", "sub/deeper/c.txt", "a.txt"],
    }[pattern]
    assert paths == [str(tree / name) for name in expected]
    assert stderr == ""


def test_a_glob_matching_only_a_folder_without_decks_is_a_usage_error(tree):
    result = CliRunner().invoke(app, ["validate", str(tree / "emp*")])
    assert result.exit_code == 2
    assert result.stderr == "hlcg: error: no deck files found\n"
