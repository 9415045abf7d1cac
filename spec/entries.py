"""The entries of the register as frozen, typed data: citations, rules and chapters, variation
points (options) with their values, ranges and bounds, combinations, interpretations,
profiles, and the problems a check finds; with the kinds of amounts, numbers and bounds the
register states and the profiles it holds. :class:`~napspec.spec.register.Register` reads
them from the TOML files.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

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
