"""Where hlcg meets what it cannot control: the error boundary, endless streams, link loops
and FIFOs among deck files, an unlistable folder, a hand-edited catalogue, a file name the
file system cannot extend. Each ends with exit code 2 and one line, or with the verdict the
readable decks earn; never a traceback, never exit 1 for a crash, never a silent pass."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hlcg.catalog import shipped_path
from hlcg.cli.app import app
from hlcg.deck import expand

ROOT = Path(__file__).resolve().parents[2]
CRASH = (
    "hlcg: error: unexpected RuntimeError: the catalogue caught fire; this is a bug in hlcg; "
    "please report it with the command you ran (--debug or HLCG_DEBUG=1 shows the traceback)"
)
DECK = "Persona: Duncan MacLeod\n3 Dodge\n"
# `hlcg` with the catalogue loader replaced by one that fails as no test foresaw.
CRASHING = (
    "import sys, hlcg.catalog\n"
    "def load(path):\n"
    "    raise RuntimeError('the catalogue caught fire')\n"
    "hlcg.catalog.load = load\n"
    "sys.argv = ['hlcg', *sys.argv[1:]]\n"
    "from hlcg.cli import main\n"
    "main()\n"
)


def run(*args: str, stdin: bytes | None = None, env: dict[str, str] | None = None, code=None):
    command = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "hlcg", *args]
    return subprocess.run(
        command,
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=60,
        check=False,
    )


# -- the error boundary


def test_a_crash_is_exit_2_with_one_line_asking_for_a_report():
    result = run("card", "Dodge", code=CRASHING)
    assert result.returncode == 2
    assert result.stderr.decode() == CRASH + "\n"


@pytest.mark.parametrize(
    ("args", "env"), [(("--debug", "card", "Dodge"), {}), (("card", "Dodge"), {"HLCG_DEBUG": "1"})]
)
def test_debug_shows_the_traceback_before_the_line(args, env):
    result = run(*args, env=env, code=CRASHING)
    assert result.returncode == 2
    stderr = result.stderr.decode().splitlines()
    assert stderr[0] == "Traceback (most recent call last):"
    assert stderr[-2:] == ["RuntimeError: the catalogue caught fire", CRASH]


def test_a_crash_outside_any_command_is_exit_2_too(monkeypatch, capsys):
    from hlcg.cli import app as app_module

    def broken(only=None, listing=False, sub_command=None):
        raise RuntimeError("the catalogue caught fire")

    monkeypatch.setattr(app_module, "build", broken)
    monkeypatch.setattr(sys, "argv", ["hlcg", "card", "Dodge"])
    monkeypatch.delenv("HLCG_DEBUG", raising=False)
    with pytest.raises(SystemExit) as stopped:
        app_module.main()
    assert stopped.value.code == 2
    assert capsys.readouterr().err == CRASH + "\n"


def test_a_crash_under_the_test_runner_is_exit_2(monkeypatch):
    import hlcg.catalog

    def load(path):
        raise RuntimeError("the catalogue caught fire")

    monkeypatch.setattr(hlcg.catalog, "load", load)
    monkeypatch.delenv("HLCG_DEBUG", raising=False)
    result = CliRunner().invoke(app, ["card", "Dodge"])
    assert result.exit_code == 2
    assert result.stderr == CRASH + "\n"


# -- endless streams


@pytest.mark.parametrize("source", ["pipe", "/dev/zero"])
def test_an_endless_stream_stops_at_the_size_limit(source):
    if source == "pipe":
        result = run("validate", "-", stdin=b"y\n" * (3 * 1024 * 1024))
        name = "<stdin>"
    else:
        if not Path(source).exists():
            pytest.skip("no /dev/zero here")
        result = run("validate", source)
        name = source
    assert result.returncode == 2
    assert result.stderr.decode() == (
        f"hlcg: error: {name}: more than 5242880 bytes, over the deck size limit\n"
    )


# -- deck files among links, FIFOs and unlistable folders


@pytest.fixture
def tangled(tmp_path):
    """decks/a.txt, decks/sub/b.txt, and links from decks/sub back up the tree."""
    decks = tmp_path / "decks"
    (decks / "sub").mkdir(parents=True)
    (decks / "a.txt").write_text(DECK, encoding="utf-8")
    (decks / "sub" / "b.txt").write_text(DECK, encoding="utf-8")
    for name, target in (("up", ".."), ("top", "../.."), ("self", ".")):
        (decks / "sub" / name).symlink_to(target, target_is_directory=True)
    return decks


def test_globstar_and_folder_scans_do_not_follow_links_to_folders(tangled):
    found = [tangled / "a.txt", tangled / "sub" / "b.txt"]
    assert expand([str(tangled / "**" / "*.txt")]) == found
    assert expand([str(tangled)]) == found
    assert expand([str(tangled / "**" / "b.txt")]) == [tangled / "sub" / "b.txt"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_a_glob_matches_is_skipped_as_a_folder_scan_skips_it(tangled):
    os.mkfifo(tangled / "pipe.txt")
    skipped: list[tuple[str, str]] = []
    found = expand([str(tangled / "*.txt")], on_skip=lambda p, why: skipped.append((p.name, why)))
    assert found == [tangled / "a.txt"]
    assert skipped == [("pipe.txt", "a pipe, socket or device, not a regular file")]
    assert expand([str(tangled)]) == [tangled / "a.txt", tangled / "sub" / "b.txt"]
    result = run("validate", str(tangled / "*.txt"), "-o", "json")  # would block on the FIFO
    assert result.returncode == 1
    assert result.stderr.decode() == (
        f"hlcg: note: skipped {tangled / 'pipe.txt'}: not a deck "
        "(a pipe, socket or device, not a regular file)\n"
    )


def _unlistable(monkeypatch, folder: Path) -> None:
    """os.scandir refuses ``folder`` as it refuses a folder without read permission (the
    tests may run as root, whom permissions do not stop)."""
    real = os.scandir

    def scandir(path="."):
        if Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)


@pytest.mark.parametrize("pattern", ["", "**/*.txt"])
def test_an_unlistable_folder_is_exit_2_never_a_silent_pass(tangled, monkeypatch, pattern):
    (tangled / "sub" / "b.txt").write_text("Persona: Duncan MacLeod\n1 No Such Card\n")
    _unlistable(monkeypatch, tangled / "sub")
    target = str(tangled / pattern) if pattern else str(tangled)
    result = CliRunner().invoke(app, ["validate", target])
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: {tangled / 'sub'}: cannot list this folder (Permission denied); "
        "the decks in it would go unchecked\n"
    )


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads every folder")
def test_a_folder_without_read_permission_is_exit_2(tangled):
    (tangled / "sub").chmod(0)
    try:
        result = run("validate", str(tangled))
    finally:
        (tangled / "sub").chmod(0o755)
    assert result.returncode == 2
    assert b"cannot list this folder (Permission denied)" in result.stderr


# -- a hand-edited catalogue


CATALOGUE_COMMANDS = [
    ["validate", "DECK"],
    ["card", "Dodge"],
    ["search", "dodge"],
    ["persona", "Duncan MacLeod"],
    ["sets"],
    ["formats"],
    ["deck", "stats", "DECK"],
    ["deck", "hash", "DECK"],
    ["db", "info"],
    ["db", "info", "--verify"],
    ["tcboo", "swords"],
]


@pytest.fixture(scope="module")
def edited(tmp_path_factory) -> Path:
    """The shipped catalogue with a gem value written as text, as a hand edit in a SQLite
    browser leaves it."""
    path = tmp_path_factory.mktemp("edited") / "cards.sqlite"
    shutil.copyfile(shipped_path(), path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE cards SET gem_agility = 'lots' WHERE id = (SELECT min(id) FROM cards)")
    conn.close()
    return path


@pytest.mark.parametrize("args", CATALOGUE_COMMANDS, ids=" ".join)
def test_a_hand_edited_catalogue_is_exit_2_in_every_command(args, edited, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    line = [str(deck) if a == "DECK" else a for a in args]
    result = CliRunner().invoke(app, [*line, "--db", str(edited)])
    assert result.exit_code == 2, result.stdout
    assert result.stderr == (
        f"hlcg: error: {edited} is corrupt or was edited by hand: cards.gem_agility holds a "
        "text value where integer values are kept; rebuild it with `hlcg db build`, or start "
        "again with `hlcg db init my.sqlite --from-shipped`\n"
    )


# -- a fixed deck's name too long for the file system


def test_fix_of_a_deck_whose_fixed_name_is_too_long_is_exit_2(tmp_path):
    deck = tmp_path / ("d" * 247 + ".txt")  # 251 characters; its .fixed.txt would be 257
    deck.write_text(DECK, encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(deck), "--fix"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: {deck}: not fixed: {'d' * 40}... cannot be written (File name too long)\n"
    )
    assert [p.name for p in tmp_path.iterdir()] == [deck.name]


# -- counts in the other readers: catalogue rows, Immortal sheets, search filters


def test_a_catalogue_row_counts_in_ascii_digits_only(tmp_path):
    catalogue = tmp_path / "my.sqlite"
    assert CliRunner().invoke(app, ["db", "init", str(catalogue), "--from-shipped"]).exit_code == 0
    before = catalogue.read_bytes()
    rows = tmp_path / "rows.csv"
    rows.write_text("id,title,type,source,restriction\nx-1,X,attack,test,\u0663\n", "utf-8")
    result = CliRunner().invoke(app, ["db", "import", str(rows), "--db", str(catalogue)])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[1] == (
        f"{rows}: row 2: restriction: expected a whole number or empty, got '\u0663'"
    )
    assert catalogue.read_bytes() == before


def test_a_sheet_number_of_5000_digits_is_invalid_toml(tmp_path):
    sheet = tmp_path / "sheet.toml"
    sheet.write_text('immortal = "Duncan MacLeod"\nagility = ' + "9" * 5000 + "\n", "utf-8")
    result = CliRunner().invoke(app, ["tcboo", "check", str(sheet)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: {sheet}: not valid TOML: Exceeds the limit (4300 digits) for integer "
        "string conversion: value has 5000 digits\n"
    )


@pytest.mark.parametrize("number", ["\u0663", "9" * 5000])
def test_a_gem_filter_number_is_a_few_ascii_digits(number):
    result = CliRunner().invoke(app, ["search", "--gem", f"agility>={number}"])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"hlcg: error: --gem: gem filter 'agility>={number}' not understood"
    )


@pytest.mark.skipif(sys.platform != "linux", reason="file names of any bytes: Linux")
@pytest.mark.parametrize("kind", ["text", "json", "junit", "sarif", "github"])
def test_a_deck_whose_name_is_not_utf8_gets_every_report(kind, tmp_path):
    deck = os.fsdecode(bytes(tmp_path) + b"/\xfe-deck.txt")
    Path(deck).write_text(DECK, encoding="utf-8")
    summary = tmp_path / "summary.md"
    result = run("validate", deck, "-o", kind, env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert result.returncode == 1, result.stderr
    assert result.stderr == b""
    # Valid UTF-8 whatever the name: the byte shown as \xfe (JSON: its backslash escaped),
    # in SARIF's URI percent-encoded.
    name = {"sarif": "%FE-deck.txt", "json": "\\\\xfe-deck.txt"}.get(kind, "\\xfe-deck.txt")
    assert name in result.stdout.decode("utf-8")


# -- --verify given a device, a pipe or a folder


@pytest.mark.skipif(os.name != "posix", reason="devices and FIFOs are POSIX's")
@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
def test_verify_of_what_is_no_regular_file_says_so_and_never_opens_it(kind, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    target = {"device": Path("/dev/zero"), "fifo": tmp_path / "sheet", "folder": tmp_path}[kind]
    if kind == "fifo":
        os.mkfifo(target)  # opening it would block: the test's timeout would catch that
    result = run("deck", "sheet", str(deck), "--verify", str(target))
    assert result.returncode == 2
    assert result.stderr.decode() == (
        f"hlcg: error: --verify {str(target)!r}: not a regular file (a folder, pipe or "
        "device); give the fingerprint, a file holding the sheet's QR payload or an image of "
        "its QR code\n"
    )
