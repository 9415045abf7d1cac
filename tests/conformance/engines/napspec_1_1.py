"""An engine written for napspec/1.1, before napspec/1.2: the reference engine behind a loop
that speaks napspec/1.1 only, as an engine of that time would.

- A hello of any version but napspec/1.1 is answered with an error response (an engine may
  refuse a version it does not speak); a hello of napspec/1.1 with a handshake that says
  napspec/1.1 and declares only the options napspec/1.1 has and its variants (the calls
  beyond Nap).
- A case that carries an option napspec/1.1 does not have (or lacks one it has), a field, a
  start, an action or a query napspec/1.2 added, is answered with a ``bad-request`` error:
  the harness must never send one to it.
- The answers are the reference engine's, less what napspec/1.1 does not have (the state's
  ``peep_card``, ``peeped`` and ``stock``).

With ``--lenient`` it answers a hello of any version with its napspec/1.1 handshake instead
of refusing it (an engine may do either).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from napspec.protocol import ADDED_BY_PROTOCOL, OPTIONS_BY_PROTOCOL
from napspec.reference.contract_adapter import ReferenceEngine

PROTOCOL = "napspec/1.1"
OPTIONS = OPTIONS_BY_PROTOCOL[PROTOCOL]
NEWER = ADDED_BY_PROTOCOL["napspec/1.2"]
VARIANTS = ("misery", "wellington", "blucher", "sir-garnet", "seven-card")


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
    capabilities["variants"] = [variant for variant in capabilities["variants"] if variant in VARIANTS]
    capabilities["queries"] = [query for query in capabilities["queries"] if query not in NEWER.queries]
    return {**handshake, "protocol": PROTOCOL, "engine": {**handshake["engine"], "name": "napspec-1-1-engine"}}


def not_napspec_1_1(case: dict[str, Any]) -> list[str]:
    """What in ``case`` napspec/1.1 does not have."""
    found = [f"option {key!r}" for key in case["options"] if key not in OPTIONS]
    found += [f"missing option {key!r}" for key in OPTIONS if key not in case["options"]]
    found += [f"field {key!r}" for key in NEWER.case_fields if key in case]
    newer_start = (*NEWER.start_kinds, *NEWER.start_fields, *NEWER.dropped_start_fields)
    found += [f"start.{key}" for key in newer_start if key in case["start"]]
    found += [f"action {json.dumps(action)}" for action in case["actions"] if action["type"] in NEWER.actions]
    found += [f"query {query!r}" for query in case["queries"] if query in NEWER.queries]
    return found


def run(engine: ReferenceEngine, case: dict[str, Any]) -> dict[str, Any]:
    problems = not_napspec_1_1(case)
    if problems:
        return error(f"napspec/1.1 has no {', '.join(problems)}", case["id"])
    # The reference engine takes the options napspec/1.1 lacks at their plain values.
    response = engine.run(case)
    state = response.get("answers", {}).get("state")
    if isinstance(state, dict):
        for key in NEWER.state_fields:
            state.pop(key, None)
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
