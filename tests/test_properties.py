"""Property tests (hypothesis): the parser, the rules and the catalogue round trip."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import BASIC_TITLES, mini_cards
from hlcg.check import check_deck, fingerprint, resolve_deck
from hlcg.deck.lines import split_lines
from hlcg.deck.text import parse_text

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


@SETTINGS
@given(st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=400))
def test_parser_accounts_for_every_line(text):
    deck = parse_text(text)
    lines = split_lines(text)
    entry_lines = [e.line for e in deck.entries]
    issue_lines = [i.line for i in deck.issues if i.severity == "error"]
    accounted = set(entry_lines) | set(issue_lines) | set(deck.headers) | set(deck.ignored)
    accounted |= {e.line for e in deck.sideboard}  # cards under an unknown header too
    accounted |= {i.line for i in deck.issues}
    assert accounted == set(range(1, len(lines) + 1))
    # a line is an entry, a header, ignored, or an error: never two of these
    assert len(entry_lines) == len(set(entry_lines))
    assert not set(entry_lines) & set(deck.headers)
    assert not set(entry_lines) & set(issue_lines)


CARD_NAMES = [c.name for c in mini_cards() if not c.is_pregame and c.type]
ADD_RULES = {"title-limit", "restriction", "gem-cap"}


def deck_text(counts: dict[str, int], persona: str | None) -> str:
    lines = [f"Persona: {persona}"] if persona else []
    lines += [f"{n} {name}" for name, n in counts.items()]
    return "\n".join(lines) + "\n"


@SETTINGS
@given(
    counts=st.dictionaries(st.sampled_from(CARD_NAMES), st.integers(1, 8), max_size=12),
    added=st.sampled_from(CARD_NAMES),
    persona=st.sampled_from([None, "Hero", "Rival", "Sage"]),
)
def test_adding_a_copy_never_makes_an_illegal_deck_legal(mini, counts, added, persona):
    def broken(text: str) -> set[str]:
        report = check_deck(parse_text(text), mini, "type-two")
        return {p.rule for p in report.problems if p.severity == "error"} & ADD_RULES

    before = broken(deck_text(counts, persona))
    more = dict(counts)
    more[added] = more.get(added, 0) + 1
    after = broken(deck_text(more, persona))
    assert before <= after


ALIASES = {"Upper Center Attack": "Upper Middle Attack", "Upper Center Block": "Upper Block"}


@SETTINGS
@given(
    seed=st.integers(0, 10_000),
    use_alias=st.booleans(),
    extra=st.lists(st.sampled_from(["Head Shot", "Dodge", "Upper Guard", "Slash"]), max_size=4),
)
def test_permuting_lines_and_aliases_keep_verdict_and_fingerprint(shipped, seed, use_alias, extra):
    lines = [f"3 {t}" for t in BASIC_TITLES] + [f"1 {name}" for name in extra]
    header = ["Format: type-two", "Persona: Duncan MacLeod"]
    original = "\n".join(header + lines) + "\n"
    shuffled = list(lines)
    random.Random(seed).shuffle(shuffled)
    if use_alias:
        for title, alias in ALIASES.items():
            shuffled = [line.replace(title, alias) for line in shuffled]
    rewritten = "\n".join([*reversed(header), *shuffled]) + "\n"
    reports = [check_deck(parse_text(t), shipped) for t in (original, rewritten)]
    assert [r.legal for r in reports] == [reports[0].legal] * 2
    assert sorted(p.rule for p in reports[0].problems) == sorted(
        p.rule for p in reports[1].problems
    )
    prints = [
        fingerprint(resolve_deck(parse_text(t), shipped), "x")[0] for t in (original, rewritten)
    ]
    assert prints[0] == prints[1]


TEXT = st.text(alphabet=st.characters(blacklist_categories=["Cs", "Cc"]), min_size=1, max_size=30)
OPTIONAL_INT = st.one_of(st.none(), st.integers(0, 12))
# Within what cards print (hlcg.curation.models.BOUNDS, the shipped catalogue's gems).
HAND_ICONS = st.one_of(st.none(), st.integers(0, 2))
GEMS = st.one_of(st.none(), st.integers(0, 6))
MODIFIERS = st.lists(
    st.sampled_from(
        [
            {"kind": "pregame-exempt"},
            {"kind": "restriction-bonus", "amount": 1},
            {"kind": "borrow", "per_persona": 1, "include_reserved": True},
            {"kind": "only-watcher", "title": "Adam Pierson"},
            {"kind": "only-persona", "persona": "Methos"},
            {"kind": "hand-icons", "title": "War Axe", "hand_icons": 1},
            {"kind": "allowance", "count": 2},
        ]
    ),
    max_size=2,
)
CARD_ROWS = st.lists(
    st.fixed_dictionaries(
        {
            "id": st.from_regex(r"[a-z0-9][a-z0-9-]{0,20}", fullmatch=True),
            "title": TEXT.map(str.strip).filter(bool),
            "subtitle": st.one_of(st.none(), TEXT.map(str.strip).filter(bool)),
            "type": st.one_of(
                st.none(), st.sampled_from(["attack", "event", "persona", "watcher"])
            ),
            # 2nd Edition printings: gems on a card printed only in 1E are not imported
            "sets": st.lists(
                st.sampled_from(["2E-CvD", "2E-P03", "2E-B1"]), unique=True, max_size=2
            ),
            "restriction": st.one_of(st.none(), st.integers(1, 6)),  # printed from 1 to 6
            "reserved": st.booleans(),
            "signature": st.booleans(),
            "unique": st.one_of(st.none(), st.booleans()),
            "hand_icons": HAND_ICONS,
            "gem_master": GEMS,
            "gem_reason": GEMS,
            "master_limit": OPTIONAL_INT,
            "formats": st.lists(st.sampled_from(["first-edition", "type-two"]), unique=True),
            "modifiers": MODIFIERS,
            "faction": st.lists(st.sampled_from(["Clan MacLeod", "Four Horsemen"]), unique=True),
            "text": st.one_of(st.none(), TEXT.map(str.strip).filter(bool)),
            "source": st.sampled_from(["seed 001 §Deck Composition", "http://example.org/card"]),
        }
    ),
    min_size=1,
    max_size=6,
    unique_by=lambda r: r["id"],
)


_REFERENCE: list[Path] = []


# About 3 s of CPU: each example is an export, a new catalogue, an import and an export
# again; 40 spread the rows' optional fields over the three file kinds.
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(rows=CARD_ROWS, suffix=st.sampled_from([".csv", ".json", ".jsonl"]))
def test_import_export_round_trips_exactly(tmp_path_factory, rows, suffix):
    from hlcg.curation.bundle import Bundle, read_bundle
    from hlcg.curation.card_rows import import_card_file
    from hlcg.curation.cardfile import split_card_file
    from hlcg.curation.exports import export
    from hlcg.curation.importer import init
    from hlcg.curation.kinds import ImportOptions
    from hlcg.curation.models import CardRow
    from hlcg.curation.sources import read_card_rows

    cards = [CardRow.model_validate(r) for r in rows]
    folder = tmp_path_factory.mktemp("round")
    first = folder / f"first{suffix}"
    export(Bundle(cards=cards), first)
    with split_card_file(first) as (contract_rows, _):
        assert read_card_rows(contract_rows) == sorted(cards, key=lambda c: c.id)
    db = folder / "cat.sqlite"
    if not _REFERENCE:  # the game's formats and sets (card rows bring none in), made once
        _REFERENCE.append(tmp_path_factory.mktemp("reference") / "reference.sqlite")
        init(_REFERENCE[0], None, [])
    shutil.copyfile(_REFERENCE[0], db)
    import_card_file(first, db, ImportOptions())
    second = folder / f"second{suffix}"
    export(read_bundle(db, []), second)
    assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")
