"""One scenario row played against an engine and judged: the one way from a row to its
verdict, for ``napspec certify`` (a plain loop over the rows) and for the developers' view
of the same rows under pytest-bdd (:mod:`napspec.suite.steps`).

A row is planned whole (:func:`~napspec.suite.plan.plan_row`); its cases are sent in the
order its steps ask their checks, each once; every check is judged on the answers
(:func:`~napspec.suite.verdicts.judge_row`), at the table the row is played at and at every
larger table the engine seats where the row can be set. The outcome is typed
(:class:`RowOutcome`): a status of the contract, the message a report gives, and the verdict
of every check.

The engine is only asked through the contract's ``run``; what it cannot play it refuses with
:class:`~napspec.protocol.UnsupportedCase`, and anything else that goes wrong with
it is an :class:`~napspec.protocol.EngineError`, which ends the row with the
status the contract gives that error.
"""

from __future__ import annotations

import copy
import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from napspec.protocol import Engine, EngineError, UnsupportedCase, status_for
from napspec.spec import load
from napspec.suite.plan import RowPlan, plan_row
from napspec.suite.scenarios import Scenario
from napspec.suite.targets import Target
from napspec.suite.verdicts import FAILED, CheckVerdict, failure_message, judge_row, row_verdict
from napspec.suite.vocabulary import VOCABULARY, Phrase

#: The statuses a row can end with: those of the contract, and ``not-applicable`` for a row
#: written for other values of the options than the target's.
ROW_STATUSES = ("passed", "failed", "skipped-unsupported", "errored", "timed-out", "not-applicable")


@dataclass
class RowOutcome:
    """How one row went: its status, what a report says of it, every check judged (once the
    row was played to its end), and the table it was played at when not the one it is
    written for."""

    status: str
    message: str = ""
    verdicts: list[CheckVerdict] = field(default_factory=list)
    table: str = ""
    #: The engine error that ended the row, if one did (an unavailable engine stops a run).
    error: EngineError | None = None


