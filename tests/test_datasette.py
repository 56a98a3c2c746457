"""The catalogue as Datasette shows it: `hlcg db datasette-metadata`, then Datasette's own
Python API and internal client (its documented testing pattern) on the shipped file."""

from __future__ import annotations

import asyncio
import csv
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from datasette.app import Datasette
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import shipped_path
from hlcg.catalog.schema import TABLES, VIEWS
from hlcg.cli.app import app
from hlcg.curation.metadata import DESCRIPTIONS, HIDDEN_TABLES, group_descriptions
from hlcg.tcboo.models import TABLE_GROUP

runner = CliRunner()
BROWSED = {"cards", "sets", "formats", "printings", "legality", "aliases", "modifiers"}
BROWSED |= {"fact_sources", "fact_history"}
INTERNAL = {"meta", "_names", "_name_list", "_row_digests", "_card_keys", "_alias_keys"}


@pytest.fixture(scope="module")
def metadata(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("datasette") / "metadata.json"
    result = runner.invoke(app, ["db", "datasette-metadata", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stderr == f"wrote {out}: metadata for database 'cards'\n"
    return json.loads(out.read_text(encoding="utf-8"))


def get(metadata: dict[str, Any], path: str) -> dict[str, Any]:
    """One JSON page of Datasette serving the shipped catalogue (immutable: never written)."""

    async def fetch() -> dict[str, Any]:
        ds = Datasette(immutables=[str(shipped_path())], metadata=metadata)
        response = await ds.client.get(path)
        assert response.status_code == 200, response.text
        return response.json()

    return asyncio.run(fetch())


def pages(metadata: dict[str, Any], *paths: str) -> list[Any]:
    """Several pages of one Datasette: JSON for a ``.json`` path, else the HTML text."""

    async def fetch() -> list[Any]:
        ds = Datasette(immutables=[str(shipped_path())], metadata=metadata)
        found = []
        for path in paths:
            response = await ds.client.get(path)
            assert response.status_code == 200, (path, response.text)
            found.append(response.json() if ".json" in path else response.text)
        return found

    return asyncio.run(fetch())


def shipped_rows(sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(shipped_path()) as conn:
        return conn.execute(sql).fetchall()


def test_the_database_page_lists_the_catalogue_and_its_views_and_hides_the_internals(metadata):
    page = get(metadata, "/cards.json")
    shown = {t["name"] for t in page["tables"] if not t["hidden"]}
    hidden = {t["name"] for t in page["tables"] if t["hidden"]}
    assert shown == BROWSED | set(TABLE_GROUP.models)
    assert hidden == INTERNAL | {
        "cards_fts",
        "cards_fts_config",
        "cards_fts_data",
        "cards_fts_docsize",
        "cards_fts_idx",
    }
    assert {v["name"] for v in page["views"]} == {"card_legality", "card_facts"}
    assert page["license"] == "MIT" and page["source_url"] == "http://www.watcherdatabase.tk/"


def test_the_front_page_shows_no_internal_table(metadata):
    front = get(metadata, "/.json")["cards"]
    listed = {t["name"] for t in front["tables_and_views_truncated"]}
    assert listed <= BROWSED | set(TABLE_GROUP.models) | set(VIEWS)
    assert "cards" in listed and not listed & INTERNAL
    assert front["hidden_tables_count"] == len(INTERNAL) + 5  # and the full-text tables


def test_a_printing_links_to_its_set_and_a_legality_fact_to_its_format(metadata):
    printings = get(metadata, "/cards/printings.json?_labels=on&card_id=head-shot&_shape=objects")
    assert printings["rows"] == [
        {
            "card_id": {"value": "head-shot", "label": "Head Shot"},
            "set_code": {"value": "SE", "label": "Series Edition"},
        }
    ]
    facts = get(metadata, "/cards/legality.json?_labels=on&card_id=head-shot&_shape=objects")
    assert [row["format"] for row in facts["rows"]] == 2 * [
        {"value": "type-two", "label": "Type Two"}
    ]


def test_a_link_to_a_card_reads_its_title_and_subtitle(metadata):
    """The three Cat and Mouse cards read apart wherever a row links to one (a card is
    labelled by its `name`: "Title: Subtitle"); a card without a subtitle by its title."""
    cat_and_mouse = "card_id__startswith=cat-and-mouse&_labels=on&_shape=objects"
    printings, facts, legality, head_shot = pages(
        metadata,
        f"/cards/printings.json?{cat_and_mouse}",
        f"/cards/fact_sources.json?{cat_and_mouse}&field=sets",
        "/cards/legality.json?card_id=grayson-premium&_labels=on&_shape=objects",
        "/cards/fact_sources.json?card_id=head-shot&_labels=on&_shape=objects",
    )
    named = [
        {"value": "cat-and-mouse-draw", "label": "Cat and Mouse: Draw"},
        {"value": "cat-and-mouse-endurance", "label": "Cat and Mouse: Endurance"},
        {"value": "cat-and-mouse-extra-attack", "label": "Cat and Mouse: Extra Attack"},
    ]
    assert [row["card_id"] for row in printings["rows"]] == named
    assert [row["card_id"] for row in facts["rows"]] == named
    assert [row["card_id"] for row in legality["rows"]] == 4 * [
        {"value": "grayson-premium", "label": "Grayson: +1 Ability"}
    ]
    assert [row["card_id"] for row in head_shot["rows"]] == 2 * [
        {"value": "head-shot", "label": "Head Shot"}
    ]


def test_the_cards_and_aliases_pages_show_no_lookup_column(metadata):
    """The normalised names lookups read live in the hidden _card_keys and _alias_keys."""
    cards, aliases, card_page, alias_page, row_page = pages(
        metadata,
        "/cards/cards.json?_size=1",
        "/cards/aliases.json?_size=1",
        "/cards/cards",
        "/cards/aliases",
        "/cards/cards/masters-block-ramirez",
    )
    assert cards["columns"] == list(TABLES["cards"].columns)
    assert "name" in cards["columns"] and not [c for c in cards["columns"] if "_norm" in c]
    assert aliases["columns"] == ["alias", "card_id", "source"]
    for page in (card_page, alias_page, row_page):
        assert "_norm" not in page and "_card_keys" not in page and "_alias_keys" not in page
    assert "Master&#39;s Block: Ramirez" in row_page


def test_cards_facet_by_sets_as_an_array(metadata):
    page = get(metadata, "/cards/cards.json?_size=0")
    counts = {r["value"]: r["count"] for r in page["facet_results"]["sets"]["results"]}
    printed = dict(shipped_rows("SELECT set_code, count(*) FROM printings GROUP BY set_code"))
    # Datasette shows the 30 commonest values of a facet; there are fewer sets than that
    assert counts == printed and counts["SE"] == 28
    filtered = get(metadata, "/cards/cards.json?sets__arraycontains=SE&_size=0")
    assert filtered["filtered_table_rows_count"] == 28


def test_the_views_hold_the_legality_facts_and_every_recorded_fact(metadata):
    legality = get(metadata, "/cards/card_legality.json?card_id=head-shot&_shape=objects")
    assert [(r["title"], r["format_title"], r["status"], r["date"]) for r in legality["rows"]] == [
        ("Head Shot", "Type Two", "legal", "2008-06-07"),
        ("Head Shot", "Type Two", "legal", "2009"),
    ]
    facts = get(metadata, "/cards/card_facts.json?card_id=head-shot&_shape=objects")
    source = shipped_rows("SELECT source FROM cards WHERE id = 'head-shot'")[0][0]
    # both facts have a source of their own (data/source/facts.csv), unlike the card row's
    # two; the printing's is inferred
    own = "http://www.watcherdatabase.tk/Articles/20.html"
    assert source != own
    rows = [(r["field"], r["value"], r["source"], r["source_scope"]) for r in facts["rows"]]
    assert rows == [("sets", "SE", own, "fact"), ("type", "event", own, "fact")]
    assert facts["rows"][0]["inferred"].startswith("The review is dated 5 Nov 1995")
    assert facts["rows"][1]["inferred"] == ""
    (total,) = shipped_rows("SELECT count(*) FROM card_facts")[0]
    (printed,) = shipped_rows("SELECT count(*) FROM printings")[0]
    (typed,) = shipped_rows("SELECT count(*) FROM cards WHERE type IS NOT NULL")[0]
    assert (total, printed, typed) == (539, 175, 252)


def test_every_table_view_and_column_is_described_once():
    """metadata.py is the one place describing the catalogue: exactly what the schema has."""
    described = {**DESCRIPTIONS, **group_descriptions([TABLE_GROUP])}
    with sqlite3.connect(shipped_path()) as conn:
        names = {
            name
            for (name,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')"
            )
            if not name.startswith("cards_fts")
        }
        assert set(described) == names == set(TABLES) | set(VIEWS) | set(TABLE_GROUP.models)
        for name in names:
            columns = [r[1] for r in conn.execute(f'PRAGMA table_info("{name}")')]
            assert sorted(described[name].columns) == sorted(columns), name
            assert all(text.strip() for text in described[name].columns.values()), name
    assert set(HIDDEN_TABLES) == INTERNAL


def test_the_shipped_catalogue_satisfies_its_foreign_keys():
    assert shipped_rows("PRAGMA foreign_key_check") == []
    declared = {
        (table, fk[3], fk[2], fk[4])
        for table in ("printings", "legality")
        for fk in shipped_rows(f"PRAGMA foreign_key_list({table})")
    }
    assert declared == {
        ("printings", "card_id", "cards", "id"),
        ("printings", "set_code", "sets", "code"),
        ("legality", "card_id", "cards", "id"),
        ("legality", "format", "formats", "name"),
    }


def test_lists_are_json_arrays_in_the_file_and_semicolons_in_the_csv(tmp_path: Path):
    (sets, formats, faction) = shipped_rows(
        "SELECT sets, formats, faction FROM cards WHERE id = 'shield'"
    )[0]
    assert (sets, formats, faction) == ('["AT"]', '["first-edition","mle","type-one"]', "[]")
    exported = tmp_path / "cards.csv"
    assert runner.invoke(app, ["db", "export", str(exported)]).exit_code == 0
    with exported.open(encoding="utf-8", newline="") as handle:
        (shield,) = [row for row in csv.DictReader(handle) if row["id"] == "shield"]
    assert (shield["sets"], shield["formats"], shield["faction"]) == (
        "AT",
        "first-edition;mle;type-one",
        "",
    )


def test_an_imported_catalogue_keeps_the_views_and_foreign_keys(tmp_path: Path):
    mine = tmp_path / "mine.sqlite"
    shutil.copyfile(shipped_path(), mine)
    extra = tmp_path / "extra.csv"
    extra.write_text(
        "id,title,type,sets,source\nnew-event,Brand New Event,event,WC,https://example.org/c\n",
        encoding="utf-8",
    )
    assert runner.invoke(app, ["db", "import", str(extra), "--db", str(mine)]).exit_code == 0
    with sqlite3.connect(mine) as conn:
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        assert conn.execute(
            "SELECT field, value FROM card_facts WHERE card_id = 'new-event'"
        ).fetchall() == [("sets", "WC"), ("type", "event")]


def test_the_metadata_names_the_database_after_the_file(tmp_path: Path):
    mine = tmp_path / "my-cards.sqlite"
    shutil.copyfile(shipped_path(), mine)
    result = runner.invoke(app, ["db", "datasette-metadata", "--db", str(mine)])
    assert result.exit_code == 0
    metadata = json.loads(result.stdout)
    assert list(metadata["databases"]) == ["my-cards"]
    tables = metadata["databases"]["my-cards"]["tables"]
    assert tables["cards"]["facets"] == ["type", {"array": "sets"}, {"array": "formats"}]
    assert [name for name, t in tables.items() if t.get("hidden")] == list(HIDDEN_TABLES)
    again = runner.invoke(app, ["db", "datasette-metadata", "--db", str(mine), "-o", str(mine)])
    assert again.exit_code == 2
    assert again.stderr == f"hlcg: error: {mine} exists; use --force to overwrite it\n"


def test_a_legality_fact_of_a_format_the_catalogue_lacks_is_refused(tmp_path: Path):
    source = tmp_path / "source"
    shutil.copytree(ROOT / "data/source", source)
    formats = source / "formats.csv"
    rows = formats.read_text(encoding="utf-8").splitlines(keepends=True)
    formats.write_text("".join(r for r in rows if not r.startswith("mle,")), encoding="utf-8")
    out = tmp_path / "out.sqlite"
    result = runner.invoke(app, ["db", "build", "--source", str(source), "--out", str(out)])
    assert result.exit_code == 2
    assert "legality: format 'mle' is not in formats.csv (add its row)" in result.stderr
    assert not out.exists()


def test_the_search_query_keeps_relevance_order_names_cards_and_leaves_out_lookups(metadata):
    assert "sort" not in metadata["databases"]["cards"]["tables"]["cards"]
    found = get(metadata, "/cards/search.json?words=head+shot&_shape=objects")["rows"]
    assert [(row["id"], row["name"]) for row in found[:2]] == [
        ("head-shot", "Head Shot"),
        ("masters-head-shot-duncan-macleod", "Master's Head Shot: Duncan MacLeod"),
    ]
    assert list(found[0]) == [
        "id", "name", "type", "sets", "restriction", "formats", "text", "source"
    ]  # fmt: skip
    quoted, spaced = pages(
        metadata,
        "/cards/search.json?words=a%22b&_shape=objects",
        "/cards/search.json?words=a+b&_shape=objects",
    )
    assert quoted["rows"] == spaced["rows"]  # a quote in the words is a space, not FTS syntax


# The canned query ranks in SQL as `hlcg search` ranks in Python (hlcg.catalog.ranking): the
# same cards in the same order, for a title with "The" (both The Kurgan cards first, the
# versions of one name together), a plural, an apostrophe, the grid's "middle", a title
# several cards share and words a text holds too.
SEARCHED = ["kurgan", "head shot", "dodges", "masters block", "lower middle attack", "destruction"]


def test_the_search_query_ranks_as_hlcg_search_ranks(metadata):
    found = pages(metadata, *(f"/cards/search.json?words={w}&_shape=objects" for w in SEARCHED))
    for words, answer in zip(SEARCHED, found, strict=True):
        result = runner.invoke(app, ["search", words, "--json"])
        searched = [card["id"] for card in json.loads(result.stdout)["cards"]]
        assert [row["id"] for row in answer["rows"]] == searched, words
    kurgan = [row["id"] for row in found[0]["rows"]]
    assert kurgan[:2] == ["the-kurgan-2e", "the-kurgan-me"]  # then the "X: The Kurgan" cards
    blocks = [row["name"] for row in found[3]["rows"][:3]]
    assert blocks == [
        "Master's Block: Duncan MacLeod",
        "Master's Block: Ramirez",
        "Master's Block: Richie Ryan",
    ]


def test_the_cards_table_points_its_search_box_at_the_ranking_query(metadata):
    cards = metadata["databases"]["cards"]["tables"]["cards"]
    assert cards["description_html"].endswith(
        "<p>The search box here lists the cards it finds by id. To find a card by its words "
        'in relevance order, as <code>hlcg search</code> ranks them, use <a href="search">'
        "Search cards</a>.</p>"
    )
    page, query = pages(metadata, "/cards/cards?_search=head+shot", "/cards/search")
    assert '<a href="search">Search cards</a>' in page
    assert "Search cards" in query  # the link's target is the canned query's page


def test_the_search_query_ranks_every_plain_corpus_query_as_hlcg_search():
    """The whole ranking corpus (plain words: the query reads no hlcg search syntax), in
    SQLite directly: Datasette runs the same SQL."""
    from hlcg.answers import search_cards
    from hlcg.catalog import load
    from hlcg.curation.metadata import SEARCH_SQL
    from ranking_corpus import SEARCHES

    catalogue = load(shipped_path())
    plain = [words for words, _ in SEARCHES if '"' not in words]
    assert len(plain) >= 50
    with sqlite3.connect(f"file:{shipped_path()}?mode=ro", uri=True) as conn:
        for words in plain:
            shown = [row[0] for row in conn.execute(SEARCH_SQL, {"words": words})]
            assert shown == [card.id for card in search_cards(catalogue, words)], words
