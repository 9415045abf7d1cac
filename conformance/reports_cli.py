"""The commands of saved certification reports: ``summary`` (reports side by side, what each
certificate covers), ``badge`` (an SVG badge) and ``verify`` (a report checked against its own
cases, or made again with ``--rerun``; made by :func:`verify_command`, given the oracle by
default). They are attached to nothing here: :mod:`napspec.docs.commands` builds the tree.
Nothing a report holds is trusted: it is read as strict JSON within a size, checked against its
schema, and every text of it printed as inert text.
"""

from __future__ import annotations

import json
import shlex
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import click
from rich.table import Table as RichTable
from rich.text import Text

from napspec.conformance.certificate import compare_reports, rerun_report
from napspec.conformance.certify import report_digest, report_document, report_stem
from napspec.conformance.cli import (
    _certification_run_options,
    _console,
    _engine_choice,
    _fail,
    _open_oracle,
)
from napspec.conformance.integrity import ReportFolder, inconsistencies, program_of, short
from napspec.conformance.report_schemas import REPORT_SCHEMAS
from napspec.conformance.scope import players_in_words, starts_in_words
from napspec.protocol import parse_json
from napspec.spec.terminal import ExitStatus, printable
from napspec.suite.scenarios import suite_hash

# ------------------------------------------------------------------------- saved reports


#: The largest saved report read (a report of every case of a target is a few hundred KB).
MAX_REPORT_BYTES = 64 * 1024 * 1024


def _read_report(path: Path) -> dict[str, Any]:
    """A saved certification report, strict JSON (no key given twice) valid against its
    schema; a usage error otherwise."""
    try:
        if path.stat().st_size > MAX_REPORT_BYTES:
            raise ValueError(f"larger than {MAX_REPORT_BYTES} bytes")
        document = parse_json(path.read_bytes())
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        _fail(ExitStatus.USAGE_ERROR, f"{path}: not a readable certification report ({error})")
    problems = REPORT_SCHEMAS.errors("certification-report", document)
    if problems:
        _fail(ExitStatus.USAGE_ERROR, f"{path}: not a certification report: {'; '.join(problems[:5])}")
    assert isinstance(document, dict)
    return document


def _engine_label(document: dict[str, Any]) -> str:
    """The engine as its handshake names it, and the program that ran (its digest)."""
    engine = document["engine"]
    name = printable(f"{engine.get('name', '?')} {engine.get('version', '')}".strip())
    return f"{name} ({short(document.get('program'))})"


def _forged(document: dict[str, Any]) -> list[str]:
    """What makes a report not napspec's own as written: a digest that does not match, or
    a summary its cases contradict (``summary`` and ``badge`` never show such a verdict)."""
    problems = [] if document.get("digest") == report_digest(document) else ["its digest does not match"]
    return problems + inconsistencies(document)


def _mark(document: dict[str, Any]) -> str:
    """How a report ended, in a word or two: certified, not certified, partial, or its
    outcome; "NOT VERIFIED" for a report whose verdict is not what its cases make it."""
    if _forged(document):
        return "NOT VERIFIED"
    counts = document["summary"]
    if document.get("outcome", "complete") != "complete":
        return printable(document["outcome"])
    if counts.get("partial"):
        return "partial"
    return "certified" if counts["certified"] else "not certified"


def _target_order(name: str) -> tuple[str, bool, str]:
    """Targets by profile, the plain profile before its variants (``hoyle`` before ``hoyle+misery``)."""
    base, _, rest = name.partition("+")
    return base, bool(rest), rest


def summary_rows(documents: Sequence[dict[str, Any]]) -> tuple[list[str], list[str], dict[tuple[str, str], str]]:
    """Engines (columns: the handshake's name and the program's digest), targets (rows: by
    profile, the plain profile first) and each cell's "passed/applicable verdict" text."""
    engines = list(dict.fromkeys(_engine_label(d) for d in documents))
    targets = sorted(dict.fromkeys(printable(d["target"]["name"]) for d in documents), key=_target_order)
    cells: dict[tuple[str, str], str] = {}
    for document in documents:
        counts = document["summary"]
        cells[(printable(document["target"]["name"]), _engine_label(document))] = (
            f"{counts['passed']}/{counts['applicable']} {_mark(document)}{_covers(document)}"
        )
    return engines, targets, cells


def _covers(document: Mapping[str, Any]) -> str:
    """What a certificate covers, in a few words (the report's ``scope``): the rules judged,
    and the tables and starts where the engine plays less than the rules allow.

    >>> _covers({"scope": {"judged": 43, "rules": 61, "players": [4], "starts": ["hands"]},
    ...          "target": {"options": {"players-min": 2, "players-max": 10}}})
    ' (43/61 rules; four players; dealt hands)'
    """
    scope = document.get("scope")
    if not isinstance(scope, Mapping) or (document.get("summary") or {}).get("partial"):
        return ""  # a partial run covers what was selected, and is never a certificate
    words = [f"{scope.get('judged', 0)}/{scope.get('rules', 0)} rules"]
    options = (document.get("target") or {}).get("options") or {}
    low, high = options.get("players-min"), options.get("players-max")
    players = list(scope.get("players") or ())
    if isinstance(low, int) and isinstance(high, int) and players != list(range(low, high + 1)):
        words.append(players_in_words(players))
    starts = list(scope.get("starts") or ())
    if not {"hands", "deck"} <= set(starts):
        words.append(starts_in_words(starts))
    return f" ({'; '.join(words)})"


