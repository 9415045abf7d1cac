"""Driving an engine: over the JSON-lines protocol (:class:`ProtocolEngine`) or in-process
(:class:`InProcessEngine`), each case made fit for the engine's protocol version, sent only
if it applies, and its response judged by the same checks, so that both routes give the
same results; :func:`open_engine` picks the route.
"""

from __future__ import annotations

import copy
import json
import queue
import re
import shlex
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Self, TypeVar

import orjson

from napspec.conformance.harness.applicability import applicable, for_protocol
from napspec.conformance.harness.processes import MAX_HELLO, MAX_LINE, EngineProcess
from napspec.conformance.harness.responses import check_hello, check_result, checked_case, is_refusal, newer_than
from napspec.protocol import (
    MAX_DIGITS,
    PROTOCOL,
    PROTOCOLS,
    Engine,
    EngineCrashed,
    EngineError,
    EngineReportedError,
    EngineTimeout,
    EngineUnavailable,
    JSONLimitError,
    ProtocolError,
    UnsupportedCase,
    excerpt,
    parse_json,
)

T = TypeVar("T")

#: A run of digits longer than the protocol reads in a number (``napspec.protocol.MAX_DIGITS``).
_LONG_NUMBER: Final = re.compile(f"[0-9]{{{MAX_DIGITS + 1}}}")

#: How long ``close()`` waits for an engine to answer ``bye`` and exit before killing it.
CLOSE_GRACE: Final = 2.0

#: The seconds an engine may take per case, and the restarts of a crashed engine in one run,
#: unless the runner says otherwise (``--case-timeout``, ``--max-restarts``): one default for
#: the harness, the commands and the guide (a test compares them).
CASE_TIMEOUT: Final = 10.0
MAX_RESTARTS: Final = 5


# ------------------------------------------------------------------------- protocol engines


