"""The Python contract: serve() answers every request line with one response line and never
crashes; engines are found by name through the "napspec.engines" entry points; each engine
error maps to one status."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from napspec.protocol import (
    ENTRY_POINT_GROUP,
    STATUSES,
    Engine,
    EngineCrashed,
    EngineReportedError,
    EngineTimeout,
    EngineUnavailable,
    ProtocolError,
    UnknownEngine,
    UnsupportedCase,
    engines,
    load_engine,
    registered_engines,
    serve,
    status_for,
)
from napspec.protocol.schemas import is_valid

from .conftest import small_case, toy_module


class Recorder:
    """A Python engine that records what happened to it and misbehaves on cue."""

    def __init__(self) -> None:
        self.toy = toy_module()
        self.closed = False

    def hello(self) -> dict[str, Any]:
        hello: dict[str, Any] = self.toy.hello_response("recorder")
        return hello

    def run(self, case: dict[str, Any]) -> Any:
        if "boom" in case["id"]:
            raise KeyError("boom")
        if "unsupported" in case["id"]:
            raise UnsupportedCase("not this one")
        if "unserialisable" in case["id"]:
            return {"case": case["id"], "steps": {1, 2}, "answers": {}}
        if "chatty" in case["id"]:
            print("this would corrupt the protocol stream")  # noqa: T201 - the chatty engine under test
        return self.toy.run_response(case)

    def close(self) -> None:
        self.closed = True


def converse(*lines: str, engine: Recorder | None = None) -> list[dict[str, Any]]:
    """Serve ``lines`` to an engine; the parsed response lines."""
    out = io.StringIO()
    serve(engine or Recorder(), io.StringIO("".join(line + "\n" for line in lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def run_line(case: dict[str, Any]) -> str:
    return json.dumps({"cmd": "run", "case": case})


def test_a_conversation() -> None:
    engine = Recorder()
    responses = converse(
        '{"cmd": "hello", "protocol": "napspec/1"}', "", run_line(small_case("ok/1")), '{"cmd": "bye"}', engine=engine
    )
    assert is_valid("hello-response", responses[0])
    assert is_valid("run-response", responses[1]) and responses[1]["case"] == "ok/1"
    assert responses[2] == {"bye": True}
    assert len(responses) == 3 and engine.closed


def test_lines_after_bye_are_not_read() -> None:
    responses = converse('{"cmd": "bye"}', '{"cmd": "hello", "protocol": "napspec/1"}')
    assert responses == [{"bye": True}]


def test_end_of_input_closes_the_engine() -> None:
    engine = Recorder()
    assert converse('{"cmd": "hello", "protocol": "napspec/1"}', engine=engine)[0]["protocol"] == "napspec/1"
    assert engine.closed


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json at all", "request is not JSON"),
        ("[1, 2, 3]", "request is off-schema"),
        ('{"cmd": "dance"}', "'dance' is not one of"),
        ('{"cmd": "run"}', "'case' is a required property"),
        ('{"cmd": "hello"}', "'protocol' is a required property"),
        ('{"cmd": "bye", "now": true}', "Additional properties are not allowed"),
        ('{"cmd": "hello", "protocol": NaN}', "NaN is not JSON"),
        (
            '{"cmd": "hello", "protocol": "napspec/2"}',
            "this engine speaks napspec/1, napspec/1.1, napspec/1.2, napspec/1.3 or napspec/1.4, not napspec/2",
        ),
        ("[" * 100_000, "request is not JSON"),
        ('{"cmd": "bye", "cmd": "hello", "protocol": "napspec/1"}', "duplicate key 'cmd'"),
    ],
)
def test_a_malformed_request_gets_an_error_response(line: str, message: str) -> None:
    engine = Recorder()
    responses = converse(line, '{"cmd": "bye"}', engine=engine)
    assert len(responses) == 2 and responses[1] == {"bye": True}
    assert is_valid("error-response", responses[0])
    assert responses[0]["error"]["code"] == "bad-request"
    assert message in responses[0]["error"]["message"]


def test_an_off_schema_case_is_refused_naming_it() -> None:
    case = small_case("bad/1")
    case["actions"].append({"type": "play", "seat": 1, "card": "1S"})
    [response] = converse(run_line(case))
    assert response["error"]["case"] == "bad/1" and "actions[2].card" in response["error"]["message"]


@pytest.mark.parametrize(
    ("case_id", "code", "message"),
    [
        ("boom/1", "internal", "KeyError: 'boom'"),
        ("unsupported/1", "unsupported", "not this one"),
        ("unserialisable/1", "internal", "not JSON"),
    ],
)
def test_engine_failures_become_error_responses(case_id: str, code: str, message: str) -> None:
    responses = converse(run_line(small_case(case_id)), run_line(small_case("ok/after")))
    assert is_valid("error-response", responses[0])
    assert responses[0]["error"]["code"] == code and message in responses[0]["error"]["message"]
    assert responses[0]["error"]["case"] == case_id
    assert responses[1]["case"] == "ok/after"


def test_printing_inside_the_engine_stays_off_the_protocol_stream(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    serve(Recorder(), io.StringIO(run_line(small_case("chatty/1")) + "\n"), out)
    assert json.loads(out.getvalue())["case"] == "chatty/1"
    assert "this would corrupt" in capsys.readouterr().err


# ---------------------------------------------------------------------------- statuses


def test_each_error_maps_to_a_status() -> None:
    assert status_for(UnsupportedCase("x")) == "skipped-unsupported"
    assert status_for(EngineTimeout("x", timeout=1.0)) == "timed-out"
    for error in (EngineCrashed("x"), ProtocolError("x"), EngineReportedError("x"), EngineUnavailable("x")):
        assert status_for(error) == "errored"
    assert set(STATUSES) == {"passed", "failed", "skipped-unsupported", "errored", "timed-out"}


def test_errors_name_the_case_and_quote_a_bounded_excerpt() -> None:
    error = ProtocolError("invalid run response", case_id="c/1", received="x" * 100_000)
    assert str(error).startswith("case 'c/1': invalid run response; received 'xxx")
    assert len(str(error)) < 400
    crashed = EngineCrashed("engine stopped", case_id="c/2", returncode=1, stderr_tail="Traceback ...\nValueError")
    assert "ValueError" in str(crashed) and crashed.returncode == 1


# -------------------------------------------------------------------------- entry points


FAKE_MODULE = """
class Toy:
    def hello(self): return {}
    def run(self, case): return {}
    def close(self): pass

