"""The bounds of int options (``bound`` in spec/variations.toml) are the register's, and
every reader holds to them: house rules (naming the file and the line), the check of the
profiles, the engine's rules and the suite's cases."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from napspec.reference.cards import PACK_SIZE
from napspec.reference.errors import RulesError
from napspec.reference.rules import Rules
from napspec.spec import load
from napspec.spec.errors import HouseRulesError
from napspec.spec.house_rules import load_house_rules
from napspec.spec.register import BOUND_KINDS, SPEC_DIR, Register
from napspec.suite.cases import CaseError, check_options


def _house(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_bounds_the_register_states() -> None:
    register = load()
    bounds = {option.id: option.bound for option in register.options.values() if option.bound}
    assert set(bounds) == {"players-min", "cut-minimum"}
    assert bounds["players-min"] is not None and bounds["players-min"].option == "players-max"
    assert bounds["cut-minimum"] is not None and bounds["cut-minimum"].kind == "half-the-pack"
    assert {bound.kind for bound in bounds.values() if bound} <= set(BOUND_KINDS)
    assert register.number("pack-cards") == PACK_SIZE


def test_more_players_at_the_least_than_at_the_most_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _house(tmp_path, 'name = "odd"\nbase = "hoyle"\n[options]\nplayers-min = 6\nplayers-max = 3\n')
    with pytest.raises(HouseRulesError) as raised:
        load_house_rules(path)
    assert str(raised.value) == (
        f"{path}:4: cannot be played together: option 'players-min' (6) exceeds option 'players-max' (3)"
    )


def test_a_cut_deeper_than_half_a_short_pack_is_refused(tmp_path: Path) -> None:
    text = 'name = "short"\nbase = "wikipedia"\nvariants = ["short-pack"]\n[options]\ncut-minimum = 15\n'
    with pytest.raises(HouseRulesError, match=r":5: .*'cut-minimum' \(15\) .* pack of 28 \(4 players"):
        load_house_rules(_house(tmp_path, text))
    # Half the smallest pack is allowed, and any cut of the full pack's range with the full pack.
    load_house_rules(_house(tmp_path, text.replace("15", "14")))
    load_house_rules(_house(tmp_path, 'name = "deep"\nbase = "hoyle"\n[options]\ncut-minimum = 26\n'))


def test_a_short_pack_served_at_five_only_bounds_the_cut_by_that_pack(tmp_path: Path) -> None:
    register = load()
    values = {**register.variant_values("wikipedia", ["short-pack"]), "players-min": 5, "players-max": 5}
    assert register.packs_in_play(values) == {5: 36}
    assert register.bound_problems({**values, "cut-minimum": 18}) == []
    assert register.bound_problems({**values, "cut-minimum": 19})


def test_the_engine_and_the_cases_refuse_what_the_register_bounds() -> None:
    values = {**Rules.profile("wikipedia", ["short-pack"]).options(), "cut-minimum": 20}
    with pytest.raises(RulesError, match=r"option 'cut-minimum' \(20\) leaves fewer than 20 cards"):
        Rules.from_options(values)
    with pytest.raises(CaseError, match=r"option 'cut-minimum' \(20\)"):
        check_options(values)
    odd = {**Rules.profile("peel").options(), "players-min": 6, "players-max": 3}
    with pytest.raises(RulesError, match=r"'players-min' \(6\) exceeds option 'players-max' \(3\)"):
        Rules.from_options(odd)


def test_napspec_check_names_a_bad_bound(tmp_path: Path) -> None:
    copy = tmp_path / "spec"
    shutil.copytree(SPEC_DIR, copy, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    variations = copy / "variations.toml"
    text = variations.read_text(encoding="utf-8")
    text = text.replace(
        'bound = { kind = "option", option = "players-max"', 'bound = { kind = "option", option = "players"'
    )
    text = text.replace('bound = { kind = "half-the-pack"', 'bound = { kind = "half-a-pack"')
    variations.write_text(text, encoding="utf-8")
    messages = [str(problem) for problem in Register(copy).problems()]
    assert any("option 'players-min': bound names 'players', not another int option" in m for m in messages), messages
    assert any("unknown bound kind 'half-a-pack'; did you mean 'half-the-pack'?" in m for m in messages), messages
    assert all(":" in m.split(" ")[0] for m in messages if "bound" in m), "each names the file and line"
