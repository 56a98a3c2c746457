"""Conventions every rule keeps, so `hlcg rules CODE` documents each the same way and the
format profiles can only say what the rules understand."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hlcg.cli.app import COMMANDS, GROUPS, build
from hlcg.cli.common import guarded
from hlcg.rules.profiles import PROFILES_PATH, SETTING_KEYS
from hlcg.rules.registry import RULES

SECTIONS = ("Source:", "Failing example:", "Fix:", "Options:")
# Rules whose problems come from reading the deck: tested with the readers and the resolver.
READING_RULES = {"deck-syntax", "unknown-card", "ambiguous-card"}
# Issue 18 section 1 rewrites format-legality: its "Unknown facts:" paragraph comes with it.


@pytest.mark.parametrize("rule", RULES.values(), ids=lambda r: r.name)
def test_a_rule_docstring_opens_with_its_name_and_code(rule):
    assert rule.check.__name__ == f"check_{rule.name.replace('-', '_')}"
    assert rule.check.__module__.startswith("hlcg.rules.")
    assert rule.doc.splitlines()[0].startswith(f"{rule.name} ({rule.code}): ")


@pytest.mark.parametrize("rule", RULES.values(), ids=lambda r: r.name)
def test_a_rule_docstring_has_every_section_in_order(rule):
    starts = [re.search(rf"^{section}", rule.doc, re.MULTILINE) for section in SECTIONS]
    assert all(starts), [s for s, m in zip(SECTIONS, starts, strict=True) if not m]
    positions = [m.start() for m in starts if m]
    assert positions == sorted(positions)


@pytest.mark.parametrize("rule", RULES.values(), ids=lambda r: r.name)
def test_a_rule_docstring_says_how_it_treats_unknown_facts(rule):
    unknowns = re.search(r"^Unknown facts: ", rule.doc, re.MULTILINE)
    assert unknowns is not None
    assert unknowns.start() < rule.doc.index("\nSource:")


@pytest.mark.parametrize("rule", RULES.values(), ids=lambda r: r.name)
def test_options_name_every_parameter_or_say_none(rule):
    options = rule.doc[rule.doc.index("\nOptions:") :]
    if rule.params:
        assert [p.name for p in rule.params if f"`{p.name}`" not in options] == []
    else:
        assert options.startswith("\nOptions: none")


def test_every_rule_has_its_own_test_module():
    here = Path(__file__).parent
    missing = [
        name
        for name in RULES
        if name not in READING_RULES and not (here / f"test_{name.replace('-', '_')}.py").is_file()
    ]
    assert missing == []


def test_every_profile_key_is_a_known_rule_and_option():
    data = json.loads(PROFILES_PATH.read_text(encoding="utf-8"))
    unknown = []
    for fmt, section in data.items():
        if fmt.startswith("$"):
            continue
        for rule_name, setting in section["rules"].items():
            rule = RULES.get(rule_name)
            if rule is None:
                unknown.append(f"{fmt}: {rule_name}")
                continue
            known = {*SETTING_KEYS, *(p.name for p in rule.params)}
            unknown += [f"{fmt}: {rule_name}.{key}" for key in setting if key not in known]
    assert unknown == []


def _commands(app):
    for info in app.registered_commands:
        yield info.name, info.callback
    for group in app.registered_groups:
        for name, callback in _commands(group.typer_instance):
            yield f"{group.name} {name}", callback


def test_every_command_is_guarded():
    wrapper = guarded(lambda: None).__code__
    commands = dict(_commands(build(None)))
    # Every command the app registers, groups' sub-commands included, and nothing missed.
    assert set(COMMANDS) | set(GROUPS) <= {name.split()[0] for name in commands}
    # Every command is decorated @guarded (none calls guarded(...) on its own work).
    unguarded = sorted(
        name for name, callback in commands.items() if callback.__code__ is not wrapper
    )
    assert unguarded == []
