"""Finding an engine's rules from its play: which value of each variation point it plays,
the profile it is closest to, and the house rules that describe it.

Each variation point is judged by the scenario rows written for it: the rows that *need* it
(it is a variation point of a rule they test, an option they set, or an ``@needs`` of
theirs), each played at the values it is written for. A value is *played* when rows
written for it were judged and every one passed. What an engine declares it plays is not
taken for what it plays: a value it declares is judged by its rows like any other (an
engine that declares everything and plays one game is found to play that game); a value it
does not declare is not sent, and its rows count against it, as the engine's own word that it
does not play it. A row the engine answers ``"unsupported"`` when sent (a table it does not
seat, a start it does not play) tells only the tables it seats; a row it cannot play whatever
the rules (irregular play, a query it does not answer) is left out.

The search, step by step:

1. Every profile's rows are played under that profile (its plain game): the profile whose
   rows pass most nearly all is the *closest*, and its values are the first guess.
2. Every row of the plain game is played once, under the values it is written for (the
   closest profile's for the points it does not need: scenarios depend only on what they
   name, ``tests/conformance/test_independence.py``). Then, from the guess, the points of
   the plain game (those without a ``plain`` value) are moved while the rows show the value
   held wrong and the move does better (:func:`_better`): one point to another value, the two
   table sizes together (any numbers of their range: an engine may seat four only), or all
   the points one row is written for at once (a row can need two points the engine plays
   otherwise than the profile). The outcomes were recorded once, so the search runs nothing.
3. Each variant the closest profile's source gives is played as that profile plays it, on
   top of the values found: it is played when every row judged under it passes.
4. The rows of the plain game are run under the values found: what certifying against the
   file written will give.

Where two values are both played (no row tells them apart) the closest profile's is kept;
where none of a point's values is played the file keeps the one that did best and says so,
and the point is named with the deviations. The result is a house-rules file (base: the
closest profile) whose certificate is the engine's: ``napspec certify --house-rules FILE``.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from napspec.conformance.contract import (
    Engine,
    EngineError,
    EngineUnavailable,
    UnsupportedCase,
    printable,
    status_for,
)
from napspec.conformance.harness import applicable
from napspec.spec import Register, load
from napspec.spec.register import OptionValueType
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
            fits, reason = applicable(case.message, self.capabilities)
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
            self._capabilities = dict(self.engine.hello()["capabilities"])
        return self._capabilities


# ------------------------------------------------------------------------------- findings


@dataclass(frozen=True)
class Trial:
    """One value of a variation point (with the values of the points tied to it) and how its
    rows fared."""

    values: dict[str, OptionValueType]
    tally: Tally


@dataclass(frozen=True)
class OptionFinding:
    """What the engine was found to play for one variation point."""

    option: str
    title: str
    trials: tuple[Trial, ...]
    #: The value the house rules give.
    chosen: OptionValueType
    #: The values played (every row judged passed), in the order tried.
    played: tuple[OptionValueType, ...]
    #: The closest profile's value.
    profile_value: OptionValueType

    @property
    def verdict(self) -> Literal["plays", "plays-none", "not-judged"]:
        """``plays`` (the value found is played: rows written for it were judged and all
        passed), ``plays-none`` (rows were judged and none of the values tried is played),
        ``not-judged`` (no row written for the value found could be judged)."""
        tally = self.tally_of(self.chosen)
        if self.option in TABLE_SIZES and tally is not None:
            # A table size is played where rows at that table were played, whatever they
            # came to (a row at a table seated may be declined for its start).
            return "plays" if tally.passed else ("plays-none" if tally.judged else "not-judged")
        if tally is not None and tally.verdict == "played":
            return "plays"
        if tally is not None and tally.judged:
            return "plays-none"
        return "not-judged"

    @property
    def uncited(self) -> bool:
        """Whether the value found is one no source gives (a number of the option's range that
        none of its cited values is): house rules may state it, marked uncited."""
        return not load().options[self.option].allows(self.chosen)

    @property
    def deviates(self) -> bool:
        """Whether the engine plays another value than the closest profile's."""
        return not _same(self.chosen, self.profile_value)

    def tally_of(self, value: OptionValueType) -> Tally | None:
        for trial in self.trials:
            if _same(trial.values[self.option], value):
                return trial.tally
        return None


