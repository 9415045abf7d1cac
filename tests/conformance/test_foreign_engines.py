"""Engines written apart from napspec, in the style of those found in the wild
(``engines/foreign_nap.py``): four players only, dealt hands only, calls from two, and a
deviation in trumps or in scoring switched on. Each is judged on every rule of the calling,
the play and the settlement it can be judged on (at least 30 of the 36), and failed on
exactly the rules it breaks. An engine whose calls start at two is judged under the house
rules that say so (Britannica's, with ``lowest-call = 2``, a value no source gives): it then
fails nothing it obeys; under Britannica's own rules, a call of one, it is judged on nothing,
and told why.

Judged only at the tables the rows are written for, and row by row (a failed row blaming
every rule it tags), the same engines would be judged on 21 of the 36 rules under
Britannica, and the engine with calls from two failed on seven rules (six it obeys); with the
trumps deviation, on thirteen.
"""

from __future__ import annotations

import importlib.util
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from rich.console import Console

from napspec.conformance.certify import junit_xml, print_summary, report_document, resolve_target, run_certification
from napspec.conformance.harness import InProcessEngine, ProtocolEngine
from napspec.conformance.integrity import program_of
from napspec.conformance.report_schemas import REPORT_SCHEMAS
from napspec.spec import load
from tests.conformance.conftest import ENGINES, engine_command

CHAPTERS = ("calling", "play", "settlement")
#: What a four-handed engine from dealt hands that answers no "table" cannot be judged on, and why.
NOT_JUDGED = {
    "calling.look-at-cards": "start",  # the deal itself
    "play.cards-left": "query",  # how played cards lie: the query "table"
    "settlement.sitting-out-dealer": "table size",  # a dealer who sits out, at six
}


