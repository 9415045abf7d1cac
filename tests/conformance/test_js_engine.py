"""An engine in a second language, written from the contract alone: the JavaScript engine of
``engines/js/`` (Node, no dependencies) is certified by ``napspec certify --engine-command``
on the Peel and Wikipedia profiles, is skipped on what it does not play (a variant target,
before anything is sent; irregular play under penalties it does not play, by its
``unsupported`` answer), and answers every malformed request with an error response.

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

from napspec.conformance import schemas
from napspec.conformance.contract import ExitStatus

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


@pytest.mark.parametrize("profile", ["peel", "wikipedia"])
def test_the_js_engine_is_certified(node: str, tmp_path: Path, profile: str) -> None:
    run = run_certify(tmp_path, "--engine-command", f"{node} {ENGINE}", "--profile", profile, timeout=300)
    assert run.code == ExitStatus.CERTIFIED, run.output
    report = run.report
    assert report["engine"]["name"] == "napspec-js" and report["engine"]["protocol"] == "napspec/1.1"
    summary = report["summary"]
    assert summary["certified"] and summary["failed"] == summary["skipped-unsupported"] == 0
    # Every chapter of the plain game is played, the irregularities included.
    assert summary["passed"] >= 150, summary
    assert {case["chapter"] for case in report["cases"] if case["status"] == "passed"} >= {
        "players-and-pack",
        "dealing",
        "calling",
        "play",
        "settlement",
        "irregularities",
    }


def test_the_js_engine_is_skipped_on_a_variant_and_on_penalties_it_does_not_play(node: str, tmp_path: Path) -> None:
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

    revoke = run_certify(
        tmp_path / "britannica",
        "--engine-command",
        f"{node} {ENGINE}",
        "--profile",
        "britannica",
        "--rule",
        "irregularities.revoke-penalty",
    )
    assert revoke.code == ExitStatus.NOT_CERTIFIED, revoke.output
    statuses = {case["status"] for case in revoke.report["cases"]}
    assert statuses <= {"skipped-unsupported", "not-applicable"} and "skipped-unsupported" in statuses
    assert any('revoke="replay-from-revoke-fine-five"' in case["message"] for case in revoke.report["cases"])


def test_the_js_engine_answers_every_malformed_request(node: str) -> None:
    good = small_case("js.small")
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