@dataclass(frozen=True)
class VariantFinding:
    """Whether the engine plays a variant as the closest profile's source gives it."""

    name: str
    values: dict[str, OptionValueType]
    tally: Tally


@dataclass(frozen=True)
class Discovery:
    """What ``napspec discover`` found."""

    engine: str
    #: Each profile's plain game: its rows run under it.
    profiles: dict[str, Tally]
    closest: str
    options: tuple[OptionFinding, ...]
    variants: tuple[VariantFinding, ...]
    #: The option values found (the plain game's; the variants at their plain values).
    values: dict[str, OptionValueType]
    #: The rows of the plain game run under the values found.
    certificate: Tally
    rounds: int
    rows_run: int
    seconds: float
    #: The rules each row tests, by its label.
    rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: The table sizes the engine seats, as its handshake says (empty: every size).
    seats: tuple[int, ...] = ()
    #: The rules of :data:`DEVIATIONS` the engine breaks whatever the rules in force: the
    #: rows that found it, and what each found.
    broken: dict[str, dict[str, str]] = field(default_factory=dict)

    def otherwise(self) -> list[str]:
        """What the engine plays that no source gives, in words: each rule it breaks whatever
        the rules (:data:`DEVIATIONS`), and each point where it plays none of the sources'
        values, with what a row found.

        >>> found = Discovery("e", {}, "peel", (), (), {}, Tally(), 0, 0, 0.0,
        ...                   broken={TRUMPS_RULE: {"row[peel]": "depends on trumps: the engine made trumps D"}})
        >>> found.otherwise()
        ['trumps not from the first lead (rule play.first-lead-trumps, 1 row: the engine made trumps D)']
        """
        said = []
        for rule, rows in self.broken.items():
            example = next(iter(rows.values())).removeprefix("depends on trumps: ")
            count = f"{len(rows)} row{'s' if len(rows) != 1 else ''}"
            said.append(f"{DEVIATION_WORDS.get(rule, rule)} (rule {rule}, {count}: {printable(example, limit=200)})")
        for finding in self.options:
            if finding.verdict == "plays-none":
                tally = finding.tally_of(finding.chosen)
                example = tally.failures[0].split(": ", 2)[-1] if tally and tally.failures else ""
                said.append(
                    f"none of the sources' values of {finding.title[0].lower()}{finding.title[1:]}"
                    + (f" ({printable(example, limit=200)})" if example else "")
                )
        return said

    @property
    def deviations(self) -> list[OptionFinding]:
        """The points where the engine plays another value than the closest profile's, or none."""
        return [finding for finding in self.options if finding.deviates or finding.verdict == "plays-none"]

    @property
    def variants_played(self) -> list[str]:
        return [variant.name for variant in self.variants if variant.tally.verdict == "played"]

    def house_rules(self, name: str = "") -> str:
        """The house-rules file that describes the engine (TOML), base the closest profile.

        Each option that differs from the profile is written with a note saying how its
        rows fared; the options where the engine plays none of the sources' values say so."""
        register = load()
        plain = register.profile_values(self.closest)
        title = name or f"found by napspec discover: {printable(self.engine)}"
        lines = [
            "# The rules an engine was found to play by `napspec discover`; certify it against them with",
            "# `napspec certify --house-rules <this file>`.",
            f"base = {_toml(self.closest)}",
            f"name = {_toml(title)}",
            f"description = {_toml(self.description())}",
            f"variants = [{', '.join(_toml(name) for name in self.variants_played)}]",
            "",
            "[options]",
        ]
        for finding in self.options:
            if _same(finding.chosen, plain[finding.option]) and finding.verdict != "plays-none":
                continue
            lines.append(f"{finding.option} = {{ value = {_toml(finding.chosen)}, note = {_toml(_note(finding))} }}")
        return "\n".join(lines) + "\n"

    def description(self) -> str:
        judged = sum(1 for finding in self.options if finding.verdict != "not-judged")
        none = [finding.option for finding in self.options if finding.verdict == "plays-none"]
        text = (
            f"Closest profile {self.closest}; {judged} of {len(self.options)} variation points of the plain game"
            f" judged by the engine's play, {len(self.deviations)} away from {self.closest}."
        )
        if none:
            text += f" None of the sources' values is played for: {', '.join(none)}."
        if self.seats:
            text += f" It seats {', '.join(map(str, self.seats))} players (its handshake)."
        otherwise = self.otherwise()
        if otherwise:
            text += " It plays what no source gives: " + "; ".join(otherwise) + "."
        return text

    def as_json(self) -> dict[str, Any]:
        """The findings as JSON (engine text escaped, as everywhere it is shown)."""
        return {
            "engine": printable(self.engine),
            "closest": self.closest,
            "profiles": {name: tally.as_json() for name, tally in self.profiles.items()},
            "values": dict(self.values),
            "certificate": self.certificate.as_json(),
            "options": [
                {
                    "option": finding.option,
                    "verdict": finding.verdict,
                    "chosen": finding.chosen,
                    "played": list(finding.played),
                    "profile_value": finding.profile_value,
                    "uncited": finding.uncited,
                    "trials": [{"values": trial.values, **trial.tally.as_json()} for trial in finding.trials],
                }
                for finding in self.options
            ],
            "variants": [
                {"variant": variant.name, "verdict": variant.tally.verdict, **variant.tally.as_json()}
                for variant in self.variants
            ],
            "rounds": self.rounds,
            "rows_run": self.rows_run,
            "seconds": round(self.seconds, 3),
            "seats": list(self.seats),
            "otherwise": self.otherwise(),
        }


