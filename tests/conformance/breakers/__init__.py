"""Rule-breaking engines: for each testable rule of the register, a variant of the reference
engine that breaks that rule and no other, which the conformance suite must catch.

A breaker is data: one :class:`Breaker` entry per rule (the rule it breaks, one or two lines
on how, and the engine). The engine is the reference engine with one small change: a
subclass of one of the parts a :class:`~napspec.reference.hand.Hand` plays with (its play,
its calling, ...), of its course (:class:`~napspec.reference.course.Course`) or of the hand
itself, overriding one method, put in the adapter's place by :func:`hand_breaker` (the rule
acts where the engine plays), or, for amounts of the settlement, a change to the answers by
:func:`answer_breaker`.

>>> engine = load("play.follow-suit")
>>> engine.hello()["engine"]["name"]
'reference-that-breaks-play.follow-suit'
>>> engine.close()
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from napspec.protocol import Engine, serve
from napspec.reference.contract_adapter import ReferenceEngine
from napspec.reference.course import Course
from napspec.reference.hand import Hand
from tests.conformance.engines.rulebreak import tampered


@dataclass(frozen=True)
class Reach:
    """Where a breaker of a rule that acts throughout a phase of every hand (who calls or
    plays next, what a card is worth, what a trick pays) shows in the scenarios of other
    rules: in every case that holds an action of one of :attr:`actions`, and in every check
    that reads an answer under one of :attr:`answers` (``"result.payments"``,
    ``"legal-actions"``). A failure outside them is unexplained, so a breaker still has
    to keep to the part of the game its rule governs.

    >>> reach = Reach(actions=("play",), answers=("result.payments",), why="…")
    >>> reach.covers({"call", "pass"}, "result.payments.2"), reach.covers({"call"}, "state.phase")
    (True, False)
    >>> reach.covers({"play"}, None)
    True
    """

    why: str
    actions: tuple[str, ...] = ()
    answers: tuple[str, ...] = ()

    def covers(self, action_types: set[str], answer: str | None) -> bool:
        """Whether a failure in a case holding ``action_types``, of a check reading
        ``answer`` (``None`` where the engine refused or erred), is within reach."""
        if action_types & set(self.actions):
            return True
        return answer is not None and any(answer == path or answer.startswith(path + ".") for path in self.answers)


@dataclass(frozen=True)
class Breaker:
    """The engine that breaks ``rule``, and how it does."""

    rule: str
    how: str
    make: Callable[[], Engine] = field(repr=False)
    #: Rules whose scenarios may fail too, and why (a breaker of one rule can change what
    #: another rule's scenarios see).
    neighbours: tuple[str, ...] = ()
    why_neighbours: str = ""
    #: For a rule that acts in every hand, the cases and answers of any scenario it may
    #: change (see :class:`Reach`).
    reach: Reach | None = None


BREAKERS: dict[str, Breaker] = {}
"""Every breaker, by the rule it breaks (filled by the modules of this package)."""

FURTHER: dict[str, Breaker] = {}
"""Breakers of a rule that already has one, by a name of their own: other ways to break it
that once survived every scenario (filled by the modules of this package)."""


class UnknownBreaker(LookupError):
    """No breaker is written for the rule asked for."""


def _register(breaker: Breaker, name: str | None = None) -> None:
    if name is not None:
        if name in FURTHER:
            raise ValueError(f"two further breakers named {name!r}")
        FURTHER[name] = breaker
        return
    if breaker.rule in BREAKERS:
        raise ValueError(f"two breakers of rule {breaker.rule!r}")
    BREAKERS[breaker.rule] = breaker


def _hello_named(hello: dict[str, Any], rule: str) -> dict[str, Any]:
    hello["engine"]["name"] = f"reference-that-breaks-{rule}"
    return hello


BrokenType = TypeVar("BrokenType", bound=type)

#: The attributes of :class:`Course` that name the classes of the parts.
PARTS = (
    "deal_part",
    "purchase_part",
    "calling_part",
    "extra_hand_part",
    "peep_part",
    "play_part",
    "showing_part",
    "claims_part",
    "pool_part",
    "settlement_part",
)


def hand_with(*parts: type) -> type[Hand]:
    """The reference engine's :class:`Hand` playing with each of ``parts`` in the place of the
    part it subclasses.

    >>> from napspec.reference.play import TrickPlay
    >>> class Broken(TrickPlay): ...
    >>> hand_with(Broken).course_class.play_part is Broken
    True
    """
    replaced: dict[str, type] = {}
    for part in parts:
        (name,) = [name for name in PARTS if issubclass(part, getattr(Course, name))]
        replaced[name] = part
    name = "".join(part.__name__ for part in parts)
    return playing_by(type(f"CourseWith{name}", (Course,), replaced))


def playing_by(course: type[Course]) -> type[Hand]:
    """The reference engine's :class:`Hand` playing by ``course``."""
    return type(f"HandBy{course.__name__}", (Hand,), {"course_class": course})


