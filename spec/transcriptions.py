"""The four transcriptions and how a citation's locator finds its place in them.

A *paged* source (Peel, Hoyle) marks each printed page in its text (``[9]``, ``{97}``); a
citation names ``p. 9`` or a range ``pp. 10–11``. A source with *divisions* (Britannica's two
paragraphs, Wikipedia's sections) names one of the locators listed in ``sources.toml``.

>>> from napspec.spec import load
>>> peel = load().sources["peel"]
>>> peel.contains("p. 9", "going from left to might")
True
>>> peel.contains("p. 10", "going from left to might")
False
>>> load().sources["wikipedia"].anchor("§ Penalties")
'wikipedia-penalties'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from napspec.spec.errors import LocatorError

_PAGES = re.compile(r"^pp?\. (\d+)(?:\s*[–-]\s*(\d+))?$")

#: ``_a word or two_``: the transcriptions' italics (the printed copy's).
UNDERSCORED = re.compile(r"(?<![\w])_([^\s_](?:[^_]*?[^\s_])?)_(?![\w])")
#: ``--``, with or without spaces about it: the transcriptions' dash.
DASHED = re.compile(r"\s*(?<!-)--(?!-)\s*")
EM_DASH = "—"


def quote_spans(text: str) -> list[tuple[str, bool]]:
    """A source's words as a reader sees them, in spans, each with whether it is in italics:
    the transcriptions' ``_x_`` is the copy's italics and ``--`` an em dash. Every reader of
    the register (the rulebook, the terminal) shows a quotation through this.

    >>> quote_spans("a suit--_i.e._ one card")
    [('a suit—', False), ('i.e.', True), (' one card', False)]
    """
    spans: list[tuple[str, bool]] = []
    position = 0
    for match in UNDERSCORED.finditer(text):
        spans.append((DASHED.sub(EM_DASH, text[position : match.start()]), False))
        spans.append((DASHED.sub(EM_DASH, match.group(1)), True))
        position = match.end()
    spans.append((DASHED.sub(EM_DASH, text[position:]), False))
    return [(words, italic) for words, italic in spans if words]


def normalise(text: str) -> str:
    """Collapse every run of whitespace to one space, as quotations are compared.

    >>> normalise("  a\\n  b\\tc ")
    'a b c'
    """
    return " ".join(text.split())


@dataclass(frozen=True)
class Division:
    """One citable part of a source: a printed page, or a named section or paragraph."""

    locator: str
    anchor: str
    text: str


@dataclass(frozen=True)
class Lacuna:
    """A part of a work that the transcription lacks."""

    id: str
    source: str
    locator: str
    what: str
    after: str = ""
    """The words of the copy after which the missing text would stand, where the copy reaches
    that place (empty where it does not: the place is in pages the copy lacks)."""
    bears_on: tuple[str, ...] = ()
    """The variation points whose matter the missing text would hold (ids of options): on them
    the source's answer is lost, not silent."""


@dataclass(frozen=True)
class Source:
    """A work, its bibliographic reference and its transcription."""

    id: str
    file: str
    short: str
    author: str
    title: str
    chapter: str
    published: str
    pages: str
    reference: str
    licence: str
    locators: str
    header: str
    body: str
    divisions: tuple[Division, ...]
    lacunae: tuple[Lacuna, ...] = field(default=())
    copies: tuple[str, ...] = field(default=())
    """The sources some of whose passages this one repeats word for word."""

    @property
    def paged(self) -> bool:
        return self.locators == "paged"

    def division(self, locator: str) -> Division:
        """The division a single locator names."""
        for division in self.divisions:
            if division.locator == locator:
                return division
        valid = ", ".join(d.locator for d in self.divisions)
        raise LocatorError(f"{self.id}: no such place {locator!r} (valid: {valid})")

    def span(self, locator: str) -> tuple[Division, ...]:
        """The divisions a locator covers: one, or a page range ``pp. A–B``."""
        if self.paged:
            match = _PAGES.match(locator)
            if not match:
                raise LocatorError(f"{self.id}: locator {locator!r} is not of the form 'p. N' or 'pp. N–M'")
            first = int(match.group(1))
            last = int(match.group(2) or first)
            if last < first or (match.group(2) and locator.startswith("p. ")):
                raise LocatorError(f"{self.id}: malformed page range {locator!r}")
            return tuple(self.division(f"p. {page}") for page in range(first, last + 1))
        return (self.division(locator),)

    def text_at(self, locator: str) -> str:
        """The transcription's text at a locator, page markers removed."""
        return "\n".join(d.text for d in self.span(locator))

    def contains(self, locator: str, quote: str) -> bool:
        """Whether the quotation stands, whitespace normalised, at the locator."""
        return normalise(quote) in normalise(self.text_at(locator))

    def find(self, quote: str) -> tuple[str, ...]:
        """Every locator of a single division where the quotation stands."""
        wanted = normalise(quote)
        return tuple(d.locator for d in self.divisions if wanted in normalise(d.text))

    def anchor(self, locator: str) -> str:
        """The anchor (HTML id) of the first division a locator names."""
        return self.span(locator)[0].anchor

    def lacuna(self, lacuna_id: str) -> Lacuna:
        """The lacuna of this source called ``lacuna_id``."""
        for lacuna in self.lacunae:
            if lacuna.id == lacuna_id:
                return lacuna
        raise KeyError(f"{self.id} has no lacuna {lacuna_id!r}")

    def lacuna_place(self, lacuna: Lacuna) -> Division | None:
        """The division of the copy where the missing text would stand: the one holding the
        lacuna's ``after`` words (within its locator, when the copy has that place), or
        ``None`` when the lacuna names no such words or they are not found.

        >>> from napspec.spec import load
        >>> hoyle = load().sources["hoyle"]
        >>> hoyle.lacuna_place(hoyle.lacuna("hoyle-footnote-31")).locator
        'p. 103'
        """
        if not lacuna.after:
            return None
        try:
            candidates = self.span(lacuna.locator)
        except LocatorError:
            candidates = self.divisions
        wanted = normalise(lacuna.after)
        return next((d for d in candidates if wanted in normalise(d.text)), None)