class ProtocolEngine:
    """An engine in another process, spoken to over the protocol's JSON lines (the newest version, or an older one,
    if that is what the engine's handshake says it speaks: see :func:`for_protocol`).

    ``command`` is the argument vector (split with :func:`shlex.split` by the caller; no
    shell is involved). The engine is started on first use and handshakes; each case is
    sent as one line and must be answered with one line within ``timeout`` seconds
    (``startup_timeout``, default ``max(timeout, 10)``, for the handshake). An engine that
    crashes, hangs or garbles its output is killed, the case raises the matching
    :class:`EngineError`, and the next case restarts it — at most ``max_restarts`` times,
    after which every case raises :class:`EngineUnavailable`. An engine whose handshake is
    invalid is not restarted: every case raises the same :class:`ProtocolError`.

    Also usable as a context manager (``close()`` on exit).
    """

    def __init__(
        self,
        command: Sequence[str],
        timeout: float = CASE_TIMEOUT,
        max_restarts: int = MAX_RESTARTS,
        cwd: str | Path | None = None,
        *,
        startup_timeout: float | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        if not command:
            raise ValueError("an engine command needs at least a program")
        self.command = list(command)
        self.timeout = timeout
        self.max_restarts = max_restarts
        self.cwd = cwd
        self.startup_timeout = startup_timeout if startup_timeout is not None else max(timeout, 10.0)
        self.env = env
        #: How many times the engine has been restarted.
        self.restarts = 0
        #: Lines the engine sent that answered no request (bounded excerpts), for diagnosis.
        self.stray_output: list[str] = []
        self._process: EngineProcess | None = None
        self._starts = 0
        self._hello: dict[str, Any] | None = None
        self._broken: ProtocolError | EngineReportedError | None = None
        self._closed = False

    # ----------------------------------------------------------------- public interface

    def hello(self) -> dict[str, Any]:
        """The engine's hello response (starting it if need be)."""
        return self._ensure_started(None)

    @property
    def capabilities(self) -> dict[str, Any]:
        """The capabilities the engine declared."""
        capabilities: dict[str, Any] = self.hello()["capabilities"]
        return capabilities

    def run(self, case: dict[str, Any], *, drawing: bool = False) -> dict[str, Any]:
        """Play ``case``; its checked run response, or the :class:`EngineError` it came to.

        A case that does not apply to the engine's capabilities is not sent: it raises
        :class:`UnsupportedCase`. A malformed case raises :class:`~napspec.suite.cases.CaseError`.
        ``drawing``: see :func:`prepared`.
        """
        hello = self._ensure_started(case.get("id"))
        case = prepared(case, hello, drawing=drawing)
        response = self._exchange({"cmd": "run", "case": case}, case["id"], self.timeout)
        return check_result(case, response, hello["protocol"], parsed=True, drawing=drawing)

    def close(self) -> None:
        """Say bye, give the engine a moment to exit, then kill it if it has not."""
        self._closed = True
        process, self._process = self._process, None
        if process is None:
            return
        if process.alive():
            try:
                process.drain()
                process.send({"cmd": "bye"})
                deadline = time.monotonic() + min(self.timeout, CLOSE_GRACE)
                process.receive(deadline)  # the {"bye": true}; its content no longer matters
                process.returncode(max(0.0, deadline - time.monotonic()) or 0.01)
            finally:
                process.kill()
        else:
            process.kill()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def name(self) -> str:
        """The engine's name from its handshake, or its command line before it."""
        if self._hello is not None:
            return f"{self._hello['engine']['name']} {self._hello['engine']['version']}"
        return " ".join(self.command)

    # ------------------------------------------------------------------------ internals

    def _ensure_started(self, case_id: str | None) -> dict[str, Any]:
        if self._closed:
            raise EngineUnavailable("the engine has been closed", case_id=case_id)
        if self._broken is not None:
            # A handshake that was wrong once will be wrong again: do not restart, repeat.
            error = copy.copy(self._broken)
            error.case_id = case_id
            raise error
        if self._process is not None and self._process.alive() and self._hello is not None:
            return self._hello
        if self._process is not None:
            self._process.kill()  # died between cases: reap it before starting anew
            self._process = None
        if self._starts > 0:
            if self.restarts >= self.max_restarts:
                raise EngineUnavailable(
                    f"engine {' '.join(self.command)!r} has been restarted {self.restarts} time"
                    f"{'s' if self.restarts != 1 else ''} (the limit); no more cases are sent to it",
                    case_id=case_id,
                )
            self.restarts += 1
        self._starts += 1
        try:
            self._process = EngineProcess(self.command, self.cwd, self.env)
        except OSError as error:
            raise EngineCrashed(
                f"engine {' '.join(self.command)!r} could not be started: {error.strerror or error}", case_id=case_id
            ) from error
        try:
            response = self._ask_hello(case_id)
            self._hello = check_hello(response, case_id=case_id)
        except (ProtocolError, EngineReportedError) as error:
            self._broken = error
            self._kill()
            raise
        return self._hello

    def _ask_hello(self, case_id: str | None) -> object:
        """The engine's answer to a hello of the newest version it accepts: the harness asks
        for the newest version, and an engine that refuses it (as an engine written for an
        older version answers any other) is asked again in each older version in turn. An
        engine that accepts a version must answer with that version or an older one."""
        response: object = None
        for asked in reversed(PROTOCOLS):
            response = self._exchange({"cmd": "hello", "protocol": asked}, case_id, self.startup_timeout, "hello")
            if is_refusal(response):
                continue
            if asked != PROTOCOL:
                hello = check_hello(response, case_id=case_id)
                if PROTOCOLS.index(hello["protocol"]) > PROTOCOLS.index(asked):
                    raise ProtocolError(
                        f"engine refused a hello of {newer_than(asked)}, then answered one of {asked} "
                        f"with {hello['protocol']}",
                        case_id=case_id,
                    )
            return response
        return response

    def _kill(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process = None

    def _exchange(self, request: Mapping[str, Any], case_id: str | None, timeout: float, what: str = "run") -> object:
        """Send ``request`` and return the parsed response line, or raise."""
        process = self._process
        assert process is not None
        for stray in process.drain():
            self.stray_output.append(excerpt(stray))
        process.send(request)
        deadline = time.monotonic() + timeout
        line = process.receive(deadline)
        if line is None:
            tail = process.stderr_tail()
            self._kill()
            raise EngineTimeout(
                f"no response to {what} within {timeout:g}s; the engine was killed",
                case_id=case_id,
                timeout=timeout,
                stderr_tail=tail,
            )
        if line == EngineProcess._EOF:
            # A moment for the exit status and the last of stderr, within the deadline.
            grace = min(1.0, max(0.05, deadline - time.monotonic()))
            code = process.returncode(wait=grace)
            self._kill()
            tail = process.stderr_tail(wait=0.2)
            status = f"exit status {code}" if code is not None else "its output closed"
            if process.unfinished:
                status += f", leaving an unfinished line: {excerpt(process.unfinished)}"
            raise EngineCrashed(
                f"engine stopped without answering {what} ({status})",
                case_id=case_id,
                returncode=code,
                stderr_tail=tail,
            )
        limit = MAX_HELLO if what == "hello" else MAX_LINE
        if len(line) > limit:
            self._kill()
            raise ProtocolError(f"{what} response longer than {limit} bytes", case_id=case_id, received=line[:1000])
        try:
            return parse_json(line)
        except (ValueError, UnicodeDecodeError) as error:
            # After a line that is not JSON the stream cannot be trusted to be in step
            # (was it half a response? one of several?), so the engine is restarted.
            self._kill()
            kind = "JSON beyond the protocol's limits" if isinstance(error, JSONLimitError) else "not JSON"
            raise ProtocolError(f"response to {what} is {kind} ({error})", case_id=case_id, received=line) from None


# ------------------------------------------------------------------------ in-process engines


class InProcessEngine:
    """A Python :class:`~napspec.protocol.Engine` called directly, its output checked
    exactly as a :class:`ProtocolEngine`'s is (it goes through a JSON round trip first, as
    it would on the wire), so both routes give identical results.

    An exception raised inside the engine errors the case (:class:`EngineCrashed`, with the
    traceback) instead of crashing the harness; an :class:`UnsupportedCase` it raises
    skips the case. With ``timeout``, each call runs on a worker thread and a call that
    overruns raises :class:`EngineTimeout`; since a thread cannot be killed, every later
    case then raises :class:`EngineUnavailable`.
    """

    def __init__(self, engine: Engine, timeout: float | None = None) -> None:
        self.engine = engine
        self.timeout = timeout
        self._hello: dict[str, Any] | None = None
        self._hung: EngineTimeout | None = None
        self._worker: _Worker | None = None
        #: The engine's copy of each part of the last case (by key), with the part it copies.
        self._copies: dict[str, tuple[object, object]] = {}

    def hello(self) -> dict[str, Any]:
        """The engine's hello response, checked (asked once)."""
        return self._handshake(None)

    @property
    def capabilities(self) -> dict[str, Any]:
        """The capabilities the engine declared."""
        capabilities: dict[str, Any] = self.hello()["capabilities"]
        return capabilities

    @property
    def name(self) -> str:
        """The engine's name and version from its handshake."""
        hello = self.hello()
        return f"{hello['engine']['name']} {hello['engine']['version']}"

    def run(self, case: dict[str, Any], *, drawing: bool = False) -> dict[str, Any]:
        """Play ``case``; its checked run response, or the :class:`EngineError` it came to
        (as :meth:`ProtocolEngine.run`)."""
        hello = self._handshake(case.get("id"))
        case = prepared(case, hello, drawing=drawing)
        case_id: str = case["id"]
        sent = self._sent(case)
        response = self._call(lambda: self.engine.run(sent), case_id, "run")
        checked = self._as_json(response, case_id, "run")
        return check_result(case, checked, hello["protocol"], parsed=True, drawing=drawing)

    def _sent(self, case: dict[str, Any]) -> dict[str, Any]:
        """The engine's own copy of ``case``, as the wire would give it: whatever it does to
        it cannot change the case (a JSON round trip: the case is plain JSON, checked).

        A random deal's cases differ only in their actions: a part that is the last case's
        (the same object, its options or its start) is given as the engine's copy of it was,
        while that copy is still equal to it (unless the engine changed it: then it is copied
        again), instead of being copied once per action."""
        sent: dict[str, Any] = {}
        for key, value in case.items():
            if not isinstance(value, dict | list):
                sent[key] = value
                continue
            kept = self._copies.get(key)
            if kept is not None and kept[0] is value and kept[1] == value:
                sent[key] = kept[1]
                continue
            sent[key] = orjson.loads(orjson.dumps(value))
            self._copies[key] = (value, sent[key])
        return sent

    def close(self) -> None:
        """Close the engine (an exception from its close() is not the harness's problem)."""
        if self._worker is not None and self._hung is None:
            self._worker.stop()
        self._worker = None
        try:
            self.engine.close()
        except Exception:
            traceback.print_exc(file=sys.stderr)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _handshake(self, case_id: str | None) -> dict[str, Any]:
        if self._hello is None:
            response = self._call(self.engine.hello, case_id, "hello")
            self._hello = check_hello(self._as_json(response, case_id, "hello"), case_id=case_id)
        return self._hello

    def in_turn(self, job: Callable[[], T], calls: int) -> T:
        """Run ``job`` on the engine's thread, where the engine's calls it makes (through
        :meth:`run`) are made directly, with no turn of their own: the whole of it within
        ``calls`` times the deadline of one call (:class:`EngineTimeout` beyond, as for one
        call). A random deal drawn from the engine's answers, one case per action, waits so
        once, not once per action. Whatever ``job`` raises is raised here."""
        if self._hung is not None:
            raise EngineUnavailable(f"the in-process engine hung earlier ({self._hung.message}) and cannot be stopped")
        if self.timeout is None:
            return job()
        if self._worker is None:
            self._worker = _Worker()
        done, returned, outcome = self._worker.call(job, self.timeout * calls)
        if not done:
            self._hung = EngineTimeout(
                f"no end to {calls} cases within {self.timeout * calls:g}s", timeout=self.timeout * calls
            )
            raise self._hung
        if not returned:
            assert isinstance(outcome, BaseException)
            raise outcome
        return outcome  # type: ignore[return-value]  # what job returned

    def _call(self, function: Any, case_id: str | None, what: str) -> object:
        if self._hung is not None:
            raise EngineUnavailable(
                f"the in-process engine hung earlier ({self._hung.message}) and cannot be stopped", case_id=case_id
            )
        if self.timeout is None or (self._worker is not None and self._worker.serving()):
            return self._guarded(function, case_id, what)
        if self._worker is None:
            self._worker = _Worker()
        done, returned, outcome = self._worker.call(lambda: self._guarded(function, case_id, what), self.timeout)
        if not done:
            self._hung = EngineTimeout(
                f"no response to {what} within {self.timeout:g}s", case_id=case_id, timeout=self.timeout
            )
            raise self._hung
        if not returned:
            assert isinstance(outcome, BaseException)
            raise outcome
        return outcome

    @staticmethod
    def _guarded(function: Any, case_id: str | None, what: str) -> object:
        try:
            result: object = function()
        except UnsupportedCase as error:
            error.case_id = case_id
            raise
        except EngineError:
            raise
        except Exception as error:
            raise EngineCrashed(
                f"engine raised {type(error).__name__} during {what}: {error}",
                case_id=case_id,
                stderr_tail="".join(traceback.format_exception(error)).rstrip(),
            ) from error
        return result

    @staticmethod
    def _as_json(response: object, case_id: str | None, what: str) -> object:
        """``response`` as it would arrive over the wire: serialised and parsed again, so
        tuples become lists and anything JSON cannot carry is a protocol error."""
        try:
            copied = orjson.loads(orjson.dumps(response))
        except (TypeError, ValueError):
            pass  # a key that is not text, a number beyond 64 bits, nesting too deep: the careful way
        else:
            # orjson writes NaN as null and a tuple as a list: a copy equal to the response is
            # the response as the wire carries it; anything else takes the careful way.
            if copied == response:
                return copied
        failure: Exception | None = None
        try:
            # Sorted keys: a dict whose keys are of several types (1 and "1", which JSON
            # would write as one key twice) cannot be sorted, and takes the careful way.
            text = json.dumps(response, allow_nan=False, ensure_ascii=False, sort_keys=True)
        except TypeError:
            pass
        except (ValueError, RecursionError) as error:
            failure = error
        else:
            if _LONG_NUMBER.search(text) is None:
                # No key twice and no number beyond the protocol's digits: what the strict
                # parser would read, read at the C parser's speed.
                return json.loads(text)
            return parse_json(text)
        if failure is None:
            try:
                return parse_json(json.dumps(response, allow_nan=False, ensure_ascii=False))
            except (TypeError, ValueError, RecursionError) as error:
                failure = error
        raise ProtocolError(
            f"{what} response is not JSON-serialisable ({failure})", case_id=case_id, received=repr(response)
        ) from None


def prepared(case: dict[str, Any], hello: Mapping[str, Any], *, drawing: bool = False) -> dict[str, Any]:
    """``case`` as it is sent to an engine with the handshake ``hello``: checked (a
    malformed case is the suite's fault: :class:`~napspec.suite.cases.CaseError`), in the
    form its version of the protocol takes, and only if it applies to the engine's
    capabilities (else :class:`UnsupportedCase`). A case ``drawing`` a random deal (the
    oracle's, :mod:`napspec.conformance.deals`) was made by the harness within what the
    engine plays, from a case checked already: it is only put in the engine's version's form."""
    if not drawing:
        case = checked_case(case)
    case = for_protocol(case, hello["protocol"], hello["capabilities"])
    if not drawing:
        fits, reason = applicable(case, hello["capabilities"])
        if not fits:
            raise UnsupportedCase(reason, case_id=case["id"])
    return case


class _Worker:
    """The thread an in-process engine's calls run on, one at a time, so that each can be
    given a deadline (a thread a call is waited on with a timeout; a daemon, so that an
    engine that never returns cannot keep the process from ending). One thread serves every
    call, where starting one per call cost more than many an engine's answer."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Any, list[tuple[bool, object]], threading.Event] | None] = (
            queue.SimpleQueue()
        )
        self._thread = threading.Thread(target=self._serve, name="napspec-in-process-engine", daemon=True)
        self._thread.start()

    def serving(self) -> bool:
        """Whether this is the thread that serves the calls (a call made from it is made at once)."""
        return threading.current_thread() is self._thread

    def _serve(self) -> None:
        while (job := self._jobs.get()) is not None:
            function, outcome, done = job
            try:
                outcome.append((True, function()))
            except BaseException as error:
                outcome.append((False, error))
            done.set()

    def call(self, function: Any, timeout: float) -> tuple[bool, bool, object]:
        """Run ``function`` on the thread: whether it ended within ``timeout`` seconds,
        whether it returned (rather than raised), and what it returned or raised."""
        outcome: list[tuple[bool, object]] = []
        done = threading.Event()
        self._jobs.put((function, outcome, done))
        if not done.wait(timeout):
            return False, False, None
        return True, *outcome[0]

    def stop(self) -> None:
        """End the thread once the call in hand (if any) is over."""
        self._jobs.put(None)


def open_engine(
    name: str | None,
    command: str | Sequence[str] | None,
    *,
    case_timeout: float = CASE_TIMEOUT,
    max_restarts: int = MAX_RESTARTS,
    cwd: str | Path | None = None,
) -> ProtocolEngine | InProcessEngine:
    """The one way to open an engine to run cases against: the installed engine registered
    as ``name``, run in-process (each call on a worker thread, so that the case deadline
    holds there too), or the program ``command`` (a command line, split as a shell would, or
    its arguments), spoken to over the protocol. :class:`ValueError`, naming what is wrong,
    for neither or both, a command that cannot be split, or a name no engine is registered
    under (a usage error).

    >>> open_engine(None, None)
    Traceback (most recent call last):
    ...
    ValueError: give one engine: a registered engine's name (--engine NAME) or a command (--engine-command CMD)
    """
    from napspec.protocol import UnknownEngine, load_engine

    given_command = bool(command.strip() if isinstance(command, str) else command)
    if bool(name) == given_command:
        raise ValueError(
            "give one engine: a registered engine's name (--engine NAME) or a command (--engine-command CMD)"
        )
    if given_command:
        assert command is not None
        if isinstance(command, str):
            try:
                command = shlex.split(command)
            except ValueError as error:
                raise ValueError(f"--engine-command cannot be split into arguments: {error}") from error
        return ProtocolEngine(list(command), timeout=case_timeout, max_restarts=max_restarts, cwd=cwd)
    assert name is not None
    try:
        return InProcessEngine(load_engine(name), timeout=case_timeout)
    except (UnknownEngine, TypeError) as error:
        raise ValueError(str(error)) from error
