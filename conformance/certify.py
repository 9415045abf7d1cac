"""``napspec certify``: play the conformance scenarios against one engine and report, rule by
rule and citing the sources, how it plays.

A plain loop: each scenario row (each Examples row of an outline) is played and judged by the
suite's row player (:func:`napspec.suite.rows.play_row`: plan the row, send its cases to the
engine, judge each check), and becomes a :class:`CaseRecord` with one of the statuses of the
contract; the run is written out as a console summary, a JSON report with provenance and
JUnit XML (:mod:`napspec.conformance.report`). The project's own tests play the same rows
through pytest-bdd (:mod:`napspec.suite.steps`), with the same player.

Statuses: ``passed``, ``failed``, ``skipped-unsupported`` (the engine does not declare what
the scenario needs; counted against the score, as Bowtie does), ``errored`` (the engine
crashed, hung up, or answered off-schema), ``timed-out``; ``not-applicable`` for a
scenario written for other option values than the target's, and ``not-run`` for a case the
run did not reach (interrupted, stopped at the first failure, or the engine gave up): both
left out of the score, and listed as skipped, with the reason, in JUnit.

Everything an engine or a house-rules file supplies is untrusted text: it is made inert
(:func:`~napspec.spec.terminal.printable`) where it enters a report, printed without
markup, and never used unchanged in a file name.
"""

from __future__ import annotations

import signal
import threading
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from napspec.conformance.harness import ProtocolEngine, open_engine

# The reports of a run are written by napspec.conformance.report; their names are kept here too.
from napspec.conformance.report import (
    MAX_STEM,
    REPORT_FORMAT,
    check_report_dir,
    junit_xml,
    print_summary,
    report_digest,
    report_document,
    report_names,
    report_stem,
    suite_version,
    write_reports,
)
from napspec.conformance.verdicts import printable_check
from napspec.protocol import Engine, EngineError, EngineUnavailable
from napspec.spec.terminal import MESSAGE_LIMIT, ExitStatus, printable
from napspec.suite.rows import description, numbered, play_row, rows_of
from napspec.suite.scenarios import Scenario, load_scenarios
from napspec.suite.targets import Target, each_variant, every_target
from napspec.suite.verdicts import explained_by_trumps

COUNTED = ("passed", "failed", "skipped-unsupported", "errored", "timed-out")
#: Every status a case can have in a report: the counted ones, then those left out of the score.
STATUSES = (*COUNTED, "not-applicable", "not-run")

#: How a run ended: it ran every selected case; Ctrl-C stopped it; the engine could not be
#: started or failed its handshake; the suite itself could not run.
OUTCOMES = ("complete", "interrupted", "engine-unavailable", "suite-error")


class SelectionError(ValueError):
    """A ``--rule``/``--scenario`` selection that names nothing in the suite."""


@dataclass
class CaseRecord:
    """One scenario (one Examples row of an outline) and how the engine fared."""

    scenario_id: str
    name: str
    chapter: str
    rules: list[str]
    example: dict[str, str]
    description: str
    status: str = "not-run"
    message: str = ""
    duration: float = 0.0
    #: The id reports print; unique within a run (:func:`~napspec.suite.rows.numbered`).
    label: str = ""
    #: Every check of the row, judged (:class:`napspec.suite.verdicts.CheckVerdict` as JSON).
    checks: list[dict[str, Any]] = field(default_factory=list)
    #: The table the row was played at, when not the one it is written for.
    table: str = ""


@dataclass
class Certification:
    """The outcome of one certify run."""

    target: str
    target_values: dict[str, Any]
    engine: dict[str, Any]
    records: list[CaseRecord] = field(default_factory=list)
    started: str = ""
    seconds: float = 0.0
    engine_error: str = ""
    outcome: str = "complete"
    selection: dict[str, Any] | None = None
    #: The variants (calls beyond Nap) the target switched on, in the order applied.
    target_variants: tuple[str, ...] = ()
    #: The program that ran (:func:`~napspec.conformance.integrity.program_of`).
    program: dict[str, Any] = field(default_factory=dict)
    #: The differential part (:func:`~napspec.conformance.differential.differential`), if run.
    differential: dict[str, Any] | None = None

    def counts(self) -> Counter[str]:
        return Counter(record.status for record in self.records)

    @property
    def applicable(self) -> list[CaseRecord]:
        return [r for r in self.records if r.status not in ("not-applicable", "not-run")]

    @property
    def partial(self) -> bool:
        """Whether the run was narrowed (``--rule``, ``--scenario``, ``-x``): never a certificate."""
        return self.selection is not None

    @property
    def passed(self) -> bool:
        """For a whole run, whether its report is ``certified`` (the one verdict,
        :func:`~napspec.conformance.integrity.summarise`: scoped to what the engine plays, the
        random deals passed, not too narrow); for a partial run (never certified, but its
        exit status is 0 when it passed), whether it completed and every selected scenario
        it played passed."""
        if not self.partial:
            from napspec.conformance.report import report_document

            return bool(report_document(self)["summary"]["certified"])
        applicable = self.applicable
        return (
            self.outcome == "complete"
            and bool(applicable)
            and not self.engine_error
            and not any(r.status == "not-run" for r in self.records)
            and all(r.status == "passed" for r in applicable)
        )