def _split_header(raw: str, path: Path) -> tuple[str, str]:
    if not raw.startswith("---\n"):
        raise LocatorError(f"{path}: the transcription has no provenance header")
    end = raw.index("\n---\n", 4)
    return raw[4:end], raw[end + 5 :]


def _paged_divisions(body: str, marker: str, first: int, source: str) -> tuple[Division, ...]:
    texts: dict[int, str] = {}
    page, position = first, 0
    for match in re.finditer(marker, body):
        texts[page] = texts.get(page, "") + body[position : match.start()]
        page, position = int(match.group(1)), match.end()
    texts[page] = texts.get(page, "") + body[position:]
    return tuple(
        Division(locator=f"p. {n}", anchor=f"{source}-p{n}", text=texts[n]) for n in sorted(texts) if texts[n].strip()
    )


def _named_divisions(body: str, entries: list[dict[str, Any]], path: Path, source: str) -> tuple[Division, ...]:
    lines = body.split("\n")
    starts: list[int] = []
    cursor = 0
    for entry in entries:
        want = entry["starts"]
        prefix = bool(entry.get("prefix", False))
        for index in range(cursor, len(lines)):
            line = lines[index].strip()
            if line == want or (prefix and line.startswith(want)):
                starts.append(index)
                cursor = index + 1
                break
        else:
            raise LocatorError(f"{path}: division {entry['locator']!r} ({want!r}) not found")
    divisions = []
    for number, entry in enumerate(entries):
        end = starts[number + 1] if number + 1 < len(entries) else len(lines)
        divisions.append(
            Division(
                locator=entry["locator"],
                anchor=f"{source}-{entry['anchor']}",
                text="\n".join(lines[starts[number] : end]),
            )
        )
    return tuple(divisions)


def load_source(entry: dict[str, Any], folder: Path) -> Source:
    """Build a :class:`Source` from its ``sources.toml`` entry and its transcription."""
    path = folder / entry["file"]
    header, body = _split_header(path.read_text(encoding="utf-8"), path)
    if entry["locators"] == "paged":
        divisions = _paged_divisions(body, entry["page-marker"], int(entry["first-page"]), entry["id"])
    else:
        divisions = _named_divisions(body, entry["division"], path, entry["id"])
    lacunae = tuple(
        Lacuna(
            id=item["id"],
            source=entry["id"],
            locator=item["locator"],
            what=item["what"],
            after=item.get("after", ""),
            bears_on=tuple(item.get("bears-on", ())),
        )
        for item in entry.get("lacuna", [])
    )
    return Source(
        id=entry["id"],
        file=entry["file"],
        short=entry["short"],
        author=entry["author"],
        title=entry["title"],
        chapter=entry["chapter"],
        published=entry["published"],
        pages=entry["pages"],
        reference=entry["reference"],
        licence=entry["licence"],
        locators=entry["locators"],
        header=header,
        body=body,
        divisions=divisions,
        lacunae=lacunae,
        copies=tuple(entry.get("copies", ())),
    )