def _toml(value: object) -> str:
    # A TOML basic string, integer or boolean is written as JSON writes it (control characters
    # escaped), so nothing an engine sends can end the string or the line.
    return json.dumps(value, ensure_ascii=False)


def _note(finding: OptionFinding) -> str:
    """What the rows said of the value a file gives a point.

    >>> trials = (Trial({"cut-minimum": 1}, Tally(passed=2)), Trial({"cut-minimum": 4}, Tally(failed=3)))
    >>> _note(OptionFinding("cut-minimum", "Cut", trials, 1, (1,), 4))
    'found by play: 2 of 2 rows passed; 4: 0 of 3'
    >>> _note(OptionFinding("cut-minimum", "Cut", trials, 3, (), 4))
    'found by play: uncited: no source gives this value; no row written for it judged; 1: 2 of 2, 4: 0 of 3'
    """
    tally = finding.tally_of(finding.chosen)
    rows = f"{tally.passed} of {tally.judged} rows passed" if tally and tally.judged else "no row written for it judged"
    others = [
        f"{trial.values[finding.option]}: {trial.tally.passed} of {trial.tally.judged}"
        for trial in finding.trials
        if trial.tally.judged and not _same(trial.values[finding.option], finding.chosen)
    ]
    said = f"{rows}; " + ", ".join(others) if others else rows
    if finding.uncited:
        said = f"uncited: no source gives this value; {said}"
    if finding.verdict == "plays-none":
        return f"none of the sources' values is played; this one did best ({said})"
    return f"found by play: {said}"


# --------------------------------------------------------------------------------- search


def plain_options(register: Register) -> list[str]:
    """The variation points of the plain game: those without a ``plain`` value, in order."""
    return [option.id for option in register.options.values() if option.plain is None]


def domain_of(register: Register, option: str, rows: Sequence[Row]) -> list[OptionValueType]:
    """The values a point is tried at: those its rows are written for and the profiles give,
    and for the table sizes every number of their range (an engine may play four players only)."""
    spec = register.options[option]
    found: list[OptionValueType] = []
    if option in TABLE_SIZES and spec.range is not None:
        found += list(range(spec.range.minimum, spec.range.maximum + 1))
    for value in [*(entry.value for entry in spec.values), *(row.needs.options[option] for row in rows)]:
        if not any(_same(value, known) for known in found):
            found.append(value)
    return found


#: The points that bound the table size.
TABLE_SIZES: Final = ("players-min", "players-max")


@dataclass(frozen=True)
class _Outcome:
    """A row of the plain game played once, under the values it is written for."""

    row: Row
    #: The plain game's points the row needs, at the values it is written for.
    written: tuple[tuple[str, OptionValueType], ...]
    passed: bool
    status: str
    message: str


