"""hlcg benchmarks: ratios measured in one run, so a noisy shared machine cancels out.

    python benchmarks/bench.py            # everything (a few minutes)
    python benchmarks/bench.py --quick    # fewer repetitions

Start-up figures are the CPU time (user + system) of whole processes, medians of interleaved
runs, so a busy shared machine slows the floor as much as the command; batch figures are
wall time, as a user waits for them. Batch figures check folders of
1,000 and 10,000 generated decks, a quarter each text, JSON, LackeyCCG and OCTGN, written by
hlcg's own writer from real catalogue cards; peak memory is the largest resident size of the
whole process tree (the workers of --jobs included), sampled from /proc.

Two ratios are reported: against the import floor of our stack,
`python -c "import typer, sqlite3"`, and, for `hlcg card` and `hlcg validate`, the
catalogue padded to 50,000 cards against the shipped one. The padded catalogue is built
with `hlcg db build` from a copy of `data/source/` plus generated rows, so it has every
catalogue and table a real catalogue has. Generated data (padded catalogue, decks) lives
in a temporary folder and is never shipped.

Also: `search` with words, `persona` and `deck stats` on the padded catalogue against the
shipped one (goal 1.3x), a JSON deck against a text deck of the same cards (goal 1.5x), and
`hlcg serve` (benchmarks/web_load.py: p50 for one client, p99 for ten, memory over 20,000
requests naming new unknown cards), skipped without the web extra.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from hlcg.catalog import Catalogue, load, shipped_path
from hlcg.catalog.vocabulary import CONTRACT_FIELDS, normalise
from hlcg.check import add_fingerprint, check_deck, resolve_deck
from hlcg.deck import read_deck_data, render
from hlcg.deck.text import parse_text
from hlcg.rules.counts import DEFAULT_BASICS

BASICS = tuple(spellings[0] for spellings in DEFAULT_BASICS)  # by their seed 002 titles
ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "data" / "source"
HLCG = [sys.executable, "-m", "hlcg"]
FLOOR = [sys.executable, "-c", "import typer, sqlite3"]
PADDED_SIZE = 50_000
FUZZY_QUERY = "uper left atack"
EXACT_QUERY = "Head Shot"
# Start-up goals (issue 22), as ratios to the import floor: the commands run in CI and
# pre-commit on every change, and every other command, help included.
CHECK_GOAL = 1.3
COMMAND_GOAL = 1.5


def other_commands(deck: Path) -> dict[str, tuple[str, list[str]]]:
    """name -> (label, command) of the start-ups measured beside card and validate."""
    return {
        "help": ("hlcg --help", [*HLCG, "--help"]),
        "validate-help": ("hlcg validate --help", [*HLCG, "validate", "--help"]),
        "search": ("hlcg search 't:dodge'", [*HLCG, "search", "t:dodge"]),
        "persona": ("hlcg persona 'Duncan MacLeod'", [*HLCG, "persona", "Duncan MacLeod"]),
        "rules": ("hlcg rules", [*HLCG, "rules"]),
        "deck-hash": ("hlcg deck hash, 60-card deck", [*HLCG, "deck", "hash", str(deck)]),
        "db-info": ("hlcg db info", [*HLCG, "db", "info"]),
    }


# Words only card text holds (generated titles are made of title words), so the padded
# catalogue gives the same answer: the ratio is the cost of its size, not of more results.
SEARCH_WORDS = "t:event opponent"
SCALE_GOAL = 1.3
JSON_GOAL = 1.5


def goal(measured: float, limit: float, unit: str) -> str:
    """'(goal <= 1.3x: met)' or '(goal <= 1.3x: MISSED)', so a run says which goals hold."""
    return f"(goal <= {limit:g}{unit}: {'met' if measured <= limit else 'MISSED'})"


# Whole-process runs may cache bytecode, as every installed or editable hlcg does: a
# PYTHONDONTWRITEBYTECODE=1 in the environment would time compiling every module on every
# run, which no user's command pays. The warm-up run of each command writes the caches.
RUN_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_once(command: list[str], cpu: bool = False) -> float:
    """Seconds the whole command took: wall time, or with ``cpu`` its processes' CPU time
    (user + system, its workers included)."""
    start, start_cpu = time.perf_counter(), _children_cpu()
    subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=RUN_ENV
    )
    return _children_cpu() - start_cpu if cpu else time.perf_counter() - start


def interleaved(
    commands: dict[str, list[str]], repeats: int, cpu: bool = False
) -> dict[str, float]:
    """Median seconds per command (CPU seconds with ``cpu``), the commands taking turns so
    load hits all alike."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # warm the file cache
        run_once(command)
    for _ in range(repeats):
        for name, command in commands.items():
            times[name].append(run_once(command, cpu))
    return {name: statistics.median(values) for name, values in times.items()}


