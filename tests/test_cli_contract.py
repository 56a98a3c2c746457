"""One contract for every command (issue 33, point 9; docs/cli.md): exit codes, data on
stdout and talk on stderr, one did-you-mean, tables that fit a terminal and never wrap for
a pipe. The commands are read from the app, so a new command without a row fails here.
In-process (CliRunner): no command here needs a process of its own."""

from __future__ import annotations

import json

import click
import pytest
import typer.main
from typer.testing import CliRunner

from hlcg.cli.app import build

runner = CliRunner()
APP = build()
VALID = "examples/decks/valid/duncan-katana-type-two.txt"
INVALID = "examples/decks/invalid/persona-specific.txt"
SHEET = "examples/tcboo/legal-roll.toml"
BAD_SHEET = "examples/tcboo/stat-range.toml"
MISSING = "{tmp}/no-such-file.txt"

# What a run's stdout holds: DATA (something), NOTHING (empty: the talk is on stderr).
DATA, NOTHING = "data", "nothing"

# command -> its cases: (arguments, exit code, stdout). Every command also gets an unknown
# option (exit 2, nothing on stdout) in test_an_unknown_option_is_usage.
CASES: dict[str, list[tuple[list[str], int, str]]] = {
    "card": [
        (["Head Shot"], 0, DATA),
        (["Upper Attack"], 1, NOTHING),
        ([""], 2, NOTHING),
        (["Upper Attack", "--json"], 1, DATA),
        # a title several cards share is found (docs/cli.md): they are listed, exit 0
        (["masters block"], 0, DATA),
        (["Flurry Strike"], 0, DATA),
    ],
    "search": [
        (["head shot"], 0, DATA),
        (["zzzzqqq"], 1, NOTHING),
        (["t:nope"], 2, NOTHING),
        (["s:XX"], 2, NOTHING),
        (["p:duncan"], 2, NOTHING),
        ([""], 0, DATA),  # no terms narrow nothing: every card
    ],
    "persona": [(["Kurgan"], 0, DATA), (["duncan"], 1, NOTHING), ([""], 2, NOTHING)],
    "sets": [([], 0, DATA)],
    "formats": [([], 0, DATA)],
    # a deck that cannot be read is a line of the report (a batch goes on without it)
    "validate": [([VALID], 0, DATA), ([INVALID], 1, DATA), ([MISSING], 2, DATA)],
    "rules": [([], 0, DATA), (["gem-cap"], 0, DATA), (["HL9999"], 1, NOTHING), ([""], 2, NOTHING)],
    "schema": [(["deck"], 0, DATA), (["nonsense"], 1, NOTHING)],
    "serve": [(["--port", "99999"], 2, NOTHING)],
    "deck hash": [([VALID], 0, DATA), ([MISSING], 2, NOTHING)],
    "deck stats": [([VALID], 0, DATA), ([MISSING], 2, NOTHING)],
    "deck convert": [([VALID, "{tmp}/out.dek"], 0, NOTHING), ([MISSING, "-"], 2, NOTHING)],
    "deck sheet": [([MISSING, "{tmp}/sheet.html"], 2, NOTHING)],
    "deck diff": [([VALID, VALID], 0, DATA), ([VALID, MISSING], 2, NOTHING)],
    "deck odds": [([VALID], 0, DATA), ([MISSING], 2, NOTHING)],
    "db build": [(["{tmp}/no-such-folder", "{tmp}/out.sqlite"], 2, NOTHING)],
    "db init": [(["{tmp}/new.sqlite"], 0, NOTHING), (["{tmp}"], 2, NOTHING)],
    "db import": [([MISSING, "--db", "{tmp}/new.sqlite"], 2, NOTHING)],
    "db export": [(["{tmp}/export.json"], 0, NOTHING), (["-"], 2, NOTHING)],
    "db info": [([], 0, DATA), (["--db", MISSING], 2, NOTHING)],
    "db gaps": [(["--db", MISSING], 2, NOTHING)],
    "db fill": [([MISSING], 2, NOTHING)],
    # its status lines ("removed ...", "kept ...") are talk: stderr, like db import's
    "db remove": [
        (["card", "x-card", "--reason", "typo", "--db", MISSING], 2, NOTHING),
        (["nothing", "x-card", "--reason", "typo"], 2, NOTHING),
    ],
    "db datasette-metadata": [([], 0, DATA)],
    "db facts export": [(["--db", MISSING], 2, NOTHING)],
    "tcboo card": [(["Slash"], 0, DATA), (["zzzzqq"], 1, NOTHING), ([""], 2, NOTHING)],
    "tcboo cards": [
        ([], 0, DATA),
        (["--type", "a"], 0, DATA),  # a type code in any case
        (["--decapitation", "--interference"], 1, NOTHING),  # no card is both
        (["--decapitation", "--interference", "--json"], 1, DATA),
    ],
    "tcboo immortal": [(["Connor MacLeod"], 0, DATA), (["zzzzqq"], 1, NOTHING)],
    "tcboo swords": [([], 0, DATA)],
    "tcboo sword": [(["Katana"], 0, DATA), (["zzzzqq"], 1, NOTHING)],
    "tcboo locations": [([], 0, DATA)],
    "tcboo location": [(["Rooftop"], 0, DATA), (["zzzzqq"], 1, NOTHING), ([""], 2, NOTHING)],
    "tcboo immortals": [([], 0, DATA)],
    "tcboo check": [
        ([SHEET], 0, DATA),
        ([BAD_SHEET], 1, DATA),
        ([MISSING], 2, NOTHING),
        ([SHEET, "--json"], 0, DATA),
        ([SHEET, "--sword", "zzzz"], 2, NOTHING),  # an option naming nothing is usage
    ],
    "event new": [(["{tmp}"], 2, NOTHING)],
    "event register": [(["{tmp}/none.event", "Ann", VALID], 2, NOTHING)],
    "event lock": [(["{tmp}/none.event"], 2, NOTHING)],
    "event sheets": [(["{tmp}/none.event", "{tmp}/sheets"], 2, NOTHING)],
    "event status": [(["{tmp}/none.event"], 2, NOTHING)],
    "event verify": [(["{tmp}/none.event", "Ann", VALID], 2, NOTHING)],
    "event result": [(["{tmp}/none.event", "1", "Ann", "Bob", "Ann"], 2, NOTHING)],
    "event standings": [(["{tmp}/none.event"], 2, NOTHING)],
    "event publish": [(["{tmp}/none.event", "{tmp}/site"], 2, NOTHING)],
    "event export": [(["{tmp}/none.event", "{tmp}/out.json"], 2, NOTHING)],
    "event import": [(["{tmp}/none.event", MISSING], 2, NOTHING)],
}


