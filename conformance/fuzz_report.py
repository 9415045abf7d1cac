"""How a divergence found by :mod:`napspec.conformance.fuzz` is shown: as a scenario in the
suite's own phrases (:func:`gherkin`) that reads back as the same case, else as the case
itself with the differences (:func:`scenario_text`)."""

from __future__ import annotations

import hashlib
import json
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from napspec.spec import load
from napspec.spec.register import value_id
from napspec.suite.targets import Target

if TYPE_CHECKING:
    from napspec.conformance.fuzz import Divergence


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _cards(cards: Sequence[str]) -> str:
    return " ".join(cards)


def _action_phrase(action: Mapping[str, Any]) -> str | None:
    """The vocabulary's phrase for ``action``, or ``None`` if it has none the fuzzer uses."""
    seat, kind = action["seat"], action["type"]
    simple = {
        "pass": "passes",
        "take-extra-hand": "takes the extra hand",
        "peep": "peeps",
        "decline-peep-card": "leaves the peep card",
        "show": "shows his cards",
        "refuse-to-show": "refuses to show his cards",
        "ask": "asks for the call and the tricks made",
    }
    if kind in simple:
        return f"seat {seat} {simple[kind]}"
    if kind == "cut":
        depth = action["depth"]
        return f"seat {seat} cuts {depth} card{'' if depth == 1 else 's'}"
    if kind == "deal":
        if "exposed" in action:
            return f'seat {seat} deals exposing "{action["exposed"]}"'
        if "counts" in action:
            return f'seat {seat} deals the counts "{" ".join(map(str, action["counts"]))}"'
        return f"seat {seat} deals"
    if kind == "call":
        if "call" in action:
            named = {"misery": "Misery", "wellington": "Wellington", "blucher": "Blücher"}
            return f"seat {seat} calls {named[action['call']]}"
        return f"seat {seat} calls Nap" if action["tricks"] == 5 else f"seat {seat} calls {action['tricks']}"
    if kind in ("play", "expose"):
        return f'seat {seat} {kind}s "{action["card"]}"'
    if kind == "take-peep-card":
        return f'seat {seat} takes the peep card for "{action["card"]}"'
    if kind == "discard":
        return f'seat {seat} discards "{_cards(action["cards"])}"'
    if kind == "buy":
        if not action["cards"]:
            return f"seat {seat} refuses to buy"
        count = len(action["cards"])
        return f'seat {seat} buys {count} card{"" if count == 1 else "s"} throwing away "{_cards(action["cards"])}"'
    return None  # a claim names its offence by index: the case says it exactly


def _expectations(divergence: Divergence) -> list[str]:
    """``Then`` steps for the oracle's answers where the differences have phrases."""
    lines: list[str] = []
    wheres = {difference.where for difference in divergence.differences}
    step = divergence.oracle_step
    if step is not None:
        lines.append("the action is accepted" if step["ok"] else f'the action is rejected as "{step["error"]}"')
    state = divergence.oracle_answers.get("state") or {}
    if "state.to_act" in wheres:
        to_act = state.get("to_act")
        lines.append("nobody is to act" if to_act is None else f"seat {to_act} is to act")
    if "state.trumps" in wheres:
        trumps = state.get("trumps")
        lines.append("there are no trumps" if trumps is None else f'trumps are "{trumps}"')
    if "state.tricks_won" in wheres:
        lines += [f"seat {seat} has won {count} tricks" for seat, count in enumerate(state.get("tricks_won", []))]
    legal = divergence.oracle_answers.get("legal-actions")
    if "legal-actions" in wheres and isinstance(legal, list) and isinstance(state.get("to_act"), int):
        lines += _legal_lines(legal, state["to_act"], divergence.phase_after)
    result = divergence.oracle_answers.get("result")
    if "result" in wheres and isinstance(result, dict):
        lines.append(f'the outcome is "{result["outcome"]}"')
        if isinstance(result.get("payments"), list):
            lines.append(f'the payments are "{" ".join(map(str, result["payments"]))}"')
    return lines


def _legal_lines(legal: Sequence[Mapping[str, Any]], seat: int, phase: str) -> list[str]:
    """The phrases that say which plays, calls and passes ``seat`` may make."""
    mine = [action for action in legal if action.get("seat") == seat]
    if phase == "play":
        cards = sorted(action["card"] for action in mine if action["type"] == "play")
        return [f'seat {seat} may play "{_cards(cards)}"'] if cards else []
    if phase == "calling":
        named = {"misery": "Misery", "wellington": "Wellington", "blucher": "Blücher"}
        calls = [
            named[action["call"]] if "call" in action else ("Nap" if action["tricks"] == 5 else str(action["tricks"]))
            for action in mine
            if action["type"] == "call"
        ]
        passes = any(action["type"] == "pass" for action in mine)
        return [
            f'seat {seat} may call "{" ".join(calls) or "none"}"',
            f"seat {seat} may {'' if passes else 'not '}pass",
        ]
    return []


