"""Peep and Purchase Nap, the pool, shortened packs and the Double Header in the register: the
options are variants every profile leaves at their plain value, the bundles are those the
sources give, the amounts are those the quotations state, the options that need one another say
so, and the checks guard the `requires` and `excludes` that say it."""

from __future__ import annotations

from pathlib import Path

import pytest

from napspec.spec import HouseRulesError, load, load_house_rules
from napspec.spec.export import register_document
from tests.spec.register_copies import copy_register, edit, reported

NEW_VARIANT_OPTIONS = (
    "peep",
    "purchase",
    "pool",
    "pool-contributions",
    "pool-fines",
    "pool-failed-nap",
    "pool-end",
    "pack",
    "double-header",
)


@pytest.fixture
def register_copy(tmp_path: Path) -> Path:
    return copy_register(tmp_path, "house-register")


# ---------------------------------------------------------------------- the options


@pytest.mark.parametrize("option_id", NEW_VARIANT_OPTIONS)
def test_each_is_a_variant_that_every_profile_leaves_plain(option_id: str) -> None:
    register = load()
    option = register.options[option_id]
    assert option.is_variant and option.allows(option.plain)
    for profile_id in register.profiles:
        assert register.profile_values(profile_id)[option_id] == option.plain, profile_id


def test_the_new_chapters_follow_the_calls_beyond_nap() -> None:
    register = load()
    order = {chapter.id: chapter.order for chapter in register.chapters.values()}
    assert order["exchanges"] == order["calls-beyond-nap"] + 1
    assert order["pool"] == order["exchanges"] + 1
    for chapter_id in ("exchanges", "pool"):
        assert register.rules_of(chapter_id), chapter_id
        for option in (o for o in register.options.values() if o.chapter == chapter_id):
            assert any(register.rules[r].chapter == chapter_id for r in option.rules), option.id


def test_the_double_header_has_only_its_plain_value() -> None:
    option = load().options["double-header"]
    assert [v.value for v in option.values] == ["not-played"]
    # Peel names it (p. 10) but its rules stood on p. 13, which the copy lacks: a lacuna, not an answer.
    assert option.stance("peel") == ("lacuna", ())
    assert "Double Header is agreed to" in option.lacuna["peel"]


def test_the_amounts_are_those_the_quotations_state() -> None:
    options = load().options
    # "paying one penny--or higher, according to the stakes": a penny is a stake.
    assert options["peep"].value("played").amounts == {"peep-fee": 1}
    assert options["purchase"].value("played").amounts == {"purchase-fee": 1}
    contributions = options["pool-contributions"]
    assert contributions.value("each-dealer").amounts == {"pool-per-dealer": 1}
    assert contributions.value("all-at-original-deal").amounts == {"pool-per-player": 1}
    # "every dealer shall put in 3d. and every player 1d. every time"
    assert contributions.value("dealer-three-players-one").amounts == {"pool-per-dealer": 3, "pool-per-player": 1}
    assert contributions.value("knaves-and-fives").amounts == {"pool-per-card": 1}
    # "pays a penalty to the pool equal to the stake of one trick"
    assert options["pool-fines"].value("misdeal-one-stake").amounts == {"pool-fine": 1}
    # "If four play, 28 to 32 cards are used, if five, 36 to 40 cards."
    assert options["pack"].value("short-28-36").amounts == {"pack-for-four": 28, "pack-for-five": 36}
    assert options["pack"].value("short-32-40").amounts == {"pack-for-four": 32, "pack-for-five": 40}


def test_a_shortened_pack_is_whole_ranks_of_four_suits_and_serves_its_table() -> None:
    # Interpretation short-pack-lowest-cards-out takes whole ranks out of every suit.
    players = {"pack-for-four": 4, "pack-for-five": 5}
    for value in load().options["pack"].values:
        for kind, cards in value.amounts.items():
            assert cards % 4 == 0 and 5 * players[kind] <= cards < 52, (value.value, kind)


