"""The rule register: rules, variation points, interpretations and profiles, as typed data.

Everything napspec says about the rules of Nap is read from the TOML files beside this
module; this module turns them into frozen objects and checks that they hold together
(:meth:`Register.problems`).

>>> from napspec.spec import load
>>> register = load()
>>> register.profile_values("wikipedia")["cut-minimum"]
4
>>> register.options["deal-pattern"].value("three-then-two").citations[0].source
'wikipedia'
>>> sorted(register.profiles)
['britannica', 'hoyle', 'peel', 'wikipedia']
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from napspec.spec.errors import LocatorError, RegisterError, UnknownProfile, UnknownVariant
from napspec.spec.transcriptions import Lacuna, Source, load_source

SPEC_DIR = Path(__file__).resolve().parent
INTERPRETATION_KINDS = ("silent", "ambiguous", "contradiction", "lacuna")
OPTION_TYPES: dict[str, type] = {"enum": str, "int": int, "bool": bool}

OptionValueType = str | int | bool

AMOUNT_KINDS: dict[str, str] = {
    "nap-win": "what a made Nap receives from each player, in stakes",
    "nap-lose": "what a failed Nap pays each player, in stakes",
    "fine": "what an offender pays the soloist, in stakes",
    "win": "what a made call of this value receives from each player, in stakes",
    "lose": "what a failed call of this value pays each player, in stakes",
    "nap-multiple": "how many times the stakes of Nap (win and loss) a call of this value is paid",
    "wellington-multiple": "how many times the stakes of Wellington (win and loss) a call of this value is paid",
    "cards-each": "how many cards each player is dealt under this value, and so how many tricks a hand has",
    "lowest-call": "the fewest tricks a player may call under this value",
    "misery-ranks-after": "the call of tricks that Misery ranks directly above, under this value",
    "misery-paid-as": "the call of tricks whose win and loss a Misery is paid",
    "full-loss-up-to": "the highest call of tricks whose loser pays the full stakes; above it the loser pays half",
    "beyond-nap-multiple": (
        "how many stakes a trick a made call of more tricks than Nap wins under this value (its loser pays half of it)"
    ),
    "peep-fee": "what a player pays into the pool for a peep at the peep card, in stakes",
    "purchase-fee": "what a player pays into the pool for each fresh card he buys, in stakes",
    "pool-per-dealer": "what the dealer pays into the pool for a turn to deal, in stakes",
    "pool-per-player": (
        "what each player pays into the pool when this value has the players pay"
        " (beside pool-per-dealer, each player but the dealer), in stakes"
    ),
    "pool-per-card": "what a player pays into the pool for each card he plays of the kind this value names, in stakes",
    "pool-fine": "what an offender pays into the pool, in stakes",
    "pack-for-four": "how many cards the pack has when four play under this value",
    "pack-for-five": "how many cards the pack has when five play under this value",
}
"""The amounts an option value may carry (its ``amounts`` table), and what each means."""

NUMBER_KINDS: dict[str, str] = {
    "cards-each": "how many cards each player is dealt, and so how many tricks a hand has",
    "pack-cards": "how many cards the full pack has",
    "refusals-to-show": (
        "how many times in a hand players required to show their cards may refuse (each refusal held a revoke,"
        " and the hand replayed under a replay remedy); once they are made, a player required to show must show"
    ),
}
"""The numbers a rule may state (its ``numbers`` table), and what each means."""

PACK_AMOUNT_TABLES: dict[str, int] = {"pack-for-four": 4, "pack-for-five": 5}
"""The table each amount of a shortened pack gives the pack for (the meaning of those
:data:`AMOUNT_KINDS`, read by machine): a value stating them gives no pack at any other table."""

BOUND_KINDS: dict[str, str] = {
    "option": "the value is no larger than the value of another int option (named by `option`)",
    "half-the-pack": "twice the value is no larger than the cards of the pack in play, at every table "
    "the rules allow that the pack serves",
}
"""How an int option's value may be bounded by the others (its ``bound`` table), and what each
kind means: a bound the register states once, which house rules, the engines' rules and the
check of the profiles all hold to."""


def value_id(value: OptionValueType) -> str:
    """An option's value as a house-rules file writes it (TOML): ``true``, ``4``, ``none``.

    >>> [value_id(v) for v in (True, 4, "none")]
    ['true', '4', 'none']
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def profile_ids(folder: Path = SPEC_DIR) -> tuple[str, ...]:
    """The profiles of a spec folder: the stems of ``profiles/*.toml``, those named after a
    source in the order of ``sources.toml``, then the others by name.

    >>> profile_ids()
    ('peel', 'hoyle', 'britannica', 'wikipedia')
    """
    stems = sorted(path.stem for path in (folder / "profiles").glob("*.toml"))
    try:
        with (folder / "sources.toml").open("rb") as handle:
            order = [entry.get("id") for entry in tomllib.load(handle).get("source", [])]
    except (OSError, tomllib.TOMLDecodeError):
        order = []  # the loader reports the file; the profiles are then in the order of their names
    return tuple(sorted(stems, key=lambda stem: (order.index(stem) if stem in order else len(order), stem)))


