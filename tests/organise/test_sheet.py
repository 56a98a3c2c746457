"""`hlcg deck sheet`: one page per deck whose QR code zbar decodes to the deck's
fingerprint and canonical deck, and `--verify` reading a sheet back, through the CLI.

The decode tests need zbarimg (Debian's zbar-tools) and, for the PDF, pdftoppm
(poppler-utils); .ci/run installs both and sets HLCG_REQUIRE_BROWSER, which makes their
absence a failure instead of a skip."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

runner = CliRunner()
TOURNAMENT = ROOT / "examples" / "tournament"
BOB = TOURNAMENT / "bob-richie.dek"
FRANK = TOURNAMENT / "frank-richie.dek"


def need(tool: str) -> str:
    found = shutil.which(tool)
    if found is None:
        if os.environ.get("HLCG_REQUIRE_BROWSER") == "1":
            pytest.fail(f"{tool} is required (HLCG_REQUIRE_BROWSER=1)")
        pytest.skip(f"{tool} is not installed")
    return found


def zbar(image: Path) -> str:
    done = subprocess.run(
        [need("zbarimg"), "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(image)],
        capture_output=True,
        check=True,
    )
    return done.stdout.decode("utf-8")


def sheet(*args: str):
    return runner.invoke(app, ["deck", "sheet", *args])


def hash_of(path: Path) -> str:
    result = runner.invoke(app, ["deck", "hash", str(path)])
    assert result.exit_code == 0
    return result.stdout.strip()


def payloads(html_text: str) -> list[str]:
    return [
        html.unescape(p) for p in re.findall(r'<pre class="payload">(.*?)</pre>', html_text, re.S)
    ]


def test_the_pdf_has_a_page_per_deck_whose_qr_is_the_fingerprint(tmp_path):
    need("zbarimg")
    target = tmp_path / "sheets.pdf"
    result = sheet(str(TOURNAMENT), "-o", str(target), "--event", "Spring league")
    assert result.exit_code == 0, result.output
    assert result.stderr.endswith(f"wrote {target}: 6 decks, a page each\n")
    subprocess.run([need("pdftoppm"), "-r", "150", "-png", str(target), str(tmp_path / "page")])
    pages = sorted(tmp_path.glob("page-*.png"))
    assert len(pages) == 6
    decks = sorted(TOURNAMENT.iterdir())
    for page, deck in zip(pages, decks, strict=True):
        lines = zbar(page).splitlines()
        assert lines[:2] == ["hlcg-sheet 1", f"fingerprint {hash_of(deck)}"], deck.name


def test_the_html_sheet_embeds_the_qr_of_its_payload(tmp_path):
    segno = pytest.importorskip("segno")
    target = tmp_path / "sheet.html"
    result = sheet(str(BOB), "-o", str(target), "--player", "Bob", "--date", "2026-06-01")
    assert result.exit_code == 0, result.output
    page = target.read_text(encoding="utf-8")
    (payload,) = payloads(page)
    # the SVG on the page is the QR code of exactly this payload
    assert (
        segno.make_qr(payload, error="m", boost_error=False).svg_inline(scale=4, border=4) in page
    )
    png = tmp_path / "qr.png"
    segno.make_qr(payload, error="m", boost_error=False).save(str(png), scale=6)
    decoded = zbar(png)
    assert decoded.rstrip("\n") == payload.rstrip("\n")
    digest = runner.invoke(app, ["deck", "hash", str(BOB), "--date", "2026-06-01"]).stdout
    assert payload.splitlines()[:4] == [
        "hlcg-sheet 1",
        f"fingerprint {digest.strip()}",
        "date 2026-06-01",
        "verdict legal",
    ]
    assert "<td>Player</td><td>Bob</td>" in page and "<td>Format</td><td>type-one</td>" in page


def test_the_judge_reads_pregame_then_types_then_titles(tmp_path):
    target = tmp_path / "alice.html"
    assert sheet(str(TOURNAMENT / "alice-duncan.txt"), "-o", str(target)).exit_code == 0
    page = target.read_text(encoding="utf-8")
    headings = re.findall(r"<h3>(.*?)</h3>", page)
    # the persona card is a pre-game card (seed 002, Persona Cards): 2, as validate counts
    assert headings == [
        "Pre-game (2)",
        "Endurance (54 cards)",
        "attack (27)",
        "block (18)",
        "dodge (5)",
        "guard (2)",
        "situation (2)",
    ]
    names = re.findall(r'<span class="count">\d+</span>(.*?)</li>', page)
    assert names[:2] == ["Duncan MacLeod", "Katana"]
    attacks = names[2:11]
    assert attacks == sorted(attacks, key=str.casefold)
    assert "<td>Persona</td><td>Duncan MacLeod</td>" in page


def test_the_sheet_counts_what_validate_counts(tmp_path):
    """Alice's deck with a misspelt pre-game card and 3 misspelt Dodges: validate says
    "Endurance 54/50 (51 recognised + 3 unrecognised) | pre-game 3/6 (2 recognised + 1
    unrecognised)", and the sheet's headings give the same numbers."""
    text = (TOURNAMENT / "alice-duncan.txt").read_text(encoding="utf-8")
    text = text.replace("\n3 Dodge\n", "\n3 Dodgee\n").replace("Katana\n\n", "Katana\nKatanna\n\n")
    deck = tmp_path / "typos.txt"
    deck.write_text(text, encoding="utf-8")
    checked = runner.invoke(app, ["validate", str(deck)])
    assert checked.stdout.splitlines()[1].endswith(
        "| Endurance 54/50 (51 recognised + 3 unrecognised) "
        "| pre-game 3/6 (2 recognised + 1 unrecognised)"
    )
    target = tmp_path / "typos.html"
    assert sheet(str(deck), "-o", str(target)).exit_code == 0
    headings = re.findall(r"<h3>(.*?)</h3>", target.read_text(encoding="utf-8"))
    assert headings == [
        "Pre-game 3 (2 recognised + 1 unrecognised)",
        "Endurance 54 (51 recognised + 3 unrecognised)",
        "attack (27)",
        "block (18)",
        "dodge (2)",
        "guard (2)",
        "situation (2)",
        "Not recognised (4)",
    ]


