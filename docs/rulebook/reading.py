"""The reading edition: each source's rules in the source's own order.

The chapters set the register out in the order of the game; a historian or a publisher reads
a source from its first page to its last. ``{napspec-reading} <source id>`` walks the source's
divisions (its printed pages or named sections, :attr:`Source.divisions`) and, at each, shows
the register's rules and variation-point values that quote it, in the order the quoted words
stand in the text, the lacunae of the copy where they fall, and the stretches of the text that
nothing quotes, so that what the register leaves out of the source is seen.

:func:`reading_order` works the order out from the register alone (offsets of the quotations
in the source's text, whitespace normalised as quotations are compared); the directive only
shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from docutils import nodes
from sphinx.util import logging

from napspec.spec.errors import LocatorError
from napspec.spec.register import Citation, OptionValueType, Profile, Register
from napspec.spec.transcriptions import Division, Lacuna, Source, normalise

from .directives import NapDirective, normal, quoted_words
from .render import NodeLike, container, inline, literal, para, section, strong, xref
from .text import quote_pieces

logger = logging.getLogger(__name__)

#: Stretches of text between quotations shorter than this (in words) are counted, not shown:
#: "and" or "he" between two quoted clauses says nothing a reader misses. (A place nothing
#: quotes shows its text however short: a heading alone says what the source leaves there.)
SHOWN_GAP_WORDS = 4
#: How many of an unquoted stretch's first words are shown.
GAP_PREVIEW_WORDS = 14


@dataclass(frozen=True)
class Citer:
    """A rule, or a value of a variation point, and its quotation of the source."""

    kind: Literal["rule", "value"]
    owner: str
    """The rule's id, or the variation point's id."""
    value: OptionValueType | None
    citation: Citation


@dataclass(frozen=True)
class Passage:
    """Quoted words of the source, at their place in the text, with everyone quoting them."""

    start: int
    end: int
    """Offsets in the source's text (:func:`source_text`)."""
    citers: tuple[Citer, ...]


@dataclass(frozen=True)
class Unquoted:
    """A stretch of the text that no rule or value quotes."""

    start: int
    end: int
    text: str

    @property
    def words(self) -> int:
        return len(self.text.split())


@dataclass(frozen=True)
class LacunaAt:
    """A lacuna of the copy, at the place where its missing words would stand."""

    at: int
    lacuna: Lacuna


Item = Passage | Unquoted | LacunaAt


@dataclass(frozen=True)
class Place:
    """One division of the source, with what stands in it, in text order."""

    division: Division
    items: tuple[Item, ...]
    words: int
    unquoted_words: int

    @property
    def passages(self) -> tuple[Passage, ...]:
        return tuple(item for item in self.items if isinstance(item, Passage))


@dataclass(frozen=True)
class Reading:
    """A source read in its own order."""

    source: Source
    places: tuple[Place, ...]
    beyond: tuple[Lacuna, ...]
    """Lacunae whose place the copy does not reach (their words would stand after its end)."""
    unplaced: tuple[Citer, ...]
    """Quotations not found in the text at their locator (none, when ``napspec check`` passes)."""


def source_text(source: Source) -> tuple[str, tuple[int, ...]]:
    """The source's text as quotations are compared (whitespace normalised, divisions joined
    by a space), and where each division starts in it."""
    starts: list[int] = []
    parts: list[str] = []
    position = 0
    for division in source.divisions:
        starts.append(position)
        part = normalise(division.text)
        parts.append(part)
        position += len(part) + 1
    return " ".join(parts), tuple(starts)


def citers(register: Register, source_id: str) -> list[Citer]:
    """Every quotation of the source by a rule or a value, in the register's order."""
    out: list[Citer] = []
    for rule in register.rules.values():
        out += [Citer("rule", rule.id, None, c) for c in rule.citations if c.source == source_id]
    for option in register.options.values():
        for value in option.values:
            out += [Citer("value", option.id, value.value, c) for c in value.citations if c.source == source_id]
    return out


