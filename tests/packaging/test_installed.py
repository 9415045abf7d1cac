"""napspec as a user gets it: the sdist and wheel built from this tree, the wheel installed
into a fresh environment, every command run from a directory outside any checkout.

The default run lays the fresh environment over this one's third-party packages (a path entry
only: this environment's own napspec, an editable install, is not loaded there), so that it
takes seconds. The ``campaign`` marker runs the same checks in an environment where pip
installs the wheel's dependencies from scratch (``pytest -m campaign tests/packaging``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import venv
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from tests.packaging.test_package_list import folders, nested

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Installed:
    """A fresh environment with the wheel installed, and a working directory outside REPO."""

    python: Path
    bin: Path
    workdir: Path
    wheel: Path
    sdist: Path

    def run(self, *arguments: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        env = {
            "PATH": f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}",
            "HOME": str(self.workdir),
            "LANG": "C.UTF-8",
            "COLUMNS": "200",
            "NO_COLOR": "1",
        }
        return subprocess.run(
            list(arguments),
            cwd=self.workdir,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )


def build_requirements() -> list[str]:
    """What pyproject.toml's ``[build-system]`` requires."""
    with open(REPO / "pyproject.toml", "rb") as file:
        requires: list[str] = tomllib.load(file)["build-system"]["requires"]
    return requires


def _has_build_requirements() -> bool:
    """Whether this environment already holds what the build requires (the test extra
    installs it), so that a build need not install it again into an isolated one."""
    for line in build_requirements():
        requirement = Requirement(line)
        try:
            if not requirement.specifier.contains(metadata.version(requirement.name), prereleases=True):
                return False
        except metadata.PackageNotFoundError:
            return False
    return True


