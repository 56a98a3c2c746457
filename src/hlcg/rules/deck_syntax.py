"""deck-syntax (HL001): every deck line must be readable.

A line that is not a comment, a blank, a header (`Pre-Game:`, `Endurance:`, `Deck:`,
`Persona:`, `Format:`) or an entry `COUNT NAME` is reported with its line number; the
other lines are still checked. Also reported: counts that are not whole numbers from 1 to
999, unknown section headers, a second `Persona:` or `Format:` line, a file that is not
UTF-8 (a warning), and pre-game cards listed under `Endurance:` (a warning).

Source: the deck file format of hlcg (docs/deck-format.md).

Failing example:

    0 Thrust
    Sideboard:

Fix: write each card as `COUNT NAME`, using `Pre-Game:` and `Endurance:` sections only.
"""

from hlcg.rules.base import Rule, no_check

RULE = Rule("HL001", "deck-syntax", "Every deck line can be read", no_check)
