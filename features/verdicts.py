"""A verdict for every check of a scenario row, each naming the rule it enforces.

A row's checks are judged one by one; a failure does not hide the checks after it. Two
things make a later check meaningless, and then it is *not judged*, with the reason:

- the engine refused an action the scenario takes (and no check of the scenario expects
  that refusal): every check of that case and the later ones depends on it. The refusal is
  a verdict of its own, ``failed``, naming the action, not a rule;
- the engine made trumps another suit than the first lead in a regular hand where the rules
  make trumps so (rule ``play.first-lead-trumps``): what the tricks, the outcome and the
  payments come to then says nothing of the other rules. The difference is a failure of
  that rule; the checks of trumps themselves are still judged.

Which rule a check enforces is read from what it looks at (:func:`check_rules`): among the
scenario's rules, those of the chapter that governs that answer (the calls of the calling,
the tricks of the play, the payments of the settlement); failing that, the scenario's rules
that no other kind of check of the row claims; failing that, all of them. A payment in a
scenario that tags no rule of the settlement names the rule of the settlement that fixes
it (a Nap, a call made, a call defeated).

>>> from napspec.suite.checks import Check
>>> payments = Check("payments by seat", ("result",), ({"get": ["answers", "result", "payments"]},), [4, -2, -2])
>>> check_rules(payments, ["calling.in-rotation", "settlement.stake-per-trick"])
('settlement.stake-per-trick',)
>>> to_act = Check("to act", ("state",), ({"get": ["answers", "state", "to_act"]},), 1)
>>> check_rules(to_act, ["calling.in-rotation", "settlement.stake-per-trick"], [{"type": "pass", "seat": 1}])
('calling.in-rotation',)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from napspec.suite.checks import Check, CheckFailed, judge, shown

#: Verdicts of a check, and of a rule.
PASSED, FAILED, NOT_JUDGED = "passed", "failed", "not-judged"

#: The rule that makes trumps the suit of the first lead.
TRUMPS_RULE = "play.first-lead-trumps"
#: The rule that what one player pays another receives: payments that do not balance break
#: it, and only it where the soloist's own payment is the one the scenario expects.
BALANCE_RULE = "settlement.paid-between-players"

#: What a check looks at (the start of its path in the run response) -> the chapters of the
#: rules that govern it, most particular first.
ASPECTS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("answers", "state", "trumps"), ("play.first-lead-trumps", "play.")),
    (("answers", "state", "soloist"), ("calling.", "calls-beyond-nap.")),
    (("answers", "state", "call"), ("calling.", "calls-beyond-nap.")),
    (("answers", "state", "tricks_won"), ("play.",)),
    (("answers", "state", "extra_hand"), ("calls-beyond-nap.",)),
    (("answers", "state", "peep_card"), ("exchanges.",)),
    (("answers", "state", "peeped"), ("exchanges.",)),
    (("answers", "state", "stock"), ("exchanges.",)),
    (("answers", "tricks"), ("play.",)),
    (("answers", "table"), ("play.cards-left", "play.")),
    (("answers", "result", "payments"), ("settlement.", "pool.", "calls-beyond-nap.", "exchanges.")),
    (("answers", "result", "next_dealer"), ("dealing.rotation", "settlement.before-next-deal", "dealing.")),
    (("answers", "result", "outcome"), ("play.made-or-defeated", "calling.all-pass", "irregularities.")),
    (("answers", "pool"), ("pool.", "exchanges.")),
    (("answers", "offences"), ("irregularities.",)),
    (("answers", "first-dealer"), ("dealing.",)),
)

#: What the legal actions of a kind, or a step of an action of a kind, are governed by.
ACTION_CHAPTERS: Mapping[str, tuple[str, ...]] = {
    "call": ("calling.", "calls-beyond-nap."),
    "pass": ("calling.",),
    "take-extra-hand": ("calls-beyond-nap.",),
    "discard": ("calls-beyond-nap.",),
    "play": ("play.",),
    "cut": ("dealing.",),
    "deal": ("dealing.",),
    "buy": ("exchanges.",),
    "peep": ("exchanges.",),
    "claim": ("irregularities.",),
    "expose": ("irregularities.",),
    "show": ("irregularities.",),
    "refuse-to-show": ("irregularities.",),
    "ask": ("irregularities.",),
}


@dataclass(frozen=True)
class CheckVerdict:
    """One check of a row (or a finding of the row as a whole: a refused action, trumps
    made otherwise), its verdict and the rules it enforces."""

    what: str
    rules: tuple[str, ...]
    verdict: str
    message: str = ""
    #: The case of the row (0-based) the check reads.
    case: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "rules": list(self.rules),
            "verdict": self.verdict,
            "message": self.message,
            "case": self.case,
        }


def _path(check: Check) -> tuple[Any, ...]:
    first = check.select[0] if check.select else {}
    path = first.get("get", []) if isinstance(first, Mapping) else []
    return tuple(path)


#: The rule a refusal with this code enforces, where the code names one.
REFUSALS: Mapping[str, str] = {
    "call-too-low": "calling.must-exceed",
    "must-follow-suit": "play.follow-suit",
    "cannot-pass": "calling.compulsory-call",
}

#: Which calls are open: the calls there are, those above the last, none above Nap.
CALLS_OPEN = ("calling.call-tricks", "calling.must-exceed", "calling.nap-ceiling")


def _chapters(check: Check, actions: Sequence[Mapping[str, Any]] = ()) -> tuple[str, ...]:
    path = _path(check)
    if path[:1] == ("steps",) and len(path) > 1 and isinstance(path[1], int) and path[1] < len(actions):
        expected = check.expected
        code = expected.get("error") if isinstance(expected, Mapping) else None
        own = ACTION_CHAPTERS.get(str(actions[path[1]].get("type")), ())
        return (REFUSALS[code], *own) if isinstance(code, str) and code in REFUSALS else own
    if path[:2] == ("answers", "legal-actions"):
        kinds = [op["where"].get("type") for op in check.select[1:2] if isinstance(op, Mapping) and "where" in op]
        if kinds and kinds[0] == "call":
            return (*CALLS_OPEN, *ACTION_CHAPTERS["call"])
        return ACTION_CHAPTERS.get(str(kinds[0]), ()) if kinds else ()
    for prefix, chapters in ASPECTS:
        if path[: len(prefix)] == prefix:
            return chapters
    if path[:3] in (("answers", "state", "to_act"), ("answers", "state", "phase")):
        # Whose turn it is, and the phase, are the play's once a card is played, else the calling's.
        if any(action.get("type") == "play" for action in actions):
            return ("play.", "calling.")
        return ("calling.", "calls-beyond-nap.", "exchanges.", "dealing.")
    return ()


def _matching(rules: Sequence[str], chapters: Sequence[str]) -> list[str]:
    """The rules that the first of ``chapters`` to match any picks (a rule id, or a prefix);
    the rule ids that lead ``chapters`` pick together (every one of them in ``rules``)."""
    ids = list(
        dict.fromkeys(
            c for c in chapters[: next((i for i, c in enumerate(chapters) if c.endswith(".")), len(chapters))]
        )
    )
    found = [rule for rule in rules if rule in ids]
    if found:
        return found
    for chapter in chapters:
        found = [rule for rule in rules if rule == chapter or (chapter.endswith(".") and rule.startswith(chapter))]
        if found:
            return found
    return []


def _settlement_of(check: Check, actions: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """The rule of the settlement that fixes stated payments: a Nap's, a made call's, a
    defeated call's (nothing for payments of nothing)."""
    expected = check.expected
    if not isinstance(expected, list) or not any(expected):
        return ()
    calls = [int(a["tricks"]) for a in actions if a.get("type") == "call" and isinstance(a.get("tricks"), int)]
    if calls and max(calls) == 5:
        return ("settlement.nap",)
    winners = [amount for amount in expected if isinstance(amount, int) and amount > 0]
    return ("settlement.stake-per-trick",) if len(winners) == 1 else ("settlement.level-money",)