def padded_sources(folder: Path, size: int, source: Path = SOURCE) -> Path:
    """A copy of ``source`` whose cards.csv is padded with generated events to ``size`` rows.

    Generated titles are made of words from real titles but never equal a real title or
    alias, so every real deck line keeps its meaning and every verdict stays the same.
    """
    shutil.copytree(source, folder)
    cards_csv = folder / "cards.csv"
    with cards_csv.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    with (folder / "aliases.csv").open(newline="", encoding="utf-8") as handle:
        taken = {normalise(row["alias"]) for row in csv.DictReader(handle)}
    taken |= {normalise(row["title"]) for row in rows}
    taken |= {normalise(f"{row['title']} {row['subtitle']}") for row in rows if row["subtitle"]}
    words = sorted({w for row in rows for w in row["title"].split() if w.isalpha()})
    rng = random.Random(7)
    count = len(rows)
    with cards_csv.open("a", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=CONTRACT_FIELDS, lineterminator="\n")
        while count < size:
            title = " ".join(rng.sample(words, rng.randint(1, 4)))
            if normalise(title) in taken:
                continue
            row = dict.fromkeys(CONTRACT_FIELDS, "")
            row.update(
                id=f"generated-{count}", title=title, type="event", source="benchmarks/bench.py"
            )
            writer.writerow(row)
            count += 1
    return folder