def exit_status(results: Iterable[Certification], not_run: Sequence[str] = ()) -> ExitStatus:
    """The exit status of a run over several targets: the gravest of its outcomes. A run that
    stopped before it reached every target (``not_run``, as ``--max-duration`` stops it between
    targets) is not certified, however well the targets it ran went.

    >>> exit_status([Certification("hoyle", {}, {}, outcome="interrupted")])
    <ExitStatus.INTERRUPTED: 3>
    >>> exit_status([], not_run=["hoyle"])
    <ExitStatus.NOT_CERTIFIED: 1>
    """
    results = list(results)
    outcomes = {result.outcome for result in results}
    if "interrupted" in outcomes:
        return ExitStatus.INTERRUPTED
    if "suite-error" in outcomes:
        return ExitStatus.INTERNAL_ERROR
    if "engine-unavailable" in outcomes:
        return ExitStatus.ENGINE_UNAVAILABLE
    passed = bool(results) and all(r.passed for r in results) and not not_run
    return ExitStatus.CERTIFIED if passed else ExitStatus.NOT_CERTIFIED


def selects(selectors: Sequence[str], rules: Sequence[str]) -> bool:
    """Whether a case testing ``rules`` is selected by ``--rule`` ``selectors`` (a rule id,
    or the start of one up to a dot).

    >>> selects(["play"], ["play.follow-suit"]), selects(["play.follow"], ["play.follow-suit"])
    (True, False)
    """
    return any(rule == wanted or rule.startswith(wanted + ".") for wanted in selectors for rule in rules)


def resolve_target(profile: str | None, house_rules: str | None, variants: Sequence[str] = ()) -> Target:
    """The target of a run, reading a house-rules file (once), with the profile's bundles
    of ``variants`` applied. :class:`ValueError` (or the register's
    :class:`~napspec.spec.errors.SpecError`) for a wrong one."""
    try:
        target = Target.from_options(profile, house_rules, variants)
    except RecursionError:
        raise ValueError(f"{house_rules}: nested too deeply to be house rules") from None
    if target is None:
        raise ValueError("certify needs a profile or a house-rules file")
    return target


#: The ``--variants`` value that asks for every variant a profile gives, one target each.
EACH_VARIANT = "each"


def parse_variants(text: str | None) -> list[str] | None:
    """The variants of a ``--variants`` value: a comma-separated list of names, or ``None``
    for ``each``; :class:`ValueError` for an empty or malformed one.

    >>> parse_variants("misery, wellington"), parse_variants("each"), parse_variants(None)
    (['misery', 'wellington'], None, [])
    """
    if text is None:
        return []
    if text.strip() == EACH_VARIANT:
        return None
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise ValueError(f"--variants {printable(text)!r}: give variant names separated by commas, or 'each'")
    return names


def variant_targets(profile: str, variants: Sequence[str] | None) -> list[Target]:
    """The targets of ``--profile profile --variants ...``: one target with ``variants``
    applied (the plain profile when there are none), or, for ``None`` (``each``), the plain
    profile and then one target per variant its source gives, in the profile's order.

    >>> [target.name for target in variant_targets("peel", None)]
    ['peel', 'peel+pool']
    """
    if variants is not None:
        return [resolve_target(profile, None, variants)]
    return each_variant(profile)


