"""The check has one corridor: the exit code of a run, the rule whether a deck fails and the
check of the options are each defined in one place (docs/architecture.md §2 and §6 name
them), and the check of the options runs once per run, at the door."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from conftest import ROOT

SRC = ROOT / "src" / "hlcg"
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _trees(word: str, root: Path) -> list[tuple[Path, ast.Module]]:
    """The modules under ``root`` whose text holds ``word``, parsed (the others cannot define
    or call it, and parsing every module would cost seconds)."""
    texts = ((path, path.read_text(encoding="utf-8")) for path in sorted(root.rglob("*.py")))
    return [(path, ast.parse(text)) for path, text in texts if word in text]


def _definitions(name: str, root: Path = SRC) -> list[str]:
    """Every function or method called ``name`` under ``root``, as ``path:Class.name``."""
    found = []
    for path, tree in _trees(f"def {name}(", root):
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                found += [
                    f"{path.relative_to(root)}:{node.name}.{item.name}"
                    for item in node.body
                    if isinstance(item, ast.FunctionDef) and item.name == name
                ]
            elif isinstance(node, ast.Module):
                found += [
                    f"{path.relative_to(root)}:{item.name}"
                    for item in node.body
                    if isinstance(item, ast.FunctionDef) and item.name == name
                ]
    return found


def _callers(attribute: str, root: Path = SRC) -> list[str]:
    """The functions under ``root`` that call ``x.attribute(...)``, as ``path:function``."""
    found = []
    for path, tree in _trees(f".{attribute}(", root):
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            calls = [
                node
                for node in ast.walk(function)
                if isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == attribute
            ]
            if calls:
                found.append(f"{path.relative_to(root)}:{function.name}")
    return found


def test_the_exit_code_the_failure_rule_and_the_option_check_are_each_defined_once():
    assert _definitions("exit_code") == ["check/runs.py:RunResult.exit_code"]
    assert _definitions("fails") == ["report/streaming.py:DeckSummary.fails"]
    assert _definitions("check_usage") == ["check/deck.py:CheckOptions.check_usage"]
    # The map names the same owners.
    assert "`RunResult.exit_code` (`src/hlcg/check/runs.py`)" in DOC
    assert "`DeckSummary.fails` (`src/hlcg/report/streaming.py`)" in DOC


def test_the_options_are_checked_only_at_the_doors():
    """A run checks them as it starts, a single ``check_deck`` for callers outside; the
    CLI and everything behind the door take them as checked."""
    assert sorted(_callers("check_usage")) == ["check/deck.py:check_deck", "check/runs.py:__init__"]


def test_decks_are_judged_only_through_the_check():
    """The rules' ``validate`` is called in one place, ``hlcg.check.judge`` (readings
    settled, the date, the format the catalogue records): every command that judges a deck
    (`validate`, `deck stats`, `db gaps`, `db fill`) gives the one verdict."""
    importers = [
        f"{path.relative_to(SRC)}:{node.module}"
        for path, tree in _trees("validate", SRC)
        if path.relative_to(SRC).parts[0] != "rules"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and (node.module or "").startswith("hlcg.rules")
        and any(alias.name == "validate" for alias in node.names)
    ]
    assert importers == ["check/deck.py:hlcg.rules"]


def test_the_measures_find_what_they_look_for(tmp_path):
    (tmp_path / "a.py").write_text(
        "class R:\n    def exit_code(self):\n        return options.check_usage()\n"
        "def exit_code():\n    pass\n",
        encoding="utf-8",
    )
    assert sorted(_definitions("exit_code", tmp_path)) == ["a.py:R.exit_code", "a.py:exit_code"]
    assert _callers("check_usage", tmp_path) == ["a.py:exit_code"]


def test_a_run_checks_its_options_once(monkeypatch, tmp_path, shipped):
    """Once for the whole run, however many decks: not again per deck."""
    from hlcg.check import CheckOptions, run

    for n in range(3):
        (tmp_path / f"deck{n}.txt").write_text("Persona: Duncan MacLeod\n", encoding="utf-8")
    calls = []
    check_usage = CheckOptions.check_usage

    def counted(self: CheckOptions, paths=()) -> CheckOptions:
        calls.append(self)
        return check_usage(self, paths)

    monkeypatch.setattr(CheckOptions, "check_usage", counted)
    result = run([tmp_path], CheckOptions(select=("title-limit",)), catalogue=shipped)
    assert (len(result.checked), len(calls)) == (3, 1)


def test_a_data_gap_names_its_rule_as_a_field(check):
    """`unchecked` notes say which rule's check they could not finish in ``source``, so no
    reader parses it out of the message (`hlcg db gaps`, the fill questions)."""
    from hlcg.rules import RULES

    report = check("Persona: Hero\n1 Mystery")
    gaps = [p for p in report.problems if p.rule == "unchecked"]
    assert gaps and all(p.source in RULES for p in gaps)
    assert all(p.message.startswith(f"{p.source}: ") for p in gaps)
    assert all("source" not in p.to_json() for p in gaps)  # the reports' bytes stay


def test_rule_names_are_written_only_in_the_rules():
    """The deck reader says a line names no card or several (``Unresolved.kind``); which
    rule that breaks is the rules' word (``RULE_OF_UNRESOLVED``)."""
    written = [
        str(path.relative_to(SRC))
        for path in sorted(SRC.rglob("*.py"))
        if path.relative_to(SRC).parts[0] != "rules"
        and any(f'"{name}"' in path.read_text(encoding="utf-8") for name in UNRESOLVED_RULES)
    ]
    assert written == []