def _build(outdir: Path, *, isolated: bool = True) -> tuple[Path, Path]:
    """The sdist, then the wheel built from that sdist (so the sdist is proven complete):
    in an environment of its own, as pip builds it, or (``isolated=False``, where this one
    holds the build's requirements) here, without installing them again."""
    isolation = [] if isolated or not _has_build_requirements() else ["--no-isolation"]
    completed = subprocess.run(
        [sys.executable, "-m", "build", *isolation, "--outdir", str(outdir), str(REPO)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    # A folder of the five parts left out of pyproject's packages: setuptools ships it only
    # with this warning, which its later versions turn into leaving it out.
    unlisted = [
        line for line in (completed.stdout + completed.stderr).splitlines() if "absent from the `packages`" in line
    ]
    assert not unlisted, unlisted
    (sdist,) = outdir.glob("napspec-*.tar.gz")
    (wheel,) = outdir.glob("napspec-*.whl")
    return sdist, wheel


def _install(root: Path, wheel: Path, sdist: Path, *, isolated: bool) -> Installed:
    env_dir = root / "env"
    venv.EnvBuilder(with_pip=isolated, clear=True).create(env_dir)
    python = env_dir / "bin" / "python"
    if isolated:
        command = [str(python), "-m", "pip", "install", "-q", f"{wheel}[docs]"]
    else:
        # This environment's pip installs into the fresh one; the dependencies come from a
        # plain path entry to this environment's site-packages (no .pth file there is run).
        command = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel)]
    completed = subprocess.run(command, capture_output=True, text=True, timeout=900)
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    if not isolated:
        purelib = subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        Path(purelib, "zz-napspec-test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    workdir = root / "elsewhere"
    workdir.mkdir()
    return Installed(python=python, bin=env_dir / "bin", workdir=workdir, wheel=wheel, sdist=sdist)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    root = tmp_path_factory.mktemp("installed")
    sdist, wheel = _build(root / "dist", isolated=False)
    return _install(root, wheel, sdist, isolated=False)


def test_the_sdist_carries_the_tests_and_the_licence(installed: Installed) -> None:
    with tarfile.open(installed.sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert "LICENSE" in names
    assert "tests/packaging/test_installed.py" in names
    assert {"spec/sources/peel.txt", "features/04-play.feature", "docs/index.md", ".ci/run"} <= names


def test_the_wheel_carries_what_the_commands_need(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    tops = {name.split("/", 1)[0] for name in names}
    assert tops == {"napspec", "napspec-0.1.0.dist-info"}, tops
    needed = {
        "napspec/spec/sources/hoyle.txt",
        "napspec/spec/variations.toml",
        "napspec/spec/schema/register.schema.json",
        "napspec/suite/04-play.feature",
        "napspec/suite/test_scenarios.py",
        "napspec/protocol/schema/case.schema.json",
        "napspec/protocol/wire.py",
        "napspec/conformance/schema/certification-report.schema.json",
        "napspec/suite/schema/dump-case.schema.json",
        "napspec/docs/index.md",
        "napspec/docs/conf.py",
        "napspec/docs/_static/napspec.css",
        "napspec/docs/_static/napspec.js",
        "napspec/docs/rulebook/directives.py",
        "napspec/docs/rulebook/fold.py",
        "napspec/docs/claims.md",
        "napspec/spec/claims.toml",
        "napspec/spec/claims-evidence.json",
        "napspec/lab/cli.py",
        "napspec-0.1.0.dist-info/licenses/LICENSE",
    }
    assert needed <= names, needed - names
    # a package in another's folder (the protocol's in the harness's) is shipped under its own name only
    elsewhere = tuple(f"{'/'.join(other.split('.'))}/" for other in nested())
    assert not [name for name in names if name.startswith(elsewhere)]


def test_the_labs_results_stay_out_of_the_wheel(installed: Installed) -> None:
    """The lab's stored sweeps are kept in the repository (and the sdist), not in the wheel."""
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    assert not [name for name in names if "/results/" in name or name.rsplit("/", 1)[-1].startswith("sweep-")]
    with tarfile.open(installed.sdist) as archive:
        kept = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"reference_impl/lab/results/sweep-4-floor3.json", "reference_impl/lab/results/README.md"} <= kept


def test_the_wheel_carries_every_module_of_the_five_parts(installed: Installed) -> None:
    """Every folder of the five parts holding a module is a package of the wheel, with all its
    modules: a folder pyproject.toml does not list would be left out, or shipped as data with a
    deprecation warning, and its modules not found by import where they are installed."""
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    modules = folders(".py")
    assert {"napspec.spec", "napspec.protocol", "napspec.conformance.harness", "napspec.lab"} <= set(modules)
    missing = sorted(
        f"{'/'.join(package.split('.'))}/{path.name}"
        for package, folder in modules.items()
        for path in (REPO / folder).glob("*.py")
        if f"{'/'.join(package.split('.'))}/{path.name}" not in names
    )
    assert not missing, missing


def test_no_generic_top_level_names(installed: Installed) -> None:
    for name in ("spec", "conformance", "reference_impl", "features", "docs", "tests"):
        completed = installed.run(str(installed.python), "-c", f"import {name}")
        assert completed.returncode != 0 and "ModuleNotFoundError" in completed.stderr, name
    completed = installed.run(
        str(installed.python), "-c", "import napspec.spec, napspec.suite; print(napspec.spec.__file__)"
    )
    assert completed.returncode == 0, completed.stderr
    assert str(installed.bin.parent) in completed.stdout  # the wheel's copy, not this checkout's


@pytest.mark.parametrize(
    "arguments",
    [
        ("check",),
        ("rules", "play.follow-suit"),
        ("options",),
        ("export", "-o", "register.json"),
    ],
    ids=lambda a: a[0],
)
def test_register_commands(installed: Installed, arguments: tuple[str, ...]) -> None:
    completed = installed.run(str(installed.bin / "napspec"), *arguments)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    if arguments[0] == "export":
        document = json.loads((installed.workdir / "register.json").read_text(encoding="utf-8"))
        assert document["rules"]


def test_house_rules_check(installed: Installed) -> None:
    (installed.workdir / "crown.toml").write_text('base = "hoyle"\n\n[options]\nnap-stakes = "win-12-lose-6"\n')
    completed = installed.run(str(installed.bin / "napspec"), "house-rules", "check", "crown.toml")
    assert completed.returncode == 0, completed.stdout + completed.stderr


def test_the_claims_are_judged_again_from_the_wheel(installed: Installed) -> None:
    """The claims' evidence and the reference engine that settles the payments come with the
    wheel, the lab's stored sweeps from the repository (``--results``): the findings computed
    there are those written. Without them the certainty claims say where the sweeps are kept."""
    checks = ("sure-of-exactly", "chance-sure-of", "hand-payments", "odds-against-card-out")
    arguments = ["claims", "--check", *(f"--only={check}" for check in checks)]
    results = REPO / "reference_impl" / "lab" / "results"
    completed = installed.run(str(installed.bin / "napspec-lab"), *arguments, f"--results={results}")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "peel-perfect-nap: true" in completed.stdout and "is what is computed now" in completed.stdout
    missing = installed.run(str(installed.bin / "napspec-lab"), *arguments)
    assert missing.returncode == 1 and "not in the wheel" in missing.stderr and "--results" in missing.stderr
    arithmetic = installed.run(str(installed.bin / "napspec-lab"), "claims", "--claim=peel-cards-in-use")
    assert arithmetic.returncode == 0 and "peel-cards-in-use: true" in arithmetic.stdout, arithmetic.stderr


@pytest.mark.parametrize("route", ["in-process", "protocol"])
def test_certify_by_both_routes(installed: Installed, route: str) -> None:
    engine = (
        ["--engine", "reference"]
        if route == "in-process"
        else ["--engine-command", f"{installed.python} -m napspec.reference.cli serve"]
    )
    completed = installed.run(
        str(installed.bin / "napspec"),
        "certify",
        *engine,
        "--profile",
        "hoyle",
        "--rule",
        "play.follow-suit",
        "--rule",
        "play.trick-winner",
        "--report-dir",
        "reports",
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    (report,) = (installed.workdir / "reports").glob("certify-*.json")
    document = json.loads(report.read_text(encoding="utf-8"))
    summary = document["summary"]
    assert summary["partial"] and not summary["certified"] and summary["passed"] == summary["applicable"] >= 5


def test_certify_without_an_engine_is_a_usage_error(installed: Installed) -> None:
    completed = installed.run(str(installed.bin / "napspec"), "certify", "--profile", "hoyle")
    assert completed.returncode == 2
    assert "--engine" in completed.stderr and "--engine-command" in completed.stderr


def test_the_wheel_carries_every_file_of_the_rulebook(installed: Installed) -> None:
    """Every file of docs/ (the pages, the extension, the static files) is in the wheel, where
    the build that ``napspec rulebook`` runs reads it; the build itself, from the installed
    wheel, is a campaign (below, and :func:`test_from_scratch`)."""
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    docs = REPO / "docs"
    files = [
        path.relative_to(docs).as_posix()
        for path in docs.rglob("*")
        if path.is_file() and not {"__pycache__", "_build"} & set(path.parts)
    ]
    assert len(files) > 20, files
    missing = sorted(name for name in files if f"napspec/docs/{name}" not in names)
    assert not missing, missing


@pytest.mark.campaign
def test_from_scratch(tmp_path: Path) -> None:
    """The whole round in an environment where pip resolves every dependency itself: every
    profile certified, and the rulebook built where the user says, from the reports (the PDF
    edition is the campaign's own test, tests/docs/test_editions.py, from the checkout)."""
    sdist, wheel = _build(tmp_path / "dist")
    fresh = _install(tmp_path, wheel, sdist, isolated=True)
    assert fresh.run(str(fresh.python), "-c", "import spec").returncode != 0
    certify = fresh.run(
        str(fresh.bin / "napspec"),
        "certify",
        "--engine",
        "reference",
        "--profile",
        "all",
        "--report-dir",
        "reports",
        timeout=900,
    )
    assert certify.returncode == 0, certify.stdout[-3000:] + certify.stderr[-3000:]
    book = fresh.run(str(fresh.bin / "napspec"), "rulebook", "-o", "book", "--reports", "reports", "--no-pdf")
    assert book.returncode == 0, book.stdout[-3000:] + book.stderr[-3000:]
    assert "Napoleon" in (fresh.workdir / "book" / "index.html").read_text(encoding="utf-8")
    assert (fresh.workdir / "book" / "chapters" / "play.html").is_file()


def test_the_test_extra_holds_what_the_build_requires() -> None:
    """The default run builds without an isolated environment only because the test extra
    installs the build's requirements: the two lists must say the same."""
    with open(REPO / "pyproject.toml", "rb") as file:
        test_extra = tomllib.load(file)["project"]["optional-dependencies"]["test"]
    assert set(build_requirements()) <= set(test_extra)
    assert _has_build_requirements()
