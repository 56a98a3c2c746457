"""unchecked (HL900): what could not be checked for missing data (a note).

When a check needs a fact the catalogue does not record — a gem count, a restriction number,
a persona's attribute values or Master limit, a Weapon of Choice's hand icons, a card's type
— and its verdict depends on that fact, it cannot pass or fail the deck. It says so here,
naming the cards, instead of passing silently. The message starts with the rule that could
not finish.

Unknown facts: this rule is where they are reported. Each counting rule counts an
unrecorded fact at its least (a Weapon of Choice's hand icons as 1, a card's gems as none, a
restriction number as 1): what is known already over a limit is that rule's error, and a
verdict that depends on the unknown part is a note here; each rule's documentation says how
it bounds its facts.

Source: hlcg's data policy (README, "Real data only").

Failing example: a deck holding 2 copies of a card whose restriction number is not
recorded.

The text report says these gaps in one line per deck ("not checked (facts missing): gem caps
(23 cards), 9 restriction numbers") and lists the notes card by card only with `--select
unchecked`; the JSON, SARIF and JUnit reports keep every note (docs/formats.md).

Fix: record what your cards print: `hlcg db fill DECK` asks for the facts the deck's checks
lack; or check the named cards by hand. Curators can record the missing facts, with their
source, in their catalogue: `hlcg db gaps --output csv` writes a fact sheet of them to fill
in, and `hlcg db import SHEET.csv --db my.sqlite` records it (docs/catalogue.md).

Options: none; a format profile sets only its severity.
"""

from hlcg.problems import Severity
from hlcg.rules.base import Rule, no_check

RULE = Rule(
    "HL900", "unchecked", "Checks that could not be completed", no_check, severity=Severity.NOTE
)
