"""What makes a certification report napspec's own: the program it binds, the verdict rebuilt
from its cases, and the folder it is written into.

- :func:`program_of` names the program that ran (the command and the files it names, or
  the entry point and its module) with a SHA-256 of each file, so that a report cannot be
  borrowed by another program under the same handshake name.
- :func:`summarise` is the one place a report's summary (and ``certified``) is computed from
  its cases; ``napspec certify`` writes what it returns and ``napspec verify`` recomputes it
  and compares (:func:`inconsistencies`), so an edited verdict fails even with its digest
  recomputed. The rule table is rebuilt and compared the same way.
- :class:`ReportFolder` writes reports only after the engine and everything it started have
  ended, atomically, through a descriptor of the folder checked to be the one prepared
  before the run, never through a link: a name squatted during the run (a folder, a link)
  is refused and the reports go to a fresh private folder instead, which is said.

A report is evidence, not proof: an engine runs unsandboxed, as the user, and could have
written anything anywhere while it ran. ``napspec verify --rerun`` reproduces a report by
running it again (``docs/implementers.md``, "What a report proves").
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import platform
import secrets
import shutil
import stat
import sys
import tempfile
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Final

from napspec.conformance.verdicts import rule_table_problems
from napspec.protocol import ENTRY_POINT_GROUP, registered_engines
from napspec.spec.terminal import printable
from napspec.suite.scenarios import suite_hash

#: The statuses that count towards the score, and those left out of it.
COUNTED: Final = ("passed", "failed", "skipped-unsupported", "errored", "timed-out")
UNCOUNTED: Final = ("not-applicable", "not-run")
#: The most bytes of one program file hashed (a larger one is named, its hash marked as cut).
MAX_HASHED: Final = 256 * 1024 * 1024
#: The most files of a command hashed.
MAX_FILES: Final = 32


# --------------------------------------------------------------------------- the program


def _file_digest(path: Path) -> dict[str, Any]:
    """The SHA-256 of a program file (its first :data:`MAX_HASHED` bytes) and its size."""
    digest = hashlib.sha256()
    size = 0
    with path.open("rb") as stream:
        while size < MAX_HASHED:
            chunk = stream.read(min(1 << 20, MAX_HASHED - size))
            if not chunk:
                break
            digest.update(chunk)
            size += len(chunk)
    entry: dict[str, Any] = {"path": printable(str(path), limit=1000), "sha256": digest.hexdigest(), "bytes": size}
    if size >= MAX_HASHED and path.stat().st_size > MAX_HASHED:
        entry["cut"] = True
    return entry


def _named_files(command: Sequence[str], cwd: Path) -> list[Path]:
    """The files a command names: its program (found on ``PATH`` as the system would) and
    every argument that is an existing file, in order, once each."""
    found: list[Path] = []
    program = shutil.which(command[0]) if command else None
    candidates = [program] if program else []
    candidates += [argument for argument in command[1:] if argument and not argument.startswith("-")]
    for candidate in candidates:
        path = Path(candidate)
        path = path if path.is_absolute() else cwd / path
        try:
            if path.is_file():
                resolved = path.resolve()
                if resolved not in found:
                    found.append(resolved)
        except (OSError, ValueError):
            continue
        if len(found) >= MAX_FILES:
            break
    return found


def _combined(files: Sequence[Mapping[str, Any]], head: Sequence[str]) -> str:
    """One SHA-256 over what names the program and the hash of every file it names (not
    where the files are: the same program elsewhere has the same digest)."""
    text = json.dumps([list(head), [f["sha256"] for f in files]], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def program_of(
    engine_name: str | None, engine_command: Sequence[str] | None, cwd: Path | None = None
) -> dict[str, Any]:
    """What ran: for a command, the route ``protocol``, the argument vector and the files it
    names with their SHA-256 (the program as found on ``PATH`` and every argument that is a
    file; not the modules those load); for a registered engine, the route ``in-process``, the
    entry point and the file of the module it names. ``digest`` is one SHA-256 over all of it.
    """
    cwd = cwd or Path.cwd()
    if engine_command:
        command = [printable(argument, limit=1000) for argument in engine_command]
        files = [_file_digest(path) for path in _named_files(list(engine_command), cwd)]
        return {
            "route": "protocol",
            "command": command,
            "cwd": printable(str(cwd), limit=1000),
            "files": files,
            "digest": _combined(files, command),
        }
    name = engine_name or "?"
    points: list[EntryPoint] = registered_engines().get(name, [])
    entry = f"{name} = {points[0].value}" if points else name
    files = []
    distribution = ""
    if points:
        module = points[0].value.split(":")[0]
        try:
            spec = find_spec(module)
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.origin and Path(spec.origin).is_file():
            files.append(_file_digest(Path(spec.origin)))
        dist = getattr(points[0], "dist", None)
        if dist is not None:
            distribution = f"{dist.name} {dist.version}"
    head = [ENTRY_POINT_GROUP, printable(entry, limit=1000), printable(distribution)]
    return {
        "route": "in-process",
        "entry_point": printable(entry, limit=1000),
        "distribution": printable(distribution),
        "files": files,
        "digest": _combined(files, head),
    }


def platform_of() -> str:
    """The platform a run was made on, as one line: system, release, machine, Python."""
    return printable(f"{platform.system()} {platform.release()} {platform.machine()}; Python {sys.version.split()[0]}")


def short(program: Mapping[str, Any] | None) -> str:
    """The program's digest as summaries and badges show it: its first 12 hex digits."""
    digest = (program or {}).get("digest")
    return f"sha256:{digest[:12]}" if isinstance(digest, str) else "no program recorded"


