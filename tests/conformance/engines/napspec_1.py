"""An engine written for napspec/1, before napspec/1.1: the reference engine behind a loop
that speaks napspec/1 only, as an engine of that time would.

- A hello of any version but napspec/1 is answered with an error response (napspec/1 told
  engines to do so); a hello of napspec/1 with a handshake that says napspec/1, declares
  only the options napspec/1 has and no variants.
- A case that carries an option napspec/1 does not have, an action or a call napspec/1 does
  not have, or an extra hand, is answered with a ``bad-request`` error: the harness must
  never send one to it.
- The answers are the reference engine's, less what napspec/1 does not have (the state's
  ``declaration`` and ``extra_hand``).

With ``--lenient`` it answers a hello of napspec/1.1 with its napspec/1 handshake instead
of refusing it (an engine may do either).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from napspec.protocol import OPTIONS_BY_PROTOCOL
from napspec.reference.contract_adapter import ReferenceEngine
from napspec.spec import Register, load

PROTOCOL = "napspec/1"
OPTIONS = OPTIONS_BY_PROTOCOL[PROTOCOL]
ACTIONS = {"cut", "deal", "call", "pass", "play", "expose", "claim", "show", "refuse-to-show", "ask"}


def send(message: object) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def error(message: str, case_id: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"message": message, "code": "bad-request"}
    if case_id is not None:
        body["case"] = case_id
    return {"error": body}


def hello(engine: ReferenceEngine) -> dict[str, Any]:
    handshake = engine.hello()
    capabilities = handshake["capabilities"]
    capabilities["options"] = {key: values for key, values in capabilities["options"].items() if key in OPTIONS}
    capabilities["variants"] = []
    return {**handshake, "protocol": PROTOCOL, "engine": {**handshake["engine"], "name": "napspec-1-engine"}}


def not_napspec_1(case: dict[str, Any]) -> list[str]:
    """What in ``case`` napspec/1 does not have."""
    found = [f"option {key!r}" for key in case["options"] if key not in OPTIONS]
    found += [f"missing option {key!r}" for key in OPTIONS if key not in case["options"]]
    for action in case["actions"]:
        if action["type"] not in ACTIONS or "call" in action or action.get("tricks", 0) > 5:
            found.append(f"action {json.dumps(action)}")
    if "extra_hand" in case["start"]:
        found.append("an extra hand")
    return found


def _plain(register: Register, key: str) -> Any:
    option = register.options[key]
    return option.plain if option.plain is not None else option.values[0].value


def run(engine: ReferenceEngine, case: dict[str, Any]) -> dict[str, Any]:
    problems = not_napspec_1(case)
    if problems:
        return error(f"napspec/1 has no {', '.join(problems)}", case["id"])
    # The options the reference engine plays that napspec/1 lacks are at their plain values
    # in any game of napspec/1 (a detail of a call beyond Nap, which has none, at its first).
    register = load()
    options = {
        key: case["options"].get(key, _plain(register, key)) for key in engine.hello()["capabilities"]["options"]
    }
    response = engine.run({**case, "options": options})
    state = response.get("answers", {}).get("state")
    if isinstance(state, dict):
        state.pop("declaration", None)
        state.pop("extra_hand", None)
    return response


def main() -> None:
    lenient = "--lenient" in sys.argv[1:]
    engine = ReferenceEngine()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["cmd"] == "hello":
            if request["protocol"] == PROTOCOL or lenient:
                send(hello(engine))
            else:
                send(error(f"this engine speaks {PROTOCOL}, not {request['protocol']}"))
        elif request["cmd"] == "run":
            send(run(engine, request["case"]))
        elif request["cmd"] == "bye":
            send({"bye": True})
            return


if __name__ == "__main__":
    main()
