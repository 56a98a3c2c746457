"""The code keeps its shape: modules of one idea, simple functions, a thin CLI.

Measured on every file of src/hlcg: a module holds one idea and may grow to about 500
lines (a guard against 3,000-line files, not a ruler to split by), cyclomatic complexity at
most 15 per function or method (radon, as `radon cc` counts it), and the command-line
package at most 18% of the source lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from radon.complexity import cc_visit

from conftest import ROOT

SRC = ROOT / "src" / "hlcg"
FILES = sorted(SRC.rglob("*.py"))
MAX_LINES = 500
MAX_COMPLEXITY = 15
MAX_CLI_SHARE = 0.18


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


# Every file of the package, Python or not (the web page's scripts, styles, data).
ALL_FILES = sorted(p for p in SRC.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_every_file_is_small(path: Path):
    assert _lines(path) <= MAX_LINES


def test_every_function_is_simple():
    too_complex = []
    for path in FILES:
        for block in cc_visit(path.read_text(encoding="utf-8")):
            for function in [block, *getattr(block, "methods", [])]:
                is_class = hasattr(function, "methods")
                if not is_class and function.complexity > MAX_COMPLEXITY:
                    too_complex.append(
                        f"{path.relative_to(SRC)}:{function.name} {function.complexity}"
                    )
    assert too_complex == []


def test_the_command_line_is_a_thin_layer():
    cli = sum(_lines(p) for p in FILES if p.relative_to(SRC).parts[0] == "cli")
    total = sum(_lines(p) for p in FILES)
    assert cli / total <= MAX_CLI_SHARE, f"CLI is {cli} of {total} lines"


def test_the_measures_see_what_they_measure():
    assert len(FILES) > 100
    complex_code = "def f(x):\n" + "".join(
        f"    if x == {n}:\n        return {n}\n" for n in range(16)
    )
    assert cc_visit(complex_code)[0].complexity == 17
