"""The engine contract and the conformance harness of napspec.

- :mod:`napspec.conformance.contract` — the Python face of the contract (every version of the protocol): the
  :class:`~napspec.conformance.contract.Engine` protocol, the typed engine errors, the
  ``napspec.engines`` entry points and :func:`~napspec.conformance.contract.serve`.
- :mod:`napspec.conformance.harness` — driving engines over the protocol
  (:class:`~napspec.conformance.harness.ProtocolEngine`) or in-process
  (:class:`~napspec.conformance.harness.InProcessEngine`), every response checked; applicability.
- :mod:`napspec.suite.cases` and :mod:`napspec.suite.cards` — building checked cases and cards.
- :mod:`napspec.conformance.schemas` — the JSON Schemas of ``conformance/schema/``.

The whole contract, for engine authors, is ``docs/implementers.md``.
"""
