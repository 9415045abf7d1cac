"""The harness's commands of ``napspec``: ``smoke``, ``certify`` and ``bench-certify``
(``summary``, ``badge`` and ``verify`` are :mod:`napspec.conformance.reports_cli`'s). They are
attached to nothing here: :mod:`napspec.docs.commands` builds the tree. They name no engine:
the user gives one, or gets a usage error; the oracle that ``certify`` and ``bench-certify``
compare random deals with when none is named is given to their factories
(:func:`certify_command`, :func:`bench_certify_command`) by the tree.

Exit statuses (:class:`~napspec.spec.terminal.ExitStatus`): 0 certified (or: the
check passed), 1 not certified (the check failed), 2 usage error, 3 interrupted, 4 the
engine could not start, 5 internal error.
"""

from __future__ import annotations

import shlex
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

import click
from rich.console import Console
from rich.text import Text

from napspec.conformance.certificate import certify_target
from napspec.conformance.certify import (
    Certification,
    SelectionError,
    check_report_dir,
    exit_status,
    parse_variants,
    print_summary,
    resolve_target,
    variant_targets,
    write_reports,
)
from napspec.conformance.differential import DEALS
from napspec.conformance.harness import CASE_TIMEOUT, MAX_RESTARTS, adopt_orphans, end_orphans, open_engine
from napspec.conformance.integrity import program_of
from napspec.protocol import PROTOCOL, EngineError
from napspec.spec import PROFILE_IDS
from napspec.spec.errors import SpecError
from napspec.spec.terminal import ExitStatus, interrupt_on_signals, printable

_ENGINE_OPTIONS = "give --engine NAME (an installed engine) or --engine-command CMD (a program speaking napspec/1.x)"


def _console() -> Console:
    # Piped output is not wrapped: a line of a report is one line of the log.
    terminal = sys.stdout.isatty()
    return Console(highlight=False, soft_wrap=not terminal, width=None if terminal else 10_000)


def _fail(status: ExitStatus, message: str) -> NoReturn:
    click.echo(f"error: {printable(message, limit=2000)}", err=True)
    sys.exit(int(status))


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
    help=f"A command starting an engine that speaks {PROTOCOL} (or an older napspec/1.x) on stdin/stdout.",
)
#: ``--case-timeout``, as every command that runs an engine takes it (``certify``, ``fuzz``...).
case_timeout_option = click.option(
    "--case-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=CASE_TIMEOUT,
    show_default=True,
    help="Seconds an engine may take per case (a hard deadline).",
)


#: The longest a whole certify run may take by default (a correct engine is far quicker).
DEFAULT_CERTIFY_SECONDS = 7200.0


def oracle_default(default_oracle: str | None) -> str:
    """How an ``--oracle`` option's help ends: the engine it defaults to, or that there is none.

    >>> oracle_default("tiny-nap"), oracle_default(None)
    (" (default: the engine 'tiny-nap')", ' (no default: give one)')
    """
    return f" (default: the engine {default_oracle!r})" if default_oracle else " (no default: give one)"


def _oracle_options(default_oracle: str | None) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def add(function: Callable[..., None]) -> Callable[..., None]:
        function = click.option(
            "--oracle-command", metavar="CMD", help="The oracle of the differential part, a command."
        )(function)
        return click.option(
            "--oracle",
            "oracle_name",
            metavar="NAME",
            help="The oracle of the differential part: an engine registered under napspec.engines"
            + oracle_default(default_oracle)
            + ".",
        )(function)

    return add


def max_duration_option(default: float) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """``--max-duration``: the longest the whole run may take (seconds)."""
    return click.option(
        "--max-duration",
        type=click.FloatRange(min=0, min_open=True),
        default=default,
        show_default=True,
        help="Seconds the whole run may take; then it stops, not certified, its report partial.",
    )


_max_restarts_option = click.option(
    "--max-restarts",
    type=click.IntRange(min=0),
    default=MAX_RESTARTS,
    show_default=True,
    help="Restarts of a crashed engine per target before it is given up.",
)


