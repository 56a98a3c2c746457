"""Share and merge, never revert (issue 31 §4), through the CLI as two readers use it: each
records what their cards say, exports it with `db facts export`, and imports the other's
sheet; a whole export merged into a catalogue with corrections keeps every one of them.

The printed-card sources are test fixtures (the readers and their cards are made up)."""

from __future__ import annotations

import csv
import datetime
import io
import json
import shutil
from pathlib import Path

import pytest

from curator_cli import card, invoke, said, shipped_copy, write
from hlcg.catalog import shipped_path

ALICE = "printed card ME 7, read by Alice on 2026-12-01"
ALICE_SE = "printed card SE 31, read by Alice on 2026-12-01"
BOB = "printed card ME 7, read by Bob on 2026-12-02"
BOB_SE = "printed card SE 31, read by Bob on 2026-12-02"
SHEET = "id,field,value,source\n"


def _sheet(path: Path, *rows: tuple[str, str, str, str]) -> Path:
    return write(path, SHEET + "".join(",".join(f'"{c}"' for c in row) + "\n" for row in rows))


def _facts(card_id: str, db: Path, name: str) -> list[dict]:
    return [f for f in card(card_id, db)["facts"] if f["field"] == name]


def _history(db: Path, tmp_path: Path) -> list[tuple[str, str, str, str]]:
    out = tmp_path / "history.json"
    result = invoke("db", "export", str(out), "--db", str(db), "--force")
    assert result.exit_code == 0, result.output
    rows = json.loads(out.read_text(encoding="utf-8"))["fact_history"]
    return sorted((r["card_id"], r["field"], r["value"], r["source"]) for r in rows)


def _copy(catalogue: Path, tmp_path: Path, name: str) -> Path:
    """A catalogue of one's own: a copy of the file (the docs' other way to start one)."""
    db = tmp_path / name
    shutil.copyfile(catalogue, db)
    return db


@pytest.fixture(scope="module")
def readers(tmp_path_factory) -> tuple[Path, Path, Path, Path]:
    """Alice's and Bob's catalogues, Bob's facts as a sheet and his whole catalogue as an
    export: both read Ancient Blade's hand icons as 1; for Extra Weapon's restriction Alice
    read 3, Bob 2. Made once: every import rewrites a whole catalogue."""
    folder = tmp_path_factory.mktemp("readers")
    alice_db, bob_db = (
        _copy(shipped_path(), folder, "alice.sqlite"),
        _copy(shipped_path(), folder, "bob.sqlite"),
    )
    alice = _sheet(folder / "alice-in.csv", ("ancient-blade", "hand_icons", "1", ALICE),
                   ("extra-weapon", "restriction", "3", ALICE_SE))  # fmt: skip
    bob = _sheet(folder / "bob-in.csv", ("ancient-blade", "hand_icons", "1", BOB),
                 ("extra-weapon", "restriction", "2", BOB_SE))  # fmt: skip
    for sheet, db in ((alice, alice_db), (bob, bob_db)):
        result = invoke("db", "import", str(sheet), "--db", str(db))
        assert result.exit_code == 0, result.output
    shared = folder / "bob.csv"
    result = invoke("db", "facts", "export", str(shared), "--reader", "Bob", "--db", str(bob_db))
    assert result.exit_code == 0, result.output
    assert (result.stdout, result.stderr) == ("", f"wrote 2 facts read by Bob to {shared}\n")
    bob_export = folder / "bob.json"
    assert invoke("db", "export", str(bob_export), "--db", str(bob_db)).exit_code == 0
    return alice_db, bob_db, shared, bob_export