# --------------------------------------------------------------------------- the verdict


def differential_passed(differential: Mapping[str, Any] | None) -> bool:
    """Whether a report's differential part passed: deals played to the end (none stopped
    by an engine or the deadline), cases compared, no divergence, and the planned cases
    sent twice with no changed answer."""
    if differential is None:
        return False
    return (
        differential.get("divergence") is None
        and differential.get("evaded") is None
        and not differential.get("nondeterministic")
        and not differential.get("stopped")
        and differential.get("planned", 0) > 0
        and differential.get("deals", 0) > 0
        and differential.get("cases", 0) > 0
        and differential.get("repeated", 0) >= differential.get("planned_repeats", 1) > 0
    )


def summarise(
    cases: Sequence[Mapping[str, Any]],
    *,
    outcome: str,
    engine_error: str,
    selection: Mapping[str, Any] | None,
    differential: Mapping[str, Any] | None,
    too_narrow: str = "",
) -> dict[str, Any]:
    """A report's summary, computed from its cases and how the run ended: the counts, the
    score, ``partial`` (a selection: never a certificate) and ``certified``. The one place
    the verdict is made, by ``certify`` and again by ``verify``.

    A certificate is scoped to what the engine plays: a case it does not play
    (``skipped-unsupported``) narrows it, and the report's ``scope`` says what it covers; it
    is certified when no case it played failed, erred or timed out, at least one passed, the
    run was complete and whole, the random deals found nothing, and the scope is not too
    narrow to be a certificate (``too_narrow``, :func:`napspec.conformance.scope.too_narrow`).

    >>> summarise([{"status": "passed"}], outcome="complete", engine_error="", selection=None,
    ...           differential=None)["certified"]
    False
    >>> summarise([{"status": "passed"}], outcome="complete", engine_error="", selection={"rules": ["x"]},
    ...           differential=None)["partial"]
    True
    """
    counts = Counter(str(case.get("status")) for case in cases)
    applicable = sum(counts[status] for status in COUNTED)
    partial = selection is not None
    every_case_played_passed = (
        outcome == "complete"
        and not engine_error
        and counts["passed"] > 0
        and not any(counts[status] for status in ("failed", "errored", "timed-out", "not-run"))
    )
    return {
        "applicable": applicable,
        **{status: counts[status] for status in COUNTED},
        **{status: counts[status] for status in UNCOUNTED},
        "score": round(counts["passed"] / applicable, 4) if applicable else 0.0,
        "partial": partial,
        "certified": every_case_played_passed and not partial and differential_passed(differential) and not too_narrow,
    }


def inconsistencies(document: Mapping[str, Any]) -> list[str]:
    """Everything in a saved report that its own cases contradict: the summary rebuilt
    from the cases (counts, score, ``partial``, ``certified``), case ids given twice, a
    differential part whose verdict its numbers contradict, and the rule table rebuilt
    from the cases' checks (whole, for a report of the register installed here:
    :func:`~napspec.conformance.verdicts.rule_table_problems`). Empty for a report napspec
    wrote."""
    problems: list[str] = []
    cases = document.get("cases", [])
    ids = Counter(str(case.get("id")) for case in cases)
    twice = sorted(case_id for case_id, count in ids.items() if count > 1)
    if twice:
        problems.append(f"case ids given more than once: {printable(', '.join(twice[:5]))}")
    from napspec.conformance.scope import certificate_scope

    scope = certificate_scope(document)
    if document.get("scope") != scope:
        problems.append(
            f"its scope says {json.dumps((document.get('scope') or {}).get('statement'))}, its cases and random "
            f"deals make it {json.dumps(scope['statement'])}"
            + (
                ""
                if (document.get("scope") or {}).get("statement") != scope["statement"]
                else " (and differ in their numbers)"
            )
        )
    rebuilt = summarise(
        cases,
        outcome=str(document.get("outcome")),
        engine_error=str(document.get("engine_error", "")),
        selection=document.get("selection"),
        differential=document.get("differential"),
        too_narrow=scope["too_narrow"],
    )
    stated = document.get("summary", {})
    for key, value in rebuilt.items():
        if stated.get(key) != value:
            problems.append(
                f"its summary says {key} {json.dumps(stated.get(key))}, its cases make it {json.dumps(value)}"
            )
    if document.get("selection") is None and document.get("differential") is None:
        problems.append("it has no differential part (random deals compared with the oracle)")
    same_register = document.get("provenance", {}).get("content_hash") == suite_hash()
    problems += rule_table_problems(document, same_register=same_register)
    return problems


