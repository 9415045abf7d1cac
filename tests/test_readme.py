"""The README a newcomer finishes: short, its two commands on the first screen, and every number
and version in its prose checked against the project that the commands build.

Each number the README states is matched by one of :data:`FACTS`, which reads its value from the
register, the suite, the protocol or the packaging; a number no fact accounts for fails the test,
so that a number added to the README must be given a check (or left to docs/developers.md,
where the measured times are)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path

from napspec.docs.rulebook.editions import BOOK_PAGES_AT_MOST
from napspec.protocol.versioning import PROTOCOL
from napspec.spec import load
from napspec.spec.register import Register
from napspec.spec.terminal import ExitStatus
from napspec.suite.scenarios import load_scenarios
from napspec.suite.targets import every_target

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
#: A newcomer reads it to the end: about a hundred and twenty lines at most.
MOST_LINES = 120
#: The lines a first screen shows.
FIRST_SCREEN = 40


def prose(text: str) -> str:
    """The README without its code blocks and inline code (commands and paths are not facts),
    on one line."""
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"`[^`]*`", " ", text)
    return " ".join(text.split())


@cache
def register() -> Register:
    return load()


def source_year(source: str) -> str:
    years = re.findall(r"\b1[89]\d\d\b", register().sources[source].published)
    return str(years[0])


def licence_version(source: str, licence: str) -> tuple[str, ...]:
    """The version of the Creative Commons licence the register gives ``source``'s text."""
    found = re.match(re.escape(licence) + r" (\d)\.(\d)", register().sources[source].licence)
    assert found, f"{source}'s licence is not {licence}: {register().sources[source].licence}"
    return found.groups()


def python_floor() -> str:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return str(project["requires-python"]).removeprefix(">=")


#: Each stated fact: a pattern of the README's prose whose groups are numbers, and the values
#: those numbers must have, read from the project.
FACTS: list[tuple[str, Callable[[], tuple[object, ...]]]] = [
    (r"Round Games with Cards\* \((\d+)\)", lambda: (source_year("peel"),)),
    (r"Hoyle's Games Modernized\* \(Hoffmann, (\d+)\)", lambda: (source_year("hoyle"),)),
    (
        r"Encyclopaedia Britannica\*, (\d+)th ed\., vol\. (\d+) p\. (\d+) \((\d+)\)",
        lambda: (
            *re.findall(r"(\d+)th ed\., vol\. (\d+)", register().sources["britannica"].reference)[0],
            register().sources["britannica"].pages,
            source_year("britannica"),
        ),
    ),
    (r"states their (\d+) rules", lambda: (len(register().rules),)),
    (r"records the (\d+) points where they part company", lambda: (len(register().options),)),
    (r"with (\d+) scenarios", lambda: (len(load_scenarios()),)),
    (r"\(3\.(\d+) or later\)", lambda: (python_floor().split(".")[1],)),
    (
        r"every profile and variant \((\d+) targets",
        lambda: (len(every_target()),),
    ),
    (r"at most (\d+) pages", lambda: (BOOK_PAGES_AT_MOST,)),
    (r"the napspec/1\.(\d+) JSON-lines protocol", lambda: (PROTOCOL.removeprefix("napspec/1."),)),
    (
        r"Exit status (\d+) is certified, (\d+) not certified",
        lambda: (int(ExitStatus.CERTIFIED), int(ExitStatus.NOT_CERTIFIED)),
    ),
    (r"Britannica transcription is CC BY (\d)\.(\d)", lambda: licence_version("britannica", "CC BY")),
    (r"Wikipedia text is CC BY-SA (\d)\.(\d)", lambda: licence_version("wikipedia", "CC BY-SA")),
]


def test_the_readme_is_short_and_its_two_commands_come_first() -> None:
    lines = README.splitlines()
    assert len(lines) <= MOST_LINES, f"the README has {len(lines)} lines (at most {MOST_LINES})"
    first_screen = "\n".join(lines[:FIRST_SCREEN])
    assert "&& .venv/bin/napspec build" in first_screen, "the main job's command is not on the first screen"
    assert "&& .venv/bin/pytest" in first_screen, "the tests' command is not on the first screen"


def test_every_number_the_readme_states_is_checked_against_the_project() -> None:
    text = prose(README)
    checked: list[tuple[int, int]] = []
    for pattern, values in FACTS:
        found = re.search(pattern, text)
        assert found, f"the README no longer says {pattern!r}: drop the fact or restore the sentence"
        assert [str(v) for v in values()] == list(found.groups()), f"{found.group(0)!r}: the project has {values()}"
        checked.append(found.span())
    loose = [
        number.group(0)
        for number in re.finditer(r"\d+", text)
        if not any(start <= number.start() < end for start, end in checked)
    ]
    assert not loose, f"numbers in the README that no fact checks: {loose} (add a fact to FACTS)"
