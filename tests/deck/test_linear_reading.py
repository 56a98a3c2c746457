"""Reading and resolving take time in proportion to the deck's size, whatever its shape.

Each adversarial shape is read (its kind's reader) and resolved against the shipped
catalogue at two sizes ten times apart; the larger may take at most LIMIT times as long.
A step that is quadratic in the lines (the merge of 19,000 copies of one card rebuilt per
line took seconds) makes the ratio near 100. Times are CPU time in this process, the best
of a few runs, so another process on the machine does not count.

The sizes are 100 KB and 1 MB (the server's body limit), except for names no card has:
each costs a catalogue search (about 0.3 ms), so 1 MB of them is seconds of CPU, over
this test's budget; they are measured at 10 KB and 100 KB, still ten times apart.
"""

from __future__ import annotations

import gc
import json
import random
import string
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from hlcg.catalog import Catalogue
from hlcg.deck import read_deck_data, resolve
from hlcg.errors import DeckFileError

LIMIT = 15
KB = 1000
MB = 1000 * KB


def _fill(size: int, line: Callable[[int], str]) -> str:
    """Lines from ``line(number)`` up to ``size`` characters."""
    lines, total = [], 0
    while total < size:
        lines.append(line(len(lines)))
        total += len(lines[-1])
    return "".join(lines)


def _unknown_names(size: int, rng: random.Random) -> str:
    def line(number: int) -> str:
        return "1 " + "".join(rng.choice(string.ascii_lowercase) for _ in range(30)) + "\n"

    return _fill(size, line)


def _json_cards(size: int, rng: random.Random) -> str:
    """Cards indented 12 deep (about 150 bytes each): 1 MB stays under 20,000 cards."""
    card = {"name": "Dodge", "count": 1}

    def deck(cards: int) -> str:
        return json.dumps({"endurance": [card] * cards}, indent=12)

    return deck(size // (len(deck(2)) - len(deck(1))))


# name -> (file name, deck text of about the size given, base size)
SHAPES: dict[str, tuple[str, Callable[[int, random.Random], str], int]] = {
    "one card's line repeated": (
        "deck.txt",
        # 64 bytes a line: 1 MB is 16,000 lines, under the 20,000-line limit
        lambda size, rng: _fill(size, lambda n: "1 Dodge" + " " * 30 + "# a remark, to be long\n"),
        100 * KB,
    ),
    "one long line": ("deck.txt", lambda size, rng: "1 " + "Dodge " * (size // 6), 100 * KB),
    "one long comment": ("deck.txt", lambda size, rng: "1 Dodge\n# " + "x" * size, 100 * KB),
    "many comment lines": (
        "deck.txt",
        lambda size, rng: _fill(size, lambda n: "// " + "c" * 60 + "\n"),
        100 * KB,
    ),
    "many unknown names": ("deck.txt", _unknown_names, 10 * KB),
    "deep XML nesting": (
        "deck.o8d",
        lambda size, rng: (
            '<deck game="x">'
            + '<section name="Endurance">' * (size // 36)
            + '<card qty="1">Dodge</card>'
            + "</section>" * (size // 36)
            + "</deck>"
        ),
        100 * KB,
    ),
    "a long XML comment": (
        "deck.o8d",
        lambda size, rng: "<deck><!-- " + "<card " * (size // 6) + "--></deck>",
        100 * KB,
    ),
    "XML cards repeated": (
        "deck.o8d",
        lambda size, rng: (
            '<deck game="x"><section name="Endurance">'
            + '<card qty="1" id="0">Dodge</card>\n'.ljust(64) * (size // 64)
            + "</section></deck>"
        ),
        100 * KB,
    ),
    "JSON cards repeated": (
        "deck.json",
        _json_cards,
        100 * KB,
    ),
    "deep JSON nesting": (
        "deck.json",
        lambda size, rng: '{"endurance": ' + "[" * (size // 2) + "]" * (size // 2) + "}",
        100 * KB,
    ),
}


def _seconds(
    catalogue: Catalogue, name: str, make: Callable[[int, random.Random], str], size: int
) -> float:
    """The best CPU time of two runs reading and resolving a fresh deck of ``size`` (fresh:
    names looked up once are cached; the first run also imports the reader)."""
    rng = random.Random(size)
    best = float("inf")
    for _ in range(2):
        data = make(size, rng).encode()
        gc.collect()  # the garbage of the run before is not this run's to collect
        began = time.process_time()
        try:
            deck = read_deck_data(data, Path(name))
            resolve(deck, catalogue, "type-two", ())
        except DeckFileError as exc:  # refused: only JSON nested too deeply
            assert "JSON nested too deeply" in str(exc), exc
        best = min(best, time.process_time() - began)
    return best


@pytest.mark.parametrize("shape", SHAPES)
def test_ten_times_the_deck_takes_at_most_fifteen_times_as_long(shipped, shape):
    name, make, base = SHAPES[shape]
    small = _seconds(shipped, name, make, base)
    large = _seconds(shipped, name, make, 10 * base)
    # a floor of 2 ms on the small run: under it, the timer's own grain is the ratio
    assert large / max(small, 0.002) < LIMIT, (shape, small, large)
