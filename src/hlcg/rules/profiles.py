"""Format profiles (``profiles.json``): per format, overrides of the rules' own defaults.

Each rule owns its default severity and its parameters with typed defaults (see
``hlcg.rules.base``); a profile holds only what a format changes, with why. The file is
checked when read: an unknown format section, rule name, option, severity or a value of the
wrong type is an error, never silently ignored (renaming ``gem-cap`` to ``gem_cap`` must not
turn gem caps back on for first edition).

JSON rather than TOML: it is read on every deck check, and importing tomllib alone costs
more than checking a deck.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from hlcg.catalog import (
    CHECKED_FORMATS,
    EXCLUDING,
    Card,
    Catalogue,
    format_from_user,
    in_force,
)
from hlcg.deck import ResolvedDeck
from hlcg.errors import UsageError
from hlcg.problems import Level
from hlcg.rules.base import Param, Rule
from hlcg.rules.legality import (
    FORMAT_LEGALITY,
    ILLEGAL,
    LEGAL,
    UNCONFIRMED,
    Verdict,
    fact_reason,
    judge,
    named_editions,
    printings_named,
    today,
)

# A format's title and sources are the catalogue's (data/source/formats.csv); a profile
# holds only its rules' settings.
SECTION_KEYS = ("rules",)
SETTING_KEYS = ("severity", "why")
PROFILES_PATH = Path(__file__).parent / "profiles.json"


class RuleSetting:
    # Plain classes, these two: a NamedTuple costs ten times as much to create at import,
    # and both are only ever read by attribute.
    __slots__ = ("severity", "params", "why")

    def __init__(self, severity: Level, params: dict[str, Any], why: str | None = None) -> None:
        self.severity, self.params, self.why = severity, params, why


class Profile:
    __slots__ = ("name", "settings")

    def __init__(self, name: str, settings: dict[str, RuleSetting]) -> None:
        self.name, self.settings = name, settings


def problems_in(data: Any) -> list[str]:
    """Everything wrong in profiles data, one readable line each (empty when valid)."""
    if not isinstance(data, dict):
        return ["profiles: the top level must be an object"]
    found = []
    for name, section in data.items():
        if name.startswith("$"):
            continue
        if name not in CHECKED_FORMATS:
            found.append(f"{name}: {_not_a_section(name)}")
        elif not isinstance(section, dict):
            found.append(f"{name}: must be an object")
        else:
            found += _section_problems(name, section)
    missing = [f for f in CHECKED_FORMATS if f not in data]
    found += [f"{f}: no section for this format" for f in missing]
    return found


def _not_a_section(name: str) -> str:
    """Why a section's name is none: ``format_from_user``'s words for a name that is no
    format; a format's other spelling ("Type Two") is asked by its name."""
    try:
        named = format_from_user(name)
    except UsageError as refused:
        return str(refused)
    return f"a section is named by its format's name: {named!r}"


def _section_problems(name: str, section: dict[str, Any]) -> list[str]:
    found = [f"{name}.{key}: unknown key" for key in section if key not in SECTION_KEYS]
    rules = section.get("rules", {})
    if not isinstance(rules, dict):
        return [*found, f"{name}.rules: must be an object"]
    for rule_name, setting in rules.items():
        where = f"{name}.rules.{rule_name}"
        rule = _rules().get(rule_name)
        if rule is None:
            found.append(f"{where}: unknown rule (see `hlcg rules`)")
        elif not isinstance(setting, dict):
            found.append(f"{where}: must be an object")
        else:
            params = {p.name: p for p in rule.params}
            found += [
                problem
                for option, value in setting.items()
                if (problem := _option_problem(where, params, option, value))
            ]
    return found


def _option_problem(where: str, params: dict[str, Param], option: str, value: Any) -> str | None:
    """What is wrong with one option of a rule's setting, or None."""
    if option == "severity":
        if value not in tuple(Level):
            return f"{where}.severity: {value!r} is not one of {', '.join(Level)}"
    elif option == "why":
        if not isinstance(value, str):
            return f"{where}.why: must be text"
    elif option not in params:
        known = ", ".join([*SETTING_KEYS, *params]) or "none"
        return f"{where}.{option}: unknown option (known: {known})"
    elif not params[option].accepts(value):
        return f"{where}.{option}: {value!r} is not of type {params[option].type.__name__}"
    return None


def _rules() -> dict[str, Rule]:
    # Here, not at the top: `rule_option` serves `hlcg card` without importing every rule.
    from hlcg.rules.registry import RULES

    return RULES


def _read() -> Any:
    # A plain path, not importlib.resources: that import alone costs more than a deck check.
    return json.loads(PROFILES_PATH.read_text(encoding="utf-8"))


