"""The solver's answers are kept as data (``vectors/solver-values.json``): hands at two to five
hands dealt, random and hard ones, with each number of tricks they are or are not sure of. A
change to the search (its order of moves, its tables, its bounds) must leave every answer as
it was; the default run asks a fixed part, the long run all of them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from napspec.lab.solver import Solver, Table
from napspec.reference.cards import parse_cards

VECTORS = json.loads((Path(__file__).parent / "vectors" / "solver-values.json").read_text(encoding="utf-8"))
CASES = [
    (int(size), hand, int(need), sure)
    for size, hands in VECTORS["hands_dealt"].items()
    for hand, answers in hands.items()
    for need, sure in answers.items()
]
#: The part asked in the default run: every case at two to four hands dealt, and at five the
#: questions of five and four tricks (quick at any size).
QUICK = [case for case in CASES if case[0] < 5 or case[2] >= 4]


def _answers(cases: list[tuple[int, str, int, bool]]) -> tuple[list[bool], list[bool]]:
    solvers = {size: Solver(Table(size)) for size in {case[0] for case in cases}}
    found, kept = [], []
    for size, hand, need, sure in cases:
        solver = solvers[size]
        found.append(solver.can_win(parse_cards(hand), need))  # the tables kept between hands, as a sweep keeps them
        kept.append(sure)
    return found, kept


def test_the_vectors_cover_every_table_size_and_both_answers() -> None:
    assert {case[0] for case in CASES} == {2, 3, 4, 5}
    assert {case[3] for case in CASES if case[0] == 5} == {True, False}
    assert len(QUICK) < len(CASES)


def test_the_solver_answers_as_the_vectors_say() -> None:
    found, kept = _answers(QUICK)
    assert found == kept


@pytest.mark.campaign
def test_the_solver_answers_every_vector_as_it_did() -> None:
    found, kept = _answers(CASES)
    assert found == kept
