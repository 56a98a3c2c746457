"""How fast `hlcg db import` writes: a 20,000-row card file into a fresh catalogue.

    python benchmarks/import_bench.py            # 20,000 rows
    python benchmarks/import_bench.py --rows 5000

An import is all rows or none, so it is written as one transaction: the goal (issue 33) is
a wall time within 2x the import's CPU time (user + sys of the process), that is, the disk
is not what the import waits for. With ``strace`` on the PATH the run also counts the
``fsync``/``fdatasync`` calls the import makes. The rows are generated (ids ``bench-N``,
titles ``Bench Card N``, the source naming this script) in a temporary folder, into a
catalogue made there by ``hlcg db init``: nothing is written into the repository.
"""

from __future__ import annotations

import argparse
import csv
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HLCG = [sys.executable, "-m", "hlcg"]
GOAL = 2.0  # wall time / CPU time


def card_rows(path: Path, rows: int) -> None:
    """``rows`` generated card rows in the contract's columns (id, title, type, source)."""
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "title", "type", "source"])
        for n in range(rows):
            writer.writerow(
                [f"bench-{n}", f"Bench Card {n}", "event", "benchmarks/import_bench.py"]
            )


def timed_import(source: Path, db: Path) -> tuple[float, float, int]:
    """Wall and CPU seconds (user + sys of the child) of one `hlcg db import`, and the
    times it waited of its own accord (voluntary context switches: disk, locks). On a
    busy machine wall time also grows by the time the process waits for a core, which
    is not the import's doing: the waits tell the two apart."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [*HLCG, "db", "import", str(source), "--db", str(db)], check=True, stdout=subprocess.DEVNULL
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_nvcsw - before.ru_nvcsw


def sync_calls(source: Path, db: Path) -> int | None:
    """The fsync and fdatasync calls of one import, counted by strace; None without it."""
    strace = shutil.which("strace")
    if strace is None:
        return None
    done = subprocess.run(
        [
            strace,
            "-f",
            "-c",
            "-e",
            "trace=fsync,fdatasync",
            *HLCG,
            "db",
            "import",
            str(source),
            "--db",
            str(db),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return sum(
        int(m.group(1))
        for m in re.finditer(
            r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?f(?:data)?sync$", done.stderr, re.M
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rows", type=int, default=20_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hlcg-import-bench-") as folder:
        source = Path(folder) / "cards.csv"
        card_rows(source, args.rows)
        db = Path(folder) / "bench.sqlite"
        subprocess.run([*HLCG, "db", "init", str(db)], check=True, stdout=subprocess.DEVNULL)
        pristine = Path(folder) / "pristine.sqlite"
        shutil.copyfile(db, pristine)
        wall, cpu, waits = timed_import(source, db)
        shutil.copyfile(pristine, db)
        syncs = sync_calls(source, db)
    ratio = wall / cpu
    verdict = "met" if ratio <= GOAL else "missed"
    print(f"hlcg db import of {args.rows:,} card rows into a fresh catalogue")
    print(
        f"  wall {wall:.2f} s, CPU {cpu:.2f} s: wall/CPU {ratio:.2f}x (goal <= {GOAL}x, {verdict})"
    )
    print(f"  waits of its own (voluntary context switches): {waits}")
    if syncs is not None:
        print(f"  fsync/fdatasync calls: {syncs}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
