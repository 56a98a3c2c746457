"""Card modifiers decoded into typed records: the same facts the catalogue contract holds."""

from __future__ import annotations

import typing

import pytest

from hlcg.curation import models as contract
from hlcg.rules.borrowing import KINDS, Borrow, HandIcons, decode, encode, of_kind


def test_every_shipped_modifier_decodes_and_encodes_back(shipped):
    raw = [m for card in shipped.cards.values() for m in card.modifiers]
    assert raw, "the shipped catalogue records modifiers"
    for modifier in raw:
        record = decode(modifier)
        assert type(record) is KINDS[modifier["kind"]]
        assert encode(record) == modifier  # the stored row names every parameter
        assert list(encode(record)) == list(modifier)  # in the contract's order


def test_records_match_the_contract_models():
    """One record per contract kind, with the model's fields and defaults."""
    union = typing.get_args(typing.get_args(contract.Modifier)[0])
    by_kind = {typing.get_args(m.model_fields["kind"].annotation)[0]: m for m in union}
    assert set(by_kind) == set(KINDS)
    for kind, model in by_kind.items():
        record = KINDS[kind]
        fields = {name: f for name, f in model.model_fields.items() if name != "kind"}
        assert record._fields == tuple(fields), kind
        for name, field in fields.items():
            default = record._field_defaults.get(name, ...)
            expected = ... if field.is_required() else field.default
            assert default == expected, (kind, name)


def test_decoding_fills_defaults_and_refuses_unknown_kinds():
    assert decode({"kind": "borrow"}) == Borrow(per_persona=1, include_reserved=False)
    assert encode(HandIcons("Axe", 1)) == {"kind": "hand-icons", "title": "Axe", "hand_icons": 1}
    records = [decode({"kind": "borrow", "per_persona": 2}), HandIcons("Axe", 1)]
    assert of_kind(records, Borrow) == [Borrow(per_persona=2)]
    with pytest.raises(KeyError):
        decode({"kind": "teleport"})