class _Evidence:
    """The rows of the plain game, each played once, and what an assignment of values to
    the plain game's points makes of them: the rows it applies to (every point a row needs
    at the value it is written for, its table within the assignment's sizes, its rules
    binding the base), passed and failed."""

    def __init__(self, outcomes: Sequence[_Outcome], base: str) -> None:
        self.outcomes = [outcome for outcome in outcomes if base in outcome.row.needs.bound]

    @staticmethod
    def applies(outcome: _Outcome, values: Mapping[str, OptionValueType]) -> bool:
        """Whether ``values`` applies to the row: every point it needs at the value it is
        written for, and its table within the table sizes."""
        if not all(_same(values[option], value) for option, value in outcome.written):
            return False
        low, high = values["players-min"], values["players-max"]
        return isinstance(low, int) and isinstance(high, int) and low <= outcome.row.needs.players <= high

    def count(self, values: Mapping[str, OptionValueType], *, tables: bool = False) -> tuple[int, int]:
        """The rows ``values`` applies to that passed, and those that did not. A row the
        engine declined when sent counts only where the table sizes are weighed
        (``tables``): it tells the tables the engine seats, and nothing of the other points
        (it may be the start the engine does not play)."""
        passed = failed = 0
        for outcome in self.outcomes:
            if outcome.status == DECLINED and not tables:
                continue
            if self.applies(outcome, values):
                if outcome.passed:
                    passed += 1
                else:
                    failed += 1
        return passed, failed

    def tally(self, option: str, value: OptionValueType, values: Mapping[str, OptionValueType]) -> Tally:
        """The rows needing ``option`` written for ``value`` that ``values`` (the other points
        at the values found) applies to; for a table size, the rows of a table of ``value``
        players that the other points found apply to, counted as played (passed or failed)
        or declined."""
        found = Tally()
        if option in TABLE_SIZES:
            low, high = values["players-min"], values["players-max"]
            assert isinstance(low, int) and isinstance(high, int) and isinstance(value, int)
            wider = {**values, "players-min": min(low, value), "players-max": max(high, value)}
            for outcome in self.outcomes:
                if outcome.row.needs.players == value and self.applies(outcome, wider):
                    # Played (whatever the checks came to), or not: declined or refused.
                    played = outcome.status in ("passed", "failed")
                    found.count("passed" if played else DECLINED, outcome.message)
            return found
        trial = {**values, option: value}
        for outcome in self.outcomes:
            if outcome.status != DECLINED and option in outcome.row.needs.needs and self.applies(outcome, trial):
                found.count(outcome.status, outcome.message)
        return found


#: How much more a failed row weighs than a passed one when two assignments are compared:
#: as much, so that leaving a point's rows out (a value no row is written for, a table of
#: two at most) does not beat the value its rows mostly bear out.
FAILURE_WEIGHT: Final = 1


def _better(trial: tuple[int, int], held: tuple[int, int]) -> bool:
    """Whether an assignment whose rows came to ``trial`` (passed, failed) is to be taken
    over the one held, at ``held``: only where rows show the held one wrong (it fails more)
    and the new one does better overall, a failure weighing :data:`FAILURE_WEIGHT` passes.
    More rows passing is not enough: a value no row is written for would otherwise be
    taken away from a profile's value that every row bears out; and a value that hides a
    failure by leaving every row of its point out is not taken either.

    >>> _better((12, 0), (9, 3)), _better((14, 0), (12, 0)), _better((0, 0), (9, 1))
    (True, False, False)
    """
    (passed, failed), (held_passed, held_failed) = trial, held
    score = passed - FAILURE_WEIGHT * failed
    return failed < held_failed and score > held_passed - FAILURE_WEIGHT * held_failed


def _plain_row(row: Row, register: Register) -> bool:
    """Whether a row is of the plain game: every variant point it needs at its plain value."""
    for option in row.needs.needs:
        plain = register.options[option].plain
        if plain is not None and not _same(row.needs.options[option], plain):
            return False
    return True


