"""Scenarios depend only on what they test: every row passes, with the reference engine,
under each value of each variation point it does not name.

A row names the options its expectations depend on (the variation points of the rules it
tests, the options it sets, its ``@needs``); :mod:`napspec.suite.targets` runs it under any
target that gives those the values it was written for, whatever the target gives the rest.
That is sound only if the rest cannot change what the row expects. Here each row is run
under its own option values with one option it does not name moved to each of its other
values (one at a time, where the register lets that value stand with the rest, and the
row's table and pack still apply): the reference engine must pass it every time. A row
that fails names an option its expectations change with: it must name it (``@needs``) or
be rewritten not to depend on it.

The pairwise campaign of :mod:`tests.conformance.test_applicability` moves many options at
once, from a base profile; this moves one, from the row's own values, so that a failure
names the option it comes from. The default run measures a fixed sample of rows; the
campaign (``pytest -m campaign``) measures every row, chapter by chapter.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import pytest

from napspec.conformance.discover import Row, RowRunner, suite_rows
from napspec.conformance.harness import InProcessEngine
from napspec.protocol import load_engine
from napspec.spec import load
from napspec.spec.register import OptionValueType
from napspec.suite.cases import pack_in_play
from napspec.suite.scenarios import load_scenarios
from napspec.suite.targets import Target


def _same(value: object, other: object) -> bool:
    return type(value) is type(other) and value == other


@cache
def _rows() -> tuple[Row, ...]:
    return tuple(suite_rows())


def values_of(option: str) -> tuple[OptionValueType, ...]:
    """The values an option is moved to: its cited values and, for a number, its range's edges.

    >>> values_of("cut-minimum")
    (1, 4, 48)
    """
    spec = load().options[option]
    found: list[OptionValueType] = [entry.value for entry in spec.values]
    if spec.range is not None:
        found += [edge for edge in (spec.range.minimum, spec.range.maximum) if edge not in found]
    return tuple(found)


@dataclass(frozen=True)
class Move:
    """A row under its own values with one option it does not name at another value."""

    row: Row
    option: str
    value: OptionValueType

    def target(self) -> Target | None:
        """The target of the move, or ``None`` where it cannot be played: the register does
        not let the value stand with the row's others, or the row's table or pack would no
        longer be in play (the row would not apply: nothing to measure)."""
        register = load()
        values = {**self.row.needs.options, self.option: self.value}
        if register.conflicts(values):
            return None
        low, high = values["players-min"], values["players-max"]
        if not (isinstance(low, int) and isinstance(high, int) and low <= self.row.needs.players <= high):
            return None
        if pack_in_play(values, self.row.needs.players) is None:
            return None
        profile = self.row.needs.profile
        return Target(name=f"{profile}+{self.option}={json.dumps(self.value)}", base=profile, values=values)


def moves_of(row: Row) -> Iterator[Move]:
    """Every option the row does not name, at each of its values other than the row's own."""
    for option in load().options:
        if option in row.needs.needs:
            continue
        for value in values_of(option):
            if not _same(value, row.needs.options[option]):
                yield Move(row, option, value)


def measure(rows: Sequence[Row]) -> tuple[int, list[str]]:
    """Every move of ``rows`` run against the reference engine: how many were run, and each
    that did not pass, naming the row, the option, the value and why."""
    failures: list[str] = []
    ran = 0
    with InProcessEngine(load_engine("reference")) as engine:
        runner = RowRunner(engine, rows)
        for row in rows:
            for move in moves_of(row):
                target = move.target()
                if target is None:
                    continue
                status, message = runner.outcome(row, target)
                if status == "not-applicable":
                    continue
                ran += 1
                if status != "passed":
                    failures.append(
                        f"{row.label} ({row.scenario.file}:{row.scenario.line}) changes with "
                        f"{move.option}={json.dumps(move.value)}: {status}: {message}"
                    )
    return ran, failures


#: The default run's sample: one row in this many, in the suite's order (a fixed sample).
SAMPLE_EVERY = 20


def test_a_fixed_sample_of_rows_depends_only_on_what_it_names() -> None:
    sample = _rows()[::SAMPLE_EVERY]
    ran, failures = measure(sample)
    assert ran > 10 * len(sample), ran
    assert not failures, f"{len(failures)} of {ran} moves change a row's expectations:\n" + "\n".join(failures)


@pytest.mark.campaign
@pytest.mark.parametrize("chapter", sorted(load().chapters))
def test_every_row_depends_only_on_what_it_names(chapter: str) -> None:
    rows = [row for row in _rows() if row.scenario.chapter == chapter]
    if not rows:
        pytest.skip(f"no scenario in chapter {chapter}")
    ran, failures = measure(rows)
    assert not failures, f"{len(failures)} of {ran} moves change a row's expectations:\n" + "\n".join(failures)


def test_a_row_leaning_on_a_value_it_does_not_name_is_caught() -> None:
    """The measure can fail: a row written for every hand played out, stripped of its
    ``@needs:stop-when-decided``, changes when play stops once the call is decided."""
    import dataclasses

    scenario = next(s for s in load_scenarios() if s.id == "settlement-flat-loss-played-out")
    assert "stop-when-decided" in scenario.needs
    stripped = dataclasses.replace(scenario, needs=tuple(n for n in scenario.needs if n != "stop-when-decided"))
    rows = [row for row in suite_rows([stripped]) if "stop-when-decided" not in row.needs.needs]
    assert rows
    _, failures = measure(rows)
    assert any("stop-when-decided" in failure for failure in failures), failures
