"""Format profiles hold only validated overrides of the rules' own typed defaults."""

from __future__ import annotations

import copy
import json

import pytest

from hlcg.rules.profiles import PROFILES_PATH, build_profile, problems_in, profile
from hlcg.rules.registry import RULES

SHIPPED = json.loads(PROFILES_PATH.read_text(encoding="utf-8"))


def test_shipped_profiles_are_valid():
    assert problems_in(SHIPPED) == []


def _with(fmt: str, rule: str, setting: dict) -> dict:
    data = copy.deepcopy(SHIPPED)
    data[fmt].setdefault("rules", {})[rule] = setting
    return data


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            _with("first-edition", "gem_cap", {"severity": "off"}),
            "first-edition.rules.gem_cap: unknown rule (see `hlcg rules`)",
        ),
        (
            _with("type-two", "deck-size", {"minimum": 40}),
            "type-two.rules.deck-size.minimum: unknown option (known: severity, why, min)",
        ),
        (
            _with("type-two", "deck-size", {"min": "40"}),
            "type-two.rules.deck-size.min: '40' is not of type int",
        ),
        (
            _with("type-two", "title-limit", {"max": True}),
            "type-two.rules.title-limit.max: True is not of type int",
        ),
        (
            _with("type-one", "gem-cap", {"severity": "fatal"}),
            "type-one.rules.gem-cap.severity: 'fatal' is not one of error, warning, note, off",
        ),
        (
            {**copy.deepcopy(SHIPPED), "type-three": {}},
            "type-three: 'type-three' is not a format; use one of first-edition, type-one, "
            "type-two",
        ),
        (
            {**copy.deepcopy(SHIPPED), "Type Two": {}},
            "Type Two: a section is named by its format's name: 'type-two'",
        ),
        (
            {**copy.deepcopy(SHIPPED), "type-two": {"rule": {}}},
            "type-two.rule: unknown key",
        ),
        (
            # A format's title is the catalogue's (formats.csv), not the profile's.
            {**copy.deepcopy(SHIPPED), "type-two": {"title": "Type Two", "rules": {}}},
            "type-two.title: unknown key",
        ),
    ],
)
def test_bad_profiles_are_refused(data, expected):
    assert problems_in(data) == [expected]


def test_every_key_of_the_shipped_profiles_is_read():
    # A key the loader accepts but never reads would be a second, silent home for a fact.
    sections = [section for name, section in SHIPPED.items() if not name.startswith("$")]
    assert {key for section in sections for key in section} == {"rules"}
    for name, section in SHIPPED.items():
        if name.startswith("$"):
            continue
        built = build_profile(name, section).settings
        for rule_name, setting in section["rules"].items():
            options = {k: v for k, v in setting.items() if k not in ("severity", "why")}
            assert built[rule_name].params.items() >= options.items(), rule_name
            assert built[rule_name].severity == setting.get("severity", RULES[rule_name].severity)
            assert built[rule_name].why == setting.get("why")


def test_profiles_hold_overrides_of_rule_defaults():
    # Each number lives in its rule; a format section only overrides it.
    assert RULES["deck-size"].defaults == {"min": 50}
    assert profile("type-two").settings["deck-size"].params["min"] == 50
    custom = build_profile("type-two", {"rules": {"deck-size": {"min": 40}}})
    assert custom.settings["deck-size"].params["min"] == 40
    assert custom.settings["unchecked"].severity == "note"
    assert profile("first-edition").settings["gem-cap"].severity == "off"


def test_every_rule_summary_reads_its_parameters():
    for rule in RULES.values():
        assert "{" not in rule.summary_for(), rule.name
    assert RULES["title-limit"].summary_for({"max": 4}) == "At most 4 cards share a title"


def test_the_shipped_file_is_read_through_the_check(tmp_path, monkeypatch):
    """A bad key in profiles.json stops hlcg with the problem named, never a silent default."""
    from hlcg.errors import UsageError
    from hlcg.rules import profiles as profiles_module

    bad = _with("first-edition", "gem_cap", {"severity": "off"})
    path = tmp_path / "profiles.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    monkeypatch.setattr(profiles_module, "PROFILES_PATH", path)
    profiles_module._data.cache_clear()
    try:
        with pytest.raises(UsageError, match="profiles.json: first-edition.rules.gem_cap: unknown"):
            profiles_module._data()
    finally:
        profiles_module._data.cache_clear()
