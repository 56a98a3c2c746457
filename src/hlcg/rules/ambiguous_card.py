"""ambiguous-card (HL003): a name must point at one card.

When a name is shared by several cards and the section, the persona's own version and the
format do not decide between them, and the remaining cards differ in something deck
construction reads (type, subtitle, restriction, flags, gems, legality, modifiers), the
line is ambiguous. The message lists the candidates by name and id (as many as fit in
about 200 characters; the problem's cards hold every id) and says in one clause what differs.

Versions that differ only in text (Grayson's three Business as Usual) or only in subtitles
that name no persona, weapon or faction (Security Guard: Object and Security Guard:
Situation) are not ambiguous: no rule tells them apart, so a line naming their title may
mean any of them, and `restriction` pools its copies over them (a note when the verdict
depends on the split).

Unknown facts: a fact not recorded on one candidate and recorded on another is a
difference like any other. The line's copies count toward the Endurance (`deck-size`); no
other rule counts them until the line names one card.

Source: seed 000 (Deck Construction, Restricted Cards): several cards may share a title with
different texts; each text is its own card.

Failing example: `Persona: Connor MacLeod` in a deck whose format prefers neither version.

Fix: name the card by its id (`hlcg card NAME` lists them), e.g. `connor-macleod-se`.

Options: none; a format profile sets only its severity.
"""

from hlcg.rules.base import Rule, no_check

RULE = Rule("HL003", "ambiguous-card", "Every name points at one card", no_check)