def test_a_card_exempt_from_the_pregame_limit_is_listed_not_counted(tmp_path):
    text = (TOURNAMENT / "alice-duncan.txt").read_text(encoding="utf-8")
    deck = tmp_path / "stone.txt"
    deck.write_text(text.replace("Katana\n\n", "Katana\nMethuselah Stone\n\n"), encoding="utf-8")
    checked = runner.invoke(app, ["validate", str(deck)])
    assert checked.stdout.splitlines()[1].endswith("| pre-game 2/6")
    target = tmp_path / "stone.html"
    assert sheet(str(deck), "-o", str(target)).exit_code == 0
    headings = re.findall(r"<h3>(.*?)</h3>", target.read_text(encoding="utf-8"))
    assert headings[0] == "Pre-game (2), 1 copy not counted toward the limit"


def test_every_example_deck_kind_gets_a_page(tmp_path):
    target = tmp_path / "programs.html"
    result = sheet(str(ROOT / "examples" / "programs"), "-o", str(target))
    assert result.exit_code == 0, result.output
    page = target.read_text(encoding="utf-8")
    fingerprints = re.findall(r'<section class="sheet" data-fingerprint="([0-9a-f]{64})"', page)
    kinds = ["richie-forum.txt", "richie-lackey.dek", "richie-notepad.txt"]
    kinds += ["richie-octgn.o8d", "richie.json"]
    assert fingerprints == [hash_of(ROOT / "examples" / "programs" / k) for k in kinds]


def _payload_file(tmp_path: Path) -> Path:
    target = tmp_path / "bob.html"
    assert sheet(str(BOB), "-o", str(target)).exit_code == 0
    (payload,) = payloads(target.read_text(encoding="utf-8"))
    saved = tmp_path / "bob.payload"
    saved.write_text(payload, encoding="utf-8")
    return saved


def test_verify_match_mismatch_and_unreadable(tmp_path):
    saved = _payload_file(tmp_path)
    result = sheet(str(BOB), "--verify", str(saved))
    assert result.exit_code == 0
    assert result.stdout == f"match: {BOB} is the deck on the sheet ({hash_of(BOB)})\n"
    result = sheet(str(FRANK), "--verify", str(saved), "--output", "json")
    assert result.exit_code == 1
    answer = json.loads(result.stdout)
    assert answer["match"] is False
    assert answer["deck"]["format"] == "type-one"  # judged as the sheet was
    assert [(c["change"], c["card"]) for c in answer["changes"]] == [
        ("removed", "battle-rage-richie-ryan"),
        ("removed", "jump-duncan-macleod"),
        ("removed", "luck-richie-ryan"),
        ("added", "masters-advance"),
    ]
    result = sheet(str(BOB), "--verify", hash_of(BOB))
    assert result.exit_code == 0
    result = sheet(str(BOB), "--verify", "not-a-sheet")
    assert result.exit_code == 2
    assert "--verify 'not-a-sheet': not a fingerprint (64 hex digits)" in result.stderr
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n", encoding="utf-8")
    result = sheet(str(BOB), "--verify", str(junk))
    assert result.exit_code == 2
    assert (
        result.stderr
        == f"hlcg: error: {junk}: not a sheet's QR payload (it starts `hlcg-sheet 1`)\n"
    )


