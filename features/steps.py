"""The pytest-bdd step definitions of the conformance scenarios, one per phrase of the
vocabulary (:data:`napspec.suite.vocabulary.VOCABULARY`), made here from it.

Before the first step a scenario row is planned whole (:func:`napspec.suite.plan.plan_row`):
the cases it sends and the checks of their answers. Each step then takes its place in that
plan: a ``Then`` step sends its case to the engine under test (once per case) and judges the
answers. The steps know nothing of any engine: they speak only the napspec/1 protocol, and
they send exactly what ``napspec dump-cases`` writes.
"""

from __future__ import annotations

import copy
import inspect
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from napspec.protocol import Engine, UnsupportedCase
from napspec.spec import load
from napspec.suite.plan import RowPlan, plan_row
from napspec.suite.scenarios import Scenario, gherkin_document, load_scenarios
from napspec.suite.targets import Target
from napspec.suite.verdicts import FAILED, CheckVerdict, failure_message, judge_row, row_verdict
from napspec.suite.vocabulary import VOCABULARY, Phrase, ScenarioError


class ScenarioRun:
    """One scenario row under way: its plan, how far the steps have gone, and the engine's
    answers so far (one run per case)."""

    def __init__(
        self, plan: RowPlan, engine: Engine, source: str | None = None, larger: Sequence[RowPlan] = ()
    ) -> None:
        self.plan = plan
        self.engine = engine
        self.position = 0
        self.responses: dict[int, dict[str, Any]] = {}
        #: The source whose words a failure quotes first (the target's profile's).
        self.source = source
        #: Every check's verdict, once the last step has been taken.
        self.verdicts: list[CheckVerdict] = []
        #: The row set at the larger tables the engine also seats, judged after it.
        self.larger = tuple(larger)

    def response(self, case: int) -> dict[str, Any]:
        if case not in self.responses:
            message = copy.deepcopy(self.plan.cases[case].message)
            try:
                # The harness decides applicability (and an engine may say "unsupported").
                self.responses[case] = self.engine.run(message)
            except UnsupportedCase as error:
                kept = f" ({self.plan.kept_size})" if self.plan.kept_size else ""
                pytest.skip(f"unsupported: {error.reason}{kept}")
        return self.responses[case]

    def step(self, phrase: Phrase, values: dict[str, Any]) -> None:
        """Take the next step of the plan: it must be ``phrase`` with ``values``."""
        if self.position >= len(self.plan.steps):
            raise ScenarioError(f"{self.plan.label}: more steps run than planned")
        planned = self.plan.steps[self.position]
        self.position += 1
        planned_values = {k: v for k, v in planned.args.items() if k != "rows"}
        if planned.phrase is not phrase or planned_values != values:
            raise ScenarioError(
                f"{self.plan.label}: pytest-bdd read {planned.step.text!r} as {phrase.pattern!r} {values}, "
                f"the plan as {planned.phrase.pattern!r} {planned_values}"
            )
        for case, _check in planned.checks:
            self.response(case)
        if self.position == len(self.plan.steps):
            self.finish()

    def finish(self) -> None:
        """Judge every check of the row (a failure does not hide the checks after it) and
        fail the row, quoting the rules its failed checks enforce, if any failed."""
        cases = [(case.message, case.checks) for case in self.plan.cases]
        self.verdicts[:] = judge_row(cases, self.responses, self.plan.scenario.rules)
        for plan in self.larger:
            self.verdicts += self._at_larger_table(plan)
        if row_verdict(self.verdicts) == FAILED:
            raise AssertionError(failure_message(self.verdicts, self.source))

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