def _locate(source: Source, starts: tuple[int, ...], citation: Citation) -> tuple[int, int] | None:
    """Where a quotation stands in the source's text: within the divisions its locator names."""
    try:
        span = source.span(citation.locator)
    except LocatorError:
        return None
    first = source.divisions.index(span[0])
    text = " ".join(normalise(d.text) for d in span)
    quote = normalise(citation.quote)
    found = text.find(quote)
    if found < 0:
        return None
    return starts[first] + found, starts[first] + found + len(quote)


def _division_at(starts: tuple[int, ...], offset: int) -> int:
    index = 0
    for number, start in enumerate(starts):
        if start <= offset:
            index = number
    return index


def reading_order(register: Register, source_id: str) -> Reading:
    """The source's divisions in order, each with the quotations, lacunae and unquoted
    stretches that stand in it, in the order of the text. Quotations of the same words are one
    passage; a quotation that runs on to the next page stands where it begins.

    >>> from napspec.spec import load
    >>> peel = reading_order(load(), "peel")
    >>> [place.division.locator for place in peel.places][:3]
    ['p. 3', 'p. 4', 'p. 5']
    >>> [lacuna.id for lacuna in peel.beyond]  # pages 13 and 14 are not in the copy
    ['peel-double-header', 'peel-thirty-two-card-pack']
    >>> first = peel.places[0].passages[0]
    >>> first.start <= peel.places[0].passages[1].start
    True
    """
    source = register.sources[source_id]
    text, starts = source_text(source)
    ends = tuple(s + len(normalise(d.text)) for s, d in zip(starts, source.divisions, strict=True))
    grouped: dict[tuple[int, int], list[Citer]] = {}
    unplaced: list[Citer] = []
    for citer in citers(register, source_id):
        found = _locate(source, starts, citer.citation)
        if found is None:
            unplaced.append(citer)
        else:
            grouped.setdefault(found, []).append(citer)
    passages = [Passage(start, end, tuple(group)) for (start, end), group in grouped.items()]
    passages.sort(key=lambda p: (p.start, -p.end))

    lacunae: list[LacunaAt] = []
    beyond: list[Lacuna] = []
    for lacuna in source.lacunae:
        place = source.lacuna_place(lacuna)
        if place is None:
            beyond.append(lacuna)
            continue
        number = source.divisions.index(place)
        after = normalise(lacuna.after)
        lacunae.append(LacunaAt(starts[number] + normalise(place.text).find(after) + len(after), lacuna))

    # what no quotation covers, division by division; a lacuna's place cuts a stretch in two
    cuts = sorted([(p.start, p.end) for p in passages] + [(lac.at, lac.at) for lac in lacunae])
    gaps: list[Unquoted] = []
    for first, last in zip(starts, ends, strict=True):
        position = first
        for cut_start, cut_end in [*cuts, (last, last)]:
            if cut_end < first or cut_start > last:
                continue
            start, end = max(cut_start, first), min(cut_end, last)
            stretch = text[position:start].strip()
            if start > position and any(char.isalnum() for char in stretch):
                gaps.append(Unquoted(position, start, stretch))
            position = max(position, end)

    places: list[Place] = []
    for number, division in enumerate(source.divisions):

        def here(offset: int, number: int = number) -> bool:
            return _division_at(starts, offset) == number

        items: list[tuple[int, int, Item]] = [(p.start, 1, p) for p in passages if here(p.start)]
        items += [(g.start, 0, g) for g in gaps if here(g.start)]
        items += [(lac.at, 2, lac) for lac in lacunae if here(lac.at)]
        items.sort(key=lambda entry: (entry[0], entry[1]))
        shown = tuple(item for _at, _rank, item in items)
        places.append(
            Place(
                division=division,
                items=shown,
                words=len(normalise(division.text).split()),
                unquoted_words=sum(g.words for g in gaps if here(g.start)),
            )
        )
    return Reading(source, tuple(places), tuple(beyond), tuple(unplaced))


