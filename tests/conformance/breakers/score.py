"""The mutation score of the suite: each breaker certified by ``run_certification``, and the
table rule → breaker → killed by (the failing scenarios of its rule) or SURVIVED.

A breaker is killed when a scenario tagged with its rule fails (or errors) under some
target; the scenarios of other rules that fail are its collateral, which the table names.
"""

from __future__ import annotations

import io
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rich.console import Console
from rich.text import Text

from napspec.conformance.certify import Certification, SelectionError, run_certification
from napspec.spec import load
from napspec.suite.checks import Check
from napspec.suite.plan import plan_scenario
from napspec.suite.scenarios import load_scenarios
from napspec.suite.targets import Target, each_variant
from tests.conformance.breakers import Breaker, breakers, further_breakers

FAILING = ("failed", "errored", "timed-out")


def all_targets() -> list[Target]:
    """Every profile, plain and with each variant its source gives (the main job's targets, in
    the order of the profiles' names, which the score's tables keep)."""
    return [target for profile in sorted(load().profile_ids) for target in each_variant(profile)]


def _variant_options(target: Target) -> set[str]:
    """The options of ``target`` away from the plain game."""
    register = load()
    return {
        option
        for option, value in target.values.items()
        if register.options[option].plain is not None and value != register.options[option].plain
    }


def every_breaker() -> dict[str, Breaker]:
    """Every breaker by its name: each rule's, named by its rule, then the further breakers of
    rules that have one already, by their own names (the table and the campaign run them all).

    >>> names = every_breaker()
    >>> "play.follow-suit" in names and "replay-keeps-old-trumps" in names
    True
    """
    named = dict(breakers())
    for name, breaker in further_breakers().items():
        if name in named:
            raise ValueError(f"a further breaker is named as a rule: {name!r}")
        named[name] = breaker
    return named


def breaker_named(name: str) -> Breaker:
    """The breaker of the rule ``name``, or the further breaker named ``name``."""
    try:
        return every_breaker()[name]
    except KeyError:
        raise SystemExit(f"no breaker named {name!r} (a rule id, or one of: {', '.join(further_breakers())})") from None


def _quiet() -> Console:
    return Console(file=io.StringIO())


@cache
def applicable_targets() -> dict[str, tuple[str, ...]]:
    """For each rule, the targets under which some scenario of it applies (as the suite's
    planner finds, without an engine)."""
    found: dict[str, list[str]] = {}
    scenarios = load_scenarios()
    for target in all_targets():
        for scenario in scenarios:
            if all(plan.not_applicable for plan in plan_scenario(scenario, target)):
                continue
            for rule in scenario.rules:
                names = found.setdefault(rule, [])
                if target.name not in names:
                    names.append(target.name)
    return {rule: tuple(names) for rule, names in found.items()}


@dataclass
class Verdict:
    """How the suite fared against one breaker."""

    breaker: Breaker
    #: The breaker's name: its rule, or a further breaker's own name.
    name: str = ""
    #: The failing scenarios of the breaker's rule, as ``target: label``.
    killed_by: list[str] = field(default_factory=list)
    #: The failing scenarios of other rules, by rule.
    collateral: dict[str, list[str]] = field(default_factory=dict)
    #: Of those, the ones within the breaker's :class:`~tests.conformance.breakers.Reach`.
    within_reach: dict[str, list[str]] = field(default_factory=dict)
    targets: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def killed(self) -> bool:
        return bool(self.killed_by)

    @property
    def unexplained(self) -> dict[str, list[str]]:
        """Collateral failures of rules the breaker does not name as neighbours, outside its
        reach."""
        unexplained = {}
        for rule, labels in self.collateral.items():
            reached = self.within_reach.get(rule, [])
            left = [label for label in labels if label not in reached]
            if rule not in self.breaker.neighbours and left:
                unexplained[rule] = left
        return unexplained


