"""The checks of the register catch what they are meant to catch: each test breaks a copy of
the register in one way and expects exactly that fault to be reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from napspec.spec import Register
from napspec.spec.register import SPEC_DIR
from tests.spec.register_copies import copy_register, edit, reported


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    return copy_register(tmp_path)


def test_the_copy_is_as_sound_as_the_original(spec_copy: Path) -> None:
    assert reported(spec_copy) == [str(p) for p in Register(SPEC_DIR).problems()]


def test_a_misquotation_is_reported_with_file_and_line(spec_copy: Path) -> None:
    edit(spec_copy / "variations.toml", "going from left to might", "going from left to right")
    problems = reported(spec_copy)
    assert any(
        "variations.toml:" in p and "deal-pattern=singly" in p and "not in the transcription" in p for p in problems
    ), problems


def test_a_wrong_page_is_reported_with_the_right_one(spec_copy: Path) -> None:
    edit(
        spec_copy / "variations.toml",
        'locator = "p. 9"\n    quote = "The deal is decided',
        'locator = "p. 8"\n    quote = "The deal is decided',
    )
    problems = reported(spec_copy)
    assert any("first-dealer=first-jack-face-up" in p and "it stands at p. 9" in p for p in problems), problems


def test_a_malformed_locator_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "variations.toml", 'locator = "§ Deal"', 'locator = "§ Dealing"')
    assert any("no such place '§ Dealing'" in p for p in reported(spec_copy))


def test_a_source_left_unaccounted_on_an_option_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "variations.toml", '  britannica = "Britannica has no such rule."\n', "")
    assert any("option 'show-cards': source 'britannica' is neither cited" in p for p in reported(spec_copy))


def test_an_uncited_profile_choice_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "profiles" / "peel.toml", 'deal-pattern = "singly"', 'deal-pattern = "three-then-two"')
    assert any("peel: deal-pattern = 'three-then-two' is neither cited from 'peel'" in p for p in reported(spec_copy))


def test_an_unknown_value_in_a_profile_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "profiles" / "hoyle.toml", 'deal-pattern = "singly"', 'deal-pattern = "in-threes"')
    assert any("hoyle: option 'deal-pattern' has no value 'in-threes'" in p for p in reported(spec_copy))


def test_a_value_no_source_gives_is_refused_in_a_profile(spec_copy: Path) -> None:
    """House rules may state a number no source gives (a table of four at the fewest); a
    profile, which stands for its source, may not."""
    edit(spec_copy / "profiles" / "hoyle.toml", "players-min = 2", "players-min = 4")
    problems = reported(spec_copy)
    assert any("hoyle: players-min = 4 is a value no source gives (uncited)" in p for p in problems), problems


def test_a_lowest_call_no_source_gives_is_refused_in_a_profile(spec_copy: Path) -> None:
    """A lowest call of two is house rules' (many engines play it), never a profile's."""
    edit(spec_copy / "profiles" / "britannica.toml", "lowest-call = 1", "lowest-call = 2")
    problems = reported(spec_copy)
    assert any("britannica: lowest-call = 2 is a value no source gives (uncited)" in p for p in problems), problems


def test_an_unused_interpretation_is_reported(spec_copy: Path) -> None:
    with (spec_copy / "interpretations.toml").open("a", encoding="utf-8") as handle:
        handle.write(
            '\n[[interpretation]]\nid = "orphan"\nkind = "silent"\nsources = ["peel"]\n'
            'question = "q"\nreading = "r"\nreason = "why"\n'
        )
    assert any("orphan: not named by any rule" in p for p in reported(spec_copy))


def test_an_option_naming_an_unknown_rule_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "variations.toml", 'rules = ["dealing.deal"]', 'rules = ["dealing.deal", "dealing.nowhere"]')
    assert any("names unknown rule 'dealing.nowhere'" in p for p in reported(spec_copy))


# ---------------------------------------------------------------------- labels and witnesses


def _line(path: Path, needle: str) -> int:
    """The 1-based line of the first occurrence of ``needle`` in the (edited) copy."""
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def _reported(folder: Path, file: str, line: int, *words: str) -> bool:
    return any(p.startswith(f"spec/{file}:{line}: ") and all(w in p for w in words) for p in reported(folder))


def test_the_shipped_register_passes_the_label_and_witness_checks() -> None:
    from napspec.spec.check import _check_citation_readings, _check_copies, _check_profile_labels

    register = Register(SPEC_DIR)
    found = _check_profile_labels(register) + _check_citation_readings(register) + _check_copies(register)
    assert not found, "\n".join(map(str, found))


def test_a_profile_value_cited_only_through_a_reading_must_name_it(spec_copy: Path) -> None:
    path = spec_copy / "profiles" / "britannica.toml"
    edit(path, 'players-min = { value = 2, interpretation = "britannica-any-number" }', "players-min = 2")
    line = _line(path, "players-min = 2")
    assert _reported(
        spec_copy,
        "profiles/britannica.toml",
        line,
        "players-min = 2",
        "only through interpretation britannica-any-number",
    ), reported(spec_copy)


def test_a_choice_among_values_its_source_gives_must_be_labelled(spec_copy: Path) -> None:
    path = spec_copy / "profiles" / "hoyle.toml"
    labelled = 'nap-stakes = { value = "win-10-lose-5", interpretation = "hoyle-stakes-rule-not-custom" }'
    edit(path, labelled, 'nap-stakes = "win-10-lose-5"')
    line = _line(path, "nap-stakes =")
    assert _reported(
        spec_copy, "profiles/hoyle.toml", line, "one of several values 'hoyle' is cited for", "'win-12-lose-6'"
    ), reported(spec_copy)


def test_an_interpretation_named_for_a_profile_it_does_not_list_is_reported(spec_copy: Path) -> None:
    path = spec_copy / "profiles" / "peel.toml"
    edit(
        path,
        'revoke = { value = "none", interpretation = "peel-revoke" }',
        'revoke = { value = "none", interpretation = "hoyle-revoke-failed-call" }',
    )
    line = _line(path, "revoke =")
    assert _reported(
        spec_copy, "profiles/peel.toml", line, "interpretation 'hoyle-revoke-failed-call', which does not list 'peel'"
    ), reported(spec_copy)


def test_a_value_label_that_does_not_cover_the_profile_is_reported(spec_copy: Path) -> None:
    path = spec_copy / "profiles" / "peel.toml"
    labelled = 'out-of-turn = { value = "none", interpretation = "peel-irregularities-lacuna" }'
    edit(path, labelled, 'out-of-turn = "none"')
    line = _line(path, "out-of-turn =")
    assert _reported(
        spec_copy, "profiles/peel.toml", line, "interpretation 'no-remedy-where-silent', which does not list 'peel'"
    ), reported(spec_copy)


def test_a_citation_read_through_another_sources_interpretation_is_reported(spec_copy: Path) -> None:
    path = spec_copy / "variations.toml"
    note = "    note = \"Britannica does not say how the ace counts in the cut; this is the reading Britannica's game"
    edit(
        path,
        f'{note} does not take."\n    interpretation = "britannica-ace-in-cut"',
        f'{note} does not take."\n    interpretation = "wikipedia-deal-pattern"',
    )
    line = _line(path, 'quote = "The players cut for deal; the lowest deals. The cards rank as at whist"')
    assert _reported(
        spec_copy, "variations.toml", line, "interpretation 'wikipedia-deal-pattern' is cited for 'britannica'"
    ), reported(spec_copy)


def test_a_copied_passage_not_marked_as_a_copy_is_reported(spec_copy: Path) -> None:
    path = spec_copy / "variations.toml"
    edit(path, '    copies = "britannica"\n', "")
    text = path.read_text(encoding="utf-8").split("\n")
    line = next(
        number
        for number, content in enumerate(text, start=1)
        if "When six play the dealer deals himself no hand" in content and 'source = "wikipedia"' in text[number - 3]
    )
    assert _reported(
        spec_copy, "variations.toml", line, "stands word for word in 'britannica'", "say copies = 'britannica'"
    ), reported(spec_copy)


def test_a_copy_that_is_not_word_for_word_is_reported(spec_copy: Path) -> None:
    path = spec_copy / "variations.toml"
    edit(
        path,
        '    quote = "The cut must leave at least four cards in each packet."\n',
        '    quote = "The cut must leave at least four cards in each packet."\n    copies = "britannica"\n',
    )
    line = _line(path, 'quote = "The cut must leave at least four cards in each packet."')
    assert _reported(
        spec_copy, "variations.toml", line, "cut-minimum=4", "does not stand word for word in 'britannica'"
    ), reported(spec_copy)


# ---------------------------------------------------------------------- lacunae


def test_a_rule_naming_an_unknown_lacuna_is_reported_with_the_nearest(spec_copy: Path) -> None:
    chapter = spec_copy / "rules" / "07-calls-beyond-nap.toml"
    edit(chapter, 'lacunae = ["peel-misery", "hoyle-footnote-31"]', 'lacunae = ["peel-misry", "hoyle-footnote-31"]')
    line = _line(chapter, '"variants.misery-call"')
    assert _reported(
        spec_copy,
        "rules/07-calls-beyond-nap.toml",
        line,
        "variants.misery-call: unknown lacuna 'peel-misry'",
        "'peel-misery'",
    ), reported(spec_copy)


def test_lacuna_words_not_in_the_copy_are_reported(spec_copy: Path) -> None:
    edit(
        spec_copy / "sources.toml",
        "after = '''unless it be a deuce or tray.[31]'''",
        "after = '''unless it be a deuce.[31]'''",
    )
    line = _line(spec_copy / "sources.toml", '"hoyle-footnote-31"')
    assert _reported(
        spec_copy,
        "sources.toml",
        line,
        "lacuna 'hoyle-footnote-31'",
        "not found at hoyle p. 103",
        "unless it be a deuce",
    ), reported(spec_copy)


def test_lacuna_words_found_elsewhere_than_its_place_are_reported(spec_copy: Path) -> None:
    edit(
        spec_copy / "sources.toml",
        "after = '''The allowed bids are as follows:'''",
        "after = '''The order of bids with their stakes are:'''",
    )
    assert any(
        "lacuna 'wikipedia-allowed-bids'" in p and "not found at wikipedia § Bidding" in p for p in reported(spec_copy)
    ), reported(spec_copy)


def test_a_lacuna_recorded_twice_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "sources.toml", 'id = "peel-double-header"', 'id = "peel-misery"')
    assert any("lacuna 'peel-misery' is recorded twice" in p for p in reported(spec_copy))


def test_a_lacuna_is_shown_at_the_place_of_the_copy_its_words_name() -> None:
    from napspec.spec import load

    register = load()
    wikipedia = register.sources["wikipedia"]
    place = wikipedia.lacuna_place(wikipedia.lacuna("wikipedia-allowed-bids"))
    assert place is not None and place.locator == "§ Bidding for four- or five-player Nap"
    peel = register.sources["peel"]
    assert peel.lacuna_place(peel.lacuna("peel-double-header")) is None  # p. 13 is not in the copy
    assert {rule.id for rule in register.rules.values() if "hoyle-footnote-31" in rule.lacunae} == {
        "variants.misery-call"
    }


def test_a_named_value_without_words_is_reported(spec_copy: Path) -> None:
    edit(spec_copy / "variations.toml", '  words = "three, then two"\n', "")
    assert any("option 'deal-pattern': value 'three-then-two' has no words" in p for p in reported(spec_copy))


def test_two_values_of_an_option_in_the_same_words_are_reported(spec_copy: Path) -> None:
    edit(spec_copy / "variations.toml", 'words = "three, then two"', 'words = "one at a time"')
    assert any(
        "option 'deal-pattern': two values are put in the same words 'one at a time'" in p for p in reported(spec_copy)
    )


def test_words_that_are_not_a_string_are_reported(spec_copy: Path) -> None:
    edit(spec_copy / "variations.toml", 'words = "three, then two"', "words = 32")
    assert any("value 'three-then-two': words must be a string, not 32" in p for p in reported(spec_copy))


def test_a_variation_point_named_bare_in_prose_is_reported_at_its_line(spec_copy: Path) -> None:
    edit(
        spec_copy / "interpretations.toml",
        "(`compulsory-call` = `none`); the two",
        "(compulsory-call = none); the two",
    )
    text = (spec_copy / "interpretations.toml").read_text(encoding="utf-8")
    line = text[: text.index("(compulsory-call = none)")].count("\n") + 1
    problems = reported(spec_copy)
    assert any(
        p.startswith(f"spec/interpretations.toml:{line}: ")
        and "names variation point 'compulsory-call' bare: write it `compulsory-call`" in p
        for p in problems
    ), problems


def test_a_variant_named_in_its_own_words_is_prose(spec_copy: Path) -> None:
    # "seven-card Nap" is the title of the variation point seven-card: prose, not an id
    edit(
        spec_copy / "variations.toml",
        'note = "Hence no Peep at seven-card Nap."',
        'note = "Hence no Peep at seven-card."',
    )
    problems = reported(spec_copy)
    assert any("names variation point 'seven-card' bare" in p for p in problems), problems
    assert len(problems) == 1, problems
