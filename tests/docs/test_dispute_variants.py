"""The page that settles disputes answers what a table asks of each variant (who plays it, how,
what it pays, where it ranks) and of the pool (how each game's pool works), in one place each,
linking to the rules: worked out here from the register on its own and compared with the page."""

from __future__ import annotations

import re

from napspec import spec

from .conftest import Builds
from .dom import Element, parse
from .shown import variant as variant_name
from .test_rulebook import slug

REGISTER = spec.load()


def variant_rules(variant: str) -> list[str]:
    """The rules of every option a bundle of ``variant`` sets, in the order of the game."""
    options = {o for profile in REGISTER.profiles.values() for o in profile.variants.get(variant, {})}
    return [
        rule.id for chapter in REGISTER.chapters for rule in REGISTER.rules_of(chapter) if options & set(rule.options)
    ]


def rule_links(block: Element) -> list[str]:
    """The rules a block lists, by their titles, each a link to the rule."""
    return [link for line in block.find_all("p", "nap-variant-rules") for link in line.links() if "#rule-" in link]


def test_each_variant_says_who_plays_it_and_links_every_rule_of_it(builds: Builds) -> None:
    page = parse(builds.full.html / "dispute.html")
    section = page.by_id("dispute-each-variant")
    for variant in REGISTER.variant_names():
        block = page.by_id(f"dispute-variant-{slug(variant)}")
        givers = [p for p in REGISTER.profiles.values() if variant in p.variants]
        text = block.text()
        shorts = [REGISTER.sources[p.source].short for p in givers]
        assert text.startswith(variant_name(variant)), variant
        assert f"Given by: {shorts[0]}" in text and all(short in text.split(";")[0] for short in shorts), variant
        for profile in givers:
            wanted = f"#variant-{profile.id}-{slug(variant)}"
            assert any(link.endswith(wanted) for link in block.links()), (variant, profile.id, block.links())
        linked = [link.split("#rule-")[1] for link in rule_links(block)]
        assert linked == [slug(rule) for rule in variant_rules(variant)], variant
    assert len(section.find_all("section")) == len(REGISTER.variant_names())


def test_misery_says_what_it_pays_and_where_it_ranks(builds: Builds) -> None:
    block = parse(builds.full.html / "dispute.html").by_id("dispute-variant-misery")
    linked = {link.split("#rule-")[1] for link in rule_links(block)}
    assert {"variants-misery-stakes", "variants-ranking"} <= linked
    text = block.text()
    assert REGISTER.rules["variants.misery-stakes"].title in text
    assert "played without trumps" in text


def test_one_place_says_how_each_games_pool_works(builds: Builds) -> None:
    page = parse(builds.full.html / "dispute.html")
    section = page.by_id("dispute-pool-games")
    table = section.find("table", "nap-pool-games")
    assert table is not None
    games = [row.cells()[0].text() for row in table.rows()]
    expected = []
    for profile in REGISTER.profiles.values():
        short = REGISTER.sources[profile.source].short
        if profile.values().get("pool", "not-played") != "not-played":
            expected.append(profile.title)
        for variant in profile.variants:
            if REGISTER.variant_values(profile.id, [variant]).get("pool", "not-played") != "not-played":
                name = REGISTER.options[variant].title if variant in REGISTER.options else variant
                expected.append(f"{short} with {name}")
    assert sorted(games) == sorted(expected)
    assert any("Peep" in game for game in games), "Peep Nap brings a pool"
    heads = [th.text() for th in table.find_all("th")]
    assert heads[1:] == [
        REGISTER.options[o].title for o in ("pool-contributions", "pool-fines", "pool-failed-nap", "pool-end")
    ]
    linked = {link.split("#rule-")[1] for link in rule_links(section)}
    assert {"pool-exchange-fees", "pool-taken-by-nap", "pool-end-of-session", "pool-contributions"} <= linked


def test_no_id_is_given_twice_on_the_dispute_and_status_pages(builds: Builds) -> None:
    """The sections added to a page take ids of their own (a second ``dispute-variants`` or
    ``dispute-pool`` would make a link land on the wrong one)."""
    html = builds.full.html
    for path in [html / "dispute.html", html / "status.html", *sorted((html / "status").glob("*.html"))]:
        ids = re.findall(r'\sid="([^"]+)"', path.read_text(encoding="utf-8"))
        twice = sorted({i for i in ids if ids.count(i) > 1})
        assert not twice, (path.name, twice[:5])
