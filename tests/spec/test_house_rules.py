"""House-rules files: a base profile plus overrides; every mistake is named with its file,
line and the nearest valid name, and nothing is half-applied."""

from __future__ import annotations

from pathlib import Path

import pytest

from napspec.spec import HouseRulesError, load, load_house_rules


def _write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "house.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_overrides_apply_on_top_of_the_base(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        'base = "hoyle"\nname = "The Crown"\n\n[options]\nnap-stakes = "win-12-lose-6"\n'
        'cut-minimum = { value = 4, note = "a deep cut" }\n',
    )
    rules = load_house_rules(path)
    expected = load().profile_values("hoyle") | {"nap-stakes": "win-12-lose-6", "cut-minimum": 4}
    assert dict(rules.values) == expected
    assert rules.name == "The Crown" and rules.notes == {"cut-minimum": "a deep cut"}


def _error(tmp_path: Path, text: str | bytes) -> HouseRulesError:
    with pytest.raises(HouseRulesError) as caught:
        load_house_rules(_write(tmp_path, text))
    return caught.value


def test_unknown_option_names_line_and_nearest(tmp_path: Path) -> None:
    error = _error(tmp_path, 'base = "hoyle"\n\n[options]\ndeal-pattern = "singly"\nnap-stake = 12\n')
    assert error.line == 5
    assert str(error).endswith("house.toml:5: unknown option 'nap-stake'; did you mean 'nap-stakes'?")


def test_unknown_value_names_line_nearest_and_the_valid_values(tmp_path: Path) -> None:
    error = _error(tmp_path, 'base = "peel"\n[options]\n"first-dealer" = "first-jack"\n')
    assert error.line == 3
    assert "option 'first-dealer' has no value 'first-jack'; did you mean 'first-jack-face-up'?" in str(error)
    assert "lowest-card-ace-low" in str(error)


def test_a_value_of_the_wrong_type_is_refused(tmp_path: Path) -> None:
    error = _error(tmp_path, 'base = "peel"\n[options]\nstop-when-decided = "yes"\n')
    assert error.line == 3 and "has no value 'yes'" in str(error) and "true, false" in str(error)


def test_an_int_option_takes_any_number_of_its_range(tmp_path: Path) -> None:
    """The cited values of cut-minimum are 1 and 4; its range, as the engines' rules take it,
    is 1 to 26."""
    option = load().options["cut-minimum"]
    assert option.range is not None and not option.allows(3)
    low, high = option.range.minimum, option.range.maximum
    for value in (3, low, high):
        rules = load_house_rules(_write(tmp_path, f'base = "hoyle"\n[options]\ncut-minimum = {value}\n'))
        assert rules.values["cut-minimum"] == value


@pytest.mark.parametrize("value", ["0", "27", "-1", "3.0", "true"])
def test_an_int_option_outside_its_range_names_file_line_and_range(tmp_path: Path, value: str) -> None:
    error = _error(tmp_path, f'base = "hoyle"\nname = "deep"\n\n[options]\ncut-minimum = {value}\n')
    assert error.line == 5
    assert str(error).startswith(f"{tmp_path / 'house.toml'}:5: option 'cut-minimum' has no value ")
    assert str(error).endswith("(a whole number from 1 to 26; cited values: 1, 4)")


def test_an_int_is_not_taken_for_a_bool(tmp_path: Path) -> None:
    error = _error(tmp_path, 'base = "peel"\n[options]\nshow-cards = 1\n')
    assert "option 'show-cards' has no value 1" in str(error)


def test_unknown_base_profile(tmp_path: Path) -> None:
    error = _error(tmp_path, 'base = "hoyel"\n')
    assert error.line == 1 and "unknown base profile 'hoyel'; did you mean 'hoyle'?" in str(error)


def test_missing_base(tmp_path: Path) -> None:
    assert "needs `base" in str(_error(tmp_path, "[options]\n"))


def test_unknown_top_level_key(tmp_path: Path) -> None:
    error = _error(tmp_path, 'base = "peel"\n[option]\nrevoke = "none"\n')
    assert error.line == 2 and "unknown key 'option'; did you mean 'options'?" in str(error)


def test_toml_syntax_error_names_the_line(tmp_path: Path) -> None:
    error = _error(tmp_path, 'base = "peel"\n[options]\nrevoke = \n')
    assert error.line == 3 and "is not valid TOML" in str(error)


def test_bad_inline_table(tmp_path: Path) -> None:
    error = _error(tmp_path, 'base = "peel"\n[options]\nrevoke = { valu = "none" }\n')
    assert error.line == 3 and "inline table takes `value`" in str(error)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(HouseRulesError) as caught:
        load_house_rules(tmp_path / "absent.toml")
    assert "absent.toml: cannot be read" in str(caught.value)


def test_not_utf8(tmp_path: Path) -> None:
    assert "is not UTF-8 text" in str(_error(tmp_path, b'base = "\xff"\n'))


def test_a_value_no_source_gives_is_marked_uncited(tmp_path: Path) -> None:
    """A number of an option's range that none of its cited values is may be stated, and is
    marked uncited; a cited value is not."""
    path = tmp_path / "four.toml"
    path.write_text('base = "hoyle"\n[options]\nplayers-min = 4\nplayers-max = 4\nnap-stakes = "win-12-lose-6"\n')
    rules = load_house_rules(path)
    assert rules.uncited == ("players-min", "players-max")
    assert rules.values["players-min"] == 4


def test_house_rules_check_shows_a_value_no_source_gives_as_uncited(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from napspec.docs.commands import main

    path = tmp_path / "four.toml"
    path.write_text('base = "hoyle"\n[options]\nplayers-min = 4\nnap-stakes = "win-12-lose-6"\n')
    result = CliRunner().invoke(main, ["house-rules", "check", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.strip().startswith("players-min = 4") and "uncited" in line for line in lines), lines
    assert any(line.strip().startswith("nap-stakes") and "uncited" not in line for line in lines), lines


def test_a_lowest_call_of_two_is_stated_and_marked_uncited(tmp_path: Path) -> None:
    """Many engines open the calling at two, which no source gives: house rules may say so,
    and every surface shows it uncited; a lowest call of one is every source's."""
    from click.testing import CliRunner

    from napspec.docs.commands import main

    path = tmp_path / "two.toml"
    path.write_text('base = "britannica"\n[options]\nlowest-call = 2\n')
    rules = load_house_rules(path)
    assert rules.uncited == ("lowest-call",) and rules.values["lowest-call"] == 2
    result = CliRunner().invoke(main, ["house-rules", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert any(line.strip().startswith("lowest-call = 2") and "uncited" in line for line in result.output.splitlines())
    path.write_text('base = "britannica"\n[options]\nlowest-call = 1\n')
    assert load_house_rules(path).uncited == ()
    path.write_text('base = "britannica"\n[options]\nlowest-call = 4\n')
    with pytest.raises(HouseRulesError, match=r"option 'lowest-call' has no value 4"):
        load_house_rules(path)


def test_the_options_listing_shows_the_numbers_no_source_gives_as_uncited() -> None:
    from click.testing import CliRunner

    from napspec.docs.commands import main

    result = CliRunner().invoke(main, ["options"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    start = lines.index("lowest-call — The lowest call")
    block = lines[start : start + 6]
    assert block[1:5] == ["  Peel: 1", "  Hoyle: 1", "  Britannica: 1", "  Wikipedia: 1"], block
    assert block[5] == "  house rules: also 2, 3 (uncited: no source gives them)"
