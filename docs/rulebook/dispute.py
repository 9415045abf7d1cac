"""The page a table settles a dispute on (``{napspec-dispute}``): every question on which the
sources may part company, answered for each game in one line, the source's words a click away.

The page is laid out for a player holding a phone:

- at its top, the questions themselves, each a link to its answers (:meth:`DisputeDirective.questions`),
  grouped as the game goes: any question is one tap away;
- the plain game's questions, chapter by chapter in the order of the game, then the variants';
  under each, one line for each game, Peel, Hoyle, Britannica and Wikipedia (:func:`answer_line`):
  what the game plays, in words, and on what it rests. A line is folded: a tap on it opens, in
  place, the source's own words with their pages, what the answer means, and a link to the
  reading it rests on;
- where the source's text is lost, or the source says nothing, the line says so before anything
  else ("Peel: the text is lost here; the profile plays “no penalty” by our reading"): what a
  profile plays there is our reading, never the source's ruling;
- then each variant (who gives it, what each game with it plays, its rules) and how each game's
  pool works (:mod:`.dispute_variants`).

A player reads no id of the register and no word about engines here: the register's notes are
shown without the references to ids they carry (:func:`for_players`), the readings are linked
by what they are ("our reading"), not by their ids.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from docutils import nodes
from sphinx.util import logging

from napspec.spec.register import Citation, Option, OptionValueType, Profile, ProfileChoice, Register
from napspec.suite.vocabulary import join

from .directives import normal, quoted_words
from .dispute_variants import VariantAnswers
from .domain import slug
from .editions import BOOK, edition
from .fold import fold
from .players import PlayersDirective, basis, groups
from .render import NodeLike, container, inline, para, section, strong, xref
from .text import ID_WORD, disputed, is_name, ordered, variant_name

logger = logging.getLogger(__name__)

#: How the register's notes name what they rest on: "(lacuna peel-misery)", "(interpretation
#: x)", "See interpretation x." and "; see interpretation x." (read with the ids of
#: :data:`.text.ID_WORD`). A player is given the reading by a link, not by its id.
_IDS = r"[a-z][a-z0-9]*(?:[.-][a-z0-9]+)+(?:(?:,\s*|\s+and\s+)[a-z][a-z0-9]*(?:[.-][a-z0-9]+)+)*"
_REFERENCES = (
    (re.compile(rf"\s*\((?:lacunae?|interpretations?) {_IDS}\)"), ""),
    (re.compile(rf";\s*see (?:also )?(?:lacunae?|interpretations?) {_IDS}\."), "."),
    (re.compile(rf"\s*See (?:also )?(?:lacunae?|interpretations?) {_IDS}\."), ""),
)


def for_players(text: str) -> str:
    """A note of the register as a player reads it: without the ids it names what it rests on by.

    >>> for_players("It breaks off on p. 12 (lacuna peel-misery). See interpretation peel-revoke.")
    'It breaks off on p. 12.'
    >>> for_players("Britannica has no such rule; see interpretation no-remedy-where-silent.")
    'Britannica has no such rule.'
    """
    shown = normal(text)
    for pattern, instead in _REFERENCES:
        shown = pattern.sub(instead, shown)
    return shown


def register_ids(register: Register) -> frozenset[str]:
    """The ids of the register a reader must not be shown: rules, variation points,
    interpretations and lacunae."""
    lacunae = {lacuna.id for source in register.sources.values() for lacuna in source.lacunae}
    return frozenset({*register.rules, *register.options, *register.interpretations, *lacunae})


def ids_in(text: str, register: Register) -> list[str]:
    """The ids of the register a text names (a variant named by its own words, "seven-card
    Nap", is not one).

    >>> from napspec import spec
    >>> ids_in("as seven-card Nap does, see peel-revoke", spec.load())
    ['peel-revoke']
    """
    known = register_ids(register)
    return [
        match.group()
        for match in ID_WORD.finditer(text)
        if match.group() in known
        and not (match.group() in register.options and register.options[match.group()].titled_at(text, match.start()))
    ]


def agreed_name(register: Register, variant: str) -> str:
    """A variant as a sentence names it: "Misery", "Seven-card Nap", "the pool (kitty)".

    >>> from napspec import spec
    >>> [agreed_name(spec.load(), v) for v in ("seven-card", "short-pack")]
    ['Seven-card Nap', 'short pack']
    """
    name = variant_name(register, variant)
    return name if is_name(name) else name[:1].lower() + name[1:]


def is_reading(register: Register, profile: Profile, option: Option, choice: ProfileChoice) -> bool:
    """Whether what a profile plays on a point is our reading rather than its source's words."""
    return not basis(register, profile, option, choice).quoted


def answer_line(register: Register, profile: Profile, option: Option) -> str:
    """What a game plays on a question, on one line, in words: the value, and whether it is the
    source's word or our reading, the source's lost text or its silence said first; then what
    each variant of its source makes of the point.

    >>> from napspec import spec
    >>> register = spec.load()
    >>> answer_line(register, register.profiles["peel"], register.options["revoke"])
    'the text is lost here; the profile plays “no penalty” by our reading'
    >>> answer_line(register, register.profiles["hoyle"], register.options["revoke"])
    'the hand replayed, the revoker paying for all'
    >>> answer_line(register, register.profiles["hoyle"], register.options["wellington"])
    'not played, by our reading of its words; with Wellington agreed: played at double the Nap stakes'
    """
    choice = profile.choices[option.id]
    words = option.phrase(choice.value)
    stance, _cited = option.stance(profile.source)
    if stance == "lacuna":
        line = f"the text is lost here; the profile plays “{words}” by our reading"
    elif stance != "cited":
        line = f"says nothing of it; the profile plays “{words}” by our reading"
    elif is_reading(register, profile, option, choice):
        line = f"{words}, by our reading of its words"
    else:
        line = words
    for variant, bundle in profile.variants.items():
        if option.id in bundle:
            line += f"; with {agreed_name(register, variant)} agreed: {option.phrase(bundle[option.id].value)}"
            if is_reading(register, profile, option, bundle[option.id]):
                line += " (our reading)"
    return line


class DisputeDirective(VariantAnswers, PlayersDirective):
    """``{napspec-dispute}``: every question of the variation points, answered for each game."""

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        differ = {o.id for o in disputed(register)}
        total = len(register.options)
        out: list[nodes.Node] = [
            para(
                "Under each question, a line for each game (",
                *join([register.sources[register.profiles[p].source].short for p in ordered(register)], ", ", " and "),
                ") says what it plays; tap the line for the source's own words. Where a source's text is lost, "
                "or it says nothing, the line says so: what the game plays there is our reading, not the "
                "source's ruling. ",
                strong(f"The games differ on {len(differ)} of the {total} questions"),
                " (marked ",
                inline("the games differ", classes=["nap-differ-mark"]),
                f"); all four agree on the other {total - len(differ)}.",
                classes=["nap-intro", "nap-dispute-count"],
            )
        ]
        if edition(self.env) != BOOK:  # a book has its contents
            out.append(self.questions())
        for group_id, title, members in groups(register):
            node = section(title, [f"dispute-{slug(group_id)}"], classes=["nap-dispute-group"])
            for option in members:
                node += self.entry(option, option.id in differ)
            out.append(node)
        out += [self.variants_section(), self.pool_section()]
        return out

    def questions(self) -> nodes.container:
        """Every question, by its short title, a link to its answers: grouped as the page is."""
        block = container(classes=["nap-dispute-questions"])
        for group_id, title, members in groups(self.data.register):
            links: list[NodeLike] = [same_page(f"dispute-{slug(o.id)}", o.title) for o in members]
            block += para(
                same_page(f"dispute-{slug(group_id)}", strong(title)),
                ": ",
                *join(links, " · "),
                classes=["nap-dispute-question-list"],
            )
        return block

    def entry(self, option: Option, differs: bool) -> nodes.section:
        """A question and one folded line for each game."""
        register = self.data.register
        node = section(self.said(option.question), [f"dispute-{slug(option.id)}"], classes=["nap-dispute"])
        mark = (
            inline("the games differ", classes=["nap-differ-mark"])
            if differs
            else inline("all four agree", classes=["nap-agree-mark"])
        )
        node += para(
            mark, " · ", xref("option", option.id, "the four sources side by side"), classes=["nap-dispute-meta"]
        )
        answers = container(classes=["nap-dispute-answers"])
        for profile_id in ordered(register):
            answers += self.game_answer(register.profiles[profile_id], option)
        node += answers
        return node

    def game_answer(self, profile: Profile, option: Option) -> nodes.Element:
        """One game's answer: its line (the fold's title, which opens it in place), then the
        source's words, what the answer means, and the reading it rests on."""
        register = self.data.register
        short = register.sources[profile.source].short
        line = answer_line(register, profile, option)
        folded = fold(
            [inline(short, classes=["nap-game-name"]), ": ", inline(line, classes=["nap-game-answer"])],
            classes=["nap-dispute-game", f"nap-from-{profile.source}"],
        )
        folded["ids"].append(f"dispute-{slug(option.id)}-{profile.id}")
        folded.extend(self.source_says(profile, option))
        choice = profile.choices[option.id]
        folded += self.meaning(strong("What it means: "), option, choice.value)
        for variant, bundle in profile.variants.items():
            if option.id in bundle:
                lead = strong(f"With {agreed_name(register, variant)} agreed: ")
                folded += self.meaning(lead, option, bundle[option.id].value)
        readings = [choice, *(bundle[option.id] for bundle in profile.variants.values() if option.id in bundle)]
        folded.extend(self.readings(profile, option, readings))
        return folded

    def meaning(self, lead: NodeLike, option: Option, value: OptionValueType) -> nodes.paragraph:
        return para(lead, *self.linked(normal(option.value(value).meaning)), classes=["nap-dispute-meaning"])

    def source_says(self, profile: Profile, option: Option) -> list[nodes.Node]:
        """The source's own words on the point, each with its page; or what is lost, or that it
        says nothing, in our words."""
        register = self.data.register
        short = register.sources[profile.source].short
        stance, _values = option.stance(profile.source)
        if stance != "cited":
            # the line says the text is lost, or silent: here, what we know of it
            note = for_players((option.lacuna if stance == "lacuna" else option.silent).get(profile.source, ""))
            return [para(*self.player_words(note), classes=[f"nap-dispute-{stance}"])] if note else []
        quotations = [c for v in option.values for c in v.citations if c.source == profile.source]
        out: list[nodes.Node] = [para(strong(f"{short}'s words:"), classes=["nap-dispute-words-head"])]
        out.extend(self.quotation(citation) for citation in unique(quotations))
        return out

    def quotation(self, citation: Citation) -> nodes.container:
        """A source's words and their page, linked to the place in the published text."""
        block = container(classes=["nap-citation", f"nap-from-{citation.source}"])
        block += para(*quoted_words(normal(citation.quote)), classes=["nap-quote"])
        block += para("— ", self.locator_link(citation.source, citation.locator), classes=["nap-locator"])
        return block

    def readings(self, profile: Profile, option: Option, choices: Sequence[ProfileChoice]) -> list[nodes.Node]:
        """A link to each reading the answer rests on, by what it is."""
        register = self.data.register
        found: list[str] = []
        for choice in choices:
            found += [i for i in basis(register, profile, option, choice).interpretations if i not in found]
        if not found:
            return []
        ordinals = ("first", "second", "third", "fourth")
        links: list[NodeLike] = [
            xref("interp", interpretation, "our reading" if len(found) == 1 else f"our {ordinals[index]} reading")
            for index, interpretation in enumerate(found)
        ]
        return [
            para("Why the profile plays it so: ", *join(links, ", ", " and "), ".", classes=["nap-dispute-readings"])
        ]

    def player_words(self, text: str) -> list[NodeLike]:
        """Our words for a player: the register's prose, its variation points named by their
        titles; an id left in it is the page's error."""
        for word in ids_in(text, self.data.register):
            logger.warning("napspec: the dispute page would show the id %r to a player: %r", word, text)
        return self.linked(text)


def same_page(anchor: str, *content: NodeLike) -> nodes.reference:
    """A link to a place on this page."""
    link = nodes.reference("", "", refid=anchor, internal=True)
    link.extend(nodes.Text(item) if isinstance(item, str) else item for item in content)
    return link


def unique(citations: Sequence[Citation]) -> list[Citation]:
    """Each quotation once (a source's words may back two values of a point)."""
    seen: set[tuple[str, str]] = set()
    out: list[Citation] = []
    for citation in citations:
        key = (citation.locator, normal(citation.quote))
        if key not in seen:
            seen.add(key)
            out.append(citation)
    return out


__all__ = [
    "DisputeDirective",
    "agreed_name",
    "answer_line",
    "for_players",
    "ids_in",
    "register_ids",
]
