"""The conformance scenarios as data: read from ``features/*.feature`` with gherkin-official.

This is the one reader of the feature files: the suite's runner, ``napspec dump-cases`` and the
rulebook all take the scenarios from here, each step with its data table.

The scenarios carry their metadata in tags and description lines:

- ``@rule:<rule id>`` (one or more) — the rules a scenario tests;
- ``@id:<scenario id>`` — its stable id;
- ``@needs:<option id>`` — an option it depends on beyond its rules' variation points;
- each description line ``<Source> <locator>: "<words>"`` quotes the register;
- an outline's Examples have a ``profile`` and a ``source`` column, one row per profile.

>>> scenarios = load_scenarios()
>>> len({s.id for s in scenarios}) == len(scenarios)
True
>>> step = next(s for s in scenarios if s.steps[2].table).steps[2]
>>> step.keyword, step.text, step.table[0]
('Given', 'the hands:', ('seat', 'cards'))
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

from napspec.spec.export import content_hash

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
class Step:
    """One step: its keyword (``Given``, ``When`` or ``Then``; an ``And`` or ``But`` step takes
    its predecessor's), its text and its data table (rows of cells, header first) if any."""

    keyword: str
    text: str
    table: tuple[tuple[str, ...], ...] = ()
    line: int = 0

    def rendered(self, row: dict[str, str]) -> Step:
        """The step with an Examples row's values put for its ``<column>`` placeholders.

        >>> Step("Given", 'the profile "<profile>"').rendered({"profile": "peel"}).text
        'the profile "peel"'
        """
        return Step(
            keyword=self.keyword,
            text=_fill(self.text, row),
            table=tuple(tuple(_fill(cell, row) for cell in cells) for cells in self.table),
            line=self.line,
        )


def _fill(text: str, row: dict[str, str]) -> str:
    for column, value in row.items():
        text = text.replace(f"<{column}>", value)
    return text


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
    steps: tuple[Step, ...]
    examples_header: tuple[str, ...] = ()
    examples: tuple[dict[str, str], ...] = field(default=())
    unparsed_description: tuple[str, ...] = ()

    @property
    def outline(self) -> bool:
        return bool(self.examples)


def _tag_values(tags: Any, name: str) -> list[str]:
    prefix = f"@{name}:"
    return [str(t["name"])[len(prefix) :] for t in tags if str(t["name"]).startswith(prefix)]


_KEYWORDS = {"Context": "Given", "Action": "When", "Outcome": "Then"}


def _steps(raw_steps: Any) -> tuple[Step, ...]:
    steps, keyword = [], "Given"
    for step in raw_steps:
        keyword = _KEYWORDS.get(step.get("keywordType", ""), keyword)
        table: tuple[tuple[str, ...], ...] = ()
        if step.get("dataTable"):
            table = tuple(tuple(cell["value"] for cell in row["cells"]) for row in step["dataTable"]["rows"])
        steps.append(Step(keyword=keyword, text=step["text"], table=table, line=step["location"]["line"]))
    return tuple(steps)


@lru_cache(maxsize=64)  # the suite's files, and a few more read in tests
def gherkin_document(text: str) -> Any:
    """gherkin-official's document of a feature file's text, parsed once per process and
    shared (read-only) by every reader of the suite: this module and pytest-bdd
    (:mod:`napspec.suite.steps` hands it the same document). A certification would
    otherwise parse every file twice, about a tenth of a narrow run's time.

    >>> gherkin_document("Feature: F") is gherkin_document("Feature: F")
    True
    """
    # gherkin-official's TypedDicts are walked generically here: the shape is its AST's.
    return Parser().parse(TokenScanner(text))


def parse_feature(path: Path) -> list[Scenario]:
    """The scenarios of one feature file."""
    document: Any = gherkin_document(path.read_text(encoding="utf-8"))
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
        for offset, raw_line in enumerate(description.splitlines()):
            text = raw_line.strip()
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
                steps=_steps(raw["steps"]),
                examples_header=header,
                examples=tuple(rows),
                unparsed_description=tuple(unparsed),
            )
        )
    return scenarios


@cache
def load_scenarios(folder: Path = FEATURES) -> tuple[Scenario, ...]:
    """Every scenario of the suite, file by file in order."""
    return tuple(s for path in feature_files(folder) for s in parse_feature(path))


def feature_files(folder: Path = FEATURES) -> list[Path]:
    """The feature files of the suite, in order."""
    return sorted(folder.glob("*.feature"))


def suite_hash(folder: Path = FEATURES) -> str:
    """SHA-256 of the register and the scenarios: what a certification report, or a dump of the
    cases, was made from."""
    digest = hashlib.sha256(content_hash().encode())
    for path in feature_files(folder):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()
