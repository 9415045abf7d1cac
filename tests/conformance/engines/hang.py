"""A broken engine that never answers.

It handshakes properly (unless run with ``--at-hello``, when it never answers the
handshake either), then answers cases like the toy engine, except that on a case whose id
contains "hang" (or on every case, with ``--always``) it sleeps for ever.
"""

from __future__ import annotations

import json
import sys
import time

from toy import hello_response, run_response, send


def hang() -> None:
    sys.stderr.write("hang: thinking very hard\n")
    sys.stderr.flush()
    while True:
        time.sleep(3600)


def main() -> None:
    arguments = sys.argv[1:]
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["cmd"] == "hello":
            if "--at-hello" in arguments:
                hang()
            send(hello_response("hang"))
        elif request["cmd"] == "run":
            case = request["case"]
            if "--always" in arguments or "hang" in case["id"]:
                hang()
            send(run_response(case))
        elif request["cmd"] == "bye":
            send({"bye": True})
            return


if __name__ == "__main__":
    main()
