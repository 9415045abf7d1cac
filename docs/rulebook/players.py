"""The players' ways into the rulebook: pages for a table settling a dispute (the page of every
question, ``{napspec-dispute}``, is :mod:`.dispute`'s).

- ``{napspec-compare} <profile> <profile>``: the variation points where two profiles' games
  differ (their own choices and the variants they give), each with both answers.
- ``{napspec-compare-index}``: the pairs of profiles, each with its number of differences.
- ``{napspec-quick-rules} <profile>``: one screen that tells a table how to play a profile's
  game: the register's essential rules (``essential = true`` in ``spec/rules/``) in the order
  of the game, each as the profile plays it, and the variants its source gives.

The selection and the comparison are functions of the register (:func:`.text.answer`,
:func:`.text.differing`, :func:`groups`, :func:`quick_rules`, :func:`basis`); the tests work the
same out from the register on their own and check the built pages against it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from docutils import nodes
from sphinx import addnodes

from napspec.spec.register import Option, OptionValueType, Profile, ProfileChoice, Register, Rule
from napspec.suite.vocabulary import join

from .directives import NapDirective, normal
from .domain import slug
from .printed import in_words
from .render import NodeLike, bullet_list, container, inline, literal, para, section, strong, xref
from .text import differing, ordered, variant_name

VARIANTS_GROUP = "Variants: played only when the table agrees before play"


def pairs(register: Register) -> list[tuple[str, str]]:
    """Every pair of profiles, in the order of the profiles."""
    return list(itertools.combinations(ordered(register), 2))


def pair_page(first: str, second: str) -> str:
    """The page of a pair of profiles (its document name)."""
    return f"compare/{first}-{second}"


def in_variants_group(register: Register, option: Option) -> bool:
    """Whether a variation point is asked among the variants: a variant's own option, or a point
    of a chapter given over to the variants (more variant options than plain ones), such as the
    Wellington caller's first lead, which only a game with Wellington asks."""
    if option.is_variant:
        return True
    mates = [o for o in register.options.values() if o.chapter == option.chapter]
    return 2 * sum(o.is_variant for o in mates) > len(mates)


def groups(register: Register) -> list[tuple[str, str, list[Option]]]:
    """The variation points grouped for the players: ``(id, title, options)`` for each chapter
    of the plain game that has any, in the order of the game, then the variants apart (in the
    register's order)."""
    out: list[tuple[str, str, list[Option]]] = []
    plain = [o for o in register.options.values() if not in_variants_group(register, o)]
    for chapter in register.chapters.values():
        members = [o for o in plain if o.chapter == chapter.id]
        if members:
            out.append((chapter.id, chapter.title, members))
    variants = [o for o in register.options.values() if in_variants_group(register, o)]
    if variants:
        out.append(("variants", VARIANTS_GROUP, variants))
    return out


@dataclass(frozen=True)
class Basis:
    """What a profile's value rests on: the source's own words (``quoted``), and the labelled
    interpretations it is read through, if any."""

    quoted: bool
    interpretations: tuple[str, ...]


def basis(register: Register, profile: Profile, option: Option, choice: ProfileChoice) -> Basis:
    """Whether a profile's value is in its source's words or rests on interpretations: the
    choice's own interpretation, the value's (where it reads this source, or the choice names
    none), and those through which the source's quotations bear on the value."""
    value = option.value(choice.value)
    own = [c for c in value.citations if c.source == profile.source]
    found: list[str] = []
    if choice.interpretation:
        found.append(choice.interpretation)
    if value.interpretation:
        reads = register.interpretations.get(value.interpretation)
        if not choice.interpretation or (reads is not None and profile.source in reads.sources):
            found.append(value.interpretation)
    found += [c.interpretation for c in own if c.interpretation]
    interpretations = tuple(dict.fromkeys(found))
    return Basis(quoted=bool(own) and not interpretations, interpretations=interpretations)


def quick_rules(register: Register, profile_id: str) -> list[Rule]:
    """The essential rules that bind a profile, in the order of the game."""
    return [
        register.rules[rule_id]
        for chapter in register.chapters.values()
        for rule_id in chapter.rules
        if register.rules[rule_id].essential and profile_id in register.rules[rule_id].applies_to
    ]


def quick_options(register: Register, rule: Rule) -> list[Option]:
    """The variation points of the plain game a rule turns on: on the quick rules the
    profile's values for them say the rule as the profile plays it."""
    return [register.options[o] for o in rule.options if not register.options[o].is_variant]


