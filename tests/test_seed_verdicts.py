"""Verdicts that follow the rulebooks, on the shipped catalogue and on any catalogue.

The seed examples, the per-format permissions, editions, the Generic Immortal declared not
played, one error per fault, and the same verdicts on a catalogue whose ids are all renamed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import BASIC_TITLES, ROOT, check_file, errors, make_catalogue
from hlcg.catalog import Catalogue, load
from hlcg.check import check_deck, fingerprint, resolve_deck
from hlcg.curation.builder import write_catalogue
from hlcg.curation.bundle import load_sources
from hlcg.curation.models import CardRow
from hlcg.deck.read import read_deck
from hlcg.deck.text import parse_text
from hlcg.tcboo.models import TABLE_GROUP

SOURCE = ROOT / "data" / "source"
SLUG = re.compile(r"(?<![\w-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w-])")
BASICS = "".join(f"3 {t}\n" for t in BASIC_TITLES)
EXAMPLES = sorted((ROOT / "examples" / "decks").glob("*/*.txt")) + sorted(
    (ROOT / "examples" / "tournament").glob("*.*")
)


def _check(catalogue: Catalogue, text: str, fmt: str | None = None):
    return check_deck(parse_text(text, "deck.txt"), catalogue, fmt)


def test_seed_000_grayson_business_as_usual_by_title_is_legal(shipped):
    deck = "Format: type-two\nPersona: Grayson\nEndurance:\n" + BASICS
    report = _check(shipped, deck + "6 Business as Usual\n")
    assert report.legal, report.problems
    [note] = [p for p in report.problems if p.rule == "restriction"]
    assert note.severity == "note"
    assert note.message == (
        "6 Business as Usual: Grayson: legal only when split over its 3 versions "
        "(2 + 2 + 2 at most); name the versions to be sure"
    )
    report = _check(shipped, deck + "7 Business as Usual\n")
    assert errors(report) == [
        (
            "title-limit",
            (
                "business-as-usual-grayson-1",
                "business-as-usual-grayson-2",
                "business-as-usual-grayson-3",
            ),
        )
    ]
    assert report.problems[0].message == (
        "7 Business as Usual: Grayson break 2 limits: title-limit and restriction"
    )
    assert report.problems[0].fix == "remove 1 card titled 'Business as Usual'"
    # Versions named one by one leave less room for the pooled copies.
    named = deck + "3 business-as-usual-grayson-1\n3 Business as Usual\n"
    assert errors(_check(shipped, named)) == [("restriction", ("business-as-usual-grayson-1",))]
    named = deck + "2 business-as-usual-grayson-1\n4 Business as Usual\n"
    report = _check(shipped, named)
    assert report.legal
    assert (
        "(0 + 2 + 2 at most)" in [p for p in report.problems if p.rule == "restriction"][0].message
    )


def test_seed_000_ramirez_masters_block_is_one_card(shipped):
    report = check_file(ROOT / "examples/decks/invalid/ramirez-masters-block.txt", shipped)
    assert errors(report) == [("restriction", ("masters-block-ramirez",))]
    assert report.problems[0].message == "3 copies of Master's Block: Ramirez; restricted to 2"


def test_type_two_generic_immortal_may_not_take_another_personas_card(shipped):
    deck = "Endurance:\n" + BASICS + "5 Dodge\n1 Seduce: Amanda\n"
    report = _check(shipped, deck, "type-two")
    assert errors(report) == [("persona-specific", ("seduce-amanda",))]
    assert _check(shipped, deck, "first-edition").legal


@pytest.mark.parametrize("fmt", ["first-edition", "type-one", "type-two"])
def test_generic_immortal_is_declared_not_played(shipped, fmt):
    body = "Endurance:\n" + BASICS + "5 Dodge\n"
    texts = [
        body,
        "Persona: Generic Immortal\n" + body,
        "Pre-Game:\nGeneric Immortal\n" + body,
    ]
    reports, prints = [], []
    for text in texts:
        deck = parse_text(text, "deck.txt")
        reports.append(check_deck(deck, shipped, fmt))
        prints.append(fingerprint(resolve_deck(deck, shipped, fmt), "0" * 64)[0])
    assert len(set(prints)) == 1
    assert {(r.legal, r.pregame, r.persona) for r in reports} == {(True, 0, "Generic Immortal")}


def test_a_banned_second_edition_persona_is_illegal_in_first_edition(shipped):
    deck = "Format: first-edition\nPersona: duncan-macleod-2e\nEndurance:\n" + BASICS + "5 Dodge\n"
    report = _check(shipped, deck)
    assert errors(report) == [("format-legality", ("duncan-macleod-2e",))]
    [problem] = [p for p in report.problems if p.rule == "format-legality"]
    assert problem.message == (
        "Duncan MacLeod [duncan-macleod-2e] is not legal in first-edition "
        "(banned in first-edition: http://www.watcherdatabase.tk/Cards/Card/6074.html)"
    )


def test_a_second_edition_card_without_a_ban_is_a_gap_in_first_edition_and_type_one(
    shipped,
):
    deck = "Format: first-edition\nPersona: Crysta Van Pelt\nEndurance:\n" + BASICS + "5 Dodge\n"
    for fmt in ("first-edition", "type-one"):
        report = _check(shipped, deck.replace("first-edition", fmt))
        assert report.legal
        [gap] = [p for p in report.problems if p.message.startswith("format-legality:")]
        assert gap.message == (
            f"format-legality: no printing legal in {fmt} is recorded for "
            "Crysta Van Pelt, Dodge: check them"
        )
        assert gap.cards == ("crysta-van-pelt-persona", "dodge")


def test_the_seed_named_cards_are_legal_in_type_two(shipped):
    # seed 002 §Head Shots and §Card Groups name them: no 2E printing recorded is a gap.
    deck = "Persona: Duncan MacLeod\nEndurance:\n" + BASICS
    deck += "2 Head Shot\n2 Master's Advance\n2 Trip\n2 Dodge\n"
    report = _check(shipped, deck, "type-two")
    assert report.legal and errors(report) == []
    [gap] = [p for p in report.problems if p.message.startswith("format-legality:")]
    assert gap.cards == ("dodge",)


def test_a_printing_the_deck_names_decides(shipped):
    deck = "Persona: Duncan MacLeod\nEndurance:\n" + BASICS + "5 Head Shot [SE]\n"
    report = _check(shipped, deck, "type-two")
    assert errors(report) == [("format-legality", ("head-shot",))]
    [problem] = [p for p in report.problems if p.rule == "format-legality"]
    assert "(the deck names its SE printing, a 1E set; type-two takes 2E cards)" in problem.message
    report = _check(shipped, deck.replace("[SE]", "[2E]"), "type-two")
    assert report.legal
    assert not any("1E" in p.message for p in report.problems)


def test_a_card_banned_in_type_two_is_illegal_there(shipped):
    deck = "Persona: Duncan MacLeod\nPre-Game:\nShield\nEndurance:\n" + BASICS + "5 Dodge\n"
    report = _check(shipped, deck, "type-two")
    assert errors(report) == [("format-legality", ("shield",))]


def test_weapon_of_choice_is_not_read_as_a_persona(shipped):
    # In a first-edition Duncan deck "Katana" is the 1st Edition-era Weapon of Choice
    # (Articles/110), never the Katana persona; the 2E printing named by its set is not legal.
    deck = "Format: first-edition\nPersona: Duncan MacLeod\nPre-Game:\nKatana\nEndurance:\n"
    report = _check(shipped, deck + BASICS + "5 Dodge\n")
    assert errors(report) == []
    [katana] = [c.card for c in report.resolved.cards if c.line == 4]
    assert (katana.id, katana.type) == ("katana-weapon-of-choice-1e", "weapon-of-choice")
    report = _check(shipped, deck.replace("Katana", "Katana [2E-B1]") + BASICS + "5 Dodge\n")
    assert errors(report) == [("format-legality", ("katana-weapon-of-choice",))]
    assert report.problems[0].line == 4


def test_persona_specific_title_without_its_persona_is_ambiguous(shipped):
    deck = "Format: first-edition\nPersona: Methos\nEndurance:\n" + BASICS + "2 Master's Block\n"
    report = _check(shipped, deck)
    [problem] = [p for p in report.problems if p.rule == "ambiguous-card"]
    assert problem.cards == (
        "masters-block-duncan-macleod",
        "masters-block-ramirez",
        "masters-block-richie-ryan",
    )


def test_eight_copies_of_a_restricted_master_card_give_one_error(check):
    report = check("Persona: Rival\n8 Master's Block: Rival", fmt="first-edition")
    assert errors(report) == [("master-limit", ("masters-block-rival",))]
    [problem] = report.problems
    assert problem.message == (
        "8 Master's Block: Rival break 3 limits: master-limit, title-limit and restriction"
    )
    assert [(code, rule) for code, rule, _ in problem.details] == [
        ("HL205", "master-limit"),
        ("HL103", "title-limit"),
        ("HL104", "restriction"),
    ]
    assert problem.fix == "remove 7 Master's Block: Rival"
    assert problem.edits == (("remove", "masters-block-rival", 7),)


def test_strict_passes_a_deck_whose_only_findings_are_data_gaps(check):
    report = check("Persona: Hero\n1 Mystery")
    assert report.legal and report.notes == 1 and report.warnings == 0
    from hlcg.report import DeckSummary

    assert not DeckSummary.of(report).fails(strict=True)
    assert DeckSummary.of(report).fails(strict=True, fail_on_unchecked=True)


def renamed(tmp: Path) -> tuple[Catalogue, dict[str, str]]:
    """The shipped sources built into a catalogue whose every card id is another, as a
    curator's catalogue with ids of its own would be."""
    bundle = load_sources(SOURCE, [TABLE_GROUP])
    new_ids = {row.id: f"c{n:04d}" for n, row in enumerate(sorted(bundle.cards, key=_id))}
    bundle.cards = [row.model_copy(update={"id": new_ids[row.id]}) for row in bundle.cards]
    bundle.aliases = [
        row.model_copy(update={"card_id": new_ids[row.card_id]}) for row in bundle.aliases
    ]
    bundle.legality = [
        row.model_copy(update={"card_id": new_ids[row.card_id]}) for row in bundle.legality
    ]
    bundle.facts = [
        row.model_copy(update={"card_id": new_ids[row.card_id]}) for row in bundle.facts
    ]
    path = tmp / "other-ids.sqlite"
    write_catalogue(path, bundle)
    return load(path), new_ids


