"""The harness against engines that crash, hang, garble their output or handshake wrongly:
each failure is a typed error naming the case, the engine is restarted (up to the cap), and
the next case runs. In-process and protocol runs give identical results."""

from __future__ import annotations

import time
from typing import Any

import pytest

from napspec.conformance.harness import InProcessEngine, ProtocolEngine, check_result
from napspec.protocol import (
    EngineCrashed,
    EngineError,
    EngineReportedError,
    EngineTimeout,
    EngineUnavailable,
    ProtocolError,
    UnsupportedCase,
    status_for,
)
from napspec.suite.cases import CaseError

from .conftest import REPO, engine_command, small_case, toy_module

#: Generous slack for process start-up and scheduling; the assertions using it only check
#: that the harness does not block, never how fast it is.
MARGIN = 10.0


def protocol_engine(script: str, *arguments: str, timeout: float = 5.0, max_restarts: int = 3) -> ProtocolEngine:
    return ProtocolEngine(engine_command(script, *arguments), timeout=timeout, max_restarts=max_restarts, cwd=REPO)


# ------------------------------------------------------------------------ a sound engine


def test_a_sound_engine_handshakes_and_answers() -> None:
    with protocol_engine("toy.py") as engine:
        hello = engine.hello()
        assert hello["protocol"] == "napspec/1" and hello["engine"]["name"] == "toy"
        result = engine.run(small_case("sound/1"))
        assert result["case"] == "sound/1"
        assert result["steps"] == [{"ok": False, "error": "invalid-action"}] * 2
        assert set(result["answers"]) == {"state", "result"}
        assert engine.run(small_case("sound/2"))["case"] == "sound/2"
        assert engine.restarts == 0 and engine.name == "toy 1.0"


def test_close_says_bye_and_the_engine_exits() -> None:
    engine = protocol_engine("toy.py")
    engine.hello()
    process = engine._process
    assert process is not None
    engine.close()
    assert process.popen.returncode is not None
    with pytest.raises(EngineUnavailable):
        engine.run(small_case("after-close"))


def test_a_command_that_does_not_exist_is_a_crash_naming_it() -> None:
    with ProtocolEngine(["/nonexistent/napspec-engine"], timeout=1.0, max_restarts=0) as engine:
        with pytest.raises(EngineCrashed, match="could not be started") as caught:
            engine.run(small_case("no-such-program"))
        assert caught.value.case_id == "no-such-program"


def test_a_malformed_case_is_the_suites_fault_not_the_engines() -> None:
    bad = small_case("bad-case")
    bad["players"] = 11
    unknown_value = small_case("bad-option")
    unknown_value["options"]["nap-stakes"] = "win-11"
    with protocol_engine("toy.py") as engine:
        with pytest.raises(CaseError, match="bad-case"):
            engine.run(bad)
        with pytest.raises(CaseError, match="option 'nap-stakes' has no value 'win-11'"):
            engine.run(unknown_value)
        with pytest.raises(CaseError, match="bad-option"):
            InProcessEngine(ToyEngine()).run(unknown_value)


# --------------------------------------------------------------------------------- crash


def test_crash_is_reported_and_the_next_case_runs_after_a_restart() -> None:
    with protocol_engine("crash.py") as engine:
        with pytest.raises(EngineCrashed) as caught:
            engine.run(small_case("crash/1"))
        error = caught.value
        assert error.case_id == "crash/1" and error.returncode == 3
        assert "giving up on crash/1" in error.stderr_tail  # the engine's last words
        assert "unfinished line" in str(error) and "crash/1" in str(error)
        assert status_for(error) == "errored"
        assert engine.run(small_case("fine/2"))["case"] == "fine/2"
        assert engine.restarts == 1


def test_the_restart_cap_is_respected() -> None:
    with protocol_engine("crash.py", "--always", max_restarts=2) as engine:
        for number in range(3):  # the first start and two restarts
            with pytest.raises(EngineCrashed):
                engine.run(small_case(f"crash/{number}"))
        for number in range(3, 5):
            with pytest.raises(EngineUnavailable, match="restarted 2 times") as caught:
                engine.run(small_case(f"crash/{number}"))
            assert caught.value.case_id == f"crash/{number}"
        assert engine.restarts == 2


