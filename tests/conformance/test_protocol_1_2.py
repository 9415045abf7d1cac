"""napspec/1.2: the schemas of Peep, Purchase, the pool and short packs, the case checks the
harness makes of their cards, and the negotiation that gives an engine of napspec/1.1 (or
napspec/1) only what its version has."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from napspec.conformance.harness import (
    InProcessEngine,
    ProtocolEngine,
    check_result,
    for_protocol,
    options_added_in,
    pack_problems,
)
from napspec.protocol import (
    ADDED_BY_PROTOCOL,
    OPTIONS_BY_PROTOCOL,
    PROTOCOL,
    PROTOCOLS,
    ProtocolError,
    UnsupportedCase,
    most_tricks,
)
from napspec.protocol.schemas import errors, is_valid, load_schema
from napspec.spec import load
from napspec.spec.terminal import ExitStatus
from napspec.suite.cards import PACK
from napspec.suite.cases import CaseError, make_case, pack_in_play, validate_case
from napspec.suite.dump import dump_lines, problems
from napspec.suite.scenarios import load_scenarios
from napspec.suite.targets import Target

from .conftest import ENGINES, engine_command, run_certify, toy_module

HANDS = [["2C", "3C", "4C", "5C", "6C"], ["AS", "KS", "QS", "JS", "TS"], ["2H", "3H", "4H", "5H", "6H"]]
HANDS += [["2D", "3D", "4D", "5D", "6D"]]
HELD = {card for hand in HANDS for card in hand}
NAPSPEC_1_1 = f"{sys.executable} {ENGINES / 'napspec_1_1.py'}"


def case_of(
    case_id: str,
    variants: list[str],
    *,
    start: dict[str, Any] | None = None,
    actions: list[dict[str, Any]] | None = None,
    queries: list[str] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A four-player Hoyle case with the bundles of ``variants`` on (plus any case
    ``fields``, such as the pool), not yet validated."""
    options = load().variant_values("hoyle", variants)
    case: dict[str, Any] = {
        "id": case_id,
        "options": options,
        "players": 4,
        "dealer": 0,
        "irregular": False,
        "start": start if start is not None else {"hands": HANDS},
        "actions": actions if actions is not None else [{"type": "call", "seat": 1, "tricks": 3}],
        "queries": queries if queries is not None else ["state"],
    }
    if options.get("pool") == "played":
        case.update(pool=3, original_dealer=0)
    case.update(fields)
    return case


def stock(first: list[str] | None = None) -> list[str]:
    """The undealt cards of the four hands, ``first`` on top."""
    first = first or []
    return [*first, *(card for card in PACK if card not in HELD and card not in first)]


# ----------------------------------------------------------------------------- versions


def test_napspec_1_2_adds_the_options_of_the_exchanges_the_pool_and_the_pack() -> None:
    assert PROTOCOLS[-1] == PROTOCOL
    assert options_added_in("napspec/1.2") == (
        "peep",
        "purchase",
        "pool",
        "pool-contributions",
        "pool-fines",
        "pool-failed-nap",
        "pool-end",
        "pack",
        "double-header",
    )
    # Each has a plain value: the game an engine of an older version plays.
    assert all(load().options[option].plain is not None for option in options_added_in("napspec/1.2"))
    # Adding a version is one entry of data in each table.
    assert list(ADDED_BY_PROTOCOL) == list(PROTOCOLS[1:]) and list(OPTIONS_BY_PROTOCOL) == list(PROTOCOLS)
    assert [most_tricks(protocol) for protocol in PROTOCOLS] == [5, 7, 7, 7, 7]


def test_the_option_values_the_case_schema_names_are_the_registers() -> None:
    # The case schema says when the new fields come by the options' values; those values
    # must be the register's, away from the plain value.
    register = load()
    for option, value in (("pool", "played"), ("peep", "played"), ("purchase", "played")):
        assert value in [entry.value for entry in register.options[option].values]
        assert register.options[option].plain != value
    assert register.options["pack"].plain == "full"