PROFILE_IDS = profile_ids(SPEC_DIR)
"""The project's profiles, read from ``spec/profiles/`` (see :func:`profile_ids`)."""


@dataclass(frozen=True)
class Citation:
    """A verbatim quotation from a source at a locator, with an optional note.

    ``interpretation`` names the labelled reading through which the quotation bears on what it
    is cited for, when it does not state it; ``copies`` names the source whose words the
    quotation repeats word for word, when the source is not an independent witness here.
    """

    source: str
    locator: str
    quote: str
    note: str = ""
    interpretation: str = ""
    copies: str = ""


@dataclass(frozen=True)
class Rule:
    """One rule of the game, in our words, with the sources' words behind it."""

    id: str
    chapter: str
    title: str
    statement: str
    citations: tuple[Citation, ...]
    options: tuple[str, ...] = ()
    interpretations: tuple[str, ...] = ()
    applies_to: tuple[str, ...] = PROFILE_IDS
    """The profiles the rule holds in; by default every profile of the register."""
    testable: bool = True
    untestable_because: str = ""
    numbers: Mapping[str, int] = field(default_factory=dict)
    """Numbers the rule states (kinds in :data:`NUMBER_KINDS`), e.g. ``{"cards-each": 5}``."""
    lacunae: tuple[str, ...] = ()
    """Lacunae of the sources (ids in ``sources.toml``) where a source's words on the rule
    would stand but are not in the copy."""
    essential: bool = False
    """Whether the rule is among the few a table needs to start playing: the rulebook's quick
    rules of each profile show these (and only these), so the selection is data, not prose."""


@dataclass(frozen=True)
class Chapter:
    """A chapter of the register, in the order of the game."""

    id: str
    order: int
    title: str
    rule_prefix: str
    intro: str
    rules: tuple[str, ...]
    file: str


@dataclass(frozen=True)
class OptionValue:
    """One value of a variation point, cited or resting on a labelled interpretation."""

    value: OptionValueType
    meaning: str
    citations: tuple[Citation, ...] = ()
    interpretation: str = ""
    amounts: Mapping[str, int] = field(default_factory=dict)
    """Amounts the value states (kinds in :data:`AMOUNT_KINDS`), e.g. ``{"fine": 3}``."""
    requires: tuple[str, ...] = ()
    """Options that must be away from their plain value (played) when this value is in force."""
    excludes: tuple[str, ...] = ()
    """Options that must be at their plain value (not played) when this value is in force."""
    words: str = ""
    """The value in a few words of our own, as the rulebook names it ("lowest card, ace low");
    required of a named value, whose id is a key for files, not for reading."""
    read: Mapping[str, str] = field(default_factory=dict)
    """What the value carries by a labelled reading rather than by its quotations' words: an
    amount kind or an option it requires or excludes → the interpretation it rests on."""

    @property
    def phrase(self) -> str:
        """The value as readers see it: its words, else yes or no, or the number.

        >>> [OptionValue(v, "").phrase for v in (True, False, 4)]
        ['yes', 'no', '4']
        >>> OptionValue("eldest-cannot-pass", "", words="the eldest, always").phrase
        'the eldest, always'
        """
        if self.words:
            return self.words
        if isinstance(self.value, bool):
            return "yes" if self.value else "no"
        return str(self.value)


@dataclass(frozen=True)
class IntRange:
    """The whole numbers an int option may take, and why the bounds are there."""

    minimum: int
    maximum: int
    note: str = ""


@dataclass(frozen=True)
class OptionBound:
    """How the other options bound an int option's value (a kind of :data:`BOUND_KINDS`)."""

    kind: str
    option: str = ""
    """For kind ``option``: the int option whose value this one may not exceed."""
    note: str = ""


