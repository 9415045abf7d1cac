"""What the book prints of a rule's scenarios: one line, saying how many test the rule and
under which profiles (and variants) they are written, in place of the scenarios told step by
step, which stay on the site with each engine's results.
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


def scenarios_line(register: Register, scenarios: Sequence[Scenario]) -> list[NodeLike]:
    """The words of the line: "Tested by 3 scenarios (6 cases), written for <profile> and
    <profile>, with Misery; told in full, with each engine's results, in the web editions."."""
    count = len(scenarios)
    cases = sum(max(1, len(s.examples)) for s in scenarios)
    profiles: list[str] = []
    variants: list[str] = []
    for scenario in scenarios:
        named_profiles, named_variants = written_for(scenario)
        profiles += [p for p in named_profiles if p in register.profiles and p not in profiles]
        variants += [v for v in named_variants if v not in variants]
    words: list[NodeLike] = [
        f"Tested by {count} scenario{'s' if count != 1 else ''}",
        f" ({cases} case{'s' if cases != 1 else ''})" if cases != count else "",
    ]
    if profiles:
        words += [
            ", written for ",
            *join([xref("profile", p, register.profiles[p].title) for p in profiles], ", ", " and "),
        ]
    if variants:
        words += [", with ", *join([variant_name(register, v) for v in variants], ", ", " and ")]
    words.append("; told in full, with each engine's results, in the web editions.")
    return words


def scenarios_paragraph(register: Register, scenarios: Sequence[Scenario]) -> list[nodes.paragraph]:
    """The line as a paragraph of its own."""
    return [para(*scenarios_line(register, scenarios), classes=["nap-scenarios-count"])]


__all__ = ["scenarios_line", "scenarios_paragraph", "written_for"]
