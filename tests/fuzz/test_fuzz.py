"""Seeded fuzzing of every reader of untrusted input, from the corpus in tests/fuzz/corpus/.

CI runs a short pass. For a longer run (maintainers, before a release):

    HLCG_FUZZ_EXAMPLES=20000 HLCG_FUZZ_SEED=7 python -m pytest tests/fuzz -q

Each input is a corpus file mutated at the byte level (flips, inserts, deletions, splices,
truncation). A reader may report problems, or refuse with its documented error; it may not
raise anything else.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from hlcg.deck.read import decode
from hlcg.errors import DeckFileError, SourceError

CORPUS = Path(__file__).parent / "corpus"
EXAMPLES = int(os.environ.get("HLCG_FUZZ_EXAMPLES", "150"))
SEED = int(os.environ.get("HLCG_FUZZ_SEED", "20261130"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
INTERESTING = [
    b"\x00",
    b"\xff",
    b"\r",
    b"\n",
    b"<",
    b">",
    b"&",
    b"[",
    b"{",
    b'"',
    b":",
    b"#",
    b"x",
    b"-",
    b"9" * 30,
    b"\xe2\x80\x8f",
    b"<!ENTITY a 'b'>",
    b"]]>",
    b"\t",
]


@st.composite
def mutated(draw: st.DrawFn, name: str) -> bytes:
    data = bytearray((CORPUS / name).read_bytes())
    for _ in range(draw(st.integers(1, 8))):
        if not data:
            data += draw(st.sampled_from(INTERESTING))
            continue
        at = draw(st.integers(0, len(data) - 1))
        action = draw(st.sampled_from(["flip", "insert", "delete", "splice", "truncate"]))
        if action == "flip":
            data[at] = draw(st.integers(0, 255))
        elif action == "insert":
            data[at:at] = draw(st.one_of(st.sampled_from(INTERESTING), st.binary(max_size=8)))
        elif action == "delete":
            del data[at : at + draw(st.integers(1, 16))]
        elif action == "splice":
            start = draw(st.integers(0, len(data) - 1))
            data[at:at] = data[start : start + draw(st.integers(1, 64))]
        else:
            del data[at:]
    return bytes(data)


def _deck_pipeline(tmp_path: Path, name: str, data: bytes, catalogue) -> None:  # noqa: ANN001
    from conftest import check_file

    path = tmp_path / name
    path.write_bytes(data)
    try:
        report = check_file(path, catalogue)
    except DeckFileError:
        return
    assert report.path == str(path)


@pytest.mark.parametrize(
    "name", ["deck-text.txt", "deck-json.json", "deck-lackey.dek", "deck-octgn.o8d"]
)
def test_fuzz_deck_readers(tmp_path, shipped, name):
    @seed(SEED)
    @FUZZ
    @given(data=mutated(name))
    def run(data: bytes) -> None:
        _deck_pipeline(tmp_path, name, data, shipped)

    run()


@pytest.mark.parametrize("name", ["cards.csv", "cards.json", "cards.jsonl"])
def test_fuzz_catalogue_importer(tmp_path, name):
    from hlcg.curation.sources import read_card_rows

    @seed(SEED)
    @FUZZ
    @given(data=mutated(name))
    def run(data: bytes) -> None:
        path = tmp_path / name
        path.write_bytes(data)
        try:
            rows = read_card_rows(path)
        except SourceError as exc:
            assert exc.errors and all(isinstance(e, str) for e in exc.errors)
            return
        assert all(row.source for row in rows)

    run()


def test_fuzz_sheet_check(tmp_path):
    from hlcg.catalog import shipped_path
    from hlcg.tcboo.sheet import SheetError, check, parse
    from hlcg.tcboo.store import load

    data_tables = load(shipped_path())

    @seed(SEED)
    @FUZZ
    @given(data=mutated("sheet.toml"))
    def run(data: bytes) -> None:
        try:
            text, _ = decode(data, Path("sheet.toml"))
            sheet = parse(text)
        except (DeckFileError, SheetError):
            return
        result = check(sheet, data_tables)
        assert all(p.rule for p in result.problems)

    run()
