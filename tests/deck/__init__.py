"""Tests of hlcg.deck, laid out like the package (a package, as tests/web is)."""
