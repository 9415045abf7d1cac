"""The step vocabulary of the scenarios: every phrase once, with how it parses, what it adds
to the case sent to the engine, and the sentence the rulebook tells it as.

Each :class:`Phrase` has

- a *pattern*: words with typed slots, ``seat {seat:int} plays "{card:text}"``; a slot of type
  ``int`` (or ``word``, ``side``, ``range``) in a scenario outline may also hold a
  ``<placeholder>``, which the rulebook shows as written;
- an *apply* function: the case fragment. A ``Given`` step sets up the table (rules, seats,
  how the hand starts), a ``When`` step adds one or more actions, a ``Then`` step adds the
  :class:`~napspec.suite.checks.Check` s the engine's answers must meet;
- a *say* function: the sentence, as plain pieces (:data:`Piece`) that the rulebook draws.

The pytest-bdd step definitions (:mod:`napspec.suite.steps`), ``napspec dump-cases``
(:mod:`napspec.suite.dump`) and the rulebook (``napspec.docs.rulebook``) all read
:data:`VOCABULARY`: a new step is one new entry here (a ``Then`` step, in
:data:`~napspec.suite.expectations.THEN_PHRASES`).

Around it: :mod:`~napspec.suite.phrases` (what a phrase is, how a step's text matches it),
:mod:`~napspec.suite.case_fragments` (what each step adds to the case),
:mod:`~napspec.suite.wording` (the pieces of the sentences) and
:mod:`~napspec.suite.scenario_text` (the values a scenario writes).

Seats are numbers 0..n-1, clockwise; cards are rank then suit (``"AS"``, ``"TD"``);
lists of cards or numbers are written space-separated inside double quotes.

>>> phrase, args = match('seat 2 plays "QS"')
>>> phrase.keyword, args
('When', {'seat': 2, 'card': 'QS'})
>>> match("seat <seat> is to act", template=True)[1]
{'seat': '<seat>'}
>>> match("seat 2 juggles") is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from napspec.suite import case_fragments as fragment
from napspec.suite.cards import parse_cards
from napspec.suite.case_fragments import QUERY_ORDER, Args, CaseBuilder
from napspec.suite.expectations import THEN_PHRASES
from napspec.suite.phrases import Phrase, phrase
from napspec.suite.scenario_text import NAMED_CALLS, PLACEHOLDER, ScenarioError
from napspec.suite.wording import (
    OFFENCES,
    TABLES,
    Cards,
    Code,
    Context,
    Piece,
    Ref,
    Seat,
    Suit,
    Value,
    hand_owner,
    join,
    plural,
    profile_ref,
    say_counts,
    say_players,
    say_setting,
    say_variants,
    seat,
)


def _noun(number: object, noun: str) -> str:
    """``noun`` as it goes after ``number`` (a placeholder of an outline takes the plural).

    >>> _noun(1, "card"), _noun(4, "card"), _noun("<depth>", "card")
    ('card', 'cards', 'cards')
    """
    return noun if str(number) == "1" else noun + "s"


VOCABULARY: tuple[Phrase, ...] = (
    # ------------------------------------------------------------------ Given
    phrase(
        "Given",
        'the profile "{name:word}"',
        fragment.given_profile,
        lambda a, c: ["The rules are those of the profile ", profile_ref(a["name"]), "."],
    ),
    phrase(
        "Given",
        'the option "{option:word}" is "{value:text}"',
        fragment.given_option,
        lambda a, c: say_setting(a["option"], a["value"]),
    ),
    phrase(
        "Given",
        "irregular play is allowed",
        fragment.given_irregular,
        lambda a, c: ["Irregular play is allowed, so that faults can be committed and claimed."],
    ),
    phrase(
        "Given",
        'the variant "{name:word}"',
        fragment.given_variant,
        lambda a, c: say_variants(a["name"]),
    ),
    phrase("Given", "{players:int} players with seat {dealer:int} dealing", fragment.given_players, say_players),
    phrase(
        "Given",
        "the hands:",
        fragment.given_hands,
        lambda a, c: ["The cards have been cut and dealt. The hands:"],
        datatable="hands",
    ),
    phrase(
        "Given",
        'the extra hand on the table is "{cards:text}"',
        fragment.given_extra_hand,
        lambda a, c: ["The extra hand, dealt with them, lies face down on the table: ", Cards(a["cards"]), "."],
    ),
    phrase(
        "Given",
        'the peep card on the table is "{card:text}"',
        fragment.given_peep_card,
        lambda a, c: ["The peep card, dealt after the hands, lies face down on the table: ", Cards(a["card"]), "."],
    ),
    phrase(
        "Given",
        'the stock from the top is "{cards:text}"',
        fragment.given_stock,
        lambda a, c: [
            "The undealt cards, from the top: ",
            Cards(a["cards"]),
            "; the rest of the pack lies below in a fixed order.",
        ],
    ),
    phrase(
        "Given",
        'the pack from the top is "{cards:text}"',
        fragment.given_pack,
        lambda a, c: [
            "The pack is stacked. From the top: ",
            Cards(a["cards"]),
            "; the rest of the pack lies below in a fixed order.",
        ],
    ),
    phrase(
        "Given",
        'the cards turned for the first deal are "{cards:text}"',
        fragment.given_draw,
        lambda a, c: ["The cards turned for the first deal are, in the order drawn: ", Cards(a["cards"]), "."],
    ),
    # the pool
    phrase(
        "Given",
        "the pool holds {count:int} stakes as the hand begins",
        fragment.given_pool,
        lambda a, c: ["The pool holds ", *plural(a["count"], "stake", "stakes"), " as the hand begins."],
    ),
    phrase(
        "Given",
        "seat {seat:int} was the first dealer of the session",
        fragment.given_first_dealer,
        lambda a, c: [*Seat(a["seat"]), " dealt the first hand of the session."],
    ),
    phrase(
        "Given",
        "the players stop with {count:int} in the pool",
        fragment.given_end_of_session,
        lambda a, c: ["The players stop with ", *plural(a["count"], "stake", "stakes"), " in the pool."],
    ),
    phrase(
        "Given",
        'the cards dealt for the pool are "{cards:text}"',
        fragment.given_pool_draw,
        lambda a, c: [
            "The cards dealt for the pool, from the dealer's left round to the dealer and again for those tied: ",
            Cards(a["cards"]),
            ".",
        ],
    ),
    # ------------------------------------------------------------------- When
    phrase(
        "When",
        "seat {seat:int} cuts {depth:int} card{s:plural}",
        lambda b, a: b.act({"type": "cut", "seat": a["seat"], "depth": a["depth"]}),
        lambda a, c: [*Seat(a["seat"]), " cuts ", Value(a["depth"]), f" {_noun(a['depth'], 'card')}."],
    ),
    phrase(
        "When",
        'seat {seat:int} deals exposing "{card:text}"',
        lambda b, a: b.act({"type": "deal", "seat": a["seat"], "exposed": fragment.parse_card(a["card"])}),
        lambda a, c: [*Seat(a["seat"]), " deals and exposes ", Cards(a["card"]), " in dealing."],
    ),
    phrase(
        "When",
        'seat {seat:int} deals the counts "{counts:text}"',
        fragment.apply_deal_counts,
        lambda a, c: say_counts(a["seat"], a["counts"]),
    ),
    phrase("When", "seat {seat:int} deals", fragment.apply_deal, lambda a, c: [*Seat(a["seat"]), " deals."]),
    phrase(
        "When",
        "seat {seat:int} calls Nap",
        lambda b, a: b.act({"type": "call", "seat": a["seat"], "tricks": 5}),
        lambda a, c: [*Seat(a["seat"]), " calls Nap."],
    ),
    phrase(
        "When",
        "seat {seat:int} makes the lowest call",
        fragment.apply_lowest_call,
        lambda a, c: [*Seat(a["seat"]), " makes the lowest call the rules allow."],
    ),
    phrase(
        "When",
        "seat {seat:int} calls {tricks:int}",
        lambda b, a: b.act({"type": "call", "seat": a["seat"], "tricks": a["tricks"]}),
        lambda a, c: [*Seat(a["seat"]), " calls ", Value(a["tricks"]), "."],
    ),
    phrase(
        "When",
        "seat {seat:int} calls {call:call}",
        lambda b, a: b.act({"type": "call", "seat": a["seat"], "call": NAMED_CALLS[a["call"]]}),
        lambda a, c: [*Seat(a["seat"]), " calls ", Value(a["call"]), "."],
    ),
    phrase(
        "When",
        "seat {seat:int} takes the extra hand",
        lambda b, a: b.act({"type": "take-extra-hand", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " takes up the extra hand."],
    ),
    phrase(
        "When",
        'seat {seat:int} discards "{cards:text}"',
        lambda b, a: b.act({"type": "discard", "seat": a["seat"], "cards": parse_cards(a["cards"])}),
        lambda a, c: [*Seat(a["seat"]), " throws away ", Cards(a["cards"]), " face down."],
    ),
    phrase(
        "When",
        'seat {seat:int} buys {count:int} card{s:plural} throwing away "{cards:text}"',
        fragment.apply_buy,
        lambda a, c: [
            *Seat(a["seat"]),
            " throws away ",
            Cards(a["cards"]),
            " face down and buys ",
            Value(a["count"]),
            f" fresh {_noun(a['count'], 'card')}.",
        ],
    ),
    phrase(
        "When",
        "seat {seat:int} refuses to buy",
        lambda b, a: b.act({"type": "buy", "seat": a["seat"], "cards": []}),
        lambda a, c: [*Seat(a["seat"]), " refuses to buy."],
    ),
    phrase(
        "When",
        "seat {seat:int} peeps",
        lambda b, a: b.act({"type": "peep", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " pays to peep at the peep card."],
    ),
    phrase(
        "When",
        'seat {seat:int} takes the peep card for "{card:text}"',
        lambda b, a: b.act({"type": "take-peep-card", "seat": a["seat"], "card": fragment.parse_card(a["card"])}),
        lambda a, c: [*Seat(a["seat"]), " gives up ", Cards(a["card"]), " face down and takes the peep card."],
    ),
    phrase(
        "When",
        "seat {seat:int} leaves the peep card",
        lambda b, a: b.act({"type": "decline-peep-card", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " leaves the peep card."],
    ),
    phrase(
        "When",
        "seat {seat:int} passes",
        lambda b, a: b.act({"type": "pass", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " passes."],
    ),
    phrase(
        "When",
        'seat {seat:int} plays "{card:text}"',
        lambda b, a: b.act({"type": "play", "seat": a["seat"], "card": fragment.parse_card(a["card"])}),
        lambda a, c: [*Seat(a["seat"]), " plays ", Cards(a["card"]), "."],
    ),
    phrase(
        "When",
        "the tricks are played:",
        fragment.apply_tricks_played,
        lambda a, c: ["The tricks are played:"],
        datatable="tricks",
    ),
    phrase(
        "When",
        'seat {seat:int} exposes "{card:text}"',
        lambda b, a: b.act({"type": "expose", "seat": a["seat"], "card": fragment.parse_card(a["card"])}),
        lambda a, c: [*Seat(a["seat"]), " exposes ", Cards(a["card"]), "."],
    ),
    phrase(
        "When",
        "seat {seat:int} claims the {kind:word} by seat {offender:int}",
        fragment.apply_claim,
        lambda a, c: [
            *Seat(a["seat"]),
            " claims ",
            OFFENCES.get(a["kind"], a["kind"]),
            " against ",
            *seat(a["offender"]),
            ".",
        ],
    ),
    phrase(
        "When",
        "seat {seat:int} claims the {kind:word}",
        fragment.apply_claim,
        lambda a, c: [*Seat(a["seat"]), " claims ", OFFENCES.get(a["kind"], a["kind"]), "."],
    ),
    phrase(
        "When",
        "seat {seat:int} shows his cards",
        lambda b, a: b.act({"type": "show", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " shows his cards."],
    ),
    phrase(
        "When",
        "seat {seat:int} refuses to show his cards",
        lambda b, a: b.act({"type": "refuse-to-show", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " refuses to show his cards."],
    ),
    phrase(
        "When",
        "seat {seat:int} asks for the call and the tricks made",
        lambda b, a: b.act({"type": "ask", "seat": a["seat"]}),
        lambda a, c: [*Seat(a["seat"]), " asks what the call is and how many tricks have been made."],
    ),
    # ------------------------------------------------------------------- Then
    *THEN_PHRASES,
)


def match(
    text: str, template: bool = False, vocabulary: Sequence[Phrase] = VOCABULARY
) -> tuple[Phrase, dict[str, Any]] | None:
    """The phrase ``text`` is, with its slots' values; ``None`` if it is none of them.

    With ``template``, ``text`` may be a step of an outline as written (with placeholders),
    and the values are left as written.
    """
    for candidate in vocabulary:
        found = candidate.parse(text, template)
        if found is not None:
            return candidate, found
    return None


def known(text: str, vocabulary: Sequence[Phrase] = VOCABULARY) -> bool:
    """Whether a step's text, as written in a feature file, is a phrase of the vocabulary."""
    return match(text, template=True, vocabulary=vocabulary) is not None


__all__ = [
    "NAMED_CALLS",
    "OFFENCES",
    "PLACEHOLDER",
    "QUERY_ORDER",
    "TABLES",
    "VOCABULARY",
    "Args",
    "Cards",
    "CaseBuilder",
    "Code",
    "Context",
    "Phrase",
    "Piece",
    "Ref",
    "ScenarioError",
    "Suit",
    "Value",
    "hand_owner",
    "join",
    "known",
    "match",
]
