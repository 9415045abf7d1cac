"""The reference engine, except that a trick is won by the highest card of the suit led,
trumps or no trumps (the winners of the tricks and the tricks won are recomputed so)."""

from __future__ import annotations

from typing import Any

from rulebreak import RANKS, RuleBreakingEngine, main


class TrumpsIgnored(RuleBreakingEngine):
    breaks = "trumps"

    def tamper(self, case: dict[str, Any], answers: dict[str, Any]) -> None:
        state, tricks = answers["state"], answers["tricks"]
        won = [0] * case["players"]
        for trick in tricks:
            if trick["winner"] is None:
                continue  # the trick in progress has no winner yet
            led = trick["plays"][0]["card"][1]
            following = [play for play in trick["plays"] if play["card"][1] == led]
            trick["winner"] = max(following, key=lambda play: RANKS.index(play["card"][0]))["seat"]
            won[trick["winner"]] += 1
        state["tricks_won"] = won


if __name__ == "__main__":
    main(TrumpsIgnored())
