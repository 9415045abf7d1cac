"""The ``Then`` phrases of the vocabulary: what the engine's answers must meet after the
actions (the actions accepted or rejected, the state, the legal actions, the hands, the
tricks, the result and the payments, the offences, the pool's movements), each with the
checks it adds to the case and the sentence the rulebook tells it as. They follow the
``Given`` and ``When`` phrases in :data:`napspec.suite.vocabulary.VOCABULARY`.
"""

from __future__ import annotations

from napspec.suite import case_fragments as fragment
from napspec.suite.cards import parse_cards
from napspec.suite.phrases import Phrase, phrase
from napspec.suite.wording import (
    ERRORS,
    OUTCOMES,
    PHASES,
    Cards,
    Seat,
    Suit,
    Value,
    capital,
    described,
    plural,
    say_calls,
    say_cut_depths,
    say_offences,
    say_payments,
    say_pool_reason,
    seat,
)

THEN_PHRASES: tuple[Phrase, ...] = (
    phrase("Then", "the action is accepted", fragment.then_accepted, lambda a, c: ["The action is accepted."]),
    phrase(
        "Then",
        'the action is rejected as "{code:text}"',
        fragment.then_rejected,
        lambda a, c: ["The action is rejected: ", *described(a["code"], ERRORS), "."],
    ),
    phrase(
        "Then",
        'the phase is "{phase:text}"',
        lambda b, a: fragment.expect_state(b, "phase", "phase", a["phase"]),
        lambda a, c: ["Now ", *described(a["phase"], PHASES), "."],
    ),
    phrase(
        "Then",
        "seat {seat:int} is to act",
        lambda b, a: fragment.expect_state(b, "player to act", "to_act", a["seat"]),
        lambda a, c: [*Seat(a["seat"]), " is to act."],
    ),
    phrase(
        "Then",
        "nobody is to act",
        lambda b, a: fragment.expect_state(b, "player to act", "to_act", None),
        lambda a, c: ["Nobody is to act."],
    ),
    phrase(
        "Then",
        'seat {seat:int} may play "{cards:text}"',
        lambda b, a: b.expect(
            f"legal plays of seat {a['seat']}",
            ["legal-actions"],
            [*fragment.legal_operations(a["seat"], "play"), {"pluck": "card"}, {"sort": True}],
            sorted(parse_cards(a["cards"])),
        ),
        lambda a, c: [*Seat(a["seat"]), " may play only ", Cards(a["cards"]), "."],
    ),
    phrase(
        "Then",
        "seat {seat:int} may not pass",
        lambda b, a: b.expect(
            f"seat {a['seat']} may pass",
            ["legal-actions"],
            [*fragment.legal_operations(a["seat"], "pass"), {"nonempty": True}],
            False,
        ),
        lambda a, c: [*Seat(a["seat"]), " may not pass."],
    ),
    phrase(
        "Then",
        "seat {seat:int} may pass",
        lambda b, a: b.expect(
            f"seat {a['seat']} may pass",
            ["legal-actions"],
            [*fragment.legal_operations(a["seat"], "pass"), {"nonempty": True}],
            True,
        ),
        lambda a, c: [*Seat(a["seat"]), " may pass."],
    ),
    phrase(
        "Then",
        "seat {seat:int} may make any call from the lowest to Nap",
        fragment.then_may_call_from_the_lowest,
        lambda a, c: [*Seat(a["seat"]), " may call any number of tricks from the lowest call the rules allow to Nap."],
    ),
    phrase(
        "Then",
        'seat {seat:int} may call "{calls:text}"',
        fragment.then_may_call,
        lambda a, c: [*Seat(a["seat"]), " may call ", *say_calls(a["calls"]), "."],
    ),
    phrase(
        "Then",
        "seat {seat:int} may take the extra hand",
        lambda b, a: fragment.then_may_take(b, a, True),
        lambda a, c: [*Seat(a["seat"]), " may take up the extra hand."],
    ),
    phrase(
        "Then",
        "seat {seat:int} may not take the extra hand",
        lambda b, a: fragment.then_may_take(b, a, False),
        lambda a, c: [*Seat(a["seat"]), " may not take up the extra hand."],
    ),
    phrase(
        "Then",
        "seat {seat:int} may discard any five of his ten cards",
        lambda b, a: b.expect(
            f"discards open to seat {a['seat']}",
            ["legal-actions"],
            [*fragment.legal_operations(a["seat"], "discard"), {"count": True}],
            fragment.DISCARDS_OF_FIVE,
        ),
        lambda a, c: [*Seat(a["seat"]), " may throw away any five of his ten cards."],
    ),
    phrase(
        "Then",
        'seat {seat:int} may cut "{depths:range}"',
        lambda b, a: b.expect(
            f"legal cut depths of seat {a['seat']}",
            ["legal-actions"],
            [*fragment.legal_operations(a["seat"], "cut"), {"pluck": "depth"}, {"sort": True}],
            list(range(int(a["depths"].split("-")[0]), int(a["depths"].split("-")[1]) + 1)),
        ),
        lambda a, c: say_cut_depths(a["seat"], a["depths"]),
    ),
    phrase("Then", "the hands are:", fragment.then_hands, lambda a, c: ["The hands are now:"], datatable="hands"),
    phrase(
        "Then",
        'seat {seat:int} holds "{cards:text}"',
        fragment.then_holds,
        lambda a, c: [*Seat(a["seat"]), " holds ", Cards(a["cards"]), "."],
    ),
    phrase(
        "Then",
        "the soloist is seat {seat:int} with a call of Nap",
        lambda b, a: b.expect(
            "soloist and call",
            ["state"],
            [{"get": list(fragment.STATE)}, {"pick": ["soloist", "call"]}],
            {"soloist": a["seat"], "call": 5},
        ),
        lambda a, c: [*Seat(a["seat"]), " is the soloist, with a call of Nap."],
    ),
    phrase(
        "Then",
        "the soloist is seat {seat:int} with a call of {tricks:int}",
        lambda b, a: b.expect(
            "soloist and call",
            ["state"],
            [{"get": list(fragment.STATE)}, {"pick": ["soloist", "call"]}],
            {"soloist": a["seat"], "call": a["tricks"]},
        ),
        lambda a, c: [*Seat(a["seat"]), " is the soloist, with a call of ", Value(a["tricks"]), "."],
    ),
    phrase(
        "Then",
        "the soloist is seat {seat:int} with a call of {call:call}",
        fragment.then_named_soloist,
        lambda a, c: [*Seat(a["seat"]), " is the soloist, with a call of ", Value(a["call"]), "."],
    ),
    phrase(
        "Then",
        "the soloist is seat {seat:int} with a Nap on the extra hand",
        lambda b, a: b.expect(
            "soloist, call and declaration",
            ["state"],
            [{"get": list(fragment.STATE)}, {"pick": ["soloist", "call", "declaration"]}],
            {"soloist": a["seat"], "call": 5, "declaration": "sir-garnet"},
        ),
        lambda a, c: [*Seat(a["seat"]), " is the soloist, bound to a Nap by taking the extra hand."],
    ),
    phrase(
        "Then",
        'the extra hand is "{cards:text}"',
        fragment.then_extra_hand,
        lambda a, c: (
            ["The extra hand has been taken up."]
            if a["cards"].strip() == "-"
            else ["The extra hand lies untaken, face down: ", Cards(a["cards"]), "."]
        ),
    ),
    phrase(
        "Then",
        "there are no trumps",
        lambda b, a: fragment.expect_state(b, "trumps", "trumps", None),
        lambda a, c: ["There is no trump suit."],
    ),
    phrase(
        "Then",
        "there is no soloist",
        lambda b, a: fragment.expect_state(b, "soloist", "soloist", None),
        lambda a, c: ["There is no soloist."],
    ),
    phrase(
        "Then", 'trumps are "{suit:text}"', fragment.then_trumps, lambda a, c: ["Trumps are ", Suit(a["suit"]), "."]
    ),
    phrase(
        "Then",
        "trick {number:int} is won by seat {seat:int}",
        fragment.then_trick_won,
        lambda a, c: ["Trick ", Value(a["number"]), " is won by ", *seat(a["seat"]), "."],
    ),
    phrase(
        "Then",
        "{count:int} tricks have been played",
        lambda b, a: b.expect("tricks completed", ["tricks"], [*fragment.COMPLETED, {"count": True}], a["count"]),
        lambda a, c: [*capital(plural(a["count"], "trick has", "tricks have")), " been played."],
    ),
    phrase(
        "Then",
        "seat {seat:int} has won {count:int} tricks",
        lambda b, a: b.expect(
            f"tricks won by seat {a['seat']}",
            ["state"],
            [{"get": [*fragment.STATE, "tricks_won", a["seat"]]}],
            a["count"],
        ),
        lambda a, c: [*Seat(a["seat"]), " has won ", *plural(a["count"], "trick", "tricks"), "."],
    ),
    phrase(
        "Then",
        "the winning card of trick {number:int} is face {side:side}",
        fragment.then_face,
        lambda a, c: ["The winning card of trick ", Value(a["number"]), " lies face ", Value(a["side"]), "."],
    ),
    phrase(
        "Then",
        "every card played is face up",
        lambda b, a: b.expect(
            "cards turned face down",
            ["table"],
            [{"get": ["answers", "table"]}, {"flatten": True}, {"where": {"face_up": False}}, {"pluck": "card"}],
            [],
        ),
        lambda a, c: ["Every card played lies face up."],
    ),
    phrase(
        "Then",
        'the outcome is "{outcome:text}"',
        lambda b, a: fragment.expect_result(b, "outcome", "outcome", a["outcome"]),
        lambda a, c: ["Outcome: ", *described(a["outcome"], OUTCOMES), "."],
    ),
    phrase(
        "Then", 'the payments are "{amounts:text}"', fragment.then_payments, lambda a, c: say_payments(a["amounts"])
    ),
    phrase(
        "Then",
        "the next dealer is seat {seat:int}",
        lambda b, a: fragment.expect_result(b, "next dealer", "next_dealer", a["seat"]),
        lambda a, c: ["The next dealer is ", *seat(a["seat"]), "."],
    ),
    phrase(
        "Then",
        "the first dealer is seat {seat:int}",
        lambda b, a: b.expect(
            "first dealer", ["first-dealer"], [{"get": ["answers", "first-dealer", "seat"]}], a["seat"]
        ),
        lambda a, c: ["The first dealer is ", *seat(a["seat"]), "."],
    ),
    phrase(
        "Then", 'the offences are "{listing:text}"', fragment.then_offences, lambda a, c: say_offences(a["listing"])
    ),
    phrase(
        "Then",
        'the peep card is "{card:text}"',
        lambda b, a: fragment.expect_state(b, "the peep card", "peep_card", fragment.parse_card(a["card"])),
        lambda a, c: ["The peep card lies face down on the table: ", Cards(a["card"]), "."],
    ),
    phrase(
        "Then",
        "no peep card lies on the table",
        lambda b, a: fragment.expect_state(b, "the peep card", "peep_card", None),
        lambda a, c: ["No peep card lies on the table."],
    ),
    phrase(
        "Then",
        'the seats that peeped are "{seats:text}"',
        lambda b, a: fragment.expect_state(b, "the seats that peeped", "peeped", [int(x) for x in a["seats"].split()]),
        lambda a, c: ["The seats that have peeped, in order: ", Value(a["seats"]), "."],
    ),
    phrase(
        "Then",
        "nobody has peeped",
        lambda b, a: fragment.expect_state(b, "the seats that peeped", "peeped", []),
        lambda a, c: ["Nobody has peeped."],
    ),
    phrase(
        "Then",
        "the stock holds {count:int} cards",
        lambda b, a: fragment.expect_state(b, "cards in the stock", "stock", a["count"]),
        lambda a, c: ["The stock holds ", *plural(a["count"], "card", "cards"), "."],
    ),
    phrase(
        "Then",
        "seat {seat:int} may peep",
        lambda b, a: b.expect(
            f"seat {a['seat']} may peep",
            ["legal-actions"],
            [*fragment.legal_operations(a["seat"], "peep"), {"nonempty": True}],
            True,
        ),
        lambda a, c: [*Seat(a["seat"]), " may peep."],
    ),
    phrase(
        "Then",
        "seat {seat:int} may not peep",
        lambda b, a: b.expect(
            f"seat {a['seat']} may peep",
            ["legal-actions"],
            [*fragment.legal_operations(a["seat"], "peep"), {"nonempty": True}],
            False,
        ),
        lambda a, c: [*Seat(a["seat"]), " may not peep."],
    ),
    phrase(
        "Then",
        "seat {seat:int} may buy from none to {count:int} of his cards",
        fragment.then_may_buy,
        lambda a, c: [*Seat(a["seat"]), " may throw away and buy from none to ", Value(a["count"]), " of his cards."],
    ),
    phrase(
        "Then",
        "seat {seat:int} may take the peep card for any of his cards or leave it",
        lambda b, a: b.expect(
            f"peep exchanges open to seat {a['seat']}",
            ["legal-actions"],
            [{"get": ["answers", "legal-actions"]}, {"where": {"seat": a["seat"]}}, {"pluck": "type"}, {"sort": True}],
            ["decline-peep-card"] + ["take-peep-card"] * fragment.FIVE,
        ),
        lambda a, c: [*Seat(a["seat"]), " may give up any of his cards for the peep card, or leave it."],
    ),
    phrase(
        "Then",
        "seat {seat:int} is told the call {call:int} and {made:int} tricks made",
        fragment.then_told,
        lambda a, c: [
            *Seat(a["seat"]),
            " is told that the call is ",
            Value(a["call"]),
            " and that ",
            *plural(a["made"], "trick has", "tricks have"),
            " been made.",
        ],
    ),
    # the pool
    phrase(
        "Then",
        "the pool holds {count:int}",
        lambda b, a: b.expect("the pool", ["pool"], [{"get": ["answers", "pool", "pool"]}], a["count"]),
        lambda a, c: ["The pool holds ", *plural(a["count"], "stake", "stakes"), "."],
    ),
    phrase(
        "Then",
        "nothing is paid into or taken from the pool",
        lambda b, a: b.expect("the movements of the pool", ["pool"], fragment.POOL_MOVES, []),
        lambda a, c: ["Nothing is paid into the pool or taken from it."],
    ),
    phrase(
        "Then",
        'seat {seat:int} pays {count:int} into the pool for "{reason:text}"',
        lambda b, a: fragment.then_pool_moves(
            b, f"seat {a['seat']} paying in for {a['reason']}", {"from": a["seat"], "reason": a["reason"]}, [a["count"]]
        ),
        lambda a, c: [
            *Seat(a["seat"]),
            " pays ",
            *plural(a["count"], "stake", "stakes"),
            " into the pool: ",
            *say_pool_reason(a["reason"]),
            ".",
        ],
    ),
    phrase(
        "Then",
        "seat {seat:int} pays nothing into the pool",
        lambda b, a: fragment.then_pool_moves(b, f"seat {a['seat']} paying in", {"from": a["seat"]}, []),
        lambda a, c: [*Seat(a["seat"]), " pays nothing into the pool."],
    ),
    phrase(
        "Then",
        "seat {seat:int} pays into the pool for {count:int} knaves and fives",
        # The amounts, however the engine records them (one transfer a card, or one in all).
        lambda b, a: b.expect(
            f"stakes paid into the pool by seat {a['seat']} for knaves and fives",
            ["pool"],
            [
                *fragment.POOL_MOVES,
                {"where": {"from": a["seat"], "reason": "card-contribution"}},
                {"pluck": "amount"},
                {"sum": True},
            ],
            a["count"] * fragment.stake_per_card(),
        ),
        lambda a, c: [
            *Seat(a["seat"]),
            " pays into the pool for ",
            *plural(a["count"], "knave or five", "knaves and fives"),
            " not of trumps that he played.",
        ],
    ),
    phrase(
        "Then",
        'seat {seat:int} takes {count:int} from the pool for "{reason:text}"',
        lambda b, a: fragment.then_pool_moves(
            b, f"seat {a['seat']} taking for {a['reason']}", {"to": a["seat"], "reason": a["reason"]}, [a["count"]]
        ),
        lambda a, c: [
            *Seat(a["seat"]),
            " takes ",
            *plural(a["count"], "stake", "stakes"),
            " from the pool: ",
            *say_pool_reason(a["reason"]),
            ".",
        ],
    ),
    phrase(
        "Then",
        "seat {seat:int} takes {count:int} from the pool",
        lambda b, a: fragment.then_pool_moves(
            b, f"seat {a['seat']} taking from the pool", {"to": a["seat"]}, [a["count"]]
        ),
        lambda a, c: [*Seat(a["seat"]), " takes ", *plural(a["count"], "stake", "stakes"), " from the pool."],
    ),
    phrase(
        "Then",
        "seat {seat:int} takes nothing from the pool",
        lambda b, a: fragment.then_pool_moves(b, f"seat {a['seat']} taking from the pool", {"to": a["seat"]}, []),
        lambda a, c: [*Seat(a["seat"]), " takes nothing from the pool."],
    ),
)
