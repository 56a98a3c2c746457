"""Names -> cards in the shipped catalogue."""

from __future__ import annotations

from conftest import BASIC_TITLES
from hlcg.check import resolve_deck
from hlcg.deck.text import parse_text


def resolve(text: str, catalogue, fmt: str | None = None):
    return resolve_deck(parse_text(text), catalogue, fmt)


def ids(resolved) -> list[tuple[str, str, int]]:
    return sorted((dc.card.id, dc.section, dc.count) for dc in resolved.cards)


def test_section_decides_joe_dawson(shipped):
    resolved = resolve("Pre-Game:\nJoe Dawson\nEndurance:\n2 Joe Dawson\n", shipped)
    assert ids(resolved) == [
        ("joe-dawson-situation", "endurance", 2),
        ("joe-dawson-watcher", "pregame", 1),
    ]


def test_format_decides_duncan(shipped):
    assert resolve("Persona: Duncan MacLeod", shipped, "type-two").persona.id == "duncan-macleod-2e"
    assert (
        resolve("Persona: Duncan MacLeod", shipped, "first-edition").persona.id
        == "duncan-macleod-se"
    )


def test_persona_decides_its_own_version(shipped):
    resolved = resolve("Persona: Richie Ryan\n2 Master's Block\n", shipped, "type-one")
    assert ids(resolved) == [
        ("masters-block-richie-ryan", "endurance", 2),
        ("richie-ryan-se", "pregame", 1),
    ]


def test_subtitle_forms_and_ids(shipped):
    for line in (
        "Master's Block: Ramirez",
        "Master's Block (Ramirez)",
        "masters block ramirez",
        "masters-block-ramirez",
    ):
        assert [dc.card.id for dc in resolve(line, shipped).cards] == ["masters-block-ramirez"], (
            line
        )


def test_colon_name_tried_whole_then_split(shipped):
    assert [dc.card.id for dc in resolve("1 Watcher: Revealed", shipped).cards] == [
        "watcher-revealed"
    ]


def test_texts_of_one_title_are_separate_cards(shipped):
    resolved = resolve(
        "".join(f"2 business-as-usual-grayson-{n}\n" for n in (1, 2, 3)),
        shipped,
    )
    assert len(resolved.cards) == 3


def test_unknown_card_suggests(shipped):
    resolved = resolve("3 Uper Left Atack", shipped)
    (unknown,) = resolved.unresolved
    assert unknown.kind == "unknown" and unknown.line == 1
    assert unknown.fix.startswith("did you mean: Upper Left Attack")


def test_ambiguous_lists_ids_and_differences(shipped):
    (problem,) = resolve("1 Flashback", shipped).unresolved
    assert problem.kind == "ambiguous"
    assert problem.card_ids == (
        "flashback-annie-devlin",
        "flashback-connor-macleod",
        "flashback-duncan-macleod",
        "flashback-hugh-fitzcairn",
        "flashback-kanwulf",
        "flashback-kern",
        "flashback-recover-edge",
        "flashback-the-kurgan",
    )
    # the names and ids that fit in about 200 characters, and one clause saying what differs
    assert problem.message == (
        "'Flashback' could be 8 cards: Flashback: Annie Devlin [flashback-annie-devlin], "
        "Flashback: Connor MacLeod [flashback-connor-macleod] and 6 more cards; they differ in "
        "type, subtitle and 2 more facts"
    )
    assert problem.fix == "name one by its id, e.g. `flashback-annie-devlin`"


def test_bare_title_prefers_the_card_without_subtitle(shipped):
    assert [dc.card.id for dc in resolve("1 Watcher", shipped).cards] == ["watcher-situation"]


def test_set_code_chooses_printing(shipped):
    assert resolve("1 Katana [2E-B1]", shipped).cards[0].card.id == "katana-weapon-of-choice"
    # A set code no printing carries never makes a card unknown: a set the catalogue knows
    # (Series Edition) is a gap in the data, one nothing maps (ZZ) a name to map.
    deck = resolve("2 Thrust [ZZ]\n1 Dodge [ZZ]\n1 Dodge [Series Edition]", shipped)
    assert not deck.unresolved and deck.copies() == 4
    assert [(i.severity, i.message, i.fix) for i in deck.issues] == [
        (
            "note",
            "the catalogue records no printing of these cards in the set the deck gives: "
            "Series Edition (1 card); they were found by name",
            "nothing to change in the deck; curators record printings in the sets column of "
            "data/source/cards.csv",
        ),
        (
            "warning",
            "sets not known: ZZ (3 cards); those cards were found by name",
            "map the deck program's set names to set codes in data/source/set_names.csv",
        ),
    ]


