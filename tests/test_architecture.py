"""The arrows of the house run one way: register -> suite -> harness <- engines, and the
rulebook reads the register, the suite and saved reports. Only the main-job pipeline
(``napspec.docs.pipeline``) knows every part.

Checked twice: statically, every ``import`` of every module against the table below; and at
run time, importing a part in a fresh interpreter loads nothing it may not know (pytest
included, for the parts that must not run tests).
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

#: What each part may import of napspec (a part always may import itself).
ALLOWED: dict[str, tuple[str, ...]] = {
    "napspec.spec": (),
    "napspec.conformance.schemas": (),
    "napspec.conformance.contract": ("napspec.conformance.schemas",),
    "napspec.suite": ("napspec.spec", "napspec.conformance.contract", "napspec.conformance.schemas"),
    "napspec.conformance": ("napspec.spec", "napspec.suite"),
    "napspec.reference": ("napspec.spec", "napspec.conformance.contract", "napspec.conformance.schemas"),
    "napspec.docs.rulebook": ("napspec.spec", "napspec.suite"),
    "napspec.docs.pipeline": ("napspec",),
    "napspec.docs.conf": (),
    "napspec.docs": (),  # the package itself: a docstring
}


def _package_dirs() -> dict[str, Path]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return {name: REPO / folder for name, folder in config["tool"]["setuptools"]["package-dir"].items()}


def _modules() -> dict[str, Path]:
    """Every module of napspec by its import name, found from pyproject's package-dir."""
    modules: dict[str, Path] = {}
    dirs = _package_dirs()
    for package, folder in dirs.items():
        for path in folder.rglob("*.py"):
            relative = path.relative_to(folder).with_suffix("")
            parts = [part for part in relative.parts if part != "__init__"]
            name = ".".join([package, *parts])
            # a folder mapped to its own package (none today) is named by that mapping
            if not any(
                other != package and other.startswith(package + ".") and path.is_relative_to(d)
                for other, d in dirs.items()
            ):
                modules[name] = path
    return modules


def _part(module: str) -> str:
    return max((part for part in ALLOWED if module == part or module.startswith(part + ".")), key=len)


def _imports(path: Path, module: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the module's package
                base = module.split(".")[
                    : -node.level if path.name != "__init__.py" else len(module.split(".")) - node.level + 1
                ]
                prefix = ".".join(base)
                names.add(f"{prefix}.{node.module}" if node.module else prefix)
            elif node.module:
                names.add(node.module)
                names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in names if name == "napspec" or name.startswith("napspec.")}


MODULES = _modules()


def test_every_module_belongs_to_a_part() -> None:
    assert len(MODULES) > 40
    for module in MODULES:
        assert any(module == part or module.startswith(part + ".") for part in ALLOWED), module


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_follow_the_arrows(module: str) -> None:
    part = _part(module)
    allowed = (part, *ALLOWED[part])
    bad = sorted(
        name
        for name in _imports(MODULES[module], module)
        if not any(name == ok or name.startswith(ok + ".") for ok in allowed)
        # ``from napspec.spec import load`` names napspec.spec.load: judge the module part
        and not any(ok.startswith(name + ".") or ok == name for ok in allowed)
    )
    assert not bad, f"{module} ({part}) may import only {allowed}, but imports {bad}"


def _loaded_after(imports: str) -> set[str]:
    code = (
        f"import sys\n{imports}\n"
        "print('\\n'.join(sorted(m for m in sys.modules if m.startswith(('napspec', 'pytest', '_pytest', 'sphinx')))))"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return set(completed.stdout.split())


def _walk(package: str) -> str:
    return (
        f"import importlib, pkgutil, {package} as p\n"
        f"for m in pkgutil.walk_packages(p.__path__, '{package}.'):\n"
        "    if not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)"
    )


def test_the_register_loads_nothing_else() -> None:
    loaded = _loaded_after(_walk("napspec.spec"))
    assert {m for m in loaded if not m.startswith("napspec.spec")} == {"napspec"}, loaded


def test_the_reference_engine_needs_only_the_register_and_the_contract() -> None:
    loaded = _loaded_after(_walk("napspec.reference"))
    foreign = {
        m
        for m in loaded
        if not m.startswith(
            ("napspec.reference", "napspec.spec", "napspec.conformance.contract", "napspec.conformance.schemas")
        )
    }
    assert foreign <= {"napspec", "napspec.conformance"}, foreign  # the package itself, whose __init__ is a docstring


def test_the_rulebook_never_loads_the_harness_an_engine_or_pytest() -> None:
    loaded = _loaded_after("import napspec.docs.rulebook")
    forbidden = {
        m
        for m in loaded
        if m.startswith(
            (
                "pytest",
                "_pytest",
                "napspec.reference",
                "napspec.conformance.harness",
                "napspec.conformance.certify",
                "napspec.conformance.plugin",
            )
        )
    }
    assert not forbidden, forbidden


def test_the_harness_names_no_engine() -> None:
    """No module of the harness imports an engine, and none names the reference engine."""
    for module, path in MODULES.items():
        if _part(module) == "napspec.conformance":
            text = path.read_text(encoding="utf-8")
            assert "napspec.reference" not in text and "reference_impl" not in text, module
            assert "'reference'" not in text and '"reference"' not in text, module
