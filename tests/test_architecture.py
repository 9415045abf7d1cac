"""The arrows of the house run one way: register -> suite -> harness <- engines, and the
rulebook reads the register, the suite and saved reports. The protocol (``napspec.protocol``)
is the room at the bottom: the suite, the harness, the engine and the lab may import it, and
it imports nothing of napspec, not even the register. Only the main-job pipeline
(``napspec.docs.pipeline``) knows every part. The lab (``napspec.lab``: the solver, the sweeps,
the simulations, the claims' evidence) stands beside the engine: it may use the engine, the
engine knows nothing of it; and the register's claims name the lab's evaluators by string,
an arrow of data held here too (every name one of the lab's).

Checked twice: statically, every ``import`` of every module against the table below; and at
run time, importing a part in a fresh interpreter loads nothing it may not know (pytest
included, for the parts that must not run tests).
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from tests.packaging.test_package_list import nested

REPO = Path(__file__).resolve().parents[1]

#: What each part may import of napspec (a part always may import itself).
ALLOWED: dict[str, tuple[str, ...]] = {
    "napspec.protocol": (),
    "napspec.spec": (),  # napspec.spec.terminal too: the command lines' conventions
    "napspec.suite": ("napspec.spec", "napspec.protocol"),
    "napspec.conformance": ("napspec.spec", "napspec.suite", "napspec.protocol"),
    "napspec.reference": ("napspec.spec", "napspec.protocol"),
    "napspec.lab": ("napspec.reference", "napspec.spec", "napspec.protocol"),
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
            # a module in a folder mapped to a package of its own (the lab's, inside the engine's
            # folder) is named by that mapping only
            if any(d != folder and d.is_relative_to(folder) and path.is_relative_to(d) for d in dirs.values()):
                continue
            relative = path.relative_to(folder).with_suffix("")
            parts = [part for part in relative.parts if part != "__init__"]
            modules[".".join([package, *parts])] = path
    return modules


#: The names a package's folder also answers to in a checkout, inside another package's folder
#: (``napspec.reference.lab``), with the package's own (``napspec.lab``): an import by the first
#: is judged as one by the second.
ELSEWHERE = nested()


def _own_name(name: str) -> str:
    """``name`` with a package's other name (inside another's folder) put back to its own.

    >>> _own_name("napspec.reference.lab.solver"), _own_name("napspec.reference.hand")
    ('napspec.lab.solver', 'napspec.reference.hand')
    """
    for other, own in ELSEWHERE.items():
        if name == other or name.startswith(other + "."):
            return own + name[len(other) :]
    return name


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
    return {_own_name(name) for name in names if name == "napspec" or name.startswith("napspec.")}


MODULES = _modules()


def test_every_module_belongs_to_a_part() -> None:
    assert len(MODULES) > 40
    for module in MODULES:
        assert any(module == part or module.startswith(part + ".") for part in ALLOWED), module


def _against_the_arrows(module: str, path: Path) -> list[str]:
    """What ``module`` (its source at ``path``) imports of napspec that its part may not."""
    part = _part(module)
    allowed = (part, *ALLOWED[part])
    return sorted(
        name
        for name in _imports(path, module)
        if not any(name == ok or name.startswith(ok + ".") for ok in allowed)
        # ``from napspec.spec import load`` names napspec.spec.load: judge the module part
        and not any(ok.startswith(name + ".") or ok == name for ok in allowed)
    )


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_follow_the_arrows(module: str) -> None:
    bad = _against_the_arrows(module, MODULES[module])
    part = _part(module)
    assert not bad, f"{module} ({part}) may import only {(part, *ALLOWED[part])}, but imports {bad}"


@pytest.mark.parametrize(
    "source",
    [
        "from napspec.lab.solver import Solver",
        "import napspec.lab.sweep",
        "from napspec.lab import claims",
        "from napspec.reference.lab.solver import Solver",  # the lab's folder named from the engine's
        "from napspec.reference import lab",
    ],
)
def test_an_arrow_from_the_engine_to_the_lab_is_refused(source: str, tmp_path: Path) -> None:
    """The lab stands above the engine: an engine module importing it, by either name, is
    against the arrows, and a lab module may import the engine."""
    engine_module = tmp_path / "hand.py"
    engine_module.write_text(source + "\n", encoding="utf-8")
    assert _against_the_arrows("napspec.reference.hand", engine_module)
    lab_module = tmp_path / "solver.py"
    lab_module.write_text("from napspec.reference.hand import Hand\nfrom napspec.spec import load\n", encoding="utf-8")
    assert not _against_the_arrows("napspec.lab.solver", lab_module)


@pytest.mark.parametrize(
    "source",
    [
        "from napspec.spec import load",
        "from napspec.spec.terminal import printable",
        "import napspec.suite.cases",
        "from napspec.conformance.harness import InProcessEngine",
        "from napspec.conformance import report_schemas",
        "from napspec.reference.contract_adapter import ReferenceEngine",
        "from napspec.lab import claims",
        "import napspec.docs.pipeline",
    ],
)
def test_an_arrow_from_the_protocol_to_any_other_part_is_refused(source: str, tmp_path: Path) -> None:
    """The protocol stands at the bottom: a module of it importing anything else of napspec is
    against the arrows, and the suite, the harness, the engine and the lab may import it."""
    protocol_module = tmp_path / "wire.py"
    protocol_module.write_text(f"from napspec.protocol.engines import Engine\n{source}\n", encoding="utf-8")
    assert source.split()[1] in _against_the_arrows("napspec.protocol.wire", protocol_module)
    user = tmp_path / "user.py"
    user.write_text("from napspec.protocol import PROTOCOL, serve\nfrom napspec.protocol.schemas import errors\n")
    for module in ("napspec.suite.cases", "napspec.conformance.harness", "napspec.reference.cli", "napspec.lab.cli"):
        assert not _against_the_arrows(module, user), module


def test_the_protocol_is_a_part_of_its_own() -> None:
    protocol = {module for module in MODULES if _part(module) == "napspec.protocol"}
    assert {"napspec.protocol", "napspec.protocol.wire", "napspec.protocol.schemas"} <= protocol
    assert _part("napspec.spec.terminal") == "napspec.spec"


def test_no_module_imports_a_package_by_its_name_inside_another() -> None:
    """In a checkout a package in another's folder also imports by the outer package's name
    (``napspec.conformance.protocol``), as a second copy of every module, with classes of its
    own; installed, that name is absent. Every import names it by its own."""
    elsewhere = {
        module: sorted(name for name in _named_imports(path) if name.startswith(tuple(ELSEWHERE)))
        for module, path in MODULES.items()
    }
    assert not {module: names for module, names in elsewhere.items() if names}


def _named_imports(path: Path) -> set[str]:
    """The modules ``path`` imports by absolute name, as written."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_the_lab_is_a_part_of_its_own() -> None:
    lab = {module for module in MODULES if _part(module) == "napspec.lab"}
    assert {"napspec.lab.solver", "napspec.lab.claims", "napspec.lab.cli"} <= lab
    assert not {module for module in MODULES if module.startswith(tuple(ELSEWHERE))}


