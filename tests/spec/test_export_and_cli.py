"""The JSON export validates against its schema, and the command line works end to end."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
from click.testing import CliRunner

from napspec.docs.commands import main
from napspec.spec import load
from napspec.spec.cli import quote_text, statement_text, value_and_words
from napspec.spec.export import content_hash, register_document, schema
from napspec.spec.transcriptions import UNDERSCORED


def test_export_validates_against_its_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())
    jsonschema.validate(register_document(), schema(), cls=jsonschema.Draft202012Validator)


def test_export_carries_every_rule_option_and_profile() -> None:
    document = register_document()
    register = load()
    assert set(document["rules"]) == set(register.rules)
    assert set(document["options"]) == set(register.options)
    assert document["profiles"]["wikipedia"]["values"]["deal-pattern"]["value"] == "three-then-two"
    assert document["options"]["show-cards"]["sources"]["britannica"]["stance"] == "silent"
    assert document["options"]["show-cards"]["sources"]["peel"]["stance"] == "lacuna"


def test_export_carries_the_calls_beyond_nap_and_where_text_is_missing() -> None:
    document = register_document()
    assert "calls-beyond-nap" in [chapter["id"] for chapter in document["chapters"]]
    assert document["rules"]["variants.misery-call"]["lacunae"] == ["peel-misery", "hoyle-footnote-31"]
    assert "lacunae" not in document["rules"]["play.follow-suit"]
    lacunae = {lacuna["id"]: lacuna for lacuna in document["sources"]["wikipedia"]["lacunae"]}
    assert lacunae["wikipedia-seven-card-bids"]["after"] == "The order of bids with their stakes are:"
    peel = {lacuna["id"]: lacuna for lacuna in document["sources"]["peel"]["lacunae"]}
    assert "after" not in peel["peel-double-header"]  # page 13 is not in the copy


def test_a_rule_naming_a_lacuna_that_is_not_a_slug_breaks_the_schema() -> None:
    document = register_document()
    document["rules"]["variants.misery-call"]["lacunae"] = ["Peel p. 12"]
    validator = jsonschema.Draft202012Validator(schema())
    assert list(validator.iter_errors(document))


def test_a_schema_violation_is_caught() -> None:
    document = register_document()
    document["options"]["deal-pattern"]["values"][0]["citations"] = []
    validator = jsonschema.Draft202012Validator(schema())
    assert list(validator.iter_errors(document))


def test_content_hash_changes_with_the_register(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text("x = 1\n")
    before = content_hash(tmp_path)
    (tmp_path / "a.toml").write_text("x = 2\n")
    assert content_hash(tmp_path) != before


def test_cli_check_passes() -> None:
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 0, result.output
    assert "the register is sound" in result.output


def test_cli_export_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "register.json"
    result = CliRunner().invoke(main, ["export", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "napspec-register/1"


def test_cli_rules_shows_the_sources_side_by_side() -> None:
    result = CliRunner().invoke(main, ["rules", "dealing.deal"])
    assert result.exit_code == 0, result.output
    for name in ("Peel", "Hoyle", "Britannica", "Wikipedia"):
        assert name in result.output


def test_cli_rules_unknown_id() -> None:
    result = CliRunner().invoke(main, ["rules", "dealing.nowhere"])
    assert result.exit_code != 0 and "no rule 'dealing.nowhere'" in result.output


def test_cli_house_rules_check(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text('base = "peel"\n[options]\nrevoke = "abandon-revoker-pays-soloist"\n')
    result = CliRunner().invoke(main, ["house-rules", "check", str(good)])
    assert result.exit_code == 0 and "1 override(s)" in result.output
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "peel"\n[options]\nrevokes = "none"\n')
    result = CliRunner().invoke(main, ["house-rules", "check", str(bad)])
    assert result.exit_code == 2
    assert "bad.toml:3: unknown option 'revokes'; did you mean 'revoke'?" in result.output


def test_export_and_the_options_table_give_each_value_in_words() -> None:
    register = load()
    document = register_document()
    for option in register.options.values():
        exported = document["options"][option.id]["values"]
        assert [v["words"] for v in exported] == [option.phrase(v.value) for v in option.values]
    assert document["options"]["first-dealer"]["values"][1]["words"] == "the lowest card, ace low"
    result = CliRunner().invoke(main, ["options"])
    assert result.exit_code == 0
    assert "first-jack-face-up" in result.output and "the first knave dealt face up" in result.output
    # each value as files write it, then in words where they differ; inert to rich's markup
    first_dealer, show_cards = register.options["first-dealer"], register.options["show-cards"]
    assert value_and_words(first_dealer, "singly") == "singly"  # not a value of it: its id
    assert value_and_words(show_cards, True) == "true\n[dim]yes[/dim]"
    assert value_and_words(register.options["cut-minimum"], 4) == "4"
    assert value_and_words(first_dealer, "[bold]") == "\\[bold]"


BOX_DRAWING = re.compile("[\u2500-\u257f]")


def test_cli_rules_in_a_pipe_show_words_not_markup() -> None:
    result = CliRunner().invoke(main, ["rules"])
    assert result.exit_code == 0, result.output
    assert "i.e." in result.output and "_i.e._" not in result.output
    assert not UNDERSCORED.search(result.output), UNDERSCORED.search(result.output)
    assert "`" not in result.output and " --" not in result.output
    # piped, the sources one after another: no table laid out at a width
    assert not BOX_DRAWING.search(result.output)
    assert not [line for line in result.output.splitlines() if line != line.rstrip()]


def test_cli_rules_show_the_copys_italics_in_italics() -> None:
    text = quote_text("p. 10", "the trick, _i.e._, played--so")
    assert text.plain == "p. 10: “the trick, i.e., played—so”"
    italic = [text.plain[span.start : span.end] for span in text.spans if span.style == "italic"]
    assert italic == ["i.e."]
    assert statement_text("Under `pool` = `played`,\n a pool").plain == "Under pool = played, a pool"


def test_cli_options_in_a_pipe_is_no_wider_than_its_words() -> None:
    result = CliRunner().invoke(main, ["options"])
    assert result.exit_code == 0, result.output
    assert not BOX_DRAWING.search(result.output)
    lines = result.output.splitlines()
    assert not [line for line in lines if line != line.rstrip()]
    register = load()
    # Each option, a line per source, and for a number option the numbers no source gives.
    ranged = [option for option in register.options.values() if option.range is not None]
    assert len(lines) == len(register.options) * (1 + len(register.sources)) + len(ranged)
    assert "  Peel: first-jack-face-up (the first knave dealt face up)" in lines
