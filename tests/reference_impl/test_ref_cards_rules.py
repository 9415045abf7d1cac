"""Cards, and the rules as typed options: every value of every option, profiles, house rules."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from napspec.reference.cards import (
    FULL_PACK,
    card_name,
    format_card,
    format_cards,
    pack_faults,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from napspec.reference.errors import CardError, RulesError
from napspec.reference.hand import Hand
from napspec.reference.rules import OPTIONS, Rules

from .napref_helpers import PROFILES

SPEC = Path(__file__).resolve().parents[2] / "spec"


# ---------------------------------------------------------------------- cards


def test_cards_are_suit_times_thirteen_plus_rank() -> None:
    assert parse_card("2C") == 0
    assert parse_card("AC") == 12
    assert parse_card("2D") == 13
    assert parse_card("AS") == 51
    assert suit_of(parse_card("QH")) == 2 and rank_of(parse_card("QH")) == 10


def test_card_text_round_trips_for_the_whole_pack() -> None:
    assert [parse_card(format_card(c)) for c in FULL_PACK] == list(FULL_PACK)
    assert parse_card("10h") == parse_card("TH")
    assert parse_cards("AS, KS QS") == (51, 50, 49)
    assert format_cards(parse_cards("td 2c")) == "TD 2C"
    assert card_name(parse_card("JC")) == "knave of clubs"


@pytest.mark.parametrize("text", ["", "A", "1S", "AX", "ASS", "11C", "KK"])
def test_bad_card_text_is_a_card_error(text: str) -> None:
    with pytest.raises(CardError):
        parse_card(text)


@pytest.mark.parametrize("value", [-1, 52, True, "AS", 3.0])
def test_format_card_rejects_non_cards(value: object) -> None:
    with pytest.raises(CardError):
        format_card(value)  # type: ignore[arg-type]


def test_pack_faults_names_missing_and_repeated_cards() -> None:
    assert pack_faults(FULL_PACK) == ((), ())
    assert pack_faults([c for c in FULL_PACK if c != 5] + [7]) == ((5,), (7,))


# ---------------------------------------------------------------------- options


def _variations() -> list[dict[str, object]]:
    with (SPEC / "variations.toml").open("rb") as handle:
        options: list[dict[str, object]] = tomllib.load(handle)["option"]
    return options


def test_engine_has_one_field_per_option_of_the_register() -> None:
    assert [spec.id for spec in OPTIONS] == [o["id"] for o in _variations()]


def test_engine_implements_every_value_of_every_option() -> None:
    engine = {spec.id: spec for spec in OPTIONS}
    for option in _variations():
        spec = engine[str(option["id"])]
        values = [v["value"] for v in option["value"]]  # type: ignore[attr-defined]
        assert spec.kind == option["type"], option["id"]
        if spec.kind == "enum":
            assert set(spec.values) == set(values), option["id"]
        elif spec.kind == "int":
            assert all(spec.minimum <= v <= spec.maximum for v in values), option["id"]
        else:
            assert set(values) <= {True, False}, option["id"]


@pytest.mark.parametrize("profile", PROFILES)
def test_profiles_are_read_from_spec_not_hard_coded(profile: str) -> None:
    rules = Rules.profile(profile)
    assert rules.name == profile
    with (SPEC / "profiles" / f"{profile}.toml").open("rb") as handle:
        data = tomllib.load(handle)["options"]
    for spec in OPTIONS:
        entry = data[spec.id]
        expected = entry["value"] if isinstance(entry, dict) else entry
        assert getattr(rules, spec.field) == expected, spec.id


def test_unknown_option_is_named_with_the_nearest() -> None:
    values = Rules.profile("hoyle").options()
    values["revok"] = "none"
    with pytest.raises(RulesError, match=r"unknown option 'revok'; did you mean 'revoke'"):
        Rules.from_options(values)


def test_missing_option_is_named() -> None:
    values = Rules.profile("hoyle").options()
    del values["cut-minimum"]
    with pytest.raises(RulesError, match="missing option 'cut-minimum'"):
        Rules.from_options(values)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("revoke", "replay", "option 'revoke' has no value 'replay'"),
        ("deal-pattern", 3, "option 'deal-pattern' has no value 3"),
        ("cut-minimum", "4", "option 'cut-minimum' takes a whole number"),
        ("cut-minimum", True, "option 'cut-minimum' takes a whole number"),
        ("cut-minimum", 0, "option 'cut-minimum' must be from 1 to 26"),
        ("players-max", 11, "option 'players-max' must be from 2 to 10"),
        ("show-cards", 1, "option 'show-cards' takes true or false"),
        ("players-min", 7, "option 'players-min' \\(7\\) exceeds option 'players-max' \\(6\\)"),
    ],
)
def test_bad_value_is_named(option: str, value: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.profile("hoyle").with_options({option: value})


def test_unknown_profile_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="unknown profile 'hoyl'; did you mean 'hoyle'"):
        Rules.profile("hoyl")


def test_house_rules_are_a_base_profile_with_overrides(tmp_path: Path) -> None:
    path = tmp_path / "crown.toml"
    path.write_text('base = "hoyle"\nname = "The Crown"\n\n[options]\nnap-stakes = "win-12-lose-6"\n')
    rules = Rules.house_rules(path)
    assert rules.name == "The Crown"
    assert rules.nap_stakes == "win-12-lose-6"
    assert rules.with_options({"nap-stakes": "win-10-lose-5"}, name="hoyle") == Rules.profile("hoyle")


def test_house_rules_mistake_is_a_rules_error_naming_the_option(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('base = "hoyle"\n[options]\nnap-stake = "win-12-lose-6"\n')
    with pytest.raises(RulesError, match="nap-stake"):
        Rules.house_rules(path)


@pytest.mark.parametrize(
    ("profile", "fewest", "most"),
    [("peel", 2, 6), ("hoyle", 2, 6), ("britannica", 2, 10), ("wikipedia", 3, 7)],
)
def test_players_number_per_profile(profile: str, fewest: int, most: int) -> None:
    rules = Rules.profile(profile)
    for players in (fewest, most):
        Hand(rules, players, 0, seed=1)
    for players in (fewest - 1, most + 1):
        with pytest.raises(RulesError, match=f"{players} players"):
            Hand(rules, players, 0, seed=1)


def test_stakes_per_trick_and_for_nap() -> None:
    rules = Rules.profile("hoyle")
    assert [rules.win_stake(t) for t in range(1, 6)] == [1, 2, 3, 4, 10]
    assert [rules.lose_stake(t) for t in range(1, 6)] == [1, 2, 3, 4, 5]
    custom = rules.with_options({"nap-stakes": "win-12-lose-6"})
    assert (custom.win_stake(5), custom.lose_stake(5)) == (12, 6)
