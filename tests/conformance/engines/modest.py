"""The reference engine declaring less than it can: no irregular play, and only the deal
one card at a time. The suite must not send it what it does not declare, and must count
those scenarios against it (skipped-unsupported), as Bowtie does."""

from __future__ import annotations

from typing import Any

from rulebreak import RuleBreakingEngine, main


class Modest(RuleBreakingEngine):
    breaks = "nothing-but-declares-less"

    def hello(self) -> dict[str, Any]:
        hello = super().hello()
        capabilities = hello["capabilities"]
        capabilities["irregular_play"] = False
        capabilities["options"]["deal-pattern"] = ["singly"]
        return hello


if __name__ == "__main__":
    main(Modest())
