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

from napspec.conformance.certify import Certification, SelectionError, run_certification, variant_targets
from napspec.spec import load
from napspec.suite.checks import Check
from napspec.suite.plan import plan_scenario
from napspec.suite.scenarios import load_scenarios
from napspec.suite.targets import Target
from tests.conformance.breakers import Breaker, breakers

FAILING = ("failed", "errored", "timed-out")


def all_targets() -> list[Target]:
    """Every profile, plain and with each variant its source gives."""
    return [target for profile in sorted(load().profile_ids) for target in variant_targets(profile, None)]


def _variant_options(target: Target) -> set[str]:
    """The options of ``target`` away from the plain game."""
    register = load()
    return {
        option
        for option, value in target.values.items()
        if register.options[option].plain is not None and value != register.options[option].plain
    }


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
    verdict = Verdict(breaker)
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
    verdict = Verdict(breaker)
    scenarios = load_scenarios()
    for target in all_targets() if targets is None else targets:
        verdict.targets.append(target.name)
        with InProcessEngine(breaker.make()) as engine:
            for scenario in scenarios:
                for row in scenario.examples or ({},):
                    result = run_row(engine, scenario, dict(row), target)
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
        lines.append(
            f"{verdict.breaker.rule:42} {verdict.breaker.how[:70]:70} "
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
    lines.append(
        f"rules testable {len(testable)}, breakers written {len(written)}, run {len(verdicts)}, "
        f"killed {kills}, survived {len(verdicts) - kills}, not written {len(testable) - len(written)}"
    )
    missing = [rule for rule in testable if rule not in breakers()]
    if missing:
        lines.append("not written: " + ", ".join(missing))
    return "\n".join(lines)


def rules_of(*chapters: str) -> list[str]:
    """The rules of ``chapters`` that have a breaker, in the register's order."""
    return [rule.id for rule in load().rules.values() if rule.chapter in chapters and rule.id in breakers()]


def check_breaker(rule: str) -> None:
    """The long run's test of one breaker: run on the whole suite under every target
    (:func:`certify_breaker_by_rows`), its row of the table printed; it must be killed, and
    any scenario of another rule that fails must be of a neighbour it names."""
    verdict = certify_breaker_by_rows(breakers()[rule])
    Console(highlight=False).print(Text("\n" + table([verdict]).split("\nrules testable")[0]))
    assert verdict.killed, f"{rule}: SURVIVED"
    assert not verdict.unexplained, f"{rule}: scenarios of other rules fail too: {verdict.unexplained}"


def main() -> None:
    """``python -m tests.conformance.breakers.score [--full] [RULE ...]``: print the table."""
    import sys

    args = sys.argv[1:]
    full = "--full" in args
    rules = [arg for arg in args if arg != "--full"] or list(breakers())
    verdicts = []
    console = Console(highlight=False)
    for rule in rules:
        verdict = certify_breaker(breakers()[rule], full=full, until_killed=not full)
        console.print(Text(table([verdict]).splitlines()[0]))
        verdicts.append(verdict)
    console.print(Text(table(verdicts)))


if __name__ == "__main__":
    main()
