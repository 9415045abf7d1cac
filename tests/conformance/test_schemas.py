"""The protocol's JSON Schemas: valid draft 2020-12 schemas, their examples valid, strict
where the protocol is strict, and in step with the Python code and the implementers' guide;
and the harness's report schemas, read with the protocol's beside them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import hypothesis
import pytest
from hypothesis import strategies as st

from napspec.conformance.report_schemas import REPORT_SCHEMAS
from napspec.protocol import (
    ACTIONS_ADDED_IN_1_1,
    ACTIONS_ADDED_IN_1_2,
    ADDED_BY_PROTOCOL,
    NAMED_CALLS,
    PROTOCOL,
    PROTOCOLS,
    QUERIES_ADDED_IN_1_2,
)
from napspec.protocol.schemas import (
    PROTOCOL_SCHEMAS,
    SCHEMA_NAMES,
    Schemas,
    _validator,
    check_schemas,
    errors,
    is_valid,
    load_schema,
)
from napspec.suite.cards import canonical_pack
from napspec.suite.cases import QUERIES, make_case

from .conftest import REPO, small_case, toy_module

GUIDE = REPO / "docs" / "implementers.md"
#: Every folder of schemas: the protocol's, and the harness's reports.
FOLDERS = (PROTOCOL_SCHEMAS, REPORT_SCHEMAS)


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert check_schemas() == []
    assert REPORT_SCHEMAS.check() == []


@pytest.mark.parametrize("schemas", FOLDERS, ids=lambda schemas: schemas.folder.relative_to(REPO).as_posix())
def test_every_schema_file_is_known(schemas: Schemas) -> None:
    names = sorted(path.name for path in schemas.folder.glob("*.json"))
    assert names == sorted(f"{n}.schema.json" for n in schemas.names)


def test_a_folder_beside_the_protocols_refers_to_its_schemas(tmp_path: Path) -> None:
    """The reports refer to the protocol's schemas (an engine's version, its capabilities) by
    relative ``$ref``, resolved beside their own; the protocol's schemas know nothing of them."""
    base = load_schema("common")["$id"].rsplit("/", 1)[0]
    engine = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{base}/engine.schema.json",
        "type": "object",
        "properties": {
            "protocol": {"$ref": "common.schema.json#/$defs/protocol"},
            "capabilities": {"$ref": "hello-response.schema.json#/properties/capabilities"},
        },
    }
    (tmp_path / "engine.schema.json").write_text(json.dumps(engine), encoding="utf-8")
    beside = Schemas(tmp_path, ("engine",), beside=PROTOCOL_SCHEMAS)
    assert beside.check() == []
    capabilities = {"profiles": [], "options": {}, "variants": [], "queries": [], "irregular_play": False}
    assert beside.errors("engine", {"protocol": PROTOCOL, "capabilities": capabilities}) == []
    wrong = {"protocol": "napspec/2", "capabilities": {**capabilities, "irregular_play": "yes"}}
    assert not beside.is_valid("engine", wrong)
    assert {error.split(":")[0] for error in beside.errors("engine", wrong)} == {
        "protocol",
        "capabilities.irregular_play",
    }
    assert beside.registry().contents(load_schema("common")["$id"]) == load_schema("common")
    for name in REPORT_SCHEMAS.names:
        with pytest.raises(KeyError, match=f"no schema named '{name}'"):
            load_schema(name)


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_each_schema_example_is_valid(name: str) -> None:
    for example in load_schema(name).get("examples", []):
        assert errors(name, example) == []


def test_every_value_in_the_enumerations_matches_the_code() -> None:
    common = load_schema("common")["$defs"]
    # The suite's queries, and the one napspec/1.2 added (which the suite may list already).
    assert set(common["query"]["enum"]) == set(QUERIES) | QUERIES_ADDED_IN_1_2
    assert tuple(common["protocol"]["enum"]) == PROTOCOLS and PROTOCOLS[-1] == PROTOCOL
    call = next(
        branch["then"]
        for branch in common["action"]["allOf"]
        if branch["if"]["properties"]["type"] == {"const": "call"}
    )
    assert tuple(call["properties"]["call"]["enum"]) == NAMED_CALLS
    assert set(ACTIONS_ADDED_IN_1_1) | ACTIONS_ADDED_IN_1_2 <= set(common["action"]["properties"]["type"]["enum"])
    assert list(ADDED_BY_PROTOCOL) == list(PROTOCOLS[1:])


def test_built_cases_and_toy_answers_are_valid() -> None:
    toy = toy_module()
    case = small_case("valid/1", queries=[query for query in QUERIES if query not in ("first-dealer", "pool")])
    assert errors("run-request", {"cmd": "run", "case": case}) == []
    assert errors("run-response", toy.run_response(case)) == []
    assert errors("hello-response", toy.hello_response()) == []


