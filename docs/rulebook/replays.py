"""The replay of a scenario: each row of it stepped through action by action, as data for the
site's viewer (``_static/napspec-replay.js``, which only draws what is here).

Made from two things and nothing else:

- the suite's own plan of the row (:func:`napspec.suite.plan.plan_row`, as written: the
  scenario's profile and table): its steps, the actions each takes, its checks and the cases
  that ask them;
- the record of the certified engine's answers (``replays.json`` in the report folder, written
  by ``napspec rulebook`` and the main job: :mod:`napspec.conformance.replays`): the hand's
  state after every action (the replay case's trace) and the answers to the planned cases, on
  which each check is judged as ``napspec certify`` judges it
  (:func:`napspec.suite.verdicts.judge_row`), which also names the rules each check enforces.

Each frame of a row is the table after one more action: the hands, the trick on the table, the
tricks won, the calls, trumps, the offences, the result; what happened in words (the suite's
words, :mod:`napspec.suite.wording`); and the checks judged there, each with the rules it
enforces, whose wording and sources' words are given once per scenario (read from the register).
Words are plain text, a card a ``{"card": code}`` piece: the viewer puts them in the page as text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from napspec.spec.register import Register
from napspec.suite.checks import Check, shown
from napspec.suite.plan import RowPlan, plan_row
from napspec.suite.replay import REPLAYS_FILE, REPLAYS_FORMAT, NoReplay, replay_case, row_key, start_kind
from napspec.suite.rows import rows_of
from napspec.suite.scenarios import Scenario
from napspec.suite.verdicts import FAILED, PASSED, CheckVerdict, judge_row
from napspec.suite.vocabulary import Cards, Code, Context, Ref, Suit, Value, match
from napspec.suite.wording import ERRORS, OFFENCES, OUTCOMES, PHASES, POOL_REASONS

from .directives import normal
from .render import SUITS
from .text import plain, quote_plain

#: A suit in words, as the page draws its suits: its symbol and its name.
SUIT_NAMES = {letter: f"{symbol} {name}" for letter, (symbol, name, _colour) in SUITS.items()}

Json = Any
Say = list[Json]


class ReplayError(ValueError):
    """A record that cannot be replayed: missing, of another format or suite, or not of a row."""


@dataclass(frozen=True)
class Record:
    """The engine's answers, as recorded: the file, the engine and every row by its key."""

    path: Path
    engine: str
    content_hash: str
    rows: Mapping[str, Any]


@cache
def _read(path: Path, stamp: float) -> Record:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ReplayError(f"{path}: not a readable record of replays ({error})") from None
    if not isinstance(data, dict) or data.get("format") != REPLAYS_FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise ReplayError(f"{path}: format {found!r}, expected {REPLAYS_FORMAT!r}")
    engine = data.get("engine") or {}
    return Record(
        path=path,
        engine=f"{engine.get('name', '?')} {engine.get('version', '')}".strip(),
        content_hash=str(data.get("content_hash", "")),
        rows=data.get("rows") or {},
    )


def load_record(folder: Path) -> Record | None:
    """The record in the report folder, or ``None`` when there is none (:class:`ReplayError`
    when there is one that cannot be read)."""
    path = folder / REPLAYS_FILE
    if not path.is_file():
        return None
    return _read(path, path.stat().st_mtime)


# ---------------------------------------------------------------------- words


def card(code: str) -> dict[str, str]:
    return {"card": code}


def cards(codes: Sequence[str]) -> Say:
    out: Say = []
    for index, code in enumerate(codes):
        out += [" ", card(code)] if index else [card(code)]
    return out or ["no cards"]


def step_words(plan: RowPlan, position: int) -> Say:
    """A step of the row as the page tells it (the suite's phrase), its cards as cards."""
    step = plan.steps[position].step
    found = match(step.text, template=True)
    if found is None:
        return [step.text]
    phrase, args = found
    out: Say = []
    for piece in phrase.say(args, Context()):
        if isinstance(piece, Cards):
            out += cards(piece.text.split()) if piece.text.strip() not in ("", "-") else ["no cards"]
        elif isinstance(piece, Suit):
            out.append(SUIT_NAMES.get(piece.text, piece.text))
        elif isinstance(piece, Ref):
            out.append(piece.text or piece.target)
        elif isinstance(piece, Value | Code):
            out.append(piece.text)
        else:
            out.append(str(piece))
    return out


