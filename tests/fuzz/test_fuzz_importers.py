"""`hlcg db import` takes what spreadsheets write and never crashes (issue 36 point 2).

The four importers (card rows as CSV, JSON and JSONL, and a fact sheet) are given rows
built from the cells that crashed them before, mixed with ordinary ones: line ends of
Excel for Mac (a lone CR), Windows and Unix; a `modifiers` cell of up to a thousand "[";
JSON's escape of half a character (a lone surrogate) in any value or key; quotes, tabs,
NUL-free control characters, numbers of many digits. Each import either succeeds or ends
with a SourceError whose every message names the file and a row. CI's budget is fixed and
small (derandomized, ``EXAMPLES`` each, about a second in all); HLCG_FUZZ_EXAMPLES runs more.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hlcg.curation import ImportOptions, import_any
from hlcg.errors import HlcgError, SourceError
from hlcg.tcboo import TABLE_GROUP

EXAMPLES = int(os.environ.get("HLCG_FUZZ_EXAMPLES", "20"))
BUDGET = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
SOURCE = "https://example.org/review"

# The cells that crashed an importer first (hypothesis draws the first ones most), then the
# ordinary, then any text.
SPREADSHEET_CELLS = [
    "half \ud800 a",
    "[" * 1000,
    "\udfff",
    "[" * 1000 + "]" * 1000,
    "line\rbreak",
    "9" * 5000,
    "",
    "9mm",
    "restriction",
    "gem_master",
    "object",
    "SE",
    "2",
    SOURCE,
    '"quoted"',
    "a,b",
    "line\nbreak",
    "tab\there",
    '[{"kind": "x"}]',
    "é ñ ü",
]
cells = st.sampled_from(SPREADSHEET_CELLS) | st.text(
    st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), max_size=12
)
line_ends = st.sampled_from(["\n", "\r\n", "\r"])


# Rows that import as they are: each example changes a few of their cells, so a cell that
# crashed a write is reached past the row's validation (the free-text columns first: drawn
# most often).
VALID = {
    "cards": [
        {"text": "Paraphrased.", "modifiers": "", "title": "Lunge X", "id": "lunge-x",
         "type": "attack", "sets": "SE", "restriction": "", "source": SOURCE},
        {"text": "", "modifiers": "[]", "title": "Dodge X", "id": "dodge-x",
         "type": "dodge", "sets": "", "restriction": "3", "source": SOURCE},
    ],
    "facts": [
        {"value": "2", "field": "restriction", "id": "9mm", "source": SOURCE},
        {"value": "SE", "field": "sets", "id": "adam-pierson", "source": SOURCE},
    ],
}  # fmt: skip


@st.composite
def rows(draw: st.DrawFn, kind: str) -> list[dict[str, str]]:
    records = [dict(row) for row in VALID[kind][: draw(st.integers(1, len(VALID[kind])))]]
    columns = list(records[0])
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        record = draw(st.sampled_from(records))
        record[draw(st.sampled_from(columns))] = draw(cells)
    if draw(st.booleans()):  # columns in another order, or one left out
        order = draw(st.permutations(columns))
        order = order[: len(order) - draw(st.integers(min_value=0, max_value=1))]
        records = [{name: record[name] for name in order} for record in records]
    return records


def as_csv(records: list[dict[str, str]], end: str) -> bytes:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(records[0]), lineterminator=end)
    writer.writeheader()
    writer.writerows(records)
    # Half a character cannot be UTF-8: a spreadsheet writes the replacement character.
    return out.getvalue().encode("utf-8", "replace")


def as_json(records: list[dict[str, str]], end: str, lines: bool) -> bytes:
    if lines:
        return end.join(json.dumps(r) for r in records).encode("ascii") + end.encode()
    return json.dumps(records, indent=1).replace("\n", end).encode("ascii")


@pytest.fixture(scope="module")
def small_catalogue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from hlcg.curation.importer import init

    folder = tmp_path_factory.mktemp("fuzz-import")
    db, cards = folder / "mine.sqlite", folder / "cards.csv"
    init(db, None, groups=[TABLE_GROUP])
    corpus = (Path(__file__).parent / "corpus" / "cards.csv").read_text(encoding="utf-8")
    cards.write_text("".join(corpus.splitlines(keepends=True)[:4]), encoding="utf-8")
    # 9mm and two more for the fact sheet
    import_any(cards, db, ImportOptions(groups=[TABLE_GROUP]))
    return db


def imports_or_says_where(source: Path, db: Path) -> None:
    try:
        import_any(source, db, ImportOptions(groups=[TABLE_GROUP]))
    except SourceError as exc:
        assert exc.errors
        for message in exc.errors:
            assert message.startswith(f"{source}: "), message
    except HlcgError as exc:  # a refusal of the whole file (not a fact sheet's card...)
        assert str(exc)


@pytest.mark.parametrize("kind", ["cards.csv", "cards.json", "cards.jsonl", "facts.csv"])
def test_the_importers_read_or_locate_every_spreadsheet_cell(kind, tmp_path, small_catalogue):
    db = tmp_path / "mine.sqlite"

    @BUDGET
    @given(records=rows(kind.split(".")[0]), end=line_ends)
    def run(records: list[dict[str, str]], end: str) -> None:
        source = tmp_path / kind
        if kind.endswith(".csv"):
            source.write_bytes(as_csv(records, end))
        else:
            source.write_bytes(as_json(records, end, lines=kind.endswith(".jsonl")))
        shutil.copyfile(small_catalogue, db)
        imports_or_says_where(source, db)

    run()
