"""The format-legality rule: an error needs evidence (a ban in force, or the printing the
deck names); a card no source places in the format is a note naming it."""

from __future__ import annotations

import pytest

from conftest import BASE_DECK, CHECKED, errors, make_catalogue, mini_cards
from hlcg.catalog import Catalogue
from hlcg.catalog.card import Card
from hlcg.check import check_deck
from hlcg.curation.models import LegalityRow
from hlcg.deck.text import parse_text


def _legal_everywhere(card_id: str) -> list[LegalityRow]:
    return [
        LegalityRow(card_id=card_id, format=fmt, status="legal", source="test") for fmt in CHECKED
    ]


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    cards = [
        *mini_cards(),
        Card(id="orb", title="Orb", type="object", restriction=6),
        Card(id="scroll", title="Scroll", type="object", restriction=6),
    ]
    known = [c.id for c in cards if not c.sets and not c.formats and c.id not in ("orb", "scroll")]
    legality = [row for card_id in known for row in _legal_everywhere(card_id)]
    legality += [
        LegalityRow(card_id="orb", format="type-two", status="legal", source="rulebook"),
        LegalityRow(
            card_id="orb",
            format="type-two",
            status="suspended",
            date="2025-08-24",
            source="suspended list",
        ),
        LegalityRow(card_id="orb", format="first-edition", status="banned", source="card page"),
    ]
    return make_catalogue(cards, legality)


def _check(catalogue: Catalogue, extra: str, fmt: str = "type-two", date: str | None = None):
    deck = parse_text("Persona: Hero\n" + extra + "\nEndurance:\n" + BASE_DECK, "deck.txt")
    return check_deck(deck, catalogue, fmt, date=date)


def test_recorded_formats_make_a_card_legal_and_say_nothing_of_other_formats(catalogue):
    assert errors(_check(catalogue, "1 Relic")) == []
    report = _check(catalogue, "1 Relic", fmt="first-edition")
    assert report.legal
    [gap] = [p for p in report.problems if p.rule == "unchecked"]
    assert gap.message == (
        "format-legality: no printing legal in first-edition is recorded for Relic: check them"
    )
    assert gap.cards == ("relic",)


def test_a_ban_is_an_error_with_its_source(catalogue):
    report = _check(catalogue, "1 Orb", fmt="first-edition")
    assert errors(report) == [("format-legality", ("orb",))]
    [problem] = [p for p in report.problems if p.rule == "format-legality"]
    assert (
        problem.message
        == "Orb [orb] is not legal in first-edition (banned in first-edition: card page)"
    )
    assert problem.line == 2


def test_a_suspension_counts_from_its_date(catalogue):
    before = _check(catalogue, "1 Orb", date="2025-08-23")
    assert before.legal and before.date == "2025-08-23"
    assert not [p for p in before.problems if p.message.startswith("format-legality")]
    after = _check(catalogue, "1 Orb", date="2025-08-24")
    assert errors(after) == [("format-legality", ("orb",))]
    [problem] = [p for p in after.problems if p.rule == "format-legality"]
    assert "(suspended in type-two since 2025-08-24: suspended list)" in problem.message


def test_a_card_no_source_places_is_one_note_naming_every_such_card(catalogue):
    report = _check(catalogue, "1 Scroll\n1 Relic", fmt="type-one")
    assert report.legal
    [gap] = [p for p in report.problems if p.rule == "unchecked"]
    assert gap.cards == ("relic", "scroll")
    assert gap.message.endswith("recorded for Relic, Scroll: check them")


def test_the_date_defaults_to_today(catalogue):
    import datetime

    assert _check(catalogue, "").date == datetime.date.today().isoformat()
