"""The register is sound: every quote is found at its locator, every rule is cited, every
option value is cited or labelled, every source is accounted for on every variation point,
and every profile's choice is grounded in its own source."""

from __future__ import annotations

import pytest

from napspec.spec import PROFILE_IDS, load
from napspec.spec.register import Citation

REGISTER = load()
CITATIONS = list(REGISTER.citations())


def _citation_id(item: tuple[str, str, Citation]) -> str:
    _, owner, citation = item
    return f"{owner}@{citation.source}:{citation.locator}"


@pytest.mark.parametrize("item", CITATIONS, ids=[_citation_id(c) for c in CITATIONS])
def test_quote_is_found_at_its_locator(item: tuple[str, str, Citation]) -> None:
    _, owner, citation = item
    source = REGISTER.sources[citation.source]
    assert source.contains(citation.locator, citation.quote), (
        f"{owner}: not at {citation.source} {citation.locator}; found at {source.find(citation.quote)}"
    )


@pytest.mark.parametrize("rule_id", sorted(REGISTER.rules))
def test_rule_is_cited_and_linked(rule_id: str) -> None:
    rule = REGISTER.rules[rule_id]
    assert rule.citations, "every rule has at least one citation"
    assert rule.statement.strip(), "every rule has our own normative statement"
    for option in rule.options:
        assert rule_id in REGISTER.options[option].rules
    for interpretation in rule.interpretations:
        assert interpretation in REGISTER.interpretations
    assert set(rule.applies_to) <= set(PROFILE_IDS)


@pytest.mark.parametrize("option_id", sorted(REGISTER.options))
def test_option_values_are_cited_and_every_source_accounted_for(option_id: str) -> None:
    option = REGISTER.options[option_id]
    for value in option.values:
        assert value.citations or value.interpretation in REGISTER.interpretations, value.value
    for source in REGISTER.sources:
        stance, _ = option.stance(source)
        assert stance in {"cited", "silent", "lacuna"}, f"{source} is not accounted for"


@pytest.mark.parametrize("profile_id", PROFILE_IDS)
def test_profile_sets_every_option_with_a_cited_or_labelled_value(profile_id: str) -> None:
    profile = REGISTER.profile(profile_id)
    assert set(profile.choices) == set(REGISTER.options)
    for option_id, choice in profile.choices.items():
        value = REGISTER.options[option_id].value(choice.value)
        grounds = {c.source for c in value.citations}
        for interpretation in (value.interpretation, choice.interpretation):
            if interpretation:
                grounds |= set(REGISTER.interpretations[interpretation].sources)
        assert profile.source in grounds, f"{option_id}={choice.value!r}"


def test_register_has_no_problems() -> None:
    problems = REGISTER.problems()
    assert not problems, "\n".join(map(str, problems))


def test_every_chapter_of_the_game_is_present_in_order() -> None:
    assert [c.id for c in REGISTER.chapters.values()] == [
        "players-and-pack",
        "dealing",
        "calling",
        "play",
        "settlement",
        "irregularities",
        "calls-beyond-nap",
    ]


@pytest.mark.parametrize("source_id", PROFILE_IDS)
def test_every_source_is_cited_by_rules(source_id: str) -> None:
    cited = [r for r in REGISTER.rules.values() if any(c.source == source_id for c in r.citations)]
    assert len(cited) >= 10, f"{source_id} is cited by only {len(cited)} rules"


def test_lacunae_named_by_the_sources_are_recorded() -> None:
    lacunae = {lacuna.id for source in REGISTER.sources.values() for lacuna in source.lacunae}
    assert {
        "peel-double-header",
        "peel-thirty-two-card-pack",
        "wikipedia-allowed-bids",
        "wikipedia-seven-card-bids",
        "hoyle-footnote-31",
    } <= lacunae
