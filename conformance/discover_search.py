"""The search of ``napspec discover`` (:mod:`napspec.conformance.discover`): from the rows of
the plain game each played once, the values of the plain game's variation points that the
rows' outcomes best bear out, found move by move from the closest profile's (step 2 of the
search the module of ``discover`` describes)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from napspec.conformance.discover_rows import DECLINED, ROUNDS, Row, Tally, _same
from napspec.spec import Register
from napspec.spec.register import OptionValueType
from napspec.suite.targets import Target

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


__all__ = [
    "FAILURE_WEIGHT",
    "TABLE_SIZES",
    "domain_of",
    "plain_options",
]
