"""The reference engine with one rule broken: the base of the rule-breaking engines beside
this file, which the conformance suite must catch (each is a thin wrapper that tampers with
the reference engine's answers, served over the protocol like any third-party engine)."""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable
from typing import Any

from napspec.protocol import serve
from napspec.reference.contract_adapter import ReferenceEngine

RANKS = "23456789TJQKA"


def tampered(
    case: dict[str, Any],
    result: dict[str, Any],
    asked: list[str],
    tamper: Callable[[dict[str, Any], dict[str, Any]], None],
) -> dict[str, Any]:
    """The reference engine's ``result`` to ``case`` (asked with more queries than ``asked``),
    its answers broken by ``tamper`` and cut to the queries asked. The answers after each number
    of actions (napspec/1.4's trace) are each tampered with as the answers to the case cut there
    would be: the engine keeps no state."""
    entries = result.get("trace") or [result["answers"]]
    first = len(case["actions"]) + 1 - len(entries)
    shown = []
    for count, entry in enumerate(entries, start=first):
        answers = copy.deepcopy(entry)
        tamper({**case, "actions": case["actions"][:count]}, answers)
        shown.append({query: answers[query] for query in asked})
    result["answers"] = shown[-1]
    if "trace" in result:
        result["trace"] = shown
    return result


class RuleBreakingEngine:
    """Asks the reference engine the case's queries plus "state" and "tricks" (which the
    tampering needs), lets :meth:`tamper` break the answers, and returns the queries asked."""

    breaks = "nothing"

    def __init__(self) -> None:
        self.reference = ReferenceEngine()

    def hello(self) -> dict[str, Any]:
        hello = self.reference.hello()
        hello["engine"]["name"] = f"reference-that-breaks-{self.breaks}"
        return hello

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        asked = list(case["queries"])
        if "first-dealer" in asked:
            return self.reference.run(case)  # a draw: nothing to break here
        extra = [query for query in ("state", "tricks") if query not in asked]
        result = self.reference.run({**case, "queries": asked + extra})
        if "error" in result:
            return result
        return tampered(case, result, asked, self.tamper)

    def tamper(self, case: dict[str, Any], answers: dict[str, Any]) -> None:
        """Break the answers in place (``answers`` holds "state" and "tricks" too)."""

    def close(self) -> None:
        self.reference.close()


def main(engine: RuleBreakingEngine) -> None:
    """Serve ``engine`` over the protocol on stdin/stdout."""
    serve(engine, sys.stdin, sys.stdout)