def commands() -> list[str]:
    """Every command of the app, as typed after `hlcg` ("deck hash")."""
    found = []

    def walk(command: click.Command, path: list[str]) -> None:
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])
        else:
            found.append(" ".join(path))

    walk(typer.main.get_command(APP), [])
    return found


def run(command: str, args: list[str], tmp: str):
    words = [*command.split(), *(arg.replace("{tmp}", tmp) for arg in args)]
    return runner.invoke(APP, words)


def test_every_command_has_a_row():
    assert sorted(commands()) == sorted(CASES)


@pytest.mark.parametrize(
    ("command", "args", "code", "out"),
    [(command, *case) for command, cases in CASES.items() for case in cases],
)
def test_every_command_keeps_the_contract(command, args, code, out, tmp_path):
    result = run(command, args, str(tmp_path))
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert bool(result.stdout.strip()) == (out == DATA), result.stdout
    if code == 2:
        first = result.stderr.splitlines()[0]
        assert first.startswith("hlcg: error: "), result.stderr
        assert "Traceback" not in result.stderr and "Input should be" not in result.stderr
    spoken = (result.stdout + result.stderr).casefold()
    assert spoken.count("did you mean") <= 1


# Every lookup and search, given what names nothing, with --json: the JSON on stdout is
# the whole answer (docs/cli.md, Streams), so stderr stays empty.
NOTHING_FOUND_JSON = [
    ["card", "nopezzz"],
    ["persona", "nopezzz"],
    ["search", "zzzzqqq"],
    ["rules", "nopezzz"],
    ["tcboo", "card", "nopezzz"],
    ["tcboo", "cards", "--decapitation", "--interference"],
    ["tcboo", "immortal", "nopezzz"],
    ["tcboo", "sword", "nopezzz"],
    ["tcboo", "location", "nopezzz"],
]


@pytest.mark.parametrize("words", NOTHING_FOUND_JSON, ids=" ".join)
def test_nothing_found_with_json_is_json_alone(words):
    result = runner.invoke(APP, [*words, "--json"])
    assert (result.exit_code, result.stderr) == (1, "")
    json.loads(result.stdout)


@pytest.mark.parametrize("command", sorted(CASES))
def test_an_unknown_option_is_usage(command, tmp_path):
    result = run(command, ["--no-such-option"], str(tmp_path))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"hlcg: error: no such option '--no-such-option'; see `hlcg {command} --help`\n"
    )


def _command(path: str) -> click.Command:
    command = typer.main.get_command(APP)
    for name in path.split():
        command = command.commands[name]  # type: ignore[attr-defined]
    return command


def _usage_errors() -> list[tuple[str, list[str], str]]:
    """Every usage error click finds, for every command: each missing argument or option
    the command requires, and a value no choice of each option with choices takes."""
    cases = []
    for command in sorted(CASES):
        params = _command(command).params
        required = [p for p in params if p.required]
        if required:  # given nothing, the first one required is missing
            first = required[0]
            kind = "argument" if isinstance(first, click.Argument) else "option"
            # an argument by its name (several: "DECKS..."), an option by its flags
            name = first.human_readable_name + ("..." if first.nargs != 1 else "")
            if isinstance(first, click.Option):
                name = first.opts[0]
            cases.append((command, [], f"missing {kind} '{name}'"))
        for param in params:
            if isinstance(param, click.Option) and isinstance(param.type, click.Choice):
                cases.append(
                    (command, [param.opts[0], "zz"], f"invalid value for '{param.opts[0]}")
                )
    return cases


