"""Tests of `hlcg serve` (a package, so its conftest does not shadow tests/conftest.py)."""
