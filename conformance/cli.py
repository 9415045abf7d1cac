"""The harness's commands, added to the register's ``napspec`` group (``napspec.spec.cli``):
``certify``, ``smoke``, ``summary``, ``badge``, ``verify`` and ``bench-certify``. They name
no engine: the user gives one, or gets a usage error.

Exit statuses (:class:`~napspec.conformance.contract.ExitStatus`): 0 certified (or: the
check passed), 1 not certified (the check failed), 2 usage error, 3 interrupted, 4 the
engine could not start, 5 internal error.
"""

from __future__ import annotations

import json
import signal
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from napspec.conformance import schemas
from napspec.conformance.certify import (
    Certification,
    check_report_dir,
    exit_status,
    open_engine,
    parse_variants,
    print_summary,
    report_digest,
    report_stem,
    resolve_target,
    run_certification,
    variant_targets,
    write_reports,
)
from napspec.conformance.contract import EngineError, ExitStatus, printable
from napspec.conformance.harness import adopt_orphans
from napspec.spec import PROFILE_IDS
from napspec.spec.cli import main
from napspec.spec.errors import SpecError
from napspec.suite.scenarios import suite_hash

_ENGINE_OPTIONS = "give --engine NAME (an installed engine) or --engine-command CMD (a program speaking napspec/1.x)"


def _console() -> Console:
    # Piped output is not wrapped: a line of a report is one line of the log.
    terminal = sys.stdout.isatty()
    return Console(highlight=False, soft_wrap=not terminal, width=None if terminal else 10_000)


def _fail(status: ExitStatus, message: str) -> NoReturn:
    click.echo(f"error: {printable(message)}", err=True)
    sys.exit(int(status))


def _interrupt_on_sigterm() -> None:
    # CI cancels a job with SIGTERM: it ends the run as Ctrl-C does, with a partial report.
    def handler(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, handler)


def _engine_choice(engine_name: str | None, engine_command: str | None) -> None:
    if engine_name and engine_command:
        raise click.UsageError("give --engine or --engine-command, not both")
    if not engine_name and not (engine_command and engine_command.strip()):
        raise click.UsageError(f"no engine: {_ENGINE_OPTIONS}")


_engine_name_option = click.option(
    "--engine", "engine_name", metavar="NAME", help="An engine registered under the napspec.engines entry points."
)
_engine_command_option = click.option(
    "--engine-command",
    metavar="CMD",
    help="A command starting an engine that speaks napspec/1.2 (or an older napspec/1.x) on stdin/stdout.",
)
#: ``--case-timeout``, as every command that runs an engine takes it (``certify``, ``fuzz``...).
case_timeout_option = click.option(
    "--case-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=10.0,
    show_default=True,
    help="Seconds an engine may take per case (a hard deadline).",
)


@main.command()
@_engine_name_option
@_engine_command_option
@click.option(
    "--profile",
    "profiles",
    multiple=True,
    type=click.Choice([*PROFILE_IDS, "all"]),
    help="Certify against this profile (repeat for several; 'all' for every one).",
)
@click.option("--house-rules", type=click.Path(dir_okay=False, path_type=Path), help="Certify against house rules.")
@click.option(
    "--variants",
    metavar="NAMES|each",
    help="With --profile: apply the profile's bundles of these variants (comma-separated, e.g. "
    "misery,wellington; one target named profile+misery+wellington), or 'each': the plain profile "
    "and one target per variant the profile's source gives.",
)
@click.option(
    "--report-dir", type=click.Path(file_okay=False, path_type=Path), default=Path("build/certify"), show_default=True
)
@case_timeout_option
@click.option(
    "--max-restarts",
    type=click.IntRange(min=0),
    default=5,
    show_default=True,
    help="Restarts of a crashed engine per target before it is given up.",
)
@click.option(
    "--rule",
    "rules",
    multiple=True,
    metavar="ID",
    help="Only scenarios testing this rule (or the rules under this id); repeatable.",
)
@click.option(
    "--scenario",
    "scenarios",
    multiple=True,
    metavar="ID",
    help="Only this scenario (an id as reports print it, without the [row]); repeatable.",
)
@click.option("-x", "--exitfirst", is_flag=True, help="Stop at the first case that does not pass.")
def certify(**options: Any) -> None:
    """Run the conformance suite against an engine and report rule by rule.

    Writes certify-<target>.json and .junit.xml into the report folder for each target
    (before printing anything). Exit status: 0 certified under every target, 1 not
    certified, 2 usage error, 3 interrupted (partial report written), 4 the engine could
    not start or handshake (the report says why), 5 internal error.
    """
    try:
        _certify(**options)
    except KeyboardInterrupt:  # before or after the run itself (which handles its own)
        click.echo("interrupted", err=True)
        sys.exit(int(ExitStatus.INTERRUPTED))


