"""A sweep built on a complete stored sweep down to a higher floor takes what that sweep
answered and asks only the questions below its floor: its values are those of a sweep that
asks everything, and a stored sweep it cannot be built on is refused with the file and why."""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from napspec.lab import sweep as sweep_module
from napspec.lab.certainty import stored_sweeps, sweep_run, sweeps_overview
from napspec.lab.cli import main
from napspec.lab.solver import Solver, Table
from napspec.lab.store import ChunkStore
from napspec.lab.sweep import (
    ZERO_OR_ONE,
    KnownAnswers,
    KnownAnswersError,
    canonical_hands,
    cards_of,
    sweep,
    sweep_value,
)
from napspec.reference.cards import format_cards

#: A sample at four hands dealt that holds strong hands and weak ones, in four chunks.
SAMPLE = {"hands_dealt": 4, "jobs": 1, "sample": 160, "seed": 11, "chunk": 40}


def stored(name: str) -> dict[str, Any]:
    size = int(name.split("-")[1].split(".", maxsplit=1)[0])
    return next(document for found, document in stored_sweeps(size) if found == name)


@pytest.fixture(scope="module")
def down_to_three_at_four() -> KnownAnswers:
    return KnownAnswers(stored("sweep-4-floor3.json"), "sweep-4-floor3.json", hands_dealt=4, floor=2)


def test_a_hand_s_value_is_the_same_whether_asked_everything_or_built_on_what_is_known(
    down_to_three_at_four: KnownAnswers,
) -> None:
    # the strongest hands (sure of five to two) and a spread of the others
    hands = list(canonical_hands()[:120]) + list(canonical_hands()[120::2000])
    solver = Solver(Table(4))
    asked = [sweep_value(solver, cards_of(hand)) for hand in hands]
    built = [sweep_value(solver, cards_of(hand), known=k) for hand, k in zip(hands, down_to_three_at_four.of(hands))]
    assert built == asked
    assert {5, 4, 3, 2, 1, ZERO_OR_ONE} <= set(asked)


def test_a_sweep_built_on_a_stored_one_counts_what_asking_everything_counts(
    down_to_three_at_four: KnownAnswers,
) -> None:
    asked, built = sweep(**SAMPLE), sweep(**SAMPLE, known=down_to_three_at_four)  # type: ignore[arg-type]
    assert built["counts"] == asked["counts"] and built["sure_of_3_or_more"] == asked["sure_of_3_or_more"]
    assert built["known_from"] == down_to_three_at_four.summary()
    assert "known_from" not in asked


def test_what_the_stored_sweep_answered_is_taken_not_asked_again() -> None:
    # a file that says the weakest hand is sure of five: a sweep built on it believes it, so
    # it did not ask
    document = stored("sweep-4-floor3.json")
    weakest = canonical_hands()[-1]
    listed = {**document["sure_of_3_or_more"], format_cards(cards_of(weakest)): "5"}
    counts = {**document["counts"], "5": 2, "below 3": document["counts"]["below 3"] - 1}
    doctored = {**document, "sure_of_3_or_more": listed, "counts": counts}
    known = KnownAnswers(doctored, "doctored.json", hands_dealt=4, floor=2)
    _index, values, _seconds, _revision = sweep_module._chunk(
        (0, 4, (weakest,), False, None, 2, known.of([weakest]), False)
    )
    assert values == [5]
    solver = Solver(Table(4))
    assert sweep_value(solver, cards_of(weakest), known=5) == 5 and solver.search.nodes == 0


@pytest.mark.parametrize("size", [size for size in range(2, 11) if len(stored_sweeps(size)) > 1])
def test_the_stored_sweeps_of_a_table_size_agree_on_every_hand_they_both_settle(size: int) -> None:
    documents = [document for _name, document in stored_sweeps(size)]
    for one, other in permutations(documents, 2):
        floor = max(int(one["floor"]), int(other["floor"]))
        for hand, value in _settled(one, floor).items():
            # the other finds the same, or says its budget left the hand open
            assert other["sure_of_3_or_more"].get(hand) == value or hand in other.get("left_open", {}), hand


def _settled(document: dict[str, Any], floor: int) -> dict[str, str]:
    """The hands a stored sweep found sure of ``floor`` tricks or more, with their values."""
    listed: dict[str, str] = document["sure_of_3_or_more"]
    return {hand: value for hand, value in listed.items() if value.isdigit() and int(value) >= floor}


