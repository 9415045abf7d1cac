"""Campaign (``pytest -m campaign``, in CI): every breaker of the chapters players-and-pack, dealing,
calling, play and settlement, and the further breakers of their rules,
certified on the whole suite under every target (see
:mod:`tests.conformance.test_breakers`)."""

from __future__ import annotations

import pytest

from tests.conformance.breakers.score import check_breaker, rules_of


@pytest.mark.campaign
@pytest.mark.parametrize("name", rules_of("players-and-pack", "dealing", "calling", "play", "settlement"))
def test_the_suite_kills_the_breaker_on_its_rule_only(name: str) -> None:
    check_breaker(name)
