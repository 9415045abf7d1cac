"""The JavaScript engine the rulebook's pages run, written from the contract alone:
``docs/engine/`` holds its game as classic scripts that add to one global, ``NapEngine``
(loaded in the order of ``scripts.json``), and ``nap.mjs``, the Node server that loads those
same scripts and speaks the protocol. It is certified by ``napspec certify --engine-command``
under every target the main job certifies (the default run: Hoyle and two variant targets,
random deals included; the campaign: every profile with each of its variants, and house rules
that take the values it declares beyond them); each version of the protocol it speaks
declares what that version carries; it answers every malformed request with an error
response; a rule broken in a copy of it fails the scenarios of that rule; and headless
Chromium runs the same scripts from ``file://`` and passes the scenarios' checks.

Needs Node (``node``, the Debian package ``nodejs``), and Chromium for the page. Without them
the tests fail in CI (``CI=true``) and are skipped elsewhere.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from napspec import spec
from napspec.conformance.harness import for_protocol
from napspec.protocol import ADDED_BY_PROTOCOL, OPTIONS_BY_PROTOCOL, PROTOCOL, PROTOCOLS, schemas
from napspec.spec import PROFILE_IDS
from napspec.spec.terminal import ExitStatus
from napspec.suite.checks import Check, CheckFailed, judge
from napspec.suite.targets import every_target
from tests.machine import needs, node_program

from ..docs.chromium import Chromium, find_chromium
from .conftest import REPO, napspec, run_certify, small_case

ENGINE_DIR = REPO / "docs" / "engine"
ENGINE = ENGINE_DIR / "nap.mjs"
SCRIPTS: list[str] = json.loads((ENGINE_DIR / "scripts.json").read_text(encoding="utf-8"))
#: A module is read in one sitting, as tests/test_module_size.py holds the Python to.
LIMIT = 800


@pytest.fixture(scope="module")
def node() -> str:
    return needs(node_program(), "node is not installed (apt-get install -y nodejs): the JavaScript engine needs it")


def hello(version: str = PROTOCOL) -> str:
    return json.dumps({"cmd": "hello", "protocol": version})


def run(case: dict[str, Any]) -> str:
    return json.dumps({"cmd": "run", "case": case})


def converse(node: str, *lines: str, engine: Path = ENGINE) -> list[dict[str, Any]]:
    """Send ``lines`` to the engine, close its input, and read every response line."""
    completed = subprocess.run(
        [node, str(engine)], input="".join(line + "\n" for line in lines), capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0, completed.stderr
    return [json.loads(line) for line in completed.stdout.splitlines()]


def check_certified(report: dict[str, Any]) -> None:
    """``report`` certifies the engine in napspec/1.4: every applicable scenario passed, and
    the random deals, each one case answered with its trace, compared at least the 1,500
    answers a certificate needs."""
    assert report["engine"]["name"] == "napspec-js" and report["engine"]["protocol"] == PROTOCOL
    summary = report["summary"]
    assert summary["certified"] and summary["passed"] == summary["applicable"] > 0, (report["target"]["name"], summary)
    differential = report["differential"]
    assert differential["trace"] and differential["divergence"] is None, differential
    assert report["scope"]["random_answers"] >= 1500


# ------------------------------------------------------------------------ certified


@pytest.mark.parametrize(
    ("profile", "variant", "chapters"),
    [
        # Hoyle's game has the most to play: the dealer's compulsory call, play stopped once
        # decided and the cards shown, the hand replayed after a revoke, a redeal.
        ("hoyle", None, {"players-and-pack", "dealing", "calling", "play", "settlement", "irregularities"}),
        # The exchanges and the pool, under Hoyle's irregularities.
        ("hoyle", "purchase", {"exchanges"}),
        # Seven cards each, calls from three to seven, Misery above Nap, half stakes.
        ("wikipedia", "seven-card", {"calls-beyond-nap"}),
    ],
)
def test_the_js_engine_is_certified_random_deals_included(
    node: str, tmp_path: Path, profile: str, variant: str | None, chapters: set[str]
) -> None:
    target = ("--profile", profile, *(("--variants", variant) if variant else ()))
    run = run_certify(tmp_path, "--engine-command", f"{node} {ENGINE}", *target, "--seed", "1")
    assert run.code == ExitStatus.CERTIFIED, run.output
    check_certified(run.report)
    passed = {case["chapter"] for case in run.report["cases"] if case["status"] == "passed"}
    assert chapters <= passed, passed


@pytest.mark.campaign
def test_the_js_engine_is_certified_under_every_profile_and_each_of_its_variants(node: str, tmp_path: Path) -> None:
    run = run_certify(
        tmp_path, "--engine-command", f"{node} {ENGINE}", "--profile", "all", "--variants", "each", timeout=1800
    )
    assert run.code == ExitStatus.CERTIFIED, run.output
    expected = [target.name for target in every_target()]
    assert sorted(report["target"]["name"] for report in run.reports) == sorted(expected)
    for report in run.reports:
        check_certified(report)


#: House rules taking the values the engine declares beyond those of the profiles and their
#: variants, each with the scenarios written for them (a short pack of 32 and 40 has none:
#: only the random deals judge it).
BEYOND_THE_PROFILES: dict[str, tuple[str, str | None, dict[str, str | int]]] = {
    "misery-trumps": ("hoyle", "misery", {"misery": "trumps-by-first-lead", "nap-stakes": "win-12-lose-6"}),
    "blucher-double": ("wikipedia", "blucher", {"blucher": "double-wellington-stakes"}),
    "seven-below": ("wikipedia", "seven-card", {"seven-card": "played-misery-below-nap"}),
    "seven-double": ("wikipedia", "seven-card", {"seven-card": "played-double-above-nap"}),
    "pool-original": (
        "peel",
        "pool",
        {"pool-contributions": "all-at-original-deal", "pool-end": "drawn-for", "first-dealer": "lowest-card-ace-high"},
    ),
    "pool-three-one": (
        "hoyle",
        "pool",
        {"pool-contributions": "dealer-three-players-one", "pool-failed-nap": "pays-pool-amount"},
    ),
    "pool-knaves": ("hoyle", "pool", {"pool-contributions": "knaves-and-fives"}),
    "lowest-two": (
        "britannica",
        None,
        {"lowest-call": 2, "compulsory-call": "eldest-cannot-pass", "dealer-sits-out": "five-or-six-players"},
    ),
    "lowest-three": ("hoyle", "wellington", {"lowest-call": 3}),
    "short-32": ("wikipedia", "short-pack", {"pack": "short-32-40"}),
}


@pytest.mark.campaign
@pytest.mark.parametrize("name", sorted(BEYOND_THE_PROFILES))
def test_the_js_engine_plays_the_values_it_declares_beyond_the_profiles(node: str, tmp_path: Path, name: str) -> None:
    base, variant, options = BEYOND_THE_PROFILES[name]
    lines = [
        f'base = "{base}"',
        f'name = "{name}"',
        f"variants = {json.dumps([variant] if variant else [])}",
        "[options]",
    ]
    lines += [f"{option} = {json.dumps(value)}" for option, value in options.items()]
    house = tmp_path / f"{name}.toml"
    house.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = run_certify(tmp_path / "reports", "--engine-command", f"{node} {ENGINE}", "--house-rules", str(house))
    summary, differential = run.report["summary"], run.report["differential"]
    assert summary["passed"] == summary["applicable"] and differential["divergence"] is None, run.output
    assert run.report["scope"]["random_answers"] >= 1500
    if summary["applicable"]:
        assert run.code == ExitStatus.CERTIFIED, run.output


# ------------------------------------------------------------------------ the protocol


@pytest.mark.parametrize("version", PROTOCOLS)
def test_each_version_declares_what_it_carries(node: str, version: str) -> None:
    (handshake,) = converse(node, hello(version))
    assert schemas.errors("hello-response", handshake) == [] and handshake["protocol"] == version
    capabilities = handshake["capabilities"]
    assert sorted(capabilities["options"]) == sorted(OPTIONS_BY_PROTOCOL[version])
    since_1 = PROTOCOLS[1 : PROTOCOLS.index(version) + 1]
    assert capabilities.get("trace", False) == any(
        "trace" in ADDED_BY_PROTOCOL[later].capabilities for later in since_1
    )
    # Every value declared is one of the register's.
    register = spec.load()
    for option, values in capabilities["options"].items():
        for value in values:
            assert register.options[option].accepts(value), (option, value)


def test_the_newest_version_declares_every_value_of_every_target(node: str) -> None:
    (handshake,) = converse(node, hello())
    declared = handshake["capabilities"]["options"]
    for target in every_target():
        missing = {option: value for option, value in target.values.items() if value not in declared[option]}
        assert not missing, (target.name, missing)
    given = {variant for profile in PROFILE_IDS for variant in spec.load().profile(profile).variants}
    assert set(handshake["capabilities"]["variants"]) == given


def test_the_js_engine_answers_every_malformed_request(node: str) -> None:
    good = for_protocol(small_case("js.small"), PROTOCOL)
    malformed = [
        "not json",
        "[1, 2]",
        '{"cmd": 3}',
        '{"cmd": "dance"}',
        '{"cmd": "hello", "protocol": "napspec/2"}',
        '{"cmd": "run"}',
        json.dumps({"cmd": "run", "case": {**good, "players": 11}}),
        json.dumps({"cmd": "run", "case": {**good, "actions": [{"type": "play", "seat": 0}]}}),
        json.dumps({"cmd": "run", "case": {**good, "actions": [{"type": "buy", "seat": 0, "cards": ["AS", "XX"]}]}}),
        json.dumps({"cmd": "run", "case": {**good, "queries": ["everything"]}}),
        json.dumps({"cmd": "run", "case": {**good, "queries": ["pool"]}}),  # no pool is played
        json.dumps({"cmd": "run", "case": {**good, "pool": 3}}),
        json.dumps({"cmd": "run", "case": {**good, "trace": "yes"}}),
        json.dumps({"cmd": "run", "case": {**good, "start": {"end_of_session": {"draw": []}}, "actions": []}}),
        json.dumps({"cmd": "run", "case": good, "extra": 1}),
        "x" * (16 * 1024 * 1024 + 1),  # beyond the engine's bound on a line
    ]
    responses = converse(node, hello(), *malformed, run({**good, "trace": True}))
    assert len(responses) == 2 + len(malformed)
    assert schemas.errors("hello-response", responses[0]) == []
    for line, response in zip(malformed, responses[1:-1], strict=True):
        assert schemas.errors("error-response", response) == [], (line[:200], response)
        assert response["error"]["code"] == "bad-request", (line[:200], response)
    last = responses[-1]
    assert last["case"] == "js.small" and schemas.errors("run-response", last) == []
    # The trace: the answers before the first action and after each, the last those after all.
    assert len(last["trace"]) == len(good["actions"]) + 1 and last["trace"][-1] == last["answers"]
    # After bye the engine answers and exits, whatever follows.
    assert converse(node, '{"cmd": "bye"}', '{"cmd": "bye"}') == [{"bye": True}]


def test_the_js_engine_speaks_napspec_1_when_asked(node: str) -> None:
    (handshake, response) = converse(node, hello("napspec/1"), run(for_protocol(small_case("js.old"), "napspec/1")))
    assert schemas.errors("hello-response", handshake) == [] and handshake["protocol"] == "napspec/1"
    options = handshake["capabilities"]["options"]
    assert "misery" not in options and "revoke" in options
    # A case of napspec/1 is played as that version's game: the variants at their plain values.
    assert schemas.errors("run-response", response) == [] and "declaration" not in response["answers"]["state"]


# ------------------------------------------------------------------------ tests that can fail


def broken_copy(tmp_path: Path, script: str, old: str, new: str) -> Path:
    """A copy of the engine with ``old`` replaced by ``new`` in ``script`` (once): its nap.mjs."""
    copy = tmp_path / "engine"
    shutil.copytree(ENGINE_DIR, copy)
    path = copy / script
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (script, old)
    path.write_text(text.replace(old, new), encoding="utf-8")
    return copy / "nap.mjs"


#: A rule broken in a copy of the engine, and the scenarios of it that must then fail:
#: (script, text, replacement, profile, variant, rule, scenarios failed).
BREAKS = {
    "misery-after-four": (
        "calls.js",
        "? 4 : 5) : 3;",
        "? 4 : 5) : 4;",
        "hoyle",
        "misery",
        "variants.ranking",
        ["variants-misery-ranks-between-three-and-four[hoyle]"],
    ),
    "peep-for-nothing": (
        "exchanges.js",
        'this.payIn(action.seat, 1, "peep-fee");',
        "",
        "hoyle",
        "peep",
        "exchanges.peep",
        ["exchanges-peep-in-turn-for-a-fee[hoyle]"],
    ),
    "pool-never-won": (
        "settle.js",
        'if (outcome === "made" && this.poolNow() > 0)',
        "if (false)",
        "peel",
        "pool",
        "pool.taken-by-nap",
        ["pool-taken-by-a-made-nap[peel]"],
    ),
    "seven-card-full-loss": (
        "calls.js",
        "lose = Math.ceil(win / 2);",
        "lose = win;",
        "wikipedia",
        "seven-card",
        "variants.seven-card-stakes",
        ["variants-seven-card-nap-caller-revokes[wikipedia]", "variants-seven-card-stakes-by-call[wikipedia]#3"],
    ),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_a_rule_broken_in_a_copy_fails_its_scenarios(node: str, tmp_path: Path, name: str) -> None:
    script, old, new, profile, variant, rule, failing = BREAKS[name]
    broken = broken_copy(tmp_path, script, old, new)
    target = ("--profile", profile, "--variants", variant, "--rule", rule)
    run = run_certify(tmp_path / "reports", "--engine-command", f"{node} {broken}", *target)
    failed = sorted(case["id"] for case in run.report["cases"] if case["status"] == "failed")
    assert set(failing) <= set(failed), run.output
    again = run_certify(tmp_path / "again", "--engine-command", f"{node} {ENGINE}", *target)
    assert {case["status"] for case in again.report["cases"]} <= {"passed", "not-applicable"}, again.output


def test_a_refusal_to_show_left_waiting_for_a_claim_fails_the_refusal_scenario(node: str, tmp_path: Path) -> None:
    # A refusal recorded as an open revoke, paid for only if claimed. The rule holds the refuser
    # to have revoked, penalised at once: the scenario says so.
    at_once = """        if (this.claimRefusal(index) === null) {
          this.claim({ type: "claim", seat: action.seat, offence: index });
          return;
        }
      }
      if (this.toShow"""
    broken = broken_copy(tmp_path, "play.js", at_once, "      }\n      if (this.toShow")
    rule = ("--profile", "hoyle", "--rule", "irregularities.show-cards")
    run = run_certify(tmp_path / "reports", "--engine-command", f"{node} {broken}", *rule)
    failed = [case["id"] for case in run.report["cases"] if case["status"] == "failed"]
    assert sorted(failed) == [
        "irregularities-hoyle-one-refusal-to-show-a-hand",
        "irregularities-hoyle-refusal-to-show-is-a-revoke",
    ], run.output


def test_the_random_deals_find_what_no_scenario_shows(node: str, tmp_path: Path) -> None:
    # The stock before the deal (the whole pack) is asked in no scenario: the random deals,
    # which compare every answer with the reference engine's, refuse the certificate.
    broken = broken_copy(tmp_path, "hand.js", "this.deck ? this.deck.length : this.stock.length", "this.stock.length")
    run = run_certify(tmp_path, "--engine-command", f"{node} {broken}", "--profile", "hoyle", "--variants", "peep")
    summary = run.report["summary"]
    assert summary["passed"] == summary["applicable"] and not summary["certified"], run.output
    assert "state.stock" in run.output and run.report["differential"]["divergence"] is not None


# ------------------------------------------------------------------------ in a page


def test_every_script_is_listed_once_and_read_in_one_sitting() -> None:
    scripts = sorted(path.name for path in ENGINE_DIR.glob("*.js"))
    assert sorted(SCRIPTS) == scripts and len(set(SCRIPTS)) == len(SCRIPTS)
    for path in [*ENGINE_DIR.glob("*.js"), ENGINE]:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= LIMIT, f"split {path.name} ({lines} lines, at most {LIMIT})"


BARE = """
const vm = require("node:vm");
const fs = require("node:fs");
const [dir, scripts, request] = JSON.parse(fs.readFileSync(0, "utf8"));
const page = vm.createContext({});  // a global with nothing of Node's: no require, process, Buffer
const before = new Set(vm.runInContext("Object.getOwnPropertyNames(globalThis)", page));
for (const script of scripts) vm.runInContext(fs.readFileSync(dir + "/" + script, "utf8"), page, { filename: script });
const added = vm.runInContext("Object.getOwnPropertyNames(globalThis)", page).filter((name) => !before.has(name));
page.request = request;
const response = vm.runInContext("NapEngine.runCase(request)", page);
process.stdout.write(JSON.stringify({ added, response }));
"""


def test_the_scripts_need_nothing_of_node_and_add_one_global(node: str) -> None:
    case = {**for_protocol(small_case("js.bare"), PROTOCOL), "trace": True}
    given = json.dumps([str(ENGINE_DIR), SCRIPTS, case])
    completed = subprocess.run([node, "-e", BARE], input=given, capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    result = json.loads(completed.stdout)
    assert result["added"] == ["NapEngine"]
    (_, served) = converse(node, hello(), run(case))
    assert result["response"] == served


def dumped(tmp_path: Path, profile: str, variant: str) -> list[dict[str, Any]]:
    """The suite's cases for a target, with their checks (``napspec dump-cases``)."""
    out = tmp_path / f"{profile}-{variant}.jsonl"
    completed = napspec("dump-cases", "--profile", profile, "--variants", variant, "-o", str(out))
    assert completed.returncode == 0, completed.stderr
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line["case"] is not None]


