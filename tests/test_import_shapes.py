"""Issue 33, import-side defects a second fresh-eyes user found: each through the CLI
(in-process), with its exact exit code and message."""

from __future__ import annotations

import pytest

from conftest import ROOT
from curator_cli import invoke, said, shipped_copy, write

HEADER = "id,title,type,source\n"


def _dry_run(tmp_path, name: str, text: str):
    db = shipped_copy(tmp_path)
    return invoke("db", "import", str(write(tmp_path / name, text)), "--db", str(db), "--dry-run")


# --- 1. the file's shape, judged once by the one CSV reader, in our words --------------------


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (HEADER + "foo,Foo,event,http://x,extra,more\n", "row 2 has 6 cells, the header 4"),
        (HEADER + "foo,Foo\n", "row 2 has 2 cells, the header 4 (missing: type, source)"),
        (
            HEADER + "ok,Ok,event,http://x\n" + '"unterminated,Foo,event,http://x\n',
            "row 3: a quote opened here is never closed",
        ),
        (
            "id,title,type,source,title\nfoo,Foo,event,http://x,Bar\n",
            ("row 1: the header names column 'title' twice"),
        ),
    ],
    ids=["extra cells", "short row", "unclosed quote", "repeated column"],
)
def test_a_misshapen_csv_is_said_in_our_words(tmp_path, text, error):
    result = _dry_run(tmp_path, "cards.csv", text)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "hlcg: error: 1 error; nothing was written:",
        f"{tmp_path / 'cards.csv'}: {error}",
    ]


def test_every_misshapen_row_is_listed_at_once_and_a_quoted_line_break_is_no_fault(tmp_path):
    text = HEADER + 'ok,"O""k\nline",event,http://x\nfoo,Foo\nbar,Bar,event,http://x,more\n'
    result = _dry_run(tmp_path, "cards.csv", text)
    assert result.exit_code == 2
    where = tmp_path / "cards.csv"
    assert result.stderr.splitlines()[1:] == [
        f"{where}: row 4 has 2 cells, the header 4 (missing: type, source)",
        f"{where}: row 5 has 5 cells, the header 4",
    ]


def test_a_sets_file_is_read_by_the_same_reader(tmp_path):
    text = "code,name,edition,released,source\nZZ,Zed,1E\n"
    result = _dry_run(tmp_path, "sets.csv", text)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[1:] == [
        f"{tmp_path / 'sets.csv'}: row 2 has 3 cells, the header 5 (missing: released, source)"
    ]


# --- 2. a gem count no card prints is an error on any edition's card ------------------------

CARD_HEADER = (
    "id,title,subtitle,type,sets,restriction,unrestricted,reserved,signature,unique,"
    "hand_icons,gem_master,gem_agility,gem_strength,gem_toughness,gem_empathy,gem_reason,"
    "master_limit,formats,modifiers,faction,text,source\n"
)


@pytest.mark.parametrize(
    ("sets", "bound"),
    [
        (
            "2E-CvD",
            "at most 6, the most any card of the shipped catalogue prints (cards.sqlite)",
        ),
        # On a 1st Edition card the gem column's number is left out, not a gem count: the
        # research sheets hold a 1E persona's Master limit there (up to 8), so that is the
        # bound; 99 is a slip on any card.
        (
            "SE",
            "at most 8, the most gems or Master limit any card of the shipped catalogue "
            "prints (cards.sqlite; a research sheet's gem column holds a 1st Edition "
            "persona's Master limit)",
        ),
    ],
)
def test_an_impossible_gem_count_is_an_error_whatever_the_edition(tmp_path, sets, bound):
    row = f"zx-three,ZX Three,,persona,{sets},,,,,,,99,,,,,,,,,,,http://x\n"
    result = _dry_run(tmp_path, "cards.csv", CARD_HEADER + row)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "hlcg: error: 1 error; nothing was written:",
        f"{tmp_path / 'cards.csv'}: row 2: gem_master: 99 is more than any card prints: {bound}",
    ]


