"""Copies of the register to break, one fault at a time, for the tests of its checks."""

from __future__ import annotations

import shutil
from pathlib import Path

from napspec.spec import Register
from napspec.spec.register import SPEC_DIR


def copy_register(parent: Path, name: str = "spec") -> Path:
    """A copy of the project's register (its data, not its code) in ``parent / name``."""
    folder = parent / name
    shutil.copytree(SPEC_DIR, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return folder


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in the file by ``new``; ``old`` must be there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def reported(folder: Path) -> list[str]:
    """What ``napspec check`` reports of the register in ``folder``."""
    return [str(problem) for problem in Register(folder).problems()]
