"""Applicability that holds: the reference engine certified under generated house rules.

``certify --profile`` only ever sends a scenario under the option values of a profile, so a
scenario that silently relies on one of those values (instead of declaring it with
``@needs:<option>``) is never caught there. Here the reference engine is certified under
house rules that give every option each of its values, every pair of values of two options
(and of an option and the base profile) appearing together in at least one of them: a
pairwise covering array, built here from the register itself and respecting what it says
cannot go together (:meth:`~napspec.spec.register.Register.conflicts`, a table no smaller
than its least size).

The cover is built by a greedy search with backtracking rather than by a pairwise library:
the register's ``requires``/``excludes`` chains (Peep needs the pool, the pool needs an end,
seven-card Nap excludes Wellington...) make most pairs with a variant value infeasible or
reachable only through a third option, and a complete search both finds a configuration for
every reachable pair and proves the rest unreachable, which a generator with a filter
callback does not.

Every applicable case must pass under every configuration. The default run certifies a
fixed sample (the configurations that first showed scenarios leaning on undeclared option
values) and checks the whole-register cover. The campaign (``pytest -m campaign``, which CI
runs) certifies every row of every scenario under every configuration of a cover of its own
(below), some ten thousand row certifications, shared out by chapter over the files
``test_applicability_campaign_*.py`` so that its workers take a part each.

What keeps it short: the cover search asks the register only about the options a fault can
involve, once for each set of their values, instead of about every partial configuration
(the covers are the same); rows with the same domain share a cover; and a configuration's
house rules are built in memory, checked once for each distinct configuration against what
:func:`~napspec.spec.load_house_rules` reads from the file written for it. Every case is still
planned, validated, run and judged as certify does.
"""

from __future__ import annotations

import dataclasses
import importlib
import itertools
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypeAlias

import pytest

from napspec.conformance.certify import run_certification, selects
from napspec.conformance.harness import InProcessEngine
from napspec.protocol import EngineError, load_engine, status_for
from napspec.spec import Register, load, load_house_rules
from napspec.spec.register import OptionValueType
from napspec.suite.cases import CaseError, pack_in_play
from napspec.suite.checks import Check, CheckFailed, judge
from napspec.suite.plan import RowNeeds, RowPlan, plan_row, row_needs
from napspec.suite.scenarios import Scenario, load_scenarios
from napspec.suite.targets import Target
from napspec.suite.vocabulary import ScenarioError

#: The pseudo-option a configuration's base profile is covered under, like any option.
BASE = "base"

#: The options bounding the table size: a configuration keeps the least no larger than the most.
LEAST_PLAYERS, MOST_PLAYERS = "players-min", "players-max"

Value: TypeAlias = OptionValueType
Pair: TypeAlias = tuple[tuple[str, Value], tuple[str, Value]]


# ------------------------------------------------------------------------------ the cover


def domains(register: Register) -> dict[str, tuple[Value, ...]]:
    """What each dimension of the cover takes: the base profiles, and for every option its
    cited values and, for an int option, the two edges of its range.

    >>> d = domains(load())
    >>> d["base"], d["players-max"], d["stop-when-decided"]
    (('britannica', 'hoyle', 'peel', 'wikipedia'), (6, 7, 10, 2), (True, False))
    """
    found: dict[str, tuple[Value, ...]] = {BASE: tuple(sorted(register.profiles))}
    for option in register.options.values():
        values: list[Value] = [entry.value for entry in option.values]
        if option.range is not None:
            values += [edge for edge in (option.range.minimum, option.range.maximum) if edge not in values]
        found[option.id] = tuple(values)
    return found


def _same(value: object, other: object) -> bool:
    return type(value) is type(other) and value == other