def _certify(
    engine_name: str | None,
    engine_command: str | None,
    profiles: tuple[str, ...],
    house_rules: Path | None,
    variants: str | None,
    report_dir: Path,
    case_timeout: float,
    max_restarts: int,
    rules: tuple[str, ...],
    scenarios: tuple[str, ...],
    exitfirst: bool,
) -> None:
    _engine_choice(engine_name, engine_command)
    if house_rules and len(profiles) > 1:
        raise click.UsageError("--house-rules goes with at most one --profile (its base)")
    names: list[str | None] = list(PROFILE_IDS) if "all" in profiles else list(profiles)
    if not names and not house_rules:
        raise click.UsageError("give --profile (or --house-rules)")
    if variants is not None and house_rules:
        raise click.UsageError("--variants goes with --profile: house rules name their variants in the file")
    console = _console()
    try:
        if house_rules:
            targets = [resolve_target(name, str(house_rules)) for name in names or [None]]
        else:
            wanted = parse_variants(variants)
            targets = [target for name in names if name for target in variant_targets(name, wanted)]
        check_report_dir(report_dir)
        from napspec.spec import load

        unknown = [rule for rule in rules if not any(r == rule or r.startswith(rule + ".") for r in load().rules)]
        if unknown:
            raise ValueError(f"--rule {', '.join(unknown)}: no such rule in the register")
        wrapped = open_engine(engine_name, engine_command, case_timeout=case_timeout, max_restarts=max_restarts)
    except (SpecError, ValueError) as error:
        _fail(ExitStatus.USAGE_ERROR, str(error))
    _interrupt_on_sigterm()
    adopt_orphans()  # the engines are this command's only children
    results: list[Certification] = []
    try:
        for target in targets:
            try:
                result = run_certification(
                    target=target,
                    harness_engine=wrapped,
                    engine=engine_name,
                    engine_command=engine_command,
                    case_timeout=case_timeout,
                    max_restarts=max_restarts,
                    rules=rules,
                    scenarios=scenarios,
                    exitfirst=exitfirst,
                )
            except ValueError as error:  # a selection that matches nothing: no report written
                _fail(ExitStatus.USAGE_ERROR, str(error))
            json_path, junit_path = write_reports(result, report_dir)
            print_summary(result, console)
            console.print(Text(f"reports: {json_path}, {junit_path}\n"), soft_wrap=True)
            results.append(result)
            if result.outcome != "complete" or (exitfirst and not result.passed):
                break  # interrupted, or the engine is gone: the other targets are not run
    except KeyboardInterrupt:
        console.print(Text("interrupted", style="yellow"))
        sys.exit(int(ExitStatus.INTERRUPTED))
    except Exception:
        traceback.print_exc()
        _fail(ExitStatus.INTERNAL_ERROR, "internal error of napspec certify (the traceback above)")
    finally:
        wrapped.close()
    status = exit_status(results)
    skipped = [t.name for t in targets[len(results) :]]
    _print_verdict(console, results, status, skipped)
    sys.exit(int(status))


def _print_verdict(console: Console, results: Sequence[Certification], status: ExitStatus, skipped: list[str]) -> None:
    """One line that says how the whole run went, whatever the number of targets."""
    if len(results) + len(skipped) < 2 and status in (ExitStatus.CERTIFIED, ExitStatus.NOT_CERTIFIED):
        return  # one target: its verdict was the last line printed
    passed = [r.target for r in results if r.passed]
    failed = [r.target for r in results if not r.passed]
    words = {
        ExitStatus.CERTIFIED: ("CERTIFIED", "green"),
        ExitStatus.NOT_CERTIFIED: ("NOT CERTIFIED", "red"),
        ExitStatus.INTERRUPTED: ("INTERRUPTED", "yellow"),
        ExitStatus.ENGINE_UNAVAILABLE: ("ENGINE COULD NOT START", "red"),
        ExitStatus.INTERNAL_ERROR: ("INTERNAL ERROR", "red"),
    }[status]
    line = Text(f"overall: {words[0]}", style=words[1]) + Text(
        f" (certified against {', '.join(passed) or 'none'}"
        + (f"; not against {', '.join(failed)}" if failed else "")
        + (f"; not run: {', '.join(skipped)}" if skipped else "")
        + f"; exit status {int(status)})"
    )
    console.print(line, soft_wrap=True)


