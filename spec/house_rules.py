"""House rules: a base profile plus overrides, written like a profile and checked against the
register.

A house-rules file is TOML::

    base = "hoyle"                  # one of the profiles
    name = "The Crown, Tuesdays"    # optional
    description = "..."             # optional
    variants = ["misery"]           # optional: variants the base profile's source gives

    [options]
    nap-stakes = "win-12-lose-6"
    cut-minimum = { value = 3, note = "we like a deep cut" }  # any number of the option's range

A number of an option's range that none of its cited values is (a cut of three) is a value no
source gives: the file may state it, and it is listed in :attr:`HouseRules.uncited`, to be shown
as uncited wherever it is shown.

Every mistake is reported as a :class:`~napspec.spec.errors.HouseRulesError` naming the file, the
line and, for a misspelt name, the nearest valid one.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "house.toml").write_text('base = "hoyle"\\n[options]\\nnap-stake = 12\\n')
>>> load_house_rules(folder / "house.toml")
Traceback (most recent call last):
...
napspec.spec.errors.HouseRulesError: .../house.toml:3: unknown option 'nap-stake'; did you mean 'nap-stakes'?
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from napspec.spec.errors import HouseRulesError, UnknownVariant
from napspec.spec.register import OptionValueType, Register, line_of, load, nearest

_TOP_LEVEL = ("base", "name", "description", "variants", "options")


@dataclass(frozen=True)
class HouseRules:
    """A validated house-rules file."""

    path: str
    name: str
    base: str
    description: str
    variants: tuple[str, ...]
    overrides: Mapping[str, OptionValueType]
    notes: Mapping[str, str]
    values: Mapping[str, OptionValueType]
    #: The options the file sets to a value no source gives (a number of an option's range
    #: that none of its cited values is, such as a table of four at the fewest): house rules
    #: may, a profile may not (``napspec check``). Shown as uncited wherever they are shown.
    uncited: tuple[str, ...] = ()


def _key_line(text: str, key: str, after: int | None = None) -> int | None:
    return line_of(text, rf'^\s*"?{re.escape(key)}"?\s*=', (after or 1) - 1)


def _describe(value: object) -> str:
    return repr(value) if not isinstance(value, bool) else str(value).lower()


def load_house_rules(path: str | Path, register: Register | None = None) -> HouseRules:
    """Read and validate a house-rules file; raise :class:`HouseRulesError` on any fault."""
    register = register or load()
    where = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise HouseRulesError(where, None, f"cannot be read: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise HouseRulesError(where, None, f"is not UTF-8 text: {error.reason}") from error
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except RecursionError:
        raise HouseRulesError(where, None, "is nested too deeply to be house rules") from None
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        raise HouseRulesError(where, int(match.group(1)) if match else None, f"is not valid TOML: {error}") from error

    for key in data:
        if key not in _TOP_LEVEL:
            hint = nearest(key, _TOP_LEVEL)
            raise HouseRulesError(
                where,
                _key_line(text, key) or line_of(text, rf"^\s*\[{re.escape(key)}\]"),
                f"unknown key {key!r}"
                + (f"; did you mean {hint!r}?" if hint else "")
                + f" (keys: {', '.join(_TOP_LEVEL)})",
            )
    base = data.get("base")
    if not isinstance(base, str):
        raise HouseRulesError(
            where, _key_line(text, "base"), 'needs `base = "<profile>"` naming the profile it changes'
        )
    if base not in register.profiles:
        hint = nearest(base, register.profiles)
        raise HouseRulesError(
            where,
            _key_line(text, "base"),
            f"unknown base profile {base!r}"
            + (f"; did you mean {hint!r}?" if hint else "")
            + f" (profiles: {', '.join(sorted(register.profiles))})",
        )
    options = data.get("options", {})
    options_line = line_of(text, r"^\s*\[options\]")
    if not isinstance(options, dict):
        raise HouseRulesError(where, _key_line(text, "options"), "`options` must be a table")

    overrides: dict[str, OptionValueType] = {}
    notes: dict[str, str] = {}
    for key, raw in options.items():
        line = _key_line(text, key, options_line)
        option = register.options.get(key)
        if option is None:
            hint = nearest(key, register.options)
            raise HouseRulesError(
                where, line, f"unknown option {key!r}" + (f"; did you mean {hint!r}?" if hint else "")
            )
        if isinstance(raw, dict):
            unknown = set(raw) - {"value", "note"}
            if "value" not in raw or unknown:
                raise HouseRulesError(
                    where, line, f"option {key!r}: an inline table takes `value` and an optional `note`"
                )
            value, note = raw["value"], raw.get("note", "")
            if not isinstance(note, str):
                raise HouseRulesError(where, line, f"option {key!r}: `note` must be a string")
            notes[key] = note
        else:
            value = raw
        # An int option takes any number of its range, as the engines' rules do; the cited
        # values are the ones the sources name.
        if not option.accepts(value):
            hint = nearest(str(value), [str(v.value) for v in option.values]) if isinstance(value, str) else None
            raise HouseRulesError(
                where,
                line,
                f"option {key!r} has no value {_describe(value)}"
                + (f"; did you mean {hint!r}?" if hint else "")
                + f" ({option.describe_accepted()})",
            )
        overrides[key] = value

    variants = data.get("variants", [])
    variants_line = _key_line(text, "variants")
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise HouseRulesError(where, variants_line, '`variants` must be a list of names, e.g. ["misery"]')
    try:
        values = register.variant_values(base, variants)
    except UnknownVariant as error:
        raise HouseRulesError(where, variants_line, str(error)) from None
    values.update(overrides)
    conflicts = register.conflicts(values)
    if conflicts:
        # The line of the first option of the file that the conflict names.
        named = [key for key in overrides if f"'{key}'" in conflicts[0]]
        line = _key_line(text, named[0]) if named else None
        raise HouseRulesError(
            where, line or options_line or variants_line, f"cannot be played together: {conflicts[0]}"
        )
    name = data.get("name", Path(path).stem)
    description = data.get("description", "")
    for key, item in (("name", name), ("description", description)):
        if not isinstance(item, str):
            raise HouseRulesError(where, _key_line(text, key), f"`{key}` must be a string")
    uncited = tuple(key for key, value in overrides.items() if not register.options[key].allows(value))
    return HouseRules(
        uncited=uncited,
        path=where,
        name=name,
        base=base,
        description=description,
        variants=tuple(variants),
        overrides=overrides,
        notes=notes,
        values=values,
    )


def house_rules_values(path: str | Path) -> dict[str, OptionValueType]:
    """Option id → value for a house-rules file (its base profile with its overrides)."""
    return dict(load_house_rules(path).values)
