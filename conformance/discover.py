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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from napspec.conformance.discover_rows import (
    DEVIATION_WORDS,
    LEFT_OUT,
    Row,
    RowRunner,
    Tally,
    _same,
    suite_rows,
)
from napspec.conformance.discover_search import (
    TABLE_SIZES,
    _Evidence,
    _needing_any,
    _Outcome,
    _plain_row,
    _search,
    _target,
    _written_target,
    domain_of,
    plain_options,
)
from napspec.protocol import Engine
from napspec.spec import load
from napspec.spec.register import OptionValueType
from napspec.spec.terminal import printable

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

        >>> from napspec.suite.verdicts import TRUMPS_RULE
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

    :class:`~napspec.protocol.EngineUnavailable` ends the search: an engine
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
    "LEFT_OUT",
    "TABLE_SIZES",
    "Discovery",
    "OptionFinding",
    "Row",
    "RowRunner",
    "Tally",
    "Trial",
    "VariantFinding",
    "discover",
    "plain_options",
    "suite_rows",
]
