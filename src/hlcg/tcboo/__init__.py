"""There Can Be Only One (seed 003): its cards, Immortals, swords and locations, and the
check of home-made Immortal sheets."""

# The twelve Immortal stats, in the order seed 003 lists them (Immortal Stats).
STATS: tuple[str, ...] = (
    "wits",
    "will",
    "courage",
    "strength",
    "skill",
    "reflexes",
    "agility",
    "endurance",
    "initiative",
    "experience",
    "judgement",
    "size",
)
# The five sword stats (Sword Stats); the seed's table heads the first one "Sharp".
SWORD_STATS: tuple[str, ...] = ("sharpness", "impact", "speed", "guard", "length")
CARD_TYPES = {
    "A": "attack",
    "D": "defense",
    "B": "both",
    "S": "state",
    "X": "early event",
    "Z": "late event",
}
