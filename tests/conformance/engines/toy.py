"""A toy engine that speaks napspec/1 correctly and plays nothing: it rejects every action
(``invalid-action``) and gives a fixed, schema-valid answer to every query. It exists so
that the harness can be tested against a well-behaved process; the broken engines beside
it import its pieces and misbehave on cue.

Run as ``python toy.py``; it reads requests on stdin and answers on stdout. It uses only the
standard library and the rule register (to declare every option value as supported).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from napspec import spec

PROTOCOL = "napspec/1"


def hello_response(name: str = "toy") -> dict[str, Any]:
    """A valid handshake declaring every option value of the register, every query and
    irregular play."""
    return {
        "protocol": PROTOCOL,
        "engine": {"name": name, "version": "1.0", "language": "Python"},
        "capabilities": {
            "profiles": sorted(spec.load().profiles),
            "options": {option.id: [value.value for value in option.values] for option in spec.load().options.values()},
            "variants": [],
            "queries": ["state", "legal-actions", "tricks", "table", "result", "offences", "first-dealer"],
            "irregular_play": True,
        },
    }


def answer(query: str, players: int) -> Any:
    """A fixed answer of the right shape for ``query`` at a table of ``players``."""
    return {
        "state": {
            "phase": "calling",
            "to_act": 0,
            "soloist": None,
            "call": None,
            "trumps": None,
            "tricks_won": [0] * players,
            "holdings": [[] for _ in range(players)],
        },
        "legal-actions": [],
        "tricks": [],
        "table": [[] for _ in range(players)],
        "result": None,
        "offences": [],
        "first-dealer": {"seat": 0},
    }[query]


def run_response(case: dict[str, Any]) -> dict[str, Any]:
    """A valid run response to ``case``."""
    return {
        "case": case["id"],
        "steps": [{"ok": False, "error": "invalid-action"} for _ in case["actions"]],
        "answers": {query: answer(query, case["players"]) for query in case["queries"]},
    }


def send(message: object) -> None:
    """Write one response line and flush it (an unflushed answer never arrives)."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["cmd"] == "hello":
            send(hello_response())
        elif request["cmd"] == "run":
            send(run_response(request["case"]))
        elif request["cmd"] == "bye":
            send({"bye": True})
            return


if __name__ == "__main__":
    main()
