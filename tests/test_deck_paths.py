"""hlcg.deck.read.expand: the deck files that command-line paths name."""

from pathlib import Path

import pytest

from hlcg.deck import expand
from hlcg.errors import UsageError


def test_a_folder_gives_its_deck_files_and_skips_what_is_not_a_deck(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.txt").write_text("1 Dodge\n", encoding="utf-8")
    (tmp_path / "sub" / "b.dek").write_text("<deck></deck>", encoding="utf-8")
    (tmp_path / "a.fixed.txt").write_text("1 Dodge\n", encoding="utf-8")  # a fix's output
    (tmp_path / "notes.md").write_text("# notes\n", encoding="utf-8")
    (tmp_path / "README.txt").write_text("about\n", encoding="utf-8")
    (tmp_path / "report.json").write_text('{"decks": [], "summary": {}}', encoding="utf-8")
    skipped: list[tuple[str, str]] = []
    found = expand([str(tmp_path)], on_skip=lambda p, why: skipped.append((p.name, why)))
    assert found == [tmp_path / "a.txt", tmp_path / "sub" / "b.dek"]
    assert skipped == [
        ("README.txt", "a README, licence or changelog"),
        ("a.fixed.txt", "a fixed copy that `hlcg validate --fix` wrote"),
        ("notes.md", "a .md file that does not read as a deck"),
        ("report.json", "an hlcg JSON report"),
    ]


def test_named_files_are_kept_unless_asked_to_skip_non_decks(tmp_path):
    readme = tmp_path / "README.txt"
    readme.write_text("about\n", encoding="utf-8")
    missing = tmp_path / "gone.txt"  # named, so reported as unreadable later, not dropped
    assert expand([str(readme), str(missing)]) == [readme, missing]
    skipped: list[str] = []
    kept = expand([str(readme), str(missing)], True, lambda p, why: skipped.append(p.name))
    assert kept == [missing]
    assert skipped == ["README.txt"]


def test_globs_expand_and_each_file_comes_once(tmp_path):
    for name in ("b.txt", "a.txt"):
        (tmp_path / name).write_text("1 Dodge\n", encoding="utf-8")
    pattern = str(tmp_path / "*.txt")
    assert expand([pattern, str(tmp_path / "a.txt")]) == [tmp_path / "a.txt", tmp_path / "b.txt"]


def test_a_folder_without_decks_and_a_glob_matching_nothing_are_usage_errors(tmp_path):
    with pytest.raises(UsageError) as empty:
        expand([str(tmp_path)])
    assert str(empty.value) == (
        f"{tmp_path}: no deck files (.txt, .deck, .json, .dek, .o8d) in this folder"
    )
    with pytest.raises(UsageError) as nothing:
        expand([str(tmp_path / "*.dek")])
    assert str(nothing.value) == f"{tmp_path / '*.dek'}: no files match"


def test_a_folder_scan_skips_empty_files_and_json_that_is_no_deck(tmp_path):
    """An empty file (a report the shell has just created for `> decks/r.json`), a
    package.json, and a report cut short are no decks; a broken deck is still checked."""
    (tmp_path / "deck.txt").write_text("1 Dodge\n", encoding="utf-8")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "blank.dek").write_text("  \r\n", encoding="utf-8")
    (tmp_path / "report.json").write_bytes(b"")
    (tmp_path / "package.json").write_text(
        '{"name": "decks", "version": "1.0.0", "scripts": {"check": "hlcg validate ."}}',
        encoding="utf-8",
    )
    (tmp_path / "partial.json").write_text('{"decks": [{"path": "deck.txt", "le', "utf-8")
    (tmp_path / "broken.json").write_text('{"persona": "Duncan MacLeod", "endur', "utf-8")
    (tmp_path / "named.json").write_text('{"name": "Duncan", "format": "T2"}', "utf-8")
    skipped: dict[str, str] = {}
    found = expand([str(tmp_path)], on_skip=lambda p, why: skipped.setdefault(p.name, why))
    assert [p.name for p in found] == ["broken.json", "deck.txt", "named.json"]
    assert skipped == {
        "blank.dek": "an empty file",
        "empty.txt": "an empty file",
        "package.json": "a JSON object with no persona or cards, and keys no deck has "
        "(scripts, version)",
        "partial.json": "unfinished JSON whose first key 'decks' is not a deck's",
        "report.json": "an empty file",
    }


def test_standard_input_is_never_skipped(tmp_path):
    assert expand(["-"], skip_non_decks=True) == [Path("-")]


def test_a_utf_16_xml_file_without_a_deck_is_skipped(tmp_path):
    other = tmp_path / "other.o8d"
    other.write_bytes(b"\xff\xfe" + '<?xml version="1.0"?>\r\n<set/>'.encode("utf-16-le"))
    deck = tmp_path / "deck.o8d"
    deck.write_bytes(b"\xff\xfe" + '<deck game="x"></deck>'.encode("utf-16-le"))
    skipped: list[str] = []
    assert expand([str(tmp_path)], on_skip=lambda p, why: skipped.append(why)) == [deck]
    assert skipped == ["XML without a <deck> element"]
