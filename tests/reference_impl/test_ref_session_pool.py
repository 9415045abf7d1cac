"""Sessions with a pool: carried from hand to hand, paid once per turn to deal, disposed of
when the players stop; the draw for the first dealer from a shortened pack; the command's
pool and its session benchmark."""

from __future__ import annotations

import itertools
import random

import pytest
from click.testing import CliRunner

from napspec.reference.actions import Claim, DealCards
from napspec.reference.bench import play_sessions
from napspec.reference.cards import parse_cards, short_pack
from napspec.reference.cli import main
from napspec.reference.errors import WrongPhase
from napspec.reference.events import POOL, FirstDealerCard
from napspec.reference.hand import random_playout
from napspec.reference.rules import Rules
from napspec.reference.session import Session

PEEL_POOL = Rules.profile("peel", ["pool"])


def test_the_pool_is_carried_from_hand_to_hand() -> None:
    session = Session(PEEL_POOL, 4, seed=11, first_dealer=0)
    pools: list[tuple[int, int]] = []
    for _ in range(6):
        hand = session.hand
        assert hand.pool_transfers[0] == (hand.dealer, POOL, 1, "dealer-contribution")
        before = hand.pool - 1
        random_playout(hand, random.Random(len(pools)))
        pools.append((before, hand.pool))
        assert session.pool + sum(session.totals.values()) == 0
        session.next_hand()
    for (_, after), (before, _) in itertools.pairwise(pools):
        assert after == before  # the next hand starts with the pool the last one left


def test_a_fresh_deal_in_the_same_turn_pays_no_second_contribution() -> None:
    session = Session(PEEL_POOL, 4, seed=2, first_dealer=1, allow_irregular=True)
    hand = session.hand
    hand.apply(hand.legal_actions()[0])
    hand.apply(DealCards(1, counts=(5, 5, 4, 6)))
    hand.apply(Claim(0, next(o.id for o in hand.offences if o.kind == "misdeal")))
    assert [m.reason for m in hand.pool_transfers] == ["dealer-contribution", "misdeal-fine"]
    again = session.next_hand()
    assert again.dealer == 1 and again.pool == 2 and again.pool_transfers == ()
    random_playout(again, random.Random(1))
    after = session.next_hand()
    assert after.dealer == 2 and after.pool_transfers[0].reason == "dealer-contribution"


def test_all_pay_whenever_the_deal_comes_back_to_the_first_dealer() -> None:
    rules = PEEL_POOL.with_options({"pool-contributions": "all-at-original-deal"})
    session = Session(rules, 3, seed=4, first_dealer=2)
    paid = []
    for _ in range(7):
        hand = session.hand
        paid.append((hand.dealer, len(hand.pool_transfers) and hand.pool_transfers[0].reason))
        random_playout(hand, random.Random(hand.dealer))
        if hand.result is not None and hand.result.outcome in ("fresh-deal", "redeal"):
            pytest.fail("no fresh deal without irregular play")
        session.next_hand()
    assert [reason for dealer, reason in paid if dealer == 2] == ["player-contribution"] * 3
    assert all(reason == 0 for dealer, reason in paid if dealer != 2)


def test_the_end_of_a_session_divides_the_pool_and_empties_it() -> None:
    session = Session(PEEL_POOL, 4, seed=8, first_dealer=3, pool=9)
    random_playout(session.hand, random.Random(0))
    left = session.pool
    assert left >= 0
    moves = session.end(draw=list(short_pack(52)[::-1]))
    # The session began with nine stakes in the pool: the players share them now.
    assert session.pool == 0 and sum(session.totals.values()) == 9
    assert sum(move.amount for move in moves) == left
    assert {move.reason for move in moves} <= {"pool-divided", "pool-drawn"}
    with pytest.raises(WrongPhase):
        session.next_hand()
    with pytest.raises(WrongPhase):
        session.end()


def test_the_end_needs_a_finished_hand() -> None:
    session = Session(PEEL_POOL, 4, seed=8)
    with pytest.raises(WrongPhase, match="not finished"):
        session.end()


def test_the_first_dealer_is_drawn_from_the_short_pack() -> None:
    rules = Rules.profile("wikipedia", ["short-pack"])
    for seed in range(20):
        session = Session(rules, 5, seed=seed)
        turned = [event.card for event in session.events if isinstance(event, FirstDealerCard)]
        assert set(turned) <= set(short_pack(36))
        assert sorted(session.hand.deck or ()) == list(short_pack(36))
    stacked = Session(rules, 4, decks=[parse_cards("AC 8C 9D TD")])
    assert stacked.first_dealer == 0  # the ace is low in Wikipedia's draw


def test_play_shows_the_pool_after_each_hand_and_its_end() -> None:
    result = CliRunner().invoke(
        main, ["play", "--profile", "peel", "--variants", "pool", "--players", "4", "--seed", "3", "--hands", "3"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("  pool: ") == 3
    assert "The players stop with 3 in the pool (divided-equally)." in result.output
    assert "draw for the pool: " in result.output and "takes 3 (pool-drawn)" in result.output


def test_bench_measures_sessions() -> None:
    result = CliRunner().invoke(main, ["bench", "--sessions", "3", "--profile", "hoyle", "--variants", "pool"])
    assert result.exit_code == 0, result.output
    assert "3 sessions of 12 deals" in result.output and "sessions/s" in result.output
    run = play_sessions(PEEL_POOL, 4, 2, seed=1)
    assert run.games == 2 and run.actions > 2 * 12 * 4
