"""The calls a soloist can play for, and their ranking (rules ``calling.*`` and the calls
beyond Nap: Misery, Wellington, Blücher, Sir Garnet).

A :class:`Contract` is what a call undertakes: a number of tricks (a call of tricks; five is
Nap), or a named call. The ranking of the calls in force (lowest first) is built by
:func:`ranking` from the rules; a call must exceed the highest so far in it.

>>> plain = ranking(cards_each=5, lowest=1, misery_after=None, wellington=False, blucher=False)
>>> [contract.name for contract in plain]
['one', 'two', 'three', 'four', 'Nap']
>>> every = ranking(cards_each=5, lowest=1, misery_after=3, wellington=True, blucher=True)
>>> [contract.name for contract in every]
['one', 'two', 'three', 'Misery', 'four', 'Nap', 'Wellington', 'Blücher']
>>> [contract.name for contract in ranking(cards_each=7, lowest=3, misery_after=5, wellington=False, blucher=False)]
['three', 'four', 'Nap', 'Misery', 'six', 'seven']
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from napspec.spec import load as _load_register

MISERY = "misery"
WELLINGTON = "wellington"
BLUCHER = "blucher"
SIR_GARNET = "sir-garnet"

Declaration = Literal["misery", "wellington", "blucher", "sir-garnet"]
"""How a call other than a plain call of tricks is named (the protocol's ``declaration``)."""

NAMED_CALLS: tuple[str, ...] = (MISERY, WELLINGTON, BLUCHER)
"""The calls made by name (the protocol's ``call``); Sir Garnet is made by taking the extra
hand, not by a call."""

NAP: int = _load_register().number("cards-each")
"""Nap is the call of five tricks (rule calling.call-tricks): all the tricks of the plain
game (rule dealing.five-cards), and, at seven-card Nap, the call of five between four and
Misery."""

_NUMBER_NAMES = ("none", "one", "two", "three", "four", "five", "six", "seven")
_CALL_NAMES = {MISERY: "Misery", WELLINGTON: "Wellington", BLUCHER: "Blücher", SIR_GARNET: "Nap (Sir Garnet)"}


class Contract(NamedTuple):
    """What a call undertakes.

    ``tricks``: the number the call is reported as (the protocol's ``call``): the tricks
    called; 0 for a Misery (no trick); 5 for Wellington, Blücher and Sir Garnet, which are all
    five. ``declaration``: ``None`` for a call of tricks, else the name of the call.

    >>> Contract(3).made(3), Contract(3).made(2)
    (True, False)
    >>> Contract(0, MISERY).made(0), Contract(0, MISERY).made(1)
    (True, False)
    """

    tricks: int
    declaration: str | None = None

    @property
    def name(self) -> str:
        """The call in words: ``three``, ``Nap``, ``Misery``, ``Wellington``...

        >>> Contract(5).name, Contract(5, SIR_GARNET).name
        ('Nap', 'Nap (Sir Garnet)')
        """
        if self.declaration is not None:
            return _CALL_NAMES[self.declaration]
        return "Nap" if self.tricks == NAP else _NUMBER_NAMES[self.tricks]

    @property
    def key(self) -> int | str:
        """How a call is named in the calling: its number of tricks, or its declaration.

        >>> Contract(4).key, Contract(0, MISERY).key
        (4, 'misery')
        """
        return self.declaration if self.declaration is not None else self.tricks

    def made(self, won: int) -> bool:
        """Whether a soloist who won ``won`` tricks has made this call: a Misery when he won
        none, any other call when he won the tricks it undertakes."""
        if self.declaration == MISERY:
            return won == 0
        return won >= self.tricks


MISERY_CALL = Contract(0, MISERY)
WELLINGTON_CALL = Contract(NAP, WELLINGTON)
BLUCHER_CALL = Contract(NAP, BLUCHER)
SIR_GARNET_NAP = Contract(NAP, SIR_GARNET)
"""The Nap of a player who took the extra hand: ranked as Nap, paid as Nap."""


def ranking(
    cards_each: int, lowest: int, misery_after: int | None, wellington: bool, blucher: bool
) -> tuple[Contract, ...]:
    """The calls there are, lowest first: the calls of ``lowest`` to ``cards_each`` tricks,
    with Misery directly above the call of ``misery_after`` tricks where it is played (the
    register's amount ``misery-ranks-after``: three, "between three and four"; at seven-card
    Nap five, the "next highest bid to Nap"), then Wellington and Blücher (above Nap, in that
    order) where they are played.

    A :class:`ValueError` if Blücher is asked for without Wellington (the register's
    constraint ``requires``; :class:`~napspec.reference.rules.Rules` refuses such options first).
    """
    if blucher and not wellington:
        raise ValueError("Blücher is called only over a Wellington: it needs Wellington")
    calls: list[Contract] = []
    for tricks in range(lowest, cards_each + 1):
        calls.append(Contract(tricks))
        if tricks == misery_after:
            calls.append(MISERY_CALL)
    if wellington:
        calls.append(WELLINGTON_CALL)
    if blucher:
        calls.append(BLUCHER_CALL)
    return tuple(calls)


def opens_over(contract: Contract, highest: Contract | None) -> bool:
    """Whether ``contract`` may be called when ``highest`` is the highest call so far, apart
    from ranking above it: a Wellington only over a Nap (a Sir Garnet Nap included,
    interpretation wellington-over-sir-garnet), a Blücher only over a Wellington.

    >>> opens_over(WELLINGTON_CALL, Contract(5)), opens_over(WELLINGTON_CALL, Contract(4))
    (True, False)
    >>> opens_over(WELLINGTON_CALL, SIR_GARNET_NAP), opens_over(BLUCHER_CALL, WELLINGTON_CALL)
    (True, True)
    """
    if contract.declaration == WELLINGTON:
        return highest is not None and highest.tricks == NAP and highest.declaration in (None, SIR_GARNET)
    if contract.declaration == BLUCHER:
        return highest is not None and highest.declaration == WELLINGTON
    return True


__all__ = [
    "BLUCHER",
    "BLUCHER_CALL",
    "MISERY",
    "MISERY_CALL",
    "NAMED_CALLS",
    "NAP",
    "SIR_GARNET",
    "SIR_GARNET_NAP",
    "WELLINGTON",
    "WELLINGTON_CALL",
    "Contract",
    "Declaration",
    "opens_over",
    "ranking",
]
