"""An event as it is recorded: its name, date, format and rule set, and whether
registration is closed. The date pins the legality facts every deck is judged by, and the
hlcg ruleset version the event was created with is kept beside it."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from hlcg.errors import UsageError
from hlcg.event.rulesets import RuleSet, load_ruleset, parse
from hlcg.event.store import create, read_meta, reading

MAX_NAME_CHARS = 100


def now() -> str:
    """The time of a record, in UTC to the second (two laptops agree on what it means)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def check_name(value: str, what: str) -> str:
    """A player's or event's name: printable, 1..100 characters, trimmed."""
    name = " ".join(value.split())
    if not name or len(name) > MAX_NAME_CHARS or not name.isprintable():
        raise UsageError(f"{what} {value!r}: give 1 to {MAX_NAME_CHARS} printable characters")
    return name


@dataclass(frozen=True)
class Event:
    path: Path
    id: str
    name: str
    date: str
    format: str
    ruleset: RuleSet
    hlcg_ruleset: str
    created_at: str
    locked_at: str

    @property
    def locked(self) -> bool:
        return bool(self.locked_at)

    @property
    def judged_by(self) -> str:
        """What every report and sheet prints: the rules a verdict was reached by."""
        return (
            f"{self.format} as of {self.date}, hlcg ruleset {self.hlcg_ruleset}, "
            f"rule set {self.ruleset.name}"
        )

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "date": self.date,
            "format": self.format,
            "ruleset": self.ruleset.name,
            "ruleset_source": self.ruleset.source,
            "hlcg_ruleset": self.hlcg_ruleset,
            "created_at": self.created_at,
            "locked_at": self.locked_at or None,
        }


def event_from(conn: sqlite3.Connection, path: Path) -> Event:
    meta = read_meta(conn)
    return Event(
        path=path,
        id=meta["event_id"],
        name=meta["name"],
        date=meta["date"],
        format=meta["format"],
        ruleset=parse(meta["ruleset"], f"{path}: its rule set"),
        hlcg_ruleset=meta["hlcg_ruleset"],
        created_at=meta["created_at"],
        locked_at=meta.get("locked_at", ""),
    )


def open_event(path: Path) -> Event:
    with reading(path) as conn:
        return event_from(conn, path)


def new_event(path: Path, name: str, date: str, fmt: str, rules: str) -> Event:
    """Create the event file; refused when ``path`` exists."""
    import uuid

    from hlcg import RULESET_VERSION

    ruleset: RuleSet = load_ruleset(rules)
    meta = {
        "event_id": uuid.uuid4().hex,
        "name": check_name(name, "--name"),
        "date": date,
        "format": fmt,
        "ruleset": ruleset.text,
        "hlcg_ruleset": RULESET_VERSION,
        "created_at": now(),
    }
    create(path, meta)
    return open_event(path)
