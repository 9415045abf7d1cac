"""The napspec reference engine: the rules of Napoleon ("Nap"), executable.

Module map (each module may import only the modules above it in this list, the register
``napspec.spec`` and the contract ``napspec.conformance.contract``; nothing imports upwards):

* :mod:`~napspec.reference.errors`: the typed errors (``IllegalAction`` and its kinds). Imports nothing.
* :mod:`~napspec.reference.cards`: cards as ints, packs, parsing and printing. Imports errors.
* :mod:`~napspec.reference.rules`: :class:`Rules`, one typed field per option, and the stakes,
  fines and ranges, all read from the register (``napspec.spec``). Imports cards, errors.
* :mod:`~napspec.reference.actions`: the actions, and the shared instances of the common ones.
  Imports cards, rules.
* :mod:`~napspec.reference.events`: the events and records (tricks, offences, results). Imports cards.
* :mod:`~napspec.reference.table`: the geometry of a table (eldest, cutter, order of play). Imports rules.
* :mod:`~napspec.reference.state`: the fields of a hand, the phase names, the notes on speed.
  Imports errors, events, rules, table.
* :mod:`~napspec.reference.deal`: set-up, cut and deal; faults of the deal recorded. Imports state
  and those below it.
* :mod:`~napspec.reference.exchanges`: between the deal and the calling (Peep, Purchase to come;
  none in the plain game). Imports state.
* :mod:`~napspec.reference.calling`: the calls and the soloist (Misery, Wellington, Blücher,
  Sir Garnet to come). Imports state and those below it.
* :mod:`~napspec.reference.play`: the tricks, stopping when decided, the showing of cards
  required. Imports state and those below it.
* :mod:`~napspec.reference.irregularities`: revokes, cards out of turn, exposed cards, the
  showing that reveals a revoke. Imports state and those below it.
* :mod:`~napspec.reference.claims`: claims of offences, their remedies and penalties. Imports
  state, calling and those below.
* :mod:`~napspec.reference.settlement`: who pays whom (the pool to come). Imports state and those below it.
* :mod:`~napspec.reference.hand`: :class:`Hand`, all the phases together: constructors,
  queries, ``legal_actions``, ``apply``, ``snapshot``. Imports the phase modules.
* :mod:`~napspec.reference.session`: :class:`Session`, a series of deals (first dealer,
  rotation, totals). Imports hand and those below it.
* :mod:`~napspec.reference.contract_adapter`: the engine behind the conformance contract.
  Imports session, hand and those below it, and ``napspec.conformance.contract``.
* :mod:`~napspec.reference.bench`: the benchmark, alone or against OpenSpiel (optional
  ``pyspiel``). Imports hand, rules.
* :mod:`~napspec.reference.cli`: the ``napspec-reference`` command. Imports any of the above.

>>> from napspec.reference import Hand, Rules
>>> hand = Hand(Rules.profile("wikipedia"), 5, dealer=0, seed=42)
>>> hand.phase, hand.to_act
('cut', 4)
"""

from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.reference.session import Session

__all__ = ["Hand", "Rules", "Session"]