def as_check(check: dict[str, Any]) -> Check:
    lets = tuple((let["name"], tuple(let["select"])) for let in check.get("let", ()))
    return Check(check["what"], tuple(check["queries"]), tuple(check["select"]), check["expected"], lets)


#: Every case run in the page, an exception caught as an answer.
RUN_ALL = (
    "(cases) => cases.map((c) => { try { return NapEngine.runCase(c); } catch (e) { return { error: String(e) }; } })"
)


def test_a_page_from_file_runs_the_engine_and_passes_the_scenarios(tmp_path: Path) -> None:
    binary = needs(find_chromium(), "chromium is not installed (apt-get install -y chromium): the page's test needs it")
    # The folder as a built site ships it: the scripts beside a page, opened with no server.
    site = tmp_path / "site"
    shutil.copytree(ENGINE_DIR, site / "engine")
    tags = "".join(f'<script src="engine/{script}"></script>' for script in SCRIPTS)
    (site / "play.html").write_text(f'<!doctype html><meta charset="utf-8"><title>Nap</title>{tags}', encoding="utf-8")
    lines = dumped(tmp_path, "hoyle", "peep") + dumped(tmp_path, "wikipedia", "seven-card")
    cases = [line["case"] for line in lines]
    with Chromium(binary, tmp_path / "profile") as browser:
        browser.open((site / "play.html").as_uri())
        responses = browser.evaluate(f"({RUN_ALL})({json.dumps(cases)})")
    failures = []
    for line, response in zip(lines, responses, strict=True):
        assert "error" not in response, (line["label"], response)
        assert schemas.errors("run-response", response) == [], line["label"]
        for check in line["checks"]:
            try:
                judge(as_check(check), response)
            except CheckFailed as failure:
                failures.append(f"{line['label']}: {failure}")
    assert not failures, failures[:5]
    assert len({line["label"] for line in lines}) > 100
