"""The harness: how cases reach an engine and how its answers are judged. An engine is driven
over the JSON-lines protocol (:class:`ProtocolEngine`) or in-process
(:class:`InProcessEngine`), with every response checked against the same schemas, so that
both routes give the same results.

Every way an engine can fail becomes a typed :class:`~napspec.protocol.EngineError`
naming the case; :func:`~napspec.protocol.status_for` turns it into a status. Nothing an
engine sends is executed or evaluated: responses are parsed as JSON and checked, nothing
more.

Its modules, each read on its own:

- :mod:`~napspec.conformance.harness.applicability`: which cases an engine plays, and the form
  in which an engine of an older protocol version receives them;
- :mod:`~napspec.conformance.harness.responses`: judging hello and run responses (and the
  cases before they are sent);
- :mod:`~napspec.conformance.harness.processes`: the engine's process, its output read with
  deadlines and bounds, and what it leaves behind ended;
- :mod:`~napspec.conformance.harness.drivers`: the two routes to an engine, and
  :func:`open_engine`.

Everything named here is imported from ``napspec.conformance.harness`` by the commands, the
tests and the guide (``docs/implementers.md``).

>>> applicable({"options": {"revoke": "none"}, "queries": ["state"], "irregular": True},
...            {"options": {"revoke": ["none"]}, "queries": ["state"], "irregular_play": False})
(False, 'irregular play is not supported')
"""

from __future__ import annotations

from napspec.conformance.harness.applicability import (
    START_KINDS,
    applicable,
    away_from_plain,
    for_protocol,
    options_added_in,
    options_added_since,
    sourced_value,
)
from napspec.conformance.harness.drivers import (
    CASE_TIMEOUT,
    CLOSE_GRACE,
    MAX_RESTARTS,
    InProcessEngine,
    ProtocolEngine,
    open_engine,
)
from napspec.conformance.harness.processes import (
    EXITED_GRACE,
    MAX_HELLO,
    MAX_LINE,
    MAX_PENDING_LINES,
    STDERR_KEEP,
    STDERR_LINES,
    adopt_orphans,
    end_orphans,
)
from napspec.conformance.harness.responses import (
    MAX_DEPTH,
    MAX_HELLO_ITEMS,
    MAX_ITEMS,
    check_bounds,
    check_hello,
    check_result,
    pack_problems,
)

__all__ = [
    "CASE_TIMEOUT",
    "CLOSE_GRACE",
    "EXITED_GRACE",
    "MAX_DEPTH",
    "MAX_HELLO",
    "MAX_HELLO_ITEMS",
    "MAX_ITEMS",
    "MAX_LINE",
    "MAX_PENDING_LINES",
    "MAX_RESTARTS",
    "START_KINDS",
    "STDERR_KEEP",
    "STDERR_LINES",
    "InProcessEngine",
    "ProtocolEngine",
    "adopt_orphans",
    "applicable",
    "away_from_plain",
    "check_bounds",
    "check_hello",
    "check_result",
    "end_orphans",
    "for_protocol",
    "open_engine",
    "options_added_in",
    "options_added_since",
    "pack_problems",
    "sourced_value",
]
