"""docs/web.md names only commands, options and option values that exist (issue 35: it
named `hlcg deck convert --to text`, which `--to` refuses: its values are txt, json, dek
and o8d). In-process: the typer app's own parameters, no command is run."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import typer

from hlcg.cli.app import app

DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "web.md"


def commands_named(text: str) -> list[str]:
    """Every `hlcg ...` the page names: in inline code, and the lines of its code blocks."""
    fenced = re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.DOTALL)
    lines = [line.split("#")[0].strip() for block in fenced for line in block.splitlines()]
    inline = re.findall(r"`(hlcg [^`]+)`", re.sub(r"```.*?```", "", text, flags=re.DOTALL))
    return [c for c in lines if c.startswith("hlcg ")] + inline


def command_for(words: list[str]) -> tuple[Any, list[str]]:
    """The (sub)command the words name, and the words after its name."""
    command = typer.main.get_command(app)
    while words and words[0] in getattr(command, "commands", {}):
        command, words = command.commands[words[0]], words[1:]
    return command, words


def test_every_option_and_value_docs_web_names_is_one_the_command_takes():
    checked = []
    for named in commands_named(DOC.read_text(encoding="utf-8")):
        words = shlex.split(named.replace("...", ""))[1:]
        command, rest = command_for(words)
        assert command.name != "hlcg" or not words, f"{named}: no such command"
        options = {opt: param for param in command.params for opt in getattr(param, "opts", [])}
        for i, word in enumerate(rest):
            if not word.startswith("-") or word == "-":
                continue
            option, _, value = word.partition("=")
            assert option in options, f"{named}: {command.name} has no option {option}"
            param = options[option]
            if not value and not param.is_flag and i + 1 < len(rest):
                value = rest[i + 1]
            choices = getattr(param.type, "choices", None)
            # an upper-case word is a placeholder (`--to TO`), not a value
            if choices and value and not value.isupper():
                assert value in choices, f"{named}: {option} takes {list(choices)}, not {value!r}"
            checked.append((named, option, value))
    assert ("hlcg deck convert --to txt", "--to", "txt") in checked
    assert len(checked) >= 10
