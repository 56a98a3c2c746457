"""Issue 33, a second fresh-eyes round: `-` is standard output wherever one file is
written (or refused, never a file named `-`), There Can Be Only One's card filter keeps
the search contract, and messages name the catalogue, the term and the stream they are
about. Through the command line, in process."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import click
import pytest
import typer.main
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import shipped_path
from hlcg.cli.app import app, build

runner = CliRunner()
DECK = ROOT / "examples/decks/valid/duncan-katana-type-two.txt"


def invoke(*args: object):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    return result


# --- `-` as the output file ------------------------------------------------------------------

# Every option or argument that names a file to write: where one file goes to standard
# output it is written there (the data on stdout, the status line on stderr); where the
# file cannot be a stream it is refused, exit 2. Never a file named `-`.
WRITES_STANDARD_OUTPUT = [
    (("db", "datasette-metadata", "-o", "-"), '{\n  "title"', ""),
    (("db", "export", "-", "--to", "csv"), "id,", "exported "),
    (("db", "facts", "export", "-"), "id,field,value,source", "hlcg: wrote 0 facts"),
    (("deck", "convert", DECK, "-"), "Format: type-two\n", ""),
    (("validate", DECK, "--output-file", "-"), "", ""),
    (
        ("db", "fill", DECK, "--db", "{own}", "--reader", "Cy", "--sheet", "-"),
        "id,field,value,source,name,how\n",
        "wrote the questions about ",
    ),
    (
        ("event", "export", "{event}", "-"),
        '{\n  "kind": "hlcg-event-export"',
        "wrote 0 registrations",
    ),
]
REFUSED = [
    (
        ("event", "new", "-", "--name", "Spring", "--date", "2024-01-01"),
        "- is standard output, and an event file is an SQLite file, not a stream; name a file",
    ),
    (
        ("event", "publish", "{event}", "-"),
        "- is standard output, and a site is a folder; name a folder",
    ),
    (
        ("db", "build", "--out", "-"),
        "- is standard output, and a catalogue is an SQLite file, not a stream; name a file",
    ),
    (
        ("db", "init", "-"),
        "- is standard output, and a catalogue is an SQLite file, not a stream; name a file",
    ),
    (
        ("deck", "sheet", DECK, "-o", "-"),
        "- is standard output, and a sheet's kind is its file's extension, .pdf or .html; "
        "name a file",
    ),
    (
        ("event", "sheets", "spring.hlcg", "-o", "-"),
        "- is standard output, and the sheets' kind is their file's extension, .pdf or "
        ".html; name a file",
    ),
]


def _command_of(group: click.Group, args: tuple[object, ...]) -> str:
    """The command a row's arguments run ("db facts export")."""
    words: list[str] = []
    command: click.Command = group
    for word in args:
        if not isinstance(command, click.Group) or word not in command.commands:
            break
        command = command.commands[str(word)]
        words.append(str(word))
    return " ".join(words)


def _commands_writing_a_named_file(group: click.Group) -> set[str]:
    """Every command with a file to write among its parameters: an option or argument
    named for output (out, target, output_file, sheet), and the two that create one."""
    found = {"db init", "event new"}  # PATH / EVENT: the file each creates

    def walk(command: click.Command, path: list[str]) -> None:
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])
        elif any(
            isinstance(p.type, click.Path) and p.name in {"out", "target", "output_file", "sheet"}
            for p in command.params
        ):
            found.add(" ".join(path))

    walk(group, [])
    return found