def run_certification(
    *,
    engine: str | None = None,
    engine_command: str | None = None,
    profile: str | None = None,
    house_rules: str | None = None,
    target: Target | None = None,
    harness_engine: Engine | None = None,
    case_timeout: float = 10.0,
    max_restarts: int = 5,
    console: Console | None = None,
    rules: Sequence[str] = (),
    scenarios: Sequence[str] = (),
    exitfirst: bool = False,
    deadline: float | None = None,
) -> Certification:
    """Play the scenario rows (all, or those ``rules``/``scenarios`` select) against one
    engine under one target, one after the other, and collect the results.

    The engine is ``harness_engine`` if given (the caller closes it), else opened from
    ``engine``/``engine_command`` and closed here. It is asked for its handshake first:
    an engine that cannot start or handshake ends the run at once (outcome
    ``engine-unavailable``, with ``engine_error`` saying why). Ctrl-C ends it with outcome
    ``interrupted`` after the row in progress (a second Ctrl-C at once); the rows not
    reached are ``not-run``. :class:`SelectionError` for a selection that matches nothing.
    """
    target = target or resolve_target(profile, house_rules)
    selection = (
        {"rules": list(rules), "scenarios": list(scenarios), "exitfirst": exitfirst}
        if rules or scenarios or exitfirst
        else None
    )
    try:
        rows, unmatched = _selected_rows(rules, scenarios)
    except Exception as error:  # the feature files cannot be read: no engine is started
        return Certification(
            target=target.name,
            target_values=dict(target.values),
            target_variants=target.variants,
            engine={"name": printable(engine or engine_command or "?")},
            started=datetime.now(UTC).isoformat(timespec="seconds"),
            engine_error=printable(
                f"the suite could not be read: {type(error).__name__}: {error}", limit=MESSAGE_LIMIT
            ),
            outcome="suite-error",
            selection=selection,
        )
    if unmatched:
        raise SelectionError(f"{', '.join(unmatched)}: no scenario of the suite matches")
    records = _records(rows)
    owned = harness_engine is None
    wrapped = harness_engine or open_engine(
        engine, engine_command, case_timeout=case_timeout, max_restarts=max_restarts
    )
    started = datetime.now(UTC).isoformat(timespec="seconds")
    clock = time.perf_counter()
    identity: dict[str, Any] = {"name": printable(engine or engine_command or "?")}
    result = Certification(
        target=target.name,
        target_values=dict(target.values),
        target_variants=target.variants,
        engine=identity,
        started=started,
        selection=selection,
    )
    run = _Run(deadline)
    try:
        try:
            hello = wrapped.hello()
        except EngineError as error:
            result.outcome = "engine-unavailable"
            result.engine_error = printable(f"the engine could not start: {error}", limit=MESSAGE_LIMIT, lines=True)
            result.seconds = time.perf_counter() - clock
            return result
        except KeyboardInterrupt:
            result.outcome = "interrupted"
            result.seconds = time.perf_counter() - clock
            return result
        result.engine = {key: printable(str(value)) for key, value in hello["engine"].items()}
        result.engine["protocol"] = hello["protocol"]  # one of the versions check_hello accepts
        result.engine["capabilities"] = hello["capabilities"]  # checked against the schema: what the scope reads
        result.records = records
        if isinstance(wrapped, ProtocolEngine):
            wrapped.restarts = 0  # the cap is per target
        console = console or Console(stderr=True)
        with Progress(
            # The target's name is shown as plain text (a house-rules name may hold markup).
            TextColumn("{task.description}", markup=False),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
            disable=not console.is_terminal,
        ) as progress:
            task = progress.add_task(f"certifying against {printable(target.name)}", total=len(records))
            # A signal is turned into a request to stop between rows, so that no row is cut
            # off halfway through (a second one stops at once).
            handlers = _stop_on_signals(run)
            try:
                seats = hello["capabilities"].get("players")
                run.play(records, rows, target, wrapped, seats, exitfirst, progress, task)
            finally:
                for signum, handler in handlers.items():
                    signal.signal(signum, handler)
    finally:
        if owned:
            wrapped.close()
    # A deviation a row found (trumps made otherwise) explains refusals other rows met.
    explained_by_trumps([record.checks for record in records])
    result.seconds = time.perf_counter() - clock
    if run.interrupted:
        result.outcome = "interrupted"
        reason = "the run was interrupted"
    elif run.stop_reason:
        result.engine_error = run.stop_reason
        reason = run.stop_reason
    elif exitfirst:
        reason = "the run stopped at the first failure (-x)"
    else:
        reason = "not reached"
    for record in records:
        if record.status == "not-run":
            record.message = f"not run: {reason}"
    return result