@pytest.mark.parametrize(
    ("name", "instance"),
    [
        ("hello-response", {"protocol": "napspec/1", "engine": {"name": "x", "version": "1"}}),
        ("bye-response", {"bye": False}),
        ("error-response", {"error": {"message": "x", "code": "oops"}}),
        ("error-response", {"error": "just a string"}),
        ("run-response", {"case": "x", "steps": [{"ok": True, "error": "call-too-low"}], "answers": {}}),
        ("run-response", {"case": "x", "steps": [{"ok": False, "error": "no-such-code"}], "answers": {}}),
        ("run-response", {"case": "x", "steps": [], "answers": {"weather": "fine"}}),
        ("run-response", {"case": "x", "steps": [], "answers": {}, "extra": 1}),
        ("answers", {"result": {"outcome": "made", "payments": [10, -5, -5], "next_dealer": 1, "bonus": 0}}),
        (
            "answers",
            {
                "state": {
                    "phase": "dancing",
                    "to_act": None,
                    "soloist": None,
                    "call": None,
                    "trumps": None,
                    "tricks_won": [0, 0],
                    "holdings": [[], []],
                }
            },
        ),
        ("answers", {"table": [[{"card": "AS"}], []]}),
        ("answers", {"offences": [{"kind": "cheating", "seat": 0, "claimed": False}]}),
    ],
)
def test_off_schema_messages_are_refused(name: str, instance: Any) -> None:
    assert not is_valid(name, instance)


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "seat": 0, "card": "AS", "tricks": 3},
        {"type": "play", "seat": 0},
        {"type": "call", "seat": 0, "tricks": 0},
        {"type": "pass", "seat": 10},
        {"type": "cut", "seat": 0, "depth": 53},
        {"type": "shuffle", "seat": 0},
        {"type": "ask"},
    ],
)
def test_off_schema_actions_are_refused(action: dict[str, Any]) -> None:
    assert not is_valid("common", action, "action")


def test_faults_of_the_start_need_an_irregular_case() -> None:
    pack = [*canonical_pack()[1:], "AS"]  # no two of clubs, two aces of spades
    case = make_case("irregular/1", profile="hoyle", irregular=True, deck=pack)
    assert errors("case", case) == []
    case["irregular"] = False
    assert errors("case", case) != []


def test_irregular_actions_may_be_sent_in_a_regular_case_to_be_refused() -> None:
    case = small_case("regular/expose", actions=[{"type": "expose", "seat": 1, "card": "AS"}])
    assert errors("case", case) == [] and case["irregular"] is False


def test_the_schemas_are_plain_json_files() -> None:
    for path in (schemas.path(name) for schemas in FOLDERS for name in schemas.names):
        text = path.read_text(encoding="utf-8")
        assert json.loads(text)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def _enums() -> dict[str, list[str]]:
    common = load_schema("common")["$defs"]
    answers = load_schema("answers")["$defs"]
    return {
        "error codes": common["error-code"]["enum"],
        "action types": common["action"]["properties"]["type"]["enum"],
        "queries": common["query"]["enum"],
        "error-response codes": common["error"]["properties"]["code"]["enum"],
        "phases": answers["state"]["properties"]["phase"]["enum"],
        "outcomes": answers["result"]["anyOf"][1]["properties"]["outcome"]["enum"],
        "offence kinds": answers["offences"]["items"]["properties"]["kind"]["enum"],
    }


@pytest.mark.parametrize("what", sorted(_enums()))
def test_the_implementers_guide_documents_every_enumerated_value(what: str) -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    missing = [value for value in _enums()[what] if f"`{value}`" not in guide and f'"{value}"' not in guide]
    assert missing == [], f"{what} missing from docs/implementers.md: {missing}"


def test_the_implementers_guide_points_to_every_schema_file() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    paths = [schemas.path(name).relative_to(REPO).as_posix() for schemas in FOLDERS for name in schemas.names]
    assert len(paths) == 13
    assert [path for path in paths if f"`{path}`" not in guide] == []


# ------------------------------------------------- the compiled validator and jsonschema

_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False) | st.sampled_from(["AS", "KH", "x"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["id", "cmd", "x"]), inner, max_size=3),
    max_leaves=12,
)


@hypothesis.settings(max_examples=200, deadline=None)
@hypothesis.given(st.lists(_JSON_VALUES, min_size=1, max_size=6), st.sampled_from(["seat", "cards", "card", "action"]))
def test_the_compiled_verdict_is_jsonschemas_own(instances: list[Any], definition: str) -> None:
    for instance in instances:
        assert is_valid("common", instance, definition) == _validator(PROTOCOL_SCHEMAS, "common", definition).is_valid(
            instance
        )
        assert (errors("common", instance, definition) == []) == is_valid("common", instance, definition)