def _loaded_after(imports: str) -> set[str]:
    code = (
        f"import sys\n{imports}\n"
        "print('\\n'.join(sorted(m for m in sys.modules if m.startswith(('napspec', 'pytest', '_pytest', 'sphinx')))))"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return set(completed.stdout.split())


def _walk(package: str) -> str:
    """Code importing every module of ``package`` under its own name (a package's folder inside
    another's, the lab's in the engine's, is left to its own name)."""
    elsewhere = tuple(f"{other}." for other in ELSEWHERE)
    return (
        f"import importlib, pkgutil, {package} as p\n"
        f"for m in pkgutil.walk_packages(p.__path__, '{package}.', onerror=print):\n"
        f"    if not m.name.endswith('__main__') and not (m.name + '.').startswith({elsewhere!r}):\n"
        "        importlib.import_module(m.name)"
    )


def test_the_register_loads_nothing_else() -> None:
    loaded = _loaded_after(_walk("napspec.spec"))
    assert {m for m in loaded if not m.startswith("napspec.spec")} == {"napspec"}, loaded


def test_the_protocol_loads_nothing_else() -> None:
    loaded = _loaded_after(_walk("napspec.protocol"))
    assert {"napspec.protocol.wire", "napspec.protocol.schemas"} <= loaded
    assert {m for m in loaded if not m.startswith("napspec.protocol")} == {"napspec"}, loaded


def test_the_reference_engine_needs_only_the_register_and_the_protocol() -> None:
    loaded = _loaded_after(_walk("napspec.reference"))
    assert {"napspec.reference.contract_adapter", "napspec.protocol.wire"} <= loaded
    foreign = {m for m in loaded if not m.startswith(("napspec.reference", "napspec.spec", "napspec.protocol"))}
    assert foreign == {"napspec"}, foreign


def test_the_lab_loads_the_engine_and_the_register_not_the_harness_nor_the_rulebook() -> None:
    loaded = _loaded_after(_walk("napspec.lab"))
    assert {"napspec.lab.solver", "napspec.reference.hand", "napspec.spec.claims"} <= loaded
    assert not {m for m in loaded if m.startswith(("napspec.docs", "napspec.suite", "napspec.conformance"))}


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
                "napspec.lab",
                "napspec.conformance.harness",
                "napspec.conformance.certify",
                "napspec.conformance.plugin",
            )
        )
    }
    assert not forbidden, forbidden