def _problems(register: Register, partial: Mapping[str, Value]) -> list[str]:
    """Why a partial configuration cannot be completed into house rules (``[]``: it may be).

    Both checks only grow as options are added, so a partial map that fails cannot be saved
    by the options still to choose."""
    options = {key: value for key, value in partial.items() if key != BASE}
    found = register.conflicts(options)
    least, most = options.get(LEAST_PLAYERS), options.get(MOST_PLAYERS)
    if isinstance(least, int) and isinstance(most, int) and least > most:
        found.append(f"{LEAST_PLAYERS} {least} is more than {MOST_PLAYERS} {most}")
    return found


def pairs_of(config: Mapping[str, Value], order: Sequence[str]) -> set[Pair]:
    """The pairs of (dimension, value) a configuration covers."""
    return {((a, config[a]), (b, config[b])) for a, b in itertools.combinations(order, 2)}


#: The option whose pack a bound of "half the pack in play" reads, with the table sizes.
PACK = "pack"


@cache
def _judged_ids() -> frozenset[str]:
    """The options :func:`_problems` reads: those a ``requires``/``excludes`` names or that
    name one, those a ``bound`` ties (for half the pack in play, the pack and the table
    sizes), and the table sizes. Any other option is judged by nothing, so a choice of it
    cannot make a configuration faulty."""
    register = load()
    judged = set(_tied_ids())
    for option in register.options.values():
        if option.bound is not None:
            judged |= {option.id, LEAST_PLAYERS, MOST_PLAYERS, PACK}
            if option.bound.option:
                judged.add(option.bound.option)
    return frozenset(judged)


@lru_cache(maxsize=1 << 16)
def _faulty(judged: tuple[tuple[str, str], ...]) -> bool:
    """Whether the options of ``judged`` (option, value as JSON; options of
    :func:`_judged_ids` only) cannot go together.

    Many partial configurations of a search share their judged options, so the register is
    asked once for each set of judged values rather than for every partial configuration."""
    return bool(_problems(load(), {option: json.loads(value) for option, value in judged}))


@dataclass
class _Judge:
    """The judged options of a partial configuration, as JSON, and whether a value may join them."""

    chosen: dict[str, str]

    def fits(self, dimension: str, value: Value) -> bool:
        """Whether ``dimension`` at ``value`` keeps the configuration free of faults (it was)."""
        if dimension not in _judged_ids():
            return True
        return not _faulty(tuple(sorted({**self.chosen, dimension: json.dumps(value)}.items())))

    def choose(self, dimension: str, value: Value) -> None:
        if dimension in _judged_ids():
            self.chosen[dimension] = json.dumps(value)

    def drop(self, dimension: str) -> None:
        self.chosen.pop(dimension, None)


def _complete(
    register: Register,
    order: Sequence[str],
    fixed: Mapping[str, Value],
    domain: Mapping[str, tuple[Value, ...]],
    uncovered: set[Pair],
) -> dict[str, Value] | None:
    """A complete valid configuration holding ``fixed`` that covers as many ``uncovered``
    pairs as a greedy choice finds, or ``None`` when none exists (the search backtracks over
    every choice, so ``None`` proves it)."""
    # The options the register ties together are chosen first, so that a dead end is met
    # before the free options multiply the ways back to it.
    tied = _tied(register)
    position = {dimension: index for index, dimension in enumerate(order)}
    rest = sorted((d for d in order if d not in fixed), key=lambda d: (d not in tied, position[d]))
    plain = register.profile_values(str(fixed[BASE])) if BASE in fixed else {}
    judged = _judged_ids()
    # The options still to choose that a fault can involve, by their place in ``rest``; any
    # other has a value that fits as long as it has a value at all.
    bound = [(place, d) for place, d in enumerate(rest) if d in judged or not domain[d]]

    def gain(config: Mapping[str, Value], dimension: str, value: Value) -> int:
        count = 0
        here = position[dimension]
        for other, chosen in config.items():
            if here < position[other]:
                count += ((dimension, value), (other, chosen)) in uncovered
            else:
                count += ((other, chosen), (dimension, value)) in uncovered
        return count

    def open_(judge: _Judge, index: int) -> bool:
        """Whether every option still to choose after ``index`` has a value that fits (forward checking)."""
        return all(
            any(judge.fits(dimension, value) for value in domain[dimension])
            for place, dimension in bound
            if place > index
        )

    def search(config: dict[str, Value], judge: _Judge, index: int) -> dict[str, Value] | None:
        if index == len(rest):
            return dict(config)
        dimension = rest[index]
        values = domain[dimension]
        candidates = sorted(
            values, key=lambda value: (-gain(config, dimension, value), not _same(value, plain.get(dimension)))
        )
        for value in candidates:
            if not judge.fits(dimension, value):
                continue
            config[dimension] = value
            judge.choose(dimension, value)
            if open_(judge, index):
                found = search(config, judge, index + 1)
                if found is not None:
                    return found
            del config[dimension]
            judge.drop(dimension)
        return None

    start = dict(fixed)
    if _problems(register, start):
        return None
    # The base first: it decides which value of every other option is the plain one.
    if BASE not in start:
        for profile in sorted(domain[BASE], key=lambda p: -gain(start, BASE, p)):
            found = _complete(register, order, {**start, BASE: profile}, domain, uncovered)
            if found is not None:
                return found
        return None
    judge = _Judge({d: json.dumps(v) for d, v in start.items() if d in judged})
    return search(start, judge, 0)