def test_no_restart_at_all_with_a_cap_of_zero() -> None:
    with protocol_engine("crash.py", max_restarts=0) as engine:
        with pytest.raises(EngineCrashed):
            engine.run(small_case("crash/only"))
        with pytest.raises(EngineUnavailable):
            engine.run(small_case("fine/after"))


# ---------------------------------------------------------------------------------- hang


def test_hang_times_out_and_the_next_case_runs_after_a_restart() -> None:
    with protocol_engine("hang.py", timeout=0.5) as engine:
        engine.hello()  # start-up is not part of the measured case
        started = time.monotonic()
        with pytest.raises(EngineTimeout) as caught:
            engine.run(small_case("hang/1"))
        assert time.monotonic() - started < 0.5 + MARGIN
        error = caught.value
        assert error.case_id == "hang/1" and error.timeout == 0.5
        assert status_for(error) == "timed-out"
        assert engine.run(small_case("fine/2"))["case"] == "fine/2"
        assert engine.restarts == 1


def test_a_hung_handshake_times_out_too() -> None:
    engine = ProtocolEngine(
        engine_command("hang.py", "--at-hello"), timeout=0.5, max_restarts=1, cwd=REPO, startup_timeout=0.5
    )
    with engine:
        with pytest.raises(EngineTimeout, match="hello"):
            engine.run(small_case("hang-at-hello/1"))
        with pytest.raises(EngineTimeout):
            engine.run(small_case("hang-at-hello/2"))
        with pytest.raises(EngineUnavailable):
            engine.run(small_case("hang-at-hello/3"))


# ------------------------------------------------------------------------------- garbage


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("not-json", "is not JSON"),
        ("binary", "is not JSON"),
        ("off-schema", "invalid run response"),
        ("wrong-case", "response is for case 'some-other-case'"),
        ("too-few-steps", "1 steps for 2 actions"),
        ("extra-answer", "answers to queries not asked: offences"),
        ("nan", "is not JSON"),
    ],
)
def test_garbage_is_a_protocol_error_naming_the_case(mode: str, message: str) -> None:
    with protocol_engine("garbage.py") as engine:
        case_id = f"garbage/{mode}"
        with pytest.raises(ProtocolError) as caught:
            engine.run(small_case(case_id))
        error = caught.value
        assert error.case_id == case_id and message in str(error)
        assert f"case {case_id!r}" in str(error) and "received" in str(error)
        assert len(error.received) < 400  # a bounded excerpt, not the whole output
        assert status_for(error) == "errored"
        assert engine.run(small_case("fine/next"))["case"] == "fine/next"


def test_an_error_response_errors_the_case() -> None:
    with protocol_engine("garbage.py") as engine:
        with pytest.raises(EngineReportedError, match="out of cheese") as caught:
            engine.run(small_case("garbage/error"))
        assert caught.value.code is None and status_for(caught.value) == "errored"
        assert engine.restarts == 0  # the stream is in step: no restart is needed


def test_an_unsupported_error_response_skips_the_case() -> None:
    with protocol_engine("garbage.py") as engine:
        with pytest.raises(UnsupportedCase, match="Sundays") as caught:
            engine.run(small_case("garbage/unsupported"))
        assert status_for(caught.value) == "skipped-unsupported"


def test_a_stray_line_does_not_answer_the_next_case() -> None:
    with protocol_engine("garbage.py") as engine:
        engine.run(small_case("garbage/two-lines"))
        time.sleep(0.2)  # let the stray line arrive before the next request
        assert engine.run(small_case("fine/next"))["case"] == "fine/next"
        assert len(engine.stray_output) == 1 and "garbage/two-lines" in engine.stray_output[0]


# ----------------------------------------------------------------------------- handshake


