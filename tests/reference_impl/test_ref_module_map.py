"""The module map of ``napspec.reference`` (its package docstring) holds: each module imports
only the modules listed above it, and the phase modules none of one another."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import napspec.reference
from tests.packaging.test_package_list import nested

PACKAGE = Path(napspec.reference.__file__).parent
#: The folders inside the engine's that are packages of their own (the lab's), not its modules.
ELSEWHERE = {name.removeprefix("napspec.reference.") for name in nested() if name.startswith("napspec.reference.")}
PHASES = ("deal", "exchanges", "calling", "extra_hand", "play", "irregularities", "claims", "settlement")


def _map() -> list[str]:
    doc = napspec.reference.__doc__ or ""
    return re.findall(r"^\* :mod:`~napspec\.reference\.(\w+)`", doc, flags=re.MULTILINE)


def _imports(module: str) -> set[str]:
    """The modules of the map that ``module`` imports (a sub-package counts as one module:
    what any of its files imports, itself excepted)."""
    files = (
        [PACKAGE / f"{module}.py"] if (PACKAGE / f"{module}.py").exists() else sorted((PACKAGE / module).rglob("*.py"))
    )
    found: set[str] = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("napspec.reference."):
                found.add(node.module.removeprefix("napspec.reference.").split(".")[0])
    return found - {module}


def test_the_map_lists_every_module_once() -> None:
    listed = _map()
    modules = sorted(
        [p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"]
        + [p.parent.name for p in PACKAGE.glob("*/__init__.py") if p.parent.name not in ELSEWHERE]
    )
    assert sorted(listed) == modules


def test_each_module_imports_only_modules_above_it() -> None:
    listed = _map()
    for index, module in enumerate(listed):
        above = set(listed[:index])
        assert _imports(module) <= above, (module, _imports(module) - above)


def test_no_phase_imports_another() -> None:
    for phase in PHASES:
        assert not _imports(phase) & (set(PHASES) - {phase}), phase
