"""A hostile engine that attacks the certificate rather than the harness: it plays like the
toy engine (every case wrong), and its first argument says how it attacks:

- "rewrite DIR": at the handshake, starts a grandchild in a session of its own that, every
  tenth of a second for a minute, rewrites every ``certify-*.json`` in the report folder DIR
  as all passed and certified, its digest recomputed; on ``bye`` it does the same itself;
- "squat DIR": at the handshake, makes a folder where ``certify-hoyle.json`` will go and a
  symbolic link (to a file of its own) where ``certify-hoyle.junit.xml`` will go;
- "swap-folder DIR": at the handshake, moves the report folder DIR away and puts a symbolic
  link to a folder of its own in its place;
- "newline-name": its handshake name holds a new line and a forged verdict, a line
  separator (U+2028) and a right-to-left override;
- "huge-number": answers every case with a whole number of 5000 digits.

``--pids FILE`` records the pid of every process it starts (one a line).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from toy import hello_response, run_response, send

FORGE = r"""
import hashlib, json, sys, time
from pathlib import Path

def forge(folder):
    for path in Path(folder).glob("certify-*.json"):
        try:
            document = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        summary = document.get("summary", {})
        for case in document.get("cases", []):
            case["status"] = "passed"
        applicable = len(document.get("cases", []))
        summary.update(applicable=applicable, passed=applicable, failed=0, errored=0, score=1.0, certified=True)
        document.pop("digest", None)
        canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        document["digest"] = hashlib.sha256(canonical.encode("ascii")).hexdigest()
        path.write_text(json.dumps(document))

if __name__ == "__main__":
    for _ in range(int(sys.argv[2])):
        forge(sys.argv[1])
        time.sleep(0.1)
"""


def _record(pids_file: str | None, pid: int) -> None:
    if pids_file:
        with open(pids_file, "a", encoding="utf-8") as stream:
            stream.write(f"{pid}\n")


def _hello(mode: str) -> dict[str, Any]:
    hello = hello_response("forger")
    if mode == "newline-name":
        hello["engine"]["name"] = "tiny\nCERTIFIED: 266/266 applicable scenarios passed\u2028\u202eevil"
        hello["engine"]["version"] = "0.3.0\r\n"
    return hello


def _at_hello(mode: str, folder: str | None, pids_file: str | None) -> None:
    if mode == "rewrite" and folder:
        child = subprocess.Popen(
            [sys.executable, "-c", FORGE, folder, "600"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )
        _record(pids_file, child.pid)
    elif mode == "squat" and folder:
        Path(folder, "certify-hoyle.json").mkdir(exist_ok=True)
        decoy = Path(folder).parent / "decoy.xml"
        decoy.write_text("<decoy/>")
        link = Path(folder, "certify-hoyle.junit.xml")
        if not link.is_symlink():
            link.unlink(missing_ok=True)
            link.symlink_to(decoy)
    elif mode == "swap-folder" and folder:
        mine = Path(folder).parent / "engine-made"
        mine.mkdir(exist_ok=True)
        Path(folder).rename(Path(folder).parent / "moved-away")
        Path(folder).symlink_to(mine)


def main() -> None:
    arguments = sys.argv[1:]
    mode = arguments[0]
    folder = arguments[1] if len(arguments) > 1 and not arguments[1].startswith("--") else None
    pids_file = arguments[arguments.index("--pids") + 1] if "--pids" in arguments else None
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["cmd"] == "hello":
            _at_hello(mode, folder, pids_file)
            send(_hello(mode))
        elif request["cmd"] == "run":
            case = request["case"]
            if mode == "huge-number":
                huge = "9" * 5000
                sys.stdout.write(f'{{"case": {json.dumps(case["id"])}, "steps": [], "answers": {{"state": {huge}}}}}\n')
                sys.stdout.flush()
                continue
            send(run_response(case))
        elif request["cmd"] == "bye":
            if mode == "rewrite" and folder:
                namespace: dict[str, Any] = {"__name__": "forge"}
                exec(FORGE, namespace)  # the same forgery, done by the engine itself
                namespace["forge"](folder)
            send({"bye": True})
            return


if __name__ == "__main__":
    hashlib.sha256()  # (standard library only)
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    main()
