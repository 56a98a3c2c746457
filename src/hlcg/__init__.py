"""hlcg: card catalogue and deck checker for Highlander: The Card Game."""

__version__ = "0.1.0"

# Bumped whenever a rule's behaviour changes; part of every deck fingerprint.
RULESET_VERSION = "2026.11.1"
