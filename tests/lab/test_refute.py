"""The refutation of opening leads by layouts played double dummy
(``napspec.lab.refute``): its double-dummy play against a plain minimax, its
soundness against the exact solver and the enumeration of every layout (a lead it refutes is
never one from which the hand is sure), and the solver's answers unchanged with it."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from napspec.lab import sweep as sweep_module
from napspec.lab.brute import brute_guaranteed
from napspec.lab.refute import DoubleDummy, Refuter
from napspec.lab.search import OutOfBudget
from napspec.lab.solver import Solver, Table
from napspec.lab.sweep import BELOW_THREE, canonical_hands, cards_of
from napspec.reference.cards import format_cards, parse_cards


def minimax(hands: Sequence[frozenset[int]], leader: int, trump: int, trick: tuple[int, ...] = ()) -> int:
    """The soloist's tricks with every card seen, by plain minimax over every legal card: the
    definition of double-dummy play, with nothing pruned or remembered."""
    seats = len(hands)
    if len(trick) == seats:
        best = 0
        for i in range(1, seats):
            a, b = trick[i], trick[best]
            if (a // 13 == b // 13 and a > b) or (a // 13 == trump and b // 13 != trump):
                best = i
        winner = (leader + best) % seats
        if not hands[0]:
            return int(winner == 0)
        return int(winner == 0) + minimax(hands, winner, trump)
    seat = (leader + len(trick)) % seats
    follow = [c for c in hands[seat] if trick and c // 13 == trick[0] // 13]
    values = []
    for card in follow or sorted(hands[seat]):
        after = [h - {card} if s == seat else h for s, h in enumerate(hands)]
        values.append(minimax(after, leader, trump, (*trick, card)))
    return max(values) if seat == 0 else min(values)


@st.composite
def small_layouts(draw: st.DrawFn) -> tuple[list[frozenset[int]], int, int]:
    seats = draw(st.integers(2, 4))
    size = draw(st.integers(1, 4 if seats < 4 else 3))
    cards = draw(st.lists(st.integers(0, 51), min_size=seats * size, max_size=seats * size, unique=True))
    hands = [frozenset(cards[i * size : (i + 1) * size]) for i in range(seats)]
    lead = draw(st.sampled_from(sorted(hands[0])))
    return hands, lead, size


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_layouts())
def test_double_dummy_play_is_the_minimax_of_every_legal_card(layout: tuple[list[frozenset[int]], int, int]) -> None:
    hands, lead, size = layout
    trump = lead // 13
    after = [hands[0] - {lead}, *hands[1:]]
    value = minimax(after, 0, trump, (lead,))
    masks = tuple(sum(1 << c for c in h) for h in after)
    for need in range(size + 1):
        assert DoubleDummy(len(hands), trump).play(masks, 0, size, need, (lead,)) == (value >= need), need


@st.composite
def tiny_questions(draw: st.DrawFn) -> tuple[list[int], int, list[int], int]:
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=4, unique=True))
    ranks = draw(st.lists(st.integers(0, 12), min_size=3, max_size=5, unique=True))
    pack = sorted(s * 13 + r for s in suits for r in ranks)
    size, hands_dealt = draw(st.sampled_from([(2, 2), (3, 2), (4, 2), (2, 3), (3, 3), (2, 4)]))
    if size * hands_dealt > len(pack) or len(pack) - size > 10:
        size, hands_dealt = 2, 2
    hand = draw(st.lists(st.sampled_from(pack), min_size=size, max_size=size, unique=True))
    return hand, hands_dealt, pack, draw(st.integers(1, size))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_questions())
def test_a_hand_every_lead_of_which_is_refuted_is_not_sure_by_the_enumeration(
    question: tuple[list[int], int, list[int], int],
) -> None:
    """On tiny packs, where every layout can be listed: a lead refuted is not a lead the
    soloist can make his tricks from, and a hand refuted on every lead is not sure of them."""
    _refuted_leads_are_not_sure(question)


@pytest.mark.campaign
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_questions())
def test_a_hand_every_lead_of_which_is_refuted_is_not_sure_by_the_enumeration_at_length(
    question: tuple[list[int], int, list[int], int],
) -> None:
    _refuted_leads_are_not_sure(question)


def _refuted_leads_are_not_sure(question: tuple[list[int], int, list[int], int]) -> None:
    hand, hands_dealt, pack, need = question
    table = Table(hands_dealt, tuple(pack), len(hand))
    refuter = Refuter(table, tries=6)
    solver = Solver(table)
    refuted = [lead for lead in set(hand) if refuter.refutes(hand, need, lead)]
    for lead in refuted:
        assert not solver.can_win(hand, need, [(0, lead)]), lead
    if len(refuted) == len(hand):
        assert brute_guaranteed(hand, hands_dealt, pack) < need


def _spread(count: int, seed: int) -> list[list[int]]:
    hands = canonical_hands()
    return [cards_of(hands[i]) for i in sorted(random.Random(seed).sample(range(len(hands)), count))]


@pytest.mark.parametrize("hands_dealt", [3, 5, pytest.param(7, marks=pytest.mark.campaign)])
def test_a_refuted_lead_is_never_one_the_solver_makes_its_tricks_from(hands_dealt: int) -> None:
    """The full pack: every lead of the strongest hands and a spread of others, asked two,
    three and four tricks, put to the refuter; each lead it refutes, the exact solver finds the
    hand not sure from (and more than 50 are refuted, or the test proves nothing)."""
    table = Table(hands_dealt)
    refuter = Refuter(table, tries=4, nodes=5_000)
    solver = Solver(table)
    strongest = [cards_of(h) for h in canonical_hands()[:40]]
    refuted = 0
    for hand in strongest + _spread(40, hands_dealt):
        for need in (2, 3, 4):
            for lead in solver._leads(hand):
                if refuter.refutes(hand, need, lead):
                    refuted += 1
                    assert not solver.can_win(hand, need, [(0, lead)]), (hand, need, lead)
    assert refuted > 50


@pytest.mark.parametrize("hands_dealt", [4, 6])
def test_the_solver_answers_the_same_with_the_refuter(hands_dealt: int) -> None:
    """The strongest hands and a spread of others, asked two and three tricks with and
    without the refuter: the same answers."""
    table = Table(hands_dealt)
    plain, helped = Solver(table), Solver(table)
    helped.refuter = Refuter(table, tries=4, nodes=5_000)
    for hand in [cards_of(h) for h in canonical_hands()[:30]] + _spread(30, hands_dealt):
        for need in (2, 3):
            assert plain.can_win(hand, need) == helped.can_win(hand, need), (hand, need)


def test_a_question_the_budget_leaves_open_is_settled_by_its_refuted_leads() -> None:
    """At seven hands 100,000 nodes of search do not decide whether this hand is sure of two;
    every opening lead refuted, it is not, with no node of search."""
    table = Table(7)
    hand = parse_cards("AS 8H 6H 4H 4D")
    plain, helped = Solver(table), Solver(table)
    plain.limit(100_000)
    with pytest.raises(OutOfBudget):
        plain.can_win(hand, 2)
    helped.limit(100_000)
    helped.refuter = Refuter(table)
    assert not helped.can_win(hand, 2)
    assert helped.search.nodes == 0 and helped.refuter.spent > 0


def test_the_layouts_drawn_are_the_question_s_own() -> None:
    """The layouts are drawn from a seed made of the question, so the answer does not depend
    on what was asked before it (a sweep's chunks run anywhere, in any order)."""
    hand, lead = parse_cards("AS QS 6S 5S AH"), parse_cards("AH")[0]
    first = Refuter(Table(7), tries=8)
    answers = [first.refutes(hand, 2, lead) for _ in range(2)]
    other = Refuter(Table(7), tries=8)
    other.refutes(parse_cards("KS QS JS 2H 2D"), 3, parse_cards("KS")[0])
    assert answers == [other.refutes(hand, 2, lead)] * 2 == [True, True]


def test_a_sweep_s_later_passes_put_the_leads_to_the_refuter_and_its_first_pass_does_not() -> None:
    """A chunk of the first pass leaves the hand open on two with 100,000 nodes; the same
    chunk asked again by a later pass, with the same budget, finds it sure of one only."""
    hand = next(h for h in canonical_hands() if format_cards(cards_of(h)) == "AS 8H 6H 4H 4D")
    first = sweep_module._chunk((0, 7, (hand,), False, 100_000, 2, (BELOW_THREE,), False))
    later = sweep_module._chunk((0, 7, (hand,), False, 100_000, 2, (BELOW_THREE,), True))
    assert first[1] == [BELOW_THREE] and later[1] == [1]
