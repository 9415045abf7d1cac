"""Hostile engines on the surface napspec/1.1 added: what they put in the new fields of an
answer stays inert text, a wrong type is a clear protocol error naming the field, and a
flood of legal actions is refused in bounded time and memory."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from napspec.conformance.harness import MAX_ITEMS, ProtocolEngine
from napspec.protocol import ProtocolError
from napspec.spec.terminal import ExitStatus
from napspec.suite.cases import make_case

from .conftest import ESC, SLACK, engine_command, hostile, run_certify


def misery_case(case_id: str, queries: list[str]) -> dict[str, Any]:
    return make_case(
        case_id,
        profile="hoyle",
        overrides={"misery": "no-trumps"},
        hands=["2C 3C 4C 5C 6C", "AS KS QS JS TS", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D"],
        actions=[{"type": "call", "seat": 1, "call": "misery"}],
        queries=queries,
    )


def test_a_declaration_of_markup_and_escapes_errors_the_case_as_inert_text(tmp_path: Path) -> None:
    run = run_certify(
        tmp_path,
        "--engine-command",
        hostile("declaration-markup"),
        "--profile",
        "hoyle",
        "--variants",
        "misery",
        "--rule",
        "play.follow-suit",
        "--case-timeout",
        "2",
    )
    assert run.code == ExitStatus.NOT_CERTIFIED, run.output
    errored = [case for case in run.report["cases"] if case["status"] == "errored"]
    assert errored, run.output
    assert all("declaration" in case["message"] for case in errored)
    assert "[bold red]misery[/]" in errored[0]["message"] and "\\x1b]0;pwned" in errored[0]["message"]
    assert ESC not in run.output and "\x07" not in run.output
    junit = (tmp_path / "certify-hoyle-misery.junit.xml").read_text(encoding="utf-8")
    assert ESC not in junit  # and run_certify parsed it
    assert run.seconds < SLACK


def test_new_fields_of_the_wrong_type_are_named() -> None:
    engine = ProtocolEngine(engine_command("hostile.py", "wrong-types"), timeout=5)
    with engine, pytest.raises(ProtocolError) as caught:
        engine.run(misery_case("misery/types", ["state"]))
    message = str(caught.value)
    assert message.startswith("case 'misery/types': invalid run response: ")
    for field in ("answers.state.declaration", "answers.state.extra_hand", "answers.state.call"):
        assert field in message


def test_a_flood_of_legal_actions_is_refused_in_linear_time() -> None:
    with ProtocolEngine(engine_command("hostile.py", "huge-legal-actions"), timeout=10) as engine:
        started = time.monotonic()
        with pytest.raises(ProtocolError) as caught:
            engine.run(misery_case("misery/flood", ["legal-actions"]))
        seconds = time.monotonic() - started
        assert f"an array of 20000 items at $.answers.legal-actions (the limit is {MAX_ITEMS})" in str(caught.value)
        assert len(str(caught.value)) < 2000
        # The engine is still in step: the next case is answered.
        with pytest.raises(ProtocolError, match="too large"):
            engine.run(misery_case("misery/flood-2", ["legal-actions"]))
        assert engine.restarts == 0
    assert seconds < SLACK


def test_every_discard_of_ten_cards_fits_within_the_item_limit() -> None:
    # After taking the extra hand a player lists C(10, 5) discards: the limit leaves room.
    from math import comb

    assert comb(10, 5) == 252 < MAX_ITEMS
