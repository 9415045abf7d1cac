"""The versions of the napspec protocol, and what each carries.

napspec/1.1 adds to napspec/1 (the calls beyond Nap), napspec/1.2 to napspec/1.1 (Peep,
Purchase, the pool, short packs), napspec/1.3 to napspec/1.2 (the lowest call), napspec/1.4 to
napspec/1.3 (the trace: answers after every action of a case), and none takes anything away; an engine names the
version it speaks in its handshake, and the harness gives an engine of an older version
only what that version has (:data:`OPTIONS_BY_PROTOCOL`, :data:`ADDED_BY_PROTOCOL`).

>>> speaks("napspec/1"), speaks("napspec/1.2"), speaks("napspec/1.3"), speaks("napspec/2"), speaks("napspec/1.1.0")
(True, True, True, False, False)
>>> sorted(set(OPTIONS_BY_PROTOCOL["napspec/1.1"]) - set(OPTIONS_BY_PROTOCOL["napspec/1"]))
['blucher', 'misery', 'seven-card', 'sir-garnet', 'wellington', 'wellington-lead']
>>> len(OPTIONS_BY_PROTOCOL["napspec/1.2"]) - len(OPTIONS_BY_PROTOCOL["napspec/1.1"])
9
>>> sorted(set(OPTIONS_BY_PROTOCOL["napspec/1.3"]) - set(OPTIONS_BY_PROTOCOL["napspec/1.2"]))
['lowest-call']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

#: The protocol this package speaks: the newest version, which the harness asks for.
PROTOCOL: Final = "napspec/1.4"

#: Every version of the protocol this package speaks, oldest first. They share the major
#: version: each adds to the one before and takes nothing away.
PROTOCOLS: Final[tuple[str, ...]] = ("napspec/1", "napspec/1.1", "napspec/1.2", "napspec/1.3", "napspec/1.4")

_NAPSPEC_1_OPTIONS: Final[tuple[str, ...]] = (
    "players-min",
    "players-max",
    "dealer-sits-out",
    "first-dealer",
    "cut-minimum",
    "deal-pattern",
    "compulsory-call",
    "cards-left",
    "stop-when-decided",
    "nap-stakes",
    "fresh-deal-exposed-card",
    "fresh-deal-misdeal",
    "fresh-deal-faulty-pack",
    "fresh-deal-uncut",
    "wrong-number",
    "out-of-turn",
    "exposed-after-deal",
    "revoke",
    "show-cards",
    "right-to-information",
)

_NAPSPEC_1_1_OPTIONS: Final[tuple[str, ...]] = (
    *_NAPSPEC_1_OPTIONS,
    "misery",
    "wellington",
    "wellington-lead",
    "blucher",
    "sir-garnet",
    "seven-card",
)

_NAPSPEC_1_2_OPTIONS: Final[tuple[str, ...]] = (
    *_NAPSPEC_1_1_OPTIONS,
    "peep",
    "purchase",
    "pool",
    "pool-contributions",
    "pool-fines",
    "pool-failed-nap",
    "pool-end",
    "pack",
    "double-header",
)

#: The options (variation points of the register) each version of the protocol carries in
#: a case. A version is frozen once published: the options of the register that a version
#: lacks are sent to an engine of that version only at their plain values (an option of the plain
#: game that every source plays at one value, as the lowest call, at that value: the game the
#: older version plays), and then left out of the case (the harness decides; see
#: :func:`napspec.conformance.harness.for_protocol`).
OPTIONS_BY_PROTOCOL: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "napspec/1": _NAPSPEC_1_OPTIONS,
        "napspec/1.1": _NAPSPEC_1_1_OPTIONS,
        "napspec/1.2": _NAPSPEC_1_2_OPTIONS,
        "napspec/1.3": (*_NAPSPEC_1_2_OPTIONS, "lowest-call"),
        # napspec/1.4 adds no option: answers after each action (the trace).
        "napspec/1.4": (*_NAPSPEC_1_2_OPTIONS, "lowest-call"),
    }
)

#: The action types napspec/1.1 added, and the highest number of tricks napspec/1 has for a
#: call (a named call, ``{"call": "misery"}``, is napspec/1.1 too): an engine of napspec/1 is
#: never sent them; a case that needs them is skipped-unsupported for it.
ACTIONS_ADDED_IN_1_1: Final = frozenset({"take-extra-hand", "discard"})
#: The action types and the query napspec/1.2 added (Peep, Purchase, the pool): an engine of
#: an older version is never sent them.
ACTIONS_ADDED_IN_1_2: Final = frozenset({"buy", "peep", "take-peep-card", "decline-peep-card"})
QUERIES_ADDED_IN_1_2: Final = frozenset({"pool"})
#: The named calls of napspec/1.1 (``{"type": "call", "seat": s, "call": name}``).
NAMED_CALLS: Final[tuple[str, ...]] = ("misery", "wellington", "blucher")
NAPSPEC_1_MOST_TRICKS: Final = 5


@dataclass(frozen=True)
class Additions:
    """What one version of the protocol adds to the version before it, besides its options
    (:data:`OPTIONS_BY_PROTOCOL`): what an engine of an older version is never sent. A case
    that needs any of it is skipped-unsupported for such an engine; ``dropped_start_fields``
    are left out of the case instead (they are optional, and an engine may ignore them).
    """

    #: Action types (``{"type": ...}``).
    actions: frozenset[str] = frozenset()
    #: Fields an action may carry (``call``: a named call).
    action_fields: frozenset[str] = frozenset()
    #: The most tricks a call may name, if this version raised it.
    most_tricks: int | None = None
    #: Queries.
    queries: frozenset[str] = frozenset()
    #: Fields of the case itself.
    case_fields: tuple[str, ...] = ()
    #: Fields of a start of stacked holdings that a case needs as sent.
    start_fields: tuple[str, ...] = ()
    #: Fields of a start of stacked holdings that are left out for an older engine.
    dropped_start_fields: tuple[str, ...] = ()
    #: Kinds of start (the start's one key).
    start_kinds: tuple[str, ...] = ()
    #: Fields of the ``state`` answer required whenever a case sets an option of this
    #: version away from its plain value.
    state_fields: tuple[str, ...] = ()
    #: Options of the plain game this version added that every source plays at one value
    #: (the lowest call, one trick): an engine of an older version plays that value, read
    #: from the register's profiles, and is sent only cases at it.
    sourced_options: tuple[str, ...] = ()
    #: Optional capabilities of the handshake this version added (``trace``).
    capabilities: tuple[str, ...] = ()


#: What each version added to the one before, by version (every version after the first).
#: Adding a version of the protocol is one entry here and one in :data:`OPTIONS_BY_PROTOCOL`.
ADDED_BY_PROTOCOL: Final[Mapping[str, Additions]] = MappingProxyType(
    {
        "napspec/1.1": Additions(
            actions=ACTIONS_ADDED_IN_1_1,
            action_fields=frozenset({"call"}),
            most_tricks=7,
            start_fields=("extra_hand",),
            state_fields=("declaration", "extra_hand"),
        ),
        "napspec/1.2": Additions(
            actions=ACTIONS_ADDED_IN_1_2,
            queries=QUERIES_ADDED_IN_1_2,
            case_fields=("pool", "original_dealer"),
            start_fields=("peep_card",),
            dropped_start_fields=("stock",),
            start_kinds=("end_of_session",),
            state_fields=("peep_card", "peeped", "stock"),
        ),
        # The lowest call: nothing besides the option (a call of tricks is already a number).
        "napspec/1.3": Additions(sourced_options=("lowest-call",)),
        # The trace: an engine that declares it answers the queries after every action of a
        # case asked with ``"trace": true`` (one case for a whole random deal, not one per action).
        "napspec/1.4": Additions(case_fields=("trace",), capabilities=("trace",)),
    }
)


def most_tricks(protocol: str) -> int:
    """The most tricks a call may name in ``protocol``.

    >>> most_tricks("napspec/1"), most_tricks("napspec/1.2")
    (5, 7)
    """
    most = NAPSPEC_1_MOST_TRICKS
    for version in PROTOCOLS[1 : PROTOCOLS.index(protocol) + 1]:
        most = ADDED_BY_PROTOCOL[version].most_tricks or most
    return most


def versions() -> str:
    """The versions this package speaks, as a message names them.

    >>> versions()
    'napspec/1, napspec/1.1, napspec/1.2, napspec/1.3 or napspec/1.4'
    """
    return f"{', '.join(PROTOCOLS[:-1])} or {PROTOCOLS[-1]}" if len(PROTOCOLS) > 1 else PROTOCOLS[0]


def speaks(protocol: object) -> bool:
    """Whether ``protocol`` is a version of the protocol this package speaks (exactly one of
    :data:`PROTOCOLS`; anything else, a string or not, is not)."""
    return isinstance(protocol, str) and protocol in PROTOCOLS
