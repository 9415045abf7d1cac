"""The ``napspec-reference`` command: play a readable session, or measure the engine.

``napspec-reference play --profile hoyle --players 4 --seed 7 --hands 3`` prints each hand
(deal, calls, tricks, settlement) and the totals, the players choosing random legal actions;
with a pool (``--variants pool``), the pool after each hand and how it is disposed of when the
players stop.

``napspec-reference bench --hands 20000 --seed 1 --players 4 --profile hoyle`` plays random
hands with full legality checking (every action is chosen from ``legal_actions`` and goes
through ``apply``; every hand is settled) and prints the hands per second; ``--sessions N``
plays whole sessions and prints the sessions per second.

Both take ``--variants misery,wellington`` (the bundles of the profile's variants, applied in
order) or ``--house-rules FILE``.

``napspec-reference solve "AS KS QS 2H 2D" --hands-dealt 4`` prints how many tricks the hand
is sure of against every layout and defence (:mod:`napspec.reference.analysis.solver`), the
strategy's opening leads, and a defence holding it to fewer than one trick more after each
lead. ``napspec-reference sweep --hands-dealt 4 --jobs 2 --out sweep.json`` does it for every
five-card hand up to the symmetry of the suits (:mod:`napspec.reference.analysis.sweep`).

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(main, ["play", "--profile", "peel", "--players", "3", "--seed", "2", "--hands", "1"])
>>> result.exit_code, "Totals" in result.output
(0, True)
"""

from __future__ import annotations

import functools
import json
import random
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import click

from napspec.conformance.contract import PROTOCOL
from napspec.reference.bench import SESSION_HANDS, compare, play_reference, play_sessions
from napspec.reference.cards import SUIT_NAMES, format_card, format_cards
from napspec.reference.contracts import Contract
from napspec.reference.errors import NapError
from napspec.reference.events import (
    POOL,
    AllPassed,
    Bought,
    CardPlayed,
    CardsShown,
    ClaimMade,
    DealerChosen,
    Discarded,
    ExtraHandTaken,
    FirstDealerCard,
    FreshDealRequired,
    HandReplayed,
    HandSettled,
    OffenceRecorded,
    PackCut,
    PeepCardDeclined,
    PeepCardTaken,
    Peeped,
    PenaltyApplied,
    PlayStopped,
    ShowRefused,
    ShowRequired,
    SoloistChosen,
    Transfer,
    TrickWon,
    TrumpsFixed,
)
from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.reference.session import Session
from napspec.spec import PROFILE_IDS


def _rules(profile: str, house_rules: str | None, variants: str = "") -> Rules:
    # A wrong profile, variant or house-rules file is a usage error (exit status 2), as in
    # ``napspec``.
    chosen = [name.strip() for name in variants.split(",") if name.strip()]
    if house_rules and chosen:
        raise click.UsageError("--variants applies to a profile; a house-rules file names its own variants")
    try:
        return Rules.house_rules(house_rules) if house_rules else Rules.profile(profile, chosen)
    except NapError as error:
        raise click.UsageError(str(error)) from error


_VARIANTS_HELP = (
    "the profile's variants to play, comma-separated (misery, wellington, blucher, sir-garnet, seven-card,"
    " pool, short-pack, ...)"
)


