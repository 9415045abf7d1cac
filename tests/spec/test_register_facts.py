"""The rule facts the register holds as data (Nap's stakes and the fines as amounts of option
values, the ranges of int options, the numbers rules state, the list of profiles), the checks
that guard them, and problems named against the files actually loaded.

Each checker test breaks a copy of the register in one way and expects that fault, named by
the copy's own file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from napspec.spec import Register, RegisterError, load
from napspec.spec.register import AMOUNT_KINDS, NUMBER_KINDS, SPEC_DIR, profile_ids
from tests.spec.register_copies import copy_register, edit, reported

FOLDER_NAME = "house-register"  # not "spec": a name the checks cannot have written in


@pytest.fixture
def register_copy(tmp_path: Path) -> Path:
    return copy_register(tmp_path, FOLDER_NAME)


def _line(path: Path, needle: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def _reported(folder: Path, prefix: str, *words: str) -> bool:
    problems = reported(folder)
    return any(p.startswith(prefix) and all(w in p for w in words) for p in problems)


# ---------------------------------------------------------------------- the facts, as loaded


def test_the_shipped_register_states_each_fact_as_its_quote_does() -> None:
    register = load()
    nap = register.options["nap-stakes"]
    assert nap.value("win-10-lose-5").amounts == {"nap-win": 10, "nap-lose": 5}
    assert nap.value("win-12-lose-6").amounts == {"nap-win": 12, "nap-lose": 6}  # 1s. = 12d.
    for option_id in ("wrong-number", "out-of-turn", "exposed-after-deal"):
        assert register.options[option_id].value("fine-three-tricks").amounts == {"fine": 3}
    assert register.options["revoke"].value("replay-from-revoke-fine-five").amounts == {"fine": 5}
    assert register.number("cards-each") == 5
    ranges = {o.id: (o.range.minimum, o.range.maximum) for o in register.options.values() if o.range}
    assert ranges == {"players-min": (2, 10), "players-max": (2, 10), "cut-minimum": (1, 26), "lowest-call": (1, 3)}


def test_the_profiles_are_the_files_of_the_profiles_folder(register_copy: Path) -> None:
    assert profile_ids() == ("peel", "hoyle", "britannica", "wikipedia")
    text = (register_copy / "profiles" / "peel.toml").read_text(encoding="utf-8")
    (register_copy / "profiles" / "mine.toml").write_text(
        text.replace('id = "peel"', 'id = "mine"', 1), encoding="utf-8"
    )
    (register_copy / "profiles" / "wikipedia.toml").unlink()
    register = Register(register_copy)
    assert register.profile_ids == ("peel", "hoyle", "britannica", "mine")
    # every list of profiles reads in the sources' order, a profile of no source last
    assert list(register.profiles) == ["peel", "hoyle", "britannica", "mine"]
    assert list(load().profiles) == list(profile_ids())
    # A rule that names no profiles holds in every profile there is.
    assert "mine" in register.rules["dealing.five-cards"].applies_to
    # Applies-to lists elsewhere still name wikipedia: the checker says so, nothing else.
    assert all("wikipedia" in p or "mine" in p for p in reported(register_copy)), reported(register_copy)


def test_a_profile_named_otherwise_than_its_file_is_reported(register_copy: Path) -> None:
    path = register_copy / "profiles" / "peel.toml"
    edit(path, 'id = "peel"', 'id = "peal"')
    assert _reported(
        register_copy, f"{FOLDER_NAME}/profiles/peel.toml:", "profile id 'peal' is not its file's name 'peel'"
    )


def test_the_export_schema_names_the_kinds_the_checker_knows() -> None:
    schema = json.loads((SPEC_DIR / "schema" / "register.schema.json").read_text(encoding="utf-8"))
    option_values = schema["properties"]["options"]["additionalProperties"]["properties"]["values"]["items"]
    assert option_values["properties"]["amounts"]["propertyNames"]["enum"] == list(AMOUNT_KINDS)
    rule = schema["properties"]["rules"]["additionalProperties"]["properties"]
    assert rule["numbers"]["propertyNames"]["enum"] == list(NUMBER_KINDS)


# ---------------------------------------------------------------------- amounts


def test_amounts_that_do_not_parse_are_an_error_of_the_file_and_line(register_copy: Path) -> None:
    path = register_copy / "variations.toml"
    edit(path, "amounts = { nap-win = 12, nap-lose = 6 }", 'amounts = { nap-win = "1s.", nap-lose = 6 }')
    with pytest.raises(RegisterError) as caught:
        Register(register_copy)
    assert caught.value.path == f"{FOLDER_NAME}/variations.toml"
    assert caught.value.line == _line(path, 'nap-win = "1s."')
    assert "amount 'nap-win' must be a whole number" in str(caught.value)


def test_an_unknown_amount_is_reported_with_the_nearest(register_copy: Path) -> None:
    path = register_copy / "variations.toml"
    edit(path, "amounts = { fine = 5 }", "amounts = { fyne = 5 }")
    line = _line(path, 'id = "revoke"')
    assert _reported(register_copy, f"{FOLDER_NAME}/variations.toml:{line}: ", "unknown amount 'fyne'", "'fine'")


def test_a_nap_win_without_its_loss_is_reported(register_copy: Path) -> None:
    edit(register_copy / "variations.toml", "amounts = { nap-win = 10, nap-lose = 5 }", "amounts = { nap-win = 10 }")
    assert _reported(
        register_copy, f"{FOLDER_NAME}/variations.toml:", "'win-10-lose-5'", "nap-win and nap-lose together"
    )


def test_an_amount_its_value_name_contradicts_is_reported(register_copy: Path) -> None:
    edit(
        register_copy / "variations.toml",
        "amounts = { nap-win = 10, nap-lose = 5 }",
        "amounts = { nap-win = 10, nap-lose = 6 }",
    )
    assert _reported(register_copy, f"{FOLDER_NAME}/variations.toml:", "its name says lose 5", "nap-lose = 6")


def test_a_zero_fine_is_reported(register_copy: Path) -> None:
    edit(register_copy / "variations.toml", "amounts = { fine = 3 }", "amounts = { fine = 0 }")
    assert _reported(
        register_copy, f"{FOLDER_NAME}/variations.toml:", "'wrong-number'", "amount 'fine' must be at least 1"
    )


# ---------------------------------------------------------------------- ranges


def test_a_range_with_min_above_max_is_reported(register_copy: Path) -> None:
    path = register_copy / "variations.toml"
    edit(path, "range = { min = 1, max = 26,", "range = { min = 27, max = 26,")
    line = _line(path, 'id = "cut-minimum"')
    assert _reported(register_copy, f"{FOLDER_NAME}/variations.toml:{line}: ", "range min 27 exceeds max 26")


def test_a_cited_value_outside_the_range_is_reported(register_copy: Path) -> None:
    path = register_copy / "variations.toml"
    # players-min's range is the first; players-max's the second: give players-max a max of 6.
    text = path.read_text(encoding="utf-8")
    first = text.index("range = { min = 2, max = 10,")
    second = text.index("range = { min = 2, max = 10,", first + 1)
    path.write_text(
        text[:second] + "range = { min = 2, max = 6," + text[second + len("range = { min = 2, max = 10,") :],
        encoding="utf-8",
    )
    assert _reported(
        register_copy, f"{FOLDER_NAME}/variations.toml:", "'players-max'", "value 7 lies outside its range 2 to 6"
    )


def test_an_int_option_without_a_range_is_reported(register_copy: Path) -> None:
    path = register_copy / "variations.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index("range = { min = 1, max = 26,")
    end = text.index("\n", start) + 1
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    assert _reported(register_copy, f"{FOLDER_NAME}/variations.toml:", "'cut-minimum'", "an int option needs a range")


def test_a_range_on_an_enum_option_is_reported(register_copy: Path) -> None:
    edit(register_copy / "variations.toml", 'type = "enum"\n', 'type = "enum"\nrange = { min = 1, max = 2 }\n')
    assert _reported(register_copy, f"{FOLDER_NAME}/variations.toml:", "a range is for int options, not enum")


def test_a_range_bound_that_does_not_parse_is_an_error_of_the_file_and_line(register_copy: Path) -> None:
    path = register_copy / "variations.toml"
    edit(path, "range = { min = 1, max = 26,", 'range = { min = 1, max = "half the pack",')
    with pytest.raises(RegisterError) as caught:
        Register(register_copy)
    assert caught.value.path == f"{FOLDER_NAME}/variations.toml"
    assert caught.value.line == _line(path, '"half the pack"')


# ---------------------------------------------------------------------- numbers of rules


def test_an_unknown_number_is_reported(register_copy: Path) -> None:
    path = register_copy / "rules" / "02-dealing.toml"
    edit(path, "numbers = { cards-each = 5 }", "numbers = { cards-each = 5, tricks = 5 }")
    line = _line(path, 'id = "dealing.five-cards"')
    assert _reported(register_copy, f"{FOLDER_NAME}/rules/02-dealing.toml:{line}: ", "unknown number 'tricks'")


def test_a_number_no_rule_states_is_reported(register_copy: Path) -> None:
    edit(register_copy / "rules" / "02-dealing.toml", "numbers = { cards-each = 5 }\n", "")
    assert _reported(register_copy, f"{FOLDER_NAME}/rules: ", "no rule states the number 'cards-each'")


def test_a_number_stated_twice_is_reported(register_copy: Path) -> None:
    path = register_copy / "rules" / "02-dealing.toml"
    edit(path, 'id = "dealing.deal"\n', 'id = "dealing.deal"\nnumbers = { cards-each = 5 }\n')
    line = _line(path, 'id = "dealing.five-cards"')  # the later of the two
    assert _reported(register_copy, f"{FOLDER_NAME}/rules/02-dealing.toml:{line}: ", "already by dealing.deal")


def test_a_number_that_does_not_parse_is_an_error_of_the_file_and_line(register_copy: Path) -> None:
    path = register_copy / "rules" / "02-dealing.toml"
    edit(path, "numbers = { cards-each = 5 }", 'numbers = { cards-each = "five" }')
    with pytest.raises(RegisterError) as caught:
        Register(register_copy)
    assert (caught.value.path, caught.value.line) == (f"{FOLDER_NAME}/rules/02-dealing.toml", _line(path, '"five"'))


# ---------------------------------------------------------------------- files named as loaded


def test_problems_name_the_variations_file_loaded_and_its_line(register_copy: Path) -> None:
    path = register_copy / "variations.toml"
    edit(path, 'rules = ["dealing.cut"]', 'rules = ["dealing.cut", "dealing.kut"]')
    line = _line(path, '"dealing.kut"')
    assert _reported(register_copy, f"{FOLDER_NAME}/variations.toml:{line}: ", "names unknown rule 'dealing.kut'")
    assert not any(p.startswith("spec/") for p in reported(register_copy))


def test_problems_name_the_interpretations_file_loaded_and_its_line(register_copy: Path) -> None:
    path = register_copy / "interpretations.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text
        + '\n[[interpretation]]\nid = "nobody-reads-this"\nkind = "silent"\nsources = ["peel"]\n'
        + 'question = "?"\nreading = "."\nreason = "."\n',
        encoding="utf-8",
    )
    line = _line(path, '"nobody-reads-this"')
    assert _reported(register_copy, f"{FOLDER_NAME}/interpretations.toml:{line}: ", "not named by any rule")


def test_citations_are_named_against_the_variations_file_loaded(register_copy: Path) -> None:
    register = Register(register_copy)
    files = {file for file, owner, _ in register.citations() if "=" in owner}
    assert files == {f"{FOLDER_NAME}/variations.toml"}
