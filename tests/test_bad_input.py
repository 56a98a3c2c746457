"""The bad-input matrix: whatever arrives, one clear message, the documented exit code,
no traceback, and nothing else lost."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import shipped_path
from hlcg.cli.app import app
from hlcg.deck.read import MAX_DECK_ENTRIES

runner = CliRunner()
LEGAL = (ROOT / "examples/decks/valid/duncan-katana-type-two.txt").read_text(encoding="utf-8")
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))
# The legal deck as Windows Notepad saves it as "Unicode": UTF-16 LE, a byte-order mark, CRLF.
NOTEPAD_UNICODE = b"\xff\xfe" + LEGAL.replace("\n", "\r\n").encode("utf-16-le")
# ... and as an old forum post saved in Windows-1252, curly quotes and all.
CP1252_DECK = (
    LEGAL.replace("# Duncan", "# \u201cDuncan\u201d", 1) + "1 Director\u2019s Cut\n"
).encode("cp1252")


def invoke(*args: str):
    result = runner.invoke(app, list(args))
    # Only SystemExit may end a command: anything else would be a traceback for a user.
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
    return result


def deck_file(tmp_path: Path, name: str, content: bytes | str | None) -> Path:
    path = tmp_path / name
    if content is None:
        return path  # missing
    if content == "DIR":
        path.mkdir()
        return path
    if content == "HUGE":
        with path.open("wb") as handle:
            handle.truncate(6 * 1024 * 1024)
        return path
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return path


# name, file name, content, exit code of `hlcg validate`
CASES = [
    ("empty", "empty.txt", b"", 1),
    ("directory", "folder.txt", "DIR", 2),
    ("missing", "missing.txt", None, 2),
    ("binary", "noise.txt", bytes(range(256)) * 4, 2),
    ("png", "picture.txt", PNG, 2),
    ("over-size-limit", "huge.txt", "HUGE", 2),
    ("nul-bytes", "nul.txt", b"3 Thrust\n\x003 Dodge\n", 2),
    ("latin-1", "latin.txt", "Persona: Duncan MacLeod\n3 Caf\u00e9 Thrust\n".encode("latin-1"), 1),
    # Text with a byte-order mark is read in its encoding: Notepad's "Unicode" (UTF-16 LE,
    # CRLF), "Unicode big endian", UTF-32; the legal deck stays legal.
    ("utf-16-le-notepad", "notepad.txt", NOTEPAD_UNICODE, 0),
    ("utf-16-be", "big-endian.txt", b"\xfe\xff" + LEGAL.encode("utf-16-be"), 0),
    ("utf-32", "utf32.txt", b"\xff\xfe\x00\x00" + LEGAL.encode("utf-32-le"), 0),
    # Old forum text in Windows-1252 (curly quotes): read with a warning, and checked.
    ("cp1252-curly-quotes", "forum.txt", CP1252_DECK, 0),
    # NUL bytes without a byte-order mark stay binary, UTF-16 or not; so do a mark in front
    # of bytes that are not text in its encoding, and UTF-16 text of NUL characters.
    ("utf-16-without-bom", "no-mark.txt", LEGAL.encode("utf-16-le"), 2),
    ("bom-then-binary", "marked.txt", b"\xff\xfe" + bytes(range(256)) * 4, 2),
    ("bom-then-nul-characters", "nuls.txt", b"\xff\xfe" + b"\x00" * 64, 2),
    ("utf-16-cut-mid-character", "cut.txt", NOTEPAD_UNICODE + b"T", 2),
    ("utf-8-bom-then-windows-1252", "marked-utf8.txt", b"\xef\xbb\xbf" + CP1252_DECK, 2),
    # one card line over the limit is refused as 200,000 are (their size is under 5 MB either way)
    ("over-line-limit", "many.txt", "1 Thrust\n" * (MAX_DECK_ENTRIES + 1), 2),
    ("200000-char-line", "long.txt", "3 Thrust\n" + "A" * 200_000 + "\n", 1),
    # JSON that is not JSON cannot be read: exit 2, not an empty deck judged by the rules
    ("nested-json", "nested.json", "[" * 100_000, 2),
    ("truncated-json", "cut.json", '{"persona": "Duncan MacLeod", "endurance": [{"card": ', 2),
    ("truncated-xml", "cut.dek", '<?xml version="1.0"?><deck version="0.8"><superzone na', 2),
    (
        "billion-laughs",
        "laughs.o8d",
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
        '<deck><section name="Endurance"><card qty="1">&b;</card></section></deck>',
        1,
    ),
    (
        "external-entity",
        "xxe.dek",
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        '<deck><superzone name="Deck"><card><name>&x;</name></card></superzone></deck>',
        1,
    ),
]


@pytest.mark.parametrize(("case", "name", "content", "code"), CASES, ids=[c[0] for c in CASES])
def test_validate_bad_input(tmp_path, case, name, content, code):
    path = deck_file(tmp_path, name, content)
    result = invoke("validate", str(path), "--output", "json")
    assert result.exit_code == code
    if code == 2:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith(f"hlcg: error: {path}")
    else:
        report = json.loads(result.stdout)["decks"][0]
        assert report["path"] == str(path)


@pytest.mark.parametrize("command", [("deck", "hash"), ("deck", "stats")])
@pytest.mark.parametrize(("case", "name", "content", "code"), CASES, ids=[c[0] for c in CASES])
def test_deck_commands_bad_input(tmp_path, command, case, name, content, code):
    path = deck_file(tmp_path, name, content)
    result = invoke(*command, str(path))
    assert result.exit_code == (2 if code == 2 else 0)


@pytest.mark.parametrize(("case", "name", "content", "code"), CASES, ids=[c[0] for c in CASES])
def test_deck_convert_bad_input(tmp_path, case, name, content, code):
    path = deck_file(tmp_path, name, content)
    target = tmp_path / "out.dek"
    result = invoke("deck", "convert", str(path), str(target))
    if code == 2:
        assert result.exit_code == 2
    elif case == "empty" or code == 0:
        assert result.exit_code == 0 and target.exists()
    else:
        assert result.exit_code == 1 and not target.exists()


def perturbed(text: str) -> bytes:
    """The legal deck with a BOM, CRLF and lone CR line ends, tabs, no-break spaces, curly
    apostrophes, combining accents folded by NFC, direction marks and count spellings."""
    lines = text.splitlines()
    out = []
    for number, line in enumerate(lines):
        if line.startswith("3 "):
            line = ["3x ", "3 x ", "x3 ", "(3) "][number % 4] + line[2:]
        line = line.replace(" ", "\t", 1) if number % 3 == 0 else line.replace(" ", "\u00a0", 1)
        out.append("\u200f" + line + "  ")
    body = "\r\n".join(out[: len(out) // 2]) + "\r" + "\r".join(out[len(out) // 2 :])
    return "\ufeff".encode() + body.encode("utf-8")


def test_noisy_spelling_of_a_legal_deck_is_the_same_deck(tmp_path):
    clean = deck_file(tmp_path, "clean.txt", LEGAL)
    noisy = deck_file(tmp_path, "noisy.txt", perturbed(LEGAL))
    assert invoke("validate", str(noisy)).exit_code == 0
    assert invoke("deck", "hash", str(noisy)).stdout == invoke("deck", "hash", str(clean)).stdout


def test_a_notepad_unicode_deck_is_the_same_deck(tmp_path):
    """UTF-16 with its byte-order mark, LE with CRLF (Notepad's "Unicode") or BE: no
    warning, the same verdict and fingerprint as the UTF-8 file."""
    clean = deck_file(tmp_path, "clean.txt", LEGAL)
    clean_hash = invoke("deck", "hash", str(clean)).stdout
    for name, data in (
        ("notepad.txt", NOTEPAD_UNICODE),
        ("big-endian.txt", b"\xfe\xff" + LEGAL.encode("utf-16-be")),
    ):
        path = deck_file(tmp_path, name, data)
        result = invoke("validate", str(path), "-o", "json")
        report = json.loads(result.stdout)["decks"][0]
        assert result.exit_code == 0 and report["legal"], report["problems"]
        assert report["endurance"] == 54 and report["warnings"] == 0
        assert [p for p in report["problems"] if p["rule"] == "deck-syntax"] == []
        assert invoke("deck", "hash", str(path)).stdout == clean_hash


def test_a_windows_1252_deck_is_read_with_a_warning(tmp_path):
    path = deck_file(tmp_path, "forum.txt", CP1252_DECK)
    result = invoke("validate", str(path), "-o", "json")
    report = json.loads(result.stdout)["decks"][0]
    assert result.exit_code == 0 and report["legal"]
    assert report["endurance"] == 55  # Director\u2019s Cut, its apostrophe curly in cp1252
    warnings = [(p["line"], p["message"]) for p in report["problems"] if p["severity"] == "warning"]
    assert warnings == [(1, "file is not UTF-8; read as Windows-1252")]
    assert invoke("validate", str(path), "--strict").exit_code == 1


def test_utf_16_without_its_mark_is_refused_with_a_hint(tmp_path):
    path = deck_file(tmp_path, "no-mark.txt", LEGAL.encode("utf-16-le"))
    result = invoke("validate", str(path))
    assert result.exit_code == 2
    assert "UTF-16 text without a byte-order mark?" in result.stderr


def test_a_utf_8_mark_before_text_that_is_not_utf_8_is_refused_where_it_breaks(tmp_path):
    """A file that declares UTF-8 by its mark is held to it, as UTF-16 is: no guess of
    Windows-1252 behind the mark."""
    text = b"\xef\xbb\xbfPersona: Duncan MacLeod\n3 Dodge\n1 Caf\xe9\n"
    for command in (["validate"], ["deck", "hash"]):
        path = deck_file(tmp_path, "marked.txt", text)
        result = invoke(*command, str(path))
        assert result.exit_code == 2
        said = (
            f"{path}: starts with a UTF-8 byte-order mark but byte 40 (line 3) is not UTF-8; "
            "save the deck again"
        )
        assert result.stderr == f"hlcg: error: {said}\n"
    utf16 = deck_file(
        tmp_path, "marked16.txt", b"\xff\xfe" + "3 Dodge\n".encode("utf-16-le") + b"\x00\xd8"
    )
    assert invoke("deck", "hash", str(utf16)).stderr == (
        f"hlcg: error: {utf16}: starts with a UTF-16 byte-order mark but byte 18 (line 2) is "
        "not UTF-16; save the deck again\n"
    )


class Endless(io.RawIOBase):
    """`yes` on standard input: as many bytes as are asked for, for ever."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # noqa: ANN001 (a writable buffer)
        buffer[:] = b"y" * len(buffer)
        return len(buffer)


@pytest.mark.parametrize(
    "command", [("validate", "-"), ("deck", "hash", "-"), ("deck", "stats", "-")]
)
def test_endless_standard_input_ends_with_a_size_error(command):
    result = runner.invoke(app, list(command), input=Endless())
    assert result.exit_code == 2
    assert "<stdin>: more than 5242880 bytes, over the deck size limit" in result.stderr
    assert "Traceback" not in result.output and "MemoryError" not in result.output


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_an_endless_device_ends_with_a_size_error():
    result = invoke("validate", "/dev/zero")
    assert result.exit_code == 2
    assert "/dev/zero: more than 5242880 bytes, over the deck size limit" in result.stderr


@pytest.mark.skipif(not shutil.which("yes"), reason="no yes(1)")
def test_yes_piped_into_validate_through_a_real_pipe():
    import subprocess
    import sys

    command = f"yes | {sys.executable} -m hlcg validate -"
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "more than 5242880 bytes, over the deck size limit" in done.stderr
    assert "Traceback" not in done.stderr


def test_curly_quotes_and_combining_characters(tmp_path):
    text = LEGAL + "1 Director\u2019s Cut\n1 \u201cUpper Guard\u201d\n1 Dodge\u0301\n"
    path = deck_file(tmp_path, "quotes.txt", text)
    report = json.loads(invoke("validate", str(path), "-o", "json").stdout)["decks"][0]
    assert report["legal"], report["problems"]
    assert report["endurance"] == 57


def test_bad_quantities_are_reported_and_other_lines_kept(tmp_path):
    text = LEGAL + "0 Courage\n-1 Courage\n1.5 Courage\n99999999999999999999 Courage\n1 Courage\n"
    path = deck_file(tmp_path, "quantities.txt", text)
    report = json.loads(invoke("validate", str(path), "-o", "json").stdout)["decks"][0]
    syntax = [
        (p["line"], p["message"].split(":")[0])
        for p in report["problems"]
        if p["rule"] == "deck-syntax"
    ]
    base = len(LEGAL.splitlines())
    assert syntax == [
        (base + 1, "quantity 0 is not a positive whole number"),
        (base + 2, "quantity -1 is not a positive whole number"),
        (base + 3, "quantity 1.5 is not a whole number"),
        (base + 4, "quantity 99999999999999999999 is over the 999 copies hlcg accepts"),
    ]
    assert report["endurance"] == 55  # the last line still counts


def test_headers_persona_lines_and_set_codes(tmp_path):
    text = (
        LEGAL
        + "Endurance:\n1 Flashing Blade [WC]\n1 Lunge (WC) 69\n1 Selective Memory [1E] 12\n"
        + "Persona: The Kurgan\nSideboard:\n1 Dodge\n"
    )
    path = deck_file(tmp_path, "headers.txt", text)
    report = json.loads(invoke("validate", str(path), "-o", "json").stdout)["decks"][0]
    problems = {(p["rule"], p["severity"], p["message"].split(";")[0]) for p in report["problems"]}
    assert ("deck-syntax", "warning", "section 'Endurance' again (first on line 9)") in problems
    assert any(m.startswith("second Persona line 'The Kurgan'") for _, _, m in problems)
    # A set no printing of the card is recorded in is one note, and the card is found by name.
    assert (
        "deck-syntax",
        "note",
        "the catalogue records no printing of these cards in the set the deck gives: 1E (1 card)",
    ) in problems
    # Flashing Blade, Lunge and Selective Memory count; the sideboard's Dodge does not
    assert report["endurance"] == 57
    assert report["sideboard"] == [{"card": "Dodge", "count": 1, "line": 35, "id": "dodge"}]


IMPORT_CASES = [
    ("empty", "rows.csv", b""),
    ("directory", "rows.csv", "DIR"),
    ("missing", "rows.csv", None),
    ("binary", "rows.csv", bytes(range(256)) * 4),
    ("png", "rows.csv", PNG),
    ("latin-1", "rows.csv", "id,title,source\ncaf,Caf\u00e9,seed 001\n".encode("latin-1")),
    ("nested-json", "rows.json", "[" * 100_000),
    ("truncated-json", "rows.json", '[{"id": "x", "title": '),
    ("not-an-array", "rows.json", '{"id": "x"}'),
    ("bad-jsonl", "rows.jsonl", '{"id": "x", "title": "X", "source": "s"}\n{oops\n'),
    ("unknown-suffix", "rows.xml", "<rows/>"),
    ("bad-row", "rows.csv", "id,title,type,source\nok,OK,event,seed 001\nbad,Bad,spell,seed 001\n"),
    ("broken-zip", "export.zip", b"PK\x03\x04" + bytes(range(256))),
    ("broken-tar", "export.tar.gz", bytes(range(256)) * 4),
    ("zip-without-contract-files", "export.zip", "ZIP"),
    ("document-version", "export.json", '{"kind": "hlcg-catalogue", "version": 9}'),
    ("document-table", "export.json", '{"kind": "hlcg-catalogue", "version": 1, "cards": {}}'),
    ("sheet-unknown-field", "sheet.csv", "id,field,value,source\nkhan,power,9,seed 001\n"),
    ("sheet-bad-value", "sheet.csv", "id,field,value,source\nkhan,master_limit,four,seed 001\n"),
]


def _zip_of_other_files() -> bytes:
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("../outside.txt", "never written")
        archive.writestr("notes.txt", "not a contract file")
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("case", "name", "content"), IMPORT_CASES, ids=[c[0] for c in IMPORT_CASES]
)
def test_failed_imports_exit_2_and_leave_the_catalogue_identical(tmp_path, case, name, content):
    db = tmp_path / "mine.sqlite"
    shutil.copyfile(shipped_path(), db)
    before = db.read_bytes()
    source = deck_file(tmp_path, name, _zip_of_other_files() if content == "ZIP" else content)
    result = invoke("db", "import", str(source), "--db", str(db))
    assert result.exit_code == 2
    assert result.stderr.startswith("hlcg: error: ")
    assert db.read_bytes() == before
    assert not (tmp_path.parent / "outside.txt").exists()


