"""A Nap engine written apart from napspec, in the style of the engines found in the wild,
with a thin wrapper that speaks napspec/1.3 and translates only.

The game (:class:`Table`) has its own model: seats round a table of exactly four, suits
and ranks as numbers, one deal played from the hands dealt, calls from ``lowest_call`` to
Nap, every trick played out, no compulsory call. Two deviations can be switched on, each
a rule of its own that the suite must find and no other:

- ``--trumps longest-suit``: trumps are the soloist's longest suit (the highest-ranked card
  breaking a tie), not the suit of his first lead;
- ``--scoring unbalanced``: a defeated soloist loses his stake to each opponent, who are
  paid nothing: chips that do not balance;
- ``--all-pass redeal``: a hand that every seat passes is void and dealt again by the same
  dealer (a fresh deal), where every source lets it go unplayed and the deal pass on.

``--lowest-call 2`` (the engine's own default) refuses a call of one, as many engines do; the
wrapper declares the lowest call it plays (``lowest-call``, napspec/1.3).

The wrapper (:class:`Wrapper`) declares what the game plays: four players, dealt hands
only, the queries state, legal-actions, tricks and result, regular play only; the option
values it plays, and every value of the options that change nothing in a regular hand of
four. Run it as ``python foreign_nap.py [--trumps ...] [--scoring ...] [--all-pass ...] [--lowest-call N]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

SUITS = "CDHS"
RANKS = "23456789TJQKA"
SEATS = 4
TRICKS = 5
NAP = 5


def _card(text: str) -> tuple[int, int]:
    return SUITS.index(text[1]), RANKS.index(text[0])


def _text(card: tuple[int, int]) -> str:
    return RANKS[card[1]] + SUITS[card[0]]


class Refused(Exception):
    """An action the game does not allow, with the protocol's code."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class Table:
    """One deal of four-handed Nap from dealt hands."""

    def __init__(self, hands: list[list[tuple[int, int]]], dealer: int, rules: dict[str, Any]) -> None:
        self.hands = [list(hand) for hand in hands]
        self.dealer = dealer
        self.rules = rules
        self.turn = (dealer + 1) % SEATS
        self.callers = 0
        self.best: tuple[int, int] | None = None  # (tricks, seat)
        self.stage = "bidding"
        self.trumps: int | None = None
        self.trick: list[tuple[int, tuple[int, int]]] = []
        self.done: list[tuple[list[tuple[int, tuple[int, int]]], int]] = []
        self.won = [0] * SEATS

    # -- bidding
    def bid(self, seat: int, tricks: int | None) -> None:
        if self.stage != "bidding":
            raise Refused("wrong-phase")
        if seat != self.turn:
            raise Refused("not-your-turn")
        if tricks is not None:
            if not self.rules["lowest_call"] <= tricks <= NAP:
                raise Refused("invalid-action")
            if self.best is not None and tricks <= self.best[0]:
                raise Refused("call-too-low")
            self.best = (tricks, seat)
        self.callers += 1
        self.turn = (self.turn + 1) % SEATS
        if self.callers == SEATS:
            if self.best is None:
                self.stage = "over"
            else:
                self.stage = "playing"
                self.turn = self.best[1]
                if self.rules["trumps"] == "longest-suit":
                    hand = self.hands[self.turn]
                    self.trumps = max(
                        range(4),
                        key=lambda s: (
                            sum(1 for c in hand if c[0] == s),
                            max((c[1] for c in hand if c[0] == s), default=-1),
                        ),
                    )

    def bids_open(self, seat: int) -> list[int]:
        if self.stage != "bidding" or seat != self.turn:
            return []
        low = self.rules["lowest_call"] if self.best is None else self.best[0] + 1
        return list(range(low, NAP + 1))

    # -- play
    def playable(self, seat: int) -> list[tuple[int, int]]:
        if self.stage != "playing" or seat != self.turn:
            return []
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1][0]
            following = [card for card in hand if card[0] == led]
            if following:
                return following
        return list(hand)

    def play(self, seat: int, card: tuple[int, int]) -> None:
        if self.stage != "playing":
            raise Refused("wrong-phase")
        if seat != self.turn:
            raise Refused("not-your-turn")
        if card not in self.hands[seat]:
            raise Refused("card-not-held")
        if card not in self.playable(seat):
            raise Refused("must-follow-suit")
        if self.trumps is None and not self.done and not self.trick:
            self.trumps = card[0]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.turn = (seat + 1) % SEATS
        if len(self.trick) == SEATS:
            led = self.trick[0][1][0]
            winner = max(self.trick, key=lambda play: (play[1][0] == self.trumps, play[1][0] == led, play[1][1]))[0]
            self.done.append((self.trick, winner))
            self.won[winner] += 1
            self.trick = []
            self.turn = winner
            if len(self.done) == TRICKS:
                self.stage = "over"

    # -- settling
    def chips(self) -> tuple[str, list[int]]:
        if self.best is None:
            return ("fresh-deal" if self.rules["all_pass"] == "redeal" else "all-passed"), [0] * SEATS
        call, soloist = self.best
        made = self.won[soloist] >= call
        stake = (self.rules["nap_win"] if made else self.rules["nap_lose"]) if call == NAP else call
        chips = [0] * SEATS
        for seat in range(SEATS):
            if seat == soloist:
                continue
            if made:
                chips[seat] -= stake
                chips[soloist] += stake
            else:
                chips[soloist] -= stake
                if self.rules["scoring"] != "unbalanced":
                    chips[seat] += stake
        return ("made" if made else "defeated"), chips