def check_rules(
    check: Check,
    scenario_rules: Sequence[str],
    actions: Sequence[Mapping[str, Any]] = (),
    claimed: Sequence[str] = (),
) -> tuple[str, ...]:
    """The rules ``check`` enforces, among ``scenario_rules`` (see the module's docstring);
    ``claimed``: the rules other kinds of check of the row enforce."""
    chapters = _chapters(check, actions)
    found = _matching(scenario_rules, chapters)
    if found:
        return tuple(found)
    if _path(check)[:3] == ("answers", "result", "payments"):
        fixed = _settlement_of(check, actions)
        if fixed:
            return fixed
    unclaimed = [rule for rule in scenario_rules if rule not in claimed]
    return tuple(unclaimed or scenario_rules)


def _expected_refusals(checks: Sequence[Check]) -> set[int]:
    refused: set[int] = set()
    for check in checks:
        path = _path(check)
        if len(path) >= 2 and path[0] == "steps" and isinstance(path[1], int):
            expected = check.expected
            if expected is False or (isinstance(expected, Mapping) and expected.get("ok") is False):
                refused.add(path[1])
    return refused


def _reads_step(check: Check) -> int | None:
    path = _path(check)
    return path[1] if len(path) >= 2 and path[0] == "steps" and isinstance(path[1], int) else None