class RowSkipped(Exception):
    """A row that is not played to its end: not applicable to the target, or a case of it the
    engine does not play (``status`` says which, ``reason`` why)."""

    def __init__(self, status: str, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def description(scenario: Scenario) -> str:
    """A scenario's description lines, as reports quote them (their indentation taken off)."""
    return textwrap.dedent(scenario.description).strip()


def rows_of(scenario: Scenario) -> list[dict[str, str]]:
    """The rows of ``scenario``: its Examples rows, or one empty row for a plain scenario."""
    return [dict(row) for row in scenario.examples] or [{}]


def source_of(target: Target | None, row: Mapping[str, str]) -> str | None:
    """The source whose words a failure quotes first: the target's profile's (or, with no
    target, the row's own profile's)."""
    profile = load().profiles.get(target.base if target is not None else str(row.get("profile", "")))
    return profile.source if profile is not None else None


def larger_tables(
    scenario: Scenario,
    row: Mapping[str, str],
    target: Target | None,
    vocabulary: Sequence[Phrase],
    seats: Sequence[int] | None,
    played_at: int,
) -> list[RowPlan]:
    """The row set at every larger table than ``played_at`` that an engine seating ``seats``
    declares and the rules allow, where it can be set (each rule judged at every table size
    the engine seats, not only the smallest)."""
    plans = []
    for size in sorted(set(seats or ())):
        if size <= played_at:
            continue
        plan = plan_row(scenario, dict(row), target, vocabulary, [size])
        if not plan.not_applicable and plan.written_players is not None and plan.cases:
            plans.append(plan)
    return plans


def table_words(plan: RowPlan, larger: Sequence[RowPlan]) -> str:
    """The tables a row is played at, when not only the one it is written for: ``written for
    3 players, played at 4 and 5`` (empty for a row played as written, at no other table)."""
    if plan.written_players is None and not larger:
        return ""
    played_at = plan.cases[0].message["players"] if plan.cases else 0
    tables = " and ".join([str(played_at), *(str(each.cases[0].message["players"]) for each in larger)])
    return f"written for {plan.written_players or played_at} players, played at {tables}"


def numbered(labels: Sequence[str]) -> list[str]:
    """Row labels made unique: rows that would share one are numbered in order.

    >>> numbered(["a[peel]", "b", "a[peel]"])
    ['a[peel]#1', 'b', 'a[peel]#2']
    """
    shared = Counter(labels)
    seen: Counter[str] = Counter()
    out = []
    for label in labels:
        seen[label] += 1
        out.append(f"{label}#{seen[label]}" if shared[label] > 1 else label)
    return out


class RowRun:
    """A row under way against one engine: its plan, the larger tables it is judged at too,
    and the engine's answers so far (each case sent once, when a step first asks it)."""

    def __init__(
        self,
        scenario: Scenario,
        row: Mapping[str, str],
        target: Target | None,
        engine: Engine,
        seats: Sequence[int] | None,
        vocabulary: Sequence[Phrase] = VOCABULARY,
    ) -> None:
        self.engine = engine
        # A row written for a table the engine does not seat is set at one it does, where it can be.
        self.plan = plan_row(scenario, dict(row), target, vocabulary, seats)
        if self.plan.not_applicable:
            raise RowSkipped("not-applicable", self.plan.not_applicable)
        self.source = source_of(target, row)
        played_at = self.plan.cases[0].message["players"] if self.plan.cases else 0
        self.larger = larger_tables(scenario, row, target, vocabulary, seats, played_at)
        self.table = table_words(self.plan, self.larger)
        self.responses: dict[int, dict[str, Any]] = {}
        #: Every check's verdict, once the row has been judged.
        self.verdicts: list[CheckVerdict] = []

    def ask(self, case: int) -> dict[str, Any]:
        """The engine's response to the row's case ``case`` (sent the first time it is asked).
        :class:`RowSkipped` if the engine does not play it; an :class:`EngineError` as raised."""
        if case not in self.responses:
            message = copy.deepcopy(self.plan.cases[case].message)
            try:
                # The harness decides applicability (and an engine may say "unsupported").
                self.responses[case] = self.engine.run(message)
            except UnsupportedCase as error:
                kept = f" ({self.plan.kept_size})" if self.plan.kept_size else ""
                raise RowSkipped("skipped-unsupported", f"{error.reason}{kept}") from None
        return self.responses[case]

    def ask_step(self, position: int) -> None:
        """Send the cases the row's step ``position`` asks checks of."""
        for case, _check in self.plan.steps[position].checks:
            self.ask(case)

    def judge(self) -> list[CheckVerdict]:
        """Judge every check of the row (a failure does not hide the checks after it), at its
        table and at the larger ones."""
        cases = [(case.message, case.checks) for case in self.plan.cases]
        self.verdicts[:] = judge_row(cases, self.responses, self.plan.scenario.rules)
        for plan in self.larger:
            self.verdicts += self._at_larger_table(plan)
        return self.verdicts

    def failure(self) -> str:
        """What a failed row's report says: its failed checks quoting the rules they enforce."""
        return failure_message(self.verdicts, self.source)

    def _at_larger_table(self, plan: RowPlan) -> list[CheckVerdict]:
        """The row's checks judged at another table the engine seats (each named by it)."""
        players = plan.cases[0].message["players"]
        responses: dict[int, dict[str, Any]] = {}
        for number, case in enumerate(plan.cases):
            try:
                responses[number] = self.engine.run(copy.deepcopy(case.message))
            except UnsupportedCase:
                break  # the rest is not judged at this table
        if not responses:
            return []  # the engine does not play the row at this table after all
        verdicts = judge_row([(case.message, case.checks) for case in plan.cases], responses, plan.scenario.rules)
        return [
            CheckVerdict(f"at {players} players: {v.what}", v.rules, v.verdict, v.message, v.case) for v in verdicts
        ]


def play_row(
    scenario: Scenario,
    row: Mapping[str, str],
    target: Target | None,
    engine: Engine,
    seats: Sequence[int] | None,
    vocabulary: Sequence[Phrase] = VOCABULARY,
) -> RowOutcome:
    """Play one row of ``scenario`` against ``engine`` (which seats ``seats``) under
    ``target``, and judge it. A fault of the suite itself (a scenario the vocabulary cannot
    read, a case it cannot make) is the row's error, as an engine's is."""
    table = ""
    try:
        run = RowRun(scenario, row, target, engine, seats, vocabulary)
        table = run.table
        for position in range(len(run.plan.steps)):
            run.ask_step(position)
        verdicts = run.judge()
    except RowSkipped as skipped:
        return RowOutcome(skipped.status, skipped.reason, table=table)
    except EngineError as error:
        return RowOutcome(status_for(error), str(error), table=table, error=error)
    except Exception as error:  # the suite's own fault: the row errs, the run goes on
        return RowOutcome("errored", f"{type(error).__name__}: {error}", table=table)
    if row_verdict(verdicts) == FAILED:
        return RowOutcome("failed", run.failure(), verdicts, table)
    return RowOutcome("passed", "", verdicts, table)


__all__ = [
    "ROW_STATUSES",
    "RowOutcome",
    "RowRun",
    "RowSkipped",
    "description",
    "larger_tables",
    "numbered",
    "play_row",
    "rows_of",
    "source_of",
    "table_words",
]
