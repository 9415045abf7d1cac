"""A broken engine that answers cases with garbage, chosen by the case id:

- "not-json": a line that is not JSON;
- "binary": bytes that are not UTF-8;
- "off-schema": JSON that is not a run response;
- "wrong-case": a valid response, but for another case;
- "too-few-steps": a response with a step missing;
- "extra-answer": a response answering a query that was not asked;
- "nan": a response holding NaN, which JSON does not have;
- "two-lines": a valid response followed by a stray line;
- "error": an error response;
- "unsupported": an error response saying the case is unsupported;

and any other case properly, as the toy engine does. With ``--always`` it answers every
case with garbage, taking the kinds in turn (for runs of real scenarios, whose ids it
cannot choose).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from toy import hello_response, run_response, send


def respond(case: dict[str, Any]) -> None:
    case_id = str(case["id"])
    good = run_response(case)
    if "not-json" in case_id:
        sys.stdout.write("I am not JSON, I am a teapot\n")
    elif "binary" in case_id:
        sys.stdout.buffer.write(b"\xff\xfe\xfa garbage\n")
    elif "off-schema" in case_id:
        sys.stdout.write(json.dumps({"case": case_id, "steps": "many", "answers": {"state": 42}}) + "\n")
    elif "wrong-case" in case_id:
        sys.stdout.write(json.dumps({**good, "case": "some-other-case"}) + "\n")
    elif "too-few-steps" in case_id:
        sys.stdout.write(json.dumps({**good, "steps": good["steps"][:-1]}) + "\n")
    elif "extra-answer" in case_id:
        sys.stdout.write(json.dumps({**good, "answers": {**good["answers"], "offences": []}}) + "\n")
    elif "nan" in case_id:
        sys.stdout.write(f'{{"case": "{case_id}", "steps": [], "answers": {{"result": NaN}}}}\n')
    elif "two-lines" in case_id:
        sys.stdout.write(json.dumps(good) + "\n" + json.dumps(good) + "\n")
    elif "unsupported" in case_id:
        sys.stdout.write(json.dumps({"error": {"message": "I only play on Sundays", "code": "unsupported"}}) + "\n")
    elif "error" in case_id:
        sys.stdout.write(json.dumps({"error": {"message": "out of cheese"}}) + "\n")
    else:
        sys.stdout.write(json.dumps(good) + "\n")
    sys.stdout.flush()


ALWAYS = ("not-json", "off-schema", "wrong-case", "too-few-steps", "nan", "error")


def main() -> None:
    always = "--always" in sys.argv[1:]
    count = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["cmd"] == "hello":
            send(hello_response("garbage"))
        elif request["cmd"] == "run":
            case = request["case"]
            if always:
                case = {**case, "id": f"{case['id']}-{ALWAYS[count % len(ALWAYS)]}"}
                count += 1
            respond(case)
        elif request["cmd"] == "bye":
            send({"bye": True})
            return


if __name__ == "__main__":
    main()
