"""Typed errors of the rule register.

Each error that concerns a file names it, and the line where it can be found.

>>> str(HouseRulesError("house.toml", 3, "unknown option 'nap-stake'"))
"house.toml:3: unknown option 'nap-stake'"
"""

from __future__ import annotations


class SpecError(Exception):
    """Base class of the register's errors."""


class LocatorError(SpecError):
    """A locator that names no place in its source."""


class FileError(SpecError):
    """An error in a file, located by path and (where known) line."""

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {message}")


class RegisterError(FileError):
    """A file of the register that cannot be read as the format requires."""


class HouseRulesError(FileError):
    """A house-rules file that is malformed or names an unknown option or value."""


class UnknownProfile(SpecError):
    """A profile name that the register does not define."""


class UnknownVariant(SpecError):
    """A variant that the profile's source does not give."""