# ------------------------------------------------------------------------------ actions


@pytest.mark.parametrize(
    "action",
    [
        {"type": "buy", "seat": 1, "cards": []},
        {"type": "buy", "seat": 1, "cards": ["2C", "3C", "4C", "5C", "6C"]},
        # A card given twice and more than five are for the engine to refuse (invalid-action).
        {"type": "buy", "seat": 1, "cards": ["2C", "2C"]},
        {"type": "buy", "seat": 1, "cards": ["2C", "3C", "4C", "5C", "6C", "7C"]},
        {"type": "peep", "seat": 2},
        {"type": "take-peep-card", "seat": 1, "card": "2C"},
        {"type": "decline-peep-card", "seat": 1},
    ],
)
def test_the_new_actions(action: dict[str, Any]) -> None:
    assert errors("common", action, "action") == []


@pytest.mark.parametrize(
    "action",
    [
        {"type": "buy", "seat": 1},
        {"type": "buy", "seat": 1, "cards": "2C"},
        {"type": "buy", "seat": 1, "cards": ["1C"]},
        {"type": "buy", "seat": 1, "cards": [f"{rank}C" for rank in "23456789TJQ"]},
        {"type": "buy", "seat": 1, "cards": [], "card": "2C"},
        {"type": "peep", "seat": 2, "card": "2C"},
        {"type": "peep"},
        {"type": "take-peep-card", "seat": 1},
        {"type": "take-peep-card", "seat": 1, "card": "2C", "cards": ["3C"]},
        {"type": "decline-peep-card", "seat": 1, "card": "2C"},
    ],
)
def test_off_schema_new_actions_are_refused(action: dict[str, Any]) -> None:
    assert not is_valid("common", action, "action")


def test_the_new_error_code_and_phases() -> None:
    step = {"ok": False, "error": "not-enough-stock"}
    assert is_valid("run-response", {"case": "x", "steps": [step], "answers": {}})
    phases = load_schema("answers")["$defs"]["state"]["properties"]["phase"]["enum"]
    assert phases.index("deal") < phases.index("purchase") < phases.index("calling")
    assert phases.index("calling") < phases.index("peep-exchange") < phases.index("play")


# -------------------------------------------------------------------------------- cases


def test_a_case_with_a_pool_says_what_is_in_it_and_who_dealt_first() -> None:
    case = case_of("pool/ok", ["pool"])
    validate_case(case)
    assert pack_problems(case) == []
    for field in ("pool", "original_dealer"):
        lacking = {key: value for key, value in case.items() if key != field}
        assert f"'{field}' is a required property" in " ".join(errors("case", lacking))
    assert errors("case", {**case, "pool": -1}) != []
    # Without a pool neither is sent.
    plain = case_of("pool/none", [], pool=0)
    assert "pool: 0 should not be valid under {}" in errors("case", plain)
    assert errors("case", case_of("pool/none-2", [], original_dealer=1)) != []
    assert pack_problems({**case, "original_dealer": 4}) == ["original_dealer 4 is not a seat of a 4-player table"]


def test_the_peep_card_comes_exactly_with_peep() -> None:
    case = case_of("peep/ok", ["peep"], start={"hands": HANDS, "peep_card": "9S"})
    validate_case(case)
    assert pack_problems(case) == []
    assert "start: 'peep_card' is a required property" in errors("case", case_of("peep/none", ["peep"]))
    without = case_of("peep/off", [], start={"hands": HANDS, "peep_card": "9S"})
    assert "start.peep_card: '9S' should not be valid under {}" in errors("case", without)
    held = case_of("peep/held", ["peep"], start={"hands": HANDS, "peep_card": "AS"})
    assert pack_problems(held) == ["start.peep_card AS is also held or in the extra hand"]
    # A deck start deals the peep card itself (the next card after the hands).
    validate_case(case_of("peep/deck", ["peep"], start={"deck": list(PACK)}, actions=[]))


