"""Sessions (the deal passing round, totals) and the command line."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from napspec.reference.actions import Claim, Cut, DealCards, Pass
from napspec.reference.cards import FULL_PACK
from napspec.reference.cli import main
from napspec.reference.errors import RulesError, WrongPhase
from napspec.reference.events import Event
from napspec.reference.hand import random_playout
from napspec.reference.rules import Rules
from napspec.reference.session import Session

from .napref_helpers import PROFILES


def test_deal_passes_to_the_left() -> None:
    session = Session(Rules.profile("hoyle"), 4, seed=3, first_dealer=2)
    dealers = []
    for _ in range(5):
        dealers.append(session.hand.dealer)
        random_playout(session.hand, random.Random(1))
        session.next_hand()
    assert dealers == [2, 3, 0, 1, 2]


def test_all_passed_deal_passes_to_the_left() -> None:
    session = Session(Rules.profile("wikipedia"), 4, seed=3, first_dealer=1)
    hand = session.hand
    hand.apply(Cut(0, 10))
    hand.apply(DealCards(1))
    for seat in (2, 3, 0, 1):
        hand.apply(Pass(seat))
    assert hand.result is not None and hand.result.outcome == "all-passed"
    assert session.next_hand().dealer == 2


def test_fresh_deal_same_dealer_deals_again() -> None:
    session = Session(Rules.profile("hoyle"), 4, seed=3, first_dealer=1, allow_irregular=True)
    hand = session.hand
    hand.apply(Cut(0, 10))
    hand.apply(DealCards(1, exposed=hand.stock[0]))
    hand.apply(Claim(2, 1))
    following = session.next_hand()
    assert following.dealer == 1 and following.deck != hand.deck  # a fresh pack, shuffled again
    assert session.history == [hand] and hand.closed
    with pytest.raises(WrongPhase):
        hand.apply(Claim(2, 1))


def test_next_hand_needs_a_finished_hand() -> None:
    session = Session(Rules.profile("peel"), 3, seed=1)
    with pytest.raises(WrongPhase):
        session.next_hand()


def test_session_totals_sum_to_zero_and_match_the_hands() -> None:
    session = Session(Rules.profile("britannica"), 5, seed=21)
    chooser = random.Random(21)
    for _ in range(20):
        random_playout(session.hand, chooser)
        session.next_hand()
    totals = session.totals
    assert sum(totals.values()) == 0
    assert totals == {
        seat: sum(h.result.payments[seat] for h in session.history if h.result is not None) for seat in range(5)
    }


def test_session_uses_stacked_decks_then_shuffles() -> None:
    pack = list(reversed(FULL_PACK))
    session = Session(Rules.profile("peel"), 4, seed=1, decks=[pack, pack], first_dealer=0)
    assert session.hand.deck == tuple(pack)
    random_playout(session.hand, random.Random(0))
    assert session.next_hand().deck == tuple(pack)
    random_playout(session.hand, random.Random(0))
    assert session.next_hand().deck != tuple(pack)


def test_session_is_deterministic_from_its_seed() -> None:
    def run(seed: int) -> list[list[Event]]:
        session = Session(Rules.profile("hoyle"), 4, seed=seed)
        chooser = random.Random(seed)
        for _ in range(5):
            random_playout(session.hand, chooser)
            session.next_hand()
        return [list(session.events)] + [h.events for h in session.history]

    assert run(8) == run(8)
    assert run(8) != run(9)


def test_session_player_count_checked() -> None:
    with pytest.raises(RulesError):
        Session(Rules.profile("wikipedia"), 8)


# ---------------------------------------------------------------------- command line


@pytest.mark.parametrize("profile", PROFILES)
def test_cli_play_prints_a_session(profile: str) -> None:
    result = CliRunner().invoke(main, ["play", "--profile", profile, "--players", "4", "--seed", "3", "--hands", "3"])
    assert result.exit_code == 0, result.output
    assert result.output.count("\nHand ") == 3
    assert "result:" in result.output and "Totals:" in result.output


def test_cli_play_with_house_rules(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "house.toml"
    path.write_text('base = "peel"\n[options]\nnap-stakes = "win-12-lose-6"\n')
    result = CliRunner().invoke(main, ["play", "--house-rules", str(path), "--players", "3", "--hands", "1"])
    assert result.exit_code == 0, result.output
    assert "'house'" in result.output


def test_cli_reports_bad_options() -> None:
    result = CliRunner().invoke(main, ["play", "--profile", "nope"])
    assert result.exit_code != 0 and "unknown profile" in result.output
    result = CliRunner().invoke(main, ["bench", "--players", "12", "--hands", "1"])
    assert result.exit_code != 0 and "12 players" in result.output


def test_cli_bench_reports_hands_per_second() -> None:
    result = CliRunner().invoke(main, ["bench", "--hands", "200", "--seed", "2", "--profile", "wikipedia"])
    assert result.exit_code == 0, result.output
    assert "200 hands" in result.output and "hands/s" in result.output


def test_an_interrupt_a_library_turned_into_another_error_exits_as_an_interrupt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``napspec-reference`` and ``napspec-lab`` (its commands' group): a signal that lands
    inside a library which turns it into an error of its own ends the command as interrupted
    (3), not as an internal error (5)."""
    import threading

    import click

    from napspec.reference.cli import Command
    from napspec.spec import terminal

    stop = threading.Event()
    monkeypatch.setattr(terminal, "interrupt_on_signals", lambda: stop)  # the test's own signals stay

    @click.group(cls=Command)
    def group() -> None:
        pass

    @group.command()
    def work() -> None:
        stop.set()  # what the signal handler does before it raises
        raise AssertionError  # what the library raised once the interrupt broke its state

    with pytest.raises(SystemExit) as ended:
        group.main(["work"], prog_name="napspec-reference")
    assert ended.value.code == terminal.ExitStatus.INTERRUPTED
    assert "internal error" not in capsys.readouterr().err
