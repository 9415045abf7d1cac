"""The engine contract, the Python way in.

An engine is anything with three methods (:class:`Engine`): ``hello()`` returns the
handshake, ``run(case)`` plays one self-contained case and returns its result, ``close()``
releases it. The dictionaries are exactly the JSON objects of the napspec protocol (:data:`PROTOCOL`)
(``docs/implementers.md``, ``conformance/schema/``), so one engine can be driven in-process
or, through :func:`serve`, over the JSON-lines protocol by any harness.

napspec/1.1 adds to napspec/1 (the calls beyond Nap), napspec/1.2 to napspec/1.1 (Peep,
Purchase, the pool, short packs), napspec/1.3 to napspec/1.2 (the lowest call), napspec/1.4 to
napspec/1.3 (the trace: answers after every action of a case), and none takes anything away; an engine names the
version it speaks in its handshake, and the harness gives an engine of an older version
only what that version has (:data:`OPTIONS_BY_PROTOCOL`, :data:`ADDED_BY_PROTOCOL`).

>>> speaks("napspec/1"), speaks("napspec/1.2"), speaks("napspec/1.3"), speaks("napspec/2"), speaks("napspec/1.1.0")
(True, True, True, False, False)
>>> sorted(set(OPTIONS_BY_PROTOCOL["napspec/1.1"]) - set(OPTIONS_BY_PROTOCOL["napspec/1"]))
['blucher', 'misery', 'seven-card', 'sir-garnet', 'wellington', 'wellington-lead']
>>> len(OPTIONS_BY_PROTOCOL["napspec/1.2"]) - len(OPTIONS_BY_PROTOCOL["napspec/1.1"])
9
>>> sorted(set(OPTIONS_BY_PROTOCOL["napspec/1.3"]) - set(OPTIONS_BY_PROTOCOL["napspec/1.2"]))
['lowest-call']

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

import contextlib
import difflib
import enum
import json
import re
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from types import FrameType, MappingProxyType
from typing import Any, Final, Literal, Protocol, TextIO, runtime_checkable

from napspec.conformance import schemas

#: The protocol this package speaks: the newest version, which the harness asks for.
PROTOCOL: Final = "napspec/1.4"

#: Every version of the protocol this package speaks, oldest first. They share the major
#: version: each adds to the one before and takes nothing away.
PROTOCOLS: Final[tuple[str, ...]] = ("napspec/1", "napspec/1.1", "napspec/1.2", "napspec/1.3", "napspec/1.4")

_NAPSPEC_1_OPTIONS: Final[tuple[str, ...]] = (
    "players-min",
    "players-max",
    "dealer-sits-out",
    "first-dealer",
    "cut-minimum",
    "deal-pattern",
    "compulsory-call",
    "cards-left",
    "stop-when-decided",
    "nap-stakes",
    "fresh-deal-exposed-card",
    "fresh-deal-misdeal",
    "fresh-deal-faulty-pack",
    "fresh-deal-uncut",
    "wrong-number",
    "out-of-turn",
    "exposed-after-deal",
    "revoke",
    "show-cards",
    "right-to-information",
)

_NAPSPEC_1_1_OPTIONS: Final[tuple[str, ...]] = (
    *_NAPSPEC_1_OPTIONS,
    "misery",
    "wellington",
    "wellington-lead",
    "blucher",
    "sir-garnet",
    "seven-card",
)

_NAPSPEC_1_2_OPTIONS: Final[tuple[str, ...]] = (
    *_NAPSPEC_1_1_OPTIONS,
    "peep",
    "purchase",
    "pool",
    "pool-contributions",
    "pool-fines",
    "pool-failed-nap",
    "pool-end",
    "pack",
    "double-header",
)

#: The options (variation points of the register) each version of the protocol carries in
#: a case. A version is frozen once published: the options of the register that a version
#: lacks are sent to an engine of that version only at their plain values (an option of the plain
#: game that every source plays at one value, as the lowest call, at that value: the game the
#: older version plays), and then left out of the case (the harness decides; see
#: :func:`napspec.conformance.harness.for_protocol`).
OPTIONS_BY_PROTOCOL: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "napspec/1": _NAPSPEC_1_OPTIONS,
        "napspec/1.1": _NAPSPEC_1_1_OPTIONS,
        "napspec/1.2": _NAPSPEC_1_2_OPTIONS,
        "napspec/1.3": (*_NAPSPEC_1_2_OPTIONS, "lowest-call"),
        # napspec/1.4 adds no option: answers after each action (the trace).
        "napspec/1.4": (*_NAPSPEC_1_2_OPTIONS, "lowest-call"),
    }
)

#: The action types napspec/1.1 added, and the highest number of tricks napspec/1 has for a
#: call (a named call, ``{"call": "misery"}``, is napspec/1.1 too): an engine of napspec/1 is
#: never sent them; a case that needs them is skipped-unsupported for it.
ACTIONS_ADDED_IN_1_1: Final = frozenset({"take-extra-hand", "discard"})
#: The action types and the query napspec/1.2 added (Peep, Purchase, the pool): an engine of
#: an older version is never sent them.
ACTIONS_ADDED_IN_1_2: Final = frozenset({"buy", "peep", "take-peep-card", "decline-peep-card"})
QUERIES_ADDED_IN_1_2: Final = frozenset({"pool"})
#: The named calls of napspec/1.1 (``{"type": "call", "seat": s, "call": name}``).
NAMED_CALLS: Final[tuple[str, ...]] = ("misery", "wellington", "blucher")
NAPSPEC_1_MOST_TRICKS: Final = 5


@dataclass(frozen=True)
class Additions:
    """What one version of the protocol adds to the version before it, besides its options
    (:data:`OPTIONS_BY_PROTOCOL`): what an engine of an older version is never sent. A case
    that needs any of it is skipped-unsupported for such an engine; ``dropped_start_fields``
    are left out of the case instead (they are optional, and an engine may ignore them).
    """

    #: Action types (``{"type": ...}``).
    actions: frozenset[str] = frozenset()
    #: Fields an action may carry (``call``: a named call).
    action_fields: frozenset[str] = frozenset()
    #: The most tricks a call may name, if this version raised it.
    most_tricks: int | None = None
    #: Queries.
    queries: frozenset[str] = frozenset()
    #: Fields of the case itself.
    case_fields: tuple[str, ...] = ()
    #: Fields of a start of stacked holdings that a case needs as sent.
    start_fields: tuple[str, ...] = ()
    #: Fields of a start of stacked holdings that are left out for an older engine.
    dropped_start_fields: tuple[str, ...] = ()
    #: Kinds of start (the start's one key).
    start_kinds: tuple[str, ...] = ()
    #: Fields of the ``state`` answer required whenever a case sets an option of this
    #: version away from its plain value.
    state_fields: tuple[str, ...] = ()
    #: Options of the plain game this version added that every source plays at one value
    #: (the lowest call, one trick): an engine of an older version plays that value, read
    #: from the register's profiles, and is sent only cases at it.
    sourced_options: tuple[str, ...] = ()
    #: Optional capabilities of the handshake this version added (``trace``).
    capabilities: tuple[str, ...] = ()


#: What each version added to the one before, by version (every version after the first).
#: Adding a version of the protocol is one entry here and one in :data:`OPTIONS_BY_PROTOCOL`.
ADDED_BY_PROTOCOL: Final[Mapping[str, Additions]] = MappingProxyType(
    {
        "napspec/1.1": Additions(
            actions=ACTIONS_ADDED_IN_1_1,
            action_fields=frozenset({"call"}),
            most_tricks=7,
            start_fields=("extra_hand",),
            state_fields=("declaration", "extra_hand"),
        ),
        "napspec/1.2": Additions(
            actions=ACTIONS_ADDED_IN_1_2,
            queries=QUERIES_ADDED_IN_1_2,
            case_fields=("pool", "original_dealer"),
            start_fields=("peep_card",),
            dropped_start_fields=("stock",),
            start_kinds=("end_of_session",),
            state_fields=("peep_card", "peeped", "stock"),
        ),
        # The lowest call: nothing besides the option (a call of tricks is already a number).
        "napspec/1.3": Additions(sourced_options=("lowest-call",)),
        # The trace: an engine that declares it answers the queries after every action of a
        # case asked with ``"trace": true`` (one case for a whole random deal, not one per action).
        "napspec/1.4": Additions(case_fields=("trace",), capabilities=("trace",)),
    }
)


def most_tricks(protocol: str) -> int:
    """The most tricks a call may name in ``protocol``.

    >>> most_tricks("napspec/1"), most_tricks("napspec/1.2")
    (5, 7)
    """
    most = NAPSPEC_1_MOST_TRICKS
    for version in PROTOCOLS[1 : PROTOCOLS.index(protocol) + 1]:
        most = ADDED_BY_PROTOCOL[version].most_tricks or most
    return most


def versions() -> str:
    """The versions this package speaks, as a message names them.

    >>> versions()
    'napspec/1, napspec/1.1, napspec/1.2, napspec/1.3 or napspec/1.4'
    """
    return f"{', '.join(PROTOCOLS[:-1])} or {PROTOCOLS[-1]}" if len(PROTOCOLS) > 1 else PROTOCOLS[0]


def speaks(protocol: object) -> bool:
    """Whether ``protocol`` is a version of the protocol this package speaks (exactly one of
    :data:`PROTOCOLS`; anything else, a string or not, is not)."""
    return isinstance(protocol, str) and protocol in PROTOCOLS


#: The entry-point group under which installed packages register engine factories.
ENTRY_POINT_GROUP: Final = "napspec.engines"

#: The statuses a case can end with.
Status = Literal["passed", "failed", "skipped-unsupported", "errored", "timed-out"]
STATUSES: Final[tuple[Status, ...]] = ("passed", "failed", "skipped-unsupported", "errored", "timed-out")

#: The longest excerpt of an engine's output quoted in an error message.
EXCERPT_LIMIT: Final = 200


class ExitStatus(enum.IntEnum):
    """The exit statuses of ``napspec certify`` (and of the other commands that run an
    engine, and of ``napspec-reference``), for CI to read. Modelled on pytest's, with 2
    kept for usage errors as click and argparse use it.

    >>> [(status.name, int(status)) for status in ExitStatus]  # doctest: +NORMALIZE_WHITESPACE
    [('CERTIFIED', 0), ('NOT_CERTIFIED', 1), ('USAGE_ERROR', 2), ('INTERRUPTED', 3),
     ('ENGINE_UNAVAILABLE', 4), ('INTERNAL_ERROR', 5)]
    """

    #: Every applicable scenario passed under every target (or, for other commands: success).
    CERTIFIED = 0
    #: The run completed and some applicable scenario did not pass, or ``--max-duration``
    #: stopped it before its end (or the check failed).
    NOT_CERTIFIED = 1
    #: The command line was wrong: a missing or unknown option, an unreadable house-rules
    #: file, a report folder that cannot be written, a selection that matches nothing.
    USAGE_ERROR = 2
    #: Ctrl-C (or SIGINT/SIGTERM): the run stopped; a partial report was written.
    INTERRUPTED = 3
    #: The engine could not be started or failed its handshake; the report says why.
    ENGINE_UNAVAILABLE = 4
    #: A fault of napspec itself (please report it).
    INTERNAL_ERROR = 5


def interrupt_on_signals() -> threading.Event:
    """Ctrl-C and SIGTERM (CI cancels a job with it) end a command's run as an interrupt
    (:attr:`ExitStatus.INTERRUPTED`): each raises :class:`KeyboardInterrupt` and sets the
    event returned, which a long run checks between cases, so that an interrupt whose
    exception was swallowed on its way up is still honoured at the next case. Ctrl-C does so
    even where the process was started with it ignored (a shell's background job): the
    commands promise it. Outside the main thread, where Python takes no handler, nothing is
    changed."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        return stop

    def handler(signum: int, frame: FrameType | None) -> None:
        stop.set()
        raise KeyboardInterrupt

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, handler)
    return stop