# ------------------------------------------------------------------------- the wrapper

#: What the game plays of the options that change a regular hand of four.
PLAYED: dict[str, list[Any]] = {
    "compulsory-call": ["none"],
    "stop-when-decided": [False],
    "nap-stakes": ["win-10-lose-5"],
    "right-to-information": [True, False],
    "dealer-sits-out": ["never", "six-players", "five-or-six-players"],
}
#: Options whose plain value is all the game plays (the calls beyond Nap, the exchanges, the pool).
PLAIN_ONLY = (
    "misery",
    "wellington",
    "blucher",
    "sir-garnet",
    "seven-card",
    "peep",
    "purchase",
    "pool",
    "pool-contributions",
    "pool-fines",
    "pool-failed-nap",
    "pool-end",
    "pack",
    "double-header",
    "wellington-lead",
)
NAP_STAKES = {"win-10-lose-5": (10, 5)}


def _capabilities(lowest_call: int) -> dict[str, Any]:
    # The author lists every value of the options that change nothing here; read from the
    # register's published options for brevity.
    from napspec.spec import load

    options: dict[str, list[Any]] = {}
    for option in load().options.values():
        if option.id == "lowest-call":
            options[option.id] = [lowest_call]
        elif option.id in PLAYED:
            options[option.id] = PLAYED[option.id]
        elif option.id in PLAIN_ONLY and option.plain is not None:
            options[option.id] = [option.plain]
        elif option.type == "int" and option.range is not None:
            options[option.id] = list(range(option.range.minimum, option.range.maximum + 1))
        else:
            options[option.id] = [value.value for value in option.values]
    return {
        "profiles": [],
        "options": options,
        "variants": [],
        "queries": ["state", "legal-actions", "tricks", "result"],
        "irregular_play": False,
        "players": [SEATS],
        "starts": ["hands"],
    }


