"""The ``napspec fuzz`` command: differential fuzzing of an engine against an oracle
(:mod:`napspec.conformance.fuzz`). It names no engine: the tree of ``napspec``'s commands
(:mod:`napspec.docs.commands`) says which engine is the oracle by default (:func:`fuzz_command`).

Exit statuses as ``napspec certify``'s (:class:`~napspec.spec.terminal.ExitStatus`):
0 no divergence, 1 a divergence found, 2 usage error, 3 interrupted, 4 an engine (or the
oracle) could not start or would not play the target, 5 internal error.
"""

from __future__ import annotations

import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.text import Text

from napspec.conformance.certify import parse_variants, resolve_target
from napspec.conformance.cli import case_timeout_option, max_duration_option, oracle_default
from napspec.conformance.harness import adopt_orphans, open_engine
from napspec.protocol import PROTOCOL, Engine, EngineError
from napspec.spec import PROFILE_IDS
from napspec.spec.errors import SpecError
from napspec.spec.terminal import ExitStatus, interrupt_on_signals, printable
from napspec.suite.targets import Target

if TYPE_CHECKING:
    from napspec.conformance.fuzz import Divergence, FuzzResult


#: The longest a whole fuzz run may take by default.
DEFAULT_FUZZ_SECONDS = 3600.0


def _console() -> Console:
    terminal = sys.stdout.isatty()
    return Console(highlight=False, soft_wrap=not terminal, width=None if terminal else 10_000)


def _fail(status: ExitStatus, message: str) -> None:
    click.echo(f"error: {printable(message)}", err=True)
    sys.exit(int(status))


def _one(name: str | None, command: str | None, what: str, default: str | None) -> tuple[str | None, str | None]:
    if name and command:
        raise click.UsageError(f"give --{what} or --{what}-command, not both")
    if command is not None and not command.strip():
        raise click.UsageError(f"--{what}-command is empty")
    if not name and not command:
        if default is None:
            raise click.UsageError(f"no {what}: give --{what} NAME or --{what}-command CMD")
        return default, None
    return name, command


def _label(engine: Engine, fallback: str) -> str:
    try:
        hello = engine.hello()
        text = f"{hello['engine']['name']} {hello['engine']['version']}"
    except (EngineError, KeyError, TypeError):
        text = fallback
    # An engine's name is its own text: inert, and on one line.
    return printable(text).replace("\n", " ").replace("\t", " ")[:120]


def fuzz_command(default_oracle: str | None = None) -> click.Command:
    """The ``fuzz`` command, its oracle by default the engine registered as ``default_oracle``
    (``None``: the user must name one)."""

    @click.command(name="fuzz")
    @click.option("--engine", "engine_name", metavar="NAME", help="The engine under test, registered by name.")
    @click.option(
        "--engine-command",
        metavar="CMD",
        help=f"The engine under test, a command that speaks {PROTOCOL} (or an older napspec/1.x).",
    )
    @click.option(
        "--oracle",
        "oracle_name",
        metavar="NAME",
        help="The engine to compare with, by name" + oracle_default(default_oracle),
    )
    @click.option("--oracle-command", metavar="CMD", help="The engine to compare with, a command.")
    @click.option(
        "--profile", type=click.Choice(list(PROFILE_IDS)), help="The rules played (or the house rules' base)."
    )
    @click.option("--variants", metavar="NAMES", help="With --profile: the profile's bundles of these variants.")
    @click.option("--house-rules", type=click.Path(dir_okay=False, path_type=Path), help="Play these house rules.")
    @click.option("--deals", type=click.IntRange(min=1), default=100, show_default=True, help="Deals to play at most.")
    @click.option("--irregular", is_flag=True, help="Commit faults too: deals, exposed cards, revokes, out of turn.")
    @click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="The random seed.")
    @case_timeout_option
    @max_duration_option(DEFAULT_FUZZ_SECONDS)
    @click.option("--no-shrink", is_flag=True, help="Report the first divergence as found, unshrunk.")
    @click.option(
        "--shrink-seconds",
        type=click.FloatRange(min=0, min_open=True),
        default=120.0,
        show_default=True,
        help="Seconds shrinking may take; then the smallest case found so far is printed.",
    )
    def command(**options: Any) -> None:
        """Play random deals through an engine and an oracle in lockstep, compare every
        answer, and print the first divergence, shrunk, as a scenario.

        Most actions are legal ones (each kind as likely: a pass as a call); some are
        actions the oracle does not list (a call too low, a card not held, a claim of no
        offence, a question for the call), which the engine must refuse as it does; with
        --irregular, some are faults. One deal in sixteen is the draw for the first dealer
        (and under the pool, one more the end of a session).

        Exit status: 0 no divergence, 1 a divergence, 2 usage error, 3 interrupted, 4 an
        engine could not start or would not play the target, 5 internal error.
        """
        try:
            _fuzz(default_oracle, **options)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(int(ExitStatus.INTERRUPTED))

    return command


