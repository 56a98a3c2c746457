"""Decks: text in, ``Deck`` out (readers), then names -> cards (resolve)."""
