"""The napspec reference engine: the rules of Napoleon ("Nap"), executable.

Module map, in layers: each module imports only modules listed above it (and, of the rest of
the project, only the register ``napspec.spec`` and the protocol ``napspec.protocol``). A
hand is played by parts, one for each phase, each keeping its own state; the phase modules,
from ``deal`` to ``settlement``, import none of one another: what several parts read is a
record of :mod:`~napspec.reference.state`, and a part that needs another is given it by the
course, as a protocol of its own module. The course (:mod:`~napspec.reference.course`) makes
each part as its phase begins and moves the hand from phase to phase; the hand
(:mod:`~napspec.reference.hand`) is the façade.

* :mod:`~napspec.reference.errors`: the typed errors (``IllegalAction`` and its kinds).
* :mod:`~napspec.reference.events`: the events and records (tricks, offences, results).
* :mod:`~napspec.reference.cards`: cards as ints, packs, parsing and printing.
* :mod:`~napspec.reference.contracts`: what a call undertakes (:class:`Contract`) and the
  ranking of the calls: one to five tricks, Misery, Wellington, Blücher, Sir Garnet's Nap.
* :mod:`~napspec.reference.rules`: :class:`Rules`, one typed field per option, and the facts
  read from the register: stakes, fines, ranges, the cards each player is dealt, the calls
  there are.
* :mod:`~napspec.reference.actions`: the actions, and the shared instances of the common ones.
* :mod:`~napspec.reference.table`: the geometry of a table (eldest, cutter, order of play).
* :mod:`~napspec.reference.state`: the phase names, the records the parts share (the cards, the
  offences, the penalties), the interface of the part in force, the notes on speed.
* :mod:`~napspec.reference.deal`: set-up, the cut and the deal; the faults of the deal recorded.
* :mod:`~napspec.reference.exchanges`: Purchase Nap between the deal and the calling, Peep
  Nap's peep in the calling and its exchange after it; none in the plain game.
* :mod:`~napspec.reference.calling`: the calls and the soloist, Misery, Wellington and
  Blücher included.
* :mod:`~napspec.reference.extra_hand`: Sir Garnet's extra hand: taken in the calling, five
  cards discarded, a call of Nap.
* :mod:`~napspec.reference.play`: the tricks, revokes and cards out of turn, stopping when
  decided, the showing required, the right to information; Misery without trumps,
  Wellington's lowest-trump lead.
* :mod:`~napspec.reference.irregularities`: exposed cards, the showing of cards that reveals
  a revoke.
* :mod:`~napspec.reference.claims`: claims of offences, their remedies and penalties.
* :mod:`~napspec.reference.pool`: the pool's account: what it holds, every movement in or out;
  the contributions, fines, the pool taken by a made Nap, and the pool disposed of when play
  ends.
* :mod:`~napspec.reference.settlement`: who pays whom.
* :mod:`~napspec.reference.course`: the course of a hand: the parts made as their phases
  begin, the part in force, the handing on from phase to phase, the actions of any phase.
* :mod:`~napspec.reference.hand`: :class:`Hand`, the façade over the course: constructors,
  queries, ``legal_actions``, ``apply``, ``snapshot``.
* :mod:`~napspec.reference.session`: :class:`Session`, a series of deals (first dealer,
  rotation, totals, the pool carried from deal to deal and disposed of at the end).
* :mod:`~napspec.reference.contract_adapter`: the engine behind the conformance contract.
* :mod:`~napspec.reference.held`: the engine held to one set of rules whatever a case asks
  (``serve --hold-profile``), what ``napspec discover`` is tested on.
* :mod:`~napspec.reference.bench`: the benchmark: random hands, or whole sessions.
* :mod:`~napspec.reference.cli`: the ``napspec-reference`` command.

The analyses of the game by machine (the exact solver, the sweeps of every hand, the
simulations, the claims' evidence, the comparison with OpenSpiel) are the lab beside the engine,
:mod:`napspec.lab`, which may use the engine; the engine imports nothing of it.

>>> from napspec.reference import Hand, Rules
>>> hand = Hand(Rules.profile("wikipedia"), 5, dealer=0, seed=42)
>>> hand.phase, hand.to_act
('cut', 4)
"""

from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.reference.session import Session

__all__ = ["Hand", "Rules", "Session"]