# ---------------------------------------------------------------------- the bundles


def test_each_profile_gives_the_variants_its_source_gives() -> None:
    register = load()
    given = {
        profile.id: set(profile.variants) & {"peep", "purchase", "pool", "short-pack"}
        for profile in register.profiles.values()
    }
    assert given == {
        "peel": {"pool"},
        "hoyle": {"peep", "purchase", "pool"},
        "britannica": set(),
        "wikipedia": {"peep", "purchase", "short-pack"},
    }


@pytest.mark.parametrize(
    ("profile", "variant"),
    [
        ("peel", "pool"),
        ("hoyle", "peep"),
        ("hoyle", "purchase"),
        ("hoyle", "pool"),
        ("wikipedia", "peep"),
        ("wikipedia", "purchase"),
        ("wikipedia", "short-pack"),
    ],
)
def test_each_bundle_is_playable_on_its_own(profile: str, variant: str) -> None:
    register = load()
    values = register.variant_values(profile, [variant])
    assert register.conflicts(values) == []
    assert values != register.profile_values(profile)


def test_the_exchanges_bring_their_pool_and_nothing_else_feeds_it() -> None:
    register = load()
    for profile, variant in (
        ("hoyle", "peep"),
        ("hoyle", "purchase"),
        ("wikipedia", "peep"),
        ("wikipedia", "purchase"),
    ):
        values = register.variant_values(profile, [variant])
        assert values["pool"] == "played" and values["pool-contributions"] == "none", (profile, variant)
        assert values["pool-end"] != register.options["pool-end"].plain


# ---------------------------------------------------------------------- what cannot be played together


@pytest.mark.parametrize(
    ("profile", "variants", "changes", "expected"),
    [
        ("hoyle", [], {"peep": "played"}, "option 'peep' = 'played' needs option 'pool' played, not 'not-played'"),
        (
            "hoyle",
            ["purchase"],
            {"pool": "not-played"},
            "option 'purchase' = 'played' needs option 'pool' played, not 'not-played'",
        ),
        (
            "hoyle",
            ["peep", "pool"],
            {},
            "option 'peep' = 'played' excludes option 'pool-contributions' = 'each-dealer' (it must be 'none')",
        ),
        (
            "wikipedia",
            ["peep", "purchase"],
            {},
            "option 'purchase' = 'played' excludes option 'peep' = 'played' (it must be 'not-played')",
        ),
        (
            "wikipedia",
            ["seven-card", "purchase"],
            {},
            "option 'purchase' = 'played' excludes option 'seven-card' = 'played' (it must be 'not-played')",
        ),
        ("peel", ["pool"], {"pool-end": "none"}, "option 'pool' = 'played' needs option 'pool-end' played, not 'none'"),
        ("peel", [], {"pool-end": "drawn-for"}, "option 'pool-end' = 'drawn-for' needs option 'pool' played"),
        (
            "peel",
            [],
            {"pool-fines": "misdeal-one-stake"},
            "option 'pool-fines' = 'misdeal-one-stake' needs option 'pool'",
        ),
        ("hoyle", [], {"pool-failed-nap": "pays-pool-amount"}, "option 'pool-failed-nap' = 'pays-pool-amount' needs"),
    ],
)
def test_options_that_need_one_another_say_so(
    profile: str, variants: list[str], changes: dict[str, str], expected: str
) -> None:
    register = load()
    values = {**register.variant_values(profile, variants), **changes}
    assert any(conflict.startswith(expected) for conflict in register.conflicts(values)), register.conflicts(values)


def test_a_house_rule_of_peep_without_the_pool_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('base = "hoyle"\nvariants = ["peep"]\n\n[options]\npool = "not-played"\n', encoding="utf-8")
    with pytest.raises(
        HouseRulesError, match="cannot be played together: option 'peep' = 'played' needs option 'pool'"
    ):
        load_house_rules(path)


