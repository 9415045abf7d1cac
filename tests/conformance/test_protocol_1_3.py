"""napspec/1.3: the lowest call. An engine of napspec/1.2 or older is taken to play the one
value every source gives it (a call of one), and is never sent a case at another value; the
reference engine plays every value of the option's range."""

from __future__ import annotations

from typing import Any

import pytest

from napspec.conformance.harness import InProcessEngine, for_protocol, options_added_in, sourced_value
from napspec.conformance.report_schemas import REPORT_SCHEMAS
from napspec.protocol import ADDED_BY_PROTOCOL, OPTIONS_BY_PROTOCOL, PROTOCOL, PROTOCOLS, UnsupportedCase
from napspec.protocol.schemas import load_schema
from napspec.reference.contract_adapter import ReferenceEngine
from napspec.spec import load
from napspec.suite.cases import make_case

HANDS = [["2C", "3C", "4C", "5C", "6C"], ["AS", "KS", "QS", "JS", "TS"], ["2H", "3H", "4H", "5H", "6H"]]
HANDS += [["2D", "3D", "4D", "5D", "6D"]]


def _case(lowest: int, actions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return make_case(
        "lowest/1",
        profile="britannica",
        overrides={"lowest-call": lowest},
        players=4,
        dealer=0,
        hands=[" ".join(hand) for hand in HANDS],
        actions=actions or [],
        queries=["state", "legal-actions"],
    )


def test_napspec_1_3_adds_the_lowest_call_and_nothing_else() -> None:
    assert PROTOCOLS.index("napspec/1.3") == PROTOCOLS.index(PROTOCOL) - 1
    assert options_added_in("napspec/1.3") == ("lowest-call",)
    assert set(OPTIONS_BY_PROTOCOL[PROTOCOL]) == set(load().options)
    assert ADDED_BY_PROTOCOL["napspec/1.3"].sourced_options == ("lowest-call",)
    assert not ADDED_BY_PROTOCOL["napspec/1.3"].actions and not ADDED_BY_PROTOCOL["napspec/1.3"].state_fields
    assert "napspec/1.3" in load_schema("common")["$defs"]["protocol"]["enum"]
    assert (
        REPORT_SCHEMAS.load("certification-report")["properties"]["engine"]["properties"]["protocol"]["$ref"]
        == "common.schema.json#/$defs/protocol"
    )


def test_every_source_plays_a_call_of_one_and_no_profile_another() -> None:
    register = load()
    assert sourced_value(register, "lowest-call") == 1
    assert {profile: register.profile_values(profile)["lowest-call"] for profile in register.profiles} == {
        "peel": 1,
        "hoyle": 1,
        "britannica": 1,
        "wikipedia": 1,
    }
    # Wikipedia's value rests on its lacuna, and says so.
    assert register.profiles["wikipedia"].choices["lowest-call"].interpretation == "wikipedia-allowed-bids"


@pytest.mark.parametrize("older", ["napspec/1", "napspec/1.1", "napspec/1.2"])
def test_an_older_engine_is_sent_only_the_sources_lowest_call(older: str) -> None:
    sent = for_protocol(_case(1), older)
    assert "lowest-call" not in sent["options"]
    with pytest.raises(
        UnsupportedCase,
        match=rf"the engine speaks {older}, which has no option 'lowest-call' \(the case has lowest-call=2\)",
    ):
        for_protocol(_case(2), older)
    # An older engine that declares the option is sent it, and left to applicability.
    kept = for_protocol(_case(2), older, {"options": {"lowest-call": [2]}})
    assert kept["options"]["lowest-call"] == 2


@pytest.mark.parametrize("lowest", [1, 2, 3])
def test_the_reference_engine_plays_every_lowest_call(lowest: int) -> None:
    engine = InProcessEngine(ReferenceEngine())
    assert engine.hello()["capabilities"]["options"]["lowest-call"] == [1, 2, 3]
    below = [{"type": "call", "seat": 1, "tricks": lowest - 1}] if lowest > 1 else []
    response = engine.run(_case(lowest, [*below, {"type": "call", "seat": 1, "tricks": lowest}]))
    calls = [action["tricks"] for action in response["answers"]["legal-actions"] if action["type"] == "call"]
    assert calls == list(range(lowest + 1, 6))  # seat 2, over seat 1's lowest call
    steps = response["steps"]
    if below:
        assert steps[0] == {**steps[0], "ok": False, "error": "invalid-action"}
    assert steps[-1]["ok"] and response["answers"]["state"]["to_act"] == 2
