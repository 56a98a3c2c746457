"""Compact per-rule tests: a deck against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from pathlib import Path

from conftest import BASIC_TITLES, errors
from hlcg.rules.registry import RULES


def test_base_deck_is_legal_with_no_warnings(check):
    report = check("Persona: Hero")
    assert report.problems == []
    assert report.legal


def test_deck_size_counts_endurance_only(check):
    report = check("Persona: Hero\nPre-Game:\nBlade", base=BASE_49)
    assert errors(report) == [("deck-size", ())]
    assert report.problems[0].message == "Endurance has 49 cards, at least 50 are required"


BASE_49 = "\n".join(f"3 {t}" for t in BASIC_TITLES) + "\n4 Filler\n"


def test_basics_names_the_missing_ones(check):
    base = BASE_49.replace("3 Thrust\n", "").replace("3 Lower Right Block\n", "")
    base += "1 Filler\n3 Strike: A\n3 Strike: B\n"
    report = check("Persona: Hero", base=base)
    assert errors(report) == [("basics", ("thrust", "lower-right-block"))]
    assert (
        "missing 2 of the 15 basic cards: Thrust, Lower Right Block" in report.problems[0].message
    )


def test_title_limit_counts_every_version_and_pregame(check):
    report = check("Persona: Hero\n4 Strike: A\n3 Strike: B")
    assert errors(report) == [("title-limit", ("strike-a", "strike-b"))]
    assert "7 cards titled 'Strike'" in report.problems[0].message
    assert check("Persona: Hero\n3 Strike: A\n3 Strike (B)").legal


def test_title_limit_includes_pregame_cards(check):
    report = check("Persona: Hero\nPre-Game:\nFriend\nEndurance:\n6 Watcher: Eye\n")
    assert report.legal
    report = check("Persona: Hero\nPre-Game:\nFriend\nEndurance:\n6 Friend")
    assert errors(report) == [("title-limit", ("friend", "friend-situation"))]
    assert report.problems[0].message == (
        "7 cards titled 'Friend' (1 Friend, 6 Friend); at most 6 may share a title"
    )


def test_restriction_per_card(check):
    report = check("Persona: Hero\n3 Rare")
    assert errors(report) == [("restriction", ("rare",))]
    assert report.problems[0].message == "3 copies of Rare; restricted to 2"
    assert report.problems[0].fix == "remove 1 Rare"


def test_restriction_bonus_raises_normal_cards_only(check):
    assert check("Persona: Hero\nPre-Game:\nElder\nEndurance:\n3 Rare").legal
    report = check("Persona: Hero\nPre-Game:\nElder\nEndurance:\n4 Rare")
    assert errors(report) == [("restriction", ("rare",))]
    assert "(restriction 2 + 1 from Darius)" in report.problems[0].message


def test_persona_specific(check):
    report = check("Persona: Hero\n1 Move: Rival")
    assert errors(report) == [("persona-specific", ("rival-move",))]
    assert check("Persona: Rival\n2 Move: Rival").legal


def test_reserved_never_for_generic(check):
    report = check("1 Res: Rival")
    assert errors(report) == [("reserved", ("res",))]
    assert check("Persona: Rival\n1 Res: Rival").legal


def test_signature_not_lifted_by_any_modifier(check):
    assert errors(check("Persona: Borrower\n1 Sig: Rival")) == [("signature", ("sig",))]
    assert errors(check("Persona: Hero\n1 Pass\n1 Sig: Rival")) == [("signature", ("sig",))]
    assert errors(check("1 Sig: Rival")) == [("signature", ("sig",))]
    assert check("Persona: Rival\n1 Sig: Rival").legal


def test_generic_borrow_one_copy_in_first_edition(check):
    assert check("1 Move: Rival", fmt="first-edition").legal
    report = check("2 Move: Rival", fmt="first-edition")
    assert errors(report) == [("generic-borrow", ("rival-move",))]
    assert "a Generic Immortal may include at most 1" in report.problems[0].message


def test_generic_permission_per_format(check):
    # Type Two: only the persona named in the title box may include the card (seed 002).
    report = check("1 Move: Rival", fmt="type-two")
    assert errors(report) == [("persona-specific", ("rival-move",))]
    assert "the Generic Immortal permission does not apply in type-two" in (
        report.problems[0].message
    )
    # Type One: no source either way; admitted, and listed as a data gap.
    report = check("1 Move: Rival", fmt="type-one")
    assert report.legal
    assert [(p.rule, p.severity, p.cards) for p in report.problems] == [
        ("unchecked", "note", ("rival-move",))
    ]
    assert "generic-borrow: the Generic Immortal permission" in report.problems[0].message
    assert "not confirmed for type-one" in report.problems[0].message


def test_borrow_modifier_one_card_per_persona_reserved_included(check):
    assert check("Persona: Borrower\n1 Res: Rival").legal
    report = check("Persona: Borrower\n1 Res: Rival\n1 Move: Rival")
    assert errors(report) == [("generic-borrow", ("rival-move",))]


def test_allowance_modifier_admits_one_card(check):
    assert check("Persona: Hero\n1 Pass\n1 Move: Rival").legal
    report = check("Persona: Hero\n1 Pass\n2 Move: Rival")
    assert errors(report) == [("generic-borrow", ("rival-move",))]
    assert "your borrowing permissions cover 1" in report.problems[0].message


def test_master_limit(check):
    report = check("Persona: Hero\n3 Weapon Master")
    assert errors(report) == [("master-limit", ("weapon-master",))]
    assert "3 Master cards (Weapon Master); Hero may include 2" in report.problems[0].message
    assert errors(check("1 Weapon Master")) == [("master-limit", ("weapon-master",))]


def test_any_master_cards_modifier(check):
    assert check("Persona: Sage\n2 Master's Block: Rival").legal
    report = check("Persona: Sage\n2 Master's Block: Rival\n2 Weapon Master")
    assert errors(report) == [("master-limit", ("masters-block-rival", "weapon-master"))]
    assert errors(check("Persona: Hero\n1 Master's Block: Rival")) == [
        ("persona-specific", ("masters-block-rival",))
    ]


def test_gem_cap_counts_icons(check):
    assert check("Persona: Hero\n1 Gemmy").legal  # 2 agility gems, cap 3
    report = check("Persona: Hero\n2 Gemmy")
    assert errors(report) == [("gem-cap", ("gemmy",))]
    assert report.problems[0].message.startswith("4 agility gems; the cap is 3")
    assert report.gems["agility"] == {"used": 4, "cap": 3}


def test_gem_cap_off_in_first_edition(check):
    assert check("Persona: Hero\n2 Gemmy", fmt="first-edition").legal


def test_unknown_gems_are_reported_not_passed(check):
    report = check("Persona: Hero\n1 Mystery")
    assert report.legal
    (warning,) = report.problems
    assert (warning.rule, warning.severity, warning.cards) == (
        "unchecked",
        "note",
        ("unknown-gems",),
    )
    assert warning.message == "gem-cap: gem counts not recorded for 1 card: Mystery"


def test_unknown_persona_values_are_reported(check):
    report = check("Persona: Rival")
    assert [(p.rule, p.severity) for p in report.problems] == [("unchecked", "note")]
    assert "Rival has no recorded value for master, agility" in report.problems[0].message


def test_pregame_limit_and_exempt(check):
    six = "Pre-Game:\nTrinket\nTrinket Two\nTrinket Three\nTrinket Four\nTrinket Five\n"
    assert check("Persona: Hero\n" + six + "Stone").legal
    report = check("Persona: Hero\n" + six + "Trinket Six")
    assert [r for r, _ in errors(report)] == ["pregame-limit"]
    assert report.problems[0].message == "7 pre-game cards; at most 6 may be used"
    assert check("Persona: Hero\n" + six + "Trinket Six", fmt="first-edition").legal


def test_pregame_unique(check):
    assert errors(check("Persona: Hero\nPre-Game:\n2 Trinket")) == [
        ("pregame-unique", ("trinket-1",))
    ]


def test_persona_count(check):
    report = check("Persona: Hero\nPre-Game:\nRival")
    assert errors(report) == [("persona-count", ("rival", "hero"))]


def test_quickening_own_persona(check):
    report = check("Persona: Hero\nPre-Game:\nQuickening: Hero")
    assert errors(report) == [("quickening-own-persona", ("hero-quickening",))]
    assert check("Persona: Hero\nPre-Game:\nQuickening: Rival").legal


def test_premium_persona(check):
    assert check("Persona: Hero\nPre-Game:\nHero: +1").legal
    assert errors(check("Persona: Hero\nPre-Game:\nRival: +1")) == [
        ("premium-persona", ("rival-premium",))
    ]
    assert errors(check("Pre-Game:\nRival: +1")) == [("premium-persona", ("rival-premium",))]


def test_watcher_hunter_one_of_either(check):
    report = check("Persona: Hero\nPre-Game:\nFriend\nStalker")
    assert errors(report) == [("watcher-hunter", ("friend", "stalker"))]


def test_only_watcher_modifier(check):
    assert check("Persona: Sage\nPre-Game:\nFriend").legal
    report = check("Persona: Sage\nPre-Game:\nSpy")
    assert errors(report) == [("watcher-hunter", ("spy",))]
    assert "Sage may be assigned no Watcher but Friend" in report.problems[0].message


def test_watcher_cards_need_watcher_pregame(check):
    report = check("Persona: Hero\n1 Watcher: Eye")
    assert errors(report) == [("watcher-cards", ("watcher-eye",))]
    assert check("Persona: Hero\nPre-Game:\nFriend\nEndurance:\n1 Watcher: Eye").legal
    assert check("Persona: Hero\n1 Watcher: Eye", fmt="first-edition").legal


def test_hunter_cards_need_hunter_pregame(check):
    assert errors(check("Persona: Hero\n1 Hunter's Net")) == [("hunter-cards", ("hunter-net",))]
    assert check("Persona: Hero\nPre-Game:\nStalker\nEndurance:\n1 Hunter's Net").legal


def test_weapon_specific(check):
    assert errors(check("Persona: Hero\n1 Cut: Blade")) == [("weapon-specific", ("blade-cut",))]
    assert check("Persona: Hero\nPre-Game:\nBlade\nEndurance:\n1 Cut: Blade").legal


def test_hand_icons_and_modifier(check):
    assert errors(check("Persona: Hero\nPre-Game:\nBlade\nAxe")) == [
        ("hand-icons", ("blade", "axe"))
    ]
    assert check("Persona: Axeman\nPre-Game:\nBlade\nAxe", fmt="first-edition").legal


def test_format_legality(check):
    assert check("Persona: Hero\n1 Relic").legal
    report = check("Persona: Hero\n1 Relic", fmt="first-edition")
    assert errors(report) == [("format-legality", ("relic",))]


def test_every_rule_has_a_test_here():
    text = Path(__file__).read_text(encoding="utf-8")
    covered = {
        name for name in RULES if f'"{name}"' in text or f"test_{name.replace('-', '_')}" in text
    }
    syntax_rules = {"deck-syntax", "unknown-card", "ambiguous-card", "unchecked"}
    assert set(RULES) - covered - syntax_rules == set()