def _scheduler_option(command: Any) -> Any:
    """``--scheduler ADDRESS``: run the work on a Dask cluster (the ``cluster`` extra)."""
    return click.option(
        "--scheduler",
        envvar="NAPSPEC_SCHEDULER",
        metavar="ADDRESS",
        help="run the work on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786; "
        "env NAPSPEC_SCHEDULER; needs the cluster extra); default: the local cores",
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
        from napspec.reference.analysis.progress import progress_to_log

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


class _Command(click.Group):
    """The group, with ``napspec``'s exit statuses: Ctrl-C exits with 3 (click's own
    handling would exit with 1, as for a failure)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        from napspec.conformance.contract import ExitStatus, interrupt_on_signals

        kwargs["standalone_mode"] = False
        # A sweep or a simulation run in the background (Ctrl-C ignored) or cancelled by CI
        # (SIGTERM) stops as Ctrl-C stops it, keeping what its store holds; the handlers are
        # the command's, and those it found are put back when it ends (it may run in-process).
        previous = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
        interrupt_on_signals()
        try:
            return super().main(*args, **kwargs)
        except click.exceptions.Abort:
            click.echo("interrupted", err=True)
            sys.exit(int(ExitStatus.INTERRUPTED))
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except click.exceptions.Exit as done:
            sys.exit(done.exit_code)
        except Exception:  # a fault of the engine's own: say so, exit 5
            import traceback

            traceback.print_exc()
            click.echo("error: internal error of napspec-reference (the traceback above)", err=True)
            sys.exit(int(ExitStatus.INTERNAL_ERROR))
        finally:
            if threading.current_thread() is threading.main_thread():
                for signum, handler in previous.items():
                    if handler is not None:  # None: a handler not set from Python, left as it is
                        signal.signal(signum, handler)


@click.group(cls=_Command, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="napspec", prog_name="napspec-reference")
def main() -> None:
    """The napspec reference engine of Napoleon ("Nap").

    Exit statuses as ``napspec``'s: 0 success, 2 usage error, 3 interrupted, 5 internal
    error.
    """


@main.command()
@click.option("--profile", default="hoyle", show_default=True, help="peel, hoyle, britannica or wikipedia")
@click.option(
    "--house-rules", type=click.Path(exists=True, dir_okay=False), help="a house-rules file (overrides --profile)"
)
@click.option("--variants", default="", help=_VARIANTS_HELP)
@click.option("--players", default=4, show_default=True, type=int)
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--hands", default=3, show_default=True, type=click.IntRange(min=1))
def play(profile: str, house_rules: str | None, variants: str, players: int, seed: int, hands: int) -> None:
    """Play a session with random legal actions and print it."""
    rules = _rules(profile, house_rules, variants)
    try:
        session = Session(rules, players, seed=seed)
    except NapError as error:
        raise click.UsageError(str(error)) from error
    chooser = random.Random(seed)
    click.echo(f"Napoleon under the rules {rules.name!r}: {players} players, seed {seed}")
    for event in session.events:
        if isinstance(event, FirstDealerCard):
            click.echo(f"  draw: {format_card(event.card)} to seat {event.seat} (round {event.round})")
        elif isinstance(event, DealerChosen):
            click.echo(f"  seat {event.seat} deals first ({event.method})")
    for number in range(1, hands + 1):
        if number > 1:
            session.next_hand()
        hand = session.hand
        click.echo(
            f"\nHand {number}: seat {hand.dealer} deals" + (" and sits out" if hand.sitting_out is not None else "")
        )
        while hand.phase != "finished":
            legal = hand.legal_actions()
            hand.apply(legal[chooser.randrange(len(legal))])
        _print_hand(hand)
        if rules.pool == "played":
            moves = "; ".join(_pool_move(move) for move in hand.pool_transfers)
            click.echo(f"  pool: {hand.pool}" + (f" ({moves})" if moves else ""))
    if rules.pool == "played":
        left = session.pool
        session.end()
        click.echo(f"\nThe players stop with {left} in the pool ({rules.pool_end}).")
        for card in session.end_draw:
            click.echo(f"  draw for the pool: {format_card(card.card)} to seat {card.seat} (round {card.round})")
        for move in session.end_transfers:
            click.echo(f"  {_pool_move(move)}")
    click.echo("\nTotals: " + ", ".join(f"seat {seat} {amount:+d}" for seat, amount in session.totals.items()))


def _print_hand(hand: Hand) -> None:
    played: list[str] = []  # the cards of the trick in progress, from the events
    for event in hand.events:
        if isinstance(event, CardPlayed):
            played.append(f"{event.seat}:{format_card(event.card)}")
            continue
        if isinstance(event, PackCut):
            click.echo(f"  seat {event.seat} cuts {event.depth} cards")
            for seat in hand.active_seats:
                click.echo(f"    seat {seat}: {format_cards(hand.dealt(seat))}")
        elif isinstance(event, SoloistChosen):
            calls = ", ".join(f"seat {seat} {_call_words(call)}" for seat, call in hand.declarations)
            click.echo(f"  calls: {calls}")
            forced = " (compulsory)" if event.compulsory else ""
            click.echo(f"  seat {event.seat} plays for {Contract(event.tricks, event.declaration).name}{forced}")
        elif isinstance(event, Bought):
            if event.thrown:
                bought = f"throws away {format_cards(event.thrown)} and buys {format_cards(event.served)}"
                click.echo(f"  seat {event.seat} {bought}")
            else:
                click.echo(f"  seat {event.seat} refuses to buy")
        elif isinstance(event, Peeped):
            click.echo(f"  seat {event.seat} peeps")
        elif isinstance(event, PeepCardTaken):
            click.echo(f"  seat {event.seat} takes the peep card for {format_card(event.given_up)}")
        elif isinstance(event, PeepCardDeclined):
            click.echo(f"  seat {event.seat} leaves the peep card")
        elif isinstance(event, ExtraHandTaken):
            click.echo(f"  seat {event.seat} takes the extra hand")
        elif isinstance(event, Discarded):
            click.echo(f"  seat {event.seat} discards {format_cards(event.cards)}")
        elif isinstance(event, AllPassed):
            click.echo("  all pass: the hand is not played")
        elif isinstance(event, TrumpsFixed):
            click.echo(f"  trumps: {SUIT_NAMES[event.suit]}")
        elif isinstance(event, TrickWon):
            click.echo(f"  trick {event.trick}: {' '.join(played)}; won by seat {event.seat}")
            played = []
        elif isinstance(event, PlayStopped):
            click.echo(f"  play stops after trick {event.trick}: {event.reason}")
        elif isinstance(event, ShowRequired):
            click.echo(f"  must show their cards: {', '.join(f'seat {s}' for s in event.seats)}")
        elif isinstance(event, CardsShown):
            click.echo(f"  seat {event.seat} shows {format_cards(event.cards) or 'nothing'}")
        elif isinstance(event, ShowRefused):
            click.echo(f"  seat {event.seat} refuses to show his cards")
        elif isinstance(event, OffenceRecorded):
            click.echo(f"  offence {event.offence.id}: {event.offence.kind} by seat {event.offence.seat}")
        elif isinstance(event, ClaimMade):
            click.echo(f"  seat {event.seat} claims offence {event.offence} ({event.kind})")
        elif isinstance(event, PenaltyApplied):
            click.echo(f"  penalty: {event.remedy}" + (f" ({event.amount} stakes)" if event.amount else ""))
        elif isinstance(event, HandReplayed):
            played = []
            click.echo(f"  the cards are replayed from trick {event.from_trick}, card {event.from_card + 1}")
        elif isinstance(event, FreshDealRequired):
            click.echo(f"  {event.outcome}: the same dealer deals again")
        elif isinstance(event, HandSettled):
            paid = ", ".join(f"seat {seat} {amount:+d}" for seat, amount in enumerate(event.payments))
            click.echo(f"  result: {event.outcome}; {paid}")


def _pool_move(move: Transfer) -> str:
    """A movement into or out of the pool in words."""
    if move.payer == POOL:
        return f"seat {move.payee} takes {move.amount} ({move.reason})"
    return f"seat {move.payer} pays in {move.amount} ({move.reason})"


def _call_words(call: int | str) -> str:
    """A declaration of :attr:`Hand.declarations` in words."""
    if call == 0:
        return "passes"
    return Contract(call).name if isinstance(call, int) else Contract(0, call).name


@main.command()
@click.option("--hands", default=20000, show_default=True, type=click.IntRange(min=1))
@click.option(
    "--sessions",
    type=click.IntRange(min=1),
    help=f"play this many whole sessions of {SESSION_HANDS} deals instead (pool carried, end of session)",
)
@click.option("--seed", default=1, show_default=True, type=int)
@click.option("--players", default=4, show_default=True, type=int)
@click.option("--profile", default="hoyle", show_default=True)
@click.option("--variants", default="", help=_VARIANTS_HELP)
@click.option("--house-rules", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--agents",
    type=click.Choice(["random", "plain"]),
    default="random",
    show_default=True,
    help="random: every action drawn at random; plain: the claims' plain agent calls and plays every seat",
)
@click.option("--jobs", type=click.IntRange(min=1), help="processes for --agents plain (default: the cores)")
@_scheduler_option
@_progress_option
def bench(
    hands: int,
    sessions: int | None,
    seed: int,
    players: int,
    profile: str,
    variants: str,
    house_rules: str | None,
    agents: str,
    jobs: int | None,
    scheduler: str | None,
) -> None:
    """Play random hands as fast as possible and print the hands per second.

    Like a session (the deal passing to the left, or staying after a fresh deal) but
    without keeping the history. The shuffle is part of the measure. With ``--sessions N``,
    N whole sessions are played instead (the draw for the first dealer, the deals with the
    pool carried from one to the next, the pool disposed of at the end) and the sessions
    per second printed.
    """
    rules = _rules(profile, house_rules, variants)
    if agents == "plain":
        _bench_agents(rules, players, hands, seed, jobs, scheduler)
        return
    if sessions is not None:
        try:
            run = play_sessions(rules, players, sessions, seed)
        except NapError as error:
            raise click.UsageError(str(error)) from error
        click.echo(
            f"{sessions} sessions of {SESSION_HANDS} deals ({run.actions} actions) in {run.seconds:.3f} s: "
            f"{run.games_per_second:,.1f} sessions/s (rules {rules.name!r}, {players} players, seed {seed})"
        )
        return
    try:
        run = play_reference(rules, players, hands, seed)
    except NapError as error:
        raise click.UsageError(str(error)) from error
    elapsed, rate, actions = run.seconds, run.games_per_second, run.actions
    click.echo(
        f"{hands} hands ({actions} actions) in {elapsed:.3f} s: {rate:,.0f} hands/s "
        f"(rules {rules.name!r}, {players} players, seed {seed})"
    )


def _bench_agents(rules: Rules, players: int, hands: int, seed: int, jobs: int | None, scheduler: str | None) -> None:
    """Time the simulation the claims rest on: ``hands`` deals, every seat the plain agent."""
    import os
    import time
    from functools import partial

    from napspec.reference.analysis.executors import ClusterError, resolve_scheduler
    from napspec.reference.analysis.simulate import Experiment, run
    from napspec.reference.analysis.simulated import seat_winnings

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


__all__ = ["main"]


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
    from napspec.reference.analysis.solver_bench import time_solver

    click.echo(time_solver(hands_dealt, count, seed, budget, best_first).describe(seed, budget, best_first))


@main.command(short_help=f"Speak the conformance protocol ({PROTOCOL}, and every older napspec/1.x) on stdin/stdout.")
@click.option(
    "--hold-profile",
    type=click.Choice(PROFILE_IDS),
    help="play every case under this profile's values, whatever the case asks (for tests of napspec discover)",
)
@click.option(
    "--hold-house-rules",
    type=click.Path(exists=True, dir_okay=False),
    help="play every case under this house-rules file's values, whatever the case asks",
)
def serve(hold_profile: str | None, hold_house_rules: str | None) -> None:
    """Speak the conformance protocol on stdin/stdout (docs/implementers.md).

    The reference engine is served exactly as any third-party engine would be:
    ``napspec certify --engine-command "napspec-reference serve" --profile hoyle``.
    Held (``--hold-profile``, ``--hold-house-rules``), it still declares every value but
    plays one set of rules: an engine whose rules ``napspec discover`` must find from its play.
    """
    from napspec.conformance.contract import serve as serve_protocol
    from napspec.reference.contract_adapter import ReferenceEngine
    from napspec.reference.held import HeldEngine
    from napspec.spec.errors import SpecError

    if hold_profile and hold_house_rules:
        raise click.UsageError("give --hold-profile or --hold-house-rules, not both")
    engine: ReferenceEngine = ReferenceEngine()
    if hold_profile:
        engine = HeldEngine.profile(hold_profile)
    elif hold_house_rules:
        try:
            engine = HeldEngine.house_rules(hold_house_rules)
        except SpecError as error:
            raise click.UsageError(str(error)) from error
    serve_protocol(engine, sys.stdin, sys.stdout)


#: How a reading's finding is said.
FINDING_WORDS = {True: "holds", False: "does not hold", None: "undetermined"}


@main.command()
@click.option(
    "--write", is_flag=True, help="write the evidence beside the claims (the register's claims-evidence.json)"
)
@click.option(
    "--check", "check_only", is_flag=True, help="recompute the evidence and compare it with the evidence written"
)
@click.option("--only", multiple=True, help="only the readings judged by this check (repeatable)")
@click.option("--claim", "claim_ids", multiple=True, help="only the readings of this claim (repeatable)")
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
    only: tuple[str, ...],
    claim_ids: tuple[str, ...],
    workers: int | None,
    scheduler: str | None,
) -> None:
    """Judge what the sources claim (spec/claims.toml): each claim's verdict, each reading's
    finding. With --write, the evidence is written for ``napspec check`` and the rulebook; with
    --check, exit 1 if the evidence written differs from what is computed now. The simulated
    samples run on the local cores, or on the Dask cluster named by --scheduler."""
    from napspec.reference.analysis.certainty import sweeps_overview
    from napspec.reference.analysis.claims import MissingExtra, MissingSweep, UnknownCheck, findings
    from napspec.reference.analysis.executors import ClusterError, using_scheduler
    from napspec.reference.analysis.samples import using_workers
    from napspec.spec import load
    from napspec.spec.claims import EVIDENCE_FILE, evidence_document, load_claims, load_evidence, load_sweeps, verdict

    register = load()
    every = load_claims(register)
    unknown = sorted(set(claim_ids) - set(every))
    if unknown:
        raise click.ClickException(f"no claim {', '.join(map(repr, unknown))} in the register's claims")
    chosen = {claim_id: claim for claim_id, claim in every.items() if not claim_ids or claim_id in claim_ids}
    try:
        with using_scheduler(scheduler), using_workers(workers):
            found = findings(chosen, only)
    except (MissingSweep, MissingExtra, UnknownCheck, ClusterError) as error:
        raise click.ClickException(str(error)) from error
    for claim in chosen.values():
        if only and claim.id not in found:
            continue
        click.echo(f"{claim.id}: {verdict(claim, found.get(claim.id, {}))} — {claim.title}")
        if claim.uncheckable_because:
            click.echo(f"    not checkable: {claim.uncheckable_because}")
        for reading in claim.readings:
            finding = found.get(claim.id, {}).get(reading.id)
            if finding is not None:
                label = "as worded" if reading.as_worded else "interpretation"
                click.echo(f"    {reading.id} ({label}): {FINDING_WORDS[finding.holds]}: {finding.summary}")
    path = register.folder / EVIDENCE_FILE
    sweeps = json.loads(json.dumps(sweeps_overview(register.profile_ids)))  # as the file keeps it
    if check_only:
        written = load_evidence(register.folder)
        stale = [
            f"{claim_id}/{reading_id}"
            for claim_id, readings in found.items()
            for reading_id, finding in readings.items()
            if written.get(claim_id, {}).get(reading_id) != finding
        ] + (["the overview of the sweeps"] if load_sweeps(register.folder) != sweeps else [])
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
    from napspec.reference.analysis.lines import refutations, strategy_leads
    from napspec.reference.analysis.solver import Solver, Table
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

    from napspec.conformance.contract import MESSAGE_LIMIT, printable
    from napspec.reference.analysis.executors import ClusterError
    from napspec.reference.analysis.store import StoreError
    from napspec.reference.analysis.sweep import CHUNK, REOPENED_CHUNK, KnownAnswers, KnownAnswersError
    from napspec.reference.analysis.sweep import reopen as reopen_sweep
    from napspec.reference.analysis.sweep import sweep as run_sweep

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

if __name__ == "__main__":  # pragma: no cover
    main()
