"""docs/architecture.md, the contributor's map of one `hlcg validate` run, names only modules
that exist, and names every door of the floor plan."""

from __future__ import annotations

import importlib
import re

from conftest import ROOT

DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
SRC = ROOT / "src"


def test_every_file_the_map_names_exists():
    paths = set(re.findall(r"`(src/hlcg/[\w/]+\.(?:py|json))`", DOC))
    assert len(paths) > 30
    assert sorted(p for p in paths if not (ROOT / p).is_file()) == []


def test_every_dotted_name_the_map_names_resolves():
    """``hlcg.deck.read_deck``, ``hlcg.catalog.Catalogue``, ``hlcg.cli.app:main``: a module,
    or a name its door (or module) serves."""
    names = set(re.findall(r"`(hlcg(?:\.\w+)+)(?::\w+)?", DOC))
    assert len(names) > 20
    missing = []
    for name in sorted(names):
        module, _, attribute = name.rpartition(".")
        try:
            importlib.import_module(name)
            continue
        except ModuleNotFoundError:
            pass
        try:
            getattr(importlib.import_module(module), attribute)
        except (ModuleNotFoundError, AttributeError):
            missing.append(name)
    assert missing == []


def test_the_map_names_every_stage_door():
    doors = {p.parent.name for p in (SRC / "hlcg").glob("*/__init__.py")}
    assert doors == {
        "answers",
        "catalog",
        "check",
        "cli",
        "curation",
        "deck",
        "event",
        "organise",
        "report",
        "rules",
        "tcboo",
        "web",
    }
    assert sorted(d for d in doors if f"`hlcg.{d}`" not in DOC) == []


def test_the_path_pattern_sees_a_merged_module():
    assert not (ROOT / "src/hlcg/check.py").exists()  # now the package hlcg.check
    assert re.findall(r"`(src/hlcg/[\w/]+\.py)`", "see `src/hlcg/check.py`") == [
        "src/hlcg/check.py"
    ]
