"""Start-up, second round (issue 34 point 5): what a command no longer pays for, and the str
checks that spare the deck-line patterns, each held to the pattern it stands in front of."""

from __future__ import annotations

import json
import subprocess
import sys

import typer
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from hlcg.cli.app import build
from hlcg.deck import lines

DECK = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"


def _run_reporting(argv: list[str], report: str) -> dict[str, object]:
    """Run `hlcg ARGV...` in a fresh process (what it imports and compiles is the point) and
    return what the ``report`` expression says about that process afterwards."""
    code = (
        "import sys, json\n"
        "from hlcg.cli.app import main\n"
        f"sys.argv = ['hlcg', *{argv!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print(json.dumps({report}), file=sys.stderr)\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return dict(json.loads(ran.stderr.strip().splitlines()[-1]))


def test_a_group_command_builds_only_the_command_it_runs():
    def deck_commands(sub_command: str | None) -> set[str]:
        root = typer.main.get_command(build("deck", sub_command=sub_command))
        return set(root.commands["deck"].commands)  # type: ignore[attr-defined]

    every = {"hash", "stats", "convert", "sheet", "diff", "odds"}
    assert deck_commands("hash") == {"hash"}
    # its help, a misspelt command (for its suggestions), no command: the whole group
    assert deck_commands("--help") == deck_commands("hahs") == deck_commands(None) == every
    # a sub-group's name is no command of its own: `hlcg db facts ...` keeps the group whole
    db = typer.main.get_command(build("db", sub_command="facts")).commands["db"]
    assert "facts" in db.commands and "build" in db.commands  # type: ignore[attr-defined]
    # the module's own app stays whole for the full app, tests and tools
    assert len(__import__("hlcg.cli.deck").cli.deck.app.registered_commands) == len(every)


def test_a_plain_deck_compiles_no_pattern_its_lines_cannot_match():
    """The example deck (Format:, Persona:, headers, `COUNT NAME` lines, LF line ends) is
    read and checked without compiling the patterns its str checks rule out; `deck hash`
    hashes without importing hashlib (OpenSSL), and `persona` reads no rule registry."""
    spared = [
        "_LIST_MARK", "_DASHED_KEY", "_HEADER", "_COUNT_ONLY", "_MARKUP", "_LINE_BREAK",
        "_DIGITS", "_FUSED_DIGITS",
    ]  # fmt: skip
    compiled = (
        "{name: 'match' in vars(getattr(sys.modules['hlcg.deck.lines'], name)) "
        f"for name in {spared!r}}}"
    )
    hashed = _run_reporting(
        ["deck", "hash", str(DECK)],
        f"{{'compiled': {compiled}, 'hashlib': 'hashlib' in sys.modules}}",
    )
    assert hashed == {"compiled": dict.fromkeys(spared, False), "hashlib": False}
    persona = _run_reporting(
        ["persona", "Duncan MacLeod"],
        "{m: m in sys.modules for m in ('hlcg.rules.registry', 'hlcg.rules.limits')}",
    )
    assert persona == {"hlcg.rules.registry": False, "hlcg.rules.limits": True}


def _pattern_list_mark(line: str) -> tuple[int | None, str] | None:
    mark = lines._LIST_MARK.match(line)
    if mark is None or mark.end() == len(line):
        return None
    return (int(mark["number"]) if mark["number"] else None), line[mark.end() :]


def _pattern_group_count(line: str) -> int | None:
    found = lines._DIGITS.search(lines._MARKUP.sub(" ", line))
    return lines.copies_value(found.group()) if found else None


def _pattern_split_lines(text: str) -> list[str]:
    split = lines._LINE_BREAK.split(text)
    return split[:-1] if split and split[-1] == "" else split


def _pattern_word_colon(line: str) -> tuple[str, str] | None:
    found = lines._HEADER.match(line)
    return (found["word"], found["rest"]) if found else None


# Lines made of what the checks look at: digits (ASCII and not), marks, brackets, dashes,
# colons, spaces of several kinds, letters of a header word and others.
LINE_CHARACTERS = (
    "0123456789\u0663\u00b2.)(-*+\u2013\u2014\u2022\u00b7 \t\u00a0xX\u00d7aPpFf[]<>:\u00e9_"
)
line_text = st.text(alphabet=LINE_CHARACTERS, max_size=12)


@settings(max_examples=400, deadline=None)
@given(line_text, st.sampled_from(["", "Persona", "Format", "Pre-Game", "Deck", "a" * 81]))
def test_each_str_check_reads_a_line_as_its_pattern_does(text, word):
    line = word + text
    assert lines.list_mark(line) == _pattern_list_mark(line)
    assert lines.group_count(line) == _pattern_group_count(line)
    assert lines._count_only(line) == (lines._COUNT_ONLY.match(line) is not None)
    assert lines._fused_digits(line) == (lines._FUSED_DIGITS.match(line) is not None)
    assert lines._DASHED_KEY.match(line) is None or lines._may_be_dashed(line)
    if line[:1].isalpha():  # as header() asks it
        assert lines._word_colon(line) == _pattern_word_colon(line)
    with_breaks = line.replace("_", "\r").replace("a", "\n")
    assert lines.split_lines(with_breaks) == _pattern_split_lines(with_breaks)


def test_start_up_collects_rarely_and_a_run_of_many_decks_at_python_s_pace():
    """A one-deck command never pauses to collect; a folder of decks goes back to Python's
    own pace, as each process would otherwise hold up to 50,000 objects of cyclic garbage
    (10,000 decks: 98 MiB over the processes, not 71)."""
    import gc

    from typer.testing import CliRunner

    import hlcg.cli

    before = gc.get_threshold()
    try:
        gc.set_threshold(50_000, *hlcg.cli._COLLECTOR_DEFAULT[1:])  # as a command starts
        one = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"
        assert CliRunner().invoke(build(), ["validate", str(one)]).exit_code == 0
        assert gc.get_threshold()[0] == 50_000
        folder = ROOT / "examples" / "decks" / "valid"
        assert CliRunner().invoke(build(), ["validate", str(folder)]).exit_code in (0, 1)
        assert gc.get_threshold() == hlcg.cli._COLLECTOR_DEFAULT
    finally:
        gc.set_threshold(*before)


def test_a_digest_is_the_same_before_and_after_the_switch_to_hashlib():
    """Python's own sha256 for a process's first digests, hashlib's after: one digest."""
    import hashlib

    from hlcg.catalog.integrity import _Sha256Hex

    hexer = _Sha256Hex()
    texts = [f"deck {n}: Épée ✓" for n in range(_Sha256Hex.SWITCH_AFTER + 3)]
    expected = [hashlib.sha256(text.encode("utf-8")).hexdigest() for text in texts]
    assert [hexer(text) for text in texts] == expected
    assert hexer.sha256 is hashlib.sha256