def _no_such_call(check: Check, actions: Sequence[Mapping[str, Any]], response: Mapping[str, Any]) -> tuple[str, ...]:
    """A call refused as ``invalid-action`` where the scenario expects another refusal: the
    engine says the rules have no such call, which is rule calling.call-tricks's matter."""
    step = _reads_step(check)
    steps = response.get("steps", [])
    if step is None or step >= len(steps) or step >= len(actions) or actions[step].get("type") != "call":
        return ()
    answered = steps[step]
    if isinstance(answered, Mapping) and answered.get("error") == "invalid-action":
        return ("calling.call-tricks",)
    return ()


def _reads_trumps(check: Check) -> bool:
    return _path(check)[:3] == ("answers", "state", "trumps")


def _trumps_made(message: Mapping[str, Any], response: Mapping[str, Any]) -> tuple[str, str] | None:
    """(the suit the engine made trumps, the suit of the first lead) when they differ in a
    regular hand played for tricks, else ``None``."""
    if message.get("irregular"):
        return None
    state = response.get("answers", {}).get("state")
    if not isinstance(state, Mapping) or state.get("declaration") is not None or not state.get("trumps"):
        return None
    steps = response.get("steps", [])
    for index, action in enumerate(message.get("actions", [])):
        accepted = index < len(steps) and isinstance(steps[index], Mapping) and steps[index].get("ok") is True
        if action.get("type") == "play" and accepted:
            led = str(action["card"])[1]
            return (str(state["trumps"]), led) if state["trumps"] != led else None
    return None


def _payments(check: Check, response: Mapping[str, Any]) -> tuple[list[int], list[int]] | None:
    """The payments a check of payments expects and those the engine answered, when both are
    lists of whole numbers of one length and no pool is answered (whose gain they make up)."""
    if _path(check)[:3] != ("answers", "result", "payments") or "pool" in response.get("answers", {}):
        return None
    result = response.get("answers", {}).get("result")
    actual = result.get("payments") if isinstance(result, Mapping) else None
    expected = check.expected
    if not (isinstance(actual, list) and isinstance(expected, list) and len(actual) == len(expected)):
        return None
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in [*actual, *expected]):
        return None
    return list(expected), list(actual)


def _soloist_paid(expected: Sequence[int]) -> int | None:
    """The seat whose expected payment is the soloist's: the one of its sign alone (every
    other seat paying or receiving the other way), or ``None``.

    >>> _soloist_paid([3, -9, 3, 3]), _soloist_paid([0, 0, 0]), _soloist_paid([-15, 5, 5, 5])
    (1, None, 0)
    """
    for seat, amount in enumerate(expected):
        others = [x for index, x in enumerate(expected) if index != seat]
        if amount and others and all(x * amount < 0 for x in others):
            return seat
    return None


def _judge_payments(
    check: Check, rules: tuple[str, ...], response: Mapping[str, Any], number: int
) -> list[CheckVerdict] | None:
    """A check of payments judged as two: whether they balance (rule
    :data:`BALANCE_RULE`), and what the check's own rules fix (the soloist's payment, when
    they do not balance: the rest of the difference is the balance's); ``None`` for a check
    that is not one of payments without a pool."""
    found = _payments(check, response)
    if found is None:
        return None
    expected, actual = found
    own = tuple(rule for rule in rules if rule != BALANCE_RULE)
    balanced = sum(actual) == 0
    balance = CheckVerdict(
        "the payments balance",
        (BALANCE_RULE,),
        PASSED if balanced else FAILED,
        ""
        if balanced
        else f"the payments do not balance: {actual} sum to {sum(actual)}, where what is paid is received",
        number,
    )
    if balanced or expected == actual:
        main = _judged(check, own, response, number)
    else:
        soloist = _soloist_paid(expected)
        if soloist is not None and actual[soloist] == expected[soloist]:
            main = CheckVerdict(f"{check.what}: the soloist's", own, PASSED, "", number)
        else:
            main = _judged(check, own, response, number)
    return [main, balance] if own else [balance]


def _judged(check: Check, rules: tuple[str, ...], response: Mapping[str, Any], number: int) -> CheckVerdict:
    try:
        judge(check, response)
    except CheckFailed as error:
        return CheckVerdict(check.what, rules, FAILED, str(error), number)
    return CheckVerdict(check.what, rules, PASSED, "", number)


