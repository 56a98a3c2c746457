"""Deck-construction rules: one module per rule, a registry, format profiles, the engine."""
