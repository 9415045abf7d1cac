"""A narrowed run's rule table lists the rules the selection is about, and no other: not the
other rules its scenarios tag, nor the rules of rows written for other values of the options
(which the target does not play, so that they read "not judged: not applicable")."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from napspec.conformance import verdicts
from napspec.conformance.certify import report_document, resolve_target, run_certification


def _report(profile: str, rules: tuple[str, ...] = (), scenarios: tuple[str, ...] = ()) -> dict[str, Any]:
    result = run_certification(
        engine="reference",
        target=resolve_target(profile, None),
        rules=rules,
        scenarios=scenarios,
        console=Console(file=open("/dev/null", "w")),  # noqa: SIM115 (closed with the console)
    )
    return report_document(result)


def test_a_run_narrowed_to_a_chapter_lists_that_chapters_rules_only() -> None:
    document = _report("peel", rules=("calling",))
    listed = [row["rule"] for row in document["rules"]]
    # The calling scenarios tag rules of other chapters, in rows Peel does not play.
    tagged = {rule for case in document["cases"] for rule in case["rules"]}
    assert any(not rule.startswith("calling.") for rule in tagged)
    assert document["summary"]["not-applicable"]
    assert listed == [rule for rule in verdicts.testable_rules("peel") if rule.startswith("calling.")]
    assert not [row for row in document["rules"] if row["why"].startswith("not applicable")]
    assert document["rules_summary"]["not-judged"] == 0


def test_a_run_narrowed_to_one_rule_lists_that_rule_alone() -> None:
    document = _report("peel", rules=("calling.nap-ceiling",))
    assert {rule for case in document["cases"] for rule in case["rules"]} > {"calling.nap-ceiling"}
    assert [(row["rule"], row["verdict"]) for row in document["rules"]] == [("calling.nap-ceiling", "passed")]


def test_a_run_narrowed_to_scenarios_lists_the_rules_its_played_rows_test() -> None:
    whole = _report("peel", rules=("calling",))
    played = next(case for case in whole["cases"] if case["status"] == "passed" and len(case["rules"]) > 1)
    document = _report("peel", scenarios=(played["scenario"],))
    tested = {rule for case in document["cases"] if case["status"] != "not-applicable" for rule in case["rules"]}
    assert [row["rule"] for row in document["rules"]] == [
        rule for rule in verdicts.testable_rules("peel") if rule in tested
    ]
    assert all(row["verdict"] == "passed" for row in document["rules"])