def test_the_stock_is_the_undealt_cards_under_purchase() -> None:
    case = case_of("purchase/ok", ["purchase"], start={"hands": HANDS, "stock": stock(["JD", "TD"])})
    validate_case(case)
    assert pack_problems(case) == []
    lacking = case_of("purchase/no-stock", ["purchase"])
    assert "start: 'stock' is a required property" in errors("case", lacking)
    short = case_of("purchase/short", ["purchase"], start={"hands": HANDS, "stock": stock()[:-1]})
    assert pack_problems(short) == [
        "under purchase played start.stock must be exactly the undealt cards of the pack in play (it lacks 9S)"
    ]
    shared = case_of("purchase/shared", ["purchase"], start={"hands": HANDS, "stock": ["AS", *stock()]})
    assert pack_problems(shared) == ["start.stock holds cards also held or dealt elsewhere: AS"]
    # Without purchase the stock is optional, and may be any undealt cards.
    assert pack_problems(case_of("plain/stock", [], start={"hands": HANDS, "stock": ["7S"]})) == []


def test_a_case_that_breaks_the_pack_is_refused_by_the_harness_before_it_is_sent() -> None:
    toy = toy_module()

    class Any12:
        def hello(self) -> dict[str, Any]:
            hello: dict[str, Any] = {**toy.hello_response("any"), "protocol": PROTOCOL}
            return hello

        def run(self, case: dict[str, Any]) -> dict[str, Any]:
            raise AssertionError("a case that breaks its pack must never be sent")

        def close(self) -> None:
            pass

    shared = case_of("purchase/shared", ["purchase"], start={"hands": HANDS, "stock": ["AS", *stock()]})
    with pytest.raises(CaseError, match=r"start\.stock holds cards also held or dealt elsewhere: AS"):
        InProcessEngine(Any12()).run(shared)


def test_a_short_pack_is_the_highest_ranks_for_four_or_five() -> None:
    options = load().variant_values("wikipedia", ["short-pack"])
    four, five = pack_in_play(options, 4), pack_in_play(options, 5)
    assert four is not None and five is not None
    assert (len(four), len(five)) == (28, 36)
    assert {card[0] for card in four} == set("89TJQKA") and {card[0] for card in five} == set("6789TJQKA")
    deck = case_of("short/deck", [], start={"deck": four}, actions=[])
    deck["options"] = options
    validate_case(deck)
    assert pack_problems(deck) == []
    assert pack_problems({**deck, "start": {"deck": five}})[0].startswith("start.deck is not the pack in play (28")
    assert "start.deck: " in " ".join(errors("case", {**deck, "options": load().profile_values("wikipedia")}))
    assert "players: 3 is not one of [4, 5]" in errors("case", {**deck, "players": 3})
    low = make_case("short/hands", profile="wikipedia", hands=[" ".join(hand) for hand in HANDS])
    assert pack_problems({**low, "options": options})[0].startswith("cards dealt that are not in the pack in play: 2C")


def test_the_end_of_a_session_takes_no_actions_and_only_the_pool() -> None:
    case = case_of("end/ok", ["pool"], start={"end_of_session": {"draw": ["2C", "KD"]}}, actions=[], queries=["pool"])
    validate_case(case)
    assert errors("case", {**case, "start": {"end_of_session": {"draw": []}}}) == []
    assert "queries: ['pool'] was expected" in errors("case", {**case, "queries": ["pool", "state"]})
    assert errors("case", {**case, "actions": [{"type": "pass", "seat": 1}]}) != []
    assert errors("case", {**case, "start": {"end_of_session": {}}}) != []
    assert errors("case", {**case, "start": {"end_of_session": {"draw": ["2C", "2C"]}}}) != []
    assert errors("case", {**case, "start": {"end_of_session": {"draw": []}, "hands": HANDS}}) != []
    plain = case_of("end/plain", [], start={"end_of_session": {"draw": []}}, actions=[], queries=["pool"])
    assert errors("case", plain) != []


def test_the_query_pool_needs_a_pool() -> None:
    assert errors("case", case_of("pool/query", ["pool"], queries=["state", "pool"])) == []
    assert errors("case", case_of("pool/query-off", [], queries=["pool"])) != []


