"""Issue 33's import defects (points 1-9 and 15): what `hlcg db import`, `db remove` and
`card --history` say and keep, through the CLI in-process."""

from __future__ import annotations

import datetime
import json
import sqlite3
from pathlib import Path

from curator_cli import invoke, said, shipped_copy, write
from test_curator_tools import RESEARCH

LEGALITY_5 = RESEARCH / "legality-5.csv"

COMBINATION = (
    "card_id,format,status,date,source,note\n"
    "combination,type-two,{status},2008-06-07,https://example.org/list,a list\n"
)


def _legality(db: Path) -> dict[str, tuple[str, str, str | None, str | None]]:
    with sqlite3.connect(db) as con:
        return {
            f"{c}|{f}|{d or ''}": (s, src, n, i)
            for c, f, s, d, src, n, i in con.execute(
                "SELECT card_id, format, status, date, source, note, inferred FROM legality"
            )
        }


def _research_sheet(tmp_path: Path) -> Path:
    """The rows of legality-5.csv that the research notes hold about Combination and Head
    Shot (the file itself where it is reachable: the shared research folder)."""
    if LEGALITY_5.exists():
        return LEGALITY_5
    return write(
        tmp_path / "legality-5.csv",
        "title,card_id,edition_or_format,status,date,source,note\n"
        "Combination,combination,type-two,legal,2008-06-07,seed 000_cf7f637c266933cb.txt "
        '§Special Cards (Events),"Inference: named as an example card in the 2E advanced '
        "rules. The document also keeps first-edition text (NEXUS league Quickenings), so "
        'this is weak evidence of a 2E printing."\n',
    )


def test_a_research_row_saying_what_the_catalogue_says_confirms_it(tmp_path):
    db = shipped_copy(tmp_path)
    before = _legality(db)
    sheet = _research_sheet(tmp_path)
    result = invoke("db", "import", str(sheet), "--db", str(db))
    assert result.exit_code == 0, result.output
    rows = 59 if sheet == LEGALITY_5 else 1
    assert (
        f"read {rows} legality facts into {db}: 0 new, 0 replaced (the old kept in "
        f"fact_history), {rows} already recorded with the same status"
    ) in result.output
    assert _legality(db) == before  # the inferred marks, notes and sources all kept
    key = "combination|type-two|2008-06-07"
    assert before[key][3] is not None and before[key][3].startswith("named as an example")
    history = invoke("card", "combination", "--history", "--db", str(db))
    assert history.stdout.endswith("no superseded or removed values recorded\n")