def test_a_built_sweep_keeps_its_chunks_apart_and_a_plain_sweep_s_store_is_unchanged(
    tmp_path: Path, down_to_three_at_four: KnownAnswers
) -> None:
    small = {**SAMPLE, "sample": 40}
    plain, built = sweep(**small, store=tmp_path), sweep(**small, store=tmp_path, known=down_to_three_at_four)  # type: ignore[arg-type]
    assert plain["hands_found_in_store"] == built["hands_found_in_store"] == 0
    # the key of a sweep built on nothing is what it was before sweeps could be built on one,
    # so that the stores of the sweeps made then are still found
    key = {"hands_dealt": 4, "sample": 40, "seed": 11, "exact": False, "budget": None, "floor": 2, "chunk": 40,
           "hands": 40}  # fmt: skip
    assert ChunkStore(tmp_path, key).done()
    assert ChunkStore(tmp_path, {**key, "known": down_to_three_at_four.key()}).done()
    again = sweep(**small, store=tmp_path, known=down_to_three_at_four)  # type: ignore[arg-type]
    assert again["hands_found_in_store"] == 40 and again["counts"] == built["counts"]


def _without(document: dict[str, Any], name: str) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key != name}


Change = Callable[[dict[str, Any]], dict[str, Any]]
BAD: dict[str, tuple[Change, int, str]] = {
    "of another table size": (lambda d: d, 5, "a sweep at 4 hands dealt, not 5"),
    "a sample": (lambda d: {**d, "sample": 100}, 4, "not a complete sweep of every hand"),
    "stopped before the end": (lambda d: {**d, "complete": False}, 4, "not a complete sweep of every hand"),
    "hands left open": (lambda d: {**d, "counts": {**d["counts"], "3 or 4": 2}}, 4, "it left 2 hands open"),
    "a value not settled": (
        lambda d: {**d, "sure_of_3_or_more": {"AS KS QS JS 9S": "3 or 4"}},
        4,
        "its hands sure of three or more are not all settled",
    ),
    "a list its counts deny": (
        lambda d: {**d, "sure_of_3_or_more": {**d["sure_of_3_or_more"], "2S 2H 2D 2C 3S": "3"}},
        4,
        "it lists 436 hands sure of 3 or more, and its counts say otherwise",
    ),
    "no floor": (lambda d: _without(d, "floor"), 4, "not a stored sweep: KeyError 'floor'"),
    "a list for its hands": (lambda d: {**d, "sure_of_3_or_more": [1]}, 4, "not a stored sweep"),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_stored_sweep_that_cannot_be_built_on_is_refused_naming_it(case: str) -> None:
    change, size, said = BAD[case]
    with pytest.raises(KnownAnswersError, match=r"^mine\.json: ") as refused:
        KnownAnswers(change(stored("sweep-4-floor3.json")), "mine.json", hands_dealt=size, floor=2)
    assert said in str(refused.value)


def test_a_stored_sweep_down_to_the_same_floor_answers_nothing_and_is_refused() -> None:
    with pytest.raises(KnownAnswersError, match="answers none of the questions above 3"):
        KnownAnswers(stored("sweep-4-floor3.json"), "sweep-4-floor3.json", hands_dealt=4, floor=3)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("not json", "cannot be read as JSON"),
        ("[1, 2]", "its JSON is not an object"),
        (json.dumps({"floor": "\x1b[31mthree"}), r"\x1b[31mthree"),
    ],
)
def test_the_sweep_command_names_a_file_it_cannot_build_on_and_writes_nothing(
    tmp_path: Path, text: str, said: str
) -> None:
    # the file's name is the user's too: an escape in it is shown, not obeyed
    given = tmp_path / "given\x1b[2J.json"
    given.write_text(text, encoding="utf-8")
    out = tmp_path / "out.json"
    arguments = ["sweep", "--hands-dealt", "4", "--sample", "5", "--known-from", str(given), "--out", str(out)]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 1
    assert "given\\x1b[2J.json: " in result.output and said in result.output
    assert "\x1b" not in result.output
    assert not out.exists()


def test_the_sweep_command_builds_on_a_stored_sweep(tmp_path: Path) -> None:
    name = "sweep-4-floor3.json"
    given = tmp_path / name
    given.write_text(json.dumps(stored(name)), encoding="utf-8")
    arguments = ["sweep", "--hands-dealt", "4", "--sample", "30", "--seed", "2", "--known-from", str(given)]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["known_from"]["file"] == name


def test_a_stored_sweep_built_on_another_says_so_as_a_run() -> None:
    known = KnownAnswers(stored("sweep-4-floor3.json"), "sweep-4-floor3.json", hands_dealt=4, floor=2)
    document = {**stored("sweep-4.json"), "known_from": known.summary()}
    assert sweep_run(document, "sweep-4.json")["known_from"] == {"file": "sweep-4-floor3.json", "floor": 3}
    assert sweep_run(stored("sweep-4.json"), "sweep-4.json")["known_from"] is None


def test_each_count_of_the_overview_is_credited_to_a_sweep_that_asked_it() -> None:
    overview = sweeps_overview(["britannica"])
    built = 0
    for size, entry in overview.items():
        documents = dict(stored_sweeps(int(size)))
        for count, found in entry["tricks"].items():
            known = documents[found["file"]].get("known_from")
            assert known is None or int(count) < int(known["floor"]), (size, count)
            built += known is not None
    assert built  # the stored sweeps hold one built on another
