"""A broken engine that answers the handshake wrongly, as its first argument says:

- "wrong-protocol" (default): claims to speak napspec/0;
- "no-capabilities": leaves the capabilities out;
- "not-json": answers with a line that is not JSON;
- "refuse": answers with an error response;
- "exit": exits without answering;
- "claims-newer": refuses a hello of any version but napspec/1.1, then answers that one
  claiming napspec/1.2 (which it refused).

Were it ever sent a case, it would answer it properly: the harness must not get that far.
"""

from __future__ import annotations

import json
import sys

from toy import hello_response, run_response, send


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "wrong-protocol"
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["cmd"] == "hello":
            good = hello_response("bad-handshake")
            if mode == "wrong-protocol":
                send({**good, "protocol": "napspec/0"})
            elif mode == "no-capabilities":
                send({key: value for key, value in good.items() if key != "capabilities"})
            elif mode == "not-json":
                sys.stdout.write("HELLO THERE\n")
                sys.stdout.flush()
            elif mode == "refuse":
                send({"error": {"message": "I speak napspec/0 only", "code": "bad-request"}})
            elif mode == "exit":
                sys.exit(0)
            elif mode == "claims-newer":
                if request["protocol"] == "napspec/1.1":
                    send({**good, "protocol": "napspec/1.2"})
                else:
                    send({"error": {"message": "I speak napspec/1.1", "code": "bad-request"}})
        elif request["cmd"] == "run":
            send(run_response(request["case"]))
        elif request["cmd"] == "bye":
            send({"bye": True})
            return


if __name__ == "__main__":
    main()
