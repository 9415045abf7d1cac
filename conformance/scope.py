"""What a certificate covers: the part of a target's rules an engine plays.

An engine declares what it plays in its handshake (``docs/implementers.md`` §10): the option
values, the queries it answers, irregular play, and optionally the table sizes it seats and
the starts it takes. A certificate is scoped to that: the scenarios it cannot play narrow it
(the rules they test are *not judged*, and the report says why), and its random deals are
drawn only within it (:func:`deal_scope`). The report states the scope in words
(:func:`statement`), and a scope too narrow to be called a certificate earns none
(:func:`too_narrow`).

>>> from napspec.spec import load
>>> from napspec.suite.targets import Target
>>> britannica = {option: [value] for option, value in load().profile_values("britannica").items()}
>>> hello = {"protocol": "napspec/1.3", "capabilities": {"options": britannica, "queries": ["state", "result"],
...          "irregular_play": False, "players": [4], "starts": ["hands"]}}
>>> deal_scope(Target.from_options("britannica", None), hello, None)[0]
DealScope(players=(4,), starts=('hands',), queries=('state', 'result'), irregular=False)
>>> deal_scope(Target.from_options("hoyle", None), hello, None)[1][:68]
'the engine does not play these rules: players-max=6 is not supported'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from napspec.conformance.deals import DRAWING_QUERIES, QUERIES, DealScope
from napspec.conformance.harness import START_KINDS, applicable, for_protocol
from napspec.protocol import PROTOCOLS, UnsupportedCase
from napspec.suite.cases import pack_in_play
from napspec.suite.targets import Target

#: The queries a random deal may compare, besides those of a hand: the first dealer (of a
#: draw) and the pool.
OTHER_QUERIES: Final[tuple[str, ...]] = ("first-dealer", "pool")
#: The first version with the trace (answers after every action of one case).
TRACE_VERSION: Final = "napspec/1.4"


def _fits(target: Target, hello: Mapping[str, Any]) -> str:
    """Why an engine with this handshake plays nothing of ``target``'s rules, or ``""``."""
    capabilities = hello["capabilities"]
    probe: dict[str, Any] = {
        "id": "scope",
        "options": dict(target.values),
        "start": {"hands": []},
        "actions": [],
        "queries": [],
    }
    try:
        probe = for_protocol(probe, hello["protocol"], capabilities)
    except UnsupportedCase as error:
        return error.reason
    options_only = {"options": capabilities.get("options", {}), "queries": [], "irregular_play": False}
    fits, why = applicable({"options": probe["options"], "queries": [], "irregular": False}, options_only)
    return "" if fits else why


def traces(hello: Mapping[str, Any]) -> bool:
    """Whether an engine with this handshake answers a case with its trace (napspec/1.4).

    >>> traces({"protocol": "napspec/1.4", "capabilities": {"trace": True}})
    True
    >>> traces({"protocol": "napspec/1.3", "capabilities": {"trace": True}})
    False
    """
    speaks = PROTOCOLS.index(hello["protocol"]) >= PROTOCOLS.index(TRACE_VERSION)
    return speaks and hello["capabilities"].get("trace") is True


