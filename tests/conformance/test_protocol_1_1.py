"""napspec/1.1: the schemas of the calls beyond Nap, the versions an engine and the harness
accept, and the negotiation that gives an engine of napspec/1 only what napspec/1 has."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from napspec.conformance.harness import (
    InProcessEngine,
    ProtocolEngine,
    away_from_plain,
    check_hello,
    check_result,
    for_protocol,
    options_added_since,
)
from napspec.protocol import (
    OPTIONS_BY_PROTOCOL,
    PROTOCOL,
    PROTOCOLS,
    EngineReportedError,
    ProtocolError,
    UnsupportedCase,
    serve,
    speaks,
    versions,
)
from napspec.protocol.schemas import errors, is_valid
from napspec.spec import load
from napspec.suite.cases import CaseError, cards_each, make_case

from .conftest import engine_command, small_case, toy_module

HANDS = ["2C 3C 4C 5C 6C", "AS KS QS JS TS", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D"]
SEVEN = ["2C 3C 4C 5C 6C 7C 8C", "AS KS QS JS TS 9S 8S", "2H 3H 4H 5H 6H 7H 8H", "2D 3D 4D 5D 6D 7D 8D"]


def variant_case(case_id: str, **overrides: Any) -> dict[str, Any]:
    """A four-player Hoyle case with the options ``overrides`` sets."""
    return make_case(
        case_id,
        profile="hoyle",
        overrides=overrides,
        hands=HANDS,
        actions=[{"type": "call", "seat": 1, "tricks": 3}],
        queries=["state"],
    )


# ----------------------------------------------------------------------------- versions


def test_the_versions_share_one_major_and_each_adds_options() -> None:
    assert PROTOCOLS == ("napspec/1", "napspec/1.1", "napspec/1.2", "napspec/1.3", "napspec/1.4")
    assert PROTOCOL == "napspec/1.4"
    assert set(OPTIONS_BY_PROTOCOL["napspec/1"]) < set(OPTIONS_BY_PROTOCOL["napspec/1.1"])
    assert set(OPTIONS_BY_PROTOCOL["napspec/1.1"]) < set(OPTIONS_BY_PROTOCOL["napspec/1.2"])
    assert set(OPTIONS_BY_PROTOCOL["napspec/1.2"]) < set(OPTIONS_BY_PROTOCOL["napspec/1.3"])
    # The newest version carries every option of the register; an option is added to the
    # register with a version of the protocol, or it is not sent to older engines.
    assert set(OPTIONS_BY_PROTOCOL[PROTOCOL]) == set(load().options)
    # Each added option has a plain value (the game of napspec/1), or one value every source
    # gives it (the lowest call), or is a detail of a call beyond Nap that the plain game
    # never reaches.
    details = [option for option in options_added_since("napspec/1") if load().options[option].plain is None]
    assert details == ["wellington-lead", "lowest-call"]


@pytest.mark.parametrize("protocol", ["napspec/2", "napspec/1.1.0", "napspec/1.5", "napspec/1.x", "", 1.1, None, ["a"]])
def test_speaks_only_the_known_versions(protocol: object) -> None:
    assert not speaks(protocol)


def test_a_hello_request_names_a_major_and_maybe_a_minor() -> None:
    assert is_valid("hello-request", {"cmd": "hello", "protocol": "napspec/1.1"})
    assert is_valid("hello-request", {"cmd": "hello", "protocol": "napspec/1"})
    assert not is_valid("hello-request", {"cmd": "hello", "protocol": "napspec/1.1.0"})
    assert not is_valid("hello-request", {"cmd": "hello", "protocol": "napspec/one"})


def _converse(*requests: dict[str, Any]) -> list[dict[str, Any]]:
    out = io.StringIO()
    toy = toy_module()

    class Toy:
        def hello(self) -> dict[str, Any]:
            hello: dict[str, Any] = toy.hello_response()
            return hello

        def run(self, case: dict[str, Any]) -> dict[str, Any]:
            response: dict[str, Any] = toy.run_response(case)
            return response

        def close(self) -> None:
            pass

    serve(Toy(), io.StringIO("".join(json.dumps(r) + "\n" for r in requests)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_serve_answers_a_hello_of_any_version_and_refuses_others() -> None:
    newest, new, old, two, deeper = _converse(
        {"cmd": "hello", "protocol": "napspec/1.3"},
        {"cmd": "hello", "protocol": "napspec/1.1"},
        {"cmd": "hello", "protocol": "napspec/1"},
        {"cmd": "hello", "protocol": "napspec/2"},
        {"cmd": "hello", "protocol": "napspec/1.1.0"},
    )
    assert is_valid("hello-response", new) and newest == new == old
    assert two["error"]["code"] == "bad-request"
    assert f"speaks {versions()}, not napspec/2" in two["error"]["message"]
    assert deeper["error"]["code"] == "bad-request" and "off-schema" in deeper["error"]["message"]


@pytest.mark.parametrize(
    ("protocol", "message"),
    [
        ("napspec/2", f"engine speaks napspec/2, the harness speaks {versions()}"),
        (
            "napspec/1.1.0",
            f"engine speaks napspec/1.1.0, the harness speaks {versions()}",
        ),
        ("napspec/1.\x1b[2J", "engine speaks napspec/1.\\x1b[2J, the harness"),
        (
            1.1,
            f"invalid hello response: protocol: 1.1 is not one of {list(PROTOCOLS)}",
        ),
        (None, "invalid hello response: protocol: None is not one of"),
    ],
)
def test_a_handshake_in_another_version_is_refused_clearly(protocol: object, message: str) -> None:
    hello = {**toy_module().hello_response(), "protocol": protocol}
    with pytest.raises(ProtocolError) as caught:
        check_hello(hello)
    assert message in str(caught.value)


def test_every_version_handshakes() -> None:
    for protocol in PROTOCOLS:
        assert check_hello({**toy_module().hello_response(), "protocol": protocol})["protocol"] == protocol


# ------------------------------------------------------------------------------ schemas


@pytest.mark.parametrize(
    "action",
    [
        {"type": "call", "seat": 1, "tricks": 7},
        {"type": "call", "seat": 1, "call": "misery"},
        {"type": "call", "seat": 1, "call": "wellington"},
        {"type": "call", "seat": 1, "call": "blucher"},
        {"type": "take-extra-hand", "seat": 2},
        {"type": "discard", "seat": 2, "cards": ["2C", "3C", "4C", "5C", "6C"]},
    ],
)
def test_the_new_actions(action: dict[str, Any]) -> None:
    assert errors("common", action, "action") == []


@pytest.mark.parametrize(
    "action",
    [
        {"type": "call", "seat": 1, "tricks": 8},
        {"type": "call", "seat": 1, "tricks": 5, "call": "wellington"},
        {"type": "call", "seat": 1},
        {"type": "call", "seat": 1, "call": "nap"},
        {"type": "call", "seat": 1, "call": "sir-garnet"},
        {"type": "take-extra-hand", "seat": 2, "cards": ["2C"]},
        {"type": "discard", "seat": 2, "cards": ["2C", "3C", "4C", "5C"]},
        {"type": "discard", "seat": 2, "cards": ["2C", "3C", "4C", "5C", "6C", "7C"]},
        {"type": "discard", "seat": 2},
    ],
)
def test_off_schema_new_actions_are_refused(action: dict[str, Any]) -> None:
    assert not is_valid("common", action, "action")


def _state(**changes: Any) -> dict[str, Any]:
    state: dict[str, Any] = {
        "phase": "play",
        "to_act": 1,
        "soloist": 1,
        "call": 0,
        "declaration": "misery",
        "extra_hand": None,
        "trumps": None,
        "tricks_won": [0, 0, 0, 0],
        "holdings": [[], [], [], []],
    }
    return {**state, **changes}


@pytest.mark.parametrize(
    "state",
    [
        _state(),
        _state(call=5, declaration="sir-garnet", extra_hand=[]),
        _state(call=5, declaration="wellington", extra_hand=["2C", "3C", "4C", "5C", "6C"]),
        _state(call=7, declaration=None, tricks_won=[7, 0, 0, 0]),
        {key: value for key, value in _state(call=3).items() if key not in ("declaration", "extra_hand")},
    ],
)
def test_the_new_state(state: dict[str, Any]) -> None:
    assert errors("answers", {"state": state}) == []


def test_a_faulty_pack_s_repeated_card_may_lie_twice_in_the_extra_hand_and_its_discard() -> None:
    """A faulty pack (irregular play) repeats a card: the extra hand dealt from it, and a discard
    from the ten cards of its taker, may hold it twice, as a holding may."""
    assert errors("answers", {"state": _state(extra_hand=["2C", "2C", "4C", "5C", "6C"])}) == []
    assert errors("common", {"type": "discard", "seat": 2, "cards": ["2C", "2C", "4C", "5C", "6C"]}, "action") == []


@pytest.mark.parametrize(
    "state",
    [
        _state(call=8),
        _state(call=-1),
        _state(declaration="nap"),
        _state(declaration=5),
        _state(declaration="<b>misery</b>"),
        _state(extra_hand="2C"),
        _state(extra_hand=["2C", "3C", "4C", "5C", "6C", "7C"]),
        _state(tricks_won=[8, 0, 0, 0]),
    ],
)
def test_off_schema_states_are_refused(state: dict[str, Any]) -> None:
    assert not is_valid("answers", {"state": state})


@pytest.mark.parametrize("code", ["call-not-allowed", "bad-discard", "must-lead-lowest-trump"])
def test_the_new_error_codes(code: str) -> None:
    assert is_valid("run-response", {"case": "x", "steps": [{"ok": False, "error": code}], "answers": {}})


def test_an_ask_is_told_calls_of_up_to_seven() -> None:
    step = {"ok": True, "told": {"call": 0, "tricks_made": 7}}
    assert is_valid("run-response", {"case": "x", "steps": [step], "answers": {}})


# -------------------------------------------------------------------------------- cases


def test_a_case_deals_the_cards_its_rules_deal() -> None:
    assert cards_each(load().profile_values("wikipedia")) == 5
    seven = make_case("seven/ok", profile="wikipedia", overrides={"seven-card": "played"}, hands=SEVEN, actions=[])
    assert cards_each(seven["options"]) == 7 and errors("case", seven) == []
    with pytest.raises(CaseError, match="do not hold 7 cards, as these rules deal"):
        make_case("seven/five", profile="wikipedia", overrides={"seven-card": "played"}, hands=HANDS)
    with pytest.raises(CaseError, match="do not hold 5 cards, as these rules deal"):
        make_case("five/seven", profile="wikipedia", hands=SEVEN)


def test_an_extra_hand_needs_sir_garnet_and_cards_of_its_own() -> None:
    extra = "7S 8S 9S 7H 8H"
    case = make_case("garnet/ok", profile="hoyle", overrides={"sir-garnet": "played"}, hands=HANDS, extra_hand=extra)
    assert case["start"]["extra_hand"] == ["7S", "8S", "9S", "7H", "8H"]
    with pytest.raises(CaseError, match="an extra hand is dealt only with sir-garnet played"):
        make_case("garnet/off", profile="hoyle", hands=HANDS, extra_hand=extra)
    with pytest.raises(CaseError, match="cards both in the extra hand and held: 2C"):
        make_case(
            "garnet/twice",
            profile="hoyle",
            overrides={"sir-garnet": "played"},
            hands=HANDS,
            extra_hand="2C 8S 9S 7H 8H",
        )


# -------------------------------------------------------------------------- negotiation


def test_a_plain_case_loses_the_new_options_for_a_napspec_1_engine() -> None:
    case = small_case("plain/1")
    sent = for_protocol(case, "napspec/1")
    assert sorted(sent["options"]) == sorted(OPTIONS_BY_PROTOCOL["napspec/1"])
    assert {key: case["options"][key] for key in sent["options"]} == sent["options"]
    assert sorted(for_protocol(case, "napspec/1.1")["options"]) == sorted(OPTIONS_BY_PROTOCOL["napspec/1.1"])
    assert for_protocol(case, PROTOCOL) is case


@pytest.mark.parametrize(
    ("overrides", "actions", "reason"),
    [
        ({"misery": "no-trumps"}, [], "the engine speaks napspec/1, which has no option 'misery'"),
        ({"seven-card": "played"}, [], "which has no option 'seven-card' (the case has seven-card=\"played\")"),
        ({}, [{"type": "call", "seat": 1, "call": "misery"}], 'which has no named call (actions[0] calls "misery")'),
        ({}, [{"type": "take-extra-hand", "seat": 1}], "which has no action 'take-extra-hand' (actions[0])"),
        ({}, [{"type": "call", "seat": 1, "tricks": 6}], "which has no call of 6 tricks (actions[0])"),
    ],
)
def test_a_case_napspec_1_cannot_carry_is_skipped_naming_why(
    overrides: dict[str, Any], actions: list[dict[str, Any]], reason: str
) -> None:
    hands = SEVEN if overrides.get("seven-card") == "played" else HANDS
    case = make_case("beyond/1", profile="wikipedia", overrides=overrides, hands=hands, actions=actions)
    with pytest.raises(UnsupportedCase) as caught:
        for_protocol(case, "napspec/1")
    assert reason in caught.value.reason and caught.value.case_id == "beyond/1"


@pytest.mark.parametrize("lenient", [False, True])
def test_a_napspec_1_engine_plays_the_plain_game_and_is_never_sent_more(lenient: bool) -> None:
    command = engine_command("napspec_1.py", *(["--lenient"] if lenient else []))
    with ProtocolEngine(command, timeout=20) as engine:
        assert engine.hello()["protocol"] == "napspec/1"
        # The engine answers bad-request to any option napspec/1 lacks: this one is played.
        response = engine.run(small_case("plain/1"))
        assert response["steps"] == [{"ok": True}, {"ok": True}]
        assert "declaration" not in response["answers"]["state"]
        with pytest.raises(UnsupportedCase, match="the engine speaks napspec/1, which has no option 'misery'"):
            engine.run(variant_case("misery/1", misery="no-trumps"))
        assert engine.restarts == 0


def test_an_engine_refusing_both_versions_fails_its_handshake() -> None:
    engine = ProtocolEngine(engine_command("bad_handshake.py", "refuse"), timeout=10)
    with engine, pytest.raises(EngineReportedError, match="engine refused the handshake"):
        engine.hello()


def test_a_napspec_1_1_engine_must_say_what_a_call_beyond_nap_is() -> None:
    case = variant_case("misery/state", misery="no-trumps")
    assert away_from_plain(case) == ["misery"] and away_from_plain(small_case("plain/2")) == []
    toy = toy_module()
    plain_answer = toy.run_response(case)  # the toy's state has neither declaration nor extra_hand
    with pytest.raises(ProtocolError, match=r"the state lacks declaration and extra_hand, which napspec/1\.1 requires"):
        check_result(case, plain_answer)
    plain_answer["answers"]["state"].update(declaration=None, extra_hand=None)
    assert check_result(case, plain_answer) is plain_answer
    # Without a call beyond Nap in play, the new fields may be left out.
    assert check_result(small_case("plain/3"), toy.run_response(small_case("plain/3")))


def test_an_in_process_engine_of_napspec_1_is_negotiated_alike() -> None:
    toy = toy_module()

    class Old:
        def hello(self) -> dict[str, Any]:
            hello: dict[str, Any] = {**toy.hello_response("old"), "protocol": "napspec/1"}
            options = hello["capabilities"]["options"]
            hello["capabilities"]["options"] = {
                k: v for k, v in options.items() if k in OPTIONS_BY_PROTOCOL["napspec/1"]
            }
            return hello

        def run(self, case: dict[str, Any]) -> dict[str, Any]:
            assert sorted(case["options"]) == sorted(OPTIONS_BY_PROTOCOL["napspec/1"])
            response: dict[str, Any] = toy.run_response(case)
            return response

        def close(self) -> None:
            pass

    engine = InProcessEngine(Old())
    assert engine.run(small_case("plain/4"))["case"] == "plain/4"
    with pytest.raises(UnsupportedCase, match="no option 'wellington'"):
        engine.run(variant_case("wellington/1", wellington="double-nap-stakes"))


def test_a_napspec_1_engine_that_declares_a_new_option_is_sent_it() -> None:
    # napspec/1 said new options of the register reach an engine that declares them.
    case = small_case("plain/5")
    sent = for_protocol(case, "napspec/1", {"options": {"misery": ["not-played"]}})
    assert sent["options"]["misery"] == "not-played" and "wellington" not in sent["options"]
    misery = variant_case("misery/2", misery="no-trumps")
    assert (
        for_protocol(misery, "napspec/1", {"options": {"misery": ["not-played"]}})["options"]["misery"] == "no-trumps"
    )
