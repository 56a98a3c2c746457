"""The replacement search (hlcg.rules.replacement): a candidate is tried in a copy of the
deck that holds it, and kept only when the deck uses it normally and no rule of the format
names it."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest

from conftest import BASE_49, check_file
from hlcg.rules.context import Context
from hlcg.rules.profiles import profile
from hlcg.rules.registry import RULES
from hlcg.rules.replacement import fits, replacement


def _refused(check, mini, extra: str, base: str, card_id: str):
    report = check(extra, base=base)
    assert report.resolved is not None
    context = Context(report.resolved, mini, profile(report.format))
    deck_card = next(dc for dc in report.resolved.cards if dc.card.id == card_id)
    return report, context, deck_card


def test_the_first_candidate_no_rule_names_replaces_a_refused_card(check, mini):
    # 6 Filler fill the title, Gemmy's 2 agility gems would break the cap of 3, and Hunter's
    # Net needs a Hunter pre-game card: Pass is the first event every rule accepts.
    base = BASE_49 + "2 Filler\n1 Gemmy\n"
    report, context, sig = _refused(check, mini, "Persona: Hero\n1 Sig: Rival", base, "sig")
    cards = mini.cards
    assert [fits(context, sig, cards[i]) for i in ("filler", "gemmy", "hunter-net", "pass")] == [
        False,
        False,
        False,
        True,
    ]
    assert replacement(context, sig) == cards["pass"]
    (problem,) = [p for p in report.problems if p.rule == "signature"]
    assert problem.fix == "replace 1 Sig: Rival with 1 Pass [pass]"
    assert problem.edits == (("remove", "sig", 1), ("add", "pass", 1))


def test_a_rule_that_words_its_own_fix_keeps_it_with_the_replacement(check):
    # weapon-specific offers the missing Weapon of Choice first; the search, run by the
    # engine after the checks, replaces the removal that closes the fix.
    report = check("Persona: Hero\n1 Cut: Blade", base=BASE_49)
    (problem,) = [p for p in report.problems if p.rule == "weapon-specific"]
    assert problem.fix == (
        "add Blade under Pre-Game:, or replace 1 Cut: Blade with 1 Lower Center Attack "
        "[lower-center-attack]"
    )
    assert problem.edits == (("remove", "blade-cut", 1), ("add", "lower-center-attack", 1))


def test_a_card_of_another_persona_is_no_replacement(check, mini):
    report, context, sig = _refused(check, mini, "Persona: Hero\n1 Sig: Rival", BASE_49, "sig")
    assert not fits(context, sig, mini.cards["res"])  # Reserved to Rival
    assert fits(context, sig, mini.cards["filler"])


def test_without_a_fitting_card_the_fix_removes(check, mini):
    # The only dodge in the catalogue is the refused one.
    report = check("Persona: Hero\n1 Move: Rival", base=BASE_49 + "1 Filler\n")
    (problem,) = [p for p in report.problems if p.rule == "persona-specific"]
    assert problem.fix == "remove 1 Move: Rival"
    assert problem.edits == (("remove", "rival-move", 1),)


EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "decks" / "invalid"


@pytest.mark.parametrize(
    "name", ["format-legality", "kurgan-with-connors-card", "persona-specific", "reserved"]
)
def test_the_candidate_rules_decide_as_every_rule_would(name, shipped, monkeypatch):
    """The trial runs only the rules that can name an added Endurance card; running every
    rule decides each candidate the same way."""
    report = check_file(EXAMPLES / f"{name}.txt", shipped)
    assert report.resolved is not None
    context = Context(report.resolved, shipped, profile(report.format))
    lines = report.resolved.endurance  # each line as if it were refused
    candidates = [
        (deck_card, candidate)
        for deck_card in lines
        if deck_card.card.type
        for candidate in islice(
            shipped.replacement_candidates(deck_card.card.type, report.resolved.persona_names),
            15,
        )
    ]
    assert candidates
    some = [fits(context, dc, c) for dc, c in candidates]
    for rule in RULES.values():
        monkeypatch.setitem(RULES, rule.name, rule._replace(judges_candidates=True))
    every = [fits(context, dc, c) for dc, c in candidates]
    assert some == every
    assert not all(some)
    # The Kurgan's gem values are not recorded: no candidate is known to fit his gem caps,
    # and a fix offers no card whose facts a rule of the deck misses.
    assert any(some) is (name != "kurgan-with-connors-card")


def test_a_master_card_is_not_offered_under_an_unknown_master_limit(mini):
    from conftest import BASE_DECK, make_catalogue, mini_cards
    from hlcg.catalog.card import Card
    from hlcg.check import check_deck
    from hlcg.deck.text import parse_text

    nameless = Card(id="nameless", title="Nameless", type="persona")  # no Master limit
    catalogue = make_catalogue([*mini_cards(), nameless])
    report = check_deck(parse_text("Persona: Nameless\n1 Sig: Rival\n" + BASE_DECK), catalogue)
    assert report.resolved is not None
    context = Context(report.resolved, catalogue, profile(report.format))
    sig = next(dc for dc in report.resolved.cards if dc.card.id == "sig")
    cards = catalogue.cards
    assert not fits(context, sig, cards["weapon-master"])
    assert fits(context, sig, cards["filler"])