def _id(row: CardRow) -> str:
    return row.id


def _verdict(report, ids: dict[str, str]) -> tuple:
    back = {new: old for old, new in ids.items()}
    return (
        report.legal,
        report.persona,
        (report.endurance, report.pregame),
        sorted(
            (p.rule, p.severity, p.line or 0, tuple(back.get(c, c) for c in p.cards))
            for p in report.problems
        ),
    )


@pytest.fixture(scope="module")
def renamed_index(tmp_path_factory: pytest.TempPathFactory) -> tuple[Catalogue, dict[str, str]]:
    catalogue, ids = renamed(tmp_path_factory.mktemp("renamed"))
    return catalogue, ids


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("fmt", [None, "first-edition", "type-one", "type-two"])
def test_same_verdicts_on_a_catalogue_with_other_ids(
    path: Path, fmt, shipped, renamed_index, tmp_path
):
    catalogue, ids = renamed_index
    # Ids written in the deck (slugs in text decks, id attributes in .o8d/.dek) are the
    # curator's ids too: rename them as the catalogue's.
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'id="([^"]+)"', lambda m: f'id="{ids.get(m.group(1), m.group(1))}"', text)
    text = SLUG.sub(lambda m: ids.get(m.group(0), m.group(0)), text)
    copy = tmp_path / path.name
    copy.write_text(text, encoding="utf-8")
    shipped_report = check_deck(read_deck(path), shipped, fmt)
    other_report = check_deck(read_deck(copy), catalogue, fmt)
    assert _verdict(other_report, ids) == _verdict(shipped_report, {})


