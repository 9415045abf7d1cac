"""The doctests of every napspec module, imported under its installed name (``napspec.…``),
never from its folder: the folders are not import names."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

from tests.packaging.test_package_list import nested

PACKAGES = (
    "napspec.spec",
    "napspec.protocol",
    "napspec.suite",
    "napspec.conformance",
    "napspec.reference",
    "napspec.lab",
    "napspec.docs",
)
SKIP = {"napspec.docs.conf", "napspec.suite.test_scenarios"}
#: The name a package's folder has inside another's (the lab's inside the engine's): not its name.
ELSEWHERE = tuple(nested())


def _modules() -> list[str]:
    names: list[str] = []
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        names.append(package_name)
        names += [info.name for info in pkgutil.walk_packages(package.__path__, package_name + ".")]
    return sorted(
        name
        for name in names
        if name not in SKIP
        and not name.endswith("__main__")
        and not any(name == other or name.startswith(other + ".") for other in ELSEWHERE)
    )


MODULES = _modules()


def test_every_part_is_found() -> None:
    assert {name.rsplit(".", 1)[0] for name in MODULES} >= set(PACKAGES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"