def larger_tables(
    scenario: Scenario,
    row: dict[str, str],
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
        plan = plan_row(scenario, row, target, vocabulary, [size])
        if not plan.not_applicable and plan.written_players is not None and plan.cases:
            plans.append(plan)
    return plans


def _scenario(request: pytest.FixtureRequest, scenarios: Sequence[Scenario]) -> Scenario:
    marker = request.node.get_closest_marker("scenario_id")
    if marker is None:
        raise ScenarioError(f"{request.node.name}: the scenario has no @id tag")
    for scenario in scenarios:
        if scenario.id == marker.args[0]:
            return scenario
    raise ScenarioError(f"no scenario with the id {marker.args[0]!r}")


@pytest.fixture
def vocabulary() -> Sequence[Phrase]:
    """The phrases the scenarios are planned with."""
    return VOCABULARY


@pytest.fixture
def suite_scenarios() -> Sequence[Scenario]:
    """The scenarios, as the suite's reader reads them, that the running tests come from."""
    return load_scenarios()


@pytest.fixture
def scenario_run(
    request: pytest.FixtureRequest,
    engine: Engine,
    engine_capabilities: dict[str, Any],
    target: Target | None,
    vocabulary: Sequence[Phrase],
    suite_scenarios: Sequence[Scenario],
) -> ScenarioRun:
    # engine_capabilities: the handshake comes first (and is recorded for the report).
    scenario = _scenario(request, suite_scenarios)
    callspec = getattr(request.node, "callspec", None)
    example = callspec.params.get("_pytest_bdd_example", {}) if callspec else {}
    # A row written for a table the engine does not seat is set at one it does, where it can be.
    seats = engine_capabilities.get("players")
    plan = plan_row(scenario, {str(k): str(v) for k, v in example.items()}, target, vocabulary, seats)
    if plan.not_applicable:
        pytest.skip(f"not-applicable: {plan.not_applicable}")
    profile = load().profiles.get(target.base if target is not None else str(example.get("profile", "")))
    row = {str(k): str(v) for k, v in example.items()}
    played_at = plan.cases[0].message["players"] if plan.cases else 0
    larger = larger_tables(scenario, row, target, vocabulary, seats, played_at)
    run = ScenarioRun(plan, engine, profile.source if profile is not None else None, larger)
    # The report reads each check's verdict, and the table the row was played at, from the item.
    setattr(request.node, "napspec_verdicts", run.verdicts)  # noqa: B010 (pytest items take attributes)
    tables = [str(played_at), *(str(p.cases[0].message["players"]) for p in larger)]
    if plan.written_players is not None or larger:
        written = plan.written_players or played_at
        table = f"written for {written} players, played at {' and '.join(tables)}"
        setattr(request.node, "napspec_table", table)  # noqa: B010
    return run


_DECORATORS = {"Given": given, "When": when, "Then": then}


def _step_function(phrase: Phrase) -> Callable[..., None]:
    def take_step(scenario_run: ScenarioRun, **values: Any) -> None:
        scenario_run.step(phrase, values)

    # pytest-bdd passes a step's parsed values by the names in the function's signature.
    parameters = [inspect.Parameter("scenario_run", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    parameters += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY) for name in phrase.slots]
    setattr(take_step, "__signature__", inspect.Signature(parameters))  # noqa: B010 (mypy knows no such attribute)
    take_step.__doc__ = f"{phrase.keyword} {phrase.pattern}"
    return take_step


def define_steps(vocabulary: Sequence[Phrase] = VOCABULARY) -> None:
    """Define one pytest-bdd step per phrase, in the module that calls this (pytest-bdd keeps
    step definitions as fixtures of the module they are made in)."""
    for phrase in vocabulary:
        _DECORATORS[phrase.keyword](
            parsers.re(phrase.regex().pattern),
            converters={name: int for name, kind in phrase.slots.items() if kind == "int"},
            stacklevel=2,
        )(_step_function(phrase))


define_steps()


def _remember_step_lookups() -> bool:
    """Make pytest-bdd find the definition of a step once per test module instead of once per
    step of every test item; return whether it was done.

    pytest-bdd (9.x) looks a step's definition up by asking pytest, for every fixture name of
    the session, which definitions are visible to the test item, then matching the step's
    text against each: a quarter of a whole certification's time goes there, for lookups
    whose answer is the same for every item of a module. The answer depends only on the
    module (every step here is defined at module level, none in a class or a test), the
    step's type and its text, so it is remembered by those. Where pytest-bdd has no such
    function (another version), nothing is changed and the lookups are only slower.
    """
    module = sys.modules.get("pytest_bdd.scenario")
    lookup = getattr(module, "find_fixturedefs_for_step", None)
    if module is None or lookup is None or getattr(lookup, "remembers", False):
        return lookup is not None
    found: dict[tuple[str, object, str], list[Any]] = {}

    def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> Iterator[Any]:
        key = (str(node.nodeid).partition("::")[0], step.type, step.name)
        if key not in found:
            found[key] = list(lookup(step=step, fixturemanager=fixturemanager, node=node))
        return iter(found[key])

    setattr(find_fixturedefs_for_step, "remembers", True)  # noqa: B010 (a function attribute mypy does not know)
    setattr(module, "find_fixturedefs_for_step", find_fixturedefs_for_step)  # noqa: B010
    return True


STEP_LOOKUPS_REMEMBERED = _remember_step_lookups()


def _share_gherkin_documents() -> bool:
    """Make pytest-bdd read a feature file from the document the suite's reader parses
    (:func:`napspec.suite.scenarios.gherkin_document`), so that each file is parsed once per
    process; return whether it was done.

    pytest-bdd (9.x) parses a file with gherkin-official's ``Parser().parse`` in
    ``get_gherkin_document`` and builds its own objects from the result: given the same
    text, the same parser gives the same document. A file it cannot parse is left to
    pytest-bdd's own function, whose errors say what is wrong. Where pytest-bdd has no such
    function (another version), nothing is changed and each file is only parsed twice.
    """
    module = sys.modules.get("pytest_bdd.parser")
    own = getattr(module, "get_gherkin_document", None)
    document_class = getattr(module, "GherkinDocument", None)
    if module is None or own is None or document_class is None or getattr(own, "shares", False):
        return own is not None and document_class is not None

    def get_gherkin_document(abs_filename: str, encoding: str = "utf-8") -> Any:
        try:
            with open(abs_filename, encoding=encoding) as file:
                document = gherkin_document(file.read())
        except Exception:
            return own(abs_filename, encoding)
        return document_class.from_dict(document)

    setattr(get_gherkin_document, "shares", True)  # noqa: B010 (a function attribute mypy does not know)
    setattr(module, "get_gherkin_document", get_gherkin_document)  # noqa: B010
    return True


GHERKIN_DOCUMENTS_SHARED = _share_gherkin_documents()
"""pytest-bdd reads the feature files from the documents the suite's reader parses, once per
process, under the pytest-bdd this project pins."""
