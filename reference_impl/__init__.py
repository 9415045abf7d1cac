"""The napspec reference engine: the rules of Napoleon ("Nap"), executable.

Modules: :mod:`~napspec.reference.cards` (cards as ints), :mod:`~napspec.reference.rules` (the
twenty options, read from ``spec/``), :mod:`~napspec.reference.actions`,
:mod:`~napspec.reference.events`, :mod:`~napspec.reference.hand` (one deal),
:mod:`~napspec.reference.session` (a series of deals), :mod:`~napspec.reference.errors`,
:mod:`~napspec.reference.cli` (``napspec-reference``).

>>> from napspec.reference import Hand, Rules
>>> hand = Hand(Rules.profile("wikipedia"), 5, dealer=0, seed=42)
>>> hand.phase, hand.to_act
('cut', 4)
"""

from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.reference.session import Session

__all__ = ["Hand", "Rules", "Session"]