def build_catalogue(source: Path, out: Path) -> Path:
    subprocess.run(
        [*HLCG, "db", "build", "--source", str(source), "--out", str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return out


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


def parallel_speedup(workers: int = 2, n: int = 5_000_000) -> float:
    """How much faster this machine runs ``workers`` copies of pure Python work in as many
    processes than one after another, now: the most --jobs can gain here (a busy shared
    machine gives less than its cores)."""
    import multiprocessing

    start = time.perf_counter()
    for _ in range(workers):
        _spin(n)
    serial = time.perf_counter() - start
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        start = time.perf_counter()
        pool.map(_spin, [n] * workers)
        parallel = time.perf_counter() - start
    return serial / parallel


def timed(func: Callable[[], object], repeats: int) -> list[float]:
    func()
    values = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        values.append(time.perf_counter() - start)
    return values


def deck_text(size: int) -> str:
    """A legal-shaped first-edition deck of ``size`` Endurance cards from real catalogue
    cards (the fillers are 1st Edition cards, which Type Two does not take)."""
    lines = ["Format: first-edition", "Persona: Duncan MacLeod", "Endurance:"]
    fillers = ["Head Shot", "Dodge", "Upper Guard", "Back Away", "Slash", "Lunge", "Courage"]
    count = 0
    names = [*BASICS, *fillers]
    i = 0
    while count < size:
        n = min(3, size - count)
        lines.append(f"{n} {names[i % len(names)]}")
        count += n
        i += 1
    return "\n".join(lines) + "\n"


def random_decks(catalogue: Catalogue, decks: int) -> list[str]:
    """Text decks of the basics and eight random Endurance cards from the catalogue."""
    rng = random.Random(11)
    endurance = [c for c in catalogue.cards.values() if not c.is_pregame]
    texts = []
    for _ in range(decks):
        lines = ["Format: type-two", "Persona: Duncan MacLeod", "Endurance:"]
        lines += [f"3 {title}" for title in BASICS]
        for card in rng.sample(endurance, 8):
            lines.append(f"{rng.randint(1, 3)} {card.id}")
        texts.append("\n".join(lines) + "\n")
    return texts


def deck_folder(folder: Path, catalogue: Catalogue, decks: int) -> None:
    for n, text in enumerate(random_decks(catalogue, decks)):
        (folder / f"deck-{n:04}.txt").write_text(text, encoding="utf-8")


MIXED_KINDS = (".txt", ".json", ".dek", ".o8d")


def mixed_deck_folder(folder: Path, catalogue: Catalogue, decks: int) -> None:
    """The decks of ``random_decks``, written in turn as text, JSON, LackeyCCG and OCTGN
    files by hlcg's own writer (as `hlcg deck convert` writes them)."""
    for n, text in enumerate(random_decks(catalogue, decks)):
        suffix = MIXED_KINDS[n % len(MIXED_KINDS)]
        resolved = resolve_deck(parse_text(text, f"deck-{n:05}"), catalogue)
        written = render(resolved, suffix, catalogue)
        (folder / f"deck-{n:05}{suffix}").write_text(written, encoding="utf-8")


def _tree_rss(root: int) -> int:
    """Resident bytes of a process and all its descendants (from /proc, Linux)."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        rss[int(entry)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
    tree, grown = {root}, True
    while grown:
        more = {pid for pid, parent in parents.items() if parent in tree} - tree
        tree |= more
        grown = bool(more)
    return sum(rss.get(pid, 0) for pid in tree)


def peak_memory(command: list[str]) -> int:
    """The largest resident size the command's whole process tree reached (its workers
    included), sampled every 10 ms: the sum over the processes, so pages the workers
    share with their parent count once for each (an upper bound)."""
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=RUN_ENV
    )
    peak = 0
    while process.poll() is None:
        peak = max(peak, _tree_rss(process.pid))
        time.sleep(0.01)
    return peak


def same_answers(commands: list[list[str]], db_a: Path, db_b: Path) -> bool:
    """Each command prints the same output and exit code on both catalogues."""
    for command in commands:
        answers = [
            subprocess.run([*command, "--db", str(db)], capture_output=True, text=True)
            for db in (db_a, db_b)
        ]
        if len({(a.returncode, a.stdout) for a in answers}) != 1:
            return False
    return True


def scale_commands(deck: Path) -> dict[str, list[str]]:
    """Commands timed on both catalogues beside card and validate (issue 22, Scale)."""
    return {
        "search": [*HLCG, "search", SEARCH_WORDS],
        "persona": [*HLCG, "persona", "Duncan MacLeod"],
        "deck-stats": [*HLCG, "deck", "stats", str(deck)],
    }


def json_twin(deck: Path) -> Path:
    """The deck written as a JSON deck (`hlcg deck convert`): the same cards."""
    twin = deck.with_suffix(".json")
    subprocess.run(
        [*HLCG, "deck", "convert", str(deck), str(twin)],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return twin


def json_in_process(text_deck: Path, json_deck: Path, catalogue: Catalogue) -> tuple[float, float]:
    """Median seconds to read and check each deck in process: (text, JSON)."""
    medians = []
    for path in (text_deck, json_deck):
        data = path.read_bytes()
        runs = timed(
            lambda data=data, path=path: check_deck(read_deck_data(data, path), catalogue), 50
        )
        medians.append(statistics.median(runs))
    return medians[0], medians[1]


def server_lines(quick: bool) -> list[str]:
    """benchmarks/web_load.py's figures, or why there are none."""
    if importlib.util.find_spec("uvicorn") is None or importlib.util.find_spec("starlette") is None:
        return ["hlcg serve: skipped (needs the web extra: pip install 'hlcg[web]')"]
    spec = importlib.util.spec_from_file_location("web_load", Path(__file__).parent / "web_load.py")
    assert spec and spec.loader
    web_load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(web_load)
    figures = web_load.measure_figures(
        requests=300 if quick else 1000, memory_requests=4000 if quick else 20_000
    )
    return [f"hlcg serve: {line}" for line in figures.lines()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    repeats = 7 if args.quick else 21
    shipped = shipped_path()
    catalogue = load(shipped)
    shipped_cards = len(catalogue.cards)
    tmp = Path(tempfile.mkdtemp(prefix="hlcg-bench-"))
    try:
        padded = build_catalogue(padded_sources(tmp / "source", PADDED_SIZE), tmp / "padded.sqlite")
        deck60 = tmp / "deck60.txt"
        deck60.write_text(deck_text(60), encoding="utf-8")
        folder = tmp / "decks"
        folder.mkdir()
        deck_folder(folder, catalogue, 1000)
        deck60_json = json_twin(deck60)
        mixed = tmp / "mixed"
        mixed.mkdir()
        mixed_deck_folder(mixed, catalogue, 1000)
        mixed_10k = tmp / "mixed-10k"
        mixed_10k.mkdir()
        mixed_deck_folder(mixed_10k, catalogue, 10_000)

        commands = {
            "card-exact": [*HLCG, "card", EXACT_QUERY],
            "card": [*HLCG, "card", FUZZY_QUERY],
            "validate": [*HLCG, "validate", str(deck60), "-o", "json"],
            **scale_commands(deck60),
        }
        runs = {"floor": FLOOR}
        for name, command in commands.items():
            runs[name] = [*command, "--db", str(shipped)]
            runs[f"{name}-padded"] = [*command, "--db", str(padded)]
        others = other_commands(deck60)
        runs.update({name: command for name, (_, command) in others.items()})
        runs["validate-json-deck"] = [*HLCG, "validate", str(deck60_json), "-o", "json"]
        medians = interleaved(runs, repeats, cpu=True)
        unchanged = same_answers(
            [commands["card-exact"], [*HLCG, "validate", str(deck60), "-o", "json"]],
            shipped,
            padded,
        )
        scale_unchanged = same_answers(list(scale_commands(deck60).values()), shipped, padded)
        json_text, json_json = json_in_process(deck60, deck60_json, catalogue)
        folder_runs = [run_once([*HLCG, "validate", str(folder), "-o", "json"]) for _ in range(3)]
        folder_time = statistics.median(folder_runs)
        batch = [*HLCG, "validate", str(mixed), "-o", "json"]
        batch_times = interleaved({"jobs": batch, "one": [*batch, "--jobs", "1"]}, 5)
        speedup = parallel_speedup(os.cpu_count() or 1)
        large = [*HLCG, "validate", str(mixed_10k), "-o", "json"]
        large_time = statistics.median(run_once(large) for _ in range(3))
        large_peak = peak_memory(large)
        large_peak_one = peak_memory([*large, "--jobs", "1"])

        text60 = deck_text(60)
        fingerprinted = statistics.median(
            timed(lambda: check_deck(parse_text(text60), catalogue, fingerprint=True), 200)
        )
        checked60 = check_deck(parse_text(text60), catalogue)
        fingerprint_only = statistics.median(
            timed(lambda: add_fingerprint(checked60, catalogue), 200)
        )
        in_process = {}
        for size in (60, 600, 6000):
            text = deck_text(size)
            runs_in = timed(
                lambda text=text: check_deck(parse_text(text), catalogue), 50 if size < 6000 else 15
            )
            in_process[size] = statistics.median(runs_in)
    finally:
        shutil.rmtree(tmp)

    floor = medians["floor"]
    print("hlcg benchmarks (ratios from one run; lower is better)")
    print(f"  import floor `python -c 'import typer, sqlite3'`: {floor * 1000:.0f} ms CPU")
    print(
        f"  whole process on the shipped catalogue ({shipped_cards} cards) and on it padded "
        f"to {PADDED_SIZE:,} cards:"
    )
    labels = {
        "card-exact": f"hlcg card '{EXACT_QUERY}' (exact lookup)",
        "card": f"hlcg card '{FUZZY_QUERY}' (fuzzy lookup)",
        "validate": "hlcg validate -o json, 60-card deck",
    }
    for name, label in labels.items():
        small, large = medians[name], medians[f"{name}-padded"]
        print(
            f"  {label}: {small * 1000:.0f} ms = {small / floor:.2f}x the floor "
            f"{goal(small / floor, CHECK_GOAL, 'x')}; padded {large * 1000:.0f} ms = "
            f"{large / small:.2f}x shipped {goal(large / small, SCALE_GOAL, 'x')}"
        )
    print("  start-up of the other commands, shipped catalogue:")
    for name, (label, _) in others.items():
        print(
            f"  {label}: {medians[name] * 1000:.0f} ms = {medians[name] / floor:.2f}x the floor "
            f"{goal(medians[name] / floor, COMMAND_GOAL, 'x')}"
        )
    same = "yes" if unchanged else "NO"
    print(f"  same output on both catalogues (exact card, validate): {same}")
    scale_labels = {
        "search": f"hlcg search '{SEARCH_WORDS}' (words)",
        "persona": "hlcg persona 'Duncan MacLeod'",
        "deck-stats": "hlcg deck stats, 60-card deck",
    }
    for name, label in scale_labels.items():
        small, large = medians[name], medians[f"{name}-padded"]
        print(
            f"  {label}: {small * 1000:.0f} ms; padded {large * 1000:.0f} ms = "
            f"{large / small:.2f}x shipped {goal(large / small, SCALE_GOAL, 'x')}"
        )
    same = "yes" if scale_unchanged else "NO"
    print(f"  same output on both catalogues (search, persona, deck stats): {same}")
    text_run, json_run = medians["validate"], medians["validate-json-deck"]
    print(
        f"  hlcg validate, the 60-card deck as JSON: {json_run * 1000:.0f} ms = "
        f"{json_run / text_run:.2f}x the text deck {goal(json_run / text_run, JSON_GOAL, 'x')}; "
        "in process "
        f"{json_json * 1000:.2f} ms = {json_json / json_text:.2f}x"
    )
    base = in_process[60]
    print(
        f"  validate in process, 60 cards: p50 {base * 1000:.2f} ms {goal(base * 1000, 0.5, ' ms')}"
    )
    for size in (600, 6000):
        print(
            f"  validate in process, {size} cards: {in_process[size] * 1000:.2f} ms "
            f"= {in_process[size] / base:.1f}x the 60-card time for {size // 60}x the cards"
        )
    print(
        f"  validate in process, 60 cards with its fingerprint: p50 {fingerprinted * 1000:.2f} ms "
        f"{goal(fingerprinted * 1000, 0.6, ' ms')}, of which the fingerprint "
        f"{fingerprint_only * 1000:.2f} ms"
    )
    print(
        f"  hlcg validate on a folder of 1,000 text decks (whole process): {folder_time:.2f} s, "
        f"{1000 / folder_time:.0f} decks/s (an earlier issue's goal: under 2 s)"
    )
    jobs, one = batch_times["jobs"], batch_times["one"]
    print(
        f"  hlcg validate -o json, 1,000 mixed decks (text, JSON, .dek, .o8d), --jobs default "
        f"({os.cpu_count()} cores): {jobs:.2f} s {goal(jobs, 1, ' s')}; --jobs 1: {one:.2f} s "
        f"= {one / jobs:.2f}x (this machine ran pure Python work {speedup:.2f}x faster in "
        f"{os.cpu_count()} processes meanwhile)"
    )
    print(
        f"  hlcg validate -o json, 10,000 mixed decks: {large_time:.2f} s "
        f"{goal(large_time, 8, ' s')}; "
        f"peak memory of the process tree {large_peak / 2**20:.0f} MiB "
        f"{goal(large_peak / 2**20, 100, ' MiB')}, "
        f"--jobs 1 {large_peak_one / 2**20:.0f} MiB"
    )
    for line in server_lines(args.quick):
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
