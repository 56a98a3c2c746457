"""What a command loads before its answer (issue 22): each module on the way costs every run,
so the commands that judges run on every change import only what they use. benchmarks/
bench.py measures the time; these tests keep the levers in place."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import LISTED, app, build

DECK = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"
runner = CliRunner()


def modules_loaded(*argv: str) -> set[str]:
    """The modules `hlcg ARGV...` imports beyond the interpreter's own start."""
    code = (
        "import sys, json\n"
        "before = set(sys.modules)\n"
        "from hlcg.cli.app import main\n"
        f"sys.argv = ['hlcg', *{list(argv)!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(set(sys.modules) - before)), file=sys.stderr)\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return set(json.loads(ran.stderr.strip().splitlines()[-1]))


def test_card_reads_one_rule_option_without_importing_the_rules():
    loaded = modules_loaded("card", "Head Shot")
    rules = {m for m in loaded if m.startswith("hlcg.rules.")}
    assert rules == {"hlcg.rules.base", "hlcg.rules.legality", "hlcg.rules.profiles"}


RICH_HELP = ("rich", "markdown_it", "pygments")


def _typer_loads_rich_itself() -> bool:
    """Older typer (0.16, the lowest hlcg allows) imports rich and its own rich help module
    whenever rich is installed; hlcg cannot spare a run that. Current typer loads them only
    for rich help, which hlcg does not use."""
    code = "import sys, typer; print('rich' in sys.modules)"
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return ran.stdout.strip() == "True"


# Our modules a deck's check loads, text or JSON report (84 and 87 before issue 34 merged the
# rooms split only to meet a number: its bound is 45). Every one costs each run its import.
CHECK_PATH_MODULES = 45


def _ours(loaded: set[str]) -> set[str]:
    return {m for m in loaded if m.split(".")[0] == "hlcg"}


def test_a_text_deck_check_imports_no_table_reader_pattern_matcher_or_hash():
    loaded = modules_loaded("validate", str(DECK))
    assert "hlcg.rules.registry" in loaded  # it did check the deck
    assert len(_ours(loaded)) <= CHECK_PATH_MODULES, sorted(_ours(loaded))
    assert not loaded & {"csv", "glob", "hashlib"}
    # what a plain deck file named on the command line never needs: a folder walk, a file
    # written, a second reading of a line, a replacement search
    assert not loaded & {
        "hlcg.deck.finding",
        "hlcg.output",
        "hlcg.check.readings",
        "hlcg.rules.replacement",
    }
    if not _typer_loads_rich_itself():
        assert not loaded & set(RICH_HELP)


def test_a_json_report_of_a_deck_stays_within_the_same_bound():
    loaded = modules_loaded("validate", str(DECK), "-o", "json")
    assert "hlcg.catalog.integrity" in loaded  # it did fingerprint the deck
    assert len(_ours(loaded)) <= CHECK_PATH_MODULES, sorted(_ours(loaded))


# What a SARIF report adds to the JSON report's modules: its writer and the problems'
# identities (partialFingerprints, shared with GitLab's report); a fix's edits are computed
# only for a deck with a problem --fix would edit (it loaded the fixer, the writers and the
# edits for every deck, legal ones too: 50 modules).
SARIF_MODULES = {"hlcg.report.sarif", "hlcg.report.identity"}


def test_a_sarif_report_of_a_legal_deck_loads_no_fixer():
    loaded = _ours(modules_loaded("validate", str(DECK), "-o", "sarif"))
    assert loaded >= SARIF_MODULES and "hlcg.catalog.integrity" in loaded
    assert not loaded & {"hlcg.check.fix", "hlcg.deck.edit", "hlcg.deck.writer"}
    assert len(loaded) <= CHECK_PATH_MODULES + len(SARIF_MODULES), sorted(loaded)


def test_help_imports_no_rich_help_and_no_command():
    loaded = modules_loaded("--help")
    assert "hlcg.cli.app" in loaded
    # every command is listed from hlcg.cli.app.LISTED: none is built to read its help
    assert {m for m in loaded if m.startswith("hlcg.cli.")} == {"hlcg.cli.app", "hlcg.cli.common"}
    if not _typer_loads_rich_itself():
        assert "typer.rich_utils" not in loaded
        assert not {m for m in loaded if m.split(".")[0] in RICH_HELP}


def test_the_listing_is_each_command_s_own_first_sentence():
    full = typer.main.get_command(build())
    assert set(LISTED) == set(full.commands)
    for name, command in full.commands.items():
        words = (command.help or "").split("\n\n")[0].split()
        ends = [i for i, word in enumerate(words) if word.endswith(".")]
        assert LISTED[name] == " ".join(words[: ends[0] + 1] if ends else words), name


@pytest.mark.parametrize("columns", ["80", "50"])
def test_help_listed_without_the_commands_is_the_full_app_s_help(columns):
    env = {"COLUMNS": columns}
    for argv in (["--help"], []):
        whole = runner.invoke(build(), argv, env=env, prog_name="hlcg")
        listed = runner.invoke(build(listing=True), argv, env=env, prog_name="hlcg")
        assert (listed.exit_code, listed.output) == (whole.exit_code, whole.output)
        assert "│ validate  Check decks" in listed.output


def test_help_draws_each_section_as_a_panel():
    for command in ([], ["validate"], ["db"], ["db", "build"], ["tcboo", "card"]):
        result = runner.invoke(app, [*command, "--help"])
        assert result.exit_code == 0, command
        lines = result.stdout.splitlines()
        assert lines[0].startswith(f"Usage: hlcg {' '.join(command)}".rstrip())
        assert "╭─ Options ─" in result.stdout
        framed = [line for line in lines if line.startswith("│")]
        assert framed and all(line.endswith("│") for line in framed)
        assert {len(line) for line in framed} == {len(lines[lines.index(framed[0]) - 1])}
    commands = runner.invoke(app, ["--help"]).stdout
    assert "╭─ Commands ─" in commands and "│ validate  Check decks" in commands


def test_a_usage_error_names_the_problem_and_the_help():
    result = runner.invoke(app, ["validate", str(DECK), "--no-such-option"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "hlcg: error: no such option '--no-such-option'; see `hlcg validate --help`\n"
    )


def test_a_bad_value_of_a_check_option_is_one_error_line():
    """The check's options are checked at its door (CheckOptions.check_usage), each bad
    value one `hlcg: error:` line naming the option (docs/cli.md, Messages)."""
    for option, value, message in (
        ("--date", "2026-02-30", "--date '2026-02-30': 2026-02-30 is not a day of the calendar"),
        ("--format", "nosuch", "--format: 'nosuch' is not a format; use one of first-edition, "
         "type-one, type-two"),
        ("--select", "nosuch", "--select/--ignore 'nosuch' matches no rule; see `hlcg rules`"),
    ):  # fmt: skip
        result = runner.invoke(app, ["validate", str(DECK), option, value])
        assert (result.exit_code, result.stderr) == (2, f"hlcg: error: {message}\n")


def test_catalogue_caches_forget_the_oldest_beyond_their_size(shipped):
    from hlcg.catalog import remember
    from hlcg.catalog.store import CACHE_SIZE

    cache: dict[str, int] = {}
    for n in range(CACHE_SIZE + 5):
        assert remember(cache, f"name {n}", n) == n
    assert len(cache) == CACHE_SIZE and "name 4" not in cache and "name 5" in cache
    first = shipped.exact("Head Shot")
    assert shipped.exact("Head Shot") is first and first.ids == ("head-shot",)
    assert shipped.exact("no such card at all") is None