#: Characters never shown as they are, wherever untrusted text is printed or written: C0
#: and C1 control characters and DEL (a terminal obeys them), the line and paragraph
#: separators (U+2028, U+2029: a new line to some readers), the bidirectional controls
#: (marks, embeddings, overrides and isolates: they reorder what a reader sees), the
#: zero-width characters and the byte-order mark (invisible), lone surrogates and the
#: non-characters XML refuses.
_UNPRINTABLE: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff\ufffe\uffff]"
)
#: The same, newline excepted (for a message of several lines: a traceback, a stderr tail).
_UNPRINTABLE_BUT_NEWLINE: Final = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff\ufffe\uffff]"
)
#: The most characters of untrusted text :func:`printable` keeps (a name, a version, a
#: file name); what goes beyond is cut, and the cut said.
PRINTABLE_LIMIT: Final = 300
#: The most characters of an untrusted message of several lines that is kept.
MESSAGE_LIMIT: Final = 20_000


def printable(text: object, *, limit: int = PRINTABLE_LIMIT, lines: bool = False) -> str:
    r"""``text`` made inert, the one way every command makes untrusted text (an engine's name,
    version or message, a house-rules name, a file name) safe to print or to write into a
    report, markdown or XML: every control character, line or paragraph separator,
    bidirectional control and invisible character is shown as an escape, so that it cannot
    move the cursor, retitle or clear a terminal, start a line of its own, reorder what is
    read or make XML ill-formed; and it is cut to ``limit`` characters (the cut said). With
    ``lines``, newlines are kept (a message of several lines, never a name).

    >>> print(printable("\x1b[31mERROR\x1b[0m done\x07"))
    \x1b[31mERROR\x1b[0m done\x07
    >>> print(printable("tiny\nCERTIFIED: 266/266\u2028\u202eevil"))
    tiny\x0aCERTIFIED: 266/266\u2028\u202eevil
    >>> print(printable("two\nlines\t", lines=True))
    two
    lines\x09
    >>> printable("x" * 1000, limit=10)
    'xxxxxxxxxx... (1000 characters in all)'
    """
    text = str(text)
    note = ""
    if len(text) > limit:
        note = f"... ({len(text)} characters in all)"
        text = text[:limit]
    pattern = _UNPRINTABLE_BUT_NEWLINE if lines else _UNPRINTABLE
    return pattern.sub(_escaped, text) + note


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


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


