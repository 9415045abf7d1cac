"""A resumable store of a long run's chunks: a run stopped halfway (Ctrl-C, a time limit, a
machine lost) is taken up where it stopped.

A store is a folder; each run is kept in a sub-folder named by a digest of the parameters that
define its results (its *key*), so runs of other parameters never mix and one folder can hold
many. Each chunk is one file, written to a temporary name and renamed into place, so that a
chunk is in the store whole or not at all; the run's key is written beside the chunks for the
reader.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> store = ChunkStore(folder, {"hands_dealt": 4, "seed": 0})
>>> store.put(3, [5, 4, 4])
>>> ChunkStore(folder, {"hands_dealt": 4, "seed": 0}).done()
{3: [5, 4, 4]}
>>> ChunkStore(folder, {"hands_dealt": 5, "seed": 0}).done()
{}
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path


class StoreError(ValueError):
    """A file of the store that cannot be read back as a chunk of this run; the message names
    the file and what is wrong. Nothing is deleted: the file is left for the user to look at."""


def run_key_digest(key: Mapping[str, object]) -> str:
    """The name of a run's folder: a digest of its key, the same whatever the order of its items.

    >>> run_key_digest({"a": 1, "b": 2}) == run_key_digest({"b": 2, "a": 1})
    True
    """
    text = json.dumps(dict(key), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


class ChunkStore:
    """The chunks done of the run defined by ``key`` (JSON-ready), kept under ``folder``."""

    def __init__(self, folder: Path, key: Mapping[str, object]) -> None:
        self.key = dict(key)
        self.folder = Path(folder) / run_key_digest(self.key)

    def _chunk_path(self, index: int) -> Path:
        return self.folder / f"chunk-{index:06d}.json"

    def put(self, index: int, values: list[int], seconds: float | None = None, search: int | None = None) -> None:
        """Keep chunk ``index`` (and the processor time it took and the revision of the search
        that solved it, if given): written whole to a temporary file, then renamed into place."""
        self.folder.mkdir(parents=True, exist_ok=True)
        key_path = self.folder / "key.json"
        if not key_path.exists():
            _write_atomically(key_path, json.dumps(self.key, indent=1, sort_keys=True) + "\n")
        record: dict[str, object] = {"chunk": index, "values": values}
        if seconds is not None:
            record["seconds"] = round(seconds, 3)
        if search is not None:
            record["search"] = search
        _write_atomically(self._chunk_path(index), json.dumps(record) + "\n")

    def _records(self) -> dict[int, dict[str, object]]:
        """The records of the chunks kept, by index (files that are not one left out)."""
        found: dict[int, dict[str, object]] = {}
        for path in sorted(self.folder.glob("chunk-*.json")) if self.folder.is_dir() else []:
            record = _read_json(path)
            if isinstance(record, dict) and isinstance(index := record.get("chunk"), int):
                found[index] = record
        return found

    def seconds(self) -> dict[int, float]:
        """The processor time of each chunk kept with one (by index); chunks kept without it
        are left out."""
        found: dict[int, float] = {}
        for index, record in self._records().items():
            value = record.get("seconds")
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
                found[index] = float(value)
        return found

    def searches(self, unrecorded: int) -> set[int]:
        """The revisions of the search that solved the chunks kept, ``unrecorded`` standing for
        a chunk kept without one."""
        revisions = (record.get("search") for record in self._records().values())
        return {value if type(value) is int else unrecorded for value in revisions}

    def done(self) -> dict[int, list[int]]:
        """The chunks kept so far, by index; :class:`StoreError` for a file that is not one."""
        found: dict[int, list[int]] = {}
        if not self.folder.is_dir():
            return found
        key_path = self.folder / "key.json"
        if key_path.exists():
            written = _read_json(key_path)
            if written != self.key:
                raise StoreError(f"{key_path}: the run kept here is not this one ({written!r}, not {self.key!r})")
        for path in sorted(self.folder.glob("chunk-*.json")):
            record = _read_json(path)
            if not isinstance(record, dict):
                raise StoreError(f"{path}: not a chunk (a JSON object with 'chunk' and 'values' expected)")
            index, values = record.get("chunk"), record.get("values")
            if not isinstance(index, int) or path.name != self._chunk_path(index).name:
                raise StoreError(f"{path}: its 'chunk' ({index!r}) is not the number in its name")
            if not isinstance(values, list) or not all(type(value) is int for value in values):
                raise StoreError(f"{path}: 'values' must be a list of whole numbers")
            found[index] = values
        return found


def _read_json(path: Path) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise StoreError(f"{path}: cannot be read as JSON: {error}") from error


def _write_atomically(path: Path, text: str) -> None:
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


__all__ = ["ChunkStore", "StoreError", "run_key_digest"]
