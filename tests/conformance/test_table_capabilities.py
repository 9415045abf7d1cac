"""The table sizes and starts an engine declares (capabilities ``players`` and ``starts``):
optional, so an engine written before them is read as it was; checked, with the field named
when they are wrong; and a case at another table or from another start is not sent."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from napspec.conformance.harness import applicable, check_hello
from napspec.protocol import ProtocolError

HELLO: dict[str, Any] = {
    "protocol": "napspec/1.2",
    "engine": {"name": "four-handed", "version": "1"},
    "capabilities": {"profiles": [], "options": {}, "variants": [], "queries": ["state"], "irregular_play": False},
}


def test_a_handshake_without_table_sizes_or_starts_is_read_as_before() -> None:
    assert check_hello(copy.deepcopy(HELLO)) == HELLO
    fits, why = applicable(
        {"options": {}, "queries": ["state"], "players": 7, "start": {"deck": []}}, HELLO["capabilities"]
    )
    assert fits and not why


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("players", [1], "capabilities.players[0]"),
        ("players", [], "capabilities.players"),
        ("players", ["4"], "capabilities.players[0]"),
        ("starts", ["cut"], "capabilities.starts[0]"),
        ("starts", ["hands", "hands"], "capabilities.starts"),
    ],
)
def test_wrong_table_sizes_or_starts_are_refused_naming_the_field(field: str, value: object, named: str) -> None:
    hello = copy.deepcopy(HELLO)
    hello["capabilities"][field] = value
    with pytest.raises(ProtocolError, match=named.replace("[", r"\[").replace("]", r"\]")):
        check_hello(hello)


def test_a_case_at_a_table_or_from_a_start_the_engine_does_not_play_is_not_sent_and_says_why() -> None:
    capabilities = {**HELLO["capabilities"], "players": [4], "starts": ["hands"]}
    assert applicable({"options": {}, "queries": ["state"], "players": 4, "start": {"hands": []}}, capabilities) == (
        True,
        "",
    )
    fits, why = applicable({"options": {}, "queries": ["state"], "players": 3, "start": {"draw": []}}, capabilities)
    assert not fits
    assert why == "table size 3 is not seated (seats 4); start draw is not played (plays hands)"


def test_a_hands_start_with_a_stock_or_a_peep_card_is_a_hands_start() -> None:
    capabilities = {**HELLO["capabilities"], "starts": ["hands"]}
    start = {"stock": [], "peep_card": "2C", "hands": []}
    assert applicable({"options": {}, "queries": ["state"], "players": 4, "start": start}, capabilities) == (True, "")
