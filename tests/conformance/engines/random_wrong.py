"""The reference engine, except that it answers a share of cases wrong.

- "random RATE": each case, at random (a fresh draw every time it is asked), with
  probability RATE (e.g. 0.15) the legal actions are dropped: the same case can be answered
  differently from one time to the next (non-determinism);
- "hashed RATE": the cases whose hash falls below RATE (e.g. 0.01) have their legal actions
  dropped, the same way every time: an engine wrong on 1 % of its answers, deterministic.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from rulebreak import RuleBreakingEngine, main


class SometimesWrong(RuleBreakingEngine):
    breaks = "sometimes"

    def __init__(self, kind: str, rate: float) -> None:
        super().__init__()
        self.kind = kind
        self.rate = rate

    def tamper(self, case: dict[str, Any], answers: dict[str, Any]) -> None:
        if self.kind == "random":
            wrong = random.random() < self.rate
        else:
            digest = hashlib.sha256(json.dumps(case, sort_keys=True).encode()).digest()
            wrong = int.from_bytes(digest[:8], "big") / 2**64 < self.rate
        if wrong and isinstance(answers.get("legal-actions"), list) and answers["legal-actions"]:
            answers["legal-actions"] = answers["legal-actions"][1:]
        elif wrong and isinstance(answers.get("result"), dict):
            answers["result"] = None


if __name__ == "__main__":
    main(SometimesWrong(sys.argv[1], float(sys.argv[2])))