# ------------------------------------------------------------------------------ answers


def _state(**changes: Any) -> dict[str, Any]:
    state: dict[str, Any] = {
        "phase": "peep-exchange",
        "to_act": 1,
        "soloist": 1,
        "call": 5,
        "declaration": None,
        "extra_hand": None,
        "peep_card": "9S",
        "peeped": [1, 3],
        "stock": 31,
        "trumps": None,
        "tricks_won": [0, 0, 0, 0],
        "holdings": [[], [], [], []],
    }
    return {**state, **changes}


@pytest.mark.parametrize(
    "state", [_state(), _state(phase="purchase", peep_card=None, peeped=[], stock=0), _state(phase="play")]
)
def test_the_new_state(state: dict[str, Any]) -> None:
    assert errors("answers", {"state": state}) == []


@pytest.mark.parametrize(
    "state",
    [
        _state(peep_card="9X"),
        _state(peep_card=["9S"]),
        _state(peeped=[1, 1]),
        _state(peeped=[10]),
        _state(peeped=None),
        _state(stock=-1),
        _state(stock=53),
        _state(stock="31"),
        _state(phase="peep"),
    ],
)
def test_off_schema_new_states_are_refused(state: dict[str, Any]) -> None:
    assert not is_valid("answers", {"state": state})


def test_the_pool_answer() -> None:
    answer = {
        "pool": 0,
        "transfers": [
            {"from": 1, "to": "pool", "amount": 1, "reason": "peep-fee"},
            {"from": "pool", "to": 1, "amount": 4, "reason": "pool-won"},
        ],
    }
    assert errors("answers", {"pool": answer}) == []
    reasons = load_schema("answers")["$defs"]["pool-transfer"]["properties"]["reason"]["enum"]
    assert len(reasons) == 10 and {"pool-divided", "pool-drawn", "misdeal-fine", "card-contribution"} <= set(reasons)


# -------------------------------------------------------------------------- negotiation


def test_a_plain_case_loses_the_options_of_1_2_for_a_napspec_1_1_engine() -> None:
    case = case_of("plain/1", [], start={"hands": HANDS, "stock": stock()})
    sent = for_protocol(case, "napspec/1.1")
    assert sorted(sent["options"]) == sorted(OPTIONS_BY_PROTOCOL["napspec/1.1"])
    assert sent["start"] == {"hands": HANDS}  # the stock is optional: left out
    assert for_protocol(case, PROTOCOL) is case
    assert sorted(for_protocol(case, "napspec/1")["options"]) == sorted(OPTIONS_BY_PROTOCOL["napspec/1"])


@pytest.mark.parametrize(
    ("variants", "changes", "reasons"),
    [
        (
            ["pool"],
            {},
            [
                "the engine speaks napspec/1.1, which has no option 'pool' (the case has pool=\"played\")",
                "which has no field 'pool' (the case has pool=3)",
                "which has no field 'original_dealer' (the case has original_dealer=0)",
            ],
        ),
        (["pool"], {"queries": ["pool"]}, ["which has no query 'pool'"]),
        (
            ["pool"],
            {"start": {"end_of_session": {"draw": []}}, "actions": [], "queries": ["pool"]},
            ["which has no start 'end_of_session' (start.end_of_session)"],
        ),
        (
            ["peep"],
            {"start": {"hands": HANDS, "peep_card": "9S"}, "actions": [{"type": "peep", "seat": 1}]},
            ["which has no option 'peep'", "which has no peep card (start.peep_card)", "no action 'peep' (actions[0])"],
        ),
        ([], {"actions": [{"type": "buy", "seat": 1, "cards": []}]}, ["which has no action 'buy' (actions[0])"]),
        (
            [],
            {"actions": [{"type": "take-peep-card", "seat": 1, "card": "AS"}]},
            ["which has no action 'take-peep-card'"],
        ),
    ],
)
def test_a_case_napspec_1_1_cannot_carry_is_skipped_naming_why(
    variants: list[str], changes: dict[str, Any], reasons: list[str]
) -> None:
    case = {**case_of("beyond/1", variants), **changes}
    validate_case(case)
    for protocol in ("napspec/1.1", "napspec/1"):
        with pytest.raises(UnsupportedCase) as caught:
            for_protocol(case, protocol)
        assert caught.value.case_id == "beyond/1"
        for reason in reasons:
            assert reason.replace("napspec/1.1", protocol) in caught.value.reason


