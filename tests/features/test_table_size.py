"""Scenarios set at a larger table than they are written for (:mod:`napspec.suite.table_size`):
the reference engine plays every row so set exactly as the row expects, at every size it
can be set at, under every profile; a row that cannot be set says why."""

from __future__ import annotations

import pytest

from napspec.reference.contract_adapter import ReferenceEngine
from napspec.spec import load
from napspec.suite.checks import CheckFailed, judge
from napspec.suite.plan import plan_row, plan_scenario
from napspec.suite.scenarios import Scenario, load_scenarios
from napspec.suite.table_size import resize, sizes_to_try
from napspec.suite.targets import Target
from napspec.suite.vocabulary import CaseBuilder

PROFILES = ("peel", "hoyle", "britannica", "wikipedia")


def _scenario(scenario_id: str) -> Scenario:
    return next(s for s in load_scenarios() if s.id == scenario_id)


@pytest.mark.parametrize("size", [4, 5, 6])
@pytest.mark.parametrize("profile", [None, *PROFILES])
def test_the_reference_engine_plays_every_row_set_at_a_larger_table_as_written(profile: str | None, size: int) -> None:
    target = Target.from_options(profile, None) if profile else None
    engine = ReferenceEngine()
    resized = 0
    failures: list[str] = []
    for scenario in load_scenarios():
        for row in plan_scenario(scenario, target, seats=[size]):
            if row.not_applicable or row.written_players is None:
                continue
            resized += 1
            assert all(case.message["players"] == size for case in row.cases), row.label
            for case in row.cases:
                response = engine.run(case.message)
                for check in case.checks:
                    try:
                        judge(check, response)
                    except CheckFailed as error:
                        failures.append(f"{row.label} at {size}: {error}")
    assert not failures, failures[:5]
    if size == 4:
        assert resized >= 40, resized  # the three-handed rows of the calling, the play and the settlement


def test_a_three_handed_row_set_at_four_keeps_its_seats_and_adds_a_player_who_passes_and_never_wins() -> None:
    scenario = _scenario("play-must-follow-suit")
    row = plan_row(scenario, {"profile": "britannica"}, Target.from_options("britannica", None), seats=[4])
    assert row.written_players == 3 and not row.kept_size
    message = row.cases[-1].message
    assert message["players"] == 4 and message["dealer"] == 0
    added = message["start"]["hands"][3]
    held = {card for hand in message["start"]["hands"][:3] for card in hand}
    assert len(added) == 5 and not set(added) & held
    seats = [action["seat"] for action in message["actions"] if action["type"] in ("call", "pass")]
    assert seats.index(3) == seats.index(2) + 1  # he calls (passes) between the last seat written and the dealer


def test_payments_gain_the_added_opponents_share() -> None:
    builder = CaseBuilder(scenario_id="x", profile="britannica", players=3, dealer=0)
    builder.start = {
        "hands": [["2C", "3C", "4C", "5C", "6C"], ["AS", "KS", "QS", "JS", "TS"], ["2H", "3H", "4H", "5H", "6H"]]
    }
    builder.actions = [
        {"type": "call", "seat": 1, "tricks": 2},
        {"type": "pass", "seat": 2},
        {"type": "pass", "seat": 0},
    ]
    builder.expect("payments by seat", ["result"], [{"get": ["answers", "result", "payments"]}], [-1, 2, -1])
    builder.expect("step", ["state"], [{"get": ["steps", 2, "ok"]}], True)
    assert resize(builder, load().profile_values("britannica"), 5) == ""
    assert builder.checks[0][1].expected == [-1, 4, -1, -1, -1]
    # The dealer's pass is now the fifth action: the check of its step follows it.
    assert builder.checks[1][1].select == ({"get": ["steps", 4, "ok"]},)
    assert builder.checks[1][0] == 5


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda b: setattr(b, "dealer", 2), "its dealer sits last"),
        (lambda b: setattr(b, "irregular", True), "played irregularly"),
        (lambda b: setattr(b, "start", {"deck": []}), "it starts from deck"),
        (lambda b: b.start.update(stock=[]), "its start gives stock"),
        (lambda b: b.actions.append({"type": "claim", "seat": 1, "offence": 0}), "actions (claim)"),
    ],
)
def test_a_row_that_cannot_be_set_at_another_table_says_why_and_is_left_as_it_was(change: object, reason: str) -> None:
    builder = CaseBuilder(scenario_id="x", profile="britannica", players=3, dealer=0)
    builder.start = {
        "hands": [["2C", "3C", "4C", "5C", "6C"], ["AS", "KS", "QS", "JS", "TS"], ["2H", "3H", "4H", "5H", "6H"]]
    }
    builder.actions = [{"type": "pass", "seat": 1}]
    change(builder)  # type: ignore[operator]
    before = (builder.players, dict(builder.start), list(builder.actions))
    assert reason in resize(builder, load().profile_values("britannica"), 4)
    assert (builder.players, builder.start, builder.actions) == before


def test_a_row_kept_at_its_size_says_why_in_the_plan() -> None:
    scenario = _scenario("settlement-dealer-out-pays-a-made-call")
    row = plan_scenario(scenario, None, seats=[4])[0]
    assert row.written_players is None and "written for 6 players" in row.kept_size


def test_sizes_are_tried_smallest_first_within_the_rules() -> None:
    assert sizes_to_try(3, [6, 4, 5], 2, 5) == [4, 5]
    assert sizes_to_try(4, [3], 2, 6) == []  # a table is never made smaller