def test_a_readers_facts_export_as_a_sheet_db_import_reads(readers, tmp_path):
    alice_db, _, shared, _ = readers
    shared = _copy(shared, tmp_path, "bob.csv")
    assert shared.read_text(encoding="utf-8") == (
        "id,field,value,source\n"
        f'ancient-blade,hand_icons,1,"{BOB}"\n'
        f'extra-weapon,restriction,2,"{BOB_SE}"\n'
    )
    # Alice's own catalogue holds no fact of Bob's; standard output takes the sheet.
    result = invoke("db", "facts", "export", "-", "--reader", "Bob", "--db", str(alice_db))
    assert (result.exit_code, result.stdout) == (0, SHEET)
    assert "wrote 0 facts read by Bob" in result.stderr
    result = invoke("db", "facts", "export", "-", "--db", str(alice_db))
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["id"], r["field"], r["value"]) for r in rows] == [
        ("ancient-blade", "hand_icons", "1"),
        ("extra-weapon", "restriction", "3"),
    ]
    # An existing file is refused without --force and left as it is.
    again = invoke("db", "facts", "export", str(shared), "--db", str(alice_db))
    assert again.exit_code == 2 and "--force" in again.stderr
    assert f'ancient-blade,hand_icons,1,"{BOB}"' in shared.read_text(encoding="utf-8")


def test_two_readers_equal_facts_two_sources_a_differing_one_refused(readers, tmp_path):
    alice_db, shared = _copy(readers[0], tmp_path, "alice.sqlite"), readers[2]
    before = alice_db.read_bytes()
    refused = invoke("db", "import", str(shared), "--db", str(alice_db))
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[1:] == [
        f"{shared}: row 3: extra-weapon restriction: the catalogue records '3' (source: "
        f"{ALICE_SE}), the sheet says '2' (source: {BOB_SE}); pass --overwrite to replace it "
        "(the old value and its source are kept in fact_history)"
    ]
    assert alice_db.read_bytes() == before

    # --dry-run lists the same conflict and writes nothing.
    dry = invoke("db", "import", str(shared), "--db", str(alice_db), "--dry-run")
    assert (
        dry.exit_code == 2 and "extra-weapon restriction: the catalogue records '3'" in dry.stderr
    )
    assert alice_db.read_bytes() == before

    # Without the differing row the dry run lists the one change: a second source.
    equal = _sheet(tmp_path / "equal.csv", ("ancient-blade", "hand_icons", "1", BOB))
    dry = invoke("db", "import", str(equal), "--db", str(alice_db), "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert dry.stdout.splitlines() == [
        f"dry run: importing {equal} would make 1 change to {alice_db} (nothing was written)",
        f"  confirm ancient-blade hand_icons '1': add source {BOB} (confirmed by 2 sources)",
    ]
    assert alice_db.read_bytes() == before

    applied = invoke("db", "import", str(shared), "--db", str(alice_db), "--overwrite")
    assert applied.exit_code == 0, applied.output
    assert said(applied) == [
        f"read 2 facts into {alice_db}: 0 new, 1 replaced (the old kept in fact_history), "
        "1 already recorded, 1 of them confirmed by another source (2 cards updated; "
        "421 cards)",
        f"confirmed ancient-blade hand_icons '1': confirmed by 2 sources ({ALICE}; {BOB})",
        f"overwrote extra-weapon restriction: '3' (source: {ALICE_SE}) -> '2' (source: {BOB_SE})",
    ]
    [icons] = _facts("ancient-blade", alice_db, "hand_icons")
    assert (icons["sources"], icons["inferred"]) == ([ALICE, BOB], None)
    [restriction] = _facts("extra-weapon", alice_db, "restriction")
    assert (restriction["value"], restriction["sources"]) == ("2", [BOB_SE])
    assert _history(alice_db, tmp_path) == [("extra-weapon", "restriction", "3", ALICE_SE)]
    shown = invoke("card", "ancient-blade", "--sources", "--db", str(alice_db)).stdout
    [line] = [line for line in shown.splitlines() if line.startswith("hand_icons")]
    assert line.rstrip().endswith("confirmed by 2 sources")
    assert f"{ALICE}; {BOB}" in line
    assert invoke("db", "info", "--verify", "--db", str(alice_db)).exit_code == 0