# ---------------------------------------------------------------------------------- smoke


@main.command()
@_engine_name_option
@_engine_command_option
@case_timeout_option
def smoke(engine_name: str | None, engine_command: str | None, case_timeout: float) -> None:
    """Check that an engine starts, handshakes, plays one trivial case and says bye.

    One line of verdict. Exit status 0 if it did, 4 if it could not start or handshake,
    1 if it failed the trivial case, 2 for a usage error.
    """
    _engine_choice(engine_name, engine_command)
    from napspec.conformance.smoke import smoke_case

    try:
        wrapped = open_engine(engine_name, engine_command, case_timeout=case_timeout, max_restarts=0)
    except ValueError as error:
        _fail(ExitStatus.USAGE_ERROR, str(error))
    started = time.perf_counter()
    console = _console()
    try:
        try:
            hello = wrapped.hello()
        except EngineError as error:
            console.print(Text("engine could not start: ", style="red") + Text(printable(str(error))), soft_wrap=True)
            sys.exit(int(ExitStatus.ENGINE_UNAVAILABLE))
        name = printable(f"{hello['engine']['name']} {hello['engine']['version']}")
        # A case the engine declares it can play: its rules, table size, start and queries.
        case, unfit = smoke_case(hello["capabilities"])
        if unfit:
            console.print(
                Text(f"{name}: ", style="bold")
                + Text("FAILED ", style="red")
                + Text(printable(f"no trivial case fits the declared capabilities ({unfit})")),
                soft_wrap=True,
            )
            sys.exit(int(ExitStatus.NOT_CERTIFIED))
        try:
            wrapped.run(case)
        except EngineError as error:
            console.print(
                Text(f"{name}: ", style="bold") + Text("FAILED ", style="red") + Text(printable(str(error))),
                soft_wrap=True,
            )
            sys.exit(int(ExitStatus.NOT_CERTIFIED))
    finally:
        wrapped.close()
    console.print(
        Text(f"{name}: ", style="bold")
        + Text("ok", style="green")
        + Text(f" (started, handshook, played a case, said bye in {time.perf_counter() - started:.2f} s)"),
        soft_wrap=True,
    )


# ------------------------------------------------------------------------- saved reports


def _read_report(path: Path) -> dict[str, Any]:
    """A saved certification report, valid against its schema; a usage error otherwise."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        _fail(ExitStatus.USAGE_ERROR, f"{path}: not a readable certification report ({error})")
    problems = schemas.errors("certification-report", document)
    if problems:
        _fail(ExitStatus.USAGE_ERROR, f"{path}: not a certification report: {'; '.join(problems[:5])}")
    assert isinstance(document, dict)
    return document


def _engine_label(document: dict[str, Any]) -> str:
    engine = document["engine"]
    return printable(f"{engine.get('name', '?')} {engine.get('version', '')}".strip())


def summary_rows(documents: Sequence[dict[str, Any]]) -> tuple[list[str], list[str], dict[tuple[str, str], str]]:
    """Engines (columns), targets (rows) and each cell's "passed/applicable" text."""
    engines = list(dict.fromkeys(_engine_label(d) for d in documents))
    targets = list(dict.fromkeys(printable(d["target"]["name"]) for d in documents))
    cells: dict[tuple[str, str], str] = {}
    for document in documents:
        counts = document["summary"]
        mark = "certified" if counts["certified"] else "not certified"
        if document.get("outcome", "complete") != "complete":
            mark = document["outcome"]
        cells[(printable(document["target"]["name"]), _engine_label(document))] = (
            f"{counts['passed']}/{counts['applicable']} {mark}"
        )
    return engines, targets, cells