@dataclass(frozen=True)
class Option:
    """A variation point: where the sources differ, offer a choice or leave a gap."""

    id: str
    chapter: str
    title: str
    question: str
    type: str
    rules: tuple[str, ...]
    values: tuple[OptionValue, ...]
    silent: Mapping[str, str]
    lacuna: Mapping[str, str]
    range: IntRange | None = None
    """For an int option, the numbers it may take (the cited values and any between)."""
    plain: OptionValueType | None = None
    """For a variant (a call or form of the game beyond the plain one), the value that is the
    plain game, which holds unless the table agrees otherwise before play (rule
    variants.agreed-before-play); ``None`` for a variation point of the plain game."""
    bound: OptionBound | None = None
    """For an int option, how the other options bound its value (:data:`BOUND_KINDS`)."""

    @property
    def is_variant(self) -> bool:
        """Whether the option switches a variant on or off (it has a plain value)."""
        return self.plain is not None

    def value(self, value: OptionValueType) -> OptionValue:
        """The value entry for ``value`` (compared with its type, so ``1 != True``)."""
        for entry in self.values:
            if type(entry.value) is type(value) and entry.value == value:
                return entry
        raise KeyError(f"option {self.id!r} has no value {value!r}")

    def phrase(self, value: OptionValueType) -> str:
        """A value of this option as readers see it (:attr:`OptionValue.phrase`); a number of
        the range that no value lists reads as itself.

        >>> from napspec.spec import load
        >>> options = load().options
        >>> options["first-dealer"].phrase("lowest-card-ace-low"), options["cut-minimum"].phrase(3)
        ('the lowest card, ace low', '3')
        """
        return (self.value(value) if self.allows(value) else OptionValue(value, "")).phrase

    def titled_at(self, text: str, start: int) -> bool:
        """Whether ``text`` names this option by its own title at ``start``: prose may name a
        variant in its own words ("at seven-card Nap"); any other mention is its id.

        >>> from napspec.spec import load
        >>> seven = load().options["seven-card"]
        >>> seven.titled_at("at seven-card Nap", 3), seven.titled_at("a seven-card call", 2)
        (True, False)
        """
        return text[start : start + len(self.title)].lower() == self.title.lower()

    def allows(self, value: object) -> bool:
        """Whether ``value`` is one of the cited values (compared with its type)."""
        return any(type(v.value) is type(value) and v.value == value for v in self.values)

    def accepts(self, value: object) -> bool:
        """Whether a game may be played with ``value``: a cited value or, for an int option,
        any whole number of its range (``true`` is not a number here).

        >>> from napspec.spec import load
        >>> cut = load().options["cut-minimum"]
        >>> cut.allows(3), cut.accepts(3), cut.accepts(27), cut.accepts(True)
        (False, True, False, False)
        """
        if self.allows(value):
            return True
        return self.range is not None and type(value) is int and self.range.minimum <= value <= self.range.maximum

    def describe_accepted(self) -> str:
        """The values :meth:`accepts` takes, in words, for error messages."""
        cited = ", ".join(repr(v.value) if not isinstance(v.value, bool) else str(v.value).lower() for v in self.values)
        if self.range is None:
            return f"values: {cited}"
        return f"a whole number from {self.range.minimum} to {self.range.maximum}; cited values: {cited}"

    def stance(self, source: str) -> tuple[str, tuple[OptionValueType, ...]]:
        """What a source says on this point: ``("cited", values)``, ``("silent", ())`` or
        ``("lacuna", ())``."""
        cited = tuple(v.value for v in self.values if any(c.source == source for c in v.citations))
        if cited:
            return "cited", cited
        if source in self.lacuna:
            return "lacuna", ()
        if source in self.silent:
            return "silent", ()
        return "unaccounted", ()


@dataclass(frozen=True)
class Combination:
    """Variants played together, as a source describes them or by a labelled reading: every
    option of ``options`` with every option of ``together`` (or, without it, with each other)."""

    options: tuple[str, ...]
    meaning: str
    together: tuple[str, ...] = ()
    citations: tuple[Citation, ...] = ()
    interpretation: str = ""

    def pairs(self) -> set[frozenset[str]]:
        """The pairs of options the combination covers.

        >>> sorted(sorted(p) for p in Combination(("pool",), "", ("misery", "peep")).pairs())
        [['misery', 'pool'], ['peep', 'pool']]
        """
        others = self.together or self.options
        return {frozenset((a, b)) for a in self.options for b in others if a != b}


