"""A broken engine that dies in the middle of a case.

It handshakes properly, then answers cases like the toy engine, except that on a case whose
id contains "crash" (or on every case, with ``--always``) it writes a line to stderr, half a
response to stdout, and exits with status 3.
"""

from __future__ import annotations

import json
import os
import sys

from toy import hello_response, run_response, send


def main() -> None:
    always = "--always" in sys.argv[1:]
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["cmd"] == "hello":
            send(hello_response("crash"))
        elif request["cmd"] == "run":
            case = request["case"]
            if always or "crash" in case["id"]:
                sys.stderr.write(f"crash: giving up on {case['id']}\n")
                sys.stderr.flush()
                sys.stdout.write('{"case": "')
                sys.stdout.flush()
                os._exit(3)
            send(run_response(case))
        elif request["cmd"] == "bye":
            send({"bye": True})
            return


if __name__ == "__main__":
    main()