def test_certify_is_a_plain_loop_that_never_loads_pytest() -> None:
    """``napspec certify`` plays the rows itself (:mod:`napspec.suite.rows`): neither its
    module nor the command line it runs under loads pytest, pytest-bdd or the suite's
    pytest plugin; only the developers' view of the rows (the plugin, the step definitions)
    does."""
    loaded = _loaded_after(
        "import napspec.conformance.certify, napspec.conformance.certificate, napspec.conformance.cli"
    )
    assert "napspec.suite.rows" in loaded
    forbidden = {
        m
        for m in loaded
        if m.startswith(("pytest", "_pytest", "pytest_bdd", "napspec.conformance.plugin", "napspec.suite.steps"))
    }
    assert not forbidden, forbidden


def test_the_harness_names_no_engine() -> None:
    """No module of the harness imports an engine, and none names the reference engine."""
    for module, path in MODULES.items():
        if _part(module) == "napspec.conformance":
            text = path.read_text(encoding="utf-8")
            assert "napspec.reference" not in text and "reference_impl" not in text, module
            assert "'reference'" not in text and '"reference"' not in text, module


def _evaluator_problems(named: Mapping[str, str], evaluators: Mapping[str, Callable[..., object]]) -> list[str]:
    """What is wrong with the evaluators the claims name (``named``: each name with a reading
    naming it) against a registry of ``evaluators``: a name none answers to, or an evaluator
    defined outside the lab."""
    problems = [f"{where}: no evaluator {name!r} in the lab" for name, where in named.items() if name not in evaluators]
    problems += [
        f"{where}: the evaluator {name!r} is defined in {evaluators[name].__module__}, outside the lab"
        for name, where in named.items()
        if name in evaluators and _part(evaluators[name].__module__) != "napspec.lab"
    ]
    return problems


def _claims_evaluators() -> dict[str, str]:
    """Every evaluator name ``spec/claims.toml`` gives a reading (``check``), with one reading naming it."""
    from napspec.spec import load
    from napspec.spec.claims import load_claims

    return {
        reading.check: f"{claim.id}/{reading.id}"
        for claim in load_claims(load()).values()
        for reading in claim.readings
    }


def test_every_evaluator_the_claims_name_is_the_labs() -> None:
    """The register's claims name their evaluators by string: an arrow of data from the register
    to the lab, which no import shows. Every name is an evaluator of the lab's registry
    (``napspec.lab.claims.CHECKS``) defined in a module of the lab, and every evaluator there
    judges some reading."""
    from napspec.lab.claims import CHECKS

    named = _claims_evaluators()
    assert len(named) > 20
    assert not _evaluator_problems(named, CHECKS)
    assert not sorted(set(CHECKS) - set(named)), "evaluators no reading names"


def test_an_evaluator_unknown_or_outside_the_lab_is_refused() -> None:
    from napspec.lab.claims import CHECKS
    from napspec.reference.bench import play_reference

    named = {"stakes": "a/one", "no-such-check": "b/two", "engine-bench": "c/three"}
    problems = _evaluator_problems(named, {**CHECKS, "engine-bench": play_reference})
    assert problems == [
        "b/two: no evaluator 'no-such-check' in the lab",
        "c/three: the evaluator 'engine-bench' is defined in napspec.reference.bench, outside the lab",
    ]