@pytest.mark.parametrize(
    ("mode", "error_type", "message"),
    [
        ("wrong-protocol", ProtocolError, "engine speaks napspec/0, the harness speaks napspec/1"),
        ("no-capabilities", ProtocolError, "'capabilities' is a required property"),
        ("not-json", ProtocolError, "response to hello is not JSON"),
        ("refuse", EngineReportedError, "engine refused the handshake: I speak napspec/0 only"),
    ],
)
def test_a_wrong_handshake_errors_every_case_without_restarts(
    mode: str, error_type: type[Exception], message: str
) -> None:
    with protocol_engine("bad_handshake.py", mode) as engine:
        for number in range(3):
            with pytest.raises(error_type, match=message) as caught:
                engine.run(small_case(f"handshake/{number}"))
            assert isinstance(caught.value, EngineError)
            assert caught.value.case_id == f"handshake/{number}"
        assert engine.restarts == 0


def test_an_engine_that_exits_at_the_handshake_has_crashed() -> None:
    with protocol_engine("bad_handshake.py", "exit", max_restarts=1) as engine:
        with pytest.raises(EngineCrashed, match="without answering hello"):
            engine.hello()
        with pytest.raises(EngineCrashed):
            engine.run(small_case("handshake/exit"))
        with pytest.raises(EngineUnavailable):
            engine.run(small_case("handshake/exit-again"))


# ---------------------------------------------------------------------- applicability


class LimitedEngine:
    """A Python engine that plays only Hoyle's stakes and answers only "result"."""

    def __init__(self) -> None:
        self.toy = toy_module()
        self.runs = 0

    def hello(self) -> dict[str, Any]:
        hello: dict[str, Any] = self.toy.hello_response("limited")
        hello["capabilities"]["options"]["nap-stakes"] = ["win-10-lose-5"]
        hello["capabilities"]["queries"] = ["result"]
        return hello

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        self.runs += 1
        result: dict[str, Any] = self.toy.run_response(case)
        return result

    def close(self) -> None:
        pass


def test_a_case_beyond_the_capabilities_is_not_sent() -> None:
    limited = LimitedEngine()
    engine = InProcessEngine(limited)
    with pytest.raises(UnsupportedCase, match='nap-stakes="win-12-lose-6" is not supported') as caught:
        engine.run(small_case("house/12", overrides={"nap-stakes": "win-12-lose-6"}, queries=["result"]))
    assert status_for(caught.value) == "skipped-unsupported"
    with pytest.raises(UnsupportedCase, match="query not answered: state"):
        engine.run(small_case("hoyle/state"))
    assert limited.runs == 0
    assert engine.run(small_case("hoyle/result", queries=["result"]))["answers"] == {"result": None}


# ----------------------------------------------------------------------- in-process


class ToyEngine:
    """The toy engine in-process, with misbehaviours on cue."""

    def __init__(self) -> None:
        self.toy = toy_module()
        self.closed = False

    def hello(self) -> dict[str, Any]:
        hello: dict[str, Any] = self.toy.hello_response("toy")
        return hello

    def run(self, case: dict[str, Any]) -> Any:
        if "explode" in case["id"]:
            raise RuntimeError("the toy engine exploded")
        if "sleep" in case["id"]:
            time.sleep(1.0)
        if "object" in case["id"]:
            return {"case": case["id"], "steps": [object()], "answers": {}}
        if "tuple" in case["id"]:
            response = self.toy.run_response(case)
            return {**response, "steps": tuple(response["steps"])}
        if "unsupported" in case["id"]:
            raise UnsupportedCase("not today")
        if "mangle" in case["id"]:
            return {**self.toy.run_response(case), "steps": []}
        response = self.toy.run_response(case)
        case["actions"].clear()  # vandalism: must not reach the harness's copy of the case
        return response

    def close(self) -> None:
        self.closed = True


def test_in_process_and_protocol_runs_give_identical_results() -> None:
    cases = [small_case("same/1"), small_case("same/2", queries=["tricks", "table", "offences", "legal-actions"])]
    in_process = InProcessEngine(ToyEngine())
    with protocol_engine("served_toy.py") as served, protocol_engine("toy.py") as raw:
        for case in cases:
            assert in_process.run(case) == served.run(case) == raw.run(case)


