"""``napspec certify``: run the conformance scenarios against one engine and report, rule by
rule and citing the sources, how it plays.

The scenarios run under pytest-bdd (the same step definitions as the project's own tests);
a small pytest plugin, :class:`Collector`, turns each scenario (each Examples row of an
outline) into a :class:`CaseRecord` with one of the statuses of the contract, and the run
is written out as a console summary, a JSON report with provenance and JUnit XML
(:mod:`napspec.conformance.report`).

Statuses: ``passed``, ``failed``, ``skipped-unsupported`` (the engine does not declare what
the scenario needs; counted against the score, as Bowtie does), ``errored`` (the engine
crashed, hung up, or answered off-schema), ``timed-out``; ``not-applicable`` for a
scenario written for other option values than the target's, and ``not-run`` for a case the
run did not reach (interrupted, stopped at the first failure, or the engine gave up): both
left out of the score, and listed as skipped, with the reason, in JUnit.

Everything an engine or a house-rules file supplies is untrusted text: it is made inert
(:func:`~napspec.conformance.contract.printable`) where it enters a report, printed without
markup, and never used unchanged in a file name.
"""

from __future__ import annotations

import os
import shlex
import signal
import threading
import time
from collections import Counter
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from napspec.conformance.harness import InProcessEngine, ProtocolEngine

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
from napspec.conformance.verdicts import record_checks
from napspec.protocol import Engine, EngineError, EngineUnavailable, load_engine, status_for
from napspec.spec import load
from napspec.spec.terminal import MESSAGE_LIMIT, ExitStatus, printable
from napspec.suite.scenarios import FEATURES
from napspec.suite.targets import Target
from napspec.suite.verdicts import explained_by_trumps

COUNTED = ("passed", "failed", "skipped-unsupported", "errored", "timed-out")
#: Every status a case can have in a report: the counted ones, then those left out of the score.
STATUSES = (*COUNTED, "not-applicable", "not-run")
PLUGIN_NAME = "napspec-collector"

#: How a run ended: it ran every selected case; Ctrl-C stopped it; the engine could not be
#: started or failed its handshake; the suite itself could not run.
OUTCOMES = ("complete", "interrupted", "engine-unavailable", "suite-error")


class SelectionError(ValueError):
    """A ``--rule``/``--scenario`` selection that names nothing in the suite."""


@dataclass
class CaseRecord:
    """One scenario (one Examples row of an outline) and how the engine fared."""

    nodeid: str
    scenario_id: str
    name: str
    chapter: str
    rules: list[str]
    example: dict[str, str]
    description: str
    status: str = "not-run"
    message: str = ""
    duration: float = 0.0
    #: The id reports print; unique within a run (see :meth:`Collector.pytest_collection_finish`).
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


def _description(item: pytest.Item) -> str:
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    template = scenario_wrapper_template_registry.get(getattr(item, "obj", None))  # type: ignore[arg-type]
    return str(getattr(template, "description", "") or "").strip()


def selects(selectors: Sequence[str], rules: Sequence[str]) -> bool:
    """Whether a case testing ``rules`` is selected by ``--rule`` ``selectors`` (a rule id,
    or the start of one up to a dot).

    >>> selects(["play"], ["play.follow-suit"]), selects(["play.follow"], ["play.follow-suit"])
    (True, False)
    """
    return any(rule == wanted or rule.startswith(wanted + ".") for wanted in selectors for rule in rules)