def call_words(action: Mapping[str, Any]) -> str:
    if "call" in action:
        return str(action["call"]).replace("-", " ").title()
    tricks = int(action["tricks"])
    return "Nap (five tricks)" if tricks == 5 else f"{tricks} trick{'s' if tricks != 1 else ''}"


def action_words(action: Mapping[str, Any], offences: Sequence[Mapping[str, Any]]) -> Say:
    """What a player does, in words."""
    who = f"Seat {action['seat']}"
    kind = action["type"]
    if kind == "cut":
        return [f"{who} cuts the pack, lifting {action['depth']} cards."]
    if kind == "deal":
        said: Say = [f"{who} deals"]
        if "exposed" in action:
            said += [", exposing ", card(action["exposed"]), " in dealing"]
        if "counts" in action:
            said += [f", giving {', '.join(str(n) for n in action['counts'])} cards by seat"]
        return [*said, "."]
    if kind == "call":
        return [f"{who} calls {call_words(action)}."]
    if kind in ("play", "expose"):
        return [f"{who} {'plays' if kind == 'play' else 'exposes'} ", card(action["card"]), "."]
    if kind == "claim":
        index = action["offence"]
        if 0 <= index < len(offences):
            offence = offences[index]
            by = f" by seat {offence['seat']}" if offence.get("seat") is not None else ""
            return [f"{who} claims {OFFENCES.get(offence['kind'], offence['kind'])}{by}."]
        return [f"{who} claims an offence that was not recorded (number {index})."]
    if kind == "buy":
        if not action["cards"]:
            return [f"{who} buys no fresh cards."]
        return [f"{who} throws away ", *cards(action["cards"]), " and buys as many fresh cards."]
    if kind == "discard":
        return [f"{who} discards ", *cards(action["cards"]), "."]
    if kind == "take-peep-card":
        return [f"{who} gives up ", card(action["card"]), " and takes the peep card."]
    plain_words = {
        "pass": "passes",
        "show": "shows his cards",
        "refuse-to-show": "refuses to show his cards",
        "ask": "asks what the soloist called and has made",
        "take-extra-hand": "takes the extra hand",
        "peep": "peeps at the card on the table",
        "decline-peep-card": "leaves the peep card where it lies",
    }
    return [f"{who} {plain_words.get(kind, kind)}."]


def payments_words(payments: Sequence[int]) -> str:
    parts = []
    for seat, amount in enumerate(payments):
        if amount:
            parts.append(f"seat {seat} {'receives' if amount > 0 else 'pays'} {abs(amount)}")
    return "; ".join(parts) if parts else "nobody pays anybody"


