"""The scenarios are well formed: stable unique ids, known rules, quotations that are the
register's own words, Examples rows that cite their source, and every testable rule covered."""

from __future__ import annotations

import re

import pytest

from napspec.spec import load, normalise
from napspec.suite.plan import plan_row
from napspec.suite.scenarios import Scenario, load_scenarios

REGISTER = load()
SCENARIOS = load_scenarios()
SHORTS = {source.short: source.id for source in REGISTER.sources.values()}


def _id(scenario: Scenario) -> str:
    return scenario.id or f"{scenario.file}:{scenario.line}"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_id)
def test_scenario_has_a_stable_id_and_known_rules(scenario: Scenario) -> None:
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", scenario.id), f"bad or missing @id: {scenario.id!r}"
    assert scenario.rules, "a scenario names the rules it tests with @rule:<id>"
    for rule_id in scenario.rules:
        assert rule_id in REGISTER.rules, f"unknown rule {rule_id!r}"
        assert REGISTER.rules[rule_id].testable, f"{rule_id} is marked untestable in the register"
    for option in scenario.needs:
        assert option in REGISTER.options, f"@needs names unknown option {option!r}"
    assert scenario.chapter in REGISTER.chapters


def test_scenario_ids_are_unique() -> None:
    ids = [s.id for s in SCENARIOS]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_id)
def test_description_quotes_the_register_verbatim(scenario: Scenario) -> None:
    assert scenario.quotes, "a scenario shows the words of its sources in its description"
    assert not scenario.unparsed_description, scenario.unparsed_description
    citations = [c for rule_id in scenario.rules for c in REGISTER.rules[rule_id].citations]
    for quote in scenario.quotes:
        source = SHORTS.get(quote.short)
        assert source, f"line {quote.line}: unknown source {quote.short!r}"
        words = normalise(quote.words)
        assert any(
            c.source == source and c.locator == quote.locator and words in normalise(c.quote) for c in citations
        ), (
            f"line {quote.line}: {quote.short} {quote.locator}: {quote.words[:60]!r} "
            f"is not a citation of {scenario.rules}"
        )


def _uncited_values(scenario: Scenario, row: dict[str, str]) -> dict[str, object]:
    """The options a row runs at a value that none of the option's citations gives."""
    options = plan_row(scenario, dict(row)).options
    return {key: value for key, value in options.items() if not REGISTER.options[key].allows(value)}


@pytest.mark.parametrize("scenario", [s for s in SCENARIOS if s.outline], ids=_id)
def test_examples_rows_cite_their_source(scenario: Scenario) -> None:
    if "profile" not in scenario.examples_header:
        return  # an outline over something other than the profile
    assert "source" in scenario.examples_header, "rows that differ by profile cite their source"
    for row in scenario.examples:
        assert row["profile"] in REGISTER.profiles, row
        cell = row["source"].strip()
        uncited = _uncited_values(scenario, row)
        # A row at a value no source gives (house rules) says so, and only such a row.
        said = f"set to values no source gives, {uncited}: its source is " if uncited else ""
        assert (cell == "uncited") == bool(uncited), f"row {dict(row)}: {said}{cell!r}"
        if cell == "uncited":
            continue
        if cell.startswith("interpretation "):
            assert cell.removeprefix("interpretation ") in REGISTER.interpretations, cell
            continue
        short, _, locator = cell.partition(" ")
        source = SHORTS.get(short)
        assert source, f"unknown source in {cell!r}"
        REGISTER.sources[source].span(locator)  # raises on a locator that names no place


@pytest.mark.parametrize("scenario", [s for s in SCENARIOS if s.outline and "profile" in s.examples_header], ids=_id)
def test_examples_rows_rest_on_the_profiles_own_source(scenario: Scenario) -> None:
    """A row's expectation is credited to its profile's own source, or to a reading of it:
    never to another source's words, nor to an interpretation that does not cover the profile."""
    for row in scenario.examples:
        profile = REGISTER.profiles[row["profile"]]
        cell = row["source"].strip()
        if cell == "uncited":
            continue  # house rules: no source's words (test_examples_rows_cite_their_source)
        if cell.startswith("interpretation "):
            interpretation = REGISTER.interpretations[cell.removeprefix("interpretation ")]
            assert profile.source in interpretation.sources, (
                f"row {row['profile']}: interpretation {interpretation.id} does not list {profile.source!r}"
            )
        else:
            short = cell.partition(" ")[0]
            assert SHORTS.get(short) == profile.source, f"row {row['profile']} cites {cell!r}"


def test_every_testable_rule_has_a_scenario() -> None:
    covered = {rule for scenario in SCENARIOS for rule in scenario.rules}
    missing = [r.id for r in REGISTER.rules.values() if r.testable and r.id not in covered]
    assert not missing, missing