# ----------------------------------------------------------------------------------- serve


def _error_response(message: str, code: str, case_id: str | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"message": message, "code": code}
    if case_id is not None:
        error["case"] = case_id
    return {"error": error}


def _parse_request(line: str) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The request on ``line``, or the error response that answers it."""
    try:
        request = parse_json(line)
    except ValueError as error:
        return None, _error_response(f"request is not JSON: {error}; received {excerpt(line)}", "bad-request")
    # The list of problems is made only for a request that has some (the common case, a
    # valid request, takes the validator's faster path).
    problems = [] if schemas.is_valid("request", request) else schemas.errors("request", request)
    if problems:
        case = request.get("case") if isinstance(request, dict) else None
        case_id = case.get("id") if isinstance(case, dict) and isinstance(case.get("id"), str) else None
        return None, _error_response("request is off-schema: " + "; ".join(problems), "bad-request", case_id)
    assert isinstance(request, dict)  # the request schema admits objects only
    return request, None


#: The most digits of a whole number in a protocol message (its numbers are seats, tricks
#: and stakes; Python refuses more than 4300 digits, with a message about its own limits).
MAX_DIGITS: Final = 100


class JSONLimitError(ValueError):
    """JSON that is well-formed but goes beyond what the protocol reads (a number too long)."""


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise JSONLimitError(f"a whole number of {digits} digits (the protocol reads at most {MAX_DIGITS})")
    return int(text)


def _reject_constant(name: str) -> Any:
    # Python's json accepts NaN and Infinity, which are not JSON; the protocol is JSON.
    raise ValueError(f"{name} is not JSON")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # The contract forbids a key given twice (which one would be meant?).
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {excerpt(key)}")
        result[key] = value
    return result


def parse_json(line: bytes | str) -> object:
    """A line of the protocol parsed as strict JSON (no NaN or Infinity, no duplicate keys),
    whichever side sent it; :class:`ValueError` otherwise. Parsing is all that is ever done
    with it.

    >>> parse_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> parse_json('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    ValueError: duplicate key 'a'
    >>> parse_json("[" + "9" * 5000 + "]")
    Traceback (most recent call last):
    ...
    napspec.conformance.contract.JSONLimitError: a whole number of 5000 digits (the protocol reads at most 100)
    """
    text = line.decode("utf-8") if isinstance(line, bytes) else line
    try:
        return json.loads(
            text, parse_constant=_reject_constant, parse_int=_bounded_int, object_pairs_hook=_no_duplicate_keys
        )
    except RecursionError as error:
        raise ValueError("nested too deeply") from error


def handle_request(engine: Engine, line: str) -> tuple[dict[str, Any], bool]:
    """The response to one request line, and whether the conversation is over (after
    ``bye``). Never raises for anything the request or the engine does wrong: that is an
    error response."""
    request, failure = _parse_request(line)
    if request is None:
        assert failure is not None
        return failure, False
    command = request["cmd"]
    case_id: str | None = request["case"]["id"] if command == "run" else None
    try:
        # Engines print to sys.stdout by accident (debugging, a chatty library); on the
        # protocol stream that would be read as a response, so it goes to stderr.
        with contextlib.redirect_stdout(sys.stderr):
            if command == "hello":
                # Any version of the same major is answered with the engine's own handshake,
                # which names the version it speaks; the harness takes it from there.
                if not speaks(request["protocol"]):
                    return _error_response(
                        f"this engine speaks {versions()}, not {request['protocol']}", "bad-request"
                    ), False
                return engine.hello(), False
            if command == "bye":
                return {"bye": True}, True
            return engine.run(request["case"]), False
    except UnsupportedCase as error:
        return _error_response(error.reason, "unsupported", case_id), False
    except Exception as error:
        traceback.print_exc(file=sys.stderr)
        return _error_response(f"{type(error).__name__}: {error}", "internal", case_id), False


def serve(engine: Engine, stdin: TextIO, stdout: TextIO) -> None:
    """Run the protocol's JSON-lines loop (any version of :data:`PROTOCOLS`) for a Python
    engine: read requests from ``stdin``, write one response line per request to
    ``stdout``, until ``bye`` or end of input; then close the engine. A hello of any
    version of :data:`PROTOCOLS` is answered with the engine's handshake (which says which
    of them it speaks); a hello of any other version with an error response.

    Malformed requests, engine exceptions and unserialisable results are answered with
    ``{"error": ...}``; the loop itself does not crash.

    >>> import io
    >>> class Null:
    ...     def hello(self): return {"protocol": "napspec/1"}
    ...     def run(self, case): return {"case": case["id"], "steps": [], "answers": {}}
    ...     def close(self): pass
    >>> out = io.StringIO()
    >>> serve(Null(), io.StringIO('{"cmd": "hello", "protocol": "napspec/1.2"}\\nnot json\\n{"cmd": "bye"}\\n'), out)
    >>> for line in out.getvalue().splitlines():
    ...     print(line[:100])
    {"protocol":"napspec/1"}
    {"error":{"message":"request is not JSON: Expecting value: line 1 column 1 (char 0); received 'not j
    {"bye":true}
    """
    try:
        for raw in stdin:
            line = raw.strip()
            if not line:
                continue  # blank lines carry nothing; the protocol ignores them
            response, finished = handle_request(engine, line)
            try:
                # ASCII output (non-ASCII escaped) is valid UTF-8 whatever the console's encoding.
                text = json.dumps(response, separators=(",", ":"), allow_nan=False)
            except (TypeError, ValueError) as error:
                case_id = response.get("case") if isinstance(response.get("case"), str) else None
                text = json.dumps(
                    _error_response(f"engine returned a result that is not JSON: {error}", "internal", case_id),
                    separators=(",", ":"),
                )
            stdout.write(text + "\n")
            stdout.flush()
            if finished:
                break
    finally:
        engine.close()
