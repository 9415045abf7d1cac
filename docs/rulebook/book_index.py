"""The book's subject index: the words a reader looks up, each with the places that treat it,
in words and by page; no id of the register.

The headings are the glossary's terms (``docs/glossary.toml``), the variants and the four
sources, each as a reader looks it up (no article before it: "pool left when play ends"). Under
a term stand its definition (the glossary), each rule whose title names it (the rule's title,
read as a sub-heading, less the heading's own word where it leads: under "revoke", "by the
soloist") and each variation point whose title or question names it, where the games are set
against each other ("penalty for a revoke, game by game"). Under a variant stand the rules of
its call; under a source, its text, its game's quick rules and the places its text is missing.
The sub-headings are in alphabetical order, the definition first, as an index is read.

Every place is a label of the book, found in the same compilation as the rest
(:mod:`.book_builder`), so that the index prints each one's page.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from napspec.spec.register import Register

from .book_writer import label_name, string
from .data import rulebook_data
from .text import proper_names

#: Words a sub-heading drops from the front of a title.
_ARTICLES = re.compile(r"^(the|a|an)\s+", re.IGNORECASE)


@dataclass
class Entry:
    """A heading of the index and its sub-headings, each with the labels of its places."""

    heading: str
    places: list[str] = field(default_factory=list)
    subs: dict[str, list[str]] = field(default_factory=dict)

    def add(self, sub: str, place: str | None) -> None:
        if place is None:
            return
        shown = self.subs.setdefault(sub, [])
        if place not in shown:
            shown.append(place)


def sub_heading(title: str, names: frozenset[str] = frozenset()) -> str:
    """A title as a sub-heading of the index: its article dropped, its first word in lower case
    unless it is a name.

    >>> sub_heading("The fine for a card shown too soon")
    'fine for a card shown too soon'
    >>> sub_heading("A revoke by the soloist"), sub_heading("Misery: a call to lose", frozenset({"Misery"}))
    ('revoke by the soloist', 'Misery: a call to lose')
    """
    words = _ARTICLES.sub("", title.strip())
    first = words.split(" ", 1)[0].rstrip(":,")
    if first in names or (first[:1].isupper() and first[1:2].isupper()):
        return words
    return words[:1].lower() + words[1:]


def under(heading: str, sub: str) -> str:
    """A sub-heading as it stands under its heading: the heading's word dropped where it leads.

    >>> under("revoke", "revoke by the soloist"), under("call", "each call must exceed the last")
    ('by the soloist', 'each call must exceed the last')
    >>> under("Misery", "Misery, game by game"), under("deal", "dealer calls last")
    ('game by game', 'dealer calls last')
    """
    words = re.match(rf"(?:(?:the|a|an)\s+)?{re.escape(heading)}\b[,:]?\s*(?P<rest>.*)$", sub, re.IGNORECASE)
    if words is None or not words["rest"]:
        return sub
    return words["rest"]


#: What a sub-heading that the games are compared under ends with.
COMPARED = "game by game"
#: The sub-heading of a term's definition, first under its heading.
DEFINITION = "definition"


def sorting_key(words: str) -> str:
    """Where a heading or sub-heading is filed: by its words less a leading article, case and
    quotation marks apart.

    >>> sorted(["the pool", "Blücher", "a call"], key=sorting_key)
    ['Blücher', 'a call', 'the pool']
    """
    return _ARTICLES.sub("", words.strip("“\"'")).casefold()


def in_order(subs: dict[str, list[str]]) -> dict[str, list[str]]:
    """The sub-headings as an index files them: the definition first, then alphabetically, the
    cross-references ("see …") last."""

    def key(sub: str) -> tuple[int, str]:
        return (0 if sub == DEFINITION else 2 if sub.startswith("see ") else 1, sorting_key(sub))

    return {sub: subs[sub] for sub in sorted(subs, key=key)}


def place(
    objects: Mapping[tuple[str, str], tuple[str, str, str]], labels: Mapping[str, str], kind: str, name: str
) -> str | None:
    """The label of a ``nap`` target of the book, or None where the book does not print it."""
    found = objects.get((kind, name))
    if found is None:
        return None
    docname, anchor_id, _title = found
    return labels.get(label_name(docname, anchor_id))


def entries(
    register: Register,
    terms: list[dict[str, Any]],
    objects: Mapping[tuple[str, str], tuple[str, str, str]],
    term_places: Mapping[str, str | None],
    labels: Mapping[str, str],
) -> list[Entry]:
    """The index's entries, sorted as an index is read."""
    names = proper_names(register)
    found: dict[str, Entry] = {}

    def entry(title: str) -> Entry:
        heading = _ARTICLES.sub("", title.strip())  # "The Double Header" is looked up under D
        return found.setdefault(heading.lower(), Entry(heading))

    def add(item: Entry, sub: str, where: str | None) -> None:
        item.add(under(item.heading, sub), where)

    for term in terms:
        heading = str(term["term"])
        pattern = re.compile(term.get("match", r"\b" + re.escape(heading) + r"\b"), re.IGNORECASE)
        item = entry(heading)
        item.add(DEFINITION, term_places.get(heading.lower()))
        for rule in register.rules.values():
            if pattern.search(rule.title):
                add(item, sub_heading(rule.title, names), place(objects, labels, "rule", rule.id))
        for option in register.options.values():
            if pattern.search(option.title) or pattern.search(option.question):
                add(
                    item, f"{sub_heading(option.title, names)}, {COMPARED}", place(objects, labels, "option", option.id)
                )
        for also in term.get("also", []):
            entry(str(also)).subs.setdefault(f"see {heading}", [])
    for option in register.options.values():
        if not option.is_variant:
            continue
        item = entry(option.title)
        item.add(COMPARED, place(objects, labels, "option", option.id))
        for rule_id in option.rules:
            rule = register.rules[rule_id]
            add(item, sub_heading(rule.title, names), place(objects, labels, "rule", rule.id))
    for source in register.sources.values():
        item = entry(source.short)
        item.add(f"{source.title}, the text", place(objects, labels, "source", source.id))
        profile = next((p for p in register.profiles.values() if p.source == source.id), None)
        if profile is not None:
            item.add("quick rules of the game", labels.get(label_name(f"quick/{profile.id}", f"quick-{profile.id}")))
        for lacuna in source.lacunae:
            item.add(f"missing text, {lacuna.locator}", place(objects, labels, "lacuna", lacuna.id))
    kept = [e for e in found.values() if any(e.subs.values()) or e.places or e.subs]
    for item in kept:
        item.subs = in_order({sub: where for sub, where in item.subs.items() if where or sub.startswith("see ")})
    return sorted((e for e in kept if e.subs or e.places), key=lambda e: sorting_key(e.heading))


def glossary_terms(srcdir: Path) -> list[dict[str, Any]]:
    with open(srcdir / "glossary.toml", "rb") as handle:
        return list(tomllib.load(handle).get("term", []))


def index_text(env: Any, labels: Mapping[str, str]) -> str:
    """The index as Typst's markup, after the book's last chapter."""
    register = rulebook_data(env.config.napspec_certify_dir).register
    nap = env.domains["nap"]
    std = env.domains["std"]
    terms = glossary_terms(Path(env.srcdir))
    term_places = {
        name: labels.get(label_name(docname, anchor_id))
        for (kind, name), (docname, anchor_id) in std.objects.items()
        if kind == "term"
    }
    rows = []
    for item in entries(register, terms, nap.objects, term_places, labels):
        subs = ", ".join(
            f"({string(sub)}, ({''.join(f'label({string(p)}),' for p in where)}))" for sub, where in item.subs.items()
        )
        rows.append(f"({string(item.heading)}, ({subs},))")
    return '\n#group("")\n#set heading(numbering: none)\n#book-index((\n' + ",\n".join(rows) + ",\n))\n"


__all__ = ["Entry", "entries", "in_order", "index_text", "sorting_key", "sub_heading", "under"]
