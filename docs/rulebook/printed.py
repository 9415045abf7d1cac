"""What the book prints of a rule's scenarios: one line, saying in words how many test the rule
and under which games (and variants) they are written; the scenarios told step by step, with
each engine's results, are the site's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from docutils import nodes

from napspec.spec.register import Register
from napspec.suite.scenarios import Scenario
from napspec.suite.vocabulary import join

from .render import NodeLike, para, xref
from .text import variant_name

#: A step naming the profile or a variant a scenario is written for.
_PROFILE_STEP = re.compile(r'the profile "([^"]+)"')
_VARIANT_STEP = re.compile(r'the variant "([^"]+)"')


def _named(scenario: Scenario, pattern: re.Pattern[str], column: str) -> list[str]:
    """The names a scenario's steps give by ``pattern``; a placeholder (``<profile>``) is read
    from its Examples' ``column``, row by row."""
    names: list[str] = []
    for step in scenario.steps:
        for written in pattern.findall(step.text):
            if written.startswith("<") and written.endswith(">"):
                names += [row[written[1:-1]] for row in scenario.examples if row.get(written[1:-1])]
            else:
                names.append(written)
    if not names and column in scenario.examples_header:
        names = [row[column] for row in scenario.examples if row.get(column)]
    return list(dict.fromkeys(names))


def written_for(scenario: Scenario) -> tuple[list[str], list[str]]:
    """The profiles and the variants a scenario is written for, as its steps name them.

    >>> from napspec.suite.scenarios import load_scenarios
    >>> outline = next(s for s in load_scenarios() if s.examples and "profile" in s.examples_header)
    >>> profiles, _variants = written_for(outline)
    >>> profiles == list(dict.fromkeys(row["profile"] for row in outline.examples))
    True
    """
    return _named(scenario, _PROFILE_STEP, "profile"), _named(scenario, _VARIANT_STEP, "variant")


#: Numbers a reader reads in words.
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def in_words(number: int) -> str:
    """A count as a book writes it: in words up to twelve, in figures beyond.

    >>> in_words(1), in_words(12), in_words(40)
    ('one', 'twelve', '40')
    """
    return NUMBER_WORDS[number] if 0 <= number < len(NUMBER_WORDS) else f"{number:,}"


def scenarios_line(register: Register, scenarios: Sequence[Scenario]) -> list[NodeLike]:
    """The words of the line: "Tested by three scenarios (six cases), written for <profile> and
    <profile>, with Misery."."""
    count = len(scenarios)
    cases = sum(max(1, len(s.examples)) for s in scenarios)
    profiles: list[str] = []
    variants: list[str] = []
    for scenario in scenarios:
        named_profiles, named_variants = written_for(scenario)
        profiles += [p for p in named_profiles if p in register.profiles and p not in profiles]
        variants += [v for v in named_variants if v not in variants]
    words: list[NodeLike] = [
        f"Tested by {in_words(count)} scenario{'s' if count != 1 else ''}",
        f" ({in_words(cases)} case{'s' if cases != 1 else ''})" if cases != count else "",
    ]
    if profiles:
        words += [
            ", written for ",
            *join([xref("profile", p, register.profiles[p].title) for p in profiles], ", ", " and "),
        ]
    if variants:
        words += [", with ", *join([variant_name(register, v) for v in variants], ", ", " and ")]
    words.append(".")
    return words


def scenarios_paragraph(register: Register, scenarios: Sequence[Scenario]) -> list[nodes.paragraph]:
    """The line as a paragraph of its own."""
    return [para(*scenarios_line(register, scenarios), classes=["nap-scenarios-count"])]


#: The fields of a transcription's header the book prints (the others name files and ids).
PRINTED_HEADER_FIELDS = frozenset({"title", "provenance", "changes", "missing", "license", "licence", "source"})
#: Lines of a copy that are its web page's furniture, not the work's text: a page's "Last
#: updated", the file name of a picture, a rule of plus and equals signs framing a header.
_FURNITURE = re.compile(r"^\s*(Last updated|\S+\.(?:jpe?g|png|svg|gif)|\+?[=+-]{8,}\+?)\s*$", re.IGNORECASE)
#: A numbered reference's back-links, copied as digits before its text: "1. 1 2 Parlett (1990)".
_BACKLINKS = re.compile(r"^(\s*\d+\.)\s+(?:\d+\s+)+(?=\D)", re.MULTILINE)


def cleaned_for_print(text: str) -> str:
    r"""A copy's text as the book prints it: the web page's furniture left out and the debris of
    its references' back-links taken off (the register's transcription keeps them verbatim).

    >>> print(cleaned_for_print("+=========+\nNapoleon\nLast updated\nEuchre.jpg\nOrigin England\n+=========+"))
    Napoleon
    Origin England
    >>> cleaned_for_print("  1. 1 2 Parlett (1990), pp. 194–195\n  8. 1 2 3 Hoffmann (1891)\n  3. Arnold (1995)")
    '  1. Parlett (1990), pp. 194–195\n  8. Hoffmann (1891)\n  3. Arnold (1995)'
    """
    kept = [line for line in text.split("\n") if not _FURNITURE.match(line)]
    return _BACKLINKS.sub(r"\1 ", "\n".join(kept))


__all__ = [
    "PRINTED_HEADER_FIELDS",
    "cleaned_for_print",
    "in_words",
    "scenarios_line",
    "scenarios_paragraph",
    "written_for",
]
