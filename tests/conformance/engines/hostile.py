"""A hostile engine: it handshakes and plays like the toy engine, but attacks the harness
in the way its first argument names. ``--pids FILE`` makes it record the pid of every
process it starts (one a line), so a test can check that none is left behind.

- "markup": its name and version are rich markup, a terminal hyperlink and escape
  sequences (retitle, clear screen);
- "stderr-escape": on a case, writes a coloured log line to stderr and exits;
- "orphan-stdout": on a case, starts a long-lived child in a session of its own that holds
  its stdout, then exits;
- "group-children": at the handshake, starts long-lived children in its process group;
  exits on the first case;
- "blank-flood": on a case, writes blank lines for ever;
- "mixed-handshake": declares a value list of 20,000 values of mixed types (a 200 KB
  handshake);
- "wide-handshake": declares 250 long values for one option (within the limits), so that
  every skip message could copy them;
- "slow": answers every case after 0.2 s, recording its own pid at the first (for
  interrupting a run);
- "duplicate-keys": answers the handshake with an object that gives a key twice;
- "declaration-markup": speaks napspec/1.1 and answers every state with a ``declaration``
  of rich markup and escape sequences;
- "wrong-types": speaks napspec/1.1 and answers every state with the new fields of the
  wrong types (a number for ``declaration``, a string for ``extra_hand``, a name for
  ``call``);
- "huge-legal-actions": speaks napspec/1.1 and answers ``legal-actions`` with 20,000
  discards (1.4 MB: within the line limit, beyond the item limit);
- "pool-answer KIND": speaks napspec/1.2, answers the query ``pool`` and gives every state
  the fields of napspec/1.2, but spoils them as KIND says: "not-an-object" (the pool answer
  is a list), "pool-a-string" (``pool`` is ``"3"``), "no-transfers", "negative" (a transfer
  of -1), "unknown-reason" (a reason of rich markup and escape sequences), "extra-fields"
  (an extra field in the answer and in a transfer), "pool-to-pool" (a transfer from the
  pool to the pool), "seat-off-table" (a transfer from seat 9 at a table of four),
  "does-not-add-up" (the pool now is not what the transfers leave), "overdrawn" (more taken
  out than the pool held), "state-lacks-fields" (the state without ``peep_card``,
  ``peeped`` and ``stock``), "none" (nothing spoilt: a well-behaved napspec/1.2 engine).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

from toy import hello_response, run_response, send

LONG_SLEEP = [sys.executable, "-c", "import time; time.sleep(120)"]


def _record(pids_file: str | None, pid: int) -> None:
    if pids_file:
        with open(pids_file, "a", encoding="utf-8") as stream:
            stream.write(f"{pid}\n")


NEW_FIELD_MODES = ("declaration-markup", "wrong-types", "huge-legal-actions")

PACK = [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"]


def _new_fields(mode: str, response: dict[str, Any]) -> dict[str, Any]:
    """``response`` with the napspec/1.1 fields of its answers spoilt as ``mode`` says."""
    answers = response["answers"]
    state = answers.get("state")
    if isinstance(state, dict):
        if mode == "declaration-markup":
            state.update(declaration="[bold red]misery[/]\x1b]0;pwned\x07\x1b[2J", extra_hand=None)
        elif mode == "wrong-types":
            state.update(declaration=5, extra_hand="AS KS", call="misery")
        else:
            state.update(declaration=None, extra_hand=None)
    if mode == "huge-legal-actions" and "legal-actions" in answers:
        answers["legal-actions"] = [
            {"type": "discard", "seat": 1, "cards": [PACK[(index + k) % 52] for k in range(5)]}
            for index in range(20_000)
        ]
    return response


#: A transfer into the pool that the spoilt pool answers start from.
_FEE = {"from": 1, "to": "pool", "amount": 1, "reason": "peep-fee"}


def _pool_answer(kind: str, case: dict[str, Any]) -> Any:
    """The answer to the query ``pool`` spoilt as ``kind`` says (see the module's docstring)."""
    began: int = case.get("pool", 0)
    answer: dict[str, Any] = {"pool": began + 1, "transfers": [dict(_FEE)]}
    spoilt: dict[str, Any] = {
        "not-an-object": [began],
        "pool-a-string": {**answer, "pool": "3"},
        "no-transfers": {"pool": began},
        "negative": {"pool": began - 1, "transfers": [{**_FEE, "amount": -1}]},
        "unknown-reason": {**answer, "transfers": [{**_FEE, "reason": "[bold red]bribe[/]\x1b]0;pwned\x07\x1b[2J"}]},
        "extra-fields": {**answer, "bonus": 1, "transfers": [{**_FEE, "note": "tip"}]},
        "pool-to-pool": {**answer, "transfers": [{**_FEE, "from": "pool"}]},
        "seat-off-table": {**answer, "transfers": [{**_FEE, "from": 9}]},
        "does-not-add-up": {**answer, "pool": began + 5},
        "overdrawn": {"pool": 0, "transfers": [{"from": "pool", "to": 1, "amount": began + 1, "reason": "pool-won"}]},
    }
    return spoilt.get(kind, answer)


def _pool_response(kind: str, case: dict[str, Any]) -> dict[str, Any]:
    """The toy's run response with the napspec/1.2 answers, spoilt as ``kind`` says."""
    response = run_response({**case, "queries": [query for query in case["queries"] if query != "pool"]})
    state = response["answers"].get("state")
    if isinstance(state, dict) and kind != "state-lacks-fields":
        state.update(declaration=None, extra_hand=None, peep_card=None, peeped=[], stock=0)
    if "pool" in case["queries"]:
        response["answers"]["pool"] = _pool_answer(kind, case)
    return response


def _hello(mode: str) -> Any:
    hello = hello_response("hostile")
    if mode in NEW_FIELD_MODES:
        hello["protocol"] = "napspec/1.1"
    if mode == "pool-answer":
        hello["protocol"] = "napspec/1.2"
        hello["capabilities"]["queries"].append("pool")
    if mode == "markup":
        hello["engine"]["name"] = "[/bold][link=https://example.invalid]click me[/link]\x1b]0;pwned\x07"
        hello["engine"]["version"] = "[red]1.0\x1b[2J\x1b[H"
    elif mode == "mixed-handshake":
        hello["capabilities"]["options"]["cut-minimum"] = [
            value for index in range(10_000) for value in (index, f"v{index}")
        ]
    elif mode == "wide-handshake":
        hello["capabilities"]["options"]["nap-stakes"] = [f"stake-{index:03d}-" + "x" * 200 for index in range(250)]
    return hello


def main() -> None:
    arguments = sys.argv[1:]
    mode = arguments[0] if arguments else "markup"
    pids_file = arguments[arguments.index("--pids") + 1] if "--pids" in arguments else None
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["cmd"] == "hello":
            if mode == "group-children":
                for _ in range(2):
                    _record(
                        pids_file, subprocess.Popen(LONG_SLEEP, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL).pid
                    )
            if mode == "duplicate-keys":
                sys.stdout.write('{"protocol": "napspec/1", "protocol": "napspec/1"}\n')
                sys.stdout.flush()
                continue
            send(_hello(mode))
        elif request["cmd"] == "run":
            case = request["case"]
            if mode == "stderr-escape":
                sys.stderr.write("\x1b[31mERROR\x1b[0m \x1b]0;pwned\x07 engine gave up\n")
                sys.stderr.flush()
                os._exit(1)
            elif mode == "orphan-stdout":
                child = subprocess.Popen(LONG_SLEEP, stdin=subprocess.DEVNULL, start_new_session=True)
                _record(pids_file, child.pid)
                os._exit(0)
            elif mode == "group-children":
                os._exit(0)
            elif mode == "blank-flood":
                while True:
                    sys.stdout.write("\n" * 4096)
            elif mode == "slow":
                if pids_file and not os.path.exists(pids_file):
                    _record(pids_file, os.getpid())  # the run has reached its first case
                time.sleep(0.2)
            if mode in NEW_FIELD_MODES:
                send(_new_fields(mode, run_response(case)))
                continue
            if mode == "pool-answer":
                send(_pool_response(arguments[1] if len(arguments) > 1 else "none", case))
                continue
            send(run_response(case))
        elif request["cmd"] == "bye":
            send({"bye": True})
            return


if __name__ == "__main__":
    main()