def test_every_command_writing_a_file_has_a_row():
    group = typer.main.get_command(build())
    assert isinstance(group, click.Group)
    rows = [args for args, *_ in WRITES_STANDARD_OUTPUT + REFUSED]
    assert {_command_of(group, args) for args in rows} == _commands_writing_a_named_file(group)


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("HLCG_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def made(args: tuple[object, ...], folder: Path) -> list[object]:
    """The arguments, with {own} a catalogue of one's own and {event} an event file."""
    if "{own}" in args:
        shutil.copy(shipped_path(), folder / "own.sqlite")
    if "{event}" in args:
        new = ("event", "new", folder / "spring.hlcg", "--name", "Spring", "--date", "2024-01-01")
        assert invoke(*new).exit_code == 0
    files = {"{own}": folder / "own.sqlite", "{event}": folder / "spring.hlcg"}
    return [files.get(a, a) if isinstance(a, str) else a for a in args]


@pytest.mark.parametrize(("args", "stdout_starts", "stderr_starts"), WRITES_STANDARD_OUTPUT)
def test_dash_writes_standard_output(in_tmp: Path, args, stdout_starts, stderr_starts):
    result = invoke(*made(args, in_tmp))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(stdout_starts) and result.stdout
    assert result.stderr.startswith(stderr_starts)
    assert not (in_tmp / "-").exists()


@pytest.mark.parametrize(("args", "message"), REFUSED)
def test_dash_is_refused_where_the_file_cannot_be_a_stream(in_tmp: Path, args, message):
    given = made(args, in_tmp)
    before = sorted(in_tmp.iterdir())
    result = invoke(*given)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"hlcg: error: {message}\n"
    assert sorted(in_tmp.iterdir()) == before


# --- tcboo cards: a filter that finds nothing, a type code in any case ------------------------


def test_tcboo_cards_finding_nothing_writes_nothing_on_stdout():
    result = invoke("tcboo", "cards", "--decapitation", "--interference")
    assert (result.exit_code, result.stdout) == (1, "")
    assert (
        result.stderr == "No cards match. Try fewer filters; `hlcg tcboo cards` lists them all.\n"
    )
    as_json = invoke("tcboo", "cards", "--decapitation", "--interference", "--json")
    assert (as_json.exit_code, as_json.stdout, as_json.stderr) == (1, "[]\n", "")


def test_tcboo_card_type_is_taken_in_any_case():
    capital = invoke("tcboo", "cards", "--type", "S", "--json")
    small = invoke("tcboo", "cards", "--type", "s", "--json")
    assert capital.exit_code == small.exit_code == 0
    assert small.stdout == capital.stdout
    assert {card["type"] for card in json.loads(small.stdout)} == {"S"}
    wrong = invoke("tcboo", "cards", "--type", "q")
    assert (wrong.exit_code, wrong.stdout) == (2, "")
    assert wrong.stderr == (
        "hlcg: error: invalid value for '--type': 'q' is not one of 'A', 'D', 'B', 'S', 'X', "
        "'Z'; see `hlcg tcboo cards --help`\n"
    )


# --- --json with nothing found: the JSON alone ------------------------------------------------


def test_rules_with_json_keeps_its_did_you_mean_in_the_json():
    result = invoke("rules", "tittle-limt", "--json")
    assert (result.exit_code, result.stderr) == (1, "")
    answer = json.loads(result.stdout)
    assert answer["suggestions"] == ["title-limit", "master-limit"]
    assert (answer["rule"], answer["rules"]) == (None, [])
    text = invoke("rules", "tittle-limt")
    assert (text.exit_code, text.stdout) == (1, "")
    assert text.stderr == (
        "No rule 'tittle-limt'. Did you mean: title-limit, master-limit? See `hlcg rules`.\n"
    )


# --- messages in hlcg's words, naming the term ------------------------------------------------


def test_a_file_that_is_no_database_is_said_in_our_words(tmp_path: Path):
    notes = tmp_path / "README.md"
    notes.write_text("# notes\n" * 200, encoding="utf-8")
    result = invoke("card", "x", "--db", notes)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"hlcg: error: {notes} is not an SQLite catalogue; name a catalogue file (--db), or "
        "start one with `hlcg db init my.sqlite --from-shipped`\n"
    )


TYPES = (
    "attack, special-attack, ranged-attack, block, dodge, guard, event, situation, object, "
    "location, plot, edge, illusion, persona, premium, quickening, watcher, hunter, "
    "weapon-of-choice, other-pre-game"
)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["t:nope"], f"t:nope: unknown type 'nope'; one of: {TYPES}"),
        (["--type", "nope"], f"--type: unknown type 'nope'; one of: {TYPES}"),
        (["s:XX"], "s:XX: no set 'XX' in this catalogue; did you mean: 2E-BX? see `hlcg sets`"),
        (["f:T9"], "f:T9: 'T9' is not a format; use one of first-edition, type-one, type-two, mle"),
    ],
)
def test_a_term_naming_nothing_is_named_first(args, message):
    result = invoke("search", *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"hlcg: error: {message}\n"
