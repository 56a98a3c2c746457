"""What a registration sheet's QR code holds: the deck's fingerprint and the canonical deck
the fingerprint hashes (docs/fingerprint.md), in plain text a phone shows as it is.

    hlcg-sheet 1
    fingerprint <sha256 hex>
    date <YYYY-MM-DD judged by>
    verdict <legal | not legal, N errors>
    ruleset <hlcg ruleset version>
    format <format>
    persona <persona card id, or generic-immortal>
    pregame
    <count> <card id>
    endurance
    <count> <card id>
    unresolved
    <count> <section> <normalised name>

The lines from ``format`` on are the canonical form's own. The canonical form's catalogue
digest and legality lines are left out: they are the catalogue's, not the deck's, and
whoever verifies the sheet recomputes them from their catalogue. A sheet is checked by
hashing the presented deck on the sheet's date in the sheet's format and comparing the
digest with the sheet's fingerprint.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import NamedTuple

from hlcg.errors import DeckFileError, UsageError

HEADER = "hlcg-sheet 1"
FINGERPRINT = re.compile(r"^[0-9a-f]{64}$")
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".pnm"})
SECTIONS = ("pregame", "endurance")


class CanonicalDeck(NamedTuple):
    """A deck as its canonical form lists it: card ids and counts per section, the lines
    naming no single card, and what it was judged by."""

    fingerprint: str
    format: str
    persona: str
    pregame: dict[str, int]
    endurance: dict[str, int]
    unresolved: tuple[str, ...] = ()
    ruleset: str = ""
    date: str = ""
    verdict: str = ""


def sheet_payload(canonical: str, fingerprint: str, date: str, verdict: str) -> str:
    """The QR code's text for a deck whose canonical form is ``canonical``."""
    lines = canonical.splitlines()
    kept = [line for line in lines if line.startswith("ruleset ")]
    start = next(i for i, line in enumerate(lines) if line.startswith("format "))
    end = lines.index("legality")
    head = [HEADER, f"fingerprint {fingerprint}", f"date {date}", f"verdict {verdict}"]
    return "\n".join([*head, *kept, *lines[start:end]]) + "\n"


def _counts(lines: list[str], where: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in lines:
        count, _, card_id = line.partition(" ")
        if not count.isdigit() or not card_id:
            raise DeckFileError(f"{where}: {line!r} is not a `<count> <card id>` line")
        counts[card_id] = counts.get(card_id, 0) + int(count)
    return counts


def parse_canonical(text: str, where: str, fingerprint: str = "") -> CanonicalDeck:
    """A sheet's payload, or a canonical form (docs/fingerprint.md), read back; DeckFileError
    (DeckFileError) names ``where`` when it is neither."""
    lines = text.replace("\r\n", "\n").strip("\n").split("\n")
    fields: dict[str, str] = {}
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for line in lines[1:]:
        if line in (*SECTIONS, "unresolved", "legality"):
            current = line
            sections[current] = []
        elif current is not None:
            sections[current].append(line)
        else:
            key, _, value = line.partition(" ")
            fields[key] = value
    if lines[0] not in (HEADER, "hlcg-deck-fingerprint 3") or not {"format", "persona"} <= set(
        fields
    ):
        raise DeckFileError(f"{where}: not a sheet's QR payload (it starts `{HEADER}`)")
    return CanonicalDeck(
        fingerprint=fields.get("fingerprint", fingerprint),
        format=fields["format"],
        persona=fields["persona"],
        pregame=_counts(sections.get("pregame", []), where),
        endurance=_counts(sections.get("endurance", []), where),
        unresolved=tuple(sections.get("unresolved", [])),
        ruleset=fields.get("ruleset", ""),
        date=fields.get("date", ""),
        verdict=fields.get("verdict", ""),
    )


def decode_image(path: Path) -> str:
    """The text of the QR code in an image, read by zbar's `zbarimg`."""
    zbarimg = shutil.which("zbarimg")
    if zbarimg is None:
        raise DeckFileError(
            f"{path}: reading a QR code from an image needs zbarimg (Debian's zbar-tools); "
            "give the payload as text or the fingerprint instead"
        )
    done = subprocess.run(
        [zbarimg, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(path)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0 or not done.stdout.strip():
        raise DeckFileError(f"{path}: no QR code could be read from this image")
    # zbarimg ends each code with a newline; a payload ends with one of its own.
    return done.stdout.decode("utf-8", errors="replace").rstrip("\n") + "\n"


def read_sheet(source: str) -> CanonicalDeck | str:
    """What --verify names: a fingerprint (64 hex digits, returned as it is), a file holding
    a sheet's payload or a fingerprint, or an image of a sheet's QR code."""
    text = source.strip().lower()
    if FINGERPRINT.match(text):
        return text
    path = Path(source)
    if not path.is_file():
        if path.exists():  # never opened: a FIFO would block, /dev/zero never end
            raise UsageError(
                f"--verify {source!r}: not a regular file (a folder, pipe or device); give "
                "the fingerprint, a file holding the sheet's QR payload or an image of its QR code"
            )
        if path.suffix or any(sep in source for sep in ("/", "\\")):
            raise UsageError(f"--verify {source!r}: no such file")
        raise UsageError(
            f"--verify {source!r}: not a fingerprint (64 hex digits) nor a file holding a "
            "sheet's QR payload or an image of its QR code"
        )
    if _is_pdf(path):
        raise DeckFileError(
            f"{path}: a PDF; render the page to an image first (`pdftoppm -r 100 -png "
            f"{path.name} page`) and give the image, or give the fingerprint printed on it"
        )
    content = decode_image(path) if path.suffix.lower() in IMAGE_SUFFIXES else _text(path)
    if FINGERPRINT.match(content.strip().lower()):
        return content.strip().lower()
    return parse_canonical(content, str(path))


def _is_pdf(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(5) == b"%PDF-"
    except OSError:
        return False


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        # A codec's complaint helps no one: say what was expected instead.
        raise DeckFileError(f"{path}: not UTF-8 text, so not a sheet's QR payload") from None
    except OSError as exc:
        raise DeckFileError(f"{path}: cannot be read ({exc.strerror or exc})") from None


def read_payload_file(path: Path) -> CanonicalDeck:
    """The sheet's payload a file holds (`hlcg deck diff` takes one as a side)."""
    return parse_canonical(_text(path), str(path))


def is_payload_file(path: Path) -> bool:
    """Whether a file holds a sheet's QR payload (a side `hlcg deck diff` takes)."""
    try:
        with path.open("rb") as handle:
            return handle.read(len(HEADER)) == HEADER.encode()
    except OSError:
        return False
