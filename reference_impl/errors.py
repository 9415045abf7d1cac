"""Typed errors of the reference engine.

Every error the engine raises on purpose is a :class:`NapError`. Three families:

* :class:`RulesError` — a mapping of options that is not a valid set of rules (an unknown,
  missing or badly typed option, or a value the option does not have), or a table size the
  rules do not allow. It names the option.
* :class:`CardError` — card text that names no card.
* :class:`IllegalAction` — an action the rules (or the state of the hand) do not allow. A
  rejected action leaves the hand exactly as it was. Each reason has its own subclass, so a
  test (or a conformance harness) can tell *why* an action was refused.

>>> issubclass(MustFollowSuit, IllegalAction) and issubclass(IllegalAction, NapError)
True
>>> str(RulesError("unknown option 'nap-stake'"))
"unknown option 'nap-stake'"
"""

from __future__ import annotations


class NapError(Exception):
    """Base class of every error raised by the reference engine."""


class RulesError(NapError, ValueError):
    """Options that do not make a valid set of rules; the message names the option."""


class CardError(NapError, ValueError):
    """Text that does not name a card (e.g. ``"1S"`` or ``"AX"``)."""


class IllegalAction(NapError):
    """An action the rules or the state of the hand do not allow; the hand is unchanged."""


class WrongPhase(IllegalAction):
    """The action belongs to another phase of the hand (or the hand is closed)."""


class NotYourTurn(IllegalAction):
    """The seat is not the one to act (without ``allow_irregular`` for a card played)."""


class NoSuchSeat(IllegalAction):
    """The seat is not at the table, or takes no part in what the action needs."""


class BadCut(IllegalAction):
    """A cut that leaves fewer cards in a packet than the rules require."""


class BadDeal(IllegalAction):
    """A deal by someone other than the dealer, or an irregular deal that cannot be made."""


class BadCall(IllegalAction):
    """A call of a number of tricks the rules do not have (outside one to five; three to
    seven at seven-card Nap), or of no call at all."""


class CallTooLow(IllegalAction):
    """A call that does not exceed the highest call so far."""


class CallNotAllowed(IllegalAction):
    """A call the rules in force do not have, or that is not open now: a named call they do
    not play, a Wellington not over a Nap, a Blücher not over a Wellington; the extra hand
    taken when it is not open; a call or a pass by a player who has taken the extra hand and
    not yet discarded."""


class BadDiscard(IllegalAction):
    """A discard that is not five distinct cards of the player's hand, or by a player who has
    taken no extra hand."""


class MustLeadLowestTrump(IllegalAction):
    """A Wellington caller's first lead that is not the lowest card he holds of its suit
    (option ``wellington-lead`` = ``lowest-trump``)."""


class CannotPass(IllegalAction):
    """A pass by a player whom the rules oblige to call."""


class CardNotHeld(IllegalAction):
    """A card that the player does not hold."""


class MustFollowSuit(IllegalAction):
    """A card of another suit played by a player who holds a card of the suit led."""


class NotProvidedFor(IllegalAction):
    """A claim, remedy or right that the rules in force do not give (or no longer give)."""


class NoSuchOffence(IllegalAction):
    """A claim of an offence that was never recorded, was already claimed or was taken back."""


class BadPurchase(IllegalAction):
    """Purchase Nap: a purchase that is not of distinct cards, or of more than five."""


class NotEnoughStock(IllegalAction):
    """Purchase Nap: more cards thrown away than the stock still holds to serve
    (interpretation purchase-stock-runs-out)."""


class IrregularPlayNotAllowed(IllegalAction):
    """An irregular action (an exposed card, a wrong deal...) in a hand without
    ``allow_irregular``."""


class NotAnAction(IllegalAction):
    """Something passed to ``apply`` that is not one of the engine's actions."""


__all__ = [
    "BadCall",
    "BadCut",
    "BadDeal",
    "BadDiscard",
    "BadPurchase",
    "CallNotAllowed",
    "CallTooLow",
    "CannotPass",
    "CardError",
    "CardNotHeld",
    "IllegalAction",
    "IrregularPlayNotAllowed",
    "MustFollowSuit",
    "MustLeadLowestTrump",
    "NapError",
    "NoSuchOffence",
    "NoSuchSeat",
    "NotAnAction",
    "NotEnoughStock",
    "NotProvidedFor",
    "NotYourTurn",
    "RulesError",
    "WrongPhase",
]