@main.command()
@click.argument("reports", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["terminal", "markdown", "json"]),
    default="terminal",
    show_default=True,
)
def summary(reports: tuple[Path, ...], output_format: str) -> None:
    """Show saved certification reports side by side: one column per engine, one row per
    target, each cell the applicable scenarios passed and the verdict."""
    documents = [_read_report(path) for path in reports]
    engines, targets, cells = summary_rows(documents)
    if output_format == "json":
        click.echo(
            json.dumps(
                {
                    "engines": engines,
                    "targets": targets,
                    "cells": [{"target": t, "engine": e, "result": cells[(t, e)]} for (t, e) in cells],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    if output_format == "markdown":

        def cell(text: str) -> str:
            return text.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace("`", "\\`")

        click.echo("| target | " + " | ".join(cell(e) for e in engines) + " |")
        click.echo("|---|" + "---|" * len(engines))
        for target in targets:
            click.echo(f"| {cell(target)} | " + " | ".join(cell(cells.get((target, e), "-")) for e in engines) + " |")
        return
    table = RichTable(title="napspec certification")
    table.add_column("target", no_wrap=True)
    for engine in engines:
        table.add_column(Text(engine), no_wrap=True)
    for target in targets:
        table.add_row(Text(target), *[Text(cells.get((target, e), "-")) for e in engines])
    _console().print(table)


@main.command()
@click.argument("report", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("."),
    show_default=True,
    help="The folder to write the badge into.",
)
def badge(report: Path, output_dir: Path) -> None:
    """Write an SVG badge for a saved report: the target, the applicable scenarios passed,
    green when certified. The file is named after the report (.svg)."""
    import anybadge  # type: ignore[import-untyped]  # ships no type information

    document = _read_report(report)
    counts = document["summary"]
    target = printable(document["target"]["name"])
    value = f"{counts['passed']}/{counts['applicable']}"
    colour = "green" if counts["certified"] else ("orange" if counts["passed"] else "red")
    svg = anybadge.Badge(f"napspec {target}", value, default_color=colour).badge_svg_text
    try:
        output_dir.mkdir(parents=True, exist_ok=True)
        path = output_dir / f"{report_stem(document['target']['name'])}.svg"
        path.write_text(svg, encoding="utf-8")
    except OSError as error:
        _fail(ExitStatus.USAGE_ERROR, f"--output-dir {output_dir}: cannot write the badge ({error.strerror or error})")
    click.echo(f"badge: {path}")


@main.command()
@click.argument("reports", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
def verify(reports: tuple[Path, ...]) -> None:
    """Check saved reports: each is valid, its digest matches its content, and it was made
    with the suite installed here (the same register and scenarios). Exit status 0 if
    every report checks, 1 if one does not, 2 if one cannot be read."""
    installed = suite_hash()
    failures = 0
    for path in reports:
        document = _read_report(path)
        problems = []
        if document.get("digest") != report_digest(document):
            problems.append("its digest does not match its content (it was changed after it was written)")
        if document["provenance"]["content_hash"] != installed:
            problems.append("it was made with another version of the suite than the one installed")
        if problems:
            failures += 1
            click.echo(f"{printable(str(path))}: NOT VERIFIED: " + "; ".join(problems))
        else:
            click.echo(f"{path}: verified ({_engine_label(document)} against {printable(document['target']['name'])})")
    sys.exit(int(ExitStatus.NOT_CERTIFIED if failures else ExitStatus.CERTIFIED))


# -------------------------------------------------------------------------------- benchmark


@main.command("bench-certify")
@click.option("--engine", "engine_name", required=True, metavar="NAME", help="The engine in-process.")
@click.option("--engine-command", required=True, metavar="CMD", help="The same engine over the protocol.")
@click.option(
    "--profile",
    "profiles",
    multiple=True,
    type=click.Choice([*PROFILE_IDS, "all"]),
    default=("all",),
    show_default=True,
)
@click.option("--repeat", type=click.IntRange(min=1), default=1, show_default=True, help="Runs per route (best kept).")
def bench_certify(engine_name: str, engine_command: str, profiles: tuple[str, ...], repeat: int) -> None:
    """Time a whole certification of one engine in-process and over the protocol, and
    print both and their ratio (the cost of the protocol)."""
    names = list(PROFILE_IDS) if "all" in profiles else list(profiles)
    targets = [resolve_target(name, None) for name in names]
    timings: dict[str, float] = {}
    for label, name, command in (("in-process", engine_name, None), ("protocol", None, engine_command)):
        best = float("inf")
        for _ in range(repeat):
            started = time.perf_counter()
            wrapped = open_engine(name, command)
            try:
                for target in targets:
                    result = run_certification(
                        target=target, harness_engine=wrapped, engine=name, engine_command=command
                    )
                    if result.outcome != "complete":
                        _fail(ExitStatus.ENGINE_UNAVAILABLE, f"{label}: {result.engine_error or result.outcome}")
            finally:
                wrapped.close()
            best = min(best, time.perf_counter() - started)
        timings[label] = best
        click.echo(f"{label}: {best:.2f} s ({', '.join(names)})")
    click.echo(f"ratio protocol / in-process: {timings['protocol'] / timings['in-process']:.2f}")


__all__ = ["main"]
