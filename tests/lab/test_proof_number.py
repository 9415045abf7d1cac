"""The proof-number search over the top of the tree (``napspec.lab.proof_number``):
the same answers as the depth-first search, its tree grown from the search's own steps, its
budgets kept, and the hands it is for settled where the depth-first search leaves them open."""

from __future__ import annotations

import random

import pytest

from napspec.lab.proof_number import ProofNumberSearch
from napspec.lab.search import OutOfBudget, Search, State
from napspec.lab.solver import Solver, Table
from napspec.reference.cards import FULL_PACK, format_cards, parse_cards

TINY = Table(3, pack=tuple(sorted(random.Random(0).sample(FULL_PACK, 15))), hand_size=4)
"""Three hands of four cards from fifteen: small enough to grow the whole tree."""


def long_suited(rng: random.Random, table: Table) -> list[int]:
    """A hand with three cards or more of one suit: the hands whose trees are deep."""
    suit = rng.randrange(4)
    mine = [c for c in table.pack if c // 13 == suit]
    long = rng.sample(mine, min(len(mine), rng.randint(3, table.hand_size)))
    return long + rng.sample([c for c in table.pack if c not in long], table.hand_size - len(long))


@pytest.mark.parametrize(
    ("table", "leaf_nodes"),
    [
        (TINY, 1),
        (Table(4), 50),
        pytest.param(Table(5), 300, marks=pytest.mark.campaign),
        pytest.param(Table(7), 1_000, marks=pytest.mark.campaign),
    ],
    ids=["tiny-1", "four-50", "five-300", "seven-1000"],
)
def test_the_answers_are_the_depth_first_search_s(table: Table, leaf_nodes: int) -> None:
    """With one node a leaf the tree is grown almost to the end of play; with more, the
    depth-first search settles most leaves. Either way every answer is the depth-first search's
    (of the questions it settles in 100,000 nodes), and the tree is grown beyond the opening
    leads."""
    rng = random.Random(f"{table.hands_dealt}:{leaf_nodes}")
    plain, best_first = Solver(table), Solver(table)
    plain.limit(100_000)
    best_first.proof_numbers = ProofNumberSearch(best_first.search, leaf_nodes=leaf_nodes)
    answers, grown = [], 0
    for _ in range(10):
        hand = long_suited(rng, table)
        for need in (1, 2, 3):
            try:
                answer = plain.can_win(hand, need)
            except OutOfBudget:
                continue
            best_first.clear()  # nothing learnt from the plain search's tables
            assert best_first.can_win(hand, need) == answer, (format_cards(hand), need)
            answers.append(answer)
            grown = max(grown, best_first.proof_numbers.tree_nodes)
    assert len(answers) >= 20 and set(answers) == {True, False} and grown > 20


def answer_by_moves(search: Search, state: State) -> bool:
    """The answer from :meth:`Search.moves` alone, down to the end of play: the rule of the
    game applied at every step, no state answered by the depth-first search."""
    moves = search.moves(state)
    if isinstance(moves, bool):
        return moves
    soloist, states = moves
    results = (answer_by_moves(search, after) for after in states)
    return any(results) if soloist else all(results)


@pytest.mark.parametrize("seed", range(4))
def test_the_steps_the_tree_grows_from_are_the_depth_first_search_s(seed: int) -> None:
    rng = random.Random(seed)
    table = Table(3, pack=tuple(sorted(rng.sample(FULL_PACK, 12))), hand_size=3)
    solver = Solver(table)
    for _ in range(5):
        hand = rng.sample(table.pack, 3)
        for lead in hand:
            for need in (1, 2):
                state = solver._state(hand, need, [(0, lead)])
                expected = Solver(table).search.solve(state)
                assert answer_by_moves(Search(table.opponents), state) == expected


@pytest.mark.campaign  # a hand chosen for a deep search: tens of seconds
def test_a_hand_the_depth_first_search_leaves_open_is_settled() -> None:
    """At seven hands dealt, 300,000 nodes of depth-first search do not settle whether this
    hand is sure of two (a sweep's million did not either); best first, fewer settle it."""
    hand, table = parse_cards("KS TS 9S 7S 4S"), Table(7)
    plain = Solver(table)
    plain.limit(300_000)
    with pytest.raises(OutOfBudget):
        plain.can_win(hand, 2)
    best_first = Solver(table)
    best_first.limit(300_000)
    best_first.proof_numbers = ProofNumberSearch(best_first.search)
    assert not best_first.can_win(hand, 2)


def test_the_budgets_are_kept() -> None:
    """The budget of nodes bounds the depth-first search of every leaf together, and the tree
    has a bound of its own; past either, nothing is concluded."""
    hand, table = parse_cards("KS TS 9S 7S 4S"), Table(7)
    solver = Solver(table)
    solver.proof_numbers = ProofNumberSearch(solver.search, leaf_nodes=500)
    solver.limit(20_000)
    with pytest.raises(OutOfBudget):
        solver.can_win(hand, 2)
    assert solver.search.nodes == 20_001
    solver.limit(None)
    solver.proof_numbers = ProofNumberSearch(solver.search, leaf_nodes=1, tree_limit=50)
    with pytest.raises(OutOfBudget):
        solver.can_win(hand, 2)
    assert solver.proof_numbers.tree_nodes == 51
    assert solver.search.budget is None  # the leaves' budgets are not left behind
