"""A scenario (one Examples row of an outline) turned into the cases an engine is sent and the
checks its answers must meet, by the vocabulary alone: no engine is consulted.

The checks asked after the same actions share one case; the cases of a row are played in
order, and the row passes when every check of every case holds. A row is *not applicable*
to a target whose option values differ from those it was written for
(:mod:`napspec.suite.targets`).

>>> from napspec.suite.scenarios import load_scenarios
>>> scenario = next(s for s in load_scenarios() if s.id == "dealing-undealt-cards-not-used")
>>> row = plan_row(scenario, {})
>>> [len(case.checks) for case in row.cases], row.cases[0].message["queries"]
([1, 2], ['state'])
>>> [(planned.step.text, planned.actions) for planned in row.steps if planned.actions][:2], len(row.actions)
([('seat 2 cuts 4 cards', range(0, 1)), ('seat 0 deals', range(1, 2))], 7)
>>> plan_row(scenario, {}, Target.from_options("wikipedia", None)).not_applicable
'needs cut-minimum=1, the target has 4'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from napspec.spec import load
from napspec.suite.cases import CaseError, complete_case, outside_the_pack, pack_in_play, validate_case
from napspec.suite.checks import Check
from napspec.suite.from_the_rules import LOWEST_CALL_OPTION, lowest_call, resolved
from napspec.suite.scenarios import Scenario, Step
from napspec.suite.table_size import resize, sizes_to_try
from napspec.suite.targets import Target
from napspec.suite.vocabulary import QUERY_ORDER, VOCABULARY, CaseBuilder, Phrase, ScenarioError, match


@dataclass(frozen=True)
class PlannedCase:
    """One case as sent to the engine, and the checks of its answers, in step order."""

    message: dict[str, Any]
    checks: tuple[Check, ...]
    #: For each check, the index of the step that asks it.
    steps: tuple[int, ...]


@dataclass(frozen=True)
class PlannedStep:
    """One step as run: its phrase, its values, and its checks as (case, check) indices."""

    step: Step
    phrase: Phrase
    args: dict[str, Any]
    checks: tuple[tuple[int, int], ...] = ()
    #: The row's actions this step takes, as a range of indices into :attr:`RowPlan.actions`.
    actions: range = range(0)


@dataclass(frozen=True)
class RowPlan:
    """A scenario row: its steps and cases, or why it does not apply to the target."""

    scenario: Scenario
    row: dict[str, str]
    steps: tuple[PlannedStep, ...]
    cases: tuple[PlannedCase, ...] = ()
    not_applicable: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    #: The table size the row is written for, when it is set at another one
    #: (:mod:`napspec.suite.table_size`); ``None`` when it is played as written.
    written_players: int | None = None
    #: Why the row could not be set at a table size the engine seats, when it could not.
    kept_size: str = ""
    #: Every action the row's steps take, in order (the last case may stop short of them: a
    #: case takes the actions before its checks).
    actions: tuple[dict[str, Any], ...] = ()

    @property
    def label(self) -> str:
        """The row's name in reports: ``scenario-id[profile]`` for a row of an outline."""
        profile = self.row.get("profile")
        return f"{self.scenario.id}[{profile}]" if profile else self.scenario.id


def _where(scenario: Scenario, step: Step) -> str:
    return f"{scenario.file}:{step.line} ({scenario.id})"


def _rows(step: Step) -> list[dict[str, str]]:
    header, *body = step.table
    return [dict(zip(header, cells)) for cells in body]


def _needs(scenario: Scenario) -> tuple[set[str], set[str]]:
    """The options a scenario's expectations depend on, and the profiles its rules bind."""
    register = load()
    needs = set(scenario.needs)
    bound = set(register.profiles)
    for rule_id in scenario.rules:
        rule = register.rules.get(rule_id)
        if rule is None:
            raise ScenarioError(f"{scenario.file}:{scenario.line}: unknown rule {rule_id!r}")
        needs.update(rule.options)
        bound &= set(rule.applies_to)
    return needs, bound