def profile_of(register: Register, source_id: str) -> Profile | None:
    """The profile that plays the source's game."""
    return next((p for p in register.profiles.values() if p.source == source_id), None)


def plural(count: int, one: str, many: str = "") -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


class ReadingDirective(NapDirective):
    """``{napspec-reading} <source id>``: the source's rules and values in the source's order."""

    required_arguments = 1

    def build(self) -> list[nodes.Node]:
        register = self.data.register
        source = self.named("source", register.sources, self.arguments[0])
        source_id = source.id
        reading = reading_order(register, source_id)
        for citer in reading.unplaced:
            logger.warning(
                "napspec: %s: quotation not found at %s %s",
                citer.owner,
                source.short,
                citer.citation.locator,
                location=self.get_location(),
            )
        page = section(f"{source.short}'s game, in {source.short}'s order", [f"reading-{source.id}"])
        page["classes"].append("nap-reading")
        page += self.index(f"reading-{source.id}", f"{source.short} (source): in its own order")
        page.extend(self.intro(reading))
        for place in reading.places:
            page += self.place(reading, place)
        if reading.beyond:
            tail = section("Beyond the copy", [f"reading-{source.id}-beyond"], classes=["nap-reading-place"])
            tail += para(
                f"Parts of the work that the copy does not reach, where {source.short}'s words on these points "
                "would stand:",
                classes=["nap-note"],
            )
            tail.extend(self.lacuna_block(lacuna) for lacuna in reading.beyond)
            page += tail
        return [page]

    def intro(self, reading: Reading) -> list[nodes.Node]:
        """What the page is, and how much of the source the register quotes."""
        register = self.data.register
        source = reading.source
        profile = profile_of(register, source.id)
        all_citers = [c for place in reading.places for p in place.passages for c in p.citers]
        rules = {c.owner for c in all_citers if c.kind == "rule"}
        values = {(c.owner, str(c.value)) for c in all_citers if c.kind == "value"}
        options = {c.owner for c in all_citers if c.kind == "value"}
        cited_places = [place for place in reading.places if place.passages]
        unit = ("page", "pages") if source.paged else ("part", "parts")
        words = sum(place.words for place in reading.places)
        unquoted = sum(place.unquoted_words for place in reading.places)
        out: list[nodes.Node] = [
            para(
                f"{source.author}, ",
                xref("source", source.id, nodes.emphasis(text=source.title)),
                f", read from beginning to end, {unit[0]} by {unit[0]}: at each, the rules of the register and the "
                "values of its variation points that quote it, in the order the quoted words stand in the text. "
                "Each rule is given in our words, with what ",
                xref("profile", profile.id, profile.title) if profile else "the source's game",
                " plays where it depends on a variation point; each value in words, with its meaning. "
                "Stretches of the text that nothing in the register quotes are marked, and so are the places "
                "where the copy lacks the words.",
                classes=["nap-intro"],
            ),
            para(
                strong("Quoted by "),
                f"{plural(len(rules), 'rule')} and {plural(len(values), 'value')} of "
                f"{plural(len(options), 'variation point')} ({plural(len(all_citers), 'quotation')}); ",
                f"{len(cited_places)} of its {plural(len(reading.places), *unit)} quoted; "
                f"{unquoted} of its {words} words in no quotation "
                f"(stretches of fewer than {SHOWN_GAP_WORDS} words between quotations are counted, not shown).",
                classes=["nap-reading-counts"],
            ),
        ]
        return out

    def place(self, reading: Reading, place: Place) -> nodes.section:
        source = reading.source
        division = place.division
        node = section(division.locator, [f"reading-{division.anchor}"], classes=["nap-reading-place"])
        quoted = len({c for p in place.passages for c in p.citers})
        summary: list[NodeLike] = [
            xref("loc", division.anchor, f"{source.short} {division.locator}"),
            " · ",
            plural(quoted, "quotation") if quoted else "quoted by no rule or value",
            f" · {place.unquoted_words} of {place.words} words in no quotation",
        ]
        node += para(*summary, classes=["nap-reading-place-meta"])
        for item in place.items:
            if isinstance(item, Passage):
                node += self.passage(reading, item)
            elif isinstance(item, LacunaAt):
                node += self.lacuna_block(item.lacuna)
            elif item.words >= SHOWN_GAP_WORDS or not place.passages:
                node += self.unquoted(item)
        return node

    def unquoted(self, gap: Unquoted) -> nodes.paragraph:
        """An unquoted stretch: its word count and its first words (emphasis and dashes kept)."""
        shown: list[NodeLike] = []
        budget = GAP_PREVIEW_WORDS
        for piece in quote_pieces(gap.text):
            words = piece.text.split(" ")
            take = words[:budget] if budget > 0 else []
            budget -= len([w for w in take if w])
            text = " ".join(take)
            if text:
                shown.append(nodes.emphasis(text=text) if piece.kind == "emphasis" else text)
            if budget <= 0:
                break
        more = "…" if gap.words > GAP_PREVIEW_WORDS else ""
        return para(
            strong("Not quoted by any rule or value"),
            f" ({plural(gap.words, 'word')}): ",
            inline(*shown, more, classes=["nap-quote-inline"]),
            classes=["nap-reading-unquoted"],
        )

    def passage(self, reading: Reading, passage: Passage) -> nodes.container:
        """Quoted words, then each rule or value that quotes them."""
        first = passage.citers[0].citation
        block = container(classes=["nap-reading-passage", "nap-citation", f"nap-from-{reading.source.id}"])
        block += para(*quoted_words(normal(first.quote)), classes=["nap-quote"])
        block += para("— ", self.locator_link(first.source, first.locator), classes=["nap-locator"])
        for citer in passage.citers:
            block += self.citer(reading, citer)
        return block

    def citer(self, reading: Reading, citer: Citer) -> nodes.container:
        register = self.data.register
        profile = profile_of(register, reading.source.id)
        out = container(classes=["nap-reading-cite", f"nap-reading-{citer.kind}"])
        if citer.kind == "rule":
            rule = register.rules[citer.owner]
            out += para(
                xref("rule", rule.id, strong(rule.title)),
                " ",
                literal(rule.id),
                classes=["nap-reading-title"],
            )
            out.extend(self.prose(rule.statement, classes=["nap-statement"], options=rule.options))
            if profile is not None:
                out.extend(self.as_played(rule.id, profile))
        else:
            option = register.options[citer.owner]
            assert citer.value is not None
            value = option.value(citer.value)
            out += para(
                xref("option", option.id, strong(option.title)),
                " ",
                literal(option.id),
                classes=["nap-reading-title"],
            )
            out += para(
                "Value ",
                self.value(option.id, value.value),
                " (",
                *self.plays(option.id, value.value),
                "): ",
                *self.linked(normal(value.meaning), (option.id,)),
                classes=["nap-reading-value-line"],
            )
        out.extend(self.citation_notes(citer.citation))
        return out

    def as_played(self, rule_id: str, profile: Profile) -> list[nodes.Node]:
        """The rule as it holds in the source's game: whether it binds the profile, and the
        value the profile takes on each variation point the rule depends on."""
        register = self.data.register
        rule = register.rules[rule_id]
        if profile.id not in rule.applies_to:
            return [
                para(
                    "This rule does not bind ",
                    xref("profile", profile.id, profile.title),
                    ".",
                    classes=["nap-note", "nap-reading-binds"],
                )
            ]
        said: list[NodeLike] = []
        for option_id in rule.options:
            option = register.options[option_id]
            choice = profile.choices.get(option_id)
            if choice is None:
                continue
            if said:
                said.append("; ")
            said += [
                xref("option", option.id, nodes.emphasis(text=option.title)),
                ": ",
                xref("choice", f"{profile.id}/{option.id}", option.phrase(choice.value)),
            ]
        if not said:
            return []
        return [para("In ", xref("profile", profile.id, profile.title), ": ", *said, classes=["nap-reading-plays"])]