def what_followed(before: Mapping[str, Any], after: Mapping[str, Any], step: Mapping[str, Any] | None) -> list[Say]:
    """What an action brought about, each a sentence: a refusal, an offence recorded or
    claimed, a trick won, trumps made, a soloist, a new phase, the result and the pool."""
    if step is not None and not step.get("ok", True):
        code = str(step.get("error", ""))
        return [[f"Refused: {ERRORS.get(code, code)} ({code})."]]
    said: list[Say] = []
    old_offences, new_offences = before.get("offences") or [], after.get("offences") or []
    for offence in new_offences[len(old_offences) :]:
        by = f" by seat {offence['seat']}" if offence.get("seat") is not None else ""
        said.append([f"Offence recorded: {OFFENCES.get(offence['kind'], offence['kind'])}{by}."])
    for old, new in zip(old_offences, new_offences):
        if new.get("claimed") and not old.get("claimed"):
            said.append([f"The claim of {OFFENCES.get(new['kind'], new['kind'])} is upheld."])
    old_state, new_state = before.get("state") or {}, after.get("state") or {}
    held_before = sum(len(h) for h in old_state.get("holdings", ()))
    held_after = sum(len(h) for h in new_state.get("holdings", ()))
    if old_state and held_after > held_before and old_state.get("phase") in ("play", "show", "finished"):
        said.append(["The cards are taken up and the hand is played again."])
    old_done = [t for t in before.get("tricks") or [] if t.get("winner") is not None]
    new_done = [t for t in after.get("tricks") or [] if t.get("winner") is not None]
    if len(new_done) > len(old_done):
        said.append([f"Seat {new_done[-1]['winner']} wins the trick ({len(new_done)})."])
    if new_state.get("trumps") and new_state.get("trumps") != old_state.get("trumps"):
        said.append([f"Trumps are {SUIT_NAMES.get(new_state['trumps'], new_state['trumps'])}."])
    if new_state.get("soloist") is not None and new_state.get("soloist") != old_state.get("soloist"):
        said.append([f"Seat {new_state['soloist']} is the soloist."])
    if old_state and new_state.get("phase") != old_state.get("phase") and new_state.get("phase") in PHASES:
        said.append([f"Now {PHASES[new_state['phase']]}."])
    result = after.get("result")
    if result and result != before.get("result"):
        said.append(
            [
                f"Settlement: {OUTCOMES.get(result['outcome'], result['outcome'])}; "
                f"{payments_words(result['payments'])}; seat {result['next_dealer']} deals next."
            ]
        )
    old_pool, new_pool = before.get("pool") or {}, after.get("pool") or {}
    for transfer in (new_pool.get("transfers") or [])[len(old_pool.get("transfers") or []) :]:
        giver = "the pool" if transfer["from"] == "pool" else f"seat {transfer['from']}"
        taker = "the pool" if transfer["to"] == "pool" else f"seat {transfer['to']}"
        reason = POOL_REASONS.get(transfer["reason"], transfer["reason"])
        said.append([f"{transfer['amount']} from {giver} to {taker}: {reason}."])
    return said


# ---------------------------------------------------------------------- a row


def example_label(scenario: Scenario, row: Mapping[str, str], register: Register) -> str:
    """An Examples row as a button names it: its game, by its source's name, and what else it
    sets ("Hoyle: phase play, tricks 0")."""
    if not row:
        return "the scenario"
    game = row.get("profile", "")
    if game in register.sources:
        game = register.sources[game].short
    rest = ", ".join(
        f"{column} {value}" for column, value in row.items() if column not in ("source", "profile") and value
    )
    return (f"{game}: {rest}" if game and rest else game or rest)[:80]


def _frame_table(answers: Mapping[str, Any], shown_seats: set[int]) -> dict[str, Any]:
    state = answers.get("state") or {}
    tricks = answers.get("tricks") or []
    table: dict[str, Any] = {
        "phase": state.get("phase"),
        "to_act": state.get("to_act"),
        "soloist": state.get("soloist"),
        "call": state.get("call"),
        "declaration": state.get("declaration"),
        "trumps": state.get("trumps"),
        "won": state.get("tricks_won"),
        "hands": state.get("holdings"),
        "trick": tricks[-1] if tricks else None,
        "shown": sorted(shown_seats),
        "offences": answers.get("offences") or [],
        "result": answers.get("result"),
    }
    if answers.get("pool") is not None:
        table["pool"] = answers["pool"]["pool"]
    if answers.get("first-dealer") is not None:
        table["first_dealer"] = answers["first-dealer"]["seat"]
    if state.get("extra_hand"):
        table["extra"] = state["extra_hand"]
    if state.get("peep_card"):
        table["peep"] = state["peep_card"]
    return table