def test_a_possible_gem_count_on_a_first_edition_card_is_still_only_a_note(tmp_path):
    row = "zx-three,ZX Three,,persona,SE,,,,,,,7,,,,,,,,,,,http://x\n"
    result = _dry_run(tmp_path, "cards.csv", CARD_HEADER + row)
    assert result.exit_code == 0, result.output
    assert (
        "hlcg: note: row 2: zx-three is printed only in SE (1E), whose cards print no gems: "
        "gem_master 7 not recorded"
    ) in result.stderr.splitlines()


# --- 3. a did-you-mean for a set, type or format cell ----------------------------------------

NOT_LISTED = "is neither a set code nor a set name the catalogue lists"
FROM_A_SETS_FILE = "; a new set comes from a sets file (code,name,edition,released,source)"


@pytest.mark.parametrize(
    ("cell", "error"),
    [
        ("SE, MEE", f"'MEE' {NOT_LISTED} (did you mean 'ME'?){FROM_A_SETS_FILE}"),
        ("Watcher", f"'Watcher' {NOT_LISTED} (did you mean 'WC'?){FROM_A_SETS_FILE}"),
        (
            "SE|ME",
            "'SE|ME' is not a set; a cell lists several sets with ',', '/' or ';' "
            "(did you mean 'SE;ME'?)",
        ),
        ("SE|Bogus", "'SE|Bogus' is not a set; a cell lists several sets with ',', '/' or ';'"),
        (
            "Nonsense Set",
            f"'Nonsense Set' {NOT_LISTED} (none is close; `hlcg sets` lists the codes)"
            + FROM_A_SETS_FILE,
        ),
        (
            "Bogus",
            f"'Bogus' {NOT_LISTED} (none is close; `hlcg sets` lists the codes)" + FROM_A_SETS_FILE,
        ),
    ],
)
def test_a_set_cell_naming_no_set_gets_a_sane_did_you_mean(tmp_path, cell, error):
    result = _dry_run(
        tmp_path, "cards.csv", f'id,title,type,sets,source\nfoo,Foo,event,"{cell}",s\n'
    )
    assert result.exit_code == 2
    assert result.stderr.splitlines()[1:] == [f"{tmp_path / 'cards.csv'}: row 2: sets: {error}"]


TYPES = (
    "expected 'attack', 'special-attack', 'ranged-attack', 'block', 'dodge', 'guard', 'event', "
    "'situation', 'object', 'location', 'plot', 'edge', 'illusion', 'persona', 'premium', "
    "'quickening', 'watcher', 'hunter', 'weapon-of-choice' or 'other-pre-game'"
)
FORMATS = "expected 'first-edition', 'type-one', 'type-two' or 'mle'"


def test_a_misspelt_type_or_format_gets_a_did_you_mean(tmp_path):
    text = (
        "id,title,type,formats,source\n"
        "foo,Foo,evnt,,s\n"
        "bar,Bar,event,Type Three,s\n"
        "baz,Baz,event,Tipe Two;xyz,s\n"
    )
    result = _dry_run(tmp_path, "cards.csv", text)
    assert result.exit_code == 2
    where = tmp_path / "cards.csv"
    assert result.stderr.splitlines()[1:] == [
        f"{where}: row 2: type: {TYPES}, got 'evnt' (did you mean 'event'?)",
        f"{where}: row 3: formats: {FORMATS}, got 'Type Three' "
        "(did you mean 'type-one' or 'type-two'?)",
        f"{where}: row 4: formats: {FORMATS}, got 'Tipe Two' (did you mean 'type-two'?); "
        f"{FORMATS}, got 'xyz'",
    ]


# --- 4. the dry run says what the import does -------------------------------------------------


def test_a_sheet_of_facts_already_recorded_by_its_sources_changes_nothing_either_way(tmp_path):
    """updates-4.csv's sources all back their facts already (some inside a card source that
    names two): the dry run lists nothing and the import updates no card."""
    db = shipped_copy(tmp_path)
    sheet = str(ROOT / "tests/research/updates-4.csv")
    dry = invoke("db", "import", sheet, "--db", str(db), "--dry-run")
    assert (dry.exit_code, dry.stdout) == (
        0,
        f"dry run: importing {sheet} would make 0 changes to {db} (nothing was written)\n",
    )
    result = invoke("db", "import", sheet, "--db", str(db))
    assert result.exit_code == 0
    assert said(result) == [
        f"read 9 facts into {db}: 0 new, 0 replaced (the old kept in fact_history), "
        "9 already recorded (0 cards updated; 421 cards)"
    ]


