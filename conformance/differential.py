"""The differential part of a certification: what the fixed, public scenarios cannot show.

The scenarios are published with their checks (``napspec dump-cases``), so an engine could
answer them from a table. A certification therefore also plays fresh random deals under the
target (:mod:`napspec.conformance.fuzz`, with a seed drawn for the run and recorded so that
anyone can replay it) through the engine and through an *oracle*, every answer compared, and
sends a sample of the cases it played a second time: an answer that changes is
non-determinism. Both are part of ``certified``.

The oracle is an engine like any other, chosen by configuration: a name registered under the
``napspec.engines`` entry points or a command; this module names none (the command that
assembles ``napspec`` gives the default, as it does for ``napspec fuzz``).

How many deals: a deal is 14 to 37 cases (one after each action, every query compared),
so :data:`DEALS` deals, played again in batches until at least :data:`MIN_COMPARED` of the
engine's answers have been compared, compare one to two thousand. A table of the suite's
answers fails the first deal it has not seen. An engine wrong on 1 % of its answers,
independently, passes N compared answers with probability 0.99^N: 0.99^1000 < 5·10⁻⁵.
:data:`REPEATS` cases sent twice catch an engine that answers at random with probability
1 - (1 - p)^REPEATS for a rate p of changed answers (15 %: 1 - 0.85^32 > 0.99).
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from typing import Any, Final

from napspec.conformance.contract import Engine, EngineError, EngineUnavailable, printable
from napspec.suite.targets import Target

#: The random deals of a certification's differential part, per target.
DEALS: Final = 50
#: The fewest of the engine's answers compared with the oracle's: more batches of
#: :data:`DEALS` deals are played until they are reached (at most :data:`MAX_BATCHES`).
MIN_COMPARED: Final = 1000
MAX_BATCHES: Final = 4
#: The cases sent a second time, per target.
REPEATS: Final = 32
#: The most answers kept to draw the repeated cases from.
MAX_KEPT: Final = 4096


def _normal(response: Mapping[str, Any]) -> str:
    """A run response as compared for determinism: messages (for humans) left out, and the
    lists whose order the protocol leaves free sorted."""
    steps = [{k: v for k, v in step.items() if k != "message"} for step in response.get("steps", [])]
    answers = dict(response.get("answers", {}))
    if isinstance(answers.get("legal-actions"), list):
        answers["legal-actions"] = sorted(answers["legal-actions"], key=lambda a: json.dumps(a, sort_keys=True))
    state = answers.get("state")
    if isinstance(state, dict) and isinstance(state.get("holdings"), list):
        answers["state"] = {
            **state,
            "holdings": [sorted(h) if isinstance(h, list) else h for h in state["holdings"]],
        }
    return json.dumps({"steps": steps, "answers": answers}, sort_keys=True)


class Recording:
    """An engine (wrapped by the harness) whose answers are kept, so that a sample of the
    cases it played can be sent again (:func:`repeat_sample`). Behaves as the engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.played: list[tuple[dict[str, Any], str]] = []

    def hello(self) -> dict[str, Any]:
        return self.engine.hello()

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        response = self.engine.run(case)
        if len(self.played) < MAX_KEPT:
            self.played.append((case, _normal(response)))
        return response

    def close(self) -> None:
        self.engine.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)


@dataclass
class Repeated:
    """Cases sent twice and those whose answer changed."""

    repeated: int = 0
    changed: list[dict[str, Any]] = field(default_factory=list)


def repeat_sample(engine: Engine, played: Sequence[tuple[dict[str, Any], str]], *, seed: int, count: int) -> Repeated:
    """Send ``count`` of the ``played`` cases (drawn with ``seed``) again; every answer that is
    not the same as the first time is a changed answer. An engine error on the second
    sending counts as a change too."""
    outcome = Repeated()
    chosen = random.Random(seed).sample(list(played), min(count, len(played)))
    for case, first in chosen:
        try:
            again = _normal(engine.run(case))
        except EngineUnavailable:
            break  # the engine is gone (its restarts used up): nothing more to compare
        except EngineError as error:
            again = f"error: {error}"
        outcome.repeated += 1
        if again != first:
            outcome.changed.append(
                {
                    "case": printable(str(case.get("id", "?"))),
                    "first": printable(first, limit=2000),
                    "then": printable(again, limit=2000),
                }
            )
    return outcome


def new_seed() -> int:
    """A fresh seed for a run's random deals (recorded in the report)."""
    return secrets.randbelow(2**63)


def oracle_identity(oracle: Engine, label: str) -> dict[str, Any]:
    """The oracle's handshake name and version (or the label it was chosen by)."""
    try:
        hello = oracle.hello()
        return {"name": printable(hello["engine"]["name"]), "version": printable(hello["engine"]["version"])}
    except (EngineError, KeyError, TypeError):
        return {"name": printable(label), "version": ""}


def differential(
    engine: Engine,
    oracle: Engine,
    target: Target,
    *,
    seed: int,
    deals: int = DEALS,
    batches: int = MAX_BATCHES,
    repeats: int = REPEATS,
    played: Sequence[tuple[dict[str, Any], str]] = (),
    oracle_label: str = "oracle",
    deadline: float | None = None,
) -> dict[str, Any]:
    """The differential part of a report: ``deals`` random deals drawn with ``seed`` played
    through ``engine`` and ``oracle`` and compared (unshrunk: the first divergent case is
    kept as found), again in batches (at most ``batches``) until :data:`MIN_COMPARED` answers
    have been compared, then ``repeats`` cases sent twice (drawn from ``played`` and the
    deals' cases). Engines are closed by the caller."""
    from napspec.conformance.fuzz import fuzz, scenario_text

    started = time.perf_counter()
    recording = Recording(engine)
    # Deals in batches of ``deals`` (seeds ``seed``, ``seed + 1``...) until enough answers
    # have been compared: under some rules a deal is short (every seat passes, the hand is
    # decided early), and the numbers above count answers, not deals.
    dealt = compared = played_batches = 0
    while True:
        result = fuzz(
            recording, oracle, target, deals=deals, seed=seed + played_batches, shrink=False, deadline=deadline
        )
        dealt, compared, played_batches = dealt + result.deals, compared + result.cases // 2, played_batches + 1
        if result.divergence or result.stopped or compared >= MIN_COMPARED or played_batches >= batches:
            break
    pool = [*played, *recording.played]
    repeated = repeat_sample(engine, pool, seed=seed, count=repeats)
    divergence = None
    if result.divergence is not None:
        found = result.divergence
        divergence = {
            "deal": dealt - result.deals + found.found_after,
            "actions": len(found.case.get("actions") or []),
            "rules": list(found.rules),
            "differences": [
                printable(f"{d.where}: oracle {json.dumps(d.oracle)}, engine {json.dumps(d.engine)}", limit=2000)
                for d in found.differences[:10]
            ],
            "scenario": printable(scenario_text(found, target, "the engine"), limit=20_000, lines=True),
        }
    try:
        hypothesis_version = version("hypothesis")
    except PackageNotFoundError:
        hypothesis_version = "unknown"
    return {
        "oracle": oracle_identity(oracle, oracle_label),
        "seed": seed,
        "generator": f"hypothesis {hypothesis_version}",
        "planned": deals,
        "batches": batches,
        "deals": dealt,
        "cases": compared,
        "seconds": round(time.perf_counter() - started, 3),
        "divergence": divergence,
        "stopped": printable(result.stopped, limit=2000),
        "planned_repeats": min(repeats, len(pool)) if pool else repeats,
        "repeated": repeated.repeated,
        "nondeterministic": repeated.changed,
    }