@dataclass(frozen=True)
class Interpretation:
    """A labelled reading where a source is silent, ambiguous, contradictory or lacking."""

    id: str
    kind: str
    sources: tuple[str, ...]
    question: str
    reading: str
    reason: str


@dataclass(frozen=True)
class ProfileChoice:
    """A profile's value for one option, and the interpretation it rests on, if any."""

    option: str
    value: OptionValueType
    interpretation: str = ""
    note: str = ""


@dataclass(frozen=True)
class Profile:
    """A named bundle of option values: one source's game."""

    id: str
    source: str
    title: str
    summary: str
    choices: Mapping[str, ProfileChoice]
    file: str
    variants: Mapping[str, Mapping[str, ProfileChoice]] = field(default_factory=dict)
    """The variants the profile's source gives: variant name → the option values that switch it
    on, as that source plays it (only the options the variant changes)."""

    def values(self) -> dict[str, OptionValueType]:
        return {option: choice.value for option, choice in self.choices.items()}


@dataclass(frozen=True)
class Problem:
    """Something in the register that does not hold together."""

    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}" if self.line else f"{self.file}: {self.message}"


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


def _citations(items: list[dict[str, Any]]) -> tuple[Citation, ...]:
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


def _choices(table: Mapping[str, Any], path: Path) -> dict[str, ProfileChoice]:
    """The option choices of a profile table: ``option = value`` or ``option = { value = ...,
    interpretation = ..., note = ... }``."""
    choices: dict[str, ProfileChoice] = {}
    for option, raw in table.items():
        if isinstance(raw, dict):
            choices[option] = ProfileChoice(
                option=option,
                value=_field(raw, "value", path, option),
                interpretation=raw.get("interpretation", ""),
                note=raw.get("note", ""),
            )
        else:
            choices[option] = ProfileChoice(option=option, value=raw)
    return choices


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        raise RegisterError(str(path), int(match.group(1)) if match else None, str(error)) from error
    except OSError as error:
        raise RegisterError(str(path), None, f"cannot be read: {error.strerror}") from error


def _field(table: Mapping[str, Any], key: str, path: Path, where: str) -> Any:
    try:
        return table[key]
    except KeyError:
        raise RegisterError(str(path), None, f"{where}: missing key {key!r}") from None