def test_a_house_rule_may_play_the_pool_the_rarer_way(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'base = "hoyle"\nvariants = ["pool"]\n\n[options]\npool-contributions = "knaves-and-fives"\n'
        'pool-failed-nap = "pays-pool-amount"\npool-end = "drawn-for"\n',
        encoding="utf-8",
    )
    values = load_house_rules(path).values
    assert (values["pool"], values["pool-contributions"], values["pool-end"]) == (
        "played",
        "knaves-and-fives",
        "drawn-for",
    )


# ---------------------------------------------------------------------- the checks of requires and excludes


def test_a_constraint_naming_an_unknown_option_is_reported_with_the_nearest(register_copy: Path) -> None:
    edit(
        register_copy / "variations.toml",
        'requires = ["pool"]\n  excludes = ["seven-card", "pool-contributions",',
        'requires = ["pol"]\n  excludes = ["seven-card", "pool-contributions",',
    )
    problems = reported(register_copy)
    assert any(
        "house-register/variations.toml:" in p
        and "option 'peep' value 'played': requires names unknown option 'pol'; did you mean 'pool'?" in p
        for p in problems
    ), problems


def test_a_constraint_on_an_option_without_a_plain_value_is_reported(register_copy: Path) -> None:
    edit(
        register_copy / "variations.toml",
        'excludes = ["seven-card", "pool-contributions",',
        'excludes = ["seven-card", "revoke",',
    )
    assert any(
        "option 'peep' value 'played': excludes names option 'revoke', which has no plain value" in p
        for p in reported(register_copy)
    )


def test_a_value_requiring_its_own_option_is_reported(register_copy: Path) -> None:
    edit(register_copy / "variations.toml", '  requires = ["pool-end"]\n', '  requires = ["pool-end", "pool"]\n')
    assert any("option 'pool' value 'played': requires names its own option" in p for p in reported(register_copy))


def test_a_value_both_requiring_and_excluding_an_option_is_reported(register_copy: Path) -> None:
    edit(
        register_copy / "variations.toml",
        'excludes = ["seven-card", "pool-contributions",',
        'excludes = ["seven-card", "pool",',
    )
    assert any(
        "option 'peep' value 'played': both requires and excludes option 'pool'" in p for p in reported(register_copy)
    )


def test_a_plain_value_with_a_constraint_is_reported(register_copy: Path) -> None:
    edit(
        register_copy / "variations.toml",
        'meaning = "There is no pool to dispose of: the plain game."',
        'meaning = "There is no pool to dispose of: the plain game."\n  excludes = ["pool"]',
    )
    assert any(
        "option 'pool-end' value 'none': the plain value requires or excludes nothing" in p
        for p in reported(register_copy)
    )


def test_a_bundle_that_breaks_a_constraint_is_reported_against_its_profile(register_copy: Path) -> None:
    edit(
        register_copy / "profiles" / "hoyle.toml",
        '[variants.peep]\npeep = "played"\npool = "played"\n',
        '[variants.peep]\npeep = "played"\n',
    )
    assert any(
        "house-register/profiles/hoyle.toml:" in p and "peep: option 'peep' = 'played' needs option 'pool' played" in p
        for p in reported(register_copy)
    ), reported(register_copy)


def test_the_export_carries_the_new_chapters_constraints_and_lacunae() -> None:
    document = register_document()
    chapters = [chapter["id"] for chapter in document["chapters"]]
    assert chapters[-3:] == ["calls-beyond-nap", "exchanges", "pool"]
    peep = {value["value"]: value for value in document["options"]["peep"]["values"]}["played"]
    excluded = ["seven-card", "pool-contributions", "pool-fines", "pool-failed-nap", "sir-garnet"]
    assert (peep["requires"], peep["excludes"]) == (["pool"], excluded)
    assert document["rules"]["calling.double-header"]["lacunae"] == ["peel-double-header"]
    assert document["rules"]["players.short-pack"]["lacunae"] == ["peel-thirty-two-card-pack"]
