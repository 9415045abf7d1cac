"""The arrows of the house run one way: register -> suite -> harness <- engines, and the
rulebook reads the register, the suite and saved reports. The protocol (``napspec.protocol``)
is the room at the bottom: the suite, the harness, the engine and the lab may import it, and
it imports nothing of napspec, not even the register. At the top, only the tree of the
``napspec`` command (``napspec.docs.commands``) knows every part, and no part knows it: it adds
every command to the group itself, and nothing is added to the tree, nor a default set, when a
part's module is imported. The main-job pipeline (``napspec.docs.pipeline``) knows the register,
the harness and the stages it runs. The lab (``napspec.lab``: the solver, the sweeps,
the simulations, the claims' evidence) stands beside the engine: it may use the engine, the
engine knows nothing of it; and the register's claims name the lab's evaluators by string,
an arrow of data held here too (every name one of the lab's).

Checked twice: statically, every ``import`` of every module against the table below; and at
run time, importing a part in a fresh interpreter loads nothing it may not know (pytest
included, for the parts that must not run tests).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

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
    "napspec.docs.commands": ("napspec",),  # the tree of the napspec command: every part's commands
    "napspec.docs.pipeline": ("napspec.spec", "napspec.conformance", "napspec.docs.stages"),
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


# ------------------------------------------------------------ the command tree, at the top

#: The module that builds the ``napspec`` command, and the command it builds.
TREE = "napspec.docs.commands"


def test_the_napspec_command_is_the_tree_s() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["scripts"]["napspec"] == f"{TREE}:main"
    assert _part(TREE) == TREE


@pytest.mark.parametrize(
    "module",
    [
        "napspec.spec.cli",
        "napspec.suite.cli",
        "napspec.conformance.cli",
        "napspec.reference.cli",
        "napspec.lab.cli",
        "napspec.docs.pipeline",
        "napspec.docs.rulebook.data",
    ],
)
def test_no_part_imports_the_tree(module: str, tmp_path: Path) -> None:
    """The tree is at the top: a module of any other part (the pipeline's included) importing
    it is against the arrows; the tree may import every part."""
    source = tmp_path / "part.py"
    source.write_text(f"from {TREE} import main\n", encoding="utf-8")
    assert TREE in _against_the_arrows(module, source)
    source.write_text("import napspec.reference.cli\nfrom napspec.lab.cli import main\n", encoding="utf-8")
    assert not _against_the_arrows(TREE, source)


def _groups_defined(tree: ast.Module) -> set[str]:
    """The names of the click groups a module defines itself (a function decorated as a group)."""
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and any(
            isinstance(decorator, ast.Call)
            and isinstance(decorator.func, ast.Attribute)
            and decorator.func.attr == "group"
            for decorator in node.decorator_list
        )
    }


def command_attachments(source: str) -> list[str]:
    """Where ``source`` attaches a command to a group it does not define itself: an
    ``X.add_command(...)``, or a function decorated ``@X.command`` or ``@X.group``, ``X`` a
    group from elsewhere. A module may fill a group of its own (``house-rules`` its ``check``;
    ``napspec-lab`` its commands), never one it imports, such as ``napspec``'s."""
    tree = ast.parse(source)
    own = _groups_defined(tree)
    found = []
    for node in ast.walk(tree):
        attribute = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_command":
            attribute = node.func
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if isinstance(target, ast.Attribute) and target.attr in ("command", "group"):
                    attribute = target
        if attribute is None or (isinstance(attribute.value, ast.Name) and attribute.value.id == "click"):
            continue
        group = ast.unparse(attribute.value)
        if group not in own:
            found.append(
                f"line {attribute.lineno}: {'@' if attribute.attr != 'add_command' else ''}{group}.{attribute.attr}"
            )
    return found


def test_no_module_but_the_tree_adds_a_command_to_a_group_it_imports() -> None:
    attached = {
        module: command_attachments(path.read_text(encoding="utf-8"))
        for module, path in MODULES.items()
        if module != TREE
    }
    assert not {module: found for module, found in attached.items() if found}


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("from napspec.spec.cli import main\n@main.command()\ndef go(): pass\n", ["line 2: @main.command"]),
        ("from napspec.spec import cli\n@cli.main.group('more')\ndef more(): pass\n", ["line 2: @cli.main.group"]),
        ("from napspec.docs.commands import main\nmain.add_command(go, 'go')\n", ["line 2: main.add_command"]),
        ("def attach(group):\n    group.add_command(go)\n", ["line 2: group.add_command"]),
        ("import click\n@click.group()\ndef mine(): pass\n@mine.command()\ndef go(): pass\nmine.add_command(it)\n", []),
        ("import click\n@click.command()\ndef go(): pass\n", []),
    ],
)
def test_a_command_attached_to_a_group_from_elsewhere_is_found(source: str, found: list[str]) -> None:
    assert command_attachments(source) == found