def _provenance(documents: Sequence[dict[str, Any]]) -> list[str]:
    """One line per engine: the program that ran and where, by which napspec and suite."""
    lines = []
    for label in dict.fromkeys(_engine_label(d) for d in documents):
        document = next(d for d in documents if _engine_label(d) == label)
        program = document.get("program") or {}
        ran = program.get("command") or [program.get("entry_point", "?")]
        provenance = document["provenance"]
        lines.append(
            printable(
                f"{label}: {' '.join(ran)}; napspec {provenance['suite_version']}, suite "
                f"{provenance['content_hash'][:12]}, {provenance.get('platform', '?')}, {provenance['started']}",
                limit=2000,
            )
        )
    return lines


@click.command()
@click.argument("reports", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["terminal", "markdown", "json"]),
    default="terminal",
    show_default=True,
)
def summary(reports: tuple[Path, ...], output_format: str) -> None:
    """Show saved certification reports side by side: one column per engine (and the
    program that ran), one row per target, each cell the applicable scenarios passed and
    the verdict (certified, not certified, partial); then what ran, where and when."""
    documents = [_read_report(path) for path in reports]
    engines, targets, cells = summary_rows(documents)
    provenance = _provenance(documents)
    if output_format == "json":
        click.echo(
            json.dumps(
                {
                    "engines": engines,
                    "targets": targets,
                    "cells": [{"target": t, "engine": e, "result": cells[(t, e)]} for (t, e) in cells],
                    "covers": _statements(documents),
                    "provenance": provenance,
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    if output_format == "markdown":

        def cell(text: str) -> str:
            escaped = printable(text, limit=2000).replace("\\", "\\\\")
            for special in "|`*_[]<>#!~":
                escaped = escaped.replace(special, "\\" + special)
            return escaped

        click.echo("| target | " + " | ".join(cell(e) for e in engines) + " |")
        click.echo("|---|" + "---|" * len(engines))
        for target in targets:
            click.echo(f"| {cell(target)} | " + " | ".join(cell(cells.get((target, e), "-")) for e in engines) + " |")
        click.echo("")
        for line in [*_statements(documents), *provenance]:
            click.echo(f"- {cell(line)}")
        return
    table = RichTable(title="napspec certification")
    table.add_column("target", no_wrap=True)
    for engine in engines:
        table.add_column(Text(engine), no_wrap=True)
    for target in targets:
        table.add_row(Text(target), *[Text(cells.get((target, e), "-")) for e in engines])
    console = _console()
    console.print(table)
    for line in _statements(documents):
        console.print(Text(line), soft_wrap=True)
    for line in provenance:
        console.print(Text(line), soft_wrap=True)


def _statements(documents: Sequence[dict[str, Any]]) -> list[str]:
    """What each report's certificate covers, in its own words (its ``scope``)."""
    lines = []
    for document in documents:
        scope = document.get("scope")
        if isinstance(scope, Mapping) and scope.get("statement"):
            said = f"{_engine_label(document)} against {printable(document['target']['name'])} covers: "
            said += printable(scope["statement"], limit=4000)
            if scope.get("too_narrow"):
                said += f" (too narrow to be a certificate: {printable(scope['too_narrow'], limit=2000)})"
            lines.append(said)
    return lines


def badge_name(document: dict[str, Any]) -> str:
    """A badge's file name: the target's report stem and the engine's name and version, so
    that two engines' badges for one target do not overwrite each other.

    >>> badge_name({"target": {"name": "hoyle"}, "engine": {"name": "tiny nap", "version": "0.3"}})
    'certify-hoyle--tiny_nap_0.3.svg'
    """
    engine = document["engine"]
    label = f"{engine.get('name', '?')} {engine.get('version', '')}".strip()
    return f"{report_stem(document['target']['name'])}--{report_stem(label).removeprefix('certify-')}.svg"


@click.command()
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
    """Write an SVG badge for a saved report: the target, the engine and the program that
    ran, the applicable scenarios passed; green when certified, "partial" for a narrowed
    run. The file is named after the target and the engine (.svg)."""
    import anybadge  # type: ignore[import-untyped]  # ships no type information

    document = _read_report(report)
    problems = _forged(document)
    if problems:
        click.echo(f"{printable(str(report), limit=1000)}: NOT VERIFIED: {'; '.join(problems)}; no badge drawn")
        sys.exit(int(ExitStatus.NOT_CERTIFIED))
    counts = document["summary"]
    target = printable(document["target"]["name"], limit=80)
    label = f"napspec {target} | {printable(_engine_label(document), limit=120)}"
    value = f"{counts['passed']}/{counts['applicable']}"
    if counts.get("certified"):
        value = f"certified{_covers(document)}"
    if counts.get("partial"):
        value += " partial"
        colour = "lightgrey"
    else:
        colour = "green" if counts["certified"] else ("orange" if counts["passed"] else "red")
    svg = anybadge.Badge(label, value, default_color=colour).badge_svg_text
    name = badge_name(document)
    try:
        written = ReportFolder.prepare(output_dir, [name]).write({name: svg})
    except (OSError, ValueError) as error:
        _fail(ExitStatus.USAGE_ERROR, f"--output-dir {output_dir}: cannot write the badge ({error})")
    click.echo(f"badge: {printable(written.paths[name], limit=2000)}")


def _report_problems(document: dict[str, Any], installed: str) -> list[str]:
    """What is wrong with a saved report: its digest, the suite it was made with, and
    everything its own cases contradict (the summary and ``certified`` rebuilt)."""
    problems = []
    if document.get("digest") != report_digest(document):
        problems.append("its digest does not match its content (it was changed after it was written)")
    if document["provenance"]["content_hash"] != installed:
        problems.append("it was made with another version of the suite than the one installed")
    problems += inconsistencies(document)
    return problems


def verify_command(default_oracle: str | None = None) -> click.Command:
    """The ``verify`` command, the oracle of ``--rerun``'s random deals by default the engine
    registered as ``default_oracle`` (``None``: the user must name one)."""

    @click.command(name="verify")
    @click.argument("reports", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option("--rerun", is_flag=True, help="Run each report again against the engine given, and compare.")
    @_certification_run_options(default_oracle)
    def verify(**options: Any) -> None:
        """Check saved reports: each is valid strict JSON, its digest matches its content, it
        was made with the suite installed here, and its summary, verdict and rule table are what
        its cases make them (rebuilt, not read). A report that verifies is consistent; it is not proof:
        with --rerun and the engine (--engine or --engine-command), each report is made again
        (its cases, and its random deals from the recorded seed) and compared, case by case.

        Exit status 0 if every report checks, 1 if one does not, 2 if one cannot be read (or
        a usage error), 4 if the engine could not start.
        """
        _verify(default_oracle, **options)

    return verify


def _verify(
    default_oracle: str | None,
    reports: tuple[Path, ...],
    rerun: bool,
    engine_name: str | None,
    engine_command: str | None,
    oracle_name: str | None,
    oracle_command: str | None,
    case_timeout: float,
    max_duration: float,
    max_restarts: int,
) -> None:
    installed = suite_hash()
    if rerun:
        _engine_choice(engine_name, engine_command)
    elif engine_name or engine_command:
        raise click.UsageError("--engine and --engine-command go with --rerun")
    documents = {path: _read_report(path) for path in reports}
    failures = 0
    for path, document in documents.items():
        problems = _report_problems(document, installed)
        if not problems and rerun:
            problems = _rerun_problems(
                document, engine_name, engine_command, oracle_name, oracle_command, case_timeout, max_duration,
                max_restarts, default_oracle,
            )  # fmt: skip
        shown = printable(str(path), limit=1000)
        if problems:
            failures += 1
            click.echo(f"{shown}: NOT VERIFIED: " + "; ".join(problems))
        else:
            how = "reproduced" if rerun else "verified"
            click.echo(
                f"{shown}: {how}: {_mark(document)} ({_engine_label(document)} against "
                f"{printable(document['target']['name'])})"
            )
    sys.exit(int(ExitStatus.NOT_CERTIFIED if failures else ExitStatus.CERTIFIED))


def _rerun_problems(
    document: dict[str, Any],
    engine_name: str | None,
    engine_command: str | None,
    oracle_name: str | None,
    oracle_command: str | None,
    case_timeout: float,
    max_duration: float,
    max_restarts: int,
    default_oracle: str | None,
) -> list[str]:
    """The differences between a saved report and the same run made again now (nothing is
    run when the engine given is not the program that made it); its random deals compared
    with the oracle named, or ``default_oracle``."""
    program = program_of(engine_name, shlex.split(engine_command) if engine_command else None)
    mismatch = compare_reports({"program": document.get("program")}, {"program": program})
    if mismatch:
        return mismatch
    differential = document.get("differential")
    oracle = None
    label = ""
    if differential is not None:
        oracle, label = _open_oracle(oracle_name, oracle_command, case_timeout, default_oracle)
    try:
        again = rerun_report(
            document,
            engine_name,
            engine_command,
            oracle=oracle,
            oracle_label=label,
            case_timeout=case_timeout,
            deadline=time.monotonic() + max_duration,
            max_restarts=max_restarts,
        )
    except ValueError as error:
        _fail(ExitStatus.USAGE_ERROR, str(error))
    finally:
        if oracle is not None:
            oracle.close()
    if again.outcome == "engine-unavailable":
        _fail(ExitStatus.ENGINE_UNAVAILABLE, f"the engine could not start: {again.engine_error}")
    return compare_reports(document, report_document(again))