def test_a_napspec_1_2_engine_must_say_where_the_peep_card_lies() -> None:
    case = case_of("peep/state", ["peep"], start={"hands": HANDS, "peep_card": "9S"})
    toy = toy_module()
    answer = toy.run_response(case)
    answer["answers"]["state"].update(declaration=None, extra_hand=None)
    with pytest.raises(
        ProtocolError, match=r"the state lacks peep_card, peeped and stock, which napspec/1\.2 requires"
    ):
        check_result(case, answer)
    # An engine of napspec/1.1 is never asked for them (it is never sent such a case).
    assert check_result(case, answer, "napspec/1.1") is answer
    answer["answers"]["state"].update(peep_card=None, peeped=[1, 4], stock=31)
    with pytest.raises(ProtocolError, match=r"state\.peeped names seat 4, which is not a seat of a 4-player table"):
        check_result(case, answer)
    answer["answers"]["state"].update(peeped=[1, 3])
    assert check_result(case, answer) is answer


@pytest.mark.parametrize("lenient", [False, True])
def test_a_napspec_1_1_engine_plays_the_plain_game_and_is_never_sent_more(lenient: bool) -> None:
    command = engine_command("napspec_1_1.py", *(["--lenient"] if lenient else []))
    with ProtocolEngine(command, timeout=20) as engine:
        assert engine.hello()["protocol"] == "napspec/1.1"
        # The engine answers bad-request to anything napspec/1.1 lacks: these are played.
        plain = validate_and_return(case_of("plain/2", [], start={"hands": HANDS, "stock": stock()}))
        assert engine.run(plain)["steps"] == [{"ok": True}]
        misery = case_of("misery/1", ["misery"], actions=[{"type": "call", "seat": 1, "call": "misery"}])
        assert engine.run(misery)["steps"] == [{"ok": True}]
        with pytest.raises(UnsupportedCase, match=r"the engine speaks napspec/1\.1, which has no option 'peep'"):
            engine.run(case_of("peep/1", ["peep"], start={"hands": HANDS, "peep_card": "9S"}))
        with pytest.raises(UnsupportedCase, match="which has no query 'pool'"):
            engine.run(case_of("pool/1", ["pool"], queries=["pool"]))
        assert engine.restarts == 0


def validate_and_return(case: dict[str, Any]) -> dict[str, Any]:
    validate_case(case)
    return case


def test_an_in_process_engine_of_napspec_1_1_is_negotiated_alike() -> None:
    toy = toy_module()

    class Old:
        def hello(self) -> dict[str, Any]:
            hello: dict[str, Any] = {**toy.hello_response("old"), "protocol": "napspec/1.1"}
            options = hello["capabilities"]["options"]
            hello["capabilities"]["options"] = {
                k: v for k, v in options.items() if k in OPTIONS_BY_PROTOCOL["napspec/1.1"]
            }
            return hello

        def run(self, case: dict[str, Any]) -> dict[str, Any]:
            assert sorted(case["options"]) == sorted(OPTIONS_BY_PROTOCOL["napspec/1.1"])
            assert "stock" not in case["start"]
            response: dict[str, Any] = toy.run_response(case)
            return response

        def close(self) -> None:
            pass

    engine = InProcessEngine(Old())
    assert engine.run(case_of("plain/3", [], start={"hands": HANDS, "stock": stock()}))["case"] == "plain/3"
    with pytest.raises(UnsupportedCase, match="no option 'purchase'"):
        engine.run(case_of("purchase/1", ["purchase"], start={"hands": HANDS, "stock": stock()}))