@cache
def _tied_ids() -> frozenset[str]:
    register = load()
    tied = {LEAST_PLAYERS, MOST_PLAYERS}
    for option in register.options.values():
        for entry in option.values:
            if entry.requires or entry.excludes:
                tied |= {option.id, *entry.requires, *entry.excludes}
    return frozenset(tied)


def _tied(register: Register) -> frozenset[str]:
    """The options a ``requires``/``excludes`` of the register or the table size ties to another."""
    return _tied_ids() if register is load() else frozenset()


@dataclass(frozen=True)
class Cover:
    """A pairwise cover of a domain: the configurations, and the pairs no valid
    configuration can hold (with one reason each)."""

    configurations: tuple[dict[str, Value], ...]
    unreachable: dict[Pair, str]
    order: tuple[str, ...]


def cover_of(domain: Mapping[str, tuple[Value, ...]]) -> Cover:
    """Configurations over ``domain`` holding every reachable pair of values of two of its
    dimensions (a dimension with one value is fixed in all of them)."""
    register = load()
    order = tuple(domain)
    uncovered = {((a, x), (b, y)) for a, b in itertools.combinations(order, 2) for x in domain[a] for y in domain[b]}
    configurations: list[dict[str, Value]] = []
    unreachable: dict[Pair, str] = {}
    # Each pair still uncovered, in the order of its JSON text, seeds the next configuration.
    written = {(d, value): (json.dumps(d), json.dumps(value)) for d in order for value in domain[d]}
    for pair in sorted(uncovered, key=lambda pair: (*written[pair[0]], *written[pair[1]])):
        if pair not in uncovered:
            continue
        (a, x), (b, y) = pair
        config = _complete(register, order, {a: x, b: y}, domain, uncovered)
        if config is None:
            direct = _problems(register, {a: x, b: y})
            unreachable[pair] = direct[0] if direct else "no valid configuration holds both (through a third option)"
            uncovered.discard(pair)
            continue
        # Only the judged options are asked about while searching: what that lets through, the register allows.
        assert not _problems(register, config), (config, _problems(register, config))
        configurations.append(config)
        uncovered -= pairs_of(config, order)
    return Cover(configurations=tuple(configurations), unreachable=unreachable, order=order)


@cache
def pairwise_cover() -> Cover:
    """Configurations holding every reachable pair of values of two options (or of an option
    and the base profile).

    >>> cover = pairwise_cover()
    >>> (("wellington", "double-nap-stakes"), ("seven-card", "played")) in cover.unreachable
    True
    """
    return cover_of(domains(load()))


def _toml(value: Value) -> str:
    return json.dumps(value)  # a TOML basic string, integer or boolean is written as in JSON


