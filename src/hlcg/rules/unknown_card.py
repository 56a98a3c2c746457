"""unknown-card (HL002): every name must be a card of the catalogue.

A name that matches no id, title, "Title: Subtitle", alias or normalised form is reported
with its line number and the closest names as did-you-mean suggestions. A set code that
no version of the card was printed in is reported here too.

Unknown facts: a name the catalogue does not hold is this error, never a guess at a card;
its copies still count toward the Endurance (`deck-size`), and no other rule counts them.

Source: the catalogue (`hlcg card NAME` finds cards despite typos).

Failing example: `3 Uper Left Atack`

Fix: use one of the suggested names, or look the card up with `hlcg card`.

Options: none; a format profile sets only its severity.
"""

from hlcg.rules.base import Rule, no_check

RULE = Rule("HL002", "unknown-card", "Every card name is in the catalogue", no_check)
