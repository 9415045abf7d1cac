"""The reference engine, except that its legal actions ignore the duty to follow suit:
in the play every card the player holds is listed as playable."""

from __future__ import annotations

from typing import Any

from rulebreak import RuleBreakingEngine, main


class IgnoresFollowSuit(RuleBreakingEngine):
    breaks = "follow-suit"

    def tamper(self, case: dict[str, Any], answers: dict[str, Any]) -> None:
        state = answers["state"]
        legal = answers.get("legal-actions")
        if legal is None or state["phase"] != "play" or state["to_act"] is None:
            return
        seat = state["to_act"]
        others = [action for action in legal if action["type"] != "play"]
        plays = [{"type": "play", "seat": seat, "card": card} for card in state["holdings"][seat]]
        answers["legal-actions"] = plays + others


if __name__ == "__main__":
    main(IgnoresFollowSuit())
