"""Record what a player read off a printed card (``hlcg db fill``, the page's "Record what
your card says"): one answer, one write.

Each answer is written at once as a fact sheet's rows are (``facts.record_facts``), under the
catalogue's writer lock, into a complete new file moved into place: a killed process or a
Ctrl-C loses no answer already given and leaves no half-written one. Every fact gets the
printed-card source (``printed card SET NUMBER, read by READER on DAY``), stated, not
inferred; the printing read is recorded as one of the card's printings with the same source.
The reader is remembered in the catalogue (meta ``setting.reader``) for the next run.
"""

from __future__ import annotations

import datetime
import re
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path

from hlcg.catalog import sqlite_uri
from hlcg.catalog.storage import TableGroup
from hlcg.curation.printed import PrintedSource
from hlcg.errors import UsageError

READER_SETTING = "reader"
_READER = re.compile(r"[^\s,;][^,;\n]{0,59}")


def check_reader(name: str) -> str:
    """A reader's name as it goes into a source: one line, no `,` or `;` (which separate a
    source's parts and sources), at most 60 characters."""
    name = name.strip()
    if not _READER.fullmatch(name):
        raise UsageError(
            f"reader {name!r}: give a name of 1-60 characters without ',' or ';' "
            "(it is written into every fact's source)"
        )
    return name


def remembered_reader(db: Path) -> str | None:
    """The reader the last `db fill` into ``db`` named, if any."""
    from hlcg.curation.bundle import SETTING_PREFIX

    try:
        conn = sqlite3.connect(sqlite_uri(db, "ro"), uri=True)
        try:
            row = conn.execute(
                "SELECT value FROM meta WHERE key = ?", (SETTING_PREFIX + READER_SETTING,)
            ).fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return row[0] if row else None


def record_reading(
    db: Path,
    card_id: str,
    printing: tuple[str, str],
    facts: Mapping[str, str],
    reader: str,
    groups: Sequence[TableGroup],
    day: datetime.date | None = None,
) -> str:
    """Record ``facts`` (field -> value as a fact sheet holds it; ``none`` for a
    restriction: none printed) read by ``reader`` off the ``printing`` (set code, number as
    printed) of the card ``card_id``, with the printing itself, in one write. Returns the
    source text. Refused whole (ConflictError) when a fact conflicts with a recorded one,
    (SourceError) for another refusal."""
    from hlcg.curation.facts import record_facts
    from hlcg.curation.importer import refuse_shipped
    from hlcg.curation.locking import writer_lock

    refuse_shipped(db)
    set_code, number = printing
    source = PrintedSource(set_code, number, check_reader(reader), day or datetime.date.today())
    rows = [{"id": card_id, "field": "sets", "value": set_code, "source": source.text}]
    rows += [
        {"id": card_id, "field": name, "value": value, "source": source.text}
        for name, value in facts.items()
    ]
    with writer_lock(db):
        record_facts(
            "answer",
            "db fill",
            enumerate(rows, start=1),
            db,
            groups,
            settings={READER_SETTING: source.reader},
        )
    return source.text
