"""Each vocabulary is owned once (issue 34 point 3): one validator and one message for a
format a user names, the deck kinds' names in the deck stage's table, the storage format
behind a door of its own, no stage's cache inside ``Catalogue``, one ``Skipped``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

SRC = ROOT / "src" / "hlcg"
runner = CliRunner()

# --- formats: one validator, one message ----------------------------------------------------

BAD = "typ two"
CHECKED = "first-edition, type-one, type-two"
MESSAGE = f"{BAD!r} is not a format; use one of {CHECKED}"
# A search term may name a legality tag no deck is checked for (f:mle): the same words.
TAG_MESSAGE = f"{BAD!r} is not a format; use one of {CHECKED}, mle"


def _raising_functions(words: tuple[str, ...]) -> list[str]:
    """The functions under src/hlcg that raise an error whose message holds every word."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "raise" not in text or not all(w in text for w in words):
            continue
        for function in ast.walk(ast.parse(text)):
            if not isinstance(function, ast.FunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Raise) and node.exc is not None:
                    said = " ".join(
                        str(c.value)
                        for c in ast.walk(node.exc)
                        if isinstance(c, ast.Constant) and isinstance(c.value, str)
                    )
                    if all(w in said for w in words):
                        found.append(f"{path.relative_to(SRC)}:{function.name}")
    return sorted(set(found))


def test_one_function_refuses_a_format_a_user_names():
    """The search's f: terms and a profile asked by name used to say it in words of their
    own ("unknown format ...; one of:", "...; choose one of")."""
    assert _raising_functions(("format", "one of")) == ["catalog/vocabulary.py:format_from_user"]


def test_the_measure_finds_a_second_wording(tmp_path, monkeypatch):
    module = tmp_path / "hlcg" / "search.py"
    module.parent.mkdir()
    module.write_text(
        "def check_format(value):\n"
        "    raise QueryError(f'unknown format {value!r}; one of: ' + known)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(__import__(__name__), "SRC", tmp_path / "hlcg")
    assert _raising_functions(("format", "one of")) == ["search.py:check_format"]


def _commands_with_a_format_option() -> list[list[str]]:
    """Every command (its words) that has a --format option, found in the app itself."""
    import click
    import typer

    def walk(command: click.Command, words: list[str]) -> list[list[str]]:
        if isinstance(command, click.Group):
            found = []
            for name in command.list_commands(click.Context(command)):
                sub = command.get_command(click.Context(command), name)
                found += walk(sub, [*words, name]) if sub else []
            return found
        options = [p for p in command.params if "--format" in getattr(p, "opts", [])]
        return [words] if options else []

    return walk(typer.main.get_command(app), [])


def test_every_format_option_is_found():
    found = _commands_with_a_format_option()
    assert ["validate"] in found and ["rules"] in found and ["event", "new"] in found
    assert len(found) == 10, found


@pytest.mark.parametrize("words", _commands_with_a_format_option(), ids=" ".join)
def test_every_command_refuses_a_bad_format_in_the_same_words(words):
    """One message and one framing: `validate` checks --format at the check's door, the
    others as the option is parsed, and all say it as `--format: ...` on one line."""
    args = [*words, "--format", BAD, *(["-"] if words == ["validate"] else [])]
    result = runner.invoke(app, args, input="")
    said = TAG_MESSAGE if words == ["search"] else MESSAGE  # a search names tags too
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"hlcg: error: --format: {said}\n"


@pytest.mark.parametrize("words", _commands_with_a_format_option(), ids=" ".join)
def test_a_legality_tag_is_said_to_be_one_where_a_checked_format_is_asked(words):
    """`hlcg formats` lists mle, so a command that checks decks says what it is rather than
    calling it no format; a search takes it (f:mle finds cards tagged with it)."""
    args = [*words, "--format", "mle", *(["-"] if words == ["validate"] else [])]
    result = runner.invoke(app, args, input="Persona: Duncan MacLeod\n")
    if words == ["search"]:
        assert result.exit_code in (0, 1), result.stderr
        return
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "hlcg: error: --format: 'mle' is a legality tag, not a format decks are checked in; "
        "use one of first-edition, type-one, type-two\n"
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["search", f'f:"{BAD}"'], f"hlcg: error: f:{BAD}: {TAG_MESSAGE}"),
        (["search", f'unchecked:"{BAD}"'], f"hlcg: error: unchecked:{BAD}: {TAG_MESSAGE}"),
    ],
)
def test_a_search_term_refuses_a_bad_format_in_the_same_words(args, said):
    result = runner.invoke(app, args, input="")
    assert (result.exit_code, result.stdout) == (2, "")
    assert said in result.stderr