@pytest.mark.parametrize(("case", "name", "content", "code"), CASES, ids=[c[0] for c in CASES])
def test_gaps_bad_input(tmp_path, case, name, content, code):
    path = deck_file(tmp_path, name, content)
    result = invoke("db", "gaps", str(path), "--output", "json")
    if case == "empty":
        # `db gaps` skips what is not a deck, named or not: an empty file is none.
        assert result.exit_code == 2
        assert f"skipped {path}: not a deck (an empty file)" in result.stderr
        return
    assert result.exit_code == (2 if code == 2 else 0)
    if code == 2:
        assert result.stderr.startswith(f"hlcg: error: {path}")


def test_import_over_the_size_limit(tmp_path):
    db = tmp_path / "mine.sqlite"
    invoke("db", "init", str(db))
    huge = tmp_path / "huge.csv"
    with huge.open("wb") as handle:
        handle.truncate(51 * 1024 * 1024)
    result = invoke("db", "import", str(huge), "--db", str(db))
    assert result.exit_code == 2 and "byte limit" in result.stderr


SHEET_CASES = [
    ("empty", b"", 1),
    ("directory", "DIR", 2),
    ("missing", None, 2),
    ("binary", bytes(range(256)) * 4, 2),
    ("png", PNG, 2),
    ("over-size-limit", "HUGE", 2),
    ("latin-1", 'name = "Caf\u00e9"\n'.encode("latin-1"), 1),
    ("truncated", 'name = "Aldous\n[stats\n', 2),
    ("nested", "a = " + "[" * 5000, 2),
]


@pytest.mark.parametrize(("case", "content", "code"), SHEET_CASES, ids=[c[0] for c in SHEET_CASES])
def test_tcboo_check_bad_input(tmp_path, case, content, code):
    path = deck_file(tmp_path, "sheet.toml", content)
    result = invoke("tcboo", "check", str(path))
    assert result.exit_code == code
    if code == 2:
        assert result.stderr.startswith(f"hlcg: error: {path}")
