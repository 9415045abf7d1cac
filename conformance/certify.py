"""``napspec certify``: run the conformance scenarios against one engine and report, rule by
rule and citing the sources, how it plays.

The scenarios run under pytest-bdd (the same step definitions as the project's own tests);
a small pytest plugin, :class:`Collector`, turns each scenario (each Examples row of an
outline) into a :class:`CaseRecord` with one of the statuses of the contract, and the run
is written out as a console summary, a JSON report with provenance and JUnit XML.

Statuses: ``passed``, ``failed``, ``skipped-unsupported`` (the engine does not declare what
the scenario needs; counted against the score, as Bowtie does), ``errored`` (the engine
crashed, hung up, or answered off-schema), ``timed-out``; and ``not-applicable`` for a
scenario written for other option values than the target's (left out of the score).
"""

from __future__ import annotations

import json
import os
import sys
import time
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Generator

import pytest
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from napspec.conformance.contract import EngineError, status_for
from napspec.spec import load
from napspec.suite.scenarios import FEATURES, suite_hash

REPORT_FORMAT = "napspec-certification/1"
COUNTED = ("passed", "failed", "skipped-unsupported", "errored", "timed-out")
PLUGIN_NAME = "napspec-collector"


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

    @property
    def label(self) -> str:
        row = self.example.get("profile")
        return f"{self.scenario_id}[{row}]" if row else self.scenario_id


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

    def counts(self) -> Counter[str]:
        return Counter(record.status for record in self.records)

    @property
    def applicable(self) -> list[CaseRecord]:
        return [r for r in self.records if r.status != "not-applicable"]

    @property
    def passed(self) -> bool:
        """True only when every applicable scenario passed (and at least one ran)."""
        applicable = self.applicable
        return bool(applicable) and not self.engine_error and all(r.status == "passed" for r in applicable)


def suite_version() -> str:
    try:
        return version("napspec")
    except PackageNotFoundError:
        return "unknown"


def _description(item: pytest.Item) -> str:
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    template = scenario_wrapper_template_registry.get(getattr(item, "obj", None))  # type: ignore[arg-type]
    return str(getattr(template, "description", "") or "").strip()


class Collector:
    """pytest plugin: records each scenario's status, and drives a progress bar."""

    def __init__(self, progress: Progress | None = None) -> None:
        self.records: dict[str, CaseRecord] = {}
        self.hello: dict[str, Any] | None = None
        self.progress = progress
        self.task: Any = None

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        # After deselection (-k): only the scenarios that will run are recorded.
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
        if self.progress is not None:
            self.task = self.progress.add_task("scenarios", total=len(items))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, Any, None]:
        outcome = yield
        report: pytest.TestReport = outcome.get_result()
        record = self.records.get(item.nodeid)
        if record is None:
            return
        if report.when == "call" or (report.when == "setup" and not report.passed):
            record.duration += report.duration
            record.status, record.message = _classify(report, call)
        if report.when == "teardown" and self.progress is not None and self.task is not None:
            self.progress.advance(self.task)


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


