from __future__ import annotations

import functools
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
import typer.main
import typer.testing

from hlcg.catalog import Catalogue, load, shipped_path
from hlcg.catalog.card import Card
from hlcg.check import check_deck, read_deck
from hlcg.curation.builder import write_catalogue
from hlcg.curation.bundle import Bundle
from hlcg.curation.models import CardRow, FormatRow, LegalityRow
from hlcg.deck.text import parse_text
from hlcg.rules.counts import DEFAULT_BASICS
from hlcg.rules.engine import DeckReport

ROOT = Path(__file__).resolve().parent.parent

# typer's CliRunner builds the whole click command tree from the Typer app on every invoke
# (about 18 ms of a 28 ms `validate`), which the thousands of in-process CLI calls below would
# pay again and again. A real `hlcg` process builds it once; so do the tests: the tree depends
# only on the app, and click commands keep no state between invocations.
typer.testing._get_command = functools.cache(typer.main.get_command)  # type: ignore[attr-defined]

# The record of catalogues that passed the content scan (hlcg.catalog.vetted) goes to a
# folder of this run's own, for the tests and the hlcg processes they start.
os.environ.setdefault("HLCG_CACHE_DIR", tempfile.mkdtemp(prefix="hlcg-test-cache-"))
# Files the tests write are thrown away: no fsync before each rename (about 20 ms of waiting
# each on a real disk). tests/test_export_swap.py checks the syncs with it unset.
os.environ.setdefault("HLCG_NO_SYNC", "1")

# The tests whose outcome can depend on a dependency's version, by path: .ci/run runs them
# (`-m versions`) on the lowest versions pyproject.toml allows as well, so the lower bounds stay
# true. The rest runs once, on the current versions: the web stack and the browser (no lower
# bound pins them); kills, locks and load; our own source read as text; code of ours alone (the
# text reader's lines and forum layouts, fingerprints); and the longer journeys through
# exports, imports and fact sources (test_round_trip, test_sharing, test_fact_sources), whose
# sqlite-utils calls test_curation's export, init and import round trips and
# test_import_upsert already make.
VERSION_SENSITIVE: dict[str, str] = {
    "tests/test_cli.py": "typer/click options and help, tabulate tables",
    "tests/test_command_line.py": "typer/click parsing, usage errors and exit codes",
    "tests/test_readme.py": "every README command as typer runs it",
    "tests/test_standard_streams.py": "click's handling of '-' as standard input and output",
    "tests/test_report_choices.py": "click's choices and their messages",
    "tests/deck/test_json_reading.py": "the JSON deck reader: pydantic models and messages",
    "tests/deck/test_kinds.py": "telling deck kinds apart: defusedxml",
    "tests/deck/test_convert.py": "the .dek and .o8d writers and readers: defusedxml",
    "tests/deck/test_names.py": "rapidfuzz name matching in decks",
    "tests/deck/test_resolve.py": "names to cards: rapidfuzz",
    "tests/deck/test_stats.py": "deck stats through typer",
    "tests/test_typo_lookups.py": "rapidfuzz scores against the typo corpus",
    "tests/test_tcboo.py": "the fan game's lookups (rapidfuzz) and commands (typer)",
    "tests/test_tcboo_commands.py": "the fan game's commands and their refusals (typer/click)",
    "tests/test_cli_contract.py": "every command's exit codes and streams as typer/click give them",
    "tests/test_ranking.py": "rapidfuzz scores behind the lookup and search corpora",
    "tests/test_catalog.py": "rapidfuzz scores and the lookup's acceptance rule",
    "tests/test_format_names.py": "format spellings through the CLI",
    "tests/test_curation.py": "sqlite-utils writes and pydantic rows in build, init and import",
    "tests/test_curator_import.py": "pydantic row messages on import",
    "tests/test_import_upsert.py": "sqlite-utils upserts",
    "tests/hostile/test_edited_values.py": "pydantic's refusal of hand-edited catalogue values",
    "tests/test_datasette.py": "datasette's lowest allowed version (pinned in the test extra)",
    "tests/event/test_event_file.py": "an event file opened by datasette's lowest version",
    "tests/organise/test_sheet.py": "segno and fpdf2, the print extra's lower bounds",
    "tests/organise/test_output_schemas.py": "pydantic's JSON schemas",
    "tests/test_examples.py": "every example deck's verdict, end to end",
    "tests/test_seed_verdicts.py": "the rulebooks' verdicts, end to end",
}


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Both cores by default (pytest-xdist, `-n auto`) unless the command line chose: `-n 0`
    or `-p no:xdist` runs in one process, for a debugger."""
    if not config.pluginmanager.hasplugin("xdist") or config.getoption("usepdb", False):
        return
    if config.option.numprocesses is None and "PYTEST_XDIST_WORKER" not in os.environ:
        config.option.numprocesses = "auto"


def _version_sensitive(path: Path) -> bool:
    where = path.resolve().relative_to(ROOT).as_posix()
    return any(where.startswith(entry) for entry in VERSION_SENSITIVE)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """With `-m versions` the other test files are not even imported: their imports (the web
    stack, the browser driver) are neither needed in the lowest versions' venv nor paid for."""
    if config.getoption("markexpr") != "versions":
        return None
    if collection_path.is_dir():
        folder = collection_path.resolve().relative_to(ROOT).as_posix() + "/"
        return not any(entry.startswith(folder) for entry in VERSION_SENSITIVE)
    if collection_path.suffix == ".py" and collection_path.name.startswith("test_"):
        return not _version_sensitive(collection_path)
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _version_sensitive(Path(item.path)):
            item.add_marker(pytest.mark.versions)


