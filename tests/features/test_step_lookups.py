"""pytest-bdd's step lookups are remembered per module (napspec.suite.steps): under the
pytest-bdd this project pins, the lookup it makes is the remembering one."""

from __future__ import annotations

import sys

from napspec.suite import steps


def test_the_installed_pytest_bdd_lookup_is_remembered() -> None:
    assert steps.STEP_LOOKUPS_REMEMBERED
    lookup = sys.modules["pytest_bdd.scenario"].find_fixturedefs_for_step
    assert getattr(lookup, "remembers", False)


def test_remembering_again_changes_nothing() -> None:
    before = sys.modules["pytest_bdd.scenario"].find_fixturedefs_for_step
    assert steps._remember_step_lookups()
    assert sys.modules["pytest_bdd.scenario"].find_fixturedefs_for_step is before
