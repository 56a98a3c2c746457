"""Issue 33, import-side defects a fresh-eyes user found: each through the CLI (in-process),
with its exact exit code and message."""

from __future__ import annotations

import sys
import typing
from pathlib import Path

import pytest
from pydantic_core import ValidationError, core_schema

from conftest import ROOT
from curator_cli import card, invoke, said, shipped_copy, write
from hlcg.wording import validation_message

# What pydantic and json say in their own words; none of it may reach a user.
LIBRARY_WORDS = ("should", "Input", "pattern", "String ", "Unable", "Expecting", "Value error")


def _error_of(kind: str) -> dict[str, typing.Any]:
    """One pydantic error of type ``kind``, its context filled with what any type needs."""
    context = {
        "min_length": 1, "max_length": 2, "pattern": "^x$", "expected": "'a' or 'b'",
        "expected_tags": "'a', 'b'", "tag": "c", "discriminator": "'kind'", "ge": 1, "gt": 1,
        "le": 1, "lt": 1, "multiple_of": 2, "error": "e", "class_name": "C", "field_type": "x",
        "actual_length": 3, "max_digits": 1, "decimal_places": 1, "whole_digits": 1,
        "reason": "r", "attribute": "a", "method_name": "m", "encoding": "e",
        "encoding_error": "e", "tz_expected": 1, "tz_actual": 2, "expected_schemes": "h",
        "expected_version": 4, "class": "C",
    }  # fmt: skip
    line = {"type": kind, "loc": ("source",), "input": "zz", "ctx": context}
    exc = ValidationError.from_exception_data("Row", [line])  # type: ignore[list-item]
    return exc.errors()[0]  # type: ignore[return-value]


@pytest.mark.parametrize("kind", typing.get_args(core_schema.ErrorType))
def test_no_pydantic_error_type_is_said_in_pydantic_words(kind):
    message = validation_message(_error_of(kind))
    assert message and not any(word in message for word in LIBRARY_WORDS), message