def run_certification(
    *,
    engine: str | None,
    engine_command: str | None,
    profile: str | None,
    house_rules: str | None,
    case_timeout: float = 10.0,
    max_restarts: int = 5,
    console: Console | None = None,
    keyword: str | None = None,
) -> Certification:
    """Run every scenario against one engine under one target and collect the results."""
    from napspec.suite.targets import Target

    target = Target.from_options(profile, house_rules)
    if target is None:
        raise ValueError("certify needs a profile or a house-rules file")
    if not engine and not engine_command:
        raise ValueError("certify needs an engine: --engine NAME or --engine-command CMD")
    args = [
        str(FEATURES / "test_scenarios.py"),
        # The suite runs under its own configuration, never the ini file of the folder the
        # user happens to be in; importlib mode keeps the suite's folder off sys.path.
        "-c", os.devnull,
        f"--rootdir={FEATURES}",
        "--import-mode=importlib",
        "-p", "napspec.conformance.plugin",
        "-p", "no:cacheprovider",
        "-p", "no:terminal",
        "--strict-markers",
        f"--case-timeout={case_timeout}",
        f"--max-restarts={max_restarts}",
        f"--target-profile={target.base}",
    ]
    if house_rules:
        args.append(f"--house-rules={house_rules}")
    if engine_command:
        args.append(f"--engine-command={engine_command}")
    else:
        assert engine is not None
        args.append(f"--engine={engine}")
    if keyword:
        args += ["-k", keyword]
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    clock = time.perf_counter()
    console = console or Console(stderr=True)
    with Progress(
        TextColumn(f"certifying against [bold]{target.name}[/bold]"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as progress:
        collector = Collector(progress)
        exit_code = pytest.main(args, plugins=[collector])
    result = Certification(
        target=target.name,
        target_values=dict(target.values),
        engine=(collector.hello or {}).get("engine", {"name": engine or engine_command}),
        records=list(collector.records.values()),
        started=started,
        seconds=time.perf_counter() - clock,
    )
    if exit_code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED) and not result.records:
        result.engine_error = f"the suite could not run (pytest exit code {int(exit_code)})"
    return result


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
            return f"{load().sources[citation.source].short} {citation.locator}: \"{citation.quote}\""
    return ""


def report_document(result: Certification) -> dict[str, Any]:
    """The JSON report: provenance, target, per-scenario statuses, and the score."""
    counts = result.counts()
    applicable = len(result.applicable)
    profile_source = load().profiles.get(result.target.split("+")[0])
    source = profile_source.source if profile_source else None
    return {
        "format": REPORT_FORMAT,
        "provenance": {
            "suite": "napspec",
            "suite_version": suite_version(),
            "content_hash": suite_hash(),
            "started": result.started,
            "seconds": round(result.seconds, 3),
            "python": sys.version.split()[0],
        },
        "engine": result.engine,
        "target": {"name": result.target, "options": result.target_values},
        "summary": {
            "applicable": applicable,
            **{status: counts.get(status, 0) for status in COUNTED},
            "not-applicable": counts.get("not-applicable", 0),
            "score": round(counts.get("passed", 0) / applicable, 4) if applicable else 0.0,
            "certified": result.passed,
        },
        "engine_error": result.engine_error,
        "cases": [
            {
                "id": record.label,
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


def junit_xml(result: Certification) -> str:
    """JUnit XML: one testsuite per chapter, one testcase per scenario row."""
    suites = ET.Element("testsuites", name=f"napspec certify {result.target}")
    by_chapter: dict[str, list[CaseRecord]] = {}
    for record in result.applicable:
        by_chapter.setdefault(record.chapter or "scenarios", []).append(record)
    for chapter, records in by_chapter.items():
        counts = Counter(r.status for r in records)
        suite = ET.SubElement(
            suites,
            "testsuite",
            name=chapter,
            tests=str(len(records)),
            failures=str(counts["failed"]),
            errors=str(counts["errored"] + counts["timed-out"]),
            skipped=str(counts["skipped-unsupported"]),
        )
        for record in records:
            case = ET.SubElement(
                suite, "testcase", classname=chapter, name=record.label, time=f"{record.duration:.4f}"
            )
            if record.status == "failed":
                ET.SubElement(case, "failure", message=record.message[:500]).text = record.message
            elif record.status in ("errored", "timed-out"):
                ET.SubElement(case, "error", type=record.status, message=record.message[:500]).text = record.message
            elif record.status == "skipped-unsupported":
                ET.SubElement(case, "skipped", message=record.message)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True)


def print_summary(result: Certification, console: Console) -> None:
    """By chapter and rule, then every failure with expected vs actual and its quote."""
    register = load()
    table = RichTable(title=f"{result.engine.get('name', '?')} {result.engine.get('version', '')} against {result.target}")
    table.add_column("chapter / rule")
    for status in COUNTED:
        table.add_column(status, justify="right")
    rows: dict[tuple[str, str], Counter[str]] = {}
    for record in result.applicable:
        for rule in record.rules or ["(no rule)"]:
            rows.setdefault((record.chapter, rule), Counter())[record.status] += 1
    order = {chapter: index for index, chapter in enumerate(register.chapters)}
    current = None
    for (chapter, rule), counts in sorted(rows.items(), key=lambda item: (order.get(item[0][0], 99), item[0][1])):
        if chapter != current:
            title = register.chapters[chapter].title if chapter in register.chapters else chapter
            table.add_row(f"[bold]{title}[/bold]", *[""] * len(COUNTED))
            current = chapter
        table.add_row(
            f"  {rule}",
            *[(f"[red]{counts[s]}[/red]" if counts[s] and s != "passed" else str(counts[s] or "")) for s in COUNTED],
        )
    console.print(table)
    document = report_document(result)
    for case in document["cases"]:
        if case["status"] in ("failed", "errored", "timed-out", "skipped-unsupported"):
            console.print(f"[bold red]{case['status']}[/bold red] {case['id']} ({', '.join(case['rules'])})")
            console.print(f"  {case['message']}", markup=False)
            if case["quote"]:
                console.print(f"  enforces {case['quote']}", markup=False)
    summary = document["summary"]
    verdict = "[green]CERTIFIED[/green]" if summary["certified"] else "[red]NOT CERTIFIED[/red]"
    console.print(
        f"{verdict}: {summary['passed']}/{summary['applicable']} applicable scenarios passed "
        f"(failed {summary['failed']}, skipped-unsupported {summary['skipped-unsupported']}, "
        f"errored {summary['errored']}, timed out {summary['timed-out']}; "
        f"{summary['not-applicable']} not applicable) in {result.seconds:.1f} s"
    )
    if result.engine_error:
        console.print(f"[red]{result.engine_error}[/red]")


def write_reports(result: Certification, folder: Path) -> tuple[Path, Path]:
    """Write ``certify-<target>.json`` and ``certify-<target>.junit.xml`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"certify-{result.target.replace('+', '-').replace(' ', '_')}"
    json_path = folder / f"{stem}.json"
    json_path.write_text(json.dumps(report_document(result), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    junit_path = folder / f"{stem}.junit.xml"
    junit_path.write_text(junit_xml(result), encoding="utf-8")
    return json_path, junit_path
