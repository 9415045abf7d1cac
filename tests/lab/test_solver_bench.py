"""The solver's benchmark (``napspec-lab bench-solver``): its questions and its nodes
depend only on its arguments, and what it counts is what the solver answers."""

from __future__ import annotations

from click.testing import CliRunner

from napspec.lab.cli import main
from napspec.lab.solver import Solver, Table
from napspec.lab.solver_bench import LONG_SUIT_EVERY, questions, time_solver


def test_the_questions_depend_only_on_the_seed_and_every_other_hand_has_a_long_suit() -> None:
    drawn = questions(6, 12, seed=3)
    assert drawn == questions(6, 12, seed=3)
    assert drawn != questions(6, 12, seed=4)
    for number, (hand, need) in enumerate(drawn):
        assert len(set(hand)) == 5 and need in (2, 3)
        if number % LONG_SUIT_EVERY == 0:
            assert max(sum(card // 13 == suit for card in hand) for suit in range(4)) >= 4


def test_it_counts_the_solvers_answers_and_the_same_nodes_every_run() -> None:
    timing = time_solver(3, 16, seed=2, budget=10_000_000)
    # each question asked afresh, with no budget and no tables shared
    answers = [Solver(Table(3)).can_win(hand, need) for hand, need in questions(3, 16, seed=2)]
    assert (timing.sure, timing.not_sure, timing.left_open) == (sum(answers), answers.count(False), 0)
    assert timing.sure and timing.not_sure  # both answers occur, so a count cannot pass by luck
    assert timing.nodes > 0 and time_solver(3, 16, seed=2, budget=10_000_000).nodes == timing.nodes
    assert time_solver(3, 16, seed=2, budget=10_000_000, best_first=True).sure == timing.sure


def test_a_small_budget_leaves_questions_open() -> None:
    timing = time_solver(5, 6, seed=1, budget=50)
    assert timing.left_open and timing.questions == timing.sure + timing.not_sure + timing.left_open


def test_the_command_prints_what_it_found() -> None:
    result = CliRunner().invoke(main, ["bench-solver", "--hands-dealt", "3", "--questions", "4", "--seed", "2"])
    assert result.exit_code == 0, result.output
    timing = time_solver(3, 4, seed=2, budget=300_000)
    said = f"4 questions at 3 hands dealt (seed 2, 300,000 nodes each, depth first): {timing.sure} sure"
    assert said in result.output
    assert f"{timing.nodes:,} nodes in" in result.output


def test_the_command_refuses_a_table_that_cannot_be_dealt() -> None:
    result = CliRunner().invoke(main, ["bench-solver", "--hands-dealt", "11"])
    assert result.exit_code == 2 and "--hands-dealt" in result.output