def test_the_models_errors_are_said_in_our_words():
    assert validation_message(_error_of("string_too_short")) == (
        "is empty; every row needs its source"
    )
    unknown_modifier = _error_of("union_tag_invalid")
    assert validation_message(unknown_modifier) == "expected 'kind' 'a', 'b', got 'c'"


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        (
            "s.csv",
            "code,name,edition,released,source\nZZ,Zed,1E,1999-01,\n",
            "s.csv: row 2: source: is empty; every row needs its source",
        ),
        (
            "c.csv",
            "id,title,type,source\nZed Z,Zed,event,http://x\n",
            "c.csv: row 2: id: 'Zed Z' is not a card id (lower-case letters, digits and hyphens)",
        ),
        (
            "l.csv",
            "card_id,format,status,date,source\nzealot,type-one,legal,soon,http://x\n",
            "l.csv: row 2: date: 'soon' is not a date (YYYY, YYYY-MM or YYYY-MM-DD)",
        ),
        (
            "m.csv",
            "id,title,type,modifiers,source\nzed,Zed,event,[x,http://x\n",
            "m.csv: row 2: modifiers: not a JSON array: a value is missing at character 2",
        ),
    ],
)
def test_import_errors_name_the_row_in_our_words(tmp_path, name, text, message):
    db = shipped_copy(tmp_path)
    result = invoke("db", "import", str(write(tmp_path / name, text)), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"{tmp_path / name}: {message.split(': ', 1)[1]}"


def test_a_map_that_is_not_json_says_where(tmp_path):
    db = shipped_copy(tmp_path)
    rows = write(tmp_path / "c.csv", "Name\nZed\n")
    result = invoke("db", "import", str(rows), "--db", str(db), "--map", '{"a":"title"')
    assert result.exit_code == 2
    assert result.stderr == (
        "hlcg: error: --map is not a JSON object: a ',' is missing at character 13\n"
    )


@pytest.mark.parametrize("formats", ["Type One, Type Two", "Type One/Type Two", "type-one;Type II"])
def test_a_card_rows_formats_cell_lists_as_a_set_cell_does(tmp_path, formats):
    db = shipped_copy(tmp_path)
    rows = write(tmp_path / "f.csv", f'id,title,type,formats,source\nzed,Zed,event,"{formats}",x\n')
    result = invoke("db", "import", str(rows), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert said(result) == [f"imported 1 row into {db} (1 new, 0 updated; 422 cards)"]
    assert card("zed", db)["formats"] == ["type-one", "type-two"]


def test_a_sets_file_holds_released_to_a_date(tmp_path):
    db = shipped_copy(tmp_path)
    sets = write(
        tmp_path / "s.csv",
        "code,name,edition,released,source\nZZ,Zed,1E,sometime,x\nZY,Zy,1E,1999-02-30,x\n",
    )
    result = invoke("db", "import", str(sets), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[1:] == [
        f"{sets}: row 2: released: 'sometime' is not a date (YYYY, YYYY-MM or YYYY-MM-DD)",
        f"{sets}: row 3: released: 1999-02-30 is not a day of the calendar",
    ]


NEW_SET = "; a new set comes from a sets file (code,name,edition,released,source)"


def test_a_set_cell_with_nothing_close_points_at_the_list_of_codes(tmp_path):
    db = shipped_copy(tmp_path)
    rows = write(tmp_path / "x.csv", "id,title,sets,source\nzed,Zed,XX,x\nzy,Zy,Movie Editon,x\n")
    result = invoke("db", "import", str(rows), "--db", str(db))
    assert result.exit_code == 2
    lists = "neither a set code nor a set name the catalogue lists"
    assert result.stderr.splitlines()[1:] == [
        f"{rows}: row 2: sets: 'XX' is {lists} (none is close; `hlcg sets` lists the codes)"
        + NEW_SET,
        f"{rows}: row 3: sets: 'Movie Editon' is {lists} (did you mean 'ME'?)" + NEW_SET,
    ]


KINDS_HINT = [
    "hint: hlcg db import reads these kinds, each told by its header or its name:",
    "  whole catalogue export: files a folder, .zip, .tar.gz, .tgz, .json",
    "  update sheet: a CSV with columns id,field,value,source",
    "  legality sheet: a CSV with columns card_id,format,status",
    "  research legality sheet: a CSV with columns card_id,edition_or_format,status,source",
    "  sets file: a CSV with columns code,name,edition,source",
    "  persona gem table: a CSV with columns name,set,master,source_url",
    "  research card list: a CSV with columns title,set,source_url",
    "  LackeyCCG card data: files .tsv, .txt",
    "  card rows: files .json, .jsonl, or a CSV with columns id,title,source and the "
    "contract's others",
    "card rows in other columns are read with --map, e.g. "
    """--map '{"Card Name": "title", "Set": "sets"}'""",
]


@pytest.mark.parametrize(
    ("text", "said_of_it"),
    [
        ("", "the file is empty: no header to tell its kind by"),
        ("a;b\n1;2\n", "no kind of file recognised from its header (a;b)"),
        ("Card Name,Set\nZed,SE\n", "no kind of file recognised from its header (Card Name,Set)"),
        (
            "ID,Field,Value,Source\nzed,type,event,x\n",
            "no kind of file recognised from its header (ID,Field,Value,Source); in lower "
            "case its columns would be read as update sheet",
        ),
    ],
)
def test_a_csv_of_no_known_kind_lists_the_kinds(tmp_path, text, said_of_it):
    db = shipped_copy(tmp_path)
    unknown = write(tmp_path / "u.csv", text)
    result = invoke("db", "import", str(unknown), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "hlcg: error: 1 error; nothing was written:",
        f"{unknown}: row 1: {said_of_it}",
        *KINDS_HINT,
    ]


def test_db_remove_takes_a_name_of_several_words_as_lookups_do(tmp_path):
    db = shipped_copy(tmp_path)
    remove = ("db", "remove", "--db", str(db), "--by", "tester", "--reason", "a test")
    two_ids = invoke(*remove, "card", "zealot", "stamina")
    assert (two_ids.exit_code, two_ids.stderr) == (
        2,
        "hlcg: error: no card 'zealot stamina' in the catalogue; zealot, stamina are each a "
        "card's id: remove one card at a time\n",
    )
    typo = invoke(*remove, "card", "zealto")
    assert typo.stderr == (
        "hlcg: error: no card 'zealto' in the catalogue (did you mean 'zealot'?) "
        "(`hlcg card NAME` shows a card's id)\n"
    )
    close = invoke(*remove, "alias", "upper", "middle", "attak")
    assert (close.exit_code, close.stderr) == (
        2,
        "hlcg: error: no alias 'upper middle attak' in the catalogue (did you mean 'Upper "
        "Middle Attack'?)\n",
    )
    removed = invoke(*remove, "alias", "upper", "middle", "attack")
    assert (removed.exit_code, removed.stderr) == (
        0,
        f"removed alias 'Upper Middle Attack' of upper-center-attack from {db}\n"
        "kept 1 history row in fact_history\n",
    )


@pytest.mark.skipif(sys.platform != "linux", reason="names an fsync'd descriptor by /proc")
def test_an_import_syncs_twice_the_new_file_before_its_rename_and_the_folder_after(
    tmp_path, disk_events
):
    db = shipped_copy(tmp_path)
    rows = write(tmp_path / "c.csv", "id,title,type,source\nzed,Zed,event,x\n")
    events = disk_events
    assert invoke("db", "import", str(rows), "--db", str(db)).exit_code == 0
    ours = [event for event in events if event[1].startswith(str(tmp_path))]
    temp = ours[0][1]
    assert Path(temp).name.startswith(f".{db.name}.hlcg-write-")
    assert ours == [("sync", temp), ("rename", str(db)), ("sync", str(tmp_path))]


# The research files beside the repository, else the copy in tests/research/.
RESEARCH = ROOT.parent / "shared" / "research"
if not RESEARCH.is_dir():
    RESEARCH = ROOT / "tests" / "research"


def test_summaries_count_every_row_read_and_what_was_written(tmp_path):
    db = shipped_copy(tmp_path)
    sets = RESEARCH / "sets-6.csv"
    for _ in range(2):
        result = invoke("db", "import", str(sets), "--db", str(db))
        assert said(result) == [
            f"read 17 sets into {db}: 0 new, 0 replaced, 17 already recorded with the same name "
            "and edition"
        ]
    personas = invoke("db", "import", str(RESEARCH / "personas.csv"), "--db", str(db))
    assert said(personas)[0] == (
        f"imported 28 rows into {db} (0 new, 2 updated, 25 already recorded as the rows say, "
        "1 not recorded (the notes say why); 421 cards)"
    )
    assert "hlcg: note: row 19 names 'Xavier St. Cloud', which several cards have" in (
        personas.stderr
    )


def test_card_rows_bring_in_no_set_and_no_format(tmp_path):
    db = tmp_path / "empty.sqlite"
    assert invoke("db", "init", str(db), "--empty").exit_code == 0
    before = db.read_bytes()
    printed = write(tmp_path / "c.csv", "id,title,type,sets,source\nzed,Zed,event,SE,x\n")
    result = invoke("db", "import", str(printed), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[1:] == [
        f"{printed}: row 2: sets: 'SE' is neither a set code nor a set name the catalogue "
        "lists (it lists no sets yet)" + NEW_SET
    ]
    banned = '"[{""format"": ""type-two"", ""status"": ""banned"", ""source"": ""x""}]"'
    judged = write(tmp_path / "l.csv", f"id,title,type,legality,source\nzed,Zed,event,{banned},x\n")
    result = invoke("db", "import", str(judged), "--db", str(db))
    assert (result.exit_code, result.stderr) == (
        2,
        "hlcg: error: 1 error; nothing was written:\n"
        "legality: 1 row names a format that formats does not hold (type-two); import the "
        "formats first (a whole export brings its own), or start with `hlcg db init "
        "--from-shipped`\n",
    )
    assert db.read_bytes() == before
