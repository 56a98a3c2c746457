"""The curator's tools, round three (issue 33 points 1-7, issue 34 point 2), through the
command line: every research file imports as written and the summary names its kind; set
cells are strict; `db remove` with its history; `card --history`, aliases and source
counts; `db gaps` sees cards the catalogue lacks; bounds; archives whose members leave
them."""

from __future__ import annotations

import io
import json
import sqlite3
import tarfile
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT
from curator_cli import card, invoke, shipped_copy, write

# The research files as curators have them, beside the repository; in a clone on its own,
# the copy in tests/research/ (its README says when it was taken)
RESEARCH = ROOT.parent / "shared" / "research"
if not RESEARCH.is_dir():
    RESEARCH = ROOT / "tests" / "research"
SOURCE = "https://example.org/review"
ALIASES = f'[{{""alias"": ""Old Name"", ""source"": ""{SOURCE}""}}]'  # a CSV cell, quoted

# The kind each research file is read as (issue 33 point 1), in the order they import into
# one catalogue: the sets before the cards that name them, the updates last.
KINDS = {
    "sets-3.csv": "sets file",
    "sets-5.csv": "sets file",
    "sets-6.csv": "sets file",
    "cards.csv": "research card list",
    "cards-2.csv": "research card list",
    "cards-3.csv": "card rows",
    "cards-4.csv": "card rows",
    "cards-5.csv": "card rows",
    "cards-6.csv": "card rows",
    "personas.csv": "persona gem table",
    "legality-5.csv": "research legality sheet",
    "legality-6.csv": "research legality sheet",
    "updates-3.csv": "update sheet",
    "updates-4.csv": "update sheet",
    "updates-5.csv": "update sheet",
    "updates-6.csv": "update sheet",
}


def test_every_research_file_imports_as_written_and_its_kind_is_named(tmp_path):
    # All files into one catalogue, one in-process import each (the cheap way to cover the
    # folder: about 2 s of CPU for 16 imports, the one test of this file over a second, as
    # the "done when" asks for the whole folder); a file added to the folder must be
    # given its kind here.
    assert sorted(KINDS) == sorted(p.name for p in RESEARCH.glob("*.csv"))
    db = shipped_copy(tmp_path)
    shipped = (ROOT / "data" / "cards.sqlite").read_bytes()
    for name, kind in KINDS.items():
        result = invoke("db", "import", str(RESEARCH / name), "--db", str(db))
        assert result.exit_code == 0, (name, result.output)
        assert result.stderr.splitlines()[0] == f"hlcg: note: read {RESEARCH / name} as {kind}"
    assert (ROOT / "data" / "cards.sqlite").read_bytes() == shipped  # never a side effect
    # what the files say is there: a printing from a legality sheet, a format as written
    assert "TG" in card("conjure", db)["sets"]
    assert card("trip", db)["sets"] == ["1E"]


def _small(tmp_path: Path) -> Path:
    """A catalogue with the shipped reference tables (formats, sets) and no cards: cheap."""
    db = tmp_path / "mine.sqlite"
    assert invoke("db", "init", str(db)).exit_code == 0
    return db