def _options(builder: CaseBuilder, scenario: Scenario, target: Target | None) -> tuple[dict[str, Any], str]:
    """The option map the cases run under, or why the row does not apply to ``target``."""
    where = f"{scenario.file}:{scenario.line} ({scenario.id})"
    if builder.profile is None:
        raise ScenarioError(f'{where}: no profile was given (Given the profile "...")')
    if builder.players is None or builder.dealer is None:
        raise ScenarioError(f"{where}: no table size (Given <n> players with seat <d> dealing)")
    values = load().profile_values(builder.profile)
    values.update(builder.overrides)
    if target is None:
        return values, ""
    needs, bound = _needs(scenario)
    if target.base not in bound:
        return {}, f"the rules tested do not bind {target.base}"
    needed = (needs | builder.needs | set(builder.overrides)) - builder.adapts
    ok, reason = target.applies(values, needed, builder.players)
    if not ok:
        return {}, reason
    if LOWEST_CALL_OPTION not in needed and target.values.get("seven-card", "not-played") == "not-played":
        # A call a step names by its number (not "the lowest call") that these rules have
        # not got: the row is written for a game it is in, and tells nothing of this one.
        # (Seven-card Nap's lowest call is that game's own, which its rows test as written.)
        lowest = lowest_call(target.values)
        below = sorted(
            {
                action["tricks"]
                for action in builder.actions
                if action.get("type") == "call" and isinstance(action.get("tricks"), int) and action["tricks"] < lowest
            }
        )
        if below:
            return (
                {},
                f"it calls {below[0]} tricks, below the lowest call of these rules ({LOWEST_CALL_OPTION}={lowest})",
            )
    return dict(target.values), ""


@dataclass(frozen=True)
class RowNeeds:
    """What a scenario row is written for: its profile, its table size, the option values
    it runs under on its own, and the options a target must give those same values for the
    row to apply (its rules' variation points, the options it sets, its ``@needs``)."""

    profile: str
    players: int
    options: dict[str, Any]
    needs: frozenset[str]
    bound: frozenset[str]


def row_needs(scenario: Scenario, row: dict[str, str], vocabulary: Sequence[Phrase] = VOCABULARY) -> RowNeeds:
    """The option values a row of ``scenario`` is written for, and those it needs.

    >>> from napspec.suite.scenarios import load_scenarios
    >>> scenario = next(s for s in load_scenarios() if s.id == "dealing-undealt-cards-not-used")
    >>> needs = row_needs(scenario, {})
    >>> needs.profile, needs.players, "cut-minimum" in needs.needs, "nap-stakes" in needs.needs
    ('hoyle', 3, True, False)
    """
    plan = plan_row(scenario, row, None, vocabulary)
    builder = CaseBuilder(scenario_id=scenario.id)
    for planned in plan.steps:
        planned.phrase.apply(builder, dict(planned.args))
    needs, bound = _needs(scenario)
    assert builder.profile is not None and builder.players is not None
    return RowNeeds(
        profile=builder.profile,
        players=builder.players,
        options=plan.options,
        needs=frozenset((needs | builder.needs | set(builder.overrides)) - builder.adapts),
        bound=frozenset(bound),
    )


def plan_row(
    scenario: Scenario,
    row: dict[str, str],
    target: Target | None = None,
    vocabulary: Sequence[Phrase] = VOCABULARY,
    seats: Sequence[int] | None = None,
) -> RowPlan:
    """The cases and checks of one row of ``scenario`` (``{}`` for a plain scenario), under
    ``target`` (``None``: under the scenario's own profile and options), read with
    ``vocabulary``; with ``seats`` (the table sizes an engine seats), a row written for
    another size is set at the smallest larger one it can be (:mod:`napspec.suite.table_size`).

    Raises :class:`~napspec.suite.vocabulary.ScenarioError` for a step the vocabulary cannot
    read or a scenario that does not set up a valid case.
    """
    builder = CaseBuilder(scenario_id=scenario.id)
    found: list[tuple[Step, Phrase, dict[str, Any], range, range]] = []
    for written in scenario.steps:
        step = written.rendered(row)
        matched = match(step.text, vocabulary=vocabulary)
        if matched is None:
            raise ScenarioError(f"{_where(scenario, step)}: no phrase of the vocabulary reads {step.text!r}")
        phrase, args = matched
        if phrase.datatable:
            if not step.table:
                raise ScenarioError(f"{_where(scenario, step)}: {step.text!r} takes a data table")
            args["rows"] = _rows(step)
        elif step.table:
            raise ScenarioError(f"{_where(scenario, step)}: {step.text!r} takes no data table")
        before, acted = len(builder.checks), len(builder.actions)
        try:
            phrase.apply(builder, args)
        except (ScenarioError, ValueError) as error:
            raise ScenarioError(f"{_where(scenario, step)}: {error}") from error
        found.append((step, phrase, args, range(before, len(builder.checks)), range(acted, len(builder.actions))))
    if builder.start is None:
        raise ScenarioError(f"{scenario.file}:{scenario.line} ({scenario.id}): neither hands, pack nor draw was given")
    options, reason = _options(builder, scenario, target)
    if not reason and target is not None and builder.players is not None:
        # A scenario written for the full pack does not apply to a target's short pack
        # that has not got its cards or its table.
        reason = outside_the_pack(options, builder.players, builder.start) or _outside_the_pack_too(
            options, builder.players, builder.start
        )
    if reason:
        steps = tuple(PlannedStep(step, phrase, args, actions=acts) for step, phrase, args, _, acts in found)
        return RowPlan(scenario=scenario, row=dict(row), steps=steps, not_applicable=reason)
    # What the steps left to the rules (the lowest call), now that they are known.
    builder.actions = [resolved(action, options) for action in builder.actions]
    builder.checks = [
        (taken, replace(check, expected=resolved(check.expected, options))) for taken, check in builder.checks
    ]
    written_players, kept_size = _set_table(builder, options, seats)

    # Consecutive checks after the same actions are answered by one case.
    groups: list[tuple[int, list[int]]] = []
    for index, (taken, _check) in enumerate(builder.checks):
        if groups and groups[-1][0] == taken:
            groups[-1][1].append(index)
        else:
            groups.append((taken, [index]))
    step_of = {index: number for number, (*_, checks, _acts) in enumerate(found) for index in checks}
    place: dict[int, tuple[int, int]] = {}
    cases: list[PlannedCase] = []
    profile = row.get("profile") or builder.profile
    for number, (taken, indices) in enumerate(groups):
        checks = [builder.checks[i][1] for i in indices]
        asked = {query for check in checks for query in check.queries}
        message: dict[str, Any] = {
            "id": f"{scenario.id}/{profile}#{number + 1}",
            "options": options,
            "players": builder.players,
            "dealer": builder.dealer,
            "irregular": builder.irregular,
            **_pool_fields(builder),
            "start": builder.start,
            "actions": [dict(action) for action in builder.actions[:taken]],
            "queries": [query for query in QUERY_ORDER if query in asked],
        }
        message = complete_case(message)
        try:
            validate_case(message)
        except CaseError as error:
            raise ScenarioError(f"{scenario.file}:{scenario.line} ({scenario.id}): {error}") from error
        for position, index in enumerate(indices):
            place[index] = (number, position)
        cases.append(PlannedCase(message=message, checks=tuple(checks), steps=tuple(step_of[i] for i in indices)))
    steps = tuple(
        PlannedStep(step, phrase, args, tuple(place[i] for i in checks), acts)
        for step, phrase, args, checks, acts in found
    )
    return RowPlan(
        scenario=scenario,
        row=dict(row),
        steps=steps,
        cases=tuple(cases),
        options=options,
        written_players=written_players,
        kept_size=kept_size,
        actions=tuple(dict(action) for action in builder.actions),
    )


