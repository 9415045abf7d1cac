"""The engine's process: starting it in a session of its own, reading its output on threads
into a bounded queue (so no read ever blocks the harness), its stderr kept within a bound,
and ending it (and whatever it started, even what left its process group) when the run is
over.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Final

#: The longest response line accepted (bytes); a longer one is a protocol error. A case's
#: answers run to a few kilobytes, so this only stops an engine that never ends its line.
MAX_LINE: Final = 4 * 1024 * 1024

#: The longest hello response accepted (bytes). A handshake declares a few dozen options
#: with a few values each (the reference engine's is under 2 KB).
MAX_HELLO: Final = 64 * 1024

#: How many response lines may wait unread; an engine that writes faster than the harness
#: asks is held back by its own pipe, not buffered without bound.
MAX_PENDING_LINES: Final = 64

#: How much of an engine's stderr is kept for error messages (bytes, and lines shown).
STDERR_KEEP: Final = 16 * 1024
STDERR_LINES: Final = 20


#: started holds its output open.
EXITED_GRACE: Final = 0.3

#: The pids of the engine processes running now (so that orphan collection spares them).
_RUNNING: set[int] = set()
#: Whether :func:`adopt_orphans` took effect in this process.
_ADOPTING: list[bool] = [False]


def adopt_orphans() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux), so that an engine's
    child that leaves the engine's process group (``setsid``) and outlives the engine can
    still be found and ended: it becomes a child of this process. Meant for a command whose
    only children are engines (``napspec certify``); True if it took effect.
    """
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    PR_SET_CHILD_SUBREAPER = 36
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        _ADOPTING[0] = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        _ADOPTING[0] = False
    return _ADOPTING[0]


def end_orphans() -> None:
    """Kill and reap what engines left behind, if this process adopts orphans
    (:func:`adopt_orphans`): called once an engine is closed, before anything is written."""
    if _ADOPTING[0]:
        _end_orphans()


def _end_orphans() -> None:
    """Kill and reap every child of this process that is not a running engine: with
    :func:`adopt_orphans`, these are what engines left behind."""
    for _ in range(10):  # an orphan's own children are adopted in turn when it dies
        me = str(os.getpid())
        found = []
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit() or int(entry.name) in _RUNNING:
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if fields[1].decode() == me:
                found.append(int(entry.name))
        if not found:
            return
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError, PermissionError):
                pass


