"""The conformance harness of napspec.

- :mod:`napspec.protocol` — the protocol itself (every version), a package of its own below
  the harness: the :class:`~napspec.protocol.Engine` protocol, the typed engine errors, the
  ``napspec.engines`` entry points, :func:`~napspec.protocol.serve` and the message schemas.
- :mod:`napspec.conformance.harness` — driving engines over the protocol
  (:class:`~napspec.conformance.harness.ProtocolEngine`) or in-process
  (:class:`~napspec.conformance.harness.InProcessEngine`), every response checked; applicability.
- :mod:`napspec.suite.cases` and :mod:`napspec.suite.cards` — building checked cases and cards.
- :mod:`napspec.conformance.report_schemas` — the JSON Schemas of the harness's reports
  (``conformance/schema/``).

The whole contract, for engine authors, is ``docs/implementers.md``.
"""
