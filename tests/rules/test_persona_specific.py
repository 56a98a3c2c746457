"""The persona-specific rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_persona_specific(check):
    report = check("Persona: Hero\n1 Move: Rival")
    assert errors(report) == [("persona-specific", ("rival-move",))]
    assert check("Persona: Rival\n2 Move: Rival").legal


def _only_rival_check(mini):
    """The mini catalogue plus a Watcher only Rival may include (an `only-persona` card)."""
    from conftest import BASE_DECK, make_catalogue
    from hlcg.catalog.card import Card
    from hlcg.check import check_deck
    from hlcg.deck.text import parse_text

    aide = Card(
        id="aide",
        title="Aide",
        subtitle="Rival",
        type="watcher",
        modifiers=({"kind": "only-persona", "persona": "Rival"},),
    )
    catalogue = make_catalogue([*mini.cards.values(), aide])

    def run(head: str, fmt: str):
        deck = parse_text(head + "\nPre-Game:\nAide\nEndurance:\n" + BASE_DECK, "deck.txt")
        return check_deck(deck, catalogue, fmt)

    return run


def test_only_persona_card_is_refused_whatever_the_permissions(mini):
    run = _only_rival_check(mini)
    assert run("Persona: Rival", "type-two").legal
    for head, fmt, who in (
        ("Persona: Hero", "type-two", "Hero"),
        ("Persona: Borrower", "first-edition", "Borrower"),  # borrows Reserved cards too
        ("", "first-edition", "a Generic Immortal"),  # one copy of any non-Reserved card
        ("Persona: Hero\nEndurance:\n1 Pass", "type-two", "Hero"),  # an allowance card
    ):
        report = run(head, fmt)
        assert errors(report) == [("persona-specific", ("aide",))], head
        [problem] = [p for p in report.problems if p.severity == "error"]
        assert problem.message == (
            f"Aide: Rival is only for Rival; {who} may not include it, and no borrowing "
            "permission admits it"
        )
        assert problem.fix == "remove 1 Aide: Rival"


def test_adam_pierson_only_for_methos_through_the_cli(tmp_path):
    """The Methos Collection review: "Adam Pierson is a new pre-game Watcher, and only
    available to Methos" (http://www.watcherdatabase.tk/Articles/16.html)."""
    import json

    from typer.testing import CliRunner

    from conftest import BASIC_TITLES
    from hlcg.cli.app import app

    basics = "".join(f"3 {t}\n" for t in BASIC_TITLES)
    deck = tmp_path / "adam.txt"
    for persona, code, found in (
        ("Methos", 0, []),
        ("Duncan MacLeod", 1, [("HL201", "persona-specific", 4, ["adam-pierson"])]),
        ("Richie Ryan", 1, [("HL201", "persona-specific", 4, ["adam-pierson"])]),
    ):
        deck.write_text(
            f"Format: first-edition\nPersona: {persona}\nPre-Game:\nAdam Pierson\n"
            f"Endurance:\n{basics}5 Dodge\n"
        )
        result = CliRunner().invoke(app, ["validate", str(deck), "--output", "json"])
        [report] = json.loads(result.stdout)["decks"]
        problems = [p for p in report["problems"] if p["severity"] == "error"]
        assert result.exit_code == code, persona
        assert [(p["code"], p["rule"], p["line"], p["cards"]) for p in problems] == found
        if problems:
            assert problems[0]["message"] == (
                f"Adam Pierson: Methos is only for Methos; {persona} may not include it, "
                "and no borrowing permission admits it"
            )