class Register:
    """The whole register, loaded from a spec folder.

    Use :func:`napspec.spec.load` for the project's own register (cached); construct one
    directly to check another folder.
    """

    def __init__(self, folder: Path = SPEC_DIR) -> None:
        self.folder = folder
        self.texts: dict[str, str] = {}
        self.profile_ids = profile_ids(folder)
        self.sources_file = self._name(folder / "sources.toml")
        self.variations_file = self._name(folder / "variations.toml")
        self.interpretations_file = self._name(folder / "interpretations.toml")
        self.rules_folder = self._name(folder / "rules")
        self.sources = self._load_sources()
        self.chapters, self.rules = self._load_rules()
        self.options = self._load_options()
        self.combinations = tuple(
            Combination(
                options=tuple(entry.get("options", ())),
                meaning=entry.get("meaning", ""),
                together=tuple(entry.get("together", ())),
                citations=_citations(entry.get("citation", [])),
                interpretation=entry.get("interpretation", ""),
            )
            for entry in _read_toml(folder / "variations.toml").get("combination", [])
        )
        """Variants played together that a source describes, or a labelled reading allows."""
        self.interpretations = self._load_interpretations()
        self.profiles = self._load_profiles()

    # ------------------------------------------------------------------ loading

    def _remember(self, path: Path) -> dict[str, Any]:
        self.texts[self._name(path)] = path.read_text(encoding="utf-8")
        return _read_toml(path)

    def _name(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.folder.parent))
        except ValueError:
            return str(path)

    def _load_sources(self) -> dict[str, Source]:
        path = self.folder / "sources.toml"
        data = self._remember(path)
        sources: dict[str, Source] = {}
        for entry in _field(data, "source", path, "sources.toml"):
            try:
                sources[entry["id"]] = load_source(entry, self.folder / "sources")
            except (KeyError, LocatorError, OSError) as error:
                raise RegisterError(str(path), None, f"source {entry.get('id')!r}: {error}") from error
        return sources

    def _load_rules(self) -> tuple[dict[str, Chapter], dict[str, Rule]]:
        chapters: dict[str, Chapter] = {}
        rules: dict[str, Rule] = {}
        for path in sorted((self.folder / "rules").glob("*.toml")):
            data = self._remember(path)
            head = _field(data, "chapter", path, "file")
            ids = []
            for entry in data.get("rule", []):
                rule_id = _field(entry, "id", path, "rule")
                rule = Rule(
                    id=rule_id,
                    chapter=head["id"],
                    title=_field(entry, "title", path, rule_id),
                    statement=_field(entry, "statement", path, rule_id).strip(),
                    citations=_citations(entry.get("citation", [])),
                    options=tuple(entry.get("options", ())),
                    interpretations=tuple(entry.get("interpretations", ())),
                    applies_to=tuple(entry.get("applies-to", self.profile_ids)),
                    testable=bool(entry.get("testable", True)),
                    untestable_because=entry.get("untestable-because", ""),
                    numbers=self._numbers(path, rule_id, entry),
                    lacunae=tuple(entry.get("lacunae", ())),
                    essential=self._flag(path, rule_id, entry, "essential"),
                )
                if rule_id in rules:
                    raise RegisterError(self._name(path), self._line(path, rule_id), f"duplicate rule id {rule_id!r}")
                rules[rule_id] = rule
                ids.append(rule_id)
            chapters[head["id"]] = Chapter(
                id=head["id"],
                order=int(head["order"]),
                title=head["title"],
                rule_prefix=head["rule-prefix"],
                intro=head.get("intro", "").strip(),
                rules=tuple(ids),
                file=self._name(path),
            )
        return dict(sorted(chapters.items(), key=lambda item: item[1].order)), rules

    def _load_options(self) -> dict[str, Option]:
        path = self.folder / "variations.toml"
        data = self._remember(path)
        options: dict[str, Option] = {}
        for entry in data.get("option", []):
            option_id = _field(entry, "id", path, "option")
            values = tuple(
                OptionValue(
                    value=_field(v, "value", path, option_id),
                    meaning=_field(v, "meaning", path, option_id),
                    citations=_citations(v.get("citation", [])),
                    interpretation=v.get("interpretation", ""),
                    amounts=self._amounts(path, option_id, v),
                    requires=tuple(v.get("requires", ())),
                    excludes=tuple(v.get("excludes", ())),
                    words=v.get("words", ""),
                    read=dict(v.get("read", {})),
                )
                for v in entry.get("value", [])
            )
            options[option_id] = Option(
                id=option_id,
                chapter=_field(entry, "chapter", path, option_id),
                title=_field(entry, "title", path, option_id),
                question=entry.get("question", ""),
                type=_field(entry, "type", path, option_id),
                rules=tuple(entry.get("rules", ())),
                values=values,
                silent=dict(entry.get("silent", {})),
                lacuna=dict(entry.get("lacuna", {})),
                range=self._range(path, option_id, entry),
                plain=entry.get("plain"),
                bound=self._bound(path, option_id, entry),
            )
        return options

    def number(self, kind: str) -> int:
        """The number of ``kind`` (:data:`NUMBER_KINDS`) that a rule states.

        >>> from napspec.spec import load
        >>> load().number("cards-each")
        5
        """
        for rule in self.rules.values():
            if kind in rule.numbers:
                return rule.numbers[kind]
        raise KeyError(f"no rule states a number {kind!r}")

    def _numbers(self, path: Path, rule_id: str, entry: Mapping[str, Any]) -> dict[str, int]:
        """The ``numbers`` table of a rule: number kind → a whole number."""
        raw = entry.get("numbers", {})
        if not isinstance(raw, dict):
            message = f"{rule_id}: numbers must be a table of kind = number, not {raw!r}"
            raise RegisterError(self._name(path), self._line_after(path, rule_id, "numbers"), message)
        for kind, number in raw.items():
            if isinstance(number, bool) or not isinstance(number, int):
                message = f"{rule_id}: number {kind!r} must be a whole number, not {number!r}"
                raise RegisterError(self._name(path), self._line_after(path, rule_id, "numbers"), message)
        return dict(raw)

    def _flag(self, path: Path, rule_id: str, entry: Mapping[str, Any], key: str) -> bool:
        """A yes-or-no field of a rule (``essential = true``): absent is no, anything but a
        TOML boolean is an error of its file and line."""
        raw = entry.get(key, False)
        if not isinstance(raw, bool):
            message = f"{rule_id}: {key} must be true or false, not {raw!r}"
            raise RegisterError(self._name(path), self._line_after(path, rule_id, key), message)
        return raw

    def _amounts(self, path: Path, option_id: str, value: Mapping[str, Any]) -> dict[str, int]:
        """The ``amounts`` table of an option value: amount kind → a whole number."""
        raw = value.get("amounts", {})
        where = f"option {option_id!r} value {value.get('value')!r}"

        def problem(message: str) -> RegisterError:
            # The line is looked for only when there is something to report at it.
            line = self._line_after(path, option_id, "amounts", value.get("value"))
            return RegisterError(self._name(path), line, f"{where}: {message}")

        if not isinstance(raw, dict):
            raise problem(f"amounts must be a table of kind = number, not {raw!r}")
        for kind, amount in raw.items():
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise problem(f"amount {kind!r} must be a whole number, not {amount!r}")
        return dict(raw)

    def _bound(self, path: Path, option_id: str, entry: Mapping[str, Any]) -> OptionBound | None:
        """The ``bound`` of an int option: ``{ kind = "...", option = "...", note = "..." }``."""
        raw = entry.get("bound")
        if raw is None:
            return None
        if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
            raise RegisterError(
                self._name(path),
                self._line_after(path, option_id, "bound"),
                f"option {option_id!r}: bound must be a table with a kind, not {raw!r}",
            )
        return OptionBound(kind=raw["kind"], option=str(raw.get("option", "")), note=str(raw.get("note", "")))

    def _range(self, path: Path, option_id: str, entry: Mapping[str, Any]) -> IntRange | None:
        """The ``range`` of an option: ``{ min = ..., max = ..., note = "..." }``."""
        raw = entry.get("range")
        if raw is None:
            return None
        line = self._line_after(path, option_id, "range")
        if not isinstance(raw, dict):
            raise RegisterError(self._name(path), line, f"option {option_id!r}: range must be a table, not {raw!r}")
        bounds = []
        for key in ("min", "max"):
            bound = raw.get(key)
            if isinstance(bound, bool) or not isinstance(bound, int):
                raise RegisterError(
                    self._name(path), line, f"option {option_id!r}: range {key} must be a whole number, not {bound!r}"
                )
            bounds.append(bound)
        return IntRange(bounds[0], bounds[1], str(raw.get("note", "")))

    def _line_after(self, path: Path, owner: str, key: str, value: object = None) -> int | None:
        """The line of ``key = ...`` after the id line of ``owner`` (an option or a rule) in
        ``path`` (and after the line of its ``value``, when one is given), or else the id's line."""
        text = self.texts.get(self._name(path), "")
        start = self._line(path, owner)
        if start is None:
            return None
        if value is not None:
            literal = f'"{value}"' if isinstance(value, str) else str(value).lower()
            start = line_of(text, rf"^\s*value\s*=\s*{re.escape(literal)}\s*$", start - 1) or start
        return line_of(text, rf"^\s*{re.escape(key)}\s*=", start - 1) or start

    def _load_interpretations(self) -> dict[str, Interpretation]:
        path = self.folder / "interpretations.toml"
        data = self._remember(path)
        found: dict[str, Interpretation] = {}
        for entry in data.get("interpretation", []):
            interpretation_id = _field(entry, "id", path, "interpretation")
            if interpretation_id in found:
                raise RegisterError(
                    self._name(path),
                    self._line(path, interpretation_id),
                    f"duplicate interpretation id {interpretation_id!r}",
                )
            found[interpretation_id] = Interpretation(
                id=interpretation_id,
                kind=_field(entry, "kind", path, interpretation_id),
                sources=tuple(_field(entry, "sources", path, interpretation_id)),
                question=_field(entry, "question", path, interpretation_id),
                reading=_field(entry, "reading", path, interpretation_id),
                reason=_field(entry, "reason", path, interpretation_id),
            )
        return found

    def _load_profiles(self) -> dict[str, Profile]:
        profiles: dict[str, Profile] = {}
        # in the order of the sources (profile_ids), so that every list of profiles reads so
        for stem in self.profile_ids:
            path = self.folder / "profiles" / f"{stem}.toml"
            data = self._remember(path)
            head = _field(data, "profile", path, "file")
            choices = _choices(_field(data, "options", path, "file"), path)
            variants = {name: _choices(bundle, path) for name, bundle in dict(data.get("variants", {})).items()}
            profiles[head["id"]] = Profile(
                id=head["id"],
                source=head["source"],
                title=head["title"],
                summary=head.get("summary", ""),
                choices=choices,
                file=self._name(path),
                variants=variants,
            )
        return profiles

    def _line(self, path: Path | str, needle: str) -> int | None:
        text = self.texts.get(path if isinstance(path, str) else self._name(path), "")
        return line_of(text, re.escape(f'"{needle}"'))

    # ------------------------------------------------------------------ queries

    def profile(self, name: str) -> Profile:
        """The profile called ``name``; :class:`UnknownProfile` names the nearest one."""
        try:
            return self.profiles[name]
        except KeyError:
            hint = nearest(name, self.profiles)
            suggestion = f"; did you mean {hint!r}?" if hint else ""
            raise UnknownProfile(
                f"unknown profile {name!r}{suggestion} (profiles: {', '.join(sorted(self.profiles))})"
            ) from None

    def profile_values(self, name: str) -> dict[str, OptionValueType]:
        """Option id → value for a profile."""
        return self.profile(name).values()

    def variant_values(self, name: str, variants: Iterable[str]) -> dict[str, OptionValueType]:
        """Option id → value for a profile with some of the variants its source gives switched
        on (each variant's options, in the order given). :class:`UnknownVariant` names the
        variants the profile gives, or the variant given twice.

        >>> from napspec.spec import load
        >>> values = load().variant_values("hoyle", ["misery"])
        >>> values["misery"], load().profile_values("hoyle")["misery"]
        ('no-trumps', 'not-played')
        >>> load().variant_values("britannica", ["misery"])
        Traceback (most recent call last):
        ...
        napspec.spec.errors.UnknownVariant: the profile 'britannica' gives no variant 'misery' (it gives none)
        """
        profile = self.profile(name)
        values = profile.values()
        seen: set[str] = set()
        for variant in variants:
            bundle = profile.variants.get(variant)
            if bundle is None:
                given = ", ".join(profile.variants) or "none"
                hint = nearest(variant, profile.variants)
                suggestion = f"; did you mean {hint!r}?" if hint else ""
                message = f"the profile {name!r} gives no variant {variant!r} (it gives {given})"
                raise UnknownVariant(message + suggestion)
            if variant in seen:
                raise UnknownVariant(f"the variant {variant!r} is given twice")
            seen.add(variant)
            values.update({option: choice.value for option, choice in bundle.items()})
        return values

    def variant_names(self) -> tuple[str, ...]:
        """Every variant some profile gives, in the order of the register's options: each at
        the place of the last option its bundles switch on (Blücher, which needs Wellington,
        after Wellington), then of the first.

        >>> from napspec.spec import load
        >>> load().variant_names()
        ('misery', 'wellington', 'blucher', 'sir-garnet', 'seven-card', 'peep', 'purchase', 'pool', 'short-pack')
        """
        place = {option_id: index for index, option_id in enumerate(self.options)}
        last: dict[str, int] = {}
        first: dict[str, int] = {}
        for profile in self.profiles.values():
            for name, bundle in profile.variants.items():
                placed = [place[o] for o in bundle if o in place]
                last[name] = max([last.get(name, -1), *placed])
                first[name] = min([first.get(name, len(place)), *placed])
        # variants that end on the same option (Peep, Purchase and the pool all set the pool's
        # end) stand in the order of the first option each switches on
        return tuple(sorted(last, key=lambda name: (last[name], first[name], name)))

    def conflicts(self, values: Mapping[str, object]) -> list[str]:
        """What in an option map cannot be played together: a value whose ``requires`` names an
        option left at its plain value, or whose ``excludes`` names one that is played.

        >>> from napspec.spec import load
        >>> register = load()
        >>> register.conflicts(register.variant_values("wikipedia", ["seven-card"]))
        []
        >>> register.conflicts({**register.profile_values("wikipedia"), "blucher": "win-10-lose-20"})
        ["option 'blucher' = 'win-10-lose-20' needs option 'wellington' played, not 'not-played'"]
        """
        found: list[str] = []
        for option_id, value in values.items():
            option = self.options.get(option_id)
            if option is None or not option.allows(value):
                continue
            entry = option.value(value)  # type: ignore[arg-type]  # allows() checked the type
            for other in entry.requires:
                if other not in self.options:
                    continue  # napspec check reports the unknown name
                plain = self.options[other].plain
                if values.get(other) == plain:
                    found.append(f"option {option_id!r} = {value!r} needs option {other!r} played, not {plain!r}")
            for other in entry.excludes:
                if other not in self.options:
                    continue  # napspec check reports the unknown name
                plain = self.options[other].plain
                if other in values and values[other] != plain:
                    found.append(
                        f"option {option_id!r} = {value!r} excludes option {other!r} = {values[other]!r}"
                        f" (it must be {plain!r})"
                    )
        found += self.bound_problems(values)
        return found

    def bound_problems(self, values: Mapping[str, object]) -> list[str]:
        """What in an option map breaks a ``bound`` of an int option (:data:`BOUND_KINDS`).
        A bound whose options the map does not all give is not judged.

        >>> from napspec.spec import load
        >>> register = load()
        >>> register.bound_problems({**register.profile_values("hoyle"), "players-min": 6, "players-max": 3})
        ["option 'players-min' (6) exceeds option 'players-max' (3)"]
        >>> short = register.variant_values("wikipedia", ["short-pack"])
        >>> print(*register.bound_problems({**short, "cut-minimum": 15}))  # doctest: +ELLIPSIS
        option 'cut-minimum' (15) leaves fewer than 15 cards in the other packet of a pack of 28 (4 players, ...)
        """
        found: list[str] = []
        for option in self.options.values():
            value = values.get(option.id)
            bound = option.bound
            if bound is None or not isinstance(value, int) or isinstance(value, bool):
                continue
            if bound.kind == "option":
                other = values.get(bound.option)
                if isinstance(other, int) and not isinstance(other, bool) and value > other:
                    found.append(f"option {option.id!r} ({value}) exceeds option {bound.option!r} ({other})")
            elif bound.kind == "half-the-pack":
                packs = self.packs_in_play(values)
                if packs:
                    table, cards = min(packs.items(), key=lambda item: (item[1], item[0]))
                    if 2 * value > cards:
                        found.append(
                            f"option {option.id!r} ({value}) leaves fewer than {value} cards in the other packet"
                            f" of a pack of {cards} ({table} players, option 'pack' = {values.get('pack')!r})"
                        )
        return found

    def packs_in_play(self, values: Mapping[str, object]) -> dict[int, int]:
        """The cards of the pack in play at each table an option map allows (``players-min``
        to ``players-max``): the full pack's (rule number ``pack-cards``), or under a value of
        ``pack`` that states packs for some tables (:data:`PACK_AMOUNT_TABLES`), those tables'
        alone. Empty if the map does not give the table sizes and the pack.

        >>> from napspec.spec import load
        >>> register = load()
        >>> register.packs_in_play(register.variant_values("wikipedia", ["short-pack"]))
        {4: 28, 5: 36}
        >>> sorted(set(register.packs_in_play(register.profile_values("peel")).values()))
        [52]
        """
        least, most, pack = values.get("players-min"), values.get("players-max"), values.get("pack")
        option = self.options.get("pack")
        if not (isinstance(least, int) and isinstance(most, int)) or option is None or not option.allows(pack):
            return {}
        amounts = option.value(pack).amounts  # type: ignore[arg-type]  # allows() checked the type
        stated = {table: amounts[kind] for kind, table in PACK_AMOUNT_TABLES.items() if kind in amounts}
        if stated:
            return {table: cards for table, cards in stated.items() if least <= table <= most}
        full = self.number("pack-cards")
        return dict.fromkeys(range(least, most + 1), full)

    def lacunae(self) -> dict[str, Lacuna]:
        """Every lacuna of every source, by id.

        >>> from napspec.spec import load
        >>> load().lacunae()["peel-misery"].source
        'peel'
        """
        return {lacuna.id: lacuna for source in self.sources.values() for lacuna in source.lacunae}

    def rules_of(self, chapter: str) -> list[Rule]:
        return [self.rules[rule_id] for rule_id in self.chapters[chapter].rules]

    def citations(self) -> Iterable[tuple[str, str, Citation]]:
        """Every citation with the file and the owner (rule id or option=value) it belongs to."""
        for chapter in self.chapters.values():
            for rule_id in chapter.rules:
                for citation in self.rules[rule_id].citations:
                    yield chapter.file, rule_id, citation
        for option in self.options.values():
            for value in option.values:
                for citation in value.citations:
                    yield self.variations_file, f"{option.id}={value.value}", citation
        for combination in self.combinations:
            for citation in combination.citations:
                yield self.variations_file, " with ".join(combination.options + combination.together), citation

    # ------------------------------------------------------------------ checking

    def problems(self) -> list[Problem]:
        """Everything in the register that does not hold together (empty when sound)."""
        from napspec.spec.check import check_register

        return check_register(self)


@cache
def load() -> Register:
    """The project's own register, loaded once."""
    return Register(SPEC_DIR)
