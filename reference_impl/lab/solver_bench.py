"""Timing the exact solver (:mod:`~napspec.lab.solver`) on questions drawn at
random: how many nodes a fixed set of questions takes, and how fast they are searched.

The questions depend only on the seed, and the search is deterministic, so the number of
nodes is the same on every machine and in every run: a change to the search that should only
make its steps cheaper must leave it as it was, and one that prunes more shows by how much.
The time is the processor time of this process (one core's), whatever else runs beside it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from napspec.lab.proof_number import ProofNumberSearch
from napspec.lab.search import OutOfBudget
from napspec.lab.solver import Solver, Table

LONG_SUIT_EVERY = 2
"""Every this many questions, the hand holds four or five cards of one suit: the hands that cost
the search most (and that the sweeps leave open longest)."""


@dataclass(frozen=True)
class SolverTiming:
    """What a run of :func:`time_solver` found and took."""

    hands_dealt: int
    questions: int
    sure: int
    not_sure: int
    left_open: int
    nodes: int
    seconds: float

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    def describe(self, seed: int, budget: int, best_first: bool) -> str:
        how = "best first" if best_first else "depth first"
        return (
            f"{self.questions} questions at {self.hands_dealt} hands dealt (seed {seed}, {budget:,} nodes each, "
            f"{how}): {self.sure} sure, {self.not_sure} not, {self.left_open} left open; {self.nodes:,} nodes "
            f"in {self.seconds:.2f} s of one core: {self.nodes_per_second:,.0f} nodes/s"
        )


def questions(hands_dealt: int, count: int, seed: int) -> list[tuple[list[int], int]]:
    """``count`` questions (a hand, the tricks asked: two or three), drawn with ``seed``.

    >>> from napspec.reference.cards import format_cards
    >>> [(format_cards(hand), need) for hand, need in questions(4, 2, 1)]
    [('6D 3D 9D QD 6S', 3), ('KS 2D 8C 7H 3C', 3)]
    """
    rng = random.Random(seed)
    pack = sorted(Table(hands_dealt).pack)
    drawn: list[tuple[list[int], int]] = []
    for number in range(count):
        if number % LONG_SUIT_EVERY == 0:
            suit = rng.randrange(4)
            length = rng.choice((4, 5))
            long_suit = rng.sample([card for card in pack if card // 13 == suit], length)
            rest = rng.sample([card for card in pack if card // 13 != suit], 5 - length)
            hand = long_suit + rest
        else:
            hand = rng.sample(pack, 5)
        drawn.append((hand, rng.choice((2, 3))))
    return drawn


def time_solver(hands_dealt: int, count: int, seed: int, budget: int, best_first: bool = False) -> SolverTiming:
    """Ask :func:`questions` of one solver, its tables kept between them as a sweep keeps them,
    each with ``budget`` nodes; with ``best_first``, as a sweep's later passes ask them (the
    opening leads searched best first, :mod:`~napspec.lab.proof_number`)."""
    solver = Solver(Table(hands_dealt))
    if best_first:
        solver.proof_numbers = ProofNumberSearch(solver.search)
    solver.limit(budget)
    sure = not_sure = left_open = nodes = 0
    start = time.process_time()
    for hand, need in questions(hands_dealt, count, seed):
        try:
            if solver.can_win(hand, need):
                sure += 1
            else:
                not_sure += 1
        except OutOfBudget:
            left_open += 1
        nodes += solver.search.nodes
    seconds = time.process_time() - start
    return SolverTiming(hands_dealt, count, sure, not_sure, left_open, nodes, seconds)
