"""Finding an engine's rules from its play: which value of each variation point it plays,
the profile it is closest to, and the house rules that describe it.

Each variation point is judged by the scenario rows written for it (the rows that *need* it:
it is a variation point of a rule they test, an option they set, or an ``@needs`` of theirs).
Every row is played under every value it was written for, the engine's other option values
held at the best ones found so far; a value is *played* when at least one of its rows was
judged and every row judged passed. The command trusts nothing the engine declares about
option values: a case is sent whatever values its handshake lists (only what it cannot set
up at all, a query it does not answer or irregular play it does not play, is left out), so an
engine that declares everything and plays one game is found to play that game.

The search, step by step:

1. Every profile's rows are played under that profile (its plain game): the profile whose rows
   pass most nearly all is the *closest*, and its values are the first guess.
2. Each variation point of the plain game (one without a ``plain`` value) is tried at every
   value a row is written for, the others at the guess; the points a rule ties together (the
   fewest and the most players) are tried together, as the rows give them. A point whose
   guessed value is not played, where another is, takes that one; the round is repeated until
   nothing changes (at most :data:`ROUNDS` times), since a row can need two points at once.
3. Each variant the closest profile's source gives is played as that profile plays it, on top
   of the values found: it is played when every row judged under it passes.

Where two values are both played (no row tells them apart) the closest profile's is kept,
and where none of a point's values is played the file keeps the value the most rows passed
under, saying so. The result is a house-rules file (base: the closest profile) whose
certificate is the engine's: ``napspec certify --house-rules FILE``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol

from napspec.conformance.contract import EngineError, printable, status_for
from napspec.spec import Register, load
from napspec.spec.register import OptionValueType, value_id
from napspec.suite.cases import CaseError
from napspec.suite.checks import CheckFailed, judge
from napspec.suite.plan import RowNeeds, plan_row, row_needs
from napspec.suite.scenarios import Scenario, load_scenarios
from napspec.suite.targets import Target
from napspec.suite.vocabulary import ScenarioError

#: The most rounds of step 2 (each changes at least one value, or the search ends).
ROUNDS: Final = 4

#: How a value of a variation point fared: played (every row judged passed), not played (a
#: row judged failed), or not judged (no row written for it could be run).
Verdict = Literal["played", "not-played", "not-judged"]


class DiscoverEngine(Protocol):
    """What the search needs of an engine: the harness's engines
    (:class:`~napspec.conformance.harness.ProtocolEngine`, ``InProcessEngine``) have it."""

    def run(self, case: dict[str, Any], *, declared_values: bool = True) -> dict[str, Any]: ...


def _same(value: object, other: object) -> bool:
    return type(value) is type(other) and value == other


@dataclass
class Tally:
    """The rows run under one set of values: how many passed, how many did not (failed,
    errored or timed out), how many the engine could not be sent; the first failures."""

    passed: int = 0
    failed: int = 0
    unsupported: int = 0
    failures: list[str] = field(default_factory=list)

    #: How many failures are kept to show.
    KEEP: Final = 3

    @property
    def judged(self) -> int:
        return self.passed + self.failed

    @property
    def verdict(self) -> Verdict:
        """``played``, ``not-played`` or ``not-judged``.

        >>> Tally(passed=3).verdict, Tally(passed=3, failed=1).verdict, Tally(unsupported=2).verdict
        ('played', 'not-played', 'not-judged')
        """
        if not self.judged:
            return "not-judged"
        return "not-played" if self.failed else "played"

    def add(self, status: str, label: str, message: str) -> None:
        if status == "passed":
            self.passed += 1
        elif status == "skipped-unsupported":
            self.unsupported += 1
        else:
            self.failed += 1
            if len(self.failures) < self.KEEP:
                self.failures.append(f"{label}: {status}: {message}")

    def shown(self) -> str:
        """``3/4`` (rows passed of rows judged), or ``-`` when none was judged."""
        return f"{self.passed}/{self.judged}" if self.judged else "-"

    def as_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "failed": self.failed,
            "unsupported": self.unsupported,
            "failures": list(self.failures),
        }


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

    def __init__(self, engine: DiscoverEngine, rows: Sequence[Row]) -> None:
        self.engine = engine
        self.rows = list(rows)
        self._seen: dict[tuple[str, str, str], tuple[str, str]] = {}
        #: Rows run against the engine (not counting those answered from the record).
        self.runs = 0

    def tally(self, target: Target, needing: Callable[[Row], bool] = lambda row: True) -> Tally:
        """The rows ``needing`` selects that apply to ``target``, run and counted."""
        found = Tally()
        values = json.dumps(sorted(target.values.items()))
        for row in self.rows:
            if not needing(row) or not row.may_apply(target):
                continue
            key = (row.label, target.base, values)
            if key not in self._seen:
                self._seen[key] = self._run(row, target)
            status, message = self._seen[key]
            if status != "not-applicable":
                found.add(status, row.label, message)
        return found

    def _run(self, row: Row, target: Target) -> tuple[str, str]:
        try:
            planned = plan_row(row.scenario, row.row, target)
        except ScenarioError as error:
            return "errored", f"the scenario cannot be planned: {error}"
        if planned.not_applicable:
            return "not-applicable", planned.not_applicable
        self.runs += 1
        for case in planned.cases:
            try:
                response = self.engine.run(json.loads(json.dumps(case.message)), declared_values=False)
            except EngineError as error:
                return status_for(error), str(error)
            except CaseError as error:
                return "errored", f"the harness refuses the case: {error}"
            for check in case.checks:
                try:
                    judge(check, response)
                except CheckFailed as error:
                    return "failed", str(error)
        return "passed", ""


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
        """``plays`` (a value of the sources is played), ``plays-none`` (rows were judged and
        none of the values is played), ``not-judged`` (no row of the point could be run)."""
        if self.played:
            return "plays"
        if any(trial.tally.judged for trial in self.trials):
            return "plays-none"
        return "not-judged"

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
    rounds: int
    rows_run: int
    seconds: float

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
        return text

    def as_json(self) -> dict[str, Any]:
        """The findings as JSON (engine text escaped, as everywhere it is shown)."""
        return {
            "engine": printable(self.engine),
            "closest": self.closest,
            "profiles": {name: tally.as_json() for name, tally in self.profiles.items()},
            "options": [
                {
                    "option": finding.option,
                    "verdict": finding.verdict,
                    "chosen": finding.chosen,
                    "played": list(finding.played),
                    "profile_value": finding.profile_value,
                    "trials": [
                        {"values": trial.values, **trial.tally.as_json()} for trial in finding.trials
                    ],
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
        }


def _toml(value: object) -> str:
    # A TOML basic string, integer or boolean is written as JSON writes it (control characters
    # escaped), so nothing an engine sends can end the string or the line.
    return json.dumps(value, ensure_ascii=False)


def _note(finding: OptionFinding) -> str:
    tally = finding.tally_of(finding.chosen)
    rows = f"{tally.passed} of {tally.judged} rows passed" if tally and tally.judged else "no row judged"
    if finding.verdict == "plays-none":
        return f"none of the sources' values is played; this one did best ({rows})"
    return f"found by play: {rows}"


# --------------------------------------------------------------------------------- search


def plain_options(register: Register) -> list[str]:
    """The variation points of the plain game: those without a ``plain`` value, in order."""
    return [option.id for option in register.options.values() if option.plain is None]


def _tied(register: Register, options: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """For each point of ``options``, the points of ``options`` a rule ties to it (itself first)."""
    chosen = set(options)
    tied: dict[str, list[str]] = {option: [option] for option in options}
    for rule in register.rules.values():
        for option in rule.options:
            if option in chosen:
                tied[option] += [other for other in rule.options if other in chosen and other not in tied[option]]
    return {option: tuple(group) for option, group in tied.items()}


def _trials_of(option: str, group: Sequence[str], rows: Sequence[Row]) -> list[dict[str, OptionValueType]]:
    """The values of ``group`` the rows needing ``option`` are written for, each once, in a
    fixed order."""
    found: dict[str, dict[str, OptionValueType]] = {}
    for row in rows:
        if option not in row.needs.needs:
            continue
        values = {other: row.needs.options[other] for other in group if other in row.needs.needs or other == option}
        found.setdefault(json.dumps(sorted(values.items())), values)
    return [found[key] for key in sorted(found)]


def _target(base: str, values: Mapping[str, OptionValueType], name: str) -> Target:
    return Target(name=name, base=base, values=dict(values))


def discover(
    engine: DiscoverEngine,
    *,
    engine_name: str = "",
    profiles: Sequence[str] = (),
    rows: Sequence[Row] | None = None,
    progress: Callable[[str], None] = lambda text: None,
) -> Discovery:
    """Find the rules ``engine`` plays (among ``profiles``, all by default), from the rows
    of the suite (or ``rows``)."""
    start = time.perf_counter()
    register = load()
    candidates = list(profiles) or sorted(register.profiles)
    every = list(rows) if rows is not None else suite_rows()
    runner = RowRunner(engine, every)

    # 1. The closest profile: the share of its rows that pass, then the most that pass.
    scores: dict[str, Tally] = {}
    for profile in candidates:
        progress(f"profile {profile}")
        scores[profile] = runner.tally(_target(profile, register.profile_values(profile), profile))

    def share(profile: str) -> tuple[float, int]:
        tally = scores[profile]
        return (tally.passed / tally.judged if tally.judged else 0.0, tally.passed)

    closest = max(candidates, key=share)
    guess = register.profile_values(closest)
    profile_values = dict(guess)

    # 2. The plain game's points, round after round.
    options = plain_options(register)
    tied = _tied(register, options)
    trials: dict[str, list[Trial]] = {}
    rounds = 0
    for rounds in range(1, ROUNDS + 1):
        changed = False
        for option in options:
            progress(f"round {rounds}: {option}")
            tried: list[Trial] = []
            for values in _trials_of(option, tied[option], every):
                trial_values = {**guess, **values}
                if register.conflicts(trial_values) or not _table_fits(trial_values):
                    continue
                target = _target(closest, trial_values, f"{closest}+{option}")
                tried.append(Trial(values, runner.tally(target, lambda row, o=option: o in row.needs.needs)))
            trials[option] = tried
            best = _best(option, tried, guess, profile_values)
            if best is not None and any(not _same(guess[key], value) for key, value in best.items()):
                guess.update(best)
                changed = True
        if not changed:
            break

    findings = tuple(_finding(register, option, trials.get(option, []), guess, profile_values) for option in options)

    # 3. The variants of the closest profile, each as that profile plays it.
    variants: list[VariantFinding] = []
    for variant in register.profile(closest).variants:
        progress(f"variant {variant}")
        bundle = register.variant_values(closest, [variant])
        plain = register.profile_values(closest)
        changes = {key: value for key, value in bundle.items() if not _same(value, plain[key])}
        values = {**guess, **changes}
        if register.conflicts(values):
            variants.append(VariantFinding(variant, changes, Tally()))
            continue
        target = _target(closest, values, f"{closest}+{variant}")
        tally = runner.tally(target, lambda row, changed=set(changes): bool(changed & row.needs.needs))
        variants.append(VariantFinding(variant, changes, tally))

    return Discovery(
        engine=engine_name,
        profiles=scores,
        closest=closest,
        options=findings,
        variants=tuple(variants),
        values=dict(guess),
        rounds=rounds,
        rows_run=runner.runs,
        seconds=time.perf_counter() - start,
    )


def _table_fits(values: Mapping[str, OptionValueType]) -> bool:
    low, high = values["players-min"], values["players-max"]
    return isinstance(low, int) and isinstance(high, int) and low <= high


def _best(
    option: str,
    tried: Sequence[Trial],
    guess: Mapping[str, OptionValueType],
    profile_values: Mapping[str, OptionValueType],
) -> dict[str, OptionValueType] | None:
    """The values to take for ``option`` (and the points tied to it): the guess where it is
    played, else a played value (the profile's first), else, where none is played, the one
    the most rows passed under; ``None`` where nothing was judged."""
    judged = [trial for trial in tried if trial.tally.judged]
    if not judged:
        return None
    played = [trial for trial in judged if trial.tally.verdict == "played"]
    if played:
        for wanted in (guess, profile_values):
            for trial in played:
                if all(_same(value, wanted[key]) for key, value in trial.values.items()):
                    return trial.values
        return played[0].values
    return max(judged, key=lambda trial: (trial.tally.passed / trial.tally.judged, trial.tally.passed)).values


def _finding(
    register: Register,
    option: str,
    tried: Sequence[Trial],
    guess: Mapping[str, OptionValueType],
    profile_values: Mapping[str, OptionValueType],
) -> OptionFinding:
    played = tuple(trial.values[option] for trial in tried if trial.tally.verdict == "played")
    return OptionFinding(
        option=option,
        title=register.options[option].title,
        trials=tuple(tried),
        chosen=guess[option],
        played=played,
        profile_value=profile_values[option],
    )


def shown(value: OptionValueType) -> str:
    """A value as files write it (``win-10-lose-5``, ``4``, ``true``)."""
    return value_id(value)


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