# --------------------------------------------------------------------------- the folder


class ReportFolderError(ValueError):
    """The report folder cannot be prepared, or a report's name in it is taken by
    something that is not a report file."""


@dataclass
class Written:
    """Where a run's reports went, and what was found wrong with the folder, if anything."""

    paths: dict[str, Path] = field(default_factory=dict)
    #: What was found squatted or changed after the run (the reports then went elsewhere).
    tampering: list[str] = field(default_factory=list)


def _identity(info: os.stat_result) -> tuple[int, int]:
    return info.st_dev, info.st_ino


@dataclass
class ReportFolder:
    """The folder reports are written into, prepared (and its identity recorded) before any
    engine runs, and written into only after the engines are gone."""

    path: Path
    identity: tuple[int, int]

    @classmethod
    def prepare(cls, path: Path, names: Sequence[str] = ()) -> ReportFolder:
        """Create ``path`` if need be and check that reports can be written there and that
        none of ``names`` is taken by anything but a file: :class:`ReportFolderError`
        naming the folder or the name otherwise."""
        try:
            path.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=path, prefix=".napspec-probe-"):
                pass
            descriptor = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
        except OSError as error:
            raise ReportFolderError(
                f"--report-dir {printable(str(path))}: cannot write reports there ({error.strerror or error})"
            ) from None
        try:
            folder = cls(path, _identity(os.fstat(descriptor)))
            for name in names:
                taken = folder._taken(descriptor, name)
                if taken:
                    raise ReportFolderError(f"{printable(str(path / name))} is {taken}, not a report: move it away")
        finally:
            os.close(descriptor)
        return folder

    @staticmethod
    def _taken(descriptor: int, name: str) -> str:
        """What stands at ``name`` if it is not a report file ("" for nothing or a file)."""
        try:
            info = os.lstat(name, dir_fd=descriptor)
        except FileNotFoundError:
            return ""
        if stat.S_ISREG(info.st_mode):
            return ""
        if stat.S_ISLNK(info.st_mode):
            return "a symbolic link"
        if stat.S_ISDIR(info.st_mode):
            return "a folder"
        return "a special file"

    def _open(self) -> tuple[int | None, str]:
        """A descriptor of the folder if it is still the one prepared (reached without a
        link at its last step), or why not."""
        try:
            descriptor = os.open(self.path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError as error:
            why = error.strerror or str(error)
            if error.errno in (errno.ELOOP, errno.ENOTDIR) and self.path.is_symlink():
                why = "it is now a symbolic link"
            return None, f"the report folder {printable(str(self.path))} cannot be opened as it was: {why}"
        if _identity(os.fstat(descriptor)) != self.identity:
            os.close(descriptor)
            return None, f"the report folder {printable(str(self.path))} was replaced during the run"
        return descriptor, ""

    def write(self, files: Mapping[str, str]) -> Written:
        """Write each ``name: text`` atomically (a new file, then renamed over the name; mode
        as the umask gives a new file, 0644 by default). Call only once every engine is gone.
        If the folder was replaced or a name was squatted (a folder, a link) during the run,
        nothing is written there: every file goes to a fresh private folder instead, and
        :attr:`Written.tampering` says what was found."""
        written = Written()
        descriptor, why = self._open()
        if descriptor is not None:
            try:
                for name in files:
                    taken = self._taken(descriptor, name)
                    if taken:
                        written.tampering.append(f"{printable(str(self.path / name))} became {taken} during the run")
                if not written.tampering:
                    for name, text in files.items():
                        _write_at(descriptor, name, text)
                        written.paths[name] = self.path / name
                    return written
            finally:
                os.close(descriptor)
        else:
            written.tampering.append(why)
        elsewhere = Path(tempfile.mkdtemp(prefix="napspec-reports-"))
        fallback = os.open(elsewhere, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        try:
            for name, text in files.items():
                _write_at(fallback, name, text)
                written.paths[name] = elsewhere / name
        finally:
            os.close(fallback)
        return written


def _write_at(descriptor: int, name: str, text: str) -> None:
    """Write ``text`` to ``name`` in the folder open as ``descriptor``: to a new file of a
    random name first (never through a link), then renamed over ``name`` (which replaces a
    file, never follows a link)."""
    temporary = f".{name}.{secrets.token_hex(6)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    handle = os.open(temporary, flags, 0o666, dir_fd=descriptor)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, name, src_dir_fd=descriptor, dst_dir_fd=descriptor)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary, dir_fd=descriptor)
        raise
