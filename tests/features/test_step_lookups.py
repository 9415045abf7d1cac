"""pytest-bdd's step lookups are remembered per module (napspec.suite.steps): under the
pytest-bdd this project pins, the lookup it makes is the remembering one."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pytest_bdd.exceptions import GherkinParseError

from napspec.suite import scenarios, steps


def test_the_installed_pytest_bdd_lookup_is_remembered() -> None:
    assert steps.STEP_LOOKUPS_REMEMBERED
    lookup = sys.modules["pytest_bdd.scenario"].find_fixturedefs_for_step
    assert getattr(lookup, "remembers", False)


def test_remembering_again_changes_nothing() -> None:
    before = sys.modules["pytest_bdd.scenario"].find_fixturedefs_for_step
    assert steps._remember_step_lookups()
    assert sys.modules["pytest_bdd.scenario"].find_fixturedefs_for_step is before


def test_pytest_bdd_reads_the_documents_the_suite_parses(tmp_path: Path) -> None:
    assert steps.GHERKIN_DOCUMENTS_SHARED
    read = sys.modules["pytest_bdd.parser"].get_gherkin_document
    assert getattr(read, "shares", False)
    path = tmp_path / "one.feature"
    path.write_text("Feature: One\n  Scenario: S\n    Given a step\n", encoding="utf-8")
    scenarios.gherkin_document.cache_clear()
    document = read(str(path))
    assert scenarios.gherkin_document.cache_info().currsize == 1  # parsed once, kept
    assert document.feature.children[0].scenario.steps[0].text == "a step"
    assert scenarios.parse_feature(path)[0].steps[0].text == "a step"
    assert scenarios.gherkin_document.cache_info().hits == 1  # and read again from there


def test_a_file_pytest_bdd_cannot_parse_gets_pytest_bdd_own_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.feature"
    path.write_text("Scenario: before any feature\n", encoding="utf-8")
    with pytest.raises(GherkinParseError, match=r"Misplaced or incorrect .Scenario. keyword"):
        sys.modules["pytest_bdd.parser"].get_gherkin_document(str(path))


def test_sharing_again_changes_nothing() -> None:
    before = sys.modules["pytest_bdd.parser"].get_gherkin_document
    assert steps._share_gherkin_documents()
    assert sys.modules["pytest_bdd.parser"].get_gherkin_document is before
