"""The ``napspec discover`` command: the rules an engine plays, found from its play
(:mod:`napspec.conformance.discover`), and the house-rules file that describes it (attached
to nothing here: :mod:`napspec.docs.commands` builds the tree).

Exit statuses as ``napspec certify``'s (:class:`~napspec.spec.terminal.ExitStatus`):
0 the rules were found and the file written, 2 usage error (or a file that cannot be
written), 3 interrupted, 4 the engine could not start or handshake, or crashed as often as
it may be restarted (nothing is written), 5 internal error.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from napspec.conformance.certify import selects
from napspec.conformance.cli import case_timeout_option
from napspec.conformance.discover import TABLE_SIZES, Discovery, OptionFinding, discover, suite_rows
from napspec.conformance.harness import adopt_orphans, open_engine
from napspec.conformance.report_schemas import REPORT_SCHEMAS
from napspec.protocol import PROTOCOL, EngineError, EngineUnavailable
from napspec.spec import PROFILE_IDS, load
from napspec.spec.terminal import ExitStatus, interrupt_on_signals, printable
from napspec.suite.scenarios import load_scenarios

#: Where the house-rules file goes unless told.
DEFAULT_OUTPUT = Path("build/discover/house-rules.toml")

#: A point's verdict in words.
VERDICT_WORDS = {
    "plays": "plays",
    "plays-none": "plays none of the sources' values",
    "not-judged": "not judged",
}


def _console() -> Console:
    terminal = sys.stdout.isatty()
    return Console(highlight=False, soft_wrap=not terminal, width=None if terminal else 10_000)


def _fail(status: ExitStatus, message: str) -> None:
    click.echo(f"error: {printable(message)}", err=True)
    sys.exit(int(status))


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file renamed into place)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


@click.command("discover")
@click.option(
    "--engine", "engine_name", metavar="NAME", help="An engine registered under the napspec.engines entry points."
)
@click.option(
    "--engine-command",
    metavar="CMD",
    help=f"A command starting an engine that speaks {PROTOCOL} (or an older napspec/1.x) on stdin/stdout.",
)
@click.option(
    "--profile",
    "profiles",
    multiple=True,
    type=click.Choice(PROFILE_IDS),
    help="Compare with this profile only (repeatable; every profile by default).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=DEFAULT_OUTPUT,
    show_default=True,
    help="The house-rules file to write.",
)
@click.option(
    "--json",
    "json_output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the findings, point by point and value by value, as JSON.",
)
@click.option(
    "--rule",
    "rules",
    multiple=True,
    metavar="ID",
    help="Only scenarios testing this rule (or the rules under this id, e.g. calling); repeatable.",
)
@case_timeout_option
@click.option(
    "--max-restarts",
    type=click.IntRange(min=0),
    default=5,
    show_default=True,
    help="Restarts of a crashed engine before it is given up.",
)
def discover_command(
    engine_name: str | None,
    engine_command: str | None,
    profiles: tuple[str, ...],
    output: Path,
    json_output: Path | None,
    rules: tuple[str, ...],
    case_timeout: float,
    max_restarts: int,
) -> None:
    """Find the rules an engine plays, point by point, from its play.

    Every variation point of the plain game is tried at each value its scenarios are
    written for, and each variant of the closest profile as that profile plays it; a value
    the engine declares is judged by its play, not taken on its word. Prints, point by point, the
    value found (or that it plays none of the sources' values), the profile it is closest
    to, and writes the house-rules file that describes it: `napspec certify --house-rules
    FILE` is then the engine's certificate.
    """
    selected = [scenario for scenario in load_scenarios() if not rules or selects(rules, scenario.rules)]
    if not selected:
        raise click.UsageError(f"no scenario tests the rule(s) {', '.join(map(printable, rules))}")
    adopt_orphans()
    stop = interrupt_on_signals()
    try:
        engine = open_engine(engine_name, engine_command, case_timeout=case_timeout, max_restarts=max_restarts)
    except ValueError as error:
        raise click.UsageError(str(error).replace("certify needs", "discover needs")) from None
    console = _console()
    try:
        try:
            hello = engine.hello()
        except EngineError as error:
            console.print(Text("engine could not start: ", style="red") + Text(printable(str(error))), soft_wrap=True)
            sys.exit(int(ExitStatus.ENGINE_UNAVAILABLE))
        name = printable(f"{hello['engine']['name']} {hello['engine']['version']}")
        found = discover(engine, engine_name=name, profiles=profiles, rows=suite_rows(selected), stop=stop)
    except EngineUnavailable as error:
        console.print(
            Text("the engine could not be run any more: ", style="red") + Text(printable(str(error))), soft_wrap=True
        )
        sys.exit(int(ExitStatus.ENGINE_UNAVAILABLE))
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(int(ExitStatus.INTERRUPTED))
    except Exception:
        if stop.is_set():  # an interrupt a library turned into an error of its own
            click.echo("interrupted", err=True)
            sys.exit(int(ExitStatus.INTERRUPTED))
        traceback.print_exc()
        _fail(ExitStatus.INTERNAL_ERROR, "internal error of napspec discover (the traceback above)")
        return
    finally:
        engine.close()
    findings = found.as_json()
    problems = REPORT_SCHEMAS.errors("discovery", findings)
    if problems:  # a fault of napspec's own: nothing is written
        _fail(ExitStatus.INTERNAL_ERROR, "the findings do not fit their schema: " + "; ".join(problems))
    try:
        _write(output, found.house_rules())
        if json_output is not None:
            _write(json_output, json.dumps(findings, indent=2, ensure_ascii=False) + "\n")
    except OSError as error:
        _fail(ExitStatus.USAGE_ERROR, f"{error.filename or output}: cannot be written: {error.strerror or error}")
    print_discovery(found, console)
    console.print(Text(f"house rules written to {printable(str(output))}", style="bold"), soft_wrap=True)


def _value(option: str, value: Any) -> str:
    """A value as readers see it (its words; the file writes its id)."""
    return printable(load().options[option].phrase(value))


def _others(finding: OptionFinding) -> Text:
    text = Text()
    for trial in finding.trials:
        value = trial.values[finding.option]
        if type(value) is type(finding.chosen) and value == finding.chosen:
            continue
        if not trial.tally.judged:
            continue
        if text:
            text.append(", ")
        text.append(f"{_value(finding.option, value)} {trial.tally.shown()}")
    return text or Text("-")


def _verdict(finding: OptionFinding) -> str:
    """The verdict in words, with the other values the rows do not tell from the one found."""
    also = [
        _value(finding.option, value)
        for value in finding.played
        if not (type(value) is type(finding.chosen) and value == finding.chosen)
    ]
    words = VERDICT_WORDS[finding.verdict]
    if finding.verdict == "plays" and also and finding.option not in TABLE_SIZES:
        words += f" (the rows do not tell it from: {', '.join(also)})"
    return words


def print_discovery(found: Discovery, console: Console) -> None:
    """The findings: the profiles compared, each point's value, the variants, the time."""
    register = load()
    console.print(Text(f"{found.engine}", style="bold"), soft_wrap=True)
    profiles = Text("profiles (rows passed of rows run under each): ")
    for number, (profile, tally) in enumerate(found.profiles.items()):
        if number:
            profiles.append(", ")
        profiles.append(f"{profile} {tally.shown()}", style="bold" if profile == found.closest else "")
    console.print(profiles, soft_wrap=True)
    console.print(Text(f"closest profile: {found.closest}", style="bold"), soft_wrap=True)
    table = RichTable(title="the plain game, point by point")
    for column in ("variation point", "value found", "verdict", "rows", found.closest, "other values tried"):
        table.add_column(column)
    for finding in found.options:
        rows = finding.tally_of(finding.chosen)
        style = "red" if finding.verdict == "plays-none" else ("yellow" if finding.deviates else "")
        table.add_row(
            Text(register.options[finding.option].title),
            Text(_value(finding.option, finding.chosen) + (" (uncited)" if finding.uncited else ""), style=style),
            Text(_verdict(finding), style=style),
            Text(rows.shown() if rows else "-"),
            Text("same" if not finding.deviates else _value(finding.option, finding.profile_value)),
            _others(finding),
        )
    console.print(table)
    for variant in found.variants:
        words = {"played": "played", "not-played": "not played", "not-judged": "not judged"}[variant.tally.verdict]
        console.print(
            Text(f"variant {variant.name} as {found.closest} plays it: {words} ({variant.tally.shown()} rows)"),
            soft_wrap=True,
        )
    if found.seats:
        console.print(
            Text(
                f"seats {', '.join(map(str, found.seats))} players (its handshake): the bounds of the rules take them"
            ),
            soft_wrap=True,
        )
    for said in found.otherwise():
        console.print(Text("plays what no source gives: ", style="yellow") + Text(said), soft_wrap=True)
    deviations = found.deviations
    console.print(
        Text(
            f"{len(deviations)} point(s) away from {found.closest}"
            + (": " + ", ".join(finding.option for finding in deviations) if deviations else "")
        ),
        soft_wrap=True,
    )
    certificate = found.certificate
    console.print(
        Text(
            f"under the rules found, {certificate.passed} of {certificate.passed + certificate.failed} rows of the"
            f" plain game played pass ({certificate.declined} declined by the engine, {certificate.left_out} it cannot"
            f" play whatever the rules); {found.rows_run} rows run in {found.seconds:.1f} s"
        ),
        soft_wrap=True,
    )
    for label in certificate.failing:
        console.print(Text(f"  fails: {label} ({', '.join(found.rules.get(label, ()))})"), soft_wrap=True)


__all__ = ["discover_command", "print_discovery"]