def row_replay(
    scenario: Scenario, row: Mapping[str, str], entry: Mapping[str, Any], register: Register
) -> dict[str, Any]:
    """The replay of one row from its record ``entry``; :class:`ReplayError` if the record is
    not of the row as it is now planned."""
    plan = plan_row(scenario, dict(row))
    try:
        case = replay_case(plan)
    except NoReplay as error:
        raise ReplayError(str(error)) from None
    if entry.get("case") != case:
        raise ReplayError(f"{plan.label}: the record is not of the row as it is now (record it again)")
    replay = entry.get("replay") or {}
    if "response" not in replay:
        raise ReplayError(f"{plan.label}: the engine did not play the replay: {replay.get('error', '?')}")
    response = replay["response"]
    trace: list[dict[str, Any]] = response.get("trace") or [response["answers"]]
    actions: list[dict[str, Any]] = case["actions"]
    if len(trace) != len(actions) + 1:
        raise ReplayError(f"{plan.label}: {len(trace)} answers traced for {len(actions)} actions")
    # each check judged on the engine's answer to its planned case, as certify judges it
    recorded = entry.get("cases") or []
    responses = {n: item["response"] for n, item in enumerate(recorded) if "response" in item}
    verdicts = judge_row([(c.message, c.checks) for c in plan.cases], responses, scenario.rules)
    by_case: dict[int, list[Any]] = {}
    for verdict in verdicts:
        by_case.setdefault(verdict.case, []).append(verdict)
    step_of_action = {index: position for position, s in enumerate(plan.steps) for index in s.actions}
    first_acting = min(step_of_action.values(), default=len(plan.steps))
    frames: list[dict[str, Any]] = []
    shown_seats: set[int] = set()
    for taken, answers in enumerate(trace):
        step = response["steps"][taken - 1] if taken else None
        action = actions[taken - 1] if taken else None
        if action is not None and action["type"] == "show" and step and step.get("ok"):
            shown_seats.add(int(action["seat"]))
        said: list[Say] = [start_words(case)] if not taken else []
        if action is not None:
            said.append(action_words(action, trace[taken - 1].get("offences") or []))
            if step and step.get("told"):
                told = step["told"]
                said.append([f"He is told: call {told['call']}, {told['tricks_made']} tricks made."])
        said += what_followed(trace[taken - 1] if taken else {}, answers, step)
        if not taken and start_kind(case) in ("draw", "end_of_session"):
            said += answers_words(answers)
        checks = []
        for number, planned in enumerate(plan.cases):
            if len(planned.message["actions"]) == taken:
                checks += judged_checks(planned.checks, planned.steps, by_case.get(number, []))
        frames.append(
            {
                "say": said,
                "step": step_of_action.get(taken - 1) if taken else None,
                "refused": bool(step and not step.get("ok", True)),
                "table": _frame_table(answers, shown_seats),
                "checks": checks,
            }
        )
    return {
        "label": example_label(scenario, row, register),
        "players": case["players"],
        # (a draw for the first dealer has none yet: the case's dealer is no one's)
        "dealer": None if start_kind(case) == "draw" else case["dealer"],
        #: the first card drawn by each seat, in the protocol's order (seat 0 first, round to the
        #: left); the cards drawn again for a tie are told, not placed
        "drawn": case["start"]["draw"][: case["players"]] if start_kind(case) == "draw" else None,
        "irregular": bool(case.get("irregular")),
        "start": start_kind(case),
        #: the pack stacked, for a hand that starts at the cut
        "deck": case["start"].get("deck"),
        #: the steps that set the table, before the first that acts (frame 0 shows them)
        "given": first_acting,
        "steps": [
            {"keyword": s.step.keyword, "words": step_words(plan, position)} for position, s in enumerate(plan.steps)
        ],
        "frames": frames,
    }


#: What the verdicts name the check that the payments balance, judged with every check of payments.
BALANCE = "the payments balance"


