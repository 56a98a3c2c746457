"""`hlcg rules --json` as data: the rule list with each format's severity, one rule's
documentation with its parameters and each format's setting (format-legality adds the
catalogue's legality facts, its evidence), and the rulebook's permissions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue
    from hlcg.rules import Rule


def rule_list(
    listed: Sequence[Rule], formats: Sequence[str], one_format: bool
) -> list[dict[str, Any]]:
    """Each rule's code, name, severity in each format and summary; the summary with the
    format's numbers when one format is asked for, else with the defaults."""
    from hlcg.rules import profile

    profiles = [profile(f) for f in formats]
    return [
        {
            "code": rule.code,
            "name": rule.name,
            "severity": {p.name: p.settings[rule.name].severity for p in profiles},
            "summary": rule.summary_for(
                profiles[0].settings[rule.name].params if one_format else None
            ),
        }
        for rule in listed
    ]


def legality_facts(catalogue: Catalogue, formats: Sequence[str]) -> list[dict[str, str]]:
    """The catalogue's legality facts in ``formats`` (format-legality's evidence)."""
    return [
        {"card": card_id, **fact._asdict()}
        for card_id, fact in catalogue.legality_table()
        if fact.format in formats
    ]


def rule_answer(
    rule: Rule, formats: Sequence[str], catalogue: Callable[[], Catalogue] | None
) -> dict[str, Any]:
    """One rule: its documentation, parameters and each format's setting. ``catalogue`` is
    called only for format-legality, whose answer lists the legality facts (None: the rule
    alone, as docs/rules.md documents it)."""
    from hlcg.rules import FORMAT_LEGALITY, profile

    settings = {f: profile(f).settings[rule.name] for f in formats}
    wants_facts = rule.name == FORMAT_LEGALITY.name
    facts = legality_facts(catalogue(), formats) if catalogue and wants_facts else None
    return {
        "code": rule.code,
        "name": rule.name,
        "summary": rule.summary_for(),
        "doc": rule.doc,
        "parameters": [
            {"name": p.name, "type": p.type.__name__, "default": p.default, "source": p.source}
            for p in rule.params
        ],
        "formats": {
            f: {"severity": s.severity, "parameters": s.params, "why": s.why}
            for f, s in settings.items()
        },
        **({"legality": facts} if facts is not None else {}),
    }


def _shown(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(" / ".join(v) if isinstance(v, list) else str(v) for v in value) or "-"
    return str(value)


def rule_text(answer: dict[str, Any]) -> str:
    """What `hlcg rules NAME` prints of a ``rule_answer`` (format-legality's table of
    legality facts aside): the summary, the documentation, the parameters and each
    format's setting. `GET /api/rules/NAME` returns the same text."""
    lines = [f"{answer['code']} {answer['name']}: {answer['summary']}", "", answer["doc"]]
    if answer["parameters"]:
        lines += ["", "Parameters (default, source):"]
        lines += [
            f"  {p['name']} = {_shown(p['default'])} ({p['source']})" for p in answer["parameters"]
        ]
    for fmt_name, setting in answer["formats"].items():
        why = f" ({setting['why']})" if setting["why"] else ""
        lines += ["", f"{fmt_name}: {setting['severity']}{why}"]
        lines += [f"  {name} = {_shown(value)}" for name, value in setting["parameters"].items()]
    return "\n".join(lines)


def permissions_answer(formats: Sequence[str]) -> dict[str, Any]:
    """The rulebook's permissions in ``formats`` and the card modifiers."""
    from hlcg.rules import CARD_MODIFIERS, PERMISSIONS

    return {
        "permissions": [
            {
                "name": p.name,
                "summary": p.summary,
                "formats": {f: s for f, s in p.formats.items() if f in formats},
                "source": p.source,
            }
            for p in PERMISSIONS.values()
        ],
        "card_modifiers": CARD_MODIFIERS,
    }
