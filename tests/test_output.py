"""hlcg.output: output files are refused when they exist, and written whole or not at all."""

import errno
import os
import stat
from pathlib import Path

import pytest

from hlcg.errors import CatalogueError, UsageError
from hlcg.output import refuse_overwrite, write_errors, write_output, write_text_atomically


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_an_existing_file_is_refused_without_force(tmp_path):
    report = tmp_path / "report.json"
    report.write_text("old", encoding="utf-8")
    with pytest.raises(UsageError) as refused:
        write_output(report, "new", force=False)
    assert str(refused.value) == f"{report} exists; use --force to overwrite it"
    assert report.read_text(encoding="utf-8") == "old"
    write_output(report, "new", force=True)
    assert report.read_text(encoding="utf-8") == "new"
    assert _leftovers(tmp_path) == []


def test_no_path_and_devices_are_never_refused():
    refuse_overwrite(None, force=False)
    refuse_overwrite(Path(os.devnull), force=False)
    write_output(Path(os.devnull), "discarded", force=False)


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Dodge\n", encoding="utf-8")

    def disk_fills(self: Path, data: bytes) -> int:
        with self.open("wb") as handle:
            handle.write(data[:3])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", disk_fills)
    with pytest.raises(OSError, match="No space left"):
        write_text_atomically(deck, "1 Dodge\n3 Lunge\n")
    assert deck.read_text(encoding="utf-8") == "1 Dodge\n"
    assert _leftovers(tmp_path) == []


def test_an_unwritable_place_is_a_usage_error_naming_the_file(tmp_path):
    missing = tmp_path / "no-such-folder" / "report.json"
    with pytest.raises(UsageError) as failed:
        write_output(missing, "{}", force=False)
    assert str(failed.value) == (
        f"could not write {missing}: its folder {missing.parent} does not exist: create it "
        f"first (mkdir -p {missing.parent}) or name a file in another; nothing was written"
    )
    with pytest.raises(CatalogueError) as as_catalogue_error, write_errors(missing, CatalogueError):
        missing.write_text("x", encoding="utf-8")
    assert str(as_catalogue_error.value).startswith(f"could not write {missing}: ")


def test_the_file_gets_the_mode_a_plain_write_gives(tmp_path):
    old_umask = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.txt"
        write_text_atomically(fresh, "x")
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
        kept = tmp_path / "kept.txt"
        kept.write_text("x", encoding="utf-8")
        kept.chmod(0o600)
        write_text_atomically(kept, "y")
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    finally:
        os.umask(old_umask)
