"""Registration sheets written out: HTML (the QR code as inline SVG, a page per deck when
printed) or PDF (one page per deck). segno draws the QR codes (so HTML needs it too) and
fpdf2 writes the PDF; both come with `pip install 'hlcg[print]'` and are imported only here,
when a sheet is written (`hlcg deck sheet`, `hlcg event sheets`)."""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hlcg.errors import DeckFileError, UsageError
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.organise.sheet import Counted, Sheet, SheetLine

INSTALL = "pip install 'hlcg[print]'"
SHEET_SUFFIXES = (".pdf", ".html", ".htm")


def _require(module: str, package: str) -> Any:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise UsageError(
            f"registration sheets need the print extra ({package} is missing): {INSTALL}"
        ) from None


def qr_code(payload: str, path: str = "the deck") -> Any:
    """The QR code of a payload: error correction M (15% of the code may be smudged), or L
    when a large deck leaves no room for M."""
    segno = _require("segno", "segno")
    for error in ("m", "l"):
        try:
            return segno.make_qr(payload, error=error, boost_error=False, encoding="utf-8")
        except segno.DataOverflowError:
            continue
    raise DeckFileError(
        f"{path}: too many different cards for one QR code ({len(payload)} bytes of "
        "payload; a QR code holds at most 2953)"
    )


def heading(sheet: Sheet) -> list[tuple[str, str]]:
    """The sheet's head as (label, value) rows."""
    rows = [("Event", sheet.event), ("Player", sheet.player), ("Deck file", sheet.path)]
    rows += [("Persona", sheet.persona), ("Format", sheet.format)]
    rows += [("Judged by", sheet.judged_by or sheet.date), ("Verdict", sheet.verdict_shown)]
    return [(label, value) for label, value in rows if value]


def _pregame_title(sheet: Sheet) -> str:
    """ "Pre-game (2)", or "Pre-game 3 (2 recognised + 1 unrecognised)": the count `hlcg
    validate` prints, with the copies a card's text exempts from the limit named."""
    counted = sheet.counted
    title = f"Pre-game ({counted.pregame})"
    if counted.pregame_unrecognised:
        total = counted.pregame + counted.pregame_unrecognised
        title = (
            f"Pre-game {total} ({counted.pregame} recognised + "
            f"{counted.pregame_unrecognised} unrecognised)"
        )
    exempt = sum(line.copies for line in sheet.pregame) - counted.pregame
    if exempt > 0:
        title += f", {plural(exempt, 'copy')} not counted toward the limit"
    return title


def _endurance_title(counted: Counted) -> str:
    """ "Endurance (54 cards)", or "Endurance 54 (51 recognised + 3 unrecognised)", as
    `hlcg validate` counts it: a line naming no single card still counts toward 50."""
    if not counted.endurance_unrecognised:
        return f"Endurance ({plural(counted.endurance, 'card')})"
    total = counted.endurance + counted.endurance_unrecognised
    return (
        f"Endurance {total} ({counted.endurance} recognised + "
        f"{counted.endurance_unrecognised} unrecognised)"
    )


def sections(sheet: Sheet) -> list[tuple[str, list[SheetLine]]]:
    """The lists in the judge's order, each titled with its total; the Endurance by type."""
    totals = sheet.totals
    parts: list[tuple[str, list[SheetLine]]] = []
    if sheet.pregame or sheet.counted.pregame_unrecognised:
        parts.append((_pregame_title(sheet), sheet.pregame))
    parts.append((_endurance_title(sheet.counted), []))
    for card_type, count in totals["by_type"].items():
        lines = [line for line in sheet.endurance if line.type == card_type]
        parts.append((f"{card_type} ({count})", lines))
    if sheet.unrecognised:
        lines = sheet.unrecognised
        parts.append((f"Not recognised ({totals['unrecognised']})", lines))
    return parts


# --- HTML -----------------------------------------------------------------------------------

