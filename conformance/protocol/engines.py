"""An engine as Python sees it, and everything that can go wrong with one.

An engine is anything with three methods (:class:`Engine`): ``hello()`` returns the
handshake, ``run(case)`` plays one self-contained case and returns its result, ``close()``
releases it. The dictionaries are exactly the JSON objects of the protocol.

A Python package makes its engine available by name through the entry-point group
``napspec.engines``::

    [project.entry-points."napspec.engines"]
    reference = "napspec.reference.contract_adapter:ReferenceEngine"

The entry point names a factory (a class or a function) called with no arguments;
:func:`load_engine` finds it by name.

Everything that can go wrong with an engine is a typed :class:`EngineError`, and
:func:`status_for` says which case status each one gives.

>>> status_for(EngineTimeout("no answer within 2s", case_id="play.follow-suit/peel", timeout=2.0))
'timed-out'
>>> str(UnsupportedCase("nap-stakes=win-12-lose-6 not supported", case_id="settle.nap/house"))
"case 'settle.nap/house': nap-stakes=win-12-lose-6 not supported"
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Final, Literal, Protocol, runtime_checkable

#: The entry-point group under which installed packages register engine factories.
ENTRY_POINT_GROUP: Final = "napspec.engines"

#: The statuses a case can end with.
Status = Literal["passed", "failed", "skipped-unsupported", "errored", "timed-out"]
STATUSES: Final[tuple[Status, ...]] = ("passed", "failed", "skipped-unsupported", "errored", "timed-out")

#: The longest excerpt of an engine's output quoted in an error message.
EXCERPT_LIMIT: Final = 200


@runtime_checkable
class Engine(Protocol):
    """A Nap engine as the suite sees it.

    ``hello()`` returns the hello response (``hello-response.schema.json``); ``run(case)``
    takes a case (``case.schema.json``) and returns a run response
    (``run-response.schema.json``), or raises :class:`UnsupportedCase` for a case it cannot
    play; ``close()`` releases whatever the engine holds. An engine keeps no state from one
    case to the next.
    """

    def hello(self) -> dict[str, Any]:
        """The handshake: protocol, engine identity and capabilities."""
        ...

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        """Play one case: apply its actions in order, then answer its queries."""
        ...

    def close(self) -> None:
        """Release the engine; no call follows."""
        ...


# ---------------------------------------------------------------------------------- errors


def excerpt(received: str | bytes, limit: int = EXCERPT_LIMIT) -> str:
    """A bounded, printable quotation of what an engine sent (control characters escaped).

    >>> excerpt("not json\\n")
    "'not json\\\\n'"
    >>> len(excerpt("x" * 10_000)) < 260
    True
    """
    text = received.decode("utf-8", errors="replace") if isinstance(received, bytes) else received
    if len(text) > limit:
        return repr(text[:limit]) + f" ... ({len(text)} characters in all)"
    return repr(text)


class EngineError(Exception):
    """Something went wrong with an engine (not with the rules it plays).

    ``case_id`` names the case that was being played, when there was one.
    """

    def __init__(self, message: str, *, case_id: str | None = None) -> None:
        self.message = message
        self.case_id = case_id
        super().__init__(message)

    def __str__(self) -> str:
        return f"case {self.case_id!r}: {self.message}" if self.case_id else self.message


class EngineCrashed(EngineError):
    """The engine died (or could not be started, or raised an exception in-process) before
    answering. ``returncode`` is the exit status if known; ``stderr_tail`` the last lines it
    wrote on stderr (or the traceback of an in-process exception)."""

    def __init__(
        self,
        message: str,
        *,
        case_id: str | None = None,
        returncode: int | None = None,
        stderr_tail: str = "",
    ) -> None:
        self.returncode = returncode
        self.stderr_tail = stderr_tail
        super().__init__(message + _tail_note(stderr_tail), case_id=case_id)


class EngineTimeout(EngineError):
    """The engine did not answer within ``timeout`` seconds; it has been killed."""

    def __init__(
        self, message: str, *, case_id: str | None = None, timeout: float = 0.0, stderr_tail: str = ""
    ) -> None:
        self.timeout = timeout
        self.stderr_tail = stderr_tail
        super().__init__(message + _tail_note(stderr_tail), case_id=case_id)


class ProtocolError(EngineError):
    """The engine answered, but not as the protocol says: not JSON, off-schema, the wrong
    case, the wrong number of steps or answers, a bad handshake. ``received`` is a bounded
    excerpt of what it sent."""

    def __init__(self, message: str, *, case_id: str | None = None, received: str | bytes | None = None) -> None:
        self.received = excerpt(received) if received is not None else ""
        note = f"; received {self.received}" if received is not None else ""
        super().__init__(message + note, case_id=case_id)


class UnsupportedCase(EngineError):
    """The case needs something the engine does not declare (or the engine said so with an
    error of code ``unsupported``): the case is skipped-unsupported, not failed."""

    def __init__(self, reason: str, *, case_id: str | None = None) -> None:
        self.reason = reason
        super().__init__(reason, case_id=case_id)


class EngineReportedError(EngineError):
    """The engine answered with an error response (``{"error": {...}}``) other than
    ``unsupported``; ``code`` is the error's code (``None`` when it gave none)."""

    def __init__(self, message: str, *, case_id: str | None = None, code: str | None = None) -> None:
        self.code = code
        super().__init__(message, case_id=case_id)


