"""The reference engine's side of napspec/1.1: named calls, the extra hand, the discard, the
new answers and error codes (the engine in-process, as the harness drives it)."""

from __future__ import annotations

from typing import Any

from napspec.protocol import OPTIONS_BY_PROTOCOL, PROTOCOL
from napspec.reference.contract_adapter import ReferenceEngine
from napspec.spec import load

REGISTER = load()
ENGINE = ReferenceEngine()
FOUR = [
    ["AS", "KS", "QS", "JS", "TS"],
    ["2C", "3C", "4C", "5C", "6C"],
    ["2D", "3D", "4D", "5D", "6D"],
    ["2H", "3H", "4H", "5H", "6H"],
]


def run(
    options: dict[str, Any],
    actions: list[dict[str, Any]],
    queries: list[str],
    hands: list[list[str]] | None = None,
    extra: list[str] | None = None,
) -> dict[str, Any]:
    start: dict[str, Any] = {"hands": hands or FOUR}
    if extra is not None:
        start["extra_hand"] = extra
    case = {
        "id": "variants/test",
        "options": options,
        "players": 4,
        "dealer": 3,
        "irregular": False,
        "start": start,
        "actions": actions,
        "queries": queries,
    }
    result = ENGINE.run(case)
    assert "error" not in result, result
    return result


def errors(result: dict[str, Any]) -> list[str | None]:
    return [step.get("error") for step in result["steps"]]


def test_hello_speaks_the_newest_protocol_and_declares_the_variants() -> None:
    hello = ENGINE.hello()
    assert hello["protocol"] == PROTOCOL == "napspec/1.4"
    options = hello["capabilities"]["options"]
    for option in REGISTER.options.values():
        if option.id in OPTIONS_BY_PROTOCOL["napspec/1.1"] and option.plain is not None:
            assert options[option.id] == [value.value for value in option.values], option.id
    assert hello["capabilities"]["variants"] == [
        "misery",
        "wellington",
        "blucher",
        "sir-garnet",
        "seven-card",
        "peep",
        "purchase",
        "pool",
        "short-pack",
    ]


def test_hello_declares_every_value_of_the_options_of_napspec_1_2() -> None:
    options = ENGINE.hello()["capabilities"]["options"]
    for option in REGISTER.options.values():
        if option.id in OPTIONS_BY_PROTOCOL["napspec/1.2"] and option.id not in OPTIONS_BY_PROTOCOL["napspec/1.1"]:
            assert options[option.id] == [value.value for value in option.values], option.id


def test_hello_declares_every_lowest_call_of_the_range() -> None:
    """napspec/1.3: every number of the range, the sources' one and those house rules may state."""
    assert ENGINE.hello()["capabilities"]["options"]["lowest-call"] == [1, 2, 3]


def test_a_wellington_over_a_nap() -> None:
    options = REGISTER.variant_values("hoyle", ["misery", "wellington"])
    result = run(
        options,
        [
            {"type": "call", "seat": 0, "tricks": 5},
            {"type": "call", "seat": 1, "call": "wellington"},
            {"type": "call", "seat": 2, "call": "blucher"},
            {"type": "pass", "seat": 2},
            {"type": "pass", "seat": 3},
        ],
        ["state", "legal-actions"],
    )
    assert errors(result) == [None, None, "call-not-allowed", None, None]
    state = result["answers"]["state"]
    assert (state["soloist"], state["call"], state["declaration"], state["extra_hand"]) == (1, 5, "wellington", None)


def test_a_misery_is_call_zero_and_named_calls_are_listed() -> None:
    options = REGISTER.variant_values("hoyle", ["misery", "wellington"])
    listed = run(options, [{"type": "call", "seat": 0, "tricks": 3}], ["legal-actions"])
    assert {"type": "call", "seat": 1, "call": "misery"} in listed["answers"]["legal-actions"]
    result = run(
        options,
        [
            {"type": "call", "seat": 0, "call": "misery"},
            {"type": "call", "seat": 1, "tricks": 3},
            {"type": "pass", "seat": 1},
            {"type": "pass", "seat": 2},
            {"type": "pass", "seat": 3},
        ],
        ["state"],
    )
    assert errors(result) == [None, "call-too-low", None, None, None]
    state = result["answers"]["state"]
    assert (state["call"], state["declaration"], state["trumps"]) == (0, "misery", None)