def test_an_exception_in_an_in_process_engine_errors_the_case_only() -> None:
    engine = InProcessEngine(ToyEngine())
    with pytest.raises(EngineCrashed, match="RuntimeError during run: the toy engine exploded") as caught:
        engine.run(small_case("explode/1"))
    assert "Traceback" in caught.value.stderr_tail and caught.value.case_id == "explode/1"
    assert engine.run(small_case("fine/2"))["case"] == "fine/2"


def test_in_process_output_goes_through_json_and_the_schemas() -> None:
    engine = InProcessEngine(ToyEngine())
    with pytest.raises(ProtocolError, match="not JSON-serialisable"):
        engine.run(small_case("object/1"))
    assert isinstance(engine.run(small_case("tuple/1"))["steps"], list)
    with pytest.raises(ProtocolError, match="0 steps for 2 actions"):
        engine.run(small_case("mangle/1"))
    with pytest.raises(UnsupportedCase, match="not today") as caught:
        engine.run(small_case("unsupported/1"))
    assert caught.value.case_id == "unsupported/1"


def test_the_engine_cannot_change_the_harness_case() -> None:
    case = small_case("vandal/1")
    InProcessEngine(ToyEngine()).run(case)
    assert len(case["actions"]) == 2


def test_a_hung_in_process_engine_times_out_then_is_unavailable() -> None:
    engine = InProcessEngine(ToyEngine(), timeout=0.2)
    with pytest.raises(EngineTimeout):
        engine.run(small_case("sleep/1"))
    with pytest.raises(EngineUnavailable, match="hung earlier"):
        engine.run(small_case("fine/2"))


def test_close_reaches_the_in_process_engine() -> None:
    toy = ToyEngine()
    with InProcessEngine(toy):
        pass
    assert toy.closed


def test_served_python_engine_errors_are_error_responses_and_print_is_kept_off_stdout() -> None:
    with protocol_engine("served_toy.py", "--print") as engine:
        assert engine.run(small_case("chatty/1"))["case"] == "chatty/1"
        with pytest.raises(EngineReportedError, match="RuntimeError: the toy engine exploded") as caught:
            engine.run(small_case("explode/2"))
        assert caught.value.code == "internal"
        assert engine.run(small_case("chatty/3"))["case"] == "chatty/3"
        assert engine.restarts == 0


def test_check_result_needs_exactly_the_queries_asked() -> None:
    case = small_case("queries/1")
    response = {"case": "queries/1", "steps": [{"ok": True}, {"ok": True}], "answers": {"result": None}}
    with pytest.raises(ProtocolError, match="no answer to state"):
        check_result(case, response)
    response["steps"] = [{"ok": True, "told": {"call": 3, "tricks_made": 0}}, {"ok": True}]
    response["answers"] = {"result": None, "state": toy_module().answer("state", 4)}
    with pytest.raises(ProtocolError, match="carries 'told' but action 0 is a call"):
        check_result(case, response)


# ------------------------------------------------------------------------ bounded checks


def test_a_handshake_with_a_long_mixed_list_is_refused_in_linear_time() -> None:
    from napspec.conformance.harness import check_hello

    hello = toy_module().hello_response("wide")
    hello["capabilities"]["options"]["cut-minimum"] = [v for i in range(100_000) for v in (i, f"v{i}")]
    started = time.monotonic()
    with pytest.raises(ProtocolError, match="an array of 200000 items"):
        check_hello(hello)
    assert time.monotonic() - started < MARGIN


def test_a_deeply_nested_response_is_refused_before_the_schemas() -> None:
    nested: list[Any] = []
    for _ in range(40):
        nested = [nested]
    response = {"case": "deep", "steps": nested, "answers": {}}
    with pytest.raises(ProtocolError, match="nesting deeper than 32"):
        check_result(small_case("deep"), response)
