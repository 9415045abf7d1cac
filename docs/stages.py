"""A stage of the main job run as a process of its own: timed, its peak memory measured and
bounded, its output kept in a log that is shown only when it fails, and what it makes published
under its final name only when it succeeds.

A long stage says how far it has come every :data:`HEARTBEAT` seconds (the last thing its tool
said it was doing); a stage that uses more memory than its bound is stopped and says so; a
stage that fails leaves nothing under its final name, and says which stage it was, why, and the
end of its log.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

#: Seconds between two progress lines of a stage still running.
HEARTBEAT = 30.0
#: A stage's default bound on memory (resident set size of its process), in bytes.
MEMORY_LIMIT = 3 * 1024**3
#: Lines of a failed stage's log shown on the terminal (the whole log stays on disk).
TAIL_LINES = 40
#: Shown for a stage that was stopped for its memory.
OVER_MEMORY = "it used more than {limit} of memory and was stopped"


def megabytes(size: int) -> str:
    """A size in bytes as the log shows it.

    >>> megabytes(3 * 1024**2), megabytes(2 * 1024**3)
    ('3 MB', '2,048 MB')
    """
    return f"{size // 1024**2:,} MB"


@dataclass
class StageResult:
    """What a stage did: its exit status (0: it succeeded), time, peak memory and log."""

    name: str
    status: int
    seconds: float
    peak_bytes: int
    log: Path
    why: str = ""
    cpu_seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.status == 0

    def measures(self) -> str:
        """``12.3 s, 11.0 s of CPU, peak 512 MB``: the time of the CPU tells, on a machine that
        others share, what the stage itself cost."""
        return f"{self.seconds:.1f} s, {self.cpu_seconds:.1f} s of CPU, peak {megabytes(self.peak_bytes)}"


def _rss(pid: int) -> int:
    """The resident set size of a running process, in bytes (0 where /proc does not say)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii", errors="replace")
    except OSError:
        return 0
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    return int(match.group(1)) * 1024 if match else 0


def last_activity(log: Path) -> str:
    """The last thing a stage's tool said, from the end of its log: a progress bar's last state
    (``page 158``) or its last line, cut to one short line of plain characters.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "log"
    ...     _ = path.write_bytes(b"rendering...\\n 58% [=====    ] ETA 00:47 (01:08) page 158\\r")
    ...     last_activity(path)
    'page 158'
    """
    try:
        with log.open("rb") as handle:
            handle.seek(max(0, log.stat().st_size - 4096))
            tail = handle.read().decode("utf-8", errors="replace")
    except OSError:
        return ""
    pieces = [piece.strip() for piece in re.split(r"[\r\n]+", tail) if piece.strip()]
    if not pieces:
        return ""
    last = pieces[-1]
    page = re.search(r"\bpage \d+", last)
    if page:
        return page.group(0)
    shown = "".join(char for char in last if char.isprintable())
    return shown[:70]


def run_stage(
    name: str,
    command: Sequence[str],
    log: Path,
    say: Callable[[str], None],
    memory_limit: int = MEMORY_LIMIT,
    heartbeat: float = HEARTBEAT,
    env: dict[str, str] | None = None,
    stop: threading.Event | None = None,
) -> StageResult:
    """Run ``command`` as the stage ``name``, its output (both streams) written to ``log``;
    every ``heartbeat`` seconds say how far it has come; stop it if its memory passes
    ``memory_limit``, or when ``stop`` is set (by the thread that started this one's, which was
    interrupted). Interrupted, the stage's process is stopped before the interruption goes on."""
    log.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    peak = 0
    cpu = 0.0
    why = ""
    with log.open("wb") as out:
        process = subprocess.Popen(
            list(command), stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env
        )
        next_word = started + heartbeat
        try:
            while True:
                pid, wait_status, usage = os.wait4(process.pid, os.WNOHANG)
                if pid:
                    process.returncode = os.waitstatus_to_exitcode(wait_status)
                    peak = max(peak, usage.ru_maxrss * 1024)  # kilobytes on Linux
                    cpu = usage.ru_utime + usage.ru_stime
                    break
                rss = _rss(process.pid)
                peak = max(peak, rss)
                if rss > memory_limit and not why:
                    why = OVER_MEMORY.format(limit=megabytes(memory_limit))
                    process.kill()
                if stop is not None and stop.is_set() and not why:
                    why = "the main job was interrupted"
                    process.kill()
                now = time.monotonic()
                if now >= next_word:
                    doing = last_activity(log)
                    say(f"  {name}: {now - started:.0f} s" + (f", {doing}" if doing else ""))
                    next_word = now + heartbeat
                time.sleep(0.2)
        except BaseException:
            process.kill()
            process.wait()
            raise
    status = process.returncode
    if status and not why:
        why = (
            f"it was stopped by signal {signal.Signals(-status).name}"
            if status < 0
            else f"it exited with status {status}"
        )
    return StageResult(name, 1 if status < 0 else status, time.monotonic() - started, peak, log, why, cpu)


def tail(log: Path, lines: int = TAIL_LINES) -> list[str]:
    """The last ``lines`` lines of a log, a progress bar's redrawn states reduced to the last."""
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    shown = [re.split(r"\r", line)[-1] for line in text.splitlines()]
    return [line for line in shown if line.strip()][-lines:]


def report_failure(result: StageResult, echo: Callable[[str], None]) -> None:
    """Say which stage failed, why, and the end of its log."""
    echo(f"error: the stage {result.name} failed: {result.why} (after {result.measures()})")
    lines = tail(result.log)
    if lines:
        echo(f"the end of its log ({result.log}):")
        for line in lines:
            echo(f"  {line}")


def publish_file(made: Path, final: Path) -> None:
    """Put a made file under its final name in one step (the old one, if any, is replaced)."""
    final.parent.mkdir(parents=True, exist_ok=True)
    os.replace(made, final)


def publish_folder(made: Path, final: Path, keep: Sequence[str] = ()) -> None:
    """Put each entry of the folder ``made`` under ``final``, replacing the one of the same name;
    entries of ``final`` named in ``keep`` (another edition's folders) are not touched."""
    final.mkdir(parents=True, exist_ok=True)
    for entry in sorted(made.iterdir()):
        if entry.name in keep:
            continue
        target = final / entry.name
        if target.is_dir() and not target.is_symlink():
            old = final / f".{entry.name}.old"
            shutil.rmtree(old, ignore_errors=True)
            os.replace(target, old)
            os.replace(entry, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(entry, target)


def python_command(*arguments: str) -> list[str]:
    """This Python, running ``arguments`` (``-m module …``)."""
    return [sys.executable, *arguments]


def sphinx_command(*arguments: str) -> list[str]:
    """Sphinx's build command with ``arguments``, run as a stage (:func:`sphinx_stage`)."""
    return python_command("-m", __name__, *arguments)


def sphinx_stage(arguments: Sequence[str]) -> NoReturn:
    """Run Sphinx's build and leave at once with its status: the process ends there, and the
    objects of a whole book are not freed one by one (a minute, for the PDF)."""
    from sphinx.cmd.build import build_main

    status = build_main(list(arguments))
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


__all__ = [
    "HEARTBEAT",
    "MEMORY_LIMIT",
    "StageResult",
    "last_activity",
    "megabytes",
    "publish_file",
    "publish_folder",
    "python_command",
    "report_failure",
    "run_stage",
    "sphinx_command",
    "sphinx_stage",
    "tail",
]


if __name__ == "__main__":
    sphinx_stage(sys.argv[1:])
