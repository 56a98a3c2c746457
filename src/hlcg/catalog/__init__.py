"""The card catalogue: sourced rows, the SQLite build, lookup and search."""
