"""hlcg benchmarks: ratios measured in one run, so a noisy shared machine cancels out.

    python benchmarks/bench.py            # everything (about a minute)
    python benchmarks/bench.py --quick    # fewer repetitions

Whole-process timings are medians of interleaved runs against the import floor of our stack,
`python -c "import typer, sqlite3"`. Generated data (padded catalogue, decks) lives in a
temporary folder and is never shipped.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from hlcg.catalog.card import Card
from hlcg.catalog.lookup import Index
from hlcg.catalog.store import Catalogue, load, shipped_path
from hlcg.check import check_deck
from hlcg.deck.text import parse_text
from hlcg.rules.basics import BASIC_TITLES as BASICS

ROOT = Path(__file__).resolve().parent.parent
HLCG = [sys.executable, "-m", "hlcg"]
FLOOR = [sys.executable, "-c", "import typer, sqlite3"]


def run_once(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def interleaved(commands: dict[str, list[str]], repeats: int) -> dict[str, float]:
    """Median seconds per command, the commands taking turns so load hits all alike."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # warm the file cache
        run_once(command)
    for _ in range(repeats):
        for name, command in commands.items():
            times[name].append(run_once(command))
    return {name: statistics.median(values) for name, values in times.items()}


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(pct / 100 * (len(ordered) - 1))))]


def padded_catalogue(base: Catalogue, size: int) -> Catalogue:
    rng = random.Random(7)
    words = sorted({w for c in base.cards.values() for w in c.title.split() if w.isalpha()})
    cards = dict(base.cards)
    while len(cards) < size:
        title = " ".join(rng.sample(words, rng.randint(1, 4)))
        card_id = f"gen-{len(cards)}"
        cards[card_id] = Card(id=card_id, title=title, type="event", source="generated")
    return Catalogue(
        base.path, base.meta, cards, base.aliases, base.alias_names, base.formats, base.sets
    )


def timed(func: Callable[[], object], repeats: int) -> list[float]:
    func()
    values = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        values.append(time.perf_counter() - start)
    return values


def deck_text(size: int) -> str:
    """A legal-shaped type-two deck of ``size`` Endurance cards from real catalogue cards."""
    lines = ["Format: type-two", "Persona: Duncan MacLeod", "Pre-Game:", "Katana", "Endurance:"]
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


def deck_folder(folder: Path, catalogue: Catalogue, decks: int) -> None:
    rng = random.Random(11)
    endurance = [c for c in catalogue.cards.values() if not c.is_pregame]
    for n in range(decks):
        lines = ["Format: type-two", "Persona: Duncan MacLeod", "Endurance:"]
        lines += [f"3 {title}" for title in BASICS]
        for card in rng.sample(endurance, 8):
            lines.append(f"{rng.randint(1, 3)} {card.id}")
        (folder / f"deck-{n:04}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    repeats = 7 if args.quick else 21
    catalogue = load(shipped_path())
    tmp = Path(tempfile.mkdtemp(prefix="hlcg-bench-"))
    try:
        deck60 = tmp / "deck60.txt"
        deck60.write_text(deck_text(60), encoding="utf-8")
        folder = tmp / "decks"
        folder.mkdir()
        deck_folder(folder, catalogue, 1000)

        medians = interleaved(
            {
                "floor": FLOOR,
                "card": [*HLCG, "card", "uper left atack"],
                "validate": [*HLCG, "validate", str(deck60)],
            },
            repeats,
        )
        folder_runs = [run_once([*HLCG, "validate", str(folder), "-o", "json"]) for _ in range(3)]
        folder_time = statistics.median(folder_runs)

        padded = Index(padded_catalogue(catalogue, 10_000))
        queries = ["uper left atack", "masters blok", "dunkan macleod", "hed shot", "flury strike"]
        lookups = timed(lambda: [padded.lookup(q) for q in queries], 200)
        per_lookup = [t / len(queries) for t in lookups]

        index = Index(catalogue)
        in_process = {}
        for size in (60, 600, 6000):
            text = deck_text(size)
            runs = timed(
                lambda text=text: check_deck(parse_text(text), index), 50 if size < 6000 else 15
            )
            in_process[size] = statistics.median(runs)
    finally:
        shutil.rmtree(tmp)

    floor = medians["floor"]
    print("hlcg benchmarks (ratios from one run; lower is better)")
    print(f"  import floor `python -c 'import typer, sqlite3'`: {floor * 1000:.0f} ms")
    print(
        f"  hlcg card 'uper left atack' (whole process): {medians['card'] * 1000:.0f} ms "
        f"= {medians['card'] / floor:.2f}x the floor (target <= 1.5x)"
    )
    print(
        f"  hlcg validate, 60-card deck (whole process): {medians['validate'] * 1000:.0f} ms "
        f"= {medians['validate'] / floor:.2f}x the floor (target <= 1.5x)"
    )
    p50, p99 = (percentile(per_lookup, pct) * 1000 for pct in (50, 99))
    print(
        f"  fuzzy lookup, catalogue padded to 10,000 cards: p50 {p50:.2f} ms, "
        f"p99 {p99:.2f} ms (target p99 < 2 ms)"
    )
    base = in_process[60]
    print(f"  validate in process, 60 cards: p50 {base * 1000:.2f} ms (target < 1 ms)")
    for size in (600, 6000):
        print(
            f"  validate in process, {size} cards: {in_process[size] * 1000:.2f} ms "
            f"= {in_process[size] / base:.1f}x the 60-card time for {size // 60}x the cards"
        )
    print(
        f"  hlcg validate on a folder of 1,000 decks (whole process): {folder_time:.2f} s, "
        f"{1000 / folder_time:.0f} decks/s (target < 2 s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
