"""The rulebook shows words, not markup: no page shows a backtick, a transcription's
``_underscores_`` or ``--``, or Python's ``True``; a rule's statement names variation points by
their titles and values in words, with the profiles that play them; the sources' words are
shown with their emphasis and dashes (the quotations themselves stay verbatim in the register);
and under every rule's sources, what each profile plays on the points the rule belongs to."""

from __future__ import annotations

import doctest
import re

import pytest

from napspec import spec

from . import visible
from .conftest import Builds
from .shown import prose, quote, value
from .test_rulebook import html, slug

REGISTER = spec.load()
TICKED_RULES = [rule.id for rule in REGISTER.rules.values() if "`" in rule.statement]
OPTION_RULES = [rule.id for rule in REGISTER.rules.values() if rule.options]


def test_the_scanner_finds_raw_markup_and_leaves_code_alone() -> None:
    result = doctest.testmod(visible, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0


def test_no_page_shows_raw_markup(builds: Builds) -> None:
    """Every page of the site, as a reader sees it (tags, scripts and styles left out)."""
    root = builds.full.html
    pages = sorted(root.rglob("*.html"))
    assert len(pages) >= len(REGISTER.chapters) + len(REGISTER.profiles) + len(REGISTER.sources)
    findings = [finding for path in pages for finding in visible.page_findings(path, root)]
    assert not findings, f"{len(findings)} pieces of raw markup on {len(pages)} pages:\n" + "\n".join(findings[:40])


# ---------------------------------------------------------------------- one test per finding


@pytest.mark.parametrize("rule_id", TICKED_RULES)
def test_a_statement_names_variation_points_and_values_in_words(builds: Builds, rule_id: str) -> None:
    """ "Under `compulsory-call` = `none`…" is shown with the option's title and the value in
    words, each linked, and the profiles that play the value."""
    rule = REGISTER.rules[rule_id]
    section = html(builds, f"chapters/{rule.chapter}.html").by_id(f"rule-{slug(rule_id)}")
    statement = " ".join(p.text() for p in section.find_all("p", "nap-statement"))
    assert "`" not in statement
    for paragraph in re.split(r"\n\s*\n", rule.statement):
        assert prose(paragraph, rule.options) in statement
    named = set(re.findall(r"`([a-z0-9-]+)`", rule.statement)) & set(REGISTER.options)
    links = [href for p in section.find_all("p", "nap-statement") for href in p.links()]
    for option_id in named:
        # the variation point, or (a number named by its point) its values, in its section
        assert any(f"#option-{slug(option_id)}" in href for href in links), option_id


def test_a_condition_on_a_value_says_which_profiles_play_it(builds: Builds) -> None:
    rule = REGISTER.rules["calling.all-pass"]
    section = html(builds, f"chapters/{rule.chapter}.html").by_id(f"rule-{slug(rule.id)}")
    statement = section.find("p", "nap-statement")
    assert statement is not None
    option = REGISTER.options["compulsory-call"]
    playing = sorted(
        REGISTER.sources[p.source].short for p in REGISTER.profiles.values() if p.values()["compulsory-call"] == "none"
    )
    assert playing, "some profile plays compulsory-call = none"
    text = statement.text()
    assert text.lower().startswith(f"where {option.title.lower()} is “{option.phrase('none')}” (")
    for short in playing:
        assert short in text.split(")")[0]
    for profile in REGISTER.profiles.values():
        if profile.values()["compulsory-call"] == "none":
            assert f"../profiles/{profile.id}.html#profile-{profile.id}-compulsory-call" in statement.links()


def test_transcriptions_show_emphasis_and_dashes_but_quotations_stay_verbatim(builds: Builds) -> None:
    hoyle = html(builds, "sources/hoyle.html").root
    assert "suit—i.e. a suit consisting of one card only" in hoyle.text()
    assert any(em.text() == "i.e." for em in hoyle.find_all("em"))
    peel = html(builds, "sources/peel.html").root
    assert "(see page 11)" in peel.text() and "combine—without consultation" in peel.text()
    quoted = [c for _f, _o, c in REGISTER.citations() if "--" in c.quote or re.search(r"\b_\w", c.quote)]
    assert quoted, "some quotation keeps a transcription's dash or italics"
    for citation in quoted:
        assert "—" in quote(citation.quote) or "_" not in quote(citation.quote)
        assert "--" in citation.quote or "_" in citation.quote  # the register is untouched
    calling = html(builds, "chapters/calling.html").root
    assert "The eldest hand—that is, the player to the dealer's left—has the first call" in calling.text()


@pytest.mark.parametrize("profile_id", list(REGISTER.profiles))
def test_yes_or_no_values_are_shown_as_yes_or_no(builds: Builds, profile_id: str) -> None:
    page = html(builds, f"profiles/{profile_id}.html")
    profile = REGISTER.profiles[profile_id]
    booleans = [o for o in REGISTER.options.values() if o.type == "bool"]
    assert booleans
    for option in booleans:
        row = page.by_id(f"profile-{profile_id}-{slug(option.id)}")
        _name, shown, _basis = row.cells()
        expected = value(option, profile.choices[option.id].value)
        assert expected in ("yes", "no")
        assert shown.text().startswith(expected), (option.id, shown.text()[:40])
        assert "True" not in shown.text() and "False" not in shown.text()


# ---------------------------------------------------------------------- what each profile plays


@pytest.mark.parametrize("rule_id", OPTION_RULES)
def test_under_every_rules_sources_is_what_each_profile_plays(builds: Builds, rule_id: str) -> None:
    rule = REGISTER.rules[rule_id]
    section = html(builds, f"chapters/{rule.chapter}.html").by_id(f"rule-{slug(rule_id)}")
    grid = section.find("table", "nap-sources")
    assert grid is not None
    rows = grid.rows()
    assert [r.text() for r in rows if "nap-profiles-heading" in r.classes] == ["What each profile plays"]
    plays = next(r for r in rows if "nap-profiles-row" in r.classes)
    cells = plays.cells()
    assert len(cells) == len(REGISTER.sources)
    for source_id, cell in zip(REGISTER.sources, cells):
        profile = next(p for p in REGISTER.profiles.values() if p.source == source_id)
        lines = [p.text() for p in cell.find_all("p", "nap-profile-plays")]
        assert len(lines) == len(rule.options), (rule_id, source_id)
        for option_id, line in zip(rule.options, lines):
            option = REGISTER.options[option_id]
            choice = profile.choices[option_id]
            assert line.startswith(f"{option.title}: {value(option, choice.value)}"), (rule_id, source_id, line)
            for variant, bundle in profile.variants.items():
                if option_id in bundle and bundle[option_id].value != choice.value:
                    assert value(option, bundle[option_id].value) in line, (rule_id, profile.id, variant)
            assert f"../profiles/{profile.id}.html#profile-{profile.id}-{slug(option_id)}" in cell.links()


def test_rules_without_variation_points_have_no_profile_row(builds: Builds) -> None:
    plain = [rule for rule in REGISTER.rules.values() if not rule.options]
    assert plain
    for rule in plain:
        section = html(builds, f"chapters/{rule.chapter}.html").by_id(f"rule-{slug(rule.id)}")
        grid = section.find("table", "nap-sources")
        assert grid is not None and len(grid.rows()) == 1
