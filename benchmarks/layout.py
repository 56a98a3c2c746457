"""The layout's measures (issue 34), counted as the tests count them, for any source tree:

    python benchmarks/layout.py                 # this checkout
    python benchmarks/layout.py OTHER/src       # e.g. an older commit's `git worktree`

Prints the modules of the package, the internal imports between them (each module's
distinct imports of another hlcg module, as tests/test_layout.py reads them), cycles and
imports past a package's door (both must be 0), and how many of our modules `hlcg validate`
loads on a legal deck, with a text and with a JSON report (by `sys.modules`, as
tests/test_start_up.py counts them; `python -X importtime` lists 2 fewer, the command's and
the report's modules, imported with importlib).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_layout import cycles, import_graph, through_back_doors  # noqa: E402

DECK = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"
LOADED = """
import json, sys
before = set(sys.modules)
from hlcg.cli.app import main
sys.argv = ["hlcg", "validate", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
ours = [m for m in set(sys.modules) - before if m == "hlcg" or m.startswith("hlcg.")]
print(json.dumps(len(ours)), file=sys.stderr)
"""


def modules_loaded(src: Path, *args: str) -> int:
    """Our modules a `hlcg validate ARGS` process holds when it ends."""
    ran = subprocess.run(
        [sys.executable, "-c", LOADED, *args],
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
    )
    return int(ran.stderr.strip().splitlines()[-1])


def measures(src: Path) -> dict[str, float]:
    graph = import_graph(src)
    imports = sum(len(targets) for targets in graph.values())
    return {
        "modules": len(graph),
        "internal imports": imports,
        "internal imports per module": round(imports / len(graph), 2),
        "cycles": len(cycles(graph)),
        "imports past a door": sum(len(v) for v in through_back_doors(src).values()),
        "modules validate loads (text report)": modules_loaded(src, str(DECK)),
        "modules validate loads (-o json)": modules_loaded(src, str(DECK), "-o", "json"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("src", nargs="?", type=Path, default=ROOT / "src", help="a src folder")
    src = parser.parse_args().src.resolve()
    if not (src / "hlcg" / "__init__.py").is_file():
        parser.error(f"{src} holds no hlcg package (give the src folder of a checkout)")
    for name, value in measures(src).items():
        print(f"{name}: {value}")


if __name__ == "__main__":
    main()
