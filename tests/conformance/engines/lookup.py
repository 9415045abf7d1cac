"""A lookup table posing as an engine: no rules of Nap, only answers recorded from another.

- "record TABLE": plays as the reference engine and records every case it is sent, with
  the answer, into the JSON file TABLE;
- "replay TABLE": answers every case found in TABLE as recorded (under the reference
  engine's handshake), and any other case with an internal error. The standard library is
  all it uses, and the scenarios are public (``napspec dump-cases``): this is what a
  certificate must not be earned by.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def key(case: dict[str, Any]) -> str:
    return json.dumps(case, sort_keys=True, separators=(",", ":"))


def main() -> None:
    mode, table_path = sys.argv[1], Path(sys.argv[2])
    table: dict[str, Any] = json.loads(table_path.read_text()) if table_path.exists() else {}
    reference = None
    if mode == "record":
        from napspec.reference.contract_adapter import ReferenceEngine

        reference = ReferenceEngine()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["cmd"] == "hello":
            if reference is not None:
                table["hello"] = reference.hello()
            response = table["hello"]
        elif request["cmd"] == "run":
            case = request["case"]
            if reference is not None:
                table[key(case)] = reference.run(case)
            response = table.get(key(case)) or {"error": {"message": "not in my table", "code": "internal"}}
        else:
            response = {"bye": True}
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()
        if request["cmd"] == "bye":
            break
    if reference is not None:
        table_path.write_text(json.dumps(table))


if __name__ == "__main__":
    main()