def test_sir_garnet_take_and_discard() -> None:
    options = REGISTER.variant_values("hoyle", ["sir-garnet"])
    extra = ["7H", "8H", "9H", "TH", "JH"]
    taken = run(options, [{"type": "take-extra-hand", "seat": 0}], ["state", "legal-actions"], extra=extra)
    legal = taken["answers"]["legal-actions"]
    assert len(legal) == 252 and all(a["type"] == "discard" and len(a["cards"]) == 5 for a in legal)
    assert taken["answers"]["state"]["extra_hand"] == []
    assert len(taken["answers"]["state"]["holdings"][0]) == 10
    result = run(
        options,
        [
            {"type": "pass", "seat": 0},
            {"type": "take-extra-hand", "seat": 1},
            {"type": "pass", "seat": 1},
            {"type": "discard", "seat": 1, "cards": ["2C", "3C", "4C", "5C", "5C"]},
            {"type": "discard", "seat": 2, "cards": ["2D", "3D", "4D", "5D", "6D"]},
            {"type": "discard", "seat": 1, "cards": ["2C", "3C", "4C", "5C", "6C"]},
            {"type": "take-extra-hand", "seat": 2},
        ],
        ["state"],
        extra=extra,
    )
    assert errors(result) == [None, None, "call-not-allowed", "bad-discard", "bad-discard", None, "call-not-allowed"]
    state = result["answers"]["state"]
    assert state["holdings"][1] == extra and state["extra_hand"] == []
    untaken = run(options, [], ["state"], extra=extra)
    assert untaken["answers"]["state"]["extra_hand"] == extra
    assert untaken["answers"]["state"]["declaration"] is None


def test_the_wellington_lead_is_checked() -> None:
    options = {**REGISTER.variant_values("wikipedia", ["wellington"]), "wellington-lead": "lowest-trump"}
    hands = [["2C", "3C", "4C", "5C", "6C"], ["AS", "KS", "4S", "AH", "7D"], FOUR[2], FOUR[3]]
    result = run(
        options,
        [
            {"type": "call", "seat": 0, "tricks": 5},
            {"type": "call", "seat": 1, "call": "wellington"},
            {"type": "pass", "seat": 2},
            {"type": "pass", "seat": 3},
            {"type": "play", "seat": 1, "card": "AS"},
            {"type": "play", "seat": 1, "card": "4S"},
        ],
        ["state"],
        hands=hands,
    )
    assert errors(result) == [None, None, None, None, "must-lead-lowest-trump", None]
    assert result["answers"]["state"]["trumps"] == "S"


def test_a_case_of_napspec_1_plays_the_plain_game_and_answers_as_napspec_1() -> None:
    values = REGISTER.profile_values("peel")
    napspec_1 = {key: value for key, value in values.items() if REGISTER.options[key].plain is None}
    result = run(napspec_1, [{"type": "call", "seat": 0, "call": "misery"}], ["state"])
    assert errors(result) == ["call-not-allowed"]
    assert "declaration" not in result["answers"]["state"] and "extra_hand" not in result["answers"]["state"]


def test_seven_card_hands_hold_seven() -> None:
    options = REGISTER.variant_values("wikipedia", ["seven-card"])
    seven = [
        ["AS", "KS", "QS", "JS", "TS", "9S", "8S"],
        ["2C", "3C", "4C", "5C", "6C", "7C", "8C"],
        ["2D", "3D", "4D", "5D", "6D", "7D", "8D"],
        ["2H", "3H", "4H", "5H", "6H", "7H", "8H"],
    ]
    result = run(
        options,
        [{"type": "call", "seat": 0, "tricks": 2}, {"type": "call", "seat": 0, "tricks": 7}],
        ["state"],
        hands=seven,
    )
    assert errors(result) == ["invalid-action", None]
    assert result["answers"]["state"]["call"] is None  # the calling goes on
