"""The kinds of deck file (hlcg.deck.DECK_KINDS): one table, and everything that lists
deck files (the folder search, `db gaps`, the web page, the CLI's help and choices, the
README) goes by it."""

from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app
from hlcg.cli.deck import DeckKind
from hlcg.deck import DECK_KINDS, DECK_SUFFIXES, TEXT_SUFFIXES, WRITE_SUFFIXES, deck_kind
from test_layout import cycles

runner = CliRunner()
VALID = ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt"
DECK_PACKAGE = ROOT / "src" / "hlcg" / "deck"


def test_the_table_says_what_each_kind_is():
    assert DECK_SUFFIXES == (".txt", ".deck", ".json", ".dek", ".o8d")
    assert TEXT_SUFFIXES == (".txt", ".deck")
    assert WRITE_SUFFIXES == DECK_SUFFIXES
    assert [DECK_KINDS[s].label for s in (".dek", ".o8d")] == ["LackeyCCG deck", "OCTGN deck"]
    # any other extension is read as a text deck
    assert deck_kind("my deck.LIST") == DECK_KINDS[".txt"]
    assert deck_kind("bob.DEK").label == "LackeyCCG deck"


def test_db_gaps_ranks_by_every_kind_of_example_deck(tmp_path, monkeypatch):
    """`db gaps` without decks ranks by examples/decks/: a `.deck` deck counts as the `.txt`
    one does (its list once lacked `.deck`)."""
    folder = tmp_path / "examples" / "decks" / "valid"
    folder.mkdir(parents=True)
    shutil.copy(VALID, folder / "a.txt")
    shutil.copy(VALID, folder / "b.deck")
    (folder / "notes.md").write_text("# not a deck\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["db", "gaps", "--output", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["decks"] == 2


def test_a_deck_file_of_an_unlisted_extension_is_read_as_text(tmp_path):
    deck = tmp_path / "duncan.list"
    shutil.copy(VALID, deck)
    result = runner.invoke(app, ["validate", str(deck), "--output", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["summary"]["legal"] == 1


def test_the_web_page_accepts_the_kinds_the_table_lists():
    page = (ROOT / "src" / "hlcg" / "web" / "static" / "index.html").read_text(encoding="utf-8")
    accepted = re.search(r'<input id="file" type="file" accept="([^"]*)">', page)
    assert accepted is not None
    assert tuple(accepted[1].split(",")) == DECK_SUFFIXES


def test_validate_help_and_the_readme_list_the_kinds_a_folder_is_searched_for():
    result = runner.invoke(app, ["validate", "--help"])
    assert result.exit_code == 0
    help_text = " ".join(result.stdout.split())
    searched = re.search(r"searched recursively for (.+?) files", help_text)
    assert searched is not None
    assert tuple(re.findall(r"\.\w+", searched[1])) == DECK_SUFFIXES
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    listed = re.search(
        r"`hlcg validate` takes files, folders \(searched for (.+?), skipping", readme
    )
    assert listed is not None
    assert tuple(re.findall(r"`(\.\w+)`", listed[1])) == DECK_SUFFIXES


def test_deck_convert_offers_every_writer_by_the_names_of_the_kinds():
    """--to takes the names the API's `to` takes (hlcg.deck.WRITTEN_KIND_NAMES): each
    writer, a text deck as "text" and "txt"."""
    from hlcg.deck import KIND_NAMES, WRITTEN_KIND_NAMES

    writers = {kind.writer for kind in DECK_KINDS.values() if kind.writer}
    assert tuple(choice.value for choice in DeckKind) == WRITTEN_KIND_NAMES
    assert {DECK_KINDS[KIND_NAMES[choice.value]].writer for choice in DeckKind} == writers


@pytest.mark.parametrize("target", ["out.xml", "out.DECKLIST"])
def test_deck_convert_refuses_a_kind_it_cannot_write(tmp_path, target):
    result = runner.invoke(app, ["deck", "convert", str(VALID), str(tmp_path / target)])
    assert result.exit_code == 2
    suffix = Path(target).suffix.lower()
    assert f"cannot write {suffix!r}; use one of .txt, .deck, .json, .dek, .o8d" in result.stderr


def _deck_imports(path: Path) -> set[str]:
    """The deck modules ``path`` imports, type-checking imports included."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            found.update(n for n in names if n.startswith("hlcg.deck."))
    return found


def test_the_deck_modules_form_no_cycle_even_for_the_type_checker():
    modules = {f"hlcg.deck.{p.stem}" for p in DECK_PACKAGE.glob("*.py") if p.stem != "__init__"}
    graph = {
        name: _deck_imports(DECK_PACKAGE / f"{name.rpartition('.')[2]}.py") & modules
        for name in modules
    }
    assert cycles(graph) == set()