def test_an_inference_note_makes_the_new_fact_inferred(tmp_path):
    db = shipped_copy(tmp_path)
    key = "combination|type-two|2008-06-07"
    shipped = _legality(db)[key]
    removed = invoke(
        "db", "remove", "legality", "combination", "type-two", "2008-06-07",
        "--reason", "test", "--db", str(db),
    )  # fmt: skip
    assert removed.exit_code == 0, removed.output
    result = invoke("db", "import", str(_research_sheet(tmp_path)), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert ": 1 new, 0 replaced" in result.output
    status, _, note, inferred = _legality(db)[key]
    assert (status, note, inferred) == ("legal", None, shipped[3])


def test_another_status_is_a_conflict_and_overwrite_keeps_the_old_in_history(tmp_path):
    db = shipped_copy(tmp_path)
    sheet = write(tmp_path / "banned.csv", COMBINATION.format(status="banned"))
    before = db.read_bytes()
    refused = invoke("db", "import", str(sheet), "--db", str(db))
    assert refused.exit_code == 2
    assert (
        f"{sheet}: row 2: combination type-two 2008-06-07: the catalogue records 'legal' "
        "(source: seed 000_cf7f637c266933cb.txt §Special Cards (Events)), the file says "
        "'banned' (source: https://example.org/list); pass --overwrite to replace it"
    ) in refused.stderr
    assert db.read_bytes() == before
    taken = invoke("db", "import", str(sheet), "--db", str(db), "--overwrite")
    assert taken.exit_code == 0, taken.output
    assert ": 0 new, 1 replaced" in taken.output
    assert _legality(db)["combination|type-two|2008-06-07"][0] == "banned"
    history = invoke("card", "combination", "--history", "--db", str(db)).stdout
    today = datetime.date.today().isoformat()
    assert "type-two legal 2008-06-07" in history and f"{today} banned.csv" in history


def test_a_legality_error_names_its_row(tmp_path):
    db = shipped_copy(tmp_path)
    sheet = write(
        tmp_path / "l.csv",
        "card_id,format,status,date,source,note\n"
        "combination,type-two,legal,2008-06-07,https://example.org/list,\n"
        "no-such-card,type-two,legal,,https://example.org/list,\n",
    )
    refused = invoke("db", "import", str(sheet), "--db", str(db))
    assert refused.exit_code == 2
    assert (
        f"{sheet}: row 3: 'no-such-card' is not a card of {db} (type-two, legal)" in refused.stderr
    )


RESEARCH_HEADER = (
    "title,type,subtitle,set,restriction,reserved,signature,hand_icons,gem_master,"
    "gem_agility,gem_strength,gem_toughness,gem_empathy,gem_reason,source_url\n"
)


def test_a_subtitle_the_catalogue_lacks_names_the_plain_card_of_that_source(tmp_path):
    db = shipped_copy(tmp_path)
    sheet = write(
        tmp_path / "cards.csv",
        RESEARCH_HEADER + "Trip,,Standard,,,,,,,,,,,,http://www.oocities.org/gislef/cotw21.htm\n",
    )
    result = invoke("db", "import", str(sheet), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert (
        "hlcg: note: row 2 names 'Trip' with the subtitle 'Standard': the catalogue's trip "
        "has that title, no subtitle and the row's source, so the row is that card; the "
        "subtitle is not recorded\n"
    ) in result.stderr
    found = invoke("card", "Trip", "--db", str(db), "--json")
    assert found.exit_code == 0
    assert "trip-standard" not in found.stdout


def test_a_subtitle_from_another_source_is_a_new_card_named_in_a_note(tmp_path):
    db = shipped_copy(tmp_path)
    sheet = write(
        tmp_path / "cards.csv",
        RESEARCH_HEADER + "Trip,,Standard,,,,,,,,,,,,https://example.org/trip\n",
    )
    result = invoke("db", "import", str(sheet), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert (
        "hlcg: note: row 2 adds trip-standard (Trip: Standard); the catalogue's trip has the "
        "same title and no subtitle: if they are one card, `hlcg db remove card "
        "trip-standard`\n"
    ) in result.stderr


def test_import_and_remove_say_what_they_did_on_stderr(tmp_path):
    db = shipped_copy(tmp_path)
    sheet = write(tmp_path / "l.csv", COMBINATION.format(status="legal"))
    imported = invoke("db", "import", str(sheet), "--db", str(db))
    assert (imported.exit_code, imported.stdout) == (0, "")
    assert imported.stderr == (
        f"hlcg: note: read {sheet} as legality sheet\n"
        f"read 1 legality fact into {db}: 0 new, 0 replaced (the old kept in fact_history), "
        "1 already recorded with the same status\n"
    )
    dry = invoke("db", "import", str(sheet), "--db", str(db), "--dry-run")
    assert dry.stdout.startswith(f"dry run: importing {sheet} would make 0 changes to {db}")
    removed = invoke(
        "db", "remove", "alias", "Lower Block", "--reason", "test", "--by", "me", "--db", str(db)
    )
    assert (removed.exit_code, removed.stdout) == (0, "")
    assert removed.stderr == (
        f"removed alias 'Lower Block' of lower-center-block from {db}\n"
        "kept 1 history row in fact_history\n"
    )


def _sheet(tmp_path: Path, *rows: str) -> Path:
    return write(tmp_path / "updates.csv", "id,field,value,source\n" + "".join(rows))


def test_an_update_sheets_sets_follow_the_set_cell_rules(tmp_path):
    db = shipped_copy(tmp_path)
    sheet = _sheet(
        tmp_path,
        "dodge,sets,SE/ME,https://example.org/a\n",
        "thrust,sets,Series,https://example.org/b\n",
        'thrust,sets,"Movie Edition, Watcher\'s Chronicles",https://example.org/c\n',
    )
    result = invoke("db", "import", str(sheet), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert (invoke_sets("dodge", db), invoke_sets("thrust", db)) == (
        ["SE", "ME"],
        ["SE", "ME", "WC"],
    )
    wrong = _sheet(tmp_path, "dodge,sets,Seires Edition,https://example.org/a\n")
    refused = invoke("db", "import", str(wrong), "--db", str(db))
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[-1] == (
        f"{wrong}: row 2: value: 'Seires Edition' is neither a set code nor a set name the "
        "catalogue lists (did you mean 'SE'?); a new set comes from a sets file "
        "(code,name,edition,released,source)"
    )


def invoke_sets(card_id: str, db: Path) -> list[str]:
    shown = invoke("card", card_id, "--db", str(db), "--json")
    return json.loads(shown.stdout)["cards"][0]["sets"]


def test_formats_rows_for_one_card_combine_and_one_format_spelled_twice_is_one(tmp_path):
    db = shipped_copy(tmp_path)
    sheet = _sheet(
        tmp_path,
        "dodge,formats,Type One,https://example.org/a\n",
        "dodge,formats,Type Two,https://example.org/b\n",
        "dodge,formats,Type II,https://example.org/c\n",
    )
    result = invoke("db", "import", str(sheet), "--db", str(db))
    assert result.exit_code == 0, result.output
    shown = json.loads(invoke("card", "dodge", "--db", str(db), "--json").stdout)
    assert shown["cards"][0]["formats"] == ["type-one", "type-two"]


def test_history_is_in_the_json_and_a_removed_cards_history_is_still_shown(tmp_path):
    db = shipped_copy(tmp_path)
    sheet = write(tmp_path / "banned.csv", COMBINATION.format(status="banned"))
    reasoning = _legality(db)["combination|type-two|2008-06-07"][3]
    assert invoke("db", "import", str(sheet), "--db", str(db), "--overwrite").exit_code == 0
    shown = json.loads(invoke("card", "combination", "--history", "--json", "--db", str(db)).stdout)
    today = datetime.date.today().isoformat()
    assert shown["cards"][0]["history"] == [
        {
            "field": "legality",
            "value": "type-two legal 2008-06-07",
            "source": "seed 000_cf7f637c266933cb.txt §Special Cards (Events)",
            "inferred": reasoning,
            "superseded": f"{today} banned.csv",
        }
    ]
    rows = write(tmp_path / "new.csv", "id,title,type,source\nzz-test,ZZ Test,event,seed 001\n")
    assert invoke("db", "import", str(rows), "--db", str(db)).exit_code == 0
    gone = invoke(
        "db", "remove", "card", "zz-test", "--reason", "a test", "--by", "me", "--db", str(db)
    )
    assert gone.exit_code == 0, gone.output
    history = invoke("card", "zz-test", "--history", "--db", str(db))
    assert history.exit_code == 0, history.output
    assert history.stdout.startswith("zz-test (ZZ Test): removed on ")
    assert "ZZ Test" in history.stdout and "a test" in history.stdout


PERSONAS = (
    "title,type,subtitle,set,restriction,reserved,signature,hand_icons,gem_master,gem_agility,"
    "gem_strength,gem_toughness,gem_empathy,gem_reason,formats,source_url\n"
    "Duncan MacLeod,Pre-Game: Persona,,2E-CvD,,,,,6,5,5,5,5,5,Type Two,"
    "http://www.watcherdatabase.tk/Cards/Card/6074.html\n"
    "Methos,Pre-Game: Persona,,MC,,,,,8,,,,,,,http://www.watcherdatabase.tk/Articles/16.html\n"
    "Duncan MacLeod,Pre-Game: Persona,,SE,,,,,7,,,,,,,http://www.watcherdatabase.tk/Articles/3.html\n"
)


def test_first_edition_gem_counts_are_left_out_alike_in_any_catalogue(tmp_path):
    """Gem counts of a row printed only in first edition are not recorded, before the rows
    of one name merge: into a reference-only catalogue as into a copy of the shipped one."""
    sheet = write(tmp_path / "personas.csv", PERSONAS)
    plain = tmp_path / "plain.sqlite"
    assert invoke("db", "init", str(plain)).exit_code == 0
    for db in (plain, shipped_copy(tmp_path)):
        result = invoke("db", "import", str(sheet), "--db", str(db), "--dry-run")
        assert result.exit_code == 0, result.output
        notes = [ln for ln in result.stderr.splitlines() if "print no gems" in ln]
        assert [ln.split(":", 3)[2].strip() for ln in notes] == ["row 3", "row 4"], notes


def test_card_row_counts_say_the_rows_read_and_what_changed(tmp_path):
    db = shipped_copy(tmp_path)
    sheet = write(
        tmp_path / "cards.csv",
        RESEARCH_HEADER
        + "Trip,,Standard,,,,,,,,,,,,http://www.oocities.org/gislef/cotw21.htm\n"
        + "Trip,,,,,,,,,,,,,,http://www.oocities.org/gislef/cotw21.htm\n",
    )
    dry = invoke("db", "import", str(sheet), "--db", str(db), "--dry-run")
    assert f"would make 0 changes to {db}" in dry.stdout
    result = invoke("db", "import", str(sheet), "--db", str(db))
    assert said(result)[0] == (
        f"imported 2 rows into {db} (0 new, 0 updated, 1 already recorded as the rows say, 1 "
        "joined to an earlier row of the same card; 421 cards)"
    )


def test_fact_and_set_counts_say_what_changed(tmp_path):
    db = shipped_copy(tmp_path)
    sheet = _sheet(
        tmp_path,
        "dodge,sets,SE,https://example.org/a\n",
        "dodge,sets,ME,https://example.org/a\n",
    )
    first = invoke("db", "import", str(sheet), "--db", str(db))
    assert said(first) == [
        f"read 2 facts into {db}: 2 new, 0 replaced (the old kept in fact_history), "
        "0 already recorded (1 card updated; 421 cards)"
    ]
    again = invoke("db", "import", str(sheet), "--db", str(db))
    assert said(again) == [  # nothing new: the sheet's facts were all recorded
        f"read 2 facts into {db}: 0 new, 0 replaced (the old kept in fact_history), "
        "2 already recorded (0 cards updated; 421 cards)"
    ]
    sets = write(
        tmp_path / "sets.csv",
        "code,name,edition,released,source\nZZ,Zed Set,1E,,https://example.org/zz\n",
    )
    assert said(invoke("db", "import", str(sets), "--db", str(db))) == [
        f"read 1 set into {db}: 1 new, 0 replaced, 0 already recorded with the same name and "
        "edition"
    ]
    assert said(invoke("db", "import", str(sets), "--db", str(db))) == [
        f"read 1 set into {db}: 0 new, 0 replaced, 1 already recorded with the same name and "
        "edition"
    ]
