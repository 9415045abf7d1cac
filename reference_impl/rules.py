"""The rules in force: one typed field per option of ``spec/variations.toml``.

The engine never hard-codes a profile. A :class:`Rules` is built from a mapping of option id
to value — a profile of ``spec/profiles/``, a house-rules file, or any mapping — and is
validated: an unknown, missing or badly typed option, or a value the option does not have,
raises :class:`~napspec.reference.errors.RulesError` naming it.

>>> rules = Rules.profile("wikipedia")
>>> rules.name, rules.cut_minimum, rules.deal_pattern
('wikipedia', 4, 'three-then-two')
>>> rules.options()["nap-stakes"]
'win-10-lose-5'
>>> Rules.from_options({**rules.options(), "nap-stake": "win-12-lose-6"})
Traceback (most recent call last):
...
napspec.reference.errors.RulesError: unknown option 'nap-stake'; did you mean 'nap-stakes'?
>>> rules.with_options({"nap-stakes": "win-12-lose-6"}).win_stake(5)
12
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Literal, NamedTuple, get_args

from napspec.reference.cards import PACK_SIZE, short_pack
from napspec.reference.contracts import (
    BLUCHER,
    MISERY,
    SIR_GARNET,
    WELLINGTON,
    Contract,
    ranking,
)
from napspec.reference.errors import RulesError
from napspec.spec import load as _load_register
from napspec.spec.register import PACK_AMOUNT_TABLES

_REGISTER = _load_register()

CARDS_EACH: int = _REGISTER.number("cards-each")
"""The cards dealt to each player, and so the tricks of a hand (rule dealing.five-cards)."""

REFUSALS_TO_SHOW: int = _REGISTER.number("refusals-to-show")
"""The refusals to show his cards a hand allows (rule irregularities.show-cards; interpretation
hoyle-refusal-to-show-once): after them a player required to show must show."""

TRICKS_IN_HAND: int = CARDS_EACH
"""A hand has as many tricks as each player has cards."""

NAP: int = TRICKS_IN_HAND
"""Nap is the call of all the tricks (rule calling.call-tricks), the highest of the plain game."""

OptionValue = str | int | bool
"""The value of one option: an enum value (``str``), an ``int`` or a ``bool``."""

DealerSitsOut = Literal["six-players", "five-or-six-players", "never"]
FirstDealer = Literal["first-jack-face-up", "lowest-card-ace-low", "lowest-card-ace-high"]
DealPattern = Literal["singly", "three-then-two"]
CompulsoryCall = Literal["none", "eldest-cannot-pass", "eldest-if-all-pass", "dealer-if-all-pass"]
CardsLeft = Literal["face-up-winner-turned-down", "face-up"]
NapStakes = Literal["win-10-lose-5", "win-12-lose-6"]
FreshDealTiming = Literal["before-calling", "before-settlement", "none"]
FreshDealBeforeCalling = Literal["before-calling", "none"]
WrongNumber = Literal["redeal-before-calls-else-adjust", "fine-three-tricks", "none"]
OutOfTurn = Literal["as-revoke", "fine-three-tricks", "none"]
ExposedAfterDeal = Literal["fine-three-tricks", "none"]
Revoke = Literal[
    "replay-hand-revoker-pays-all",
    "replay-from-revoke-fine-five",
    "abandon-revoker-pays-soloist",
    "none",
]
Misery = Literal["not-played", "no-trumps", "trumps-by-first-lead"]
Wellington = Literal["not-played", "double-nap-stakes", "win-10-lose-10"]
WellingtonLead = Literal["any-card", "lowest-trump"]
Blucher = Literal["not-played", "win-10-lose-20", "double-wellington-stakes"]
SirGarnet = Literal["not-played", "played"]
SevenCard = Literal["not-played", "played", "played-misery-below-nap", "played-double-above-nap"]
# Peep and Purchase Nap (chapter exchanges), the pool (chapter pool) and the shortened packs
# (players.short-pack). The Double Header: the engine accepts its plain value only.
Peep = Literal["not-played", "played"]
Purchase = Literal["not-played", "played"]
Pool = Literal["not-played", "played"]
PoolContributions = Literal[
    "none", "each-dealer", "all-at-original-deal", "dealer-three-players-one", "knaves-and-fives"
]
PoolFines = Literal["none", "misdeal-one-stake"]
PoolFailedNap = Literal["pays-nothing", "pays-pool-amount"]
PoolEnd = Literal["none", "divided-equally", "drawn-for"]
Pack = Literal["full", "short-28-36", "short-32-40"]
DoubleHeader = Literal["not-played"]

_SHORT_PACK_AMOUNTS = {table: kind for kind, table in PACK_AMOUNT_TABLES.items()}
"""The tables a shortened pack is played at, and the amount of option ``pack`` that gives its
size at each, as the register states them (interpretation wikipedia-short-pack-sizes: no
other table)."""

FULL_PACK_CARDS: int = _REGISTER.number("pack-cards")
"""The cards of the full pack (rule players.pack); the card encoding of
:mod:`napspec.reference.cards` numbers as many (``PACK_SIZE``: four suits of thirteen)."""
if FULL_PACK_CARDS != PACK_SIZE:
    raise RulesError(f"the register's pack has {FULL_PACK_CARDS} cards; the engine's cards number {PACK_SIZE}")

MAX_HANDS = FULL_PACK_CARDS // CARDS_EACH
"""Ten hands of five are all a pack of fifty-two can serve (interpretation britannica-any-number)."""


class OptionSpec(NamedTuple):
    """How one option is typed: its id, the :class:`Rules` field, its type and values."""

    id: str
    field: str
    kind: Literal["enum", "int", "bool"]
    values: tuple[str, ...]  # the enum values; empty for int and bool
    minimum: int  # int options only
    maximum: int  # int options only


@dataclass(frozen=True, slots=True)
class Rules:
    """One value for each option of the register, and the name of where they came from.

    Field names are the option ids in snake case. Build one with :meth:`from_options`,
    :meth:`profile` or :meth:`house_rules`; the dataclass constructor does not validate.
    What the options imply (the cards each, the calls there are and their stakes) is worked
    out once, when the rules are made.
    """

    players_min: int
    players_max: int
    dealer_sits_out: DealerSitsOut
    first_dealer: FirstDealer
    cut_minimum: int
    deal_pattern: DealPattern
    compulsory_call: CompulsoryCall
    lowest_call: int
    cards_left: CardsLeft
    stop_when_decided: bool
    nap_stakes: NapStakes
    fresh_deal_exposed_card: FreshDealTiming
    fresh_deal_misdeal: FreshDealTiming
    fresh_deal_faulty_pack: FreshDealBeforeCalling
    fresh_deal_uncut: FreshDealBeforeCalling
    wrong_number: WrongNumber
    out_of_turn: OutOfTurn
    exposed_after_deal: ExposedAfterDeal
    revoke: Revoke
    show_cards: bool
    right_to_information: bool
    misery: Misery
    wellington: Wellington
    wellington_lead: WellingtonLead
    blucher: Blucher
    sir_garnet: SirGarnet
    seven_card: SevenCard
    peep: Peep
    purchase: Purchase
    pool: Pool
    pool_contributions: PoolContributions
    pool_fines: PoolFines
    pool_failed_nap: PoolFailedNap
    pool_end: PoolEnd
    pack: Pack
    double_header: DoubleHeader
    name: str = "custom"
    # What the options imply, worked out once when the rules are made (see __post_init__).
    cards_each: int = field(init=False, compare=False, repr=False)
    """The cards dealt to each player, and so the tricks of a hand: five (rule
    dealing.five-cards), or the amount ``cards-each`` of seven-card Nap."""
    calls: tuple[Contract, ...] = field(init=False, compare=False, repr=False)
    """The calls there are, lowest first (see :mod:`~napspec.reference.contracts`)."""
    rank: dict[int | str, int] = field(init=False, compare=False, repr=False)
    """The place of each call in :attr:`calls` (1 for the lowest), by its key: the number of
    tricks of a call of tricks, the name of a named call (Sir Garnet's Nap: Nap's place)."""
    stakes: dict[Contract, tuple[int, int]] = field(init=False, compare=False, repr=False)
    """The win and the loss of each call (Sir Garnet's Nap included), per player."""

    def __post_init__(self) -> None:
        seven = self.seven_card != "not-played"
        cards_each = _amount("seven-card", self.seven_card, "cards-each") if seven else CARDS_EACH
        # Seven-card Nap's calls start at its own lowest call; the five-card game's at the
        # option's (one trick in every source).
        lowest = _amount("seven-card", self.seven_card, "lowest-call") if seven else self.lowest_call
        misery_after = None
        if self.misery != "not-played":  # directly above three; at seven-card, above Nap
            misery_after = _amount("misery", self.misery, "misery-ranks-after")
            if seven:
                misery_after = _amount("seven-card", self.seven_card, "misery-ranks-after")
        calls = ranking(
            cards_each,
            lowest,
            misery_after=misery_after,
            wellington=self.wellington != "not-played",
            blucher=self.blucher != "not-played",
        )
        rank: dict[int | str, int] = {contract.key: place for place, contract in enumerate(calls, 1)}
        if self.sir_garnet == "played":
            rank[SIR_GARNET] = rank[NAP]
        object.__setattr__(self, "cards_each", cards_each)
        object.__setattr__(self, "calls", calls)
        object.__setattr__(self, "rank", rank)
        stakes = {contract: self._stakes_of(contract) for contract in calls}
        if self.sir_garnet == "played":
            stakes[Contract(NAP, SIR_GARNET)] = stakes[Contract(NAP)]
        object.__setattr__(self, "stakes", stakes)

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_options(cls, options: Mapping[str, object], name: str = "custom") -> Rules:
        """Rules from a mapping of option id to value, checked option by option.

        >>> values = Rules.profile("peel").options()
        >>> Rules.from_options(values, name="mine").first_dealer
        'first-jack-face-up'
        >>> del values["revoke"]
        >>> Rules.from_options(values)
        Traceback (most recent call last):
        ...
        napspec.reference.errors.RulesError: missing option 'revoke'
        """
        if not isinstance(options, Mapping):
            raise RulesError(f"options must be a mapping of option id to value, not {type(options).__name__}")
        known = {spec.id: spec for spec in OPTIONS}
        for key in options:
            if key not in known:
                raise RulesError(f"unknown option {key!r}{_suggest(str(key), known)}")
        values: dict[str, Any] = {}
        for spec in OPTIONS:
            if spec.id not in options:
                raise RulesError(f"missing option {spec.id!r}")
            values[spec.field] = _check_value(spec, options[spec.id])
        # The constraints between the options are the register's: between the calls beyond Nap
        # (Blücher requires Wellington; seven-card Nap excludes Wellington, Blücher and Sir
        # Garnet), and the bounds of int options (no more players at the least than at the
        # most; a cut that leaves two packets the pack in play can hold). It names both options
        # of a conflict.
        conflicts = _REGISTER.conflicts({spec.id: options[spec.id] for spec in OPTIONS})
        if conflicts:
            raise RulesError("; ".join(conflicts))
        return cls(**values, name=name)

    @classmethod
    def profile(cls, name: str, variants: Iterable[str] = ()) -> Rules:
        """The rules of a profile of ``spec/profiles/`` (``peel``, ``hoyle``, ``britannica``,
        ``wikipedia``), with the bundles of the ``variants`` it gives applied in order
        (``misery``, ``wellington``, ``blucher``, ``sir-garnet``, ``seven-card``). The rules
        are named like a target: ``hoyle+misery+wellington``.

        >>> Rules.profile("hoyle").compulsory_call
        'dealer-if-all-pass'
        >>> rules = Rules.profile("hoyle", ["misery", "wellington"])
        >>> rules.name, rules.misery, [call.name for call in rules.calls][-4:]
        ('hoyle+misery+wellington', 'no-trumps', ['Misery', 'four', 'Nap', 'Wellington'])
        """
        chosen = tuple(variants)
        if not chosen:
            return cls.from_options(_profile_values(name), name=name)
        return cls.from_options(_variant_values(name, chosen), name="+".join((name, *chosen)))

    @classmethod
    def house_rules(cls, path: str | Path) -> Rules:
        """The rules of a house-rules file: a base profile with overrides.

        The file is read by the spec package (``spec.house_rules_values``), which reports a
        mistake with the file, the line and the nearest valid name; its error is raised as a
        :class:`RulesError`. The rules are named after the file's ``name`` entry, or else the
        file's stem.
        """
        values, name = _house_rules_values(Path(path))
        return cls.from_options(values, name=name)

    def with_options(self, overrides: Mapping[str, object], name: str | None = None) -> Rules:
        """These rules with some options changed (checked like :meth:`from_options`).

        >>> Rules.profile("hoyle").with_options({"show-cards": False}).show_cards
        False
        """
        return Rules.from_options({**self.options(), **overrides}, name=name or self.name)

    # ------------------------------------------------------------------ queries

    def options(self) -> dict[str, OptionValue]:
        """Option id → value, in the order of ``spec/variations.toml``."""
        result: dict[str, OptionValue] = {}
        for spec in OPTIONS:
            result[spec.id] = getattr(self, spec.field)
        return result

    def dealer_sits_out_at(self, players: int) -> bool:
        """Whether the dealer deals himself no hand at a table of ``players``.

        >>> rules = Rules.profile("peel")
        >>> rules.dealer_sits_out_at(6), rules.dealer_sits_out_at(5)
        (True, False)
        """
        if self.dealer_sits_out == "six-players":
            return players == 6
        if self.dealer_sits_out == "five-or-six-players":
            return players in (5, 6)
        return False

    def check_players(self, players: int) -> None:
        """Raise :class:`RulesError` unless a deal at a table of ``players`` can be played under
        these rules: the number within players-min..players-max, the cards each (five, or
        seven at seven-card Nap) for every hand and Sir Garnet's extra hand, and no
        compulsory call binding a dealer who sits out (interpretation
        dealer-out-cannot-be-compelled).

        >>> Rules.profile("wikipedia").check_players(2)
        Traceback (most recent call last):
        ...
        napspec.reference.errors.RulesError: 2 players: the rules 'wikipedia' allow 3 to 7 (options 'players-min' ...)
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(f"the number of players must be an int, not {players!r}")
        if not self.players_min <= players <= self.players_max:
            raise RulesError(
                f"{players} players: the rules {self.name!r} allow {self.players_min} to "
                f"{self.players_max} (options 'players-min' and 'players-max')"
            )
        if self.pack != "full" and players not in _SHORT_PACK_AMOUNTS:
            # Interpretation wikipedia-short-pack-sizes: a shortened pack at four or five only.
            tables = " or ".join(map(str, _SHORT_PACK_AMOUNTS))
            raise RulesError(f"{players} players: option 'pack' = {self.pack!r} is played by {tables} players only")
        size = self.pack_size(players)
        sits_out = self.dealer_sits_out_at(players)
        hands = players - 1 if sits_out else players
        extra = " and the extra hand" if self.sir_garnet == "played" else ""
        dealt = hands + 1 if extra else hands
        if dealt * self.cards_each > size:
            raise RulesError(
                f"{players} players: {hands} hands{extra} of {self.cards_each} need more than {size} cards"
            )
        if sits_out and self.compulsory_call == "dealer-if-all-pass":
            # Interpretation dealer-out-cannot-be-compelled: a dealer without cards cannot
            # play for a trick, and choosing someone else would invent a rule.
            raise RulesError(
                f"{players} players: option 'compulsory-call' = 'dealer-if-all-pass' binds a dealer who, "
                f"under option 'dealer-sits-out' = {self.dealer_sits_out!r}, holds no cards"
            )

    def pack_size(self, players: int) -> int:
        """The cards of the pack in play at a table of ``players`` (rule players.short-pack):
        fifty-two under ``pack`` = ``full``, else the value's amount for the table.

        >>> short = Rules.profile("wikipedia", ["short-pack"])
        >>> short.pack_size(4), short.pack_size(5), Rules.profile("peel").pack_size(6)
        (28, 36, 52)
        """
        if self.pack == "full":
            return FULL_PACK_CARDS
        amount = _SHORT_PACK_AMOUNTS.get(players)
        if amount is None:
            raise RulesError(f"{players} players: option 'pack' = {self.pack!r} gives no pack for this table")
        return _amount("pack", self.pack, amount)

    def pack_cards(self, players: int) -> tuple[int, ...]:
        """The cards of the pack in play at a table of ``players``, in card order: the
        highest ranks of every suit (interpretation short-pack-lowest-cards-out).

        >>> from napspec.reference.cards import format_cards
        >>> format_cards(Rules.profile("wikipedia", ["short-pack"]).pack_cards(4)[:7])
        '8C 9C TC JC QC KC AC'
        """
        return short_pack(self.pack_size(players))

    def pool_amount(self, option_id: str, kind: str) -> int:
        """The amount ``kind`` that the value in force of the pool option ``option_id`` states
        (``pool-per-dealer``, ``pool-per-player``, ``pool-per-card``, ``pool-fine``); 0 if it
        states none (no payment of that kind).

        >>> rules = Rules.profile("hoyle", ["pool"])
        >>> [rules.pool_amount("pool-contributions", kind) for kind in ("pool-per-dealer", "pool-per-card")]
        [1, 0]
        """
        return _AMOUNTS.get((option_id, str(getattr(self, _FIELDS[option_id]))), {}).get(kind, 0)

    def win_stake(self, call: int, declaration: str | None = None) -> int:
        """What each player pays a soloist who makes ``call`` (``declaration`` names a named
        call: ``misery``, ``wellington``, ``blucher``, ``sir-garnet``; ``call`` is then the
        number it is reported as: 0 for a Misery, 5 for the others).

        One stake a trick called (rule settlement.stake-per-trick); a Nap, the amount
        ``nap-win`` of the nap-stakes value in force; the calls beyond Nap, the amounts of
        their options (see :meth:`_stakes_of`).

        >>> rules = Rules.profile("peel")
        >>> rules.win_stake(3), rules.win_stake(5)
        (3, 10)
        >>> hoyle = Rules.profile("hoyle").with_options({"misery": "no-trumps", "wellington": "double-nap-stakes"})
        >>> hoyle.win_stake(0, "misery"), hoyle.win_stake(5, "wellington")
        (3, 20)
        """
        return self._stake(call, declaration)[0]

    def lose_stake(self, call: int, declaration: str | None = None) -> int:
        """What a soloist who fails ``call`` pays each player: one stake a trick called; a Nap,
        the amount ``nap-lose`` of the nap-stakes value in force; see :meth:`win_stake`.

        >>> Rules.profile("peel").with_options({"nap-stakes": "win-12-lose-6"}).lose_stake(5)
        6
        >>> seven = Rules.profile("wikipedia").with_options({"seven-card": "played", "misery": "no-trumps"})
        >>> [seven.lose_stake(t) for t in (3, 4, 5, 6, 7)], seven.lose_stake(0, "misery")
        ([3, 4, 5, 3, 4], 2)
        """
        return self._stake(call, declaration)[1]

    def _stake(self, call: int, declaration: str | None) -> tuple[int, int]:
        try:
            return self.stakes[Contract(call, declaration)]
        except (KeyError, TypeError):
            named = f"{declaration!r} ({call})" if declaration is not None else f"of {call!r} tricks"
            raise RulesError(f"the rules {self.name!r} have no call {named}") from None

    def _stakes_of(self, contract: Contract) -> tuple[int, int]:
        """The win and the loss, per player, of ``contract`` under these rules.

        * A call of tricks: one stake a trick called; a Nap, the amounts of option nap-stakes.
        * Misery: as the call of tricks its amount ``misery-paid-as`` names (three).
        * Wellington: ``double-nap-stakes``, the Nap's win and loss times the amount
          ``nap-multiple``; ``win-10-lose-10``, its amounts ``win`` and ``lose``.
        * Blücher: ``win-10-lose-20``, its amounts ``win`` and ``lose``;
          ``double-wellington-stakes``, Wellington's times the amount ``wellington-multiple``.
        * Seven-card Nap (interpretation seven-card-stakes): the losers of a Nap, a Misery, a
          six or a seven (the calls above the amount ``full-loss-up-to``, four) "pay half
          stakes": half the win, rounded up to
          a whole stake (interpretation seven-card-half-stakes-rounded-up).
        """
        declaration = contract.declaration
        if declaration == MISERY:
            win, lose = self._stakes_of(Contract(_amount("misery", self.misery, "misery-paid-as")))
        elif declaration == WELLINGTON:
            if self.wellington == "double-nap-stakes":
                multiple = _amount("wellington", self.wellington, "nap-multiple")
                win, lose = (multiple * stake for stake in self._stakes_of(Contract(NAP)))
            else:
                win = _amount("wellington", self.wellington, "win")
                lose = _amount("wellington", self.wellington, "lose")
        elif declaration == BLUCHER:
            if self.blucher == "double-wellington-stakes":
                multiple = _amount("blucher", self.blucher, "wellington-multiple")
                win, lose = (multiple * stake for stake in self._stakes_of(Contract(NAP, WELLINGTON)))
            else:
                win = _amount("blucher", self.blucher, "win")
                lose = _amount("blucher", self.blucher, "lose")
        elif contract.tricks == NAP:  # a Nap, Sir Garnet's too
            win = _amount("nap-stakes", self.nap_stakes, "nap-win")
            lose = _amount("nap-stakes", self.nap_stakes, "nap-lose")
        else:
            win = lose = contract.tricks
            if contract.tricks > NAP and self.seven_card != "not-played":
                # A call above Nap at seven-card Nap: a stake a trick, or its amount
                # ``beyond-nap-multiple`` (interpretation seven-card-stakes, its other reading).
                win = contract.tricks * _AMOUNTS[("seven-card", self.seven_card)].get("beyond-nap-multiple", 1)
        if self.seven_card != "not-played" and (
            declaration == MISERY or contract.tricks > _amount("seven-card", self.seven_card, "full-loss-up-to")
        ):
            lose = -(-win // 2)  # half the win, rounded up
        return win, lose

    def fee(self, option_id: str) -> int:
        """The fee, in stakes, that the value in force of option ``option_id`` states (its amount
        ``<option>-fee``: ``peep-fee``, ``purchase-fee``); :class:`RulesError` if it states none.

        >>> Rules.profile("hoyle", ["purchase"]).fee("purchase")
        1
        >>> Rules.profile("hoyle").fee("peep")
        Traceback (most recent call last):
        ...
        napspec.reference.errors.RulesError: option 'peep' = 'not-played' states no fee
        """
        value = getattr(self, _FIELDS[option_id])
        try:
            return _amount(option_id, value, f"{option_id}-fee")
        except KeyError:
            raise RulesError(f"option {option_id!r} = {value!r} states no fee") from None

    def fine(self, option_id: str) -> int:
        """The fine, in stakes, that the value in force of option ``option_id`` states (its
        amount ``fine``); :class:`RulesError` if it states none.

        >>> rules = Rules.profile("britannica")
        >>> rules.fine("out-of-turn"), rules.fine("revoke")
        (3, 5)
        >>> Rules.profile("hoyle").fine("revoke")
        Traceback (most recent call last):
        ...
        napspec.reference.errors.RulesError: option 'revoke' = 'replay-hand-revoker-pays-all' states no fine
        """
        value = getattr(self, _FIELDS[option_id])
        try:
            return _amount(option_id, value, "fine")
        except KeyError:
            raise RulesError(f"option {option_id!r} = {value!r} states no fine") from None


def _option_specs() -> tuple[OptionSpec, ...]:
    """The typed options, derived from the :class:`Rules` fields so there is one list."""
    annotations = {
        "dealer_sits_out": DealerSitsOut,
        "first_dealer": FirstDealer,
        "deal_pattern": DealPattern,
        "compulsory_call": CompulsoryCall,
        "cards_left": CardsLeft,
        "nap_stakes": NapStakes,
        "fresh_deal_exposed_card": FreshDealTiming,
        "fresh_deal_misdeal": FreshDealTiming,
        "fresh_deal_faulty_pack": FreshDealBeforeCalling,
        "fresh_deal_uncut": FreshDealBeforeCalling,
        "wrong_number": WrongNumber,
        "out_of_turn": OutOfTurn,
        "exposed_after_deal": ExposedAfterDeal,
        "revoke": Revoke,
        "misery": Misery,
        "wellington": Wellington,
        "wellington_lead": WellingtonLead,
        "blucher": Blucher,
        "sir_garnet": SirGarnet,
        "seven_card": SevenCard,
        "peep": Peep,
        "purchase": Purchase,
        "pool": Pool,
        "pool_contributions": PoolContributions,
        "pool_fines": PoolFines,
        "pool_failed_nap": PoolFailedNap,
        "pool_end": PoolEnd,
        "pack": Pack,
        "double_header": DoubleHeader,
    }
    specs: list[OptionSpec] = []
    for f in fields(Rules):
        if f.name == "name" or not f.init:
            continue
        option_id = f.name.replace("_", "-")
        option = _REGISTER.options[option_id]
        if option.type == "int":
            assert option.range is not None  # napspec check requires one of an int option
            specs.append(OptionSpec(option_id, f.name, "int", (), option.range.minimum, option.range.maximum))
        elif option.type == "enum":
            values = tuple(str(v) for v in get_args(annotations[f.name]))
            specs.append(OptionSpec(option_id, f.name, "enum", values, 0, 0))
        else:
            specs.append(OptionSpec(option_id, f.name, "bool", (), 0, 0))
    return tuple(specs)


OPTIONS: tuple[OptionSpec, ...] = _option_specs()
"""The options, in the order of ``spec/variations.toml``."""

_FIELDS = {spec.id: spec.field for spec in OPTIONS}

_AMOUNTS: dict[tuple[str, str], Mapping[str, int]] = {
    (option.id, str(value.value)): value.amounts
    for option in _REGISTER.options.values()
    for value in option.values
    if value.amounts
}
"""The amounts (stakes, fines) each option value states in the register, by (option, value)."""


MOST_CARDS_EACH: int = max(
    CARDS_EACH, *(amounts["cards-each"] for (option, _), amounts in _AMOUNTS.items() if option == "seven-card")
)
"""The most cards a player is dealt under any rules, and so the most tricks of a hand."""


def _amount(option_id: str, value: str, kind: str) -> int:
    """The amount ``kind`` that value ``value`` of option ``option_id`` states (KeyError if none)."""
    return _AMOUNTS[(option_id, value)][kind]


def _suggest(name: str, candidates: Mapping[str, object] | tuple[str, ...]) -> str:
    close = difflib.get_close_matches(name, list(candidates), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _check_value(spec: OptionSpec, value: object) -> object:
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"option {spec.id!r} takes true or false, not {value!r}")
        return value
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"option {spec.id!r} takes a whole number, not {value!r}")
        if not spec.minimum <= value <= spec.maximum:
            raise RulesError(f"option {spec.id!r} must be from {spec.minimum} to {spec.maximum}, not {value}")
        return value
    if not isinstance(value, str) or value not in spec.values:
        hint = _suggest(value, spec.values) if isinstance(value, str) else ""
        raise RulesError(f"option {spec.id!r} has no value {value!r}{hint} (values: {', '.join(spec.values)})")
    return value


# ---------------------------------------------------------------------- reading spec/


def _profile_values(name: str) -> dict[str, OptionValue]:
    """Option id → value of the profile ``spec/profiles/NAME.toml``, as the register reads it.

    >>> _profile_values("peel")["first-dealer"]
    'first-jack-face-up'
    """
    from napspec.spec.errors import SpecError

    try:
        return _REGISTER.profile_values(name)
    except SpecError as error:
        raise RulesError(str(error)) from error


def _variant_values(name: str, variants: tuple[str, ...]) -> dict[str, OptionValue]:
    """Option id → value of profile ``name`` with the bundles of ``variants`` applied, as the
    register reads them (an unknown variant is named with the profile's variants)."""
    from napspec.spec.errors import SpecError

    try:
        return dict(_REGISTER.variant_values(name, variants))
    except SpecError as error:
        raise RulesError(str(error)) from error


def _house_rules_values(path: Path) -> tuple[dict[str, OptionValue], str]:
    """Option id → value of a house-rules file, and the name the rules go by.

    The spec package reads the file (``napspec.spec.load_house_rules``), checks it against the
    register and names the line of a mistake; its error becomes a :class:`RulesError`.
    """
    from napspec.spec import load_house_rules
    from napspec.spec.errors import SpecError

    try:
        house = load_house_rules(path)
    except SpecError as error:
        raise RulesError(str(error)) from error
    return dict(house.values), house.name


__all__ = [
    "CARDS_EACH",
    "MAX_HANDS",
    "MOST_CARDS_EACH",
    "NAP",
    "OPTIONS",
    "REFUSALS_TO_SHOW",
    "TRICKS_IN_HAND",
    "OptionSpec",
    "OptionValue",
    "Rules",
]