class Collector:
    """pytest plugin: selects the cases, hands the suite the engine and target that
    certify resolved (so the engine is started and the house rules read once per run),
    records each scenario's status, and drives a progress bar."""

    def __init__(
        self,
        progress: Progress | None = None,
        *,
        engine: Engine | None = None,
        target: Target | None = None,
        rules: Sequence[str] = (),
        scenarios: Sequence[str] = (),
        deadline: float | None = None,
    ) -> None:
        self.records: dict[str, CaseRecord] = {}
        #: When the run must stop (``time.monotonic()``; ``--max-duration``), if ever.
        self.deadline = deadline
        self.hello: dict[str, Any] | None = None
        self.progress = progress
        self.task: Any = None
        self.engine = engine
        self.target = target
        self.rules = list(rules)
        self.scenarios = list(scenarios)
        #: Selectors that matched no case.
        self.unmatched: list[str] = []
        #: Why the run stopped early, if it did (other than Ctrl-C).
        self.stop_reason = ""
        #: Whether Ctrl-C (or SIGTERM) stopped the run.
        self.interrupted = False
        self.session: pytest.Session | None = None

    def request_stop(self, signum: int, frame: object) -> None:
        """Signal handler for Ctrl-C and SIGTERM during the run: the run stops after the
        case in progress (which its deadline bounds); a second signal stops it at once."""
        if self.interrupted:
            raise KeyboardInterrupt
        self.interrupted = True

    def pytest_runtest_logfinish(self) -> None:
        if self.interrupted and self.session is not None:
            self.session.shouldstop = "interrupted"
        elif self.deadline is not None and time.monotonic() > self.deadline and self.session is not None:
            if not self.stop_reason:
                self.stop_reason = "the run reached its --max-duration before every case was played"
            self.session.shouldstop = self.stop_reason

    def pytest_keyboard_interrupt(self, excinfo: pytest.ExceptionInfo[BaseException]) -> None:
        # pytest stops a run it was asked to stop (shouldstop) by the same route as Ctrl-C.
        if not isinstance(excinfo.value, pytest.Session.Interrupted):
            self.interrupted = True

    def pytest_collection_modifyitems(
        self, session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        if not self.rules and not self.scenarios:
            return
        kept: list[pytest.Item] = []
        dropped: list[pytest.Item] = []
        matched: set[str] = set()
        for item in items:
            marker = item.get_closest_marker("scenario_id")
            scenario = marker.args[0] if marker else item.name
            rules = [m.args[0] for m in item.iter_markers("rule")]
            hits = {wanted for wanted in self.rules if selects([wanted], rules)}
            hits |= {wanted for wanted in self.scenarios if wanted == scenario}
            matched |= hits
            (kept if hits else dropped).append(item)
        self.unmatched = [f"--rule {r}" for r in self.rules if r not in matched]
        self.unmatched += [f"--scenario {s}" for s in self.scenarios if s not in matched]
        items[:] = kept
        if dropped:
            config.hook.pytest_deselected(items=dropped)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.session = session
        items = session.items
        for item in items:
            marker = item.get_closest_marker("scenario_id")
            chapter = item.get_closest_marker("chapter")
            callspec = getattr(item, "callspec", None)
            example = dict(callspec.params.get("_pytest_bdd_example", {})) if callspec else {}
            self.records[item.nodeid] = CaseRecord(
                nodeid=item.nodeid,
                scenario_id=marker.args[0] if marker else item.name,
                name=item.name,
                chapter=chapter.args[0] if chapter else "",
                rules=[m.args[0] for m in item.iter_markers("rule")],
                example={str(k): str(v) for k, v in example.items()},
                description=_description(item),
            )
        _label(list(self.records.values()))
        if self.progress is not None:
            name = printable(self.target.name) if self.target is not None else "each scenario's profile"
            self.task = self.progress.add_task(f"certifying against {name}", total=len(items))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
        outcome = yield
        report: pytest.TestReport = outcome.get_result()
        record = self.records.get(item.nodeid)
        if record is None:
            return
        if report.when == "call" or (report.when == "setup" and not report.passed):
            record.duration += report.duration
            record.status, message = _classify(report, call)
            record.message = printable(message, limit=MESSAGE_LIMIT, lines=True)
            record_checks(record, item)
            error = call.excinfo.value if call.excinfo is not None else None
            if isinstance(error, EngineUnavailable) and not self.stop_reason:
                # Every later case would fail the same way: stop here, once.
                self.stop_reason = f"the engine is unavailable: {record.message}"
                item.session.shouldstop = self.stop_reason
        if report.when == "teardown" and self.progress is not None and self.task is not None:
            self.progress.advance(self.task)


def _label(records: list[CaseRecord]) -> None:
    """Give each record the id reports print: the scenario id, with the Examples row's
    profile, and the row's number among rows that would otherwise share an id."""
    base = {}
    for record in records:
        row = record.example.get("profile")
        base[record.nodeid] = f"{record.scenario_id}[{row}]" if row else record.scenario_id
    shared = Counter(base.values())
    seen: Counter[str] = Counter()
    for record in records:
        label = base[record.nodeid]
        if shared[label] > 1:
            seen[label] += 1
            label = f"{label}#{seen[label]}"
        record.label = label


def _classify(report: pytest.TestReport, call: pytest.CallInfo[None]) -> tuple[str, str]:
    if report.passed:
        return "passed", ""
    if report.skipped:
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        reason = reason.removeprefix("Skipped: ")
        if reason.startswith("not-applicable:"):
            return "not-applicable", reason.removeprefix("not-applicable:").strip()
        return "skipped-unsupported", reason.removeprefix("unsupported:").strip()
    error = call.excinfo.value if call.excinfo is not None else None
    if isinstance(error, EngineError):
        return status_for(error), str(error)
    if isinstance(error, AssertionError):
        return "failed", str(error).split("\nassert ")[0]
    return "errored", f"{type(error).__name__}: {error}" if error else str(report.longrepr)


# ------------------------------------------------------------------------------- engines


def open_engine(
    engine: str | None, engine_command: str | None, *, case_timeout: float = 10.0, max_restarts: int = 5
) -> Engine:
    """The engine under test, wrapped by the harness: registered ``engine`` in-process, or
    ``engine_command`` over the protocol. :class:`ValueError` for a wrong choice or an
    unknown name (a usage error)."""
    if bool(engine) == bool(engine_command and engine_command.strip()):
        raise ValueError("certify needs one engine: --engine NAME or --engine-command CMD")
    if engine_command:
        try:
            command = shlex.split(engine_command)
        except ValueError as error:
            raise ValueError(f"--engine-command cannot be split into arguments: {error}") from error
        return ProtocolEngine(command, timeout=case_timeout, max_restarts=max_restarts)
    assert engine is not None
    from napspec.protocol import UnknownEngine

    try:
        # The case deadline holds in-process too: each call runs on a worker thread.
        return InProcessEngine(load_engine(engine), timeout=case_timeout)
    except (UnknownEngine, TypeError) as error:
        raise ValueError(str(error)) from error


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
    given = list(load().profile(profile).variants)
    return [resolve_target(profile, None), *(resolve_target(profile, None, [variant]) for variant in given)]


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
    """Run the scenarios (all, or those ``rules``/``scenarios`` select) against one engine
    under one target and collect the results.

    The engine is ``harness_engine`` if given (the caller closes it), else opened from
    ``engine``/``engine_command`` and closed here. It is asked for its handshake first:
    an engine that cannot start or handshake ends the run at once (outcome
    ``engine-unavailable``, with ``engine_error`` saying why). Ctrl-C ends it with outcome
    ``interrupted``; the cases not reached are ``not-run``.
    """
    target = target or resolve_target(profile, house_rules)
    selection = (
        {"rules": list(rules), "scenarios": list(scenarios), "exitfirst": exitfirst}
        if rules or scenarios or exitfirst
        else None
    )
    owned = harness_engine is None
    wrapped = harness_engine or open_engine(
        engine, engine_command, case_timeout=case_timeout, max_restarts=max_restarts
    )
    started = datetime.now(UTC).isoformat(timespec="seconds")
    clock = time.perf_counter()
    identity: dict[str, Any] = {"name": printable(engine or engine_command or "?")}

    def ended_before_the_cases(outcome: str, engine_error: str = "") -> Certification:
        return Certification(
            target=target.name,
            target_values=dict(target.values),
            target_variants=target.variants,
            engine=identity,
            started=started,
            seconds=time.perf_counter() - clock,
            engine_error=engine_error,
            outcome=outcome,
            selection=selection,
        )

    try:
        try:
            hello = wrapped.hello()
        except EngineError as error:
            return ended_before_the_cases(
                "engine-unavailable", printable(f"the engine could not start: {error}", limit=MESSAGE_LIMIT, lines=True)
            )
        except KeyboardInterrupt:
            return ended_before_the_cases("interrupted")
        identity = {key: printable(str(value)) for key, value in hello["engine"].items()}
        identity["protocol"] = hello["protocol"]  # one of the versions check_hello accepts
        identity["capabilities"] = hello["capabilities"]  # checked against the schema: what the scope reads
        if isinstance(wrapped, ProtocolEngine):
            wrapped.restarts = 0  # the cap is per target
        args = [
            str(FEATURES / "test_scenarios.py"),
            # The suite runs under its own configuration, never the ini file of the folder the
            # user happens to be in; importlib mode keeps the suite's folder off sys.path.
            "-c",
            os.devnull,
            f"--rootdir={FEATURES}",
            "--import-mode=importlib",
            "-p",
            "napspec.conformance.plugin",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:terminal",
            "-p",
            "no:randomly",
            # pytest's warnings of exceptions that could not propagate (in a __del__, in a
            # thread) decide no verdict, and collect the garbage twice a target: a tenth of a
            # second each time
            "-p",
            "no:unraisableexception",
            "-p",
            "no:threadexception",
            "--strict-markers",
        ]
        if exitfirst:
            args.append("-x")
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
            collector = Collector(
                progress, engine=wrapped, target=target, rules=rules, scenarios=scenarios, deadline=deadline
            )
            # A signal raised as an exception at any point could land inside pytest's own
            # machinery; it is turned into a request to stop between cases instead.
            handlers = _stop_on_signals(collector)
            try:
                exit_code = pytest.main(args, plugins=[collector])
            finally:
                for signum, handler in handlers.items():
                    signal.signal(signum, handler)
    finally:
        if owned:
            wrapped.close()
    if collector.unmatched:
        raise SelectionError(f"{', '.join(collector.unmatched)}: no scenario of the suite matches")
    # A deviation a row found (trumps made otherwise) explains refusals other rows met.
    explained_by_trumps([record.checks for record in collector.records.values()])
    result = Certification(
        target=target.name,
        target_values=dict(target.values),
        target_variants=target.variants,
        engine=identity,
        records=list(collector.records.values()),
        started=started,
        seconds=time.perf_counter() - clock,
        selection=selection,
    )
    if collector.interrupted:
        result.outcome = "interrupted"
        reason = "the run was interrupted"
    elif collector.stop_reason:
        result.engine_error = collector.stop_reason
        reason = collector.stop_reason
    elif exitfirst:
        reason = "the run stopped at the first failure (-x)"
    elif exit_code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED, pytest.ExitCode.INTERRUPTED):
        result.outcome = "suite-error"
        result.engine_error = f"the suite could not run (pytest exit code {int(exit_code)})"
        reason = result.engine_error
    else:
        reason = "not reached"
    for record in result.records:
        if record.status == "not-run":
            record.message = f"not run: {reason}"
    return result


def _stop_on_signals(collector: Collector) -> dict[int, Any]:
    """Route SIGINT and SIGTERM to ``collector.request_stop`` (from the main thread only, as
    Python requires); the handlers they replace, to restore."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    previous: dict[int, Any] = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        previous[signum] = signal.signal(signum, collector.request_stop)
    return previous


__all__ = [
    "MAX_STEM",
    "REPORT_FORMAT",
    "CaseRecord",
    "Certification",
    "Collector",
    "SelectionError",
    "check_report_dir",
    "exit_status",
    "junit_xml",
    "open_engine",
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