def test_the_dry_run_lists_the_one_source_the_import_adds(tmp_path):
    db = shipped_copy(tmp_path)
    text = (
        "id,field,value,source\n"
        "code-red,text,Every Watcher and Watcher Field Agent in play goes back to its owner's "
        "hand.,http://www.watcherdatabase.tk/Articles/79.html; https://example.org/code-red\n"
    )
    sheet = write(tmp_path / "sheet.csv", text)
    dry = invoke("db", "import", str(sheet), "--db", str(db), "--dry-run")
    assert dry.stdout.splitlines() == [
        f"dry run: importing {sheet} would make 1 change to {db} (nothing was written)",
        '  confirm code-red text "Every Watcher and Watcher Field Agent in play goes back to '
        "its owner's hand.\": add source https://example.org/code-red (confirmed by 2 sources)",
    ]
    result = invoke("db", "import", str(sheet), "--db", str(db))
    assert said(result)[0] == (
        f"read 1 fact into {db}: 0 new, 0 replaced (the old kept in fact_history), "
        "1 already recorded, 1 of them confirmed by another source (1 card updated; 421 cards)"
    )


# --- 5. a `db gaps` sheet's missing-card row, filled in, adds the card -----------------------


def _gaps_sheet(tmp_path, db):
    decks = tmp_path / "decks"
    decks.mkdir()
    write(decks / "d.txt", "Persona: Duncan MacLeod\n1 Zorblax\n2 Dodge\n")
    result = invoke("db", "gaps", str(decks), "--db", str(db), "--output", "csv")
    assert result.exit_code == 0, result.output
    return decks, result.stdout.splitlines()


