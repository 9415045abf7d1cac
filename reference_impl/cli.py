"""The ``napspec-reference`` command: play a readable session, measure the engine, or serve it.

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

``napspec-reference serve`` speaks the conformance protocol on stdin/stdout. The analyses of
the game by machine (the solver, the sweeps, the simulations, the claims' evidence, the
comparison with OpenSpiel) are the lab's command, ``napspec-lab``, beside the engine.

>>> from click.testing import CliRunner
>>> result = CliRunner().invoke(main, ["play", "--profile", "peel", "--players", "3", "--seed", "2", "--hands", "1"])
>>> result.exit_code, "Totals" in result.output
(0, True)
"""

from __future__ import annotations

import random
import signal
import sys
import threading
from typing import Any

import click

from napspec.protocol import PROTOCOL
from napspec.reference.bench import SESSION_HANDS, play_reference, play_sessions
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


def chosen_rules(profile: str, house_rules: str | None, variants: str = "") -> Rules:
    """The rules a command's ``--profile``, ``--house-rules`` and ``--variants`` choose; a wrong
    profile, variant or house-rules file is a usage error (exit status 2), as in ``napspec``."""
    chosen = [name.strip() for name in variants.split(",") if name.strip()]
    if house_rules and chosen:
        raise click.UsageError("--variants applies to a profile; a house-rules file names its own variants")
    try:
        return Rules.house_rules(house_rules) if house_rules else Rules.profile(profile, chosen)
    except NapError as error:
        raise click.UsageError(str(error)) from error


VARIANTS_HELP = (
    "the profile's variants to play, comma-separated (misery, wellington, blucher, sir-garnet, seven-card,"
    " pool, short-pack, ...)"
)


class Command(click.Group):
    """The group, with ``napspec``'s exit statuses: Ctrl-C exits with 3 (click's own
    handling would exit with 1, as for a failure)."""

    #: The command named in the message of an internal error.
    program = "napspec-reference"

    def main(self, *args: Any, **kwargs: Any) -> Any:
        from napspec.spec.terminal import ExitStatus, interrupt_on_signals

        kwargs["standalone_mode"] = False
        # A sweep or a simulation run in the background (Ctrl-C ignored) or cancelled by CI
        # (SIGTERM) stops as Ctrl-C stops it, keeping what its store holds; the handlers are
        # the command's, and those it found are put back when it ends (it may run in-process).
        previous = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
        stop = interrupt_on_signals()
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
            if stop.is_set():  # an interrupt a library turned into an error of its own
                click.echo("interrupted", err=True)
                sys.exit(int(ExitStatus.INTERRUPTED))
            import traceback

            traceback.print_exc()
            click.echo(f"error: internal error of {self.program} (the traceback above)", err=True)
            sys.exit(int(ExitStatus.INTERNAL_ERROR))
        finally:
            if threading.current_thread() is threading.main_thread():
                for signum, handler in previous.items():
                    if handler is not None:  # None: a handler not set from Python, left as it is
                        signal.signal(signum, handler)


@click.group(cls=Command, context_settings={"help_option_names": ["-h", "--help"]})
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
@click.option("--variants", default="", help=VARIANTS_HELP)
@click.option("--players", default=4, show_default=True, type=int)
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--hands", default=3, show_default=True, type=click.IntRange(min=1))
def play(profile: str, house_rules: str | None, variants: str, players: int, seed: int, hands: int) -> None:
    """Play a session with random legal actions and print it."""
    rules = chosen_rules(profile, house_rules, variants)
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
@click.option("--variants", default="", help=VARIANTS_HELP)
@click.option("--house-rules", type=click.Path(exists=True, dir_okay=False))
def bench(
    hands: int,
    sessions: int | None,
    seed: int,
    players: int,
    profile: str,
    variants: str,
    house_rules: str | None,
) -> None:
    """Play random hands as fast as possible and print the hands per second.

    Like a session (the deal passing to the left, or staying after a fresh deal) but
    without keeping the history. The shuffle is part of the measure. With ``--sessions N``,
    N whole sessions are played instead (the draw for the first dealer, the deals with the
    pool carried from one to the next, the pool disposed of at the end) and the sessions
    per second printed.
    """
    rules = chosen_rules(profile, house_rules, variants)
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
    from napspec.protocol import serve as serve_protocol
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


__all__ = ["VARIANTS_HELP", "Command", "chosen_rules", "main"]

if __name__ == "__main__":  # pragma: no cover
    main()
