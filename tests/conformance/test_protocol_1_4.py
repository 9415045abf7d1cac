"""napspec/1.4: the trace, the answers after every action of one case. It is what an engine
would answer to the case cut after each action; it is asked only of an engine of napspec/1.4
that declares it, and checked as the answers are. And one version of the protocol, written
once: every help text and the guide name the version the code speaks."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from typing import Any

import pytest

from napspec.conformance.certify import resolve_target
from napspec.conformance.deals import DealScope, RandomChooser, draw_case, next_action
from napspec.conformance.differential import differential
from napspec.conformance.harness import InProcessEngine, check_result, for_protocol
from napspec.protocol import ADDED_BY_PROTOCOL, PROTOCOL, PROTOCOLS, ProtocolError, UnsupportedCase
from napspec.protocol.schemas import load_schema
from napspec.reference.contract_adapter import ReferenceEngine

from .conftest import REPO, relay


def _deal(profile: str, seed: int) -> dict[str, Any]:
    """A random deal of ``profile``, grown with the reference engine, as one traced case."""
    engine = ReferenceEngine()
    scope = DealScope((3, 4), ("deck", "hands"), ("state", "legal-actions", "tricks", "result", "offences"), True)
    chooser = RandomChooser(seed)
    case = draw_case(resolve_target(profile, None), scope, chooser, irregular=seed % 2 == 1, focus="revoke")
    assert case is not None
    while True:
        answers = engine.run(copy.deepcopy(case))["answers"]
        action = next_action(case, answers, chooser, focus="revoke")
        if action is None:
            return {**case, "trace": True}
        case = {**case, "actions": [*case["actions"], action]}


@pytest.mark.parametrize(("profile", "seed"), [("hoyle", 1), ("britannica", 2), ("peel", 3), ("wikipedia", 4)])
def test_the_trace_is_what_the_engine_answers_to_the_case_cut_after_each_action(profile: str, seed: int) -> None:
    case = _deal(profile, seed)
    engine = ReferenceEngine()
    traced = check_result(case, json.loads(json.dumps(engine.run(copy.deepcopy(case)))))
    assert len(traced["trace"]) == len(case["actions"]) + 1
    for count, answers in enumerate(traced["trace"]):
        cut = {**case, "actions": case["actions"][:count]}
        del cut["trace"]
        assert ReferenceEngine().run(cut)["answers"] == answers, count


def test_the_harness_refuses_a_trace_that_is_not_one() -> None:
    case = _deal("hoyle", 5)
    good = json.loads(json.dumps(ReferenceEngine().run(copy.deepcopy(case))))
    untraced = {key: value for key, value in case.items() if key != "trace"}
    broken = {
        "no trace": {key: value for key, value in good.items() if key != "trace"},
        "a trace of": {**good, "trace": good["trace"][:-1]},
        "is not the same as answers": {**good, "trace": [*good["trace"][:-1], good["trace"][0]]},
        "no answer to": {**good, "trace": [{"state": entry["state"]} for entry in good["trace"]]},
    }
    for said, response in broken.items():
        with pytest.raises(ProtocolError, match=said):
            check_result(case, response)
    with pytest.raises(ProtocolError, match="a trace the case did not ask for"):
        check_result(untraced, good)


def test_an_engine_of_an_older_version_is_never_sent_a_trace() -> None:
    case = _deal("hoyle", 7)
    assert ADDED_BY_PROTOCOL["napspec/1.4"].case_fields == ("trace",)
    with pytest.raises(UnsupportedCase, match=r"napspec/1\.3, which has no field 'trace'"):
        for_protocol(case, "napspec/1.3")
    schema = load_schema("case")
    assert "trace" in schema["properties"] and "trace" in load_schema("run-response")["properties"]


def test_the_random_deals_ask_a_trace_only_of_an_engine_that_declares_it() -> None:
    hoyle = resolve_target("hoyle", None)
    oracle = InProcessEngine(ReferenceEngine(), timeout=10)
    for relayed, traced in ((relay(name="traces"), True), (relay(name="one-by-one", trace=False), False)):
        engine = InProcessEngine(relayed, timeout=10)
        part = differential(engine, oracle, hoyle, seed=3, deals=4)
        assert part["trace"] is traced and part["divergence"] is None and part["cases"] > 0


# ------------------------------------------------------------------- one version, written once


def _help(*command: str) -> str:
    completed = subprocess.run(
        [sys.executable, "-m", *command, "--help"], capture_output=True, text=True, timeout=60, check=True
    )
    return " ".join(completed.stdout.split())


@pytest.mark.parametrize(
    "command",
    [
        ("napspec.docs.commands", "certify"),
        ("napspec.docs.commands", "discover"),
        ("napspec.docs.commands", "fuzz"),
        ("napspec.docs.commands", "smoke"),
        ("napspec.reference.cli", "--help"),
    ],
)
def test_every_help_names_the_version_the_code_speaks(command: tuple[str, ...]) -> None:
    text = _help(*command[:1], *(part for part in command[1:] if part != "--help"))
    named = re.findall(r"speaks? (napspec/1(?:\.\d+)?)|\((napspec/1(?:\.\d+)?), and every older", text)
    newest = [version for found in named for version in found if version]
    assert newest and all(version == PROTOCOL for version in newest), (newest, text[:400])


def test_the_guide_and_the_schemas_name_the_version_the_code_speaks() -> None:
    guide = (REPO / "docs" / "implementers.md").read_text(encoding="utf-8")
    assert guide.splitlines()[0] == f"# The napspec engine contract (`{PROTOCOL}`)"
    assert f'PROTOCOL = "{PROTOCOL}"' in guide  # the minimal engine of section 16
    assert f'{{"cmd": "hello", "protocol": "{PROTOCOL}"}}' in guide  # section 5.1
    assert load_schema("common")["$defs"]["protocol"]["enum"] == list(PROTOCOLS)
    assert load_schema("hello-request")["examples"][0]["protocol"] == PROTOCOL
    assert load_schema("hello-response")["examples"][0]["protocol"] == PROTOCOL
