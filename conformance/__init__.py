"""The engine contract and the conformance harness of napspec.

- :mod:`conformance.contract` — the Python face of the napspec/1 contract: the
  :class:`~conformance.contract.Engine` protocol, the typed engine errors, the
  ``napspec.engines`` entry points and :func:`~conformance.contract.serve`.
- :mod:`conformance.harness` — driving engines over the protocol
  (:class:`~conformance.harness.ProtocolEngine`) or in-process
  (:class:`~conformance.harness.InProcessEngine`), every response checked; applicability.
- :mod:`conformance.cases` and :mod:`conformance.cards` — building checked cases and cards.
- :mod:`conformance.schemas` — the JSON Schemas of ``conformance/schema/``.

The whole contract, for engine authors, is ``docs/implementers.md``.
"""
