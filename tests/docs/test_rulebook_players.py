"""The players' pages, checked against the register: each pair of profiles has a page with
exactly the variation points where their games differ; each profile's quick rules are the
register's essential rules, as the profile plays them, on about two screens. (The page that
settles disputes: ``test_dispute``.)

The expectations are computed here from the register directly, not through the directives'
own functions, so that a slip in those shows."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest

from napspec import spec
from napspec.spec import Register, RegisterError
from napspec.spec.register import Option, Profile
from napspec.spec.transcriptions import normalise
from tests.spec.register_copies import copy_register, edit

from .chromium import Chromium
from .conftest import Builds, require
from .dom import Element
from .shown import plays, prose
from .test_browser import chromium_binary
from .test_rulebook import html, slug

REGISTER = spec.load()
PROFILES = [REGISTER.profiles[p] for p in REGISTER.profile_ids]
PAIRS = list(itertools.combinations(REGISTER.profile_ids, 2))


def differ(first: str, second: str) -> set[str]:
    one, two = REGISTER.profiles[first], REGISTER.profiles[second]
    return {o for o in REGISTER.options if plays(one, o) != plays(two, o)}


def sections(page: Element, prefix: str) -> dict[str, Element]:
    """The sections of a page whose ids start with ``prefix``, by the rest of their id."""
    return {s.id.removeprefix(prefix): s for s in page.find_all("section") if s.id.startswith(prefix)}


def option_of(anchor: str) -> Option:
    return next(o for o in REGISTER.options.values() if slug(o.id) == anchor)


# ---------------------------------------------------------------------- pairs of profiles


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_a_pair_page_shows_exactly_the_points_where_the_two_games_differ(
    builds: Builds, first: str, second: str
) -> None:
    page = html(builds, f"compare/{first}-{second}.html").root
    points = {
        option_of(key).id: s
        for key, s in sections(page, f"compare-{first}-{second}-").items()
        if "nap-compare-point" in s.classes
    }
    expected = differ(first, second)
    assert expected, "the sources' games differ somewhere"
    assert set(points) == expected
    total = len(REGISTER.options)
    intro = page.find("p", "nap-compare-count")
    assert intro is not None
    assert f"differ on {len(expected)} of the {total} variation points" in intro.text()
    assert f"agree on the other {total - len(expected)}" in intro.text()
    for option_id, point in points.items():
        option = REGISTER.options[option_id]
        assert normalise(option.question) in point.text()
        for profile_id in (first, second):
            profile = REGISTER.profiles[profile_id]
            assert any(href.endswith(f"#option-{slug(option_id)}-{profile.source}") for href in point.links())
            choice = profile.choices[option_id]
            assert prose(option.value(choice.value).meaning) in normalise(point.text())
            for bundle in profile.variants.values():
                if option_id in bundle:
                    assert prose(option.value(bundle[option_id].value).meaning) in normalise(point.text())


def test_the_pairs_page_lists_every_pair_with_its_differences(builds: Builds) -> None:
    page = html(builds, "compare/index.html").root
    pairs = page.find("ul", "nap-compare-pairs")
    assert pairs is not None
    items = pairs.find_all("li")
    assert len(items) == len(PAIRS) == 6
    for item, (first, second) in zip(items, PAIRS, strict=True):
        count = len(differ(first, second))
        assert item.links()[0].endswith(f"{first}-{second}.html")
        assert f"differ on {count} of the {len(REGISTER.options)}" in item.text()


def test_a_pair_directive_with_an_unknown_profile_is_an_error(tmp_path: Path) -> None:
    require("sphinx", "the rulebook is built with Sphinx")
    require("myst_parser", "the rulebook's pages are MyST Markdown")
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace

    source = tmp_path / "source"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["myst_parser", "napspec.docs.rulebook"]\n', encoding="utf-8")
    (source / "index.md").write_text("# Pair\n\n```{napspec-compare} peel hoyel\n```\n", encoding="utf-8")
    warnings = StringIO()
    out, trees = str(tmp_path / "out"), str(tmp_path / "trees")
    # in its own docutils namespace, as sphinx-build runs: the nodes and directives a build
    # registers would otherwise stay registered for the next build in this process
    with docutils_namespace():
        app = Sphinx(str(source), str(source), out, trees, "html", status=None, warning=warnings)
        app.build(force_all=True, filenames=[])
    assert "no profile 'hoyel' (profiles: " in warnings.getvalue()


# ---------------------------------------------------------------------- quick rules


def essential(profile_id: str) -> list[str]:
    return [
        rule_id
        for chapter in REGISTER.chapters.values()
        for rule_id in chapter.rules
        if REGISTER.rules[rule_id].essential and profile_id in REGISTER.rules[rule_id].applies_to
    ]


def test_the_essential_rules_cover_the_game_from_the_deal_to_the_settlement() -> None:
    chapters = {REGISTER.rules[r].chapter for r in essential("peel")}
    assert {"players-and-pack", "dealing", "calling", "play", "settlement"} <= chapters
    assert 10 <= len(essential("peel")) <= 25, "a page a table can read at a glance"


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.id)
def test_the_quick_rules_are_the_registers_essential_rules_as_the_profile_plays_them(
    builds: Builds, profile: Profile
) -> None:
    page = html(builds, f"quick/{profile.id}.html").by_id(f"quick-{profile.id}")
    items = [li for ul in page.find_all("ul", "nap-quick-rules") for li in ul.find_all("li")]
    rules = essential(profile.id)
    assert len(items) == len(rules)
    for item, rule_id in zip(items, rules, strict=True):
        rule = REGISTER.rules[rule_id]
        assert item.links()[0].endswith(f"chapters/{rule.chapter}.html#rule-{slug(rule_id)}")
        assert item.text().startswith(normalise(rule.title) + ":")
        plain = [o for o in rule.options if not REGISTER.options[o].is_variant]
        text = normalise(item.text())
        if plain:
            for option_id in plain:
                meaning = REGISTER.options[option_id].value(profile.choices[option_id].value).meaning
                assert prose(meaning) in text, (rule_id, option_id)
        else:
            assert prose(rule.statement, rule.options) in text, rule_id
    variants = page.find("p", "nap-quick-variants")
    assert variants is not None
    for variant in profile.variants:
        assert any(href.endswith(f"#variant-{slug(profile.id)}-{slug(variant)}") for href in variants.links())
    if not profile.variants:
        assert "gives no variant" in variants.text()


def test_a_rule_marked_essential_by_anything_but_true_or_false_is_an_error(tmp_path: Path) -> None:
    folder = copy_register(tmp_path, "house-register")
    path = folder / "rules" / "04-play.toml"
    edit(path, "essential = true", 'essential = "yes"')
    with pytest.raises(RegisterError) as caught:
        Register(folder)
    assert "essential must be true or false" in str(caught.value)
    assert caught.value.line is not None and 'essential = "yes"' in path.read_text().split("\n")[caught.value.line - 1]


SCREEN = (1280, 800)
HEIGHT_SCRIPT = "document.querySelector('article[role=main]').getBoundingClientRect().height"


@pytest.fixture(scope="module")
def desktop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Chromium]:
    with Chromium(chromium_binary(), tmp_path_factory.mktemp("chromium-desktop"), *SCREEN) as chromium:
        yield chromium


def test_each_quick_rules_page_fits_in_two_screens(builds: Builds, desktop: Chromium) -> None:
    heights = {}
    for profile in PROFILES:
        desktop.open((builds.full.html / "quick" / f"{profile.id}.html").as_uri())
        heights[profile.id] = desktop.evaluate(HEIGHT_SCRIPT)
    assert all(400 < height <= 2 * SCREEN[1] for height in heights.values()), heights


def test_the_quick_rules_come_first_in_the_contents() -> None:
    index = (Path(__file__).resolve().parents[2] / "docs" / "index.md").read_text(encoding="utf-8")
    first = re.search(r"```\{toctree\}\n:caption: ([^\n]+)\n[^`]*```", index)
    assert first is not None and first.group(1) == "Quick rules"
    assert all(f"quick/{p.id}" in first.group(0) for p in PROFILES)
