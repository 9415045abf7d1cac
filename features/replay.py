"""The case a scenario row's replay is recorded with: the row's whole hand in one case, its
answers traced after every action (napspec/1.4), so that the rulebook can step through the
row card by card from an engine's own answers.

It is the row's last planned case (:func:`~napspec.suite.plan.plan_row`) with every action the
row's steps take, asked what a reader of the replay is shown: where the hand stands, the tricks,
the cards before each player, the offences and the result (and the pool, where one is kept).
A start that takes no actions (the draw for the first dealer, the end of a session) is asked
what its planned case asks, the only queries such a start allows.

>>> from napspec.suite.scenarios import load_scenarios
>>> from napspec.suite.plan import plan_row
>>> scenario = next(s for s in load_scenarios() if s.id == "dealing-undealt-cards-not-used")
>>> case = replay_case(plan_row(scenario, {}))
>>> case["trace"], case["queries"], case["id"]
(True, ['state', 'tricks', 'table', 'result', 'offences'], 'dealing-undealt-cards-not-used/hoyle#replay')
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from napspec.suite.plan import RowPlan

#: The record of an engine's answers to every row's replay (written by the harness,
#: :mod:`napspec.conformance.replays`; read by the rulebook), its format and its file's name.
REPLAYS_FORMAT = "napspec-replays/1"
REPLAYS_FILE = "replays.json"

#: What a replay asks after every action of a hand, in the order of the protocol's queries.
REPLAY_QUERIES = ("state", "tricks", "table", "result", "offences")
#: The starts whose case takes no actions and only the queries its planned case asks.
STARTS_WITHOUT_ACTIONS = ("draw", "end_of_session")


def row_key(scenario_id: str, index: int) -> str:
    """The key of a scenario's row in the record: ``<scenario id>#<row number from 1>``.

    >>> row_key("calling-must-exceed", 0)
    'calling-must-exceed#1'
    """
    return f"{scenario_id}#{index + 1}"


class NoReplay(ValueError):
    """A row that has no case to replay (not applicable as planned, or no case at all)."""


def start_kind(case: Mapping[str, Any]) -> str:
    """How a case's hand starts: ``hands``, ``deck``, ``draw`` or ``end_of_session``."""
    return str(next(iter(case["start"])))


def replay_case(plan: RowPlan) -> dict[str, Any]:
    """The case the replay of ``plan`` (a row planned as written, no target) is recorded with.
    :class:`NoReplay` if the row has no planned case."""
    if plan.not_applicable or not plan.cases:
        raise NoReplay(f"{plan.label}: no case to replay ({plan.not_applicable or 'the row plans none'})")
    last = copy.deepcopy(plan.cases[-1].message)
    case: dict[str, Any] = {**last, "id": f"{last['id'].rsplit('#', 1)[0]}#replay", "trace": True}
    if start_kind(last) in STARTS_WITHOUT_ACTIONS:
        return case
    case["actions"] = copy.deepcopy(list(plan.actions))
    pool = ["pool"] if case["options"].get("pool", "not-played") != "not-played" else []
    case["queries"] = [*REPLAY_QUERIES, *pool]
    return case


__all__ = [
    "REPLAYS_FILE",
    "REPLAYS_FORMAT",
    "REPLAY_QUERIES",
    "STARTS_WITHOUT_ACTIONS",
    "NoReplay",
    "replay_case",
    "row_key",
    "start_kind",
]