def _scenario_id(case: Mapping[str, Any]) -> str:
    return "fuzz-" + hashlib.sha256(_key(case).encode()).hexdigest()[:10]


def gherkin(divergence: Divergence, target: Target, engine_name: str) -> str | None:
    """The divergence as a scenario in the vocabulary's phrases, or ``None`` where a step
    has no phrase (a claim) or the scenario would not read back as the same case."""
    case = divergence.case
    whens = [_action_phrase(action) for action in case["actions"]]
    start = case["start"]
    if any(when is None for when in whens) or not ("deck" in start or set(start) == {"hands"}):
        # A claim, a draw, an end of session, an extra hand, a peep card or a stock: the
        # case says it exactly.
        return None
    register = load()
    givens = [f'the profile "{target.base}"']
    givens += [f'the variant "{variant}"' for variant in target.variants]
    plain = register.variant_values(target.base, list(target.variants)) if target.variants else None
    base_values = plain if plain is not None else register.profile_values(target.base)
    for option, value in case["options"].items():
        if base_values.get(option) != value or type(base_values.get(option)) is not type(value):
            givens.append(f'the option "{option}" is "{value_id(value)}"')
    if case["irregular"]:
        givens.append("irregular play is allowed")
    givens.append(f"{case['players']} players with seat {case['dealer']} dealing")
    if "pool" in case:
        givens.append(f"the pool holds {case['pool']} stakes as the hand begins")
        givens.append(f"seat {case['original_dealer']} was the first dealer of the session")
    if "deck" in start:
        givens.append(f'the pack from the top is "{_cards(start["deck"])}"')
    else:
        rows = [f"    | {seat} | {_cards(hand)} |" for seat, hand in enumerate(start["hands"])]
        givens.append("\n".join(["the hands:", "    | seat | cards |", *rows]))
    thens = _expectations(divergence)
    if not thens:
        return None
    lines = [
        " ".join([*(f"@rule:{rule}" for rule in divergence.rules), f"@id:{_scenario_id(case)}"]),
        f"Scenario: {engine_name} and the oracle differ after {len(case['actions'])} actions",
    ]
    actions = [when for when in whens if when is not None]
    for number, (keyword, steps) in enumerate((("Given", givens), ("When", actions), ("Then", thens))):
        for index, text in enumerate(steps):
            lines.append(f"  {'And' if index else keyword} {text}")
        if number == 1:
            lines += [f"  # {line}" for line in _difference_lines(divergence)]
    text = "\n".join(lines) + "\n"
    return text if _reads_back(text, divergence) else None


def _difference_lines(divergence: Divergence) -> list[str]:
    # json.dumps escapes every control character: the engine's text stays inert.
    return [
        f"{difference.where}: oracle {json.dumps(difference.oracle)}, engine {json.dumps(difference.engine)}"
        for difference in divergence.differences
    ]


def _reads_back(text: str, divergence: Divergence) -> bool:
    """Whether the suite reads ``text`` as the very case that diverged."""
    from napspec.suite.plan import plan_scenario
    from napspec.suite.scenarios import parse_feature
    from napspec.suite.vocabulary import ScenarioError

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.feature"
        path.write_text("Feature: fuzz\n\n" + text, encoding="utf-8")
        try:
            (scenario,) = parse_feature(path)
            plans = plan_scenario(scenario)
        except (ScenarioError, ValueError):
            return False
    if len(plans) != 1 or not plans[0].cases:
        return False
    sent = plans[0].cases[-1].message
    case = divergence.case
    return all(
        _key(sent.get(key)) == _key(case.get(key)) for key in ("options", "players", "dealer", "start", "actions")
    )


def scenario_text(divergence: Divergence, target: Target, engine_name: str) -> str:
    """The divergence ready to paste: a scenario in the vocabulary's phrases where it has
    them, otherwise the case as JSON (with the oracle's and the engine's answers)."""
    written = gherkin(divergence, target, engine_name)
    if written is not None:
        return written
    lines = [f"# case (rules it touches: {', '.join(divergence.rules) or 'none known'})", json.dumps(divergence.case)]
    lines += [f"# {line}" for line in _difference_lines(divergence)]
    return "\n".join(lines) + "\n"
