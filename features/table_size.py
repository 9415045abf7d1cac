"""A scenario written for one table size, set at a larger one: players added who cannot change
what the scenario tests.

A scenario states a table (``Given 3 players with seat 0 dealing``) and every check it makes
is about the seats it names. An engine that seats only other tables (a four-handed engine
meeting a three-handed scenario) can still be judged on the scenario's rules if players are
added who take their turns without changing anything the scenario checks:

- each added player sits between the last seat written and seat 0, so no seat is renumbered,
  and the dealer, the eldest hand and the next dealer stay where the scenario put them
  (a scenario whose dealer sits last is not set at another size: the added player would be
  the eldest hand);
- he holds only cards nobody holds, and never wins a trick: in each trick he follows the
  suit led with a card below the highest of that suit played to it, or, holding none of
  it, discards a suit that is not trumps (the first lead makes trumps); where players who
  discard may have to show their cards (show-cards with stop-when-decided), he follows
  suit in every trick;
- he passes in his turn to call, and plays his next card in his turn to play, right after
  the last seat written has acted, so every check of whose turn it is still holds;
- stated payments gain his share: an opponent pays (or receives) what each other opponent
  does, the soloist the sum; payments that are not of that shape are not extended.

What this cannot do safely is not done: a stacked pack, a draw, an extra hand, a peep card,
a stock, a pool, irregular play, a dealer who sits out at one size and not the other, a
show of the remaining cards (the added player discards, so he would have to show). Such a
row stays at its own size and says why (:func:`resize`). The reference engine plays every
row set at a larger table exactly as it plays the row as written
(``tests/features/test_table_size.py``).

>>> from napspec.suite.vocabulary import CaseBuilder
>>> builder = CaseBuilder(scenario_id="example", profile="britannica", players=3, dealer=0)
>>> builder.start = {"hands": [["2C", "3C", "4C", "5C", "6C"], ["AS", "KS", "QS", "JS", "TS"],
...                            ["2H", "3H", "4H", "5H", "6H"]]}
>>> builder.actions = [{"type": "call", "seat": 1, "tricks": 5}, {"type": "pass", "seat": 2},
...                    {"type": "pass", "seat": 0}, {"type": "play", "seat": 1, "card": "AS"},
...                    {"type": "play", "seat": 2, "card": "2H"}, {"type": "play", "seat": 0, "card": "2C"}]
>>> resize(builder, load().profile_values("britannica"), 4)
''
>>> builder.start["hands"][3]  # the two of spades follows the ace led; the rest he keeps
['2S', '7C', '8C', '9C', 'TC']
>>> [(action["type"], action["seat"]) for action in builder.actions]
[('call', 1), ('pass', 2), ('pass', 3), ('pass', 0), ('play', 1), ('play', 2), ('play', 3), ('play', 0)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from napspec.spec import load
from napspec.suite.cards import PACK
from napspec.suite.cases import cards_each, pack_in_play
from napspec.suite.checks import Check
from napspec.suite.vocabulary import CaseBuilder

#: The actions an added player can be fitted around: the calling and the play.
FITTED_ACTIONS = frozenset({"call", "pass", "play", "ask"})

#: The options of the pool and the exchanges: payments into a pool, fees and stocks depend on
#: who sits at the table in ways an added opponent's share does not follow.
POOL_OPTIONS = ("pool", "peep", "purchase", "sir-garnet")

PAYMENTS: tuple[dict[str, Any], ...] = ({"get": ["answers", "result", "payments"]},)

#: The sizes at which each value of ``dealer-sits-out`` deals the dealer no hand.
SITTING_OUT: Mapping[str, frozenset[int]] = {
    "never": frozenset(),
    "six-players": frozenset({6}),
    "five-or-six-players": frozenset({5, 6}),
}


def sizes_to_try(written: int, seats: Sequence[int], low: int, high: int) -> list[int]:
    """The table sizes, smallest first, that a row written for ``written`` players may be set
    at for an engine that seats ``seats``, within the rules' ``low`` to ``high``: none when
    the engine seats the written size.

    >>> sizes_to_try(3, [4, 5], 2, 6), sizes_to_try(4, [4], 2, 6), sizes_to_try(3, [7], 3, 6)
    ([4, 5], [], [])
    """
    if written in seats:
        return []
    return sorted(size for size in set(seats) if written < size and low <= size <= high)


def _refused_steps(checks: Sequence[tuple[int, Check]]) -> set[int]:
    """The actions the scenario expects to be refused (a check of ``ok`` false on its step)."""
    refused: set[int] = set()
    for _taken, check in checks:
        first = check.select[0] if check.select else {}
        path = first.get("get", []) if isinstance(first, Mapping) else []
        if len(path) >= 2 and path[0] == "steps" and isinstance(path[1], int):
            expected = check.expected
            if expected is False or (isinstance(expected, Mapping) and expected.get("ok") is False):
                refused.add(path[1])
    return refused


def _sits_out(options: Mapping[str, Any], players: int) -> bool | None:
    sizes = SITTING_OUT.get(str(options.get("dealer-sits-out", "never")))
    return None if sizes is None else players in sizes


def _why_not(builder: CaseBuilder, options: Mapping[str, Any], players: int) -> str:
    """Why a row cannot be set at ``players``, or ``""``."""
    written, start = builder.players, builder.start
    if written is None or builder.dealer is None or start is None:
        return "the scenario gives no table"
    if "hands" not in start:
        return f"it starts from {', '.join(sorted(start))}, which is laid out for {written} players"
    if set(start) != {"hands"}:
        return f"its start gives {', '.join(sorted(set(start) - {'hands'}))}, laid out for {written} players"
    if builder.irregular:
        return "it is played irregularly"
    if builder.empty_seats or any(not hand for hand in start["hands"]):
        return "a seat holds no cards"
    if builder.dealer == written - 1:
        return "its dealer sits last, so an added player would be the eldest hand"
    other = sorted({str(action["type"]) for action in builder.actions} - FITTED_ACTIONS)
    if other:
        return f"it takes actions ({', '.join(other)}) an added player cannot be fitted around"
    register = load()
    for option in POOL_OPTIONS:
        known = register.options.get(option)
        if known is not None and options.get(option, known.plain) != known.plain:
            return f"{option} is played"
    before, after = _sits_out(options, written), _sits_out(options, players)
    if before is None or before != after:
        return f"whether the dealer sits out (dealer-sits-out={options.get('dealer-sits-out')}) differs"
    if pack_in_play(options, players) is None or len(pack_in_play(options, players) or ()) != len(PACK):
        return "it is not played with the full pack"
    return ""


def _tricks(builder: CaseBuilder, refused: set[int]) -> list[list[str]]:
    """The cards of each trick of the written table, in the order played (the last one may
    be in progress)."""
    playing = builder.players or 0
    plays = [str(a["card"]) for i, a in enumerate(builder.actions) if a["type"] == "play" and i not in refused]
    return [plays[start : start + playing] for start in range(0, len(plays), playing)]


def _follower(tricks: list[list[str]], held: set[str], each: int, must_follow: bool) -> list[str] | None:
    """The cards of one added player, in the order he plays them (one a trick, then those he
    keeps), such that he never wins a trick: he follows a suit led with a card below the
    highest of that suit in the trick, and discards only suits that are not trumps (the
    first suit led) when he holds none of the suit led; ``None`` if no such hand is left.
    With ``must_follow`` he follows suit in every trick. ``held`` gains his cards."""
    trumps = tricks[0][0][1] if tricks else None
    led = [trick[0][1] for trick in tricks]
    chosen: dict[int, str] = {}
    never: set[str] = set()
    for suit in dict.fromkeys(led):
        # Follow every trick led in this suit, the highest-led first, with the lowest cards free.
        numbers = [t for t, trick in enumerate(tricks) if trick[0][1] == suit]
        free = [card for card in PACK if card[1] == suit and card not in held]
        picks: dict[int, str] = {}
        for t in sorted(numbers, key=lambda t: max(PACK.index(c) for c in tricks[t] if c[1] == suit)):
            top = max(PACK.index(c) for c in tricks[t] if c[1] == suit)
            below = [card for card in free if PACK.index(card) < top and card not in picks.values()]
            if not below:
                break
            picks[t] = below[0]
        if len(picks) == len(numbers):
            chosen.update(picks)
        elif must_follow:
            return None
        else:
            never.add(suit)
    used = set(chosen.values())
    spare = [card for card in PACK if card not in held and card not in used and card[1] not in never]
    discards = [card for card in spare if card[1] != trumps and card[1] not in led]
    discards += [card for card in spare if card[1] != trumps and card[1] in led and card not in discards]
    for t in range(len(led)):
        if t in chosen:
            continue
        if not discards:
            return None
        chosen[t] = discards.pop(0)
        used.add(chosen[t])
    # The cards he keeps: of suits he follows or nobody leads, as nobody leads a suit he lacks.
    keep = [card for card in PACK if card not in held and card not in used and card[1] not in never]
    hand = [chosen[t] for t in range(len(tricks))]
    if len(hand) > each or len(keep) < each - len(hand):
        return None
    hand += keep[: each - len(hand)]
    held.update(hand)
    return hand


def _payments(expected: Any, soloist: int | None, added: int) -> list[int] | None:
    """Stated payments with ``added`` opponents more, or ``None`` if they are not of the
    shape of a plain settlement (every opponent the same, the soloist the opposite sum).

    >>> _payments([4, -2, -2], None, 1), _payments([0, 0, 0], None, 2), _payments([3, -1, -1], None, 1)
    ([6, -2, -2, -2], [0, 0, 0, 0, 0], None)
    """
    if not isinstance(expected, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in expected):
        return None
    if not any(expected):
        return [0] * (len(expected) + added)
    seats = range(len(expected))
    if soloist is None:
        odd = [s for s in seats if sum(1 for t in seats if expected[t] == expected[s]) == 1]
        if len(expected) < 3 or len(odd) != 1:
            return None
        soloist = odd[0]
    opponents = {expected[s] for s in seats if s != soloist}
    if len(opponents) != 1:
        return None
    (share,) = opponents
    if expected[soloist] != -share * (len(expected) - 1):
        return None
    total = len(expected) + added
    return [-share * (total - 1) if s == soloist else share for s in range(total)]


def _soloist(checks: Sequence[tuple[int, Check]]) -> int | None:
    for _taken, check in checks:
        if isinstance(check.expected, Mapping) and isinstance(check.expected.get("soloist"), int):
            return int(check.expected["soloist"])
    return None


def _renumbered(operations: Sequence[Mapping[str, Any]], moved: Mapping[int, int]) -> tuple[dict[str, Any], ...]:
    out: list[dict[str, Any]] = []
    for operation in operations:
        path = operation.get("get")
        if isinstance(path, list) and len(path) >= 2 and path[0] == "steps" and isinstance(path[1], int):
            out.append({"get": ["steps", moved[path[1]], *path[2:]]})
        else:
            out.append(dict(operation))
    return tuple(out)


def resize(builder: CaseBuilder, options: Mapping[str, Any], players: int) -> str:
    """Set the row ``builder`` holds at a table of ``players`` (more than written) under
    ``options``, in place; return why it cannot be (and leave it unchanged), or ``""``."""
    reason = _why_not(builder, options, players)
    if reason:
        return reason
    assert builder.players is not None and builder.start is not None
    written, added = builder.players, players - builder.players
    refused = _refused_steps(builder.checks)
    # The cards the added players hold: nobody else holds them, and none wins a trick.
    held = {card for hand in builder.start["hands"] for card in hand}
    tricks = _tricks(builder, refused)
    each = cards_each(options)
    # Players who discard may have to show their cards when play stops early: then the added
    # players follow suit throughout.
    must_follow = options.get("show-cards") is True and options.get("stop-when-decided") is True
    hands: list[list[str]] = []
    for _ in range(added):
        hand = _follower(tricks, held, each, must_follow)
        if hand is None:
            return f"no hand is left for {added} more players that follows or discards without winning"
        hands.append(hand)
    payments_at: dict[int, list[int]] = {}
    soloist = _soloist(builder.checks)
    for index, (_taken, check) in enumerate(builder.checks):
        if tuple(check.select) == PAYMENTS:
            extended = _payments(check.expected, soloist, added)
            if extended is None:
                return "its stated payments are not those of one soloist against equal opponents"
            payments_at[index] = extended

    # The actions, the added players' turns fitted in after the last written seat's.
    last = written - 1
    actions: list[dict[str, Any]] = []
    moved: dict[int, int] = {}
    played = [0] * added
    for index, action in enumerate(builder.actions):
        moved[index] = len(actions)
        actions.append(action)
        if action["seat"] != last or index in refused:
            continue
        for n in range(added):
            if action["type"] in ("call", "pass"):
                actions.append({"type": "pass", "seat": written + n})
            elif action["type"] == "play":
                if played[n] >= each:
                    return "the added players would have no card left to play"
                actions.append({"type": "play", "seat": written + n, "card": hands[n][played[n]]})
                played[n] += 1
    taken_after = {0: 0, **{index + 1: (moved[index + 1] if index + 1 in moved else len(actions)) for index in moved}}
    checks: list[tuple[int, Check]] = []
    for index, (taken, check) in enumerate(builder.checks):
        checks.append(
            (
                taken_after[taken],
                Check(
                    what=check.what,
                    queries=check.queries,
                    select=_renumbered(check.select, moved),
                    expected=payments_at.get(index, check.expected),
                    let=tuple((name, _renumbered(ops, moved)) for name, ops in check.let),
                ),
            )
        )
    builder.start = {"hands": [*builder.start["hands"], *hands]}
    builder.actions = actions
    builder.checks = checks
    builder.players = players
    return ""


__all__ = ["resize", "sizes_to_try"]
