"""Cost that does not grow with the catalogue: lookups and deck checks read only the rows
they name, through indexes, and the fuzzy step reads the prebuilt name table."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT, check_file
from hlcg.catalog import Catalogue, load, shipped_path
from hlcg.catalog.search import parse_query, run
from hlcg.catalog.vocabulary import normalise
from hlcg.cli.app import app
from hlcg.curation.builder import write_catalogue
from hlcg.curation.bundle import read_bundle
from hlcg.curation.models import CardRow
from hlcg.tcboo.models import TABLE_GROUP

runner = CliRunner()
PADDING = 5_000
EXAMPLES = sorted((ROOT / "examples" / "decks").rglob("*.txt"))


class _CardRowsRead(sqlite3.Connection):
    """A catalogue connection that notes the id of every ``cards`` row a query hands back,
    so a test sees what a lookup read from the file without asking the catalogue."""

    card_ids: set[str]

    def execute(self, sql: str, parameters=(), /):
        cursor = super().execute(sql, parameters)
        return _Noted(cursor, self.card_ids) if sql.startswith("SELECT * FROM cards") else cursor


class _Noted:
    def __init__(self, cursor: sqlite3.Cursor, card_ids: set[str]) -> None:
        self._cursor, self._card_ids = cursor, card_ids
        self.description = cursor.description

    def _note(self, rows: list) -> list:
        self._card_ids.update(row[0] for row in rows)  # `SELECT *`: the id comes first
        return rows

    def fetchall(self) -> list:
        return self._note(self._cursor.fetchall())

    def fetchmany(self, size: int) -> list:
        return self._note(self._cursor.fetchmany(size))


def counted(path: Path) -> tuple[Catalogue, set[str]]:
    """The catalogue at ``path``, and the ids of the card rows read from it so far."""
    uri = f"file:{path.resolve()}?mode=ro"
    connection = sqlite3.connect(uri, uri=True, factory=_CardRowsRead, check_same_thread=False)
    connection.card_ids = set()
    return Catalogue(path, connection), connection.card_ids


@pytest.fixture(scope="module")
def padded_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped catalogue plus 5,000 generated events whose titles name no real card."""
    bundle = read_bundle(shipped_path(), [TABLE_GROUP])
    bundle.cards += [
        CardRow(id=f"padding-{n}", title=f"Padding Event {n}", type="event", source="test")
        for n in range(PADDING)
    ]
    path = tmp_path_factory.mktemp("padded") / "padded.sqlite"
    write_catalogue(path, bundle)
    return path