class Wrapper:
    """napspec/1.3 in front of :class:`Table`: translation only."""

    def __init__(
        self, trumps: str = "first-lead", scoring: str = "stakes", lowest_call: int = 2, all_pass: str = "unplayed"
    ) -> None:
        self.rules = {"trumps": trumps, "scoring": scoring, "lowest_call": lowest_call, "all_pass": all_pass}
        self.lowest_call = lowest_call
        self.name = "foreign-nap" + "".join(
            f"-{part}"
            for part, plain in ((trumps, "first-lead"), (scoring, "stakes"), (all_pass, "unplayed"))
            if part != plain
        )

    def hello(self) -> dict[str, Any]:
        return {
            "protocol": "napspec/1.3",
            "engine": {"name": self.name, "version": "1.0", "language": "Python"},
            "capabilities": _capabilities(self.lowest_call),
        }

    def run(self, case: dict[str, Any]) -> dict[str, Any]:
        options = case["options"]
        if case["players"] != SEATS or "hands" not in case["start"]:
            return {
                "error": {"message": "four players from dealt hands only", "code": "unsupported", "case": case["id"]}
            }
        win, lose = NAP_STAKES[options["nap-stakes"]]
        table = Table(
            [[_card(c) for c in hand] for hand in case["start"]["hands"]],
            case["dealer"],
            {**self.rules, "nap_win": win, "nap_lose": lose},
        )
        steps = [self._step(table, action, options) for action in case["actions"]]
        answers = {query: self._answer(table, query, case) for query in case["queries"]}
        return {"case": case["id"], "steps": steps, "answers": answers}

    def _step(self, table: Table, action: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        kind, seat = action["type"], action["seat"]
        try:
            if kind == "call":
                if "tricks" not in action:
                    raise Refused("call-not-allowed")
                table.bid(seat, action["tricks"])
            elif kind == "pass":
                table.bid(seat, None)
            elif kind == "play":
                table.play(seat, _card(action["card"]))
            elif kind == "ask":
                if not options["right-to-information"]:
                    raise Refused("not-provided-for")
                if table.best is None or table.stage == "bidding":
                    raise Refused("wrong-phase")
                return {"ok": True, "told": {"call": table.best[0], "tricks_made": table.won[table.best[1]]}}
            elif kind == "expose":
                raise Refused("irregular-play-not-allowed")
            elif kind == "claim":
                raise Refused("no-such-offence")
            else:
                raise Refused("wrong-phase" if kind in ("cut", "deal") else "invalid-action")
        except Refused as refusal:
            return {"ok": False, "error": refusal.code}
        return {"ok": True}

    def _answer(self, table: Table, query: str, case: dict[str, Any]) -> Any:
        soloist = table.best[1] if table.best and table.stage != "bidding" else None
        if query == "state":
            phase = {"bidding": "calling", "playing": "play", "over": "finished"}[table.stage]
            return {
                "phase": phase,
                "to_act": None if table.stage == "over" else table.turn,
                "soloist": soloist,
                "call": table.best[0] if soloist is not None and table.best else None,
                "declaration": None,
                "trumps": SUITS[table.trumps] if table.trumps is not None else None,
                "tricks_won": list(table.won),
                "holdings": [[_text(c) for c in hand] for hand in table.hands],
            }
        if query == "legal-actions":
            seat = table.turn
            if table.stage == "bidding":
                calls = [{"type": "call", "seat": seat, "tricks": n} for n in table.bids_open(seat)]
                return [{"type": "pass", "seat": seat}, *calls]
            return [{"type": "play", "seat": seat, "card": _text(c)} for c in table.playable(seat)]
        if query == "tricks":
            done = [
                {"leader": plays[0][0], "plays": [{"seat": s, "card": _text(c)} for s, c in plays], "winner": winner}
                for plays, winner in table.done
            ]
            if table.trick:
                plays = table.trick
                done.append(
                    {"leader": plays[0][0], "plays": [{"seat": s, "card": _text(c)} for s, c in plays], "winner": None}
                )
            return done
        if query == "result":
            if table.stage != "over":
                return None
            outcome, chips = table.chips()
            next_dealer = (case["dealer"] + (0 if outcome == "fresh-deal" else 1)) % SEATS
            return {"outcome": outcome, "payments": chips, "next_dealer": next_dealer}
        return None

    def close(self) -> None:
        pass


def serve(engine: Wrapper) -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("cmd") == "hello":
            response: Any = engine.hello()
        elif request.get("cmd") == "run":
            response = engine.run(request["case"])
        else:
            print(json.dumps({"bye": True}), flush=True)
            return
        print(json.dumps(response), flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trumps", choices=["first-lead", "longest-suit"], default="first-lead")
    parser.add_argument("--scoring", choices=["stakes", "unbalanced"], default="stakes")
    parser.add_argument("--all-pass", choices=["unplayed", "redeal"], default="unplayed")
    parser.add_argument("--lowest-call", type=int, choices=[1, 2], default=2)
    args = parser.parse_args(argv)
    serve(Wrapper(args.trumps, args.scoring, args.lowest_call, args.all_pass))


if __name__ == "__main__":
    main()