# The 15 basic cards by their seed 002 titles (the basics rule's first spellings).
BASIC_TITLES: tuple[str, ...] = tuple(spellings[0] for spellings in DEFAULT_BASICS)


def check_file(path: Path, catalogue: Catalogue, fmt: str | None = None, **options) -> DeckReport:
    """The verdict on the deck in a file, as `hlcg validate FILE` judges it."""
    return check_deck(read_deck(path), catalogue, fmt, **options)


@pytest.fixture(scope="session")
def shipped() -> Catalogue:
    return load(shipped_path())


def _gems(**values: int) -> dict[str, int]:
    return {f"gem_{k}": v for k, v in values.items()}


def mini_cards() -> list[Card]:
    """A tiny catalogue: the 15 basics (restriction 6, no gems) and a few test cards."""
    zero = _gems(master=0, agility=0, strength=0, toughness=0, empathy=0, reason=0)
    cards = [
        Card(
            id=title.lower().replace(" ", "-"),
            title=title,
            type="attack" if "Attack" in title or title == "Thrust" else "block",
            restriction=6,
            **zero,
        )
        for title in BASIC_TITLES
    ]
    persona_gems = _gems(master=2, agility=1, strength=1, toughness=1, empathy=1, reason=1)
    cards += [
        Card(id="hero", title="Hero", type="persona", **persona_gems),
        Card(id="rival", title="Rival", type="persona", master_limit=1),
        Card(id="stranger", title="Stranger", type="persona"),  # no value recorded at all
        Card(
            id="borrower",
            title="Borrower",
            type="persona",
            master_limit=2,
            modifiers=({"kind": "borrow", "per_persona": 1, "include_reserved": True},),
        ),
        Card(
            id="sage",
            title="Sage",
            type="persona",
            master_limit=3,
            modifiers=(
                {"kind": "any-master-cards", "include_reserved": True},
                {"kind": "only-watcher", "title": "Friend"},
            ),
        ),
        Card(
            id="axeman",
            title="Axeman",
            type="persona",
            master_limit=1,
            modifiers=(
                {"kind": "hand-icons", "title": "Axe", "hand_icons": 1},
                {"kind": "hand-icons", "title": "Club", "hand_icons": 1},
            ),
        ),
        Card(id="filler", title="Filler", type="event", restriction=6, **zero),
        Card(id="strike-a", title="Strike", subtitle="A", type="attack", restriction=6, **zero),
        Card(id="strike-b", title="Strike", subtitle="B", type="attack", restriction=6, **zero),
        Card(id="rare", title="Rare", type="event", restriction=2, **zero),
        Card(id="sig", title="Sig", subtitle="Rival", type="event", signature=True, **zero),
        Card(id="res", title="Res", subtitle="Rival", type="event", reserved=True, **zero),
        Card(id="rival-move", title="Move", subtitle="Rival", type="dodge", restriction=6, **zero),
        Card(
            id="masters-block-rival",
            title="Master's Block",
            subtitle="Rival",
            type="block",
            restriction=6,
            **zero,
        ),
        Card(id="weapon-master", title="Weapon Master", type="attack", restriction=6, **zero),
        Card(
            id="gemmy",
            title="Gemmy",
            type="event",
            restriction=6,
            **_gems(master=0, agility=2, strength=0, toughness=0, empathy=0, reason=0),
        ),
        Card(id="unknown-gems", title="Mystery", type="event", restriction=6),
        Card(id="oddity", title="Oddity", restriction=6, **zero),  # type not recorded
        # Two texts under one title, restriction numbers not recorded: a line is pooled.
        Card(id="omen-1", title="Omen", type="plot", **zero),
        Card(id="omen-2", title="Omen", type="plot", **zero),
        Card(id="blade", title="Blade", type="weapon-of-choice", hand_icons=1),
        Card(id="axe", title="Axe", type="weapon-of-choice", hand_icons=2),
        Card(id="club", title="Club", type="weapon-of-choice"),  # hand icons not recorded
        Card(id="blade-cut", title="Cut", subtitle="Blade", type="attack", restriction=6, **zero),
        Card(id="friend", title="Friend", type="watcher"),
        Card(id="friend-situation", title="Friend", type="situation", restriction=6, **zero),
        Card(id="spy", title="Spy", type="watcher"),
        Card(id="stalker", title="Stalker", type="hunter"),
        Card(id="watcher-eye", title="Watcher", subtitle="Eye", type="edge", restriction=6, **zero),
        Card(id="hunter-net", title="Hunter's Net", type="event", restriction=6, **zero),
        Card(id="hero-premium", title="Hero", subtitle="+1", type="premium"),
        Card(id="rival-premium", title="Rival", subtitle="+1", type="premium"),
        Card(id="hero-quickening", title="Quickening", subtitle="Hero", type="quickening"),
        Card(id="rival-quickening", title="Quickening", subtitle="Rival", type="quickening"),
        Card(
            id="stone",
            title="Stone",
            type="other-pre-game",
            modifiers=({"kind": "pregame-exempt"},),
        ),
        Card(
            id="elder",
            title="Elder",
            type="other-pre-game",
            modifiers=({"kind": "restriction-bonus", "amount": 1},),
        ),
        Card(
            id="pass",
            title="Pass",
            type="event",
            restriction=6,
            modifiers=({"kind": "allowance", "count": 1},),
            **zero,
        ),
        Card(
            id="relic", title="Relic", type="object", restriction=6, formats=("type-two",), **zero
        ),
        Card(id="trinket-1", title="Trinket", type="other-pre-game", unique=True),
        Card(id="trinket-2", title="Trinket Two", type="other-pre-game"),
        Card(id="trinket-3", title="Trinket Three", type="other-pre-game"),
        Card(id="trinket-4", title="Trinket Four", type="other-pre-game"),
        Card(id="trinket-5", title="Trinket Five", type="other-pre-game"),
        Card(id="trinket-6", title="Trinket Six", type="other-pre-game"),
    ]
    return cards


