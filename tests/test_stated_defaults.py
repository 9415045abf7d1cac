"""Every default the documents state is the default the commands have.

Each sentence (or table row, or list item) of the guide, the README files and the rulebook's
pages that says "default" either names a command-line option (``--case-timeout``) and gives
the value that option's ``--help`` shows, or is one of the few defaults that belong to no
option, listed here with the reason. A new sentence about a default is thus checked or
refused, never left to drift from the code."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from napspec.conformance import certify, harness
from napspec.docs.commands import main
from napspec.lab.cli import main as lab_main
from napspec.reference.cli import main as reference_main

REPO = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted(
    [REPO / "README.md", *REPO.glob("*/README.md"), *(REPO / "docs").rglob("*.md")],
)

#: Defaults stated without an option, each with why it is none of a command's.
NOT_AN_OPTION = {
    "run a sample by default": "the size of a test's sample (an environment variable sets it)",
    "0644 by default": "the mode a new file takes under the usual umask, no option's",
    "a fixed sample by default": "the share of a campaign's rows that the default test run takes",
    "the reference engine by default": "fuzz's oracle (--oracle), a name, not a value --help shows",
    "default: every profile": "a key of a rule's file in the register",
}

DEFAULT = re.compile(r"\bdefaults?\b", re.IGNORECASE)
VALUE = re.compile(r"\bdefault(?:s to| is)?:?\s+`?(-?[0-9][0-9.]*|[a-z][\w./-]*)`?", re.IGNORECASE)
WORD = re.compile(r"[\w.-]+")
FLAG = re.compile(r"`(--[a-z][a-z0-9-]*)")


def units(text: str) -> Iterator[tuple[int, str]]:
    """The sentences, list items and table rows of a Markdown text, each with its first
    line's number; fenced code is left out."""
    lines = text.splitlines()
    fenced = False
    current: list[str] = []
    start = 0
    for number, line in enumerate(lines, start=1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        stripped = line.strip()
        if fenced:
            continue
        if not stripped or stripped.startswith(("|", "- ", "* ", "#")):
            if current:
                yield from _sentences(start, " ".join(current))
            current = []
            if stripped.startswith(("|", "#")):
                yield number, stripped
                continue
        if stripped:
            if not current:
                start = number
            current.append(stripped)
    if current:
        yield from _sentences(start, " ".join(current))


def _sentences(start: int, text: str) -> Iterator[tuple[int, str]]:
    for sentence in re.split(r"(?<=[.;])\s+(?=[A-Z`(*])", text):
        yield start, sentence


def option_defaults() -> dict[str, set[object]]:
    """Every option of every command (``napspec``, ``napspec-reference``, ``napspec-lab``) → the defaults
    it has across the commands that take it."""
    found: dict[str, set[object]] = {}

    def walk(command: click.Command) -> None:
        for parameter in command.params:
            if isinstance(parameter, click.Option) and parameter.default is not None:
                for name in parameter.opts:
                    found.setdefault(name, set()).add(parameter.default)
        if isinstance(command, click.Group):
            for sub in command.commands.values():
                walk(sub)

    walk(main)
    walk(reference_main)
    walk(lab_main)
    return found


def same(stated: str, default: object) -> bool:
    if isinstance(default, bool):
        return stated.lower() == str(default).lower()
    if isinstance(default, (int, float)):
        try:
            return float(stated) == float(default)
        except ValueError:
            return False
    return stated == str(default)


def stated_defaults() -> Iterator[tuple[str, str]]:
    for path in DOCUMENTS:
        for line, unit in units(path.read_text(encoding="utf-8")):
            if DEFAULT.search(unit):
                yield f"{path.relative_to(REPO)}:{line}", unit


def test_the_documents_state_some_defaults() -> None:
    assert len(list(stated_defaults())) >= 3


def problem(unit: str) -> str | None:
    """What is wrong with what ``unit`` says of a default, if anything."""
    for words in NOT_AN_OPTION:
        unit = unit.replace(words, "")
    if not DEFAULT.search(unit):
        return None
    flags = FLAG.findall(unit)
    if not flags:
        return "a default stated without its option (name the `--option`, or list it in NOT_AN_OPTION)"
    value = VALUE.search(unit)
    if not value:
        return "says 'default' but gives no value after it"
    defaults = option_defaults()
    for flag in flags:
        if flag not in defaults:
            return f"{flag} is no option of a command with a default"
        if len(defaults[flag]) > 1:
            # An option whose default differs between commands: the sentence gives each.
            missing = [d for d in defaults[flag] if not any(same(w, d) for w in WORD.findall(unit))]
            if missing:
                return f"{flag} defaults to {', '.join(map(str, defaults[flag]))} by command; not stated: {missing}"
            continue
        if not all(same(value.group(1), d) for d in defaults[flag]):
            have = ", ".join(map(str, defaults[flag]))
            return f"{flag} is stated to default to {value.group(1)}, the commands' is {have}"
    return None


@pytest.mark.parametrize(("where", "unit"), list(stated_defaults()))
def test_a_stated_default_is_the_commands(where: str, unit: str) -> None:
    assert problem(unit) is None, f"{where}: {problem(unit)}: {unit}"


def test_the_python_api_has_the_commands_defaults() -> None:
    defaults = option_defaults()
    assert defaults["--max-restarts"] == {harness.MAX_RESTARTS}
    assert defaults["--case-timeout"] == {harness.CASE_TIMEOUT}
    functions = (harness.ProtocolEngine.__init__, harness.open_engine, certify.run_certification)
    for function in functions:
        parameters = inspect.signature(function).parameters
        if "max_restarts" in parameters:
            assert parameters["max_restarts"].default == harness.MAX_RESTARTS, function
        timeout = parameters.get("timeout") or parameters.get("case_timeout")
        if timeout is not None:
            assert timeout.default == harness.CASE_TIMEOUT, function


def test_the_guides_old_sentences_are_refused() -> None:
    # before: the restart limit said to be 3 "in the harness", no option named; and 3 for the option
    assert problem("at most `max_restarts` times in a run (default 3 in the harness)") is not None
    assert "default to 3" in (problem("at most `max_restarts` times (`--max-restarts`, default 3)") or "")
    assert problem("at most `max_restarts` times (`--max-restarts`, default 5)") is None