def _tree_modules() -> dict[str, Path]:
    """The modules that define the commands of the tree (each command's function), the tree's
    own left out."""
    from napspec.docs.commands import main

    modules: set[str] = set()

    def walk(command: Any) -> None:
        modules.add(command.callback.__module__)
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(main)
    return {module: MODULES[module] for module in sorted(modules - {TREE})}


def import_time_effects(source: str) -> list[str]:
    """What ``source`` does at import besides defining: a call made at the top level (adding a
    command, setting a default), and a function that rebinds or changes a module's variable
    (``global``, or an item or attribute of one set), the way a default set at import was kept."""
    tree = ast.parse(source)
    variables = {
        target.id
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    found = [
        f"line {statement.lineno}: {ast.unparse(statement)}"
        for statement in tree.body
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
    ]
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found += _changes_to_the_module(function, variables)
    return sorted(found, key=lambda line: int(line.split()[1].rstrip(":")))


def _changes_to_the_module(function: ast.FunctionDef | ast.AsyncFunctionDef, variables: set[str]) -> list[str]:
    """Where ``function`` rebinds one of the module's ``variables`` or sets an item or an
    attribute of one (a name it binds itself, or takes as an argument, is its own)."""
    own = {argument.arg for argument in [*function.args.args, *function.args.kwonlyargs]}
    own |= {
        target.id
        for node in ast.walk(function)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found = []
    for node in ast.walk(function):
        if isinstance(node, ast.Global):
            found.append(f"line {node.lineno}: global {', '.join(node.names)}")
        if isinstance(node, ast.Assign):
            targets, line = node.targets, node.lineno
        elif isinstance(node, ast.AugAssign):
            targets, line = [node.target], node.lineno
        else:
            continue
        for target in targets:
            base = target
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                base = base.value
            if base is not target and isinstance(base, ast.Name) and base.id in variables - own:
                found.append(f"line {line}: changes the module's {base.id}")
    return found


def test_the_parts_command_modules_do_nothing_at_import_but_define() -> None:
    """No default set at import: a module that defines commands of ``napspec`` calls nothing
    at its top level and keeps no variable for a function to change; what a command needs from
    the top (the oracle by default) its factory is given when the tree is built."""
    modules = _tree_modules()
    assert {"napspec.spec.cli", "napspec.conformance.cli", "napspec.docs.pipeline"} <= set(modules)
    effects = {module: import_time_effects(path.read_text(encoding="utf-8")) for module, path in modules.items()}
    assert not {module: found for module, found in effects.items() if found}


@pytest.mark.parametrize(
    ("source", "found"),
    [
        (
            "_DEFAULT = [None]\ndef set_default(name):\n    _DEFAULT[0] = name\nset_default('x')\n",
            ["line 3: changes the module's _DEFAULT", "line 4: set_default('x')"],
        ),
        (
            "main.add_command(fuzz_command('x'), name='fuzz')\n",
            ["line 1: main.add_command(fuzz_command('x'), name='fuzz')"],
        ),
        (
            "DEFAULT = None\ndef set_default(name):\n    global DEFAULT\n    DEFAULT = name\n",
            ["line 3: global DEFAULT"],
        ),
        (
            "class Options: pass\nOPTIONS = Options()\ndef go():\n    OPTIONS.oracle = 'x'\n",
            ["line 4: changes the module's OPTIONS"],
        ),
        ("LIMIT = 3\ndef limit(n=LIMIT):\n    found = [LIMIT]\n    found[0] = n\n", []),
        ('"""A docstring."""\nLIMIT = 3\nif __name__ == "__main__":\n    main()\n', []),
    ],
)
def test_what_a_module_does_at_import_is_found(source: str, found: list[str]) -> None:
    assert import_time_effects(source) == found


#: Code describing a command and every command under it: the function that runs it, its help,
#: and its parameters with their defaults and help.
DESCRIBE = """
import json, click
def describe(command):
    described = {
        "callback": f"{command.callback.__module__}.{command.callback.__qualname__}",
        "help": command.help,
        "params": [[p.name, list(p.opts), repr(p.default), getattr(p, "help", None)] for p in command.params],
    }
    if isinstance(command, click.Group):
        described["commands"] = {name: describe(sub) for name, sub in command.commands.items()}
    return described
"""

#: Code importing every module of every part (a package's folder inside another's, and the
#: suite's pytest files, left out).
IMPORT_EVERY_PART = (
    "import importlib, pkgutil\n"
    "for package in ('napspec.spec', 'napspec.protocol', 'napspec.suite', 'napspec.conformance',"
    " 'napspec.reference', 'napspec.lab', 'napspec.docs'):\n"
    "    for m in pkgutil.walk_packages(importlib.import_module(package).__path__, package + '.', onerror=print):\n"
    "        last = m.name.rsplit('.', 1)[-1]\n"
    f"        if last != '__main__' and not last.startswith('test_') and not m.name.startswith({tuple(ELSEWHERE)!r}):\n"
    "            importlib.import_module(m.name)\n"
)


def _run(code: str) -> Any:
    """What ``code``, run in a fresh interpreter, prints last, read as JSON."""
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(completed.stdout.splitlines()[-1])


def test_importing_any_part_leaves_the_tree_as_built() -> None:
    """The tree is what its module builds, whatever else is imported, before it or after it:
    no module adds a command to it, or changes one, as a side effect of being imported."""
    after = _run(
        f"{DESCRIBE}from {TREE} import main\nbuilt = describe(main)\n{IMPORT_EVERY_PART}"
        "print(json.dumps([built, describe(main)]))"
    )
    first = _run(f"{DESCRIBE}{IMPORT_EVERY_PART}from {TREE} import main\nprint(json.dumps(describe(main)))")
    built, then = after
    assert len(built["commands"]) >= 15
    assert then == built, "importing the parts changed the tree"
    assert first == built, "the tree built after every part was imported is another"


def _modules_defining_commands() -> list[str]:
    """The tree's modules that define a command (or a group) by name, not only factories."""
    import importlib

    import click

    return [
        module
        for module in _tree_modules()
        if any(
            isinstance(value, click.Command) and value.callback and value.callback.__module__ == module
            for value in vars(importlib.import_module(module)).values()
        )
    ]


@pytest.mark.parametrize("module", _modules_defining_commands())
def test_a_part_s_commands_alone_are_the_tree_s(module: str) -> None:
    """The commands (and groups) a part's module defines are the same imported alone as in the
    tree: no other module fills them, or changes them, when it is imported."""
    described = (
        f"{DESCRIBE}import {module} as part\n"
        "print(json.dumps({describe(c)['callback']: describe(c) for c in vars(part).values()"
        " if isinstance(c, click.Command)}))"
    )
    alone = _run(described)
    for callback, command in alone.items():
        assert _the_tree_s_commands().get(callback) == command, callback


@cache
def _the_tree_s_commands() -> dict[str, Any]:
    """Every command of the tree, by the function that runs it, described in a fresh interpreter."""
    return dict(
        _run(
            f"{DESCRIBE}from {TREE} import main\n"
            "def walk(c):\n    yield c\n    for s in getattr(c, 'commands', {}).values():\n        yield from walk(s)\n"
            "print(json.dumps({describe(c)['callback']: describe(c) for c in walk(main)}))"
        )
    )