@cache
def _data() -> dict[str, Any]:
    data = _read()
    found = problems_in(data)
    if found:
        raise UsageError("profiles.json: " + "; ".join(found))
    return data


def build_profile(name: str, section: dict[str, Any]) -> Profile:
    """A format's settings: each rule's defaults with the section's overrides."""
    overrides = section.get("rules", {})
    settings = {}
    for rule_name, rule in _rules().items():
        override = dict(overrides.get(rule_name, {}))
        severity = Level(override.pop("severity", rule.severity))
        why = override.pop("why", None)
        settings[rule_name] = RuleSetting(severity, {**rule.defaults, **override}, why)
    return Profile(name, settings)


@cache
def profile(name: str) -> Profile:
    """A format's profile, by its name or any spelling of it (``format_from_user``, whose
    message refuses a name that is no format)."""
    if name not in CHECKED_FORMATS:
        return profile(format_from_user(name))
    return build_profile(name, _data()[name])


def rule_option(name: str, rule: Rule, option: str) -> Any:
    """One option of one rule in a format, as ``profile(name)`` gives it, reading that rule
    alone (`hlcg card` asks `format-legality`'s `excluded_editions` and imports no other
    rule). The option's value is checked as ``profile`` checks it; the rest of the file is
    checked by every deck check and by the tests of profiles.json."""
    section = _read().get(name) if name in CHECKED_FORMATS else None
    rules = section.get("rules", {}) if isinstance(section, dict) else None
    setting = rules.get(rule.name, {}) if isinstance(rules, dict) else None
    if not isinstance(setting, dict):
        return profile(name).settings[rule.name].params[option]  # raises the file's problems
    if option not in setting:
        return rule.defaults[option]
    params = {p.name: p for p in rule.params}
    problem = _option_problem(f"{name}.rules.{rule.name}", params, option, setting[option])
    if problem:
        raise UsageError(f"profiles.json: {problem}")
    return setting[option]


# Legality verdicts asked outside a deck's rules: a card's in a format (`hlcg search f:`,
# the card table, a fix's additions), and what a deck's verdict rests on for its fingerprint.
# Each reads the format's own `excluded_editions` from its profile, so the rules' own
# ``hlcg.rules.legality`` never reads the profiles (which read the rules).


@cache
def excluded_editions(fmt: str) -> list[str]:
    """The editions whose printings ``fmt`` does not take (`format-legality`'s option in
    the format's profile), read once, without importing every rule."""
    excluded: list[str] = rule_option(fmt, FORMAT_LEGALITY, "excluded_editions")
    return excluded


def verdict_in(card: Card, fmt: str, catalogue: Catalogue, on: str | None = None) -> Verdict:
    """``judge`` with the format's own `excluded_editions` (its profile), for questions
    asked outside a deck check (`hlcg search f:`, the card table). A legality tag only
    (mle) is decided by its legality facts and recorded formats alone."""
    from hlcg.catalog import CHECKED_FORMATS

    if fmt not in catalogue.formats:
        return Verdict(UNCONFIRMED, f"this catalogue records no format {fmt}")
    if fmt not in CHECKED_FORMATS:
        fact = in_force(catalogue.legality(card.id), fmt, on or today())
        if fact is not None:
            status = ILLEGAL if fact.status in EXCLUDING else LEGAL
            return Verdict(status, fact_reason(fact), fact)
        if fmt in card.formats:
            return Verdict(LEGAL, f"its recorded formats name {fmt}")
        return Verdict(UNCONFIRMED, f"no source places it in {fmt}")
    return judge(card, fmt, catalogue, excluded_editions(fmt), on=on)


def verdict_lines(deck: ResolvedDeck, catalogue: Catalogue, on: str) -> list[str]:
    """What a deck's legality verdict rests on besides the catalogue rows, as the
    fingerprint's canonical form lists it (docs/fingerprint.md): the legality facts in
    force on ``on`` ("<card id> <status> <date or ->") and the printings the deck names
    where they change a card's verdict ("<card id> printing <edition>")."""
    from hlcg.deck import used_card_ids

    lines = []
    for card_id in used_card_ids(deck):
        fact = in_force(catalogue.legality(card_id), deck.format, on)
        if fact is not None:
            lines.append(f"{card_id} {fact.status} {fact.date or '-'}")
    excluded = excluded_editions(deck.format)
    for deck_card in deck.cards:
        named = printings_named(deck, deck_card, catalogue)
        if not named:
            continue
        card = deck_card.card
        plain = judge(card, deck.format, catalogue, excluded, on=on).status
        if judge(card, deck.format, catalogue, excluded, on=on, named_sets=named).status != plain:
            editions = sorted(set(named_editions(named, catalogue).values()))
            lines.append(f"{card.id} printing {'/'.join(editions)}")
    return sorted(set(lines))
