"""What any card prints, for the numbers the rules give no bound: gem counts, held to the
range the shipped catalogue records. (Restriction numbers and hand icons have bounds from
the rules, in ``hlcg.curation.models``.)"""

from __future__ import annotations

from functools import cache

from hlcg.catalog.storage import GEM_FIELDS
from hlcg.errors import CatalogueError

# The editions whose cards print gems: 2nd Edition only (seed 002, Attribute Gems; seed 001
# has none).
GEM_EDITIONS = ("2E",)


@cache
def gemless_bound() -> tuple[int, str] | None:
    """The bound on a number in a gem column of a card printed only in editions that print
    no gems, where the number is no gem count and is left out (with a note): the research
    sheets put a 1st Edition persona's Master limit there (Methos MC 8, watcherdatabase
    Articles/16), so the most gems or Master limit any shipped card records; above it the
    number is a slip, an error as on any card."""
    from hlcg.catalog import connect, shipped_path

    gems = gem_bound()
    try:
        conn = connect(shipped_path())
    except CatalogueError:
        return gems
    try:
        (limit,) = conn.execute("SELECT MAX(master_limit) FROM cards").fetchone()
    finally:
        conn.close()
    if gems is None or (limit or 0) <= gems[0]:
        return gems
    return limit, (
        f"the most gems or Master limit any card of the shipped catalogue prints "
        f"({shipped_path().name}; a research sheet's gem column holds a 1st Edition "
        "persona's Master limit)"
    )


@cache
def gem_bound() -> tuple[int, str] | None:
    """The most gems of one attribute any card of the shipped catalogue prints, and where
    that comes from; None when it cannot be read. The rules set no bound on a card's gems
    (seed 002, Attribute Gems), so a count above every recorded card's is held to be a slip
    (``restriction 1000000``), not a card."""
    from hlcg.catalog import connect, shipped_path

    try:
        conn = connect(shipped_path())
    except CatalogueError:
        return None
    try:
        columns = ", ".join(f"MAX({name})" for name in GEM_FIELDS)
        highest = max((n or 0) for n in conn.execute(f"SELECT {columns} FROM cards").fetchone())
    finally:
        conn.close()
    return highest, f"the most any card of the shipped catalogue prints ({shipped_path().name})"