class NotAnEngine:
    pass
"""


@pytest.fixture
def fake_distribution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed distribution (a dist-info folder on sys.path) registering engines."""
    info = tmp_path / "napspec_fake_engines-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: napspec-fake-engines\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\n"
        "toy-engine = napspec_fake_engine:Toy\n"
        "not-an-engine = napspec_fake_engine:NotAnEngine\n"
        "missing-module = napspec_no_such_module:Engine\n"
    )
    (tmp_path / "napspec_fake_engine.py").write_text(FAKE_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "napspec_fake_engine", raising=False)


def test_a_registered_engine_loads_by_name(fake_distribution: None) -> None:
    assert {"toy-engine", "not-an-engine", "missing-module"} <= set(registered_engines())
    engine = load_engine("toy-engine")
    assert isinstance(engine, Engine) and type(engine).__name__ == "Toy"


def test_an_unknown_name_lists_the_registered_engines_and_the_nearest(fake_distribution: None) -> None:
    with pytest.raises(UnknownEngine) as caught:
        load_engine("toy-engin")
    message = str(caught.value)
    assert "did you mean 'toy-engine'?" in message
    assert "registered engines:" in message and "not-an-engine" in message and "missing-module" in message


def test_a_factory_that_is_no_engine_is_refused(fake_distribution: None) -> None:
    with pytest.raises(TypeError, match="returned NotAnEngine, which lacks hello"):
        load_engine("not-an-engine")
    with pytest.raises(UnknownEngine, match="cannot be loaded"):
        load_engine("missing-module")


def test_with_no_engine_registered_the_error_says_how_to_register_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engines, "entry_points", lambda group: [])
    with pytest.raises(UnknownEngine, match=r'no engine is registered; .* "napspec\.engines"'):
        load_engine("reference")