def deal_scope(
    target: Target, hello: Mapping[str, Any], oracle_hello: Mapping[str, Any] | None
) -> tuple[DealScope | None, str]:
    """What the random deals under ``target`` may hold for an engine with the handshake
    ``hello`` (and the oracle with ``oracle_hello``, which must play them too): the table
    sizes both seat within the rules, the starts both take, the queries both answer, and
    irregular play if both play it; or ``None`` and why no deal can be drawn."""
    why = _fits(target, hello)
    if why:
        return None, f"the engine does not play these rules: {why}"
    capabilities = hello["capabilities"]
    oracle = oracle_hello["capabilities"] if oracle_hello is not None else capabilities
    if oracle_hello is not None:
        why = _fits(target, oracle_hello)
        if why:
            return None, f"the oracle does not play these rules: {why}"
        lacking = [query for query in DRAWING_QUERIES if query not in oracle.get("queries", ())]
        if lacking:
            return None, f"the oracle answers no {', '.join(lacking)}, which drawing a deal needs"
    values = target.values
    sizes = tuple(
        players
        for players in range(values["players-min"], values["players-max"] + 1)
        if all(seats is None or players in seats for seats in (capabilities.get("players"), oracle.get("players")))
        and pack_in_play(values, players) is not None
    )
    starts = tuple(
        start
        for start in START_KINDS
        if all(taken is None or start in taken for taken in (capabilities.get("starts"), oracle.get("starts")))
    )
    queries = tuple(
        query
        for query in (*QUERIES, *OTHER_QUERIES)
        if query in capabilities.get("queries", ()) and query in oracle.get("queries", ())
    )
    if PROTOCOLS.index(hello["protocol"]) < PROTOCOLS.index("napspec/1.2"):
        starts = tuple(start for start in starts if start != "end_of_session")
        queries = tuple(query for query in queries if query != "pool")
    irregular = capabilities.get("irregular_play") is True and oracle.get("irregular_play") is True
    if not sizes:
        return None, "the engine seats no table size these rules allow"
    if not any(start in starts for start in ("deck", "hands")):
        return None, "the engine takes no start of a hand (neither a stacked pack nor dealt hands)"
    return DealScope(players=sizes, starts=starts, queries=queries, irregular=irregular), ""


# --------------------------------------------------------------------------- in words

_NUMBERS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_STARTS: Final[Mapping[str, str]] = {
    "hands": "dealt hands",
    "deck": "a stacked pack",
    "draw": "the draw for the first dealer",
    "end_of_session": "the end of a session",
}


def players_in_words(players: Sequence[int]) -> str:
    """Table sizes as a reader says them.

    >>> players_in_words([4]), players_in_words([3, 4, 5]), players_in_words([2, 4])
    ('four players', 'three to five players', 'two or four players')
    """
    sizes = sorted(players)
    if not sizes:
        return "no table"
    if len(sizes) == 1:
        return f"{_NUMBERS[sizes[0]]} players"
    if sizes == list(range(sizes[0], sizes[-1] + 1)):
        return f"{_NUMBERS[sizes[0]]} to {_NUMBERS[sizes[-1]]} players"
    return f"{', '.join(_NUMBERS[n] for n in sizes[:-1])} or {_NUMBERS[sizes[-1]]} players"


def starts_in_words(starts: Sequence[str]) -> str:
    """The starts of hands an engine takes, as a reader says them.

    >>> starts_in_words(["hands"]), starts_in_words(["hands", "deck", "draw"])
    ('dealt hands', 'dealt hands and a stacked pack')
    """
    hands = [_STARTS[start] for start in ("hands", "deck") if start in starts]
    return " and ".join(hands) if hands else "no hand"


# ----------------------------------------------------------------- a report's certificate

#: What a report's rows not judged for this engine lack, by the kind the rule table names
#: (:func:`~napspec.conformance.verdicts.why_unsupported`), in the words a certificate uses.
_LACKS: Final[Mapping[str, str]] = {
    "table size": "tables the engine does not seat",
    "start": "",  # by the start: see _STARTS_LACKED
    "query": "",  # by the query: see _QUERIES_LACKED
    "irregular play": "irregular play (the engine plays regular cases only)",
    "protocol version": "what the engine's version of the protocol has not got",
    "option": "option values the engine does not play",
    "unsupported": "cases the engine answered unsupported",
}
_STARTS_LACKED: Final[Mapping[str, str]] = {
    "deck": "the deal itself (no stacked pack)",
    "hands": "hands from dealt cards (no dealt hands)",
    "draw": "the draw for the first dealer (no draw)",
    "end_of_session": "the end of a session (no end of a session)",
}
_QUERIES_LACKED: Final[Mapping[str, str]] = {
    "table": "how the cards played lie on the table (no `table` query)",
    "first-dealer": "the draw for the first dealer (no `first-dealer` query)",
    "pool": "the pool (no `pool` query)",
    "tricks": "the tricks as played (no `tricks` query)",
    "result": "the settlement (no `result` query)",
    "offences": "the offences recorded (no `offences` query)",
    "legal-actions": "the actions open to a player (no `legal-actions` query)",
    "state": "the state of the hand (no `state` query)",
}
#: The chapters a certificate must judge a rule of, at the least: the game itself.
GAME_ITSELF: Final[tuple[str, ...]] = ("calling", "play", "settlement")


