"""The exchanges of docs/implementers.md that end sections 20 (the calls beyond Nap) and 21
(Purchase and the pool) are what the reference engine answers over the protocol: the
harness's lines are replayed to ``napspec-reference serve`` and its answers compared with
the engine's lines as written (a step's ``message`` is never compared; the hello response,
cut short in the guide, is compared on its protocol, name and variants)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from napspec.conformance.harness import check_result, pack_problems
from napspec.protocol import OPTIONS_BY_PROTOCOL, PROTOCOL
from napspec.protocol.schemas import errors
from napspec.spec import load
from napspec.suite.cases import validate_case

from .conftest import REPO

GUIDE = REPO / "docs" / "implementers.md"


def exchange(heading: str = "## 20 napspec/1.1") -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The requests (``>``) and responses (``<``) of the exchange of the section that starts
    with ``heading``."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text[text.index(heading) :]
    block = section[section.index("```text\n", section.index("### A complete exchange")) + 8 :]
    block = block[: block.index("```")]
    requests: list[dict[str, Any]] = []
    responses: list[dict[str, Any]] = []
    for line in block.splitlines():
        mark, _, message = line.partition(" ")
        (requests if mark == ">" else responses).append(json.loads(message))
    return requests, responses


def _without_messages(response: dict[str, Any]) -> dict[str, Any]:
    steps = [{key: value for key, value in step.items() if key != "message"} for step in response["steps"]]
    return {**response, "steps": steps}


def test_the_example_is_written_as_the_contract_says() -> None:
    requests, responses = exchange()
    assert [request["cmd"] for request in requests] == ["hello", "run", "bye"] and len(responses) == 3
    case = requests[1]["case"]
    validate_case(case)
    # The options are the register's: the Wikipedia profile with its wellington bundle.
    assert case["options"] == load().variant_values("wikipedia", ["wellington"])
    assert list(case["options"]) == list(OPTIONS_BY_PROTOCOL[PROTOCOL])
    assert errors("run-response", responses[1]) == []
    assert check_result(case, responses[1]) == responses[1]
    assert errors("hello-request", requests[0]) == [] and requests[0]["protocol"] == PROTOCOL


def replay(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The reference engine's answers to ``requests``, served over the protocol."""
    completed = subprocess.run(
        [sys.executable, "-m", "napspec.reference.cli", "serve"],
        input="".join(json.dumps(request) + "\n" for request in requests),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    answers = [json.loads(line) for line in completed.stdout.splitlines()]
    assert len(answers) == len(requests), completed.stderr
    return answers


def _compare(answers: list[dict[str, Any]], responses: list[dict[str, Any]]) -> None:
    hello = answers[0]
    assert hello.get("protocol") == PROTOCOL, f"the reference engine does not speak {PROTOCOL}: {hello}"
    assert hello["engine"]["name"] == responses[0]["engine"]["name"]
    assert sorted(hello["capabilities"]["variants"]) == sorted(responses[0]["capabilities"]["variants"])
    assert _without_messages(answers[1]) == _without_messages(responses[1])
    assert answers[2] == responses[2]


def test_the_reference_engine_answers_the_example_as_written() -> None:
    requests, responses = exchange()
    _compare(replay(requests), responses)


SECTION_21 = "## 21 napspec/1.2"


def test_the_example_of_napspec_1_2_is_written_as_the_contract_says() -> None:
    requests, responses = exchange(SECTION_21)
    assert [request["cmd"] for request in requests] == ["hello", "run", "bye"] and len(responses) == 3
    assert requests[0]["protocol"] == PROTOCOL and responses[0]["protocol"] == PROTOCOL
    case = requests[1]["case"]
    validate_case(case)
    assert pack_problems(case) == []
    # The options are the register's: Hoyle's rules with the purchase bundle, a pool.
    assert case["options"] == load().variant_values("hoyle", ["purchase"])
    assert list(case["options"]) == list(OPTIONS_BY_PROTOCOL[PROTOCOL])
    assert case["options"]["purchase"] == "played" and case["options"]["pool"] == "played"
    assert {"buy", "call", "pass", "play"} == {action["type"] for action in case["actions"]}
    assert "pool" in case["queries"] and case["pool"] > 0
    assert errors("run-response", responses[1]) == []
    # Schema-valid, and the pool adds up: the harness would accept the answer as written.
    assert check_result(case, responses[1]) == responses[1]
    answers = responses[1]["answers"]
    pool = answers["pool"]
    assert sum(answers["result"]["payments"]) == case["pool"] - pool["pool"]
    assert {transfer["reason"] for transfer in pool["transfers"]} == {"purchase-fee", "pool-won"}
    assert answers["state"]["stock"] == len(case["start"]["stock"]) - sum(
        len(action["cards"])
        for action, step in zip(case["actions"], responses[1]["steps"])
        if action["type"] == "buy" and step["ok"]
    )


def test_the_reference_engine_answers_the_example_of_napspec_1_2_as_written() -> None:
    requests, responses = exchange(SECTION_21)
    _compare(replay(requests), responses)


SECTION_23 = "## 23 napspec/1.4"


def test_the_example_of_the_trace_is_written_as_the_contract_says() -> None:
    requests, responses = exchange(SECTION_23)
    assert [request["cmd"] for request in requests] == ["hello", "run", "bye"] and len(responses) == 3
    assert requests[0]["protocol"] == PROTOCOL and responses[0]["protocol"] == PROTOCOL
    assert responses[0]["capabilities"]["trace"] is True
    case = requests[1]["case"]
    validate_case(case)
    assert case["trace"] is True and len(responses[1]["trace"]) == len(case["actions"]) + 1
    assert check_result(case, responses[1]) == responses[1]
    assert responses[1]["trace"][-1] == responses[1]["answers"]


def test_the_reference_engine_answers_the_example_of_the_trace_as_written() -> None:
    requests, responses = exchange(SECTION_23)
    _compare(replay(requests), responses)
