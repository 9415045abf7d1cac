"""napspec's rule register: the rules of Napoleon as cited, checked data.

>>> from napspec.spec import load
>>> load().rules["play.follow-suit"].citations[0].source in {"peel", "hoyle", "britannica", "wikipedia"}
True
"""

from napspec.spec.errors import (
    FileError,
    HouseRulesError,
    LocatorError,
    RegisterError,
    SpecError,
    UnknownProfile,
    UnknownVariant,
)
from napspec.spec.house_rules import HouseRules, house_rules_values, load_house_rules
from napspec.spec.register import (
    PROFILE_IDS,
    Chapter,
    Citation,
    Interpretation,
    Option,
    OptionValue,
    Problem,
    Profile,
    ProfileChoice,
    Register,
    Rule,
    load,
)
from napspec.spec.transcriptions import Source, normalise

__all__ = [
    "PROFILE_IDS",
    "Chapter",
    "Citation",
    "FileError",
    "HouseRules",
    "HouseRulesError",
    "Interpretation",
    "LocatorError",
    "Option",
    "OptionValue",
    "Problem",
    "Profile",
    "ProfileChoice",
    "Register",
    "RegisterError",
    "Rule",
    "Source",
    "SpecError",
    "UnknownProfile",
    "UnknownVariant",
    "house_rules_values",
    "load",
    "load_house_rules",
    "normalise",
]