def _written_target(row: Row, base_values: Mapping[str, OptionValueType], options: Sequence[str]) -> Target:
    """The target a row is played under once: ``base_values`` with the points the row needs
    at the values it is written for, and a table size that takes its table."""
    values = dict(base_values)
    values.update((option, row.needs.options[option]) for option in row.needs.needs)
    low, high = values["players-min"], values["players-max"]
    if "players-min" not in row.needs.needs and isinstance(low, int):
        values["players-min"] = min(low, row.needs.players)
    if "players-max" not in row.needs.needs and isinstance(high, int):
        values["players-max"] = max(high, row.needs.players)
    return _target(row.needs.profile, values, f"{row.needs.profile}+written")


def _search(
    evidence: _Evidence,
    options: Sequence[str],
    domains: Mapping[str, Sequence[OptionValueType]],
    start: Mapping[str, OptionValueType],
    register: Register,
) -> tuple[dict[str, OptionValueType], int]:
    """The assignment of the plain game's points the rows' outcomes bear out best, found from
    ``start`` (the closest profile's values) by moves each taken only when it is
    :func:`_better`: one point to another value, the two table sizes together, or all the
    points a row is written for at once (a row can need two points the engine plays
    differently from the profile). Returns it and the rounds taken."""
    values = dict(start)
    moves: list[dict[str, OptionValueType]] = [
        {option: value} for option in options if option not in TABLE_SIZES for value in domains[option]
    ]
    moves += [
        {"players-min": low, "players-max": high}
        for low in domains["players-min"]
        for high in domains["players-max"]
        if isinstance(low, int) and isinstance(high, int) and low <= high
    ]
    seen = {json.dumps(sorted(move.items())) for move in moves}
    for outcome in evidence.outcomes:
        move = dict(outcome.written)
        key = json.dumps(sorted(move.items()))
        if len(move) > 1 and key not in seen:
            seen.add(key)
            moves.append(move)
    rounds = 0
    while rounds < ROUNDS * len(options):
        rounds += 1
        # The best move of all, not the first that is better: a move that leaves every row
        # out (a table of two at most) must not be taken before the one the rows bear out.
        chosen: tuple[int, dict[str, OptionValueType]] | None = None
        for move in moves:
            if all(_same(values[key], value) for key, value in move.items()):
                continue
            trial = {**values, **move}
            if register.conflicts(trial):
                continue
            tables = any(key in TABLE_SIZES for key in move)
            counted, held = evidence.count(trial, tables=tables), evidence.count(values, tables=tables)
            gain = (counted[0] - FAILURE_WEIGHT * counted[1]) - (held[0] - FAILURE_WEIGHT * held[1])
            if _better(counted, held) and (chosen is None or gain > chosen[0]):
                chosen = (gain, trial)
        if chosen is None:
            break
        values = chosen[1]
    return values, rounds


def _needing_any(options: set[str]) -> Callable[[Row], bool]:
    """Selects the rows that need any of ``options``."""
    return lambda row: bool(options & row.needs.needs)


def _target(base: str, values: Mapping[str, OptionValueType], name: str) -> Target:
    return Target(name=name, base=base, values=dict(values))