def _fuzz(
    default_oracle: str | None,
    engine_name: str | None,
    engine_command: str | None,
    oracle_name: str | None,
    oracle_command: str | None,
    profile: str | None,
    variants: str | None,
    house_rules: Path | None,
    deals: int,
    irregular: bool,
    seed: int,
    case_timeout: float,
    no_shrink: bool,
    shrink_seconds: float,
    max_duration: float,
) -> None:
    deadline = time.monotonic() + max_duration
    engine_name, engine_command = _one(engine_name, engine_command, "engine", None)
    oracle_name, oracle_command = _one(oracle_name, oracle_command, "oracle", default_oracle)
    if not profile and not house_rules:
        raise click.UsageError("give --profile (or --house-rules)")
    if variants is not None and house_rules:
        raise click.UsageError("--variants goes with --profile: house rules name their variants in the file")
    try:
        wanted = parse_variants(variants)
        if wanted is None:
            raise ValueError("--variants each: fuzz plays one target; name the variants")
        target = resolve_target(profile, str(house_rules) if house_rules else None, wanted)
        engine = open_engine(engine_name, engine_command, case_timeout=case_timeout)
        oracle = open_engine(oracle_name, oracle_command, case_timeout=case_timeout)
    except (SpecError, ValueError) as error:
        _fail(ExitStatus.USAGE_ERROR, str(error))
        return
    adopt_orphans()
    stop = interrupt_on_signals()
    console = _console()
    try:
        for who, wrapped in (("engine", engine), ("oracle", oracle)):
            try:
                wrapped.hello()
            except EngineError as error:
                _fail(ExitStatus.ENGINE_UNAVAILABLE, f"the {who} could not start: {error}")
        engine_label = _label(engine, engine_name or engine_command or "engine")
        oracle_label = _label(oracle, oracle_name or oracle_command or "oracle")
        console.print(
            Text(
                f"fuzzing {engine_label} against {oracle_label} under {target.name}: up to {deals} deals, "
                f"seed {seed}{', irregular play' if irregular else ''}"
            ),
            soft_wrap=True,
        )
        # Imported here: hypothesis, which draws the deals, is a tenth of a second that every
        # other napspec command would pay at start-up.
        from napspec.conformance.fuzz import fuzz

        result = fuzz(
            engine,
            oracle,
            target,
            deals=deals,
            irregular=irregular,
            seed=seed,
            shrink=not no_shrink,
            shrink_seconds=min(shrink_seconds, max(1.0, deadline - time.monotonic())),
            deadline=deadline,
            stop=stop,
        )
        _report(console, result, target, engine_label)
    except KeyboardInterrupt:
        console.print(Text("interrupted", style="yellow"))
        sys.exit(int(ExitStatus.INTERRUPTED))
    except SystemExit:
        raise
    except Exception:
        if stop.is_set():
            # The interrupt landed inside hypothesis, which turned it into an error of its own.
            console.print(Text("interrupted", style="yellow"))
            sys.exit(int(ExitStatus.INTERRUPTED))
        traceback.print_exc()
        _fail(ExitStatus.INTERNAL_ERROR, "internal error of napspec fuzz (the traceback above)")
    finally:
        engine.close()
        oracle.close()
    sys.exit(int(result.status))


def _report(console: Console, result: FuzzResult, target: Target, engine_label: str) -> None:
    short = (
        f" ({result.cut_short} of them ended before the hand did, at the fuzzer's limit of random "
        "choices in one deal; every action up to there was compared)"
        if result.cut_short
        else ""
    )
    speed = (
        f"{result.deals} deals{short}, {result.cases} cases in {result.seconds:.1f} s "
        f"({result.deals_per_second:.2f} deals/s)"
    )
    if result.stopped:
        console.print(Text(f"stopped: {printable(result.stopped)} ({speed})", style="red"), soft_wrap=True)
        return
    divergence = result.divergence
    if divergence is None:
        console.print(Text(f"no divergence: {speed}", style="green"), soft_wrap=True)
        return
    if divergence.nondeterministic:
        _report_nondeterminism(console, divergence, speed)
        return
    how = "shrunk to" if divergence.shrunk else "not shrunk (the engine crashed or hung):"
    console.print(
        Text(
            f"DIVERGENCE found in deal {divergence.found_after}, {how} {len(divergence.case['actions'])} actions "
            f"({speed})",
            style="red",
        ),
        soft_wrap=True,
    )
    console.print(Text(f"rules it touches: {', '.join(divergence.rules) or 'none known'}"), soft_wrap=True)
    from napspec.conformance.fuzz import scenario_text

    console.print(Text(scenario_text(divergence, target, engine_label)), soft_wrap=True)


def _report_nondeterminism(console: Console, divergence: Divergence, speed: str) -> None:
    """The case the engine answered twice differently, and both answers (as JSON, inert)."""
    import json

    console.print(
        Text(
            f"NON-DETERMINISM found in deal {divergence.found_after}: the engine answered the same case "
            f"twice differently ({speed})",
            style="red",
        ),
        soft_wrap=True,
    )
    first, then = (divergence.differences[0].oracle, divergence.differences[0].engine)
    for label, shown in (("case", divergence.case), ("first answer", first), ("second answer", then)):
        text = printable(json.dumps(shown, ensure_ascii=False), limit=20_000)
        console.print(Text(f"{label}: ", style="bold") + Text(text), soft_wrap=True)
