"""A small DOM of an HTML page (standard library only), enough to check the rulebook's pages."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    parent: Element | None = None
    children: list[Element | str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.attrs.get("id", "")

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def text(self) -> str:
        """The text content, whitespace normalised."""
        parts: list[str] = []

        def walk(node: Element) -> None:
            for child in node.children:
                if isinstance(child, str):
                    parts.append(child)
                else:
                    walk(child)

        walk(self)
        return " ".join("".join(parts).split())

    def iter(self) -> Iterator[Element]:
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None) -> list[Element]:
        return [e for e in self.iter() if (tag is None or e.tag == tag) and (cls is None or cls in e.classes)]

    def find(self, tag: str | None = None, cls: str | None = None) -> Element | None:
        found = self.find_all(tag, cls)
        return found[0] if found else None

    def ancestors(self) -> Iterator[Element]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def rows(self) -> list[Element]:
        """The body rows of a table."""
        body = self.find("tbody")
        return list((body or self).find_all("tr"))

    def cells(self) -> list[Element]:
        return [c for c in self.children if isinstance(c, Element) and c.tag in ("td", "th")]

    def links(self) -> list[str]:
        return [a.attrs.get("href", "") for a in self.find_all("a")]


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.current = self.root
        self.ids: dict[str, Element] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs}, parent=self.current)
        self.current.children.append(element)
        if element.id:
            self.ids.setdefault(element.id, element)
        if tag not in VOID:
            self.current = element

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.current = self.current.parent or self.root

    def handle_endtag(self, tag: str) -> None:
        node: Element | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


@dataclass
class Page:
    root: Element
    ids: dict[str, Element]

    def by_id(self, element_id: str) -> Element:
        try:
            return self.ids[element_id]
        except KeyError:
            raise AssertionError(f"no element with id {element_id!r}") from None


def parse(path: Path) -> Page:
    builder = _Builder()
    builder.feed(path.read_text(encoding="utf-8"))
    builder.close()
    return Page(builder.root, builder.ids)


def parse_text(html: str) -> str:
    """The text of an HTML document, whitespace normalised."""
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root.text()