def target_in_words(target: Mapping[str, Any]) -> str:
    """A report's target as a reader names it: the profile's title, the variants it plays,
    and each option house rules set otherwise than the profile, marked where no source
    gives the value.

    >>> from napspec.spec import load
    >>> options = {**load().profile_values("britannica"), "lowest-call": 2}
    >>> target_in_words({"name": "britannica+house", "options": options, "variants": []})
    'Britannica (1884) with the lowest call 2 (uncited)'
    """
    from napspec.spec import load
    from napspec.spec.register import value_id

    register = load()
    base = str(target.get("name", "")).split("+", 1)[0]
    profile = register.profiles.get(base)
    if profile is None:
        return str(target.get("name", ""))
    variants = list(target.get("variants") or ())
    played = register.variant_values(base, variants) if variants else register.profile_values(base)
    changes = []
    for option_id, value in (target.get("options") or {}).items():
        option = register.options.get(option_id)
        if option is None or played.get(option_id) == value:
            continue
        words = next((entry.words for entry in option.values if entry.value == value and entry.words), "")
        cited = option.allows(value)
        changes.append(
            f"{option.title[0].lower()}{option.title[1:]} {words or value_id(value)}" + ("" if cited else " (uncited)")
        )
    names = [register.options[name].title if name in register.options else name for name in variants]
    text = profile.title
    if names:
        text += " with " + _listed(names)
    if changes:
        text += (", and " if names else " with ") + _listed(changes)
    return text


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _not_covered(rules: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The rules not judged for the engine, grouped by what it lacks (in words)."""
    groups: dict[str, list[str]] = {}
    for row in rules:
        if row.get("verdict") != "not-judged":
            continue
        kind, _, message = str(row.get("why", "")).partition(": ")
        if kind == "not applicable" or kind not in _LACKS:
            continue  # the target's doing (no scenario for its values), not the engine's
        what = _LACKS[kind]
        if kind == "start":
            start = message.removeprefix("start ").split(" ", 1)[0]
            what = _STARTS_LACKED.get(start, f"the start {start}")
        elif kind == "query":
            query = message.split(": ", 1)[-1].split(",")[0].split(";")[0].strip()
            what = _QUERIES_LACKED.get(query, f"what the query {query} answers")
        groups.setdefault(what, []).append(str(row["rule"]))
    return [{"what": what, "rules": rules} for what, rules in groups.items()]


def certificate_scope(document: Mapping[str, Any]) -> dict[str, Any]:
    """What a report's certificate covers, in words and in numbers: the target, the table
    sizes and starts the engine plays, the rules judged of those binding the target (by
    chapter), what is not covered and why, the random answers compared; and whether that is
    too narrow to be called a certificate at all (:func:`too_narrow`)."""
    from napspec.conformance.differential import MIN_COMPARED
    from napspec.spec import load

    register = load()
    rules = document.get("rules") or []
    differential = document.get("differential") or {}
    deals = differential.get("scope") or {}
    capabilities = (document.get("engine") or {}).get("capabilities") or {}
    target = document.get("target") or {}
    base = str(target.get("name", "")).split("+", 1)[0]
    low, high = (
        (target.get("options") or {}).get("players-min", 2),
        (target.get("options") or {}).get("players-max", 10),
    )
    players = deals.get("players") or [
        n for n in capabilities.get("players") or range(low, high + 1) if low <= n <= high
    ]
    starts = deals.get("starts") or capabilities.get("starts") or list(START_KINDS)
    # The rules the suite has no scenario for under the target's values are no engine's
    # doing: they are left out of what a certificate could cover.
    unwritten = [row for row in rules if str(row.get("why", "")).startswith("not applicable")]
    judgeable = [row for row in rules if row not in unwritten]
    chapters: dict[str, list[int]] = {}
    for row in judgeable:
        chapter = str(row["rule"]).split(".", 1)[0]
        counts = chapters.setdefault(chapter, [0, 0])
        counts[0] += row.get("verdict") in ("passed", "failed")
        counts[1] += 1
    judged = sum(counts[0] for counts in chapters.values())
    not_covered = _not_covered(judgeable)
    statement = f"{target_in_words(target)}, {players_in_words(players)}, {starts_in_words(starts)}: "
    statement += f"{judged} of {len(judgeable)} rules judged"
    if unwritten:
        statement += f" ({len(unwritten)} more have no scenario under these rules)"
    if not_covered:
        statement += "; not covered: " + "; ".join(
            f"{group['what']} ({len(group['rules'])} rule{'s' if len(group['rules']) != 1 else ''})"
            for group in not_covered
        )
    compared = int(differential.get("cases", 0) or 0)
    narrowed = sum(int(entry.get("cases", 0)) for entry in differential.get("narrowed") or ())
    if differential:
        statement += f"; {compared:,} random answers compared in {int(differential.get('deals', 0)):,} deals"
        if narrowed:
            statement += f", {narrowed} random case{'s' if narrowed != 1 else ''} answered unsupported"
    scope = {
        "statement": statement,
        "players": sorted(players),
        "starts": [start for start in START_KINDS if start in starts],
        "judged": judged,
        "rules": len(judgeable),
        "unwritten": len(unwritten),
        "chapters": {
            chapter: {"judged": counts[0], "rules": counts[1]}
            for chapter, counts in sorted(chapters.items(), key=lambda item: _order(register, item[0]))
        },
        "not_covered": not_covered,
        "random_answers": compared,
        "too_narrow": "",
    }
    scope["too_narrow"] = too_narrow(scope, document, MIN_COMPARED, base)
    return scope


def _order(register: Any, chapter: str) -> int:
    ids = list(register.chapters)
    return ids.index(chapter) if chapter in ids else len(ids)


def too_narrow(scope: Mapping[str, Any], document: Mapping[str, Any], least: int, base: str) -> str:
    """Why a certificate of this scope would not be one, or ``""``: a whole run needs at
    least one rule judged in each chapter of the game itself (the calling, the play, the
    settlement: :data:`GAME_ITSELF`) by a scenario, or, for a chapter the suite has no
    scenario of under the target's values, random answers compared in that family of rules;
    and at least ``least`` random answers compared (fewer, and answers learnt by heart from
    the published cases cannot be told from a game played).
    A partial run is never a certificate, whatever it covers (``partial`` says so)."""
    if document.get("selection") is not None:
        return ""
    reasons = []
    chapters = scope.get("chapters") or {}
    differential = document.get("differential") or {}
    families = differential.get("families") or {}
    # A chapter with no scenario written under the target's values (a variant's target, say)
    # is the suite's gap, not the engine's: there the random deals must have played it.
    missing = [
        chapter
        for chapter in GAME_ITSELF
        if not (chapters.get(chapter) or {}).get("judged")
        and (chapter in chapters or not (families.get(chapter) or {}).get("answers"))
    ]
    if missing:
        reasons.append(f"no rule of {_listed(missing)} judged")
    failed = any(differential.get(key) for key in ("divergence", "evaded", "nondeterministic", "stopped"))
    if differential.get("out_of_scope"):
        reasons.append(f"no random deal could be played ({differential['out_of_scope']})")
    elif not failed and int(differential.get("cases", 0) or 0) < least:
        reasons.append(f"{int(differential.get('cases', 0) or 0):,} random answers compared, fewer than {least:,}")
    return "; ".join(reasons)


__all__ = [
    "GAME_ITSELF",
    "OTHER_QUERIES",
    "TRACE_VERSION",
    "certificate_scope",
    "deal_scope",
    "players_in_words",
    "starts_in_words",
    "target_in_words",
    "too_narrow",
    "traces",
]
