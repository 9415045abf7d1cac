"""The checks of the claims the reference engine judges by playing: what the worked examples
pay (:func:`settle`, each hand played out under the source's profile), the stakes of each call,
and how much of the pack Purchase Nap lets the players buy (:func:`purchase_round`). They
register with :func:`~napspec.lab.claims.check` when
:mod:`~napspec.lab.claims` loads this module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from napspec.lab.claims import _profile, check, hands_dealt
from napspec.reference.actions import Action, Buy, Call, NamedCall, Pass
from napspec.reference.cards import format_cards, parse_cards
from napspec.reference.contracts import MISERY, MISERY_CALL, NAP, WELLINGTON
from napspec.reference.errors import NotEnoughStock
from napspec.reference.hand import Hand
from napspec.reference.rules import Rules
from napspec.reference.state import PURCHASE_PHASE
from napspec.spec.claims import Claim, Reading


def purchase_round(rules: Rules, players: int) -> dict[str, Any]:
    """Deal a hand under Purchase Nap at ``players`` (dealer seat 0) and let every player, in
    his turn, buy the most the reference engine lets him (the largest purchase it lists); return
    the most it lets a player buy from a full stock, what each buyer bought in turn, the stock
    left, and what the engine says when a player asks for more than the stock holds.

    >>> round_ = purchase_round(Rules.profile("hoyle", ["purchase"]), 3)
    >>> round_["most"], round_["bought"], round_["stock-left"]
    (5, [5, 5, 5], 22)
    """
    rules.check_players(players)
    seats = [seat for seat in range(players) if not (rules.dealer_sits_out_at(players) and seat == 0)]
    pack = iter(rules.pack_cards(players))
    hand = Hand.stacked(rules, players, 0, {seat: [next(pack) for _ in range(rules.cards_each)] for seat in seats})
    most = 0
    bought: list[int] = []
    refused: str | None = None
    while hand.phase == PURCHASE_PHASE:
        seat = hand.to_act
        buys = [action for action in hand.legal_actions() if isinstance(action, Buy)]
        largest = max(buys, key=lambda action: len(action.cards))
        if not bought:
            most = len(largest.cards)
        if len(largest.cards) < most and refused is None and seat is not None:
            try:
                hand.apply(Buy(seat, tuple(hand.holding(seat)[:most])))
            except NotEnoughStock as error:
                refused = str(error)
        hand.apply(largest)
        bought.append(len(largest.cards))
    return {"most": most, "bought": bought, "stock-left": len(hand.stock), "refused": refused}


@check("purchase-pack")
def _purchase_pack(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    given = reading.given
    rules = Rules.profile(_profile(claim, reading), given.get("variants", ()))
    up_to = int(given["serves-every-purchase-up-to"])
    tables = []
    for players in given["players"]:
        played = purchase_round(rules, players)
        hands = hands_dealt(rules, players)
        dealt, bought = hands * rules.cards_each, hands * played["most"]
        tables.append(
            {
                "players": players,
                "dealt": dealt,
                "most-bought": played["most"],
                "bought": bought,
                "pack": rules.pack_size(players),
                "serves": dealt + bought <= rules.pack_size(players),
                "engine-bought": played["bought"],
                "engine-refuses": played["refused"],
            }
        )
    wrong = [table["players"] for table in tables if table["serves"] != (table["players"] <= up_to)]
    served = [table["players"] for table in tables if table["serves"]]
    short = [table for table in tables if not table["serves"]]
    summary = (
        f"under {rules.name}, every player throwing away and buying the most the rules allow "
        f"({', '.join(sorted({str(table['most-bought']) for table in tables}))} cards), the cards thrown away not "
        "used again: "
        + "; ".join(
            f"{table['players']} players need {table['dealt']} dealt + {table['bought']} bought = "
            f"{table['dealt'] + table['bought']} of {table['pack']}"
            for table in tables
        )
        + (f"; the pack serves every purchase up to {max(served)} players" if served else "; the pack serves none")
        + (f" and runs short at {short[0]['players']}" if short else "")
        + (f", not up to {up_to} as read" if wrong else ", as read")
    )
    if short:
        first = short[0]
        summary += (
            f". Played out, the dealer serves while the pack lasts (interpretation purchase-stock-runs-out): at "
            f"{first['players']} players the buyers in turn buy {', '.join(map(str, first['engine-bought']))}, and "
            f'a purchase of more than the stock holds is refused ("{first["engine-refuses"]}")'
        )
    return not wrong, summary, {"tables": tables}


# -------------------------------------------------------------------------------- payments

#: The call a hand spec names, as (tricks, declaration).
_CALLS: Mapping[str, tuple[int, str | None]] = {
    MISERY: (MISERY_CALL.tricks, MISERY),
    "nap": (NAP, None),
    WELLINGTON: (NAP, WELLINGTON),
}


def _call_of(name: str) -> tuple[int, str | None]:
    return _CALLS[name] if name in _CALLS else (int(name), None)


@check("stakes")
def _stakes(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    rules = Rules.profile(_profile(claim, reading))
    table: dict[str, dict[str, int]] = {}
    wrong: list[str] = []
    for item in reading.given["stakes"]:
        tricks, declaration = _call_of(item["call"])
        found = {"wins": rules.win_stake(tricks, declaration), "loses": rules.lose_stake(tricks, declaration)}
        table[item["call"]] = found
        wrong += [
            f"{item['call']} {key} {found[key]}" for key in ("wins", "loses") if key in item and item[key] != found[key]
        ]
    for item in reading.given.get("differences", ()):
        difference = table[item["to"]]["wins"] - table[item["from"]]["wins"]
        if difference != item["wins"]:
            wrong.append(f"the difference {item['from']} → {item['to']} is {difference}")
    summary = f"under {rules.name}: " + "; ".join(
        f"a call of {call} wins {found['wins']} from each, loses {found['loses']} to each"
        for call, found in table.items()
    )
    return not wrong, summary + (f"; the text differs: {', '.join(wrong)}" if wrong else ""), {"stakes": table}


#: Who plays what in a hand settled for its payments: the soloist holds the five highest
#: spades to make his call (to fail a Misery), the five lowest to fail it (to make a Misery),
#: and the next player the other five.
_HIGH, _LOW = parse_cards("AS KS QS JS TS"), parse_cards("2S 3S 4S 5S 6S")
_OTHER_SUITS = parse_cards("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D")


def settle(rules: Rules, players: int, call: str, outcome: str) -> dict[str, Any]:
    """Play a hand at ``players`` (dealer seat 0) in which the eldest is the soloist of
    ``call`` (a Wellington is called over a Nap by the eldest's neighbour, who is then the
    soloist) and makes it or not, everyone playing his first legal card; return the soloist,
    the outcome and the payments the reference engine settles.

    >>> settle(Rules.profile("peel"), 4, "3", "made")["payments"]
    [-3, 9, -3, -3]
    """
    tricks, declaration = _call_of(call)
    seats = hands_dealt(rules, players)
    first = 1 % players
    soloist = (first + 1) % players if declaration == "wellington" else first
    wins_tricks = (outcome == "made") != (declaration == "misery")
    holdings: dict[int, list[int]] = {}
    holdings[soloist] = list(_HIGH if wins_tricks else _LOW)
    rest = iter(_OTHER_SUITS)
    order = [(first + step) % players for step in range(players)]
    playing = [seat for seat in order if not (rules.dealer_sits_out_at(players) and seat == 0)][:seats]
    for seat in playing:
        if seat == soloist:
            continue
        if not wins_tricks and not any(set(cards) & set(_HIGH) for cards in holdings.values()):
            holdings[seat] = list(_HIGH)
        elif wins_tricks and not any(set(cards) & set(_LOW) for cards in holdings.values()):
            holdings[seat] = list(_LOW)
        else:
            holdings[seat] = [next(rest) for _ in range(rules.cards_each)]
    hand = Hand.stacked(rules, players, 0, holdings)
    for seat in playing:
        if hand.to_act != seat:
            break
        action: Action
        if seat == soloist:
            action = NamedCall(seat, declaration) if declaration else Call(seat, tricks)
        elif declaration == "wellington" and seat == first:
            action = Call(seat, 5)
        else:
            action = Pass(seat)
        hand.apply(action)
    while hand.result is None:
        hand.apply(hand.legal_actions()[0])
    result = hand.result
    return {
        "soloist": result.soloist,
        "call": call,
        "outcome": result.outcome,
        "holdings": {str(seat): format_cards(cards) for seat, cards in sorted(holdings.items())},
        "payments": [result.payments.get(seat, 0) for seat in range(players)],
    }


@check("hand-payments")
def _hand_payments(claim: Claim, reading: Reading) -> tuple[bool, str, dict[str, Any]]:
    given = reading.given
    profile = _profile(claim, reading)
    base = Rules.profile(profile, given.get("variants", ()))
    players = int(given["players"])
    hands: list[dict[str, Any]] = []
    wrong: list[str] = []
    for spec in given["hands"]:
        rules = base.with_options(spec.get("options", {}))
        settled = settle(rules, players, spec["call"], spec["outcome"])
        soloist = settled["soloist"]
        payments: Sequence[int] = settled["payments"]
        others = [amount for seat, amount in enumerate(payments) if seat != soloist and amount != 0]
        sign = 1 if spec["outcome"] == "made" else -1
        total = payments[soloist] * sign
        settled["options"] = dict(spec.get("options", {}))
        hands.append(settled)
        what = f"{spec['call']} {spec['outcome']}"
        if settled["outcome"] != spec["outcome"]:
            wrong.append(f"{what}: the hand ended {settled['outcome']}")
        elif any(-amount * sign != spec["each"] for amount in others) or total != spec["each"] * len(others):
            wrong.append(f"{what}: the payments are {list(payments)}")
        elif "total" in spec and total != spec["total"]:
            wrong.append(f"{what}: the soloist's total is {total}")
    described = []
    for hand in hands:
        options = ", ".join(f"{option} {value}" for option, value in hand["options"].items())
        described.append(
            f"{hand['call']} {hand['outcome']}{f' ({options})' if options else ''}: payments {hand['payments']}"
        )
    summary = f"played out under {base.name} at {players} players, the hand settles: " + "; ".join(described)
    return not wrong, summary + (f"; the text differs: {'; '.join(wrong)}" if wrong else ""), {"hands": hands}


__all__ = ["purchase_round", "settle"]
