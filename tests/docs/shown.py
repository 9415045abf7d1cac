"""What the rulebook shows of the register's texts: the rendering layer's own functions
(:mod:`napspec.docs.rulebook.text`), for the tests to compare pages with the data. Imported
when called, so that a run without the docs extra still collects the tests (and skips them)."""

from __future__ import annotations

from collections.abc import Sequence

from napspec import spec
from napspec.spec.register import OptionValueType
from napspec.spec.transcriptions import normalise

REGISTER = spec.load()


def prose(text: str, options: Sequence[str] = ()) -> str:
    """A text of the register (a statement, a note) as a reader sees it, whitespace normalised."""
    from napspec.docs.rulebook.text import plain

    return normalise(plain(" ".join(text.split()), REGISTER, tuple(options)))


def quote(text: str) -> str:
    """A source's words as a reader sees them, whitespace normalised."""
    from napspec.docs.rulebook.text import quote_plain

    return normalise(quote_plain(" ".join(text.split())))


def value(value: OptionValueType) -> str:
    """An option's value in words."""
    from napspec.docs.rulebook.text import value_words

    return value_words(value)