def _mutants(value: Any) -> list[Any]:
    """``value`` with one part changed: each key dropped, each leaf made each of a few wrong
    things, each list emptied or given a stranger."""
    wrong: list[Any] = [None, True, -1, 2.5, "", "ZZ", [], {}]
    found: list[Any] = [*wrong]
    if isinstance(value, dict):
        for key in value:
            found.append({k: v for k, v in value.items() if k != key})
            found += [{**value, key: mutant} for mutant in _mutants(value[key])]
        found.append({**value, "unknown-key": 1})
    elif isinstance(value, list):
        found += [[], [*value, "ZZ"]]
        for index, item in enumerate(value):
            found += [[*value[:index], mutant, *value[index + 1 :]] for mutant in _mutants(item)]
    return found


def test_the_compiled_verdict_is_jsonschemas_own_on_cases_and_answers(case: Any) -> None:
    """Every one-part change of a real case, and of the reference engine's answer to it, is
    judged alike by both validators (the messages are jsonschema's)."""
    from napspec.conformance.harness import open_engine

    real_case = case("mutants", queries=["state", "legal-actions", "tricks", "table", "result", "offences"])
    answer = open_engine("reference", None).run(real_case)
    judged = 0
    for name, value in (("case", real_case), ("run-response", answer)):
        for mutant in _mutants(value):
            assert is_valid(name, mutant) == _validator(PROTOCOL_SCHEMAS, name, None).is_valid(mutant), mutant
            assert (errors(name, mutant) == []) == is_valid(name, mutant)
            judged += 1
    assert judged > 500


def test_a_value_that_only_mimics_json_is_judged_by_jsonschema() -> None:
    assert is_valid("common", ["AS", "KH"], "cards")
    assert not is_valid("common", ("AS", "KH"), "cards")  # a tuple is no JSON array
    assert is_valid("common", 1, "seat")
    assert not is_valid("common", True, "seat")  # nor is true a number
    assert not is_valid("common", 10**30, "seat")  # wider than 64 bits: judged by value all the same
    assert is_valid("common", {"type": "pass", "seat": 1}, "action")
    assert not is_valid("common", {"type": "pass", "seat": True}, "action")


def test_a_pattern_ends_where_the_text_ends() -> None:
    """JSON Schema's patterns are ECMA 262's: ``$`` does not match before a final newline,
    as Python's would; the verdict and its words say so."""
    assert not is_valid("common", "AS\n", "card")
    assert errors("common", "AS\n", "card") == ['(root): "AS\\n" does not match "^[2-9TJQKA][CDHS]$"']


def _card_lists(node: Any, where: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every list of cards a schema describes (an array whose items are cards, or a reference
    to ``common``'s lists), with where it stands."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        items = node.get("items")
        if isinstance(items, dict) and str(items.get("$ref", "")).endswith("/$defs/card"):
            found.append((where, node))
        if str(node.get("$ref", "")).endswith(("/$defs/cards", "#/$defs/cards")):
            found.append((where, {"uniqueItems": True, **node}))
        for key, value in node.items():
            found.extend(_card_lists(value, f"{where}/{key}"))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_card_lists(value, f"{where}/{index}"))
    return found


def test_no_list_of_dealt_cards_in_an_answer_or_an_action_refuses_a_faulty_pack_s_repeated_card() -> None:
    """A faulty pack (irregular play) repeats a card, and whatever is dealt from it may hold the
    card twice: a hand, the extra hand, a discard from them. The main job's random deals met an
    extra hand ['2D', '8D', '3H', 'AS', 'AS'] that the answers' schema refused, and the reference
    engine, as oracle, was failed for a faulty pack it dealt faithfully. So no list of cards in
    an answer, nor in the actions an engine is sent or lists, may require distinct cards (a case's
    stacked hands and stock, which the harness builds from a whole pack, may)."""
    answers = _card_lists(load_schema("answers"))
    actions = [(where, node) for where, node in _card_lists(load_schema("common")) if "/$defs/action" in where]
    assert answers and actions
    distinct = [where for where, node in answers + actions if node.get("uniqueItems")]
    assert distinct == [], f"lists of dealt cards that refuse a repeated card: {distinct}"


def test_an_extra_hand_dealt_from_a_faulty_pack_is_a_valid_answer() -> None:
    """The run of the main job that failed: Wikipedia with Sir Garnet, the random deals of this
    seed, the fourth a faulty pack whose repeated ace of spades both lie in the extra hand."""
    from napspec.conformance.certificate import certify_target
    from napspec.conformance.certify import report_document, variant_targets
    from napspec.conformance.harness import open_engine

    target = next(t for t in variant_targets("wikipedia", None) if t.name == "wikipedia+sir-garnet")
    oracle = open_engine("reference", None)
    try:
        document = report_document(
            certify_target(target, "reference", None, oracle=oracle, seed=8516706083524530027, deals=10)
        )
    finally:
        oracle.close()
    assert not document["differential"].get("stopped"), document["differential"].get("stopped")
    assert document["summary"]["certified"]