def _foreign() -> ModuleType:
    spec = importlib.util.spec_from_file_location("napspec_test_foreign_nap", ENGINES / "foreign_nap.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _house_rules(folder: Path, lowest: int) -> str | None:
    """Britannica's rules with the engine's lowest call, where no source gives it."""
    if lowest == 1:
        return None
    path = folder / "house.toml"
    path.write_text(f'base = "britannica"\n[options]\nlowest-call = {lowest}\n', encoding="utf-8")
    return str(path)


def _certify(wrapper: Any, profile: str | None = "britannica", house_rules: str | None = None) -> dict[str, Any]:
    result = run_certification(
        harness_engine=InProcessEngine(wrapper),
        target=resolve_target(None if house_rules else profile, house_rules),
        rules=CHAPTERS,
        console=Console(file=open("/dev/null", "w")),  # noqa: SIM115 (closed with the console)
    )
    # Run in this process, not through certify: the report names what ran as certify would.
    result.program = program_of(result.engine.get("name"), None)
    return report_document(result)


def _verdicts(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["rule"]: row for row in document["rules"] if row["rule"].split(".")[0] in CHAPTERS}


@pytest.mark.parametrize(
    ("trumps", "scoring", "lowest", "broken"),
    [
        ("first-lead", "stakes", 1, set()),
        # the default run's sample: a faithful engine, and one broken on a rule of play; the
        # lowest call of two alone, and broken settlement, in the campaign
        pytest.param("first-lead", "stakes", 2, set(), marks=pytest.mark.campaign),
        ("longest-suit", "stakes", 2, {"play.first-lead-trumps"}),
        pytest.param(
            "first-lead",
            "unbalanced",
            2,
            # the soloist pays what he must; his opponents are paid nothing: one rule broken
            {"settlement.paid-between-players"},
            marks=pytest.mark.campaign,
        ),
    ],
)
def test_a_foreign_engine_is_judged_on_every_rule_it_can_be_and_failed_only_on_those_it_breaks(
    trumps: str, scoring: str, lowest: int, broken: set[str], tmp_path: Path
) -> None:
    document = _certify(_foreign().Wrapper(trumps, scoring, lowest), house_rules=_house_rules(tmp_path, lowest))
    verdicts = _verdicts(document)
    testable = [rule.id for rule in load().rules.values() if rule.testable and rule.id.split(".")[0] in CHAPTERS]
    assert len(testable) == 36 and set(verdicts) == set(testable)
    judged = [rule for rule, row in verdicts.items() if row["verdict"] != "not-judged"]
    assert len(judged) >= 30, judged
    assert {rule for rule, row in verdicts.items() if row["verdict"] == "failed"} == broken
    # The house rules' lowest call of two is no source's, and the report says so.
    assert document["target"]["uncited"] == (["lowest-call"] if lowest == 2 else [])
    not_judged = {rule: row["why"].split(":")[0] for rule, row in verdicts.items() if row["verdict"] == "not-judged"}
    assert not_judged == NOT_JUDGED
    assert not REPORT_SCHEMAS.errors("certification-report", document)
    # Rows written for three players were played at four.
    assert any(case.get("table") == "written for 3 players, played at 4" for case in document["cases"])


def test_an_engine_calling_from_two_is_judged_on_nothing_under_a_call_of_one_and_told_why() -> None:
    verdicts = _verdicts(_certify(_foreign().Wrapper("first-lead", "stakes", 2)))
    assert {row["verdict"] for row in verdicts.values()} == {"not-judged"}
    assert all("lowest-call=1 is not supported (supported: 2)" in row["why"] for row in verdicts.values())


def test_the_rule_table_opens_the_terminal_output_and_is_in_the_junit() -> None:
    wrapper = _foreign().Wrapper("first-lead", "unbalanced", 1)
    result = run_certification(
        harness_engine=InProcessEngine(wrapper),
        target=resolve_target("britannica", None),
        rules=("settlement",),
        console=Console(file=open("/dev/null", "w")),  # noqa: SIM115
    )
    console = Console(record=True, width=200, file=open("/dev/null", "w"))  # noqa: SIM115
    print_summary(result, console)
    text = console.export_text()
    assert text.index("rules:") < text.index("against britannica")
    assert "settlement.paid-between-players" in text and "not judged for this engine" in text
    # Each failed row quotes the rule its failed check enforces.
    failed = [case for case in report_document(result)["cases"] if case["status"] == "failed"]
    assert failed and all(case["quote"].startswith("settlement.") for case in failed)
    assert any("Britannica p. 229" in case["quote"] for case in failed)
    assert "do not balance" in text
    keys = list(report_document(result))
    # What the certificate covers, then the rule table, follow the summary.
    assert keys[keys.index("summary") + 1 : keys.index("summary") + 4] == ["scope", "rules_summary", "rules"]
    junit = ET.fromstring(junit_xml(result))
    assert junit[0].get("name") == "rules"
    (rules,) = [suite for suite in junit if suite.get("name") == "rules"]
    cases = {case.get("name"): case for case in rules}
    assert cases["settlement.paid-between-players"].find("failure") is not None
    skipped = cases["settlement.sitting-out-dealer"].find("skipped")
    assert skipped is not None and "table size" in (skipped.get("message") or "")


def test_a_foreign_engine_over_the_protocol_gives_the_same_verdicts() -> None:
    with ProtocolEngine(engine_command("foreign_nap.py", "--trumps", "longest-suit", "--lowest-call", "1")) as engine:
        result = run_certification(
            harness_engine=engine,
            target=resolve_target("britannica", None),
            rules=("play.first-lead-trumps", "play.trick-winner"),
            console=Console(file=open("/dev/null", "w")),  # noqa: SIM115
        )
    verdicts = _verdicts(report_document(result))
    assert verdicts["play.first-lead-trumps"]["verdict"] == "failed"
    assert verdicts["play.trick-winner"]["verdict"] == "passed"
    document = report_document(result)
    failed = [case for case in document["cases"] if case["status"] == "failed"]
    assert failed and all("play.first-lead-trumps" in json.dumps(case["checks"]) for case in failed)


def test_the_terminal_output_marks_a_lowest_call_no_source_gives(tmp_path: Path) -> None:
    result = run_certification(
        harness_engine=InProcessEngine(_foreign().Wrapper("first-lead", "stakes", 2)),
        target=resolve_target(None, _house_rules(tmp_path, 2)),
        rules=("calling.call-tricks",),
        console=Console(file=open("/dev/null", "w")),  # noqa: SIM115
    )
    console = Console(record=True, width=200, file=open("/dev/null", "w"))  # noqa: SIM115
    print_summary(result, console)
    assert "(uncited: lowest-call = 2, no source gives this value)" in console.export_text()
    assert _verdicts(report_document(result))["calling.call-tricks"]["verdict"] == "passed"
