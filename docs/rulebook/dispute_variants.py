"""What a table asks of a variant and of the pool, answered in one place on the page that
settles disputes (``{napspec-dispute}``), from the register alone.

- :meth:`VariantAnswers.variants_section`: for each variant, which profiles' sources give it,
  the values each such game plays (Misery without trumps, Wellington at double the Nap
  stakes…), and every rule of its options by its title (a short sentence that says what the
  rule rules), each a link to the rule in full: how it is called, where it ranks, what it pays;
- :meth:`VariantAnswers.pool_section`: for each game that keeps a pool (a profile's own, or a
  variant that brings one, such as Peep Nap's), how it is fed, what a failed Nap pays, who takes
  it and what becomes of it when play ends, and the rules that say so.
"""

from __future__ import annotations

from collections.abc import Sequence

from docutils import nodes

from napspec.spec.register import Profile, Register, Rule
from napspec.suite.vocabulary import join

from .domain import slug
from .render import Cell, NodeLike, bullet_list, para, section, strong, table, xref
from .text import ordered, variant_name

#: The variation points that say how a pool works, in the order a deal meets them.
POOL_OPTIONS = ("pool-contributions", "pool-fines", "pool-failed-nap", "pool-end")


def variant_options(register: Register, variant: str) -> list[str]:
    """The variation points a variant's bundles set, in any profile, in the register's order.

    >>> from napspec import spec
    >>> variant_options(spec.load(), "blucher")
    ['wellington', 'blucher']
    """
    found = {option for profile in register.profiles.values() for option in profile.variants.get(variant, {})}
    return [option for option in register.options if option in found]


def rules_of(register: Register, options: Sequence[str]) -> list[Rule]:
    """The rules that belong to any of ``options``, in the order of the game."""
    wanted = set(options)
    return [
        rule
        for chapter in register.chapters.values()
        for rule in register.rules_of(chapter.id)
        if wanted & set(rule.options)
    ]


def source_names(register: Register, profiles: Sequence[Profile]) -> str:
    """The profiles' sources by their short names, as a list is read.

    >>> from napspec import spec
    >>> register = spec.load()
    >>> source_names(register, [register.profiles["hoyle"], register.profiles["wikipedia"]])
    'Hoyle and Wikipedia'
    """
    return "".join(str(part) for part in join([register.sources[p.source].short for p in profiles], ", ", " and "))


def pooled_games(register: Register) -> list[tuple[Profile, str | None]]:
    """The games that keep a pool: a profile whose own game does, and a profile with a variant
    of its source that brings one (``None``: the profile's own game)."""
    games: list[tuple[Profile, str | None]] = []
    for profile_id in ordered(register):
        profile = register.profiles[profile_id]
        if profile.values().get("pool", "not-played") != "not-played":
            games.append((profile, None))
        for variant in profile.variants:
            if register.variant_values(profile.id, [variant]).get("pool", "not-played") != "not-played":
                games.append((profile, variant))
    return games


class VariantAnswers:
    """The dispute page's answers on the variants and the pool (mixed into its directive, which
    gives :meth:`linked`, :meth:`value` and :attr:`data`)."""

    def variants_section(self) -> nodes.section:
        register: Register = self.data.register  # type: ignore[attr-defined]
        node = section("Each variant: who plays it, how, what it pays and where it ranks", ["dispute-each-variant"])
        node += para(
            "A variant is played only when the table agrees on it before play. For each, the profiles whose "
            "source gives it, the values their games with it play, and the rules that say how it is called, "
            "where it ranks among the calls and what it pays.",
            classes=["nap-intro"],
        )
        for variant in register.variant_names():
            node += self.variant_block(register, variant)
        return node

    def variant_block(self, register: Register, variant: str) -> nodes.section:
        block = section(variant_name(register, variant), [f"dispute-variant-{slug(variant)}"])
        givers = [register.profiles[p] for p in ordered(register) if variant in register.profiles[p].variants]
        others = [register.profiles[p] for p in ordered(register) if register.profiles[p] not in givers]
        items: list[list[NodeLike]] = []
        for profile in givers:
            bundle = profile.variants[variant]
            short = register.sources[profile.source].short
            line: list[NodeLike] = [
                xref("variant", f"{profile.id}/{variant}", strong(f"{short} with {variant_name(register, variant)}")),
                ": ",
            ]
            for index, (option_id, choice) in enumerate(bundle.items()):
                option = register.options[option_id]
                line += ["; " if index else "", option.title, " ", self.value(option_id, choice.value)]  # type: ignore[attr-defined]
            line.append(".")
            items.append(line)
        played = para(strong("Given by: "), source_names(register, givers))
        if others:
            played += nodes.Text(f"; not by {source_names(register, others)}")
        played += nodes.Text(".")
        block += played
        if items:
            block += bullet_list(items, classes=["nap-variant-games"])
        rules = rules_of(register, variant_options(register, variant))
        if rules:
            block += rule_list("Its rules: how it is called, where it ranks, what it pays", rules)
        return block

    def pool_section(self) -> nodes.section:
        register: Register = self.data.register  # type: ignore[attr-defined]
        node = section("How the pool works, game by game", ["dispute-pool-games"])
        node += para(
            "Every game that keeps a pool (a kitty), by its profile's own choice or with a variant that brings "
            "one, such as Peep or Purchase Nap: how the pool is fed, what a failed Nap pays into it, and what "
            "becomes of it when play ends. A made Nap takes it, in every game that keeps one.",
            classes=["nap-intro"],
        )
        header: list[Cell] = ["Game", *[register.options[o].title for o in POOL_OPTIONS]]
        rows: list[list[Cell]] = []
        for profile, variant in pooled_games(register):
            values = register.variant_values(profile.id, [variant]) if variant else profile.values()
            short = register.sources[profile.source].short
            game: NodeLike = (
                xref("variant", f"{profile.id}/{variant}", f"{short} with {variant_name(register, variant)}")
                if variant
                else xref("profile", profile.id, profile.title)
            )
            rows.append([[game], *[[self.value(o, values[o])] for o in POOL_OPTIONS]])  # type: ignore[attr-defined]
        node += table(header, rows, classes=["nap-pool-games"])
        node += rule_list(
            "The rules of the pool, in the order of the game", rules_of(register, ("pool", *POOL_OPTIONS))
        )
        return node


def rule_list(lead: str, rules: Sequence[Rule]) -> nodes.paragraph:
    """Rules by their titles (short sentences that say what each rules), each a link to the rule
    in full with the sources' words: a player reads the answer in the title, and the rule's
    statement, written for the whole register, on the rule's page."""
    links: list[NodeLike] = [xref("rule", rule.id, rule.title) for rule in rules]
    return para(strong(lead), ": ", *join(links, "; "), ".", classes=["nap-variant-rules"])


__all__ = ["POOL_OPTIONS", "VariantAnswers", "pooled_games", "rule_list", "rules_of", "source_names", "variant_options"]