# ----------------------------------------------------------------------------- certify


def test_a_napspec_1_1_engine_is_certified_on_the_plain_game_and_skipped_on_the_new_variants(tmp_path: Path) -> None:
    run = run_certify(
        tmp_path,
        "--engine-command",
        NAPSPEC_1_1,
        "--profile",
        "hoyle",
        "--variants",
        "each",
        "--rule",
        "play.follow-suit",
        "--rule",
        "exchanges.purchase",  # the plain scenarios do not apply at Purchase Nap, which buys before the calls
    )
    verdicts = {
        report["target"]["name"]: report["summary"]["passed"] == report["summary"]["applicable"] > 0
        for report in run.reports
    }
    new = {"peep", "purchase", "pool", "short-pack"}
    given = list(load().profiles["hoyle"].variants)
    assert set(given) & new, "hoyle gives variants of napspec/1.2"
    assert verdicts == {"hoyle": True, **{f"hoyle+{v}": v not in new for v in given}}, run.output
    for report in run.reports:
        assert report["engine"]["name"] == "napspec-1-1-engine" and report["engine"]["protocol"] == "napspec/1.1"
        variants = set(report["target"]["variants"])
        if variants & new:
            skipped = [case for case in report["cases"] if case["status"] == "skipped-unsupported"]
            assert skipped and all(
                "the engine speaks napspec/1.1, which has no option" in c["message"] for c in skipped
            )
            assert {case["status"] for case in report["cases"]} <= {"skipped-unsupported", "not-applicable", "not-run"}
    assert run.code == ExitStatus.NOT_CERTIFIED


# -------------------------------------------------------------------------------- dumps


def test_a_dump_of_a_target_with_a_pool_carries_the_new_fields() -> None:
    target = Target.from_options("hoyle", None, ["purchase"])
    assert target is not None
    lines = list(
        dump_lines(target, [scenario for scenario in load_scenarios() if scenario.chapter in ("play", "exchanges")])
    )
    cases = [line["case"] for line in lines if line["case"]]
    assert cases and all(problems(line) == [] for line in lines)
    for case in cases:
        assert case["pool"] == 0 and case["original_dealer"] == case["dealer"]
        if "hands" in case["start"]:
            assert pack_problems(case) == [] and len(case["start"]["stock"]) == 52 - len(
                [card for hand in case["start"]["hands"] for card in hand]
            )


def test_the_dump_schema_takes_a_case_that_ends_a_session() -> None:
    target = Target.from_options("peel", None, ["pool"])
    assert target is not None
    line = next(line for line in dump_lines(target, load_scenarios()[:20]) if line["case"])
    ending = case_of("end/dump", ["pool"], start={"end_of_session": {"draw": ["2C"]}}, actions=[], queries=["pool"])
    assert problems({**line, "case": ending}) == []
    assert problems({**line, "case": {**ending, "queries": ["state"]}}) != []
    assert problems({**line, "case": {**ending, "pool": -1}}) != []


def test_a_short_pack_target_leaves_out_the_scenarios_written_for_the_full_pack() -> None:
    target = Target.from_options("wikipedia", None, ["short-pack"])
    assert target is not None
    lines = list(dump_lines(target, load_scenarios()[:40]))
    reasons = [line["not_applicable"] for line in lines if line["not_applicable"]]
    assert any(reason.startswith("the pack short-28-36 has not got 2C") for reason in reasons)
    assert all(problems(line) == [] for line in lines)


def test_an_engine_that_refuses_a_version_and_then_claims_it_fails_its_handshake() -> None:
    with ProtocolEngine(engine_command("bad_handshake.py", "claims-newer"), timeout=10) as engine:
        for number in range(2):
            with pytest.raises(
                ProtocolError,
                match=r"engine refused a hello of napspec/1\.4, napspec/1\.3 and napspec/1\.2, "
                r"then answered one of napspec/1\.1 with napspec/1\.2",
            ):
                engine.run(validate_and_return(case_of(f"handshake/{number}", [])))
        assert engine.restarts == 0
