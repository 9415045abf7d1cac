"""The toy engine written as a Python :class:`napspec.protocol.Engine` and served over
the protocol with one call to :func:`napspec.protocol.serve`: the route a Python engine
takes to be tested as a black box. With ``--print``, its run() also prints to stdout, which
serve() must keep off the protocol stream.
"""

from __future__ import annotations

import sys
from typing import Any

from toy import hello_response, run_response

from napspec.protocol import serve


class ToyEngine:
    """The toy engine as a Python object."""

    def __init__(self, chatty: bool) -> None:
        self.chatty = chatty

    def hello(self) -> dict[str, Any]:
        hello: dict[str, Any] = hello_response("served-toy")
        return hello

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        if self.chatty:
            print(f"debug: playing {case['id']}")
        if "explode" in case["id"]:
            raise RuntimeError("the toy engine exploded")
        response: dict[str, Any] = run_response(case)
        return response

    def close(self) -> None:
        sys.stderr.write("served-toy: closed\n")


if __name__ == "__main__":
    serve(ToyEngine(chatty="--print" in sys.argv[1:]), sys.stdin, sys.stdout)
