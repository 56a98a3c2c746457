"""deck-syntax (HL001): every deck line must be readable.

A line that is not a comment, a blank, a header (`Pre-Game:`, `Endurance:`, `Deck:`,
`Persona:`, `Format:`) or an entry `COUNT NAME` is reported with its line number; the
other lines are still checked. Also reported: counts that are not whole numbers from 1 to
999, unknown section headers, a second `Persona:` or `Format:` line, a file that is not
UTF-8 (a warning), pre-game cards listed under `Endurance:` and in-game cards under
`Pre-Game:` (warnings), and set codes that match no printing (one warning per deck).

Unknown facts: none; it reads the deck's text, not the catalogue's facts.

Source: the deck file format of hlcg (docs/deck-format.md).

Failing example:

    0 Thrust
    Specials:

Fix: write each card as `COUNT NAME`, under `Pre-Game:`, `Endurance:` or `Sideboard:`.

Options: none; a format profile sets only its severity.
"""

from hlcg.rules.base import Rule, no_check

RULE = Rule("HL001", "deck-syntax", "Every deck line can be read", no_check)