_STYLE = """
body { font-family: sans-serif; margin: 0; }
.sheet { padding: 12mm; page-break-after: always; break-after: page; }
.sheet:last-child { page-break-after: auto; break-after: auto; }
.head { display: flex; justify-content: space-between; gap: 8mm; }
.head table td { padding: 0 4mm 1mm 0; vertical-align: top; }
.qr svg { width: 55mm; height: 55mm; }
.fingerprint { font-family: monospace; font-size: 9pt; word-break: break-all; }
.cards { columns: 2; column-gap: 10mm; font-size: 10pt; }
.cards h3 { font-size: 10.5pt; margin: 2mm 0 1mm; break-after: avoid; }
.cards ul { list-style: none; margin: 0; padding: 0; }
.cards li { break-inside: avoid; }
.count { display: inline-block; width: 2em; text-align: right; margin-right: 0.5em; }
details { font-size: 8pt; margin-top: 4mm; }
"""


def _html_sheet(sheet: Sheet) -> str:
    esc = html.escape
    qr = qr_code(sheet.payload, sheet.path).svg_inline(scale=4, border=4)
    head = "".join(f"<tr><td>{esc(k)}</td><td>{esc(v)}</td></tr>" for k, v in heading(sheet))
    body = []
    for title, lines in sections(sheet):
        items = "".join(
            f'<li><span class="count">{line.copies}</span>{esc(line.name)}</li>' for line in lines
        )
        body.append(f"<h3>{esc(title)}</h3>" + (f"<ul>{items}</ul>" if items else ""))
    return (
        f'<section class="sheet" data-fingerprint="{sheet.fingerprint}">'
        f'<div class="head"><div><h1>Registration sheet</h1><table>{head}</table>'
        f'<p>Fingerprint <span class="fingerprint">{sheet.fingerprint}</span></p></div>'
        f'<div class="qr">{qr}</div></div>'
        f'<div class="cards">{"".join(body)}</div>'
        f'<details><summary>What the QR code holds</summary><pre class="payload">'
        f"{esc(sheet.payload)}</pre></details></section>"
    )


def sheets_html(sheets: Sequence[Sheet]) -> str:
    pages = "\n".join(_html_sheet(sheet) for sheet in sheets)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>Registration sheets</title><style>{_STYLE}</style></head>"
        f"<body>\n{pages}\n</body></html>\n"
    )


# --- PDF ------------------------------------------------------------------------------------

_PAGE_BOTTOM = 284.0  # mm on A4, above a 13 mm margin
_LIST_TOP = 92.0
_COLUMN_WIDTH = 88.0
_QR_SIZE = 70.0
_HEAD_VALUE_WIDTH = 90.0  # mm from the labels' column to the QR code's quiet zone
_HEAD_ROWS = 9  # 6 mm rows from 26 mm down to the fingerprint's line at 84 mm


def latin1(text: str) -> str:
    """Text the PDF's built-in fonts can show: accents and typographic marks folded."""
    folded = text.translate({0x2019: "'", 0x2018: "'", 0x201C: '"', 0x201D: '"', 0x2013: "-"})
    folded = unicodedata.normalize("NFKC", folded)
    return folded.encode("latin-1", errors="replace").decode("latin-1")


def _pdf_qr(pdf: Any, payload: str, path: str) -> None:
    """The QR code drawn as filled squares, one rectangle per run of dark modules in a row:
    sharp at any print or screen resolution, with no image for the PDF library to encode."""
    matrix = qr_code(payload, path).matrix
    quiet = 4  # modules of white margin the QR standard asks for
    module = _QR_SIZE / (len(matrix) + 2 * quiet)
    left, top = 210 - 10 - _QR_SIZE + quiet * module, 8 + quiet * module
    pdf.set_fill_color(0, 0, 0)
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            pdf.rect(left + start * module, top + y * module, (x - start) * module, module, "F")


def _wrapped(pdf: Any, text: str, width: float) -> list[str]:
    """``text`` in at most two lines of ``width`` mm in the current font, broken after a
    comma where the parts fit, else between words (an event's "Judged by" is longer than
    one line), the second cut to fit: the value column ends where the QR code begins."""
    parts = [f"{part}," for part in text.split(", ")]
    parts[-1] = parts[-1][:-1]
    if any(pdf.get_string_width(part) > width for part in parts):
        parts = text.split(" ")
    lines: list[str] = []
    for part in parts:
        if lines and pdf.get_string_width(f"{lines[-1]} {part}") <= width:
            lines[-1] += f" {part}"
        else:
            lines.append(part)
    lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 1 else lines
    return [_cut(pdf, line, width) for line in lines]