CHECKED = ("first-edition", "type-one", "type-two")


def make_catalogue(cards: list[Card], legality: list[LegalityRow] | None = None) -> Catalogue:
    """A catalogue file holding ``cards``, written by the build's own writer (so tests read
    the same tables, indexes and name table as the shipped catalogue) in a temporary folder.

    ``legality`` are its legality facts; by default every card with no recorded sets or
    formats is legal in every format, so that rule tests judge only their own rule."""
    formats = [
        FormatRow(
            name=name, title=name, checked=True, editions=[edition], description=name, source="test"
        )
        for name, edition in (("first-edition", "1E"), ("type-one", "1E"), ("type-two", "2E"))
    ]
    rows = [
        CardRow.model_validate({**c.to_contract(), "source": c.source or "test"}) for c in cards
    ]
    if legality is None:
        legality = [
            LegalityRow(card_id=c.id, format=fmt, status="legal", source="test")
            for c in cards
            if not c.sets and not c.formats
            for fmt in CHECKED
        ]
    path = Path(tempfile.mkdtemp(prefix="hlcg-test-")) / "mini.sqlite"
    bundle = Bundle(cards=rows, formats=formats, legality=legality, data_version="test")
    write_catalogue(path, bundle)
    return load(path)


@pytest.fixture(scope="session")
def mini() -> Catalogue:
    return make_catalogue(mini_cards())


BASE_DECK = "\n".join(f"3 {t}" for t in BASIC_TITLES) + "\n5 Filler\n"  # 50 cards
BASE_49 = "\n".join(f"3 {t}" for t in BASIC_TITLES) + "\n4 Filler\n"  # one short


@pytest.fixture
def check(mini: Catalogue) -> Callable[..., DeckReport]:
    """Check deck text (the legal 50-card base plus ``extra``) against the mini catalogue."""

    def run(extra: str = "", fmt: str = "type-two", base: str = BASE_DECK) -> DeckReport:
        deck = parse_text(extra + "\nEndurance:\n" + base, "deck.txt")
        return check_deck(deck, mini, fmt)

    return run


def errors(report: DeckReport) -> list[tuple[str, tuple[str, ...]]]:
    """The sorted (rule, cards) of a report's errors."""
    return sorted((p.rule, p.cards) for p in report.problems if p.severity == "error")


def gaps(report: DeckReport) -> list[tuple[tuple[str, ...], str]]:
    """The (cards, message) of a report's data gaps (`unchecked` notes), in report order."""
    return [(p.cards, p.message) for p in report.problems if p.rule == "unchecked"]


@pytest.fixture
def disk_events(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Syncs turned back on (HLCG_NO_SYNC off), and each fsync and rename the test makes,
    in order, as ("sync", the path synced) or ("rename", the target). Linux only: a synced
    descriptor is named through /proc."""
    monkeypatch.delenv("HLCG_NO_SYNC", raising=False)
    events: list[tuple[str, str]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append(("sync", os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    def replace(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        events.append(("rename", str(target)))
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    return events
