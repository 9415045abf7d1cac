"""Reading the register's TOML files: a file parsed, or a :class:`~napspec.spec.errors.RegisterError`
naming it and the line; a required key, or an error naming what lacks it; citations and a
profile's choices built from their tables; and, for error messages, the line a pattern is on
and the valid name nearest a misspelt one.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from napspec.spec.entries import Citation, ProfileChoice
from napspec.spec.errors import RegisterError


def nearest(name: str, choices: Iterable[str]) -> str | None:
    """The valid name closest to a misspelt one.

    >>> nearest("nap-stake", ["nap-stakes", "revoke"])
    'nap-stakes'
    """
    found = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.4)
    return found[0] if found else None


def line_of(text: str, pattern: str, start: int = 0) -> int | None:
    """The 1-based number of the first line at or after ``start`` matching ``pattern``."""
    regex = re.compile(pattern)
    for number, line in enumerate(text.split("\n")[start:], start=start + 1):
        if regex.search(line):
            return number
    return None


def read_citations(items: list[dict[str, Any]]) -> tuple[Citation, ...]:
    return tuple(
        Citation(
            source=c["source"],
            locator=c["locator"],
            quote=c["quote"],
            note=c.get("note", ""),
            interpretation=c.get("interpretation", ""),
            copies=c.get("copies", ""),
        )
        for c in items
    )


def read_profile_choices(table: Mapping[str, Any], path: Path) -> dict[str, ProfileChoice]:
    """The option choices of a profile table: ``option = value`` or ``option = { value = ...,
    interpretation = ..., note = ... }``."""
    choices: dict[str, ProfileChoice] = {}
    for option, raw in table.items():
        if isinstance(raw, dict):
            choices[option] = ProfileChoice(
                option=option,
                value=required_field(raw, "value", path, option),
                interpretation=raw.get("interpretation", ""),
                note=raw.get("note", ""),
            )
        else:
            choices[option] = ProfileChoice(option=option, value=raw)
    return choices


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        raise RegisterError(str(path), int(match.group(1)) if match else None, str(error)) from error
    except OSError as error:
        raise RegisterError(str(path), None, f"cannot be read: {error.strerror}") from error


def required_field(table: Mapping[str, Any], key: str, path: Path, where: str) -> Any:
    try:
        return table[key]
    except KeyError:
        raise RegisterError(str(path), None, f"{where}: missing key {key!r}") from None