def test_a_filled_in_missing_card_row_of_db_gaps_adds_the_card(tmp_path):
    db = shipped_copy(tmp_path)
    decks, lines = _gaps_sheet(tmp_path, db)
    assert lines[:2] == ["id,field,value,source,name,decks", ",card,,,Zorblax,1"]
    lines[1] = ",card,event,https://example.org/zorblax,Zorblax,1"
    lines[2] = lines[2].replace("restriction,,", "restriction,3,https://example.org/zorblax")
    assert lines[2] == "dodge,restriction,3,https://example.org/zorblax,Dodge,1"
    lines.insert(2, "zorblax,restriction,2,https://example.org/zorblax,Zorblax,1")
    sheet = write(tmp_path / "sheet.csv", "\n".join(lines) + "\n")
    dry = invoke("db", "import", str(sheet), "--db", str(db), "--dry-run")
    assert dry.stdout.splitlines() == [
        f"dry run: importing {sheet} would make 2 changes to {db} (nothing was written)",
        "  fill dodge restriction: '3' (source: https://example.org/zorblax)",
        "  add card zorblax (Zorblax, source: https://example.org/zorblax)",
    ]
    result = invoke("db", "import", str(sheet), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert said(result) == [
        f"read 2 facts into {db}: 2 new, 0 replaced (the old kept in fact_history), "
        "0 already recorded (1 card added, 1 card updated; 422 cards)"
    ]
    after = invoke("db", "gaps", str(decks), "--db", str(db), "--output", "csv")
    assert ",card," not in after.stdout  # the deck's Zorblax is a card now
    assert "zorblax,gem_master,,,Zorblax,1" in after.stdout.splitlines()


@pytest.mark.parametrize(
    ("row", "error"),
    [
        (
            ",card,evnt,https://x,Zorblax,1",
            "value: " + TYPES + ", got 'evnt' (did you mean 'event'?)",
        ),
        (",card,event,,Zorblax,1", "source: every card needs its source"),
        (
            ",card,event,https://x,Dodge,1",
            "id: 'dodge' is a card of mine.sqlite already (a deck naming it otherwise wants an "
            "alias); state its facts on rows of their own",
        ),
    ],
)
def test_a_missing_card_row_filled_in_wrong_says_why(tmp_path, row, error):
    db = shipped_copy(tmp_path)
    sheet = write(tmp_path / "sheet.csv", f"id,field,value,source,name,decks\n{row}\n")
    result = invoke("db", "import", str(sheet), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"{sheet}: row 2: {error}"


# --- 6. every error at once, by row, in the form docs/cli.md gives -----------------------------


def test_a_sets_file_lists_every_error_at_once_by_row(tmp_path):
    text = (
        "code,name,edition,released,source\n"
        "SE,Other Name,1E,1999,http://x\n"
        "XX,Ex,9E,2001,http://x\n"
        "ZZ,Zed,1E,1999-01,\n"
    )
    result = _dry_run(tmp_path, "sets.csv", text)
    assert result.exit_code == 2
    where = tmp_path / "sets.csv"
    assert result.stderr.splitlines() == [
        "hlcg: error: 3 errors; nothing was written:",
        f"{where}: row 2: set SE: the catalogue records 'Series Edition' (1E, released 1995) "
        "(source: https://en.wikipedia.org/wiki/Highlander:_The_Card_Game), the file says "
        "'Other Name' (1E, released 1999) (source: http://x); pass --overwrite to replace it",
        f"{where}: row 3: edition '9E' is none the catalogue knows (1E, 2E, MLE)",
        f"{where}: row 4: source: is empty; every row needs its source",
    ]


def test_a_card_file_lists_set_errors_with_the_rows_invalid_fields_by_row(tmp_path):
    text = (
        "id,title,type,sets,restriction,source\n"
        "foo,Foo,event,Bogus,,http://x\n"
        "bar,Bar,event,SE,0,http://x\n"
        "baz,Baz,event,SE,,http://x\n"
        "foo,Foo2,event,SE,,http://x\n"
    )
    result = _dry_run(tmp_path, "cards.csv", text)
    assert result.exit_code == 2
    where = tmp_path / "cards.csv"
    assert result.stderr.splitlines() == [
        "hlcg: error: 3 errors; nothing was written:",
        f"{where}: row 2: sets: 'Bogus' {NOT_LISTED} (none is close; `hlcg sets` lists the "
        f"codes){FROM_A_SETS_FILE}",
        f"{where}: row 3: restriction: expected 1 or more, got 0",
        f"{where}: row 5: id 'foo' repeats row 2",
    ]


def test_notes_are_listed_by_row(tmp_path):
    text = (
        "title,type,subtitle,set,restriction,reserved,signature,hand_icons,gem_master,"
        "gem_agility,gem_strength,gem_toughness,gem_empathy,gem_reason,formats,source_url\n"
        "Methos,Pre-Game: Persona,,MC,,,,,8,,,,,,,http://www.watcherdatabase.tk/Articles/16.html\n"
        "Connor MacLeod,,,,,,,,,,,,,,,http://x\n"
    )
    result = _dry_run(tmp_path, "research.csv", text)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[1:3] == [
        "hlcg: note: row 2: methos-mc is printed only in MC (1E), whose cards print no gems: "
        "gem_master 8 not recorded",
        "hlcg: note: row 3 names 'Connor MacLeod', which several cards have, and states nothing "
        "that tells them apart or that they lack: not recorded",
    ]


def test_a_kind_that_maps_its_own_columns_gets_no_hint_and_a_dry_run_s_hint_names_the_db(
    tmp_path,
):
    db = shipped_copy(tmp_path)
    research = write(
        tmp_path / "list.csv",
        "title,type,set,source_url\nHead Shot,event,SE,http://x\nHead Shot,event\n",
    )
    result = invoke("db", "import", str(research), "--db", str(db), "--dry-run")
    assert result.exit_code == 2
    assert "hint:" not in result.stderr  # a research card list needs no --map
    lackey = write(tmp_path / "carddata.txt", "Name\tSet\tType\nFoo\tSE\tEvent\n")
    result = invoke("db", "import", str(lackey), "--db", str(db), "--dry-run")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        f"hint: hlcg db import {lackey} --db {db} --id-from title --source URL"
    )