def test_a_deck_s_format_line_is_refused_in_the_same_words(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(f"Format: {BAD}\nPersona: Connor MacLeod\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(deck), "-o", "json"])
    import json

    (syntax,) = [
        p for p in json.loads(result.stdout)["decks"][0]["problems"] if p["code"] == "HL001"
    ]
    assert syntax["message"] == f"{MESSAGE}; checked as type-two"
    assert syntax["line"] == 1


@pytest.mark.parametrize("spelling", ["type2", "TypeTwo", "typetwo", "TYPE-2", "t-2", "typeII"])
def test_a_format_run_together_is_the_format_spaced(spelling, tmp_path):
    """`--format "type 2"` was taken and `--format type2` refused; a deck's line too."""
    result = runner.invoke(app, ["rules", "--format", spelling, "--json"])
    assert result.exit_code == 0, result.stderr
    deck = tmp_path / "deck.txt"
    deck.write_text(f"Format: {spelling}\nPersona: Connor MacLeod\n", encoding="utf-8")
    checked = runner.invoke(app, ["validate", str(deck), "-o", "json"])
    import json

    report = json.loads(checked.stdout)["decks"][0]
    assert report["format"] == "type-two"
    assert [p for p in report["problems"] if p["code"] == "HL001"] == []


def test_a_profile_asked_by_a_name_that_is_no_format_gives_the_same_message():
    from hlcg.errors import UsageError
    from hlcg.rules import profile

    with pytest.raises(UsageError) as refused:
        profile(BAD)
    assert str(refused.value) == MESSAGE
    assert profile("Type Two") is profile("type-two")  # any spelling a deck's Format: takes


def test_checked_format_is_the_catalogue_s_word_not_the_write_side_s():
    """The JSON report's model takes the type of a checked format from the read side."""
    from typing import get_args

    from hlcg.catalog import CHECKED_FORMATS, CheckedFormat

    assert get_args(CheckedFormat) == CHECKED_FORMATS
    schema = (SRC / "report" / "schema.py").read_text(encoding="utf-8")
    assert "hlcg.curation" not in schema


# --- one Skipped ------------------------------------------------------------------------------


def _classes_named(name: str) -> list[str]:
    return [
        str(path.relative_to(SRC))
        for path in sorted(SRC.rglob("*.py"))
        if f"class {name}(" in path.read_text(encoding="utf-8")
    ]


def test_a_file_passed_over_is_one_type_the_check_s():
    """The report took a second ``Skipped`` (its path as text) that the CLI copied the
    check's into; the report now names the check's, as it names its path."""
    assert _classes_named("Skipped") == ["check/runs.py"]
    from hlcg.check import Skipped

    passed_over = Skipped(Path("notes") / "README.txt", "a README, licence or changelog")
    assert passed_over.shown_path == str(Path("notes") / "README.txt")
    assert Skipped(Path("-"), "x").shown_path == "<stdin>"


def test_every_report_names_a_skipped_file_by_its_path(tmp_path):
    deck = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"
    (tmp_path / "deck.txt").write_bytes(deck.read_bytes())
    (tmp_path / "README.txt").write_text("# notes\n", encoding="utf-8")
    readme = str(tmp_path / "README.txt")
    said = {}
    for kind in ("json", "text", "github"):
        result = runner.invoke(app, ["validate", str(tmp_path), "--skip-non-decks", "-o", kind])
        assert result.exit_code == 0, result.output
        said[kind] = result.stdout
    import json

    skipped = json.loads(said["json"])["skipped"]
    assert skipped == [{"path": readme, "reason": "a README, licence or changelog"}]
    note = f"note: skipped {readme}: not a deck (a README, licence or changelog)"
    assert note in said["text"].splitlines()
    github = (
        f"::notice file={readme},title=skipped file::not a deck (a README, licence or changelog)"
    )
    assert github in said["github"].splitlines()


# --- the catalogue's two doors: what readers use, and the storage format ----------------------

# Writing sides: the curation of the shipped catalogue, and the fan game's own tables.
WRITERS = {"curation", "tcboo"}
# On the reader's door though only curation imports it: the legality tags are the
# formats' vocabulary (the search's f:mle reads them inside the catalogue), not storage.
READER_NAMES_ONLY_CURATION_USES = {"FORMAT_TAGS"}


def _door(path: str) -> dict[str, str]:
    from test_layout import door_table

    return door_table(SRC / path)


def _importers(door: str) -> dict[str, set[str]]:
    """Each name taken from ``door`` by code outside the catalogue -> the packages taking it
    (read from the text: ruff writes every import one way, and parsing every module would
    cost more than the rest of this file)."""
    statement = re.compile(rf"from {re.escape(door)} import (?:\(([^)]*)\)|([^\n]+))")
    found: dict[str, set[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        package = path.relative_to(SRC).parts[0]
        if package == "catalog":
            continue
        for listed in statement.finditer(path.read_text(encoding="utf-8")):
            for name in re.findall(r"\w+", re.sub(r"#[^\n]*", "", listed[1] or listed[2])):
                found.setdefault(name, set()).add(package)
    return found


def test_the_reader_door_serves_what_readers_use_and_no_storage():
    served = _door("catalog/__init__.py")
    storage = _door("catalog/storage.py")
    assert not set(served) & set(storage)
    assert "hlcg.catalog.schema" not in served.values()  # tables, views, schema version
    # (tcboo reads the catalogue too: its lookups are a reader's)
    only_curation = {n for n, users in _importers("hlcg.catalog").items() if users == {"curation"}}
    assert only_curation == READER_NAMES_ONLY_CURATION_USES


def test_the_storage_door_is_the_schema_and_the_codec_and_only_writers_use_it():
    storage = _door("catalog/storage.py")
    from_schema = {name for name, module in storage.items() if module == "hlcg.catalog.schema"}
    assert {"SCHEMA_VERSION", "TABLES", "VIEWS", "Table", "TableGroup"} <= from_schema
    codec = {"encode_card", "decode_card", "encode_list", "decode_list", "flat_card"}
    assert codec <= set(storage)
    users = _importers("hlcg.catalog.storage")
    assert set(users) == set(storage)  # each name is there for a writer
    assert set().union(*users.values()) == WRITERS


# --- no stage keeps its caches inside Catalogue -------------------------------------------------


def _catalogue_s_own_attributes() -> set[str]:
    """What ``Catalogue`` itself sets on an instance: ``self.x = ...`` in its methods and its
    cached properties (catalog/store.py)."""
    tree = ast.parse((SRC / "catalog" / "store.py").read_text(encoding="utf-8"))
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Catalogue"]
    own = {
        target.attr
        for node in ast.walk(cls)
        for target in (
            node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        )
        if isinstance(node, ast.Assign | ast.AnnAssign)
        and isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    }
    cached = {
        item.name
        for item in cls.body
        if isinstance(item, ast.FunctionDef)
        and any(getattr(d, "id", None) == "cached_property" for d in item.decorator_list)
    }
    return own | cached


def test_no_code_outside_the_catalogue_reaches_into_a_catalogue():
    """A stage's memory of a catalogue lives with the stage (``PerCatalogue``), never as an
    attribute set on, or a private one read from, the ``Catalogue``."""
    reached = []
    suspect = re.compile(r"catalog\w*\.(_|\w+\s*(:[^\n=]*)?=[^=])")
    for path in sorted(SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.relative_to(SRC).parts[0] == "catalog" or not suspect.search(text):
            continue  # parsed only where the text could hold such an attribute
        for node in ast.walk(ast.parse(text)):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and "catalog" in node.value.id
                and (node.attr.startswith("_") or isinstance(node.ctx, ast.Store))
            ):
                reached.append(f"{path.relative_to(SRC)}:{node.lineno} .{node.attr}")
    assert reached == []


def test_after_every_kind_of_check_a_catalogue_holds_only_its_own_reads(tmp_path):
    """Checks of every example deck in every format, with fixes (the replacement search),
    lookups, suggestions and a search leave on the catalogue only what ``Catalogue`` sets,
    and its caches hold catalogue rows: cards, legality facts, matches, fact sources."""
    import shutil

    from hlcg.answers import search_cards
    from hlcg.catalog import Card, FactSource, LegalityFact, Match, load, shipped_path
    from hlcg.check import CheckOptions, run

    decks = tmp_path / "decks"
    shutil.copytree(ROOT / "examples" / "decks", decks)
    catalogue = load(shipped_path())
    result = run([decks], CheckOptions(all_formats=True, fix=True), catalogue)
    assert len(result.reports) > 20 and result.fixes  # the run did check, and fix
    catalogue.lookup("Duncan Macleod")
    catalogue.suggest("Kurgen")
    assert search_cards(catalogue, "t:persona f:type-two")
    held = set(vars(catalogue))
    assert held <= _catalogue_s_own_attributes(), held - _catalogue_s_own_attributes()
    rows = (Card, LegalityFact, Match, FactSource)

    def catalogue_rows(value: object) -> bool:
        if value is None or isinstance(value, rows):
            return True
        return isinstance(value, list | tuple) and all(catalogue_rows(v) for v in value)

    caches = {name: v for name, v in vars(catalogue).items() if type(v) is dict and v}
    assert {"_card_cache", "_legality_cache"} <= set(caches)
    for name, cache in caches.items():
        if name.endswith("_cache"):
            assert all(catalogue_rows(v) for v in cache.values()), name
