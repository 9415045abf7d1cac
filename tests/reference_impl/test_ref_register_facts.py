"""The engine reads the rule facts from the register: Nap's stakes and the fines from the
amounts of the option values, the ranges of int options, the cards each player is dealt."""

from __future__ import annotations

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
