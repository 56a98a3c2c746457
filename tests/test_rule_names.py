"""Rule names are written only in rules/ (issue 34 point 3): the other stages ask the rules
package for a rule (``hlcg.rules.GEM_CAP.name``, ``RULE_OF_UNRESOLVED``), and the web page
learns the names it needs from the API, so renaming a rule is one edit in rules/."""

from __future__ import annotations

import ast
import re

from conftest import ROOT
from hlcg.catalog import Card
from hlcg.problems import FAIL_ON_GAPS
from hlcg.rules import RULES, UNCHECKED

SRC = ROOT / "src" / "hlcg"
STATIC = SRC / "web" / "static"

# A single-word rule name that is also a card's fact (restriction, reserved, signature) is
# that fact's name wherever a card is read or written: source text cannot tell the two
# apart, so those words are left to the card's vocabulary.
CARD_FACT_WORDS = frozenset(RULES) & frozenset(Card._fields)

# Words another vocabulary shares with a rule's name, where that vocabulary owns them.
OTHER_VOCABULARIES = {
    ("catalog/search.py", "unchecked"): "the search prefix unchecked:FORMAT",
    ("web/service.py", "unchecked"): "the word for a card's unconfirmed legality",
    ("problems.py", "unchecked"): "the --fail-on word, kept equal to the rule's name below",
    ("curation/models.py", "hand-icons"): "a persona modifier's kind",
    ("report/schema.py", "master-limit"): "a missing fact's key (a gap's `fact`)",
    ("report/schema.py", "hand-icons"): "a missing fact's key (a gap's `fact`)",
    ("web/static/browser.js", "unchecked"): "the word for a card's unconfirmed legality",
}

# A hyphenated name is found inside any string (a message built around it); a one-word
# name only as the whole string (`basics` is also a word of prose).
_HYPHENATED = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(n) for n in RULES if "-" in n) + r")(?![\w-])"
)


def names_in(text: str) -> set[str]:
    found = set(_HYPHENATED.findall(text))
    if text.strip() in RULES:
        found.add(text.strip())
    return found - CARD_FACT_WORDS


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, kinds)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def python_rule_names(source: str, module: str) -> list[str]:
    """``line: name`` for each string literal of the module that names a rule (docstrings
    and comments are documentation and do not count)."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    found = [
        (node.lineno, name)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        for name in sorted(names_in(node.value))
        if (module, name) not in OTHER_VOCABULARIES
    ]
    return [f"{line}: {name}" for line, name in sorted(found)]


# Read left to right, a JavaScript comment or string starts wherever the earlier one ends:
# an apostrophe in a comment opens no string, a // in a string (a URL) is no comment.
_JS_TOKEN = re.compile(
    r"""(?P<comment>//[^\n]*|/\*.*?\*/)"""
    r"""|'(?P<single>(?:\\.|[^'\\\n])*)'"""
    r'|"(?P<double>(?:\\.|[^"\\\n])*)"'
    r"""|`(?P<template>(?:\\.|[^`\\])*)`""",
    re.DOTALL,
)


def javascript_rule_names(text: str, module: str) -> list[str]:
    """The rule names the page's script writes in its strings (comments aside)."""
    return [
        name
        for token in _JS_TOKEN.finditer(text)
        if not token["comment"]
        for name in sorted(names_in(token["single"] or token["double"] or token["template"] or ""))
        if (module, name) not in OTHER_VOCABULARIES
    ]


def test_no_rule_name_is_written_outside_rules() -> None:
    modules = {path.relative_to(SRC).as_posix(): path for path in SRC.rglob("*.py")}
    found = {
        module: names
        for module, path in sorted(modules.items())
        if not module.startswith("rules/")
        if (names := python_rule_names(path.read_text(encoding="utf-8"), module))
    }
    assert found == {}


def test_the_page_writes_no_rule_name() -> None:
    found = {
        module: names
        for path in sorted(STATIC.glob("*.js"))
        if (module := path.relative_to(SRC).as_posix())
        if (names := javascript_rule_names(path.read_text(encoding="utf-8"), module))
    }
    assert found == {}


def test_the_scan_finds_what_it_is_for() -> None:
    """The finder sees a name used as a key, in a message and in a page's selector, and
    leaves docstrings, comments, prose and card facts alone."""
    source = (
        '"""Counts for gem-cap."""\n'
        "# title-limit in a comment\n"
        'LIMIT = settings["title-limit"]\n'
        'SHOWN = f"{line}: deck-syntax: {message}"\n'
        'PROSE = "the basics of it"\n'
        'BASICS = "basics"\n'
        'FACT = "restriction"\n'
        'PREFIX = "unchecked"\n'
    )
    assert python_rule_names(source, "check/fix.py") == [
        "3: title-limit",
        "4: deck-syntax",
        "6: basics",
        "8: unchecked",
    ]
    assert python_rule_names(source, "catalog/search.py")[-1] == "6: basics"
    script = (
        "// the title-limit rule\n"
        "const url = 'https://example.org/a'; /* unknown-card */\n"
        "document.querySelectorAll('li[data-rule=\"unknown-card\"]');\n"
        "const rule = await api(`/api/rules/${name}`);\n"
    )
    assert javascript_rule_names(script, "web/static/finding.js") == ["unknown-card"]


def test_the_fail_on_word_is_the_rule_name() -> None:
    """`--fail-on unchecked` fails on the `unchecked` rule's notes: the one word shared."""
    assert UNCHECKED.name == FAIL_ON_GAPS
