"""What the rulebook shows of the register's texts: the rendering layer's own functions
(:mod:`napspec.docs.rulebook.text`), for the tests to compare pages with the data. Imported
when called, so that a run without the docs extra still collects the tests (and skips them)."""

from __future__ import annotations

from collections.abc import Sequence

from napspec import spec
from napspec.spec.register import Option, OptionValueType, Profile
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


def variant(name: str) -> str:
    """A profile's variant as the pages name it."""
    from napspec.docs.rulebook.text import variant_name

    return variant_name(REGISTER, name)


def value(option: Option, value: OptionValueType) -> str:
    """An option's value in the words the register gives it."""
    return option.phrase(value)


# ---------------------------------------------------------------------- what the profiles play
# Worked out here from the register, apart from the rendering layer, for the pages that compare
# profiles (the matrix, the dispute page, the pairs) to be checked against.

Key = tuple[str, OptionValueType]


def typed(item: OptionValueType) -> Key:
    return (type(item).__name__, item)


def plays(profile: Profile, option_id: str) -> tuple[Key | None, frozenset[Key]]:
    """A profile's game on a point: its choice, and the values its variants switch it to."""
    choice = profile.choices.get(option_id)
    variants = frozenset(typed(b[option_id].value) for b in profile.variants.values() if option_id in b)
    return (typed(choice.value) if choice else None, variants)


#: The variation points on which the profiles do not all play the same (plain or in a variant).
DISPUTED = {o for o in REGISTER.options if len({plays(p, o) for p in REGISTER.profiles.values()}) > 1}
