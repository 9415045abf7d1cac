"""Certificates scoped to what an engine plays, and no part of the rules memorisable.

The engines are the reference engine behind a relay (``engines/relay.py``) that plays less
than it (four seats, dealt hands, no ``table`` query), or speaks an older version of the
protocol, or answers the published cases as the reference does and something else off them.
A faithful engine that plays less earns a certificate that says what it covers; one that
pays otherwise, ignores the penalties or refuses what it plays, off the published cases,
earns none.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from napspec.conformance.certificate import certify_target
from napspec.conformance.certify import report_document, resolve_target
from napspec.conformance.differential import MIN_COMPARED
from napspec.conformance.harness import InProcessEngine, open_engine
from napspec.conformance.integrity import inconsistencies, program_of
from napspec.conformance.report import report_digest
from napspec.conformance.report_schemas import REPORT_SCHEMAS
from napspec.protocol import Engine
from napspec.spec.terminal import ExitStatus
from napspec.suite.targets import Target, every_target

from .conftest import engine_command, napspec, relay, run_certify


@pytest.fixture(scope="module")
def oracle() -> Iterator[Engine]:
    engine = open_engine("reference", None)
    yield engine
    engine.close()


def _blockquotes(markdown: str) -> list[str]:
    """Each block quote of ``markdown``, its lines joined by spaces."""
    quotes: list[list[str]] = []
    previous = False
    for line in markdown.splitlines():
        quoted = line.startswith("> ")
        if quoted:
            if not previous:
                quotes.append([])
            quotes[-1].append(line[2:])
        previous = quoted
    return [" ".join(lines) for lines in quotes]


def certified(oracle: Engine, target: Target, relay: Any, seed: int = 5) -> dict[str, Any]:
    """The report of ``relay`` certified against ``target`` in-process, random deals included."""
    result = certify_target(
        target,
        relay.name,
        None,
        oracle=oracle,
        seed=seed,
        harness_engine=InProcessEngine(relay, timeout=10),
        program=program_of(relay.name, None),
    )
    document = report_document(result)
    assert REPORT_SCHEMAS.errors("certification-report", document) == []
    assert inconsistencies(document) == []
    return document


def test_a_faithful_engine_that_plays_less_is_certified_for_what_it_plays(oracle: Engine, tmp_path: Path) -> None:
    house = tmp_path / "two.toml"
    house.write_text('base = "britannica"\n\n[options]\nlowest-call = 2\n', encoding="utf-8")
    document = certified(oracle, resolve_target(None, str(house)), relay(name="four-seats"), seed=1)
    assert document["summary"]["certified"], document["scope"]
    assert document["summary"]["skipped-unsupported"] > 0  # what it does not play narrows it
    scope = document["scope"]
    assert scope["players"] == [4] and scope["starts"] == ["hands"] and not scope["too_narrow"]
    statement = scope["statement"]
    assert statement.startswith("Britannica (1884) with the lowest call 2 (uncited), four players, dealt hands: ")
    # implementers.md quotes this very statement as its example of what a certificate covers.
    guide = (Path(__file__).resolve().parents[2] / "docs" / "implementers.md").read_text(encoding="utf-8")
    assert statement in " ".join(_blockquotes(guide)), "docs/implementers.md's example is not what the run says"
    assert "the deal itself (no stacked pack)" in statement and "no `table` query" in statement
    differential = document["differential"]
    # The random deals were dealt at four, from dealt hands, and compared no table.
    assert differential["scope"] == {
        "players": [4],
        "starts": ["hands"],
        "queries": ["state", "legal-actions", "tricks", "result", "offences"],
        "irregular": True,
    }
    assert differential["cases"] >= MIN_COMPARED and differential["narrowed"] == [] and differential["trace"]
    assert {"calling", "play", "settlement"} <= set(differential["families"])


def test_the_same_engine_paying_double_off_the_published_cases_earns_none(oracle: Engine) -> None:
    engine = relay(name="pays-double-unseen", off_published="double", published=[resolve_target("britannica", None)])
    document = certified(oracle, resolve_target("britannica", None), engine)
    assert document["summary"]["failed"] == 0  # every published case answered as the reference does
    assert not document["summary"]["certified"]
    differences = document["differential"]["divergence"]["differences"]
    assert any(difference.startswith("result:") for difference in differences), differences


def test_an_engine_ignoring_penalties_off_the_published_cases_earns_none(oracle: Engine) -> None:
    hoyle = resolve_target("hoyle", None)
    engine = relay(
        name="no-penalties-unseen",
        players=None,
        starts=None,
        queries=None,
        off_published="no-penalties",
        published=[hoyle],
    )
    document = certified(oracle, hoyle, engine)
    assert document["summary"]["failed"] == 0 and document["summary"]["passed"] == document["summary"]["applicable"]
    assert not document["summary"]["certified"]
    assert document["differential"]["divergence"] is not None


def test_an_engine_refusing_off_the_published_cases_what_it_plays_in_them_has_evaded(oracle: Engine) -> None:
    hoyle = resolve_target("hoyle", None)
    engine = relay(
        name="unseen-unsupported",
        players=None,
        starts=None,
        queries=None,
        off_published="unsupported",
        published=[hoyle],
    )
    document = certified(oracle, hoyle, engine)
    differential = document["differential"]
    assert differential["evaded"] is not None and differential["divergence"] is None
    assert "plays only the cases it has seen" in differential["evaded"]["reason"]
    assert not document["summary"]["certified"]


def independent_1_2() -> Any:
    """An engine of napspec/1.2 (no lowest call, no trace; "peeped": [] and a stock count in
    every state) that does not model a refusal to show, published or not."""
    return relay(
        name="independent-1.2",
        players=None,
        starts=None,
        queries=None,
        protocol="napspec/1.2",
        unsupported=("refuse-to-show",),
    )


def test_an_engine_of_napspec_1_2_that_fails_no_case_is_certified_what_it_does_not_model_narrowing_it(
    oracle: Engine,
) -> None:
    # napspec/1.2: no lowest call, no trace; "peeped": [] and a stock count in every state (the
    # contract lets an engine leave them out, and they mean what leaving them out means); a
    # refusal to show it does not model, published or not.
    engine = independent_1_2()
    document = certified(oracle, resolve_target("britannica", None), engine)
    assert document["engine"]["protocol"] == "napspec/1.2" and not document["differential"]["trace"]
    assert document["summary"]["certified"], (document["scope"], document["differential"]["divergence"])


@pytest.mark.campaign
def test_an_engine_of_napspec_1_2_is_certified_under_hoyle_where_it_refuses_to_model_a_refusal_to_show(
    oracle: Engine,
) -> None:
    engine = independent_1_2()
    document = certified(oracle, resolve_target("hoyle", None), engine)
    assert document["summary"]["certified"]
    (narrowed,) = document["differential"]["narrowed"]
    assert "refuse-to-show" in narrowed["reason"] and narrowed["families"] == ["irregularities: refusal to show"]
    assert "random case" in document["scope"]["statement"]


def test_a_certificate_of_too_little_is_none_and_says_why(oracle: Engine) -> None:
    # An engine that answers no result judges no rule of the settlement, and one that takes
    # only the draw for the first dealer plays no random deal.
    no_result = relay(name="no-result", queries=("state", "legal-actions", "tricks"))
    document = certified(oracle, resolve_target("britannica", None), no_result)
    assert not document["summary"]["certified"]
    assert "no rule of settlement judged" in document["scope"]["too_narrow"]
    draws = relay(name="draws-only", starts=("draw",), queries=("first-dealer",))
    document = certified(oracle, resolve_target("hoyle", None), draws)
    assert not document["summary"]["certified"]
    assert document["differential"]["out_of_scope"] and "no random deal" in document["scope"]["too_narrow"]


def test_a_chapter_no_scenario_is_written_for_is_judged_by_the_random_deals(oracle: Engine) -> None:
    """Under Hoyle with Peep the suite has no scenario of the settlement (every one is written
    for the plain game's values): that is the suite's gap, not the engine's. The reference
    engine is certified there, its settlement judged by the random deals; an engine that
    answers no result, so plays no settlement in them either, is not."""
    target = resolve_target("hoyle", None, ["peep"])
    everything = relay(name="everything", players=None, starts=None, queries=None)
    document = certified(oracle, target, everything)
    assert "settlement" not in document["scope"]["chapters"]  # no scenario of it under these values
    assert document["differential"]["families"]["settlement"]["answers"] > 0
    assert document["summary"]["certified"], document["scope"]["too_narrow"]
    no_result = relay(name="no-result", players=None, starts=None, queries=("state", "legal-actions", "tricks"))
    document = certified(oracle, target, no_result)
    assert "settlement" not in document["differential"]["families"]
    assert "no rule of settlement judged" in document["scope"]["too_narrow"]
    assert not document["summary"]["certified"]


@pytest.mark.campaign
def test_the_reference_engine_is_certified_under_every_target_the_main_job_certifies(oracle: Engine) -> None:
    """Every profile, and every profile with each variant its source gives (the main job's
    targets): a certificate the reference engine cannot earn is a fault of the suite."""

    refused = {}
    for target in every_target():
        result = certify_target(target, "reference", None, oracle=oracle, seed=11)
        document = report_document(result)
        if not document["summary"]["certified"]:
            refused[target.name] = document["scope"]["too_narrow"] or document["summary"]
    assert not refused, refused


def test_what_a_certificate_covers_is_rebuilt_by_verify(oracle: Engine) -> None:
    document = certified(oracle, resolve_target("britannica", None), relay(name="four-seats"))
    edited = json.loads(json.dumps(document))
    edited["scope"]["statement"] = edited["scope"]["statement"].replace("four players", "two to ten players")
    edited["digest"] = report_digest(edited)
    assert any("its scope says" in problem for problem in inconsistencies(edited))
    widened = json.loads(json.dumps(document))
    widened["engine"]["capabilities"].pop("players")
    widened["differential"]["scope"]["players"] = list(range(2, 11))
    widened["digest"] = report_digest(widened)
    assert any("its scope says" in problem for problem in inconsistencies(widened))


@pytest.mark.campaign
@pytest.mark.parametrize("profile", ["peel", "hoyle", "wikipedia"])
def test_a_four_seat_engine_is_certified_under_every_profile_for_what_it_plays(oracle: Engine, profile: str) -> None:
    document = certified(oracle, resolve_target(profile, None), relay(name="four-seats"), seed=11)
    assert document["summary"]["certified"], (document["scope"], document["differential"]["divergence"])
    assert document["scope"]["players"] == [4]


@pytest.mark.campaign
@pytest.mark.parametrize("profile", ["peel", "britannica", "wikipedia"])
def test_memorisers_of_the_published_cases_are_refused_under_every_profile(oracle: Engine, profile: str) -> None:
    target = resolve_target(profile, None)
    for mode in ("double", "no-penalties", "unsupported"):
        engine = relay(name=mode, players=None, starts=None, queries=None, off_published=mode, published=[target])
        document = certified(oracle, target, engine, seed=13)
        assert not document["summary"]["certified"], mode


def test_smoke_fuzz_and_certify_take_an_engine_of_an_older_version_that_plays_less(tmp_path: Path) -> None:
    # Four seats, dealt hands, no table, napspec/1.2, over the protocol: smoke plays it a case
    # it declares it plays (napspec/1.2 has no lowest call: the harness sends none), fuzz deals
    # it only four-handed deals from dealt hands, and certify certifies it for what it plays.
    settings = {"protocol": "napspec/1.2", "name": "four-seats-1.2"}
    command = shlex.join(engine_command("relay.py", json.dumps(settings)))
    smoke = napspec("smoke", "--engine-command", command)
    assert smoke.returncode == 0 and ": ok" in smoke.stdout, smoke.stdout + smoke.stderr
    fuzz = napspec("fuzz", "--engine-command", command, "--profile", "britannica", "--deals", "6", "--seed", "2")
    assert fuzz.returncode == 0 and "no divergence" in fuzz.stdout, fuzz.stdout + fuzz.stderr
    run = run_certify(tmp_path, "--engine-command", command, "--profile", "britannica", "--seed", "3", timeout=300)
    assert run.code == ExitStatus.CERTIFIED, run.output
    assert "the certificate covers: Britannica (1884), four players, dealt hands" in run.output