@pytest.mark.parametrize("deck", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_deck_check_reads_only_the_rows_its_lines_name(deck, padded_path, shipped):
    catalogue, read = counted(padded_path)
    report = check_file(deck, catalogue)
    expected = check_file(deck, shipped)
    assert [p.to_json() for p in report.problems] == [p.to_json() for p in expected.problems]
    lines = sum(1 for line in deck.read_text(encoding="utf-8").splitlines() if line.strip())
    personas = len(shipped.personas)  # read for the persona-name rules
    # every line's candidates, the personas and, for a refused card, the replacements tried
    assert len(read) <= 3 * lines + personas + 60
    assert len(read) < PADDING / 20


def test_exact_and_fuzzy_lookups_read_only_the_cards_they_return(padded_path):
    catalogue, read = counted(padded_path)
    assert catalogue.lookup("Head Shot").ids == ("head-shot",)
    assert read == {"head-shot"}
    fuzzy = catalogue.lookup("uper left atack")
    assert fuzzy.how == "fuzzy" and fuzzy.ids == ("upper-left-attack",)
    # the match and the suggested cards (each suggestion row is shown with its card)
    assert len(read) <= 1 + len(fuzzy.candidates)
    before = set(read)
    assert catalogue.lookup("Padding Event 4321").ids[0] == "padding-4321"
    assert read == before | {"padding-4321"}


def test_card_command_on_a_padded_catalogue_answers_as_on_the_shipped_one(padded_path):
    names = ("Head Shot", "uper left atack", "Master's Block: Ramirez", "dunkan macleod", "zzqx")
    for name in names:
        shipped = runner.invoke(app, ["card", name, "--json"])
        padded = runner.invoke(app, ["card", name, "--json", "--db", str(padded_path)])
        assert padded.exit_code == shipped.exit_code, name
        assert json.loads(padded.stdout) == json.loads(shipped.stdout)


def test_the_name_table_holds_every_title_full_name_and_alias(shipped):
    cards = list(shipped.cards.values())
    expected = (
        {normalise(c.title) for c in cards}
        | {normalise(f"{c.title} {c.subtitle}") for c in cards if c.subtitle}
        | set(shipped.aliases)  # normalised aliases
    )
    assert len(shipped.name_keys) == len(set(shipped.name_keys)) == len(expected)
    assert set(shipped.name_keys) == expected
    entries = shipped.name_entries(["masters block", "upper left attack"])
    assert entries["upper left attack"] == ("Upper Left Attack", ("upper-left-attack",))
    display, ids = entries["masters block"]
    assert display == "Master's Block" and len(ids) == len(shipped.titled("Master's Block")) > 1


def by_key(column: str) -> str:
    """The query a lookup by a normalised name runs (``Catalogue.select_cards``)."""
    return f"SELECT * FROM cards WHERE {Catalogue.keyed_sql(column, '?')} ORDER BY id"


@pytest.mark.parametrize(
    ("sql", "catalogue"),
    [
        ("SELECT * FROM cards WHERE id = ?", "sqlite_autoindex_cards_1"),
        (by_key("title_norm"), "_title_norm"),
        (by_key("name_norm"), "_name_norm"),
        ("SELECT card_id FROM _alias_keys WHERE alias_norm = ?", "idx__alias_keys_alias_norm"),
        ("SELECT * FROM _names WHERE key = ?", "idx__names_key"),
        (by_key("subtitle_norm"), "_subtitle_norm"),
        ("SELECT * FROM cards WHERE type = ? ORDER BY id", "idx_cards_type_id"),
    ],
)
def test_exact_lookups_are_indexed_queries(padded_path, sql, catalogue):
    conn = sqlite3.connect(padded_path)
    plan = " ".join(row[-1] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}", ("x",)))
    conn.close()
    assert catalogue in plan and "SCAN" not in plan and "TEMP B-TREE" not in plan, plan
    if "_card_keys" in sql:  # a name's key reads its cards by their primary key
        assert f"idx__card_keys{catalogue}" in plan and "sqlite_autoindex_cards_1" in plan, plan


def test_counts_by_sql_equal_counts_over_every_card(shipped):
    cards = list(shipped.cards.values())
    legality = sum(len(shipped.legality(c.id)) for c in cards)
    facts = [f for c in cards for f in shipped.facts(c.id)]
    assert shipped.counts() == {
        "cards": len(cards),
        "personas": sum(1 for c in cards if c.type == "persona"),
        "legality": legality,
        "sourced_facts": {
            "total": len(facts),
            "attributed": sum(f.attributed for f in facts),
            "card_level": sum(not f.attributed for f in facts),
            "inferred": sum(bool(f.inferred) for f in facts),
        },
    }
    assert shipped.set_counts() == {
        code: n for code in shipped.sets if (n := sum(1 for c in cards if code in c.sets))
    }


@pytest.mark.parametrize(
    "text",
    [
        "t:persona",
        "is:master",
        "is:unique",
        "is:pregame t:object",
        "s:wc",
        "f:first-edition",
        "f:type-two t:event",
        "g:agility>=1",
        "g:master=0",
        "g:reason!=1",
        'p:"Duncan MacLeod"',
        "p:methos is:reserved",
        "head",
        "block t:block",
        "",
    ],
)
def test_search_reads_matching_rows_only_and_finds_what_a_full_scan_finds(text):
    catalogue, read = counted(shipped_path())
    query = parse_query(text)
    found = [c.id for c in run(catalogue, query)]
    everything = load(shipped_path())
    all_cards = list(everything.cards.values())
    expected = [c.id for c in run_over(everything, query, all_cards)]
    assert found == expected
    # the SQL prefilter is exact: rows read are rows shown (plus the personas a p: reads)
    personas = {p.id for p in catalogue.personas} if query.personas else set()
    if not query.text:
        assert read == set(found) | personas


@pytest.mark.parametrize(
    "text",
    ["opponent", "t:event opponent", '"you may"', "head t:attack", "block t:block", "masters"],
)
def test_a_search_with_words_reads_only_the_rows_it_shows(text, padded_path):
    """Words filter in SQL through the full-text index: the 5,000 padding events are never
    read; the answer is every card of the index's rank order that passes the filters, and
    the shipped catalogue's cards (rank weighs how many cards there are, so not its order)."""
    from dataclasses import replace

    from hlcg.catalog.ranking import fts_expression, full_text_ids

    catalogue, read = counted(padded_path)
    query = parse_query(text)
    found = [c.id for c in run(catalogue, query)]
    assert found and read == set(found)
    everything = load(padded_path)
    ranked = full_text_ids(padded_path, fts_expression(query.text, query.phrases))
    cards = [everything.cards[card_id] for card_id in ranked]
    filters_only = replace(query, text=[], phrases=[])
    filtered = run_over(everything, filters_only, cards)
    assert found == [c.id for c in titles_first(everything, query, filtered)]
    assert sorted(found) == sorted(c.id for c in run(load(shipped_path()), query))


def run_over(catalogue: Catalogue, query, cards):  # the filters alone, over every card
    from hlcg.catalog.search import _has_flag, full_text_ids

    if query.text:
        ids = full_text_ids(catalogue.path, " ".join(f'"{t}"' for t in query.text))
        by_id = {c.id: c for c in cards}
        cards = [by_id[i] for i in ids if i in by_id]
    for wanted in query.types:
        cards = [c for c in cards if c.type == wanted]
    for persona in query.personas:
        wanted = normalise(persona)
        titles = {n for n in catalogue.persona_names if wanted in n}
        cards = [c for c in cards if c.subtitle and normalise(c.subtitle) in titles]
    for code in query.sets:
        cards = [c for c in cards if code.lower() in (s.lower() for s in c.sets)]
    for fmt in query.formats:
        # the default verdict: the recorded formats name it (f: is legal on evidence)
        cards = [c for c in cards if fmt in c.formats]
    for gem in query.gems:
        cards = [c for c in cards if gem(c)]
    for flag in query.flags:
        cards = [c for c in cards if _has_flag(c, flag)]
    return titles_first(catalogue, query, cards) if query.text or query.phrases else cards


def titles_first(catalogue: Catalogue, query, cards):
    """The order a search with words gives: the cards its words name by title first."""
    from hlcg.catalog.ranking import loose_key, search_order

    named = catalogue.exact(" ".join([*query.text, *query.phrases]))
    ids = named.ids if named else ()
    wanted = loose_key(" ".join([*query.text, *query.phrases]))
    return search_order(cards, ids, wanted)


def test_an_older_schema_is_refused_for_reading_and_upgraded_by_an_import(tmp_path):
    old = tmp_path / "old.sqlite"
    shutil.copyfile(shipped_path(), old)
    conn = sqlite3.connect(old)
    with conn:  # what schema version 1 looked like: no name table
        conn.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
        conn.execute("DROP TABLE _names")
        conn.execute("DROP TABLE _name_list")
    conn.close()
    result = runner.invoke(app, ["card", "Head Shot", "--db", str(old)])
    assert result.exit_code == 2
    assert "schema version 1, this hlcg reads version 7" in result.stderr
    assert "hlcg db build" in result.stderr and f"hlcg db import FILE --db {old}" in result.stderr
    exported = tmp_path / "old.json"
    assert runner.invoke(app, ["db", "export", str(exported), "--db", str(old)]).exit_code == 0
    shipped_cards = len(load(shipped_path()).cards)
    assert len(json.loads(exported.read_text(encoding="utf-8"))["cards"]) == shipped_cards
    extra = tmp_path / "extra.csv"
    extra.write_text(
        "id,title,type,source\nnew-event,Brand New Event,event,https://example.org/card\n",
        encoding="utf-8",
    )
    imported = runner.invoke(app, ["db", "import", str(extra), "--db", str(old)])
    assert imported.exit_code == 0, imported.output
    upgraded = load(old)
    assert upgraded.meta["schema_version"] == "7" and len(upgraded.cards) == shipped_cards + 1
    assert upgraded.lookup("brand new evnt").ids[0] == "new-event"
    assert upgraded.lookup("Upper Middle Attack").found


def test_one_catalogue_shared_by_threads_answers_as_it_does_alone():
    """hlcg serve checks decks in worker threads against one catalogue."""
    from concurrent.futures import ThreadPoolExecutor

    def answers(catalogue: Catalogue) -> list[object]:
        found = [[p.to_json() for p in check_file(deck, catalogue).problems] for deck in EXAMPLES]
        names = ["uper left atack", "Head Shot", "dunkan macleod", "Master's Block: Ramirez"]
        return found + [list(catalogue.lookup(name).ids) for name in names]

    expected = answers(load(shipped_path()))
    shared = load(shipped_path())
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda _: answers(shared), range(16)))
    assert all(result == expected for result in results)