def discover(
    engine: Engine,
    *,
    engine_name: str = "",
    profiles: Sequence[str] = (),
    rows: Sequence[Row] | None = None,
    progress: Callable[[str], None] = lambda text: None,
    stop: threading.Event | None = None,
) -> Discovery:
    """Find the rules ``engine`` plays (its closest profile among ``profiles``, all by
    default), from the rows of the suite (or ``rows``).

    :class:`~napspec.conformance.contract.EngineUnavailable` ends the search: an engine
    restarted as often as allowed (or hung in-process) has no more play to judge; so does
    ``stop``, once set, with :class:`KeyboardInterrupt` before the next case."""
    start = time.perf_counter()
    register = load()
    candidates = list(profiles) or sorted(register.profiles)
    every = list(rows) if rows is not None else suite_rows()
    runner = RowRunner(engine, every, stop)

    # 1. The closest profile: the share of its rows that pass, then the most that pass.
    scores: dict[str, Tally] = {}
    for profile in candidates:
        progress(f"profile {profile}")
        scores[profile] = runner.tally(_target(profile, register.profile_values(profile), profile))

    def share(profile: str) -> tuple[float, int]:
        tally = scores[profile]
        return (tally.passed / tally.judged if tally.judged else 0.0, tally.passed)

    closest = max(candidates, key=share)
    profile_values = register.profile_values(closest)

    # 2. Every row of the plain game once, under the values it is written for; then the
    # values of the plain game's points that the rows' outcomes best bear out.
    options = plain_options(register)
    outcomes: list[_Outcome] = []
    # A row depends only on the points it needs: the others are the closest profile's, or,
    # where the engine declares it does not play that value (a lowest call of one, for an
    # engine whose calls start at two), a value it declares, so that the row is still sent.
    declared: Mapping[str, Sequence[OptionValueType]] = runner.capabilities.get("options", {})
    row_base = {
        option: (
            value
            if not declared.get(option) or any(_same(value, known) for known in declared[option])
            else declared[option][0]
        )
        for option, value in profile_values.items()
    }
    for row in every:
        if not _plain_row(row, register):
            continue
        target = _written_target(row, row_base, options)
        if register.conflicts(target.values):
            continue
        progress(f"row {row.label}")
        if not row.may_apply(target):
            continue
        status, message = runner.outcome(row, target)
        if status in ("not-applicable", LEFT_OUT):
            continue
        written = tuple((option, row.needs.options[option]) for option in options if option in row.needs.needs)
        outcomes.append(_Outcome(row, written, status == "passed", status, f"{row.label}: {status}: {message}"))
    evidence = _Evidence(outcomes, closest)
    domains = {option: domain_of(register, option, every) for option in options}
    seats = tuple(sorted(runner.capabilities.get("players") or ()))
    searched = [option for option in options if not (seats and option in TABLE_SIZES)]
    found, rounds = _search(evidence, searched, domains, profile_values, register)
    if seats:
        # The tables an engine seats are its own word, not a rule it plays: the bounds of the
        # rules are the closest profile's, widened to take them.
        low, high = profile_values["players-min"], profile_values["players-max"]
        assert isinstance(low, int) and isinstance(high, int)
        found["players-min"], found["players-max"] = min(low, seats[0]), max(high, seats[-1])
    played_at_seats = Tally(passed=sum(1 for outcome in outcomes if outcome.status in ("passed", "failed")))
    findings = tuple(
        OptionFinding(
            option=option,
            title=register.options[option].title,
            trials=(Trial({option: found[option]}, played_at_seats),)
            if seats and option in TABLE_SIZES
            else tuple(Trial({option: value}, evidence.tally(option, value, found)) for value in domains[option]),
            chosen=found[option],
            played=tuple(
                value for value in domains[option] if evidence.tally(option, value, found).verdict == "played"
            ),
            profile_value=profile_values[option],
        )
        for option in options
    )

    # 3. The variants of the closest profile, each as that profile plays it.
    variants: list[VariantFinding] = []
    for variant in register.profile(closest).variants:
        progress(f"variant {variant}")
        bundle = register.variant_values(closest, [variant])
        changes = {key: value for key, value in bundle.items() if not _same(value, profile_values[key])}
        values = {**found, **changes}
        if register.conflicts(values):
            variants.append(VariantFinding(variant, changes, Tally()))
            continue
        target = _target(closest, values, f"{closest}+{variant}")
        tally = runner.tally(target, _needing_any(set(changes)))
        variants.append(VariantFinding(variant, changes, tally))

    # 4. The rows of the plain game under the rules found: what certifying against them gives.
    progress("the rules found")
    certificate = runner.tally(_target(closest, found, f"{closest}+found"))

    return Discovery(
        engine=engine_name,
        profiles=scores,
        closest=closest,
        options=findings,
        variants=tuple(variants),
        values=found,
        certificate=certificate,
        rounds=rounds,
        rows_run=runner.runs,
        seconds=time.perf_counter() - start,
        rules={row.label: row.scenario.rules for row in every},
        seats=seats,
        broken={rule: dict(rows) for rule, rows in runner.deviations.items()},
    )


__all__ = [
    "Discovery",
    "OptionFinding",
    "RowRunner",
    "Tally",
    "Trial",
    "VariantFinding",
    "discover",
    "plain_options",
    "suite_rows",
]