def _certification_run_options(default_oracle: str | None) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The options of a run of the certification against an engine, one set for the two
    commands that make one, ``certify`` and ``verify --rerun``, so that they cannot drift
    apart: the engine, the oracle of the random deals (``default_oracle`` when none is
    named), the deadline per case and of the run, and the restarts a crashed engine is given."""

    def add(function: Callable[..., None]) -> Callable[..., None]:
        for option in reversed(
            (
                _engine_name_option,
                _engine_command_option,
                _oracle_options(default_oracle),
                case_timeout_option,
                max_duration_option(DEFAULT_CERTIFY_SECONDS),
                _max_restarts_option,
            )
        ):
            function = option(function)
        return function

    return add


def _open_oracle(
    oracle_name: str | None, oracle_command: str | None, case_timeout: float, default_oracle: str | None
) -> tuple[Any, str]:
    """The oracle, wrapped by the harness like any engine (``default_oracle`` when neither
    ``--oracle`` nor ``--oracle-command`` is given), and the label it was chosen by."""
    if oracle_name and oracle_command:
        raise click.UsageError("give --oracle or --oracle-command, not both")
    name = oracle_name or (None if oracle_command else default_oracle)
    if not name and not (oracle_command and oracle_command.strip()):
        raise click.UsageError("no oracle for the random deals: give --oracle NAME or --oracle-command CMD")
    return open_engine(name, oracle_command, case_timeout=case_timeout), printable(name or oracle_command or "")


def certify_command(default_oracle: str | None = None) -> click.Command:
    """The ``certify`` command, the oracle of its random deals by default the engine registered
    as ``default_oracle`` (``None``: the user must name one)."""

    @click.command(name="certify")
    @_certification_run_options(default_oracle)
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
        "--report-dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=Path("build/certify"),
        show_default=True,
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
    @click.option(
        "--differential-deals",
        type=click.IntRange(min=0),
        default=DEALS,
        show_default=True,
        help="Random deals per target played through the engine and the oracle (0: none, and no certificate).",
    )
    @click.option(
        "--seed",
        type=click.IntRange(min=0),
        default=None,
        help="The seed of the random deals (default: a fresh one, recorded in the report).",
    )
    def certify(**options: Any) -> None:
        """Run the conformance suite against an engine and report rule by rule.

        A whole run of each target also plays random deals through the engine and an oracle
        (every answer compared; the seed recorded) and sends cases twice (an answer that changes
        is non-determinism): both are part of the certificate. A run narrowed by --rule,
        --scenario or -x is partial: never certified.

        Writes certify-<target>.json and .junit.xml into the report folder for each target,
        once the engine and everything it started have ended (before printing anything).
        Exit status: 0 certified under every target (a partial run: every selected scenario
        passed), 1 not certified (or the report folder was tampered with during the run, or
        --max-duration stopped the run before every target was run), 2 usage error, 3
        interrupted (partial report written), 4 the engine could not start or handshake (the
        report says why), 5 internal error.
        """
        try:
            _certify(default_oracle, **options)
        except KeyboardInterrupt:  # before or after the run itself (which handles its own)
            click.echo("interrupted", err=True)
            sys.exit(int(ExitStatus.INTERRUPTED))

    return certify


def _certify(
    default_oracle: str | None,
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
    oracle_name: str | None,
    oracle_command: str | None,
    differential_deals: int,
    seed: int | None,
    max_duration: float,
) -> None:
    deadline = time.monotonic() + max_duration
    _engine_choice(engine_name, engine_command)
    if house_rules and len(profiles) > 1:
        raise click.UsageError("--house-rules goes with at most one --profile (its base)")
    names: list[str | None] = list(PROFILE_IDS) if "all" in profiles else list(profiles)
    if not names and not house_rules:
        raise click.UsageError("give --profile (or --house-rules)")
    if variants is not None and house_rules:
        raise click.UsageError("--variants goes with --profile: house rules name their variants in the file")
    console = _console()
    partial = bool(rules or scenarios or exitfirst)
    oracle = None
    oracle_label = ""
    try:
        if house_rules:
            targets = [resolve_target(name, str(house_rules)) for name in names or [None]]
        else:
            wanted = parse_variants(variants)
            targets = [target for name in names if name for target in variant_targets(name, wanted)]
        folder = check_report_dir(report_dir, [target.name for target in targets])
        from napspec.spec import load

        unknown = [rule for rule in rules if not any(r == rule or r.startswith(rule + ".") for r in load().rules)]
        if unknown:
            raise ValueError(f"--rule {', '.join(unknown)}: no such rule in the register")
        command = shlex.split(engine_command) if engine_command else None
        open_engine(engine_name, engine_command, case_timeout=case_timeout, max_restarts=max_restarts).close()
        if not partial and differential_deals:
            oracle, oracle_label = _open_oracle(oracle_name, oracle_command, case_timeout, default_oracle)
    except (SpecError, ValueError) as error:
        _fail(ExitStatus.USAGE_ERROR, str(error))
    program = program_of(engine_name, command)
    interrupt_on_signals()  # the run itself routes them to a request to stop between cases
    adopt_orphans()  # the engines are this command's only children
    results: list[Certification] = []
    tampered = False
    out_of_time = False
    try:
        for target in targets:
            try:
                result = certify_target(
                    target,
                    engine_name,
                    engine_command,
                    case_timeout=case_timeout,
                    max_restarts=max_restarts,
                    rules=rules,
                    scenarios=scenarios,
                    exitfirst=exitfirst,
                    deadline=deadline,
                    oracle=oracle,
                    oracle_label=oracle_label,
                    deals=differential_deals,
                    seed=seed,
                    program=program,
                )
            except SelectionError as error:  # a selection that matches nothing: no report written
                _fail(ExitStatus.USAGE_ERROR, str(error))
            # Every process of the engine has ended: the reports are written now, and only now.
            written = write_reports(result, folder)
            print_summary(result, console)
            json_path, junit_path = written.paths.values()
            console.print(Text(f"reports: {printable(json_path)}, {printable(junit_path)}\n"), soft_wrap=True)
            if written.tampering:
                tampered = True
                console.print(
                    Text("REPORT FOLDER TAMPERED WITH: ", style="bold red")
                    + Text("; ".join(written.tampering) + "; the reports were written to the folder above instead"),
                    soft_wrap=True,
                )
            results.append(result)
            out_of_time = time.monotonic() > deadline
            if result.outcome != "complete" or (exitfirst and not result.passed) or out_of_time:
                break  # interrupted, the engine is gone, or the time is up: the other targets are not run
    except KeyboardInterrupt:
        console.print(Text("interrupted", style="yellow"))
        sys.exit(int(ExitStatus.INTERRUPTED))
    except Exception:
        traceback.print_exc()
        _fail(ExitStatus.INTERNAL_ERROR, "internal error of napspec certify (the traceback above)")
    finally:
        if oracle is not None:
            oracle.close()
    skipped = [t.name for t in targets[len(results) :]]
    # A run stopped before its last target is not certified, whatever the targets it ran did.
    status = exit_status(results, not_run=skipped)
    if tampered and status == ExitStatus.CERTIFIED:
        status = ExitStatus.NOT_CERTIFIED
    if skipped and out_of_time:
        console.print(
            Text(
                f"the run reached its --max-duration ({max_duration:g} s) before every target was run: "
                f"not certified (not run: {', '.join(printable(name) for name in skipped)})",
                style="red",
            ),
            soft_wrap=True,
        )
    _print_verdict(console, results, status, skipped)
    sys.exit(int(status))


def _print_verdict(console: Console, results: Sequence[Certification], status: ExitStatus, skipped: list[str]) -> None:
    """One line that says how the whole run went, whatever the number of targets."""
    if len(results) + len(skipped) < 2 and status in (ExitStatus.CERTIFIED, ExitStatus.NOT_CERTIFIED):
        return  # one target: its verdict was the last line printed
    passed = [printable(r.target) for r in results if r.passed]
    failed = [printable(r.target) for r in results if not r.passed]
    partial = any(r.partial for r in results)
    words = {
        ExitStatus.CERTIFIED: ("PARTIAL RUN, NOT CERTIFIED", "yellow") if partial else ("CERTIFIED", "green"),
        ExitStatus.NOT_CERTIFIED: ("NOT CERTIFIED", "red"),
        ExitStatus.INTERRUPTED: ("INTERRUPTED", "yellow"),
        ExitStatus.ENGINE_UNAVAILABLE: ("ENGINE COULD NOT START", "red"),
        ExitStatus.INTERNAL_ERROR: ("INTERNAL ERROR", "red"),
    }[status]
    line = Text(f"overall: {words[0]}", style=words[1]) + Text(
        f" ({'the selected scenarios passed under' if partial else 'certified against'} {', '.join(passed) or 'none'}"
        + (f"; not against {', '.join(failed)}" if failed else "")
        + (f"; not run: {', '.join(skipped)}" if skipped else "")
        + f"; exit status {int(status)})"
    )
    console.print(line, soft_wrap=True)


# ---------------------------------------------------------------------------------- smoke


@click.command()
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
    adopt_orphans()  # what the engine starts is ended with it, as certify does
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
        case, unfit = smoke_case(hello["capabilities"], hello["protocol"])
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
        end_orphans()
    console.print(
        Text(f"{name}: ", style="bold")
        + Text("ok", style="green")
        + Text(f" (started, handshook, played a case, said bye in {time.perf_counter() - started:.2f} s)"),
        soft_wrap=True,
    )


# -------------------------------------------------------------------------------- benchmark


def bench_certify_command(default_oracle: str | None = None) -> click.Command:
    """The ``bench-certify`` command, the oracle of its random deals by default the engine
    registered as ``default_oracle`` (``None``: the user must name one)."""

    @click.command(name="bench-certify")
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
    @click.option(
        "--repeat", type=click.IntRange(min=1), default=1, show_default=True, help="Runs per route (best kept)."
    )
    @click.option(
        "--seed", type=click.IntRange(min=0), default=1, show_default=True, help="The seed of the random deals."
    )
    @click.option(
        "--oracle",
        "oracle_name",
        metavar="NAME",
        help="The oracle of the random deals" + oracle_default(default_oracle) + ".",
    )
    def bench_certify(**options: Any) -> None:
        """Time certifications of one engine, in-process and over the protocol: the scenarios
        alone, and the whole certificate (the scenarios and the random deals, from ``--seed``), the
        answers the random deals compared, and the ratios (what the random deals cost, and what
        the protocol costs). Each figure is the best of ``--repeat`` runs, in seconds of the
        clock and of the process's processor."""
        _bench_certify(default_oracle, **options)

    return bench_certify