UNRESOLVED_RULES = ("unknown-card", "ambiguous-card")


def _counted(monkeypatch, calls: list[str], module, name: str) -> None:
    original = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(name)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)


def _validate_counting(monkeypatch, tmp_path, decks: list[str], *options: str) -> list[str]:
    """The options' checks made by one `hlcg validate` run over ``decks`` (in-process):
    the check of the options, the format's and the date's normalising, the catalogue
    asked for the format, wherever the command line or the check would look them up."""
    from typer.testing import CliRunner

    import hlcg.catalog
    import hlcg.check.deck
    import hlcg.cli.common
    from hlcg.check import CheckOptions
    from hlcg.cli.app import app

    calls: list[str] = []
    for module, name in (
        (hlcg.check.deck, "format_from_user"),
        (hlcg.catalog, "format_from_user"),
        (hlcg.check.deck, "check_date"),
        (hlcg.check.deck, "require_format"),
        (hlcg.cli.common, "parse_format"),
        (hlcg.cli.common, "parse_date"),
        (CheckOptions, "check_usage"),
    ):
        _counted(monkeypatch, calls, module, name)
    paths = []
    for n, text in enumerate(decks):
        paths.append(tmp_path / f"deck{n}.txt")
        paths[-1].write_text(text, encoding="utf-8")
    result = CliRunner().invoke(
        app, ["validate", *map(str, paths), "-j", "1", "-o", "json", *options]
    )
    assert result.exit_code == 1, result.output
    assert len(json.loads(result.stdout)["decks"]) == len(decks)
    return sorted(calls)


def test_a_validate_run_checks_each_option_once_at_the_door(monkeypatch, tmp_path):
    decks = ["Persona: Duncan MacLeod\n3 Thrust\n"] * 3
    calls = _validate_counting(
        monkeypatch, tmp_path, decks, "--format", "Type Two", "--date", "2026-01-01"
    )
    assert calls == ["check_date", "check_usage", "format_from_user", "require_format"]


def test_a_deck_s_own_format_is_required_once_per_deck(monkeypatch, tmp_path):
    """Without --format each deck's own format is asked of the catalogue, once, however
    many readings of an ambiguous line the deck is judged in."""
    katana = "Pre-Game:\nKatana\n3 Thrust\n"  # the persona or the Weapon of Choice
    decks = ["Format: type-one\nPersona: Duncan MacLeod\n", katana, katana]
    calls = _validate_counting(monkeypatch, tmp_path, decks)
    assert calls == ["check_date", "check_usage", "require_format", "require_format"] + [
        "require_format"
    ]
