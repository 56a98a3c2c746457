"""hlcg.deck.paths.expand: the deck files that command-line paths name."""

import pytest

from hlcg.deck.paths import expand
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
