"""Rules on which persona may use a card: cards that name a persona (persona-specific,
Reserved, Signature, Premium, Quickening), borrowing from other personas, Master cards and
the Weapon of Choice.

Each rule is its check function, whose docstring is the rule's documentation
(`hlcg rules CODE` prints it); the registry lists them in order.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hlcg.catalog import is_weapon_card, named_personas, named_weapon, normalise
from hlcg.deck import PREGAME, ResolvedDeck
from hlcg.problems import Finding, Level
from hlcg.rules.base import Param, Rule
from hlcg.rules.borrowing import GENERIC_IMMORTAL, Refusal, RefusalKind
from hlcg.rules.context import Context, refusals
from hlcg.rules.legality import removal_or_replacement
from hlcg.wording import plural

# Refusals this rule reports: cards of another persona or faction no permission admits.
PERSONA_SPECIFIC_KINDS = (
    RefusalKind.FACTION,
    RefusalKind.OTHER_PERSONA,
    RefusalKind.NO_GENERIC_PERMISSION,
    RefusalKind.ONLY_PERSONA,
)


def check_persona_specific(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """persona-specific (HL201): no card whose subtitle names another persona.

    When you play a Persona you may only include Persona-specific cards of that Persona; a card
    whose subtitle names a faction is only for the faction's members. Borrowing permissions
    (Generic Immortal, `borrow`, `allowance`, `any-master-cards`) are applied first; what is
    left is reported here (Reserved and Signature cards are reported by their own rules). A
    card whose `only-persona` modifier names another persona (Adam Pierson, "only available to
    Methos") is reported here whatever permissions the deck has.

    Unknown facts: a subtitle names a persona, faction or weapon only when the catalogue holds
    one of that name; any other subtitle ("Middle Left", "Horizontal") is a descriptor, and the
    card is generic.

    Source: seed 001 (Immortal-Specific Cards; Persona Cards); seed 002 (Card Anatomy:
    Sub-Title; Persona Cards); seed 000 (Persona Cards); the `only-persona` modifier's card row
    (Adam Pierson: http://www.watcherdatabase.tk/Articles/16.html).

    Failing example: `Persona: The Kurgan` with `1 Duck: Connor MacLeod`.

    Fix: remove the card, or replace it with a generic card or one of your persona's.

    Options: none; a format profile sets only its severity.
    """
    persona = deck.persona.title if deck.persona and not deck.is_generic else "a Generic Immortal"

    def describe(refusal: Refusal) -> str:
        card = refusal.deck_card.card
        if refusal.kind is RefusalKind.ONLY_PERSONA:
            return (
                f"{card.name} is only for {refusal.owner}; {persona} may not include it, "
                "and no borrowing permission admits it"
            )
        message = f"{card.name} is specific to {card.subtitle}; {persona} may not include it"
        if refusal.kind is RefusalKind.NO_GENERIC_PERMISSION:
            message += (
                " (another persona's card; the Generic Immortal permission does not apply in "
                f"{deck.format})"
            )
        return message

    yield from refusals(context, PERSONA_SPECIFIC_KINDS, describe)


PERSONA_SPECIFIC = Rule(
    "HL201", "persona-specific", "No other persona's cards", check_persona_specific, persona=True
)


def check_reserved(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """reserved (HL202): Reserved cards only for the persona named on them.

    A Generic Immortal may include none. Permissions that allow Reserved cards of other
    personas (`borrow` or `any-master-cards` with include_reserved, `allowance`) are applied
    before this rule.

    Unknown facts: the catalogue records Reserved as true or false (an empty field is false,
    docs/catalogue.md), so a card not marked Reserved is not reported here.

    Source: seed 001 (Reserved Cards; Generic Immortal); seed 002 (Reserved or Signature
    Symbol); seed 000 (Signature Cards).

    Failing example: a Generic Immortal with `1 Luck: Richie Ryan` (Reserved).

    Fix: remove the card.

    Options: none; a format profile sets only its severity.
    """
    who = "a Generic Immortal" if deck.is_generic else (deck.persona.title if deck.persona else "")
    yield from refusals(
        context,
        (RefusalKind.RESERVED,),
        lambda r: (
            f"{r.deck_card.card.name} is Reserved to {r.deck_card.card.subtitle}; "
            f"{who} may not include it"
        ),
    )


RESERVED = Rule(
    "HL202", "reserved", "Reserved cards only for their persona", check_reserved, persona=True
)


def check_signature(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """signature (HL203): Signature cards only for the persona named on them.

    No persona power or card effect lifts this: not Richie Ryan's borrowing, not an
    allowance, not Methos' use of other personas' Master cards.

    Unknown facts: the catalogue records Signature as true or false (an empty field is false,
    docs/catalogue.md), so a card not marked Signature is not reported here.

    Source: seed 000 (Signature Cards); seed 002 (Reserved or Signature Symbol); research
    rules-notes.md section 6 (http://www.watcherdatabase.tk/Articles/19.html).

    Failing example: `Persona: Richie Ryan` with a Signature card of Duncan MacLeod.

    Fix: remove the card.

    Options: none; a format profile sets only its severity.
    """
    yield from refusals(
        context,
        (RefusalKind.SIGNATURE,),
        lambda r: (
            f"{r.deck_card.card.name} is a Signature card of {r.deck_card.card.subtitle}; "
            "no other persona may include it"
        ),
    )


SIGNATURE = Rule(
    "HL203", "signature", "Signature cards only for their persona", check_signature, persona=True
)


def check_premium_persona(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """premium-persona (HL305): a Premium only with its own Persona.

    A Premium names its persona in its title or subtitle (Grayson, +1 Ability). A Premium
    that names no persona (Methuselah Stone, a set Premium) is not checked by this rule.

    Unknown facts: a Premium is known by its type; a card whose type is not recorded is not
    checked here.

    Source: seed 000 (Premium Cards); research rules-notes.md section 8
    (http://www.watcherdatabase.tk/Cards/Card/141.html, https://www.mleccg.com/mlc/DDC%20Spoiler.txt).

    Failing example: `Persona: Duncan MacLeod` with the Grayson Premium.

    Fix: remove the Premium, or play its persona.

    Options: none; a format profile sets only its severity.
    """  # noqa: E501
    own = deck.persona_names
    personas = context.catalogue.persona_names
    for deck_card in deck.pregame:
        card = deck_card.card
        if card.type != "premium":
            continue
        named = {normalise(card.title)} | ({normalise(card.subtitle)} if card.subtitle else set())
        belongs = named & personas
        if belongs and not belongs & own:
            who = "a Generic Immortal" if deck.is_generic else deck.persona.title  # type: ignore[union-attr]
            yield Finding(
                f"{card.name} is a Premium of {card.title}; {who} may not use it",
                cards=(card.id,),
                line=deck_card.line,
                fix=f"remove {card.name}",
                edits=(("remove", card.id, deck_card.count),),
            )


PREMIUM_PERSONA = Rule(
    "HL305",
    "premium-persona",
    "A Premium only with its own Persona",
    check_premium_persona,
    persona=True,
)


def check_quickening_own_persona(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """quickening-own-persona (HL304): no Quickening of the persona you play.

    A Quickening names its persona in its title or subtitle.

    Unknown facts: a Quickening is known by its type; a card whose type is not recorded is not
    checked here.

    Source: seed 002 (Pre-Game Cards).

    Failing example: `Persona: Duncan MacLeod` with a Duncan MacLeod Quickening.

    Fix: remove the Quickening, or play another persona's.

    Options: none; a format profile sets only its severity.
    """
    own = deck.persona_names
    for deck_card in deck.pregame:
        card = deck_card.card
        if card.type != "quickening":
            continue
        named = {normalise(card.title)} | ({normalise(card.subtitle)} if card.subtitle else set())
        if named & own:
            yield Finding(
                f"{card.name} is the Quickening of {deck.persona.title if deck.persona else ''}, "
                "the persona this deck plays",
                cards=(card.id,),
                line=deck_card.line,
                fix=f"remove {card.name}",
                edits=(("remove", card.id, deck_card.count),),
            )


QUICKENING_OWN_PERSONA = Rule(
    "HL304",
    "quickening-own-persona",
    "No Quickening of your own persona",
    check_quickening_own_persona,
    persona=True,
)


# Refusals this rule reports: copies beyond what a borrowing permission admits.
GENERIC_BORROW_KINDS = (RefusalKind.OVER_GENERIC_COPIES, RefusalKind.OVER_BUDGET)


def check_generic_borrow(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """generic-borrow (HL204): borrowing from other personas stays within its allowance.

    A Generic Immortal may include at most one copy of any non-Reserved persona-specific card.
    A persona with a `borrow` modifier (Richie Ryan) may take `per_persona` cards from each other
    persona; each `allowance` card (Type Two Darius) admits `count` non-Signature cards of
    personas you are not playing, in a Generic Immortal's deck too (it plays no persona), after
    its own permission. Copies beyond these are reported here.

    Unknown facts: the copies counted and the allowances are always known. A permission no
    source confirms for the format (the Generic Immortal's in Type One) admits the cards and
    lists them in a note (`unchecked`), neither an error nor a silent pass. A card held in more
    copies than it would admit is an error that says the permission is unconfirmed, and the
    note does not name it: a note never contradicts an error about the same card.

    Source: seed 001 (Generic Immortal); research rules-notes.md sections 3 and 6 and
    rules-notes-2.md 1.7 (http://www.watcherdatabase.tk/Articles/19.html,
    https://www.highlanderthecardgame.com/keywords).

    Failing example: a Generic Immortal with `2 Seduce: Amanda`.

    Fix: keep one copy (or what the allowance admits) and remove the rest.

    Options: `generic_copies` (int, default 1): copies of one card a Generic Immortal may
    borrow.
    """
    unconfirmed = context.borrowing.unconfirmed
    refused: set[str] = set()
    for refusal in context.borrowing.refusals:
        if refusal.kind not in GENERIC_BORROW_KINDS:
            continue
        deck_card = refusal.deck_card
        excess = deck_card.count - refusal.allowed
        if refusal.kind is RefusalKind.OVER_GENERIC_COPIES:
            message = (
                f"{deck_card.count} copies of {deck_card.card.name}; a Generic Immortal may "
                f"include at most {refusal.allowed} of a persona-specific card"
            )
            if deck_card.card.id in unconfirmed:
                # The error says so itself: a note calling the card admitted would
                # contradict it.
                refused.add(deck_card.card.id)
                message += f", and that only if the permission holds in {deck.format}"
        else:
            # The owner is known by its normalised name; the card's own subtitle names it
            # as printed, so it is not named twice ("Jump: Duncan MacLeod of duncan macleod").
            subtitle = deck_card.card.subtitle
            whose = (
                "" if subtitle and normalise(subtitle) == refusal.owner else f" of {refusal.owner}"
            )
            message = (
                f"{deck_card.count} copies of {deck_card.card.name}{whose}; "
                f"your borrowing permissions cover {refusal.allowed}"
            )
        yield Finding(
            message,
            cards=(deck_card.card.id,),
            line=deck_card.line,
            fix=f"remove {excess} {deck_card.card.name}",
            edits=(("remove", deck_card.card.id, excess),),
        )

    refused |= _masters_refused(deck, context)
    unconfirmed = [card_id for card_id in unconfirmed if card_id not in refused]
    if unconfirmed:
        yield Finding(
            f"the Generic Immortal permission ({GENERIC_IMMORTAL.summary}) is not confirmed "
            f"for {deck.format}; admitted but unchecked: {context.names(unconfirmed)}",
            cards=tuple(unconfirmed),
            fix="check the format's rules by hand (`hlcg rules permissions`)",
            unchecked=True,
        )


def _masters_refused(deck: ResolvedDeck, context: Context) -> set[str]:
    """Master cards a Generic Immortal may not hold at all (`master-limit`'s error): the
    permission's note must not call them admitted."""
    setting = context.profile.settings["master-limit"]
    if not deck.is_generic or setting.severity == Level.OFF or setting.params["generic_limit"]:
        return set()
    return {dc.card.id for dc in deck.endurance if dc.card.is_master}


GENERIC_BORROW = Rule(
    "HL204",
    "generic-borrow",
    "Borrowed cards within the allowance",
    check_generic_borrow,
    params=(
        Param(
            "generic_copies",
            int,
            1,
            "seed 001 §Generic Immortal: up to one of any Immortal-Specific card",
        ),
    ),
    persona=True,
    count_limit=True,
)


def check_master_limit(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """master-limit (HL205): Master cards at most the persona's Master limit.

    A Master card is any card with the word Master in any form in its title (Master's Block,
    Weapon Master, Master Swordsman, Master of the Katana). The limit is the number on the
    Persona card (first edition) or its Master gem (2nd Edition). A Generic Immortal may
    include none. Methos' `any-master-cards` lets him use other personas' Master cards, still
    within his limit.

    Unknown facts: a Master card is known by its title, so the count is always known. A recorded
    limit is exact: more Master cards than it is an error. A persona whose Master limit (and
    Master gem) is not recorded leaves the verdict open: a note (`unchecked`, naming the Master
    cards) when the deck holds any, nothing when it holds none.

    Source: seed 001 (Master's Cards); seed 000 (Master Cards; Attribute Restrictions); seed 002
    (Persona Cards; Card Groups); research rules-notes.md section 4.

    Failing example: `Persona: Richie Ryan` (limit 5) with 6 Master cards.

    Fix: remove Master cards down to the limit.

    Options: `generic_limit` (int, default 0): the Master cards a Generic Immortal may
    include.
    """
    masters = [dc for dc in deck.endurance if dc.card.is_master]
    used = sum(dc.count for dc in masters)
    if not used:
        return
    if deck.is_generic:
        limit: int | None = params["generic_limit"]
        who = "a Generic Immortal"
    else:
        assert deck.persona is not None
        limit = deck.persona.effective_master_limit
        who = deck.persona.title
    ids = tuple(sorted(dc.card.id for dc in masters))
    if limit is None:
        yield Finding(
            f"{who} has no Master limit recorded; {plural(used, 'Master card')} could not be "
            f"checked: {context.names(ids)}",
            cards=ids,
            unchecked=True,
        )
        return
    if used > limit:
        largest = max(masters, key=lambda dc: (dc.count, dc.card.id))
        yield Finding(
            f"{plural(used, 'Master card')} ({context.names(ids)}); {who} may include {limit}",
            cards=ids,
            line=min((dc.line for dc in masters if dc.line is not None), default=None),
            fix=f"remove {used - limit} {largest.card.name}"
            if largest.count >= used - limit
            else f"remove {plural(used - limit, 'Master card')}",
            edits=(("remove", largest.card.id, min(used - limit, largest.count)),),
        )


MASTER_LIMIT = Rule(
    "HL205",
    "master-limit",
    "Master cards within the persona's limit",
    check_master_limit,
    params=(
        Param(
            "generic_limit",
            int,
            0,
            "seed 001 §Master's Cards: Generic Immortals may not use Master's cards",
        ),
    ),
    persona=True,
    count_limit=True,
    judges_candidates=True,
)


def check_weapon_specific(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """weapon-specific (HL309): Weapon-specific cards only with that Weapon of Choice.

    A card whose subtitle names a Weapon of Choice (Slice: Rapier) needs that weapon under
    `Pre-Game:`. Where a subtitle names both a weapon and a persona (Katana), the card is
    allowed with either; Reserved and Signature cards of that name are the persona's.

    Unknown facts: a subtitle names a weapon only when the catalogue holds a Weapon of Choice
    of that title; a card whose subtitle names none is not a weapon card. The weapon in the
    pre-game is known by its type.

    Source: seed 002 (Card Anatomy: Sub-Title; Weapons of Choice); seed 000 (Weapon Specific
    Cards); research rules-notes.md section 9.

    A weapon that an unrecognised pre-game line may name (it is among the line's did-you-mean
    cards) counts as present: the problem on that line covers it, so one typo is one problem.

    Failing example: `1 Slice: Rapier` without the Rapier Weapon of Choice.

    Fix: add the Weapon of Choice to the pre-game, or remove the card.

    Options: none; a format profile sets only its severity.
    """
    own = deck.persona_names
    catalogue = context.catalogue
    cards = catalogue.cards
    maybe_named = {
        normalise(cards[i].title)
        for u in deck.unresolved
        if u.section == PREGAME
        for i in u.card_ids
        if i in cards and cards[i].type == "weapon-of-choice"
    }
    present = context.weapons_in_pregame | maybe_named
    for deck_card in deck.endurance:
        card = deck_card.card
        if not is_weapon_card(catalogue, card):
            continue
        weapon = named_weapon(catalogue, card)
        if weapon in present or named_personas(catalogue, card) & own:
            continue
        finding = removal_or_replacement(
            context,
            deck_card,
            f"{card.name} is specific to the {card.subtitle} Weapon of Choice, which is not "
            "in the pre-game",
        )
        yield finding._replace(fix=f"add {card.subtitle} under Pre-Game:, or {finding.fix}")


WEAPON_SPECIFIC = Rule(
    "HL309",
    "weapon-specific",
    "Weapon cards need their Weapon of Choice",
    check_weapon_specific,
    persona=True,
    judges_candidates=True,
)
