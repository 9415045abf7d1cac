"""The case ``napspec smoke`` plays: one the engine's declared capabilities can play.

An engine that plays no profile whole (say four players only, no compulsory call, every
trick played out) still gets a case it declares it can play: the rules of the profile it
names first, else of the first profile whose every option value it declares, else of a
profile with each value it does not declare replaced by one it does (as long as the values
go together); at a table size it seats; from a start it plays; asking a query it answers.

>>> britannica = {option: [value] for option, value in load().profile_values("britannica").items()}
>>> capabilities = {"options": britannica, "queries": ["state"], "irregular_play": False, "profiles": [],
...                 "players": [5], "starts": ["hands"]}
>>> case, why = smoke_case(capabilities)
>>> why, case["players"], case["options"]["compulsory-call"], list(case["start"])
('', 5, 'none', ['hands'])

An engine of an older version declares only the options its version has:

>>> older = {**capabilities, "options": {k: v for k, v in britannica.items() if k != "lowest-call"}}
>>> smoke_case(older, "napspec/1.2")[1], smoke_case(older)[1] != ""
('', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from napspec.conformance.harness import applicable, for_protocol
from napspec.protocol import PROTOCOL, UnsupportedCase
from napspec.spec import load
from napspec.suite.cards import PACK
from napspec.suite.cases import CaseError, cards_each, check_options, make_case, pack_in_play
from napspec.suite.table_size import SITTING_OUT

#: The queries smoke would rather ask, in order.
QUERIES = ("state", "result", "legal-actions", "tricks")


def _option_maps(capabilities: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Candidate option maps, best first: the profiles the engine names, the others, then
    each profile fitted to the values the engine declares."""
    register = load()
    named = [p for p in capabilities.get("profiles", []) if p in register.profiles]
    order = [*named, *(p for p in register.profiles if p not in named)]
    maps = [(profile, register.profile_values(profile)) for profile in order]
    declared: Mapping[str, list[Any]] = capabilities.get("options", {})
    for profile in order:
        fitted = register.profile_values(profile)
        for option, value in fitted.items():
            values = declared.get(option) or []
            if values and not any(type(v) is type(value) and v == value for v in values):
                fitted[option] = values[0]
        maps.append((f"{profile}, fitted to the values the engine declares", fitted))
    return maps


def smoke_case(capabilities: Mapping[str, Any], protocol: str = PROTOCOL) -> tuple[dict[str, Any], str]:
    """A trivial case the engine with ``capabilities`` can play, and ``""``; or the
    closest case and why none fits. The engine speaks ``protocol``: a case is judged as
    the harness would send it to such an engine (:func:`~napspec.conformance.harness.for_protocol`:
    an engine of napspec/1.2 is not asked the lowest call, which it plays at the sources' one)."""
    seats = sorted(capabilities.get("players") or [4])
    starts = capabilities.get("starts") or ["hands"]
    answered = capabilities.get("queries", [])
    query = next((q for q in QUERIES if q in answered), "state")
    best: tuple[dict[str, Any], str] | None = None
    for name, options in _option_maps(capabilities):
        try:
            check_options(options)
        except CaseError:
            continue
        for players in [*(s for s in seats if s >= 4), *(s for s in seats if s < 4)]:
            if not options["players-min"] <= players <= options["players-max"]:
                continue
            case = _case(options, players, starts, query)
            if case is None:
                continue
            try:
                sent = for_protocol(case, protocol, capabilities)
            except UnsupportedCase as error:
                best = best or (case, f"{name}: {error.reason}")
                continue
            fits, why = applicable(sent, capabilities)
            if fits:
                return case, ""
            best = best or (case, f"{name}: {why}")
    if best is None:
        raise CaseError("no option map of the register fits the engine's table sizes and starts")
    return best


def _case(options: dict[str, Any], players: int, starts: list[str], query: str) -> dict[str, Any] | None:
    pack = pack_in_play(options, players)
    if pack is None:
        return None
    each = cards_each(options)
    try:
        if "hands" in starts and each * players <= len(pack):
            hands = [pack[each * seat : each * (seat + 1)] for seat in range(players)]
            if players in SITTING_OUT.get(str(options.get("dealer-sits-out")), frozenset()):
                hands[0] = []  # the dealer (seat 0) deals himself no hand
            return make_case("smoke/deal", options=options, players=players, dealer=0, hands=hands, queries=[query])
        if "deck" in starts:
            return make_case("smoke/deal", options=options, players=players, dealer=0, deck=pack, queries=[query])
        if "draw" in starts:
            return make_case(
                "smoke/draw", options=options, players=players, dealer=0, draw=PACK[:players], queries=["first-dealer"]
            )
    except CaseError:
        return None
    return None


__all__ = ["smoke_case"]
