"""`hlcg db info` as data: what a catalogue file is and holds, and whether its rows still
hash to the content_sha256 it records."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from hlcg.curation import Verification


def catalogue_info(path: Path) -> dict[str, Any]:
    """Where the file is, its schema and data version, content hash and counts."""
    from hlcg.catalog import is_shipped, load

    catalogue = load(path)
    counts = catalogue.counts()
    return {
        "path": str(path.resolve()),
        "shipped": is_shipped(path),
        "schema_version": int(catalogue.meta.get("schema_version", 0)),
        "data_version": catalogue.meta.get("data_version"),
        "content_sha256": catalogue.meta.get("content_sha256"),
        "counts": {
            "cards": counts["cards"],
            "personas": counts["personas"],
            "sets": len(catalogue.sets),
            "formats": len(catalogue.formats),
            "aliases": len(catalogue.aliases),
            "legality": counts["legality"],
            "sourced_facts": counts["sourced_facts"],
        },
    }


def verification_json(verification: Verification) -> dict[str, Any]:
    """`hlcg db info --verify --json`'s "verify" object."""
    return {
        "matches": verification.matches,
        "recorded": verification.recorded,
        "computed": verification.computed,
        "row_digests_recorded": verification.digests_recorded,
        "differences": {t: d.as_dict() for t, d in verification.differences.items()},
        "derived_differences": {t: d.as_dict() for t, d in verification.derived.items()},
    }
