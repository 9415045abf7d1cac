"""The protocol on the wire: JSON lines, one request, one response.

:func:`parse_json` reads a line as strict JSON (no NaN or Infinity, no duplicate keys, no
number longer than :data:`MAX_DIGITS` digits), whichever side sent it; :func:`handle_request`
answers one request line for a Python engine, and :func:`serve` runs the whole conversation
on a pair of streams, so that any Python :class:`~napspec.protocol.engines.Engine` is also an
engine of the protocol, for any harness.
"""

from __future__ import annotations

import contextlib
import json
import sys
import traceback
from typing import Any, Final, TextIO

from napspec.protocol import schemas
from napspec.protocol.engines import Engine, UnsupportedCase, excerpt
from napspec.protocol.versioning import speaks, versions


def _error_response(message: str, code: str, case_id: str | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"message": message, "code": code}
    if case_id is not None:
        error["case"] = case_id
    return {"error": error}


def _parse_request(line: str) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The request on ``line``, or the error response that answers it."""
    try:
        request = parse_json(line)
    except ValueError as error:
        return None, _error_response(f"request is not JSON: {error}; received {excerpt(line)}", "bad-request")
    # The list of problems is made only for a request that has some (the common case, a
    # valid request, takes the validator's faster path).
    problems = [] if schemas.is_valid("request", request) else schemas.errors("request", request)
    if problems:
        case = request.get("case") if isinstance(request, dict) else None
        case_id = case.get("id") if isinstance(case, dict) and isinstance(case.get("id"), str) else None
        return None, _error_response("request is off-schema: " + "; ".join(problems), "bad-request", case_id)
    assert isinstance(request, dict)  # the request schema admits objects only
    return request, None


#: The most digits of a whole number in a protocol message (its numbers are seats, tricks
#: and stakes; Python refuses more than 4300 digits, with a message about its own limits).
MAX_DIGITS: Final = 100


class JSONLimitError(ValueError):
    """JSON that is well-formed but goes beyond what the protocol reads (a number too long)."""


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise JSONLimitError(f"a whole number of {digits} digits (the protocol reads at most {MAX_DIGITS})")
    return int(text)


def _reject_constant(name: str) -> Any:
    # Python's json accepts NaN and Infinity, which are not JSON; the protocol is JSON.
    raise ValueError(f"{name} is not JSON")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # The contract forbids a key given twice (which one would be meant?).
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {excerpt(key)}")
        result[key] = value
    return result


def parse_json(line: bytes | str) -> object:
    """A line of the protocol parsed as strict JSON (no NaN or Infinity, no duplicate keys),
    whichever side sent it; :class:`ValueError` otherwise. Parsing is all that is ever done
    with it.

    >>> parse_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> parse_json('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    ValueError: duplicate key 'a'
    >>> parse_json("[" + "9" * 5000 + "]")
    Traceback (most recent call last):
    ...
    napspec.protocol.wire.JSONLimitError: a whole number of 5000 digits (the protocol reads at most 100)
    """
    text = line.decode("utf-8") if isinstance(line, bytes) else line
    try:
        return json.loads(
            text, parse_constant=_reject_constant, parse_int=_bounded_int, object_pairs_hook=_no_duplicate_keys
        )
    except RecursionError as error:
        raise ValueError("nested too deeply") from error


def handle_request(engine: Engine, line: str) -> tuple[dict[str, Any], bool]:
    """The response to one request line, and whether the conversation is over (after
    ``bye``). Never raises for anything the request or the engine does wrong: that is an
    error response."""
    request, failure = _parse_request(line)
    if request is None:
        assert failure is not None
        return failure, False
    command = request["cmd"]
    case_id: str | None = request["case"]["id"] if command == "run" else None
    try:
        # Engines print to sys.stdout by accident (debugging, a chatty library); on the
        # protocol stream that would be read as a response, so it goes to stderr.
        with contextlib.redirect_stdout(sys.stderr):
            if command == "hello":
                # Any version of the same major is answered with the engine's own handshake,
                # which names the version it speaks; the harness takes it from there.
                if not speaks(request["protocol"]):
                    return _error_response(
                        f"this engine speaks {versions()}, not {request['protocol']}", "bad-request"
                    ), False
                return engine.hello(), False
            if command == "bye":
                return {"bye": True}, True
            return engine.run(request["case"]), False
    except UnsupportedCase as error:
        return _error_response(error.reason, "unsupported", case_id), False
    except Exception as error:
        traceback.print_exc(file=sys.stderr)
        return _error_response(f"{type(error).__name__}: {error}", "internal", case_id), False


def serve(engine: Engine, stdin: TextIO, stdout: TextIO) -> None:
    """Run the protocol's JSON-lines loop (any version of :data:`PROTOCOLS`) for a Python
    engine: read requests from ``stdin``, write one response line per request to
    ``stdout``, until ``bye`` or end of input; then close the engine. A hello of any
    version of :data:`PROTOCOLS` is answered with the engine's handshake (which says which
    of them it speaks); a hello of any other version with an error response.

    Malformed requests, engine exceptions and unserialisable results are answered with
    ``{"error": ...}``; the loop itself does not crash.

    >>> import io
    >>> class Null:
    ...     def hello(self): return {"protocol": "napspec/1"}
    ...     def run(self, case): return {"case": case["id"], "steps": [], "answers": {}}
    ...     def close(self): pass
    >>> out = io.StringIO()
    >>> serve(Null(), io.StringIO('{"cmd": "hello", "protocol": "napspec/1.2"}\\nnot json\\n{"cmd": "bye"}\\n'), out)
    >>> for line in out.getvalue().splitlines():
    ...     print(line[:100])
    {"protocol":"napspec/1"}
    {"error":{"message":"request is not JSON: Expecting value: line 1 column 1 (char 0); received 'not j
    {"bye":true}
    """
    try:
        for raw in stdin:
            line = raw.strip()
            if not line:
                continue  # blank lines carry nothing; the protocol ignores them
            response, finished = handle_request(engine, line)
            try:
                # ASCII output (non-ASCII escaped) is valid UTF-8 whatever the console's encoding.
                text = json.dumps(response, separators=(",", ":"), allow_nan=False)
            except (TypeError, ValueError) as error:
                case_id = response.get("case") if isinstance(response.get("case"), str) else None
                text = json.dumps(
                    _error_response(f"engine returned a result that is not JSON: {error}", "internal", case_id),
                    separators=(",", ":"),
                )
            stdout.write(text + "\n")
            stdout.flush()
            if finished:
                break
    finally:
        engine.close()