def _set_table(builder: CaseBuilder, options: dict[str, Any], seats: Sequence[int] | None) -> tuple[int | None, str]:
    """Set the row at a table size in ``seats`` if it is written for another: the size it
    was written for (``None`` if it is kept), and why it is kept when it must be."""
    if not seats or builder.players is None or builder.players in seats:
        return None, ""
    written = builder.players
    sizes = sizes_to_try(written, seats, options["players-min"], options["players-max"])
    if not sizes:
        return None, f"written for {written} players; no larger table the engine seats is allowed by these rules"
    reasons = []
    for size in sizes:
        reason = resize(builder, options, size)
        if not reason:
            return written, ""
        reasons.append(f"not at {size}: {reason}")
    return None, f"written for {written} players; " + "; ".join(reasons)


def _outside_the_pack_too(options: dict[str, Any], players: int, start: dict[str, Any]) -> str:
    """Why the cards a start names besides the deal (the draw for the pool at the end of a
    session, a peep card, a stock) cannot be played with a short pack of ``options``, or ``""``."""
    pack = pack_in_play(options, players)
    if pack is None:
        return ""  # outside_the_pack has said so
    named = [*start.get("end_of_session", {}).get("draw", ()), *start.get("stock", ())]
    if "peep_card" in start:
        named.append(start["peep_card"])
    missing = sorted(set(named) - set(pack))
    return f"the pack {options.get('pack')} has not got {', '.join(missing)}" if missing else ""


def _pool_fields(builder: CaseBuilder) -> dict[str, Any]:
    """The case's ``pool`` and ``original_dealer`` where the scenario gives them (napspec/1.2;
    :func:`~napspec.suite.cases.complete_case` gives an empty pool and the dealer otherwise)."""
    fields: dict[str, Any] = {}
    if builder.pool is not None:
        fields["pool"] = builder.pool
    if builder.original_dealer is not None:
        fields["original_dealer"] = builder.original_dealer
    return fields


def plan_scenario(
    scenario: Scenario,
    target: Target | None = None,
    vocabulary: Sequence[Phrase] = VOCABULARY,
    seats: Sequence[int] | None = None,
) -> list[RowPlan]:
    """Every row of a scenario (one for a plain scenario), in order (``seats`` as for
    :func:`plan_row`)."""
    return [plan_row(scenario, row, target, vocabulary, seats) for row in (scenario.examples or ({},))]


__all__ = ["PlannedCase", "PlannedStep", "RowNeeds", "RowPlan", "plan_row", "plan_scenario", "row_needs"]