def judge_row(
    cases: Sequence[tuple[Mapping[str, Any], Sequence[Check]]],
    responses: Mapping[int, Mapping[str, Any]],
    scenario_rules: Sequence[str],
) -> list[CheckVerdict]:
    """Every check of a row's ``cases`` (each its message and checks, in order) judged on
    the engine's ``responses`` (by case index; a case without one is not judged)."""
    all_checks = [check for _, checks in cases for check in checks]
    refusals_expected = _expected_refusals(all_checks)
    last_actions = cases[-1][0].get("actions", []) if cases else []
    claimed_by_kind: dict[tuple[str, ...], list[str]] = {}
    for _, checks in cases:
        for check in checks:
            claimed_by_kind.setdefault(_chapters(check, last_actions), []).extend(
                _matching(scenario_rules, _chapters(check, last_actions))
            )
    verdicts: list[CheckVerdict] = []
    # A refusal (or trumps made otherwise) found so far, that failures after it depend on.
    cause: _Cause | None = None
    for number, (message, checks) in enumerate(cases):
        actions = message.get("actions", [])
        response = responses.get(number)
        judged: list[tuple[Check, CheckVerdict]] = []
        for check in checks:
            own = _chapters(check, actions)
            claimed = [rule for kind, rules in claimed_by_kind.items() if kind != own for rule in rules]
            rules = check_rules(check, scenario_rules, actions, claimed)
            if response is None:
                judged.append((check, CheckVerdict(check.what, rules, NOT_JUDGED, "the case was not played", number)))
                continue
            payments = _judge_payments(check, rules, response, number)
            if payments is not None:
                judged += [(check, verdict) for verdict in payments]
                continue
            try:
                judge(check, response)
            except CheckFailed as error:
                rules = _no_such_call(check, actions, response) or rules
                judged.append((check, CheckVerdict(check.what, rules, FAILED, str(error), number)))
            else:
                judged.append((check, CheckVerdict(check.what, rules, PASSED, "", number)))
        if response is not None:
            irregular = bool(message.get("irregular"))
            made = _trumps_made(message, response)
            refused = _first_unexpected_refusal(actions, response, refusals_expected, irregular)
            if refused is not None and made is None and (cause is None or cause.trumps):
                index, why = refused
                cause = _Cause(
                    why, CheckVerdict(f"action {shown(actions[index])} taken", (), FAILED, why, number), index
                )
            if made is not None and cause is None:
                # Trumps made otherwise explain a refusal in the same hand too (a card that
                # wins under the engine's trumps changes who leads next).
                why = f"{_DEPENDS_ON_TRUMPS}the engine made trumps {made[0]} where the first lead made them {made[1]}"
                finding = CheckVerdict("trumps are the suit of the first lead", (TRUMPS_RULE,), FAILED, why, number)
                cause = _Cause(why, finding, None, trumps=True)
                if not any(_reads_trumps(check) for check in checks):
                    verdicts.append(finding)
                cause.reported = True
        for check, verdict in judged:
            if verdict.verdict == FAILED and cause is not None and cause.explains(check, verdict, actions):
                if not cause.reported:
                    verdicts.append(cause.finding)
                    cause.reported = True
                verdicts.append(CheckVerdict(verdict.what, verdict.rules, NOT_JUDGED, cause.why, number))
            else:
                verdicts.append(verdict)
    return verdicts


@dataclass
class _Cause:
    """What later failures of a row depend on: an action the engine refused, or trumps it
    made otherwise; reported (as :attr:`finding`) once a failure is put down to it."""

    why: str
    finding: CheckVerdict
    #: The refused action's index (its step and the checks of earlier steps do not depend on it).
    step: int | None
    trumps: bool = False
    reported: bool = False

    def explains(self, check: Check, verdict: CheckVerdict, actions: Sequence[Mapping[str, Any]]) -> bool:
        if self.trumps:
            # What the calling decides does not depend on trumps; the rest of the hand does.
            chapters = _chapters(check, actions)
            return not _reads_trumps(check) and not (chapters and chapters[0] in ("calling.", "calls-beyond-nap."))
        step = _reads_step(check)
        return verdict.case > self.finding.case or self.step is None or step is None or step >= self.step


#: The actions of a regular hand's course, which the later checks of a scenario take as
#: having stood (a claim or a question may be refused, and the scenario judge what follows).
COURSE = frozenset({"cut", "deal", "call", "pass", "play", "take-extra-hand", "discard", "buy", "peep"})