def test_title_starting_with_digits(shipped):
    """`9mm` is Kinman's 9mm, not nine copies of "mm"; `2 9mm` and `9mm x2` are two."""
    for text, count in (("9mm", 1), ("2 9mm", 2), ("9mm x2", 2)):
        assert ids(resolve(f"Endurance:\n{text}\n", shipped)) == [("9mm", "endurance", count)]


def test_persona_line_forms(shipped):
    for written, persona_id in (
        ("Kurgan", "the-kurgan-2e"),
        ("Duncan MacLeod [2E-CvD]", "duncan-macleod-2e"),
        ("Duncan MacLeod (SE)", "duncan-macleod-se"),
        ("Duncan MacLeod (2E)", "duncan-macleod-2e"),
        ("Quentin Barnes", "michael-moore-quentin-barnes"),
    ):
        deck = resolve(f"Persona: {written}\n", shipped, "type-two")
        assert deck.persona.id == persona_id, written
        assert not deck.unresolved


def test_in_game_card_under_pregame_warns_with_its_line(shipped):
    deck = resolve("Pre-Game:\nkatana-weapon-of-choice\n2 Thrust\n", shipped, "type-two")
    assert [(i.line, i.severity, i.message) for i in deck.issues] == [
        (
            3,
            "warning",
            "Thrust is an in-game card (attack) listed under Pre-Game; counted in the Endurance",
        )
    ]
    assert ids(deck) == [("katana-weapon-of-choice", "pregame", 1), ("thrust", "endurance", 2)]


def test_one_typo_is_one_problem(shipped):
    from conftest import ROOT
    from hlcg.check import check_deck

    legal = (ROOT / "examples/decks/valid/duncan-katana-type-two.txt").read_text()
    report = check_deck(parse_text(legal.replace("3 Thrust", "3 Thrst")), shipped)
    assert [(p.rule, p.line) for p in report.problems if p.severity == "error"] == [
        ("unknown-card", 14)
    ]
    assert (report.endurance, report.unrecognised) == (51, 3)
    short = legal.replace("3 Thrust", "1 Thrst").replace("3 Lower Right Block\n", "")
    (size,) = [p for p in check_deck(parse_text(short), shipped).problems if p.rule == "deck-size"]
    assert size.message == (
        "Endurance has 49 cards (48 recognised + 1 unrecognised), at least 50 are required"
    )


def test_unknown_persona_skips_persona_checks(shipped):
    from conftest import ROOT
    from hlcg.check import check_deck

    legal = (ROOT / "examples/decks/valid/duncan-katana-type-two.txt").read_text()
    report = check_deck(
        parse_text(legal.replace("Persona: Duncan MacLeod", "Persona: Dunkan")), shipped
    )
    (problem,) = [p for p in report.problems if p.severity == "error"]
    assert problem.rule == "unknown-card" and problem.line == 4
    assert "persona checks skipped: persona-specific, reserved" in problem.message
    assert report.persona == "unknown persona 'Dunkan'"


def test_typo_in_a_pregame_weapon_or_persona_is_one_problem(shipped):
    from conftest import ROOT
    from hlcg.check import check_deck

    legal = (ROOT / "examples/decks/valid/duncan-katana-type-two.txt").read_text()
    weapon = check_deck(parse_text(legal.replace("\nKatana\n", "\nKatanna\n")), shipped)
    assert [(p.rule, p.line) for p in weapon.problems if p.severity == "error"] == [
        ("unknown-card", 7)
    ]
    listed = legal.replace("Persona: Duncan MacLeod\n", "").replace(
        "Pre-Game:\n", "Pre-Game:\nDunkan MacLeod\n"
    )
    report = check_deck(parse_text(listed), shipped)
    (problem,) = [p for p in report.problems if p.severity == "error"]
    assert problem.rule == "unknown-card" and "persona checks were skipped" in problem.message
    assert report.persona == "unknown persona 'Dunkan MacLeod'"


def test_an_unknown_pregame_name_without_a_persona_line_may_be_the_persona(shipped):
    """A name close to nothing the catalogue holds (a persona it lacks, another catalogue's
    id) is not taken as proof that the deck is a Generic Immortal."""
    from hlcg.check import check_deck

    basics = "".join(f"3 {t}\n" for t in BASIC_TITLES)
    text = f"Format: type-two\nPre-Game:\nZorro\nKatana\nEndurance:\n{basics}5 Upper Guard\n"
    report = check_deck(parse_text(text), shipped)
    (problem,) = [p for p in report.problems if p.severity == "error"]
    assert problem.rule == "unknown-card" and problem.line == 3
    assert "if it is the persona, persona checks were skipped" in problem.message
    assert report.persona == "unknown persona 'Zorro'"
