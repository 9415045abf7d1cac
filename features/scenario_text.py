"""What a scenario writes, as the vocabulary reads it: the error for a scenario it cannot
turn into cases (:class:`ScenarioError`), an outline's placeholder, the named calls, and an
option's value as written. Both the case fragments (:mod:`napspec.suite.case_fragments`) and
the sentences (:mod:`napspec.suite.wording`) read these.
"""

from __future__ import annotations

import re
from typing import Any

from napspec.spec import load


class ScenarioError(ValueError):
    """A scenario that the vocabulary cannot turn into cases: a fault of the suite, never
    of the engine under test."""


#: An outline's placeholder, such as ``<profile>``.
PLACEHOLDER = re.compile(r"^<[^<>]+>$")

#: The calls that name no number of tricks: as the scenarios write them, and as the protocol
#: names them. A Misery undertakes no trick (its call is 0); the others all five.
NAMED_CALLS = {"Misery": "misery", "Wellington": "wellington", "Blücher": "blucher"}
CALL_TRICKS = {"misery": 0, "wellington": 5, "blucher": 5}


def option_value(option_id: str, text: str) -> Any:
    option = load().options.get(option_id)
    if option is None:
        raise ScenarioError(f"unknown option {option_id!r}")
    if option.type == "int":
        return int(text)
    if option.type == "bool":
        if text not in ("true", "false"):
            raise ScenarioError(f"{option_id} takes true or false, not {text!r}")
        return text == "true"
    return text
