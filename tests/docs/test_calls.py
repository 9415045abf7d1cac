"""The table of each game's calls (``{napspec-calls}``), read from the register: the ranks, the
variants' calls at theirs, and seven-card Nap's calls apart."""

from __future__ import annotations

from napspec import spec
from napspec.docs.rulebook.calls import calls_of, ranked, seven_card

REGISTER = spec.load()


def _ranks(profile: str) -> list[tuple[int, str, str]]:
    return [(rank, call.name, call.variant) for rank, call in ranked(calls_of(REGISTER, REGISTER.profiles[profile]))]


def test_the_plain_game_runs_from_the_lowest_call_to_nap() -> None:
    assert _ranks("peel") == [(1, "One", ""), (2, "Two", ""), (3, "Three", ""), (4, "Four", ""), (5, "Nap", "")]


def test_a_variant_s_call_stands_at_its_rank_and_sir_garnet_is_a_nap() -> None:
    """Misery directly above the call its value names; a Nap on the extra hand ranks as the Nap
    it is; Wellington above Nap; Blücher, which needs Wellington, above it."""
    ranks = _ranks("wikipedia")
    misery_after = REGISTER.options["misery"].value(REGISTER.profiles["wikipedia"].variants["misery"]["misery"].value)
    after = int(misery_after.amounts["misery-ranks-after"])
    names = [name for _rank, name, _variant in ranks]
    assert names.index("Misery") == names.index(["One", "Two", "Three", "Four"][after - 1]) + 1
    nap = next(rank for rank, name, variant in ranks if name == "Nap" and not variant)
    assert (nap, "Nap, on the extra hand", "Sir Garnet") in ranks
    assert [name for _rank, name, _variant in ranks[-2:]] == ["Wellington", "Blücher"]
    assert [rank for rank, *_ in ranks[-2:]] == [nap + 1, nap + 2]


def test_what_the_calls_win_and_lose_is_the_register_s() -> None:
    calls = {call.name: call for call in calls_of(REGISTER, REGISTER.profiles["hoyle"])}
    stakes = REGISTER.options["nap-stakes"].value(REGISTER.profiles["hoyle"].choices["nap-stakes"].value).amounts
    assert (calls["Nap"].wins, calls["Nap"].loses) == (stakes["nap-win"], stakes["nap-lose"])
    assert (calls["Wellington"].wins, calls["Wellington"].loses) == (2 * stakes["nap-win"], 2 * stakes["nap-lose"])


def test_seven_card_nap_has_its_calls_apart() -> None:
    assert seven_card(REGISTER, REGISTER.profiles["hoyle"]) is None
    found = seven_card(REGISTER, REGISTER.profiles["wikipedia"])
    assert found is not None
    name, calls = found
    assert name == "Seven-card Nap"
    assert [call.name for call in calls][-2:] == ["Six", "Seven"]
    assert "Seven" not in [call.name for call in calls_of(REGISTER, REGISTER.profiles["wikipedia"])]