def test_renamed_catalogue_still_knows_basics_and_generic(renamed_index, mini):
    catalogue, _ = renamed_index
    report = _check(catalogue, "Format: type-two\nEndurance:\n3 Thrust\n")
    [basics] = [p for p in report.problems if p.rule == "basics"]
    assert basics.message.startswith("missing 14 of the 15 basic cards: Upper Left Attack")
    # A catalogue without basic cards says it could not check them.
    bare = make_catalogue([c for c in mini.cards.values() if c.id == "filler"])
    report = _check(bare, "Endurance:\n50 Filler\n")
    gaps = [p.message for p in report.problems if p.message.startswith("basics")]
    assert gaps == [
        "basics: the catalogue has no card for 15 basic cards (Upper Left Attack, Upper "
        "Center Attack, Upper Right Attack, Middle Left Attack, Thrust, Middle Right Attack, "
        "Lower Left Attack, Lower Center Attack, Lower Right Attack, Upper Left Block, Upper "
        "Center Block, Upper Right Block, Lower Left Block, Lower Center Block, Lower Right "
        "Block); whether the deck holds them could not be checked"
    ]


def test_gem_cap_names_the_cards_and_lines_carrying_the_gems(check):
    report = check("Persona: Hero\n2 Gemmy\n1 Gemmy", fmt="type-two")
    [problem] = [p for p in report.problems if p.rule == "gem-cap"]
    assert problem.message == (
        "6 agility gems; the cap is 3 (3x the persona's 1); most from Gemmy (6, line 2)"
    )
    assert problem.line == 2


# Issue 18 section 4 decks: which card a name means follows from titles, subtitles, types
# and modifiers, never from ids.
NAME_DECKS = [
    "Format: type-one\nPre-Game:\nKatana\nEndurance:\n" + BASICS + "1 Do It Yourself\n4 Dodge\n",
    "Format: type-one\nPre-Game:\nKatana\nEndurance:\n" + BASICS + "5 Dodge\n",
    "Format: type-one\nKatana\n" + BASICS + "5 Dodge\n",
    "Format: type-one\nDuncan MacLeod\nDarius\nJoe Dawson\n" + BASICS + "5 Dodge\n",
    "Format: type-two\nEndurance:\n" + BASICS + "3 Dodge\n1 Darius\n1 Seduce: Amanda\n",
    "Format: first-edition\nPersona: Richie Ryan\nPre-Game:\nAdam Pierson\nEndurance:\n"
    + BASICS
    + "5 Dodge\n",
]


@pytest.mark.parametrize("text", NAME_DECKS, ids=range(len(NAME_DECKS)))
def test_names_decide_the_same_on_a_catalogue_with_other_ids(text, shipped, renamed_index):
    catalogue, ids = renamed_index
    shipped_report = check_deck(parse_text(text), shipped)
    assert _verdict(check_deck(parse_text(text), catalogue), ids) == _verdict(shipped_report, {})
