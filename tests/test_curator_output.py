"""Issue 33, a third fresh-eyes round on what the curator's commands say: texts an import
keeps named, a removed card's history and JSON, removal refusals, upgrades, empty files."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from tests.curator_cli import invoke, said, shipped_copy, write

ROOT = Path(__file__).resolve().parents[1]
HEAD_SHOT_SOURCE = "http://www.watcherdatabase.tk/Articles/20.html"


# --- 1. a differing text kept is named, and counted apart --------------------------------


def test_a_kept_text_is_named_by_file_row_and_column_and_counted_apart(tmp_path):
    db = shipped_copy(tmp_path)
    rows = write(
        tmp_path / "cards.csv",
        "id,title,type,text,source\n"
        "dodge,Dodge,dodge,,http://www.watcherdatabase.tk/Articles/2.html\n"
        f"head-shot,Head Shot,event,Another wording of the card.,{HEAD_SHOT_SOURCE}\n",
    )
    note = "hlcg: note: cards.csv: row 3: text: head-shot's text kept as the catalogue records it"
    dry = invoke("db", "import", str(rows), "--db", str(db), "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert note in dry.stderr.splitlines()
    result = invoke("db", "import", str(rows), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert note in result.stderr.splitlines()
    assert said(result) == [
        f"imported 2 rows into {db} (0 new, 0 updated, 1 already recorded as the rows say, 1 "
        "as recorded but for a differing text (the notes name them); 421 cards)",
        "updated: 0 missing facts filled, 0 recorded facts overwritten, 0 fact sources "
        "recorded; 1 differing text kept as the catalogue records them",
    ]


# --- 4. a refused removal names only the commands for what refers to the card ------------


def test_a_refused_card_removal_names_the_commands_for_what_refers_to_it(tmp_path):
    db = shipped_copy(tmp_path)
    before = db.read_bytes()
    result = invoke("db", "remove", "card", "head-shot", "--reason", "test", "--db", str(db))
    assert result.exit_code == 2
    # Head Shot has legality facts and no alias: no alias command is offered.
    assert result.stderr == (
        "hlcg: error: card head-shot is referred to by legality type-two legal 2008-06-07, "
        "legality type-two legal 2009; remove them first (`hlcg db remove legality head-shot "
        "type-two 2008-06-07`, `hlcg db remove legality head-shot type-two 2009`); nothing "
        "was removed\n"
    )
    assert db.read_bytes() == before


# --- 2, 3. a removed card's history: one line for the removal, no JSON blob ----------------


def test_a_removed_cards_history_says_the_removal_once_and_its_fields_as_rows(tmp_path):
    db = shipped_copy(tmp_path)
    rows = write(tmp_path / "new.csv", "id,title,type,source\nzz-one,ZZ One,event,seed 001\n")
    assert invoke("db", "import", str(rows), "--db", str(db)).exit_code == 0
    gone = invoke(
        "db", "remove", "card", "zz-one", "--reason", "dup", "--by", "Tester", "--db", str(db)
    )
    assert gone.exit_code == 0, gone.output
    text = invoke("card", "zz-one", "--history", "--db", str(db))
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    day = lines[3].split()[-5]
    assert lines[0] == f"zz-one (ZZ One): removed on {day} by Tester: dup"
    assert "{" not in text.stdout  # no card as raw JSON
    assert [line.split() for line in lines[3:]] == [
        ["title", "ZZ", "One", "seed", "001", day, "removed", "by", "Tester:", "dup"],
        ["type", "event", "seed", "001", day, "removed", "by", "Tester:", "dup"],
    ]
    answer = invoke("card", "zz-one", "--history", "--json", "--db", str(db))
    assert answer.exit_code == 0, answer.output
    # as docs/cli.md says: found as removed, no cards and no did-you-mean
    assert json.loads(answer.stdout) == {
        "query": "zz-one",
        "matched_by": "removed",
        "score": None,
        "removed": {
            "id": "zz-one",
            "title": "ZZ One",
            "removal": f"{day} removed by Tester: dup",
            "history": [
                {"field": field, "value": value, "source": "seed 001", "inferred": None,
                 "superseded": f"{day} removed by Tester: dup"}
                for field, value in (("title", "ZZ One"), ("type", "event"))
            ],
        },
    }  # fmt: skip
    schema = json.loads((ROOT / "schemas/card-answer.schema.json").read_text())
    jsonschema.validate(json.loads(answer.stdout), schema)

    # added again under its id: the earlier removal is said, never the stored card as JSON
    assert invoke("db", "import", str(rows), "--db", str(db)).exit_code == 0
    again = invoke("card", "zz-one", "--history", "--db", str(db))
    assert again.exit_code == 0, again.output
    assert "{" not in again.stdout
    assert again.stdout.splitlines()[3].split()[:7] == [
        "card", "the", "card,", "removed", "(each", "field", "a",
    ]  # fmt: skip
    shown = json.loads(invoke("card", "zz-one", "--history", "--json", "--db", str(db)).stdout)
    whole = [row for row in shown["cards"][0]["history"] if row["field"] == "card"]
    assert [row["value"] for row in whole] == ["the card, removed (each field a row of its own)"]


# --- 6. a file of a header alone says it held no rows ------------------------------------


def test_a_lackey_file_of_a_header_alone_says_it_held_no_rows(tmp_path):
    db = shipped_copy(tmp_path)
    before = db.read_bytes()
    for name, text in (
        ("carddata.txt", "Name\tSet\tType\n"),
        ("sheet.csv", "id,field,value,source\n"),
    ):
        data = write(tmp_path / name, text)
        result = invoke("db", "import", str(data), "--db", str(db))
        assert result.exit_code == 0, result.output
        assert result.stderr.splitlines()[1] == (
            f"hlcg: note: {data} holds no rows, only a header: nothing was imported"
        )
        assert said(result) == [f"imported 0 rows into {db} (0 new, 0 updated; 421 cards)"]
    empty = write(tmp_path / "cards.jsonl", "")
    result = invoke("db", "import", str(empty), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert f"hlcg: note: {empty} holds no rows: nothing was imported" in result.stderr
    assert db.read_bytes() == before