def judged_checks(checks: Sequence[Check], steps: Sequence[int], verdicts: Sequence[CheckVerdict]) -> list[Json]:
    """A case's checks as the viewer shows them: each with its step, what it expects, the rules
    its verdicts name and how the engine fared. A check may be judged as more than one verdict
    (a check of payments also as whether they balance); each verdict goes to the first check it
    is of that has none of its name yet."""
    mine: list[list[CheckVerdict]] = [[] for _ in checks]
    for verdict in verdicts:
        for index, check in enumerate(checks):
            ours = verdict.what == check.what or verdict.what.startswith(check.what + ":")
            ours = ours or (verdict.what == BALANCE and "payments" in check.what)
            if ours and all(v.what != verdict.what for v in mine[index]):
                mine[index].append(verdict)
                break
    out: list[Json] = []
    for check, step, judged in zip(checks, steps, mine):
        outcomes = {v.verdict for v in judged}
        out.append(
            {
                "step": step,
                "what": check.what,
                "expected": shown(check.expected),
                "rules": list(dict.fromkeys(rule for v in judged for rule in v.rules)),
                "verdict": FAILED if FAILED in outcomes else PASSED if outcomes == {PASSED} else "not judged",
                "message": "; ".join(v.message for v in judged if v.message),
            }
        )
    return out


def start_words(case: Mapping[str, Any]) -> Say:
    """How the hand starts, in words."""
    start = case["start"]
    who = f"{case['players']} players, seat {case['dealer']} dealing"
    kind = start_kind(case)
    if kind == "hands":
        return [f"The deal: {who}; every hand is shown face up."]
    if kind == "deck":
        return [f"The pack, stacked: {who}. The top cards are ", *cards(start["deck"][:5]), " …"]
    if kind == "draw":
        return ["The draw for the first deal: the cards turned, in order, ", *cards(start["draw"]), "."]
    draw = start["end_of_session"].get("draw") or []
    return [f"The end of the session: {case.get('pool', 0)} in the pool; the cards drawn for it ", *cards(draw), "."]


def answers_words(answers: Mapping[str, Any]) -> list[Say]:
    """What a start that takes no actions comes to: the first dealer, or the pool disposed of."""
    if "first-dealer" in answers:
        return [[f"Seat {answers['first-dealer']['seat']} deals first."]]
    pool = answers.get("pool") or {}
    said: list[Say] = []
    for transfer in pool.get("transfers") or []:
        taker = "the pool" if transfer["to"] == "pool" else f"seat {transfer['to']}"
        said.append([f"{transfer['amount']} to {taker}: {POOL_REASONS.get(transfer['reason'], transfer['reason'])}."])
    said.append([f"{pool.get('pool', 0)} left in the pool."])
    return said


# ---------------------------------------------------------------------- a scenario


def rule_words(register: Register, rule_ids: Sequence[str]) -> dict[str, Any]:
    """The rules the checks enforce, as the viewer shows them beside a check: id, title, our
    wording, and each source's words with its locator, all from the register."""
    out: dict[str, Any] = {}
    for rule_id in rule_ids:
        rule = register.rules.get(rule_id)
        if rule is None:
            continue
        out[rule_id] = {
            "title": rule.title,
            "statement": plain(normal(rule.statement), register, rule.options),
            "quotes": [
                {
                    "source": register.sources[c.source].short,
                    "locator": c.locator,
                    "words": quote_plain(normal(c.quote)),
                }
                for c in rule.citations
            ],
        }
    return out


def scenario_replay(scenario: Scenario, record: Record, register: Register) -> dict[str, Any]:
    """Every row of ``scenario`` replayed from ``record``, and the rules its checks enforce."""
    rows = []
    for index, row in enumerate(rows_of(scenario)):
        entry = record.rows.get(row_key(scenario.id, index))
        if entry is None:
            raise ReplayError(f"{scenario.id}: row {index + 1} is not in the record {record.path}")
        rows.append(row_replay(scenario, row, entry, register))
    enforced = sorted(
        {rule for row in rows for frame in row["frames"] for check in frame["checks"] for rule in check["rules"]}
    )
    return {
        "id": scenario.id,
        "name": scenario.name,
        "engine": record.engine,
        "rows": rows,
        "rules": rule_words(register, [*scenario.rules, *(r for r in enforced if r not in scenario.rules)]),
    }


__all__ = [
    "Record",
    "ReplayError",
    "load_record",
    "row_replay",
    "scenario_replay",
]
