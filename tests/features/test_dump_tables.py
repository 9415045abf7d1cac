"""``napspec dump-cases`` as certify plays the suite: each check names the rules it enforces
(as certify's verdicts name them), and with ``--players`` a row written for another table is
set at one the engine seats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from napspec.spec import load
from napspec.suite.dump import dump_lines, problems
from napspec.suite.targets import Target

from .test_dump import dump

#: What a check of the payments reads.
PAYMENTS = {"get": ["answers", "result", "payments"]}


def _lines(profile: str, seats: list[int] | None = None) -> list[dict[str, Any]]:
    target = Target.from_options(profile, None)
    assert target is not None
    return [line for line in dump_lines(target, seats=seats) if line["case"]]


def test_each_check_names_the_rules_it_enforces_among_its_scenarios() -> None:
    register = load()
    payments_judged = 0
    for line in _lines("hoyle"):
        for check in line["checks"]:
            assert check["rules"] and set(check["rules"]) <= set(register.rules), (line["label"], check)
            # a rule the scenario does not tag is the settlement's rule that fixes stated payments
            assert set(check["rules"]) <= set(line["rules"]) or PAYMENTS in check["select"], (line["label"], check)
        settlement = [rule for rule in line["rules"] if register.rules[rule].chapter == "settlement"]
        others = [rule for rule in line["rules"] if rule not in settlement]
        if not settlement or not others:
            continue
        # A row testing the calling and the settlement: its payments are the settlement's matter alone.
        for check in line["checks"]:
            if PAYMENTS in check["select"] and len(check["select"]) == 1:
                assert set(check["rules"]) <= set(settlement), (line["label"], check["rules"])
                payments_judged += 1
    assert payments_judged, "some row tests the settlement beside another chapter"


def test_a_check_without_its_rules_breaks_the_schema() -> None:
    line = next(line for line in _lines("peel") if line["checks"])
    assert problems(line) == []
    check = dict(line["checks"][0])
    del check["rules"]
    assert any("rules" in problem for problem in problems({**line, "checks": [check]}))
    assert problems({**line, "checks": [{**check, "rules": []}]})


def test_players_sets_each_row_at_a_table_the_engine_seats(tmp_path: Path) -> None:
    plain = dump(tmp_path, "--profile", "britannica")
    four = dump(tmp_path, "--profile", "britannica", "--players", "4")
    assert not any("table" in line for line in plain)
    written_for_three = {line["label"] for line in plain if line["case"] and line["case"]["players"] == 3}
    moved = {line["label"]: line for line in four if line.get("table")}
    assert moved and set(moved) <= written_for_three
    for line in moved.values():
        assert line["table"] == "written for 3 players, played at 4"
        assert line["case"]["players"] == 4
    # The same rows, the same checks with the same rules: only the table changed.
    assert [line["label"] for line in plain] == [line["label"] for line in four]
    before = {line["label"]: line for line in plain}
    for label, line in moved.items():
        assert [c["rules"] for c in line["checks"]] == [c["rules"] for c in before[label]["checks"]]


def test_a_row_is_played_again_at_each_larger_table_as_certify_plays_it() -> None:
    one = {line["label"]: line for line in _lines("britannica", [4]) if line["index"] == 1}
    two = _lines("britannica", [4, 5])
    again = [line for line in two if line.get("table", "").endswith("played at 4 and 5")]
    assert again, "some row is set at four and at five"
    for line in again:
        assert line["of"] > one[line["label"]]["of"]
        if line["index"] > one[line["label"]]["of"]:
            assert line["case"]["players"] == 5
            assert all(check["what"].startswith("at 5 players: ") for check in line["checks"])
        else:
            assert line["case"]["players"] == 4
            assert not any(check["what"].startswith("at ") for check in line["checks"])
        assert problems(line) == []