def hand_breaker(
    rule: str,
    how: str,
    *,
    neighbours: Sequence[str] = (),
    why: str = "",
    reach: Reach | None = None,
    further: str | None = None,
) -> Callable[[BrokenType], BrokenType]:
    """Register the reference engine playing with the decorated :class:`Hand` subclass, or by
    the decorated :class:`Course` subclass, or with the decorated part in the place of the one
    it subclasses (as a further breaker of ``rule``, named ``further``, when the rule has one
    already)."""

    def register(broken: BrokenType) -> BrokenType:
        hand_class: type[Hand]
        if issubclass(broken, Hand):
            hand_class = broken
        elif issubclass(broken, Course):
            hand_class = playing_by(broken)
        else:
            hand_class = hand_with(broken)
        engine_class = type(
            f"Breaks_{broken.__name__}",
            (ReferenceEngine,),
            {"hand_class": hand_class, "hello": lambda self: _hello_named(ReferenceEngine.hello(self), rule)},
        )
        _register(Breaker(rule, how, engine_class, tuple(neighbours), why, reach), further)
        return broken

    return register


Tamper = Callable[[dict[str, Any], dict[str, Any]], None]


def _pool_in_play(case: dict[str, Any]) -> bool:
    options = case.get("options", {})
    return any(options.get(name, "not-played") != "not-played" for name in ("pool", "peep", "purchase"))


class TamperingEngine:
    """The reference engine whose answers :attr:`tamper` changes in place; it asks the
    reference for "state" and "tricks" too (which a change may need) and returns the
    queries the case asked."""

    def __init__(self, rule: str, tamper: Tamper) -> None:
        self.rule = rule
        self.tamper = tamper
        self.reference = ReferenceEngine()

    def hello(self) -> dict[str, Any]:
        return _hello_named(self.reference.hello(), self.rule)

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        asked = list(case["queries"])
        if "first-dealer" in asked or "end_of_session" in case["start"]:
            result = self.reference.run(case)
            if "error" not in result:
                self.tamper(case, result["answers"])
            return result
        # The pool's movements too, where there is a pool: the payments include them.
        wanted = ("state", "tricks", "pool") if _pool_in_play(case) else ("state", "tricks")
        extra = [query for query in wanted if query not in asked]
        result = self.reference.run({**case, "queries": asked + extra})
        if "error" in result:
            return result
        return tampered(case, result, asked, self.tamper)

    def close(self) -> None:
        self.reference.close()


def answer_breaker(
    rule: str, how: str, *, neighbours: Sequence[str] = (), why: str = "", reach: Reach | None = None
) -> Callable[[Tamper], Tamper]:
    """Register the reference engine whose answers the decorated function changes in place
    (for amounts of the settlement, which nothing later in the hand depends on)."""

    def register(tamper: Tamper) -> Tamper:
        _register(Breaker(rule, how, lambda: TamperingEngine(rule, tamper), tuple(neighbours), why, reach))
        return tamper

    return register


class TranslatingEngine:
    """The reference engine given each case as :attr:`translate` changes it (for a rule the
    engine applies as it reads the case: the draw for the first dealer, the end of a
    session)."""

    def __init__(self, rule: str, translate: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self.rule = rule
        self.translate = translate
        self.reference = ReferenceEngine()

    def hello(self) -> dict[str, Any]:
        return _hello_named(self.reference.hello(), self.rule)

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        return self.reference.run(self.translate(copy.deepcopy(case)))

    def close(self) -> None:
        self.reference.close()


def case_breaker(
    rule: str, how: str, *, neighbours: Sequence[str] = (), why: str = "", reach: Reach | None = None
) -> Callable[[Callable[[dict[str, Any]], dict[str, Any]]], Callable[[dict[str, Any]], dict[str, Any]]]:
    """Register the reference engine that plays each case as the decorated function
    changes it."""

    def register(translate: Callable[[dict[str, Any]], dict[str, Any]]) -> Callable[[dict[str, Any]], dict[str, Any]]:
        _register(Breaker(rule, how, lambda: TranslatingEngine(rule, translate), tuple(neighbours), why, reach))
        return translate

    return register


def load(rule: str) -> Engine:
    """A fresh engine that breaks ``rule`` (an :class:`~napspec.protocol.Engine`)."""
    _load_all()
    try:
        return BREAKERS[rule].make()
    except KeyError:
        raise UnknownBreaker(f"no breaker of rule {rule!r} (there are {len(BREAKERS)})") from None


def breakers() -> dict[str, Breaker]:
    """Every breaker written, by rule."""
    _load_all()
    return BREAKERS


def further_breakers() -> dict[str, Breaker]:
    """The further breakers of rules that have one already, by name."""
    _load_all()
    return FURTHER


def _load_all() -> None:
    from tests.conformance.breakers import plain, variants  # noqa: F401  (they register)


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m tests.conformance.breakers RULE``: serve the breaker of RULE over the
    protocol on stdin/stdout (for ``napspec certify --engine-command``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        raise SystemExit("usage: python -m tests.conformance.breakers RULE")
    serve(load(args[0]), sys.stdin, sys.stdout)