class EngineUnavailable(EngineError):
    """The engine can no longer be used: it has been restarted as often as allowed, or
    an in-process engine hung and cannot be killed. Every remaining case errors with this."""


class UnknownEngine(LookupError):
    """No engine of that name is registered under ``napspec.engines``."""


def _tail_note(stderr_tail: str) -> str:
    return f"\n--- last lines of the engine's stderr ---\n{stderr_tail}" if stderr_tail.strip() else ""


def status_for(error: EngineError) -> Status:
    """The status a case gets when playing it raised ``error``: ``skipped-unsupported``
    for :class:`UnsupportedCase`, ``timed-out`` for :class:`EngineTimeout`, ``errored``
    for every other engine error."""
    if isinstance(error, UnsupportedCase):
        return "skipped-unsupported"
    if isinstance(error, EngineTimeout):
        return "timed-out"
    return "errored"


# --------------------------------------------------------------------------- entry points


def registered_engines() -> dict[str, list[EntryPoint]]:
    """Every engine registered under ``napspec.engines``, by name (a name registered by
    two distributions lists both)."""
    found: dict[str, list[EntryPoint]] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(point.name, []).append(point)
    return dict(sorted(found.items()))


def load_engine(name: str) -> Engine:
    """The engine registered under ``name``: its factory loaded and called with no
    arguments.

    :class:`UnknownEngine` names the nearest registered name and lists them all; a name
    registered twice, a factory that cannot be imported or a factory that returns
    something without ``hello``/``run``/``close`` raises :class:`UnknownEngine` or
    :class:`TypeError` with the entry point's value.
    """
    engines = registered_engines()
    points = engines.get(name)
    if not points:
        if engines:
            close = difflib.get_close_matches(name, list(engines), n=1, cutoff=0.4)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            listing = f"registered engines: {', '.join(engines)}"
        else:
            hint = ""
            listing = (
                "no engine is registered; an installed package registers one with an entry point "
                f'in the group "{ENTRY_POINT_GROUP}"'
            )
        raise UnknownEngine(f"no engine named {name!r}{hint} ({listing})")
    if len({point.value for point in points}) > 1:
        values = ", ".join(sorted({point.value for point in points}))
        raise UnknownEngine(f"engine name {name!r} is registered more than once ({values})")
    point = points[0]
    try:
        factory: Callable[[], object] = point.load()
    except (ImportError, AttributeError) as error:
        raise UnknownEngine(f"engine {name!r} ({point.value}) cannot be loaded: {error}") from error
    engine = factory()
    if not isinstance(engine, Engine):
        raise TypeError(
            f"engine {name!r} ({point.value}) returned {type(engine).__name__}, "
            "which lacks hello(), run(case) or close()"
        )
    return engine