def doc_link(docname: str, *content: NodeLike) -> addnodes.pending_xref:
    """A link to a page of the rulebook (checked like every link)."""
    node = addnodes.pending_xref("", refdomain="std", reftype="doc", reftarget=f"/{docname}", refexplicit=True)
    node["refwarn"] = True
    body = inline(*content, classes=["xref", "std", "std-doc"])
    node += body
    return node


class PlayersDirective(NapDirective):
    """Common blocks of the players' pages: a profile's answer on a variation point."""

    def profile_ids(self) -> list[str]:
        """The directive's arguments, each a profile of the register (or a clear error)."""
        register = self.data.register
        for name in self.arguments:
            self.named("profile", register.profiles, name)
        return list(self.arguments)

    def source_words(self, profile: Profile, option: Option) -> NodeLike:
        """A link to what the profile's source says on the variation point."""
        short = self.data.register.sources[profile.source].short
        stance, _values = option.stance(profile.source)
        words = {"silent": f"{short} is silent", "lacuna": f"{short}'s text is missing"}.get(stance, f"{short}'s words")
        return xref("optsource", f"{option.id}/{profile.source}", words, classes=["nap-source-words"])

    def rests_on(self, profile: Profile, option: Option, choice: ProfileChoice) -> nodes.inline:
        """ "In the source's words", or the labelled interpretations the value rests on, each
        linked by its question (its id small beside it)."""
        register = self.data.register
        found = basis(register, profile, option, choice)
        if found.quoted:
            return inline("in the source's words", classes=["nap-basis", "nap-basis-quoted"])
        items: list[NodeLike] = []
        for interp_id in found.interpretations:
            interp = register.interpretations[interp_id]
            items.append(
                inline(
                    xref("interp", interp_id, self.said(interp.question)),
                    " ",
                    literal(interp_id),
                    classes=["nap-interp-ref"],
                )
            )
        if not items:
            return inline("not in the source's words", classes=["nap-basis", "nap-basis-interpretation"])
        return inline(
            strong("by interpretation: "), *join(items, "; "), classes=["nap-basis", "nap-basis-interpretation"]
        )

    def value_line(self, option: Option, value: OptionValueType) -> list[NodeLike]:
        """A value in words, linked to its entry, and what it means."""
        return [
            self.value(option.id, value, quoted=False),
            " — ",
            *self.linked(normal(option.value(value).meaning)),
        ]

    def profile_answer(self, profile: Profile, option: Option) -> list[nodes.Node]:
        """A profile's answer on a variation point: its value and meaning, what it rests on,
        the source's words; then each variant of its source that changes the point."""
        out: list[nodes.Node] = []
        choice = profile.choices.get(option.id)
        if choice is not None:
            out.append(para(*self.value_line(option, choice.value), classes=["nap-answer-value"]))
            out.append(
                para(
                    self.rests_on(profile, option, choice),
                    " · ",
                    self.source_words(profile, option),
                    classes=["nap-answer-basis"],
                )
            )
        for variant, bundle in profile.variants.items():
            if option.id in bundle:
                out.append(
                    para(
                        "With the variant ",
                        xref("variant", f"{profile.id}/{variant}", variant_name(self.data.register, variant)),
                        ": ",
                        *self.value_line(option, bundle[option.id].value),
                        " (",
                        self.rests_on(profile, option, bundle[option.id]),
                        ")",
                        classes=["nap-answer-variant"],
                    )
                )
        return out


class CompareDirective(PlayersDirective):
    """``{napspec-compare} <profile> <profile>``: where two profiles' games differ."""

    required_arguments = 2

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        first, second = (register.profiles[p] for p in self.profile_ids())
        if first.id == second.id:
            raise self.error(f"a profile is compared with another, not with itself ({first.id!r} twice)")
        points = differing(register, first.id, second.id)
        agree = len(register.options) - len(points)
        page = section(
            f"{first.title} and {second.title} compared", [f"compare-{first.id}-{second.id}"], classes=["nap-compare"]
        )
        page += para(
            f"The games of the profiles {first.title} and {second.title} ",
            strong(f"differ on {len(points)} of the {len(register.options)} variation points"),
            f" and agree on the other {agree}. Each difference below gives the question, both answers "
            "(the variants each source gives included) and links to each source's words.",
            classes=["nap-intro", "nap-compare-count"],
        )
        for option in points:
            node = section(self.said(option.question), [f"compare-{first.id}-{second.id}-{slug(option.id)}"])
            node["classes"].append("nap-compare-point")
            node += para(xref("option", option.id, option.title), " ", literal(option.id), classes=["nap-dispute-meta"])
            items: list[nodes.Node] = []
            for profile in (first, second):
                block = container(classes=["nap-dispute-answer", f"nap-from-{profile.source}"])
                block += para(strong(profile.title), classes=["nap-answer-profile"])
                block.extend(self.profile_answer(profile, option))
                items.append(block)
            node += bullet_list(items, classes=["nap-answers"])
            page += node
        return [page]


