"""The napspec protocol, the Python way in: what an engine author imports.

An engine is anything with three methods (:class:`Engine`): ``hello()`` returns the
handshake, ``run(case)`` plays one self-contained case and returns its result, ``close()``
releases it. The dictionaries are exactly the JSON objects of the napspec protocol
(:data:`PROTOCOL`; ``docs/implementers.md``, ``conformance/protocol/schema/``), so one engine
can be driven in-process or, through :func:`serve`, over the JSON-lines protocol by any
harness. A case the engine cannot play raises :class:`UnsupportedCase`::

    import sys

    from napspec.protocol import PROTOCOL, UnsupportedCase, serve

    class MyNapEngine:
        def hello(self): return {"protocol": PROTOCOL, "engine": {...}, "capabilities": {...}}
        def run(self, case): ...  # the run response, or raise UnsupportedCase(reason)
        def close(self): pass

    serve(MyNapEngine(), sys.stdin, sys.stdout)

A Python package registers its engine by name under the entry-point group
``napspec.engines`` (:data:`ENTRY_POINT_GROUP`), and :func:`load_engine` finds it.

The package is the bottom of napspec: it imports nothing of the rest (the register, the
suite, the harness, the engines), and all of them may import it. By concern:

* :mod:`~napspec.protocol.versioning`: the versions (:data:`PROTOCOL`, :data:`PROTOCOLS`),
  the options each carries (:data:`OPTIONS_BY_PROTOCOL`) and what else each added
  (:data:`ADDED_BY_PROTOCOL`).
* :mod:`~napspec.protocol.engines`: the :class:`Engine` protocol, the typed
  :class:`EngineError` family and the status each gives (:func:`status_for`), the engines
  registered by name.
* :mod:`~napspec.protocol.wire`: strict JSON (:func:`parse_json`), a request answered
  (:func:`handle_request`), the whole conversation served (:func:`serve`).
* :mod:`~napspec.protocol.schemas`: the JSON Schemas of the messages, every message checked.

>>> from napspec.protocol import PROTOCOLS, speaks
>>> PROTOCOLS[0], all(speaks(version) for version in PROTOCOLS), speaks("napspec/2")
('napspec/1', True, False)
"""

from napspec.protocol.engines import (
    ENTRY_POINT_GROUP,
    EXCERPT_LIMIT,
    STATUSES,
    Engine,
    EngineCrashed,
    EngineError,
    EngineReportedError,
    EngineTimeout,
    EngineUnavailable,
    ProtocolError,
    Status,
    UnknownEngine,
    UnsupportedCase,
    excerpt,
    load_engine,
    registered_engines,
    status_for,
)
from napspec.protocol.versioning import (
    ACTIONS_ADDED_IN_1_1,
    ACTIONS_ADDED_IN_1_2,
    ADDED_BY_PROTOCOL,
    NAMED_CALLS,
    NAPSPEC_1_MOST_TRICKS,
    OPTIONS_BY_PROTOCOL,
    PROTOCOL,
    PROTOCOLS,
    QUERIES_ADDED_IN_1_2,
    Additions,
    most_tricks,
    speaks,
    versions,
)
from napspec.protocol.wire import MAX_DIGITS, JSONLimitError, handle_request, parse_json, serve

__all__ = [
    "ACTIONS_ADDED_IN_1_1",
    "ACTIONS_ADDED_IN_1_2",
    "ADDED_BY_PROTOCOL",
    "ENTRY_POINT_GROUP",
    "EXCERPT_LIMIT",
    "MAX_DIGITS",
    "NAMED_CALLS",
    "NAPSPEC_1_MOST_TRICKS",
    "OPTIONS_BY_PROTOCOL",
    "PROTOCOL",
    "PROTOCOLS",
    "QUERIES_ADDED_IN_1_2",
    "STATUSES",
    "Additions",
    "Engine",
    "EngineCrashed",
    "EngineError",
    "EngineReportedError",
    "EngineTimeout",
    "EngineUnavailable",
    "JSONLimitError",
    "ProtocolError",
    "Status",
    "UnknownEngine",
    "UnsupportedCase",
    "excerpt",
    "handle_request",
    "load_engine",
    "most_tricks",
    "parse_json",
    "registered_engines",
    "serve",
    "speaks",
    "status_for",
    "versions",
]