def _bench_certify(
    default_oracle: str | None,
    engine_name: str,
    engine_command: str,
    profiles: tuple[str, ...],
    repeat: int,
    seed: int,
    oracle_name: str | None,
) -> None:
    names = list(PROFILE_IDS) if "all" in profiles else list(profiles)
    targets = [resolve_target(name, None) for name in names]
    oracle_label = oracle_name or default_oracle
    if oracle_label is None:
        raise click.UsageError("bench-certify needs an oracle: give --oracle NAME")
    oracle = open_engine(oracle_label, None)
    timings: dict[tuple[str, str], tuple[float, float]] = {}
    try:
        for label, name, command in (("in-process", engine_name, None), ("protocol", None, engine_command)):
            for part, deals in (("scenarios", 0), ("certificate", DEALS)):
                best = (float("inf"), float("inf"))
                for _ in range(repeat):
                    answers = 0
                    clock, processor = time.perf_counter(), time.process_time()
                    for target in targets:
                        result = certify_target(target, name, command, oracle=oracle, deals=deals, seed=seed)
                        if result.outcome != "complete":
                            _fail(ExitStatus.ENGINE_UNAVAILABLE, f"{label}: {result.engine_error or result.outcome}")
                        answers += int((result.differential or {}).get("cases", 0))
                    spent = (time.perf_counter() - clock, time.process_time() - processor)
                    best = min(best, spent)
                timings[(label, part)] = best
                said = f" ({answers:,} random answers compared)" if deals else ""
                click.echo(
                    f"{label}, {part}: {best[0]:.2f} s ({best[1]:.2f} s of processor){said} ({', '.join(names)})"
                )
            whole, alone = timings[(label, "certificate")], timings[(label, "scenarios")]
            click.echo(f"{label}: the whole certificate takes {whole[0] / alone[0]:.2f} times the scenarios alone")
    finally:
        oracle.close()
    protocol, local = timings[("protocol", "certificate")], timings[("in-process", "certificate")]
    click.echo(f"ratio protocol / in-process (the whole certificate): {protocol[0] / local[0]:.2f}")


__all__ = ["bench_certify_command", "case_timeout_option", "certify_command", "max_duration_option", "smoke"]
