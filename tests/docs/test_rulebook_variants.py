"""The rulebook shows the calls beyond Nap: the lacunae where the missing words would stand (in
a rule's source column and in the source's own text), the variants each profile's source gives,
and the variant bundles in the conflicts matrix and on the variation points."""

from __future__ import annotations

import pytest

from napspec import spec

from .conftest import Builds
from .shown import prose, quote, value
from .shown import variant as variant_named
from .test_rulebook import html, slug

REGISTER = spec.load()
LACUNAE = REGISTER.lacunae()
RULE_LACUNAE = [(rule.id, lacuna_id) for rule in REGISTER.rules.values() for lacuna_id in rule.lacunae]


def test_the_chapter_of_the_calls_beyond_nap_comes_after_the_plain_game(builds: Builds) -> None:
    chapters = list(REGISTER.chapters)
    assert chapters.index("calls-beyond-nap") == chapters.index("irregularities") + 1
    page = html(builds, "chapters/calls-beyond-nap.html")
    chapter = page.by_id("chapter-calls-beyond-nap")
    for rule in REGISTER.rules_of("calls-beyond-nap"):
        assert f"#rule-{slug(rule.id)}" in chapter.links()


@pytest.mark.parametrize(("rule_id", "lacuna_id"), RULE_LACUNAE)
def test_a_lacuna_stands_in_its_sources_column_of_the_rule(builds: Builds, rule_id: str, lacuna_id: str) -> None:
    rule = REGISTER.rules[rule_id]
    lacuna = LACUNAE[lacuna_id]
    section = html(builds, f"chapters/{rule.chapter}.html").by_id(f"rule-{slug(rule_id)}")
    grid = section.find("table", "nap-sources")
    assert grid is not None
    column = list(REGISTER.sources).index(lacuna.source)
    cell = grid.rows()[0].cells()[column]
    block = next(b for b in cell.find_all("div", "nap-lacuna-block") if lacuna_id in b.text())
    assert "Missing text" in block.text()
    assert prose(lacuna.what) in block.text()
    assert any(href.endswith(f"#lacuna-{slug(lacuna_id)}") for href in block.links())
    assert "silent" not in [p.text() for p in cell.find_all("p", "nap-silent")]


@pytest.mark.parametrize("lacuna_id", [i for i, lacuna in LACUNAE.items() if lacuna.after])
def test_a_lacuna_is_shown_in_the_text_right_after_the_words_it_follows(builds: Builds, lacuna_id: str) -> None:
    lacuna = LACUNAE[lacuna_id]
    source = REGISTER.sources[lacuna.source]
    place = source.lacuna_place(lacuna)
    assert place is not None
    page = html(builds, f"sources/{source.id}.html")
    mark = page.by_id(f"lacuna-place-{slug(lacuna_id)}")
    assert prose(lacuna.what) in mark.text()
    assert place.anchor in [a.id for a in mark.ancestors()], "the mark stands in the division of its place"
    assert mark.parent is not None
    siblings = [c for c in mark.parent.children if not isinstance(c, str)]
    before = siblings[siblings.index(mark) - 1]
    while before.tag == "div" and "nap-lacuna-in-place" in before.classes:  # two lacunae at one place
        before = siblings[siblings.index(before) - 1]
    assert quote(lacuna.after) in before.text()


@pytest.mark.parametrize("profile_id", list(REGISTER.profiles))
def test_every_profile_page_shows_the_variants_its_source_gives(builds: Builds, profile_id: str) -> None:
    profile = REGISTER.profiles[profile_id]
    page = html(builds, f"profiles/{profile_id}.html")
    section = page.by_id(f"profile-{profile_id}-variants")
    assert "Variants this source gives" in section.text()
    if not profile.variants:
        assert "gives no variant" in section.text()
        for option in REGISTER.options.values():
            if option.plain is not None:
                target = f"conflicts.html#option-{slug(option.id)}-{slug(profile.source)}"
                assert any(href.endswith(target) for href in section.links()), option.id
        for rule in REGISTER.rules_of("calls-beyond-nap"):
            for lacuna_id in rule.lacunae:
                if LACUNAE[lacuna_id].source == profile.source:
                    assert any(href.endswith(f"#lacuna-{slug(lacuna_id)}") for href in section.links()), lacuna_id
    for variant, bundle in profile.variants.items():
        block = page.by_id(f"variant-{slug(profile_id)}-{slug(variant)}")
        table = block.find("table", "nap-variant-choices")
        assert table is not None
        rows = table.rows()
        assert len(rows) == len(bundle)
        for (option_id, choice), row in zip(bundle.items(), rows):
            name, value_cell, basis = row.cells()
            assert option_id in name.text()
            assert value_cell.text().startswith(value(REGISTER.options[option_id], choice.value))
            own = [c for c in REGISTER.options[option_id].value(choice.value).citations if c.source == profile.source]
            for citation in own:
                assert quote(citation.quote) in basis.text()
            if choice.interpretation:
                assert choice.interpretation in basis.text()


def test_the_conflicts_page_shows_each_variant_bundle_on_its_options(builds: Builds) -> None:
    conflicts = html(builds, "conflicts.html")
    matrix = conflicts.root.find("table", "nap-matrix")
    assert matrix is not None
    # each row by the option's id, shown as code beside its title
    rows = {code.text(): row for row in matrix.rows() if (code := row.cells()[0].find("code")) is not None}
    shown = 0
    for profile in REGISTER.profiles.values():
        column = 1 + list(REGISTER.sources).index(profile.source)
        for variant, bundle in profile.variants.items():
            for option_id, choice in bundle.items():
                row = rows[option_id]
                cell = row.cells()[column]
                name = variant_named(variant)
                assert f"With {name}: {value(REGISTER.options[option_id], choice.value)}" in cell.text(), (
                    profile.id,
                    variant,
                    option_id,
                )
                values = conflicts.by_id(f"option-{slug(option_id)}-value-{slug(str(choice.value))}")
                assert f"{profile.title} with {name}" in values.text()
                shown += 1
    assert shown == sum(len(b) for p in REGISTER.profiles.values() for b in p.variants.values())
    for option in REGISTER.options.values():
        section = conflicts.by_id(f"option-{slug(option.id)}")
        plain_said = "its plain value" in section.text()
        assert plain_said == (option.plain is not None), option.id


@pytest.mark.parametrize("term", ["Misery", "Wellington", "Blücher", "Sir Garnet", "seven-card Nap", "variant"])
def test_the_glossary_defines_each_variant_and_points_to_its_rules(builds: Builds, term: str) -> None:
    glossary = html(builds, "glossary.html")
    terms = {dt.text().rstrip("¶").strip().lower(): dt for dt in glossary.root.find_all("dt")}
    assert term.lower() in terms, f"{term!r} is not in the glossary"
    item = terms[term.lower()]
    assert item.parent is not None
    definition = item.parent.find("dd")
    assert definition is not None
    assert any("calls-beyond-nap.html#rule-variants-" in href for href in definition.links()), term
