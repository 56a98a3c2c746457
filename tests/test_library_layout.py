"""The library has a thin CLI on top: nothing outside `hlcg.cli` imports the CLI or typer,
so the web service and scripts get the same answers without the command line."""

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "hlcg"
ENTRY_POINT = SRC / "__main__.py"  # `python -m hlcg` runs the CLI


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def _library_modules() -> list[Path]:
    cli = SRC / "cli"
    return [p for p in sorted(SRC.rglob("*.py")) if cli not in p.parents and p != ENTRY_POINT]


def test_the_library_never_imports_the_cli_or_typer():
    offenders = {
        str(path.relative_to(SRC)): sorted(
            m
            for m in _imported_modules(path)
            if m.split(".")[:2] == ["hlcg", "cli"] or m == "typer"
        )
        for path in _library_modules()
    }
    assert {path: found for path, found in offenders.items() if found} == {}


def test_the_layout_check_sees_the_web_service_and_the_answers():
    checked = {str(p.relative_to(SRC)) for p in _library_modules()}
    assert {"web/service.py", "answers/catalogue.py", "output.py", "deck/read.py"} <= checked
    assert "cli/validate.py" not in checked
