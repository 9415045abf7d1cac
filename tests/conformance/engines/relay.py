"""The reference engine behind a relay that plays less, or an older version, or plays the
published cases and something else off them: the engines a certificate must scope, or refuse.

- ``players``, ``starts``, ``queries``: what the relay declares it seats, takes and answers
  (the reference engine declares every one); a case outside them is answered ``unsupported``
  (the harness never sends one).
- ``protocol``: the version it speaks; an older one declares only that version's options, no
  trace, and (as engines written before napspec/1.2 was settled do) gives ``peeped: []``
  and a ``stock`` count in every state, which napspec/1.2 lets an engine leave out.
- ``unsupported``: kinds of action it does not model (a refusal to show, say): a case with
  one is answered ``unsupported``, published or not.
- ``off_published``: how it answers a case the suite does not publish (a random deal's), the
  published cases of ``published`` targets (``napspec dump-cases``) being answered as the
  reference engine answers them: ``"double"`` pays twice the stakes, ``"no-penalties"``
  refuses every claim (so ignores every penalty) and records nothing, ``"unsupported"``
  answers ``unsupported``; ``None`` plays every case alike.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from typing import Any

from napspec.protocol import ADDED_BY_PROTOCOL, OPTIONS_BY_PROTOCOL, PROTOCOL
from napspec.reference.contract_adapter import ReferenceEngine
from napspec.suite.dump import dump_lines
from napspec.suite.targets import Target


def case_key(case: dict[str, Any]) -> str:
    """A case as the relay remembers it: everything but its id and the trace asked."""
    return json.dumps({key: value for key, value in case.items() if key not in ("id", "trace")}, sort_keys=True)


def published_cases(targets: Sequence[Target], seats: Sequence[int] | None) -> set[str]:
    """Every case the suite publishes for ``targets`` at the tables ``seats`` (as certify
    sends them), by :func:`case_key`."""
    return {case_key(line["case"]) for target in targets for line in dump_lines(target, seats=seats) if line["case"]}


def _unsupported(case: dict[str, Any], why: str) -> dict[str, Any]:
    return {"error": {"message": why, "code": "unsupported", "case": case["id"]}}


class Relay:
    """napspec's reference engine, relayed as an engine declaring less (see the module)."""

    def __init__(
        self,
        *,
        name: str = "relay",
        players: Sequence[int] | None = (4,),
        starts: Sequence[str] | None = ("hands",),
        queries: Sequence[str] | None = ("state", "legal-actions", "tricks", "result", "offences"),
        protocol: str = PROTOCOL,
        trace: bool = True,
        irregular: bool | None = None,
        unsupported: Sequence[str] = (),
        off_published: str | None = None,
        published: Sequence[Target] = (),
    ) -> None:
        self.reference = ReferenceEngine()
        self.name = name
        self.players = list(players) if players is not None else None
        self.starts = list(starts) if starts is not None else None
        self.queries = list(queries) if queries is not None else None
        self.protocol = protocol
        self.trace = trace and protocol == PROTOCOL
        self.irregular = irregular
        self.unsupported = tuple(unsupported)
        self.off_published = off_published
        self.published = published_cases(published, self.players) if off_published else set()

    def hello(self) -> dict[str, Any]:
        hello = self.reference.hello()
        capabilities = hello["capabilities"]
        options = OPTIONS_BY_PROTOCOL[self.protocol]
        capabilities["options"] = {key: values for key, values in capabilities["options"].items() if key in options}
        if self.queries is not None:
            capabilities["queries"] = [query for query in capabilities["queries"] if query in self.queries]
        if self.players is not None:
            capabilities["players"] = self.players
        if self.starts is not None:
            capabilities["starts"] = self.starts
        if self.irregular is not None:
            capabilities["irregular_play"] = self.irregular
        if self.trace:
            capabilities["trace"] = True
        else:
            capabilities.pop("trace", None)
        return {**hello, "protocol": self.protocol, "engine": {**hello["engine"], "name": self.name}}

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        if self.players is not None and case["players"] not in self.players:
            return _unsupported(case, f"{case['players']} players: this engine seats {self.players}")
        start = next(iter(case["start"]))
        if self.starts is not None and start not in self.starts:
            return _unsupported(case, f"a {start} start: this engine plays {self.starts}")
        kinds = [action["type"] for action in case["actions"] if action["type"] in self.unsupported]
        if kinds:
            return _unsupported(case, f"this engine does not model a {kinds[0]}")
        if self.off_published and case_key(case) not in self.published:
            if self.off_published == "unsupported":
                return _unsupported(case, "this engine plays only the cases it has seen")
            if self.off_published == "no-penalties" and case["irregular"]:
                return self._without_penalties(case)
            if self.off_published == "double":
                return self._doubled(self.reference.run(case))
        return self._older(self.reference.run(case))

    def _doubled(self, response: dict[str, Any]) -> dict[str, Any]:
        for answers in [response.get("answers", {}), *response.get("trace", ())]:
            result = answers.get("result")
            if isinstance(result, dict):
                result["payments"] = [2 * amount for amount in result["payments"]]
        return self._older(response)

    def _without_penalties(self, case: dict[str, Any]) -> dict[str, Any]:
        """A claim refused as if the rules gave no remedy, and nothing recorded: the hand as
        the reference plays it without the claims."""
        kept = [action for action in case["actions"] if action["type"] != "claim"]
        response = self.reference.run({**copy.deepcopy(case), "actions": kept, "trace": True})
        if "error" in response:
            return response
        steps: list[dict[str, Any]] = []
        trace = [response["trace"][0]]
        played = iter(zip(response["steps"], response["trace"][1:], strict=True))
        for action in case["actions"]:
            if action["type"] == "claim":
                steps.append({"ok": False, "error": "not-provided-for"})
                trace.append(trace[-1])
            else:
                step, answers = next(played)
                steps.append(step)
                trace.append(answers)
        trace = [{**answers, **({"offences": []} if "offences" in answers else {})} for answers in trace]
        reply: dict[str, Any] = {"case": case["id"], "steps": steps, "answers": trace[-1]}
        if case.get("trace"):
            reply["trace"] = trace
        return self._older(reply)

    def _older(self, response: dict[str, Any]) -> dict[str, Any]:
        """The response as an engine of an older version gives it: napspec/1.2's fields of
        the state given whatever the case plays (as the contract lets it)."""
        if self.protocol == PROTOCOL or "error" in response:
            return response
        added = ADDED_BY_PROTOCOL["napspec/1.2"].state_fields
        for answers in [response.get("answers", {}), *response.get("trace", ())]:
            state = answers.get("state")
            if isinstance(state, dict) and self.protocol == "napspec/1.2" and not set(added) <= set(state):
                held = sum(len(hand) for hand in state.get("holdings", []))
                state.update({"peep_card": None, "peeped": [], "stock": max(0, 52 - held)})
        return response

    def close(self) -> None:
        pass


def main() -> None:
    """Serve a relay over the protocol: ``python relay.py '{"players": [4], ...}'``."""
    import sys

    from napspec.protocol import serve

    settings = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
    published = [target for name in settings.pop("published", []) if (target := Target.from_options(name, None))]
    serve(Relay(**settings, published=published), sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