def house_rules_text(name: str, config: Mapping[str, Value]) -> str:
    """The house-rules file of a configuration: its base, and the options it changes."""
    base = str(config[BASE])
    plain = load().profile_values(base)
    lines = [f"base = {_toml(base)}", f"name = {_toml(name)}", "", "[options]"]
    lines += [
        f"{option} = {_toml(value)}"
        for option, value in config.items()
        if option != BASE and not _same(value, plain[option])
    ]
    return "\n".join(lines) + "\n"


def write_house_rules(folder: Path, name: str, config: Mapping[str, Value]) -> Path:
    path = folder / f"{name}.toml"
    path.write_text(house_rules_text(name, config), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- certifying


@dataclass(frozen=True)
class RowResult:
    """How one scenario row fared under a configuration."""

    plan: RowPlan
    status: str
    message: str = ""
    #: The case that failed (its message as sent), if one did.
    case: dict[str, Any] | None = None
    #: The check that failed, if the failure was a check's (not the engine's refusal or error).
    check: Check | None = None


def run_row(
    engine: InProcessEngine,
    scenario: Scenario,
    row: dict[str, str],
    target: Target,
    plans: dict[tuple[str, str, str], RowPlan | ScenarioError] | None = None,
) -> RowResult | None:
    """One row run against ``engine`` under ``target`` (``None`` where it does not apply):
    the cases certify sends, planned by the same code, each answer checked by the harness and
    judged by the scenario's checks. ``plans`` keeps each row's plan (or why it has none) by
    scenario, row and target, for a caller that runs the same rows against many engines: a
    plan depends on them alone, and making it is half the cost of a row."""
    key = (scenario.id, json.dumps(row, sort_keys=True), target.name)
    planned_or_error = plans.get(key) if plans is not None else None
    if planned_or_error is None:
        try:
            planned_or_error = plan_row(scenario, row, target)
        except ScenarioError as error:
            planned_or_error = error
        if plans is not None:
            plans[key] = planned_or_error
    if isinstance(planned_or_error, ScenarioError):
        empty = RowPlan(scenario=scenario, row=row, steps=())
        return RowResult(empty, "errored", f"the scenario cannot be planned: {planned_or_error}")
    planned = planned_or_error
    if planned.not_applicable:
        return None
    for case in planned.cases:
        try:
            response = engine.run(json.loads(json.dumps(case.message)))
        except EngineError as error:
            return RowResult(planned, status_for(error), str(error), case.message)
        except CaseError as error:
            return RowResult(planned, "errored", f"the harness refuses the case: {error}", case.message)
        for check in case.checks:
            try:
                judge(check, response)
            except CheckFailed as error:
                return RowResult(planned, "failed", str(error), case.message, check)
    return RowResult(planned, "passed")


def certify_rows(target: Target, rules: Sequence[str] = ()) -> list[RowResult]:
    """Every applicable row of the suite (of ``rules``, when given) run against the reference
    engine under ``target``."""
    results: list[RowResult] = []
    with InProcessEngine(load_engine("reference")) as engine:
        for scenario in load_scenarios():
            if rules and not selects(rules, scenario.rules):
                continue
            for row in scenario.examples or ({},):
                result = run_row(engine, scenario, dict(row), target)
                if result is not None:
                    results.append(result)
    return results


def _shown(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def explain(result: RowResult, target: Target) -> str:
    """A failing row, for the reader who must add a ``@needs`` tag or fix the engine: the
    scenario, the configuration, its option values, and where the scenario's own profile
    differs from them in options it does not declare."""
    plan = result.plan
    lines = [
        f"{plan.label} ({plan.scenario.file}:{plan.scenario.line}) {result.status} under {target.name}: "
        + result.message
    ]
    base = load().profile_values(target.base)
    changed = {key: value for key, value in target.values.items() if not _same(value, base[key])}
    lines.append(
        f"  configuration: base {target.base}; "
        + (", ".join(f"{key}={_shown(value)}" for key, value in changed.items()) or "no option changed")
    )
    try:
        own = plan_row(plan.scenario, plan.row).options
    except ScenarioError:
        own = {}
    differs = {
        key: (own[key], value) for key, value in target.values.items() if key in own and not _same(own[key], value)
    }
    if differs:
        lines.append(
            "  written for other values of: "
            + ", ".join(f"{key} (written {_shown(w)}, here {_shown(h)})" for key, (w, h) in differs.items())
            + f"; it declares @needs: {', '.join(plan.scenario.needs) or 'none'}"
        )
    return "\n".join(lines)


def assert_all_pass(target: Target, results: Sequence[RowResult]) -> None:
    assert results, f"no scenario applies under {target.name}"
    failures = [explain(result, target) for result in results if result.status != "passed"]
    assert not failures, f"{len(failures)} of {len(results)} applicable rows fail:\n" + "\n".join(failures)


def target_of(path: Path) -> Target:
    rules = load_house_rules(path)
    return Target(
        name=f"{rules.base}+{rules.name}", base=rules.base, values=dict(rules.values), variants=rules.variants
    )


def house_rules_target(name: str, config: Mapping[str, Value]) -> Target:
    """The target the house-rules file of ``config`` gives (:func:`house_rules_text`, read by
    :func:`target_of`), built in memory: its base profile's values, the configuration's in
    their place.

    >>> config = {BASE: "peel", **load().profile_values("peel"), "stop-when-decided": False}
    >>> target = house_rules_target("played-out", config)
    >>> target.name, target.base, target.values["stop-when-decided"]
    ('peel+played-out', 'peel', False)
    """
    base = str(config[BASE])
    values = load().profile_values(base)
    values.update((option, value) for option, value in config.items() if option != BASE)
    return Target(name=f"{base}+{name}", base=base, values=values)


def _written(target: Target) -> str:
    """A target as JSON text, which tells ``true`` from ``1`` and keeps the order of the options."""
    return json.dumps([target.name, target.base, list(target.values.items()), list(target.variants)])


#: The configurations whose target built in memory was found equal to the one their file gives.
_READ_BACK: set[str] = set()


def checked_target(folder: Path, name: str, config: Mapping[str, Value]) -> Target:
    """:func:`house_rules_target`, checked once for each distinct configuration against what
    :func:`~napspec.spec.load_house_rules` reads from its written file (the register's own
    validation of house rules included)."""
    target = house_rules_target(name, config)
    key = json.dumps(sorted(config.items()))
    if key not in _READ_BACK:
        read = target_of(write_house_rules(folder, name, config))
        assert _written(read) == _written(target), f"{name}: the file gives {_written(read)}"
        _READ_BACK.add(key)
    return target


# ------------------------------------------------------------------------- the findings

#: Configurations that no profile uses and that first showed scenarios leaning on option
#: values they did not declare: each with the rules that exercise it, for the default run.
FINDINGS: dict[str, tuple[str, dict[str, Value], tuple[str, ...]]] = {
    "eldest-compelled": (
        "britannica",
        {"compulsory-call": "eldest-cannot-pass"},
        ("calling", "settlement", "players", "play"),
    ),
    "played-out": ("hoyle", {"stop-when-decided": False}, ("settlement", "play", "calling", "variants")),
    "played-out-peel": ("peel", {"stop-when-decided": False}, ("settlement", "calling")),
    "dealer-out-at-five": ("peel", {"dealer-sits-out": "five-or-six-players"}, ("players", "dealing", "settlement")),
}


@pytest.mark.parametrize("finding", sorted(FINDINGS))
def test_the_reference_passes_under_house_rules_no_profile_uses(tmp_path: Path, finding: str) -> None:
    base, overrides, rules = FINDINGS[finding]
    path = write_house_rules(tmp_path, finding, {BASE: base, **load().profile_values(base), **overrides})
    target = target_of(path)
    for option, value in overrides.items():
        assert _same(target.values[option], value)
    assert_all_pass(target, certify_rows(target, rules))


def test_certify_agrees_on_a_finding(tmp_path: Path) -> None:
    """The route ``napspec certify --house-rules`` takes (pytest-bdd) judges a finding as the
    rows above do."""
    base, overrides, _ = FINDINGS["dealer-out-at-five"]
    path = write_house_rules(tmp_path, "dealer-out-at-five", {BASE: base, **load().profile_values(base), **overrides})
    result = run_certification(engine="reference", house_rules=str(path), rules=["players.dealer-sits-out"])
    statuses = Counter(
        (record.scenario_id, record.status) for record in result.records if record.status != "not-applicable"
    )
    rows = Counter((r.plan.scenario.id, r.status) for r in certify_rows(target_of(path), ["players.dealer-sits-out"]))
    assert statuses == rows
    assert result.passed, statuses


def test_a_scenario_leaning_on_an_undeclared_value_is_named() -> None:
    """Without its ``@needs``, a scenario written for every hand played out fails under house
    rules that stop once the call is decided, and the message says where to look."""
    scenario = next(s for s in load_scenarios() if s.id == "settlement-flat-loss-played-out")
    assert "stop-when-decided" in scenario.needs
    undeclared = dataclasses.replace(scenario, needs=())
    results: list[RowResult] = []
    with InProcessEngine(load_engine("reference")) as engine:
        for row in undeclared.examples or ({},):
            own = row_needs(undeclared, dict(row))
            values = {**own.options, "stop-when-decided": not own.options["stop-when-decided"]}
            target = Target(name=f"{own.profile}+stopping", base=own.profile, values=values)
            result = run_row(engine, undeclared, dict(row), target)
            assert result is not None
            results.append(result)
    with pytest.raises(AssertionError) as raised:
        assert_all_pass(target, results)
    text = str(raised.value)
    assert "settlement-flat-loss-played-out" in text
    assert f"{own.profile}+stopping" in text
    assert "stop-when-decided=" in text
    assert "stop-when-decided (written " in text


# ------------------------------------------------------------------------------ the cover


def test_the_cover_holds_every_reachable_pair_and_only_valid_house_rules(tmp_path: Path) -> None:
    cover = pairwise_cover()
    register = load()
    domain = domains(register)
    covered: set[Pair] = set()
    for number, config in enumerate(cover.configurations):
        path = write_house_rules(tmp_path, f"pairwise-{number:02d}", config)
        rules = load_house_rules(path)  # raises on anything the register does not allow
        assert rules.base == config[BASE]
        assert _written(target_of(path)) == _written(house_rules_target(f"pairwise-{number:02d}", config))
        assert all(_same(rules.values[key], value) for key, value in config.items() if key != BASE)
        assert not _problems(register, config)
        covered |= pairs_of(config, cover.order)
    every = {((a, x), (b, y)) for a, b in itertools.combinations(cover.order, 2) for x in domain[a] for y in domain[b]}
    assert every - covered == set(cover.unreachable)
    # Every value of every option is in force somewhere.
    for dimension, values in domain.items():
        for value in values:
            assert any(_same(config[dimension], value) for config in cover.configurations), (dimension, value)
    # What cannot be reached is what the register forbids, directly or through a third option.
    assert (("players-min", 10), ("players-max", 2)) in cover.unreachable
    assert (("peep", "played"), ("pool-end", "none")) in cover.unreachable
    assert (("pool", "played"), ("pool-end", "none")) in cover.unreachable


def test_only_the_judged_options_can_make_a_configuration_faulty() -> None:
    """The search asks the register only about :func:`_judged_ids`: no value of any other
    option makes a valid configuration of the whole-register cover faulty."""
    register = load()
    domain = domains(register)
    unjudged = [dimension for dimension in domain if dimension != BASE and dimension not in _judged_ids()]
    assert unjudged and "cut-minimum" in _judged_ids() and PACK in _judged_ids()
    for config in pairwise_cover().configurations:
        for dimension in unjudged:
            for value in domain[dimension]:
                assert not _problems(register, {**config, dimension: value}), (dimension, value, config)


# ------------------------------------------------------------------ the campaign, row by row
#
# A cover over the whole register changes a score of options from its base at once, so a
# scenario, which applies only where the options it needs keep their values, seldom runs
# under it. The campaign therefore covers each scenario row on its own: the options it needs
# fixed at the values it was written for, every other option given each of its values and
# every pair of them, within what the register allows and the row's table and pack can take.


def row_domain(needs: RowNeeds) -> dict[str, tuple[Value, ...]]:
    """The dimensions a row is certified over: its own profile as base, the options it needs
    at its values, the others over their whole domain less the table sizes that leave it out."""
    register = load()
    domain: dict[str, tuple[Value, ...]] = {BASE: (needs.profile,)}
    for option, values in domains(register).items():
        if option == BASE:
            continue
        if option in needs.needs:
            domain[option] = (needs.options[option],)
        elif option == LEAST_PLAYERS:
            domain[option] = tuple(v for v in values if isinstance(v, int) and v <= needs.players)
        elif option == MOST_PLAYERS:
            domain[option] = tuple(v for v in values if isinstance(v, int) and v >= needs.players)
        elif option == "pack":
            domain[option] = tuple(
                v for v in values if pack_in_play({**needs.options, option: v}, needs.players) is not None
            )
        else:
            domain[option] = values
    return domain


@cache
def _cover_for(key: str) -> Cover:
    domain: dict[str, tuple[Value, ...]] = {k: tuple(v) for k, v in json.loads(key)}
    return cover_of(domain)


def row_cover(needs: RowNeeds) -> Cover:
    """The pairwise cover of a row's domain (rows with the same domain share one)."""
    return _cover_for(json.dumps(list(row_domain(needs).items())))


#: The campaign's files (``test_applicability_campaign_<name>.py``), each certifying the
#: scenarios of its chapters: with ``--dist loadfile`` a file is what one worker takes, so
#: the campaign is shared out by file, in parts of like length.
CAMPAIGN_CHAPTERS: dict[str, tuple[str, ...]] = {
    "plain": ("players-and-pack", "dealing", "calling", "play", "settlement"),
    "irregularities": ("irregularities",),
    "variants": ("calls-beyond-nap", "exchanges", "pool"),
}


def scenario_ids(*chapters: str) -> tuple[str, ...]:
    """The scenarios of ``chapters``, in the suite's order."""
    return tuple(scenario.id for scenario in load_scenarios() if scenario.chapter in chapters)


def certify_under_its_covers(folder: Path, scenario_id: str) -> None:
    """The campaign's test of one scenario: each of its rows certified under every
    configuration of the row's cover. A failure names the scenario, the house rules and the
    options they change, and where those differ from the values the scenario was written
    for without its declaring them."""
    scenario = next(s for s in load_scenarios() if s.id == scenario_id)
    failures: list[str] = []
    ran = 0
    with InProcessEngine(load_engine("reference")) as engine:
        for row in scenario.examples or ({},):
            needs = row_needs(scenario, dict(row))
            for number, config in enumerate(row_cover(needs).configurations):
                label = (row.get("profile") or "row") + f"-{number:02d}"
                target = checked_target(folder, f"{scenario_id}-{label}", config)
                result = run_row(engine, scenario, dict(row), target)
                if result is None:
                    continue
                ran += 1
                if result.status != "passed":
                    failures.append(explain(result, target))
    assert ran, f"{scenario_id}: no configuration of its cover applies"
    assert not failures, f"{len(failures)} of {ran} runs fail:\n" + "\n".join(failures)


def test_the_campaign_files_take_every_chapter_once() -> None:
    chapters = [chapter for group in CAMPAIGN_CHAPTERS.values() for chapter in group]
    assert sorted(chapters) == sorted(load().chapters)
    assert {scenario.chapter for scenario in load_scenarios()} <= set(chapters)
    for name, group in CAMPAIGN_CHAPTERS.items():
        module = importlib.import_module(f"tests.conformance.test_applicability_campaign_{name}")
        assert group == module.CHAPTERS, name
