"""The checks that keep what the sources do not say from passing for what they say: a lost text
read as silence, amounts resting on readings a value does not name, a claim reading that
cannot fail, and variants played together that no source describes together. Each test breaks
a copy of the register in one way and expects that fault to be reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from napspec.spec import load
from napspec.spec.claims import load_claims, load_evidence
from napspec.spec.export import register_document
from napspec.spec.register import SPEC_DIR
from tests.spec.register_copies import copy_register, edit, reported


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    return copy_register(tmp_path)


# ---------------------------------------------------------------- a lost text is not a silence


def test_peels_lost_variations_read_as_lost_on_every_option_they_bear_on() -> None:
    register = load()
    lost = {o for lacuna in register.sources["peel"].lacunae for o in lacuna.bears_on}
    assert {"misery", "wellington", "blucher", "sir-garnet", "seven-card", "peep", "purchase"} <= lost
    assert "pool-failed-nap" in lost
    for option_id in lost:
        stance, _ = register.options[option_id].stance("peel")
        assert stance in ("lacuna", "cited"), option_id
        assert "peel" not in register.options[option_id].silent, option_id
    # the plain game's answer stays the profile's, labelled: not Peel's answer to "is it played?"
    assert register.profile_values("peel")["misery"] == "not-played"
    assert register.options["misery"].stance("peel") == ("lacuna", ())


def test_the_export_names_the_lacuna_behind_a_lost_answer() -> None:
    document = register_document()
    assert document["options"]["misery"]["sources"]["peel"]["stance"] == "lacuna"
    assert document["options"]["misery"]["sources"]["peel"]["lacunae"] == ["peel-misery"]
    peel_lacunae = {lacuna["id"]: lacuna for lacuna in document["sources"]["peel"]["lacunae"]}
    assert "wellington-lead" in peel_lacunae["peel-wellington-blucher"]["bears-on"]


def test_a_source_listed_as_silent_where_its_text_is_lost_is_reported(spec_copy: Path) -> None:
    variations = spec_copy / "variations.toml"
    peel = "\n  peel = \"Peel's pool (pp. 11–12)"
    edit(variations, "  [option.lacuna]" + peel, "  [option.silent]" + peel)
    britannica = '\n  britannica = "Britannica has no pool."'
    edit(variations, '(p. 4)."\n\n  [option.silent]' + britannica, '(p. 4)."' + britannica)
    problems = reported(spec_copy)
    assert any(
        "option 'pool-failed-nap': 'peel' is listed as silent, but Peel's text on it is lost (lacuna peel-misery)" in p
        for p in problems
    ), problems


def test_a_citation_of_the_plain_game_where_the_text_is_lost_is_reported(spec_copy: Path) -> None:
    # Peel's rule that the plain game holds failing an agreement, cited as his answer on Misery.
    variations = spec_copy / "variations.toml"
    edit(
        variations,
        '  interpretation = "variants-agreed-before-play"\n    [[option.value.citation]]\n    source = "hoyle"\n'
        '    locator = "p. 95"',
        '  interpretation = "variants-agreed-before-play"\n    [[option.value.citation]]\n    source = "peel"\n'
        '    locator = "p. 11"\n    quote = "Failing a proper understanding on this point, the rules applicable to the'
        ' simple game must be adhered to."\n    interpretation = "variants-agreed-before-play"\n'
        '    [[option.value.citation]]\n    source = "hoyle"\n    locator = "p. 95"',
    )
    problems = reported(spec_copy)
    assert any(
        "option 'misery': 'peel' is cited only through variants-agreed-before-play, a reading of its silence, but "
        "Peel's text on it is lost (lacuna peel-misery)" in p
        for p in problems
    ), problems


def test_a_lacuna_entry_no_lacuna_bears_on_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "sources.toml", '"wellington", "wellington-lead", "blucher"]', '"wellington", "blucher"]')
    problems = reported(spec_copy)
    assert any(
        "option 'wellington-lead': 'peel' is listed under [option.lacuna], but no lacuna of 'peel'" in p
        for p in problems
    ), problems


def test_a_lacuna_bearing_on_an_unknown_option_is_reported_with_the_nearest(spec_copy: Path) -> None:
    edit(spec_copy / "sources.toml", 'bears-on = ["double-header"]', 'bears-on = ["double-headr"]')
    problems = reported(spec_copy)
    assert any("bears on unknown option 'double-headr'; did you mean 'double-header'?" in p for p in problems), problems


def test_a_lacuna_no_rule_of_its_option_shows_is_reported(spec_copy: Path) -> None:
    rules = spec_copy / "rules" / "06-irregularities.toml"
    shown = "numbers = { refusals-to-show = 1 }\n"
    edit(rules, shown + 'lacunae = ["peel-misery"]\n', shown)
    problems = reported(spec_copy)
    assert any("lacuna 'peel-misery' bears on option 'show-cards', but none of its rules" in p for p in problems), (
        problems
    )


def test_a_profile_value_resting_on_silence_where_the_text_is_lost_is_reported(spec_copy: Path) -> None:
    edit(
        spec_copy / "profiles" / "peel.toml",
        'wellington-lead = { value = "any-card", interpretation = "peel-variations-lost" }',
        'wellington-lead = { value = "any-card", interpretation = "lead-free-where-unstated" }',
    )
    question = '\nquestion = "Must a Wellington'
    interpretations = spec_copy / "interpretations.toml"
    edit(interpretations, '["hoyle", "britannica"]' + question, '["peel", "hoyle", "britannica"]' + question)
    problems = reported(spec_copy)
    assert any(
        "peel: wellington-lead = 'any-card' rests on a reading of Peel's silence (lead-free-where-unstated), but the "
        "text there is lost (lacuna peel-wellington-blucher)" in p
        for p in problems
    ), problems


def test_a_variant_bundle_inheriting_the_plain_game_where_the_text_is_lost_is_reported(spec_copy: Path) -> None:
    edit(
        spec_copy / "profiles" / "peel.toml",
        'pool-failed-nap = { value = "pays-nothing", interpretation = "peel-variations-lost" }\n',
        "",
    )
    problems = reported(spec_copy)
    assert any(
        "peel: [variants.pool] leaves pool-failed-nap at the plain game's value, but Peel's text on it is lost" in p
        for p in problems
    ), problems


# ---------------------------------------------------------------- amounts resting on readings


def test_the_seven_card_amounts_name_the_readings_they_rest_on() -> None:
    played = load().options["seven-card"].value("played")
    assert played.read["misery-ranks-after"] == "seven-card-misery-above-nap"
    assert played.read["full-loss-up-to"] == "seven-card-stakes"


def test_an_amount_no_quotation_states_and_no_reading_names_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "variations.toml", 'misery-ranks-after = "seven-card-misery-above-nap", ', "")
    problems = reported(spec_copy)
    assert any(
        "option 'seven-card' value 'played': carries misery-ranks-after = 5, which none of its quotations states" in p
        for p in problems
    ), problems


def test_an_amount_stated_by_a_quotation_needs_no_reading(spec_copy: Path) -> None:
    # The fine of "the value of three tricks" is in Britannica's words: nothing to name.
    assert "fine" not in load().options["out-of-turn"].value("fine-three-tricks").read
    edit(spec_copy / "variations.toml", "the value of three tricks to the stand-hand", "the value of two tricks to the")
    problems = reported(spec_copy)
    assert any("'fine-three-tricks': carries fine = 3, which none of its quotations states" in p for p in problems)


def test_a_reading_through_an_unknown_interpretation_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "variations.toml", '= "seven-card-stakes", sir-garnet', '= "seven-card-stake", sir-garnet')
    problems = reported(spec_copy)
    assert any(
        "full-loss-up-to through unknown interpretation 'seven-card-stake'; did you mean 'seven-card-stakes'?" in p
        for p in problems
    ), problems


def test_a_reading_of_something_the_value_does_not_carry_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "variations.toml", "read = { pool-per-dealer = ", "read = { peep-fee = ")
    problems = reported(spec_copy)
    assert any("value 'each-dealer': reads 'peep-fee', neither an amount it carries" in p for p in problems)
    assert any("'each-dealer': carries pool-per-dealer = 1, which none of its quotations states" in p for p in problems)


# ---------------------------------------------------------------- variants played together


def test_the_combinations_no_source_describes_are_excluded() -> None:
    register = load()
    values = register.variant_values("hoyle", ["peep"])
    for option_id, value in (("sir-garnet", "played"), ("pool-fines", "misdeal-one-stake")):
        assert register.conflicts({**values, option_id: value}), option_id
    assert register.conflicts({**values, "pool-failed-nap": "pays-pool-amount"})
    assert register.conflicts({**register.variant_values("hoyle", ["purchase"]), "sir-garnet": "played"})


def test_a_misery_caller_taking_the_peep_card_is_a_labelled_reading() -> None:
    recorded = [c for c in load().combinations if frozenset(("misery", "peep")) in c.pairs()]
    assert [c.interpretation for c in recorded] == ["calls-beyond-nap-with-exchanges"]


def test_the_export_carries_the_combinations_and_their_grounds() -> None:
    combinations = register_document()["combinations"]
    seven = next(c for c in combinations if c["options"] == ["misery", "seven-card"])
    assert seven["citations"][0]["quote"].startswith("Misère is played at Seven-card Nap")
    assert any(c.get("interpretation") == "calls-beyond-nap-with-exchanges" for c in combinations)


def test_variants_no_source_describes_together_are_reported(spec_copy: Path) -> None:
    variations = spec_copy / "variations.toml"
    end = 'options = ["pool-end"]\ntogether = ["peep"'
    edit(variations, end + ', "purchase"]', end + "]")
    problems = reported(spec_copy)
    assert any(
        "purchase and pool-end may be played together, but no source describes them together" in p for p in problems
    ), problems
    assert not any("peep and pool-end may be played together" in p for p in problems)


def test_an_exclusion_dropped_brings_the_pair_back_to_be_described(spec_copy: Path) -> None:
    read = "\n  read = { sir-garnet"
    edit(spec_copy / "variations.toml", '"pool-failed-nap", "sir-garnet"]' + read, '"pool-failed-nap"]' + read)
    problems = reported(spec_copy)
    assert any("sir-garnet and peep may be played together, but no source describes them" in p for p in problems)


def test_a_facet_goes_with_what_its_variant_is_recorded_with(spec_copy: Path) -> None:
    # What a failed Nap pays into the pool goes with Misery because the pool does.
    pool = 'options = ["pool"]\ntogether = ['
    edit(spec_copy / "variations.toml", pool + '"misery", ', pool)
    problems = reported(spec_copy)
    assert any("misery and pool may be played together" in p for p in problems), problems
    assert any("misery and pool-failed-nap may be played together" in p for p in problems), problems


def test_a_combination_without_grounds_or_of_excluded_variants_is_reported(spec_copy: Path) -> None:
    seven = '[[combination]]\noptions = ["misery", "seven-card"]'
    both = '[[combination]]\noptions = ["peep", "purchase"]\nmeaning = "Both."\n\n'
    edit(spec_copy / "variations.toml", seven, both + seven)
    problems = reported(spec_copy)
    grounds = "combination peep with purchase: gives neither the sources' words nor an interpretation"
    assert any(grounds in p for p in problems), problems
    assert any("peep and purchase exclude each other, yet are recorded as played together" in p for p in problems)


# ---------------------------------------------------------------- claim readings that cannot fail


def test_a_reading_settled_by_its_own_figures_is_reported(spec_copy: Path) -> None:
    # "one quarter" of the pack gives odds of three to one whatever the game: it cannot fail.
    claims = spec_copy / "claims.toml"
    seat = '  given = { players = 3, view = "seat", odds = "3", nearly-from = "9/10" }\n'
    edit(
        claims,
        seat,
        seat + '  [[claim.reading]]\n  id = "from-the-quarter"\n  statement = """One quarter, three to one."""\n'
        '  check = "odds-from-fraction"\n  given = { fraction = "1/4", odds = "3" }\n',
    )
    problems = reported(spec_copy)
    assert any(
        "claim 'hoyle-three-to-one', reading 'from-the-quarter': its figures name no table, hands dealt or profile" in p
        for p in problems
    ), problems


def test_a_finding_judged_on_a_sample_whose_cases_all_came_out_alike_is_reported(spec_copy: Path) -> None:
    path = spec_copy / "claims-evidence.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    finding = document["claims"]["hoyle-peep-after-nap"]["peeping-pays"]
    finding["holds"] = False
    finding["evidence"]["gain-per-player"] = {"low": -1.0, "high": -1.0, "mean": -1.0, "n": 205}
    path.write_text(json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    problems = reported(spec_copy)
    assert any(
        "claim 'hoyle-peep-after-nap', reading 'peeping-pays': judged false on gain-per-player, whose every case came "
        "out alike" in p
        for p in problems
    ), problems


def test_peeping_after_a_nap_is_judged_on_deals_where_the_peep_can_guide_and_not_shown_if_none_changed() -> None:
    reading = next(r for r in load_claims(load())["hoyle-peep-after-nap"].readings if r.id == "peeping-pays")
    assert reading.given["deals"] == "peep-card-can-guide" and "Interpretation" in reading.statement
    finding = load_evidence(SPEC_DIR)["hoyle-peep-after-nap"]["peeping-pays"]
    assert "a player after him holds a card of its suit that beats it" in finding.evidence["deals-judged"]
    if finding.evidence["deals-changed-by-peeping"] == 0:
        assert finding.holds is None and finding.summary.startswith("not shown")
    else:
        assert "the gain of peeping" in finding.evidence["deciding"]


def test_hoyles_side_card_condition_is_judged_apart_from_the_half_added_to_it() -> None:
    claim = load_claims(load())["hoyle-three-nap-three-suits"]
    readings = {reading.id: reading for reading in claim.readings}
    necessary, added = readings["side-card-below-king"].given, readings["aces-kings-enough"].given
    assert "below" in necessary and "above" not in necessary
    assert "above" in added and "below" not in added