def _cut(pdf: Any, text: str, width: float) -> str:
    while text and pdf.get_string_width(text) > width:
        text = text[:-1]
    return text


def _pdf_head(pdf: Any, sheet: Sheet) -> None:
    _pdf_qr(pdf, sheet.payload, sheet.path)
    pdf.set_xy(12, 14)
    pdf.set_font("helvetica", "B", 16)
    pdf.cell(120, 9, "Registration sheet")
    pdf.set_font("helvetica", "", 10)
    rows = [
        (label, _wrapped(pdf, latin1(value), _HEAD_VALUE_WIDTH)) for label, value in heading(sheet)
    ]
    # Above the fingerprint's line there is room for nine: the earliest values wrapped
    # (a long deck file's path) give up their second line first.
    for _, wrapped in rows:
        if sum(len(value) for _, value in rows) <= _HEAD_ROWS:
            break
        del wrapped[1:]
    row = 0
    for label, lines in rows:
        pdf.set_xy(12, 26 + row * 6)
        pdf.set_font("helvetica", "B", 10)
        pdf.cell(24, 6, latin1(label))
        pdf.set_font("helvetica", "", 10)
        for line in lines:
            pdf.set_xy(36, 26 + row * 6)
            pdf.cell(_HEAD_VALUE_WIDTH, 6, line)
            row += 1
    pdf.set_xy(12, 84)
    pdf.set_font("helvetica", "B", 9)
    pdf.cell(22, 5, "Fingerprint")
    pdf.set_font("courier", "", 8.5)
    pdf.cell(160, 5, sheet.fingerprint)


def _pdf_lists(pdf: Any, sheet: Sheet) -> None:
    rows: list[tuple[str, str]] = []
    for title, lines in sections(sheet):
        rows.append(("", title))
        rows += [(str(line.copies), line.name) for line in lines]
    # Two columns on one page: the line height shrinks for a long deck, so it stays one page.
    places = _places(rows, max(1, -(-len(rows) // 2)))
    longest = max((place + 1 for _, place in places), default=1)
    step = min(4.8, (_PAGE_BOTTOM - _LIST_TOP) / longest)
    size = min(10.0, step * 2.1)
    for (column, place), (count, text) in zip(places, rows, strict=True):
        x, y = 12 + column * (_COLUMN_WIDTH + 10), _LIST_TOP + place * step
        pdf.set_font("helvetica", "" if count else "B", size)
        pdf.set_xy(x, y)
        pdf.cell(8, step, count, align="R")
        pdf.cell(_COLUMN_WIDTH - 8, step, latin1(text)[:60])


def _places(rows: list[tuple[str, str]], per_column: int) -> list[tuple[int, int]]:
    """(column, line) of each row, the first column filled first; a heading (no count)
    whose first card would fall in the next column starts that column instead, so no
    heading stands alone at a column's foot."""
    places: list[tuple[int, int]] = []
    column = place = 0
    for index, (count, _) in enumerate(rows):
        if not count and column == 0:
            headings = next((n for n, (c, _) in enumerate(rows[index:]) if c), len(rows) - index)
            if index + headings < len(rows) and place + headings >= per_column:
                column, place = 1, 0
        if place >= per_column and column == 0:
            column, place = 1, 0
        places.append((column, place))
        place += 1
    return places


def sheets_pdf(sheets: Sequence[Sheet]) -> bytes:
    fpdf = _require("fpdf", "fpdf2")
    pdf = fpdf.FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_title("Registration sheets")
    pdf.set_creator("hlcg deck sheet")
    for sheet in sheets:
        pdf.add_page()
        _pdf_head(pdf, sheet)
        _pdf_lists(pdf, sheet)
    return bytes(pdf.output())
