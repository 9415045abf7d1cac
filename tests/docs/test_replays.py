"""The replays of the scenarios, as data: every scenario gets one, each frame says and shows
what the scenario's plan has happen at that step, each check is shown where the plan judges it
with the rules it enforces and their sources' words from the register, and an irregular
scenario shows its offence when it is made and its penalty when it is claimed.

The engine's answers are recorded once for the module, as the main job records them
(:func:`napspec.docs.pipeline.record_replays`, through the harness); the site's pages are the
session's build (``builds``), not built again.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from napspec import spec
from napspec.docs.pipeline import record_replays
from napspec.docs.rulebook.domain import anchor
from napspec.docs.rulebook.replay_pages import REPLAYS_FOLDER, delta_encoded, replay_anchor, script
from napspec.docs.rulebook.replays import Record, ReplayError, load_record, row_replay, scenario_replay
from napspec.suite.checks import shown
from napspec.suite.plan import plan_row
from napspec.suite.replay import REPLAYS_FILE, replay_case
from napspec.suite.rows import rows_of
from napspec.suite.scenarios import Scenario, load_scenarios

from .conftest import Builds, Editions

REGISTER = spec.load()
SCENARIOS = {scenario.id: scenario for scenario in load_scenarios()}
IRREGULAR = "irregularities-revoke-recorded-not-penalised-until-claimed"
VIEWER = Path(__file__).resolve().parents[2] / "docs" / "_static" / "napspec-replay.js"


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Record:
    path = record_replays(tmp_path_factory.mktemp("replays"), lambda _line: None)
    found = load_record(path.parent)
    assert found is not None
    return found


@pytest.fixture(scope="module")
def replays(record: Record) -> dict[str, dict[str, Any]]:
    return {scenario.id: scenario_replay(scenario, record, REGISTER) for scenario in SCENARIOS.values()}


def said(sentences: list[list[Any]]) -> str:
    return " ".join("".join(p if isinstance(p, str) else f"[{p['card']}]" for p in s) for s in sentences)


def test_every_scenario_and_row_gets_a_replay_of_every_action(replays: dict[str, dict[str, Any]]) -> None:
    assert set(replays) == set(SCENARIOS)
    for scenario_id, replay in replays.items():
        scenario = SCENARIOS[scenario_id]
        assert len(replay["rows"]) == len(rows_of(scenario)), scenario_id
        for row, shown_row in zip(rows_of(scenario), replay["rows"]):
            case = replay_case(plan_row(scenario, row))
            assert len(shown_row["frames"]) == len(case["actions"]) + 1, scenario_id
            assert shown_row["players"] == case["players"]
            if "draw" in case["start"]:
                # the first card each seat drew, and who the engine found deals first
                assert shown_row["dealer"] is None and shown_row["drawn"] == case["start"]["draw"][: case["players"]]
                assert "first_dealer" in shown_row["frames"][0]["table"], scenario_id
            else:
                assert shown_row["dealer"] == case["dealer"], scenario_id
            assert len(shown_row["steps"]) == len(scenario.steps)


def _check_row(scenario: Scenario, row: dict[str, str], shown_row: dict[str, Any], rules: dict[str, Any]) -> None:
    plan = plan_row(scenario, row)
    case = replay_case(plan)
    frames = shown_row["frames"]
    if "hands" in case["start"]:
        dealt = [sorted(hand) for hand in case["start"]["hands"]]
        assert [sorted(hand) for hand in frames[0]["table"]["hands"]] == dealt, plan.label
    for taken, action in enumerate(case["actions"], start=1):
        frame, before = frames[taken], frames[taken - 1]
        words = said(frame["say"])
        assert words.startswith(f"Seat {action['seat']} "), (plan.label, taken, words)
        if "card" in action:
            assert f"[{action['card']}]" in words, (plan.label, taken, words)
        # the step that takes the action is the one the frame points at
        assert taken - 1 in plan.steps[frame["step"]].actions
        if frame["refused"]:
            assert "Refused: " in words and frame["table"]["hands"] == before["table"]["hands"]
        elif action["type"] == "play" and not case["irregular"]:
            # (an irregular card may be taken back: the offence recorded is what the frame shows)
            seat, card = action["seat"], action["card"]
            assert card in before["table"]["hands"][seat] and card not in frame["table"]["hands"][seat]
            assert frame["table"]["trick"]["plays"][-1] == {"seat": seat, "card": card}
    # every check of the plan, once, at the frame after the actions its case takes
    wanted = [
        (len(planned.message["actions"]), position, check.what, shown(check.expected))
        for planned in plan.cases
        for position, check in zip(planned.steps, planned.checks)
    ]
    found = [
        (taken, check["step"], check["what"], check.get("expected"))
        for taken, frame in enumerate(frames)
        for check in frame["checks"]
    ]
    assert sorted(found) == sorted(wanted), plan.label
    for frame in frames:
        for check in frame["checks"]:
            assert check["verdict"] == "passed", (plan.label, check)
            assert check["rules"] and all(rule in rules for rule in check["rules"]), (plan.label, check)


def test_each_frame_shows_what_the_scenario_plans(replays: dict[str, dict[str, Any]]) -> None:
    for scenario_id, replay in replays.items():
        scenario = SCENARIOS[scenario_id]
        for row, shown_row in zip(rows_of(scenario), replay["rows"]):
            _check_row(scenario, row, shown_row, replay["rules"])


def test_a_check_s_rules_are_given_in_our_words_and_the_sources_from_the_register(
    replays: dict[str, dict[str, Any]],
) -> None:
    rules = replays[IRREGULAR]["rules"]
    revoke = REGISTER.rules["irregularities.revoke-definition"]
    given = rules["irregularities.revoke-definition"]
    assert given["title"] == revoke.title
    assert [(q["source"], q["locator"]) for q in given["quotes"]] == [
        (REGISTER.sources[c.source].short, c.locator) for c in revoke.citations
    ]
    assert "Failure to follow suit to the lead when able is called a revoke." in [q["words"] for q in given["quotes"]]


def test_an_irregular_scenario_shows_the_offence_when_made_and_the_penalty_when_claimed(
    replays: dict[str, dict[str, Any]],
) -> None:
    frames = replays[IRREGULAR]["rows"][0]["frames"]
    revoke = next(n for n, frame in enumerate(frames) if "Offence recorded" in said(frame["say"]))
    assert said(frames[revoke]["say"]) == "Seat 2 plays [5H]. Offence recorded: a revoke by seat 2."
    assert frames[revoke]["table"]["offences"] == [{"kind": "revoke", "seat": 2, "claimed": False}]
    # the hand goes on as if regular: settled as made, before any claim
    before_claim = frames[-2]
    assert before_claim["table"]["result"]["payments"] == [-2, 6, -2, -2]
    claim = frames[-1]
    assert said(claim["say"]).startswith("Seat 1 claims a revoke by seat 2. The claim of a revoke is upheld.")
    assert "Settlement: the hand is abandoned" in said(claim["say"])
    assert claim["table"]["result"] == {"outcome": "abandoned", "payments": [0, 6, -6, 0], "next_dealer": 1}
    assert claim["table"]["offences"][0]["claimed"] is True
    assert {check["expected"] for check in claim["checks"]} == {'"abandoned"', "[0, 6, -6, 0]"}


def test_the_data_give_each_frame_s_table_only_where_it_changed(replays: dict[str, dict[str, Any]]) -> None:
    whole = replays[IRREGULAR]
    encoded = delta_encoded(copy.deepcopy(whole))
    now: dict[str, Any] = {}
    for frame, full in zip(encoded["rows"][0]["frames"], whole["rows"][0]["frames"]):
        now = {**now, **frame["table"]}
        assert now == full["table"]
    text = script(copy.deepcopy(whole))
    prefix = f"window.napspecReplays=window.napspecReplays||{{}};window.napspecReplays[{json.dumps(IRREGULAR)}]="
    assert text.startswith(prefix) and text.endswith(";\n")
    assert json.loads(text[len(prefix) : -2])["id"] == IRREGULAR
    assert text.isascii()


def test_the_viewer_puts_words_in_the_page_as_text_only() -> None:
    source = VIEWER.read_text(encoding="utf-8")
    for markup in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "import "):
        assert markup not in source, markup
    assert "textContent" in source and "createTextNode" in source


def test_a_record_of_another_row_or_format_is_refused_by_name(record: Record, tmp_path: Path) -> None:
    scenario = SCENARIOS[IRREGULAR]
    entry = copy.deepcopy(record.rows[f"{IRREGULAR}#1"])
    entry["case"]["actions"] = entry["case"]["actions"][:-1]
    with pytest.raises(ReplayError, match="not of the row as it is now"):
        row_replay(scenario, {}, entry, REGISTER)
    unplayed = {**copy.deepcopy(record.rows[f"{IRREGULAR}#1"]), "replay": {"error": "unsupported: no irregular play"}}
    with pytest.raises(
        ReplayError, match=f"{IRREGULAR}: the engine did not play the replay: unsupported: no irregular"
    ):
        row_replay(scenario, {}, unplayed, REGISTER)
    missing = Record(record.path, record.engine, record.content_hash, {})
    with pytest.raises(ReplayError, match=f"{IRREGULAR}: row 1 is not in the record"):
        scenario_replay(scenario, missing, REGISTER)
    (tmp_path / REPLAYS_FILE).write_text('{"format": "napspec-certification/2"}', encoding="utf-8")
    with pytest.raises(ReplayError, match=r"replays\.json: format 'napspec-certification/2'"):
        load_record(tmp_path)
    assert load_record(tmp_path / "nowhere") is None


def test_the_site_gives_every_scenario_its_replay(builds: Builds) -> None:
    html = builds.full.html
    for scenario in SCENARIOS.values():
        assert (html / REPLAYS_FOLDER / f"{scenario.id}.js").is_file(), scenario.id
    pages = "".join(path.read_text(encoding="utf-8") for path in (html / "chapters").glob("*.html"))
    for scenario in SCENARIOS.values():
        assert f'id="{replay_anchor(anchor("scenario", scenario.id))}"' in pages, scenario.id


def test_the_single_page_links_each_scenario_to_its_replay_on_the_site(editions: Editions) -> None:
    page = editions.single.read_text(encoding="utf-8")
    for scenario in SCENARIOS.values():
        home = next(rule for rule in scenario.rules if rule in REGISTER.rules)
        target = f"../chapters/{REGISTER.rules[home].chapter}.html#{replay_anchor(anchor('scenario', scenario.id))}"
        assert f'href="{target}"' in page, scenario.id
    assert "nap-rp-" not in page and "_replays/" not in page  # no replay on the one page itself


def test_a_row_s_button_names_its_game_by_its_source_not_by_the_profile_s_id() -> None:
    """A reader chooses an Examples row by the game it plays ("Hoyle: phase play, tricks 0"),
    never by the register's id ("profile hoyle, …")."""
    from napspec.docs.rulebook.replays import example_label

    register = spec.load()
    labels = [
        example_label(scenario, row, register)
        for scenario in load_scenarios()
        for row in rows_of(scenario)
        if row.get("profile")
    ]
    assert labels
    assert not [label for label in labels if "profile" in label or label.split(":")[0] in spec.PROFILE_IDS]
    assert all(label.split(":")[0] in {s.short for s in register.sources.values()} for label in labels)