@pytest.mark.parametrize(("command", "args", "said"), _usage_errors())
def test_every_usage_error_is_one_line(command, args, said, tmp_path):
    """Missing arguments and options and bad choices, as click finds them, are said as
    every hlcg error: one `hlcg: error:` line naming the option and the command's help."""
    result = run(command, args, str(tmp_path))
    assert (result.exit_code, result.stdout) == (2, ""), result.stderr
    assert result.stderr.startswith(f"hlcg: error: {said}"), result.stderr
    assert result.stderr.endswith(f"; see `hlcg {command} --help`\n"), result.stderr
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (
            ["card", "Head Shot", "--jsn"],
            "no such option '--jsn'; did you mean: '--json'? see `hlcg card --help`",
        ),
        (
            ["db", "remove", "card", "dodge"],
            "missing option '--reason'; see `hlcg db remove --help`",
        ),
        (["valdate"], "no such command 'valdate'; did you mean: 'validate'? see `hlcg --help`"),
        (
            ["tcboo", "chek"],
            "no such command 'chek'; did you mean: 'check'? see `hlcg tcboo --help`",
        ),
        (["--bogus"], "no such option '--bogus'; see `hlcg --help`"),
        (["db", "nosuch"], "no such command 'nosuch'; see `hlcg db --help`"),
        (["event", "nosuch"], "no such command 'nosuch'; see `hlcg event --help`"),
        (["deck", "nosuch"], "no such command 'nosuch'; see `hlcg deck --help`"),
        (["search", "-t:nope"], "no such option '-t'; see `hlcg search --help`"),
    ],
)
def test_a_usage_error_says_the_close_one_once(words, said):
    result = runner.invoke(APP, words)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"hlcg: error: {said}\n")


def test_tables_fit_a_terminal_and_never_wrap_for_a_pipe(monkeypatch):
    piped = runner.invoke(APP, ["card", "Head Shot", "--sources"])
    rows = piped.stdout.splitlines()
    # one line per fact, each cell whole: the text row holds the whole text
    assert max(len(line) for line in rows) > 120
    text_rows = [line for line in rows if line.startswith("text ")]
    assert len(text_rows) == 1
    monkeypatch.setattr("hlcg.cli.common.terminal_width", lambda err=False: 80)
    fitted = runner.invoke(APP, ["card", "Head Shot", "--sources"]).stdout.splitlines()
    assert max(len(line) for line in fitted) <= 80
    assert len(fitted) > len(rows)  # wrapped inside cells, nothing dropped
    assert _letters(fitted) == _letters(rows)


def test_db_gaps_table_fits_a_terminal(monkeypatch):
    piped = runner.invoke(APP, ["db", "gaps", "examples/tournament"]).stdout.splitlines()
    assert max(len(line) for line in piped) > 120
    monkeypatch.setattr("hlcg.cli.common.terminal_width", lambda err=False: 100)
    fitted = runner.invoke(APP, ["db", "gaps", "examples/tournament"]).stdout.splitlines()
    assert max(len(line) for line in fitted) <= 100
    assert _letters(fitted) == _letters(piped)


def _letters(lines: list[str]) -> list[str]:
    """A table's characters, rules and spacing aside: what wrapping may not change."""
    return sorted("".join(line for line in lines if set(line) - {"-", " "}).replace(" ", ""))


def test_messages_name_file_row_and_column_in_hlcgs_words(tmp_path):
    db = tmp_path / "mine.sqlite"
    assert runner.invoke(APP, ["db", "init", str(db)]).exit_code == 0
    rows = tmp_path / "bad.csv"
    rows.write_text(
        "id,title,type,formats,restriction,source\n"
        "x-card,X Card,event,Type 9,abc,seed 001\n"
        "y-card,Y Card,eventt,,2,seed 001\n",
        encoding="utf-8",
    )
    result = runner.invoke(APP, ["db", "import", str(rows), "--db", str(db)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[1:] == [
        f"{rows}: row 2: restriction: expected a whole number or empty, got 'abc'",
        f"{rows}: row 2: formats: expected 'first-edition', 'type-one', 'type-two' or 'mle', "
        "got 'Type 9' (did you mean 'type-one' or 'type-two'?)",
        f"{rows}: row 3: type: expected 'attack', 'special-attack', 'ranged-attack', 'block', "
        "'dodge', 'guard', 'event', 'situation', 'object', 'location', 'plot', 'edge', "
        "'illusion', 'persona', 'premium', 'quickening', 'watcher', 'hunter', "
        "'weapon-of-choice' or 'other-pre-game', got 'eventt' (did you mean 'event'?)",
    ]