def test_merging_an_older_export_keeps_the_five_corrections(tmp_path):
    """The same five-fact case: catalogue A corrects and fills five facts after B's export
    was made from the same shipped base; merging that export into A reverts none of them,
    and merging A's export into B takes all five. (About 3 s of CPU: four imports, each
    rewriting a whole catalogue, are the case itself.)"""
    a_db, b_db = (
        _copy(shipped_path(), tmp_path, "a.sqlite"),
        _copy(shipped_path(), tmp_path, "b.sqlite"),
    )
    b_export = tmp_path / "b.json"
    assert invoke("db", "export", str(b_export), "--db", str(b_db)).exit_code == 0
    sheet = _sheet(
        tmp_path / "sheet.csv",
        ("amnesia", "restriction", "3", "https://example.org/amnesia-scan"),  # (1), --overwrite
        ("extra-weapon", "restriction", "2", "https://example.org/extra-weapon"),  # (2)
        ("debra", "sets", "TG", "https://example.org/debra-tg"),  # (3)
        ("ancient-blade", "hand_icons", "1", ALICE),  # (4)
    )
    # (5) an inferred "carries no restriction number" marked false, with --overwrite; and
    # a reserved card marked not reserved
    rows = (
        "id,unrestricted,reserved,source\nthrust,false,,https://example.org/thrust\n"
        "bloodlust-the-kurgan,,false,https://example.org/bloodlust\n"
    )
    cleared = write(tmp_path / "cleared.csv", rows)
    for path in (sheet, cleared):
        result = invoke("db", "import", str(path), "--db", str(a_db), "--overwrite")
        assert result.exit_code == 0, result.output

    def five(db: Path) -> tuple:
        facts = {c: card(c, db) for c in ("amnesia", "extra-weapon", "debra", "ancient-blade",
                                          "thrust", "bloodlust-the-kurgan")}  # fmt: skip
        icons = _facts("ancient-blade", db, "hand_icons")
        return (
            facts["amnesia"]["restriction"],
            facts["extra-weapon"]["restriction"],
            "TG" in facts["debra"]["sets"],
            (facts["ancient-blade"]["hand_icons"], icons[0]["sources"]),
            facts["thrust"]["unrestricted"],
            facts["bloodlust-the-kurgan"]["reserved"],
        )

    expected = (3, 2, True, (1, [ALICE]), False, False)
    assert five(a_db) == expected
    history = _history(a_db, tmp_path)
    merged = invoke("db", "import", str(b_export), "--db", str(a_db))
    assert merged.exit_code == 0, merged.output
    assert (
        "merged fact by fact: 0 missing facts filled, 0 recorded facts confirmed by another "
        "source, 0 newer values taken from the export, 3 older values not taken (the "
        "catalogue had replaced it), 0 recorded facts overwritten"
    ) in merged.stderr
    assert "kept amnesia restriction '3' (the export's '2' is a value this catalogue replaced)" in (
        merged.stderr
    )
    # Each value as a user writes it: "carries none" is none, a flag not set is false.
    assert "kept thrust restriction '' (the export's 'none' is a value this catalogue " in (
        merged.stderr
    )
    assert "kept bloodlust-the-kurgan reserved 'false' (the export's 'true' is a value " in (
        merged.stderr
    )
    assert five(a_db) == expected
    assert _history(a_db, tmp_path) == history  # nothing new replaced, nothing reverted
    assert [(h[0], h[1], h[2]) for h in history] == [
        ("amnesia", "restriction", "2"),
        ("bloodlust-the-kurgan", "reserved", "true"),
        ("thrust", "unrestricted", "true"),
    ]
    assert invoke("db", "info", "--verify", "--db", str(a_db)).exit_code == 0

    # The other way: B, still the shipped base, takes A's corrections from A's export.
    a_export = tmp_path / "a.json"
    assert invoke("db", "export", str(a_export), "--db", str(a_db)).exit_code == 0
    taken = invoke("db", "import", str(a_export), "--db", str(b_db))
    assert taken.exit_code == 0, taken.output
    assert "3 missing facts filled" in taken.stderr and "3 newer values taken" in taken.stderr
    assert five(b_db) == expected
    assert _history(b_db, tmp_path) == history


