"""The reference engine, except that a Nap that is made is paid five stakes by each
player instead of ten (or twelve)."""

from __future__ import annotations

from typing import Any

from rulebreak import RuleBreakingEngine, main


class NapPaysFive(RuleBreakingEngine):
    breaks = "nap-stakes"

    def tamper(self, case: dict[str, Any], answers: dict[str, Any]) -> None:
        result, state = answers.get("result"), answers["state"]
        if not result or result["outcome"] != "made" or state["call"] != 5:
            return
        soloist = state["soloist"]
        payers = [seat for seat, amount in enumerate(result["payments"]) if amount < 0]
        payments = [0] * len(result["payments"])
        for seat in payers:
            payments[seat] = -5
        payments[soloist] = 5 * len(payers)
        result["payments"] = payments


if __name__ == "__main__":
    main(NapPaysFive())
