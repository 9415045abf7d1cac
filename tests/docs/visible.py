"""What a reader sees of a built page, and the raw markup that must not be part of it.

:func:`visible_text` is the text of an HTML page as a browser shows it (the standard library's
parser; scripts, styles and the document head left out but for its title). :func:`raw_markup`
finds in such text what is markup rather than words: backticks, ``_underscored_`` emphasis,
double-hyphen dashes and Python's ``True``/``False``.

>>> for kind, markup in raw_markup("Under `pack` = `full` the _see_ text--so True"):
...     print(kind, markup)
backtick `
backtick `
backtick `
backtick `
underscores _see_
double hyphen t--
Python boolean True
>>> raw_markup("python_napspec_nap, true — no; well-known, 3 - 2")
[]
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

#: Elements of code: a command's ``--profile`` is what it should be there.
CODE = frozenset({"code", "pre", "kbd", "samp", "tt"})
#: Blocks of code: a Python example's ``False`` is what it should be there (a value shown inline
#: as ``True`` is not).
CODE_BLOCKS = frozenset({"pre"})
#: Elements whose content is not shown.
HIDDEN = {"script", "style", "template", "noscript", "head"}
#: Within a hidden element, what is shown all the same (the head's title, in the tab).
SHOWN_IN_HIDDEN = {"title"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

#: What is markup rather than words, and the elements that may show it all the same.
MARKUP: tuple[tuple[str, re.Pattern[str], frozenset[str]], ...] = (
    ("backtick", re.compile(r"`"), frozenset()),
    ("underscores", re.compile(r"(?<![\w])_[^\s_](?:[^_]*?[^\s_])?_(?![\w])"), frozenset()),
    ("double hyphen", re.compile(r"(?:\w|\s)--(?=\w|\s)"), CODE),
    ("Python boolean", re.compile(r"\b(?:True|False)\b"), CODE_BLOCKS),
)


class _Visible(HTMLParser):
    def __init__(self, skip: frozenset[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.skip = skip
        self.stack: list[str] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.stack.append(tag)
        if tag in ("br", "p", "div", "li", "td", "th", "tr", "h1", "h2", "h3", "h4", "dt", "dd", "pre"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass
        self.parts.append("\n" if tag in ("p", "div", "li", "td", "th", "tr", "pre") else "")

    def handle_data(self, data: str) -> None:
        hidden = [t for t in self.stack if t in HIDDEN]
        if hidden and not (self.stack and self.stack[-1] in SHOWN_IN_HIDDEN):
            return
        if any(t in self.skip for t in self.stack):
            self.parts.append(" ")
            return
        self.parts.append(data)


def visible_text(html: str, skip: frozenset[str] = frozenset()) -> str:
    """The text a browser shows of a page, one line per block, spaces normalised in a line;
    what the elements named in ``skip`` show is left out.

    >>> page = ("<html><head><title>T</title><style>p {}</style></head>"
    ...         "<body><p>a <em>b</em></p><script>x = `y`</script><p>c <code>--d</code></p></body></html>")
    >>> visible_text(page).split("\\n")
    ['T', 'a b', 'c --d']
    >>> visible_text(page, skip=CODE).split("\\n")
    ['T', 'a b', 'c']
    """
    parser = _Visible(skip)
    parser.feed(html)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).split("\n"))
    return "\n".join(line for line in lines if line)


def raw_markup(text: str) -> list[tuple[str, str]]:
    """Each piece of raw markup in a visible text (of prose, not code): (what it is, the
    characters), in order of kind."""
    return [(kind, match.group().strip()) for kind, pattern, _skip in MARKUP for match in pattern.finditer(text)]


def page_findings(path: Path, root: Path) -> list[str]:
    """The raw markup of one page, each with its page and the words around it."""
    html = path.read_text(encoding="utf-8")
    out = []
    for kind, pattern, skip in MARKUP:
        text = visible_text(html, skip)
        for match in pattern.finditer(text):
            start, end = max(0, match.start() - 50), min(len(text), match.end() + 50)
            excerpt = text[start:end].replace("\n", " ⏎ ")
            out.append(f"{path.relative_to(root)}: {kind}: …{excerpt}…")
    return out
