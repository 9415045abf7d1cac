"""``napspec dump-cases``: the suite as data. Every line is valid against the shipped schema,
and an engine judged from the dump alone, by the small runner below (which shares no code
with the suite: its own protocol client, its own reading of the checks), gets exactly the
statuses ``napspec certify`` gives it."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped, unused-ignore]
import pytest
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.conformance.conftest import ENGINES, REPO

SCHEMA = REPO / "features" / "schema" / "dump-case.schema.json"
PROTOCOL_SCHEMAS = REPO / "conformance" / "protocol" / "schema"
SERVE_REFERENCE = [sys.executable, "-m", "napspec.reference.cli", "serve"]
Json = Any


def napspec(*arguments: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "napspec.docs.commands", *arguments],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def dump(tmp_path: Path, *arguments: str) -> list[dict[str, Any]]:
    output = tmp_path / "cases.jsonl"
    completed = napspec("dump-cases", *arguments, "-o", str(output))
    assert completed.returncode == 0, completed.stderr
    return [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]


class Certify:
    """``napspec certify`` run in the background (while the dump is judged); its statuses by
    scenario row."""

    def __init__(self, folder: Path, *arguments: str) -> None:
        self.folder = folder
        self.process = subprocess.Popen(
            [sys.executable, "-m", "napspec.docs.commands", "certify", "--report-dir", str(folder), *arguments],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )

    def statuses(self) -> dict[str, str]:
        output, _ = self.process.communicate(timeout=300)
        assert self.process.returncode in (0, 1), output
        (report,) = self.folder.glob("certify-*.json")
        cases = json.loads(report.read_text(encoding="utf-8"))["cases"]
        return {case["id"] + repr(sorted(case["example"].items())): case["status"] for case in cases}


# ----------------------------------------------------------------- an independent runner


class Engine:
    """An engine over the JSON-lines protocol, each answer awaited with a deadline."""

    def __init__(self, command: list[str], timeout: float = 30.0) -> None:
        self.timeout = timeout
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=REPO
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.capabilities: dict[str, Any] = self.ask({"cmd": "hello", "protocol": "napspec/1"})["capabilities"]

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request).encode() + b"\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.lines.get(timeout=self.timeout))
        return answer

    def close(self) -> None:
        try:
            self.ask({"cmd": "bye"})
        finally:
            self.process.kill()
            self.process.wait(timeout=10)


def _same(a: Json, b: Json) -> bool:
    # Canonical JSON text: true is not 1, arrays keep their order, object keys do not.
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


class Nothing(Exception):
    pass


def _apply(value: Json, operations: list[dict[str, Any]], names: dict[str, Json]) -> Json:
    def operand(item: Json) -> Json:
        return names[item["var"]] if isinstance(item, dict) and "var" in item else item

    for operation in operations:
        [(op, argument)] = operation.items()
        if op == "get":
            for key in map(operand, argument):
                try:
                    value = value[key]
                except (KeyError, IndexError, TypeError):
                    raise Nothing(key) from None
        elif op == "where":
            value = [v for v in value if all(_same(v.get(k), operand(x)) for k, x in argument.items())]
        elif op == "where-set":
            value = [v for v in value if v.get(argument) is not None]
        elif op == "pluck":
            value = [v.get(argument) for v in value]
        elif op == "pick":
            value = (
                [{k: v.get(k) for k in argument} for v in value]
                if isinstance(value, list)
                else {k: value.get(k) for k in argument}
            )
        elif op == "flatten":
            value = [item for part in value for item in part]
        elif op == "sort":
            value = sorted(value)
        elif op == "count":
            value = len(value)
        elif op == "nonempty":
            value = len(value) > 0
        else:
            raise AssertionError(f"unknown operation {op}")
    return value


def holds(check: dict[str, Any], response: dict[str, Any]) -> bool:
    names: dict[str, Json] = {}
    try:
        for binding in check.get("let", []):
            names[binding["name"]] = _apply(response, binding["select"], names)
        return _same(_apply(response, check["select"], names), check["expected"])
    except Nothing:
        return False


def fits(case: dict[str, Any], capabilities: dict[str, Any]) -> bool:
    """Whether the engine declares all a case needs (else it is skipped-unsupported)."""
    options = capabilities.get("options", {})
    return (
        all(any(_same(value, known) for known in options.get(name, [])) for name, value in case["options"].items())
        and set(case["queries"]) <= set(capabilities.get("queries", []))
        and (not case["irregular"] or bool(capabilities.get("irregular_play")))
    )


def rows(lines: list[dict[str, Any]]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    key: str | None = None
    group: list[dict[str, Any]] = []
    for line in lines:
        this = line["label"] + repr(sorted(line["row"].items()))
        if this != key and group:
            yield key or "", group
            group = []
        key = this
        group.append(line)
    if group:
        yield key or "", group


def judge(lines: list[dict[str, Any]], command: list[str]) -> dict[str, str]:
    """Statuses by scenario row, judged from the dump alone."""
    engine = Engine(command)
    statuses: dict[str, str] = {}
    try:
        for key, group in rows(lines):
            status = "passed"
            for line in group:
                if line["not_applicable"]:
                    status = "not-applicable"
                    break
                if not fits(line["case"], engine.capabilities):
                    status = "skipped-unsupported"
                    break
                response = engine.ask({"cmd": "run", "case": line["case"]})
                if "error" in response:
                    status = "skipped-unsupported" if response["error"].get("code") == "unsupported" else "errored"
                    break
                if not all(holds(check, response) for check in line["checks"]):
                    status = "failed"
                    break
            statuses[key] = status
    finally:
        engine.close()
    return statuses


# ----------------------------------------------------------------------------- the tests


def _validator() -> Any:
    resources = []
    for path in [SCHEMA, *sorted(PROTOCOL_SCHEMAS.glob("*.schema.json"))]:
        document = json.loads(path.read_text(encoding="utf-8"))
        resources.append((document["$id"], Resource.from_contents(document, default_specification=DRAFT202012)))
    registry: Registry[Any] = Registry().with_resources(resources)
    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")), registry=registry)


@pytest.fixture(scope="module")
def hoyle_dump(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The dump for Hoyle, written by the command (which checks every line against the schema)."""
    lines = dump(tmp_path_factory.mktemp("dump"), "--profile", "hoyle")
    assert {line["target"] for line in lines} == {"hoyle"}
    return lines


