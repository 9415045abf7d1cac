"""The minimal engine of docs/implementers.md (section 16), taken from the guide as it is
written, runs: it speaks the current protocol, declares what ``napspec capabilities`` prints,
and is certified to the end (every case skipped, none errored). ``napspec capabilities``
makes every case of a target that the engine plays applicable, and no other."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from napspec.conformance.capabilities import capabilities_for, dumps
from napspec.conformance.harness import applicable, check_hello
from napspec.protocol import PROTOCOL
from napspec.spec import PROFILE_IDS
from napspec.suite.dump import dump_lines
from napspec.suite.targets import Target

from .conftest import REPO

GUIDE = REPO / "docs" / "implementers.md"
NAPSPEC = [sys.executable, "-m", "napspec.docs.commands"]


def minimal_engine() -> str:
    """The Python block of section 16, as written."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text[text.index("## 16 A minimal engine") : text.index("## 17 ")]
    block = section[section.index("```python\n") + len("```python\n") :]
    return block[: block.index("```")]


def napspec(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*NAPSPEC, *arguments], cwd=cwd, capture_output=True, text=True, timeout=240)


def test_the_minimal_engine_has_nothing_left_to_fill_in() -> None:
    code = minimal_engine()
    assert "..." not in code and "…" not in code
    assert f'PROTOCOL = "{PROTOCOL}"' in code
    compile(code, "engine.py", "exec")


def test_the_minimal_engine_runs_as_written(tmp_path: Path) -> None:
    (tmp_path / "engine.py").write_text(minimal_engine(), encoding="utf-8")
    made = napspec("capabilities", "--profile", "hoyle", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "capabilities.json").write_text(made.stdout, encoding="utf-8")
    hello = subprocess.run(
        [sys.executable, "engine.py"],
        input=json.dumps({"cmd": "hello", "protocol": PROTOCOL}) + "\n" + '{"cmd": "bye"}\n',
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=30,
    )
    first, last = hello.stdout.splitlines()
    assert check_hello(json.loads(first))["protocol"] == PROTOCOL
    assert json.loads(last) == {"bye": True}
    certified = napspec(
        "certify",
        "--engine-command",
        f"{sys.executable} engine.py",
        "--profile",
        "hoyle",
        "--rule",
        "play.follow-suit",
        "--report-dir",
        "reports",
        cwd=tmp_path,
    )
    # Not certified (1), not an engine that cannot start (4): every case was sent and skipped.
    assert certified.returncode == 1, certified.stdout + certified.stderr
    report = json.loads((tmp_path / "reports" / "certify-hoyle.json").read_text(encoding="utf-8"))
    assert report["engine_error"] == "" and report["outcome"] == "complete"
    statuses = {case["status"] for case in report["cases"]}
    assert statuses <= {"skipped-unsupported", "not-applicable"} and "skipped-unsupported" in statuses
    assert all("not played yet" in case["message"] for case in report["cases"] if case["status"] != "not-applicable")


TARGETS = [*PROFILE_IDS, "hoyle+misery", "wikipedia+peep", "peel+pool"]


def _target(name: str) -> Target:
    profile, *variants = name.split("+")
    target = Target.from_options(profile, None, variants)
    assert target is not None
    return target


@pytest.mark.parametrize("name", TARGETS)
def test_the_capabilities_block_makes_exactly_the_targets_cases_applicable(name: str) -> None:
    target = _target(name)
    regular, everything = capabilities_for(target), capabilities_for(target, irregular=True)
    check_hello({"protocol": PROTOCOL, "engine": {"name": "n", "version": "1"}, "capabilities": regular})
    cases = [line["case"] for line in dump_lines(target) if line["case"] is not None]
    assert cases
    for case in cases:
        assert applicable(case, everything) == (True, "")
        assert applicable(case, regular)[0] == (not case["irregular"])
    assert regular["variants"] == list(target.variants) and regular["profiles"] == [target.base]


def test_the_command_prints_the_block_as_json(tmp_path: Path) -> None:
    shown = napspec("capabilities", "--profile", "wikipedia", "--variants", "misery", "--irregular", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    target = _target("wikipedia+misery")
    assert json.loads(shown.stdout) == capabilities_for(target, irregular=True)
    assert shown.stdout.strip() == dumps(capabilities_for(target, irregular=True))
    # every option on a line of its own, as it is pasted
    lines = shown.stdout.splitlines()
    for option, values in capabilities_for(target)["options"].items():
        assert any(line.strip().rstrip(",") == f'"{option}": {json.dumps(values)}' for line in lines), option
    whole = napspec("capabilities", "--profile", "peel", "--hello", cwd=tmp_path)
    assert check_hello(json.loads(whole.stdout))["capabilities"]["profiles"] == ["peel"]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ((), "give --profile"),
        (("--profile", "peel", "--variants", "misery"), "gives no variant 'misery'"),
        (("--profile", "hoyle", "--variants", "each"), "several targets"),
        (("--house-rules", "missing.toml"), "missing.toml"),
    ],
)
def test_a_wrong_target_is_a_usage_error_naming_it(tmp_path: Path, arguments: tuple[str, ...], words: str) -> None:
    shown = napspec("capabilities", *arguments, cwd=tmp_path)
    assert shown.returncode == 2 and words in shown.stderr and not shown.stdout
