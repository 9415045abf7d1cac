"""The rows of the suite an engine is run on by ``napspec discover``
(:mod:`napspec.conformance.discover`): each row with what it is written for, run once under a
set of option values, and counted (:class:`Tally`); the rules an engine breaks whatever the
rules in force (:data:`DEVIATIONS`), found from the rows' verdicts, are kept apart."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from napspec.conformance.harness import applicable, for_protocol
from napspec.protocol import Engine, EngineError, EngineUnavailable, UnsupportedCase, status_for
from napspec.suite.cases import CaseError
from napspec.suite.plan import RowNeeds, plan_row, row_needs
from napspec.suite.scenarios import Scenario, load_scenarios
from napspec.suite.targets import Target
from napspec.suite.verdicts import BALANCE_RULE, FAILED, TRUMPS_RULE, judge_row
from napspec.suite.vocabulary import ScenarioError

#: The rules an engine may play otherwise whatever the rules in force, each found by the
#: verdicts of a row (:func:`~napspec.suite.verdicts.judge_row`): no variation point explains
#: them, and a row failed only on them says nothing of the points.
DEVIATIONS: Final[tuple[str, ...]] = (TRUMPS_RULE, BALANCE_RULE)

#: What breaking each rule of :data:`DEVIATIONS` is, in words.
DEVIATION_WORDS: Final[Mapping[str, str]] = {
    TRUMPS_RULE: "trumps not from the first lead",
    BALANCE_RULE: "payments that do not balance",
}

#: The most moves of step 2, per point of the plain game (each move takes a better
#: assignment, so the search ends well before).
ROUNDS: Final = 4

#: How a value of a variation point fared: played (every row judged passed), not played (a
#: row judged failed), or not judged (no row written for it could be run).
Verdict = Literal["played", "not-played", "not-judged"]


def _same(value: object, other: object) -> bool:
    return type(value) is type(other) and value == other


@dataclass
class Tally:
    """The rows run under one set of values: how many passed, how many did not (failed,
    errored or timed out), how many were not sent because the engine does not declare their
    values (``unsupported``), how many it declined when sent (``declined``: a table it does
    not seat, a start it does not play), and the first of those that did not pass. Rows the
    engine cannot play whatever the rules (irregular play it does not play, a query it does
    not answer) are ``left_out``: they say nothing of its rules."""

    passed: int = 0
    failed: int = 0
    unsupported: int = 0
    declined: int = 0
    left_out: int = 0
    failures: list[str] = field(default_factory=list)
    #: Every row that failed (by its label), in the order run.
    failing: list[str] = field(default_factory=list)

    #: How many failures are kept to show.
    KEEP: Final = 3

    @property
    def judged(self) -> int:
        """The rows that say something of the values: passed, failed, declared not played
        or declined."""
        return self.passed + self.failed + self.unsupported + self.declined

    @property
    def verdict(self) -> Verdict:
        """``played`` (every row judged passed), ``not-played`` (a row failed or was
        declined) or ``not-judged``.

        >>> Tally(passed=3).verdict, Tally(passed=3, failed=1).verdict, Tally(unsupported=2).verdict
        ('played', 'not-played', 'not-played')
        >>> Tally(left_out=2).verdict
        'not-judged'
        """
        if not self.judged:
            return "not-judged"
        return "played" if self.passed == self.judged else "not-played"

    def add(self, status: str, label: str, message: str) -> None:
        """Count a row of ``status``; keep ``label: status: message`` where it did not pass."""
        if status not in ("passed", LEFT_OUT, "skipped-unsupported", DECLINED):
            self.failing.append(label)
        self.count(status, f"{label}: {status}: {message}")

    def count(self, status: str, line: str) -> None:
        """Count a row of ``status``; keep ``line`` where it did not pass."""
        if status == "passed":
            self.passed += 1
            return
        if status == LEFT_OUT:
            self.left_out += 1
            return
        if status == "skipped-unsupported":
            self.unsupported += 1
        elif status == DECLINED:
            self.declined += 1
        else:
            self.failed += 1
        if len(self.failures) < self.KEEP:
            self.failures.append(line)

    def shown(self) -> str:
        """``3/4`` (rows passed of rows judged), or ``-`` when none was judged."""
        return f"{self.passed}/{self.judged}" if self.judged else "-"

    def as_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "failed": self.failed,
            "unsupported": self.unsupported,
            "declined": self.declined,
            "left_out": self.left_out,
            "failures": list(self.failures),
            "failing": list(self.failing),
        }


#: The status of a row the engine cannot play whatever the rules.
LEFT_OUT: Final = "left-out"
#: The status of a row the engine declined when it was sent (an "unsupported" error).
DECLINED: Final = "declined"


@dataclass(frozen=True)
class Row:
    """A scenario row and what it is written for."""

    scenario: Scenario
    row: dict[str, str]
    needs: RowNeeds

    @property
    def label(self) -> str:
        profile = self.row.get("profile")
        return f"{self.scenario.id}[{profile}]" if profile else self.scenario.id

    def may_apply(self, target: Target) -> bool:
        """Whether the row can apply to ``target`` (a quick test; planning decides)."""
        if target.base not in self.needs.bound:
            return False
        if not all(_same(target.values.get(option), self.needs.options.get(option)) for option in self.needs.needs):
            return False
        low, high = target.values["players-min"], target.values["players-max"]
        return isinstance(low, int) and isinstance(high, int) and low <= self.needs.players <= high


def suite_rows(scenarios: Iterable[Scenario] | None = None) -> list[Row]:
    """Every row of the suite (or of ``scenarios``) with what it is written for."""
    rows: list[Row] = []
    for scenario in load_scenarios() if scenarios is None else scenarios:
        for row in scenario.examples or ({},):
            rows.append(Row(scenario, dict(row), row_needs(scenario, dict(row))))
    return rows


class RowRunner:
    """Runs rows against an engine under targets, each (row, option values) once."""

    def __init__(self, engine: Engine, rows: Sequence[Row], stop: threading.Event | None = None) -> None:
        self.engine = engine
        self.rows = list(rows)
        #: Set by an interrupt: checked before each case, so that the search ends there even
        #: if the exception the interrupt raised was swallowed on its way up (by an engine
        #: run in-process, or by code that was running when it came).
        self.stop = stop
        self._seen: dict[tuple[str, str, str], tuple[str, str]] = {}
        #: Rows run against the engine (not counting those answered from the record).
        self.runs = 0
        #: The rules of :data:`DEVIATIONS` the engine was found to break: the rows (by label)
        #: and what each found.
        self.deviations: dict[str, dict[str, str]] = {}
        self._capabilities: dict[str, Any] | None = None
        self._protocol: str | None = None

    def tally(self, target: Target, needing: Callable[[Row], bool] = lambda row: True) -> Tally:
        """The rows ``needing`` selects that apply to ``target``, run and counted."""
        found = Tally()
        values = json.dumps(sorted(target.values.items()))
        for row in self.rows:
            if not needing(row) or not row.may_apply(target):
                continue
            status, message = self.outcome(row, target, values)
            if status != "not-applicable":
                found.add(status, row.label, message)
        return found

    def outcome(self, row: Row, target: Target, values: str = "") -> tuple[str, str]:
        """How ``row`` fares under ``target`` (run once; ``values``: the target's values as
        the record's key, when the caller has them): its status and why."""
        key = (row.label, target.base, values or json.dumps(sorted(target.values.items())))
        if key not in self._seen:
            self._seen[key] = self._run(row, target)
        return self._seen[key]

    def _run(self, row: Row, target: Target) -> tuple[str, str]:
        try:
            # A row written for a table the engine does not seat is set at one it does, as
            # certify sets it.
            planned = plan_row(row.scenario, row.row, target, seats=self.capabilities.get("players"))
        except ScenarioError as error:
            return "errored", f"the scenario cannot be planned: {error}"
        if planned.not_applicable:
            return "not-applicable", planned.not_applicable
        for case in planned.cases:
            # What the engine cannot play whatever the option values says nothing of them.
            fits, reason = applicable({**case.message, "options": {}}, self.capabilities)
            if not fits:
                return LEFT_OUT, reason
        for case in planned.cases:
            # As the engine's version of the protocol takes the case (an engine of napspec/1.2
            # is not asked the lowest call, and plays the sources' one).
            try:
                sent = for_protocol(case.message, self.protocol, self.capabilities)
            except UnsupportedCase as error:
                return "skipped-unsupported", error.reason
            fits, reason = applicable(sent, self.capabilities)
            if not fits:
                return "skipped-unsupported", reason
        self.runs += 1
        responses: dict[int, dict[str, Any]] = {}
        for number, case in enumerate(planned.cases):
            if self.stop is not None and self.stop.is_set():
                raise KeyboardInterrupt
            try:
                responses[number] = self.engine.run(json.loads(json.dumps(case.message)))
            except EngineUnavailable:
                raise  # every row after would say the same: the search ends here
            except UnsupportedCase as error:
                # Declared, but declined when sent: the engine's own limits (the tables it
                # seats, the starts it plays), which only the table sizes are judged by.
                return DECLINED, str(error)
            except EngineError as error:
                return status_for(error), str(error)
            except CaseError as error:
                return "errored", f"the harness refuses the case: {error}"
        verdicts = judge_row([(case.message, case.checks) for case in planned.cases], responses, row.scenario.rules)
        failed = [verdict for verdict in verdicts if verdict.verdict == FAILED]
        # A rule the engine plays otherwise whatever the options (its trumps, payments that do
        # not balance) is noted for the report, and says nothing of the variation points.
        for verdict in failed:
            for rule in set(verdict.rules) & set(DEVIATIONS):
                self.deviations.setdefault(rule, {})[row.label] = verdict.message
        others = [verdict for verdict in failed if not set(verdict.rules) & set(DEVIATIONS)]
        return ("failed", others[0].message) if others else ("passed", "")

    @property
    def capabilities(self) -> dict[str, Any]:
        """The engine's declared capabilities (its handshake, asked once)."""
        if self._capabilities is None:
            hello = self.engine.hello()
            self._capabilities = dict(hello["capabilities"])
            self._protocol = str(hello["protocol"])
        return self._capabilities

    @property
    def protocol(self) -> str:
        """The version of the protocol the engine speaks (its handshake)."""
        if self._protocol is None:
            _ = self.capabilities
        assert self._protocol is not None
        return self._protocol


__all__ = [
    "DECLINED",
    "DEVIATIONS",
    "DEVIATION_WORDS",
    "LEFT_OUT",
    "ROUNDS",
    "Row",
    "RowRunner",
    "Tally",
    "suite_rows",
]