def _first_unexpected_refusal(
    actions: Sequence[Mapping[str, Any]], response: Mapping[str, Any], expected: set[int], irregular: bool = False
) -> tuple[int, str] | None:
    if irregular:
        return None
    steps = response.get("steps", [])
    for index, step in enumerate(steps):
        if (
            isinstance(step, Mapping)
            and step.get("ok") is False
            and index not in expected
            and index < len(actions)
            and actions[index].get("type") in COURSE
        ):
            return index, (
                f"the engine refused {shown(actions[index])} ({step.get('error')}), which the scenario takes "
                "and expects to stand"
            )
    return None


def explained_by_trumps(rows: Sequence[list[dict[str, Any]]]) -> int:
    """Where any row of a run found the engine making trumps another suit than the first
    lead's, put down to it, in every other row, a refused card of a regular hand played for
    tricks that no rule was named for (a card that wins under the engine's trumps, an added
    player's discard say, changes who leads next, and the next card is refused): ``rows``
    are the rows' check verdicts (:meth:`CheckVerdict.to_json`), changed in place. How many
    were put down to it.

    >>> found = [{"what": "trumps are the suit of the first lead", "rules": [TRUMPS_RULE], "verdict": FAILED,
    ...           "message": "depends on trumps: the engine made trumps D where the first lead made them S", "case": 0}]
    >>> refused = [{"what": 'action {"type": "play", "seat": 3, "card": "9S"} taken', "rules": [], "verdict": FAILED,
    ...             "message": "the engine refused ...", "case": 0}]
    >>> explained_by_trumps([found, refused]), refused[0]["rules"]
    (1, ['play.first-lead-trumps'])
    """
    deviation = next(
        (
            check["message"]
            for checks in rows
            for check in checks
            if check.get("verdict") == FAILED
            and TRUMPS_RULE in check.get("rules", ())
            and str(check.get("message", "")).startswith(_DEPENDS_ON_TRUMPS)
        ),
        None,
    )
    if deviation is None:
        return 0
    explained = 0
    for checks in rows:
        for check in checks:
            refusal = check.get("verdict") == FAILED and not check.get("rules") and '"type": "play"' in check["what"]
            if refusal:
                check["rules"] = [TRUMPS_RULE]
                check["message"] = (
                    f"{check['message']}; the engine makes trumps another suit than the first lead's, as another "
                    f"row found ({deviation.removeprefix(_DEPENDS_ON_TRUMPS)}), so who wins a trick, and leads the "
                    "next, can differ"
                )
                explained += 1
    return explained


_DEPENDS_ON_TRUMPS = "depends on trumps: "


def row_verdict(verdicts: Sequence[CheckVerdict]) -> str:
    """The row's status from its checks' verdicts: failed if any failed, passed if every
    check was judged and passed, else not judged."""
    if any(v.verdict == FAILED for v in verdicts):
        return FAILED
    return PASSED if verdicts and all(v.verdict == PASSED for v in verdicts) else NOT_JUDGED


def rule_quote(rule_id: str, source: str | None = None) -> str:
    """The words of ``rule_id``'s sources, ``source``'s first: ``Peel p. 10: "..."``.

    >>> rule_quote("play.follow-suit", "peel").startswith("Peel p. ")
    True
    """
    from napspec.spec import load

    register = load()
    rule = register.rules.get(rule_id)
    if rule is None or not rule.citations:
        return ""
    citation = next((c for c in rule.citations if c.source == source), rule.citations[0])
    short = register.sources[citation.source].short if citation.source in register.sources else citation.source
    return f'{short} {citation.locator}: "{citation.quote}"'


def failure_message(verdicts: Sequence[CheckVerdict], source: str | None = None) -> str:
    """The failed checks, each with the rules it enforces and their sources' words, then how
    many checks passed and how many could not be judged."""
    lines: list[str] = []
    for verdict in verdicts:
        if verdict.verdict != FAILED:
            continue
        lines.append(f"{verdict.message} [{', '.join(verdict.rules) or 'no rule: the row could not go on'}]")
        lines += [f"  {rule}: {quote}" for rule in verdict.rules if (quote := rule_quote(rule, source))]
    counts = {kind: sum(1 for v in verdicts if v.verdict == kind) for kind in (PASSED, FAILED, NOT_JUDGED)}
    lines.append(f"checks: {counts[PASSED]} passed, {counts[FAILED]} failed, {counts[NOT_JUDGED]} not judged")
    return "\n".join(lines)


__all__ = [
    "BALANCE_RULE",
    "CheckVerdict",
    "check_rules",
    "explained_by_trumps",
    "failure_message",
    "judge_row",
    "row_verdict",
    "rule_quote",
]