def _judge(verdict: Verdict, target: str, run: Certification) -> None:
    rule = verdict.breaker.rule
    for record in run.records:
        if record.status not in FAILING:
            continue
        where = f"{target}: {record.label}"
        if rule in record.rules:
            verdict.killed_by.append(where)
        else:
            for other in record.rules:
                verdict.collateral.setdefault(other, []).append(where)


def certify_breaker(
    breaker: Breaker, *, full: bool, targets: Iterable[Target] | None = None, until_killed: bool = False
) -> Verdict:
    """Certify ``breaker`` under ``targets`` (default: every target if ``full``, else those
    where its rule applies), every scenario if ``full``, else only its rule's (and its
    neighbours'); with ``until_killed``, no target after the first that kills it."""
    clock = time.perf_counter()
    verdict = Verdict(breaker, _name_of(breaker))
    if targets is None:
        where = set(applicable_targets().get(breaker.rule, ()))
        options = set(load().rules[breaker.rule].options)
        # Narrowed, the variant targets that leave the rule's options plain are passed over
        # (unless nothing else is left).
        applicable = [t for t in all_targets() if full or t.name in where]
        targets = [t for t in applicable if full or not t.variants or options & _variant_options(t)] or applicable
    selected: Sequence[str] = () if full else (breaker.rule, *breaker.neighbours)
    for target in targets:
        verdict.targets.append(target.name)
        engine = breaker.make()
        try:
            run = run_certification(target=target, harness_engine=engine, console=_quiet(), rules=selected)
        except SelectionError:
            continue
        finally:
            engine.close()
        _judge(verdict, target.name, run)
        if until_killed and verdict.killed:
            break
    verdict.seconds = time.perf_counter() - clock
    return verdict


def _name_of(breaker: Breaker) -> str:
    return next((name for name, known in every_breaker().items() if known is breaker), breaker.rule)


def answer_read(check: Check) -> str | None:
    """The answer a check reads, as a dotted path under the response's ``answers``
    (``"result.payments"``), or ``None`` for a check of something else.

    >>> answer_read(Check("payments", ("result",), ({"get": ["answers", "result", "payments"]},), [1]))
    'result.payments'
    """
    for operation in check.select:
        if "get" in operation:
            keys = operation["get"]
            if not keys or keys[0] != "answers":
                return None
            path = []
            for key in keys[1:]:
                if not isinstance(key, str):
                    break
                path.append(key)
            return ".".join(path)
    return None


def _action_types(case: dict[str, Any] | None) -> set[str]:
    return {action["type"] for action in (case or {}).get("actions", ()) if isinstance(action, dict)}


#: Every row's plan under every target, made once for all the breakers a process runs (the
#: scenarios and the targets are the same for each; only the engine differs).
_PLANS: dict[tuple[str, str, str], Any] = {}


def certify_breaker_by_rows(breaker: Breaker, targets: Iterable[Target] | None = None) -> Verdict:
    """``breaker`` run on every scenario row under every target (default: all), each row as
    the applicability campaign runs it: planned and judged in this process, by the same
    planner and checks as ``certify``, without pytest (which the suite holds to certify's
    statuses: :func:`tests.conformance.test_applicability.test_certify_agrees_on_a_finding`
    and the dump's tests). Several times quicker than :func:`certify_breaker` with ``full``:
    the whole-suite check of every breaker is minutes, not hours."""
    from napspec.conformance.harness import InProcessEngine
    from tests.conformance.test_applicability import run_row

    clock = time.perf_counter()
    verdict = Verdict(breaker, _name_of(breaker))
    scenarios = load_scenarios()
    for target in all_targets() if targets is None else targets:
        verdict.targets.append(target.name)
        with InProcessEngine(breaker.make()) as engine:
            for scenario in scenarios:
                for row in scenario.examples or ({},):
                    result = run_row(engine, scenario, dict(row), target, _PLANS)
                    if result is None or result.status not in FAILING:
                        continue
                    where = f"{target.name}: {result.plan.label}"
                    if breaker.rule in scenario.rules:
                        verdict.killed_by.append(where)
                        continue
                    reached = breaker.reach is not None and breaker.reach.covers(
                        _action_types(result.case), None if result.check is None else answer_read(result.check)
                    )
                    for other in scenario.rules:
                        verdict.collateral.setdefault(other, []).append(where)
                        if reached:
                            verdict.within_reach.setdefault(other, []).append(where)
    verdict.seconds = time.perf_counter() - clock
    return verdict


