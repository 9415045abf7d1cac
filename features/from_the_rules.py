"""Values a step reads from the rules a row runs under, known only once they are.

A scenario that needs *some* call to test something else (the rotation of the calls, who
becomes the soloist) should depend only on what it tests: under rules whose lowest call is
two, a call of one would be refused before the rule it tests is reached. Such a step says
"the lowest call", and the planner (:func:`napspec.suite.plan.plan_row`) puts in the number
once the rules of the row are known, which may be a target's house rules. A row whose steps
read an option this way is written for any value of it: the option is not among the values
the row needs (:attr:`~napspec.suite.vocabulary.CaseBuilder.adapts`).

>>> from napspec.spec import load
>>> options = load().profile_values("britannica")
>>> lowest_call(options), lowest_call({**options, "lowest-call": 2})
(1, 2)
>>> resolved({"type": "call", "seat": 1, "tricks": LOWEST_CALL}, {**options, "lowest-call": 2})
{'type': 'call', 'seat': 1, 'tricks': 2}
>>> resolved([CALLS_FROM_THE_LOWEST], {**options, "lowest-call": 3})
[[3, 4, 5]]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from napspec.spec import load

#: The option of the lowest call.
LOWEST_CALL_OPTION = "lowest-call"


def _amount(option: str, value: str, kind: str) -> int:
    """An amount of an option value of the register (seven-card Nap's own lowest call)."""
    (entry,) = [entry for entry in load().options[option].values if entry.value == value]
    return entry.amounts[kind]


def lowest_call(options: Mapping[str, Any]) -> int:
    """The fewest tricks a call may name under ``options``: the option's value, or at
    seven-card Nap that game's own lowest call (interpretation seven-card-compulsory-lowest-call)."""
    if options.get("seven-card", "not-played") != "not-played":
        return _amount("seven-card", options["seven-card"], "lowest-call")
    value = options[LOWEST_CALL_OPTION]
    assert isinstance(value, int)
    return value


def most_tricks(options: Mapping[str, Any]) -> int:
    """The most tricks a call may name under ``options`` (Nap: every trick of the hand)."""
    if options.get("seven-card", "not-played") != "not-played":
        return _amount("seven-card", options["seven-card"], "cards-each")
    return 5


@dataclass(frozen=True)
class FromTheRules:
    """A value a step leaves to the rules a row runs under: ``compute`` makes it from the
    option map, and ``option`` is the option it reads."""

    option: str
    compute: Callable[[Mapping[str, Any]], Any]
    name: str

    def __repr__(self) -> str:
        return f"<{self.name}>"


#: The number of tricks of the lowest call.
LOWEST_CALL = FromTheRules(LOWEST_CALL_OPTION, lowest_call, "the lowest call")
#: Every number of tricks a first call may name, from the lowest call to Nap.
CALLS_FROM_THE_LOWEST = FromTheRules(
    LOWEST_CALL_OPTION,
    lambda options: list(range(lowest_call(options), most_tricks(options) + 1)),
    "the calls from the lowest to Nap",
)


def resolved(value: Any, options: Mapping[str, Any]) -> Any:
    """``value`` with every :class:`FromTheRules` in it (in lists, tuples and dictionaries)
    made under ``options``."""
    if isinstance(value, FromTheRules):
        return value.compute(options)
    if isinstance(value, dict):
        return {key: resolved(item, options) for key, item in value.items()}
    if isinstance(value, list):
        return [resolved(item, options) for item in value]
    if isinstance(value, tuple):
        return tuple(resolved(item, options) for item in value)
    return value


__all__ = [
    "CALLS_FROM_THE_LOWEST",
    "LOWEST_CALL",
    "LOWEST_CALL_OPTION",
    "FromTheRules",
    "lowest_call",
    "most_tricks",
    "resolved",
]
