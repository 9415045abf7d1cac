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
>>> raw_markup("The rules are those of the profile <profile>.")
[('placeholder', '<profile>')]
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
    ("placeholder", re.compile(r"<[a-z][a-z0-9 -]*>"), CODE),
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
    texts: dict[frozenset[str], str] = {}  # a page is read once for each set of elements skipped
    for kind, pattern, skip in MARKUP:
        text = texts.get(skip) or texts.setdefault(skip, visible_text(html, skip))
        for match in pattern.finditer(text):
            start, end = max(0, match.start() - 50), min(len(text), match.end() + 50)
            excerpt = text[start:end].replace("\n", " ⏎ ")
            out.append(f"{path.relative_to(root)}: {kind}: …{excerpt}…")
    return out


# ------------------------------------------------------------------ titles inside sentences

#: The links that show a rule's or a variation point's title in prose.
TITLE_CLASSES = frozenset({"nap-rule-name", "nap-option-name"})
#: Words that do not make an echo: articles, prepositions and the like.
SMALL_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "as",
        "by",
        "to",
        "for",
        "and",
        "or",
        "is",
        "are",
        "be",
        "it",
        "its",
        "his",
        "her",
        "their",
        "with",
        "from",
        "that",
        "this",
        "what",
        "who",
        "how",
        "when",
        "where",
        "which",
        "each",
        "every",
        "all",
        "any",
        "no",
        "not",
        "one",
        "rule",
    ]
)
#: After these a title stands as a title: a condition ("where the pack is…") or a reference.
TITLE_SLOTS = ("where", "if", "whether", "see", "unless")
CITED = "the rule “"


class _Blocks(HTMLParser):
    """Each block of prose (a paragraph, list item or cell) as pieces: (text, is a title)."""

    BLOCKS = frozenset({"p", "li", "td", "th", "dt", "dd", "h1", "h2", "h3", "h4"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.blocks: list[list[tuple[str, bool]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        if tag in self.BLOCKS:
            self.blocks.append([])
        classes = set((dict(attrs).get("class") or "").split())
        self.stack.append((tag, bool(classes & TITLE_CLASSES)))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.blocks or any(tag in HIDDEN or tag in CODE for tag, _ in self.stack):
            return
        title = any(is_title for _, is_title in self.stack)
        block = self.blocks[-1]
        if block and block[-1][1] == title and title:
            block[-1] = (block[-1][0] + data, True)
        else:
            block.append((data, title))


def _is_name(title: str) -> bool:
    words = [word.strip("()“”\"',:;.") for word in title.split()]
    return all(word[:1].isupper() for word in words if word)


def _content(words: list[str]) -> list[str]:
    return [w for w in (word.strip("()“”\"',:;.").lower() for word in words) if w and w not in SMALL_WORDS]


def title_problem(before: str, title: str, after: str) -> str | None:
    """What is wrong with a title shown after ``before`` and before ``after``, if anything: a
    title is a short sentence or a heading, not a part of another sentence, so it stands in
    parentheses, after "where", "if" or "see", or cited ("the rule “…”"), a name ("Peep Nap")
    but as the subject of "says"; and the words before it do not echo its own.

    >>> title_problem("Cards rank as in the rule “", "The cards rank as at whist, ace high", "”.")
    'echo'
    >>> title_problem("it is disposed of as ", "a pool left when play ends", " says.")
    'a part of the sentence'
    >>> title_problem("Blücher is paid as ", "Blücher", " says.")
    'a part of the sentence'
    >>> title_problem("is a revoke (", "what a revoke is", ").")
    >>> title_problem("it is disposed of as the rule “", "A pool left when play ends", "” says.")
    >>> title_problem("Where ", "Peep Nap", " is played")
    """
    sentence = re.split(r"(?<=[.!?:;])\s+", " ".join(before.split()))[-1]
    cited = sentence.endswith(CITED)
    plain = sentence[: -len(CITED)] if cited else sentence
    if before.count("(") > before.count(")"):
        return None  # a citation in parentheses names the rule the words before it state
    echoed = set(_content(plain.split()[-4:])) & set(_content(title.split()[:5]))
    if len(echoed) >= 2:
        return "echo"
    if cited:
        return None
    words = sentence.lower().split()
    if words and words[-1] in TITLE_SLOTS:
        return None
    if _is_name(title) and not re.match(r"\s*(says|gives|names|decides)\b", after):
        return None
    return "a part of the sentence"


def title_findings(path: Path, root: Path) -> list[str]:
    """Every title of a rule or a variation point that one page shows inside a sentence as if
    it were a part of it, or echoing the words before it, with the words around it."""
    parser = _Blocks()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    out = []
    for block in parser.blocks:
        for index, (text, is_title) in enumerate(block):
            if not is_title:
                continue
            before = "".join(piece for piece, _ in block[:index])
            after = "".join(piece for piece, _ in block[index + 1 :])
            problem = title_problem(before, " ".join(text.split()), after)
            if problem:
                shown = " ".join(f"{before[-60:]}[{text}]{after[:30]}".split())
                out.append(f"{path.relative_to(root)}: {problem}: …{shown}…")
    return out
