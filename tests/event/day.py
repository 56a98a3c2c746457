"""Event day as an organiser runs it, through the command line in this process: the steps
the whole-event test checks and the published site the browser test opens."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import Result
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import build

TOURNAMENT = ROOT / "examples" / "tournament"
VALID = ROOT / "examples" / "decks" / "valid"
EVENT_DATE = "2027-03-14"
QUICKENING = "Methos's Quickening"

# Eight players in four deck kinds (text, JSON, LackeyCCG .dek, OCTGN .o8d); Carol's deck is
# illegal in Type Two on the event's date and is accepted by the organiser.
REGISTRATIONS = [
    ("Alice", TOURNAMENT / "alice-duncan.txt", ()),
    ("Bob", TOURNAMENT / "bob-richie.dek", ()),
    ("Carol", TOURNAMENT / "carol-methos.o8d", ("--accept-illegal",)),
    ("Kurt", ROOT / "tests" / "decks_tried" / "kurgan.json", ()),
    ("Gina", VALID / "grayson-business-as-usual-type-two.txt", ()),
    ("Ken", VALID / "kurgan-forum-markdown-first-edition.txt", ()),
    ("Rich", VALID / "richie-ryan-type-one.txt", ()),
    ("Dan", VALID / "duncan-katana-type-two.txt", ()),
]
REFUSED = ("Dave", TOURNAMENT / "dave-duncan.o8d")

# (round, player, opponent, winner, extra options); in the order they are recorded.
RESULTS = [
    (1, "Alice", "Carol", "Alice", ("--head", "--quickening", QUICKENING)),
    (1, "Bob", "Kurt", "Bob", ()),
    (1, "Ken", "Gina", "Ken", ()),
    (1, "Dan", "Rich", "Dan", ()),
    (2, "Alice", "Bob", "Alice", ()),
    (2, "Ken", "Dan", "Ken", ()),
    (2, "Rich", "Kurt", "Rich", ()),
    (3, "Dan", "Kurt", "Dan", ()),
    (3, "Ken", "Alice", "Ken", ("--head", "--quickening", QUICKENING)),
    (3, "Bob", "Gina", "Bob", ()),
]

runner = CliRunner()
# Each command group's app built once: the full app costs typer a tenth of a second a run.
APPS = {name: build(name) for name in ("event", "deck")}


def hlcg(*args: object) -> Result:
    """`hlcg ARGS...` in this process."""
    return runner.invoke(APPS[str(args[0])], [str(a) for a in args])


def payloads(page: str) -> list[str]:
    """The QR payloads a sheets page holds, in page order."""
    return [html.unescape(p) for p in re.findall(r'<pre class="payload">(.*?)</pre>', page, re.S)]


def qr_image(payload: str, path: Path) -> Path:
    import segno

    segno.make_qr(payload, error="m").save(str(path), scale=5)
    return path


@dataclass
class EventDay:
    folder: Path
    event: Path
    site: Path
    steps: dict[str, Result] = field(default_factory=dict)


def run_event_day(folder: Path) -> EventDay:
    """Every step of the event; each step's result kept by name for the tests to check."""
    day = EventDay(folder, folder / "spring.hlcg", folder / "site")
    steps = day.steps
    steps["new"] = hlcg(
        "event", "new", day.event, "--name", "Spring league", "--date", EVENT_DATE,
        "--rules", "2e-league",
    )  # fmt: skip
    for player, deck, options in REGISTRATIONS:
        steps[f"register {player}"] = hlcg("event", "register", day.event, player, deck, *options)
    steps["register refused"] = hlcg("event", "register", day.event, *REFUSED)
    steps["lock"] = hlcg("event", "lock", day.event)
    steps["register after lock"] = hlcg(
        "event", "register", day.event, *REFUSED, "--accept-illegal"
    )
    steps["sheets"] = hlcg("event", "sheets", day.event, "-o", folder / "sheets.html")
    for number, (round_number, player, opponent, winner, extra) in enumerate(RESULTS):
        steps[f"result {number}"] = hlcg(
            "event", "result", day.event, player, opponent,
            "--round", round_number, "--winner", winner, *extra,
        )  # fmt: skip
        if (round_number, player) == (2, "Alice"):
            # Carol lost her head in round 1: the league has no Methos any more.
            steps["beheaded returns"] = hlcg(
                "event", "result", day.event, "Carol", "Gina", "--round", 2, "--winner", "Carol"
            )
        if (round_number, player) == (3, "Ken"):
            steps["claimed twice"] = hlcg(
                "event", "result", day.event, "Bob", "Gina", "--round", 3, "--winner", "Bob",
                "--head", "--quickening", QUICKENING,
            )  # fmt: skip
    steps["standings"] = hlcg("event", "standings", day.event, "--json")
    steps["status"] = hlcg("event", "status", day.event, "--json")
    steps["publish"] = hlcg("event", "publish", day.event, day.site)
    return day