def test_a_differing_fact_in_an_export_is_a_conflict_unless_overwrite(readers, tmp_path):
    a_db, b_export = _copy(readers[0], tmp_path, "alice.sqlite"), readers[3]
    before = a_db.read_bytes()
    refused = invoke("db", "import", str(b_export), "--db", str(a_db))
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[1:] == [
        f"{b_export}: extra-weapon restriction: the catalogue records '3' (source: "
        f"{ALICE_SE}), the export says '2' (source: {BOB_SE})"
    ]
    assert a_db.read_bytes() == before
    dry = invoke("db", "import", str(b_export), "--db", str(a_db), "--overwrite", "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert dry.stdout.splitlines()[1:] == [
        f"  confirm ancient-blade hand_icons '1': add source {BOB} (confirmed by 2 sources)",
        f"  replace extra-weapon restriction: '3' -> '2' (source: {BOB_SE}); the old value "
        "and its sources go to fact_history",
        f"  history: extra-weapon restriction '3' (source: {ALICE_SE}) superseded by "
        f"{datetime.date.today().isoformat()} bob.json",
    ]
    assert a_db.read_bytes() == before
    applied = invoke("db", "import", str(b_export), "--db", str(a_db), "--overwrite")
    assert applied.exit_code == 0, applied.output
    assert "1 recorded fact confirmed by another source" in applied.stderr
    assert card("extra-weapon", a_db)["restriction"] == 2
    [icons] = _facts("ancient-blade", a_db, "hand_icons")
    assert icons["sources"] == [ALICE, BOB]
    assert _history(a_db, tmp_path) == [("extra-weapon", "restriction", "3", ALICE_SE)]


def test_a_card_rows_false_is_a_conflict_with_a_recorded_true(tmp_path):
    # `false` in so many words is a fact (an empty cell is not): without --overwrite it is
    # refused, naming both values and sources (with it: the five-fact case above).
    db = _copy(shipped_path(), tmp_path, "mine.sqlite")
    rows = write(tmp_path / "rows.csv", "id,unrestricted,source\nthrust,false,https://e.org/t\n")
    before = db.read_bytes()
    result = invoke("db", "import", str(rows), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[1:] == [
        f"{rows}: row 2: thrust unrestricted: the catalogue records 'true' (source: "
        "http://www.watcherdatabase.tk/Articles/23.html), the row says 'false' (source: "
        "https://e.org/t)"
    ]
    assert db.read_bytes() == before
    empty = write(tmp_path / "empty.csv", "id,unrestricted,source\nthrust,,https://e.org/t\n")
    result = invoke("db", "import", str(empty), "--db", str(db), "--dry-run")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"dry run: importing {empty} would make 0 changes")


def test_a_schema_5_catalogue_is_refused_for_reading_and_upgraded_by_an_import(tmp_path):
    """Version 5 keyed fact_sources (and their row digests) by card, field and value; since
    version 7 (the lookup keys in tables of their own) it is read only to be upgraded."""
    import sqlite3

    old = _copy(shipped_path(), tmp_path, "old.sqlite")
    with sqlite3.connect(old) as conn:
        conn.execute("UPDATE meta SET value = '5' WHERE key = 'schema_version'")
        digests = conn.execute(
            "SELECT key FROM _row_digests WHERE table_name = 'fact_sources'"
        ).fetchall()
        for (key,) in digests:
            conn.execute(
                "UPDATE _row_digests SET key = ? WHERE table_name = 'fact_sources' AND key = ?",
                (key.rsplit("|", 1)[0], key),
            )
    conn.close()
    refused = invoke("db", "info", "--verify", "--db", str(old))
    assert refused.exit_code == 2
    assert "schema version 5, this hlcg reads version 7; " in refused.stderr
    sheet = _sheet(tmp_path / "sheet.csv", ("amnesia", "restriction", "2", ALICE))
    assert invoke("db", "import", str(sheet), "--db", str(old)).exit_code == 0
    info = json.loads(invoke("db", "info", "--json", "--verify", "--db", str(old)).stdout)
    assert info["schema_version"] == 7 and info["verify"]["matches"] is True
    [fact] = _facts("amnesia", old, "restriction")
    assert fact["sources"] == ["http://www.watcherdatabase.tk/Articles/55.html", ALICE]


