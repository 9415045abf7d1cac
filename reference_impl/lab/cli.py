"""The ``napspec-lab`` command: the analyses of the game by machine, beside the engine.

``napspec-lab solve "AS KS QS 2H 2D" --hands-dealt 4`` prints how many tricks the hand is sure
of against every layout and defence (:mod:`napspec.lab.solver`), the strategy's opening leads,
and a defence holding it to fewer than one trick more after each lead. ``napspec-lab sweep
--hands-dealt 4 --jobs 2 --out sweep.json`` does it for every five-card hand up to the symmetry
of the suits (:mod:`napspec.lab.sweep`). ``napspec-lab claims`` judges what the sources claim
(``spec/claims.toml``) and writes or checks the evidence beside them, reading the stored sweeps
of the checkout (``--results DIR`` elsewhere: they are not in the wheel).
``napspec-lab bench-solver`` and ``napspec-lab bench-simulation`` time the solver and the
simulation the claims rest on; ``napspec-lab compare`` times the engine against OpenSpiel.

Exit statuses as ``napspec-reference``'s (:class:`napspec.reference.cli.Command`).

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(main, ["solve", "AS KS QS JS TS", "--hands-dealt", "3"])
>>> result.exit_code, "sure of 5" in result.output
(0, True)
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from napspec.lab.compare import compare
from napspec.reference.cards import format_cards
from napspec.reference.cli import VARIANTS_HELP, Command, chosen_rules
from napspec.reference.errors import NapError
from napspec.reference.rules import Rules


class LabCommand(Command):
    """The lab's group: the engine's exit statuses and handling of signals (a sweep or a
    simulation stopped by Ctrl-C or SIGTERM keeps what its store holds)."""

    program = "napspec-lab"


def _scheduler_option(command: Any) -> Any:
    """``--scheduler ADDRESS``: run the work on a Dask cluster (the ``lab`` extra)."""
    return click.option(
        "--scheduler",
        envvar="NAPSPEC_SCHEDULER",
        metavar="ADDRESS",
        help="run the work on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786; "
        "env NAPSPEC_SCHEDULER; needs the lab extra); default: the local cores",
    )(command)


_Decorated = TypeVar("_Decorated", bound=Callable[..., Any])


def _hands_dealt_option(default: int) -> Callable[[_Decorated], _Decorated]:
    """``--hands-dealt N``: the table of an analysis, two to ten hands (ten use fifty cards)."""
    return click.option(
        "--hands-dealt",
        default=default,
        show_default=True,
        type=click.IntRange(2, 10),
        help="hands dealt, the soloist's included",
    )


def _progress_option(command: Any) -> Any:
    """``--progress-every SECONDS``: the progress of a long run written to standard error even
    when it is not a terminal (a log file, a batch job's output), a line every SECONDS."""

    @functools.wraps(command)
    def with_progress(*args: Any, progress_every: float | None, **kwargs: Any) -> Any:
        from napspec.lab.progress import progress_to_log

        with progress_to_log(progress_every):
            return command(*args, **kwargs)

    return click.option(
        "--progress-every",
        type=click.FloatRange(min=0.1),
        envvar="NAPSPEC_PROGRESS_EVERY",
        metavar="SECONDS",
        help="write the progress (done, rate, time left) to standard error even when it is not a terminal "
        "(a log, a batch job), a line every SECONDS (env NAPSPEC_PROGRESS_EVERY); default: on a terminal only",
    )(with_progress)


@click.group(cls=LabCommand, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="napspec", prog_name="napspec-lab")
def main() -> None:
    """The lab beside the napspec reference engine: the exact solver, the sweeps of every hand,
    the simulations, and the evidence of what the sources claim.

    Needs the lab extra for a Dask cluster (--scheduler) and OpenSpiel (compare, and the one
    claim played against OpenSpiel's search): pip install 'napspec[lab]'. Exit statuses as
    ``napspec``'s: 0 success, 1 evidence that differs (claims --check), 2 usage error,
    3 interrupted, 5 internal error.
    """


@main.command("bench-simulation")
@click.option("--hands", default=2000, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=1, show_default=True, type=int)
@click.option("--players", default=4, show_default=True, type=int)
@click.option("--profile", default="hoyle", show_default=True)
@click.option("--variants", default="", help=VARIANTS_HELP)
@click.option("--house-rules", type=click.Path(exists=True, dir_okay=False))
@click.option("--jobs", type=click.IntRange(min=1), help="processes (default: the cores)")
@_scheduler_option
@_progress_option
def bench_simulation(
    hands: int,
    seed: int,
    players: int,
    profile: str,
    variants: str,
    house_rules: str | None,
    jobs: int | None,
    scheduler: str | None,
) -> None:
    """Time the simulation the claims rest on: HANDS deals, every seat the plain agent calling
    and playing, on --jobs local processes or the Dask cluster named by --scheduler."""
    _bench_agents(chosen_rules(profile, house_rules, variants), players, hands, seed, jobs, scheduler)


def _bench_agents(rules: Rules, players: int, hands: int, seed: int, jobs: int | None, scheduler: str | None) -> None:
    """Time the simulation the claims rest on: ``hands`` deals, every seat the plain agent."""
    import os
    import time
    from functools import partial

    from napspec.lab.executors import ClusterError, resolve_scheduler
    from napspec.lab.simulate import Experiment, run
    from napspec.lab.simulated import seat_winnings

    try:
        rules.check_players(players)
    except NapError as error:
        raise click.UsageError(str(error)) from error
    workers = jobs or os.cpu_count() or 1
    address = resolve_scheduler(scheduler)
    start = time.perf_counter()
    try:
        run(Experiment(partial(seat_winnings, rules=rules, players=players), hands, seed), workers, address)
    except ClusterError as error:
        raise click.ClickException(str(error)) from error
    elapsed = time.perf_counter() - start
    where = f"on the cluster at {address}" if address else f"on {workers} process(es)"
    click.echo(
        f"{hands} hands played by the plain agent in {elapsed:.3f} s: {hands / elapsed:,.1f} hands/s "
        f"{where} (rules {rules.name!r}, {players} players, seed {seed})"
    )


@main.command("bench-solver")
@_hands_dealt_option(default=7)
@click.option("--questions", "count", default=40, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=1, show_default=True, type=int)
@click.option("--budget", default=300_000, show_default=True, type=click.IntRange(min=1), help="nodes a question")
@click.option("--best-first", is_flag=True, help="search the opening leads best first, as a sweep's later passes do")
def bench_solver(hands_dealt: int, count: int, seed: int, budget: int, best_first: bool) -> None:
    """Time the exact solver on questions drawn at random (every other hand with a long suit,
    each asked whether it is sure of two or of three tricks) and print the nodes searched and
    the nodes per second. The nodes depend only on the arguments: a change that makes the
    search's steps cheaper leaves them as they were."""
    from napspec.lab.solver_bench import time_solver

    click.echo(time_solver(hands_dealt, count, seed, budget, best_first).describe(seed, budget, best_first))


#: How a reading's finding is said.
FINDING_WORDS = {True: "holds", False: "does not hold", None: "undetermined"}


@main.command()
@click.option(
    "--write", is_flag=True, help="write the evidence beside the claims (the register's claims-evidence.json)"
)
@click.option(
    "--check", "check_only", is_flag=True, help="recompute the evidence and compare it with the evidence written"
)
@click.option(
    "--first-chunks",
    is_flag=True,
    help="with --check: play only the first chunk of each simulated sample again and compare it with what the "
    "evidence keeps of it, instead of drawing the samples in full (seconds, not some forty minutes)",
)
@click.option("--only", multiple=True, help="only the readings judged by this check (repeatable)")
@click.option("--claim", "claim_ids", multiple=True, help="only the readings of this claim (repeatable)")
@click.option(
    "--results",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="the folder of the stored sweeps the certainty claims are judged from (default: the checkout's "
    "reference_impl/lab/results/; they are not in the wheel)",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="local processes that draw the simulated samples (1: this process alone; default: the cores)",
)
@_scheduler_option
@_progress_option
def claims(
    write: bool,
    check_only: bool,
    first_chunks: bool,
    only: tuple[str, ...],
    claim_ids: tuple[str, ...],
    results: Path | None,
    workers: int | None,
    scheduler: str | None,
) -> None:
    """Judge what the sources claim (spec/claims.toml): each claim's verdict, each reading's
    finding. With --write, the evidence is written for ``napspec check`` and the rulebook; with
    --check, exit 1 if the evidence written differs from what is computed now (with
    --first-chunks, a simulated reading's samples only as far as their first chunks). The
    simulated samples run on the local cores, or on the Dask cluster named by --scheduler."""
    from napspec.lab.certainty import sweeps_overview, using_results
    from napspec.lab.claims import MissingExtra, MissingSweep, UnknownCheck, findings
    from napspec.lab.executors import ClusterError, using_scheduler
    from napspec.lab.samples import first_chunks_differ, using_workers
    from napspec.spec import load
    from napspec.spec.claims import EVIDENCE_FILE, evidence_document, load_claims, load_evidence, load_sweeps, verdict

    if first_chunks and (write or not check_only):
        raise click.UsageError("--first-chunks checks the evidence written: give it with --check, without --write")
    register = load()
    every = load_claims(register)
    unknown = sorted(set(claim_ids) - set(every))
    if unknown:
        raise click.ClickException(f"no claim {', '.join(map(repr, unknown))} in the register's claims")
    chosen = {claim_id: claim for claim_id, claim in every.items() if not claim_ids or claim_id in claim_ids}
    # With --first-chunks a simulated reading is checked by its first chunks alone, not judged.
    replayed = {claim_id: claim for claim_id, claim in chosen.items() if first_chunks and claim.kind == "simulation"}
    written = load_evidence(register.folder) if check_only else {}
    differ: dict[str, list[str]] = {}
    try:
        with using_results(results), using_scheduler(scheduler), using_workers(workers):
            found = findings({key: claim for key, claim in chosen.items() if key not in replayed}, only)
            for claim in replayed.values():
                for reading in claim.readings:
                    if not only or reading.check in only:
                        finding = written.get(claim.id, {}).get(reading.id)
                        differ[f"{claim.id}/{reading.id}"] = first_chunks_differ(claim, reading, finding)
            # the overview of the sweeps, as the file keeps it, for --check and --write
            sweeps = json.loads(json.dumps(sweeps_overview(register.profile_ids))) if check_only or write else {}
    except (MissingSweep, MissingExtra, UnknownCheck, ClusterError) as error:
        raise click.ClickException(str(error)) from error
    for claim in chosen.values():
        if only and claim.id not in found and not any(key.startswith(f"{claim.id}/") for key in differ):
            continue
        if claim.id in replayed:
            click.echo(f"{claim.id}: its samples' first chunks played again — {claim.title}")
        else:
            click.echo(f"{claim.id}: {verdict(claim, found.get(claim.id, {}))} — {claim.title}")
        if claim.uncheckable_because:
            click.echo(f"    not checkable: {claim.uncheckable_because}")
        for reading in claim.readings:
            label = "as worded" if reading.as_worded else "interpretation"
            finding = found.get(claim.id, {}).get(reading.id)
            replay = differ.get(f"{claim.id}/{reading.id}")
            if finding is not None:
                click.echo(f"    {reading.id} ({label}): {FINDING_WORDS[finding.holds]}: {finding.summary}")
            elif replay is not None:
                click.echo(f"    {reading.id} ({label}): " + ("; ".join(replay) or "the first chunks as written"))
    path = register.folder / EVIDENCE_FILE
    if check_only:
        stale = (
            [
                f"{claim_id}/{reading_id}"
                for claim_id, readings in found.items()
                for reading_id, finding in readings.items()
                if written.get(claim_id, {}).get(reading_id) != finding
            ]
            + [key for key, words in differ.items() if words]
            + (["the overview of the sweeps"] if load_sweeps(register.folder) != sweeps else [])
        )
        if stale:
            raise click.ClickException(f"the evidence written differs from what is computed now: {', '.join(stale)}")
        click.echo(f"the evidence written in {path} is what is computed now")
    if write:
        if only or claim_ids:
            kept = load_evidence(register.folder)
            for claim_id, readings in found.items():
                kept.setdefault(claim_id, {}).update(readings)
            # Only the readings the claims have now: the evidence of a reading since removed goes.
            found = {
                claim_id: {
                    reading.id: kept[claim_id][reading.id]
                    for reading in every[claim_id].readings
                    if reading.id in kept[claim_id]
                }
                for claim_id in every
                if claim_id in kept
            }
        path.write_text(evidence_document(found, sweeps), encoding="utf-8")
        click.echo(f"evidence written to {path}")


@main.command()
@click.argument("hand")
@_hands_dealt_option(default=4)
@click.option(
    "--pack",
    "pack_size",
    default=52,
    show_default=True,
    type=int,
    help="cards in play (a short pack drops the low ranks)",
)
def solve(hand: str, hands_dealt: int, pack_size: int) -> None:
    """How many tricks HAND (e.g. "AS KS QS 2H 2D") is sure of against every layout and
    defence, the strategy's opening leads, and, after each opening lead, a layout and a
    defence that hold the soloist to fewer than one trick more (his most stubborn play
    against it shown)."""
    from napspec.lab.lines import refutations, strategy_leads
    from napspec.lab.solver import Solver, Table
    from napspec.reference.cards import parse_cards, short_pack

    try:
        cards = parse_cards(hand)
        table = Table(hands_dealt, short_pack(pack_size), len(cards))
        value = Solver(table).guaranteed(cards)
    except (NapError, ValueError) as error:
        raise click.UsageError(str(error)) from error
    click.echo(f"{format_cards(cards)} with {hands_dealt} hands dealt from {pack_size} cards: sure of {value}")
    if value:
        click.echo(f"  lead to make {value}: " + format_cards(strategy_leads(cards, value, table)))
    if value < table.hand_size:
        # a defence holding him below value + 1 holds him below any more
        click.echo(f"  not sure of {value + 1} (nor more): after each opening lead, a layout and its defence")
        for refutation in refutations(cards, value + 1, table):
            click.echo("    " + refutation.describe())


@main.command()
@_hands_dealt_option(default=4)
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1), help="processes")
@click.option("--sample", type=click.IntRange(min=1), help="solve this many hands drawn at random, not all")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--exact", is_flag=True, help="tell hands sure of 0 from 1 without an ace (slow)")
@click.option(
    "--store",
    "--checkpoint",
    "store",
    type=click.Path(file_okay=False),
    help="keep each chunk done in this folder; a rerun of the same sweep resumes from it",
)
@click.option(
    "--time-limit",
    type=float,
    help="start no chunk after this many seconds (those running end and are kept) and report how far it got; "
    "0: report what the store holds",
)
@click.option(
    "--budget", type=click.IntRange(min=1), help="nodes of search per question; what it leaves open is counted apart"
)
@click.option(
    "--resolve-budget",
    type=click.IntRange(min=1),
    multiple=True,
    help="ask the hands left open again with this budget (repeatable: each pass asks what the last left open)",
)
@click.option(
    "--floor",
    default=2,
    show_default=True,
    type=click.Choice(["2", "3", "5"]),
    callback=lambda _context, _parameter, value: int(value),
    help="3: ask only five, four, three; 5: only five",
)
@click.option(
    "--known-from",
    type=click.Path(exists=True, dir_okay=False),
    help="a complete stored sweep down to a higher floor (its JSON result): take what it answered "
    "and ask only the questions below its floor",
)
@click.option(
    "--reopen",
    type=click.Path(exists=True, dir_okay=False),
    help="a complete stored sweep (its JSON result): ask only the hands it left open again, with the "
    "--resolve-budget passes, and write it with what they found (its table and floor are the file's)",
)
@click.option(
    "--chunk",
    type=click.IntRange(min=1),
    help="hands a chunk asks with one solver, whose tables they share: alike hands settle faster together, "
    "and a run stops and resumes a chunk at a time [default: 250; 8 with --reopen]",
)
@click.option("--out", type=click.Path(dir_okay=False), help="write the JSON result here (default: print it)")
@_scheduler_option
@_progress_option
@click.pass_context
def sweep(
    context: click.Context,
    hands_dealt: int,
    jobs: int,
    sample: int | None,
    seed: int,
    exact: bool,
    store: str | None,
    time_limit: float | None,
    budget: int | None,
    resolve_budget: tuple[int, ...],
    floor: int,
    known_from: str | None,
    reopen: str | None,
    chunk: int | None,
    out: str | None,
    scheduler: str | None,
) -> None:
    """Every five-card hand up to the symmetry of the suits, with the tricks it is sure of:
    the counts of each value, the hands sure of three or more, the run time and rate. The
    chunks run on --jobs local processes, or on the Dask cluster named by --scheduler; the
    progress (hands done, rate, time left) goes to standard error on a terminal, or to a log
    with --progress-every."""
    import json
    from pathlib import Path

    from napspec.lab.executors import ClusterError
    from napspec.lab.store import StoreError
    from napspec.lab.sweep import CHUNK, REOPENED_CHUNK, KnownAnswers, KnownAnswersError
    from napspec.lab.sweep import reopen as reopen_sweep
    from napspec.lab.sweep import sweep as run_sweep
    from napspec.spec.terminal import MESSAGE_LIMIT, printable

    def stored(path: str) -> tuple[str, dict[str, Any]]:
        # the file's name and content are the user's: inert in the result and in a message
        name = printable(Path(path).name)
        try:
            document = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise KnownAnswersError(f"{name}: cannot be read as JSON: {error}") from error
        if not isinstance(document, dict):
            raise KnownAnswersError(f"{name}: not a stored sweep: its JSON is not an object")
        return name, document

    if reopen:
        given = [
            f"--{option.replace('_', '-')}"
            for option in ("hands_dealt", "sample", "seed", "exact", "budget", "floor", "known_from")
            if context.get_parameter_source(option) not in (None, click.core.ParameterSource.DEFAULT)
        ]
        if given:
            raise click.UsageError(f"--reopen takes the sweep's questions from its file: drop {', '.join(given)}")
        if not resolve_budget:
            raise click.UsageError("--reopen asks the open hands again: give at least one --resolve-budget")
    try:
        if reopen:
            name, document = stored(reopen)
            result = reopen_sweep(
                document,
                name,
                resolve_budget,
                jobs,
                Path(store) if store else None,
                time_limit,
                scheduler=scheduler,
                chunk=chunk or REOPENED_CHUNK,
            )
        else:
            known = None
            if known_from:
                name, document = stored(known_from)
                known = KnownAnswers(document, name, hands_dealt, floor)
            result = run_sweep(
                hands_dealt,
                jobs,
                sample,
                seed,
                exact,
                Path(store) if store else None,
                time_limit,
                budget,
                floor,
                resolve_budget or None,
                scheduler=scheduler,
                known=known,
                chunk=chunk or CHUNK,
            )
    except KnownAnswersError as error:
        raise click.ClickException(printable(error, limit=MESSAGE_LIMIT)) from error
    except (ClusterError, StoreError) as error:
        raise click.ClickException(str(error)) from error
    text = json.dumps(result, indent=1)
    if out:
        Path(out).write_text(text + "\n", encoding="utf-8")
        summary = {k: v for k, v in result.items() if k != "sure_of_3_or_more"}
        click.echo(json.dumps(summary))
    else:
        click.echo(text)


main.add_command(compare)

__all__ = ["LabCommand", "main"]

if __name__ == "__main__":  # pragma: no cover
    main()
