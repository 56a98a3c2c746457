"""Names -> cards in the shipped catalogue."""

from __future__ import annotations

from hlcg.check import resolve_deck
from hlcg.deck.text import parse_text


def resolve(text: str, index, fmt: str | None = None):
    return resolve_deck(parse_text(text), index, fmt)


def ids(resolved) -> list[tuple[str, str, int]]:
    return sorted((dc.card.id, dc.section, dc.count) for dc in resolved.cards)


def test_section_decides_joe_dawson(shipped_index):
    resolved = resolve("Pre-Game:\nJoe Dawson\nEndurance:\n2 Joe Dawson\n", shipped_index)
    assert ids(resolved) == [
        ("joe-dawson-situation", "endurance", 2),
        ("joe-dawson-watcher", "pregame", 1),
    ]


def test_format_decides_duncan(shipped_index):
    assert (
        resolve("Persona: Duncan MacLeod", shipped_index, "type-two").persona.id
        == "duncan-macleod-2e"
    )
    assert (
        resolve("Persona: Duncan MacLeod", shipped_index, "first-edition").persona.id
        == "duncan-macleod-se"
    )


def test_persona_decides_its_own_version(shipped_index):
    resolved = resolve("Persona: Richie Ryan\n2 Master's Block\n", shipped_index, "type-one")
    assert ids(resolved) == [
        ("masters-block-richie-ryan", "endurance", 2),
        ("richie-ryan-se", "pregame", 1),
    ]


def test_subtitle_forms_and_ids(shipped_index):
    for line in (
        "Master's Block: Ramirez",
        "Master's Block (Ramirez)",
        "masters block ramirez",
        "masters-block-ramirez",
    ):
        assert [dc.card.id for dc in resolve(line, shipped_index).cards] == [
            "masters-block-ramirez"
        ], line


def test_colon_name_tried_whole_then_split(shipped_index):
    assert [dc.card.id for dc in resolve("1 Watcher: Revealed", shipped_index).cards] == [
        "watcher-revealed"
    ]


def test_texts_of_one_title_are_separate_cards(shipped_index):
    resolved = resolve(
        "".join(f"2 business-as-usual-grayson-{n}\n" for n in (1, 2, 3)),
        shipped_index,
    )
    assert len(resolved.cards) == 3


def test_unknown_card_suggests(shipped_index):
    resolved = resolve("3 Uper Left Atack", shipped_index)
    (unknown,) = resolved.unresolved
    assert unknown.rule == "unknown-card" and unknown.line == 1
    assert unknown.fix.startswith("did you mean: Upper Left Attack")


def test_ambiguous_lists_ids_and_differences(shipped_index):
    (problem,) = resolve("1 Flashback", shipped_index).unresolved
    assert problem.rule == "ambiguous-card"
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
    assert "'Flashback' could be 8 cards that differ" in problem.message
    assert "subtitle: flashback-annie-devlin=Annie Devlin" in problem.message
    assert problem.fix == "name one by its id, e.g. `flashback-annie-devlin`"


def test_bare_title_prefers_the_card_without_subtitle(shipped_index):
    assert [dc.card.id for dc in resolve("1 Watcher", shipped_index).cards] == ["watcher-situation"]


def test_set_code_chooses_printing(shipped_index):
    assert resolve("1 Katana [2E-B1]", shipped_index).cards[0].card.id == "katana-weapon-of-choice"
    (problem,) = resolve("1 Thrust [ZZ]", shipped_index).unresolved
    assert "no version of 'Thrust' is printed in [ZZ]" in problem.message