ALICE_DODGE = "printed card 2E-B1 9, read by Alice on 2026-12-01"
BOB_DODGE = "printed card 2E-B1 9, read by Bob on 2026-12-02"
ALICE_THRUST = "printed card 2E-B1 2, read by Alice on 2026-12-01"
SEED_GENERIC = "seed 001_6402d66a7a4065b1.txt §Generic Immortal, §Master's Cards"
GEMS = ("master", "agility", "strength", "toughness", "empathy", "reason")


def test_a_zero_is_a_fact_merged_confirmed_and_sourced_like_any_other(tmp_path):
    """A card that prints no gem records 0 (`none` in db fill): a merged export fills it,
    a dry run lists its confirmation, and the sources of 0-valued facts survive a merge
    (the shipped Generic Immortal's Master limit 0 among them)."""
    mine = shipped_copy(tmp_path)
    zeros = [("dodge", f"gem_{a}", "0", ALICE_DODGE) for a in GEMS]
    sheet = _sheet(tmp_path / "alice.csv", *zeros, ("thrust", "gem_agility", "0", ALICE_THRUST))
    assert invoke("db", "import", str(sheet), "--db", str(mine)).exit_code == 0
    export = tmp_path / "mine.json"
    assert invoke("db", "export", str(export), "--db", str(mine)).exit_code == 0

    other = _copy(shipped_path(), tmp_path, "other.sqlite")
    dry = invoke("db", "import", str(export), "--db", str(other), "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert f"would make 7 changes to {other}" in dry.stdout
    assert f"  fill dodge gem_master: '0' (source: {ALICE_DODGE})" in dry.stdout
    merged = invoke("db", "import", str(export), "--db", str(other))
    assert merged.exit_code == 0, merged.output
    assert "merged fact by fact: 7 missing facts filled, 0 recorded facts confirmed" in (
        merged.stderr
    )
    dodge = card("dodge", other)
    assert [dodge[f"gem_{a}"] for a in GEMS] == [0] * 6
    assert [f["sources"] for f in _facts("dodge", other, "gem_master")] == [[ALICE_DODGE]]
    assert [f["sources"] for f in _facts("thrust", other, "gem_agility")] == [[ALICE_THRUST]]
    assert [(f["value"], f["sources"]) for f in _facts("generic-immortal", other,
            "master_limit")] == [("0", [SEED_GENERIC])]  # fmt: skip
    assert invoke("db", "info", "--verify", "--db", str(other)).exit_code == 0

    # Bob's sheet with the same zeros: the dry run lists each confirmation the import makes.
    bob = _sheet(tmp_path / "bob.csv", *[(i, f, v, BOB_DODGE) for i, f, v, _ in zeros])
    dry = invoke("db", "import", str(bob), "--db", str(mine), "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert f"would make 6 changes to {mine}" in dry.stdout
    assert (
        f"  confirm dodge gem_reason '0': add source {BOB_DODGE} (confirmed by 2 sources)"
    ) in dry.stdout
    done = invoke("db", "import", str(bob), "--db", str(mine))
    assert "6 already recorded, 6 of them confirmed by another source" in done.stderr
