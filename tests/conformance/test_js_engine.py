"""An engine in a second language, written from the contract alone: the JavaScript engine of
``engines/js/`` (Node, no dependencies) is certified by ``napspec certify --engine-command``
on Hoyle's profile (the campaign: on every profile), is skipped, before anything is sent, on
the variant targets it does not declare, and answers every malformed request with an error
response.

Needs Node (``node``, the Debian package ``nodejs``). Without it the tests fail in CI
(``CI=true``) and are skipped elsewhere.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from napspec.conformance.harness import for_protocol
from napspec.protocol import schemas
from napspec.spec import PROFILE_IDS
from napspec.spec.terminal import ExitStatus

from ..docs.conftest import in_ci
from .conftest import ENGINES, run_certify, small_case

ENGINE = ENGINES / "js" / "nap.mjs"


@pytest.fixture(scope="module")
def node() -> str:
    binary = shutil.which("node") or shutil.which("nodejs")
    if binary is None:
        message = "node is not installed (apt-get install -y nodejs): the JavaScript engine needs it"
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    return binary


def converse(node: str, *lines: str) -> list[dict[str, Any]]:
    """Send ``lines`` to the engine, close its input, and read every response line."""
    completed = subprocess.run(
        [node, str(ENGINE)], input="".join(line + "\n" for line in lines), capture_output=True, text=True, timeout=30
    )
    assert completed.returncode == 0, completed.stderr
    return [json.loads(line) for line in completed.stdout.splitlines()]


def check_certified(report: dict[str, Any], *, deals: bool = True) -> None:
    """``report`` certifies the engine, every applicable row passed, in every chapter of
    the plain game, the irregularities included (``deals``: and the random deals passed;
    without them, every scenario passed but there is no certificate)."""
    assert report["engine"]["name"] == "napspec-js" and report["engine"]["protocol"] == "napspec/1.1"
    summary = report["summary"]
    assert summary["certified"] == deals and summary["passed"] == summary["applicable"] >= 150, summary
    assert {case["chapter"] for case in report["cases"] if case["status"] == "passed"} >= {
        "players-and-pack",
        "dealing",
        "calling",
        "play",
        "settlement",
        "irregularities",
    }


# The default run certifies it on Hoyle with random deals (below), which plays every scenario too.
@pytest.mark.campaign
def test_the_js_engine_is_certified_on_hoyle(node: str, tmp_path: Path) -> None:
    # Hoyle's game has the most to play: the dealer's compulsory call, play stopped once
    # decided and the cards shown, the hand replayed after a revoke, a redeal.
    run = run_certify(
        tmp_path, "--engine-command", f"{node} {ENGINE}", "--profile", "hoyle", "--differential-deals", "0", timeout=300
    )
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output  # no random deals: every scenario, no certificate
    check_certified(run.report, deals=False)


def test_the_js_engine_is_certified_on_hoyle_random_deals_included(node: str, tmp_path: Path) -> None:
    seed = "8174737560481553179"  # a seed whose deals reach the case
    run = run_certify(tmp_path, "--engine-command", f"{node} {ENGINE}", "--profile", "hoyle", "--seed", seed)
    assert run.code == ExitStatus.CERTIFIED, run.output
    check_certified(run.report)


@pytest.mark.campaign
def test_the_js_engine_passes_every_scenario_on_every_profile(node: str, tmp_path: Path) -> None:
    command = f"{node} {ENGINE}"
    no_deals = ("--differential-deals", "0")
    run = run_certify(tmp_path, "--engine-command", command, "--profile", "all", *no_deals, timeout=900)
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    assert sorted(report["target"]["name"] for report in run.reports) == sorted(PROFILE_IDS)
    for report in run.reports:
        check_certified(report, deals=False)


def test_the_js_engine_is_skipped_on_a_variant(node: str, tmp_path: Path) -> None:
    variant = run_certify(
        tmp_path / "misery",
        "--engine-command",
        f"{node} {ENGINE}",
        "--profile",
        "hoyle",
        "--variants",
        "misery",
        "--rule",
        "variants.misery-call",
    )
    assert variant.code == ExitStatus.NOT_CERTIFIED, variant.output
    applicable = [case for case in variant.report["cases"] if case["status"] not in ("not-applicable", "not-run")]
    assert applicable and {case["status"] for case in applicable} == {"skipped-unsupported"}
    assert all('misery="no-trumps" is not supported' in case["message"] for case in applicable)


def test_the_js_engine_answers_every_malformed_request(node: str) -> None:
    # The engine speaks napspec/1.1: the case as that version has it, as the harness sends it.
    good = for_protocol(small_case("js.small"), "napspec/1.1")
    malformed = [
        "not json",
        "[1, 2]",
        '{"cmd": 3}',
        '{"cmd": "dance"}',
        '{"cmd": "hello", "protocol": "napspec/2"}',
        '{"cmd": "run"}',
        json.dumps({"cmd": "run", "case": {**good, "players": 11}}),
        json.dumps({"cmd": "run", "case": {**good, "actions": [{"type": "play", "seat": 0}]}}),
        json.dumps({"cmd": "run", "case": {**good, "queries": ["everything"]}}),
        json.dumps({"cmd": "run", "case": good, "extra": 1}),
        "x" * (16 * 1024 * 1024 + 1),  # beyond the engine's bound on a line
    ]
    responses = converse(
        node, '{"cmd": "hello", "protocol": "napspec/1.1"}', *malformed, json.dumps({"cmd": "run", "case": good})
    )
    assert len(responses) == 2 + len(malformed)
    assert schemas.errors("hello-response", responses[0]) == []
    for line, response in zip(malformed, responses[1:-1], strict=True):
        assert schemas.errors("error-response", response) == [], (line, response)
        assert response["error"]["code"] == "bad-request", (line, response)
    assert responses[-1]["case"] == "js.small" and schemas.errors("run-response", responses[-1]) == []
    # After bye the engine answers and exits, whatever follows.
    assert converse(node, '{"cmd": "bye"}', '{"cmd": "bye"}') == [{"bye": True}]


def test_the_js_engine_speaks_napspec_1_when_asked(node: str) -> None:
    (hello,) = converse(node, '{"cmd": "hello", "protocol": "napspec/1"}')
    assert schemas.errors("hello-response", hello) == [] and hello["protocol"] == "napspec/1"
    assert "misery" not in hello["capabilities"]["options"] and "revoke" in hello["capabilities"]["options"]


def test_a_refusal_to_show_left_waiting_for_a_claim_fails_the_refusal_scenario(node: str, tmp_path: Path) -> None:
    # The engine as it was: a refusal recorded as an open revoke, paid for only if claimed.
    # The rule holds the refuser to have revoked, penalised at once: the scenario says so.
    copy = tmp_path / "js"
    shutil.copytree(ENGINE.parent, copy)
    game = copy / "game.mjs"
    text = game.read_text(encoding="utf-8")
    at_once = """      if (this.claimRefusal(index) === null) {
        this.claim({ type: "claim", seat: action.seat, offence: index });
        return;
      }
    }
"""
    assert text.count(at_once) == 1
    game.write_text(text.replace(at_once, "    }\n"), encoding="utf-8")
    rule = ("--profile", "hoyle", "--rule", "irregularities.show-cards", "--differential-deals", "0")
    run = run_certify(tmp_path / "reports", "--engine-command", f"{node} {copy / 'nap.mjs'}", *rule)
    failed = [case["id"] for case in run.report["cases"] if case["status"] == "failed"]
    assert sorted(failed) == [
        "irregularities-hoyle-one-refusal-to-show-a-hand",
        "irregularities-hoyle-refusal-to-show-is-a-revoke",
    ], run.output
    again = run_certify(tmp_path / "again", "--engine-command", f"{node} {ENGINE}", *rule)
    assert {case["status"] for case in again.report["cases"]} <= {"passed", "not-applicable"}, again.output