def test_set_cells_are_lists_of_known_codes_or_names_and_nothing_else(tmp_path):
    db = _small(tmp_path)
    rows = write(
        tmp_path / "cards.csv",
        "id,title,sets,source\n"
        f'one,One,"SE, ME",{SOURCE}\n'
        f"two,Two,SE/ME,{SOURCE}\n"
        f"three,Three,SE;ME,{SOURCE}\n"
        f"four,Four,Watcher's Chronicle,{SOURCE}\n"
        f"five,Five,Series,{SOURCE}\n",
    )
    result = invoke("db", "import", str(rows), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert [card(i, db)["sets"] for i in ("one", "two", "three", "four", "five")] == [
        ["SE", "ME"], ["SE", "ME"], ["SE", "ME"], ["WC"], ["SE"],
    ]  # fmt: skip
    before = db.read_bytes()
    bad = write(tmp_path / "bad.csv", f"id,title,sets,source\nsix,Six,SE;Movie Editon,{SOURCE}\n")
    result = invoke("db", "import", str(bad), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[1] == (
        f"{bad}: row 2: sets: 'Movie Editon' is neither a set code nor a set name the "
        "catalogue lists (did you mean 'ME'?); a new set comes from a sets file "
        "(code,name,edition,released,source)"
    )
    assert db.read_bytes() == before
    # a new set comes from a sets file, with its edition; then a card row may name it
    sets = write(
        tmp_path / "sets.csv", f"code,name,edition,released,source\nZZ,Zed Set,1E,,{SOURCE}\n"
    )
    result = invoke("db", "import", str(sets), "--db", str(db))
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == (
        f"hlcg: note: read {sets} as sets file\nread 1 set into {db}: 1 new, 0 replaced, "
        "0 already recorded with the same name and edition\n"
    )
    seven = write(
        tmp_path / "seven.csv",
        f"id,title,sets,formats,source\nseven,Seven,Zed Set,Type Two,{SOURCE}\n",
    )
    assert invoke("db", "import", str(seven), "--db", str(db)).exit_code == 0
    assert (card("seven", db)["sets"], card("seven", db)["formats"]) == (["ZZ"], ["type-two"])
    edition = write(tmp_path / "e.csv", f"code,name,edition,released,source\nZY,Why,9E,,{SOURCE}\n")
    result = invoke("db", "import", str(edition), "--db", str(edition.with_name("mine.sqlite")))
    assert result.exit_code == 2
    assert "row 2: edition '9E' is none the catalogue knows" in result.stderr


def test_numbers_outside_what_any_card_prints_are_errors_naming_the_row(tmp_path):
    db = _small(tmp_path)
    before = db.read_bytes()
    rows = write(
        tmp_path / "cards.csv",
        "id,title,restriction,hand_icons,gem_agility,sets,source\n"
        f"a,A,1000000,,,,{SOURCE}\n"
        f"b,B,,3,,,{SOURCE}\n"
        f"c,C,,,1000,2E-CvD,{SOURCE}\n",
    )
    result = invoke("db", "import", str(rows), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[1:] == [
        f"{rows}: row 2: restriction: 1000000 is more than any card prints: a deck "
        "holds at most 6 of a card (seed 001, Deck and Card Information), so no card prints a "
        "restriction number above 6",
        f"{rows}: row 3: hand_icons: 3 is more than any card prints: no player may "
        "have more than two hand icons in play (seed 002, Hand Icon), so no card prints more "
        "than two",
        # listed with the others, not once they are fixed (every error at once)
        f"{rows}: row 4: gem_agility: 1000 is more than any card prints: at most 6, the most "
        "any card of the shipped catalogue prints (cards.sqlite)",
    ]
    fixed = write(
        tmp_path / "c.csv", f"id,title,gem_agility,sets,source\nc,C,1000,2E-CvD,{SOURCE}\n"
    )
    result = invoke("db", "import", str(fixed), "--db", str(db))
    assert result.stderr.splitlines()[1] == (
        f"{fixed}: row 2: gem_agility: 1000 is more than any card prints: at most 6, the most "
        "any card of the shipped catalogue prints (cards.sqlite)"
    )
    assert db.read_bytes() == before


@pytest.mark.parametrize("kind", ["zip", "tar.gz"])
def test_an_archive_member_leaving_the_archive_is_refused_and_named(tmp_path, kind):
    db = _small(tmp_path)
    before = db.read_bytes()
    archive = tmp_path / f"export.{kind}"
    data = b"id,title,source\nx,X,s\n"
    if kind == "zip":
        with zipfile.ZipFile(archive, "w") as handle:
            handle.writestr("cards.csv", data)
            handle.writestr("../evil.csv", data)
    else:
        with tarfile.open(archive, "w:gz") as handle:
            for name in ("cards.csv", "../evil.csv"):
                info = tarfile.TarInfo(name)
                info.size = len(data)
                handle.addfile(info, io.BytesIO(data))
    result = invoke("db", "import", str(archive), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[1] == (
        f"{archive}: member '../evil.csv' leaves the archive (it points out of the folder it "
        "would be unpacked into); the archive is refused"
    )
    assert db.read_bytes() == before and not (tmp_path.parent / "evil.csv").exists()


def test_map_reads_a_csv_as_it_reads_lackey_data(tmp_path):
    db = _small(tmp_path)
    rows = write(tmp_path / "mine.csv", "Name,Kind,Where\nDouble Feint,Special Attack,ME\n")
    mapping = '{"Name": "title", "Kind": "type", "Where": "sets"}'
    result = invoke(
        "db", "import", str(rows), "--db", str(db), "--map", mapping, "--id-from", "title",
        "--source", SOURCE,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == f"hlcg: note: read {rows} as card rows read with --map"
    found = card("double-feint", db)
    assert (found["type"], found["sets"], found["source"]) == ("special-attack", ["ME"], SOURCE)


def _history(db: Path) -> list[tuple[str, str, str, str]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT card_id, field, value, superseded FROM fact_history ORDER BY card_id, field"
        ).fetchall()


def test_db_remove_all_or_none_refused_while_referred_to_with_history(tmp_path):
    db = _small(tmp_path)
    rows = write(
        tmp_path / "cards.csv",
        "id,title,type,sets,restriction,aliases,source\n"
        f'kept,Kept Card,event,SE,2,"{ALIASES}",{SOURCE}\n',
    )
    assert invoke("db", "import", str(rows), "--db", str(db)).exit_code == 0
    before = db.read_bytes()
    remove = ("db", "remove", "--db", str(db), "--by", "tester", "--reason")
    refused = invoke(*remove, "a duplicate", "card", "kept")
    assert refused.exit_code == 2
    assert refused.stderr == (
        "hlcg: error: card kept is referred to by alias 'Old Name'; remove them first "
        "(`hlcg db remove alias 'Old Name'`); nothing was removed\n"
    )
    set_refused = invoke(*remove, "wrong", "set", "SE")
    assert (
        set_refused.exit_code == 2 and "set SE is printed on 1 card(s) (kept)" in set_refused.stderr
    )
    assert db.read_bytes() == before
    fact = invoke(*remove, "misread", "fact", "kept", "restriction")
    assert (fact.exit_code, fact.stderr) == (
        0, f"removed kept restriction '2' from {db}\nkept 1 history row in fact_history\n",
    )  # fmt: skip
    assert card("kept", db)["restriction"] is None
    assert invoke(*remove, "renamed", "alias", "Old Name").exit_code == 0
    assert invoke(*remove, "a duplicate", "card", "kept").exit_code == 0
    assert invoke("card", "kept", "--db", str(db)).exit_code == 1
    day = _history(db)[0][3][:10]
    assert _history(db) == [
        ("kept", "alias", "Old Name", f"{day} removed by tester: renamed"),
        ("kept", "card", _history(db)[1][2], f"{day} removed by tester: a duplicate"),
        ("kept", "restriction", "2", f"{day} removed by tester: misread"),
        ("kept", "sets", "SE", f"{day} removed by tester: a duplicate"),
        ("kept", "title", "Kept Card", f"{day} removed by tester: a duplicate"),
        ("kept", "type", "event", f"{day} removed by tester: a duplicate"),
    ]
    assert json.loads(_history(db)[1][2])["title"] == "Kept Card"
    assert invoke("db", "remove", "card", "x", "--db", str(db)).exit_code == 2  # --reason


def test_replace_history_card_history_aliases_and_source_counts(tmp_path):
    db = _small(tmp_path)
    rows = write(
        tmp_path / "cards.csv",
        "id,title,type,restriction,aliases,source\n"
        f'kept,Kept Card,event,2,"{ALIASES}",{SOURCE}; https://example.org/two\n',
    )
    assert invoke("db", "import", str(rows), "--db", str(db)).exit_code == 0
    shown = invoke("card", "kept", "--db", str(db)).stdout.splitlines()
    assert [line.split(None, 1) for line in shown if "aliases" in line] == [["aliases", "Old Name"]]
    sources = invoke("card", "kept", "--sources", "--db", str(db)).stdout
    assert "confirmed by 2 sources; card-level" in sources
    whole = write(
        tmp_path / "whole.csv",
        "id,title,type,source\nkept,Kept Card,event,https://example.org/new\n",
    )
    by_me = ("--db", str(db), "--reason", "x", "--by", "me")
    assert invoke("db", "remove", "alias", "Old Name", *by_me).exit_code == 0
    result = invoke("db", "import", str(whole), "--db", str(db), "--replace")
    assert result.exit_code == 0, result.output
    history = invoke("card", "kept", "--history", "--db", str(db))
    assert history.exit_code == 0
    day = _history(db)[0][3][:10]
    assert [line.split() for line in history.stdout.splitlines()[3:]] == [
        ["alias", "Old", "Name", SOURCE, day, "removed", "by", "me:", "x"],
        ["restriction", "2", f"{SOURCE};", "https://example.org/two", day, "replaced", "whole",
         "by", "whole.csv"],
    ]  # fmt: skip


def test_gaps_lists_cards_the_catalogue_lacks_first(tmp_path):
    empty = tmp_path / "empty.sqlite"
    assert invoke("db", "init", str(empty), "--empty").exit_code == 0
    deck = write(tmp_path / "deck.txt", "Persona: Duncan MacLeod\n3 Head Shot\n2 Dodge\n")
    result = invoke("db", "gaps", str(deck), "--db", str(empty), "--output", "json")
    assert result.exit_code == 1
    items = json.loads(result.stdout)["items"]
    assert [(i["id"], i["field"], i["name"]) for i in items] == [
        ("", "card", "Dodge"), ("", "card", "Duncan MacLeod"), ("", "card", "Head Shot"),
    ]  # fmt: skip
    assert "3 card name(s) the decks give are not in the catalogue" in result.stderr
