"""The pytest-bdd step definitions of the conformance scenarios, one per phrase of the
vocabulary (:data:`napspec.suite.vocabulary.VOCABULARY`), made here from it: the developers'
view of the rows ``napspec certify`` plays.

Before the first step a scenario row is planned whole, by the same row player certify uses
(:class:`napspec.suite.rows.RowRun`): the cases it sends and the checks of their answers.
Each step then takes its place in that plan (pytest-bdd must read it as the plan did): a
``Then`` step sends its case to the engine under test (once per case), and the last step
judges every check. The steps know nothing of any engine: they speak only the napspec
protocol, and they send exactly what ``napspec dump-cases`` writes.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from napspec.protocol import Engine
from napspec.suite.rows import RowRun, RowSkipped
from napspec.suite.scenarios import Scenario, gherkin_document, load_scenarios
from napspec.suite.targets import Target
from napspec.suite.verdicts import FAILED, row_verdict
from napspec.suite.vocabulary import VOCABULARY, Phrase, ScenarioError

#: How pytest is told a row is not played to its end (a skip's reason starts with it).
SKIP_PREFIX = {"not-applicable": "not-applicable: ", "skipped-unsupported": "unsupported: "}


class ScenarioRun:
    """One scenario row under way in pytest-bdd: the row player's run, and how far the steps
    have gone."""

    def __init__(self, run: RowRun) -> None:
        self.run = run
        self.position = 0

    def step(self, phrase: Phrase, values: dict[str, Any]) -> None:
        """Take the next step of the plan: it must be ``phrase`` with ``values``."""
        plan = self.run.plan
        if self.position >= len(plan.steps):
            raise ScenarioError(f"{plan.label}: more steps run than planned")
        planned = plan.steps[self.position]
        planned_values = {k: v for k, v in planned.args.items() if k != "rows"}
        if planned.phrase is not phrase or planned_values != values:
            raise ScenarioError(
                f"{plan.label}: pytest-bdd read {planned.step.text!r} as {phrase.pattern!r} {values}, "
                f"the plan as {planned.phrase.pattern!r} {planned_values}"
            )
        try:
            self.run.ask_step(self.position)
        except RowSkipped as skipped:
            pytest.skip(SKIP_PREFIX[skipped.status] + skipped.reason)
        self.position += 1
        if self.position == len(plan.steps) and row_verdict(self.run.judge()) == FAILED:
            raise AssertionError(self.run.failure())


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
    target: Target | None,
    vocabulary: Sequence[Phrase],
    suite_scenarios: Sequence[Scenario],
) -> ScenarioRun:
    scenario = _scenario(request, suite_scenarios)
    callspec = getattr(request.node, "callspec", None)
    example = callspec.params.get("_pytest_bdd_example", {}) if callspec else {}
    row = {str(k): str(v) for k, v in example.items()}
    try:
        run = RowRun(scenario, row, target, engine, engine.hello()["capabilities"].get("players"), vocabulary)
    except RowSkipped as skipped:
        pytest.skip(SKIP_PREFIX[skipped.status] + skipped.reason)
    return ScenarioRun(run)


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