def _judged_alike(
    tmp_path: Path, lines: list[dict[str, Any]], engine_command: list[str], *certify_arguments: str
) -> dict[str, str]:
    """Judge the dump, and certify the same engine; the statuses must be the same. With a
    ``--rule`` selection among the arguments, the rows certify selected are compared."""
    certified = Certify(tmp_path / "certify", *certify_arguments, "--profile", lines[0]["target"])
    if "--rule" in certify_arguments:
        expected = certified.statuses()
        lines = [line for line in lines if line["label"] + repr(sorted(line["row"].items())) in expected]
        from_dump = judge(lines, engine_command)
    else:
        from_dump = judge(lines, engine_command)
        expected = certified.statuses()
    assert from_dump == expected
    assert {"passed", "not-applicable"} <= set(from_dump.values())
    return from_dump


def test_the_reference_judged_from_the_dump_as_by_certify(tmp_path: Path, hoyle_dump: list[dict[str, Any]]) -> None:
    statuses = _judged_alike(tmp_path, hoyle_dump, SERVE_REFERENCE, "--engine", "reference")
    assert set(statuses.values()) == {"passed", "not-applicable"}


def test_a_rule_breaker_judged_from_the_dump_as_by_certify(tmp_path: Path, hoyle_dump: list[dict[str, Any]]) -> None:
    script = ENGINES / "nap_pays_five.py"
    statuses = _judged_alike(
        tmp_path,
        hoyle_dump,
        [sys.executable, str(script)],
        "--engine-command",
        f"{sys.executable} {script}",
        "--rule",
        "settlement.nap",
    )
    failed = {key for key, status in statuses.items() if status == "failed"}
    assert failed and "passed" in statuses.values(), (
        "the rule-breaker is caught from the dump, and only where it breaks"
    )
    assert all(
        "settlement.nap" in line["rules"]
        for line in hoyle_dump
        if line["label"] + repr(sorted(line["row"].items())) in failed
    )


def test_a_dump_for_house_rules_names_them_and_uses_their_values(tmp_path: Path) -> None:
    from napspec.suite.dump import dump_lines
    from napspec.suite.targets import Target

    house = tmp_path / "house.toml"
    house.write_text('base = "hoyle"\nname = "twelve"\n[options]\nnap-stakes = "win-12-lose-6"\n')
    target = Target.from_options(None, str(house))
    assert target is not None
    lines = list(dump_lines(target))
    assert {line["target"] for line in lines} == {"hoyle+twelve"}
    cases = [line["case"] for line in lines if line["case"]]
    assert cases and all(case["options"]["nap-stakes"] == "win-12-lose-6" for case in cases)
    nap = [line for line in lines if "settlement.nap" in line["rules"]]
    assert any(line["not_applicable"] for line in nap) and any(line["case"] for line in nap)


def test_dump_cases_refuses_a_missing_or_unknown_target(tmp_path: Path) -> None:
    completed = napspec("dump-cases")
    assert completed.returncode == 2 and "--profile" in completed.stderr
    completed = napspec("dump-cases", "--profile", "hoyel")
    assert completed.returncode == 2 and "did you mean 'hoyle'" in completed.stderr
    house = tmp_path / "house.toml"
    house.write_text('base = "hoyle"\nname = "odd"\n[options]\nnap-stakes = "win-99"\n')
    completed = napspec("dump-cases", "--house-rules", str(house), "-o", str(tmp_path / "out.jsonl"))
    assert completed.returncode == 2 and "house.toml" in completed.stderr and "win-99" in completed.stderr, (
        completed.stderr
    )
    assert not (tmp_path / "out.jsonl").exists(), "nothing is written for a target that cannot be read"
