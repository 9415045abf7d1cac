"""Hostile engines on the surface napspec/1.2 added: a ``pool`` answer of the wrong shape, a
negative or inconsistent amount, an unknown reason or extra fields, and a state without the
fields napspec/1.2 requires, are each a protocol error naming the field; what the engine put
there stays inert text; and the harness goes on to the next case without a restart."""

from __future__ import annotations

from typing import Any

import pytest

from napspec.conformance.harness import ProtocolEngine, check_result
from napspec.protocol import ProtocolError
from napspec.spec import load
from napspec.suite.cases import make_case

from .conftest import ESC, engine_command

HANDS = ["2C 3C 4C 5C 6C", "AS KS QS JS TS", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D"]


def pool_case(case_id: str, queries: list[str], variants: tuple[str, ...] = ("pool",)) -> dict[str, Any]:
    """A four-player Hoyle case with the pool (a pool of 3 stakes as it begins)."""
    case = make_case(
        case_id,
        options=_options(variants),
        hands=HANDS,
        actions=[{"type": "call", "seat": 1, "tricks": 3}],
        queries=queries,
    )
    case["pool"] = 3
    return case


def _options(variants: tuple[str, ...]) -> dict[str, Any]:
    return load().variant_values("hoyle", list(variants))


@pytest.mark.parametrize(
    ("kind", "named"),
    [
        ("not-an-object", ["answers.pool: [3] is not of type 'object'"]),
        ("pool-a-string", ["answers.pool.pool: '3' is not of type 'integer'"]),
        ("no-transfers", ["answers.pool: 'transfers' is a required property"]),
        ("negative", ["answers.pool.transfers[0].amount: -1 is less than the minimum of 1"]),
        ("extra-fields", ["answers.pool: Additional properties are not allowed ('bonus' was unexpected)"]),
        ("extra-fields", ["answers.pool.transfers[0]: Additional properties are not allowed ('note' was unexpected)"]),
        ("pool-to-pool", ["answers.pool.transfers[0]"]),
        ("seat-off-table", ["pool.transfers[0].from: seat 9 is not a seat of a 4-player table"]),
        ("does-not-add-up", ["pool.pool is 8, but the case began with 3 in the pool and its transfers leave 4"]),
        ("overdrawn", ["pool.transfers[0] takes 4 out of a pool that held less"]),
        ("state-lacks-fields", ["the state lacks peep_card, peeped and stock, which napspec/1.2 requires"]),
    ],
)
def test_a_spoilt_pool_answer_is_a_protocol_error_naming_the_field(kind: str, named: list[str]) -> None:
    with ProtocolEngine(engine_command("hostile.py", "pool-answer", kind), timeout=10) as engine:
        with pytest.raises(ProtocolError) as caught:
            engine.run(pool_case(f"pool/{kind}", ["state", "pool"]))
        message = str(caught.value)
        assert message.startswith(f"case 'pool/{kind}': ")
        for words in named:
            assert words in message, message
        assert len(message) < 4000
        # The harness survives: the engine is still in step, and answers the next case.
        with pytest.raises(ProtocolError):
            engine.run(pool_case(f"pool/{kind}-2", ["state", "pool"]))
        assert engine.restarts == 0


def test_a_well_behaved_pool_answer_passes() -> None:
    with ProtocolEngine(engine_command("hostile.py", "pool-answer", "none"), timeout=10) as engine:
        response = engine.run(pool_case("pool/fine", ["state", "pool"]))
        assert response["answers"]["pool"] == {
            "pool": 4,
            "transfers": [{"from": 1, "to": "pool", "amount": 1, "reason": "peep-fee"}],
        }


def test_a_payment_that_forgets_the_pool_is_named() -> None:
    # The toy's result is null; a finished hand whose payments ignore the pool is refused.
    with ProtocolEngine(engine_command("hostile.py", "pool-answer", "none"), timeout=10) as engine:
        response = engine.run(pool_case("pool/result", ["pool", "result"]))
        assert response["answers"]["result"] is None

    case = pool_case("pool/sum", ["pool", "result"])
    answer: dict[str, Any] = {
        "case": "pool/sum",
        "steps": [{"ok": True}],
        "answers": {
            "pool": {"pool": 0, "transfers": [{"from": "pool", "to": 1, "amount": 3, "reason": "pool-won"}]},
            "result": {"outcome": "made", "payments": [-1, 3, -1, -1], "next_dealer": 1},
        },
    }
    with pytest.raises(ProtocolError, match=r"result\.payments sum to 0, but the pool gained -3 in the case"):
        check_result(case, answer)
    answer["answers"]["result"]["payments"] = [-1, 6, -1, -1]
    assert check_result(case, answer) is answer


def test_an_unknown_reason_of_markup_and_escapes_is_named_as_inert_text() -> None:
    engine = ProtocolEngine(engine_command("hostile.py", "pool-answer", "unknown-reason"), timeout=10)
    with engine, pytest.raises(ProtocolError) as caught:
        engine.run(pool_case("pool/reason", ["pool"]))
    message = str(caught.value)
    assert "answers.pool.transfers[0].reason: " in message and "is not one of" in message
    assert ESC not in message and "\x07" not in message and "\\x1b]0;pwned" in message
