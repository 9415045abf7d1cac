"""pyproject.toml lists every folder of the five parts: each folder holding files napspec
ships is a package of ``[tool.setuptools] packages`` (a folder that is not, setuptools warns of
and would one day leave out, even where a parent's package-data names its files), and every
package listed is a folder. Read from the checkout,
without building: a folder left out is found at once, not when the installed wheel misses it
(:mod:`tests.packaging.test_installed` checks the wheel itself)."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
PACKAGES: list[str] = CONFIG["packages"]
PACKAGE_DIRS: dict[str, str] = CONFIG["package-dir"]
PACKAGE_DATA: dict[str, list[str]] = CONFIG["package-data"]


def _tracked() -> list[Path]:
    """The files of the checkout (tracked, or new and not ignored), relative to it."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return [Path(name) for name in listed if (REPO / name).is_file()]


def package_of(folder: Path) -> str | None:
    """The import name of a folder of the checkout under one of the five parts, or ``None``:
    the name the deepest folder mapped holding it gives (the lab's folder lies in the engine's).

    >>> package_of(Path("docs/rulebook")), package_of(Path("features")), package_of(Path("tests"))
    ('napspec.docs.rulebook', 'napspec.suite', None)
    >>> package_of(Path("reference_impl")), package_of(Path("reference_impl/lab/results"))
    ('napspec.reference', 'napspec.lab.results')
    >>> package_of(Path("conformance/schema")), package_of(Path("conformance/protocol/schema"))
    ('napspec.conformance.schema', 'napspec.protocol.schema')
    """
    for package, root in sorted(PACKAGE_DIRS.items(), key=lambda item: -len(Path(item[1]).parts)):
        if folder == Path(root) or Path(root) in folder.parents:
            return ".".join([package, *folder.relative_to(root).parts])
    return None


def nested() -> dict[str, str]:
    """Each package whose folder lies in another package's folder, by the name the outer one
    would give it: in a checkout both names import (the outer package's path holds the folder),
    and only the package's own is its name.

    >>> nested()
    {'napspec.conformance.protocol': 'napspec.protocol', 'napspec.reference.lab': 'napspec.lab'}
    """
    return {
        ".".join([outer, *Path(folder).relative_to(root).parts]): package
        for package, folder in PACKAGE_DIRS.items()
        for outer, root in PACKAGE_DIRS.items()
        if outer != package and Path(root) in Path(folder).parents
    }


def folders(suffix: str | None = None) -> dict[str, Path]:
    """Every folder of the five parts that holds a file (of ``suffix``, if given), by import name."""
    found: dict[str, Path] = {}
    for path in _tracked():
        if suffix is None or path.suffix == suffix:
            name = package_of(path.parent)
            if name is not None:
                found[name] = path.parent
    return found


def test_every_folder_holding_a_module_is_a_package() -> None:
    modules = folders(".py")
    assert {"napspec.spec", "napspec.protocol", "napspec.conformance.harness", "napspec.docs.rulebook"} <= set(modules)
    missing = sorted(name for name in modules if name not in PACKAGES)
    assert not missing, f"add these packages to pyproject.toml's [tool.setuptools] packages: {missing}"


#: Folders of files kept in the repository and left out of the wheel, each with why.
NOT_SHIPPED = {
    "napspec.lab.results": "the lab's stored sweeps: read from a checkout (or --results DIR), not installed",
}


def test_every_folder_of_data_is_shipped() -> None:
    missing = sorted(name for name in folders() if name not in PACKAGES and name not in NOT_SHIPPED)
    assert not missing, f"add these folders to pyproject.toml's packages and package-data: {missing}"
    shipped = sorted(name for name in NOT_SHIPPED if name in PACKAGES)
    assert not shipped, f"folders kept out of the wheel, yet listed as packages: {shipped}"


def test_every_package_listed_is_a_folder() -> None:
    absent = sorted(name for name in PACKAGES if name not in folders())
    assert not absent, f"pyproject.toml lists packages that are no folder of files: {absent}"


def test_every_package_of_data_has_its_files_named() -> None:
    # A package without a module ships only what its package-data names.
    modules = folders(".py")
    unnamed = sorted(name for name in PACKAGES if name not in modules and name not in PACKAGE_DATA)
    assert not unnamed, f"these packages of data name no files in package-data: {unnamed}"
