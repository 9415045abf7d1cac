"""A stored sweep reopened: only the hands it left open are asked again, and the file comes
back with what they found, as if its own later passes had found it. The stored sweep at two
hands dealt left nothing open, so it is doctored here to leave some hands open, under the
labels a budget gives; reopening it must give back the file's own counts, deals and lists.
A file that cannot be reopened is refused naming it, and the command takes the sweep's
questions from the file alone."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, cast

import pytest
from click.testing import CliRunner

from napspec.lab.certainty import stored_sweeps, sweep_run
from napspec.lab.cli import main
from napspec.lab.solver import Solver, Table
from napspec.lab.sweep import (
    ASKED_WITH,
    BELOW_THREE,
    CHUNK,
    LABELS,
    REOPENED_CHUNK,
    THREE_OR_FOUR,
    UNRESOLVED,
    KnownAnswersError,
    canonical_hands,
    cards_of,
    multiplicity,
    reopen,
    sweep_value,
)
from napspec.reference.cards import format_cards

#: Hands of every kind at two hands dealt, by their place among the canonical hands: sure of
#: four, three, two, one, and an aceless one not sure of two ("0 or 1").
PLACES = (3, 60, 1500, 20_000, 134_000)


def original() -> dict[str, Any]:
    return next(document for name, document in stored_sweeps(2) if name == "sweep-2.json")


def doctored() -> tuple[dict[str, Any], dict[str, str]]:
    """The stored sweep at two hands with the hands of :data:`PLACES` moved to what a budget
    leaves open of a hand like each (a hand sure of three or more "3 or 4" or "unresolved", the
    others "below 3"), its counts and deals moved with them; and their true labels."""
    document = json.loads(json.dumps(original()))
    solver = Solver(Table(2))
    truth: dict[str, str] = {}
    counts, deals = Counter(document["counts"]), Counter(document["deals"])
    for number, place in enumerate(PLACES):
        hand = canonical_hands()[place]
        value = sweep_value(solver, cards_of(hand))
        name, label = format_cards(cards_of(hand)), LABELS.get(value, str(value))
        truth[name] = label
        left = LABELS[(UNRESOLVED if number else THREE_OR_FOUR) if value >= 3 else BELOW_THREE]
        counts[label] -= 1
        counts[left] += 1
        deals[label] -= multiplicity(hand)
        deals[left] += multiplicity(hand)
        document["left_open"][name] = left
        if value >= 3:
            document["sure_of_3_or_more"].pop(name)
            if left == LABELS[THREE_OR_FOUR]:
                document["sure_of_3_or_more"][name] = left
    document["counts"], document["deals"] = +counts, +deals
    return document, truth


def test_the_hands_kinds_are_all_there() -> None:
    _, truth = doctored()
    assert sorted(truth.values()) == ["0 or 1", "1", "2", "3", "4"]


def test_a_reopened_sweep_gives_back_what_the_sweep_found_of_every_hand(tmp_path: Path) -> None:
    document, _ = doctored()
    whole = original()
    result = reopen(document, "doctored.json", [1_000_000], store=tmp_path / "store")
    assert result["counts"] == whole["counts"] and result["deals"] == whole["deals"]
    assert result["left_open"] == {} and result["sure_of_3_or_more"] == whole["sure_of_3_or_more"]
    passes = result["second_pass"]
    assert isinstance(passes, dict) and (passes["asked_again"], passes["decided"]) == (5, 5)
    reopened = result["reopened"]
    assert isinstance(reopened, list) and len(reopened) == 1
    assert reopened[0]["file"] == "doctored.json" and reopened[0]["hands"] == 5
    assert result["first_pass"] == {"counts": document["counts"]}
    # read back from its store: nothing asked again (a time limit already passed starts nothing)
    again = reopen(document, "doctored.json", [1_000_000], store=tmp_path / "store", limit_seconds=0)
    assert again["counts"] == whole["counts"] and again["stopped_by_time_limit"] is False
    # as a run of the rulebook's table: nothing open, a later pass more than the file had
    run = sweep_run(result, "doctored.json")
    assert run["open"] == 0 and len(run["seconds"]["later_passes"]) == 1


def test_each_budget_asks_what_the_one_before_left_open() -> None:
    document, _ = doctored()
    result = reopen(document, "doctored.json", [1, 1_000_000])
    passes = result["second_pass"]
    assert isinstance(passes, list) and len(passes) == 2
    first, second = passes
    assert first["asked_again"] == 5 and first["decided"] < 5
    assert second["asked_again"] == 5 - first["decided"] and result["left_open"] == {}
    assert result["resolve_budget_nodes"] == [1, 1_000_000]


def test_a_pass_stopped_partway_goes_on_from_the_file_it_wrote(tmp_path: Path) -> None:
    document, _ = doctored()
    store = tmp_path / "store"
    reopen(document, "doctored.json", [1], store=store, chunk=1)  # each hand a chunk of its own
    (folder,) = [path for path in store.iterdir() if path.is_dir()]
    for kept in sorted(folder.glob("chunk-*.json"))[2:]:
        kept.unlink()  # as if stopped after two chunks: the others were never kept
    stopped = reopen(document, "doctored.json", [1], store=store, limit_seconds=0, chunk=1)
    first = stopped["second_pass"]
    assert isinstance(first, dict) and first["asked_again"] == 2 and first["complete"] is False
    asked_with = cast(dict[str, int], stopped[ASKED_WITH])
    assert set(asked_with) <= set(cast(dict[str, str], stopped["left_open"]))
    assert len(asked_with) == 2 - first["decided"] > 0 and set(asked_with.values()) == {1}
    # reopened from the file it wrote, with the same budget: only the hands not asked yet
    went_on = reopen(stopped, "stopped.json", [1], chunk=1)
    this = cast(list[dict[str, int]], went_on["second_pass"])[-1]
    assert (this["asked_again"], this["skipped"]) == (3, len(asked_with))
    assert set(cast(dict[str, int], went_on[ASKED_WITH])) == set(cast(dict[str, str], went_on["left_open"]))
    # with more nodes every hand left open is asked, and each is settled as the sweep settled it
    settled = reopen(went_on, "went-on.json", [1_000_000])
    assert settled["left_open"] == {} and settled[ASKED_WITH] == {}
    assert settled["counts"] == original()["counts"]


def break_count(document: dict[str, Any]) -> None:
    document["counts"]["below 3"] += 1


def name_a_card_twice(document: dict[str, Any]) -> None:
    document["left_open"]["AS AS KS QS JS"] = "below 3"


def leave_a_settled_hand_open(document: dict[str, Any]) -> None:
    name = next(iter(document["left_open"]))
    document["left_open"][name] = "2"


@pytest.mark.parametrize(
    ("doctor", "said"),
    [
        (lambda d: d.update(complete=False), "not a complete sweep of every hand"),
        (lambda d: d.update(sample=100), "not a complete sweep of every hand"),
        (lambda d: d.pop("left_open"), "not a stored sweep: KeyError"),
        (break_count, "it lists 5 hands open, and its counts say 6"),
        (name_a_card_twice, "its open hand 'AS AS KS QS JS' ('below 3') is not a hand left open"),
        (leave_a_settled_hand_open, "is not a hand left open on a question it asks"),
        (
            lambda d: d.update(left_open_asked_with={"AS KS QS JS TS": 5}),
            "its left_open_asked_with names 'AS KS QS JS TS' (5), not a hand it left open with a budget",
        ),
        (lambda d: d.update(left_open_asked_with={"AS KS": "many"}), "not a stored sweep: ValueError"),
    ],
)
def test_a_file_that_cannot_be_reopened_is_refused_naming_it(doctor: Any, said: str) -> None:
    document, _ = doctored()
    doctor(document)
    with pytest.raises(KnownAnswersError, match=r"^doctored\.json: ") as raised:
        reopen(document, "doctored.json", [1_000])
    assert said in str(raised.value)


def test_the_sweep_command_reopens_a_file(tmp_path: Path) -> None:
    document, _ = doctored()
    source, out = tmp_path / "doctored.json", tmp_path / "out.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    runner = CliRunner()
    done = runner.invoke(main, ["sweep", "--reopen", str(source), "--resolve-budget", "1000000", "--out", str(out)])
    assert done.exit_code == 0, done.output
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["counts"] == original()["counts"] and written["reopened"][-1]["chunk"] == REOPENED_CHUNK
    arguments = ["sweep", "--reopen", str(source), "--resolve-budget", "1000000", "--chunk", "2", "--out", str(out)]
    done = runner.invoke(main, arguments)  # chunks of two hands: the same answers
    assert done.exit_code == 0, done.output
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["counts"] == original()["counts"] and written["reopened"][-1]["chunk"] == 2


def test_the_sweep_command_gives_the_chunks_the_sweep_uses() -> None:
    """The defaults the help states are the sweep's own (written once, there)."""
    shown = " ".join(CliRunner().invoke(main, ["sweep", "--help"]).output.split())
    assert f"[default: {CHUNK}; {REOPENED_CHUNK} with --reopen]" in shown


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--hands-dealt", "2", "--resolve-budget", "9"], "drop --hands-dealt"),
        (["--floor", "3", "--known-from", "{file}", "--resolve-budget", "9"], "drop --floor, --known-from"),
        ([], "give at least one --resolve-budget"),
    ],
)
def test_the_sweep_command_takes_a_reopened_sweep_s_questions_from_its_file(
    tmp_path: Path, options: list[str], said: str
) -> None:
    source = tmp_path / "doctored.json"
    source.write_text(json.dumps(doctored()[0]), encoding="utf-8")
    arguments = ["sweep", "--reopen", str(source), *(o.format(file=source) for o in options)]
    done = CliRunner().invoke(main, arguments)
    assert done.exit_code == 2 and said in done.output


def test_the_sweep_command_names_a_file_it_cannot_reopen(tmp_path: Path) -> None:
    source = tmp_path / "bad\x1b[31m.json"
    source.write_text("[1, 2]", encoding="utf-8")
    done = CliRunner().invoke(main, ["sweep", "--reopen", str(source), "--resolve-budget", "9"])
    assert done.exit_code == 1
    assert "not a stored sweep: its JSON is not an object" in done.output and "\x1b" not in done.output
