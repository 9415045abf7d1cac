"""``napspec certify``: run the conformance scenarios against one engine and report, rule by
rule and citing the sources, how it plays.

The scenarios run under pytest-bdd (the same step definitions as the project's own tests);
a small pytest plugin, :class:`Collector`, turns each scenario (each Examples row of an
outline) into a :class:`CaseRecord` with one of the statuses of the contract, and the run
is written out as a console summary, a JSON report with provenance and JUnit XML.

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

import hashlib
import json
import os
import re
import shlex
import signal
import sys
import threading
import time
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable
from rich.text import Text

from napspec.conformance.contract import (
    MESSAGE_LIMIT,
    Engine,
    EngineError,
    EngineUnavailable,
    ExitStatus,
    load_engine,
    printable,
    status_for,
)
from napspec.conformance.harness import InProcessEngine, ProtocolEngine
from napspec.conformance.integrity import ReportFolder, Written, differential_passed, platform_of, summarise
from napspec.conformance.verdicts import print_rule_table, record_checks, rule_report, rules_junit
from napspec.spec import load
from napspec.spec.register import value_id
from napspec.suite.scenarios import FEATURES, suite_hash
from napspec.suite.targets import Target

REPORT_FORMAT = "napspec-certification/1"
COUNTED = ("passed", "failed", "skipped-unsupported", "errored", "timed-out")
#: Every status a case can have in a report: the counted ones, then those left out of the score.
STATUSES = (*COUNTED, "not-applicable", "not-run")
PLUGIN_NAME = "napspec-collector"

#: How a run ended: it ran every selected case; Ctrl-C stopped it; the engine could not be
#: started or failed its handshake; the suite itself could not run.
OUTCOMES = ("complete", "interrupted", "engine-unavailable", "suite-error")

#: The longest target name used in a report's file name (the name itself is kept whole
#: in the report).
MAX_STEM = 80


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
        """True only when the run completed, every applicable scenario passed, at least one
        ran, and (unless the run is partial) the differential part passed too: the exit
        status of a partial run that passed is 0, but its report is not ``certified``."""
        applicable = self.applicable
        return (
            self.outcome == "complete"
            and bool(applicable)
            and not self.engine_error
            and not any(r.status == "not-run" for r in self.records)
            and all(r.status == "passed" for r in applicable)
            and (self.partial or differential_passed(self.differential))
        )


def exit_status(results: Iterable[Certification]) -> ExitStatus:
    """The exit status of a run over several targets: the gravest of its outcomes.

    >>> exit_status([Certification("hoyle", {}, {}, outcome="interrupted")])
    <ExitStatus.INTERRUPTED: 3>
    """
    results = list(results)
    outcomes = {result.outcome for result in results}
    if "interrupted" in outcomes:
        return ExitStatus.INTERRUPTED
    if "suite-error" in outcomes:
        return ExitStatus.INTERNAL_ERROR
    if "engine-unavailable" in outcomes:
        return ExitStatus.ENGINE_UNAVAILABLE
    return ExitStatus.CERTIFIED if results and all(r.passed for r in results) else ExitStatus.NOT_CERTIFIED


def suite_version() -> str:
    try:
        return version("napspec")
    except PackageNotFoundError:
        return "unknown"


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
    from napspec.conformance.contract import UnknownEngine

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


# ------------------------------------------------------------------------------- reports


def _quote_for(record: CaseRecord, source: str | None) -> str:
    """The quotation a scenario enforces: its description line for the row's source, or the
    first citation of its rules from that source."""
    lines = [line.strip() for line in record.description.splitlines() if line.strip()]
    if source:
        short = load().sources[source].short if source in load().sources else source
        for line in lines:
            if line.startswith(short + " "):
                return line
    if lines:
        return lines[0]
    for rule_id in record.rules:
        rule = load().rules.get(rule_id)
        if rule and rule.citations:
            citation = next((c for c in rule.citations if c.source == source), rule.citations[0])
            return f'{load().sources[citation.source].short} {citation.locator}: "{citation.quote}"'
    return ""


def report_digest(document: Mapping[str, Any]) -> str:
    """SHA-256 over the report (spec and suite hash, target, engine and every result) in
    canonical JSON, without its own ``digest`` field: a checksum anyone can recompute."""
    body = {key: value for key, value in document.items() if key != "digest"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def uncited_options(values: Mapping[str, Any]) -> list[str]:
    """The options ``values`` sets to a value no source gives (house rules may: a lowest call
    of two), in the register's order.

    >>> uncited_options({"lowest-call": 2, "nap-stakes": "win-10-lose-5"})
    ['lowest-call']
    """
    register = load()
    return [
        option
        for option in register.options
        if option in values and not register.options[option].allows(values[option])
    ]


def report_document(result: Certification) -> dict[str, Any]:
    """The JSON report: provenance, target, per-scenario statuses, the score and a digest
    (valid against ``schema/certification-report.schema.json``)."""
    profile_source = load().profiles.get(result.target.split("+")[0])
    source = profile_source.source if profile_source else None
    document: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "provenance": {
            "suite": "napspec",
            "suite_version": suite_version(),
            "content_hash": suite_hash(),
            "started": result.started,
            "seconds": round(result.seconds, 3),
            "python": sys.version.split()[0],
            "platform": platform_of(),
        },
        "engine": result.engine,
        "program": result.program,
        "target": {
            "name": printable(result.target),
            "options": result.target_values,
            "variants": list(result.target_variants),
            "uncited": uncited_options(result.target_values),
        },
        "outcome": result.outcome,
        "selection": result.selection,
        "summary": {},
        "engine_error": result.engine_error,
        "differential": result.differential,
        "cases": [
            {
                "id": record.label or record.scenario_id,
                "scenario": record.scenario_id,
                "chapter": record.chapter,
                "rules": record.rules,
                "example": record.example,
                "status": record.status,
                "message": record.message,
                "quote": _quote_for(record, source) if record.status in ("failed", "errored", "timed-out") else "",
                "seconds": round(record.duration, 4),
            }
            for record in result.records
        ],
    }
    document["summary"] = summarise(
        document["cases"],
        outcome=result.outcome,
        engine_error=result.engine_error,
        selection=result.selection,
        differential=result.differential,
    )
    rule_report(document, result.records, result.target.split("+")[0])
    document["digest"] = report_digest(document)
    return document


def junit_xml(result: Certification, document: Mapping[str, Any] | None = None) -> str:
    """JUnit XML: one testsuite per chapter, one testcase per scenario row; cases not
    applicable or not run are skipped, with the reason. Always well-formed: every text in
    it has been made printable."""
    document = document or report_document(result)
    suites = ET.Element("testsuites", name=f"napspec certify {document['target']['name']}")
    by_chapter: dict[str, list[dict[str, Any]]] = {}
    for case in document["cases"]:
        by_chapter.setdefault(case["chapter"] or "scenarios", []).append(case)
    if result.engine_error:
        suites.set("error", result.engine_error[:2000])
    rules_junit(suites, document)
    for chapter, cases in by_chapter.items():
        counts = Counter(c["status"] for c in cases)
        suite = ET.SubElement(
            suites,
            "testsuite",
            name=chapter,
            tests=str(len(cases)),
            failures=str(counts["failed"]),
            errors=str(counts["errored"] + counts["timed-out"]),
            skipped=str(counts["skipped-unsupported"] + counts["not-applicable"] + counts["not-run"]),
        )
        for case in cases:
            element = ET.SubElement(
                suite, "testcase", classname=chapter, name=case["id"], time=f"{case['seconds']:.4f}"
            )
            message = case["message"]
            if case["status"] == "failed":
                ET.SubElement(element, "failure", message=message[:500]).text = message
            elif case["status"] in ("errored", "timed-out"):
                ET.SubElement(element, "error", type=case["status"], message=message[:500]).text = message
            elif case["status"] in ("skipped-unsupported", "not-applicable", "not-run"):
                ET.SubElement(element, "skipped", type=case["status"], message=message[:500])
    return ET.tostring(suites, encoding="unicode", xml_declaration=True)


def print_summary(result: Certification, console: Console) -> None:
    """By chapter and rule, then every case that did not pass (its example row and the
    message, as JSON) and the verdict. Nothing from the engine is read as markup."""
    register = load()
    print_rule_table(report_document(result), console)
    engine = printable(f"{result.engine.get('name', '?')} {result.engine.get('version', '')}")
    uncited = uncited_options(result.target_values)
    if uncited:
        said = ", ".join(f"{option} = {value_id(result.target_values[option])}" for option in uncited)
        console.print(Text(f"{printable(result.target)} (uncited: {said}, no source gives this value)"))
    title = Text(f"{engine} against {printable(result.target)}")
    table = RichTable(title=title)
    rows: dict[tuple[str, str], Counter[str]] = {}
    for record in result.applicable:
        for rule in record.rules or ["(no rule)"]:
            rows.setdefault((record.chapter, rule), Counter())[record.status] += 1
    # A rule id is never cut: on a narrow terminal the status headings wrap instead.
    widest = max((len(rule) + 2 for _, rule in rows), default=10)
    table.add_column("chapter / rule", no_wrap=True, min_width=widest)
    for status in COUNTED:
        table.add_column(status, justify="right")
    order = {chapter: index for index, chapter in enumerate(register.chapters)}
    current = None
    for (chapter, rule), counts in sorted(rows.items(), key=lambda item: (order.get(item[0][0], 99), item[0][1])):
        if chapter != current:
            heading = register.chapters[chapter].title if chapter in register.chapters else chapter
            table.add_row(Text(heading, style="bold"), *[""] * len(COUNTED))
            current = chapter
        table.add_row(
            Text(f"  {rule}"),
            *[Text(str(counts[s] or ""), style="red" if counts[s] and s != "passed" else "") for s in COUNTED],
        )
    if rows:
        console.print(table)
    document = report_document(result)
    for case in document["cases"]:
        if case["status"] in ("failed", "errored", "timed-out", "skipped-unsupported"):
            console.print(Text(case["status"], style="bold red") + Text(f" {case['id']} ({', '.join(case['rules'])})"))
            shown = {"example": case["example"], "message": case["message"]}
            if case["quote"]:
                shown["enforces"] = case["quote"]
            console.print(Text(json.dumps(shown, indent=2, ensure_ascii=False)), soft_wrap=True)
    summary = document["summary"]
    _print_differential(result.differential, console)
    if result.differential is None and not result.partial and result.outcome == "complete" and not result.engine_error:
        console.print(
            Text("no random deals were played (--differential-deals 0): every certificate needs them", style="red"),
            soft_wrap=True,
        )
    if summary["certified"]:
        verdict = Text("CERTIFIED", style="green")
    elif summary["partial"] and result.passed:
        verdict = Text("PARTIAL RUN, NOT CERTIFIED (the selected scenarios passed; a selection is never a certificate)")
        verdict.stylize("yellow")
    elif summary["partial"]:
        verdict = Text("PARTIAL RUN, NOT CERTIFIED", style="red")
    else:
        verdict = Text("NOT CERTIFIED", style="red")
    console.print(
        verdict
        + Text(
            f": {summary['passed']}/{summary['applicable']} applicable scenarios passed "
            f"(failed {summary['failed']}, skipped-unsupported {summary['skipped-unsupported']}, "
            f"errored {summary['errored']}, timed out {summary['timed-out']}; "
            f"{summary['not-applicable']} not applicable, {summary['not-run']} not run) against "
            f"{printable(result.target)} in {result.seconds:.1f} s"
        ),
        soft_wrap=True,
    )
    if result.outcome == "interrupted":
        console.print(Text("interrupted: the report is partial", style="yellow"), soft_wrap=True)
    if result.engine_error:
        error = printable(result.engine_error, limit=MESSAGE_LIMIT, lines=True)
        console.print(Text(error, style="red"), soft_wrap=True)


def _print_differential(differential: Mapping[str, Any] | None, console: Console) -> None:
    """One line for the differential part (or why there was none), then what it found."""
    if differential is None:
        return
    oracle = printable(f"{differential['oracle']['name']} {differential['oracle']['version']}")
    line = (
        f"differential: {differential['deals']} random deals (seed {differential['seed']}), "
        f"{differential['cases']} cases compared with {oracle} in {differential['seconds']:.1f} s; "
        f"{differential['repeated']} cases sent twice"
    )
    good = differential_passed(differential)
    console.print(Text(line + (": no difference" if good else ""), style="" if good else "red"), soft_wrap=True)
    if differential.get("stopped"):
        console.print(Text(f"  stopped: {printable(differential['stopped'])}", style="red"), soft_wrap=True)
    if differential.get("divergence"):
        found = differential["divergence"]
        console.print(
            Text(f"  DIVERGENCE in deal {found['deal']} after {found['actions']} actions", style="red")
            + Text(f" (rules: {', '.join(found['rules']) or 'none known'})"),
            soft_wrap=True,
        )
        for difference in found["differences"]:
            console.print(Text(f"  {printable(difference, limit=2000)}"), soft_wrap=True)
    for changed in differential.get("nondeterministic", []):
        console.print(
            Text("  NON-DETERMINISM: ", style="red")
            + Text(f"case {printable(changed['case'])} answered differently when sent again"),
            soft_wrap=True,
        )


def report_stem(target: str) -> str:
    """The file name stem of a target's reports: safe on every file system, never a path.

    >>> report_stem("hoyle+Crown/Tuesdays"), report_stem("hoyle+x/../../escaped")
    ('certify-hoyle-Crown-Tuesdays-f8b60a', 'certify-hoyle-x-..-..-escaped-424d34')
    >>> report_stem("peel")
    'certify-peel'
    """
    plain = target.replace("+", "-").replace(" ", "_")
    safe = re.sub(r"[^A-Za-z0-9._-]", "-", plain)[:MAX_STEM].lstrip(".")
    if safe != plain:
        # Two names that differ only in replaced characters must not share a file.
        safe = f"{safe}-{hashlib.sha256(target.encode()).hexdigest()[:6]}"
    return f"certify-{safe}"


def report_names(target: str) -> tuple[str, str]:
    """The file names of a target's JSON report and JUnit XML."""
    stem = report_stem(target)
    return f"{stem}.json", f"{stem}.junit.xml"


def check_report_dir(folder: Path, targets: Sequence[str] = ()) -> ReportFolder:
    """Make sure reports can be written into ``folder`` (creating it) and that no report's
    name there is taken by a folder or a link, before any run: :class:`ValueError` naming
    the folder or the name otherwise."""
    return ReportFolder.prepare(folder, [name for target in targets for name in report_names(target)])


def write_reports(result: Certification, folder: Path | ReportFolder) -> Written:
    """Write ``certify-<target>.json`` and ``certify-<target>.junit.xml`` into ``folder``
    (only once every engine of the run has ended: see :class:`ReportFolder`)."""
    if isinstance(folder, Path):
        folder = ReportFolder.prepare(folder)
    json_name, junit_name = report_names(result.target)
    document = report_document(result)
    return folder.write(
        {
            json_name: json.dumps(document, indent=2, ensure_ascii=False) + "\n",
            junit_name: junit_xml(result, document),
        }
    )