def _selected_rows(
    rules: Sequence[str], scenarios: Sequence[str]
) -> tuple[list[tuple[Scenario, dict[str, str]]], list[str]]:
    """The rows of the scenarios ``rules`` and ``scenarios`` select (every row when neither
    is given), in the suite's order, and the selectors that match no scenario."""
    rows: list[tuple[Scenario, dict[str, str]]] = []
    matched: set[str] = set()
    for scenario in load_scenarios():
        hits = {wanted for wanted in rules if selects([wanted], scenario.rules)}
        hits |= {wanted for wanted in scenarios if wanted == scenario.id}
        matched |= hits
        if hits or not (rules or scenarios):
            rows += [(scenario, row) for row in rows_of(scenario)]
    unmatched = [f"--rule {rule}" for rule in rules if rule not in matched]
    unmatched += [f"--scenario {wanted}" for wanted in scenarios if wanted not in matched]
    return rows, unmatched


def _records(rows: Sequence[tuple[Scenario, dict[str, str]]]) -> list[CaseRecord]:
    """A record, not run yet, for each row, with the id reports print: the scenario id, with
    the row's profile, numbered among rows that would otherwise share it."""
    bases = [f"{scenario.id}[{row['profile']}]" if row.get("profile") else scenario.id for scenario, row in rows]
    return [
        CaseRecord(
            scenario_id=scenario.id,
            name=scenario.name,
            chapter=scenario.chapter,
            rules=list(scenario.rules),
            example=dict(row),
            description=description(scenario),
            label=label,
        )
        for (scenario, row), label in zip(rows, numbered(bases))
    ]


class _Run:
    """The rows of one run being played: when to stop (an interrupt, the run's deadline, an
    engine that is gone, the first failure with ``-x``), and why."""

    def __init__(self, deadline: float | None) -> None:
        #: When the run must stop (``time.monotonic()``; ``--max-duration``), if ever.
        self.deadline = deadline
        #: Why the run stopped early, if it did (other than Ctrl-C).
        self.stop_reason = ""
        #: Whether Ctrl-C (or SIGTERM) stopped the run.
        self.interrupted = False

    def request_stop(self, signum: int, frame: object) -> None:
        """Signal handler for Ctrl-C and SIGTERM during the run: the run stops after the
        row in progress (which its deadlines bound); a second signal stops it at once."""
        if self.interrupted:
            raise KeyboardInterrupt
        self.interrupted = True

    def play(
        self,
        records: Sequence[CaseRecord],
        rows: Sequence[tuple[Scenario, dict[str, str]]],
        target: Target,
        engine: Engine,
        seats: Sequence[int] | None,
        exitfirst: bool,
        progress: Progress,
        task: Any,
    ) -> None:
        """Play each row into its record, until the end or a reason to stop."""
        try:
            for record, (scenario, row) in zip(records, rows):
                clock = time.perf_counter()
                outcome = play_row(scenario, row, target, engine, seats)
                record.duration = time.perf_counter() - clock
                record.status = outcome.status
                record.message = printable(outcome.message, limit=MESSAGE_LIMIT, lines=True)
                record.checks = [printable_check(verdict.to_json()) for verdict in outcome.verdicts]
                record.table = outcome.table
                progress.advance(task)
                if isinstance(outcome.error, EngineUnavailable):
                    # Every later row would fail the same way: stop here, once.
                    self.stop_reason = f"the engine is unavailable: {record.message}"
                    return
                if self.interrupted or (exitfirst and outcome.status in ("failed", "errored", "timed-out")):
                    return
                if self.deadline is not None and time.monotonic() > self.deadline:
                    self.stop_reason = "the run reached its --max-duration before every case was played"
                    return
        except KeyboardInterrupt:
            self.interrupted = True  # the row in progress is not run


def _stop_on_signals(run: _Run) -> dict[int, Any]:
    """Route SIGINT and SIGTERM to ``run.request_stop`` (from the main thread only, as
    Python requires); the handlers they replace, to restore."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    previous: dict[int, Any] = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        previous[signum] = signal.signal(signum, run.request_stop)
    return previous


__all__ = [
    "MAX_STEM",
    "REPORT_FORMAT",
    "CaseRecord",
    "Certification",
    "SelectionError",
    "check_report_dir",
    "every_target",
    "exit_status",
    "junit_xml",
    "parse_variants",
    "print_summary",
    "report_digest",
    "report_document",
    "report_names",
    "report_stem",
    "resolve_target",
    "run_certification",
    "selects",
    "suite_version",
    "variant_targets",
    "write_reports",
]