class EngineProcess:
    """One running engine process and the threads that read its output, so that no read
    ever blocks the harness: responses arrive on a bounded queue that is waited on with a
    deadline, and closing never waits on a pipe (an engine's children may hold it open)."""

    _EOF: Final = b""

    def __init__(self, command: Sequence[str], cwd: str | Path | None, env: Mapping[str, str] | None) -> None:
        self.popen = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=dict(env) if env is not None else None,
            # A session (and process group) of its own, so that killing the group kills
            # whatever the engine started too, and Ctrl-C at the terminal reaches the
            # harness only (which then ends the engine itself).
            start_new_session=os.name == "posix",
        )
        _RUNNING.add(self.popen.pid)
        self.lines: queue.Queue[bytes] = queue.Queue(maxsize=MAX_PENDING_LINES)
        #: A last line the engine left unfinished when its output ended, if any.
        self.unfinished = b""
        self.stderr: deque[bytes] = deque()
        self._stderr_size = 0
        self._stderr_lock = threading.Lock()
        self._stopped = threading.Event()
        assert self.popen.stdin is not None
        self._stdin_fd = self.popen.stdin.fileno()
        # Writes never block the harness (an engine may stop reading its input).
        os.set_blocking(self._stdin_fd, False)
        self._write_lock = threading.Lock()
        self._pending: deque[bytes] = deque()
        self._readers = [
            threading.Thread(target=self._read_stdout, name="napspec-engine-stdout", daemon=True),
            threading.Thread(target=self._read_stderr, name="napspec-engine-stderr", daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def _put(self, line: bytes) -> bool:
        """Queue ``line``, waiting while the queue is full; False once the harness has
        stopped listening."""
        while not self._stopped.is_set():
            try:
                self.lines.put(line, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _read_stdout(self) -> None:
        stream = self.popen.stdout
        assert stream is not None
        try:
            while not self._stopped.is_set():
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                if not line.endswith(b"\n") and len(line) <= MAX_LINE:
                    # Output that ends without a newline was cut off by the engine's death
                    # (a response is a whole line): keep it for the crash report.
                    self.unfinished = line
                    break
                if not line.strip():
                    continue  # blank lines carry nothing, and are never queued
                if not self._put(line):
                    break
        except (OSError, ValueError):
            pass  # the pipe was closed under us by a kill: that is the end of output
        finally:
            _close_quietly(stream)
        self._put(self._EOF)

    def _read_stderr(self) -> None:
        stream = self.popen.stderr
        assert stream is not None
        try:
            while True:
                chunk = stream.read1(4096) if hasattr(stream, "read1") else stream.read(4096)
                if not chunk:
                    break
                with self._stderr_lock:
                    self.stderr.append(chunk)
                    self._stderr_size += len(chunk)
                    while self._stderr_size - len(self.stderr[0]) >= STDERR_KEEP and len(self.stderr) > 1:
                        self._stderr_size -= len(self.stderr.popleft())
        except (OSError, ValueError):
            pass
        finally:
            _close_quietly(stream)

    def stderr_tail(self, wait: float = 0.0) -> str:
        """The last lines the engine wrote on stderr (waiting up to ``wait`` seconds for
        the reader to reach the end, so a dying engine's traceback is included)."""
        if wait:
            self._readers[1].join(wait)
        with self._stderr_lock:
            text = b"".join(self.stderr).decode("utf-8", errors="replace")
        return "\n".join(text.rstrip().splitlines()[-STDERR_LINES:])

    def send(self, message: Mapping[str, Any]) -> None:
        """Write one request line without ever blocking: what the pipe does not take at
        once is written by a thread as the engine reads. A write that fails because the
        engine is gone is not reported here: the missing response will be (as a crash)."""
        # Pure ASCII (non-ASCII characters escaped), so that an engine reading its stdin in
        # any text encoding reads the request correctly.
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode("ascii")
        with self._write_lock:
            if self._pending:
                self._pending.append(data)  # behind what a writer thread is still writing
                return
            written = self._write_some(data)
            if written is not None and written < len(data):
                self._pending.append(data[written:])
                threading.Thread(target=self._write_pending, name="napspec-engine-stdin", daemon=True).start()

    def _write_some(self, data: bytes) -> int | None:
        """How much of ``data`` the pipe took at once (``None`` if the engine is gone)."""
        try:
            return os.write(self._stdin_fd, data)
        except BlockingIOError:
            return 0
        except (OSError, ValueError):
            return None

    def _write_pending(self) -> None:
        while not self._stopped.is_set():
            with self._write_lock:
                if not self._pending:
                    return
                chunk = self._pending[0]
                written = self._write_some(chunk)
                if written is None:
                    self._pending.clear()
                    return
                if written == len(chunk):
                    self._pending.popleft()
                    continue
                self._pending[0] = chunk[written:]
            select.select([], [self._stdin_fd], [], 0.1)

    def receive(self, deadline: float) -> bytes | None:
        """The next line, :attr:`_EOF` (b"") at end of output, or ``None`` if the deadline
        passes first. An engine that has exited has nothing more to say even if a process it
        started still holds its output open: that is the end of its output too (after
        :data:`EXITED_GRACE` seconds for lines still in the pipe), not a hang."""
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            remaining = deadline - now
            if remaining <= 0:
                return None
            try:
                return self.lines.get(timeout=min(remaining, 0.05))
            except queue.Empty:
                pass
            if self.popen.poll() is not None:
                exited_at = exited_at if exited_at is not None else now
                if now - exited_at >= EXITED_GRACE:
                    return self._EOF

    def drain(self) -> list[bytes]:
        """Lines the engine sent that nobody asked for (read and discarded)."""
        stray: list[bytes] = []
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return stray
            if line == self._EOF:
                self.lines.put(line)  # keep the end-of-output marker for the next read
                return stray
            stray.append(line)

    def returncode(self, wait: float = 0.0) -> int | None:
        try:
            return self.popen.wait(wait) if wait else self.popen.poll()
        except subprocess.TimeoutExpired:
            return None

    def alive(self) -> bool:
        return self.popen.poll() is None

    def kill(self) -> None:
        """Kill the engine's whole process group (on POSIX), even if the engine itself has
        already exited and left children behind, and reap the engine. Never waits on the
        pipes: the reader threads close them when they end."""
        self._stopped.set()
        if os.name == "posix":
            # The group outlives its leader while any member lives; its id is not reused
            # until then, so this cannot reach anyone else's processes.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.popen.pid, signal.SIGKILL)
        if self.popen.poll() is None:
            with contextlib.suppress(OSError):
                self.popen.kill()
        # An unkillable engine (a zombie held by the OS) is left: nothing more can be done.
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(5)
        _RUNNING.discard(self.popen.pid)
        if _ADOPTING[0]:
            _end_orphans()
        with self._write_lock:
            self._pending.clear()
            if self.popen.stdin is not None:
                _close_quietly(self.popen.stdin)  # written with os.write: nothing to flush


def _close_quietly(stream: IO[bytes]) -> None:
    with contextlib.suppress(OSError, ValueError):
        stream.close()