class CompareIndexDirective(PlayersDirective):
    """``{napspec-compare-index}``: the pairs of profiles and how much each pair differs."""

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        total = len(register.options)
        items: list[Sequence[NodeLike]] = []
        for first, second in pairs(register):
            count = len(differing(register, first, second))
            one, two = register.profiles[first], register.profiles[second]
            items.append(
                [
                    doc_link(pair_page(first, second), f"{one.title} and {two.title}"),
                    f": differ on {count} of the {total} variation points, agree on {total - count}",
                ]
            )
        return [
            para(
                "Two profiles side by side: only the variation points where their games differ, each with the "
                "question, both answers and each source's words.",
                classes=["nap-intro"],
            ),
            bullet_list(items, classes=["nap-compare-pairs"]),
        ]


class QuickRulesDirective(PlayersDirective):
    """``{napspec-quick-rules} <profile>``: how to play a profile's game, on one screen."""

    required_arguments = 1

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        profile = register.profiles[self.profile_ids()[0]]
        page = section(f"Quick rules: {profile.title}", [f"quick-{profile.id}"], classes=["nap-quick"])
        page += para(
            f"How to play {register.sources[profile.source].short}'s game, ",
            xref("profile", profile.id, profile.title),
            ", in short: each line is a rule as this game plays it, with a link to the full rule and the sources' "
            "words.",
            classes=["nap-intro"],
        )
        rules = quick_rules(register, profile.id)
        for chapter in register.chapters.values():
            members = [r for r in rules if r.chapter == chapter.id]
            if not members:
                continue
            node = section(chapter.title, [f"quick-{profile.id}-{slug(chapter.id)}"], classes=["nap-quick-chapter"])
            node += bullet_list([self.line(profile, rule) for rule in members], classes=["nap-quick-rules"])
            page += node
        page += self.variants(profile)
        return [page]

    def line(self, profile: Profile, rule: Rule) -> list[NodeLike]:
        """A rule as the profile plays it: the profile's values' meanings for the variation
        points it turns on, else the rule's statement."""
        register = self.data.register
        out: list[NodeLike] = [xref("rule", rule.id, strong(rule.title), classes=["nap-quick-rule"]), ": "]
        options = [o for o in quick_options(register, rule) if o.id in profile.choices]
        if not options:
            return out + self.linked(normal(rule.statement), rule.options)
        for index, option in enumerate(options):
            value = profile.choices[option.id].value
            if index:
                out.append(" ")
            out += self.linked(normal(option.value(value).meaning))
        return out

    def variants(self, profile: Profile) -> nodes.section:
        register = self.data.register
        source = register.sources[profile.source]
        node = section("Variants", [f"quick-{profile.id}-variants"], classes=["nap-quick-chapter"])
        if not profile.variants:
            node += para(
                f"{source.short} gives no variant: the plain game above is the whole game.",
                classes=["nap-quick-variants"],
            )
            return node
        names: list[NodeLike] = [
            xref("variant", f"{profile.id}/{variant}", variant_name(register, variant, in_sentence=True))
            for variant in profile.variants
        ]
        count = len(names)
        node += para(
            f"{source.short} gives {in_words(count)} variant{'s' if count != 1 else ''}, "
            f"{'each ' if count != 1 else ''}played only when the table agrees on {'it' if count == 1 else 'one'} "
            "before play: ",
            *join(names, ", ", " and "),
            ".",
            classes=["nap-quick-variants"],
        )
        return node


PLAYERS_DIRECTIVES = {
    "napspec-compare": CompareDirective,
    "napspec-compare-index": CompareIndexDirective,
    "napspec-quick-rules": QuickRulesDirective,
}
"""The players' directives, registered by :func:`napspec.docs.rulebook.setup`."""