def test_verify_names_a_missing_file_and_a_pdf(tmp_path):
    for missing in ("nope.payload", str(tmp_path / "gone")):
        result = sheet(str(BOB), "--verify", missing)
        assert (result.exit_code, result.stdout, result.stderr) == (
            2,
            "",
            f"hlcg: error: --verify {missing!r}: no such file\n",
        )
    printed = tmp_path / "sheets.pdf"
    printed.write_bytes(b"%PDF-1.3\n\xe9\xe9 binary\n")
    result = sheet(str(BOB), "--verify", str(printed))
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"hlcg: error: {printed}: a PDF; render the page to an image first (`pdftoppm -r 100 "
        "-png sheets.pdf page`) and give the image, or give the fingerprint printed on it\n",
    )
    binary = tmp_path / "sheet.payload"
    binary.write_bytes(b"hlcg-sheet 1\n\xe9\n")
    result = sheet(str(BOB), "--verify", str(binary))
    assert (result.exit_code, result.stderr) == (
        2,
        f"hlcg: error: {binary}: not UTF-8 text, so not a sheet's QR payload\n",
    )


def test_verify_refuses_an_output_file(tmp_path):
    target = tmp_path / "sheet.pdf"
    result = sheet(str(BOB), "--verify", hash_of(BOB), "-o", str(target))
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        "hlcg: error: -o writes a sheet and --verify checks a deck against one; give one of them\n",
    )
    assert not target.exists()


def test_a_pdf_heading_never_stands_alone_at_a_column_foot():
    from hlcg.organise.render import _places

    # Endurance and its first type heading would end column one: both start column two
    rows = [("", "Pre-game (3)"), ("1", "a"), ("1", "b"), ("1", "c")]
    rows += [("", "Endurance (4 cards)"), ("", "attack (4)"), *[("1", "x")] * 4]
    assert _places(rows, 5) == [(0, 0), (0, 1), (0, 2), (0, 3)] + [(1, n) for n in range(6)]


def test_verify_reads_an_image_of_the_qr_code(tmp_path):
    need("zbarimg")
    segno = pytest.importorskip("segno")
    payload = _payload_file(tmp_path).read_text(encoding="utf-8")
    photo = tmp_path / "photo.png"
    segno.make_qr(payload, error="m").save(str(photo), scale=5)
    assert sheet(str(BOB), "--verify", str(photo)).exit_code == 0
    assert sheet(str(FRANK), "--verify", str(photo)).exit_code == 1


def test_a_sheet_payload_is_a_side_of_a_diff(tmp_path):
    saved = _payload_file(tmp_path)
    result = runner.invoke(app, ["deck", "diff", str(saved), str(BOB)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "same deck"


def test_bad_requests_write_nothing(tmp_path):
    result = sheet(str(BOB))
    assert (result.exit_code, result.stderr) == (
        2,
        "hlcg: error: name the sheet to write: -o sheet.pdf or -o sheet.html\n",
    )
    result = sheet(str(BOB), "-o", str(tmp_path / "sheet.docx"))
    assert result.exit_code == 2
    assert "cannot write a sheet as 'sheet.docx'; name a .pdf or .html file" in result.stderr
    existing = tmp_path / "old.html"
    existing.write_text("keep me", encoding="utf-8")
    result = sheet(str(BOB), "-o", str(existing))
    assert result.exit_code == 2 and existing.read_text(encoding="utf-8") == "keep me"
    binary = tmp_path / "broken.txt"
    binary.write_bytes(b"\x00\xff" * 20)
    target = tmp_path / "new.html"
    result = sheet(str(BOB), str(binary), "-o", str(target))
    assert result.exit_code == 2 and "no sheet was written" in result.stderr
    assert not target.exists()


@pytest.mark.parametrize(
    ("module", "package", "suffix"), [("fpdf", "fpdf2", ".pdf"), ("segno", "segno", ".html")]
)
def test_without_the_print_extra_the_message_names_it(
    tmp_path, monkeypatch, module, package, suffix
):
    monkeypatch.setitem(sys.modules, module, None)  # `import module` now raises ImportError
    target = tmp_path / f"sheet{suffix}"
    result = sheet(str(BOB), "-o", str(target))
    assert result.exit_code == 2
    assert result.stderr == (
        f"hlcg: error: registration sheets need the print extra ({package} is missing): "
        "pip install 'hlcg[print]'\n"
    )
    assert not target.exists()
