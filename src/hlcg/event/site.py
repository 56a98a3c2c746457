"""The published event: one static HTML site (no script, no server) with the standings, the
ledger of heads and Quickenings, the games by round, and every registered decklist with its
fingerprint, verdict and the date and rules it was judged by. Plain semantic HTML (tables
with captions and header cells, one h1 a page, a language), one stylesheet that prints.

The site is written into a new folder beside the target and renamed into place whole; an
earlier site (it holds ``SITE_MARK``) is replaced only with ``force``.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hlcg.errors import UsageError
from hlcg.event.ranking import standings
from hlcg.event.registration import judge_registered, registrations
from hlcg.event.store import reading
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue
    from hlcg.event.core import Event
    from hlcg.event.registration import Registration

SITE_MARK = "hlcg-event-site.txt"

STYLE = """\
body { font: 1rem/1.5 system-ui, sans-serif; color: #111; background: #fff; margin: 1rem auto;
  max-width: 60rem; padding: 0 1rem; }
a { color: #0645ad; }
a:focus { outline: 2px solid #111; outline-offset: 2px; }
table { border-collapse: collapse; margin: 0 0 1.5rem; }
caption { text-align: left; font-weight: bold; padding: 0.25rem 0; }
th, td { border: 1px solid #767676; padding: 0.2rem 0.5rem; text-align: left; }
td.n, th.n { text-align: right; }
code { font-size: 0.85rem; word-break: break-all; }
.illegal { color: #a00000; }
@media print {
  body { max-width: none; margin: 0; font-size: 10pt; }
  nav { display: none; }
  a { color: #111; text-decoration: none; }
  table, section { break-inside: avoid; }
}
"""


def _page(title: str, body: str, up: str = "") -> str:
    nav = f'<nav aria-label="Site"><a href="{up}index.html">Standings</a></nav>\n' if up else ""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n"
        f'<link rel="stylesheet" href="{up}style.css">\n</head>\n<body>\n{nav}'
        f"<main>\n{body}</main>\n</body>\n</html>\n"
    )


def _table(caption: str, headers: list[str], rows: list[list[str]], numeric: set[int]) -> str:
    """A table whose cells are already HTML; ``numeric`` columns align right."""

    def cls(i: int) -> str:
        return ' class="n"' if i in numeric else ""

    head = "".join(f'<th scope="col"{cls(i)}>{escape(h)}</th>' for i, h in enumerate(headers))
    body = "".join(
        "<tr>" + "".join(f"<td{cls(i)}>{c}</td>" for i, c in enumerate(row)) + "</tr>\n"
        for row in rows
    )
    if not rows:
        body = f'<tr><td colspan="{len(headers)}">none</td></tr>\n'
    return (
        f"<table>\n<caption>{escape(caption)}</caption>\n<thead><tr>{head}</tr></thead>\n"
        f"<tbody>\n{body}</tbody>\n</table>\n"
    )


def deck_page_names(players: list[str]) -> dict[str, str]:
    """Each player -> their deck page's file name (ASCII, unique)."""
    names: dict[str, str] = {}
    taken: set[str] = set()
    for player in players:
        stem = re.sub(r"[^a-z0-9]+", "-", player.casefold()).strip("-")[:40] or "player"
        name, n = f"{stem}.html", 1
        while name in taken:
            n += 1
            name = f"{stem}-{n}.html"
        taken.add(name)
        names[player] = name
    return names


def _verdict(reg: Registration) -> str:
    accepted = " (accepted by the organiser)" if reg.accepted_illegal else ""
    css = "" if reg.legal else ' class="illegal"'
    return f"<span{css}>{escape(reg.verdict)}{accepted}</span>"


def _standing_rows(
    data: dict[str, Any], regs: list[Registration], pages: dict[str, str]
) -> list[list[str]]:
    by_player = {r.player: r for r in regs}
    return [
        [
            str(row["place"]),
            f'<a href="decks/{pages[row["player"]]}">{escape(row["player"])}</a>',
            escape(row["persona"]),
            *(str(row[k]) for k in ("games", "wins", "losses", "heads", "points")),
            escape(row["league"]),
            _verdict(by_player[row["player"]]),
        ]
        for row in data["standings"]
    ]


def _ruleset_html(rules: dict[str, Any]) -> str:
    ties = ", then ".join(t["means"] for t in rules["tie_breaks"]) or "none"
    points = ", ".join(f"{k} {v}" for k, v in rules["points"].items())
    items = "".join(
        f"<li><strong>{escape(name)}</strong>: {escape(source)}</li>\n"
        for name, source in rules["rules"].items()
    )
    return (
        f"<h2>Rule set</h2>\n<p>{escape(rules['title'])} "
        f"(source: {escape(rules['source'])}).</p>\n"
        f"<p>Points: {escape(points)}; {escape(rules['points_source'])}. Ties broken by "
        f"{escape(ties)}; {escape(rules['tie_breaks_source'] or 'no source')}.</p>\n"
        + (f"<ul>\n{items}</ul>\n" if items else "")
    )


def _ledger_html(data: dict[str, Any]) -> str:
    return (
        "<h2>Ledger</h2>\n"
        + _table(
            "Heads taken",
            ["Round", "Taker", "Beheaded", "Persona"],
            [
                [str(h["round"]), escape(h["taker"]), escape(h["beheaded"]), escape(h["persona"])]
                for h in data["heads"]
            ],
            {0},
        )
        + _table(
            "Quickenings and who holds them",
            ["Quickening", "Held by"],
            [[escape(q["quickening"]), escape(q["holder"])] for q in data["quickenings"]],
            set(),
        )
        + "<h2>Games</h2>\n"
        + _table(
            "Every game by round",
            ["Round", "Winner", "Loser", "Head taken", "Quickenings passed"],
            [
                [
                    str(g["round"]),
                    escape(g["winner"]),
                    escape(g["loser"]),
                    "yes" if g["head_taken"] else "no",
                    escape(", ".join(g["quickenings"])),
                ]
                for g in data["games"]
            ],
            {0},
        )
    )


def _index(data: dict[str, Any], regs: list[Registration], pages: dict[str, str]) -> str:
    event = data["event"]
    body = (
        f"<h1>{escape(event['name'])}</h1>\n"
        f"<p>{escape(event['date'])}, {escape(event['format'])}. Decks judged by: "
        f"{escape(data['judged_by'])}.</p>\n"
        + _ruleset_html(data["ruleset"])
        + "<h2>Standings</h2>\n"
        + _table(
            "Standings by points, then the rule set's tie-breaks",
            [
                "Place",
                "Player",
                "Persona",
                "Games",
                "Wins",
                "Losses",
                "Heads",
                "Points",
                "League",
                "Deck verdict",
            ],
            _standing_rows(data, regs, pages),
            {0, 3, 4, 5, 6, 7},
        )  # fmt: skip
        + _ledger_html(data)
        + "<h2>Decklists</h2>\n<ul>\n"
        + "".join(
            f'<li><a href="decks/{pages[r.player]}">{escape(r.player)}: {escape(r.persona)}'
            f"</a></li>\n"
            for r in regs
        )
        + "</ul>\n"
    )
    return _page(f"{event['name']}: standings", body)


def _deck_page(reg: Registration, event: Event, catalogue: Catalogue) -> str:
    from hlcg.organise import judged_sheet

    sheet = judged_sheet(judge_registered(reg.deck, reg.deck_file, event, catalogue))
    sections = [
        ("Pre-game", sheet.pregame),
        ("Endurance", sheet.endurance),
        ("Lines naming no single card", sheet.unrecognised),
    ]
    tables = "".join(
        _table(
            f"{title} ({plural(sum(line.copies for line in lines), 'card')})",
            ["Copies", "Card", "Type"],
            [[str(line.copies), escape(line.name), escape(line.type)] for line in lines],
            {0},
        )
        for title, lines in sections
        if lines or title != "Lines naming no single card"
    )
    body = (
        f"<h1>{escape(reg.player)}: {escape(reg.persona)}</h1>\n<dl>\n"
        f"<dt>Event</dt><dd>{escape(event.name)}</dd>\n"
        f"<dt>Registered</dt><dd>{escape(reg.registered_at)} ({escape(reg.deck_file)})</dd>\n"
        f"<dt>Verdict</dt><dd>{_verdict(reg)}</dd>\n"
        f"<dt>Judged by</dt><dd>{escape(event.judged_by)}</dd>\n"
        f"<dt>Fingerprint</dt><dd><code>{escape(reg.fingerprint)}</code></dd>\n</dl>\n"
        f"{tables}"
    )
    return _page(f"{reg.player}'s deck: {event.name}", body, up="../")


def site_files(path: Path, catalogue: Catalogue) -> dict[str, str]:
    """The site's files: name -> text."""
    from hlcg.event.core import event_from

    with reading(path) as conn:
        event = event_from(conn, path)
        regs = registrations(conn)
    data = standings(path)
    pages = deck_page_names([r.player for r in regs])
    files = {"index.html": _index(data, regs, pages), "style.css": STYLE}
    for reg in regs:
        files[f"decks/{pages[reg.player]}"] = _deck_page(reg, event, catalogue)
    files[SITE_MARK] = (
        f"hlcg event site of {event.name} ({event.id}); `hlcg event publish --force` "
        "replaces this folder\n"
    )
    return files


def _refuse_target(out: Path, force: bool) -> None:
    """A site goes into a new or empty folder, or over an earlier site with ``force``."""
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out} is a file; publish writes a folder")
    if out.is_dir() and any(out.iterdir()):
        if not (out / SITE_MARK).is_file():
            raise UsageError(f"{out} is not empty and is no hlcg event site; name a new folder")
        if not force:
            raise UsageError(f"{out} holds an earlier site; --force replaces it")


def publish(path: Path, out: Path, catalogue: Catalogue, *, force: bool = False) -> int:
    """Write the site to the folder ``out``; the number of pages written."""
    from hlcg.curation import writer_lock
    from hlcg.output import write_errors, write_folder

    files = site_files(path, catalogue)
    with write_errors(out), writer_lock(out, catalogue=False):
        _refuse_target(out, force)
        write_folder({name: text.encode() for name, text in files.items()}, out)
    return sum(1 for name in files if name.endswith(".html"))
