"""Format profiles (``profiles.json``): which rules run, their severity and parameters.

JSON rather than TOML: it is read on every deck check, and importing tomllib alone costs
more than checking a deck.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from hlcg.catalog.fields import CHECKED_FORMATS
from hlcg.errors import UsageError
from hlcg.rules.registry import RULES

SEVERITIES = ("error", "warning", "off")


class RuleSetting(NamedTuple):
    severity: str
    params: dict[str, Any]
    why: str | None = None


class Profile(NamedTuple):
    name: str
    title: str
    sources: tuple[str, ...]
    settings: dict[str, RuleSetting]

    def active(self) -> list[str]:
        return [name for name, s in self.settings.items() if s.severity != "off"]


@cache
def _data() -> dict[str, Any]:
    # A plain path, not importlib.resources: that import alone costs more than a deck check.
    text = (Path(__file__).parent / "profiles.json").read_text(encoding="utf-8")
    return json.loads(text)


@cache
def profile(name: str) -> Profile:
    if name not in CHECKED_FORMATS:
        raise UsageError(f"unknown format {name!r}; choose one of {', '.join(CHECKED_FORMATS)}")
    data = _data()
    defaults = data.get("defaults", {})
    section = data[name]
    overrides = section.get("rules", {})
    settings = {}
    for rule_name in RULES:
        merged = {**defaults.get(rule_name, {}), **overrides.get(rule_name, {})}
        severity = merged.pop("severity", "error")
        why = merged.pop("why", None)
        if severity not in SEVERITIES:
            raise UsageError(f"profiles.json: {name}.{rule_name}: bad severity {severity!r}")
        settings[rule_name] = RuleSetting(severity, merged, why)
    return Profile(name, section.get("title", name), tuple(section.get("sources", ())), settings)
