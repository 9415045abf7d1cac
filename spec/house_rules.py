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

#: The largest house-rules file read (a real one is a few hundred bytes).
MAX_BYTES = 64 * 1024
#: The most keys a file may assign (there are fewer options than this).
MAX_KEYS = 500
#: The most parts a dotted key or a table header may have (``a.b.c`` has three).
MAX_KEY_PARTS = 8
#: The deepest nesting of arrays and inline tables.
MAX_DEPTH = 16
#: The longest ``name`` (it names reports and the rulebook's first page).
MAX_NAME = 200
#: Characters a name or description may not hold: controls (a terminal obeys them), line and
#: paragraph separators, direction marks, overrides and isolates (they reorder what is read),
#: and invisible ones.
_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")
#: The most characters of the file's own text quoted in a message.
EXCERPT = 60


def _shown(value: object) -> str:
    """A value from the file as a message quotes it: its repr, cut to :data:`EXCERPT` characters.

    >>> _shown("x" * 100).endswith("... (100 characters)"), _shown("4")
    (True, "'4'")
    """
    text = repr(value) if not isinstance(value, bool) else str(value).lower()
    if len(text) > EXCERPT:
        length = len(value) if isinstance(value, str) else len(text)
        return f"{text[:EXCERPT]}... ({length} characters)"
    return text


def _bounds_problem(text: str) -> tuple[int | None, str] | None:
    """The first bound a file's text goes beyond, read before it is parsed (so that no file
    costs the parser more than a moment): keys assigned, parts of a dotted key or table
    header, nesting of arrays and inline tables. Strings are skipped as TOML writes them,
    roughly: a bracket in a string may count, which only errs on the safe side."""
    keys = 0
    depth = 0
    quote = ""
    for number, line in enumerate(text.split("\n"), start=1):
        if not quote:
            stripped = line.strip()
            head = stripped.split("=", 1)[0] if "=" in stripped else ""
            if stripped.startswith("["):
                head = stripped.split("]", 1)[0]
            if head and not stripped.startswith("#"):
                if "=" in stripped:
                    keys += 1
                if head.count(".") + 1 > MAX_KEY_PARTS:
                    return number, f"has a key of more than {MAX_KEY_PARTS} dotted parts"
            if keys > MAX_KEYS:
                return number, f"assigns more than {MAX_KEYS} keys"
        index = 0
        while index < len(line):
            char = line[index]
            if quote:
                if char == "\\" and quote == '"':
                    index += 2
                    continue
                if line.startswith(quote, index):
                    index += len(quote)
                    quote = ""
                    continue
            elif char == "#":
                break
            elif line.startswith('"""', index) or line.startswith("'''", index):
                quote = line[index : index + 3]
                index += 3
                continue
            elif char in "\"'":
                quote = char
            elif char in "[{":
                depth += 1
                if depth > MAX_DEPTH:
                    return number, f"nests arrays or tables more than {MAX_DEPTH} deep"
            elif char in "]}":
                depth = max(0, depth - 1)
            index += 1
        if quote in ('"', "'"):
            quote = ""  # a one-line string ends with its line (else TOML reports the fault)
    return None


def _nesting(value: object, depth: int = 0) -> int:
    """How deep a parsed value nests (checked again after parsing)."""
    if isinstance(value, dict):
        return max((_nesting(item, depth + 1) for item in value.values()), default=depth + 1)
    if isinstance(value, list):
        return max((_nesting(item, depth + 1) for item in value), default=depth + 1)
    return depth


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


def load_house_rules(path: str | Path, register: Register | None = None) -> HouseRules:
    """Read and validate a house-rules file; raise :class:`HouseRulesError` on any fault."""
    register = register or load()
    where = str(path)
    try:
        with Path(path).open("rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise HouseRulesError(where, None, f"is larger than {MAX_BYTES // 1024} KB: not house rules")
        text = raw.decode("utf-8")
    except OSError as error:
        raise HouseRulesError(where, None, f"cannot be read: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise HouseRulesError(where, None, f"is not UTF-8 text: {error.reason}") from error
    beyond = _bounds_problem(text)
    if beyond is not None:
        raise HouseRulesError(where, beyond[0], beyond[1] + ": not house rules")
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except RecursionError:
        raise HouseRulesError(where, None, "is nested too deeply to be house rules") from None
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        raise HouseRulesError(
            where, int(match.group(1)) if match else None, f"is not valid TOML: {str(error)[:200]}"
        ) from error
    if _nesting(data) > MAX_DEPTH:
        raise HouseRulesError(where, None, f"nests arrays or tables more than {MAX_DEPTH} deep: not house rules")

    for key in data:
        if key not in _TOP_LEVEL:
            hint = nearest(key, _TOP_LEVEL)
            raise HouseRulesError(
                where,
                _key_line(text, key) or line_of(text, rf"^\s*\[{re.escape(key)}\]"),
                f"unknown key {_shown(key)}"
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
            f"unknown base profile {_shown(base)}"
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
                where, line, f"unknown option {_shown(key)}" + (f"; did you mean {hint!r}?" if hint else "")
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
            if isinstance(value, str) and value.strip().lstrip("-").isdigit() and option.accepts(int(value)):
                # The value the option takes, written as a string: say so, not "did you mean" itself.
                advice = f"; it takes the number {int(value)}, written without quotes"
            elif hint is not None and hint != value:
                advice = f"; did you mean {hint!r}?"
            else:
                advice = ""
            raise HouseRulesError(
                where,
                line,
                f"option {key!r} has no value {_shown(value)}" + advice + f" ({option.describe_accepted()})",
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
    for key, item, allowed in (("name", name, ""), ("description", description, "\n\t")):
        hidden = next((char for char in item if _INVISIBLE.match(char) and char not in allowed), None)
        if hidden is not None:
            raise HouseRulesError(
                where,
                _key_line(text, key),
                f"`{key}` holds the character U+{ord(hidden):04X} (a control, separator or direction mark): "
                f"it is {'one line of' if key == 'name' else ''} visible text".replace("  ", " "),
            )
    if len(name) > MAX_NAME:
        raise HouseRulesError(
            where, _key_line(text, "name"), f"`name` is longer than {MAX_NAME} characters: {_shown(name)}"
        )
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
