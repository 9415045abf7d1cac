"""The engine reads the rule facts from the register: Nap's stakes and the fines from the
amounts of the option values, the ranges of int options, the cards each player is dealt."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner
from napspec.reference.cli import main
from napspec.reference.rules import CARDS_EACH, NAP, OPTIONS, TRICKS_IN_HAND, Rules
from napspec.spec import load


def test_nap_stakes_are_the_amounts_of_the_value_in_force() -> None:
    option = load().options["nap-stakes"]
    for value in option.values:
        rules = Rules.profile("peel").with_options({"nap-stakes": value.value})
        assert (rules.win_stake(NAP), rules.lose_stake(NAP)) == (value.amounts["nap-win"], value.amounts["nap-lose"])
        assert [rules.win_stake(t) for t in range(1, NAP)] == list(range(1, NAP))


def test_fines_are_the_amounts_of_the_value_in_force() -> None:
    register = load()
    for option in register.options.values():
        for value in option.values:
            if "fine" in value.amounts:
                rules = Rules.profile("britannica").with_options({option.id: value.value})
                assert rules.fine(option.id) == value.amounts["fine"], (option.id, value.value)


def test_int_option_ranges_are_the_registers() -> None:
    register = load()
    for spec in OPTIONS:
        limits = register.options[spec.id].range
        if spec.kind == "int":
            assert limits is not None
            assert (spec.minimum, spec.maximum) == (limits.minimum, limits.maximum)
        else:
            assert limits is None


def test_the_hand_has_as_many_tricks_as_cards_dealt() -> None:
    assert CARDS_EACH == TRICKS_IN_HAND == NAP == load().number("cards-each")


def test_the_comparison_explains_how_to_install_openspiel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    result = CliRunner().invoke(main, ["compare", "--hands", "5"])
    assert result.exit_code == 1
    assert "pip install 'napspec[bench]'" in result.output


def test_the_comparison_prints_both_rates_and_their_ratio() -> None:
    pytest.importorskip("pyspiel")
    result = CliRunner().invoke(main, ["compare", "--hands", "20", "--profile", "peel"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("napspec reference (peel, 4 players): 20 hands")
    assert lines[1].startswith("OpenSpiel oh_hell(players=4,num_tricks_fixed=5): 20 games, ")
    assert lines[2].startswith("ratio: ") and lines[2].endswith("x OpenSpiel's games/s")