def table(verdicts: Iterable[Verdict]) -> str:
    """The table rule → breaker → killed by / SURVIVED, then the collateral, then counts."""
    verdicts = list(verdicts)
    lines = []
    for verdict in verdicts:
        killed = ", ".join(verdict.killed_by[:3]) + (" …" if len(verdict.killed_by) > 3 else "")
        rule = verdict.breaker.rule
        label = rule if verdict.name in ("", rule) else f"{rule} ({verdict.name})"
        lines.append(
            f"{label:42} {verdict.breaker.how[:70]:70} "
            f"{killed if verdict.killed else 'SURVIVED'}  ({verdict.seconds:.1f}s)"
        )
        for other, labels in sorted(verdict.collateral.items()):
            reach = verdict.breaker.reach
            if other in verdict.breaker.neighbours:
                note = f"neighbour ({verdict.breaker.why_neighbours})"
            elif reach is not None and len(verdict.within_reach.get(other, [])) == len(labels):
                note = f"within reach ({reach.why})"
            else:
                note = "COLLATERAL"
            lines.append(f"    {note} {other}: {', '.join(labels[:3])}{' …' if len(labels) > 3 else ''}")
    testable = [rule.id for rule in load().rules.values() if rule.testable]
    written = [rule for rule in testable if rule in breakers()]
    kills = sum(1 for verdict in verdicts if verdict.killed)
    further = sum(1 for verdict in verdicts if verdict.name in further_breakers())
    lines.append(
        f"rules testable {len(testable)}, breakers written {len(written)} and {len(further_breakers())} further, "
        f"run {len(verdicts)} ({further} further), killed {kills}, survived {len(verdicts) - kills}, "
        f"not written {len(testable) - len(written)}"
    )
    missing = [rule for rule in testable if rule not in breakers()]
    if missing:
        lines.append("not written: " + ", ".join(missing))
    return "\n".join(lines)


def rules_of(*chapters: str) -> list[str]:
    """The breakers of the rules of ``chapters``, by name: each rule's, in the register's
    order, then the further breakers of those rules.

    >>> "shown-cards-prove-nothing" in rules_of("irregularities")
    True
    """
    register = load()
    mine = [rule.id for rule in register.rules.values() if rule.chapter in chapters and rule.id in breakers()]
    further = [name for name, b in further_breakers().items() if register.rules[b.rule].chapter in chapters]
    return [*mine, *further]


def check_breaker(name: str) -> None:
    """The long run's test of one breaker (a rule's, or a further breaker by its name): run on
    the whole suite under every target (:func:`certify_breaker_by_rows`), its row of the table
    printed; it must be killed, and any scenario of another rule that fails must be of a
    neighbour it names."""
    verdict = certify_breaker_by_rows(breaker_named(name))
    Console(highlight=False).print(Text("\n" + table([verdict]).split("\nrules testable")[0]))
    assert verdict.killed, f"{name}: SURVIVED"
    assert not verdict.unexplained, f"{name}: scenarios of other rules fail too: {verdict.unexplained}"


def main() -> None:
    """``python -m tests.conformance.breakers.score [--full] [NAME ...]``: print the table of
    the breakers named (a rule id, or a further breaker's name; every breaker by default)."""
    import sys

    args = sys.argv[1:]
    full = "--full" in args
    names = [arg for arg in args if arg != "--full"] or list(every_breaker())
    verdicts = []
    console = Console(highlight=False)
    for name in names:
        verdict = certify_breaker(breaker_named(name), full=full, until_killed=not full)
        console.print(Text(table([verdict]).splitlines()[0]))
        verdicts.append(verdict)
    console.print(Text(table(verdicts)))


if __name__ == "__main__":
    main()
