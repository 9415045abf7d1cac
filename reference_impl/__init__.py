"""The napspec reference engine: the rules of Napoleon ("Nap"), executable.

Modules: :mod:`~reference_impl.cards` (cards as ints), :mod:`~reference_impl.rules` (the
twenty options, read from ``spec/``), :mod:`~reference_impl.actions`,
:mod:`~reference_impl.events`, :mod:`~reference_impl.hand` (one deal),
:mod:`~reference_impl.session` (a series of deals), :mod:`~reference_impl.errors`,
:mod:`~reference_impl.cli` (``napspec-reference``).

>>> from reference_impl import Hand, Rules
>>> hand = Hand(Rules.profile("wikipedia"), 5, dealer=0, seed=42)
>>> hand.phase, hand.to_act
('cut', 4)
"""

from reference_impl.hand import Hand
from reference_impl.rules import Rules
from reference_impl.session import Session

__all__ = ["Hand", "Rules", "Session"]
