"""The whole tree is typed: ``mypy --strict`` finds nothing in the packages, the rulebook's
extension, the tests, or the engines the tests run.

mypy cannot follow setuptools' editable-install finder, and the folders are not import names
(``spec/`` is ``napspec.spec``), so the check runs on a tree of links laid out as the installed
``napspec`` namespace, built from ``pyproject.toml``'s own ``package-dir`` table.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.packaging.test_package_list import nested

REPO = Path(__file__).resolve().parent.parent


def namespace_tree(into: Path) -> Path:
    """Lay out ``into/napspec/<part>`` as links to the folders ``pyproject.toml`` maps."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    package_dir: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    for package, folder in package_dir.items():
        link = into.joinpath(*package.split("."))
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(REPO / folder, target_is_directory=True)
    return into


ENGINES = REPO / "tests" / "conformance" / "engines"


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A mypy cache new to this run, shared by its checks: the standard library and the
    third-party stubs are analysed once."""
    return tmp_path_factory.mktemp("mypy-cache")


def _mypy(tree: Path, *targets: str, path: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--cache-dir",
            str(cache),
            "--namespace-packages",
            "--explicit-package-bases",
            *targets,
        ],
        cwd=REPO,
        env={"MYPYPATH": f"{tree}:{path}", "PATH": ""},
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_mypy_strict_is_clean(tmp_path: Path, cache: Path) -> None:
    tree = namespace_tree(tmp_path / "tree")
    # a package's folder inside another's (the lab's in the engine's) is checked under its own name
    elsewhere = [f"{'/'.join(name.split('.'))}/" for name in nested()]
    excluded = "|".join(["tests/conformance/engines/", *elsewhere])
    completed = _mypy(tree, str(tree / "napspec"), "tests", "--exclude", excluded, path=REPO, cache=cache)
    assert completed.returncode == 0, completed.stdout + completed.stderr


def test_the_test_engines_are_typed(tmp_path: Path, cache: Path) -> None:
    """The engines are programs, each importing its neighbours by file name."""
    tree = namespace_tree(tmp_path / "tree")
    completed = _mypy(tree, *sorted(str(p.relative_to(REPO)) for p in ENGINES.glob("*.py")), path=ENGINES, cache=cache)
    assert completed.returncode == 0, completed.stdout + completed.stderr
