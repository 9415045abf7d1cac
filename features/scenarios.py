"""The conformance scenarios as data: read from ``features/*.feature`` with gherkin-official.

The scenarios carry their metadata in tags and description lines:

- ``@rule:<rule id>`` (one or more) — the rules a scenario tests;
- ``@id:<scenario id>`` — its stable id;
- ``@needs:<option id>`` — an option it depends on beyond its rules' variation points;
- each description line ``<Source> <locator>: "<words>"`` quotes the register;
- an outline's Examples have a ``profile`` and a ``source`` column, one row per profile.

>>> scenarios = load_scenarios()
>>> len({s.id for s in scenarios}) == len(scenarios)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

FEATURES = Path(__file__).resolve().parent
_QUOTE = re.compile(r'^(?P<short>[A-Z][a-z]+) (?P<locator>.+?): "(?P<words>.+)"$')


@dataclass(frozen=True)
class Quote:
    """A description line: a source's words, by its short name and locator."""

    short: str
    locator: str
    words: str
    line: int


@dataclass(frozen=True)
class Scenario:
    """One scenario or outline of a feature file."""

    id: str
    name: str
    file: str
    line: int
    chapter: str
    rules: tuple[str, ...]
    needs: tuple[str, ...]
    tags: tuple[str, ...]
    quotes: tuple[Quote, ...]
    description: str
    steps: tuple[tuple[str, str], ...]
    examples_header: tuple[str, ...] = ()
    examples: tuple[dict[str, str], ...] = field(default=())
    unparsed_description: tuple[str, ...] = ()

    @property
    def outline(self) -> bool:
        return bool(self.examples)


def _tag_values(tags: Any, name: str) -> list[str]:
    prefix = f"@{name}:"
    return [str(t["name"])[len(prefix) :] for t in tags if str(t["name"]).startswith(prefix)]


def parse_feature(path: Path) -> list[Scenario]:
    """The scenarios of one feature file."""
    # gherkin-official's TypedDicts are walked generically here: the shape is its AST's.
    document: Any = Parser().parse(TokenScanner(path.read_text(encoding="utf-8")))
    feature = document["feature"]
    chapters = _tag_values(feature["tags"], "chapter")
    scenarios = []
    for child in feature["children"]:
        raw = child.get("scenario")
        if raw is None:
            continue
        description = raw.get("description") or ""
        quotes, unparsed = [], []
        first_line = raw["location"]["line"] + 1
        for offset, text in enumerate(description.splitlines()):
            text = text.strip()
            if not text:
                continue
            match = _QUOTE.match(text)
            if match:
                quotes.append(Quote(line=first_line + offset, **match.groupdict()))
            else:
                unparsed.append(text)
        header: tuple[str, ...] = ()
        rows: list[dict[str, str]] = []
        for examples in raw.get("examples", []):
            header = tuple(cell["value"] for cell in examples["tableHeader"]["cells"])
            for row in examples["tableBody"]:
                rows.append(dict(zip(header, (cell["value"] for cell in row["cells"]))))
        ids = _tag_values(raw["tags"], "id")
        scenarios.append(
            Scenario(
                id=ids[0] if ids else "",
                name=raw["name"],
                file=path.name,
                line=raw["location"]["line"],
                chapter=chapters[0] if chapters else "",
                rules=tuple(_tag_values(raw["tags"], "rule")),
                needs=tuple(_tag_values(raw["tags"], "needs")),
                tags=tuple(str(t["name"]) for t in raw["tags"]),
                quotes=tuple(quotes),
                description=description,
                steps=tuple((step["keyword"].strip(), step["text"]) for step in raw["steps"]),
                examples_header=header,
                examples=tuple(rows),
                unparsed_description=tuple(unparsed),
            )
        )
    return scenarios


@cache
def load_scenarios(folder: Path = FEATURES) -> tuple[Scenario, ...]:
    """Every scenario of the suite, file by file in order."""
    return tuple(s for path in sorted(folder.glob("*.feature")) for s in parse_feature(path))
